"""Civilizations on the New game screen: per seat (Random or named), chosen in turn, or none; only
civilizations with every ability in play are offered. The tests bring their own civilizations in a
mod, so they do not depend on which civilizations of the default rules are complete."""

import pytest

from civgame.games.clash.core.decisions import CivilizationDecision
from civgame.ui.game_scene import GameScene
from tests.civilization_mods import write_civilization_mods
from tests.ui.conftest import click_button
from tests.ui.test_mods import open_new_game


@pytest.fixture
def mods_dir(tmp_path, monkeypatch):
    folder = tmp_path / "mods"
    folder.mkdir()
    monkeypatch.setenv("CIVGAME_MODS_DIR", str(folder))
    write_civilization_mods(folder)
    return folder


def choose_mod(app, scene, folder_name: str, mods_dir):
    click_button(app, scene.mod_buttons[mods_dir / folder_name])


def test_with_no_complete_civilization_the_screen_says_so_and_the_game_has_none(app, mods_dir):
    scene = open_new_game(app)
    choose_mod(app, scene, "a_none", mods_dir)
    assert "No civilization has all its abilities in play" in scene.civ_note
    assert scene.civ_mode_buttons == {} and scene.civ_buttons == []
    click_button(app, scene.start_button)
    assert all(p.civilization is None for p in app.scene.game.players)


def test_each_seat_names_a_civilization_or_takes_one_at_random(app, mods_dir):
    scene = open_new_game(app)
    choose_mod(app, scene, "b_three", mods_dir)
    assert scene.civ_mode_buttons["seats"].is_selected  # two civilizations can be dealt to two seats
    assert [b.text for b in scene.civ_buttons] == ["Random", "Random"]
    for _ in range(3):  # Random -> Atlantis -> Lemuria -> Hyperborea
        click_button(app, scene.civ_buttons[0])
    assert scene.civ_buttons[0].text == "Hyperborea"
    click_button(app, scene.start_button)
    game = app.scene.game
    assert isinstance(app.scene, GameScene)
    assert game.players[0].civilization == "hyperborea"
    assert game.players[1].civilization in ("atlantis", "lemuria")


def test_a_civilization_kept_out_of_random_is_dealt_only_when_ticked(app, mods_dir):
    scene = open_new_game(app)
    choose_mod(app, scene, "b_three", mods_dir)
    click_button(app, scene.seat_buttons[3])
    assert scene.civ_mode_buttons["none"].is_selected  # two to deal, three seats
    click_button(app, scene.civ_mode_buttons["seats"])
    click_button(app, scene.start_button)
    assert "Random needs 3 civilizations to deal; only 2 can be dealt" in scene.error.text
    click_button(app, scene.extra_civ_buttons["hyperborea"])
    assert scene.extra_civ_buttons["hyperborea"].text == "☑ Hyperborea dealt at random"
    click_button(app, scene.start_button)
    civs = sorted(p.civilization for p in app.scene.game.players)
    assert civs == ["atlantis", "hyperborea", "lemuria"]


def test_choose_in_turn_lets_each_player_pick_when_the_game_begins(app, mods_dir):
    scene = open_new_game(app)
    choose_mod(app, scene, "b_three", mods_dir)
    click_button(app, scene.civ_mode_buttons["choose"])
    assert scene.civ_buttons == []
    click_button(app, scene.start_button)
    game_scene = app.scene
    game = game_scene.game
    assert isinstance(game.pending[-1], CivilizationDecision)
    if game_scene.covered:
        click_button(app, game_scene.pass_button)
    click_button(app, game_scene.dialog.button_for("Play Lemuria"))
    first, second = game.turn_order()
    assert game.player(first).civilization == "lemuria"
    if game_scene.covered:  # the next player takes the seat to choose
        click_button(app, game_scene.pass_button)
    assert game_scene.dialog.labels() == ["Play Atlantis", "Play Hyperborea"]
    click_button(app, game_scene.dialog.button_for("Play Hyperborea"))
    assert game.player(second).civilization == "hyperborea" and game.pending == []


def test_what_if_deals_the_leaders_from_one_deck(app, mods_dir):
    scene = open_new_game(app)
    choose_mod(app, scene, "b_three", mods_dir)
    assert scene.what_if_button.text == "☐ What if? (shared leaders)"
    click_button(app, scene.what_if_button)
    assert scene.what_if_button.text.startswith("☑")
    click_button(app, scene.start_button)
    dealt = sorted(name for p in app.scene.game.players for name in p.leaders_dealt)
    assert dealt == ["Mu", "Poseidonis"]  # one leader each, from Atlantis and Lemuria together
