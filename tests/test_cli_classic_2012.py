"""The command line offers the 2012 edition and its variants: --ruleset 2012, --four-rounds,
--roll-to-end (with its provisional ranges), --wonderful-ending."""

from civgame.cli import build_parser, main
from civgame.games.clash.storage.save import read_header


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_help_names_the_rulesets_and_the_variants_that_are_whole():
    text = " ".join(build_parser().format_help().split())
    assert "--ruleset {monumental,2012}" in text and "Clash of Cultures (2012 edition)" in text
    assert "--four-rounds" in text and "--wonderful-ending" in text
    assert "--roll-to-end" in text and "turn by turn: 6; 5-6; 4-6; 3-6; 2-6 (provisional)" in text


def test_a_headless_four_round_game_of_the_2012_edition_is_played_and_saved(capsys, tmp_path):
    save = tmp_path / "end.yaml"
    code, out, err = run(
        capsys,
        "--headless",
        "--quiet",
        "--ruleset",
        "2012",
        "--four-rounds",
        "--players",
        "2",
        "--seed",
        "5",
        "--save",
        str(save),
    )
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith("Game over after age 4")
    assert read_header(save).ruleset == "classic-2012"


def test_a_variant_the_rules_lack_is_refused_in_one_line(capsys):
    code, out, err = run(capsys, "--headless", "--four-rounds", "--players", "2")
    assert code == 1 and out == ""
    assert err == "civgame: Clash of Cultures: Monumental Edition has no variant 'four_rounds'\n"
