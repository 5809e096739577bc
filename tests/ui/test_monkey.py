"""A seeded monkey: thousands of random clicks, keys, wheels and drags on a running game."""

import itertools
import os
import random

import pygame
import pytest
from pygame_gui.elements import UIButton

from civgame.ai.levels import make_agent
from civgame.ai.types import Agent
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui import computer_turns
from civgame.ui.game_scene import GameScene
from civgame.ui.sidmeier.scene import SidMeierScene
from tests.ui.conftest import close_window, open_window

GAME_SCENES = (GameScene, SidMeierScene)  # the game screens of both games
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


class DecidingAtOnce:
    """Stands in for the computer players' worker process: a Random player per computer seat decides in this
    process as soon as it is asked. The worker takes seconds to start on a busy machine and Normal and Hard
    search for a set time, so with it the machine's load would decide which moves the monkey sees."""

    def __init__(self, rules) -> None:
        self.agents: dict[int, Agent] | None = None
        self.chosen: Action | None = None

    def prepare(self) -> None:
        pass

    def ask(self, game: Game, actions) -> None:
        if self.agents is None:  # seeded by game and seat, as the worker's players are
            seats = [p.index for p in game.players if p.seat != "human"]
            self.agents = {seat: make_agent("random", f"{game.seed}:{seat}") for seat in seats}
        self.chosen = self.agents[game.actor()].choose(game, actions)

    def answer(self) -> Action | None:
        chosen, self.chosen = self.chosen, None
        return chosen

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def close(self) -> None:
        pass


@pytest.fixture
def on_steps(monkeypatch):
    """Everything the monkey sees happens on its steps, never on the machine's clock."""
    monkeypatch.setattr(computer_turns, "ThinkingProcess", DecidingAtOnce)
    monkeypatch.setattr(computer_turns, "MOVE_PAUSES", dict.fromkeys(computer_turns.MOVE_PAUSES, 0.0))


def play(app, seed: int, steps: int) -> tuple[int, list[tuple[str, int, int, int]]]:
    """`steps` random inputs; returns the actions played and, per step, the screen, its game's seed and history
    length (-1 off a game) and how many buttons it offers."""
    rng = random.Random(seed)
    app.settings.animation_speed = "off"  # no animation paced by the machine's clock
    ticks = itertools.count()
    app.start_game(new_game(["Anna", "Ben"], 11))
    app.pump()
    longest: dict[
        int, tuple[GameScene | SidMeierScene, int]
    ] = {}  # per game screen: the longest history seen (undo shortens it)
    log = []
    for _ in range(steps):
        if not app.running:  # the monkey pressed Quit on the title screen
            app.running = True
            app.show_title()
        if isinstance(app.scene, GAME_SCENES):  # tooltips wait on a clock of input steps, not of the machine
            app.scene.clock = lambda: next(ticks) / 60
        for event in random_event(rng, app):
            pygame.event.post(event)
        app.pump()
        game_seed, history = -1, -1
        if isinstance(app.scene, GAME_SCENES):
            scene = app.scene
            game_seed, history = scene.game.seed, len(scene.game.history)
            longest[id(scene)] = (scene, max(longest.get(id(scene), (scene, 0))[1], history))
        log.append((type(app.scene).__name__, game_seed, history, len(live_buttons(app))))
    return sum(count for _, count in longest.values()), log


@pytest.mark.parametrize("seed", [20240601, 20240602])  # two halves, so that test workers share the load
def test_two_thousand_random_inputs_never_crash_the_window(app, on_steps, seed):
    played, _ = play(app, seed, EVENTS // 2)
    assert played >= 15, f"the monkey should have played a fair number of actions, played {played}"


def test_the_monkey_plays_alike_whatever_ran_before_it_in_the_process(tmp_path, monkeypatch, on_steps):
    """What the monkey does follows from its seed alone. A game started without a seed once took it from the
    process's shared generator, so the tests run before decided which game the monkey played; seed 31 starts
    such a game within its first 60 inputs (the title screen offers both games)."""
    monkeypatch.setenv("CIVGAME_MODS_DIR", str(tmp_path / "mods"))
    shared = random.getstate()
    logs = []
    try:
        for run in (1, 2):  # the second after the first, and each with the shared generator left otherwise
            random.seed(run)
            window = open_window(tmp_path / f"run{run}")
            try:
                logs.append(play(window, 31, 60)[1])
            finally:
                close_window(window)
    finally:
        random.setstate(shared)
    assert any(game_seed not in (-1, 11) for _, game_seed, _, _ in logs[0]), "no game started on the new-game screen"
    assert logs[1] == logs[0]
