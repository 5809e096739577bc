"""An unexpected error in the window: the game is saved, the details are logged, the player is told where."""

import pygame
import pytest

from civgame.framework.saves import state_hash
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import load_game, save_game
from civgame.ui.game_scene import GameScene
from civgame.ui.menus import ErrorScene, LoadScene, TitleScene
from tests.ui.conftest import click_button, show_game


def test_an_error_while_playing_saves_the_game_logs_it_and_leads_back_to_the_title(app, monkeypatch):
    game = new_game(["Anna", "Ben"], 7)
    scene = show_game(app, game)
    expected = state_hash(game)

    def broken_click(self, space):
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # so that App.run returns after recovering
        raise RuntimeError("a bug in the click handler")

    monkeypatch.setattr(GameScene, "click_space", broken_click)
    city = scene.board.centre(game.cities_of(game.actor())[0].pos)
    pos = (int(city[0]), int(city[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run()  # the real loop: it recovers, then handles the quit

    assert isinstance(app.scene, ErrorScene)
    log = app.settings.data_dir / "civgame.log"
    details = log.read_text(encoding="utf-8")
    assert "RuntimeError: a bug in the click handler" in details and "in broken_click" in details
    (crash,) = app.settings.saves_dir.glob("crash-*.yaml")
    assert state_hash(load_game(crash)) == expected
    assert not app.settings.autosave_path.exists()  # the crash save does not replace the last hand-over
    message = app.scene.message
    assert message.window.window_display_title == "Something went wrong"
    assert message.text == (
        f"Something went wrong — your game was saved to {crash}; details in {log}.\n"
        "There is no autosave to go back to. "
        "Load opens the game at the error, which may go wrong again in the same way."
    )

    app.running = True
    click_button(app, message.button_for("Back to title"))
    assert isinstance(app.scene, TitleScene)
    click_button(app, app.scene.load_button)
    assert isinstance(app.scene, LoadScene)
    assert app.scene.save_buttons[0].text.startswith(crash.name)


def test_an_error_outside_a_game_is_logged_and_nothing_is_saved(app, monkeypatch):
    def broken_draw(self, surface):
        raise ValueError("cannot draw the title")

    monkeypatch.setattr(TitleScene, "draw", broken_draw)
    app.dirty = True
    app.step(1)
    assert isinstance(app.scene, ErrorScene)
    log = app.settings.data_dir / "civgame.log"
    assert "ValueError: cannot draw the title" in log.read_text(encoding="utf-8")
    assert not app.settings.saves_dir.exists()
    assert app.scene.message.text == f"Something went wrong — no game was lost; details in {log}."


def test_an_error_on_the_error_screen_itself_is_not_hidden(app, monkeypatch):
    def broken(self, *args):
        raise RuntimeError("broken")

    monkeypatch.setattr(TitleScene, "draw", broken)
    monkeypatch.setattr(ErrorScene, "draw", broken)
    app.dirty = True
    app.step(1)  # the title's error: recovered
    assert isinstance(app.scene, ErrorScene)
    with pytest.raises(RuntimeError, match="broken"):
        app.step(1)  # the error screen's own error ends the loop rather than looping forever


def test_a_broken_game_is_not_kept_to_crash_again_and_the_autosave_is_named_safe(app):
    """The crash-loop case: a rule left the game in a state loading refuses. No crash save is
    written (it would fail again); the autosave of the last hand-over is checked and named."""
    game = new_game(["Anna", "Ben"], 7)
    show_game(app, game)
    save_game(game, app.settings.autosave_path)
    before = app.settings.autosave_path.read_bytes()

    game.players[0].resources["food"] = 99  # a bug left the game above the food cap, then raised
    app.recover("KeyError: a bug that corrupted the game")
    assert isinstance(app.scene, ErrorScene)
    assert not app.settings.saves_dir.exists() or not list(app.settings.saves_dir.glob("crash-*.yaml"))
    assert app.settings.autosave_path.read_bytes() == before
    log = app.settings.data_dir / "civgame.log"
    assert app.scene.message.text == (
        f"Something went wrong — the game at the error could not be saved; details in {log}.\n"
        f"Continue on the title screen opens {app.settings.autosave_path}, the game at the last hand-over: "
        "it is safe to open."
    )
