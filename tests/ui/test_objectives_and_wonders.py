"""Objective and wonder cards in the window: the hand says which objectives are met, wonder cards
show cost and requirements, completing is offered in a dialog, wonders are built from the city menu,
and the score screen names each player's objectives and wonders."""

from civgame.games.clash.content.effects import holdings_changed
from civgame.games.clash.core import actions as A
from civgame.games.clash.core.decisions import ObjectiveDecision
from civgame.games.clash.rules.flow import status
from civgame.ui.labels import decision_title
from civgame.ui.score_scene import ScoreScene
from tests.combat_helpers import attack
from tests.scenario import Scenario
from tests.ui.conftest import click, click_button, hover, show_game
from tests.ui.test_flows import load_dice


def hand_scenario() -> Scenario:
    s = Scenario(players=2).reveal_all()
    for label in ("D2", "B6", "C7", "A7", "D6", "E6"):
        s.city(0, label, mood="happy")
    s.city(1, "D7")
    s.advances(0, "Engineering", "Rituals")
    s.resources(0, food=2, wood=3, ore=7, culture=5)
    s.player(0).objective_cards = [1]  # Large Civilization / Draft
    s.player(0).wonder_cards = ["pyramids"]
    s.player(1).objective_cards = []
    return s


def tip(scene, first_line: str) -> list[str]:
    return next(lines for _rect, lines in scene.panel._tips if lines[0] == first_line)


def test_objective_cards_in_hand_say_which_objectives_are_met_now(app):
    s = hand_scenario()
    scene = show_game(app, s.game)
    rect = next(rect for rect, lines in scene.panel._tips if lines[0] == "Objective card: Large Civilization/Draft")
    hover(app, rect.center)
    lines = scene.tooltip_lines()
    assert lines[1:3] == ["Large Civilization: met now", "Draft: checked when you recruit"]
    fewer = hand_scenario()
    fewer.game.cities.remove(fewer.game.city_at(fewer.hex("E6")))
    scene = show_game(app, fewer.game)
    assert tip(scene, lines[0])[1] == "Large Civilization: not met now"


def test_wonder_cards_in_hand_show_cost_and_requirements(app):
    s = hand_scenario()
    scene = show_game(app, s.game)
    lines = tip(scene, "Wonder card: Pyramids")
    assert lines[1] == "Cost: 2 food, 3 wood, 7 ore, 5 culture"
    assert lines[2] == "Needs: Engineering and Rituals, a Happy city"


def test_a_wonder_is_built_from_the_city_menu_and_shown_on_the_city(app):
    s = hand_scenario()
    s.player(0).objective_cards = []
    scene = show_game(app, s.game)
    click(app, scene.board.centre(s.hex("D2")))
    click_button(app, scene.dialog.button_for("Build the Pyramids at D2"))
    city = s.game.city_at(s.hex("D2"))
    assert city.wonders == ["pyramids"] and s.game.player(0).wonder_cards == []
    hover(app, scene.board.centre(s.hex("D2")))
    assert any(line.startswith("Wonder: Pyramids — ") for line in scene.tooltip_lines())


def test_the_status_phase_offers_objectives_in_a_dialog(app):
    s = hand_scenario()
    status.begin(s.game)
    scene = show_game(app, s.game)
    if scene.covered:
        click_button(app, scene.pass_button)
    assert isinstance(s.game.pending[-1], ObjectiveDecision)
    assert decision_title(s.game, s.game.pending[-1]) == "Player 1: status phase - complete objective cards?"
    click_button(app, scene.dialog.button_for("Complete Large Civilization"))
    assert s.game.player(0).completed_objectives == [1]


def test_the_score_screen_names_objectives_and_wonders(app):
    s = hand_scenario()
    game = s.game
    game.city_at(s.hex("D2")).wonders.append("pyramids")
    game.player(0).wonders_built.append("pyramids")
    status.begin(game)
    from civgame.games.clash.core.actions import CompleteObjective
    from civgame.games.clash.rules.flow.controller import apply

    apply(game, CompleteObjective(1, "large_civilization"))
    app.show_scores(game)
    app.pump()
    scene = app.scene
    assert isinstance(scene, ScoreScene)
    assert scene.sheets[0]["objectives"] == 2 and scene.sheets[0]["wonders"] == 5.1


def test_an_objective_a_battle_fulfils_is_offered_right_after_it(app):
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    attackers = s.units(0, "infantry", "D5", 3)
    s.units(1, "infantry", "D5", 3)
    s.player(1).objective_cards = [6]  # Great Battle: 6 army units in one land battle
    load_dice(s, *[(2, "cavalry")] * 3, *[(6, "infantry")] * 3)  # the attackers all fall in the first round
    attack(s, 0, attackers, "D5", "D4")
    scene = show_game(app, s.game)
    if scene.covered:
        click_button(app, scene.pass_button)
    assert decision_title(s.game, s.game.pending[-1]) == "Player 2: after the battle - complete objective cards?"
    click_button(app, scene.dialog.button_for("Complete Great Battle"))
    assert s.game.player(1).completed_objectives == [6] and s.game.pending == []


def test_the_great_library_lends_an_advance_from_the_abilities_menu(app):
    s = hand_scenario()
    s.game.city_at(s.hex("B6")).wonders.append("great_library")
    holdings_changed(s.game)
    scene = show_game(app, s.game)
    click_button(app, scene.action_buttons["abilities"])
    lends = [a for a in scene.legal if isinstance(a, A.UseAbility) and a.source == "Great Library"]
    click_button(app, scene.dialog.button_for(f"Great Library… ({len(lends)} choices)"))
    button = scene.dialog.button_for("Great Library: use Writing until the end of your turn")
    assert button.tool_tip_text.startswith("Great Library: Once per turn")
    click_button(app, button)
    assert s.game.player(0).borrowed_advance == "Writing"
