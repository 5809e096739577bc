"""The rule book: which rules answer a decision, and which of them list actions of their own."""

import copy
from dataclasses import dataclass
from typing import ClassVar

from civgame.framework.actions import Decision
from civgame.framework.rulebook import RuleBook, listed_elsewhere
from tests.framework.toy import NimAction


@dataclass(frozen=True)
class Go(NimAction):
    KIND: ClassVar[str] = "book_go"


@dataclass(frozen=True)
class Halt(NimAction):
    KIND: ClassVar[str] = "book_halt"


@dataclass
class Moving(Decision):
    REGISTRY: ClassVar[dict[str, type]] = {}
    KIND: ClassVar[str] = "book_moving"


def test_a_rule_listed_elsewhere_answers_the_decision_but_is_not_asked_to_list():
    book: RuleBook[object, NimAction] = RuleBook()
    book.rule(Go, legal=lambda game: iter([Go(), Halt()]), answers=(Moving,))(lambda game, action: None)
    book.rule(Halt, legal=listed_elsewhere, answers=(Moving,))(lambda game, action: None)
    assert [r.action for r in book.answering(Moving(0))] == [Go, Halt]
    assert [r.action for r in book.listing(Moving(0))] == [Go]
    assert [a for r in book.listing(Moving(0)) for a in r.legal(None)] == [Go(), Halt()]


def test_a_rule_not_in_play_in_a_game_is_never_asked_and_what_is_in_play_is_worked_out_once():
    book: RuleBook[dict[str, bool], NimAction] = RuleBook()
    asked: list[str] = []

    def with_expansion(game: dict[str, bool]) -> bool:
        asked.append("in play?")
        return game["expansion"]

    book.rule(Go, legal=lambda game: iter([Go()]), answers=(Moving,))(lambda game, action: None)
    book.rule(Halt, legal=lambda game: iter([Halt()]), answers=(Moving,), in_play=with_expansion)(
        lambda game, action: None
    )
    base, known = {"expansion": False}, {}
    assert [r.action for r in book.listing_in_play(base, Moving(0), known)] == [Go]
    assert [r.action for r in book.listing_in_play(base, Moving(0), known)] == [Go]
    assert asked == ["in play?"]
    assert [r.action for r in book.listing_in_play({"expansion": True}, Moving(0), {})] == [Go, Halt]


def test_a_copied_game_keeps_the_very_rules_it_remembers():
    book: RuleBook[object, NimAction] = RuleBook()
    book.rule(Go, legal=lambda game: iter([Go()]), answers=(Moving,))(lambda game, action: None)
    rule = book.rules[Go]
    assert copy.deepcopy({"known": (rule,)})["known"][0] is rule
