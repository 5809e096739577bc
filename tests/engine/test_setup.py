"""Setup for 2, 3 and 4 players (components.md d.2, e.4)."""

import pytest

from civgame.framework.errors import RuleError
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.rules.flow.setup import new_game

HOMES = {
    2: ["D2", "D7"],
    3: ["E4", "B7", "G8"],
    4: ["C2", "I2", "C8", "I8"],
}
SPACES = {2: 40, 3: 60, 4: 72}


@pytest.mark.parametrize("count", [2, 3, 4])
def test_layout_has_the_listed_regions_and_spaces(count):
    game = new_game(count, seed=3)
    assert len(game.regions) == {2: 10, 3: 15, 4: 18}[count]
    assert len(game.space_region) == SPACES[count]
    homes = game.regions[:count]
    assert all(r.revealed for r in homes)
    assert not any(r.revealed for r in game.regions[count:])
    assert [r.number for r in game.regions] == list(range(1, len(game.regions) + 1))


@pytest.mark.parametrize("count", [2, 3, 4])
def test_each_player_starts_with_a_happy_city_and_settler_on_home_grassland(count):
    game = new_game(count, seed=5)
    for player, label in zip(game.players, HOMES[count], strict=False):
        (city,) = game.cities_of(player.index)
        assert hex_to_label(city.pos) == label
        assert game.terrain(city.pos) == "grassland"
        assert city.mood == "happy" and city.size == 1
        (settler,) = game.units_of(player.index)
        assert settler.kind == "settler" and settler.pos == city.pos


def test_starting_resources_advances_cards_and_cubes():
    game = new_game(3, seed=9)
    for p in game.players:
        assert p.resources == {"food": 2, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}
        assert (p.mood_tokens, p.culture_tokens) == (0, 0)
        assert p.advances == ["Farming", "Mining"]
        assert p.event_cubes == 3
        assert len(p.action_cards) == 1 and len(p.objective_cards) == 1
    assert len(game.decks["action"].draw) == 42 - 3
    assert len(game.decks["objective"].draw) == 38 - 3
    assert len(game.decks["event"].draw) == 58


def test_unrevealed_regions_are_a_random_deal_of_distinct_tiles():
    a, b = new_game(4, seed=1), new_game(4, seed=2)
    tiles_a = [r.tile for r in a.regions[4:]]
    assert len(set(tiles_a)) == 14
    assert tiles_a != [r.tile for r in b.regions[4:]]


def test_same_seed_same_setup_and_first_player_is_random():
    assert new_game(4, seed=11).regions == new_game(4, seed=11).regions
    firsts = {new_game(4, seed=s).first_player for s in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_first_turn_state():
    game = new_game(2, seed=4)
    assert (game.age, game.round, game.phase) == (1, 1, "play")
    assert game.current == game.first_player
    assert game.actions_left == 3


@pytest.mark.parametrize("count", [1, 5])
def test_unsupported_player_counts_are_refused(count):
    with pytest.raises(RuleError, match="2-4 players"):
        new_game(count, seed=1)
