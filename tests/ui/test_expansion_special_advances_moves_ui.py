"""The window's controls for the Civilizations expansion's special advances that move pieces or look into a
deck (tests/engine/test_expansion_special_advances_moves.py has their rules)."""

from civgame.games.clash.core.decisions import MoveDecision
from tests.engine.test_expansion_special_advances_moves import roman_roads
from tests.scenario import Scenario
from tests.ui.conftest import click_button
from tests.ui.test_flows import choose, click_space, open_in_window

IMPERIAL_ROADS = "Imperial Roads: move one group by road between two of your cities, free (no action)"


def test_imperial_roads_are_offered_in_the_abilities_and_moved_on_the_map_then_greyed_with_the_reason(app):
    s = roman_roads(True)
    scene = open_in_window(app, s.game)
    click_button(app, scene.action_buttons["abilities"])
    choose(app, scene, IMPERIAL_ROADS)
    game = scene.game
    assert isinstance(game.pending[-1], MoveDecision) and game.pending[-1].city_road == "Imperial Roads"
    click_space(app, scene, "D5")
    assert scene.move_destinations() == {Scenario.hex("D7")}
    click_space(app, scene, "D7")
    assert not game.pending and Scenario.hex("D7") in {u.pos for u in game.units_of(0)}
    button = scene.action_buttons["abilities"]
    assert not button.is_enabled
    assert "Not now: Imperial Roads: Imperial Roads is used once per turn" in button.tool_tip_text
