"""The registry of effect primitives and the queries rule code uses to find active effects.

An effect in rules data is a one-key mapping, `{primitive_name: parameters}`. Each primitive
is declared once with a pydantic model of its parameters, when it applies, a description and
an example; rule modules ask `active(game, player, name)` at the moment the rule applies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

if TYPE_CHECKING:
    from civgame.engine.core.model import Game, Player


class Params(BaseModel):
    """Base of every primitive's parameters: strict, immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class NoParams(Params):
    """A primitive without parameters; written `{name: {}}`."""


@dataclass(frozen=True)
class Primitive:
    name: str
    params: type[Params]
    when: str
    doc: str
    example: dict[str, Any]


REGISTRY: dict[str, Primitive] = {}


def primitive(name: str, *, when: str, doc: str, example: dict[str, Any]) -> Callable[[type[Params]], type[Params]]:
    """Declare a primitive; decorates its parameter model."""

    def register(params: type[Params]) -> type[Params]:
        if name in REGISTRY:
            raise ValueError(f"effect primitive {name!r} declared twice")
        REGISTRY[name] = Primitive(name, params, when, doc, example)
        return params

    return register


@dataclass(frozen=True)
class Effect:
    """One parsed effect of a piece of content."""

    source: str  # the advance (later: wonder, card, leader) that grants it
    name: str
    params: Params


P = TypeVar("P", bound=Params)


def params_as(effect: Effect, model: type[P]) -> P:
    """The parameters of an effect that rule code asked for by the primitive name `model` declares."""
    params = effect.params
    if type(params) is not model and not isinstance(params, model):  # the exact type first: it is quicker
        raise TypeError(f"{effect.name} has {type(params).__name__} parameters, not {model.__name__}")
    return params


def parse_effect(source: str, raw: Any) -> Effect:
    """Parse `{name: params}`; raise ValueError with a readable message."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise ValueError("an effect is a mapping with exactly one primitive name")
    ((name, params),) = raw.items()
    prim = REGISTRY.get(name)
    if prim is None:
        raise ValueError(f"unknown effect primitive {name!r}")
    try:
        return Effect(source, name, prim.params.model_validate(params or {}))
    except ValidationError as exc:
        details = "; ".join(f"{'.'.join(map(str, e['loc'])) or name}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"{name}: {details}") from None


def active(game: Game, player: Player, name: str) -> list[Effect]:
    """Every `name` effect the player benefits from now, in the order the player gained them."""
    sources = game.rules.effect_index.get(name)
    if not sources:
        return []
    return [e for adv in player.advances for e in sources.get(adv, ())]


def has(game: Game, player: Player, name: str) -> bool:
    return bool(active(game, player, name))


def once_per_turn_key(effect: Effect) -> str:
    return f"{effect.source}:{effect.name}"


def unused_this_turn(player: Player, effect: Effect) -> bool:
    return once_per_turn_key(effect) not in player.used_this_turn


def mark_used(player: Player, effect: Effect) -> None:
    player.used_this_turn.append(once_per_turn_key(effect))
