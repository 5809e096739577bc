"""The event reveal panel: the drawn card, its text and what it did, with its choices in dialogs."""

from civgame.games.clash.core.actions import Advance
from tests.engine.test_events import board
from tests.ui.conftest import click_button, show_game


def test_a_drawn_event_is_revealed_with_its_choice_and_what_it_did(app):
    s = board()
    s.city(0, "D5")
    s.city(1, "B6")
    s.resources(0, food=2)
    s.game.decks["event"].draw.append(13)  # An awesome year: exhausted land, every player +2 food
    s.player(0).event_cubes = 1
    scene = show_game(app, s.game)
    scene.perform(Advance("Storage", payment={"food": 2}))
    report = scene.battle_view()
    assert report.title == "Event: An awesome year" and not report.finished
    assert report.lines[0] == s.game.rules.event(13).text
    click_button(app, scene.dialog.button_for("E5"))
    report = scene.battle_view()
    assert report.finished
    assert "The land at E5 is exhausted" in report.lines
    assert "Player 2 gains 2 food" in report.lines
    assert scene.combat_rect is not None and scene.board.rect.contains(scene.combat_rect)
    click_button(app, scene.action_buttons["close_report"])
    assert scene.battle_view() is None


def test_each_player_is_handed_the_computer_once_for_their_share_of_an_event(app):
    s = board()
    s.city(0, "D5", buildings={"temple": 0})
    s.city(0, "D2", buildings={"obelisk": 0})
    s.city(1, "B6", buildings={"temple": 1})
    s.resources(0, food=2)
    s.game.decks["event"].draw.append(47)  # Era of Stability: exhausted land, then tokens for every player
    s.player(0).event_cubes = 1
    scene = show_game(app, s.game)
    scene.perform(Advance("Storage", payment={"food": 2}))
    handed = []
    while s.game.event is not None:
        if scene.covered:
            handed.append(s.game.actor())
            click_button(app, scene.pass_button)
        label = scene.dialog.labels()[0]
        assert "Era of Stability (" in scene.dialog.prompt
        click_button(app, scene.dialog.button_for(label))
    assert handed == [1]  # the active player's icon and share in one go, then player 2's share
    assert scene.covered and s.game.actor() == 0  # and back to the player whose turn it is
