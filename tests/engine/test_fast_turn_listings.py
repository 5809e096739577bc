"""The Influence Culture and Increase Happiness listings made faster list exactly what the plain ones did.

Each oracle is the listing as written before: every candidate checked by the rule's own reason
functions (`why_not_target`, `why_not_reach`, `why_not_raise`). Seeded random games compare them
after every action, also for the extra cost of a free attempt (Arts).
"""

import pytest

from civgame.ai import play_game, random_agents
from civgame.engine.core.actions import InfluenceCulture
from civgame.engine.core.model import Game, Player
from civgame.engine.rules import happiness, influence
from civgame.engine.rules.influence import SETTLEMENT, _takeover, _why_not_from, sources, why_not_reach, why_not_target

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


def plain_raisable(game: Game, player: Player) -> list[int]:
    return [c.id for c in game.cities_of(player.index) if happiness.why_not_raise(game, player.index, c.id) is None]


class Comparer:
    def __init__(self) -> None:
        self.attempts_found = self.raisable_found = 0

    def __call__(self, game: Game, _action: object) -> None:
        if game.phase != "play" or game.pending or game.combat is not None:
            return
        player = game.player(game.current)
        for extra in EXTRA_COSTS:
            expected = plain_attempts(game, player, extra)
            assert influence.attempts(game, player, extra) == expected, f"attempts at step {len(game.history)}"
            self.attempts_found += bool(expected)
        expected_cities = plain_raisable(game, player)
        assert [c.id for c in happiness.raisable(game, player.index)] == expected_cities
        assert happiness.can_raise_any(game, player.index) == bool(expected_cities)
        self.raisable_found += bool(expected_cities)


@pytest.mark.parametrize("seeds", [(1, 2, 3), (101, 102, 103)])
def test_fast_influence_and_happiness_listings_match_the_plain_ones(seeds: tuple[int, ...]) -> None:
    comparer = Comparer()  # (attempts are rare in random games: a few games together list some)
    for seed in seeds:
        players = 4 if seed < 100 else 2 + seed % 3
        play_game(players, seed, random_agents(players, seed), observer=comparer)
    assert comparer.attempts_found and comparer.raisable_found  # both were compared where they list something
