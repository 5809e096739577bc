"""Turn structure: main actions, the end of a turn, rounds and ages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from civgame.framework.wording import counted
from civgame.games.clash.content.effects.sources import end_lasting
from civgame.games.clash.core.actions import Action, EndTurn
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.registry import rule
from civgame.games.clash.rules.base.triggers import fire

AgeEnd = Callable[[Game], None]
_AGE_END: list[AgeEnd] = []  # what follows the last round of an age: status.py registers the status phase


def after_last_round(begin: AgeEnd) -> AgeEnd:
    """Register what begins after the last turn of an age's last round (status.py, which imports this module)."""
    _AGE_END.append(begin)
    return begin


Ending = Callable[[Game], bool]
Moment = Literal["round_end", "round_start"]
# Rules that may end the game as a round ends, before what follows it, or as one is about to begin (the
# Variable End Game): status.py registers them, as it imports this module.
_ENDINGS: dict[Moment, list[Ending]] = {"round_end": [], "round_start": []}


def may_end_game(moment: Moment) -> Callable[[Ending], Ending]:
    """Register a rule asked at `moment`; it ends the game (True) or not."""

    def register(ending: Ending) -> Ending:
        _ENDINGS[moment].append(ending)
        return ending

    return register


def _game_ended(game: Game, moment: Moment) -> bool:
    return any(ending(game) for ending in _ENDINGS[moment])


def rounds_left(game: Game) -> int | None:
    """Where the round under way (or about to begin) is one of the last of the Variable End Game's track: how
    many of those come after it (None: not one of them, or no such track)."""
    end = game.rules.game.variants.variable_end
    if end is None:
        return None
    per_age = game.rules.game.rounds_per_age
    left = (end.ages - game.age) * per_age + per_age - game.round
    return left if 0 <= left < end.last_rounds else None


def spend_main_action(game: Game) -> None:
    game.actions_left -= 1


def start_turn(game: Game, player_index: int) -> None:
    """Hand the turn to a player and reset everything that lasts one turn."""
    game.current = player_index
    game.acted_this_turn = False
    player = game.player(player_index)
    player.truce_with = None
    game.actions_left = game.rules.game.actions_per_turn - player.actions_lost_next_turn
    if player.actions_lost_next_turn:
        log.say(game, "turn.fewer_actions", player.index, actions=counted(player.actions_lost_next_turn, "action"))
        player.actions_lost_next_turn = 0
    for city in game.cities:
        city.activations = 0
        city.angry_activation = False
    for unit in game.units:
        unit.immobile = unit.no_attack = unit.moved_this_action = False
        unit.entered_terrains = ()
    if player.action_lost:  # Revolution drawn in the status phase
        player.action_lost = False
        game.actions_left -= 1
        log.say(game, "turn.revolution", player.index)
    player.influence_succeeded = False
    player.free_attempts_from.clear()  # (those of the player's last turn: free attempts last their turn)
    player.used_this_turn.clear()
    game.battles.clear()
    log.say(game, "turn.begins", player.index, age=game.age, round=game.round)
    fire(game, "turn_start", player=player_index)


def _legal_end_turn(game: Game) -> list[Action]:
    return [EndTurn()]


@rule(EndTurn, legal=_legal_end_turn)
def end_turn(game: Game, action: EndTurn) -> None:
    fire(game, "turn_end", player=game.current)
    end_lasting(game, "turn")
    game.turns_taken += 1
    if game.turns_taken < len(game.players):
        start_turn(game, (game.current + 1) % len(game.players))
        return
    game.turns_taken = 0
    game.round += 1
    end_lasting(game, "round")
    if _game_ended(game, "round_end"):
        return
    if game.round <= game.rules.game.rounds_per_age:
        start_round(game)
    else:
        for begin in _AGE_END:
            begin(game)


def start_round(game: Game) -> None:
    """The first player is about to start a round: unless that ends the game, their turn begins."""
    if not _game_ended(game, "round_start"):
        start_turn(game, game.first_player)
