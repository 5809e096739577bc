"""Listeners that reward a moment of play: `gain_on` and `battle_reward` effects."""

from __future__ import annotations

from typing import Any

from civgame.engine.content import effects
from civgame.engine.content.effects import Effect
from civgame.engine.content.effects.core import GainOn
from civgame.engine.content.effects.military import BattleReward
from civgame.engine.content.effects.sources import LEADER_UNIT
from civgame.engine.core.model import BattleRecord, Game, Player
from civgame.engine.core.vocabulary import amounts
from civgame.engine.rules.payments import describe, gain
from civgame.engine.rules.triggers import listener


@listener("gain_on")
def gain_on(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    assert isinstance(effect.params, GainOn)
    kept = gain(game, player, amounts(effect.params.gain))
    game.say(f"{player.name} gains {describe(kept)} ({effect.source})")


@listener("battle_reward")
def battle_reward(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    reward = effects.params_as(effect, BattleReward)
    if earns(game, player.index, context["record"], reward):
        kept = gain(game, player, amounts(reward.gain))
        game.say(f"{player.name} gains {describe(kept)} ({effect.source})")


def earns(game: Game, holder: int, record: BattleRecord, reward: BattleReward) -> bool:
    """Every condition of the reward holds for this battle, seen from `holder`."""
    side = 0 if record.attacker == holder else 1
    if record.winner != holder or ("naval" if record.naval else "land") not in reward.battles:
        return False
    if reward.role != "either" and reward.role != ("attacker", "defender")[side]:
        return False
    if (reward.real and not record.real) or reward.decided_in_round not in (None, record.rounds):
        return False
    if reward.leader_survived and record.present[side].count(LEADER_UNIT) <= record.lost[side].count(LEADER_UNIT):
        return False
    city = game.city_at(record.space)
    if reward.captures_city and (side != 0 or city is None or city.owner == holder):
        return False
    return reward.city_not_mood is None or (city is not None and city.mood != reward.city_not_mood)
