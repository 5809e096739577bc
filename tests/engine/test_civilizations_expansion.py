"""The Civilizations expansion as an option of the 2012 edition: its rules files laid over the 2012 ones, its
city-pieces and piece limits, and its civilizations, none of which can be offered (no source gives a leader)."""

import pytest

from civgame.framework.datafiles import RulesDataError
from civgame.games.clash.content.ruleset import RULESETS_ROOT, load_ruleset
from civgame.games.clash.core.actions import ChooseOption, ChooseOrientation, Recruit
from civgame.games.clash.core.decisions import (
    EffectChoiceDecision,
    OrientationDecision,
    ReviveDecision,
    SkipRoutesDecision,
)
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import BARBARIAN, PIRATE, EventInProgress, EventStep
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions.cities import recruitable_kinds, why_not_construct, why_not_recruit
from civgame.games.clash.rules.actions.exploration import explore
from civgame.games.clash.rules.base.civilizations import not_offered, playable
from civgame.games.clash.storage.mods import load_rules, load_saved_game
from civgame.games.clash.storage.save import save_game
from tests.classic import CIVILIZATIONS_EXPANSION, classic_board, classic_rules, die, expansion_rules
from tests.combat_helpers import attack
from tests.engine.test_influence import InfluenceCulture, assert_refused


def held(s, player: int) -> dict:
    return {k: v for k, v in s.player(player).resources.items() if v}


def test_the_option_lays_the_expansion_over_the_2012_rules_and_names_the_game():
    assert "market" not in classic_rules().buildings and classic_rules().buildings["temple"].limit == 7
    rules = expansion_rules()
    assert rules.game.id == CIVILIZATIONS_EXPANSION
    assert {"market", "obelisk"} <= set(rules.buildings)
    assert {b: rules.buildings[b].limit for b in ("academy", "fortress", "port", "temple")} == dict.fromkeys(
        ("academy", "fortress", "port", "temple"), 5
    )
    assert rules.game.city.settlement_limit == 7


def test_the_expansion_adds_no_card_and_replaces_none_and_says_so_where_it_is_chosen():
    """Its 20 events, 6 objectives and 5 replacement cards are in no source: the 2012 decks play as they are."""
    base, rules = classic_rules(), expansion_rules()
    for deck in ("action_cards", "action_halves", "tactics_halves", "objective_cards", "objectives", "events"):
        assert getattr(rules, deck) == getattr(base, deck), deck
    text = rules.game.options["civilizations_expansion"].text
    assert "without the expansion's 20 event, 6 objective and 5 replacement cards" in text


def test_a_mod_of_the_2012_rules_is_laid_over_the_expansion(tmp_path):
    (tmp_path / "mod.yaml").write_text("name: cheap markets\nversion: '1'\nbase: classic-2012\n")
    (tmp_path / "buildings.yaml").write_text("market: {limit: 2}\n")
    rules = load_rules([tmp_path], CIVILIZATIONS_EXPANSION)
    assert rules.buildings["market"].limit == 2 and rules.buildings["port"].limit == 5


def test_an_overlay_folder_that_cannot_be_read_is_reported(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    for path in (RULESETS_ROOT / "classic-2012").glob("*.yaml"):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "civilizations").mkdir()
    (folder / "civilizations" / "buildings.yaml").write_text("market: [unclosed\n")
    with pytest.raises(RulesDataError, match=r"civilizations/buildings\.yaml"):
        load_ruleset(f"{folder}+civilizations_expansion")


def test_each_city_piece_but_the_settlement_has_five_pieces_a_player():
    s = classic_board(rules=expansion_rules())
    s.advances(0, "Myths")
    for label in ("B3", "E4", "F2", "D4", "C5"):
        s.city(0, label, buildings={"temple": 0})
    city = s.city(0, "D2")
    s.city(0, "C2")
    assert why_not_construct(s.game, city, "temple") == "Player 1 has no Temple piece left"


def routes_to_markets(*markets: str, plain: tuple[str, ...] = ()):
    """Player 1 has Trade Routes, a settler at C2 and a ship at E3; player 2 has cities with a Market at `markets` and
    without one at `plain`. Player 1's turn begins."""
    s = classic_board(rules=expansion_rules())
    for label in markets:
        s.city(1, label, buildings={"market": 1})
    for label in plain:
        s.city(1, label)
    s.unit(0, "settler", "C2")
    s.unit(0, "ship", "E3")
    s.advances(0, "Trade Routes")
    s.resources(1, food=0, wood=0, ore=0, ideas=0, gold=0)
    s.turn(0)
    return s


def test_another_players_trade_route_to_a_market_pays_its_owner_one_gold():
    s = routes_to_markets("B3", "E4")
    s.apply(ChooseOption("2 trade routes (Player 2 gains 1 gold)"))
    assert held(s, 0) == {"food": 2} and held(s, 1) == {"gold": 1}  # two Markets reached, 1 gold in all


def test_a_route_to_a_market_may_be_left_out_and_the_gold_follows_the_routes_used():
    s = routes_to_markets("B3", plain=("E4",))
    decision = s.game.pending[-1]
    assert isinstance(decision, SkipRoutesDecision)
    assert decision.options == [
        "2 trade routes (Player 2 gains 1 gold)",
        "1 trade route, leaving out Player 2's Market cities",
    ]
    assert {a.option for a in s.legal()} == set(decision.options)
    s.apply(ChooseOption("1 trade route, leaving out Player 2's Market cities"))
    assert held(s, 0) == {"food": 1} and held(s, 1) == {}
    assert "Player 1 leaves out the trade routes to Player 2's Market cities" in s.game.log


def test_a_route_left_out_is_made_to_another_city_where_one_can_be():
    s = routes_to_markets("B3", plain=("E4", "C3"))
    s.apply(ChooseOption("2 trade routes, leaving out Player 2's Market cities"))
    assert held(s, 0) == {"food": 2} and held(s, 1) == {}


def test_routes_reaching_no_market_are_collected_without_a_question():
    s = routes_to_markets(plain=("B3", "E4"))
    assert not s.game.pending and held(s, 0) == {"food": 2}


def test_a_route_choice_pending_is_saved_and_loaded(tmp_path):
    s = routes_to_markets("B3", plain=("E4",))
    save_game(s.game, tmp_path / "routes.yaml")
    loaded, _ = load_saved_game(tmp_path / "routes.yaml")
    assert loaded.pending == s.game.pending


def test_a_market_needs_bartering():
    s = classic_board(rules=expansion_rules())
    city = s.city(0, "D2")
    s.city(0, "C2")
    assert why_not_construct(s.game, city, "market") == "a Market requires Bartering"
    s.advances(0, "Bartering")
    assert why_not_construct(s.game, city, "market") is None


def test_an_obelisk_cannot_be_influenced_and_keeps_its_colour_when_the_city_is_taken():
    s = classic_board(rules=expansion_rules())
    source = s.city(0, "D2", buildings={"academy": 0, "temple": 0})
    target = s.city(1, "D4", buildings={"obelisk": 1, "temple": 1})
    s.resources(0, culture=5)
    assert_refused(s, InfluenceCulture(source.id, target.id, "obelisk", 0), "Obelisk can never be influenced")
    attack(s, 0, s.units(0, "infantry", "D4", 1), "D4", "D3")
    assert target.owner == 0 and target.buildings == {"obelisk": 1, "temple": 0}


def test_no_civilization_is_offered_and_each_says_why():
    rules = expansion_rules()
    assert len(rules.civilizations) == 14 and playable(rules) == []
    reasons = not_offered(rules)
    assert reasons["no source gives the three leaders"] == ["Huns", "Japan", "Vikings"]
    assert sum(len(names) for names in reasons.values()) == 14
    assert classic_rules().civilizations == {}


# ------------------------------------------------------------------ the Apothecary


def apothecary_battle(advances=("Mathematics",), apothecaries=("D2", "C2")):
    """Player 1 (Mathematics, 1 food, 1 gold, Apothecaries at `apothecaries`) loses its two army units at E4."""
    s = classic_board(rules=expansion_rules())
    s.advances(1, *advances)
    for label in apothecaries:
        s.city(1, label, buildings={"apothecary": 1})
    s.resources(1, food=1, wood=0, ore=0, ideas=0, gold=1)
    s.units(1, "infantry", "E4", 2)
    attackers = s.units(0, "infantry", "E4", 3)
    s.fix_dice(die(6), die(6), die(6), die(1), die(1))  # 18: 3 hits; 2: none
    attack(s, 0, attackers, "E4", "D4")
    return s


def test_an_apothecary_puts_back_one_lost_land_unit_each_for_a_food_or_a_gold():
    s = apothecary_battle()
    assert s.game.units_of(1) == []
    assert s.game.pending[-1].options == [
        "bring back an army unit to D2 for 1 food",
        "bring back an army unit to D2 for 1 gold",
        "bring back an army unit to C2 for 1 food",
        "bring back an army unit to C2 for 1 gold",
        "bring back no more",
    ]
    s.apply(ChooseOption("bring back an army unit to C2 for 1 food"))
    assert s.game.pending[-1].options == ["bring back an army unit to D2 for 1 gold", "bring back no more"]
    s.apply(ChooseOption("bring back an army unit to D2 for 1 gold"))
    assert sorted(u.pos for u in s.game.units_of(1)) == sorted([s.hex("C2"), s.hex("D2")])
    assert held(s, 1) == {} and not s.game.pending
    assert s.game.battles[-1].lost[1] == ["infantry", "infantry"]  # they still count as lost


def test_without_mathematics_or_an_apothecary_no_unit_comes_back():
    assert not apothecary_battle(advances=()).game.pending
    assert not apothecary_battle(apothecaries=()).game.pending


def test_a_city_with_an_apothecary_taken_in_the_battle_serves_its_captor_at_once():
    s = classic_board(rules=expansion_rules())
    s.advances(0, "Mathematics")
    city = s.city(1, "E4", buildings={"apothecary": 1})
    s.units(1, "infantry", "E4", 1)
    attackers = s.units(0, "infantry", "E4", 2)
    s.resources(0, food=1)
    s.fix_dice(die(6), die(1), die(5))  # 7: 1 hit; 5: 1 hit
    attack(s, 0, attackers, "E4", "D4")
    assert city.owner == 0
    decision = next(d for d in s.game.pending if isinstance(d, ReviveDecision))
    assert decision.options[0] == "bring back an army unit to E4 for 1 food"  # (the spoils' gold may pay too)


def test_an_apothecary_puts_back_a_land_unit_an_event_took():
    s = classic_board(rules=expansion_rules())
    s.advances(0, "Mathematics")
    s.city(0, "D2", buildings={"apothecary": 0})
    s.unit(0, "infantry", "E4")
    s.unit(0, "settler", "E3")
    s.resources(0, food=1)
    s.game.event = EventInProgress(2, 0, events.main_steps(s.game, 0, 2))  # Epidemic: 2 units, lose 1
    events.resume(s.game)
    s.apply(ChooseOption("settler at E3"))
    assert s.game.pending[-1].options == ["bring back a settler to D2 for 1 food", "bring back no more"]
    s.apply(ChooseOption("bring back a settler to D2 for 1 food"))
    assert sorted(u.kind for u in s.game.units_of(0)) == ["infantry", "settler"] and held(s, 0) == {}


# ------------------------------------------------------------------ pirates


def explore_two_seas(rules):
    """A settler at D2 explores region 6, given a tile with two sea spaces that no other region holds."""
    s = classic_board(rules=rules)
    s.hide(6)
    region = s.game.regions[5]
    used = {r.tile for r in s.game.regions if r is not region}
    region.tile = next(tile for tile in ("1", "2", "3", "4") if tile not in used)
    s.game.invalidate_board()
    settler = s.unit(0, "settler", "D2")
    explore(s.game, 0, [settler], settler.pos, region.spaces()[0])
    if s.game.pending and isinstance(s.game.pending[-1], OrientationDecision):
        s.apply(ChooseOrientation(s.game.pending[-1].options[0]))
    return s, region


def test_a_region_explored_with_two_sea_spaces_gets_a_pirate_ship_where_the_explorer_chooses(tmp_path):
    s, region = explore_two_seas(expansion_rules())
    seas = sorted(hex_to_label(h) for h in region.spaces() if s.game.is_water(h))
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.player == 0 and decision.options == seas
    save_game(s.game, tmp_path / "pirate.yaml")  # a choice of the rules' own: it is saved and loaded
    assert load_saved_game(tmp_path / "pirate.yaml")[0].pending[-1].options == seas
    s.apply(ChooseOption(seas[1]))
    assert [hex_to_label(u.pos) for u in s.game.units_of(PIRATE)] == [seas[1]]


def test_without_the_expansion_exploring_brings_no_pirates():
    s, _ = explore_two_seas(classic_rules())
    assert s.game.units_of(PIRATE) == [] and not s.game.pending


def test_each_pirate_ship_sunk_pays_a_gold_and_a_mood_token():
    s = classic_board(rules=expansion_rules())
    s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0, mood=0, culture=0)
    s.player(0).happiness_level = s.player(0).culture_level = 1  # room for a token of each
    s.unit(PIRATE, "ship", "F6")
    attackers = s.units(0, "ship", "F6", 2)
    s.fix_dice(die(6), die(1), die(1))  # 7: 1 hit; 1: none
    attack(s, 0, attackers, "F6", "E7")
    assert s.game.units_of(PIRATE) == [] and not s.game.pending
    assert held(s, 0) == {"gold": 1} and s.player(0).mood_tokens == 1 and s.player(0).culture_tokens == 0


# ------------------------------------------------------------------ cavalry and elephants


def barbarian_battle(kinds, *dice_values, attackers=1):
    """Player 0 attacks barbarian units of `kinds` at E4 with `attackers` army units; the dice are fixed."""
    s = classic_board(rules=expansion_rules())
    for kind in kinds:
        s.unit(BARBARIAN, kind, "E4")
    army = s.units(0, "infantry", "E4", attackers)
    s.fix_dice(*(die(v) for v in dice_values))
    attack(s, 0, army, "E4", "D4")
    return s


def test_each_cavalry_adds_a_combat_value_for_each_infantry_beside_it():
    s = barbarian_battle(["cavalry", "cavalry", "infantry"], 1, 1, 2, 1)  # 4 + 2 cavalry x 1 infantry
    assert "The barbarians roll 1, 2, 1, +2 for cavalry: combat value 6, 1 hit" in s.game.log


def test_each_elephant_turns_a_die_showing_1_or_2_into_a_hit_cancellation():
    # 2 elephants and 1 infantry roll 5, 4, 2: only one die shows 1 or 2, so combat value 9, and it cancels a hit
    s = barbarian_battle(["elephant", "elephant", "infantry"], 5, 5, 4, 2)
    assert "combat value 9, 1 hit, cancelling 1 hit" in " ".join(s.game.log)
    assert len(s.game.units_of(BARBARIAN)) == 3  # the attacker's one hit was cancelled


def test_an_elephant_converts_the_lowest_die_keeping_the_most_combat_value():
    # 1 elephant and 2 infantry roll 4, 2, 1: the 1 converts, combat value 4 + 2 = 6
    s = barbarian_battle(["elephant", "infantry", "infantry"], 1, 4, 2, 1)
    assert "combat value 6, 1 hit, cancelling 1 hit" in " ".join(s.game.log)


def test_hits_take_cavalry_and_elephants_before_infantry():
    s = barbarian_battle(["infantry", "elephant", "cavalry"], 6, 6, 3, 3, 4, attackers=2)  # 12: 2 hits
    assert [u.kind for u in s.game.units_of(BARBARIAN)] == ["infantry"]
    s = classic_board(rules=expansion_rules())
    s.units(1, "infantry", "E4", 1)
    s.unit(1, "cavalry", "E4")
    s.fix_dice(die(6), die(1), die(1))  # 6: 1 hit; the defender's 2: none
    attack(s, 0, s.units(0, "infantry", "E4", 1), "E4", "D4")
    assert [u.kind for u in s.game.units_of(1)] == ["infantry"]  # no choice: the cavalry goes first


def market_city(s, owner=0, label="D2"):
    """A city of `owner` with a Market, which serves them (they hold Bartering), and a second city."""
    s.advances(owner, "Bartering")
    city = s.city(owner, label, buildings={"market": owner})
    s.city(owner, "C2")
    return city


def test_a_city_with_a_market_recruits_cavalry_and_elephants_at_their_provisional_costs():
    s = classic_board(rules=expansion_rules())
    city = market_city(s)
    s.turn(0)
    s.resources(0, food=2, wood=1, ore=0, ideas=0, gold=0)
    assert {"cavalry", "elephant"} <= set(recruitable_kinds(s.game, city))
    assert Recruit(city.id, ("elephant",)) in s.legal_of(Recruit)
    s.apply(Recruit(city.id, ("cavalry",)))
    assert [u.kind for u in s.game.units_of(0)] == ["cavalry"] and held(s, 0) == {"food": 1}
    rules = expansion_rules()
    assert (rules.units["cavalry"].cost, rules.units["elephant"].cost) == ({"food": 1, "wood": 1}, {"food": 2})
    assert all(rules.units[k].provisional and "Provisional" in rules.units[k].text for k in ("cavalry", "elephant"))


def test_only_a_city_with_a_market_serving_its_owner_recruits_cavalry_and_elephants():
    s = classic_board(rules=expansion_rules())
    city = s.city(0, "D2")
    market = s.city(0, "C2", buildings={"market": 1})  # a Market taken from another player, without Bartering
    s.turn(0)
    s.resources(0, food=2, wood=2)
    for where in (city, market):
        assert "cavalry" not in recruitable_kinds(s.game, where)
        assert why_not_recruit(s.game, where, ("cavalry",)) == "Cavalry can only be recruited in a city with a Market"
    assert_refused(s, Recruit(city.id, ("elephant",)), "Elephants can only be recruited in a city with a Market")
    s.advances(0, "Bartering")
    assert why_not_recruit(s.game, market, ("cavalry",)) is None and why_not_recruit(s.game, city, ("cavalry",))


def test_each_player_recruits_at_most_4_cavalry_and_4_elephants():
    s = classic_board(rules=expansion_rules())
    city = market_city(s, label="E4")
    s.turn(0)
    s.units(0, "cavalry", "B3", 4)
    assert why_not_recruit(s.game, city, ("cavalry",)) == "Player 1 has no Cavalry piece left to recruit or reuse"
    assert why_not_recruit(s.game, city, ("elephant",)) is None


def test_cavalry_and_elephants_respect_the_stacking_limit_and_the_city_size():
    s = classic_board(rules=expansion_rules())
    city = market_city(s)
    s.turn(0)
    assert why_not_recruit(s.game, city, ("cavalry", "cavalry", "elephant")) == (
        "the city at D2 can recruit at most 2 unit(s) (its mood-modified size)"  # a Settlement and a Market
    )
    s.units(0, "infantry", "D2", 4)
    assert why_not_recruit(s.game, city, ("cavalry",)) == "at most 4 army units may stand in one space"


def test_an_advance_granting_may_build_units_lets_every_city_of_its_holder_recruit_them(tmp_path):
    (tmp_path / "mod.yaml").write_text("name: horse lords\nversion: '1'\nbase: classic-2012\n")
    (tmp_path / "advances.yaml").write_text(
        "- name: Agriculture\n  advances:\n    - name: Husbandry\n"
        "      effects: [{may_build_units: {units: [cavalry]}}]\n"
    )
    s = classic_board(rules=load_rules([tmp_path], CIVILIZATIONS_EXPANSION))
    city = s.city(0, "D2")
    s.city(0, "C2")
    assert "cavalry" not in recruitable_kinds(s.game, city)
    s.advances(0, "Husbandry")
    assert {"cavalry"} <= set(recruitable_kinds(s.game, city)) and "elephant" not in recruitable_kinds(s.game, city)


def test_a_city_piece_grants_no_effect_but_may_build_units(tmp_path):
    (tmp_path / "mod.yaml").write_text("name: rich markets\nversion: '1'\nbase: classic-2012\n")
    (tmp_path / "buildings.yaml").write_text("market:\n  effects: [{gain_on: {hook: turn_start, gain: {gold: 1}}}]\n")
    with pytest.raises(RulesDataError, match="a city-piece grants only may_build_units"):
        load_rules([tmp_path], CIVILIZATIONS_EXPANSION)


def test_the_barbarians_may_add_cavalry_or_an_elephant_to_a_settlement_holding_infantry():
    s = classic_board(rules=expansion_rules())
    s.city(BARBARIAN, "E4")
    s.unit(BARBARIAN, "infantry", "E4")
    s.city(BARBARIAN, "B6")
    s.game.event = EventInProgress(2, 0, [EventStep("barbarian_reinforcement", 0)])
    events.resume(s.game)
    assert s.game.pending[-1].options == ["B6: infantry", "E4: infantry", "E4: cavalry", "E4: elephant"]
