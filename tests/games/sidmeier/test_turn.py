"""The turn [004 TURN SUMMARY]: five phases in order, each in turn order from the first player; the
first player marker passes left every turn but the first; trade is collected when Trade begins."""

from __future__ import annotations

from civgame.games.sidmeier.core.actions import (
    EndCityManagement,
    EndMovement,
    EndStartOfTurn,
    EndTrade,
    Research,
    SkipResearch,
)
from civgame.games.sidmeier.core.decisions import CityTurn, MovementTurn, ResearchTurn, StartTurn, TradeTurn
from tests.games.sidmeier.scenario import Scenario


def test_the_five_phases_run_in_order_in_turn_order_and_the_first_player_passes_left():
    s = Scenario(players=3)
    game = s.game
    game.first = 1
    s.decide(StartTurn(1), phase="start_of_turn")
    game.queue[:] = [2, 0]
    seen = []
    ends = {
        StartTurn: EndStartOfTurn(),
        TradeTurn: EndTrade(),
        CityTurn: EndCityManagement(),
        MovementTurn: EndMovement(),
        ResearchTurn: SkipResearch(),
    }
    while len(seen) < 18:
        decision = game.pending[-1]
        seen.append((game.phase, decision.player))
        s.apply(ends[type(decision)])
    order = [1, 2, 0]
    phases = ["start_of_turn", "trade", "city_management", "movement", "research"]
    assert seen[:15] == [(phase, seat) for phase in phases for seat in order]
    assert game.turn == 2 and game.first == 2
    assert seen[15:] == [("start_of_turn", 2), ("start_of_turn", 0), ("start_of_turn", 1)]


def test_trade_is_collected_from_every_citys_outskirts_when_the_trade_phase_begins():
    s = Scenario(players=2).reveal_all("grassland", trade=1)
    s.city(0, 5, 5, capital=True)
    s.city(0, 9, 5)
    s.city(1, 13, 4, capital=True)
    s.government(0, "despotism").government(1, "despotism")
    s.game.players[0].trade = 2
    s.game.players[1].trade = 0
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(EndStartOfTurn())
    assert s.game.phase == "trade"
    assert s.game.players[0].trade == 2 + 16
    assert s.game.players[1].trade == 8


def test_the_trade_dial_stops_at_its_maximum():
    s = Scenario(players=2).reveal_all("grassland", trade=3)
    s.city(0, 5, 5, capital=True)
    s.city(0, 9, 5)
    s.city(1, 13, 4, capital=True)
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(EndStartOfTurn())
    assert s.game.players[0].trade == s.game.rules.game.trade.dial_max == 27


def test_research_choices_are_secret_until_all_have_chosen_then_learned_in_turn_order():
    s = Scenario(players=2)
    game = s.game
    game.first = 1
    for seat in (0, 1):
        game.players[seat].trade = 6
    s.decide(ResearchTurn(1), phase="research")
    game.queue[:] = [0]
    s.apply(Research("masonry"))
    assert "masonry" not in game.players[1].techs and game.research == {1: "masonry"}
    s.apply(Research("pottery"))
    assert "masonry" in game.players[1].techs and "pottery" in game.players[0].techs
    assert game.log.index("Player 2 learns Masonry (research, 6 trade).") < game.log.index(
        "Player 1 learns Pottery (research, 6 trade)."
    )
