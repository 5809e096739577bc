"""The types of rules data in the words a modder writes them in: `whole number`, `mapping of one of `food`,
`ore` to whole number`, never Python's `dict[Literal['food', 'ore'], int]`.

Used by the generated reference pages (a game's schema reference and its effect primitives). A class that
rules data gives in a form of its own (not a pydantic model) may say how it is written in a class
attribute `written_as`.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable
from typing import Any

import yaml
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from civgame.framework.datafiles import is_whole

ModelText = Callable[[type[BaseModel]], str]  # how a nested model is referred to (a link, "see below")

PLAIN: dict[object, str] = {
    str: "text",
    int: "whole number",
    float: "number",
    bool: "`true` or `false`",
    dict: "mapping",
    list: "list",
    tuple: "list",
    Any: "any value",
    object: "any value",
}
BOUNDS = (("gt", "above"), ("ge", "at least"), ("lt", "below"), ("le", "at most"))
LENGTHS = (("min_length", "at least"), ("max_length", "at most"))
WHOLE_NOTE = "; a mod's value replaces it whole"


def type_text(annotation: object, model_text: ModelText) -> str:
    """`annotation` in a modder's words; nested pydantic models as `model_text` refers to them."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return type_text(args[0], model_text) + constraints_text(args[1:], args[0])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return model_text(annotation)
    written_as = getattr(annotation, "written_as", None)
    if isinstance(written_as, str):
        return written_as
    if origin is typing.Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args)
    if origin is dict:
        return f"mapping of {type_text(args[0], model_text)} to {type_text(args[1], model_text)}" if args else "mapping"
    if origin in (list, tuple, set, frozenset):
        if not args:
            return "list"
        entry = type_text(args[0], model_text)
        return f"list, each {entry}" if entry.startswith("a ") else f"list of {entry}"
    if args and origin in (typing.Union, type(int | None)):  # X | Y, X | None
        rest = [a for a in args if a is not type(None)]
        choices = [c for a in rest if typing.get_origin(a) is typing.Literal for c in typing.get_args(a)]
        others = [a for a in rest if typing.get_origin(a) is not typing.Literal]
        texts = [type_text(typing.Literal[tuple(choices)], model_text)] if choices else []
        text = " or ".join(texts + [type_text(a, model_text) for a in others])
        return f"{text} or `null`" if len(rest) < len(args) else text
    return PLAIN.get(annotation, getattr(annotation, "__name__", str(annotation)))


def constraints_text(metadata: Iterable[object], annotation: object) -> str:
    """The bounds a value must keep (" (at least 1)"), and whether a mod replaces it whole."""
    metadata = list(metadata)
    one, many = ("character", "characters") if annotation is str else ("entry", "entries")
    words = []
    for item in metadata:
        for attr, word in BOUNDS:
            value = getattr(item, attr, None)
            if value is not None:
                words.append(f"{word} {value:g}" if isinstance(value, float) else f"{word} {value}")
        for attr, word in LENGTHS:
            value = getattr(item, attr, None)
            if value is not None:
                words.append(f"{word} {value} {one if value == 1 else many}")
    text = f" ({', '.join(words)})" if words else ""
    return text + (WHOLE_NOTE if is_whole(metadata) else "")


def field_text(info: FieldInfo, model_text: ModelText) -> str:
    """A field's type with its own bounds (pydantic keeps those of `Field(...)` apart from the type)."""
    return type_text(info.annotation, model_text) + constraints_text(info.metadata, info.annotation)


def default_text(info: FieldInfo) -> str | None:
    """A field's default as it would be written in YAML, or None when the field is required."""
    if info.is_required():
        return None
    value = info.get_default(call_default_factory=True)
    if isinstance(value, tuple):
        value = list(value)
    if isinstance(value, BaseModel):
        value = value.model_dump()
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000).strip()
    return text.removesuffix("...").strip()


def parameter_lines(model: type[BaseModel], indent: str = "") -> list[str]:
    """One Markdown list item per field of `model`: its name, type and default; the fields of a nested model
    listed under the field that holds it."""
    lines = []
    for name, info in model.model_fields.items():
        nested: list[type[BaseModel]] = []

        def below(sub: type[BaseModel], found: list[type[BaseModel]] = nested) -> str:
            found.append(sub)
            return "a mapping with the keys below"

        default = default_text(info)
        suffix = "" if default is None else f" (default `{default}`)"
        lines.append(f"{indent}- `{name}`: {field_text(info, below)}{suffix}")
        for sub in nested:
            lines += parameter_lines(sub, indent + "  ")
    return lines or [f"{indent}- none"]
