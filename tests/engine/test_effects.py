"""The effect-primitive registry: parsing, validation in rules data, the generated reference."""

import shutil
from pathlib import Path

import pytest

from civgame.framework.datafiles import RulesDataError
from civgame.games.clash.content.effects import REGISTRY, parse_effect
from civgame.games.clash.content.effects.docs import reference
from civgame.games.clash.content.ruleset import RULESETS_ROOT, load_ruleset

DOCS = Path(__file__).resolve().parents[2] / "docs" / "effects.md"


def test_every_primitive_documents_itself_with_a_valid_example():
    for name, prim in REGISTRY.items():
        assert prim.doc and prim.when, name
        assert parse_effect("example", prim.example).name == name


def test_generated_reference_is_up_to_date():
    assert DOCS.read_text() == reference(), "run: python -m civgame.games.clash.content.effects > docs/effects.md"


@pytest.mark.parametrize(
    "raw,message",
    [
        ({"no_such_thing": {}}, "unknown effect primitive 'no_such_thing'"),
        ({"resource_cap": {"resource": "food"}}, "resource_cap: limit: Field required"),
        ({"resource_cap": {"resource": "spice", "limit": 3}}, "resource_cap: resource: Input should be"),
        ({"a": 1, "b": 2}, "exactly one primitive"),
    ],
)
def test_bad_effects_are_explained(raw, message):
    with pytest.raises(ValueError, match=message):
        parse_effect("X", raw)


def test_a_bad_effect_in_rules_data_names_the_advance(tmp_path):
    mod = tmp_path / "mod"
    shutil.copytree(RULESETS_ROOT / "monumental", mod)
    text = (mod / "advances.yaml").read_text().replace("limit: 7}}]", "limt: 7}}]")
    (mod / "advances.yaml").write_text(text)
    with pytest.raises(RulesDataError, match=r"advances.yaml:10: Storage.effects\[0\]: resource_cap"):
        load_ruleset(mod)
