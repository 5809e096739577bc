"""The rule book: which rules answer a decision, and which of them list actions of their own."""

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
