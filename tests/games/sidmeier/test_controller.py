"""The controller: an action object just listed for this very state is applied without its rule's
second check; any other action (an equal copy, or one listed for an earlier state) is checked."""

from __future__ import annotations

import dataclasses

import pytest

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import DeclineOffer, EndTrade, Offer
from civgame.games.sidmeier.core.decisions import TradeTurn
from civgame.games.sidmeier.rules.base.book import BOOK
from civgame.games.sidmeier.rules.flow.controller import apply
from tests.games.sidmeier.scenario import Scenario


@pytest.fixture
def checks(monkeypatch):
    """Every check of the Trade phase's end counted (its rule has none of its own)."""
    seen: list[object] = []
    rule = BOOK.rules[EndTrade]
    monkeypatch.setitem(BOOK.rules, EndTrade, dataclasses.replace(rule, check=lambda game, action: seen.append(action)))
    return seen


def trade_turn() -> Scenario:
    return Scenario(players=2).give(0, trade=1).decide(TradeTurn(0), phase="trade")


def test_the_very_object_listed_is_applied_without_a_second_check(checks):
    s = trade_turn()
    listed = next(a for a in s.legal() if isinstance(a, EndTrade))
    s.apply(listed)
    assert checks == []


def test_an_equal_action_that_was_not_listed_is_checked(checks):
    s = trade_turn()
    s.legal()
    s.apply(EndTrade())
    assert len(checks) == 1


def test_an_action_listed_before_the_state_changed_is_checked(checks):
    s = trade_turn()
    first = s.legal()
    s.apply(next(a for a in first if isinstance(a, Offer)))
    s.apply(DeclineOffer())  # the same Trade phase decision again, after two actions
    s.apply(next(a for a in first if isinstance(a, EndTrade)))
    assert len(checks) == 1


def test_an_action_listed_before_the_model_was_changed_by_hand_is_checked(checks):
    s = trade_turn()
    listed = next(a for a in s.legal() if isinstance(a, EndTrade))
    s.game.pending[-1] = TradeTurn(0)  # no action applied, no cache cleared
    s.apply(listed)
    assert len(checks) == 1


def test_listed_false_always_checks(checks):
    s = trade_turn()
    listed = next(a for a in s.legal() if isinstance(a, EndTrade))
    apply(s.game, listed, listed=False)
    assert len(checks) == 1


def test_an_illegal_action_is_refused_whatever_was_listed():
    s = trade_turn()
    s.legal()
    with pytest.raises(RuleError):
        s.apply(dataclasses.replace(next(a for a in s.legal() if isinstance(a, Offer)), to=0))


def test_a_listing_asked_again_for_the_same_state_is_not_worked_out_again(monkeypatch):
    s = trade_turn()
    first = s.legal()
    listed = list(first)
    asked: list[object] = []
    listing = BOOK.listing_in_play
    monkeypatch.setattr(
        BOOK, "listing_in_play", lambda game, top, known: asked.append(top) or listing(game, top, known)
    )
    first.clear()  # each caller gets a list of its own
    again = s.legal()
    assert again == listed and asked == []
    again.clear()
    assert s.legal() == listed and asked == []
    s.refresh()  # a test changed the model by hand
    assert s.legal() == listed and len(asked) == 1


def test_an_action_legal_whenever_its_decision_is_pending_is_made_once():
    s = trade_turn()
    first = next(a for a in s.legal() if isinstance(a, EndTrade))
    s.apply(next(a for a in s.legal() if isinstance(a, Offer)))
    s.apply(DeclineOffer())
    assert next(a for a in s.legal() if isinstance(a, EndTrade)) is first
