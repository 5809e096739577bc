"""The one way the engine reads YAML text (rules data, mods, saves): PyYAML's safe loader.

Saves and mods are untrusted input. Their readers do not call `safe_load`: they refuse aliases,
deep nesting and repeated keys before anything is built, and report lines, so they need the
parser's events or the composed nodes. Both come from here, from a safe loader made explicitly
(libyaml's when PyYAML has it: several times faster, and the rules load at every start), never
from PyYAML's module-level `parse`/`compose`, whose default loader is the unsafe one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import yaml


def _safe_loader(text: str) -> yaml.SafeLoader | yaml.CSafeLoader:
    return yaml.CSafeLoader(text) if yaml.__with_libyaml__ else yaml.SafeLoader(text)


def safe_events(text: str) -> Iterator[yaml.Event]:
    """The parser's events of `text`, one at a time, from a safe loader."""
    loader = _safe_loader(text)
    try:
        while loader.check_event():
            yield cast(yaml.Event, loader.get_event())  # (an event, after check_event said there is one)
    finally:
        loader.dispose()


def safe_node(text: str) -> yaml.Node | None:
    """The node tree of the single document in `text` (None if it is empty), composed by a safe loader."""
    loader = _safe_loader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()
