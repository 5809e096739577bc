"""Computer players in their own process: the same choices as in the window's process, errors
reported, and no process left behind when the game is left or the window's process dies."""

import os
import subprocess
import sys
import textwrap
import time

import pytest

from civgame.ai.levels import make_agent
from civgame.ai.remote import ComputerPlayerError, ThinkingProcess
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.rules.flow.controller import legal_actions
from civgame.games.clash.rules.flow.setup import new_game

STARTING = 60.0  # seconds a worker may take to start on a loaded machine


def _gone(pid: int, seconds: float = 10.0) -> bool:
    """Whether the process `pid` has ended (a zombie not yet reaped counts as ended)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().split(")")[-1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.05)
    return False


def _easy_game(seed: int = 4):
    game = new_game(["Anna", "Ben"], seed)
    for player in game.players:
        player.seat = "easy"
    return game


def test_the_worker_chooses_what_the_same_player_chooses_in_process():
    game = _easy_game()
    thinker = ThinkingProcess(game.rules)
    try:
        seat = game.actor()
        alone = make_agent("easy", f"{game.seed}:{seat}")
        for _ in range(3):  # the worker's players keep their generators from one decision to the next
            actions = legal_actions(game)
            expected = alone.choose(copy_game(game), actions)
            thinker.ask(game, actions)
            assert thinker.wait(STARTING)
            chosen = thinker.answer()
            assert chosen == expected and any(chosen is action for action in actions)
    finally:
        thinker.close()
        thinker.join(10)


def test_a_failed_decision_is_reported_and_the_worker_ends_when_closed():
    game = _easy_game()
    game.players[game.actor()].seat = "human"  # the worker has no player for this seat
    thinker = ThinkingProcess(game.rules)
    thinker.ask(game, legal_actions(game))
    assert thinker.wait(STARTING)
    with pytest.raises(ComputerPlayerError, match="failed to decide"):
        thinker.answer()
    assert thinker.process is not None
    pid = thinker.process.pid
    assert pid is not None
    thinker.close()
    thinker.join(10)
    assert _gone(pid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_worker_ends_when_the_windows_process_dies_without_a_word():
    script = textwrap.dedent(
        """
        import os, signal, sys
        from civgame.ai.remote import ThinkingProcess
        from civgame.games.clash.rules.flow.controller import legal_actions
        from civgame.games.clash.rules.flow.setup import new_game

        if __name__ == "__main__":
            game = new_game(["Anna", "Ben"], 4)
            for player in game.players:
                player.seat = "normal"
            thinker = ThinkingProcess(game.rules)
            thinker.ask(game, legal_actions(game))
            thinker.wait(60)
            thinker.ask(game, legal_actions(game))  # killed while the worker thinks
            print(thinker.process.pid, flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=os.getcwd())
    assert done.returncode == -9, done.stderr
    assert _gone(int(done.stdout.split()[0]), seconds=20)
