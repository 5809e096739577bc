"""The Influence Culture, Increase Happiness and free advance listings made faster list exactly what
plain ones do.

Each oracle checks every candidate with the rule's own reason functions (`why_not_target`,
`why_not_reach`, `why_not_raise`, `why_not_gain`), nothing remembered. Seeded random games compare them
after every action, also for the extra cost of a free attempt (Arts).
"""

import pytest

from civgame.ai import play_game, random_agents
from civgame.games.clash.core.actions import InfluenceCulture, TakeFreeAdvance
from civgame.games.clash.core.decisions import FreeAdvanceDecision
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.rules.actions import happiness, influence
from civgame.games.clash.rules.actions.advances import why_not_gain
from civgame.games.clash.rules.actions.influence import (
    SETTLEMENT,
    _takeover,
    _why_not_from,
    sources,
    why_not_reach,
    why_not_target,
)
from civgame.games.clash.rules.base.registry import RULES

EXTRA_COSTS: tuple[dict[str, int], ...] = ({}, {"culture": 1})


def plain_attempts(game: Game, player: Player, extra_cost: dict[str, int]) -> list[InfluenceCulture]:
    if player.influence_succeeded:
        return []
    settlement = (SETTLEMENT,) if _takeover(game, player) else ()
    pieces = [
        (t, b) for t in game.cities for b in (*t.buildings, *settlement) if why_not_target(game, player, t, b) is None
    ]
    found = []
    for source in sources(game, player):
        reach = game.distances_from(source.pos)
        for target, building in pieces:
            distance = reach.get(target.pos)
            if distance is None or _why_not_from(player, source, target):
                continue
            tokens = max(0, distance - source.size)
            if why_not_reach(game, player, source, target, tokens, distance, extra_cost) is None:
                found.append(InfluenceCulture(source.id, target.id, building, tokens))
    return found


def plain_raisable(game: Game, player: Player, extra: dict[str, int]) -> list[int]:
    cities = game.cities_of(player.index)
    return [c.id for c in cities if happiness.why_not_raise(game, player.index, c.id, extra) is None]


def plain_free_advances(game: Game, player: Player) -> list[TakeFreeAdvance]:
    return [TakeFreeAdvance(a) for a in game.rules.advance_names() if why_not_gain(game, player, a) is None]


class Comparer:
    def __init__(self) -> None:
        self.attempts_found = self.raisable_found = self.free_advances_found = 0

    def __call__(self, game: Game, _action: object) -> None:
        top = game.pending[-1] if game.pending else None
        if isinstance(top, FreeAdvanceDecision):
            expected_advances = plain_free_advances(game, game.player(top.player))
            assert RULES[TakeFreeAdvance].legal(game) == expected_advances
            self.free_advances_found += bool(expected_advances)
        if game.phase != "play" or game.pending or game.combat is not None:
            return
        player = game.player(game.current)
        for extra in EXTRA_COSTS:
            expected = plain_attempts(game, player, extra)
            assert influence.attempts(game, player, extra) == expected, f"attempts at step {len(game.history)}"
            self.attempts_found += bool(expected)
        for extra in EXTRA_COSTS:
            expected_cities = plain_raisable(game, player, extra)
            assert [c.id for c in happiness.raisable(game, player.index, extra)] == expected_cities
            assert happiness.can_raise_any(game, player.index, extra) == bool(expected_cities)
            self.raisable_found += bool(expected_cities)


@pytest.mark.parametrize("seeds", [(1, 2, 3), (101, 102, 103)])
def test_fast_influence_happiness_and_free_advance_listings_match_the_plain_ones(seeds: tuple[int, ...]) -> None:
    comparer = Comparer()  # (attempts are rare in random games: a few games together list some)
    for seed in seeds:
        players = 4 if seed < 100 else 2 + seed % 3
        play_game(players, seed, random_agents(players, seed), observer=comparer)
    assert comparer.attempts_found and comparer.raisable_found and comparer.free_advances_found  # (each listed some)
