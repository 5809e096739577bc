"""Mods: the overlay format, loading stacked mods, the user mods folder, saves made with mods,
the worked example mod, and MODDING.md's generated sections."""

import importlib.util
import re
import shutil
import sys
from pathlib import Path

import pytest
import yaml

from civgame.ai import play_game, random_agents
from civgame.framework.datafiles import Entry, RulesDataError, display_path, overlay, read_rules_file
from civgame.framework.saves import SaveError
from civgame.games.clash.content.effects import holdings_changed
from civgame.games.clash.content.ruleset import RULESETS_ROOT, ModRef, default_ruleset, replaced_whole
from civgame.games.clash.core.actions import Advance, Recruit
from civgame.games.clash.rules.actions import advances as advances_module
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import (
    MODDING_PATH,
    MODS_DIR_VARIABLE,
    REPO_ROOT,
    find_user_mod,
    list_user_mods,
    load_rules,
    load_saved_game,
    modding_text,
    user_mods_dir,
)
from civgame.games.clash.storage.save import SaveHeader, check_rules_match, read_header, save_game

EXAMPLE = REPO_ROOT / "examples" / "mods" / "cheap_advances"


def located(path: Path, text: str):
    path.write_text(text)
    data, where, problems = read_rules_file(path)
    assert problems == []
    return data, where


def write_mod(folder: Path, files: dict[str, str], info: str = "name: M\nversion: '1'\n") -> Path:
    folder.mkdir(parents=True)
    (folder / "mod.yaml").write_text(info)
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def problems_of(mods) -> list[str]:
    with pytest.raises(RulesDataError) as err:
        load_rules(mods)
    return err.value.problems


@pytest.fixture(autouse=True)
def no_user_mods(tmp_path, monkeypatch):
    """Tests never see the real user's mods: the user mods folder is an empty temporary one."""
    folder = tmp_path / "user_mods"
    folder.mkdir()
    monkeypatch.setenv(MODS_DIR_VARIABLE, str(folder))
    return folder


# ---------------------------------------------------------------- the overlay


def test_a_mapping_merges_key_by_key_adds_keys_and_removes_marked_ones(tmp_path):
    base, base_where = located(tmp_path / "base.yaml", "a: {x: 1, y: 2}\nb: 3\nc: [1, 2]\n")
    mod, mod_where = located(tmp_path / "mod.yaml", "a: {y: 5, z: 6}\nb: {remove: true}\nc: [9]\nd: new\n")
    problems: list[str] = []
    data, where = overlay(base, base_where, mod, mod_where, problems)
    assert data == {"a": {"x": 1, "y": 5, "z": 6}, "c": [9], "d": "new"}
    assert base == {"a": {"x": 1, "y": 2}, "b": 3, "c": [1, 2]}  # the base is not changed
    assert problems == []
    assert [(Path(w.file).name, w.line) for w in (where.at(("a", "x")), where.at(("a", "y")), where.at(("d",)))] == [
        ("base.yaml", 1),
        ("mod.yaml", 1),
        ("mod.yaml", 4),
    ]


def test_a_list_of_entries_with_ids_merges_by_id(tmp_path):
    base, base_where = located(
        tmp_path / "base.yaml", "- {id: 1, name: A, text: a}\n- {id: 2, name: B}\n- {id: 3, name: C}\n"
    )
    mod, mod_where = located(
        tmp_path / "mod.yaml", "- {id: 2, text: changed}\n- {id: 3, remove: true}\n- {id: 4, name: D}\n"
    )
    problems: list[str] = []
    data, where = overlay(base, base_where, mod, mod_where, problems)
    assert data == [
        {"id": 1, "name": "A", "text": "a"},
        {"id": 2, "name": "B", "text": "changed"},
        {"id": 4, "name": "D"},
    ]
    assert problems == []
    assert [(Path(w.file).name, w.line) for w in where.parts] == [("base.yaml", 1), ("mod.yaml", 1), ("mod.yaml", 3)]


def test_lists_of_named_entries_merge_by_name_at_every_depth(tmp_path):
    base, base_where = located(
        tmp_path / "base.yaml",
        "- name: Farming\n  advances: [{name: A, text: a}, {name: B}]\n- name: Science\n  advances: [{name: C}]\n",
    )
    mod, mod_where = located(
        tmp_path / "mod.yaml",
        "- name: Farming\n  advances: [{name: B, text: b}, {name: New}, {name: A, remove: true}]\n",
    )
    problems: list[str] = []
    data, _ = overlay(base, base_where, mod, mod_where, problems)
    assert data == [
        {"name": "Farming", "advances": [{"name": "B", "text": "b"}, {"name": "New"}]},
        {"name": "Science", "advances": [{"name": "C"}]},
    ]
    assert problems == []


def test_other_lists_and_plain_values_are_replaced_whole(tmp_path):
    base, base_where = located(tmp_path / "base.yaml", "effects: [{x: 1}, {y: 2}]\npay: [food, ideas]\nn: 2\n")
    mod, mod_where = located(tmp_path / "mod.yaml", "effects: [{z: 3}]\npay: [gold]\nn: {a: 1}\n")
    data, _ = overlay(base, base_where, mod, mod_where, [])
    assert data == {"effects": [{"z": 3}], "pay": ["gold"], "n": {"a": 1}}


def test_a_mapping_the_schema_marks_whole_is_replaced_not_merged(tmp_path):
    base, base_where = located(tmp_path / "base.yaml", "unit: {cost: {food: 1, ore: 1}, name: Infantry}\n")
    mod, mod_where = located(tmp_path / "mod.yaml", "unit: {cost: {ore: 1}}\n")
    data, _ = overlay(base, base_where, mod, mod_where, [], whole=lambda path: path == ("unit", "cost"))
    assert data == {"unit": {"cost": {"ore": 1}, "name": "Infantry"}}
    merged, _ = overlay(base, base_where, mod, mod_where, [])  # without the mark: merged key by key
    assert merged == {"unit": {"cost": {"food": 1, "ore": 1}, "name": "Infantry"}}


@pytest.mark.parametrize(
    "file,path,whole",
    [
        ("units", ("infantry", "cost"), True),
        ("wonders", ("pyramids", "cost"), True),
        ("game", ("building_cost",), True),
        ("game", ("government_change_cost",), True),
        ("game", ("raze",), True),
        ("game", ("barbarians", "units"), True),
        ("action_halves", ("Leadership", "cost"), True),
        ("objectives", ("Conqueror", "status"), True),
        ("objectives", ("Conqueror", "pay"), True),
        ("game", ("resource_caps",), False),  # each resource's limit is a value of its own
        ("game", ("victory_points",), False),
        ("units", ("infantry",), False),
        ("categories", (Entry("name", "Education"), "advances"), False),
    ],
)
def test_the_schema_names_the_maps_a_mod_replaces_whole(file, path, whole):
    assert replaced_whole(file)(path) is whole


def test_a_mod_giving_a_cost_replaces_the_whole_cost(tmp_path):
    base = default_ruleset()
    assert base.units["infantry"].cost == {"food": 1, "ore": 1}
    mod = write_mod(tmp_path / "m", {"units.yaml": "infantry:\n  cost: {ore: 1}\n"})
    rules = load_rules([mod])
    assert rules.units["infantry"].cost == {"ore": 1}
    assert rules.units["infantry"].name == base.units["infantry"].name  # the other keys still merge


def test_the_changes_a_mod_makes_are_listed_with_the_values_the_rules_use(tmp_path):
    one = write_mod(
        tmp_path / "one",
        {
            "units.yaml": "infantry: {cost: {ore: 1}}\nsettler: {limit: 4, cost: {food: 2}}\n",
            "game.yaml": "actions_per_turn: 2\n",
            "wonders.yaml": "colosseum: {remove: true}\n",
            "events.yaml": "- {id: 5, remove: true}\n- {id: 59, name: A quiet year, text: Nothing happens.}\n",
        },
        "name: One\nversion: '1'\n",
    )
    later = write_mod(tmp_path / "later", {"game.yaml": "actions_per_turn: 4\n"}, "name: Later\nversion: '1'\n")
    changes: list = []
    load_rules([one, later], changes=changes)
    found = {(c.mod, c.label()): c for c in changes}
    assert list(found) == [
        ("One", "actions_per_turn"),
        ("One", "infantry.cost"),
        ("One", "settler.limit"),
        ("One", "settler.cost"),
        ("One", "#5"),
        ("One", "#59"),
        ("One", "colosseum"),
        ("Later", "actions_per_turn"),
    ]
    cost = found["One", "infantry.cost"]
    units = display_path(one / "units.yaml")
    assert cost.describe() == f"{units}:1: infantry.cost: {{ore: 1}} (was {{food: 1, ore: 1}})"
    assert cost.problem() is None
    assert found["One", "settler.cost"].problem() == "changes nothing: the rules already have {food: 2}"
    assert found["One", "actions_per_turn"].problem() == "has no effect: a mod laid over it later makes it 4"
    assert found["Later", "actions_per_turn"].describe().endswith("actions_per_turn: 4 (was 2)")
    assert ": colosseum: removed (was {name: Colosseum, cost: " in found["One", "colosseum"].describe()
    assert found["One", "#59"].describe().endswith("#59: {id: 59, name: A quiet year, text: Nothing happens.} (added)")


def test_overlay_mistakes_are_problems_at_the_mod_line(tmp_path):
    base, base_where = located(tmp_path / "base.yaml", "cards: [{id: 1}, {id: 2}]\nkeep: 1\n")
    mod, mod_where = located(
        tmp_path / "mod.yaml",
        "gone: {remove: true}\ncards:\n  - {name: x}\n  - {id: 2, text: a}\n"
        "  - {id: 2, text: b}\n  - {id: 7, remove: true}\n  - {id: 1, remove: true, text: c}\n",
    )
    problems: list[str] = []
    overlay(base, base_where, mod, mod_where, problems)
    file = mod_where.file
    assert problems == [
        f"{file}:1: gone: nothing to remove: the rules have no 'gone' here",
        f"{file}:3: cards[0]: an entry needs its 'id', which says which entry it changes, adds or removes",
        f"{file}:5: cards.#2: duplicate id 2 (first on line 4)",
        f"{file}:6: cards.#7: nothing to remove: the rules have no entry with id 7 here",
        f"{file}:7: cards.#1: an entry that removes holds only its id and `remove: true`",
    ]


# ---------------------------------------------------------------- loading rules with mods


def test_without_mods_the_rules_are_the_default_ruleset():
    assert load_rules([]) is default_ruleset()
    assert default_ruleset().mods == () and default_ruleset().describe() == "monumental"


def test_a_mod_changes_adds_and_removes_entries_of_the_default_rules(tmp_path):
    mod = write_mod(
        tmp_path / "m",
        {
            "game.yaml": "actions_per_turn: 4\nresource_caps: {food: 5}\n",
            "units.yaml": "galley: {name: Galley, cost: {wood: 3}, army: false, naval: true, limit: 2, "
            "requires_building: port}\n",
            "wonders.yaml": "colosseum: {remove: true}\n",
            "advances.yaml": "- name: Science\n  advances:\n    - {name: Math, text: Changed.}\n"
            "- name: Agriculture\n  advances:\n    - {name: Husbandry, remove: true}\n",
            "action_cards.yaml": "- {id: 1, remove: true}\n"
            "- {id: 43, name: New card, action: Leadership, tactics: Flanking}\n",
            "civilizations.yaml": "china:\n  special_advances:\n    - {name: Expansion, advance: Storage}\n",
        },
    )
    rules = load_rules([mod])
    base = default_ruleset()
    assert rules.game.actions_per_turn == 4
    assert rules.game.resource_caps == {**base.game.resource_caps, "food": 5}
    assert rules.units["galley"].cost == {"wood": 3} and set(base.units) < set(rules.units)
    assert set(rules.wonders) == set(base.wonders) - {"colosseum"}
    assert rules.advance("Math").text == "Changed." and rules.advance("Math").building == "observatory"
    assert [a.name for a in rules.category_of("Storage").advances] == ["Farming", "Storage", "Irrigation"]
    assert [c.id for c in rules.action_cards] == [*[c.id for c in base.action_cards][1:], 43]
    assert rules.mods == (ModRef("M", "1"),) and rules.content_hash != base.content_hash
    assert game_actions(rules) == 4


def game_actions(rules) -> int:
    return new_game(2, seed=1, rules=rules).actions_left


def test_stacked_mods_apply_in_order(tmp_path):
    one = write_mod(tmp_path / "one", {"game.yaml": "advance_cost: {amount: 1}\n"}, "name: One\nversion: '1'\n")
    three = write_mod(
        tmp_path / "three",
        {"game.yaml": "advance_cost: {amount: 3}\nactions_per_turn: 2\n"},
        "name: Three\nversion: 2.5\n",
    )
    rules = load_rules([one, three])
    assert (rules.game.advance_cost.amount, rules.game.actions_per_turn) == (3, 2)
    assert rules.mods == (ModRef("One", "1"), ModRef("Three", "2.5"))
    assert rules.describe() == "monumental + One 1 + Three 2.5"
    assert load_rules([three, one]).game.advance_cost.amount == 1


def test_equal_rules_have_equal_fingerprints(tmp_path):
    mod = write_mod(tmp_path / "m", {"game.yaml": "ages: 6\n"})  # the base's own value
    assert load_rules([mod]).content_hash == default_ruleset().content_hash


def test_mod_folders_and_mod_yaml_are_checked(tmp_path):
    (tmp_path / "plain").mkdir()
    no_version = write_mod(tmp_path / "nov", {}, "# a comment\nname: X\nbase: elsewhere\n")
    assert problems_of([tmp_path / "missing"]) == [f"{tmp_path}/missing: no such folder"]
    assert problems_of([tmp_path / "plain"]) == [f"{tmp_path}/plain: not a mod: there is no mod.yaml (see MODDING.md)"]
    assert problems_of([no_version]) == [f"{no_version}/mod.yaml:2: version: Field required"]
    bad_base = write_mod(tmp_path / "bb", {}, "name: X\nversion: '1'\nbase: elsewhere\n")
    assert problems_of([bad_base]) == [
        f"{bad_base}/mod.yaml:3: base: there is no ruleset 'elsewhere' (available: classic-2012, monumental)"
    ]


def test_stacked_mods_need_different_names(tmp_path):
    first = write_mod(tmp_path / "a", {})
    second = write_mod(tmp_path / "b", {}, "version: '2'\nname: M\n")
    assert problems_of([first, second]) == [f"{second}/mod.yaml:2: name: 'M' is also the name of the mod in {first}"]


def test_a_mod_cannot_change_the_ruleset_id_and_holds_only_rules_files(tmp_path):
    mod = write_mod(tmp_path / "m", {"game.yaml": "ages: 5\nid: mine\n", "advance.yaml": "[]\n", "notes.txt": "hi"})
    assert problems_of([mod]) == [
        f"{mod}/advance.yaml: not a rules file; a mod may hold mod.yaml and game.yaml, terrain.yaml, units.yaml, "
        "combat.yaml, buildings.yaml, advances.yaml, map.yaml, action_cards.yaml, action_halves.yaml, "
        "tactics_halves.yaml, objective_cards.yaml, objectives.yaml, events.yaml, wonders.yaml, civilizations.yaml",
        f"{mod}/game.yaml:2: id: a mod cannot change the ruleset id ('monumental')",
    ]


def test_an_empty_mod_file_changes_nothing(tmp_path):
    mod = write_mod(tmp_path / "m", {"units.yaml": "# nothing yet\n"})
    assert load_rules([mod]).units == default_ruleset().units


def test_a_problem_from_the_mod_names_the_mod_file_and_one_left_in_the_base_names_the_base(tmp_path):
    mod = write_mod(
        tmp_path / "m",
        {
            "buildings.yaml": "academy:\n  advance: Wrting\n",
            "advances.yaml": "- name: Economy\n  advances:\n    - {name: Bartering, remove: true}\n",
        },
    )
    base_buildings = display_path(RULESETS_ROOT / "monumental" / "buildings.yaml")
    market_line = next(
        i
        for i, line in enumerate((RULESETS_ROOT / "monumental" / "buildings.yaml").read_text().splitlines(), 1)
        if line.startswith("market:")
    )
    base_civilizations = RULESETS_ROOT / "monumental" / "civilizations.yaml"
    captivi_line = next(
        i for i, line in enumerate(base_civilizations.read_text().splitlines(), 1) if "name: Captivi" in line
    )
    assert problems_of([mod]) == [
        f"{mod}/buildings.yaml:2: academy.advance: unknown advance 'Wrting'",
        f"{base_buildings}:{market_line + 2}: market.advance: unknown advance 'Bartering'",
        f"{display_path(base_civilizations)}:{captivi_line + 1}: rome.Captivi.advance: unknown advance 'Bartering'",
    ]


# ---------------------------------------------------------------- the user mods folder


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are those of Linux")
def test_the_user_mods_folder_follows_xdg_unless_overridden(monkeypatch, tmp_path):
    monkeypatch.delenv(MODS_DIR_VARIABLE)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert user_mods_dir() == tmp_path / "xdg" / "civgame" / "mods"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert user_mods_dir() == Path.home() / ".local" / "share" / "civgame" / "mods"
    monkeypatch.setenv(MODS_DIR_VARIABLE, str(tmp_path / "mine"))
    assert user_mods_dir() == tmp_path / "mine"


def test_list_user_mods_lists_mod_folders_and_marks_broken_ones(no_user_mods):
    shutil.copytree(EXAMPLE, no_user_mods / "cheap")
    write_mod(no_user_mods / "broken", {}, "name: [not, text]\nversion: '1'\n")
    (no_user_mods / "not_a_mod").mkdir()
    mods = list_user_mods()
    assert [(m.path.name, m.name) for m in mods] == [("broken", "broken"), ("cheap", "Cheap advances")]
    assert mods[0].info is None and mods[0].problems == (
        f"{no_user_mods}/broken/mod.yaml:1: name: Input should be a valid string",
    )
    assert mods[1].info.version == "1.0" and mods[1].problems == ()


def test_find_user_mod_prefers_the_same_version(no_user_mods):
    write_mod(no_user_mods / "a", {}, "name: M\nversion: '1'\n")
    write_mod(no_user_mods / "b", {}, "name: M\nversion: '2'\n")
    assert find_user_mod(ModRef("M", "2")).path.name == "b"
    assert find_user_mod(ModRef("M", "3")).path.name == "a"
    assert find_user_mod(ModRef("N", "1")) is None


# ---------------------------------------------------------------- saves made with mods


@pytest.fixture
def modded_save(tmp_path):
    game = new_game(2, seed=2, rules=load_rules([EXAMPLE]))
    path = tmp_path / "modded.yaml"
    save_game(game, path)
    return path, game


def test_a_save_records_the_ruleset_its_mods_and_a_fingerprint_of_the_rules(modded_save):
    path, game = modded_save
    document = yaml.safe_load(path.read_text())
    assert list(document)[:7] == ["format", "game_id", "version", "ruleset", "mods", "rules_hash", "game"]
    assert document["mods"] == [{"name": "Cheap advances", "version": "1.0"}]
    assert document["rules_hash"] == game.rules.content_hash
    assert read_header(path) == SaveHeader("monumental", (ModRef("Cheap advances", "1.0"),), game.rules.content_hash)


def test_the_header_is_read_without_decoding_the_game(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("format: civgame-save\nversion: 1\nruleset: monumental\nmods: []\ngame: {broken: [\n")
    assert read_header(path) == SaveHeader("monumental")
    path.write_text("format: civgame-save\nversion: 1\nruleset: monumental\nmods: [x]\ngame: {}\n")
    with pytest.raises(SaveError, match=r"mods: expected a list of \{name, version\} of text"):
        read_header(path)


def test_rules_that_differ_from_the_save_give_a_warning(modded_save, tmp_path):
    path, game = modded_save
    header = read_header(path)
    assert check_rules_match(header, game.rules) is None
    assert check_rules_match(header, default_ruleset()) == (
        "this save was made with the rules monumental + Cheap advances 1.0, but the rules in use are monumental; "
        "the game may not play as it did"
    )
    edited = tmp_path / "edited"
    shutil.copytree(EXAMPLE, edited)
    (edited / "game.yaml").write_text("advance_cost: {amount: 0}\n")
    assert check_rules_match(header, load_rules([edited])) == (
        "the rules data of monumental + Cheap advances 1.0 has changed since this save was made; "
        "the game may not play as it did"
    )
    old_save = SaveHeader("monumental")  # from before mods and fingerprints were recorded
    assert check_rules_match(old_save, default_ruleset()) is None


def test_loading_with_other_rules_returns_the_game_and_the_warning(tmp_path):
    path = tmp_path / "plain.yaml"
    save_game(new_game(2, seed=2), path)
    mod = write_mod(tmp_path / "m", {"game.yaml": "actions_per_turn: 4\n"}, "name: Busy\nversion: '1'\n")
    game, warning = load_saved_game(path, [mod])
    assert game.rules.game.actions_per_turn == 4
    assert warning == (
        "this save was made with the rules monumental, but the rules in use are monumental + Busy 1; "
        "the game may not play as it did"
    )


def test_a_save_that_does_not_fit_other_rules_says_which_rules_differ(tmp_path):
    path = tmp_path / "plain.yaml"
    save_game(new_game(2, seed=2), path)  # the event deck holds card 5, which the example removes
    with pytest.raises(
        SaveError,
        match=r"unknown event card 5 \(this save was made with the rules monumental, "
        r"but the rules in use are monumental \+ Cheap advances 1.0\)",
    ):
        load_saved_game(path, [EXAMPLE])


def test_a_save_whose_mod_is_not_installed_is_an_error(modded_save, no_user_mods):
    path, _ = modded_save
    with pytest.raises(RulesDataError) as err:
        load_saved_game(path)
    assert err.value.problems == [
        f"{path}: this save was made with the mod 'Cheap advances' (version 1.0), which is not installed: put its "
        f"folder in {no_user_mods} (or name its folder with `civgame --rules DIR`)"
    ]


def test_a_save_finds_its_mods_in_the_user_mods_folder(modded_save, no_user_mods):
    path, game = modded_save
    shutil.copytree(EXAMPLE, no_user_mods / "cheap_advances")
    loaded, warning = load_saved_game(path)
    assert warning is None and loaded.rules.mods == game.rules.mods
    assert loaded.rules.content_hash == game.rules.content_hash


# ---------------------------------------------------------------- the worked example


def test_the_example_mod_changes_what_its_description_says():
    rules = load_rules([EXAMPLE])
    base = default_ruleset()
    assert rules.game.advance_cost.amount == 1 and rules.game.advance_cost.pay_with == base.game.advance_cost.pay_with
    assert rules.units["settler"].cost == {"food": 1} and rules.units["settler"].limit == base.units["settler"].limit
    assert [a.name for a in rules.category_of("Writing").advances] == [
        "Writing",
        "Public Education",
        "Free Education",
        "Philosophy",
        "Libraries",
    ]
    assert [c.id for c in rules.events] == [c.id for c in base.events if c.id != 5]


def test_the_example_mod_plays_a_whole_game_where_advances_cost_one(monkeypatch):
    paid: list[dict[str, int]] = []
    real_pay = advances_module.pay

    def recording_pay(player, payment):
        paid.append(dict(payment))
        real_pay(player, payment)

    monkeypatch.setattr(advances_module, "pay", recording_pay)  # advances.py pays only for bought advances
    rules = load_rules([EXAMPLE])
    game = play_game(2, 5, random_agents(2, 5), rules=rules)
    assert game.phase == "over" and game.rules is rules
    assert {sum(p.values()) for p in paid} <= {0, 1}  # 0: an advance an effect makes free
    assert sum(1 for p in paid if sum(p.values()) == 1) >= 5


def test_the_example_settler_costs_one_food():
    game = new_game(2, seed=1, rules=load_rules([EXAMPLE]))
    player = game.player(game.actor())
    player.resources.update(food=1)
    recruits = [a for a in legal_actions(game) if isinstance(a, Recruit)]
    assert [a.units for a in recruits] == [("settler",)]
    apply(game, recruits[0])
    assert player.resources["food"] == 0


def test_the_example_libraries_advance_gives_two_ideas():
    game = new_game(2, seed=1, rules=load_rules([EXAMPLE]))
    player = game.player(game.actor())
    player.advances.append("Writing")
    holdings_changed(game)
    player.resources.update(food=0, ideas=1, gold=0)
    apply(game, Advance("Libraries", payment={"ideas": 1}))
    assert player.has("Libraries") and player.resources["ideas"] == 2 and player.culture_tokens == 1


# ---------------------------------------------------------------- MODDING.md


def test_modding_md_generated_sections_are_up_to_date():
    text = MODDING_PATH.read_text(encoding="utf-8")
    assert modding_text(text) == text, "run: python -m civgame.games.clash.storage.mods --write-modding"
    assert "### `on_gain`" in text and "#### GameRules" in text


def test_modding_text_refuses_a_page_without_its_markers():
    with pytest.raises(ValueError, match="lost its markers of the generated schema section"):
        modding_text("# Modding\n")


def modding_examples() -> dict[str, str]:
    """MODDING.md's examples of mod files (the YAML blocks that start `# <file>.yaml`), joined by file."""
    files: dict[str, str] = {}
    for block in MODDING_PATH.read_text().split("```yaml\n")[1:]:
        text = block.split("```", 1)[0]
        name = text.split()[1].rstrip(":") if text.startswith("# ") else ""
        if name.endswith(".yaml"):
            files[name] = files.get(name, "") + text
    return files


def test_modding_md_examples_are_one_valid_mod_that_does_what_they_say(tmp_path):
    examples = modding_examples()
    assert set(examples) == {"game.yaml", "units.yaml", "wonders.yaml", "advances.yaml", "events.yaml"}
    rules = load_rules([write_mod(tmp_path / "examples", examples)])
    assert rules.game.advance_cost.amount == 1
    assert rules.units["settler"].cost == {"food": 1} and rules.units["galley"].requires_building == "port"
    assert "colosseum" not in rules.wonders and rules.wonders["harbour_of_plenty"].builder_vp == 2
    assert rules.advance("Libraries").text == "When gained, gain 2 ideas."
    assert "Storage" not in {a.name for c in rules.categories for a in c.advances}
    assert 5 not in {e.id for e in rules.events} and rules.event(59).name == "A quiet year"


def test_modding_md_names_modules_that_exist():
    text = MODDING_PATH.read_text()
    paths = set(re.findall(r"`(civgame/[\w/]+(?:\.py)?)`", text))
    assert paths and [p for p in paths if not (REPO_ROOT / p).exists()] == []
    modules = set(re.findall(r"python -m (civgame[\w.]*)", text))
    assert modules and [m for m in modules if importlib.util.find_spec(m) is None] == []


def test_the_generated_reference_writes_types_as_modders_write_values():
    text = modding_text(MODDING_PATH.read_text())
    for python in ("dict[", "list[", "Literal[", "Optional[", "Annotated[", "[civgame.", "PydanticUndefined", "| None"):
        assert python not in text, python
    assert "- `options`: list, each a mapping with the keys below (at least 1 entry)\n  - `pay`: mapping of " in text
    assert (
        "| `cost` | mapping of one of `food`, `wood`, `ore`, `ideas`, `gold`, `mood`, `culture` to whole number; "
        "a mod's value replaces it whole | required |" in text
    )
    assert "- `units`: list of text (at least 1 entry) (default `[settler, infantry]`)" in text
