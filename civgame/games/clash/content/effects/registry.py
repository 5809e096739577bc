"""The registry of effect primitives: declaration, parsing and the parsed `Effect`.

An effect in rules data is a mapping with one primitive name and its parameters,
`{primitive_name: parameters}`, optionally narrowed by `only:` (see `CONDITIONS`). Each primitive
is declared once with a pydantic model of its parameters, when it applies, a description and an
example; a primitive that reacts to a moment of play names the hook it `listens` to, or takes the hook
as a parameter (`HookedParams`).
The mechanism is the framework's (`civgame.framework.effects`); this is Clash's registry. Which
effects a player has now is answered by `sources.py`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator

from civgame.framework.effects import Effect, EffectRegistry, Params
from civgame.games.clash.content.effects.hooks import HOOKS

SourceKind = Literal["advance", "special_advance", "wonder", "leader", "card", "building"]
CONDITIONS = {
    "leader_city": "only in the city where the holder's leader stands",
    "with_leader": "only for the holder's units in the space where its leader stands",
    "wonder_city": "only in the city where the wonder granting it stands",
}


EFFECTS = EffectRegistry(hooks=HOOKS, conditions=CONDITIONS)
REGISTRY = EFFECTS.primitives
primitive = EFFECTS.primitive


def _declared_hook(name: str) -> str:
    if name not in HOOKS:
        raise ValueError(f"{name!r} is not a hook; hooks: {', '.join(sorted(HOOKS))}")
    return name


class HookedParams(Params):
    """Base of primitives whose data names the hook they listen to (`hook: battle_won`)."""

    hook: Annotated[str, AfterValidator(_declared_hook)]


def effect_hook(effect: Effect) -> str | None:
    """The hook `effect` listens to, if any: its own `hook` parameter, else its primitive's."""
    if isinstance(effect.params, HookedParams):
        return effect.params.hook
    return REGISTRY[effect.name].listens


def parse_effect(source: str, raw: Any, kind: SourceKind = "advance") -> Effect:
    """Parse `{name: params}` (plus an optional `only`); raise ValueError with a readable message."""
    return EFFECTS.parse(source, raw, kind)
