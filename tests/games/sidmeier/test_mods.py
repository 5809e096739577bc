"""Mods of Sid Meier's Civilization and its provisional values: a mod laid over the game's data replaces
a provisional value (and may drop its mark), the game is played with it (`civgame --game sid-meier
--rules MOD`), a broken mod is refused with `file:line` problems, and wherever the player reads the
rules' content a provisional value carries its mark."""

from __future__ import annotations

from pathlib import Path

import pytest

from civgame.cli import main
from civgame.games.sidmeier.content.describe import MARK, PROVISIONAL, describe, provisional_values
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.decisions import StartTurn
from civgame.games.sidmeier.rules.turn import start
from tests.games.sidmeier.scenario import Scenario

RULES = load_rules()
# The printed Stonehenge as its owner reads it (the data's value is the catalogue's house rule).
STONEHENGE = "wonders:\n  - {id: stonehenge, provisional: false, effects: [{start_gain: {culture: 2}}]}\n"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def mod(tmp_path: Path) -> Path:
    folder = tmp_path / "printed-stonehenge"
    folder.mkdir()
    (folder / "wonders.yaml").write_text(STONEHENGE)
    return folder


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "wonders.yaml").write_text("wonders:\n  - {id: stonehenge, cost: -3}\n")
    return folder


def test_the_house_rule_is_provisional_in_the_game_s_own_data():
    assert RULES.wonders["stonehenge"].provisional
    assert PROVISIONAL in describe(RULES, "stonehenge") and "culture 1" in describe(RULES, "stonehenge")


def test_a_mod_replaces_a_provisional_value_and_its_mark(mod):
    rules = load_rules(mods=[mod])
    text = describe(rules, "stonehenge")
    assert "culture 2" in text and PROVISIONAL not in text
    assert len(provisional_values(rules)) == len(provisional_values(RULES)) - 1
    assert RULES.wonders["colossus"] == rules.wonders["colossus"]  # the rest is the game's own data


def test_the_game_plays_with_the_mod_s_value(mod):
    s = Scenario(players=2, civs=["germany", "china"], rules=load_rules(mods=[mod])).reveal_all()
    s.city(0, 5, 5, capital=True)
    s.wonder(0, "stonehenge")
    s.decide(StartTurn(0), phase="start_of_turn")
    before = s.game.players[0].culture
    start.automatic(s.game, 0)
    assert s.game.players[0].culture == before + 2


def test_validate_rules_checks_a_mod_of_this_game(capsys, mod, broken):
    code, out, _err = run(capsys, "--game", "sid-meier", "validate-rules", str(mod))
    assert code == 0 and out.startswith("OK: Sid Meier's Civilization rules") and str(mod) in out
    code, out, _err = run(capsys, "--game", "sid-meier", "validate-rules", str(broken))
    assert (
        code == 1
        and out.strip()
        == f"{broken / 'wonders.yaml'}:2: wonders.#stonehenge.cost: Input should be greater than or equal to 1 (got -3)"
    )


def test_a_headless_game_is_played_with_mods_and_its_save_names_them(capsys, mod, tmp_path):
    save = tmp_path / "game.yaml"
    code, out, err = run(
        capsys,
        "--game",
        "sid-meier",
        "--headless",
        "--players",
        "2",
        "--seed",
        "3",
        "--rules",
        str(mod),
        "--save",
        str(save),
    )
    assert code == 0, err
    assert str(mod) in save.read_text()
    code, loaded, err = run(capsys, "--game", "sid-meier", "--headless", "--load", str(save))
    assert code == 0, err
    # the same players, winner and reason, and the mod's provisional values
    assert out.splitlines()[1:-1] == loaded.splitlines()[1:]


def test_a_broken_mod_is_refused_with_the_file_and_line(capsys, broken):
    code, out, err = run(capsys, "--game", "sid-meier", "--headless", "--players", "2", "--rules", str(broken))
    assert code == 1 and out == ""
    assert err.splitlines() == [
        f"civgame: {broken / 'wonders.yaml'}:2: wonders.#stonehenge.cost: Input should be greater than or equal to 1 "
        "(got -3)"
    ]


def test_mods_do_not_replace_the_mods_a_save_names(capsys, mod, tmp_path):
    code, _out, err = run(
        capsys, "--game", "sid-meier", "--headless", "--load", str(tmp_path / "x"), "--rules", str(mod)
    )
    assert code == 1 and "played with the mods its save names" in err


# ------------------------------------------------------------------ provisional values where the player reads them


def test_every_provisional_value_is_listed_with_its_mark():
    listed = provisional_values(RULES)
    assert listed and all(value.endswith(MARK) for value in listed)
    groups = [RULES.civilizations, RULES.governments, RULES.techs, RULES.wonders, RULES.units, RULES.great_people]
    for group in [*groups, RULES.culture_cards]:
        for record in group.values():
            assert any(value.startswith(f"{record.name} (") for value in listed) == record.provisional, record.name
    assert any("trade dial" in value for value in listed)  # a value of the game's set-up
    assert any("culture track" in value for value in listed)


def test_validate_rules_show_lists_the_provisional_values(capsys):
    code, out, _err = run(capsys, "--game", "sid-meier", "validate-rules", "--show", "rules_data/sid-meier")
    lines = out.splitlines()
    assert code == 0 and lines[:-1] == [f"  {value}" for value in provisional_values(RULES)]
    assert f"{len(lines) - 1} values are provisional" in lines[-1]


def test_a_headless_game_ends_with_the_provisional_note(capsys, mod):
    code, out, _err = run(capsys, "--game", "sid-meier", "--headless", "--players", "2", "--seed", "3")
    assert code == 0
    assert out.splitlines()[-1].startswith(f"Provisional: {len(provisional_values(RULES))} values of these rules")
    code, out, _err = run(
        capsys, "--game", "sid-meier", "--headless", "--players", "2", "--seed", "3", "--rules", str(mod)
    )
    assert f"Provisional: {len(provisional_values(RULES)) - 1} values" in out
