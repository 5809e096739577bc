"""Ways to pay a cost: every distinct payment in a fixed order, and the quick yes/no agreeing with them."""

import random
from itertools import product

from civgame.games.clash.rules.base.payments import any_of, can_pay, options_for_any, payment_options
from tests.scenario import Scenario

RESOURCES = ("food", "wood", "ore", "ideas", "gold")


def holding(**amounts: int) -> Scenario:
    s = Scenario()
    s.resources(0, **dict.fromkeys((*RESOURCES, "mood", "culture"), 0))
    s.resources(0, **amounts)
    return s


def test_any_of_lists_every_split_of_what_is_held_least_gold_first():
    s = holding(food=1, ideas=2, gold=2)
    assert payment_options(s.game, s.player(0), any_of(["food", "ideas", "gold"], 2)) == [
        {"food": 1, "ideas": 1},
        {"ideas": 2},
        {"food": 1, "gold": 1},
        {"ideas": 1, "gold": 1},
        {"gold": 2},
    ]


def test_gold_stands_in_for_a_missing_resource_only_as_far_as_it_reaches():
    s = holding(food=1, ore=0, gold=2)
    assert payment_options(s.game, s.player(0), {"food": 2, "ore": 1}) == [{"food": 1, "gold": 2}]
    s.resources(0, gold=1)
    assert payment_options(s.game, s.player(0), {"food": 2, "ore": 1}) == []  # gold for both shortfalls: 2
    assert not can_pay(s.game, s.player(0), {"food": 2, "ore": 1})


def test_tokens_stand_in_for_each_other_for_a_colosseum_owner_except_where_the_cost_says_not():
    s = holding(mood=1, culture=2)
    s.city(0, "D2", wonders=["colosseum"])
    s.advances(0)  # reports the new holdings
    assert payment_options(s.game, s.player(0), {"mood": 2}) == [{"mood": 1, "culture": 1}, {"culture": 2}]
    assert payment_options(s.game, s.player(0), {"culture": 2}) == [{"culture": 2}, {"culture": 1, "mood": 1}]
    assert payment_options(s.game, s.player(0), {"culture": 2}, token_swap=False) == [{"culture": 2}]
    assert payment_options(s.game, s.player(0), {"mood": 2}, token_swap=False) == []


def test_an_any_of_item_is_paid_in_each_kind_it_names_as_that_kind_would_be_on_its_own():
    s = holding(mood=1, culture=2, gold=1)
    s.city(0, "D2", wonders=["colosseum"])
    s.advances(0)  # reports the new holdings
    food_or_mood = any_of(["food", "mood"], 2)  # gold stands in for the food, culture tokens for the mood
    assert payment_options(s.game, s.player(0), food_or_mood) == [
        {"mood": 1, "culture": 1},
        {"culture": 2},
        {"mood": 1, "gold": 1},
        {"culture": 1, "gold": 1},
    ]
    assert payment_options(s.game, s.player(0), food_or_mood, token_swap=False) == [{"mood": 1, "gold": 1}]
    assert can_pay(s.game, s.player(0), any_of(["food", "mood"], 4))
    assert not can_pay(s.game, s.player(0), any_of(["food", "mood"], 4), token_swap=False)


def test_a_price_and_its_alternative_are_offered_together_each_way_once():
    s = holding(food=2, wood=1, gold=1)
    assert options_for_any(s.game, s.player(0), [{"food": 2}, any_of(["food", "wood"], 2)]) == [
        {"food": 1, "wood": 1},
        {"food": 2},
        {"food": 1, "gold": 1},
        {"wood": 1, "gold": 1},  # gold for the food or the wood of "any of" them, as for each on its own
    ]


def test_the_quick_answer_agrees_with_the_listed_payments_for_any_holdings():
    s = holding()
    s.city(0, "D2", wonders=["colosseum"])
    s.city(1, "B6")
    s.advances(0)
    rnd = random.Random(7)
    kinds = (*RESOURCES, "mood", "culture")
    for _ in range(400):
        cost = {kind: rnd.randint(0, 2) for kind in rnd.sample(kinds, rnd.randint(0, 3))}
        roll = rnd.random()
        if roll < 0.45:  # an "any of" item alone, or beside the others
            any_item = any_of(rnd.sample(kinds, rnd.randint(1, 4)), rnd.randint(1, 3))
            cost = any_item if roll < 0.3 else {**cost, **any_item}
        for player, swap in product((0, 1), (True, False)):  # with and without the Colosseum
            s.resources(player, **{kind: rnd.randint(0, 2) for kind in kinds})
            p = s.player(player)
            listed = payment_options(s.game, p, cost, token_swap=swap)
            assert can_pay(s.game, p, cost, token_swap=swap) == bool(listed), (cost, player, swap)
