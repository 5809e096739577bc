"""Effect primitives of the military and seafaring advances (declared here, applied in the rule modules).

Movement (`movement.py`) applies `road_move`, `sail_around_board` and `movement_reward`; combat
(`combat.py`) applies the battle primitives. Battle primitives share the `BattleCondition` fields
that say in which battles and rounds they apply.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from civgame.engine.content.effects.registry import NoParams, Params, primitive
from civgame.engine.core.vocabulary import Mood, Payable

Cost = dict[Payable, int]
# "land": any land battle; "naval": a battle at sea; "from_ships": a land battle the holder
# started by attacking straight from ships (disembarking).
BattleKind = Literal["land", "naval", "from_ships"]


@primitive(
    "road_move",
    when="movement: a group of land units moves",
    doc="A group of land units standing on land may move to revealed land `range` spaces away at most "
    "(at least 2) in one move for `cost` (gold may stand in for resources). The move must start or "
    "end in one of the holder's cities (`endpoints: start_or_end`) or go from one to another "
    "(`both`). Every space passed through must be revealed land without enemy units or an enemy city, "
    "where the group keeps within the army stacking limit. The move ignores terrain movement "
    "restrictions: units stopped by a Mountain earlier this turn, or barred from battles by a "
    "Forest, may use it. The destination's terrain applies on arrival, and a destination with "
    "enemies means a battle. It cannot embark, disembark or explore.",
    example={"road_move": {"range": 2, "cost": {"food": 1, "ore": 1}}},
)
class RoadMove(Params):
    range: int = Field(default=2, ge=2)
    cost: Cost = {}
    endpoints: Literal["start_or_end", "both"] = "start_or_end"


@primitive(
    "sail_around_board",
    when="movement: a group of ships moves",
    doc="Ships may sail out of their sea over the edge of the board and around it. Walking the spaces "
    "along the board's outer edge in either direction from an edge space of the sea they can sail "
    "through, they pass the rest of that run of sea spaces and any land, and come back onto the "
    "board at the first sea space or unexplored space. An unexplored space is explored (the "
    "region's sea must touch the board edge for the ship to sail in). Otherwise the ships may "
    "enter at any space of that run of edge sea spaces and sail on through its connected sea, "
    "ending where ships could end a normal move from there (an enemy ship stops them for a battle, "
    "an unexplored space next to that sea may be explored). Destinations a normal move reaches "
    "are normal moves.",
    example={"sail_around_board": {}},
)
class SailAroundBoard(NoParams):
    pass


@primitive(
    "movement_reward",
    when="movement: once per move action, when the trigger first happens in it",
    doc="Gain `gain` the first time in a move action that the holder moves a group of ships "
    "(`trigger: ship_move`) or moves ships around the board with `sail_around_board` "
    "(`trigger: sail_around`).",
    example={"movement_reward": {"trigger": "ship_move", "gain": {"ideas": 1}}},
)
class MovementReward(Params):
    trigger: Literal["ship_move", "sail_around"]
    gain: Cost = Field(min_length=1)


CONDITIONS = (
    "Conditions: `battles` lists the battle kinds (`land`: any land battle; `naval`; `from_ships`: "
    "a land battle the holder started by attacking straight from ships); `round` limits it to that "
    "combat round (none: every round); `role` to the `attacker`, the `defender` or `either`; "
    "`city_building` to battles fought at a city holding that building, whoever owns it; `opponent` to "
    "battles against `barbarians`, `pirates` or another `player` (default `any`); `units` to rounds where the "
    "holder has `fewer` fighting units than the opponent or `at_least_as_many`; `own_city_in_region: false` to "
    "battles in a region where the holder owns no city; `own_city_mood` to battles fought at one of "
    "the holder's cities with that mood."
)


class BattleCondition(Params):
    """Which battles and rounds a battle effect covers: every condition given must hold."""

    battles: list[BattleKind] = ["land", "naval"]
    round: int | None = Field(default=None, ge=1)  # only this combat round (None: every round)
    role: Literal["attacker", "defender", "either"] = "either"
    city_building: str | None = None  # the battle is fought at a city holding this building
    opponent: Literal["any", "player", "barbarians", "pirates"] = "any"
    units: Literal["fewer", "at_least_as_many"] | None = None
    own_city_in_region: bool | None = None
    own_city_mood: Mood | None = None  # the battle is fought at one of the holder's cities with this mood


@primitive(
    "combat_bonus",
    when="combat: each combat round the conditions hold",
    doc="Add `value` (negative: subtract) to the combat value of the holder, or with `target: opponent` of "
    "the holder's opponent, in the battles and rounds the conditions select (seen from the holder), while "
    "that side has fighting units in the battle; with `per`, `value` times the number of fighting units the "
    "holder has fewer than the opponent (`unit_fewer`) or of regions outside the holder's home region where "
    "the holder owns a city (`region_with_city`). " + CONDITIONS,
    example={"combat_bonus": {"value": 2, "round": 1, "battles": ["land"], "city_building": "temple"}},
)
class CombatBonus(BattleCondition):
    value: int
    # `value` for each fighting unit the holder has fewer than the opponent, or for each region
    # outside the holder's home region where the holder owns a city
    per: Literal["unit_fewer", "region_with_city"] | None = None
    target: Literal["holder", "opponent"] = "holder"


@primitive(
    "cancel_hits",
    when="combat: each combat round the conditions hold",
    doc="Ignore `hits` of the hits scored against the holder in the battles and rounds the conditions "
    "select. " + CONDITIONS,
    example={"cancel_hits": {"hits": 1, "round": 1, "battles": ["naval", "from_ships"], "role": "attacker"}},
)
class CancelHits(BattleCondition):
    hits: int = Field(default=1, ge=1)


@primitive(
    "paid_combat_bonus",
    when="combat: a choice just before the first round of a battle",
    doc="Before a battle of a kind in `battles` (see combat_bonus) in which the holder has fighting units, "
    "the holder may pay `cost` (gold may stand in for resources) for a combat-value bonus in every "
    "round of it: `bonus`, or `bonus_if_opponent_has_it` when the opponent also holds a "
    "paid_combat_bonus effect (whether they pay or not). The attacker is asked first.",
    example={"paid_combat_bonus": {"cost": {"ore": 1}, "bonus": 2, "bonus_if_opponent_has_it": 1, "battles": ["land"]}},
)
class PaidCombatBonus(Params):
    cost: Cost = {}
    bonus: int
    bonus_if_opponent_has_it: int
    battles: list[BattleKind] = ["land", "naval"]


@primitive(
    "free_paid_combat_bonus",
    when="combat: just before the first round of a battle",
    doc="Against an opponent without a paid_combat_bonus effect, the holder's paid_combat_bonus costs "
    "nothing and applies without asking.",
    example={"free_paid_combat_bonus": {}},
)
class FreePaidCombatBonus(NoParams):
    pass


@primitive(
    "cancel_fortress",
    when="combat: a choice of the attacker just before the first round against a city with a Fortress",
    doc="The attacker may pay `cost` (gold may stand in for resources) to cancel one part of the "
    "Fortress's first-round defence: its extra die (`part: extra_dice`) or its cancelled hit "
    "(`part: hit_cancel`). Several such effects may be paid for in the same battle.",
    example={"cancel_fortress": {"part": "extra_dice", "cost": {"wood": 2}}},
)
class CancelFortress(Params):
    part: Literal["extra_dice", "hit_cancel"]
    cost: Cost = {}


@primitive(
    "reinforcement_after_defeat",
    when="combat: after the holder loses a battle",
    doc="After losing a battle (at a city holding `city_building`, if given), place 1 free `unit` in one "
    "of the holder's cities with room under the army stacking limit, if one is left in supply.",
    example={"reinforcement_after_defeat": {"unit": "infantry", "city_building": "temple"}},
)
class ReinforcementAfterDefeat(Params):
    unit: str = "infantry"
    city_building: str | None = None


@primitive(
    "barbarians_lose_at_once",
    when="combat: when barbarians attack one of the holder's cities",
    doc="Barbarians attacking any of the holder's cities lose at once: the attacking units are destroyed, no "
    "die is rolled, and the holder wins the battle (with its rewards).",
    example={"barbarians_lose_at_once": {}},
)
class BarbariansLoseAtOnce(NoParams):
    pass


@primitive(
    "place_ship",
    when="ability: a free action in your turn, as often as the city can be activated",
    doc="Activate the city holding this wonder to place 1 ship from your supply on any sea space that "
    "holds no other player's units (pirates included). Each use is an activation of the city.",
    example={"place_ship": {}},
)
class PlaceShip(NoParams):
    pass


@primitive(
    "chooses_first_player",
    when="status phase: when the next first player is chosen",
    doc="The holder chooses the next first player, instead of the player with the most mood and culture tokens.",
    example={"chooses_first_player": {}},
)
class ChoosesFirstPlayer(NoParams):
    pass
