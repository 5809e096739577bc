"""A seeded monkey: thousands of random clicks, keys, wheels and drags on a running game."""

import itertools
import os
import random

import pygame
import pytest
from pygame_gui.elements import UIButton

from civgame.engine.rules.setup import new_game
from civgame.ui.game_scene import GameScene

EVENTS = int(os.environ.get("MONKEY_EVENTS", "2000"))  # lower it locally for a quick run
KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_HOME,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_a,
    pygame.K_1,
    pygame.K_BACKSPACE,
    pygame.K_TAB,
)


def live_buttons(app) -> list[UIButton]:
    return [
        b
        for b in app.manager.get_sprite_group().sprites()
        if isinstance(b, UIButton) and b.alive() and b.visible and b.is_enabled
    ]


def random_event(rng: random.Random, app) -> list[pygame.event.Event]:
    w, h = app.screen.get_size()
    roll = rng.random()
    buttons = live_buttons(app)
    if roll < 0.5 and buttons:
        pos = rng.choice(buttons).rect.center
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    pos = (rng.randrange(w), rng.randrange(h))
    if roll < 0.78:
        button = rng.choice((1, 1, 1, 3))
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if roll < 0.88:
        key = rng.choice(KEYS)
        return [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
        ]
    if roll < 0.94:
        y = rng.choice((-1, 1))
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)),
        ]
    end = (min(w - 1, pos[0] + rng.randint(-80, 80)), min(h - 1, max(0, pos[1] + rng.randint(-80, 80))))
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(end[0] - pos[0], end[1] - pos[1]), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    ]


@pytest.mark.parametrize("seed", [20240601, 20240602])  # two halves, so that test workers share the load
def test_two_thousand_random_inputs_never_crash_the_window(app, seed):
    rng = random.Random(seed)
    app.settings.animation_speed = "off"  # no animation paced by the machine's clock
    ticks = itertools.count()
    app.start_game(new_game(["Anna", "Ben"], 11))
    app.pump()
    longest: dict[int, tuple[GameScene, int]] = {}  # per game screen: the longest history seen (undo shortens it)
    for _ in range(EVENTS // 2):
        if not app.running:  # the monkey pressed Quit on the title screen
            app.running = True
            app.show_title()
        if isinstance(app.scene, GameScene):  # tooltips wait on a clock of input steps, not of the machine
            app.scene.clock = lambda: next(ticks) / 60
        for event in random_event(rng, app):
            pygame.event.post(event)
        app.pump()
        if isinstance(app.scene, GameScene):
            scene = app.scene
            longest[id(scene)] = (scene, max(longest.get(id(scene), (scene, 0))[1], len(scene.game.history)))
    played = sum(count for _, count in longest.values())
    assert played >= 15, f"the monkey should have played a fair number of actions, played {played}"
