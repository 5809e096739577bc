"""The game's shared vocabulary: the resources, tokens and moods every layer names."""

from __future__ import annotations

from typing import Literal

RESOURCES = ("food", "wood", "ore", "ideas", "gold")
TOKENS = ("mood", "culture")
Resource = Literal["food", "wood", "ore", "ideas", "gold"]
Payable = Literal["food", "wood", "ore", "ideas", "gold", "mood", "culture"]
Mood = Literal["angry", "neutral", "happy"]
