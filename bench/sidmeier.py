"""Sid Meier's Civilization benchmark: full 4-player random games (the kind-weighted random player that
headless play uses), their CPU time and actions per second, and the time to list the legal actions.
Games are played as computer players play them: an action just listed is applied without its rule's
second check (`apply(..., listed=True)`). Times are process CPU time.

    python -m bench sid-meier
"""

from __future__ import annotations

import time

from bench.common import Figure, median, percentile
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.flow.controller import apply, legal_actions, new_game
from civgame.headless import KindRandomAgent

SEEDS = tuple(range(1, 9))
# The busiest board of the benchmark's games: seed 1 after 4,546 actions, 33 figures, 10 cities and 45
# buildings, wonders and great people on the map (the most of seeds 1-5; `python -m bench.render` draws it).
BUSIEST = (1, 4546)
# With both expansions: seed 4 after 3,462 actions, 8 figures, 5 cities and 40 buildings, wonders and great
# people on the map, investments and wonders on the player boards (the most of seeds 1-5 played with both).
EXPANSIONS = ("fame-and-fortune", "wisdom-and-warfare")
BUSIEST_WITH_EXPANSIONS = (4, 3462)
PLAYERS = 4
ROUNDS = 3
GAME_TARGET = 1.0  # seconds per full random game
ACTIONS_TARGET = 10_000  # actions per second
LISTING_TARGET = 0.002  # seconds, p99


def play(seed: int, listings: list[float] | None = None) -> int:
    """One seeded 4-player random game; the number of actions it took."""
    game = new_game(PLAYERS, seed)
    agents = [KindRandomAgent(f"{seed}:{seat}") for seat in range(PLAYERS)]
    while game.phase != "over":
        if listings is not None:
            start = time.process_time()
            actions = legal_actions(game)
            listings.append(time.process_time() - start)
        else:
            actions = legal_actions(game)
        apply(game, agents[game.actor()].choose(game, actions), listed=True)
    return len(game.history)


def busiest_state(expansions: bool = False) -> Game:
    """The benchmark's game of `BUSIEST[0]` after `BUSIEST[1]` actions of its random players; with
    `expansions`, the game of both expansions `BUSIEST_WITH_EXPANSIONS` gives."""
    seed, actions = BUSIEST_WITH_EXPANSIONS if expansions else BUSIEST
    game = new_game(PLAYERS, seed, expansions=EXPANSIONS if expansions else ())
    agents = [KindRandomAgent(f"{seed}:{seat}") for seat in range(PLAYERS)]
    for _ in range(actions):
        apply(game, agents[game.actor()].choose(game, legal_actions(game)), listed=True)
    return game


def run() -> list[Figure]:
    new_game(PLAYERS, SEEDS[0])  # the rules loaded before anything is timed
    times: list[float] = []
    rates: list[float] = []
    actions = 0
    for _ in range(ROUNDS):
        spent, actions = 0.0, 0
        for seed in SEEDS:
            start = time.process_time()
            actions += play(seed)
            times.append(time.process_time() - start)
            spent += times[-1]
        rates.append(actions / spent)
    listings: list[float] = []
    play(SEEDS[0], listings)
    games = f"{len(SEEDS)} games, {ROUNDS} times"
    return [
        Figure("sid-meier: full 4-player random game (median)", median(times), "s", GAME_TARGET, games),
        Figure("sid-meier: full 4-player random game (slowest)", max(times), "s", GAME_TARGET, games),
        Figure("sid-meier: actions per second", median(rates), "/s", ACTIONS_TARGET, f"{actions} actions", True),
        Figure(
            "sid-meier: legal actions (p99)",
            percentile(listings, 0.99),
            "s",
            LISTING_TARGET,
            f"{len(listings)} states, median {median(listings) * 1e6:.0f} µs",
        ),
    ]


if __name__ == "__main__":
    from bench.common import table

    print(table(run()))
