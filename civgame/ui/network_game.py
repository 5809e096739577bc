"""The game screen of Clash played at a host: the same board, panel and dialogs as at one table,
drawn from the game rebuilt from the seat's view (civgame.games.clash.view.game_from_view).

The window never applies an action here. A click picks one of the legal actions the host listed for
the seat and sends it; the board changes when the host's next `State` comes (`tick`). The host may
refuse (the game moved on, or a rule): the window says why. The seats of this window (`tokens`) are
played hot-seat, with the pass screen between them; while another player decides, the board shows
the last seat that sat down, and the status bar says whom the game waits for. Undo and saves are the
host's business: the host keeps the game.
"""

from __future__ import annotations

from collections import Counter

import pygame

from civgame.framework.codec import from_plain, to_plain
from civgame.games.clash.content.ruleset import default_ruleset
from civgame.games.clash.core import actions as A
from civgame.games.clash.rules.base.undo import UndoHistory
from civgame.games.clash.view import game_from_view
from civgame.net import protocol as P
from civgame.net.client import ClientThread, SeatView
from civgame.ui.animation import BoardState
from civgame.ui.combat_view import finished_battle
from civgame.ui.dialogs import Option
from civgame.ui.event_panel import event_report
from civgame.ui.game_scene import GameScene
from civgame.ui.scene import Navigator
from civgame.ui.sound import Moment, cues

NO_UNDO = "a move sent to the host cannot be taken back"


class NetworkGameScene(GameScene):
    def __init__(self, app: Navigator, link: ClientThread, tokens: dict[int, str], seat: SeatView) -> None:
        self.link, self.tokens = link, tokens
        self.views: dict[int, SeatView] = {seat.seat: seat}
        self.shown = seat.seat  # the seat whose view the board shows
        self.rules = default_ruleset()
        self.sent = False  # an action went to the host and its answer has not come
        super().__init__(app, game_from_view(seat.view, self.rules), viewer=seat.seat if len(tokens) == 1 else None)
        self.undo = UndoHistory(blocked=NO_UNDO)

    # ------------------------------------------------------------------ who sees what
    @property
    def covered(self) -> bool:
        """The pass screen stands only between two seats of this window."""
        actor = self.game.actor()
        return self.game.phase != "over" and actor in self.tokens and self.viewer != actor and not self.public_choice()

    @property
    def computer_to_act(self) -> bool:
        """Someone not at this window decides (a person elsewhere or the host's computer), or this
        window's action is on its way: the board is shown as while a computer thinks, without a hand
        of actions to offer (the rules cannot list another seat's actions from what this seat sees)."""
        return self.game.phase != "over" and (self.game.actor() not in self.tokens or self.sent)

    def _build_computer_bar(self) -> None:
        """While the game waits for another: only the menu (the host plays its computers at its pace)."""
        height, small_w = self.board.rect.top - 14, round(80 * self.app.scale)
        right = self.board.rect.w - 8
        self.action_buttons["menu"] = self.add_button(
            pygame.Rect(right - small_w, 8, small_w, height), "Menu", self.open_game_menu
        )

    def animating(self) -> bool:
        return self.animations.active

    def take_seat(self) -> None:
        self.viewer = self.game.actor()
        if self.viewer in self.views:
            self._show(self.viewer)
        self.rebuild()

    def _recompute_legal(self) -> None:
        seat = self.views.get(self.game.actor())
        own = seat is not None and seat.seat == self.shown and seat.legal is not None and not self.sent
        self.legal = [from_plain(A.Action, plain) for plain in seat.legal] if own and seat and seat.legal else []

    def status_text(self) -> str:
        """As at one table while this window decides; else whom the game waits for."""
        if not self.computer_to_act:
            return super().status_text()
        game = self.game
        when = f"Age {game.age} status phase" if game.phase == "status" else f"Age {game.age}, round {game.round}"
        waiting = "your choice is with the host…" if self.sent else self.views[self.shown].waiting_text()
        return f"{when} — {waiting}"

    # ------------------------------------------------------------------ acting
    def perform(self, action: A.Action) -> None:
        self.perform_steps([action])

    def perform_steps(self, actions: list[A.Action]) -> None:
        """Send the actions in order, each for the version the one before will make."""
        actor = self.game.actor()
        if actor not in self.tokens or self.sent:
            return
        self._kill_dialog()
        version = self.views[actor].version
        for step, action in enumerate(actions):
            self.link.submit(P.Act(token=self.tokens[actor], version=version + step, action=to_plain(action)))
        self.sent = True
        self._recompute_legal()
        self.rebuild()

    def tick(self) -> None:
        for kind, event in self.link.poll():
            if kind == "seat" and event.seat in self.tokens:
                self._heard_seat(event)
            elif kind == "reply" and isinstance(event, P.Refused):
                self.sent = False
                self._recompute_legal()
                self.rebuild()
                self.show_message("The host refused this action", event.reason[0].upper() + event.reason[1:] + ".")
            elif kind == "lost":
                self.notice = "The connection to the host was lost; connecting again…"
            elif kind == "connected":
                self.notice = ""
            self.app.dirty = True

    def _heard_seat(self, seat: SeatView) -> None:
        previous = self.views.get(seat.seat)
        self.views[seat.seat] = seat
        if previous is None or seat.version != previous.version:
            self.sent = False
        if seat.seat == self.shown or self.viewer not in self.tokens:
            self._show(seat.seat)
        if self.app.scene is self:  # (not once the scores of a finished game are shown)
            self.rebuild()

    def _show(self, seat: int) -> None:
        """Draw `seat`'s view from now on, animating what changed since the board drawn before."""
        game_before = self.game
        board_before, moment = BoardState.of(game_before), Moment.of(game_before)
        log_before = len(game_before.log)
        ongoing = list(game_before.combat.log) if game_before.combat is not None else None
        self.shown = seat
        self.game = game_from_view(self.views[seat].view, self.rules)
        self.move_source, self.move_pick, self.move_limits = None, Counter(), {}
        self.collect_city, self.collect_picks = None, {}
        self._recompute_legal()
        if len(self.game.log) <= log_before:
            return
        self.app.sounds.play_first(cues(moment, self.game))
        report = finished_battle(self.game, log_before, ongoing)
        if report is not None:
            self.battle_report = report
        self.event_report = event_report(self.game, log_before, self.event_report)
        if self.game.phase == "over":
            self.app.show_scores(self.game)
            return
        self._animate(board_before, ongoing, new_report=report is not None)

    # ------------------------------------------------------------------ what the host keeps
    def autosave(self) -> None:
        """The host keeps the game: nothing to save here."""

    def save_now(self) -> None:
        self.show_message("The host keeps this game", "Each move is stored by the host as it is made.")

    def open_game_menu(self) -> None:
        self.menu(
            "Menu",
            "The host keeps this game: leave the table and come back to it from Join a game.",
            [
                Option("Fit the map to the window (Home)", self._fit_and_close),
                Option("Civilization boards (B)", self.open_player_boards),
                Option("Rules help (F1)", self.open_rules_help),
                Option("Leave the table", self.app.show_title),
            ],
        )

    def leave(self) -> None:
        self.link.close()
