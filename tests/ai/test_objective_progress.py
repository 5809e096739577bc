"""How near a player is to the objectives on their cards, and Hard working toward them."""

import random
from dataclasses import replace

import pytest

from bench.decisions import position
from civgame.ai.agents import considered, rank
from civgame.ai.evaluation import FORESIGHTED, HARD_WEIGHTS, terms, value
from civgame.ai.objective_progress import card_progress, progress, standing
from civgame.games.clash.rules.actions.objectives import STATUS, fulfilled, holds
from civgame.games.clash.rules.flow.controller import legal_actions
from tests.scenario import Scenario

EUREKA_CARD = 7  # Eureka! (5 ideas) / Defiance
OPTIMIZED_STORAGE_CARD = 10  # Optimized Storage (3 food, 3 ore, 3 wood) / Naval Assault
ORE_SUPPLIES_CARD = 12  # Ore Supplies (5 ore) / Large Army (4 army units more than any other player)
TRADE_FOCUS_CARD = 21  # Trade Focus (every Economy advance) / Scavenger
STAR_GAZERS_CARD = 33  # Star Gazers (most cities with an Observatory) / Horse Power
WITHOUT_PROGRESS = replace(HARD_WEIGHTS, objective_progress=0.0)  # Hard as it played before


def _two_cities() -> Scenario:
    """Player 0's city on the Grassland of E4 (one Grassland, three Mountains and sea beside it),
    player 1's on B5; nothing held."""
    s = Scenario(2).reveal_all()
    s.city(0, "E4")
    s.city(1, "B5")
    s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0)
    return s


def _near(s: Scenario, card: int) -> float:
    return card_progress(s.game, s.player(0), card)


def test_a_count_is_the_share_of_what_the_objective_asks_for():
    s = _two_cities()
    assert _near(s, ORE_SUPPLIES_CARD) == 0.0
    s.resources(0, ore=3)
    assert _near(s, ORE_SUPPLIES_CARD) == pytest.approx(3 / 5)
    s.resources(0, ore=5)
    assert _near(s, ORE_SUPPLIES_CARD) == 1.0  # it holds


def test_a_card_is_as_near_as_its_nearer_objective():
    s = _two_cities()
    s.resources(0, ore=1)  # Ore Supplies: 1 of 5
    s.units(0, "infantry", "E4", 2)  # Large Army: 2 of the 4 army units more than player 1's none
    assert _near(s, ORE_SUPPLIES_CARD) == pytest.approx(2 / 4)
    s.units(1, "infantry", "B5", 1)  # 2 of the 5 it now takes to lead by 4
    assert _near(s, ORE_SUPPLIES_CARD) == pytest.approx(2 / 5)
    s.resources(0, ore=3)  # 3 of 5: the nearer objective now
    assert _near(s, ORE_SUPPLIES_CARD) == pytest.approx(3 / 5)


def test_a_category_is_the_share_of_its_advances_owned():
    s = _two_cities()
    names = next(names for category, names in s.game.rules.advance_names_by_category if category.name == "Economy")
    s.advances(0, names[0])
    assert _near(s, TRADE_FOCUS_CARD) == pytest.approx(1 / len(names))


def test_most_is_the_share_of_one_more_than_the_best_other_player():
    s = _two_cities()
    s.game.cities[0].buildings = {"observatory": 0}
    s.game.cities[1].buildings = {"observatory": 1}  # one each: 1 of the 2 it takes to have more
    assert _near(s, STAR_GAZERS_CARD) == pytest.approx(1 / 2)
    s.game.cities[1].buildings = {}
    assert _near(s, STAR_GAZERS_CARD) == 1.0


def test_all_of_is_the_mean_of_its_parts():
    s = _two_cities()
    s.resources(0, food=3, ore=3)  # two of the three parts hold, no wood
    assert _near(s, OPTIMIZED_STORAGE_CARD) == pytest.approx(2 / 3)


def test_hard_values_each_card_by_how_near_it_is_and_normal_does_not():
    s = _two_cities()
    s.player(0).objective_cards = [EUREKA_CARD, ORE_SUPPLIES_CARD]
    s.resources(0, ideas=2, ore=5)  # Eureka! 2 of 5; Ore Supplies holds, counted by the card in reach
    assert terms(s.game, 0, HARD_WEIGHTS)["objective_progress"] == pytest.approx(2 / 5)
    gained = value(s.game, 0, HARD_WEIGHTS) - value(s.game, 0, WITHOUT_PROGRESS)
    assert gained == pytest.approx(HARD_WEIGHTS.objective_progress * 2 / 5)
    assert HARD_WEIGHTS.objective_progress > 0
    assert FORESIGHTED.objective_progress == 0.0
    assert "objective_progress" not in terms(s.game, 0, FORESIGHTED)  # not even looked up


def test_progress_toward_a_card_is_worth_nothing_in_the_last_round():
    s = _two_cities()
    s.player(0).objective_cards = [EUREKA_CARD]
    s.resources(0, ideas=2)
    s.game.age, s.game.round = s.game.rules.game.ages, s.game.rules.game.rounds_per_age
    assert terms(s.game, 0, HARD_WEIGHTS)["objective_progress"] == 0.0


def test_hard_collects_the_ore_its_card_asks_for_where_it_collected_food_before():
    s = _two_cities()
    s.player(0).objective_cards = [ORE_SUPPLIES_CARD]
    s.resources(0, ore=3)
    actions = considered(legal_actions(s.game))
    firsts = {
        name: rank(s.game, 0, actions, random.Random(1), weights)[0][1]
        for name, weights in (("before", WITHOUT_PROGRESS), ("hard", HARD_WEIGHTS))
    }
    assert [pick for _, pick in firsts["before"].picks] == ["food"]
    assert [pick for _, pick in firsts["hard"].picks] == ["ore"]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_share_reaches_one_exactly_where_its_objective_holds(seed):
    game = position(seed, 400)
    conditions = [parts[STATUS] for parts in game.rules.objective_conditions.values() if STATUS in parts]
    reached = 0
    for player in game.players:
        for cond in conditions:
            assert (progress(game, player, cond) == 1.0) == holds(game, player, cond), cond
            reached += holds(game, player, cond)
    assert reached > 0  # the positions hold some objectives, not only ones out of reach


@pytest.mark.parametrize("seed", [1, 2])
def test_the_one_pass_standing_counts_what_the_status_phase_would_offer(seed):
    game = position(seed, 400)
    for player in game.players:
        player.objective_cards = sorted(set(player.objective_cards) | {EUREKA_CARD, ORE_SUPPLIES_CARD})
        player.resources["ore"] = 5  # Ore Supplies holds for every player
        in_reach, near = standing(game, player)
        cards = player.objective_cards
        assert in_reach == min(len(fulfilled(game, player, STATUS)), len(cards)) >= 1
        shares = [card_progress(game, player, card) for card in cards]
        assert near == pytest.approx(sum(share for share in shares if share < 1.0))
