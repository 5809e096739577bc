"""The roots of every game's actions and pending decisions.

An action is immutable and comparable, and saved in the game's history; a decision is plain data
naming the player who must answer it. Each game derives its own roots with a `REGISTRY` of its own
(`class Action(framework.actions.Action): REGISTRY = {}`), so that two games may use the same kind
names without meeting in one codec registry.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from civgame.framework.codec import Tagged, from_plain


@dataclass(frozen=True)
class Action(Tagged):
    """Something a player does: a turn action, or the answer to a pending decision."""


@dataclass
class Decision(Tagged):
    """A choice the rules wait for; `player` must answer it."""

    player: int

    def describe(self) -> str:
        return self.KIND.replace("_", " ")


def action_like(known: Action, data: Any) -> Action:
    """`data` decoded as an action of the same game as `known` (through that game's root and its
    `REGISTRY`); CodecError names what does not fit. Whoever holds one action of a game (a listed
    legal action) can so read any other, without knowing which game it is."""
    root = next(cls for cls in type(known).__mro__ if "REGISTRY" in cls.__dict__)
    decoded: object = from_plain(root, data, "action")
    assert isinstance(decoded, Action)
    return decoded


def quick_inits(kinds: Iterable[type[Action]]) -> None:
    """Give each action class an `__init__` that writes its fields straight into the new instance's
    dict, where a frozen dataclass's own calls `object.__setattr__` once per field: listing the legal
    actions makes many of them, and this halves what making one costs. Everything else stays the
    dataclass's: equality, hashing, the refusal to change a field afterwards."""
    for kind in kinds:
        kind.__init__ = _written_init(kind)  # type: ignore[method-assign]


def _written_init(kind: type[Action]) -> Any:
    fields = dataclasses.fields(kind)
    if "__post_init__" in dir(kind) or any(f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{kind.__name__}: only plain fields and defaults are written directly")
    defaults = {f"_default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    params = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}" for f in fields)
    if {"self", "written"} & {f.name for f in fields}:
        raise TypeError(f"{kind.__name__}: a field's name is taken by the written __init__")
    body = "".join(f"\n    written[{f.name!r}] = {f.name}" for f in fields) or "\n    pass"
    source = f"def __init__(self{', ' if params else ''}{params}):\n    written = self.__dict__{body}\n"
    namespace: dict[str, Any] = {}
    exec(source, defaults, namespace)  # (the source is made from the class's own field names, as dataclasses does)
    init = namespace["__init__"]
    init.__qualname__ = f"{kind.__qualname__}.__init__"
    return init
