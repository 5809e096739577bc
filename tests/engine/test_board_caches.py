"""The board's cached geometry follows the regions: turned over in place, placed elsewhere."""

from civgame.games.clash.core.hexgrid import neighbors
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.flow.setup import new_game


def _fresh_neighbours(game: Game) -> dict:
    spaces = {h for region in game.regions for h in region.spaces()}
    return {h: tuple(n for n in neighbors(h) if n in spaces) for h in spaces}


def _hidden_region(game: Game):
    return next(region for region in game.regions if not region.revealed)


def test_a_region_turned_over_in_place_keeps_the_neighbours_and_refreshes_the_rest():
    game = new_game(4, 1)
    region = _hidden_region(game)
    space = region.spaces()[0]
    adjacency = game._adjacency
    game.distances_from(game.units[0].pos)
    assert game.terrain(space) is None
    region.rotation = (region.base_rotation + 3) % 6  # the opposite side: the same four spaces
    game.invalidate_board()
    assert game._adjacency is adjacency and game._adjacency == _fresh_neighbours(game)
    assert game.terrain(space) is not None and game.revealed(space)
    assert "_distances" not in game.__dict__  # the revealed spaces open new ways


def test_a_region_placed_on_other_spaces_gets_new_neighbours():
    game = new_game(4, 1)
    region = _hidden_region(game)
    before = set(region.spaces())
    assert game.board_neighbors(next(iter(before)))  # the board caches are filled
    region.rotation = (region.base_rotation + 1) % 6
    assert set(region.spaces()) != before
    game.invalidate_board()
    assert game._adjacency == _fresh_neighbours(game)
    assert set(game.space_region) == set(_fresh_neighbours(game))
