"""Abilities used where the leader stands (see `leader_city_advance` in effects/culture.py).

leader_city_advance: (advance, token paid)
"""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.culture import LeaderCityAdvance
from civgame.games.clash.core.model import City, Game, Player
from civgame.games.clash.rules.actions.advances import gain_advance, gainable
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.abilities import ability
from civgame.games.clash.rules.base.payments import can_pay, pay, payment_for
from civgame.games.clash.rules.base.turns import spend_main_action

Choice = tuple[str, ...]


def _leader_city(game: Game, player: Player) -> City | None:
    space = effects.leader_space(game, player)
    city = game.city_at(space) if space is not None else None
    return city if city is not None and city.owner == player.index else None


def _why_not_leader_city_advance(game: Game, effect: Effect) -> str | None:
    player = game.player(game.current)
    params = effects.params_as(effect, LeaderCityAdvance)
    city = _leader_city(game, player)
    if game.actions_left <= 0:
        return "no main actions left this turn"
    if city is None:
        return f"{player.name}'s leader must stand in one of their cities"
    if city.mood != params.city_mood:
        return f"the leader's city must be {params.city_mood} (it is {city.mood})"
    if not any(can_pay(game, player, {t: params.amount}) for t in params.pay_one_of):
        return f"{player.name} cannot pay {params.amount} of {'/'.join(params.pay_one_of)}"
    if not any(game.rules.category_of(a).name == params.category for a in gainable(game, player)):
        return f"{player.name} can gain no {params.category} advance now"
    return None


def _legal_leader_city_advance(game: Game, effect: Effect) -> list[Choice]:
    player = game.player(game.current)
    params = effects.params_as(effect, LeaderCityAdvance)
    tokens = [t for t in params.pay_one_of if can_pay(game, player, {t: params.amount})]
    advances = [a for a in gainable(game, player) if game.rules.category_of(a).name == params.category]
    return [(advance, token) for advance in advances for token in tokens]


@ability("leader_city_advance", legal=_legal_leader_city_advance, why_not=_why_not_leader_city_advance)
def leader_city_advance(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    advance, token = choice
    cost = {token: effects.params_as(effect, LeaderCityAdvance).amount}
    pay(player, payment_for(game, player, cost))
    spend_main_action(game)
    log.say(game, "leader.advance", player.index, payment=log.things(cost), source=effect.source)
    gain_advance(game, player, advance)
