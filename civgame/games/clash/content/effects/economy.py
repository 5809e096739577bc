"""Effect primitives of the economy advances (declared here, applied in the rule modules).

Where each applies: collecting, building and recruiting in `cities.py`; buying and gaining
advances in `advances.py`; free actions, trade routes and the answers to effect choices in
`economy_abilities.py`. (`gold_instead`, shared with Taxes, is declared in `culture.py`.)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt

from civgame.framework.effects import NoParams, Params
from civgame.games.clash.content.effects.registry import primitive
from civgame.games.clash.core.vocabulary import Mood, Payable, Resource

Deck = Literal["action", "objective", "wonder"]
TokenCost = dict[Literal["mood", "culture"], int]


# ------------------------------------------------------------------ gaining advances


@primitive(
    "on_gain",
    when="triggered: once, when the holder gains this advance (or special advance, with its basic advance) or "
    "builds this wonder",
    doc="Gain `gain` (resources and tokens; resource limits apply; with `with_advance`, only if the holder "
    "has that advance already) and draw `draw` cards (`action`, `objective`, `wonder`: how many from each "
    "deck). Where wonders are revealed (`wonders.deck: revealed` in game.yaml): turn `reveal_wonders` "
    "wonder cards face up, then with `claim_wonder` claim one face-up wonder (only the claimer may build "
    "it, at no action cost). A wonder may also give `units` (kind: how many, from supply) in its city "
    "(ships at its Port), and `influence_attempts` Influence Culture attempts from its city, this turn, "
    "at no action cost.",
    example={"on_gain": {"draw": {"action": 1, "objective": 1}}},
)
class OnGain(Params):
    gain: dict[Payable, int] = {}
    with_advance: str | None = None  # `gain` only if the holder already has this advance
    draw: dict[Deck, int] = {}
    reveal_wonders: int = Field(default=0, ge=0)
    claim_wonder: bool = False
    units: dict[str, int] = {}
    influence_attempts: int = Field(default=0, ge=0)


@primitive(
    "advance_reward",
    when="triggered: each time the holder later gains an advance of `categories`, by any means",
    doc="Gain `gain` (resources and tokens; resource limits apply). Advances held before this one give nothing.",
    example={"advance_reward": {"categories": ["Science"], "gain": {"ideas": 1}}},
)
class AdvanceReward(Params):
    categories: list[str] = Field(min_length=1)
    gain: dict[Payable, int] = Field(min_length=1)


@primitive(
    "free_advance_cost",
    when="passive: when the holder buys an advance",
    doc="Buying one of `advances`, or any advance of `categories`, costs no resources (it still takes "
    "an action). With `once_per_turn` only the first such purchase each turn is free. With `less_by` the "
    "price is only lowered by that many (an advance's extra cost still paid), not waived.",
    example={"free_advance_cost": {"categories": ["Science"], "once_per_turn": True}},
)
class FreeAdvanceCost(Params):
    advances: list[str] = []
    categories: list[str] = []
    once_per_turn: bool = False
    less_by: PositiveInt | None = None


@primitive(
    "advance_as_free_action",
    when="ability: a free action in your turn, while the holder lacks one of `advances`",
    doc="Gain one of `advances` that the holder may take as a free action, paying the normal price of an "
    "advance (no discount applies). It uses an event cube like a bought advance.",
    example={"advance_as_free_action": {"advances": ["Sanitation"]}},
)
class AdvanceAsFreeAction(Params):
    advances: list[str] = Field(min_length=1)


@primitive(
    "advance_purchase_bonus",
    when="decision: right after the holder buys an advance (not the one granting this effect), by the "
    "Advance action, a card that buys advances at their price, or an ability",
    doc="If the price paid included any of `paid_with`, the holder may pay `pay` (gold may stand in "
    "for resources) to gain `gain`. Advances bought together (Synergies) share one payment: the offer "
    "comes once per advance bought after the source was held, up to the units of `paid_with` paid.",
    example={"advance_purchase_bonus": {"paid_with": ["gold", "ideas"], "pay": {"ideas": 1}, "gain": {"mood": 1}}},
)
class AdvancePurchaseBonus(Params):
    paid_with: list[Resource] = Field(min_length=1)
    pay: dict[Payable, int] = Field(min_length=1)
    gain: dict[Payable, int] = Field(min_length=1)


@primitive(
    "advance_on_build",
    when="decision: right after the holder constructs `building` (capturing one does not count)",
    doc="The holder may gain one advance of `categories` that they may take, free of cost. It uses "
    "an event cube like a bought advance.",
    example={"advance_on_build": {"building": "temple", "categories": ["Theocracy"]}},
)
class AdvanceOnBuild(Params):
    building: str
    categories: list[str] = Field(min_length=1)
    optional: bool = True  # false: the holder must take one, if any is left to take


# ------------------------------------------------------------------ collecting


@primitive(
    "collect_far",
    when="passive: when a city of the holder collects",
    doc="A Collect may take up to `spaces` of its spaces (null: any number) from land exactly `distance` "
    "spaces from the city (plain hex distance, no path needed), under the usual collect restrictions; "
    "they count toward the city's number of spaces. Such a Collect costs `cost` (paid before collecting, "
    "gold standing in for resources), nothing for a holder of one of `free_with`. With `once_per_turn`, "
    "only one Collect per turn may do this (a Collect that uses no such space does not use it up). If "
    "several apply, the first one gained that is still unused counts.",
    example={"collect_far": {"distance": 2, "spaces": 1, "once_per_turn": True}},
)
class CollectFar(Params):
    distance: int = Field(ge=2)
    spaces: int | None = Field(default=1, ge=1)
    once_per_turn: bool = False
    cost: dict[Payable, int] = {}
    free_with: list[str] = []  # advances that waive `cost`


@primitive(
    "collect_far_spaces",
    when="passive: when a `collect_far` effect of the holder is used",
    doc="Raises the number of far spaces every `collect_far` effect of the holder allows to `spaces`.",
    example={"collect_far_spaces": {"spaces": 2}},
)
class CollectFarSpaces(Params):
    spaces: int = Field(ge=1)


@primitive(
    "collect_bonus",
    when="triggered: after the holder collects in a city holding `building` (in any colour)",
    doc="Gain `gain` on top of what was collected (resource limits apply). With `once_per_turn`, "
    "only after the first such Collect each turn. Without `building`, after any Collect where the effect "
    "applies (written with `only: wonder_city`: a Collect of the wonder's city). With `min_collected` "
    "(`max_collected`), only after a Collect whose spaces gave at least (at most) those amounts: what the "
    "Collect itself gathers, before resource limits and bonuses.",
    example={"collect_bonus": {"building": "academy", "gain": {"ideas": 1}, "once_per_turn": True}},
)
class CollectBonus(Params):
    building: str | None = None
    gain: dict[Payable, int] = Field(min_length=1)
    once_per_turn: bool = False
    min_collected: dict[Payable, int] = {}
    max_collected: dict[Payable, int] = {}


@primitive(
    "collect_settler_bonus",
    when="triggered: after a Collect of the holder",
    doc="Gain `gain` once for each collected space of `terrain`, other than the city's own space, on which "
    "one of the holder's settlers stands; at most `max_spaces` times per Collect (resource limits apply).",
    example={"collect_settler_bonus": {"terrain": "fertile", "gain": {"food": 1}, "max_spaces": 2}},
)
class CollectSettlerBonus(Params):
    terrain: str
    gain: dict[Payable, int] = Field(min_length=1)
    max_spaces: int = Field(default=2, ge=1)


@primitive(
    "collect_exchange",
    when="decision: right after a Collect of the holder that took at least `when_collected`",
    doc="The holder may give `give` to gain `get` (for example 1 of the collected ore for 1 gold).",
    example={"collect_exchange": {"when_collected": {"ore": 2}, "give": {"ore": 1}, "get": {"gold": 1}}},
)
class CollectExchange(Params):
    when_collected: dict[Payable, int] = Field(min_length=1)
    give: dict[Payable, int] = Field(min_length=1)
    get: dict[Payable, int] = Field(min_length=1)


@primitive(
    "free_collect",
    when="ability: a free action in your turn",
    doc="Pay `cost` to Collect in one of your cities without spending an action; the city is "
    "activated as usual. With `once_per_turn`, once each turn. With `exclusive`, it can't be "
    "used after a Collect action this turn, and no Collect action may follow it this turn.",
    example={"free_collect": {"cost": {"mood": 1}, "once_per_turn": True, "exclusive": True}},
)
class FreeCollect(Params):
    cost: TokenCost = {}
    once_per_turn: bool = True
    exclusive: bool = True


@primitive(
    "free_construct",
    when="ability: a free action in your turn",
    doc="Pay `cost` to take a Construct action without spending a main action: the building is paid for, "
    "and its city activated, as usual. With `once_per_turn`, once each turn.",
    example={"free_construct": {"cost": {"ideas": 1, "wood": 1}, "once_per_turn": True}},
)
class FreeConstruct(Params):
    cost: dict[Payable, int] = Field(min_length=1)
    once_per_turn: bool = True


@primitive(
    "collect_price",
    when="passive: when the holder takes a Collect action",
    doc="With `first_free`, the holder's first Collect action each turn uses no action; each later Collect "
    "action that turn costs `later_cost` on top of its action. Gained after a Collect this turn, it "
    "applies from the next turn.",
    example={"collect_price": {"first_free": True, "later_cost": {"mood": 2}}},
)
class CollectPrice(Params):
    first_free: bool = True
    later_cost: TokenCost = {}


@primitive(
    "angry_as_neutral",
    when="ability: a free action in your turn, while you have an Angry city",
    doc="Pay `cost`; for the rest of this turn the holder's Angry cities count as Neutral when they "
    "are activated: they collect and recruit at their full size and may construct. An Angry city "
    "can still be activated only once per turn. It can be used once each turn (it lasts the turn).",
    example={"angry_as_neutral": {"cost": {"mood": 1}}},
)
class AngryAsNeutral(Params):
    cost: TokenCost = {}


@primitive(
    "redirect_activation",
    when="decision: once per turn, when a second activation lowers the mood of one of the holder's cities",
    doc="The holder may instead activate another of its cities at least as large and at least as happy as the "
    "first one was: the first city's mood is restored, and the other counts as activated (losing a mood step "
    "itself if it was activated already this turn).",
    example={"redirect_activation": {}},
)
class RedirectActivation(NoParams):
    pass


# ------------------------------------------------------------------ building and recruiting


@primitive(
    "building_discount",
    when="passive: when the holder constructs `building`",
    doc="The building's cost leaves out `waive` (e.g. its food); without `building`, any building's. "
    "With `once_per_turn`, only for the first such building each turn.",
    example={"building_discount": {"building": "temple", "waive": ["food"], "once_per_turn": True}},
)
class BuildingDiscount(Params):
    building: str | None = None
    waive: list[Payable] = Field(min_length=1)
    once_per_turn: bool = False


@primitive(
    "construct_settler",
    when="decision: right after the holder constructs a building",
    doc="The holder may pay `cost` (gold may stand in for resources) to place a settler from supply in the "
    "city just grown.",
    example={"construct_settler": {"cost": {"food": 1}}},
)
class ConstructSettler(Params):
    cost: dict[Payable, int] = Field(min_length=1)


@primitive(
    "construct_without_activation",
    when="passive: when the holder constructs `building`",
    doc="Constructing `building` does not activate the city: it takes its action but does not count as an "
    "activation (no mood is lost for it, and an Angry city still cannot grow).",
    example={"construct_without_activation": {"building": "temple"}},
)
class ConstructWithoutActivation(Params):
    building: str


@primitive(
    "recruit_substitute",
    when="passive: when the holder pays for a Recruit",
    doc="The normal cost of one `unit` in the Recruit may be paid with `pay` instead (once per "
    "Recruit per effect). A `recruit_substitute_price` effect may change `pay`.",
    example={"recruit_substitute": {"unit": "settler", "pay": {"mood": 1}}},
)
class RecruitSubstitute(Params):
    unit: str
    pay: dict[Payable, int] = Field(min_length=1)


@primitive(
    "card_instead_of_substitute",
    when="passive: when the holder Recruits with a `recruit_substitute` (Draft)",
    doc="One unit a `recruit_substitute` price pays for may be an action card drawn instead, in the Recruit's "
    "own count of units (so a Recruit may be of that card alone); the card is no unit, so it does not trigger "
    "what building units does. With `once_per_turn`, once in the holder's turn.",
    example={"card_instead_of_substitute": {"once_per_turn": True}},
)
class CardInsteadOfSubstitute(Params):
    once_per_turn: bool = False


@primitive(
    "found_city_on",
    when="passive: when the holder founds a city",
    doc="The holder may found cities on spaces of `terrain`, where the rules found none (their "
    "`can_found_city`); every other founding rule applies.",
    example={"found_city_on": {"terrain": ["barren"]}},
)
class FoundCityOn(Params):
    terrain: list[str] = Field(min_length=1)


@primitive(
    "recruit_substitute_price",
    when="passive: when a `recruit_substitute` effect for `unit` is used",
    doc="The substitute price of one `unit` becomes `pay` (the last one gained counts).",
    example={"recruit_substitute_price": {"unit": "infantry", "pay": {"mood": 2}}},
)
class RecruitSubstitutePrice(Params):
    unit: str
    pay: dict[Payable, int] = Field(min_length=1)


@primitive(
    "recruit_refund",
    when="triggered: after each Recruit of the holder",
    doc="Get back `amount` of one resource among `resources` that the Recruit was actually paid "
    "with (the holder picks the type if several). Nothing if it was paid with tokens only.",
    example={"recruit_refund": {"amount": 1}},
)
class RecruitRefund(Params):
    amount: int = Field(default=1, ge=1)
    resources: list[Resource] = ["food", "wood", "ore", "ideas", "gold"]


@primitive(
    "recruit_reward",
    when="triggered: after a Recruit of the holder that includes one of `units`",
    doc="Gain `amount` of one of `gain_one_of` (the holder picks). `units` lists unit kinds, or "
    "`army` (any army unit), `naval` (any ship) and `any`. With `city_building`, only a Recruit in a "
    "city holding that building (in any colour) counts.",
    example={"recruit_reward": {"units": ["army", "naval"], "gain_one_of": ["mood", "culture"]}},
)
class RecruitReward(Params):
    units: list[str] = Field(min_length=1)
    gain_one_of: list[Payable] = Field(min_length=1)
    amount: int = Field(default=1, ge=1)
    city_building: str | None = None


# ------------------------------------------------------------------ trade routes


class PartnerBonus(Params):
    """What the owner of a route's target city gains if the city holds `building`; with `may_skip`, the
    routes' holder may leave out the routes to such cities (the expansion's Market)."""

    building: str
    gain: dict[Payable, int] = Field(min_length=1)
    may_skip: bool = False


@primitive(
    "trade_routes",
    when="triggered (turn_start): at the start of each of the holder's turns",
    listens="turn_start",
    doc="Each trade route gives `gain` (at most `max_routes` routes). A route pairs one of the "
    "holder's `units` (kinds) outside pirate waters with a non-Angry city of another player at "
    "most `distance` spaces away; at distance 2 a space next to both must be revealed and not in "
    "pirate waters. Each unit and each city serve one route; the most routes possible are used. "
    "Each other player owning a target city that holds `partner_bonus.building` gains "
    "`partner_bonus.gain` once; with `partner_bonus.may_skip` the holder chooses first whether to leave "
    "out the routes to such cities of some of those players (the most routes possible are used without "
    "them). With a `gold_instead` effect for `trade_routes`, each route may give gold instead.",
    example={
        "trade_routes": {
            "units": ["settler", "ship"],
            "distance": 2,
            "max_routes": 4,
            "gain": {"food": 1},
            "partner_bonus": {"building": "market", "gain": {"gold": 1}},
        }
    },
)
class TradeRoutes(Params):
    units: list[str] = Field(min_length=1)
    distance: int = Field(default=2, ge=1)
    max_routes: int = Field(default=4, ge=1)
    gain: dict[Resource, int] = Field(min_length=1)
    partner_bonus: PartnerBonus | None = None


# ------------------------------------------------------------------ wonders


@primitive(
    "draw_with_government",
    when="triggered: when the holder gains this advance while holding a government advance, or gains their "
    "first government advance while holding this one",
    doc="Draw `draw` cards (`action`, `objective`: how many from each deck), once.",
    example={"draw_with_government": {"draw": {"action": 1, "objective": 1}}},
)
class DrawWithGovernment(Params):
    draw: dict[Literal["action", "objective"], int] = Field(min_length=1)


@primitive(
    "neighbour_advance_reward",
    when="triggered: in each turn of the player to the holder's left in which they gain an advance the holder lacks",
    doc="Gain `gain` (resources and tokens; resource limits apply), once per such turn.",
    example={"neighbour_advance_reward": {"gain": {"ideas": 1}}},
)
class NeighbourAdvanceReward(Params):
    gain: dict[Payable, int] = Field(min_length=1)


@primitive(
    "wonder_draw_instead",
    when="passive: whenever the holder draws a wonder card",
    doc="The holder takes the wonder card `wonder` instead, wherever it is, unless it is built (or already in "
    "the holder's hand): from the wonder deck, or from another player's hand; that player draws a wonder "
    "card in its place at the start of their next turn.",
    example={"wonder_draw_instead": {"wonder": "great_wall"}},
)
class WonderDrawInstead(Params):
    wonder: str


@primitive(
    "wonder_discount",
    when="passive: when the holder builds `wonder`",
    doc="Building `wonder` costs `less` less (never below nothing).",
    example={"wonder_discount": {"wonder": "great_wall", "less": {"culture": 2}}},
)
class WonderDiscount(Params):
    wonder: str
    less: dict[Payable, int] = Field(min_length=1)


@primitive(
    "wonder_without_action",
    when="passive: when the holder builds a wonder where the effect applies",
    doc="Building a wonder costs no action (the city is activated as usual). Written with `only: leader_city`: "
    "in the city where the holder's leader stands.",
    example={"wonder_without_action": {}, "only": "leader_city"},
)
class WonderWithoutAction(NoParams):
    pass


# ------------------------------------------------------------------ conquest


@primitive(
    "recruit_without_building",
    when="passive: when the holder recruits `unit`",
    doc="`unit` may be recruited without the building it normally needs, in the holder's cities at least "
    "`min_distance_from_capital` spaces from the holder's capital (the space of their starting city).",
    example={"recruit_without_building": {"unit": "cavalry", "min_distance_from_capital": 3}},
)
class RecruitWithoutBuilding(Params):
    unit: str
    min_distance_from_capital: int = Field(default=0, ge=0)


@primitive(
    "may_build_units",
    when="passive: when the holder recruits one of `units`",
    doc="The holder may recruit `units`, which are recruited only where such an effect allows them (their "
    "`only_where_allowed`). Held with an advance, a special advance or a leader, it allows them in every city "
    "of the holder; granted by a city-piece (the expansion's Market), only in the city holding it, while the "
    "piece works for the city's owner.",
    example={"may_build_units": {"units": ["cavalry", "elephant"]}},
)
class MayBuildUnits(Params):
    units: list[str] = Field(min_length=1)


@primitive(
    "captured_city_mood",
    when="triggered (city_captured): right after the holder captures a city",
    listens="city_captured",
    doc="The captured city becomes `mood` instead of the usual mood; the holder may pay `better_for` at "
    "that moment to make it one step better still.",
    example={"captured_city_mood": {"mood": "neutral", "better_for": {"culture": 1}}},
)
class CapturedCityMood(Params):
    mood: Mood
    better_for: TokenCost = {}


@primitive(
    "unit_after_capture",
    when="triggered (city_captured): right after the holder's leader takes part in capturing a city",
    listens="city_captured",
    doc="When the holder captures a city where its leader stands (the leader fought for it and lives), the "
    "holder may pay `cost` to place one `unit` from supply there, within the army stacking limit.",
    example={"unit_after_capture": {"unit": "infantry", "cost": {"gold": 1}}},
)
class UnitAfterCapture(Params):
    unit: str
    cost: dict[Payable, int] = {}


@primitive(
    "paid_size_bonus",
    when="ability: a free action in the holder's turn, before a Collect or a Build of units",
    doc="The holder pays `cost` for one of their cities to count `by` sizes larger for its next Collect or Build "
    "of units this turn: it collects from that many more spaces, or builds that many more units.",
    example={"paid_size_bonus": {"cost": {"mood": 1}, "by": 1}},
)
class PaidSizeBonus(Params):
    cost: dict[Payable, PositiveInt] = Field(min_length=1)
    by: PositiveInt = 1
