"""The Move Units action: land moves, ships sailing, embarking and disembarking, exploring.

A move action lets a player move up to `move_groups_per_action` groups; a group is units going
from one space to one destination together. The action is a `MoveDecision` answered by
`MoveUnits` (one group each) until the groups are used up or the player sends `EndMove`.

Three kinds of group exist: ships (sail any distance through connected revealed sea), land
units standing on land (1 space, or onto their own ship next to them) and land units carried
by ships (disembark to an adjacent land space). Carried units ride along when their ship moves
without counting as moved. Where the owner's ships could carry boarding units in more than one
way, a `BoardingDecision` lets the owner choose (answered by `BoardShips`).

Effects widen the targets: `road_move` (Roads) takes land groups 2 spaces for a price,
`sail_around_board` (Navigation) takes ships round the board's edge to the next sea, and
`movement_reward` (Cartography) pays for ship moves. A destination is reached one way only: a
normal move where one exists, so `MoveUnits(units, to)` says all there is to choose.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import product
from operator import attrgetter
from typing import Literal, NamedTuple

from civgame.framework.errors import RuleError
from civgame.framework.wording import listed
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.military import (
    AttackToll,
    CityBarredAfterTerrain,
    CityRoadMove,
    FortressNeedsAdvance,
    IgnoreTerrainForPay,
    MovementReward,
    RoadMove,
)
from civgame.games.clash.content.effects.sources import ship_capacity
from civgame.games.clash.core.actions import Action, BoardShips, EndMove, MoveUnits, StartMove
from civgame.games.clash.core.decisions import BoardingDecision, EffectChoiceDecision, MoveDecision
from civgame.games.clash.core.hexgrid import DIRECTIONS, Hex, distance, hex_to_label
from civgame.games.clash.core.model import PIRATE, City, Game, Player, Unit
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules import combat
from civgame.games.clash.rules.actions import exploration, shipcraft
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.base import diplomacy, log, pirate_share
from civgame.games.clash.rules.base.payments import (
    affordable,
    affordable_options,
    any_of,
    describe,
    gain,
    pay,
    payment_options,
    plus_costs,
    settle,
)
from civgame.games.clash.rules.base.registry import answering, rule
from civgame.games.clash.rules.base.turns import spend_main_action

FORTRESS = "fortress"
Mode = Literal["ship", "land", "carried"]
How = Literal["walk", "embark", "disembark", "sail", "explore", "road", "launch", "beach"]


class Target(NamedTuple):
    """A space a group from one start space can reach, with what matters about going there (a named
    tuple: a listing makes one for every space it looks at, and these are the quickest to make)."""

    space: Hex
    how: How
    enemy: bool = False  # enemy units or an enemy city there: entering means a battle
    own_armies: int = 0  # the mover's army units already standing there (land spaces)
    room: int = 0  # free places on the mover's ships there (embarking)
    via_armies: int = 0  # roads: the mover's army units on the spaces passed through (the fewest)
    cost: tuple[tuple[str, int], ...] = ()  # roads: the price of the move
    road_terrain: str = ""  # roads: how terrain counts on this one (`RoadMove.terrain`)
    entry: Hex | None = None  # sailed around the board: the space where the ships came back onto it


@dataclass(frozen=True)
class SeaReach:
    """Where ships starting in one sea space can sail in a single move."""

    passable: frozenset[Hex]  # revealed sea reachable without passing an enemy ship, incl. the start
    battles: frozenset[Hex]  # sea spaces with enemy ships next to passable sea: may end there, not pass
    unexplored: frozenset[Hex]  # face-down spaces next to passable sea: may enter to explore


# ------------------------------------------------------------------ board helpers


def cargo_of(game: Game, ship: Unit) -> list[Unit]:
    return [u for u in game.units if u.carrier == ship.id]


def mode_of(game: Game, unit: Unit) -> Mode:
    if game.is_ship(unit):
        return "ship"
    return "carried" if unit.carrier is not None else "land"


def enemy_ship_spaces(game: Game, owner: int) -> set[Hex]:
    """Where ships that are not `owner`'s stand: pirates are none of them for a holder of `share_pirate_spaces`
    (Pirate Allies), who sails through and shares their spaces."""
    allied = owner >= 0 and effects.has(game, game.player(owner), "share_pirate_spaces")
    return {u.pos for u in game.units if u.owner != owner and game.is_ship(u) and not (allied and u.owner == PIRATE)}


def sea_reach(game: Game, owner: int, start: Hex) -> SeaReach:
    """Trace sea routes one space at a time: enemy ships and face-down regions stop a route."""
    enemy_ships = enemy_ship_spaces(game, owner)
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


class _Survey:
    """What one search for `owner`'s moves asks again and again, found once for the whole search
    rather than once per space or per group: the pieces on each space; and, when first asked (many
    searches never do), the road moves the owner can pay for now and the owner's diplomatic partners.
    A search changes nothing, so none of it goes stale while it runs. `city_road`: the search is for a free
    move between the owner's cities (`city_road_move`) on this road, the only way it may go."""

    def __init__(self, game: Game, owner: int, city_road: RoadMove | None = None) -> None:
        self.game, self.owner = game, owner
        self.units: dict[Hex, list[Unit]] = {}  # the spaces holding units: most spaces are not keys
        for unit in game.units:
            self.units.setdefault(unit.pos, []).append(unit)
        self.cities: dict[Hex, City] = {}
        for city in game.cities:
            self.cities.setdefault(city.pos, city)  # the first on a space, as `Game.city_at` finds it
        self.city_road = city_road is not None
        self._roads: list[RoadMove] | None = None if city_road is None else [city_road]
        self._partners: list[tuple[int, dict[str, int]]] | None = None
        self._road_crowds: dict[Hex, int | None] | None = None
        self._road_crowds_key: frozenset[tuple[Hex, int | None]] | None = None

    def units_at(self, space: Hex) -> list[Unit]:
        return self.units.get(space, [])

    def city_at(self, space: Hex) -> City | None:
        return self.cities.get(space)

    def roads(self) -> list[RoadMove]:
        """The owner's `road_move` effects whose price the owner can pay now, in the effects' order."""
        if self._roads is None:
            player = self.game.player(self.owner)
            found = (effects.params_as(e, RoadMove) for e in effects.active(self.game, player, "road_move"))
            self._roads = [road for road in found if affordable(self.game, player, amounts(road.cost))]
        return self._roads

    def partners(self) -> list[tuple[int, dict[str, int]]]:
        """The owner's diplomatic partners, whose spaces cost extra to enter, with the price."""
        if self._partners is None:
            none = all(p.diplomatic_partner is None for p in self.game.players)  # answered without the cards
            self._partners = [] if none else diplomacy.partners(self.game, self.owner)
        return self._partners

    def enemy_on_land(self, space: Hex) -> bool:
        """Units or a city of another owner than the mover stand on the land `space`."""
        here = self.units.get(space)  # most spaces hold no unit
        if here and any(u.owner != self.owner for u in here):
            return True
        city = self.cities.get(space)
        return city is not None and city.owner != self.owner

    def own_armies_on_land(self, space: Hex) -> int:
        here = self.units.get(space)  # most spaces hold no unit
        if not here:
            return 0
        return sum(1 for u in here if u.owner == self.owner and u.carrier is None and self.game.is_army(u))

    def own_city(self, space: Hex) -> bool:
        city = self.cities.get(space)
        return city is not None and city.owner == self.owner

    def own_city_within(self, start: Hex, steps: int) -> bool:
        """One of the owner's cities stands 2..`steps` spaces from `start`, as the crow flies."""
        return any(
            city.owner == self.owner and 2 <= distance(start, space) <= steps for space, city in self.cities.items()
        )

    def road_crowds(self) -> dict[Hex, int | None]:
        """For a road's walk, the occupied spaces only: None where an enemy stands (`enemy_on_land`: no
        road goes through), else the owner's armies there (`own_armies_on_land`). Found once, when first
        asked, as a road's walk asks of every space it passes."""
        if self._road_crowds is None:
            occupied = set(self.units).union(self.cities)
            self._road_crowds = {
                space: None if self.enemy_on_land(space) else self.own_armies_on_land(space) for space in occupied
            }
        return self._road_crowds

    def road_crowds_key(self) -> frozenset[tuple[Hex, int | None]]:
        """`road_crowds` as a key: equal for layouts of pieces that every road's walk treats alike."""
        if self._road_crowds_key is None:
            self._road_crowds_key = frozenset(self.road_crowds().items())
        return self._road_crowds_key


def _plural_kinds(game: Game, units: list[Unit]) -> str:
    """ "leaders and settlers": the kinds of `units`, named in the plural."""
    specs = [game.rules.units[kind] for kind in sorted({u.kind for u in units})]
    return listed((spec.plural or f"{spec.name}s").lower() for spec in specs)


def _carries(game: Game, owner: int, ship: Unit) -> bool:
    """`ship` may carry the owner's land units: one of theirs, or a pirate ship for a holder of
    `share_pirate_spaces` (Pirate Allies: land units and the leader board pirate ships straight away)."""
    if ship.owner == owner:
        return game.is_ship(ship)
    return ship.owner == PIRATE and owner >= 0 and effects.has(game, game.player(owner), "share_pirate_spaces")


def _room_on_ships(game: Game, owner: int, here: list[Unit]) -> int | None:
    """The room left aboard the ships among `here` that carry the owner's units; None without such a ship."""
    ships = [u for u in here if _carries(game, owner, u)]
    return sum(ship_capacity(game, owner) - game.load_of(cargo_of(game, s)) for s in ships) if ships else None


def _target(
    game: Game, owner: int, start: Hex, mode: Mode, to: Hex, city_road: RoadMove | None = None
) -> Target | None:
    """How a group of `mode` units of `owner` at `start` could reach `to` (None if it cannot); the
    destinations after it are not worked out, nor the other spaces next to `start`."""
    survey = _Survey(game, owner, city_road)
    return next((t for t in _each_target(survey, start, mode, only=to) if t.space == to), None)


def target_of(game: Game, owner: int, units: tuple[int, ...], to: Hex) -> Target | None:
    """How the group of `units` could reach `to` (None if it cannot)."""
    first = game.existing_unit(units[0])
    return _target(game, owner, first.pos, mode_of(game, first), to)


def _each_target(survey: _Survey, start: Hex, mode: Mode, only: Hex | None = None) -> Iterator[Target]:
    """Every destination a group of `mode` units at `start` could head for, found one at a time: a
    search for any legal move stops at the first. A space is reached the first way found (a normal
    move before a road). `only`: of the spaces next to `start`, only this one is looked at."""
    seen: set[Hex] = set()
    for target in _ways(survey, start, mode, only):
        if target.space in seen:
            continue
        seen.add(target.space)
        if target.space not in survey.units:  # the common case: no partner's units there to surcharge
            yield target
        else:
            found = _with_surcharge(survey, target)
            if found is not None:
                yield found


def _ways(survey: _Survey, start: Hex, mode: Mode, only: Hex | None) -> Iterator[Target]:
    """Every way to a destination, the preferred way to a space first (`only`: see `_each_target`)."""
    game, owner = survey.game, survey.owner
    if survey.city_road:
        yield from _city_road_targets(survey, start, mode, only)
        return
    if mode == "ship":
        reach = sea_reach(game, owner, start)
        yield from (t for t in _sea_targets(reach, entry=None).values() if t.space != start)
        if effects.has(game, game.player(owner), "sail_around_board"):
            yield from _sail_around_targets(game, owner, reach).values()
        if shipcraft.conversion(game, owner):
            yield from _conversion_targets(survey, start, "beach").values()
        if any(u.pirate for u in survey.units_at(start)):  # Pirate Allies: stay and attack the pirates shared
            yield Target(start, "sail", enemy=True)
        return
    yield from _step_targets(survey, start, mode, only)
    if mode == "land":
        if survey.roads():
            yield from _road_targets(survey, start).values()
        if shipcraft.conversion(game, owner):
            yield from _conversion_targets(survey, start, "launch").values()


def _with_surcharge(survey: _Survey, target: Target) -> Target | None:
    """Diplomatic relations: entering a partner's space costs extra; a move the mover cannot pay is gone."""
    here = survey.units_at(target.space)
    if not here:  # the common case, answered without looking for partners
        return target
    extra = next((price for other, price in survey.partners() if any(u.owner == other for u in here)), {})
    if not extra:
        return target
    cost = dict(target.cost)
    for item, amount in extra.items():
        cost[item] = cost.get(item, 0) + amount
    if not affordable(survey.game, survey.game.player(survey.owner), cost):
        return None
    return target._replace(cost=tuple(cost.items()))


def _conversion_targets(survey: _Survey, start: Hex, how: How) -> dict[Hex, Target]:
    """`ship_conversion`: empty adjacent sea for land units to launch into (`launch`), adjacent land
    without enemies for ships to land on (`beach`)."""
    game, owner = survey.game, survey.owner
    found = {}
    for there in game.board_neighbors(start):
        if not game.revealed(there):
            continue
        if how == "launch" and game.is_water(there) and all(u.owner == owner for u in survey.units_at(there)):
            found[there] = Target(there, how)
        elif how == "beach" and game.is_land(there) and not survey.enemy_on_land(there):
            found[there] = Target(there, how, own_armies=survey.own_armies_on_land(there))
    return found


def _sea_targets(reach: SeaReach, entry: Hex | None) -> dict[Hex, Target]:
    found = {h: Target(h, "sail", entry=entry) for h in reach.passable}
    found.update({h: Target(h, "sail", enemy=True, entry=entry) for h in reach.battles})
    found.update({h: Target(h, "explore", entry=entry) for h in reach.unexplored})
    return found


def _step_targets(survey: _Survey, start: Hex, mode: Mode, only: Hex | None = None) -> list[Target]:
    """Land units: one space to land, onto an own ship, or into an unexplored space (`only`: to that
    space only, if it is next to `start`). A list, not found one at a time: there are six at most."""
    game = survey.game
    around = game.board_neighbors(start)
    found = []
    for there in around if only is None else [h for h in around if h == only]:
        if not game.revealed(there):
            found.append(Target(there, "explore"))
        elif game.is_land(there):
            how: How = "walk" if mode == "land" else "disembark"
            if there in survey.units or there in survey.cities:
                enemy, own_armies = survey.enemy_on_land(there), survey.own_armies_on_land(there)
                found.append(Target(there, how, enemy=enemy, own_armies=own_armies))
            else:  # most land holds no piece
                found.append(Target(there, how))
        elif mode == "land" and there in survey.units:  # embarking needs the owner's ships there
            room = _room_on_ships(game, survey.owner, survey.units[there])
            if room is not None:  # (a unit that takes no room may board full ships)
                found.append(Target(there, "embark", room=room))
    return found


# ------------------------------------------------------------------ roads


def _city_road_targets(survey: _Survey, start: Hex, mode: Mode, only: Hex | None) -> Iterator[Target]:
    """`city_road_move`: from one of the owner's cities to another, a step or the survey's road, free."""
    if mode != "land" or not survey.own_city(start):
        return
    yield from (t for t in _step_targets(survey, start, mode, only) if t.how == "walk" and survey.own_city(t.space))
    yield from _road_targets(survey, start).values()


def city_road_of(game: Game, decision: MoveDecision) -> RoadMove | None:
    """The road of a free move between cities (`city_road_move`) that `decision` is; None for any other move."""
    if not decision.city_road:
        return None
    granted = effects.active(game, game.player(decision.player), "city_road_move")
    params = effects.params_as(next(e for e in granted if e.source == decision.city_road), CityRoadMove)
    return RoadMove(range=params.range, endpoints="both", terrain=params.terrain)


def _road_targets(survey: _Survey, start: Hex) -> dict[Hex, Target]:
    """Land spaces a `road_move` effect reaches from `start` that the owner can pay for now."""
    found: dict[Hex, Target] = {}
    if not survey.game.is_land(start):
        return found
    own_start = survey.own_city(start)
    for road in survey.roads():
        if not own_start and (road.endpoints == "both" or not survey.own_city_within(start, road.range)):
            continue  # (no end the road allows: not walked)
        for space, via_armies in _road_ends(survey, start, road).items():
            own_end = survey.own_city(space)
            ends_ok = (own_start or own_end) if road.endpoints == "start_or_end" else (own_start and own_end)
            if space in found or not ends_ok:
                continue
            found[space] = Target(
                space,
                "road",
                enemy=survey.enemy_on_land(space),
                own_armies=survey.own_armies_on_land(space),
                via_armies=via_armies,
                cost=tuple(road.cost.items()),
                road_terrain=road.terrain,
            )
    return found


def _road_ends(survey: _Survey, start: Hex, road: RoadMove) -> dict[Hex, int]:
    """Where `road` takes a group from `start` (`_road_reach`): where terrain applies on it, not past a
    Mountain, and into a battle not past a Forest either."""
    if road.terrain != "applies":
        return _road_reach(survey, start, road.range, None)
    ends = _road_reach(survey, start, road.range, "march")
    if not any(survey.enemy_on_land(h) for h in ends):
        return ends
    into_battle = _road_reach(survey, start, road.range, "battle")
    return {h: crowd for h, crowd in ends.items() if not survey.enemy_on_land(h) or h in into_battle}


# What stops a walk along a road: no terrain, a Mountain (`stops_movement`), a Mountain or a Forest
# (`forbids_later_attack`: a road into a battle).
Stopping = Literal["march", "battle"] | None
ROAD_WALKS_KEPT = 8192  # at most, on a board and its look-ahead copies: about 20 MB


def _road_reach(survey: _Survey, start: Hex, steps: int, stopping: Stopping) -> dict[Hex, int]:
    """Revealed land 2..`steps` spaces from `start` along land without enemies (and not `stopping` on the
    way), each with the fewest of the owner's army units standing on the spaces of the best route there
    (for stacking), in the order first reached. The answer is kept for the same pieces on the board
    (`Game.road_reaches`); callers must not change it."""
    kept = survey.game.road_reaches
    key = (start, steps, stopping, survey.road_crowds_key())
    found = kept.get(key)
    if found is None:
        if len(kept) >= ROAD_WALKS_KEPT:
            kept.clear()
        found = kept[key] = _walk_road(survey, start, steps, stopping)
    return found


def _walk_road(survey: _Survey, start: Hex, steps: int, stopping: Stopping) -> dict[Hex, int]:
    """`_road_reach` worked out. A space is walked on from again only with fewer armies behind than
    before: a later walk from it would reach nothing sooner, nor with fewer armies on the way."""
    game = survey.game
    neighbors, is_land, crowds = game.board_neighbors, game.is_land, survey.road_crowds()
    passable = None if stopping is None else _passable(game, into_battle=stopping == "battle")
    next_to_start = neighbors(start)  # spaces on the board 1 space away
    best: dict[Hex, int] = {}
    walked: dict[Hex, int] = {start: 0}  # the fewest armies behind a walk on from each space so far
    frontier = {start: 0}
    for step in range(1, steps + 1):
        onward: dict[Hex, int] = {}
        for here, crowd in frontier.items():
            for there in neighbors(here):
                if there == start or not is_land(there):
                    continue
                if there not in next_to_start and crowd < best.get(there, crowd + 1):
                    best[there] = crowd
                if step == steps:
                    continue
                own_armies = crowds.get(there, 0)  # most spaces hold no piece
                if own_armies is None or (passable is not None and not passable(there)):
                    continue
                through = max(crowd, own_armies)
                if through < walked.get(there, through + 1) and through < onward.get(there, through + 1):
                    onward[there] = through
        walked.update(onward)
        frontier = onward
    return best


def _passable(game: Game, *, into_battle: bool) -> Callable[[Hex], bool]:
    terrain = game.rules.terrain

    def passable(space: Hex) -> bool:
        kind = terrain[game.terrain(space) or ""]
        return not kind.stops_movement and not (into_battle and kind.forbids_later_attack)

    return passable


# ------------------------------------------------------------------ sailing around the board


@dataclass(frozen=True)
class BoardEdge:
    ring: tuple[Hex, ...]  # board spaces touching the outside, in order around the board
    outside: frozenset[Hex]  # the off-board spaces next to them


_EDGES: dict[tuple[tuple[Hex, int], ...], BoardEdge] = {}


def board_edge(game: Game) -> BoardEdge:
    """The board's outer edge: fixed for a game, since face-down regions are on the board too."""
    key = tuple((r.anchor, r.base_rotation) for r in game.regions)
    if key not in _EDGES:
        _EDGES[key] = _trace_edge(frozenset(game.space_region))
    return _EDGES[key]


def _trace_edge(board: frozenset[Hex]) -> BoardEdge:
    """Walk the outer boundary hex side by side, keeping the board on one hand.

    Starts at the left-most (then top-most) space, whose up-left side faces the outside. At the
    corner after side i of space b, either the next side of b continues the boundary, or the
    neighbour across that corner is on the board and the boundary continues along its side i-1.
    """

    def neighbour(h: Hex, side: int) -> Hex:
        dq, dr = DIRECTIONS[side % 6]
        return (h[0] + dq, h[1] + dr)

    first = (min(board), 4)
    ring: list[Hex] = []
    outside: set[Hex] = set()
    space, side = first
    while True:
        if not ring or ring[-1] != space:
            ring.append(space)
        outside.add(neighbour(space, side))
        corner = neighbour(space, side + 1)
        space, side = (corner, (side - 1) % 6) if corner in board else (space, (side + 1) % 6)
        if (space, side) == first:
            break
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    return BoardEdge(tuple(ring), frozenset(outside))


def _sail_around_targets(game: Game, owner: int, reach: SeaReach) -> dict[Hex, Target]:
    """Destinations of ships that leave their sea over an edge space and sail round the board."""
    ring = board_edge(game).ring
    enemy_ships = enemy_ship_spaces(game, owner)
    found: dict[Hex, Target] = {}
    covered = set(reach.passable)  # sea already reached: entering it again adds nothing
    walked: set[tuple[int, int]] = set()
    for i, space in enumerate(ring):
        if space not in reach.passable:
            continue
        for step in (1, -1):
            landfall = _landfall(game, ring, i, step)
            if landfall is None or landfall in walked:
                continue
            walked.add(landfall)
            entry = ring[landfall[0]]  # the first sea or unexplored space: the only way back in
            if entry in covered:
                continue
            if not game.revealed(entry):
                found.setdefault(entry, Target(entry, "explore", entry=entry))
            elif entry in enemy_ships:  # blocks the entrance: the move ends there in a battle
                found.setdefault(entry, Target(entry, "sail", enemy=True, entry=entry))
            else:
                beyond = sea_reach(game, owner, entry)
                covered |= beyond.passable
                for h, target in _sea_targets(beyond, entry).items():
                    found.setdefault(h, target)
    return found


def _kind(game: Game, space: Hex) -> str:
    if not game.revealed(space):
        return "unexplored"
    return "sea" if game.is_water(space) else "land"


def _landfall(game: Game, ring: tuple[Hex, ...], start: int, step: int) -> tuple[int, int] | None:
    """From ring index `start`, pass the run of sea the ships leave and the land after it: the
    index of the first sea or unexplored space (None if the walk comes all the way round)."""
    n = len(ring)
    i = start
    for passing in ("sea", "land"):
        for _ in range(n):
            if _kind(game, ring[i % n]) != passing:
                break
            i += step
    if (i - start) * step >= n:
        return None
    return i % n, step


# ------------------------------------------------------------------ who may move where


def _ignores_earlier_terrain(target: Target | None) -> bool:
    """A road that units a Mountain stopped may take, or that takes units a Forest barred into a battle."""
    return target is not None and target.how == "road" and target.road_terrain != "applies"


def unit_free(game: Game, unit: Unit, *, fresh_action: bool = False, road: bool = False) -> bool:
    """Whether `unit` can move now: `unit_problem` without the reason worded, as listings ask it of
    every unit. `fresh_action` ignores this action's moves; `road`: the move is a road move, which
    ignores a mountain's stop."""
    if (unit.moved_this_action and not fresh_action) or unit.pirate:
        return False
    if unit.immobile and not (road and unit.stopped_by_terrain):
        return False
    needed = game.rules.units[unit.kind].requires_advance_to_move
    return not needed or game.player(unit.owner).uses(needed)


def unit_problem(game: Game, unit: Unit, *, fresh_action: bool = False, road: bool = False) -> str | None:
    """Why `unit` cannot move at all now (None if it can; see `unit_free`)."""
    if unit_free(game, unit, fresh_action=fresh_action, road=road):
        return None
    kind = game.rules.units[unit.kind]
    if unit.pirate:
        return (
            f"the pirate ship {unit.id} sails with {game.player(unit.owner).name}, who does not move it (Pirate Allies)"
        )
    if unit.moved_this_action and not fresh_action:
        return f"{kind.name} {unit.id} already moved in this move action"
    if unit.immobile and not (road and unit.stopped_by_terrain):
        if unit.stopped_by_terrain:
            return f"{kind.name} {unit.id} entered a mountain this turn and cannot move again except by road"
        return f"{kind.name} {unit.id} fought a battle or entered a mountain this turn and cannot move again"
    return f"{kind.name} units cannot move without {kind.requires_advance_to_move}"


def group_problem(game: Game, group: list[Unit], target: Target) -> str | None:
    """Why `group` may not go to `target` (None if it may); the group is already known to be able to move."""
    return _group_problem(game, group, _armies(game, group), target)


def _armies(game: Game, group: list[Unit]) -> int:
    return sum(1 for u in group if game.is_army(u))


def _group_problem(game: Game, group: list[Unit], armies: int, target: Target) -> str | None:
    """`group_problem`, the group's army units counted already."""
    rules = game.rules.game
    if target.how in ("walk", "disembark", "explore", "road") and target.own_armies + armies > rules.stacking_limit:
        return f"stacking limit: at most {rules.stacking_limit} army units of a player on {hex_to_label(target.space)}"
    if target.how == "road" and target.via_armies + armies > rules.stacking_limit:
        return (
            f"stacking limit: the road to {hex_to_label(target.space)} passes a space where the group "
            f"would exceed {rules.stacking_limit} army units"
        )
    if target.how == "launch":
        return shipcraft.launch_problem(game, group)
    if target.how == "beach" and not shipcraft.beach_splits(game, group, target.space):
        return f"the ships cannot land at {hex_to_label(target.space)}: too few pieces in supply or no room for an army"
    if target.how == "embark" and game.load_of(group) > target.room:
        return f"the ships on {hex_to_label(target.space)} have room for only {target.room} more land unit(s)"
    if target.enemy:
        if not _ignores_earlier_terrain(target) and any(u.no_attack for u in group):
            return "units that entered a forest this turn may not move into a battle (except by road)"
        if armies == 0 and any(not game.is_ship(u) for u in group):
            return (
                f"{_plural_kinds(game, group)} may enter a space with enemy units or an enemy city only together "
                "with an army unit"
            )
        return (
            _city_barred(game, group, target.space)
            or _fortress_barred(game, group[0].owner, target.space)
            or _toll_problem(game, group[0].owner, armies, target)
            or _truce_problem(game, group[0].owner, target.space)
        )
    return None


def _defending_wonder_effects(game: Game, attacker: int, space: Hex, name: str) -> list[Effect]:
    """The `name` effects of the owner of the city at `space` (not the attacker) that a wonder in it grants."""
    city = game.city_at(space)
    if city is None or city.owner < 0 or city.owner == attacker:
        return []
    found = effects.active(game, game.player(city.owner), name)
    return [e for e in found if any(game.rules.wonders[w].name == e.source for w in city.wonders)]


def _fortress_barred(game: Game, attacker: int, space: Hex) -> str | None:
    """`fortress_needs_advance` (the 2012 Great Wall): only a player with the advance may attack the holder's
    cities with a Fortress."""
    city = game.city_at(space)
    if city is None or city.owner < 0 or city.owner == attacker or not game.building_works(city, FORTRESS):
        return None
    for effect in effects.active(game, game.player(city.owner), "fortress_needs_advance"):
        needed = effects.params_as(effect, FortressNeedsAdvance).advance
        if not game.player(attacker).uses(needed):
            where = hex_to_label(space)
            return f"only a player with {needed} may attack {where}, a city with a Fortress ({effect.source})"
    return None


def attack_toll(game: Game, attacker: int, armies: int, space: Hex) -> dict[str, int]:
    """`attack_toll` (the 2012 Great Mausoleum): what attacking the city at `space` with `armies` army units
    costs its attacker."""
    cost: dict[str, int] = {}
    for effect in _defending_wonder_effects(game, attacker, space, "attack_toll"):
        kinds = effects.params_as(effect, AttackToll).per_army_unit
        cost = plus_costs(cost, any_of(kinds, armies) if len(kinds) > 1 else {kinds[0]: armies})
    return cost


def _toll_problem(game: Game, attacker: int, armies: int, target: Target) -> str | None:
    toll = attack_toll(game, attacker, armies, target.space) if armies else {}
    if toll and not affordable(game, game.player(attacker), plus_costs(dict(target.cost), toll)):
        return f"attacking {hex_to_label(target.space)} costs {describe(toll)}, which its attacker cannot pay"
    return None


def _city_barred(game: Game, group: list[Unit], space: Hex) -> str | None:
    """`city_barred_after_terrain`: the city's owner bars groups that entered some terrain this turn."""
    city = game.city_at(space)
    if city is None or city.owner < 0 or city.owner == group[0].owner:
        return None
    for effect in effects.active(game, game.player(city.owner), "city_barred_after_terrain", at=space):
        terrain = effects.params_as(effect, CityBarredAfterTerrain).terrain
        if any(terrain in u.entered_terrains for u in group):
            entered = game.rules.terrain[terrain].name
            return f"units that entered {entered} this turn may not attack {hex_to_label(space)} ({effect.source})"
    return None


def _truce_problem(game: Game, owner: int, space: Hex) -> str | None:
    """A truce (Negotiations) between the mover and an owner of units or a city at `space`."""
    city = game.city_at(space)
    there = {u.owner for u in game.units_at(space)} | ({city.owner} if city else set())
    for other in there - {owner}:
        if other < 0:
            continue
        for maker, partner in ((owner, other), (other, owner)):
            if game.player(maker).truce_with == partner:
                return (
                    f"{game.player(maker).name} and {game.player(partner).name} may not attack each other until "
                    f"{game.player(maker).name}'s next turn (Negotiations)"
                )
    return None


def _no_route(game: Game, mode: Mode, to: Hex) -> str:
    if not game.on_board(to):
        return f"{hex_to_label(to)} is not on the board"
    if mode == "ship":
        return (
            f"ships cannot reach {hex_to_label(to)}: they sail through connected revealed sea, may not pass "
            "enemy ships or unexplored regions, and may enter an unexplored space next to their sea"
        )
    if mode == "carried":
        return f"units on a ship may only disembark to an adjacent land space, not to {hex_to_label(to)}"
    return (
        f"land units move 1 space to adjacent land, an adjacent unexplored space or their own ship "
        f"with room in an adjacent sea space (by road, 2 spaces over land without enemies to or from "
        f"an own city, if paid for), not to {hex_to_label(to)}"
    )


def _no_city_road(decision: MoveDecision) -> str:
    return (
        f"{decision.city_road} moves a group of land units from one of your cities to another, by road over land "
        "without enemies or a step"
    )


# ------------------------------------------------------------------ enumerating groups


def _likeness(game: Game, unit: Unit) -> tuple[object, ...]:
    """Units with equal likeness are interchangeable: moving either gives the same game."""
    cargo: tuple[object, ...] = ()
    if game.is_ship(unit):
        cargo = tuple(
            sorted(
                (c.kind, c.immobile, c.no_attack, c.moved_this_action, c.stopped_by_terrain, c.entered_terrains)
                for c in cargo_of(game, unit)
            )
        )
    return (
        unit.kind,
        unit.carrier,
        unit.immobile,
        unit.no_attack,
        unit.moved_this_action,
        unit.stopped_by_terrain,
        unit.entered_terrains,
        cargo,
    )


def possible_moves(
    game: Game, owner: int, *, fresh_action: bool = False, city_road: RoadMove | None = None
) -> Iterator[MoveUnits]:
    """Every legal group move of `owner`: one per destination and count of each kind of alike units
    (`city_road`: of a free move between the owner's cities on that road)."""
    units = sorted(game.units_of(owner), key=attrgetter("id"))
    # Roads matter only to units a mountain stopped, so most searches need not ask for the effect.
    roads = any(u.stopped_by_terrain for u in units) and (
        city_road is not None or effects.has(game, game.player(owner), "road_move")
    )
    stacks: dict[tuple[Hex, Mode], list[Unit]] = {}
    for unit in units:
        mode = mode_of(game, unit)
        if unit_free(game, unit, fresh_action=fresh_action, road=roads and mode == "land"):
            stacks.setdefault((unit.pos, mode), []).append(unit)
    if not stacks:
        return
    survey = _Survey(game, owner, city_road)
    for (start, mode), movers in stacks.items():
        by_road = _alike(game, movers)
        # Units a mountain stopped move only by road (and only roads let them in among the movers).
        by_step = [c for c in by_road if unit_free(game, c[0], fresh_action=fresh_action)] if roads else by_road
        step_groups = _groups(game, by_step)
        road_groups = step_groups if len(by_step) == len(by_road) else _groups(game, by_road)
        for target in _each_target(survey, start, mode):
            for group in road_groups if _ignores_earlier_terrain(target) else step_groups:
                if _group_problem(game, group.units, group.armies, target) is None:
                    yield MoveUnits(group.ids, target.space)


def _alike(game: Game, units: list[Unit]) -> list[list[Unit]]:
    """The units in classes of interchangeable ones, in the order of their first units."""
    if len(units) == 1:  # the most common stack: no likeness to work out
        return [units]
    classes: dict[tuple[object, ...], list[Unit]] = {}
    for unit in units:
        classes.setdefault(_likeness(game, unit), []).append(unit)
    return list(classes.values())


class _Group(NamedTuple):
    units: list[Unit]
    ids: tuple[int, ...]  # sorted, as a move names them
    armies: int


def _groups(game: Game, alike: list[list[Unit]]) -> list[_Group]:
    """Every group of some units of each class of `alike` ones (at least one unit in all): the same
    for every destination, so made once per start space, in the order listed."""
    if len(alike) == 1 and len(alike[0]) == 1:  # a lone unit, the most common stack
        unit = alike[0][0]
        return [_Group([unit], (unit.id,), 1 if game.is_army(unit) else 0)]
    found = []
    for counts in product(*(range(len(c) + 1) for c in alike)):
        group = [u for c, k in zip(alike, counts, strict=True) for u in c[:k]]
        if group:
            found.append(_Group(group, tuple(sorted(u.id for u in group)), _armies(game, group)))
    return found


# ------------------------------------------------------------------ carrying out a move


def arrive(game: Game, units: list[Unit], to: Hex) -> None:
    """Put units (ships with their cargo) on `to` and apply its terrain's movement effects."""
    terrain_key = game.terrain(to)
    assert terrain_key is not None, f"{hex_to_label(to)} is not revealed"  # moves end on revealed spaces
    terrain = game.rules.terrain[terrain_key]
    for unit in units:
        if game.is_ship(unit):
            for cargo in cargo_of(game, unit):
                cargo.pos = to
        unit.pos = to
        unit.carrier = None
        if terrain.stops_movement:
            unit.stopped_by_terrain = unit.stopped_by_terrain or not unit.immobile
            unit.immobile = True
        unit.no_attack = unit.no_attack or terrain.forbids_later_attack
        if terrain_key not in unit.entered_terrains:
            unit.entered_terrains = (*unit.entered_terrains, terrain_key)


def boarding_options(game: Game, group: list[Unit], sea: Hex) -> list[tuple[int, ...]]:
    """The different ways `group` can board the owner's ships on `sea`: a ship id per unit.

    Ways that differ only by swapping alike units or alike ships give the same game and are
    listed once. Ships that can still sail this action come first, so the first way keeps the
    units able to sail on."""
    ships = sorted(
        (u for u in game.units_at(sea) if _carries(game, group[0].owner, u)),
        key=lambda s: (s.moved_this_action or s.immobile, s.id),
    )
    capacity = ship_capacity(game, group[0].owner)
    room = {s.id: capacity - game.load_of(cargo_of(game, s)) for s in ships}
    alike = {u.id: _likeness(game, u) for u in (*ships, *group)}
    options: dict[tuple[object, ...], tuple[int, ...]] = {}
    aboard = [[s.id for s in ships if room[s.id] > 0] if game.load_of([u]) else [s.id for s in ships] for u in group]
    for assignment in product(*aboard):
        load = Counter(ship for u, ship in zip(group, assignment, strict=True) if game.load_of([u]))
        if any(load[ship] > room[ship] for ship in load):
            continue
        boarding = {
            s.id: sorted(alike[u.id] for u, ship in zip(group, assignment, strict=True) if ship == s.id) for s in ships
        }
        key = tuple(sorted((alike[ship], tuple(units)) for ship, units in boarding.items()))
        options.setdefault(key, assignment)
    return list(options.values())


def _board(game: Game, units: list[Unit], ships: tuple[int, ...], sea: Hex) -> None:
    for unit, ship in zip(units, ships, strict=True):
        unit.carrier, unit.pos = ship, sea


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
    return group


# ------------------------------------------------------------------ the actions


def can_move(game: Game, owner: int) -> bool:
    """Whether a new move action would let some unit of `owner` move: `possible_moves` with
    `fresh_action` lists something. Most often the first unit able to move can step alone to an empty
    space next to it, which is asked first; a unit alone is always one of the groups listed."""
    first = next((u for u in game.units if u.owner == owner and unit_free(game, u, fresh_action=True)), None)
    if first is not None and _empty_step(game, first) is not None:
        return True
    return next(possible_moves(game, owner, fresh_action=True), None) is not None


def _empty_step(game: Game, unit: Unit) -> Hex | None:
    """A space next to the land `unit` without pieces, land or face down, that it could move to alone:
    a walk, disembarking or exploring (`_step_targets`), which only the stacking limit could forbid
    there (`_group_problem`: no battle, no partner's surcharge). None if there is none, or for a ship."""
    if game.is_ship(unit) or (1 if game.is_army(unit) else 0) > game.rules.game.stacking_limit:
        return None
    taken = [u.pos for u in game.units] + [c.pos for c in game.cities]  # (a list: looked through once or twice)
    for there in game.board_neighbors(unit.pos):
        if not game.is_water(there) and there not in taken:
            return there
    return None


def _legal_start_move(game: Game) -> list[Action]:
    if game.actions_left <= 0 or not can_move(game, game.current):
        return []
    return [StartMove()]


def _check_start_move(game: Game, action: StartMove) -> None:
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    if not can_move(game, game.current):
        raise RuleError(f"none of {game.player(game.current).name}'s units can move")


@rule(StartMove, legal=_legal_start_move, check=_check_start_move)
def start_move(game: Game, action: StartMove) -> None:
    assert game.actions_left > 0  # checked
    spend_main_action(game)
    begin_move(game, game.current)


def begin_move(game: Game, player: int, attack_bonus: int = 0) -> None:
    """The player's units may move as in one Move action (its action already spent, or none needed)."""
    for unit in game.units_of(player):
        unit.moved_this_action = False
    groups = game.rules.game.move_groups_per_action
    game.pending.append(MoveDecision(player=player, groups_left=groups, attack_bonus=attack_bonus))


def _allowed(decision: MoveDecision, units: tuple[int, ...]) -> bool:
    """A free move of some units only (`only_units`) lets no other unit move; one of `single_units`, no
    more than one unit in a group."""
    if decision.single_units and len(units) > 1:
        return False
    return not decision.only_units or set(units) <= set(decision.only_units)


def _legal_move_units(game: Game) -> list[Action]:
    decision = answering(game, MoveDecision)
    moves = possible_moves(game, decision.player, city_road=city_road_of(game, decision))
    if not decision.only_units:  # (every move is allowed: not asked of each)
        return list(moves)
    return [move for move in moves if _allowed(decision, move.units)]


def _check_move_units(game: Game, action: MoveUnits) -> None:
    decision = answering(game, MoveDecision)
    owner = decision.player
    group = _resolve_group(game, owner, action.units)
    if not _allowed(decision, action.units):
        raise RuleError("in this move only the units it was granted for may move")
    start, mode = group[0].pos, mode_of(game, group[0])
    road = city_road_of(game, decision)
    target = _target(game, owner, start, mode, action.to, road)
    for unit in group:
        problem = unit_problem(game, unit, road=_ignores_earlier_terrain(target))
        if problem:
            raise RuleError(problem)
    if target is None:
        raise RuleError(_no_city_road(decision) if road else _no_route(game, mode, action.to))
    problem = group_problem(game, group, target)
    if problem:
        raise RuleError(problem)
    if (
        action.payment
        and not target.cost
        and not (target.enemy and attack_toll(game, owner, _armies(game, group), action.to))
    ):
        raise RuleError(f"moving to {hex_to_label(action.to)} costs nothing: send the move without a payment")


@rule(MoveUnits, legal=_legal_move_units, answers=(MoveDecision,), check=_check_move_units)
def move_units(game: Game, action: MoveUnits) -> None:
    decision = answering(game, MoveDecision)
    owner = decision.player
    player = game.player(owner)
    group = [game.existing_unit(unit_id) for unit_id in action.units]  # checked: the mover's, on one space
    start, mode = group[0].pos, mode_of(game, group[0])
    target = _target(game, owner, start, mode, action.to, city_road_of(game, decision))
    assert target is not None  # checked: the group can reach the destination
    payment = None
    cost = dict(target.cost)
    if target.enemy:
        cost = plus_costs(cost, attack_toll(game, owner, _armies(game, group), action.to))
    if cost:
        payment = settle(game, action, cost)
        if payment is None:
            return  # the player chooses how to pay first

    decision.groups_left -= 1
    if decision.groups_left == 0:
        game.pending.pop()
    for unit in group:
        unit.moved_this_action = True
    route = " by road" if target.how == "road" else " around the board" if target.entry is not None else ""
    origin, to = hex_to_label(start), hex_to_label(action.to)
    log.say(
        game,
        "move.moves",
        player.index,
        units=log.units(game, [u.kind for u in group]),
        origin=origin,
        space=to,
        route=route,
    )
    if payment:
        pay(player, payment)
        log.say(game, "move.paid", player.index, payment=log.things(payment))
    if mode == "ship":
        _movement_rewards(game, decision, sail_around=target.entry is not None)
    if target.how == "explore":
        exploration.explore(game, owner, group, start, action.to, entry=target.entry)
        return
    if target.how == "embark":
        options = boarding_options(game, group, action.to)
        if len(options) > 1:
            ids = [u.id for u in group]
            game.pending.append(BoardingDecision(player=owner, units=ids, sea=action.to, options=options))
            return
        _board(game, group, options[0], action.to)
    elif target.how == "launch":
        shipcraft.launch(game, group, action.to)
    elif target.how == "beach":
        cargo = [u for ship in group for u in cargo_of(game, ship)]
        arrive(game, [*group, *cargo], action.to)
        shipcraft.beach(game, group, action.to)
    else:
        arrive(game, group, action.to)
        if mode == "ship" and pirate_share.asked_to_share(game, owner, [u.id for u in group], action.to, start):
            return
        if target.road_terrain == "ignored":
            _terrain_ignored(game, group, "by road")
        elif target.how in ("walk", "road") and not target.enemy:
            _offer_terrain_ignored(game, player, group, start, action.to)
    if target.enemy:
        ids = [u.id for u in group]
        staying = start == action.to  # ships attacking the pirates that shared their space: no retreat
        if staying:
            pirate_share.release(game, action.to)
        # a bonus for the move's first battle (Great Warlord) is used up by it
        if combat.enter_space(
            game,
            owner,
            ids,
            action.to,
            dict.fromkeys(ids, start),
            can_retreat=not staying,
            attack_bonus=decision.attack_bonus,
        ):
            decision.attack_bonus = 0


IGNORE_TERRAIN = "ignore_terrain_for_pay"


def _terrain_ignored(game: Game, group: list[Unit], why: str) -> None:
    """The group ignores terrain this move: no Mountain stops it, no Forest keeps it from battle."""
    if any(u.immobile or u.no_attack for u in group):
        log.say(game, "move.terrain_ignored", space=hex_to_label(group[0].pos), why=why)
    for unit in group:
        unit.immobile = unit.no_attack = unit.stopped_by_terrain = False


def _offer_terrain_ignored(game: Game, player: Player, group: list[Unit], start: Hex, to: Hex) -> None:
    """`ignore_terrain_for_pay` (the 2012 Roads): a group moved to or from the player's city into terrain that
    holds it back may have it ignored for a price."""
    held_back = [u for u in group if u.stopped_by_terrain or u.no_attack]
    own = {c.pos for c in game.cities_of(player.index)}
    if not held_back or not ({start, to} & own):
        return
    for effect in effects.active(game, player, IGNORE_TERRAIN):
        ways = payment_options(game, player, amounts(effects.params_as(effect, IgnoreTerrainForPay).cost))
        if ways:
            ids = " ".join(str(u.id) for u in group)
            game.pending.append(
                EffectChoiceDecision(
                    player=player.index,
                    source=effect.source,
                    effect=IGNORE_TERRAIN,
                    options=[*(f"pay {describe(way)}: units {ids} ignore the terrain" for way in ways), "decline"],
                    amounts=[*({k: -v for k, v in way.items()} for way in ways), {}],
                )
            )
            return


def _take_terrain_ignored(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    change = decision.amounts[decision.options.index(option)]
    if not change:
        return
    player = game.player(decision.player)
    paid = {k: -v for k, v in change.items()}
    pay(player, paid)
    ids = option.split("units ", 1)[1].split(" ignore", 1)[0].split()
    group = [game.existing_unit(int(i)) for i in ids]
    log.say(game, "move.terrain_paid", player.index, payment=log.things(paid), source=decision.source)
    _terrain_ignored(game, group, f"({decision.source})")


CHOICE_RULES[IGNORE_TERRAIN] = (affordable_options, _take_terrain_ignored)


def _movement_rewards(game: Game, decision: MoveDecision, sail_around: bool) -> None:
    """A group of ships moved: pay each `movement_reward` whose trigger happened, once per move action."""
    player = game.player(decision.player)
    for effect in effects.active(game, player, "movement_reward"):
        reward = effects.params_as(effect, MovementReward)
        key = f"{effect.source}:{reward.trigger}"
        if key in decision.rewarded or (reward.trigger == "sail_around" and not sail_around):
            continue
        decision.rewarded.append(key)
        kept = gain(game, player, amounts(reward.gain))
        if any(kept.values()):
            log.say(game, "move.reward", player.index, what=log.things(kept), source=effect.source)


def _boarding(game: Game) -> BoardingDecision:
    decision = game.pending[-1]
    assert isinstance(decision, BoardingDecision)  # the controller checked what is pending
    return decision


def _legal_board_ships(game: Game) -> list[Action]:
    return [BoardShips(option) for option in _boarding(game).options]


@rule(BoardShips, legal=_legal_board_ships, answers=(BoardingDecision,))
def board_ships(game: Game, action: BoardShips) -> None:
    decision = _boarding(game)
    if tuple(action.ships) not in decision.options:
        raise RuleError(
            "each unit boards one of the ships on its sea space, at most as many per ship as it has room for"
        )
    game.pending.pop()
    units = [u for u in game.units if u.id in decision.units]
    units.sort(key=lambda u: decision.units.index(u.id))
    _board(game, units, tuple(action.ships), decision.sea)
    ships = sorted(set(action.ships))
    named = f"ship {ships[0]}" if len(ships) == 1 else "ships " + listed(map(str, ships))
    log.say(game, "move.boards", decision.player, ships=named)


def _legal_end_move(game: Game) -> list[Action]:
    return [EndMove()]


@rule(EndMove, legal=_legal_end_move, answers=(MoveDecision,))
def end_move(game: Game, action: EndMove) -> None:
    game.pending.pop()
