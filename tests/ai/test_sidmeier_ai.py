"""Sid Meier's Civilization's computer players: a seat decides from what it may see, and the copy the
search plays on is the game itself."""

import hashlib
import json
import random

import pytest

from civgame.ai.sidmeier import (
    PLAN,
    PLAN_MOST,
    WEIGHTS,
    CircleGuard,
    EasyAgent,
    copy_game,
    determinise,
    dial_coins,
    make_agent,
    planned_follow_ups,
    planned_value,
    planned_worth,
    position,
    victory_progress,
    worth,
)
from civgame.framework.codec import to_plain
from civgame.games import definition
from civgame.games.sidmeier.rules.base import yields
from civgame.headless import KindRandomAgent

GAME = definition("sid-meier")


def game_under_way(players=3, seed=11, steps=150):
    game = GAME.new_game(players, seed)
    agents = [KindRandomAgent(i) for i in range(players)]
    for _ in range(steps):
        GAME.apply(game, agents[game.actor()].choose(game, GAME.legal_actions(game)))
    return game


def twin(game):
    return GAME.loads(GAME.dumps(game), "copy")


def deal(game, holder, deck):
    """Move the top card of a face-down deck to `holder` (as a draw does)."""
    holder.append(deck.draw.pop())


def test_others_hidden_cards_and_markers_of_other_types_eras_and_kinds_look_alike():
    """Seat 0 cannot tell which unit type, era or marker kind another player holds: swapping them between
    players (or with the cards and markers out of the game) changes neither its view nor its sampled world."""
    game = game_under_way()
    rules = game.rules
    infantry, mounted = (game.unit_decks[unit] for unit in ("infantry", "mounted"))
    deal(game, game.players[1].standing, infantry)
    deal(game, game.players[2].standing, mounted)
    early = next(deck for name, deck in sorted(game.culture_decks.items()) if deck.draw)
    deal(game, game.players[1].hand, early)
    era = rules.culture_cards[rules.culture_card_ids[game.players[1].hand[-1]]].deck
    other_era = next(c for c in game.culture_out if rules.culture_cards[rules.culture_card_ids[c]].deck != era)
    hut = next(m for m in game.hut_pile if rules.hut_markers[m].kind == "hut")
    village = next(m for m in game.village_pile if rules.hut_markers[m].kind == "village")
    game.hut_pile.remove(hut)
    game.village_pile.remove(village)
    game.players[1].markers.append(hut)
    game.markers_gone.append(village)

    other = twin(game)
    p1, p2 = other.players[1], other.players[2]
    p1.standing[-1], p2.standing[-1] = p2.standing[-1], p1.standing[-1]
    other.culture_out[other.culture_out.index(other_era)] = p1.hand[-1]
    p1.hand[-1] = other_era
    p1.markers[-1], other.markers_gone[-1] = village, hut

    assert GAME.view_for(game, 0) == GAME.view_for(other, 0)
    seen = [GAME.dumps(determinise(g, 0, random.Random(3))) for g in (game, other)]
    assert seen[0] == seen[1]


def test_the_tech_another_player_chose_face_down_is_dealt_anew_among_those_they_may_choose():
    game = game_under_way()
    rules = game.rules
    game.players[1].trade = 27
    first = sorted(t for t, tech in rules.techs.items() if tech.level == 1 and t not in game.players[1].techs)
    game.research[1] = first[0]
    other = twin(game)
    other.research[1] = first[1]
    assert GAME.view_for(game, 0) == GAME.view_for(other, 0)
    worlds = [determinise(g, 0, random.Random(5)) for g in (game, other)]
    assert worlds[0].research == worlds[1].research
    chosen = {determinise(game, 0, random.Random(seed)).research[1] for seed in range(12)}
    assert len(chosen) > 1 and chosen.isdisjoint(game.players[1].techs) and chosen <= set(rules.techs)


def test_the_decks_keep_their_unit_type_and_era_and_the_piles_their_kind():
    game = game_under_way()
    rules = game.rules
    world = determinise(game, 0, random.Random(7))
    for unit, deck in world.unit_decks.items():
        assert sorted(rules.unit_cards[c].unit for c in deck.draw) == [unit] * len(deck.draw)
        assert len(deck.draw) == len(game.unit_decks[unit].draw)
    for era, deck in world.culture_decks.items():
        assert {rules.culture_cards[rules.culture_card_ids[c]].deck for c in deck.draw} <= {era}
    assert {rules.hut_markers[m].kind for m in world.hut_pile} <= {"hut"}
    assert {rules.hut_markers[m].kind for m in world.village_pile} <= {"village"}
    for square, was in zip(world.squares, game.squares, strict=True):
        if was.marker >= 0:
            assert rules.hut_markers[square.marker].kind == rules.hut_markers[was.marker].kind


def test_the_copy_is_the_game_without_its_log_and_record_and_shares_the_rules():
    game = game_under_way(players=4, steps=400)
    world = copy_game(game)
    assert world.rules is game.rules and world.log == [] and world.history == []
    world.history, world.log = game.history, game.log
    assert GAME.dumps(world) == GAME.dumps(game)
    actions = GAME.legal_actions(world)
    GAME.apply(world, actions[0])
    assert GAME.dumps(world) != GAME.dumps(game)  # the copy is its own


def test_a_computer_player_chooses_a_legal_action():
    game = game_under_way(players=4, steps=300)
    while len(GAME.legal_actions(game)) < 2:
        GAME.apply(game, GAME.legal_actions(game)[0])
    actions = GAME.legal_actions(game)
    for level in ("easy", "normal"):
        assert make_agent(level, 1).choose(game, actions) in actions


def test_a_position_s_fingerprint_is_the_same_for_equal_games_and_differs_for_any_field_changed():
    game = game_under_way(players=4, steps=400)
    print_of = position(game)
    assert position(twin(game)) == position(copy_game(game)) == print_of
    game.log.append("a line of the log")  # the log and the record are not the position
    assert position(game) == print_of
    for change in (lambda g: g.squares[5].__setattr__("marker", 99), lambda g: g.players[2].hand.append(3)):
        changed = copy_game(game)
        change(changed)
        assert position(changed) != print_of


class FirstListed:
    """Takes the first action it is offered."""

    def choose(self, game, actions):
        return actions[0]


def test_the_circle_guard_never_takes_again_in_a_position_the_action_it_took_there_this_turn():
    game = GAME.new_game(2, 3)
    actions = GAME.legal_actions(game)
    assert len(actions) >= 3
    guard = CircleGuard(FirstListed())
    taken = [guard.choose(game, actions) for _ in range(len(actions))]  # the game back where it was each time
    assert taken == actions  # each once, in the order offered
    assert guard.choose(game, actions) == actions[0]  # all taken there: any again
    GAME.apply(game, actions[0])
    assert guard.choose(game, GAME.legal_actions(game)) == GAME.legal_actions(game)[0]  # a new position


def seeded_choices(level, expansions, seed):
    """The level's choice in every fortieth position (from the 200th on) of a seeded random game, as plain data."""
    game = GAME.new_game(4, seed, expansions=expansions)
    walkers = [KindRandomAgent(f"{seed}:{seat}") for seat in range(4)]
    agent = make_agent(level, f"{level}:{seed}").agent
    chosen = []
    for step in range(1200):
        actions = GAME.legal_actions(game)
        if step >= 200 and step % 40 == 0 and len(actions) > 1:
            chosen.append(to_plain(agent.choose(game, actions)))
        GAME.apply(game, walkers[game.actor()].choose(game, actions))
    return chosen


def digest(choices):
    return hashlib.blake2b(json.dumps(choices).encode(), digest_size=8).hexdigest()


def test_easy_chooses_as_it_did_before_its_look_ahead_copies_were_made_faster():
    """Seeded decisions of the base game and of both expansions; the digests were taken with the copies of
    2026-11-29 (each copy pickled on its own): cheaper copies must not change a choice."""
    base = seeded_choices("easy", (), 21)
    both = seeded_choices("easy", ("fame-and-fortune", "wisdom-and-warfare"), 22)
    assert (len(base), digest(base)) == (20, "7c90a44cfdbbc6d0")
    assert (len(both), digest(both)) == (19, "372c2a0f4ace5e01")


def test_normal_chooses_as_it_did_before_its_look_ahead_copies_were_made_without_pickle():
    """Normal's search (its plan, its planned follow-ups, its sampled worlds and playouts) on seeded decisions of
    the base game and of both expansions; the digests were taken with the pickled copies of 2026-11-29."""
    base = seeded_choices("normal", (), 23)
    both = seeded_choices("normal", ("fame-and-fortune", "wisdom-and-warfare"), 24)
    assert (len(base), digest(base)) == (18, "03e25c63f6ec017b")
    assert (len(both), digest(both)) == (19, "c817eb6d473e7fe4")


def test_the_victory_plan_counts_the_pyramid_under_space_flight_the_culture_track_and_the_coins():
    game = GAME.new_game(4, 5)
    player = game.players[1]
    player.rows = [1] * 7 + [2] + [3] * 2  # two level I beyond the five Space Flight stands on; a III on nothing
    player.track = 7
    progress = victory_progress(game, 1, coins=6)
    assert progress["tech"] == (5 + 1 + 2) / 15
    assert progress["culture"] == 7 / 21
    assert progress["economic"] == 6 / 15


def test_the_coins_on_each_economy_dial_are_read_from_the_victory_scores():
    game = game_under_way(players=4, steps=1500)
    coins = dial_coins(game)
    assert coins == [yields.coins(game, seat) for seat in range(4)] and any(coins)


def test_normal_values_the_nearest_victory_above_the_holdings_the_more_the_nearer_it_is():
    game = GAME.new_game(4, 5)
    game.players[2].track = 14
    assert planned_worth(game, 2, coins=0) - worth(game, 2) == pytest.approx(
        PLAN["nearest"] * (14 / 21) ** PLAN["power"]
    )

    def step_against(track):
        """What another player's step on the culture track from `track` costs seat 0."""
        game.players[2].track = track
        before = planned_value(game, 0)
        game.players[2].track = track + 1
        return before - planned_value(game, 0)

    assert step_against(14) > WEIGHTS["culture_space"]  # more than a step is worth as a holding
    assert step_against(19) > step_against(14) + 1.0  # and the last steps the most


def test_normal_looks_ahead_by_its_victory_plan_and_easy_by_the_holdings_alone():
    normal, easy = make_agent("normal", 1).agent, make_agent("easy", 1).agent
    assert normal.search.look.value is planned_value and normal.search.settings.planned == 4
    assert isinstance(easy, EasyAgent)


def test_normal_plans_a_large_follow_up_decision_only_as_far_as_stopping_there():
    game = game_under_way(players=4, steps=300)
    while {a.PASSIVE for a in GAME.legal_actions(game)} != {True, False}:  # a decision of both kinds
        GAME.apply(game, GAME.legal_actions(game)[0])
    passive = [a for a in GAME.legal_actions(game) if a.PASSIVE]
    active = [a for a in GAME.legal_actions(game) if not a.PASSIVE]
    small = (active * PLAN_MOST)[: PLAN_MOST - len(passive)] + passive
    assert planned_follow_ups(small) == small
    assert planned_follow_ups([*small, active[0]]) == passive
    assert planned_follow_ups(active * PLAN_MOST) == active[:1]
