"""Computer players that do not go in circles, in any game.

A computer player may rank, in each of two positions, the action that leads to the other one higher: a
free action and the one undoing it (Clash: a payment taken and cancelled; Sid Meier's Civilization: a
scout assigned to one city and back), for ever. `CircleGuard` keeps it from taking, in a position it has
already acted in this turn, the action it took there: back where it was, it chooses otherwise. Each game
says what its turn and its positions are (`civgame/ai/loops.py` for Clash, `civgame/ai/sidmeier.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol


class Chooser(Protocol):
    def choose(self, game: Any, actions: Sequence[Any]) -> Any: ...


class CircleGuard:
    """A computer player that never takes again, in a position it acted in before this turn, the action it
    took there; it chooses among the others, or among all when it has taken each of them there already."""

    def __init__(self, agent: Chooser, turn: Callable[[Any], Hashable], position: Callable[[Any], Hashable]) -> None:
        self.agent = agent
        self._turn_of, self._position_of = turn, position
        self._turn: Hashable | None = None
        self._taken: dict[Hashable, set[Any]] = {}  # position -> the actions taken in it this turn

    def choose(self, game: Any, actions: Sequence[Any]) -> Any:
        if len(actions) == 1:  # forced: taken at once (no other way round a circle; no position to note)
            return actions[0]
        turn = self._turn_of(game)
        if turn != self._turn:
            self._turn, self._taken = turn, {}
        taken = self._taken.setdefault(self._position_of(game), set())
        fresh = [action for action in actions if action not in taken]
        action = self.agent.choose(game, fresh or actions)
        taken.add(action)
        return action
