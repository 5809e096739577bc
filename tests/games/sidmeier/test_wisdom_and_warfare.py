"""Wisdom and Warfare [004 W&W]: social policies (the maximum, adopting and returning, each of the eight
policies' effects) and building programs; with Fame and Fortune too."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import (
    AdoptPolicy,
    BeginMove,
    BuildFigure,
    BuyCultureCard,
    BuyTech,
    ChooseUnit,
    Devote,
    KeepGreatPerson,
    ReturnPolicy,
    StartProgram,
)
from civgame.games.sidmeier.core.decisions import (
    CityTurn,
    FreeUnits,
    GreatPersonDraw,
    MovementTurn,
    PlaceGreatPerson,
    PolicyChoice,
    StartTurn,
)
from civgame.games.sidmeier.rules.base import board, effects, pieces, yields
from civgame.games.sidmeier.rules.turn import start
from tests.games.sidmeier.scenario import Scenario
from tests.games.sidmeier.test_fame_and_fortune import two_cities

WAW = "wisdom-and-warfare"
RULES = load_rules(expansions=[WAW])


def player(*policies: str, expansions=(WAW,)) -> Scenario:
    """Seat 0 with a capital at (5,5) and another city at (9,5), holding `policies`."""
    s = two_cities(list(expansions))
    s.game.players[0].policies = list(policies)
    s.game.players[1].policies = ["patronage"]
    s.refresh()
    return s


# ------------------------------------------------------------------ the maximum, adopting, returning


def test_the_base_game_and_fame_and_fortune_have_no_policies():
    assert not load_rules().policy_cards and not load_rules(expansions=["fame-and-fortune"]).policies
    assert len(RULES.policy_cards) == 4 and len(RULES.policies) == 8


def test_each_player_adopts_a_policy_when_placing_the_capital_at_setup():
    s = Scenario(players=2, civs=["germany", "china"], expansions=[WAW], empty=False)
    assert all(len(p.policies) == 1 for p in s.game.players)


def test_a_new_city_raises_the_maximum_and_a_policy_must_be_adopted_from_a_card_not_held():
    s = player("rationalism")
    s.game.players[0].policies = ["rationalism"]  # one policy, two cities: one more is due
    s.decide(StartTurn(0), phase="start_of_turn")
    s.game.pending.append(PolicyChoice(0, adopt=True))
    s.refresh()
    choices = {a.policy for a in s.legal() if isinstance(a, AdoptPolicy)}
    assert choices == set(RULES.policies) - {"rationalism", "patronage"}  # never the other side of a held card
    assert "a card you do not hold" in s.why(AdoptPolicy("patronage"))
    s.apply(AdoptPolicy("pacifism"))
    assert s.game.players[0].policies == ["rationalism", "pacifism"]


def test_the_rules_ask_for_a_policy_whenever_the_maximum_and_the_policies_differ():
    from civgame.games.sidmeier.rules.expansions import policies

    s = player("rationalism")
    s.decide(StartTurn(0), phase="start_of_turn")
    assert policies.settle(s.game) and s.game.pending[-1] == PolicyChoice(0, adopt=True)
    s.apply(AdoptPolicy("expansionism"))
    assert not policies.settle(s.game)
    s.game.cities.remove(s.other)  # the city is lost: the maximum falls
    s.refresh()
    assert policies.settle(s.game) and s.game.pending[-1] == PolicyChoice(0, adopt=False)
    s.apply(ReturnPolicy("rationalism"))
    assert s.game.players[0].policies == ["expansionism"]


# ------------------------------------------------------------------ each policy


def start_turn(s: Scenario) -> None:
    s.decide(StartTurn(0), phase="start_of_turn")
    start.automatic(s.game, 0)


def test_rationalism_buys_a_level_one_tech_for_6_and_a_level_two_for_11_each_once_a_turn():
    s = player("rationalism", "expansionism")
    s.game.players[0].trade = 20
    start_turn(s)
    s.game.players[0].trade = 20
    s.refresh()
    level_one = [a for a in s.legal() if isinstance(a, BuyTech) and RULES.techs[a.tech].level == 1]
    s.apply(level_one[0])
    assert s.game.players[0].trade == 14 and level_one[0].tech in s.game.players[0].techs
    assert not [a for a in s.legal() if isinstance(a, BuyTech) and RULES.techs[a.tech].level == 1]
    s.game.players[0].trade = 10
    s.refresh()
    assert not [a for a in s.legal() if isinstance(a, BuyTech)]  # 11 trade for level II
    assert "trade" in s.why(BuyTech("monarchy"))


def test_patronage_buys_a_culture_card_for_one_culture_once_a_turn():
    s = player("patronage", "expansionism")
    s.game.players[1].policies = ["rationalism"]
    s.game.players[0].culture = 2
    start_turn(s)
    hand = len(s.game.players[0].hand)
    s.apply(BuyCultureCard())
    assert len(s.game.players[0].hand) == hand + 1 and s.game.players[0].culture == 1
    assert BuyCultureCard() not in s.legal()


def test_natural_religion_lets_a_lone_army_move_one_square_farther():
    s = player("natural_religion", "expansionism")
    army = s.figure(0, "army", 6, 2)
    group = [s.figure(0, "army", 8, 2), s.figure(0, "army", 8, 2)]
    for fig in [army, *group]:
        fig.start_pos = fig.pos
    s.decide(MovementTurn(0), phase="movement")
    speed = board.travel_speed(s.game, 0)
    s.apply(BeginMove((army.id,)))
    assert s.game.pending[-1].left == speed + 1
    s.decide(MovementTurn(0), phase="movement")
    s.apply(BeginMove(tuple(f.id for f in group)))
    assert s.game.pending[-1].left == speed


def test_organized_religion_gives_a_coin_and_a_choice_of_two_great_people():
    s = player("rationalism", "expansionism")
    coins = yields.coins(s.game, 0)
    s.game.players[0].policies = ["organized_religion", "expansionism"]
    s.refresh()
    assert yields.coins(s.game, 0) == coins + 1
    s.decide(StartTurn(0), phase="start_of_turn")
    pile = len(s.game.great_people)
    pieces.gain_great_person(s.game, 0)
    drawn = s.game.pending[-1]
    assert isinstance(drawn, GreatPersonDraw) and len(drawn.markers) == 2 and not s.problems()
    kept, other = drawn.markers
    s.apply(KeepGreatPerson(kept))
    assert s.game.players[0].reserve == [kept] and s.game.great_people[0] == other
    assert len(s.game.great_people) == pile - 1 and isinstance(s.game.pending[-1], PlaceGreatPerson)


def test_expansionism_gives_a_trade_per_city_at_start_of_turn():
    s = player("expansionism", "pacifism")
    start_turn(s)
    assert s.game.players[0].trade == 2  # two cities


def test_urban_development_rewards_a_city_with_two_different_buildings_or_wonders():
    s = player("urban_development", "pacifism")
    production, culture = yields.production(s.game, s.capital), yields.arts_culture(s.game, s.capital)
    s.build(0, 6, 6, "building", next(iter(RULES.faces)))
    one = yields.production(s.game, s.capital)
    second = [f for f in RULES.faces if RULES.faces[f].family.id != RULES.faces[next(iter(RULES.faces))].family.id]
    s.build(0, 4, 4, "building", second[0])
    assert yields.production(s.game, s.capital) > one
    gained = yields.production(s.game, s.capital) - production
    icons = sum(RULES.faces[f].face.icons.production for f in (next(iter(RULES.faces)), second[0]))
    assert gained == icons + 3 - 2  # the two squares' own production gives way to the buildings'
    assert yields.arts_culture(s.game, s.capital) >= culture + 2


def test_pacifism_lets_scouts_explore_huts_and_gives_culture_with_a_scout_on_the_map():
    s = player("pacifism", "expansionism")
    assert effects.has(s.game, 0, "scouts_explore_huts")
    start_turn(s)
    assert s.game.players[0].culture == 1
    s.figure(0, "scout", 7, 2)
    s.game.players[0].culture = 0
    start_turn(s)
    assert s.game.players[0].culture == 2


def test_military_tradition_builds_a_free_unit_with_the_first_army_of_a_turn():
    s = player("military_tradition", "expansionism")
    s.game.players[0].trade = 20
    s.decide(CityTurn(0), phase="city_management")
    build = next(a for a in s.legal() if isinstance(a, BuildFigure) and a.figure == "army")
    s.apply(build)
    assert isinstance(s.game.pending[-1], FreeUnits)
    standing = len(s.game.players[0].standing)
    s.apply(ChooseUnit("infantry"))
    assert len(s.game.players[0].standing) == standing + 1
    second = next(a for a in s.legal() if isinstance(a, BuildFigure) and a.figure == "army")
    s.apply(second)
    assert not isinstance(s.game.pending[-1], FreeUnits)  # only the first army of the turn


def test_every_policy_has_a_test():
    tested = {
        "rationalism",
        "patronage",
        "natural_religion",
        "organized_religion",
        "expansionism",
        "urban_development",
        "pacifism",
        "military_tradition",
    }
    assert tested == set(RULES.policies)


# ------------------------------------------------------------------ building programs


def test_a_building_program_is_a_city_action_that_doubles_the_next_builds_outskirts_production():
    s = player("expansionism", "pacifism")
    s.decide(CityTurn(0), phase="city_management")
    own = yields.city_icons(s.game, s.capital)[yields.PRODUCTION]
    s.apply(StartProgram(s.capital.id))
    assert s.capital.program and s.capital.actions == 1
    assert StartProgram(s.other.id) in s.legal() and StartProgram(s.capital.id) not in s.legal()
    assert yields.production(s.game, s.capital) == 2 * own  # (the action is taken: it builds next turn)
    s.capital.actions = s.capital.spent = 0
    s.refresh()
    build = next(a for a in s.legal() if isinstance(a, BuildFigure) and a.city == s.capital.id)
    s.apply(build)
    assert not s.capital.program and yields.production(s.game, s.capital) == 0  # the rest is wasted
    assert "its building program is used" in " ".join(s.game.log)


def test_a_city_with_a_building_program_that_devotes_keeps_it():
    s = player("expansionism", "pacifism")
    s.capital.program = True
    s.decide(CityTurn(0), phase="city_management")
    s.apply(Devote(s.capital.id))
    assert s.capital.program


def test_without_wisdom_and_warfare_there_are_no_building_programs():
    s = player(expansions=())
    s.game.players[0].policies = []
    s.decide(CityTurn(0), phase="city_management")
    assert "Wisdom and Warfare" in s.why(StartProgram(s.capital.id))


@pytest.mark.parametrize("count, seed", [(2, 21), (3, 22)])
def test_random_games_with_both_expansions_keep_the_invariants(count, seed):
    from tests.games.sidmeier.test_random_games import play_checked

    game = play_checked(count, seed, expansions=["fame-and-fortune", WAW])
    assert game.phase == "over" and all(p.policies for p in game.players)
    assert any(city.expansion >= 0 for city in game.cities)  # (Fame and Fortune's metropolises too)


@pytest.mark.parametrize("count, seed", [(2, 31), (4, 32)])
def test_random_games_with_wisdom_and_warfare_keep_the_invariants(count, seed):
    from tests.games.sidmeier.test_random_games import play_checked

    game = play_checked(count, seed, expansions=[WAW])
    assert game.phase == "over"
    fought = [line for line in game.log if line.startswith("The battle ends")]
    assert fought and any(" health)." in line for line in game.log)  # battles of strength and health units


def test_the_replacement_governments_leonidas_and_endowment_for_the_arts_are_played_as_before_marked_provisional():
    from civgame.games.sidmeier.content.describe import describe

    faf, both = load_rules(expansions=["fame-and-fortune"]), load_rules(expansions=["fame-and-fortune", WAW])
    replaced = ["leonidas", "endowment_for_the_arts", *(g for g in RULES.governments if g != "anarchy")]
    for key in replaced:
        assert describe(both, key) == describe(faf, key) and "(provisional" in describe(both, key), key
    assert describe(RULES, "feudalism") == describe(load_rules(), "feudalism")
