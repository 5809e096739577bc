"""Conversion between engine dataclasses and plain YAML-safe data (dicts, lists, scalars).

Used by saves and by the action log. Loading is typed: every value is checked against the
field's annotation, so a tampered file fails with a `CodecError` naming the bad path.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, ClassVar, Literal, TypeVar, Union, overload

T = TypeVar("T")


class CodecError(ValueError):
    """Plain data does not match the expected structure."""


class Tagged:
    """Base for polymorphic dataclasses: serialized with a `kind` tag naming the subclass."""

    KIND: ClassVar[str] = ""
    REGISTRY: ClassVar[dict[str, type]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "REGISTRY" not in cls.__dict__ and cls.__dict__.get("KIND"):
            cls.REGISTRY[cls.KIND] = cls


_SCALARS = frozenset({int, str, float, bool, type(None)})


def to_plain(obj: Any) -> Any:
    cls: type = type(obj)
    if cls in _SCALARS:  # most values: answered before any other test
        return obj
    if cls is tuple or cls is list:  # (spaces and picks, nested in many actions): never dataclasses
        return [v if type(v) in _SCALARS else to_plain(v) for v in obj]
    shape = _plain_shape(cls)
    if shape is not None:
        tagged, names = shape
        out: dict[str, Any] = {"kind": obj.KIND} if tagged else {}
        for name in names:  # a scalar field (most of them) is written without a call
            value = getattr(obj, name)
            out[name] = value if type(value) in _SCALARS else to_plain(value)
        return out
    if isinstance(obj, (list, tuple)):
        return [v if type(v) in _SCALARS else to_plain(v) for v in obj]
    if isinstance(obj, dict):
        return {k: v if type(v) in _SCALARS else to_plain(v) for k, v in obj.items()}
    return obj


@cache
def _plain_shape(cls: type) -> tuple[bool, tuple[str, ...]] | None:
    """How `to_plain` writes an instance of `cls`: whether with a kind tag, and its fields' names;
    None for a class that is not a dataclass (asked once per class: every action logged asks)."""
    if not dataclasses.is_dataclass(cls):
        return None
    return issubclass(cls, Tagged), tuple(f.name for f in _fields(cls))


@overload
def from_plain(tp: type[T], data: Any, path: str = "") -> T: ...
@overload
def from_plain(tp: Any, data: Any, path: str = "") -> Any: ...
def from_plain(tp: Any, data: Any, path: str = "") -> Any:
    """Decode `data` as `tp` (a class or a type form such as `list[Hex]`); raise CodecError if it does not fit."""
    origin, args, is_dataclass = _shape(tp)
    where = path or "(top level)"
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_plain(arg, data, path)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError(errors[0] if errors else f"{where}: unexpected null")
    if origin is Literal:
        if data not in args:
            raise CodecError(f"{where}: {data!r} is not one of {args}")
        return data
    if origin is list:
        (item,) = args
        _expect(data, list, where)
        return [from_plain(item, v, f"{path}[{i}]") for i, v in enumerate(data)]
    if origin is tuple:
        _expect(data, list, where)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            raise CodecError(f"{where}: expected {len(args)} items, got {len(data)}")
        return tuple(from_plain(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=False)))
    if origin is dict:
        key_tp, val_tp = args
        _expect(data, dict, where)
        return {from_plain(key_tp, k, f"{path}.<key>"): from_plain(val_tp, v, f"{path}.{k}") for k, v in data.items()}
    if is_dataclass:
        return _dataclass_from_plain(tp, data, path)
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise CodecError(f"{where}: expected a number, got {type(data).__name__}")
        try:
            return float(data)
        except OverflowError:  # an integer beyond the range of floats
            raise CodecError(f"{where}: the number is too large") from None
    if tp in (int, str, bool):
        if type(data) is not tp:
            raise CodecError(f"{where}: expected {tp.__name__}, got {type(data).__name__}")
        return data
    raise CodecError(f"{where}: cannot decode type {tp!r}")


def _dataclass_from_plain(tp: type, data: Any, path: str) -> Any:
    where = path or "(top level)"
    _expect(data, dict, where)
    if issubclass(tp, Tagged) and not tp.KIND:
        kind = data.get("kind")
        sub = tp.REGISTRY.get(kind) if isinstance(kind, str) else None
        if sub is None or not issubclass(sub, tp):
            raise CodecError(f"{where}: unknown kind {kind!r}")
        tp = sub
    hints = _hints(tp)
    values = {}
    known = {f.name for f in _fields(tp)}
    extra = set(data) - known - {"kind"}
    if extra:
        raise CodecError(f"{where}: unknown field(s) {sorted(map(str, extra))}")
    for f in _fields(tp):
        sub_path = f"{path}.{f.name}" if path else f.name
        if f.name in data:
            values[f.name] = from_plain(hints[f.name], data[f.name], sub_path)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise CodecError(f"{sub_path}: missing")
    return tp(**values)


def _expect(data: Any, kind: type, where: str) -> None:
    if not isinstance(data, kind):
        raise CodecError(f"{where}: expected a {kind.__name__}, got {type(data).__name__}")


@cache
def _shape(tp: Any) -> tuple[Any, tuple[Any, ...], bool]:
    """A type's origin, arguments and whether it is a dataclass: asked for every value decoded."""
    return typing.get_origin(tp), typing.get_args(tp), isinstance(tp, type) and dataclasses.is_dataclass(tp)


@cache
def _fields(tp: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(tp) if f.init)


@cache
def _hints(tp: type) -> dict[str, Any]:
    return typing.get_type_hints(tp)
