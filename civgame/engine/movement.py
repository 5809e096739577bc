"""The Move Units action: land moves, ships sailing, embarking and disembarking, exploring.

A move action lets a player move up to `move_groups_per_action` groups; a group is units going
from one space to one destination together. The action is a `MoveDecision` answered by
`MoveUnits` (one group each) until the groups are used up or the player sends `EndMove`.

Three kinds of group exist: ships (sail any distance through connected revealed sea), land
units standing on land (1 space, or onto their own ship next to them) and land units carried
by ships (disembark to an adjacent land space). Carried units ride along when their ship moves
without counting as moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Iterator, Literal

from civgame.engine import exploration
from civgame.engine.actions import Action, EndMove, MoveUnits, StartMove
from civgame.engine.controller import rule
from civgame.engine.decisions import MoveDecision
from civgame.engine.errors import RuleError
from civgame.engine.hexgrid import Hex, hex_to_label
from civgame.engine.model import Game, Unit
from civgame.engine.turns import spend_main_action

Mode = Literal["ship", "land", "carried"]
How = Literal["walk", "embark", "disembark", "sail", "explore"]


@dataclass(frozen=True)
class Target:
    """A space a group from one start space can reach, with what matters about going there."""

    space: Hex
    how: How
    enemy: bool = False   # enemy units or an enemy city there: entering means a battle
    own_armies: int = 0   # the mover's army units already standing there (land spaces)
    room: int = 0         # free places on the mover's ships there (embarking)


@dataclass(frozen=True)
class SeaReach:
    """Where ships starting in one sea space can sail in a single move."""

    passable: frozenset[Hex]    # revealed sea reachable without passing an enemy ship, incl. the start
    battles: frozenset[Hex]     # sea spaces with enemy ships next to passable sea: may end there, not pass
    unexplored: frozenset[Hex]  # face-down spaces next to passable sea: may enter to explore


# ------------------------------------------------------------------ board helpers

def cargo_of(game: Game, ship: Unit) -> list[Unit]:
    return [u for u in game.units if u.carrier == ship.id]


def mode_of(game: Game, unit: Unit) -> Mode:
    if game.is_ship(unit):
        return "ship"
    return "carried" if unit.carrier is not None else "land"


def sea_reach(game: Game, owner: int, start: Hex) -> SeaReach:
    """Trace sea routes one space at a time: enemy ships and face-down regions stop a route."""
    enemy_ships = {u.pos for u in game.units if u.owner != owner and game.is_ship(u)}
    passable, battles, unexplored = {start}, set(), set()
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for there in game.board_neighbors(here):
            if not game.revealed(there):
                unexplored.add(there)
            elif game.is_water(there) and there not in passable:
                if there in enemy_ships:
                    battles.add(there)
                else:
                    passable.add(there)
                    frontier.append(there)
    return SeaReach(frozenset(passable), frozenset(battles), frozenset(unexplored))


def _enemy_on_land(game: Game, owner: int, space: Hex) -> bool:
    city = game.city_at(space)
    return bool(game.enemy_units_at(space, owner)) or (city is not None and city.owner != owner)


def _own_armies_on_land(game: Game, owner: int, space: Hex) -> int:
    return sum(1 for u in game.units_at(space) if u.owner == owner and u.carrier is None and game.is_army(u))


def _room_on_ships(game: Game, owner: int, space: Hex) -> int:
    ships = [u for u in game.units_at(space) if u.owner == owner and game.is_ship(u)]
    return sum(game.rules.game.ship_capacity - len(cargo_of(game, s)) for s in ships)


def targets(game: Game, owner: int, start: Hex, mode: Mode) -> dict[Hex, Target]:
    """Every destination a group of `mode` units of `owner` at `start` could head for."""
    if mode == "ship":
        reach = sea_reach(game, owner, start)
        found = {h: Target(h, "sail") for h in reach.passable - {start}}
        found.update({h: Target(h, "sail", enemy=True) for h in reach.battles})
        found.update({h: Target(h, "explore") for h in reach.unexplored})
        return found
    found = {}
    for there in game.board_neighbors(start):
        if not game.revealed(there):
            found[there] = Target(there, "explore")
        elif game.is_land(there):
            found[there] = Target(there, "walk" if mode == "land" else "disembark",
                                  enemy=_enemy_on_land(game, owner, there),
                                  own_armies=_own_armies_on_land(game, owner, there))
        elif mode == "land":
            room = _room_on_ships(game, owner, there)
            if room > 0:
                found[there] = Target(there, "embark", room=room)
    return found


# ------------------------------------------------------------------ who may move where

def unit_problem(game: Game, unit: Unit, *, fresh_action: bool = False) -> str | None:
    """Why `unit` cannot move at all now (None if it can). `fresh_action` ignores this action's moves."""
    name = game.rules.units[unit.kind].name
    if unit.moved_this_action and not fresh_action:
        return f"{name} {unit.id} already moved in this move action"
    if unit.immobile:
        return f"{name} {unit.id} fought a battle or entered a mountain this turn and cannot move again"
    needed = game.rules.units[unit.kind].requires_advance_to_move
    if needed and not game.player(unit.owner).has(needed):
        return f"{name} units cannot move without {needed}"
    return None


def group_problem(game: Game, group: list[Unit], target: Target) -> str | None:
    """Why `group` may not go to `target` (None if it may); the group is already known to be able to move."""
    rules = game.rules.game
    armies = sum(1 for u in group if game.is_army(u))
    where = hex_to_label(target.space)
    if target.how in ("walk", "disembark", "explore") and target.own_armies + armies > rules.stacking_limit:
        return f"stacking limit: at most {rules.stacking_limit} army units of a player on {where}"
    if target.how == "embark" and len(group) > target.room:
        return f"the ships on {where} have room for only {target.room} more land unit(s)"
    if target.enemy:
        if any(u.no_attack for u in group):
            return "units that entered a forest this turn may not move into a battle"
        if armies == 0 and any(not game.is_ship(u) for u in group):
            return "settlers may enter a space with enemy units or an enemy city only together with an army unit"
    return None


def _no_route(game: Game, mode: Mode, to: Hex) -> str:
    if not game.on_board(to):
        return f"{hex_to_label(to)} is not on the board"
    if mode == "ship":
        return (f"ships cannot reach {hex_to_label(to)}: they sail through connected revealed sea, may not pass "
                "enemy ships or unexplored regions, and may enter an unexplored space next to their sea")
    if mode == "carried":
        return f"units on a ship may only disembark to an adjacent land space, not to {hex_to_label(to)}"
    return (f"land units move 1 space to adjacent land, an adjacent unexplored space or their own ship "
            f"with room in an adjacent sea space, not to {hex_to_label(to)}")


# ------------------------------------------------------------------ enumerating groups

def _likeness(game: Game, unit: Unit) -> tuple:
    """Units with equal likeness are interchangeable: moving either gives the same game."""
    cargo = ()
    if game.is_ship(unit):
        cargo = tuple(sorted((c.kind, c.immobile, c.no_attack, c.moved_this_action) for c in cargo_of(game, unit)))
    return (unit.kind, unit.carrier, unit.immobile, unit.no_attack, unit.moved_this_action, cargo)


def possible_moves(game: Game, owner: int, *, fresh_action: bool = False) -> Iterator[MoveUnits]:
    """Every legal group move of `owner`: one per destination and count of each kind of alike units."""
    stacks: dict[tuple[Hex, Mode], list[Unit]] = {}
    for unit in sorted(game.units_of(owner), key=lambda u: u.id):
        if unit_problem(game, unit, fresh_action=fresh_action) is None:
            stacks.setdefault((unit.pos, mode_of(game, unit)), []).append(unit)
    for (start, mode), units in stacks.items():
        classes: dict[tuple, list[Unit]] = {}
        for unit in units:
            classes.setdefault(_likeness(game, unit), []).append(unit)
        alike = list(classes.values())
        for target in targets(game, owner, start, mode).values():
            for counts in product(*(range(len(c) + 1) for c in alike)):
                group = [u for c, k in zip(alike, counts) for u in c[:k]]
                if group and group_problem(game, group, target) is None:
                    yield MoveUnits(tuple(sorted(u.id for u in group)), target.space)


# ------------------------------------------------------------------ carrying out a move

def arrive(game: Game, units: list[Unit], to: Hex) -> None:
    """Put units (ships with their cargo) on `to` and apply its terrain's movement effects."""
    terrain = game.rules.terrain[game.terrain(to)]
    for unit in units:
        if game.is_ship(unit):
            for cargo in cargo_of(game, unit):
                cargo.pos = to
        unit.pos = to
        unit.carrier = None
        unit.immobile = unit.immobile or terrain.stops_movement
        unit.no_attack = unit.no_attack or terrain.forbids_later_attack


def _embark(game: Game, group: list[Unit], sea: Hex) -> None:
    # Fill ships that can still sail this action first, so the player can carry the units on.
    ships = sorted(
        (u for u in game.units_at(sea) if u.owner == group[0].owner and game.is_ship(u)),
        key=lambda s: (s.moved_this_action or s.immobile, s.id),
    )
    room = {s.id: game.rules.game.ship_capacity - len(cargo_of(game, s)) for s in ships}
    for unit in group:
        ship = next(s for s in ships if room[s.id] > 0)
        room[ship.id] -= 1
        unit.carrier, unit.pos = ship.id, sea


def _resolve_group(game: Game, owner: int, ids: tuple[int, ...]) -> list[Unit]:
    if not ids:
        raise RuleError("a move needs at least one unit")
    if len(set(ids)) != len(ids):
        raise RuleError("a unit is listed twice in the group")
    group = []
    for unit_id in ids:
        unit = game.unit(unit_id)
        if unit is None or unit.owner != owner:
            raise RuleError(f"unit {unit_id} is not one of {game.player(owner).name}'s units")
        group.append(unit)
    if len({u.pos for u in group}) > 1:
        raise RuleError("a group moves from a single space; move units from different spaces separately")
    if len({mode_of(game, u) for u in group}) > 1:
        raise RuleError("ships and land units move as separate groups")
    for unit in group:
        problem = unit_problem(game, unit)
        if problem:
            raise RuleError(problem)
    return group


# ------------------------------------------------------------------ the actions

def _legal_start_move(game: Game) -> list[Action]:
    if game.actions_left <= 0 or next(possible_moves(game, game.current, fresh_action=True), None) is None:
        return []
    return [StartMove()]


@rule(StartMove, legal=_legal_start_move)
def start_move(game: Game, action: StartMove) -> None:
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    if next(possible_moves(game, game.current, fresh_action=True), None) is None:
        raise RuleError(f"none of {game.player(game.current).name}'s units can move")
    spend_main_action(game)
    for unit in game.units_of(game.current):
        unit.moved_this_action = False
    game.pending.append(MoveDecision(player=game.current, groups_left=game.rules.game.move_groups_per_action))
    game.say(f"{game.player(game.current).name} moves units")


def _legal_move_units(game: Game) -> list[Action]:
    return list(possible_moves(game, game.pending[-1].player))


@rule(MoveUnits, legal=_legal_move_units, answers=(MoveDecision,))
def move_units(game: Game, action: MoveUnits) -> None:
    decision = game.pending[-1]
    owner = decision.player
    group = _resolve_group(game, owner, action.units)
    start, mode = group[0].pos, mode_of(game, group[0])
    target = targets(game, owner, start, mode).get(action.to)
    if target is None:
        raise RuleError(_no_route(game, mode, action.to))
    problem = group_problem(game, group, target)
    if problem:
        raise RuleError(problem)

    decision.groups_left -= 1
    if decision.groups_left == 0:
        game.pending.pop()
    for unit in group:
        unit.moved_this_action = True
    game.say(f"{game.player(owner).name} moves {len(group)} unit(s) from {hex_to_label(start)} "
             f"to {hex_to_label(action.to)}")
    if target.how == "explore":
        exploration.explore(game, owner, group, start, action.to)
        return
    if target.how == "embark":
        _embark(game, group, action.to)
    else:
        arrive(game, group, action.to)
    if target.enemy:
        from civgame.engine import combat  # imported late: combat may depend on this module

        ids = [u.id for u in group]
        combat.enter_space(game, owner, ids, action.to, {i: start for i in ids})


def _legal_end_move(game: Game) -> list[Action]:
    return [EndMove()]


@rule(EndMove, legal=_legal_end_move, answers=(MoveDecision,))
def end_move(game: Game, action: EndMove) -> None:
    game.pending.pop()
