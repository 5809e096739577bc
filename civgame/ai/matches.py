"""What the tournaments of every game share: a match-up of levels, one game's result, who sits
where and who takes the win."""

from __future__ import annotations

from dataclasses import dataclass, field


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


def seating(lineup: tuple[str, ...], seed: int) -> list[str]:
    """The levels by seat: the line-up turned so that its first level sits at seat `seed % players`."""
    shift = seed % len(lineup)
    return list(lineup[-shift:] + lineup[:-shift]) if shift else list(lineup)


def win_share(result: GameResult, level: str) -> float:
    """The share of the win that seats of `level` took (a tie for first splits it)."""
    return sum(1 for seat in result.winners if result.levels[seat] == level) / len(result.winners)
