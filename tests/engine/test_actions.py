"""Actions stay immutable, comparable dataclasses with their quicker `__init__`."""

import dataclasses
import inspect

import pytest

from civgame.games.clash.core.actions import Action, Collect, Recruit


@pytest.mark.parametrize("cls", sorted(Action.REGISTRY.values(), key=lambda c: c.__name__), ids=lambda c: c.__name__)
def test_every_action_takes_its_fields_in_order_with_their_defaults_and_stays_frozen(cls):
    fields = dataclasses.fields(cls)
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in parameters] == [f.name for f in fields]
    assert [p.default for p in parameters] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]
    values = {f.name: {"food": 1} if str(f.type).startswith("dict") else f"value of {f.name}" for f in fields}
    action = cls(**values)
    assert dataclasses.asdict(action) == values
    assert action == cls(*values.values()) and hash(action) == hash(cls(*values.values()))
    for field in fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(action, field.name, "changed")


def test_defaults_are_filled_in_and_replace_makes_a_new_action():
    recruit = Recruit(3, ("infantry",))
    assert recruit.payment is None
    paid = dataclasses.replace(recruit, payment={"food": 1})
    assert paid.payment == {"food": 1} and recruit.payment is None
    assert Collect(1, ()) != Collect(2, ())
