"""The rules data: it loads, every reference is checked, problems name file and line, and the
catalogue's house rules that generated data (tiles) still hold."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from civgame.framework.datafiles import RulesDataError
from civgame.games.sidmeier.content import ruleset as rs
from civgame.games.sidmeier.content.docs import DOCS_PATH
from civgame.games.sidmeier.content.registry import KIND_OF, docs_markdown
from civgame.games.sidmeier.content.ruleset import load_rules

RULES = load_rules()


def test_the_base_game_content_is_complete():
    assert sorted(RULES.civilizations) == ["america", "china", "egypt", "germany", "rome", "russia"]
    levels = [t.level for t in RULES.techs.values()]
    assert [levels.count(level) for level in (1, 2, 3, 4, 5)] == [10, 10, 9, 7, 1]  # 36 per deck + Space Flight
    assert len(RULES.unit_cards) == 15 * 3 + 8
    assert len(RULES.great_person_ids) == 18
    assert sum(f.markers for f in RULES.families.values()) == 49
    assert len(RULES.tiles.home_tiles) == 6 and len(RULES.tiles.neutral_tiles) == 14
    assert RULES.culture_deck_size() == 47 and len(RULES.culture_card_ids) >= 47
    assert RULES.huts.huts.count == 20 and RULES.huts.villages.count == 10
    assert sorted(RULES.governments) == sorted(
        ["anarchy", "communism", "democracy", "despotism", "feudalism", "fundamentalism", "monarchy", "republic"]
    )


def test_every_unknown_value_is_marked_provisional():
    """The catalogue's house rules stay visible: techs whose texts are unknown, every wonder (culture per
    marker), governments, units, buildings, great people, the track, the tiles and the hut mix."""
    assert all(w.provisional for w in RULES.wonders.values())
    assert all(u.provisional for u in RULES.units.values())
    assert all(f.provisional for f in RULES.families.values())
    assert all(g.provisional for g in RULES.great_people.values())
    assert all(g.provisional for g in RULES.governments.values() if not g.transitional)
    assert RULES.track.provisional and RULES.huts.provisional and RULES.map.layouts_provisional
    assert all(t.provisional for t in RULES.tiles.home_tiles + RULES.tiles.neutral_tiles)
    assert RULES.techs["masonry"].provisional and not RULES.techs["writing"].provisional


def test_neutral_tiles_follow_the_catalogues_generator_house_rule():
    mix = {"grassland": 5, "forest": 4, "mountain": 3, "desert": 2, "water": 2}
    for tile in RULES.tiles.neutral_tiles:
        squares = [s for row in tile.squares for s in row]
        assert {t: sum(s.terrain == t for s in squares) for t in mix} == mix, tile.id
        features = [s for s in squares if s.feature]
        assert len(features) == 1 and features[0].terrain != "water", tile.id


def test_home_tiles_give_every_capital_square_enough_around_it():
    for tile in RULES.tiles.home_tiles:
        for r, c in ((1, 1), (1, 2), (2, 1), (2, 2)):
            assert tile.squares[r][c].terrain != "water"
            around = [tile.squares[r + dr][c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
            totals = [sum(s.icons[i] for s in around) for i in range(3)]
            assert totals[0] >= 2 and totals[1] >= 2 and totals[2] >= 1, tile.id


def test_the_effects_reference_is_up_to_date_and_covers_every_primitive():
    assert DOCS_PATH.read_text(encoding="utf-8") == docs_markdown(), "run python -m civgame.games.sidmeier.content.docs"
    every = load_rules(expansions=[e.id for e in RULES.game.expansions])  # the base game and every expansion
    used = {
        e.name
        for records in (every.techs, every.wonders, every.governments, every.culture_cards)
        for record in records.values()
        for e in record.effects
    }
    used |= {e.name for card in every.culture_cards.values() for _, effects in card.plays() for e in effects}
    used |= {e.name for c in every.civilizations.values() for e in [*c.setup, *c.abilities]}
    used |= {e.name for card in every.investments.values() for a in card.abilities for e in a.effects}
    used |= {e.name for special in every.huts.specials for e in special.effects}
    used |= {e.name for policy in every.policies.values() for e in policy.effects}
    used |= {e.name for relic in every.relics.values() for e in relic.effects}
    used |= {e.name for marker in every.city_states.markers for e in marker.effects}
    used |= {e.name for person in every.person_cards.values() for e in person.effects}
    assert used == set(KIND_OF), "every declared primitive is used by some content, and only those"


@pytest.fixture
def copy_of_data(tmp_path: Path) -> Path:
    target = tmp_path / "sid-meier"
    shutil.copytree(rs.DEFAULT_FOLDER, target)
    return target


def _problems(folder: Path) -> list[str]:
    with pytest.raises(RulesDataError) as caught:
        load_rules(folder)
    return caught.value.all_problems


def test_an_unknown_key_and_a_wrong_type_are_refused_with_file_and_line(copy_of_data: Path):
    path = copy_of_data / "techs.yaml"
    before = "    level: 1\n    provisional: true\n    buildings: [barracks]"
    text = path.read_text().replace(before, "    level: one\n    colour: red\n    buildings: [barracks]", 1)
    path.write_text(text)
    line = text.splitlines().index("    level: one") + 1
    assert _problems(copy_of_data) == [
        f"{path}:{line}: techs.#animal_husbandry.level: Input should be a valid integer (got 'one')",
        f"{path}:{line + 1}: techs.#animal_husbandry.colour: Extra inputs are not permitted",
    ]


def test_a_reference_to_nothing_is_refused_with_file_and_line(copy_of_data: Path):
    path = copy_of_data / "civilizations.yaml"
    text = path.read_text().replace("starting_tech: writing", "starting_tech: telepathy")
    path.write_text(text)
    line = text.splitlines().index("    starting_tech: telepathy") + 1
    assert _problems(copy_of_data) == [f"{path}:{line}: china: no tech 'telepathy'"]


def test_an_unknown_effect_primitive_is_refused(copy_of_data: Path):
    path = copy_of_data / "wonders.yaml"
    path.write_text(path.read_text().replace("{start_gain: {culture: 1}}", "{start_glory: {culture: 1}}"))
    assert any("unknown effect primitive 'start_glory'" in p for p in _problems(copy_of_data))


def test_a_mod_folder_changes_a_provisional_value(tmp_path: Path):
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "buildings.yaml").write_text(
        "families:\n  - id: temple\n    basic: {id: temple, name: Temple, cost: 5, icons: {culture: 3}}\n"
    )
    rules = load_rules(mods=[mod])
    assert rules.faces["temple"].face.cost == 5 and rules.faces["cathedral"].face.cost == 10
    assert rules.mods == [str(mod)]


def test_a_description_marks_every_provisional_record_and_only_those():
    from civgame.games.sidmeier.content.describe import PROVISIONAL, describe

    groups = (
        RULES.techs,
        RULES.wonders,
        RULES.civilizations,
        RULES.governments,
        RULES.culture_cards,
        RULES.great_people,
        RULES.units,
    )
    for group in groups:
        for key, record in group.items():
            assert (PROVISIONAL in describe(RULES, key)) == record.provisional, key
    for key, face in RULES.faces.items():
        assert (PROVISIONAL in describe(RULES, key)) == face.family.provisional
    assert "[value 3]" in describe(RULES, "masonry") and "Unlocks: City Walls." in describe(RULES, "masonry")
