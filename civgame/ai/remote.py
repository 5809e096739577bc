"""Computer players thinking in a process of their own, so that the window's interpreter never waits.

The worker process starts (by `spawn`, the same on every system and in the built executable) the
first time a computer seat must decide. A game lends it a `Worker` (Clash's is `CLASH`). It receives the
ruleset (or what the game's worker needs) once, then for each decision the
game's state (its fields, without the log) and the legal actions, and answers with the index of the
chosen action. The computer players live in the worker for the whole game (`seat_agents`, seeded by
game and seat as in a headless game), so each keeps drawing from its own generator.

Everything the window's side sends goes through a sender thread, which also starts the process:
pickling the ruleset and writing to a pipe that the worker is not yet reading never hold up a frame.
The worker ends when it is told to stop, when the window's process closes its end of the pipe (even
by dying), and, being a daemon, when the window's process exits.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import pickle
import queue
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from civgame.ai.levels import seat_agents
from civgame.ai.types import Agent
from civgame.games.clash.content.ruleset import Ruleset
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game

STOP_SECONDS = 2.0  # how long a stopped worker may take to end before it is killed

# What the window's side sends, pickled: ("rules", ruleset) once, then ("decide", game state,
# actions) per decision, and ("stop", None) at the end.


class ComputerPlayerError(RuntimeError):
    """The computer players' process failed or ended while a decision was awaited."""


def decision_request(game: Game, actions: list[Action]) -> bytes:
    """The game's fields (without its log and history, which a look-ahead never reads) and the legal
    actions, pickled at once: a snapshot that later changes cannot touch, made without the thousands
    of objects a copy would allocate (the garbage collector would then stop a frame to count them)."""
    state = {name: getattr(game, name) for name in _STATE_FIELDS}
    return pickle.dumps(("decide", state, actions), protocol=pickle.HIGHEST_PROTOCOL)


def rebuilt_game(state: dict[str, Any], rules: Ruleset) -> Game:
    game = Game(**state)
    game.rules = rules
    return game


_STATE_FIELDS = tuple(f.name for f in dataclasses.fields(Game) if f.name not in ("log", "history"))


def _clash_agents(game: Game, _rules: Ruleset) -> dict[int, Agent]:
    return seat_agents(game)


@dataclass(frozen=True)
class Worker:
    """What one game's computer players need across the process boundary. Module-level functions only, so
    that a spawned process can import them."""

    request: Callable[[Any, list[Any]], bytes]  # the window's side: a decision to send, pickled
    rebuild: Callable[[dict[str, Any], Any], Any]  # the worker's side: the game, from its state and the setup
    agents: Callable[[Any, Any], dict[int, Agent]]  # the worker's side: each computer seat's player


CLASH = Worker(decision_request, rebuilt_game, _clash_agents)


class ThinkingProcess:
    """Asks a worker process for the computer players' decisions, one at a time, without blocking."""

    def __init__(self, rules: Any, worker: Worker = CLASH) -> None:
        self._rules = rules  # the setup sent once: Clash's ruleset, or what `worker` needs
        self._worker = worker
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()  # pickled requests
        self._sender: threading.Thread | None = None
        self._started = threading.Event()  # set once the process runs and `_conn` is there (or it failed)
        self._conn: Connection | None = None
        self._process: BaseProcess | None = None
        self._launch_error: BaseException | None = None
        self._asked: list[Any] | None = None  # the actions of the decision being thought out
        self._closed = False

    @property
    def process(self) -> BaseProcess | None:
        """The worker process once it runs (for tests and diagnostics)."""
        return self._process

    def prepare(self) -> None:
        """Start the worker process now (it takes a moment to start), before the first decision."""
        if self._sender is None and not self._closed:
            self._sender = threading.Thread(target=self._send_all, name="computer players' sender", daemon=True)
            self._sender.start()

    def ask(self, game: Any, actions: Sequence[Any]) -> None:
        """Start thinking out the decision of `game.actor()` among `actions`."""
        if self._closed:
            raise ComputerPlayerError("the computer players have been stopped")
        self.prepare()
        self._asked = list(actions)
        self._outbox.put(self._worker.request(game, self._asked))

    def answer(self) -> Any:
        """The chosen action once the worker has answered, else None. Raises ComputerPlayerError."""
        if self._asked is None or not self._started.is_set():
            return None
        conn = self._connection()
        try:
            if not conn.poll():
                return None
            reply = conn.recv()
        except (EOFError, OSError) as exc:
            raise ComputerPlayerError("the computer players' process ended unexpectedly") from exc
        asked, self._asked = self._asked, None
        if reply[0] == "failed":
            raise ComputerPlayerError(f"a computer player failed to decide:\n{reply[1]}")
        chosen: int = reply[1]  # the index of the action in the list asked about
        return asked[chosen]

    def wait(self, timeout: float | None = None) -> bool:
        """Block until an answer is ready (True) or `timeout` seconds pass (False)."""
        if self._asked is None:
            return True
        ends = None if timeout is None else time.monotonic() + timeout
        if not self._started.wait(timeout):
            return False
        left = None if ends is None else max(0.0, ends - time.monotonic())
        try:
            return self._connection().poll(left)
        except (EOFError, OSError):
            return True  # `answer` reports it

    def close(self) -> None:
        """Stop the worker (a decision being thought out is dropped). Never blocks the caller."""
        if self._closed:
            return
        self._closed = True
        self._asked = None
        if self._sender is not None:
            self._outbox.put(None)

    def join(self, timeout: float | None = None) -> None:
        """Wait until the worker has ended after `close` (for tests and for leaving the program)."""
        if self._sender is not None:
            self._sender.join(timeout)

    def _connection(self) -> Connection:
        if self._conn is None:
            raise ComputerPlayerError("the computer players' process could not be started") from self._launch_error
        return self._conn

    # ------------------------------------------------------------------ the sender thread
    def _send_all(self) -> None:
        try:
            self._launch()
        except BaseException as exc:  # reported by `answer` on the render thread
            self._launch_error = exc
            self._started.set()
            return
        self._started.set()
        assert self._conn is not None
        try:
            while (request := self._outbox.get()) is not None:
                self._conn.send_bytes(request)
        except OSError:
            pass  # the worker ended: `answer` reports it
        finally:
            self._stop()

    def _launch(self) -> None:
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(
            target=serve, args=(theirs, self._worker), name="civgame computer players", daemon=True
        )
        process.start()
        theirs.close()  # only the worker holds its end: when it ends, reading ours says so
        ours.send(("rules", self._rules))
        self._process, self._conn = process, ours

    def _stop(self) -> None:
        process, conn = self._process, self._conn
        if process is None or conn is None:
            return
        with contextlib.suppress(OSError):
            conn.send(("stop", None))
        process.join(STOP_SECONDS / 2)
        if process.is_alive():  # busy with a decision nobody awaits any more
            process.terminate()
            process.join(STOP_SECONDS / 2)
        if process.is_alive():
            process.kill()
            process.join()
        conn.close()


def serve(conn: Connection, worker: Worker = CLASH) -> None:
    """The worker process: decide what it is asked until told to stop or the window's side is gone."""
    rules: Any = None
    agents: dict[int, Agent] | None = None
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        kind = request[0]
        if kind == "stop":
            return
        if kind == "rules":
            rules = request[1]
            continue
        assert rules is not None, "the rules come first"
        game = worker.rebuild(request[1], rules)
        if agents is None:
            agents = worker.agents(game, rules)
        try:
            reply: tuple[str, int | str] = ("chose", _choose(agents[game.actor()], game, request[2]))
        except Exception:
            reply = ("failed", traceback.format_exc())
        try:
            conn.send(reply)
        except OSError:
            return


def _choose(agent: Agent, game: Any, actions: list[Any]) -> int:
    chosen = agent.choose(game, actions)
    for index, action in enumerate(actions):
        if action is chosen:
            return index
    return actions.index(chosen)
