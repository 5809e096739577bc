"""Trading between players (summary › Game round): a free action on your turn, offered step by step,
accepted or declined by the partner, carried out at once; face-down cards stay hidden until traded."""

import tracemalloc

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.framework.saves import state_hash
from civgame.games.clash.core.actions import (
    AcceptTrade,
    AddTradeItem,
    CancelTrade,
    DeclineTrade,
    EndTurn,
    PlayGreatPerson,
    SendTrade,
    StartTrade,
)
from civgame.games.clash.core.decisions import TradeDecision, TradeOfferDecision
from civgame.games.clash.rules.actions.trading import MAX_LISTED_ANSWERS
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads
from tests.scenario import Scenario

GREAT_ARTIST, GREAT_PHILOSOPHER, GREAT_ARCHITECT, GREAT_DIPLOMAT = 19, 21, 55, 57  # event cards


def traders(players: int = 2) -> Scenario:
    s = Scenario(players=players)
    for i in range(players):
        s.city(i, ["D2", "D7", "F2", "B3"][i])
        s.empty_hand(i, "action").empty_hand(i, "objective")
        s.resources(i, food=0)
    s.advances(1, "Storage")
    return s


def assert_refused(s: Scenario, action, match: str) -> None:
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=match):
        s.apply(action)
    assert to_plain(s.game) == before


def offer(s: Scenario, partner: int, give=(), take=()) -> None:
    s.apply(StartTrade(partner))
    for item in give:
        s.apply(AddTradeItem("give", *item) if isinstance(item, tuple) else AddTradeItem("give", item))
    for item in take:
        s.apply(AddTradeItem("take", item))
    s.apply(SendTrade())


def test_a_trade_is_offered_accepted_and_carried_out_at_once():
    s = traders()
    s.resources(0, food=2, wood=1, mood=1).resources(1, ore=3, culture=2)
    actions_left = s.game.actions_left
    offer(s, 1, give=["food", "food", "mood"], take=["ore", "culture"])
    decision = s.game.pending[-1]
    assert isinstance(decision, TradeOfferDecision) and s.game.actor() == 1
    assert decision.give == {"food": 2, "mood": 1} and decision.take == {"ore": 1, "culture": 1}
    assert s.legal() == [AcceptTrade(()), DeclineTrade()]
    s.apply(AcceptTrade())
    p0, p1 = s.player(0), s.player(1)
    assert (p0.resources["food"], p0.resources["ore"], p0.mood_tokens, p0.culture_tokens) == (0, 1, 0, 1)
    assert (p1.resources["food"], p1.resources["ore"], p1.mood_tokens, p1.culture_tokens) == (2, 2, 1, 1)
    assert s.game.actor() == 0 and s.game.pending == [] and s.game.actions_left == actions_left  # a free action
    assert s.game.log[-1] == (
        "Player 2 accepts: Player 1 trades 2 food and 1 mood token to Player 2 for 1 ore and 1 culture token"
    )
    assert check_invariants(s.game) == []


def test_a_declined_trade_changes_nothing_and_ends_offers_to_that_partner_this_turn():
    s = traders(3)
    s.resources(0, gold=2).resources(1, wood=1).resources(2, wood=1)
    offer(s, 1, give=["gold"], take=["wood"])
    s.apply(DeclineTrade())
    assert s.player(0).resources["gold"] == 2 and s.player(1).resources["wood"] == 1
    assert s.game.log[-1] == "Player 2 declines Player 1's trade offer"
    assert s.legal_of(StartTrade) == [StartTrade(2)]  # one offer per partner per turn
    assert_refused(s, StartTrade(1), "already made a trade offer to Player 2 this turn")
    s.apply(EndTurn())
    s.turn(0)
    assert StartTrade(1) in s.legal()


def test_offers_are_only_made_on_your_turn_to_another_player():
    s = traders()
    s.resources(0, gold=1)
    assert s.legal_of(StartTrade) == [StartTrade(1)]
    assert_refused(s, StartTrade(0), "another player")
    assert_refused(s, StartTrade(5), "another player")
    s.apply(StartTrade(1))
    assert isinstance(s.game.pending[-1], TradeDecision)
    assert_refused(s, EndTurn(), "finish or cancel the trade offer")
    s.apply(CancelTrade())
    assert s.game.pending == []


def test_only_what_a_side_holds_can_be_put_into_the_trade():
    s = traders()
    s.resources(0, food=1).resources(1, ore=1)
    s.hand(1, 7)
    s.apply(StartTrade(1))
    offered = {(a.side, a.item) for a in s.legal_of(AddTradeItem)}
    assert offered == {("give", "food"), ("take", "ore"), ("take", "action")}
    s.apply(AddTradeItem("give", "food"))
    assert_refused(s, AddTradeItem("give", "food"), "Player 1 has no more food")
    assert_refused(s, AddTradeItem("take", "food"), "already on the other side")
    assert_refused(s, AddTradeItem("take", "action:7"), "hidden: ask for a kind of card")
    assert_refused(s, AddTradeItem("give", "objective"), "name the card of your hand")
    assert_refused(s, AddTradeItem("give", "city"), "cannot be traded")
    assert_refused(s, AddTradeItem("give", "action:7"), "no such card in hand")
    assert_refused(s, AddTradeItem("middle", "food"), "two sides")
    assert_refused(s, AddTradeItem("take", "ore", face_down=True), "only a card of your own hand")


def test_an_empty_trade_cannot_be_sent():
    s = traders()
    s.resources(0, food=1)
    s.apply(StartTrade(1))
    assert SendTrade() not in s.legal()
    assert_refused(s, SendTrade(), "put something into the trade")


def test_a_face_down_card_is_not_named_before_it_is_traded():
    s = traders()
    s.hand(0, 12)
    s.hand(1, 3, 4, deck="objective")
    s.resources(1, gold=1)
    offer(s, 1, give=[("action:12", True)], take=["objective", "gold"])
    decision = s.game.pending[-1]
    assert decision.face_down == ["action:12"] and decision.describe() == "accept or decline the trade offer"
    assert s.game.log[-1] == "Player 1 offers Player 2 a trade: 1 action card for 1 gold and 1 objective card"
    assert {a.cards for a in s.legal_of(AcceptTrade)} == {("objective:3",), ("objective:4",)}
    assert_refused(s, AcceptTrade(("objective:9",)), "no longer holds")
    assert_refused(s, AcceptTrade(()), "asks for 1 objective card")
    assert_refused(s, AcceptTrade(("action:12",)), "asks for 1 objective card")
    s.apply(AcceptTrade(("objective:4",)))
    assert s.player(1).action_cards == [12] and s.player(0).action_cards == []
    assert s.player(0).objective_cards == [4] and s.player(1).objective_cards == [3]
    assert s.player(0).resources["gold"] == 1
    assert "12" not in s.game.log[-1] and "action card" in s.game.log[-1]
    assert check_invariants(s.game) == []


def test_wonder_cards_in_hand_can_be_traded():
    s = traders()
    wonder = next(iter(s.game.rules.wonders))
    s.player(0).wonder_cards.append(wonder)
    s.resources(1, ore=2)
    offer(s, 1, give=[f"wonder:{wonder}"], take=["ore", "ore"])
    s.apply(AcceptTrade())
    assert s.player(1).wonder_cards == [wonder] and s.player(0).resources["ore"] == 2


def test_resource_limits_apply_to_what_is_received():
    s = traders()
    s.resources(0, wood=2, food=2).resources(1, wood=6, food=1)
    s.player(1).advances.remove("Storage")  # at most 2 food without Storage
    offer(s, 1, give=["wood", "wood", "food", "food"])
    s.apply(AcceptTrade())
    assert s.player(1).resources["wood"] == 7 and s.player(0).resources["wood"] == 0  # at most 7 of a resource
    assert s.player(1).resources["food"] == 2 and s.player(0).resources["food"] == 0
    assert s.game.log[-1] == "Player 2 loses 1 wood and 1 food over the limit"


def test_a_trade_is_refused_if_a_side_no_longer_holds_what_it_offered():
    s = traders()
    s.resources(0, gold=1).resources(1, ore=1)
    offer(s, 1, give=["gold"], take=["ore"])
    s.player(0).resources["gold"] = 0  # spent meanwhile (only possible by editing the game)
    assert s.legal_of(AcceptTrade) == []
    assert_refused(s, AcceptTrade(), "Player 1 no longer has 1 gold to give")
    s.apply(DeclineTrade())


def test_an_offer_in_progress_and_one_awaiting_an_answer_survive_a_save():
    s = traders()
    s.hand(0, 12)
    s.resources(1, gold=1)
    s.apply(StartTrade(1))
    s.apply(AddTradeItem("give", "action:12", face_down=True))
    assert state_hash(loads(dumps(s.game))) == state_hash(s.game)
    s.apply(AddTradeItem("take", "gold"))
    s.apply(SendTrade())
    restored = loads(dumps(s.game))
    assert restored.pending == s.game.pending and state_hash(restored) == state_hash(s.game)


def great_persons(s: Scenario, player: int, *cards: int) -> None:
    """The player holds these great persons (taken out of the event deck)."""
    deck = s.game.decks["event"]
    deck.draw = [c for c in deck.draw if c not in cards]
    s.player(player).great_persons.extend(cards)


def test_a_great_person_held_in_hand_is_traded_as_an_action_card_and_its_receiver_plays_it():
    """The catalogue: a great person "counts as an action card in hand for every other purpose"."""
    s = traders()
    great_persons(s, 0, GREAT_PHILOSOPHER)
    s.resources(1, ore=1)
    s.apply(StartTrade(1))
    offered = {(a.item, a.face_down) for a in s.legal_of(AddTradeItem) if a.side == "give"}
    assert offered == {("great person:21", False), ("great person:21", True)}
    s.apply(AddTradeItem("give", "great person:21", face_down=True))
    assert_refused(s, AddTradeItem("give", "great person:21"), "already in the trade")
    s.apply(AddTradeItem("take", "ore"))
    s.apply(SendTrade())
    decision = s.game.pending[-1]
    assert decision.give == {"great person:21": 1} and decision.face_down == ["great person:21"]
    assert s.game.log[-1] == "Player 1 offers Player 2 a trade: 1 action card for 1 ore"
    restored = loads(dumps(s.game))  # a save holding the offer loads
    assert restored.pending == s.game.pending
    s.apply(AcceptTrade())
    assert s.player(1).great_persons == [GREAT_PHILOSOPHER] and s.player(0).great_persons == []
    assert s.player(1).action_cards == [] and s.player(0).resources["ore"] == 1
    assert "Philosopher" not in "\n".join(s.game.log)
    assert check_invariants(s.game) == []
    s.apply(EndTurn())
    s.turn(1)
    assert PlayGreatPerson(GREAT_PHILOSOPHER, ("Writing",)) in s.legal()  # still a great person, played as one
    s.apply(PlayGreatPerson(GREAT_PHILOSOPHER, ("Writing",)))
    assert s.player(1).has("Writing") and s.game.decks["event"].discard[-1] == GREAT_PHILOSOPHER


def test_asking_for_an_action_card_may_be_answered_with_a_great_person_held_in_hand():
    s = traders()
    s.hand(1, 7)
    great_persons(s, 1, GREAT_ARTIST, GREAT_DIPLOMAT)  # the Great Diplomat is kept face up: not in hand
    s.resources(0, food=1)
    s.apply(StartTrade(1))
    assert_refused(s, AddTradeItem("take", "great person:19"), "hidden: ask for a kind of card")
    assert_refused(s, AddTradeItem("take", "great person"), "counts as an action card: ask for an action card")
    s.apply(AddTradeItem("take", "action"))
    s.apply(AddTradeItem("take", "action"))  # the action card and the Great Artist
    assert AddTradeItem("take", "action") not in s.legal()
    assert_refused(s, AddTradeItem("take", "action"), "Player 2 has no more action cards")
    s.apply(CancelTrade())
    s.turn(0)
    offer(s, 1, give=["food"], take=["action"])
    assert {a.cards for a in s.legal_of(AcceptTrade)} == {("action:7",), ("great person:19",)}
    s.apply(AcceptTrade(("great person:19",)))
    assert s.player(0).great_persons == [GREAT_ARTIST] and s.player(1).great_persons == [GREAT_DIPLOMAT]
    assert s.player(1).action_cards == [7] and s.player(1).resources["food"] == 1
    assert s.game.log[-1] == "Player 2 accepts: Player 1 trades 1 food to Player 2 for 1 action card"
    assert check_invariants(s.game) == []


def test_great_persons_kept_face_up_are_not_in_hand_and_are_not_traded():
    """The summary trades "cards in hand"; the Great Architect and the Great Diplomat are kept face up in front
    of their holder (catalogue), and the Great Diplomat's relations are its taker's."""
    s = traders()
    great_persons(s, 0, GREAT_ARCHITECT, GREAT_DIPLOMAT)
    s.player(0).diplomatic_partner = 1
    assert s.legal_of(StartTrade) == []  # neither player has anything to trade
    great_persons(s, 1, GREAT_ARTIST)
    s.apply(StartTrade(1))
    assert {(a.side, a.item) for a in s.legal_of(AddTradeItem)} == {("take", "action")}
    assert_refused(s, AddTradeItem("give", "great person:57"), "the Great Diplomat is kept face up, not in hand")
    assert_refused(s, AddTradeItem("give", "great person:55"), "the Great Architect is kept face up, not in hand")
    assert_refused(s, AddTradeItem("give", "great person:19"), "Player 1 has no such card in hand")
    s.apply(CancelTrade())
    s.apply(EndTurn())
    s.turn(1)
    s.apply(StartTrade(0))  # the Great Artist's holder
    assert AddTradeItem("take", "action") not in s.legal()
    assert_refused(s, AddTradeItem("take", "action"), "Player 1 has no more action cards")


def test_an_offer_asking_for_half_of_a_huge_hand_lists_a_bounded_number_of_answers():
    """Asked for 21 of 42 action cards, the partner has some 5e11 ways to answer: the listing stops at
    MAX_LISTED_ANSWERS, in bounded memory, and any other choice of 21 of their cards is still accepted."""
    s = traders()
    s.hand(1, *(card.id for card in s.game.rules.action_cards))
    s.resources(0, food=1)
    offer(s, 1, give=["food"], take=["action"] * 21)
    tracemalloc.start()
    listed = s.legal()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(listed) == MAX_LISTED_ANSWERS + 1 and listed[-1] == DeclineTrade()
    assert peak < 5_000_000, peak
    last = tuple(f"action:{card}" for card in s.player(1).action_cards[-21:])
    assert AcceptTrade(last) not in listed
    s.apply(AcceptTrade(last))
    assert len(s.player(0).action_cards) == 21 and check_invariants(s.game) == []
