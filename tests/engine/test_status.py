"""The status phase: its steps in order, and the end of the game."""

import pytest

from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    ChangeGovernment,
    ChooseFirstPlayer,
    ChooseOption,
    EndTurn,
    Raze,
    TakeFreeAdvance,
)
from civgame.games.clash.core.decisions import (
    FirstPlayerDecision,
    FreeAdvanceDecision,
    GovernmentDecision,
    RazeDecision,
)
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.status import begin, first_player_chooser
from tests.scenario import Scenario


def status_scenario(players=2):
    s = Scenario(players=players)
    for i in range(players):
        s.city(i, ["D2", "D7", "F2", "B3"][i], mood="happy")
    s.game.first_player = 0
    return s


def answer_free_advances(s, choice="Storage"):
    while isinstance(s.game.pending[-1:] and s.game.pending[-1], FreeAdvanceDecision):
        s.apply(TakeFreeAdvance(choice))


def options(s):
    return s.game.pending[-1].options


def decline_razing(s):
    while isinstance(s.game.pending[-1:] and s.game.pending[-1], RazeDecision):
        s.apply(Raze(None))


def test_free_advance_is_asked_in_turn_order_and_uses_an_event_cube():
    s = status_scenario()
    s.game.first_player = 1
    begin(s.game)
    assert s.game.pending == [FreeAdvanceDecision(player=1)] and s.game.status_players == [0]
    s.apply(TakeFreeAdvance("Storage"))
    assert s.player(1).has("Storage") and s.player(1).event_cubes == 2
    assert s.player(1).mood_tokens == 1
    assert s.game.pending == [FreeAdvanceDecision(player=0)] and s.game.status_players == []
    with pytest.raises(RuleError, match="top advance"):
        s.apply(TakeFreeAdvance("Navigation"))


PESTILENCE, A_GOOD_YEAR = 1, 9  # event cards: a mood loss for players with 2+ cities; food for everyone


def event_scenario(*cards):
    """Two players with two Happy cities each; a player's tracker empties on their free advance for each
    card given, the first card drawn first."""
    s = status_scenario()
    s.reveal_all()
    s.city(0, "F2", mood="happy")
    s.city(1, "B3", mood="happy")
    for player in range(len(cards)):
        s.player(player).event_cubes = 1
        s.resources(player, food=0)
    deck = s.game.decks["event"]
    deck.draw = [c for c in deck.draw if c not in cards] + list(reversed(cards))
    return s


def moods(s):
    return {hex_to_label(c.pos): c.mood for c in s.game.cities}


def test_an_event_a_free_advance_draws_resolves_before_the_next_player_chooses():
    # "Receive 1 free advance. If the new advance results in an event, resolve it immediately", and
    # "in turn order, all players complete the first step before moving on".
    s = event_scenario(PESTILENCE)
    begin(s.game)
    assert s.game.pending == [FreeAdvanceDecision(player=0)]
    s.apply(TakeFreeAdvance("Storage"))
    assert s.game.event.card == PESTILENCE and options(s) == ["D2", "F2"]
    s.apply(ChooseOption("D2"))
    assert s.game.pending[-1].player == 1 and options(s) == ["B3", "D7"]  # Pestilence, not the free advance
    s.apply(ChooseOption("D7"))
    assert s.game.event is None and s.game.pending == [FreeAdvanceDecision(player=1)]
    s.apply(TakeFreeAdvance("Sanitation"))  # too late for this Pestilence
    assert moods(s) == {"D2": "neutral", "F2": "happy", "D7": "neutral", "B3": "happy"}
    assert s.game.construct_ban == "Pestilence"  # player 1 lacks Sanitation
    assert s.game.log[-6:] == [
        "Player 1 gains Storage and 1 mood token",
        "Player 1 draws the event card Pestilence",
        "Player 1's city at D2 becomes neutral (Pestilence)",
        "Pestilence: from now on nobody without protection from it may build",
        "Player 2's city at D7 becomes neutral (Pestilence)",
        "Player 2 gains Sanitation and 1 mood token",
    ]
    assert s.game.pending == [RazeDecision(player=0)]


def test_two_events_drawn_by_free_advances_both_resolve_in_turn_order():
    s = event_scenario(PESTILENCE, A_GOOD_YEAR)
    begin(s.game)
    s.apply(TakeFreeAdvance("Storage"))
    s.apply(ChooseOption("D2"))
    s.apply(ChooseOption("D7"))
    assert s.game.pending == [FreeAdvanceDecision(player=1)]
    s.apply(TakeFreeAdvance("Storage"))
    assert s.game.event.card == A_GOOD_YEAR and "B7" in options(s)  # its icon: barbarians spawn
    s.apply(ChooseOption("B7"))
    s.apply(ChooseOption("B7: infantry"))
    assert s.game.event is None and s.game.decks["event"].discard == [PESTILENCE, A_GOOD_YEAR]
    assert moods(s) == {"D2": "neutral", "F2": "happy", "D7": "neutral", "B3": "happy", "B7": "neutral"}
    assert [p.resources["food"] for p in s.game.players] == [1, 1]
    assert s.game.construct_ban == "Pestilence"
    assert [line for line in s.game.log if "event" in line or "food" in line or "Pestilence" in line] == [
        "Player 1 draws the event card Pestilence",
        "Player 1's city at D2 becomes neutral (Pestilence)",
        "Pestilence: from now on nobody without protection from it may build",
        "Player 2's city at D7 becomes neutral (Pestilence)",
        "Player 2 draws the event card A good year",
        "Player 2 gains 1 food",
        "Player 1 gains 1 food",
    ]
    assert s.game.pending == [RazeDecision(player=0)] and check_invariants(s.game) == []


def test_a_player_with_no_advance_left_to_take_is_skipped_when_their_turn_to_choose_comes():
    s = status_scenario(players=3)
    s.game.first_player = 1
    s.advances(2, *s.game.rules.advance_names())
    begin(s.game)
    assert s.game.pending == [FreeAdvanceDecision(player=1)] and s.game.status_players == [2, 0]
    s.apply(TakeFreeAdvance("Storage"))
    assert s.game.pending == [FreeAdvanceDecision(player=0)] and s.game.status_players == []


def test_cards_are_drawn_after_the_free_advance():
    s = status_scenario()
    begin(s.game)
    hands = [len(p.action_cards) for p in s.game.players]
    answer_free_advances(s)
    assert [len(p.action_cards) for p in s.game.players] == [h + 1 for h in hands]
    assert all(len(p.objective_cards) == 2 for p in s.game.players)


def test_raze_a_size_one_city_for_one_gold():
    s = status_scenario()
    extra = s.city(0, "F2")
    begin(s.game)
    answer_free_advances(s)
    assert isinstance(s.game.pending[-1], RazeDecision) and s.game.pending[-1].player == 0
    assert {a.city for a in s.legal_of(Raze)} == {None, extra.id, s.game.cities_of(0)[0].id}
    s.apply(Raze(extra.id))
    assert s.game.city(extra.id) is None
    assert s.player(0).resources["gold"] == 1


def test_a_last_size_one_city_may_be_razed_and_the_game_ends_at_the_next_status_phase():
    # Status step 4: "You may raze one of your size 1 cities", with no exception for a last city.
    s = status_scenario()
    only = s.game.cities_of(0)[0]
    begin(s.game)
    answer_free_advances(s)
    assert {a.city for a in s.legal_of(Raze)} == {None, only.id}
    s.apply(Raze(only.id))
    assert s.game.cities_of(0) == [] and s.player(0).resources["gold"] == 1
    assert check_invariants(s.game) == []
    while s.game.phase == "status":
        s.apply(s.legal()[0])
    assert s.game.phase == "play"  # play goes on until the next status phase checks for cities
    begin(s.game)
    assert s.game.phase == "over" and any("Player 1 has no cities" in line for line in s.game.log)


def test_government_change_moves_all_advances_for_a_mood_and_a_culture_token():
    s = status_scenario()
    s.advances(0, "Writing", "Philosophy", "Voting", "Separation of Power", "Civil Liberties", "Tactics", "Draft")
    s.resources(0, mood=1, culture=1)
    begin(s.game)
    answer_free_advances(s, "Storage")
    decline_razing(s)
    assert isinstance(s.game.pending[-1], GovernmentDecision)
    options = {a.advances for a in s.legal_of(ChangeGovernment)}
    assert () in options
    assert ("Nationalism", "Totalitarianism", "Absolute Power") in options
    assert all(o[0] == "Nationalism" and len(o) == 3 for o in options if o)
    s.apply(ChangeGovernment(("Nationalism", "Absolute Power", "Forced Labor")))
    p = s.player(0)
    assert not any(a in p.advances for a in ("Voting", "Separation of Power", "Civil Liberties"))
    assert {"Nationalism", "Absolute Power", "Forced Labor"} <= set(p.advances)
    assert (p.mood_tokens, p.culture_tokens) == (1, 0)  # +1 mood from Storage, then paid 1 of each


def test_changing_government_spends_no_event_cubes():
    """The new government's advances come without an event cube each (unlike gaining an advance)."""
    s = status_scenario()
    s.advances(0, "Writing", "Philosophy", "Voting", "Separation of Power", "Tactics", "Draft")
    s.resources(0, mood=1, culture=1)
    begin(s.game)
    answer_free_advances(s, "Storage")
    decline_razing(s)
    cubes, deck = s.player(0).event_cubes, list(s.game.decks["event"].draw)
    s.apply(ChangeGovernment(("Nationalism", "Absolute Power")))
    assert {"Nationalism", "Absolute Power"} <= set(s.player(0).advances)
    assert s.player(0).event_cubes == cubes and s.game.decks["event"].draw == deck


def test_government_change_needs_the_tokens():
    s = status_scenario()
    s.advances(0, "Writing", "Philosophy", "Voting", "Tactics", "Draft")
    begin(s.game)
    answer_free_advances(s, "Fishing")
    assert not any(isinstance(d, GovernmentDecision) for d in s.game.pending)


def test_first_player_chooser_has_most_tokens_with_ties_to_the_current_first_player():
    s = status_scenario(players=4)
    g = s.game
    g.first_player = 2
    s.resources(0, mood=2, culture=1)
    s.resources(1, mood=3)
    s.resources(3, culture=3)
    assert first_player_chooser(g) == 3  # 1 and 3 tie, 3 is first clockwise from player 2
    s.resources(2, mood=3)
    assert first_player_chooser(g) == 2


def test_full_status_phase_then_next_age():
    s = status_scenario()
    g = s.game
    g.round = 4
    begin(g)
    answer_free_advances(s)
    decline_razing(s)
    assert isinstance(g.pending[-1], FirstPlayerDecision)
    s.apply(ChooseFirstPlayer(1))
    assert (g.phase, g.age, g.round, g.first_player, g.current) == ("play", 2, 1, 1, 1)
    assert g.actions_left == 3


def test_game_ends_after_the_sixth_age_objectives_step():
    s = status_scenario()
    s.game.age = 6
    begin(s.game)
    assert s.game.phase == "over" and s.game.pending == []
    assert s.legal() == []
    with pytest.raises(RuleError, match="over"):
        s.apply(EndTurn())


def test_game_ends_early_when_a_player_has_no_cities():
    s = status_scenario()
    s.game.cities = [c for c in s.game.cities if c.owner != 1]
    begin(s.game)
    assert s.game.phase == "over"
    assert s.game.winner == [0]
