"""Pending decisions: whenever a rule needs someone's choice, the game holds one of these.

They form a stack on `Game.pending`; the top one names the player who must answer, so
`legal_actions` always belongs to whoever decides next. Each is plain data and saved with
the game. Which actions answer which decision is declared by the rule modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from civgame.framework import actions as framework
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.hexgrid import Hex


@dataclass
class Decision(framework.Decision):
    """The root of Clash's pending decisions, with its own registry of kinds."""

    REGISTRY: ClassVar[dict[str, type]] = {}


@dataclass
class PayDecision(Decision):
    """Choose how to pay for `action` where gold (or ideas) could substitute."""

    KIND: ClassVar[str] = "pay"
    action: Action = None  # type: ignore[assignment]
    cost: dict[str, int] = field(default_factory=dict)
    alternatives: list[dict[str, int]] = field(default_factory=list)  # costs that may be paid instead


@dataclass
class MoveDecision(Decision):
    """Inside a move action: move up to `groups_left` more units/groups, or stop."""

    KIND: ClassVar[str] = "move"
    groups_left: int = 0
    rewarded: list[str] = field(default_factory=list)  # movement rewards already gained in this action
    only_units: list[int] = field(default_factory=list)  # a free move of these units only (empty: any unit)
    single_units: bool = False  # each group is one unit
    attack_bonus: int = 0  # combat value added every round to the move's first battle it attacks in
    city_road: str = ""  # a free move granted by this source (`city_road_move`): one group, city to city, free


@dataclass
class BoardingDecision(Decision):
    """Land units move onto a sea space where several of the owner's ships could carry them:
    the owner chooses which ships they board. Each option names a ship per unit of `units`."""

    KIND: ClassVar[str] = "boarding"
    units: list[int] = field(default_factory=list)
    sea: Hex = (0, 0)
    options: list[tuple[int, ...]] = field(default_factory=list)

    def describe(self) -> str:
        return "choose which ships the units board"


@dataclass
class TradeDecision(Decision):
    """Making a trade offer to `partner` on your turn: add items one at a time, then send or cancel.

    `give` and `take` count items as AddTradeItem names them; `face_down` lists the cards of
    `give` offered without showing them."""

    KIND: ClassVar[str] = "trade"
    partner: int = 0
    give: dict[str, int] = field(default_factory=dict)
    take: dict[str, int] = field(default_factory=dict)
    face_down: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return "finish or cancel the trade offer"


@dataclass
class TradeOfferDecision(Decision):
    """`proposer` offers a trade: the player accepts or declines. A face-down card is not shown."""

    KIND: ClassVar[str] = "trade_offer"
    proposer: int = 0
    give: dict[str, int] = field(default_factory=dict)  # what the proposer gives
    take: dict[str, int] = field(default_factory=dict)  # what the proposer asks for
    face_down: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return "accept or decline the trade offer"


@dataclass
class HappinessDecision(Decision):
    """Inside an Increase Happiness action: raise city moods one step at a time, then finish."""

    KIND: ClassVar[str] = "happiness"
    raised: int = 0
    extra_cost: dict[str, int] = field(default_factory=dict)  # a free action's price, paid with the first raise
    only_city: int | None = None  # a free action for one city only (None: any of the player's cities)


@dataclass
class OrientationDecision(Decision):
    """An explored region may be placed either way: the explorer picks its rotation."""

    KIND: ClassVar[str] = "orientation"
    region: int = 0
    options: list[int] = field(default_factory=list)
    units: list[int] = field(default_factory=list)  # the exploring group
    origin: Hex = (0, 0)
    target: Hex = (0, 0)
    entry: Hex | None = None  # ships that sailed around the board came back onto it here


@dataclass
class CasualtyDecision(Decision):
    """Remove `count` of your units from `candidates` (combat hits or lost cargo)."""

    KIND: ClassVar[str] = "casualties"
    count: int = 0
    candidates: list[int] = field(default_factory=list)
    reason: str = "combat"


@dataclass
class RetreatDecision(Decision):
    """After a combat round with both sides standing: the attacker retreats or fights on."""

    KIND: ClassVar[str] = "retreat"


@dataclass
class RefugeeDecision(Decision):
    """A player who lost a city may place a settler in one of their other cities."""

    KIND: ClassVar[str] = "refugee"
    cities: list[int] = field(default_factory=list)


@dataclass
class TokenChoiceDecision(Decision):
    """Gain one token of your choice (a Temple, a pirate battle)."""

    KIND: ClassVar[str] = "token_choice"
    options: list[str] = field(default_factory=list)
    amount: int = 1


@dataclass
class ReuseUnitDecision(Decision):
    """Recruiting a unit type with no pieces left: pick one on the board to move to the city."""

    KIND: ClassVar[str] = "reuse_unit"
    city: int = 0
    kind_needed: str = ""
    candidates: list[int] = field(default_factory=list)
    remaining: list[str] = field(default_factory=list)  # unit kinds still to place after this one


@dataclass
class InfluenceBoostDecision(Decision):
    """A failed Influence Culture roll may be turned into a success with culture tokens. For an attempt on
    a settlement, `takeover_source` and `takeover_units` name the effect allowing it and the units one of
    which a successful takeover leaves in the city."""

    KIND: ClassVar[str] = "influence_boost"
    target: int = 0
    building: str = ""
    tokens_needed: int = 0
    takeover_source: str = ""
    takeover_units: list[str] = field(default_factory=list)


@dataclass
class FreeAdvanceDecision(Decision):
    KIND: ClassVar[str] = "free_advance"


@dataclass
class RazeDecision(Decision):
    KIND: ClassVar[str] = "raze"


@dataclass
class GovernmentDecision(Decision):
    KIND: ClassVar[str] = "government"


@dataclass
class FirstPlayerDecision(Decision):
    KIND: ClassVar[str] = "first_player"


@dataclass
class SiegeDecision(Decision):
    """Before the first round against a Fortress: the attacker may pay to cancel parts of it."""

    KIND: ClassVar[str] = "siege"

    def describe(self) -> str:
        return "pay to cancel parts of the fortress's defence?"


@dataclass
class CombatBonusDecision(Decision):
    """Pay `cost` for +`bonus` combat value and `vp` event VP, or not: before the first round for every
    round, or at the end of a round (`this_round`) for that round only, which gives one more hit.
    `deny_tactics` rounds: the opponent may play no tactics card in that many first rounds."""

    KIND: ClassVar[str] = "combat_bonus"
    source: str = ""
    bonus: int = 0
    cost: dict[str, int] = field(default_factory=dict)
    vp: float = 0.0
    this_round: bool = False
    deny_tactics: int = 0

    def gains(self) -> str:
        duration = "this round, one more hit" if self.this_round else "every round"
        parts = [f"+{self.bonus} combat value {duration}"] if self.bonus else []
        parts += [f"+{self.vp:g} VP"] if self.vp else []
        if self.deny_tactics:
            rounds = "round" if self.deny_tactics == 1 else f"{self.deny_tactics} rounds"
            parts.append(f"no enemy tactics card in the first {rounds}")
        return ", ".join(parts)

    def describe(self) -> str:
        return f"pay for {self.source} ({self.gains()})?"


@dataclass
class HitCancelDecision(Decision):
    """In a combat round, once the hits are known: pay `cost` to cancel 1 hit against you, or not."""

    KIND: ClassVar[str] = "hit_cancel"
    source: str = ""
    cost: dict[str, int] = field(default_factory=dict)

    def describe(self) -> str:
        return f"pay for {self.source} to cancel 1 hit against you this round?"


@dataclass
class ReinforcementDecision(Decision):
    """After losing a battle: place a free unit in one of these cities."""

    KIND: ClassVar[str] = "reinforcement"
    unit: str = ""
    cities: list[int] = field(default_factory=list)

    def describe(self) -> str:
        return f"place a free {self.unit} in one of your cities"


@dataclass
class EffectChoiceDecision(Decision):
    """Choose how to use an effect of `source` (an advance): answer ChooseOption with one of `options`.

    `amounts[i]`, when given, is what option i does: positive amounts are gained, negative ones paid.
    Otherwise the rule module of primitive `effect` interprets the option.
    """

    KIND: ClassVar[str] = "effect_choice"
    source: str = ""
    effect: str = ""
    options: list[str] = field(default_factory=list)
    amounts: list[dict[str, int]] = field(default_factory=list)

    def describe(self) -> str:
        return f"{self.source}: choose one of {', '.join(self.options)}"


@dataclass
class TopCardDecision(EffectChoiceDecision):
    """`bury_top_card` (Calendar): the holder has looked at `card`, the top event card (shown to this player
    alone; -1 while they have not looked yet), and leaves it or buries it. `drawer`: the player an event card is
    about to be drawn for once this is answered (-1: none, a look in the holder's own turn)."""

    KIND: ClassVar[str] = "top_card"
    card: int = -1
    drawer: int = -1


@dataclass
class PirateShareDecision(EffectChoiceDecision):
    """`share_pirate_spaces` (Pirate Allies): the player's ships `units` came where pirate ships are, at `space`,
    from `origin` (None: built there, no retreat): share the space with them, or attack them."""

    KIND: ClassVar[str] = "pirate_share"
    units: list[int] = field(default_factory=list)
    space: Hex = (0, 0)
    origin: Hex | None = None


@dataclass
class CardCancelDecision(EffectChoiceDecision):
    """Another player played the action half of the action card `card` (`parts`: its choices): let it be played,
    or discard one of your action cards to cancel it (the options name each). What it cost (`payment`, an action
    if `action_spent`) is paid only once it is let through."""

    KIND: ClassVar[str] = "card_cancel"
    played_by: int = 0
    card: int = 0
    parts: list[list[str]] = field(default_factory=list)
    payment: dict[str, int] = field(default_factory=dict)
    action_spent: bool = False


@dataclass
class ReviveDecision(EffectChoiceDecision):
    """After a battle: put back one of the land units of kinds `lost` in a city of the effect's building not
    yet `used` for it, or stop (the options name each way)."""

    KIND: ClassVar[str] = "revive"
    lost: list[str] = field(default_factory=list)
    used: list[int] = field(default_factory=list)


@dataclass
class SkipRoutesDecision(EffectChoiceDecision):
    """Trade routes reach other players' cities with a piece that pays its owner for them (a `building`, the
    expansion's Market): use every route, or leave out the routes to such cities of some of those players.
    Option i leaves out those of the players `skipped[i]`."""

    KIND: ClassVar[str] = "skip_routes"
    building: str = ""  # the piece's name
    skipped: list[list[int]] = field(default_factory=list)

    def describe(self) -> str:
        return f"{self.source}: use every route, or leave out the routes to other players' {self.building} cities?"


@dataclass
class CardExchangeDecision(EffectChoiceDecision):
    """Exchange hidden cards (Spy, New Plans): option i < len(exchanges) gives `exchanges[i]` =
    [deck, card given, card taken] (card ids as text, wonders by key, a great person held hidden as
    "great person:21" under "action", as it counts as an action card); the last option exchanges
    nothing. `other` is the player exchanged with, or -1 for the deck's draw pile (the cards taken
    are then those just drawn; those not taken go back)."""

    KIND: ClassVar[str] = "card_exchange"
    other: int = -1
    exchanges: list[list[str]] = field(default_factory=list)


@dataclass
class BarbarianArmiesDecision(EffectChoiceDecision):
    """Moving barbarian armies with a card (Mercenaries), in three stages: `choose` the armies one at a time,
    `pay` for them, then `move` them one at a time. `armies` holds the unit ids of each army chosen (in the
    move stage: each army still to move)."""

    KIND: ClassVar[str] = "barbarian_armies"
    STAGES: ClassVar[tuple[str, ...]] = ("choose", "pay", "move")
    stage: str = "choose"
    armies: list[list[int]] = field(default_factory=list)

    def describe(self) -> str:
        count = len(self.armies)
        if self.stage == "choose":
            return f"{self.source}: choose the barbarian armies to move, 1 resource each ({count} chosen)"
        if self.stage == "pay":
            return f"{self.source}: pay 1 resource for each of the {count} barbarian armies"
        return f"{self.source}: move a chosen barbarian army 1 space ({count} left to move)"


@dataclass
class TacticsDecision(Decision):
    """A side of a battle may play one tactics card face down this combat round."""

    KIND: ClassVar[str] = "tactics"


@dataclass
class ObjectiveDecision(Decision):
    """Complete objectives now fulfilled (`options`, objective keys): answer CompleteObjective, or EndObjectives.

    `moment` is `status` in step 1 of the status phase, else what triggered them (a battle, a wonder built,
    a city founded). Each objective completes at most one card (`used`).
    """

    KIND: ClassVar[str] = "objectives"
    moment: str = "status"
    options: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return "complete objective cards whose objectives are fulfilled, or go on"


@dataclass
class CivilizationDecision(Decision):
    """Setup in Choose mode: pick one of the civilizations no other player has taken; or, dealt `options` (the
    Civilizations expansion), one of those."""

    KIND: ClassVar[str] = "civilization"
    options: list[str] = field(default_factory=list)  # civilization keys

    def describe(self) -> str:
        return "choose a civilization"


@dataclass
class NewLeaderDecision(Decision):
    """The last step of a status phase where leaders are drawn: give up the leader, dead or alive, for a new one
    put in one of the player's cities, or keep things as they are (TakeNewLeader)."""

    KIND: ClassVar[str] = "new_leader"

    def describe(self) -> str:
        return "take a new leader, or keep things as they are"


@dataclass
class LeaderDecision(Decision):
    """A leader was recruited in `city`: pick which of the unused leaders it is."""

    KIND: ClassVar[str] = "leader"
    city: int = 0
    options: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return "choose which of your leaders comes to the board"
