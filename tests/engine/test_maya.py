"""The Maya: partly from the sources, partly our own design (docs/rules-decisions.md). Each special
advance and leader ability is checked in play, so removing its effect fails its test."""

from civgame.games.clash.core.actions import Collect, Recruit, UseAbility
from civgame.games.clash.core.model import BARBARIAN
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.actions.influence import roll_bonuses
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game, random_pool
from tests.combat_helpers import attack, dice
from tests.engine.test_advance_effects_economy import board, held, picks
from tests.engine.test_civilizations import civ_scenario, land_battle, place_leader, recruiting


def maya_board():
    s = board()
    civilizations.take(s.game, s.player(0), "maya")
    civilizations.take(s.game, s.player(1), "rome")
    return s


def test_the_maya_are_playable_but_dealt_at_random_only_when_added(monkeypatch):
    game = new_game(2, 1)
    assert "maya" in civilizations.playable(game.rules)
    assert "maya" not in random_pool(game.rules)
    assert "maya" in random_pool(game.rules, also_random=["maya"])
    monkeypatch.setattr(civilizations, "complete", lambda civ: civ.name in ("Maya", "Rome"))
    dealt = new_game(2, 3, civilizations=["rome", "random"], also_random=["maya"])
    assert [p.civilization for p in dealt.players] == ["rome", "maya"]


def test_every_maya_piece_the_sources_do_not_print_is_marked_as_our_design():
    rules = new_game(2, 1).rules
    maya = rules.civilizations["maya"]
    pieces = [*maya.special_advances, *(a for leader in maya.leaders for a in leader.abilities)]
    assert maya.our_design
    assert {p.name for p in pieces if p.our_design} == {
        "Ballcourts",  # reworked from the older expansion
        "Calendar",  # reworked from the older expansion
        "Holy Lords",
        "Temple of the Inscriptions",
        "Overlord",
        "Snake Kingdom",
        "Warrior Queen",
        "Restorer of Naranjo",
    }
    others = [civ for key, civ in rules.civilizations.items() if key != "maya"]
    assert not any(p.our_design for civ in others for p in [*civ.special_advances, *civ.leaders[0].abilities])


def test_terrace_lets_cities_collect_wood_from_mountains():
    s = maya_board()
    city = s.city(0, "D2")
    assert (s.hex("D3"), "wood") not in {pick for a in s.legal_of(Collect) for pick in a.picks}
    gain_advance(s.game, s.player(0), "Irrigation", uses_event_cube=False)
    assert "Terrace" in s.player(0).special_advances
    s.apply(Collect(city.id, picks(s, ("D3", "wood"))))
    assert s.player(0).resources["wood"] == 1


def test_ballcourts_turn_a_mood_token_into_a_resource_once_a_turn():
    s = maya_board()
    s.resources(0, mood=2)
    gain_advance(s.game, s.player(0), "Sports", uses_event_cube=False)
    mine = [a for a in s.legal_of(UseAbility) if a.source == "Ballcourts"]
    assert len(mine) == 3
    s.apply(mine[1])
    assert s.player(0).resources["wood"] == 1 and s.player(0).mood_tokens == 2  # Sports gave one, one paid
    assert [a for a in s.legal_of(UseAbility) if a.source == "Ballcourts"] == []


def test_calendar_gives_an_idea_for_each_science_advance_from_then_on():
    s = maya_board()
    gain_advance(s.game, s.player(0), "Astronomy", uses_event_cube=False)
    assert "Calendar" in s.player(0).special_advances
    ideas = s.player(0).resources["ideas"]
    gain_advance(s.game, s.player(0), "Math", uses_event_cube=False)
    assert s.player(0).resources["ideas"] == ideas + 1
    gain_advance(s.game, s.player(0), "Fishing", uses_event_cube=False)  # not Science
    assert s.player(0).resources["ideas"] == ideas + 1


def test_holy_lords_give_a_culture_token_for_each_battle_won():
    s = civ_scenario("maya", "rome")
    gain_advance(s.game, s.player(0), "Voting", uses_event_cube=False)
    assert "Holy Lords" in s.player(0).special_advances
    culture = s.player(0).culture_tokens
    att = s.units(0, "infantry", "C2", 3)
    s.units(1, "infantry", "C2", 1)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), (1, "leader"), (2, "cavalry"))
    attack(s, 0, att, "C2", "D2")
    assert s.player(0).culture_tokens == culture + 1
    assert check_invariants(s.game) == []


def test_pakal_ignores_the_first_hit_in_a_city_with_an_obelisk():
    s = civ_scenario("maya", "rome")
    city = s.city(0, "C2")
    place_leader(s, 0, "Kʼinich Janaab Pakal I", "B6")
    city.buildings["obelisk"] = 0
    defenders = s.units(0, "infantry", "C2", 1)
    barbarians = s.units(BARBARIAN, "infantry", "C2", 1)
    dice(s, (6, "infantry"), (3, "elephant"), (1, "leader"), (2, "cavalry"))
    attack(s, BARBARIAN, barbarians, "C2", "D2", can_retreat=False)
    assert "Kʼinich Janaab Pakal I cancels 1 hit against Player 1" in s.game.log
    assert s.game.unit(defenders[0].id) is not None


def test_pakal_lets_his_city_collect_gold_from_mountains():
    s = maya_board()
    city = s.city(0, "D2")
    assert (s.hex("D3"), "gold") not in {pick for a in s.legal_of(Collect) for pick in a.picks}
    place_leader(s, 0, "Kʼinich Janaab Pakal I", "D2")
    s.apply(Collect(city.id, picks(s, ("D3", "gold"))))
    assert held(s) == {"gold": 1}


def test_yuknoom_cheen_adds_one_to_influence_rolls_against_others():
    s = civ_scenario("maya", "rome")
    own, other = s.city(0, "D2"), s.city(1, "B6")
    place_leader(s, 0, "Yuknoom Chʼeen II", "D2")
    assert [e.source for e in roll_bonuses(s.game, s.player(0), other)] == ["Yuknoom Chʼeen II"]
    assert roll_bonuses(s.game, s.player(0), own) == []


def test_yuknoom_cheen_gives_two_when_attacking_and_lady_six_sky_when_defending():
    s = civ_scenario("maya", "rome")
    assert land_battle(s, 1, 1, "Yuknoom Chʼeen II") == ["Player 1 gets +2 combat value from Yuknoom Chʼeen II"]
    s = civ_scenario("maya", "rome")
    assert land_battle(s, 1, 1, "Lady Six Sky") == []  # she fights only in defence


def test_lady_six_sky_gives_two_in_defence():
    s = civ_scenario("maya", "rome")
    place_leader(s, 0, "Lady Six Sky", "C2")
    s.units(0, "infantry", "C2", 1)
    attackers = s.units(1, "infantry", "C2", 1)
    dice(s, (3, "elephant"), (3, "elephant"), (3, "elephant"))
    attack(s, 1, attackers, "C2", "D2")
    assert "Player 1 gets +2 combat value from Lady Six Sky" in s.game.log


def test_lady_six_sky_gives_a_mood_token_for_recruiting_in_her_city():
    s, city = recruiting("maya", "rome")
    place_leader(s, 0, "Lady Six Sky", "D2")
    mood = s.player(0).mood_tokens
    s.apply(Recruit(city.id, ("infantry",), payment={"food": 1, "ore": 1}))
    assert s.player(0).mood_tokens == mood + 1
