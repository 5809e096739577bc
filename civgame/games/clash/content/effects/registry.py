"""The registry of effect primitives: declaration, parsing and the parsed `Effect`.

An effect in rules data is a mapping with one primitive name and its parameters,
`{primitive_name: parameters}`, optionally narrowed by `only:` (see `CONDITIONS`). Each primitive
is declared once with a pydantic model of its parameters, when it applies, a description and an
example; a primitive that reacts to a moment of play names the hook it `listens` to, or takes the hook
as a parameter (`HookedParams`).
Which effects a player has now is answered by `sources.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from civgame.games.clash.content.effects.hooks import HOOKS

SourceKind = Literal["advance", "special_advance", "wonder", "leader", "card"]
CONDITIONS = {
    "leader_city": "only in the city where the holder's leader stands",
    "with_leader": "only for the holder's units in the space where its leader stands",
    "wonder_city": "only in the city where the wonder granting it stands",
}


class Params(BaseModel):
    """Base of every primitive's parameters: strict, immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class NoParams(Params):
    """A primitive without parameters; written `{name: {}}`."""


def _declared_hook(name: str) -> str:
    if name not in HOOKS:
        raise ValueError(f"{name!r} is not a hook; hooks: {', '.join(sorted(HOOKS))}")
    return name


class HookedParams(Params):
    """Base of primitives whose data names the hook they listen to (`hook: battle_won`)."""

    hook: Annotated[str, AfterValidator(_declared_hook)]


@dataclass(frozen=True)
class Primitive:
    name: str
    params: type[Params]
    when: str
    doc: str
    example: dict[str, Any]
    listens: str | None = None  # the hook whose firing runs this effect's listener


REGISTRY: dict[str, Primitive] = {}


def primitive(
    name: str, *, when: str, doc: str, example: dict[str, Any], listens: str | None = None
) -> Callable[[type[Params]], type[Params]]:
    """Declare a primitive; decorates its parameter model."""
    if name in REGISTRY:
        raise ValueError(f"effect primitive {name!r} declared twice")
    if listens is not None and listens not in HOOKS:
        raise ValueError(f"effect primitive {name!r} listens to an undeclared hook {listens!r}")

    def register(params: type[Params]) -> type[Params]:
        REGISTRY[name] = Primitive(name, params, when, doc, example, listens)
        return params

    return register


@dataclass(frozen=True)
class Effect:
    """One parsed effect of a piece of content."""

    source: str  # the advance, special advance, wonder, leader or card that grants it
    name: str
    params: Params
    kind: SourceKind = "advance"
    only: str | None = None  # a key of CONDITIONS, or None: applies everywhere

    @property
    def hook(self) -> str | None:
        """The hook this effect listens to, if any."""
        if isinstance(self.params, HookedParams):
            return self.params.hook
        return REGISTRY[self.name].listens


P = TypeVar("P", bound=Params)


def params_as(effect: Effect, model: type[P]) -> P:
    """The parameters of an effect that rule code asked for by the primitive name `model` declares."""
    params = effect.params
    if type(params) is not model and not isinstance(params, model):  # the exact type first: it is quicker
        raise TypeError(f"{effect.name} has {type(params).__name__} parameters, not {model.__name__}")
    return params


def parse_effect(source: str, raw: Any, kind: SourceKind = "advance") -> Effect:
    """Parse `{name: params}` (plus an optional `only`); raise ValueError with a readable message."""
    if not isinstance(raw, dict):
        raise ValueError("an effect is a mapping with exactly one primitive name")
    only = raw.get("only")
    names = [key for key in raw if key != "only"]
    if len(names) != 1:
        raise ValueError("an effect is a mapping with exactly one primitive name (and optionally `only`)")
    if only is not None and only not in CONDITIONS:
        raise ValueError(f"only: {only!r} is not one of {', '.join(CONDITIONS)}")
    (name,) = names
    prim = REGISTRY.get(name)
    if prim is None:
        raise ValueError(f"unknown effect primitive {name!r}")
    try:
        return Effect(source, name, prim.params.model_validate(raw[name] or {}), kind, only)
    except ValidationError as exc:
        details = "; ".join(f"{'.'.join(map(str, e['loc'])) or name}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"{name}: {details}") from None
