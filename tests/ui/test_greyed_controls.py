"""Every greyed control says why, on hover (pygame_gui draws no tooltip for a disabled button, so the window
draws it) and in the status line; a unit kind the city cannot pay for is listed greyed with what it needs."""

import pygame
import pytest

from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui.menus import TitleScene
from tests.scenario import Scenario
from tests.ui.conftest import click, drawn_texts, hover, show_game


def test_a_greyed_top_bar_button_says_why_on_hover_and_in_the_status_line(app, monkeypatch):
    scene = show_game(app, new_game(["Anna", "Ben"], 7))
    button = scene.action_buttons["abilities"]
    assert not button.is_enabled and "Not now: none of your abilities can be used now" in button.tool_tip_text
    hover(app, button.rect.center)
    assert scene.tooltip_rect is not None and scene.tooltip_rect.colliderect(pygame.Rect(button.rect.center, (60, 60)))
    texts = [text for text, _ in drawn_texts(app, monkeypatch)]
    assert "Abilities (not available now)" in texts  # the tooltip's title
    status = [text for text, rect in drawn_texts(app, monkeypatch) if rect.top >= scene.board.rect.bottom]
    assert any(text.startswith("Use an ability of your advances") and "Not now" in text for text in status)


def test_no_tooltip_for_a_greyed_button_until_the_pointer_rests(app):
    scene = show_game(app, new_game(["Anna", "Ben"], 7))
    button = scene.action_buttons["abilities"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    app.pump()
    assert scene.tooltip_rect is None and scene.disabled_tip() == button.tool_tip_text


def test_a_greyed_button_on_the_title_screen_says_why(app, monkeypatch):
    assert isinstance(app.scene, TitleScene) and not app.scene.continue_button.is_enabled
    hover(app, app.scene.continue_button.rect.center)
    texts = [text for text, _ in drawn_texts(app, monkeypatch)]
    assert "Continue (not available now)" in texts
    assert any(text.startswith("No game to continue yet") for text in texts)


@pytest.mark.parametrize(
    "food,ore,shown", [(1, 0, "Recruit Infantry: needs 1 ore"), (0, 0, "Recruit Settler: needs 2 food")]
)
def test_a_unit_the_city_cannot_pay_for_is_listed_greyed_with_what_it_needs(app, food, ore, shown):
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    s.resources(0, food=food, wood=0, ore=0, ideas=0, gold=0)
    scene = show_game(app, s.game)
    click(app, scene.board.centre(s.hex("D2")))
    button = scene.dialog.button_for(shown)
    assert not button.is_enabled and button.tool_tip_text.startswith("Not now: Player 1 cannot pay")
    hover(app, button.rect.center)
    assert scene.tooltip_rect is not None
