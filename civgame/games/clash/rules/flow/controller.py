"""The rules controller: `legal_actions(game)` and `apply(game, action)`.

Rule modules register one handler per action type with `@rule(...)` (`registry.py`). A handler validates
everything first (raising `RuleError`) and only then changes the game, so an illegal action
leaves the game untouched.
"""

from __future__ import annotations

import copy

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game

# Importing a rule module registers its rules, and `legal_actions` lists them in the order they were
# registered: random and computer players' games depend on it, so the modules keep this order.
# isort: off
from civgame.games.clash.rules.base import abilities  # noqa: F401
from civgame.games.clash.rules.cards import action_cards
from civgame.games.clash.rules.actions import advances  # noqa: F401
from civgame.games.clash.rules.cards import barbarian_armies  # noqa: F401
from civgame.games.clash.rules.actions import ballcourts  # noqa: F401
from civgame.games.clash.rules.actions import calendar  # noqa: F401
from civgame.games.clash.rules.actions import cities  # noqa: F401
from civgame.games.clash.rules.actions import city_roads  # noqa: F401
from civgame.games.clash.rules import combat
from civgame.games.clash.rules.actions import culture_abilities  # noqa: F401
from civgame.games.clash.rules.actions import economy_abilities  # noqa: F401
from civgame.games.clash.rules import events
from civgame.games.clash.rules.cards import great_persons  # noqa: F401
from civgame.games.clash.rules.actions import happiness  # noqa: F401
from civgame.games.clash.rules.actions import influence  # noqa: F401
from civgame.games.clash.rules.actions import leader_abilities  # noqa: F401
from civgame.games.clash.rules.actions import movement  # noqa: F401
from civgame.games.clash.rules.actions import nomads  # noqa: F401
from civgame.games.clash.rules.actions import objectives
from civgame.games.clash.rules.actions import pirate_allies
from civgame.games.clash.rules.base import payments  # noqa: F401
from civgame.games.clash.rules.flow import revolution  # noqa: F401
from civgame.games.clash.rules.actions import rewards  # noqa: F401
from civgame.games.clash.rules.flow import status
from civgame.games.clash.rules.actions import trading  # noqa: F401
from civgame.games.clash.rules.base import turns  # noqa: F401
from civgame.games.clash.rules.actions import unit_abilities  # noqa: F401
from civgame.games.clash.rules.actions import wonders  # noqa: F401

# isort: on
from civgame.games.clash.rules.base.registry import BOOK, RULES, Rule


def legal_actions(game: Game) -> list[Action]:
    """Every legal action of the player who must act next (`game.actor()`)."""
    if game.phase == "over":
        return []
    actions: list[Action] = []
    for r in rules_for(game):
        actions.extend(r.legal(game))
    return actions


def rules_for(game: Game) -> tuple[Rule, ...]:
    """The rules whose actions may be taken now: turn actions (only the kind a card forces, if one
    does), or the answers to the top decision."""
    found = BOOK.answering(game.pending[-1] if game.pending else None)
    forced = None if game.pending else action_cards.forced_action(game)
    if forced is not None:  # a card played forces the kind of the next turn action
        kind = forced[0]
        return tuple(r for r in found if kind == r.action.KIND)
    return found


def apply(game: Game, action: Action, *, listed: bool = False) -> None:
    """Perform one action for `game.actor()`; raise RuleError and change nothing if illegal.

    `listed=True` promises that `action` was just listed as legal for this very state (by
    `legal_actions` or a rule's own listing) and nothing has changed since, so the rule's separate
    check is skipped: computer players and their look-ahead apply the actions they list. Everything
    else, a human's click above all, is checked in full."""
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
    if not listed:
        reason = action_cards.why_not_follow_up(game, action)
        if reason:
            raise RuleError(reason)
        if r.check is not None:
            r.check(game, action)
    actor = game.current if top is None else top.player  # (`game.actor()`, the top decision already at hand)
    in_status_phase = game.phase == "status"
    r.perform(game, action)
    action_cards.note_turn_action(game, action, top, actor)
    action_cards.follow_up_taken(game, action, top)
    if game.event is not None:
        events.resume(game)
    if not in_status_phase:  # (nor after the status phase's last answer, which starts the next round)
        objectives.complete_automatic(game)
    # the last decision of a status step (or of an event drawn inside the status phase) was answered
    if game.phase == "status" and not game.pending and game.event is None:
        status.run(game)
    combat.check_ship_capacity(game)
    pirate_allies.settle(game)
    if game.recorded:
        game.history.append(to_plain(action))


def why_illegal(game: Game, action: Action) -> str | None:
    """The rules' own reason (the RuleError its handler raises) why `action` is not legal now, or None
    when it is legal or no rule names a reason. Tried on a copy, so `game` never changes."""
    if action in legal_actions(game):
        return None
    trial = copy.deepcopy(game, {id(game.rules): game.rules})  # the rules are shared, never changed
    try:
        apply(trial, action)
    except RuleError as err:
        return str(err)
    return None
