"""The square map's own drawn pictures: terrain, figures, cities, huts and villages, buildings and wonders.

Each picture is drawn with pygame's shapes at the size the board asks for and cached by that size,
so a frame only blits surfaces it already has. Terrain patterns come from a generator seeded by the
terrain's name: the same terrain looks the same in every game and every run.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from civgame.ui import theme
from civgame.ui.theme import Colour

TERRAIN_COLOURS: dict[str, Colour] = {
    "grassland": (138, 186, 86),
    "forest": (58, 122, 64),
    "mountain": (150, 136, 122),
    "desert": (222, 196, 128),
    "water": (62, 120, 186),
}
TERRAIN_FALLBACK: Colour = (170, 170, 170)  # a terrain a mod adds without a picture here
FACE_DOWN: Colour = (70, 62, 88)  # the back of a tile not yet explored
SEAT_COLOURS: tuple[Colour, ...] = (
    theme.PLAYER_COLOURS["red"],
    theme.PLAYER_COLOURS["blue"],
    theme.PLAYER_COLOURS["green"],
    theme.PLAYER_COLOURS["yellow"],
    theme.PLAYER_COLOURS["purple"],  # (Fame and Fortune's 5th player)
)
BARBARIAN: Colour = theme.BARBARIAN_COLOUR
GOLD: Colour = (212, 175, 55)
GREAT_PERSON: Colour = (150, 90, 190)
CITY_STATE: Colour = (236, 232, 220)
RESOURCE_COLOURS: dict[str, Colour] = {
    "incense": (190, 120, 200),
    "iron": (120, 130, 140),
    "silk": (230, 230, 240),
    "wheat": (236, 200, 80),
    "spy": (40, 40, 40),
    "uranium": (120, 220, 90),
}


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else BARBARIAN


def _shade(colour: Colour, k: float) -> Colour:
    return (min(255, int(colour[0] * k)), min(255, int(colour[1] * k)), min(255, int(colour[2] * k)))


@lru_cache(maxsize=64)
def terrain(name: str, size: int) -> pygame.Surface:
    """A square of terrain `size` pixels wide: its colour and a pattern of its kind."""
    base = TERRAIN_COLOURS.get(name, TERRAIN_FALLBACK)
    surface = pygame.Surface((size, size))
    surface.fill(base)
    rng = random.Random(name)
    dark, light = _shade(base, 0.72), _shade(base, 1.18)
    if name == "grassland":
        for _ in range(14):
            x, y = rng.uniform(0.08, 0.92) * size, rng.uniform(0.15, 0.95) * size
            h = size * 0.07
            pygame.draw.line(surface, dark, (x, y), (x - h * 0.4, y - h), max(1, size // 60))
            pygame.draw.line(surface, dark, (x, y), (x + h * 0.4, y - h), max(1, size // 60))
    elif name == "forest":
        for _ in range(9):
            x, y, r = rng.uniform(0.15, 0.85) * size, rng.uniform(0.2, 0.9) * size, size * 0.1
            pygame.draw.polygon(surface, dark, [(x, y - 1.6 * r), (x - r, y + 0.6 * r), (x + r, y + 0.6 * r)])
            pygame.draw.line(surface, (90, 60, 40), (x, y + 0.6 * r), (x, y + r), max(1, size // 40))
    elif name == "mountain":
        for cx, peak in ((0.3, 0.25), (0.66, 0.35)):
            left, top, right = (cx - 0.26, 0.85), (cx, peak), (cx + 0.26, 0.85)
            points = [(px * size, py * size) for px, py in (left, top, right)]
            pygame.draw.polygon(surface, dark, points)
            snow = [(top[0] * size, top[1] * size), ((cx - 0.07) * size, (peak + 0.14) * size)]
            snow.append(((cx + 0.07) * size, (peak + 0.14) * size))
            pygame.draw.polygon(surface, light, snow)
    elif name == "desert":
        for row in range(4):
            y = (0.2 + row * 0.2) * size
            rect = pygame.Rect(rng.uniform(0.05, 0.4) * size, y, size * 0.5, size * 0.16)
            pygame.draw.arc(surface, dark, rect, 0.2, math.pi - 0.2, max(1, size // 50))
    elif name == "water":
        for row in range(5):
            y = (0.12 + row * 0.18) * size
            for col in range(3):
                rect = pygame.Rect((0.05 + col * 0.32 + (row % 2) * 0.1) * size, y, size * 0.18, size * 0.1)
                pygame.draw.arc(surface, light, rect, 0.3, math.pi - 0.3, max(1, size // 60))
    pygame.draw.rect(surface, _shade(base, 0.85), surface.get_rect(), 1)
    return surface


@lru_cache(maxsize=8)
def face_down(size: int) -> pygame.Surface:
    """A square of a face-down map tile: the tile's back, crossed."""
    surface = pygame.Surface((size, size))
    surface.fill(FACE_DOWN)
    line = _shade(FACE_DOWN, 1.3)
    pygame.draw.line(surface, line, (0, 0), (size, size), 1)
    pygame.draw.line(surface, line, (size, 0), (0, size), 1)
    return surface


def army(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour) -> None:
    """An army figure: a banner on a pole."""
    x, y = centre
    pole = max(2, round(size * 0.1))
    pygame.draw.line(surface, (50, 40, 30), (x - size * 0.3, y + size * 0.5), (x - size * 0.3, y - size * 0.5), pole)
    banner = [(x - size * 0.3, y - size * 0.5), (x + size * 0.4, y - size * 0.3), (x - size * 0.3, y)]
    pygame.draw.polygon(surface, colour, banner)
    pygame.draw.polygon(surface, theme.TEXT_DARK, banner, 1)


def scout(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour) -> None:
    """A scout figure: a walker's head and cloak."""
    x, y = centre
    pygame.draw.polygon(
        surface, colour, [(x, y - size * 0.15), (x - size * 0.3, y + size * 0.5), (x + size * 0.3, y + size * 0.5)]
    )
    pygame.draw.circle(surface, colour, (x, y - size * 0.3), size * 0.2)
    pygame.draw.circle(surface, theme.TEXT_DARK, (x, y - size * 0.3), size * 0.2, 1)


def city(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, *, capital: bool, walled: bool) -> None:
    """A city on its square: houses in the owner's colour, a wall around it when walled, a star for a capital."""
    inner = rect.inflate(-rect.w * 0.2, -rect.h * 0.2)
    if walled:
        pygame.draw.rect(surface, (110, 104, 96), inner.inflate(rect.w * 0.12, rect.h * 0.12), border_radius=3)
        for i in range(5):  # battlements
            bx = inner.x + i * inner.w / 4 - rect.w * 0.05
            pygame.draw.rect(surface, (80, 76, 70), (bx, inner.y - rect.h * 0.08, rect.w * 0.1, rect.h * 0.08))
    pygame.draw.rect(surface, colour, inner, border_radius=3)
    roof = _shade(colour, 0.6)
    for i in range(3):
        hx = inner.x + inner.w * (0.2 + i * 0.3)
        base = inner.y + inner.h * (0.75 if i != 1 else 0.6)
        pygame.draw.polygon(
            surface,
            roof,
            [(hx - inner.w * 0.12, base), (hx, base - inner.h * 0.25), (hx + inner.w * 0.12, base)],
        )
    pygame.draw.rect(surface, theme.TEXT_DARK, inner, 1, border_radius=3)
    if capital:
        star(surface, (inner.centerx, inner.y + inner.h * 0.28), inner.w * 0.18, GOLD)


def metropolis(
    surface: pygame.Surface, first: pygame.Rect, second: pygame.Rect, colour: Colour, *, walled: bool
) -> None:
    """A metropolis over its two squares: one plate joining them, houses on each, the capital's star on the first."""
    joined = first.union(second).inflate(-first.w * 0.3, -first.h * 0.3)
    pygame.draw.rect(surface, _shade(colour, 0.8), joined, border_radius=3)
    city(surface, first, colour, capital=True, walled=walled)
    city(surface, second, colour, capital=False, walled=walled)


def city_marker(surface: pygame.Surface, rect: pygame.Rect, marker: str) -> None:
    """A fortification (a grey shield) or a caravan (a brown cart) in the city's lower left corner."""
    size = rect.w * 0.22
    x, y = rect.x + rect.w * 0.06, rect.bottom - rect.h * 0.06 - size
    if marker == "fortification":
        shield = [(x, y), (x + size, y), (x + size, y + size * 0.55), (x + size / 2, y + size), (x, y + size * 0.55)]
        pygame.draw.polygon(surface, (150, 150, 160), shield)
        pygame.draw.polygon(surface, theme.TEXT_DARK, shield, 1)
    elif marker == "caravan":
        pygame.draw.rect(surface, (140, 95, 50), (x, y, size, size * 0.6), border_radius=2)
        for wheel in (x + size * 0.25, x + size * 0.75):
            pygame.draw.circle(surface, theme.TEXT_DARK, (wheel, y + size * 0.75), size * 0.18)


def star(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour) -> None:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, theme.TEXT_DARK, points, 1)


def hut(surface: pygame.Surface, centre: tuple[float, float], size: float, village: bool) -> None:
    """A hut (a tent) or a village (a walled hut) with its marker still lying there."""
    x, y = centre
    colour = (150, 110, 60) if not village else (120, 70, 40)
    if village:
        pygame.draw.rect(surface, (90, 60, 40), (x - size * 0.5, y - size * 0.1, size, size * 0.5))
    pygame.draw.polygon(
        surface, colour, [(x - size * 0.4, y + size * 0.3), (x, y - size * 0.4), (x + size * 0.4, y + size * 0.3)]
    )
    pygame.draw.polygon(
        surface,
        theme.TEXT_DARK,
        [(x - size * 0.4, y + size * 0.3), (x, y - size * 0.4), (x + size * 0.4, y + size * 0.3)],
        1,
    )


def relic(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """A relic marker: a golden chest with a lid."""
    x, y = centre
    body = pygame.Rect(0, 0, size * 0.8, size * 0.5)
    body.center = (round(x), round(y + size * 0.1))
    lid = [
        (body.left, body.top),
        (body.left + body.w * 0.15, body.top - size * 0.22),
        (body.right - body.w * 0.15, body.top - size * 0.22),
        (body.right, body.top),
    ]
    pygame.draw.rect(surface, GOLD, body)
    pygame.draw.polygon(surface, GOLD, lid)
    pygame.draw.rect(surface, theme.TEXT_DARK, body, 1)
    pygame.draw.polygon(surface, theme.TEXT_DARK, lid, 1)
    pygame.draw.line(surface, theme.TEXT_DARK, (body.centerx, body.top), (body.centerx, body.bottom), 1)


def city_state(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A city-state marker: a white tower with battlements, in the square's upper right corner."""
    w, h = rect.w * 0.3, rect.h * 0.4
    tower = pygame.Rect(round(rect.right - w - rect.w * 0.06), round(rect.y + rect.h * 0.08), round(w), round(h))
    pygame.draw.rect(surface, CITY_STATE, tower)
    step = tower.w / 5
    for i in (0, 2, 4):
        notch = pygame.Rect(round(tower.x + i * step), round(tower.y - step), max(1, round(step)), max(1, round(step)))
        pygame.draw.rect(surface, CITY_STATE, notch)
    pygame.draw.rect(surface, theme.TEXT_DARK, tower, 1)


def improvement(surface: pygame.Surface, rect: pygame.Rect, kind: str, label: str, colour: Colour) -> None:
    """A building (a plate in its owner's colour), a wonder (gold) or a great person (a violet medal)."""
    size = max(8, round(rect.h * 0.2))
    if kind == "wonder":
        pygame.draw.rect(surface, GOLD, rect, border_radius=4)
        pygame.draw.rect(surface, colour, rect, 3, border_radius=4)
    elif kind == "great_person":
        pygame.draw.circle(surface, GREAT_PERSON, rect.center, rect.w * 0.45)
        pygame.draw.circle(surface, colour, rect.center, rect.w * 0.45, 3)
    else:
        pygame.draw.rect(surface, (246, 240, 222), rect, border_radius=3)
        pygame.draw.rect(surface, colour, rect, 3, border_radius=3)
    text = theme.fit_text(label, size, rect.w - 4, condensed=True)
    theme.blit_text(surface, text, rect.center, size, theme.TEXT_DARK, condensed=True, anchor="center")
