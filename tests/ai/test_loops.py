"""Games that go in circles: a computer player backing out of an action and taking it again for ever is
broken off, and a game that still goes on past 1,000 actions is saved for study wherever games are
played to the end."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from civgame.ai import GameRunError, play_out
from civgame.ai.levels import make_agent
from civgame.ai.loops import LONG_GAME_ACTIONS, CircleGuard, position
from civgame.ai.random_agent import RandomAgent
from civgame.games.clash.core.actions import Action, Advance, CancelPayment, EndTurn, Pay, RaiseMood, StartHappiness
from civgame.games.clash.core.decisions import PayDecision
from civgame.games.clash.core.model import Game
from civgame.games.clash.storage.save import load_game
from tests.scenario import Scenario


class Wavering:
    """A computer player that misjudges payments: it takes an advance whenever it may, and cancels the
    payment it is then asked for."""

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        if game.pending and isinstance(game.pending[-1], PayDecision):
            return next(a for a in actions if isinstance(a, CancelPayment))
        return next((a for a in actions if isinstance(a, Advance)), next(a for a in actions if isinstance(a, EndTurn)))


def wavering_game() -> Scenario:
    """Player 1 may buy an advance in more than one way (2 food, or 1 food and 1 gold, or 2 gold)."""
    s = Scenario()
    s.city(0, "D2")
    s.city(1, "D7")
    s.resources(0, food=2, ideas=0, gold=2)
    return s


def test_a_player_cancelling_its_payment_for_ever_is_saved_for_study_and_given_up(tmp_path, capsys):
    s = wavering_game()
    with pytest.raises(GameRunError, match=f"its first {LONG_GAME_ACTIONS:,} actions are saved in {tmp_path}"):
        play_out(s.game, [Wavering(), RandomAgent(1)], max_steps=LONG_GAME_ACTIONS + 10, study=tmp_path)
    (saved,) = tmp_path.iterdir()
    assert f"it is saved for study in {saved}" in capsys.readouterr().err
    study = load_game(saved)
    assert len(study.history) == LONG_GAME_ACTIONS and study.turns_taken == 0  # the same turn throughout
    assert {entry["kind"] for entry in study.history} == {"advance", "cancel_payment"}


def test_the_guard_breaks_the_circle_the_player_would_go_round():
    s = wavering_game()
    guarded = CircleGuard(Wavering())
    start = position(s.game)
    for _ in range(40):
        if s.game.current != 0:
            break
        s.apply(guarded.choose(s.game, s.legal()))
    assert s.game.current == 1 and position(s.game) != start  # each advance was tried once, then the turn ended
    cancelled = [entry for entry in s.game.history if entry["kind"] == "cancel_payment"]
    advances = [entry["advance"] for entry in s.game.history if entry["kind"] == "advance"]
    assert len(cancelled) == len(advances) == len(set(advances))  # no advance taken twice from one position


def near_tie() -> Scenario:
    """Raising the mood of a city worth nothing more to a one-step evaluation costs 2 tokens, which may
    be paid in three ways: the computer players' choice between paying and cancelling is a near tie."""
    s = Scenario().reveal_all()
    city = s.city(0, "D2", mood="neutral", wonders=["colosseum"])
    s.city(1, "D7")
    s.resources(0, mood=2, culture=2)
    s.apply(StartHappiness())
    s.apply(RaiseMood(city.id))
    assert isinstance(s.game.pending[-1], PayDecision) and CancelPayment() in s.legal()
    return s


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_computer_player_pays_for_the_action_it_chose_instead_of_cancelling(level):
    s = near_tie()
    for seed in range(8):
        chosen = make_agent(level, f"loop:{seed}").choose(s.game, s.legal())
        assert isinstance(chosen, Pay), chosen


def test_every_thinking_level_is_guarded_against_circles():
    assert all(isinstance(make_agent(level, 1), CircleGuard) for level in ("easy", "normal", "hard"))
    assert isinstance(make_agent("random", 1), RandomAgent)  # random play does not keep choosing alike


@pytest.fixture
def long_after_60(monkeypatch):
    """Games count as long after 60 actions, so that a whole random game passes the mark."""
    import civgame.ai

    monkeypatch.setattr(civgame.ai, "LONG_GAME_ACTIONS", 60)


def test_the_headless_game_saves_a_long_game_where_it_is_told_and_says_where(long_after_60, tmp_path, capsys):
    from civgame.cli import main

    assert main(["--headless", "--players", "2", "--seed", "3", "--study-folder", str(tmp_path)]) == 0
    (saved,) = tmp_path.iterdir()
    assert f"it is saved for study in {saved}" in capsys.readouterr().err
    assert len(load_game(saved).history) == 60


def test_a_tournament_game_saves_a_long_game_in_the_study_folder(long_after_60, tmp_path):
    from civgame.ai.tournament import play_one

    play_one(("random", "random"), 3, study=tmp_path)
    assert [len(load_game(saved).history) for saved in tmp_path.iterdir()] == [60]


def test_a_forced_action_is_taken_at_once_without_noting_the_position(monkeypatch):
    s = wavering_game()
    noted = []
    monkeypatch.setattr("civgame.ai.loops.position", lambda game: noted.append(game) or "here")
    guarded = CircleGuard(Wavering())
    assert guarded.choose(s.game, [EndTurn()]) == EndTurn() and not noted
    guarded.choose(s.game, s.legal())
    assert noted
