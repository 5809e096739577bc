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
from civgame.games.clash.content.effects.economy import NeighbourAdvanceReward, OnGain, WonderDiscount
from civgame.games.clash.core.actions import Action, BuildWonder
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex
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
from civgame.games.clash.rules.base.moods import effective_mood
from civgame.games.clash.rules.base.payments import affordable, enforce_caps, gain, pay, settle
from civgame.games.clash.rules.base.registry import rule
from civgame.games.clash.rules.base.triggers import fire, observer
from civgame.games.clash.rules.base.turns import rounds_left, spend_main_action


def why_not_build(game: Game, city: City, wonder: str, *, ignore_advance: bool = False) -> str | None:
    """The rule that stops `wonder` in `city` (activation and cost aside), or None. `ignore_advance`:
    the wonder's own required advance is not needed (Great Architect)."""
    player = game.player(city.owner)
    spec = game.rules.wonders.get(wonder)
    if spec is None:
        return f"there is no wonder called {wonder!r}"
    if wonder not in player.wonder_cards and wonder not in game.revealed_wonders:
        if _revealing(game):
            return f"the {spec.name} is not face up for {player.name} to build"
        return f"{player.name} holds no {spec.name} wonder card"
    banned = construct_ban(game, player)
    if banned:
        return banned
    reason = _why_not_this_city(game, city)
    if reason:
        return reason
    for needed in (game.rules.game.wonder_advance, *([] if ignore_advance else [spec.advance])):
        if not player.uses(needed):
            return f"the {spec.name} requires {needed}"
    if spec.needs_building and spec.needs_building not in city.buildings:
        building = game.rules.buildings[spec.needs_building].name
        return f"the {spec.name} can only be built in a city with a {building}"
    return None


def _why_not_this_city(game: Game, city: City) -> str | None:
    """The rule that stops any wonder in `city`: its mood, its size (where a wonder adds to it), or the
    wonders it holds already."""
    player, where, rules = game.player(city.owner), hex_to_label(city.pos), game.rules.game
    moods = rules.wonders.city_moods
    if effective_mood(game, city) not in moods:
        allowed = " or ".join(mood.capitalize() for mood in moods)
        return f"a wonder can only be built in a {allowed} city (the city at {where} is {city.mood})"
    if rules.wonders.per_city is not None and len(city.wonders) >= rules.wonders.per_city:
        return f"the city at {where} already holds the most wonders a city may ({rules.wonders.per_city})"
    if not rules.city.wonders_add_to_size:
        return None
    if game.city_size(city) >= rules.city.max_size:
        return f"the city at {where} has reached the maximum size {rules.city.max_size}"
    if game.city_size(city) >= len(game.cities_of(player.index)):
        return f"a city cannot grow larger than the number of cities {player.name} owns"
    return None


def _revealing(game: Game) -> bool:
    """Whether wonders are turned face up for all (2012 edition) rather than drawn into hands."""
    return game.rules.game.wonders.deck == "revealed"


def wonder_cost(game: Game, player: Player, wonder: str) -> dict[str, int]:
    """What building `wonder` costs the player, its `wonder_discount` effects taken off."""
    cost = amounts(game.rules.wonders[wonder].cost)
    for effect in effects.active(game, player, "wonder_discount"):
        discount = effects.params_as(effect, WonderDiscount)
        if discount.wonder == wonder:
            for item, less in discount.less.items():
                cost[item] = max(0, cost.get(item, 0) - less)
    return {k: v for k, v in cost.items() if v}


def _needs_action(game: Game, city: City, wonder: str) -> bool:
    """A wonder is built as an action, except where `wonder_without_action` applies and, where wonders are
    turned face up (2012 edition), a wonder its builder claimed (Monuments)."""
    player = game.player(city.owner)
    claimed = _revealing(game) and wonder in player.wonder_cards
    return not claimed and not effects.has(game, player, "wonder_without_action", at=city.pos)


def _legal_build_wonder(game: Game) -> list[Action]:
    player = game.player(game.current)
    # (most of the time: no wonder to build, or no city of a mood `why_not_build` allows to build one in;
    # then nothing else, the prices least of all, need be looked at)
    moods = game.rules.game.wonders.city_moods
    available = [*player.wonder_cards, *game.revealed_wonders]
    if not available or not any(c.owner == player.index and effective_mood(game, c) in moods for c in game.cities):
        return []
    held = dict.fromkeys(available)
    wonders = [w for w in held if affordable(game, player, wonder_cost(game, player, w), token_swap=False)]
    if not wonders:
        return []
    return [
        BuildWonder(city.id, wonder)
        for city in game.cities_of(game.current)
        if why_cannot_activate(game, city) is None
        for wonder in wonders
        if (game.actions_left > 0 or not _needs_action(game, city, wonder))
        and why_not_build(game, city, wonder) is None
    ]


def _costs_no_action(game: Game, city: City | None, wonder: str) -> bool:
    return city is not None and city.owner == game.current and not _needs_action(game, city, wonder)


def _check_build_wonder(game: Game, action: BuildWonder) -> None:
    city = game.city(action.city)
    if not _costs_no_action(game, city, action.wonder):
        city = _activated_city(game, action.city)  # an action is needed: the usual checks
    assert city is not None
    reason = why_cannot_activate(game, city) or why_not_build(game, city, action.wonder)
    if reason:
        raise RuleError(reason)


@rule(BuildWonder, legal=_legal_build_wonder, check=_check_build_wonder)
def build_wonder(game: Game, action: BuildWonder) -> None:
    city = game.city(action.city)
    assert city is not None  # checked
    free = _costs_no_action(game, city, action.wonder)
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
    (player.wonder_cards if wonder in player.wonder_cards else game.revealed_wonders).remove(wonder)
    city.wonders.append(wonder)
    player.wonders_built.append(wonder)
    player.wonders_built_when.append([game.age, game.round])
    effects.holdings_changed(game)
    name = game.rules.wonders[wonder].name
    log.say(game, "wonder.builds", player.index, wonder=name, space=hex_to_label(city.pos))
    apply_on_gain(game, player, name)
    _city_gifts(game, city, name)
    if "wonderful_ending" in game.variants and rounds_left(game) is not None:
        game.ending = True
        log.say(game, "wonder.ending", wonder=name)
    fire(game, "wonder_built", player=player.index, wonder=wonder, city=city.id)


def _city_gifts(game: Game, city: City, source: str) -> None:
    """What a wonder's `on_gain` gives in its city: units from supply (ships at its Port, while the stacking
    limit allows land units), and Influence Culture attempts from it at no action cost this turn."""
    player = game.player(city.owner)
    for effect in effects.active(game, player, "on_gain"):
        if effect.source != source:
            continue
        gifts = effects.params_as(effect, OnGain)
        player.free_attempts_from += [city.id] * gifts.influence_attempts
        for kind, count in gifts.units.items():
            space = city.port_space if game.rules.units[kind].naval else city.pos
            if space is None:
                continue
            placed = 0
            while placed < count and _room_for(game, player, kind, space):
                game.units.append(Unit(game.new_id(), player.index, kind, space))
                placed += 1
            if placed:
                units = log.units(game, [kind] * placed)
                log.say(game, "wonder.units", player.index, units=units, space=hex_to_label(space), source=source)


def _room_for(game: Game, player: Player, kind: str, space: Hex) -> bool:
    """A unit of `kind` is left in the player's supply, and the army stacking limit allows it at `space`."""
    spec = game.rules.units[kind]
    if len(game.pieces_of(player.index, kind)) >= spec.limit or game.enemy_units_at(space, player.index):
        return False
    armies = sum(1 for u in game.units_at(space) if u.owner == player.index and game.is_army(u) and u.carrier is None)
    return not spec.army or armies < game.rules.game.stacking_limit


# ------------------------------------------------------------------ neighbour_advance_reward (2012 Great Library)


@observer("advance_gained")
def _neighbour_learns(game: Game, player: Player, context: dict[str, Any]) -> None:
    """The player to the right of one gaining, in their own turn, an advance that player lacks is rewarded
    once per such turn (its marks are cleared when its own turn starts, which comes between)."""
    if game.phase != "play" or player.index != game.current:
        return
    holder = game.player((player.index - 1) % len(game.players))  # whose left neighbour `player` is
    if holder is player or holder.has(context["advance"]):
        return
    for effect in effects.active(game, holder, "neighbour_advance_reward"):
        if effects.unused_this_turn(holder, effect):
            effects.mark_used(holder, effect)
            kept = gain(game, holder, amounts(effects.params_as(effect, NeighbourAdvanceReward).gain))
            if any(kept.values()):
                what, other = log.things(kept), log.party(game, player.index)
                log.say(game, "wonder.neighbour_reward", holder.index, what=what, other=other, source=effect.source)


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
