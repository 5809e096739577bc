"""Saves carry a small picture of the map, shown on the load screen; a save without one still lists."""

import pygame

from civgame.games.clash.storage.save import save_game
from civgame.ui import theme, thumbnails
from civgame.ui.menus import LoadScene
from tests.scenario import Scenario
from tests.ui.conftest import click_button, press_ctrl, show_game


def two_cities() -> Scenario:
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    return s


def test_saving_writes_the_map_picture_beside_the_save_and_the_load_screen_shows_it(app):
    game = two_cities().game
    scene = show_game(app, game)
    press_ctrl(app, pygame.K_s)
    (save,) = app.settings.saves_dir.glob("*.yaml")
    picture = pygame.image.load(str(thumbnails.thumbnail_path(save)))
    assert picture.get_size() == thumbnails.SIZE
    colours = {picture.get_at((x, y))[:3] for x in range(0, 160, 8) for y in range(0, 90, 6)}
    assert len(colours) > 10 and colours != {theme.BACKGROUND}  # the map, not a blank
    assert not list(app.settings.saves_dir.glob(".*"))  # no temporary file left behind
    scene.close_dialog()
    click_button(app, scene.action_buttons["menu"])
    click_button(app, scene.dialog.button_for("Load a game"))  # autosaves first: its picture too
    assert thumbnails.thumbnail_path(app.settings.autosave_path).is_file()
    load = app.scene
    assert isinstance(load, LoadScene)
    assert len(load.thumbnails) == 2 == len(load.save_buttons)
    for image, button in zip(load.thumbnails, load.save_buttons, strict=True):
        assert image.rect.right < button.rect.left and image.rect.centery == button.rect.centery


def test_a_save_without_a_picture_still_lists_and_opens(app):
    game = two_cities().game
    app.settings.saves_dir.mkdir(parents=True)
    save_game(game, app.settings.saves_dir / "old.yaml")
    (app.settings.saves_dir / "broken.yaml").write_text("version: 2\n", encoding="utf-8")
    (app.settings.saves_dir / "broken.png").write_bytes(b"not a picture")
    click_button(app, app.scene.load_button)
    load = app.scene
    assert sorted(b.text.split(" — ")[0] for b in load.save_buttons) == ["broken.yaml", "old.yaml"]
    assert load.thumbnails == []  # neither has a picture that can be shown
    click_button(app, next(b for b in load.save_buttons if b.text.startswith("old.yaml")))
    assert app.scene.__class__.__name__ == "GameScene"


def test_a_picture_that_cannot_be_written_leaves_the_save_complete(app, monkeypatch):
    game = two_cities().game
    scene = show_game(app, game)

    def fail(*args, **kwargs):
        raise pygame.error("no room")

    monkeypatch.setattr(pygame.image, "save", fail)
    press_ctrl(app, pygame.K_s)
    (save,) = app.settings.saves_dir.glob("*.yaml")
    assert not thumbnails.thumbnail_path(save).exists()
    assert scene.dialog.prompt.startswith("Saved to")
