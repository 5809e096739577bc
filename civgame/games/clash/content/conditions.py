"""Condition primitives: the named, parametrized tests objectives are built from.

An objective in rules data names a condition as `{primitive_name: parameters}`, like an effect.
Each primitive is declared once here with a pydantic model of its parameters, the moment it is
checked (`status`: against the game state; `battle`: at the end of a battle the holder took part
in; `wonder_built`, `city_founded`, `recruited`: right after the holder did that), a description and an
example. `rules/objectives.py` evaluates them; `docs/effects.md` lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from civgame.games.clash.core.vocabulary import Mood, Resource

Moment = Literal["status", "battle", "wonder_built", "city_founded", "recruited"]
Opponent = Literal["human", "non_human", "any"]


class Params(BaseModel):
    """Base of every condition's parameters: strict, immutable (like an effect primitive's)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class ConditionPrimitive:
    name: str
    params: type[Params]
    moment: Moment | None  # None: the moment of the conditions it combines
    doc: str
    example: dict[str, Any]


CONDITIONS: dict[str, ConditionPrimitive] = {}


@dataclass(frozen=True)
class Condition:
    """One parsed condition."""

    written_as: ClassVar[str] = "condition (a mapping of one condition name to its parameters)"
    name: str
    params: Params

    @property
    def moment(self) -> Moment:
        declared = CONDITIONS[self.name].moment
        if declared is not None:
            return declared
        parts: list[Condition] = getattr(self.params, "conditions", [])
        return parts[0].moment


def condition(
    name: str, *, moment: Moment | None, doc: str, example: dict[str, Any]
) -> Callable[[type[Params]], type[Params]]:
    """Declare a condition primitive; decorates its parameter model."""

    def register(params: type[Params]) -> type[Params]:
        if name in CONDITIONS:
            raise ValueError(f"condition primitive {name!r} declared twice")
        CONDITIONS[name] = ConditionPrimitive(name, params, moment, doc, example)
        return params

    return register


def parse_condition(raw: Any) -> Condition:
    """Parse `{name: params}`; raise ValueError with a readable message."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise ValueError("a condition is a mapping with exactly one condition name")
    ((name, params),) = raw.items()
    declared = CONDITIONS.get(name)
    if declared is None:
        raise ValueError(f"unknown condition {name!r}; conditions: {', '.join(sorted(CONDITIONS))}")
    try:
        return Condition(name, declared.params.model_validate(params or {}))
    except ValidationError as exc:
        details = "; ".join(f"{'.'.join(map(str, e['loc'])) or name}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"{name}: {details}") from None


# ------------------------------------------------------------------ what can be counted

COUNTS = {
    "cities": "your cities (filters: `mood`, `building` in any colour, `army_unit` — holding one of your "
    "army units, `min_size`, `isolated` — no city in any adjacent space, `min_distance_from_start` — "
    "spaces from your starting city position)",
    "advances": "your advances",
    "special_advances": "special advances of your civilization you own",
    "leaders_recruited": "different leaders you have recruited during the game",
    "resource": "your `resource` (food, wood, ore, ideas or gold)",
    "units": "your units on the board (filters: `kinds`, `army` — army units only, `military` — army units and ships)",
    "unit_spaces": "different spaces holding your units (filters as for `units`, and `away_from_own_cities` — "
    "neither one of your cities nor adjacent to one)",
    "unit_kinds": "different unit types you have on the board",
    "units_next_to_enemy_cities": "your units (filters as for `units`) in spaces adjacent to a city of "
    "another human player",
    "ships_on_enemy_port_spaces": "your ships on sea spaces that are the Port space of another human player's city",
    "building_types": "different building types in your colour standing in your cities",
    "foreign_cities_with_your_building": "cities of others (barbarians too) holding a building in your colour",
    "your_buildings_in_foreign_cities": "buildings in your colour in cities of others (barbarians too)",
    "complete_categories": "advance categories in which you own every advance",
    "categories_with_advance": "advance categories in which you own at least one advance",
    "trade_routes": "trade routes you could form now (you need an advance with `trade_routes`; "
    "`ships_only` counts routes of ships)",
}


class Count(Params):
    """Something counted for a player: `of` one of COUNTS, narrowed by the filters that kind takes."""

    of: Literal[
        "cities",
        "advances",
        "special_advances",
        "leaders_recruited",
        "resource",
        "units",
        "unit_spaces",
        "unit_kinds",
        "units_next_to_enemy_cities",
        "ships_on_enemy_port_spaces",
        "building_types",
        "foreign_cities_with_your_building",
        "your_buildings_in_foreign_cities",
        "complete_categories",
        "categories_with_advance",
        "trade_routes",
    ]
    mood: Mood | None = None
    building: str | None = None
    army_unit: bool = False
    min_size: int | None = None
    isolated: bool = False
    min_distance_from_start: int | None = None
    resource: Resource | None = None
    kinds: list[str] | None = None
    army: bool = False
    military: bool = False
    away_from_own_cities: bool = False
    ships_only: bool = False


COUNT_DOC = "`count` is `{of: ..., filters}`; `of` is one of: " + "; ".join(f"`{k}` — {v}" for k, v in COUNTS.items())


# ------------------------------------------------------------------ status conditions


@condition(
    "at_least",
    moment="status",
    doc="The count reaches `n`. " + COUNT_DOC + ".",
    example={"at_least": {"count": {"of": "cities", "mood": "happy"}, "n": 4}},
)
class AtLeast(Params):
    count: Count
    n: int = Field(ge=1)


@condition(
    "most",
    moment="status",
    doc="The count is strictly greater than every other human player's (ties fail; with no other player, "
    "at least 1). `count` as for at_least.",
    example={"most": {"count": {"of": "cities", "building": "academy"}}},
)
class Most(Params):
    count: Count


@condition(
    "lead",
    moment="status",
    doc="The count is at least `by` higher than every other human player's. `count` as for at_least.",
    example={"lead": {"count": {"of": "units", "army": True}, "by": 4}},
)
class Lead(Params):
    count: Count
    by: int = Field(ge=1)


@condition(
    "owns_category",
    moment="status",
    doc="You own every advance of `category`, or (`government: true`) every advance of one government category.",
    example={"owns_category": {"category": "Construction"}},
)
class OwnsCategory(Params):
    category: str | None = None
    government: bool = False


class Combined(Params):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)

    conditions: list[Condition] = Field(min_length=2)

    @field_validator("conditions", mode="before")
    @classmethod
    def _parse(cls, raw: Any) -> list[Condition]:
        if not isinstance(raw, list):
            raise ValueError("`conditions` is a list of conditions")
        parsed = [c if isinstance(c, Condition) else parse_condition(c) for c in raw]
        if len({c.moment for c in parsed}) > 1:
            raise ValueError("combined conditions must be checked at the same moment")
        return parsed


@condition(
    "all_of",
    moment=None,
    doc="Every one of `conditions` holds (all checked at the same moment).",
    example={
        "all_of": {
            "conditions": [{"at_least": {"count": {"of": "advances"}, "n": 6}}, {"most": {"count": {"of": "advances"}}}]
        }
    },
)
class AllOf(Combined):
    pass


@condition(
    "any_of",
    moment=None,
    doc="At least one of `conditions` holds (all checked at the same moment).",
    example={
        "any_of": {
            "conditions": [
                {"at_least": {"count": {"of": "units", "kinds": ["ship"]}, "n": 4}},
                {"most": {"count": {"of": "units", "kinds": ["ship"]}}},
            ]
        }
    },
)
class AnyOf(Combined):
    pass


@condition(
    "wonder_built_last_round",
    moment="status",
    doc="You built a wonder during the last round of the age that is ending; with `only`, no other "
    "player built one in that round.",
    example={"wonder_built_last_round": {"only": True}},
)
class WonderBuiltLastRound(Params):
    only: bool = False


@condition(
    "not_completed_last_round",
    moment="status",
    doc="You did not complete `objective` during one of your own turns in the last round of the age that is ending.",
    example={"not_completed_last_round": {"objective": "city_founder"}},
)
class NotCompletedLastRound(Params):
    objective: str


# ------------------------------------------------------------------ instant conditions


@condition(
    "battle",
    moment="battle",
    doc="The battle just ended (including an uncontested capture) meets every condition given: `won` — you won; "
    "`real` — the defender had a unit at the start or won; `role: attacker`; `land` or `naval`; `at_city`; "
    "`opponent` — `human` or `non_human` (barbarians, pirates); `fewer_fighters` / `no_more_fighters` — you "
    "had fewer / at most as many fighters (army units on land, ships at sea) as the opponent at the start; "
    "`min_fighters` — you had at least that many; `with_leader` — your leader fought; `from_sea` — the "
    "attackers landed from ships; `army_units_in_battle` — army units of both sides at the start; "
    "`defenders_at_least` — units of the defending side at the start; `opponent_lost`, `opponent_lost_army`, "
    "`opponent_lost_military` — units (army units; army units and ships) the opponent lost; "
    "`opponent_lost_kinds` — the opponent lost a unit of one of these types; `survivor_kinds` — one of your "
    "units of these types survived; `city_size_after` and `city_wonder_after` — the space holds a city of "
    "that size / with a wonder afterwards; `fewer_advances_in` — you own fewer advances of that category than "
    "the opponent; `opponent_trade_route_here` — a settler of the opponent on the battle space could form a "
    "trade route for them now.",
    example={"battle": {"won": True, "at_city": True, "opponent": "human"}},
)
class Battle(Params):
    won: bool = False
    real: bool = False
    role: Literal["attacker", "either"] = "either"
    land: bool = False
    naval: bool = False
    at_city: bool = False
    opponent: Opponent = "any"
    fewer_fighters: bool = False
    no_more_fighters: bool = False
    min_fighters: int = 0
    with_leader: bool = False
    from_sea: bool = False
    army_units_in_battle: int = 0
    defenders_at_least: int = 0
    opponent_lost: int = 0
    opponent_lost_army: int = 0
    opponent_lost_military: int = 0
    opponent_lost_kinds: tuple[str, ...] = ()
    survivor_kinds: tuple[str, ...] = ()
    city_size_after: int = 0
    city_wonder_after: bool = False
    fewer_advances_in: str | None = None
    opponent_trade_route_here: bool = False


@condition(
    "battles_this_turn",
    moment="battle",
    doc="Counting the battles you fought this turn (the one just ended included): at least `at_least` of them "
    "were `land` or `naval` battles (against `opponent`), you won at least `won` of them, and with "
    "`different_spaces` they were not all fought at the same space.",
    example={"battles_this_turn": {"land": True, "at_least": 2, "won": 1, "different_spaces": True}},
)
class BattlesThisTurn(Params):
    at_least: int = Field(ge=1)
    won: int = 0
    land: bool = False
    naval: bool = False
    opponent: Opponent = "any"
    different_spaces: bool = False


@condition(
    "wonder_built",
    moment="wonder_built",
    doc="You have just built a wonder.",
    example={"wonder_built": {}},
)
class WonderBuilt(Params):
    pass


@condition(
    "city_founded",
    moment="city_founded",
    doc="You have just founded a city at least `min_distance_from_start` spaces from your starting city position.",
    example={"city_founded": {"min_distance_from_start": 5}},
)
class CityFounded(Params):
    min_distance_from_start: int = 0


@condition(
    "recruits_this_turn",
    moment="recruited",
    doc="You have just recruited a `unit` paid for by its `recruit_substitute` price (Draft's) with `paid` tokens "
    "among the payment, and this turn at least `n` of your Recruit actions did so while a card with this "
    "objective was in your hand.",
    example={"recruits_this_turn": {"n": 2, "unit": "infantry", "paid": "mood"}},
)
class RecruitsThisTurn(Params):
    n: int = Field(ge=1)
    unit: str
    paid: Literal["mood", "culture"]
