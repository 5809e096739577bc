"""The kinds of computer player a seat may have, by name: what the new-game screen, `--agents`
and saves speak of."""

from __future__ import annotations

from collections.abc import Callable

from civgame.ai.agents import HARD_SEARCH, NORMAL_SEARCH, HeuristicAgent, SearchAgent
from civgame.ai.random_agent import RandomAgent
from civgame.ai.types import Agent

LEVELS: dict[str, Callable[[int | str], Agent]] = {
    "random": RandomAgent,
    "easy": HeuristicAgent,
    "normal": lambda seed: SearchAgent(seed, NORMAL_SEARCH),
    "hard": lambda seed: SearchAgent(seed, HARD_SEARCH),
}
# The levels a player is offered for a computer seat (random play is for tests and sparring).
OFFERED = ("easy", "normal", "hard")


def make_agent(level: str, seed: int | str) -> Agent:
    """A computer player of `level` (one of LEVELS) drawing from its own random generator."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(LEVELS)}") from None
