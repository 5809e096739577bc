"""--civilizations and --deal-also: the same choices as the New game screen, for headless games."""

import pytest

from civgame.games.clash.storage.mods import load_rules
from civgame.games.clash.storage.save import load_game
from tests.civilization_mods import write_civilization_mods
from tests.test_cli import run


@pytest.fixture
def mods(tmp_path):
    folder = tmp_path / "mods"
    folder.mkdir()
    return write_civilization_mods(folder)


def play(capsys, tmp_path, mod, *argv):
    save = tmp_path / "end.yaml"
    code, _out, err = run(
        capsys,
        "--headless",
        "--quiet",
        "--players",
        "2",
        "--seed",
        "3",
        "--rules",
        str(mod),
        "--save",
        str(save),
        *argv,
    )
    return code, err, (load_game(save, load_rules([mod])) if code == 0 else None)


def test_seats_name_civilizations_or_take_one_at_random(capsys, tmp_path, mods):
    code, err, game = play(capsys, tmp_path, mods["three"], "--civilizations", "hyperborea,random")
    assert (code, err) == (0, "")
    assert game.players[0].civilization == "hyperborea" and game.players[1].civilization in ("atlantis", "lemuria")


def test_random_is_the_default_when_there_are_enough_to_deal_and_none_otherwise(capsys, tmp_path, mods):
    _code, _err, game = play(capsys, tmp_path, mods["three"])
    assert sorted(p.civilization for p in game.players) == ["atlantis", "lemuria"]
    (tmp_path / "end.yaml").unlink()
    _code, _err, game = play(capsys, tmp_path, mods["none"])
    assert [p.civilization for p in game.players] == [None, None]


def test_choose_lets_the_computer_players_pick(capsys, tmp_path, mods):
    _code, _err, game = play(capsys, tmp_path, mods["three"], "--civilizations", "choose")
    assert None not in [p.civilization for p in game.players]


def test_deal_also_puts_a_civilization_into_random(capsys, tmp_path, mods):
    _code, _err, game = play(
        capsys, tmp_path, mods["three"], "--civilizations", "atlantis,random", "--deal-also", "hyperborea,lemuria"
    )
    assert game.players[1].civilization in ("hyperborea", "lemuria")


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--civilizations", "atlantis,atlantis"], "name one different civilization (or random) for each player"),
        (
            ["--civilizations", "rome,random"],
            "'rome' cannot be played with these rules (they offer: atlantis, lemuria, hyperborea)",
        ),
        (["--civilizations", "random", "--deal-also", "rome"], "--deal-also: 'rome' is not a civilization"),
    ],
)
def test_bad_civilization_choices_give_one_line(capsys, tmp_path, mods, argv, message):
    code, err, _game = play(capsys, tmp_path, mods["three"], *argv)
    assert code == 1 and err.count("\n") == 1 and message in err


def test_what_if_deals_the_leaders_from_one_deck(capsys, tmp_path, mods):
    _code, _err, game = play(capsys, tmp_path, mods["three"], "--what-if")
    assert sorted(name for p in game.players for name in p.leaders_dealt) == ["Mu", "Poseidonis"]
