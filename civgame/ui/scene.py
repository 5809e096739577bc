"""The base of every screen the window shows."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from civgame.games.clash.core.model import Game
from civgame.ui import theme, tooltips
from civgame.ui.dialogs import MessageDialog, Option
from civgame.ui.settings import Settings

if TYPE_CHECKING:
    from civgame.ui.sound import Sounds


class Navigator(Protocol):
    """What a scene may ask of the window that shows it: the shared interface state and the way to
    the other scenes. The window (`civgame.ui.app.App`) implements it; scenes never import the
    window's module, which imports every scene (an import-linter contract in pyproject.toml)."""

    settings: Settings
    sounds: Sounds  # the sound effects, at the settings' volume
    screen: pygame.Surface
    manager: pygame_gui.UIManager
    scale: float  # how much larger text and bars are drawn than at 1280x720 (see theme.ui_scale)
    dirty: bool  # set when something changed: the window redraws
    scene: Scene | None  # the scene shown now
    new_game_seeds: random.Random  # deals the seed of a new game started without one

    def apply_display_settings(self) -> None:
        """Open the window again with `settings.size` and `settings.fullscreen`."""

    def show_title(self) -> None: ...

    def show_new_game(self) -> None: ...

    def show_load(self) -> None: ...

    def show_settings(self) -> None: ...

    def show_host(self) -> None:
        """Host a game for players across the network (civgame.ui.network_scenes)."""

    def show_join(self) -> None:
        """Join a game held by a host across the network."""

    def switch(self, scene: Scene) -> None:
        """Show `scene` instead of the scene shown now (which is asked to leave first)."""

    def start_game(self, game: Game) -> None: ...

    def show_sid_meier_new_game(self) -> None:
        """The new-game screen of Sid Meier's Civilization."""

    def start_sid_meier(self, game: Any, kinds: list[str]) -> None:
        """Play a game of Sid Meier's Civilization; `kinds`: who plays each seat (human or a computer level)."""

    def show_scores(self, game: Game) -> None: ...

    def quit(self) -> None:
        """Close the window (the scene shown is asked to leave first)."""


class Scene:
    def __init__(self, app: Navigator):
        self.app = app
        self.buttons: dict[UIButton, Callable[[], None]] = {}
        self.message: MessageDialog | None = None
        self._message_spec: tuple[str, str, list[Option]] | None = None  # to open it again after a resize
        self.mouse = (0, 0)  # where the pointer is
        self.clock = time.monotonic  # tests replace it to skip the tooltip delay
        self.hover_since = 0.0  # when the pointer last moved

    @property
    def size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    # A screen laid out in the units of a 1280x720 window grows with the text (theme.ui_scale) on larger ones.
    @property
    def units(self) -> tuple[int, int]:
        """The window's size in layout units."""
        return round(self.size[0] / self.app.scale), round(self.size[1] / self.app.scale)

    def px(self, units: float) -> int:
        """Layout units in pixels."""
        return round(units * self.app.scale)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in layout units, in pixels."""
        return pygame.Rect(self.px(x), self.px(y), self.px(w), self.px(h))

    def build(self) -> None:
        """Create the pygame_gui elements for the current window size (called again after a resize)."""

    def remember_input(self) -> None:
        """Keep what was typed into text fields: `build` puts it back after a resize."""

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        """React to one event; `consumed` is True when a pygame_gui element already used it."""
        self.track_pointer(event)
        if self.message is not None and self.message.handle(event):
            return
        self.press_button(event)

    def track_pointer(self, event: pygame.event.Event) -> None:
        """Follow the pointer: tooltips wait for it to rest."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.pos != self.mouse or event.type != pygame.MOUSEMOTION:
                self.hover_since = self.clock()
            self.mouse = event.pos

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything that is not a pygame_gui element."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Draw what goes above the pygame_gui windows (tooltips)."""
        self.draw_disabled_tip(surface)

    def disabled_button(self) -> UIButton | None:
        """The greyed button under the pointer that says why it is greyed, if any."""
        for element in self.app.manager.get_sprite_group().sprites():
            if (
                isinstance(element, UIButton)
                and not element.is_enabled
                and element.visible
                and element.tool_tip_text
                and element.rect.collidepoint(self.mouse)
                and _in_sight(element, self.mouse)
            ):
                return element
        return None

    def disabled_tip(self) -> str | None:
        """Why the greyed button under the pointer is greyed (pygame_gui shows no tooltip for it)."""
        button = self.disabled_button()
        return button.tool_tip_text if button is not None else None

    def draw_disabled_tip(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The tooltip of the greyed button under the pointer, once the pointer rests; its box, if drawn."""
        button = self.disabled_button()
        if button is None or self.clock() - self.hover_since < tooltips.DELAY_SECONDS:
            return None
        lines = [f"{button.text} (not available now)", str(button.tool_tip_text)]
        return tooltips.draw(surface, lines, self.mouse, self.app.scale)

    def animating(self) -> bool:
        """True while the scene has animation frames left to draw: the window then keeps redrawing."""
        return False

    def tick(self) -> None:
        """Called once per pass of the window loop, after the events: work that goes on by itself."""

    def leave(self) -> None:
        """Called before another scene replaces this one or the window closes."""

    # ------------------------------------------------------------------ messages
    def open_message(self, title: str, text: str, options: list[Option] | None = None) -> None:
        """A message the player must acknowledge; each button closes it, then does what it says."""
        self.close_message()
        options = options or [Option("OK", lambda: None)]
        self._message_spec = (title, text, options)
        closing = [Option(o.label, partial(self._choose, o), o.enabled, o.tooltip) for o in options]
        self.message = MessageDialog(
            self.app.manager, self.app.scale, pygame.Rect((0, 0), self.size), title, text, closing
        )
        self.app.dirty = True

    def _choose(self, option: Option) -> None:
        self.close_message()
        option.choose()

    def close_message(self) -> None:
        if self.message is not None:
            self.message.kill()
        self.message, self._message_spec = None, None
        self.app.dirty = True

    def reopen_message(self) -> None:
        """After `build()` on a new window size: the message that was open comes back."""
        if self._message_spec is not None:
            self.open_message(*self._message_spec)

    # ------------------------------------------------------------------ helpers
    def add_button(
        self,
        rect: pygame.Rect,
        text: str,
        on_press: Callable[[], None],
        *,
        enabled: bool = True,
        tooltip: str | None = None,
        object_id: str | None = None,
    ) -> UIButton:
        button = UIButton(rect, text, self.app.manager, tool_tip_text=tooltip, object_id=object_id)
        if not enabled:
            button.disable()
        self.buttons[button] = on_press
        return button

    def press_button(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()
            return True
        return False

    def clear_buttons(self) -> None:
        for button in self.buttons:
            button.kill()
        self.buttons = {}


def seat_names(typed: list[str], seats: int, longest: int) -> list[str] | None:
    """The names typed on a new-game screen for the first `seats` seats (a blank one: Player N), cut to
    `longest` characters; None when two seats have the same name."""
    names = [(typed[i].strip() or f"Player {i + 1}")[:longest] for i in range(seats)]
    return names if len(set(names)) == len(names) else None


def new_game_seed(typed: str, seeds: random.Random) -> int:
    """The seed typed on a new-game screen, or one the window deals when none was typed."""
    return int(typed) if typed.strip() else seeds.randrange(1, 1_000_000)


SAME_NAMES = "Every seat needs a different name."


MAX_NAME = 20  # characters of a name typed on a new-game screen
SEAT_LABELS = {"human": "Human", "easy": "Computer: Easy", "normal": "Computer: Normal", "hard": "Computer: Hard"}
SEAT_TIP = (
    "Who plays this seat: a person at this computer, or a computer player (Easy, Normal or Hard). Click to change."
)
ROW = 46  # units from one row of the form to the next


class NewGameForm(Scene):
    """A new-game screen: how many seats, a row per seat (its name and who plays it), a seed, and a line
    that says what is wrong. A click on a seat's kind goes through `SEAT_KINDS` in order."""

    SEAT_KINDS: tuple[str, ...]
    names: list[str]
    kinds: list[Any]  # each game types its own seat kinds (Clash: Seat)
    seats: int
    seed_text: str
    error: UILabel

    def build_seat_counts(self, left: int, top: int, counts: range) -> None:
        """The "Players" row: one button a number of seats, the chosen one selected."""
        UILabel(self.rect(left, top, 120, 36), "Players", self.app.manager)
        self.seat_buttons: dict[int, UIButton] = {}
        for i, count in enumerate(counts):
            rect = self.rect(left + 130 + i * 60, top, 52, 36)
            self.seat_buttons[count] = self.add_button(rect, str(count), partial(self._set_seats, count))
        self.seat_buttons[self.seats].select()

    def build_seat_rows(self, left: int, top: int) -> None:
        """A row a seat from `top`: its number, its name and who plays it."""
        manager = self.app.manager
        self.name_entries: list[UITextEntryLine] = []
        self.kind_buttons: list[UIButton] = []
        for i in range(self.seats):
            y = top + i * ROW
            UILabel(self.rect(left + 30, y, 100, 36), f"Seat {i + 1}", manager)
            entry = UITextEntryLine(self.rect(left + 130, y, 150, 36), manager, initial_text=self.names[i])
            entry.set_text_length_limit(MAX_NAME)
            self.name_entries.append(entry)
            kind = self.add_button(
                self.rect(left + 286, y, 174, 36),
                SEAT_LABELS[self.kinds[i]],
                partial(self._next_kind, i),
                tooltip=SEAT_TIP,
            )
            self.kind_buttons.append(kind)

    def build_seed_row(self, left: int, y: int) -> None:
        UILabel(self.rect(left, y, 120, 36), "Seed", self.app.manager)
        self.seed_entry = UITextEntryLine(
            self.rect(left + 130, y, 300, 36), self.app.manager, placeholder_text="empty: a random seed"
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)

    def remember_input(self) -> None:
        for i, entry in enumerate(self.name_entries):
            self.names[i] = entry.get_text()
        self.seed_text = self.seed_entry.get_text()

    def rebuild(self) -> None:
        """The form laid out again (another number of seats, an option that adds rows), keeping what was typed."""
        self.remember_input()
        self.app.manager.clear_and_reset()
        self.build()

    def _set_seats(self, count: int) -> None:
        self.seats = count
        self.rebuild()

    def _next_kind(self, seat: int) -> None:
        """Human -> Computer: Easy -> Normal -> Hard -> Human."""
        self.kinds[seat] = self.SEAT_KINDS[(self.SEAT_KINDS.index(self.kinds[seat]) + 1) % len(self.SEAT_KINDS)]
        self.kind_buttons[seat].set_text(SEAT_LABELS[self.kinds[seat]])

    def chosen_names_and_seed(self) -> tuple[list[str], int] | None:
        """The names and seed to start with; None, said on the error line, when two seats share a name."""
        self.remember_input()
        names = seat_names(self.names, self.seats, MAX_NAME)
        if names is None:
            self.error.set_text(SAME_NAMES)
            return None
        return names, new_game_seed(self.seed_text, self.app.new_game_seeds)

    def show_refusal(self, reason: str) -> None:
        """The rules' reason for not starting the game, fitted to the error line."""
        self.error.set_text(theme.fit_text(reason, round(14 * self.app.scale), self.error.rect.w))


def _in_sight(button: UIButton, pos: tuple[int, int]) -> bool:
    """Whether `pos` on the button is inside every container around it (not scrolled out of sight)."""
    container = button.ui_container
    seen = []
    while container is not None and container not in seen:  # the root container holds itself
        if not container.get_rect().collidepoint(pos):
            return False
        seen.append(container)
        container = container.ui_container if isinstance(container, UIElement) else None
    return True
