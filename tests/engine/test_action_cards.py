"""Action cards: the deck, playing action halves, and what is not offered."""

import random

import pytest

from civgame.ai import play_game, random_agents
from civgame.ai.playout import random_action
from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    Advance,
    BoostInfluence,
    CancelPayment,
    ChooseOption,
    Collect,
    Construct,
    EndMove,
    EndTurn,
    InfluenceCulture,
    MoveUnits,
    Pay,
    PlayActionCard,
    PlayGreatPerson,
    StartMove,
)
from civgame.games.clash.core.decisions import CardExchangeDecision, EffectChoiceDecision
from civgame.games.clash.core.model import BARBARIAN, BattleRecord
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.cards import draw_card
from civgame.games.clash.rules.cards.action_cards import (
    CARD_ACTIONS,
    _as_played,
    _taken_before,
    half_play,
    why_not_play_card,
)
from civgame.games.clash.rules.flow.controller import legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import dumps, loads
from tests.combat_helpers import attack, dice
from tests.scenario import Scenario

QUICK_ADVANCE, INSPIRATION, HERO_GENERAL, HERO_GENERAL_SISTER = 1, 3, 5, 6
SPY, IDEAS, GREAT_IDEAS, GREAT_IDEAS_SISTER = 7, 9, 11, 12
LEADERSHIP, ASSASSINATION, MILITIA, NEW_IDEAS = 25, 27, 37, 41
CITY_DEVELOPMENT, PRODUCTION_FOCUS, MASS_PRODUCTION = 17, 19, 29
NEW_PLANS, NEGOTIATIONS, EXPLORER = 31, 23, 21
CULTURAL_TAKEOVER = 15
GREAT_ARTIST, GREAT_PHILOSOPHER, GREAT_ARCHITECT, GREAT_DIPLOMAT = 19, 21, 55, 57  # event cards


def battle(winner: int | None, land: bool, real: bool) -> BattleRecord:
    """A battle of this turn between players 0 and 1 (`real`: the defender had a unit there)."""
    attacker = 1 if winner == 1 else 0
    return BattleRecord(
        space=Scenario.hex("D5"),
        naval=not land,
        attacker=attacker,
        defender=1 - attacker,
        winner=winner,
        at_city=False,
        from_sea=False,
        present=[["infantry"], ["infantry"] if real else []],
        lost=[[], ["infantry"] if real else []],
    )


def refused(s, action):
    """The action raises RuleError and changes nothing."""
    before = to_plain(s.game)
    with pytest.raises(RuleError) as caught:
        s.apply(action)
    assert to_plain(s.game) == before
    return str(caught.value)


def reason(s, card):
    """Why player 0 cannot play `card` now, as the hand in the window says it."""
    return why_not_play_card(s.game, s.player(0), card)


def plays(s, card):
    return [a for a in s.legal_of(PlayActionCard) if a.card == card]


def discarded(s, card):
    return card in s.game.decks["action"].discard and card not in s.player(0).action_cards


# ------------------------------------------------------------------ the deck


def test_the_deck_has_42_cards_with_both_halves_and_sister_pairs():
    rules = new_game(2, 1).rules
    assert [c.id for c in rules.action_cards] == list(range(1, 43))
    for odd in range(1, 43, 2):
        first, second = rules.action_card(odd), rules.action_card(odd + 1)
        assert first.action == second.action and first.tactics != second.tactics
    assert len({c.action for c in rules.action_cards}) == 21 == len(rules.action_halves)
    assert len({c.tactics for c in rules.action_cards}) == 16 == len(rules.tactics_halves)


def test_each_player_draws_one_action_card_at_setup():
    game = new_game(3, 4)
    assert [len(p.action_cards) for p in game.players] == [1, 1, 1]
    assert len(game.decks["action"].draw) == 39


def test_an_empty_draw_pile_is_formed_again_from_every_card_not_in_a_hand():
    s = Scenario().hand(0, 1, 2)
    deck = s.game.decks["action"]
    deck.discard = [card for card in deck.draw if card != 3]
    deck.draw = []
    s.hand(1, 3)
    card = draw_card(s.game, "action")
    assert card not in (1, 2, 3) and card is not None
    assert sorted([*deck.draw, card]) == [c for c in range(1, 43) if c not in (1, 2, 3)]
    assert "The action deck is reshuffled" in s.game.log


def test_playing_discards_the_card_face_up():
    s = Scenario().hand(0, LEADERSHIP).resources(0, culture=1)
    s.apply(PlayActionCard(LEADERSHIP))
    assert s.game.decks["action"].discard[-1] == LEADERSHIP and s.player(0).action_cards == []


@pytest.mark.parametrize(("wonders", "place"), [([], -1), (["great_mausoleum"], 0)])
def test_the_great_mausoleum_discards_its_owners_played_card_under_the_pile(wonders, place):
    s = Scenario().hand(0, LEADERSHIP).resources(0, culture=1)
    s.city(0, "D2", wonders=wonders)
    s.game.decks["action"].discard = [1, 2]
    s.apply(PlayActionCard(LEADERSHIP))
    assert s.game.decks["action"].discard.index(LEADERSHIP) == place % 3


# ------------------------------------------------------------------ general rules


def test_a_card_not_in_hand_or_on_another_turn_cannot_be_played():
    s = Scenario().hand(1, LEADERSHIP).resources(1, culture=1)
    assert "holds no action card" in refused(s, PlayActionCard(LEADERSHIP))
    assert plays(s, LEADERSHIP) == []


def test_gold_does_not_replace_the_culture_token():
    s = Scenario().hand(0, LEADERSHIP).resources(0, gold=5)
    assert plays(s, LEADERSHIP) == []
    assert "cannot pay" in refused(s, PlayActionCard(LEADERSHIP))
    assert "cannot pay" in why_not_play_card(s.game, s.player(0), LEADERSHIP)


def test_a_main_action_card_needs_an_action_left():
    s = Scenario().hand(0, NEW_IDEAS).resources(0, food=2)
    s.game.actions_left = 0
    assert "no main actions left" in refused(s, PlayActionCard(NEW_IDEAS, ("Irrigation",)))


def test_halves_that_are_not_built_are_never_offered(monkeypatch):
    mercenaries = 13
    s = Scenario().hand(0, mercenaries).resources(0, culture=3)
    s.city(0, "C2")
    s.unit(BARBARIAN, "infantry", "C3")
    monkeypatch.setitem(s.game.rules.card_effects, "Mercenaries", [])  # a mod leaving the half without effects
    assert plays(s, mercenaries) == []
    reason = why_not_play_card(s.game, s.player(0), mercenaries)
    assert reason == "Mercenaries has no effect that can be played in this game"
    refused(s, PlayActionCard(mercenaries))


def test_what_a_half_involves_is_worked_out_again_when_its_effects_are_replaced(monkeypatch):
    """The play flow keeps what each half involves on the ruleset; a replaced list of effects is noticed."""
    mercenaries = 13
    s = Scenario().hand(0, mercenaries).resources(0, culture=3)
    s.city(0, "C2")
    s.unit(BARBARIAN, "infantry", "C3")
    assert plays(s, mercenaries) != []  # worked out and kept
    with monkeypatch.context() as patched:
        patched.setitem(s.game.rules.card_effects, "Mercenaries", [])
        assert plays(s, mercenaries) == []
    assert plays(s, mercenaries) != []


def test_what_a_half_involves_is_worked_out_again_when_more_primitives_are_registered(monkeypatch):
    """A rule module imported after a half was first looked at may register the primitive it plays."""
    mercenaries = 13
    s = Scenario().hand(0, mercenaries).resources(0, culture=3)
    s.city(0, "C2")
    s.unit(BARBARIAN, "infantry", "C3")
    with monkeypatch.context() as patched:
        patched.delitem(CARD_ACTIONS, "move_barbarian_armies")  # not registered yet
        assert plays(s, mercenaries) == []
    assert plays(s, mercenaries) != []


# ------------------------------------------------------------------ the action halves


def test_leadership_gives_one_more_action_for_a_culture_token():
    s = Scenario().hand(0, LEADERSHIP).resources(0, culture=1)
    before = s.game.actions_left
    s.apply(PlayActionCard(LEADERSHIP))
    assert s.game.actions_left == before + 1 and s.player(0).culture_tokens == 0
    assert discarded(s, LEADERSHIP)


def test_ideas_gives_an_idea_per_city_with_an_academy_whatever_its_colour():
    s = Scenario().hand(0, IDEAS)
    assert plays(s, IDEAS) == []
    assert reason(s, IDEAS) == "You have no city with an Academy"
    s.city(0, "C2", buildings={"academy": 0})
    s.city(0, "E2", buildings={"academy": 1})
    s.city(0, "C4")
    s.apply(PlayActionCard(IDEAS))
    assert s.player(0).resources["ideas"] == 2


def test_great_ideas_needs_a_land_battle_won_this_turn_and_claims_it_from_its_sister():
    s = Scenario().hand(0, GREAT_IDEAS, GREAT_IDEAS_SISTER)
    assert plays(s, GREAT_IDEAS) == []
    assert reason(s, GREAT_IDEAS) == "You have won no land battle this turn"
    s.game.battles.append(battle(winner=0, land=True, real=False))
    s.apply(PlayActionCard(GREAT_IDEAS))
    assert s.player(0).resources["ideas"] == 2
    assert plays(s, GREAT_IDEAS_SISTER) == []  # the one battle is claimed
    s.game.battles.append(battle(winner=0, land=True, real=True))
    s.apply(PlayActionCard(GREAT_IDEAS_SISTER))
    assert s.player(0).resources["ideas"] == 4


def test_great_ideas_needs_room_for_ideas_and_a_win_of_the_player_on_land():
    s = Scenario().hand(0, GREAT_IDEAS)
    s.game.battles.append(battle(winner=1, land=True, real=True))
    s.game.battles.append(battle(winner=None, land=True, real=True))
    s.game.battles.append(battle(winner=0, land=False, real=True))
    assert plays(s, GREAT_IDEAS) == []
    s.game.battles.append(battle(winner=0, land=True, real=True))
    s.resources(0, ideas=7)
    assert plays(s, GREAT_IDEAS) == []
    assert reason(s, GREAT_IDEAS) == "You already hold as many ideas as you may"


def test_battle_records_last_one_turn():
    s = Scenario().hand(0, GREAT_IDEAS)
    s.game.battles.append(battle(winner=0, land=True, real=True))
    s.apply(EndTurn())
    s.turn(0)
    assert plays(s, GREAT_IDEAS) == []


def test_hero_general_raises_moods_after_a_real_land_battle():
    s = Scenario().hand(0, HERO_GENERAL, HERO_GENERAL_SISTER).resources(0, mood=1)
    angry = s.city(0, "C2", mood="angry")
    s.game.battles.append(battle(winner=0, land=True, real=False))
    assert plays(s, HERO_GENERAL) == []  # an undefended capture is not enough
    assert reason(s, HERO_GENERAL) == (
        "You have won no land battle this turn against units (taking an undefended city is not enough)"
    )
    s.game.battles.append(battle(winner=0, land=True, real=True))
    assert {a.choice for a in plays(s, HERO_GENERAL)} == {(str(angry.id),), (str(angry.id), str(angry.id))}
    s.apply(PlayActionCard(HERO_GENERAL, (str(angry.id), str(angry.id))))
    assert angry.mood == "happy" and s.player(0).mood_tokens == 0
    assert plays(s, HERO_GENERAL_SISTER) == []
    assert reason(s, HERO_GENERAL_SISTER) == (
        "Every land battle you won this turn has already been claimed by a Hero General card"
    )


def test_hero_general_never_raises_a_happy_city():
    s = Scenario().hand(0, HERO_GENERAL).resources(0, mood=1)
    happy = s.city(0, "C2", mood="happy")
    neutral = s.city(0, "D7", mood="neutral")
    s.game.battles.append(battle(winner=0, land=True, real=True))
    assert {a.choice for a in plays(s, HERO_GENERAL)} == {(str(neutral.id),)}  # the second step would pass Happy
    for choice in ((str(happy.id),), (str(neutral.id), str(neutral.id)), (str(neutral.id), str(happy.id))):
        with pytest.raises(RuleError):
            s.apply(PlayActionCard(HERO_GENERAL, choice))
    assert happy.mood == "happy" and neutral.mood == "neutral"


def test_hero_general_without_a_mood_token_raises_one_step():
    s = Scenario().hand(0, HERO_GENERAL)
    city = s.city(0, "C2", mood="neutral")
    s.game.battles.append(battle(winner=0, land=True, real=True))
    assert [a.choice for a in plays(s, HERO_GENERAL)] == [(str(city.id),)]
    s.apply(PlayActionCard(HERO_GENERAL, (str(city.id),)))
    assert city.mood == "happy"


def test_militia_places_an_infantry_in_a_city_with_room():
    s = Scenario().hand(0, MILITIA).resources(0, culture=1)
    full = s.city(0, "C2")
    s.units(0, "infantry", "C2", 4)
    open_city = s.city(0, "E2")
    assert [a.choice for a in plays(s, MILITIA)] == [(str(open_city.id),)]
    s.apply(PlayActionCard(MILITIA, (str(open_city.id),)))
    assert [u.kind for u in s.game.units_at(open_city.pos)] == ["infantry"]
    s.hand(0, 38).resources(0, culture=1)
    assert refused(s, PlayActionCard(38, (str(full.id),))) == "Militia cannot be played that way now"


def test_quick_advance_gains_an_advance_for_a_culture_token_without_an_event_cube():
    s = Scenario().hand(0, QUICK_ADVANCE).resources(0, culture=1)
    cubes = s.player(0).event_cubes
    s.apply(PlayActionCard(QUICK_ADVANCE, ("Storage",)))
    player = s.player(0)
    assert player.has("Storage") and player.event_cubes == cubes and player.culture_tokens == 0
    assert player.resources["food"] == 2


def test_new_ideas_buys_an_advance_at_its_price_then_gains_two_ideas():
    s = Scenario().hand(0, NEW_IDEAS).resources(0, food=2, ideas=0, gold=0)
    actions, cubes = s.game.actions_left, s.player(0).event_cubes
    s.apply(PlayActionCard(NEW_IDEAS, ("Storage",)))
    player = s.player(0)
    assert player.has("Storage") and player.resources["food"] == 0 and player.resources["ideas"] == 2
    assert s.game.actions_left == actions - 1 and player.event_cubes == cubes


def test_new_ideas_asks_how_to_pay_when_there_is_a_choice():
    s = Scenario().hand(0, NEW_IDEAS).resources(0, food=2, ideas=2)
    s.apply(PlayActionCard(NEW_IDEAS, ("Storage",)))
    assert s.player(0).action_cards == [NEW_IDEAS]  # nothing happens before the payment
    s.apply(Pay({"ideas": 2}))
    player = s.player(0)
    assert player.resources["food"] == 2 and player.resources["ideas"] == 2 and player.has("Storage")


def free_education_offers(s):
    """How many Free Education offers wait for player 1."""
    return sum(1 for d in s.game.pending if isinstance(d, EffectChoiceDecision) and d.source == "Free Education")


def test_new_ideas_bought_with_ideas_offers_free_education_for_an_idea_held_then():
    s = Scenario().hand(0, NEW_IDEAS).advances(0, "Writing", "Free Education").resources(0, food=0, ideas=3, gold=0)
    s.apply(PlayActionCard(NEW_IDEAS, ("Storage",)))
    assert free_education_offers(s) == 1
    player = s.player(0)
    moods = player.mood_tokens
    s.apply(ChooseOption("pay ideas"))
    assert player.mood_tokens == moods + 1 and player.resources["ideas"] == 2 and not s.game.pending  # 3-2+2-1


def test_new_ideas_does_not_offer_free_education_without_an_idea_left_before_its_two_ideas():
    s = Scenario().hand(0, NEW_IDEAS).advances(0, "Writing", "Free Education").resources(0, food=0, ideas=2, gold=0)
    s.apply(PlayActionCard(NEW_IDEAS, ("Storage",)))
    assert s.player(0).resources["ideas"] == 2 and free_education_offers(s) == 0


def test_new_ideas_paid_with_food_does_not_offer_free_education():
    s = Scenario().hand(0, NEW_IDEAS).advances(0, "Writing", "Free Education").resources(0, food=2, ideas=0, gold=0)
    s.apply(PlayActionCard(NEW_IDEAS, ("Storage",)))
    assert s.player(0).has("Storage") and free_education_offers(s) == 0


def test_inspiration_takes_an_advance_of_a_near_player_only():
    s = Scenario().hand(0, INSPIRATION).reveal_all()
    s.city(0, "C2")
    s.advances(1, "Storage")
    far = s.city(1, "H8")
    assert plays(s, INSPIRATION) == []
    assert reason(s, INSPIRATION) == "No other player has a unit or city within 2 spaces of your units or cities"
    s.game.cities.remove(far)
    s.city(1, "E2")
    assert [a.choice for a in plays(s, INSPIRATION)] == [("Storage",)]
    s.apply(PlayActionCard(INSPIRATION, ("Storage",)))
    assert s.player(0).has("Storage")


def test_assassination_costs_the_marked_player_an_action_next_turn():
    s = Scenario().hand(0, ASSASSINATION).resources(0, culture=1)
    s.apply(PlayActionCard(ASSASSINATION, ("1",)))
    assert s.player(1).actions_lost_next_turn == 1
    s.apply(EndTurn())
    assert s.game.current == 1 and s.game.actions_left == s.game.rules.game.actions_per_turn - 1
    assert s.player(1).actions_lost_next_turn == 0
    assert check_invariants(s.game) == []


def test_a_marked_player_cannot_be_marked_again():
    s = Scenario().hand(0, ASSASSINATION, 28).resources(0, culture=2)
    s.apply(PlayActionCard(ASSASSINATION, ("1",)))
    assert plays(s, 28) == []
    assert reason(s, 28) == "Every other player already loses an action in their next turn"


def test_synergies_buys_two_advances_of_one_category_without_event_cubes():
    s = Scenario().hand(0, 33).resources(0, food=2, ideas=2)
    choices = {a.choice for a in plays(s, 33)}
    assert ("Bartering", "Currency") in choices and ("Currency", "Bartering") not in choices  # top advance first
    assert all(s.game.rules.category_of(a).name == s.game.rules.category_of(b).name for a, b in choices)
    cubes, actions = s.player(0).event_cubes, s.game.actions_left
    s.apply(PlayActionCard(33, ("Storage", "Irrigation")))
    player = s.player(0)
    assert player.has("Storage") and player.has("Irrigation") and player.event_cubes == cubes
    assert player.resources["food"] == 0 and player.resources["ideas"] == 0 and s.game.actions_left == actions - 1


def test_synergies_needs_the_price_of_both_advances():
    s = Scenario().hand(0, 33).resources(0, food=2, ideas=1)
    assert plays(s, 33) == []
    assert reason(s, 33) == "Player 1 cannot pay for Synergies (4 any of food/ideas/gold)"  # 2 advances


SYNERGIES = 33


def science_priest(**resources: int) -> Scenario:
    """Player 1 holds Synergies and Priesthood (a Science advance free once per turn), and `resources`."""
    return Scenario().hand(0, SYNERGIES).advances(0, "Myths", "Priesthood").resources(0, **resources)


def test_synergies_takes_the_advance_actions_discount_once_and_uses_it_for_the_turn():
    s = science_priest(food=2, ideas=0, gold=0)
    assert ("Math", "Astronomy") in {a.choice for a in plays(s, SYNERGIES)}  # one advance's price is enough
    assert reason(s, SYNERGIES) is None
    cubes = s.player(0).event_cubes
    s.apply(PlayActionCard(SYNERGIES, ("Math", "Astronomy")))
    player = s.player(0)
    assert player.has("Math") and player.has("Astronomy") and player.event_cubes == cubes
    assert player.resources["food"] == 0  # Math free through Priesthood, Astronomy at 2
    assert "Priesthood:free_advance_cost" in player.used_this_turn
    assert s.game.log[-4:-2] == [
        "Player 1 plays the action card Synergies, paying 2 food",
        "Math costs nothing (Priesthood)",
    ]
    player.resources["food"] = 1
    assert Advance("Medicine") not in s.legal()  # the discount is used for this turn
    s.turn(1)
    s.turn(0)
    assert Advance("Medicine") in s.legal()


def test_synergies_pays_both_advances_once_priesthood_is_used_this_turn():
    s = science_priest(food=2, ideas=1, gold=0).advances(0, "Math")
    pair = PlayActionCard(SYNERGIES, ("Astronomy", "Medicine"))
    assert pair in plays(s, SYNERGIES)  # Astronomy free, Medicine at 2
    s.apply(Advance("Metallurgy"))  # free: Priesthood used for this turn
    assert s.player(0).resources["food"] == 2
    assert pair not in plays(s, SYNERGIES)  # 3 resources for two advances at 2
    assert refused(s, pair) == "Player 1 cannot pay 4 any of food/ideas/gold"
    s.resources(0, ideas=2)
    s.apply(pair)
    player = s.player(0)
    assert player.has("Astronomy") and player.has("Medicine")
    assert player.resources["food"] == 0 and player.resources["ideas"] == 0
    assert not any("costs nothing" in line for line in s.game.log[-4:])


def test_synergies_with_one_advances_price_is_offered_only_with_a_discount():
    s = science_priest(food=2, ideas=0, gold=0)
    assert {a.choice for a in plays(s, SYNERGIES)} == {
        ("Math", "Astronomy"),
        ("Math", "Medicine"),
        ("Math", "Metallurgy"),
    }
    s.lose_advances(0, "Priesthood")
    assert plays(s, SYNERGIES) == []
    assert reason(s, SYNERGIES) == "Player 1 cannot pay for Synergies (4 any of food/ideas/gold)"


def test_synergies_checks_a_chosen_payment_against_the_discounted_price():
    s = science_priest(food=2, ideas=2, gold=0)
    s.apply(PlayActionCard(SYNERGIES, ("Math", "Astronomy")))
    assert s.player(0).action_cards == [SYNERGIES]  # asked how to pay 2 (Math is free)
    assert "is not a valid way to pay" in refused(s, Pay({"food": 2, "ideas": 2}))
    s.apply(Pay({"ideas": 2}))
    player = s.player(0)
    assert player.resources["food"] == 2 and player.resources["ideas"] == 0 and player.has("Astronomy")
    assert "Priesthood:free_advance_cost" in player.used_this_turn


def test_synergies_prices_the_second_advance_after_the_first_is_gained():
    s = Scenario().hand(0, SYNERGIES).resources(0, food=2, ideas=0, gold=0)
    civilizations.take(s.game, s.player(0), "rome")  # Aqueduct comes with Engineering: Sanitation is then free
    assert {a.choice for a in plays(s, SYNERGIES)} == {("Engineering", "Sanitation")}
    s.apply(PlayActionCard(SYNERGIES, ("Engineering", "Sanitation")))
    player = s.player(0)
    assert player.has("Sanitation") and player.special_advances == ["Aqueduct"] and player.resources["food"] == 0
    assert "Sanitation costs nothing (Aqueduct)" in s.game.log


def test_synergies_costs_nothing_when_unlimited_discounts_cover_both_advances():
    s = Scenario().hand(0, SYNERGIES).advances(0, "Math").resources(0, food=0, ideas=0, gold=0)
    assert {a.choice for a in plays(s, SYNERGIES)} == {("Engineering", "Roads"), ("Roads", "Engineering")}
    s.apply(PlayActionCard(SYNERGIES, ("Engineering", "Roads")))
    assert s.player(0).has("Engineering") and s.player(0).has("Roads")
    log = s.game.log[s.game.log.index("Player 1 plays the action card Synergies") :]  # nothing paid
    assert [line for line in log if "costs nothing" in line] == [
        "Engineering costs nothing (Math)",
        "Roads costs nothing (Math)",
    ]


def educated(**resources: int) -> Scenario:
    """Player 1 holds Synergies, Writing and Free Education, and `resources`."""
    return Scenario().hand(0, SYNERGIES).advances(0, "Writing", "Free Education").resources(0, **resources)


def test_synergies_offers_free_education_for_each_advance_an_idea_or_gold_paid_for():
    s = educated(food=2, ideas=2, gold=1)
    s.apply(PlayActionCard(SYNERGIES, ("Storage", "Irrigation")))
    s.apply(Pay({"food": 2, "ideas": 1, "gold": 1}))
    assert free_education_offers(s) == 2
    player = s.player(0)
    moods = player.mood_tokens
    s.apply(ChooseOption("pay ideas"))
    assert player.mood_tokens == moods + 1 and player.resources["ideas"] == 0
    assert [a.option for a in s.legal_of(ChooseOption)] == ["decline"]  # nothing left to pay the second with


def test_synergies_with_one_idea_paid_offers_free_education_once():
    s = educated(food=3, ideas=2, gold=0)
    s.apply(PlayActionCard(SYNERGIES, ("Storage", "Irrigation")))
    s.apply(Pay({"food": 3, "ideas": 1}))
    assert s.player(0).has("Irrigation") and free_education_offers(s) == 1


def test_synergies_offers_free_education_only_for_an_advance_bought_after_it():
    s = Scenario().hand(0, SYNERGIES).advances(0, "Writing").resources(0, food=0, ideas=5, gold=0)
    s.apply(PlayActionCard(SYNERGIES, ("Public Education", "Free Education")))
    assert s.player(0).has("Free Education") and free_education_offers(s) == 0
    s = Scenario().hand(0, SYNERGIES).advances(0, "Writing").resources(0, food=0, ideas=5, gold=0)
    s.apply(PlayActionCard(SYNERGIES, ("Free Education", "Philosophy")))
    assert s.player(0).has("Philosophy") and free_education_offers(s) == 1


def test_synergies_offers_free_education_for_no_advance_a_discount_paid_for():
    s = science_priest(food=0, ideas=4, gold=0).advances(0, "Writing", "Free Education")
    s.apply(PlayActionCard(SYNERGIES, ("Math", "Astronomy")))  # Math free through Priesthood
    assert s.player(0).resources["ideas"] == 2 and free_education_offers(s) == 1


def test_teach_us_is_offered_after_capturing_a_city_and_takes_an_advance_of_the_loser():
    s = Scenario().reveal_all().hand(0, 35).advances(1, "Storage")
    s.city(1, "C2")
    att = s.units(0, "infantry", "C2", 1)
    assert plays(s, 35) == []  # never played as an action
    attack(s, 0, att, "C2", "D2")
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.player == 0 and decision.source == "Teach Us"
    assert "Storage" in decision.options and "Bartering" not in decision.options
    cubes = s.player(0).event_cubes
    s.apply(ChooseOption("Storage"))
    assert s.player(0).has("Storage") and s.player(0).event_cubes == cubes and discarded(s, 35)


def test_teach_us_is_not_offered_without_a_capture():
    s = Scenario().reveal_all().hand(0, 35).advances(1, "Storage")
    s.units(1, "settler", "C2", 1)
    att = s.units(0, "infantry", "C2", 1)
    attack(s, 0, att, "C2", "D2")
    assert s.game.pending == [] and s.player(0).action_cards == [35]


def test_technology_trade_gives_each_partner_an_advance_of_the_other():
    s = Scenario().hand(0, 39).reveal_all()
    s.city(0, "C2")
    s.city(1, "E2")
    s.advances(0, "Storage").advances(1, "Bartering")
    assert {a.choice for a in plays(s, 39)} == {("Bartering", "1")}
    s.apply(PlayActionCard(39, ("Bartering", "1")))
    assert s.player(0).has("Bartering")
    decision = s.game.pending[-1]
    assert decision.player == 1 and "Storage" in decision.options
    cubes = s.player(1).event_cubes
    s.apply(ChooseOption("Storage"))
    assert s.player(1).has("Storage") and s.player(1).event_cubes == cubes


def test_technology_trade_needs_a_partner_in_range():
    s = Scenario().hand(0, 39).reveal_all()
    s.city(0, "C2")
    s.city(1, "H8")
    s.advances(1, "Bartering")
    assert plays(s, 39) == []
    assert reason(s, 39) == "No other player has a unit or city within 2 spaces of your units or cities"


# ------------------------------------------------------------------ cards that force the next action


def spaces_used(collects):
    return {len(a.picks) for a in collects}


def test_mass_production_forces_a_collect_from_two_more_spaces():
    s = Scenario().reveal_all().hand(0, MASS_PRODUCTION, LEADERSHIP).resources(0, culture=1)
    s.city(0, "D2", buildings={"temple": 0})
    assert spaces_used(s.legal_of(Collect)) == {2}
    s.apply(PlayActionCard(MASS_PRODUCTION))
    assert {type(a) for a in legal_actions(s.game)} == {Collect}  # no card, no other action, no end of turn
    assert {type(random_action(s.game, random.Random(n))) for n in range(8)} == {Collect}  # look-ahead too
    assert "Mass Production: the next action must be a Collect" in refused(s, EndTurn())
    assert spaces_used(s.legal_of(Collect)) == {4}
    s.apply(s.legal_of(Collect)[0])
    assert s.player(0).lasting_effects == [] and EndTurn() in legal_actions(s.game)
    assert plays(s, LEADERSHIP)  # cards may be played again


def test_production_focus_lets_a_collect_take_from_one_space_twice():
    s = Scenario().reveal_all().hand(0, PRODUCTION_FOCUS)
    city = s.city(0, "D2", buildings={"temple": 0})
    twice = [a for a in s.legal_of(Collect) if len({space for space, _ in a.picks}) == 1]
    assert twice == []
    s.apply(PlayActionCard(PRODUCTION_FOCUS))
    collects = s.legal_of(Collect)
    twice = [a for a in collects if len({space for space, _ in a.picks}) == 1]
    assert twice and spaces_used(collects) == {2}
    assert len(collects) == len(set(collects))  # each set of picks once, in board order
    s.apply(twice[0])
    assert s.player(0).lasting_effects == [] and city.activations == 1


def test_a_collect_card_needs_a_city_that_can_collect():
    s = Scenario().reveal_all().hand(0, PRODUCTION_FOCUS, MASS_PRODUCTION)
    assert plays(s, PRODUCTION_FOCUS) == [] and plays(s, MASS_PRODUCTION) == []
    assert reason(s, MASS_PRODUCTION) == "No Collect could be taken now, and Mass Production makes it your next action"


def test_city_development_forces_a_construct_that_costs_no_resources_and_no_action():
    s = Scenario().reveal_all().hand(0, CITY_DEVELOPMENT).resources(0, culture=1).advances(0, "Myths")
    s.city(0, "D2")
    s.city(0, "C4")
    actions = s.game.actions_left
    assert s.legal_of(Construct) == []  # no resources for a building
    s.apply(PlayActionCard(CITY_DEVELOPMENT))
    assert s.game.actions_left == actions
    builds = s.legal_of(Construct)
    assert builds and {type(a) for a in legal_actions(s.game)} == {Construct}
    s.apply(builds[0])
    assert s.game.actions_left == actions - 1
    assert s.player(0).culture_tokens == 0 and s.player(0).lasting_effects == []
    assert s.legal_of(Construct) == []  # the next building costs its price again


def test_city_development_needs_a_building_that_could_be_constructed():
    s = Scenario().reveal_all().hand(0, CITY_DEVELOPMENT).resources(0, culture=1)
    s.city(0, "D2")
    assert plays(s, CITY_DEVELOPMENT) == []
    assert reason(s, CITY_DEVELOPMENT) == (
        "No Construct could be taken now, and City Development makes it your next action"
    )


def barbarian_neighbour(*, buildings=None):
    """Player 0's city at D2 next to a barbarian city at C2 holding one barbarian infantry."""
    s = Scenario().reveal_all().hand(0, CULTURAL_TAKEOVER)
    s.city(0, "D2")
    s.city(BARBARIAN, "C2", buildings=buildings)
    s.units(BARBARIAN, "infantry", "C2", 1)
    return s


def test_cultural_takeover_forces_an_attempt_that_takes_over_a_size_1_barbarian_city():
    s = barbarian_neighbour()
    assert all(a.building != "settlement" for a in s.legal_of(InfluenceCulture))
    actions = s.game.actions_left
    s.apply(PlayActionCard(CULTURAL_TAKEOVER))
    assert s.game.actions_left == actions  # a free action
    assert {type(a) for a in legal_actions(s.game)} == {InfluenceCulture}
    [attempt] = [a for a in s.legal_of(InfluenceCulture) if a.building == "settlement"]
    dice(s, (5, "infantry"))
    s.apply(attempt)
    city = s.game.city_at(s.hex("C2"))
    assert city is not None and city.owner == 0 and s.player(0).lasting_effects == []
    assert all(u.owner != BARBARIAN for u in s.game.units_at(s.hex("C2")))
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.options == ["settler in C2", "infantry in C2"]
    s.apply(ChooseOption("infantry in C2"))
    assert [(u.owner, u.kind) for u in s.game.units_at(s.hex("C2"))] == [(0, "infantry")]
    assert check_invariants(s.game) == []


def test_cultural_takeover_needs_a_size_1_barbarian_city_in_reach():
    s = barbarian_neighbour(buildings={"temple": BARBARIAN})
    assert plays(s, CULTURAL_TAKEOVER) == []
    assert (
        reason(s, CULTURAL_TAKEOVER) == "No Influence Culture attempt of yours could reach a size-1 barbarian city now"
    )


def test_a_takeover_roll_boosted_with_culture_still_takes_the_city():
    s = barbarian_neighbour().resources(0, culture=3)
    s.apply(PlayActionCard(CULTURAL_TAKEOVER))
    [attempt] = [a for a in s.legal_of(InfluenceCulture) if a.building == "settlement"]
    dice(s, (2, "cavalry"))
    s.apply(attempt)
    s.apply(BoostInfluence(True))
    assert s.game.city_at(s.hex("C2")).owner == 0 and s.player(0).culture_tokens == 0
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.source == "Cultural Takeover"
    s.apply(ChooseOption("settler in C2"))
    assert [(u.owner, u.kind) for u in s.game.units_at(s.hex("C2"))] == [(0, "settler")]
    assert check_invariants(s.game) == []


def test_a_failed_takeover_attempt_ends_the_card():
    s = barbarian_neighbour()
    s.apply(PlayActionCard(CULTURAL_TAKEOVER))
    [attempt] = [a for a in s.legal_of(InfluenceCulture) if a.building == "settlement"]
    dice(s, (2, "cavalry"))
    s.apply(attempt)
    assert s.game.city_at(s.hex("C2")).owner == BARBARIAN and s.player(0).lasting_effects == []
    assert all(a.building != "settlement" for a in s.legal_of(InfluenceCulture))


# ------------------------------------------------------------------ exchanging hidden cards


def objective_hand(s, player, *cards):
    """Give the player exactly these objective cards, taken out of the objective deck (the hand it had
    goes to the bottom of the deck)."""
    deck = s.game.decks["objective"].draw
    deck[:0] = s.player(player).objective_cards
    for card in cards:
        deck.remove(card)
    s.player(player).objective_cards = list(cards)


def test_new_plans_draws_two_and_swaps_one_drawn_for_one_held():
    s = Scenario().hand(0, NEW_PLANS).resources(0, culture=1)
    objective_hand(s, 0)
    assert plays(s, NEW_PLANS) == []  # no objective card in hand
    objective_hand(s, 0, 1)
    deck = s.game.decks["objective"].draw
    top_two = deck[-2:]
    s.apply(PlayActionCard(NEW_PLANS))
    decision = s.game.pending[-1]
    assert isinstance(decision, CardExchangeDecision) and decision.other == -1
    assert len(decision.options) == 3 and s.player(0).objective_cards == [1, *reversed(top_two)]
    taken = top_two[-1]
    s.apply(ChooseOption(decision.options[0]))
    assert s.player(0).objective_cards == [taken]
    assert 1 in deck and top_two[0] in deck and taken not in deck
    assert s.game.actions_left == 2 and check_invariants(s.game) == []


def test_new_plans_may_keep_the_hand_as_it_was():
    s = Scenario().hand(0, NEW_PLANS).resources(0, culture=1)
    objective_hand(s, 0, 1)
    size = len(s.game.decks["objective"].draw)
    s.apply(PlayActionCard(NEW_PLANS))
    s.apply(ChooseOption("exchange nothing"))
    assert s.player(0).objective_cards == [1] and len(s.game.decks["objective"].draw) == size


def test_spy_sees_another_hand_and_swaps_a_card_of_the_same_kind():
    s = Scenario().hand(0, SPY, LEADERSHIP).hand(1, IDEAS).resources(0, culture=1)
    objective_hand(s, 0)
    objective_hand(s, 1, 2)
    assert [a.choice for a in plays(s, SPY)] == [("1",)]
    s.apply(PlayActionCard(SPY, ("1",)))
    decision = s.game.pending[-1]
    assert isinstance(decision, CardExchangeDecision) and decision.other == 1
    assert decision.exchanges == [["action", str(LEADERSHIP), str(IDEAS)]]  # no objective of its own to give
    assert decision.options[0].startswith("give action card Leadership/High Ground (25), take Ideas/")
    s.apply(ChooseOption(decision.options[0]))
    assert s.player(0).action_cards == [IDEAS] and s.player(1).action_cards == [LEADERSHIP]
    assert s.player(1).objective_cards == [2] and check_invariants(s.game) == []


def test_spy_refuses_a_swap_whose_card_has_left_the_other_hand():
    s = Scenario().hand(0, SPY, LEADERSHIP).hand(1, IDEAS).resources(0, culture=1)
    objective_hand(s, 0)
    objective_hand(s, 1)
    s.apply(PlayActionCard(SPY, ("1",)))
    decision = s.game.pending[-1]
    s.player(1).action_cards = []  # as in a look-ahead's sampled world where that card was never dealt
    with pytest.raises(RuleError, match="choose one of: exchange nothing"):
        s.apply(ChooseOption(decision.options[0]))
    assert s.player(0).action_cards == [LEADERSHIP] and s.game.pending[-1] is decision


def test_spy_needs_another_player_with_hidden_cards():
    s = Scenario().hand(0, SPY).resources(0, culture=1)
    for other in s.game.players[1:]:
        objective_hand(s, other.index)
        other.action_cards = []
    assert plays(s, SPY) == []
    assert reason(s, SPY) == "No other player holds a hidden card"


def great_persons(s, player, *cards):
    """The player holds these great persons (taken out of the event deck)."""
    deck = s.game.decks["event"]
    deck.draw = [c for c in deck.draw if c not in cards]
    s.player(player).great_persons.extend(cards)


def test_spy_takes_a_great_person_held_hidden_for_an_action_card_and_each_stays_what_it_is():
    """The catalogue: a great person "counts as an action card in hand for every other purpose", so Spy
    sees it and may swap it for an action card; the Great Diplomat, kept face up, is not in hand."""
    s = Scenario().hand(0, SPY, LEADERSHIP).resources(0, culture=1).resources(1, culture=1)
    objective_hand(s, 0)
    objective_hand(s, 1)
    great_persons(s, 1, GREAT_PHILOSOPHER, GREAT_DIPLOMAT)
    assert [a.choice for a in plays(s, SPY)] == [("1",)]  # its only hidden card is a great person
    s.apply(PlayActionCard(SPY, ("1",)))
    decision = s.game.pending[-1]
    assert isinstance(decision, CardExchangeDecision) and decision.other == 1
    assert decision.exchanges == [["action", str(LEADERSHIP), "great person:21"]]
    assert decision.options == [
        "give action card Leadership/High Ground (25), take great person Great Philosopher",
        "exchange nothing",
    ]
    restored = loads(dumps(s.game))  # a save holding the choice loads
    assert restored.pending == s.game.pending
    s.apply(ChooseOption(decision.options[0]))
    assert s.player(0).great_persons == [GREAT_PHILOSOPHER] and s.player(0).action_cards == []
    assert s.player(1).action_cards == [LEADERSHIP] and s.player(1).great_persons == [GREAT_DIPLOMAT]
    assert s.game.log[-1] == "Player 1 swaps an action card with Player 2 (Spy)"
    assert check_invariants(s.game) == []
    s.apply(PlayGreatPerson(GREAT_PHILOSOPHER, ("Writing",)))  # still a great person, played as one
    assert s.player(0).has("Writing") and s.game.decks["event"].discard[-1] == GREAT_PHILOSOPHER
    s.apply(EndTurn())
    s.turn(1)
    s.apply(PlayActionCard(LEADERSHIP))  # still an action card
    assert s.game.decks["action"].discard[-1] == LEADERSHIP and s.player(1).action_cards == []


def test_spy_gives_a_great_person_held_hidden_for_an_action_card_or_another_great_person():
    s = Scenario().hand(0, SPY).hand(1, IDEAS).resources(0, culture=1)
    objective_hand(s, 0)
    objective_hand(s, 1)
    great_persons(s, 0, GREAT_ARTIST, GREAT_ARCHITECT)  # the Great Architect is kept face up: not in hand
    great_persons(s, 1, GREAT_PHILOSOPHER)
    s.apply(PlayActionCard(SPY, ("1",)))
    decision = s.game.pending[-1]
    assert isinstance(decision, CardExchangeDecision)
    assert decision.exchanges == [
        ["action", "great person:19", str(IDEAS)],
        ["action", "great person:19", "great person:21"],
    ]
    assert decision.options[0].startswith("give great person Great Artist, take action card Ideas/")
    assert decision.options[1:] == ["give great person Great Artist, take Great Philosopher", "exchange nothing"]
    s.apply(ChooseOption(decision.options[0]))
    assert s.player(0).action_cards == [IDEAS] and s.player(0).great_persons == [GREAT_ARCHITECT]
    assert s.player(1).great_persons == [GREAT_PHILOSOPHER, GREAT_ARTIST] and s.player(1).action_cards == []
    assert check_invariants(s.game) == []
    s.apply(EndTurn())
    s.turn(1)
    assert any(a.card == GREAT_ARTIST for a in s.legal_of(PlayGreatPerson))  # played as a great person


def test_spy_ignores_great_persons_kept_face_up():
    s = Scenario().hand(0, SPY).resources(0, culture=1)
    objective_hand(s, 0)
    objective_hand(s, 1)
    s.player(1).action_cards = []
    great_persons(s, 1, GREAT_ARCHITECT, GREAT_DIPLOMAT)
    assert plays(s, SPY) == []
    assert reason(s, SPY) == "No other player holds a hidden card"
    great_persons(s, 1, GREAT_ARTIST)
    assert [a.choice for a in plays(s, SPY)] == [("1",)]
    s.apply(PlayActionCard(SPY, ("1",)))
    assert s.game.pending[-1].options == ["exchange nothing"]  # nothing of the same kind to give


def test_spy_refuses_a_swap_whose_great_person_has_left_the_other_hand():
    s = Scenario().hand(0, SPY, LEADERSHIP).resources(0, culture=1)
    objective_hand(s, 0)
    objective_hand(s, 1)
    great_persons(s, 1, GREAT_PHILOSOPHER)
    s.apply(PlayActionCard(SPY, ("1",)))
    decision = s.game.pending[-1]
    s.player(1).great_persons = [GREAT_ARTIST]  # the Great Philosopher is no longer held
    with pytest.raises(RuleError, match="choose one of: exchange nothing"):
        s.apply(ChooseOption(decision.options[0]))
    assert s.player(0).action_cards == [LEADERSHIP] and s.game.pending[-1] is decision


# ------------------------------------------------------------------ Negotiations


def test_negotiations_is_played_first_and_stops_attacks_both_ways_until_the_next_turn():
    s = Scenario().reveal_all().advances(0, "Tactics").advances(1, "Tactics").hand(0, NEGOTIATIONS)
    s.resources(0, culture=1)
    mine = s.units(0, "infantry", "D2", 1)
    theirs = s.units(1, "infantry", "C2", 1)
    assert ("1",) in [a.choice for a in plays(s, NEGOTIATIONS)]
    s.apply(PlayActionCard(NEGOTIATIONS, ("1",)))
    s.apply(StartMove())
    assert s.hex("C2") not in {a.to for a in s.legal_of(MoveUnits) if a.units == (mine[0].id,)}
    assert "may not attack each other until Player 1's next turn" in refused(s, MoveUnits((mine[0].id,), s.hex("C2")))
    s.apply(EndMove())
    s.turn(1)
    s.apply(StartMove())
    assert s.hex("D2") not in {a.to for a in s.legal_of(MoveUnits) if a.units == (theirs[0].id,)}
    s.apply(EndMove())
    s.turn(0)
    s.apply(StartMove())
    assert s.hex("C2") in {a.to for a in s.legal_of(MoveUnits) if a.units == (mine[0].id,)}


def test_negotiations_only_before_any_other_action_of_the_turn():
    s = Scenario().reveal_all().hand(0, NEGOTIATIONS, LEADERSHIP).resources(0, culture=2, food=1, ideas=1, gold=1)
    s.apply(Advance("Writing"))
    s.apply(CancelPayment())  # an action not taken after all
    assert plays(s, NEGOTIATIONS)
    s.apply(PlayActionCard(LEADERSHIP))
    assert plays(s, NEGOTIATIONS) == []
    assert reason(s, NEGOTIATIONS) == "You have already taken an action this turn: Negotiations must be played first"


# ------------------------------------------------------------------ Explorer


def test_explorer_reveals_a_region_next_to_a_city_and_places_a_settler():
    s = Scenario().hand(0, EXPLORER).resources(0, culture=1)
    city = s.city(0, "D2")
    choices = [a.choice for a in plays(s, EXPLORER)]
    regions = sorted({region for region, _ in choices} - {"-"})
    assert regions and all(not s.game.regions[int(r) - 1].revealed for r in regions)
    assert {settle for _, settle in choices} == {str(city.id), "-"}
    settlers = len(s.game.units_of(0, "settler"))
    s.apply(PlayActionCard(EXPLORER, (regions[0], str(city.id))))
    assert s.game.regions[int(regions[0]) - 1].revealed or s.game.pending  # revealed, or its way asked
    assert len(s.game.units_of(0, "settler")) == settlers + 1
    assert s.game.actions_left == 2 and check_invariants(s.game) == []


def test_explorer_needs_a_face_down_region_next_to_a_city():
    s = Scenario().reveal_all().hand(0, EXPLORER).resources(0, culture=1)
    s.city(0, "D2")
    assert plays(s, EXPLORER) == []
    assert reason(s, EXPLORER) == "Explorer cannot be played now: it needs a face-down region next to your city"


def test_explorer_reveals_a_tile_next_to_the_city_not_one_next_to_its_region():
    """The printed card ("a tile adjacent to a city") wins over the catalogue's note that the content
    takes any region next to a region with the city."""
    s = Scenario().hand(0, EXPLORER).resources(0, culture=1)
    city = s.city(0, "E2")  # its region 1 borders face-down regions 3, 4 and 5; E2 itself only 4
    assert {region for region, _ in (a.choice for a in plays(s, EXPLORER))} == {"4", "-"}
    city.pos = s.hex("D1")  # next to no face-down space, though its region is
    assert plays(s, EXPLORER) == []
    assert reason(s, EXPLORER) == "Explorer cannot be played now: it needs a face-down region next to your city"


def test_militia_hero_general_and_new_plans_say_what_they_lack():
    s = Scenario().hand(0, MILITIA, HERO_GENERAL, NEW_PLANS).resources(0, culture=2)
    s.game.cities[:] = [c for c in s.game.cities if c.owner != 0]
    s.player(0).objective_cards[:] = []
    s.game.battles.append(battle(winner=0, land=True, real=True))
    assert plays(s, MILITIA) == plays(s, HERO_GENERAL) == plays(s, NEW_PLANS) == []
    assert reason(s, MILITIA) == "You have no infantry left in your supply or no city with room for one"
    assert reason(s, HERO_GENERAL) == "You have no city that is not Happy"
    assert reason(s, NEW_PLANS) == "You hold no objective card to exchange"


def test_what_the_primitives_declare_about_their_options_holds_in_random_games():
    """A primitive's `part_size` is the length of each of its options, and one that does not see the
    payment offers the same options whether the half's price and action are taken first or not: checked
    for every half of the rules, for the player whose turn it is, through seeded random games."""
    sized, unpaid = set(), set()

    def check(game, _action) -> None:
        if game.phase != "play" or game.pending or game.combat is not None or len(game.history) % 2:
            return
        player = game.player(game.current)
        for half in game.rules.played_halves:
            known = half_play(game.rules, half)
            price, spent = _taken_before(known, None)
            for effect in known.played if known.built else ():
                primitive = CARD_ACTIONS[effect.name]
                options = primitive.options(game, player, effect)
                size = primitive.part_size(effect) if primitive.part_size is not None else None
                if size is not None and options:
                    assert {len(option) for option in options} == {size}, effect
                    sized.add(effect.name)
                if not primitive.sees_payment and (price or spent):
                    with _as_played(game, player, price, spent):
                        assert primitive.options(game, player, effect) == options, effect
                    unpaid.add(effect.name)

    for seed in (1, 2):
        play_game(4, seed, random_agents(4, seed), observer=check)
    declared_sizes = {name for name, a in CARD_ACTIONS.items() if a.part_size is not None}
    assert {"card_advance", "trade_advances", "place_unit", "swap_hidden_card", "next_action"} <= sized
    assert sized <= declared_sizes
    assert {"card_advance", "place_unit", "swap_hidden_card", "truce", "gain_actions"} <= unpaid
