"""Increase Happiness (seed 000 INCREASE HAPPINESS; components.md d.4)."""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import EndHappiness, RaiseMood, StartHappiness
from civgame.games.clash.core.decisions import HappinessDecision
from tests.scenario import Scenario


def size3(owner: int = 0) -> dict[str, int]:
    return {"temple": owner, "market": owner}


def assert_refused(s: Scenario, action, match: str) -> None:
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=match):
        s.apply(action)
    assert to_plain(s.game) == before


def test_neutral_to_happy_costs_the_city_size_in_mood_tokens():
    s = Scenario().reveal_all()
    city = s.city(0, "D2", mood="neutral", buildings=size3())
    s.resources(0, mood=5)
    s.apply(StartHappiness())
    assert s.game.actions_left == 2
    assert s.game.pending == [HappinessDecision(player=0)]
    s.apply(RaiseMood(city.id))
    assert city.mood == "happy"
    assert s.player(0).mood_tokens == 2
    assert s.game.pending == []  # nothing left to raise: the action ended by itself
    assert s.game.actions_left == 2


def test_angry_to_happy_costs_twice_the_size_in_one_action():
    s = Scenario().reveal_all()
    city = s.city(0, "D2", mood="angry", buildings={"temple": 0})
    s.resources(0, mood=4)
    s.apply(StartHappiness())
    s.apply(RaiseMood(city.id))
    assert (city.mood, s.player(0).mood_tokens) == ("neutral", 2)
    assert s.legal() == [RaiseMood(city.id), EndHappiness()]
    s.apply(RaiseMood(city.id))
    assert (city.mood, s.player(0).mood_tokens) == ("happy", 0)
    assert s.game.pending == [] and s.game.actions_left == 2


def test_several_cities_in_one_action():
    s = Scenario().reveal_all()
    small = s.city(0, "D2", mood="angry")
    big = s.city(0, "D4", mood="neutral", buildings={"temple": 0})
    happy = s.city(0, "D6", mood="happy")
    s.resources(0, mood=10)
    s.apply(StartHappiness())
    assert s.legal() == [RaiseMood(small.id), RaiseMood(big.id)]  # no EndHappiness before a raise
    s.apply(RaiseMood(big.id))
    s.apply(RaiseMood(small.id))
    s.apply(RaiseMood(small.id))
    assert [small.mood, big.mood, happy.mood] == ["happy", "happy", "happy"]
    assert s.player(0).mood_tokens == 10 - 2 - 1 - 1
    assert s.game.pending == [] and s.game.actions_left == 2


def test_end_happiness_finishes_with_cities_still_raisable():
    s = Scenario().reveal_all()
    a = s.city(0, "D2", mood="angry")
    b = s.city(0, "D4", mood="angry")
    s.resources(0, mood=5)
    s.apply(StartHappiness())
    assert_refused(s, EndHappiness(), "at least one")
    s.apply(RaiseMood(a.id))
    s.apply(EndHappiness())
    assert (a.mood, b.mood, s.player(0).mood_tokens) == ("neutral", "angry", 4)
    assert s.game.pending == [] and s.game.actions_left == 2


def test_the_decision_ends_once_no_further_step_is_affordable():
    s = Scenario().reveal_all()
    city = s.city(0, "D2", mood="angry", buildings={"temple": 0})
    cheap = s.city(0, "D4", mood="angry")
    s.resources(0, mood=3)
    s.apply(StartHappiness())
    assert s.legal() == [RaiseMood(city.id), RaiseMood(cheap.id)]
    s.apply(RaiseMood(city.id))
    assert s.legal() == [RaiseMood(cheap.id), EndHappiness()]  # size-2 city needs 2 more
    s.apply(RaiseMood(cheap.id))
    assert (city.mood, cheap.mood, s.player(0).mood_tokens) == ("neutral", "neutral", 0)
    assert s.game.pending == []


def test_start_needs_an_affordable_raise_and_an_action():
    s = Scenario().reveal_all()
    s.city(0, "D2", mood="angry", buildings={"temple": 0})
    s.city(0, "D4", mood="happy")
    s.resources(0, mood=1)
    assert s.legal_of(StartHappiness) == []
    assert_refused(s, StartHappiness(), "can afford")
    s.resources(0, mood=2)
    assert s.legal_of(StartHappiness) == [StartHappiness()]
    s.game.actions_left = 0
    assert s.legal_of(StartHappiness) == []
    assert_refused(s, StartHappiness(), "no main actions left")


def test_illegal_raises_change_nothing():
    s = Scenario().reveal_all()
    own = s.city(0, "D2", mood="angry", buildings=size3())
    happy = s.city(0, "D4", mood="happy")
    theirs = s.city(1, "D7", mood="angry")
    s.resources(0, mood=2)
    s.city(0, "D6", mood="angry")  # keeps the action open after a raise
    s.apply(StartHappiness())
    assert_refused(s, RaiseMood(theirs.id), "own cities")
    assert_refused(s, RaiseMood(happy.id), "already happy")
    assert_refused(s, RaiseMood(own.id), "cannot pay 3 mood")
    assert_refused(s, RaiseMood(999), "own cities")


def test_raise_mood_needs_an_increase_happiness_action():
    s = Scenario().reveal_all()
    city = s.city(0, "D2", mood="angry")
    s.resources(0, mood=3)
    assert_refused(s, RaiseMood(city.id), "none is pending")
    assert_refused(s, EndHappiness(), "none is pending")
