"""Wisdom and Warfare's fourth city action: start a building program [004 W&W EXPANSION RULES].

The city's action puts a building program marker on it (one at most). The next time the city builds
a figure, unit, building or wonder, its outskirts' production is doubled for that build, the marker
is discarded and whatever production is left is wasted (`rules.cities.management.pay_production`;
`rules.base.yields.program_factor`). The action exists while the rules data has `building_program`.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import Action, StartProgram
from civgame.games.sidmeier.core.decisions import CityTurn
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import production, yields
from civgame.games.sidmeier.rules.base.book import BOOK


def list_program(game: Game) -> Iterator[Action]:
    if game.rules.game.building_program is None:
        return
    for city in game.cities_of(game.actor()):
        if not city.program and production.city_may_act(game, city):
            yield StartProgram(city.id)


def check_program(game: Game, action: StartProgram) -> None:
    if game.rules.game.building_program is None:
        raise RuleError("building programs are part of Wisdom and Warfare, which this game is not played with")
    if action not in list(list_program(game)):
        raise RuleError("a city of yours that has not acted and holds no building program may start one")


@BOOK.rule(
    StartProgram,
    legal=list_program,
    answers=(CityTurn,),
    check=check_program,
    in_play=lambda game: game.rules.game.building_program is not None,
)
def start_program(game: Game, action: StartProgram) -> None:
    city = game.city(action.city)
    assert city is not None
    city.actions += 1
    city.program = True
    yields.touch(game)
    game.say(f"{game.players[city.owner].name} starts a building program in the city at {game.label(city.pos)}.")
