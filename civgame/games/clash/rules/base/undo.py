"""Undo within a turn, for interfaces: snapshots of the game taken before each action.

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
from typing import Any, cast

from civgame.framework.codec import from_plain, to_plain
from civgame.games.clash.core.decisions import CardExchangeDecision, OrientationDecision
from civgame.games.clash.core.model import Game

Plain = dict[str, Any]


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


@dataclass
class _Step:
    before: Plain
    label: str


@dataclass
class UndoHistory:
    """The actions of the current turn that can still be taken back, newest last."""

    steps: list[_Step] = field(default_factory=list)
    blocked: str = "nothing left to undo this turn"  # why there is nothing (more) to undo
    undone: list[str] = field(default_factory=list)  # labels undone since the last action, in order

    @staticmethod
    def snapshot(game: Game) -> Plain:
        """Call before applying an action; pass the result to `applied` afterwards."""
        return cast(Plain, to_plain(game))

    def applied(self, before: Plain, game: Game, label: str) -> None:
        """Record that the action called `label` turned `before` into `game`."""
        self.undone = []
        if reveals_information(before, game):
            self._clear(f'"{label}" revealed new information (a die, a card or a region)')
        elif _turn_of_plain(before) != _turn_of(game):
            self._clear("nothing left to undo this turn")
        else:
            self.steps.append(_Step(before, label))

    def _clear(self, reason: str) -> None:
        self.steps = []
        self.blocked = reason

    @property
    def can_undo(self) -> bool:
        return bool(self.steps)

    @property
    def next_label(self) -> str | None:
        return self.steps[-1].label if self.steps else None

    def undo(self, game: Game) -> Game:
        """The game exactly as it was before the newest undoable action (the label joins `undone`)."""
        if not self.steps:
            raise ValueError(f"nothing to undo: {self.blocked}")
        step = self.steps.pop()
        restored = from_plain(Game, step.before)
        restored.rules = game.rules
        self.undone.append(step.label)
        return restored
