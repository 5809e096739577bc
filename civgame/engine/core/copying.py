"""A fast, independent copy of a game, for agents that look ahead by playing on copies.

`copy.deepcopy` walks every object generically and copies the ruleset too; this copies only the
mutable model (dataclass fields, lists, dicts) and shares what never changes in play: the ruleset,
frozen actions, tuples, strings and numbers. Caches kept on the game are copied shallowly.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from civgame.engine.core.model import Game

_FIELDS: dict[type, tuple[str, ...] | None] = {}  # None: an immutable (frozen) dataclass, shared


def _field_names(cls: type) -> tuple[str, ...] | None:
    if cls not in _FIELDS:
        frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        _FIELDS[cls] = None if frozen else tuple(f.name for f in dataclasses.fields(cls))
    return _FIELDS[cls]


def _copy(value: Any) -> Any:
    cls = type(value)
    if cls is list:
        return [_copy(item) for item in value]
    if cls is dict:
        return {key: _copy(item) for key, item in value.items()}
    if cls in (int, str, float, bool, tuple) or value is None:
        return value
    if dataclasses.is_dataclass(value):
        names = _field_names(cls)
        if names is None:
            return value
        copied = object.__new__(cls)
        copied.__dict__.update({name: _copy(value.__dict__[name]) for name in names})
        return copied
    raise TypeError(f"cannot copy a {cls.__name__} held by the game")


def copy_game(game: Game, *, with_record: bool = True) -> Game:
    """An independent copy of `game` sharing its ruleset and board caches.

    Without `with_record` the copy starts with an empty log and history: a look-ahead has no
    use for them and copying them grows with the length of the game.
    """
    copied = object.__new__(Game)
    state = copied.__dict__
    for name, value in game.__dict__.items():
        # Not fields: the ruleset (shared) and caches (board geometry, effects), whose answers hold
        # for the copy too. Each gets its own cache dict, so that filling one never changes another.
        state[name] = dict(value) if type(value) is dict else value
    for name in _field_names(Game) or ():
        if with_record or name not in ("log", "history"):
            state[name] = _copy(game.__dict__[name])
        else:
            state[name] = []
    if "space_region" in state:  # the one board cache that holds model objects: point it at the copies
        own = {id(old): new for old, new in zip(game.regions, copied.regions, strict=True)}
        state["space_region"] = {space: own[id(region)] for space, region in game.space_region.items()}
    return copied
