"""What a seat may see (`view_for`): hidden hands, markers, decks, face-down tiles, research choices."""

from __future__ import annotations

import random

from civgame.games.sidmeier.rules.base.pieces import gain_coin_token
from civgame.games.sidmeier.rules.base.yields import coins
from civgame.games.sidmeier.rules.flow.controller import apply, legal_actions, new_game
from civgame.games.sidmeier.rules.flow.view import HIDDEN, view_for


def test_a_seat_sees_its_own_secrets_and_only_counts_of_the_others():
    game = new_game(3, 8)
    rng = random.Random(8)
    for _ in range(600):
        apply(game, rng.choice(legal_actions(game)), listed=True)
    game.players[1].hand.append(game.culture_decks["ancient"].draw.pop())
    game.research[1] = "masonry"
    view = view_for(game, 0)
    assert "rng" not in view and "history" not in view
    me, other = view["players"][0], view["players"][1]
    assert me["hand"] == game.players[0].hand and me["standing"] == game.players[0].standing
    assert other["hand"] == len(game.players[1].hand) and other["markers"] == len(game.players[1].markers)
    assert other["standing"] == len(game.players[1].standing)
    assert view["unit_decks"]["infantry"]["draw"] == len(game.unit_decks["infantry"].draw)
    assert view["great_people"] == len(game.great_people) and view["wonder_deck"] == len(game.wonder_deck)
    assert all(slot["tile"] == HIDDEN for slot in view["tiles"] if not slot["revealed"])
    assert any(not slot["revealed"] for slot in view["tiles"])
    assert all(sq["marker"] in (-1, HIDDEN) for sq in view["squares"])
    assert view["research"][1] == HIDDEN
    assert view_for(game, 1)["research"][1] == "masonry"


def test_every_seat_sees_the_coins_on_each_players_economy_dial():
    game = new_game(3, 8)
    rng = random.Random(8)
    for _ in range(600):
        apply(game, rng.choice(legal_actions(game)), listed=True)
    before = view_for(game, 0)["players"][1]["economy"]
    for _ in range(2):
        gain_coin_token(game, 1, "gift")  # (as a culture card's gift lies)
    assert view_for(game, 0)["players"][1]["economy"] == before + 2 == coins(game, 1)
    assert view_for(game, 2)["players"][1]["economy"] == before + 2
