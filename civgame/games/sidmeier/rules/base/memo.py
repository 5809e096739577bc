"""Look-ups shared by the rules' listings of one state: `legal_actions` opens a memo for its one call
(`Game.cache["listing"]`); outside a listing every look-up is worked out afresh."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from civgame.games.sidmeier.core.model import Game

T = TypeVar("T")


def listing(game: Game, key: Hashable, compute: Callable[[], T]) -> T:
    store = game.cache.get("listing")
    if store is None:
        return compute()
    if key not in store:
        store[key] = compute()
    value: T = store[key]
    return value
