"""A player's side of the connection: `Client` (asyncio) sends requests and keeps each seat's view
up to date from the host's `State` messages; `ClientThread` runs one in a thread of its own for the
window, which must never wait on the network, and sits down again after a dropped connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidURI

from civgame.net import protocol as P
from civgame.net.views import merged

REPLY_SECONDS = 10.0  # how long a request waits for its reply
DEFAULT_PORT = 7420
RETRY_SECONDS = 2.0  # between two attempts to reach a host after a drop


class NetworkError(RuntimeError):
    """The host cannot be reached, or did not answer in time, or closed the connection."""


def address_url(address: str) -> str:
    """`host`, `host:port`, `[::1]:port` or a ws:// / wss:// URL, as the URL to connect to."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    bare_ipv6 = address.count(":") > 1 and not address.startswith("[")
    if bare_ipv6:
        address = f"[{address}]"
    has_port = address.rsplit("]", 1)[-1].count(":") == 1
    return f"ws://{address}" if has_port else f"ws://{address}:{DEFAULT_PORT}"


@dataclass
class SeatView:
    """What a client knows of one seat it sits at, as the host last told it."""

    game: str
    seat: int
    title: str = ""
    definition: str = ""
    version: int = -1
    view: dict[str, Any] = field(default_factory=dict)
    actor: int = -1
    legal: list[dict[str, Any]] | None = None
    seats: list[P.SeatStatus] = field(default_factory=list)
    over: bool = False
    result: str = ""

    def take(self, state: P.State) -> None:
        """Bring the seat up to `state` (a full view, or changes to the one it holds)."""
        self.view = dict(state.view) if state.full else merged(self.view, state.view, state.appended)
        self.title, self.definition, self.version = state.title, state.definition, state.version
        self.actor, self.legal, self.seats = state.actor, state.legal, state.seats
        self.over, self.result = state.over, state.result

    @property
    def to_decide(self) -> bool:
        return self.legal is not None

    def waiting_text(self) -> str:
        """Whom the game waits for, as the window says it."""
        if not self.seats:
            return "Waiting for the host…"
        if self.over:
            return self.result or "The game is over."
        if self.actor == self.seat:
            return "Your decision."
        status = self.seats[self.actor]
        if status.stand_in:
            return f"Waiting for {status.name} (a computer player stands in)"
        return f"Waiting for {status.name}" + ("" if status.present else " (away)")


class Client:
    """One connection to a host. Replies come back in the order of the requests; `State` messages
    update `seats` whenever they come."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.seats: dict[tuple[str, int], SeatView] = {}
        self.changed = asyncio.Event()  # set at every State: wait() for the next
        self._replies: asyncio.Queue[Any] = asyncio.Queue()
        self.reading = asyncio.get_running_loop().create_task(self._read())  # done once the connection closed
        self.on_state: Callable[[SeatView], None] | None = None

    @classmethod
    async def open(cls, url: str, tls: ssl.SSLContext | None = None, timeout: float = REPLY_SECONDS) -> Client:
        try:
            socket = await asyncio.wait_for(connect(url, ssl=tls, max_size=None, open_timeout=timeout), timeout)
        except (OSError, TimeoutError, InvalidURI, ConnectionClosed) as exc:
            raise NetworkError(f"cannot reach {url}: {exc or type(exc).__name__}") from None
        return cls(socket)

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for message in self.socket:
                reply = P.read_reply(message)
                if isinstance(reply, P.State):
                    seat = self.seats.setdefault((reply.game, reply.seat), SeatView(reply.game, reply.seat))
                    seat.take(reply)
                    self.changed.set()
                    if self.on_state is not None:
                        self.on_state(seat)
                else:
                    self._replies.put_nowait(reply)
        self._replies.put_nowait(None)  # the connection closed: a waiting request hears it

    async def request(self, message: P.Message, timeout: float = REPLY_SECONDS) -> Any:
        """Send `message` and return the host's reply to it (`Refused` included)."""
        try:
            await self.socket.send(P.encode(message))
            reply = await asyncio.wait_for(self._replies.get(), timeout)
        except ConnectionClosed:
            reply = None
        except TimeoutError:
            raise NetworkError("the host did not answer in time") from None
        if reply is None:
            raise NetworkError("the host closed the connection")
        return reply

    async def close(self) -> None:
        await self.socket.close()
        self.reading.cancel()


class ClientThread:
    """A `Client` in a thread of its own, for the window: `submit` sends without waiting, `poll`
    returns what came since (replies, updated seats, lost connections). After a drop it connects
    again every RETRY_SECONDS and sits at its seats again with their tokens."""

    def __init__(self, url: str, tokens: list[str] | None = None, tls: ssl.SSLContext | None = None) -> None:
        self.url, self.tls = url, tls
        self.tokens = list(tokens or [])  # the seats it sits at after every (re)connection
        self.connected = False
        self._events: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[P.Message] = asyncio.Queue()  # (bound to the loop at its first use, there)
        self._runner = self._loop.create_task(self._run())
        self._thread = threading.Thread(target=self._main, name="civgame-client", daemon=True)
        self._thread.start()

    def _main(self) -> None:
        with contextlib.suppress(asyncio.CancelledError):
            self._loop.run_until_complete(self._runner)
        self._loop.close()

    def submit(self, message: P.Message) -> None:
        """Send `message`; its reply comes back through `poll` as ("reply", reply)."""
        if isinstance(message, P.Sit) and message.token not in self.tokens:
            self.tokens.append(message.token)
        self._loop.call_soon_threadsafe(self._queue_outgoing, message)

    def _queue_outgoing(self, message: P.Message) -> None:
        self._outbox.put_nowait(message)

    def poll(self) -> list[tuple[str, Any]]:
        """("reply", message), ("seat", SeatView copy), ("connected", url) or ("lost", why), in order."""
        events = []
        with contextlib.suppress(queue.Empty):
            while True:
                events.append(self._events.get_nowait())
        return events

    async def _run(self) -> None:
        while True:
            try:
                client = await Client.open(self.url, self.tls)
            except NetworkError as exc:
                self._events.put(("lost", str(exc)))
                await asyncio.sleep(RETRY_SECONDS)
                continue
            self.connected = True
            self._events.put(("connected", self.url))
            await self._session(client)
            self.connected = False
            self._events.put(("lost", "the connection to the host was lost; connecting again…"))
            await asyncio.sleep(RETRY_SECONDS)

    async def _session(self, client: Client) -> None:
        """Sit at the seats, then send what is submitted until the connection closes."""
        client.on_state = lambda seat: self._events.put(("seat", _copy(seat)))
        waiting: asyncio.Future[P.Message] | None = None
        try:
            for token in self.tokens:
                await client.request(P.Sit(token=token))
            while True:
                waiting = asyncio.ensure_future(self._outbox.get())
                await asyncio.wait((waiting, client.reading), return_when=asyncio.FIRST_COMPLETED)
                if not waiting.done():  # the connection closed while nothing was to be sent
                    return
                self._events.put(("reply", await client.request(waiting.result())))
        except NetworkError:
            pass
        finally:
            if waiting is not None:
                waiting.cancel()
            with contextlib.suppress(Exception):
                await client.close()

    def close(self) -> None:
        """Close the connection and end the thread (at once if it waits to connect again)."""
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._runner.cancel)
            self._thread.join(timeout=REPLY_SECONDS)


def _copy(seat: SeatView) -> SeatView:
    """A snapshot the window may keep while the client thread goes on updating its own."""
    return SeatView(
        seat.game,
        seat.seat,
        seat.title,
        seat.definition,
        seat.version,
        seat.view,
        seat.actor,
        seat.legal,
        list(seat.seats),
        seat.over,
        seat.result,
    )
