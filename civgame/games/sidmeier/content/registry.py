"""This game's registry of effect primitives, on the framework's `EffectRegistry`.

An effect in rules data is a mapping with one primitive name and its parameters, `{name: params}`.
Each primitive is declared once (`content/effects.py`) with a pydantic model of its parameters, the
moment it applies (its `kind`, one of `KINDS`), a description and an example. Rule code asks for
effects by primitive name; it never tests the name of a card, tech or civilization.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from pydantic import ConfigDict

from civgame.framework import effects as framework
from civgame.framework.effects import Effect, EffectRegistry

Kind = Literal[
    "passive", "trigger", "start_of_turn", "resource", "on_learn", "setup", "card", "marker", "great_person", "relic"
]
KINDS: dict[str, str] = {
    "passive": "Passive: holds while its source is in play (a known tech, the government ruling, a wonder "
    "that is neither obsolete nor blockaded, the civilization)",
    "trigger": "Triggered: acts by itself each time the moment it names happens to the holder",
    "start_of_turn": "Start of Turn: acts in the holder's Start of Turn phase",
    "resource": "Resource ability: the holder spends the listed resources in the listed phase, once per turn",
    "on_learn": "When learned: acts once, when the tech is learned",
    "setup": "Setup: a civilization's bonus taken once, at setup",
    "card": "Culture event card: acts when the card is played in its phase",
    "marker": "Hut or village marker (the expansions'): acts when the marker is found, or when its holder reveals it",
    "great_person": "Great person card (Fame and Fortune's optional deck): acts once, when its holder uses the card "
    "in the phase it names (the card is then discarded)",
    "relic": "Relic (the expansions'): acts once, for the player whose army removes the relic from the map",
}


class Params(framework.Params):
    """Base of every primitive's parameters: strict (no coercion), immutable, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


EFFECTS = EffectRegistry()
KIND_OF: dict[str, Kind] = {}
P = TypeVar("P", bound=Params)


def primitive(name: str, *, kind: Kind, doc: str, example: dict[str, Any]) -> Callable[[type[P]], type[P]]:
    """Declare a primitive of this game; decorates its parameter model."""
    if kind not in KINDS:
        raise ValueError(f"effect primitive {name!r}: unknown kind {kind!r}")
    KIND_OF[name] = kind
    return EFFECTS.primitive(name, when=KINDS[kind].split(":")[0], doc=doc, example=example)


def kind_of(effect: Effect) -> Kind:
    return KIND_OF[effect.name]


def parse_effect(source: str, raw: Any, kind: str) -> Effect:
    """Parse `{name: params}`; raise ValueError with a readable message."""
    return EFFECTS.parse(source, raw, kind)


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
        names = sorted(n for n, k in KIND_OF.items() if k == kind)
        if not names:
            continue
        section = EffectRegistry(primitives={n: EFFECTS.primitives[n] for n in names})
        lines += [f"## {heading}", "", *section.reference_sections()]
    return "\n".join(lines).rstrip() + "\n"
