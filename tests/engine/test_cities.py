"""City rules: activation and mood, founding, Collect, Construct, Recruit (with reuse and port battles).

The board around player 0's home (tiles pinned below):

    D2 grassland (the city)   neighbours: D3 mountain, E3 sea, E2 mountain, D1 barren,
                                          C2 forest, C3 mountain
    C3 mountain               neighbours: C4 sea, D3 mountain, D2 grassland, C2 forest,
                                          B2 sea, B3 grassland
    B4 sea is next to C4 but not to B2.
"""

import copy
import random

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    ChooseToken,
    Collect,
    Construct,
    FoundCity,
    Pay,
    Recruit,
    ReuseUnit,
)
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.decisions import PayDecision, ReuseUnitDecision, TokenChoiceDecision
from civgame.games.clash.core.model import BARBARIAN, PIRATE
from civgame.games.clash.rules.actions import cities
from civgame.games.clash.rules.base import moods
from civgame.games.clash.rules.base.payments import affordable, can_pay
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from tests.scenario import Scenario

# Labels of spaces not near D2/C3, used to give a player extra cities.
FAR = ["B6", "C7", "B7", "A7", "D6", "E6", "C6"]


def board(players: int = 2) -> Scenario:
    s = Scenario(players=players)
    for region, tile in ((3, "3"), (4, "12"), (5, "11"), (6, "7")):
        s.place_tile(region, tile, 0)
    s.reveal_all()
    s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0)
    return s


def picks(s: Scenario, *pairs: tuple[str, str]) -> tuple:
    return tuple(sorted((s.hex(label), what) for label, what in pairs))


def extra_cities(s: Scenario, owner: int, count: int) -> None:
    """Give `owner` `count` more size-1 cities on free spaces far from D2/C3."""
    free = [label for label in FAR if s.game.city_at(s.hex(label)) is None]
    for label in free[:count]:
        s.city(owner, label)


def res(s: Scenario, player: int = 0) -> dict:
    p = s.player(player)
    return {**{k: v for k, v in p.resources.items() if v}, "mood": p.mood_tokens, "culture": p.culture_tokens}


def assert_refused(s: Scenario, action, match: str) -> None:
    """The action raises RuleError naming the rule and leaves the game exactly as it was."""
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=match):
        s.apply(action)
    assert to_plain(s.game) == before
    assert action not in s.legal()


def assert_legal_actions_apply(s: Scenario) -> None:
    """Every listed action applies without error and leaves a consistent game."""
    for action in s.legal():
        game = copy.deepcopy(s.game)
        apply(game, action)
        assert check_invariants(game) == [], action


# ------------------------------------------------------------------ activation and mood


def test_mood_modified_size_uses_the_rules_numbers():
    s = board()
    city = s.city(0, "D2", buildings={"temple": 0})
    assert moods.mood_modified_size(s.game, city) == 2
    city.mood = "happy"
    assert moods.mood_modified_size(s.game, city) == 3
    city.mood = "angry"
    assert moods.mood_modified_size(s.game, city) == 1


def test_worked_example_repeated_collects_lower_mood_after_the_effect():
    # 2012 rulebook: a happy size-3 city collects 4, then 4 (becoming neutral), then 3
    # (becoming angry), then 1 while angry, and then cannot be activated again.
    s = board()
    city = s.city(0, "D2", mood="happy", buildings={"temple": 0, "academy": 0})
    s.game.actions_left = 4
    four = picks(s, ("C2", "wood"), ("C3", "ore"), ("D3", "ore"), ("E2", "ore"))
    assert {len(a.picks) for a in s.legal_of(Collect)} == {4}
    s.apply(Collect(city.id, four))
    assert city.mood == "happy" and city.activations == 1
    assert res(s) == {"wood": 1, "ore": 3, "mood": 0, "culture": 0}

    assert {len(a.picks) for a in s.legal_of(Collect)} == {4}
    s.apply(Collect(city.id, four))
    assert city.mood == "neutral"
    assert res(s) == {"wood": 2, "ore": 6, "mood": 0, "culture": 0}

    assert {len(a.picks) for a in s.legal_of(Collect)} == {3}
    s.apply(Collect(city.id, picks(s, ("C2", "wood"), ("D2", "food"), ("D3", "ore"))))
    assert city.mood == "angry" and not city.angry_activation
    assert res(s) == {"food": 1, "wood": 3, "ore": 7, "mood": 0, "culture": 0}

    assert {len(a.picks) for a in s.legal_of(Collect)} == {1}
    s.apply(Collect(city.id, picks(s, ("C2", "wood"))))
    assert city.mood == "angry" and city.angry_activation and city.activations == 4
    assert res(s) == {"food": 1, "wood": 4, "ore": 7, "mood": 0, "culture": 0}

    s.game.actions_left = 1
    assert s.legal_of(Collect) == []
    assert "activated again" in cities.why_cannot_activate(s.game, city)
    assert_refused(s, Collect(city.id, picks(s, ("C2", "wood"))), "cannot be activated again")


def test_a_city_angry_when_activated_stays_blocked_even_if_made_happy():
    s = board()
    city = s.city(0, "D2", mood="angry")
    s.apply(Collect(city.id, picks(s, ("D2", "food"))))
    assert city.mood == "angry" and city.angry_activation
    city.mood = "happy"  # e.g. Increase Happiness later in the turn
    assert s.legal_of(Collect) == []
    assert_refused(s, Collect(city.id, picks(s, ("D2", "food"), ("C2", "wood"))), "cannot be activated again")


def test_the_new_turn_clears_activations():
    s = board()
    city = s.city(0, "D2", mood="angry")
    s.apply(Collect(city.id, picks(s, ("D2", "food"))))
    s.turn(1).turn(0)
    assert city.activations == 0 and not city.angry_activation
    assert len(s.legal_of(Collect)) == 5


def test_only_own_cities_and_only_with_actions_left():
    s = board()
    theirs = s.city(1, "D2")
    assert s.legal_of(Collect) == []
    assert_refused(s, Collect(theirs.id, picks(s, ("D2", "food"))), "only activate their own")
    mine = s.city(0, "C3")
    s.game.actions_left = 0
    assert s.legal_of(Collect) == []
    assert_refused(s, Collect(mine.id, picks(s, ("C3", "ore"))), "no main actions left")


# ------------------------------------------------------------------ found city


def test_found_city_replaces_the_settler_with_a_neutral_city():
    s = board()
    settler = s.unit(0, "settler", "E4")
    assert s.legal_of(FoundCity) == [FoundCity(settler.id)]
    s.apply(FoundCity(settler.id))
    city = s.game.city_at(s.hex("E4"))
    assert city.owner == 0 and city.mood == "neutral" and city.size == 1
    assert s.game.unit(settler.id) is None and s.game.actions_left == 2


def test_found_city_refusals():
    s = board()
    on_ship = s.unit(0, "settler", "E3", carrier=s.unit(0, "ship", "E3"))
    barren = s.unit(0, "settler", "D1")
    exhausted = s.unit(0, "settler", "E2")
    s.game.exhausted.append(s.hex("E2"))
    in_city = s.unit(0, "settler", "D2")
    s.city(1, "D2")
    enemy = s.unit(0, "settler", "D3")
    s.unit(1, "infantry", "D3")
    barbarian = s.unit(0, "settler", "C3")
    s.unit(BARBARIAN, "infantry", "C3")
    theirs = s.unit(1, "settler", "E4")
    assert s.legal_of(FoundCity) == []
    assert_refused(s, FoundCity(on_ship.id), "on a ship")
    assert_refused(s, FoundCity(barren.id), "Barren")
    assert_refused(s, FoundCity(exhausted.id), "exhausted")
    assert_refused(s, FoundCity(in_city.id), "already a city")
    assert_refused(s, FoundCity(enemy.id), "enemy units")
    assert_refused(s, FoundCity(barbarian.id), "enemy units")
    assert_refused(s, FoundCity(theirs.id), "their own settlers")


def test_own_units_do_not_stop_founding():
    s = board()
    settler = s.unit(0, "settler", "E4")
    s.units(0, "infantry", "E4", 2)
    s.apply(FoundCity(settler.id))
    assert s.game.city_at(s.hex("E4")).owner == 0


def test_no_city_without_a_settlement_piece():
    s = board()
    extra_cities(s, 0, s.game.rules.game.city.settlement_limit)
    settler = s.unit(0, "settler", "E4")
    assert s.legal_of(FoundCity) == []
    assert_refused(s, FoundCity(settler.id), "no settlement piece left")


# ------------------------------------------------------------------ collect


def test_neutral_size_1_city_collects_one_space_of_its_choice():
    s = board()
    city = s.city(0, "D2")
    assert {a.picks for a in s.legal_of(Collect)} == {
        picks(s, ("D2", "food")),
        picks(s, ("D3", "ore")),
        picks(s, ("E2", "ore")),
        picks(s, ("C3", "ore")),
        picks(s, ("C2", "wood")),
    }
    s.apply(Collect(city.id, picks(s, ("C2", "wood"))))
    assert res(s) == {"wood": 1, "mood": 0, "culture": 0}
    assert s.game.actions_left == 2 and city.activations == 1
    assert "collects 1 wood" in s.game.log[-1]


def test_food_over_the_cap_is_lost_without_storage_and_kept_with_it():
    s = board()
    city = s.city(0, "C3", mood="happy", buildings={"temple": 0})
    s.resources(0, food=1)
    s.apply(Collect(city.id, picks(s, ("B3", "food"), ("D2", "food"), ("C3", "ore"))))
    assert res(s) == {"food": 2, "ore": 1, "mood": 0, "culture": 0}
    assert "1 food lost" in s.game.log[-1]
    s.advances(0, "Storage")
    s.apply(Collect(city.id, picks(s, ("B3", "food"), ("D2", "food"), ("C3", "ore"))))
    assert res(s) == {"food": 4, "ore": 2, "mood": 0, "culture": 0}


def test_a_city_collects_from_every_space_it_can_when_it_may_take_more():
    # Decision (rules-questions 22): no collecting from fewer spaces than allowed.
    s = board()
    extra_cities(s, 0, 4)
    city = s.city(0, "D2", mood="happy", buildings={"temple": 0, "academy": 0, "market": 0, "obelisk": 0})
    everything = picks(s, ("D2", "food"), ("D3", "ore"), ("E2", "ore"), ("C3", "ore"), ("C2", "wood"))
    assert [a.picks for a in s.legal_of(Collect) if a.city == city.id] == [everything]
    assert_refused(s, Collect(city.id, everything[:4]), "must collect from 5 space")
    s.apply(Collect(city.id, everything))
    assert res(s) == {"food": 1, "wood": 1, "ore": 3, "mood": 0, "culture": 0}


def test_collect_blocked_by_enemy_units_but_not_own_units():
    s = board()
    city = s.city(0, "D2")
    s.unit(1, "infantry", "D3")
    s.unit(BARBARIAN, "infantry", "E2")
    s.unit(0, "infantry", "C3")
    assert {a.picks for a in s.legal_of(Collect)} == {
        picks(s, ("D2", "food")),
        picks(s, ("C3", "ore")),
        picks(s, ("C2", "wood")),
    }
    assert_refused(s, Collect(city.id, picks(s, ("D3", "ore"))), "enemy units block")
    assert_refused(s, Collect(city.id, picks(s, ("E2", "ore"))), "enemy units block")


def test_the_collect_choices_of_one_owner_s_cities_are_each_city_s_own():
    """Looked up together (what blocks and what each terrain gives shared), each city's choices are as
    looked up alone: a city with its own collect effect (Great Gardens) and plain ones, enemies near."""
    s = board()
    own = [s.city(0, "D2", wonders=["great_gardens"]), s.city(0, "B3"), s.city(0, "C4")]
    s.city(1, "C2")
    s.unit(1, "infantry", "D3")
    s.unit(BARBARIAN, "infantry", "A3")
    alone = [cities.collect_choices(s.game, city) for city in own]
    assert cities.collect_choices_of(s.game, own) == alone
    assert cities.collect_choices_of(s.game, own[::-1]) == alone[::-1]
    assert alone[0] != alone[1] and s.hex("D3") not in alone[0]  # (the effect and the enemy both count)
    assert cities.collect_choices_of(s.game, []) == []


def test_collect_blocked_by_any_other_city_exhausted_and_unexplored_land():
    s = board()
    city = s.city(0, "D2")
    s.city(0, "C3")
    s.city(1, "C2")
    s.game.exhausted.append(s.hex("E2"))
    s.hide(5)  # D3 becomes unexplored
    assert {a.picks for a in s.legal_of(Collect) if a.city == city.id} == {picks(s, ("D2", "food"))}
    assert_refused(s, Collect(city.id, picks(s, ("C3", "ore"))), "another city blocks")
    assert_refused(s, Collect(city.id, picks(s, ("C2", "wood"))), "another city blocks")
    assert_refused(s, Collect(city.id, picks(s, ("E2", "ore"))), "exhausted")
    assert_refused(s, Collect(city.id, picks(s, ("D3", "ore"))), "not explored")


def test_collect_refuses_far_spaces_duplicates_wrong_yields_and_unsorted_picks():
    s = board()
    city = s.city(0, "D2", mood="happy")
    assert_refused(s, Collect(city.id, picks(s, ("E4", "food"), ("D2", "food"))), "nor next to it")
    assert_refused(s, Collect(city.id, ((s.hex("D2"), "food"), (s.hex("D2"), "food"))), "only once")
    assert_refused(s, Collect(city.id, picks(s, ("D2", "gold"), ("C2", "wood"))), "cannot give gold")
    assert_refused(s, Collect(city.id, picks(s, ("D1", "food"), ("C2", "wood"))), "gives nothing")
    assert_refused(s, Collect(city.id, picks(s, ("E3", "food"), ("C2", "wood"))), "gives nothing")
    unsorted = tuple(reversed(picks(s, ("D2", "food"), ("C2", "wood"))))
    assert_refused(s, Collect(city.id, unsorted), "board order")


def test_irrigation_lets_barren_give_food():
    s = board()
    city = s.city(0, "D2")
    s.advances(0, "Irrigation")
    assert picks(s, ("D1", "food")) in {a.picks for a in s.legal_of(Collect)}
    s.apply(Collect(city.id, picks(s, ("D1", "food"))))
    assert res(s) == {"food": 1, "mood": 0, "culture": 0}


def test_fishing_gives_food_from_one_sea_space_only():
    s = board()
    city = s.city(0, "C3", mood="happy")
    s.advances(0, "Fishing")
    options = {a.picks for a in s.legal_of(Collect)}
    assert picks(s, ("B2", "food"), ("C4", "food")) not in options
    assert picks(s, ("B2", "food"), ("C3", "ore")) in options
    assert_refused(s, Collect(city.id, picks(s, ("B2", "food"), ("C4", "food"))), "at most 1 Sea space")
    s.apply(Collect(city.id, picks(s, ("C4", "food"), ("D2", "food"))))
    assert res(s) == {"food": 2, "mood": 0, "culture": 0}


def test_pirates_block_their_sea_space_and_the_sea_next_to_it():
    s = board()
    city = s.city(0, "C3", mood="happy")
    s.advances(0, "Fishing")
    s.unit(PIRATE, "ship", "B4")  # next to C4, not to B2
    sea = {p for a in s.legal_of(Collect) for p in a.picks if s.game.is_water(p[0])}
    assert sea == {(s.hex("B2"), "food")}
    assert_refused(s, Collect(city.id, picks(s, ("C4", "food"), ("C3", "ore"))), "pirates block")
    s.unit(PIRATE, "ship", "B2")
    assert_refused(s, Collect(city.id, picks(s, ("B2", "food"), ("C3", "ore"))), "enemy units block")


def test_without_fishing_the_port_space_gives_gold_or_a_mood_token_but_no_food():
    s = board()
    city = s.city(0, "C3", mood="happy", buildings={"port": 0}, port_space="C4")
    port_yields = {p[1] for a in s.legal_of(Collect) for p in a.picks if p[0] == s.hex("C4")}
    assert port_yields == {"gold", "mood"}
    assert_refused(s, Collect(city.id, picks(s, ("C4", "food"), ("C3", "ore"))), "C4 cannot give food")
    s.apply(Collect(city.id, picks(s, ("C4", "gold"), ("C3", "ore"), ("B3", "food"))))
    assert res(s) == {"food": 1, "gold": 1, "ore": 1, "mood": 0, "culture": 0}


def test_with_fishing_and_a_port_the_food_comes_from_the_port_space():
    # Catalogue, Fishing: "If the city has a Port, it is the Port's sea space."
    s = board()
    s.advances(0, "Fishing")
    city = s.city(0, "C3", mood="happy", buildings={"port": 0}, port_space="C4")
    sea_picks = {p for a in s.legal_of(Collect) for p in a.picks if s.game.is_water(p[0])}
    assert sea_picks == {(s.hex("C4"), "food"), (s.hex("C4"), "gold"), (s.hex("C4"), "mood")}
    assert_refused(s, Collect(city.id, picks(s, ("B2", "food"), ("C4", "mood"), ("C3", "ore"))), "B2 gives nothing")
    s.apply(Collect(city.id, picks(s, ("C4", "food"), ("C3", "ore"), ("B3", "food"))))
    assert res(s) == {"food": 2, "ore": 1, "mood": 0, "culture": 0}


def test_with_the_port_space_blocked_fishing_takes_food_from_another_sea_space():
    s = board()
    s.advances(0, "Fishing")
    s.city(0, "C3", mood="happy", buildings={"port": 0}, port_space="C4")
    s.unit(1, "ship", "C4")
    sea_picks = {p for a in s.legal_of(Collect) for p in a.picks if s.game.is_water(p[0])}
    assert sea_picks == {(s.hex("B2"), "food")}


def test_collect_legal_actions_all_apply():
    s = board()
    s.advances(0, "Fishing", "Irrigation")
    s.city(0, "C3", mood="happy", buildings={"port": 0}, port_space="C4")
    s.city(0, "E4")
    assert_legal_actions_apply(s)


# ------------------------------------------------------------------ construct


def builder(mood: str = "neutral", **buildings) -> tuple[Scenario, object]:
    s = board()
    s.resources(0, food=1, wood=1, ore=1)
    s.advances(0, "Writing", "Math", "Myths", "Fishing", "Bartering")
    extra_cities(s, 0, 2)
    return s, s.city(0, "D2", mood=mood, buildings=buildings)


def test_construct_academy_pays_and_gains_two_ideas():
    s, city = builder()
    s.apply(Construct(city.id, "academy"))
    assert city.buildings == {"academy": 0} and city.size == 2
    assert res(s) == {"ideas": 2, "mood": 0, "culture": 0}
    assert s.game.actions_left == 2 and city.activations == 1


def test_construct_with_gold_asks_how_to_pay():
    s, city = builder()
    s.resources(0, food=1, wood=1, ore=0, gold=2)
    s.apply(Construct(city.id, "market"))
    assert isinstance(s.game.pending[-1], PayDecision) and city.buildings == {}
    s.apply(Pay({"food": 1, "wood": 1, "gold": 1}))
    assert city.buildings == {"market": 0}
    assert res(s) == {"gold": 1, "mood": 0, "culture": 0}


def test_construct_observatory_draws_an_action_card():
    s, city = builder()
    top = s.game.decks["action"].draw[-1]
    hand = list(s.player(0).action_cards)
    s.apply(Construct(city.id, "observatory"))
    assert s.player(0).action_cards == [*hand, top]


def test_construct_temple_offers_mood_or_culture():
    s, city = builder()
    s.apply(Construct(city.id, "temple"))
    decision = s.game.pending[-1]
    assert isinstance(decision, TokenChoiceDecision) and decision.player == 0
    assert set(s.legal()) == {ChooseToken("mood"), ChooseToken("culture")}
    assert_refused(s, ChooseToken("gold"), "choose one of")
    s.apply(ChooseToken("culture"))
    assert s.game.pending == [] and res(s) == {"mood": 0, "culture": 1}


def test_construct_port_faces_a_chosen_adjacent_sea_space():
    s, city = builder()
    s.game.cities.remove(city)
    city = s.city(0, "C3")
    ports = {a.port_space for a in s.legal_of(Construct) if a.building == "port"}
    assert ports == {s.hex("C4"), s.hex("B2")}
    assert_refused(s, Construct(city.id, "port"), "must face a sea space")
    assert_refused(s, Construct(city.id, "port", s.hex("D3")), "must face a sea space")
    assert_refused(s, Construct(city.id, "academy", s.hex("C4")), "does not")
    s.apply(Construct(city.id, "port", s.hex("B2")))
    assert city.buildings == {"port": 0} and city.port_space == s.hex("B2")


def test_no_port_in_a_city_without_sea():
    s, city = builder()
    s.game.cities.remove(city)
    inland = s.city(0, "D5")  # every neighbour is land
    assert [a for a in s.legal_of(Construct) if a.building == "port"] == []
    assert_refused(s, Construct(inland.id, "port", s.hex("D4")), "must face a sea space")


def test_construct_legal_actions_are_exact():
    s, city = builder()
    expected = {Construct(city.id, b) for b in ("academy", "market", "observatory", "temple")}
    expected.add(Construct(city.id, "port", s.hex("E3")))
    assert {a for a in s.legal_of(Construct) if a.city == city.id} == expected
    assert_legal_actions_apply(s)


def test_construct_refused_in_an_angry_city():
    s, city = builder(mood="angry")
    assert [a for a in s.legal_of(Construct) if a.city == city.id] == []
    assert_refused(s, Construct(city.id, "academy"), "angry city")


def test_construct_refused_when_the_city_would_outgrow_the_number_of_cities():
    s, city = builder(temple=0, academy=0)  # size 3 with 3 cities owned
    assert_refused(s, Construct(city.id, "market"), "larger than the number of cities")
    extra_cities(s, 0, 1)
    s.apply(Construct(city.id, "market"))
    assert city.size == 4


def test_construct_refused_at_maximum_size():
    s, city = builder(temple=0, academy=0, obelisk=0, fortress=0)
    extra_cities(s, 0, 4)
    assert len(s.game.cities_of(0)) == 7
    assert_refused(s, Construct(city.id, "market"), "maximum size")


def test_construct_refused_for_a_duplicate_or_without_the_advance():
    s, city = builder(academy=1)  # another player's colour still counts as the type
    assert_refused(s, Construct(city.id, "academy"), "already has a Academy")
    assert_refused(s, Construct(city.id, "fortress"), "requires Tactics")


def test_construct_refused_without_a_piece_counting_pieces_in_other_cities():
    s, city = builder()
    limit = s.game.rules.buildings["academy"].limit
    for label in ("B6", "C7"):
        c = s.game.city_at(s.hex(label))
        c.buildings["academy"] = 0
    for label in FAR[2 : 2 + limit - 2]:
        s.city(1, label, buildings={"academy": 0})  # influenced pieces in player 1's cities
    assert s.game.pieces_in_colour(0, "academy") == limit
    assert_refused(s, Construct(city.id, "academy"), "no Academy piece left")


def test_construct_refused_when_unaffordable():
    s, city = builder()
    s.resources(0, ore=0)
    assert s.legal_of(Construct) == []
    assert_refused(s, Construct(city.id, "academy"), "cannot pay")


def test_a_second_construct_lowers_mood_and_then_an_angry_city_cannot_build():
    s, city = builder(mood="neutral")
    extra_cities(s, 0, 4)
    s.resources(0, food=2, wood=2, ore=3)
    s.apply(Construct(city.id, "market"))
    assert city.mood == "neutral"
    s.apply(Construct(city.id, "academy"))
    assert city.mood == "angry" and city.buildings == {"market": 0, "academy": 0}
    assert_refused(s, Construct(city.id, "temple"), "angry city")


# ------------------------------------------------------------------ recruit


def recruiter(mood: str = "neutral", buildings=None, port_space=None) -> tuple[Scenario, object]:
    s = board()
    s.advances(0, "Storage")
    s.resources(0, food=7, wood=7, ore=7)
    return s, s.city(0, "C3", mood=mood, buildings=buildings or {}, port_space=port_space)


def own_units(s: Scenario, label: str) -> list[str]:
    return sorted(u.kind for u in s.game.units_at(s.hex(label)) if u.owner == 0)


def test_recruit_infantry_pays_and_places_it_in_the_city():
    s, city = recruiter()
    s.resources(0, food=1, ore=1, gold=0)
    s.apply(Recruit(city.id, ("infantry",)))
    assert own_units(s, "C3") == ["infantry"]
    assert res(s) == {"wood": 7, "mood": 0, "culture": 0}
    assert s.game.actions_left == 2 and city.activations == 1


def test_recruit_count_follows_mood_modified_size():
    s, city = recruiter(buildings={"temple": 0})
    assert max(len(a.units) for a in s.legal_of(Recruit) if a.city == city.id) == 2
    city.mood = "happy"
    assert max(len(a.units) for a in s.legal_of(Recruit) if a.city == city.id) == 3
    city.mood = "angry"
    assert max(len(a.units) for a in s.legal_of(Recruit) if a.city == city.id) == 1
    assert_refused(s, Recruit(city.id, ("infantry", "infantry")), "at most 1 unit")


def test_recruit_legal_actions_are_exact_for_a_small_city():
    s, city = recruiter(buildings={"temple": 0})
    s.resources(0, food=2, ore=1, wood=0, gold=0)
    assert {a.units for a in s.legal_of(Recruit) if a.city == city.id} == {
        ("infantry",),
        ("settler",),
    }
    s.resources(0, gold=1)
    assert {a.units for a in s.legal_of(Recruit) if a.city == city.id} == {
        ("infantry",),
        ("settler",),
        ("infantry", "infantry"),
        ("infantry", "settler"),
    }
    assert_legal_actions_apply(s)


def test_recruit_respects_the_stacking_limit_but_not_for_settlers():
    s, city = recruiter(mood="happy", buildings={"temple": 0})
    s.units(0, "infantry", "C3", 3)
    options = {a.units for a in s.legal_of(Recruit) if a.city == city.id}
    assert ("infantry", "infantry") not in options
    assert ("infantry", "settler", "settler") in options
    assert_refused(s, Recruit(city.id, ("infantry", "infantry")), "at most 4 army units")
    s.apply(Recruit(city.id, ("infantry", "settler", "settler")))
    assert own_units(s, "C3") == ["infantry"] * 4 + ["settler"] * 2


def test_cavalry_and_elephants_need_a_market():
    s, city = recruiter()
    kinds = {k for a in s.legal_of(Recruit) for k in a.units}
    assert kinds == {"infantry", "settler"}
    assert_refused(s, Recruit(city.id, ("cavalry",)), "with a Market")
    assert_refused(s, Recruit(city.id, ("elephant",)), "with a Market")
    city.buildings["market"] = 0
    s.apply(Recruit(city.id, ("cavalry",)))
    assert own_units(s, "C3") == ["cavalry"]


def test_ships_need_a_port_and_appear_on_its_sea_space():
    s, city = recruiter()
    assert_refused(s, Recruit(city.id, ("ship",)), "with a Port")
    city.buildings["port"] = 0
    city.port_space = s.hex("C4")
    assert ("ship",) in {a.units for a in s.legal_of(Recruit)}
    s.resources(0, wood=2, gold=0)
    s.apply(Recruit(city.id, ("ship",)))
    assert own_units(s, "C4") == ["ship"] and own_units(s, "C3") == []


def test_ships_recruited_onto_an_enemy_ship_start_a_battle_without_retreat(monkeypatch):
    from civgame.games.clash.rules import combat

    calls = []
    monkeypatch.setattr(combat, "enter_space", lambda *a, **k: calls.append((a, k)), raising=False)
    s, city = recruiter(mood="happy", buildings={"port": 0}, port_space="C4")
    s.resources(0, wood=4, gold=0)
    pirate = s.unit(PIRATE, "ship", "C4")
    s.apply(Recruit(city.id, ("ship", "ship")))
    ships = [u.id for u in s.game.units_at(s.hex("C4")) if u.owner == 0]
    assert len(ships) == 2 and pirate in s.game.units
    assert calls == [((s.game, 0, ships, s.hex("C4")), {"origins": {}, "can_retreat": False})]


def test_no_battle_when_the_port_space_is_free(monkeypatch):
    from civgame.games.clash.rules import combat

    calls = []
    monkeypatch.setattr(combat, "enter_space", lambda *a, **k: calls.append(a), raising=False)
    s, city = recruiter(buildings={"port": 0}, port_space="C4")
    s.unit(1, "ship", "B2")
    s.apply(Recruit(city.id, ("ship",)))
    assert calls == []


def test_recruit_with_an_empty_supply_reuses_a_unit_from_the_board():
    s, city = recruiter(mood="happy", buildings={"temple": 0})
    s.advances(0, "Storage")
    s.resources(0, food=3, ore=0, gold=0)
    limit = s.game.rules.units["settler"].limit
    far = s.units(0, "settler", "B3", limit - 2)
    on_ship = s.unit(0, "settler", "B2", carrier=s.unit(0, "ship", "B2"))
    s.unit(0, "settler", "C3")  # already in the city: not a candidate
    assert {a.units for a in s.legal_of(Recruit) if a.city == city.id} == {("settler",)}
    s.apply(Recruit(city.id, ("settler",)))
    decision = s.game.pending[-1]
    assert isinstance(decision, ReuseUnitDecision)
    assert decision.kind_needed == "settler" and decision.remaining == []
    assert set(decision.candidates) == {u.id for u in far} | {on_ship.id}
    assert res(s) == {"food": 1, "wood": 7, "mood": 0, "culture": 0}  # paid first
    assert set(s.legal()) == {ReuseUnit(u) for u in decision.candidates}
    assert_refused(s, ReuseUnit(city.id), "choose one of your settler")
    s.apply(ReuseUnit(on_ship.id))
    assert on_ship.pos == s.hex("C3") and on_ship.carrier is None
    assert own_units(s, "C3") == ["settler", "settler"] and s.game.pending == []
    assert len(s.game.units_of(0, "settler")) == limit


def test_reuse_places_new_pieces_first_then_asks_once_per_missing_piece():
    s, city = recruiter(mood="happy", buildings={"temple": 0, "market": 0})
    s.resources(0, food=3, wood=3, gold=0)
    s.units(0, "cavalry", "B3", s.game.rules.units["cavalry"].limit - 1)
    s.apply(Recruit(city.id, ("cavalry", "cavalry", "cavalry")))
    assert own_units(s, "C3") == ["cavalry"]
    assert s.game.pending[-1].remaining == ["cavalry"]
    city_mood_during_reuse = city.mood
    s.apply(ReuseUnit(s.game.pending[-1].candidates[0]))
    assert s.game.pending[-1].remaining == []
    s.apply(ReuseUnit(s.game.pending[-1].candidates[0]))
    assert own_units(s, "C3") == ["cavalry"] * 3 and own_units(s, "B3") == ["cavalry"]
    assert city_mood_during_reuse == "happy" and city.activations == 1


def test_a_repeated_recruit_lowers_mood_only_after_the_reused_units_are_placed():
    s, city = recruiter(mood="happy")
    s.units(0, "settler", "B3", s.game.rules.units["settler"].limit)
    city.activations = 1
    s.apply(Recruit(city.id, ("settler",)))
    assert city.mood == "happy" and isinstance(s.game.pending[-1], ReuseUnitDecision)
    s.apply(ReuseUnit(s.game.pending[-1].candidates[0]))
    assert city.mood == "neutral"


def test_recruit_asks_how_to_pay_before_placing_or_reusing_anything():
    s, city = recruiter()
    s.resources(0, food=2, gold=1)
    s.units(0, "settler", "B3", s.game.rules.units["settler"].limit)
    s.apply(Recruit(city.id, ("settler",)))
    assert isinstance(s.game.pending[-1], PayDecision) and city.activations == 0
    s.apply(Pay({"food": 1, "gold": 1}))
    assert isinstance(s.game.pending[-1], ReuseUnitDecision) and city.activations == 1
    assert res(s) == {"food": 1, "wood": 7, "ore": 7, "mood": 0, "culture": 0}
    s.apply(ReuseUnit(s.game.pending[-1].candidates[0]))
    assert own_units(s, "C3") == ["settler"] and s.game.actions_left == 2


def test_recruit_refused_when_no_piece_is_left_and_none_can_be_reused():
    s, city = recruiter(buildings={"port": 0}, port_space="C4")
    s.units(0, "settler", "C3", s.game.rules.units["settler"].limit)  # all already in the city
    ships = [s.unit(0, "ship", "B2") for _ in range(s.game.rules.units["ship"].limit - 1)]
    for ship in ships:
        s.unit(0, "infantry", "B2", carrier=ship)  # a loaded ship cannot be reused
    s.unit(0, "ship", "C4")  # already on the port space
    options = {a.units for a in s.legal_of(Recruit)}
    assert options == {("infantry",), ("infantry", "infantry")}
    assert_refused(s, Recruit(city.id, ("settler",)), "no Settler piece left to recruit or reuse")
    assert_refused(s, Recruit(city.id, ("ship",)), "no Ship piece left to recruit or reuse")


def test_recruit_refuses_unsorted_empty_unknown_and_unaffordable():
    s, city = recruiter(mood="happy")
    assert_refused(s, Recruit(city.id, ("settler", "infantry")), "sorted order")
    assert_refused(s, Recruit(city.id, ()), "at least one")
    assert_refused(s, Recruit(city.id, ("dragon",)), "no unit kind")
    s.resources(0, food=1, gold=0)
    assert_refused(s, Recruit(city.id, ("settler",)), "cannot pay")


# ------------------------------------------------------------------ speed helper


def test_affordable_agrees_with_can_pay():
    s = board()
    player = s.player(0)
    rng = random.Random(5)
    kinds = ("food", "wood", "ore", "ideas", "gold", "mood", "culture")
    for _ in range(400):
        s.resources(0, **{k: rng.randint(0, 3) for k in kinds})
        cost = {k: rng.randint(0, 2) for k in rng.sample(kinds, rng.randint(1, 3))}
        assert affordable(s.game, player, cost) == can_pay(s.game, player, cost), cost


def test_every_action_listed_for_many_cities_passes_the_full_check():
    """Six cities with many spaces, buildings and resources list well over a hundred actions; each is
    accepted as a human's click would be (its rule's separate check included). How fast they are
    listed is measured by `python -m bench.engine` (legal actions, late game)."""
    s = board()
    s.advances(0, "Fishing", "Irrigation", "Writing", "Myths", "Bartering")
    s.resources(0, food=2, wood=7, ore=7, gold=7)
    for label in ("D2", "B6", "C7", "D6", "E5", "F7"):
        s.city(0, label, mood="happy", buildings={"market": 0, "temple": 0, "academy": 0})
    actions = legal_actions(s.game)
    assert len(actions) > 100
    assert {a.KIND for a in actions} >= {"collect", "recruit", "construct"}
    for action in actions:
        apply(copy_game(s.game), action)  # raises RuleError if the listing offered what the rules refuse
