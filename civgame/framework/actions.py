"""The roots of every game's actions and pending decisions.

An action is immutable and comparable, and saved in the game's history; a decision is plain data
naming the player who must answer it. Each game derives its own roots with a `REGISTRY` of its own
(`class Action(framework.actions.Action): REGISTRY = {}`), so that two games may use the same kind
names without meeting in one codec registry.
"""

from __future__ import annotations

from dataclasses import dataclass

from civgame.framework.codec import Tagged


@dataclass(frozen=True)
class Action(Tagged):
    """Something a player does: a turn action, or the answer to a pending decision."""


@dataclass
class Decision(Tagged):
    """A choice the rules wait for; `player` must answer it."""

    player: int

    def describe(self) -> str:
        return self.KIND.replace("_", " ")
