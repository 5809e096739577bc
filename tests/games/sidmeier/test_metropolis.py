"""Fame and Fortune's four techs and the metropolis [004 F&F EXPANSION RULES: Metropolises] [catalogue
expansions.md §2, techs.md]: Agriculture grows the capital into a 2-square metropolis as soon as it can."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import (
    AdvanceCulture,
    BeginMove,
    Devote,
    EndCityManagement,
    EndStartOfTurn,
    FoundCity,
    FreeBuilding,
    GrowMetropolis,
    MoveOff,
    Step,
    StopMove,
    UseAbility,
)
from civgame.games.sidmeier.core.decisions import (
    CityTurn,
    Evacuate,
    MetropolisChoice,
    MovementTurn,
    Moving,
    StartTurn,
)
from civgame.games.sidmeier.rules.base import board, culture
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.turn import start
from tests.games.sidmeier.scenario import Scenario

FAF, WAW = "fame-and-fortune", "wisdom-and-warfare"
RULES = load_rules(expansions=[FAF])


def capital_at(x: int = 5, y: int = 5, expansions=(FAF,)) -> Scenario:
    """Seat 0 with its capital at (x,y) on a revealed grassland map, seat 1 with its capital far away."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=list(expansions)).reveal_all("grassland")
    s.home = s.city(0, x, y, capital=True)
    s.city(1, 14, 2, capital=True)
    return s


def learns_agriculture(s: Scenario) -> None:
    """Seat 0 knows Agriculture and ends its City Management: the rules then look for growing capitals."""
    s.techs(0, "agriculture")
    s.decide(CityTurn(0), phase="city_management")
    s.apply(EndCityManagement())


def grown(s: Scenario, x: int, y: int) -> None:
    learns_agriculture(s)
    s.apply(GrowMetropolis(s.pos(x, y)))


# ------------------------------------------------------------------ the four techs


def test_fame_and_fortune_adds_its_four_techs_at_their_levels():
    levels = {t: RULES.techs[t].level for t in ("agriculture", "mysticism", "ecology", "plastics")}
    assert levels == {"agriculture": 1, "mysticism": 2, "ecology": 3, "plastics": 4}
    assert not {"agriculture", "mysticism"} & set(load_rules().techs)
    assert [t for t in levels if RULES.techs[t].provisional] == ["mysticism", "ecology", "plastics"]


def test_mysticism_makes_every_richer_rival_discard_a_coin_token():
    s = capital_at()
    s.city(1, 14, 6)
    s.techs(0, "writing", "pottery", "mysticism").give(0, incense=1)
    s.game.players[1].coin_tokens = {"sheet": 1, "pottery": 2}
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(UseAbility("mysticism", ("token:incense",)))
    assert s.game.players[1].coin_tokens == {"pottery": 2}
    assert "Player 2 discards a coin token." in s.game.log
    s.game.players[0].used.clear()
    s.give(0, incense=1)
    s.game.players[0].coin_tokens = {"sheet": 5}
    s.apply(UseAbility("mysticism", ("token:incense",)))
    assert s.game.players[1].coin_tokens == {"pottery": 2}  # no longer richer: untouched


def test_ecology_takes_two_trade_off_each_culture_space():
    s = capital_at()
    s.game.players[0].track = 7  # the next space costs 5 culture and 3 trade
    s.game.players[0].trade = 0
    assert culture.next_cost(s.game, 0) == (5, 3)
    s.techs(0, "ecology")
    assert culture.next_cost(s.game, 0) == (5, 1)
    s.give(0, culture=5, trade=1)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(AdvanceCulture())
    assert s.game.players[0].track == 8 and s.game.players[0].trade == 0


def test_plastics_lets_a_city_use_its_action_to_build_a_building_free():
    s = capital_at()
    s.techs(0, "pottery")
    s.decide(CityTurn(0), phase="city_management")
    assert not [a for a in s.legal() if isinstance(a, FreeBuilding)]
    s.techs(0, "plastics")
    free = [a for a in s.legal() if isinstance(a, FreeBuilding)]
    assert free and {a.source for a in free} == {"plastics"}
    s.apply(free[0])
    assert s.home.actions == 1 and s.game.squares[free[0].pos].improvement is not None


# ------------------------------------------------------------------ growing a metropolis


def test_learning_agriculture_asks_for_the_expansion_square_at_once():
    s = capital_at()
    learns_agriculture(s)
    assert s.game.pending[-1] == MetropolisChoice(0)
    assert set(s.legal()) == {GrowMetropolis(s.pos(x, y)) for x, y in ((5, 4), (6, 5), (5, 6), (4, 5))}
    s.apply(GrowMetropolis(s.pos(6, 5)))
    assert s.home.centre() == [s.pos(5, 5), s.pos(6, 5)]
    assert s.game.city_at(s.pos(6, 5)) is s.home
    assert "Player 1's capital grows into a metropolis over (6,5)." in s.game.log
    assert not s.problems()


def test_a_metropolis_has_the_ten_squares_around_both_centre_squares_as_outskirts():
    s = capital_at()
    grown(s, 6, 5)
    expected = {s.pos(x, y) for x in range(4, 8) for y in range(4, 7)} - {s.pos(5, 5), s.pos(6, 5)}
    assert len(board.outskirts(s.game, s.home)) == 10 and set(board.outskirts(s.game, s.home)) == expected
    assert board.city_owning(s.game, s.pos(7, 6)) is s.home


def test_without_agriculture_or_without_the_expansion_the_capital_stays_a_city():
    s = capital_at()
    s.decide(CityTurn(0), phase="city_management")
    s.apply(EndCityManagement())
    assert not any(isinstance(d, MetropolisChoice) for d in s.game.pending)
    base = capital_at(expansions=())
    base.techs(0, "pottery")
    assert "agriculture" not in base.game.rules.techs and base.game.rules.game.metropolis is None


def test_the_expansion_square_holds_no_enemy_figure_and_no_hut_or_village():
    s = capital_at()
    s.figure(1, "army", 6, 5)
    s.marker(s.pos(5, 4), "hut", "wheat")
    learns_agriculture(s)
    assert set(s.legal()) == {GrowMetropolis(s.pos(5, 6)), GrowMetropolis(s.pos(4, 5))}
    assert "no enemy figures" in s.why(GrowMetropolis(s.pos(6, 5)))
    assert "hut or village" in s.why(GrowMetropolis(s.pos(5, 4)))
    assert "not diagonally" in s.why(GrowMetropolis(s.pos(6, 6)))


def test_the_outskirts_stay_on_the_map_revealed_and_apart_from_other_cities():
    s = capital_at(1, 4)
    s.city(1, 1, 7)  # its outskirts reach (0..2, 6)
    s.game.squares[s.pos(0, 2)].terrain = ""  # unexplored, next to (1,3)'s outskirts
    learns_agriculture(s)
    assert set(s.legal()) == {GrowMetropolis(s.pos(2, 4))}
    assert "off the map" in s.why(GrowMetropolis(s.pos(0, 4)))
    assert "unexplored" in s.why(GrowMetropolis(s.pos(1, 3)))
    assert "overlap another city" in s.why(GrowMetropolis(s.pos(1, 5)))


def test_friendly_figures_are_pushed_off_the_expansion_square():
    s = capital_at()
    army = s.figure(0, "army", 6, 5)
    grown(s, 6, 5)
    assert s.game.pending[-1] == Evacuate(0, figures=[army.id])
    s.apply(MoveOff(army.id, s.pos(7, 5)))
    assert army.pos == s.pos(7, 5) and not s.problems()


def test_what_stands_on_the_expansion_square_is_overbuilt():
    s = capital_at()
    s.build(0, 6, 5, "building", "market")
    left = s.game.buildings["market"]
    grown(s, 6, 5)
    assert s.game.squares[s.pos(6, 5)].improvement is None and s.game.buildings["market"] == left + 1


def test_a_capital_that_cannot_grow_waits_for_a_start_of_turn_in_which_it_can():
    s = capital_at()
    for x, y in ((5, 4), (6, 5), (5, 6), (4, 5)):
        s.figure(1, "army", x, y)
    learns_agriculture(s)
    assert not any(isinstance(d, MetropolisChoice) for d in s.game.pending)
    assert s.game.players[0].metropolis_waits
    assert "Player 1's capital cannot grow into a metropolis yet: it grows at a later Start of Turn." in s.game.log
    s.game.figures = [f for f in s.game.figures if f.pos != s.pos(4, 5)]
    s.decide(CityTurn(0), phase="city_management")
    s.apply(EndCityManagement())  # possible now, but only at a Start of Turn
    assert not any(isinstance(d, MetropolisChoice) for d in s.game.pending)
    s.decide(StartTurn(1), phase="start_of_turn")
    s.game.pending.insert(0, StartTurn(0))
    s.apply(EndStartOfTurn())  # seat 0's Start of Turn comes up
    assert s.game.pending[-1] == MetropolisChoice(0)
    s.apply(GrowMetropolis(s.pos(4, 5)))
    assert s.home.expansion == s.pos(4, 5) and not s.game.players[0].metropolis_waits


def test_a_metropolis_devoted_to_the_arts_makes_two_culture_before_its_icons():
    s = capital_at()
    grown(s, 6, 5)
    s.decide(CityTurn(0), phase="city_management")
    before = s.game.players[0].culture
    s.apply(Devote(s.home.id))
    assert s.game.players[0].culture - before == RULES.game.metropolis.arts_base == 2


def test_the_defender_of_a_metropolis_has_two_more_combat_bonus():
    s = capital_at()
    grown(s, 6, 5)
    attacker = s.figure(1, "army", 6, 4)
    attacker.start_pos = attacker.pos
    s.units(1, ("artillery", 2))
    s.decide(MovementTurn(1), phase="movement")
    s.apply(BeginMove((attacker.id,)))
    s.apply(Step("south"))  # into the expansion square: the metropolis is attacked
    battle = s.game.battle
    assert battle is not None and battle.kind == "city" and battle.city == s.home.id
    cfg = RULES.game
    expected = cfg.combat_bonus.defending_capital + cfg.metropolis.defending_bonus
    assert battles.combat_bonus(s.game, battle, 1) == expected


def test_a_water_expansion_square_is_a_bridge_for_its_owner():
    s = capital_at()
    s.square(s.pos(6, 5), "water")
    grown(s, 6, 5)
    army = s.figure(0, "army", 4, 5)
    s.decide(Moving(0, figures=[army.id], left=4), phase="movement")
    s.apply(Step("east"))
    s.apply(Step("east"))  # the water square of the metropolis, crossed without a water tech
    s.apply(Step("east"))
    assert army.pos == s.pos(7, 5)
    assert StopMove() in s.legal()


def test_a_new_city_keeps_its_distance_from_both_centre_squares():
    s = capital_at()
    grown(s, 6, 5)
    scout = s.figure(0, "scout", 9, 5)
    s.techs(0, "irrigation")
    s.decide(StartTurn(0), phase="start_of_turn")
    assert FoundCity(scout.id) in s.legal()
    scout.pos = s.pos(8, 5)  # 3 from (5,5) but 2 from (6,5)
    s.refresh()
    assert "at least 3 squares" in s.why(FoundCity(scout.id))


@pytest.mark.parametrize("expansions", [[FAF], [FAF, WAW]])
def test_the_metropolis_comes_with_fame_and_fortune(expansions):
    rules = load_rules(expansions=expansions)
    assert rules.game.metropolis is not None and "agriculture" in rules.techs
    assert load_rules(expansions=[WAW]).game.metropolis is None


def test_the_invariants_find_a_metropolis_apart_or_overlapping_another_city():
    s = capital_at()
    grown(s, 6, 5)
    s.home.expansion = s.pos(6, 6)
    s.refresh()
    assert s.problems() == [f"city {s.home.id}'s metropolis squares are not next to each other"]
    s.home.expansion = s.pos(6, 5)
    s.city(1, 8, 5)  # 3 squares from the capital's square, but its outskirts reach (7,4)
    assert any(p.startswith(f"city {s.home.id} overlaps another city at (7,4)") for p in s.problems())


def test_a_scout_sends_its_square_to_the_nearest_city_counting_both_metropolis_squares():
    s = capital_at()
    grown(s, 6, 5)
    other = s.city(0, 10, 7)
    scout = s.figure(0, "scout", 8, 5)  # 2 squares from (6,5) and from the other city, 3 from (5,5)
    start.default_scouts(s.game, 0)
    assert scout.gathers_for == s.home.id != other.id  # a tie goes to the older city


def test_a_metropolis_grows_neither_onto_nor_next_to_a_relic_or_a_city_state():
    from civgame.games.sidmeier.rules.expansions import metropolis

    s = capital_at(5, 5, expansions=(FAF, WAW))
    s.game.squares[s.pos(7, 4)].relic = "atlantis"  # next to the expansion square to the east
    s.game.squares[s.pos(3, 6)].city_state = s.game.city_state_pile.pop()  # next to the one to the west
    s.refresh()
    reason = "the metropolis cannot grow onto or next to a relic or a city-state"
    assert metropolis.why_not(s.game, s.home, s.pos(6, 5)) == reason
    assert metropolis.why_not(s.game, s.home, s.pos(4, 5)) == reason
    assert metropolis.why_not(s.game, s.home, s.pos(5, 4)) is None
