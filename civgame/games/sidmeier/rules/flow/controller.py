"""The controller: `legal_actions(game)` (of whoever must decide next) and `apply(game, action)`.

Every rule checks an action before it changes anything, so an illegal action raises RuleError and
leaves the game as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content.ruleset import Ruleset
from civgame.games.sidmeier.core.actions import Action
from civgame.games.sidmeier.core.model import Game

# importing a rule module registers its rules
from civgame.games.sidmeier.rules.abilities import cancels, learned, resource  # noqa: F401
from civgame.games.sidmeier.rules.base import victory
from civgame.games.sidmeier.rules.base.book import BOOK
from civgame.games.sidmeier.rules.cities import management  # noqa: F401
from civgame.games.sidmeier.rules.combat import battles  # noqa: F401
from civgame.games.sidmeier.rules.culture import cards  # noqa: F401
from civgame.games.sidmeier.rules.expansions import (  # noqa: F401
    disbanding,
    hut_results,
    investments,
    metropolis,
    policies,
    programs,
)
from civgame.games.sidmeier.rules.flow import phases, setup
from civgame.games.sidmeier.rules.movement import moves  # noqa: F401
from civgame.games.sidmeier.rules.research import learning  # noqa: F401
from civgame.games.sidmeier.rules.trade import deals  # noqa: F401
from civgame.games.sidmeier.rules.turn import start  # noqa: F401


def new_game(
    players: int | Sequence[str],
    seed: int,
    *,
    civilizations: Sequence[str] | None = None,
    tie_breaker: bool = False,
    expansions: Sequence[str] = (),
    great_person_deck: bool = False,
    rules: Ruleset | None = None,
) -> Game:
    """A new game ready for its first decision (the first player's capital)."""
    game = setup.create_game(
        players,
        seed,
        civilizations=civilizations,
        tie_breaker=tie_breaker,
        expansions=expansions,
        great_person_deck=great_person_deck,
        rules=rules,
    )
    phases.advance(game)
    return game


def legal_actions(game: Game) -> list[Action]:
    """Every legal action of the player who must decide next (`game.actor()`).

    The listing is remembered until the next action: asked again, it is not worked out again, and
    `apply` takes one of these very objects without its rule's second check."""
    if game.phase == "over" or not game.pending:
        return []
    stamp = _stamp(game)
    remembered = game.cache.get("listed")
    if remembered is not None and remembered[0] == stamp:
        return list(remembered[1])
    out = _listing(game)
    game.cache["listed"] = (stamp, out)
    return list(out)


def _listing(game: Game) -> list[Action]:
    """The legal actions worked out afresh."""
    out: list[Action] = []
    game.cache["listing"] = {}  # look-ups shared by the rules' listings of this one state
    try:
        for rule in BOOK.listing_in_play(game, game.pending[-1], game.cache.setdefault("in_play", {})):
            out.extend(rule.legal(game))
    finally:
        del game.cache["listing"]
    return out


def _stamp(game: Game) -> tuple[int, int, int, int]:
    """What changes with every action and every change of the board (the rules' caches are cleared
    when a test changes the model by hand)."""
    cache = game.cache
    return len(game.history), id(game.pending[-1]), cache.get("board_version", 0), cache.get("land_version", 0)


def _was_listed(game: Game, action: Action) -> bool:
    """`action` is one of the objects `legal_actions` just listed for this very state."""
    remembered = game.cache.get("listed")
    if remembered is None or remembered[0] != _stamp(game):
        return False
    return any(listed is action for listed in remembered[1])


def apply(game: Game, action: Action, *, listed: bool | None = None) -> None:
    """Perform `action` for `game.actor()`; raise RuleError and change nothing if it is illegal.

    The rule's separate check is skipped when `action` was just listed by `legal_actions` for this very
    state: `listed=True` promises so, `listed=None` looks whether it is one of the objects listed last
    (computer players apply what they list); `listed=False` always checks."""
    rule = BOOK.rules.get(type(action))
    if rule is None:
        raise RuleError(f"unknown action {action!r}")
    if game.phase == "over":
        raise RuleError("the game is over")
    if not game.pending:
        raise RuleError("no decision is pending")
    top = game.pending[-1]
    if not isinstance(top, rule.answers):
        raise RuleError(f"{game.players[top.player].name} must first decide: {top.describe()}")
    if listed is None:
        listed = _was_listed(game, action)
    if not listed and rule.check is not None:
        rule.check(game, action)
    rule.perform(game, action)
    game.history.append(to_plain(action))
    phases.advance(game)
    victory.check_economy(game)


def why_illegal(game: Game, action: Action) -> str | None:
    """The rules' reason why `action` is not legal now, or None when it is. Tried on a copy. (The
    actions are listed afresh: a test may have changed the model by hand.)"""
    if game.phase != "over" and game.pending and action in _listing(game):
        return None
    trial = copy.deepcopy(game, {id(game.rules): game.rules})
    try:
        apply(trial, action)
    except RuleError as err:
        return str(err)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        return f"the action does not fit the game ({err})"
    return None
