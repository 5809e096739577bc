"""The long-run commands (bench.soak, bench.fuzz) and the benchmark table work, on tiny runs.

Nothing here is timed: the benchmarks print their figures, they are not tests.
"""

from bench import fuzz, soak
from bench.common import Failure, Figure, percentile, table
from civgame.games.clash.rules.flow.setup import new_game


def test_soak_reports_games_actions_violations_and_crashes():
    report = soak.run(games=3, first_seed=10, jobs=1)
    assert report.games == 3 and report.actions > 100 and report.ok
    text = report.text()
    lines = (f"objectives  {report.objectives} completed", f"wonders     {report.wonders} built")
    for line in ("games       3", f"actions     {report.actions}", *lines, "violations  0", "crashes     0"):
        assert line in text
    assert report.cards.total() > 0 and f"cards       {report.cards.total()} action halves played: " in text


def test_soak_counts_the_action_halves_played_from_the_log():
    game = new_game(2, 1)
    game.log += ["Player 1 plays the action card Mercenaries", "Player 2 plays the action card Spy, paying 1 culture"]
    game.log += ["Player 1 plays the action card Mercenaries"]
    assert soak.cards_played(game) == {"Mercenaries": 2, "Spy": 1}


def test_soak_names_the_seed_of_a_game_that_broke_an_invariant(monkeypatch):
    monkeypatch.setattr(soak, "check_invariants", lambda game: ["a planted problem"] if len(game.history) == 5 else [])
    report = soak.run(games=2, first_seed=4, jobs=1)
    assert not report.ok and [r.seed for r in report.violations] == [4, 5]
    assert "violation: seed 4 (3 players, random agents): step 5, after" in report.text()
    assert "a planted problem" in report.text()


def test_soak_command_exit_status(capsys):
    assert soak.main(["--games", "2", "--jobs", "1", "--replay"]) == 0
    assert "violations  0" in capsys.readouterr().out


def test_fuzz_command_runs_numbered_cases_and_replays_one(capsys):
    assert fuzz.main(["--target", "rules", "--cases", "30", "--jobs", "1", "--seed", "5"]) == 0
    assert "rules: 30 cases" in capsys.readouterr().out
    assert fuzz.main(["--target", "rules", "--case", "7", "--seed", "5"]) == 0
    first = capsys.readouterr().out.splitlines()
    assert first[0].startswith("case 7: ") and first[2].startswith("  -> ")
    fuzz.main(["--target", "rules", "--case", "7", "--seed", "5"])
    assert capsys.readouterr().out.splitlines()[:2] == first[:2]  # the same number is the same case


def test_a_tag_that_imports_the_canary_counts_as_executed():
    import sys

    def loader_that_runs_code():
        import bench.canary  # noqa: F401  what an object-building tag would do

        return fuzz.Outcome("loaded")

    assert fuzz.checked(loader_that_runs_code).kind == "executed"
    assert "bench.canary" not in sys.modules


def test_a_case_that_runs_too_long_counts_as_a_hang(monkeypatch):
    monkeypatch.setattr(fuzz, "TIME_LIMIT", 0.2)

    def endless():
        while True:
            pass

    assert fuzz.checked(endless).kind == "hang"


def test_percentile_and_table():
    values = list(range(1, 101))
    assert percentile(values, 0.99) == 99 and percentile(values, 0.5) == 50 and percentile([7], 0.99) == 7
    text = table(
        [
            Figure("engine: game", 0.5, "s", 1.0, "8 games"),
            Figure("saves: size", 2048, "B"),
            Failure("render", "no display"),
        ]
    )
    lines = text.splitlines()
    assert lines[0].split() == ["figure", "value", "target", "met?"]
    assert lines[2].split() == ["engine:", "game", "500", "ms", "(8", "games)", "≤", "1", "s", "yes"]
    assert lines[3].split() == ["saves:", "size", "2.0", "KiB", "-", "-"]
    assert lines[4].endswith("FAILED: no display  -       NO")


def test_soak_deals_civilizations_to_every_other_pair_of_seeds():
    assert soak.civilizations_for(0, 3, "mixed") is not None and soak.civilizations_for(2, 3, "mixed") is None
    assert len(set(soak.civilizations_for(5, 4, "all") or [])) == 4 and soak.civilizations_for(5, 4, "none") is None
    report = soak.run(games=2, first_seed=0, jobs=1, replay=True, civs="all")
    assert report.ok and report.actions > 100
