"""Sound effects: the files, which moment plays which, the volume and mute settings, and silence
(never a crash) without an audio device."""

import json
import wave

import pygame
import pytest

from civgame.games.clash.core import actions as A
from civgame.ui.app import Settings
from civgame.ui.combat_view import BATTLE_STARTS
from civgame.ui.menus import SettingsScene
from civgame.ui.sound import EFFECTS, SOUNDS_DIR, Moment, Sounds, cues
from tests.scenario import Scenario
from tests.ui.conftest import click, click_button, show_game


def test_every_effect_is_a_short_small_wav():
    for name in EFFECTS:
        path = SOUNDS_DIR / f"{name}.wav"
        with wave.open(str(path)) as sound:
            seconds = sound.getnframes() / sound.getframerate()
        assert 0.1 < seconds < 1.5, name
        assert path.stat().st_size < 64 * 1024, name


def test_the_moments_of_play_call_for_their_effects():
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    game = s.game
    before = Moment.of(game)
    assert cues(before, game) == []
    game.log.append(f"{BATTLE_STARTS[0]}D4: Player 1 attacks Player 2")
    game.log.append("Player 1 rolls 3 (infantry): combat value 4, 1 hit")
    assert cues(before, game) == ["battle", "dice"]
    before = Moment.of(game)
    s.city(0, "D3")  # a city founded
    game.player(0).action_cards.append(1)  # a card drawn
    assert cues(before, game) == ["build", "card"]
    before = Moment.of(game)
    game.decks["event"].draw.pop()
    assert cues(before, game) == ["event"]
    before = Moment.of(game)
    game.current = 1
    assert cues(before, game) == ["end_turn"]


def test_ending_the_turn_plays_its_effect(app, monkeypatch):
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    played = []
    monkeypatch.setattr(app.sounds, "play", lambda name: played.append(name) or True)
    scene = show_game(app, s.game)
    scene.perform(A.EndTurn())
    assert played == ["end_turn"]


def test_without_an_audio_device_everything_is_silent_and_the_game_goes_on(app, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(70)
    assert not sounds.available
    assert sounds.play("dice") is False and sounds.play_first(list(EFFECTS)) is None
    sounds.set_volume(30)  # nothing to set: no error either
    app.sounds = sounds
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    scene = show_game(app, s.game)
    scene.perform(A.EndTurn())
    assert s.game.current == 1


def test_with_the_dummy_driver_the_effects_load_and_a_muted_game_plays_none(app):
    assert app.sounds.available  # SDL_AUDIODRIVER=dummy opens a silent device
    assert app.sounds.play("dice")
    app.sounds.set_volume(0)
    assert not app.sounds.play("dice")


def test_volume_and_mute_are_set_in_settings_and_remembered(app, tmp_path):
    click_button(app, app.scene.settings_button)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    assert scene.volume_buttons[70].is_selected and not app.settings.muted  # the defaults
    click_button(app, scene.volume_buttons[25])
    assert app.settings.volume == 25 and app.sounds.volume == 25
    assert app.scene.volume_buttons[25].is_selected
    click_button(app, app.scene.mute_button)
    assert app.settings.muted and app.sounds.volume == 0
    assert app.scene.mute_button.text == "Muted"
    stored = json.loads(app.settings.settings_path.read_text(encoding="utf-8"))
    assert stored["volume"] == 25 and stored["muted"] is True
    restored = Settings(data_dir=tmp_path).restore()
    assert restored.volume == 25 and restored.muted
    click_button(app, app.scene.volume_buttons[100])  # choosing a volume unmutes
    assert not app.settings.muted and app.sounds.volume == 100
    app.settings.settings_path.write_text(json.dumps({"volume": "loud", "muted": "yes"}), encoding="utf-8")
    assert Settings(data_dir=tmp_path).restore().volume == 70  # an unreadable volume keeps the default


def test_coordinates_are_off_by_default_and_a_setting_shows_them(app, tmp_path):
    assert not app.settings.show_coordinates
    click_button(app, app.scene.settings_button)
    assert app.scene.coordinates_button.text == "Coordinates on the map: off"
    click_button(app, app.scene.coordinates_button)
    assert app.settings.show_coordinates and app.scene.coordinates_button.text == "Coordinates on the map: on"
    assert Settings(data_dir=tmp_path).restore().show_coordinates
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    scene = show_game(app, s.game)
    assert scene.board.show_coordinates
    click(app, scene.board.rect.center)  # the game still plays with them on


def test_a_muted_window_never_asks_for_an_audio_device_until_the_sound_is_turned_on(monkeypatch):
    opened = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: bool(opened))
    monkeypatch.setattr(pygame.mixer, "init", lambda *args, **kwargs: opened.append(True))
    sounds = Sounds(0)
    assert opened == [] and not sounds.play("dice")
    sounds.set_volume(50)
    assert opened == [True] and sounds.available


def test_a_screenshot_opens_no_audio_device(monkeypatch, tmp_path):
    from civgame.games.clash.rules.flow.setup import new_game
    from civgame.ui.screenshot import render_to_png

    monkeypatch.setattr(pygame.mixer, "init", lambda *args, **kwargs: pytest.fail("the audio device was opened"))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    assert render_to_png(new_game(2, 1), tmp_path / "shot.png", size=(1280, 720)).stat().st_size > 10_000
