"""`civgame --game sid-meier`: headless play to a winner, saves, and `civgame validate-rules` on this game's
data. (That the same seed plays the same game through the same code is in test_random_games.)"""

from __future__ import annotations

from civgame.cli import main
from civgame.games.sidmeier.content.ruleset import DEFAULT_FOLDER


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_headless_game_prints_the_winner_and_why(capsys, tmp_path):
    save = tmp_path / "game.yaml"
    code, out, err = run(
        capsys,
        "--game",
        "sid-meier",
        "--headless",
        "--players",
        "2",
        "--seed",
        "1",
        "--agents",
        "random",
        "--save",
        str(save),
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Sid Meier's Civilization: The Board Game: game over")
    winner = next(line for line in lines if line.startswith("Winner: "))
    reason = next(line for line in lines if line.startswith("Reason: "))
    assert "victory" in reason and winner != "Winner: none"
    loaded = run(capsys, "--game", "sid-meier", "--headless", "--load", str(save))
    assert loaded[0] == 0 and winner in loaded[1] and reason in loaded[1]


def test_a_long_headless_game_is_saved_for_study_where_it_is_told(capsys, tmp_path, monkeypatch):
    from dataclasses import replace

    from civgame import games

    sid_meier = games.definition("sid-meier")
    monkeypatch.setattr(games, "definition", lambda game_id: replace(sid_meier, long_game_actions=60))
    study = tmp_path / "long games"
    code, _out, err = run(capsys, "--game", "sid-meier", "--headless", "--players", "2", "--study-folder", str(study))
    (saved,) = study.iterdir()
    assert code == 0 and f"The game has gone on for 60 actions; it is saved for study in {saved}" in err
    assert len(sid_meier.loads(saved.read_text(), str(saved)).history) == 60


def test_each_seat_plays_at_the_computer_level_agents_names(capsys, monkeypatch):
    import civgame.framework.play as play

    seated = []

    def record(definition, game, agents, **kwargs):
        seated.extend(type(getattr(agent, "agent", agent)).__name__ for agent in agents)  # (under its circle guard)
        game.phase = "over"  # (the levels themselves are tested in tests/ai)
        return game

    monkeypatch.setattr(play, "play_out", record)
    run(capsys, "--game", "sid-meier", "--headless", "--players", "4", "--agents", "hard,easy,random,normal")
    assert seated == ["SearchAgent", "EasyAgent", "KindRandomAgent", "SearchAgent"]


def test_agents_for_a_different_number_of_seats_are_refused(capsys):
    code, _out, err = run(capsys, "--game", "sid-meier", "--headless", "--players", "2", "--agents", "hard,easy,easy")
    assert code == 1 and "sid-meier's computer players are random, easy, normal, hard" in err


def test_a_corrupt_save_gives_one_line(capsys, tmp_path):
    save = tmp_path / "bad.yaml"
    save.write_text("format: civgame-save\ngame_id: sid-meier\nversion: 1\ngame: {}\n")
    code, _out, err = run(capsys, "--game", "sid-meier", "--headless", "--load", str(save))
    assert code == 1 and len(err.splitlines()) == 1 and "game." in err


def test_validate_rules_recognises_and_checks_this_games_data(capsys, tmp_path):
    code, out, _err = run(capsys, "validate-rules", str(DEFAULT_FOLDER))
    assert code == 0 and out.startswith("OK: Sid Meier's Civilization rules")
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "huts.yaml").write_text("huts:\n  count: 999\n")
    code, out, _err = run(capsys, "--game", "sid-meier", "validate-rules", str(mod))
    assert code == 1 and out.strip().endswith("huts: the pool holds fewer than 999")
    assert "huts.yaml:2:" in out
