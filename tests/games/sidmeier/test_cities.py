"""Cities [004 START OF TURN, CITY MANAGEMENT]: building new cities, and each city's one action —
build, devote to the arts, harvest — with production paid by one city and trade turned into production."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.core.actions import (
    AdvanceCulture,
    BuildBuilding,
    BuildFigure,
    BuildUnit,
    BuildWalls,
    BuildWonder,
    Devote,
    EndCityManagement,
    FoundCity,
    Harvest,
    MoveOff,
)
from civgame.games.sidmeier.core.decisions import CityTurn, DiscardCulture, Evacuate, PlaceGreatPerson, StartTurn
from civgame.games.sidmeier.rules.base import yields
from tests.games.sidmeier.scenario import Scenario


def base(players: int = 2, civs: list[str] | None = None, **icons: int) -> Scenario:
    s = Scenario(players=players, civs=civs or ["germany", "egypt"] if players == 2 else None).reveal_all(
        "grassland", **icons
    )
    for seat in range(players):
        s.government(seat, "despotism")
        s.game.players[seat].trade = 0
    return s


# ------------------------------------------------------------------ building cities


def test_a_scout_becomes_a_city_where_the_main_rule_allows_it():
    s = base()
    s.city(0, 2, 2, capital=True)
    scout = s.figure(0, "scout", 6, 2)
    army = s.figure(0, "army", 6, 2)
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(FoundCity(scout.id))
    city = s.game.city_at(s.pos(6, 2))
    assert city is not None and not city.capital and scout not in s.game.figures
    assert isinstance(s.game.pending[-1], Evacuate)
    s.apply(MoveOff(army.id, s.pos(7, 2)))
    assert army.pos == s.pos(7, 2) and isinstance(s.game.pending[-1], StartTurn)


@pytest.mark.parametrize(
    "arrange, reason",
    [
        (lambda s: s.square(s.pos(6, 2), "water"), "water"),
        (lambda s: setattr(s.game.squares[s.pos(7, 3)], "terrain", ""), "revealed"),
        (lambda s: s.marker(s.pos(7, 3), "hut", "iron"), "hut or village"),
        (lambda s: s.figure(1, "scout", 5, 1), "enemy figure"),
        (lambda s: s.city(1, 8, 4), "3 squares"),
        (lambda s: s.city(0, 11, 5), "all the cities"),
    ],
)
def test_a_city_cannot_be_built_where_the_rules_forbid(arrange, reason):
    s = base()
    s.city(0, 2, 2, capital=True)
    scout = s.figure(0, "scout", 6, 2)
    arrange(s)
    s.refresh()
    s.decide(StartTurn(0), phase="start_of_turn")
    assert FoundCity(scout.id) not in s.legal()
    assert reason in (s.why(FoundCity(scout.id)) or "")


def test_irrigation_allows_a_third_city():
    s = base()
    s.city(0, 2, 2, capital=True)
    s.city(0, 2, 6)
    scout = s.figure(0, "scout", 7, 2)
    s.decide(StartTurn(0), phase="start_of_turn")
    assert FoundCity(scout.id) not in s.legal()
    s.techs(0, "irrigation")
    assert FoundCity(scout.id) in s.legal()


def test_rome_advances_a_culture_space_for_a_city_built():
    s = base(civs=["rome", "egypt"])
    s.city(0, 2, 2, capital=True)
    scout = s.figure(0, "scout", 6, 2)
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(FoundCity(scout.id))
    assert s.game.players[0].track == 1 and len(s.game.players[0].hand) == 1


# ------------------------------------------------------------------ producing


def test_an_army_costs_4_and_a_scout_6_placed_in_the_outskirts():
    s = base(production=1)
    city = s.city(0, 5, 5, capital=True)
    s.decide(CityTurn(0), phase="city_management")
    assert yields.production(s.game, city) == 8
    s.apply(BuildFigure(city.id, "army", s.pos(6, 5)))
    assert any(f.kind == "army" and f.pos == s.pos(6, 5) for f in s.game.figures)
    assert city.spent == 4 and city.actions == 1
    assert "each city takes one action per turn" in s.why(BuildFigure(city.id, "scout", s.pos(4, 5)))


def test_trade_buys_missing_production_three_for_one():
    s = base()
    city = s.city(0, 5, 5, capital=True)
    s.give(0, trade=12)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(BuildFigure(city.id, "army", s.pos(6, 5)))
    assert s.game.players[0].trade == 0
    s.give(0, trade=11)
    city2 = s.city(0, 9, 5)
    assert "do not pay" in s.why(BuildFigure(city2.id, "army", s.pos(10, 5)))


def test_america_buys_two_production_for_three_trade():
    s = base(civs=["america", "egypt"])
    city = s.city(0, 5, 5, capital=True)
    s.give(0, trade=6)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(BuildFigure(city.id, "army", s.pos(6, 5)))
    assert s.game.players[0].trade == 0


def test_units_cost_by_rank_and_are_drawn_into_the_standing_forces():
    s = base(production=1)
    city = s.city(0, 5, 5, capital=True)
    standing = len(s.game.players[0].standing)
    s.decide(CityTurn(0), phase="city_management")
    s.game.players[0].ranks["mounted"] = 2
    assert "need a tech" in s.why(BuildUnit(city.id, "aircraft"))
    s.apply(BuildUnit(city.id, "mounted"))
    assert city.spent == 7 and len(s.game.players[0].standing) == standing + 1
    assert [p for p in s.problems() if "unit card" in p] == []


def test_aircraft_need_flight_and_cost_12():
    s = base(production=2)
    city = s.city(0, 5, 5, capital=True)
    s.techs(0, "flight")
    s.decide(CityTurn(0), phase="city_management")
    s.apply(BuildUnit(city.id, "aircraft"))
    assert city.spent == 12
    assert s.game.log[-1].startswith("Player 1 builds an Aircraft unit")


def test_the_log_names_a_building_with_its_article():
    from civgame.games.sidmeier.core.vocabulary import with_article

    assert [with_article(n) for n in ("Academy", "Iron Mine", "University", "Temple")] == [
        "an Academy",
        "an Iron Mine",
        "a University",
        "a Temple",
    ]


def test_buildings_need_their_tech_their_terrain_and_one_limited_per_city():
    s = base(production=2)
    city = s.city(0, 5, 5, capital=True)
    s.square(s.pos(6, 6), "mountain", production=1)
    s.decide(CityTurn(0), phase="city_management")
    assert "unlocks" in s.why(BuildBuilding(city.id, "temple", s.pos(6, 5)))
    s.techs(0, "code_of_laws", "metalworking", "currency")
    assert "terrain" in s.why(BuildBuilding(city.id, "workshop", s.pos(6, 5)))
    s.apply(BuildBuilding(city.id, "workshop", s.pos(6, 6)))
    assert s.game.buildings["workshop"] == 5 and yields.city_icons(s.game, city)[1] == 7 * 2 + 2
    city.actions = city.spent = 0
    s.apply(BuildBuilding(city.id, "temple", s.pos(6, 5)))
    city.actions = city.spent = 0
    s.refresh()
    assert "limited building" in s.why(BuildBuilding(city.id, "market", s.pos(4, 5)))
    s.apply(BuildBuilding(city.id, "market", s.pos(6, 5)))  # replaces the temple
    assert s.game.buildings["temple"] == 5 and s.game.squares[s.pos(6, 5)].improvement.name == "market"


def test_an_upgrade_tech_flips_built_buildings_and_the_basic_face_is_no_longer_built():
    s = base(production=3)
    city = s.city(0, 5, 5, capital=True)
    s.techs(0, "writing")
    s.build(0, 6, 5, "building", "library")
    from civgame.games.sidmeier.rules.base import techs

    techs.learn(s.game, 0, "printing_press")
    assert s.game.squares[s.pos(6, 5)].improvement.name == "university"
    s.decide(CityTurn(0), phase="city_management")
    assert "unlocks" in s.why(BuildBuilding(city.id, "library", s.pos(4, 5)))
    s.apply(BuildBuilding(city.id, "university", s.pos(4, 5)))
    assert city.spent == 9


def test_a_building_is_not_placed_on_a_blockaded_square():
    s = base(production=2)
    city = s.city(0, 5, 5, capital=True)
    s.techs(0, "writing")
    s.figure(1, "scout", 6, 5)
    s.decide(CityTurn(0), phase="city_management")
    assert "blockaded" in s.why(BuildBuilding(city.id, "library", s.pos(6, 5)))


def test_city_walls_need_masonry_once_per_city():
    s = base(production=1)
    city = s.city(0, 5, 5, capital=True)
    s.decide(CityTurn(0), phase="city_management")
    assert "unlocks" in s.why(BuildWalls(city.id))
    s.techs(0, "masonry")
    s.apply(BuildWalls(city.id))
    assert city.walled and city.spent == 7
    city.actions = 0
    assert "one City Walls" in s.why(BuildWalls(city.id))


def test_a_wonder_from_the_market_costs_less_with_its_tech_and_the_market_refills():
    s = base(production=3)
    city = s.city(0, 5, 5, capital=True)
    wonder = s.game.wonder_market[0]
    record = s.game.rules.wonders[wonder]
    s.decide(CityTurn(0), phase="city_management")
    if record.discount is not None:
        s.techs(0, record.discount.tech)
    s.give(0, trade=30)
    trade_before = s.game.players[0].trade
    s.apply(BuildWonder(city.id, wonder, s.pos(6, 5)))
    cost = record.discount.cost if record.discount else record.cost
    assert city.spent == cost and trade_before - s.game.players[0].trade == max(0, cost - 24) // 1 * 3
    assert wonder in s.game.players[0].wonders and wonder not in s.game.wonder_market
    assert len(s.game.wonder_market) == 4 and s.game.wonder_at[wonder] == s.pos(6, 5)


def test_one_wonder_per_city_and_a_replaced_wonder_is_gone_for_good():
    s = base(production=3)
    city = s.city(0, 5, 5, capital=True)
    first = s.game.wonder_market[0]
    s.build(0, 6, 5, "wonder", first)
    s.give(0, trade=30)
    s.decide(CityTurn(0), phase="city_management")
    second = s.game.wonder_market[0]
    assert "one per city" in s.why(BuildWonder(city.id, second, s.pos(4, 5)))
    s.apply(BuildWonder(city.id, second, s.pos(6, 5)))
    assert first in s.game.wonders_gone and first not in s.game.players[0].wonders


def test_devoting_to_the_arts_gives_one_culture_and_one_per_culture_icon():
    s = base(culture=1)
    city = s.city(0, 5, 5, capital=True)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(Devote(city.id))
    assert s.game.players[0].culture == 9


def test_harvesting_takes_a_market_token_of_a_resource_shown_in_the_outskirts():
    s = base()
    city = s.city(0, 5, 5, capital=True)
    s.square(s.pos(6, 5), "grassland", resource="wheat")
    s.decide(CityTurn(0), phase="city_management")
    assert "no iron icon" in s.why(Harvest(city.id, "iron"))
    s.game.market["wheat"] = 0
    assert "out of wheat" in s.why(Harvest(city.id, "wheat"))
    s.game.market["wheat"] = 2
    s.apply(Harvest(city.id, "wheat"))
    assert s.game.players[0].resources == {"wheat": 1} and s.game.market["wheat"] == 1


def test_an_enemy_figure_on_a_square_takes_its_icons_away():
    s = base(production=1)
    city = s.city(0, 5, 5, capital=True)
    s.figure(1, "army", 6, 5)
    assert yields.production(s.game, city) == 7


def test_a_scout_sends_its_square_to_a_city_from_the_turn_after_it_was_placed():
    s = base(production=1)
    city = s.city(0, 5, 5, capital=True)
    scout = s.figure(0, "scout", 10, 2, placed_turn=s.game.turn)
    s.square(s.pos(10, 2), "mountain", production=3)
    scout.gathers_for = city.id
    s.refresh()
    assert yields.production(s.game, city) == 8
    scout.placed_turn = s.game.turn - 1
    s.refresh()
    assert yields.production(s.game, city) == 11


def test_culture_buys_track_spaces_and_their_rewards():
    s = base()
    s.city(0, 5, 5, capital=True)
    s.give(0, culture=3 * 7 + 5, trade=3)
    s.decide(CityTurn(0), phase="city_management")
    for _ in range(3):
        s.apply(AdvanceCulture())
    player = s.game.players[0]
    assert player.track == 3 and player.culture == 17 and len(player.hand) == 2
    assert isinstance(s.game.pending[-1], PlaceGreatPerson)  # space 3 is a great person
    s.apply(s.legal()[0])
    discards = 0
    for _ in range(4):  # spaces 4, 5 and 7 give cards, 6 a great person
        s.apply(AdvanceCulture())
        if isinstance(s.game.pending[-1], DiscardCulture):  # a third card: hand size 2
            discards += 1
            s.apply(s.legal()[0])
        elif isinstance(s.game.pending[-1], PlaceGreatPerson):
            s.apply(s.legal()[0])
    assert discards == 3 and len(player.hand) == 2
    s.apply(AdvanceCulture())  # the medieval area: 5 culture and 3 trade
    assert player.track == 8 and player.culture == 0 and player.trade == 0
    assert AdvanceCulture() not in s.legal()


def test_a_player_in_anarchy_takes_no_action_with_the_capital():
    s = base()
    city = s.city(0, 5, 5, capital=True)
    s.government(0, "anarchy")
    s.decide(CityTurn(0), phase="city_management")
    assert Devote(city.id) not in s.legal()
    assert "Anarchy" in s.why(Devote(city.id))


def test_engineering_lets_one_city_build_twice_sharing_its_production():
    s = base(production=1)
    city = s.city(0, 5, 5, capital=True)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(BuildFigure(city.id, "army", s.pos(6, 5)))
    assert BuildFigure(city.id, "army", s.pos(4, 5)) not in s.legal()
    s.techs(0, "engineering")
    s.apply(BuildFigure(city.id, "army", s.pos(4, 5)))
    assert city.spent == 8
    assert "one action" in s.why(BuildFigure(city.id, "army", s.pos(4, 4)))


def test_the_turn_ends_when_the_player_ends_it():
    s = base()
    s.city(0, 5, 5, capital=True)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(EndCityManagement())
    assert s.game.phase == "movement"
