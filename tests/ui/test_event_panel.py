"""The event reveal panel: the drawn card, its text and what it did, with its choices in dialogs."""

from civgame.engine.core.actions import Advance
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
    click_button(app, scene.dialog.button_for("An awesome year (which land is exhausted): E5"))
    report = scene.battle_view()
    assert report.finished
    assert "The land at E5 is exhausted" in report.lines
    assert "Player 2 gains 2 food" in report.lines
    assert scene.combat_rect is not None and scene.board.rect.contains(scene.combat_rect)
    click_button(app, scene.action_buttons["close_report"])
    assert scene.battle_view() is None
