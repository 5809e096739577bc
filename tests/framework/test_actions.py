"""Action classes made quickly: `quick_inits` writes the fields straight into the instance."""

from dataclasses import FrozenInstanceError, dataclass, field
from typing import ClassVar

import pytest

from civgame.framework.actions import quick_inits
from tests.framework.toy import NimAction


@dataclass(frozen=True)
class Move(NimAction):
    KIND: ClassVar[str] = "test_move"
    figure: int
    to: str = "north"


@dataclass(frozen=True)
class Plain(NimAction):
    KIND: ClassVar[str] = "test_plain"
    figure: int
    to: str = "north"


@dataclass(frozen=True)
class Listed(NimAction):
    KIND: ClassVar[str] = "test_listed"
    items: list[int] = field(default_factory=list)


quick_inits([Move])


def test_a_quick_init_makes_the_same_frozen_action_without_calling_setattr():
    assert "__dataclass_builtins_object__" not in Move.__init__.__code__.co_names
    for made in (Move(3), Move(3, "east"), Move(figure=3, to="east")):
        plain = Plain(made.figure, made.to)
        assert (made.figure, made.to, repr(made).replace("Move", "Plain")) == (plain.figure, plain.to, repr(plain))
    assert Move(3) == Move(3, "north") != Move(3, "east") and hash(Move(3)) == hash(Move(3, "north"))
    with pytest.raises(FrozenInstanceError):
        Move(3).to = "east"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Move()  # type: ignore[call-arg]


def test_a_field_made_by_a_factory_is_left_to_the_dataclass():
    with pytest.raises(TypeError, match="only plain fields"):
        quick_inits([Listed])
