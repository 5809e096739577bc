"""Clash's rule book: one handler per action type, declared with `@rule(...)`.

It lives apart from the controller so rule modules can register themselves without importing
the controller, which imports every rule module.
"""

from __future__ import annotations

from typing import Any, TypeVar

from civgame.framework.rulebook import Rule as GenericRule
from civgame.framework.rulebook import RuleBook, answered
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.decisions import Decision
from civgame.games.clash.core.model import Game

D = TypeVar("D", bound=Decision)
Rule = GenericRule[Game, Action, Any]

BOOK: RuleBook[Game, Action] = RuleBook()
RULES = BOOK.rules
rule = BOOK.rule


def perform_again(game: Game, action: Action) -> None:
    """Run an action's handler directly (used when a payment completes a suspended action)."""
    BOOK.perform_again(game, action)


def answering(game: Game, kind: type[D]) -> D:
    """The pending decision that a rule registered with `answers=(kind, ...)` is answering now."""
    return answered(game.pending, kind)
