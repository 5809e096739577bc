"""The 2012 edition's rules for tests: the ruleset, and scenarios played with it."""

from __future__ import annotations

from civgame.games.clash.content.ruleset import Ruleset, named_ruleset
from tests.scenario import Scenario

CLASSIC_2012 = "classic-2012"


def classic_rules() -> Ruleset:
    return named_ruleset(CLASSIC_2012)


def classic_scenario(players: int = 2, seed: int = 1) -> Scenario:
    """A scenario (see tests/scenario.py) of the 2012 edition."""
    return Scenario(players=players, seed=seed, rules=classic_rules())
