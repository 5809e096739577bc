"""What a scene may ask of the window that shows it: the shared interface state and the way to
the other scenes. The window (`civgame.ui.app.App`) implements it; scenes never import the
window's module, which imports every scene (an import-linter contract in pyproject.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from civgame.engine.core.model import Game
from civgame.ui.settings import Settings

if TYPE_CHECKING:
    from civgame.ui.scene import Scene


class Navigator(Protocol):
    settings: Settings
    screen: pygame.Surface
    manager: pygame_gui.UIManager
    scale: float  # how much larger text and bars are drawn than at 1280x720 (see theme.ui_scale)
    dirty: bool  # set when something changed: the window redraws
    scene: Scene | None  # the scene shown now

    def apply_display_settings(self) -> None:
        """Open the window again with `settings.size` and `settings.fullscreen`."""

    def show_title(self) -> None: ...

    def show_new_game(self) -> None: ...

    def show_load(self) -> None: ...

    def show_settings(self) -> None: ...

    def start_game(self, game: Game) -> None: ...

    def show_scores(self, game: Game) -> None: ...

    def quit(self) -> None:
        """Close the window (the scene shown is asked to leave first)."""
