"""The computer players a host seats: Clash's levels from `civgame.ai`; for a game that has no
computer players of its own yet, one that picks among the legal actions at random."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from civgame.framework.actions import Action

CLASH = "clash"
ANY_GAME_LEVELS = ("random",)


class Player(Protocol):
    def choose(self, game: Any, actions: Sequence[Action]) -> Action: ...


class RandomChoice:
    """Any legal action, each as likely, from its own generator (never the game's)."""

    def __init__(self, seed: str) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Any, actions: Sequence[Action]) -> Action:
        return self._rng.choice(list(actions))


def levels(game_id: str) -> tuple[str, ...]:
    """The levels a host may give a computer seat of `game_id`, the first the usual one."""
    if game_id == CLASH:
        from civgame.ai.levels import LEVELS, OFFERED

        return (*OFFERED, *(level for level in LEVELS if level not in OFFERED))
    return ANY_GAME_LEVELS


def computer_player(game_id: str, level: str, seed: str) -> Player:
    """A computer player of `level` (one of `levels(game_id)`); ValueError for another level."""
    if level not in levels(game_id):
        raise ValueError(f"there is no computer level {level!r}; the levels are {', '.join(levels(game_id))}")
    if game_id == CLASH:
        from civgame.ai.levels import make_agent

        agent: Player = make_agent(level, seed)  # type: ignore[assignment]
        return agent
    return RandomChoice(seed)
