"""The window's controls for the Civilizations expansion's special advances that move pieces or look into a
deck (tests/engine/test_expansion_special_advances_moves.py has their rules)."""

from civgame.games.clash.core.actions import ChooseOption, MoveUnits, StartMove
from civgame.games.clash.core.decisions import MoveDecision
from civgame.games.clash.core.model import PIRATE
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.base.pirate_share import SHARE_SPACE
from civgame.games.clash.rules.base.top_card import LEAVE, LET_DRAW, LOOK
from tests.engine.test_expansion_special_advances import special
from tests.engine.test_expansion_special_advances_moves import (
    ballcourts_city,
    carthage_near_pirates,
    carthage_sharing_with_pirates,
    maya_before_astronomy,
    roman_roads,
)
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


def test_calendar_shows_the_top_event_card_to_the_maya_seat_alone_before_another_players_event(app):
    s = maya_before_astronomy(calendar=True)
    special(s, 0, "Astronomy")
    s.apply(ChooseOption(LET_DRAW))
    s.turn(1)
    s.player(0).culture_tokens = 1
    s.player(1).culture_level = 2
    gain_advance(s.game, s.player(1), "Astronomy", uses_event_cube=False)
    top = s.game.rules.event(s.game.decks["event"].draw[-1])
    scene = open_in_window(app, s.game)  # the pass screen hands the window to the Maya, who decide
    assert scene.viewer == 0
    assert "an event card is about to be drawn for Player 2" in scene.dialog.prompt
    choose(app, scene, LOOK.capitalize())
    assert scene.viewer == 0 and top.name in scene.dialog.prompt
    choose(app, scene, LEAVE.capitalize())
    assert scene.game.decks["event"].discard[-1] == top.id  # drawn for Player 2 once the Maya are done
    assert scene.covered or scene.viewer != 0  # the window goes back to Player 2's seat


def test_ballcourts_are_offered_in_the_abilities_with_their_price_and_greyed_with_the_reason(app):
    s, _ = ballcourts_city(True)
    scene = open_in_window(app, s.game)
    click_button(app, scene.action_buttons["abilities"])
    label = "Ballcourts: the city at D2 counts larger for its next Collect or Build"
    assert scene.dialog.button_for(label).tool_tip_text.startswith("Costs 1 mood. ")
    choose(app, scene, label)
    assert scene.game.player(0).mood_tokens == 0
    button = scene.action_buttons["abilities"]
    assert not button.is_enabled and "Not now: Ballcourts: Player 1 cannot pay 1 mood token" in button.tool_tip_text


def test_pirate_allies_ask_in_a_dialog_whether_to_share_the_pirates_space_or_attack(app):
    s, ship, pirate = carthage_near_pirates(True)
    s.apply(StartMove())
    s.apply(MoveUnits((ship.id,), s.hex("F6")))
    scene = open_in_window(app, s.game)
    assert "your ships are at F6 with pirate ships - share the space, or attack them?" in scene.dialog.prompt
    choose(app, scene, SHARE_SPACE.capitalize())
    assert scene.game.unit(pirate.id).owner == 0


def test_pirate_allies_attack_the_pirates_shared_from_every_action_in_a_move(app):
    s, _, pirate = carthage_sharing_with_pirates()
    scene = open_in_window(app, s.game)
    scene.open_all_actions()
    choose(app, scene, "Attack the pirate ships at F6 with 1 Ship")
    assert scene.game.unit(pirate.id) is None or scene.game.unit(pirate.id).owner == PIRATE
