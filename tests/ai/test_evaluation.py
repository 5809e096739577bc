"""What Normal's and Hard's evaluation sees beyond Easy's: the hand's promise, the end in sight."""

import math
import random
from dataclasses import replace

import pytest

from civgame.ai.agents import HeuristicAgent, rank
from civgame.ai.evaluation import EASY, FORESIGHTED, HARD_WEIGHTS, final_totals, relative_value, value
from civgame.ai.levels import make_agent
from civgame.games.clash.core.actions import (
    AcceptTrade,
    AddTradeItem,
    BuildWonder,
    ChooseOption,
    DeclineTrade,
    SendTrade,
    StartTrade,
)
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.status import END_CHECKED_AFTER, rounds_before_end_check
from tests.engine.test_event_cards import EARTHQUAKE
from tests.engine.test_events import board, choose, main_effect
from tests.scenario import Scenario

LARGE_CIVILIZATION_CARD = 1  # Large Civilization (own at least 6 cities) / Draft
SCIENTIFIC_LEAD_CARD = 2  # Scientific Lead (most cities with an Academy) / Conqueror


def _six_cities() -> Scenario:
    s = Scenario(2)
    for label in ("C2", "C4", "C6", "E2", "E4", "E6"):
        s.city(0, label)
    return s


def test_an_objective_card_whose_condition_holds_is_worth_more_to_hard():
    s = _six_cities()
    player = s.player(0)
    player.objective_cards = [LARGE_CIVILIZATION_CARD]
    in_reach = (value(s.game, 0, EASY), value(s.game, 0, FORESIGHTED))
    player.objective_cards = [SCIENTIFIC_LEAD_CARD]  # no Academy anywhere: out of reach
    out_of_reach = (value(s.game, 0, EASY), value(s.game, 0, FORESIGHTED))
    assert in_reach[0] == out_of_reach[0]
    assert in_reach[1] - out_of_reach[1] == pytest.approx(FORESIGHTED.objective_in_reach)
    assert FORESIGHTED.objective_in_reach > 0


def _statue_builder() -> Scenario:
    """Player 1 holds the Great Statue card (Engineering and Monuments held), two cities, one of them
    Happy and small enough to take a wonder, and nothing else."""
    s = Scenario(2).advances(0, "Engineering", "Monuments")
    s.city(0, "C4", mood="happy")
    s.city(0, "C6")
    s.city(1, "E6")
    for player in s.game.players:
        player.resources = dict.fromkeys(player.resources, 0)
    s.player(0).wonder_cards = ["great_statue"]  # food 3, wood 4, ore 5, culture 5
    return s


def test_a_wonder_card_is_worth_more_to_normal_with_its_advances_and_what_it_costs_held():
    s = _statue_builder()
    ready = (value(s.game, 0, EASY), value(s.game, 0, FORESIGHTED))
    s.lose_advances(0, "Monuments")
    not_ready = (value(s.game, 0, EASY), value(s.game, 0, FORESIGHTED))
    s.advances(0, "Monuments")
    assert ready[1] > not_ready[1]

    # Easy prices each resource alike; Normal also values what brings the wonder nearer.
    def normal_beyond_easy() -> float:
        return value(s.game, 0, FORESIGHTED) - value(s.game, 0, EASY)

    price_gap = FORESIGHTED.resources["wood"] - EASY.resources["wood"]
    for wood in (1, 2, 3, 4):
        before = normal_beyond_easy()
        s.resources(0, wood=wood)
        assert normal_beyond_easy() - before - price_gap == pytest.approx(FORESIGHTED.wonder_progress / 17)
    before = normal_beyond_easy()
    s.resources(0, wood=5)  # beyond the cost (17 in all): no nearer
    assert normal_beyond_easy() - before == pytest.approx(price_gap)


@pytest.mark.parametrize("weights", [FORESIGHTED, HARD_WEIGHTS], ids=["normal", "hard"])
def test_normal_and_hard_build_a_wonder_they_can_pay_for(weights):
    s = _statue_builder()
    s.resources(0, food=2, wood=4, ore=5, gold=1, culture=5)  # food beyond its limit of 2 paid in gold
    s.turn(0)
    assert any(isinstance(a, BuildWonder) for a in legal_actions(s.game))
    ranked = rank(s.game, 0, legal_actions(s.game), random.Random(1), weights)
    assert isinstance(ranked[0][1], BuildWonder)


def test_the_searching_levels_value_a_leader_on_the_board_and_what_advances_unlock():
    s = Scenario(2)
    s.city(0, "C4")
    before = value(s.game, 0, FORESIGHTED)
    s.player(0).leader = "anyone"
    assert value(s.game, 0, FORESIGHTED) - before == pytest.approx(FORESIGHTED.leader)
    assert FORESIGHTED.leader > 0
    easy, foresighted = value(s.game, 0, EASY), value(s.game, 0, FORESIGHTED)
    s.advances(0, "Engineering")
    assert value(s.game, 0, FORESIGHTED) - foresighted > value(s.game, 0, EASY) - easy


def _opponent_city_taken(taken: bool) -> Scenario:
    """Player 0 holds a city and much gold; player 1 has four more advances and one city, which
    player 0 either took (it is razed) or left alone."""
    s = Scenario(2).advances(1, "Engineering", "Monuments", "Siegecraft", "Bartering").resources(0, gold=20)
    s.city(0, "C4")
    if not taken:
        s.city(1, "E4")
    return s


def _at_the_end_check(s: Scenario) -> Scenario:
    """The status phase about to check whether the game ends: no round left to score in."""
    s.game.phase, s.game.status_step = "status", END_CHECKED_AFTER
    return s


def test_a_player_behind_on_points_does_not_end_the_game_by_taking_the_last_city():
    """Without cities a player ends the game at the next status phase: taking the last city of a
    player who leads on points loses the game, however rich the taker is."""
    taken, left = _at_the_end_check(_opponent_city_taken(True)), _at_the_end_check(_opponent_city_taken(False))
    assert FORESIGHTED.ending > 0
    lead = score_sheet(taken.game, 0)["total"] - score_sheet(taken.game, 1)["total"]
    assert lead < 0
    assert relative_value(taken.game, 0, FORESIGHTED) == pytest.approx(lead - FORESIGHTED.ending)
    assert relative_value(left.game, 0, FORESIGHTED) > relative_value(taken.game, 0, FORESIGHTED)
    # Valued by what is held, as if the game went on, taking the city would look better.
    no_ending = replace(FORESIGHTED, ending=0.0)
    assert relative_value(taken.game, 0, no_ending) > relative_value(left.game, 0, no_ending)


def test_the_rounds_before_the_end_is_checked():
    s = Scenario(2)
    s.game.age, s.game.round = 2, 2
    assert rounds_before_end_check(s.game) == 2  # this round and the last of the age
    s.game.phase, s.game.status_step = "status", END_CHECKED_AFTER
    assert rounds_before_end_check(s.game) == 0  # step 1's objectives done: the check comes next
    s.game.status_step = END_CHECKED_AFTER + 1
    assert rounds_before_end_check(s.game) == s.game.rules.game.rounds_per_age  # checked: a whole age to go


def test_until_a_game_with_a_cityless_player_ends_those_with_cities_score_on_at_their_pace():
    """Age 2, round 1: three rounds played, three to play before the check. Player 1, cityless,
    keeps its points; player 0 scores as much again."""
    s = _opponent_city_taken(True)
    s.game.age, s.game.round = 2, 1
    now = [score_sheet(s.game, p)["total"] for p in (0, 1)]
    assert final_totals(s.game) == [now[0] * 2, now[1]]
    lead = now[0] * 2 - now[1]
    assert relative_value(s.game, 0, FORESIGHTED) == pytest.approx(lead + math.copysign(FORESIGHTED.ending, lead))


def _earthquake_with_three_small_cities(hit: int) -> Scenario:
    """Age 2 begins; player `hit` holds three cities of one piece each, and an earthquake asks it to destroy
    one to three pieces (2 points each); the other player has a city and four advances more."""
    s = board()
    s.game.age, s.game.round = 2, 1
    for label in ("D2", "B6", "D5"):
        s.city(hit, label)
    other = 1 - hit
    s.city(other, "C4")
    s.advances(other, "Engineering", "Monuments", "Siegecraft", "Bartering")
    main_effect(s, EARTHQUAKE, active=hit)
    return s


def test_an_earthquake_does_not_tempt_a_player_to_destroy_its_last_city_an_age_before_the_end():
    """Destroying its three one-piece cities gives a player 6 points now, but leaves it cityless for a
    whole age in which the other player scores on: Normal and Hard keep a city."""
    for level in ("normal", "hard"):
        s = _earthquake_with_three_small_cities(hit=0)
        agent = make_agent(level, 3)
        while s.game.pending and s.game.actor() == 0:
            s.apply(agent.choose(s.game, s.legal()))
        assert s.game.cities_of(0), level


def test_an_earthquake_once_tempted_a_player_to_destroy_its_last_city():
    """Valued as if the game ended with today's points, destroying the last city looked a gain."""
    s = _earthquake_with_three_small_cities(hit=0)
    choose(s, "city centre at D2")
    choose(s, "city centre at B6")
    outcomes = {}
    for option in ("city centre at D5", "destroy nothing more"):
        after = copy_game(s.game)
        apply(after, ChooseOption(option))
        today = [score_sheet(after, p)["total"] for p in (0, 1)]
        outcomes[option] = (relative_value(after, 0, HARD_WEIGHTS), today[0] - today[1])
    assert outcomes["city centre at D5"][1] > 0  # ahead today, with nothing left to score with
    assert outcomes["city centre at D5"][0] < outcomes["destroy nothing more"][0]


GREAT_PHILOSOPHER, GREAT_DIPLOMAT = 21, 57  # event cards: a great person held hidden, one kept face up


def test_a_great_person_held_in_hand_is_worth_an_action_card():
    """The catalogue: a great person "counts as an action card in hand for every other purpose"."""
    s = Scenario(2)
    s.city(0, "C4")
    before = value(s.game, 0, EASY)
    s.player(0).great_persons = [GREAT_DIPLOMAT]  # kept face up: not in hand
    assert value(s.game, 0, EASY) == pytest.approx(before)
    s.player(0).great_persons.append(GREAT_PHILOSOPHER)
    assert value(s.game, 0, EASY) - before == pytest.approx(EASY.action_card)


@pytest.mark.parametrize(("food", "answer"), [(1, DeclineTrade()), (2, AcceptTrade(("great person:21",)))])
def test_a_computer_player_asked_for_an_action_card_gives_its_great_person_only_for_its_worth(food, answer):
    s = Scenario(2)
    s.city(0, "C4")
    s.city(1, "F7")
    for player in s.game.players:
        player.resources = dict.fromkeys(player.resources, 0)
    s.game.decks["event"].draw.remove(GREAT_PHILOSOPHER)
    s.player(1).great_persons = [GREAT_PHILOSOPHER]
    s.resources(0, food=food)
    s.apply(StartTrade(1))
    for _ in range(food):
        s.apply(AddTradeItem("give", "food"))
    s.apply(AddTradeItem("take", "action"))
    s.apply(SendTrade())
    assert HeuristicAgent(1).choose(s.game, legal_actions(s.game)) == answer  # an action card is worth 1.5 food
