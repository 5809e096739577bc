"""check_invariants: each invariant holds in real states and is reported when broken."""

import pytest

from civgame.games.clash.core.decisions import RetreatDecision
from civgame.games.clash.core.model import BARBARIAN, PIRATE, GameEnd
from civgame.games.clash.rules.flow import invariants
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from tests.scenario import Scenario


@pytest.fixture
def s():
    """Two players; region 3 holds tile 3 face up: B2 and A3 sea, C3 mountain, B3 grassland."""
    scenario = Scenario(players=2).reveal_all().place_tile(3, "3", 0)
    scenario.city(0, "D2")
    scenario.city(1, "D7")
    return scenario


def only(problems, text):
    assert len(problems) == 1, problems
    assert text in problems[0], problems
    return problems[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_game_breaks_no_invariant(players):
    assert check_invariants(new_game(players, seed=players)) == []


def test_the_scenario_itself_breaks_no_invariant(s):
    s.units(0, "infantry", "D2", 4)
    s.units(0, "settler", "D2", 2)
    s.resources(0, food=2, wood=7, gold=7, mood=0, culture=0)
    assert check_invariants(s.game) == []


def test_resources_above_their_cap_or_negative(s):
    s.resources(0, food=3)
    only(check_invariants(s.game), "Player 1 holds 3 food; allowed 0-2")
    s.resources(0, food=2, ore=-1)
    only(check_invariants(s.game), "Player 1 holds -1 ore; allowed 0-7")


def test_the_cap_follows_the_players_advances(s):
    s.resources(0, food=7)
    s.advances(0, "Storage")
    assert check_invariants(s.game) == []


def test_negative_tokens(s):
    s.resources(1, culture=-1)
    only(check_invariants(s.game), "Player 2 holds -1 culture tokens")


def test_army_stacking_counts_armies_on_land_only(s):
    s.units(0, "infantry", "C2", 5)
    only(check_invariants(s.game), "owner 0 has 5 army units at")


def test_settlers_and_carried_units_do_not_stack(s):
    s.units(0, "infantry", "C2", 4)
    s.units(0, "settler", "C2", 3)
    ship = s.unit(0, "ship", "B2")
    s.unit(0, "infantry", "B2", carrier=ship)
    assert check_invariants(s.game) == []


def test_ship_cargo_is_limited(s):
    ship = s.unit(0, "ship", "B2")
    for _ in range(3):
        s.unit(0, "infantry", "B2", carrier=ship)
    only(check_invariants(s.game), f"ship {ship.id} carries 3 units; its capacity is 2")


def test_city_size_is_limited(s):
    s.city(0, "B3", buildings={"temple": 0, "market": 0, "academy": 0, "fortress": 0, "obelisk": 0})
    only(check_invariants(s.game), "has size 6; the maximum is 5")


def test_cities_per_player_are_limited_by_settlement_pieces(s):
    for label in ("C2", "E2", "B3", "C3", "F2", "E4", "D5"):
        s.city(0, label)
    only(check_invariants(s.game), "Player 1 owns 8 cities; the settlement limit is 7")


def test_building_pieces_per_colour_are_limited(s):
    for label in ("C2", "E2", "B3", "C3", "F2", "E4"):
        s.city(1, label, buildings={"temple": 0})
    only(check_invariants(s.game), "Player 1 has 6 temple pieces on the board; the limit is 5")


def test_units_per_kind_are_limited(s):
    s.units(1, "settler", "D7", 5)
    only(check_invariants(s.game), "Player 2 has 5 settler units; the limit is 4")


def test_barbarian_and_pirate_pieces_are_limited(s):
    s.units(BARBARIAN, "ship", "A3", 1)
    s.units(PIRATE, "infantry", "B2", 1)
    problems = check_invariants(s.game)
    assert "owner -1 has 1 ship units; the limit is 0" in problems
    assert any("owner -2 has 1 infantry units; the limit is 0" in p for p in problems)


def test_two_cities_on_one_space(s):
    s.city(1, "D2")
    assert any("2 cities share space" in p for p in check_invariants(s.game))


def test_cities_stand_on_revealed_land(s):
    s.city(0, "B2")
    only(check_invariants(s.game), "is not on a revealed land space")


def test_units_stand_on_revealed_spaces(s):
    s.unit(0, "settler", "B3")
    s.hide(3)
    only(check_invariants(s.game), "is not on a revealed board space")


def test_land_units_on_water_need_a_ship(s):
    s.unit(0, "settler", "B2")
    only(check_invariants(s.game), "is on water without a ship")


def test_ships_stay_on_water(s):
    s.unit(0, "ship", "C2")
    only(check_invariants(s.game), "is a ship on land")


def test_carried_units_share_their_ships_space_and_owner(s):
    ship = s.unit(0, "ship", "B2")
    cargo = s.unit(0, "infantry", "A3", carrier=ship)
    only(check_invariants(s.game), f"is carried by ship {ship.id}")
    cargo.pos = ship.pos
    ship.owner = 1
    assert any(f"is carried by ship {ship.id} of owner 1" in p for p in check_invariants(s.game))


def test_a_carrier_must_be_a_ship(s):
    settler = s.unit(0, "settler", "C2")
    s.unit(0, "infantry", "C2", carrier=settler)
    only(check_invariants(s.game), "which is not a ship")


def test_enemy_armies_never_share_a_space_outside_a_battle(s):
    s.unit(0, "infantry", "C2")
    s.unit(1, "infantry", "C2")
    only(check_invariants(s.game), "armies of owners [0, 1] share")


def test_an_enemy_army_never_stands_in_a_city_outside_a_battle(s):
    s.unit(1, "infantry", "D2")
    only(check_invariants(s.game), "armies of owner(s) [1] stand in city")


def test_main_actions_left_never_below_zero(s):
    s.game.actions_left = 4  # an extra action from content is fine
    assert check_invariants(s.game) == []
    s.game.actions_left = -1
    only(check_invariants(s.game), "-1 main actions left")


def test_pending_decisions_belong_to_players(s):
    s.game.pending.append(RetreatDecision(player=2))
    only(check_invariants(s.game), "pending retreat decision belongs to 2, not a player")


def test_winners_exist_exactly_when_the_game_is_over(s):
    s.game.phase = "over"
    s.game.end = GameEnd("last_age", 6)
    only(check_invariants(s.game), "phase 'over' with winner(s) []")
    s.game.winner = [0]
    assert check_invariants(s.game) == []
    s.game.phase = "play"
    s.game.end = None
    only(check_invariants(s.game), "phase 'play' with winner(s) [0]")


def test_the_reason_the_game_ended_is_known_exactly_when_it_is_over(s):
    s.game.phase, s.game.winner = "over", [0]
    only(check_invariants(s.game), "phase 'over' without a reason the game ended")
    s.game.end = GameEnd("no_cities", 2, [1])
    assert check_invariants(s.game) == []
    s.game.phase, s.game.winner = "play", []
    only(check_invariants(s.game), "phase 'play' with a reason the game ended")


def test_score_totals_must_add_up(s, monkeypatch):
    def broken_sheet(game, index):
        return {"city_pieces": 1, "advances": 1, "objectives": 0, "wonders": 0, "events": -1, "leaders": 0, "total": 3}

    monkeypatch.setattr(invariants, "score_sheet", broken_sheet)
    problems = check_invariants(s.game)
    assert "Player 1's score total 3 is not the sum of its categories" in problems
    assert "Player 1 has negative points in ['events']" in problems
