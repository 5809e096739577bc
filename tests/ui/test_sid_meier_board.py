"""Sid Meier's square map (dragging it moves the picture drawn once per view and zoom) and its sounds."""

import pygame

from civgame.games import definition
from civgame.headless import KindRandomAgent
from civgame.ui.sidmeier.board import Marks, SquareBoard

GAME = definition("sid-meier")


def drawn(board, view):
    surface = pygame.Surface((900, 700))
    board.draw(surface, view, {}, Marks(hover=40, targets={3, 70}))
    return pygame.image.tobytes(surface, "RGB")


def test_dragging_the_map_moves_its_picture_without_drawing_the_map_again(monkeypatch):
    pygame.init()
    game = GAME.new_game(4, 2)
    agents = [KindRandomAgent(i) for i in range(4)]
    for _ in range(600):
        GAME.apply(game, agents[game.actor()].choose(game, GAME.legal_actions(game)))
    view = GAME.view_for(game, 0)
    rect, size = pygame.Rect(50, 40, 800, 600), (game.width, game.height, game.rules.map.tile_size)
    dragged = SquareBoard(rect, *size)
    dragged.zoom(1.6)
    drawn(dragged, view)
    maps = []
    draw_map = SquareBoard._draw_map
    monkeypatch.setattr(SquareBoard, "_draw_map", lambda self, *args: (maps.append(1), draw_map(self, *args)))
    for step in ((37.3, 12.6), (-120.0, 55.2), (9.0, -9.0)):
        dragged.pan(*step)
        picture = drawn(dragged, view)
    assert maps == []
    fresh = SquareBoard(rect, *size)
    fresh.cell, fresh.origin = dragged.cell, dragged.origin
    assert drawn(fresh, view) == picture  # the same map as one drawn where it now lies
    dragged.zoom(1.2)
    drawn(dragged, view)
    assert maps == [1, 1]  # a new zoom draws the map anew (the fresh board drew it once too)


def test_the_moments_of_sid_meier_s_game_call_for_their_effects():
    from civgame.ui.sidmeier.sounds import Moment, cues

    game = GAME.new_game(4, 3)
    agents = [KindRandomAgent(i) for i in range(4)]
    heard: dict[str, list[str]] = {}
    while not GAME.is_over(game) and len(game.history) < 3000:
        before, moment = game.turn, Moment.of(game)
        action = agents[game.actor()].choose(game, GAME.legal_actions(game))
        GAME.apply(game, action)
        effects = cues(moment, game)
        for name in effects:
            heard.setdefault(name, []).append(action.KIND)
        assert ("end_turn" in effects) == (game.turn != before)
    assert "place_capital" in heard["build"]
    assert set(heard) == {"battle", "event", "build", "card", "end_turn"}


def test_an_action_in_the_window_plays_its_effect(app, monkeypatch):
    from tests.ui.test_sid_meier import start

    played = []
    monkeypatch.setattr(app.sounds, "play", lambda name: played.append(name) or True)
    scene = start(app)
    scene.perform(GAME.legal_actions(scene.game)[0])  # the first player places their capital
    assert played == ["build"]
