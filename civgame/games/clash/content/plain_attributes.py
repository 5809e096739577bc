"""Attribute reads of pydantic models as fast as those of any object.

pydantic's `BaseModel` defines `__getattr__`, which serves private attributes (`PrivateAttr`) and extra
fields. A class with `__getattr__` has every attribute read go through a slower lookup that the
interpreter cannot specialise, and the rules read their models' attributes (`rules.units`,
`unit_type.cost`, ...) about 90 times in each action: 5 % of an action's instructions
(`python -m bench.instructions`). civgame's models declare neither private attributes nor extra
fields (`tests/engine/test_plain_attributes.py` holds every model of the package to that), so the
hook has nothing to serve and is removed; a missing attribute still raises AttributeError.

The hook belongs to `BaseModel` itself, so its removal reaches every pydantic model in the process:
a program embedding the engine cannot give its own models private attributes or extra fields.
"""

from __future__ import annotations

from pydantic import BaseModel


def remove_attribute_hook() -> None:
    """Remove `BaseModel.__getattr__` (the first call; later calls find it gone)."""
    if "__getattr__" in vars(BaseModel):
        delattr(BaseModel, "__getattr__")  # (pydantic declares it only outside type checking)
