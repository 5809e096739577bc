"""What every computer player offers: a choice among the legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game


class Agent(Protocol):
    def choose(self, game: Game, actions: Sequence[Action]) -> Action: ...
