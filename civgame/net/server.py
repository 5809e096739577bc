"""The host: the one authority over its games. It runs each game's engine, takes the seats' actions,
plays the computer seats, and sends each seat only what that seat may see (docs/network.md).

Everything runs in one asyncio event loop: a request is handled to its end before the next one of
the same game (each game has a lock), so two actions never meet. A computer player thinks in a
thread, holding its game's lock, while the loop serves the other games.

What a hostile client can do is bounded here: messages larger than `MAX_MESSAGE` close the connection
(the WebSocket library checks it before reading), more than `RATE` messages a second on average
close it, and so do `MAX_BAD` messages that are not the protocol's; a seat answers only to its
token (a random secret; the host keeps only its hash), and an error while handling one request is
answered with `Refused` and touches no other game.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import ssl
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from civgame.framework.actions import Action, action_like
from civgame.framework.codec import CodecError, to_plain
from civgame.framework.errors import RuleError
from civgame.framework.game import GameDefinition
from civgame.games import definition
from civgame.net import protocol as P
from civgame.net.computers import Player, computer_player, levels
from civgame.net.storage import SNAPSHOT_EVERY, Storage, StoredGame
from civgame.net.views import view_changes

log = logging.getLogger("civgame.net")

RATE = 100.0  # messages a second a connection may send on average (a computer client acts quickly)
BURST = 200  # ... and at once
MAX_BAD = 10  # messages that are not the protocol's before the connection is closed
MAX_QUEUED = 200  # messages waiting for a slow connection before it is closed
MAX_CREATED = 20  # games one connection may open
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 8
CLOSE_POLICY = 1008  # the WebSocket close code for a peer that broke the rules
# How long a closing connection waits for the peer's goodbye: a flooding peer's is behind its flood.
CLOSE_SECONDS = 1.0


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def join_code() -> str:
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{code[:4]}-{code[4:]}"


def normal_code(code: str) -> str:
    """A join code as typed (any case, with or without the dash) in the form it was made."""
    letters = code.strip().upper().replace("-", "").replace(" ", "")
    return f"{letters[:4]}-{letters[4:]}"


@dataclass
class SeatRecord:
    """Who plays a seat. A person's seat has a token (kept as its hash), and a join code until claimed."""

    name: str
    kind: str  # "human" (a person) or "computer"
    level: str = ""  # a computer's level
    token_hash: str = ""
    code_hash: str = ""
    stand_in: str = ""  # the level of the computer playing for an absent person


@dataclass(eq=False)  # a connection is itself: links are kept in sets
class Link:
    """One client connection: the seats it sits at, its outbox and what it may still send."""

    socket: ServerConnection
    seats: set[tuple[str, int]] = field(default_factory=set)  # (game, seat)
    outbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    allowance: float = BURST
    created: int = 0  # games it opened
    checked: float = field(default_factory=time.monotonic)
    bad: int = 0

    def post(self, message: P.Message) -> None:
        if self.outbox.qsize() >= MAX_QUEUED:  # it reads no more: let it go rather than hold its messages
            self.socket.transport.abort()
            return
        self.outbox.put_nowait(P.encode(message))

    def may_send(self) -> bool:
        """Take one message from the allowance, which refills at RATE a second up to BURST."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.checked) * RATE)
        self.checked = now
        self.allowance -= 1
        return self.allowance >= 0


@dataclass
class Table:
    """A game the host holds, with its seats and who watches them."""

    id: str
    rules: GameDefinition
    state: Any
    seats: list[SeatRecord]
    host_hash: str
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[int, set[Link]] = field(default_factory=dict)
    sent: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> the view its watchers have
    players: dict[int, Player] = field(default_factory=dict)  # computer players by seat, made when first needed
    driving: bool = False  # a task plays its computer seats

    @property
    def over(self) -> bool:
        return bool(self.rules.is_over(self.state))

    def actor(self) -> int:
        return -1 if self.over else int(self.rules.actor(self.state))

    def computer_level(self, seat: int) -> str:
        """The level of the computer that plays `seat` now ("" when a person plays it)."""
        record = self.seats[seat]
        return record.level if record.kind == "computer" else record.stand_in

    def present(self, seat: int) -> bool:
        return bool(self.computer_level(seat)) or bool(self.watchers.get(seat))

    def statuses(self) -> list[P.SeatStatus]:
        return [
            P.SeatStatus(
                name=s.name,
                kind="computer" if s.kind == "computer" else "human",
                present=self.present(i),
                stand_in=s.stand_in,
            )
            for i, s in enumerate(self.seats)
        ]

    def result(self) -> str:
        if not self.over:
            return ""
        outcome = self.rules.outcome(self.state)
        names = " and ".join(self.seats[w].name for w in outcome.winners) or "nobody"
        return f"{names} won: {outcome.reason}"


class Host:
    """Holds games in `storage` and serves them; `resume()` first to take up the stored ones."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, tuple[str, int]] = {}  # token hash -> (game, seat)
        self.codes: dict[str, tuple[str, int]] = {}  # join code hash -> (game, seat)
        self.background: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ games
    def resume(self) -> None:
        """Every stored game as it was: its snapshot, then the actions recorded after it."""
        for stored in self.storage.games():
            try:
                table = self._restored(stored)
            except Exception:  # one broken game must not keep the host from serving the others
                log.exception("game %s cannot be resumed", stored.id)
                continue
            self._admit(table)

    def _restored(self, stored: StoredGame) -> Table:
        rules = definition(stored.definition)
        state = rules.loads(stored.snapshot, f"game {stored.id}")
        for plain in stored.actions:
            rules.apply(state, action_like(rules.legal_actions(state)[0], plain))
        seats = [SeatRecord(**seat) for seat in stored.seats]
        return Table(stored.id, rules, state, seats, stored.host_hash, stored.version)

    def _admit(self, table: Table) -> None:
        self.tables[table.id] = table
        for seat, record in enumerate(table.seats):
            if record.token_hash:
                self.tokens[record.token_hash] = (table.id, seat)
            if record.code_hash:
                self.codes[record.code_hash] = (table.id, seat)
        self._drive(table)

    def create(self, request: P.Create) -> P.Created:
        """A new game with the seats asked for; ValueError says why it cannot be made."""
        rules = definition(request.game)
        if not rules.min_players <= len(request.seats) <= rules.max_players:
            raise ValueError(f"{rules.title} is played by {rules.min_players} to {rules.max_players} players")
        unknown = sorted(set(request.options) - set(rules.options))
        if unknown:
            raise ValueError(f"{rules.title} has no option {unknown[0]!r}")
        for spec in request.seats:
            if spec.kind == "computer" and spec.level not in levels(request.game):
                raise ValueError(
                    f"there is no computer level {spec.level!r}; the levels are {', '.join(levels(request.game))}"
                )
        seed = secrets.randbelow(2**31) if request.seed is None else request.seed
        state = rules.new_game([s.name for s in request.seats], seed, **request.options)
        host_token = secrets.token_urlsafe(24)
        seats, tickets = [], []
        for index, spec in enumerate(request.seats):
            record, ticket = _seat(index, spec)
            seats.append(record)
            tickets.append(ticket)
        table = Table(secrets.token_hex(6), rules, state, seats, secret_hash(host_token), 0)
        self.storage.create(
            StoredGame(
                table.id,
                rules.id,
                table.host_hash,
                [asdict(s) for s in seats],
                rules.dumps(state),
                0,
                0,
                table.over,
                [],
            )
        )
        self._admit(table)
        return P.Created(game=table.id, title=rules.title, host_token=host_token, seats=tickets)

    # ------------------------------------------------------------------ requests
    async def answer(self, link: Link, request: Any) -> None:
        """Carry out one request of `link`, answering it on that link."""
        if isinstance(request, P.Create):
            if link.created >= MAX_CREATED:
                raise ValueError(f"one connection may open at most {MAX_CREATED} games")
            link.post(self.create(request))
            link.created += 1
        elif isinstance(request, P.Claim):
            link.post(self._claim(request))
        elif isinstance(request, P.Sit):
            await self._sit(link, request)
        elif isinstance(request, P.Act):
            await self._act(link, request)
        elif isinstance(request, P.MyGames):
            link.post(self._my_games(request))
        else:
            link.post(await self._hand_over(request))

    def _claim(self, request: P.Claim) -> P.Claimed | P.Refused:
        place = self.codes.pop(secret_hash(normal_code(request.code)), None)
        if place is None:
            return P.Refused(request="claim", reason="no open seat has this code (it may have been taken already)")
        table = self.tables[place[0]]
        token = secrets.token_urlsafe(24)
        record = table.seats[place[1]]
        record.code_hash, record.token_hash = "", secret_hash(token)
        self.tokens[record.token_hash] = place
        self._store_seats(table)
        return P.Claimed(game=table.id, seat=place[1], token=token)

    def _seat_of(self, token: str) -> tuple[Table, int] | None:
        place = self.tokens.get(secret_hash(token))
        return None if place is None else (self.tables[place[0]], place[1])

    async def _sit(self, link: Link, request: P.Sit) -> None:
        found = self._seat_of(request.token)
        if found is None:
            link.post(P.Refused(request="sit", reason="no seat has this token"))
            return
        table, seat = found
        async with table.lock:
            link.seats.add((table.id, seat))
            table.watchers.setdefault(seat, set()).add(link)
            if table.seats[seat].stand_in:  # back: the computer gives the seat back
                table.seats[seat].stand_in = ""
                table.players.pop(seat, None)
                self._store_seats(table)
            view = table.rules.view_for(table.state, seat)
            table.sent[seat] = view
            link.post(self._state(table, seat, view, full=True))
            link.post(P.Done(request="sit"))
            self._tell_presence(table, seat)

    async def _act(self, link: Link, request: P.Act) -> None:
        found = self._seat_of(request.token)
        if found is None or (found[0].id, found[1]) not in link.seats:
            link.post(P.Refused(request="act", reason="sit at your seat before acting"))
            return
        table, seat = found
        async with table.lock:
            reason = self._carry_out(table, seat, request)
        link.post(P.Refused(request="act", reason=reason) if reason else P.Done(request="act"))
        self._drive(table)

    def _carry_out(self, table: Table, seat: int, request: P.Act) -> str | None:
        """Apply the action if it may be; otherwise the reason, and the game is as it was."""
        if table.over:
            return "the game is over"
        if table.actor() != seat:
            return f"it is {table.seats[table.actor()].name}'s decision, not yours"
        rules, state = table.rules, table.state
        try:
            action = action_like(rules.legal_actions(state)[0], request.action)
        except (CodecError, TypeError, ValueError) as exc:
            return f"this is not an action of {rules.title}: {exc}"
        if request.version != table.version:
            return rules.why_illegal(state, action) or "the game has changed since you chose: choose again"
        try:
            self._apply(table, action)
        except RuleError as exc:
            return str(exc)
        return None

    def _apply(self, table: Table, action: Action) -> None:
        """Apply a decoded action, record it and tell every seat; RuleError when it is illegal. An
        engine error puts the game back as stored (the engine checks before it changes anything, but
        an error is not a rule: nothing says the game is whole after it)."""
        try:
            table.rules.apply(table.state, action)
        except RuleError:
            raise
        except Exception as exc:
            log.exception("game %s: applying %r failed", table.id, action)
            table.state = self._restored(self._stored(table.id)).state
            raise RuleError("the host could not carry out this action; the game is as it was") from exc
        table.version += 1
        self.storage.record_action(table.id, table.version, to_plain(action))
        if table.version % SNAPSHOT_EVERY == 0 or table.over:
            self.storage.record_snapshot(table.id, table.rules.dumps(table.state), table.version, table.over)
        self._broadcast(table)

    def _stored(self, game: str) -> StoredGame:
        return next(s for s in self.storage.games() if s.id == game)

    def _my_games(self, request: P.MyGames) -> P.Games:
        entries = []
        for token in request.tokens:
            found = self._seat_of(token)
            if found is None:
                continue
            table, seat = found
            actor = table.actor()
            entries.append(
                P.GameEntry(
                    game=table.id,
                    title=table.rules.title,
                    seat=seat,
                    name=table.seats[seat].name,
                    your_turn=actor == seat,
                    waiting_for="" if actor < 0 else table.seats[actor].name,
                    over=table.over,
                )
            )
        return P.Games(games=entries)

    async def _hand_over(self, request: P.HandOver) -> P.Done | P.Refused:
        table = next(
            (t for t in self.tables.values() if secrets.compare_digest(t.host_hash, secret_hash(request.host_token))),
            None,
        )
        if table is None:
            return P.Refused(request="hand_over", reason="no game has this host token")
        if request.seat >= len(table.seats) or table.seats[request.seat].kind != "human":
            return P.Refused(request="hand_over", reason="only a person's seat can be handed to a computer player")
        if table.watchers.get(request.seat):
            return P.Refused(request="hand_over", reason=f"{table.seats[request.seat].name} is at the table")
        if request.level not in levels(table.rules.id):
            return P.Refused(request="hand_over", reason=f"there is no computer level {request.level!r}")
        async with table.lock:
            table.seats[request.seat].stand_in = request.level
            self._store_seats(table)
            self._tell_presence(table, request.seat)
        self._drive(table)
        return P.Done(request="hand_over")

    # ------------------------------------------------------------------ telling the seats
    def _state(
        self, table: Table, seat: int, view: dict[str, Any], *, full: bool, appended: dict[str, list[Any]] | None = None
    ) -> P.State:
        actor = table.actor()
        legal = None
        if actor == seat and not table.computer_level(seat):
            legal = [to_plain(a) for a in table.rules.legal_actions(table.state)]
        return P.State(
            game=table.id,
            title=table.rules.title,
            definition=table.rules.id,
            seat=seat,
            version=table.version,
            full=full,
            view=view,
            appended=appended or {},
            actor=actor,
            legal=legal,
            seats=table.statuses(),
            over=table.over,
            result=table.result(),
        )

    def _broadcast(self, table: Table) -> None:
        """Each watched seat's view, as the changes since the view its watchers have."""
        for seat, links in table.watchers.items():
            if not links:
                continue
            view = table.rules.view_for(table.state, seat)
            changed, appended = view_changes(table.sent[seat], view)
            table.sent[seat] = view
            message = self._state(table, seat, changed, full=False, appended=appended)
            for link in links:
                link.post(message)

    def _tell_presence(self, table: Table, seat: int) -> None:
        """Who is at the table changed: the other seats' watchers hear it (their views did not change)."""
        for other, links in table.watchers.items():
            if other != seat and links:
                message = self._state(table, other, {}, full=False)
                for link in links:
                    link.post(message)

    def _store_seats(self, table: Table) -> None:
        self.storage.record_seats(table.id, [asdict(s) for s in table.seats])

    # ------------------------------------------------------------------ computer players
    def _drive(self, table: Table) -> None:
        """Let the computers play while one must decide (one task per game at a time)."""
        if table.driving or table.over or not table.computer_level(table.actor()):
            return
        table.driving = True
        task = asyncio.get_running_loop().create_task(self._play_computers(table))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _play_computers(self, table: Table) -> None:
        try:
            while True:
                async with table.lock:
                    seat = table.actor()
                    level = "" if seat < 0 else table.computer_level(seat)
                    if not level:
                        return
                    player = table.players.get(seat) or computer_player(table.rules.id, level, f"{table.id}:{seat}")
                    table.players[seat] = player
                    actions: Sequence[Action] = table.rules.legal_actions(table.state)
                    action = await asyncio.to_thread(player.choose, table.state, actions)
                    self._apply(table, action)
        except Exception:
            log.exception("game %s: a computer player failed", table.id)
        finally:
            table.driving = False

    # ------------------------------------------------------------------ connections
    async def serve_link(self, socket: ServerConnection) -> None:
        link = Link(socket)
        writer = asyncio.get_running_loop().create_task(_write(link))
        try:
            async for message in socket:
                if not await self._read(link, message):
                    break
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self._leave(link)

    async def _read(self, link: Link, message: str | bytes) -> bool:
        """Handle one message; False when the connection is to be closed."""
        if not link.may_send():
            await link.socket.close(CLOSE_POLICY, "too many messages")
            return False
        try:
            request = P.read_request(message)
        except P.BadMessage as exc:
            link.bad += 1
            if link.bad > MAX_BAD:
                await link.socket.close(CLOSE_POLICY, "too many messages that are not the protocol's")
                return False
            link.post(P.Refused(request="unknown", reason=str(exc)))
            return True
        try:
            await self.answer(link, request)
        except ValueError as exc:
            link.post(P.Refused(request=request.type, reason=str(exc)))
        except Exception:
            log.exception("a %s request failed", request.type)
            link.post(P.Refused(request=request.type, reason="the host could not answer this request"))
        return True

    def _leave(self, link: Link) -> None:
        for game, seat in link.seats:
            table = self.tables[game]
            table.watchers.get(seat, set()).discard(link)
            if not table.watchers.get(seat):
                table.sent.pop(seat, None)
                self._tell_presence(table, seat)


async def _write(link: Link) -> None:
    with contextlib.suppress(ConnectionClosed):
        while True:
            await link.socket.send(await link.outbox.get())


def _seat(index: int, spec: P.SeatSpec) -> tuple[SeatRecord, P.SeatTicket]:
    """A new seat's record, and what the game's creator is told of it (a code, a token or neither)."""
    if spec.kind == "computer":
        return SeatRecord(spec.name, "computer", spec.level), P.SeatTicket(seat=index, name=spec.name, kind="computer")
    if spec.kind == "local":
        token = secrets.token_urlsafe(24)
        record = SeatRecord(spec.name, "human", token_hash=secret_hash(token))
        return record, P.SeatTicket(seat=index, name=spec.name, kind="local", token=token)
    code = join_code()
    record = SeatRecord(spec.name, "human", code_hash=secret_hash(code))
    return record, P.SeatTicket(seat=index, name=spec.name, kind="human", code=code)


@contextlib.asynccontextmanager
async def hosting(
    host: Host, address: str | None, port: int, tls: ssl.SSLContext | None = None
) -> AsyncIterator[Server]:
    """Serve `host` on `address`:`port` (address None: every address of this machine; port 0: any free
    port, `server.sockets` tell which)."""
    async with serve(
        host.serve_link, address, port, ssl=tls, max_size=P.MAX_MESSAGE, max_queue=4, close_timeout=CLOSE_SECONDS
    ) as server:
        try:
            yield server
        finally:
            for task in list(host.background):
                task.cancel()
