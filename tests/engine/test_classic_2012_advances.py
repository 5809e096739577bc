"""The 2012 edition's advances: prerequisites within a category, changing government by gaining another
government's advance, and the advances whose rules differ from the Monumental Edition's."""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import Advance, ChooseOption
from civgame.games.clash.core.decisions import EffectChoiceDecision
from tests.classic import classic_scenario


def test_an_advance_with_a_prerequisite_needs_it_first():
    s = classic_scenario()
    s.advances(0, "Engineering", "Fishing")
    s.resources(0, food=2)
    before = to_plain(s.game)
    with pytest.raises(RuleError, match="Navigation requires Cartography"):
        s.apply(Advance("Navigation"))
    assert to_plain(s.game) == before
    assert Advance("Roads") in s.legal_of(Advance) and Advance("Navigation") not in s.legal_of(Advance)


def test_gaining_another_governments_top_advance_moves_the_old_ones_there_one_for_one():
    s = classic_scenario()
    s.advances(0, "Writing", "Philosophy", "Tactics", "Draft", "Nationalism", "Totalitarianism", "Forced Labor")
    s.resources(0, food=2)
    s.apply(Advance("Voting"))
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.source == "Voting"
    assert decision.options == [
        "Separation of Power, Civil Liberties",
        "Separation of Power, Economic Liberty",
        "Civil Liberties, Economic Liberty",
    ]
    s.apply(ChooseOption("Civil Liberties, Economic Liberty"))
    p = s.player(0)
    government = [a for a in p.advances if s.game.rules.category_of(a).government]
    assert government == ["Voting", "Civil Liberties", "Economic Liberty"]
    assert p.resources["food"] == 0 and s.game.actions_left == 2


def test_a_single_government_advance_moves_without_a_choice():
    s = classic_scenario()
    s.advances(0, "Tactics", "Draft", "Nationalism", "Myths", "State Religion")
    s.resources(0, food=2)
    s.apply(Advance("Dogma"))
    assert not s.game.pending
    assert [a for a in s.player(0).advances if s.game.rules.category_of(a).government] == ["Dogma"]


def test_writing_draws_its_cards_with_the_first_government_advance_only():
    s = classic_scenario()
    p = s.player(0)
    s.advances(0, "Tactics", "Draft", "Myths", "State Religion")
    s.resources(0, food=2)
    s.apply(Advance("Writing"))
    assert len(p.action_cards) == 0  # no government yet: no cards
    s.resources(0, food=2)
    s.apply(Advance("Nationalism"))
    assert len(p.action_cards) == 1
    s.resources(0, food=2)
    s.apply(Advance("Dogma"))  # a change of government is no first government advance
    assert len(p.action_cards) == 1


def test_writing_gained_under_a_government_draws_at_once():
    s = classic_scenario()
    s.advances(0, "Tactics", "Draft", "Nationalism")
    s.resources(0, food=2)
    s.apply(Advance("Writing"))
    assert len(s.player(0).action_cards) == 1
