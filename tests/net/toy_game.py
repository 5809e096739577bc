"""A small game behind the framework's interface, to show that the host serves any game: players
take 1 to 3 stones in turn, and whoever takes the last wins. Each holds a secret number that only
they may see (as a hand of cards would be)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from civgame.framework import actions
from civgame.framework.codec import from_plain, to_plain
from civgame.framework.errors import RuleError
from civgame.framework.game import GameDefinition, Outcome


@dataclass(frozen=True)
class Action(actions.Action):
    REGISTRY: ClassVar[dict[str, type]] = {}


@dataclass(frozen=True)
class Take(Action):
    KIND: ClassVar[str] = "take"
    stones: int


@dataclass
class Stones:
    names: list[str]
    secrets: list[int]
    left: int = 10
    current: int = 0
    winner: int = -1
    taken: list[int] = field(default_factory=list)


def new_game(players: list[str], seed: int) -> Stones:
    return Stones(list(players), [seed * 7919 + 104729 * (i + 1) for i in range(len(players))])


def why_illegal(game: Stones, action: Take) -> str | None:
    if not 1 <= action.stones <= min(3, game.left):
        return f"take 1 to {min(3, game.left)} stones"
    return None


def apply(game: Stones, action: Take) -> None:
    reason = why_illegal(game, action)
    if reason:
        raise RuleError(reason)
    game.left -= action.stones
    game.taken.append(action.stones)
    if game.left == 0:
        game.winner = game.current
    game.current = (game.current + 1) % len(game.names)


def view_for(game: Stones, seat: int) -> dict[str, Any]:
    plain: dict[str, Any] = to_plain(game)
    plain["secrets"] = [s if i == seat else None for i, s in enumerate(game.secrets)]
    return plain


DEFINITION = GameDefinition(
    id="stones",
    title="Stones",
    min_players=2,
    max_players=3,
    new_game=new_game,
    legal_actions=lambda game: [] if game.winner >= 0 else [Take(n) for n in range(1, min(3, game.left) + 1)],
    apply=apply,
    why_illegal=why_illegal,
    actor=lambda game: game.current,
    is_over=lambda game: game.winner >= 0,
    outcome=lambda game: Outcome((game.winner,), "took the last stone"),
    player_names=lambda game: game.names,
    check_invariants=lambda game: [],
    dumps=lambda game: json.dumps(to_plain(game)),
    loads=lambda text, source: from_plain(Stones, json.loads(text)),
    view_for=view_for,
)
