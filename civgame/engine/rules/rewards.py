"""Listeners that reward a moment of play: `gain_on` effects."""

from __future__ import annotations

from typing import Any

from civgame.engine.content.effects import Effect
from civgame.engine.content.effects.core import GainOn
from civgame.engine.core.model import Game, Player
from civgame.engine.core.vocabulary import amounts
from civgame.engine.rules.payments import describe, gain
from civgame.engine.rules.triggers import listener


@listener("gain_on")
def gain_on(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    assert isinstance(effect.params, GainOn)
    kept = gain(game, player, amounts(effect.params.gain))
    game.say(f"{player.name} gains {describe(kept)} ({effect.source})")
