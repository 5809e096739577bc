"""The Civilizations expansion on the command line: `--civilizations-expansion`, an option of --ruleset 2012,
named in --help, played headless and recorded in the save."""

from civgame.cli import build_parser, main
from civgame.games.clash.storage.save import read_header


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
