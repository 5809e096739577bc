"""Abilities of the culture, spirituality, economy and government advances (see effects/culture.py).

Each is a `UseAbility(source, ability, choice)`; the choice strings name what the player picks:
  free_action (influence_culture): (source city space, target city space, building, range tokens)
  free_action (increase_happiness): ()
  mood_steps: (city space, steps)
  exchange:   (option label, action card ids to discard...)
  taxes:      one resource name per city owned, in the order the ability lists them
  draw_and_discard: () — then a choice of the cards to discard, one at a time
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations, combinations_with_replacement
from typing import Protocol

from civgame.framework.wording import counted, with_article
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.culture import (
    DrawAndDiscard,
    Exchange,
    ExchangeOption,
    FreeAction,
    GoldInstead,
    MoodSteps,
    ShipRegionsReward,
    Taxes,
)
from civgame.games.clash.core.actions import InfluenceCulture
from civgame.games.clash.core.decisions import EffectChoiceDecision
from civgame.games.clash.core.hexgrid import hex_to_label, label_to_hex
from civgame.games.clash.core.model import MOODS, City, Game, Player
from civgame.games.clash.core.vocabulary import K, amounts
from civgame.games.clash.rules.actions import cities, happiness, influence
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.abilities import ability, narrowed_at
from civgame.games.clash.rules.base.cards import discard
from civgame.games.clash.rules.base.cards import take as take_card
from civgame.games.clash.rules.base.payments import can_pay, describe, gain, pay, payment_for
from civgame.games.clash.rules.base.turns import spend_main_action

Choice = tuple[str, ...]


def _player(game: Game) -> Player:
    return game.player(game.current)


class _Timing(Protocol):
    """The timing parameters every ability shares."""

    @property
    def once_per_turn(self) -> bool: ...


def _why_unavailable(game: Game, player: Player, effect: Effect, timing: _Timing, main_action: bool) -> str | None:
    """The timing limits every ability shares: a main action left, the once-per-turn use unspent."""
    if main_action and game.actions_left <= 0:
        return "no main actions left this turn"
    if timing.once_per_turn and not effects.unused_this_turn(player, effect):
        return f"{effect.source} was already used this turn"
    return None


def _why_unpaid(game: Game, player: Player, cost: dict[str, int]) -> str | None:
    return None if can_pay(game, player, cost) else f"{player.name} cannot pay {describe(cost)}"


class _Exclusive(Protocol):
    """Parameters naming other sources of the same ability that rule each other out within a turn."""

    @property
    def excludes(self) -> list[str]: ...


def _excluded(game: Game, player: Player, effect: Effect, params: _Exclusive) -> bool:
    """Another source of the same ability used this turn rules this one out (its `excludes` or ours)."""
    for other in effects.active(game, player, effect.name, at=narrowed_at(game, player)):
        if other.source == effect.source or effects.unused_this_turn(player, other):
            continue
        theirs: list[str] = getattr(other.params, "excludes", [])  # the same primitive's parameters
        if other.source in params.excludes or effect.source in theirs:
            return True
    return False


def _used(game: Game, player: Player, effect: Effect, timing: _Timing, main_action: bool) -> None:
    if main_action:
        spend_main_action(game)
    if timing.once_per_turn:
        effects.mark_used(player, effect)


def _city_at(game: Game, label: str) -> City:
    city = game.city_at(label_to_hex(label))
    assert city is not None  # the dispatcher only lets listed choices through
    return city


# ------------------------------------------------------------------ free_action


def _attempt_choice(game: Game, attempt: InfluenceCulture) -> Choice:
    source, target = game.city(attempt.source), game.city(attempt.target)
    assert source is not None and target is not None
    return (hex_to_label(source.pos), hex_to_label(target.pos), attempt.building, str(attempt.range_tokens))


def _why_not_free_action(game: Game, effect: Effect) -> str | None:
    player = _player(game)
    params = effects.params_as(effect, FreeAction)
    cost = amounts(params.cost)
    reason = _why_unavailable(game, player, effect, params, main_action=False)
    if reason:
        return reason
    if _excluded(game, player, effect, params):
        return f"{effect.source} cannot be used in a turn another such free action was used"
    if params.action == "influence_culture":  # (a raise's extra cost may be paid like the raise: Rituals)
        if not can_pay(game, player, cost):
            return f"{player.name} cannot pay {describe(cost)}"
        if player.influence_succeeded:
            return f"{player.name} has already influenced culture successfully this turn"
    elif not happiness.can_raise_any(game, player.index, cost, _only_city(game, player, params)):
        return f"{player.name} has no city whose mood they can afford to raise"
    return None


def _why_no_free_action(game: Game, effect: Effect) -> str:
    """Why no choice is listed though `_why_not_free_action` allows the ability: no attempt to make
    (a free Increase Happiness always lists its one choice)."""
    return f"no city of {_player(game).name} can reach a building to influence now"


def _legal_free_action(game: Game, effect: Effect) -> list[Choice]:
    player = _player(game)
    params = effects.params_as(effect, FreeAction)
    cost = amounts(params.cost)
    if params.action == "influence_culture":
        return [_attempt_choice(game, a) for a in influence.attempts(game, player, cost)]
    return [()]


def _only_city(game: Game, player: Player, params: FreeAction) -> int | None:
    """The leader's city for a `leader_city_only` free action (-1, no city at all, if it stands elsewhere)."""
    if not params.leader_city_only:
        return None
    space = effects.leader_space(game, player)
    city = game.city_at(space) if space is not None else None
    return city.id if city is not None else -1


@ability("free_action", legal=_legal_free_action, why_not=_why_not_free_action, why_none=_why_no_free_action)
def free_action(game: Game, effect: Effect, choice: Choice) -> None:
    player = _player(game)
    params = effects.params_as(effect, FreeAction)
    cost = amounts(params.cost)
    if params.action == "influence_culture":
        source, target = _city_at(game, choice[0]), _city_at(game, choice[1])
        attempt = InfluenceCulture(source.id, target.id, choice[2], int(choice[3]))
        influence.free_attempt(game, player, attempt, cost)
    else:
        happiness.free_increase(game, player, cost, effect.source, _only_city(game, player, params))
    _used(game, player, effect, params, main_action=False)


# ------------------------------------------------------------------ mood_steps


def _why_not_mood_steps(game: Game, effect: Effect) -> str | None:
    player = _player(game)
    params = effects.params_as(effect, MoodSteps)
    reason = _why_unavailable(game, player, effect, params, params.main_action)
    if reason:
        return reason
    if all(city.mood == MOODS[-1] for city in game.cities_of(player.index)):
        return f"every city of {player.name} is already {MOODS[-1]}"
    return _why_unpaid(game, player, _times(params.cost_per_step, 1))


def _legal_mood_steps(game: Game, effect: Effect) -> list[Choice]:
    player = _player(game)
    params = effects.params_as(effect, MoodSteps)
    choices: list[Choice] = []
    for city in game.cities_of(player.index):
        room = len(MOODS) - 1 - MOODS.index(city.mood)
        for steps in range(1, min(room, params.max_steps) + 1):
            if can_pay(game, player, _times(params.cost_per_step, steps)):
                choices.append((hex_to_label(city.pos), str(steps)))
    return choices


def _times(cost: Mapping[K, int], n: int) -> dict[str, int]:
    return {item: amount * n for item, amount in cost.items()}


@ability("mood_steps", legal=_legal_mood_steps, why_not=_why_not_mood_steps)
def mood_steps(game: Game, effect: Effect, choice: Choice) -> None:
    player = _player(game)
    city, steps = _city_at(game, choice[0]), int(choice[1])
    params = effects.params_as(effect, MoodSteps)
    cost = _times(params.cost_per_step, steps)
    pay(player, payment_for(game, player, cost))
    city.mood = MOODS[MOODS.index(city.mood) + steps]
    _used(game, player, effect, params, params.main_action)
    log.say(
        game,
        "ability.mood_steps",
        player.index,
        payment=log.things(cost),
        source=effect.source,
        space=hex_to_label(city.pos),
        mood=city.mood,
    )


# ------------------------------------------------------------------ exchange


OBJECTIVE = "objective:"  # marks an objective card among the cards an exchange choice discards


def option_label(option: ExchangeOption) -> str:
    """ "1 culture for 1 mood", "1 action card for 1 gold", "3 mood"."""
    give = [describe(amounts(option.pay))] if option.pay else []
    if option.discard_action_cards:
        give.append(counted(option.discard_action_cards, "action card"))
    if option.discard_objective_cards:
        give.append(counted(option.discard_objective_cards, "objective card"))
    get = [describe(amounts(option.gain))] if option.gain else []
    if option.extra_actions:
        get.append(counted(option.extra_actions, "extra action"))
    return f"{' and '.join(give)} for {' and '.join(get)}" if give else " and ".join(get)


def _why_not_exchange(game: Game, effect: Effect) -> str | None:
    params = effects.params_as(effect, Exchange)
    return _why_unavailable(game, _player(game), effect, params, params.main_action)


def _why_no_exchange(game: Game, effect: Effect) -> str:
    """Why no exchange is listed: the player lacks what every option asks (resources or cards)."""
    options = effects.params_as(effect, Exchange).options
    return f"{_player(game).name} has not what any exchange of {effect.source} asks: " + "; ".join(
        option_label(o) for o in options
    )


def _legal_exchange(game: Game, effect: Effect) -> list[Choice]:
    player = _player(game)
    params = effects.params_as(effect, Exchange)
    choices: list[Choice] = []
    for option in params.options:
        if not can_pay(game, player, amounts(option.pay)):
            continue
        card_sets = list(combinations(sorted(player.action_cards), option.discard_action_cards))
        objective_sets = list(combinations(sorted(player.objective_cards), option.discard_objective_cards))
        if not (card_sets and objective_sets):  # too few cards to discard: no label need be worded
            continue
        label = option_label(option)
        for cards in card_sets:
            for objectives in objective_sets:
                choices.append((label, *map(str, cards), *(OBJECTIVE + str(c) for c in objectives)))
    return choices


@ability("exchange", legal=_legal_exchange, why_not=_why_not_exchange, why_none=_why_no_exchange)
def exchange(game: Game, effect: Effect, choice: Choice) -> None:
    player = _player(game)
    params = effects.params_as(effect, Exchange)
    option = next(o for o in params.options if option_label(o) == choice[0])
    pay(player, payment_for(game, player, amounts(option.pay)))
    for card in choice[1:]:
        if card.startswith(OBJECTIVE):
            player.objective_cards.remove(int(card.removeprefix(OBJECTIVE)))
            discard(game, player, "objective", int(card.removeprefix(OBJECTIVE)))
        else:
            player.action_cards.remove(int(card))
            discard(game, player, "action", int(card))
    kept = gain(game, player, amounts(option.gain))
    game.actions_left += option.extra_actions
    _used(game, player, effect, params, params.main_action)
    if kept == amounts(option.gain):
        log.say(game, "ability.exchange", player.index, source=effect.source, exchange=option_label(option))
    else:
        exchange, what = option_label(option), log.things(kept) or "nothing"
        log.say(game, "ability.exchange_kept", player.index, source=effect.source, exchange=exchange, kept=what)


# ------------------------------------------------------------------ taxes


def tax_kinds(game: Game, player: Player, effect: Effect) -> list[str]:
    """The resources a `taxes` ability offers: its own, plus gold with a `gold_instead` for taxes."""
    kinds: list[str] = list(effects.params_as(effect, Taxes).resources)
    gold_instead = (effects.params_as(e, GoldInstead).use for e in effects.active(game, player, "gold_instead"))
    if "taxes" in gold_instead and "gold" not in kinds:
        kinds.append("gold")
    return kinds


def leader_city(game: Game, player: Player) -> City | None:
    """The player's own city where its leader stands, if it can be activated now."""
    space = effects.leader_space(game, player)
    city = game.city_at(space) if space is not None else None
    if city is None or city.owner != player.index or cities.why_cannot_activate(game, city):
        return None
    return city


def _why_not_taxes(game: Game, effect: Effect) -> str | None:
    player = _player(game)
    params = effects.params_as(effect, Taxes)
    reason = _why_unavailable(game, player, effect, params, params.main_action)
    reason = reason or _why_unpaid(game, player, amounts(params.pay))
    if reason is None and params.count is None and not game.cities_of(player.index):
        return f"{player.name} has no city to tax"
    if reason is None and params.requires_advance and not player.has(params.requires_advance):
        return f"{effect.source} needs {params.requires_advance}"
    if reason is None and _excluded(game, player, effect, params):
        return f"{effect.source} cannot be used in a turn another Taxes ability was used"
    if reason is None and params.activates_leader_city and not leader_city(game, player):
        return f"{effect.source} needs the leader in one of your cities that can be activated"
    return reason


def _legal_taxes(game: Game, effect: Effect) -> list[Choice]:
    count = effects.params_as(effect, Taxes).count
    if count is None:
        count = len(game.cities_of(_player(game).index))
    return list(combinations_with_replacement(tax_kinds(game, _player(game), effect), count))


@ability("taxes", legal=_legal_taxes, why_not=_why_not_taxes)
def taxes(game: Game, effect: Effect, choice: Choice) -> None:
    player = _player(game)
    params = effects.params_as(effect, Taxes)
    city = leader_city(game, player) if params.activates_leader_city else None
    pay(player, payment_for(game, player, amounts(params.pay)))
    if city is not None:
        cities.begin_activation(game, city)
    kept = gain(game, player, dict(Counter(choice)))
    _used(game, player, effect, params, params.main_action)
    log.say(
        game,
        "ability.taxes" if params.count is None else "ability.resources_chosen",
        player.index,
        source=effect.source,
        payment=log.things(amounts(params.pay)),
        what=log.things(kept) or "nothing",
    )
    if city is not None:
        cities.finish_activation(game, city)


# ------------------------------------------------------------------ draw_and_discard

DISCARD = "discard"  # option prefix: "discard action 12"


def _why_not_draw_and_discard(game: Game, effect: Effect) -> str | None:
    player = _player(game)
    params = effects.params_as(effect, DrawAndDiscard)
    if params.main_action and game.actions_left <= 0:
        return "no main actions left this turn"
    if params.activates_leader_city and leader_city(game, player) is None:
        return f"{effect.source} needs the leader in one of your cities that can be activated"
    return _why_unpaid(game, player, amounts(params.pay))


@ability("draw_and_discard", legal=lambda game, effect: [()], why_not=_why_not_draw_and_discard)
def draw_and_discard(game: Game, effect: Effect, choice: Choice) -> None:
    player = _player(game)
    params = effects.params_as(effect, DrawAndDiscard)
    city = leader_city(game, player) if params.activates_leader_city else None
    pay(player, amounts(params.pay))
    if params.main_action:
        spend_main_action(game)
    if city is not None:
        cities.begin_activation(game, city)
    log.say(
        game, "ability.draw_and_discard", player.index, payment=log.things(amounts(params.pay)), source=effect.source
    )
    for deck, count in params.draw.items():
        for _ in range(count):
            take_card(game, player, deck, from_discard=False)
            game.pending.append(
                EffectChoiceDecision(player=player.index, source=effect.source, effect=effect.name, options=[deck])
            )
    if city is not None:
        cities.finish_activation(game, city)


def _hand(player: Player, deck: str) -> list[int]:
    return player.action_cards if deck == "action" else player.objective_cards


def _discard_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    """The cards of the decision's deck (its one listed option) in the player's hand."""
    deck = decision.options[0]
    return [f"{DISCARD} {deck} {card}" for card in sorted(set(_hand(game.player(decision.player), deck)))]


def _discard(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    _, deck, card = option.split(" ")
    player = game.player(decision.player)
    _hand(player, deck).remove(int(card))
    discard(game, player, deck, int(card))
    log.say(game, "ability.discards", player.index, card=with_article(f"{deck} card"), source=decision.source)


CHOICE_RULES["draw_and_discard"] = (_discard_options, _discard)


# ------------------------------------------------------------------ ship_regions_reward (the 2012 Cartography)


def _ship_regions(game: Game, player: Player) -> int:
    """The regions holding at least one of the player's ships."""
    return len({game.space_region[u.pos].number for u in game.units_of(player.index) if game.is_ship(u)})


def _why_not_ship_regions(game: Game, effect: Effect) -> str | None:
    player = _player(game)
    if game.actions_left <= 0:
        return "no main actions left this turn"
    if not effects.unused_this_turn(player, effect):
        return f"{effect.source} was already used this turn"
    if not _ship_regions(game, player):
        return f"{player.name} has no ship on the board"
    return None


@ability("ship_regions_reward", legal=lambda game, effect: [()], why_not=_why_not_ship_regions)
def ship_regions_reward(game: Game, effect: Effect, choice: Choice) -> None:
    player = _player(game)
    regions = _ship_regions(game, player)
    gift = effects.params_as(effect, ShipRegionsReward).gain
    kept = gain(game, player, {item: amount * regions for item, amount in amounts(gift).items()})
    what, where = log.things(kept) or "nothing", counted(regions, "region")
    log.say(game, "ability.ship_regions", player.index, what=what, regions=where, source=effect.source)
    spend_main_action(game)
    effects.mark_used(player, effect)
