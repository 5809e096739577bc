"""The rules controller: `legal_actions(game)` and `apply(game, action)`.

Rule modules register one handler per action type with `@rule(...)` (`registry.py`). A handler validates
everything first (raising `RuleError`) and only then changes the game, so an illegal action
leaves the game untouched.
"""

from __future__ import annotations

from civgame.engine.core.actions import Action
from civgame.engine.core.codec import to_plain
from civgame.engine.core.errors import RuleError
from civgame.engine.core.model import Game
from civgame.engine.rules import (  # noqa: F401  (importing a rule module registers its rules)
    abilities,
    action_cards,
    advances,
    cities,
    combat,
    culture_abilities,
    economy_abilities,
    happiness,
    influence,
    leader_abilities,
    movement,
    payments,
    rewards,
    status,
    trading,
    turns,
)
from civgame.engine.rules.registry import RULES


def legal_actions(game: Game) -> list[Action]:
    """Every legal action of the player who must act next (`game.actor()`)."""
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
