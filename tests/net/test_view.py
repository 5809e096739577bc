"""What one seat may see of a game of Clash (civgame.games.clash.view), and the game rebuilt from it."""

from __future__ import annotations

import json

import pytest

from civgame.ai import random_agents
from civgame.framework.codec import to_plain
from civgame.games.clash.core.decisions import CasualtyDecision, OrientationDecision, TradeOfferDecision
from civgame.games.clash.core.model import Combat, CombatSide, Game
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.view import UNKNOWN_CARD, game_from_view, view_for
from tests.net.leaks import leaks

SEED = 918273645  # long enough that its digits appear nowhere by chance


def played(players: int, actions: int, seed: int = SEED) -> Game:
    game = new_game(players, seed)
    agents = random_agents(players, seed)
    for _ in range(actions):
        if game.phase == "over":
            break
        apply(game, agents[game.actor()].choose(game, legal_actions(game)))
    return game


def test_a_view_has_no_random_generator_seed_or_history():
    game = played(3, 40)
    view = view_for(game, 0)
    assert not {"rng", "seed", "history"} & view.keys()
    assert leaks(game, 0, json.dumps(view)) == []


def test_the_others_hands_are_numbers_of_cards_and_the_seat_sees_its_own():
    game = played(3, 40)
    game.players[1].action_cards = [3, 9]
    game.players[1].wonder_cards = ["great_wall"]
    view = view_for(game, 0)
    other, own = view["players"][1], view["players"][0]
    assert (other["action_cards"], other["wonder_cards"]) == (2, 1)
    assert own["action_cards"] == game.players[0].action_cards
    assert "great_wall" not in json.dumps(view)


def test_draw_piles_are_numbers_of_cards_and_discards_are_shown():
    game = played(2, 10)
    game.decks["action"].discard = [4]
    deck = view_for(game, 1)["decks"]["action"]
    assert deck == {"draw": len(game.decks["action"].draw), "discard": [4]}


def test_face_down_regions_show_no_tile_unless_turned_over_for_an_explorer():
    game = new_game(2, SEED)
    face_down = [r for r in game.regions if not r.revealed]
    game.pending.append(OrientationDecision(player=1, region=face_down[0].number))
    regions = {r["number"]: r for r in view_for(game, 0)["regions"]}
    assert regions[face_down[0].number]["tile"] == face_down[0].tile  # everyone sees the tile being turned over
    assert all(regions[r.number]["tile"] is None for r in face_down[1:])
    assert all(regions[r.number]["tile"] == r.tile for r in game.regions if r.revealed)


def test_a_tactics_card_played_face_down_is_hidden_from_the_other_side_only():
    game = new_game(2, SEED)
    game.combat = Combat((0, 0), False, CombatSide(0, [], tactics=12), CombatSide(1, []), {})
    assert view_for(game, 1)["combat"]["attacker"]["tactics"] == "face down"
    assert view_for(game, 0)["combat"]["attacker"]["tactics"] == 12
    assert game_from_view(view_for(game, 1), game.rules).combat.attacker.tactics == UNKNOWN_CARD


def test_another_players_decision_is_its_kind_and_player_only():
    game = new_game(2, SEED)
    game.pending.append(CasualtyDecision(player=1, count=2, candidates=[5, 6]))
    assert view_for(game, 0)["pending"] == [{"kind": "casualties", "player": 1}]
    assert view_for(game, 1)["pending"][0]["candidates"] == [5, 6]


def test_a_card_offered_face_down_is_named_by_its_kind_in_the_offer():
    game = new_game(2, SEED)
    offer = TradeOfferDecision(player=1, proposer=0, give={"action:12": 1, "food": 2}, face_down=["action:12"])
    game.pending.append(offer)
    seen = view_for(game, 1)["pending"][0]
    assert seen["give"] == {"action:face down 1": 1, "food": 2} and seen["face_down"] == ["action:face down 1"]
    assert "action:12" not in json.dumps(view_for(game, 1))


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_rebuilt_game_shows_what_the_seat_may_see(seat):
    game = played(3, 120)
    rebuilt = game_from_view(json.loads(json.dumps(view_for(game, seat))), game.rules)
    original, copy = to_plain(game), to_plain(rebuilt)
    assert copy["log"][1:] == original["log"][1:]  # the first names the seed
    for key in ("cities", "units", "age", "round", "current", "phase", "actions_left"):
        assert copy[key] == original[key], key
    assert copy["players"][seat] == original["players"][seat]
    for other in (p for p in range(3) if p != seat):
        assert len(rebuilt.players[other].action_cards) == len(game.players[other].action_cards)
        assert set(rebuilt.players[other].action_cards) <= {UNKNOWN_CARD}
    assert rebuilt.actor() == game.actor()


def test_no_view_of_a_whole_random_game_gives_a_secret_away():
    game = new_game(3, SEED)
    agents = random_agents(3, SEED)
    step = 0
    while game.phase != "over" and step < 1500:
        apply(game, agents[game.actor()].choose(game, legal_actions(game)))
        step += 1
        if step % 7 == 0:
            for seat in range(3):
                text = json.dumps(view_for(game, seat))
                assert leaks(game, seat, text) == [], f"step {step}, seat {seat}"
                game_from_view(json.loads(text), game.rules)
