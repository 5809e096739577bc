"""The whole game log in a large panel over the map, scrolled with the wheel, the arrow keys and Page Up /
Page Down. It draws only the lines in sight (a game's log runs to thousands of lines), wrapped once for
its width."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from civgame.ui import theme

PAGE_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


class LogView:
    def __init__(self, rect: pygame.Rect, scale: float):
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.size = round(13 * scale)
        self.top: int | None = None  # the first line in sight; None: the newest lines
        self._wrapped: tuple[int, list[str]] = (0, [])  # (log entries wrapped, their lines)

    @property
    def step(self) -> int:
        return self.size + 5

    def body(self) -> pygame.Rect:
        """Where the lines go: under the title, beside the scroll bar."""
        title = round(34 * self.scale)
        return pygame.Rect(self.rect.x + 12, self.rect.y + title, self.rect.w - 36, self.rect.h - title - 10)

    def visible(self) -> int:
        return max(1, self.body().h // self.step)

    def lines(self, log: Sequence[str]) -> list[str]:
        """Every entry of the log wrapped to the panel's width (new entries wrapped as they come)."""
        done, lines = self._wrapped
        if done > len(log):  # an undo shortened the log
            done, lines = 0, []
        width = self.body().w
        lines = lines + [part for entry in log[done:] for part in theme.wrap_text(entry, self.size, width)]
        self._wrapped = (len(log), lines)
        return lines

    def first(self, log: Sequence[str]) -> int:
        last = max(0, len(self.lines(log)) - self.visible())
        return last if self.top is None else max(0, min(self.top, last))

    def scroll(self, log: Sequence[str], lines: int) -> None:
        """Scroll by `lines` (negative: towards the start); at the end it follows the newest lines again."""
        last = max(0, len(self.lines(log)) - self.visible())
        top = max(0, min(self.first(log) + lines, last))
        self.top = None if top == last else top

    def handle_key(self, log: Sequence[str], key: int) -> bool:
        if key in PAGE_KEYS:
            self.scroll(log, PAGE_KEYS[key])
            return True
        if key in (pygame.K_HOME, pygame.K_END):
            self.top = 0 if key == pygame.K_HOME else None
            return True
        return False

    def draw(self, surface: pygame.Surface, log: Sequence[str]) -> None:
        shade = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shade.fill((16, 18, 24, 245))
        surface.blit(shade, self.rect.topleft)
        pygame.draw.rect(surface, theme.ACCENT, self.rect, 2, border_radius=6)
        lines = self.lines(log)
        first, count = self.first(log), self.visible()
        title = f"Game log — lines {first + 1}–{min(len(lines), first + count)} of {len(lines)}"
        title = theme.fit_text(title, self.size + 2, self.rect.w - round(60 * self.scale), bold=True)
        theme.blit_text(surface, title, (self.rect.x + 12, self.rect.y + 8), self.size + 2, bold=True)
        body = self.body()
        for i, line in enumerate(lines[first : first + count]):
            theme.blit_text(surface, line, (body.x, body.y + i * self.step), self.size, theme.TEXT)
        self._draw_scroll_bar(surface, len(lines), first, count)

    def _draw_scroll_bar(self, surface: pygame.Surface, total: int, first: int, count: int) -> None:
        body = self.body()
        track = pygame.Rect(self.rect.right - 18, body.y, 8, body.h)
        pygame.draw.rect(surface, theme.PANEL_LINE, track, border_radius=4)
        if total > count:
            height = max(16, track.h * count // total)
            y = track.y + (track.h - height) * first // max(1, total - count)
            pygame.draw.rect(surface, theme.TEXT_DIM, pygame.Rect(track.x, y, track.w, height), border_radius=4)
