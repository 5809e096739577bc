"""`move_city` (the Huns' Nomads of the 2012 Civilizations expansion): in a move action, a small happy city
moves like a unit, alone or with the units of its space, activating itself, and gains what its new space
yields. See `MoveCity`."""

from __future__ import annotations

from civgame.framework.errors import RuleError
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.military import MoveCityParams
from civgame.games.clash.core.actions import Action, MoveCity, MoveUnits
from civgame.games.clash.core.decisions import MoveDecision
from civgame.games.clash.core.hexgrid import Hex, hex_to_label
from civgame.games.clash.core.model import City, Game, Player
from civgame.games.clash.rules.actions import movement
from civgame.games.clash.rules.actions.cities import begin_activation, finish_activation
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.payments import gain
from civgame.games.clash.rules.base.registry import answering, rule


def _effect(game: Game, player: Player) -> Effect | None:
    found = effects.active(game, player, "move_city")
    return found[0] if found else None


def _halted(city: City) -> str:
    """The once-a-turn key noting that the city entered terrain that stops movement this turn."""
    return f"move_city:halted:{city.id}"


def why_not_move_city(game: Game, decision: MoveDecision, city: City, to: Hex) -> str | None:
    """The rule that keeps `city` from moving to `to` in this move, or None."""
    player = game.player(decision.player)
    effect = _effect(game, player)
    if effect is None or city.owner != player.index:
        return "only a city of a player with Nomads moves"
    params = effects.params_as(effect, MoveCityParams)
    if decision.only_units or decision.single_units:
        return "this move lets only the units it was granted for move"
    if game.city_size(city) > params.size or city.mood != params.mood or city.wonders:
        return f"only a {params.mood} city of size {params.size} without a wonder moves ({effect.source})"
    if _halted(city) in player.used_this_turn:
        return f"the city at {hex_to_label(city.pos)} entered terrain that stops movement this turn"
    if city.angry_activation:
        return "a city activated while angry cannot be activated again this turn"
    if to not in game.board_neighbors(city.pos) or not game.is_land(to):
        return "a city moves to an adjacent revealed land space"
    if game.city_at(to) is not None or game.enemy_units_at(to, player.index):
        return "a city moves only to a space with no city and no enemies"
    return None


def _city_moves(game: Game) -> list[Action]:
    decision = answering(game, MoveDecision)
    player = game.player(decision.player)
    if _effect(game, player) is None:
        return []
    moves: list[Action] = []
    walks = [m for m in movement.possible_moves(game, player.index) if _on_foot(game, player.index, m)]
    for city in game.cities_of(player.index):
        for to in game.board_neighbors(city.pos):
            if why_not_move_city(game, decision, city, to) is None:
                moves.append(MoveCity(city.id, to))
                moves += [MoveCity(city.id, to, m.units) for m in walks if m.to == to and _from(game, m) == city.pos]
    return moves


def _from(game: Game, move: MoveUnits) -> Hex:
    return game.existing_unit(move.units[0]).pos


def _on_foot(game: Game, owner: int, move: MoveUnits) -> bool:
    """A move of land units one step, without roads or a price (a city may go along)."""
    start = game.existing_unit(move.units[0]).pos
    target = movement.target_of(game, owner, move.units, move.to)
    return target is not None and target.how == "walk" and not target.cost and not target.enemy and start != move.to


def _check_move_city(game: Game, action: MoveCity) -> None:
    decision = answering(game, MoveDecision)
    city = game.city(action.city)
    if city is None:
        raise RuleError("there is no such city")
    reason = why_not_move_city(game, decision, city, action.to)
    if reason:
        raise RuleError(reason)
    if action.units:
        move = MoveUnits(action.units, action.to)
        if move not in movement.possible_moves(game, decision.player) or not _on_foot(game, decision.player, move):
            raise RuleError("the units going with a city step with it from its space, on foot")
        if _from(game, move) != city.pos:
            raise RuleError("the units going with a city stand in it")


@rule(MoveCity, legal=_city_moves, answers=(MoveDecision,), check=_check_move_city)
def move_city(game: Game, action: MoveCity) -> None:
    decision = answering(game, MoveDecision)
    city = game.existing_city(action.city)
    player = game.player(city.owner)
    origin = city.pos
    if action.units:
        movement.move_units(game, MoveUnits(action.units, action.to))  # (their group is the city's)
    else:
        decision.groups_left -= 1
        if decision.groups_left == 0:
            game.pending.pop()
    begin_activation(game, city)
    city.pos = action.to
    terrain = game.rules.terrain[game.terrain(action.to) or ""]
    if terrain.stops_movement:
        player.used_this_turn.append(_halted(city))
    yielded = terrain.yields[:1] if action.to not in game.exhausted else []
    got = gain(game, player, {yielded[0]: 1}) if yielded else {}
    source = effects.active(game, player, "move_city")[0].source
    log.say(
        game,
        "move.city_moves",
        player.index,
        origin=hex_to_label(origin),
        space=hex_to_label(action.to),
        gains=f" and gains {log.things(got)}" if any(got.values()) else "",
        source=source,
    )
    finish_activation(game, city)
