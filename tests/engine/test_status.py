"""The status phase: its steps in order, and the end of the game."""

import pytest

from civgame.engine.core.actions import ChangeGovernment, ChooseFirstPlayer, EndTurn, Raze, TakeFreeAdvance
from civgame.engine.core.decisions import FirstPlayerDecision, FreeAdvanceDecision, GovernmentDecision, RazeDecision
from civgame.engine.core.errors import RuleError
from civgame.engine.rules.invariants import check_invariants
from civgame.engine.rules.status import begin, first_player_chooser
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


def decline_razing(s):
    while isinstance(s.game.pending[-1:] and s.game.pending[-1], RazeDecision):
        s.apply(Raze(None))


def test_free_advance_is_asked_in_turn_order_and_uses_an_event_cube():
    s = status_scenario()
    s.game.first_player = 1
    begin(s.game)
    assert [d.player for d in reversed(s.game.pending)] == [1, 0]
    s.apply(TakeFreeAdvance("Storage"))
    assert s.player(1).has("Storage") and s.player(1).event_cubes == 2
    assert s.player(1).mood_tokens == 1
    with pytest.raises(RuleError, match="top advance"):
        s.apply(TakeFreeAdvance("Navigation"))


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
