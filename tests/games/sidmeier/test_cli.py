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


def test_only_the_random_player_plays_sid_meier(capsys):
    code, _out, err = run(capsys, "--game", "sid-meier", "--headless", "--players", "2", "--agents", "hard")
    assert code == 1 and "only the random computer player" in err


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
