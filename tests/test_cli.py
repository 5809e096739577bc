"""The command line: headless games with score tables, saves, the window placeholder, errors."""

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from civgame.cli import main
from civgame.games.clash.rules.base.endings import describe_end
from civgame.games.clash.rules.base.scoring import CATEGORIES, score_sheet
from civgame.games.clash.storage.save import load_game

REPO_ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_headless_game_prints_every_category_total_and_winner(capsys, tmp_path):
    save = tmp_path / "end.yaml"
    code, out, err = run(
        capsys, "--headless", "--quiet", "--players", "3", "--seed", "7", "--agents", "random", "--save", str(save)
    )
    assert code == 0 and err == ""
    game = load_game(save)
    assert game.phase == "over"
    lines = out.splitlines()
    assert lines[0].startswith("Game over after age") and "(seed 7)" in lines[0]
    assert lines[1] == describe_end(game) != ""
    assert lines[2].split() == [
        "Player",
        "city",
        "pieces",
        "advances",
        "objectives",
        "wonders",
        "events",
        "leaders",
        "total",
    ]
    for player in game.players:
        row = next(line for line in lines if line.startswith(player.name))
        sheet = score_sheet(game, player.index)
        assert row[len(player.name) :].split() == [f"{sheet[c]:g}" for c in (*CATEGORIES, "total")]
    winners = " and ".join(game.player(i).name for i in game.winner)
    assert f"Winner: {winners}" in lines
    assert lines[-1] == f"Saved to {save}"


def test_the_same_seed_prints_the_same_game_and_another_seed_another(capsys):
    first = run(capsys, "--headless", "--quiet", "--players", "2", "--seed", "11")
    second = run(capsys, "--headless", "--quiet", "--players", "2", "--seed", "11")
    other = run(capsys, "--headless", "--quiet", "--players", "2", "--seed", "12")
    assert first == second
    assert first[1] != other[1]


def test_the_no_events_variant_plays_only_the_icons(capsys, tmp_path):
    save = tmp_path / "end.yaml"
    code, _, err = run(
        capsys, "--headless", "--quiet", "--players", "2", "--seed", "5", "--events", "no_events", "--save", str(save)
    )
    game = load_game(save)
    assert code == 0 and err == "" and game.event_variant == "no_events"
    assert any(" draws the event " in line for line in game.log)


def test_a_saved_game_can_be_finished_from_the_save(capsys, tmp_path):
    save = tmp_path / "g.yaml"
    run(capsys, "--headless", "--players", "2", "--seed", "4", "--save", str(save))
    code, out, _err = run(capsys, "--headless", "--load", str(save))
    assert code == 0 and "Winner:" in out and "(seed 4)" in out


def test_mods_in_the_window_are_chosen_on_the_new_game_screen(capsys, tmp_path):
    code, out, err = run(capsys, "--rules", str(tmp_path))
    assert code == 1 and out == ""
    assert err == "civgame: mods in the window are chosen on the new-game screen; --rules applies to --headless play\n"


def test_screenshot_of_a_new_game_and_of_a_save(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    fresh = tmp_path / "fresh.png"
    code, out, _ = run(capsys, "--screenshot", str(fresh), "--players", "3", "--seed", "2")
    assert code == 0 and fresh.stat().st_size > 10_000 and f"Screenshot written to {fresh}" in out
    save = tmp_path / "g.yaml"
    run(capsys, "--headless", "--players", "2", "--seed", "4", "--save", str(save))
    shot = tmp_path / "end.png"
    code, out, _ = run(capsys, "--screenshot", str(shot), "--state", str(save))
    assert code == 0 and shot.stat().st_size > 10_000
    code, _, err = run(capsys, "--screenshot", str(shot), "--state", str(tmp_path / "missing.yaml"))
    assert code == 1 and err.startswith("civgame: ")


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--headless", "--players", "x"], "argument --players: invalid int value: 'x'"),
        (["--headless", "--agents", "genius"], "argument --agents: unknown computer level(s) 'genius'"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(capsys, argv, message):
    with pytest.raises(SystemExit) as info:
        main(argv)
    _out, err = capsys.readouterr()
    assert info.value.code == 2
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--headless", "--players", "5"], "civgame: Clash of Cultures: Monumental Edition is played by 2-4 players\n"),
        (
            ["--headless", "--load", "/nonexistent/save.yaml"],
            "civgame: /nonexistent/save.yaml: cannot read the file (No such file or directory)\n",
        ),
    ],
)
def test_errors_give_one_line_and_exit_1(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (1, "", message)


def test_a_corrupt_save_gives_one_line_and_exit_1(capsys, tmp_path):
    save = tmp_path / "bad.yaml"
    save.write_text("format: civgame-save\nversion: 1\nruleset: monumental\ngame: !!python/object:os.system {}\n")
    code, out, err = run(capsys, "--headless", "--load", str(save))
    assert code == 1 and out == ""
    assert err.startswith(f"civgame: {save}: line 4: not valid save YAML") and err.count("\n") == 1


def test_an_unwritable_save_path_gives_one_line_and_exit_1(capsys, tmp_path):
    code, _out, err = run(
        capsys, "--headless", "--quiet", "--players", "2", "--save", str(tmp_path / "no" / "dir" / "g.yaml")
    )
    assert code == 1 and "cannot write the save" in err and err.count("\n") == 1


def test_python_dash_m_civgame_runs_the_same_command_line():
    result = subprocess.run(
        [sys.executable, "-m", "civgame", "--headless", "--quiet", "--players", "2", "--seed", "3"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Winner:" in result.stdout and result.stderr == ""


def test_without_a_display_the_window_explains_what_to_do(capsys, monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    code, out, err = run(capsys)
    assert code == 1 and out == ""
    assert "there is no display to open a window on" in err and "--headless" in err


def test_an_unexpected_error_is_one_line_and_its_traceback_goes_to_the_log(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")

    def broken(args):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("civgame.cli._play_headless", broken)
    code, out, err = run(capsys, "--headless")
    log = tmp_path / "civgame" / "civgame.log"
    assert code == 1 and out == ""
    assert err == f"civgame: unexpected error: ZeroDivisionError('boom'); details in {log}\n"
    assert "Traceback" in log.read_text() and "ZeroDivisionError: boom" in log.read_text()


def test_agents_names_a_level_per_seat_and_the_save_records_them(capsys, tmp_path):
    save = tmp_path / "end.yaml"
    code, _out, err = run(
        capsys, "--headless", "--quiet", "--players", "2", "--seed", "3", "--agents", "easy,random", "--save", str(save)
    )
    assert code == 0 and err == ""
    assert [p.seat for p in load_game(save).players] == ["easy", "random"]


def test_a_loaded_game_goes_on_with_the_levels_its_save_records(capsys, tmp_path):
    from civgame.ai import play_steps, random_agents
    from civgame.games.clash.rules.flow.setup import new_game
    from civgame.games.clash.storage.save import save_game

    game = play_steps(new_game(2, 4), random_agents(2, 4), 30)
    game.players[0].seat, game.players[1].seat = "easy", "human"
    save_game(game, tmp_path / "mid.yaml")
    code, _out, err = run(
        capsys, "--headless", "--quiet", "--load", str(tmp_path / "mid.yaml"), "--save", str(tmp_path / "end.yaml")
    )
    assert code == 0 and err == ""
    # The computer keeps its level; the person's seat is played at random without a window.
    assert [p.seat for p in load_game(tmp_path / "end.yaml").players] == ["easy", "random"]


def test_agents_must_name_one_level_or_one_per_seat(capsys):
    code, _out, err = run(capsys, "--headless", "--players", "3", "--agents", "easy,random")
    assert code == 1
    assert err == "civgame: 2 computer levels for 3 players: give one per seat, or one for all\n"


def test_a_save_whose_names_hold_control_characters_is_refused_with_them_escaped(capsys, tmp_path):
    from civgame.games.clash.rules.flow.setup import new_game
    from civgame.games.clash.storage.save import save_game

    path = tmp_path / "names.yaml"
    save_game(new_game(["\x1b[2J\x1b[31mRed", "Bob"], 3), path)
    code, out, err = run(capsys, "--headless", "--load", str(path))
    assert code != 0
    assert "\x1b" not in out + err
    assert "game.players[0].name: text holding the character \\x1b, which cannot be shown" in err


def test_a_headless_game_reports_its_progress_on_stderr_unless_quiet(capsys):
    code, out, err = run(capsys, "--headless", "--players", "2", "--seed", "4")
    lines = err.splitlines()
    assert code == 0 and "Winner:" in out
    assert re.fullmatch(r"civgame: age 1, round 1, 1 actions, \d+:\d\d elapsed", lines[0])
    assert any(line.startswith("civgame: age 1, status phase, ") for line in lines)
    assert any(line.startswith("civgame: age 2, round 1, ") for line in lines)
    assert re.fullmatch(r"civgame: game over: age \d, \d+ actions, \d+:\d\d elapsed", lines[-1])
    assert run(capsys, "--headless", "--quiet", "--players", "2", "--seed", "4") == (0, out, "")


def test_progress_counts_the_time_taken_and_rewrites_one_line_on_a_terminal():
    from civgame.ai import play_steps, random_agents
    from civgame.cli import Progress
    from civgame.games.clash.rules.flow.setup import new_game

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    times = iter([100.0, 100.5, 225.0])
    stream = Terminal()
    progress = Progress(stream, clock=lambda: next(times))
    game = play_steps(new_game(2, 4), random_agents(2, 4), 3)
    progress(game, None)
    progress(game, None)  # the same round: nothing new
    progress.done(game)
    assert stream.getvalue() == (
        f"\rcivgame: age 1, round {game.round}, 3 actions, 0:00 elapsed\x1b[K"
        f"\rcivgame: stopped: age 1, round {game.round}, 3 actions, 2:05 elapsed\x1b[K\n"
    )


def test_help_says_the_game_is_played_alone_against_computers_or_with_friends(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "play alone against computer players, or with friends taking turns at one computer or over" in text
    assert "hot-seat" not in text and "--quiet" in text
