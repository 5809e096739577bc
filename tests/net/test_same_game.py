"""A game played over the network ends as the same game played on one computer: the host's engine
is the local one, and computer clients choosing from the views and legal actions they are sent
choose as they would at the table."""

from __future__ import annotations

from civgame.ai import play_out, random_agents
from civgame.framework.codec import from_plain, to_plain
from civgame.games.clash.core.actions import Action
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import dumps
from civgame.games.clash.view import game_from_view
from civgame.net import protocol as P
from civgame.net.client import Client
from tests.net.helpers import create, loopback_host, run, until

SEED = 21
NAMES = ("Ann", "Ben")


def test_a_game_over_the_network_ends_in_the_same_state_as_at_one_table(tmp_path):
    local = play_out(new_game(list(NAMES), SEED), random_agents(2, SEED))

    async def over_the_network() -> str:
        async with loopback_host(tmp_path / "games.sqlite") as (host, url):
            opener = await Client.open(url)
            created = await create(opener, *((name, "local") for name in NAMES), seed=SEED)
            table = host.tables[created.game]
            clients = [await Client.open(url) for _ in NAMES]
            for client, ticket in zip(clients, created.seats, strict=True):
                await client.request(P.Sit(token=ticket.token))
            agents = random_agents(2, SEED)
            rules = table.state.rules  # the window's rules: the same files as the host's
            while not table.over:
                seat_index = table.actor()
                client = clients[seat_index]
                seat = client.seats[(created.game, seat_index)]
                await until(client, lambda s=seat: s.legal is not None and s.version == table.version)
                legal = [from_plain(Action, plain) for plain in seat.legal]
                choice = agents[seat_index].choose(game_from_view(seat.view, rules), legal)
                reply = await client.request(
                    P.Act(token=created.seats[seat_index].token, version=seat.version, action=to_plain(choice))
                )
                assert reply == P.Done(request="act")
            return table.rules.dumps(table.state)

    assert run(over_the_network()) == dumps(local)
