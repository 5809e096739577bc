"""`civgame validate-rules` and `civgame --rules`: problems as `file:line: problem`, exit codes,
mods in headless games and in their saves."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from civgame.cli import main
from civgame.games.clash.content.ruleset import RULESETS_ROOT
from civgame.games.clash.storage.mods import MODS_DIR_VARIABLE

REPO_ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = REPO_ROOT / "examples" / "mods" / "cheap_advances"
MOD_INFO = "name: Test mod\nversion: '0.1'\n"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    """Run in a temporary folder (problems then name files as `mod/game.yaml`), with an empty
    user mods folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "user_mods").mkdir()
    monkeypatch.setenv(MODS_DIR_VARIABLE, str(tmp_path / "user_mods"))


def mod(files: dict[str, str], name: str = "mod") -> Path:
    folder = Path(name)
    folder.mkdir()
    (folder / "mod.yaml").write_text(MOD_INFO)
    for file_name, text in files.items():
        (folder / file_name).write_text(text)
    return folder


def validate(capsys, *folders):
    code, out, err = run(capsys, "validate-rules", *folders)
    assert err == ""
    return code, out.splitlines()


# ---------------------------------------------------------------- valid rules


def test_the_default_ruleset_is_valid(capsys):
    assert validate(capsys, RULESETS_ROOT / "monumental") == (
        0,
        [
            "OK: monumental: 48 advances in 12 categories, 7 buildings, 6 units, 8 wonders, 138 cards; "
            "6 short trial games played"
        ],
    )


def test_the_example_mod_is_valid(capsys):
    assert validate(capsys, EXAMPLE) == (
        0,
        [
            "OK: monumental + Cheap advances 1.0: 49 advances in 12 categories, 7 buildings, 6 units, "
            "8 wonders, 137 cards; 6 short trial games played"
        ],
    )


def test_stacked_mods_are_validated_together(capsys):
    mod({"game.yaml": "actions_per_turn: 4\n"})
    assert validate(capsys, EXAMPLE, "mod") == (
        0,
        [
            "OK: monumental + Cheap advances 1.0 + Test mod 0.1: 49 advances in 12 categories, 7 buildings, 6 units, "
            "8 wonders, 137 cards; 6 short trial games played"
        ],
    )


def test_show_prints_each_value_the_mods_change_as_the_rules_use_it(capsys):
    mod({"units.yaml": "infantry:\n  cost: {ore: 1}\n", "wonders.yaml": "colosseum: {remove: true}\n"})
    code, lines = validate(capsys, "--show", "mod")
    assert code == 0 and lines[-1].startswith("OK: monumental + Test mod 0.1: ")
    assert lines[0] == "mod/units.yaml:2: infantry.cost: {ore: 1} (was {food: 1, ore: 1})"
    assert lines[1].startswith("mod/wonders.yaml:1: colosseum: removed (was {name: Colosseum, ")
    assert len(lines) == 3


def test_a_change_without_effect_is_a_warning_even_without_show(capsys):
    mod({"game.yaml": "actions_per_turn: 3\nstacking_limit: 2\n"})
    mod({"game.yaml": "stacking_limit: 5\n"}, name="later")
    (Path("later") / "mod.yaml").write_text("name: Later\nversion: '1'\n")
    code, lines = validate(capsys, "mod", "later")
    assert code == 0 and lines[:-1] == [
        "mod/game.yaml:1: warning: actions_per_turn changes nothing: the rules already have 3",
        "mod/game.yaml:2: warning: stacking_limit has no effect: a mod laid over it later makes it 5",
    ]
    assert validate(capsys, "--show", "mod", "later")[1][2] == "later/game.yaml:1: stacking_limit: 5 (was 2)"


# ---------------------------------------------------------------- each kind of problem, with its line


def test_a_wrong_type(capsys):
    mod({"game.yaml": "# cheaper\nadvance_cost:\n  amount: one\n"})
    assert validate(capsys, "mod") == (
        1,
        [
            "mod/game.yaml:3: advance_cost.amount: Input should be a valid integer, unable to parse string as an "
            "integer (got 'one')"
        ],
    )


def test_an_unknown_field_and_a_missing_field_of_a_new_entry(capsys):
    mod({"units.yaml": "settler:\n  speed: 3\ngalley:\n  name: Galley\n  army: false\n  limit: 2\n"})
    assert validate(capsys, "mod") == (
        1,
        [
            "mod/units.yaml:2: settler.speed: Extra inputs are not permitted",
            "mod/units.yaml:3: galley.cost: Field required",
        ],
    )


def test_an_unknown_effect_primitive(capsys):
    mod(
        {
            "advances.yaml": "- name: Education\n  advances:\n    - name: Libraries\n"
            "      effects:\n        - on_gain: {gain: {ideas: 2}}\n        - gain_ideas: {amount: 2}\n"
        }
    )
    assert validate(capsys, "mod") == (
        1,
        ["mod/advances.yaml:6: Libraries.effects[1]: unknown effect primitive 'gain_ideas'"],
    )


def test_bad_effect_parameters(capsys):
    mod(
        {
            "advances.yaml": "- name: Education\n  advances:\n"
            "    - {name: Libraries, effects: [{on_gain: {gain: {idea: 2}}}]}\n"
        }
    )
    code, lines = validate(capsys, "mod")
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("mod/advances.yaml:3: Libraries.effects[0]: on_gain: gain.idea.[key]: Input should be")


def test_a_missing_reference(capsys):
    mod(
        {
            "advances.yaml": "- name: Education\n  advances:\n    - name: Writing\n      building: library\n",
            "units.yaml": "cavalry: {requires_building: stables}\n",
        }
    )
    assert validate(capsys, "mod") == (
        1,
        [
            "mod/advances.yaml:4: Writing.building: unknown building 'library'",
            "mod/units.yaml:1: cavalry.requires_building: unknown building 'stables'",
        ],
    )


def test_duplicate_ids_names_and_keys(capsys):
    mod(
        {
            "events.yaml": "- {id: 59, name: One}\n- {id: 59, name: Two}\n",
            "advances.yaml": "- name: Culture\n  advances:\n    - {name: Storage, text: again}\n",
            "game.yaml": "ages: 5\nrounds_per_age: 2\nages: 4\n",
        }
    )
    assert validate(capsys, "mod") == (
        1,
        [
            "mod/game.yaml:3: duplicate key 'ages' (first on line 1)",
            "mod/events.yaml:2: #59: duplicate id 59 (first on line 1)",
            "mod/advances.yaml:3: Culture.Storage: duplicate advance 'Storage' (also Agriculture.Storage)",
        ],
    )


def test_a_duplicate_card_id_in_a_complete_ruleset(capsys):
    shutil.copytree(RULESETS_ROOT / "monumental", "rules")
    path = Path("rules/objective_cards.yaml")
    text = path.read_text()
    path.write_text(text.replace("- id: 2\n", "- id: 1\n", 1))
    line = text.splitlines().index("- id: 2") + 1
    assert validate(capsys, "rules") == (
        1,
        [
            f"rules/objective_cards.yaml:{line}: objective_cards[1]: "
            "duplicate objective_cards id 1 (also objective_cards[0])"
        ],
    )


def test_broken_yaml(capsys):
    mod({"terrain.yaml": "grassland:\n  code: G\n  yields: [food\nforest: {}\n"})
    code, lines = validate(capsys, "mod")
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("mod/terrain.yaml:4: not valid YAML (")


def test_every_problem_is_printed_each_on_its_own_line(capsys):
    mod({"game.yaml": "stacking_limit: four\nages: zero\n", "wonders.yaml": "gone: {remove: true}\n"})
    assert validate(capsys, "mod") == (
        1,
        [
            "mod/wonders.yaml:1: gone: nothing to remove: the rules have no 'gone' here",
            "mod/game.yaml:2: ages: Input should be a valid integer, unable to parse string as an integer (got 'zero')",
            "mod/game.yaml:1: stacking_limit: Input should be a valid integer, unable to parse string as an integer "
            "(got 'four')",
        ],
    )


def test_a_folder_that_is_neither_a_ruleset_nor_a_mod(capsys):
    Path("empty").mkdir()
    assert validate(capsys, "empty") == (1, ["empty: not a mod: there is no mod.yaml (see MODDING.md)"])
    assert validate(capsys, "nowhere") == (1, ["nowhere: no such folder"])


def test_validate_rules_needs_a_folder(capsys):
    with pytest.raises(SystemExit) as info:
        main(["validate-rules"])
    assert info.value.code == 2
    assert "the following arguments are required: DIR" in capsys.readouterr().err


def test_python_dash_m_civgame_validate_rules_exits_1_without_a_traceback(tmp_path):
    mod({"game.yaml": "ages: -1\n"})
    result = subprocess.run(
        [sys.executable, "-m", "civgame", "validate-rules", "mod"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": ""},
    )
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout == "mod/game.yaml:1: ages: Input should be greater than or equal to 1 (got -1)\n"


# ---------------------------------------------------------------- --rules in headless games


def test_a_headless_game_with_a_mod_records_it_in_the_save(capsys):
    code, out, err = run(
        capsys, "--headless", "--quiet", "--players", "2", "--seed", "3", "--rules", EXAMPLE, "--save", "g.yaml"
    )
    assert code == 0 and err == "" and "Winner:" in out
    header = yaml.safe_load(Path("g.yaml").read_text())
    assert header["mods"] == [{"name": "Cheap advances", "version": "1.0"}]


def test_invalid_rules_stop_the_game_with_one_line_per_problem(capsys):
    mod({"game.yaml": "stacking_limit: four\n", "events.yaml": "- {id: 3, remove: true}\n- {id: 3}\n"})
    code, out, err = run(capsys, "--headless", "--players", "2", "--rules", "mod")
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        "civgame: mod/events.yaml:2: #3: duplicate id 3 (first on line 1)",
        "civgame: mod/game.yaml:1: stacking_limit: Input should be a valid integer, unable to parse string as an "
        "integer (got 'four')",
    ]


def test_a_missing_mod_folder_stops_the_game(capsys):
    assert run(capsys, "--headless", "--rules", "nowhere") == (1, "", "civgame: nowhere: no such folder\n")


def test_loading_a_modded_save_needs_its_mod(capsys, tmp_path):
    run(capsys, "--headless", "--players", "2", "--seed", "3", "--rules", EXAMPLE, "--save", "g.yaml")
    code, out, err = run(capsys, "--headless", "--load", "g.yaml")
    assert (code, out) == (1, "")
    assert err == (
        f"civgame: g.yaml: this save was made with the mod 'Cheap advances' (version 1.0), which is not "
        f"installed: put its folder in {tmp_path / 'user_mods'} (or name its folder with `civgame --rules DIR`)\n"
    )
    shutil.copytree(EXAMPLE, tmp_path / "user_mods" / "cheap")
    code, out, err = run(capsys, "--headless", "--quiet", "--load", "g.yaml")
    assert code == 0 and err == "" and "Winner:" in out


def test_loading_a_save_with_other_rules_warns(capsys):
    run(capsys, "--headless", "--players", "2", "--seed", "3", "--save", "g.yaml")
    mod({"game.yaml": "actions_per_turn: 2\n"})
    code, out, err = run(capsys, "--headless", "--quiet", "--load", "g.yaml", "--rules", "mod")
    assert code == 0 and "Winner:" in out
    assert err == (
        "civgame: warning: this save was made with the rules monumental, but the rules in use are "
        "monumental + Test mod 0.1; the game may not play as it did\n"
    )


def test_validate_rules_prints_every_problem_even_past_the_dialog_limit(capsys, tmp_path):
    from civgame.cli import main
    from civgame.framework.datafiles import RulesDataError

    mod = tmp_path / "many"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: many\nversion: '1'\n")
    count = RulesDataError.MAX_PROBLEMS + 5
    (mod / "units.yaml").write_text("".join(f"unit{i}: {{name: U{i}}}\n" for i in range(count)))
    assert main(["validate-rules", str(mod)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= count and not any(line.startswith("(and ") for line in lines)


# ---------------------------------------------------------------- a mod that validates plays

BREAKING_MODS = [
    (
        "overlapping regions",
        {"map.yaml": "layouts:\n  2:\n    free: [{anchor: D1, base_rotation: 0}]\n"},
        r"^mod/map\.yaml:3: layouts\.2\.free\[0\]: overlaps homes\[0\] on the board$",
    ),
    ("victory points of NaN", {"game.yaml": "victory_points: {city: .nan}\n"}, r"^mod/game\.yaml:1: .*city: .*finite"),
    ("infinite victory points", {"game.yaml": "victory_points: {advance: .inf}\n"}, r"^mod/game\.yaml:1: .*advance:"),
    (
        "unchecked building effect values",
        {"buildings.yaml": "academy: {on_built: [{gain: {ideas: lots}}]}\n"},
        r"^mod/buildings\.yaml:1: academy\.on_built\[0\]: .*gain\.ideas",
    ),
    (
        "a negative building gain",
        {"buildings.yaml": "academy: {on_built: [{gain: {ideas: -2}}]}\n"},
        r"^mod/buildings\.yaml:1: .*gain\.ideas: Input should be greater than or equal to 0",
    ),
    (
        "negative raze gold",
        {"game.yaml": "raze: {gold: -3}\n"},
        r"^mod/game\.yaml:1: raze\.gold: Input should be greater than or equal to 0",
    ),
    (
        "negative capture gold",
        {"game.yaml": "capture: {gold_per_size: -2}\n"},
        r"^mod/game\.yaml:1: capture\.gold_per_size: Input should be greater",
    ),
    (
        "a start above the stacking limit",
        {"game.yaml": "starting: {units: [settler, infantry, infantry, infantry, infantry, infantry]}\n"},
        r"^mod/game\.yaml:1: starting\.units: 5 army units; the stacking limit is 4$",
    ),
    (
        "a start above the resource caps",
        {"game.yaml": "starting:\n  resources: {food: 5}\n"},
        r"^mod/game\.yaml:2: starting\.resources\.food: 5 is above the cap 2$",
    ),
    (
        "a negative happy-city bonus",
        {"game.yaml": "city: {happy_bonus: -1}\n"},
        r"^mod/game\.yaml:1: city\.happy_bonus: Input should be greater",
    ),
    (
        "players.min above max",
        {"game.yaml": "players: {min: 4, max: 2}\n"},
        r"^mod/game\.yaml:1: players: Value error, min \(4\) is above max \(2\)",
    ),
    (
        "max: 9 players",
        {"game.yaml": "players: {max: 9}\n"},
        r"^mod/game\.yaml:1: players\.max: Input should be less than or equal to 4",
    ),
    (
        "an allowed player count without a layout",
        {"map.yaml": "layouts:\n  4: {remove: true}\n"},
        r"^mod/map\.yaml:\d+: layouts: no layout for 4 players$",
    ),
    (
        "a million ages",
        {"game.yaml": "ages: 1000000\n"},
        r"^mod/game\.yaml:1: ages: Input should be less than or equal to 20",
    ),
]


@pytest.mark.parametrize("name,files,problem", BREAKING_MODS, ids=[case[0] for case in BREAKING_MODS])
def test_a_mod_that_would_break_play_is_refused_at_its_line(capsys, name, files, problem):
    code, lines = validate(capsys, mod(files))
    assert code == 1
    assert any(re.search(problem, line) for line in lines), lines


def test_trial_games_report_a_failure_in_play(capsys, monkeypatch):
    """What the schema cannot foresee fails in a short seeded game on the mod, before play."""
    from civgame.games.clash.storage import mods

    def failing(game, action):
        raise KeyError("dragon")

    monkeypatch.setattr(mods, "apply", failing)
    monkeypatch.setattr(mods, "_PLAYED", set())  # rules already played on in this process are not played again
    code, lines = validate(capsys, mod({"game.yaml": "actions_per_turn: 4\n"}))
    assert code == 1
    assert len(lines) == 1
    assert re.fullmatch(
        r"mod: these rules do not play: a 2-player trial game \(seed 0\): action 1 \(\w+\) fails "
        r"\(KeyError: 'dragon'\)",
        lines[0],
    ), lines


def test_a_trial_problem_is_reported_at_the_content_it_names(capsys, monkeypatch):
    from civgame.games.clash.storage import mods

    monkeypatch.setattr(mods, "trial_problem", lambda rules: ("a Temple broke the game", ["temple"]))
    monkeypatch.setattr(mods, "_PLAYED", set())
    code, lines = validate(capsys, mod({"buildings.yaml": "\ntemple: {limit: 3}\n"}))
    assert (code, lines) == (1, ["mod/buildings.yaml:2: these rules do not play: a Temple broke the game"])


# ---------------------------------------------------------------- a ruleset option on


LEADERS_MOD = REPO_ROOT / "tests" / "mods" / "expansion_leaders_made_up"


def test_a_mod_of_the_expansions_civilizations_is_validated_with_the_expansion_on(capsys):
    code, lines = validate(capsys, LEADERS_MOD)
    assert code == 1 and lines[0].endswith("civilizations.yaml:5: vikings.name: Field required")
    code, lines = validate(capsys, "--civilizations-expansion", LEADERS_MOD)
    assert code == 0 and lines == [
        "OK: classic-2012+civilizations_expansion + Made-up leaders for the expansion's civilizations 1.0: "
        "48 advances in 12 categories, 7 buildings, 6 units, 7 wonders, 21 cards; 6 short trial games played"
    ]


def test_an_option_of_another_ruleset_than_the_mods_base_is_refused(capsys):
    assert validate(capsys, "--balance-patch", LEADERS_MOD) == (
        1,
        ["--balance-patch: not an option of the mods' base ruleset 'classic-2012'"],
    )
    code, _out, err = run(capsys, "--game", "sid-meier", "validate-rules", "--balance-patch", "mod")
    assert code == 1 and "the ruleset options are Clash's" in err


def test_a_complete_ruleset_is_validated_with_its_option(capsys):
    code, lines = validate(capsys, "--civilizations-expansion", RULESETS_ROOT / "classic-2012")
    assert code == 0 and lines[0].startswith("OK: classic-2012+civilizations_expansion: ")
