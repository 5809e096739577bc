"""Actions a player can send to the controller. Immutable, comparable, saved in the action log.

Turn actions are taken when no decision is pending; the others answer a pending decision.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from civgame.framework import actions as framework
from civgame.games.clash.core.hexgrid import Hex

Pick = tuple[Hex, str]  # (space, what to take from it)


@dataclass(frozen=True)
class Action(framework.Action):
    """The root of Clash's actions, with its own registry of kinds."""

    REGISTRY: ClassVar[dict[str, type]] = {}


# ------------------------------------------------------------------ main actions of a turn


@dataclass(frozen=True)
class Advance(Action):
    KIND: ClassVar[str] = "advance"
    advance: str
    payment: dict[str, int] | None = None

    def __hash__(self) -> int:
        return hash((self.KIND, self.advance))


@dataclass(frozen=True)
class FoundCity(Action):
    KIND: ClassVar[str] = "found_city"
    settler: int


@dataclass(frozen=True)
class Collect(Action):
    KIND: ClassVar[str] = "collect"
    city: int
    picks: tuple[Pick, ...]


@dataclass(frozen=True)
class Construct(Action):
    KIND: ClassVar[str] = "construct"
    city: int
    building: str
    port_space: Hex | None = None
    payment: dict[str, int] | None = None

    def __hash__(self) -> int:
        return hash((self.KIND, self.city, self.building, self.port_space))


@dataclass(frozen=True)
class BuildWonder(Action):
    """Play a wonder card from the hand into one of your cities (a main action activating it)."""

    KIND: ClassVar[str] = "build_wonder"
    city: int
    wonder: str
    payment: dict[str, int] | None = None

    def __hash__(self) -> int:
        return hash((self.KIND, self.city, self.wonder))


@dataclass(frozen=True)
class Recruit(Action):
    KIND: ClassVar[str] = "recruit"
    city: int
    units: tuple[str, ...]
    payment: dict[str, int] | None = None
    # one of `units`, paid with its `recruit_substitute` price, is an action card drawn instead
    # (`card_instead_of_substitute`, Shogunate with Draft)
    card_instead: bool = False

    def __hash__(self) -> int:
        return hash((self.KIND, self.city, self.units, self.card_instead))


@dataclass(frozen=True)
class StartMove(Action):
    KIND: ClassVar[str] = "start_move"


@dataclass(frozen=True)
class StartHappiness(Action):
    KIND: ClassVar[str] = "start_happiness"


@dataclass(frozen=True)
class InfluenceCulture(Action):
    KIND: ClassVar[str] = "influence_culture"
    source: int
    target: int
    building: str
    range_tokens: int = 0


@dataclass(frozen=True)
class UseAbility(Action):
    """Use a custom ability granted by content (an advance's action or free action)."""

    KIND: ClassVar[str] = "use_ability"
    source: str  # the advance (later: wonder, leader) granting it
    ability: str  # the primitive name
    choice: tuple[str, ...] = ()  # what the player picks, if the ability offers a choice


@dataclass(frozen=True)
class PlayCard(Action):
    """Play a card of a hand like the action half of an action card; `choice` answers its choices, if any."""

    card: int
    choice: tuple[str, ...] = ()
    payment: dict[str, int] | None = None

    def __hash__(self) -> int:
        return hash((self.KIND, self.card, self.choice))


@dataclass(frozen=True)
class PlayActionCard(PlayCard):
    """Play the action half of an action card in hand."""

    KIND: ClassVar[str] = "play_action_card"
    __hash__ = PlayCard.__hash__  # a frozen dataclass would otherwise hash the payment too


@dataclass(frozen=True)
class PlayGreatPerson(PlayCard):
    """Play a great person from hand (`card`: its event card), as an action card's action half is played."""

    KIND: ClassVar[str] = "play_great_person"
    __hash__ = PlayCard.__hash__


@dataclass(frozen=True)
class StartTrade(Action):
    """A free action on your turn: begin a trade offer to `partner` (see rules/trading.py)."""

    KIND: ClassVar[str] = "start_trade"
    partner: int


@dataclass(frozen=True)
class EndTurn(Action):
    KIND: ClassVar[str] = "end_turn"


# ------------------------------------------------------------------ answers to pending decisions


@dataclass(frozen=True)
class AddTradeItem(Action):
    """Put one more of `item` into the offer being made: on the side you `give` or the side you `take`.

    Items: a resource or token ("food", "mood"…); a card of your hand ("action:12", "objective:5",
    "wonder:Great Wall"), offered face down if `face_down`; or, on the take side, a card kind
    ("action", "objective", "wonder") from the partner's hand, which the partner picks.
    """

    KIND: ClassVar[str] = "add_trade_item"
    side: str
    item: str
    face_down: bool = False


@dataclass(frozen=True)
class SendTrade(Action):
    KIND: ClassVar[str] = "send_trade"


@dataclass(frozen=True)
class CancelTrade(Action):
    KIND: ClassVar[str] = "cancel_trade"


@dataclass(frozen=True)
class AcceptTrade(Action):
    """Accept a trade offer; `cards` are the cards of your hand you give where the offer asks for a kind."""

    KIND: ClassVar[str] = "accept_trade"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeclineTrade(Action):
    KIND: ClassVar[str] = "decline_trade"


@dataclass(frozen=True)
class Pay(Action):
    KIND: ClassVar[str] = "pay"
    payment: dict[str, int]

    def __hash__(self) -> int:
        return hash((self.KIND, tuple(sorted(self.payment.items()))))


@dataclass(frozen=True)
class CancelPayment(Action):
    KIND: ClassVar[str] = "cancel_payment"


@dataclass(frozen=True)
class MoveUnits(Action):
    KIND: ClassVar[str] = "move_units"
    units: tuple[int, ...]
    to: Hex
    payment: dict[str, int] | None = None  # for a move with a price (roads)

    def __hash__(self) -> int:
        return hash((self.KIND, self.units, self.to))


@dataclass(frozen=True)
class MoveCity(Action):
    """In a move action, move one of your cities (`move_city`, the Huns' Nomads) to the adjacent space `to`,
    alone (one of the action's moves) or with `units` standing in it, as one group."""

    KIND: ClassVar[str] = "move_city"
    city: int
    to: Hex
    units: tuple[int, ...] = ()


@dataclass(frozen=True)
class BoardShips(Action):
    """Answer a BoardingDecision: the ship each unit of the group boards, in the order of its units."""

    KIND: ClassVar[str] = "board_ships"
    ships: tuple[int, ...]


@dataclass(frozen=True)
class EndMove(Action):
    KIND: ClassVar[str] = "end_move"


@dataclass(frozen=True)
class RaiseMood(Action):
    KIND: ClassVar[str] = "raise_mood"
    city: int
    payment: dict[str, int] | None = None  # set when a payment substitute offers a choice

    def __hash__(self) -> int:
        return hash((self.KIND, self.city))


@dataclass(frozen=True)
class EndHappiness(Action):
    KIND: ClassVar[str] = "end_happiness"


@dataclass(frozen=True)
class ChooseOrientation(Action):
    KIND: ClassVar[str] = "choose_orientation"
    rotation: int


@dataclass(frozen=True)
class ChooseCasualties(Action):
    KIND: ClassVar[str] = "choose_casualties"
    units: tuple[int, ...]


@dataclass(frozen=True)
class Retreat(Action):
    KIND: ClassVar[str] = "retreat"
    retreat: bool


@dataclass(frozen=True)
class PlaceRefugee(Action):
    KIND: ClassVar[str] = "place_refugee"
    city: int | None


@dataclass(frozen=True)
class ChooseToken(Action):
    KIND: ClassVar[str] = "choose_token"
    token: str


@dataclass(frozen=True)
class ChooseOption(Action):
    """Answer an EffectChoiceDecision."""

    KIND: ClassVar[str] = "choose_option"
    option: str


@dataclass(frozen=True)
class ReuseUnit(Action):
    KIND: ClassVar[str] = "reuse_unit"
    unit: int


@dataclass(frozen=True)
class BoostInfluence(Action):
    KIND: ClassVar[str] = "boost_influence"
    boost: bool


@dataclass(frozen=True)
class TakeFreeAdvance(Action):
    KIND: ClassVar[str] = "take_free_advance"
    advance: str


@dataclass(frozen=True)
class Raze(Action):
    KIND: ClassVar[str] = "raze"
    city: int | None  # None: raze nothing


@dataclass(frozen=True)
class ChangeGovernment(Action):
    KIND: ClassVar[str] = "change_government"
    advances: tuple[str, ...]  # empty: keep the current government


@dataclass(frozen=True)
class ChooseFirstPlayer(Action):
    KIND: ClassVar[str] = "choose_first_player"
    player: int


@dataclass(frozen=True)
class CancelFortress(Action):
    """Before a battle against a Fortress: pay to cancel these parts of its defence (none: pay nothing)."""

    KIND: ClassVar[str] = "cancel_fortress"
    parts: tuple[str, ...]
    payment: dict[str, int] | None = None

    def __hash__(self) -> int:
        return hash((self.KIND, self.parts))


@dataclass(frozen=True)
class PayCombatBonus(Action):
    """Before a battle: pay for a combat bonus offered by a paid_combat_bonus effect, or not."""

    KIND: ClassVar[str] = "pay_combat_bonus"
    pay: bool
    payment: dict[str, int] | None = None

    def __hash__(self) -> int:
        return hash((self.KIND, self.pay))


@dataclass(frozen=True)
class PlaceReinforcement(Action):
    KIND: ClassVar[str] = "place_reinforcement"
    city: int


@dataclass(frozen=True)
class PlayTactics(Action):
    """Play an action card face down for its tactics half this combat round (None: play none)."""

    KIND: ClassVar[str] = "play_tactics"
    card: int | None


@dataclass(frozen=True)
class CompleteObjective(Action):
    """Complete objective card `card` with its objective `objective` (a key of objectives.yaml)."""

    KIND: ClassVar[str] = "complete_objective"
    card: int
    objective: str


@dataclass(frozen=True)
class EndObjectives(Action):
    """Complete no more objectives now."""

    KIND: ClassVar[str] = "end_objectives"


# Actions with a `payment` field: a payment decision may suspend one and complete it with the price chosen.
PAID_ACTIONS = (
    Advance,
    Construct,
    BuildWonder,
    Recruit,
    MoveUnits,
    RaiseMood,
    CancelFortress,
    PayCombatBonus,
    PlayActionCard,
)


@dataclass(frozen=True)
class ChooseCivilization(Action):
    KIND: ClassVar[str] = "choose_civilization"
    civilization: str


@dataclass(frozen=True)
class ChooseLeader(Action):
    KIND: ClassVar[str] = "choose_leader"
    leader: str


@dataclass(frozen=True)
class TakeNewLeader(Action):
    """Answers NewLeaderDecision: a new leader in the city `city` (with Lead us, the one named), or none."""

    KIND: ClassVar[str] = "take_new_leader"
    city: int | None = None
    leader: str = ""  # Lead us: the leader chosen; else drawn at random


def _quick_init(cls: type[Action]) -> None:
    """Give a frozen action class an `__init__` that fills the new instance's dict directly.

    The listings make about a dozen actions for every action taken (computer players list and apply
    thousands a second), and a frozen dataclass's own `__init__`, an `object.__setattr__` per field,
    costs about twice as much. The source is generated as `dataclasses` generates its own: the same
    parameters and defaults, one assignment per field."""
    fields = dataclasses.fields(cls)
    defaults = {f"_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    params = "".join(f", {f.name}=_{f.name}" if f"_{f.name}" in defaults else f", {f.name}" for f in fields)
    lines = [f"def __init__(self{params}):", "    values = self.__dict__"]
    lines += [f"    values[{f.name!r}] = {f.name}" for f in fields]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), defaults, namespace)  # (made here from the class's own field names)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]  # (replacing the dataclass's own is the point)


for _action in Action.REGISTRY.values():
    _quick_init(_action)
