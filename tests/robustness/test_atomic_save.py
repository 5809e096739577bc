"""Atomic saves: a process killed (SIGKILL) at a random moment while it saves over and over
never leaves a broken save behind; the file always holds one complete save or the other.

The saving process is forked from the test, so starting it costs nothing and the kills are many.
"""

import os
import random
import signal
import time
from multiprocessing import get_context

import pytest

from civgame.ai import play_steps, random_agents
from civgame.framework.saves import state_hash
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import load_game, save_game

KILLS = 40
SLOW_KILLS = 1000


def played(players: int, seed: int, steps: int):
    """A game after `steps` random actions (fewer if it ends first)."""
    return play_steps(new_game(players, seed), random_agents(players, seed), steps)


def save_forever(path, games, ready) -> None:
    """Save the games in turn, for ever; tell the parent once the first save is complete."""
    for count in range(1, 1 << 62):
        save_game(games[count % 2], path)
        if count == 1:
            ready.set()


def kill_while_saving(tmp_path, kills: int, seed: int) -> dict:
    games = [played(4, 3, 300), played(2, 5, 40)]
    hashes = {state_hash(game): name for game, name in zip(games, ("big", "small"), strict=False)}
    path = tmp_path / "game.yaml"
    save_game(games[0], path)
    started = time.perf_counter()
    save_game(games[0], path)
    save_seconds = time.perf_counter() - started
    context = get_context("fork")
    rng = random.Random(seed)
    seen = {"big": 0, "small": 0, "temp files left": 0}
    for kill in range(kills):
        ready = context.Event()
        saver = context.Process(target=save_forever, args=(path, games, ready), daemon=True)
        saver.start()
        assert ready.wait(30), "the saving process never completed a save"
        time.sleep(rng.uniform(0, 3 * save_seconds))
        os.kill(saver.pid, signal.SIGKILL)
        saver.join(10)
        loaded = state_hash(load_game(path))  # raises SaveError if the save was broken
        assert loaded in hashes, f"kill {kill}: the save holds a state that was never saved"
        seen[hashes[loaded]] += 1
        # each save removes the temporary files of the saves killed before it: at most the last is left
        left = len(list(tmp_path.glob(".game.yaml.*.tmp")))
        assert left <= 1, f"kill {kill}: {left} temporary files left"
        seen["temp files left"] = max(seen["temp files left"], left)
    save_game(games[1], path)
    assert list(tmp_path.glob(".game.yaml.*.tmp")) == [], "a save left temporary files behind"
    return seen


def test_killing_a_saving_process_never_breaks_the_save(tmp_path):
    seen = kill_while_saving(tmp_path, KILLS, seed=1)
    # the kills landed at different moments: both games were found in the file
    assert seen["big"] and seen["small"], seen


@pytest.mark.slow
def test_killing_a_saving_process_a_thousand_times(tmp_path):
    seen = kill_while_saving(tmp_path, SLOW_KILLS, seed=2)
    assert seen["big"] and seen["small"], seen
