"""Abilities that change the holder's units on the board (see effects/military.py).

convert_units:     (space, kind converted, count) — then, in a pending choice, further spaces one at a time.
explorer_token:    () — in the region of the leader's space
leader_lands_army: (land space)

`move_after_recruit` (a listener of `recruited`) opens a free move of the units it names.
"""

from __future__ import annotations

from typing import Any

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.military import (
    ConvertUnits,
    ExplorerToken,
    MoveAfterActivation,
    MoveAfterRecruit,
)
from civgame.games.clash.core.decisions import EffectChoiceDecision, MoveDecision
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex
from civgame.games.clash.core.model import Game, Player, Unit
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.actions.cities import found_city_at, why_not_found_at
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.actions.movement import arrive, cargo_of, possible_moves
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.abilities import ability
from civgame.games.clash.rules.base.payments import can_pay, pay
from civgame.games.clash.rules.base.triggers import listener
from civgame.games.clash.rules.base.turns import spend_main_action
from civgame.games.clash.rules.combat import enter_space

Choice = tuple[str, ...]
DONE = "done"


def _converted_key(effect_source: str, space: Hex) -> str:
    return f"{effect_source}:converted:{hex_to_label(space)}"


def conversions(game: Game, player: Player, effect: Effect) -> list[Choice]:
    """(space, kind, count) for every space not yet converted in this turn's use."""
    kinds = effects.params_as(effect, ConvertUnits).kinds
    limit = game.rules.game.stacking_limit
    found: list[Choice] = []
    spaces = sorted({u.pos for u in game.units_of(player.index) if u.carrier is None and u.kind in kinds})
    for space in spaces:
        if _converted_key(effect.source, space) in player.used_this_turn:
            continue
        here = [u for u in game.units_at(space) if u.owner == player.index and u.carrier is None]
        armies = sum(1 for u in here if game.is_army(u))
        for old, new in (kinds, kinds[::-1]):
            spec = game.rules.units[new]
            supply = spec.limit - len(game.units_of(player.index, new))
            room = limit - armies if spec.army and not game.rules.units[old].army else len(here)
            most = min(sum(1 for u in here if u.kind == old), supply, room)
            found.extend((hex_to_label(space), old, str(n)) for n in range(1, most + 1))
    return found


def _convert(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    label, old, count = choice
    space = label_to_hex(label)
    new = next(k for k in effects.params_as(effect, ConvertUnits).kinds if k != old)
    units = [u for u in game.units_at(space) if u.owner == player.index and u.carrier is None and u.kind == old]
    for unit in units[: int(count)]:
        unit.kind = new
    player.used_this_turn.append(_converted_key(effect.source, space))
    log.say(
        game,
        "unit.converts",
        player.index,
        old=log.unit_count(game, old, int(count)),
        new=log.unit_name(game, new),
        space=label,
        source=effect.source,
    )
    more = conversions(game, player, effect)
    if more:
        options = [DONE, *(" ".join(c) for c in more)]
        game.pending.append(
            EffectChoiceDecision(player=player.index, source=effect.source, effect=effect.name, options=options)
        )


def _legal_convert(game: Game, effect: Effect) -> list[Choice]:
    player = game.player(game.current)
    if game.actions_left <= 0 or not effects.unused_this_turn(player, effect):
        return []
    return conversions(game, player, effect)


@ability("convert_units", legal=_legal_convert)
def convert_units(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    spend_main_action(game)
    effects.mark_used(player, effect)
    _convert(game, player, effect, choice)


def _granting(game: Game, decision: EffectChoiceDecision) -> tuple[Player, Effect]:
    player = game.player(decision.player)
    effect = next(e for e in effects.active(game, player, decision.effect) if e.source == decision.source)
    return player, effect


def _more_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    player, effect = _granting(game, decision)
    return [DONE, *(" ".join(c) for c in conversions(game, player, effect))]


def _convert_more(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    if option != DONE:
        player, effect = _granting(game, decision)
        _convert(game, player, effect, tuple(option.split(" ")))


CHOICE_RULES["convert_units"] = (_more_options, _convert_more)


@listener("move_after_recruit")
def move_after_recruit(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    kind = effects.params_as(effect, MoveAfterRecruit).unit
    if kind not in context["units"]:
        return
    cities = {c.pos for c in game.cities_of(player.index)}
    movers = [u for u in game.units_of(player.index, kind) if u.pos in cities and u.carrier is None]
    for unit in movers:
        unit.moved_this_action = False
    able = {uid for move in possible_moves(game, player.index) for uid in move.units} & {u.id for u in movers}
    if able:
        log.say(game, "unit.free_move", player.index, units=log.unit_count(game, kind, len(able)), source=effect.source)
        game.pending.append(MoveDecision(player=player.index, groups_left=len(able), only_units=sorted(able)))


@listener("move_after_activation")
def move_after_activation(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    """After its city is activated, the wonder's holder may move one of their `unit`s alone at no action cost."""
    city = game.existing_city(context["city"])
    if not any(game.rules.wonders[w].name == effect.source for w in city.wonders):
        return
    kind = effects.params_as(effect, MoveAfterActivation).unit
    movers = game.units_of(player.index, kind)
    for unit in movers:
        unit.moved_this_action = False
    able = {uid for move in possible_moves(game, player.index) for uid in move.units} & {u.id for u in movers}
    if able:
        log.say(game, "unit.single_free_move", player.index, unit=log.unit_name(game, kind), source=effect.source)
        game.pending.append(
            MoveDecision(player=player.index, groups_left=1, only_units=sorted(able), single_units=True)
        )


# ------------------------------------------------------------------ the leader aboard a ship


def _leader_at_sea(game: Game, player: Player) -> Hex | None:
    space = effects.leader_space(game, player)
    return space if space is not None and game.is_water(space) else None


def _legal_explorer(game: Game, effect: Effect) -> list[Choice]:
    player = game.player(game.current)
    space = _leader_at_sea(game, player)
    if (
        game.actions_left <= 0
        or space is None
        or not can_pay(game, player, amounts(effects.params_as(effect, ExplorerToken).cost))
    ):
        return []
    return [] if game.space_region[space].number in player.explorer_regions else [()]


@ability("explorer_token", legal=_legal_explorer)
def explorer_token(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    params = effects.params_as(effect, ExplorerToken)
    space = _leader_at_sea(game, player)
    assert space is not None  # the dispatcher only lets listed choices through
    pay(player, amounts(params.cost))
    spend_main_action(game)
    region = game.space_region[space].number
    player.explorer_regions.append(region)
    player.objective_vp += params.vp
    paid = log.things(amounts(params.cost)) or "nothing"
    log.say(game, "unit.explorer_token", player.index, region=region, payment=paid, source=effect.source)


def _legal_ship_founding(game: Game, effect: Effect) -> list[Choice]:
    """(ship's space, land space) where one of the player's ships may found a city (`ship_founds_city`)."""
    player = game.player(game.current)
    if game.actions_left <= 0:
        return []
    limit = game.rules.game.stacking_limit
    found: set[Choice] = set()
    for ship in game.units_of(player.index, "ship"):
        armies = sum(1 for u in cargo_of(game, ship) if game.is_army(u))
        for land in game.board_neighbors(ship.pos):
            there = sum(1 for u in game.units_at(land) if u.owner == player.index and game.is_army(u))
            # (why_not_found_at refuses a space with enemies or a city, or one no city may be founded on)
            if armies + there <= limit and game.is_land(land) and why_not_found_at(game, player, land) is None:
                found.add((hex_to_label(ship.pos), hex_to_label(land)))
    return sorted(found)


@ability("ship_founds_city", legal=_legal_ship_founding)
def ship_founds_city(game: Game, effect: Effect, choice: Choice) -> None:
    """A ship at the first space founds a city at the second: removed, its cargo stepping ashore."""
    player = game.player(game.current)
    sea, land = label_to_hex(choice[0]), label_to_hex(choice[1])
    ship = min(game.units_of(player.index, "ship"), key=lambda s: (s.pos != sea, -len(cargo_of(game, s))))
    cargo = cargo_of(game, ship)
    spend_main_action(game)
    game.units.remove(ship)
    log.say(game, "unit.ship_founds", player.index, sea=choice[0], space=choice[1], source=effect.source)
    found_city_at(game, player, land)
    if cargo:
        arrive(game, cargo, land)


def _landing_party(game: Game, player: Player, space: Hex) -> list[Unit]:
    return [u for u in game.units_at(space) if u.owner == player.index and u.carrier is not None]


def _legal_landing(game: Game, effect: Effect) -> list[Choice]:
    player = game.player(game.current)
    space = _leader_at_sea(game, player)
    if space is None:
        return []
    party = _landing_party(game, player, space)
    armies = sum(1 for u in party if game.is_army(u))
    limit = game.rules.game.stacking_limit
    return [
        (hex_to_label(land),)
        for land in game.board_neighbors(space)
        if game.is_land(land) and game.terrain(land) is not None
        if armies + sum(1 for u in game.units_at(land) if u.owner == player.index and game.is_army(u)) <= limit
    ]


@ability("leader_lands_army", legal=_legal_landing)
def leader_lands_army(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    space = _leader_at_sea(game, player)
    assert space is not None  # the dispatcher only lets listed choices through
    land = label_to_hex(choice[0])
    party = _landing_party(game, player, space)
    arrive(game, party, land)
    log.say(
        game,
        "unit.lands",
        player.index,
        units=log.units(game, [u.kind for u in party]),
        space=choice[0],
        source=effect.source,
    )
    city = game.city_at(land)
    if game.enemy_units_at(land, player.index) or (city is not None and city.owner != player.index):
        ids = [u.id for u in party]
        enter_space(game, player.index, ids, land, dict.fromkeys(ids, space))
