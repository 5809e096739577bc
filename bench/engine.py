"""Engine benchmark: full 4-player random games, actions per second, and the time to list the
legal actions in late-game states (ages 5 and 6), over the fixed seeds of bench.common.SEEDS; and
look-ahead playouts as computer players run them (copies of games in progress played on at random).
Times are process CPU time, so that other work on the machine does not inflate them.

    python -m bench.engine              # the figures
    python -m bench.engine --profile    # and the 25 functions with the most own time (cProfile)
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Sequence

from bench.common import PLAYERS, SEEDS, Figure, median, percentile, table
from civgame.ai import play_game, play_steps, random_agents
from civgame.ai.playout import playout
from civgame.engine.core.copying import copy_game
from civgame.engine.core.model import Game
from civgame.engine.rules.controller import legal_actions
from civgame.engine.rules.setup import new_game

GAME_TARGET = 1.0  # seconds per full random game
ENUMERATION_TARGET = 0.002  # seconds, p99
ACTIONS_TARGET = 10_000  # actions per second in random play: enough for a search to look a few games ahead
PLAYOUT_START = 120  # random actions into each benchmark game before the playouts start from it
PLAYOUTS, PLAYOUT_STEPS = 20, 40  # per game: copies played on, and random actions in each


class _EnumerationTimer:
    """Observer: times a second, separate `legal_actions` call on every late-game state."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.spent = 0.0  # time spent here, taken off the game's time

    def __call__(self, game: Game, _action: object) -> None:
        entered = time.process_time()
        if game.phase != "over" and game.age >= game.rules.game.ages - 1:
            start = time.process_time()
            legal_actions(game)
            self.times.append(time.process_time() - start)
        self.spent += time.process_time() - entered


def run(seeds: Sequence[int] = SEEDS) -> list[Figure]:
    new_game(PLAYERS, seeds[0])  # load the rules and every rule module before timing
    game_times, actions = [], 0
    timer = _EnumerationTimer()
    for seed in seeds:
        spent_before = timer.spent
        start = time.process_time()
        game = play_game(PLAYERS, seed, random_agents(PLAYERS, seed), observer=timer)
        game_times.append(time.process_time() - start - (timer.spent - spent_before))
        actions += len(game.history)
    games = f"{len(seeds)} games"
    return [
        Figure("engine: full 4-player random game (median)", median(game_times), "s", GAME_TARGET, games),
        Figure("engine: full 4-player random game (slowest)", max(game_times), "s", GAME_TARGET, games),
        Figure(
            "engine: actions per second", actions / sum(game_times), "/s", ACTIONS_TARGET, f"{actions} actions", True
        ),
        *_playouts(seeds),
        Figure(
            "engine: legal actions, late game (median)", median(timer.times), "s", None, f"{len(timer.times)} states"
        ),
        Figure(
            "engine: legal actions, late game (p99)",
            percentile(timer.times, 0.99),
            "s",
            ENUMERATION_TARGET,
            f"max {max(timer.times) * 1000:.1f} ms",
        ),
    ]


def _playouts(seeds: Sequence[int]) -> list[Figure]:
    """Actions per second of look-ahead playouts (`civgame.ai.playout`), copying the game included;
    and the time to copy the game each playout starts from."""
    played, spent, copies = 0, 0.0, []
    for seed in seeds:
        game = play_steps(new_game(PLAYERS, seed), random_agents(PLAYERS, seed), PLAYOUT_START)
        rng = random.Random(seed)
        start = time.process_time()
        for _ in range(PLAYOUTS):
            played += playout(copy_game(game, with_record=False), rng, PLAYOUT_STEPS)
        spent += time.process_time() - start
        for _ in range(PLAYOUTS):
            start = time.process_time()
            copy_game(game, with_record=False)
            copies.append(time.process_time() - start)
    return [
        Figure("engine: playout actions per second", played / spent, "/s", None, f"{played} actions, copies too"),
        Figure("engine: copy of a game in progress (median)", median(copies), "s", None, f"{len(copies)} copies"),
    ]


def profile(seeds: Sequence[int] = SEEDS, top: int = 25) -> None:
    """Play the benchmark games under cProfile and print the functions with the most own time."""
    new_game(PLAYERS, seeds[0])
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in seeds:
        play_game(PLAYERS, seed, random_agents(PLAYERS, seed))
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of the games")
    args = parser.parse_args(argv)
    print(table(run()))
    if args.profile:
        profile()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
