"""The four victories, the earlier player winning simultaneous ones, and the advanced tie-breaker."""

from __future__ import annotations

from civgame.games.sidmeier.core.actions import AdvanceCulture, EndStartOfTurn, Research, SkipResearch
from civgame.games.sidmeier.core.decisions import CityTurn, ResearchTurn, StartTurn
from civgame.games.sidmeier.rules.base import pieces, techs, victory
from tests.games.sidmeier.scenario import Scenario


def test_reaching_the_last_culture_space_is_a_culture_victory():
    s = Scenario()
    player = s.game.players[0]
    player.track = len(s.game.rules.track.spaces) - 1
    player.culture, player.trade = 7, 6
    s.decide(CityTurn(0), phase="city_management")
    s.apply(AdvanceCulture())
    assert s.game.phase == "over" and s.game.winners == [0] and "culture victory" in s.game.win_reason


def test_fifteen_coins_are_an_economic_victory_as_soon_as_they_are_there():
    s = Scenario()
    s.game.players[1].coin_tokens = {"gift": 15}
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(EndStartOfTurn())
    assert s.game.winners == [1] and "economic victory: 15 coins" in s.game.win_reason


def test_simultaneous_victories_go_to_the_player_earlier_in_turn_order():
    s = Scenario(players=3)
    s.game.first = 2
    for seat in (0, 1):
        s.game.players[seat].coin_tokens = {"gift": 15}
    s.decide(StartTurn(2), phase="start_of_turn")
    s.apply(EndStartOfTurn())
    assert s.game.winners == [0]  # turn order 2, 0, 1


def test_research_revealed_in_turn_order_gives_a_tech_victory_to_the_first():
    s = Scenario(players=2)
    game = s.game
    for seat in (0, 1):
        p = game.players[seat]
        p.techs, p.rows = [f"x{i}" for i in range(0)], []
        for level, count in ((1, 5), (2, 4), (3, 3), (4, 2)):
            for tech in [t.id for t in game.rules.techs.values() if t.level == level][:count]:
                p.techs.append(tech)
                p.rows.append(level)
        p.trade = 27
    game.first = 1
    s.decide(ResearchTurn(1), phase="research")
    game.queue[:] = [0]
    s.apply(Research("space_flight"))
    s.apply(Research("space_flight"))
    assert game.winners == [1] and "tech victory" in game.win_reason


def test_space_flight_needs_five_level_one_techs_and_fourteen_below_it():
    s = Scenario()
    p = s.game.players[0]
    p.techs, p.rows = [], []
    for level, count in ((1, 5), (2, 4), (3, 3), (4, 2)):
        for tech in [t.id for t in s.game.rules.techs.values() if t.level == level][:count]:
            p.techs.append(tech)
            p.rows.append(level)
    assert techs.fits(s.game, 0, 5) and len(p.techs) == 14
    p.rows = [1] * 4 + [2] * 3 + [3] * 2 + [4]  # one level I card fewer: the pyramid narrows to one level IV card
    assert not techs.fits(s.game, 0, 4) and not techs.fits(s.game, 0, 5)


def test_with_the_tie_breaker_the_turn_is_played_out_and_the_best_score_wins():
    s = Scenario(players=2, tie_breaker=True)
    game = s.game
    game.players[0].coin_tokens = {"gift": 15}
    game.players[1].track = 3
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(EndStartOfTurn())
    assert game.phase != "over" and game.achieved == {0: "economic"}
    game.players[1].coin_tokens = {"gift": 15}
    game.phase, game.queue, game.pending[:] = "research", [], [ResearchTurn(1)]
    s.refresh()
    s.apply(SkipResearch())  # the turn ends
    score = {seat: victory.score(game, seat) for seat in (0, 1)}
    assert game.phase == "over" and game.winners == [1] and score[1] > score[0]
    assert "victory score" in game.win_reason


def test_a_military_victory_is_immediate_even_with_the_tie_breaker():
    s = Scenario(players=2, tie_breaker=True)
    victory.declare(s.game, 1, "military")
    assert s.game.phase == "over" and s.game.winners == [1]


def test_a_players_coin_token_works_out_their_bound_of_coins_again_and_no_one_elses():
    s = Scenario()
    victory.check_economy(s.game)  # every player's bound worked out
    kept = s.game.cache[("coins_bound", 0)]
    for _ in range(15):
        pieces.gain_coin_token(s.game, 1, pieces.SHEET)
    victory.check_economy(s.game)
    assert s.game.winners == [1] and "economic victory: 15 coins" in s.game.win_reason
    assert s.game.cache[("coins_bound", 0)] is kept
