"""The Civilizations expansion's civilizations in the window: with complete civilizations in a mod, the new-game
screen offers its deal (two dealt, one chosen) and Lead us; with the shipped data Lead us is greyed and says why;
the choices and the status phase's new leader are worded for players."""

import shutil
from pathlib import Path

import pytest

from civgame.games.clash.core.actions import ChooseLeader, TakeNewLeader
from civgame.games.clash.core.decisions import CivilizationDecision, LeaderDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.rules.flow import status
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.setup import DEAL, new_game
from civgame.games.clash.storage.mods import load_rules
from civgame.ui.game_scene import GameScene
from civgame.ui.labels import describe_action
from civgame.ui.rules_help import topics
from tests.classic import CIVILIZATIONS_EXPANSION, expansion_rules
from tests.ui.conftest import click_button
from tests.ui.test_mods import open_new_game

MADE_UP = Path(__file__).parent.parent / "mods" / "made_up_civilizations"


@pytest.fixture
def mods_dir(tmp_path, monkeypatch):
    folder = tmp_path / "mods"
    folder.mkdir()
    monkeypatch.setenv("CIVGAME_MODS_DIR", str(folder))
    shutil.copytree(MADE_UP, folder / MADE_UP.name)
    return folder


def expansion_screen(app):
    scene = open_new_game(app)
    click_button(app, scene.ruleset_buttons["2012"])
    click_button(app, app.scene.option_buttons["civilizations_expansion"])
    return app.scene


def test_without_a_dealt_civilization_lead_us_is_greyed_with_the_reason(app):
    scene = expansion_screen(app)
    assert "No civilization has all its abilities in play" in scene.civ_note
    button = scene.lead_us_button
    assert button is not None and not button.is_enabled
    assert button.tool_tip_text == "Lead us chooses the civilizations' leaders: play with civilizations to use it"


def test_a_mods_civilizations_are_dealt_two_to_each_player_to_choose_from(app, mods_dir):
    scene = expansion_screen(app)
    click_button(app, scene.mod_buttons[mods_dir / MADE_UP.name])
    scene = app.scene
    assert scene.civ_mode_buttons[DEAL].is_selected and set(scene.civ_mode_buttons) == {DEAL, "none"}
    assert scene.civ_buttons == [] and scene.what_if_button is None  # no seat names one; What if? not built
    assert scene.civ_note == "14 others not offered (point here)"  # the shipped fourteen
    assert "Huns, Japan, Vikings: no source gives the three leaders." in scene.civ_note_why
    click_button(app, scene.start_button)
    assert isinstance(app.scene, GameScene)
    game = app.scene.game
    decision = game.pending[-1]
    assert isinstance(decision, CivilizationDecision) and len(decision.options) == 2 and game.variants == []


def test_lead_us_is_chosen_on_the_screen_and_the_leaders_are_worded_for_it(app, mods_dir):
    scene = expansion_screen(app)
    click_button(app, scene.mod_buttons[mods_dir / MADE_UP.name])
    click_button(app, app.scene.lead_us_button)
    assert app.scene.lead_us_button.text == "☑ Lead us (leaders chosen)"
    click_button(app, app.scene.start_button)
    game_scene = app.scene
    game = game_scene.game
    assert game.variants == ["lead_us"]
    for _ in range(2):  # each player in turn takes the seat and picks one of the two dealt
        if game_scene.covered:
            click_button(app, game_scene.pass_button)
        labels = game_scene.dialog.labels()
        assert len(labels) == 2 and all(label.startswith("Play ") for label in labels)
        click_button(app, game_scene.dialog.button_for(labels[0]))
    if game_scene.covered:
        click_button(app, game_scene.pass_button)
    leader = game.pending[-1]
    assert isinstance(leader, LeaderDecision)
    assert game_scene.dialog.labels() == [f"Lead with {name}" for name in leader.options]
    click_button(app, game_scene.dialog.button_for(f"Lead with {leader.options[1]}"))
    assert game.player(leader.player).leader == leader.options[1]
    assert describe_action(game, ChooseLeader("Aurora the Pale")) == "Lead with Aurora the Pale"
    city = game.cities[0]
    assert describe_action(game, TakeNewLeader(city.id)).startswith("Draw a new leader into ")
    assert describe_action(game, TakeNewLeader()) == "No new leader"
    assert LeaderDecision(player=0).describe() == "choose which of your leaders comes to the board"


def test_the_status_phase_offers_a_new_leader_in_plain_words(app):
    game = new_game(["Anna", "Ben"], 3, load_rules([MADE_UP], CIVILIZATIONS_EXPANSION), civilizations=DEAL)
    while game.pending:
        apply(game, legal_actions(game)[0])
    game.phase, game.status_step, game.status_players = "status", len(status.STEPS) - 1, []
    status.run(game)
    app.start_game(game)
    game_scene = app.scene
    if game_scene.covered:
        click_button(app, game_scene.pass_button)
    (city,) = game.cities_of(game.pending[-1].player)
    labels = game_scene.dialog.labels()
    name = game.player(city.owner).name
    assert labels == ["No new leader", f"Draw a new leader into {name}'s city at {hex_to_label(city.pos)}"]
    click_button(app, game_scene.dialog.button_for(labels[1]))
    assert game.player(city.owner).leaders_used[-1] == game.player(city.owner).leader


def test_the_rules_help_of_the_expansion_is_the_2012_editions_with_its_civilizations():
    game = new_game(["Anna", "Ben"], 3, expansion_rules())
    found = topics(game)
    assert "The Scale" in found  # the 2012 edition's help, not the Monumental Edition's
    assert found["Civilizations and leaders"].startswith("Each player is dealt two civilizations")
