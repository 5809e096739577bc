"""Helpers for interface tests: a window on SDL's dummy driver, driven by real pygame events."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame is imported anywhere
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random

import pygame
import pytest

from civgame.games.clash.core.actions import Collect
from civgame.ui.app import App
from civgame.ui.settings import Settings

SIZE = (1280, 720)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CIVGAME_MODS_DIR", str(tmp_path / "mods"))  # never the user's own mods
    window = open_window(tmp_path)
    yield window
    close_window(window)


def open_window(data_dir) -> App:
    """A window on the title screen that keeps its settings and saves in `data_dir`."""
    window = App(Settings(size=SIZE, data_dir=data_dir, autosave=True))
    window.new_game_seeds = random.Random(0)  # a game started without a seed is the same in every run
    window.show_title()
    window.pump()
    return window


def close_window(window: App) -> None:
    window.quit()  # the scene leaves: a game's computer players' process stops
    pygame.display.quit()


def click(app: App, pos, button: int = 1) -> None:
    """A real left click: button down and up at a pixel, then let the app handle everything."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.pump()


def click_button(app: App, button) -> None:
    assert button.alive(), "the button is no longer on screen"
    assert button.is_enabled, f"button {button.text!r} is disabled"
    click(app, button.rect.center)


def type_text(app: App, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.pump()


def press_key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.pump()


def show_game(app: App, game):
    """Open the game screen on `game` with its deciding player already seated."""
    from civgame.ui.game_scene import GameScene

    app.switch(GameScene(app, game, viewer=game.actor()))
    app.pump()
    return app.scene


def press_ctrl(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    app.pump()


def hover(app: App, pos) -> None:
    """Rest the pointer on a pixel long enough for the tooltip, then draw."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    app.pump()
    scene = app.scene
    scene.hover_since -= 10  # as if the pointer had rested there for a while
    app.draw()


def enter_collect(app: App, scene, city_pos) -> None:
    """Click the city, then Collect in its menu: collect mode with the first legal choice."""
    click(app, scene.board.centre(city_pos))
    click_button(app, scene.dialog.button_for("Collect at"))
    assert scene.collect_city == scene.game.city_at(city_pos).id


def pick(app: App, scene, space, what: str | None) -> None:
    """In collect mode, click `space` to take `what` from it (None: leave it out)."""
    click(app, scene.board.centre(space))
    if scene.dialog is not None:  # a space that may give several things asks which
        click_button(app, scene.dialog.button_for(what.capitalize() if what else "Nothing from"))
    assert scene.collect_picks.get(space) == what


def collect(app: App, scene, city_pos, wanted: dict) -> None:
    """Collect exactly `wanted` (space -> resource) in the city at `city_pos`, by clicking."""
    enter_collect(app, scene, city_pos)
    for space in [s for s in scene.collect_picks if s not in wanted]:
        pick(app, scene, space, None)
    for space, what in wanted.items():
        if scene.collect_picks.get(space) != what:
            pick(app, scene, space, what)
    click_button(app, scene.action_buttons["collect_ok"])


def collect_including(app: App, scene, city_pos, what: str) -> Collect:
    """Collect, by clicking, the picks of the city's first legal Collect that takes `what`; returns that action."""
    city = scene.game.city_at(city_pos)
    action = next(
        a
        for a in scene.legal
        if isinstance(a, Collect) and a.city == city.id and what in (offered for _, offered in a.picks)
    )
    collect(app, scene, city_pos, dict(action.picks))
    return action


def drawn_texts(app: App, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every text the scene draws on the window in one frame (not on cards or pictures), with its rectangle."""
    from civgame.ui import theme

    drawn: list[tuple[str, pygame.Rect]] = []
    blit = theme.blit_text

    def recording(surface, content, *args, **kwargs):
        rect = blit(surface, content, *args, **kwargs)
        if surface is app.screen and content.strip():
            drawn.append((content, rect))
        return rect

    if hasattr(app.scene, "layout"):
        app.scene.layout()  # a new side panel: drawn afresh, not from its last picture
    with monkeypatch.context() as patch:
        patch.setattr(theme, "blit_text", recording)
        app.draw()
    return drawn


def take_seat(app):
    """Press the pass screen's button: the deciding person takes the seat."""
    scene = app.scene
    assert scene.covered
    click_button(app, scene.pass_button)
    assert not scene.covered
    return scene
