"""The 2012 edition's advances: prerequisites within a category, changing government by gaining another
government's advance, and the advances whose rules differ from the Monumental Edition's."""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    Advance,
    ChooseOption,
    ChooseToken,
    Collect,
    Construct,
    MoveUnits,
    StartMove,
    TakeFreeAdvance,
    UseAbility,
)
from civgame.games.clash.core.decisions import EffectChoiceDecision, FreeAdvanceDecision
from civgame.games.clash.core.hexgrid import distance
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions import movement
from civgame.games.clash.rules.actions.cities import collect_options
from tests.classic import classic_board, classic_scenario, die
from tests.combat_helpers import attack

BLACK_DEATH = 50  # every player's share


def test_an_advance_with_a_prerequisite_needs_it_first():
    s = classic_scenario()
    s.advances(0, "Engineering", "Fishing")
    s.resources(0, food=2)
    before = to_plain(s.game)
    with pytest.raises(RuleError, match="Navigation requires Cartography"):
        s.apply(Advance("Navigation"))
    assert to_plain(s.game) == before
    assert Advance("Roads") in s.legal_of(Advance) and Advance("Navigation") not in s.legal_of(Advance)


def test_gaining_another_governments_top_advance_moves_the_old_ones_there_one_for_one():
    s = classic_scenario()
    s.advances(0, "Writing", "Philosophy", "Tactics", "Draft", "Nationalism", "Totalitarianism", "Forced Labor")
    s.resources(0, food=2)
    s.apply(Advance("Voting"))
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.source == "Voting"
    assert decision.options == [
        "Separation of Power, Civil Liberties",
        "Separation of Power, Economic Liberty",
        "Civil Liberties, Economic Liberty",
    ]
    s.apply(ChooseOption("Civil Liberties, Economic Liberty"))
    p = s.player(0)
    government = [a for a in p.advances if s.game.rules.category_of(a).government]
    assert government == ["Voting", "Civil Liberties", "Economic Liberty"]
    assert p.resources["food"] == 0 and s.game.actions_left == 2


def test_a_single_government_advance_moves_without_a_choice():
    s = classic_scenario()
    s.advances(0, "Tactics", "Draft", "Nationalism", "Myths", "State Religion")
    s.resources(0, food=2)
    s.apply(Advance("Dogma"))
    assert not s.game.pending
    assert [a for a in s.player(0).advances if s.game.rules.category_of(a).government] == ["Dogma"]


def test_writing_draws_its_cards_with_the_first_government_advance_only():
    s = classic_scenario()
    p = s.player(0)
    s.advances(0, "Tactics", "Draft", "Myths", "State Religion")
    s.resources(0, food=2)
    s.apply(Advance("Writing"))
    assert len(p.action_cards) == 0  # no government yet: no cards
    s.resources(0, food=2)
    s.apply(Advance("Nationalism"))
    assert len(p.action_cards) == 1
    s.resources(0, food=2)
    s.apply(Advance("Dogma"))  # a change of government is no first government advance
    assert len(p.action_cards) == 1


def test_writing_gained_under_a_government_draws_at_once():
    s = classic_scenario()
    s.advances(0, "Tactics", "Draft", "Nationalism")
    s.resources(0, food=2)
    s.apply(Advance("Writing"))
    assert len(s.player(0).action_cards) == 1


def test_steel_weapons_costs_2_ore_more_however_gained_unless_metallurgy():
    s = classic_scenario()
    s.advances(0, "Tactics")
    s.resources(0, food=2)
    assert Advance("Steel Weapons") not in s.legal_of(Advance)
    s.resources(0, food=2, ore=2)
    s.apply(Advance("Steel Weapons"))
    p = s.player(0)
    assert p.has("Steel Weapons") and p.resources["food"] == 0 and p.resources["ore"] == 0
    s2 = classic_scenario()
    s2.advances(0, "Tactics")
    s2.game.pending.append(FreeAdvanceDecision(player=0))
    assert TakeFreeAdvance("Steel Weapons") not in s2.legal_of(TakeFreeAdvance)  # no ore for it
    s2.resources(0, ore=2)
    s2.apply(TakeFreeAdvance("Steel Weapons"))
    assert s2.player(0).resources["ore"] == 0


def test_metallurgy_makes_steel_weapons_free_and_gives_2_ore_to_a_holder():
    s = classic_scenario()
    s.advances(0, "Tactics", "Mathematics")
    s.resources(0, food=2)
    s.apply(Advance("Metallurgy"))
    assert s.player(0).resources["ore"] == 0  # no Steel Weapons yet: no ore
    s.apply(Advance("Steel Weapons"))
    assert s.player(0).has("Steel Weapons") and s.player(0).resources["food"] == 0
    s2 = classic_scenario()
    s2.advances(0, "Tactics", "Steel Weapons", "Mathematics")
    s2.resources(0, food=2)
    s2.apply(Advance("Metallurgy"))
    assert s2.player(0).resources["ore"] == 2


def test_steel_weapons_scores_a_hit_more_in_the_first_round_against_armies_without_it():
    s = classic_board()
    s.advances(0, "Tactics", "Steel Weapons")
    defenders = s.units(1, "infantry", "E4", 2)
    attackers = s.units(0, "infantry", "E4", 1)
    s.fix_dice(die(1), die(1), die(1))  # no hit rolled by anyone
    attack(s, 0, attackers, "E4", "D4")
    assert sum(s.game.unit(u.id) is None for u in defenders) == 1
    assert "Player 1 scores 1 hit more (Steel Weapons)" in s.game.log


def test_husbandry_collects_2_spaces_away_for_a_food_or_free_with_roads():
    s = classic_board()
    city = s.city(0, "D2")
    s.city(0, "B6")
    s.city(0, "C7")
    s.advances(0, "Husbandry")
    far = [o for o in collect_options(s.game, city) if any(distance(h, city.pos) == 2 for h, _ in o)]
    assert far == []  # no food to pay
    s.resources(0, food=1)
    far = [o for o in collect_options(s.game, city) if any(distance(h, city.pos) == 2 for h, _ in o)]
    assert far
    s.apply(Collect(city.id, far[0]))
    assert "pays 1 food to collect further away (Husbandry)" in " ".join(s.game.log)
    s.turn(0)
    s.resources(0, food=0)
    s.advances(0, "Engineering", "Roads")
    assert any(any(distance(h, city.pos) == 2 for h, _ in o) for o in collect_options(s.game, city))


def test_an_event_for_every_player_goes_in_turn_order_from_the_first_player():
    s = classic_scenario(3)
    s.game.first_player = 2
    steps = events.main_steps(s.game, 0, BLACK_DEATH)
    assert [step.player for step in steps] == [2, 0, 1]


def road_board():
    s = classic_board()
    s.city(0, "E4")
    settler = s.unit(0, "settler", "E4")
    s.advances(0, "Engineering", "Roads")
    s.apply(StartMove())
    return s, settler


def road_cost(s, to):
    target = movement._target(s.game, 0, s.hex("E4"), "land", s.hex(to))
    return (target.how, dict(target.cost)) if target is not None else None


def test_roads_take_a_group_2_spaces_for_a_food_and_past_terrain_for_an_ore_more():
    s, settler = road_board()
    assert road_cost(s, "E6") is None  # nothing to pay with
    s.resources(0, food=1)
    assert road_cost(s, "E6") == ("road", {"food": 1})  # past Fertile E5
    assert road_cost(s, "D2") is None  # only past a Mountain
    s.resources(0, food=1, ore=1)
    assert road_cost(s, "D2") == ("road", {"food": 1, "ore": 1})
    s.apply(MoveUnits((settler.id,), s.hex("C3")))  # into a Mountain, ignoring it: it may move on
    assert not settler.immobile and settler.pos == s.hex("C3")


def test_an_ore_lets_a_group_moving_from_a_city_ignore_the_terrain_it_enters():
    s, settler = road_board()
    s.resources(0, ore=1)
    s.apply(MoveUnits((settler.id,), s.hex("D3")))  # a Mountain next to the city
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.source == "Roads"
    s.apply(ChooseOption(decision.options[0]))
    assert not settler.immobile and s.player(0).resources["ore"] == 0


def test_cartography_gives_a_culture_token_and_an_idea_per_region_with_ships_once_a_turn():
    s = classic_board()
    s.advances(0, "Fishing", "Cartography")
    p = s.player(0)
    p.culture_level = 8
    s.unit(0, "ship", "F6")
    s.unit(0, "ship", "E7")  # the same region
    s.unit(0, "ship", "B4")
    s.apply(UseAbility("Cartography", "ship_regions_reward"))
    regions = len({s.game.space_region[s.hex(h)].number for h in ("F6", "E7", "B4")})
    assert p.culture_tokens == regions and p.resources["ideas"] == regions and s.game.actions_left == 2
    assert not [a for a in s.legal_of(UseAbility) if a.source == "Cartography"]


def test_economic_liberty_makes_the_first_collect_free_and_later_ones_cost_2_mood():
    s = classic_board()
    city = s.city(0, "E4")
    other = s.city(0, "B6")
    s.advances(0, "Economic Liberty")
    s.apply(Collect(city.id, collect_options(s.game, city)[0]))
    assert s.game.actions_left == 3
    assert not s.legal_of(Collect)  # no mood tokens for a second
    s.player(0).happiness_level, s.player(0).mood_tokens = 2, 2
    s.apply(Collect(other.id, collect_options(s.game, other)[0]))
    assert s.game.actions_left == 2 and s.player(0).mood_tokens == 0


def test_dogma_gives_a_theocracy_advance_with_each_new_temple_which_must_be_taken():
    s = classic_board()
    city = s.city(0, "E4")
    s.city(0, "B6")
    s.advances(0, "Myths", "State Religion", "Dogma")
    s.resources(0, food=1, wood=1, ore=1)
    s.apply(Construct(city.id, "temple"))
    decision = s.game.pending[-1]
    assert decision.options == ["Devotion", "Conversion", "Fanaticism"]  # no declining
    s.apply(ChooseOption("Conversion"))
    s.apply(ChooseToken("mood"))
    assert s.player(0).has("Conversion")


def test_taxation_gives_a_gold_per_city_for_a_mood_token():
    s = classic_board()
    s.city(0, "E4")
    s.city(0, "B6")
    s.advances(0, "Bartering", "Taxation")
    s.player(0).happiness_level, s.player(0).mood_tokens = 1, 1
    [use] = [a for a in s.legal_of(UseAbility) if a.source == "Taxation"]
    s.apply(use)
    assert s.player(0).resources["gold"] == 2 and s.player(0).mood_tokens == 0
