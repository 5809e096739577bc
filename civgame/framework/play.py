"""Playing any game to its end without a window: agents choose among the legal actions.

An agent is anything with `choose(game, actions)`; `play_out` asks the deciding seat's agent after
every action and stops when the game is over. Every game reaches this loop through its
`GameDefinition`, so headless play, tournaments and tests drive every game alike.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from civgame.framework.actions import Action
from civgame.framework.errors import RuleError
from civgame.framework.game import GameDefinition, GameState
from civgame.framework.saves import write_atomically


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
    study: Path | None = None,
) -> GameState:
    """Continue `game` until it is over; `observer` sees the game after every action. With a `study`
    folder, a game that goes on for the definition's `long_game_actions` actions here is saved there
    for study, and a line on stderr says where."""
    saved: Path | None = None
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
        if study is not None and step + 1 == definition.long_game_actions:
            saved = save_for_study(study, f"{definition.id}-{step + 1}-actions", definition.dumps(game))
            print(long_game_notice(step + 1, saved), file=sys.stderr)
    if definition.is_over(game):
        return game
    where = f"; it was saved for study in {saved}" if saved is not None else ""
    raise GameRunError(f"the game did not end within {max_steps} actions{where}")


def save_for_study(folder: Path, name: str, text: str) -> Path:
    """Write a long game's save `text` into `folder` (made if need be) as `name`, stamped with the time."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{datetime.now().strftime('%Y%m%d-%H%M%S')}.yaml"
    write_atomically(path, text.encode("utf-8"))
    return path


def long_game_notice(actions: int, path: Path) -> str:
    return f"The game has gone on for {actions:,} actions; it is saved for study in {path}"
