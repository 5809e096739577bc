"""Effects of the economy advances: collecting, recruiting, building, buying advances, free actions
and trade routes, plus a rules mod that changes their numbers.

The board around player 0's home (the tiles of test_cities.py):

    D2 grassland (the city)   next to it: D3 mountain, E3 sea, E2 mountain, D1 barren,
                                          C2 forest, C3 mountain
                              2 away:     B3 grassland, D4 mountain, E4 grassland,
                                          F3 mountain, F2 grassland (B2, C4 sea)
"""

import copy
import shutil

import pytest
import yaml

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.framework.saves import state_hash
from civgame.games.clash.content.ruleset import RULESETS_ROOT, load_ruleset
from civgame.games.clash.core.actions import (
    Advance,
    ChooseOption,
    ChooseToken,
    Collect,
    Construct,
    Pay,
    Recruit,
    UseAbility,
)
from civgame.games.clash.core.decisions import EffectChoiceDecision, PayDecision, TokenChoiceDecision
from civgame.games.clash.core.model import PIRATE
from civgame.games.clash.rules.base.moods import mood_modified_size
from civgame.games.clash.rules.base.payments import gain
from civgame.games.clash.rules.flow.controller import apply
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import dumps, loads
from tests.scenario import Scenario

FAR = ["B6", "C7", "B7", "A7", "D6", "E6", "C6"]  # spaces away from D2, for extra cities


def board(players: int = 2) -> Scenario:
    s = Scenario(players=players)
    for region, tile in ((3, "3"), (4, "12"), (5, "11"), (6, "7")):
        s.place_tile(region, tile, 0)
    s.reveal_all()
    for p in range(players):
        s.resources(p, food=0, wood=0, ore=0, ideas=0, gold=0, mood=0, culture=0)
    return s


def picks(s: Scenario, *pairs: tuple[str, str]) -> tuple:
    return tuple(sorted((s.hex(label), what) for label, what in pairs))


def held(s: Scenario, player: int = 0) -> dict:
    p = s.player(player)
    return {
        **{k: v for k, v in p.resources.items() if v},
        **({"mood": p.mood_tokens} if p.mood_tokens else {}),
        **({"culture": p.culture_tokens} if p.culture_tokens else {}),
    }


def collect_sets(s: Scenario, city) -> set:
    return {a.picks for a in s.legal_of(Collect) if a.city == city.id}


def assert_refused(s: Scenario, action, match: str) -> None:
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=match):
        s.apply(action)
    assert to_plain(s.game) == before


def assert_legal_actions_apply(s: Scenario) -> None:
    for action in s.legal():
        game = copy.deepcopy(s.game)
        apply(game, action)
        assert check_invariants(game) == [], action


def options(s: Scenario) -> list[str]:
    return [a.option for a in s.legal_of(ChooseOption)]


def payments(s: Scenario) -> list[dict]:
    return [a.payment for a in s.legal_of(Pay)]


# ------------------------------------------------------------------ Agriculture


def test_storage_raises_the_food_limit_from_2_to_7():
    s = board()
    player = s.player(0)
    assert gain(s.game, player, {"food": 5}) == {"food": 2}
    s.advances(0, "Storage")
    assert gain(s.game, player, {"food": 9}) == {"food": 5}
    assert player.resources["food"] == 7


def test_irrigation_lets_barren_land_give_food_but_not_exhausted_land():
    s = board()
    city = s.city(0, "D2")
    assert not any(s.hex("D1") in dict(p) for p in collect_sets(s, city))
    s.advances(0, "Irrigation")
    s.apply(Collect(city.id, picks(s, ("D1", "food"))))
    assert held(s) == {"food": 1}
    s.game.exhausted.append(s.hex("D1"))
    assert not any(s.hex("D1") in dict(p) for p in collect_sets(s, city))


def test_husbandry_offers_one_land_space_two_away_once_per_turn():
    s = board()
    city = s.city(0, "D2")
    other = s.city(0, "B6")
    s.resources(0, food=2)
    far_sets = {
        picks(s, (label, what))
        for label, what in (("B3", "food"), ("D4", "ore"), ("E4", "food"), ("F3", "ore"), ("F2", "food"))
    }
    assert not far_sets & collect_sets(s, city)
    assert_refused(s, Collect(city.id, picks(s, ("D4", "ore"))), "neither the city's space nor next to it")
    s.advances(0, "Husbandry")
    assert far_sets <= collect_sets(s, city)  # sea spaces two away (B2, C4) are not offered
    assert not any(s.hex("B2") in dict(p) for p in collect_sets(s, city))
    s.apply(Collect(other.id, picks(s, ("B6", "food"))))  # a Collect without a far space keeps the use
    assert far_sets <= collect_sets(s, city)
    s.apply(Collect(city.id, picks(s, ("D4", "ore"))))
    assert held(s) == {"food": 2, "ore": 1}
    assert not far_sets & collect_sets(s, city)  # used up for this turn
    s.turn(1)
    s.turn(0)
    assert far_sets <= collect_sets(s, city)


def test_husbandry_spaces_follow_the_collect_restrictions_and_count_toward_the_size():
    s = board()
    city = s.city(0, "D2")  # neutral size 1: one space in all
    s.advances(0, "Husbandry")
    s.unit(1, "settler", "E4")
    s.city(1, "F2")
    s.game.exhausted.append(s.hex("B3"))
    sets = collect_sets(s, city)
    for label in ("E4", "F2", "B3"):
        assert not any(s.hex(label) in dict(p) for p in sets), label
    assert all(len(p) == 1 for p in sets)
    assert_refused(s, Collect(city.id, picks(s, ("D2", "food"), ("D4", "ore"))), "must collect from 1 space")


def test_roads_lets_husbandry_use_two_far_spaces():
    s = board()
    city = s.city(0, "D2")
    s.city(0, "B6")
    city.buildings["temple"] = 0  # size 2
    s.advances(0, "Husbandry")
    two_far = picks(s, ("D4", "ore"), ("F3", "ore"))
    assert two_far not in collect_sets(s, city)
    s.advances(0, "Roads")
    assert two_far in collect_sets(s, city)
    s.apply(Collect(city.id, two_far))
    assert held(s) == {"ore": 2}


def test_fishing_gives_food_from_one_adjacent_sea_space():
    s = board()
    city = s.city(0, "D2", mood="happy")  # size 1 + 1: two spaces
    s.resources(0, food=0)
    assert not any(s.hex("E3") in dict(p) for p in collect_sets(s, city))
    s.advances(0, "Fishing")
    s.apply(Collect(city.id, picks(s, ("E3", "food"), ("D2", "food"))))
    assert held(s) == {"food": 2}
    s.unit(PIRATE, "ship", "E3")
    assert not any(s.hex("E3") in dict(p) for p in collect_sets(s, city))


# ------------------------------------------------------------------ Construction


def test_engineering_draws_a_wonder_card_when_gained():
    s = board()
    s.resources(0, food=2)
    deck = s.game.decks["wonder"].draw
    top = deck[-1]
    s.apply(Advance("Engineering"))
    assert s.player(0).wonder_cards == [top] and top not in deck


def test_sanitation_offers_one_mood_token_for_one_settler_per_recruit():
    s = board()
    city = s.city(0, "D2", mood="happy")
    s.city(0, "B6")
    s.resources(0, food=4, mood=2)
    s.apply(Recruit(city.id, ("settler",)))  # only food: no choice
    assert held(s) == {"food": 2, "mood": 2}
    s.advances(0, "Sanitation")
    s.turn(1)
    s.turn(0)
    s.resources(0, food=4, mood=2)
    s.apply(Recruit(city.id, ("settler", "settler")))
    assert isinstance(s.game.pending[-1], PayDecision)
    assert payments(s) == [{"food": 2, "mood": 1}, {"food": 4}]  # never 2 mood tokens
    s.apply(Pay({"food": 2, "mood": 1}))
    assert held(s) == {"food": 2, "mood": 1}
    assert len(s.game.units_of(0, "settler")) == 3


def test_sanitation_alone_pays_for_a_settler_without_food():
    s = board()
    city = s.city(0, "D2")
    s.resources(0, mood=1)
    assert Recruit(city.id, ("settler",)) not in s.legal()
    s.advances(0, "Sanitation")
    assert Recruit(city.id, ("settler",)) in s.legal()
    assert Recruit(city.id, ("infantry",)) not in s.legal()
    s.apply(Recruit(city.id, ("settler",)))
    assert held(s) == {} and len(s.game.units_of(0, "settler")) == 1


def test_draft_pays_one_infantry_with_a_mood_token_and_two_with_civil_liberties():
    s = board()
    city = s.city(0, "D2")
    s.advances(0, "Draft")
    s.resources(0, mood=1)
    s.apply(Recruit(city.id, ("infantry",)))
    assert held(s) == {} and len(s.game.units_of(0, "infantry")) == 1
    s.turn(1)
    s.turn(0)
    s.advances(0, "Civil Liberties")
    s.resources(0, mood=1)
    assert Recruit(city.id, ("infantry",)) not in s.legal()
    s.resources(0, mood=2)
    s.apply(Recruit(city.id, ("infantry",)))
    assert held(s) == {} and len(s.game.units_of(0, "infantry")) == 2


# ------------------------------------------------------------------ Education


def test_writing_draws_an_action_and_an_objective_card():
    s = board()
    s.resources(0, food=2)
    p = s.player(0)
    hand = (len(p.action_cards), len(p.objective_cards))
    s.apply(Advance("Writing"))
    assert (len(p.action_cards), len(p.objective_cards)) == (hand[0] + 1, hand[1] + 1)


def test_public_education_gives_one_idea_once_per_turn_in_an_academy_city():
    s = board()
    plain = s.city(0, "B6")
    school = s.city(0, "D2", buildings={"academy": 1})  # another player's academy piece counts too
    s.advances(0, "Public Education")
    s.apply(Collect(plain.id, picks(s, ("B6", "food"))))
    assert held(s) == {"food": 1}
    s.apply(Collect(school.id, picks(s, ("C2", "wood"), ("D2", "food"))))
    assert held(s) == {"food": 2, "wood": 1, "ideas": 1}
    s.apply(Collect(school.id, picks(s, ("C3", "ore"), ("D3", "ore"))))
    assert held(s) == {"food": 2, "wood": 1, "ore": 2, "ideas": 1}


def test_free_education_offers_an_idea_for_a_mood_token_after_paying_with_ideas():
    s = board()
    s.advances(0, "Writing", "Free Education")
    s.resources(0, ideas=3)
    s.apply(Advance("Math", payment={"ideas": 2}))
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.source == "Free Education"
    assert options(s) == ["pay ideas", "decline"]
    s.apply(ChooseOption("pay ideas"))
    assert held(s) == {"mood": 1, "culture": 1} and not s.game.pending


def test_free_education_is_not_offered_after_paying_with_food_or_for_itself():
    s = board()
    s.advances(0, "Writing")
    s.resources(0, ideas=2, food=2)
    s.apply(Advance("Free Education", payment={"ideas": 2}))
    assert not s.game.pending
    s.apply(Advance("Math", payment={"food": 2}))
    assert not s.game.pending


def test_philosophy_gives_an_idea_when_gained_and_for_each_later_science_advance():
    s = board()
    s.advances(0, "Writing")
    s.player(0).event_cubes = 4  # no event in between
    s.resources(0, food=2, gold=4)
    s.apply(Advance("Philosophy", payment={"food": 2}))
    assert held(s) == {"gold": 4, "ideas": 1, "mood": 1}
    s.apply(Advance("Math", payment={"gold": 2}))
    assert held(s) == {"gold": 2, "ideas": 2, "mood": 1, "culture": 1}
    s.apply(Advance("Storage", payment={"gold": 2}))
    assert held(s) == {"ideas": 2, "mood": 2, "culture": 1}


# ------------------------------------------------------------------ Science and Spirituality: free costs


def test_math_makes_engineering_and_roads_free_but_not_other_advances():
    s = board()
    s.advances(0, "Math")
    assert [a.advance for a in s.legal_of(Advance)] == ["Engineering", "Roads"]
    s.apply(Advance("Engineering"))
    assert s.player(0).has("Engineering") and held(s) == {} and s.game.actions_left == 2


def test_astronomy_makes_navigation_and_cartography_free():
    s = board()
    s.advances(0, "Fishing")
    assert s.legal_of(Advance) == []
    s.advances(0, "Math", "Astronomy")
    assert {a.advance for a in s.legal_of(Advance)} == {"Engineering", "Roads", "Navigation", "Cartography"}


def test_priesthood_makes_one_science_advance_per_turn_free():
    s = board()
    s.advances(0, "Myths", "Priesthood")
    s.resources(0, food=2)
    s.apply(Advance("Math"))
    assert held(s) == {"food": 2, "culture": 1}
    s.apply(Advance("Astronomy"))  # the second one costs 2
    assert held(s) == {"culture": 2} and s.player(0).has("Astronomy")
    s.turn(1)
    s.turn(0)
    assert Advance("Medicine") in s.legal()  # free again next turn


def test_state_religion_waives_a_temples_food_once_per_turn():
    s = board()
    s.advances(0, "Myths", "State Religion")
    a = s.city(0, "D2")
    b = s.city(0, "B6")
    s.city(0, "C7")
    s.resources(0, wood=2, ore=2, food=1)
    s.apply(Construct(a.id, "temple"))
    s.apply(ChooseToken("mood"))
    assert held(s) == {"wood": 1, "ore": 1, "food": 1, "mood": 1}
    s.apply(Construct(b.id, "temple"))
    assert held(s) == {"mood": 1}


def test_medicine_gives_back_one_resource_of_a_type_paid_with():
    s = board()
    city = s.city(0, "D2", mood="happy")
    s.city(0, "B6")
    s.advances(0, "Medicine")
    s.resources(0, food=2, ore=1)
    s.apply(Recruit(city.id, ("infantry",)))
    assert isinstance(s.game.pending[-1], EffectChoiceDecision)
    assert options(s) == ["food", "ore"]
    s.apply(ChooseOption("ore"))
    assert held(s) == {"food": 1, "ore": 1}
    s.turn(1)
    s.turn(0)
    s.resources(0, food=2, ore=0)
    s.apply(Recruit(city.id, ("settler",)))  # one type: no choice
    assert held(s) == {"food": 1} and not s.game.pending


def test_medicine_gives_nothing_back_for_tokens():
    s = board()
    city = s.city(0, "D2")
    s.advances(0, "Medicine", "Sanitation")
    s.resources(0, mood=1)
    s.apply(Recruit(city.id, ("settler",)))
    assert held(s) == {} and not s.game.pending


def test_metallurgy_may_exchange_one_of_two_collected_ore_for_gold():
    s = board()
    city = s.city(0, "D2")
    city.buildings["temple"] = 0
    s.city(0, "B6")
    s.advances(0, "Metallurgy")
    s.apply(Collect(city.id, picks(s, ("C2", "wood"), ("D3", "ore"))))  # one ore: nothing offered
    assert not s.game.pending
    s.apply(Collect(city.id, picks(s, ("C3", "ore"), ("D3", "ore"))))
    assert options(s) == ["exchange", "decline"]
    s.apply(ChooseOption("exchange"))
    assert held(s) == {"wood": 1, "ore": 2, "gold": 1}


def test_metallurgy_exchange_may_be_declined():
    s = board()
    city = s.city(0, "D2")
    city.buildings["temple"] = 0
    s.city(0, "B6")
    s.advances(0, "Metallurgy")
    s.apply(Collect(city.id, picks(s, ("C3", "ore"), ("D3", "ore"))))
    s.apply(ChooseOption("decline"))
    assert held(s) == {"ore": 2} and not s.game.pending


# ------------------------------------------------------------------ Governments


def test_nationalism_gives_a_token_of_choice_for_a_recruit_with_an_army_unit():
    s = board()
    city = s.city(0, "D2", mood="happy")
    s.city(0, "B6")
    s.advances(0, "Nationalism")
    s.resources(0, food=2)
    s.apply(Recruit(city.id, ("settler",)))
    assert not s.game.pending
    s.turn(1)
    s.turn(0)
    s.resources(0, food=1, ore=1)
    s.apply(Recruit(city.id, ("infantry",)))
    assert s.game.pending[-1] == TokenChoiceDecision(player=0, options=["mood", "culture"], amount=1)
    s.apply(ChooseToken("culture"))
    assert held(s) == {"culture": 1}


def test_dogma_caps_ideas_at_two_at_once():
    s = board()
    s.advances(0, "Myths", "State Religion")
    s.resources(0, ideas=6)
    s.apply(Advance("Dogma", payment={"ideas": 2}))
    assert s.player(0).resources["ideas"] == 2
    assert gain(s.game, s.player(0), {"ideas": 3}) == {"ideas": 0}


def test_dogma_offers_a_free_theocracy_advance_when_a_temple_is_built():
    s = board()
    s.advances(0, "Myths", "State Religion", "Dogma")
    city = s.city(0, "D2")
    s.city(0, "B6")
    s.resources(0, food=1, wood=1, ore=1)
    cubes = s.player(0).event_cubes
    s.apply(Construct(city.id, "temple"))
    assert options(s) == ["Devotion", "Conversion", "Fanaticism", "decline"]
    s.apply(ChooseOption("Conversion"))
    assert s.player(0).has("Conversion") and s.player(0).event_cubes == cubes - 1
    assert isinstance(s.game.pending[-1], TokenChoiceDecision)  # the Temple's own token comes next


def test_dogma_free_advance_may_be_declined_and_a_choice_survives_a_save():
    s = board()
    s.advances(0, "Myths", "State Religion", "Dogma")
    city = s.city(0, "D2")
    s.city(0, "B6")
    s.resources(0, food=1, wood=1, ore=1)
    s.apply(Construct(city.id, "temple"))
    assert state_hash(loads(dumps(s.game))) == state_hash(s.game)
    assert_refused(s, ChooseOption("Voting"), "choose one of")
    s.apply(ChooseOption("decline"))
    assert not s.player(0).has("Devotion") and isinstance(s.game.pending[-1], TokenChoiceDecision)


def test_forced_labor_lets_an_angry_city_construct():
    s = board()
    city = s.city(0, "D2", mood="angry")
    s.city(0, "B6")
    s.advances(0, "Nationalism", "Forced Labor", "Bartering")
    s.resources(0, mood=1, food=1, wood=1, ore=1)
    assert_refused(s, Construct(city.id, "market"), "angry city")
    s.apply(UseAbility("Forced Labor", "angry_as_neutral", ()))
    s.apply(Construct(city.id, "market"))
    assert city.buildings == {"market": 0} and city.mood == "angry" and held(s) == {}


def test_forced_labor_lets_angry_cities_work_at_full_size_but_only_once():
    s = board()
    city = s.city(0, "D2", mood="angry", buildings={"temple": 0})
    s.city(0, "B6")
    s.city(0, "C7")
    s.resources(0, mood=1, food=1, wood=1, ore=1)
    use = UseAbility("Forced Labor", "angry_as_neutral", ())
    assert use not in s.legal()
    s.advances(0, "Nationalism", "Forced Labor", "Bartering")
    assert all(len(p) == 1 for p in collect_sets(s, city))
    assert not any(isinstance(a, Construct) and a.city == city.id for a in s.legal())
    s.apply(use)
    assert held(s) == {"food": 1, "wood": 1, "ore": 1} and s.game.actions_left == 3
    assert use not in s.legal()
    assert all(len(p) == 2 for p in collect_sets(s, city))
    assert Construct(city.id, "market") in s.legal()
    s.apply(Collect(city.id, picks(s, ("C2", "wood"), ("D3", "ore"))))
    assert held(s) == {"food": 1, "wood": 2, "ore": 2}
    assert not collect_sets(s, city)  # an angry city: once per turn
    s.turn(1)
    assert mood_modified_size(s.game, city) == 1  # not in force in others' turns


def test_free_economy_collects_as_a_free_action_and_excludes_collect_actions():
    s = board()
    city = s.city(0, "D2")
    other = s.city(0, "B6")
    s.advances(0, "Free Economy")
    s.resources(0, mood=2)
    use = UseAbility("Free Economy", "free_collect", ("D2", "C2:wood"))
    assert use in s.legal()
    s.apply(use)
    assert held(s) == {"wood": 1, "mood": 1} and s.game.actions_left == 3
    assert city.activations == 1
    assert s.legal_of(Collect) == [] and not s.legal_of(UseAbility)
    assert_refused(s, Collect(other.id, picks(s, ("B6", "food"))), "may not take a Collect action")
    s.turn(1)
    s.turn(0)
    s.apply(Collect(other.id, picks(s, ("B6", "food"))))
    assert not [a for a in s.legal_of(UseAbility) if a.ability == "free_collect"]


# ------------------------------------------------------------------ Trade Routes and Currency


def trade_board() -> Scenario:
    s = board()
    s.city(1, "B3", mood="neutral")
    s.unit(0, "settler", "C2")  # 2 away from B3, through C3 or B2
    return s


def test_trade_routes_give_food_at_the_start_of_the_turn():
    s = trade_board()
    s.advances(0, "Trade Routes")
    s.turn(0)
    assert held(s) == {"food": 1}
    s.city(1, "E4")
    s.unit(0, "settler", "D3")
    s.advances(0, "Storage")
    s.turn(0)
    assert held(s) == {"food": 3}


def test_trade_routes_need_a_non_angry_foreign_city_and_one_unit_per_city():
    s = trade_board()
    s.advances(0, "Trade Routes")
    s.unit(0, "settler", "C2")  # a second unit next to the same city: still one route
    s.city(0, "D2")  # own cities never count
    s.turn(0)
    assert held(s) == {"food": 1}
    s.game.city_at(s.hex("B3")).mood = "angry"
    s.turn(0)
    assert held(s) == {"food": 1}


def test_trade_routes_take_the_most_routes_possible_and_at_most_four():
    s = board()
    s.advances(0, "Trade Routes", "Storage")
    for label in ("B3", "E4", "F2", "D4", "C5"):
        s.city(1, label)
    for label in ("D3", "C3", "E2", "D2", "C4"):
        s.unit(0, "ship" if s.game.is_water(s.hex(label)) else "settler", label)
    s.turn(0)
    assert held(s) == {"food": 4}


def test_trade_routes_pay_a_market_owner_and_currency_offers_gold():
    s = trade_board()
    s.game.city_at(s.hex("B3")).buildings["market"] = 1
    s.advances(0, "Trade Routes", "Currency")
    s.turn(0)
    assert held(s, 1) == {"gold": 1}
    assert options(s) == ["0 gold", "1 gold"]
    s.apply(ChooseOption("1 gold"))
    assert held(s) == {"gold": 1} and not s.game.pending


def test_a_ship_in_pirate_waters_has_no_trade_route():
    s = board()
    s.advances(0, "Trade Routes")
    s.unit(0, "ship", "B2")
    s.city(1, "B3")
    s.turn(0)
    assert held(s) == {"food": 1}
    s.unit(PIRATE, "ship", "A3")  # next to B2
    s.turn(0)
    assert held(s) == {"food": 1}


def test_a_trade_route_is_not_counted_through_unexplored_space():
    s = board()
    s.advances(0, "Trade Routes")
    s.unit(0, "settler", "E2")
    s.city(1, "E4")  # 2 away; the spaces next to both (E3, D3...) lie in regions 4 and 5
    s.turn(0)
    assert held(s) == {"food": 1}
    s.hide(4)
    s.turn(0)
    assert held(s) == {"food": 1}


# ------------------------------------------------------------------ consistency and modding


def test_every_listed_action_applies_with_the_economy_effects():
    s = board()
    s.advances(
        0,
        "Husbandry",
        "Roads",
        "Sanitation",
        "Draft",
        "Medicine",
        "Metallurgy",
        "Nationalism",
        "Forced Labor",
        "Public Education",
        "Writing",
        "Myths",
        "State Religion",
    )
    s.city(0, "D2", mood="angry", buildings={"academy": 0})
    s.city(0, "B6", mood="happy")
    s.city(0, "C7")
    s.resources(0, food=2, wood=2, ore=3, ideas=1, gold=1, mood=2)
    assert_legal_actions_apply(s)


def test_a_mod_changes_storage_and_the_advance_cost_without_code_changes(tmp_path):
    mod = tmp_path / "mod"
    shutil.copytree(RULESETS_ROOT / "monumental", mod)
    advances = (
        (mod / "advances.yaml")
        .read_text()
        .replace("{resource_cap: {resource: food, limit: 7}}", "{resource_cap: {resource: food, limit: 4}}")
    )
    (mod / "advances.yaml").write_text(advances)
    game_yaml = yaml.safe_load((mod / "game.yaml").read_text())
    game_yaml["advance_cost"]["amount"] = 1
    (mod / "game.yaml").write_text(yaml.safe_dump(game_yaml, sort_keys=False))
    game = new_game(2, 7, rules=load_ruleset(mod))
    player = game.player(game.current)
    player.resources.update(food=2, ideas=0, gold=0)
    apply(game, Advance("Storage"))
    assert player.has("Storage") and player.resources["food"] == 1  # costs 1, not 2
    assert gain(game, player, {"food": 9}) == {"food": 3}  # the limit is 4, not 7
