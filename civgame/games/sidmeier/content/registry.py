"""The registry of effect primitives: declaration, parsing and the parsed `Effect`.

An effect in rules data is a mapping with one primitive name and its parameters, `{name: params}`.
Each primitive is declared once with a pydantic model of its parameters, the moment it applies
(`kind`), a description and an example. Rule code asks for effects by primitive name; it never
tests the name of a card, tech or civilization. (The game keeps its own registry until the framework
offers a shared one.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

Kind = Literal["passive", "trigger", "start_of_turn", "resource", "on_learn", "setup", "card"]
KINDS: dict[str, str] = {
    "passive": "Passive: holds while its source is in play (a known tech, the government ruling, a wonder "
    "that is neither obsolete nor blockaded, the civilization)",
    "trigger": "Triggered: acts by itself each time the moment it names happens to the holder",
    "start_of_turn": "Start of Turn: acts in the holder's Start of Turn phase",
    "resource": "Resource ability: the holder spends the listed resources in the listed phase, once per turn",
    "on_learn": "When learned: acts once, when the tech is learned",
    "setup": "Setup: a civilization's bonus taken once, at setup",
    "card": "Culture event card: acts when the card is played in its phase",
}


class Params(BaseModel):
    """Base of every primitive's parameters: strict, immutable, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


@dataclass(frozen=True)
class Primitive:
    name: str
    params: type[Params]
    kind: Kind
    doc: str
    example: dict[str, Any]


REGISTRY: dict[str, Primitive] = {}
P = TypeVar("P", bound=type[Params])


def primitive(name: str, *, kind: Kind, doc: str, example: dict[str, Any]) -> Callable[[P], P]:
    """Declare a primitive; decorates its parameter model."""
    if name in REGISTRY:
        raise ValueError(f"effect primitive {name!r} declared twice")
    if kind not in KINDS:
        raise ValueError(f"effect primitive {name!r}: unknown kind {kind!r}")

    def register(params: P) -> P:
        REGISTRY[name] = Primitive(name, params, kind, doc, example)
        return params

    return register


@dataclass(frozen=True)
class Effect:
    """One parsed effect of a piece of content."""

    name: str
    params: Params

    @property
    def kind(self) -> Kind:
        return REGISTRY[self.name].kind


def parse_effect(raw: Any) -> Effect:
    """Parse `{name: params}`; raise ValueError with a readable message."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise ValueError("an effect is a mapping with exactly one primitive name")
    ((name, params),) = raw.items()
    prim = REGISTRY.get(name) if isinstance(name, str) else None
    if prim is None:
        raise ValueError(f"unknown effect primitive {name!r} (see docs/sid-meier-effects.md)")
    try:
        return Effect(name, prim.params.model_validate(params if params is not None else {}))
    except ValidationError as exc:
        details = "; ".join(f"{'.'.join(map(str, e['loc'])) or name}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"{name}: {details}") from None


def docs_markdown() -> str:
    """The reference of every primitive, grouped by kind: `docs/sid-meier-effects.md`."""
    lines = [
        "# Effect primitives of Sid Meier's Civilization: The Board Game",
        "",
        "Generated from `civgame/games/sidmeier/content/effects.py` (`python -m civgame.games.sidmeier.content.docs`).",
        "Content in `rules_data/sid-meier/` names these primitives in its `effects` lists, as `{name: parameters}`.",
        "",
    ]
    for kind, heading in KINDS.items():
        found = sorted((p for p in REGISTRY.values() if p.kind == kind), key=lambda p: p.name)
        if not found:
            continue
        lines += [f"## {heading}", ""]
        for prim in found:
            fields = ", ".join(
                f"`{field}`{'' if info.is_required() else ' (optional)'}"
                for field, info in prim.params.model_fields.items()
            )
            lines += [f"### `{prim.name}`", "", prim.doc, ""]
            lines += [f"Parameters: {fields or 'none'}.", "", f"Example: `{_flow(prim.example)}`", ""]
    return "\n".join(lines).rstrip() + "\n"


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return str(value)
