"""Hostile clients get nowhere: oversized, malformed and flooding messages, and fuzzed requests, are
answered with a refusal or a closed connection, and the host goes on serving its games."""

from __future__ import annotations

import json
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from civgame.net import protocol as P
from civgame.net.serve import HostThread
from civgame.net.server import BURST, MAX_BAD, MAX_CREATED

REPLY_SECONDS = 10


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    thread = HostThread(str(tmp_path_factory.mktemp("host") / "games.sqlite"), "127.0.0.1", 0)
    assert not thread.error
    yield f"ws://127.0.0.1:{thread.port}"
    thread.stop()


@pytest.fixture(scope="module")
def seated(host):
    """A game of two local seats, and the token of the seat that decides first."""
    with connect(host) as socket:
        created = request(
            socket, P.Create(game="clash", seats=[P.SeatSpec(name=n, kind="local") for n in "AB"], seed=9)
        )
    return created


def request(socket: ClientConnection, message: P.Message | str) -> P.Message:
    socket.send(message if isinstance(message, str) else P.encode(message))
    while True:
        reply = P.read_reply(socket.recv(timeout=REPLY_SECONDS))
        if not isinstance(reply, P.State):
            return reply


def still_serves(host: str, seated: P.Created) -> None:
    with connect(host) as socket:
        games = request(socket, P.MyGames(tokens=[s.token for s in seated.seats]))
        assert [g.game for g in games.games] == [seated.game] * 2


def test_a_message_larger_than_the_limit_closes_the_connection(host, seated):
    with connect(host, max_size=None) as socket:
        socket.send(json.dumps({"type": "claim", "code": "x" * P.MAX_MESSAGE}))
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=REPLY_SECONDS)
        assert closed.value.rcvd.code == 1009  # message too big
    still_serves(host, seated)


def test_a_malformed_message_is_refused_and_too_many_close_the_connection(host, seated):
    with connect(host) as socket:
        assert request(socket, "{not json") == P.Refused(
            request="unknown", reason="message: Invalid JSON: key must be a string at line 1 column 2"
        )
        assert request(socket, '{"type": "sit"}').reason == "sit.token: Field required"
        for _ in range(MAX_BAD - 2):
            request(socket, "[]")
        socket.send("[]")
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=REPLY_SECONDS)
        assert closed.value.rcvd.code == 1008
    still_serves(host, seated)


def test_a_flood_of_messages_closes_the_connection_and_not_the_host(host, seated):
    with connect(host) as socket:
        flood = P.encode(P.MyGames(tokens=[]))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(BURST * 20):
                socket.send(flood)
            while True:
                socket.recv(timeout=REPLY_SECONDS)
        # closed for flooding, or cut off first for not reading its replies (no goodbye then)
        goodbye = closed.value.rcvd
        assert goodbye is None or (goodbye.code, goodbye.reason) == (1008, "too many messages")
    still_serves(host, seated)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=30,
)
request_types = st.sampled_from(["create", "claim", "sit", "act", "my_games", "hand_over", "?"])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    kind=request_types,
    fields=st.dictionaries(
        st.sampled_from(["token", "code", "seats", "game", "version", "action", "seat", "level"]), json_values
    ),
)
def test_fuzzed_requests_are_answered_and_harm_no_game(host, seated, kind, fields):
    with connect(host) as socket:
        try:
            reply = request(socket, json.dumps({"type": kind, **fields}))
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code in (1008, 1009)
        else:
            assert isinstance(reply, (P.Refused, P.Done, P.Games, P.Created, P.Claimed))
    still_serves(host, seated)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    action=st.dictionaries(
        st.sampled_from(["kind", "unit", "settler", "city", "card", "units", "to", "item"]), json_values
    )
)
def test_fuzzed_actions_are_refused_with_a_reason(host, seated, action):
    with connect(host) as socket:
        for seat in seated.seats:
            request(socket, P.Sit(token=seat.token))
        reply = request(socket, P.Act(token=seated.seats[0].token, version=0, action=action))
        reply_two = request(socket, P.Act(token=seated.seats[1].token, version=0, action=action))
    assert {type(reply), type(reply_two)} == {P.Refused}
    assert reply.reason and reply_two.reason


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200) | st.text(alphabet=string.printable, max_size=200))
def test_fuzzed_bytes_are_refused(host, seated, raw):
    with connect(host) as socket:
        assert isinstance(request(socket, raw) if isinstance(raw, str) else _binary(socket, raw), P.Refused)
    still_serves(host, seated)


def _binary(socket: ClientConnection, raw: bytes) -> P.Message:
    socket.send(raw)
    return P.read_reply(socket.recv(timeout=REPLY_SECONDS))


def test_a_connection_opens_a_bounded_number_of_games(host):
    seats = [P.SeatSpec(name=n, kind="local") for n in "AB"]
    with connect(host) as socket:
        replies = [request(socket, P.Create(game="clash", seats=seats, seed=1)) for _ in range(MAX_CREATED + 1)]
    assert all(isinstance(r, P.Created) for r in replies[:MAX_CREATED])
    assert replies[-1] == P.Refused(request="create", reason=f"one connection may open at most {MAX_CREATED} games")
