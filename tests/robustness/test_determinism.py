"""Determinism: a save's seed and action log replay to the identical state, whoever played the
game and wherever it was cut; undoing an action and taking it again gives the identical state."""

import random

import pytest

from civgame.ai import play_game, random_agents
from civgame.ai.random_agent import AggressiveAgent
from civgame.framework.codec import from_plain, to_plain
from civgame.framework.saves import state_hash
from civgame.games.clash.core.actions import Action
from civgame.games.clash.rules.base.undo import UndoHistory
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import load_game, save_game

GAMES = 16
SLOW_GAMES = 500


class _Cut(Exception):
    pass


def game_cut_at(seed: int):
    """A seeded game between random or aggressive agents, stopped after a seeded number of
    actions (a third of them play to the end)."""
    players = 2 + seed % 3
    agents = random_agents(players, seed) if seed % 2 else [AggressiveAgent(f"{seed}:{i}") for i in range(players)]
    rng = random.Random(seed)
    cut = rng.randrange(1, 500) if rng.random() < 2 / 3 else None
    names = [f"Seat {i} of {seed}" for i in range(players)]
    state = {}

    def stop(game, _action):
        if len(game.history) == cut:
            state["game"] = game
            raise _Cut

    try:
        return play_game(names, seed, agents, observer=stop)
    except _Cut:
        return state["game"]


def replay(game):
    """A new game from the same seed, seats and colours, with the whole action log applied."""
    again = new_game([p.name for p in game.players], game.seed, colours=[p.color for p in game.players])
    for entry in game.history:
        apply(again, from_plain(Action, entry))
    return again


def check_replay_from_save(tmp_path, seed: int) -> None:
    path = tmp_path / f"{seed}.yaml"
    save_game(game_cut_at(seed), path)
    saved = load_game(path)
    assert state_hash(replay(saved)) == state_hash(saved), f"seed {seed}: the replay differs from the save"


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_saves_seed_and_action_log_replay_to_the_saved_state(tmp_path, seed):
    check_replay_from_save(tmp_path, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(GAMES, GAMES + SLOW_GAMES))
def test_many_more_saves_replay_to_the_saved_state(tmp_path, seed):
    check_replay_from_save(tmp_path, seed)


# ------------------------------------------------------------------ undo, then the same action again


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_undo_then_the_same_action_again_gives_the_identical_state(seed):
    players = 2 + seed % 3  # the engine has undo but no redo: redo = apply again
    game = new_game(players, seed)
    agents = random_agents(players, seed)
    history = UndoHistory()
    undone = 0
    while game.phase != "over":
        action = agents[game.actor()].choose(game, legal_actions(game))
        before = history.snapshot(game)
        apply(game, action)
        history.applied(before, game, action.KIND)
        if history.next_label != action.KIND or random.Random(f"{seed}:{len(game.history)}").random() < 0.5:
            continue
        after = to_plain(game)
        restored = history.undo(game)
        assert to_plain(restored) == before, f"seed {seed}: undo of {action!r}"
        apply(restored, action)
        assert to_plain(restored) == after, f"seed {seed}: {action!r} again"
        game = restored
        undone += 1
    assert undone > 20
    assert state_hash(replay(game)) == state_hash(game), f"seed {seed}: a game that used undo replays differently"
