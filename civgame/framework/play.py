"""Playing any game to its end without a window: agents choose among the legal actions.

An agent is anything with `choose(game, actions)`; `play_out` asks the deciding seat's agent after
every action and stops when the game is over. Every game reaches this loop through its
`GameDefinition`, so headless play, tournaments and tests drive every game alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from civgame.framework.actions import Action
from civgame.framework.errors import RuleError
from civgame.framework.game import GameDefinition, GameState


class Agent(Protocol):
    def choose(self, game: Any, actions: Sequence[Any]) -> Any: ...


class GameRunError(RuntimeError):
    """A game could not be played to its end (an engine bug or a game that never ends)."""


class UniformRandomAgent:
    """Any legal action, each as likely, from its own random numbers (never the game's)."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: GameState, actions: Sequence[Action]) -> Action:
        if not actions:
            raise ValueError("there is no legal action to choose from")
        return actions[self.rng.randrange(len(actions))]


Observer = Callable[[GameState, Action], None]


def play_out(
    definition: GameDefinition,
    game: GameState,
    agents: Sequence[Agent],
    *,
    max_steps: int,
    observer: Observer | None = None,
) -> GameState:
    """Continue `game` until it is over; `observer` sees the game after every action."""
    for step in range(max_steps):
        if definition.is_over(game):
            return game
        seat = definition.actor(game)
        if not 0 <= seat < len(agents):
            raise GameRunError(f"step {step}: the next decision belongs to seat {seat}, who is not a player")
        actions = definition.legal_actions(game)
        if not actions:
            raise GameRunError(f"step {step}: seat {seat} has no legal action")
        action = agents[seat].choose(game, actions)
        try:
            definition.apply(game, action)
        except RuleError as exc:
            raise GameRunError(f"step {step}: seat {seat}'s choice {action!r} was refused: {exc}") from exc
        if observer is not None:
            observer(game, action)
    if definition.is_over(game):
        return game
    raise GameRunError(f"the game did not end within {max_steps} actions")
