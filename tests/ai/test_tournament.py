"""The tournament command: seat rotation, shared wins, the Elo table and the report."""

import json
import subprocess
import sys
from dataclasses import asdict, replace

import pytest

from civgame.ai import tournament
from civgame.ai.agents import NORMAL_SEARCH, SearchAgent
from civgame.ai.evaluation import HARD_WEIGHTS
from civgame.ai.loops import CircleGuard
from civgame.ai.matches import GameResult, Matchup, seating, win_share
from civgame.ai.tournament import (
    MATCHUPS,
    TARGETS,
    TRIAL_SEATS,
    TRIALS,
    CityChanges,
    elo,
    main,
    play_one,
    report,
    run_matchups,
    score_columns,
    tournament_game,
    wins_by_cities,
)
from civgame.games.clash import legal_actions
from civgame.games.clash.content.ruleset import DEFAULT_RULESET
from civgame.games.clash.core.model import BARBARIAN


def test_the_measured_level_changes_seat_every_game():
    lineup = ("normal", "easy", "easy", "easy")
    assert [seating(lineup, seed).index("normal") for seed in range(1, 5)] == [1, 2, 3, 0]
    assert sorted(seating(lineup, 3)) == sorted(lineup)


def test_a_game_records_levels_totals_winners_and_thinking_times():
    result = play_one(("random", "random"), 4)
    assert result.levels == ["random", "random"] and len(result.totals) == 2
    assert result.winners and max(result.totals) == result.totals[result.winners[0]]
    assert len(result.thinking["random"]) > 100


def test_tournament_games_give_out_civilizations_as_a_person_s_game_does_so_leaders_are_in_play():
    game = tournament_game(4, 3001)
    assert all(p.civilization for p in game.players)
    result = play_one(("random", "random"), 4)
    assert len(result.leaders_recruited) == 2 and len(result.cities_taken) == len(result.cities_lost) == 2


def test_the_score_table_counts_the_leaders_each_level_recruited():
    sheet = dict.fromkeys(("city_pieces", "advances", "objectives", "wonders", "events", "leaders"), 0.0)
    sheets = [{**sheet, "total": 0.0}, {**sheet, "total": 0.0}]
    recruited = GameResult(["hard", "normal"], [0.0, 0.0], [0, 1], sheets=sheets, leaders_recruited=[2, 0])
    older = GameResult(["hard", "normal"], [0.0, 0.0], [0, 1], sheets=sheets)  # a record from before the count
    row = next(line for line in score_columns([recruited, older]).splitlines() if line.startswith("leaders recruited"))
    assert row.split()[2:] == ["2.0", "(", "1/1", ")", "0.0", "(", "0/1", ")"]
    fought = replace(recruited, cities_taken=[1, 0], cities_lost=[0, 3])
    rows = score_columns([fought, fought, older]).splitlines()
    taken, lost = (next(line for line in rows if line.startswith(name)) for name in ("cities taken", "cities lost"))
    assert taken.split()[2:] == ["1.0", "(", "2/2", ")", "0.0", "(", "0/2", ")"]
    assert lost.split()[2:] == ["0.0", "(", "0/2", ")", "3.0", "(", "2/2", ")"]
    assert not any(line.startswith("cities") for line in score_columns([older]).splitlines())


def test_the_report_says_how_often_each_level_won_by_what_became_of_cities():
    sheet = dict.fromkeys(("city_pieces", "advances", "objectives", "wonders", "events", "leaders"), 0.0)
    sheets = [{**sheet, "total": 0.0}, {**sheet, "total": 0.0}]
    game = GameResult(["hard", "normal"], [0.0, 0.0], [0], sheets=sheets)
    took_and_won = replace(game, cities_taken=[1, 0], cities_lost=[0, 1])
    lost_and_lost = replace(game, winners=[1], cities_taken=[0, 1], cities_lost=[1, 0])
    quiet_and_won = replace(game, cities_taken=[0, 0], cities_lost=[0, 0])
    older = game  # a record from before the count: left out
    rows = {
        line[:15].strip(): line[15:].split()
        for line in wins_by_cities([took_and_won, lost_and_lost, quiet_and_won, older]).splitlines()[1:]
    }
    assert rows["took a city"] == ["1", "of", "1", "1", "of", "1"]
    assert rows["took none"] == ["1", "of", "2", "0", "of", "2"]
    assert rows["kept every city"] == ["2", "of", "2", "1", "of", "2"]
    assert rows["lost a city"] == ["0", "of", "1", "0", "of", "1"]


def test_a_game_counts_the_cities_each_player_took_and_lost_whoever_took_them():
    game = tournament_game(2, 3001)
    changes = CityChanges(game)
    first, second = game.cities_of(0)[0], game.cities_of(1)[0]
    pass_turn = legal_actions(game)[0]  # (the observer reads the cities, not the action)
    first.owner = 1  # taken in battle
    changes.see(game, pass_turn)
    assert (changes.taken, changes.lost) == ([0, 1], [1, 0])
    game.cities.remove(second)  # destroyed
    changes.see(game, pass_turn)
    assert (changes.taken, changes.lost) == ([0, 1], [1, 1])
    first.owner = BARBARIAN  # taken by barbarians: lost, and taken by no player
    changes.see(game, pass_turn)
    first.owner = 0  # taken back from the barbarians
    changes.see(game, pass_turn)
    assert (changes.taken, changes.lost) == ([1, 1], [1, 2])
    game.cities.append(replace(second, id=max(c.id for c in game.cities) + 1, owner=0))  # founded: neither
    changes.see(game, pass_turn)
    assert (changes.taken, changes.lost) == ([1, 1], [1, 2])


def test_every_seat_of_a_tournament_game_is_recorded_as_a_computer_player(monkeypatch):
    """(So that no computer player makes trade offers meant for people.)"""
    seats = []
    play_out = tournament.play_out

    def recording(game, agents, **options):
        seats.append([p.seat for p in game.players])
        return play_out(game, agents, **options)

    monkeypatch.setattr(tournament, "play_out", recording)
    play_one(("easy", "random"), 4)
    assert seats == [["easy", "random"]]  # seed 4 keeps the line-up's order (seat 4 % 2 = 0)
    assert set(TRIAL_SEATS) == set(TRIALS) and "human" not in TRIAL_SEATS.values()


def test_a_shared_first_place_is_a_share_of_a_win():
    result = GameResult(["normal", "easy", "easy"], [10.0, 10.0, 4.0], [0, 1])
    assert win_share(result, "normal") == 0.5
    assert win_share(result, "easy") == 0.5


def test_elo_puts_the_level_that_scores_more_above_and_random_at_1000():
    results = [
        GameResult(["normal", "random"], [12.0, 5.0], [0]),
        GameResult(["normal", "random"], [11.0, 6.0], [0]),
        GameResult(["normal", "random"], [7.0, 9.0], [1]),
        GameResult(["easy", "random"], [8.0, 8.0], [0, 1]),
    ]
    ratings = elo(results)
    assert round(ratings["random"]) == 1000
    assert ratings["normal"] > ratings["easy"] >= ratings["random"] - 1e-6
    assert list(ratings) == ["normal", "easy", "random"]  # best first


def test_the_report_checks_win_rates_against_their_targets():
    matchup = MATCHUPS["normal-random"]
    won = GameResult(list(matchup.lineup), [9.0, 3.0, 2.0, 1.0], [0], {"normal": [0.3, 0.4]}, {"normal": [2.5]})
    lost = GameResult(list(matchup.lineup), [1.0, 3.0, 2.0, 1.0], [1], {"normal": [0.35]}, {"normal": [4.0, 2.0]})
    lines = report([matchup], [won, lost]).splitlines()
    win_rate = next(line for line in lines if line.startswith("win rate: Normal vs three Random"))
    assert "50 %  (1 of 2 games; 95 %: 9-91 %)" in win_rate and "≥ 95 %" in win_rate and win_rate.endswith("NO")
    # Normal led by 6 points and trailed by 2: a mean lead of 2, give or take 1.96 x 5.66 / √2
    lead = next(line for line in lines if line.startswith("lead in points: Normal vs three Random"))
    assert "2 points  (± 7.8, 95 %)" in lead
    turn = next(line for line in lines if line.startswith("thinking: normal per turn (median, CPU)"))
    assert "2.5 s" in turn and "≤ 3 s" in turn and turn.endswith("yes")
    # a decision's time is shown, but its target is the turn's
    median = next(line for line in lines if line.startswith("thinking: normal per decision (median)"))
    assert "350 ms" in median and median.endswith("-")


def test_a_custom_lineup_runs_from_the_command_line(capsys):
    assert main(["--lineup", "random,random", "--games", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "civgame tournament: 1 game (seeds 1-1)" in out and "win rate: random in random, random" in out


def test_first_seed_plays_fresh_seeds(capsys):
    lineup = ("random", "random")
    results = run_matchups([Matchup("Random vs Random", lineup, None)], games=2, workers=1, first_seed=5)
    alone = [play_one(lineup, seed) for seed in (5, 6)]
    assert [(r.levels, r.totals) for r in results] == [(r.levels, r.totals) for r in alone]
    progress = capsys.readouterr().err  # each game's line names its seed, to compare runs game by game
    assert "(seed 5) after" in progress and "(seed 6) after" in progress
    assert main(["--lineup", "random,random", "--games", "1", "--workers", "1", "--first-seed", "7"]) == 0
    assert "civgame tournament: 1 game (seeds 7-7)" in capsys.readouterr().out


def test_a_lineup_must_name_known_levels(capsys):
    try:
        main(["--lineup", "genius,random"])
    except SystemExit as exc:
        assert exc.code == 2
    assert "a line-up is 2-4 of random, easy, normal, hard, hard-eval" in capsys.readouterr().err


def test_the_evaluation_trial_gives_hard_s_evaluation_normal_s_time():
    trial = MATCHUPS["evaluation"]
    assert trial.lineup == ("hard-eval", "normal") and trial.name not in [MATCHUPS[name].name for name in TARGETS]
    player = TRIALS["hard-eval"](1)
    assert isinstance(player, CircleGuard) and isinstance(player.agent, SearchAgent)  # guarded as the levels are
    assert player.agent.settings == replace(NORMAL_SEARCH, weights=HARD_WEIGHTS)


def test_every_target_matchup_measures_its_first_level():
    assert all(isinstance(m, Matchup) and m.target for m in MATCHUPS.values())


def test_civgame_tournament_is_the_same_command(capsys):
    from civgame.cli import main as civgame_main

    assert civgame_main(["tournament", "--lineup", "random,easy", "--games", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "civgame tournament: 1 game (seeds 1-1)" in out and "win rate: random in random, easy" in out


def test_sid_meier_s_tournament_plays_its_own_game_and_reports_processor_time(capsys, tmp_path):
    from civgame.ai import sidmeier_tournament

    kept = tmp_path / "games.jsonl"
    lineup = ["--lineup", "random,random", "--games", "1", "--workers", "1", "--record", str(kept)]
    assert main(["--game", "sid-meier", *lineup]) == 0
    out = capsys.readouterr().out
    assert "civgame tournament: 1 game (seeds 1-1)" in out and "win rate: random in random, random" in out
    assert "game length (median, wall clock)" in out
    assert main(["--game", "sid-meier", "--report", str(kept)]) == 0
    out = capsys.readouterr().out
    assert "1 game recorded" in out and "game length (median, wall clock)" in out and "Elo" not in out
    assert set(sidmeier_tournament.MATCHUPS) == {"normal-random", "normal-easy"}
    assert all(len(m.lineup) == 4 and m.target for m in sidmeier_tournament.MATCHUPS.values())
    lineup = sidmeier_tournament.MATCHUPS["normal-random"].lineup
    won = GameResult(list(lineup), [9.0, 3.0, 2.0, 1.0], [0], {"normal": [0.3, 0.4, 0.45]}, seconds=60)
    lines = sidmeier_tournament.report([sidmeier_tournament.MATCHUPS["normal-random"]], [won]).splitlines()
    median = next(line for line in lines if line.startswith("thinking: normal per decision (median, CPU)"))
    assert "400 ms" in median and median.endswith("yes")
    slow = GameResult(list(lineup), [9.0, 3.0, 2.0, 1.0], [0], {"normal": [0.3] * 98 + [2.5, 2.5]}, seconds=60)
    lines = sidmeier_tournament.report([sidmeier_tournament.MATCHUPS["normal-random"]], [slow]).splitlines()
    p99 = next(line for line in lines if line.startswith("thinking: normal per decision (p99, CPU)"))
    assert "2.5 s" in p99 and "≤ 2 s" in p99 and p99.endswith("NO")


def test_a_sid_meier_game_is_of_its_own_line_up_and_levels(capsys, monkeypatch):
    from civgame.ai import sidmeier_tournament
    from civgame.headless import KindRandomAgent

    monkeypatch.setattr(sidmeier_tournament, "make_agent", lambda level, seed: KindRandomAgent(seed))
    result = sidmeier_tournament.play_one(("easy", "random"), 3)  # (easy plays at random here: a quick game)
    assert result.levels == ["random", "easy"] and len(result.totals) == 2 and result.winners
    assert result.thinking["easy"] and result.thinking["random"]
    try:
        main(["--game", "sid-meier", "--lineup", "hard-eval,random"])
    except SystemExit as exc:
        assert exc.code == 2
    assert "a line-up is 2-4 of random, easy, normal, hard" in capsys.readouterr().err


def _recorded(path, lineup, games):
    """A --record file of `games`: (seed, levels by seat, totals by seat, winners)."""
    lines = [
        json.dumps({"matchup": list(lineup), "seed": seed, **asdict(GameResult(levels, totals, winners))})
        for seed, levels, totals, winners in games
    ]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_records_of_several_line_ups_are_reported_as_one_run(capsys, tmp_path):
    hard_normal = _recorded(
        tmp_path / "a.jsonl",
        MATCHUPS["hard-normal"].lineup,
        [
            (9002, ["hard", "normal"], [30.0, 20.0], [0]),
            (9001, ["normal", "hard"], [25.0, 35.0], [1]),
            (9004, ["hard", "normal"], [20.0, 28.0], [1]),
        ],
    )
    four = ["normal", "easy", "easy", "easy"]
    normal_easy = _recorded(
        tmp_path / "b.jsonl", MATCHUPS["normal-easy"].lineup, [(9001, four, [30.0, 10.0, 12.0, 9.0], [0])]
    )
    assert main(["--report", hard_normal, normal_easy]) == 0
    out = capsys.readouterr().out
    assert "hard, normal: 3 games (seeds 9001-9002, 9004)" in out
    assert "normal, easy, easy, easy: 1 game (seeds 9001)" in out
    lines = out.splitlines()
    rate = next(line for line in lines if line.startswith("win rate: Hard vs Normal"))
    assert "67 %  (2 of 3 games; 95 %: 21-94 %)" in rate and "≥ 60 %" in rate and rate.endswith("yes")
    assert "100 %  (1 of 1 game; 95 %: 21-100 %)" in next(
        line for line in lines if line.startswith("win rate: Normal vs three Easy")
    )
    lead = next(line for line in lines if line.startswith("lead in points: Hard vs Normal"))
    assert "4 points  (± 11.8, 95 %)" in lead  # 10, 10 and -8: Hard's points less Normal's, wherever each sat
    header = next(i for i, line in enumerate(lines) if line.startswith("level") and line.endswith("Elo"))
    ratings = lines[header + 2 : header + 5]
    assert [line.split()[0] for line in ratings] == ["hard", "normal", "easy"]  # one fit over both files


def test_two_versions_of_a_level_are_compared_seed_by_seed_on_the_seeds_both_played(capsys, tmp_path):
    lineup = MATCHUPS["hard-normal"].lineup
    base = _recorded(
        tmp_path / "base.jsonl",
        lineup,
        [
            (9001, ["normal", "hard"], [25.0, 35.0], [1]),  # Hard leads by 10
            (9002, ["hard", "normal"], [20.0, 21.0], [1]),  # by -1
            (9003, ["normal", "hard"], [20.0, 30.0], [1]),  # only in the base: left out
        ],
    )
    trial = _recorded(
        tmp_path / "trial.jsonl",
        lineup,
        [
            (9002, ["hard", "normal"], [24.0, 21.0], [0]),  # by 3: a game gained, 4 points more
            (9001, ["normal", "hard"], [29.0, 27.0], [0]),  # by -2: a game lost, 12 points less
            (9004, ["hard", "normal"], [30.0, 20.0], [0]),  # only in the trial
        ],
    )
    assert main(["--compare", base, trial]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"clash ({DEFAULT_RULESET}), hard, normal: {base} (base) against {trial} (trial)"
    assert [line.strip() for line in lines[1:]] == [
        "2 seeds played in both",
        "base: hard won 1, leading by 4.50 points a game",
        "trial: hard won 1, leading by 0.50 points a game",
        "the trial won 1 that the base lost, and lost 1 that the base won",
        "the trial's lead less the base's: -4.00 points a game (± 15.68, 95 %)",  # -12 and +4: sd 11.3
    ]


def test_a_trial_player_is_compared_with_the_level_it_varies_against_the_same_opponents(capsys, tmp_path):
    base = _recorded(
        tmp_path / "base.jsonl",
        ("hard", "normal"),
        [(9001, ["normal", "hard"], [25.0, 35.0], [1]), (9002, ["hard", "normal"], [20.0, 21.0], [1])],
    )
    trial = _recorded(
        tmp_path / "trial.jsonl",
        ("hard-objectives", "normal"),
        [
            (9001, ["normal", "hard-objectives"], [25.0, 31.0], [1]),
            (9002, ["hard-objectives", "normal"], [24.0, 21.0], [0]),
        ],
    )
    other = _recorded(
        tmp_path / "other.jsonl", ("hard-objectives", "easy"), [(9001, ["easy", "hard-objectives"], [1.0, 2.0], [1])]
    )
    assert main(["--compare", base, trial]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        f"clash ({DEFAULT_RULESET}), hard, normal and hard-objectives, normal: {base} (base) against {trial} (trial)"
    )
    assert [line.strip() for line in lines[1:]] == [
        "2 seeds played in both",
        "base: hard won 1, leading by 4.50 points a game",
        "trial: hard-objectives won 2, leading by 4.50 points a game",
        "the trial won 1 that the base lost, and lost 0 that the base won",
        "the trial's lead less the base's: +0.00 points a game (± 7.84, 95 %)",  # -4 and +4: sd 5.66
    ]
    with pytest.raises(SystemExit, match="no line-up of the same game and rules recorded in both"):
        main(["--compare", base, other])  # other opponents: not the same trial


def test_records_without_a_common_line_up_or_seed_are_not_compared(capsys, tmp_path):
    hard = _recorded(tmp_path / "a.jsonl", ("hard", "normal"), [(1, ["hard", "normal"], [3.0, 2.0], [0])])
    easy = _recorded(tmp_path / "b.jsonl", ("easy", "random"), [(1, ["easy", "random"], [3.0, 2.0], [0])])
    with pytest.raises(SystemExit, match="no line-up of the same game and rules recorded in both"):
        main(["--compare", hard, easy])
    with pytest.raises(SystemExit, match=r"missing\.jsonl: cannot be read as a record"):
        main(["--compare", hard, str(tmp_path / "missing.jsonl")])
    later = _recorded(tmp_path / "c.jsonl", ("hard", "normal"), [(2, ["normal", "hard"], [3.0, 2.0], [0])])
    assert main(["--compare", hard, later]) == 0
    assert capsys.readouterr().out.splitlines()[1].strip() == "no seed played in both"


def test_a_report_read_only_in_part_ends_quietly(tmp_path):
    """`civgame tournament --report r.jsonl | head -1`: the reader leaving is no error of the command."""
    kept = _recorded(tmp_path / "a.jsonl", ("random", "random"), [(1, ["random", "random"], [3.0, 2.0], [0])])
    command = [sys.executable, "-m", "civgame", "tournament", "--report", kept]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        process.stdout.close()  # before the command has printed anything
        errors = process.stderr.read().decode()
        process.wait(timeout=60)
    assert errors == "" and process.returncode == 1


def test_a_report_keeps_to_the_game_and_rules_it_is_asked_for(capsys, tmp_path):
    """A record holding games of two rule sets and of another game reports each apart, never mixed."""
    lineup = MATCHUPS["hard-normal"].lineup
    kept = tmp_path / "mixed.jsonl"
    _recorded(
        kept, lineup, [(9001, ["hard", "normal"], [30.0, 20.0], [0]), (9002, ["normal", "hard"], [30.0, 20.0], [0])]
    )
    lines = kept.read_text().splitlines()
    classic = {**json.loads(lines[1]), "ruleset": "classic-2012"}
    other_game = {**json.loads(lines[0]), "seed": 9003, "game": "sid-meier"}
    kept.write_text("\n".join([lines[0], json.dumps(classic), json.dumps(other_game)]) + "\n")

    assert main(["--report", str(kept)]) == 0
    captured = capsys.readouterr()
    assert "hard, normal: 1 game (seeds 9001)" in captured.out
    assert "2 games of another game or rules left out" in captured.err
    assert main(["--report", str(kept), "--ruleset", "classic-2012"]) == 0
    captured = capsys.readouterr()
    assert "hard, normal: 1 game (seeds 9002)" in captured.out and "0 %  (0 of 1 game" in captured.out
    with pytest.raises(SystemExit, match="no games of clash by the rules of classic-2012 recorded"):
        main(
            [
                "--report",
                _recorded(tmp_path / "default.jsonl", lineup, [(1, ["hard", "normal"], [1.0, 2.0], [1])]),
                "--ruleset",
                "classic-2012",
            ]
        )


def test_a_run_with_a_record_plays_only_the_games_the_record_lacks(capsys, tmp_path, monkeypatch):
    """A run stopped part way goes on where it stopped: the games of its record (same line-up and seed, same
    rules) are reported, not played again; a last line cut short is left out and its game played."""
    lineup = ("random", "random")
    kept = tmp_path / "games.jsonl"
    assert run_matchups([Matchup("r", lineup, None)], games=1, workers=1, first_seed=5, record=kept)
    first = json.loads(kept.read_text())
    assert first["game"] == "clash" and first["ruleset"] == DEFAULT_RULESET and first["seed"] == 5
    other_rules = {**first, "seed": 6, "ruleset": "classic-2012"}  # not this run's game: played
    with kept.open("a") as record:
        record.write(json.dumps(other_rules) + "\n" + '{"game": "clash", "seed": 7, "lev')
    played = []
    real = tournament.play_one
    monkeypatch.setattr(tournament, "play_one", lambda *job, **rules: played.append(job[1]) or real(*job, **rules))
    results = run_matchups([Matchup("r", lineup, None)], games=3, workers=1, first_seed=5, record=kept)
    assert played == [6, 7] and len(results) == 3
    assert results[0].totals == first["totals"] and [r.levels for r in results[1:]] == [
        play_one(lineup, seed).levels for seed in (6, 7)
    ]
    err = capsys.readouterr().err
    assert "1 game of this run already in" in err and "line 3: not a game's result; left out" in err
    assert [json.loads(line)["seed"] for line in kept.read_text().splitlines()[3:]] == [6, 7]
