"""One storage layer, two databases: SQLite (a file) and PostgreSQL (when CIVGAME_TEST_POSTGRES names
one; .ci/run starts one, and in CI these tests fail rather than skip without it)."""

from __future__ import annotations

import os
import random
import secrets

import pytest

from civgame.net import protocol as P
from civgame.net.client import Client
from civgame.net.storage import StorageError, StoredGame, open_storage
from tests.net.helpers import create, loopback_host, run, take_turn, until

POSTGRES = os.environ.get("CIVGAME_TEST_POSTGRES", "")


@pytest.fixture
def postgres_url():
    """A new empty PostgreSQL database for the test, dropped after it."""
    if not POSTGRES:
        if os.environ.get("CI") == "true":
            pytest.fail("CI runs the PostgreSQL tests: .ci/run sets CIVGAME_TEST_POSTGRES once PostgreSQL runs")
        pytest.skip("no PostgreSQL to test with: set CIVGAME_TEST_POSTGRES to a database URL (.ci/postgres starts one)")
    import psycopg

    name = f"civgame_test_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    yield POSTGRES.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite")
    return request.getfixturevalue("postgres_url")


def stored(game_id: str = "g1") -> StoredGame:
    seats = [{"name": "Ann", "kind": "human", "level": "", "token_hash": "t", "code_hash": "", "stand_in": ""}]
    return StoredGame(game_id, "clash", "h", seats, "snapshot 0", 0, 0, False, [])


def test_a_game_comes_back_with_the_actions_after_its_snapshot(database):
    storage = open_storage(database)
    storage.create(stored())
    for version in (1, 2, 3):
        storage.record_action("g1", version, {"kind": "end_turn", "n": version})
    storage.record_snapshot("g1", "snapshot 2", 2, over=False)
    storage.record_seats("g1", [{**stored().seats[0], "stand_in": "easy"}])
    storage.close()
    (game,) = open_storage(database).games()
    assert (game.snapshot, game.snapshot_version, game.version) == ("snapshot 2", 2, 3)
    assert game.actions == [{"kind": "end_turn", "n": 3}]
    assert game.seats[0]["stand_in"] == "easy"


def test_a_second_action_for_one_version_is_refused_by_the_database(database):
    storage = open_storage(database)
    storage.create(stored())
    storage.record_action("g1", 1, {"kind": "end_turn"})
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        storage.record_action("g1", 1, {"kind": "end_turn"})
    assert storage.games()[0].actions == [{"kind": "end_turn"}]


def test_a_host_restarted_on_the_same_database_resumes_its_game(database):
    async def play(token: str | None, moves: int) -> tuple[str, str]:
        """Ann's `moves`, then the game when it waits for her again (the computer has nothing to do)."""
        async with loopback_host(open_storage(database)) as (host, url):
            client = await Client.open(url)
            if token is None:
                created = await create(client, ("Ann", "local"), ("Cpu", "computer:random"), seed=8)
                token = created.seats[0].token
            await client.request(P.Sit(token=token))
            ((game, _), seat) = next(iter(client.seats.items()))
            table, rng = host.tables[game], random.Random(6)
            waits = lambda: seat.over or (seat.legal is not None and seat.version == table.version)  # noqa: E731
            for _ in range(moves):
                await until(client, waits)
                if not seat.over:
                    await take_turn(client, token, seat, rng)
            await until(client, waits)
            return token, table.rules.dumps(table.state)

    token, before = run(play(None, 30))
    assert run(play(token, 0))[1] == before


def test_a_database_that_cannot_be_reached_is_named_without_its_password():
    with pytest.raises(StorageError) as error:
        open_storage("postgresql://civgame:hunter2@127.0.0.1:1/games?connect_timeout=2")
    assert "hunter2" not in str(error.value) and "postgresql://civgame@127.0.0.1:1/games" in str(error.value)
