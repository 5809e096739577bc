"""Modal-looking pygame_gui windows: a list of choices, a yes/no confirmation, and a message."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UILabel,
    UIScrollingContainer,
    UITextBox,
    UIWindow,
)

from civgame.ui import theme
from civgame.ui.cards_view import Card

ROW_HEIGHT = 34
GAP = 4
TITLE_BAR = 28  # pygame_gui's default window title bar height
CORNER_WIDTH = 500  # decision dialogs in the map's bottom right corner, at 1280x720
NEAR_WIDTH = 340  # a small chooser next to a point of the map, at 1280x720
NEAR_GAP = 40  # between that point and the chooser


@dataclass
class Option:
    label: str
    choose: Callable[[], None]
    enabled: bool = True
    tooltip: str | None = None  # why a disabled option cannot be taken, or more detail
    card: Card | None = None  # the card the option is about, shown when pointed at


CORNERS = ("bottomright", "bottomleft", "topright", "topleft")


def free_corner(
    size: tuple[int, int], area: pygame.Rect, avoid: Sequence[pygame.Rect], corners: Sequence[str] = CORNERS
) -> pygame.Rect | None:
    """A rectangle of `size` in the first of `corners` of `area` that covers none of `avoid`, or None."""
    inner = area.inflate(-16, -16)
    for corner in corners:
        candidate = pygame.Rect((0, 0), size)
        setattr(candidate, corner, getattr(inner, corner))
        if candidate.collidelist(list(avoid)) < 0:
            return candidate
    return None


class ChoiceDialog:
    """A window listing options as buttons; `cancel` (if given) adds a Cancel button and a close box.

    `corner` puts the window in a corner of `area` instead of its centre, one clear of `avoid` (and of
    `rather_not_cover` too when a corner is); `near` makes it a narrow chooser beside that point (right of
    it if there is room, else left).

    Decisions the engine is waiting for have no cancel: one of their options must be chosen.
    """

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        scale: float,
        area: pygame.Rect,
        title: str,
        prompt: str,
        options: list[Option],
        cancel: Callable[[], None] | None = None,
        *,
        corner: bool = False,
        near: tuple[float, float] | None = None,
        avoid: pygame.Rect | None = None,
        rather_not_cover: Sequence[pygame.Rect] = (),
        max_height: int | None = None,
    ):
        self.cancel = cancel
        font_size, row_h, line_h = round(14 * scale), round(ROW_HEIGHT * scale), round(26 * scale)
        wide = NEAR_WIDTH if near else CORNER_WIDTH if corner else 600
        width = min(round(wide * scale), area.w - 40)
        prompt_lines = theme.wrap_text(prompt, font_size, width - 80)
        prompt_h = line_h * max(1, len(prompt_lines)) + 10
        list_h = len(options) * (row_h + GAP)
        footer = row_h + 16 if cancel else 8
        height = min(max_height or area.h - 30, TITLE_BAR + prompt_h + list_h + footer + 24)
        rect = pygame.Rect(0, 0, width, height)
        if near is not None:
            gap = round(NEAR_GAP * scale)
            rect.centery = round(near[1])
            if near[0] + gap + width <= area.right - 8:
                rect.left = round(near[0]) + gap
            else:
                rect.right = round(near[0]) - gap
            rect.clamp_ip(area.inflate(-16, -16))
        elif corner:  # out of the way of the map's centre, so the board stays readable
            fallback = free_corner(rect.size, area, [])
            assert fallback is not None  # nothing to avoid: the first corner
            must = [avoid] if avoid else []
            clear = free_corner(rect.size, area, [*must, *rather_not_cover]) or free_corner(rect.size, area, must)
            rect = clear or fallback
        else:
            rect.center = area.center
        self.window = UIWindow(
            rect, manager, window_display_title=title, object_id="#menu" if cancel else "#decision", draggable=True
        )
        inner_w = self.window.get_container().get_rect().w
        inner_h = self.window.get_container().get_rect().h
        self.prompt = prompt
        for i, line in enumerate(prompt_lines):
            UILabel(
                pygame.Rect(8, 6 + i * line_h, inner_w - 16, line_h - 2),
                line,
                manager,
                container=self.window,
                object_id="#prompt",
            )
        list_top = prompt_h + 8
        visible_h = max(row_h, inner_h - list_top - footer)
        scrolls = list_h > visible_h
        button_w = inner_w - 16 - (22 if scrolls else 0)
        # a scrolling container is costly to create: only long lists get one
        self.scroller = None
        holder: UIWindow | UIScrollingContainer = self.window
        top = list_top
        if scrolls:
            self.scroller = UIScrollingContainer(
                pygame.Rect(8, list_top, inner_w - 16, visible_h), manager, container=self.window, allow_scroll_x=False
            )
            self.scroller.set_scrollable_area_dimensions((button_w, list_h))
            holder, top = self.scroller, 0
        left = 0 if scrolls else 8
        self.buttons: dict[UIButton, Option] = {}
        for i, option in enumerate(options):
            button = UIButton(
                pygame.Rect(left, top + i * (row_h + GAP), button_w, row_h),
                theme.fit_text(option.label, font_size, button_w - 16),
                manager,
                container=holder,
                tool_tip_text=option.tooltip or (option.label if len(option.label) > 60 else None),
            )
            if not option.enabled:
                button.disable()
            self.buttons[button] = option
        self.cancel_button = None
        if cancel:
            self.cancel_button = UIButton(
                pygame.Rect(inner_w - 128, inner_h - row_h - 8, 120, row_h), "Cancel", manager, container=self.window
            )

    def handle(self, event: pygame.event.Event) -> bool:
        """React to a pygame_gui event meant for this dialog; True if it was."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.buttons:
                self.buttons[event.ui_element].choose()
                return True
            if event.ui_element is self.cancel_button and self.cancel:
                self.cancel()
                return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window and self.cancel:
            self.cancel()
            return True
        return False

    def button_for(self, label_start: str) -> UIButton:
        """The first option button whose full label starts with `label_start` (for tests and scripts)."""
        for button, option in self.buttons.items():
            if option.label.startswith(label_start):
                return button
        raise KeyError(label_start)

    def labels(self) -> list[str]:
        return [o.label for o in self.buttons.values()]

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The card of the option under `pos`, if it has one."""
        return next(
            (o.card for b, o in self.buttons.items() if o.card is not None and b.visible and b.rect.collidepoint(pos)),
            None,
        )

    def kill(self) -> None:
        self.window.kill()


class ConfirmDialog(ChoiceDialog):
    def __init__(
        self,
        manager: pygame_gui.UIManager,
        scale: float,
        area: pygame.Rect,
        title: str,
        prompt: str,
        yes: tuple[str, Callable[[], None]],
        no: Callable[[], None],
    ):
        super().__init__(manager, scale, area, title, prompt, [Option(yes[0], yes[1])], cancel=no)


class MessageDialog:
    """A window with a text (one paragraph per line, scrolling when long) and a row of buttons.

    Used where a player must read something before going on: a mod's problems, a save made with
    other rules, an error. It has no close box: one of its buttons must be pressed.
    """

    MAX_BUTTON_W = 220

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        scale: float,
        area: pygame.Rect,
        title: str,
        text: str,
        options: list[Option],
    ):
        self.text = text
        font_size, row_h, line_h = round(14 * scale), round(ROW_HEIGHT * scale), round(20 * scale)
        width = min(round(720 * scale), area.w - 40)
        lines = sum(max(1, len(theme.wrap_text(part, font_size, width - 70))) for part in text.splitlines() or [""])
        text_h = min(lines * line_h + 16, area.h - 2 * row_h - 120)
        height = TITLE_BAR + text_h + row_h + 40
        rect = pygame.Rect(0, 0, width, height)
        rect.center = area.center
        self.window = UIWindow(rect, manager, window_display_title=title, object_id="#decision")
        self.window.set_blocking(True)  # nothing behind it reacts until it is answered
        inner = self.window.get_container().get_rect()
        self.text_box = UITextBox(
            html.escape(text),
            pygame.Rect(8, 6, inner.w - 16, inner.h - row_h - 24),
            manager,
            container=self.window,
            object_id="#message",
        )
        button_w = min(self.MAX_BUTTON_W, (inner.w - 16 - GAP * (len(options) - 1)) // max(1, len(options)))
        left = inner.w - 8 - len(options) * button_w - (len(options) - 1) * GAP
        self.buttons: dict[UIButton, Option] = {}
        for i, option in enumerate(options):
            button = UIButton(
                pygame.Rect(left + i * (button_w + GAP), inner.h - row_h - 8, button_w, row_h),
                theme.fit_text(option.label, font_size, button_w - 16),
                manager,
                container=self.window,
                tool_tip_text=option.tooltip,
                object_id="#primary" if i == 0 else None,
            )
            self.buttons[button] = option

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element].choose()
            return True
        return False

    def button_for(self, label_start: str) -> UIButton:
        for button, option in self.buttons.items():
            if option.label.startswith(label_start):
                return button
        raise KeyError(label_start)

    def kill(self) -> None:
        self.window.kill()
