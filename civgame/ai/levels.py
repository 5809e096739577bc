"""The kinds of computer player a seat may have, by name: what the new-game screen, `--agents`
and saves speak of."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from civgame.ai.agents import HARD_SEARCH, NORMAL_SEARCH, HeuristicAgent, SearchAgent
from civgame.ai.loops import CircleGuard
from civgame.ai.random_agent import RandomAgent
from civgame.ai.types import Agent
from civgame.games.clash.core.model import Game, Seat

# Each thinking level is guarded against going in circles (`loops.CircleGuard`); random play cannot keep
# choosing the same way, and stays as fast as the tests that play thousands of its games need.
LEVELS: dict[str, Callable[[int | str], Agent]] = {
    "random": RandomAgent,
    "easy": lambda seed: CircleGuard(HeuristicAgent(seed)),
    "normal": lambda seed: CircleGuard(SearchAgent(seed, NORMAL_SEARCH)),
    "hard": lambda seed: CircleGuard(SearchAgent(seed, HARD_SEARCH)),
}
# The levels a player is offered for a computer seat (random play is for tests and sparring).
OFFERED: tuple[Seat, ...] = ("easy", "normal", "hard")


def make_agent(level: str, seed: int | str) -> Agent:
    """A computer player of `level` (one of LEVELS) drawing from its own random generator."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(LEVELS)}") from None


def parse_levels(text: str) -> list[Seat]:
    """`normal,hard,easy,random`: computer levels by seat; ValueError naming an unknown level."""
    levels = [name.strip().lower() for name in text.split(",")]
    unknown = [name for name in levels if name not in LEVELS]
    if unknown:
        raise ValueError(f"unknown computer level(s) {', '.join(map(repr, unknown))}; choose from {', '.join(LEVELS)}")
    return [cast(Seat, level) for level in levels]


def levels_for_seats(levels: list[Seat], players: int) -> list[Seat]:
    """One level per seat: the list as given, or a single level for every seat."""
    if len(levels) == 1:
        return levels * players
    if len(levels) != players:
        raise ValueError(f"{len(levels)} computer levels for {players} players: give one per seat, or one for all")
    return levels


def seat_agents(game: Game) -> dict[int, Agent]:
    """A computer player for every seat of `game` that is not a person's, seeded by game and seat."""
    return {p.index: make_agent(p.seat, f"{game.seed}:{p.index}") for p in game.players if p.seat != "human"}
