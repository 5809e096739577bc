"""Colours, fonts and the pygame_gui theme shared by every scene."""

from __future__ import annotations

from functools import lru_cache

import pygame

from civgame.paths import resource_root

ASSETS = resource_root() / "assets"
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
FONT_CONDENSED = ASSETS / "fonts" / "DejaVuSansCondensed.ttf"  # long names in narrow cells (the advance board)

Colour = tuple[int, int, int]

BACKGROUND: Colour = (24, 27, 33)
PANEL: Colour = (34, 38, 46)
PANEL_LINE: Colour = (60, 66, 78)
TEXT: Colour = (228, 230, 235)
TEXT_DIM: Colour = (150, 156, 168)
TEXT_DARK: Colour = (20, 20, 24)
ACCENT: Colour = (240, 196, 60)

UNEXPLORED: Colour = (58, 64, 78)
TERRAIN_COLOURS: dict[str, Colour] = {
    "grassland": (146, 190, 92),
    "forest": (52, 118, 62),
    "mountain": (142, 124, 108),
    "barren": (206, 186, 136),
    "sea": (64, 124, 186),
}
TERRAIN_FALLBACK: Colour = (170, 170, 170)  # a terrain added by a mod without a colour here

PLAYER_COLOURS: dict[str, Colour] = {
    "red": (206, 54, 54),
    "blue": (48, 104, 222),
    "green": (30, 160, 70),
    "yellow": (236, 200, 34),
    "purple": (140, 72, 186),
}
BARBARIAN_COLOUR: Colour = (96, 62, 36)
PIRATE_COLOUR: Colour = (16, 16, 16)


HIGHLIGHT: Colour = (255, 226, 70)
SELECTED: Colour = (255, 255, 255)


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger text and bars are drawn than at 1280x720 (1.0 up to 1.3 at 1920x1080)."""
    factor = min(size[0] / 1280, size[1] / 720)
    return round(max(1.0, min(1.3, 1 + 0.6 * (factor - 1))), 2)


def player_colour(name: str) -> Colour:
    return PLAYER_COLOURS.get(name, (180, 180, 180))


def text_colour_on(background: Colour) -> Colour:
    """Black or white, whichever reads better on `background`."""
    r, g, b = background
    return TEXT_DARK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 250)


def check_assets() -> None:
    if not all(path.is_file() for path in (FONT_REGULAR, FONT_BOLD, FONT_CONDENSED)):
        raise FileNotFoundError(
            f"the interface font is missing from {FONT_REGULAR.parent} (run civgame from a source checkout)"
        )


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, condensed: bool = False) -> pygame.font.Font:
    check_assets()
    path = FONT_CONDENSED if condensed else FONT_BOLD if bold else FONT_REGULAR
    return pygame.font.Font(path, max(6, int(size)))


@lru_cache(maxsize=2048)
def text(content: str, size: int, colour: Colour = TEXT, bold: bool = False, condensed: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: the same labels are drawn every frame."""
    return font(size, bold, condensed).render(content, True, colour)


def blit_text(
    surface: pygame.Surface,
    content: str,
    pos: tuple[float, float],
    size: int,
    colour: Colour = TEXT,
    *,
    bold: bool = False,
    condensed: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    image = text(content, size, colour, bold, condensed)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def fitting_prefix(f: pygame.font.Font, content: str, width: int, suffix: str = "") -> int:
    """The length of the longest start of `content` that, followed by `suffix`, fits in `width`
    pixels: a binary search, so a name of thousands of characters costs a few measurements."""
    low, high = 0, len(content)
    while low < high:
        middle = (low + high + 1) // 2
        if f.size(content[:middle] + suffix)[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


def fit_text(content: str, size: int, width: int, condensed: bool = False, bold: bool = False) -> str:
    """Shorten `content` with an ellipsis so that it fits in `width` pixels (in the font it is drawn in)."""
    f = font(size, bold, condensed)
    content = content[: max(0, width) + 1]  # a visible character is at least a pixel wide: never measure more
    if len(content) <= width and f.size(content)[0] <= width:
        return content
    return content[: fitting_prefix(f, content, width, "…")] + "…"


def wrap_text(content: str, size: int, width: int) -> list[str]:
    """Break text into lines that fit `width`; a word longer than a line is cut."""
    f = font(size)
    lines: list[str] = []
    line = ""
    for word in content.split():
        while len(word) > 1 and (len(word) > width or f.size(word)[0] > width):
            cut = max(1, fitting_prefix(f, word[: width + 1], width))
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:cut])
            word = word[cut:]
        candidate = f"{line} {word}".strip()
        if f.size(candidate)[0] <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def gui_theme(scale: float = 1.0) -> dict:
    """The pygame_gui theme: our font everywhere, dark colours, no close button on decisions."""
    check_assets()
    base = {
        "name": "dejavu",
        "size": str(round(14 * scale)),
        "regular_path": str(FONT_REGULAR),
        "bold_path": str(FONT_BOLD),
    }
    # pygame_gui reads only colours from "defaults": the font goes on each element type, else its
    # own font (without many of the symbols we use) would be drawn. Shapes stay plain rectangles:
    # rounded ones make building dialogs about twice as slow.
    common = {"font": base}
    element_types = ("button", "label", "text_entry_line", "text_box", "tool_tip", "window", "scrolling_container")
    return {
        **dict.fromkeys(element_types, common),
        "defaults": {
            "colours": {
                "normal_bg": "#3a4150",
                "hovered_bg": "#4d5870",
                "disabled_bg": "#2a2e36",
                "selected_bg": "#5d6a88",
                "active_bg": "#6a7896",
                "dark_bg": "#22262e",
                "normal_text": "#e4e6eb",
                "hovered_text": "#ffffff",
                "selected_text": "#ffffff",
                "disabled_text": "#7a808c",
                "normal_border": "#5a6274",
                "hovered_border": "#8a94aa",
                "disabled_border": "#3a3e48",
                "selected_border": "#a0aac0",
                "active_border": "#a0aac0",
            },
        },
        "#decision": {"misc": {"enable_close_button": "0"}},
        "#prompt": {"misc": {"text_horiz_alignment": "left"}},
        "#message": {"colours": {"dark_bg": "#22262e"}},
        "#toggle": {"misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "10"}},
        "#warning": {"colours": {"normal_text": "#f2a65a"}, "misc": {"text_horiz_alignment": "left"}},
        "#pass_screen_button": {"font": {**base, "size": str(round(20 * scale)), "bold": "1"}},
        "#title_label": {"font": {**base, "size": str(round(40 * scale)), "bold": "1"}},
        "#heading": {"font": {**base, "size": str(round(20 * scale)), "bold": "1"}},
        "#primary": {"colours": {"normal_bg": "#8a6d1a", "hovered_bg": "#a8862a", "normal_border": "#c9a23a"}},
    }
