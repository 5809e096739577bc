"""Entry points for the command line: the window, and an offscreen picture of a game.

The lead wires these into civgame/cli.py: `main_window(args)` opens the window (honouring
`args.load` if present) and `main_screenshot(state_path, out_path)` renders a save to a PNG.
"""

from __future__ import annotations

import os
import sys
from argparse import Namespace
from collections.abc import Callable
from pathlib import Path
from typing import Any

from civgame.games.clash.core.model import Game

EXIT_ERROR = 1


def render_to_png(game: Game, path: str | os.PathLike, size: tuple[int, int] = (1600, 900)) -> Path:
    """Draw the game screen, as the deciding player sees it after taking the seat, into a PNG.

    Uses SDL's dummy video driver, so no window opens; works without a display.
    """

    def scene(app: Any) -> Any:
        from civgame.ui.game_scene import GameScene

        return GameScene(app, game, viewer=game.actor())

    return _render(scene, path, size)


def render_sid_meier_to_png(game: Any, path: str | os.PathLike, size: tuple[int, int] = (1600, 900)) -> Path:
    """Draw the game screen of Sid Meier's Civilization as its deciding player sees it, into a PNG (no window)."""

    def scene(app: Any) -> Any:
        from civgame.ui.sidmeier.scene import SidMeierScene

        return SidMeierScene(app, game, ["human"] * len(game.players), viewer=max(0, game.actor()))

    return _render(scene, path, size)


def _render(make_scene: Callable[[Any], Any], path: str | os.PathLike, size: tuple[int, int]) -> Path:
    """One frame of the scene `make_scene` builds for a window, drawn offscreen and written to a PNG."""
    import pygame

    started_display = not pygame.display.get_init()
    if started_display:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    from civgame.ui.app import App
    from civgame.ui.settings import Settings

    app = App(Settings(size=size, autosave=False, muted=True))  # a picture needs no audio device
    try:
        app.switch(make_scene(app))
        app.manager.update(0.0)
        app.draw()
        out = Path(path)
        pygame.image.save(app.screen, str(out))
        return out
    finally:
        if started_display:
            pygame.display.quit()


def main_screenshot(state_path: str | os.PathLike, out_path: str | os.PathLike) -> int:
    """`civgame --screenshot`: render a save to a PNG. Returns the exit code."""
    from civgame.framework.saves import SaveError
    from civgame.games.clash.storage.save import load_game

    try:
        game = load_game(state_path)
        out = render_to_png(game, out_path)
    except (SaveError, OSError) as exc:
        print(f"civgame: {str(exc).splitlines()[0]}", file=sys.stderr)
        return EXIT_ERROR
    print(f"Screenshot written to {out}")
    return 0


def main_window(args: Namespace | None = None) -> int:
    """`civgame` without --headless: open the window. Returns the exit code."""
    from civgame.ui.app import run
    from civgame.ui.settings import Settings

    settings = Settings().restore()
    load = getattr(args, "load", None) if args is not None else None
    if load:
        settings.load = load
    settings.first_game = getattr(args, "game", None) if args is not None else None
    settings.first_expansions = list(getattr(args, "expansions", None) or []) if args is not None else []
    settings.first_great_person_deck = bool(getattr(args, "great_person_deck", False))
    return run(settings)
