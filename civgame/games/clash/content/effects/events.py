"""Effect primitives of event cards and of the advances that protect against events.

An event card's `effects` are its main effect, applied by `rules/events.py` player by player
(the active player first, then clockwise); its icon is the card's `icon` field. `who` says whom a
step concerns: `active`, the player who drew the card, or `every` player. Protection comes from
`event_protection` effects that players hold (advances today), and Myths' mood protection from
`event_mood_protection`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt

from civgame.framework.effects import Params
from civgame.games.clash.content.effects.registry import primitive
from civgame.games.clash.core.vocabulary import Payable, Resource

Who = Literal["active", "every"]
EVENT = "event: when the event card's main effect is resolved"


class EventStep(Params):
    """Base of the main-effect primitives of event cards."""

    who: Who = "active"


@primitive(
    "event_gain",
    when=EVENT,
    doc="Each concerned player gains `gain` (resource limits apply).",
    example={"event_gain": {"who": "every", "gain": {"food": 1}}},
)
class EventGain(EventStep):
    gain: dict[Payable, PositiveInt] = Field(min_length=1)


@primitive(
    "event_hand_out",
    when=EVENT,
    doc="The active player hands out `amount` of `resource` to other players, one at a time, each time "
    "choosing a player below their limit for it (the same player may be chosen again). What nobody can "
    "take is lost.",
    example={"event_hand_out": {"resource": "food", "amount": 2}},
)
class EventHandOut(Params):
    resource: Resource
    amount: PositiveInt


@primitive(
    "event_famine",
    when=EVENT,
    doc="Each concerned player (only those holding advance `with_advance`, if given) loses "
    "`food` food, or `food_per_city_near` food per city on or next to a space of that terrain (at most "
    "`max_food`); gold cannot replace it. A player who cannot pay it all makes one non-Angry city Angry "
    "(one of those cities, with `food_per_city_near`).",
    example={"event_famine": {"food": 2}},
)
class EventFamine(EventStep):
    food: int = Field(default=0, ge=0)
    with_advance: str | None = None
    food_per_city_near: str | None = None
    max_food: int = Field(default=99, ge=0)


@primitive(
    "event_mood_loss",
    when=EVENT,
    doc="Each concerned player with at least `min_cities` cities lowers the mood of `cities` of their "
    "non-Angry cities by one step (their choice), one more with any advance of `more_with`; with "
    "`coastal`, only cities next to a sea space count. Fewer candidates: all of them.",
    example={"event_mood_loss": {"who": "every", "cities": 1, "coastal": True}},
)
class EventMoodLoss(EventStep):
    cities: PositiveInt = 1
    min_cities: int = Field(default=0, ge=0)
    more_with: list[str] = []
    coastal: bool = False


@primitive(
    "event_lose_units",
    when=EVENT,
    doc="Each concerned player with at least `min_units` units (any type, a leader included where it counts as a "
    "unit: `counts_as_unit` in units.yaml) kills "
    "`count` of them, plus one per `per_units` units they have (if set), plus one with any advance of "
    "`more_with`; they gain `vp_per_unit` event VP for each unit lost.",
    example={"event_lose_units": {"who": "every", "min_units": 3, "count": 1, "more_with": ["Roads"]}},
)
class EventLoseUnits(EventStep):
    min_units: int = Field(default=1, ge=1)
    count: int = Field(default=0, ge=0)
    per_units: PositiveInt | None = None
    more_with: list[str] = []
    vp_per_unit: float = 0


@primitive(
    "event_gain_per_city",
    when=EVENT,
    doc="Each concerned player gains `resource` (or, with `tokens`, mood or culture tokens of their "
    "choice) for each of their cities holding any of `buildings` (any colour), at most `max`; the "
    "active player gains at least `active_min`.",
    example={"event_gain_per_city": {"who": "every", "buildings": ["market", "port"], "resource": "gold", "max": 3}},
)
class EventGainPerCity(EventStep):
    buildings: list[str] = Field(min_length=1)
    resource: Resource | Literal["tokens"]
    max: int = Field(default=99, ge=0)
    active_min: int = Field(default=0, ge=0)


@primitive(
    "event_settler_gift",
    when=EVENT,
    doc="With `active_too`, the active player gains a settler in a city of their choice; then the active "
    "player picks another player with a settler left and a city, who places a settler in a city of their "
    "choice.",
    example={"event_settler_gift": {"active_too": True}},
)
class EventSettlerGift(Params):
    active_too: bool = False


@primitive(
    "event_tokens_for_vp",
    when=EVENT,
    doc="A player with mood or culture tokens pays 1 to `max` of them (any mix, their choice) for "
    "`vp_per_token` event VP each.",
    example={"event_tokens_for_vp": {"max": 4, "vp_per_token": 0.5}},
)
class EventTokensForVp(EventStep):
    max: PositiveInt
    vp_per_token: float


@primitive(
    "event_catch_up",
    when=EVENT,
    doc="If every player has as many cities, each gains 1 of `resource`; otherwise each player with the "
    "fewest cities gains the difference between the most cities of any player and their own. With "
    "`who: every` each player takes their share in their own step (after a pirate raid on them).",
    example={"event_catch_up": {"who": "every", "resource": "food"}},
)
class EventCatchUp(EventStep):
    resource: Resource


@primitive(
    "event_civil_war",
    when=EVENT,
    doc="The active player picks a non-Happy city of theirs holding an infantry: one infantry there dies "
    "and the city's mood drops one step (Myths does not help). Without such a city, they lower the mood "
    "of one non-Angry city instead (Myths helps).",
    example={"event_civil_war": {}},
)
class EventCivilWar(Params):
    pass


@primitive(
    "event_fire",
    when=EVENT,
    doc="The active player picks one of their cities on `terrain`; every city on the spaces of that terrain "
    "joined to it (exhausted land does not carry it), whoever owns it, loses a mood step, each owner in "
    "turn order (Myths helps). With no such city, the active player loses `else_lose` instead.",
    example={"event_fire": {"terrain": "forest", "else_lose": {"wood": 1}}},
)
class EventFire(Params):
    terrain: str
    else_lose: dict[Payable, PositiveInt] = {}


@primitive(
    "event_give_up",
    when=EVENT,
    doc="Each concerned player gives up one item per `per_cities` cities they have (rounded down), each "
    "of their choice: a unit, an action or objective card from their hand, or a resource or token.",
    example={"event_give_up": {"who": "every", "per_cities": 2}},
)
class EventGiveUp(EventStep):
    per_cities: PositiveInt


@primitive(
    "event_lose_government",
    when=EVENT,
    doc="The active player loses every government advance for `vp_per_advance` event VP each. Afterwards, "
    "each time they gain a government advance, until as many as were lost, it uses no event cube and they "
    "lose `vp_per_advance` again.",
    example={"event_lose_government": {"vp_per_advance": 1}},
)
class EventLoseGovernment(Params):
    vp_per_advance: float


@primitive(
    "event_building_changes_hands",
    when=EVENT,
    doc="If the active player owns `building` (in their colour, in their own city), they pick another player "
    "with such a piece left, who turns one of those buildings to their colour (a city of their choice). "
    "Otherwise the active player passes the card to another player who owns one, who then resolves it so.",
    example={"event_building_changes_hands": {"building": "temple"}},
)
class EventBuildingChangesHands(Params):
    building: str


@primitive(
    "event_short_battle",
    when=EVENT,
    doc="The next land battle (anyone's, barbarians included) ends after its first round, as if the "
    "attacker retreated if both sides still stand. Its winner gains `vp` event VP: the attacker if it won "
    "that round, otherwise the defender.",
    example={"event_short_battle": {"vp": 1}},
)
class EventShortBattle(Params):
    vp: float


@primitive(
    "event_draw_cards",
    when=EVENT,
    doc="The player draws `action` action cards and `objective` objective cards.",
    example={"event_draw_cards": {"action": 1}},
)
class EventDrawCards(Params):
    action: int = Field(default=0, ge=0)
    objective: int = Field(default=0, ge=0)


@primitive(
    "event_make_happy",
    when=EVENT,
    doc="The player makes one of their cities that is not Happy Happy (their choice).",
    example={"event_make_happy": {}},
)
class EventMakeHappy(Params):
    pass


@primitive(
    "event_convert_tokens",
    when=EVENT,
    doc="The player turns any number of their culture tokens into mood tokens, or of their mood tokens into "
    "culture tokens (one direction).",
    example={"event_convert_tokens": {}},
)
class EventConvertTokens(Params):
    pass


@primitive(
    "event_collect_again",
    when=EVENT,
    doc="The player's effects of primitive `effect` that collect at the start of a turn (now: "
    "`trade_routes`) collect once more, as they would then.",
    example={"event_collect_again": {"effect": "trade_routes"}},
)
class EventCollectAgain(Params):
    effect: Literal["trade_routes"]


@primitive(
    "event_build",
    when=EVENT,
    doc="The player may build `building` in one of their cities that lacks it, without activating the city, "
    "paying its normal price, if they have a piece of it left; its `on_built` effects apply.",
    example={"event_build": {"building": "temple"}},
)
class EventBuild(Params):
    building: str


@primitive(
    "event_build_wonder",
    when=EVENT,
    doc="The player builds a wonder from their hand in one of their cities, paying its cost less "
    "`culture_discount` culture tokens, without an action and without activating the city; with "
    "`ignore_advance` the wonder's own required advance is not needed (the advance every wonder needs "
    "still is). A great person with this effect is played only when such a wonder can be built.",
    example={"event_build_wonder": {"culture_discount": 3, "ignore_advance": True}},
)
class EventBuildWonder(Params):
    culture_discount: int = Field(default=0, ge=0)
    ignore_advance: bool = False


@primitive(
    "event_construct",
    when=EVENT,
    doc="The player may construct one building by the Construct rules, paying its price, without an action "
    "and without activating the city. A great person with this effect is played only when one of the "
    "player's cities could construct a building.",
    example={"event_construct": {}},
)
class EventConstruct(Params):
    pass


@primitive(
    "event_move",
    when=EVENT,
    doc="The player makes a move as the Move action does, without an action; in the first battle they "
    "start by attacking during it, they add `attack_bonus` combat value every round. With no unit that can "
    "move, there is no move and the rest of the card still applies.",
    example={"event_move": {"attack_bonus": 2}},
)
class EventMove(Params):
    attack_bonus: int = Field(default=0, ge=0)


@primitive(
    "event_diplomacy",
    when="event: when the great person is taken, and when it is played",
    doc="Taking the card, its holder picks another player as partner; while they are partners, each pays "
    "`move_cost` on top of a move into a space holding units of the other. Playing the card ends the "
    "relations; a battle between the two ends them too, and the card goes to the event discard pile.",
    example={"event_diplomacy": {"move_cost": {"culture": 2}}},
)
class EventDiplomacy(Params):
    move_cost: dict[Payable, PositiveInt] = Field(min_length=1)


@primitive(
    "event_foresee_objectives",
    when=EVENT,
    doc="The player looks at as many top objective cards as there are players and assigns one to each "
    "player, themselves first and then in turn order; each player's next objective card drawn is the one "
    "assigned to them.",
    example={"event_foresee_objectives": {}},
)
class EventForeseeObjectives(Params):
    pass


@primitive(
    "event_construct_ban",
    when=EVENT,
    doc="From now on a player who is not protected from this card (`event_protection`) may not take the "
    "Construct action or build a wonder; the ban ends when every player is protected.",
    example={"event_construct_ban": {}},
)
class EventConstructBan(Params):
    pass


@primitive(
    "event_destroy",
    when=EVENT,
    doc="Each concerned player with at least `min_cities` cities loses city pieces for good: with "
    "`whole_city`, one city of their choice with every piece in it and their units there; else 1 to "
    "`pieces` buildings, wonders or city centres of their choice (a centre only once nothing else stands in "
    "its city), after which each hit city still standing loses a mood step. A destroyed building gives "
    "`vp_per_piece` event VP to the player of its colour, a centre to the city's owner; a wonder gives its "
    "owner the wonder's owner VP as event VP (its builder's share is gone with it). A wonder of `effect_kept` "
    "keeps its effect: its builder goes on scoring its builder VP although it is gone (only a wonder without "
    "effects, whose whole effect is its VP, may be listed). Destroyed pieces never come back to their owner's "
    "supply.",
    example={"event_destroy": {"min_cities": 3, "pieces": 3, "effect_kept": ["pyramids"]}},
)
class EventDestroy(EventStep):
    min_cities: int = Field(default=0, ge=0)
    whole_city: bool = False
    pieces: PositiveInt = 1
    vp_per_piece: float = Field(default=2, ge=0)
    effect_kept: list[str] = []  # wonders (keys of wonders.yaml)


@primitive(
    "event_gift",
    when=EVENT,
    doc="The active player picks another player, who gains `gain` (resource limits apply).",
    example={"event_gift": {"gain": {"culture": 1}}},
)
class EventGift(Params):
    gain: dict[Payable, PositiveInt] = Field(min_length=1)


@primitive(
    "event_public_wonder",
    when=EVENT,
    doc="The top card of the wonder deck is turned face up: the next player who would draw a wonder card "
    "may take it instead.",
    example={"event_public_wonder": {}},
)
class EventPublicWonder(Params):
    pass


@primitive(
    "event_lose_leader",
    when=EVENT,
    doc="The active player's leader on the board dies (nobody captures it). With a leader left to recruit "
    "and a city with room for one more army unit, they choose: that leader placed for free in such a city, "
    "or `vp` event VP; otherwise `vp` event VP. Then they may never recruit a leader again.",
    example={"event_lose_leader": {"vp": 2}},
)
class EventLoseLeader(Params):
    vp: float = Field(default=2, ge=0)


@primitive(
    "event_revolution",
    when=EVENT,
    doc="The active player loses one action (at the start of their next turn, in the status phase), then "
    "changes government for free as in the status phase, if they have a government and another one is "
    "open to them. They may kill one of their army units to avoid each of the two.",
    example={"event_revolution": {}},
)
class EventRevolution(Params):
    pass


@primitive(
    "buy_off_barbarian_attack",
    when="events: when an event's barbarian attack (the 2012 attack icon) is about to strike one of the holder's "
    "cities, or a barbarian army an event moves is about to enter the holder's city or units",
    doc="Before the attack, the holder may pay 1 of `pay_with` to cancel it, or to turn it on another player's "
    "city the same barbarians could attack (the attack icon's: within their reach; a moving army's: a space it "
    "could step to; never one kept out by `no_barbarian_attacks`). A moving army bought off stays where it is.",
    example={"buy_off_barbarian_attack": {"pay_with": ["culture", "gold"]}},
)
class BuyOffBarbarianAttack(Params):
    pay_with: list[Payable] = Field(min_length=1)


@primitive(
    "bury_top_card",
    when="ability: a free action in the holder's turn; decision: whenever an event card is about to be drawn, "
    "for any player",
    doc="The holder looks at the top card of the event deck without showing it, then leaves it there or pays "
    "`cost` to put it at the bottom of the deck and looks at the next, as often as they pay. Before an event card "
    "is drawn for anyone, the holder is asked first (when the deck holds two cards or more and they can pay "
    "`cost`); the event is drawn after. The card looked at is shown to the holder alone.",
    example={"bury_top_card": {"cost": {"culture": 1}}},
)
class BuryTopCard(Params):
    cost: dict[Payable, PositiveInt] = Field(min_length=1)


@primitive(
    "event_city_attack_offer",
    when=EVENT,
    doc="Lasting until used once: a player who attacks a city (defended by army units or a fortress) may pay "
    "`pay` before the first round for `vp` event VP; the defender then may play no tactics card in the first "
    "`deny_defender_tactics` combat rounds.",
    example={"event_city_attack_offer": {"pay": {"wood": 1, "culture": 1}, "vp": 1, "deny_defender_tactics": 1}},
)
class EventCityAttackOffer(Params):
    pay: dict[Payable, PositiveInt] = Field(min_length=1)
    vp: float = Field(default=1, ge=0)
    deny_defender_tactics: int = Field(default=0, ge=0)


@primitive(
    "event_protection",
    when="passive: when an event's main effect concerns the holder",
    doc="The holder ignores the main effect (never the icon) of the events named in `events`.",
    example={"event_protection": {"events": ["Famine", "Severe famine"]}},
)
class EventProtection(Params):
    events: list[str] = Field(min_length=1)


@primitive(
    "event_mood_protection",
    when="passive: when an event's main effect lowers the mood of the holder's cities",
    doc="Before choosing the cities, the holder may pay `pay` for each city they spare, up to the number "
    "of cities concerned. Pirate raids and Civil War's infantry step are not covered.",
    example={"event_mood_protection": {"pay": {"mood": 1}}},
)
class EventMoodProtection(Params):
    pay: dict[Payable, PositiveInt] = Field(min_length=1)


MAIN_EFFECTS = frozenset(
    {
        "event_gain",
        "event_hand_out",
        "event_famine",
        "event_mood_loss",
        "event_lose_units",
        "event_gain_per_city",
        "event_settler_gift",
        "event_tokens_for_vp",
        "event_catch_up",
        "event_civil_war",
        "event_construct_ban",
        "event_fire",
        "event_give_up",
        "event_lose_government",
        "event_building_changes_hands",
        "event_short_battle",
        "event_draw_cards",
        "event_make_happy",
        "event_convert_tokens",
        "event_collect_again",
        "event_build",
        "event_build_wonder",
        "event_diplomacy",
        "event_construct",
        "event_move",
        "event_foresee_objectives",
        "event_destroy",
        "event_gift",
        "event_public_wonder",
        "event_lose_leader",
        "event_revolution",
        "event_city_attack_offer",
    }
)


@primitive(
    "hold_barbarians",
    when="decision: whenever barbarians are about to move (the Barbarians move icon, in any player's event)",
    doc="Barbarian armies within `distance` spaces of the holder's leader move only if the holder lets them: "
    "before they move, the holder names those that stay where they are. With `shields_from_cards`, other "
    "players may not move those armies with an action card either (`move_barbarian_armies`, the "
    "Mercenaries card, asks `shielded_from_cards` in `rules/events.py`).",
    example={"hold_barbarians": {"distance": 2, "shields_from_cards": True}},
)
class HoldBarbarians(Params):
    distance: int = Field(default=2, ge=0)
    shields_from_cards: bool = False
