"""The framework drives a game it was not written for: rule book, refusals, play loop and search."""

import random
import time
from dataclasses import replace

import pytest

from civgame.framework.errors import RuleError
from civgame.framework.invariants import InvariantBroken, InvariantChecker
from civgame.framework.play import GameRunError, UniformRandomAgent, play_out
from civgame.framework.search import FlatMonteCarlo, SearchSettings, rank
from tests.framework.toy import DEFINITION, LOOKAHEAD, Nim, Take


def test_the_rule_book_lists_and_applies_the_game_s_actions():
    game = DEFINITION.new_game(2, 5)
    assert DEFINITION.legal_actions(game) == [Take(1), Take(2), Take(3)]
    DEFINITION.apply(game, Take(3))
    assert (game.stones, game.current) == (2, 1)
    assert DEFINITION.legal_actions(game) == [Take(1), Take(2)]


def test_an_illegal_action_is_refused_with_the_rule_and_changes_nothing():
    game = Nim(stones=2)
    with pytest.raises(RuleError, match="take 1 to 2 stones"):
        DEFINITION.apply(game, Take(3))
    assert (game.stones, game.current, game.history) == (2, 0, [])
    assert DEFINITION.why_illegal(game, Take(3)) == "take 1 to 2 stones"
    assert DEFINITION.why_illegal(game, Take(2)) is None


def test_random_agents_play_a_game_to_its_end_the_same_way_each_time():
    def played(seed: int) -> list[object]:
        game = play_out(DEFINITION, Nim(stones=21), [UniformRandomAgent(f"{seed}:{i}") for i in range(2)], max_steps=50)
        assert DEFINITION.is_over(game) and DEFINITION.outcome(game).winners == (game.winner,)
        return game.history

    assert played(1) == played(1)
    assert played(1) != played(2) or played(1) != played(3)


def test_a_game_that_does_not_end_in_time_is_reported():
    with pytest.raises(GameRunError, match="did not end within 3 actions"):
        play_out(DEFINITION, Nim(stones=21), [UniformRandomAgent(0), UniformRandomAgent(1)], max_steps=3)


def test_a_game_past_the_games_long_game_mark_is_saved_for_study_once_and_said_where(tmp_path, capsys):
    nim = replace(DEFINITION, long_game_actions=3)
    game = play_out(nim, Nim(stones=21), [UniformRandomAgent(0), UniformRandomAgent(1)], max_steps=50, study=tmp_path)
    assert nim.is_over(game)
    (saved,) = tmp_path.iterdir()
    assert saved.name.startswith("nim-3-actions-")
    assert capsys.readouterr().err == f"The game has gone on for 3 actions; it is saved for study in {saved}\n"
    assert nim.loads(saved.read_text(), str(saved)).history == game.history[:3]


def test_a_game_given_up_says_where_it_was_saved_for_study(tmp_path):
    nim = replace(DEFINITION, long_game_actions=2)
    with pytest.raises(GameRunError, match=f"did not end within 3 actions; it was saved for study in {tmp_path}"):
        play_out(nim, Nim(stones=21), [UniformRandomAgent(0), UniformRandomAgent(1)], max_steps=3, study=tmp_path)


def test_one_step_ranking_finds_the_winning_take():
    game = Nim(stones=3)
    ranked = rank(LOOKAHEAD, game, 0, DEFINITION.legal_actions(game), random.Random(0))
    assert ranked[0][1] == Take(3)


def test_ranking_with_no_action_left_ranks_nothing():
    game = Nim(stones=0)
    assert rank(LOOKAHEAD, game, 0, DEFINITION.legal_actions(game), random.Random(0)) == []


@pytest.mark.parametrize("seed", range(4))
def test_where_one_step_sees_no_difference_the_samples_find_the_take_that_leaves_four(seed):
    game = Nim(stones=5)  # taking 1 leaves the opponent 4: whatever they take, the last stones are ours
    settings = SearchSettings(budget=60.0, candidates=3, playout_steps=20, max_samples=300)
    search = FlatMonteCarlo(LOOKAHEAD, settings, random.Random(seed))
    view, ranked = search.ranked(game, 0, DEFINITION.legal_actions(game), time.perf_counter())
    assert [round(value) for value, _ in ranked] == [0, 0, 0]
    assert search.choose_among(game, view, 0, ranked, float("inf")) == Take(1)


def _play(definition, observer):
    return play_out(
        definition, Nim(stones=9), [UniformRandomAgent(0), UniformRandomAgent(1)], max_steps=20, observer=observer
    )


def test_the_invariant_checker_stops_a_game_at_the_first_broken_invariant():
    checker = InvariantChecker(DEFINITION, "nim", save_at_step=2)
    assert DEFINITION.is_over(_play(DEFINITION, checker)) and checker.saved
    broken = replace(DEFINITION, check_invariants=lambda game: ["too few stones"] if game.stones < 5 else [])
    with pytest.raises(InvariantBroken, match="too few stones"):
        _play(broken, InvariantChecker(broken, "nim"))


def test_the_invariant_checker_finds_an_action_listed_twice():
    doubled = replace(DEFINITION, legal_actions=lambda game: [*DEFINITION.legal_actions(game), Take(1)])
    with pytest.raises(InvariantBroken, match="listed twice"):
        _play(doubled, InvariantChecker(doubled, "nim"))


def test_the_invariant_checker_finds_a_save_that_does_not_load_back():
    lossy = replace(DEFINITION, loads=lambda text, source: Nim(stones=9))
    with pytest.raises(InvariantBroken, match="does not load back"):
        _play(lossy, InvariantChecker(lossy, "nim", save_at_step=1))
