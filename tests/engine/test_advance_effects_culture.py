"""Effects of the culture, spirituality, economy and government advances (advances.md sections 2.6-2.12).

Boards are the 2-player layout of seed 1 with every region revealed (as in test_influence.py):
D2 -> D5 is 3 steps, D2 -> D7 is 5 steps. Die faces: 0-1 roll 1, 4-5 roll 3, 6-7 roll 4, 8-9 roll 5.
"""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    Advance,
    BoostInfluence,
    ChangeGovernment,
    ChooseFirstPlayer,
    Construct,
    EndHappiness,
    InfluenceCulture,
    Pay,
    RaiseMood,
    Raze,
    StartHappiness,
    TakeFreeAdvance,
    UseAbility,
)
from civgame.games.clash.core.decisions import (
    GovernmentDecision,
    HappinessDecision,
    InfluenceBoostDecision,
    PayDecision,
)
from civgame.games.clash.core.model import BARBARIAN
from civgame.games.clash.rules.flow.status import begin
from tests.scenario import Scenario

ROLL_1, ROLL_3, ROLL_4, ROLL_5 = 0, 4, 6, 8


def board() -> Scenario:
    return Scenario().reveal_all()


def assert_refused(s: Scenario, action, match: str) -> None:
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=match):
        s.apply(action)
    assert to_plain(s.game) == before


def abilities(s: Scenario, source: str) -> list[UseAbility]:
    return [a for a in s.legal_of(UseAbility) if a.source == source]


# ------------------------------------------------------------------ Myths


def test_myths_unlocks_the_temple():
    s = board()
    city = s.city(0, "D2")
    s.city(0, "D4")
    s.resources(0, food=1, wood=1, ore=1)
    assert Construct(city.id, "temple") not in s.legal_of(Construct)
    assert_refused(s, Construct(city.id, "temple"), "a Temple requires Myths")
    s.advances(0, "Myths")
    s.apply(Construct(city.id, "temple"))
    assert city.buildings == {"temple": 0}


# ------------------------------------------------------------------ Rituals


def test_rituals_lets_resources_stand_in_for_the_mood_tokens_of_increase_happiness():
    s = board()
    city = s.city(0, "D2", buildings={"temple": 0})  # size 2
    s.resources(0, mood=1, food=1, wood=1, culture=5)
    assert s.legal_of(StartHappiness) == []  # culture tokens never pay for happiness
    s.advances(0, "Myths", "Rituals")
    s.apply(StartHappiness())
    s.apply(RaiseMood(city.id))
    assert s.game.pending[-1] == PayDecision(
        player=0, action=RaiseMood(city.id), cost={"any:mood,food,wood,ore,ideas,gold": 2}
    )
    assert {tuple(sorted(a.payment.items())) for a in s.legal_of(Pay)} == {
        (("food", 1), ("mood", 1)),
        (("mood", 1), ("wood", 1)),
        (("food", 1), ("wood", 1)),
    }
    s.apply(Pay({"food": 1, "wood": 1}))
    assert city.mood == "happy" and s.game.pending == []
    p = s.player(0)
    assert (p.mood_tokens, p.resources["food"], p.resources["wood"], p.culture_tokens) == (1, 0, 0, 5)


def test_rituals_payment_may_be_given_with_the_raise():
    s = board()
    city = s.city(0, "D2", buildings={"temple": 0})
    s.resources(0, mood=1, food=2)
    assert s.legal_of(StartHappiness) == []
    s.advances(0, "Myths", "Rituals")
    s.apply(StartHappiness())
    s.apply(RaiseMood(city.id, payment={"mood": 1, "food": 1}))
    assert (city.mood, s.player(0).mood_tokens, s.player(0).resources["food"]) == ("happy", 0, 1)


def test_rituals_with_the_colosseum_takes_culture_tokens_for_the_mood_tokens_too():
    s = board()
    city = s.city(0, "D2", buildings={"temple": 0})  # size 2
    s.city(0, "B3", wonders=["colosseum"])
    s.resources(0, food=1, wood=0, ore=0, ideas=0, gold=0, mood=1, culture=2)
    s.advances(0, "Myths", "Rituals")
    s.apply(StartHappiness())
    s.apply(RaiseMood(city.id))
    assert [a.payment for a in s.legal_of(Pay)] == [  # culture tokens paid as mood tokens last
        {"food": 1, "mood": 1},
        {"food": 1, "culture": 1},
        {"mood": 1, "culture": 1},
        {"culture": 2},
    ]
    s.apply(Pay({"food": 1, "culture": 1}))
    p = s.player(0)
    assert city.mood == "happy" and (p.resources["food"], p.mood_tokens, p.culture_tokens) == (0, 1, 1)


# ------------------------------------------------------------------ Arts


def arts_board() -> tuple[Scenario, int, int]:
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})  # size 3
    target = s.city(1, "D5", buildings={"temple": 1})  # 3 steps
    s.advances(0, "Arts")
    return s, source.id, target.id


def test_arts_free_influence_costs_a_culture_token_and_no_action():
    s, _source, target = arts_board()
    s.resources(0, culture=3)
    s.game.actions_left = 0
    assert s.legal_of(InfluenceCulture) == []
    assert abilities(s, "Arts") == [UseAbility("Arts", "free_action", ("D2", "D5", "temple", "0"))]
    s.fix_dice(ROLL_5)
    s.apply(UseAbility("Arts", "free_action", ("D2", "D5", "temple", "0")))
    assert s.game.city(target).buildings == {"temple": 0}
    assert s.player(0).culture_tokens == 2 and s.game.actions_left == 0


def test_arts_is_once_per_turn_and_its_failed_roll_may_be_boosted():
    s, source, target = arts_board()
    s.resources(0, culture=3)
    s.fix_dice(ROLL_4)
    s.apply(UseAbility("Arts", "free_action", ("D2", "D5", "temple", "0")))
    assert s.game.pending == [InfluenceBoostDecision(player=0, target=target, building="temple", tokens_needed=1)]
    s.apply(BoostInfluence(False))
    assert s.player(0).culture_tokens == 2 and s.game.actions_left == 3
    assert abilities(s, "Arts") == []
    assert_refused(s, UseAbility("Arts", "free_action", ("D2", "D5", "temple", "0")), "Arts was already used this turn")
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(source, target, "temple", 0)]  # actions still may
    s.turn(1).turn(0)
    assert len(abilities(s, "Arts")) == 1


def test_arts_needs_the_token_besides_the_range_tokens():
    s = board()
    s.city(0, "D2")  # size 1: D5 is 2 tokens away
    s.city(1, "D5", buildings={"temple": 1})
    s.advances(0, "Arts")
    s.resources(0, culture=2)
    assert abilities(s, "Arts") == []
    attempt = UseAbility("Arts", "free_action", ("D2", "D5", "temple", "2"))
    assert_refused(s, attempt, "no city of Player 1 can reach a building to influence now")
    s.resources(0, culture=3)
    assert abilities(s, "Arts") == [attempt]
    s.fix_dice(ROLL_1)
    s.apply(abilities(s, "Arts")[0])
    assert s.player(0).culture_tokens == 0


# ------------------------------------------------------------------ Sports


def test_sports_raises_a_city_for_one_culture_token_per_step_whatever_its_size():
    s = board()
    angry = s.city(0, "D2", mood="angry", buildings={"temple": 0, "market": 0})  # size 3
    neutral = s.city(0, "D4", buildings={"academy": 0})
    s.city(0, "D6", mood="happy")
    s.advances(0, "Arts", "Sports")
    s.resources(0, culture=3)
    assert set(abilities(s, "Sports")) == {
        UseAbility("Sports", "mood_steps", ("D2", "1")),
        UseAbility("Sports", "mood_steps", ("D2", "2")),
        UseAbility("Sports", "mood_steps", ("D4", "1")),
    }
    s.apply(UseAbility("Sports", "mood_steps", ("D2", "2")))
    assert angry.mood == "happy" and s.player(0).culture_tokens == 1 and s.game.actions_left == 2
    s.apply(UseAbility("Sports", "mood_steps", ("D4", "1")))  # repeatable
    assert neutral.mood == "happy" and s.player(0).culture_tokens == 0 and s.game.actions_left == 1


def test_sports_is_a_main_action_and_needs_the_tokens():
    s = board()
    s.city(0, "D2", mood="angry")
    s.advances(0, "Arts", "Sports")
    s.resources(0, culture=1, mood=5)
    assert abilities(s, "Sports") == [UseAbility("Sports", "mood_steps", ("D2", "1"))]
    s.game.actions_left = 0
    assert abilities(s, "Sports") == []
    assert_refused(s, UseAbility("Sports", "mood_steps", ("D2", "1")), "no main actions left this turn")


# ------------------------------------------------------------------ Monuments


def test_monuments_shields_wonder_cities_from_other_players_only():
    s = board()
    s.city(0, "D2", buildings={"academy": 0, "market": 0})
    wonder_city = s.city(1, "D5", buildings={"temple": 1}, wonders=["pyramids"])
    plain_city = s.city(1, "D7", buildings={"temple": 1})
    s.resources(0, culture=5)
    assert {a.target for a in s.legal_of(InfluenceCulture)} == {wonder_city.id, plain_city.id}
    s.advances(1, "Arts", "Monuments")
    assert {a.target for a in s.legal_of(InfluenceCulture)} == {plain_city.id}
    assert_refused(
        s,
        InfluenceCulture(s.game.cities[0].id, wonder_city.id, "temple", 0),
        "Player 2's Monuments protects the city at D5",
    )
    # rules-questions 21: the owner may still win back a building in their own wonder city
    wonder_city.buildings["temple"] = 0
    s.turn(1)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(wonder_city.id, wonder_city.id, "temple", 0)]


def test_monuments_draws_a_wonder_card_when_gained():
    s = board()
    s.city(0, "D2")
    s.advances(0, "Arts")
    s.resources(0, food=2)
    top = s.game.decks["wonder"].draw[-1]
    s.apply(Advance("Monuments"))
    assert s.player(0).wonder_cards == [top]
    assert top not in s.game.decks["wonder"].draw


# ------------------------------------------------------------------ Theaters


def test_theaters_swaps_one_token_either_way_once_per_turn():
    s = board()
    s.city(0, "D2")
    s.advances(0, "Arts", "Theaters")
    s.resources(0, mood=1, culture=1)
    assert abilities(s, "Theaters") == [
        UseAbility("Theaters", "exchange", ("1 culture for 1 mood",)),
        UseAbility("Theaters", "exchange", ("1 mood for 1 culture",)),
    ]
    s.apply(UseAbility("Theaters", "exchange", ("1 mood for 1 culture",)))
    p = s.player(0)
    assert (p.mood_tokens, p.culture_tokens, s.game.actions_left) == (0, 2, 3)
    assert abilities(s, "Theaters") == []
    s.turn(1).turn(0)
    assert abilities(s, "Theaters") == [UseAbility("Theaters", "exchange", ("1 culture for 1 mood",))]


# ------------------------------------------------------------------ boost protections


def boost_board(city_kwargs: dict, *advances: str) -> tuple[Scenario, int]:
    s = board()
    s.city(0, "D2")  # size 1: D5 is 2 range tokens away
    target = s.city(1, "D5", **city_kwargs)
    s.advances(1, *advances)
    s.resources(0, culture=6)
    return s, target.id


def boosts_allowed(city_kwargs: dict, *advances: str) -> bool:
    """Whether the range boost is offered, and whether a failed roll may be boosted."""
    s, target = boost_board(city_kwargs, *advances)
    ranged = bool(s.legal_of(InfluenceCulture))
    s.city(0, "D4", buildings={"academy": 0})  # size 2 at 1 step: no range needed
    s.fix_dice(ROLL_3)
    s.apply(InfluenceCulture(s.game.cities[-1].id, target, "temple", 0))
    rolled = bool(s.game.pending)
    assert ranged == rolled
    return ranged


def test_separation_of_power_forbids_boosts_against_happy_cities():
    happy = {"mood": "happy", "buildings": {"temple": 1}}
    neutral = {"buildings": {"temple": 1}}
    assert boosts_allowed(happy)
    assert not boosts_allowed(happy, "Voting", "Separation of Power")
    assert boosts_allowed(neutral, "Voting", "Separation of Power")


def test_separation_of_power_explains_the_refused_range_boost():
    s, target = boost_board({"mood": "happy", "buildings": {"temple": 1}}, "Voting", "Separation of Power")
    assert_refused(
        s,
        InfluenceCulture(s.game.cities[0].id, target, "temple", 2),
        "Player 2's Separation of Power forbids culture tokens",
    )


def test_separation_of_power_does_not_restrict_its_owners_attempts():
    s, target = boost_board({"mood": "happy", "buildings": {"temple": 1}})
    s.advances(0, "Voting", "Separation of Power")
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(s.game.cities[0].id, target, "temple", 2)]


def test_totalitarianism_forbids_boosts_against_cities_with_army_units():
    s_kwargs = {"buildings": {"temple": 1}}
    assert boosts_allowed(s_kwargs, "Nationalism", "Totalitarianism")
    s, _target = boost_board(s_kwargs, "Nationalism", "Totalitarianism")
    s.unit(1, "infantry", "D5")
    assert s.legal_of(InfluenceCulture) == []
    s.game.units.clear()
    s.unit(1, "settler", "D5")  # a settler is no army unit
    assert len(s.legal_of(InfluenceCulture)) == 1


def test_devotion_forbids_boosts_against_temple_cities():
    assert not boosts_allowed({"buildings": {"temple": 1}}, "Dogma", "Devotion")
    assert boosts_allowed({"buildings": {"temple": 1}}, "Dogma")
    s, _ = boost_board({"buildings": {"market": 1}}, "Dogma", "Devotion")
    assert len(s.legal_of(InfluenceCulture)) == 1


# ------------------------------------------------------------------ Conversion


def test_conversion_adds_one_against_others_and_pays_a_culture_token_on_success():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(1, "D5", buildings={"temple": 1})
    s.advances(0, "Dogma", "Conversion")
    s.fix_dice(ROLL_4)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 0))
    assert target.buildings == {"temple": 0}
    assert s.player(0).culture_tokens == 1
    assert "rolls 4 +1 (Conversion) (needs 5)" in s.game.log[-3]


def test_conversion_gives_no_bonus_on_your_own_city_but_rewards_the_success():
    s = board()
    city = s.city(0, "D2", buildings={"temple": 1, "academy": 0})
    s.advances(0, "Dogma", "Conversion")
    s.fix_dice(ROLL_4)
    s.apply(InfluenceCulture(city.id, city.id, "temple", 0))
    assert city.buildings["temple"] == 1 and s.player(0).culture_tokens == 0
    s.turn(1).turn(0)
    s.fix_dice(ROLL_5)
    s.apply(InfluenceCulture(city.id, city.id, "temple", 0))
    assert city.buildings["temple"] == 0 and s.player(0).culture_tokens == 1


def test_conversion_counts_against_barbarians_and_lowers_the_boost_price():
    s = board()
    source = s.city(0, "D2", buildings={"academy": 0, "market": 0})
    target = s.city(BARBARIAN, "D5", buildings={"temple": BARBARIAN})
    s.advances(0, "Dogma", "Conversion")
    s.resources(0, culture=1)
    s.fix_dice(ROLL_3)
    s.apply(InfluenceCulture(source.id, target.id, "temple", 0))
    assert s.game.pending[-1].tokens_needed == 1
    s.apply(BoostInfluence(True))
    assert target.buildings == {"temple": 0} and s.player(0).culture_tokens == 1


# ------------------------------------------------------------------ Voting


def test_voting_increases_happiness_as_a_free_action_for_one_more_mood_token():
    s = board()
    big = s.city(0, "D2", buildings={"temple": 0})  # size 2
    small = s.city(0, "D4", mood="angry")
    s.advances(0, "Voting")
    s.resources(0, mood=5)
    assert abilities(s, "Voting") == [UseAbility("Voting", "free_action", ())]
    s.apply(UseAbility("Voting", "free_action", ()))
    assert s.game.pending == [HappinessDecision(player=0, extra_cost={"mood": 1})]
    s.apply(RaiseMood(big.id))  # 2 + 1
    assert (big.mood, s.player(0).mood_tokens) == ("happy", 2)
    s.apply(RaiseMood(small.id))  # later raises cost the usual price
    assert (small.mood, s.player(0).mood_tokens) == ("neutral", 1)
    s.apply(EndHappiness())
    assert s.game.actions_left == 3
    assert abilities(s, "Voting") == []  # 1 + 1 tokens needed, only 1 left
    s.resources(0, mood=2)
    assert abilities(s, "Voting") == [UseAbility("Voting", "free_action", ())]  # no per-turn limit


def test_voting_needs_the_extra_token_on_top_of_a_raise():
    s = board()
    s.city(0, "D2", buildings={"temple": 0})
    s.advances(0, "Voting")
    s.resources(0, mood=2)
    assert s.legal_of(StartHappiness) == [StartHappiness()]
    assert abilities(s, "Voting") == []
    assert_refused(s, UseAbility("Voting", "free_action", ()), "has no city whose mood they can afford to raise")


def test_voting_extra_token_may_be_paid_with_rituals():
    s = board()
    city = s.city(0, "D2")
    s.advances(0, "Voting", "Myths", "Rituals")
    s.resources(0, food=0, gold=2)
    s.apply(UseAbility("Voting", "free_action", ()))
    s.apply(RaiseMood(city.id))
    assert city.mood == "happy" and s.player(0).resources["gold"] == 0


def test_voting_with_rituals_and_the_colosseum_takes_culture_tokens():
    s = board()
    city = s.city(0, "D2")
    s.city(0, "B3", wonders=["colosseum"])
    s.advances(0, "Voting", "Myths", "Rituals")
    s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0, mood=0, culture=2)  # the raise and Voting's token
    actions = s.game.actions_left
    s.apply(UseAbility("Voting", "free_action", ()))
    s.apply(RaiseMood(city.id))
    assert city.mood == "happy" and s.player(0).culture_tokens == 0 and s.game.actions_left == actions


# ------------------------------------------------------------------ Civil Liberties


def test_civil_liberties_gains_three_mood_tokens_as_a_repeatable_action():
    s = board()
    s.city(0, "D2")
    s.advances(0, "Voting", "Civil Liberties")
    assert abilities(s, "Civil Liberties") == [UseAbility("Civil Liberties", "exchange", ("3 mood",))]
    s.apply(UseAbility("Civil Liberties", "exchange", ("3 mood",)))
    s.apply(UseAbility("Civil Liberties", "exchange", ("3 mood",)))
    assert s.player(0).mood_tokens == 6 and s.game.actions_left == 1
    s.game.actions_left = 0
    assert abilities(s, "Civil Liberties") == []


# ------------------------------------------------------------------ Absolute Power


def test_absolute_power_buys_one_extra_action_per_turn_for_two_mood_tokens():
    s = board()
    s.city(0, "D2")
    s.advances(0, "Nationalism", "Absolute Power")
    s.resources(0, mood=5)
    s.game.actions_left = 0
    choice = UseAbility("Absolute Power", "exchange", ("2 mood for 1 extra action",))
    assert abilities(s, "Absolute Power") == [choice]
    s.apply(choice)
    assert (s.game.actions_left, s.player(0).mood_tokens) == (1, 3)
    assert abilities(s, "Absolute Power") == []
    s.resources(0, mood=1)
    s.turn(1).turn(0)
    assert abilities(s, "Absolute Power") == []


# ------------------------------------------------------------------ Bartering


def test_bartering_discards_an_action_card_for_gold_or_culture_once_per_turn():
    s = board()
    s.city(0, "D2")
    s.advances(0, "Bartering")
    p = s.player(0)
    p.action_cards = [7, 3]
    discard_before = list(s.game.decks["action"].discard)
    assert set(abilities(s, "Bartering")) == {
        UseAbility("Bartering", "exchange", (label, card))
        for label in ("1 action card for 1 gold", "1 action card for 1 culture")
        for card in ("3", "7")
    }
    s.apply(UseAbility("Bartering", "exchange", ("1 action card for 1 culture", "7")))
    assert (p.action_cards, p.culture_tokens, s.game.actions_left) == ([3], 1, 3)
    assert s.game.decks["action"].discard == [*discard_before, 7]
    assert abilities(s, "Bartering") == []
    s.turn(1).turn(0)
    s.apply(UseAbility("Bartering", "exchange", ("1 action card for 1 gold", "3")))
    assert (p.action_cards, p.resources["gold"]) == ([], 1)
    s.turn(1).turn(0)
    assert abilities(s, "Bartering") == []  # an empty hand has nothing to discard
    assert_refused(
        s,
        UseAbility("Bartering", "exchange", ("1 action card for 1 gold", "3")),
        "Player 1 has not what any exchange of Bartering asks: 1 action card",
    )


# ------------------------------------------------------------------ Taxes


def test_taxes_gives_one_resource_per_city_for_a_mood_token():
    s = board()
    s.city(0, "D2")
    s.city(0, "D4")
    s.advances(0, "Bartering", "Taxes")
    s.resources(0, mood=1, food=0, wood=0, ore=0)
    assert {a.choice for a in abilities(s, "Taxes")} == {
        ("food", "food"),
        ("food", "wood"),
        ("food", "ore"),
        ("wood", "wood"),
        ("wood", "ore"),
        ("ore", "ore"),
    }
    s.apply(UseAbility("Taxes", "taxes", ("wood", "ore")))
    p = s.player(0)
    assert (p.mood_tokens, p.resources["wood"], p.resources["ore"], s.game.actions_left) == (0, 1, 1, 2)
    s.resources(0, mood=1)
    assert abilities(s, "Taxes") == []  # once per turn
    s.turn(1).turn(0)
    s.resources(0, mood=0)
    assert abilities(s, "Taxes") == []  # the mood token is needed


def test_taxes_offer_gold_with_currency_and_respect_resource_limits():
    s = board()
    s.city(0, "D2")
    s.city(0, "D4")
    s.advances(0, "Bartering", "Taxes", "Currency")
    s.resources(0, mood=1, food=2, gold=0)
    assert ("gold", "gold") in {a.choice for a in abilities(s, "Taxes")}
    assert len(abilities(s, "Taxes")) == 10
    s.apply(UseAbility("Taxes", "taxes", ("food", "gold")))
    assert (s.player(0).resources["food"], s.player(0).resources["gold"]) == (2, 1)  # food limit 2


# ------------------------------------------------------------------ losing an advance stops its effects


def test_after_a_government_change_the_old_abilities_go_and_the_new_ones_come():
    s = Scenario()
    s.city(0, "D2", buildings={"temple": 0})
    s.city(1, "D7")
    s.game.first_player = 0
    s.advances(0, "Writing", "Philosophy", "Voting", "Civil Liberties", "Tactics", "Draft")
    s.resources(0, mood=9, culture=1)
    assert {a.source for a in s.legal_of(UseAbility)} == {"Voting", "Civil Liberties"}
    begin(s.game)
    s.apply(TakeFreeAdvance("Storage"))
    s.apply(TakeFreeAdvance("Storage"))
    s.apply(Raze(None))  # player 1 keeps their size 1 city
    assert s.game.pending == [GovernmentDecision(player=0)]
    s.apply(ChangeGovernment(("Nationalism", "Absolute Power")))
    s.apply(ChooseFirstPlayer(0))
    assert s.game.phase == "play" and s.game.current == 0 and s.game.pending == []
    assert {a.source for a in s.legal_of(UseAbility)} == {"Absolute Power"}
    assert_refused(s, UseAbility("Voting", "free_action", ()), "has no free action ability from Voting")


def test_every_listed_ability_applies():
    def rich() -> Scenario:
        s = board()
        s.city(0, "D2", mood="angry", buildings={"temple": 0, "academy": 0})
        s.city(0, "D4", buildings={"market": 0})
        s.city(1, "D7", buildings={"temple": 1, "market": 1})
        s.advances(
            0,
            "Myths",
            "Rituals",
            "Arts",
            "Sports",
            "Theaters",
            "Bartering",
            "Taxes",
            "Currency",
            "Writing",
            "Philosophy",
            "Voting",
            "Civil Liberties",
        )
        s.resources(0, mood=6, culture=4, food=2, wood=1)
        s.player(0).action_cards = [1, 2]
        return s

    listed = rich().legal_of(UseAbility)
    assert {a.source for a in listed} == {
        "Arts",
        "Sports",
        "Theaters",
        "Bartering",
        "Taxes",
        "Voting",
        "Civil Liberties",
    }
    for action in listed:
        s = rich()
        s.fix_dice(ROLL_5)
        s.apply(action)
        assert s.game.history[-1]["ability"] == action.ability
