"""Custom abilities granted by content: `UseAbility(source, ability, choice)`.

Each ability primitive registers how to list its legal uses and how to perform one with
`@ability(name, legal=...)`. The handler receives the granting `Effect` and one of the choices
`legal` lists (the rule's check, `_check_use`, refuses any other), and acts. Whether it is a main
action, a free action or once per turn comes from its parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

from civgame.framework.errors import RuleError
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.core.actions import Action, UseAbility
from civgame.games.clash.core.hexgrid import Hex
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.rules.base.registry import rule

AbilityLegal = Callable[[Game, Effect], Iterable[tuple[str, ...]]]
AbilityPerform = Callable[[Game, Effect, tuple[str, ...]], None]
AbilityWhyNot = Callable[[Game, Effect], str | None]


def _no_reason(game: Game, effect: Effect) -> str | None:
    return None


@dataclass(frozen=True)
class AbilityRule:
    legal: AbilityLegal  # the legal `choice` tuples for one granting effect
    perform: AbilityPerform
    why_not: AbilityWhyNot  # the rule that keeps the ability from being used at all now, or None
    why_none: AbilityWhyNot  # why `legal` lists nothing though `why_not` names no reason (asked only then)

    def choices(self, game: Game, effect: Effect) -> list[tuple[str, ...]]:
        return [] if self.why_not(game, effect) else list(self.legal(game, effect))

    def why_unusable(self, game: Game, effect: Effect, choices: list[tuple[str, ...]]) -> str | None:
        """The rule that keeps the ability from being used at all now, given the `choices` it lists."""
        return self.why_not(game, effect) or (None if choices else self.why_none(game, effect))


ABILITIES: dict[str, AbilityRule] = {}


def ability(
    name: str, *, legal: AbilityLegal, why_not: AbilityWhyNot = _no_reason, why_none: AbilityWhyNot = _no_reason
) -> Callable[[AbilityPerform], AbilityPerform]:
    """Register the handler of the ability primitive `name`. `legal` is asked only while `why_not`
    names no reason; a use refused while it does is refused with that reason, and one refused while
    `legal` lists nothing with `why_none`'s (listings need no reason text, so they never ask it)."""

    def register(perform: AbilityPerform) -> AbilityPerform:
        ABILITIES[name] = AbilityRule(legal, perform, why_not, why_none)
        return perform

    return register


def _granting_effect(game: Game, source: str, name: str) -> Effect:
    player = game.player(game.current)
    for effect in effects.active(game, player, name, at=narrowed_at(game, player)):
        if effect.source == source:
            return effect
    raise RuleError(f"{game.player(game.current).name} has no {name.replace('_', ' ')} ability from {source}")


def _legal_abilities(game: Game) -> list[Action]:
    player = game.player(game.current)
    held, _ = effects.memo(game, player, _abilities_held)
    if not held:
        return []
    leader_at = narrowed_at(game, player)
    actions: list[Action] = []
    for name in held:
        handler = ABILITIES[name]
        for effect in effects.active(game, player, name, at=leader_at):
            actions.extend(UseAbility(effect.source, name, choice) for choice in handler.choices(game, effect))
    return actions


def narrowed_at(game: Game, player: Player) -> Hex | None:
    """The place to ask `effects.active` about for the player's abilities: where their leader stands,
    which decides where abilities narrowed by `only:` apply (looked for only when they hold such a one)."""
    _, narrowed = effects.memo(game, player, _abilities_held)
    return effects.leader_space(game, player) if narrowed else None


def _abilities_held(game: Game, player: Player, _: Hashable) -> tuple[tuple[str, ...], bool]:
    """The ability primitives the player holds an effect of (wherever their leader stands), and whether
    any of those effects is narrowed by `only:` to some place."""
    names = tuple(name for name in ABILITIES if effects.holds_any(game, player, name))
    by_source = game.rules.effects_by_source
    narrowed = any(
        effect.only
        for source in effects.holdings(game, player)
        for name, granted in by_source.get(source, {}).items()
        if name in ABILITIES
        for effect in granted
    )
    return names, narrowed


def _check_use(game: Game, action: UseAbility) -> None:
    handler = ABILITIES.get(action.ability)
    if handler is None:
        raise RuleError(f"there is no ability called {action.ability!r}")
    effect = _granting_effect(game, action.source, action.ability)
    choices = handler.choices(game, effect)
    if tuple(action.choice) not in set(choices):
        reason = handler.why_unusable(game, effect, choices)
        raise RuleError(reason or f"{action.source}'s {action.ability.replace('_', ' ')} cannot be used that way now")


@rule(UseAbility, legal=_legal_abilities, check=_check_use)
def use_ability(game: Game, action: UseAbility) -> None:
    """Use an ability one of its `choices` allows (`_check_use`)."""
    effect = _granting_effect(game, action.source, action.ability)
    ABILITIES[action.ability].perform(game, effect, tuple(action.choice))
