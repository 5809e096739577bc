"""Firing hooks: the rule side of triggered effects.

A primitive that listens to a hook (declared in `content/effects/hooks.py`) has one listener
here, registered with `@listener(primitive)`. A rule module calls `fire(game, hook, ...)` at the
hook's declared point; every active effect listening to it runs, player by player in turn order
starting with the current player, and within a player in source order (see `sources.py`).

A listener that needs its player's choice pushes a decision. `fire` stacks those decisions so
they are answered in the same order the listeners ran: the current player's first. A rule that
fires a hook stops there if decisions are pending, as it does after its own decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import HOOKS, REGISTRY, Effect
from civgame.games.clash.content.effects.registry import effect_hook
from civgame.games.clash.core.model import Game, Player

Listener = Callable[[Game, Player, Effect, dict[str, Any]], None]

LISTENERS: dict[str, Listener] = {}
Observer = Callable[[Game, Player, dict[str, Any]], None]
OBSERVERS: dict[str, list[Observer]] = {}  # rules (not content effects) that react to a hook


def listener(primitive_name: str) -> Callable[[Listener], Listener]:
    """Register how effects of `primitive_name` react when their hook fires."""

    def register(handler: Listener) -> Listener:
        if primitive_name not in REGISTRY:
            raise ValueError(f"listener for an undeclared primitive {primitive_name!r}")
        LISTENERS[primitive_name] = handler
        return handler

    return register


def observer(hook: str) -> Callable[[Observer], Observer]:
    """Register a rule's own reaction to `hook` (objectives watching battles, say); it runs after the effects."""

    def register(handler: Observer) -> Observer:
        if hook not in HOOKS:
            raise ValueError(f"observer of an undeclared hook {hook!r}")
        OBSERVERS.setdefault(hook, []).append(handler)
        return handler

    return register


def fire(game: Game, hook: str, *, player: int | None = None, **context: Any) -> None:
    """Run every listening effect of `hook`: the named player's, or every player's for `all` hooks."""
    declared = HOOKS[hook]
    if context.keys() != declared.passes.keys():
        raise ValueError(f"hook {hook} passes {sorted(declared.passes)}, not {sorted(context)}")
    if (player is None) != (declared.scope == "all"):
        raise ValueError(f"hook {hook} is heard by {declared.scope}")
    hearers = _turn_order_from_current(game) if player is None else [player]
    groups = []
    for index in hearers:
        holder = game.player(index)
        for effect in _listening(game, holder, hook):
            start = len(game.pending)
            LISTENERS[effect.name](game, holder, effect, context)
            if not declared.choices and len(game.pending) > start:
                raise ValueError(f"{effect.source}: a listener of {hook} may not wait for a choice")
            groups.append(game.pending[start:])
            del game.pending[start:]
    for pushed in reversed(groups):  # the first listener's decisions end on top: answered first
        game.pending.extend(pushed)
    for observe in OBSERVERS.get(hook, ()):
        for index in hearers:
            observe(game, game.player(index), context)


def _listening(game: Game, holder: Player, hook: str) -> tuple[Effect, ...]:
    """The holder's effects that listen to `hook`, in source order (hooks fire at nearly every
    action, so the listeners to every hook are found once per change of holdings)."""
    return effects.memo(game, holder, _listeners_by_hook).get(hook, ())


def _listeners_by_hook(game: Game, holder: Player, _: Hashable) -> dict[str, tuple[Effect, ...]]:
    by_hook: dict[str, list[Effect]] = {}
    for name in LISTENERS:
        for effect in effects.active(game, holder, name):
            hook = effect_hook(effect)
            if hook is not None:
                by_hook.setdefault(hook, []).append(effect)
    order: dict[tuple[str, str], int] = {}  # the holdings' order, worked out only for a hook heard more than once
    for found in by_hook.values():
        if len(found) > 1:
            order = order or {held: i for i, held in enumerate(effects.holdings(game, holder))}
            found.sort(key=lambda e: order[(e.kind, e.source)])
    return {hook: tuple(found) for hook, found in by_hook.items()}


def _turn_order_from_current(game: Game) -> list[int]:
    n = len(game.players)
    return [(game.current + i) % n for i in range(n)]
