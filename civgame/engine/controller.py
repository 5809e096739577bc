"""The rules controller: `legal_actions(game)` and `apply(game, action)`.

Rule modules register one handler per action type with `@rule(...)`. A handler validates
everything first (raising `RuleError`) and only then changes the game, so an illegal action
leaves the game untouched.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Callable, Iterable

from civgame.engine.actions import Action
from civgame.engine.codec import to_plain
from civgame.engine.decisions import Decision
from civgame.engine.errors import RuleError
from civgame.engine.model import Game

Handler = Callable[[Game, Action], None]
Enumerator = Callable[[Game], Iterable[Action]]


@dataclass(frozen=True)
class Rule:
    action: type[Action]
    perform: Handler
    legal: Enumerator
    answers: tuple[type[Decision], ...]  # empty: a turn action, taken with nothing pending


RULES: dict[type[Action], Rule] = {}


def rule(action: type[Action], *, legal: Enumerator, answers: tuple[type[Decision], ...] = ()):
    """Register the handler of one action type."""

    def register(perform: Handler) -> Handler:
        RULES[action] = Rule(action, perform, legal, answers)
        return perform

    return register


@cache
def _load_rule_modules() -> None:
    # Importing the modules registers their rules (once: this runs on every call of the API).
    from civgame.engine import (  # noqa: F401
        abilities,
        advances,
        cities,
        combat,
        culture_abilities,
        economy_abilities,
        happiness,
        influence,
        movement,
        payments,
        status,
        turns,
    )


def legal_actions(game: Game) -> list[Action]:
    """Every legal action of the player who must act next (`game.actor()`)."""
    _load_rule_modules()
    if game.phase == "over":
        return []
    top = game.pending[-1] if game.pending else None
    actions: list[Action] = []
    for r in RULES.values():
        if (top is None and not r.answers) or (top is not None and isinstance(top, r.answers)):
            actions.extend(r.legal(game))
    return actions


def apply(game: Game, action: Action) -> None:
    """Perform one action for `game.actor()`; raise RuleError and change nothing if illegal."""
    _load_rule_modules()
    r = RULES.get(type(action))
    if r is None:
        raise RuleError(f"unknown action {action!r}")
    if game.phase == "over":
        raise RuleError("the game is over")
    top = game.pending[-1] if game.pending else None
    if top is None and r.answers:
        raise RuleError(f"{action.KIND} answers a decision, but none is pending")
    if top is not None and not isinstance(top, r.answers):
        raise RuleError(f"{game.player(top.player).name} must first decide: {top.describe()}")
    r.perform(game, action)
    game.history.append(to_plain(action))


def perform_again(game: Game, action: Action) -> None:
    """Run an action's handler directly (used when a payment completes a suspended action)."""
    RULES[type(action)].perform(game, action)
