"""A decision dialog never covers the spaces it is about: the dialog's rectangle and the subject's
rectangle on screen are compared at 1280x720 and 1920x1080, wherever the map has been panned."""

import pygame
import pytest

from civgame.games.clash.core.actions import Advance, MoveUnits, StartMove
from civgame.games.clash.core.decisions import CasualtyDecision, OrientationDecision
from civgame.games.clash.core.model import Combat, CombatSide
from tests.engine.test_events import board as event_board
from tests.scenario import Scenario
from tests.ui.conftest import click, click_button, show_game


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
def test_the_exploring_panel_leaves_the_explored_region_visible(app, size):
    game = exploring().game
    scene = show_game(app, game)
    resize(app, size)
    decision = game.pending[-1]
    board = scene.board.rect
    for corner in ("midbottom", "midtop", "bottomleft", "topright", "center"):
        subject = scene.subject_rect(decision)
        target = getattr(board.inflate(-2 * subject.w, -2 * subject.h), corner)
        scene.board.pan(target[0] - subject.centerx, target[1] - subject.centery)  # the region under that spot
        scene.rebuild()
        subject, panel = scene.subject_rect(decision), scene.explore_panel_rect(decision)
        assert board.contains(subject), f"{corner} at {size}: the region left the map"
        assert not panel.colliderect(subject), f"{corner} at {size}: {panel} covers {subject}"
        assert scene.action_buttons["explore_place"].rect.colliderect(panel)  # the buttons move with the panel
    before = len(game.history)
    click_button(app, scene.action_buttons["explore_place"])  # still answered by a click
    assert len(game.history) == before + 1


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_zoomed_in_so_the_region_is_taller_than_the_room_the_map_pans_it_clear_of_the_panel(app, size):
    game = exploring().game
    scene = show_game(app, game)
    resize(app, size)
    decision = game.pending[-1]
    scene.board.zoom(1.6)
    subject = scene.subject_rect(decision)
    scene.board.pan(scene.board.rect.centerx - subject.centerx, scene.board.rect.centery - subject.centery)
    scene.rebuild()
    subject, panel = scene.subject_rect(decision), scene.explore_panel_rect(decision)
    assert not panel.colliderect(subject), f"at {size}: {panel} covers {subject}"


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


def choosing_casualties() -> Scenario:
    """A battle at D4 (attacked from D3) in which Player 2 must remove two of two infantry, a cavalry and an
    elephant: a long list of choices, so a tall dialog."""
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    attackers = s.units(0, "infantry", "D4", 2)
    defenders = [*s.units(1, "infantry", "D4", 2), s.unit(1, "cavalry", "D4"), s.unit(1, "elephant", "D4")]
    s.game.combat = Combat(
        space=s.hex("D4"),
        naval=False,
        attacker=CombatSide(0, [u.id for u in attackers]),
        defender=CombatSide(1, [u.id for u in defenders]),
        origins={u.id: s.hex("D3") for u in attackers},
        round=1,
        log=[
            "Battle at D4: Player 1 (2 infantry) attacks Player 2 (2 infantry, 1 cavalry, 1 elephant)",
            "Player 1 rolls 6 (infantry), 5 (cavalry): combat value 11, 2 hits",
            "Player 2 rolls 2 (leader), 1 (elephant): combat value 3, no hits",
        ],
    )
    s.game.pending.append(CasualtyDecision(player=1, count=2, candidates=[u.id for u in defenders]))
    return s


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_combat_panel_and_the_casualty_dialog_leave_the_battle_visible(app, size):
    game = choosing_casualties().game
    scene = show_game(app, game)
    resize(app, size)
    board = scene.board.rect
    for corner in ("topleft", "bottomleft", "topright", "bottomright", "midleft", "midright", "midtop", "center"):
        subject = scene.spaces_rect([game.combat.space])
        target = getattr(board.inflate(-2 * subject.w, -2 * subject.h), corner)
        scene.board.pan(target[0] - subject.centerx, target[1] - subject.centery)
        scene.rebuild()
        app.draw()
        subject, dialog, panel = scene.spaces_rect([game.combat.space]), scene.dialog.window.rect, scene.combat_rect
        assert board.contains(subject) and board.contains(panel), f"{corner} at {size}"
        assert not dialog.colliderect(subject), f"{corner} at {size}: the dialog {dialog} covers {subject}"
        assert not panel.colliderect(subject), f"{corner} at {size}: the panel {panel} covers {subject}"
        assert not panel.colliderect(dialog), f"{corner} at {size}: the dialog {dialog} covers the panel {panel}"
    click_button(app, next(b for b in scene.dialog.buttons if b.is_enabled))  # still answered by a click
    assert game.history


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_zoomed_in_so_no_corner_is_free_the_map_pans_the_battle_clear_of_panel_and_dialog(app, size):
    game = choosing_casualties().game
    scene = show_game(app, game)
    resize(app, size)
    scene.board.zoom(2.5)
    subject = scene.spaces_rect([game.combat.space])
    scene.board.pan(scene.board.rect.left + 30 - subject.left, scene.board.rect.top + 30 - subject.top)
    scene.rebuild()
    subject, dialog, panel = scene.spaces_rect([game.combat.space]), scene.dialog.window.rect, scene.combat_rect
    assert scene.board.rect.contains(subject)
    assert not dialog.colliderect(subject) and not panel.colliderect(subject) and not panel.colliderect(dialog)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_report_of_a_finished_battle_leaves_its_space_visible(app, size):
    s = choosing_casualties()
    game = s.game
    game.pending[-1].count = 4  # every defender falls: the battle is over
    scene = show_game(app, game)
    resize(app, size)
    click_button(app, scene.dialog.button_for(next(iter(scene.dialog.labels()))))
    if scene.covered:  # the attacker's turn goes on
        click_button(app, scene.pass_button)
    report = scene.battle_view()
    assert report is not None and report.finished and report.space == s.hex("D4")
    board = scene.board.rect
    for corner in ("topleft", "bottomleft", "center"):
        subject = scene.spaces_rect([report.space])
        target = getattr(board.inflate(-2 * subject.w, -2 * subject.h), corner)
        scene.board.pan(target[0] - subject.centerx, target[1] - subject.centery)
        scene.rebuild()
        subject = scene.spaces_rect([report.space])
        assert not scene.combat_rect.colliderect(subject), f"{corner} at {size}"
        assert scene.action_buttons["close_report"].rect.colliderect(scene.combat_rect)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_unit_buttons_of_a_move_leave_the_units_and_their_destinations_visible(app, size):
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    s.units(0, "settler", "C3", 2)
    game = s.game
    scene = show_game(app, game)
    resize(app, size)
    click_button(app, scene.action_buttons["move"])
    board = scene.board.rect
    for corner in ("bottomleft", "midbottom", "topleft", "center"):
        subject = scene.spaces_rect([s.hex("C3")])
        target = getattr(board.inflate(-3 * subject.w, -3 * subject.h), corner)
        scene.board.pan(target[0] - subject.centerx, target[1] - subject.centery)
        click(app, scene.board.centre(s.hex("C3")))
        assert scene.move_source == s.hex("C3") and scene.move_destinations()
        row = scene.action_buttons["pick_settler"].rect
        covered = [h for h in {s.hex("C3"), *scene.move_destinations()} if row.colliderect(scene.spaces_rect([h]))]
        assert not covered, f"{corner} at {size}: the unit buttons {row} cover {covered}"
        scene.select_move_source(None)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_events_choice_of_a_space_leaves_that_space_visible(app, size):
    s = event_board()
    s.city(0, "D5")
    s.city(1, "B6")
    s.resources(0, food=2)
    s.game.decks["event"].draw.append(13)  # An awesome year: the drawer picks the land to exhaust (E5)
    s.player(0).event_cubes = 1
    game = s.game
    scene = show_game(app, game)
    resize(app, size)
    scene.perform(Advance("Storage", payment={"food": 2}))
    decision = game.pending[-1]
    assert s.hex("E5") in scene.decision_subject(decision)
    assert set(scene.decision_subject(decision)) == {s.hex(label) for label in decision.options}  # each land offered
    board = scene.board.rect
    for corner in ("bottomright", "bottomleft", "topright", "center"):
        subject = scene.subject_rect(decision)
        target = getattr(board.inflate(-2 * subject.w, -2 * subject.h), corner)
        scene.board.pan(target[0] - subject.centerx, target[1] - subject.centery)
        scene.rebuild()
        subject, dialog = scene.subject_rect(decision), scene.dialog.window.rect
        assert not dialog.colliderect(subject), f"{corner} at {size}: {dialog} covers {subject}"
        assert not scene.combat_rect.colliderect(subject), f"{corner} at {size}: the event panel covers {subject}"
