"""Building wonders: playing a wonder card from the hand into a Happy city of yours.

A wonder is a city piece: it activates the city, raises its size, and its effects serve the
city's owner (`effects.active` reads `city.wonders`). The builder is recorded for victory points.
Effects applied here: `on_gain` of the wonder (what it gives when built) and the `place_ship` ability.
"""

from __future__ import annotations

from civgame.engine.content import effects
from civgame.engine.content.effects import Effect
from civgame.engine.core.actions import Action, BuildWonder
from civgame.engine.core.errors import RuleError
from civgame.engine.core.hexgrid import hex_to_label, label_to_hex
from civgame.engine.core.model import City, Game, Unit
from civgame.engine.core.vocabulary import amounts
from civgame.engine.rules.abilities import ability
from civgame.engine.rules.advances import apply_on_gain
from civgame.engine.rules.cities import (
    _activatable_cities,
    _activated_city,
    begin_activation,
    construct_ban,
    finish_activation,
    why_cannot_activate,
)
from civgame.engine.rules.payments import affordable, pay, settle
from civgame.engine.rules.registry import rule
from civgame.engine.rules.triggers import fire
from civgame.engine.rules.turns import spend_main_action


def why_not_build(game: Game, city: City, wonder: str, *, ignore_advance: bool = False) -> str | None:
    """The rule that stops `wonder` in `city` (activation and cost aside), or None. `ignore_advance`:
    the wonder's own required advance is not needed (Great Architect)."""
    player = game.player(city.owner)
    where = hex_to_label(city.pos)
    spec = game.rules.wonders.get(wonder)
    if spec is None:
        return f"there is no wonder called {wonder!r}"
    if wonder not in player.wonder_cards:
        return f"{player.name} holds no {spec.name} wonder card"
    banned = construct_ban(game, player)
    if banned:
        return banned
    if city.mood != "happy":
        return f"a wonder can only be built in a Happy city (the city at {where} is {city.mood})"
    if city.size >= game.rules.game.city.max_size:
        return f"the city at {where} has reached the maximum size {game.rules.game.city.max_size}"
    if city.size >= len(game.cities_of(player.index)):
        return f"a city cannot grow larger than the number of cities {player.name} owns"
    for needed in (game.rules.game.wonder_advance, *([] if ignore_advance else [spec.advance])):
        if not player.has(needed):
            return f"the {spec.name} requires {needed}"
    if spec.needs_building and spec.needs_building not in city.buildings:
        building = game.rules.buildings[spec.needs_building].name
        return f"the {spec.name} can only be built in a city with a {building}"
    return None


def wonder_cost(game: Game, wonder: str) -> dict[str, int]:
    return amounts(game.rules.wonders[wonder].cost)


def _legal_build_wonder(game: Game) -> list[Action]:
    player = game.player(game.current)
    wonders = [w for w in dict.fromkeys(player.wonder_cards) if affordable(game, player, wonder_cost(game, w))]
    if not wonders:
        return []
    return [
        BuildWonder(city.id, wonder)
        for city in _activatable_cities(game)
        for wonder in wonders
        if why_not_build(game, city, wonder) is None
    ]


@rule(BuildWonder, legal=_legal_build_wonder)
def build_wonder(game: Game, action: BuildWonder) -> None:
    city = _activated_city(game, action.city)
    reason = why_not_build(game, city, action.wonder)
    if reason:
        raise RuleError(reason)
    payment = settle(game, action, wonder_cost(game, action.wonder))
    if payment is None:
        return
    player = game.player(city.owner)
    pay(player, payment)
    spend_main_action(game)
    begin_activation(game, city)
    place_wonder(game, city, action.wonder)
    finish_activation(game, city)


def place_wonder(game: Game, city: City, wonder: str) -> None:
    """The wonder card leaves the owner's hand for the city; its builder's VP and powers begin."""
    player = game.player(city.owner)
    player.wonder_cards.remove(wonder)
    city.wonders.append(wonder)
    player.wonders_built.append(wonder)
    player.wonders_built_when.append([game.age, game.round])
    effects.holdings_changed(game)
    name = game.rules.wonders[wonder].name
    game.say(f"{player.name} builds the {name} at {hex_to_label(city.pos)}")
    apply_on_gain(game, player, name)
    fire(game, "wonder_built", player=player.index, wonder=wonder, city=city.id)


# ------------------------------------------------------------------ place_ship (Great Lighthouse)

SHIP = "ship"


def wonder_city(game: Game, effect: Effect) -> City | None:
    """The current player's city holding the wonder that grants `effect`."""
    for city in game.cities_of(game.current):
        if any(game.rules.wonders[w].name == effect.source for w in city.wonders):
            return city
    return None


def _why_not_place_ship(game: Game, effect: Effect) -> str | None:
    player = game.player(game.current)
    city = wonder_city(game, effect)
    if city is None:
        return f"{player.name} has no city with the {effect.source}"
    reason = why_cannot_activate(game, city)
    if reason:
        return reason
    if len(game.units_of(player.index, SHIP)) >= game.rules.units[SHIP].limit:
        return f"{player.name} has no {game.rules.units[SHIP].name} piece left"
    return None


def _legal_place_ship(game: Game, effect: Effect) -> list[tuple[str, ...]]:
    return [
        (hex_to_label(space),)
        for space in game.space_region
        if game.is_water(space) and not game.enemy_units_at(space, game.current)
    ]


@ability("place_ship", legal=_legal_place_ship, why_not=_why_not_place_ship)
def place_ship(game: Game, effect: Effect, choice: tuple[str, ...]) -> None:
    city = wonder_city(game, effect)
    assert city is not None  # the dispatcher only lets listed choices through
    space = label_to_hex(choice[0])
    begin_activation(game, city)
    game.units.append(Unit(game.new_id(), game.current, SHIP, space))
    game.say(f"{game.player(game.current).name} places a ship at {choice[0]} ({effect.source})")
    finish_activation(game, city)
