"""A mod that validates plays: hostile mods are refused by the validator (validate-rules), or play random
games without getting stuck; every example mod plays random games."""

from pathlib import Path

import pytest

from civgame.ai import play_game, random_agents
from civgame.framework.datafiles import RulesDataError
from civgame.games.clash.content.ruleset import RULESETS_ROOT
from civgame.games.clash.storage.mods import REPO_ROOT, load_rules

EXAMPLES_ROOT = REPO_ROOT / "examples" / "mods"
EXAMPLES = sorted(path for path in EXAMPLES_ROOT.iterdir() if (path / "mod.yaml").is_file())
BASE = RULESETS_ROOT / "monumental"


def test_the_example_mods_are_found():
    """The test below plays every example mod: none found would leave it nothing to play."""
    assert EXAMPLES, f"no mod (a folder with a mod.yaml) in {EXAMPLES_ROOT}"


@pytest.mark.parametrize("mod", EXAMPLES, ids=[path.name for path in EXAMPLES])
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_example_mod_plays_random_games(mod, players, seed):
    rules = load_rules([mod])
    game = play_game(players, seed, random_agents(players, seed), rules=rules, civilizations=["random"] * players)
    assert game.phase == "over"


def remove_all(file: str, key: str = "id") -> str:
    """An overlay that removes every entry of a list file of the base rules."""
    import yaml

    entries = yaml.safe_load((BASE / file).read_text(encoding="utf-8"))
    if isinstance(entries, dict):
        return "".join(f"{name}: {{remove: true}}\n" for name in entries)
    return "".join(f"- {{{key}: {entry[key]!r}, remove: true}}\n" for entry in entries)


def mod(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "mod"
    folder.mkdir()
    (folder / "mod.yaml").write_text('name: Hostile\nversion: "1"\n', encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


REFUSED = [
    (
        "a civilization draws a wonder missing from the rules",
        lambda: {"wonders.yaml": "great_wall: {remove: true}\n"},
        r"unknown wonder 'great_wall'",
    ),
    (
        "an effect names a unit nobody has",
        lambda: {"units.yaml": "elephant: {remove: true}\n"},
        r"unknown unit 'elephant'",
    ),
    (
        "a great person named like a tactics half",
        lambda: {"events.yaml": "- {id: 19, name: Peltasts}\n"},
        r"duplicate card or wonder name 'Peltasts'",
    ),
]


@pytest.mark.parametrize("name,files,message", REFUSED, ids=[case[0] for case in REFUSED])
def test_a_mod_that_would_break_play_is_refused_naming_the_reference(tmp_path, name, files, message):
    with pytest.raises(RulesDataError, match=message):
        load_rules([mod(tmp_path, files())])


EMPTIED = ["action_cards.yaml", "objective_cards.yaml", "events.yaml", "wonders.yaml"]


@pytest.mark.parametrize("file", EMPTIED)
def test_a_mod_that_empties_a_deck_the_setup_deals_from_is_refused_or_plays(tmp_path, file):
    try:
        rules = load_rules([mod(tmp_path, {file: remove_all(file)})])
    except RulesDataError as refused:
        assert all("\n" not in problem for problem in refused.problems)
        return
    for players, seed in ((2, 4), (3, 5)):
        game = play_game(players, seed, random_agents(players, seed), rules=rules)
        assert game.phase == "over"
