"""The game screen of Sid Meier's Civilization: the square map, the side panel (player board, market,
culture track, log), the action bar and the battle screen.

Every action comes from the engine's `legal_actions` and goes back through `GameDefinition.apply`; the
window never changes the game itself. The action bar shows one button per kind of legal action; a kind
with several actions opens a list, or marks its squares on the map to click. Kinds the current decision
could offer but that are not legal now are greyed, with the engine's own reason (`why_illegal`).

Hot-seat: the screen draws what the watching seat may see (`view_for`). When the deciding person
changes, a pass screen covers everything until they take the seat; it never comes between a person and
a computer player.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from civgame.ai.sidmeier import legal_actions
from civgame.framework.errors import RuleError
from civgame.framework.saves import SaveError
from civgame.games import definition
from civgame.games.sidmeier.core import actions as act
from civgame.games.sidmeier.core.decisions import Moving
from civgame.games.sidmeier.core.model import Game
from civgame.ui import theme, thumbnails, tooltips
from civgame.ui.dialogs import ChoiceDialog, Option
from civgame.ui.log_view import LogView
from civgame.ui.scene import Navigator, Scene
from civgame.ui.sidmeier import panel, rules_help, saves, sounds
from civgame.ui.sidmeier.battle import draw_battle
from civgame.ui.sidmeier.board import Marks, SquareBoard
from civgame.ui.sidmeier.computer import ComputerSeats
from civgame.ui.sidmeier.wording import Words, group_label, grouped, square_of

GAME = definition("sid-meier")
OWN_TURNS = ("start_turn", "trade_turn", "city_turn", "movement_turn", "research_turn")  # a player's own phases
TOP_BAR, PANEL_W, ACTION_BAR = 40, 400, 156  # in layout units
BAR_ROWS = 3  # rows of kind buttons in the action bar
GROUP_W, GROUP_H = 196, 32
ZOOM_STEP, PAN_STEP, DRAG_THRESHOLD = 1.15, 60, 6
DIRECTIONS = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}


class SidMeierScene(Scene):
    def __init__(self, app: Navigator, game: Game, kinds: Sequence[str], viewer: int | None = None):
        super().__init__(app)
        self.game = game
        self.kinds = list(kinds)  # who plays each seat: "human" or a computer level
        self.words = Words(game)
        self.computers = ComputerSeats(game, self.kinds)
        humans = [s for s, k in enumerate(self.kinds) if k == "human"]
        self.viewer = viewer if viewer is not None else (humans[0] if humans else 0)
        self.covered = viewer is None and self._person_to_act() and game.actor() != self.viewer
        self.tab = panel.TABS[0]
        self.group: str | None = None  # the kind of action whose squares are marked on the map
        self.selected: int | None = None
        self.hover: int | None = None
        self.press: tuple[int, int] | None = None
        self.dragging = False
        self.dialog: ChoiceDialog | None = None
        self.tips: list[panel.Tip] = []
        self.log_view: LogView | None = None
        self.panel_scroll = 0
        self.hand_cards: list[tuple[pygame.Rect, int]] = []  # the viewer's battle hand as drawn
        self.board_seat = self.viewer  # whose player board the panel shows
        self.labels = self._labels()
        # the panel's tab as last drawn: (what it shows, the view it shows, the picture, its tooltips)
        self._panel_drawn: tuple[Any, dict[str, Any], pygame.Surface, list[panel.Tip]] | None = None
        self.outcome_shown = False
        self.notice = ""  # a problem the game goes on despite (a failed autosave), shown under the prompt
        self.refresh()

    # ------------------------------------------------------------------ state
    def refresh(self) -> None:
        """Read the game again after a change: the legal actions, the seat's view, the marks."""
        self.legal: list[act.Action] = [] if GAME.is_over(self.game) else legal_actions(self.game)
        self.view: dict[str, Any] = GAME.view_for(self.game, self.viewer)
        self.groups = grouped(self.legal)
        if self.group not in self.groups:
            self.group = None
        self.app.dirty = True

    def _person_to_act(self) -> bool:
        actor = self.game.actor()
        return 0 <= actor < len(self.kinds) and self.kinds[actor] == "human"

    @property
    def computer_to_act(self) -> bool:
        return not GAME.is_over(self.game) and not self._person_to_act()

    def _labels(self) -> dict[str, str]:
        """Short labels of buildings, wonders and great people on the map."""
        rules = self.game.rules
        out = {key: face.face.name for key, face in rules.faces.items()}
        out.update({key: w.name for key, w in rules.wonders.items()})
        out.update({key: p.name for key, p in rules.great_people.items()})
        return out

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        self.buttons = {}
        w, h = self.units
        board_rect = self.rect(0, TOP_BAR, w - PANEL_W, h - TOP_BAR - ACTION_BAR)
        if not hasattr(self, "board"):
            self.board = SquareBoard(board_rect, self.game.width, self.game.height, self.game.rules.map.tile_size)
        else:
            self.board.rect = board_rect
        self.panel_rect = self.rect(w - PANEL_W, TOP_BAR + 76, PANEL_W, h - TOP_BAR - 76)
        self.bar_rect = self.rect(0, h - ACTION_BAR, w - PANEL_W, ACTION_BAR)
        self.tab_buttons = {}
        for i, tab in enumerate((*panel.TABS, "Log")):
            button = self.add_button(
                self.rect(w - PANEL_W + 4 + i * 98, TOP_BAR + 4, 94, 32), tab, partial(self.show_tab, tab)
            )
            if tab == self.tab:
                button.select()
            self.tab_buttons[tab] = button
        self.board_buttons: dict[int, UIButton] = {}
        if self.tab == "Player" and not self.covered:
            width = (PANEL_W - 8) // len(self.game.players)
            for seat, player in enumerate(self.game.players):
                rect = self.rect(w - PANEL_W + 4 + seat * width, TOP_BAR + 40, width - 4, 30)
                name = theme.fit_text(player.name, round(13 * self.app.scale), rect.w - 10)
                tip = f"{player.name}'s player board (what you may see of it)"
                button = self.add_button(rect, name, partial(self.show_board_of, seat), tooltip=tip)
                if seat == self.board_seat:
                    button.select()
                self.board_buttons[seat] = button
        self.save_button = self.add_button(
            self.rect(w - 330, 4, 100, 32), "Save", self.save_now, tooltip="Save the game (Ctrl+S)"
        )
        self.help_button = self.add_button(
            self.rect(w - 224, 4, 100, 32), "Rules", self.open_rules_help, tooltip="The rules of this game (F1)"
        )
        self.menu_button = self.add_button(self.rect(w - 118, 4, 110, 32), "Title screen", self.app.show_title)
        self.pass_button: UIButton | None = None
        self.group_buttons: dict[str, UIButton] = {}
        if self.covered:
            name = self.game.players[self.game.actor()].name
            self.pass_button = self.add_button(
                self.rect((w - 360) // 2, h // 2, 360, 48),
                f"I am {name} — show my view",
                self.take_seat,
                object_id="#primary",
            )
            return
        if GAME.is_over(self.game):
            if not self.outcome_shown:  # a finished game opened from a save says how it ended
                self.outcome_shown = True
                self.show_outcome()
        elif not self.computer_to_act:
            self._build_action_bar()

    def _build_action_bar(self) -> None:
        w, h = self.units
        columns = max(1, (w - PANEL_W - 16) // (GROUP_W + 6))
        entries = self.entries()
        slots = columns * BAR_ROWS
        shown, rest = (entries, []) if len(entries) <= slots else (entries[: slots - 1], entries[slots - 1 :])
        rects = [
            self.rect(
                8 + (i % columns) * (GROUP_W + 6),
                h - ACTION_BAR + 30 + (i // columns) * (GROUP_H + 4),
                GROUP_W,
                GROUP_H,
            )
            for i in range(slots)
        ]
        for rect, (kind, why) in zip(rects, shown, strict=False):
            count = len(self.groups.get(kind, []))
            label = theme.fit_text(self.entry_label(kind), round(13 * self.app.scale), rect.w - 12)
            tip = why or (self.words.label(self.groups[kind][0]) if count == 1 else self.entry_label(kind))
            button = self.add_button(rect, label, partial(self.choose_group, kind), enabled=not why, tooltip=tip)
            if kind == self.group:
                button.select()
            self.group_buttons[kind] = button
        self.more_button = None
        if rest:
            self.more_button = self.add_button(rects[slots - 1], "More…", partial(self.open_more, rest))

    def entries(self) -> list[tuple[str, str]]:
        """The action bar's kinds: each legal kind (no reason), then each greyed one with the engine's reason."""
        return [(kind, "") for kind in self.groups] + list(self.greyed().items())

    def entry_label(self, kind: str) -> str:
        count = len(self.groups.get(kind, []))
        return group_label(kind) + (f" ({count})" if count > 1 else "")

    def open_more(self, rest: list[tuple[str, str]]) -> None:
        """The kinds the action bar has no room for, in a list."""
        options = [
            Option(self.entry_label(kind), partial(self._more_chosen, kind), enabled=not why, tooltip=why or None)
            for kind, why in rest
        ]
        self.close_dialog()
        self.dialog = ChoiceDialog(
            self.app.manager,
            self.app.scale,
            self.board.rect,
            "More actions",
            self.prompt(),
            options,
            cancel=self.close_dialog,
        )

    def _more_chosen(self, kind: str) -> None:
        self.close_dialog()
        self.choose_group(kind)

    def rebuild(self) -> None:
        self.close_dialog()
        self.app.manager.clear_and_reset()
        self.build()
        self.app.dirty = True

    def show_board_of(self, seat: int) -> None:
        self.board_seat = seat
        self.panel_scroll = 0
        self.rebuild()

    def show_tab(self, tab: str) -> None:
        self.tab = tab
        self.panel_scroll = 0
        self.rebuild()

    # ------------------------------------------------------------------ greyed kinds
    def greyed(self) -> dict[str, str]:
        """Kinds of action the current decision offers that are not legal now, each with the engine's reason."""
        pending = self.game.pending[-1] if self.game.pending else None
        if pending is None:
            return {}
        out: dict[str, str] = {}
        for action in self.candidates(pending.KIND):
            if action.KIND in self.groups or action.KIND in out:
                continue
            reason = GAME.why_illegal(self.game, action)
            if reason:
                out[action.KIND] = f"{self.words.label(action)}: {reason}"
        return out

    def candidates(self, decision: str) -> Sequence[act.Action]:
        """Actions a decision of this kind may take, to ask the engine why one is not legal."""
        found = list(self.phase_candidates(decision))
        if decision in OWN_TURNS:  # (Fame and Fortune's great person cards, used in their holder's phases)
            rules = self.game.rules
            for card in self.game.players[self.game.actor()].person_cards:
                keep = rules.person_cards[rules.person_card_ids[card]].use == "keep"
                found.append(act.RevealPersonCard(card) if keep else act.UsePersonCard(card))
        return found

    def phase_candidates(self, decision: str) -> Sequence[act.Action]:
        seat = self.game.actor()
        cities = self.game.cities_of(seat)
        disbanding = self.game.rules.game.disbanding is not None  # (Fame and Fortune)
        if decision == "city_turn" and cities:
            city = cities[0].id
            unit = next(iter(self.game.rules.units))
            extra: list[act.Action] = [act.UseCaravan(city)] if disbanding else []
            extra += [act.StartProgram(city)] if self.game.rules.game.building_program is not None else []
            return [act.Devote(city), act.BuildWalls(city), act.BuildUnit(city, unit), act.AdvanceCulture(), *extra]
        if decision == "moving":
            return [act.Disband("north")] if disbanding else []
        if decision == "research_turn":
            known = set(self.game.players[seat].techs)
            research: list[act.Action] = [act.Research(t) for t in self.game.rules.techs if t not in known]
            return research[:1]
        figures = [f for f in self.game.figures if f.owner == seat]
        if decision == "start_turn":
            player = self.game.players[seat]
            governments = [g for g in self.game.rules.governments if g != player.government]
            found = [act.FoundCity(f.id) for f in figures if f.kind == "scout"][:1]
            tokens = [*player.coin_tokens, ""]
            invest = [act.Invest(card, tokens[0]) for card in self.game.rules.investments][:1]
            return [*found, *[act.ChangeGovernment(g) for g in governments][:1], *invest]
        if decision == "movement_turn":
            return [act.BeginMove((f.id,)) for f in figures][:1]
        if decision == "metropolis_choice":
            return [act.GrowMetropolis(pos) for pos in self.next_to_capital(seat)]
        return []

    def next_to_capital(self, seat: int) -> list[int]:
        """The up to 4 squares next to the player's capital (not diagonally): where it may grow."""
        capital = next((c for c in self.game.cities_of(seat) if c.capital), None)
        if capital is None:
            return []
        x, y = self.game.xy(capital.pos)
        near = ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
        return [self.game.pos(a, b) for a, b in near if 0 <= a < self.game.width and 0 <= b < self.game.height]

    def why_not(self, kind: str) -> list[Option]:
        """Greyed options of a kind in a list: actions not legal now, with the engine's reason."""
        if kind == "research":
            known = set(self.game.players[self.game.actor()].techs)
            tried: Sequence[act.Action] = [act.Research(t) for t in self.game.rules.techs if t not in known]
        elif kind == "grow_metropolis":
            tried = self.candidates("metropolis_choice")
        else:
            return []
        out = []
        for action in tried:
            if action in self.legal:
                continue
            reason = GAME.why_illegal(self.game, action)
            if reason:
                out.append(Option(self.words.label(action), lambda: None, enabled=False, tooltip=reason))
        return out

    # ------------------------------------------------------------------ choosing actions
    def choose_group(self, kind: str) -> None:
        actions = self.groups.get(kind, [])
        if not actions:
            return
        squares = {square_of(a) for a in actions}
        if len(actions) == 1 and None in squares:
            self.perform(actions[0])
            return
        greyed = self.why_not(kind)
        if None not in squares and len(actions) > 1 and not greyed:  # the squares are clicked on the map
            self.group = kind if self.group != kind else None
            self.rebuild()
            return
        self.open_chooser(group_label(kind), actions, extra=greyed)

    def open_chooser(
        self,
        title: str,
        actions: Sequence[act.Action],
        extra: Sequence[Option] = (),
        near: tuple[int, int] | None = None,
    ) -> None:
        options = [Option(self.words.label(a), partial(self._chosen, a)) for a in actions] + list(extra)
        self.close_dialog()
        self.dialog = ChoiceDialog(
            self.app.manager,
            self.app.scale,
            self.board.rect,
            title,
            self.prompt(),
            options,
            cancel=self.close_dialog,
            near=near,
        )
        self.app.dirty = True

    def _chosen(self, action: act.Action) -> None:
        self.close_dialog()
        self.perform(action)

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
            self.app.dirty = True

    def perform(self, action: act.Action) -> None:
        """Apply one action for the deciding seat; the engine's refusal is shown as it words it."""
        before, moment = self.game.actor(), sounds.Moment.of(self.game)
        try:
            GAME.apply(self.game, action)
        except RuleError as exc:
            self.open_message("Not allowed", str(exc))
            return
        self.app.sounds.play_first(sounds.cues(moment, self.game))
        self.group = None
        self.selected = None
        self.after_action(before)

    def after_action(self, before: int) -> None:
        actor = self.game.actor()
        if GAME.is_over(self.game):
            self.refresh()
            self.rebuild()  # which says how the game ended
            return
        if actor != before and self._person_to_act():
            self.autosave()
            if actor != self.viewer:
                self.covered = True
        self.refresh()
        self.rebuild()

    def take_seat(self) -> None:
        self.viewer = self.board_seat = self.game.actor()
        self.covered = False
        self.refresh()
        self.rebuild()

    def show_outcome(self) -> None:
        outcome = GAME.outcome(self.game)
        names = GAME.player_names(self.game)
        winners = " and ".join(names[s] for s in outcome.winners) or "nobody"
        self.open_message("The game is over", f"{winners} won: {outcome.reason}.")

    # ------------------------------------------------------------------ the map
    def click_square(self, pos: int | None) -> None:
        if pos is None or self.computer_to_act:
            return
        moving = self.moving_step(pos)
        if moving:
            self.open_chooser("Move", moving, near=self.board.centre(pos)) if len(moving) > 1 else self.perform(
                moving[0]
            )
            return
        if self.group is not None:
            here = [a for a in self.groups[self.group] if square_of(a) == pos]
            if len(here) == 1:
                self.perform(here[0])
                return
            if here:
                self.open_chooser(group_label(self.group), here, near=self.board.centre(pos))
                return
        here = self.actions_at(pos)
        self.selected = pos
        if here:
            self.open_chooser(f"At {self.game.label(pos)}", here, near=self.board.centre(pos))
        self.app.dirty = True

    def actions_at(self, pos: int) -> list[act.Action]:
        """The legal actions about a square: built there, or by its city, or moving its figures."""
        city = self.game.city_at(pos)
        figures = {f.id for f in self.game.figures_at(pos)}

        def about_here(action: act.Action) -> bool:
            if square_of(action) is not None:
                return square_of(action) == pos
            if city is not None and getattr(action, "city", -1) == city.id:
                return True
            if isinstance(action, act.BeginMove):
                return set(action.figures) <= figures
            return isinstance(action, act.FoundCity) and action.scout in figures

        out = [action for action in self.legal if about_here(action)]
        return out

    def click_hand_card(self, pixel: tuple[int, int]) -> None:
        """In a battle: the ways to play the unit card clicked in the hand."""
        card = next((c for rect, c in self.hand_cards if rect.collidepoint(pixel)), None)
        plays = [a for a in self.legal if isinstance(a, act.PlayUnit) and a.card == card]
        if card is not None and plays:
            self.open_chooser("Play a unit", plays, near=pixel) if len(plays) > 1 else self.perform(plays[0])

    def moving_step(self, pos: int) -> list[act.Action]:
        """While figures move: the step or exploration toward an adjacent square clicked."""
        pending = self.game.pending[-1] if self.game.pending else None
        if not isinstance(pending, Moving) or not pending.figures:
            return []
        figure = self.game.figure(pending.figures[0])
        if figure is None:
            return []
        (fx, fy), (x, y) = self.game.xy(figure.pos), self.game.xy(pos)
        direction = DIRECTIONS.get((x - fx, y - fy))
        if direction is None:
            return []
        return [a for a in self.legal if isinstance(a, act.Step | act.Explore) and a.direction == direction]

    def marks(self) -> Marks:
        targets: set[int] = set()
        if self.group is not None:
            targets = {p for a in self.groups[self.group] if (p := square_of(a)) is not None}
        pending = self.game.pending[-1] if self.game.pending else None
        if isinstance(pending, Moving) and pending.figures and not self.computer_to_act:
            figure = self.game.figure(pending.figures[0])
            if figure is not None:
                fx, fy = self.game.xy(figure.pos)
                for (dx, dy), direction in DIRECTIONS.items():
                    if any(isinstance(a, act.Step) and a.direction == direction for a in self.legal):
                        targets.add(self.game.pos(fx + dx, fy + dy))
        return Marks(targets=targets, selected=self.selected, hover=self.hover)

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if self.message is not None:
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
        if event.type == pygame.MOUSEBUTTONDOWN and not consumed and self.board.rect.collidepoint(event.pos):
            if self.battle_shown():
                self.click_hand_card(event.pos)
            elif event.button in (1, 2, 3):
                self.press, self.dragging = event.pos, event.button != 1
        elif event.type == pygame.MOUSEBUTTONUP:
            was_click = self.press is not None and not self.dragging and event.button == 1
            self.press, self.dragging = None, False
            if was_click:
                self.click_square(self.board.square_at(event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event)
        elif event.type == pygame.MOUSEWHEEL and not self.app.manager.get_hovering_any_element():
            if self.board.rect.collidepoint(self.mouse):
                self.board.zoom(ZOOM_STEP**event.y, self.mouse)
            elif self.panel_rect.collidepoint(self.mouse):
                self._scroll_panel(-event.y * 3)
        elif event.type == pygame.KEYDOWN and not consumed:
            self._key(event)

    def _motion(self, event: pygame.event.Event) -> None:
        if self.press is not None and any(event.buttons):
            dx, dy = event.pos[0] - self.press[0], event.pos[1] - self.press[1]
            if self.dragging or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                self.board.pan(*(event.rel if self.dragging else (dx, dy)))
                self.dragging = True
        self.hover = self.board.square_at(event.pos)

    def _scroll_panel(self, lines: int) -> None:
        if self.log_view is not None and self.tab == "Log":
            self.log_view.scroll(self.game.log, lines)
        else:
            self.panel_scroll = max(0, self.panel_scroll + lines * round(19 * self.app.scale))

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_F1:
            self.open_rules_help()
        elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save_now()
        elif event.key == pygame.K_ESCAPE:
            if self.dialog is not None:
                self.close_dialog()
            elif self.group is not None:
                self.group = None
                self.rebuild()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: PAN_STEP, pygame.K_RIGHT: -PAN_STEP}.get(event.key, 0)
            dy = {pygame.K_UP: PAN_STEP, pygame.K_DOWN: -PAN_STEP}.get(event.key, 0)
            self.board.pan(dx, dy)
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.board.zoom(ZOOM_STEP)
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.board.zoom(1 / ZOOM_STEP)
        elif event.key == pygame.K_HOME:
            self.board.fit()
        self.app.dirty = True

    # ------------------------------------------------------------------ computer seats
    def tick(self) -> None:
        if self.message is not None or not self.computer_to_act:
            return
        if not self.computers.thinking:
            if time.monotonic() >= self.computers.next_move_at:
                self.computers.start(self.game, self.legal)
            return
        action = self.computers.take()
        if action is not None:
            before, moment = self.game.actor(), sounds.Moment.of(self.game)
            GAME.apply(self.game, action)
            self.app.sounds.play_first(sounds.cues(moment, self.game))
            self.computers.shown(self.app.settings.animation_speed)
            self.after_action(before)

    def leave(self) -> None:
        self.computers.stop()

    # ------------------------------------------------------------------ saves
    def autosave(self) -> None:
        """Save to the autosave at each hand-over between people; a failure is shown, and the game goes on."""
        settings = self.app.settings
        if not settings.autosave:
            return
        try:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
            self._save(settings.autosave_path)
        except (OSError, SaveError) as exc:
            self.notice = f"Autosave failed: {exc}"

    def _save(self, path: Path) -> None:
        """The save, with the map's picture beside it for the load screen (the save is complete without it)."""
        saves.save(self.game, self.kinds, path)
        try:
            thumbnails.write_picture(self.thumbnail(), path)
        except (OSError, pygame.error):
            thumbnails.thumbnail_path(path).unlink(missing_ok=True)  # never an older game's picture

    def thumbnail(self) -> pygame.Surface:
        """The whole map as every player sees it, fitted into the load screen's picture."""
        picture = pygame.Surface(thumbnails.SIZE)
        board = SquareBoard(picture.get_rect(), self.game.width, self.game.height, self.game.rules.map.tile_size)
        board.draw(picture, GAME.view_for(self.game, -1), self.labels, Marks())
        return picture

    def save_now(self) -> None:
        folder = self.app.settings.saves_dir
        stamp = time.strftime("sid-meier-%Y%m%d-%H%M%S")
        path, copy = folder / f"{stamp}.yaml", 1
        while path.exists():  # two saves within a second: keep both
            copy += 1
            path = folder / f"{stamp}-{copy}.yaml"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self._save(path)
        except (OSError, SaveError) as exc:
            self.open_message("The game could not be saved", str(exc))
            return
        self.open_message("Game saved", f"The game was saved to {path}.")

    def open_rules_help(self) -> None:
        topics = rules_help.topics(self.game.rules)
        options = [Option(title, partial(self.open_message, title, text)) for title, text in topics.items()]
        self.close_dialog()
        self.dialog = ChoiceDialog(
            self.app.manager,
            self.app.scale,
            pygame.Rect((0, 0), self.size),
            "Rules",
            rules_help.INTRO,
            options,
            cancel=self.close_dialog,
        )

    # ------------------------------------------------------------------ drawing
    def battle_shown(self) -> bool:
        return self.view.get("battle") is not None and not self.covered

    def prompt(self) -> str:
        if GAME.is_over(self.game):
            return "The game is over."
        actor = self.game.actor()
        pending = self.game.pending[-1]
        who = self.game.players[actor].name
        if self.computer_to_act:
            return f"{who} (computer, {self.kinds[actor].capitalize()}) is thinking: {pending.describe()}."
        return f"{who}: {pending.describe()}."

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        size = round(14 * self.app.scale)
        phase = self.game.phase.replace("_", " ").title()
        status = f"Turn {self.game.turn} · {phase} · first player {self.game.players[self.game.first].name}"
        theme.blit_text(surface, status, (self.px(10), self.px(10)), size, bold=True)
        if self.covered:
            name = self.game.players[self.game.actor()].name
            theme.blit_text(
                surface,
                f"Pass to {name}",
                (self.size[0] // 2, self.size[1] // 2 - self.px(60)),
                round(28 * self.app.scale),
                anchor="center",
            )
            return
        self.board.draw(surface, self.view, self.labels, self.marks())
        if self.battle_shown():
            self.hand_cards = draw_battle(surface, self.board.rect, self.app.scale, self.game, self.view, self.viewer)
        self._draw_panel(surface)
        pygame.draw.rect(surface, theme.PANEL, self.bar_rect)
        if self.notice:
            notice = theme.fit_text(self.notice, size, self.bar_rect.w - 20)
            theme.blit_text(
                surface, notice, (self.bar_rect.x + 10, self.bar_rect.bottom - self.px(24)), size, theme.ACCENT
            )
        theme.blit_text(
            surface,
            theme.fit_text(self.prompt(), size, self.bar_rect.w - 20),
            (self.bar_rect.x + 10, self.bar_rect.y + self.px(6)),
            size,
        )

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect = self.panel_rect
        pygame.draw.rect(surface, theme.PANEL, rect)
        if self.tab == "Log":
            if self.log_view is None or self.log_view.rect != rect:
                self.log_view = LogView(rect, self.app.scale)
            self.log_view.draw(surface, self.game.log)
            self.tips = []
            return
        canvas, tips = self._panel_canvas(rect)
        surface.blit(canvas, rect, pygame.Rect(0, self.panel_scroll, rect.w, rect.h))
        self.tips = [panel.Tip(t.rect.move(rect.x, rect.y - self.panel_scroll), t.lines) for t in tips]

    def _panel_canvas(self, rect: pygame.Rect) -> tuple[pygame.Surface, list[panel.Tip]]:
        """The panel's tab drawn whole (taller than the panel: it scrolls), kept until the view or the tab changes."""
        key = (self.tab, self.board_seat, tuple(rect), self.app.scale)
        if self._panel_drawn is not None and self._panel_drawn[0] == key and self._panel_drawn[1] is self.view:
            return self._panel_drawn[2], self._panel_drawn[3]
        canvas = pygame.Surface((rect.w, rect.h * 3))
        canvas.fill(theme.PANEL)
        inner = canvas.get_rect()
        rules = self.game.rules
        if self.tab == "Player":
            tips = panel.player_board(canvas, inner, self.app.scale, rules, self.view, self.board_seat)
        elif self.tab == "Market":
            tips = panel.market(canvas, inner, self.app.scale, rules, self.view)
        else:
            tips = panel.culture_track(canvas, inner, self.app.scale, rules, self.view)
        self._panel_drawn = (key, self.view, canvas, tips)
        return canvas, tips

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.draw_disabled_tip(surface) is not None or self.clock() - self.hover_since < tooltips.DELAY_SECONDS:
            return
        if self.app.manager.get_hovering_any_element():
            return
        tip = next(
            (t for t in self.tips if t.rect.collidepoint(self.mouse) and self.panel_rect.collidepoint(self.mouse)), None
        )
        if tip is not None:
            tooltips.draw(surface, tip.lines, self.mouse, self.app.scale)
        elif self.hover is not None and self.board.rect.collidepoint(self.mouse) and not self.covered:
            tooltips.draw(surface, self.square_lines(self.hover), self.mouse, self.app.scale)

    def expansion_lines(self, square: dict[str, Any]) -> list[str]:
        """A relic or a city-state on the square, in the rulebook's words."""
        rules = self.game.rules
        lines = []
        if square["relic"]:
            relic = rules.relics[square["relic"]]
            lines.append(f"The relic {relic.name}: an army ending its move here takes it: {relic.text}")
        if square["city_state"] >= 0:
            marker = rules.city_states.markers[square["city_state"]]
            shown = self.view["city_state_resources"].get(square["city_state"])
            name = marker.name + (" (provisional)" if marker.provisional else "")
            lines.append(name + (f": shows {shown}" if shown else ""))
            lines.append("A figure here controls it: its square counts for its controller's capital")
        return lines

    def square_lines(self, pos: int) -> list[str]:
        """What a square shows, from the seat's view: terrain, icons, resource, what stands on it."""
        square = self.view["squares"][pos]
        if not square["terrain"]:
            return [f"{self.game.label(pos)}: a face-down tile"]
        lines = [f"{self.game.label(pos)}: {square['terrain']}"]
        icons = [f"{square[k]} {k}" for k in ("trade", "production", "culture", "coin") if square[k]]
        if icons:
            lines.append(", ".join(icons))
        if square["resource"]:
            lines.append(f"Resource: {square['resource']}")
        if square["feature"] and square["marker"] != -1:
            lines.append(f"A {square['feature']} (its marker lies face down here)")
            if isinstance(square["marker"], int):  # (the seat looked at it with Zheng He)
                lines.append(f"You looked at its marker: {panel.marker_name(self.game.rules, square['marker'])}")
        lines += self.expansion_lines(square)
        improvement = square["improvement"]
        if improvement is not None:
            name = self.labels.get(improvement["name"], improvement["name"])
            lines.append(f"{name} of {self.words.player(improvement['owner'])}")
        for city in self.view["cities"]:
            if city["pos"] == pos:
                kind = "Capital" if city["capital"] else "City"
                walls = ", walled" if city["walled"] else ""
                marker = {"fortification": ", fortified", "caravan": ", with a caravan"}.get(city["marker"], "")
                program = ", with a building program" if city["program"] else ""
                lines.append(f"{kind} of {self.words.player(city['owner'])}{walls}{marker}{program}")
        for figure in self.view["figures"]:
            if figure["pos"] == pos:
                lines.append(f"{figure['kind'].capitalize()} of {self.words.player(figure['owner'])}")
        return lines
