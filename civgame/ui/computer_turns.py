"""Computer seats in the window: each decision is thought out in a worker process
(civgame.ai.remote), so the window's interpreter keeps drawing at full speed, and shown one move at
a time at the animation speed the player chose.

The worker gets the game's state and the list of legal actions; the scene applies the chosen action
on the render thread, as if the player had clicked it. Pausing stops the next move from being shown
(a decision already being thought out still finishes); Faster shows the moves without animations or
pauses between them. Leaving the game stops the worker.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from civgame.ai.remote import ThinkingProcess
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game

# Seconds between two computer moves (after their animation), by animation speed, so that each
# move can be followed on the board.
MOVE_PAUSES = {"off": 0.15, "fast": 0.3, "normal": 0.6, "slow": 1.2}
LEVEL_NAMES = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}


class ComputerTurns:
    def __init__(self, game: Game) -> None:
        self.levels = {p.index: str(p.seat) for p in game.players if p.seat != "human"}  # seat -> level
        self.paused = False
        self.faster = False
        self.seat: int | None = None  # the seat whose decision is being thought out
        self.started = 0.0
        self.next_move_at = 0.0  # no move is shown before this (time.monotonic)
        self.worker = ThinkingProcess(game.rules)
        self._thinking = False
        if self.levels:
            self.worker.prepare()  # starting takes a moment: it is ready by the first computer turn

    def plays(self, seat: int) -> bool:
        return seat in self.levels

    @property
    def thinking(self) -> bool:
        return self._thinking

    def label(self, seat: int) -> str:
        return f"computer, {LEVEL_NAMES.get(self.levels.get(seat, ''), 'computer')}"

    def start(self, game: Game, actions: Sequence[Action]) -> None:
        """Think out the decision of `game.actor()` among `actions` in the worker process."""
        self.seat = game.actor()
        self.started = time.monotonic()
        self.worker.ask(game, actions)
        self._thinking = True

    def take(self) -> Action | None:
        """The decided action once the worker is done (None while it thinks); raises its error."""
        if not self._thinking:
            return None
        action = self.worker.answer()
        if action is not None:
            self._thinking = False
        return action

    def shown(self, speed: str) -> None:
        """A computer move was just applied: wait a moment before the next one."""
        pause = 0.0 if self.faster else MOVE_PAUSES.get(speed, MOVE_PAUSES["normal"])
        self.next_move_at = time.monotonic() + pause

    def wait(self, timeout: float | None = None) -> None:
        """Block until the worker is done (for tests and benchmarks)."""
        if self._thinking:
            self.worker.wait(timeout)

    def stop(self) -> None:
        """Stop the worker process (leaving the game); it ends in the background."""
        self._thinking = False
        self.worker.close()
