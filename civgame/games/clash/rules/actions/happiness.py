"""Increase Happiness: a main action that raises the mood of one or more of your cities.

Each step (angry -> neutral -> happy) costs mood tokens equal to the city's size. One action
may raise several cities, and a city by two steps, one RaiseMood at a time; the action ends
with EndHappiness, or by itself once no further step is affordable.

Effects applied here: `payment_substitute` for `increase_happiness` (other things may pay for
the mood tokens), and `free_increase` serves the `free_action` ability, whose extra cost is
paid with the first raise.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects.culture import SmallerForHappiness
from civgame.games.clash.core.actions import Action, EndHappiness, RaiseMood, StartHappiness
from civgame.games.clash.core.decisions import HappinessDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import MOODS, City, Game, Player
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.payments import can_pay, describe, pay, settle, with_substitutes
from civgame.games.clash.rules.base.registry import rule
from civgame.games.clash.rules.base.turns import spend_main_action

NO_COST: dict[str, int] = {}


def step_cost(game: Game, city: City, extra: dict[str, int]) -> dict[str, int]:
    """The price of raising `city` one mood step, with `extra` on top."""
    cost = {"mood": priced_size(game, city)}
    for item, amount in extra.items():
        cost[item] = cost.get(item, 0) + amount
    return with_substitutes(game, game.player(city.owner), "increase_happiness", cost)


def _outstanding(decision: HappinessDecision) -> dict[str, int]:
    """The extra cost of a free Increase Happiness still to be paid: it comes with the first raise."""
    return NO_COST if decision.raised else decision.extra_cost


def raise_cost(game: Game, city: City) -> dict[str, int]:
    """The price of raising `city` one mood step now (inside an open action, its extra cost included)."""
    top = game.pending[-1] if game.pending else None
    extra = _outstanding(top) if isinstance(top, HappinessDecision) and top.player == city.owner else NO_COST
    return step_cost(game, city, extra)


def why_not_raise(game: Game, player_index: int, city_id: int, extra: dict[str, int] = NO_COST) -> str | None:
    """The rule that stops the player from raising this city one step now (paying `extra` too), or None."""
    player = game.player(player_index)
    city = game.city(city_id)
    if city is None or city.owner != player_index:
        return f"{player.name} can only raise the mood of their own cities"
    if _can_raise(game, player, city, extra):
        return None
    if city.mood == MOODS[-1]:
        return f"the city at {hex_to_label(city.pos)} is already {MOODS[-1]}"
    cost = step_cost(game, city, extra)
    return f"{player.name} cannot pay {describe(cost)} to raise the mood of the city at {hex_to_label(city.pos)}"


def _can_raise(game: Game, player: Player, city: City, extra: dict[str, int]) -> bool:
    """Whether `why_not_raise` allows raising the player's own `city` (without wording its reason)."""
    return city.mood != MOODS[-1] and can_pay(game, player, step_cost(game, city, extra))


def _raisable(game: Game, player_index: int, extra: dict[str, int], only_city: int | None) -> Iterator[City]:
    player = game.player(player_index)
    return (c for c in game.cities_of(player_index) if only_city in (None, c.id) and _can_raise(game, player, c, extra))


def raisable(
    game: Game, player_index: int, extra: dict[str, int] = NO_COST, only_city: int | None = None
) -> list[City]:
    """The player's cities `why_not_raise` allows raising now (`only_city` alone, if given)."""
    return list(_raisable(game, player_index, extra, only_city))


def can_raise_any(game: Game, player_index: int, extra: dict[str, int] = NO_COST, only_city: int | None = None) -> bool:
    """Whether `raisable` names any city. A step costs the city's size in mood (with `extra` on top),
    and a price that can be paid stays payable for less: so the smallest city not yet at the top mood
    is the cheapest to raise, and if it cannot be paid for, no city can. One price asked, not one a city."""
    top = MOODS[-1]
    candidates = [
        c for c in game.cities if c.owner == player_index and c.mood != top and (only_city is None or c.id == only_city)
    ]
    if not candidates:
        return False
    smallest = candidates[0] if len(candidates) == 1 else min(candidates, key=game.city_size)
    return can_pay(game, game.player(player_index), step_cost(game, smallest, extra))


def priced_size(game: Game, city: City) -> int:
    """The size raising the city's mood costs: its size, less its owner's `smaller_for_happiness` (the
    2012 Circus & Sports), never below 1."""
    owner = game.player(city.owner)
    less = sum(
        effects.params_as(e, SmallerForHappiness).by for e in effects.active(game, owner, "smaller_for_happiness")
    )
    return max(1, game.city_size(city) - less) if less else game.city_size(city)


# ------------------------------------------------------------------ starting the action


def _legal_start(game: Game) -> list[Action]:
    if game.actions_left <= 0 or not can_raise_any(game, game.current):
        return []
    return [StartHappiness()]


def _check_start(game: Game, action: StartHappiness) -> None:
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    if not can_raise_any(game, game.current):
        raise RuleError(f"{game.player(game.current).name} has no city whose mood they can afford to raise")


@rule(StartHappiness, legal=_legal_start, check=_check_start)
def start_happiness(game: Game, action: StartHappiness) -> None:
    assert game.actions_left > 0
    player = game.player(game.current)
    spend_main_action(game)
    game.pending.append(HappinessDecision(player=player.index))
    log.say(game, "happiness.action", player.index)


def free_increase(game: Game, player: Player, cost: dict[str, int], source: str, only_city: int | None = None) -> None:
    """Increase Happiness without spending a main action (in `only_city` alone, if given); `cost` is
    added to the first raise. The `free_action` ability offers it only when `can_raise_any` city, so
    its check has made sure of that."""
    game.pending.append(HappinessDecision(player=player.index, extra_cost=dict(cost), only_city=only_city))
    if any(cost.values()):
        log.say(game, "happiness.free_paid", player.index, source=source, payment=log.things(cost))
    else:
        log.say(game, "happiness.free", player.index, source=source)


# ------------------------------------------------------------------ inside the action


def _decision(game: Game) -> HappinessDecision:
    decision = game.pending[-1]
    assert isinstance(decision, HappinessDecision)
    return decision


def _legal_raises(game: Game) -> list[Action]:
    decision = _decision(game)
    return [RaiseMood(c.id) for c in raisable(game, decision.player, _outstanding(decision), decision.only_city)]


def _check_raise(game: Game, action: RaiseMood) -> None:
    decision = _decision(game)
    reason = why_not_raise(game, decision.player, action.city, _outstanding(decision))
    if decision.only_city not in (None, action.city):
        reason = "this free Increase Happiness raises only the leader's city"
    if reason:
        raise RuleError(reason)


@rule(RaiseMood, legal=_legal_raises, answers=(HappinessDecision,), check=_check_raise)
def raise_mood(game: Game, action: RaiseMood) -> None:
    decision = _decision(game)
    player = game.player(decision.player)
    city = game.city(action.city)
    assert city is not None  # checked
    payment = settle(game, action, step_cost(game, city, _outstanding(decision)))
    if payment is None:
        return
    pay(player, payment)
    city.mood = MOODS[MOODS.index(city.mood) + 1]
    decision.raised += 1
    log.say(
        game,
        "happiness.raised",
        player.index,
        payment=log.things(payment) or "nothing",
        space=hex_to_label(city.pos),
        mood=city.mood,
    )
    if not can_raise_any(game, player.index, only_city=decision.only_city):
        game.pending.pop()  # nothing more can be raised: the action is over


def _legal_end(game: Game) -> list[Action]:
    return [EndHappiness()] if _decision(game).raised else []


@rule(EndHappiness, legal=_legal_end, answers=(HappinessDecision,))
def end_happiness(game: Game, action: EndHappiness) -> None:
    if not _decision(game).raised:
        raise RuleError("Increase Happiness must raise at least one city's mood")
    game.pending.pop()
