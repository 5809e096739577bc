"""Disabled top-bar buttons say why, in the words of the RuleError the rules raise. Real clicks and
hovers on the dummy video driver."""

from civgame.framework.saves import state_hash
from civgame.games.clash.core.actions import StartMove
from tests.scenario import Scenario
from tests.ui.conftest import click, show_game

EMPTY = {"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}


def broke_player() -> Scenario:
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    s.resources(0, **EMPTY)
    return s


def test_disabled_top_bar_buttons_give_the_rules_reason(app):
    game = broke_player().game
    scene = show_game(app, game)
    buttons = scene.action_buttons
    assert not buttons["move"].is_enabled
    assert buttons["move"].tool_tip_text.endswith("Not now: none of Player 1's units can move")
    assert buttons["happiness"].tool_tip_text.endswith(
        "Not now: Player 1 has no city whose mood they can afford to raise"
    )
    assert buttons["advance"].tool_tip_text.endswith("Not now: Player 1 cannot pay 2 any of food/ideas/gold")
    assert buttons["found"].tool_tip_text.endswith("Not now: you have no settler")
    assert buttons["end_turn"].is_enabled and "Not now" not in buttons["end_turn"].tool_tip_text
    before = state_hash(game)
    click(app, buttons["move"].rect.center)  # a disabled button does nothing, and asking why changed nothing
    assert state_hash(game) == before and StartMove() not in scene.legal


def test_no_main_actions_left_is_the_reason_once_they_are_spent(app):
    s = broke_player()
    s.resources(0, **EMPTY | {"food": 2, "ideas": 2})
    game = s.game
    game.actions_left = 0
    scene = show_game(app, game)
    assert scene.action_buttons["advance"].tool_tip_text.endswith("Not now: no main actions left this turn")


def test_every_city_action_that_cannot_be_taken_is_greyed_with_the_rules_reason(app):
    s = broke_player()
    s.city(1, "D5", buildings={"temple": 1})
    game = s.game
    game.player(0).wonder_cards.append("pyramids")
    scene = show_game(app, game)
    click(app, scene.board.centre(s.hex("D2")))
    greyed = [
        label
        for button, label in zip(scene.dialog.buttons, scene.dialog.labels(), strict=True)
        if not button.is_enabled
    ]
    assert greyed == [
        "Recruit Infantry: needs 1 food, 1 ore",
        "Recruit Settler: needs 2 food",
        "Build the Pyramids: a wonder can only be built in a Happy city (the city at D2 is neutral)",
        "Influence culture: the target is 3 spaces away, beyond range 1 + 0 culture token(s)",
    ]
    assert scene.dialog.button_for("Recruit Infantry").tool_tip_text == (
        "Not now: Player 1 cannot pay 1 food, 1 ore. Army unit. Clash icon: +1 combat value."  # and the unit's text
    )
    before = state_hash(game)
    click(app, scene.dialog.button_for("Recruit Infantry").rect.center)  # greyed: nothing happens
    assert state_hash(game) == before


def test_a_city_without_main_actions_left_says_so_on_each_entry(app):
    s = broke_player()
    game = s.game
    game.actions_left = 0
    scene = show_game(app, game)
    click(app, scene.board.centre(s.hex("D2")))
    labels = scene.dialog.labels()
    assert "Collect: no main actions left this turn" in labels
    assert "Recruit: no main actions left this turn" in labels
    assert "No actions left." in scene.dialog.prompt  # a sentence of its own starts with a capital
