"""The square map of Sid Meier's Civilization, drawn from what one seat may see (`view_for`), with pan,
zoom and pixel -> square hit-testing.

The board draws only the plain view the rules give the seat: a face-down tile has no terrain in it,
a hut or village marker no result, so the map cannot show what the seat may not know.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from civgame.ui import theme
from civgame.ui.sidmeier import art

MIN_CELL, MAX_CELL = 12.0, 160.0
HIGHLIGHT = theme.HIGHLIGHT
SELECTED = theme.SELECTED


@dataclass
class Marks:
    """What the interface marks on top of the map."""

    targets: set[int] = field(default_factory=set)  # squares the player may click now
    selected: int | None = None
    hover: int | None = None


class SquareBoard:
    def __init__(self, rect: pygame.Rect, width: int, height: int, tile_size: int):
        self.rect = pygame.Rect(rect)
        self.width, self.height, self.tile_size = width, height, tile_size
        self.cell = 40.0
        self.origin = (float(self.rect.x), float(self.rect.y))  # pixel of the map's top-left corner
        self._layer_picture: pygame.Surface | None = None  # the whole map drawn for the view and zoom below
        self._layer_view: dict[str, Any] | None = None
        self._layer_key: tuple[Any, ...] = ()
        self._layer_margin = 0
        self.fit()

    # ------------------------------------------------------------------ geometry
    def square_rect(self, pos: int) -> pygame.Rect:
        x, y = pos % self.width, pos // self.width
        left = self.origin[0] + x * self.cell
        top = self.origin[1] + y * self.cell
        return pygame.Rect(
            round(left), round(top), round(left + self.cell) - round(left), round(top + self.cell) - round(top)
        )

    def centre(self, pos: int) -> tuple[int, int]:
        return self.square_rect(pos).center

    def square_at(self, pixel: tuple[float, float]) -> int | None:
        """The square under a pixel inside the map area, or None."""
        if not self.rect.collidepoint(pixel):
            return None
        x = int((pixel[0] - self.origin[0]) // self.cell)
        y = int((pixel[1] - self.origin[1]) // self.cell)
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return None

    def fit(self) -> None:
        """Zoom and centre so that the whole map is in sight."""
        self.cell = max(MIN_CELL, min(MAX_CELL, 0.96 * min(self.rect.w / self.width, self.rect.h / self.height)))
        self.origin = (
            self.rect.centerx - self.cell * self.width / 2,
            self.rect.centery - self.cell * self.height / 2,
        )

    def pan(self, dx: float, dy: float) -> None:
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)

    def zoom(self, factor: float, around: tuple[float, float] | None = None) -> None:
        """Zoom by `factor`, keeping the point under `around` (default: the map centre) still."""
        ax, ay = around if around is not None else self.rect.center
        cell = max(MIN_CELL, min(MAX_CELL, self.cell * factor))
        k = cell / self.cell
        self.origin = (ax - (ax - self.origin[0]) * k, ay - (ay - self.origin[1]) * k)
        self.cell = cell

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, view: dict[str, Any], names: dict[str, str], marks: Marks) -> None:
        """Draw the map of `view`; `names` gives the short label of each building, wonder and great person.

        The whole map is drawn once per view and zoom and kept: a frame blits it where the map lies now
        (so that dragging the map only moves the picture) and draws the marks."""
        previous = surface.get_clip()
        surface.set_clip(self.rect)
        surface.fill(theme.BACKGROUND, self.rect)
        picture, margin = self._layer(view, names)
        surface.blit(picture, (round(self.origin[0]) - margin, round(self.origin[1]) - margin))
        size = round(self.cell)
        for pos in marks.targets:
            pygame.draw.rect(surface, HIGHLIGHT, self.square_rect(pos), max(2, size // 14))
        if marks.selected is not None:
            pygame.draw.rect(surface, SELECTED, self.square_rect(marks.selected), max(3, size // 10))
        if marks.hover is not None:
            pygame.draw.rect(surface, theme.TEXT_DIM, self.square_rect(marks.hover), 1)
        surface.set_clip(previous)

    def _layer(self, view: dict[str, Any], names: dict[str, str]) -> tuple[pygame.Surface, int]:
        """The whole map at this zoom, with a margin of a square around it (for the outskirts' frames)."""
        if self._layer_picture is not None and self._layer_view is view and self._layer_key == (self.cell,):
            return self._layer_picture, self._layer_margin
        margin = math.ceil(self.cell)
        width, height = (math.ceil(self.cell * n) + 2 * margin for n in (self.width, self.height))
        picture = pygame.Surface((width, height))
        picture.fill(theme.BACKGROUND)
        kept = self.origin
        self.origin = (float(margin), float(margin))  # draw in the picture's pixels
        try:
            self._draw_map(picture, view, names)
        finally:
            self.origin = kept
        self._layer_picture, self._layer_view, self._layer_key = picture, view, (self.cell,)
        self._layer_margin = margin
        return picture, margin

    def _draw_map(self, surface: pygame.Surface, view: dict[str, Any], names: dict[str, str]) -> None:
        size = round(self.cell)
        bounds = surface.get_rect()
        for pos, square in enumerate(view["squares"]):
            rect = self.square_rect(pos)
            if not rect.colliderect(bounds):
                continue
            picture = art.terrain(square["terrain"], size) if square["terrain"] else art.face_down(size)
            surface.blit(picture, rect)
            self._draw_square_contents(surface, rect, square, names)
        self._draw_tile_borders(surface)
        for city in view["cities"]:
            self._draw_outskirts(surface, city)
        for city in view["cities"]:
            rect = self.square_rect(city["pos"])
            colour = art.seat_colour(city["owner"])
            if city["expansion"] >= 0:
                art.metropolis(surface, rect, self.square_rect(city["expansion"]), colour, walled=city["walled"])
            else:
                art.city(surface, rect, colour, capital=city["capital"], walled=city["walled"])
            art.city_marker(surface, rect, city["marker"])
        self._draw_figures(surface, view["figures"])

    def _draw_square_contents(
        self, surface: pygame.Surface, rect: pygame.Rect, square: dict[str, Any], names: dict[str, str]
    ) -> None:
        if square["resource"]:
            colour = art.RESOURCE_COLOURS.get(square["resource"], theme.TEXT)
            corner = (rect.x + rect.w * 0.16, rect.y + rect.h * 0.16)
            pygame.draw.circle(surface, colour, corner, rect.w * 0.1)
            pygame.draw.circle(surface, theme.TEXT_DARK, corner, rect.w * 0.1, 1)
        if square["feature"] and square["marker"] != -1:  # the marker still lies on its printed icon
            art.hut(surface, rect.center, rect.w * 0.5, village=square["feature"] == "village")
        if square["relic"]:
            art.relic(surface, rect.center, rect.w * 0.5)
        if square["city_state"] >= 0:
            art.city_state(surface, rect)
        improvement = square["improvement"]
        if improvement is not None:
            plate = rect.inflate(-rect.w * 0.16, -rect.h * 0.4)
            label = names.get(improvement["name"], improvement["name"])
            art.improvement(surface, plate, improvement["kind"], label, art.seat_colour(improvement["owner"]))

    def _draw_tile_borders(self, surface: pygame.Surface) -> None:
        line = max(1, round(self.cell / 18))
        step = self.cell * self.tile_size
        for column in range(self.width // self.tile_size + 1):
            x = self.origin[0] + column * step
            pygame.draw.line(
                surface, theme.TEXT_DARK, (x, self.origin[1]), (x, self.origin[1] + self.height * self.cell), line
            )
        for row in range(self.height // self.tile_size + 1):
            y = self.origin[1] + row * step
            pygame.draw.line(
                surface, theme.TEXT_DARK, (self.origin[0], y), (self.origin[0] + self.width * self.cell, y), line
            )

    def _draw_outskirts(self, surface: pygame.Surface, city: dict[str, Any]) -> None:
        """The eight squares around a city (the ten around a metropolis), framed in its owner's colour."""
        centre = self.square_rect(city["pos"])
        if city["expansion"] >= 0:
            centre = centre.union(self.square_rect(city["expansion"]))
        rect = centre.inflate(round(self.cell * 2), round(self.cell * 2))
        pygame.draw.rect(surface, art.seat_colour(city["owner"]), rect, max(2, round(self.cell / 14)))

    def _draw_figures(self, surface: pygame.Surface, figures: list[dict[str, Any]]) -> None:
        by_square: dict[int, list[dict[str, Any]]] = {}
        for figure in figures:
            by_square.setdefault(figure["pos"], []).append(figure)
        for pos, here in by_square.items():
            rect = self.square_rect(pos)
            size = rect.w * (0.42 if len(here) == 1 else 0.32)
            for i, figure in enumerate(here):
                dx = (i - (len(here) - 1) / 2) * size * 0.8
                centre = (rect.centerx + dx, rect.y + rect.h * 0.62)
                draw = art.army if figure["kind"] == "army" else art.scout
                draw(surface, centre, size, art.seat_colour(figure["owner"]))
