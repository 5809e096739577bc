"""Building wonders: playing a wonder card from the hand into a Happy city of yours.

A wonder is a city piece: it activates the city, raises its size, and its effects serve the
city's owner (`effects.active` reads `city.wonders`). The builder is recorded for victory points.
Effects applied here: `on_gain` of the wonder (what it gives when built), the `place_ship` ability,
the `borrow_advance` ability (an advance used as if owned until the turn ends), `wonder_discount` (a
cheaper wonder) and `wonder_without_action` (no action spent where it applies).
"""

from __future__ import annotations

from typing import Any

from civgame.framework.errors import RuleError
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.economy import WonderDiscount
from civgame.games.clash.core.actions import Action, BuildWonder
from civgame.games.clash.core.hexgrid import hex_to_label, label_to_hex
from civgame.games.clash.core.model import City, Game, Player, Unit
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.actions.advances import apply_on_gain
from civgame.games.clash.rules.actions.cities import (
    _activated_city,
    begin_activation,
    construct_ban,
    finish_activation,
    why_cannot_activate,
)
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.abilities import ability
from civgame.games.clash.rules.base.payments import affordable, enforce_caps, pay, settle
from civgame.games.clash.rules.base.registry import rule
from civgame.games.clash.rules.base.triggers import fire, observer
from civgame.games.clash.rules.base.turns import spend_main_action


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
        if not player.uses(needed):
            return f"the {spec.name} requires {needed}"
    if spec.needs_building and spec.needs_building not in city.buildings:
        building = game.rules.buildings[spec.needs_building].name
        return f"the {spec.name} can only be built in a city with a {building}"
    return None


def wonder_cost(game: Game, player: Player, wonder: str) -> dict[str, int]:
    """What building `wonder` costs the player, its `wonder_discount` effects taken off."""
    cost = amounts(game.rules.wonders[wonder].cost)
    for effect in effects.active(game, player, "wonder_discount"):
        discount = effects.params_as(effect, WonderDiscount)
        if discount.wonder == wonder:
            for item, less in discount.less.items():
                cost[item] = max(0, cost.get(item, 0) - less)
    return {k: v for k, v in cost.items() if v}


def _needs_action(game: Game, city: City) -> bool:
    return not effects.has(game, game.player(city.owner), "wonder_without_action", at=city.pos)


def _building_cities(game: Game) -> list[City]:
    """The current player's cities that may build a wonder now: any activatable one while an action is
    left, and those where building costs no action."""
    return [
        city
        for city in game.cities_of(game.current)
        if why_cannot_activate(game, city) is None and (game.actions_left > 0 or not _needs_action(game, city))
    ]


def _legal_build_wonder(game: Game) -> list[Action]:
    player = game.player(game.current)
    # (most of the time: no wonder to build, or no Happy city to build one in as `why_not_build` asks;
    # then nothing else, the prices least of all, need be looked at)
    if not player.wonder_cards or not any(c.owner == player.index and c.mood == "happy" for c in game.cities):
        return []
    held = dict.fromkeys(player.wonder_cards)
    wonders = [w for w in held if affordable(game, player, wonder_cost(game, player, w), token_swap=False)]
    if not wonders:
        return []
    return [
        BuildWonder(city.id, wonder)
        for city in _building_cities(game)
        for wonder in wonders
        if why_not_build(game, city, wonder) is None
    ]


def _costs_no_action(game: Game, city: City | None) -> bool:
    return city is not None and city.owner == game.current and not _needs_action(game, city)


def _check_build_wonder(game: Game, action: BuildWonder) -> None:
    city = game.city(action.city)
    if not _costs_no_action(game, city):
        city = _activated_city(game, action.city)  # an action is needed: the usual checks
    assert city is not None
    reason = why_cannot_activate(game, city) or why_not_build(game, city, action.wonder)
    if reason:
        raise RuleError(reason)


@rule(BuildWonder, legal=_legal_build_wonder, check=_check_build_wonder)
def build_wonder(game: Game, action: BuildWonder) -> None:
    city = game.city(action.city)
    assert city is not None  # checked
    free = _costs_no_action(game, city)
    player = game.player(city.owner)
    payment = settle(game, action, wonder_cost(game, player, action.wonder))
    if payment is None:
        return
    pay(player, payment)
    if free:
        log.say(game, "wonder.no_action", space=hex_to_label(city.pos), builder=log.party(game, player.index))
    else:
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
    log.say(game, "wonder.builds", player.index, wonder=name, space=hex_to_label(city.pos))
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
    log.say(game, "wonder.ship", game.current, space=choice[0], source=effect.source)
    finish_activation(game, city)


# ------------------------------------------------------------------ borrow_advance (Great Library)


def _legal_borrow(game: Game, effect: Effect) -> list[tuple[str, ...]]:
    player = game.player(game.current)
    if player.borrowed_advance is not None or not effects.unused_this_turn(player, effect):
        return []
    return [
        (advance.name,)
        for category in game.rules.categories
        if not category.government
        for advance in category.advances
        if not player.has(advance.name)
    ]


@ability("borrow_advance", legal=_legal_borrow)
def borrow_advance(game: Game, effect: Effect, choice: tuple[str, ...]) -> None:
    player = game.player(game.current)
    effects.mark_used(player, effect)
    player.borrowed_advance = choice[0]
    effects.holdings_changed(game)
    log.say(game, "wonder.borrows", player.index, advance=choice[0], source=effect.source)


@observer("turn_end")
def _return_borrowed(game: Game, player: Player, context: dict[str, Any]) -> None:
    if player.borrowed_advance is None:
        return
    player.borrowed_advance = None
    effects.holdings_changed(game)
    enforce_caps(game, player)
