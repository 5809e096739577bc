"""Hosts on the loopback address for the network tests, and a way to run them with a time limit."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any

from civgame.net import protocol as P
from civgame.net.client import Client, SeatView
from civgame.net.server import Host, hosting
from civgame.net.storage import Storage, open_storage

TEST_SECONDS = 60  # no network test runs longer: a hang fails instead


def run(coroutine: Coroutine[Any, Any, Any], seconds: float = TEST_SECONDS) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, seconds))


@contextlib.asynccontextmanager
async def loopback_host(storage: Storage | Path) -> AsyncIterator[tuple[Host, str]]:
    """A host of the games in `storage` (a database or an SQLite file), listening on 127.0.0.1."""
    host = Host(storage if isinstance(storage, Storage) else open_storage(str(storage)))
    host.resume()
    async with hosting(host, "127.0.0.1", 0) as server:
        yield host, f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"


async def create(client: Client, *seats: tuple[str, str], seed: int = 5, game: str = "clash") -> P.Created:
    """A game with seats (name, kind) — a kind of "computer:LEVEL" for a computer."""
    specs = [P.SeatSpec(name=name, kind=kind.split(":")[0], level=kind.partition(":")[2]) for name, kind in seats]
    created = await client.request(P.Create(game=game, seats=specs, seed=seed))
    assert isinstance(created, P.Created), created
    return created


async def new_table(host: Host, url: str, *seats: tuple[str, str], seed: int = 5) -> tuple[Client, P.Created, Any]:
    """A client of `host`, the game it created with `seats` (see `create`), and the host's table of it."""
    client = await Client.open(url)
    created = await create(client, *seats, seed=seed)
    return client, created, host.tables[created.game]


async def until(client: Client, test: Any, seconds: float = 20) -> None:
    """Wait for the states the host sends until `test()` holds."""

    async def wait() -> None:
        while not test():
            client.changed.clear()
            await client.changed.wait()

    await asyncio.wait_for(wait(), seconds)


async def take_turn(client: Client, token: str, seat: SeatView, rng: random.Random) -> P.Message:
    """Send one legal action of the seat's, chosen by `rng`; the host's reply."""
    assert seat.legal is not None
    return await client.request(P.Act(token=token, version=seat.version, action=rng.choice(seat.legal)))
