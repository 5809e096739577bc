"""Undo in the window: the Undo button and Ctrl+Z take back actions that revealed nothing."""

import pygame

from civgame.framework.codec import to_plain
from civgame.games.clash.rules.flow.setup import new_game
from tests.scenario import Scenario
from tests.ui.conftest import click, click_button, collect_including, press_ctrl, show_game


def collect_wood(app, scene):
    game = scene.game
    city = game.cities_of(game.actor())[0]
    collect_including(app, scene, city.pos, "wood")
    return city


def test_undo_button_takes_back_a_collect_and_the_log_says_so(app):
    game = new_game(["Anna", "Ben"], 7)
    scene = show_game(app, game)
    undo = scene.action_buttons["undo"]
    assert not undo.is_enabled and "Nothing to undo" in undo.tool_tip_text
    before = to_plain(game)
    city = collect_wood(app, scene)
    assert game.city(city.id).activations == 1
    undo = scene.action_buttons["undo"]
    assert undo.is_enabled and undo.tool_tip_text.startswith('Undo "Collect wood from')
    click_button(app, undo)

    restored = scene.game
    assert restored is not game
    assert scene.undo_notes()[-1].startswith("Undone: Collect wood from")
    assert restored.player(restored.actor()).resources == game.player(game.actor()).resources | {"wood": 0}
    assert restored.city(city.id).activations == 0
    assert restored.actions_left == game.rules.game.actions_per_turn
    assert to_plain(restored) == before
    assert not scene.action_buttons["undo"].is_enabled
    # the restored game plays on normally
    collect_wood(app, scene)
    assert scene.game.player(scene.game.actor()).resources["wood"] == 1


def test_ctrl_z_undoes_two_actions_in_a_row(app):
    game = new_game(["Anna", "Ben"], 7)
    scene = show_game(app, game)
    collect_wood(app, scene)
    click_button(app, scene.action_buttons["advance"])
    click_button(app, scene.dialog.button_for("Bartering"))  # food 2: paid without asking
    assert game.player(game.current).has("Bartering")
    press_ctrl(app, pygame.K_z)
    assert not scene.game.player(scene.game.current).has("Bartering")
    assert scene.game.player(scene.game.current).resources["wood"] == 1
    press_ctrl(app, pygame.K_z)
    assert scene.game.player(scene.game.current).resources["wood"] == 0
    first, second = scene.undo_notes()
    assert first == "Undone: Advance: Bartering" and second.startswith("Undone: Collect wood from")


def test_no_undo_after_exploring(app):
    game = new_game(["Anna", "Ben"], 7)
    scene = show_game(app, game)
    collect_wood(app, scene)
    home = game.cities_of(game.actor())[0].pos
    click_button(app, scene.action_buttons["move"])
    click(app, scene.board.centre(home))
    hidden = [h for h in scene.move_destinations() if not game.revealed(h)]
    assert hidden, "the settler can walk into a face-down region"
    click(app, scene.board.centre(hidden[0]))
    assert game.revealed(hidden[0]) or game.pending  # turned over, or its orientation is being chosen
    undo = scene.action_buttons["undo"]
    assert not undo.is_enabled and "revealed new information" in undo.tool_tip_text
    press_ctrl(app, pygame.K_z)
    assert scene.game is game  # nothing was undone, not even the collect before the exploration


def battle_scenario():
    s = Scenario(players=2).reveal_all()
    s.advances(0, "Tactics")
    s.city(0, "D2")
    s.city(1, "D7")
    s.units(0, "infantry", "D3", 2)
    s.units(1, "infantry", "D4", 1)
    return s.game


def test_no_undo_after_a_battle_rolled_dice_and_the_battle_is_shown(app):
    game = battle_scenario()
    scene = show_game(app, game)
    click_button(app, scene.action_buttons["move"])
    assert scene.action_buttons["undo"].is_enabled  # starting the move revealed nothing
    click(app, scene.board.centre(Scenario.hex("D3")))
    assert Scenario.hex("D4") in scene.move_destinations()
    click(app, scene.board.centre(Scenario.hex("D4")))
    assert any(" rolls " in line for line in game.log)
    assert not scene.action_buttons["undo"].is_enabled
    view = scene.battle_view()
    assert view is not None and any(" rolls " in line for line in view.lines)
    assert scene.combat_rect is not None


def test_the_undo_history_ends_with_the_turn(app):
    game = new_game(["Anna", "Ben"], 7)
    scene = show_game(app, game)
    collect_wood(app, scene)
    click_button(app, scene.action_buttons["end_turn"])
    click_button(app, scene.dialog.button_for("End turn"))
    click_button(app, scene.pass_button)
    assert not scene.action_buttons["undo"].is_enabled
    press_ctrl(app, pygame.K_z)
    assert scene.game is game and game.log[-1].endswith("turn")  # still the new player's turn, nothing undone
