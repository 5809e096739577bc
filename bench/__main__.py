"""`python -m bench`: run every benchmark and print one table (figure, value, target, met?).

    python -m bench                    # all of them, about a minute
    python -m bench engine saves       # only some: engine, saves, render, startup

The exit status is 0 even when a target is missed (the table says so); 1 if a benchmark failed.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
import traceback
from collections.abc import Callable, Sequence

from bench import engine, render, saves, sidmeier, startup
from bench.common import Failure, Figure, table

BENCHMARKS: dict[str, Callable[[], list[Figure]]] = {
    "engine": engine.run,
    "saves": saves.run,
    "render": render.run,
    "startup": startup.run,
    "sid-meier": sidmeier.run,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description="Run the civgame benchmarks.")
    parser.add_argument(
        "only", nargs="*", metavar="NAME", help=f"benchmarks to run (default: all of {', '.join(BENCHMARKS)})"
    )
    args = parser.parse_args(argv)
    unknown = [name for name in args.only if name not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
    rows: list[Figure | Failure] = []
    started = time.monotonic()
    for name in args.only or BENCHMARKS:
        try:
            rows.extend(BENCHMARKS[name]())
        except Exception as exc:  # report and go on: one broken benchmark must not hide the others
            traceback.print_exc()
            rows.append(Failure(name, f"{type(exc).__name__}: {exc}".splitlines()[0]))
    print(
        f"civgame benchmarks on {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPU(s), {time.monotonic() - started:.0f} s"
    )
    print(table(rows))
    return 1 if any(isinstance(row, Failure) for row in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
