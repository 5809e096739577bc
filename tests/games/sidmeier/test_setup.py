"""Setup [004 SETUP]: civilizations, the map, decks, the market, the capital and starting figures,
and each civilization's bonus."""

from __future__ import annotations

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import PlaceCapital, PlaceFigure
from civgame.games.sidmeier.core.decisions import ChooseCapital, PlaceGreatPerson, PlaceStartingWonder, StartTurn
from civgame.games.sidmeier.rules.base import board, yields
from civgame.games.sidmeier.rules.flow.controller import apply, legal_actions, new_game


def finish_setup(game):
    while game.phase == "setup":
        apply(game, legal_actions(game)[0])
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_for_two_to_four_players_lays_out_the_map_with_home_tiles_face_up(players):
    game = new_game(players, 3)
    layout = game.rules.map.layouts[players]
    assert (game.width, game.height) == (layout.columns * 4, layout.rows * 4)
    homes = [slot for slot in game.tiles if slot.home_of >= 0]
    assert sorted(s.home_of for s in homes) == list(range(players))
    assert all(s.revealed for s in homes) and not any(s.revealed for s in game.tiles if s.home_of < 0)
    assert len({s.tile for s in game.tiles}) == len(game.tiles)
    assert len({p.civ for p in game.players}) == players
    assert isinstance(game.pending[-1], ChooseCapital) and game.pending[-1].player == game.first


def test_the_game_is_for_two_to_four_players():
    with pytest.raises(RuleError, match="2 to 4 players"):
        new_game(5, 1)


def test_the_same_seed_sets_up_the_same_game_and_another_seed_another():
    assert to_plain(new_game(4, 11)) == to_plain(new_game(4, 11))
    assert to_plain(new_game(4, 11)) != to_plain(new_game(4, 12))


def test_each_player_starts_with_tech_government_units_market_and_decks():
    game = finish_setup(new_game(4, 5, civilizations=["rome", "russia", "germany", "america"]))
    rome, russia, germany, america = game.players
    assert rome.techs == ["code_of_laws"] and rome.government == "republic" and rome.rows == [1]
    assert russia.techs == ["communism"] and russia.rows == [1]  # a level III start tech sits in the bottom row
    assert russia.government == "communism" and russia.armies == 7
    units = sorted(game.rules.unit_cards[c].unit for c in germany.standing)
    assert units == ["artillery", "infantry", "infantry", "infantry", "mounted"]
    assert sorted(game.rules.unit_cards[c].unit for c in rome.standing) == ["artillery", "infantry", "mounted"]
    assert all(p.ranks == {"artillery": 1, "infantry": 1, "mounted": 1, "aircraft": 1} for p in game.players)
    assert game.market == dict.fromkeys(("incense", "iron", "silk", "wheat"), 4)
    assert len(game.wonder_market) == 4 and all(game.rules.wonders[w].era == "ancient" for w in game.wonder_market)
    eras = [game.rules.wonders[w].era for w in game.wonder_deck]
    assert eras == ["medieval"] * 4 + ["modern"] * 4  # the deck's top first
    assert sum(len(d.draw) for d in game.culture_decks.values()) == 47
    assert len(game.hut_pile) == 20 and len(game.village_pile) == 10
    # America's great person was placed or kept at the end of setup
    assert (
        len(america.reserve)
        + sum(1 for s in game.squares if s.improvement is not None and s.improvement.kind == "great_person")
        == 1
    )
    assert isinstance(game.pending[-1], StartTurn) and game.turn == 1


def test_the_capital_goes_on_a_centre_square_and_the_figures_in_its_outskirts():
    game = new_game(2, 7, civilizations=["china", "egypt"])
    seat = game.actor()
    options = legal_actions(game)
    assert all(isinstance(a, PlaceCapital) for a in options) and 3 <= len(options) <= 4
    with pytest.raises(RuleError, match="centre squares"):
        apply(game, PlaceCapital(0))
    apply(game, options[0])
    capital = game.cities[0]
    assert capital.capital and capital.owner == seat
    assert capital.walled == (game.players[seat].civ == "china")
    squares = [a.pos for a in legal_actions(game)]
    assert set(squares) <= set(board.outskirts(game, capital))
    assert all(not board.is_water(game, p) for p in squares)
    apply(game, PlaceFigure(squares[0]))
    apply(game, legal_actions(game)[0])
    kinds = sorted(f.kind for f in game.figures if f.owner == seat)
    assert kinds == ["army", "scout"]


def test_egypt_places_a_random_ancient_wonder_replaced_in_the_market_by_a_medieval_one():
    game = new_game(2, 2, civilizations=["egypt", "rome"])
    while not isinstance(game.pending[-1], PlaceStartingWonder) or game.players[game.actor()].civ != "egypt":
        apply(game, legal_actions(game)[0])
    egypt = game.players[game.actor()]
    (wonder,) = egypt.wonders
    assert game.rules.wonders[wonder].era == "ancient" and wonder not in game.wonder_market
    assert sorted(game.rules.wonders[w].era for w in game.wonder_market) == ["ancient"] * 3 + ["medieval"]
    apply(game, legal_actions(game)[0])
    assert wonder in game.wonder_at


def test_america_places_its_great_person_in_the_capitals_outskirts():
    game = new_game(2, 4, civilizations=["america", "rome"])
    while not isinstance(game.pending[-1], PlaceGreatPerson):
        apply(game, legal_actions(game)[0])
    america = game.players[game.actor()]
    capital = next(c for c in game.cities if c.owner == america.seat)
    places = [a.pos for a in legal_actions(game) if a.pos >= 0]
    assert places and set(places) <= set(board.outskirts(game, capital))


def test_the_trade_dial_starts_at_the_trade_of_the_capitals_outskirts():
    game = finish_setup(new_game(3, 9))
    for player in game.players:
        capital = next(c for c in game.cities if c.owner == player.seat)
        assert player.trade == yields.city_icons(game, capital)[yields.TRADE]
        assert player.trade > 0
