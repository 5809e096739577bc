"""Tournament of the computer players: seeded games between levels, win rates against the targets,
an Elo-style table and how long each level thinks per turn and per decision.

    civgame tournament                          # the three target match-ups, 20 games each
    civgame tournament --games 4 --only normal-random
    civgame tournament --lineup hard,easy,easy  # any line-up of random, easy, normal, hard
    civgame tournament --only evaluation        # Hard's evaluation against Normal's in equal time
    civgame tournament --ray auto               # the games as tasks of a Ray cluster
    civgame tournament --record games.jsonl     # each game's result kept as it ends ...
    civgame tournament --report games.jsonl     # ... and reported later (a run stopped early too)
    civgame tournament --report a.jsonl b.jsonl # records of several line-ups as one run (one rating fit)
    civgame tournament --compare main.jsonl trial.jsonl  # two versions of a level, seed by seed
    civgame tournament --lineup greedy,normal            # a trial player (TRIALS), to compare with easy,normal
    civgame tournament --game sid-meier         # Sid Meier's Civilization's levels (sidmeier_tournament.py)

(`python -m bench.ai` is the same command.)

In each match-up the first level of the line-up is measured; it changes seat every game so that
no seat order favours it. A shared first place counts as a share of a win. Games run in parallel
worker processes (one per CPU by default), or on Ray (`--ray ADDRESS`); the same seeds give the
same games either way, since computer players count their work rather than time it. Thinking is
measured per decision with more than one legal action (wall clock, as a player waits for it) and
per turn (a player's decisions in one turn of one phase, in processor seconds: what the machine's
load does not change). The report also compares the score sheets of the levels column by column,
the wonders built and the objectives completed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, replace
from functools import partial
from pathlib import Path
from typing import Any, cast

from civgame.ai import play_out, sidmeier_tournament
from civgame.ai.agents import NORMAL_SEARCH, HeuristicAgent, SearchAgent
from civgame.ai.cluster import RayMissing, run_jobs
from civgame.ai.evaluation import HARD_WEIGHTS, POINTS_ONLY
from civgame.ai.levels import LEVELS, make_agent
from civgame.ai.loops import LONG_GAME_ACTIONS, CircleGuard
from civgame.ai.matches import GameResult, Matchup, seating, seed_by_seed, strength_rows
from civgame.ai.types import Agent
from civgame.framework.wording import counted
from civgame.games.clash.content.ruleset import DEFAULT_RULESET, named_ruleset
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game, Seat
from civgame.games.clash.rules.base.scoring import CATEGORIES, scores
from civgame.games.clash.rules.flow.setup import default_civilizations, new_game
from civgame.measures import Figure, median, table

MATCHUPS: dict[str, Matchup] = {
    "normal-random": Matchup("Normal vs three Random (4 players)", ("normal", "random", "random", "random"), 0.95),
    "normal-easy": Matchup("Normal vs three Easy (4 players)", ("normal", "easy", "easy", "easy"), 0.70),
    "hard-normal": Matchup("Hard vs Normal (2 players)", ("hard", "normal"), 0.60),
    # Not a target of the levels: whether Hard's evaluation alone plays better than Normal's.
    "evaluation": Matchup("Hard's evaluation vs Normal's in Normal's time (2 players)", ("hard-eval", "normal"), 0.50),
}
TARGETS = ("normal-random", "normal-easy", "hard-normal")  # the match-ups played unless told otherwise
# Players the tournament fields besides the levels, to measure one part of a level on its own.
# `greedy` takes whatever scores the most points at once (at random among equals): what any column of
# the score sheet yields to a player who only reaches for points.
TRIALS: dict[str, Callable[[int | str], Agent]] = {
    "hard-eval": lambda seed: CircleGuard(SearchAgent(seed, replace(NORMAL_SEARCH, weights=HARD_WEIGHTS))),
    "greedy": lambda seed: CircleGuard(HeuristicAgent(seed, POINTS_ONLY)),
}
# The level each trial player is a variant of: the seat it is recorded as.
TRIAL_SEATS: dict[str, Seat] = {"hard-eval": "normal", "greedy": "easy"}
PLAYERS = (*LEVELS, *TRIALS)
# Processor seconds per turn: median targets by level. A level's time per decision is shown with no
# target: a turn has a budget, which its decisions share as they matter.
TURN_TARGETS: dict[str, float] = {"normal": 3.0, "hard": 8.0}
ELO_ANCHOR = ("random", 1000.0)
RECRUITED = "leaders recruited"  # the score table's row of leaders each seat brought onto the board
TAKEN, LOST = "cities taken", "cities lost"  # its rows of cities each seat took from others, and lost
# Each game's match-ups and the games played of each unless told otherwise.
GAMES: dict[str, tuple[dict[str, Matchup], int]] = {
    "clash": (MATCHUPS, 20),
    "sid-meier": (sidmeier_tournament.MATCHUPS, sidmeier_tournament.GAMES),
}
SID_PLAYERS = sidmeier_tournament.PLAYERS
Kind = tuple[str, str, tuple[str, ...]]  # a recorded game's game, rules and line-up


class _Timed:
    """An agent that records how long each real choice (more than one legal action) takes, and the
    processor time of each of its turns (all its decisions in one turn of one phase)."""

    def __init__(self, agent: Agent, times: list[float], turns: list[float]) -> None:
        self.agent, self.times, self.turns = agent, times, turns
        self._turn: tuple[str, int, int, int] | None = None

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        turn = (game.phase, game.age, game.round, game.current)
        if turn != self._turn:
            self._turn = turn
            self.turns.append(0.0)
        start, cpu = time.perf_counter(), time.process_time()
        action = self.agent.choose(game, actions)
        self.turns[-1] += time.process_time() - cpu
        if len(actions) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def play_one(
    lineup: tuple[str, ...], seed: int, ruleset: str = DEFAULT_RULESET, study: Path | None = None
) -> GameResult:
    """One seeded game of the line-up, seated by `seating`, with the rules of `ruleset` (a folder of rules_data);
    a long one saved for study in `study`."""
    started = time.perf_counter()
    count = len(lineup)
    levels = seating(lineup, seed)
    thinking: dict[str, list[float]] = {level: [] for level in levels}
    turns: dict[str, list[float]] = {level: [] for level in levels}
    agents = [
        _Timed(_player(level, f"{seed}:{seat}"), thinking[level], turns[level]) for seat, level in enumerate(levels)
    ]
    game = tournament_game(count, seed, ruleset)
    for player, level in zip(game.players, levels, strict=True):  # computer seats all: no trade offers to people
        player.seat = TRIAL_SEATS.get(level) or cast(Seat, level)
    changes = CityChanges(game)
    game = play_out(game, agents, observer=changes.see, study=study)
    sheets = scores(game)
    return GameResult(
        levels,
        [sheet["total"] for sheet in sheets],
        list(game.winner),
        thinking,
        turns,
        sheets,
        [[done.objective for done in p.objective_completions] for p in game.players],
        sum(len(p.wonders_built) for p in game.players),
        time.perf_counter() - started,
        [len(p.leaders_used) for p in game.players],
        changes.taken,
        changes.lost,
    )


class CityChanges:
    """The cities each player took from others (barbarians too) and lost (taken or destroyed), seen after every
    action of a game."""

    def __init__(self, game: Game) -> None:
        self.taken = [0] * len(game.players)
        self.lost = [0] * len(game.players)
        self.owners = self._owners(game)

    def see(self, game: Game, _action: Action) -> None:
        owners = self._owners(game)
        for city, owner in self.owners.items():
            now = owners.get(city)
            if now == owner:
                continue
            if owner >= 0:
                self.lost[owner] += 1
            if now is not None and now >= 0:
                self.taken[now] += 1
        self.owners = owners

    @staticmethod
    def _owners(game: Game) -> dict[int, int]:
        return {city.id: city.owner for city in game.cities}


def tournament_game(players: int, seed: int, ruleset: str = DEFAULT_RULESET) -> Game:
    """A new seeded game set up as a person's game is unless they choose otherwise: with the
    civilizations the rules give out by default, so that leaders are recruited and captured."""
    rules = named_ruleset(ruleset)
    return new_game(players, seed, rules, civilizations=default_civilizations(rules, players))


def _player(name: str, seed: str) -> Agent:
    """A computer player of a level, or one of the trial players."""
    return TRIALS[name](seed) if name in TRIALS else make_agent(name, seed)


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
    ray_address: str | None = None,
    record: Path | None = None,
    game: str = "clash",
) -> list[GameResult]:
    """Every game of every match-up (seeds `first_seed` on) of `game`, in order, in local worker processes or
    on Ray (`cluster.run_jobs`); a line on stderr as each game ends (long runs), with its seed, so
    that two runs can be compared game by game, and the game's result appended to `record`. Games that
    `record` already holds (the same game, rules, line-up and seed) are taken from it, not played again:
    a run stopped part way goes on where it stopped."""
    jobs = [(m.lineup, seed) for m in matchups for seed in range(first_seed, first_seed + games)]
    play = partial(play_one, ruleset=ruleset, study=study) if game == "clash" else sidmeier_tournament.play_one
    kept = _kept_results(record, game, ruleset) if record is not None and record.exists() else {}
    results: list[GameResult | None] = [kept.get(job) for job in jobs]
    to_play = [index for index, result in enumerate(results) if result is None]
    if len(to_play) < len(jobs):
        print(
            f"{counted(len(jobs) - len(to_play), 'game')} of this run already in {record}: not played again",
            file=sys.stderr,
        )
    started = time.monotonic()
    finished = run_jobs(play, [jobs[index] for index in to_play], workers, ray_address)
    for done, (position, result) in enumerate(finished, start=1):
        index = to_play[position]
        results[index] = result
        if record is not None:
            rules = {"ruleset": ruleset} if game == "clash" else {}
            entry = {"game": game, **rules, "matchup": jobs[index][0], "seed": jobs[index][1]}
            with record.open("a") as kept_file:
                kept_file.write(json.dumps({**entry, **asdict(result)}) + "\n")
        winners = " and ".join(f"{result.levels[seat]} (seat {seat + 1})" for seat in result.winners)
        elapsed = time.monotonic() - started
        line = f"game {done} of {len(to_play)} (seed {jobs[index][1]}) after {elapsed:.0f} s: {winners} won"
        built = f", {counted(result.wonders, 'wonder')} built" if game == "clash" else ""
        print(f"{line} ({result.seconds:.0f} s{built})", file=sys.stderr)
    return [result for result in results if result is not None]


def report(matchups: Sequence[Matchup], results: Sequence[GameResult]) -> str:
    rows = strength_rows(matchups, results, thinking_targets={})
    rows += _turn_rows(results)
    wonders = sum(r.wonders for r in results) / len(results)
    with_wonder = sum(1 for r in results if r.wonders)
    played = counted(len(results), "game")
    rows.append(Figure("wonders built per game", wonders, "", None, f"{with_wonder} of {played}"))
    sections = [table(rows), _elo_table(elo(results)), score_columns(results), objectives_reached(results)]
    sections += [wins_by_cities(results)] if any(r.cities_taken for r in results) else []
    return "\n\n".join(sections)


def _turn_rows(results: Sequence[GameResult]) -> list[Figure]:
    """Processor seconds per turn of each thinking level: median (against its target) and worst."""
    turns: dict[str, list[float]] = {}
    for result in results:
        for level, spent in result.turns.items():
            turns.setdefault(level, []).extend(spent)
    rows = []
    for level, spent in sorted(turns.items()):
        if level == "random" or not spent:
            continue
        note, target = counted(len(spent), "turn"), TURN_TARGETS.get(level)
        rows.append(Figure(f"thinking: {level} per turn (median, CPU)", median(spent), "s", target, note))
        rows.append(Figure(f"thinking: {level} per turn (most, CPU)", max(spent), "s", None))
    return rows


def _elo_table(ratings: dict[str, float]) -> str:
    width = max([len("level"), *map(len, ratings)])
    return "\n".join(
        [
            f"{'level':<{width}}  Elo",
            f"{'-' * width}  ----",
            *(f"{level:<{width}}  {rating:4.0f}" for level, rating in ratings.items()),
        ]
    )


def _seats_by_level(results: Sequence[GameResult]) -> dict[str, list[tuple[GameResult, int]]]:
    seats: dict[str, list[tuple[GameResult, int]]] = {}
    for result in results:
        for seat, level in enumerate(result.levels):
            seats.setdefault(level, []).append((result, seat))
    return dict(sorted(seats.items()))


def score_columns(results: Sequence[GameResult]) -> str:
    """Each level's score sheet column by column: the mean points per seat, and in how many of its
    seats the column scored at all; then the leaders each seat recruited, and the cities it took from others and
    lost (of games that record them)."""
    columns = [*CATEGORIES, "total", RECRUITED, TAKEN, LOST]
    width = max(len(c) for c in columns)
    lines = [f"{'points per seat':<{width}}  " + "  ".join(f"{level:>14}" for level in _seats_by_level(results))]
    by_level = _seats_by_level(results)
    for column in columns:
        if all(_column(r, 0, column) is None for r in results):
            continue  # a count no game's record keeps
        cells = []
        for seats in by_level.values():
            counts = [_column(r, seat, column) for r, seat in seats]
            points = [n for n in counts if n is not None]
            scored = sum(1 for p in points if p)
            cells.append(f"{sum(points) / max(1, len(points)):5.1f} ({scored:>3}/{len(points):<3})")
        lines.append(f"{column:<{width}}  " + "  ".join(f"{cell:>14}" for cell in cells))
    return "\n".join(lines)


def _column(result: GameResult, seat: int, column: str) -> float | None:
    """A seat's figure in `column` of the score table (None: the game's record does not keep it)."""
    kept = {RECRUITED: result.leaders_recruited, TAKEN: result.cities_taken, LOST: result.cities_lost}
    if column in kept:
        return kept[column][seat] if kept[column] else None
    return result.sheets[seat][column] if result.sheets else None


def wins_by_cities(results: Sequence[GameResult]) -> str:
    """How often each level won the games in which it took a city or none, kept every city or lost
    one (of games that record the cities; a shared win counts): where its wins come from."""
    by_level = {
        level: [(r, seat) for r, seat in seats if r.cities_taken] for level, seats in _seats_by_level(results).items()
    }
    cases: dict[str, Callable[[GameResult, int], bool]] = {
        "took a city": lambda r, seat: r.cities_taken[seat] > 0,
        "took none": lambda r, seat: r.cities_taken[seat] == 0,
        "kept every city": lambda r, seat: r.cities_lost[seat] == 0,
        "lost a city": lambda r, seat: r.cities_lost[seat] > 0,
    }
    width = max(len(case) for case in [*cases, "games won"])
    lines = [f"{'games won':<{width}}  " + "  ".join(f"{level:>14}" for level in by_level)]
    for case, holds in cases.items():
        cells = []
        for seats in by_level.values():
            games = [(r, seat) for r, seat in seats if holds(r, seat)]
            won = sum(1 for r, seat in games if seat in r.winners)
            cells.append(f"{won} of {len(games)}")
        lines.append(f"{case:<{width}}  " + "  ".join(f"{cell:>14}" for cell in cells))
    return "\n".join(lines)


def objectives_reached(results: Sequence[GameResult]) -> str:
    """How often the seats of each level completed each objective."""
    by_level = _seats_by_level(results)
    names = sorted({name for r in results for done in r.objectives for name in done})
    if not names:
        return "objectives completed: none"
    width = max(len("objective completed"), *map(len, names))
    lines = [f"{'objective completed':<{width}}  " + "  ".join(f"{level:>10}" for level in by_level)]
    for name in names:
        counts = [sum(r.objectives[seat].count(name) for r, seat in seats) for seats in by_level.values()]
        lines.append(f"{name:<{width}}  " + "  ".join(f"{count:>10}" for count in counts))
    seats = "  ".join(f"{len(s):>10}" for s in by_level.values())
    lines.append(f"{'(seats)':<{width}}  {seats}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="civgame tournament", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="clash",
        help="the game whose computer players play (default clash; sid-meier: 4-player games of Sid Meier's "
        "Civilization, see civgame/ai/sidmeier_tournament.py)",
    )
    parser.add_argument(
        "--games",
        type=int,
        help=f"games per match-up (default {GAMES['clash'][1]}; {GAMES['sid-meier'][1]} for sid-meier)",
    )
    parser.add_argument("--first-seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument(
        "--only", nargs="*", choices=sorted({*MATCHUPS, *sidmeier_tournament.MATCHUPS}), help="only these match-ups"
    )
    parser.add_argument(
        "--lineup",
        help=f"a comma-separated line-up of {', '.join(PLAYERS)} (clash) or {', '.join(SID_PLAYERS)} instead",
    )
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
    parser.add_argument(
        "--record",
        type=Path,
        help="append each game's result to this file as it ends; the games it already holds are not played again",
    )
    parser.add_argument(
        "--report",
        type=Path,
        nargs="+",
        metavar="RECORD",
        help="print the report of the games kept in --record files instead of playing: each line-up's win "
        "rate, and ratings fitted to all of them",
    )
    parser.add_argument(
        "--compare",
        type=Path,
        nargs=2,
        metavar=("BASE", "TRIAL"),
        help="compare two --record files of the same line-ups played by two versions of the code, seed by seed "
        "(or a trial player's with its level's, on the same opponents): the measured level's wins in each, "
        "the games that changed hands, the change in its lead in points",
    )
    parser.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run the games on a Ray cluster (its address; 'auto' for this machine's cluster, 'local' for a Ray "
        "started for the run); needs Ray: pip install -e '.[ray]'",
    )
    args = parser.parse_args(argv)
    known, games = GAMES[args.game]
    args.games = games if args.games is None else args.games
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if args.game != "clash" and (args.ruleset != DEFAULT_RULESET or args.study_folder):
        parser.error("--ruleset and --study-folder are for clash's tournament")
    if args.lineup:
        lineup = tuple(level.strip() for level in args.lineup.split(","))
        players = PLAYERS if args.game == "clash" else SID_PLAYERS
        unknown = [level for level in lineup if level not in players]
        if unknown or not 2 <= len(lineup) <= 4:
            parser.error(f"a line-up is 2-4 of {', '.join(players)}")
        matchups = [Matchup(f"{lineup[0]} in {', '.join(lineup)}", lineup, None)]
    else:
        unknown = [name for name in args.only or () if name not in known]
        if unknown:
            parser.error(f"--only: {args.game}'s match-ups are {', '.join(known)}")
        matchups = [known[name] for name in args.only or (TARGETS if args.game == "clash" else known)]
    if args.report:
        return _report_recorded(args.report, args.game, args.ruleset)
    if args.compare:
        return _compare_recorded(*args.compare)
    started = time.monotonic()
    try:
        results = run_matchups(
            matchups,
            args.games,
            args.workers,
            args.first_seed,
            args.ruleset,
            args.study_folder,
            args.ray,
            args.record,
            args.game,
        )
    except RayMissing as exc:
        parser.error(str(exc))
    seeds = f"seeds {args.first_seed}-{args.first_seed + args.games - 1}"
    where = f"on Ray ({args.ray})" if args.ray else counted(args.workers, "worker")
    print(f"civgame tournament: {counted(len(results), 'game')} ({seeds}), {time.monotonic() - started:.0f} s, {where}")
    print((report if args.game == "clash" else sidmeier_tournament.report)(matchups, results))
    return 0


# What a --record line says besides the game's result. Lines written before a record named its game and
# rules are Clash games of the default rules.
_RECORD_KEYS = ("game", "ruleset", "matchup", "seed")


def _recorded_result(entry: dict[str, Any]) -> GameResult:
    return GameResult(**{key: value for key, value in entry.items() if key not in _RECORD_KEYS})


def _kept_results(record: Path, game: str, ruleset: str) -> dict[tuple[tuple[str, ...], int], GameResult]:
    """The games `record` holds of `game` (Clash's: played by `ruleset`), by line-up and seed. A last line cut
    short is ended, so that the next game's result starts a line of its own."""
    if record.read_bytes()[-1:] not in (b"", b"\n"):
        with record.open("a") as cut_short:
            cut_short.write("\n")
    return {
        (_kind(entry)[2], _seed(entry)): _recorded_result(entry)
        for entry in _record_entries(record)
        if _of_run(entry, game, ruleset)
    }


def _of_run(entry: dict[str, Any], game: str, ruleset: str) -> bool:
    """Whether a recorded game is of `game` (Clash's: played by `ruleset`)."""
    played, rules, _ = _kind(entry)
    return played == game and (game != "clash" or rules == ruleset)


def _record_entries(record: Path) -> list[dict[str, Any]]:
    """The games a --record file holds. A line that is not a game's result (the last one, cut short when a
    run was stopped while writing it) is left out, with a line on stderr."""
    try:
        text = record.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        raise SystemExit(f"{record}: cannot be read as a record ({getattr(exc, 'strerror', None) or exc})") from None
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            entry = None
        if not isinstance(entry, dict) or not {"matchup", "seed", "levels"} <= entry.keys():
            print(f"{record}, line {number}: not a game's result; left out", file=sys.stderr)
            continue
        entries.append(entry)
    return entries


def _report_recorded(records: Sequence[Path], game: str = "clash", ruleset: str = DEFAULT_RULESET) -> int:
    """The report of the games of `game` (Clash's: played by `ruleset`) that --record files keep, as one run:
    each line-up a match-up (a known one with its target), the ratings fitted to all the games together.
    Games of another game or rules are left out, with a line on stderr."""
    entries = [entry for record in records for entry in _record_entries(record)]
    kept = [entry for entry in entries if _of_run(entry, game, ruleset)]
    rules = f" by the rules of {ruleset}" if game == "clash" else ""
    if len(kept) < len(entries):
        others = counted(len(entries) - len(kept), "game")
        print(f"{others} of another game or rules left out (report them with --game or --ruleset)", file=sys.stderr)
    if not kept:
        raise SystemExit(f"{', '.join(map(str, records))}: no games of {game}{rules} recorded")
    known = {matchup.lineup: matchup for matchup in GAMES[game][0].values()}
    lineups = list(dict.fromkeys(tuple(entry["matchup"]) for entry in kept))
    matchups = [known.get(lineup) or Matchup(f"{lineup[0]} in {', '.join(lineup)}", lineup, None) for lineup in lineups]
    results = []
    for lineup in lineups:
        played = sorted((entry for entry in kept if tuple(entry["matchup"]) == lineup), key=_seed)
        print(f"{', '.join(lineup)}: {counted(len(played), 'game')} (seeds {_seed_ranges(played)})")
        results += [_recorded_result(entry) for entry in played]
    print(f"civgame tournament: {counted(len(results), 'game')} recorded in {', '.join(map(str, records))}")
    print((report if game == "clash" else sidmeier_tournament.report)(matchups, results))
    return 0


def _compare_recorded(base: Path, trial: Path) -> int:
    """Each line-up of the same game and rules that both records hold, its first level in the base record's
    games and the trial's, seed by seed; or, where the trial's first level is another (a trial player
    such as `greedy`), the base's line-up against the same opponents."""
    games = [_record_entries(record) for record in (base, trial)]
    pairs = _paired_kinds(list(dict.fromkeys(map(_kind, games[0]))), list(dict.fromkeys(map(_kind, games[1]))))
    if not pairs:
        raise SystemExit(f"{base} and {trial}: no line-up of the same game and rules recorded in both")
    for base_kind, trial_kind in pairs:
        base_games, trial_games = (
            {_seed(e): _recorded_result(e) for e in kept if _kind(e) == kind}
            for kept, kind in zip(games, (base_kind, trial_kind), strict=True)
        )
        game, ruleset, lineup = base_kind
        rules = f" ({ruleset})" if game == "clash" else ""
        measured = trial_kind[2][0]
        against = "" if measured == lineup[0] else f" and {', '.join(trial_kind[2])}"
        print(f"{game}{rules}, {', '.join(lineup)}{against}: {base} (base) against {trial} (trial)")
        print("\n".join(f"  {line}" for line in seed_by_seed(base_games, trial_games, lineup[0], measured)))
    return 0


def _paired_kinds(base: list[Kind], trial: list[Kind]) -> list[tuple[Kind, Kind]]:
    """The base's line-ups each with the trial's that is the same, or else that differs only in its first level."""
    pairs = []
    for kind in base:
        game, ruleset, lineup = kind
        rivals = [t for t in trial if t[:2] == (game, ruleset) and t[2][1:] == lineup[1:]]
        match = kind if kind in trial else (rivals[0] if len(rivals) == 1 else None)
        if match is not None:
            pairs.append((kind, match))
    return pairs


def _kind(entry: dict[str, Any]) -> Kind:
    """A recorded game's game, rules and line-up (older lines: Clash's default rules)."""
    return entry.get("game", "clash"), entry.get("ruleset", DEFAULT_RULESET), tuple(entry["matchup"])


def _seed_ranges(games: Sequence[dict[str, object]]) -> str:
    """The games' seeds (in order) as runs: 9001-9005, 9007."""
    runs: list[list[int]] = []
    for seed in map(_seed, games):
        if runs and seed == runs[-1][-1] + 1:
            runs[-1].append(seed)
        else:
            runs.append([seed])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def _seed(game: dict[str, object]) -> int:
    return int(cast(int, game["seed"]))
