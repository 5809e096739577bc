"""Land units that put to sea as ships and ships that land as land units (`ship_conversion`).

Movement (`movement.py`) offers the two extra destinations — `launch` (land group to an adjacent sea
space) and `beach` (ships to an adjacent land space) — and calls this module to check and carry them
out. How the landed ships split among the unit kinds is the holder's choice (`EffectChoiceDecision`):
they land as the first split at once, and a choice of another split follows when there is one.
"""

from __future__ import annotations

from civgame.framework.wording import counted
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects.military import ShipConversion
from civgame.games.clash.core.decisions import EffectChoiceDecision
from civgame.games.clash.core.hexgrid import Hex, hex_to_label
from civgame.games.clash.core.model import Game, Unit
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.base import log

SHIP = "ship"
Split = tuple[int, ...]  # how many of each of the effect's unit kinds


def conversion(game: Game, owner: int) -> tuple[str, list[str]] | None:
    """(source, unit kinds) of the owner's `ship_conversion` effect, if any."""
    found = _conversion_effect(game, owner)
    return (found[0], found[1].units) if found else None


def _conversion_effect(game: Game, owner: int) -> tuple[str, ShipConversion] | None:
    if owner < 0:
        return None
    found = effects.active(game, game.player(owner), "ship_conversion")
    return (found[0].source, effects.params_as(found[0], ShipConversion)) if found else None


def _supply(game: Game, owner: int, kind: str) -> int:
    return game.rules.units[kind].limit - len(game.pieces_of(owner, kind))


def launch_problem(game: Game, group: list[Unit]) -> str | None:
    """Why `group` cannot put to sea as ships (None if it can)."""
    found = conversion(game, group[0].owner)
    assert found is not None  # only offered with the effect
    source, kinds = found
    if any(u.kind not in kinds for u in group):
        return f"only {', '.join(kinds)} may put to sea as ships ({source})"
    if len(group) > _supply(game, group[0].owner, SHIP):
        return f"{game.player(group[0].owner).name} has too few ship pieces left for them all"
    return None


def launch(game: Game, group: list[Unit], to: Hex) -> None:
    for unit in group:
        unit.kind, unit.pos, unit.carrier = SHIP, to, None
    log.say(game, "ships.launch", group[0].owner, units=counted(len(group), "unit"), space=hex_to_label(to))


def beach_splits(game: Game, ships: list[Unit], to: Hex) -> list[Split]:
    """Every way the landing ships may become the effect's unit kinds, most of the first kind first."""
    owner = ships[0].owner
    found = _conversion_effect(game, owner)
    assert found is not None  # only offered with the effect
    kinds, movable_only = found[1].units, found[1].land_as_movable
    ship_ids = {s.id for s in ships}
    cargo_armies = sum(1 for u in game.units if u.carrier in ship_ids and game.is_army(u))
    here = sum(1 for u in game.units_at(to) if u.owner == owner and u.carrier is None and game.is_army(u))
    room = game.rules.game.stacking_limit - here - cargo_armies
    splits: list[Split] = []
    for split in _compositions(len(ships), len(kinds)):
        armies = sum(n for n, kind in zip(split, kinds, strict=True) if game.rules.units[kind].army)
        if armies <= room and all(
            n <= _landable(game, owner, k, movable_only) for n, k in zip(split, kinds, strict=True)
        ):
            splits.append(split)
    return splits


def _landable(game: Game, owner: int, kind: str, movable_only: bool) -> int:
    """How many ships may land as `kind`: the pieces in supply; with `movable_only` none of a kind the owner
    may not move (landing is part of a move)."""
    needed = game.rules.units[kind].requires_advance_to_move
    barred = movable_only and needed and not game.player(owner).uses(needed)
    return 0 if barred else _supply(game, owner, kind)


def _compositions(total: int, parts: int) -> list[Split]:
    """Every tuple of `parts` counts adding up to `total`, the first count largest first."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total, -1, -1) for rest in _compositions(total - first, parts - 1)]


def _describe(kinds: list[str], split: Split) -> str:
    return " and ".join(f"{n} {kind}" for n, kind in zip(split, kinds, strict=True) if n)


def _landed(game: Game, kinds: list[str], split: Split) -> str:
    """ "2 infantry and 1 cavalry": what the ships become, as the log says it."""
    return log.units(game, [kind for n, kind in zip(split, kinds, strict=True) for _ in range(n)])


def beach(game: Game, ships: list[Unit], to: Hex) -> None:
    """The ships (already ashore with their cargo) become land units: the first split now, and a
    choice of another split when there is one."""
    found = conversion(game, ships[0].owner)
    assert found is not None
    source, kinds = found
    splits = beach_splits(game, ships, to)
    _become(ships, kinds, splits[0])
    ids = ", ".join(str(s.id) for s in ships)
    log.say(game, "ships.land", ships[0].owner, space=hex_to_label(to), units=_landed(game, kinds, splits[0]))
    if len(splits) > 1:
        options = [f"ships {ids} land as {_describe(kinds, split)}" for split in splits]
        game.pending.append(
            EffectChoiceDecision(player=ships[0].owner, source=source, effect="ship_conversion", options=options)
        )


def _become(units: list[Unit], kinds: list[str], split: Split) -> None:
    queue = [kind for n, kind in zip(split, kinds, strict=True) for _ in range(n)]
    for unit, kind in zip(units, queue, strict=True):
        unit.kind = kind


def _split_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return list(decision.options)


def _resplit(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Answer: the landed units take the chosen split instead of the first one."""
    ids = {int(i) for i in option.removeprefix("ships ").split(" land as ")[0].split(", ")}
    units = sorted((u for u in game.units if u.id in ids), key=lambda u: u.id)
    found = conversion(game, decision.player)
    assert found is not None  # the effect was held a moment ago
    kinds = found[1]
    chosen = _parse_split(option.split(" land as ")[1], kinds)
    _become(units, kinds, chosen)
    log.say(game, "ships.become", decision.player, units=_landed(game, kinds, chosen))


def _parse_split(text: str, kinds: list[str]) -> Split:
    counts = {part.split(" ", 1)[1]: int(part.split(" ", 1)[0]) for part in text.split(" and ")}
    return tuple(counts.get(kind, 0) for kind in kinds)


CHOICE_RULES["ship_conversion"] = (_split_options, _resplit)
