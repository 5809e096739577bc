"""pydantic's attribute hook is gone, and no model of civgame needs it (`content.plain_attributes`)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from pydantic import BaseModel

import civgame
from civgame.games.clash.content.ruleset import default_ruleset


def _civgame_models() -> list[type[BaseModel]]:
    for module in pkgutil.walk_packages(civgame.__path__, "civgame."):
        if not module.name.startswith(("civgame.ui", "civgame.__main__")):
            importlib.import_module(module.name)
    found, todo = [], [BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("civgame."):
                found.append(sub)
    return found


def test_the_engine_runs_without_pydantic_attribute_hook() -> None:
    assert "__getattr__" not in vars(BaseModel)
    assert not any("__getattr__" in vars(klass) for klass in type(default_ruleset()).__mro__)


def test_no_model_declares_private_attributes_or_extra_fields() -> None:
    models = _civgame_models()
    assert len(models) > 100  # the rules schema, effect and condition parameters, mod descriptions
    assert [m.__name__ for m in models if m.__private_attributes__] == []
    assert [m.__name__ for m in models if m.model_config.get("extra") not in (None, "forbid", "ignore")] == []


def test_a_missing_attribute_still_raises_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = default_ruleset().nothing_here  # type: ignore[attr-defined]


def test_objective_conditions_and_mods_read_as_before() -> None:
    rules = default_ruleset()
    assert rules.mods == ()
    for objective in rules.objectives.values():
        for part in ("status", "instant", "automatic"):
            raw = getattr(objective, part)
            assert (objective.condition(part) is None) == (raw is None)
