"""Movement [004 MOVEMENT]: travel speed, orthogonal steps, groups, stacking, water, exploring face-down
tiles, huts and villages, and cities on the way."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.core.actions import BeginMove, EndMovement, Explore, Infiltrate, Step, StopMove
from civgame.games.sidmeier.core.decisions import MovementTurn, Moving
from civgame.games.sidmeier.rules.base import board, occupancy
from civgame.games.sidmeier.rules.movement.moves import ROTATE
from tests.games.sidmeier.scenario import Scenario


def moving(players: int = 2, civs: list[str] | None = None) -> Scenario:
    s = Scenario(players=players, civs=civs or ["germany", "egypt"]).reveal_all("grassland", trade=1)
    s.decide(MovementTurn(0), phase="movement")
    return s


def test_a_figure_moves_up_to_the_travel_speed_orthogonally():
    s = moving()
    army = s.figure(0, "army", 5, 4)
    s.apply(BeginMove((army.id,)))
    assert isinstance(s.game.pending[-1], Moving) and s.game.pending[-1].left == 2
    s.apply(Step("east"))
    s.apply(Step("east"))
    assert army.pos == s.pos(7, 4) and isinstance(s.game.pending[-1], MovementTurn)
    assert BeginMove((army.id,)) not in s.legal()  # each figure moves once per phase


def test_horseback_riding_raises_the_travel_speed():
    s = moving()
    assert board.travel_speed(s.game, 0) == 2
    s.techs(0, "horseback_riding")
    assert board.travel_speed(s.game, 0) == 3
    s.techs(0, "railroad")
    assert board.travel_speed(s.game, 0) == 4


def test_figures_that_began_together_move_as_a_group_within_the_stacking_limit():
    s = moving()
    a = s.figure(0, "army", 5, 4)
    b = s.figure(0, "army", 5, 4)
    c = s.figure(0, "army", 6, 4)
    for fig in (a, b, c):
        fig.start_pos = fig.pos
    assert BeginMove((a.id, b.id)) in s.legal()
    s.apply(BeginMove((c.id,)))
    s.apply(Step("west"))  # passing through is allowed...
    assert StopMove() not in s.legal()  # ...but three armies may not stay: the limit is 2
    assert "stacking limit" in s.why(StopMove())


def test_masonry_and_russia_raise_the_stacking_limit():
    s = moving(civs=["russia", "china"])
    assert board.stacking_limit(s.game, 0) == 3  # Russia +1
    assert board.stacking_limit(s.game, 1) == 2
    s.techs(1, "masonry")
    assert board.stacking_limit(s.game, 1) == 3


def test_water_is_closed_until_navigation_crosses_it_and_sailing_ends_in_it():
    s = moving()
    army = s.figure(0, "army", 5, 4)
    s.square(s.pos(6, 4), "water")
    s.apply(BeginMove((army.id,)))
    assert Step("east") not in s.legal()
    s.techs(0, "navigation")
    assert Step("east") in s.legal()  # crossing: it can go on to (7,4)
    s.apply(Step("east"))
    assert StopMove() not in s.legal() and Step("east") in s.legal()
    s.techs(0, "sailing")
    assert StopMove() in s.legal()


def test_figures_pass_through_their_own_city_centre_but_never_stop_there():
    s = moving()
    s.city(0, 6, 4, capital=True)
    army = s.figure(0, "army", 5, 4)
    s.apply(BeginMove((army.id,)))
    s.apply(Step("east"))
    assert StopMove() not in s.legal() and Step("east") in s.legal()


def test_exploring_turns_a_tile_so_that_its_arrow_points_away_and_lays_face_down_markers():
    s = Scenario(players=2, civs=["germany", "egypt"])
    game = s.game
    home = next(slot for slot in game.tiles if slot.home_of == 0)
    x, y = home.column * 4 + 3, home.row * 4 + 1
    east = next(slot for slot in game.tiles if slot.column == home.column + 1 and slot.row == home.row)
    assert not east.revealed
    s.decide(MovementTurn(0), phase="movement")
    army = s.figure(0, "army", x, y)
    s.apply(BeginMove((army.id,)))
    huts = len(game.hut_pile) + len(game.village_pile)
    s.apply(Explore("east"))
    tile = game.rules.tile(east.tile)
    assert east.revealed and (ROTATE["east"] - ROTATE[tile.arrow]) % 4 == east.turns
    features = sum(1 for row in tile.squares for sq in row if sq.feature)
    assert len(game.hut_pile) + len(game.village_pile) == huts - features
    assert game.pending[-1].left == 1


def test_an_army_entering_a_hut_stops_and_keeps_the_marker_scouts_cannot_enter():
    s = moving()
    army = s.figure(0, "army", 5, 4)
    scout = s.figure(0, "scout", 5, 6)
    marker = s.marker(s.pos(6, 4), "hut", "iron")
    s.marker(s.pos(6, 6), "hut", "silk")
    s.apply(BeginMove((scout.id,)))
    assert Step("east") not in s.legal()
    s.apply(StopMove())
    s.apply(BeginMove((army.id,)))
    s.apply(Step("east"))
    assert army.pos == s.pos(6, 4) and s.game.players[0].markers == [marker]
    assert s.game.squares[s.pos(6, 4)].marker == -1 and isinstance(s.game.pending[-1], MovementTurn)


def test_republic_lets_scouts_explore_huts():
    s = moving()
    scout = s.figure(0, "scout", 5, 6)
    s.marker(s.pos(6, 6), "hut", "silk")
    s.government(0, "republic")
    s.apply(BeginMove((scout.id,)))
    assert Step("east") in s.legal()


def test_china_gains_3_culture_for_a_hut():
    s = moving(civs=["china", "egypt"])
    army = s.figure(0, "army", 5, 4)
    s.marker(s.pos(6, 4), "hut", "iron")
    s.apply(BeginMove((army.id,)))
    s.apply(Step("east"))
    assert s.game.players[0].culture == 3


def test_entering_enemy_figures_ends_the_move_scouts_alone_are_killed_for_loot():
    s = moving()
    army = s.figure(0, "army", 5, 4)
    enemy_scout = s.figure(1, "scout", 6, 4)
    s.game.players[1].trade = 5
    s.apply(BeginMove((army.id,)))
    s.apply(Step("east"))
    assert enemy_scout not in s.game.figures
    loot = s.legal()
    assert {a.kind for a in loot} >= {"trade"}
    s.apply(next(a for a in loot if a.kind == "trade"))
    assert s.game.players[1].trade == 2 and s.game.battle is None


def test_a_scout_never_enters_enemy_figures_or_an_enemy_city():
    s = moving()
    scout = s.figure(0, "scout", 5, 4)
    s.figure(1, "army", 6, 4)
    s.city(1, 5, 3)
    s.apply(BeginMove((scout.id,)))
    assert Step("east") not in s.legal() and Step("north") not in s.legal()


def test_brandenburg_gate_keeps_enemies_from_ending_in_its_owners_outskirts():
    s = moving()
    s.city(1, 8, 4, capital=True)
    army = s.figure(0, "army", 5, 4)
    s.apply(BeginMove((army.id,)))
    s.apply(Step("east"))
    assert StopMove() in s.legal()  # (6,4) is outside the outskirts
    assert Step("east") in s.legal()  # (7,4) is in the outskirts: the move would end there
    s.wonder(1, "brandenburg_gate")
    assert Step("east") not in s.legal()


def test_russia_sacrifices_a_figure_next_to_an_enemy_city_to_learn_a_tech_it_knows():
    s = moving(civs=["russia", "china"])
    s.city(1, 8, 4, capital=True)
    scout = s.figure(0, "scout", 7, 5)
    s.apply(BeginMove((scout.id,)))
    assert Infiltrate(scout.id, "north", "writing") not in s.legal()  # (7,4) is not the city centre
    s.apply(Step("east"))
    s.apply(StopMove())
    s.apply(EndMovement())
    s.decide(MovementTurn(0), phase="movement")
    scout.moved = False
    scout.pos = s.pos(7, 4)
    s.refresh()
    s.apply(BeginMove((scout.id,)))
    s.apply(Infiltrate(scout.id, "east", "writing"))
    assert "writing" in s.game.players[0].techs and scout not in s.game.figures


def test_a_step_updates_the_figures_on_each_square_without_building_the_table_again(monkeypatch):
    s = moving()
    a = s.figure(0, "army", 5, 4)
    b = s.figure(0, "army", 5, 4)
    other = s.figure(0, "scout", 6, 4)
    for fig in (a, b):
        fig.start_pos = fig.pos
    s.apply(BeginMove((a.id, b.id)))
    occupancy.by_square(s.game)  # the table of this state
    monkeypatch.setattr(occupancy, "_build", lambda game: pytest.fail("the table was built again"))
    s.apply(Step("south"))
    assert occupancy.at(s.game, s.pos(5, 5)) == [a, b] and occupancy.at(s.game, s.pos(5, 4)) == []
    assert occupancy.at(s.game, s.pos(6, 4)) == [other]
    assert occupancy.by_square(s.game) == occupancy.fresh(s.game)


def test_the_steps_listed_are_made_once():
    s = moving()
    army = s.figure(0, "army", 5, 4)
    s.apply(BeginMove((army.id,)))
    east = next(a for a in s.legal() if a == Step("east"))
    s.apply(east)
    assert next(a for a in s.legal() if a == Step("east")) is east
