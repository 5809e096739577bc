"""A seat's view sent as changes: what the host leaves out of a `State` and how a client puts the
view back together. Works for any game's view (a dict of plain data), knowing none of its keys."""

from __future__ import annotations

from typing import Any


def view_changes(before: dict[str, Any], after: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """The top-level keys of `after` whose values differ from `before`'s, and, apart, the lists that
    only grew (a game's log), as the items added. (The views of one game all have the same keys.)"""
    changed: dict[str, Any] = {}
    appended: dict[str, list[Any]] = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value:
            continue
        if isinstance(old, list) and isinstance(value, list) and len(value) > len(old) and value[: len(old)] == old:
            appended[key] = value[len(old) :]
        else:
            changed[key] = value
    return changed, appended


def merged(view: dict[str, Any], changed: dict[str, Any], appended: dict[str, list[Any]]) -> dict[str, Any]:
    """`view` with the changes of a `State` applied (a new dict; `view` is left as it was)."""
    result = {**view, **changed}
    for key, items in appended.items():
        result[key] = [*view[key], *items]
    return result
