"""Engine benchmark: full 4-player random games, actions per second, and the time to list the
legal actions in late-game states (ages 5 and 6), over the fixed seeds of bench.common.SEEDS; and
look-ahead playouts as computer players run them (copies of games in progress played on at random).
Times are process CPU time, so that other work on the machine does not inflate them. The games are
played as computer players play them: an action just listed is applied without its rule's second check
(`apply(..., listed=True)`); `--by-rule` shows what that check costs.

    python -m bench.engine              # the figures
    python -m bench.engine --profile    # and the 25 functions with the most own time (cProfile)
    python -m bench.engine --by-rule    # and the time each rule's listing and each action kind's apply take
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
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base.registry import RULES
from civgame.games.clash.rules.flow.controller import apply, legal_actions, rules_for
from civgame.games.clash.rules.flow.setup import new_game

GAME_TARGET = 1.0  # seconds per full random game
ENUMERATION_TARGET = 0.002  # seconds, p99
ACTIONS_TARGET = 10_000  # actions per second in random play and in playouts: enough for a search to look ahead
# The games and the playouts are each played this many times, and their speed is the median: one round
# takes half a second, and a shared virtual machine's single rounds of the same code spread by ±15 %.
ROUNDS = 3
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
    game_times: list[float] = []
    rates: list[float] = []  # actions per second of each round of the games
    actions = 0
    timer = _EnumerationTimer()
    for round_number in range(ROUNDS):
        round_time, actions = 0.0, 0
        for seed in seeds:
            spent_before = timer.spent
            start = time.process_time()
            observer = timer if round_number == 0 else None  # late-game listings are timed once
            game = play_game(PLAYERS, seed, random_agents(PLAYERS, seed), observer=observer, recheck=False)
            game_times.append(time.process_time() - start - (timer.spent - spent_before))
            round_time += game_times[-1]
            actions += len(game.history)
        rates.append(actions / round_time)
    games = f"{len(seeds)} games, {ROUNDS} times"
    return [
        Figure("engine: full 4-player random game (median)", median(game_times), "s", GAME_TARGET, games),
        Figure("engine: full 4-player random game (slowest)", max(game_times), "s", GAME_TARGET, games),
        Figure(
            "engine: actions per second",
            median(rates),
            "/s",
            ACTIONS_TARGET,
            f"{actions} actions, median of {ROUNDS}: {_spread(rates)}",
            True,
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
    starts = [play_steps(new_game(PLAYERS, seed), random_agents(PLAYERS, seed), PLAYOUT_START) for seed in seeds]
    rates, copies = [], []
    for _ in range(ROUNDS):
        played, spent = 0, 0.0
        for seed, game in zip(seeds, starts, strict=True):
            rng = random.Random(seed)
            start = time.process_time()
            for _ in range(PLAYOUTS):
                played += playout(copy_game(game, with_record=False), rng, PLAYOUT_STEPS)
            spent += time.process_time() - start
        rates.append(played / spent)
    for game in starts:
        for _ in range(PLAYOUTS):
            start = time.process_time()
            copy_game(game, with_record=False)
            copies.append(time.process_time() - start)
    return [
        Figure(
            "engine: playout actions per second",
            median(rates),
            "/s",
            ACTIONS_TARGET,
            f"{played} actions, copies too, median of {ROUNDS}: {_spread(rates)}",
            True,
        ),
        Figure("engine: copy of a game in progress (median)", median(copies), "s", None, f"{len(copies)} copies"),
    ]


def _spread(rates: Sequence[float]) -> str:
    return f"{min(rates):,.0f}-{max(rates):,.0f}"


def profile(seeds: Sequence[int] = SEEDS, top: int = 25) -> None:
    """Play the benchmark games under cProfile and print the functions with the most own time."""
    new_game(PLAYERS, seeds[0])
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in seeds:
        play_game(PLAYERS, seed, random_agents(PLAYERS, seed), recheck=False)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def by_rule(seeds: Sequence[int] = SEEDS) -> None:
    """Play the benchmark games listing rule by rule, and print where listing and applying spend their time
    (wall clock: the process clock costs more to read than the shortest listings take)."""
    listing: dict[str, list[float]] = {}  # kind -> [seconds, calls, actions listed]
    applying: dict[str, list[float]] = {}  # kind -> [seconds, actions applied, seconds checking]
    steps, choosing = 0, 0.0
    for seed in seeds:
        game = new_game(PLAYERS, seed)
        agents = random_agents(PLAYERS, seed)
        while game.phase != "over":
            actions = []
            for r in rules_for(game):
                start = time.perf_counter()
                found = r.legal(game)
                row = listing.setdefault(r.action.KIND, [0.0, 0, 0])
                row[0] += time.perf_counter() - start
                row[1] += 1
                row[2] += len(found)
                actions.extend(found)
            start = time.perf_counter()
            action = agents[game.actor()].choose(game, actions)
            choosing += time.perf_counter() - start
            row = applying.setdefault(action.KIND, [0.0, 0, 0.0])
            check = RULES[type(action)].check
            if check is not None:  # what a human's action costs on top, never paid in random play
                start = time.perf_counter()
                check(game, action)
                row[2] += time.perf_counter() - start
            start = time.perf_counter()
            apply(game, action, listed=True)
            row[0] += time.perf_counter() - start
            row[1] += 1
            steps += 1
    listed = sum(row[0] for row in listing.values())
    applied = sum(row[0] for row in applying.values())
    print(
        f"{steps} actions: listing {listed / steps * 1e6:.0f} µs, applying {applied / steps * 1e6:.0f} µs, "
        f"choosing {choosing / steps * 1e6:.0f} µs per action"
    )
    print(f"\n{'listing':28} {'total ms':>9} {'calls':>7} {'µs/call':>8} {'listed':>7}")
    for kind, (spent, calls, found) in sorted(listing.items(), key=lambda item: -item[1][0]):
        print(f"{kind:28} {spent * 1000:9.1f} {calls:7.0f} {spent / calls * 1e6:8.1f} {found / calls:7.1f}")
    print(f"\n{'applying (listed actions)':28} {'total ms':>9} {'actions':>7} {'µs/each':>8} {'check µs':>8}")
    for kind, (spent, count, checking) in sorted(applying.items(), key=lambda item: -item[1][0]):
        checked = f"{checking / count * 1e6:8.1f}" if checking else f"{'-':>8}"
        print(f"{kind:28} {spent * 1000:9.1f} {count:7.0f} {spent / count * 1e6:8.1f} {checked}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of the games")
    parser.add_argument("--by-rule", action="store_true", help="also print the time each rule lists and applies")
    args = parser.parse_args(argv)
    print(table(run()))
    if args.profile:
        profile()
    if args.by_rule:
        by_rule()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
