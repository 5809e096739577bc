"""Start-up benchmark: from starting the process to the title screen being drawn once.

    python -m bench.startup

The child process is `civgame` without arguments (the window), on SDL's dummy driver and with
an empty data directory; a hook after the first `App.draw` reports the time and exits. The
clock is CLOCK_MONOTONIC, which parent and child share on Linux. While the command line does
not open the window yet, the child falls back to `civgame.ui.screenshot.main_window`. The
child's CPU time (until it exits right after that first frame) is in the note.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import Figure, median, table

RUNS = 5
TARGET = 1.0  # seconds
TIMEOUT = 60

CHILD = """
import os, time
from civgame.ui import app as ui_app

first_draw = ui_app.App.draw

def report_first_draw(self):
    first_draw(self)
    print("FIRST_DRAW", time.monotonic(), type(self.scene).__name__, ENTRY, flush=True)
    os._exit(0)

ui_app.App.draw = report_first_draw
ENTRY = "civgame.cli.main"
from civgame.cli import main
main([])
ENTRY = "civgame.ui.screenshot.main_window"
from civgame.ui.screenshot import main_window
main_window(None)
"""


def _once(data_home: str) -> tuple[float, float, str, str]:
    """Seconds to the first drawn frame, the child's CPU seconds, the scene and the entry point."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=data_home)
    cpu_before = _children_cpu()
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
        cwd=Path(__file__).resolve().parents[1],
    )
    cpu = _children_cpu() - cpu_before
    lines = [line for line in done.stdout.splitlines() if line.startswith("FIRST_DRAW")]
    if not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the window never drew (exit {done.returncode}): {last}")
    _, drawn, scene, entry = lines[0].split()
    return float(drawn) - start, cpu, scene, entry


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(runs: int = RUNS) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="civgame-bench-") as data_home:
        results = [_once(data_home) for _ in range(runs)]
    times = [seconds for seconds, _, _, _ in results]
    cpu = median([seconds for _, seconds, _, _ in results])
    _, _, scene, entry = results[-1]
    return [
        Figure(
            "start-up: process start to first drawn title screen",
            median(times),
            "s",
            TARGET,
            f"median of {runs}, first {times[0]:.2f} s, CPU {cpu:.2f} s; {scene} via {entry}",
        )
    ]


def main() -> int:
    print(table(run()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
