"""bench.instructions: what it reads from valgrind and the games, and its message without valgrind.
(Counting under valgrind takes half a minute: `python -m bench.instructions` is run by hand.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench import instructions, sidmeier
from bench.common import PLAYERS, SEEDS
from civgame.ai import play_game, random_agents


def test_the_count_is_read_from_callgrinds_summary() -> None:
    printed = (
        "==2001== Events    : Ir\n==2001== Collected : 4027283158\n==2001==\n==2001== I   refs:      4,027,283,158\n"
    )
    assert instructions.collected(printed) == 4_027_283_158


def test_no_count_is_an_error_showing_what_valgrind_printed() -> None:
    with pytest.raises(instructions.MeasureError, match="valgrind: command failed"):
        instructions.collected("valgrind: command failed")


def test_the_child_plays_the_benchmark_games() -> None:
    run = subprocess.run(
        [sys.executable, "-c", instructions.CHILDREN["clash"], "1"],
        cwd=instructions.ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    game = play_game(PLAYERS, SEEDS[0], random_agents(PLAYERS, SEEDS[0]), recheck=False)
    assert instructions.played(run.stdout) == len(game.history) > 0


def test_the_sid_meier_child_plays_that_benchmark_s_games() -> None:
    run = subprocess.run(
        [sys.executable, "-c", instructions.CHILDREN["sid-meier"], "1"],
        cwd=instructions.ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert instructions.played(run.stdout) == sidmeier.play(sidmeier.SEEDS[0]) > 0


def test_without_valgrind_it_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(instructions.shutil, "which", lambda _name: None)
    assert instructions.main(["--games", "1"]) == 1
    assert "valgrind is not installed (Debian: apt install valgrind)" in capsys.readouterr().err
