"""The expansions as options: `--expansions` (named in --help), the rules laid over the base game,
recorded in the save, and seeded random games with them under the invariant checker."""

from __future__ import annotations

import pytest
import yaml

from civgame.cli import build_parser, main
from civgame.framework.saves import SaveError
from civgame.games import definition
from civgame.games.sidmeier.storage.save import dumps, loads
from tests.games.sidmeier.test_random_games import play_checked

SIDMEIER = definition("sid-meier")
FAF = "fame-and-fortune"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_names_each_expansion_and_what_of_it_is_built():
    text = build_parser().format_help()
    words = " ".join(text.split()).replace("- ", "-")  # (argparse wraps the help at hyphens too)
    assert "--expansions" in text and "fame-and-fortune: Fame and Fortune" in words
    assert "wisdom-and-warfare: Wisdom and Warfare, social policies" in words


def test_a_headless_game_with_an_expansion_records_it_in_the_save(capsys, tmp_path):
    save = tmp_path / "game.yaml"
    code, _out, err = run(
        capsys, "--game", "sid-meier", "--headless", "--players", "2", "--expansions", FAF, "--save", str(save)
    )
    assert code == 0, err
    document = yaml.safe_load(save.read_text())
    assert document["expansions"] == [FAF]
    game = loads(save.read_text())
    assert game.rules.expansions == [FAF] and game.rules.investments
    assert "with Fame and Fortune" in game.log[0]


def test_an_unknown_expansion_is_refused_with_the_offered_ones(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--game", "sid-meier", "--headless", "--expansions", "moon"])
    assert exit_.value.code == 2 and "moon: not an expansion (offered: fame-and-fortune" in capsys.readouterr().err


def test_only_sid_meier_has_expansions(capsys):
    code, _out, err = run(capsys, "--headless", "--expansions", FAF)
    assert code == 1 and "only sid-meier has expansions" in err


def test_a_save_keeps_its_expansions_and_a_save_from_before_them_loads_without():
    game = SIDMEIER.new_game(2, 3, expansions=[FAF])
    game.players[0].investments["war_bonds"] = 2
    again = loads(dumps(game))
    assert again.rules.expansions == [FAF] and again.players[0].investments == {"war_bonds": 2}
    base = SIDMEIER.new_game(2, 3)
    while base.phase == "setup":
        SIDMEIER.apply(base, SIDMEIER.legal_actions(base)[0])
    old = yaml.safe_load(dumps(base))
    old["version"] = 1
    del old["expansions"]
    for player in old["game"]["players"]:
        del player["investments"]
    for city in old["game"]["cities"]:
        del city["marker"]
    loaded = loads(yaml.safe_dump(old))
    assert loaded.rules.expansions == [] and all(p.investments == {} for p in loaded.players)
    assert loaded.cities and all(c.marker == "" for c in loaded.cities)


def test_a_save_naming_investments_or_city_markers_its_rules_lack_is_refused():
    game = SIDMEIER.new_game(2, 3)
    game.players[0].investments["war_bonds"] = 1
    with pytest.raises(SaveError, match="investments: 'war_bonds' is not an investment card of these rules"):
        loads(dumps(game))
    game = SIDMEIER.new_game(2, 3)
    while game.phase == "setup":
        SIDMEIER.apply(game, SIDMEIER.legal_actions(game)[0])
    game.cities[0].marker = "caravan"
    with pytest.raises(SaveError, match="marker: 'caravan' is not a fortification or caravan of these rules"):
        loads(dumps(game))


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13)])
def test_random_games_with_fame_and_fortune_keep_the_invariants(players, seed):
    game = play_checked(players, seed, expansions=[FAF])
    assert SIDMEIER.outcome(game).winners
    assert any(p.investments for p in game.players)  # (the random players do invest)
    assert any(city.expansion >= 0 for city in game.cities)  # (and learn Agriculture: a capital grows)


def test_wisdom_and_warfares_civilizations_are_named_on_the_command_line_only_with_it(capsys, tmp_path):
    save = tmp_path / "game.yaml"
    args = [
        "--game",
        "sid-meier",
        "--headless",
        "--players",
        "2",
        "--civilizations",
        "zulu,aztecs",
        "--save",
        str(save),
    ]
    code, _out, err = run(capsys, *args, "--expansions", "wisdom-and-warfare")
    assert code == 0, err
    assert [p.civ for p in loads(save.read_text()).players] == ["zulu", "aztecs"]
    code, _out, err = run(capsys, *args)
    assert code != 0 and "zulu" in err
