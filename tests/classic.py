"""The 2012 edition's rules for tests: the ruleset, and scenarios played with it."""

from __future__ import annotations

from civgame.games.clash.content.ruleset import Ruleset, named_ruleset
from tests.scenario import Scenario

CLASSIC_2012 = "classic-2012"
CIVILIZATIONS_EXPANSION = "classic-2012+civilizations_expansion"  # the 2012 edition with its expansion


def classic_rules() -> Ruleset:
    return named_ruleset(CLASSIC_2012)


def expansion_rules() -> Ruleset:
    return named_ruleset(CIVILIZATIONS_EXPANSION)


def classic_scenario(players: int = 2, seed: int = 1, rules: Ruleset | None = None) -> Scenario:
    """A scenario (see tests/scenario.py) of the 2012 edition (or of `rules`, such as the expansion's)."""
    return Scenario(players=players, seed=seed, rules=rules or classic_rules())


def classic_board(players: int = 2, rules: Ruleset | None = None) -> Scenario:
    """A 2012 scenario with the regions around D2 turned up, as the Monumental tests' `board` has them, and
    player 0's resources emptied."""
    s = classic_scenario(players, rules=rules)
    for region, tile in ((3, "3"), (4, "12"), (5, "11"), (6, "7")):
        s.place_tile(region, tile, 0)
    s.reveal_all()
    s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0)
    return s


def die(value: int) -> int:
    """The face index of a 2012 die showing `value` (plain six-sided dice)."""
    return value - 1
