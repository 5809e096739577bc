"""How Normal and Hard weigh their search against their one-step ranking."""

from dataclasses import replace

from civgame.ai import agents
from civgame.ai.agents import HARD_SEARCH, NORMAL_SEARCH, SearchAgent
from civgame.engine import legal_actions
from civgame.engine.core.actions import FoundCity
from tests.ai.test_fairness import game_in_progress

# One sample only: what a search gets from a processor busy with other work.
ONE_SAMPLE = replace(NORMAL_SEARCH, budget=60.0, max_samples=1)


def test_one_random_continuation_does_not_overrule_a_clear_ranking():
    game = game_in_progress(2, steps=80)  # a settler may found a city
    actions = legal_actions(game)
    ranked_first = SearchAgent(7, replace(ONE_SAMPLE, prior=1e6)).choose(game, actions)
    assert isinstance(ranked_first, FoundCity)
    assert SearchAgent(7, replace(ONE_SAMPLE, prior=0.0)).choose(game, actions) != ranked_first
    for settings in (NORMAL_SEARCH, HARD_SEARCH):
        one_sample = replace(settings, budget=60.0, max_samples=1)
        own_ranking_first = SearchAgent(7, replace(one_sample, prior=1e6)).choose(game, actions)
        assert SearchAgent(7, one_sample).choose(game, actions) == own_ranking_first


def test_a_sampled_world_the_rules_fail_in_is_left_out_and_the_ranking_decides(monkeypatch):
    game = game_in_progress(2, steps=80)
    actions = legal_actions(game)
    ranked_first = SearchAgent(7, replace(ONE_SAMPLE, prior=1e6)).choose(game, actions)

    def failing_playout(*args: object) -> int:
        raise ValueError("a decision names a card that the hand dealt anew does not hold")

    monkeypatch.setattr(agents, "playout", failing_playout)
    assert SearchAgent(7, replace(ONE_SAMPLE, prior=0.0)).choose(game, actions) == ranked_first
