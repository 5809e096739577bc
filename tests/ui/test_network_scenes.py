"""Hosting and joining from the window: the lobby with its seats and codes, a game played at a host
from the rebuilt view, a refusal shown, the games joined before, and a plain table for another game."""

from __future__ import annotations

import json
import time

import pytest
from websockets.sync.client import connect

from civgame import games
from civgame.games.clash.core import actions as A
from civgame.net import protocol as P
from civgame.net.serve import HostThread
from civgame.ui.network_game import NetworkGameScene
from civgame.ui.network_scenes import HostedTables, HostScene, JoinScene, LobbyScene, TableScene
from tests.ui.conftest import click_button

WAIT_SECONDS = 15


def pump_until(app, test, seconds: float = WAIT_SECONDS):
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the window did not hear from the host in time"
        pygame_wait()
        app.pump()
        if app.scene is not None:
            app.scene.tick()


def pygame_wait() -> None:
    time.sleep(0.02)


@pytest.fixture
def loopback(monkeypatch):
    """The window's host listens on 127.0.0.1 only, and stops after the test."""
    monkeypatch.setattr(HostedTables, "address", "127.0.0.1")
    monkeypatch.setattr(HostedTables, "host", None)
    yield
    if HostedTables.host is not None:
        HostedTables.host.stop()


@pytest.fixture
def other_host(tmp_path):
    thread = HostThread(str(tmp_path / "other.sqlite"), "127.0.0.1", 0)
    yield thread
    thread.stop()


def create(url: str, seats: list[P.SeatSpec], game: str = "clash") -> P.Created:
    with connect(url) as socket:
        socket.send(P.encode(P.Create(game=game, seats=seats, seed=4)))
        return P.read_reply(socket.recv(timeout=WAIT_SECONDS))


def test_hosting_opens_a_lobby_with_codes_and_play_shows_the_board_the_host_keeps(app, loopback):
    click_button(app, app.scene.host_button)
    scene = app.scene
    assert isinstance(scene, HostScene)
    for _ in range(5):  # Human -> Local -> Easy -> Normal -> Hard -> Random
        click_button(app, app.scene.kind_buttons[1])
    scene = app.scene
    assert scene.seat_specs()[1] == P.SeatSpec(name="Ben", kind="computer", level="random")
    scene.port_entry.set_text("0")
    click_button(app, scene.open_button)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    pump_until(app, lambda: lobby.seat is not None)
    play = next(b for b in lobby.buttons if b.text == "Play")
    click_button(app, play)
    board = app.scene
    assert isinstance(board, NetworkGameScene)
    pump_until(app, lambda: board.legal)
    version = board.views[0].version
    board.perform(board.legal[0])
    assert board.sent and board.legal == []
    pump_until(app, lambda: board.views[0].version > version)
    assert not board.sent
    table = HostedTables.host  # the window's own host holds the game as the board shows it
    assert table is not None and board.game.log[-1] in board.views[0].view["log"]


def test_a_refused_action_is_explained_and_the_board_stays(app, loopback, other_host):
    url = f"ws://127.0.0.1:{other_host.port}"
    created = create(url, [P.SeatSpec(name="Ann", kind="local"), P.SeatSpec(name="Ben", kind="local")])
    from civgame.net.client import SeatView
    from civgame.ui.network_scenes import open_table

    tokens = {t.seat: t.token for t in created.seats}
    open_table(app, url, tokens, SeatView(created.game, 0, definition="clash", view=_first_view(url, tokens[0])))
    board = app.scene
    pump_until(app, lambda: len(board.views) == 2 and board.covered)
    board.take_seat()
    pump_until(app, lambda: board.legal)
    board.perform(A.FoundCity(settler=999_999))
    pump_until(app, lambda: board.dialog is not None)
    assert board.dialog.prompt == "Ann can only found a city with one of their own settlers." and not board.sent
    assert board.legal  # the seat may choose again


def _first_view(url: str, token: str) -> dict:
    with connect(url) as socket:
        socket.send(P.encode(P.Sit(token=token)))
        return P.read_reply(socket.recv(timeout=WAIT_SECONDS)).view


def test_joining_with_a_code_takes_the_seat_and_the_game_is_listed_afterwards(app, other_host):
    url = f"ws://127.0.0.1:{other_host.port}"
    created = create(
        url, [P.SeatSpec(name="Ann", kind="human"), P.SeatSpec(name="Cpu", kind="computer", level="random")]
    )
    click_button(app, app.scene.join_button)
    join = app.scene
    assert isinstance(join, JoinScene)
    join.address_entry.set_text(f"127.0.0.1:{other_host.port}")
    join.code_entry.set_text(created.seats[0].code)
    click_button(app, join.join_button)
    pump_until(app, lambda: isinstance(app.scene, NetworkGameScene))
    seats = json.loads((app.settings.data_dir / "network-seats.json").read_text())
    assert [(s["game"], s["seat"], s["name"]) for s in seats] == [(created.game, 0, "Ann")]
    app.show_join()
    listing = app.scene
    pump_until(app, lambda: listing.standings)
    assert next(iter(listing.standings.values())).game == created.game


def test_a_game_without_a_board_of_its_own_is_played_on_a_plain_table(app, other_host, monkeypatch):
    monkeypatch.setitem(games.PACKAGES, "stones", "tests.net.toy_game")
    url = f"ws://127.0.0.1:{other_host.port}"
    created = create(url, [P.SeatSpec(name="Ann", kind="local"), P.SeatSpec(name="Ben", kind="local")], game="stones")
    from civgame.net.client import SeatView
    from civgame.ui.network_scenes import open_table

    tokens = {t.seat: t.token for t in created.seats}
    open_table(app, url, tokens, SeatView(created.game, 0, title="Stones", definition="stones"))
    table = app.scene
    assert isinstance(table, TableScene)
    pump_until(app, lambda: table.seat.legal)
    take_two = next(b for b in table.buttons if b.text == "take: stones 2")
    click_button(app, take_two)
    pump_until(app, lambda: table.seat.view.get("left") == 8)


def test_a_game_is_opened_at_a_server_and_the_window_keeps_its_seat(app, other_host):
    app.show_host()
    scene = app.scene
    scene.server_entry.set_text(f"127.0.0.1:{other_host.port}")
    click_button(app, scene.open_button)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    pump_until(app, lambda: lobby.seat is not None)
    code = lobby.created.seats[1].code
    assert any(code in label.text for label in _labels(app))
    (kept,) = json.loads((app.settings.data_dir / "network-seats.json").read_text())
    assert (kept["game"], kept["seat"], kept["here"]) == (lobby.created.game, 0, False)


def _labels(app):
    from pygame_gui.elements import UILabel

    return [e for e in app.manager.get_sprite_group().sprites() if isinstance(e, UILabel)]
