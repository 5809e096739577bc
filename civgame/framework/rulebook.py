"""A game's rule book: one rule per action type, declared with `@book.rule(...)`.

Every game keeps its own book. A rule names its action type, how to list its legal actions, which
pending decisions it answers (none: a turn action, taken with nothing pending), and optionally a
check kept apart from `perform` and a cheap answer to "is any such action legal now?".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from civgame.framework.actions import Action, Decision

G = TypeVar("G")
R = TypeVar("R", bound=Action)  # the root of a game's actions
A = TypeVar("A", bound=Action)
D = TypeVar("D", bound=Decision)
Handler = Callable[[G, A], None]  # performs one action of its type
Enumerator = Callable[[G], Iterable[R]]
Checker = Callable[[G, A], None]  # raises RuleError when the action is not legal now
Existence = Callable[[G], bool]  # whether the rule has any legal action now
InPlay = Callable[[G], bool]  # whether the rule can have any legal action in this game at all


def listed_elsewhere(game: object) -> Iterator[Any]:
    """The listing of a rule whose actions another rule's listing yields (stopping is listed with the
    steps of a move, say): nothing, and `RuleBook.listing` leaves the rule out."""
    return iter(())


@dataclass(frozen=True)
class Rule(Generic[G, R, A]):
    action: type[A]
    perform: Handler[G, A]
    legal: Enumerator[G, R]
    answers: tuple[type[Decision], ...]  # empty: a turn action, taken with nothing pending
    # The rule's validation, when it is kept apart from `perform` (which then assumes a legal action):
    # an action the listing has just offered on the same state needs no second check.
    check: Checker[G, A] | None = None
    # A cheaper answer than listing to "is any such action legal now?" (cards that force an action ask)
    exists: Existence[G] | None = None
    # Whether the rule may list anything at all in a game (an expansion's rule in a game without that
    # expansion never does): asked once per game and decision type by `listing_in_play`, never per listing.
    in_play: InPlay[G] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Rule[G, R, A]:
        return self  # a registration, never changed: a copied game's memory of its rules keeps the same ones

    def any_legal(self, game: G) -> bool:
        """Whether any action of this rule is legal now: `exists` if the rule gives one, else its listing."""
        if self.exists is not None:
            return self.exists(game)
        return any(True for _ in self.legal(game))


@dataclass
class RuleBook(Generic[G, R]):
    """The rules of one game, keyed by action type."""

    # Each rule's handler takes exactly its key's action type, which a dict's value type cannot say.
    rules: dict[type[Action], Rule[G, R, Any]] = field(default_factory=dict)
    _by_decision: dict[type[Decision] | None, tuple[Rule[G, R, Any], ...]] = field(default_factory=dict)
    _listers: dict[type[Decision] | None, tuple[Rule[G, R, Any], ...]] = field(default_factory=dict)

    def rule(
        self,
        action: type[A],
        *,
        legal: Enumerator[G, R],
        answers: tuple[type[Decision], ...] = (),
        check: Checker[G, A] | None = None,
        exists: Existence[G] | None = None,
        in_play: InPlay[G] | None = None,
    ) -> Callable[[Handler[G, A]], Handler[G, A]]:
        """Register the handler of one action type; `check` validates it (see `Rule.check`), `exists`
        answers whether any is legal (see `Rule.exists`), `in_play` whether it ever lists any in a game
        (see `Rule.in_play`)."""

        def register(perform: Handler[G, A]) -> Handler[G, A]:
            self.rules[action] = Rule(action, perform, legal, answers, check, exists, in_play)
            self._by_decision.clear()
            self._listers.clear()
            return perform

        return register

    def answering(self, top: Decision | None) -> tuple[Rule[G, R, Any], ...]:
        """The rules whose actions answer `top` (the pending decision), or the turn actions if it is None."""
        key = type(top) if top is not None else None
        found = self._by_decision.get(key)
        if found is None:
            found = tuple(r for r in self.rules.values() if (issubclass(key, r.answers) if key else not r.answers))
            self._by_decision[key] = found
        return found

    def listing(self, top: Decision | None) -> tuple[Rule[G, R, Any], ...]:
        """The rules `answering(top)` whose own listings may yield actions (not `listed_elsewhere`)."""
        key = type(top) if top is not None else None
        found = self._listers.get(key)
        if found is None:
            found = self._listers[key] = tuple(r for r in self.answering(top) if r.legal is not listed_elsewhere)
        return found

    def listing_in_play(
        self, game: G, top: Decision | None, known: dict[type[Decision] | None, tuple[Rule[G, R, Any], ...]]
    ) -> tuple[Rule[G, R, Any], ...]:
        """The rules of `listing(top)` in play in `game`; `known` is the game's own memory of them (what
        is in play never changes during a game)."""
        key = type(top) if top is not None else None
        found = known.get(key)
        if found is None:
            found = known[key] = tuple(r for r in self.listing(top) if r.in_play is None or r.in_play(game))
        return found

    def perform_again(self, game: G, action: Action) -> None:
        """Run an action's handler directly (used when a payment completes a suspended action)."""
        self.rules[type(action)].perform(game, action)


def answered(pending: Sequence[Decision], kind: type[D]) -> D:
    """The pending decision of `kind` that a rule registered with `answers=(kind, ...)` is answering now."""
    decision = pending[-1]
    assert isinstance(decision, kind), f"{decision.KIND} is pending, not {kind.KIND}"  # the controller checked
    return decision
