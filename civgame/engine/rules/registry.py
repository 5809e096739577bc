"""The registry of rule handlers: one per action type, declared with `@rule(...)`.

It lives apart from the controller so rule modules can register themselves without importing
the controller, which imports every rule module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from civgame.engine.core.actions import Action
from civgame.engine.core.decisions import Decision
from civgame.engine.core.model import Game

A = TypeVar("A", bound=Action)
D = TypeVar("D", bound=Decision)
Handler = Callable[[Game, A], None]  # performs one action of its type
Enumerator = Callable[[Game], Iterable[Action]]
Checker = Callable[[Game, A], None]  # raises RuleError when the action is not legal now
Existence = Callable[[Game], bool]  # whether the rule has any legal action now


@dataclass(frozen=True)
class Rule(Generic[A]):
    action: type[A]
    perform: Handler[A]
    legal: Enumerator
    answers: tuple[type[Decision], ...]  # empty: a turn action, taken with nothing pending
    # The rule's validation, when it is kept apart from `perform` (which then assumes a legal action):
    # an action the listing has just offered on the same state needs no second check.
    check: Checker[A] | None = None
    # A cheaper answer than listing to "is any such action legal now?" (cards that force an action ask)
    exists: Existence | None = None

    def any_legal(self, game: Game) -> bool:
        """Whether any action of this rule is legal now: `exists` if the rule gives one, else its listing."""
        if self.exists is not None:
            return self.exists(game)
        return any(True for _ in self.legal(game))


# Each rule's handler takes exactly its key's action type, which a dict's value type cannot say.
RULES: dict[type[Action], Rule[Any]] = {}


def rule(
    action: type[A],
    *,
    legal: Enumerator,
    answers: tuple[type[Decision], ...] = (),
    check: Checker[A] | None = None,
    exists: Existence | None = None,
) -> Callable[[Handler[A]], Handler[A]]:
    """Register the handler of one action type; `check` validates it (see `Rule.check`), `exists` answers
    whether any is legal (see `Rule.exists`)."""

    def register(perform: Handler[A]) -> Handler[A]:
        RULES[action] = Rule(action, perform, legal, answers, check, exists)
        return perform

    return register


def perform_again(game: Game, action: Action) -> None:
    """Run an action's handler directly (used when a payment completes a suspended action)."""
    RULES[type(action)].perform(game, action)


def answering(game: Game, kind: type[D]) -> D:
    """The pending decision that a rule registered with `answers=(kind, ...)` is answering now."""
    decision = game.pending[-1]
    assert isinstance(decision, kind), f"{decision.KIND} is pending, not {kind.KIND}"  # the controller checked
    return decision
