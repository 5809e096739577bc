"""Fame and Fortune's 5th player [004 F&F SETUP] [catalogue expansions.md §1, map-and-tiles.md gap 2]: five
seats only with the expansion, the 5 x 4 tile map, each seat's pieces, headless play and a seeded random
game under the invariant checker."""

from __future__ import annotations

import pytest

from civgame.framework.errors import RuleError
from civgame.games import definition
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.decisions import ChooseCapital
from tests.games.sidmeier.test_cli import run
from tests.games.sidmeier.test_random_games import play_checked

GAME = definition("sid-meier")
FAF, WAW = "fame-and-fortune", "wisdom-and-warfare"


@pytest.mark.parametrize("expansions", [[], [WAW]], ids=["base", "waw"])
def test_five_players_need_fame_and_fortune(expansions):
    with pytest.raises(RuleError, match="for 2 to 4 players, not 5"):
        GAME.new_game(5, 1, expansions=expansions)
    # (what offers seats without naming expansions, as hosting over the network does, offers the base game's 4)
    assert GAME.max_players == 4 and load_rules(expansions=[FAF]).game.players.max == 5


def test_five_players_play_on_five_by_four_tiles_with_the_homes_on_the_edge():
    game = GAME.new_game(5, 2, expansions=[FAF, WAW])
    layout = load_rules(expansions=[FAF]).map.layouts[5]
    assert (game.width, game.height) == (20, 16) and (layout.columns, layout.rows) == (5, 4)
    homes = {(slot.column, slot.row): slot.home_of for slot in game.tiles if slot.home_of >= 0}
    assert homes == {tuple(pos): seat for seat, pos in enumerate(layout.homes)}
    assert all(c in (0, 4) or r in (0, 3) for c, r in homes)  # on the outer edge
    assert sum(1 for slot in game.tiles if slot.home_of < 0) == 15 and game.rules.map.layouts_provisional
    assert len({p.civ for p in game.players}) == 5


def test_the_fifth_player_has_a_players_pieces_and_places_a_capital():
    game = GAME.new_game(5, 3, expansions=[FAF])
    fifth = game.players[4]
    assert fifth.techs and fifth.government and len(fifth.standing) >= len(game.rules.game.units.starting)
    market = game.rules.game.resources
    for resource in market.market:  # a token of each market resource for every player
        held = sum(p.resources.get(resource, 0) for p in game.players)
        assert game.market[resource] + held == 5 * market.market_tokens_per_player
    while game.phase == "setup" and not (isinstance(game.pending[-1], ChooseCapital) and game.pending[-1].player == 4):
        GAME.apply(game, GAME.legal_actions(game)[0])
    GAME.apply(game, GAME.legal_actions(game)[0])
    assert any(city.owner == 4 and city.capital for city in game.cities)


def test_a_seeded_five_player_random_game_keeps_the_invariants_and_ends_with_a_winner():
    game = play_checked(5, 11, expansions=[FAF])
    assert GAME.is_over(game) and GAME.outcome(game).winners and len(game.players) == 5


def test_five_computer_players_play_a_headless_game_with_fame_and_fortune(capsys):
    code, out, err = run(
        capsys, "--game", "sid-meier", "--headless", "--players", "5", "--expansions", FAF, "--seed", "4"
    )
    assert code == 0, err
    assert "Winner: " in out and "Winner: none" not in out
    refused = run(capsys, "--game", "sid-meier", "--headless", "--players", "5", "--seed", "4")
    assert refused[0] != 0 and "2 to 4 players, not 5" in refused[2]
