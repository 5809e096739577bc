"""Boarding a chosen ship: when several ships could carry the units, a dialog asks which, by real clicks."""

from civgame.games.clash.core.decisions import BoardingDecision, MoveDecision
from tests.scenario import Scenario
from tests.ui.conftest import click, click_button, show_game


def test_moving_onto_two_different_ships_asks_which_one_to_board(app):
    s = Scenario(players=2)
    s.place_tile(3, "1", 3)  # C3 sea next to D2
    s.city(0, "D2")
    loaded = s.unit(0, "ship", "C3")
    s.unit(0, "infantry", "C3", carrier=loaded)
    empty = s.unit(0, "ship", "C3")
    settler = s.unit(0, "settler", "D2")
    game = s.game
    scene = show_game(app, game)
    click_button(app, scene.action_buttons["move"])
    click(app, scene.board.centre(Scenario.hex("D2")))
    assert Scenario.hex("C3") in scene.move_destinations()
    click(app, scene.board.centre(Scenario.hex("C3")))
    assert isinstance(game.pending[-1], BoardingDecision)
    assert scene.dialog.labels() == [
        f"Ship {loaded.id} (can still sail, carries 1 Infantry) takes 1 Settler",
        f"Ship {empty.id} (can still sail) takes 1 Settler",
    ]
    click_button(app, scene.dialog.button_for(f"Ship {empty.id}"))
    assert game.unit(settler.id).carrier == empty.id
    assert isinstance(game.pending[-1], MoveDecision)  # the move action goes on
