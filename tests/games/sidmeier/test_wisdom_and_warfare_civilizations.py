"""Wisdom and Warfare's civilizations [004 W&W SETUP] [catalogue civilizations.md]: dealt only with the
expansion, their setup and each ability (switched off, the test fails), and a seeded random game with each."""

from __future__ import annotations

import pytest

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import ChooseUnit
from civgame.games.sidmeier.core.decisions import FreeUnits, PlaceGreatPerson
from civgame.games.sidmeier.rules.base import board, pieces
from civgame.games.sidmeier.rules.flow.controller import new_game
from tests.games.sidmeier.scenario import Scenario
from tests.games.sidmeier.test_combat import attack
from tests.games.sidmeier.test_fame_and_fortune_civilizations import without
from tests.games.sidmeier.test_random_games import SIDMEIER, play_checked

WAW = "wisdom-and-warfare"
NEW_CIVILIZATIONS = ["aztecs", "english", "french", "japanese", "mongols", "zulu"]


def started(civ: str, other: str = "germany") -> Scenario:
    """Seat 0 leads `civ` (seat 1 `other`) with Wisdom and Warfare, capitals at (5,5) and (14,5), every square
    grassland."""
    s = Scenario(players=2, civs=[civ, other], expansions=[WAW]).reveal_all("grassland", trade=1, production=1)
    s.capital = s.city(0, 5, 5, capital=True)
    s.city(1, 14, 5, capital=True)
    for seat in (0, 1):
        s.government(seat, "despotism")
        s.game.players[seat].trade = 0
    return s


def leading(civ: str, has_ability: bool, ability: str, monkeypatch: pytest.MonkeyPatch) -> Scenario:
    """`started(civ)`, with the civilization's `ability` taken away unless `has_ability`."""
    s = started(civ)
    return s if has_ability else without(s, ability, monkeypatch)


def battle_at(s: Scenario, attacker: int = 0) -> None:
    """Seat `attacker`'s army at (8,4) is about to step east onto the other seat's army at (9,4)."""
    s.attackers = [s.figure(attacker, "army", 8, 4)]
    s.attackers[0].start_pos = s.attackers[0].pos
    s.defenders = [s.figure(1 - attacker, "army", 9, 4)]
    from civgame.games.sidmeier.core.decisions import MovementTurn

    s.decide(MovementTurn(attacker), phase="movement")


def fight_out(s: Scenario, until: str = "") -> None:
    """Play the battle to its end (or to its stage `until`), each unit attacking a front if it can, else the
    first legal choice."""
    attack(s)
    while s.game.battle is not None and s.game.battle.stage != until:
        legal = s.legal()
        s.apply(next((a for a in legal if getattr(a, "front", -1) >= 0), legal[0]))


@pytest.mark.parametrize("civ", NEW_CIVILIZATIONS)
def test_the_new_civilizations_are_dealt_only_with_wisdom_and_warfare(civ):
    assert new_game(2, 1, civilizations=[civ, "rome"], expansions=[WAW]).players[0].civ == civ
    with pytest.raises(RuleError, match="there is no civilization"):
        new_game(2, 1, civilizations=[civ, "rome"])
    with pytest.raises(RuleError, match="there is no civilization"):
        new_game(2, 1, civilizations=[civ, "rome"], expansions=["fame-and-fortune"])


@pytest.mark.parametrize("civ", NEW_CIVILIZATIONS)
def test_a_seeded_random_game_with_each_new_civilization_keeps_the_invariants(civ):
    game = play_checked(2, 7, civilizations=[civ, "rome"], expansions=[WAW])
    assert SIDMEIER.is_over(game) and SIDMEIER.outcome(game).winners


# ------------------------------------------------------------------ the Aztecs


def test_the_aztecs_start_with_irrigation_three_cities_and_a_capital_on_one_of_three_land_centre_squares():
    game = new_game(2, 1, civilizations=["aztecs", "rome"], expansions=[WAW])
    aztecs = game.players[0]
    assert aztecs.techs == ["irrigation"] and aztecs.government == "despotism"
    from civgame.games.sidmeier.rules.base import production

    assert production.max_cities(game, 0) == 3 and production.max_cities(game, 1) == 2
    centre = board.home_centre(game, 0)
    assert sum(board.is_water(game, p) for p in centre) == 1
    from civgame.games.sidmeier.core.actions import PlaceCapital

    while not any(isinstance(a, PlaceCapital) for a in SIDMEIER.legal_actions(game)) or game.actor() != 0:
        SIDMEIER.apply(game, SIDMEIER.legal_actions(game)[0])
    offered = [a.pos for a in SIDMEIER.legal_actions(game) if isinstance(a, PlaceCapital)]
    assert sorted(offered) == sorted(p for p in centre if not board.is_water(game, p))


@pytest.mark.parametrize("has_ability, trade", [(True, 3), (False, 0)])
def test_the_aztecs_gain_three_trade_for_each_battle_they_win(has_ability, trade, monkeypatch):
    s = leading("aztecs", has_ability, "trade_on_battle_won", monkeypatch)
    battle_at(s)
    s.units(0, ("mounted", 3))
    s.units(1, ("artillery", 2))
    fight_out(s)
    assert s.game.players[0].trade == trade and s.game.players[1].trade == 0


@pytest.mark.parametrize("has_ability, culture", [(True, 1), (False, 0)])
def test_the_aztecs_gain_a_culture_per_unit_killed_in_a_battle_they_fight_on_either_side_won_or_lost(
    has_ability, culture, monkeypatch
):
    s = leading("aztecs", has_ability, "culture_per_unit_killed", monkeypatch)
    battle_at(s, attacker=1)  # Germany attacks and wins: the Aztec unit is killed
    s.units(1, ("mounted", 3))
    s.units(0, ("artillery", 2))
    s.game.players[0].culture = s.game.players[1].culture = 0
    fight_out(s)
    assert s.game.battle is None and s.game.players[0].culture == culture and s.game.players[1].culture == 0
    assert s.game.players[0].trade == 0  # a battle lost: no trade


@pytest.mark.parametrize("has_ability", [True, False])
def test_the_aztecs_build_up_to_two_unlocked_units_free_on_gaining_a_great_person(has_ability, monkeypatch):
    s = leading("aztecs", has_ability, "free_units_on_great_person", monkeypatch)
    pieces.gain_great_person(s.game, 0)
    assert isinstance(s.game.pending[-1], PlaceGreatPerson)  # the great person first
    s.game.pending.pop()
    if not has_ability:
        assert not any(isinstance(d, FreeUnits) for d in s.game.pending)
        return
    assert s.game.pending[-1] == FreeUnits(0, left=2, source="aztecs")
    standing = len(s.game.players[0].standing)
    s.apply(ChooseUnit("infantry"))
    s.apply(ChooseUnit("mounted"))
    assert len(s.game.players[0].standing) == standing + 2
    assert not any(isinstance(d, FreeUnits) for d in s.game.pending)


def test_the_aztecs_may_build_fewer_free_units():
    s = started("aztecs")
    pieces.gain_great_person(s.game, 0)
    s.game.pending.pop()
    s.apply(ChooseUnit(""))
    assert not any(isinstance(d, FreeUnits) for d in s.game.pending)  # declined: nothing more built


# ------------------------------------------------------------------ England


def test_england_starts_with_navy_and_may_build_a_shipyard_at_once():
    game = new_game(2, 1, civilizations=["english", "rome"], expansions=[WAW])
    assert game.players[0].techs == ["navy"] and game.players[0].government == "despotism"
    from civgame.games.sidmeier.rules.base import production

    assert "shipyard" in production.unlocked_faces(game, 0) and "shipyard" not in production.unlocked_faces(game, 1)


@pytest.mark.parametrize("has_ability", [True, False])
def test_englands_armies_gather_their_square_as_scouts_do(has_ability, monkeypatch):
    from civgame.games.sidmeier.rules.base import yields
    from civgame.games.sidmeier.rules.turn import start

    s = leading("english", has_ability, "armies_gather", monkeypatch)
    s.square(s.pos(9, 5), "grassland", trade=3, resource="wheat")
    army = s.figure(0, "army", 9, 5)
    start.default_scouts(s.game, 0)
    gathered = s.pos(9, 5) in yields.city_squares(s.game, 0)[s.capital.id]
    assert gathered == has_ability and (army.gathers_for == s.capital.id) == has_ability
    assert s.problems() == []


def test_an_english_army_is_sent_to_gather_for_another_city_like_a_scout():
    from civgame.games.sidmeier.core.actions import AssignScout
    from civgame.games.sidmeier.core.decisions import StartTurn

    s = started("english")
    other = s.city(0, 10, 1)
    army = s.figure(0, "army", 9, 5)
    s.decide(StartTurn(0), phase="start_of_turn")
    assert AssignScout(army.id, other.id) in s.legal()
    s.apply(AssignScout(army.id, other.id))
    assert army.gathers_for == other.id


@pytest.mark.parametrize("has_ability, mode", [(True, "cross"), (False, "none")])
def test_englands_figures_cross_water_without_ending_a_move_there(has_ability, mode, monkeypatch):
    s = leading("english", has_ability, "water_movement", monkeypatch)
    assert board.water_mode(s.game, 0) == mode


# ------------------------------------------------------------------ France


def test_france_starts_with_pottery_and_adopts_two_social_policies_at_setup():
    s = Scenario(players=2, civs=["french", "rome"], expansions=[WAW], empty=False)
    france, rome = s.game.players
    assert france.techs == ["pottery"] and france.government == "despotism"
    assert len(france.policies) == 2 and len(rome.policies) == 1


@pytest.mark.parametrize("has_ability, most", [(True, 2), (False, 1)])
def test_frances_social_policy_maximum_is_one_higher(has_ability, most, monkeypatch):
    from civgame.games.sidmeier.rules.expansions import policies

    s = leading("french", has_ability, "policy_maximum_bonus", monkeypatch)
    assert policies.maximum(s.game, 0) == most and policies.maximum(s.game, 1) == 1


@pytest.mark.parametrize("attacking", [True, False])
@pytest.mark.parametrize("has_ability, bonus", [(True, 2), (False, 0)])
def test_france_has_a_combat_bonus_of_two_in_every_battle(attacking, has_ability, bonus, monkeypatch):
    from civgame.games.sidmeier.rules.combat import battles

    s = leading("french", has_ability, "combat_bonus", monkeypatch)
    battle_at(s, attacker=0 if attacking else 1)
    attack(s)
    side = battles.ATTACKER if attacking else battles.DEFENDER
    assert battles.combat_bonus(s.game, s.game.battle, side) == bonus
    assert battles.combat_bonus(s.game, s.game.battle, 1 - side) == 0


# ------------------------------------------------------------------ Japan


def test_japan_starts_with_chivalry_governed_by_feudalism_with_mounted_units_at_rank_2():
    game = new_game(2, 1, civilizations=["japanese", "rome"], expansions=[WAW])
    japan, rome = game.players
    assert japan.techs == ["chivalry"] and japan.government == "feudalism"
    assert japan.ranks["mounted"] == 2 and rome.ranks["mounted"] == 1


@pytest.mark.parametrize("has_ability, infantry", [(True, 4), (False, 3)])
def test_japanese_infantry_units_have_one_more_strength(has_ability, infantry, monkeypatch):
    from civgame.games.sidmeier.rules.combat import battles

    s = leading("japanese", has_ability, "unit_strength", monkeypatch)
    battle_at(s)
    foot, horse = s.units(0, ("infantry", 3), ("mounted", 3))
    attack(s)
    battle = s.game.battle
    assert battles.strength(s.game, battle, battles.ATTACKER, foot) == infantry
    assert battles.strength(s.game, battle, battles.ATTACKER, horse) == 4  # rank 2 (Chivalry), no bonus


@pytest.mark.parametrize("has_ability, costs", [(True, [3, 8, 13, 18, 23]), (False, [6, 11, 16, 21, 26])])
def test_japan_needs_three_trade_less_to_research_a_tech_of_any_level(has_ability, costs, monkeypatch):
    from civgame.games.sidmeier.rules.base import techs

    s = leading("japanese", has_ability, "research_discount", monkeypatch)
    by_level = {1: "pottery", 2: "mathematics", 3: "banking", 4: "computers", 5: "space_flight"}
    assert [techs.research_cost(s.game, 0, by_level[level]) for level in range(1, 6)] == costs


# ------------------------------------------------------------------ Mongolia


@pytest.mark.parametrize(
    "civ, tech, more",
    [("mongols", "horseback_riding", ["mounted", "mounted"]), ("zulu", "animal_husbandry", ["artillery", "artillery"])],
)
def test_mongolia_and_the_zulu_start_with_their_tech_and_two_more_units(civ, tech, more):
    game = new_game(2, 1, civilizations=[civ, "rome"], expansions=[WAW])
    player = game.players[0]
    assert player.techs == [tech] and player.government == "despotism"
    kinds = sorted(pieces.unit_type(game, card) for card in player.standing)
    assert kinds == sorted(["artillery", "infantry", "mounted", *more])


def test_mongolias_travel_speed_starts_at_3_with_horseback_riding():
    game = new_game(2, 1, civilizations=["mongols", "rome"], expansions=[WAW])
    assert board.travel_speed(game, 0) == 3 and board.travel_speed(game, 1) == 2


@pytest.mark.parametrize("attacking", [True, False])
@pytest.mark.parametrize("has_ability", [True, False])
def test_mongolia_gains_one_more_loot_when_it_wins_an_attack(attacking, has_ability, monkeypatch):
    s = leading("mongols", has_ability, "attacking_extra_loot", monkeypatch)
    battle_at(s, attacker=0 if attacking else 1)  # Mongolia is seat 0
    s.units(0, ("mounted", 3))
    s.units(1, ("artillery", 2))
    fight_out(s, until="loot")
    assert s.game.battle.winner == (0 if attacking else 1)  # Mongolia wins either way
    assert s.game.battle.loot == (2 if attacking and has_ability else 1)


def test_mongolia_gains_one_more_loot_for_killing_lone_scouts():
    s = started("mongols")
    battle_at(s)
    for fig in s.defenders:
        fig.kind = "scout"
    attack(s)
    assert s.game.battle.scouts_only and s.game.battle.loot == 2


# ------------------------------------------------------------------ the Zulu Kingdom


@pytest.mark.parametrize("has_ability", [True, False])
def test_zulu_armies_conquer_a_village_without_a_battle(has_ability, monkeypatch):
    from civgame.games.sidmeier.core.actions import BeginMove, Step
    from civgame.games.sidmeier.core.decisions import MovementTurn

    s = leading("zulu", has_ability, "villages_without_battle", monkeypatch)
    village = s.pos(9, 4)
    s.marker(village, "village", "wealth")
    army = s.figure(0, "army", 8, 4)
    army.start_pos = army.pos
    s.decide(MovementTurn(0), phase="movement")
    s.apply(BeginMove((army.id,)))
    s.apply(Step("east"))
    if not has_ability:
        assert s.game.battle is not None and s.game.battle.kind == "village"
        return
    assert s.game.battle is None and army.pos == village and s.game.squares[village].marker == -1
    assert "yields without a battle" in " ".join(s.game.log) and s.problems() == []
    assert pieces.SHEET in s.game.players[0].coin_tokens  # the Wealth village's coin


def zulu_founding(hut_result: str, has_ability: bool, monkeypatch) -> tuple[Scenario, object, int]:
    """A Zulu scout at (10,2) may build a city at the Start of Turn; a hut with `hut_result` lies at (11,3)."""
    from civgame.games.sidmeier.core.actions import FoundCity
    from civgame.games.sidmeier.core.decisions import StartTurn

    s = leading("zulu", has_ability, "cities_beside_huts", monkeypatch)
    hut = s.pos(11, 3)
    s.marker(hut, "hut", hut_result)
    scout = s.figure(0, "scout", 10, 2)
    s.decide(StartTurn(0), phase="start_of_turn")
    return s, FoundCity(scout.id), hut


@pytest.mark.parametrize("has_ability", [True, False])
def test_the_zulu_build_a_city_next_to_a_hut_and_explore_it_at_once(has_ability, monkeypatch):
    s, found, hut = zulu_founding("wheat", has_ability, monkeypatch)
    if not has_ability:
        assert s.why(found) == "a city cannot be built next to a hut or village"
        return
    s.apply(found)
    assert s.game.city_at(s.pos(10, 2)) is not None and s.game.squares[hut].marker == -1
    assert len(s.game.players[0].markers) == 1 and s.problems() == []  # the wheat marker, kept face down


def test_a_city_state_the_zulu_find_with_a_city_is_destroyed_for_three_culture(monkeypatch):
    s, found, hut = zulu_founding("city_state", True, monkeypatch)
    s.game.players[0].culture = 0
    s.apply(found)
    assert s.game.squares[hut].city_state == -1 and len(s.game.city_states_gone) == 1
    assert s.game.players[0].culture == 3 and s.problems() == []


def test_the_zulu_still_never_build_a_city_next_to_a_village():
    from civgame.games.sidmeier.rules.turn import start

    s = started("zulu")
    s.marker(s.pos(11, 3), "village", "wealth")
    assert start.why_no_city(s.game, 0, s.pos(10, 2)) == "a city cannot be built next to a hut or village"


def test_the_aztecs_and_france_are_described_as_provisional_for_their_house_rule_readings():
    from civgame.games.sidmeier.content.describe import describe
    from civgame.games.sidmeier.content.ruleset import load_rules

    rules = load_rules(expansions=[WAW])
    marked = {civ for civ in NEW_CIVILIZATIONS if "(provisional" in describe(rules, civ)}
    assert marked == {"aztecs", "french"}
