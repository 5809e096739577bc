"""Buying advances: cost and substitution, category entry, governments, bonuses, event tracker."""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import Advance, CancelPayment, Pay
from civgame.games.clash.core.decisions import PayDecision
from civgame.games.clash.rules.base.payments import gain
from tests.scenario import Scenario


def buy(s, name, **payment):
    s.apply(Advance(name, payment=payment or None))


def test_advance_paid_with_food_only_needs_no_payment_choice():
    s = Scenario()
    s.resources(0, food=2)
    buy(s, "Storage")
    p = s.player(0)
    assert p.has("Storage") and p.resources["food"] == 0
    assert s.game.actions_left == 2


def test_mixed_holdings_ask_how_to_pay_and_offer_every_split():
    s = Scenario()
    s.resources(0, food=1, ideas=1, gold=1)
    s.apply(Advance("Writing"))
    assert isinstance(s.game.pending[-1], PayDecision)
    options = {tuple(sorted(a.payment.items())) for a in s.legal_of(Pay)}
    assert options == {
        (("food", 1), ("ideas", 1)),
        (("food", 1), ("gold", 1)),
        (("gold", 1), ("ideas", 1)),
    }
    assert s.game.actions_left == 3  # nothing spent until paid
    s.apply(Pay({"food": 1, "gold": 1}))
    p = s.player(0)
    assert p.resources["ideas"] == 1 and p.resources["food"] == 0 and p.resources["gold"] == 0
    assert p.has("Writing") and s.game.actions_left == 2


def test_a_payment_not_offered_is_refused_and_changes_nothing():
    s = Scenario()
    s.resources(0, food=1, ideas=1, gold=1)
    s.apply(Advance("Writing"))
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=r"^1 ideas, 1 wood is not a valid way to pay 2 any of food/ideas/gold$"):
        s.apply(Pay({"ideas": 1, "wood": 1}))
    with pytest.raises(RuleError, match="is not a valid way to pay"):
        s.apply(Pay({"food": 1, "ideas": 1, "gold": 0, "wood": 1}))  # (kinds named with 0 are left out)
    assert to_plain(s.game) == before
    s.apply(Pay({"food": 1, "ideas": 1, "gold": 0}))
    assert s.player(0).has("Writing") and s.player(0).resources["gold"] == 1


def test_cancelling_a_payment_changes_nothing():
    s = Scenario()
    s.resources(0, food=1, ideas=1, gold=1)
    before = to_plain(s.game)
    s.apply(Advance("Writing"))
    s.apply(CancelPayment())
    after = to_plain(s.game)
    after["history"] = before["history"]
    assert after == before


def test_wood_and_ore_cannot_pay_for_advances():
    s = Scenario()
    s.resources(0, food=0, wood=5, ore=5)
    assert s.legal_of(Advance) == []
    with pytest.raises(RuleError, match="cannot pay"):
        buy(s, "Storage")


def test_explicit_payment_must_be_valid():
    s = Scenario()
    s.resources(0, food=2, gold=2)
    with pytest.raises(RuleError, match="not a valid way"):
        buy(s, "Storage", food=1, wood=1)
    buy(s, "Storage", gold=2)
    assert s.player(0).resources == {"food": 2, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}


def test_first_advance_of_a_category_must_be_its_top_advance():
    s = Scenario()
    s.resources(0, food=2)
    with pytest.raises(RuleError, match="top advance, Fishing"):
        buy(s, "Navigation")
    assert "Navigation" not in {a.advance for a in s.legal_of(Advance)}
    buy(s, "Fishing")
    s.resources(0, food=2)
    buy(s, "Navigation")
    assert s.player(0).advances[-2:] == ["Fishing", "Navigation"]


def test_border_bonus_tokens():
    s = Scenario()
    s.resources(0, food=2, gold=4)
    buy(s, "Storage", food=2)  # yellow border
    buy(s, "Writing", gold=2)  # blue border
    buy(s, "Engineering", gold=2)  # no border
    p = s.player(0)
    assert (p.mood_tokens, p.culture_tokens) == (1, 1)


def test_government_entry_needs_its_prerequisite():
    s = Scenario()
    s.resources(0, gold=7)
    with pytest.raises(RuleError, match="Voting requires Philosophy"):
        buy(s, "Voting")
    s.advances(0, "Writing", "Philosophy")
    buy(s, "Voting", gold=2)
    assert s.player(0).has("Voting")


def test_only_one_government_category():
    s = Scenario()
    s.advances(0, "Writing", "Philosophy", "Voting", "Tactics", "Draft")
    s.resources(0, gold=7)
    with pytest.raises(RuleError, match="only one government"):
        buy(s, "Nationalism")
    assert "Nationalism" not in {a.advance for a in s.legal_of(Advance)}


def test_no_advance_without_main_actions():
    s = Scenario()
    s.resources(0, food=2)
    s.game.actions_left = 0
    assert s.legal_of(Advance) == []
    with pytest.raises(RuleError, match="no main actions"):
        buy(s, "Storage")


def test_third_advance_empties_the_tracker_draws_an_event_and_refills():
    s = Scenario()
    s.resources(0, gold=6)
    events_before = len(s.game.decks["event"].draw)
    buy(s, "Storage", gold=2)
    buy(s, "Fishing", gold=2)
    assert s.player(0).event_cubes == 1
    assert len(s.game.decks["event"].discard) == 0
    buy(s, "Writing", gold=2)
    assert s.player(0).event_cubes == 3
    assert len(s.game.decks["event"].draw) == events_before - 1
    assert len(s.game.decks["event"].discard) == 1
    drawn = s.game.rules.event(s.game.decks["event"].discard[0]).name
    assert f"draws the event card {drawn}" in "\n".join(s.game.log)


def test_event_deck_reshuffles_its_discards_when_empty():
    s = Scenario()
    deck = s.game.decks["event"]
    deck.discard, deck.draw = deck.draw, []
    s.player(0).event_cubes = 1
    s.resources(0, food=2)
    buy(s, "Storage")
    assert len(deck.draw) == 57 and len(deck.discard) == 1


def test_food_cap_is_two_until_storage_then_seven():
    s = Scenario()
    p = s.player(0)
    assert gain(s.game, p, {"food": 5}) == {"food": 0}
    assert p.resources["food"] == 2
    s.advances(0, "Storage")
    gain(s.game, p, {"food": 9, "gold": 9})
    assert p.resources["food"] == 7 and p.resources["gold"] == 7


def test_the_fast_list_of_gainable_advances_agrees_with_the_rule_check():
    from civgame.ai import play_out, random_agents
    from civgame.games.clash.rules.actions.advances import gainable, why_not_gain
    from civgame.games.clash.rules.flow.setup import new_game

    checked = 0

    def compare(game, action):
        nonlocal checked
        for player in game.players:
            slow = [n for n in game.rules.advance_names() if why_not_gain(game, player, n) is None]
            assert gainable(game, player) == slow
            checked += 1

    for seed in (1, 2):
        play_out(new_game(3, seed), random_agents(3, seed), observer=compare)
    s = Scenario()
    s.player(0).advances = ["Voting", "Farming"]  # a government started without its prerequisite
    assert gainable(s.game, s.player(0)) == [
        n for n in s.game.rules.advance_names() if why_not_gain(s.game, s.player(0), n) is None
    ]
    assert checked > 500
