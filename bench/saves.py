"""Save benchmark: time to save and to load a late-game 4-player state, and the file's size.

    python -m bench.saves

Times are wall-clock, as a player waits for them (saving includes the fsync that makes a save
durable, so it depends on the disk); the CPU part is in the note, for a machine that is busy.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.common import Figure, late_game_state, median, table
from civgame.framework.saves import state_hash
from civgame.games.clash.storage.save import load_game, save_game

REPEATS = 15
TARGET = 0.05  # seconds, for saving and for loading


def run(repeats: int = REPEATS) -> list[Figure]:
    game = late_game_state()
    with tempfile.TemporaryDirectory(prefix="civgame-bench-") as directory:
        path = Path(directory) / "late.yaml"
        save_times, load_times = _Times(), _Times()
        for _ in range(repeats):
            with save_times:
                save_game(game, path)
            with load_times:
                loaded = load_game(path, rules=game.rules)
        size = path.stat().st_size
    if state_hash(loaded) != state_hash(game):
        raise RuntimeError("the late-game save did not load back to the same state")
    where = f"age {game.age}, {len(game.cities)} cities, {len(game.units)} units, {len(game.history)} actions"
    return [
        Figure("saves: save a late-game state", median(save_times.wall), "s", TARGET, save_times.note()),
        Figure("saves: load a late-game state", median(load_times.wall), "s", TARGET, load_times.note()),
        Figure("saves: late-game file size", size, "B", None, where),
    ]


class _Times:
    """Wall-clock and CPU time of each run of a `with` block."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def __enter__(self) -> None:
        self._started = (time.perf_counter(), time.process_time())

    def __exit__(self, *exc_info: object) -> None:
        self.wall.append(time.perf_counter() - self._started[0])
        self.cpu.append(time.process_time() - self._started[1])

    def note(self) -> str:
        return f"median of {len(self.wall)}; CPU {median(self.cpu) * 1000:.1f} ms"


def main() -> int:
    print(table(run()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
