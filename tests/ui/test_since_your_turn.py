"""What the computers did: while they play the side panel keeps the person's board; afterwards a "since your
turn" summary lists each opponent's moves, each shown on the map with a click; the whole log can be
enlarged over the map and scrolled."""

import pygame

from civgame.games.clash.core.actions import EndTurn
from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui.game_scene import GameScene
from tests.ui.conftest import click, click_button, press_key


def play_until_the_person_acts(app, scene) -> None:
    while scene.computer_to_act:
        assert scene.panel_board() == (0, True)  # the person's own board, while the computer plays
        scene.computers.wait(5.0)
        app.pump()


def against_a_computer(app) -> GameScene:
    app.settings.animation_speed = "off"
    game = new_game(["Anna", "Ben"], 5)
    game.players[1].seat = "easy"
    app.switch(GameScene(app, game))
    scene = app.scene
    scene.computers.faster = True
    play_until_the_person_acts(app, scene)
    if scene.dialog is not None and scene.dialog.window.window_display_title == "Since your turn":
        scene.close_dialog()
    if scene.game.current != 0:
        scene.perform(EndTurn())
    return scene


def test_after_the_computers_turn_a_summary_lists_its_moves_and_shows_each_on_the_map(app):
    scene = against_a_computer(app)
    game = scene.game
    log_before = len(game.log)
    scene.perform(EndTurn())
    play_until_the_person_acts(app, scene)
    summary = scene.dialog
    assert summary is not None and summary.window.window_display_title == "Since your turn"
    ben = [line for line in game.log[log_before:] if line.startswith("Ben ")]
    assert ben and all(line in summary.labels() for line in ben)
    placed = next(button for button, option in summary.buttons.items() if option.enabled)
    space = next(iter(summary.buttons[placed].choose.args[0]))
    click_button(app, placed)
    assert scene.dialog is summary  # the list stays open
    assert scene.shown_spaces and space in scene._overlay(0).highlights
    x, y = scene.board.centre(space)
    assert abs(x - scene.board.rect.centerx) < 2 and abs(y - scene.board.rect.centery) < 2
    scene.close_dialog()
    scene.open_game_menu()
    click_button(app, scene.dialog.button_for("What the others did since your turn"))
    assert scene.dialog.window.window_display_title == "Since your turn"


def test_the_whole_log_opens_over_the_map_and_scrolls(app):
    scene = against_a_computer(app)
    game = scene.game
    game.log.extend(f"Line {i} of a long game" for i in range(300))
    click(app, scene.panel.log_rect.center)  # a click on the side panel's log enlarges it
    view = scene.log_view
    assert view is not None and scene.board.rect.contains(view.rect)
    lines = view.lines(scene.shown_log())
    assert len(lines) >= len(game.log) and lines[-1] == "Line 299 of a long game"
    assert view.first(scene.shown_log()) == len(lines) - view.visible()  # the newest lines
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    app.pump()
    assert view.first(scene.shown_log()) == len(lines) - view.visible() - 6
    press_key(app, pygame.K_HOME)
    assert view.first(scene.shown_log()) == 0  # the first line of the game, in full
    press_key(app, pygame.K_END)
    assert view.top is None
    before = len(game.history)
    click(app, view.rect.center)  # the map under it does not react
    assert len(game.history) == before and scene.dialog is None
    press_key(app, pygame.K_ESCAPE)
    assert scene.log_view is None
    press_key(app, pygame.K_l)
    assert scene.log_view is not None
    click_button(app, scene.action_buttons["close_log"])
    assert scene.log_view is None
