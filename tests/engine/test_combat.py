"""Combat: dice and clash icons, casualties, draws, fortresses, retreat, capturing cities,
refugees, barbarian battles, naval battles with cargo, pirates, settlers overrun.

Battles are set up by placing units directly and calling `enter_space`, as movement does.
Dice are forced with `fix_dice`: each round the attacker's dice come first, then the defender's
(fortress die last).
"""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.content.ruleset import UnitType
from civgame.games.clash.core.actions import ChooseCasualties, ChooseToken, PlaceRefugee, Retreat
from civgame.games.clash.core.decisions import CasualtyDecision, RefugeeDecision, RetreatDecision, TokenChoiceDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import BARBARIAN, PIRATE
from civgame.games.clash.rules.combat import enter_space
from civgame.games.clash.rules.flow.controller import apply
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads
from tests.combat_helpers import LEADER, alive, attack, dice, laden_fleet, sea_pair
from tests.scenario import Scenario


def unchanged_by(s, action):
    before = to_plain(s.game)
    with pytest.raises(RuleError):
        s.apply(action)
    return to_plain(s.game) == before


# ------------------------------------------------------------------ dice, icons, hits


def test_hits_are_the_combat_value_divided_by_five_and_every_die_is_logged():
    s = Scenario().reveal_all()
    att = s.units(0, "infantry", "C2", 2)
    dfn = s.units(1, "infantry", "C2", 2)
    dice(s, (6, "infantry"), LEADER, (2, "elephant"), (2, "cavalry"))
    attack(s, 0, att, "C2", "D2")
    log = s.game.combat.log
    assert "Player 1 rolls 6 (infantry, +1), 1 (leader): combat value 8, 1 hit" in log
    assert "Player 2 rolls 2 (elephant), 2 (cavalry): combat value 4, no hits" in log
    assert log[-1] == "Player 2 loses 1 infantry" and log[-1] == s.game.log[-1]
    assert len(alive(s, att)) == 2 and alive(s, dfn) == [dfn[1]]
    assert s.game.pending == [RetreatDecision(player=0)]
    assert check_invariants(s.game) == []


def test_each_clash_icon_activates_one_unused_unit_of_its_type():
    s = Scenario().reveal_all()
    att = [s.unit(0, "cavalry", "C2"), s.unit(0, "infantry", "C2")]
    dfn = s.units(1, "infantry", "C2", 3)
    # Attacker: 4+2 for the cavalry, 5 for a second cavalry icon with no unused cavalry = 11.
    # Defender: 3+1, 5+1, 1 = 11. Both score 2 hits.
    dice(s, (4, "cavalry"), (5, "cavalry"), (3, "infantry"), (5, "infantry"), LEADER)
    attack(s, 0, att, "C2", "D2")
    log = s.game.log
    assert "Player 1 rolls 4 (cavalry, +2), 5 (cavalry): combat value 11, 2 hits" in log
    assert "Player 2 rolls 3 (infantry, +1), 5 (infantry, +1), 1 (leader): combat value 11, 2 hits" in log
    assert alive(s, att) == [] and len(alive(s, dfn)) == 1
    assert "The battle is won by Player 2" in log and s.game.combat is None
    assert all(u.immobile for u in alive(s, dfn))


def test_elephant_die_counts_zero_and_cancels_one_enemy_hit():
    s = Scenario().reveal_all()
    att = [s.unit(0, "elephant", "C2"), s.unit(0, "infantry", "C2")]
    s.units(1, "infantry", "C2", 2)
    # One elephant, two elephant icons: only the lower die (2) is zeroed, the 4 counts: 0 hits, 1 cancel.
    # Defender 6+1 + 5+1 = 13: 2 hits, minus the elephant's cancel = 1.
    dice(s, (2, "elephant"), (4, "elephant"), (6, "infantry"), (5, "infantry"))
    attack(s, 0, att, "C2", "D2")
    assert (
        "Player 1 rolls 2 (elephant: counts 0, cancels 1 hit), 4 (elephant): combat value 4, no hits, cancelling 1 hit"
        in s.game.log
    )
    assert "Player 1 takes 1 hit, Player 2 takes no hits" in s.game.log
    # The attacker's hit chooses between an elephant and an infantry: its owner decides.
    assert s.game.pending == [CasualtyDecision(player=0, count=1, candidates=[att[0].id, att[1].id])]


def test_elephant_cancel_reduces_the_enemy_hits():
    s = Scenario().reveal_all()
    att = s.units(0, "elephant", "C2", 2)
    dfn = s.units(1, "infantry", "C2", 2)
    # Attacker: 4 elephant -> 0 and a cancel, 6 = 6: 1 hit. Defender 7 + 6 = 13: 2 hits - 1 = 1.
    dice(s, (4, "elephant"), (6, "infantry"), (6, "infantry"), (5, "infantry"))
    attack(s, 0, att, "C2", "D2")
    assert "Player 1 takes 1 hit, Player 2 takes 1 hit" in s.game.log
    assert len(alive(s, att)) == 1 and len(alive(s, dfn)) == 1


def test_a_leader_icon_is_rerolled_until_it_shows_another_face():
    s = Scenario().reveal_all()
    rules = s.game.rules
    leader = UnitType(name="Leader", cost={}, army=True, limit=1)
    s.game.rules = rules.model_copy(update={"units": {**rules.units, "leader": leader}})
    att = [s.unit(0, "leader", "C2"), s.unit(0, "infantry", "C2")]
    s.units(1, "infantry", "C2", 1)
    # Leader face re-rolled: leader again, then 5 infantry (+1 for the infantry). Second die 1 leader stays.
    dice(s, LEADER, LEADER, LEADER, (5, "infantry"), (2, "cavalry"))
    attack(s, 0, att, "C2", "D2")
    assert "Player 1 rolls 1 (leader) rolled again: 5 (infantry, +1), 1 (leader): combat value 7, 1 hit" in s.game.log


# ------------------------------------------------------------------ casualties


def test_casualty_choice_is_offered_by_unit_kind_and_the_attacker_chooses_first():
    s = Scenario().reveal_all()
    inf = s.units(0, "infantry", "C2", 2)
    cav = s.unit(0, "cavalry", "C2")
    d_inf = s.unit(1, "infantry", "C2")
    d_ele = s.unit(1, "elephant", "C2")
    dice(s, (6, "infantry"), LEADER, LEADER, (5, "infantry"), LEADER)  # 9 and 7: one hit each
    attack(s, 0, [*inf, cav], "C2", "D2")
    assert [(d.player, d.count) for d in s.game.pending] == [(1, 1), (0, 1)]
    assert s.legal_of(ChooseCasualties) == [ChooseCasualties((inf[0].id,)), ChooseCasualties((cav.id,))]
    for wrong in ((inf[1].id,), (d_inf.id,), (inf[0].id, cav.id), ()):
        assert unchanged_by(s, ChooseCasualties(wrong))
    s.apply(ChooseCasualties((cav.id,)))
    assert s.game.unit(cav.id) is not None  # removed only when both sides have chosen
    s.apply(ChooseCasualties((d_ele.id,)))
    assert s.game.unit(cav.id) is None and s.game.unit(d_ele.id) is None
    assert s.game.pending == [RetreatDecision(player=0)]


def test_a_battle_waiting_for_a_casualty_choice_survives_saving_and_loading():
    s = Scenario().reveal_all()
    inf = s.unit(0, "infantry", "C2")
    cav = s.unit(0, "cavalry", "C2")
    s.unit(1, "infantry", "C2")
    d_ele = s.unit(1, "elephant", "C2")
    dice(s, (6, "infantry"), LEADER, (5, "infantry"), LEADER)
    attack(s, 0, [inf, cav], "C2", "D2")
    s.apply(ChooseCasualties((cav.id,)))
    loaded = loads(dumps(s.game))
    assert loaded.combat == s.game.combat and loaded.combat.attacker.casualties == [cav.id]
    apply(loaded, ChooseCasualties((d_ele.id,)))
    assert loaded.unit(cav.id) is None and loaded.unit(d_ele.id) is None
    assert loaded.combat.attacker.units == [inf.id] and loaded.combat.attacker.losses == 1
    assert loaded.pending == [RetreatDecision(player=0)]


def test_no_choice_is_asked_when_all_candidates_are_alike():
    s = Scenario().reveal_all()
    att = s.units(0, "infantry", "C2", 3)
    s.units(1, "infantry", "C2", 1)
    dice(s, LEADER, LEADER, LEADER, (5, "infantry"))
    attack(s, 0, att, "C2", "D2")
    assert s.game.unit(att[0].id) is None and len(alive(s, att)) == 2
    assert s.game.pending == [RetreatDecision(player=0)]


def test_both_sides_wiped_out_is_a_draw_and_settlers_die_with_their_army():
    s = Scenario().reveal_all()
    att = [s.unit(0, "infantry", "C2"), s.unit(0, "settler", "C2")]
    s.unit(1, "infantry", "C2")
    s.unit(1, "settler", "C2")
    dice(s, (5, "infantry"), (5, "infantry"))
    attack(s, 0, att, "C2", "D2")
    assert s.game.units == [] and s.game.combat is None
    assert "The battle ends with no winner" in s.game.log
    assert check_invariants(s.game) == []


# ------------------------------------------------------------------ retreat


def test_retreat_sends_the_attack_and_its_settlers_back_and_everyone_is_immobile():
    s = Scenario().reveal_all()
    att = [*s.units(0, "infantry", "C2", 2), s.unit(0, "settler", "C2")]
    dfn = s.units(1, "infantry", "C2", 2)
    dice(s, LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    assert s.legal_of(Retreat) == [Retreat(True), Retreat(False)]
    assert unchanged_by(s, Retreat("yes"))
    s.apply(Retreat(True))
    assert all(u.pos == s.hex("D2") and u.immobile for u in att)
    assert all(u.pos == s.hex("C2") and u.immobile for u in dfn)
    assert s.game.combat is None and s.game.pending == []
    assert check_invariants(s.game) == []


def test_declining_to_retreat_fights_another_round():
    s = Scenario().reveal_all()
    att = s.units(0, "infantry", "C2", 2)
    dfn = s.units(1, "infantry", "C2", 1)
    dice(s, LEADER, LEADER, LEADER, (6, "infantry"), LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    s.apply(Retreat(False))
    assert s.game.combat is None and alive(s, dfn) == []
    assert "Round 2: no tactics cards are played" in s.game.log
    assert "Player 1 rolls 6 (infantry, +1), 1 (leader): combat value 8, 1 hit" in s.game.log
    assert "The battle is won by Player 1" in s.game.log


def test_an_attack_that_may_not_retreat_goes_on_until_decided():
    s = Scenario().reveal_all()
    att = s.units(0, "infantry", "C2", 2)
    s.units(1, "infantry", "C2", 1)
    dice(s, LEADER, LEADER, LEADER, LEADER, LEADER, LEADER, (6, "infantry"), (6, "infantry"), (5, "infantry"))
    attack(s, 0, att, "C2", "D2", can_retreat=False)
    assert s.game.combat is None and s.game.pending == []
    assert "Round 3: no tactics cards are played" in s.game.log
    assert "The battle is won by Player 1" in s.game.log and len(alive(s, att)) == 1


def test_units_that_landed_from_a_ship_retreat_back_on_board():
    s = Scenario().reveal_all()
    g = s.game
    land, sea = next(
        (hex_to_label(h), hex_to_label(n))
        for h in sorted(g.space_region)
        if g.is_land(h)
        for n in g.board_neighbors(h)
        if g.is_water(n)
    )
    ship = s.unit(0, "ship", sea)
    landed = s.units(0, "infantry", land, 2)
    s.units(1, "infantry", land, 2)
    dice(s, LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, landed, land, sea)
    s.apply(Retreat(True))
    assert all(u.pos == s.hex(sea) and u.carrier == ship.id and u.immobile for u in landed)
    assert not ship.immobile and check_invariants(g) == []


# ------------------------------------------------------------------ fortress


def test_fortress_adds_a_die_and_cancels_a_hit_and_a_first_round_draw_has_no_winner():
    """Both sides losing every unit in the fortress round is a draw like any other (summary): the
    fortress wins it only for a city it holds alone, so the settlers die with their army."""
    s = Scenario().reveal_all()
    city = s.city(1, "D7", buildings={"fortress": 1})
    att = s.units(0, "infantry", "D7", 2)
    dfn = s.unit(1, "infantry", "D7")
    settler = s.unit(1, "settler", "D7")
    # Attacker 6+6 = 12: 2 hits - 1 cancelled = 1. Defender 6+1 and fortress die 4 = 11: 2 hits.
    dice(s, (5, "infantry"), (5, "infantry"), (6, "infantry"), (4, "cavalry"))
    attack(s, 0, att, "D7", "C8")
    log = s.game.log
    assert "Player 2 rolls 6 (infantry, +1), 4 (cavalry) including 1 fortress die: combat value 11, 2 hits" in log
    assert "Player 1 takes 2 hits, Player 2 takes 1 hit" in log
    assert s.game.unit(dfn.id) is None and alive(s, att) == [] and s.game.unit(settler.id) is None
    assert log[-2:] == ["Player 2 loses 1 settler left without an army", "The battle ends with no winner"]
    assert city.owner == 1 and s.player(0).resources["gold"] == 0
    assert s.game.battles[-1].winner is None and s.game.pending == []
    assert check_invariants(s.game) == []


def test_fortress_only_helps_in_the_first_round():
    s = Scenario().reveal_all()
    s.city(1, "D7", buildings={"fortress": 1})
    att = s.units(0, "infantry", "D7", 2)
    s.unit(1, "infantry", "D7")
    dice(s, LEADER, LEADER, LEADER, LEADER, (5, "infantry"), (5, "infantry"), (6, "infantry"))
    attack(s, 0, att, "D7", "C8")
    s.apply(Retreat(False))
    log = s.game.log
    assert log.count("The fortress cancels 1 hit in the first round") == 1
    assert "Player 2 rolls 6 (infantry, +1): combat value 7, 1 hit" in log  # one die in round 2
    assert "Player 1 takes 1 hit, Player 2 takes 1 hit" in log


def test_an_empty_fortress_city_holds_if_the_attack_is_wiped_out_in_round_one():
    s = Scenario().reveal_all()
    city = s.city(1, "D7", buildings={"fortress": 1})
    settler = s.unit(1, "settler", "D7")
    att = s.units(0, "infantry", "D7", 1)
    dice(s, (6, "infantry"), (5, "infantry"))
    attack(s, 0, att, "D7", "C8")
    assert "Player 1 takes 1 hit, Player 2 takes no hits" in s.game.log
    assert alive(s, att) == [] and s.game.unit(settler.id) is not None
    assert city.owner == 1 and "The battle is won by Player 2" in s.game.log


def test_surviving_the_fortress_round_takes_the_empty_city():
    s = Scenario().reveal_all()
    city = s.city(1, "D7", buildings={"fortress": 1}, mood="neutral")
    settler = s.unit(1, "settler", "D7")
    att = s.units(0, "infantry", "D7", 1)
    dice(s, LEADER, (4, "cavalry"))
    attack(s, 0, att, "D7", "C8")
    assert city.owner == 0 and city.mood == "angry" and city.buildings == {"fortress": 0}
    assert s.game.unit(settler.id) is None and att[0].immobile
    assert s.player(0).resources["gold"] == 2
    assert check_invariants(s.game) == []


# ------------------------------------------------------------------ capturing cities


def test_capture_recolours_the_losers_buildings_pays_spoils_and_offers_a_refugee():
    s = Scenario(players=3).reveal_all()
    city = s.city(1, "D7", mood="happy", buildings={"temple": 1, "market": 1, "obelisk": 1, "academy": 2})
    other = s.city(1, "E8")
    att = s.units(0, "infantry", "D7", 1)
    attack(s, 0, att, "D7", "C8")
    assert city.owner == 0 and city.mood == "angry"
    assert city.buildings == {"temple": 0, "market": 0, "obelisk": 1, "academy": 2}
    assert s.player(0).resources["gold"] == 6  # happy size 5: 5 + 1
    assert att[0].immobile and s.game.combat is None
    assert s.game.pending == [RefugeeDecision(player=1, cities=[other.id])]
    assert s.legal_of(PlaceRefugee) == [PlaceRefugee(None), PlaceRefugee(other.id)]
    assert unchanged_by(s, PlaceRefugee(city.id))
    s.apply(PlaceRefugee(other.id))
    assert [u.pos for u in s.game.units_of(1, "settler")] == [s.hex("E8")]
    assert check_invariants(s.game) == []


def test_spoils_of_an_angry_city_are_one_gold_and_the_refugee_may_be_declined():
    s = Scenario().reveal_all()
    s.city(1, "D7", mood="angry", buildings={"temple": 1})
    s.city(1, "E8")
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert s.player(0).resources["gold"] == 1
    s.apply(PlaceRefugee(None))
    assert s.game.units_of(1, "settler") == [] and s.game.pending == []


def test_a_building_the_capturer_has_no_piece_left_for_is_removed_for_one_gold():
    s = Scenario().reveal_all()
    for label in ("B3", "F2", "E4", "D5", "B6"):
        s.city(0, label, buildings={"temple": 0})
    city = s.city(1, "D7", mood="neutral", buildings={"temple": 1, "market": 1})
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert city.owner == 0 and city.buildings == {"market": 0}
    assert s.player(0).resources["gold"] == 3 + 1  # spoils of size 3, and 1 for the missing temple


def test_a_capturer_without_settlement_pieces_removes_the_whole_city():
    s = Scenario().reveal_all()
    for label in ("D2", "B3", "F2", "E4", "D5", "B6", "E6"):
        s.city(0, label)
    s.city(1, "D7", mood="neutral", buildings={"temple": 1})
    other = s.city(1, "E8")
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert s.game.city_at(s.hex("D7")) is None
    assert s.player(0).resources["gold"] == 2 + 2  # spoils of size 2, and 1 per removed piece
    assert s.game.pending == [RefugeeDecision(player=1, cities=[other.id])]


def test_no_refugee_without_another_city_or_a_settler_in_supply():
    s = Scenario().reveal_all()
    s.city(1, "D7")
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert s.game.pending == []
    s = Scenario().reveal_all()
    s.city(1, "D7")
    s.city(1, "E8")
    s.units(1, "settler", "E8", 4)
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert s.game.pending == []


def test_lone_enemy_settlers_are_eliminated_and_the_attackers_cannot_move_again():
    s = Scenario().reveal_all()
    s.units(1, "settler", "C2", 2)
    own_settler = s.unit(0, "settler", "C2")
    army = s.unit(0, "infantry", "C2")
    attack(s, 0, [army, own_settler], "C2", "D2")
    assert s.game.units == [own_settler, army] and army.immobile and own_settler.immobile
    assert s.game.combat is None and s.game.pending == []


# ------------------------------------------------------------------ barbarians


def test_a_barbarian_battle_lasts_one_round_and_the_attackers_go_back():
    s = Scenario().reveal_all()
    city = s.city(BARBARIAN, "D7")
    barbarians = s.units(BARBARIAN, "infantry", "D7", 2)
    att = s.units(0, "infantry", "D7", 2)
    dice(s, LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, att, "D7", "C8")
    assert s.game.pending == [] and s.game.combat is None
    assert "The battle lasts only 1 round: Player 1 goes back to where the attack came from" in s.game.log
    assert all(u.pos == s.hex("C8") and u.immobile for u in att)
    assert all(u.pos == s.hex("D7") for u in barbarians) and city.owner == BARBARIAN
    assert s.player(0).resources["gold"] == 0
    assert check_invariants(s.game) == []


def test_barbarian_casualties_are_taken_infantry_first_then_cavalry():
    s = Scenario().reveal_all()
    s.city(BARBARIAN, "D7")
    b_inf, b_cav, b_ele = (s.unit(BARBARIAN, k, "D7") for k in ("infantry", "cavalry", "elephant"))
    att = s.units(0, "infantry", "D7", 2)
    dice(s, (6, "infantry"), (6, "infantry"), LEADER, LEADER, LEADER)
    attack(s, 0, att, "D7", "C8")
    assert [u.id for u in s.game.units_of(BARBARIAN)] == [b_ele.id]
    assert b_inf not in s.game.units and b_cav not in s.game.units


def test_defeating_barbarians_in_their_city_pays_for_the_win_and_the_city():
    s = Scenario(players=3).reveal_all()
    city = s.city(BARBARIAN, "D7", mood="neutral", buildings={"temple": 2})
    s.unit(BARBARIAN, "infantry", "D7")
    att = s.units(0, "infantry", "D7", 3)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), LEADER)
    attack(s, 0, att, "D7", "C8")
    assert city.owner == 0 and city.mood == "angry" and city.buildings == {"temple": 2}
    assert s.player(0).resources["gold"] == 2
    assert s.game.pending == []


def test_an_undefended_barbarian_city_pays_only_the_capture_gold():
    s = Scenario().reveal_all()
    city = s.city(BARBARIAN, "D7", mood="neutral", buildings={"temple": 1})
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert city.owner == 0 and city.buildings == {"temple": 1} and city.mood == "angry"
    assert s.player(0).resources["gold"] == 1


def test_an_empty_barbarian_fortress_city_is_won_in_battle_but_pays_no_gold_for_the_win():
    """The win gold needs a barbarian loss: the fortress fights, yet no barbarian unit falls."""
    s = Scenario().reveal_all()
    city = s.city(BARBARIAN, "D7", mood="neutral", buildings={"fortress": 1})
    dice(s, (6, "infantry"), LEADER)
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert "The battle is won by Player 1" in s.game.log and city.owner == 0
    assert s.player(0).resources["gold"] == s.game.rules.game.barbarians.capture_city_gold == 1
    assert not any("defeating the barbarians" in line for line in s.game.log)


def test_barbarians_and_a_fortress_citys_army_wiped_out_together_leave_no_winner_and_pay_no_gold():
    s = Scenario().reveal_all()
    city = s.city(1, "C2", buildings={"fortress": 1})
    s.resources(1, gold=0)
    dfn = [s.unit(1, "infantry", "C2"), s.unit(1, "settler", "C2")]
    barbarians = s.units(BARBARIAN, "infantry", "C2", 2)
    # Barbarians 7+7 = 14: 2 hits - 1 cancelled = 1. Player 2: 6+1 and fortress die 4 = 11: 2 hits.
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), (4, "cavalry"))
    attack(s, BARBARIAN, barbarians, "C2", "D2", can_retreat=False)
    assert alive(s, barbarians) == [] and alive(s, dfn) == []
    assert "The battle ends with no winner" in s.game.log and city.owner == 1
    assert s.player(1).resources["gold"] == 0
    assert not any("defeating the barbarians" in line for line in s.game.log)
    assert check_invariants(s.game) == []


def test_beating_another_player_pays_no_barbarian_gold():
    s = Scenario().reveal_all()
    defenders = s.units(1, "infantry", "D5", 1)
    dice(s, (6, "infantry"), (6, "infantry"), LEADER)
    attack(s, 0, s.units(0, "infantry", "D5", 2), "D5", "D4")
    assert "The battle is won by Player 1" in s.game.log and alive(s, defenders) == []
    assert s.player(0).resources["gold"] == 0


def test_barbarians_capture_a_city_and_its_buildings_keep_their_colours():
    s = Scenario().reveal_all()
    city = s.city(0, "D2", mood="happy", buildings={"temple": 0, "market": 1})
    other = s.city(0, "B3")
    defender = s.unit(0, "infantry", "D2")
    barbarians = s.units(BARBARIAN, "infantry", "D2", 2)
    dice(s, (6, "infantry"), (6, "infantry"), LEADER)
    attack(s, BARBARIAN, barbarians, "D2", "E2")
    assert s.game.unit(defender.id) is None
    assert city.owner == BARBARIAN and city.mood == "angry" and city.buildings == {"temple": 0, "market": 1}
    assert all(u.pos == s.hex("D2") for u in barbarians)
    assert s.game.pending == [RefugeeDecision(player=0, cities=[other.id])]
    assert check_invariants(s.game) == []


def test_beating_off_a_barbarian_attack_pays_the_defender():
    s = Scenario().reveal_all()
    city = s.city(0, "D2")
    s.unit(0, "infantry", "D2")
    barbarian = s.unit(BARBARIAN, "infantry", "D2")
    dice(s, LEADER, (5, "infantry"))
    attack(s, BARBARIAN, [barbarian], "D2", "E2")
    assert s.game.unit(barbarian.id) is None and city.owner == 0
    assert s.player(0).resources["gold"] == 1


# ------------------------------------------------------------------ naval battles and pirates


def test_in_a_naval_battle_only_ships_fight_and_cargo_beyond_capacity_is_lost():
    s = Scenario().reveal_all()
    space, origin = sea_pair(s)
    ship_a, ship_b, cargo = laden_fleet(s, space)
    enemy = [s.unit(1, "ship", space), s.unit(1, "ship", space)]
    # 2 ships roll 2 dice (cargo does not fight): 1 + 1. Enemy 6 + 1 = 7: 1 hit, sinking ship A.
    dice(s, LEADER, LEADER, (6, "infantry"), LEADER)
    attack(s, 0, [ship_a, ship_b, *cargo], space, origin)
    g = s.game
    assert "Player 1 rolls 1 (leader), 1 (leader): combat value 2, no hits" in g.log
    assert g.pending == [CasualtyDecision(player=0, count=1, candidates=[c.id for c in cargo], reason="cargo")]
    assert s.legal_of(ChooseCasualties) == [ChooseCasualties((cargo[0].id,)), ChooseCasualties((cargo[1].id,))]
    assert unchanged_by(s, ChooseCasualties((cargo[2].id,)))
    assert check_invariants(g) == []
    s.apply(ChooseCasualties((cargo[0].id,)))
    assert g.unit(ship_a.id) is None and g.unit(cargo[0].id) is None
    assert {u.carrier for u in alive(s, cargo)} == {ship_b.id}
    s.apply(Retreat(True))
    assert ship_b.pos == s.hex(origin) and ship_b.immobile
    assert all(u.pos == s.hex(origin) and not u.immobile for u in alive(s, cargo))
    assert all(u.pos == s.hex(space) and u.immobile for u in enemy)
    assert check_invariants(g) == []


def test_recruited_ships_fight_without_retreat_and_a_sunk_side_loses_all_cargo():
    s = Scenario().reveal_all()
    space, _ = sea_pair(s)
    new = s.unit(0, "ship", space)
    enemy = s.unit(1, "ship", space)
    s.unit(1, "infantry", space, carrier=enemy)
    dice(s, LEADER, LEADER, (5, "cavalry"), LEADER)
    enter_space(s.game, 0, [new.id], s.hex(space), {}, can_retreat=False)
    assert s.game.units == [new] and new.immobile
    assert "The battle is won by Player 1" in s.game.log


def test_sunk_pirate_ships_pay_gold_and_a_token_choice_each():
    s = Scenario().reveal_all()
    space, origin = sea_pair(s)
    ships = s.units(0, "ship", space, 3)
    s.units(PIRATE, "ship", space, 2)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), LEADER, LEADER)
    attack(s, 0, ships, space, origin)
    assert s.game.units_of(PIRATE) == [] and s.player(0).resources["gold"] == 2
    assert s.game.pending == [TokenChoiceDecision(player=0, options=["mood", "culture"], amount=1)] * 2
    s.apply(ChooseToken("mood"))
    s.apply(ChooseToken("culture"))
    assert (s.player(0).mood_tokens, s.player(0).culture_tokens) == (1, 1)


def test_pirate_rewards_are_paid_even_when_the_pirates_win():
    s = Scenario().reveal_all()
    space, origin = sea_pair(s)
    ship = s.unit(0, "ship", space)
    s.units(PIRATE, "ship", space, 2)
    dice(s, (5, "cavalry"), (6, "infantry"), (6, "infantry"))
    attack(s, 0, [ship], space, origin)
    assert s.game.unit(ship.id) is None and len(s.game.units_of(PIRATE)) == 1
    assert "The battle is won by the pirates" in s.game.log
    assert s.player(0).resources["gold"] == 1
    assert s.game.pending == [TokenChoiceDecision(player=0, options=["mood", "culture"], amount=1)]
