"""Hard's evaluation sees what the hand and the board promise; Normal's does not."""

import pytest

from civgame.ai.evaluation import FORESIGHTED, STRATEGIC, value
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
    in_reach = (value(s.game, 0, STRATEGIC), value(s.game, 0, FORESIGHTED))
    player.objective_cards = [SCIENTIFIC_LEAD_CARD]  # no Academy anywhere: out of reach
    out_of_reach = (value(s.game, 0, STRATEGIC), value(s.game, 0, FORESIGHTED))
    assert in_reach[0] == out_of_reach[0]
    assert in_reach[1] - out_of_reach[1] == pytest.approx(FORESIGHTED.objective_in_reach)
    assert FORESIGHTED.objective_in_reach > 0


def test_a_wonder_card_whose_advances_are_held_is_worth_more_to_hard():
    s = Scenario(2).advances(0, "Engineering", "Monuments")
    s.city(0, "C4")
    player = s.player(0)
    player.wonder_cards = ["great_statue"]  # needs Monuments: held
    ready = (value(s.game, 0, STRATEGIC), value(s.game, 0, FORESIGHTED))
    player.wonder_cards = ["great_wall"]  # needs Siegecraft: not held
    not_ready = (value(s.game, 0, STRATEGIC), value(s.game, 0, FORESIGHTED))
    assert ready[0] == not_ready[0]
    assert ready[1] - not_ready[1] == pytest.approx(FORESIGHTED.wonder_in_reach)
    assert FORESIGHTED.wonder_in_reach > 0


def test_hard_values_a_leader_on_the_board_and_what_advances_unlock():
    s = Scenario(2)
    s.city(0, "C4")
    before = value(s.game, 0, FORESIGHTED)
    s.player(0).leader = "anyone"
    assert value(s.game, 0, FORESIGHTED) - before == pytest.approx(FORESIGHTED.leader)
    assert FORESIGHTED.leader > 0
    strategic, foresighted = value(s.game, 0, STRATEGIC), value(s.game, 0, FORESIGHTED)
    s.advances(0, "Engineering")
    assert value(s.game, 0, FORESIGHTED) - foresighted > value(s.game, 0, STRATEGIC) - strategic
