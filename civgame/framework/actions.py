"""The roots of every game's actions and pending decisions.

An action is immutable and comparable, and saved in the game's history; a decision is plain data
naming the player who must answer it. Each game derives its own roots with a `REGISTRY` of its own
(`class Action(framework.actions.Action): REGISTRY = {}`), so that two games may use the same kind
names without meeting in one codec registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from civgame.framework.codec import Tagged, from_plain


@dataclass(frozen=True)
class Action(Tagged):
    """Something a player does: a turn action, or the answer to a pending decision."""


@dataclass
class Decision(Tagged):
    """A choice the rules wait for; `player` must answer it."""

    player: int

    def describe(self) -> str:
        return self.KIND.replace("_", " ")


def action_like(known: Action, data: Any) -> Action:
    """`data` decoded as an action of the same game as `known` (through that game's root and its
    `REGISTRY`); CodecError names what does not fit. Whoever holds one action of a game (a listed
    legal action) can so read any other, without knowing which game it is."""
    root = next(cls for cls in type(known).__mro__ if "REGISTRY" in cls.__dict__)
    decoded: object = from_plain(root, data, "action")
    assert isinstance(decoded, Action)
    return decoded
