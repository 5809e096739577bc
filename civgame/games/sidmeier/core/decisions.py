"""The decisions the rules wait for. Every choice in the game is one: the player named by the top
pending decision acts next, and only the actions answering it are legal.

A phase gives each player in turn order one decision of its kind (`StartTurn`, `TradeTurn`, ...);
answering it with the phase's "end" action passes the phase on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from civgame.framework import actions as framework


@dataclass
class Decision(framework.Decision):
    """The root of this game's decisions, with its own registry of kinds."""

    REGISTRY: ClassVar[dict[str, type]] = {}
    TEXT: ClassVar[str] = ""

    def describe(self) -> str:
        return self.TEXT or self.KIND.replace("_", " ")


@dataclass
class StartTurn(Decision):
    KIND: ClassVar[str] = "start_turn"
    TEXT: ClassVar[str] = "take the Start of Turn actions (found cities, change government, ...)"


@dataclass
class TradeTurn(Decision):
    KIND: ClassVar[str] = "trade_turn"
    TEXT: ClassVar[str] = "trade with the other players"
    offered: list[int] = field(default_factory=list)  # players already offered a deal this phase


@dataclass
class CityTurn(Decision):
    KIND: ClassVar[str] = "city_turn"
    TEXT: ClassVar[str] = "take an action with each city"


@dataclass
class MovementTurn(Decision):
    KIND: ClassVar[str] = "movement_turn"
    TEXT: ClassVar[str] = "move figures"


@dataclass
class Moving(Decision):
    """A figure or group in the middle of its move."""

    KIND: ClassVar[str] = "moving"
    TEXT: ClassVar[str] = "go on moving the figures or stop"
    figures: list[int] = field(default_factory=list)
    left: int = 0


@dataclass
class ResearchTurn(Decision):
    KIND: ClassVar[str] = "research_turn"
    TEXT: ClassVar[str] = "choose a tech to research, or none"


@dataclass
class SecondResearchChoice(Decision):
    """Notre-Dame: a second tech of the same or a lower level, for more trade."""

    KIND: ClassVar[str] = "second_research"
    TEXT: ClassVar[str] = "research a second tech, or not"
    level: int = 1


@dataclass(frozen=True)
class Goods:
    """What one side of a deal hands over."""

    trade: int = 0
    culture: int = 0
    resources: tuple[str, ...] = ()  # market tokens, by resource
    markers: tuple[int, ...] = ()  # hut and village markers (face down)
    cards: tuple[int, ...] = ()  # culture event cards

    def empty(self) -> bool:
        return not (self.trade or self.culture or self.resources or self.markers or self.cards)

    def describe(self) -> str:
        parts = []
        if self.trade:
            parts.append(f"{self.trade} trade")
        if self.culture:
            parts.append(f"{self.culture} culture")
        parts += [f"1 {r}" for r in self.resources]
        if self.markers:
            parts.append(f"{len(self.markers)} face-down marker(s)")
        if self.cards:
            parts.append(f"{len(self.cards)} culture event card(s)")
        return ", ".join(parts) or "nothing"


@dataclass
class RespondOffer(Decision):
    KIND: ClassVar[str] = "respond_offer"
    TEXT: ClassVar[str] = "accept or decline a deal"
    by: int = -1
    give: Goods = field(default_factory=Goods)  # what `by` hands over
    get: Goods = field(default_factory=Goods)  # what `by` asks for


@dataclass
class BattleCards(Decision):
    """Before the battle forces are drawn: play culture event cards of the Battle phase, or not."""

    KIND: ClassVar[str] = "battle_cards"
    TEXT: ClassVar[str] = "play battle culture cards before the forces are drawn, or not"


@dataclass
class BattlePlay(Decision):
    KIND: ClassVar[str] = "battle_play"
    TEXT: ClassVar[str] = "play a unit: open a new front or attack an enemy front"


@dataclass
class ForcesDrawnCards(Decision):
    """The battle forces are drawn, no unit played yet: use a great person card of that moment (Fame and
    Fortune's deck), or not."""

    KIND: ClassVar[str] = "forces_drawn_cards"
    TEXT: ClassVar[str] = "use a great person card now the battle forces are drawn, or not"


@dataclass
class WoundChoice(Decision):
    """A unit of the player's was killed and a great person card deals a wound for it: to which enemy unit."""

    KIND: ClassVar[str] = "wound_choice"
    TEXT: ClassVar[str] = "choose the enemy unit that takes the wound"
    source: str = ""  # the great person card's record
    amount: int = 1  # the wounds it deals


@dataclass
class AfterBattleCards(Decision):
    """After a battle: use a great person card of that moment (Fame and Fortune's deck), or not."""

    KIND: ClassVar[str] = "after_battle_cards"
    TEXT: ClassVar[str] = "use a great person card after the battle, or not"


@dataclass
class ChooseLoot(Decision):
    KIND: ClassVar[str] = "choose_loot"
    TEXT: ClassVar[str] = "choose the loot"


@dataclass
class SaveUnits(Decision):
    """China: return killed units to the standing forces."""

    KIND: ClassVar[str] = "save_units"
    TEXT: ClassVar[str] = "save a killed unit, or not"
    left: int = 1
    source: str = ""


@dataclass
class DiscardCulture(Decision):
    KIND: ClassVar[str] = "discard_culture"
    TEXT: ClassVar[str] = "discard culture event cards down to the hand size"


@dataclass
class PlaceGreatPerson(Decision):
    KIND: ClassVar[str] = "place_great_person"
    TEXT: ClassVar[str] = "place the new great person in a city, or keep them in reserve"
    marker: int = -1


@dataclass
class TakeMarketResource(Decision):
    KIND: ClassVar[str] = "take_market_resource"
    TEXT: ClassVar[str] = "take a resource of your choice from the market"
    source: str = ""


@dataclass
class ObsoleteChoice(Decision):
    KIND: ClassVar[str] = "obsolete_choice"
    TEXT: ClassVar[str] = "obsolete a wonder, or not"
    source: str = ""


@dataclass
class Respond(Decision):
    """Another player's act is held open: cancel it, or let it happen."""

    KIND: ClassVar[str] = "respond"
    TEXT: ClassVar[str] = "cancel the act just declared, or let it happen"


@dataclass
class GiftRecipient(Decision):
    KIND: ClassVar[str] = "gift_recipient"
    TEXT: ClassVar[str] = "choose the player who gains the coin"


@dataclass
class ExchangeChoice(Decision):
    """The other side of an exchange of techs: which of the card player's techs to learn."""

    KIND: ClassVar[str] = "exchange_choice"
    TEXT: ClassVar[str] = "learn one of their techs"
    other: int = -1
    max_level: int = 1


@dataclass
class BarbarianDeck(Decision):
    KIND: ClassVar[str] = "barbarian_deck"
    TEXT: ClassVar[str] = "choose the deck that replaces an empty one for the barbarians"


@dataclass
class Evacuate(Decision):
    """Figures on the square where a city was just built move to an adjacent square."""

    KIND: ClassVar[str] = "evacuate"
    TEXT: ClassVar[str] = "move the figures off the city's new square"
    figures: list[int] = field(default_factory=list)


@dataclass
class FreeUnits(Decision):
    """Build units free: choose each one's type."""

    KIND: ClassVar[str] = "free_units"
    TEXT: ClassVar[str] = "choose the type of each free unit"
    left: int = 1
    source: str = ""
    into_battle: bool = False  # the units go straight into the player's battle force, not the standing forces


@dataclass
class MarkerReward(Decision):
    """A found marker offers a free unit or a free figure in its square (Fame and Fortune)."""

    KIND: ClassVar[str] = "marker_reward"
    TEXT: ClassVar[str] = "build a free unit, or a free figure where the marker was found"
    pos: int = -1
    source: str = ""


@dataclass
class FreeTech(Decision):
    """Learn a free tech of the player's choice (a relic's effect, at the start of their turn)."""

    KIND: ClassVar[str] = "free_tech"
    TEXT: ClassVar[str] = "choose the free tech to learn"
    source: str = ""


@dataclass
class FreeInvestments(Decision):
    """Put free investment markers on investment cards, one at a time (a relic's effect)."""

    KIND: ClassVar[str] = "free_investments"
    TEXT: ClassVar[str] = "put each free investment marker on one of your investment cards"
    left: int = 1
    source: str = ""


@dataclass
class PolicyChoice(Decision):
    """The player's social policy maximum changed: adopt a policy (`adopt`) or return one (W&W)."""

    KIND: ClassVar[str] = "policy_choice"
    adopt: bool = True

    def describe(self) -> str:
        return "adopt a social policy" if self.adopt else "return a social policy card"


@dataclass
class RefreshHand(Decision):
    """Fame and Fortune's great person deck: discard the culture event cards not wanted, then refill the hand."""

    KIND: ClassVar[str] = "refresh_hand"
    TEXT: ClassVar[str] = "discard the culture event cards you do not want, then draw up to your hand size"


@dataclass
class FreeBuildings(Decision):
    """Build up to `left` buildings of face `building` free, or stop (Fame and Fortune's great person deck);
    `building` empty: any basic building, unlocked or not (Spain exploring a tile)."""

    KIND: ClassVar[str] = "free_buildings"
    TEXT: ClassVar[str] = "build the free buildings in your cities, or stop"
    building: str = ""
    left: int = 0


@dataclass
class MetropolisChoice(Decision):
    """Fame and Fortune: the capital must grow into a metropolis now; which square it grows over."""

    KIND: ClassVar[str] = "metropolis_choice"
    TEXT: ClassVar[str] = "choose the square your capital grows over to become a metropolis"


@dataclass
class GreatPersonDraw(Decision):
    """Keep one of the great person markers drawn (the others go back under the pile)."""

    KIND: ClassVar[str] = "great_person_draw"
    TEXT: ClassVar[str] = "keep one of the great people drawn"
    markers: list[int] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)  # with the great person deck: the card of each marker


@dataclass
class DrawCultureChoice(Decision):
    KIND: ClassVar[str] = "draw_culture_choice"
    TEXT: ClassVar[str] = "choose the deck to draw a culture event card from"
    left: int = 1


@dataclass
class ChooseCapital(Decision):
    KIND: ClassVar[str] = "choose_capital"
    TEXT: ClassVar[str] = "place your capital on one of the 4 centre squares of your home tile"


@dataclass
class PlaceStartingFigure(Decision):
    KIND: ClassVar[str] = "place_starting_figure"
    TEXT: ClassVar[str] = "place a starting figure in your capital's outskirts"
    figure: str = "army"


@dataclass
class PlaceStartingWonder(Decision):
    KIND: ClassVar[str] = "place_starting_wonder"
    TEXT: ClassVar[str] = "place your starting wonder in your capital's outskirts"
    wonder: str = ""
