"""The game screen: map, side panel, action buttons, dialogs and the hot-seat pass screen.

Everything the player can do comes from `legal_actions(game)`; a click only ever picks one of
those actions and hands it to `apply`. The scene never changes the model itself.

Hot-seat privacy: whenever the deciding player (`game.actor()`) is a person other than the one who
last took the seat, a pass screen covers the whole window. Only after that player clicks does the
scene show the board again, with their hand. Computer seats need no pass screen: while one decides
(in a worker process, civgame.ui.computer_turns), the board stays in view and the side panel keeps
the board of the person who last took the seat (with their hand only when they play alone), and
each computer move is shown in turn. A single person at the table takes the seat once and keeps it,
status-phase choices included. When their turn comes back, "Since your turn" lists the computers'
moves (`since_your_turn`), each shown on the map with a click.

A decision that offers spaces (civgame.ui.map_choices) marks them on the map and takes a click there
besides its dialog. The battle, event and report panel is placed clear of what it is about (and of
the person's cities when it can), and can be dragged by its title or folded; the rest of it lets
clicks through to the map.

Undo keeps a snapshot of the game before each action (civgame.games.clash.rules.base.undo); undoing swaps
`self.game` for the restored copy. Nothing else holds on to the game object.

Collect mode: choosing Collect in a city's menu marks the spaces that appear in that city's legal
Collect actions; clicks choose what to take from each, and OK sends the one legal Collect whose
picks are exactly those. After each action, civgame.ui.animation animates what changed on the
board (drawing only: the game is already in its new state).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import pygame
from pygame_gui.elements import UIButton

from civgame.ai.loops import LONG_GAME_ACTIONS, long_game_notice, save_for_study
from civgame.framework.errors import RuleError
from civgame.framework.saves import SaveError
from civgame.framework.wording import capitalised, counted
from civgame.games.clash.content import effects
from civgame.games.clash.core import actions as A
from civgame.games.clash.core.decisions import (
    BarbarianArmiesDecision,
    BoardingDecision,
    Decision,
    EffectChoiceDecision,
    FirstPlayerDecision,
    FreeAdvanceDecision,
    GovernmentDecision,
    HappinessDecision,
    MoveDecision,
    OrientationDecision,
    PayDecision,
    RazeDecision,
    ReuseUnitDecision,
)
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex, region_slots
from civgame.games.clash.core.model import MOODS, City, Game
from civgame.games.clash.core.vocabulary import amounts as plain_amounts
from civgame.games.clash.rules.actions.advances import gainable
from civgame.games.clash.rules.actions.cities import recruitable_kinds, why_cannot_activate
from civgame.games.clash.rules.base.abilities import ABILITIES
from civgame.games.clash.rules.base.log import party
from civgame.games.clash.rules.base.payments import can_pay, holdings, lost_over_limit
from civgame.games.clash.rules.base.undo import UndoHistory
from civgame.games.clash.rules.cards.action_cards import GREAT_PERSONS, why_not_play_card
from civgame.games.clash.rules.flow.controller import apply, legal_actions, why_illegal
from civgame.games.clash.storage.save import save_game
from civgame.ui import rules_help, theme, thumbnails, tooltips
from civgame.ui.animation import Animations, BoardState
from civgame.ui.board_view import BoardView, Overlay, owner_colour
from civgame.ui.cards_view import Card, card_of, draw_preview, trade_item_card
from civgame.ui.combat_view import (
    SPACE_LABEL,
    BattleView,
    current_battle,
    draw_arrows,
    draw_panel,
    finished_battle,
    panel_size,
)
from civgame.ui.computer_turns import ComputerTurns
from civgame.ui.dialogs import ChoiceDialog, ConfirmDialog, Option, free_corner
from civgame.ui.event_panel import event_report
from civgame.ui.influence_targets import (
    FROM_SETTLERS_LABEL,
    INFLUENCE_LABEL,
    UNIT_LABEL,
    on_unit_at,
    starts_at,
    unoffered_attempts,
)
from civgame.ui.labels import (
    ability_price,
    action_card_lines,
    amounts,
    combat_summary,
    decision_question,
    decision_title,
    describe_action,
    moment_text,
    owner_name,
    unit_counts,
)
from civgame.ui.log_view import LogView
from civgame.ui.map_choices import LABEL, space_choices
from civgame.ui.payment_dialog import PaymentDialog
from civgame.ui.player_board import PlayerBoard, ability_text
from civgame.ui.scene import Navigator, Scene
from civgame.ui.side_panel import HandCard, SidePanel, hand_entries
from civgame.ui.sound import Moment, cues
from civgame.ui.trade_dialog import TradeDialog

Dialog = ChoiceDialog | PaymentDialog | TradeDialog | PlayerBoard
TOP_BAR = 50  # at 1280x720; larger windows scale these with theme.ui_scale
STATUS_BAR = 46
DRAG_THRESHOLD = 6
PAN_STEP = 60
ZOOM_STEP = 1.15
SUBMENU_AFTER = 6  # more variants of one kind than this go into a sub-menu
PUBLIC_DECISIONS = (FreeAdvanceDecision, RazeDecision, GovernmentDecision, FirstPlayerDecision)
TRADE_TIP = "Offer another player a trade (a free action on your turn)"
NO_CHOICE = {  # why a top-bar button is off when no single action of its kind can name the rule
    "advance": "every advance is already yours",
    "found": "you have no settler",
    "abilities": "none of your abilities can be used now",
}
SHORT_LABELS = {"happiness": "Mood", "found": "Found", "all": "Actions…", "end_move": "Stop"}
# The steps of the status phase in the order status.run takes them; game.status_step is the next one.
THINKING_SWEEP = 1.2  # seconds for the thinking indicator's light to go across and back
# where the battle, event and report panels go, in order of preference
PANEL_PLACES = ("topleft", "bottomleft", "topright", "bottomright", "midleft", "midright", "midtop", "midbottom")
STATUS_STEPS = ("Objectives", "Free advance", "Draw cards", "Raze", "Government", "First player")
STEP_DONE = {True: "Done", False: "Still to come"}


@dataclass(frozen=True)
class PanelButton:
    """A button of a panel over the map (collecting, exploring)."""

    key: str  # in GameScene.action_buttons
    text: str
    press: Callable[[], None]
    tooltip: str
    enabled: bool = True


def status_step_name(game: Game) -> tuple[int, str]:
    """(index, name) of the status-phase step being taken now."""
    index = min(max(0, game.status_step - 1), len(STATUS_STEPS) - 1)
    return index, STATUS_STEPS[index]


def screen_layout(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The map area and the side panel for a window size."""
    w, h = size
    scale = theme.ui_scale(size)
    top, bottom = round(TOP_BAR * scale), round(STATUS_BAR * scale)
    panel_w = max(300, min(round(460 * scale), int(w * 0.27)))
    return pygame.Rect(0, top, w - panel_w, h - top - bottom), pygame.Rect(w - panel_w, 0, panel_w, h)


class GameScene(Scene):
    def __init__(self, app: Navigator, game: Game, *, viewer: int | None = None):
        super().__init__(app)
        self.game = game
        humans = [p.index for p in game.players if p.seat == "human"]
        self.alone = len(humans) == 1  # one person against the computers: they keep the seat all game
        if viewer is None and self.alone:
            viewer = humans[0]  # no pass screen is ever needed
        self.viewer = viewer  # the player who last took the seat on the pass screen
        self.computers = ComputerTurns(game)
        self.legal: list[A.Action] = []
        self.dialog: Dialog | None = None
        self.move_source: Hex | None = None
        self.move_pick: Counter = Counter()  # unit kind -> how many go from the source
        self.move_limits: dict[str, int] = {}  # unit kind -> the most that can go
        self.hover: Hex | None = None
        self.press: tuple[int, int] | None = None  # where a left press on the map started
        self.dragging = False
        self.board = BoardView(pygame.Rect(0, 0, 1, 1))
        self.panel = SidePanel(pygame.Rect(0, 0, 1, 1))  # replaced with the real size in layout()
        self.action_buttons: dict[str, UIButton] = {}
        self.pass_button: UIButton | None = None
        self._fitted = False
        self.notice = ""
        self.studied = False  # a game past LONG_GAME_ACTIONS actions was saved for study
        self.undo = UndoHistory()
        self.battle_report: BattleView | None = None  # a battle that ended during the last actions
        self.event_report: BattleView | None = None  # the event drawn this turn (event_panel.py)
        self.combat_rect: pygame.Rect | None = None  # where the combat panel was drawn
        self.panel_key: tuple[object, ...] | None = None  # which battle or event the panel shows
        self.panel_moved: tuple[int, int] | None = None  # where the person dragged it (its top left)
        self.panel_folded = False  # folded to its title strip
        self.panel_drag: tuple[int, int] | None = None  # while dragging: the pointer's offset in the panel
        # the computers' moves since a person last acted: (player, the log lines each move added)
        self.since_your_turn: list[tuple[int, list[str]]] = []
        self.last_summary: list[tuple[int, list[str]]] = []  # the moves the last summary listed
        self.shown_spaces: set[Hex] = set()  # spaces an entry of the summary shows on the map
        self.log_view: LogView | None = None  # the whole log, opened over the map
        self.step_tips: list[tuple[pygame.Rect, list[str]]] = []  # status steps shown by number, with their names
        self.tooltip_rect: pygame.Rect | None = None  # the tooltip drawn last frame, if any
        self._tooltip_cache: tuple[tuple, list[str] | None] = ((), None)
        self.collect_city: int | None = None  # collect mode: the city collecting
        self.collect_picks: dict[Hex, str] = {}  # collect mode: space -> what the city takes from it
        self.turning: tuple[int, int] = (0, 0)  # exploring: (region, index of the way shown among the options)
        self.animations = Animations()
        self._recompute_legal()

    # ------------------------------------------------------------------ layout
    @property
    def covered(self) -> bool:
        """True while the pass screen hides everything from the wrong player."""
        actor = self.game.actor()
        return (
            self.game.phase != "over"
            and self.viewer != actor
            and not self.computers.plays(actor)
            and not self.public_choice()
        )

    def public_choice(self) -> bool:
        """True while a status-phase choice is pending: it shows nothing private, so the players answer
        in turn at the open board, with no hand drawn and no pass screen between them."""
        return bool(self.game.pending) and isinstance(self.game.pending[-1], PUBLIC_DECISIONS)

    def panel_board(self) -> tuple[int, bool]:
        """Whose board the side panel shows, and whether with their hand: the person in the seat keeps their own
        board while the computers play (their hand too when they play alone); an open seat shows the decider's."""
        actor = self.game.actor()
        shown = self.viewer if self.viewer is not None else actor
        return shown, shown == self.viewer and (self.alone or shown == actor)

    @property
    def computer_to_act(self) -> bool:
        return self.game.phase != "over" and self.computers.plays(self.game.actor())

    def layout(self) -> None:
        board_rect, panel_rect = screen_layout(self.size)
        refit = not self._fitted or board_rect.size != self.board.rect.size
        self.board.rect = board_rect
        self.board.show_coordinates = self.app.settings.show_coordinates
        self.panel = SidePanel(panel_rect, self.app.scale)
        if refit:
            self.board.fit(list(self.game.space_region))
            self._fitted = True

    def build(self) -> None:
        """(Re)create the buttons and the dialog for the current state of the game."""
        self.buttons = {}
        self.action_buttons = {}
        self.pass_button = None
        self.dialog = None
        self.combat_rect = None
        self.layout()
        if self.public_choice() and self.viewer != self.game.actor() and not self.alone:
            self.viewer = None  # the seat is open: nobody's hand is drawn until the next pass screen
        if self.covered:
            self._build_pass_screen()
            return
        if self.computer_to_act:
            self._build_computer_bar()
        else:
            self._build_action_bar()
            self._build_move_picker()
            self._build_collect_panel()
            self._open_decision_dialog()
        self._place_combat_panel()
        self._build_report_close()
        self._build_log_view()

    def rebuild(self) -> None:
        self.app.manager.clear_and_reset()
        self.build()
        self.app.dirty = True

    def _build_pass_screen(self) -> None:
        w, h = self.size
        name = self.game.player(self.game.actor()).name
        rect = pygame.Rect(0, 0, 420, 64)
        rect.center = (w // 2, h // 2 + 10)
        self.pass_button = self.add_button(
            rect, f"I am {name} — show my view", self.take_seat, object_id="#pass_screen_button"
        )

    def _build_action_bar(self) -> None:
        legal = self.legal
        kinds = {type(a) for a in legal}
        pending = self.game.pending[-1] if self.game.pending else None
        in_move = isinstance(pending, MoveDecision)
        specs: list[tuple[str, str, Callable[[], None], bool, str]] = [
            ("advance", "Advance", self.open_advance_menu, A.Advance in kinds, "Buy an advance (a main action)"),
            ("move", "Move", self._start_move, A.StartMove in kinds, "Move units (a main action)"),
            (
                "happiness",
                "Happiness",
                lambda: self.perform(A.StartHappiness()),
                A.StartHappiness in kinds,
                "Increase the mood of your cities with mood tokens (a main action)",
            ),
            ("found", "Found city", self.open_found_menu, A.FoundCity in kinds, "Found a city with a settler"),
            (
                "abilities",
                "Abilities",
                self.open_abilities_menu,
                A.UseAbility in kinds,
                "Use an ability of your advances (Taxes, Bartering, Theaters, Sports…)",
            ),
            ("all", "All actions…", self.open_all_actions, bool(legal), "Every action you can take now"),
        ]
        if in_move:
            specs[1] = (
                "end_move",
                "End move",
                lambda: self.perform(A.EndMove()),
                A.EndMove in kinds,
                "Finish this move action",
            )
        if self.game.phase == "status":
            specs = []  # the top bar shows the status-phase steps instead; decisions come as dialogs
        board_w = self.board.rect.w
        scale = self.app.scale
        height = self.board.rect.top - 14
        small_w = round(80 * scale)
        smalls = 3 if specs else 2  # Undo and Menu, and Trade outside the status phase
        button_w = min(round(130 * scale), (board_w - 16 - 6 * 6 - smalls * (small_w + 6)) // 7)
        if button_w < 88:  # a narrow window: narrower small buttons
            small_w = 56
            button_w = (board_w - 16 - 6 * 6 - smalls * (small_w + 6)) // 7
        label_font = theme.font(round(14 * scale))
        specs = [  # a label that does not fit its button in full has a shorter word of its own
            (key, SHORT_LABELS.get(key, text) if label_font.size(text)[0] + 16 > button_w else text, press, on, tip)
            for key, text, press, on, tip in specs
        ]
        x = 8
        for key, text, on_press, enabled, tip in specs:
            self.action_buttons[key] = self.add_button(
                pygame.Rect(x, 8, button_w, height),
                text,
                on_press,
                enabled=enabled,
                tooltip=f"{tip} ({rules_help.HINT})" if enabled else self._why_button_disabled(key, tip),
            )
            x += button_w + 6
        right = board_w - 8
        self.action_buttons["menu"] = self.add_button(
            pygame.Rect(right - small_w, 8, small_w, height), "Menu", self.open_game_menu
        )
        right -= small_w + 6
        self.action_buttons["end_turn"] = self.add_button(
            pygame.Rect(right - button_w, 8, button_w, height),
            "End turn",
            self.end_turn,
            enabled=A.EndTurn in kinds,
            tooltip=(
                "Pass the turn to the next player"
                if A.EndTurn in kinds
                else self._why_button_disabled("end_turn", "Pass the turn to the next player")
            ),
            object_id="#primary",
        )
        right -= button_w + 6
        undo_tip = (
            f'Undo "{self.undo.next_label}" (Ctrl+Z)' if self.undo.can_undo else f"Nothing to undo: {self.undo.blocked}"
        )
        self.action_buttons["undo"] = self.add_button(
            pygame.Rect(right - small_w, 8, small_w, height),
            "Undo",
            self.undo_last,
            enabled=self.undo.can_undo,
            tooltip=undo_tip,
        )
        if specs:
            right -= small_w + 6
            self.action_buttons["trade"] = self.add_button(
                pygame.Rect(right - small_w, 8, small_w, height),
                "Trade",
                self.open_trade_dialog,
                enabled=A.StartTrade in kinds,
                tooltip=(TRADE_TIP if A.StartTrade in kinds else self._why_button_disabled("trade", TRADE_TIP)),
            )

    def _probe(self, key: str) -> A.Action | None:
        """The action a top-bar button stands for, to ask the rules why it is not legal now."""
        game = self.game
        player = game.player(game.current)
        settler = next((u for u in game.units_of(player.index, "settler")), None)
        probes: dict[str, A.Action | None] = {
            "advance": next((A.Advance(name) for name in gainable(game, player)), None),
            "move": A.StartMove(),
            "end_move": A.EndMove(),
            "happiness": A.StartHappiness(),
            "found": A.FoundCity(settler.id) if settler is not None else None,
            "end_turn": A.EndTurn(),
            "trade": A.StartTrade((player.index + 1) % len(game.players)),
        }
        return probes.get(key)

    def _why_button_disabled(self, key: str, tip: str) -> str:
        """The button's tooltip followed by the rules' reason it is not available now."""
        probe = self._probe(key)
        reason = why_illegal(self.game, probe) if probe is not None else None
        if key == "abilities":  # each ability held says its own reason
            reason = "; ".join(f"{source}: {why}" for source, why in self._unusable_abilities(skip=set())) or None
        return f"{tip} ({rules_help.HINT}). Not now: {reason or NO_CHOICE.get(key, 'no legal choice now')}"

    def _build_computer_bar(self) -> None:
        """While a computer decides: pause or speed up its moves, and the game menu."""
        scale = self.app.scale
        height = self.board.rect.top - 14
        small_w = round(80 * scale)
        # in the status phase they go right, beside Menu: the steps of the phase take the left of the bar
        button_w = small_w + round(16 * scale) if self.game.phase == "status" else round(130 * scale)
        right = self.board.rect.w - 8
        left = right - small_w - 2 * (button_w + 6) if self.game.phase == "status" else 8
        paused = self.computers.paused
        self.action_buttons["pause"] = self.add_button(
            pygame.Rect(left, 8, button_w, height),
            "Resume" if paused else "Pause",
            self.toggle_pause,
            tooltip="Go on with the computer players' moves (P)" if paused else "Stop after this move (P)",
        )
        self.action_buttons["faster"] = self.add_button(
            pygame.Rect(left + button_w + 6, 8, button_w, height),
            "Faster",
            self.toggle_faster,
            tooltip="Show the computer players' moves without animations or pauses (F)",
        )
        if self.computers.faster:
            self.action_buttons["faster"].select()
        self.action_buttons["menu"] = self.add_button(
            pygame.Rect(right - small_w, 8, small_w, height), "Menu", self.open_game_menu
        )

    def toggle_pause(self) -> None:
        self.computers.paused = not self.computers.paused
        self.rebuild()

    def toggle_faster(self) -> None:
        self.computers.faster = not self.computers.faster
        if self.computers.faster:
            self.animations.finish()
        self.rebuild()

    def tick(self) -> None:
        """Start a computer's decision, or show the one it made once the last move has been seen."""
        if not self.computer_to_act or self.message is not None or self.dialog is not None:
            return
        computers = self.computers
        if not computers.thinking:
            computers.start(self.game, self.legal)
            self.app.dirty = True
            return
        if computers.paused or self.animations.active or time.monotonic() < computers.next_move_at:
            return
        action = computers.take()
        if action is not None:
            self.perform(action)
            computers.shown(self.app.settings.animation_speed)

    def _place_combat_panel(self) -> None:
        """Put the battle, event or report panel where the person left it, else where it covers neither the
        battle, nor the spaces the pending decision offers, nor the decision dialog, nor (if it can) the
        person's own cities; when no place is clear of what it is about, the map pans so that it is."""
        view = self.battle_view()
        self.combat_rect = None
        if view is None:
            return
        key = (view.mark, view.space, view.lines[0] if view.lines else view.title)
        if key != self.panel_key:  # a new battle or event: placed anew, unfolded
            self.panel_key, self.panel_moved, self.panel_folded = key, None, False
        size = panel_size(self.board.rect, view, self.app.scale)
        self.combat_rect = self._panel_place(view, size)
        if self.panel_folded:  # its title strip, where the whole panel would be
            self.combat_rect.h = self.panel_title_height()

    def _panel_place(self, view: BattleView, size: tuple[int, int]) -> pygame.Rect:
        if self.panel_moved is not None:
            return pygame.Rect(self.panel_moved, size).clamp(self.board.rect)
        window = self.dialog.window if self.dialog is not None else None
        dialog = [window.rect] if window is not None else []
        pending = self.game.pending[-1] if self.game.pending else None
        about = [
            *([view.space] if view.space is not None else []),
            *(self.decision_subject(pending) if pending else []),
        ]
        subject = [r for r in (self.spaces_rect([space]) for space in about) if r is not None]
        rect = free_corner(size, self.board.rect, [*dialog, *subject, *self.own_city_rects()], PANEL_PLACES)
        rect = rect or free_corner(size, self.board.rect, [*dialog, *subject], PANEL_PLACES)
        if rect is None:
            rect = free_corner(size, self.board.rect, dialog, PANEL_PLACES) or free_corner(size, self.board.rect, [])
            assert rect is not None  # nothing to avoid: the first corner
            around = self.spaces_rect(about)
            if around is not None:
                self._pan_clear(around, [rect, *dialog])
        return rect

    def own_city_rects(self) -> list[pygame.Rect]:
        """Where the cities of the person in the seat are on screen."""
        shown, _ = self.panel_board()
        spaces = [self.spaces_rect([city.pos]) for city in self.game.cities_of(shown)]
        return [r for r in spaces if r is not None and r.colliderect(self.board.rect)]

    def panel_title_height(self) -> int:
        return round(30 * self.app.scale)

    def panel_title_rect(self) -> pygame.Rect | None:
        """The panel's title strip: dragging it moves the panel."""
        rect = self.combat_rect
        return pygame.Rect(rect.x, rect.y, rect.w, self.panel_title_height()) if rect is not None else None

    def _build_report_close(self) -> None:
        """The panel's buttons on its title strip: fold or unfold it, and close a report."""
        rect = self.combat_rect
        if rect is None:
            return
        size = round(26 * self.app.scale)
        buttons = []
        if (self.battle_report is not None or self.event_report is not None) and self.game.combat is None:
            tip = "Close the battle report" if self.battle_report else "Close the event report"
            buttons.append(("close_report", "×", self.close_report, tip))
        fold_tip = (
            "Show the whole panel again"
            if self.panel_folded
            else "Fold the panel to its title (drag the title to move it)"
        )
        buttons.append(("fold_panel", "+" if self.panel_folded else "–", self.toggle_panel_fold, fold_tip))
        right = rect.right - 6
        for key, text, press, tip in buttons:
            self.action_buttons[key] = self.add_button(
                pygame.Rect(right - size, rect.y + 2, size, size), text, press, tooltip=tip
            )
            right -= size + 4

    def toggle_panel_fold(self) -> None:
        self.panel_folded = not self.panel_folded
        self.rebuild()

    def _drag_panel(self, pos: tuple[int, int]) -> None:
        """Move the panel with the pointer (its title strip was pressed); its buttons go along."""
        assert self.panel_drag is not None and self.combat_rect is not None
        moved = self.combat_rect.copy()
        moved.topleft = (pos[0] - self.panel_drag[0], pos[1] - self.panel_drag[1])
        moved.clamp_ip(self.board.rect)
        dx, dy = moved.x - self.combat_rect.x, moved.y - self.combat_rect.y
        self.combat_rect, self.panel_moved = moved, moved.topleft
        for key in ("close_report", "fold_panel"):
            if key in self.action_buttons:
                button = self.action_buttons[key]
                button.set_position((button.rect.x + dx, button.rect.y + dy))
        self.app.dirty = True

    def close_report(self) -> None:
        if self.battle_report is None:
            self.event_report = None
        self.battle_report = None
        self.rebuild()

    # ------------------------------------------------------------------ game flow
    def _recompute_legal(self) -> None:
        self.legal = legal_actions(self.game) if self.game.phase != "over" else []

    def perform(self, action: A.Action) -> None:
        """Apply a legal action, then bring the screen up to date (pass screen, scores, dialogs)."""
        game = self.game
        actor_before, turn_before = game.actor(), (game.phase, game.age, game.round, game.current)
        self._kill_dialog()
        by_computer = self.computers.plays(actor_before)
        before = None if by_computer else self.undo.snapshot(game)
        label = self._undo_label(action)
        log_before = len(game.log)
        ongoing = list(game.combat.log) if game.combat is not None else None
        board_before = BoardState.of(game)
        moment = Moment.of(game)
        try:
            apply(game, action)
        except RuleError as exc:  # the listed actions should always apply; say so if one does not
            self._recompute_legal()
            self.rebuild()
            self.show_message("That action was refused", str(exc))
            return
        if before is None:
            self.undo = UndoHistory(blocked=f"{game.player(actor_before).name}'s moves cannot be taken back")
            if len(game.log) > log_before:
                self.since_your_turn.append((actor_before, game.log[log_before:]))
        else:
            self.undo.applied(before, game, label)
        self.shown_spaces = set()
        self.app.sounds.play_first(cues(moment, game))
        self._save_if_long(game)
        report = finished_battle(game, log_before, ongoing)
        turn_passed = turn_before != (game.phase, game.age, game.round, game.current)
        if report is not None:
            self.battle_report = report
        elif turn_passed:
            self.battle_report = None  # a report lasts for the rest of the turn it was fought in
        shown_event = None if turn_passed and game.event is None else self.event_report
        self.event_report = event_report(game, log_before, shown_event)
        self.move_source, self.move_pick, self.move_limits = None, Counter(), {}
        self.collect_city, self.collect_picks = None, {}
        self._recompute_legal()
        if game.phase == "over":
            self.autosave()
            self.app.show_scores(game)
            return
        if game.actor() != actor_before and not self.computers.plays(game.actor()):
            self.autosave()  # a person takes over: Continue resumes from here
        self._animate(board_before, ongoing, new_report=report is not None)
        self.rebuild()
        if self._persons_turn_begins():
            self.open_since_your_turn()

    def _animate(self, before: BoardState, ongoing: list[str] | None, new_report: bool) -> None:
        """Start the animations of what the last action changed (none behind the pass screen, none
        for computer moves shown faster)."""
        if self.covered or (self.computers.faster and self.computers.plays(self.game.actor())):
            self.animations.finish()
            return
        view = self.battle_view()
        lines = None
        if view is not None and (self.game.combat is not None or new_report):  # battle lines added now
            lines = (len(ongoing) if ongoing is not None else 0, len(view.lines))
        self.animations.start(before, self.game, self.clock(), self.app.settings.animation_speed, lines)

    def animating(self) -> bool:
        """Animations, and computer turns: the window keeps drawing (the thinking indicator) meanwhile."""
        return self.animations.active or (self.computer_to_act and not self.computers.paused)

    def _undo_label(self, action: A.Action) -> str:
        """What the log will say was undone: a payment names the action it paid for."""
        top = self.game.pending[-1] if self.game.pending else None
        if isinstance(action, A.Pay) and isinstance(top, PayDecision) and isinstance(top.action, A.PAID_ACTIONS):
            return describe_action(self.game, replace(top.action, payment=action.payment))
        return describe_action(self.game, action)

    def undo_notes(self) -> list[str]:
        """Log lines for what was undone since the last action (the game's own log has none)."""
        return [f"Undone: {label}" for label in self.undo.undone]

    def undo_last(self) -> None:
        """Take back the newest action of this turn that revealed nothing (Ctrl+Z)."""
        if not self.undo.can_undo or self.covered or self.computer_to_act:
            return
        self._kill_dialog()
        self.animations.finish()
        self.game = self.undo.undo(self.game)
        self.move_source, self.move_pick, self.move_limits = None, Counter(), {}
        self.collect_city, self.collect_picks = None, {}
        self._recompute_legal()
        self.rebuild()

    def take_seat(self) -> None:
        self.viewer = self.game.actor()
        self.rebuild()
        if self._persons_turn_begins():
            self.open_since_your_turn()

    # ------------------------------------------------------------------ what the computers did
    def _persons_turn_begins(self) -> bool:
        """A person in the seat starts their turn, with what the computers did since their last to tell."""
        game = self.game
        return (
            bool(self.since_your_turn)
            and not self.covered
            and not self.computer_to_act
            and game.phase == "play"
            and not game.pending
            and game.actor() == game.current
        )

    def open_since_your_turn(self) -> None:
        """What each other player did since the person's last turn, an entry per log line; an entry that names a
        space shows it on the map (the list stays open). Reopened from the game menu."""
        if self.since_your_turn:
            self.last_summary, self.since_your_turn = self.since_your_turn, []
        options = []
        for actor, lines in self.last_summary:
            name = self.game.player(actor).name
            for line in lines:
                spaces = [h for h in map(label_to_hex, LABEL.findall(line)) if h in self.game.space_region]
                where = ", ".join(hex_to_label(h) for h in spaces)
                tip = f"Show {where} on the map" if spaces else f"Nothing on the map to show for this ({name}'s move)"
                options.append(Option(line, partial(self.show_on_map, spaces), enabled=bool(spaces), tooltip=tip))
        if not options:
            self.show_message("Since your turn", "The other players have not acted since your last turn.")
            return
        prompt = "What the other players did since your last turn. Click an entry to show it on the map."
        self.open_dialog(
            ChoiceDialog(
                self.app.manager,
                self.app.scale,
                self.board.rect,
                "Since your turn",
                prompt,
                options,
                cancel=self.close_dialog,
                corner=True,
                max_height=self.board.rect.h * 3 // 4,
            )
        )

    def show_on_map(self, spaces: list[Hex]) -> None:
        """Centre the map on the first of `spaces` and mark them all."""
        x, y = self.board.centre(spaces[0])
        self.board.pan(self.board.rect.centerx - x, self.board.rect.centery - y)
        self.shown_spaces = set(spaces)
        self.app.dirty = True

    # ------------------------------------------------------------------ the whole log
    def toggle_log(self) -> None:
        """Open the whole game log over the map, or close it."""
        self.log_view = None if self.log_view is not None else LogView(self.board.rect, self.app.scale)
        self.rebuild()

    def _build_log_view(self) -> None:
        if self.log_view is None:
            return
        self.log_view.rect = self.board.rect.inflate(-round(40 * self.app.scale), -round(30 * self.app.scale))
        size = round(26 * self.app.scale)
        rect = pygame.Rect(self.log_view.rect.right - size - 6, self.log_view.rect.y + 5, size, size)
        self.action_buttons["close_log"] = self.add_button(rect, "×", self.toggle_log, tooltip="Close the log (L)")

    def shown_log(self) -> list[str]:
        return [*self.game.log, *self.undo_notes()]

    def end_turn(self) -> None:
        left = self.game.actions_left
        if left > 0:
            self.open_dialog(
                ConfirmDialog(
                    self.app.manager,
                    self.app.scale,
                    self.board.rect,
                    "End turn?",
                    f"{left} action{'s' if left != 1 else ''} left — end the turn anyway?",
                    ("End turn", lambda: self.perform(A.EndTurn())),
                    self.close_dialog,
                )
            )
        else:
            self.perform(A.EndTurn())

    def _save_if_long(self, game: Game) -> None:
        """A game past `LONG_GAME_ACTIONS` actions may be going in circles: saved once for study, and the
        status bar says where."""
        if self.studied or len(game.history) < LONG_GAME_ACTIONS:
            return
        self.studied = True
        try:
            self.notice = long_game_notice(game, save_for_study(game, self.app.settings.data_dir / "long games"))
        except (OSError, SaveError) as exc:
            self.notice = f"The game has gone on for {len(game.history):,} actions; saving it for study failed: {exc}"

    def autosave(self) -> None:
        settings = self.app.settings
        if not settings.autosave:
            return
        try:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
            save_game(self.game, settings.autosave_path)
        except (OSError, SaveError) as exc:
            self.notice = f"Autosave failed: {exc}"  # shown in the status bar; the game goes on
            return
        self._write_thumbnail(settings.autosave_path)

    def _write_thumbnail(self, save: Path) -> None:
        """The map's picture beside a save, for the load screen; the save is complete without it."""
        try:
            thumbnails.write(self.game, save)
        except (OSError, pygame.error):
            thumbnails.thumbnail_path(save).unlink(missing_ok=True)  # never an older game's picture

    def save_now(self) -> None:
        settings = self.app.settings
        stamp = time.strftime("game-%Y%m%d-%H%M%S")
        path = settings.saves_dir / f"{stamp}.yaml"
        copy = 1
        while path.exists():  # two saves within a second: keep both
            copy += 1
            path = settings.saves_dir / f"{stamp}-{copy}.yaml"
        try:
            settings.saves_dir.mkdir(parents=True, exist_ok=True)
            save_game(self.game, path)
        except (OSError, SaveError) as exc:
            self.show_message("Save failed", str(exc))
            return
        self._write_thumbnail(path)
        self.show_message("Game saved", f"Saved to {path}")

    def leave(self) -> None:
        self.computers.stop()
        if self.game.phase != "over":
            self.autosave()

    # ------------------------------------------------------------------ dialogs
    def open_dialog(self, dialog: Dialog) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = dialog
        self.app.dirty = True

    def _kill_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        self.app.dirty = True

    def close_dialog(self) -> None:
        """Close a menu or message; a pending decision's dialog comes back."""
        self._kill_dialog()
        if not self.covered:
            self._open_decision_dialog()

    def _open_menu(self, title: str, prompt: str, options: Callable[[], list[Option]]) -> None:
        """A sub-menu whose options are listed when it opens."""
        self.menu(title, prompt, options())

    def menu(self, title: str, prompt: str, options: list[Option]) -> None:
        """A menu the player opened: it can be cancelled."""
        self.open_dialog(
            ChoiceDialog(
                self.app.manager, self.app.scale, self.board.rect, title, prompt, options, cancel=self.close_dialog
            )
        )

    def show_message(self, title: str, text: str) -> None:
        self.open_dialog(
            ChoiceDialog(
                self.app.manager, self.app.scale, self.board.rect, title, text, [Option("OK", self.close_dialog)]
            )
        )

    def options_for(self, actions: list[A.Action]) -> list[Option]:
        return [
            Option(describe_action(self.game, a), partial(self.perform, a), card=card_of(self.game, a)) for a in actions
        ]

    def _open_decision_dialog(self) -> None:
        """A pending decision (other than moving units on the map) is answered in a dialog."""
        if not self.game.pending or not self.legal:
            return
        decision = self.game.pending[-1]
        if isinstance(decision, MoveDecision) and self._move_actions():
            return  # answered on the map
        if isinstance(decision, OrientationDecision):
            self._build_explore_panel(decision)  # answered on the map
            return
        if isinstance(decision, PayDecision):
            self.dialog = PaymentDialog(
                self.app.manager, self.app.scale, self.board.rect, self.game, decision, self.legal, self.perform
            )
            return
        prompt = decision_title(self.game, decision)
        battle = combat_summary(self.game)
        if battle:
            prompt = f"{battle}. {prompt}"
        if isinstance(decision, HappinessDecision):
            prompt += " (or click a city on the map)"
        self.dialog = ChoiceDialog(
            self.app.manager,
            self.app.scale,
            self.board.rect,
            "Decision",
            prompt,
            answers(decision, self.options_for(self.legal)),
            corner=True,
            avoid=self.subject_rect(decision),
            rather_not_cover=self.own_city_rects(),
            max_height=self.board.rect.h // 2 if self.space_choices() else None,  # the map is the other list
        )
        subject = self.subject_rect(decision)
        if subject is not None and self.dialog.window.rect.colliderect(subject):
            self._pan_clear(subject, [self.dialog.window.rect])

    def decision_subject(self, decision: Decision) -> list[Hex]:
        """The spaces a decision is about: the region being explored, the sea boarded, the spaces, cities and
        units offered, the battle."""
        game = self.game
        if isinstance(decision, OrientationDecision):
            return [*game.regions[decision.region - 1].spaces(), decision.target]
        if isinstance(decision, BoardingDecision):
            return [decision.sea]
        if isinstance(decision, BarbarianArmiesDecision):  # the armies to choose or move, and where they may go
            named = [label_to_hex(label) for option in decision.options for label in SPACE_LABEL.findall(option)]
            return [h for h in dict.fromkeys(named) if h in game.space_region]
        if isinstance(decision, ReuseUnitDecision):
            units = [u.pos for u in map(game.unit, decision.candidates) if u is not None]
            city = game.city(decision.city)
            return [*units, *([city.pos] if city is not None else [])]
        offered = list(space_choices(game, self.legal))  # the spaces, cities and pieces it offers
        if offered:
            return offered
        if game.combat is not None and decision.player in (game.combat.attacker.owner, game.combat.defender.owner):
            return [game.combat.space]
        return []

    def subject_rect(self, decision: Decision) -> pygame.Rect | None:
        """The screen rectangle around the decision's spaces, or None when it has none."""
        return self.spaces_rect(self.decision_subject(decision))

    def spaces_rect(self, spaces: list[Hex]) -> pygame.Rect | None:
        """The screen rectangle around `spaces`, or None when there are none."""
        points = [p for space in spaces for p in self.board.corners(space)]
        if not points:
            return None
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

    def _pan_clear(self, subject: pygame.Rect, blockers: list[pygame.Rect]) -> None:
        """Pan the map the least distance that puts `subject` inside the map and clear of every blocker
        (the dialogs and panels about it); leave it where it is if nowhere is clear."""
        board = self.board.rect
        step = max(4, min(board.w, board.h) // 48)
        best: tuple[int, int, int] | None = None
        for y in range(board.top, board.bottom - subject.h + 1, step):
            for x in range(board.left, board.right - subject.w + 1, step):
                moved = pygame.Rect(x, y, subject.w, subject.h)
                if moved.collidelist(blockers) >= 0:
                    continue
                dx, dy = x - subject.x, y - subject.y
                if best is None or abs(dx) + abs(dy) < best[0]:
                    best = (abs(dx) + abs(dy), dx, dy)
        if best is not None:
            self.board.pan(best[1], best[2])

    def open_trade_dialog(self) -> None:
        partners = [a.partner for a in self.legal if isinstance(a, A.StartTrade)]
        if not partners:
            return
        self.open_dialog(
            TradeDialog(
                self.app.manager,
                self.app.scale,
                self.board.rect,
                self.game,
                partners,
                self.perform_steps,
                self.close_dialog,
            )
        )

    def perform_steps(self, actions: list[A.Action]) -> None:
        """Perform actions one after another (a trade offer's steps), stopping at one that is refused."""
        for action in actions:
            applied = len(self.game.history)
            self.perform(action)
            if len(self.game.history) == applied:
                return

    def open_advance_menu(self) -> None:
        advances = [a for a in self.legal if isinstance(a, A.Advance)]
        options = []
        for action in advances:
            spec = self.game.rules.advance(action.advance)
            category = self.game.rules.category_of(action.advance).name
            options.append(Option(f"{action.advance} ({category})", partial(self.perform, action), tooltip=spec.text))
        cost = self.game.rules.game.advance_cost
        self.menu("Advance", f"Buy an advance for {cost.amount} of {', '.join(cost.pay_with)}.", options)

    def open_abilities_menu(self) -> None:
        """The legal UseAbility actions grouped by the advance granting them; unusable ones greyed."""
        groups: dict[str, list[A.UseAbility]] = {}
        for action in self.legal:
            if isinstance(action, A.UseAbility):
                groups.setdefault(action.source, []).append(action)
        options: list[Option] = []
        for source, group in groups.items():
            if len(group) > SUBMENU_AFTER:
                options.append(
                    Option(
                        f"{source}… ({len(group)} choices)",
                        partial(
                            self._open_menu,
                            f"Abilities: {source}",
                            self._advance_text(source),
                            partial(self._ability_options, group),
                        ),
                        tooltip=self._advance_text(source),
                    )
                )
            else:
                options.extend(self._ability_options(group))
        for source, reason in self._unusable_abilities(skip=set(groups)):
            options.append(
                Option(
                    f"{source}: {reason}",
                    self.close_dialog,
                    enabled=False,
                    tooltip=f"Not now: {reason}. {self._advance_text(source)}",
                )
            )
        self.menu("Abilities", "Abilities your advances give you. Point at one for its rule.", options)

    def _unusable_abilities(self, skip: set[str]) -> list[tuple[str, str]]:
        """(source, the rules' reason) for each ability the current player holds that cannot be used now, but
        those of the `skip` sources."""
        game = self.game
        player = game.player(game.current)
        owned = {(e.source, name) for name in ABILITIES for e in effects.active(game, player, name)}
        return [
            (source, why_illegal(game, A.UseAbility(source, name)) or "it cannot be used now")
            for source, name in sorted(owned)
            if source not in skip
        ]

    def _ability_options(self, actions: list[A.UseAbility]) -> list[Option]:
        options = []
        for action in actions:
            price = ability_price(self.game, action)
            text = ability_text(self.game, action.source, action.ability) or self._advance_text(action.source)
            tip = (f"Costs {price}. " if price else "") + text
            options.append(Option(describe_action(self.game, action), partial(self.perform, action), tooltip=tip))
        return options

    def _advance_text(self, source: str) -> str:
        try:
            return self.game.rules.advance(source).text
        except KeyError:  # a wonder or leader granting an ability
            wonder = next((w for w in self.game.rules.wonders.values() if w.name == source), None)
            return f"{source}: {wonder.text}" if wonder else source

    def open_card_menu(self, held: HandCard) -> None:
        """A card of the hand played like an action card: its ways of being played, or why it cannot be
        played now."""
        game = self.game
        hand, card = held
        kind: type[A.PlayCard]
        if hand == GREAT_PERSONS:
            person = game.rules.event(card)
            title, text, kind = person.name, person.text, A.PlayGreatPerson
        else:
            title, *halves = action_card_lines(game, card)
            text, kind = " ".join(halves), A.PlayActionCard
        plays: list[A.Action] = [a for a in self.legal if type(a) is kind and a.card == card]
        if not plays:
            reason = why_not_play_card(game, game.player(game.actor()), card, hand) or "it cannot be paid for now"
            self.show_message(title, f"{text} Not playable now: {reason}.")
            return
        self.menu(title, text, self.options_for(plays))

    def open_whole_hand(self) -> None:
        """Every card of the hand the side panel shows, each played (or read) from here."""
        shown, hand = self.panel_board()
        if not hand:
            return
        options = []
        for entry in hand_entries(self.game, self.game.player(shown)):
            if entry.held is not None:
                choose = partial(self.open_card_menu, entry.held)
            else:
                choose = partial(self.show_message, f"{entry.kind}: {entry.name}", " ".join(entry.tip))
            options.append(Option(f"{entry.kind}: {entry.name}", choose, card=entry.card, tooltip=entry.tip[-1]))
        self.menu("Your hand", "Point at a card to see it; click one to play it or read it.", options)

    def open_found_menu(self) -> None:
        self.menu(
            "Found a city",
            "Which settler founds the city?",
            self.options_for([a for a in self.legal if isinstance(a, A.FoundCity)]),
        )

    def open_all_actions(self) -> None:
        """Every legal action; a city's Collect actions are one entry that opens collect mode."""
        options: list[Option] = []
        collecting: set[int] = set()
        for action in self.legal:
            if not isinstance(action, A.Collect):
                options.extend(self.options_for([action]))
            elif action.city not in collecting:
                collecting.add(action.city)
                options.append(self._collect_option(self.game.existing_city(action.city)))
        self.menu("All actions", "Every action you can take now.", options)

    def open_game_menu(self) -> None:
        self.menu(
            "Menu",
            "The game is saved automatically whenever the seat changes hands.",
            [
                Option("Save game (Ctrl+S)", self.save_now),
                Option("Load a game… (autosaves this one)", self.app.show_load),
                Option("Fit the map to the window (Home)", self._fit_and_close),
                Option("Civilization boards (B)", self.open_player_boards),
                Option("The whole game log (L)", self.toggle_log),
                Option(
                    "What the others did since your turn",
                    self.open_since_your_turn,
                    enabled=bool(self.since_your_turn or self.last_summary),
                    tooltip=None if self.since_your_turn or self.last_summary else "No computer player has moved yet",
                ),
                Option("Rules help (F1)", self.open_rules_help),
                Option("Quit to title (autosaves)", self.app.show_title),
            ],
        )

    def open_player_boards(self) -> None:
        """Every player's civilization, special advances and leaders; the viewer's board first."""
        shown = self.viewer if self.viewer is not None else self.game.actor()
        self.open_dialog(
            PlayerBoard(self.app.manager, self.app.scale, self.board.rect, self.game, shown, self.close_dialog)
        )

    def open_rules_help(self) -> None:
        """The rules help: a list of topics, each opening its text."""
        topics = [Option(title, partial(self._show_rules_topic, title)) for title in rules_help.topics(self.game)]
        self.menu("Rules help", "Each action, the status phase and scoring, in brief.", topics)

    def _show_rules_topic(self, title: str) -> None:
        self.close_dialog()
        self.open_message(
            title,
            rules_help.topics(self.game)[title],
            [Option("Back to the topics", self.open_rules_help), Option("Close", lambda: None)],
        )

    def _fit_and_close(self) -> None:
        self.board.fit(list(self.game.space_region))
        self.close_dialog()

    def open_city_menu(self, space: Hex) -> None:
        """Everything the player may do with the city or settlers on `space`, from the legal actions."""
        game = self.game
        city = game.city_at(space)
        own_city = city if city is not None and city.owner == game.actor() else None
        here = self._actions_at(space, own_city)
        greyed = [] if game.pending else unoffered_attempts(game, space, {label for label, _ in here})
        if city is None and not here and not greyed:
            return
        title = f"City at {hex_to_label(space)}" if city else f"Space {hex_to_label(space)}"
        prompt = self._city_prompt(city) if city else "Settlers here may found a city."
        options: list[Option] = []
        for label, group in here:
            if label == "Collect":
                assert own_city is not None  # a Collect is listed only for the player's own city
                options.append(self._collect_option(own_city))
            elif len(group) > SUBMENU_AFTER:
                options.append(
                    Option(
                        f"{label}… ({len(group)} choices)",
                        partial(self._open_menu, f"{title}: {label}", prompt, partial(self.options_for, group)),
                    )
                )
            else:
                options.extend(self.options_for(group))
        if own_city is not None:
            options.extend(self._unavailable_city_actions(own_city, {label for label, _ in here}))
        options.extend(self._greyed(greyed))
        if own_city is not None and self._unbuilt(own_city):
            options.append(
                Option(
                    "Buildings you cannot construct here now…",
                    lambda: self.menu(f"{title}: buildings", prompt, self._unbuildable(own_city)),
                )
            )
        if not options:
            reason = self._why_city_idle(city) if city is not None else None
            options.append(Option("Nothing to do here now", self.close_dialog, enabled=False, tooltip=reason))
            if reason:
                prompt += f" — {reason}"
        self.menu(title, prompt, options)

    def _actions_at(self, space: Hex, own_city: City | None) -> list[tuple[str, list[A.Action]]]:
        groups: dict[str, list[A.Action]] = {}
        for action in self.legal:
            label = None
            if own_city is not None:
                if isinstance(action, A.Collect) and action.city == own_city.id:
                    label = "Collect"
                elif isinstance(action, A.Construct) and action.city == own_city.id:
                    label = "Construct"
                elif isinstance(action, A.Recruit) and action.city == own_city.id:
                    label = "Recruit"
                elif isinstance(action, A.BuildWonder) and action.city == own_city.id:
                    label = "Build wonder"
                elif isinstance(action, A.InfluenceCulture) and action.source == own_city.id:
                    label = "Influence culture"
            elif isinstance(action, A.InfluenceCulture) and starts_at(self.game, action, space):
                label = FROM_SETTLERS_LABEL
            elif isinstance(action, A.InfluenceCulture) and on_unit_at(self.game, action, space):
                label = UNIT_LABEL
            if isinstance(action, A.InfluenceCulture) and label is None:
                target = self.game.city(action.target)
                if target is not None and target.pos == space and target.owner != self.game.actor():
                    label = INFLUENCE_LABEL
            if isinstance(action, A.FoundCity):
                settler = self.game.unit(action.settler)
                if settler is not None and settler.pos == space:
                    label = "Found city"
            if label:
                groups.setdefault(label, []).append(action)
        return list(groups.items())

    def _unavailable_city_actions(self, city: City, offered: set[str]) -> list[Option]:
        """Greyed entries, each with the rules' own reason, for the city's actions that cannot be taken now."""
        game = self.game
        collect = [("Collect", A.Collect(city.id, ()))] if "Collect" not in offered else []
        idle = self._why_city_idle(city) is not None
        unaffordable = [] if idle else self._unaffordable_units(city)
        probes: list[tuple[str, A.Action]] = []
        if "Recruit" not in offered and not unaffordable:
            kinds = recruitable_kinds(game, city) or list(game.rules.units)
            probes.append(("Recruit", A.Recruit(city.id, (kinds[0],))))
        buildable = {a.wonder for a in self.legal if isinstance(a, A.BuildWonder) and a.city == city.id}
        for wonder in dict.fromkeys(game.player(city.owner).wonder_cards):
            if wonder not in buildable:
                probes.append((f"Build the {game.rules.wonders[wonder].name}", A.BuildWonder(city.id, wonder)))
        target = self._nearest_foreign_building(city)
        if "Influence culture" not in offered and target is not None:
            probes.append(("Influence culture", A.InfluenceCulture(city.id, *target)))
        return [
            *self._greyed(collect),
            *unaffordable,
            *self._greyed(probes),
            *([] if idle else self._unallowed_units(city)),
        ]

    def _unallowed_units(self, city: City) -> list[Option]:
        """A greyed entry for each unit kind recruited only where an effect allows it (cavalry: in a city with a
        Market) that this city may not recruit, with the rules' reason."""
        game = self.game
        allowed = recruitable_kinds(game, city)
        options = []
        for kind in sorted(game.rules.units_only_where_allowed - set(allowed)):
            reason = why_illegal(game, A.Recruit(city.id, (kind,))) or "not possible now"
            options.append(self._greyed_unit(kind, reason, reason))
        return options

    def _greyed(self, probes: Sequence[tuple[str, A.Action]]) -> list[Option]:
        """A greyed entry for each (label, action) with the rules' reason the action cannot be taken now."""
        options = []
        for label, probe in probes:
            reason = why_illegal(self.game, probe) or "not possible now"
            options.append(Option(f"{label}: {reason}", self.close_dialog, enabled=False, tooltip=f"Not now: {reason}"))
        return options

    def _unaffordable_units(self, city: City) -> list[Option]:
        """A greyed entry for each unit kind the city could recruit now but its owner cannot pay for, with what
        they lack ("needs 1 ore")."""
        game = self.game
        player = game.player(city.owner)
        offered = {kind for a in self.legal if isinstance(a, A.Recruit) and a.city == city.id for kind in a.units}
        have = holdings(player)
        options = []
        for kind in recruitable_kinds(game, city):
            cost = plain_amounts(game.rules.units[kind].cost)
            if kind in offered or can_pay(game, player, cost):
                continue
            lacking = {k: amount - have.get(k, 0) for k, amount in cost.items() if amount > have.get(k, 0)}
            needs = f"needs {amounts(lacking)}" if lacking else "cannot be paid for now"
            reason = why_illegal(game, A.Recruit(city.id, (kind,))) or needs
            options.append(self._greyed_unit(kind, needs, reason))
        return options

    def _greyed_unit(self, kind: str, shown: str, reason: str) -> Option:
        """A greyed "Recruit <unit>: <shown>" entry; its tooltip gives the rules' reason and the unit's text (which
        says whether its cost is provisional)."""
        spec = self.game.rules.units[kind]
        tip = " ".join(filter(None, [f"Not now: {reason}.", spec.text]))
        return Option(f"Recruit {spec.name}: {shown}", self.close_dialog, enabled=False, tooltip=tip)

    def _nearest_foreign_building(self, city: City) -> tuple[int, str] | None:
        """(city id, building) of the nearest other player's city with a building, for asking why this city
        cannot influence culture; None when there is none on the board."""
        game = self.game
        reach = game.distances_from(city.pos)
        targets = [c for c in game.cities if c.owner != city.owner and c.buildings and c.pos in reach]
        nearest = min(targets, key=lambda c: (reach[c.pos], c.id), default=None)
        return (nearest.id, next(iter(nearest.buildings))) if nearest is not None else None

    def _unbuilt(self, city: City) -> list[str]:
        """The buildings the city lacks and cannot construct now."""
        legal = {a.building for a in self.legal if isinstance(a, A.Construct) and a.city == city.id}
        return [key for key in self.game.rules.buildings if key not in legal and key not in city.buildings]

    def _unbuildable(self, city: City) -> list[Option]:
        """Greyed entries, with the rule that stops each, for buildings the city lacks and cannot build now."""
        game = self.game
        sea = next((s for s in game.board_neighbors(city.pos) if game.is_water(s)), None)
        options = []
        for key in self._unbuilt(city):
            spec = game.rules.buildings[key]
            probe = A.Construct(city.id, key, sea if spec.needs_sea else None)
            reason = why_illegal(game, probe) or "not possible now"
            options.append(
                Option(f"{spec.name}: {reason}", self.close_dialog, enabled=False, tooltip=f"Not now: {reason}")
            )
        return options

    def _city_prompt(self, city: City) -> str:
        game = self.game
        text = (
            f"{capitalised(party(game, city.owner).possessive)} city, size {game.city_size(city)}, {city.mood}. "
            f"{capitalised(counted(game.actions_left, 'action'))} left."
        )
        if city.owner == game.actor() and city.activations >= 1 and city.mood != MOODS[0]:
            lower = MOODS[MOODS.index(city.mood) - 1]
            text += f" It was already activated this turn: another activation makes it {lower}."
        return text

    def _why_city_idle(self, city: City) -> str | None:
        game = self.game
        if game.pending:
            return "a decision is pending"
        if city.owner != game.actor():
            return f"it belongs to {owner_name(game, city.owner)}"
        if game.actions_left <= 0:
            return "no main actions left this turn"
        return why_cannot_activate(game, city)

    # ------------------------------------------------------------------ collecting
    # Collect mode: the spaces of the city's legal Collect actions are highlighted, a click takes
    # or leaves a space (a space that may give several things asks which), the panel under the
    # map shows the total, and OK sends the legal Collect with exactly the chosen picks.
    def _collect_option(self, city: City) -> Option:
        count = sum(1 for a in self.legal if isinstance(a, A.Collect) and a.city == city.id)
        return Option(
            f"Collect at {hex_to_label(city.pos)}… (choose the spaces on the map)",
            lambda: self.start_collect(city.id),
            tooltip=f"{counted(count, 'legal way')} to collect: pick the spaces, see the total, then OK",
        )

    def start_collect(self, city_id: int) -> None:
        """Enter collect mode for a city, with a legal combination already chosen that loses as little
        as possible over the resource limits (nothing, whenever some combination allows it)."""
        self._kill_dialog()
        actions = [a for a in self.legal if isinstance(a, A.Collect) and a.city == city_id]
        self.collect_city = city_id if actions else None
        least_lost = min(actions, key=lambda a: sum(self._lost_by(dict(a.picks)).values()), default=None)
        self.collect_picks = dict(least_lost.picks) if least_lost else {}
        self.rebuild()

    def _lost_by(self, picks: dict[Hex, str]) -> dict[str, int]:
        """What collecting `picks` would lose over the actor's resource limits."""
        return lost_over_limit(self.game, self.game.player(self.game.actor()), dict(Counter(picks.values())))

    def collect_loss(self) -> str | None:
        """What the chosen picks would lose over the limits ("1 food lost over the limit"), or None."""
        lost = self._lost_by(self.collect_picks)
        return f"{amounts(lost)} lost over the limit" if lost else None

    def leave_collect(self) -> None:
        self.collect_city, self.collect_picks = None, {}
        self.rebuild()

    def collect_actions(self) -> list[A.Collect]:
        return [a for a in self.legal if isinstance(a, A.Collect) and a.city == self.collect_city]

    def collect_yields(self) -> dict[Hex, list[str]]:
        """Each space some legal Collect of the city uses, with what the legal actions take from it."""
        yields: dict[Hex, list[str]] = {}
        for action in self.collect_actions():
            for space, what in action.picks:
                if what not in yields.setdefault(space, []):
                    yields[space].append(what)
        return dict(sorted(yields.items()))

    def chosen_collect(self) -> A.Collect | None:
        """The legal Collect whose picks are exactly the chosen ones, if there is one."""
        chosen = set(self.collect_picks.items())
        return next((a for a in self.collect_actions() if set(a.picks) == chosen), None)

    def _collect_sizes(self) -> list[int]:
        return sorted({len(a.picks) for a in self.collect_actions()})

    def collect_problem(self) -> str | None:
        """What keeps the chosen picks from being a legal Collect ("choose 1 more space"), or None."""
        if self.chosen_collect() is not None:
            return None
        sizes, count = self._collect_sizes(), len(self.collect_picks)
        if count < sizes[0]:
            more = sizes[0] - count
            return f"choose {more} more space{'s' if more != 1 else ''}"
        if count > sizes[-1]:
            fewer = count - sizes[-1]
            return f"leave out {fewer} space{'s' if fewer != 1 else ''}: the city collects from at most {sizes[-1]}"
        chosen = set(self.collect_picks.items())
        closest = max(self.collect_actions(), key=lambda a: len(set(a.picks) & chosen))
        instead, dropped = sorted(set(closest.picks) - chosen), sorted(chosen - set(closest.picks))
        return (
            f"this combination cannot be collected; for example take {self._picks_text(instead)}"
            f" instead of {self._picks_text(dropped)}"
        )

    @staticmethod
    def _picks_text(picks: list[tuple[Hex, str]]) -> str:
        return ", ".join(f"{what} from {hex_to_label(space)}" for space, what in picks)

    def collect_summary(self) -> str:
        """The running total: "2 food, 1 ore — 3 of 3 spaces"."""
        order = list(self.game.player(self.game.actor()).resources)
        totals = Counter(self.collect_picks.values())
        ordered = dict(sorted(totals.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
        count = len(self.collect_picks)
        sizes = self._collect_sizes()
        target = next((n for n in sizes if n >= count), sizes[-1])
        return f"{amounts(ordered)} — {count} of {target} space{'s' if target != 1 else ''}"

    def set_collect_pick(self, space: Hex, what: str | None) -> None:
        """Take `what` from `space` (None: nothing) in collect mode."""
        if what is None:
            self.collect_picks.pop(space, None)
        else:
            self.collect_picks[space] = what
        self.collect_picks = dict(sorted(self.collect_picks.items()))
        self.rebuild()

    def _collect_click(self, space: Hex | None) -> None:
        if space is None:
            return
        yields = self.collect_yields().get(space)
        if not yields:
            return
        if len(yields) > 1:
            self.open_resource_chooser(space, yields)
        else:
            self.set_collect_pick(space, None if space in self.collect_picks else yields[0])

    def open_resource_chooser(self, space: Hex, yields: list[str]) -> None:
        """A small menu beside a space that may give several things (a Port's sea space)."""
        label = hex_to_label(space)
        current = self.collect_picks.get(space)
        options = [
            Option(
                what.capitalize() + (" (chosen)" if what == current else ""),
                partial(self.set_collect_pick, space, what),
            )
            for what in yields
        ]
        if current is not None:
            options.append(Option(f"Nothing from {label}", lambda: self.set_collect_pick(space, None)))
        city = self._collecting_city()
        terrain = self.game.rules.terrain[self.game.terrain(space) or ""].name
        self.open_dialog(
            ChoiceDialog(
                self.app.manager,
                self.app.scale,
                self.board.rect,
                f"Collect from {label}",
                f"What does the city at {hex_to_label(city.pos)} take from {label} ({terrain})?",
                options,
                cancel=self.close_dialog,
                near=self.board.centre(space),
            )
        )

    def confirm_collect(self) -> None:
        action = self.chosen_collect()
        if action is not None:
            self.perform(action)

    def collect_panel_rect(self) -> pygame.Rect:
        return self.map_panel_rect(list(self.collect_yields()) if self.collect_city is not None else [])

    def map_panel_rect(self, subject: list[Hex]) -> pygame.Rect:
        """A panel across the bottom of the map, or across its top when the spaces it is about are below."""
        scale = self.app.scale
        board = self.board.rect
        height = round(64 * scale)
        rect = pygame.Rect(board.x + 8, board.bottom - height - 8, min(round(680 * scale), board.w - 16), height)
        around = self.spaces_rect(subject)
        if around is not None and rect.colliderect(around):
            rect.top = board.top + 8  # the spaces are at the bottom of the map: the panel goes above them
        return rect

    def _draw_map_panel(self, surface: pygame.Surface, rect: pygame.Rect, title: str, hint: str, warn: bool) -> None:
        """A panel over the map with a title and a hint, its buttons (two) on the right."""
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((16, 18, 24, 235))
        surface.blit(shade, rect.topleft)
        pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=6)
        big, small = round(15 * self.app.scale), round(13 * self.app.scale)
        width = rect.w - 2 * round(84 * self.app.scale) - 40
        theme.blit_text(surface, theme.fit_text(title, big, width), (rect.x + 12, rect.y + 8), big, theme.TEXT)
        colour = theme.ACCENT if warn else theme.TEXT_DIM
        theme.blit_text(surface, theme.fit_text(hint, small, width), (rect.x + 12, rect.y + 14 + big), small, colour)

    def _map_panel_buttons(self, rect: pygame.Rect, ok: PanelButton, other: PanelButton) -> None:
        """The panel's two buttons on its right: `ok` (the primary one) and `other`."""
        scale = self.app.scale
        w, h = round(84 * scale), round(34 * scale)
        top = rect.centery - h // 2
        for button, right, primary in ((other, rect.right - 8, None), (ok, rect.right - 16 - w, "#primary")):
            self.action_buttons[button.key] = self.add_button(
                pygame.Rect(right - w, top, w, h),
                button.text,
                button.press,
                enabled=button.enabled,
                tooltip=button.tooltip,
                object_id=primary,
            )

    def _build_collect_panel(self) -> None:
        if self.collect_city is not None and not self.collect_actions():
            self.collect_city, self.collect_picks = None, {}  # the city can no longer collect
        if self.collect_city is None:
            return
        problem = self.collect_problem()
        self._map_panel_buttons(
            self.collect_panel_rect(),
            PanelButton("collect_ok", "OK", self.confirm_collect, self._collect_ok_tooltip(problem), problem is None),
            PanelButton("collect_cancel", "Cancel", self.leave_collect, "Leave collect mode without collecting (Esc)"),
        )

    def _collect_ok_tooltip(self, problem: str | None) -> str:
        if problem is not None:
            return f"Cannot collect yet: {problem}"
        loss = self.collect_loss()
        return f"Collect {self.collect_summary()}" + (f" ({loss})" if loss else "")

    def _collecting_city(self) -> City:
        """The city collecting in collect mode."""
        assert self.collect_city is not None, "not in collect mode"
        return self.game.existing_city(self.collect_city)

    def _draw_collect_panel(self, surface: pygame.Surface) -> None:
        if self.collect_city is None:
            return
        city = self._collecting_city()
        title = f"Collect at {hex_to_label(city.pos)}: {self.collect_summary()}"
        warning = self.collect_problem() or self.collect_loss()
        hint = (warning[0].upper() + warning[1:]) if warning else "Click a highlighted space to take or leave it"
        self._draw_map_panel(surface, self.collect_panel_rect(), title, hint, warning is not None)

    # ------------------------------------------------------------------ exploring
    # A face-down region that may lie two ways: the map shows it turned over the way chosen so far;
    # a click on it (or Turn) shows the other way, and Place sends that ChooseOrientation.
    def exploring(self) -> OrientationDecision | None:
        """The orientation being chosen at the board by the player in the seat, if one is."""
        pending = self.game.pending[-1] if self.game.pending else None
        if isinstance(pending, OrientationDecision) and not self.computer_to_act and self.legal:
            return pending
        return None

    def turned_way(self, decision: OrientationDecision) -> int:
        """The rotation shown now, among the decision's options."""
        region, index = self.turning
        return decision.options[index % len(decision.options) if region == decision.region else 0]

    def preview(self, decision: OrientationDecision) -> dict[Hex, str]:
        """The terrain each space of the region would have, turned the way shown now."""
        game = self.game
        region = game.regions[decision.region - 1]
        codes = game.tile(region.tile)
        spaces = region_slots(region.anchor, self.turned_way(decision))
        return {h: game.rules.terrain_by_code(code) for h, code in zip(spaces, codes, strict=False)}

    def turn_region(self) -> None:
        decision = self.exploring()
        if decision is None:
            return
        region, index = self.turning
        self.turning = (decision.region, index + 1 if region == decision.region else 1)
        self.rebuild()

    def place_region(self) -> None:
        decision = self.exploring()
        if decision is not None:
            self.perform(A.ChooseOrientation(self.turned_way(decision)))

    def explore_panel_rect(self, decision: OrientationDecision) -> pygame.Rect:
        return self.map_panel_rect(self.decision_subject(decision))

    def _build_explore_panel(self, decision: OrientationDecision) -> None:
        rect = self.explore_panel_rect(decision)
        subject = self.subject_rect(decision)
        if subject is not None and rect.colliderect(subject):  # the region is too tall to keep clear of it
            self._pan_clear(subject, [rect])
        self._map_panel_buttons(
            rect,
            PanelButton("explore_place", "Place", self.place_region, "Place the region the way it is shown (Enter)"),
            PanelButton("explore_turn", "Turn", self.turn_region, "Show the other way it may lie (R, or click it)"),
        )

    def _draw_explore_panel(self, surface: pygame.Surface) -> None:
        decision = self.exploring()
        if decision is None:
            return
        region = self.game.regions[decision.region - 1]
        way = decision.options.index(self.turned_way(decision)) + 1
        title = f"Exploring the region around {hex_to_label(region.anchor)}: way {way} of {len(decision.options)}"
        hint = "Click the region or Turn to turn it over the other way, then Place"
        self._draw_map_panel(surface, self.explore_panel_rect(decision), title, hint, False)

    # ------------------------------------------------------------------ moving
    # After StartMove the player clicks a space with units (the source), adjusts how many of
    # each kind go with the buttons under the map, then clicks a highlighted destination: the
    # legal MoveUnits from that source with exactly those units.
    def _move_actions(self) -> list[A.MoveUnits]:
        return [a for a in self.legal if isinstance(a, A.MoveUnits)]

    def _source(self, action: A.MoveUnits) -> Hex | None:
        unit = self.game.unit(action.units[0]) if action.units else None
        return unit.pos if unit is not None else None

    def _kinds(self, action: A.MoveUnits) -> Counter:
        return Counter(u.kind for u in (self.game.unit(i) for i in action.units) if u is not None)

    def _moves_from(self, space: Hex | None) -> list[A.MoveUnits]:
        return [a for a in self._move_actions() if self._source(a) == space]

    def move_sources(self) -> set[Hex]:
        return {s for s in (self._source(a) for a in self._move_actions()) if s is not None}

    def move_destinations(self) -> set[Hex]:
        """Where the units picked on the selected space may go together."""
        return {a.to for a in self._moves_from(self.move_source) if self._kinds(a) == self.move_pick}

    def select_move_source(self, space: Hex | None) -> None:
        moves = self._moves_from(space)
        if space is None or not moves:
            self.move_source, self.move_pick, self.move_limits = None, Counter(), {}
        else:
            self.move_source = space
            self.move_pick = self._kinds(max(moves, key=lambda a: len(a.units)))
            kinds = {k for a in moves for k in self._kinds(a)}
            self.move_limits = {k: max(self._kinds(a)[k] for a in moves) for k in sorted(kinds)}
        self.rebuild()

    def _cycle_pick(self, kind: str) -> None:
        """One fewer of this kind goes along; from none back to all."""
        count = self.move_pick[kind] - 1
        self.move_pick[kind] = count if count >= 0 else self.move_limits[kind]
        self.move_pick = +self.move_pick  # drop zero counts so it compares equal to an action's kinds
        self.rebuild()

    def _build_move_picker(self) -> None:
        if self.move_source is None:
            return
        row = self.move_picker_rect()
        x, y = row.topleft
        for kind, limit in self.move_limits.items():
            name = self.game.rules.units[kind].name
            button = self.add_button(
                pygame.Rect(x, y, 150, 36),
                f"{self.move_pick[kind]}/{limit} {name}",
                partial(self._cycle_pick, kind),
                tooltip=f"Click to take one {name} fewer (after none: all again)",
            )
            self.action_buttons[f"pick_{kind}"] = button
            x += 156

    def move_picker_rect(self) -> pygame.Rect:
        """The row of unit buttons: along the bottom of the map, or its top when the units' space or a
        highlighted destination is down there."""
        board = self.board.rect
        row = pygame.Rect(board.x + 8, board.bottom - 44, 156 * len(self.move_limits) - 6, 36)
        around = self.spaces_rect([self.move_source]) if self.move_source is not None else None
        ahead = [r for r in (self.spaces_rect([h]) for h in self.move_destinations()) if r is not None]
        if row.collidelist([*([around] if around else []), *ahead]) >= 0:
            row.top = board.top + 8
        return row

    def _start_move(self) -> None:
        self.perform(A.StartMove())

    def _move_click(self, space: Hex | None) -> None:
        if space is not None and space in self.move_destinations():
            action = next(
                a for a in self._moves_from(self.move_source) if a.to == space and self._kinds(a) == self.move_pick
            )
            self.perform(action)
            return
        self.select_move_source(space if space in self.move_sources() else None)

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.animations.active:
            self.animations.finish()  # the final state at once; the click or key still does its work
            self.app.dirty = True
        if self.message is not None:  # e.g. a warning about a save's rules: nothing else reacts meanwhile
            self.message.handle(event)
            return
        if self.dialog is not None and self.dialog.handle(event):
            return
        if self.press_button(event):
            return
        self.track_pointer(event)
        if self.covered:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.take_seat()
            return
        if self.computer_to_act and event.type == pygame.KEYDOWN and event.key in (pygame.K_p, pygame.K_f):
            (self.toggle_pause if event.key == pygame.K_p else self.toggle_faster)()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and not consumed:
            self._mouse_down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._mouse_up(event)
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_motion(event)
        elif event.type == pygame.MOUSEWHEEL and not self.app.manager.get_hovering_any_element():
            self._wheel(event)
        elif event.type == pygame.KEYDOWN and not consumed:
            self._key(event)

    def _mouse_down(self, event: pygame.event.Event) -> None:
        card = next((c for rect, c in self.panel.card_rects if rect.collidepoint(event.pos)), None)
        if card is not None and event.button == 1:
            self.open_card_menu(card)
            return
        title = self.panel_title_rect()
        if title is not None and title.collidepoint(event.pos) and event.button == 1:
            self.panel_drag = (event.pos[0] - title.x, event.pos[1] - title.y)
            return
        if self.panel.more_rect is not None and self.panel.more_rect.collidepoint(event.pos) and event.button == 1:
            self.open_whole_hand()
            return
        if self.panel.log_rect.collidepoint(event.pos) and event.button == 1 and self.log_view is None:
            self.toggle_log()
            return
        if not self.board.rect.collidepoint(event.pos) or self._over_panel(event.pos):
            return
        if event.button in (1, 2, 3):
            self.press = event.pos
            self.dragging = event.button != 1  # middle/right drag pans at once

    def _mouse_up(self, event: pygame.event.Event) -> None:
        self.panel_drag = None
        was_click = self.press is not None and not self.dragging and event.button == 1
        self.press = None
        self.dragging = False
        if was_click:
            self.click_space(self.board.space_at(self.game, event.pos))

    def _mouse_motion(self, event: pygame.event.Event) -> None:
        if self.panel_drag is not None and self.combat_rect is not None:
            self._drag_panel(event.pos)
            return
        if self.press is not None and any(event.buttons):
            dx, dy = event.pos[0] - self.press[0], event.pos[1] - self.press[1]
            if self.dragging or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                if not self.dragging:
                    self.board.pan(dx, dy)  # catch up with the threshold distance
                else:
                    self.board.pan(*event.rel)
                self.dragging = True
        self.hover = self.board.space_at(self.game, event.pos)

    def _wheel(self, event: pygame.event.Event) -> None:
        if self.log_view is not None and self.log_view.rect.collidepoint(self.mouse):
            self.log_view.scroll(self.shown_log(), -event.y * 3)
        elif self.panel.log_rect.collidepoint(self.mouse):
            self.panel.scroll_log(event.y * 3)
        elif self.board.rect.collidepoint(self.mouse):
            self.board.zoom(ZOOM_STEP**event.y, self.mouse)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_l or (event.key == pygame.K_ESCAPE and self.log_view is not None):
            self.toggle_log()
            return
        if self.log_view is not None and self.log_view.handle_key(self.shown_log(), event.key):
            return
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo_last()
            return
        if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save_now()
            return
        if event.key == pygame.K_F1:
            self.open_rules_help()
            return
        if event.key == pygame.K_b:
            self.open_player_boards()
            return
        if self.exploring() is not None and event.key in (pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER):
            (self.turn_region if event.key == pygame.K_r else self.place_region)()
            return
        pans = {
            pygame.K_LEFT: (PAN_STEP, 0),
            pygame.K_RIGHT: (-PAN_STEP, 0),
            pygame.K_UP: (0, PAN_STEP),
            pygame.K_DOWN: (0, -PAN_STEP),
        }
        if event.key in pans:
            self.board.pan(*pans[event.key])
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.board.zoom(ZOOM_STEP)
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.board.zoom(1 / ZOOM_STEP)
        elif event.key == pygame.K_HOME:
            self.board.fit(list(self.game.space_region))
        elif event.key == pygame.K_ESCAPE:
            if self.dialog is not None and self.dialog.cancel is not None:
                self.close_dialog()
            elif self.move_source is not None:
                self.select_move_source(None)
            elif self.collect_city is not None:
                self.leave_collect()
            else:  # nothing to back out of: the game menu (a decision's dialog returns when it closes)
                self.open_game_menu()

    def click_space(self, space: Hex | None) -> None:
        """A left click on the map (not a drag)."""
        if self.computer_to_act:
            return  # the map only shows the computer's moves
        pending = self.game.pending[-1] if self.game.pending else None
        if isinstance(pending, MoveDecision):
            self._move_click(space)
        elif self.collect_city is not None:
            self._collect_click(space)
        elif isinstance(pending, OrientationDecision):
            if space is not None and space in self.preview(pending):
                self.turn_region()
        elif isinstance(pending, HappinessDecision):
            city = self.game.city_at(space) if space is not None else None
            raise_it = [a for a in self.legal if isinstance(a, A.RaiseMood) and city is not None and a.city == city.id]
            if raise_it:
                self.perform(raise_it[0])
        elif pending is None and space is not None:
            self.open_city_menu(space)
        else:
            self._choice_click(space)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.covered:
            self.animations.finish()
            self._draw_pass_screen(surface)
            return
        now = self.clock()
        surface.fill(theme.PANEL, pygame.Rect(0, 0, self.board.rect.w, self.board.rect.top))
        self.step_tips = []
        if self.game.phase == "status":
            self._draw_status_steps(surface)
        self.board.draw(surface, self.game, self._overlay(now))
        draw_arrows(surface, self.board, self.game)
        self._draw_combat(surface, now)
        self._draw_collect_panel(surface)
        self._draw_explore_panel(surface)
        if self.log_view is not None:
            self.log_view.draw(surface, self.shown_log())
        self.panel.draw(surface, self.game, *self.panel_board(), self.undo_notes())
        self._draw_status(surface)
        self.animations.finish_if_over(now)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self._draw_tooltip(surface)

    def battle_view(self) -> BattleView | None:
        """The live battle if one is being fought, else the report of one that ended this turn, else
        the event drawn this turn."""
        return current_battle(self.game, self.viewer) or self.battle_report or self.event_report

    def _draw_combat(self, surface: pygame.Surface, now: float) -> None:
        view = self.battle_view()
        if view is None or self.combat_rect is None:
            return
        shown = self.animations.shown_lines(now)
        draw_panel(surface, self.game, view, self.combat_rect, self.app.scale, shown, folded=self.panel_folded)

    def _over_panel(self, pos: tuple[int, int]) -> bool:
        """True over the title strip of the battle, event or report panel (which drags it) or over the collect
        or explore panel: the map under them does not react. A click on the rest of the battle panel goes
        through to the space under it."""
        title = self.panel_title_rect()
        if title is not None and title.collidepoint(pos):
            return True
        if self.log_view is not None and self.log_view.rect.collidepoint(pos):
            return True
        exploring = self.exploring()
        if exploring is not None and self.explore_panel_rect(exploring).collidepoint(pos):
            return True
        return self.collect_city is not None and self.collect_panel_rect().collidepoint(pos)

    def _draw_status_steps(self, surface: pygame.Surface) -> None:
        """The status phase's steps across the top bar left of its buttons, the current one highlighted; where
        the names of all do not fit, the other steps show their numbers only."""
        current, _ = status_step_name(self.game)
        size = round(12 * self.app.scale)
        top_bar = [b.rect for b in self.action_buttons.values() if b.rect.bottom <= self.board.rect.top]
        room = min((r.left for r in top_bar), default=self.board.rect.w) - 18
        title = theme.fit_text(f"STATUS PHASE — END OF AGE {self.game.age}", size, room, bold=True)
        theme.blit_text(surface, title, (10, 4), size, theme.ACCENT, bold=True)
        labels = [f"{i + 1}. {name}" + (" ✓" if i < current else "") for i, name in enumerate(STATUS_STEPS)]
        widths = [theme.font(size, i == current).size(label)[0] + 14 for i, label in enumerate(labels)]
        if sum(widths) + 4 * len(widths) > room:  # the other steps by number, the current one by name
            labels = [
                label if i == current else f"{i + 1}" + (" ✓" if i < current else "") for i, label in enumerate(labels)
            ]
            widths = [theme.font(size, i == current).size(label)[0] + 14 for i, label in enumerate(labels)]
        x, y, h = 10, 8 + size + 4, size + 10
        for i, (label, w) in enumerate(zip(labels, widths, strict=True)):
            chip = pygame.Rect(x, y, w, h)
            if i == current:
                pygame.draw.rect(surface, theme.ACCENT, chip, border_radius=4)
                theme.blit_text(surface, label, chip.center, size, theme.TEXT_DARK, bold=True, anchor="center")
            else:
                pygame.draw.rect(surface, theme.PANEL_LINE, chip, 1, border_radius=4)
                theme.blit_text(surface, label, chip.center, size, theme.TEXT_DIM, anchor="center")
                self.step_tips.append((chip, [f"Status step {i + 1}: {STATUS_STEPS[i]}", STEP_DONE[i < current]]))
            x += w + 4

    def tooltip_lines(self) -> list[str] | None:
        """The tooltip for what the pointer is on (a map space, a panel entry), or None."""
        if self.covered or self.app.manager.get_hovering_any_element() or self._over_panel(self.mouse):
            return None
        key = (self.mouse, self.hover, id(self.game), len(self.game.log), len(self.game.history))
        if self._tooltip_cache[0] != key:
            lines = self.panel.hover_lines(self.mouse)
            lines = lines or next((tip for rect, tip in self.step_tips if rect.collidepoint(self.mouse)), None)
            if lines is None and self.hover is not None and self.board.rect.collidepoint(self.mouse):
                lines = tooltips.map_tooltip(self.game, self.hover, self.game.actor())
            self._tooltip_cache = (key, lines)
        return self._tooltip_cache[1]

    def hovered_card(self) -> tuple[Card, pygame.Rect] | None:
        """The card pointed at (a dialog's option or an entry of the hand) and what it is shown beside."""
        if self.covered:
            return None
        if isinstance(self.dialog, ChoiceDialog):
            card = self.dialog.card_at(self.mouse)
            if card is not None:
                return card, self.dialog.window.rect
        if isinstance(self.dialog, TradeDialog) and self.dialog.window is not None:
            item = self.dialog.card_item_at(self.mouse)
            card = trade_item_card(self.game, self.game.actor(), item) if item is not None else None
            if card is not None:
                return card, self.dialog.window.rect
        if self.app.manager.get_hovering_any_element():
            return None
        view, panel = self.battle_view(), self.combat_rect
        if view is not None and view.card is not None and panel is not None and panel.collidepoint(self.mouse):
            return view.card, panel  # the event panel: its card at full size
        return self.panel.hover_card(self.mouse)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        self.tooltip_rect = self.draw_disabled_tip(surface)
        if self.tooltip_rect is not None:
            return
        if self.clock() - self.hover_since < tooltips.DELAY_SECONDS or self.press is not None or self.covered:
            return
        pointed = self.hovered_card()
        if pointed is not None:  # the card's face says what its tooltip would
            card, beside = pointed
            self.tooltip_rect = draw_preview(surface, card, beside, self.app.scale)
            return
        lines = self.tooltip_lines()
        if lines:
            self.tooltip_rect = tooltips.draw(surface, lines, self.mouse, self.app.scale)

    def _overlay(self, now: float) -> Overlay:
        overlay = Overlay(
            hover=self.hover, slides=self.animations.slides(now), pulses=self.animations.pulse_progress(now)
        )
        pending = self.game.pending[-1] if self.game.pending else None
        if self.collect_city is not None:
            overlay.selected = self._collecting_city().pos
            overlay.highlights = set(self.collect_yields()) - set(self.collect_picks)
            overlay.picks = dict(self.collect_picks)
        elif isinstance(pending, MoveDecision):
            overlay.selected = self.move_source
            overlay.highlights = self.move_destinations()
            overlay.targets = self.move_sources() - {self.move_source}
        elif isinstance(pending, OrientationDecision):
            region = self.game.regions[pending.region - 1]
            overlay.highlights = set(region.spaces())
            overlay.selected = pending.target
            if self.exploring() is not None:
                overlay.preview = self.preview(pending)
        elif self.space_choices():
            overlay.highlights = set(self.space_choices())
        elif self.shown_spaces:
            overlay.highlights = set(self.shown_spaces)
        elif self.game.combat is not None:
            overlay.selected = self.game.combat.space
        return overlay

    def space_choices(self) -> dict[Hex, list[A.Action]]:
        """The pending decision's answers that a click on a marked space of the map gives."""
        if self.computer_to_act or self.covered:
            return {}
        return space_choices(self.game, self.legal)

    def _choice_click(self, space: Hex | None) -> None:
        """A click on a space a decision offers: its answer, or a choice among its answers beside it."""
        offered = self.space_choices().get(space) if space is not None else None
        if not offered or space is None:
            return
        if len(offered) == 1:
            self.perform(offered[0])
            return
        decision = self.game.pending[-1]
        self.open_dialog(
            ChoiceDialog(
                self.app.manager,
                self.app.scale,
                self.board.rect,
                f"Choose at {hex_to_label(space)}",
                decision_title(self.game, decision),
                answers(decision, self.options_for(offered)),
                cancel=self.close_dialog,
                near=self.board.centre(space),
            )
        )

    def status_text(self) -> str:
        game = self.game
        if self.computer_to_act:
            actor = game.actor()
            doing = "paused" if self.computers.paused else "thinking…"
            what = f"{moment_text(game)} — {game.player(actor).name} ({self.computers.label(actor)}) is"
            return f"{what} {doing}"
        current = game.player(game.current).name
        text = f"{moment_text(game)} — {current}'s turn, {counted(game.actions_left, 'action')} left"
        if game.phase == "status":
            index, name = status_step_name(game)
            text = f"Age {game.age} status phase — step {index + 1} of {len(STATUS_STEPS)}: {name}"
        pending = game.pending[-1] if game.pending else None
        if isinstance(pending, MoveDecision):
            hint = "click a highlighted space" if self.move_source else "click a space with units to move"
            text += f" · Move, {counted(pending.groups_left, 'group')} left: {hint}"
        elif pending is not None:
            text += f" · waiting for {game.player(pending.player).name}: {decision_question(game, pending)}"
            if self.space_choices():
                text += " (click a marked space, or choose in the list)"
        elif self.collect_city is not None:
            text += " · Collect: click the highlighted spaces, then OK (Esc leaves)"
        return text

    def _draw_status(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(0, self.board.rect.bottom, self.board.rect.w, self.size[1] - self.board.rect.bottom)
        surface.fill(theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_LINE, rect.topleft, rect.topright)
        big, small = round(14 * self.app.scale), round(13 * self.app.scale)
        room = rect.w - 16
        if self.computer_to_act and not self.computers.paused:
            indicator = pygame.Rect(rect.right - 128, rect.y + 6, 120, big)
            self._draw_thinking(surface, indicator)
            room = indicator.left - 16
        status = theme.fit_text(self.status_text(), big, room, bold=True)
        theme.blit_text(surface, status, (8, rect.y + 4), big, bold=True)
        info = self.disabled_tip() or self.panel.hover_text(self.mouse)
        info = info or (self.space_info(self.hover) if self.hover else self.notice)
        if not info:
            info = "Click your city for its actions · drag or arrow keys to pan · wheel to zoom · Home to fit"
        theme.blit_text(
            surface, theme.fit_text(info, small, rect.w - 16), (8, rect.y + 8 + big + 4), small, theme.TEXT_DIM
        )

    def _draw_thinking(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The thinking indicator: a light sweeping along a bar in the deciding player's colour."""
        pygame.draw.rect(surface, theme.PANEL_LINE, rect, border_radius=rect.h // 2)
        phase = (time.monotonic() - self.computers.started) % THINKING_SWEEP / THINKING_SWEEP
        width = rect.w // 4
        x = rect.x + round((rect.w - width) * (0.5 - 0.5 * math.cos(phase * 2 * math.pi)))
        colour = owner_colour(self.game, self.game.actor())
        pygame.draw.rect(surface, colour, pygame.Rect(x, rect.y, width, rect.h), border_radius=rect.h // 2)

    def space_info(self, space: Hex) -> str:
        """What a player sees about a space: never the terrain of an unexplored region."""
        game = self.game
        terrain = game.terrain(space)
        label = hex_to_label(space)
        if terrain is None:
            return f"{label}: unexplored"
        spec = game.rules.terrain[terrain]
        parts = [f"{label}: {spec.name}" + (f" (yields {', '.join(spec.yields)})" if spec.yields else "")]
        if space in game.exhausted:
            parts.append("exhausted")
        city = game.city_at(space)
        if city is not None:
            buildings = ", ".join(
                f"{game.rules.buildings[b].name}" + (f" [{owner_name(game, c)}]" if c != city.owner else "")
                for b, c in city.buildings.items()
            )
            parts.append(
                f"{capitalised(party(game, city.owner).possessive)} city, size {game.city_size(city)}, {city.mood}"
                + (f": {buildings}" if buildings else "")
            )
        units = game.units_at(space)
        if units:
            by_owner: dict[int, list[str]] = {}
            for unit in units:
                by_owner.setdefault(unit.owner, []).append(game.rules.units[unit.kind].name)
            parts.extend(f"{owner_name(game, o)}: {unit_counts(game, kinds)}" for o, kinds in by_owner.items())
        return " · ".join(parts)

    def _draw_pass_screen(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(theme.BACKGROUND)
        actor = self.game.actor()
        name = self.game.player(actor).name
        colour = owner_colour(self.game, actor)
        pygame.draw.rect(surface, colour, pygame.Rect(0, 0, w, 10))
        theme.blit_text(surface, f"Pass to {name}", (w // 2, h // 2 - 110), 48, colour, bold=True, anchor="midbottom")
        reason = "It is your turn." if not self.game.pending else decision_title(self.game, self.game.pending[-1])
        theme.blit_text(surface, theme.fit_text(reason, 18, w - 80), (w // 2, h // 2 - 80), 18, anchor="midtop")
        theme.blit_text(
            surface,
            "Everyone else: please look away from the screen.",
            (w // 2, h // 2 - 50),
            15,
            theme.TEXT_DIM,
            anchor="midtop",
        )
        recent = self.game.log[-8:]
        y = h // 2 + 70
        theme.blit_text(surface, "Recently:", (w // 2, y), 14, theme.TEXT_DIM, bold=True, anchor="midtop")
        for line in recent:
            y += 20
            theme.blit_text(surface, theme.fit_text(line, 14, w - 80), (w // 2, y), 14, theme.TEXT_DIM, anchor="midtop")


def answers(decision: Decision, options: list[Option]) -> list[Option]:
    """A choice's options as the dialog lists them: without the card or advance each one would name again,
    since the dialog's question names it ("B1: cavalry", not "A good year (…): B1: cavalry")."""
    if not isinstance(decision, EffectChoiceDecision) or not decision.source:
        return options
    return [replace(o, label=capitalised(o.label.removeprefix(f"{decision.source}: "))) for o in options]
