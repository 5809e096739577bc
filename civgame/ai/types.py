"""What every computer player offers: a choice among the legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from civgame.engine.core.actions import Action
from civgame.engine.core.model import Game


class Agent(Protocol):
    def choose(self, game: Game, actions: Sequence[Action]) -> Action: ...
