"""The Movement phase [004 MOVEMENT]: figures move one at a time (or as a group that began the phase in
one square) up to the travel speed, orthogonally, one square per step; exploring a face-down tile next
to them costs a square of movement. Entering a hut explores it, entering a village, enemy figures or
an enemy city starts a battle; either ends the move.

A step is offered only if the figures can still end their move legally afterwards (not in their own
city centre, not in water they may only cross, within the stacking limit).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import NamedTuple

from civgame.framework.errors import RuleError
from civgame.framework.rulebook import listed_elsewhere
from civgame.games.sidmeier.core.actions import Action, BeginMove, EndMovement, Explore, Infiltrate, Step, StopMove
from civgame.games.sidmeier.core.decisions import MovementTurn, Moving
from civgame.games.sidmeier.core.model import City, Figure, Game
from civgame.games.sidmeier.core.vocabulary import DIRECTIONS, Direction
from civgame.games.sidmeier.rules.base import board, effects, memo, occupancy, pieces, techs, yields
from civgame.games.sidmeier.rules.base.book import BOOK, always, top
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.expansions import great_person_deck, hut_results, relics

# ------------------------------------------------------------------ starting a move


def list_begin(game: Game) -> Iterator[Action]:
    seat = game.actor()
    groups: dict[int, list[Figure]] = {}
    for fig in game.figures:
        if fig.owner == seat and not fig.moved:
            groups.setdefault(fig.pos, []).append(fig)
    for pos, everyone in groups.items():
        together = [f.id for f in everyone if f.start_pos == pos]
        singles = [f.id for f in everyone if f.start_pos != pos]
        # where its figures may stay, every group of them may begin a move (and stop at once)
        stay = stop_ok(game, group_of(game, seat, everyone), pos)
        for size in range(1, len(together) + 1):
            for group in combinations(together, size):
                if stay or _may_start(game, seat, list(group)):
                    yield BeginMove(group)
        for i in singles:
            if stay or _may_start(game, seat, [i]):
                yield BeginMove((i,))


def _may_start(game: Game, seat: int, ids: list[int]) -> bool:
    """The figures can end a move somewhere (usually where they stand: they ended a move there)."""
    figures = [f for f in game.figures if f.id in ids]
    group = group_of(game, seat, figures)
    if stop_ok(game, group, figures[0].pos):
        return True
    return can_finish(game, group, figures[0].pos, board.moving_speed(game, seat), moved=False)


def check_begin(game: Game, action: BeginMove) -> None:
    seat = game.actor()
    figures = [game.figure(i) for i in action.figures]
    if not figures or any(f is None or f.owner != seat for f in figures) or len(set(action.figures)) != len(figures):
        raise RuleError("move your own figures")
    found = [f for f in figures if f is not None]
    if any(f.moved for f in found):
        raise RuleError("each figure moves once per Movement phase")
    if len(found) > 1 and any(f.pos != found[0].pos or f.start_pos != f.pos for f in found):
        raise RuleError("figures move as a group only if they all began the phase in the same square")
    if not _may_start(game, seat, list(action.figures)):
        raise RuleError("those figures have nowhere they could end a move")


@BOOK.rule(BeginMove, legal=list_begin, answers=(MovementTurn,), check=check_begin)
def begin_move(game: Game, action: BeginMove) -> None:
    seat = game.actor()
    for i in action.figures:
        fig = game.figure(i)
        assert fig is not None
        fig.moved = True
    speed = board.moving_speed(game, seat)
    lone = game.figure(action.figures[0]) if len(action.figures) == 1 else None
    if lone is not None and lone.kind == "army":
        speed += effects.total(game, seat, "lone_army_speed")
    speed += _coastal_speed(game, seat, action.figures)
    game.pending.append(Moving(seat, figures=list(action.figures), left=speed))


def _coastal_speed(game: Game, seat: int, ids: tuple[int, ...]) -> int:
    """The squares farther a move goes that has an army among it and begins on land next to water (Navy)."""
    bonus = effects.total(game, seat, "coastal_army_speed")
    if not bonus:
        return 0
    figures = [f for f in game.figures if f.id in ids]
    pos = figures[0].pos
    beside_water = any(board.is_water(game, p) for p in board.orthogonal(game, pos))
    armies = any(f.kind == "army" for f in figures)
    return bonus if armies and beside_water and not board.is_water(game, pos) else 0


@BOOK.rule(EndMovement, legal=always(EndMovement()), answers=(MovementTurn,))
def end_movement(game: Game, action: EndMovement) -> None:
    game.pending.pop()


# ------------------------------------------------------------------ where figures may go


def _group(game: Game, decision: Moving) -> list[Figure]:
    return [f for f in game.figures if f.id in decision.figures]


class Group(NamedTuple):
    """What the rules ask of a moving group, worked out once per look."""

    seat: int
    ids: frozenset[int]
    size: int
    army: bool
    scouts: bool
    limit: int
    water: str
    huts: bool  # its scouts may explore huts
    # the board as it stands while the group looks (a group is never kept past a change of the board)
    centres: dict[int, City]  # cities by their centre
    owners: dict[int, City]  # cities by the squares of their outskirts
    standing: dict[int, list[Figure]]  # figures by their square


TRAIT_EFFECTS = ("stacking_limit", "stacking_bonus", "water_movement", "scouts_explore_huts")


def group_of(game: Game, seat: int, figures: list[Figure]) -> Group:
    view = memo.listing(game, ("mover", seat), lambda: _mover_view(game, seat))
    kinds = {f.kind for f in figures}
    return Group(seat, frozenset([f.id for f in figures]), len(figures), "army" in kinds, "scout" in kinds, *view)


def _mover_view(
    game: Game, seat: int
) -> tuple[int, str, bool, dict[int, City], dict[int, City], dict[int, list[Figure]]]:
    """What every group of the player reads alike (the same for all the groups of one listing)."""
    limit, water, huts = effects.memo(game, seat, "traits", TRAIT_EFFECTS, lambda: _traits(game, seat))
    return limit, water, huts, board.city_centres(game), board.outskirts_owners(game), occupancy.by_square(game)


def _traits(game: Game, seat: int) -> tuple[int, str, bool]:
    return (
        board.stacking_limit(game, seat),
        board.water_mode(game, seat),
        effects.has(game, seat, "scouts_explore_huts"),
    )


def may_stop_group(game: Game, seat: int, figures: list[Figure], pos: int) -> bool:
    """The group may end its move on `pos` (its own figures there do not count twice)."""
    return stop_ok(game, group_of(game, seat, figures), pos)


def stop_ok(game: Game, group: Group, pos: int) -> bool:
    square = game.squares[pos]
    if not square.terrain or square.marker >= 0 or pos in group.centres:
        return False
    if group.water != "end" and game.rules.terrains[square.terrain].water:
        return False
    here = group.standing.get(pos)
    present = sum(1 for f in here if f.owner == group.seat and f.id not in group.ids) if here else 0
    if present + group.size > group.limit:
        return False
    city = group.owners.get(pos)
    return city is None or not board.closes_borders(game, city, group.seat)


def _enemy_on(group: Group, pos: int) -> bool:
    here = group.standing.get(pos)
    return here is not None and any(f.owner != group.seat for f in here)


def entry(game: Game, group: Group, pos: int) -> str:
    """What entering `pos` means: `blocked`, `pass` (a plain square), `hut`, `fight` (a village, enemy
    figures or an enemy city: a battle or a kill)."""
    square = game.squares[pos]
    if not square.terrain:
        return "blocked"
    if square.relic and not group.army:  # scouts enter a relic's square only with an army
        return "blocked"
    if square.marker >= 0:
        if game.rules.hut_markers[square.marker].kind == "village":
            return "fight" if group.army and not group.scouts else "blocked"
        if group.scouts and not group.huts:
            return "blocked"
        return "hut" if not _enemy_on(group, pos) else "blocked"
    city = group.centres.get(pos)
    water = game.rules.terrains[square.terrain].water and city is None  # (a metropolis's water square is land)
    if water and group.water == "none":
        return "blocked"
    if city is not None and city.owner != group.seat:
        return "fight" if group.army else "blocked"
    if _enemy_on(group, pos):
        if not group.army or (water and group.water != "end"):
            return "blocked"
        return "fight"
    return "pass"


def can_finish(game: Game, group: Group, pos: int, left: int, moved: bool = True) -> bool:
    """From `pos` with `left` squares of movement, the figures can end their move legally (stopping, or
    entering a hut or a battle)."""
    if moved and stop_ok(game, group, pos):
        return True
    neighbours = board.neighbours(game)
    frontier = [pos]
    seen = {pos}
    for _ in range(left):
        nxt = []
        for here in frontier:
            for there in neighbours[here][1]:
                if there in seen:
                    continue
                seen.add(there)
                kind = entry(game, group, there)
                if kind in ("hut", "fight"):
                    return True
                if kind == "pass":
                    if stop_ok(game, group, there):
                        return True
                    nxt.append(there)
        frontier = nxt
    return False


# ------------------------------------------------------------------ stepping

# (immutable, and listed at every step: made once)
STOP = StopMove()
STEPS = {direction: Step(direction) for direction in DIRECTIONS}
EXPLORES = {direction: Explore(direction) for direction in DIRECTIONS}


def list_moving(game: Game) -> Iterator[Action]:
    """The steps, and stopping, exploring and infiltrating too (their rules are listed elsewhere: here)."""
    decision = top(game, Moving)
    seat = decision.player
    figures = _group(game, decision)
    if not figures:
        yield STOP
        return
    pos = figures[0].pos
    group = group_of(game, seat, figures)
    here_ok = stop_ok(game, group, pos)
    if here_ok:
        yield STOP
    left = decision.left - 1
    if left < 0:
        return
    # the neighbours by direction, in the order of DIRECTIONS (the map's table is made in that order)
    for direction, there in board.neighbours(game)[pos][0].items():
        kind = entry(game, group, there)
        if kind == "pass":
            if can_finish(game, group, there, left):
                yield STEPS[direction]
        elif kind != "blocked":  # a hut or a fight
            yield STEPS[direction]
        elif not game.squares[there].terrain and (left > 0 or here_ok):
            yield EXPLORES[direction]
    yield from _infiltrations(game, seat, figures, pos)


def check_step(game: Game, action: Step) -> None:
    if action not in list(list_moving(game)):
        raise RuleError(
            "figures move orthogonally onto revealed squares, not into water without the tech for it, and only where "
            "they can still end their move; scouts never enter huts, villages, enemy figures or enemy cities, nor a "
            "relic's square without an army"
        )


@BOOK.rule(Step, legal=list_moving, answers=(Moving,), check=check_step)
def step(game: Game, action: Step) -> None:
    decision = top(game, Moving)
    seat = decision.player
    figures = _group(game, decision)
    there = board.step(game, figures[0].pos, action.direction)
    assert there is not None
    kind = entry(game, group_of(game, seat, figures), there)
    source = figures[0].pos
    for fig in figures:
        fig.pos = there
    yields.touch(game, figures_only=True)
    occupancy.stepped(game, source, there)
    decision.left -= 1
    if kind == "hut":
        game.pending.pop()
        hut_results.explore_hut(game, seat, there)
    elif kind == "fight":
        game.pending.pop()
        battles.enter(game, seat, there, [f.id for f in figures])
    elif decision.left <= 0:
        end_move(game, decision)


def end_move(game: Game, decision: Moving) -> None:
    """The move ends where the figures stand (an army ending it on a relic takes the relic)."""
    game.pending.pop()
    relics.arrived(game, decision.player, _group(game, decision))


def check_stop(game: Game, action: StopMove) -> None:
    if action not in list(list_moving(game)):
        raise RuleError("the figures cannot end their move here (own city centre, water, stacking limit)")


@BOOK.rule(StopMove, legal=listed_elsewhere, answers=(Moving,), check=check_stop)
def stop(game: Game, action: StopMove) -> None:
    end_move(game, top(game, Moving))


# ------------------------------------------------------------------ exploring


def check_explore(game: Game, action: Explore) -> None:
    if action not in list(list_moving(game)):
        raise RuleError("exploring turns over a face-down tile next to the moving figures for 1 square of movement")


@BOOK.rule(Explore, legal=listed_elsewhere, answers=(Moving,), check=check_explore)
def explore(game: Game, action: Explore) -> None:
    decision = top(game, Moving)
    figures = _group(game, decision)
    there = board.step(game, figures[0].pos, action.direction)
    assert there is not None
    reveal(game, board.tile_slot_of(game, there), action.direction)
    decision.left -= 1
    game.say(f"{game.players[decision.player].name} explores a new tile.")
    if decision.left <= 0:
        end_move(game, decision)
    if effects.has(game, decision.player, "free_building_on_exploring"):  # (at once, before anything else)
        great_person_deck.offer_basic_building(game, decision.player)


ROTATE = {"north": 0, "east": 1, "south": 2, "west": 3}


def reveal(game: Game, slot_index: int, arrow: Direction) -> None:
    """Turn a tile face up so that its arrow points `arrow`; huts and villages get face-down markers."""
    slot = game.tiles[slot_index]
    tile = game.rules.tile(slot.tile)
    turns = (ROTATE[arrow] - ROTATE[tile.arrow]) % 4
    fill_tile(game, slot_index, turns)


def fill_tile(game: Game, slot_index: int, turns: int) -> None:
    slot = game.tiles[slot_index]
    tile = game.rules.tile(slot.tile)
    size = game.rules.map.tile_size
    slot.revealed = True
    slot.turns = turns
    for r, row in enumerate(tile.squares):
        for c, spec in enumerate(row):
            rr, cc = r, c
            for _ in range(turns):
                rr, cc = cc, size - 1 - rr
            square = game.squares[game.pos(slot.column * size + cc, slot.row * size + rr)]
            square.terrain = spec.terrain
            square.trade, square.production, square.culture, square.coin = spec.icons
            square.resource = spec.resource
            square.feature = spec.feature
            square.relic = spec.relic
            if spec.feature == "hut" and game.hut_pile:
                square.marker = game.hut_pile.pop()
            elif spec.feature == "village" and game.village_pile:
                square.marker = game.village_pile.pop()
    yields.touch(game)


# ------------------------------------------------------------------ infiltrating an enemy city (an ability)


def _infiltrations(game: Game, seat: int, figures: list[Figure], pos: int) -> Iterator[Action]:
    if len(figures) != 1 or f"infiltrate:{seat}" in game.players[seat].used:
        return
    if not effects.has(game, seat, "infiltrate"):
        return
    for direction in DIRECTIONS:
        there = board.step(game, pos, direction)
        city = game.city_at(there) if there is not None else None
        if city is None or city.owner == seat:
            continue
        known = game.players[city.owner].techs
        for tech in techs.learnable(game, seat, list(known)):
            yield Infiltrate(figures[0].id, direction, tech)


def check_infiltrate(game: Game, action: Infiltrate) -> None:
    if action not in list(list_moving(game)):
        raise RuleError(
            "a figure next to an enemy city may be sacrificed once per turn to learn a tech its owner knows"
        )


@BOOK.rule(Infiltrate, legal=listed_elsewhere, answers=(Moving,), check=check_infiltrate)
def infiltrate(game: Game, action: Infiltrate) -> None:
    decision = top(game, Moving)
    seat = decision.player
    game.pending.pop()
    fig = game.figure(action.figure)
    assert fig is not None
    there = board.step(game, fig.pos, action.direction)
    city = game.city_at(there) if there is not None else None
    assert city is not None
    game.players[seat].used.append(f"infiltrate:{seat}")
    pieces.remove_figure(game, fig)
    game.say(f"{game.players[seat].name} sacrifices a {fig.kind} in {game.players[city.owner].name}'s city.")
    techs.learn(game, seat, action.tech, how=f"from {game.players[city.owner].name}")
