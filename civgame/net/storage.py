"""Where a host keeps its games, so that a restart resumes every one: SQLite (a file) by default,
PostgreSQL when given a database URL; both through `Storage`, with the same tables and statements.

A game is stored as a snapshot (the game's save text, `GameDefinition.dumps`) and the actions applied
since, one row each, numbered by the game's version. Each action is one short insert; the snapshot
is written again every `SNAPSHOT_EVERY` actions and when the game ends. Resuming loads the snapshot
and applies the actions after it: the game's random generator is in the snapshot, so the same
actions give the same game. Seats (who plays, hashes of their tokens and codes) are a JSON column.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

SNAPSHOT_EVERY = 25
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        definition TEXT NOT NULL,
        host_hash TEXT NOT NULL,
        seats TEXT NOT NULL,
        snapshot TEXT NOT NULL,
        snapshot_version INTEGER NOT NULL,
        version INTEGER NOT NULL,
        over INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        game TEXT NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (game, version)
    )""",
)


class StorageError(RuntimeError):
    """The database cannot be opened or written."""


@dataclass
class StoredGame:
    id: str
    definition: str  # the game id (`civgame.games.definition`)
    host_hash: str
    seats: list[dict[str, Any]]
    snapshot: str
    snapshot_version: int
    version: int
    over: bool
    actions: list[dict[str, Any]]  # plain actions after the snapshot, in order


class Connection(Protocol):
    """The part of a DB-API connection the storage uses (sqlite3's and psycopg's)."""

    def cursor(self) -> Any: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def close(self) -> None: ...


class Storage:
    """The games of one host in one database. Every write is its own transaction."""

    def __init__(self, connect: Callable[[], Connection], placeholder: str, where: str) -> None:
        self.where = where  # for messages: the file or the database
        self._placeholder = placeholder
        self._db = connect()
        for statement in SCHEMA:
            self._execute(statement)

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self._placeholder)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        cursor = self._db.cursor()
        try:
            yield cursor
            self._db.commit()
        except Exception:
            self._db.rollback()
            raise
        finally:
            cursor.close()

    def _execute(self, statement: str, *values: Any) -> None:
        with self._transaction() as cursor:
            cursor.execute(self._sql(statement), values)

    def create(self, game: StoredGame) -> None:
        self._execute(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            game.id,
            game.definition,
            game.host_hash,
            json.dumps(game.seats),
            game.snapshot,
            game.snapshot_version,
            game.version,
            int(game.over),
            time.time(),
        )

    def record_action(self, game: str, version: int, action: dict[str, Any]) -> None:
        """The action that brought `game` to `version`; a second action for one version fails."""
        with self._transaction() as cursor:
            cursor.execute(self._sql("INSERT INTO actions VALUES (?, ?, ?)"), (game, version, json.dumps(action)))
            cursor.execute(
                self._sql("UPDATE games SET version = ?, updated = ? WHERE id = ?"), (version, time.time(), game)
            )

    def record_snapshot(self, game: str, snapshot: str, version: int, over: bool) -> None:
        """The game's save at `version`; the actions before it are no longer needed."""
        with self._transaction() as cursor:
            cursor.execute(
                self._sql("UPDATE games SET snapshot = ?, snapshot_version = ?, over = ? WHERE id = ?"),
                (snapshot, version, int(over), game),
            )
            cursor.execute(self._sql("DELETE FROM actions WHERE game = ? AND version <= ?"), (game, version))

    def record_seats(self, game: str, seats: list[dict[str, Any]]) -> None:
        self._execute("UPDATE games SET seats = ? WHERE id = ?", json.dumps(seats), game)

    def games(self) -> list[StoredGame]:
        """Every game, with the actions after its snapshot."""
        with self._transaction() as cursor:
            cursor.execute(
                "SELECT id, definition, host_hash, seats, snapshot, snapshot_version, version, over FROM games"
            )
            rows = cursor.fetchall()
            cursor.execute("SELECT game, action FROM actions ORDER BY game, version")
            actions: dict[str, list[dict[str, Any]]] = {}
            for game, action in cursor.fetchall():
                actions.setdefault(game, []).append(json.loads(action))
        return [
            StoredGame(
                row[0],
                row[1],
                row[2],
                json.loads(row[3]),
                row[4],
                row[5],
                row[6],
                bool(row[7]),
                actions.get(row[0], []),
            )
            for row in rows
        ]

    def close(self) -> None:
        self._db.close()


def open_storage(database: str) -> Storage:
    """`postgresql://…` (or `postgres://…`): that PostgreSQL database; anything else: an SQLite file."""
    if database.startswith(("postgresql://", "postgres://")):
        return _postgres(database)
    return _sqlite(Path(database))


def _sqlite(path: Path) -> Storage:
    def connect() -> Connection:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, check_same_thread=False)
        with closing(db.cursor()) as cursor:
            # Written after every action: the write-ahead log makes a commit one append, not a page rewrite.
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
        return db

    try:
        return Storage(connect, "?", str(path))
    except (sqlite3.Error, OSError) as exc:
        raise StorageError(f"cannot open the games file {path}: {exc}") from None


def _postgres(url: str) -> Storage:
    try:
        import psycopg  # the `postgres` extra: only a host that uses PostgreSQL needs it
    except ImportError:
        raise StorageError("PostgreSQL needs the psycopg package: pip install 'civgame[postgres]'") from None
    try:
        return Storage(lambda: psycopg.connect(url), "%s", _without_password(url))
    except psycopg.Error as exc:
        raise StorageError(f"cannot open the database {_without_password(url)}: {exc}") from None


def _without_password(url: str) -> str:
    """The URL as messages may show it (never its password)."""
    scheme, _, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    return f"{scheme}://{credentials.split(':', 1)[0]}@{place}" if at else url
