"""Computer seats of Sid Meier's Civilization in the window: each decision is thought out on a worker
thread, on a copy of the game, so the render loop keeps drawing; the scene applies the chosen action on
the render thread as if it had been clicked, and waits a moment between moves so they can be followed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from civgame.ai.sidmeier import EasyAgent, SearchAgent, copy_game, make_agent
from civgame.games.sidmeier.core.actions import Action
from civgame.games.sidmeier.core.model import Game
from civgame.ui.computer_turns import MOVE_PAUSES


class ComputerSeats:
    def __init__(self, game: Game, kinds: Sequence[str]) -> None:
        self.agents: dict[int, EasyAgent | SearchAgent] = {
            seat: make_agent(kind, f"{game.seed}:{seat}") for seat, kind in enumerate(kinds) if kind != "human"
        }
        self.next_move_at = 0.0
        self._thread: threading.Thread | None = None
        self._answer: Action | None = None
        self._error: BaseException | None = None

    @property
    def thinking(self) -> bool:
        return self._thread is not None

    def start(self, game: Game, actions: Sequence[Action]) -> None:
        """Think out the decision of `game.actor()` on a copy of the game (the window's stays untouched)."""
        agent = self.agents[game.actor()]
        world, listed = copy_game(game), list(actions)
        self._answer, self._error = None, None

        def think() -> None:
            try:
                self._answer = agent.choose(world, listed)
            except BaseException as exc:  # raised again on the render thread by `take`
                self._error = exc

        self._thread = threading.Thread(target=think, name="computer seat", daemon=True)
        self._thread.start()

    def take(self) -> Action | None:
        """The decided action once the thought is done (None while it goes on); raises its error."""
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        if self._error is not None:
            raise self._error
        return self._answer

    def wait(self, timeout: float | None = None) -> None:
        """Block until the thought is done (for tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def shown(self, speed: str) -> None:
        self.next_move_at = time.monotonic() + MOVE_PAUSES.get(speed, MOVE_PAUSES["normal"])

    def stop(self) -> None:
        """Leaving the game: a thought under way is let finish and forgotten (the thread is a daemon)."""
        self._thread = None
