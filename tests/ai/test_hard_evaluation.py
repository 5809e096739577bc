"""What Hard's evaluation sees beyond Normal's: what its cities could collect under the resource
limits, and which of its cities an enemy army could reach."""

import random
from dataclasses import replace

import pytest

from civgame.ai.agents import HARD_SEARCH, NORMAL_SEARCH, considered, rank
from civgame.ai.evaluation import (
    FORESIGHTED,
    HARD_WEIGHTS,
    collectable,
    exposure,
    resource_room,
    settler_prospects,
    terms,
    value,
)
from civgame.games.clash.rules.flow.controller import legal_actions
from tests.scenario import Scenario

SCIENTIFIC_LEAD_CARD = 2  # Scientific Lead (most cities with an Academy) / Conqueror: out of reach here
PRICES = HARD_WEIGHTS.collect_prices or HARD_WEIGHTS.resources
FOOD, ORE = PRICES["food"], PRICES["ore"]


def _city_on_grassland() -> Scenario:
    """A city of player 0 on the Grassland of E4: next to it one Grassland, three Mountains and sea."""
    s = Scenario(2).reveal_all()
    s.city(0, "E4")
    return s


def _collectable(s: Scenario) -> float:
    return collectable(s.game, s.game.cities[0], PRICES, resource_room(s.game, s.player(0)))


def test_a_city_is_worth_the_best_spaces_its_mood_modified_size_may_collect():
    s = _city_on_grassland()
    city = s.game.cities[0]
    assert _collectable(s) == pytest.approx(FOOD)
    city.buildings = {"temple": 0, "market": 0}  # size 3: both Grasslands and a Mountain
    assert _collectable(s) == pytest.approx(2 * FOOD + ORE)
    city.mood = "happy"  # one space more
    assert _collectable(s) == pytest.approx(2 * FOOD + 2 * ORE)
    city.mood = "angry"  # one space only
    assert _collectable(s) == pytest.approx(FOOD)
    city.mood = "neutral"
    s.unit(1, "infantry", "E5")  # an enemy on the other Grassland blocks it
    assert _collectable(s) == pytest.approx(FOOD + 2 * ORE)


def test_a_collect_brings_no_more_of_a_resource_than_the_player_may_hold():
    s = _city_on_grassland()
    city = s.game.cities[0]
    city.buildings = {"temple": 0, "market": 0}  # size 3: both Grasslands and a Mountain, food limit 2
    room = resource_room(s.game, s.player(0))
    assert room == {"food": 2, "wood": 7, "ore": 7, "ideas": 7, "gold": 7}
    one_food = {**room, "food": 1}  # the second Grassland gives way to a Mountain
    assert collectable(s.game, city, PRICES, one_food) == pytest.approx(FOOD + 2 * ORE)
    no_food = {**room, "food": 0}
    assert collectable(s.game, city, PRICES, no_food) == pytest.approx(3 * ORE)
    s.advances(0, "Storage")  # the food limit rises to 7
    assert resource_room(s.game, s.player(0))["food"] == 7
    s.resources(0, food=2, ore=7)  # what is held does not matter: holding is not worth less
    assert resource_room(s.game, s.player(0))["ore"] == 7


def test_hard_values_what_its_cities_may_collect_and_normal_does_not():
    s = _city_on_grassland()
    s.game.cities[0].buildings = {"temple": 0, "market": 0}
    without = replace(HARD_WEIGHTS, collectable=0.0)
    # At the start of the game all of it is still to play: the full weight counts.
    assert value(s.game, 0, HARD_WEIGHTS) - value(s.game, 0, without) == pytest.approx(
        HARD_WEIGHTS.collectable * (2 * FOOD + ORE)
    )
    assert FORESIGHTED.collectable == 0 and HARD_WEIGHTS.collectable != 0


def test_exposure_counts_city_pieces_enemy_armies_could_reach_beyond_the_defenders():
    s = _city_on_grassland()
    game = s.game
    game.cities[0].buildings = {"temple": 0}  # size 2
    s.unit(1, "infantry", "E6")  # two spaces away
    s.unit(-1, "infantry", "F3")  # a barbarian next to the city
    s.unit(1, "infantry", "E7")  # three spaces away: out of reach
    s.unit(1, "ship", "F4")  # not an army
    assert exposure(game, 0, HARD_WEIGHTS.exposure_reach) == 2 * 2
    s.unit(0, "infantry", "E4")  # one defender in the city
    assert exposure(game, 0, HARD_WEIGHTS.exposure_reach) == 2 * 1
    s.unit(0, "infantry", "E4")
    s.unit(0, "infantry", "E4")  # more defenders than attackers: no risk, and none below zero
    assert exposure(game, 0, HARD_WEIGHTS.exposure_reach) == 0
    assert exposure(game, 1, HARD_WEIGHTS.exposure_reach) == 0  # no cities


def test_a_city_at_risk_costs_the_exposure_weight_per_piece_and_attacker():
    s = _city_on_grassland()
    s.game.cities[0].buildings = {"temple": 0}  # size 2
    s.unit(1, "infantry", "E6")
    wary, blind = replace(HARD_WEIGHTS, exposure=0.5), replace(HARD_WEIGHTS, exposure=0.0)
    assert value(s.game, 0, wary) - value(s.game, 0, blind) == pytest.approx(-0.5 * 2)
    assert value(s.game, 0, HARD_WEIGHTS) - value(s.game, 0, blind) == pytest.approx(-HARD_WEIGHTS.exposure * 2)
    assert FORESIGHTED.exposure == 0


def test_hard_searches_with_its_evaluation_and_normal_with_the_foresighted_one():
    assert HARD_SEARCH.weights == HARD_WEIGHTS and NORMAL_SEARCH.weights == FORESIGHTED


LEVELS = {"hard": HARD_WEIGHTS, "normal": FORESIGHTED}


def _last_age(s: Scenario, round_: int) -> None:
    s.game.age, s.game.round = s.game.rules.game.ages, round_


def _values(s: Scenario) -> dict[str, float]:
    return {level: value(s.game, 0, weights) for level, weights in LEVELS.items()}


@pytest.mark.parametrize(("round_", "share"), [(1, 1.0), (2, 0.5), (3, 0.0)])
def test_what_hard_holds_is_worth_less_as_the_last_round_nears(round_, share):
    s = _city_on_grassland()
    s.city(1, "C2")
    s.units(1, "infantry", "C2", 2)  # held: not a city player 0's infantry could take
    _last_age(s, round_)
    s.resources(0, food=0)
    s.player(0).objective_cards = []
    bare = _values(s)
    s.resources(0, food=2, ore=1)
    s.unit(0, "settler", "E4")
    s.unit(0, "infantry", "E4")
    s.player(0).mood_tokens = 1
    s.player(0).objective_cards = [SCIENTIFIC_LEAD_CARD]  # out of reach: a card held, no more
    holding = _values(s)
    for level, weights in LEVELS.items():
        flat = weights.flat
        held = 2 * flat["resources.food"] + flat["resources.ore"] + flat["units.settler"] + flat["army_unit"]
        held += flat["mood_token"] + flat["objective_card"]
        worth = share * held if level == "hard" else held  # Normal counts all of it to the end
        if level == "hard":  # and the settler's walk to land for a city: not a holding
            worth += flat["settler_prospect"] * terms(s.game, 0, weights)["settler_prospect"]
        assert holding[level] - bare[level] == pytest.approx(worth), level


def test_on_its_last_turn_hard_buys_an_advance_rather_than_a_settler_that_would_score_nothing():
    s = _city_on_grassland()
    s.city(1, "C2")
    s.resources(0, food=2)
    _last_age(s, 3)
    actions = considered(legal_actions(s.game))
    for level, weights in LEVELS.items():
        kinds = [action.KIND for _, action in rank(s.game, 0, actions, random.Random(1), weights)]
        last_advance = len(kinds) - 1 - kinds[::-1].index("advance")
        # Hard ranks every advance above the settler; Normal, counting the settler to the end, does not.
        assert (kinds.index("recruit") > last_advance) == (level == "hard"), kinds


def test_hard_values_a_settler_more_the_nearer_it_stands_to_a_site_and_normal_only_on_one():
    s = _city_on_grassland()
    s.city(1, "C2")
    settler = s.unit(0, "settler", "E4")
    at_home = _values(s)
    settler.pos = s.hex("E5")  # stepped out onto the Grassland next to the city: a site
    stepped_out = _values(s)
    settler.pos = s.hex("E4")
    _box_in(s)
    boxed_in = _values(s)
    assert stepped_out["hard"] > at_home["hard"] > boxed_in["hard"]
    assert stepped_out["normal"] > at_home["normal"]


def _box_in(s: Scenario) -> None:
    """Barbarians on the land next to the city of E4: sea and enemies all round."""
    for label in ("D3", "D4", "E5", "F3"):
        s.unit(-1, "infantry", label)


def _prospects(s: Scenario) -> float:
    return settler_prospects(s.game, s.player(0), HARD_WEIGHTS.prospect_reach)


def test_a_settler_s_prospect_is_the_walk_to_land_for_a_city_or_to_an_unexplored_space():
    s = _city_on_grassland()
    reach = HARD_WEIGHTS.prospect_reach
    settler = s.unit(0, "settler", "E4")  # in its city, one step from the Grassland and Mountains round it
    assert _prospects(s) == pytest.approx(reach / (reach + 1))
    settler.pos = s.hex("D5")  # on a site itself: counted as a settler on a site instead
    assert _prospects(s) == 0
    settler.pos = s.hex("E4")
    _box_in(s)
    assert _prospects(s) == 0
    s.game.units = [u for u in s.game.units if u.pos != s.hex("E5")]
    s.hide(7)  # E5 face down: a walk into it explores
    assert not s.game.revealed(s.hex("E5"))
    assert _prospects(s) == pytest.approx(reach / (reach + 1))
    s.player(0).pieces_destroyed["city"] = s.game.rules.game.city.settlement_limit - 1  # no settlement left
    assert _prospects(s) == 0


def test_a_settler_s_prospect_is_less_the_farther_it_must_walk_and_nothing_beyond_its_reach():
    s = _city_on_grassland()
    for label in ("D3", "D4", "F3"):  # its own cities round it: no sites, but it may walk through
        s.city(0, label)
    s.unit(-1, "infantry", "E5")
    s.unit(0, "settler", "E4")
    assert settler_prospects(s.game, s.player(0), 3) == pytest.approx(2 / 4)  # two steps, to C3, D2 or E2
    assert settler_prospects(s.game, s.player(0), 1) == 0


def test_a_city_leaves_its_owner_room_to_grow_up_to_the_number_of_its_cities():
    s = _city_on_grassland()
    s.city(0, "C2", buildings={"temple": 0})  # size 2
    assert terms(s.game, 0, HARD_WEIGHTS)["city_room"] == 1  # E4 may grow to 2; C2 is full
    s.city(0, "G5")
    assert terms(s.game, 0, HARD_WEIGHTS)["city_room"] == 2 + 1 + 2
    assert FORESIGHTED.city_room == 0 and HARD_WEIGHTS.city_room > 0


def test_hard_founds_a_city_that_lets_its_full_cities_grow_rather_than_collect():
    s = _city_on_grassland()
    s.game.cities[0].buildings = {"temple": 0}
    s.city(0, "C2", buildings={"temple": 0})  # two cities of size 2: neither may grow
    s.city(1, "B5")
    s.unit(0, "settler", "E5")
    actions = considered(legal_actions(s.game))
    without_room = replace(HARD_WEIGHTS, city_room=0.0)
    firsts = {
        name: rank(s.game, 0, actions, random.Random(1), weights)[0][1].KIND
        for name, weights in (("hard", HARD_WEIGHTS), ("without room", without_room))
    }
    assert firsts["hard"] == "found_city" and firsts["without room"] != "found_city"
