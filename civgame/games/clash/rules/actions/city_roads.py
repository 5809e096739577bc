"""`city_road_move` (Rome's Imperial Roads in the 2012 Civilizations expansion): once a turn, as a free action
between other actions, one group of land units moves by road from one of the holder's cities to another,
paying nothing. The ability opens a one-group `MoveDecision` marked `city_road`, which the move rules
(`movement.py`) answer with that road only."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.core.decisions import MoveDecision
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.actions import movement
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.abilities import ability

Choice = tuple[str, ...]


def _free_move(game: Game, effect: Effect) -> MoveDecision:
    return MoveDecision(player=game.current, groups_left=1, city_road=effect.source)


def _why_not(game: Game, effect: Effect) -> str | None:
    if not effects.unused_this_turn(game.player(game.current), effect):
        return f"{effect.source} is used once per turn"
    return None


def _why_none(game: Game, effect: Effect) -> str:
    return f"no group of land units can move by road from one of your cities to another ({effect.source})"


def _legal(game: Game, effect: Effect) -> list[Choice]:
    road = movement.city_road_of(game, _free_move(game, effect))
    moves = movement.possible_moves(game, game.current, fresh_action=True, city_road=road)
    return [()] if next(moves, None) is not None else []


@ability("city_road_move", legal=_legal, why_not=_why_not, why_none=_why_none)
def city_road_move(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    effects.mark_used(player, effect)
    for unit in game.units_of(player.index):  # a move of its own, outside any move action
        unit.moved_this_action = False
    log.say(game, "move.city_road", player.index, source=effect.source)
    game.pending.append(_free_move(game, effect))
