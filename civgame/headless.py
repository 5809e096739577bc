"""A random computer player for any game behind a `GameDefinition`, knowing nothing of its rules but
the legal actions (`civgame.framework.play.play_out` lets such players finish a game).

It draws from its own `random.Random`, never from the game's RNG, so agents never change the game's
dice. It first picks a kind of action, then one action of that kind, so that a kind with many variants
(every square a figure may step to, every deal it may offer) does not crowd out the others; kinds whose
actions end or decline something (an action class's `PASSIVE`) are picked less eagerly, so that games
move forward. Every legal action keeps a non-zero chance. (The framework's `UniformRandomAgent` picks
each action alike; this one is kept beside it until the framework offers a weighted one.)
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate, compress, repeat
from operator import is_
from typing import Any

PASSIVE_WEIGHT = 0.25


class KindRandomAgent:
    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, game: Any, actions: Sequence[Any]) -> Any:
        if not actions:
            raise ValueError("there is no legal action to choose from")
        # the kinds in the order they are first listed, sorted out at C speed (agents choose every action)
        types = list(map(type, actions))
        kinds = list(dict.fromkeys(types))
        if len(kinds) == 1:
            group = actions
        else:
            weights = accumulate([PASSIVE_WEIGHT if getattr(k, "PASSIVE", False) else 1.0 for k in kinds])
            chosen = kinds[self._weighted(list(weights))]
            group = list(compress(actions, map(is_, types, repeat(chosen))))
        return group[self.rng.randrange(len(group))] if len(group) > 1 else group[0]

    def _weighted(self, cumulative: list[float]) -> int:
        """An index drawn by cumulative weights: `random.choices` with one draw of the generator, as
        it makes it, without its checks (this runs for almost every action of a game)."""
        return bisect(cumulative, self.rng.random() * cumulative[-1], 0, len(cumulative) - 1)
