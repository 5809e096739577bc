"""`python -m bench.network`: a load test of `civgame serve` on the loopback address.

    python -m bench.network [--games 50] [--players 4] [--actions 100] [--seconds 600]

It starts a host process, opens `--games` games of Clash with every seat a computer client (a
connection of its own that picks one of the legal actions it is sent, at random), and lets them all
play at once until each game has taken `--actions` actions or is over. It then checks that no action
was lost or taken twice: the host's database holds exactly the actions it confirmed (the game's
version), and every seat was told of every version, in order. It prints the round trip of an
action (sent to confirmed: median and 99th percentile), the actions per second, and the host's
memory per game (its resident memory with the games open, less before them, per game).
Everything is bounded: the number of actions, and the time (`--seconds`), after which it stops.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from civgame.net import protocol as P
from civgame.net.client import Client
from civgame.net.storage import open_storage

ROOT = Path(__file__).resolve().parents[1]
START_SECONDS = 60


@dataclass
class Seat:
    game: str
    seat: int
    token: str
    client: Client
    versions: list[int] = field(default_factory=list)  # the version of each State the seat was sent, in order


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    confirmed: dict[str, int] = field(default_factory=dict)  # game -> actions the host confirmed
    refused: list[str] = field(default_factory=list)


def start_host(database: Path) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "civgame", "serve", "--address", "127.0.0.1", "--port", "0"]
    host = subprocess.Popen(
        [*command, "--database", str(database)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert host.stdout is not None
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        found = re.search(r"listening on (ws://\S+)", host.stdout.readline())
        if found:
            return host, found.group(1)
    host.kill()
    raise RuntimeError("the host did not start")


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no resident memory figure for the host")


async def open_games(url: str, games: int, players: int) -> list[Seat]:
    seats = []
    opener = await Client.open(url)
    for number in range(games):
        specs = [P.SeatSpec(name=f"Computer {i + 1}", kind="local") for i in range(players)]
        created = await opener.request(P.Create(game="clash", seats=specs, seed=number + 1))
        assert isinstance(created, P.Created), created
        for ticket in created.seats:
            assert ticket.token is not None
            client = await Client.open(url)
            seat = Seat(created.game, ticket.seat, ticket.token, client)
            client.on_state = lambda view, s=seat: s.versions.append(view.version)
            seats.append(seat)
    await opener.close()
    for seat in seats:
        await seat.client.request(P.Sit(token=seat.token))
    return seats


async def play(seat: Seat, actions: int, tally: Tally, deadline: float) -> None:
    """Take the seat's turns until its game has taken `actions` actions, is over, or time is up."""
    view = seat.client.seats[(seat.game, seat.seat)]
    rng = random.Random(f"{seat.game}:{seat.seat}")
    while not view.over and view.version < actions and time.monotonic() < deadline:
        if view.legal is None:
            seat.client.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seat.client.changed.wait(), 1.0)
            continue
        sent = time.perf_counter()
        reply = await seat.client.request(P.Act(token=seat.token, version=view.version, action=rng.choice(view.legal)))
        if isinstance(reply, P.Refused):
            tally.refused.append(reply.reason)
            continue
        tally.round_trips.append(time.perf_counter() - sent)
        tally.confirmed[seat.game] = tally.confirmed.get(seat.game, 0) + 1  # (its State came before the reply)


def lost_and_twice(seats: list[Seat], stored: dict[str, int], tally: Tally) -> tuple[int, int]:
    """Actions lost: confirmed but not in the database, or versions a seat was never told of (or told
    out of order); actions taken twice: in the database more often than confirmed. (A seat is told a
    version again when only who is at the table changed: that is no action.)"""
    lost = sum(max(0, count - stored.get(game, 0)) for game, count in tally.confirmed.items())
    twice = sum(max(0, stored[game] - tally.confirmed.get(game, 0)) for game in stored)
    for seat in seats:
        told = seat.versions
        if told != sorted(told) or sorted(set(told)) != list(range(told[0], stored[seat.game] + 1)):
            lost += 1
    return lost, twice


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def load(url: str, host_pid: int, args: argparse.Namespace) -> tuple[list[Seat], Tally, int, float]:
    before = resident_kib(host_pid)
    seats = await open_games(url, args.games, args.players)
    tally = Tally()
    started = time.monotonic()
    deadline = started + args.seconds
    await asyncio.gather(*(play(seat, args.actions, tally, deadline) for seat in seats))
    per_game = (resident_kib(host_pid) - before) / args.games
    elapsed = time.monotonic() - started
    await asyncio.sleep(0.5)  # the last States on their way
    for seat in seats:
        await seat.client.close()
    return seats, tally, round(per_game), elapsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.network", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--actions", type=int, default=100, help="actions per game (default 100)")
    parser.add_argument("--seconds", type=float, default=600, help="stop after this long (default 600)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "games.sqlite"
        host, url = start_host(database)
        try:
            seats, tally, per_game, elapsed = asyncio.run(load(url, host.pid, args))
        finally:
            host.terminate()
            host.wait(START_SECONDS)
        storage = open_storage(str(database))
        stored = {game.id: game.version for game in storage.games()}
        storage.close()
    lost, twice = lost_and_twice(seats, stored, tally)
    actions = sum(tally.confirmed.values())
    print(f"{args.games} games of {args.players} computer clients on {url}, {elapsed:.0f} s")
    print(f"actions confirmed: {actions} ({actions / elapsed:.0f} a second); refused: {len(tally.refused)}")
    print(f"actions lost: {lost}; taken twice: {twice}")
    print(
        f"action round trip: median {percentile(tally.round_trips, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(tally.round_trips, 0.99) * 1000:.1f} ms"
    )
    print(f"host memory per game: {per_game} KiB")
    return 0 if lost == twice == 0 and not tally.refused else 1


if __name__ == "__main__":
    sys.exit(main())
