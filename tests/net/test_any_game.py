"""The host serves any game behind `GameDefinition`, not only Clash: a small one, played to its end."""

from __future__ import annotations

import random

import pytest

from civgame import games
from civgame.net import protocol as P
from civgame.net.client import Client
from tests.net.helpers import create, loopback_host, run, take_turn, until


@pytest.fixture
def stones(monkeypatch):
    monkeypatch.setitem(games.PACKAGES, "stones", "tests.net.toy_game")


def test_a_game_other_than_clash_is_played_with_a_computer_to_its_end_without_seeing_its_secret(stones, tmp_path):
    async def play() -> None:
        async with loopback_host(tmp_path / "games.sqlite") as (host, url):
            client = await Client.open(url)
            created = await create(client, ("Ann", "local"), ("Cpu", "computer:random"), seed=3, game="stones")
            table = host.tables[created.game]
            await client.request(P.Sit(token=created.seats[0].token))
            seat, rng = client.seats[(created.game, 0)], random.Random(5)
            while not seat.over:
                await until(client, lambda: seat.over or (seat.legal is not None and seat.version == table.version))
                if not seat.over:
                    assert str(table.state.secrets[1]) not in str(seat.view)
                    await take_turn(client, created.seats[0].token, seat, rng)
            assert seat.result.endswith("won: took the last stone")
            assert seat.view["secrets"] == [table.state.secrets[0], None]

    run(play())


def test_a_computer_level_the_game_does_not_have_is_refused(stones, tmp_path):
    async def play() -> None:
        async with loopback_host(tmp_path / "games.sqlite") as (_host, url):
            client = await Client.open(url)
            seats = [P.SeatSpec(name="Ann", kind="local"), P.SeatSpec(name="Cpu", kind="computer", level="hard")]
            reply = await client.request(P.Create(game="stones", seats=seats))
            assert reply == P.Refused(
                request="create", reason="there is no computer level 'hard'; the levels are random"
            )
            reply = await client.request(P.Create(game="chess", seats=seats))
            assert reply.reason.startswith("there is no game 'chess'")

    run(play())
