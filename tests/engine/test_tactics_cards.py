"""Tactics cards in combat: who may play, the secret choice, and each built tactics half."""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import ChooseCasualties, ChooseOption, PlayTactics
from civgame.games.clash.core.decisions import CasualtyDecision, EffectChoiceDecision, TacticsDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import BARBARIAN
from civgame.games.clash.core.vocabulary import DECLINE
from civgame.games.clash.rules.flow.controller import legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads
from tests.combat_helpers import LEADER, alive, attack, dice, laden_fleet, sea_pair
from tests.scenario import Scenario

PELTASTS, ENCIRCLED, WEDGE, HIGH_MORALE, HEAVY_RESISTANCE, HIGH_GROUND = 1, 2, 5, 6, 7, 9
SURPRISE, FOR_THE_PEOPLE, IMPROVED_DEFENSES, DEFENSIVE_FORMATION, FLANKING = 10, 13, 16, 22, 31
SIEGE, SCOUT, MARTYR, ARCHERS = 11, 23, 24, 26


def battle(attackers=1, defenders=1, *, attacker_kind="infantry", city=False, cards=((), ())):
    """Player 1 attacks C2 from D2; both hold Tactics and the given cards."""
    s = Scenario().reveal_all().advances(0, "Tactics").advances(1, "Tactics")
    s.hand(0, *cards[0]).hand(1, *cards[1])
    if city:
        s.city(1, "C2")
    att = s.units(0, attacker_kind, "C2", attackers)
    dfn = s.units(1, "infantry", "C2", defenders)
    return s, att, dfn


def tactics_choices(s):
    return sorted(a.card for a in s.legal_of(PlayTactics) if a.card is not None)


def play(s, attacker_card, defender_card):
    """Answer the attacker's, then the defender's tactics decision (each asked only with a card to play)."""
    for player, card in ((0, attacker_card), (1, defender_card)):
        asked = s.game.pending and isinstance(s.game.pending[-1], TacticsDecision) and s.game.actor() == player
        assert asked or card is None
        if asked:
            s.apply(PlayTactics(card))


# ------------------------------------------------------------------ the round sequence


def test_a_tactics_card_not_held_is_refused_and_nothing_changes():
    s, att, _dfn = battle(cards=((HIGH_MORALE,), (DEFENSIVE_FORMATION,)))
    dice(s, (2, "cavalry"), LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    before = to_plain(s.game)
    with pytest.raises(RuleError, match="whose tactics half this battle allows, or none"):
        s.apply(PlayTactics(DEFENSIVE_FORMATION))  # the defender's card
    assert to_plain(s.game) == before


def test_the_attacker_chooses_first_then_the_defender_and_the_cards_are_revealed_together():
    s, att, _dfn = battle(cards=((HIGH_MORALE,), (DEFENSIVE_FORMATION,)))
    dice(s, (2, "cavalry"), LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    assert s.game.actor() == 0 and tactics_choices(s) == [HIGH_MORALE]
    s.apply(PlayTactics(HIGH_MORALE))
    assert s.player(0).action_cards == [] and s.game.actor() == 1
    assert not any("High Morale" in line for line in s.game.log)  # still face down
    assert tactics_choices(s) == [DEFENSIVE_FORMATION]
    s.apply(PlayTactics(DEFENSIVE_FORMATION))
    log = s.game.log
    reveal_a = log.index("Round 1: Player 1 reveals High Morale (Hero General/High Morale)")
    reveal_d = log.index("Round 1: Player 2 reveals Defensive Formation (Explorer/Defensive Formation)")
    assert reveal_a < reveal_d < next(i for i, line in enumerate(log) if "rolls" in line)
    assert {HIGH_MORALE, DEFENSIVE_FORMATION} <= set(s.game.decks["action"].discard)
    assert check_invariants(s.game) == []


def test_the_defenders_options_do_not_depend_on_the_attackers_hidden_card():
    seen = []
    for attacker_card in (HIGH_MORALE, None):
        s, att, _ = battle(cards=((HIGH_MORALE,), (DEFENSIVE_FORMATION, HEAVY_RESISTANCE, FLANKING)))
        attack(s, 0, att, "C2", "D2")
        s.apply(PlayTactics(attacker_card))
        seen.append((s.game.actor(), legal_actions(s.game)))
    assert seen[0] == seen[1]
    assert sorted(a.card for a in seen[0][1] if a.card) == [HEAVY_RESISTANCE, DEFENSIVE_FORMATION]


def test_a_card_lasts_one_round_and_each_round_may_take_a_new_one():
    s, att, _dfn = battle(attackers=2, defenders=2, cards=((HIGH_MORALE, 8), ()))
    dice(s, LEADER, LEADER, LEADER, LEADER)  # round 1: nothing hits
    attack(s, 0, att, "C2", "D2")
    s.apply(PlayTactics(HIGH_MORALE))
    assert s.player(0).lasting_effects == []  # gone with the round
    from civgame.games.clash.core.actions import Retreat

    s.apply(Retreat(False))
    assert s.game.actor() == 0 and tactics_choices(s) == [8]


def test_without_tactics_or_cards_no_choice_is_asked():
    s, att, _dfn = battle(cards=((HIGH_MORALE,), ()))
    s.lose_advances(0, "Tactics")
    dice(s, (6, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    assert s.game.combat is None and "Round 1: no tactics cards are played" in s.game.log


def test_barbarians_never_play_and_their_opponent_still_may():
    s = Scenario().reveal_all().advances(0, "Tactics").hand(0, HIGH_MORALE)
    att = s.units(0, "infantry", "C2", 1)
    s.units(BARBARIAN, "infantry", "C2", 1)
    dice(s, (3, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    assert tactics_choices(s) == [HIGH_MORALE]
    s.apply(PlayTactics(HIGH_MORALE))
    assert s.game.combat is None and "The battle is won by Player 1" in s.game.log


def test_requirements_role_city_and_land():
    s, att, _ = battle(cards=((WEDGE, HEAVY_RESISTANCE, FOR_THE_PEOPLE, HIGH_GROUND, SIEGE, 17), ()), city=True)
    attack(s, 0, att, "C2", "D2")
    # Heavy Resistance, For the People and Tactical Retreat (card 17) are the defender's;
    # High Ground not against a city.
    assert tactics_choices(s) == [WEDGE, SIEGE]
    s, att, _ = battle(cards=((WEDGE, SIEGE), ()))
    attack(s, 0, att, "C2", "D2")
    assert tactics_choices(s) == [WEDGE]  # Siege only against a city


# ------------------------------------------------------------------ the tactics halves


def test_high_morale_adds_two_combat_value():
    s, att, dfn = battle(cards=((HIGH_MORALE,), ()))
    dice(s, (3, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, HIGH_MORALE, None)
    assert "Player 1 rolls 3 (infantry, +1), +2 combat value: combat value 6, 1 hit" in s.game.log
    assert alive(s, dfn) == []


def test_surprise_adds_one_combat_value_and_draws_a_card_after_a_hit():
    s, att, _dfn = battle(cards=((SURPRISE,), ()))
    dice(s, (3, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, SURPRISE, None)
    assert "Player 1 rolls 3 (infantry, +1), +1 combat value: combat value 5, 1 hit" in s.game.log
    assert len(s.player(0).action_cards) == 1 and "Surprise: Player 1 draws 1 action card" in s.game.log


def test_wedge_formation_adds_one_per_defending_unit():
    s, att, _dfn = battle(defenders=2, cards=((WEDGE,), ()))
    dice(s, (3, "infantry"), LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, WEDGE, None)
    assert "Wedge Formation: Player 1 gets +2 combat value" in s.game.log
    assert "Player 1 rolls 3 (infantry, +1), +2 combat value: combat value 6, 1 hit" in s.game.log


def test_heavy_resistance_takes_one_per_attacking_unit():
    s, att, _dfn = battle(attackers=2, defenders=2, cards=((), (HEAVY_RESISTANCE,)))
    dice(s, (5, "infantry"), (4, "cavalry"), LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, None, HEAVY_RESISTANCE)
    assert "Player 1 rolls 5 (infantry, +1), 4 (cavalry), -2 combat value: combat value 8, 1 hit" in s.game.log


def test_high_ground_stops_the_enemys_unit_abilities():
    s, att, _dfn = battle(attacker_kind="cavalry", cards=((), (HIGH_GROUND,)))
    dice(s, (4, "cavalry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, None, HIGH_GROUND)
    assert "Player 1 rolls 4 (cavalry), unit abilities not working: combat value 4, no hits" in s.game.log


def test_defensive_formation_and_flanking_roll_one_more_die():
    s, att, _dfn = battle(cards=((FLANKING,), (DEFENSIVE_FORMATION,)))
    dice(s, LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, FLANKING, DEFENSIVE_FORMATION)
    assert "Player 1 rolls 1 (leader), 1 (leader) including 1 extra die: combat value 2, no hits" in s.game.log
    assert "Player 2 rolls 1 (leader), 1 (leader) including 1 extra die: combat value 2, no hits" in s.game.log


def test_for_the_people_rolls_one_more_die_defending_a_city():
    s, att, _dfn = battle(cards=((), (FOR_THE_PEOPLE,)), city=True)
    dice(s, LEADER, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, None, FOR_THE_PEOPLE)
    assert "Player 2 rolls 1 (leader), 1 (leader) including 1 extra die: combat value 2, no hits" in s.game.log


def test_improved_defenses_ignore_one_hit_in_a_city():
    s, att, _dfn = battle(cards=((), (IMPROVED_DEFENSES,)), city=True)
    dice(s, (6, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, None, IMPROVED_DEFENSES)
    assert "Player 1 takes no hits, Player 2 takes no hits" in s.game.log


def test_peltasts_ignore_a_hit_at_the_first_five_or_six():
    s, att, _dfn = battle(cards=((), (PELTASTS,)))
    dice(s, (5, "cavalry"), (6, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, None, PELTASTS)
    assert "Peltasts: Player 2 rolls 5: 1 hit ignored" in s.game.log
    assert "Player 1 takes no hits, Player 2 takes no hits" in s.game.log


def test_encircled_adds_a_hit_on_a_five_or_six_when_not_behind():
    s, att, dfn = battle(defenders=2, cards=((ENCIRCLED,), ()))
    dice(s, (6, "infantry"), LEADER, LEADER, (5, "cavalry"))
    attack(s, 0, att, "C2", "D2")
    play(s, ENCIRCLED, None)
    assert "Encircled: Player 1 rolls 5: 1 more hit" in s.game.log
    assert alive(s, dfn) == []


def test_scout_cancels_the_opponents_card_and_takes_it_into_hand():
    s, att, _dfn = battle(cards=((HIGH_MORALE,), (SCOUT,)))
    dice(s, (3, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, HIGH_MORALE, SCOUT)
    assert "High Morale is cancelled: Player 2 takes the card into their hand" in s.game.log
    assert "Player 1 rolls 3 (infantry, +1): combat value 4, no hits" in s.game.log
    assert s.player(1).action_cards == [HIGH_MORALE] and SCOUT in s.game.decks["action"].discard
    assert check_invariants(s.game) == []


def test_scout_against_no_card_does_nothing():
    s, att, _dfn = battle(cards=((SCOUT,), ()))
    dice(s, (3, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, SCOUT, None)
    assert s.player(1).action_cards == [] and s.player(0).action_cards == []
    assert "Player 1 rolls 3 (infantry, +1): combat value 4, no hits" in s.game.log


def test_archers_make_the_opponent_remove_a_unit_of_its_choice_before_the_roll():
    s, att, dfn = battle(defenders=1, cards=((ARCHERS,), ()))
    cavalry = s.unit(1, "cavalry", "C2")
    dice(s, (6, "infantry"), LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, ARCHERS, None)
    assert "Archers: Player 1 rolls 6: Player 2 removes 1 unit" in s.game.log
    decision = s.game.pending[-1]
    assert isinstance(decision, CasualtyDecision) and decision.player == 1 and decision.reason == "tactics"
    s.apply(ChooseCasualties((cavalry.id,)))
    assert alive(s, [cavalry]) == [] and alive(s, dfn) == dfn
    assert "Player 2 rolls 1 (leader): combat value 1, no hits" in s.game.log  # one unit left to roll
    assert s.game.combat.defender.losses == 1 and check_invariants(s.game) == []


def test_archers_taking_the_last_defender_end_the_battle_before_the_roll():
    s, att, dfn = battle(defenders=1, cards=((ARCHERS,), ()))
    dice(s, (6, "infantry"))
    attack(s, 0, att, "C2", "D2")
    play(s, ARCHERS, None)
    assert "Archers: Player 1 rolls 6: Player 2 removes 1 unit" in s.game.log
    assert alive(s, dfn) == [] and s.game.combat is None
    assert [line for line in s.game.log if "rolls" in line] == ["Archers: Player 1 rolls 6: Player 2 removes 1 unit"]
    assert s.game.battles[-1].winner == 0 and alive(s, att) == att
    assert check_invariants(s.game) == []


def test_martyr_taking_both_sides_last_units_ends_the_battle_without_a_roll_or_winner():
    s, att, dfn = battle(cards=((MARTYR,), ()))
    attack(s, 0, att, "C2", "D2")
    play(s, MARTYR, None)
    assert alive(s, att) == [] and alive(s, dfn) == [] and s.game.combat is None
    assert not any("rolls" in line for line in s.game.log) and s.game.battles[-1].winner is None
    assert check_invariants(s.game) == []


def test_a_ship_martyr_sacrifices_takes_the_cargo_its_fleet_cannot_carry_with_it():
    """At sea the sacrificed ship's carried units go to the side's other ships; those beyond their
    capacity are lost at once, the owner choosing which, as in any other ship loss."""
    s = Scenario().reveal_all().advances(0, "Tactics").hand(0, MARTYR)
    space, origin = sea_pair(s)
    ship_a, ship_b, cargo = laden_fleet(s, space)
    enemy = s.units(1, "ship", space, 2)
    dice(s, LEADER, LEADER)
    attack(s, 0, [ship_a, ship_b, *cargo], space, origin)
    play(s, MARTYR, None)
    decision = s.game.pending[-1]  # ship A went down with its cargo still aboard: one unit is too many
    assert isinstance(decision, CasualtyDecision) and decision.player == 0 and decision.count == 1
    assert decision.candidates == [u.id for u in cargo] and s.game.unit(ship_a.id) is not None
    assert check_invariants(s.game) == []
    s.apply(ChooseCasualties((cargo[1].id,)))
    assert alive(s, [ship_a, ship_b]) == [ship_b] and alive(s, cargo) == [cargo[0], cargo[2]]
    assert {u.carrier for u in alive(s, cargo)} == {ship_b.id}
    assert "Player 1 loses 1 ship and 1 cavalry" in s.game.log
    assert len(alive(s, enemy)) == 1 and s.game.combat.attacker.losses == 1  # then the defender's sacrifice
    assert check_invariants(s.game) == []


def test_archers_miss_on_a_low_die():
    s, att, dfn = battle(cards=((ARCHERS,), ()))
    dice(s, (4, "cavalry"), LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, ARCHERS, None)
    assert "Archers: Player 1 rolls 4: no effect" in s.game.log and alive(s, dfn) == dfn


def test_martyr_cancels_the_opponents_card_and_each_side_sacrifices_a_unit():
    s, att, dfn = battle(attackers=2, defenders=2, cards=((MARTYR,), (HIGH_MORALE,)))
    cavalry = s.unit(0, "cavalry", "C2")
    dice(s, LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, [*att, cavalry], "C2", "D2")
    play(s, MARTYR, HIGH_MORALE)
    assert "High Morale is cancelled" in s.game.log and HIGH_MORALE in s.game.decks["action"].discard
    decision = s.game.pending[-1]  # the Martyr player first: the attacker chooses among its kinds
    assert isinstance(decision, CasualtyDecision) and decision.player == 0 and decision.reason == "tactics"
    assert alive(s, dfn) == dfn
    s.apply(ChooseCasualties((cavalry.id,)))  # then the defender, which has no choice
    assert alive(s, [cavalry]) == [] and s.game.combat.attacker.losses == 1
    assert len(alive(s, dfn)) == 1 and s.game.combat.defender.losses == 1
    assert "Player 2 rolls 1 (leader): combat value 1, no hits" in s.game.log
    assert check_invariants(s.game) == []


def test_scout_takes_a_martyr_and_no_unit_is_sacrificed():
    s, att, dfn = battle(cards=((MARTYR,), (SCOUT,)))
    dice(s, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, MARTYR, SCOUT)
    assert "Martyr is cancelled: Player 2 takes the card into their hand" in s.game.log
    assert "Scout is cancelled" in s.game.log
    assert s.player(1).action_cards == [MARTYR] and alive(s, att) == att and alive(s, dfn) == dfn


def siege(food):
    s, att, dfn = battle(city=True, cards=((SIEGE,), ()))
    s.resources(1, food=food)
    dice(s, (3, "infantry"), (3, "infantry"))
    attack(s, 0, att, "C2", "D2")
    play(s, SIEGE, None)
    return s, dfn


def test_siege_adds_one_and_stops_the_defenders_abilities_unless_it_pays_two_food():
    s, _dfn = siege(food=2)
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.player == 1 and decision.source == "Siege"
    assert sorted(a.option for a in s.legal_of(ChooseOption)) == ["decline", "pay 2 food"]
    s.apply(ChooseOption(DECLINE))
    assert "Player 1 rolls 3 (infantry, +1), +1 combat value: combat value 5, 1 hit" in s.game.log
    assert "Player 2 rolls 3 (infantry), unit abilities not working: combat value 3, no hits" in s.game.log
    assert s.player(1).resources["food"] == 2


def test_siege_paid_off_keeps_the_defenders_abilities():
    s, _dfn = siege(food=2)
    s.apply(ChooseOption("pay 2 food"))
    assert s.player(1).resources["food"] == 0
    assert "Player 2 rolls 3 (infantry, +1): combat value 4, no hits" in s.game.log


def test_siege_against_a_defender_who_cannot_pay_asks_nothing():
    s, _dfn = siege(food=1)
    assert not any(isinstance(d, EffectChoiceDecision) for d in s.game.pending)
    assert "Player 2 rolls 3 (infantry), unit abilities not working: combat value 3, no hits" in s.game.log


TACTICAL_RETREAT = 17


def test_tactical_retreat_moves_the_defenders_out_and_the_attacker_takes_the_city():
    s, att, _dfn = battle(defenders=2, city=True, cards=((), (TACTICAL_RETREAT,)))
    s.units(1, "settler", "C2", 1)
    s.units(0, "infantry", "C3", 1)  # an enemy next to the city: not a way out
    attack(s, 0, att, "C2", "D2")
    play(s, None, TACTICAL_RETREAT)
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.player == 1
    assert "C3" not in decision.options and decision.options
    way_out = decision.options[0]
    s.apply(ChooseOption(way_out))
    assert s.game.combat is None and not any("rolls" in line for line in s.game.log)
    assert {u.pos for u in s.game.units_of(1)} == {s.hex(way_out)} and len(s.game.units_of(1)) == 3
    assert s.game.city_at(s.hex("C2")).owner == 0
    assert alive(s, att) == att and check_invariants(s.game) == []


def test_tactical_retreat_needs_a_free_land_space_next_to_the_battle():
    s, att, _dfn = battle(cards=((), (TACTICAL_RETREAT, HIGH_MORALE)))
    for space in s.game.board_neighbors(s.hex("C2")):
        if s.game.is_land(space):
            s.units(0, "infantry", hex_to_label(space), 1)
    attack(s, 0, att, "C2", "D2")
    assert tactics_choices(s) == [HIGH_MORALE]


# ------------------------------------------------------------------ the resolution order (catalogue §3.3)
# The attacker's pass (its own card, then the defender's card acting on the attacker), then the
# defender's pass (the attacker's card acting on the defender, then its own card).


def test_the_attackers_peltasts_roll_for_its_units_before_the_defenders_archers_remove_one():
    s, att, _dfn = battle(attackers=2, defenders=2, cards=((PELTASTS,), (ARCHERS,)))
    # Peltasts: 1, then 5 (a die per attacking unit); Archers: 6. Then 1 attacker die and 2 defender dice.
    dice(s, LEADER, (5, "cavalry"), (6, "infantry"), LEADER, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, PELTASTS, ARCHERS)
    log = s.game.log
    peltasts = log.index("Peltasts: Player 1 rolls 1 and 5: 1 hit ignored")
    assert peltasts < log.index("Archers: Player 2 rolls 6: Player 1 removes 1 unit")
    assert len(alive(s, att)) == 1 and "Player 1 rolls 1 (leader): combat value 1, no hits" in log


def test_the_defenders_archers_shoot_before_the_attackers():
    s, att, dfn = battle(attackers=2, defenders=2, cards=((ARCHERS,), (28,)))  # card 28: Archers too
    dice(s, (6, "infantry"), LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    play(s, ARCHERS, 28)
    log = s.game.log
    assert log.index("Archers: Player 2 rolls 6: Player 1 removes 1 unit") < log.index(
        "Archers: Player 1 rolls 1: no effect"
    )
    assert len(alive(s, att)) == 1 and alive(s, dfn) == dfn


def test_against_the_defenders_martyr_the_attacker_sacrifices_first():
    s, att, dfn = battle(defenders=2, cards=((), (MARTYR,)))
    cavalry = s.unit(0, "cavalry", "C2")
    dice(s, LEADER, LEADER, LEADER)
    attack(s, 0, [*att, cavalry], "C2", "D2")
    play(s, None, MARTYR)
    decision = s.game.pending[-1]
    assert isinstance(decision, CasualtyDecision) and decision.player == 0 and alive(s, dfn) == dfn
    s.apply(ChooseCasualties((cavalry.id,)))  # then the Martyr player, which has no choice
    assert len(alive(s, dfn)) == 1 and s.game.combat.defender.losses == 1


def test_the_defenders_encircled_resolves_before_the_attackers():
    s, att, dfn = battle(attackers=2, defenders=2, cards=((ENCIRCLED,), (3,)))  # card 3: Encircled too
    # Nobody hits; the defender's Encircled rolls 6, and the attacker, now behind, rolls none.
    dice(s, LEADER, LEADER, LEADER, LEADER, (6, "infantry"), (6, "infantry"))
    attack(s, 0, att, "C2", "D2")
    play(s, ENCIRCLED, 3)
    assert "Encircled: Player 2 rolls 6: 1 more hit" in s.game.log
    assert not any(line.startswith("Encircled: Player 1") for line in s.game.log)
    assert "Player 1 takes 1 hit, Player 2 takes no hits" in s.game.log and alive(s, dfn) == dfn


def test_the_siege_payment_is_asked_before_the_defenders_tactical_retreat():
    s, att, _dfn = battle(city=True, cards=((SIEGE,), (TACTICAL_RETREAT,)))
    s.resources(1, food=2)
    attack(s, 0, att, "C2", "D2")
    play(s, SIEGE, TACTICAL_RETREAT)
    assert s.game.pending[-1].source == "Siege"
    s.apply(ChooseOption(DECLINE))
    assert s.game.pending[-1].effect == "withdraw_before_roll" and s.game.pending[-1].player == 1


def test_a_hit_ignored_before_a_choice_the_round_waits_for_survives_saving_and_loading():
    s, att, _dfn = battle(attackers=2, defenders=2, cards=((PELTASTS,), (ARCHERS,)))
    cavalry = s.unit(0, "cavalry", "C2")
    dice(s, (5, "cavalry"), (6, "infantry"))  # Peltasts ignores a hit; then Archers hit: the attacker chooses
    attack(s, 0, [*att, cavalry], "C2", "D2")
    play(s, PELTASTS, ARCHERS)
    assert isinstance(s.game.pending[-1], CasualtyDecision) and s.game.pending[-1].player == 0
    s.game = loads(dumps(s.game))
    assert s.game.combat.resolved == ["attacker:holder:ignore_hit_on_roll", "defender:opponent:kill_on_roll"]
    # 2 attacker dice; the defender's 6 + 1 and 6 + 1 = 14: 2 hits, 1 of them ignored.
    dice(s, LEADER, LEADER, (6, "infantry"), (6, "infantry"))
    s.apply(ChooseCasualties((cavalry.id,)))
    assert "Player 1 takes 1 hit, Player 2 takes no hits" in s.game.log


# ------------------------------------------------------------------ a city held by its fortress alone


def fortress_alone(*cards):
    """Player 1 attacks C2 from D2 with 1 infantry; player 2's city there has a fortress and no units."""
    s = Scenario().reveal_all().advances(1, "Tactics").hand(1, *cards)
    city = s.city(1, "C2", buildings={"fortress": 1})
    att = s.units(0, "infantry", "C2", 1)
    return s, city, att


def test_a_defender_held_by_its_fortress_alone_may_play_the_cards_that_name_no_unit_type():
    s, _city, att = fortress_alone(PELTASTS, HIGH_MORALE, HEAVY_RESISTANCE, HIGH_GROUND, FOR_THE_PEOPLE)
    s.hand(1, IMPROVED_DEFENSES, TACTICAL_RETREAT, DEFENSIVE_FORMATION, SCOUT, MARTYR, ARCHERS)
    attack(s, 0, att, "C2", "D2")
    assert s.game.actor() == 1
    named_none = [HIGH_MORALE, HEAVY_RESISTANCE, HIGH_GROUND, FOR_THE_PEOPLE, IMPROVED_DEFENSES]
    assert tactics_choices(s) == [*named_none, DEFENSIVE_FORMATION, SCOUT]  # not those naming army units


def test_a_card_played_for_a_fortress_alone_counts_on_the_fortress_die():
    s, city, att = fortress_alone(HIGH_MORALE)
    dice(s, (2, "cavalry"), (3, "elephant"))  # the fortress die 3, +2: one hit
    attack(s, 0, att, "C2", "D2")
    play(s, None, HIGH_MORALE)
    assert "Player 2 rolls 3 (elephant) including 1 fortress die, +2 combat value: combat value 5, 1 hit" in s.game.log
    assert alive(s, att) == [] and city.owner == 1 and "The battle is won by Player 2" in s.game.log


@pytest.mark.parametrize("roll,kills", [(4, False), (5, True), (6, True)])
def test_archers_kill_a_unit_on_a_5_or_a_6(roll, kills):
    """Archers: "Roll a die: on 5 or 6 the opponent removes 1 fighting unit before the roll"."""
    s = Scenario().reveal_all().advances(0, "Tactics").hand(0, 26)  # Archers
    army = s.units(0, "infantry", "C2", 1)
    defender = s.unit(1, "infantry", "C2")
    dice(s, (roll, "cavalry" if roll == 4 else "infantry"), *[(2, "elephant")] * 4)  # then nobody is hit
    attack(s, 0, army, "C2", "D2")
    s.apply(PlayTactics(26))
    outcome = "Player 2 removes 1 unit" if kills else "no unit is removed"
    assert any(line.startswith(f"Archers: Player 1 rolls {roll}: ") for line in s.game.log)
    assert (s.game.unit(defender.id) is None) == kills, outcome
