"""Running many seeded games at once: in local worker processes, or on a Ray cluster.

`run_jobs` calls a function once per job and yields each job's index with its result as the jobs
finish. Without an address the jobs run in local worker processes (`concurrent.futures`); with one
(`--ray ADDRESS`: a cluster's address, `auto` for the cluster this machine belongs to, `local` for
a Ray instance started for the run) they run as Ray tasks. Every game draws only from its own seeds
and computer players count their work rather than time it, so the same jobs give the same results
either way. Ray is an optional extra (`pip install -e '.[ray]'`), imported only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

R = TypeVar("R")


class RayMissing(RuntimeError):
    """`--ray` was given but Ray is not installed."""


def run_jobs(
    function: Callable[..., R], jobs: Sequence[tuple[Any, ...]], workers: int, ray_address: str | None = None
) -> Iterator[tuple[int, R]]:
    """`function(*job)` for every job, as (index of the job, result) in the order they finish."""
    if ray_address is not None:
        yield from _on_ray(function, jobs, ray_address)
        return
    if workers == 1:  # (in this process: a profiler or debugger sees the games)
        for index, job in enumerate(jobs):
            yield index, function(*job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(function, *job): index for index, job in enumerate(jobs)}
        for future in as_completed(futures):
            yield futures[future], future.result()


def _on_ray(function: Callable[..., R], jobs: Sequence[tuple[Any, ...]], address: str) -> Iterator[tuple[int, R]]:
    try:
        import ray
    except ImportError:
        raise RayMissing("running games on Ray needs Ray: pip install -e '.[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(function)
        pending = {task.remote(*job): index for index, job in enumerate(jobs)}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                yield pending.pop(ref), ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
