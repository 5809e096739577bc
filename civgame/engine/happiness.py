"""Increase Happiness: a main action that raises the mood of one or more of your cities.

Each step (angry -> neutral -> happy) costs mood tokens equal to the city's size. One action
may raise several cities, and a city by two steps, one RaiseMood at a time; the action ends
with EndHappiness, or by itself once no further step is affordable.
"""

from __future__ import annotations

from civgame.engine.actions import Action, EndHappiness, RaiseMood, StartHappiness
from civgame.engine.controller import rule
from civgame.engine.decisions import HappinessDecision
from civgame.engine.errors import RuleError
from civgame.engine.hexgrid import hex_to_label
from civgame.engine.model import MOODS, City, Game
from civgame.engine.payments import can_pay, describe, pay
from civgame.engine.turns import spend_main_action


def raise_cost(game: Game, city: City) -> dict[str, int]:
    """The price of raising `city` one mood step."""
    return {"mood": city.size}


def why_not_raise(game: Game, player_index: int, city_id: int) -> str | None:
    """The rule that stops the player from raising this city one step now, or None."""
    player = game.player(player_index)
    city = game.city(city_id)
    if city is None or city.owner != player_index:
        return f"{player.name} can only raise the mood of their own cities"
    where = hex_to_label(city.pos)
    if city.mood == MOODS[-1]:
        return f"the city at {where} is already {MOODS[-1]}"
    cost = raise_cost(game, city)
    if not can_pay(game, player, cost):
        return f"{player.name} cannot pay {describe(cost)} to raise the mood of the city at {where}"
    return None


def raisable(game: Game, player_index: int) -> list[City]:
    return [c for c in game.cities_of(player_index) if why_not_raise(game, player_index, c.id) is None]


# ------------------------------------------------------------------ starting the action

def _legal_start(game: Game) -> list[Action]:
    if game.actions_left <= 0 or not raisable(game, game.current):
        return []
    return [StartHappiness()]


@rule(StartHappiness, legal=_legal_start)
def start_happiness(game: Game, action: StartHappiness) -> None:
    player = game.player(game.current)
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    if not raisable(game, player.index):
        raise RuleError(f"{player.name} has no city whose mood they can afford to raise")
    spend_main_action(game)
    game.pending.append(HappinessDecision(player=player.index))
    game.say(f"{player.name} increases happiness")


# ------------------------------------------------------------------ inside the action

def _decision(game: Game) -> HappinessDecision:
    decision = game.pending[-1]
    assert isinstance(decision, HappinessDecision)
    return decision


def _legal_raises(game: Game) -> list[Action]:
    return [RaiseMood(c.id) for c in raisable(game, _decision(game).player)]


@rule(RaiseMood, legal=_legal_raises, answers=(HappinessDecision,))
def raise_mood(game: Game, action: RaiseMood) -> None:
    decision = _decision(game)
    reason = why_not_raise(game, decision.player, action.city)
    if reason:
        raise RuleError(reason)
    player = game.player(decision.player)
    city = game.city(action.city)
    assert city is not None
    cost = raise_cost(game, city)
    pay(player, cost)
    city.mood = MOODS[MOODS.index(city.mood) + 1]
    decision.raised += 1
    game.say(f"{player.name} pays {describe(cost)}: the city at {hex_to_label(city.pos)} is now {city.mood}")
    if not raisable(game, player.index):
        game.pending.pop()  # nothing more can be raised: the action is over


def _legal_end(game: Game) -> list[Action]:
    return [EndHappiness()] if _decision(game).raised else []


@rule(EndHappiness, legal=_legal_end, answers=(HappinessDecision,))
def end_happiness(game: Game, action: EndHappiness) -> None:
    if not _decision(game).raised:
        raise RuleError("Increase Happiness must raise at least one city's mood")
    game.pending.pop()
