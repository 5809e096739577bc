"""The game's shared vocabulary: the resources, tokens and moods every layer names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypeVar, cast

RESOURCES = ("food", "wood", "ore", "ideas", "gold")
TOKENS = ("mood", "culture")
DECLINE = "decline"  # the option that turns down an offered choice
Resource = Literal["food", "wood", "ore", "ideas", "gold"]
Payable = Literal["food", "wood", "ore", "ideas", "gold", "mood", "culture"]
Mood = Literal["angry", "neutral", "happy"]

K = TypeVar("K", bound=str)


def amounts(mapping: Mapping[K, int]) -> dict[str, int]:
    """A plain `{name: amount}` copy of amounts keyed by a narrower vocabulary (`Resource`, `Payable`)."""
    return cast("dict[str, int]", dict(mapping))  # a new dict: widening its key type is safe
