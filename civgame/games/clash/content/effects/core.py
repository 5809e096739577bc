"""Primitives used by the core rules: resource caps, extra collect yields and rewards at hooks."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt

from civgame.framework.effects import NoParams, Params
from civgame.games.clash.content.effects.registry import HookedParams, primitive
from civgame.games.clash.core.vocabulary import Payable, Resource


@primitive(
    "resource_cap",
    when="passive: whenever a resource is gained",
    doc="Sets the holder's limit for one resource (anything above the limit is lost when it is gained). "
    "If several apply, the one from the advance gained last counts.",
    example={"resource_cap": {"resource": "food", "limit": 7}},
)
class ResourceCap(Params):
    resource: Resource
    limit: int = Field(ge=0)


@primitive(
    "collect_yield",
    when="passive: when a city collects",
    doc="Spaces of `terrain` may give one of `resources` when collected. `max_spaces` (at least 1) limits how many "
    "such spaces one Collect may use this way. With `port_space_first`, a city whose Port (a building "
    "facing a sea space) faces a usable space takes them from that space only.",
    example={"collect_yield": {"terrain": "barren", "resources": ["food"]}},
)
class CollectYield(Params):
    terrain: str
    resources: list[Payable]
    max_spaces: int | None = Field(default=None, ge=1)
    port_space_first: bool = False


@primitive(
    "gain_on",
    when="triggered: each time its `hook` fires for the holder (see the hooks above)",
    doc="Gain `gain` (resources and tokens; resource limits apply). Any hook may be named, so a mod "
    "can reward a moment of play (a battle won, a city captured, an advance gained) with no new code. With "
    "`holding_at_most`, only while the holder holds no more than those amounts.",
    example={"gain_on": {"hook": "battle_won", "gain": {"gold": 1}}},
)
class GainOn(HookedParams):
    gain: dict[Payable, PositiveInt] = Field(min_length=1)
    holding_at_most: dict[Payable, int] = {}


@primitive(
    "draw_from_discard",
    when="passive: whenever the holder draws a card of one of `decks`",
    doc="Instead of drawing from the deck, the holder may take the top card of that deck's discard pile, "
    "if there is one (`decks`: `action`, `event`). The cards of those decks the holder discards (an "
    "event card as soon as it is drawn, an action card once played) go under the discard pile, not on top.",
    example={"draw_from_discard": {"decks": ["action", "event"]}},
)
class DrawFromDiscard(Params):
    decks: list[Literal["action", "event"]] = Field(min_length=1)


@primitive(
    "borrow_advance",
    when="ability: once per turn, a free action in your turn",
    doc="Choose an advance you do not own outside the government categories (never a civilization's special "
    "advance). Until your turn ends you use it as if you owned it: its effects apply and it counts as the "
    "advance a building or wonder requires, but never as a prerequisite for gaining advances, nor for a "
    "special advance.",
    example={"borrow_advance": {}},
)
class BorrowAdvance(NoParams):
    pass


@primitive(
    "swap_tokens",
    when="passive: whenever the holder pays mood or culture tokens",
    doc="Mood tokens and culture tokens stand in for each other 1:1 in the holder's payments, except the "
    "costs of wonders and buildings. Where the holder does not choose how to pay, the tokens named by the "
    "cost are used first.",
    example={"swap_tokens": {}},
)
class SwapTokens(NoParams):
    pass
