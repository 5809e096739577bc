"""Undo within a turn, for interfaces: snapshots of the game taken before each action.

An action can be taken back only while it revealed nothing a player did not know before (what
counts as revealing is the game's: a die, a card drawn, a tile turned over) and only within the
turn it was taken in, so one player can never take back what another has seen happen. Restoring a
snapshot gives back the whole earlier game, history included, so a game that used undo replays from
its seed and history to the very same state. What was undone is kept (`undone`) for the interface.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

G = TypeVar("G")
Plain = dict[str, Any]


@dataclass(frozen=True)
class UndoRules(Generic[G]):
    """What undo needs of a game."""

    snapshot: Callable[[G], Plain]  # the whole game as plain data
    restore: Callable[[Plain, G], G]  # a snapshot as a game again (given the game now, for what never changes)
    reveals: Callable[[Plain, G], bool]  # whether the step from the snapshot to the game showed anything hidden
    same_turn: Callable[[Plain, G], bool]  # whether the game is still in the snapshot's turn, with the same decider


@dataclass
class _Step:
    before: Plain
    label: str


@dataclass
class UndoHistory(Generic[G]):
    """The actions of the current turn that can still be taken back, newest last."""

    rules: UndoRules[G]
    steps: list[_Step] = field(default_factory=list)
    blocked: str = "nothing left to undo this turn"  # why there is nothing (more) to undo
    undone: list[str] = field(default_factory=list)  # labels undone since the last action, in order

    def snapshot(self, game: G) -> Plain:
        """Call before applying an action; pass the result to `applied` afterwards."""
        return self.rules.snapshot(game)

    def applied(self, before: Plain, game: G, label: str) -> None:
        """Record that the action called `label` turned `before` into `game`."""
        self.undone = []
        if self.rules.reveals(before, game):
            self._clear(f'"{label}" revealed new information (a die, a card or a region)')
        elif not self.rules.same_turn(before, game):
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

    def undo(self, game: G) -> G:
        """The game exactly as it was before the newest undoable action (the label joins `undone`)."""
        if not self.steps:
            raise ValueError(f"nothing to undo: {self.blocked}")
        step = self.steps.pop()
        self.undone.append(step.label)
        return self.rules.restore(step.before, game)
