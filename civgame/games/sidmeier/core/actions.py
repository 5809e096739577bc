"""Actions a player sends to the rules: immutable, comparable, saved in the game's history.

Every action answers the top pending decision (`decisions.py`); the rule book says which.
Squares are numbers (`y * width + x`); figures, cities and cards are named by their numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from civgame.framework import actions as framework
from civgame.games.sidmeier.core.decisions import Goods
from civgame.games.sidmeier.core.vocabulary import Direction, FigureKind


@dataclass(frozen=True)
class Action(framework.Action):
    """The root of this game's actions, with its own registry of kinds."""

    REGISTRY: ClassVar[dict[str, type]] = {}
    PASSIVE: ClassVar[bool] = False  # ends or declines something: agents pick it less eagerly


# ------------------------------------------------------------------ setup


@dataclass(frozen=True)
class PlaceCapital(Action):
    KIND: ClassVar[str] = "place_capital"
    pos: int


@dataclass(frozen=True)
class PlaceFigure(Action):
    KIND: ClassVar[str] = "place_figure"
    pos: int


@dataclass(frozen=True)
class PlaceWonder(Action):
    KIND: ClassVar[str] = "place_wonder"
    pos: int


# ------------------------------------------------------------------ Start of Turn


@dataclass(frozen=True)
class FoundCity(Action):
    KIND: ClassVar[str] = "found_city"
    scout: int


@dataclass(frozen=True)
class ChangeGovernment(Action):
    KIND: ClassVar[str] = "change_government"
    government: str


@dataclass(frozen=True)
class PlaceReserve(Action):
    """Put a great person from the reserve on the map."""

    KIND: ClassVar[str] = "place_reserve"
    marker: int
    pos: int


@dataclass(frozen=True)
class AssignScout(Action):
    KIND: ClassVar[str] = "assign_scout"
    scout: int
    city: int


@dataclass(frozen=True)
class FreeFigure(Action):
    KIND: ClassVar[str] = "free_figure"
    source: str
    figure: FigureKind


@dataclass(frozen=True)
class FreeWalls(Action):
    KIND: ClassVar[str] = "free_walls"
    source: str
    city: int


@dataclass(frozen=True)
class FreeBuilding(Action):
    """Build a building free: at Start of Turn (a wonder's ability) or as a city action (a civilization's)."""

    KIND: ClassVar[str] = "free_building"
    source: str
    city: int
    building: str
    pos: int


@dataclass(frozen=True)
class LearnFrom(Action):
    KIND: ClassVar[str] = "learn_from"
    source: str
    tech: str


@dataclass(frozen=True)
class DrawCultureCards(Action):
    KIND: ClassVar[str] = "draw_culture_cards"
    source: str


@dataclass(frozen=True)
class Invest(Action):
    """Fame and Fortune: discard the coin token lying on `token` (where it lies) for an investment marker on `card`."""

    KIND: ClassVar[str] = "invest"
    card: str
    token: str


@dataclass(frozen=True)
class RevealMarker(Action):
    """Reveal and discard a hut or village marker kept face down, for its effect: a tech to learn (Start of
    Turn) or a city's extra production (City Management)."""

    KIND: ClassVar[str] = "reveal_marker"
    marker: int
    tech: str = ""
    city: int = -1


@dataclass(frozen=True)
class BuyTech(Action):
    """Learn `tech` for trade with a Start of Turn ability (Wisdom and Warfare's Rationalism)."""

    KIND: ClassVar[str] = "buy_tech"
    tech: str


@dataclass(frozen=True)
class BuyCultureCard(Action):
    """Draw a culture event card for culture with a Start of Turn ability (Wisdom and Warfare's Patronage)."""

    KIND: ClassVar[str] = "buy_culture_card"


@dataclass(frozen=True)
class AdoptPolicy(Action):
    KIND: ClassVar[str] = "adopt_policy"
    policy: str


@dataclass(frozen=True)
class ReturnPolicy(Action):
    KIND: ClassVar[str] = "return_policy"
    policy: str


@dataclass(frozen=True)
class KeepGreatPerson(Action):
    KIND: ClassVar[str] = "keep_great_person"
    marker: int


@dataclass(frozen=True)
class EndStartOfTurn(Action):
    KIND: ClassVar[str] = "end_start_of_turn"
    PASSIVE: ClassVar[bool] = True


# ------------------------------------------------------------------ Trade


@dataclass(frozen=True)
class Offer(Action):
    KIND: ClassVar[str] = "offer"
    to: int
    give: Goods
    get: Goods


@dataclass(frozen=True)
class AcceptOffer(Action):
    KIND: ClassVar[str] = "accept_offer"


@dataclass(frozen=True)
class DeclineOffer(Action):
    KIND: ClassVar[str] = "decline_offer"
    PASSIVE: ClassVar[bool] = True


@dataclass(frozen=True)
class EndTrade(Action):
    KIND: ClassVar[str] = "end_trade"
    PASSIVE: ClassVar[bool] = True


# ------------------------------------------------------------------ City Management


@dataclass(frozen=True)
class BuildFigure(Action):
    KIND: ClassVar[str] = "build_figure"
    city: int
    figure: FigureKind
    pos: int


@dataclass(frozen=True)
class BuildUnit(Action):
    KIND: ClassVar[str] = "build_unit"
    city: int
    unit: str


@dataclass(frozen=True)
class BuildBuilding(Action):
    KIND: ClassVar[str] = "build_building"
    city: int
    building: str
    pos: int


@dataclass(frozen=True)
class BuildWonder(Action):
    KIND: ClassVar[str] = "build_wonder"
    city: int
    wonder: str
    pos: int


@dataclass(frozen=True)
class BuildWalls(Action):
    KIND: ClassVar[str] = "build_walls"
    city: int


@dataclass(frozen=True)
class Devote(Action):
    KIND: ClassVar[str] = "devote"
    city: int
    as_trade: bool = False  # its culture taken as trade instead (a great person's ability, once per turn)


@dataclass(frozen=True)
class Harvest(Action):
    KIND: ClassVar[str] = "harvest"
    city: int
    resource: str
    second: str = ""  # a second resource harvested by the same action (a wonder's ability)


@dataclass(frozen=True)
class StartProgram(Action):
    """Wisdom and Warfare: the city's action starts a building program (its next build doubles its outskirts'
    production)."""

    KIND: ClassVar[str] = "start_program"
    city: int


@dataclass(frozen=True)
class UseCaravan(Action):
    """Fame and Fortune: discard the city's caravan marker for extra production this turn."""

    KIND: ClassVar[str] = "use_caravan"
    city: int


@dataclass(frozen=True)
class AdvanceCulture(Action):
    KIND: ClassVar[str] = "advance_culture"
    jump: bool = False  # over the spaces ahead holding other players' markers (a great person's ability)


@dataclass(frozen=True)
class EndCityManagement(Action):
    KIND: ClassVar[str] = "end_city_management"
    PASSIVE: ClassVar[bool] = True


# ------------------------------------------------------------------ abilities and culture cards (several phases)


@dataclass(frozen=True)
class UseAbility(Action):
    """Use a tech's resource ability: `pay` lists what is spent (`token:wheat`, `marker:3`, `card:12:silk`)."""

    KIND: ClassVar[str] = "use_ability"
    source: str
    pay: tuple[str, ...]
    city: int = -1


@dataclass(frozen=True)
class PlayCard(Action):
    """Play a culture event card; the fields its effect needs are filled, the others left at their defaults."""

    KIND: ClassVar[str] = "play_card"
    card: int
    target: int = -1  # a player
    pos: int = -1  # a square
    dest: int = -1  # a second square
    city: int = -1
    tech: str = ""
    choice: str = ""


# ------------------------------------------------------------------ Movement


@dataclass(frozen=True)
class BeginMove(Action):
    KIND: ClassVar[str] = "begin_move"
    figures: tuple[int, ...]


@dataclass(frozen=True)
class Step(Action):
    KIND: ClassVar[str] = "step"
    direction: Direction


@dataclass(frozen=True)
class Explore(Action):
    """Spend 1 square of movement to turn over the face-down tile next to the moving figures."""

    KIND: ClassVar[str] = "explore"
    direction: Direction


@dataclass(frozen=True)
class Infiltrate(Action):
    KIND: ClassVar[str] = "infiltrate"
    figure: int
    direction: Direction
    tech: str


@dataclass(frozen=True)
class Disband(Action):
    """Fame and Fortune: the moving figures step into the centre of the player's own city next to them
    (`direction`) and leave the map; `marker` ("", "fortification" or "caravan") is put on that city."""

    KIND: ClassVar[str] = "disband"
    direction: Direction
    marker: str = ""


@dataclass(frozen=True)
class StopMove(Action):
    KIND: ClassVar[str] = "stop_move"
    PASSIVE: ClassVar[bool] = True


@dataclass(frozen=True)
class EndMovement(Action):
    KIND: ClassVar[str] = "end_movement"
    PASSIVE: ClassVar[bool] = True


# ------------------------------------------------------------------ Research


@dataclass(frozen=True)
class Research(Action):
    KIND: ClassVar[str] = "research"
    tech: str


@dataclass(frozen=True)
class SkipResearch(Action):
    KIND: ClassVar[str] = "skip_research"
    PASSIVE: ClassVar[bool] = True


# ------------------------------------------------------------------ battles


@dataclass(frozen=True)
class NoBattleCards(Action):
    KIND: ClassVar[str] = "no_battle_cards"
    PASSIVE: ClassVar[bool] = True


@dataclass(frozen=True)
class PlayUnit(Action):
    """Play a unit of the battle hand: open a new front (`front` -1) or attack the enemy unit standing alone
    in front `front`; `boost` names a resource ability used before it (paid with `pay`)."""

    KIND: ClassVar[str] = "play_unit"
    card: int
    front: int = -1
    boost: str = ""
    pay: tuple[str, ...] = ()


@dataclass(frozen=True)
class WoundUnit(Action):
    """Deal a great person card's wound to the enemy unit `card` standing on a front (-1: none stands there,
    the wound is lost)."""

    KIND: ClassVar[str] = "wound_unit"
    card: int


@dataclass(frozen=True)
class TakeLoot(Action):
    """`kind`: trade, culture, resources (`item` the holdings taken), tech (`item` a tech), card (`item` a
    position in the loser's hand); with the expansions' loot points also discard_coin and steal_coin (`item`
    where the coin token lies) and nothing (stop spending)."""

    KIND: ClassVar[str] = "take_loot"
    kind: str
    item: str = ""


@dataclass(frozen=True)
class SaveUnit(Action):
    KIND: ClassVar[str] = "save_unit"
    card: int  # -1: save none


# ------------------------------------------------------------------ answers to other decisions


@dataclass(frozen=True)
class Discard(Action):
    KIND: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True)
class PlaceGreatPersonAt(Action):
    KIND: ClassVar[str] = "place_great_person_at"
    pos: int  # -1: keep in reserve


@dataclass(frozen=True)
class TakeResource(Action):
    KIND: ClassVar[str] = "take_resource"
    resource: str  # "": none (the market is empty)


@dataclass(frozen=True)
class ObsoleteWonder(Action):
    KIND: ClassVar[str] = "obsolete_wonder"
    wonder: str  # "": none


@dataclass(frozen=True)
class Cancel(Action):
    """Cancel the held act with `source` (a tech or a culture event card `card:<n>`), paying `pay`."""

    KIND: ClassVar[str] = "cancel"
    source: str
    pay: tuple[str, ...] = ()


@dataclass(frozen=True)
class Allow(Action):
    KIND: ClassVar[str] = "allow"
    PASSIVE: ClassVar[bool] = True


@dataclass(frozen=True)
class GiveCoin(Action):
    KIND: ClassVar[str] = "give_coin"
    to: int


@dataclass(frozen=True)
class SecondTech(Action):
    """Notre-Dame's second research (`tech` "": none)."""

    KIND: ClassVar[str] = "second_tech"
    tech: str


@dataclass(frozen=True)
class ExchangeTech(Action):
    """The tech learned from the other side of an exchange (`tech` "": none)."""

    KIND: ClassVar[str] = "exchange_tech"
    tech: str


@dataclass(frozen=True)
class UseDeck(Action):
    KIND: ClassVar[str] = "use_deck"
    unit: str


@dataclass(frozen=True)
class MoveOff(Action):
    KIND: ClassVar[str] = "move_off"
    figure: int
    pos: int


@dataclass(frozen=True)
class ChooseUnit(Action):
    KIND: ClassVar[str] = "choose_unit"
    unit: str  # "": no more


@dataclass(frozen=True)
class TakeReward(Action):
    """What a found marker gives when it offers a choice: a free unit of type `unit`, or a free `figure`."""

    KIND: ClassVar[str] = "take_reward"
    unit: str = ""
    figure: str = ""


@dataclass(frozen=True)
class ChooseDeck(Action):
    KIND: ClassVar[str] = "choose_deck"
    deck: str


@dataclass(frozen=True)
class TakeFreeTech(Action):
    """Learn `tech` free (a relic's effect); "" when no tech has a place in the pyramid."""

    KIND: ClassVar[str] = "take_free_tech"
    tech: str


@dataclass(frozen=True)
class PlaceFreeInvestment(Action):
    """Put a free investment marker on investment card `card` (a relic's effect)."""

    KIND: ClassVar[str] = "place_free_investment"
    card: str


framework.quick_inits(Action.REGISTRY.values())  # (the legal actions listed for every decision are many)


@dataclass(frozen=True)
class GrowMetropolis(Action):
    """Fame and Fortune: the capital grows into a metropolis over its expansion square `pos`."""

    KIND: ClassVar[str] = "grow_metropolis"
    pos: int


@dataclass(frozen=True)
class RevealPersonCard(Action):
    """Fame and Fortune's great person deck: turn a held card face up; its lasting ability acts from now on."""

    KIND: ClassVar[str] = "reveal_person_card"
    card: int


@dataclass(frozen=True)
class UsePersonCard(Action):
    """Fame and Fortune's great person deck: use a card's one-time ability (the fields it needs filled: the tech it
    teaches, the amount it converts, the squares it moves figures between), then discard it."""

    KIND: ClassVar[str] = "use_person_card"
    card: int
    tech: str = ""
    amount: int = 0  # trade turned into culture (below 0: culture turned into trade)
    pos: int = -1  # the square whose figures it moves
    dest: int = -1  # where it moves them
    city: int = -1  # the city it gives an extra action


@dataclass(frozen=True)
class GiftCoinForCulture(Action):
    """Fame and Fortune's great person deck: give a coin token (from where it lies) to another player, for a
    culture-track space free (a face-up card's Start of Turn ability, once per turn)."""

    KIND: ClassVar[str] = "gift_coin_for_culture"
    source: str  # the card
    to: int
    place: str


@dataclass(frozen=True)
class DropCultureCard(Action):
    """Fame and Fortune's great person deck: discard a culture event card not wanted, before refilling the hand."""

    KIND: ClassVar[str] = "drop_culture_card"
    card: int


@dataclass(frozen=True)
class RefillHand(Action):
    """Fame and Fortune's great person deck: stop discarding and draw up to the hand size."""

    KIND: ClassVar[str] = "refill_hand"


@dataclass(frozen=True)
class PassBattleTurn(Action):
    """Fame and Fortune's great person deck: pay trade to pass a turn of a battle instead of playing a unit."""

    KIND: ClassVar[str] = "pass_battle_turn"


@dataclass(frozen=True)
class BuildFree(Action):
    """Fame and Fortune's great person deck: build one of the buildings a card gives free, in a city of yours
    (`city` -1: build no more); `building` names the basic building chosen when the decision leaves it open
    (Spain's building on exploring)."""

    KIND: ClassVar[str] = "build_free"
    city: int = -1
    pos: int = -1
    building: str = ""
