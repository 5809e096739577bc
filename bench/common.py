"""Shared pieces of the benchmarks: the seeds, late-game states, and (from civgame.measures) figures
with targets, percentiles and the table."""

from __future__ import annotations

from civgame.ai import play_game, random_agents
from civgame.games.clash.core.model import Game
from civgame.games.clash.storage.save import dumps, loads
from civgame.measures import Failure, Figure, median, percentile, table

__all__ = [
    "LATE_GAME_SEED",
    "PLAYERS",
    "SEEDS",
    "Failure",
    "Figure",
    "late_game_state",
    "median",
    "percentile",
    "table",
]

# The seeds every engine benchmark plays: fixed, so that runs compare like with like.
SEEDS = tuple(range(1, 9))
LATE_GAME_SEED = 3
PLAYERS = 4


class _Captured(Exception):
    def __init__(self, game: Game):
        self.game = game


def late_game_state(seed: int = LATE_GAME_SEED, players: int = PLAYERS) -> Game:
    """A seeded random game in the last round of its last age, with nothing pending.

    The copy goes through a save and back, which also keeps it independent of the game that
    went on being played.
    """

    def capture(game: Game, _action: object) -> None:
        rules = game.rules.game
        if game.phase == "play" and game.age == rules.ages and game.round == rules.rounds_per_age and not game.pending:
            raise _Captured(loads(dumps(game)))

    try:
        play_game(players, seed, random_agents(players, seed), observer=capture)
    except _Captured as captured:
        return captured.game
    raise RuntimeError(f"seed {seed}: the game ended without a last-round state with nothing pending")
