"""Instructions per engine action, counted by valgrind: a figure the machine's load does not move.

    python -m bench.instructions              # the first 3 benchmark games (about a minute)
    python -m bench.instructions --games 8    # all of them
    python -m bench.instructions --game sid-meier --games 2   # Sid Meier's Civilization's games

On a shared machine the speeds of `python -m bench.engine` move by ±15 % from one run to the next; the
instructions the processor executes for the same games do not. Two runs under `valgrind
--tool=callgrind` play the benchmark's seeded random games as bench.engine plays them, one stopping
before the first game: their difference over the actions played is the cost of an action, start-up
left out. Compare a change with the code before it on the same machine: the count depends on the
Python build. Needs valgrind (Debian: `apt install valgrind`).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.common import SEEDS

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 1800  # seconds for one run under valgrind

# Plays the first N benchmark games and prints how many actions they took.
CHILDREN = {}
CHILDREN["clash"] = """
import sys
from bench.common import PLAYERS, SEEDS
from civgame.ai import play_game, random_agents
from civgame.games.clash.rules.flow.setup import new_game
new_game(PLAYERS, SEEDS[0])  # the rules loaded, as bench.engine does before timing
actions = 0
for seed in SEEDS[: int(sys.argv[1])]:
    actions += len(play_game(PLAYERS, seed, random_agents(PLAYERS, seed), recheck=False).history)
print("ACTIONS", actions)
"""
# Sid Meier's Civilization's games as bench.sidmeier plays them.
CHILDREN["sid-meier"] = """
import sys
from bench.sidmeier import PLAYERS, SEEDS, new_game, play
new_game(PLAYERS, SEEDS[0])
print("ACTIONS", sum(play(seed) for seed in SEEDS[: int(sys.argv[1])]))
"""


class MeasureError(RuntimeError):
    """valgrind is missing, or a run under it failed."""


def collected(valgrind_output: str) -> int:
    """The instructions callgrind counted, from what it printed ("==123== Collected : 4027283158")."""
    found = re.search(r"Collected\s*:\s*(\d+)", valgrind_output)
    if found is None:
        raise MeasureError(f"valgrind printed no instruction count:\n{valgrind_output[-2000:]}")
    return int(found.group(1))


def played(child_output: str) -> int:
    found = re.search(r"^ACTIONS (\d+)$", child_output, re.MULTILINE)
    if found is None:
        raise MeasureError(f"the games printed no action count:\n{child_output[-2000:]}")
    return int(found.group(1))


def count(games: int, game: str = "clash") -> tuple[int, int]:
    """Instructions and actions of a run playing the first `games` benchmark games of `game`."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise MeasureError("valgrind is not installed (Debian: apt install valgrind)")
    command = [
        valgrind,
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        "-c",
        CHILDREN[game],
        str(games),
    ]
    # The same string hashes in both runs: set and dict orders, and so the instructions, repeat.
    env = dict(
        os.environ,
        PYTHONHASHSEED="0",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    if run.returncode != 0:
        raise MeasureError(f"the run under valgrind failed (exit code {run.returncode}):\n{run.stderr[-2000:]}")
    return collected(run.stderr), played(run.stdout)


def per_action(games: int, game: str = "clash") -> tuple[float, int]:
    """Instructions per action over the first `games` benchmark games, start-up left out; and the actions.
    (The two runs go side by side: valgrind runs a program on one core.)"""
    with ThreadPoolExecutor(2) as pool:
        start_up, (total, actions) = pool.map(count, (0, games), (game, game))
    return (total - start_up[0]) / actions, actions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, choices=range(1, len(SEEDS) + 1), metavar=f"1-{len(SEEDS)}")
    parser.add_argument("--game", default="clash", choices=sorted(CHILDREN))
    args = parser.parse_args(argv)
    try:
        cost, actions = per_action(args.games, args.game)
    except MeasureError as err:
        print(f"bench.instructions: {err}", file=sys.stderr)
        return 1
    name = "engine" if args.game == "clash" else args.game
    print(f"{name}: {cost:,.0f} instructions per action ({actions} actions of the first {args.games} benchmark games)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
