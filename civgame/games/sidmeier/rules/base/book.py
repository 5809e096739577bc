"""The game's rule book: every action type's rule is registered here by its topic module."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from civgame.framework.errors import RuleError
from civgame.framework.rulebook import RuleBook
from civgame.games.sidmeier.core.actions import Action
from civgame.games.sidmeier.core.decisions import Decision
from civgame.games.sidmeier.core.model import Game

BOOK: RuleBook[Game, Action] = RuleBook()
D = TypeVar("D", bound=Decision)


def always(action: Action) -> Callable[[Game], tuple[Action, ...]]:
    """The listing of a rule whose one action is legal whenever its decision is pending (ending a phase, say):
    the same immutable action every time, made once."""
    listed = (action,)
    return lambda game: listed


def top(game: Game, kind: type[D]) -> D:
    """The pending decision a rule answers (the controller checked its type)."""
    decision = game.pending[-1]
    if not isinstance(decision, kind):
        raise RuleError(f"{kind.KIND} is not pending")
    return decision


def top_or_none(game: Game, kind: type[D]) -> D | None:
    if game.pending and isinstance(game.pending[-1], kind):
        return game.pending[-1]
    return None


def refuse(text: str) -> RuleError:
    return RuleError(text)
