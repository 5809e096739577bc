"""The 2012 edition as rules data: its content, its stand-ins marked provisional, and choosing it."""

import shutil

import pytest

from civgame.framework.datafiles import RulesDataError
from civgame.games.clash.content.ruleset import PROVISIONAL, RULESETS_ROOT, load_ruleset
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import load_rules
from civgame.games.clash.storage.save import dumps, read_header, save_game
from tests.classic import CLASSIC_2012, classic_rules


def test_the_2012_edition_has_its_48_advances_7_wonders_and_component_limits():
    rules = classic_rules()
    assert len(rules.categories) == 12 and all(len(c.advances) == 4 for c in rules.categories)
    assert [c.name for c in rules.categories if c.government] == ["Democracy", "Autocracy", "Theocracy"]
    assert [c.advances[0].name for c in rules.categories] == [
        "Farming", "Mining", "Fishing", "Writing", "Tactics", "Myths",
        "Bartering", "Art & Sculptures", "Mathematics", "Voting", "Nationalism", "Dogma",
    ]  # fmt: skip
    assert rules.advance("Roads").requires == "Engineering"
    assert rules.advance("Navigation").requires == "Cartography"
    assert rules.advance("Steel Weapons").extra_cost == {"ore": 2}
    assert rules.category_of("Nationalism").requires == "Draft"
    assert len(rules.wonders) == 7
    assert all(w.owner_vp == 5 and w.builder_vp == 0 for w in rules.wonders.values())
    assert not rules.game.city.wonders_add_to_size
    assert {key: b.limit for key, b in rules.buildings.items()} == dict.fromkeys(
        ("academy", "fortress", "port", "temple"), 7
    )
    assert {key: u.limit for key, u in rules.units.items()} == {"settler": 4, "infantry": 16, "ship": 4}
    assert rules.game.barbarians.units == {"infantry": 16} and rules.game.barbarians.settlements == 7
    assert rules.game.resource_caps == {"food": 2, "wood": 8, "ore": 8, "ideas": 8, "gold": 8}
    assert rules.game.scale is not None and rules.game.scale.event_levels == [3, 5, 7]
    assert [face.value for face in rules.combat.die] == [1, 2, 3, 4, 5, 6]
    assert rules.civilizations == {} and rules.objective_cards == []


def test_every_stand_in_says_it_is_provisional_where_the_players_read_it():
    rules = classic_rules()
    standing_in = [a.name for c in rules.categories for a in c.advances if a.provisional]
    assert standing_in == [
        "Public Education", "Free Education", "Priesthood", "Bartering", "Currency",
        "Mathematics", "Astronomy", "Chemistry", "Nationalism", "Absolute Power",
    ]  # fmt: skip
    cards = [*rules.action_cards, *rules.events, *rules.wonders.values(), *rules.units.values()]
    assert all(item.provisional and PROVISIONAL in item.text for item in cards)
    assert rules.game.provisional  # the rules-level stand-ins, shown beside the ruleset


def edited_copy(tmp_path, file, old, new):
    """A copy of the 2012 rules with `old` replaced by `new` in one of its files."""
    folder = tmp_path / "rules"
    shutil.copytree(RULESETS_ROOT / CLASSIC_2012, folder)
    text = (folder / file).read_text()
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1))
    return folder


def test_a_stand_in_without_its_note_is_a_problem(tmp_path):
    old = 'text: "Founds a city. Never fights; eliminated when alone with enemy armies. Provisional:'
    folder = edited_copy(tmp_path, "units.yaml", old, 'text: "Founds a city. And:')
    with pytest.raises(RulesDataError, match=r"settler: provisional content must say so in its text"):
        load_ruleset(folder)


def test_a_requirement_must_be_another_advance_of_the_category(tmp_path):
    folder = edited_copy(tmp_path, "advances.yaml", "requires: Engineering", "requires: Fishing")
    with pytest.raises(RulesDataError, match=r"Roads.requires: 'Fishing' is not another advance of Construction"):
        load_ruleset(folder)


def test_events_come_from_the_tracker_or_the_scale_not_both(tmp_path):
    folder = edited_copy(tmp_path, "game.yaml", "  city_mood: neutral", "  event_cubes: 3\n  city_mood: neutral")
    with pytest.raises(RulesDataError, match=r"scale: give either starting.event_cubes or scale"):
        load_ruleset(folder)


def test_a_game_of_the_2012_edition_is_saved_and_loaded_with_its_rules(tmp_path):
    game = new_game(3, 4, classic_rules())
    path = tmp_path / "save.yaml"
    save_game(game, path)
    assert read_header(path).ruleset == CLASSIC_2012
    loaded = DEFINITION.loads(dumps(game), "save")
    assert loaded.rules is classic_rules() and dumps(loaded) == dumps(game)


def test_a_mod_changes_the_ruleset_it_names_only(tmp_path):
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: M\nversion: '1'\n")
    with pytest.raises(RulesDataError, match=r"base: 'M' changes the 'monumental' rules, not the 'classic-2012'"):
        load_rules([mod], CLASSIC_2012)
    assert load_rules([], CLASSIC_2012) is classic_rules()
