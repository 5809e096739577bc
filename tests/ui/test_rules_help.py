"""The rules help screen: F1 or the game menu opens its topics; each topic's text, and back."""

import pygame

from civgame.ui.rules_help import RULES_TOPICS
from tests.ui.conftest import click_button, press_key, show_game
from tests.ui.test_say_why import broke_player


def test_f1_opens_the_topics_and_each_topic_reads_in_full(app):
    scene = show_game(app, broke_player().game)
    press_key(app, pygame.K_F1)
    assert scene.dialog.labels() == list(RULES_TOPICS)
    assert {"Advance", "Move units", "Activate a city", "Status phase", "Scoring"} <= set(RULES_TOPICS)
    click_button(app, scene.dialog.button_for("Scoring"))
    assert scene.dialog is None and scene.message is not None
    assert "half a point for each advance" in scene.message.text
    click_button(app, scene.message.button_for("Back to the topics"))
    assert scene.message is None and scene.dialog.labels() == list(RULES_TOPICS)
    click_button(app, scene.dialog.button_for("Status phase"))
    assert "free advance" in scene.message.text
    click_button(app, scene.message.button_for("Close"))
    assert scene.message is None and scene.dialog is None


def test_the_game_menu_has_the_rules_help_and_buttons_point_to_f1(app):
    scene = show_game(app, broke_player().game)
    click_button(app, scene.action_buttons["menu"])
    click_button(app, scene.dialog.button_for("Rules help (F1)"))
    assert scene.dialog.labels() == list(RULES_TOPICS)
    for key in ("advance", "move", "happiness", "all"):
        assert "(F1: rules)" in scene.action_buttons[key].tool_tip_text
