"""The battle, event and report panels cover nothing they are about: they take a place clear of the
battle, of the spaces a decision offers and of the person's own cities; the person can fold them and drag
them by their title; a click on the rest of a panel reaches the space under it."""

import pygame
import pytest

from civgame.games.clash.core.actions import Advance
from tests.engine.test_events import board
from tests.ui.conftest import click, click_button, show_game
from tests.ui.test_subject_visible import resize


def awesome_year(cities=("D5", "D2", "B6", "E4")):
    """Player 1, with cities on `cities`, draws An awesome year: its panel opens while they pick a land."""
    s = board()
    for label in cities:
        s.city(0, label)
    s.city(1, "A5")
    s.resources(0, food=2)
    s.game.decks["event"].draw.append(13)
    s.player(0).event_cubes = 1
    return s


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_event_panel_covers_neither_the_offered_spaces_nor_the_persons_cities(app, size):
    s = awesome_year()
    scene = show_game(app, s.game)
    resize(app, size)
    scene.perform(Advance("Storage", payment={"food": 2}))
    panel = scene.combat_rect
    assert panel is not None and scene.battle_view().title == "Event: An awesome year"
    offered = [scene.spaces_rect([space]) for space in scene.space_choices()]
    cities = scene.own_city_rects()
    assert offered and len(cities) == 4
    assert panel.collidelist(offered) < 0 and panel.collidelist(cities) < 0
    assert scene.dialog.window.rect.collidelist(offered) < 0 and not scene.dialog.window.rect.colliderect(panel)


def test_the_panel_folds_to_its_title_and_unfolds(app):
    scene = show_game(app, awesome_year().game)
    scene.perform(Advance("Storage", payment={"food": 2}))
    full = scene.combat_rect.copy()
    click_button(app, scene.action_buttons["fold_panel"])
    assert scene.panel_folded and scene.combat_rect.h == scene.panel_title_height() < full.h
    assert scene.combat_rect.topleft == full.topleft
    click_button(app, scene.action_buttons["fold_panel"])
    assert not scene.panel_folded and scene.combat_rect == full


def drag(app, start, end) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.pump()


def test_dragging_its_title_moves_the_panel_and_it_stays_there(app):
    s = awesome_year()
    scene = show_game(app, s.game)
    scene.perform(Advance("Storage", payment={"food": 2}))
    panel = scene.combat_rect.copy()
    start = (panel.x + 20, panel.y + 10)
    target = (scene.board.rect.x + 100, scene.board.rect.centery)
    drag(app, start, target)
    moved = scene.combat_rect
    assert moved.topleft == (target[0] - 20, target[1] - 10) and moved.size == panel.size
    assert moved.contains(scene.action_buttons["fold_panel"].rect)
    click_button(app, scene.dialog.button_for(scene.dialog.labels()[0]))  # the event goes on: rebuilt
    assert scene.combat_rect.topleft == moved.topleft
    assert scene.combat_rect.contains(scene.action_buttons["close_report"].rect)


def test_a_click_on_the_panel_below_its_title_reaches_the_space_under_it(app):
    s = awesome_year(cities=("D5", "D2"))
    scene = show_game(app, s.game)
    scene.perform(Advance("Storage", payment={"food": 2}))
    offered = sorted(scene.space_choices())[0]
    centre = scene.board.centre(offered)
    title = scene.panel_title_rect()
    drag(app, (title.x + 20, title.y + 10), (centre[0] - 20, centre[1] - 60))  # the panel now covers the space
    assert scene.combat_rect.collidepoint(centre) and not scene.panel_title_rect().collidepoint(centre)
    before = len(s.game.history)
    click(app, centre)
    assert len(s.game.history) == before + 1  # the offered space was chosen through the panel
