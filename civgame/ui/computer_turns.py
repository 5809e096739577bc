"""Computer seats in the window: each decision is thought out on a worker thread, so the window keeps
drawing, and shown one move at a time at the animation speed the player chose.

The worker gets its own copy of the game and the list of legal actions; the scene applies the
chosen action on the render thread, as if the player had clicked it. Pausing stops the next move
from being shown (a decision already being thought out still finishes); Faster shows the moves
without animations or pauses between them.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Sequence

from civgame.ai.types import Agent
from civgame.engine.core.actions import Action
from civgame.engine.core.copying import copy_game
from civgame.engine.core.model import Game

# Seconds between two computer moves (after their animation), by animation speed, so that each
# move can be followed on the board.
MOVE_PAUSES = {"off": 0.15, "fast": 0.3, "normal": 0.6, "slow": 1.2}
# The render thread must get the interpreter back quickly while a worker searches: a frame is
# only a few milliseconds of Python.
SWITCH_INTERVAL = 0.0002
LEVEL_NAMES = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}


class ComputerTurns:
    def __init__(self, agents: dict[int, Agent], levels: dict[int, str]) -> None:
        self.agents = agents
        self.levels = levels  # seat -> level name, for what the window says
        self.paused = False
        self.faster = False
        self.seat: int | None = None  # the seat whose decision is being thought out
        self.started = 0.0
        self.next_move_at = 0.0  # no move is shown before this (time.monotonic)
        self._thread: threading.Thread | None = None
        self._result: Action | BaseException | None = None

    def plays(self, seat: int) -> bool:
        return seat in self.agents

    @property
    def thinking(self) -> bool:
        return self._thread is not None

    def label(self, seat: int) -> str:
        return f"computer, {LEVEL_NAMES.get(self.levels.get(seat, ''), 'computer')}"

    def start(self, game: Game, actions: Sequence[Action]) -> None:
        """Think out the decision of `game.actor()` among `actions` on a worker thread."""
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)
        self.seat = game.actor()
        self.started = time.monotonic()
        self._result = None
        agent, position = self.agents[self.seat], copy_game(game, with_record=False)
        self._thread = threading.Thread(
            target=self._think, args=(agent, position, list(actions)), name="computer player", daemon=True
        )
        self._thread.start()

    def _think(self, agent: Agent, game: Game, actions: list[Action]) -> None:
        try:
            self._result = agent.choose(game, actions)
        except Exception as exc:  # handed to the render thread, which reports it like any error
            self._result = exc

    def take(self) -> Action | None:
        """The decided action once the worker is done (None while it thinks); re-raises its error."""
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        result, self._result = self._result, None
        if isinstance(result, BaseException):
            raise result
        return result

    def shown(self, speed: str) -> None:
        """A computer move was just applied: wait a moment before the next one."""
        pause = 0.0 if self.faster else MOVE_PAUSES.get(speed, MOVE_PAUSES["normal"])
        self.next_move_at = time.monotonic() + pause

    def wait(self, timeout: float | None = None) -> None:
        """Block until the worker is done (for tests and for leaving the game)."""
        if self._thread is not None:
            self._thread.join(timeout)
