"""The balance patch as an option of the Monumental ruleset: `--balance-patch` on the command line, a save that
keeps it."""

from civgame.cli import build_parser, chosen_ruleset, main
from civgame.games.clash.content.ruleset import named_ruleset
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import load_saved_game
from civgame.games.clash.storage.save import save_game


def test_the_help_names_the_option_and_what_it_changes():
    text = " ".join(build_parser().format_help().split())
    assert "--balance-patch option of --ruleset monumental: Balance patch: City Planning and Welfare State" in text


def test_the_option_names_the_rules_a_game_is_played_with():
    assert chosen_ruleset(build_parser().parse_args(["--balance-patch"])) == "monumental+balance_patch"
    assert chosen_ruleset(build_parser().parse_args([])) == "monumental"


def test_the_option_of_another_ruleset_is_refused_in_one_line(capsys):
    code = main(["--headless", "--ruleset", "2012", "--balance-patch", "--players", "2"])
    _, err = capsys.readouterr()
    assert code == 1
    assert err == "civgame: --balance-patch is an option of --ruleset monumental, not of 2012\n"


def test_a_game_with_the_patch_is_saved_and_loaded_with_it(tmp_path):
    game = new_game(2, 4, named_ruleset("monumental+balance_patch"))
    save_game(game, tmp_path / "patched.yaml")
    loaded, warning = load_saved_game(tmp_path / "patched.yaml")
    assert warning is None and loaded.ruleset == "monumental+balance_patch"
    assert "City Planning" in loaded.rules.advance_names() and "Sanitation" not in loaded.rules.advance_names()
