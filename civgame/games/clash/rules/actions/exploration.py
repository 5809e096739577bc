"""Exploring: a unit moving into a face-down region turns the whole region face up.

The region keeps its position and takes its base rotation or the opposite one (base + 3).
The rules of components.md e.5 are tried in order and the first that tells the two apart
decides; if none does, the exploring player chooses (an `OrientationDecision`):

1. entry: land units — the entered space must not be sea;
          ships — the region's sea must touch the sea the ship can sail through (for ships that
          sailed around the board straight into the region: the outside of the board);
2. connect water: a sea space of the region next to already revealed sea;
3. edge: a sea space of the region next to the edge of the board.

The tile was dealt face down at setup, so revealing draws nothing from the RNG.
"""

from __future__ import annotations

from collections.abc import Callable

from civgame.framework.errors import RuleError
from civgame.framework.wording import listed
from civgame.games.clash.core.actions import Action, ChooseOrientation
from civgame.games.clash.core.decisions import EffectChoiceDecision, OrientationDecision
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex, neighbors, region_slots
from civgame.games.clash.core.model import Game, Region, Unit
from civgame.games.clash.rules import events
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.registry import answering, rule


def named(region: Region) -> str:
    """How the log names a region: by its centre space, as players see it on the board."""
    return f"the region around {hex_to_label(region.anchor)}"


def say_placement(game: Game, player: int, region: Region, rotation: int) -> None:
    """ "Player 1 turns the region around D4 so its sea lies at C5 and D5" (without sea: where its first
    space lies)."""
    sea = sea_slots(game, region, rotation)
    if sea:
        spaces = listed(hex_to_label(h) for h in sorted(sea))
        log.say(game, "explore.turns", player, region=named(region), spaces=spaces)
        return
    space, code = next(zip(region_slots(region.anchor, rotation), game.tile(region.tile), strict=False))
    terrain = game.rules.terrain[game.rules.terrain_by_code(code)].name
    log.say(game, "explore.places", player, region=named(region), terrain=terrain, space=hex_to_label(space))


def sea_slots(game: Game, region: Region, rotation: int) -> list[Hex]:
    """The spaces the region's sea would cover at `rotation`, in slot order."""
    terrain = game.tile(region.tile)
    return [
        space
        for space, code in zip(region_slots(region.anchor, rotation), terrain, strict=False)
        if game.rules.terrain[game.rules.terrain_by_code(code)].water
    ]


def _touches(spaces: list[Hex], group: frozenset[Hex]) -> bool:
    return any(n in group for s in spaces for n in neighbors(s))


def _ship_sea(game: Game, owner: int, units: list[Unit], origin: Hex, entry: Hex | None) -> frozenset[Hex] | None:
    """The sea the exploring ships can sail through (before revealing); None for land units.

    Ships that sailed around the board came back onto it at `entry`: they sail the sea there, or,
    if `entry` is the unexplored space itself, they come from the outside of the board.
    """
    from civgame.games.clash.rules.actions import movement  # movement imports this module at load time

    if not any(game.is_ship(u) for u in units):
        return None
    if entry is None:
        return movement.sea_reach(game, owner, origin).passable
    if not game.revealed(entry):
        return movement.board_edge(game).outside
    return movement.sea_reach(game, owner, entry).passable


def orientation_options(game: Game, region: Region, target: Hex | None, ship_sea: frozenset[Hex] | None) -> list[int]:
    """The rotation the rules force as a one-item list, or both when the explorer chooses. `target`
    None: the region is revealed with no unit entering it (Great Explorer), so the entry rule is silent."""
    options = [region.base_rotation, (region.base_rotation + 3) % 6]
    sea = {rotation: sea_slots(game, region, rotation) for rotation in options}

    def entry(rotation: int) -> bool:
        if ship_sea is not None:
            return _touches(sea[rotation], ship_sea)
        return target is None or target not in sea[rotation]

    def connects_water(rotation: int) -> bool:
        return any(game.is_water(n) for s in sea[rotation] for n in neighbors(s))

    def touches_edge(rotation: int) -> bool:
        return any(not game.on_board(n) for s in sea[rotation] for n in neighbors(s))

    rules: list[Callable[[int], bool]] = [entry, connects_water, touches_edge]
    for applies in rules:
        chosen = [rotation for rotation in options if applies(rotation)]
        if len(chosen) == 1:
            return chosen
    return options


def explore(game: Game, owner: int, units: list[Unit], origin: Hex, target: Hex, entry: Hex | None = None) -> None:
    """`units` (one group, all from `origin`) move into face-down `target`: reveal its region.

    `entry`: ships that sailed around the board came back onto it there (see `_ship_sea`).
    """
    region = game.space_region[target]
    ship_sea = _ship_sea(game, owner, units, origin, entry)
    options = orientation_options(game, region, target, ship_sea)
    if len(options) == 1:
        _reveal_and_enter(game, region, options[0], units, target, ship_sea)
        return
    game.pending.append(
        OrientationDecision(
            player=owner,
            region=region.number,
            options=options,
            units=[u.id for u in units],
            origin=origin,
            target=target,
            entry=entry,
        )
    )
    log.say(game, "explore.orientation", owner, region=named(region))


def _reveal_and_enter(
    game: Game, region: Region, rotation: int, units: list[Unit], target: Hex, ship_sea: frozenset[Hex] | None
) -> None:
    from civgame.games.clash.rules.actions import movement  # movement imports this module at load time

    explorer = units[0].owner if units else game.current
    reveal(game, region, rotation)
    _barbarians_appear(game, explorer, region, target if units else None)
    if ship_sea is None:
        if game.is_land(target):
            movement.arrive(game, units, target)
    else:
        region_sea = sea_slots(game, region, rotation)
        if game.is_water(target):
            movement.arrive(game, units, target)
        elif _touches(region_sea, ship_sea):
            movement.arrive(game, units, region_sea[0])
        else:
            log.say(game, "explore.ship_stays", region=named(region))
    _pirates_appear(game, explorer, region)


EXPLORE_SPAWN = "explore_spawn"  # the EffectChoiceDecision of where barbarians appear in an explored region


def _barbarians_appear(game: Game, explorer: int, region: Region, entered: Hex | None) -> None:
    """`barbarians.explore_spawn` (the 2012 edition): a region revealed with enough spaces of its terrain
    gets a barbarian settlement and army unit on one of them, the explorer's choice, never the space the
    exploring units entered."""
    spawn = game.rules.game.barbarians.explore_spawn
    if spawn is None or not events.barbarians_may_settle(game):
        return
    of_terrain = [h for h in region.spaces() if game.terrain(h) == spawn.terrain]
    if len(of_terrain) < spawn.spaces:
        return
    occupied = {u.pos for u in game.units} | {c.pos for c in game.cities}
    spaces = [h for h in of_terrain if h != entered and h not in occupied]
    _place_or_ask(game, explorer, region, spaces, EXPLORE_SPAWN, events.place_barbarian_settlement)


def _place_or_ask(
    game: Game, explorer: int, region: Region, spaces: list[Hex], choice: str, place: Callable[[Game, Hex], None]
) -> None:
    """What an explored region brings goes to the one space it may, or the explorer chooses (`choice`)."""
    labels = sorted(hex_to_label(h) for h in spaces)
    if len(labels) == 1:
        place(game, label_to_hex(labels[0]))
    elif labels:
        game.pending.append(EffectChoiceDecision(player=explorer, source=named(region), effect=choice, options=labels))


def settle_barbarians(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    events.place_barbarian_settlement(game, label_to_hex(option))


EXPLORE_PIRATE = "explore_pirate"  # the EffectChoiceDecision of where a pirate ship appears in an explored region


def _pirates_appear(game: Game, explorer: int, region: Region) -> None:
    """`pirates.explore_spawn_sea_spaces` (the Civilizations expansion): a region revealed with that many sea
    spaces gets a pirate ship from the supply on one of them, the explorer's choice, not where a player's ship
    stands (an exploring ship has entered by then)."""
    wanted = game.rules.game.pirates.explore_spawn_sea_spaces
    if wanted is None or not events.pirate_in_supply(game):
        return
    seas = [h for h in region.spaces() if game.is_water(h)]
    if len(seas) < wanted:
        return
    manned = {u.pos for u in game.units if u.owner >= 0}
    _place_or_ask(game, explorer, region, [h for h in seas if h not in manned], EXPLORE_PIRATE, events.place_pirate)


def place_explored_pirate(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    events.place_pirate(game, label_to_hex(option))


def reveal(game: Game, region: Region, rotation: int) -> None:
    region.rotation = rotation
    game.invalidate_board()
    log.say(game, "explore.revealed", region=named(region))


def _legal_orientations(game: Game) -> list[Action]:
    return [ChooseOrientation(rotation) for rotation in answering(game, OrientationDecision).options]


@rule(ChooseOrientation, legal=_legal_orientations, answers=(OrientationDecision,))
def choose_orientation(game: Game, action: ChooseOrientation) -> None:
    decision = answering(game, OrientationDecision)
    if action.rotation not in decision.options:
        raise RuleError(
            f"{named(game.regions[decision.region - 1])} can only lie one of the {len(decision.options)} ways offered"
        )
    region = next(r for r in game.regions if r.number == decision.region)
    units = [game.existing_unit(i) for i in decision.units]
    ship_sea = _ship_sea(game, decision.player, units, decision.origin, decision.entry)
    game.pending.pop()
    say_placement(game, decision.player, region, action.rotation)
    _reveal_and_enter(game, region, action.rotation, units, decision.target, ship_sea)
