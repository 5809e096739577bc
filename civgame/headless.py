"""Headless play of any game behind a `GameDefinition`: a random computer player that knows nothing of
the rules but `legal_actions`, and the loop that lets such players finish a game.

The agent draws from its own `random.Random`, never from the game's RNG, so agents never change the
game's dice. It first picks a kind of action, then one action of that kind, so that a kind with many
variants (every square a figure may step to) does not crowd out the others; kinds whose actions end
or decline something (`PASSIVE`) are picked less eagerly, so that games move forward. Every legal
action keeps a non-zero chance. (Kept outside the games and the framework until the framework offers
its own generic agents.)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from civgame.framework.errors import RuleError
from civgame.framework.game import GameDefinition

PASSIVE_WEIGHT = 0.25
MAX_STEPS = 200_000


class HeadlessError(RuntimeError):
    """A game could not be played to its end (an engine bug, or a game that never ends)."""


class RandomAgent:
    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, actions: Sequence[Any]) -> Any:
        if not actions:
            raise ValueError("there is no legal action to choose from")
        by_kind: dict[str, list[Any]] = {}
        for action in actions:
            by_kind.setdefault(getattr(action, "KIND", type(action).__name__), []).append(action)
        kinds = list(by_kind)
        weights = [PASSIVE_WEIGHT if getattr(by_kind[k][0], "PASSIVE", False) else 1.0 for k in kinds]
        kind = self.rng.choices(kinds, weights)[0]
        return self.rng.choice(by_kind[kind])


def play(
    definition: GameDefinition,
    game: Any,
    agents: Sequence[RandomAgent],
    *,
    max_steps: int = MAX_STEPS,
    observer: Callable[[Any, Any], None] | None = None,
) -> Any:
    """Let `agents` (one per seat) play `game` to its end; every chosen action is checked as a person's
    would be (the interface has no way to promise that an action was just listed)."""
    for step in range(max_steps):
        if definition.is_over(game):
            return game
        seat = definition.actor(game)
        if not 0 <= seat < len(agents):
            raise HeadlessError(f"step {step}: the next decision belongs to {seat}, who is not a player")
        actions = definition.legal_actions(game)
        if not actions:
            raise HeadlessError(f"step {step}: seat {seat} has no legal action")
        action = agents[seat].choose(actions)
        try:
            definition.apply(game, action)
        except RuleError as exc:
            raise HeadlessError(f"step {step}: the choice {action!r} was refused: {exc}") from exc
        if observer is not None:
            observer(game, action)
    if definition.is_over(game):
        return game
    raise HeadlessError(f"the game did not end within {max_steps} actions")
