"""Whole games of the 2012 edition between random and aggressive agents, in each of its variants, keeping
every invariant after every action; a save is loaded back once per game."""

import random

import pytest

from civgame.ai import play_out, random_agents
from civgame.ai.random_agent import AggressiveAgent
from civgame.framework.invariants import InvariantChecker
from civgame.games.clash.content.effects.sources import holdings_changed
from civgame.games.clash.core.model import Unit
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.rules.flow.setup import new_game
from tests.classic import classic_rules, expansion_rules

GAMES = 4  # of each kind of agent (the variants play fewer)


def checked_game(rules, seed, *, events="standard", variants=(), aggressive=False):
    players = 2 + seed % 3
    game = new_game(players, seed, rules, events=events, variants=variants)
    checker = InvariantChecker(DEFINITION, f"seed {seed}", save_at_step=random.Random(seed).randrange(1, 120))
    agents = [AggressiveAgent(f"{seed}:{i}") for i in range(players)] if aggressive else random_agents(players, seed)
    game = play_out(game, agents, observer=checker)
    assert game.phase == "over" and game.winner and checker.saved
    return game


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_2012_games_keep_every_invariant(seed):
    checked_game(classic_rules(), seed)


@pytest.mark.parametrize("seed", range(GAMES))
def test_aggressive_2012_games_keep_every_invariant(seed):
    checked_game(classic_rules(), seed, aggressive=True)


@pytest.mark.parametrize("seed", range(2))
def test_2012_games_with_the_civilizations_expansion_keep_every_invariant(seed):
    game = checked_game(expansion_rules(), seed, aggressive=seed % 2 == 1)
    assert "market" in game.rules.buildings


def market_game(seed):
    """A game with the expansion in which every player starts with Bartering, Trade Routes and a Market in their
    city, and a settler beside the next player's city: cavalry, elephants and routes to a Market come up at once."""
    game = new_game(2 + seed % 3, seed, expansion_rules())
    for player in game.players:
        player.advances += ["Bartering", "Trade Routes"]
        game.cities_of(player.index)[0].buildings["market"] = player.index
    holdings_changed(game)
    for player in game.players:
        home = game.cities_of((player.index + 1) % len(game.players))[0].pos
        beside = [s for s in game.board_neighbors(home) if game.revealed(s) and not game.is_water(s)]
        game.units.append(Unit(game.new_id(), player.index, "settler", beside[0]))
    return game


@pytest.mark.parametrize("seed", range(3))
def test_2012_games_recruiting_cavalry_and_leaving_out_routes_to_markets_keep_every_invariant(seed):
    game = market_game(seed)
    checker = InvariantChecker(DEFINITION, f"seed {seed}", save_at_step=random.Random(seed).randrange(1, 120))
    players = len(game.players)
    agents = [AggressiveAgent(f"{seed}:{i}") for i in range(players)] if seed % 2 else random_agents(players, seed)
    game = play_out(game, agents, observer=checker)
    assert game.phase == "over" and checker.saved
    played = game.history
    assert any(a["kind"] == "recruit" and {"cavalry", "elephant"} & set(a["units"]) for a in played)
    assert any(a["kind"] == "choose_option" and "leaving out" in a["option"] for a in played)


@pytest.mark.parametrize("events", ["no_events", "optional_events"])
@pytest.mark.parametrize("seed", range(2))
def test_2012_games_with_the_event_variants_keep_every_invariant(seed, events):
    checked_game(classic_rules(), seed, events=events)


@pytest.mark.parametrize("seed", range(3))
def test_four_round_games_end_after_the_fourth_age(seed):
    game = checked_game(classic_rules(), seed, variants=["four_rounds"], aggressive=seed % 2 == 1)
    assert game.age <= 4


@pytest.mark.parametrize("seed", range(3))
def test_games_with_a_wonderful_ending_keep_every_invariant(seed):
    game = checked_game(classic_rules(), seed, variants=["wonderful_ending"])
    assert game.age <= 7


@pytest.mark.parametrize("seed", range(3))
def test_games_rolling_to_end_keep_every_invariant(seed):
    game = checked_game(classic_rules(), seed, variants=["roll_to_end"])
    assert (game.age, game.round) >= (6, 2)
    assert any("to end the game (it ends on" in line for line in game.log)
