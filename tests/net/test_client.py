"""The window's side: addresses as typed, and a client that sits down again after its host restarts."""

from __future__ import annotations

import time

import pytest
from websockets.sync.client import connect

from civgame.net import protocol as P
from civgame.net.client import ClientThread, address_url
from civgame.net.serve import HostThread

WAIT_SECONDS = 20


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("vm", "ws://vm:7420"),
        ("vm:9000", "ws://vm:9000"),
        (" 127.0.0.1:9000 ", "ws://127.0.0.1:9000"),
        ("::1", "ws://[::1]:7420"),
        ("[::1]:9000", "ws://[::1]:9000"),
        ("wss://games.example:443", "wss://games.example:443"),
    ],
)
def test_an_address_as_typed_is_the_url_connected_to(typed, url):
    assert address_url(typed) == url


def events_until(link: ClientThread, kind: str) -> list[tuple[str, object]]:
    seen: list[tuple[str, object]] = []
    deadline = time.monotonic() + WAIT_SECONDS
    while not any(k == kind for k, _ in seen):
        assert time.monotonic() < deadline, f"no {kind!r} event came: {seen}"
        time.sleep(0.05)
        seen += link.poll()
    return seen


def test_a_client_sits_down_again_when_its_host_is_back_after_a_restart(tmp_path):
    database = str(tmp_path / "games.sqlite")
    host = HostThread(database, "127.0.0.1", 0)
    port = host.port
    with connect(f"ws://127.0.0.1:{port}") as socket:
        socket.send(P.encode(P.Create(game="clash", seats=[P.SeatSpec(name=n, kind="local") for n in "AB"], seed=2)))
        created = P.read_reply(socket.recv(timeout=WAIT_SECONDS))
    link = ClientThread(f"ws://127.0.0.1:{port}", [created.seats[0].token])
    try:
        events_until(link, "seat")
        host.stop()
        assert ("lost", "the connection to the host was lost; connecting again…") in events_until(link, "lost")
        host = HostThread(database, "127.0.0.1", port)
        seat = next(event for kind, event in events_until(link, "seat") if kind == "seat")
        assert (seat.game, seat.seat, seat.version) == (created.game, 0, 0)
    finally:
        link.close()
        host.stop()
