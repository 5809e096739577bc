"""Every effect primitive of the game's content, declared once (see `registry.py`).

The rule modules give them meaning: they look effects up by name (`rules.base.effects`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from civgame.games.sidmeier.content.registry import Params, primitive
from civgame.games.sidmeier.core.vocabulary import CardPhase, CostItem, FigureKind, Resource


class NoParams(Params):
    """A primitive without parameters; written `{name: {}}`."""


class Amount(Params):
    amount: int


class PositiveAmount(Params):
    amount: int = Field(ge=1)


class Value(Params):
    value: int = Field(ge=1)


class ResourceAbility(Params):
    """Base of resource abilities: what is spent (`any`: a resource of the holder's choice) and when."""

    cost: list[CostItem] = Field(min_length=1)
    phase: CardPhase


# ------------------------------------------------------------------ passive


primitive(
    "travel_speed",
    kind="passive",
    doc="The holder's travel speed is at least `value` (the highest such value counts).",
    example={"travel_speed": {"value": 3}},
)(Value)
primitive(
    "stacking_limit",
    kind="passive",
    doc="The holder's stacking limit is at least `value` before bonuses (the highest such value counts).",
    example={"stacking_limit": {"value": 3}},
)(Value)
primitive(
    "stacking_bonus",
    kind="passive",
    doc="The holder's stacking limit is `amount` higher.",
    example={"stacking_bonus": {"amount": 1}},
)(PositiveAmount)
primitive(
    "culture_hand_size",
    kind="passive",
    doc="The holder's culture hand size is `amount` higher (cumulative).",
    example={"culture_hand_size": {"amount": 1}},
)(PositiveAmount)
primitive(
    "max_cities",
    kind="passive",
    doc="The holder may have up to `value` cities, the capital included (the highest such value counts).",
    example={"max_cities": {"value": 3}},
)(Value)


@primitive(
    "water_movement",
    kind="passive",
    doc="`cross`: the holder's figures may move across water squares but not end a move there. `end`: they "
    "may also end their move in water, and be placed there when built.",
    example={"water_movement": {"mode": "cross"}},
)
class WaterMovement(Params):
    mode: Literal["cross", "end"]


@primitive(
    "trade_conversion",
    kind="passive",
    doc="When the holder turns trade into production, `trade` trade buy `production` production "
    "(instead of the usual rate).",
    example={"trade_conversion": {"trade": 3, "production": 2}},
)
class TradeConversion(Params):
    trade: int = Field(ge=1)
    production: int = Field(ge=1)


primitive(
    "combat_bonus",
    kind="passive",
    doc="The holder's combat bonus is `amount` higher in every battle.",
    example={"combat_bonus": {"amount": 6}},
)(PositiveAmount)


@primitive(
    "unit_strength",
    kind="passive",
    doc="Every unit of the holder (with `unit`: every unit of that type) has `amount` more strength in battle.",
    example={"unit_strength": {"amount": 1, "unit": "infantry"}},
)
class UnitStrength(Params):
    amount: int = Field(ge=1)
    unit: str | None = None  # a unit type of units.yaml


primitive(
    "never_trumped",
    kind="passive",
    doc="The holder's units cannot be trumped.",
    example={"never_trumped": {}},
)(NoParams)
primitive(
    "reveal_enemy_hand",
    kind="passive",
    doc="In the holder's battles the opponent plays with the battle hand face up.",
    example={"reveal_enemy_hand": {}},
)(NoParams)
primitive(
    "production_per_city",
    kind="passive",
    doc="Each of the holder's cities has `amount` more production (City Management; never below 0).",
    example={"production_per_city": {"amount": 3}},
)(Amount)


@primitive(
    "production_per_coins",
    kind="passive",
    doc="Each of the holder's cities has `amount` more production for every `coins` coins the holder has.",
    example={"production_per_coins": {"coins": 3, "amount": 1}},
)
class ProductionPerCoins(Params):
    coins: int = Field(ge=1)
    amount: int = Field(ge=1)


primitive(
    "research_discount",
    kind="passive",
    doc="The holder needs `amount` less trade to research a tech (still one tech per Research phase).",
    example={"research_discount": {"amount": 5}},
)(PositiveAmount)
primitive(
    "culture_trade_discount",
    kind="passive",
    doc="Each culture-track space costs the holder `amount` less trade (never below 0).",
    example={"culture_trade_discount": {"amount": 2}},
)(PositiveAmount)
primitive(
    "unit_cost_cap",
    kind="passive",
    doc="Building a unit never costs the holder more than `value` production.",
    example={"unit_cost_cap": {"value": 5}},
)(Value)
primitive(
    "empty_water_trade",
    kind="passive",
    doc="Every water square in the holder's city outskirts holding no building and no figure gives `amount` "
    "more trade in the Trade phase.",
    example={"empty_water_trade": {"amount": 1}},
)(PositiveAmount)
primitive(
    "tech_coin_cap",
    kind="passive",
    doc="Each of the holder's techs may hold `amount` more coin tokens than its cap.",
    example={"tech_coin_cap": {"amount": 2}},
)(PositiveAmount)
primitive(
    "all_governments",
    kind="passive",
    doc="Every government is unlocked for the holder.",
    example={"all_governments": {}},
)(NoParams)
primitive(
    "immune_to_anarchy",
    kind="passive",
    doc="The holder never passes through Anarchy: they may change straight to any unlocked government, and "
    "no card can force them into Anarchy.",
    example={"immune_to_anarchy": {}},
)(NoParams)
primitive(
    "event_immunity",
    kind="passive",
    doc="Other players' culture event cards cannot target the holder, their figures, cities or squares.",
    example={"event_immunity": {}},
)(NoParams)


@primitive(
    "spy_substitute",
    kind="passive",
    doc="Once per turn the holder may spend `resources` resources of any kind in place of one spy.",
    example={"spy_substitute": {"resources": 2}},
)
class SpySubstitute(Params):
    resources: int = Field(ge=1)


primitive(
    "trade_per_city",
    kind="passive",
    doc="The holder gains `amount` more trade per city in each Trade phase (negative: less).",
    example={"trade_per_city": {"amount": 1}},
)(Amount)
primitive(
    "trade_bonus",
    kind="passive",
    doc="The holder gains `amount` more trade in each Trade phase.",
    example={"trade_bonus": {"amount": 2}},
)(PositiveAmount)
primitive(
    "capital_production",
    kind="passive",
    doc="The holder's capital has `amount` more production (City Management).",
    example={"capital_production": {"amount": 1}},
)(PositiveAmount)
primitive(
    "resource_on_investing",
    kind="trigger",
    doc="Once per turn, after the holder invests a coin, they take 1 resource of their choice from the market.",
    example={"resource_on_investing": {}},
)(NoParams)
primitive(
    "arts_culture",
    kind="passive",
    doc="Each time the holder devotes a city to the arts it gains `amount` more culture (never below 0).",
    example={"arts_culture": {"amount": 1}},
)(Amount)
primitive(
    "battle_hand_size",
    kind="passive",
    doc="The holder's battle hand size is `amount` higher.",
    example={"battle_hand_size": {"amount": 1}},
)(PositiveAmount)
primitive(
    "coins_while_peaceful",
    kind="passive",
    doc="The holder has `amount` more coins on the economy dial while they have fought no battle since the "
    "start of their previous turn.",
    example={"coins_while_peaceful": {"amount": 1}},
)(PositiveAmount)
primitive(
    "scouts_explore_huts",
    kind="passive",
    doc="The holder's scouts may enter hut squares and explore the huts (villages stay closed to scouts).",
    example={"scouts_explore_huts": {}},
)(NoParams)
primitive(
    "loot_reduction",
    kind="passive",
    doc="When the holder loses a battle, the winner's loot is `amount` smaller (see the rules decisions for "
    "the base game's loot).",
    example={"loot_reduction": {"amount": 1}},
)(PositiveAmount)
primitive(
    "closed_borders",
    kind="passive",
    doc="Other players' figures may not end a move in the holder's city outskirts; figures already there may "
    "only move out of them.",
    example={"closed_borders": {}},
)(NoParams)
primitive(
    "double_harvest",
    kind="passive",
    doc="Once per turn, one of the holder's cities may harvest twice with one action (even from the same square).",
    example={"double_harvest": {}},
)(NoParams)


@primitive(
    "second_research",
    kind="passive",
    doc="When the holder researches, they may pay `extra_trade` more trade to learn a second tech of the same "
    "or a lower level.",
    example={"second_research": {"extra_trade": 6}},
)
class SecondResearch(Params):
    extra_trade: int = Field(ge=0)


primitive(
    "split_city_action",
    kind="passive",
    doc="Once per turn, one of the holder's cities may take a second build action; both builds share that "
    "city's production.",
    example={"split_city_action": {}},
)(NoParams)
primitive(
    "capital_idle",
    kind="passive",
    doc="The holder's capital takes no city action.",
    example={"capital_idle": {}},
)(NoParams)
primitive(
    "free_building_action",
    kind="passive",
    doc="Once per turn in City Management, one of the holder's cities may use its action to build an unlocked "
    "building for free (placement rules still apply).",
    example={"free_building_action": {}},
)(NoParams)
primitive(
    "infiltrate",
    kind="passive",
    doc="Once per turn in Movement, the holder may sacrifice a figure that is next to an enemy city centre, "
    "instead of moving it in (a sacrificed army makes no attack), to learn free a tech the city's owner knows "
    "(a legal pyramid space is needed).",
    example={"infiltrate": {}},
)(NoParams)

# ------------------------------------------------------------------ triggered


@primitive(
    "coin_on_battle_won",
    kind="trigger",
    doc="Once per turn, when the holder wins a battle (a village counts, a hut does not), a coin token is "
    "placed on this tech, up to `cap` tokens.",
    example={"coin_on_battle_won": {"cap": 4}},
)
class CoinOnBattleWon(Params):
    cap: int = Field(ge=1)


primitive(
    "culture_on_exploring",
    kind="trigger",
    doc="The holder gains `amount` culture each time they explore a hut or conquer a village.",
    example={"culture_on_exploring": {"amount": 3}},
)(PositiveAmount)


@primitive(
    "save_killed_unit",
    kind="trigger",
    doc="After each battle the holder may return up to `count` of their killed units to their standing forces "
    "instead of the deck.",
    example={"save_killed_unit": {"count": 1}},
)
class SaveKilledUnit(Params):
    count: int = Field(ge=1)


primitive(
    "unit_tech_bonus",
    kind="trigger",
    doc="Whenever the holder learns a tech that unlocks or upgrades a unit type (not at setup), they build one "
    "unit of that type free and take one resource of their choice from the market.",
    example={"unit_tech_bonus": {}},
)(NoParams)

CultureEvent = Literal["wonder_built", "city_built", "city_conquered", "village_conquered", "coin_invested"]


@primitive(
    "culture_advance_on",
    kind="trigger",
    doc="The holder advances one culture-track space free (claiming its reward) each time one of `events` "
    "happens: wonder_built, city_built, city_conquered, village_conquered, coin_invested (a coin invested in an "
    "investment card).",
    example={"culture_advance_on": {"events": ["wonder_built", "city_built"]}},
)
class CultureAdvanceOn(Params):
    events: list[CultureEvent] = Field(min_length=1)


primitive(
    "attacking_extra_loot",
    kind="trigger",
    doc="When the holder wins a battle as the attacker and gains loot, they gain `amount` more loot.",
    example={"attacking_extra_loot": {"amount": 1}},
)(PositiveAmount)
primitive(
    "trade_on_battle_won",
    kind="trigger",
    doc="The holder gains `amount` trade each time they win a battle (attacking, defending or against a village).",
    example={"trade_on_battle_won": {"amount": 3}},
)(PositiveAmount)
primitive(
    "culture_per_unit_killed",
    kind="trigger",
    doc="After each battle the holder fights they gain `amount` culture for every unit killed in it, on either side.",
    example={"culture_per_unit_killed": {"amount": 1}},
)(PositiveAmount)


@primitive(
    "free_units_on_great_person",
    kind="trigger",
    doc="Each time the holder gains a great person they may also build up to `count` unlocked units free (their "
    "types of the holder's choice).",
    example={"free_units_on_great_person": {"count": 2}},
)
class FreeUnitsOnGreatPerson(Params):
    count: int = Field(ge=1)


primitive(
    "culture_per_tech_learned",
    kind="trigger",
    doc="The holder gains `amount` culture each time they learn a tech after setup (by research or any other way).",
    example={"culture_per_tech_learned": {"amount": 2}},
)(PositiveAmount)
primitive(
    "culture_per_resource_spent",
    kind="trigger",
    doc="The holder gains `amount` culture for every resource token or marker they spend, for any reason (a "
    "culture event card spent as a resource is not a token).",
    example={"culture_per_resource_spent": {"amount": 1}},
)(PositiveAmount)


# ------------------------------------------------------------------ start of turn


@primitive(
    "start_gain",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they gain `culture` culture and `trade` trade.",
    example={"start_gain": {"trade": 3}},
)
class StartGain(Params):
    culture: int = Field(default=0, ge=0)
    trade: int = Field(default=0, ge=0)


@primitive(
    "start_culture_advance",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they advance `spaces` culture-track spaces free.",
    example={"start_culture_advance": {"spaces": 1}},
)
class StartCultureAdvance(Params):
    spaces: int = Field(ge=1)


primitive(
    "start_free_figure",
    kind="start_of_turn",
    doc="Optional, once in the holder's Start of Turn: build an army or a scout free in the square of the "
    "wonder's marker (stacking limit and placement rules apply).",
    example={"start_free_figure": {}},
)(NoParams)
primitive(
    "start_free_walls",
    kind="start_of_turn",
    doc="Optional, once in the holder's Start of Turn: build City Walls free in one of their cities.",
    example={"start_free_walls": {}},
)(NoParams)
primitive(
    "start_free_building",
    kind="start_of_turn",
    doc="Optional, once in the holder's Start of Turn: build one unlocked building free in one of their cities.",
    example={"start_free_building": {}},
)(NoParams)
primitive(
    "start_learn_tech",
    kind="start_of_turn",
    doc="Optional, once in the holder's Start of Turn: learn free a tech another player knows (a legal "
    "pyramid space is needed); research later in the turn is not affected.",
    example={"start_learn_tech": {}},
)(NoParams)
primitive(
    "start_take_market",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they take one of every resource still in the market.",
    example={"start_take_market": {}},
)(NoParams)


@primitive(
    "start_draw_culture",
    kind="start_of_turn",
    doc="Once in the holder's Start of Turn: draw `count` culture event cards, each from a deck of their choice.",
    example={"start_draw_culture": {"count": 2}},
)
class StartDrawCulture(Params):
    count: int = Field(ge=1)


primitive(
    "start_coin_token",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn a coin token is placed on the wonder's card (no cap); the "
    "tokens count while the wonder is in play and not blockaded.",
    example={"start_coin_token": {}},
)(NoParams)

# ------------------------------------------------------------------ resource abilities


@primitive(
    "boost_production",
    kind="resource",
    doc="One of the holder's cities has `amount` more production this turn.",
    example={"boost_production": {"amount": 4, "cost": ["wheat"], "phase": "city_management"}},
)
class BoostProduction(ResourceAbility):
    amount: int = Field(ge=1)


@primitive(
    "gain_culture",
    kind="resource",
    doc="The holder gains `amount` culture tokens.",
    example={"gain_culture": {"amount": 2, "cost": ["incense"], "phase": "city_management"}},
)
class GainCulture(ResourceAbility):
    amount: int = Field(ge=1)


@primitive(
    "gain_trade",
    kind="resource",
    doc="The holder gains `amount` trade.",
    example={"gain_trade": {"amount": 4, "cost": ["silk"], "phase": "trade"}},
)
class GainTrade(ResourceAbility):
    amount: int = Field(ge=1)


@primitive(
    "battle_wounds",
    kind="resource",
    doc="Before playing a unit in a battle: that unit deals `amount` more wounds once, when it is played "
    "(it gains no health).",
    example={"battle_wounds": {"amount": 3, "cost": ["iron"], "phase": "battle"}},
)
class BattleWounds(ResourceAbility):
    amount: int = Field(ge=1)


@primitive(
    "coin_on_card",
    kind="resource",
    doc="A coin token is placed on this tech, up to `cap` tokens.",
    example={"coin_on_card": {"cap": 3, "cost": ["any"], "phase": "city_management"}},
)
class CoinOnCard(ResourceAbility):
    cap: int = Field(ge=1)


primitive(
    "cancel_city_action",
    kind="resource",
    doc="When another player's city takes an action, the holder may cancel it: the city's action is used "
    "and nothing happens.",
    example={"cancel_city_action": {"cost": ["spy"], "phase": "any"}},
)(ResourceAbility)
primitive(
    "cancel_resource_ability",
    kind="resource",
    doc="When another player uses a resource ability, the holder may cancel it (the resources paid are lost).",
    example={"cancel_resource_ability": {"cost": ["spy"], "phase": "any"}},
)(ResourceAbility)


primitive(
    "rival_discards_coin",
    kind="resource",
    doc="Every other player who has more coins than the holder discards one coin token: one on their civilization "
    "sheet if they have any, otherwise one from the card holding the most (investments are safe).",
    example={"rival_discards_coin": {"cost": ["incense"], "phase": "start_of_turn"}},
)(ResourceAbility)


@primitive(
    "cancel_culture_event",
    kind="resource",
    doc="When another player plays a culture event card, cancel it (the card is discarded without effect). "
    "`own_targets_only`: only a card aimed at the holder, their figures, cities or squares. "
    "`resource_abilities`: may cancel a resource ability instead. On a tech it costs `cost`; as a "
    "culture event card, playing the card is its cost (a cancel may itself be cancelled).",
    example={"cancel_culture_event": {"cost": ["spy"], "phase": "any"}},
)
class CancelCultureEvent(Params):
    cost: list[CostItem] = Field(default_factory=list)
    phase: CardPhase = "any"
    own_targets_only: bool = False
    resource_abilities: bool = False


# ------------------------------------------------------------------ when learned

primitive(
    "obsolete_wonder",
    kind="on_learn",
    doc="When the tech is learned, the holder may obsolete one built wonder (any player's): its card is turned "
    "face down and its ability is lost for the rest of the game; its marker still gives culture.",
    example={"obsolete_wonder": {}},
)(NoParams)
primitive(
    "grow_metropolis",
    kind="on_learn",
    doc="When the tech is learned the holder's capital grows into a metropolis (2 centre squares, 10 outskirts "
    "squares), at once if it can, otherwise in the first of the holder's Start of Turn phases in which it can.",
    example={"grow_metropolis": {}},
)(NoParams)
primitive(
    "tech_victory",
    kind="on_learn",
    doc="Learning this tech wins the game (tech victory).",
    example={"tech_victory": {}},
)(NoParams)

# ------------------------------------------------------------------ setup

primitive(
    "random_great_person",
    kind="setup",
    doc="At the end of setup the civilization gains a random great person, placed in its capital's outskirts.",
    example={"random_great_person": {}},
)(NoParams)
primitive(
    "walled_capital",
    kind="setup",
    doc="The capital begins with City Walls (walled side up).",
    example={"walled_capital": {}},
)(NoParams)
primitive(
    "random_ancient_wonder",
    kind="setup",
    doc="The civilization gains a random ancient wonder before the market is filled, placed in its capital's "
    "outskirts; a medieval wonder takes its place in the market.",
    example={"random_ancient_wonder": {}},
)(NoParams)


@primitive(
    "extra_units",
    kind="setup",
    doc="The civilization takes `count` more units of type `unit` into its standing forces.",
    example={"extra_units": {"unit": "infantry", "count": 2}},
)
class ExtraUnits(Params):
    unit: str
    count: int = Field(ge=1)


@primitive(
    "extra_figures",
    kind="setup",
    doc="The civilization has `count` more figures of kind `figure`, one of which is placed with the starting figures.",
    example={"extra_figures": {"figure": "army", "count": 1}},
)
class ExtraFigures(Params):
    figure: FigureKind
    count: int = Field(ge=1)


@primitive(
    "starting_resources",
    kind="setup",
    doc="The civilization takes these `resources` from the market at setup.",
    example={"starting_resources": {"resources": ["incense", "iron", "silk", "wheat"]}},
)
class StartingResources(Params):
    resources: list[Resource] = Field(min_length=1)


# ------------------------------------------------------------------ culture event cards


@primitive(
    "card_resource",
    kind="card",
    doc="The card may be spent as one resource of the listed `choices` (to pay a resource ability).",
    example={"card_resource": {"choices": ["iron", "wheat", "spy", "silk"]}},
)
class CardResource(Params):
    choices: list[Resource] = Field(min_length=1)


primitive(
    "gift_coin_to_other",
    kind="card",
    doc="When the card is spent, another player of the holder's choice gains 1 coin token.",
    example={"gift_coin_to_other": {}},
)(NoParams)
primitive(
    "place_village",
    kind="card",
    doc="Place a village marker (face down, from the pile) on an empty land square outside every city's outskirts.",
    example={"place_village": {}},
)(NoParams)


@primitive(
    "kill_figures",
    kind="card",
    doc="Pick a square within `range` squares (counted orthogonally; none: anywhere) of the player's figures or "
    "cities: kill up to `figures` enemy figures there, or (with `great_person`) a great person there.",
    example={"kill_figures": {"range": 4, "figures": 1}},
)
class KillFigures(Params):
    range: int | None = Field(default=None, ge=1)
    figures: int = Field(ge=1)
    great_person: bool = False


@primitive(
    "move_enemy_figures",
    kind="card",
    doc="Pick a square with another player's figures: move all of that player's figures there, as a group, up "
    "to `distance` squares (orthogonally, not through water or unexplored tiles); the move cannot end where "
    "it would start a battle or explore.",
    example={"move_enemy_figures": {"distance": 2}},
)
class MoveEnemyFigures(Params):
    distance: int = Field(ge=1)


@primitive(
    "change_terrain",
    kind="card",
    doc="A square with no building, wonder or great person becomes `to` terrain for the rest of the game, "
    "showing that terrain's default icons; `not_on`/`only_on` limit the squares, `empty` also asks for no "
    "figures, city, hut or village there.",
    example={"change_terrain": {"to": "desert", "not_on": ["mountain"]}},
)
class ChangeTerrain(Params):
    to: str
    not_on: list[str] = Field(default_factory=list)
    only_on: list[str] = Field(default_factory=list)
    empty: bool = False


@primitive(
    "free_battle_units",
    kind="card",
    doc="Just before the battle forces are drawn, the holder builds up to `count` unlocked units free.",
    example={"free_battle_units": {"count": 1}},
)
class FreeBattleUnits(Params):
    count: int = Field(ge=1)


@primitive(
    "exchange_techs",
    kind="card",
    doc="Pick another player: the holder learns free one of their techs of level `max_level` or lower, then "
    "that player learns free one of the holder's techs of level `max_level` or lower (legal pyramid spaces "
    "needed).",
    example={"exchange_techs": {"max_level": 1}},
)
class ExchangeTechs(Params):
    max_level: int = Field(ge=1, le=4)


@primitive(
    "destroy_buildings",
    kind="card",
    doc="Destroy up to `count` buildings of other players within `range` squares of the holder's figures or "
    "cities (none: anywhere); they return to the market.",
    example={"destroy_buildings": {"range": 4, "count": 1}},
)
class DestroyBuildings(Params):
    range: int | None = Field(default=None, ge=1)
    count: int = Field(ge=1)


primitive(
    "force_anarchy",
    kind="card",
    doc="A chosen other player's government becomes Anarchy.",
    example={"force_anarchy": {}},
)(NoParams)
primitive(
    "city_production",
    kind="card",
    doc="One of the holder's cities has `amount` more production this turn.",
    example={"city_production": {"amount": 4}},
)(PositiveAmount)


@primitive(
    "discard_coin_tokens",
    kind="card",
    doc="Up to `players` other players holding coin tokens (none: every other player) each discard one coin token "
    "the holder picks, from their civilization sheet or a card; investments are safe.",
    example={"discard_coin_tokens": {"players": 1}},
)
class DiscardCoinTokens(Params):
    players: int | None = Field(default=None, ge=1)


@primitive(
    "switch_policies",
    kind="card",
    doc="The holder turns up to `count` of their adopted social policy cards to the other side.",
    example={"switch_policies": {"count": 1}},
)
class SwitchPolicies(Params):
    count: int = Field(ge=1)


@primitive(
    "move_own_figure",
    kind="card",
    doc="One of the holder's figures moves up to `distance` squares (orthogonally, not through water or unexplored "
    "tiles) onto an empty square.",
    example={"move_own_figure": {"distance": 2}},
)
class MoveOwnFigure(Params):
    distance: int = Field(ge=1)


@primitive(
    "barbarian_attack",
    kind="card",
    doc="Pick another player's army figure or city within `range` squares (counted orthogonally) of a village "
    "marker on the map: barbarians of rank `rank`, led by the holder, attack it at once; whoever wins takes no "
    "reward.",
    example={"barbarian_attack": {"range": 4, "rank": 2}},
)
class BarbarianAttack(Params):
    range: int = Field(ge=1)
    rank: int = Field(ge=1, le=4)


primitive(
    "card_trade",
    kind="card",
    doc="The holder gains `amount` trade (up to the trade dial's top).",
    example={"card_trade": {"amount": 7}},
)(PositiveAmount)
primitive(
    "extra_city_action",
    kind="card",
    doc="One of the holder's cities other than the capital takes an extra action this turn.",
    example={"extra_city_action": {}},
)(NoParams)


# ------------------------------------------------------------------ hut and village markers (the expansions)


primitive(
    "found_culture",
    kind="marker",
    doc="Found: the marker is revealed and discarded, and its finder gains `amount` culture.",
    example={"found_culture": {"amount": 3}},
)(PositiveAmount)
primitive(
    "found_coin",
    kind="marker",
    doc="Found: the marker is revealed and discarded, and its finder puts a coin token on their civilization sheet.",
    example={"found_coin": {}},
)(NoParams)
primitive(
    "found_unit_or_figure",
    kind="marker",
    doc="Found: the marker is revealed and discarded, and its finder builds free either one unlocked unit or one "
    "figure in the marker's square (within the stacking limit).",
    example={"found_unit_or_figure": {}},
)(NoParams)


@primitive(
    "reveal_city_production",
    kind="marker",
    doc="Kept face down; revealed and discarded in City Management, one of the holder's cities has `amount` more "
    "production that turn.",
    example={"reveal_city_production": {"amount": 4}},
)
class RevealCityProduction(Params):
    amount: int = Field(ge=1)


@primitive(
    "reveal_learn_tech",
    kind="marker",
    doc="Kept face down; revealed and discarded in the holder's Start of Turn, they learn a tech of level `level` "
    "free.",
    example={"reveal_learn_tech": {"level": 1}},
)
class RevealLearnTech(Params):
    level: int = Field(ge=1, le=5)


primitive(
    "found_city_state",
    kind="marker",
    doc="Found: the marker is revealed and discarded, and the top city-state marker is placed on its square.",
    example={"found_city_state": {}},
)(NoParams)


# ------------------------------------------------------------------ relics (the expansions)


primitive(
    "relic_tech_next_turn",
    kind="relic",
    doc="At the start of the finder's next Start of Turn they learn a free tech of their choice (it needs a place "
    "in their pyramid).",
    example={"relic_tech_next_turn": {}},
)(NoParams)
primitive(
    "relic_great_person",
    kind="relic",
    doc="The finder gains 1 great person at once.",
    example={"relic_great_person": {}},
)(NoParams)


@primitive(
    "relic_investments_next_turn",
    kind="relic",
    doc="At the start of the finder's next Start of Turn they gain `markers` investment markers free (no coin "
    "tokens paid), each put on an investment card of their choice.",
    example={"relic_investments_next_turn": {"markers": 2}},
)
class RelicInvestments(Params):
    markers: int = Field(ge=1)


@primitive(
    "relic_culture_advances",
    kind="relic",
    doc="The finder advances `spaces` culture-track spaces free (claiming each space's reward).",
    example={"relic_culture_advances": {"spaces": 2}},
)
class RelicCultureAdvances(Params):
    spaces: int = Field(ge=1)


@primitive(
    "relic_free_units",
    kind="relic",
    doc="The finder builds `count` unlocked units of their choice free, at once.",
    example={"relic_free_units": {"count": 2}},
)
class RelicFreeUnits(Params):
    count: int = Field(ge=1)


# ------------------------------------------------------------------ social policies (Wisdom and Warfare)


@primitive(
    "start_buy_tech",
    kind="start_of_turn",
    doc="Once per Start of Turn the holder may pay `trade` trade to learn a tech of level `level` (it needs a place "
    "in their pyramid); the Research phase is still theirs.",
    example={"start_buy_tech": {"level": 1, "trade": 6}},
)
class StartBuyTech(Params):
    level: int = Field(ge=1, le=5)
    trade: int = Field(ge=0)


@primitive(
    "start_buy_culture_card",
    kind="start_of_turn",
    doc="Once per Start of Turn the holder may pay `culture` culture to draw a culture event card from the deck of "
    "the culture-track area their marker is in.",
    example={"start_buy_culture_card": {"culture": 1}},
)
class StartBuyCultureCard(Params):
    culture: int = Field(ge=0)


primitive(
    "start_trade_per_city",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they gain `amount` trade per city they have.",
    example={"start_trade_per_city": {"amount": 1}},
)(PositiveAmount)
primitive(
    "start_trade_per_policy",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they gain `amount` trade per social policy they have adopted.",
    example={"start_trade_per_policy": {"amount": 1}},
)(PositiveAmount)
primitive(
    "start_trade_per_city_state",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they gain `amount` trade per city-state they control.",
    example={"start_trade_per_city_state": {"amount": 1}},
)(PositiveAmount)
primitive(
    "start_culture_with_scout",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they gain `amount` culture if one of their scouts is on the map.",
    example={"start_culture_with_scout": {"amount": 1}},
)(PositiveAmount)
primitive(
    "armies_gather",
    kind="passive",
    doc="The holder's army figures gather the icons and resources of their square as if they were scouts.",
    example={"armies_gather": {}},
)(NoParams)
primitive(
    "policy_maximum_bonus",
    kind="passive",
    doc="The holder's social policy maximum is `amount` higher (once they have a city).",
    example={"policy_maximum_bonus": {"amount": 1}},
)(PositiveAmount)
primitive(
    "villages_without_battle",
    kind="passive",
    doc="The holder's armies conquer a village they enter without a battle.",
    example={"villages_without_battle": {}},
)(NoParams)
primitive(
    "cities_beside_huts",
    kind="passive",
    doc="The holder may build a city next to huts (never villages), and then explores those huts at once.",
    example={"cities_beside_huts": {}},
)(NoParams)
primitive(
    "coastal_army_speed",
    kind="passive",
    doc="A move of the holder's figures with at least one army among them that begins on a land square orthogonally "
    "next to water goes `amount` squares farther.",
    example={"coastal_army_speed": {"amount": 2}},
)(PositiveAmount)
primitive(
    "attacking_hand_size",
    kind="passive",
    doc="The holder's battle hand size is `amount` higher when they attack.",
    example={"attacking_hand_size": {"amount": 1}},
)(PositiveAmount)
primitive(
    "lone_army_speed",
    kind="passive",
    doc="An army figure of the holder moving alone (not in a group) moves `amount` squares farther.",
    example={"lone_army_speed": {"amount": 1}},
)(PositiveAmount)
primitive(
    "extra_coins",
    kind="passive",
    doc="The holder has `amount` more coins on the economy dial.",
    example={"extra_coins": {"amount": 1}},
)(PositiveAmount)


@primitive(
    "great_person_choice",
    kind="trigger",
    doc="Whenever the holder gains a great person they draw `draw` and keep one of them (the others go back under "
    "the pile).",
    example={"great_person_choice": {"draw": 2}},
)
class GreatPersonChoice(Params):
    draw: int = Field(ge=2)


@primitive(
    "developed_city",
    kind="passive",
    doc="Each city of the holder whose outskirts hold at least `improvements` different buildings or wonders has "
    "`production` more production, and `arts_culture` more culture when devoted to the arts.",
    example={"developed_city": {"improvements": 2, "production": 3, "arts_culture": 2}},
)
class DevelopedCity(Params):
    improvements: int = Field(ge=1)
    production: int = Field(ge=0)
    arts_culture: int = Field(ge=0)


primitive(
    "free_unit_with_army",
    kind="trigger",
    doc="The first time in a turn the holder builds an army figure, they also build one unlocked unit of their "
    "choice free.",
    example={"free_unit_with_army": {}},
)(NoParams)


# ------------------------------------------------------------------ great person cards (Fame and Fortune's deck)


primitive(
    "travel_speed_bonus",
    kind="passive",
    doc="The holder's travel speed is `amount` higher.",
    example={"travel_speed_bonus": {"amount": 1}},
)(PositiveAmount)
primitive(
    "city_actions_uncancellable",
    kind="passive",
    doc="The holder's city actions cannot be cancelled.",
    example={"city_actions_uncancellable": {}},
)(NoParams)


@primitive(
    "start_culture_per_coins",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they gain 1 culture for every `coins` coins they have.",
    example={"start_culture_per_coins": {"coins": 3}},
)
class StartCulturePerCoins(Params):
    coins: int = Field(ge=1)


@primitive(
    "start_gain_per_unbuilt_armies",
    kind="start_of_turn",
    doc="At the start of the holder's Start of Turn they gain `trade` trade and `culture` culture for every "
    "`armies` of their army figures not on the map.",
    example={"start_gain_per_unbuilt_armies": {"armies": 2, "trade": 1, "culture": 1}},
)
class StartGainPerUnbuiltArmies(Params):
    armies: int = Field(ge=1)
    trade: int = Field(default=0, ge=0)
    culture: int = Field(default=0, ge=0)


primitive(
    "culture_for_unique_research",
    kind="trigger",
    doc="Each time the holder learns in the Research phase a tech no other player knows or researched that turn, "
    "they gain `amount` culture.",
    example={"culture_for_unique_research": {"amount": 3}},
)(PositiveAmount)


@primitive(
    "resource_wildcard",
    kind="passive",
    doc="A resource token or hut or village marker the holder spends may count as any one of `choices` (their choice).",
    example={"resource_wildcard": {"choices": ["incense", "iron", "silk", "wheat"]}},
)
class ResourceWildcard(Params):
    choices: list[Resource] = Field(min_length=1)


primitive(
    "arts_culture_per_resource_square",
    kind="passive",
    doc="Each time the holder devotes a city to the arts it gains `amount` more culture for each square of its "
    "outskirts showing a resource icon (not covered by a building, wonder or great person).",
    example={"arts_culture_per_resource_square": {"amount": 1}},
)(PositiveAmount)
primitive(
    "free_building_on_exploring",
    kind="trigger",
    doc="Each time the holder explores (turns over) a face-down tile, they may at once build one basic (not "
    "upgraded) building free in one of their cities, even if not unlocked; it obeys the placement rules (terrain, "
    "one limited building per city, blockades) and is lost if it cannot be placed.",
    example={"free_building_on_exploring": {}},
)(NoParams)
primitive(
    "culture_per_player_without_tech",
    kind="trigger",
    doc="Each time the holder learns a tech (by research or otherwise, not at setup), they gain `amount` culture "
    "for each other player who neither knows it nor is researching it.",
    example={"culture_per_player_without_tech": {"amount": 1}},
)(PositiveAmount)
primitive(
    "culture_when_others_devote",
    kind="trigger",
    doc="Each time another player devotes a city to the arts, the holder gains `amount` culture.",
    example={"culture_when_others_devote": {"amount": 1}},
)(PositiveAmount)


@primitive(
    "person_gain",
    kind="great_person",
    doc="The holder gains `trade` trade (up to the dial's top) and `culture` culture.",
    example={"person_gain": {"trade": 27}},
)
class PersonGain(Params):
    trade: int = Field(default=0, ge=0)
    culture: int = Field(default=0, ge=0)


@primitive(
    "person_gain_per_building",
    kind="great_person",
    doc="The holder gains `trade` trade and `culture` culture for every building in their cities' outskirts.",
    example={"person_gain_per_building": {"trade": 1, "culture": 1}},
)
class PersonGainPerBuilding(Params):
    trade: int = Field(default=0, ge=0)
    culture: int = Field(default=0, ge=0)


primitive(
    "person_culture_per_unbuilt_army",
    kind="great_person",
    doc="The holder gains `amount` culture for every one of their army figures not on the map.",
    example={"person_culture_per_unbuilt_army": {"amount": 3}},
)(PositiveAmount)


@primitive(
    "person_advance_per_coins",
    kind="great_person",
    doc="The holder advances one culture-track space free for every `coins` coins they have.",
    example={"person_advance_per_coins": {"coins": 3}},
)
class PersonAdvancePerCoins(Params):
    coins: int = Field(ge=1)


@primitive(
    "person_free_unit",
    kind="great_person",
    doc="The holder builds one `unit` unit free into their standing forces, even if its type is not unlocked.",
    example={"person_free_unit": {"unit": "aircraft"}},
)
class PersonFreeUnit(Params):
    unit: str


primitive(
    "person_learn_known_tech",
    kind="great_person",
    doc="The holder learns free a tech another player knows (it needs a place in their pyramid).",
    example={"person_learn_known_tech": {}},
)(NoParams)
primitive(
    "outnumbered_defender_bonus",
    kind="passive",
    doc="When the holder defends with fewer units in their battle force than the attacker (counted from the draw), "
    "their combat bonus is `amount` higher.",
    example={"outnumbered_defender_bonus": {"amount": 8}},
)(PositiveAmount)
primitive(
    "free_building_on_investing",
    kind="trigger",
    doc="In a Start of Turn in which the holder invests a coin, they may build one unlocked building free in one of "
    "their cities.",
    example={"free_building_on_investing": {}},
)(NoParams)
primitive(
    "person_first_player",
    kind="great_person",
    doc="The holder becomes the first player (from the next phase on; the next turn the marker passes on from them).",
    example={"person_first_player": {}},
)(NoParams)
primitive(
    "person_devote_all_cities",
    kind="great_person",
    doc="As the holder's capital's action, every one of their cities is devoted to the arts; the other cities still "
    "take their own actions.",
    example={"person_devote_all_cities": {}},
)(NoParams)
primitive(
    "person_double_speed",
    kind="great_person",
    doc="The holder's travel speed is doubled until the end of the turn.",
    example={"person_double_speed": {}},
)(NoParams)
primitive(
    "person_convert_trade_culture",
    kind="great_person",
    doc="The holder turns any amount of their trade into as much culture, or of their culture into as much trade "
    "(up to the dial's top).",
    example={"person_convert_trade_culture": {}},
)(NoParams)
primitive(
    "person_wonder_discount",
    kind="great_person",
    doc="The next wonder the holder builds this turn costs `amount` less production (with any other discount).",
    example={"person_wonder_discount": {"amount": 5}},
)(PositiveAmount)
primitive(
    "arts_as_trade",
    kind="passive",
    doc="Once per turn, when the holder devotes a city to the arts, they may take its culture as trade instead.",
    example={"arts_as_trade": {}},
)(NoParams)
primitive(
    "person_regroup",
    kind="great_person",
    doc="The holder moves all their figures on one square to another square holding figures of theirs (within the "
    "stacking limit).",
    example={"person_regroup": {}},
)(NoParams)
primitive(
    "start_gift_coin_for_culture",
    kind="start_of_turn",
    doc="Once per Start of Turn the holder may give one of their coin tokens to another player (onto that player's "
    "civilization sheet); if they do, they advance one culture-track space free.",
    example={"start_gift_coin_for_culture": {}},
)(NoParams)
primitive(
    "culture_and_trade_per_wonder",
    kind="trigger",
    doc="A marker is put on the card for each wonder the holder builds; at the start of each of their Start of Turn "
    "phases they gain culture and trade, each equal to the markers on it.",
    example={"culture_and_trade_per_wonder": {}},
)(NoParams)
primitive(
    "person_culture_as_bonus",
    kind="great_person",
    doc="At the start of a battle the holder defends, their combat bonus for it rises by their unspent culture.",
    example={"person_culture_as_bonus": {}},
)(NoParams)
primitive(
    "wound_on_unit_killed",
    kind="trigger",
    doc="Whenever one of the holder's units is killed in a battle, they deal `amount` wounds to an enemy unit of "
    "their choice standing on a front (none there: the wounds are lost).",
    example={"wound_on_unit_killed": {"amount": 1}},
)(PositiveAmount)
primitive(
    "person_rebuild_battle_force",
    kind="great_person",
    doc="Once the battle forces are drawn, every unit of the holder's battle force dies (under its deck, not killed "
    "in the battle: nothing saves it); the holder then builds as many unlocked units free, straight into it.",
    example={"person_rebuild_battle_force": {}},
)(NoParams)
primitive(
    "person_return_killed",
    kind="great_person",
    doc="After a battle, all the holder's units killed in it return to their standing forces.",
    example={"person_return_killed": {}},
)(NoParams)
primitive(
    "person_extra_city_action",
    kind="great_person",
    doc="One of the holder's cities takes an extra action this turn (the capital too, even in Anarchy); that action "
    "cannot be cancelled.",
    example={"person_extra_city_action": {}},
)(NoParams)
primitive(
    "person_refresh_hand",
    kind="great_person",
    doc="The holder discards any culture event cards they do not want, then draws up to their hand size from the "
    "deck of the culture-track area their marker is in.",
    example={"person_refresh_hand": {}},
)(NoParams)


@primitive(
    "battle_pass",
    kind="passive",
    doc="Once per battle, when the holder is to play a unit, they may pay `trade` trade to pass instead.",
    example={"battle_pass": {"trade": 3}},
)
class BattlePass(Params):
    trade: int = Field(ge=0)


@primitive(
    "person_free_buildings",
    kind="great_person",
    doc="The holder builds up to `count` buildings of face `building` free in their cities, even if the building "
    "is not unlocked for them.",
    example={"person_free_buildings": {"building": "harbor", "count": 3}},
)
class PersonFreeBuildings(Params):
    building: str
    count: int = Field(ge=1)


primitive(
    "person_move_along_edge",
    kind="great_person",
    doc="The holder moves all their figures on a square of the map's edge to an empty edge square where they may end "
    "a move; they cannot move again this turn.",
    example={"person_move_along_edge": {}},
)(NoParams)
primitive(
    "person_tech_row_lower",
    kind="great_person",
    doc="The next tech of level II, III or IV the holder researches this turn takes a place one row lower in their "
    "pyramid than its level.",
    example={"person_tech_row_lower": {}},
)(NoParams)
primitive(
    "person_cancel",
    kind="great_person",
    doc="When another player declares a city action, a resource ability or a culture event, the holder may discard "
    "the card to cancel it (the resources paid for an ability are lost).",
    example={"person_cancel": {}},
)(NoParams)
primitive(
    "person_look_at_markers",
    kind="great_person",
    doc="The holder looks at every hut and village marker lying on the map and held by the other players (they "
    "stay face down: the holder alone knows them from then on).",
    example={"person_look_at_markers": {}},
)(NoParams)


@primitive(
    "person_resource_substitute",
    kind="great_person",
    doc="When the holder would spend a `resource` to pay for an ability, they may discard the card to spend another "
    "resource instead.",
    example={"person_resource_substitute": {"resource": "uranium"}},
)
class PersonResourceSubstitute(Params):
    resource: Resource


primitive(
    "culture_jump",
    kind="passive",
    doc="When advancing on the culture track the holder may jump over the spaces ahead holding other players' "
    "markers, paying for and claiming only the space they stop on.",
    example={"culture_jump": {}},
)(NoParams)


@primitive(
    "person_blank_tech",
    kind="great_person",
    doc="Before researching, the holder places the card in their pyramid as a blank tech of a level up to "
    "`highest_level` that has a place there; it stays there even if the great person dies.",
    example={"person_blank_tech": {"highest_level": 4}},
)
class PersonBlankTech(Params):
    highest_level: int = Field(ge=1)
