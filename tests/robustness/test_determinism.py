"""Determinism: a save's seed and action log replay to the identical state, whoever played the
game and wherever it was cut; undoing an action and taking it again gives the identical state."""

import random

import pytest

from bench.undo import UndoRun, replay, undo_and_redo
from civgame.ai import play_game, random_agents
from civgame.ai.random_agent import AggressiveAgent
from civgame.framework.saves import state_hash
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
    run = UndoRun()  # the engine has undo but no redo: redo = apply again (bench.undo, the long run)
    undo_and_redo(seed, run)
    assert run.mismatches == [] and run.undos > 20
