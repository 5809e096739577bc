"""Computer seats of Sid Meier's Civilization in the window: each decision is thought out in a worker
process (`civgame.ai.remote`, lent this game's `civgame.ai.sidmeier.WORKER`), so the window's interpreter
keeps drawing at full speed; the scene applies the chosen action on the render thread as if it had been
clicked, and waits a moment between moves so they can be followed. Leaving the game stops the worker.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from civgame.ai.remote import ThinkingProcess
from civgame.ai.sidmeier import WORKER, WorkerSetup
from civgame.games.sidmeier.core.actions import Action
from civgame.games.sidmeier.core.model import Game
from civgame.ui.computer_turns import MOVE_PAUSES


class ComputerSeats:
    def __init__(self, game: Game, kinds: Sequence[str]) -> None:
        self.next_move_at = 0.0
        self.worker = ThinkingProcess(WorkerSetup(game.rules, tuple(kinds)), WORKER)
        self._thinking = False
        if any(kind != "human" for kind in kinds):
            self.worker.prepare()  # starting takes a moment: it is ready by the first computer turn

    @property
    def thinking(self) -> bool:
        return self._thinking

    def start(self, game: Game, actions: Sequence[Action]) -> None:
        """Think out the decision of `game.actor()` among `actions` in the worker process."""
        self.worker.ask(game, actions)
        self._thinking = True

    def take(self) -> Action | None:
        """The decided action once the worker is done (None while it thinks); raises its error."""
        if not self._thinking:
            return None
        action: Action | None = self.worker.answer()
        if action is not None:
            self._thinking = False
        return action

    def wait(self, timeout: float | None = None) -> None:
        """Block until the worker is done (for tests)."""
        if self._thinking:
            self.worker.wait(timeout)

    def shown(self, speed: str) -> None:
        self.next_move_at = time.monotonic() + MOVE_PAUSES.get(speed, MOVE_PAUSES["normal"])

    def stop(self) -> None:
        """Leaving the game: the worker process ends in the background."""
        self._thinking = False
        self.worker.close()
