"""`civgame serve`: a host without a window, for many games at once and for slow play.

    civgame serve --port 7420 [--address 0.0.0.0] [--database PATH | postgresql://…]
                  [--certfile CERT.pem --keyfile KEY.pem]

It takes up every game its database holds, then serves until it is stopped (Ctrl+C, SIGTERM).
`HostThread` runs the same host inside the window when a player hosts a game there.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import ssl
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from civgame.net.client import DEFAULT_PORT
from civgame.net.server import Host, hosting
from civgame.net.storage import StorageError, open_storage
from civgame.paths import user_data_dir

START_SECONDS = 10.0  # how long the window waits for its host to listen


def default_database() -> Path:
    return user_data_dir() / "games.sqlite"


def tls_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    """A server TLS context from a certificate and its key (None without a certificate)."""
    if certfile is None:
        if keyfile is not None:
            raise ValueError("--keyfile needs --certfile")
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as exc:
        raise ValueError(f"cannot use the certificate {certfile}: {exc}") from None
    return context


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="civgame serve", description="Hold games for players who join over the network."
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port to listen on (default {DEFAULT_PORT})"
    )
    parser.add_argument("--address", default=None, help="the address to listen on (default: every address)")
    parser.add_argument(
        "--database",
        default=None,
        help=f"an SQLite file, or a PostgreSQL URL postgresql://user:password@host/name (default {default_database()})",
    )
    parser.add_argument("--certfile", help="serve over TLS (wss://) with this certificate (PEM)")
    parser.add_argument("--keyfile", help="the certificate's private key (PEM), if not in the certificate file")
    return parser


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        tls = tls_context(args.certfile, args.keyfile)
        storage = open_storage(args.database or str(default_database()))
    except (ValueError, StorageError) as exc:
        print(f"civgame serve: {exc}", file=sys.stderr)
        return 1
    try:
        asyncio.run(_serve(Host(storage), args.address, args.port, tls))
    except OSError as exc:  # the port is taken, or the address is not this machine's
        print(f"civgame serve: cannot listen on port {args.port}: {exc}", file=sys.stderr)
        return 1
    finally:
        storage.close()
    return 0


async def _serve(host: Host, address: str | None, port: int, tls: ssl.SSLContext | None) -> None:
    host.resume()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # (Windows has no signal handlers in asyncio)
            loop.add_signal_handler(number, stop.set)
    async with hosting(host, address, port, tls) as server:
        scheme = "wss" if tls else "ws"
        where = ", ".join(f"{scheme}://{_address(s.getsockname())}" for s in server.sockets)
        print(f"civgame serve: {len(host.tables)} games from {host.storage.where}; listening on {where}", flush=True)
        await stop.wait()


def _address(name: tuple[str, int] | tuple[str, int, int, int]) -> str:
    return f"[{name[0]}]:{name[1]}" if ":" in name[0] else f"{name[0]}:{name[1]}"


class HostThread:
    """The host of the window's own games, in a thread of its own; `port` is where it listens."""

    def __init__(self, database: str, address: str | None, port: int) -> None:
        self.port = 0
        self.error = ""
        self._ready = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, args=(database, address, port), daemon=True)
        self._thread.start()
        if not self._ready.wait(START_SECONDS):
            self.error = "the host did not start in time"

    def _run(self, database: str, address: str | None, port: int) -> None:
        try:
            self._loop.run_until_complete(self._serve(database, address, port))
        except (OSError, StorageError) as exc:
            self.error = str(exc)
        finally:
            self._ready.set()

    async def _serve(self, database: str, address: str | None, port: int) -> None:
        self._stop = asyncio.Event()
        storage = open_storage(database)
        try:
            host = Host(storage)
            host.resume()
            async with hosting(host, address, port) as server:
                self.port = server.sockets[0].getsockname()[1]
                self._ready.set()
                await self._stop.wait()
        finally:
            storage.close()

    def stop(self) -> None:
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=5)
