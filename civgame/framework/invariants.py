"""Checking a game as it is played: every invariant after every action, for any game.

`InvariantChecker` is an observer for `play.play_out`: after every action it asks the game's own
`check_invariants`, checks that no action is listed twice (a player would see the same choice twice,
and a computer player would weigh it twice), and once per game that a save of the state loads back
to the very same state. Random games of every game run under it in the tests.
"""

from __future__ import annotations

from civgame.framework.actions import Action
from civgame.framework.game import GameDefinition, GameState
from civgame.framework.saves import state_hash


class InvariantBroken(AssertionError):
    """A state a game's rules should never reach; the message says when and what."""


class InvariantChecker:
    def __init__(self, definition: GameDefinition, label: str, save_at_step: int | None = None) -> None:
        self.definition = definition
        self.label = label  # names the game in messages (its seed, say)
        self.steps = 0
        self.save_at_step = save_at_step
        self.saved = False

    def __call__(self, game: GameState, action: Action) -> None:
        self.steps += 1
        where = f"{self.label}, step {self.steps}, after {action!r}"
        problems = self.definition.check_invariants(game)
        if problems:
            raise InvariantBroken(f"{where}: {problems}")
        listed = self.definition.legal_actions(game)
        if len(set(listed)) != len(listed):
            raise InvariantBroken(f"{where}: an action is listed twice")
        if self.steps == self.save_at_step:
            loaded = self.definition.loads(self.definition.dumps(game), self.label)
            if state_hash(loaded) != state_hash(game):
                raise InvariantBroken(f"{where}: the save does not load back to the same state")
            self.saved = True
