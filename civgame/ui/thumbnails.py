"""A small picture of the map written beside each save (`game.yaml` → `game.png`) for the load screen.

The picture is optional: a save without one (made by an older version, or where the picture could
not be written) still lists and loads. It is written to a temporary file and moved into place, so a
crash never leaves half a picture beside a save.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from civgame.games.clash.core.model import Game
from civgame.ui import theme
from civgame.ui.board_view import BoardView

SIZE = (160, 90)  # pixels; the load screen shows it at this size


def thumbnail_path(save: Path) -> Path:
    return save.with_suffix(".png")


def render(game: Game, size: tuple[int, int] = SIZE) -> pygame.Surface:
    """The whole map, fitted into `size`, as every player sees it (no hand, no dialog)."""
    surface = pygame.Surface(size)
    surface.fill(theme.BACKGROUND)
    board = BoardView(pygame.Rect((0, 0), size))
    board.fit(list(game.space_region))
    board.draw(surface, game)
    return surface


def write(game: Game, save: Path) -> None:
    """Write the map's picture beside `save`, atomically. Raises OSError or pygame.error if it cannot."""
    write_picture(render(game), save)


def write_picture(picture: pygame.Surface, save: Path) -> None:
    """Write a map picture beside `save`, atomically (any game's; see `render` for Clash's)."""
    target = thumbnail_path(save)
    temporary = target.with_name(f".{target.stem}.tmp.png")  # the extension tells pygame the format
    try:
        pygame.image.save(picture, str(temporary))
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def load(save: Path) -> pygame.Surface | None:
    """The picture beside `save`, or None if there is none or it cannot be read."""
    path = thumbnail_path(save)
    if not path.is_file():
        return None
    try:
        return pygame.image.load(str(path))
    except (pygame.error, OSError):
        return None
