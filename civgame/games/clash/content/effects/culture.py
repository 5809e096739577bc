"""Effect primitives of the culture advances (declared here, applied in the rule modules).

Influence Culture (`influence.py`), Increase Happiness (`happiness.py`) and the abilities of
`culture_abilities.py` apply them. Ability costs are tokens, paid as written.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from civgame.framework.effects import NoParams, Params
from civgame.games.clash.content.effects.registry import primitive
from civgame.games.clash.core.vocabulary import Mood, Payable, Resource

Token = Literal["mood", "culture"]
TokenCost = dict[Token, int]


@primitive(
    "free_action",
    when="ability: a free action in your turn",
    doc="Take the main action `action` (`influence_culture` or `increase_happiness`) without spending "
    "one of your actions, paying `cost` on top of the action's own price. An Influence Culture "
    "attempt pays it with its range tokens; an Increase Happiness pays it with its first raise, "
    "so payment substitutions for Increase Happiness cover it too. `once_per_turn` limits it to "
    "one use in each of your turns. With `leader_city_only` (and `only: leader_city`), an Increase "
    "Happiness may raise only the city where the holder's leader stands. `excludes` names other sources of "
    "free actions: in a turn either is used, the other cannot be.",
    example={"free_action": {"action": "influence_culture", "cost": {"culture": 1}, "once_per_turn": True}},
)
class FreeAction(Params):
    action: Literal["influence_culture", "increase_happiness"]
    cost: TokenCost = {}
    once_per_turn: bool = False
    leader_city_only: bool = False
    excludes: list[str] = []  # sources of `free_action` abilities: using either rules out the other this turn


@primitive(
    "payment_substitute",
    when="passive: when paying for the action named by `payment`",
    doc="When paying for `payment` (`increase_happiness`; `construct`: a building; `recruit_substitute`: the "
    "substitute price of a `recruit_substitute` effect), each unit of `replaces` may be paid "
    "with any of `by` instead, 1:1, in any mix.",
    example={
        "payment_substitute": {
            "payment": "increase_happiness",
            "replaces": "mood",
            "by": ["food", "wood", "ore", "ideas", "gold"],
        }
    },
)
class PaymentSubstitute(Params):
    payment: Literal["increase_happiness", "construct", "recruit_substitute"]
    replaces: Payable
    by: list[Payable] = Field(min_length=1)


class CityCondition(Params):
    """Which of the holder's cities an effect covers: every condition given must hold."""

    mood: Mood | None = None
    building: str | None = None  # holds this building (in any colour)
    wonder: bool = False  # holds at least one wonder
    army_unit: bool = False  # holds at least one of the owner's army units
    within_of_wonder: int | None = Field(default=None, ge=0)  # at most this far from the granting wonder's city


@primitive(
    "influence_protection",
    when="passive: when another player attempts Influence Culture against one of your cities",
    doc="Protects the holder's cities matching `cities` (fields `mood`, `building`, `wonder: true`, "
    "`army_unit: true`, `within_of_wonder`: at most that many spaces from the city of the wonder granting "
    "it; all given must hold) against other players' Influence Culture: "
    "`forbid: target` — they can't be targeted at all; `forbid: boost` — the attempt can't be "
    "boosted with culture tokens, neither for range nor after the roll. The holder's own "
    "attempts are never restricted.",
    example={"influence_protection": {"cities": {"mood": "happy"}, "forbid": "boost"}},
)
class InfluenceProtection(Params):
    cities: CityCondition
    forbid: Literal["target", "boost"]


@primitive(
    "influence_from_buildings",
    when="passive: when you attempt Influence Culture",
    doc="Attempts may also start from any other player's (or barbarian) city holding at least one building "
    "in the holder's colour, with that city's size as range.",
    example={"influence_from_buildings": {}},
)
class InfluenceFromBuildings(NoParams):
    pass


@primitive(
    "influence_roll_bonus",
    when="passive: when you roll for Influence Culture",
    doc="Adds `amount` to the holder's Influence Culture roll; `targets: others` only when the target "
    "city belongs to someone else (barbarians included), `all` always.",
    example={"influence_roll_bonus": {"amount": 1, "targets": "others"}},
)
class InfluenceRollBonus(Params):
    amount: int
    targets: Literal["others", "all"] = "others"


@primitive(
    "influence_range_bonus",
    when="passive: when you attempt Influence Culture from a city where the effect applies",
    doc="Adds `amount` to the range of Influence Culture attempts from that city. Written with `only: wonder_city`.",
    example={"influence_range_bonus": {"amount": 1}, "only": "wonder_city"},
)
class InfluenceRangeBonus(Params):
    amount: int = Field(ge=1)


@primitive(
    "smaller_for_happiness",
    when="passive: when the holder pays to raise the mood of a city (Increase Happiness)",
    doc="Each of the holder's cities counts as `by` sizes smaller (never below size 1) for the price of "
    "raising its mood.",
    example={"smaller_for_happiness": {"by": 1}},
)
class SmallerForHappiness(Params):
    by: int = Field(ge=1)


@primitive(
    "ship_regions_reward",
    when="ability: once per turn, a main action in your turn",
    doc="Gain `gain` once for every region holding at least one of the holder's ships (resource and token "
    "limits apply).",
    example={"ship_regions_reward": {"gain": {"culture": 1, "ideas": 1}}},
)
class ShipRegionsReward(Params):
    gain: dict[Payable, int] = Field(min_length=1)


@primitive(
    "wins_ties",
    when="end of the game: when players tie for victory points",
    doc="The holder wins a tie for victory points (the tie-break `tie_winner` in game.yaml).",
    example={"wins_ties": {}},
)
class WinsTies(NoParams):
    pass


@primitive(
    "influence_reward",
    when="triggered: after each successful Influence Culture attempt of yours",
    doc="Gain `gain` (resources and tokens; resource limits apply).",
    example={"influence_reward": {"gain": {"culture": 1}}},
)
class InfluenceReward(Params):
    gain: dict[Payable, int] = Field(min_length=1)


@primitive(
    "mood_steps",
    when="ability: a main action (or a free action with `main_action: false`) in your turn",
    doc="Choose one of your cities that isn't at the best mood and raise it by 1 up to `max_steps` "
    "steps, paying `cost_per_step` for each step whatever the city's size. It can be repeated "
    "unless `once_per_turn`.",
    example={"mood_steps": {"cost_per_step": {"culture": 1}, "max_steps": 2}},
)
class MoodSteps(Params):
    cost_per_step: TokenCost = Field(min_length=1)
    max_steps: int = Field(default=2, ge=1)
    main_action: bool = True
    once_per_turn: bool = False


class ExchangeOption(Params):
    """One trade of an `exchange`: what is given up and what is gained."""

    pay: TokenCost = {}
    discard_action_cards: int = Field(default=0, ge=0)
    discard_objective_cards: int = Field(default=0, ge=0)
    gain: dict[Payable, int] = {}
    extra_actions: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _gains_something(self) -> ExchangeOption:
        if not self.gain and not self.extra_actions:
            raise ValueError("an exchange option must gain something or give extra actions")
        return self


@primitive(
    "exchange",
    when="ability: a free action (or a main action with `main_action: true`) in your turn",
    doc="Pick one of `options`; each option has `pay` (tokens), `discard_action_cards` and "
    "`discard_objective_cards` (that many action / objective cards of your choice from your hand), "
    "`gain` (resources and tokens; resource limits "
    "apply) and `extra_actions` (main actions added to this turn). `once_per_turn` limits the "
    "ability to one use in each of your turns, whichever option is picked.",
    example={
        "exchange": {
            "options": [{"pay": {"culture": 1}, "gain": {"mood": 1}}, {"pay": {"mood": 1}, "gain": {"culture": 1}}],
            "once_per_turn": True,
        }
    },
)
class Exchange(Params):
    options: list[ExchangeOption] = Field(min_length=1)
    main_action: bool = False
    once_per_turn: bool = False


@primitive(
    "taxes",
    when="ability: a main action (or a free action with `main_action: false`) in your turn",
    doc="Pay `pay` to gain one resource per city you own (or `count` resources, however many cities), each "
    "of your choice among `resources` (gold too if you hold a `gold_instead` effect with `use: taxes`). "
    "Resource limits apply. With "
    "`requires_advance`, only while the holder has that advance; `excludes` names other sources of taxes "
    "abilities: in a turn either is used, the other cannot be; `activates_leader_city` (with "
    "`only: leader_city`) activates the city where the holder's leader stands.",
    example={"taxes": {"pay": {"mood": 1}, "resources": ["food", "wood", "ore"]}},
)
class Taxes(Params):
    pay: TokenCost = {}
    resources: list[Resource] = Field(min_length=1)
    main_action: bool = True
    once_per_turn: bool = True
    requires_advance: str | None = None  # usable only while the holder has this advance
    excludes: list[str] = []  # sources of `taxes` abilities: using either rules out the other this turn
    activates_leader_city: bool = False  # the use activates the city where the leader stands
    count: int | None = Field(default=None, ge=1, le=20)  # resources gained, if not one per city


@primitive(
    "draw_and_discard",
    when="ability: a main action (or a free action with `main_action: false`) in your turn",
    doc="Pay `pay` to draw `draw` cards (`action`, `objective`: how many from each deck), then discard "
    "as many of each kind from your hand. With `activates_leader_city` (and `only: leader_city`) each "
    "use activates the city where the holder's leader stands. Any number of times a turn.",
    example={
        "draw_and_discard": {"pay": {"culture": 1}, "draw": {"action": 1, "objective": 1}},
        "only": "leader_city",
    },
)
class DrawAndDiscard(Params):
    pay: TokenCost = {}
    draw: dict[Literal["action", "objective"], int] = Field(min_length=1)
    main_action: bool = True
    activates_leader_city: bool = False


@primitive(
    "cancel_action_card",
    when="when another player plays the action half of an action card (not a tactics half), before it is paid",
    doc="If the holder has a city or an army unit within `distance` spaces of a unit, leader or city of that "
    "player, the holder may discard one of their own action cards to cancel it: the card is discarded as if "
    "unplayed, and its player pays nothing for it (no resources, tokens or action).",
    example={"cancel_action_card": {"distance": 2}},
)
class CancelActionCard(Params):
    distance: int = Field(ge=0)


@primitive(
    "play_card_without_action",
    when="ability: a free action in your turn",
    doc="Pay `pay` (and the card's own price) to play the action half of a card in hand that costs a main "
    "action, without spending one; the card must otherwise be playable. A great person held in hand counts "
    "as such a card (one kept face up does not). With `activates_leader_city` (and "
    "`only: leader_city`) each use activates the city where the holder's leader stands. Any number of "
    "times a turn, or with `once_per_turn` once.",
    example={"play_card_without_action": {"pay": {"culture": 1}, "activates_leader_city": True}, "only": "leader_city"},
)
class PlayCardWithoutAction(Params):
    pay: TokenCost = {}
    activates_leader_city: bool = False
    once_per_turn: bool = False


@primitive(
    "gold_instead",
    when="passive: when `use` (`taxes` or `trade_routes`) gives you resources",
    doc="Gold may be taken instead of the resources `use` normally gives: with `taxes`, gold joins "
    "the resources a `taxes` ability offers; with `trade_routes`, each route may give gold "
    "instead of food.",
    example={"gold_instead": {"use": "taxes"}},
)
class GoldInstead(Params):
    use: Literal["taxes", "trade_routes"]


@primitive(
    "leader_city_advance",
    when="ability: a main action in your turn, while the leader stands in one of your cities of `city_mood`",
    doc="Pay one of `pay_one_of` (`amount` of it) to gain an advance of `category` for free. Its prerequisites "
    "apply and it uses an event cube. It may be used any number of times a turn, one action each. Written "
    "with `only: leader_city`.",
    example={
        "leader_city_advance": {"category": "Education", "pay_one_of": ["mood", "culture"]},
        "only": "leader_city",
    },
)
class LeaderCityAdvance(Params):
    category: str
    pay_one_of: list[Payable] = Field(min_length=1)
    amount: int = Field(default=1, ge=1)
    city_mood: Mood = "happy"
