"""Combat [004 COMBAT]: battle hands, the combat bonus card, fronts, wounds and trumps, the result,
the winner's losses, loot, cities and capitals, barbarians."""

from __future__ import annotations

from civgame.games.sidmeier.core.actions import BeginMove, BuildFigure, PlayUnit, SaveUnit, Step, TakeLoot
from civgame.games.sidmeier.core.decisions import BattlePlay, ChooseLoot, CityTurn, MovementTurn, SaveUnits
from civgame.games.sidmeier.rules.combat import battles
from tests.games.sidmeier.scenario import Scenario


def fight(civs=("germany", "egypt"), defender_armies=1, attacker_armies=1, **kw) -> Scenario:
    """Player 1's army at (5,4) is about to step east onto player 2's figures at (6,4)."""
    s = Scenario(players=2, civs=list(civs)).reveal_all("grassland", trade=1)
    for seat in (0, 1):
        s.government(seat, "despotism")
    s.attackers = [s.figure(0, "army", 5, 4) for _ in range(attacker_armies)]
    for fig in s.attackers:
        fig.start_pos = fig.pos
    s.defenders = [s.figure(1, "army", 6, 4) for _ in range(defender_armies)]
    s.decide(MovementTurn(0), phase="movement")
    return s


def attack(s: Scenario) -> None:
    s.apply(BeginMove(tuple(f.id for f in s.attackers)))
    s.apply(Step("east"))


def test_each_side_draws_a_battle_hand_of_three_plus_two_per_extra_army():
    s = fight(defender_armies=2)
    s.units(0, ("infantry", 2), ("infantry", 3), ("mounted", 2), ("artillery", 2), ("artillery", 3))
    s.units(1, ("infantry", 2), ("infantry", 3), ("mounted", 2), ("artillery", 2), ("artillery", 3), ("mounted", 3))
    attack(s)
    battle = s.game.battle
    assert len(battle.hands[0]) == 3 and len(battle.hands[1]) == 5
    assert isinstance(s.game.pending[-1], BattlePlay) and s.game.pending[-1].player == 1  # the defender first
    s.government(0, "fundamentalism")
    assert battles.hand_size(s.game, battle, 0) == 4


def test_a_hand_larger_than_the_standing_forces_takes_them_all():
    s = fight()
    s.units(0, ("infantry", 2))
    attack(s)
    assert len(s.game.battle.hands[0]) == 1


def test_units_open_fronts_or_attack_a_lone_enemy_unit_and_the_trump_strikes_first():
    s = fight()
    (inf,) = s.units(0, ("infantry", 4))  # infantry trumps mounted
    (mtd,) = s.units(1, ("mounted", 4))
    attack(s)
    s.apply(PlayUnit(mtd))  # the defender opens a front
    assert PlayUnit(inf, 0) in s.legal() and PlayUnit(inf) in s.legal()
    s.apply(PlayUnit(inf, 0))
    battle = s.game.battle
    assert battle is None or mtd in battle.killed[1] or mtd not in s.game.players[1].standing
    # the trumping infantry killed the mounted unit first and took no wounds
    assert "Infantry attacks Mounted (trumping): Mounted is killed." in s.game.log


def test_units_of_equal_standing_wound_each_other_at_once_and_wounded_units_still_hit_in_full():
    s = fight()
    a1, a2 = s.units(0, ("infantry", 2), ("infantry", 2))
    (d1,) = s.units(1, ("infantry", 4))
    s.attackers += [s.figure(0, "army", 5, 4)]
    s.attackers[-1].start_pos = s.attackers[-1].pos
    s.refresh()
    attack(s)
    s.apply(PlayUnit(d1))
    s.apply(PlayUnit(a1, 0))  # 2 wounds to the 4-strength unit; a1 dies
    assert s.game.battle.wounds[d1] == 2 and a1 in s.game.battle.killed[0]
    s.apply(PlayUnit(a2, 0))  # the wounded unit still deals its full 4
    assert "Infantry attacks Infantry: Infantry is killed, Infantry is killed." in s.game.log


def test_the_higher_total_of_survivors_and_bonus_card_wins_ties_go_to_the_defender():
    s = fight()
    (a,) = s.units(0, ("artillery", 3))
    (d,) = s.units(1, ("artillery", 3))
    attack(s)
    s.apply(PlayUnit(d))
    s.apply(PlayUnit(a))  # two fronts, 3 against 3
    assert "The battle ends 3 to 3: Player 2 wins." in s.game.log
    assert all(f.owner == 1 for f in s.game.figures if f.pos == s.pos(6, 4))
    assert isinstance(s.game.pending[-1], ChooseLoot) and s.game.pending[-1].player == 1


def test_the_winner_loses_an_army_for_every_two_units_killed_never_the_last():
    s = fight(attacker_armies=2, defender_armies=1)
    mine = s.units(0, ("mounted", 2), ("mounted", 2), ("infantry", 4), ("infantry", 4), ("infantry", 4))
    theirs = s.units(1, ("infantry", 4), ("infantry", 4), ("artillery", 2))
    attack(s)
    battle = s.game.battle
    for _ in range(8):
        if s.game.battle is None or not isinstance(s.game.pending[-1], BattlePlay):
            break
        side = battle.side
        hand = battle.hands[side]
        fronts = battles.open_fronts(battle, side)
        card = hand[0]
        s.apply(PlayUnit(card, fronts[0] if fronts else -1))
    killed = len(battle.killed[battle.winner])
    winner = battle.attacker if battle.winner == 0 else battle.defender
    armies_left = sum(1 for f in s.game.figures if f.owner == winner and f.pos == s.pos(6, 4))
    start = 2 if battle.winner == 0 else 1
    assert armies_left == max(1, start - killed // 2)
    assert mine and theirs


def test_the_city_bonus_walls_and_the_defenders_extra_hand():
    s = fight()
    s.game.figures.remove(s.defenders[0])
    city = s.city(1, 6, 4, capital=False, walled=True)
    s.units(1, *[("infantry", 2)] * 3, *[("mounted", 2)] * 3)
    s.refresh()
    attack(s)
    battle = s.game.battle
    assert battle.kind == "city" and battle.bonus == [0, 6 + 4] and len(battle.hands[1]) == 6
    assert s.game.pending[-1].player == 0  # against walls the attacker plays first
    city.capital = True
    assert battles.combat_bonus(s.game, battle, 1) == 12 + 4


def test_barracks_academies_and_great_generals_add_to_the_combat_bonus():
    s = fight()
    s.techs(0, "animal_husbandry")
    s.city(0, 2, 2, capital=True)
    s.build(0, 3, 2, "building", "barracks")
    s.build(0, 2, 3, "great_person", "general")
    attack(s)
    assert s.game.battle.bonus[0] == 2 + 4


def test_conquering_a_city_destroys_it_and_the_winner_chooses_city_loot():
    s = fight()
    s.game.figures.remove(s.defenders[0])
    city = s.city(1, 6, 4)
    s.techs(1, "masonry")
    s.units(0, ("infantry", 4), ("infantry", 4), ("infantry", 4))
    s.units(1, ("mounted", 2))
    s.game.players[1].resources = {"iron": 1}
    s.game.market["iron"] -= 1
    s.refresh()
    attack(s)
    while s.game.pending and isinstance(s.game.pending[-1], BattlePlay):
        battle = s.game.battle
        fronts = battles.open_fronts(battle, battle.side)
        s.apply(PlayUnit(battle.hands[battle.side][0], fronts[0] if fronts else -1))
    assert city not in s.game.cities and s.game.figures[0].pos == s.pos(6, 4)
    loot = s.legal()
    assert TakeLoot("tech", "masonry") in loot and TakeLoot("resources", "token:iron") in loot
    s.apply(TakeLoot("tech", "masonry"))
    assert "masonry" in s.game.players[0].techs


def test_conquering_a_capital_is_a_military_victory():
    s = fight()
    s.game.figures.remove(s.defenders[0])
    s.city(1, 6, 4, capital=True)
    s.units(0, *[("infantry", 4)] * 3)
    s.units(1, ("mounted", 2))
    s.refresh()
    attack(s)
    s.game.battle.bonus = [0, 0]
    while s.game.pending and isinstance(s.game.pending[-1], BattlePlay):
        battle = s.game.battle
        fronts = battles.open_fronts(battle, battle.side)
        s.apply(PlayUnit(battle.hands[battle.side][0], fronts[0] if fronts else -1))
    assert s.game.phase == "over" and s.game.winners == [0] and "military victory" in s.game.win_reason
    assert s.problems() == []  # every unit card of the battle back where it belongs


def test_barbarians_defend_a_village_led_by_the_next_player_and_the_winner_keeps_the_marker():
    s = fight()
    s.game.figures.remove(s.defenders[0])
    marker = s.marker(s.pos(6, 4), "village", "spy")
    s.units(0, *[("infantry", 4)] * 3)
    s.refresh()
    attack(s)
    battle = s.game.battle
    assert battle.barbarians and battle.defender == 1 and len(battle.hands[1]) == 3
    assert sorted(s.game.rules.unit_cards[c].unit for c in battle.hands[1]) == ["artillery", "infantry", "mounted"]
    while s.game.pending and isinstance(s.game.pending[-1], BattlePlay):
        battle = s.game.battle
        fronts = battles.open_fronts(battle, battle.side)
        s.apply(PlayUnit(battle.hands[battle.side][0], fronts[0] if fronts else -1))
    won = marker in s.game.players[0].markers
    assert won == (s.game.figures != [] and s.game.figures[0].owner == 0)
    assert s.game.barbarians == [] and s.game.battle is None


def test_an_army_placed_on_a_blockaded_square_fights_the_blockader():
    s = Scenario(players=2, civs=["germany", "egypt"]).reveal_all("grassland", production=1)
    city = s.city(0, 5, 4, capital=True)
    s.figure(1, "army", 6, 4)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(BuildFigure(city.id, "army", s.pos(6, 4)))
    assert s.game.battle is not None and s.game.battle.defender == 1


def test_china_may_save_a_killed_unit():
    s = fight(civs=("china", "egypt"))
    (a,) = s.units(0, ("mounted", 2))
    (d,) = s.units(1, ("infantry", 4))
    attack(s)
    s.apply(PlayUnit(d))
    s.apply(PlayUnit(a, 0))
    while not isinstance(s.game.pending[-1], SaveUnits):
        s.apply(s.legal()[0])
    s.apply(SaveUnit(a))
    assert a in s.game.players[0].standing


def test_killed_units_go_face_up_under_their_deck_and_survivors_back_to_the_standing_forces():
    s = fight()
    (a,) = s.units(0, ("mounted", 2))
    (d,) = s.units(1, ("infantry", 4))
    attack(s)
    s.apply(PlayUnit(d))
    s.apply(PlayUnit(a, 0))
    while s.game.battle is not None:
        s.apply(s.legal()[0])
    assert a in s.game.unit_decks["mounted"].returned and d in s.game.players[1].standing


def test_metalworking_spends_iron_for_three_more_wounds_when_a_unit_attacks():
    s = fight()
    (a,) = s.units(0, ("artillery", 2))
    (d,) = s.units(1, ("artillery", 4))
    s.give(0, iron=1)
    s.techs(0, "metalworking")
    attack(s)
    s.apply(PlayUnit(d))
    s.apply(PlayUnit(a, 0, "metalworking", ("token:iron",)))
    assert d in s.game.battle.killed[1] and s.game.players[0].resources["iron"] == 0


def test_himeji_castle_adds_strength_and_the_pentagon_stops_trumps():
    s = fight()
    (a,) = s.units(0, ("infantry", 2))
    (d,) = s.units(1, ("mounted", 2))
    s.city(1, 12, 4, capital=True)
    s.wonder(1, "pentagon")
    attack(s)
    assert not battles.trumps(s.game, s.game.battle, 0, a, d)
    s.city(0, 2, 2, capital=True)
    s.wonder(0, "himeji_castle")
    assert battles.strength(s.game, s.game.battle, 0, a) == 3


def test_code_of_laws_puts_a_coin_on_the_card_for_a_battle_won_once_per_turn():
    s = fight(civs=("rome", "egypt"))
    s.units(0, ("infantry", 4))
    (_d,) = s.units(1, ("mounted", 2))
    attack(s)
    while s.game.pending and isinstance(s.game.pending[-1], BattlePlay):
        battle = s.game.battle
        fronts = battles.open_fronts(battle, battle.side)
        s.apply(PlayUnit(battle.hands[battle.side][0], fronts[0] if fronts else -1))
    assert s.game.players[0].coin_tokens.get("code_of_laws") == 1


def test_the_great_wall_takes_one_loot_from_the_winner():
    s = fight()
    s.units(0, ("infantry", 4))
    s.units(1, ("mounted", 2))
    s.city(1, 12, 4, capital=True)
    s.wonder(1, "great_wall")
    s.game.players[1].trade = 5
    attack(s)
    while s.game.pending and isinstance(s.game.pending[-1], BattlePlay):
        battle = s.game.battle
        fronts = battles.open_fronts(battle, battle.side)
        s.apply(PlayUnit(battle.hands[battle.side][0], fronts[0] if fronts else -1))
    assert s.game.battle is None and s.game.players[1].trade == 5  # no loot was taken


def test_an_army_stepping_onto_lone_scouts_kills_them_and_the_log_counts_them_in_words():
    for scouts, words in ((1, "scout"), (2, "scouts")):
        s = fight(defender_armies=0)
        s.defenders = [s.figure(1, "scout", 6, 4) for _ in range(scouts)]
        attack(s)
        assert not [f for f in s.game.figures if f.owner == 1 and f.kind == "scout"]
        owner = s.game.players[1].name
        assert any(f"kills {owner}'s {words} at" in line for line in s.game.log)
