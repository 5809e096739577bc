"""Effect primitives of the Civilizations expansion's special advances of faith (catalogue §9): the powers of
another government's advances (Egypt's Man God), and Influence Culture beyond other players' city pieces: on
barbarian settlements (the Celts' Druidic Influence), from settlers (India's Proselytism) and on army units
(Persia's Zoroastrianism).

`advance_powers` is answered by the query of every source (`sources.holdings`); the Influence Culture
primitives are applied in `rules/actions/influence.py`.
"""

from __future__ import annotations

from civgame.framework.effects import Params
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
