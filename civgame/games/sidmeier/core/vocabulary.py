"""The words the rules and the data share: resources, phases, unit types, figure kinds."""

from __future__ import annotations

from typing import Literal

Resource = Literal["incense", "iron", "silk", "wheat", "spy", "uranium"]
RESOURCES: tuple[Resource, ...] = ("incense", "iron", "silk", "wheat", "spy", "uranium")
CostItem = Literal["incense", "iron", "silk", "wheat", "spy", "uranium", "any"]
Phase = Literal["start_of_turn", "trade", "city_management", "movement", "research"]
PHASES: tuple[Phase, ...] = ("start_of_turn", "trade", "city_management", "movement", "research")
PHASE_NAMES: dict[str, str] = {
    "start_of_turn": "Start of Turn",
    "trade": "Trade",
    "city_management": "City Management",
    "movement": "Movement",
    "research": "Research",
    "battle": "a battle",
    "any": "any time",
}
CardPhase = Literal["start_of_turn", "trade", "city_management", "movement", "research", "battle", "any"]
FigureKind = Literal["army", "scout"]
Direction = Literal["north", "east", "south", "west"]
DIRECTIONS: tuple[Direction, ...] = ("north", "east", "south", "west")
Era = Literal["ancient", "medieval", "modern"]
ImprovementKind = Literal["building", "wonder", "great_person"]


def with_article(noun: str) -> str:
    """`noun` after "a" or "an" as it is spoken ("an Academy", "a University": the data's names beginning
    with U sound as "you")."""
    return f"{'an' if noun[:1] in 'AEIOaeio' else 'a'} {noun}"
