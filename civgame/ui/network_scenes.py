"""The window's screens for playing across the network: host a game (its seats, then its lobby with
the join codes), join one (an address and a code), the games a player has joined, and a plain table
for a game the window has no board of its own for.

Each screen talks to a host through a `ClientThread` of its own and reads what came in once a frame
(`tick`), so the window never waits on the network. A host started here runs in a thread of this
process (`HostThread`) and keeps its games in `hosted-games.sqlite` in the data folder: they are
there again the next time this window hosts. The seats a player has taken (address, game, token) are
kept in `network-seats.json` beside it, so that "Join a game" can open them again.
"""

from __future__ import annotations

import json
import socket
from dataclasses import asdict, dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from civgame import games
from civgame.net import protocol as P
from civgame.net.client import DEFAULT_PORT, ClientThread, SeatView, address_url
from civgame.net.computers import levels
from civgame.net.serve import HostThread
from civgame.ui import theme
from civgame.ui.scene import Navigator, Scene

SEAT_KIND_LABELS = {"human": "Human (joins with a code)", "local": "Local (at this window)"}
SEAT_KIND_TIP = "Who plays this seat: a friend who joins over the network, a person at this window, or a computer"
DEFAULT_NAMES = ("Anna", "Ben", "Chloe", "David", "Emil", "Fay", "Gus", "Hana")
LINE_H = 30
HOSTED_GAMES = "hosted-games.sqlite"  # in the data folder: the games of this window's own host


class HostedTables:
    """The host of the games this window holds, started the first time the player hosts one."""

    host: HostThread | None = None
    address: str | None = None  # where it listens: None for every address of this computer

    @classmethod
    def start(cls, database: Path, port: int) -> HostThread:
        if cls.host is None or cls.host.error:
            cls.host = HostThread(str(database), cls.address, port)
        return cls.host


@dataclass(frozen=True)
class JoinedSeat:
    """A seat this player took: where its game is held, and the token that opens it."""

    address: str
    game: str
    seat: int
    name: str
    title: str
    token: str
    here: bool = False  # held by this window's own host, which is started again to open it


def seats_file(app: Navigator) -> Path:
    return app.settings.data_dir / "network-seats.json"


def joined_seats(app: Navigator) -> list[JoinedSeat]:
    try:
        return [JoinedSeat(**entry) for entry in json.loads(seats_file(app).read_text(encoding="utf-8"))]
    except (OSError, ValueError, TypeError):
        return []


def remember(app: Navigator, seat: JoinedSeat) -> None:
    kept = [s for s in joined_seats(app) if (s.address, s.game, s.seat) != (seat.address, seat.game, seat.seat)]
    path = seats_file(app)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([asdict(s) for s in [seat, *kept]], indent=1), encoding="utf-8")


def open_table(app: Navigator, url: str, tokens: dict[int, str], seat: SeatView) -> None:
    """The game of `seat` on its board (Clash's) or, for a game without one, on a plain table."""
    if seat.definition == "clash":
        from civgame.ui.network_game import NetworkGameScene

        app.switch(NetworkGameScene(app, ClientThread(url, list(tokens.values())), tokens, seat))
    else:
        app.switch(TableScene(app, ClientThread(url, list(tokens.values())), tokens, seat))


class FormScene(Scene):
    """A screen of labels and buttons on the plain background, built again whenever what it shows changes."""

    def refresh(self) -> None:
        self.app.manager.clear_and_reset()
        self.build()
        self.app.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)


def _label(manager: Any, rect: pygame.Rect, text: str, object_id: str | None = None) -> UILabel:
    return UILabel(rect, text, manager, object_id=object_id)


class HostScene(FormScene):
    """Host a game: which game, its seats, the port; then the lobby."""

    def __init__(self, app: Navigator) -> None:
        super().__init__(app)
        self.game_ids = sorted(games.PACKAGES)
        self.game_id = games.DEFAULT_GAME
        self.names = list(DEFAULT_NAMES)
        self.kinds = ["local", "human", *["computer"] * (len(DEFAULT_NAMES) - 2)]
        self.levels = [levels(self.game_id)[0]] * len(DEFAULT_NAMES)
        self.count = 2
        self.port_text = str(DEFAULT_PORT)
        self.server_text = ""  # a `civgame serve` to open the game at; empty: this window hosts it
        self.error = ""

    @property
    def rules(self) -> Any:
        return games.definition(self.game_id)

    def build(self) -> None:
        self.buttons = {}
        manager, (w, h) = self.app.manager, self.size
        left, top = max(8, (w - 640) // 2), max(30, h // 10)
        _label(manager, pygame.Rect(0, top, w, 40), "Host a game", "#heading")
        _label(manager, pygame.Rect(left, top + 56, 120, 36), "Game")
        self.add_button(pygame.Rect(left + 130, top + 56, 400, 36), self.rules.title, self._next_game)
        _label(manager, pygame.Rect(left, top + 102, 120, 36), "Players")
        for i, count in enumerate(range(self.rules.min_players, self.rules.max_players + 1)):
            button = self.add_button(
                pygame.Rect(left + 130 + i * 60, top + 102, 52, 36), str(count), partial(self._set_count, count)
            )
            if count == self.count:
                button.select()
        self.name_entries: list[UITextEntryLine] = []
        self.kind_buttons: list[UIButton] = []
        for seat in range(self.count):
            y = top + 150 + seat * 44
            _label(manager, pygame.Rect(left, y, 120, 36), f"Seat {seat + 1}")
            entry = UITextEntryLine(pygame.Rect(left + 130, y, 170, 36), manager, initial_text=self.names[seat])
            entry.set_text_length_limit(P.MAX_NAME)
            self.name_entries.append(entry)
            kind = self.add_button(
                pygame.Rect(left + 310, y, 300, 36),
                self._kind_label(seat),
                partial(self._next_kind, seat),
                tooltip=SEAT_KIND_TIP,
            )
            self.kind_buttons.append(kind)
        y = top + 160 + self.count * 44
        _label(manager, pygame.Rect(left, y, 120, 36), "Port")
        self.port_entry = UITextEntryLine(pygame.Rect(left + 130, y, 120, 36), manager, initial_text=self.port_text)
        self.port_entry.set_allowed_characters("numbers")
        self.port_entry.set_text_length_limit(5)
        _label(manager, pygame.Rect(left + 260, y, 80, 36), "Server")
        self.server_entry = UITextEntryLine(
            pygame.Rect(left + 340, y, 270, 36), manager, placeholder_text="empty: this computer hosts"
        )
        self.server_entry.set_text(self.server_text)
        _label(manager, pygame.Rect(left, y + 44, 640, 28), self.error)
        self.open_button = self.add_button(
            pygame.Rect(left + 130, y + 80, 300, 44), "Open the table", self._open, object_id="#primary"
        )
        self.add_button(pygame.Rect(left + 440, y + 80, 170, 44), "Back", self.app.show_title)

    def _kind_label(self, seat: int) -> str:
        kind = self.kinds[seat]
        return f"Computer: {self.levels[seat].capitalize()}" if kind == "computer" else SEAT_KIND_LABELS[kind]

    def _choices(self) -> list[tuple[str, str]]:
        return [("human", ""), ("local", ""), *(("computer", level) for level in levels(self.game_id))]

    def _next_kind(self, seat: int) -> None:
        choices = self._choices()
        now = choices.index((self.kinds[seat], self.levels[seat] if self.kinds[seat] == "computer" else ""))
        self.kinds[seat], level = choices[(now + 1) % len(choices)]
        self.levels[seat] = level or self.levels[seat]
        self._rebuild()

    def _next_game(self) -> None:
        self.game_id = self.game_ids[(self.game_ids.index(self.game_id) + 1) % len(self.game_ids)]
        self.count = min(max(self.count, self.rules.min_players), self.rules.max_players)
        self.levels = [levels(self.game_id)[0]] * len(DEFAULT_NAMES)
        self._rebuild()

    def _set_count(self, count: int) -> None:
        self.count = count
        self._rebuild()

    def remember_input(self) -> None:
        for seat, entry in enumerate(self.name_entries):
            self.names[seat] = entry.get_text()
        self.port_text = self.port_entry.get_text()
        self.server_text = self.server_entry.get_text()

    def _rebuild(self) -> None:
        self.remember_input()
        self.refresh()

    def seat_specs(self) -> list[P.SeatSpec]:
        return [
            P.SeatSpec(
                name=self.names[s].strip() or DEFAULT_NAMES[s],
                kind=self.kinds[s],
                level=self.levels[s] if self.kinds[s] == "computer" else "",
            )
            for s in range(self.count)
        ]

    def _open(self) -> None:
        """Open the game at the server named, or at this window's own host (started if need be)."""
        self.remember_input()
        request = P.Create(game=self.game_id, seats=self.seat_specs())
        server = self.server_text.strip()
        if server:
            self.app.switch(LobbyScene(self.app, server, server, request))
            return
        port = int(self.port_text or DEFAULT_PORT)
        host = HostedTables.start(self.app.settings.data_dir / HOSTED_GAMES, port)
        if host.error:
            self.error = f"The table cannot be opened on port {port}: {host.error}"
            self._rebuild()
            return
        for_friends = f"{socket.gethostname()}:{host.port}"
        self.app.switch(LobbyScene(self.app, f"127.0.0.1:{host.port}", for_friends, request, here=True))


class LobbyScene(FormScene):
    """A hosted game's seats: the codes to give friends, who is at the table; Play for the local seats."""

    def __init__(self, app: Navigator, address: str, for_friends: str, request: P.Create, here: bool = False) -> None:
        super().__init__(app)
        self.address, self.for_friends, self.here = address, for_friends, here
        self.link = ClientThread(address_url(address))
        self.link.submit(request)
        self.created: P.Created | None = None
        self.seat: SeatView | None = None  # a local seat's view: who is present
        self.problem = ""

    @property
    def local_tokens(self) -> dict[int, str]:
        assert self.created is not None
        return {t.seat: t.token for t in self.created.seats if t.token}

    def tick(self) -> None:
        for kind, event in self.link.poll():
            if kind == "reply" and isinstance(event, P.Created):
                self.created = event
                for ticket in event.seats:
                    if ticket.token:
                        self.link.submit(P.Sit(token=ticket.token))
                        seat = JoinedSeat(self.address, event.game, ticket.seat, ticket.name, event.title, ticket.token)
                        remember(self.app, replace(seat, here=self.here))
            elif kind == "reply" and isinstance(event, P.Refused):
                self.problem = event.reason
            elif kind == "seat":
                self.seat = event
            else:
                continue
            self.refresh()

    def build(self) -> None:
        self.buttons = {}
        manager, (w, h) = self.app.manager, self.size
        left, top = max(8, (w - 760) // 2), max(30, h // 10)
        _label(manager, pygame.Rect(0, top, w, 40), "Your table", "#heading")
        if self.created is None:
            _label(manager, pygame.Rect(0, top + 60, w, 30), self.problem or "Opening the table…")
            self.add_button(pygame.Rect((w - 200) // 2, top + 110, 200, 44), "Back", self.app.show_title)
            return
        where = f"Friends choose Join a game and type the address {self.for_friends} and their code."
        _label(manager, pygame.Rect(left, top + 50, 760, 30), where)
        for ticket in self.created.seats:
            self._seat_row(ticket, pygame.Rect(left, top + 96 + ticket.seat * 44, 760, 36))
        y = top + 110 + len(self.created.seats) * 44
        if self.local_tokens:
            self.add_button(
                pygame.Rect(left, y, 300, 44), "Play", self._play, object_id="#primary", enabled=self.seat is not None
            )
        self.add_button(pygame.Rect(left + 320, y, 200, 44), "Back to the title", self.app.show_title)

    def _seat_row(self, ticket: P.SeatTicket, rect: pygame.Rect) -> None:
        manager = self.app.manager
        status = self.seat.seats[ticket.seat] if self.seat is not None else None
        if ticket.kind == "human":
            here = "at the table" if status and status.present else "not here yet"
            if status and status.stand_in:
                here = f"a computer plays until {ticket.name} is back"
            text = f"{ticket.name} — code {ticket.code} — {here}"
        else:
            text = f"{ticket.name} — {'at this window' if ticket.kind == 'local' else 'computer'}"
        _label(manager, pygame.Rect(rect.x, rect.y, rect.w - 230, rect.h), text)
        if ticket.kind == "human" and status is not None and not status.present:
            level = levels(self.seat.definition if self.seat else games.DEFAULT_GAME)[0]
            tip = f"A computer player ({level}) plays this seat until its player sits down again"
            self.add_button(
                pygame.Rect(rect.right - 220, rect.y, 220, rect.h),
                "Let a computer play",
                partial(self._hand_over, ticket.seat, level),
                tooltip=tip,
            )

    def _hand_over(self, seat: int, level: str) -> None:
        assert self.created is not None
        self.link.submit(P.HandOver(host_token=self.created.host_token, seat=seat, level=level))

    def _play(self) -> None:
        assert self.seat is not None
        open_table(self.app, address_url(self.address), self.local_tokens, self.seat)

    def leave(self) -> None:
        self.link.close()


class JoinScene(FormScene):
    """Join a game with an address and a code, or open one of the games joined before."""

    def __init__(self, app: Navigator) -> None:
        super().__init__(app)
        self.address_text, self.code_text = "", ""
        self.link: ClientThread | None = None
        self.joining: JoinedSeat | None = None
        self.status = ""
        self.standings: dict[tuple[str, str, int], P.GameEntry] = {}
        for seat in joined_seats(app):
            if seat.here:  # its games are held by this window's own host: it must run to open them
                HostedTables.start(app.settings.data_dir / HOSTED_GAMES, int(seat.address.rsplit(":", 1)[1]))
        self.asking = [ClientThread(address_url(address)) for address in {s.address for s in joined_seats(app)}]
        for link in self.asking:
            link.submit(P.MyGames(tokens=[s.token for s in joined_seats(app) if address_url(s.address) == link.url]))

    def build(self) -> None:
        self.buttons = {}
        manager, (w, h) = self.app.manager, self.size
        left, top = max(8, (w - 700) // 2), max(30, h // 10)
        _label(manager, pygame.Rect(0, top, w, 40), "Join a game", "#heading")
        _label(manager, pygame.Rect(left, top + 56, 120, 36), "Address")
        self.address_entry = UITextEntryLine(
            pygame.Rect(left + 130, top + 56, 300, 36), manager, placeholder_text=f"host or host:{DEFAULT_PORT}"
        )
        self.address_entry.set_text(self.address_text)
        _label(manager, pygame.Rect(left, top + 100, 120, 36), "Code")
        self.code_entry = UITextEntryLine(
            pygame.Rect(left + 130, top + 100, 300, 36), manager, placeholder_text="ABCD-EFGH"
        )
        self.code_entry.set_text(self.code_text)
        self.join_button = self.add_button(
            pygame.Rect(left + 450, top + 100, 200, 36), "Join", self._join, object_id="#primary"
        )
        _label(manager, pygame.Rect(left, top + 144, 700, 28), self.status)
        _label(manager, pygame.Rect(left, top + 186, 700, 30), "Your games")
        y = top + 222
        for seat in joined_seats(self.app)[:8]:
            self._game_row(seat, pygame.Rect(left, y, 700, 36))
            y += 42
        self.add_button(pygame.Rect(left, y + 10, 200, 44), "Back", self.app.show_title)

    def _game_row(self, seat: JoinedSeat, rect: pygame.Rect) -> None:
        entry = self.standings.get((address_url(seat.address), seat.game, seat.seat))
        if entry is None:
            where = "…"
        elif entry.over:
            where = "the game is over"
        else:
            where = "your turn" if entry.your_turn else f"waiting for {entry.waiting_for}"
        text = f"{seat.title}: {seat.name} at {seat.address} — {where}"
        _label(self.app.manager, pygame.Rect(rect.x, rect.y, rect.w - 130, rect.h), text)
        self.add_button(pygame.Rect(rect.right - 120, rect.y, 120, rect.h), "Open", partial(self._open, seat))

    def remember_input(self) -> None:
        self.address_text, self.code_text = self.address_entry.get_text().strip(), self.code_entry.get_text().strip()

    def _join(self) -> None:
        self.remember_input()
        if not self.address_text or not self.code_text:
            self._say("Type the host's address and the code the host gave you.")
            return
        self._close_link()
        self.link = ClientThread(address_url(self.address_text))
        self.link.submit(P.Claim(code=self.code_text))
        self._say(f"Joining the game at {self.address_text}…")

    def _open(self, seat: JoinedSeat) -> None:
        self._close_link()
        self.joining = seat
        self.link = ClientThread(address_url(seat.address), [seat.token])
        self._say(f"Connecting to {seat.address}…")

    def tick(self) -> None:
        changed = False
        for link in self.asking:
            for kind, event in link.poll():
                if kind == "reply" and isinstance(event, P.Games):
                    self.standings.update({(link.url, g.game, g.seat): g for g in event.games})
                    changed = True
        if self.link is not None:
            for kind, event in self.link.poll():
                changed = self._heard(kind, event) or changed
        if changed and self.app.scene is self:
            self.remember_input()
            self.refresh()

    def _heard(self, kind: str, event: Any) -> bool:
        """React to what the joining link heard; True when the screen must show something new."""
        if kind == "reply" and isinstance(event, P.Claimed):
            self.joining = JoinedSeat(self.address_text, event.game, event.seat, "", "", event.token)
            assert self.link is not None
            self.link.submit(P.Sit(token=event.token))
        elif kind == "reply" and isinstance(event, P.Refused):
            self._say(event.reason[0].upper() + event.reason[1:] + ".")
            self._close_link()
        elif kind == "seat" and self.joining is not None:
            seat = self.joining
            joined = JoinedSeat(
                seat.address, seat.game, seat.seat, event.seats[seat.seat].name, event.title, seat.token
            )
            remember(self.app, joined)
            self._close_link()
            open_table(self.app, address_url(joined.address), {joined.seat: joined.token}, event)
            return False
        elif kind == "lost" and not (self.link and self.link.connected):
            self._say(f"Cannot reach the host: {event}")
            self._close_link()
        else:
            return False
        return True

    def _say(self, text: str) -> None:
        self.status = text
        self.app.dirty = True

    def _close_link(self) -> None:
        if self.link is not None:
            self.link.close()
        self.link = None

    def leave(self) -> None:
        self._close_link()
        for link in self.asking:
            link.close()


class TableScene(FormScene):
    """A game the window has no board for: whom it waits for, what the seat sees, its legal actions."""

    MAX_ACTIONS = 12

    def __init__(self, app: Navigator, link: ClientThread, tokens: dict[int, str], seat: SeatView) -> None:
        super().__init__(app)
        self.link, self.tokens, self.seat = link, tokens, seat
        self.refusal = ""

    def tick(self) -> None:
        for kind, event in self.link.poll():
            if kind == "seat" and event.seat in self.tokens:
                self.seat = event
            elif kind == "reply" and isinstance(event, P.Refused):
                self.refusal = event.reason
            else:
                continue
            self.refresh()

    def build(self) -> None:
        self.buttons = {}
        manager, (w, h) = self.app.manager, self.size
        left, top = 40, 30
        _label(manager, pygame.Rect(0, top, w, 40), self.seat.title, "#heading")
        _label(manager, pygame.Rect(left, top + 50, w - 80, LINE_H), self.seat.waiting_text())
        if self.refusal:
            _label(manager, pygame.Rect(left, top + 80, w - 80, LINE_H), f"Refused: {self.refusal}")
        for i, action in enumerate((self.seat.legal or [])[: self.MAX_ACTIONS]):
            rect = pygame.Rect(left + (i % 3) * 260, top + 120 + (i // 3) * 44, 250, 36)
            self.add_button(rect, _action_text(action), partial(self._act, action))
        self.add_button(pygame.Rect(left, h - 70, 200, 44), "Leave the table", self.app.show_title)

    def _act(self, action: dict[str, Any]) -> None:
        self.refusal = ""
        self.link.submit(P.Act(token=self.tokens[self.seat.seat], version=self.seat.version, action=action))

    def leave(self) -> None:
        self.link.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        y = 260
        for key, value in self.seat.view.items():
            text = theme.fit_text(f"{key}: {value}", 14, self.size[0] - 80)
            theme.blit_text(surface, text, (40, y), 14, theme.TEXT_DIM)
            y += 20


def _action_text(action: dict[str, Any]) -> str:
    """An action as plain words: its kind and its values ("take: stones 2")."""
    values = ", ".join(f"{key} {value}" for key, value in action.items() if key != "kind")
    return f"{action.get('kind', '?').replace('_', ' ')}" + (f": {values}" if values else "")
