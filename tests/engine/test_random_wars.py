"""Random games that start armed, so battles, captures and retreats happen often.

Plain random games rarely fight (armies need Tactics, which random agents seldom buy early);
these start every player with Tactics, infantry and a stock of resources.
"""

from collections import Counter

import pytest

from bench.soak import prepare_wonders
from civgame.ai import play_out
from civgame.ai.random_agent import AggressiveAgent
from civgame.games.clash.content.effects import holdings_changed
from civgame.games.clash.core.actions import PlayTactics
from civgame.games.clash.core.model import Unit
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game

GAMES = 16
SLOW_GAMES = 300


def armed_game(seed: int):
    players = 2 + seed % 3
    game = new_game(players, seed)
    for player in game.players:
        player.advances.append("Tactics")
        player.resources.update(food=2, wood=4, ore=4, gold=3)
        (home,) = game.cities_of(player.index)
        for _ in range(3):
            game.units.append(Unit(game.new_id(), player.index, "infantry", home.pos))
    holdings_changed(game)
    return game


def play_armed_checked(seed: int) -> Counter[str]:
    """Play an armed game to its end with the invariants checked after every action; count the actions
    by kind (a tactics card played face down counts as `tactics_card`)."""
    game = armed_game(seed)
    kinds: Counter[str] = Counter()

    def check(g, action):
        kinds[action.KIND] += 1
        kinds["tactics_card"] += isinstance(action, PlayTactics) and action.card is not None
        problems = check_invariants(g)
        assert not problems, f"seed {seed}, after {action!r}: {problems}"

    play_out(game, aggressive_agents(game, seed), observer=check)
    assert game.phase == "over"
    assert kinds["move_units"] > 0
    return kinds


def aggressive_agents(game, seed: int) -> list[AggressiveAgent]:
    return [AggressiveAgent(f"{seed}:{i}") for i in range(len(game.players))]


@pytest.mark.parametrize("seed", range(GAMES))
def test_armed_random_games_keep_every_invariant(seed):
    play_armed_checked(seed)


def test_the_agents_play_action_and_tactics_cards():
    kinds = sum((play_armed_checked(seed) for seed in (1, 2)), Counter())
    assert kinds["play_action_card"] > 0 and kinds["tactics_card"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(GAMES, GAMES + SLOW_GAMES))
def test_many_armed_random_games_keep_every_invariant(seed):
    play_armed_checked(seed)


def test_armed_games_do_fight():
    rounds = 0
    for seed in range(8):
        game = armed_game(seed)
        play_out(game, aggressive_agents(game, seed))
        rounds += sum(1 for line in game.log if line.startswith("Round "))
    assert rounds > 20


def test_games_started_ready_for_wonders_build_them_and_keep_every_invariant():
    built = completed = 0
    for seed in (1, 2, 3):
        game = new_game(2 + seed % 3, seed)
        prepare_wonders(game)

        def check(g, action, seed=seed):
            problems = check_invariants(g)
            assert not problems, f"seed {seed}, after {action!r}: {problems}"

        play_out(game, aggressive_agents(game, seed), observer=check)
        assert game.phase == "over"
        built += sum(len(p.wonders_built) for p in game.players)
        completed += sum(len(p.completed_objectives) for p in game.players)
    assert built >= 2 and completed >= 3
