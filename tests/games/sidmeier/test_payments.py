"""Paying resources: a player who holds nothing that pays is answered at once; a culture event card that
counts as a resource pays."""

from __future__ import annotations

from civgame.games.sidmeier.rules.base import payments
from tests.games.sidmeier.scenario import Scenario


def test_a_hand_of_cards_none_of_which_counts_as_a_resource_pays_nothing_and_is_not_searched():
    s = Scenario(players=2)
    s.card(0, "sabotage")
    assert payments.options(s.game, 0, ["wheat"]) == []
    assert ("payments", 0) not in s.game.cache  # answered before the ways to pay were looked for


def test_a_card_that_counts_as_a_resource_pays_it():
    s = Scenario(players=2)
    card = s.card(0, "a_gift_from_afar")
    assert payments.options(s.game, 0, ["wheat"]) == [(f"card:{card}:wheat",)]
