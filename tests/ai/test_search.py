"""How Normal and Hard weigh their search against their one-step ranking."""

import math
import time
from dataclasses import replace

from civgame.ai import agents
from civgame.ai.agents import HARD_SEARCH, NORMAL_SEARCH, SearchAgent
from civgame.ai.fairness import determinise
from civgame.framework import search
from civgame.games.clash import apply, legal_actions
from civgame.games.clash.core.actions import Advance, Collect, EndTurn, FoundCity, StartMove
from civgame.games.clash.rules.flow.setup import new_game
from tests.ai.test_fairness import game_in_progress

# One sample only: what a search gets from a processor busy with other work.
ONE_SAMPLE = replace(NORMAL_SEARCH, budget=60.0, max_samples=1)


def test_one_random_continuation_does_not_overrule_a_clear_ranking():
    game = game_in_progress(2, steps=80)  # a settler may found a city
    actions = legal_actions(game)
    ranked_first = SearchAgent(7, replace(ONE_SAMPLE, prior=1e6)).choose(game, actions)
    assert isinstance(ranked_first, FoundCity)
    # without the prior, some single random continuation overrules the ranking (so the prior matters)
    unweighted = replace(ONE_SAMPLE, prior=0.0)
    assert any(SearchAgent(seed, unweighted).choose(game, actions) != ranked_first for seed in range(7, 17))
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
    game = game_in_progress(2, steps=59)  # the player to act has actions left this turn
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
    assert agent.search._plan(view, game.actor(), ranked, time.perf_counter() + 60.0, 1, 2) == ranked


# ---------------------------------------------------------------- the pace: counted work, a budget per turn


def test_a_busy_processor_does_not_change_the_choice(monkeypatch):
    """Normal and Hard count their samples instead of timing them: the same seed, the same choice."""
    game = game_in_progress(2, steps=80)
    actions = legal_actions(game)
    for settings in (replace(NORMAL_SEARCH, max_samples=20), replace(HARD_SEARCH, max_samples=20)):
        idle = SearchAgent(7, settings).choose(game, actions)
        clock = iter(range(0, 10**9, 1000))  # every look at the clock: another 1000 s gone
        monkeypatch.setattr(search.time, "perf_counter", lambda clock=clock: float(next(clock)))
        assert SearchAgent(7, settings).choose(game, actions) == idle
        monkeypatch.undo()


def test_a_turn_s_samples_are_shared_out_and_renewed_each_turn():
    game = game_in_progress(2, steps=80)
    budget = agents.TurnBudget(100)
    assert budget.allot(game) == 50
    budget.spend(50)
    assert budget.allot(game) == 25
    budget.spend(60)
    assert budget.allot(game) == 0  # the turn's samples are spent: the ranking decides
    game.round += 1
    assert budget.allot(game) == 50
    assert agents.TurnBudget(None).allot(game) is None


def test_a_turn_of_a_larger_game_has_fewer_samples_by_the_square_of_the_players_ratio():
    two, three, four = new_game(2, 5), new_game(3, 5), game_in_progress(5, steps=10)
    budget = agents.TurnBudget(450, players=2)
    assert [budget.for_game(game) for game in (two, three, four)] == [450, 200, 113]
    assert budget.allot(four) == 57
    assert agents.TurnBudget(450).for_game(four) == 450  # without a size set for: the same in any game
    # Hard's turn budget is set for 2 players: in a 2-player game it searches as much as ever.
    assert agents.TurnBudget(HARD_SEARCH.turn_samples, HARD_SEARCH.budgeted_players).for_game(two) == 450


def test_a_searching_player_of_a_larger_game_keeps_to_its_smaller_budget():
    settings = replace(NORMAL_SEARCH, max_samples=8, turn_samples=8)
    sampled = _sampled_per_turn(replace(settings, budgeted_players=2), 3, steps=25)  # a 4-player game
    assert max(sampled) <= 2 and sum(sampled) > 0
    assert max(_sampled_per_turn(settings, 3, steps=25)) > 2


def test_a_larger_game_plans_fewer_candidates_less_deep():
    two, three, four = new_game(2, 5), new_game(3, 5), game_in_progress(5, steps=10)
    budget = agents.TurnBudget(HARD_SEARCH.turn_samples, HARD_SEARCH.budgeted_players)
    planned, depth = HARD_SEARCH.planned, HARD_SEARCH.plan_depth
    assert [budget.plan(game, planned, depth) for game in (two, three, four)] == [(6, 2), (3, 1), (2, 1)]
    assert agents.TurnBudget(450).plan(four, planned, depth) == (6, 2)  # without a size set for: the same


def test_a_searching_player_of_a_larger_game_plans_as_its_size_allows(monkeypatch):
    """Hard in a 4-player game plans 2 candidates, 1 action deep: no line of two follow-ups."""
    lines: list[int] = []
    real = search.FlatMonteCarlo._best_follow_up

    def counted(self, view, seat, action, deadline, depth):
        lines.append(depth)
        return real(self, view, seat, action, deadline, depth)

    monkeypatch.setattr(search.FlatMonteCarlo, "_best_follow_up", counted)
    game = game_in_progress(5, steps=10)
    player = SearchAgent(5, HARD_SEARCH)
    planned_decisions = 0
    for _ in range(12):
        before = len(lines)
        action = player.choose(game, legal_actions(game))
        planned_decisions += len(lines) > before
        assert len(lines) - before <= 2
        apply(game, action)
    assert planned_decisions > 0 and set(lines) == {1}


def _sampled_per_turn(settings, seed: int, steps: int) -> list[int]:
    """The samples a searching player took in each of its turns over `steps` actions of a game."""
    game = game_in_progress(seed, steps=10)
    player = SearchAgent(seed, settings)
    turns: dict[tuple[str, int, int, int], int] = {}
    for _ in range(steps):
        if game.phase == "over":
            break
        player.search.sampled = 0  # (a decision taken without search leaves the count as it was)
        action = player.choose(game, legal_actions(game))
        turn = (game.phase, game.age, game.round, game.current)
        turns[turn] = turns.get(turn, 0) + player.search.sampled
        apply(game, action)
    return list(turns.values())


def test_no_turn_takes_more_samples_than_its_budget():
    settings = replace(NORMAL_SEARCH, max_samples=4, turn_samples=6)
    sampled = _sampled_per_turn(settings, 3, steps=25)
    assert max(sampled) <= 6 and sum(sampled) > 0
    assert max(_sampled_per_turn(replace(settings, turn_samples=None), 3, steps=25)) > 6


def test_a_payment_is_settled_by_the_ranking_without_samples():
    game = game_in_progress(2, steps=80)
    game.player(game.actor()).resources.update(food=2, ideas=2, gold=2)
    pay_for = next(a for a in legal_actions(game) if isinstance(a, Advance))
    apply(game, Advance(pay_for.advance))  # a payment decision follows: which resources pay
    assert agents.settled_by_ranking(game) and len(legal_actions(game)) > 2
    player = SearchAgent(7, NORMAL_SEARCH)
    player.choose(game, legal_actions(game))
    assert player.search.sampled == 0


def test_a_decisive_ranking_takes_no_samples():
    game = game_in_progress(2, steps=80)
    actions = legal_actions(game)
    decisive = SearchAgent(7, replace(NORMAL_SEARCH, decisive=0.0))
    assert decisive.choose(game, actions) == SearchAgent(7, replace(NORMAL_SEARCH, prior=1e6)).choose(game, actions)
    assert decisive.search.sampled == 0
    searching = SearchAgent(7, NORMAL_SEARCH)
    searching.choose(game, actions)
    assert searching.search.sampled > 0


def test_hard_s_samples_play_fewer_random_actions_than_normal_s(monkeypatch):
    """Hard's samples are cheaper (8 random actions after the candidate, Normal's 12), so that its many
    more samples fit its turn's time (docs/measurements.md, Hard's pace)."""
    played: list[int] = []

    def counting(game, rng, steps):
        played.append(steps)
        return 0

    monkeypatch.setattr(agents, "playout", counting)
    game = game_in_progress(2, steps=80)
    seat = game.actor()
    for settings in (NORMAL_SEARCH, HARD_SEARCH):
        one_sample = replace(settings, max_samples=1, decisive=math.inf, planned=0)
        searching = SearchAgent(7, one_sample).search
        view, ranked = searching.ranked(game, seat, legal_actions(game), time.perf_counter())
        searching.choose_among(game, view, seat, ranked, math.inf)
    assert played[0] == 12 and played[-1] == 8  # Normal searched first, then Hard
