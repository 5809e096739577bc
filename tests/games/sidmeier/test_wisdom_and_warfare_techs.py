"""Wisdom and Warfare's techs [004 W&W SETUP] [catalogue techs.md, buildings.md, wonders.md]: Navy and its
Shipyard, Logistics, Bureaucracy, Education, the replacement Metal Casting and Railroad, and Notre-Dame's
discount; each effect tested with and without the tech that gives it."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.describe import describe
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import BeginMove, BuildBuilding, Step
from civgame.games.sidmeier.core.decisions import CityTurn, MovementTurn, Moving
from civgame.games.sidmeier.rules.base import pieces, techs, yields
from civgame.games.sidmeier.rules.cities import management
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.flow.controller import new_game
from civgame.games.sidmeier.rules.turn import start
from tests.games.sidmeier.scenario import Scenario

WAW = "wisdom-and-warfare"
NEW_TECHS = {"navy": 1, "logistics": 2, "bureaucracy": 2, "education": 3}


def coast(*known: str) -> Scenario:
    """Seat 0 (Germany) with a capital at (5,5) knowing `known`, water at (7,5); every other square grassland."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=[WAW]).reveal_all("grassland", production=1)
    s.square(s.pos(7, 5), "water", trade=1)
    s.capital = s.city(0, 5, 5, capital=True)
    s.city(1, 14, 5, capital=True)
    s.techs(0, *known)
    return s


def test_the_new_techs_are_in_the_deck_only_with_wisdom_and_warfare_with_their_levels():
    with_it, base, both = load_rules(expansions=[WAW]), load_rules(), load_rules(expansions=[WAW, "fame-and-fortune"])
    assert {t: with_it.techs[t].level for t in NEW_TECHS} == NEW_TECHS
    assert not set(NEW_TECHS) & set(base.techs) and set(NEW_TECHS) <= set(both.techs)
    assert len(with_it.techs) == len(base.techs) + 4 and len(both.techs) == len(base.techs) + 8
    assert "shipyard" in with_it.families and "shipyard" not in base.families
    assert all("(provisional" in describe(with_it, t) for t in NEW_TECHS)


def test_the_replacement_metal_casting_and_railroad_are_one_card_each_with_their_house_rule_text():
    s = coast()
    rules = s.game.rules
    assert rules.techs["metal_casting"].coins == 0 and rules.techs["railroad"].coins == 1
    techs.learn(s.game, 0, "metal_casting")
    techs.learn(s.game, 0, "railroad")
    player = s.game.players[0]
    assert player.ranks["artillery"] == 3 and yields.coins(s.game, 0) == 1  # the coin is Railroad's
    from civgame.games.sidmeier.rules.base import board

    assert board.travel_speed(s.game, 0) == 4


# ------------------------------------------------------------------ Navy


@pytest.mark.parametrize("known", [True, False])
def test_navy_unlocks_the_shipyard_a_limited_building_of_cost_5_on_land_next_to_water(known):
    s = coast(*(["navy"] if known else []))
    s.capital.spent = -10  # production enough
    s.decide(CityTurn(0), phase="city_management")
    beside_water, inland = s.pos(6, 5), s.pos(6, 6)
    build = BuildBuilding(s.capital.id, "shipyard", beside_water)
    if not known:
        assert "unlocks" in s.why(build)
        return
    assert s.game.rules.faces["shipyard"].face.cost == 5 and s.game.rules.families["shipyard"].limited
    assert "next to any terrain it needs beside it" in s.why(BuildBuilding(s.capital.id, "shipyard", inland))
    assert "terrain it allows" in s.why(BuildBuilding(s.capital.id, "shipyard", s.pos(7, 5)))  # not in water
    before = yields.city_icons(s.game, s.capital)[1]
    s.apply(build)
    assert s.game.buildings["shipyard"] == 4 and yields.city_icons(s.game, s.capital)[1] == before + 1  # 2 for 1
    assert pieces.building_squares(s.game, s.capital, "temple") == [beside_water]  # one limited building per city


def test_the_shipyard_says_where_it_stands():
    assert "on grassland/forest/mountain/desert next to water: 2 production" in describe(
        load_rules(expansions=[WAW]), "shipyard"
    )


@pytest.mark.parametrize("known, left", [(True, 4), (False, 2)])
def test_with_navy_armies_beginning_a_move_on_land_next_to_water_go_two_squares_farther(known, left):
    s = coast(*(["navy"] if known else []))
    army = s.figure(0, "army", 7, 4)
    inland = s.figure(0, "army", 4, 3)
    scout = s.figure(0, "scout", 8, 5)
    s.decide(MovementTurn(0), phase="movement")
    s.apply(BeginMove((army.id,)))
    assert s.game.pending[-1] == Moving(0, figures=[army.id], left=left)
    s.game.pending.pop()
    s.apply(BeginMove((inland.id,)))
    assert s.game.pending[-1].left == 2  # not next to water
    s.game.pending.pop()
    s.apply(BeginMove((scout.id,)))
    assert s.game.pending[-1].left == 2  # no army in the move


# ------------------------------------------------------------------ Logistics, Bureaucracy, Education


@pytest.mark.parametrize("known, size", [(True, 4), (False, 3)])
def test_logistics_raises_the_battle_hand_by_one_when_attacking(known, size):
    s = Scenario(players=2, civs=["germany", "egypt"], expansions=[WAW]).reveal_all("grassland", trade=1)
    for seat in (0, 1):
        s.government(seat, "despotism")
        s.techs(seat, *(["logistics"] if known else []))
    s.city(0, 2, 2, capital=True)
    s.city(1, 14, 5, capital=True)
    attacker = s.figure(0, "army", 5, 4)
    attacker.start_pos = attacker.pos
    s.figure(1, "army", 6, 4)
    s.decide(MovementTurn(0), phase="movement")
    s.apply(BeginMove((attacker.id,)))
    s.apply(Step("east"))
    battle = s.game.battle
    assert battles.hand_size(s.game, battle, battles.ATTACKER) == size
    assert battles.hand_size(s.game, battle, battles.DEFENDER) == 3  # the defender knows it too: no more


@pytest.mark.parametrize("known, trade", [(True, 2), (False, 0)])
def test_bureaucracy_gives_a_trade_per_social_policy_at_start_of_turn(known, trade):
    s = coast(*(["bureaucracy"] if known else []))
    s.game.players[0].policies = ["rationalism", "pacifism"]
    s.game.players[0].trade = 0
    s.refresh()
    start.automatic(s.game, 0)
    assert s.game.players[0].trade == trade


@pytest.mark.parametrize("known, culture, hand", [(True, 2, 3), (False, 0, 2)])
def test_education_raises_the_culture_hand_and_gives_two_culture_for_each_tech_learned(known, culture, hand):
    s = coast(*(["education"] if known else []))
    s.game.players[0].culture = 0
    techs.learn(s.game, 0, "pottery")
    assert s.game.players[0].culture == culture and pieces.hand_size(s.game, 0) == hand


def test_education_gives_its_culture_for_itself_too():
    s = coast()
    s.game.players[0].culture = 0
    techs.learn(s.game, 0, "education")
    assert s.game.players[0].culture == 2


@pytest.mark.parametrize("expansions, cost", [([WAW], 15), (["fame-and-fortune"], 20)])
def test_notre_dame_costs_15_with_education_in_wisdom_and_warfare(expansions, cost):
    game = new_game(2, 1, civilizations=["germany", "china"], expansions=expansions)
    if "education" in game.rules.techs:
        techs.learn(game, 0, "education", setup=True)
    assert management.wonder_cost(game, 0, "notre_dame") == cost
    assert management.wonder_cost(game, 1, "notre_dame") == 20
