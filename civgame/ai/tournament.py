"""Tournament of the computer players: seeded games between levels, win rates against the targets,
an Elo-style table and how long each level thinks per decision.

    civgame tournament                          # the three target match-ups, 20 games each
    civgame tournament --games 4 --only normal-random
    civgame tournament --lineup hard,easy,easy  # any line-up of random, easy, normal, hard
    civgame tournament --only evaluation        # Hard's evaluation against Normal's in equal time

(`python -m bench.ai` is the same command.)

In each match-up the first level of the line-up is measured; it changes seat every game so that
no seat order favours it. A shared first place counts as a share of a win. Games run in parallel
worker processes (one per CPU by default); times are wall-clock per decision with more than one
legal action, as a player waits for them.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import cast

from civgame.ai import play_out
from civgame.ai.agents import NORMAL_SEARCH, SearchAgent
from civgame.ai.evaluation import HARD_WEIGHTS
from civgame.ai.levels import LEVELS, make_agent
from civgame.ai.loops import LONG_GAME_ACTIONS, CircleGuard
from civgame.ai.types import Agent
from civgame.games.clash.content.ruleset import DEFAULT_RULESET, named_ruleset
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game, Seat
from civgame.games.clash.rules.base.scoring import scores
from civgame.games.clash.rules.flow.setup import new_game
from civgame.measures import Figure, median, percentile, table


@dataclass(frozen=True)
class Matchup:
    name: str
    lineup: tuple[str, ...]  # the measured level first
    target: float | None  # its win rate should reach this


MATCHUPS: dict[str, Matchup] = {
    "normal-random": Matchup("Normal vs three Random (4 players)", ("normal", "random", "random", "random"), 0.95),
    "normal-easy": Matchup("Normal vs three Easy (4 players)", ("normal", "easy", "easy", "easy"), 0.70),
    "hard-normal": Matchup("Hard vs Normal (2 players)", ("hard", "normal"), 0.60),
    # Not a target of the levels: whether Hard's evaluation alone plays better than Normal's.
    "evaluation": Matchup("Hard's evaluation vs Normal's in Normal's time (2 players)", ("hard-eval", "normal"), 0.50),
}
TARGETS = ("normal-random", "normal-easy", "hard-normal")  # the match-ups played unless told otherwise
# Players the tournament fields besides the levels, to measure one part of a level on its own.
TRIALS: dict[str, Callable[[int | str], Agent]] = {
    "hard-eval": lambda seed: CircleGuard(SearchAgent(seed, replace(NORMAL_SEARCH, weights=HARD_WEIGHTS))),
}
# The level each trial player is a variant of: the seat it is recorded as.
TRIAL_SEATS: dict[str, Seat] = {"hard-eval": "normal"}
PLAYERS = (*LEVELS, *TRIALS)
# Seconds per decision: (median, p99) targets by level.
THINKING_TARGETS: dict[str, tuple[float | None, float | None]] = {"normal": (0.5, 2.0), "hard": (2.0, None)}
ELO_ANCHOR = ("random", 1000.0)


@dataclass
class GameResult:
    levels: list[str]  # by seat
    totals: list[float]  # victory points by seat
    winners: list[int]
    thinking: dict[str, list[float]] = field(default_factory=dict)  # level -> seconds per decision


class _Timed:
    """An agent that records how long each real choice (more than one legal action) takes."""

    def __init__(self, agent: Agent, times: list[float]) -> None:
        self.agent, self.times = agent, times

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.agent.choose(game, actions)
        if len(actions) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def seating(lineup: tuple[str, ...], seed: int) -> list[str]:
    """The levels by seat: the line-up turned so that its first level sits at seat `seed % players`."""
    shift = seed % len(lineup)
    return list(lineup[-shift:] + lineup[:-shift]) if shift else list(lineup)


def play_one(
    lineup: tuple[str, ...], seed: int, ruleset: str = DEFAULT_RULESET, study: Path | None = None
) -> GameResult:
    """One seeded game of the line-up, seated by `seating`, with the rules of `ruleset` (a folder of rules_data);
    a long one saved for study in `study`."""
    count = len(lineup)
    levels = seating(lineup, seed)
    thinking: dict[str, list[float]] = {level: [] for level in levels}
    agents = [_Timed(_player(level, f"{seed}:{seat}"), thinking[level]) for seat, level in enumerate(levels)]
    game = new_game(count, seed, named_ruleset(ruleset))
    for player, level in zip(game.players, levels, strict=True):  # computer seats all: no trade offers to people
        player.seat = TRIAL_SEATS.get(level) or cast(Seat, level)
    game = play_out(game, agents, study=study)
    return GameResult(levels, [sheet["total"] for sheet in scores(game)], list(game.winner), thinking)


def _player(name: str, seed: str) -> Agent:
    """A computer player of a level, or one of the trial players."""
    return TRIALS[name](seed) if name in TRIALS else make_agent(name, seed)


def win_share(result: GameResult, level: str) -> float:
    """The share of the win that seats of `level` took (a tie for first splits it)."""
    return sum(1 for seat in result.winners if result.levels[seat] == level) / len(result.winners)


def elo(results: Sequence[GameResult]) -> dict[str, float]:
    """Ratings fitted to every pair of seats of different levels in every game (the higher total
    beats the lower; equal totals draw), anchored so that Random is 1000."""
    pairs: list[tuple[str, str, float]] = []
    for result in results:
        for a, b in itertools.combinations(range(len(result.levels)), 2):
            if result.levels[a] != result.levels[b]:
                a_total, b_total = result.totals[a], result.totals[b]
                outcome = 1.0 if a_total > b_total else 0.0 if a_total < b_total else 0.5
                pairs.append((result.levels[a], result.levels[b], outcome))
    ratings = {level: 0.0 for pair in pairs for level in pair[:2]}
    for _ in range(500):  # gradient ascent on the logistic likelihood
        # Each level also draws one game against a level rated 0: without it, a level that
        # won every game would climb without end.
        step = {level: 0.5 - _expected(rating, 0.0) for level, rating in ratings.items()}
        for winner, loser, outcome in pairs:
            surprise = outcome - _expected(ratings[winner], ratings[loser])
            step[winner] += surprise
            step[loser] -= surprise
        for level in ratings:
            ratings[level] += 32 * step[level] / max(1, len(pairs)) * len(ratings)
    anchor, at = ELO_ANCHOR
    shift = at - ratings.get(anchor, 0.0)
    return {level: rating + shift for level, rating in sorted(ratings.items(), key=lambda item: -item[1])}


def _expected(rating: float, other: float) -> float:
    """The expected score of a player rated `rating` against one rated `other`."""
    return 1 / (1 + 10 ** ((other - rating) / 400))


def run_matchups(
    matchups: Sequence[Matchup],
    games: int,
    workers: int,
    first_seed: int = 1,
    ruleset: str = DEFAULT_RULESET,
    study: Path | None = None,
) -> list[GameResult]:
    """Every game of every match-up (seeds `first_seed` on), in order; a line on stderr as each game
    ends (long runs), with its seed, so that two runs can be compared game by game."""
    jobs = [(m.lineup, seed) for m in matchups for seed in range(first_seed, first_seed + games)]
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_one, lineup, seed, ruleset, study): seed for lineup, seed in jobs}
        for done, future in enumerate(as_completed(futures), start=1):
            result = future.result()
            winners = " and ".join(f"{result.levels[seat]} (seat {seat + 1})" for seat in result.winners)
            elapsed = time.monotonic() - started
            line = f"game {done} of {len(jobs)} (seed {futures[future]}) after {elapsed:.0f} s: {winners} won"
            print(line, file=sys.stderr)
        return [future.result() for future in futures]


def report(matchups: Sequence[Matchup], results: Sequence[GameResult], games: int) -> str:
    rows: list[Figure] = []
    for index, matchup in enumerate(matchups):
        played = results[index * games : (index + 1) * games]
        wins = sum(win_share(r, matchup.lineup[0]) for r in played)
        note = f"{wins:g} of {games} games"
        rows.append(Figure(f"win rate: {matchup.name}", wins / games, "%", matchup.target, note, at_least=True))
    times: dict[str, list[float]] = {}
    for result in results:
        for level, spent in result.thinking.items():
            times.setdefault(level, []).extend(spent)
    for level, spent in sorted(times.items()):
        if level == "random" or not spent:
            continue
        median_target, p99_target = THINKING_TARGETS.get(level, (None, None))
        note = f"{len(spent)} decisions"
        rows.append(Figure(f"thinking: {level} per decision (median)", median(spent), "s", median_target, note))
        rows.append(Figure(f"thinking: {level} per decision (p99)", percentile(spent, 0.99), "s", p99_target))
    ratings = elo(results)
    width = max([len("level"), *map(len, ratings)])
    elo_lines = [
        f"{'level':<{width}}  Elo",
        f"{'-' * width}  ----",
        *(f"{level:<{width}}  {rating:4.0f}" for level, rating in ratings.items()),
    ]
    return table(rows) + "\n\n" + "\n".join(elo_lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="civgame tournament", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per match-up (default 20)")
    parser.add_argument("--first-seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--only", nargs="*", choices=list(MATCHUPS), help="only these match-ups")
    parser.add_argument("--lineup", help=f"a comma-separated line-up of {', '.join(PLAYERS)} instead")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="parallel games (default: CPUs)")
    parser.add_argument(
        "--ruleset",
        default=DEFAULT_RULESET,
        help=f"the rules played: a folder of rules_data (default {DEFAULT_RULESET})",
    )
    parser.add_argument(
        "--study-folder",
        type=Path,
        help=f"where a game past {LONG_GAME_ACTIONS:,} actions is saved for study (default: 'long games' in the "
        "user's data folder)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if args.lineup:
        lineup = tuple(level.strip() for level in args.lineup.split(","))
        unknown = [level for level in lineup if level not in PLAYERS]
        if unknown or not 2 <= len(lineup) <= 4:
            parser.error(f"a line-up is 2-4 of {', '.join(PLAYERS)}")
        matchups = [Matchup(f"{lineup[0]} in {', '.join(lineup)}", lineup, None)]
    else:
        matchups = [MATCHUPS[name] for name in args.only or TARGETS]
    started = time.monotonic()
    results = run_matchups(matchups, args.games, args.workers, args.first_seed, args.ruleset, args.study_folder)
    seeds = f"seeds {args.first_seed}-{args.first_seed + args.games - 1}"
    print(
        f"civgame tournament: {len(results)} games ({seeds}), {time.monotonic() - started:.0f} s, "
        f"{args.workers} worker(s)"
    )
    print(report(matchups, results, args.games))
    return 0
