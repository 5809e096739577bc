"""The 2012 edition's wonders: turned face up by Engineering and Monuments and built by anyone who may, or
claimed with Monuments; 5 VP to their owner; no size for their city; and the seven powers."""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    Advance,
    BuildWonder,
    ChooseOption,
    ChooseToken,
    Collect,
    Construct,
    InfluenceCulture,
    MoveUnits,
    StartMove,
    UseAbility,
)
from civgame.games.clash.core.decisions import EffectChoiceDecision, MoveDecision
from civgame.games.clash.rules.actions.cities import collect_options
from civgame.games.clash.rules.base.scoring import score_sheet, winners
from tests.classic import classic_board, die

COST = {"food": 5, "wood": 6, "ore": 7}


def refused(s, action, match):
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=match):
        s.apply(action)
    assert to_plain(s.game) == before


def face_up(s, *wonders):
    deck = s.game.decks["wonder"].draw
    deck[:] = [w for w in deck if w not in wonders]
    s.game.revealed_wonders = list(wonders)


def builder(wonder, mood="neutral", **buildings):
    """Player 0 may build `wonder`, face up, in a city of the mood at D2 (their only city)."""
    s = classic_board()
    s.advances(0, "Engineering", s.game.rules.wonders[wonder].advance)
    s.resources(0, **COST)
    s.player(0).culture_level, s.player(0).culture_tokens = 8, 5
    face_up(s, wonder)
    return s, s.city(0, "D2", mood=mood, buildings=buildings)


def test_engineering_turns_the_top_wonder_face_up_for_every_player():
    s = classic_board()
    s.resources(0, food=2)
    top = s.game.decks["wonder"].draw[-1]
    s.apply(Advance("Engineering"))
    assert s.game.revealed_wonders == [top] and s.player(0).wonder_cards == []


def test_a_face_up_wonder_is_built_in_a_neutral_city_gives_its_owner_5_vp_and_no_size():
    s, city = builder("great_gardens")
    s.apply(BuildWonder(city.id, "great_gardens"))  # one city of size 1: a Monumental wonder would not fit
    assert city.wonders == ["great_gardens"] and s.game.city_size(city) == 1
    assert s.game.revealed_wonders == [] and s.game.actions_left == 2 and city.activations == 1
    assert score_sheet(s.game, 0)["wonders"] == 5
    city.owner = 1  # a conqueror takes the wonder and its points; its builder keeps none
    assert score_sheet(s.game, 1)["wonders"] == 5 and score_sheet(s.game, 0)["wonders"] == 0


def test_no_wonder_in_an_angry_city_nor_a_second_one_in_a_city():
    s, city = builder("great_gardens", mood="angry")
    refused(s, BuildWonder(city.id, "great_gardens"), "only be built in a Happy or Neutral city")
    s, city = builder("great_gardens")
    city.wonders.append("great_wall")
    refused(s, BuildWonder(city.id, "great_gardens"), "already holds the most wonders a city may")


def test_monuments_turns_one_up_and_claims_a_wonder_only_its_claimer_builds_at_no_action_cost():
    s, city = builder("great_statue")
    s.lose_advances(0, "Monuments")
    s.advances(0, "Art & Sculptures")
    face_up(s, "great_wall")
    s.game.decks["wonder"].draw.append("great_statue")  # on top
    s.advances(1, "Engineering", "Siegecraft")
    s.resources(0, food=2)
    s.apply(Advance("Monuments"))
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.options == ["Great Wall", "Great Statue"]
    s.apply(ChooseOption("Great Statue"))
    assert s.player(0).wonder_cards == ["great_statue"] and s.game.revealed_wonders == ["great_wall"]
    s.resources(0, **COST)
    s.game.actions_left = 0
    s.apply(BuildWonder(city.id, "great_statue"))
    assert city.wonders == ["great_statue"]


def test_a_wonder_claimed_by_another_player_cannot_be_built():
    s, city = builder("great_gardens")
    s.game.revealed_wonders = []
    s.player(1).wonder_cards = ["great_gardens"]
    refused(s, BuildWonder(city.id, "great_gardens"), "not face up for Player 1 to build")


def test_great_gardens_adds_a_food_to_its_citys_collect_and_raises_a_mood_as_an_action():
    s, city = builder("great_gardens")
    s.apply(BuildWonder(city.id, "great_gardens"))
    s.advances(0, "Storage")
    s.resources(0, food=0, wood=0, ore=0)
    s.apply(Collect(city.id, collect_options(s.game, city)[0]))
    assert s.player(0).resources["food"] == 1 + sum(1 for _, what in s.game.history[-1]["picks"] if what == "food")
    assert city.mood == "angry"  # activated a second time this turn
    s.player(0).happiness_level, s.player(0).mood_tokens = 3, 1
    s.apply(UseAbility("Great Gardens", "mood_steps", ("D2", "1")))
    assert city.mood == "neutral" and s.player(0).mood_tokens == 0 and s.game.actions_left == 0


def test_great_library_gives_2_ideas_and_an_idea_in_each_turn_the_left_neighbour_learns_what_its_owner_lacks():
    s, city = builder("great_library")
    s.apply(BuildWonder(city.id, "great_library"))
    assert s.player(0).resources["ideas"] == 2
    s.turn(1)
    s.resources(1, food=4)
    s.apply(Advance("Storage"))
    s.apply(Advance("Irrigation"))  # a second advance in the same turn gives nothing more
    assert s.player(0).resources["ideas"] == 3
    s.turn(0)
    s.turn(1)
    s.advances(0, "Fishing")
    s.resources(1, food=2)
    s.apply(Advance("Fishing"))  # one its owner has: nothing
    assert s.player(0).resources["ideas"] == 3


def test_great_lighthouse_brings_a_ship_and_lets_one_ship_move_after_its_city_is_activated():
    s = classic_board()
    s.advances(0, "Engineering", "Fishing", "Cartography")
    s.resources(0, **COST)
    s.player(0).culture_level, s.player(0).culture_tokens = 8, 5
    face_up(s, "great_lighthouse")
    city = s.city(0, "B3", buildings={"port": 0}, port_space="B4")
    s.apply(BuildWonder(city.id, "great_lighthouse"))  # its activation: one ship to move, the new one
    assert [u.pos for u in s.game.units_of(0, "ship")] == [s.hex("B4")]
    assert isinstance(s.game.pending[-1], MoveDecision)
    s.apply(MoveUnits((s.game.units_of(0, "ship")[0].id,), s.hex("C4")))
    s.unit(0, "ship", "C4")
    s.resources(0, food=0, wood=0, ore=0)
    s.apply(Collect(city.id, collect_options(s.game, city)[0]))
    decision = s.game.pending[-1]
    assert isinstance(decision, MoveDecision) and decision.groups_left == 1 and decision.single_units
    moves = list(s.legal_of(MoveUnits))
    assert moves and all(len(m.units) == 1 for m in moves)  # the two ships at C4 never move together


def test_great_mausoleum_builds_temples_without_activating_and_tolls_attackers():
    s, city = builder("great_mausoleum")
    s.apply(BuildWonder(city.id, "great_mausoleum"))
    other = s.city(0, "B6")
    s.advances(0, "Myths")
    s.resources(0, food=1, wood=1, ore=1)
    s.apply(Construct(other.id, "temple"))
    s.apply(ChooseToken("culture"))
    assert other.activations == 0 and s.game.actions_left == 1
    attacker = s.units(1, "infantry", "C2", 2)
    s.advances(1, "Tactics")
    s.turn(1)
    s.apply(StartMove())
    attacks = [m for m in s.legal_of(MoveUnits) if m.to == city.pos]
    assert attacks == []  # two army units cost 2 mood or culture tokens, which player 1 lacks
    s.player(1).culture_level, s.player(1).culture_tokens = 2, 2
    assert MoveUnits(tuple(sorted(u.id for u in attacker)), city.pos) in s.legal_of(MoveUnits)


def test_the_great_pyramids_win_ties_and_their_city_makes_two_attempts_at_no_action_cost():
    s, city = builder("pyramids")
    target = s.city(1, "E2", buildings={"temple": 1})
    s.apply(BuildWonder(city.id, "pyramids"))
    assert s.player(0).free_attempts_from == [city.id, city.id]
    s.game.actions_left = 0
    s.fix_dice(die(1), die(2))
    s.apply(InfluenceCulture(city.id, target.id, "temple", 0))
    s.apply(InfluenceCulture(city.id, target.id, "temple", 0))
    assert s.player(0).free_attempts_from == [] and s.game.actions_left == 0
    assert target.buildings == {"temple": 1} and not s.legal_of(InfluenceCulture)


def test_the_great_pyramids_break_a_tie_for_their_owner():
    s = classic_board()
    s.city(0, "D2", wonders=["pyramids"])
    s.city(1, "F2", wonders=["great_wall"])
    assert winners(s.game) == [0]


def test_the_great_statue_reaches_one_further_and_shields_its_owners_cities_within_2():
    s, city = builder("great_statue")
    s.apply(BuildWonder(city.id, "great_statue"))
    near = s.city(0, "F2", buildings={"temple": 0})
    far = s.city(0, "B6", buildings={"temple": 0})
    rival = s.city(1, "D5", buildings={"academy": 1})
    s.player(1).culture_level, s.player(1).culture_tokens = 8, 8
    s.turn(1)
    targets = {a.target for a in s.legal_of(InfluenceCulture)}
    assert far.id in targets and city.id not in targets and near.id not in targets
    s.player(0).culture_tokens = 8
    s.turn(0)
    distance = s.game.distances_from(city.pos)[rival.pos]
    tokens = {a.range_tokens for a in s.legal_of(InfluenceCulture) if a.source == city.id and a.target == rival.id}
    assert tokens == {max(0, distance - 2)}  # size 1, +1 with the Statue


def test_the_great_wall_bars_attacks_on_fortress_cities_to_players_without_siegecraft_who_then_siege_for_free():
    s = classic_board()
    s.city(0, "B6", wonders=["great_wall"])
    fort = s.city(0, "D2", buildings={"fortress": 0})
    s.advances(0, "Tactics")
    attackers = s.units(1, "infantry", "C2", 2)
    s.advances(1, "Tactics")
    s.turn(1)
    s.apply(StartMove())
    group = MoveUnits(tuple(sorted(u.id for u in attackers)), fort.pos)
    assert group not in s.legal_of(MoveUnits)
    refused(s, group, "only a player with Siegecraft may attack D2")
    s.advances(1, "Siegecraft")
    s.resources(1, wood=0, ore=0)
    s.fix_dice(die(3), die(3))
    s.apply(group)
    assert "Player 2 cancels the fortress's extra_dice and hit_cancel at no cost (Great Wall)" in s.game.log
    assert fort.owner == 1  # no fortress die rolled, no hit cancelled: the empty city is taken
