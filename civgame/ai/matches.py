"""What the tournaments of every game share: a match-up of levels, one game's result, who sits
where and who takes the win."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from civgame.framework.wording import counted
from civgame.measures import Figure, mean_interval, median, percentile, wilson_interval


@dataclass(frozen=True)
class Matchup:
    name: str
    lineup: tuple[str, ...]  # the measured level first
    target: float | None  # its win rate should reach this


@dataclass
class GameResult:
    levels: list[str]  # by seat
    totals: list[float]  # victory points by seat
    winners: list[int]
    thinking: dict[str, list[float]] = field(default_factory=dict)  # level -> seconds per decision
    turns: dict[str, list[float]] = field(default_factory=dict)  # level -> processor seconds per turn
    sheets: list[dict[str, float]] = field(default_factory=list)  # score sheets by seat
    objectives: list[list[str]] = field(default_factory=list)  # objectives completed, by seat
    wonders: int = 0  # wonders built in the game
    seconds: float = 0.0  # the whole game, wall clock
    leaders_recruited: list[int] = field(default_factory=list)  # leaders that came onto the board, by seat
    cities_taken: list[int] = field(default_factory=list)  # cities taken from others (barbarians too), by seat
    cities_lost: list[int] = field(default_factory=list)  # cities taken by others or destroyed, by seat


def seating(lineup: tuple[str, ...], seed: int) -> list[str]:
    """The levels by seat: the line-up turned so that its first level sits at seat `seed % players`."""
    shift = seed % len(lineup)
    return list(lineup[-shift:] + lineup[:-shift]) if shift else list(lineup)


def win_share(result: GameResult, level: str) -> float:
    """The share of the win that seats of `level` took (a tie for first splits it)."""
    return sum(1 for seat in result.winners if result.levels[seat] == level) / len(result.winners)


def lead_in_points(result: GameResult, level: str) -> float:
    """The points of the best seat of `level` less those of the best other seat: a finer measure of
    strength than who won, as a game lost by half a point and one lost by ten differ."""
    own = max(total for total, seated in zip(result.totals, result.levels, strict=True) if seated == level)
    other = max(total for total, seated in zip(result.totals, result.levels, strict=True) if seated != level)
    return own - other


def played_by(matchup: Matchup, results: Sequence[GameResult]) -> list[GameResult]:
    """The games of `results` that the match-up's line-up played (whoever sat where)."""
    lineup = sorted(matchup.lineup)
    return [r for r in results if sorted(r.levels) == lineup]


def strength_rows(
    matchups: Sequence[Matchup],
    results: Sequence[GameResult],
    thinking_targets: dict[str, tuple[float | None, float | None]],
    clock: str = "",
) -> list[Figure]:
    """Each match-up's win rate over the games its line-up played, against its target, and each
    thinking level's time per decision, median and p99, against its targets; `clock` says how it was timed."""
    rows: list[Figure] = []
    for matchup in matchups:
        played = played_by(matchup, results)
        if not played:
            continue
        level = matchup.lineup[0]
        wins = sum(win_share(r, level) for r in played)
        low, high = wilson_interval(wins, len(played))
        note = f"{wins:g} of {counted(len(played), 'game')}; 95 %: {low * 100:.0f}-{high * 100:.0f} %"
        rate = wins / len(played)
        rows.append(Figure(f"win rate: {matchup.name}", rate, "%", matchup.target, note, at_least=True))
        if set(matchup.lineup) != {level}:  # (a line-up of one level leads no one)
            lead, spread = mean_interval([lead_in_points(r, level) for r in played])
            rows.append(Figure(f"lead in points: {matchup.name}", lead, "points", None, f"± {spread:.1f}, 95 %"))
    times: dict[str, list[float]] = {}
    for result in results:
        for level, spent in result.thinking.items():
            times.setdefault(level, []).extend(spent)
    for level, spent in sorted(times.items()):
        if level == "random" or not spent:
            continue
        median_target, p99_target = thinking_targets.get(level, (None, None))
        note = counted(len(spent), "decision")
        rows.append(Figure(f"thinking: {level} per decision (median{clock})", median(spent), "s", median_target, note))
        rows.append(Figure(f"thinking: {level} per decision (p99{clock})", percentile(spent, 0.99), "s", p99_target))
    return rows


def seed_by_seed(
    base: dict[int, GameResult], trial: dict[int, GameResult], level: str, trial_level: str | None = None
) -> list[str]:
    """Two versions of a level compared on the seeds both played (each by seed): their wins, the games
    that changed hands, and the mean change in the level's lead in points with its 95 % interval
    (`trial_level`: the trial's name for it, if not `level`). A change to a computer player changes the
    whole game, yet the same seed deals the same map, seats and civilizations: comparing seed by seed
    leaves out what those differ by between seeds."""
    seeds = sorted(base.keys() & trial.keys())
    if not seeds:
        return ["no seed played in both"]
    tried = trial_level or level
    gained = sum(1 for s in seeds if win_share(trial[s], tried) > win_share(base[s], level))
    lost = sum(1 for s in seeds if win_share(trial[s], tried) < win_share(base[s], level))
    change, spread = mean_interval([lead_in_points(trial[s], tried) - lead_in_points(base[s], level) for s in seeds])
    lines = [f"{counted(len(seeds), 'seed')} played in both"]
    for name, games, measured in (("base", base, level), ("trial", trial, tried)):
        wins = sum(win_share(games[s], measured) for s in seeds)
        lead, _ = mean_interval([lead_in_points(games[s], measured) for s in seeds])
        lines.append(f"{name}: {measured} won {wins:g}, leading by {lead:.2f} points a game")
    lines.append(f"the trial won {gained} that the base lost, and lost {lost} that the base won")
    lines.append(f"the trial's lead less the base's: {change:+.2f} points a game (± {spread:.2f}, 95 %)")
    return lines
