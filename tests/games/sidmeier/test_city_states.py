"""Wisdom and Warfare's city-states [004 W&W EXPANSION RULES: City-state hut and village effect]: the
markers and the huts and villages that found them, control, each marker's bonus, the garrison's combat
bonus, figures built by the capital, cities on and next to them, and Expansionism."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.describe import provisional_values
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import BeginMove, BuildFigure, FoundCity, Step
from civgame.games.sidmeier.core.decisions import CityTurn, MovementTurn, StartTurn
from civgame.games.sidmeier.core.model import Battle
from civgame.games.sidmeier.rules.base import board, effects, yields
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.expansions import hut_results
from civgame.games.sidmeier.rules.turn import start
from tests.games.sidmeier.scenario import Scenario

FAF, WAW = "fame-and-fortune", "wisdom-and-warfare"
RULES = load_rules(expansions=[WAW])


def test_the_five_markers_and_the_huts_and_villages_that_found_them():
    assert [m.id for m in RULES.city_states.markers] == ["cs1", "cs2", "cs3", "cs4", "cs5"]
    results = [(m.kind, m.result) for m in RULES.hut_markers]
    assert results.count(("hut", "city_state")) == 2 and results.count(("village", "city_state")) == 3
    assert results.count(("village", "wealth")) == 1
    assert (RULES.huts.huts.count, RULES.huts.villages.count) == (25, 15)
    both = load_rules(expansions=[FAF, WAW])
    assert (both.huts.huts.count, both.huts.villages.count) == (35, 20)  # the sheet's full mix
    assert [(m.kind, m.result) for m in both.hut_markers].count(("village", "wealth")) == 2
    assert load_rules(expansions=[FAF]).city_states.markers == []


def game() -> Scenario:
    """Seat 0's capital at (5,5) and seat 1's at (13,5); seat 0's army at (9,1), next to a hut at (10,1)."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=[WAW]).reveal_all("grassland", trade=1)
    s.capital = s.city(0, 5, 5, capital=True)
    s.city(1, 13, 5, capital=True)
    s.army = s.figure(0, "army", 9, 1)
    s.army.start_pos = s.army.pos
    return s


def founded(s: Scenario, marker_id: str) -> int:
    """Seat 0's army explores a city-state hut at (10,1) whose marker is `marker_id` (put on top of the pile)."""
    marker = next(i for i, m in enumerate(s.game.rules.city_states.markers) if m.id == marker_id)
    s.game.city_state_pile.remove(marker)
    s.game.city_state_pile.append(marker)
    s.marker(s.pos(10, 1), "hut", "city_state")
    s.decide(MovementTurn(0), phase="movement")
    s.apply(BeginMove((s.army.id,)))
    s.apply(Step("east"))
    return s.pos(10, 1)


def test_a_city_state_hut_puts_the_top_city_state_marker_on_its_square():
    s = game()
    top = s.game.city_state_pile[-1]
    pos = founded(s, s.game.rules.city_states.markers[top].id)
    assert s.game.squares[pos].city_state == top and s.game.squares[pos].marker == -1
    name = s.game.rules.city_states.markers[top].name
    assert s.game.players[0].markers == []
    assert f"Player 1 discovers a city-state at (10,1): {name} is placed there." in s.game.log
    assert not s.problems()


def test_a_city_state_village_conquered_founds_one_too():
    s = game()
    marker = s.marker(s.pos(10, 1), "village", "city_state")
    s.game.squares[s.pos(10, 1)].marker = -1
    assert hut_results.found(s.game, 0, marker, s.pos(10, 1))
    assert s.game.squares[s.pos(10, 1)].city_state >= 0


def gains(s: Scenario) -> tuple[int, ...]:
    """Seat 0's trade income, its capital's production and culture when devoted, its coins and combat bonus."""
    city = s.capital
    return (
        yields.trade_income(s.game, 0),
        yields.production(s.game, city),
        yields.arts_culture(s.game, city),
        yields.coins(s.game, 0),
        effects.total(s.game, 0, "combat_bonus"),
    )


@pytest.mark.parametrize(
    "marker, trade, production, arts, coins, bonus",
    [
        ("cs1", 3, 0, 0, 0, 0),
        ("cs2", 0, 0, 3, 0, 0),
        ("cs3", 0, 1, 0, 1, 0),
        ("cs4", 0, 0, 1, 0, 2),
        ("cs5", 1, 1, 0, 0, 0),
    ],
)
def test_a_controlled_city_state_counts_as_the_capitals_outskirts(marker, trade, production, arts, coins, bonus):
    s = game()
    city = s.capital
    before = gains(s)
    pos = founded(s, marker)
    s.refresh()
    after = gains(s)
    assert tuple(a - b for a, b in zip(after, before, strict=True)) == (trade, production, arts, coins, bonus)
    resource = yields.city_resources(s.game, city)
    if marker == "cs5":  # a market resource drawn at random, kept for the game
        shown = s.game.city_state_resources[s.game.squares[pos].city_state]
        assert shown in RULES.game.resources.market and resource == [shown]
    else:
        assert resource == []


def test_leaving_a_city_state_loses_its_bonuses_and_another_player_may_take_it():
    s = game()
    pos = founded(s, "cs1")
    trade = yields.trade_income(s.game, 0)
    s.game.figures.remove(s.army)
    s.refresh()
    assert yields.trade_income(s.game, 0) == trade - 3 and s.game.squares[pos].city_state >= 0
    s.figure(1, "scout", 10, 1)
    assert yields.trade_income(s.game, 1) == 1 * 8 + 3  # (the capital's 8 squares of 1 trade, and the city-state)


def test_a_scout_on_a_city_state_gathers_nothing_more_than_its_control_gives():
    s = game()
    pos = founded(s, "cs3")
    s.game.figures.remove(s.army)
    scout = s.figure(0, "scout", 10, 1)
    scout.gathers_for = s.capital.id
    s.refresh()
    assert pos in yields.city_squares(s.game, 0)[s.capital.id]
    assert yields.city_squares(s.game, 0)[s.capital.id].count(pos) == 1
    assert yields.coins(s.game, 0) == 1


def test_the_garrison_of_a_city_state_defends_with_four_more():
    s = game()
    pos = founded(s, "cs1")
    attack = Battle(1, 0, pos, "figures")
    plain = Battle(1, 0, s.pos(9, 3), "figures")
    assert battles.combat_bonus(s.game, attack, 1) == battles.combat_bonus(s.game, plain, 1) + 4
    assert battles.combat_bonus(s.game, attack, 0) == battles.combat_bonus(s.game, plain, 0)


def test_the_capital_may_place_the_figures_it_builds_on_a_city_state_it_controls():
    s = game()
    pos = founded(s, "cs1")
    assert pos in board.placement_squares(s.game, s.capital, "army")
    other = s.city(0, 9, 5)
    assert pos not in board.placement_squares(s.game, other, "army")
    s.decide(CityTurn(0), phase="city_management")
    s.game.players[0].trade = 0
    s.capital.boost = 10
    s.refresh()
    s.apply(BuildFigure(s.capital.id, "army", pos))
    assert len(board.own_figures_at(s.game, pos, 0)) == 2


def test_a_city_built_on_a_city_state_destroys_it_for_three_culture_and_none_may_be_built_next_to_it():
    s = game()
    pos = founded(s, "cs2")
    assert start.why_no_city(s.game, 0, s.pos(10, 2)) == "a city cannot be built next to a city-state"
    s.game.figures.remove(s.army)
    scout = s.figure(0, "scout", 10, 1)
    s.game.squares[pos + s.game.width].terrain = "grassland"
    s.decide(StartTurn(0), phase="start_of_turn")
    s.refresh()
    culture = s.game.players[0].culture
    # (10,1) lies on the map's second row: every square around it is revealed
    s.apply(FoundCity(scout.id))
    marker_gone = s.game.city_states_gone
    assert s.game.squares[pos].city_state == -1 and len(marker_gone) == 1
    assert s.game.players[0].culture == culture + 3 and not s.problems()


def test_expansionism_gives_a_trade_per_city_state_controlled_at_start_of_turn():
    s = game()
    founded(s, "cs1")
    player = s.game.players[0]
    player.policies = ["expansionism"]
    player.trade = 0
    s.decide(StartTurn(0), phase="start_of_turn")
    start.automatic(s.game, 0)
    assert player.trade == 1 + 1  # 1 city and 1 city-state
    assert "Player 1 gains 1 trade (1 per city-state controlled)." in s.game.log


def test_the_house_rules_of_city_states_are_marked_provisional_where_the_player_reads_them():
    listed = provisional_values(RULES)
    assert "City-state (1 culture and +2 combat bonus) (city-state) (provisional)" in listed
    assert "City-state (1 resource, 1 production and 1 trade) (city-state) (provisional)" in listed
    assert "the 3 culture for a city built on a city-state (provisional)" in listed
    assert not any("city-state" in value for value in provisional_values(load_rules()))


def test_a_city_state_s_effects_follow_control_at_once_and_its_coins_count_in_the_economic_bound():
    s = game()
    s.game.players[0].scouts = 0  # (the bound allows for every scout gathering: none here)
    before = effects.total(s.game, 0, "combat_bonus")  # (the player's effects are looked up and kept)
    pos = founded(s, "cs4")
    assert effects.total(s.game, 0, "combat_bonus") == before + 2
    s.game.pending[:] = [MovementTurn(0)]
    s.army.moved = False
    s.apply(BeginMove((s.army.id,)))
    s.apply(Step("south"))
    assert effects.total(s.game, 0, "combat_bonus") == before and s.game.squares[pos].city_state >= 0
    s = game()
    s.game.players[0].scouts = 0
    founded(s, "cs3")
    assert yields.coins_bound(s.game, 0) >= yields.coins(s.game, 0) == 1


def test_the_city_state_markers_are_shuffled_face_down_at_setup():
    from civgame.games import definition

    piles = [definition("sid-meier").new_game(2, seed, expansions=[WAW]).city_state_pile for seed in range(6)]
    assert all(sorted(pile) == [0, 1, 2, 3, 4] for pile in piles) and len({tuple(p) for p in piles}) > 1
    assert definition("sid-meier").new_game(2, 1, expansions=[FAF]).city_state_pile == []
