"""The Mercenaries card (`move_barbarian_armies`): choosing barbarian armies near your units or cities,
paying 1 resource each, and moving them one space each, into battle with anyone."""

import random

import pytest

from civgame.ai.playout import random_action
from civgame.framework.saves import state_hash
from civgame.games.clash.core.actions import ChooseCasualties, ChooseOption, PlaceRefugee, PlayActionCard, UseAbility
from civgame.games.clash.core.decisions import BarbarianArmiesDecision, CasualtyDecision, RefugeeDecision
from civgame.games.clash.core.model import BARBARIAN
from civgame.games.clash.rules.cards.action_cards import why_not_play, why_not_play_card
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads
from civgame.games.clash.storage.validation import playability_problems
from tests.combat_helpers import LEADER, alive, dice
from tests.engine.test_action_cards import discarded, plays, refused
from tests.engine.test_civilizations import civ_scenario, place_leader
from tests.scenario import Scenario

MERCENARIES, MERCENARIES_SISTER = 13, 14
HIRE = "move the chosen armies"


def near_d5(**resources: int) -> Scenario:
    """Player 0 holds Mercenaries and a city at D5; barbarians will stand 2 spaces away at D7."""
    s = Scenario().reveal_all().hand(0, MERCENARIES)
    s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0, mood=0, culture=0)
    s.resources(0, **resources)
    s.city(0, "D5")
    return s


def top(s: Scenario) -> BarbarianArmiesDecision:
    decision = s.game.pending[-1]
    assert isinstance(decision, BarbarianArmiesDecision)
    return decision


def choices(s: Scenario) -> list[str]:
    return [a.option for a in s.legal_of(ChooseOption)]


def at(s: Scenario, label: str) -> list[str]:
    return sorted(u.kind for u in s.game.units_at(s.hex(label)) if u.owner == BARBARIAN)


# ------------------------------------------------------------------ when it may be played


def test_mercenaries_moves_a_barbarian_army_in_range_for_one_resource():
    s = near_d5(food=1)
    army = s.unit(BARBARIAN, "infantry", "D7")
    actions = s.game.actions_left
    assert plays(s, MERCENARIES) == [PlayActionCard(MERCENARIES)]
    s.apply(PlayActionCard(MERCENARIES))
    # one army and one way to pay: chosen and paid at once; the move is asked
    assert s.game.actions_left == actions - 1 and discarded(s, MERCENARIES)
    assert s.player(0).resources["food"] == 0
    assert top(s).stage == "move" and top(s).armies == [[army.id]]
    assert choices(s) == [f"the army at D7 to {to}" for to in ("C7", "C8", "D6", "D8", "E8")]  # not the sea at E7
    s.apply(ChooseOption("the army at D7 to D6"))
    assert army.pos == s.hex("D6") and s.game.pending == []
    assert "Player 1 pays 1 food to move 1 barbarian army (Mercenaries)" in s.game.log
    assert "A barbarian army moves from D7 to D6" in s.game.log
    assert check_invariants(s.game) == []


def test_mercenaries_needs_a_barbarian_army_within_two_spaces():
    s = near_d5(food=1)
    s.unit(BARBARIAN, "infantry", "D8")  # 3 spaces from D5
    assert plays(s, MERCENARIES) == []
    reason = why_not_play_card(s.game, s.player(0), MERCENARIES)
    assert reason == "There is no barbarian army within 2 spaces of your units or cities"
    refused(s, PlayActionCard(MERCENARIES))
    s.unit(0, "settler", "D7")  # a unit counts as well as a city
    assert plays(s, MERCENARIES) == [PlayActionCard(MERCENARIES)]


@pytest.mark.parametrize("held", [{}, {"ideas": 3}, {"mood": 2}])
def test_mercenaries_needs_food_wood_ore_gold_or_a_culture_token(held):
    s = near_d5(**held)
    s.unit(BARBARIAN, "infantry", "D7")
    assert plays(s, MERCENARIES) == []
    reason = why_not_play_card(s.game, s.player(0), MERCENARIES)
    assert reason == "You have no food, wood, ore, culture token or gold to pay the mercenaries"


def test_an_army_with_no_space_to_move_to_cannot_be_chosen():
    s = near_d5(food=3)
    s.units(BARBARIAN, "infantry", "D7", 4)
    for label in ("C7", "D6", "D8", "E8", "C8"):  # every land space next to D7 holds a barbarian
        s.units(BARBARIAN, "infantry", label, 1)
    s.apply(PlayActionCard(MERCENARIES))
    assert choices(s) == ["the army at C7", "the army at D6"]  # D8, E8 and C8 are 3 spaces from D5


def test_sulla_shields_barbarians_near_him_from_another_players_mercenaries():
    s = civ_scenario("greece", "rome").hand(0, MERCENARIES).resources(0, food=1)
    s.city(0, "D5")
    s.unit(BARBARIAN, "infantry", "D7")
    place_leader(s, 1, "Sulla", "D8")
    assert plays(s, MERCENARIES) == []
    assert why_not_play_card(s.game, s.player(0), MERCENARIES) == (
        "No barbarian army within 2 spaces of your units or cities may be moved: "
        "another player's leader keeps the army at D7 where it stands"
    )
    s.unit(BARBARIAN, "infantry", "C6")  # 3 spaces from Sulla: it may be moved
    s.apply(PlayActionCard(MERCENARIES))
    assert top(s).armies == [[s.game.units_at(s.hex("C6"))[0].id]]


def test_sulla_does_not_shield_barbarians_from_his_own_players_mercenaries():
    s = civ_scenario("rome", "greece").hand(0, MERCENARIES).resources(0, food=1)
    s.city(0, "D5")
    s.unit(BARBARIAN, "infantry", "D7")
    place_leader(s, 0, "Sulla", "D5")
    assert plays(s, MERCENARIES) == [PlayActionCard(MERCENARIES)]


# ------------------------------------------------------------------ choosing and paying


def test_armies_are_chosen_one_at_a_time_up_to_what_can_be_paid():
    s = near_d5(food=1, culture=1)
    first = s.unit(BARBARIAN, "infantry", "D7")
    s.unit(BARBARIAN, "cavalry", "E6")
    s.unit(BARBARIAN, "infantry", "B5")  # within 2 of D5, never chosen
    s.apply(PlayActionCard(MERCENARIES))
    assert top(s).stage == "choose"
    assert choices(s) == ["the army at B5", "the army at D7", "the army at E6"]
    s.apply(ChooseOption("the army at D7"))
    assert choices(s) == ["the army at B5", "the army at E6", HIRE]
    s.apply(ChooseOption("the army at E6"))
    # two resources held: no third army may be chosen, and they pay in the only way there is
    assert top(s).stage == "move" and len(top(s).armies) == 2
    assert (s.player(0).resources["food"], s.player(0).culture_tokens) == (0, 0)
    assert first.id in {uid for army in top(s).armies for uid in army}


def test_the_armies_are_paid_in_any_mix_of_the_listed_resources_and_gold_stands_last():
    s = near_d5(food=1, wood=1, gold=2, culture=1, ideas=5, mood=5)
    s.unit(BARBARIAN, "infantry", "D7")
    s.unit(BARBARIAN, "infantry", "E6")
    s.apply(PlayActionCard(MERCENARIES))
    s.apply(ChooseOption("the army at D7"))
    s.apply(ChooseOption("the army at E6"))  # no third army: hired at once
    assert top(s).stage == "pay" and choices(s) == [
        "pay 1 food, 1 wood",
        "pay 1 food, 1 culture",
        "pay 1 wood, 1 culture",
        "pay 1 food, 1 gold",
        "pay 1 wood, 1 gold",
        "pay 1 culture, 1 gold",
        "pay 2 gold",
    ]
    refused(s, ChooseOption("pay 1 ideas, 1 mood"))
    s.apply(ChooseOption("pay 1 wood, 1 culture"))
    held = s.player(0)
    assert (held.resources["food"], held.resources["wood"], held.culture_tokens, held.resources["gold"]) == (1, 0, 0, 2)
    assert top(s).stage == "move" and len(top(s).armies) == 2


def test_with_the_colosseum_mood_tokens_pay_for_armies_too():
    s = near_d5(mood=1)
    s.unit(BARBARIAN, "infantry", "D7")
    assert plays(s, MERCENARIES) == []
    s.game.cities.clear()
    s.city(0, "D5", wonders=["colosseum"])
    s.apply(PlayActionCard(MERCENARIES))
    assert s.player(0).mood_tokens == 0 and top(s).stage == "move"


# ------------------------------------------------------------------ moving


def test_the_stacking_limit_counts_the_barbarians_already_there():
    s = near_d5(food=1)
    s.units(BARBARIAN, "infantry", "D7", 2)
    s.units(BARBARIAN, "infantry", "D6", 3)
    s.units(BARBARIAN, "infantry", "D8", 2)
    s.apply(PlayActionCard(MERCENARIES))
    s.apply(ChooseOption("the army at D7"))  # the one resource held pays for it at once
    assert "the army at D7 to D8" in choices(s) and "the army at D7 to D6" not in choices(s)
    refused(s, ChooseOption("the army at D7 to D6"))
    s.apply(ChooseOption("the army at D7 to D8"))
    assert at(s, "D8") == ["infantry"] * 4 and at(s, "D7") == []


def test_moving_into_another_players_units_starts_a_barbarian_battle():
    s = near_d5(food=1)
    barbarian = s.unit(BARBARIAN, "infantry", "D7")
    defender = s.unit(1, "infantry", "D6")
    s.apply(PlayActionCard(MERCENARIES))
    dice(s, (6, "infantry"), LEADER)  # the barbarians attack and roll first
    s.apply(ChooseOption("the army at D7 to D6"))
    assert "Battle at D6: the barbarians (1 infantry) attack Player 2 (1 infantry)" in s.game.log
    assert alive(s, [defender]) == [] and barbarian.pos == s.hex("D6")
    assert "The battle is won by the barbarians" in s.game.log
    assert s.game.combat is None and s.game.pending == []


def test_the_barbarians_may_attack_the_card_player_and_lose_to_them():
    s = near_d5(food=1)
    barbarian = s.unit(BARBARIAN, "infantry", "D7")
    s.unit(0, "infantry", "D6")
    s.apply(PlayActionCard(MERCENARIES))
    dice(s, LEADER, (6, "infantry"))
    s.apply(ChooseOption("the army at D7 to D6"))
    assert alive(s, [barbarian]) == [] and "The battle is won by Player 1" in s.game.log
    assert s.player(0).resources["gold"] == s.game.rules.game.barbarians.win_gold


def test_the_remaining_moves_resume_after_a_battle_that_waited_for_a_choice():
    s = near_d5(food=2)
    first = s.units(BARBARIAN, "infantry", "D7", 2)
    second = s.unit(BARBARIAN, "infantry", "E6")
    infantry, cavalry = s.unit(1, "infantry", "D6"), s.unit(1, "cavalry", "D6")
    s.apply(PlayActionCard(MERCENARIES))
    s.apply(ChooseOption("the army at D7"))
    s.apply(ChooseOption("the army at E6"))
    assert top(s).stage == "move" and s.player(0).resources["food"] == 0
    dice(s, (6, "infantry"), LEADER, LEADER, LEADER)  # the barbarians hit once, Player 2 not at all
    s.apply(ChooseOption("the army at D7 to D6"))
    # Player 2 picks its casualty; the card's last move waits under the battle
    waiting, battle = s.game.pending
    assert isinstance(battle, CasualtyDecision) and battle.player == 1
    assert isinstance(waiting, BarbarianArmiesDecision) and waiting.armies == [[second.id]]
    s.apply(ChooseCasualties((cavalry.id,)))
    assert alive(s, [infantry, cavalry]) == [infantry] and s.game.combat is None
    assert all(u.pos == s.hex("D7") for u in first)  # a barbarian battle lasts one round: they go back
    assert s.game.actor() == 0 and choices(s) == [f"the army at E6 to {to}" for to in ("D5", "D6", "E5", "F5")]
    s.apply(ChooseOption("the army at E6 to E5"))
    assert second.pos == s.hex("E5") and s.game.pending == []
    assert check_invariants(s.game) == []


def test_a_barbarian_city_left_behind_gains_an_infantry():
    s = near_d5(food=1)
    city = s.city(BARBARIAN, "D7")
    army = [s.unit(BARBARIAN, "cavalry", "D7"), s.unit(BARBARIAN, "infantry", "D7")]
    s.apply(PlayActionCard(MERCENARIES))
    s.apply(ChooseOption("the army at D7 to D8"))
    assert all(u.pos == s.hex("D8") for u in army) and at(s, "D7") == ["infantry"]
    assert city.owner == BARBARIAN and "The barbarian city at D7 gains an infantry" in s.game.log


@pytest.mark.parametrize("size", [2, 4])
def test_an_army_back_from_a_drawn_battle_finds_its_city_not_garrisoned(size):
    """A one-round barbarian battle both sides survive sends the army back to its city: the city was
    not emptied, so it gains nothing, and a full army never makes 5 units there."""
    s = near_d5(food=1)
    city = s.city(BARBARIAN, "D7")
    army = s.units(BARBARIAN, "infantry", "D7", size)
    s.units(1, "infantry", "D6", 4)
    s.apply(PlayActionCard(MERCENARIES))
    dice(s, *[LEADER] * (size + 4))  # nobody hits
    s.apply(ChooseOption("the army at D7 to D6"))
    assert "The battle lasts only 1 round: the barbarians go back to where the attack came from" in s.game.log
    assert all(u.pos == s.hex("D7") for u in army) and at(s, "D7") == ["infantry"] * size
    assert city.owner == BARBARIAN and not any("gains an infantry" in line for line in s.game.log)
    assert s.game.pending == [] and check_invariants(s.game) == []


def test_a_barbarian_city_is_garrisoned_once_the_battle_of_its_army_is_over():
    s = near_d5(food=1)
    city = s.city(BARBARIAN, "D7")
    army = s.units(BARBARIAN, "infantry", "D7", 2)
    infantry, cavalry = s.unit(1, "infantry", "D6"), s.unit(1, "cavalry", "D6")
    s.apply(PlayActionCard(MERCENARIES))
    # the barbarians 7 + 1: 1 hit, Player 2 chooses which unit; Player 2 6 + 7: 2 hits, both barbarians fall
    dice(s, (6, "infantry"), LEADER, (5, "infantry"), (5, "cavalry"))
    s.apply(ChooseOption("the army at D7 to D6"))
    assert isinstance(s.game.pending[-1], CasualtyDecision) and at(s, "D7") == []  # the battle is not over
    assert s.game.combat is not None and s.game.combat.left_city == city.id
    assert list(playability_problems(s.game)) == []  # a save made here plays on
    s.game = loads(dumps(s.game))
    s.apply(ChooseCasualties((cavalry.id,)))
    assert alive(s, army) == [] and alive(s, [infantry, cavalry]) == [infantry]
    assert s.game.log[-2:] == [
        "Player 2 gains 1 gold for defeating the barbarians",
        "The barbarian city at D7 gains an infantry",
    ]
    assert at(s, "D7") == ["infantry"] and s.game.pending == [] and check_invariants(s.game) == []


def test_an_army_taking_an_undefended_city_leaves_the_rest_to_move_after_the_refugee():
    s = near_d5(food=2)
    home = s.city(0, "B3")
    s.unit(BARBARIAN, "infantry", "D6")
    second = s.unit(BARBARIAN, "infantry", "E6")
    s.apply(PlayActionCard(MERCENARIES))
    s.apply(ChooseOption("the army at D6"))
    s.apply(ChooseOption("the army at E6"))
    s.apply(ChooseOption("the army at D6 to D5"))
    assert s.game.city_at(s.hex("D5")).owner == BARBARIAN
    waiting, refugee = s.game.pending
    assert isinstance(refugee, RefugeeDecision) and waiting.armies == [[second.id]]
    assert list(playability_problems(s.game)) == []  # a save made here plays on
    assert state_hash(loads(dumps(s.game))) == state_hash(s.game)
    s.apply(PlaceRefugee(home.id))
    assert top(s) is waiting and s.game.actor() == 0


@pytest.mark.parametrize("wonders", [["great_wall"], []])
def test_barbarians_moved_into_a_great_wall_owners_undefended_city_lose_at_once(wonders):
    """Entering an undefended city is an attack on it: the Great Wall is asked before the capture."""
    s = near_d5(food=1)
    walled = s.city(1, "D6", wonders=wonders)
    s.city(1, "B6")
    army = s.unit(BARBARIAN, "infantry", "D7")
    s.apply(PlayActionCard(MERCENARIES))
    s.apply(ChooseOption("the army at D7 to D6"))
    if wonders:
        assert walled.owner == 1 and s.game.unit(army.id) is None
        assert "The barbarians attacking Player 2's city lose at once (Great Wall)" in s.game.log
        assert s.game.battles[-1].winner == 1
    else:
        assert walled.owner == BARBARIAN
    assert check_invariants(s.game) == []


def test_random_play_of_mercenaries_keeps_every_invariant():
    for seed in range(20):
        s = near_d5(food=2, gold=1, culture=1)
        s.units(BARBARIAN, "infantry", "D7", 2)
        s.unit(BARBARIAN, "cavalry", "E6")
        s.unit(1, "infantry", "D6")
        s.unit(0, "infantry", "E5")
        s.apply(PlayActionCard(MERCENARIES))
        rng = random.Random(seed)
        while s.game.pending:
            s.apply(random_action(s.game, rng))
            assert check_invariants(s.game) == []
        assert any(line.startswith("Player 1 pays") for line in s.game.log)
        assert any(line.startswith("A barbarian army moves") for line in s.game.log)


def test_alexanders_idol_plays_mercenaries_without_an_action():
    s = civ_scenario("greece", "rome").hand(0, MERCENARIES)
    s.resources(0, food=0, wood=0, ore=0, gold=0, mood=0, culture=2)
    s.city(0, "D5")
    army = s.unit(BARBARIAN, "infantry", "D7")
    place_leader(s, 0, "Alexander the Great", "D5")
    s.game.actions_left = 0
    s.apply(UseAbility("Alexander the Great", "play_card_without_action", (str(MERCENARIES),)))
    s.apply(ChooseOption("the army at D7 to D6"))  # the Idol's culture token, then the army's
    assert discarded(s, MERCENARIES) and s.player(0).culture_tokens == 0 and army.pos == s.hex("D6")


def test_alexanders_idol_does_not_offer_mercenaries_when_its_token_leaves_nothing_to_pay_an_army():
    s = civ_scenario("greece", "rome").hand(0, MERCENARIES)
    s.resources(0, food=0, wood=0, ore=0, gold=0, mood=0, culture=1)
    s.city(0, "D5")
    s.unit(BARBARIAN, "infantry", "D7")
    place_leader(s, 0, "Alexander the Great", "D5")
    assert plays(s, MERCENARIES) == [PlayActionCard(MERCENARIES)]  # with an action, the token pays the army
    s.game.actions_left = 0
    assert not [a for a in s.legal_of(UseAbility) if a.ability == "play_card_without_action"]
    reason = why_not_play(s.game, s.player(0), "Mercenaries", s.game.rules.action_halves["Mercenaries"], {"culture": 1})
    assert reason == "You have no food, wood, ore, culture token or gold to pay the mercenaries"
    refused(s, UseAbility("Alexander the Great", "play_card_without_action", (str(MERCENARIES),)))
