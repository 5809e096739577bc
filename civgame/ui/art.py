"""The game's own vector art (`assets/art/*.svg`), rasterised at the size the board needs and cached.

Pieces in a player's colour are drawn with three stand-in colours that are replaced by the
owner's colour before the SVG is rasterised: `#ff00ff` (the colour itself), `#990099` (a darker
shade) and `#ff99ff` (a lighter one). Every picture is rasterised once per size and colour; the
board asks for sizes derived from its zoom, so a frame only blits surfaces it already has.
Terrains, pieces or die icons added by a mod without a picture of their own are drawn by the
caller's fallback (a plain colour or a letter) when `has` says there is no file.
"""

from __future__ import annotations

import io
import re
from functools import cache, lru_cache

import pygame

from civgame.ui import theme
from civgame.ui.theme import Colour

ART_DIR = theme.ASSETS / "art"
PLAYER, PLAYER_DARK, PLAYER_LIGHT = "#ff00ff", "#990099", "#ff99ff"
INK: Colour = (64, 48, 34)  # the die icons of a side without a colour of its own
CARD_KINDS = ("action", "objective", "wonder", "event")
VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')


@cache  # asked for every piece on the board in every frame: a file system look-up each time adds up
def has(name: str) -> bool:
    """True if `assets/art/<name>.svg` exists."""
    return (ART_DIR / f"{name}.svg").is_file()


@cache
def _source(name: str) -> str:
    return (ART_DIR / f"{name}.svg").read_text(encoding="utf-8")


@cache
def aspect(name: str) -> float:
    """Width over height of the picture's viewBox."""
    match = VIEWBOX.search(_source(name))
    if match is None:
        raise ValueError(f"assets/art/{name}.svg has no viewBox")
    return float(match[1]) / float(match[2])


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def shade(colour: Colour, k: float) -> Colour:
    """The colour darkened (k < 1) or brightened (k > 1)."""
    return tuple(max(0, min(255, int(c * k))) for c in colour)  # type: ignore[return-value]


def tint(colour: Colour, k: float) -> Colour:
    """The colour mixed with white: k = 0 the colour, 1 white."""
    return tuple(round(c + (255 - c) * k) for c in colour)  # type: ignore[return-value]


def _coloured(source: str, colour: Colour | None) -> str:
    if colour is None:
        return source
    dark = shade(colour, 0.6) if sum(colour) > 90 else tint(colour, 0.25)  # a dark piece gets a lighter "shade"
    return (
        source.replace(PLAYER, _hex(colour))
        .replace(PLAYER_DARK, _hex(dark))
        .replace(PLAYER_LIGHT, _hex(tint(colour, 0.45)))
    )


def _rasterise(name: str, width: int, height: int, colour: Colour | None) -> pygame.Surface:
    data = _coloured(_source(name), colour).encode("utf-8")
    image = pygame.image.load_sized_svg(io.BytesIO(data), (max(1, width), max(1, height)))
    if image.get_size() != (max(1, width), max(1, height)):  # the SVG keeps its aspect: stretch to the cell
        image = pygame.transform.smoothscale(image, (max(1, width), max(1, height)))
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


@lru_cache(maxsize=512)
def sprite(name: str, width: int, height: int, colour: Colour | None = None) -> pygame.Surface:
    """`assets/art/<name>.svg` rasterised to width x height pixels, in `colour` if it is a player's piece."""
    return _rasterise(name, width, height, colour)


@lru_cache(maxsize=36)  # a few zoom levels: a tile at the closest zoom is 440 x 381 pixels
def terrain_tile(name: str, width: int, height: int, flip: bool = False) -> pygame.Surface:
    """A terrain's hex picture at width x height pixels, mirrored left to right if `flip`."""
    if flip:
        return pygame.transform.flip(terrain_tile(name, width, height), True, False)
    return _rasterise(name, width, height, None)


def figure(name: str, height: float, colour: Colour | None = None) -> pygame.Surface:
    """The picture `height` pixels tall, as wide as its viewBox's proportions make it."""
    h = max(1, round(height))
    return sprite(name, max(1, round(h * aspect(name))), h, colour)


# ------------------------------------------------------------------ what each thing is drawn with
def terrain_art(terrain: str | None) -> str | None:
    """The picture of a terrain (None: face down), or None if a mod's terrain has none."""
    name = f"terrain_{terrain}" if terrain is not None else "terrain_unexplored"
    return name if has(name) else None


def unit_art(kind: str, barbarian: bool = False, pirate: bool = False) -> str | None:
    """The figure of a unit kind; barbarian armies and pirate ships have figures of their own."""
    if pirate and has("unit_pirate"):
        return "unit_pirate"
    if barbarian and has("unit_barbarian"):
        return "unit_barbarian"
    return f"unit_{kind}" if has(f"unit_{kind}") else None


def wonder_art(key: str) -> str:
    """The picture of a wonder (`wonder_<key>.svg`); a mod's wonder without one shows the common wonder piece."""
    return f"wonder_{key}" if has(f"wonder_{key}") else "wonder"


def building_art(key: str) -> str | None:
    return f"building_{key}" if has(f"building_{key}") else None


def mood_marker(mood: str, diameter: float) -> pygame.Surface | None:
    name = f"mood_{mood}"
    return figure(name, diameter) if has(name) else None


# ------------------------------------------------------------------ dice and cards
@lru_cache(maxsize=256)
def die_face(value: int, icon: str, size: int, colour: Colour | None = None) -> pygame.Surface:
    """A combat die face: its number at the top left and its unit icon at the bottom right,
    the icon in the rolling side's colour (dark ink if None)."""
    face = sprite("die", size, size).copy()
    number = theme.text(str(value), max(6, round(size * 0.46)), (40, 32, 24), True)
    face.blit(number, number.get_rect(center=(round(size * 0.32), round(size * 0.34))))
    name = unit_art(icon)
    if name is not None:
        picture = figure(name, size * 0.56, colour or INK)
        face.blit(picture, picture.get_rect(center=(round(size * 0.64), round(size * 0.62))))
    return face


CARD_TITLE_COLOUR: Colour = (40, 30, 20)
CARD_TEXT_COLOUR: Colour = (60, 50, 40)
CARD_PARCHMENT: Colour = (251, 245, 228)  # the card frames' parchment (#fbf5e4)


@lru_cache(maxsize=64)  # a card pointed at is drawn every frame
def card_face(kind: str, title: str, text: str, width: int, picture: str | None = None) -> pygame.Surface:
    """A card of `kind` (one of CARD_KINDS): its frame, the picture `assets/art/<picture>.svg` if given,
    the title, and the text (one paragraph per line) wrapped to fit.

    The card is 1.4 times as tall as it is wide; text that does not fit ends in an ellipsis."""
    height = round(width * 1.4)
    card = sprite(f"card_{kind}", width, height).copy()
    k = width / 200  # the frame's viewBox is 200 x 280
    margin = round(20 * k)
    inner = width - 2 * margin
    title_size = max(8, round(17 * k))
    y = round(70 * k)
    if picture is not None and has(picture):  # in the emblem's disc at the top, in place of the kind's emblem
        centre = (width // 2, round(36 * k))
        pygame.draw.circle(card, CARD_PARCHMENT, centre, round(22.5 * k))
        image = figure(picture, 38 * k)
        card.blit(image, image.get_rect(center=centre))
    for line in theme.wrap_text(title, title_size, inner)[:2]:
        theme.blit_text(card, line, (width // 2, y), title_size, CARD_TITLE_COLOUR, bold=True, anchor="midtop")
        y += round(title_size * 1.25)
    y += round(6 * k)
    pygame.draw.line(card, shade(CARD_TEXT_COLOUR, 1.6), (margin, y), (width - margin, y), max(1, round(k)))
    y += round(8 * k)
    bottom = height - round(20 * k)
    for scale in (11.5, 10.5, 9.5, 8.5):  # a long text in a smaller type, down to a size still readable
        text_size = max(7, round(scale * k))
        step = round(text_size * 1.25)
        lines = [line for paragraph in text.splitlines() for line in theme.wrap_text(paragraph, text_size, inner)]
        room = max(0, (bottom - y) // step)
        if len(lines) <= room:
            break
    if len(lines) > room and room:
        lines = [*lines[: room - 1], theme.fit_text(lines[room - 1] + " …", text_size, inner)]
    for line in lines[:room]:
        theme.blit_text(card, line, (margin, y), text_size, CARD_TEXT_COLOUR)
        y += step
    return card
