"""Tournaments and the weight fit in local worker processes or on Ray: the same seeds, the same games."""

import sys

import pytest

from bench import ai_fit
from civgame.ai import tournament
from civgame.ai.cluster import RayMissing, run_jobs
from civgame.ai.matches import Matchup
from civgame.ai.tournament import run_matchups

LINEUP = Matchup("Easy vs Random", ("easy", "random"), None)


def _games(results):
    return [(r.levels, r.totals, r.winners, r.sheets, r.objectives, r.wonders) for r in results]


def _square(x: int) -> int:
    return x * x


@pytest.mark.parametrize("workers", [1, 2])
def test_every_job_is_answered_with_its_own_index(workers):
    assert sorted(run_jobs(_square, [(n,) for n in range(5)], workers)) == [(n, n * n) for n in range(5)]


def test_asking_for_ray_without_ray_installed_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if it were not installed
    with pytest.raises(RayMissing, match=r"pip install -e '\.\[ray\]'"):
        list(run_jobs(_square, [(2,)], 1, "local"))
    with pytest.raises(SystemExit):
        tournament.main(["--lineup", "random,random", "--games", "1", "--ray", "local"])
    assert "needs Ray" in capsys.readouterr().err


def test_the_same_seeds_give_the_same_games_locally_and_on_a_local_ray_instance():
    ray = pytest.importorskip("ray")
    local = run_matchups([LINEUP], games=2, workers=2, first_seed=3)
    # One instance for both (starting one takes a while): the runs use the instance they find.
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_matchups([LINEUP], games=2, workers=2, first_seed=3, ray_address="local")
        fit_on_ray = ai_fit.collect([1, 2], workers=2, ray_address="local")
        assert ray.is_initialized()  # (an instance the run did not start is left running)
    finally:
        ray.shutdown()
    assert _games(on_ray) == _games(local)
    assert fit_on_ray == ai_fit.collect([1, 2], workers=1)
