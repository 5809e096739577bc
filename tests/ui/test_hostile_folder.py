"""The load screen, the settings and the autosave whatever the data folder holds: files made by hand,
names with any character, settings edited into something else, two windows on one folder."""

import json

import pytest
import yaml

from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import dumps
from civgame.ui.app import open_app
from civgame.ui.menus import LoadScene, TitleScene
from civgame.ui.settings import Settings
from tests.ui.conftest import SIZE, click_button, close_window, open_window


def save_text(edit) -> str:
    document = yaml.safe_load(dumps(new_game(["Anna", "Ben"], 3)))
    edit(document)
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True)


HOSTILE_FILES = {
    "age-inf.yaml": save_text(lambda d: d["game"].update(age=float("inf"))),
    "age-huge.yaml": save_text(lambda d: d["game"].update(age=10**400)),
    "nul.yaml": save_text(lambda d: d["game"]["players"][0].update(name="An\x00na\x1b[2J")),
    "players-number.yaml": save_text(lambda d: d["game"].update(players=3)),
    "round-list.yaml": save_text(lambda d: d["game"].update(round=[1])),
    "named \x1b[31m\x07.yaml": save_text(lambda d: None),
    "not-yaml.yaml": "\x00\x01\x02",
}


def test_the_load_screen_lists_and_opens_whatever_the_folder_holds(app):
    folder = app.settings.saves_dir
    folder.mkdir(parents=True)
    for name, text in HOSTILE_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    for _ in range(2):  # the screen opens again after each refusal
        click_button(app, app.scene.load_button)
        scene = app.scene
        assert isinstance(scene, LoadScene)
        assert len(scene.save_buttons) == LoadScene.MAX_LISTED - 1 or len(scene.save_buttons) == len(HOSTILE_FILES)
        for button in scene.save_buttons:
            assert button.text.isprintable(), button.text
        for button in scene.save_buttons:
            if button.text.startswith("named"):
                continue  # a sound save: it opens the game
            click_button(app, button)
            assert app.scene is scene and scene.message is not None, button.text
            assert scene.message.text.isprintable() and "rules data" not in scene.message.text
            click_button(app, scene.message.button_for("OK"))
        click_button(app, scene.back_button)
        assert isinstance(app.scene, TitleScene)


def test_a_refused_save_with_a_made_up_fingerprint_does_not_blame_the_rules_data(app):
    folder = app.settings.saves_dir
    folder.mkdir(parents=True)
    text = save_text(lambda d: (d.update(rules_hash="0" * 10), d["game"]["players"][0].update(name="A\x00")))
    (folder / "forged.yaml").write_text(text, encoding="utf-8")
    click_button(app, app.scene.load_button)
    click_button(app, app.scene.save_buttons[0])
    message = app.scene.message.text
    assert "game.players[0].name: text holding the character \\x00, which cannot be shown" in message
    assert "rules data" not in message


@pytest.mark.parametrize("stored", ["[]", "1e999", '{"size": [1e999, 600], "volume": 1e999}', '"x"', "{", "null"])
def test_hand_edited_settings_never_stop_the_window_from_starting(tmp_path, stored):
    (tmp_path / "settings.json").write_text(stored, encoding="utf-8")
    settings = Settings(size=SIZE, data_dir=tmp_path).restore()
    assert settings.volume == 70 and settings.size == SIZE and settings.restore_problem
    window = open_app(settings)
    try:
        window.pump()
        assert isinstance(window.scene, TitleScene)
        assert window.scene.message.text == settings.restore_problem
        assert str(tmp_path / "settings.json") in settings.restore_problem
    finally:
        close_window(window)


def test_settings_stored_by_the_window_are_restored_without_a_word(tmp_path):
    Settings(data_dir=tmp_path, volume=30, size=(1000, 700), muted=True).store()
    restored = Settings(data_dir=tmp_path).restore()
    assert (restored.volume, restored.size, restored.muted, restored.restore_problem) == (30, (1000, 700), True, None)
    assert json.loads((tmp_path / "settings.json").read_text())["size"] == [1000, 700]


def test_two_windows_on_one_data_folder_keep_autosaves_of_their_own(tmp_path):
    first, second = open_window(tmp_path), open_window(tmp_path)
    try:
        assert first.settings.autosave_path == tmp_path / "autosave.yaml"
        assert second.settings.autosave_path == tmp_path / "autosave-2.yaml"
    finally:
        close_window(second)
        close_window(first)
    again = open_window(tmp_path)  # the windows closed: their autosaves are free again
    try:
        assert again.settings.autosave_path == tmp_path / "autosave.yaml"
    finally:
        close_window(again)
