"""Look-ahead copies of a Sid Meier's Civilization game, written from the model's declared types.

Each class of the model (and each decision, and the game's random generator) gets one copy function,
written once from the declared types of its fields: a number, a string, a literal or a frozen piece
(an action, the goods of a deal) is shared as it is; a list of numbers is sliced, a dict of numbers
copied, a list of squares copied square by square. So a copy tests no value's type but a decision's
(the pending decisions are of many classes) and keeps no memo: the model holds each mutable object in
one place only (a test walks seeded games of both expansions to show it), so there is no shared object
whose sharing a copy would have to keep.

A copy sets each field on a new instance, as the class's own `__init__` does, rather than copying the
instance's `__dict__`: an instance whose attributes were set one by one keeps them where Python reads them
fastest, and the look-ahead reads the copies' fields far more often than it copies them.

A field of a type the copier does not know (a set, `Any`, a class from elsewhere) stops the writing of
its class's copy function with TypeError: a new kind of field is taught here, never copied by guess.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Literal, Union

from civgame.games.sidmeier.core.model import Game

Copier = Callable[[Any], Any]
_SHARED = (int, str, float, bool, type(None))
# The fields a look-ahead copy starts empty: the log and the record of actions, which no rule reads and which
# grow with the game. (The rules data and the rules' look-ups are no fields: `copy_game` shares the one and
# starts the other anew.)
_RECORD = ("log", "history")
# The rules' look-ups that depend on the map's size alone (which never changes): lent to a copy, not made again.
_LENT_LOOKUPS = ("neighbours",)


class _Copiers(dict[type, Copier]):
    """Each class's copy function, written the first time an instance of it is copied."""

    def __missing__(self, cls: type) -> Copier:
        written = self[cls] = _write_copier(cls, ())
        return written


COPIERS = _Copiers()


def _write_copier(cls: type, left_out: tuple[str, ...]) -> Copier:
    """The function copying an instance of the mutable dataclass `cls` field by field (`left_out` fields are
    not set); a frozen one is shared, never copied, so never comes here."""
    hints = typing.get_type_hints(cls)
    names: dict[str, Any] = {"cls": cls, "new": object.__new__, "copiers": COPIERS}
    lines = []
    for f in dataclasses.fields(cls):
        if f.name not in left_out:
            source = f"value.{f.name}"
            copied = _expression(hints[f.name], source, names, 0, f"{cls.__name__}.{f.name}")
            lines.append(f"    copied.{f.name} = {source if copied is None else copied}\n")
    source = "def copy(value):\n    copied = new(cls)\n" + "".join(lines) + "    return copied\n"
    exec(source, names)  # (made from the class's own field names and declared types, as dataclasses does)
    written: Copier = names["copy"]
    return written


def _expression(hint: Any, value: str, names: dict[str, Any], depth: int, where: str) -> str | None:
    """Python source copying `value` of the declared type `hint`; None when the value is shared as it is."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in _SHARED or origin in (Literal, ClassVar):
        return None
    if origin is tuple and all(arg is Ellipsis or _expression(arg, "x", {}, 0, where) is None for arg in args):
        return None
    if origin is list:
        item = f"i{depth}"
        inner = _expression(args[0], item, names, depth + 1, where)
        return f"{value}[:]" if inner is None else f"[{inner} for {item} in {value}]"
    if origin is dict and _expression(args[0], "k", {}, 0, where) is None:
        key, item = f"k{depth}", f"v{depth}"
        inner = _expression(args[1], item, names, depth + 1, where)
        return f"{value}.copy()" if inner is None else f"{{{key}: {inner} for {key}, {item} in {value}.items()}}"
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        (arm,) = (arg for arg in args if arg is not type(None))
        inner = _expression(arm, value, names, depth, where)
        return None if inner is None else f"(None if {value} is None else {inner})"
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if getattr(hint, "__dataclass_params__").frozen:  # noqa: B009  (so is every subclass: dataclasses insists)
            return None
        if hint.__subclasses__():  # the value's own class, of many (a pending decision)
            return f"copiers[type({value})]({value})"
        names[f"copy_{hint.__name__}"] = COPIERS[hint]
        return f"copy_{hint.__name__}({value})"
    raise TypeError(f"a look-ahead copy cannot copy {where}, declared {hint!r}: teach the copier its type")


_copy_fields = _write_copier(Game, _RECORD)


def copy_game(game: Game) -> Game:
    """A copy for look-ahead: the game's own pieces copied, the rules data shared, the log and the record of
    actions left out (no rule reads them), the map's table of neighbours lent."""
    world: Game = _copy_fields(game)
    world.rules, world.log, world.history = game.rules, [], []
    world.cache = lent_lookups(game)
    return world


def lent_lookups(game: Game) -> dict[Any, Any]:
    """A new cache holding the look-ups of `game` that hold for any game on its map."""
    return {key: game.cache[key] for key in _LENT_LOOKUPS if key in game.cache}
