"""Influence Culture (seed 000 INFLUENCE CULTURE; components.md b.1, d.7; rules-questions 7, 16).

The board is the 2-player layout of seed 1 with every region revealed. Column D runs
straight down the middle: D2 -> D7 is 5 steps, through regions 5 (D3, D4) and 8 (D5, D6).
Die faces: 0-1 roll 1, 2-3 roll 2, 4-5 roll 3, 6-7 roll 4, 8-9 roll 5, 10-11 roll 6.
"""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import BoostInfluence, InfluenceCulture
from civgame.games.clash.core.decisions import InfluenceBoostDecision
from civgame.games.clash.core.hexgrid import label_to_hex
from civgame.games.clash.core.model import BARBARIAN
from tests.scenario import Scenario

ROLL_1, ROLL_3, ROLL_4, ROLL_5, ROLL_6 = 0, 4, 6, 8, 11


def board() -> Scenario:
    return Scenario().reveal_all()


def assert_refused(s: Scenario, action, match: str) -> None:
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=match):
        s.apply(action)
    assert to_plain(s.game) == before


# ------------------------------------------------------------------ range


def test_range_is_the_unmodified_size_and_tokens_cover_the_rest():
    s = board()
    source = s.city(0, "D2", mood="angry", buildings={"academy": 0, "market": 0})  # size 3
    near = s.city(1, "D5", buildings={"temple": 1})  # 3 steps
    far = s.city(1, "D7", buildings={"temple": 1})  # 5 steps
    s.resources(0, culture=2)
    assert set(s.legal_of(InfluenceCulture)) == {
        InfluenceCulture(source.id, near.id, "temple", 0),
        InfluenceCulture(source.id, far.id, "temple", 2),
    }
    assert_refused(s, InfluenceCulture(source.id, far.id, "temple", 1), "5 spaces away, beyond range 3 \\+ 1")
    s.resources(0, culture=1)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(source.id, near.id, "temple", 0)]
    assert_refused(s, InfluenceCulture(source.id, far.id, "temple", 2), "cannot pay 2 culture")


def test_range_tokens_are_paid_before_the_roll_even_if_it_fails():
    s = board()
    source = s.city(0, "D2")
    target = s.city(1, "D7", buildings={"temple": 1})
    s.resources(0, culture=4)
    s.fix_dice(ROLL_1)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 4))
    assert s.player(0).culture_tokens == 0
    assert target.buildings == {"temple": 1}
    assert s.game.pending == []  # boosting a 1 needs 4 more tokens: none left
    assert s.game.actions_left == 2
    assert "rolls 1 (needs 5)" in s.game.log[-2]


def test_more_range_tokens_than_needed_are_accepted_and_paid():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1})
    s.resources(0, culture=2)
    s.fix_dice(ROLL_6)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 2))
    assert s.player(0).culture_tokens == 0
    assert target.buildings == {"temple": 0}


def test_unrevealed_regions_lengthen_the_path():
    s = board().hide(5).hide(8)  # the straight line down column D is gone
    assert s.game.distances_from(label_to_hex("D2"))[label_to_hex("D7")] == 7
    source = s.city(0, "D2")
    target = s.city(1, "D7", buildings={"temple": 1})
    s.resources(0, culture=6)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(source.id, target.id, "temple", 6)]
    assert_refused(s, InfluenceCulture(source.id, target.id, "temple", 4), "7 spaces away")


def test_unrevealed_regions_can_cut_a_city_off():
    s = board().hide(3).hide(4).hide(5)  # every region next to P1's home region
    source = s.city(0, "D2")
    target = s.city(1, "D7", buildings={"temple": 1})
    s.resources(0, culture=7)
    assert s.legal_of(InfluenceCulture) == []
    assert_refused(s, InfluenceCulture(source.id, target.id, "temple", 7), "no path through revealed spaces")


def test_influence_crosses_sea():
    # With regions 3 and 4 face down, the only way out of P1's home region is D3, a sea space.
    s = board().place_tile(5, "1", 0).hide(3).hide(4)
    assert s.terrain("D3") == "sea"
    source = s.city(0, "D2")
    target = s.city(1, "D7", buildings={"temple": 1})
    s.resources(0, culture=4)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(source.id, target.id, "temple", 4)]
    s.fix_dice(ROLL_5)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 4))
    assert target.buildings == {"temple": 0}


# ------------------------------------------------------------------ the roll


def test_a_five_succeeds_and_turns_the_building_into_your_colour():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1, "market": 1})
    s.fix_dice(ROLL_5)
    s.apply(InfluenceCulture(source.id, target.id, "market", 0))
    assert target.buildings == {"temple": 1, "market": 0}
    assert target.owner == 1
    assert s.player(0).influence_succeeded
    assert s.game.pending == [] and s.game.actions_left == 2
    assert "rolls 5 (needs 5)" in s.game.log[-2]


def test_a_failed_roll_may_be_boosted_with_culture_tokens():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1})
    s.resources(0, culture=3)
    s.fix_dice(ROLL_3)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 0))
    boost = InfluenceBoostDecision(player=0, target=target.id, building="temple", tokens_needed=2)
    assert s.game.pending == [boost]
    assert s.legal() == [BoostInfluence(True), BoostInfluence(False)]
    s.apply(BoostInfluence(True))
    assert s.player(0).culture_tokens == 1
    assert target.buildings == {"temple": 0}
    assert s.player(0).influence_succeeded and s.game.pending == []


def test_declining_the_boost_leaves_a_failure_that_does_not_use_up_the_success():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1})
    s.resources(0, culture=3)
    s.fix_dice(ROLL_4)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 0))
    s.apply(BoostInfluence(False))
    assert (target.buildings, s.player(0).culture_tokens) == ({"temple": 1}, 3)
    assert not s.player(0).influence_succeeded and s.game.pending == []
    s.fix_dice(ROLL_6)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 0))  # a second try is allowed
    assert target.buildings == {"temple": 0}
    assert s.game.actions_left == 1


def test_no_boost_is_offered_when_the_tokens_are_missing():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1})
    s.resources(0, culture=3)
    s.fix_dice(ROLL_1)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 0))
    assert s.game.pending == [] and target.buildings == {"temple": 1}
    assert s.player(0).culture_tokens == 3


def test_only_one_success_per_turn():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1, "market": 1})
    s.fix_dice(ROLL_6)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 0))
    assert s.legal_of(InfluenceCulture) == []
    assert_refused(s, InfluenceCulture(source.id, target.id, "market", 0), "already influenced culture")
    s.turn(1).turn(0)  # player 0's next turn
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(source.id, target.id, "market", 0)]


# ------------------------------------------------------------------ sources and own cities


def test_an_influenced_city_can_only_target_itself_and_may_not_boost():
    s = board()
    influenced = s.city(0, "D2", buildings={"temple": 1, "academy": 0})
    other = s.city(1, "D3", buildings={"market": 1})
    s.resources(0, culture=5)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(influenced.id, influenced.id, "temple", 0)]
    assert_refused(s, InfluenceCulture(influenced.id, other.id, "market", 0), "can only target itself")
    assert_refused(s, InfluenceCulture(influenced.id, influenced.id, "temple", 1), "may not boost its range")
    s.fix_dice(ROLL_4)
    s.apply(InfluenceCulture(influenced.id, influenced.id, "temple", 0))
    assert s.game.pending == []  # no boost decision despite 5 culture tokens
    assert influenced.buildings == {"temple": 1, "academy": 0}
    assert s.player(0).culture_tokens == 5


def test_a_city_removes_influence_from_itself():
    s = board()
    city = s.city(0, "D2", buildings={"temple": 1, "academy": 0})
    s.fix_dice(ROLL_5)
    s.apply(InfluenceCulture(city.id, city.id, "temple", 0))
    assert city.buildings == {"temple": 0, "academy": 0}
    assert s.player(0).influence_succeeded


def test_rules_question_7_another_own_city_cannot_remove_the_influence():
    s = board()
    influenced = s.city(0, "D2", buildings={"temple": 1})
    helper = s.city(0, "D3", buildings={"academy": 0, "market": 0})
    s.resources(0, culture=5)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(influenced.id, influenced.id, "temple", 0)]
    assert_refused(s, InfluenceCulture(helper.id, influenced.id, "temple", 0), "only be removed by that city itself")


def test_source_must_be_one_of_your_cities():
    s = board()
    theirs = s.city(1, "D3", buildings={"academy": 1})
    target = s.city(1, "D5", buildings={"temple": 1})
    s.city(0, "D2")
    assert_refused(s, InfluenceCulture(theirs.id, target.id, "temple", 0), "one of your own cities")
    assert_refused(s, InfluenceCulture(999, target.id, "temple", 0), "one of your own cities")
    assert_refused(s, InfluenceCulture(theirs.id, 999, "temple", 0), "no city 999")


# ------------------------------------------------------------------ targets


def test_settlements_wonders_and_obelisks_cannot_be_influenced():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D4", buildings={"obelisk": 1}, wonders=["colosseum"])
    s.resources(0, culture=5)
    assert s.legal_of(InfluenceCulture) == []
    assert_refused(s, InfluenceCulture(source.id, target.id, "obelisk", 0), "Obelisk can never be influenced")
    assert_refused(s, InfluenceCulture(source.id, target.id, "settlement", 0), "settlements and wonders")
    assert_refused(s, InfluenceCulture(source.id, target.id, "colosseum", 0), "settlements and wonders")


def test_a_building_already_in_your_colour_is_not_a_target():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D4", buildings={"temple": 0, "market": 1})
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(source.id, target.id, "market", 0)]
    assert_refused(s, InfluenceCulture(source.id, target.id, "temple", 0), "already in Player 1's colour")


def test_no_piece_left_of_that_type_means_no_target():
    s = board()
    for label in ("C2", "D1", "E2", "B3", "F2"):
        s.city(0, label, buildings={"temple": 0})
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D4", buildings={"temple": 1, "fortress": 1})
    attempts = s.legal_of(InfluenceCulture)
    assert {(a.target, a.building) for a in attempts} == {(target.id, "fortress")}
    assert InfluenceCulture(source.id, target.id, "fortress", 0) in attempts
    assert_refused(s, InfluenceCulture(source.id, target.id, "temple", 0), "no Temple piece left")


def test_barbarian_cities_and_third_colours_can_be_targeted():
    s = Scenario(players=3).reveal_all()
    source = s.city(0, "E4", buildings={"academy": 0, "market": 0})
    barbarian = s.city(BARBARIAN, "E6", buildings={"temple": 1})
    third = s.city(1, "D4", buildings={"market": 2})
    assert set(s.legal_of(InfluenceCulture)) == {
        InfluenceCulture(source.id, barbarian.id, "temple", 0),
        InfluenceCulture(source.id, third.id, "market", 0),
    }
    s.fix_dice(ROLL_5)
    s.apply(InfluenceCulture(source.id, barbarian.id, "temple", 0))
    assert barbarian.buildings == {"temple": 0}


# ------------------------------------------------------------------ legality as a whole


def test_an_attempt_is_a_main_action():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1})
    s.game.actions_left = 0
    assert s.legal_of(InfluenceCulture) == []
    assert_refused(s, InfluenceCulture(source.id, target.id, "temple", 0), "no main actions left")


def test_negative_range_tokens_are_refused():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1})
    assert_refused(s, InfluenceCulture(source.id, target.id, "temple", -1), "can't be negative")


def test_boost_answers_only_a_pending_boost_decision():
    s = board()
    s.city(0, "D2")
    assert_refused(s, BoostInfluence(True), "none is pending")


def mixed_board() -> Scenario:
    s = board()
    s.city(0, "D2", buildings={"temple": 1, "academy": 0})  # influenced: id 5
    s.city(0, "C2", buildings={"market": 0})  # size 2: id 6
    s.city(1, "D5", buildings={"temple": 1, "obelisk": 1, "port": 0})  # 4 steps from C2: id 7
    s.city(1, "D7", buildings={"market": 1, "fortress": 1})  # 6 steps: id 8
    s.city(BARBARIAN, "B6", buildings={"academy": 1})  # 5 steps: id 9
    s.resources(0, culture=4)
    return s


def test_every_listed_attempt_applies():
    attempts = mixed_board().legal_of(InfluenceCulture)
    assert attempts == [
        InfluenceCulture(5, 5, "temple", 0),
        InfluenceCulture(6, 7, "temple", 2),
        InfluenceCulture(6, 8, "market", 4),
        InfluenceCulture(6, 8, "fortress", 4),
        InfluenceCulture(6, 9, "academy", 3),
    ]
    for attempt in attempts:
        s = mixed_board()
        s.fix_dice(ROLL_6)
        s.apply(attempt)
        assert s.game.city(attempt.target).buildings[attempt.building] == 0
