"""An agent that plays random legal actions: for tests, the headless runner and sparring.

It draws from its own `random.Random`, never from the game's RNG, so agents never change the
game's dice. The choice is lightly biased so that games move forward: first an action kind
is picked (passive kinds such as ending the turn or cancelling a payment rarely), then one
action of that kind uniformly. Razing its last city, which ends the game at the next status
phase, is rare. Every legal action keeps a non-zero chance.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate
from typing import TypeVar

from civgame.games.clash.core.actions import (
    Action,
    BuildWonder,
    CancelPayment,
    CompleteObjective,
    EndHappiness,
    EndMove,
    EndObjectives,
    EndTurn,
    MoveUnits,
    Raze,
    StartMove,
    StartTrade,
)
from civgame.games.clash.core.hexgrid import Hex
from civgame.games.clash.core.model import Game

# Relative weight of an action kind; every other kind weighs 1.
PASSIVE_WEIGHTS: dict[str, float] = {
    EndTurn.KIND: 0.25,
    EndMove.KIND: 0.25,
    EndHappiness.KIND: 0.25,
    CancelPayment.KIND: 0.02,
    EndObjectives.KIND: 0.1,  # objectives worth points are usually taken
    StartTrade.KIND: 0.25,  # trades are free actions: without a lower weight they would crowd out the main ones
}
LAST_CITY_RAZE_CHANCE = 0.05

T = TypeVar("T")


class RandomAgent:
    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        if not actions:
            raise ValueError("there is no legal action to choose from")
        by_kind = _by_kind(actions)
        razes = by_kind.get(Raze.KIND)  # rarely any: most choices skip looking for a last city
        last_city = [a for a in razes if _razes_last_city(game, a)] if razes else []
        if last_city and len(last_city) < len(actions) and self.rng.random() >= LAST_CITY_RAZE_CHANCE:
            by_kind = _by_kind([a for a in actions if a not in last_city])
        kinds = list(by_kind)
        kind = weighted_choice(self.rng, kinds, [PASSIVE_WEIGHTS.get(kind, 1.0) for kind in kinds])
        return self.rng.choice(by_kind[kind])


def weighted_choice(rng: random.Random, population: Sequence[T], weights: Sequence[float]) -> T:
    """`rng.choices(population, weights)[0]`: the same draw from the same single random number, without
    the general checks and list building of `choices`, which cost more than the rest of a choice."""
    cumulative = list(accumulate(weights))
    return population[bisect(cumulative, rng.random() * cumulative[-1], 0, len(population) - 1)]


def _by_kind(actions: Sequence[Action]) -> dict[str, list[Action]]:
    """The actions of each kind, the kinds in the order they first appear."""
    found: dict[str, list[Action]] = {}
    for action in actions:
        kind = action.KIND
        if kind in found:
            found[kind].append(action)
        else:
            found[kind] = [action]
    return found


class AggressiveAgent(RandomAgent):
    """A random agent that attacks whenever it can: it starts moves and takes every move into
    enemy units or cities it is offered. It also completes every objective and builds every wonder
    it can. Used to exercise combat in soak tests."""

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        scoring = [a for a in actions if isinstance(a, CompleteObjective | BuildWonder)]
        if scoring:
            return self.rng.choice(scoring)
        attacks = [a for a in actions if isinstance(a, MoveUnits) and _holds_enemy(game, a.to)]
        if attacks:
            return self.rng.choice(attacks)
        moves = [a for a in actions if isinstance(a, StartMove)]
        if moves and self.rng.random() < 0.5:
            return moves[0]
        return super().choose(game, actions)


def _holds_enemy(game: Game, space: Hex) -> bool:
    me = game.actor()
    city = game.city_at(space)
    return (city is not None and city.owner != me) or any(u.owner != me for u in game.units_at(space))


def _razes_last_city(game: Game, action: Action) -> bool:
    return isinstance(action, Raze) and action.city is not None and len(game.cities_of(game.actor())) == 1
