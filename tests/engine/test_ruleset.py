"""Loading and validating rules data: a bad file gives `file: path: problem`."""

import shutil

import pytest

from civgame.framework.datafiles import RulesDataError
from civgame.games.clash.content.ruleset import RULESETS_ROOT, load_ruleset


@pytest.fixture
def mod_dir(tmp_path):
    target = tmp_path / "mod"
    shutil.copytree(RULESETS_ROOT / "monumental", target)
    return target


def test_default_ruleset_content_counts():
    rules = load_ruleset("monumental")
    assert len(rules.categories) == 12
    assert all(len(c.advances) == 4 for c in rules.categories)
    assert [c.name for c in rules.categories if c.government] == ["Democracy", "Autocracy", "Theocracy"]
    assert len(rules.map.regular_tiles) == 16
    assert len(rules.action_cards) == 42 and len(rules.objective_cards) == 38
    assert len(rules.events) == 58 and len(rules.wonders) == 8
    assert len(rules.combat.die) == 12


def test_wrong_type_names_file_and_key_path(mod_dir):
    text = (mod_dir / "game.yaml").read_text().replace("stacking_limit: 4", "stacking_limit: four")
    (mod_dir / "game.yaml").write_text(text)
    with pytest.raises(RulesDataError) as err:
        load_ruleset(mod_dir)
    assert err.value.problems == [
        f"{mod_dir}/game.yaml:32: stacking_limit: Input should be a valid integer, "
        "unable to parse string as an integer (got 'four')"
    ]


def test_unknown_key_is_reported(mod_dir):
    with (mod_dir / "units.yaml").open("a") as fh:
        fh.write("  speed: 3\n")
    last_line = len((mod_dir / "units.yaml").read_text().splitlines())
    with pytest.raises(RulesDataError, match=rf"units.yaml:{last_line}: leader.speed: Extra inputs"):
        load_ruleset(mod_dir)


def test_broken_yaml_reports_the_line(mod_dir):
    (mod_dir / "terrain.yaml").write_text("grassland: {code: G\nforest: [\n")
    with pytest.raises(RulesDataError, match=r"terrain.yaml:\d+: not valid YAML"):
        load_ruleset(mod_dir)


def test_missing_file(mod_dir):
    (mod_dir / "wonders.yaml").unlink()
    with pytest.raises(RulesDataError, match=r"wonders\.yaml: file is missing"):
        load_ruleset(mod_dir)


def test_dangling_reference_is_reported(mod_dir):
    text = (mod_dir / "buildings.yaml").read_text().replace("advance: Writing", "advance: Wrting")
    (mod_dir / "buildings.yaml").write_text(text)
    with pytest.raises(RulesDataError, match="unknown advance 'Wrting'"):
        load_ruleset(mod_dir)


def test_a_mod_changing_a_number_changes_play(mod_dir):
    from civgame.games.clash.rules.flow.setup import new_game

    text = (mod_dir / "game.yaml").read_text().replace("actions_per_turn: 3", "actions_per_turn: 4")
    (mod_dir / "game.yaml").write_text(text)
    game = new_game(2, seed=1, rules=load_ruleset(mod_dir))
    assert game.actions_left == 4


def test_unknown_building_effect_is_refused_at_load(mod_dir):
    text = (
        (mod_dir / "buildings.yaml")
        .read_text()
        .replace("on_built: [{gain: {ideas: 2}}]", "on_built: [{gian: {ideas: 2}}]")
    )
    (mod_dir / "buildings.yaml").write_text(text)
    with pytest.raises(RulesDataError, match=r"buildings\.yaml:6: academy\.on_built: unknown effect 'gian'"):
        load_ruleset(mod_dir)


@pytest.mark.parametrize(
    "file,old,new,message",
    [
        (
            "game.yaml",
            "resource_caps: {food: 2, wood: 7, ore: 7, ideas: 7, gold: 7}",
            "resource_caps: {food: 2, wood: 7}",
            "needs an amount for every resource; missing ore, ideas, gold",
        ),
        ("game.yaml", "objective_cards: 1", "objective_cards: 9223372036854775808", "less than or equal to 100"),
        ("map.yaml", "anchor: D1", "anchor: Q", "String should match pattern"),
        ("buildings.yaml", "on_built: [{gain: {ideas: 2}}]", "on_built: [{}]", "at least 1 item"),
        ("advances.yaml", "barren, resources: [food]}}", "barren, resources: [spice]}}", "collect_yield: resources.0"),
        ("events.yaml", "effect_kept: [pyramids]", "effect_kept: [pyramid]", "unknown wonder 'pyramid'"),
        (
            "events.yaml",
            "effect_kept: [pyramids]",
            "effect_kept: [great_wall]",
            "the great_wall wonder has effects beyond its VP: they cannot be kept",
        ),
    ],
)
def test_mods_that_would_break_play_are_refused_when_loaded(mod_dir, file, old, new, message):
    text = (mod_dir / file).read_text()
    assert old in text
    (mod_dir / file).write_text(text.replace(old, new, 1))
    with pytest.raises(RulesDataError) as err:
        load_ruleset(mod_dir)
    assert any(file in p and message in p for p in err.value.problems), err.value.problems
