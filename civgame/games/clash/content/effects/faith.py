"""Effect primitives of the Civilizations expansion's special advances of faith (catalogue §9): the powers of
another government's advances (Egypt's Man God), and Influence Culture beyond other players' city pieces: on
barbarian settlements (the Celts' Druidic Influence), from settlers (India's Proselytism) and on army units
(Persia's Zoroastrianism).

`advance_powers` is answered by the query of every source (`sources.holdings`); the Influence Culture
primitives are applied in `rules/actions/influence.py`.
"""

from __future__ import annotations

from pydantic import Field

from civgame.framework.effects import NoParams, Params
from civgame.games.clash.content.effects.registry import primitive


@primitive(
    "advance_powers",
    when="passive: whenever the effects the holder has are asked",
    doc="Each advance of `category` the holder has also gives the effects of the advance in the same place of "
    "`powers_of_category` (counted from its top advance), as if the holder had that one too. Only its effects: "
    "it is no advance held (no points, no cube, no prerequisite, nothing it unlocks).",
    example={"advance_powers": {"category": "Theocracy", "powers_of_category": "Autocracy"}},
)
class AdvancePowers(Params):
    category: str
    powers_of_category: str


@primitive(
    "influence_settlement_token",
    when="passive: when you attempt Influence Culture",
    doc="The holder may target barbarian settlements, whatever their size, with Influence Culture. A success puts "
    "a culture token from the supply under the settlement, which is unaffected; a settlement holds at most one "
    "token of each player. Each token still there at the end of the game scores its player as many points as an "
    "influenced city piece (with the city pieces). Whoever captures the settlement, or takes it over by an "
    "effect, removes the tokens.",
    example={"influence_settlement_token": {}},
)
class InfluenceSettlementToken(NoParams):
    pass


@primitive(
    "influence_from_settlers",
    when="passive: when you attempt Influence Culture",
    doc="The holder's `unit`s (settlers) outside cities and ships may make Influence Culture attempts against "
    "other players' cities: those in one space together, with range `base_range` plus `per_unit` for each of "
    "them but one. Each of them inside one of the holder's cities adds `per_unit` to that city's range instead. "
    "Everything else is as for an attempt from a city: culture tokens boost the range and the roll, and one "
    "attempt a turn may succeed.",
    example={"influence_from_settlers": {"base_range": 2}},
)
class InfluenceFromSettlers(Params):
    unit: str = "settler"
    base_range: int = Field(default=2, ge=0)
    per_unit: int = Field(default=1, ge=0)


@primitive(
    "influence_army_units",
    when="passive: when you attempt Influence Culture",
    doc="The holder's cities may target another player's army unit on a land space without a city with Influence "
    "Culture: range, culture tokens and the roll as for a city piece, and one attempt a turn may succeed, whatever "
    "the target. On success the unit is replaced by one of the holder's of the same kind (one must be left in the "
    "holder's supply). If other players' units share its space, a battle follows at once between the new unit and "
    "them (settlers and leaders alone there are overrun, as when units enter their space).",
    example={"influence_army_units": {}},
)
class InfluenceArmyUnits(NoParams):
    pass
