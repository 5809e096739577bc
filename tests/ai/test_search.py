"""How Normal and Hard weigh their search against their one-step ranking."""

import time
from dataclasses import replace

from civgame.ai import agents
from civgame.ai.agents import HARD_SEARCH, NORMAL_SEARCH, SearchAgent
from civgame.ai.fairness import determinise
from civgame.games.clash import legal_actions
from civgame.games.clash.core.actions import Collect, EndTurn, FoundCity, StartMove
from tests.ai.test_fairness import game_in_progress

# One sample only: what a search gets from a processor busy with other work.
ONE_SAMPLE = replace(NORMAL_SEARCH, budget=60.0, max_samples=1)


def test_one_random_continuation_does_not_overrule_a_clear_ranking():
    game = game_in_progress(2, steps=80)  # a settler may found a city
    actions = legal_actions(game)
    ranked_first = SearchAgent(7, replace(ONE_SAMPLE, prior=1e6)).choose(game, actions)
    assert isinstance(ranked_first, FoundCity)
    assert SearchAgent(7, replace(ONE_SAMPLE, prior=0.0)).choose(game, actions) != ranked_first
    # Hard's planned ranking at step 80 values founding the city and collecting alike (the same two
    # actions in either order), so there a sample rightly breaks the tie; at step 70 its plan is clear.
    for settings, steps in ((NORMAL_SEARCH, 80), (HARD_SEARCH, 70)):
        position = game_in_progress(2, steps)
        one_sample = replace(settings, budget=60.0, max_samples=1)
        own_ranking_first = SearchAgent(7, replace(one_sample, prior=1e6)).choose(position, legal_actions(position))
        assert SearchAgent(7, one_sample).choose(position, legal_actions(position)) == own_ranking_first


def test_a_sampled_world_the_rules_fail_in_is_left_out_and_the_ranking_decides(monkeypatch):
    game = game_in_progress(2, steps=80)
    actions = legal_actions(game)
    ranked_first = SearchAgent(7, replace(ONE_SAMPLE, prior=1e6)).choose(game, actions)

    def failing_playout(*args: object) -> int:
        raise ValueError("a decision names a card that the hand dealt anew does not hold")

    monkeypatch.setattr(agents, "playout", failing_playout)
    assert SearchAgent(7, replace(ONE_SAMPLE, prior=0.0)).choose(game, actions) == ranked_first


def test_hard_values_each_candidate_by_the_best_line_of_its_own_turn():
    game = game_in_progress(2, steps=70)  # the player to act has actions left this turn
    actions = legal_actions(game)
    ranking_only = replace(HARD_SEARCH, budget=60.0, max_samples=1, prior=1e6, planned=0)
    one_step_first = SearchAgent(7, ranking_only).choose(game, actions)
    planned_first = SearchAgent(7, replace(ranking_only, planned=HARD_SEARCH.planned)).choose(game, actions)
    # One step ahead, opening a move looks best; planned, a Collect followed by the best of the turn's
    # remaining actions does.
    assert isinstance(one_step_first, StartMove)
    assert isinstance(planned_first, Collect)


def test_a_candidate_after_which_the_turn_passes_keeps_its_one_step_value():
    game = game_in_progress(2, steps=80)
    end_turn = next(a for a in legal_actions(game) if isinstance(a, EndTurn))
    agent = SearchAgent(7, HARD_SEARCH)
    view = determinise(game, game.actor(), agent.rng)
    ranked = [(0.5, end_turn)]
    assert agent.search._plan(view, game.actor(), ranked, time.perf_counter() + 60.0) == ranked
