"""A fast, independent copy of a game, for agents that look ahead by playing on copies.

`copy.deepcopy` walks every object generically and copies the ruleset too; this copies only the
mutable model and shares what never changes in play: the ruleset, frozen actions, tuples, strings
and numbers. Each model class gets its own copy function, written once from the declared types of
its fields (a list of strings is sliced, a dict of numbers copied, a list of units copied unit by
unit), so a copy does no type tests value by value. A field whose declared type says nothing
useful (`Any`) is copied by looking at its values. Caches kept on the game: those filled as
questions come (effects, distances) are copied shallowly; the board caches made whole at once are shared.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, Union

from civgame.games.clash.core.model import Game

Copier = Callable[[Any], Any]
_COPIERS: dict[type, Copier] = {}
_WRITING: set[type] = set()  # copiers being written: a class holding itself is copied by its own class
_ATOMS = (int, str, float, bool, type(None))
_RECORD = ("log", "history")  # a look-ahead needs neither; copying them grows with the game


def copier(cls: type) -> Copier:
    """The function that copies an instance of the model class `cls` (shared when it is frozen)."""
    found = _COPIERS.get(cls)
    if found is None:
        _WRITING.add(cls)
        try:
            found = _COPIERS[cls] = _write_copier(cls)
        finally:
            _WRITING.discard(cls)
    return found


def _copy(value: Any) -> Any:
    """Copy a value whose type is not declared usefully: by looking at what it is."""
    cls = type(value)
    if cls is list:
        return [_copy(item) for item in value]
    if cls is dict:
        return {key: _copy(item) for key, item in value.items()}
    if cls in _ATOMS or cls is tuple:
        return value
    if dataclasses.is_dataclass(value):
        return copier(cls)(value)
    raise TypeError(f"cannot copy a {cls.__name__} held by the game")


def _write_copier(cls: type, skip: tuple[str, ...] = ()) -> Copier:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"cannot copy a {cls.__name__} held by the game")
    if _frozen(cls):
        return _shared
    hints = typing.get_type_hints(cls)
    names: dict[str, Any] = {"cls": cls, "new": object.__new__}
    # The instance's attributes are copied at once, then each field that is not shared is replaced
    # by its copy (most fields hold numbers and strings, shared as they are); skipped fields are left out.
    lines = ["    state = copied.__dict__ = value.__dict__.copy()"]
    for f in dataclasses.fields(cls):
        if f.name in skip:
            lines.append(f"    del state[{f.name!r}]")
            continue
        expression = _expression(hints[f.name], f"state[{f.name!r}]", names, 0)
        if expression is not None:
            lines.append(f"    state[{f.name!r}] = {expression}")
    source = "def copy(value):\n    copied = new(cls)\n" + "\n".join(lines) + "\n    return copied\n"
    exec(source, names)
    written: Copier = names["copy"]
    return written


def _frozen(cls: type) -> bool:
    return bool(getattr(cls, "__dataclass_params__").frozen)  # noqa: B009  (set by @dataclass, unknown to mypy)


def _shared(value: Any) -> Any:
    return value


def _expression(hint: Any, value: str, names: dict[str, Any], depth: int) -> str | None:
    """Python source copying `value` of the declared type `hint`; None when it can be shared."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint in _ATOMS or origin is Literal:
        return None
    if hint is Any:
        names["copy_any"] = _copy
        return f"copy_any({value})"
    if origin is tuple:
        shared = all(_expression(arg, "x", {}, depth + 1) is None for arg in args if arg is not Ellipsis)
        return None if shared else _expression(Any, value, names, depth)
    if origin is list:
        item = f"i{depth}"
        inner = _expression(args[0], item, names, depth + 1)
        return f"{value}[:]" if inner is None else f"[{inner} for {item} in {value}]"
    if origin is dict:
        key, item = f"k{depth}", f"v{depth}"
        if _expression(args[0], key, {}, depth + 1) is not None:
            return _expression(Any, value, names, depth)
        inner = _expression(args[1], item, names, depth + 1)
        return f"{value}.copy()" if inner is None else f"{{{key}: {inner} for {key}, {item} in {value}.items()}}"
    if origin in (Union, types.UnionType):
        arms = [arg for arg in args if arg is not type(None)]
        copied = [_expression(arm, value, names, depth) for arm in arms]
        if all(c is None for c in copied):
            return None
        if len(arms) == 1:
            return f"(None if {value} is None else {copied[0]})"
        return _expression(Any, value, names, depth)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if _frozen(hint):  # and so are its subclasses
            return None
        if hint.__subclasses__() or hint in _WRITING:  # by the value's own class: it may be a subclass (decisions)
            names["copier"] = copier
            return f"copier(type({value}))({value})"
        names[f"copy_{hint.__name__}"] = copier(hint)
        return f"copy_{hint.__name__}({value})"
    return _expression(Any, value, names, depth)


_copy_game_state = _write_copier(Game, skip=_RECORD)
_GAME_FIELDS = frozenset(f.name for f in dataclasses.fields(Game))
_MADE_WHOLE = frozenset({"_terrain_map", "_adjacency"})  # board caches never changed once made: shared
_SHARED = frozenset({"road_reaches"})  # caches of answers that hold on every copy until the board changes
_NOT_COPIED = _GAME_FIELDS | _MADE_WHOLE | _SHARED | {"space_region"}


def copy_game(game: Game, *, with_record: bool = True) -> Game:
    """An independent copy of `game` sharing its ruleset and board caches.

    Without `with_record` the copy has an empty log and history and keeps them so (`Game.recorded`):
    a look-ahead has no use for them, and copying and writing them costs time.
    """
    copied: Game = _copy_game_state(game)
    state = copied.__dict__
    for name in _RECORD:
        state[name] = _copy(game.__dict__[name]) if with_record else []
    if with_record:
        state.pop("recorded", None)  # (a copy of a look-ahead with its record writes one)
    else:
        state["recorded"] = False
    for name in _SHARED:
        state[name] = getattr(game, name)  # (made on the original first, so that its later copies share it too)
    for name in state.keys() - _NOT_COPIED:
        # Not fields, and copied along: the ruleset (shared) and caches (board geometry, effects), whose
        # answers hold for the copy too. Each gets its own cache dict, so that filling one never changes another.
        if type(state[name]) is dict:
            state[name] = dict(state[name])
    if "space_region" in state:  # the one board cache that holds model objects: point it at the copies
        own = {id(old): new for old, new in zip(game.regions, copied.regions, strict=True)}
        state["space_region"] = {space: own[id(region)] for space, region in game.space_region.items()}
    return copied
