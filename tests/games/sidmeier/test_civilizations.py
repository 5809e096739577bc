"""The civilizations' abilities not tested with the rules they change (see test_cities, test_movement,
test_combat and test_research for America, China, Germany and Russia)."""

from __future__ import annotations

from civgame.games.sidmeier.core.actions import BuildWonder, Devote, FreeBuilding
from civgame.games.sidmeier.core.decisions import CityTurn
from civgame.games.sidmeier.rules.combat import battles
from tests.games.sidmeier.scenario import Scenario


def test_egypt_builds_an_unlocked_building_free_as_one_citys_action_once_per_turn():
    s = Scenario(players=2, civs=["egypt", "germany"]).reveal_all("grassland", production=1)
    city = s.city(0, 4, 4, capital=True)
    other = s.city(0, 9, 4)
    s.techs(0, "writing")
    s.decide(CityTurn(0), phase="city_management")
    s.apply(FreeBuilding("egypt", city.id, "library", s.pos(5, 4)))
    assert s.game.squares[s.pos(5, 4)].improvement.name == "library" and city.spent == 0 and city.actions == 1
    assert FreeBuilding("egypt", other.id, "library", s.pos(10, 4)) not in s.legal()  # once per turn
    s.apply(Devote(other.id))


def test_rome_advances_a_culture_space_for_a_wonder_built():
    s = Scenario(players=2, civs=["rome", "germany"]).reveal_all("grassland", production=3)
    city = s.city(0, 4, 4, capital=True)
    s.government(0, "despotism")
    wonder = s.game.wonder_market[0]
    s.give(0, trade=27)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(BuildWonder(city.id, wonder, s.pos(5, 4)))
    assert s.game.players[0].track == 1


def test_rome_advances_and_china_gains_culture_for_a_village_conquered():
    for civ, track, culture in (("rome", 1, 0), ("china", 0, 3)):
        s = Scenario(players=2, civs=[civ, "germany"]).reveal_all("grassland", trade=1)
        s.marker(s.pos(6, 4), "village", "spy")
        battles.conquer_village(s.game, 0, s.pos(6, 4))
        assert s.game.players[0].track == track and s.game.players[0].culture == culture
