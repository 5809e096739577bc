"""Effect primitives of the military and seafaring advances (declared here, applied in the rule modules).

Movement (`movement.py`) applies `road_move`, `sail_around_board` and `movement_reward`; combat
(`combat.py`) applies the battle primitives. Battle primitives share the `BattleCondition` fields
that say in which battles and rounds they apply.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt

from civgame.framework.effects import NoParams, Params
from civgame.games.clash.content.effects.registry import HookedParams, primitive
from civgame.games.clash.core.vocabulary import Mood, Payable

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
    "where the group keeps within the army stacking limit. With `terrain: ignored_before` the move ignores "
    "terrain movement restrictions: units stopped by a Mountain earlier this turn, or barred from battles by "
    "a Forest, may use it, and the destination's terrain applies on arrival; `ignored`: the destination's "
    "terrain is ignored too; `applies`: terrain works as on foot (no Mountain passed through, no Forest on the "
    "way into a battle, no unit held back by terrain). A destination with enemies means a battle. It cannot "
    "embark, disembark or explore.",
    example={"road_move": {"range": 2, "cost": {"food": 1, "ore": 1}}},
)
class RoadMove(Params):
    range: int = Field(default=2, ge=2)
    cost: Cost = {}
    endpoints: Literal["start_or_end", "both"] = "start_or_end"
    # `ignored_before`: the restrictions of terrain entered earlier and passed through are ignored, the
    # destination's apply on arrival; `ignored`: the destination's are ignored too; `applies`: a road only
    # for its range, terrain working as on foot (no Mountain on the way, no Forest on the way into a battle,
    # no unit a Mountain stopped or a Forest barred from battle, the destination's terrain on arrival).
    terrain: Literal["ignored_before", "ignored", "applies"] = "ignored_before"


@primitive(
    "ignore_terrain_for_pay",
    when="decision: right after a group of the holder's land units moves to or from one of the holder's cities "
    "into a Mountain or a Forest, without a battle",
    doc="The holder may pay `cost` (gold may stand in for resources) for the group to ignore that terrain: a "
    "Mountain does not stop it, a Forest does not keep it from battle.",
    example={"ignore_terrain_for_pay": {"cost": {"ore": 1}}},
)
class IgnoreTerrainForPay(Params):
    cost: Cost = Field(min_length=1)


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
    "holder has `fewer` fighting units than the opponent or `at_least_as_many`, counted at the start of the "
    "round (before tactics cards remove any); `own_city_in_region: false` to "
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
    "holder has fewer than the opponent at the start of the round (`unit_fewer`) or of regions outside the "
    "holder's home region where the holder owns a city (`region_with_city`). " + CONDITIONS,
    example={"combat_bonus": {"value": 2, "round": 1, "battles": ["land"], "city_building": "temple"}},
)
class CombatBonus(BattleCondition):
    value: int
    # `value` for each fighting unit the holder has fewer than the opponent, or for each region
    # outside the holder's home region where the holder owns a city
    per: Literal["unit_fewer", "region_with_city"] | None = None
    target: Literal["holder", "opponent"] = "holder"


@primitive(
    "extra_hits",
    when="combat: each combat round the conditions hold, once the hits are counted",
    doc="The holder scores `hits` more hits, against an opponent that does not hold `unless_opponent_has` "
    "(an advance; barbarians hold none), in the battles and rounds the conditions select. " + CONDITIONS,
    example={"extra_hits": {"hits": 1, "round": 1, "battles": ["land"], "unless_opponent_has": "Steel Weapons"}},
)
class ExtraHits(BattleCondition):
    hits: int = Field(default=1, ge=1)
    unless_opponent_has: str | None = None


@primitive(
    "forbid_enemy_tactics",
    when="combat: the start of each combat round the conditions hold",
    doc="The holder's opponent may not play tactics cards in the battles and rounds the conditions select "
    "(seen from the holder). " + CONDITIONS,
    example={"forbid_enemy_tactics": {"battles": ["land"], "units": "fewer"}},
)
class ForbidEnemyTactics(BattleCondition):
    pass


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
    "paid_hit_cancel",
    when="combat: a choice in each combat round the conditions hold, once the rolled hits are known",
    doc="When hits are scored against the holder, the holder may pay `cost` (gold may stand in for resources) "
    "to cancel one of them, once per round per effect. It is asked before the tactics effects after the "
    "hits, so a hit such an effect adds cannot be cancelled. " + CONDITIONS,
    example={"paid_hit_cancel": {"cost": {"wood": 1, "ore": 1}, "round": 1}},
)
class PaidHitCancel(BattleCondition):
    cost: Cost = Field(min_length=1)


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
    "paid_round_bonus",
    when="combat: a choice at the end of each round, after both sides rolled and before casualties",
    doc="In a battle of a kind in `battles` (see combat_bonus), the holder may pay `cost` for +`bonus` "
    "combat value in this round. It is offered only when the bonus gives the holder one more hit.",
    example={"paid_round_bonus": {"cost": {"mood": 1}, "bonus": 1, "battles": ["land"]}},
)
class PaidRoundBonus(Params):
    cost: Cost = Field(min_length=1)
    bonus: int = Field(default=1, ge=1)
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
    "no_barbarian_attacks",
    when="events and cards: when barbarians would attack one of the holder's cities",
    doc="Barbarians do not attack the holder's cities: an attack on them is not made, and barbarians are "
    "not moved into them.",
    example={"no_barbarian_attacks": {}},
)
class NoBarbarianAttacks(NoParams):
    pass


@primitive(
    "fortress_needs_advance",
    when="movement: when another player's units would attack one of the holder's cities with a Fortress",
    doc="Only a player holding `advance` may attack the holder's cities with a Fortress; that player's "
    "`cancel_fortress` effects then cost nothing there.",
    example={"fortress_needs_advance": {"advance": "Siegecraft"}},
)
class FortressNeedsAdvance(Params):
    advance: str


@primitive(
    "attack_toll",
    when="movement: when another player's army units would attack the city holding the wonder",
    doc="A player attacking the holder's city that holds the wonder granting this pays 1 of `per_army_unit` "
    "(a token kind, their choice) for each of their army units attacking; an attack they cannot pay for is "
    "not allowed.",
    example={"attack_toll": {"per_army_unit": ["mood", "culture"]}},
)
class AttackToll(Params):
    per_army_unit: list[Literal["mood", "culture"]] = Field(min_length=1)


@primitive(
    "move_after_activation",
    when="decision (city_activated): right after the holder activates the city holding the wonder granting it",
    listens="city_activated",
    doc="The holder may move one of their units of kind `unit`, alone, as a move of one group at no action cost.",
    example={"move_after_activation": {"unit": "ship"}},
)
class MoveAfterActivation(Params):
    unit: str


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


@primitive(
    "city_barred_after_terrain",
    when="movement: when another player's group would move into the holder's city",
    doc="A group that holds a unit which entered a `terrain` space this turn may not move into (attack) "
    "the holder's city, by road neither. Written with `only: wonder_city` it guards the wonder's city alone.",
    example={"city_barred_after_terrain": {"terrain": "grassland"}, "only": "wonder_city"},
)
class CityBarredAfterTerrain(Params):
    terrain: str


@primitive(
    "battle_reward",
    when="triggered (battle_recorded): when a battle of the holder is over, before a city is captured",
    listens="battle_recorded",
    doc="Gain `gain` (resources and tokens; resource limits apply) after a battle the holder won, of a kind "
    "in `battles` (see combat_bonus), in the holder's `role`. With `real`, only a real battle (the defender "
    "had units at its start, or won): taking an undefended city does not count. `decided_in_round` "
    "asks that the battle ended in that round; `leader_survived` that the holder's leader fought in it "
    "and is still alive; `captures_city` that the holder, as attacker, takes a city with it, and "
    "`city_not_mood` that this city did not have that mood when taken.",
    example={"battle_reward": {"gain": {"gold": 1, "mood": 1}, "real": True}},
)
class BattleReward(Params):
    gain: Cost = Field(min_length=1)
    battles: list[Literal["land", "naval"]] = ["land", "naval"]
    role: Literal["attacker", "defender", "either"] = "either"
    real: bool = False
    decided_in_round: int | None = Field(default=None, ge=1)
    leader_survived: bool = False
    captures_city: bool = False
    city_not_mood: Mood | None = None


@primitive(
    "convert_units",
    when="ability: a main action in your turn, once per turn",
    doc="Turn any number (at least one) of the holder's units of one of `kinds` into the other kind, each "
    "where it stands (not aboard a ship): one space and one direction first, then as many other spaces as "
    "the holder likes. Each needs a piece of the new kind in supply, and army units may not exceed the "
    "stacking limit in their space.",
    example={"convert_units": {"kinds": ["settler", "infantry"]}},
)
class ConvertUnits(Params):
    kinds: list[str] = Field(min_length=2, max_length=2)


@primitive(
    "move_after_recruit",
    when="triggered (`hook`: recruited, or settler_bought): after a Recruit of the holder that made a `unit`, or "
    "after the holder bought a settler into a city without a Recruit (the 2012 Sanitation)",
    doc="The holder gets a free move (no action) in which only its `unit`s standing in its cities may move, "
    "as many groups as there are such units able to move; normal movement rules and costs apply. A special "
    "advance that grants it after both names it twice, once with each `hook`.",
    example={"move_after_recruit": {"unit": "settler", "hook": "settler_bought"}},
)
class MoveAfterRecruit(HookedParams):
    unit: str
    hook: Literal["recruited", "settler_bought"] = "recruited"  # (a narrower hook)


@primitive(
    "ship_capacity",
    when="passive: whenever the holder's ships carry land units",
    doc="Each of the holder's ships carries up to `capacity` land units instead of the usual number.",
    example={"ship_capacity": {"capacity": 3}},
)
class ShipCapacity(Params):
    capacity: int = Field(ge=0)


@primitive(
    "ships_move_after_battle",
    when="passive: when a battle of the holder ends",
    doc="The holder's ships are not stopped by fighting: after a battle they may move again this turn.",
    example={"ships_move_after_battle": {}},
)
class ShipsMoveAfterBattle(NoParams):
    pass


@primitive(
    "piece_for_vp",
    when="decision: after a battle in which the holder lost at least `min_losses` fighting units",
    listens="battle_recorded",
    doc="Fighting units are army units on land, ships at sea. If the holder still has an unused `building` "
    "piece, they may take it out of the game for good to score `vp` victory points (objective points).",
    example={"piece_for_vp": {"building": "obelisk", "min_losses": 2, "vp": 1}},
)
class PieceForVp(Params):
    building: str
    min_losses: int = Field(default=2, ge=1)
    vp: float = Field(default=1, ge=0)


@primitive(
    "revive_lost_units",
    when="decision: after a battle or an event in which the holder lost land units",
    doc="Land units are army units and settlers, not ships. For each of the holder's cities holding `building`, "
    "one of the land units the holder lost in the battle may be put back in that city for `cost` (gold may "
    "stand in as usual), one at a time; a city the holder took in that battle counts. A unit needs a piece in "
    "supply, and an army unit room under the stacking limit. Units put back still count as lost.",
    example={"revive_lost_units": {"building": "apothecary", "cost": {"food": 1}}},
)
class ReviveLostUnits(Params):
    building: str
    cost: Cost = {}


@primitive(
    "explorer_token",
    when="ability: a main action in your turn, while the holder's leader is aboard a ship",
    doc="Pay `cost` to place an explorer token in the region of the leader's space, worth `vp` victory points "
    "(objective points); one per region.",
    example={"explorer_token": {"cost": {"culture": 1}, "vp": 1}},
)
class ExplorerToken(Params):
    cost: Cost = {}
    vp: float = Field(default=1, ge=0)


@primitive(
    "leader_lands_army",
    when="ability: a free action in your turn, while the holder's leader is aboard a ship",
    doc="Move all of the holder's land units aboard ships in the leader's space (the leader too) onto one "
    "adjacent revealed land space, within the stacking limit; a space with enemies means a battle.",
    example={"leader_lands_army": {}},
)
class LeaderLandsArmy(NoParams):
    pass


@primitive(
    "vp_per_leader_distance",
    when="passive: while the holder's leader is on the board",
    doc="The holder scores `vp` victory points (event points) per space between the leader and the holder's "
    "capital (the space of their starting city).",
    example={"vp_per_leader_distance": {"vp": 0.5}},
)
class VpPerLeaderDistance(Params):
    vp: float = Field(ge=0)


@primitive(
    "raid_on_routes",
    when="triggered: whenever the holder collects trade routes",
    doc="For every route made by one of the holder's `units` next to another player's city, that city's "
    "owner gives up 1 resource of their choice at the start of their next turn (at most 1 per turn, and only "
    "if they have one). With `at_once`, the owner gives it up at once, at most 1 to each player in each of the "
    "holder's turns (the 2012 Vikings' Marauders).",
    example={"raid_on_routes": {"units": ["ship"]}},
)
class RaidOnRoutes(Params):
    units: list[str] = Field(min_length=1)
    at_once: bool = False


@primitive(
    "casualties_in_any_order",
    when="combat: whenever the holder takes casualties in battle",
    doc="The holder's `units` need not be taken as casualties before the other units (the combat rules' "
    "`casualties_first`): the holder chooses among all its fighting units.",
    example={"casualties_in_any_order": {"units": ["cavalry"]}},
)
class CasualtiesInAnyOrder(Params):
    units: list[str] = Field(min_length=1)


@primitive(
    "low_dice_as_value",
    when="combat: once both sides have rolled, when the holder's `units` turned dice into hit cancellations",
    doc="The holder is not forced to turn the dice its `units` may turn into hit cancellations (their combat "
    "`unit_powers.cancels_on`) into cancellations: it chooses how many of those dice count as combat value "
    "instead, the highest first.",
    example={"low_dice_as_value": {"units": ["elephant"]}},
)
class LowDiceAsValue(Params):
    units: list[str] = Field(min_length=1)


@primitive(
    "reroll_die",
    when="combat: once both sides have rolled, in the combat `rounds` named, when the holder's side includes "
    "one of `units`",
    doc="The holder may pay `cost` to roll one of its dice again (once a round); the roll is counted again "
    "with the new die.",
    example={"reroll_die": {"units": ["cavalry"], "rounds": [1], "cost": {"culture": 1}}},
)
class RerollDie(Params):
    units: list[str] = Field(min_length=1)
    rounds: list[PositiveInt] = Field(min_length=1)
    cost: dict[Payable, PositiveInt] = {}


@primitive(
    "move_city",
    when="in a move action of the holder",
    doc="A city of the holder of at most `size` and in the mood `mood`, with no wonder, may move like a unit to "
    "an adjacent revealed land space with no city and no enemies: alone, as one of the move action's groups, "
    "or with units of its space as their group (a step on foot, no roads). Each move activates the city. It "
    "then gains 1 of what its new space yields (Fertile food, Forest wood, Mountain ore; nothing on an "
    "exhausted space), which is no Collect. A city that entered a space whose terrain stops movement does not "
    "move again that turn.",
    example={"move_city": {"size": 1, "mood": "happy"}},
)
class MoveCityParams(Params):
    size: PositiveInt = 1
    mood: Mood = "happy"


@primitive(
    "ship_founds_city",
    when="ability: as a main action in your turn",
    doc="One of the holder's ships founds a city on an adjacent land space with no enemies where the holder "
    "could found one (not Barren, not exhausted, no city there, a settlement left). The ship is removed; the "
    "units it carried step into the new city, within the stacking limit, with that space's terrain effects.",
    example={"ship_founds_city": {}},
)
class ShipFoundsCity(NoParams):
    pass


@primitive(
    "city_road_move",
    when="ability: a free action in the holder's turn, not during another action, once per turn",
    doc="One group of the holder's land units standing in one of the holder's cities moves by road to another "
    "of the holder's cities at most `range` spaces away (or a step to one next to it), paying nothing. Every "
    "other rule of a road move holds: land without enemies on the way, the stacking limit, no units that "
    "fought, no exploring. `terrain` is how terrain counts on this road, as for `road_move`.",
    example={"city_road_move": {"range": 2, "terrain": "ignored"}},
)
class CityRoadMove(Params):
    range: int = Field(default=2, ge=2)
    terrain: Literal["ignored_before", "ignored", "applies"] = "ignored"


@primitive(
    "share_pirate_spaces",
    when="movement and building ships: whenever the holder's units move or ships are built; after every action",
    doc="The holder's ships sail through and into sea spaces with pirate ships without a battle, and their land "
    "units board pirate ships as their own. Ships that end a move, or are built, where pirate ships are (and "
    "only they) ask whether to share the space or attack. Pirate ships sharing a space with the holder's units "
    "count as the holder's ships: they raid no one and no event moves them, they block no Collect or trade "
    "route, they form the holder's trade routes, they fight on the holder's side (to the end of a battle, even "
    "when the holder's own ships are lost), an event removing the holder's units may take them, and whoever "
    "defeats them gains no pirates' reward. The holder does not move them, but may attack them with a move of "
    "the ships sharing their space that stays there (no retreat); once none of the holder's units is left with "
    "them, outside a battle, they are pirates again.",
    example={"share_pirate_spaces": {}},
)
class SharePirateSpaces(NoParams):
    pass


@primitive(
    "bar_enemy_settlers",
    when="passive: whenever another player's settler would found a city or form a trade route",
    doc="Other players' settlers within `distance` spaces of one of the holder's army units can't found a "
    "city or form a trade route, unless they share their space with an army unit, the leader or a city of "
    "their owner.",
    example={"bar_enemy_settlers": {"distance": 2}},
)
class BarEnemySettlers(Params):
    distance: int = Field(default=2, ge=0)


@primitive(
    "ship_conversion",
    when="movement: a group moves between land and an adjacent sea space",
    doc="During a move, a group made only of the holder's `units` may move from land into an adjacent "
    "revealed sea space holding no other player's (or pirate) units, each unit becoming a ship (a ship "
    "piece must be left in supply for each). Ships moving from a sea space into an adjacent revealed land "
    "space without enemies become, each, one of `units` (the holder picks how many of each, within the "
    "pieces in supply and the army stacking limit); the land units they carried go ashore with them. With "
    "`land_as_movable`, ships land only as a kind the holder may move (its `requires_advance_to_move` held), "
    "landing being part of a move (the 2012 Vikings' Shipcraft: infantry only with Tactics).",
    example={"ship_conversion": {"units": ["settler", "infantry"]}},
)
class ShipConversion(Params):
    units: list[str] = Field(min_length=1)
    land_as_movable: bool = False
