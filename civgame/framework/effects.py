"""Effect primitives, declared once per game: the named, parametrized building blocks of content.

An effect in rules data is a mapping with one primitive name and its parameters,
`{primitive_name: parameters}`, optionally narrowed by `only:` (one of the registry's conditions).
Each primitive is declared once with a pydantic model of its parameters, when it applies, a
description and an example; a primitive that reacts to a moment of play names the hook it
`listens` to. Every game keeps an `EffectRegistry` of its own primitives, hooks and conditions, and
its modders' reference page is generated from it (`reference_sections`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from civgame.framework.schema_text import parameter_lines


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
    listens: str | None = None  # the hook whose firing runs this effect's listener


@dataclass(frozen=True)
class Effect:
    """One parsed effect of a piece of content."""

    source: str  # the piece of content that grants it
    name: str
    params: Params
    kind: str  # what kind of content the source is (an advance, a wonder, a card…)
    only: str | None = None  # a condition of the registry, or None: applies everywhere


P = TypeVar("P", bound=Params)


def params_as(effect: Effect, model: type[P]) -> P:
    """The parameters of an effect that rule code asked for by the primitive name `model` declares."""
    params = effect.params
    if type(params) is not model and not isinstance(params, model):  # the exact type first: it is quicker
        raise TypeError(f"{effect.name} has {type(params).__name__} parameters, not {model.__name__}")
    return params


@dataclass
class EffectRegistry:
    """One game's primitives; `hooks` and `conditions` are the names `listens` and `only` may use."""

    hooks: Collection[str] = ()
    conditions: Mapping[str, str] = field(default_factory=dict)  # name -> what it narrows an effect to
    primitives: dict[str, Primitive] = field(default_factory=dict)

    def primitive(
        self, name: str, *, when: str, doc: str, example: dict[str, Any], listens: str | None = None
    ) -> Callable[[type[P]], type[P]]:
        """Declare a primitive; decorates its parameter model."""
        if name in self.primitives:
            raise ValueError(f"effect primitive {name!r} declared twice")
        if listens is not None and listens not in self.hooks:
            raise ValueError(f"effect primitive {name!r} listens to an undeclared hook {listens!r}")

        def register(params: type[P]) -> type[P]:
            self.primitives[name] = Primitive(name, params, when, doc, example, listens)
            return params

        return register

    def parse(self, source: str, raw: Any, kind: str) -> Effect:
        """Parse `{name: params}` (plus an optional `only`); raise ValueError with a readable message."""
        if not isinstance(raw, dict):
            raise ValueError("an effect is a mapping with exactly one primitive name")
        only = raw.get("only")
        names = [key for key in raw if key != "only"]
        if len(names) != 1:
            raise ValueError("an effect is a mapping with exactly one primitive name (and optionally `only`)")
        if only is not None and only not in self.conditions:
            raise ValueError(f"only: {only!r} is not one of {', '.join(self.conditions)}")
        (name,) = names
        prim = self.primitives.get(name)
        if prim is None:
            raise ValueError(f"unknown effect primitive {name!r}")
        try:
            return Effect(source, name, prim.params.model_validate(raw[name] or {}), kind, only)
        except ValidationError as exc:
            details = "; ".join(f"{'.'.join(map(str, e['loc'])) or name}: {e['msg']}" for e in exc.errors())
            raise ValueError(f"{name}: {details}") from None

    def reference_sections(self) -> list[str]:
        """The Markdown reference of every primitive, in name order, for a game's docs page."""
        lines: list[str] = []
        for name in sorted(self.primitives):
            prim = self.primitives[name]
            listens = f" *Listens to:* `{prim.listens}`." if prim.listens else ""
            lines += [f"### `{name}`", "", f"*When:* {prim.when}.{listens}", "", prim.doc, "", "Parameters:", ""]
            lines += parameter_lines(prim.params)
            example = yaml.safe_dump([prim.example], sort_keys=False, default_flow_style=None).strip()
            lines += ["", "Example:", "", "```yaml", "effects:", *("  " + ln for ln in example.splitlines()), "```", ""]
        return lines
