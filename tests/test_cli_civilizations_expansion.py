"""The Civilizations expansion on the command line: `--civilizations-expansion`, an option of --ruleset 2012,
named in --help, played headless and recorded in the save."""

from pathlib import Path

from civgame.cli import build_parser, main
from civgame.games.clash.storage.mods import MODS_DIR_VARIABLE, load_saved_game
from civgame.games.clash.storage.save import read_header

MADE_UP = str(Path(__file__).parent / "mods" / "made_up_civilizations")  # complete civilizations, made up


def test_the_help_names_the_expansion_as_an_option_of_the_2012_rules():
    text = " ".join(build_parser().format_help().split())
    assert "--civilizations-expansion option of --ruleset 2012: Civilizations expansion:" in text


def test_a_headless_game_with_the_expansion_is_played_and_saved_with_it(capsys, tmp_path):
    save = tmp_path / "end.yaml"
    argv = ["--headless", "--quiet", "--ruleset", "2012", "--civilizations-expansion", "--four-rounds"]
    code = main([*argv, "--players", "2", "--seed", "3", "--save", str(save)])
    _, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert read_header(save).ruleset == "classic-2012+civilizations_expansion"


def test_the_expansion_is_refused_with_the_monumental_rules(capsys):
    code = main(["--headless", "--civilizations-expansion", "--players", "2"])
    _, err = capsys.readouterr()
    assert code == 1
    assert err == "civgame: --civilizations-expansion is an option of --ruleset 2012, not of monumental\n"


def test_the_help_names_lead_us_as_a_variant_of_the_expansion():
    text = " ".join(build_parser().format_help().split())
    assert "--lead-us variant (Civilizations expansion, --ruleset 2012 --civilizations-expansion)" in text


def test_lead_us_is_refused_while_no_civilization_is_dealt(capsys):
    argv = ["--headless", "--quiet", "--ruleset", "2012", "--civilizations-expansion", "--lead-us", "--players", "2"]
    code = main(argv)
    _, err = capsys.readouterr()
    assert code == 1
    assert err == "civgame: Lead us chooses the civilizations' leaders: play with civilizations to use it\n"


def test_a_headless_game_deals_the_civilizations_of_a_mod_and_records_lead_us(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv(MODS_DIR_VARIABLE, str(tmp_path))  # (no other mods)
    save = tmp_path / "end.yaml"
    argv = ["--headless", "--quiet", "--ruleset", "2012", "--civilizations-expansion", "--lead-us", "--rules", MADE_UP]
    code = main([*argv, "--players", "2", "--seed", "4", "--save", str(save)])
    _, err = capsys.readouterr()
    assert code == 0 and err == ""
    game, _warning = load_saved_game(save, [Path(MADE_UP)])
    assert game.variants == ["lead_us"] and all(p.civilization for p in game.players)
    assert any("chooses the leader" in line for line in game.log)
