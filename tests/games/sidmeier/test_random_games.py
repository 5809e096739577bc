"""Seeded random games: every action is checked as a person's would be and the invariants hold after
every one; every game ends with a winner; the same seed plays the same game. (500 games in the slow
suite.)"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.invariants import InvariantChecker
from civgame.framework.play import play_out
from civgame.games import definition
from civgame.headless import KindRandomAgent

SIDMEIER = definition("sid-meier")
# every action checked by its rule as a person's would be, although it was just listed
CHECKED = dataclasses.replace(SIDMEIER, apply=lambda game, action: SIDMEIER.apply(game, action, listed=False))
MAX_STEPS = 50_000


def play_checked(players: int, seed: int, **options: object) -> Any:
    """A random game, every action checked as a person's, the invariants (and no action listed twice)
    after every action, and a save made and loaded back once."""
    game = SIDMEIER.new_game(players, seed, **options)
    agents = [KindRandomAgent(f"{seed}:{seat}") for seat in range(players)]
    checker = InvariantChecker(SIDMEIER, f"seed {seed}", save_at_step=500)
    play_out(CHECKED, game, agents, max_steps=MAX_STEPS, observer=checker)
    assert checker.saved
    return game


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_games_keep_the_invariants_and_end_with_a_winner(players, seed):
    game = play_checked(players, seed)
    outcome = SIDMEIER.outcome(game)
    assert SIDMEIER.is_over(game) and outcome.winners and "victory" in outcome.reason


def test_the_same_seed_plays_the_same_game():
    games = [SIDMEIER.new_game(2, 4) for _ in range(2)]
    for game in games:
        play_out(SIDMEIER, game, [KindRandomAgent(f"4:{seat}") for seat in range(2)], max_steps=MAX_STEPS)
    assert to_plain(games[0]) == to_plain(games[1])


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(500))
def test_many_random_games(seed):
    game = play_checked(2 + seed % 3, 1000 + seed)
    assert SIDMEIER.outcome(game).winners
