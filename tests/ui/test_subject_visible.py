"""A decision dialog never covers the spaces it is about: the dialog's rectangle and the subject's
rectangle on screen are compared at 1280x720 and 1920x1080, wherever the map has been panned."""

import pygame
import pytest

from civgame.engine.core.actions import MoveUnits, StartMove
from civgame.engine.core.decisions import OrientationDecision
from tests.scenario import Scenario
from tests.ui.conftest import click_button, show_game


def exploring() -> Scenario:
    """Player 1's settler at D2 enters the face-down region 5, whose orientation they choose."""
    s = Scenario(players=2)
    s.place_tile(5, "14", None)
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    s.apply(MoveUnits((settler.id,), s.hex("D3")))
    assert isinstance(s.game.pending[-1], OrientationDecision)
    return s


def resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.pump()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_orientation_dialog_leaves_the_explored_region_visible(app, size):
    game = exploring().game
    scene = show_game(app, game)
    resize(app, size)
    decision = game.pending[-1]
    board = scene.board.rect
    for corner in ("bottomright", "bottomleft", "topright", "topleft", "center"):
        subject = scene.subject_rect(decision)
        target = getattr(board.inflate(-2 * subject.w, -2 * subject.h), corner)
        scene.board.pan(target[0] - subject.centerx, target[1] - subject.centery)  # the region under that corner
        scene.rebuild()
        subject, dialog = scene.subject_rect(decision), scene.dialog.window.rect
        assert board.contains(subject), f"{corner} at {size}: the region left the map"
        assert not dialog.colliderect(subject), f"{corner} at {size}: {dialog} covers {subject}"
    before = len(game.history)
    click_button(app, next(iter(scene.dialog.buttons)))  # still answered by a click
    assert len(game.history) == before + 1


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_zoomed_in_so_no_corner_is_free_the_map_pans_the_region_beside_the_dialog(app, size):
    game = exploring().game
    scene = show_game(app, game)
    resize(app, size)
    decision = game.pending[-1]
    scene.board.zoom(2.2)
    subject = scene.subject_rect(decision)
    scene.board.pan(scene.board.rect.centerx - subject.centerx, scene.board.rect.centery - subject.centery)
    scene.rebuild()
    subject, dialog = scene.subject_rect(decision), scene.dialog.window.rect
    assert not dialog.colliderect(subject), f"at {size}: {dialog} covers {subject}"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_collect_panel_leaves_the_city_and_its_spaces_visible(app, size):
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2", mood="happy")
    s.city(1, "D7")
    game = s.game
    scene = show_game(app, game)
    resize(app, size)
    city = game.city_at(s.hex("D2"))
    for corner in ("midbottom", "midtop", "center"):
        scene.start_collect(city.id)
        subject = scene.spaces_rect(list(scene.collect_yields()))
        target = getattr(scene.board.rect.inflate(-subject.w - 4, -subject.h - 4), corner)
        scene.board.pan(target[0] - subject.centerx, target[1] - subject.centery)
        scene.rebuild()
        subject, panel = scene.spaces_rect(list(scene.collect_yields())), scene.collect_panel_rect()
        assert not panel.colliderect(subject), f"{corner} at {size}: {panel} covers {subject}"
        assert scene.action_buttons["collect_ok"].rect.colliderect(panel)  # the buttons move with the panel
        scene.leave_collect()
