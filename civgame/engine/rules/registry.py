"""The registry of rule handlers: one per action type, declared with `@rule(...)`.

It lives apart from the controller so rule modules can register themselves without importing
the controller, which imports every rule module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from civgame.engine.core.actions import Action
from civgame.engine.core.decisions import Decision
from civgame.engine.core.model import Game

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


def perform_again(game: Game, action: Action) -> None:
    """Run an action's handler directly (used when a payment completes a suspended action)."""
    RULES[type(action)].perform(game, action)
