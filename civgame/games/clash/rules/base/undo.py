"""What undo within a turn means in Clash (the mechanism is `civgame.framework.undo`).

An action can be taken back only while it revealed nothing a player did not know before: no
die was rolled and no deck shuffled (the RNG state is unchanged), no card was drawn (every
deck's draw pile is unchanged), and no region was turned over or shown for orientation. The
snapshots are also dropped when the turn passes on or another player must decide, so one
player can never take back what another player has seen happen on their own turn.

Restoring a snapshot gives back the whole earlier game, history and log included, so a game
that used undo replays from its seed and history to the very same state. What was undone is
kept here (`undone`) for the interface to show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from civgame.framework import undo as framework
from civgame.framework.codec import from_plain, to_plain
from civgame.framework.undo import Plain, UndoRules
from civgame.games.clash.core.decisions import CardExchangeDecision, OrientationDecision
from civgame.games.clash.core.model import Game


def reveals_information(before: Plain, game: Game) -> bool:
    """True if `game`, reached from the plain snapshot `before`, shows something random or hidden."""
    if before["rng"]["state"] != game.rng.state:
        return True  # a die roll or a shuffle
    for name, deck in game.decks.items():
        if before["decks"].get(name, {}).get("draw") != list(deck.draw):
            return True  # a card was drawn (or a pile replaced)
    if [r["rotation"] for r in before["regions"]] != [r.rotation for r in game.regions]:
        return True  # a region was explored
    # a tile shown face up, or another player's hand shown (Spy)
    shown = sum(1 for d in before["pending"] if d["kind"] in (OrientationDecision.KIND, CardExchangeDecision.KIND))
    return sum(1 for d in game.pending if isinstance(d, OrientationDecision | CardExchangeDecision)) > shown


def _turn_of(game: Game) -> tuple[str, int, int, int, int]:
    return game.phase, game.age, game.round, game.current, game.actor()


def _turn_of_plain(before: Plain) -> tuple[str, int, int, int, int]:
    actor = before["pending"][-1]["player"] if before["pending"] else before["current"]
    return before["phase"], before["age"], before["round"], before["current"], actor


def _restore(before: Plain, game: Game) -> Game:
    restored = from_plain(Game, before)
    restored.rules = game.rules
    return restored


CLASH_UNDO: UndoRules[Game] = UndoRules(
    snapshot=lambda game: cast(Plain, to_plain(game)),
    restore=_restore,
    reveals=reveals_information,
    same_turn=lambda before, game: _turn_of_plain(before) == _turn_of(game),
)


@dataclass
class UndoHistory(framework.UndoHistory[Game]):
    """Clash's undo within a turn (see `civgame.framework.undo`)."""

    rules: UndoRules[Game] = field(default=CLASH_UNDO)
