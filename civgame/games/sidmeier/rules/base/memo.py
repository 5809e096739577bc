"""Look-ups shared by the rules' listings of one state: `legal_actions` opens a memo for its one call
(`Game.cache["listing"]`); outside a listing every look-up is worked out afresh. Look-ups that read only
the board are kept while it stays the same, across listings (`on_board`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

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


def on_board(game: Game, key: Hashable, compute: Callable[[], T]) -> T:
    """A look-up reading only the board (figures, cities, improvements, terrain, tiles): kept until the board
    changes (every change bumps its version, `yields.touch`)."""
    cache = game.cache
    version = cache.get("board_version", 0)
    kept = cache.get("on_board")
    if kept is None or kept[0] != version:
        kept = cache["on_board"] = (version, {})
    store: dict[Hashable, Any] = kept[1]
    if key not in store:
        store[key] = compute()
    value: T = store[key]
    return value
