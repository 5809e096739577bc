"""The evaluation's terms by weight name, Hard's fitted weights, and the script that fits them."""

import importlib.util
import random
from dataclasses import replace

import pytest

from bench import ai_fit
from bench.ai_fit import Position, fit, player_features, score, spearman
from civgame.ai.evaluation import EASY, FORESIGHTED, HARD_WEIGHTS, Weights, terms, value
from civgame.ai.hard_weights import WEIGHTS
from civgame.games.clash.rules.base.scoring import score_sheet
from tests.ai.test_fairness import game_in_progress
from tests.scenario import Scenario


def test_terms_count_each_holding_under_its_weight_name():
    s = Scenario(2).reveal_all().resources(0, food=2, gold=1)
    s.city(0, "E4", buildings={"temple": 0}, mood="happy")  # size 2
    s.city(0, "C4", mood="angry")
    s.unit(0, "settler", "C4")  # on its own city: no site for another
    s.units(0, "infantry", "E4", 3)
    s.unit(0, "ship", "F4")
    s.player(0).objective_cards = [1, 2]
    found = terms(s.game, 0, FORESIGHTED, every=True)
    # Round 1 of age 1: the whole game is still to play, so production terms count in full.
    expected = {
        "resources.food": 2,
        "resources.gold": 1,
        "action_card": 0,
        "objective_card": 2,
        "units.settler": 1,
        "units.ship": 1,
        "army_unit": 3,
        "settler_on_site": 0,
        "city": 2,
        "city_size": 1,
        "moods.happy": 1,
        "moods.angry": 1,
    }
    assert {name: found[name] for name in expected} == expected
    assert found["exposure"] == 0 and found["threat"] == 0


def test_a_costly_term_is_counted_only_while_it_has_a_weight():
    s = Scenario(2).reveal_all()
    s.city(0, "E4")
    assert "collectable" not in terms(s.game, 0, FORESIGHTED)
    assert "collectable" in terms(s.game, 0, replace(FORESIGHTED, collectable=1.0))


@pytest.mark.parametrize("weights", [EASY, FORESIGHTED, HARD_WEIGHTS], ids=["easy", "normal", "hard"])
def test_the_fit_sees_a_position_exactly_as_each_level_values_it(weights):
    game = game_in_progress(3, steps=200)
    for player in game.players:
        features = player_features(game, player.index)
        assert features[ai_fit.VP] == score_sheet(game, player.index)["total"]
        assert score(features, weights.flat) == pytest.approx(value(game, player.index, weights))


def test_hard_plays_with_the_weights_of_its_file_and_normal_s_for_the_rest():
    assert WEIGHTS and all(HARD_WEIGHTS.flat[name] == pytest.approx(worth) for name, worth in WEIGHTS.items())
    for name in set(FORESIGHTED.flat) - set(WEIGHTS):
        assert HARD_WEIGHTS.flat[name] == FORESIGHTED.flat[name]
    assert HARD_WEIGHTS.collect_prices == FORESIGHTED.resources  # a Collect priced as the fit priced it


def test_weights_name_only_terms_the_evaluation_counts():
    with pytest.raises(ValueError, match="no evaluation weight is named 'charisma'"):
        Weights.from_flat({"charisma": 1.0}, FORESIGHTED)
    unseen = Weights.from_flat({"resources.spice": 0.5}, FORESIGHTED)
    assert unseen.flat["resources.spice"] == 0.5 and unseen.flat["resources.food"] == FORESIGHTED.flat["resources.food"]


def test_the_fit_recovers_the_worth_that_decides_who_wins():
    """Two players; each wins with chance by exp(points + 2 x - y): the fit finds x worth about 2
    points and y about -1."""
    rng = random.Random(5)
    positions = []
    for seed in range(300):
        seats = [{"vp": rng.uniform(0, 3), "x": rng.uniform(0, 2), "y": rng.uniform(0, 2)} for _ in range(2)]
        strength = [s["vp"] + 2 * s["x"] - s["y"] for s in seats]
        first_wins = rng.random() < 1 / (1 + pow(2.718281828, strength[1] - strength[0]))
        positions.append(Position(seed, 0.5, seats, [0 if first_wins else 1], [1.0, 0.0]))
    fitted = fit(positions, steps=250)
    assert fitted["x"] == pytest.approx(2.0, abs=0.5) and fitted["y"] == pytest.approx(-1.0, abs=0.4)


def test_spearman_ranks_ties_by_their_mean():
    assert spearman([1, 2, 3], [10, 20, 30]) == pytest.approx(1.0)
    assert spearman([1, 2, 3], [30, 20, 10]) == pytest.approx(-1.0)
    assert spearman([1, 1, 2], [5, 5, 5]) == 0.0
    assert spearman([1, 1, 2], [1, 2, 3]) == pytest.approx(0.866, abs=1e-3)


def test_the_fitting_script_runs_end_to_end_and_writes_weights_the_evaluation_reads(tmp_path, monkeypatch, capsys):
    written = tmp_path / "hard_weights.py"
    monkeypatch.setattr(ai_fit, "WEIGHTS_FILE", written)
    monkeypatch.setattr(ai_fit, "STEPS", 60)
    assert ai_fit.main(["--train", "4", "--test", "2", "--workers", "1", "--write"]) == 0
    out = capsys.readouterr().out
    assert "held-out seeds 5-6" in out and "fitted" in out and "rank correlation" in out
    spec = importlib.util.spec_from_file_location("fitted_here", written)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    weights = Weights.from_flat(module.WEIGHTS, FORESIGHTED)
    assert module.WEIGHTS and all(weights.flat[name] == worth for name, worth in module.WEIGHTS.items())


def test_the_fit_s_games_deal_civilizations_so_leaders_are_seen():
    played = ai_fit.data_game(1)
    assert any(seat["leader"] > 0.0 for position in played for seat in position.features)
