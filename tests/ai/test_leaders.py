"""Leaders in the computer players' play: they close in on an enemy leader their armies could beat
(a killed leader is captured, 2 VP), keep their own out of enemy reach, and value a move by the
best moves it allows rather than by random ones."""

import random
from dataclasses import replace

import pytest

from civgame.ai.agents import HeuristicAgent, lookahead, rank
from civgame.ai.evaluation import FORESIGHTED, enemy_leaders_in_reach, leader_exposure, value
from civgame.framework.search import best_valued
from civgame.games.clash.core.actions import MoveUnits, StartMove
from civgame.games.clash.core.hexgrid import distance
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from tests.scenario import Scenario

REACH = FORESIGHTED.leader_reach


def _leader_near_armies(leader_at: str, seed: int = 1) -> Scenario:
    """Player 0's city E4 holds three infantry and it has Tactics, nothing to spend; player 1's
    leader stands alone at `leader_at`, player 1's city C2 three spaces off is held by four
    infantry (not a city to take)."""
    s = Scenario(2, seed=seed).reveal_all()
    s.city(0, "E4")
    s.city(1, "C2")
    s.units(1, "infantry", "C2", 4)
    s.advances(0, "Tactics")
    s.units(0, "infantry", "E4", 3)
    s.unit(1, "leader", leader_at)
    s.player(1).leader = "Augustus"
    s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0)
    return s.turn(0)


def test_an_enemy_leader_the_armies_outnumber_counts_more_the_nearer_they_stand():
    assert enemy_leaders_in_reach(_leader_near_armies("E5").game, 0, REACH) == pytest.approx(1.0)
    assert enemy_leaders_in_reach(_leader_near_armies("E6").game, 0, REACH) == pytest.approx((REACH - 1) / REACH)
    guarded = _leader_near_armies("E6")
    guarded.units(1, "infantry", "E6", 3)  # as many armies as player 0's three: not outnumbered
    assert enemy_leaders_in_reach(guarded.game, 0, REACH) == 0
    assert enemy_leaders_in_reach(guarded.game, 1, REACH) == 0  # a player's own leader is no target


def test_a_leader_is_exposed_by_the_enemy_armies_within_reach_beyond_its_guards():
    s = _leader_near_armies("E5")
    reach = FORESIGHTED.exposure_reach
    assert leader_exposure(s.game, 1, reach) == 3 - 1  # three infantry against the leader itself
    assert leader_exposure(s.game, 0, reach) == 0  # no leader of its own
    s.units(1, "infantry", "E5", 2)
    assert leader_exposure(s.game, 1, reach) == 0
    hidden = replace(FORESIGHTED, leader_exposure=0.0, leader_in_reach=0.0)
    exposed = _leader_near_armies("E5").game
    assert value(exposed, 1, FORESIGHTED) - value(exposed, 1, hidden) == pytest.approx(-2 * FORESIGHTED.leader_exposure)
    assert value(exposed, 0, FORESIGHTED) - value(exposed, 0, hidden) == pytest.approx(FORESIGHTED.leader_in_reach)
    assert FORESIGHTED.leader_exposure > 0 and FORESIGHTED.leader_in_reach > 0


@pytest.mark.parametrize("seed", range(4))
def test_the_ranking_values_a_move_by_the_best_moves_it_allows(seed):
    s = _leader_near_armies("E6")
    look = lookahead(FORESIGHTED)
    ranked = rank(s.game, 0, legal_actions(s.game), random.Random(seed), FORESIGHTED)
    move_worth = next(worth for worth, action in ranked if isinstance(action, StartMove))
    moving = look.copy(s.game)
    apply(moving, StartMove())
    best = best_valued(look, moving, 0, random.Random(seed))
    assert best is not None
    first = best[1]
    assert isinstance(first, MoveUnits)
    apply(moving, first)
    assert move_worth >= look.value(moving, 0) - 0.01


def test_normal_s_armies_close_in_on_an_enemy_leader_they_outnumber():
    closer = 0
    for seed in range(10):
        moved_closer = False
        s = _leader_near_armies("E6", seed)
        leader = next(u for u in s.game.units if u.kind == "leader")
        player = HeuristicAgent(seed, FORESIGHTED)  # Normal's evaluation one step ahead
        while s.game.current == 0 or s.game.pending:
            action = player.choose(s.game, legal_actions(s.game))
            moved_closer |= isinstance(action, MoveUnits) and distance(action.to, leader.pos) < 2
            apply(s.game, action)
        closer += moved_closer
    assert closer >= 6  # 2 of 10 without the leader's worth in reach
