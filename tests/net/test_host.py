"""A host on the loopback address: one authority, what each seat is sent, leaving and coming back,
computer players standing in, a restart, and which games wait for whom."""

from __future__ import annotations

import random
from collections.abc import Callable

from websockets.asyncio.client import connect

from civgame.framework.codec import to_plain
from civgame.games.clash.core import actions as A
from civgame.games.clash.rules.flow.controller import legal_actions, why_illegal
from civgame.net import protocol as P
from civgame.net.client import Client
from tests.net.helpers import create, loopback_host, new_table, run, take_turn, until
from tests.net.leaks import leaks

SEED = 918273645


def test_every_byte_sent_to_a_seat_keeps_the_others_secrets(tmp_path):
    """Three people play a seeded game in turn; every message each receives is read for secrets
    against the host's game as it is when the message is read (nothing moves it meanwhile)."""

    async def play() -> int:
        async with loopback_host(tmp_path / "games.sqlite") as (host, url):
            opener = await Client.open(url)
            created = await create(opener, ("Ann", "local"), ("Ben", "local"), ("Cleo", "local"), seed=SEED)
            tokens = [s.token for s in created.seats]
            table = host.tables[created.game]
            sockets = [await connect(url) for _ in tokens]
            legal: list = [None] * 3
            checked = 0

            async def read_until(seat: int, done: Callable[[P.Message], bool]) -> None:
                nonlocal checked
                while True:
                    text = await sockets[seat].recv()
                    assert leaks(table.state, seat, text) == [], (seat, text[:300])
                    checked += 1
                    message = P.read_reply(text)
                    if isinstance(message, P.State):
                        legal[seat] = message.legal
                    if done(message):
                        return

            for seat, token in enumerate(tokens):
                await sockets[seat].send(P.encode(P.Sit(token=token)))
                await read_until(seat, lambda m: isinstance(m, P.Done))
            rng = random.Random(1)
            for _ in range(200):
                actor = table.actor()
                action = rng.choice(legal[actor])
                await sockets[actor].send(P.encode(P.Act(token=tokens[actor], version=table.version, action=action)))
                await read_until(actor, lambda m: isinstance(m, (P.Done, P.Refused)))
                for seat in range(3):  # each seat hears of the new version once
                    if seat != actor:
                        await read_until(seat, lambda m: isinstance(m, P.State) and m.version == table.version)
                if table.over:
                    break
            return checked

    assert run(play()) > 600


def test_an_illegal_action_is_refused_with_the_rules_reason_and_changes_nothing(tmp_path):
    async def play() -> None:
        async with loopback_host(tmp_path / "games.sqlite") as (host, url):
            client, created, table = await new_table(host, url, ("Ann", "local"), ("Ben", "local"), seed=SEED)
            actor = table.actor()
            token = created.seats[actor].token
            await client.request(P.Sit(token=token))
            illegal = A.FoundCity(settler=999_999)
            reason = why_illegal(table.state, illegal)
            before = host.tables[created.game].rules.dumps(table.state)
            reply = await client.request(P.Act(token=token, version=table.version, action=to_plain(illegal)))
            assert reply == P.Refused(request="act", reason=reason) and reason
            assert table.rules.dumps(table.state) == before and table.version == 0

    run(play())


def test_a_stale_or_foreign_action_is_refused(tmp_path):
    async def play() -> None:
        async with loopback_host(tmp_path / "games.sqlite") as (host, url):
            client, created, table = await new_table(host, url, ("Ann", "local"), ("Ben", "local"), seed=SEED)
            actor = table.actor()
            mine, theirs = created.seats[actor].token, created.seats[1 - actor].token
            await client.request(P.Sit(token=mine))
            first = to_plain(legal_actions(table.state)[0])
            stale = await client.request(P.Act(token=mine, version=7, action=first))
            assert stale == P.Refused(request="act", reason="the game has changed since you chose: choose again")
            foreign = await client.request(P.Act(token=theirs, version=0, action=first))
            assert foreign == P.Refused(request="act", reason="sit at your seat before acting")
            await client.request(P.Sit(token=theirs))
            wrong = await client.request(P.Act(token=theirs, version=0, action=first))
            assert wrong.reason == f"it is {table.seats[actor].name}'s decision, not yours"
            nonsense = await client.request(P.Act(token=mine, version=0, action={"kind": "fly"}))
            assert nonsense.reason.startswith("this is not an action of Clash of Cultures")
            assert table.version == 0

    run(play())


def test_a_seat_joins_with_its_code_and_the_code_then_opens_nothing(tmp_path):
    async def play() -> None:
        async with loopback_host(tmp_path / "games.sqlite") as (_host, url):
            host_window, friend = await Client.open(url), await Client.open(url)
            created = await create(host_window, ("Ann", "local"), ("Ben", "human"), seed=SEED)
            code = created.seats[1].code
            claimed = await friend.request(P.Claim(code=code.lower().replace("-", "")))
            assert (claimed.game, claimed.seat) == (created.game, 1)
            again = await host_window.request(P.Claim(code=code))
            assert isinstance(again, P.Refused)
            await friend.request(P.Sit(token=claimed.token))
            seat = friend.seats[(created.game, 1)]
            assert seat.view["players"][1]["name"] == "Ben"
            assert isinstance(seat.view["players"][0]["action_cards"], int)

    run(play())


def test_a_dropped_player_comes_back_to_the_game_as_it_is_and_the_others_see_them_away(tmp_path):
    async def play() -> None:
        async with loopback_host(tmp_path / "games.sqlite") as (host, url):
            ann, ben = await Client.open(url), await Client.open(url)
            created = await create(ann, ("Ann", "local"), ("Ben", "local"), seed=SEED)
            table = host.tables[created.game]
            await ann.request(P.Sit(token=created.seats[0].token))
            await ben.request(P.Sit(token=created.seats[1].token))
            ann_seat = ann.seats[(created.game, 0)]
            rng = random.Random(2)
            clients = {0: ann, 1: ben}
            for _ in range(6):  # a few actions, whoever must decide
                actor = table.actor()
                await take_turn(
                    clients[actor], created.seats[actor].token, clients[actor].seats[(created.game, actor)], rng
                )
            await ben.close()
            await until(ann, lambda: not ann_seat.seats[1].present)
            ben_back = await Client.open(url)
            await ben_back.request(P.Sit(token=created.seats[1].token))
            seat = ben_back.seats[(created.game, 1)]
            assert seat.version == table.version
            assert seat.view == table.rules.view_for(table.state, 1)
            await until(ann, lambda: ann_seat.seats[1].present)

    run(play())


def test_the_host_hands_an_absent_seat_to_a_computer_and_it_comes_back_on_return(tmp_path):
    async def play() -> None:
        async with loopback_host(tmp_path / "games.sqlite") as (host, url):
            ann, created, table = await new_table(host, url, ("Ann", "local"), ("Ben", "human"), seed=SEED)
            await ann.request(P.Sit(token=created.seats[0].token))
            refused = await ann.request(P.HandOver(host_token=created.host_token, seat=0, level="random"))
            assert refused.reason == "Ann is at the table"
            done = await ann.request(P.HandOver(host_token=created.host_token, seat=1, level="random"))
            assert done == P.Done(request="hand_over")
            ann_seat, rng, by_ann = ann.seats[(created.game, 0)], random.Random(3), 0
            while table.version < 30:  # Ann plays; the computer answers for Ben
                await until(ann, lambda: ann_seat.legal is not None and ann_seat.version == table.version)
                await take_turn(ann, created.seats[0].token, ann_seat, rng)
                by_ann += 1
            assert table.version > by_ann  # the others were Ben's, taken by the computer
            ben = await Client.open(url)
            claimed = await ben.request(P.Claim(code=created.seats[1].code))
            await ben.request(P.Sit(token=claimed.token))
            assert table.seats[1].stand_in == ""
            assert ben.seats[(created.game, 1)].seats[1] == P.SeatStatus(name="Ben", kind="human", present=True)

    run(play())


def test_a_restarted_host_resumes_every_game_from_its_storage(tmp_path):
    database = tmp_path / "games.sqlite"

    async def first_run() -> tuple[dict[str, str], dict[str, str]]:
        async with loopback_host(database) as (host, url):
            client = await Client.open(url)
            tokens = {}
            for seed in (1, 2):
                created = await create(client, ("Ann", "local"), ("Cpu", "computer:random"), seed=seed)
                tokens[created.game] = created.seats[0].token
                await client.request(P.Sit(token=created.seats[0].token))
            rng = random.Random(4)
            for _ in range(40):  # past a snapshot: the resumed games replay the actions after it
                for game, token in tokens.items():
                    seat = client.seats[(game, 0)]
                    await until(client, lambda s=seat, g=game: s.over or s.version == host.tables[g].version)
                    if seat.legal is not None:
                        await take_turn(client, token, seat, rng)
            for game in tokens:  # each game waits for Ann again (or is over): the computer seat has moved
                seat = client.seats[(game, 0)]
                await until(
                    client,
                    lambda s=seat, g=game: s.over or (s.legal is not None and s.version == host.tables[g].version),
                )
            return tokens, {g: host.tables[g].rules.dumps(host.tables[g].state) for g in tokens}

    async def second_run(tokens: dict[str, str]) -> dict[str, str]:
        async with loopback_host(database) as (host, url):
            client = await Client.open(url)
            for token in tokens.values():
                assert isinstance(await client.request(P.Sit(token=token)), P.Done)
            return {g: host.tables[g].rules.dumps(host.tables[g].state) for g in tokens}

    tokens, before = run(first_run())
    assert run(second_run(tokens)) == before


def test_my_games_says_which_wait_for_my_seat(tmp_path):
    async def play() -> None:
        async with loopback_host(tmp_path / "games.sqlite") as (host, url):
            client = await Client.open(url)
            first = await create(client, ("Ann", "local"), ("Ben", "local"), seed=3)
            second = await create(client, ("Ann", "local"), ("Ben", "local"), seed=4)
            mine = [first.seats[0].token, second.seats[1].token, "not a token"]
            games = await client.request(P.MyGames(tokens=mine))
            expected = {
                (first.game, host.tables[first.game].actor() == 0),
                (second.game, host.tables[second.game].actor() == 1),
            }
            assert {(g.game, g.your_turn) for g in games.games} == expected

    run(play())
