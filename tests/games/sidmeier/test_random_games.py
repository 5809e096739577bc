"""Seeded random games: every action is checked as a person's would be and the invariants hold after
every one; every game ends with a winner; the same seed plays the same game. (500 games in the slow
suite.)"""

from __future__ import annotations

import pytest

from civgame.framework.codec import to_plain
from civgame.games import definition
from civgame.headless import RandomAgent, play

SIDMEIER = definition("sid-meier")


def play_checked(players: int, seed: int) -> object:
    game = SIDMEIER.new_game(players, seed)
    agents = [RandomAgent(f"{seed}:{seat}") for seat in range(players)]

    def observe(game, action):
        problems = SIDMEIER.check_invariants(game)
        assert not problems, f"after {action!r}: {problems}"

    return play(SIDMEIER, game, agents, observer=observe)


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_games_keep_the_invariants_and_end_with_a_winner(players, seed):
    game = play_checked(players, seed)
    outcome = SIDMEIER.outcome(game)
    assert SIDMEIER.is_over(game) and outcome.winners and "victory" in outcome.reason


def test_the_same_seed_plays_the_same_game():
    games = [SIDMEIER.new_game(2, 4) for _ in range(2)]
    for game in games:
        play(SIDMEIER, game, [RandomAgent(f"4:{seat}") for seat in range(2)])
    assert to_plain(games[0]) == to_plain(games[1])


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(500))
def test_many_random_games(seed):
    game = play_checked(2 + seed % 3, 1000 + seed)
    assert SIDMEIER.outcome(game).winners
