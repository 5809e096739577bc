"""`civgame serve`: a host process on the loopback address, over plain WebSocket or TLS."""

from __future__ import annotations

import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

from civgame.net import protocol as P
from civgame.net.client import Client
from civgame.net.serve import main as serve_main
from civgame.net.serve import tls_context
from civgame.net.server import Host, hosting
from civgame.net.storage import open_storage
from tests.net.helpers import create, run

REPO_ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 30


def serve(*options: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "civgame", "serve", "--address", "127.0.0.1", "--port", "0", *options],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
    )
    assert process.stdout is not None
    for _ in range(50):  # its first lines: the listening address comes within them
        line = process.stdout.readline()
        found = re.search(r"listening on (wss?://\S+)", line)
        if found:
            return process, found.group(1)
    process.kill()
    raise AssertionError("civgame serve did not say where it listens")


def stop(process: subprocess.Popen[str]) -> int:
    process.send_signal(signal.SIGINT)
    return process.wait(START_SECONDS)


def test_serve_keeps_its_games_in_its_database_and_stops_on_a_signal(tmp_path):
    database = str(tmp_path / "games.sqlite")
    process, url = serve("--database", database)
    try:
        created = run(_create(url))
    finally:
        assert stop(process) == 0
    storage = open_storage(database)  # what a restarted host takes up (tests/net/test_host.py)
    assert [(g.id, g.definition, g.version) for g in storage.games()] == [(created.game, "clash", 0)]
    storage.close()


async def _create(url: str, tls: ssl.SSLContext | None = None) -> P.Created:
    client = await Client.open(url, tls)
    return await create(client, ("Ann", "local"), ("Ben", "human"))


def test_serve_says_in_one_line_why_it_cannot_start(capsys):
    assert serve_main(["--keyfile", "key.pem"]) == 1
    assert capsys.readouterr().err == "civgame serve: --keyfile needs --certfile\n"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_a_host_serves_over_tls_with_a_certificate(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"),
            *("-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
        timeout=START_SECONDS,
    )
    server_tls = tls_context(str(cert), str(key))
    client_tls = ssl.create_default_context(cafile=str(cert))

    async def play() -> None:
        host = Host(open_storage(str(tmp_path / "games.sqlite")))
        async with hosting(host, "127.0.0.1", 0, server_tls) as server:
            url = f"wss://127.0.0.1:{server.sockets[0].getsockname()[1]}"
            created = await _create(url, client_tls)
            assert created.game in host.tables
            with pytest.raises(Exception, match="certificate"):
                await Client.open(url, ssl.create_default_context())  # a certificate it does not trust

    run(play())
