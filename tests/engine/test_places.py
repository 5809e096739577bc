"""The model of where cards, wonders, great persons and leaders are (rules.flow.places) holds in every
state of random games with civilizations, and names the place of each way to break it."""

import pytest

from civgame.ai import play_out, random_agents
from civgame.games.clash.rules.flow import places
from civgame.games.clash.rules.flow.setup import new_game


@pytest.mark.parametrize(
    "players,seed,what_if", [(3, 1, False), (4, 2, True), (2, 5, False), (3, 6, True), (4, 9, False)]
)
def test_every_state_of_a_random_game_is_one_the_model_allows(players, seed, what_if):
    broken = []

    def check(game, action):
        broken.extend(
            f"after {len(game.history)} actions ({type(action).__name__}): {p}" for p in places.misplaced(game)
        )

    game = new_game(players, seed, civilizations="random", what_if=what_if)
    play_out(game, random_agents(players, seed), observer=check)
    assert not broken, broken[:5]


@pytest.fixture
def game():
    return new_game(3, 4, civilizations="random")


def problems(game):
    return list(places.misplaced(game))


def test_a_card_in_no_place_or_in_two_is_named_with_its_places(game):
    card = game.decks["objective"].draw.pop()
    assert problems(game) == [
        f"game.decks.objective: objective card {card} is in no place (not in a pile, a hand or in play)"
    ]
    game.players[1].objective_cards.append(card)
    game.players[2].completed_objectives.append(card)
    assert problems(game) == [
        f"game.players[2].completed_objectives: objective card {card} is also in game.players[1].objective_cards"
    ]


def test_a_built_wonder_is_in_no_hand_and_stands_in_one_city_at_most(game):
    wonder = game.decks["wonder"].draw.pop()
    game.players[0].wonders_built.append(wonder)
    game.players[0].wonders_built_when.append([1, 1])
    game.cities_of(0)[0].wonders.append(wonder)
    assert problems(game) == []
    game.players[1].wonder_cards.append(wonder)
    assert problems(game) == [
        f"game.players[0].wonders_built: wonder card {wonder!r} is also in game.players[1].wonder_cards"
    ]
    game.players[1].wonder_cards.remove(wonder)
    game.cities_of(1)[0].wonders.append(wonder)
    city = game.cities_of(0)[0].id
    assert problems(game) == [
        f"game.cities[id {game.cities_of(1)[0].id}].wonders: {wonder!r} also stands in city {city}"
    ]


def test_a_leader_belongs_to_one_player_of_a_civilization_that_may_hold_it(game):
    first, second = game.players[0], game.players[1]
    stranger = game.rules.civilizations[second.civilization].leaders[0].name
    first.leaders_used.append(stranger)
    assert problems(game) == [f"game.players[0].leaders_used: {stranger!r} is not one of their leaders"]
    first.leaders_used.remove(stranger)
    second.leaders_used.append(stranger)
    first.captured_leaders.append(stranger)
    assert problems(game) == []
    game.players[2].captured_leaders.append(stranger)
    assert problems(game) == [f"game.players[2].captured_leaders: {stranger!r} is captured by player 0 too"]
