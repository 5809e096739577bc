"""A game of Nim on the framework alone: players take 1-3 stones in turn; who takes the last wins.

Small enough to reason about exactly, it shows that the framework knows no rule of Clash.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from civgame.framework import actions as framework
from civgame.framework.codec import from_plain, to_plain
from civgame.framework.errors import RuleError
from civgame.framework.game import GameDefinition, Outcome
from civgame.framework.rulebook import RuleBook
from civgame.framework.search import Lookahead


@dataclass(frozen=True)
class NimAction(framework.Action):
    REGISTRY: ClassVar[dict[str, type]] = {}


@dataclass(frozen=True)
class Take(NimAction):
    KIND: ClassVar[str] = "take"
    stones: int


@dataclass
class Nim:
    stones: int
    players: int = 2
    current: int = 0
    winner: int | None = None
    pending: list[framework.Decision] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)


BOOK: RuleBook[Nim, NimAction] = RuleBook()


def _takes(game: Nim) -> list[NimAction]:
    return [Take(n) for n in (1, 2, 3) if n <= game.stones]


def _check_take(game: Nim, action: Take) -> None:
    if not 1 <= action.stones <= min(3, game.stones):
        raise RuleError(f"take 1 to {min(3, game.stones)} stones")


@BOOK.rule(Take, legal=_takes, check=_check_take)
def take(game: Nim, action: Take) -> None:
    game.stones -= action.stones
    if game.stones == 0:
        game.winner = game.current
    game.current = (game.current + 1) % game.players


def legal_actions(game: Nim) -> list[NimAction]:
    if game.winner is not None:
        return []
    return [a for r in BOOK.answering(None) for a in r.legal(game)]


def apply(game: Nim, action: NimAction) -> None:
    rule = BOOK.rules.get(type(action))
    if rule is None:
        raise RuleError(f"unknown action {action!r}")
    if game.winner is not None:
        raise RuleError("the game is over")
    if rule.check is not None:
        rule.check(game, action)
    rule.perform(game, action)
    game.history.append(to_plain(action))


def why_illegal(game: Nim, action: NimAction) -> str | None:
    try:
        apply(copy.deepcopy(game), action)
    except RuleError as exc:
        return str(exc)
    return None


DEFINITION = GameDefinition(
    id="nim",
    title="Nim",
    min_players=2,
    max_players=2,
    new_game=lambda players, seed: Nim(stones=seed),
    legal_actions=legal_actions,
    apply=apply,  # type: ignore[arg-type]
    why_illegal=why_illegal,  # type: ignore[arg-type]
    actor=lambda game: game.current,
    is_over=lambda game: game.winner is not None,
    outcome=lambda game: Outcome((game.winner,), "took the last stone"),
    player_names=lambda game: [f"Player {i + 1}" for i in range(game.players)],
    check_invariants=lambda game: [] if game.stones >= 0 else ["fewer than no stones"],
    dumps=lambda game: json.dumps(to_plain(game)),
    loads=lambda text, source: from_plain(Nim, json.loads(text)),
    view_for=lambda game, seat: to_plain(game),  # nothing in Nim is hidden
)


def _value(game: Nim, seat: int) -> float:
    if game.winner is None:
        return 0.0
    return 1.0 if game.winner == seat else -1.0


def _random_take(game: Nim, rng: random.Random) -> NimAction | None:
    takes = legal_actions(game)
    return rng.choice(takes) if takes else None


def _playout(game: Nim, rng: random.Random, steps: int) -> int:
    for played in range(steps):
        step = _random_take(game, rng)
        if step is None:
            return played
        apply(game, step)
    return steps


def _all(actions: Sequence[NimAction]) -> Sequence[NimAction]:
    return actions


LOOKAHEAD: Lookahead[Nim, NimAction] = Lookahead(
    legal_actions=legal_actions,
    apply=apply,
    apply_listed=apply,
    copy=copy.deepcopy,
    determinise=lambda game, seat, rng: copy.deepcopy(game),  # nothing is hidden in Nim
    value=_value,
    random_action=_random_take,
    playout=_playout,
    actor=lambda game: game.current,
    is_over=lambda game: game.winner is not None,
    deciding=lambda game: False,
    considered=_all,
    order=lambda action: 0.0,
    lost=-2.0,
)
