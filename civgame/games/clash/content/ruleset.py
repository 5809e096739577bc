"""Rule data: the schema of `rules_data/<ruleset>/*.yaml` and its loader.

Every number and every piece of content the engine uses comes from here. A bad file is
reported as `file:line: key path: problem` through `RulesDataError`, never as a traceback:
the loader keeps the line of every value it reads, so schema and cross-reference problems
point at the line to fix. Mods (overlays on a ruleset) are read and applied by `mods.py`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from contextlib import suppress
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from civgame.framework.datafiles import (
    WHOLE,
    RulesDataError,
    RulesFiles,
    Where,
    Whole,
    located_errors,
    overlay,
    read_files,
    read_rules_file,
)
from civgame.framework.datafiles import replaced_whole as replaced_whole_in
from civgame.games.clash.content.conditions import Condition, parse_condition
from civgame.games.clash.content.effects import Effect, parse_effect
from civgame.games.clash.content.effects.cards import PLAYED
from civgame.games.clash.content.effects.events import MAIN_EFFECTS, EventDestroy
from civgame.games.clash.content.effects.registry import REGISTRY, SourceKind
from civgame.games.clash.core.hexgrid import label_to_hex, region_slots
from civgame.games.clash.core.vocabulary import RESOURCES, Mood, Payable, Resource
from civgame.paths import resource_root

ON_BUILT_EFFECTS = ("gain", "draw", "gain_choice")  # interpreted in cities.py
ENGINE_UNITS = ("settler", "ship")  # unit types the rule modules name (founding cities, pirates)
RULESETS_ROOT = resource_root() / "rules_data"
PROVISIONAL = "Provisional"  # how the text of a stand-in for unknown content begins its note


class ModRef(NamedTuple):
    """A mod as a save records it."""

    name: str
    version: str


DataPath = tuple[str | int, ...]  # a key path from the Ruleset's fields, e.g. ("buildings", "academy", "advance")


class DataProblem(NamedTuple):
    """A problem found in validated rules data: where (its `DataPath`) and what, naming the place for a reader."""

    path: DataPath
    message: str


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------- game.yaml


# Upper bounds: a mod that validates must play, so no number may make a game endless or absurd.
MAX_AMOUNT = 100  # any cost, cap, gain or limit of pieces
MAX_STEPS = 20  # ages, rounds, actions, moves, battle rounds, stacking and similar small counts
MAX_POINTS = 1000.0  # victory points of one item
MAX_PLAYERS = 4  # the board layouts and player colours exist for up to four


Amount = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]
Steps = Annotated[int, Field(ge=1, le=MAX_STEPS)]
Points = Annotated[float, Field(ge=0, le=MAX_POINTS, allow_inf_nan=False)]


class PlayerCount(Strict):
    min: int = Field(ge=1, le=MAX_PLAYERS)
    max: int = Field(ge=1, le=MAX_PLAYERS)

    @model_validator(mode="after")
    def _ordered(self) -> PlayerCount:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is above max ({self.max})")
        return self


def _every_resource(amounts: dict[str, int]) -> dict[str, int]:
    missing = [r for r in RESOURCES if r not in amounts]
    if missing:
        raise ValueError(f"needs an amount for every resource; missing {', '.join(missing)}")
    return amounts


ResourceTable = Annotated[dict[Resource, Amount], AfterValidator(_every_resource)]
SpaceLabel = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?$")]  # a board space such as "D7"
Cost = Annotated[dict[Payable, Amount], WHOLE]

# The values of each `on_built` effect, as cities.py reads them.
ON_BUILT_VALUES: dict[str, TypeAdapter[object]] = {
    "gain": TypeAdapter(dict[Payable, Amount]),
    "draw": TypeAdapter(dict[Literal["action_cards", "objective_cards"], Annotated[int, Field(ge=0, le=MAX_STEPS)]]),
    "gain_choice": TypeAdapter(Annotated[list[Payable], Field(min_length=1)]),
}


def _on_built_values(effect: dict[str, object]) -> dict[str, object]:
    for name, value in effect.items():
        if name in ON_BUILT_VALUES:
            try:
                ON_BUILT_VALUES[name].validate_python(value)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(step) for step in first["loc"])
                raise ValueError(f"{name}{'.' + where if where else ''}: {first['msg']}") from None
    return effect


# The effects a city-piece may grant: the rules read them from the pieces of the city they are about.
CITY_PIECE_EFFECTS = frozenset({"may_build_units"})
OneEffect = Annotated[dict[str, object], Field(min_length=1, max_length=2)]  # a primitive, maybe `only`
OnBuiltEffect = Annotated[dict[str, object], Field(min_length=1, max_length=1), AfterValidator(_on_built_values)]


class StartingState(Strict):
    resources: ResourceTable
    mood_tokens: Amount
    culture_tokens: Amount
    advances: list[str]
    action_cards: int = Field(ge=0, le=MAX_AMOUNT)
    objective_cards: int = Field(ge=0, le=MAX_AMOUNT)
    event_cubes: Steps | None = None  # the event tracker; None: events come from the Scale (`scale`)
    city_mood: Mood
    units: list[str]


class AdvanceCost(Strict):
    amount: Amount
    pay_with: list[Resource]


class CityRules(Strict):
    max_size: Steps
    new_city_mood: Mood
    happy_bonus: int = Field(ge=0, le=MAX_STEPS)
    angry_fixed: int = Field(ge=0, le=MAX_STEPS)
    settlement_limit: Steps  # settlement pieces per player, so also the most cities
    wonders_add_to_size: bool = True  # a wonder is a piece of its city (false: a token beside it)
    # A building serves its city's owner only if they hold the advance it needs (a captured one otherwise
    # counts for size and points alone); false: it always does.
    powers_need_advance: bool = False


class ScaleRules(Strict):
    """The Scale of the 2012 edition: each player has a Culture Level and a Happiness Level, from 0 to
    `top`. Gaining an advance with a culture (mood) border bonus raises the Culture (Happiness) Level by
    one, up to `top`; each level is the most culture (mood) tokens the player may hold. A level reaching
    one of `event_levels` draws an event card; there is no event tracker."""

    top: Steps
    event_levels: list[Steps] = Field(min_length=1)


class FourRounds(Strict):
    """The shorter game of the 2012 rulebook: `ages` instead of the usual, each player starting with
    `starting_units` and a city of `city_mood`, and `free_advances` free advances in each status phase (each
    player their first in turn order, then their second, ...)."""

    ages: Steps
    free_advances: Steps
    starting_units: list[str]
    city_mood: Mood


class VariableEnd(Strict):
    """The Variable End Game of the 2012 rulebook: a longer track of `ages`, whose last `last_rounds` rounds
    may end the game early. Roll to End: at the start of each of them a die is rolled, and a result within
    that round's range of `roll_to_end` ends the game at once (the ranges are printed on the track: without
    them the option is not offered; `roll_to_end_provisional` says they stand in for the printed ones, and the
    players are told so). A Wonderful Ending: a wonder built in one of them ends the game once that round is
    over, before the status phase."""

    ages: Steps
    last_rounds: Steps
    roll_to_end: list[Annotated[list[Annotated[int, Field(ge=1, le=6)]], Field(min_length=1)]] | None = None
    roll_to_end_provisional: bool = False

    def ending_range(self, rounds_left: int) -> list[int]:
        """The faces that end the game as the round with `rounds_left` rounds after it begins."""
        assert self.roll_to_end is not None  # (asked only of a game rolling to end)
        return self.roll_to_end[self.last_rounds - 1 - rounds_left]

    def ranges_text(self) -> str:
        """Roll to End's ranges in the players' words: "6; 5-6; 4-6 (provisional)"."""
        ranges = "; ".join(faces_text(faces) for faces in self.roll_to_end or [])
        return f"{ranges} (provisional)" if self.roll_to_end_provisional else ranges


def faces_text(faces: list[int]) -> str:
    """ "5-6" for a run of faces, "2, 4" otherwise."""
    ordered = sorted(set(faces))
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


class Variants(Strict):
    """The variants of the rulebook these rules offer (absent: not offered). `lead_us` (the Civilizations
    expansion): each player chooses their leader, at setup and in the status phase, instead of drawing one."""

    four_rounds: FourRounds | None = None
    variable_end: VariableEnd | None = None
    lead_us: bool = False


class CivilizationRules(Strict):
    """How players come by their civilizations and leaders.

    `dealt`: each player is dealt that many civilizations at random and chooses one, the choices revealed
    together (the Civilizations expansion); none: each seat is dealt one, names one, or the players choose in
    turn (the Monumental Edition). `leaders`: `recruited` by a Recruit, the player naming which (the Monumental
    Edition); or `drawn`: one of the civilization's leaders drawn at setup and put in the starting city, and at
    the end of each status phase each player may give up theirs for a new one drawn, put in any of their cities
    (the Civilizations expansion)."""

    dealt: Steps | None = None
    leaders: Literal["recruited", "drawn"] = "recruited"


class RulesetOption(Strict):
    """An option of the ruleset a game may be played with: its advances marked with the option (`Advance.option`)
    take the places of those they replace, and the rules files in its `overlay` folder (beside game.yaml) are
    laid over the ruleset's as a mod's are, before any mod."""

    name: str
    text: str
    overlay: str = ""


class WonderRules(Strict):
    """How wonders come into play. `deck: hand`: cards drawn into a hidden hand, built by their holder;
    `revealed`: cards turned face up for everyone (`reveal` in `on_gain`), any player may build a revealed
    wonder, and a wonder claimed (`claim`) only its claimer, at no action cost. `city_moods`: the moods a
    city must have to build one."""

    deck: Literal["hand", "revealed"] = "hand"
    city_moods: list[Mood] = ["happy"]
    per_city: int | None = Field(default=None, ge=1, le=MAX_STEPS)  # the most wonders a city may hold (None: any)


class CaptureRules(Strict):
    gold_per_size: Amount
    refugee_settler: bool
    captured_mood: Mood
    gold_per_missing_piece: Amount
    # The spoils (gold) and the refugee settler come only if the city had one of these moods when
    # attacked; the gold is per piece of its size as modified by mood, or of its actual size.
    spoils_moods: list[Mood] = ["angry", "neutral", "happy"]
    spoils_size: Literal["mood_modified", "actual"] = "mood_modified"


class ExploreSpawn(Strict):
    """A region explored with at least `spaces` spaces of `terrain` gets a barbarian settlement and an
    army unit on one of those spaces, chosen by the explorer, never the one the exploring unit entered."""

    terrain: str
    spaces: Steps


class BarbarianRules(Strict):
    battle_rounds: Steps
    win_gold: Amount
    capture_city_gold: Amount
    units: Annotated[dict[str, Amount], WHOLE]  # the army that spawns: one value
    settlements: Amount = 7  # barbarian settlement pieces
    # "within `reach` land spaces" of a city: at most that many steps from it, every space passed through
    # being land; barbarians spawn that far away (preferably), move toward cities that near, and garrison
    # their cities that near
    reach: Steps = 2
    # Where a settlement spawns: preferably exactly `reach` land spaces from one of the active player's
    # cities and never next to another player's city (`at_reach`), or on any empty land within `reach`
    # spaces of one of them (`within_reach`).
    spawn: Literal["at_reach", "within_reach"] = "at_reach"
    # A barbarian battle at a player's city: the barbarians `capture` it if they win, or each hit beyond
    # the units in the city removes one of its pieces (`shrink`), the city becoming Angry if it shrank.
    city_battle: Literal["capture", "shrink"] = "capture"
    # `win_gold` for each battle won against barbarians (`battle`), or for each barbarian unit defeated in
    # the battle that captures their settlement (`unit_in_capture`).
    win_gold_per: Literal["battle", "unit_in_capture"] = "battle"
    # A captured barbarian settlement is kept, with `capture_city_gold` (`keep`), or its captor chooses:
    # keep it (no more gold) or raze it for `capture_city_gold` (`keep_or_raze`).
    captured_settlement: Literal["keep", "keep_or_raze"] = "keep"
    explore_spawn: ExploreSpawn | None = None


class PirateRules(Strict):
    ships: Amount
    gold_per_ship_sunk: Amount
    token_per_ship_sunk: Amount
    # The tokens a player who sinks pirate ships picks from, `token_per_ship_sunk` for each ship (one kind:
    # gained without a choice).
    reward_tokens: list[Literal["mood", "culture"]] = Field(default=["mood", "culture"], min_length=1)
    # A region revealed with this many sea spaces gets a pirate ship on one of them (from the supply), the
    # explorer's choice; none: exploring brings no pirates.
    explore_spawn_sea_spaces: Steps | None = None


class InfluenceRules(Strict):
    success_roll: Steps
    # A city holding another player's piece may target only itself, without boosts, and a player's own
    # city is cleared of other colours only by itself (`self_only`); or an influenced city makes no
    # attempt, and any uninfluenced city of the player may clear their others (`none`).
    influenced_source: Literal["self_only", "none"] = "self_only"


class VictoryPoints(Strict):
    city: Points
    building: Points
    advance: Points
    objective: Points
    wonder_builder: Points
    wonder_owner: Points
    captured_leader: Points
    # `tie_winner`: the holder of a `wins_ties` effect (the 2012 Great Pyramids) wins a tie
    tie_break: list[Literal["tie_winner", "city_pieces", "advances", "objectives", "wonders", "events", "leaders"]]


class GameRules(Strict):
    id: str
    name: str
    # The word players choose these rules by (`--ruleset`, the new-game screen); their folder's name when empty.
    choice: str = ""
    players: PlayerCount
    ages: Steps
    rounds_per_age: Steps
    actions_per_turn: Steps
    move_groups_per_action: Steps
    resource_caps: ResourceTable
    gold_substitutes_for: list[Resource]
    starting: StartingState
    advance_cost: AdvanceCost
    building_cost: Annotated[dict[Resource, Amount], WHOLE]
    government_change_cost: Cost
    raze: Annotated[dict[Resource, Amount], WHOLE]
    raze_max_size: Steps
    city: CityRules
    stacking_limit: Steps
    ship_capacity: int = Field(ge=0, le=MAX_STEPS)
    # A ship sunk in a naval battle: the land units beyond the capacity of the side's surviving ships are
    # lost (`beyond_capacity`), or the land units it carried are lost with it (`lost`).
    sunk_ship_cargo: Literal["beyond_capacity", "lost"] = "beyond_capacity"
    hits_per_combat_value: Steps
    capture: CaptureRules
    barbarians: BarbarianRules
    pirates: PirateRules
    influence: InfluenceRules
    border_bonus: dict[str, Literal["mood", "culture"]]
    victory_points: VictoryPoints
    wonder_advance: str = "Engineering"  # needed to build any wonder, besides the wonder's own advance
    wonders: WonderRules = WonderRules()
    scale: ScaleRules | None = None  # the 2012 Scale instead of the event tracker (`starting.event_cubes`)
    # How a government is changed: in the status phase (`government_change_cost`), or by gaining an
    # advance of another government, whose advances then replace the old ones one for one (`advance`).
    government_change: Literal["status_phase", "advance"] = "status_phase"
    # Who chooses the next first player: most mood + culture `tokens` (ties: the first of them in turn
    # order, the first player first), or highest Culture + Happiness `levels` (the first player keeps the
    # place unless someone is higher; else the first of the highest clockwise from the first player).
    first_player_by: Literal["tokens", "levels"] = "tokens"
    # When a player's supply of a unit type is empty, a Recruit may take one of their units of that type
    # from the board (`true`), or recruits no more of it (`false`).
    reuse_units: bool = True
    # An event's text for every player goes in turn order from the player who drew it (`drawer`) or
    # from the first player (`first_player`).
    event_order_from: Literal["drawer", "first_player"] = "drawer"
    variants: Variants = Variants()
    civilizations: CivilizationRules = CivilizationRules()
    options: dict[str, RulesetOption] = {}  # by the id a game's ruleset name adds after OPTION_MARK
    # Rules of this ruleset that stand in for facts no source gives, shown to the players beside it.
    provisional: list[str] = []


# ---------------------------------------------------------------- terrain, units, buildings


class Terrain(Strict):
    code: str = Field(min_length=1, max_length=1)
    name: str
    water: bool = False
    yields: list[Resource] = []
    stops_movement: bool = False
    forbids_later_attack: bool = False
    can_found_city: bool = True


class UnitType(Strict):
    name: str
    plural: str | None = None  # the name of several, when it is not the name and an "s" ("Infantry")
    cost: Cost
    army: bool
    naval: bool = False
    limit: Amount
    requires_building: str | None = None
    requires_advance_to_move: str | None = None
    leader: bool = False  # the civilization's leader: one of its leaders, chosen when recruited
    ship_space: bool = True  # takes room aboard a ship (false: carried on top of a ship's capacity)
    # A unit for cards, advances and powers that name units (false: a figure that only moves like one, as the
    # Civilizations expansion's leader)
    counts_as_unit: bool = True
    # Recruited only in a city where a `may_build_units` effect names it (a Market's city, for cavalry).
    only_where_allowed: bool = False
    text: str = ""
    provisional: bool = False  # stands in for content no source gives: its text says so


class DieFace(Strict):
    value: int = Field(ge=0, le=MAX_STEPS)
    icon: str = ""  # a unit icon, or none


class UnitPower(Strict):
    """What each fighting unit of a type adds to its side's combat rolls (plain dice, without unit icons)."""

    # combat value for each unit of these types fighting on the same side (cavalry: +1 for each infantry)
    value_per_unit: dict[str, Annotated[int, Field(ge=0, le=MAX_STEPS)]] = {}
    # one of the side's dice showing one of these values (the lowest first) counts 0 and cancels 1 hit of
    # the enemy's, whether or not there is one to cancel (elephants: 1 or 2)
    cancels_on: list[Annotated[int, Field(ge=1, le=MAX_STEPS)]] = []


class CombatRules(Strict):
    die: list[DieFace] = Field(min_length=1)
    icon_bonus: dict[str, Annotated[int, Field(ge=0, le=MAX_STEPS)]]
    icon_cancels_hit: list[str]
    icon_rerolls: list[str]
    fortress_extra_dice: int = Field(ge=0, le=MAX_STEPS)
    fortress_cancelled_hits: int = Field(ge=0, le=MAX_STEPS)
    unit_powers: dict[str, UnitPower] = {}  # by unit type
    # unit types a side's hits must take before any other of its units, as far as there are hits
    casualties_first: list[str] = []


class Building(Strict):
    name: str
    advance: str
    limit: Amount
    needs_sea: bool = False
    can_be_influenced: bool = True
    keeps_colour_on_capture: bool = False
    on_built: list[OnBuiltEffect] = []
    facing_sea_yields: list[Payable] = []  # choices when collecting the space a Port faces
    # effects for the city's owner in this city only, while the piece works for them (`CITY_PIECE_EFFECTS`)
    effects: list[OneEffect] = []
    text: str = ""
    provisional: bool = False  # stands in for content no source gives: its text says so


# ---------------------------------------------------------------- advances


class Advance(Strict):
    name: str
    bonus: Literal["mood", "culture"] | None = None
    building: str | None = None
    requires: str | None = None  # an advance of the same category needed first
    extra_cost: Cost = {}  # paid on top whenever it is gained, however (gold may stand in)
    effects: list[dict[str, Any]] = []
    text: str = ""
    provisional: bool = False  # stands in for content no source gives: its text says so
    # An advance of a ruleset option (`GameRules.options`): in play only with it, in the place of `replaces`.
    option: str | None = None
    replaces: str | None = None


class Category(Strict):
    name: str
    government: bool = False
    requires: str | None = None  # only for government categories: the top advance's prerequisite
    advances: list[Advance] = Field(min_length=1)


# ---------------------------------------------------------------- map


class RegionTile(Strict):
    id: str
    terrain: list[str] = Field(min_length=4, max_length=4)


class HomePosition(Strict):
    anchor: SpaceLabel
    rotation: int = Field(ge=0, le=5)
    tile: str


class FreePosition(Strict):
    anchor: SpaceLabel
    base_rotation: int = Field(ge=0, le=5)


class Layout(Strict):
    homes: list[HomePosition]
    free: list[FreePosition]


class MapRules(Strict):
    start_tiles: list[RegionTile]
    regular_tiles: list[RegionTile]
    layouts: dict[Annotated[int, Field(ge=1, le=MAX_PLAYERS)], Layout]


# ---------------------------------------------------------------- cards


class Card(Strict):
    id: int
    name: str
    text: str = ""
    provisional: bool = False  # stands in for content no source gives: its text says so


class ActionCard(Card):
    """A card of the action deck: the names of its action half and its tactics half."""

    action: str
    tactics: str


class ActionHalf(Strict):
    """The action (civil) half of action cards, played on your turn.

    `action`: `main` uses one of the turn's actions, `free` none, `after_battle` is offered to
    the winner at the end of a battle instead. `cost` is paid when the card is played. A half
    is playable when every effect offers a way to be played (their preconditions hold).
    """

    action: Literal["main", "free", "after_battle"]
    cost: Annotated[dict[Payable, int], WHOLE] = {}
    text: str
    effects: list[OneEffect] = []
    provisional: bool = False  # stands in for content no source gives: its text says so


class TacticsHalf(Strict):
    """The tactics (combat) half of action cards, played face down in a combat round.

    Requirements: `battles` (land: army units, a city counts as land; naval: ships), `units` (the
    unit types the card names: the side needs one of them in the battle, `army` units or `ship`s
    among its fighting units or, defending, the city's `fortress`; none named: no unit is needed),
    `role`, and `city`: `required` (the defended space holds the defender's city) or
    `not_for_attacker` (the attacker may play it only where there is no such city).
    """

    battles: list[Literal["land", "naval"]] = ["land", "naval"]
    units: list[Literal["army", "ship", "fortress"]] = []
    role: Literal["attacker", "defender", "either"] = "either"
    city: Literal["any", "required", "not_for_attacker"] = "any"
    text: str
    effects: list[OneEffect] = []
    provisional: bool = False  # stands in for content no source gives: its text says so


def _parses(raw: dict[str, object]) -> dict[str, object]:
    parse_condition(raw)
    return raw


OneCondition = Annotated[dict[str, object], AfterValidator(_parses), WHOLE]  # a condition primitive and its parameters


class Objective(Strict):
    """One objective: completed in the status phase (`status`), right after its moment (`instant`),
    or by itself as soon as it holds, checked after every action (`automatic`)."""

    name: str
    text: str = ""
    status: OneCondition | None = None
    instant: OneCondition | None = None
    automatic: OneCondition | None = None
    pay: Annotated[dict[Resource, int], WHOLE] = {}  # paid on completion; gold cannot stand in
    excludes: list[str] = []  # objectives that may not be completed in the same status phase

    def condition(self, part: str) -> Condition | None:
        """The parsed `status`, `instant` or `automatic` condition."""
        return self._conditions.get(part)

    @cached_property
    def _conditions(self) -> dict[str, Condition]:
        parts = {"status": self.status, "instant": self.instant, "automatic": self.automatic}
        return {part: parse_condition(raw) for part, raw in parts.items() if raw is not None}

    @model_validator(mode="after")
    def _checked_somehow(self) -> Objective:
        parts = self._conditions
        if not parts:
            raise ValueError("an objective needs a `status`, `instant` or `automatic` condition")
        for part, cond in parts.items():
            if (cond.moment == "status") != (part != "instant"):
                raise ValueError(f"{part}: {cond.name} is checked at {cond.moment}")
        return self


class ObjectiveCard(Card):
    objectives: list[str] = Field(min_length=2, max_length=2)


EventIcon = Literal[
    "barbarians_spawn", "barbarians_move", "barbarians_attack", "pirates", "exhausted_land", "gold_mine"
]


class GreatPerson(Strict):
    """A great person on an event card: offered when drawn, held in hand and played like the action half
    of an action card (`action`: `main` uses one of the turn's actions, `free` none); its card's
    `effects` are then those of the half: action-card primitives and event primitives acting for you."""

    action: Literal["main", "free"] = "main"
    public: bool = False  # kept face up


class EventCard(Card):
    """An event card: its icon acts for the player who drew it, then its main `effects` (event primitives);
    on a great person's card the effects act when the card is played instead."""

    icon: EventIcon | None = None
    effects: list[OneEffect] = []
    great_person: GreatPerson | None = None


class Wonder(Strict):
    name: str
    cost: Cost
    advance: str
    needs_building: str | None = None
    builder_vp: Points
    owner_vp: Points
    text: str = ""
    effects: list[OneEffect] = []
    in_deck: bool = True  # false: left out of the wonder deck while its powers are not in play
    provisional: bool = False  # stands in for content no source gives: its text says so


# ---------------------------------------------------------------- civilizations

ANY_GOVERNMENT = "any government"  # a special advance linked to the top advance of every government


class SpecialAdvance(Strict):
    name: str
    advance: str  # the normal advance it comes with, or ANY_GOVERNMENT
    text: str
    effects: list[OneEffect] = []
    missing: str = ""  # a part of the printed ability its effects do not cover yet: the civilization is not offered
    our_design: bool = False  # not printed: designed (or reworked) by this project where the sources leave a gap


class LeaderAbility(Strict):
    name: str
    text: str
    effects: list[OneEffect] = []
    missing: str = ""  # as for SpecialAdvance
    our_design: bool = False  # as for SpecialAdvance


class Leader(Strict):
    name: str
    abilities: list[LeaderAbility] = Field(min_length=1)


class Civilization(Strict):
    name: str
    home_tile: str | None = None  # a start tile used as this civilization's home region instead
    random_pool: bool = True  # dealt in Random setup; otherwise only when a player picks it
    our_design: bool = False  # pieces designed by this project where the sources leave gaps
    text: str = ""
    special_advances: list[SpecialAdvance] = []
    leaders: list[Leader] = []
    # Parts of the civilization no source gives, in plain words ("its three leaders"): it is not offered, and
    # the new-game screen says why. A civilization without special advances or leaders must name them here.
    unknown: list[str] = []

    @model_validator(mode="after")
    def _gaps_named(self) -> Civilization:
        if not self.unknown and not (self.special_advances and self.leaders):
            raise ValueError("a civilization needs special advances and leaders, or `unknown` naming what is missing")
        return self


UNIT_GROUPS = ("any", "army", "naval")  # words some effects take in place of a unit type
_REFERENCE_FIELDS = (
    *("unit", "units", "building", "buildings", "wonder", "wonders"),
    *("category", "categories", "powers_of_category", "advance", "advances"),
)


def _named_references(params: BaseModel) -> list[tuple[str, str]]:
    """(field, name) of each name of content an effect's parameters give: the text fields named after a kind
    of content (a Literal or a flag of the same name is no name)."""
    found: list[tuple[str, str]] = []
    for field in _REFERENCE_FIELDS:
        value = getattr(params, field, None)
        declared = type(params).model_fields.get(field)
        annotation = declared.annotation if declared is not None else None
        if annotation not in (str, str | None, list[str]):
            continue
        found += [(field, v) for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
    return found


class Ruleset(Strict):
    """All rule data of one ruleset, validated and cross-checked."""

    game: GameRules
    terrain: dict[str, Terrain]
    units: dict[str, UnitType]
    combat: CombatRules
    buildings: dict[str, Building]
    categories: list[Category]
    map: MapRules
    action_cards: list[ActionCard]
    action_halves: dict[str, ActionHalf]
    tactics_halves: dict[str, TacticsHalf]
    objective_cards: list[ObjectiveCard]
    objectives: dict[str, Objective]
    events: list[EventCard]
    wonders: dict[str, Wonder]
    civilizations: dict[str, Civilization]
    # The mods overlaid on the base ruleset, in the order they were applied: set by the loader (no rules
    # file is named `mods`), recorded in saves, and left out of the rules' digest.
    mods: tuple[ModRef, ...] = Field(default=(), exclude=True)

    def reference_problems(self) -> list[DataProblem]:
        """Names that point at nothing, repeated names and ids, and effects that do not parse."""
        advances = {a.name for c in self.categories for a in c.advances}
        problems = self._duplicate_problems()
        for key, b in self.buildings.items():
            if b.advance not in advances:
                problems.append(
                    DataProblem(("buildings", key, "advance"), f"{key}.advance: unknown advance {b.advance!r}")
                )
            for i, effect in enumerate(b.on_built):
                for name in effect:
                    if name not in ON_BUILT_EFFECTS:
                        problems.append(
                            DataProblem(("buildings", key, "on_built", i), f"{key}.on_built: unknown effect {name!r}")
                        )
        problems += self._effect_problems()
        problems += self._layout_problems()
        problems += self._starting_problems()
        problems += self._event_trigger_problems()
        problems += self._variant_problems()
        problems += self._option_problems()
        problems += self._provisional_problems()
        for ci, c in enumerate(self.categories):
            if c.requires and c.requires not in advances:
                problems.append(
                    DataProblem(("categories", ci, "requires"), f"{c.name}.requires: unknown advance {c.requires!r}")
                )
            for ai, a in enumerate(c.advances):
                if a.building and a.building not in self.buildings:
                    problems.append(
                        DataProblem(
                            ("categories", ci, "advances", ai, "building"),
                            f"{a.name}.building: unknown building {a.building!r}",
                        )
                    )
                if a.requires is not None and a.requires not in {other.name for other in c.advances[1:]} - {a.name}:
                    problems.append(
                        DataProblem(
                            ("categories", ci, "advances", ai, "requires"),
                            f"{a.name}.requires: {a.requires!r} is not another advance of {c.name} below its top",
                        )
                    )
        for i, name in enumerate(self.game.starting.advances):
            if name not in advances:
                problems.append(
                    DataProblem(("game", "starting", "advances", i), f"starting.advances: unknown advance {name!r}")
                )
        for i, name in enumerate(self.game.starting.units):
            if name not in self.units:
                problems.append(DataProblem(("game", "starting", "units", i), f"starting.units: unknown unit {name!r}"))
        for key in ENGINE_UNITS:
            if key not in self.units:
                problems.append(DataProblem(("units",), f"units: no {key!r}: the rules engine needs this unit type"))
        for key in self.game.barbarians.units:
            if key not in self.units:
                problems.append(
                    DataProblem(("game", "barbarians", "units", key), f"barbarians.units: unknown unit {key!r}")
                )
        problems += [
            DataProblem(at, f"combat: unknown unit {key!r}")
            for at, key in self._combat_units()
            if key not in self.units
        ]
        for key, u in self.units.items():
            if u.requires_building and u.requires_building not in self.buildings:
                problems.append(
                    DataProblem(
                        ("units", key, "requires_building"),
                        f"{key}.requires_building: unknown building {u.requires_building!r}",
                    )
                )
            if u.requires_advance_to_move and u.requires_advance_to_move not in advances:
                problems.append(
                    DataProblem(
                        ("units", key, "requires_advance_to_move"),
                        f"{key}.requires_advance_to_move: unknown advance {u.requires_advance_to_move!r}",
                    )
                )
        codes = {t.code for t in self.terrain.values()}
        for kind in ("start_tiles", "regular_tiles"):
            for ti, tile in enumerate(getattr(self.map, kind)):
                for i, code in enumerate(tile.terrain):
                    if code not in codes:
                        problems.append(
                            DataProblem(
                                ("map", kind, ti, "terrain", i), f"tile {tile.id}: unknown terrain code {code!r}"
                            )
                        )
        tiles = {t.id for t in self.map.start_tiles}
        for count, layout in self.map.layouts.items():
            for hi, home in enumerate(layout.homes):
                if home.tile not in tiles:
                    problems.append(
                        DataProblem(
                            ("map", "layouts", count, "homes", hi, "tile"),
                            f"layouts.{count}: unknown start tile {home.tile!r}",
                        )
                    )
            if len(layout.free) > len(self.map.regular_tiles):
                problems.append(
                    DataProblem(
                        ("map", "layouts", count, "free"), f"layouts.{count}: more free positions than regular tiles"
                    )
                )
        for i, action_card in enumerate(self.action_cards):
            for deck, half in (("action_halves", action_card.action), ("tactics_halves", action_card.tactics)):
                if half not in getattr(self, deck):
                    problems.append(
                        DataProblem(
                            ("action_cards", i, deck[:-7]),
                            f"action card {action_card.id}: unknown {deck[:-7]} half {half!r}",
                        )
                    )
        for card in self.objective_cards:
            for key in card.objectives:
                if key not in self.objectives:
                    problems.append(
                        DataProblem(("objective_cards",), f"objective card {card.id}: unknown objective {key!r}")
                    )
        for key, objective in self.objectives.items():
            for other in objective.excludes:
                if other not in self.objectives:
                    problems.append(
                        DataProblem(("objectives", key, "excludes"), f"{key}.excludes: unknown objective {other!r}")
                    )
        problems += self._civilization_problems(advances, tiles)
        for key, w in self.wonders.items():
            if w.advance not in advances:
                problems.append(
                    DataProblem(("wonders", key, "advance"), f"{key}.advance: unknown advance {w.advance!r}")
                )
            if w.needs_building and w.needs_building not in self.buildings:
                problems.append(
                    DataProblem(
                        ("wonders", key, "needs_building"),
                        f"{key}.needs_building: unknown building {w.needs_building!r}",
                    )
                )
        return problems

    def _civilization_problems(self, advances: set[str], start_tiles: set[str]) -> list[DataProblem]:
        problems = []
        for key, civ in self.civilizations.items():
            if civ.home_tile is not None and civ.home_tile not in start_tiles:
                problems.append(
                    DataProblem(
                        ("civilizations", key, "home_tile"), f"{key}.home_tile: unknown start tile {civ.home_tile!r}"
                    )
                )
            for si, special in enumerate(civ.special_advances):
                if special.advance != ANY_GOVERNMENT and special.advance not in advances:
                    problems.append(
                        DataProblem(
                            ("civilizations", key, "special_advances", si, "advance"),
                            f"{key}.{special.name}.advance: unknown advance {special.advance!r}",
                        )
                    )
        leaders = any(civ.leaders for civ in self.civilizations.values())
        if leaders and not any(u.leader for u in self.units.values()):
            problems.append(DataProblem(("units",), "units: civilizations need a unit type with `leader: true`"))
        return problems

    def _combat_units(self) -> list[tuple[DataPath, str]]:
        """The unit types combat.yaml names, each at its data path."""
        powers = self.combat.unit_powers
        named: list[tuple[DataPath, str]] = [(("combat", "unit_powers", key), key) for key in powers]
        named += [
            (("combat", "unit_powers", key, "value_per_unit", other), other)
            for key, power in powers.items()
            for other in power.value_per_unit
        ]
        named += [(("combat", "casualties_first", i), key) for i, key in enumerate(self.combat.casualties_first)]
        return named

    def _duplicate_problems(self) -> list[DataProblem]:
        """Names and ids that must be unique: the engine looks content up by them."""
        problems: list[DataProblem] = []
        seen: dict[object, str] = {}

        def once(what: str, value: object, path: DataPath, label: str) -> None:
            key = (what, value)
            if key in seen:
                problems.append(DataProblem(path, f"{label}: duplicate {what} {value!r} (also {seen[key]})"))
            else:
                seen[key] = label

        for ci, c in enumerate(self.categories):
            once("category", c.name, ("categories", ci, "name"), c.name)
            for ai, a in enumerate(c.advances):
                once("advance", a.name, ("categories", ci, "advances", ai, "name"), f"{c.name}.{a.name}")
        for key, civ in self.civilizations.items():
            for si, special in enumerate(civ.special_advances):
                once("special advance", special.name, ("civilizations", key, "special_advances", si, "name"), key)
            for li, leader in enumerate(civ.leaders):
                once("leader", leader.name, ("civilizations", key, "leaders", li, "name"), key)
        for deck in ("action_cards", "objective_cards", "events"):
            for i, card in enumerate(getattr(self, deck)):
                once(f"{deck} id", card.id, (deck, i, "id"), f"{deck}[{i}]")
        # effects are looked up by the name of their source: one name, one source, or a mod's new card
        # named like another would swap that card's effects for its own
        sources: list[tuple[str, str, DataPath]] = [
            (kind, name, path) for kind, name, _e, path in self.effect_sources()
        ]
        sources += [("card", c.name, ("events", i, "name")) for i, c in enumerate(self.events) if c.great_person]
        for kind, name, path in sources:
            if kind in ("card", "wonder"):
                once("card or wonder name", name, path, f"{kind} {name}")
        for kind in ("start_tiles", "regular_tiles"):
            for i, tile in enumerate(getattr(self.map, kind)):
                once("tile id", tile.id, ("map", kind, i, "id"), f"{kind}[{i}]")
        for key, t in self.terrain.items():
            once("terrain code", t.code, ("terrain", key, "code"), key)
        return problems

    def _layout_problems(self) -> list[DataProblem]:
        """Every allowed player count has a layout with a home per player, and no two regions
        of a layout share a space, whichever way an explored region is turned."""
        problems = []
        for count in range(self.game.players.min, self.game.players.max + 1):
            if count not in self.map.layouts:
                problems.append(DataProblem(("map", "layouts"), f"layouts: no layout for {count} players"))
        for count, layout in self.map.layouts.items():
            at = ("map", "layouts", count)
            if len(layout.homes) != count:
                problems.append(
                    DataProblem((*at, "homes"), f"layouts.{count}: {len(layout.homes)} homes for {count} players")
                )
            owner: dict[tuple[int, int], str] = {}
            regions: list[tuple[str, int, str, tuple[int, ...]]]
            regions = [("homes", i, h.anchor, (h.rotation,)) for i, h in enumerate(layout.homes)]
            regions += [
                ("free", i, f.anchor, (f.base_rotation, (f.base_rotation + 3) % 6)) for i, f in enumerate(layout.free)
            ]
            for kind, i, anchor, rotations in regions:
                label = f"{kind}[{i}]"
                spaces = {h for rotation in rotations for h in region_slots(label_to_hex(anchor), rotation)}
                other = next((owner[h] for h in spaces if h in owner), None)
                if other is not None:
                    problems.append(
                        DataProblem((*at, kind, i), f"layouts.{count}.{label}: overlaps {other} on the board")
                    )
                owner.update(dict.fromkeys(spaces, label))
        return problems

    def _starting_problems(self) -> list[DataProblem]:
        """A player's starting position obeys the limits the invariants check in play."""
        rules, start = self.game, self.game.starting
        at = ("game", "starting")
        problems = [
            DataProblem(
                (*at, "resources", r), f"starting.resources.{r}: {amount} is above the cap {rules.resource_caps[r]}"
            )
            for r, amount in start.resources.items()
            if amount > rules.resource_caps.get(r, 0)
        ]
        army = [u for u in start.units if u in self.units and self.units[u].army]
        if len(army) > rules.stacking_limit:
            problems.append(
                DataProblem(
                    (*at, "units"),
                    f"starting.units: {len(army)} army units; the stacking limit is {rules.stacking_limit}",
                )
            )
        for kind in set(start.units) & set(self.units):
            if start.units.count(kind) > self.units[kind].limit:
                problems.append(
                    DataProblem(
                        (*at, "units"),
                        f"starting.units: {start.units.count(kind)} {kind}; its limit is {self.units[kind].limit}",
                    )
                )
        return problems

    def _event_trigger_problems(self) -> list[DataProblem]:
        """Events come from the event tracker or from the Scale: exactly one of them."""
        rules = self.game
        if (rules.starting.event_cubes is None) == (rules.scale is None):
            return [
                DataProblem(("game", "scale"), "scale: give either starting.event_cubes or scale, not both or neither")
            ]
        if rules.scale is not None and any(level > rules.scale.top for level in rules.scale.event_levels):
            return [
                DataProblem(("game", "scale", "event_levels"), f"scale.event_levels: above the top {rules.scale.top}")
            ]
        spawn = rules.barbarians.explore_spawn
        if spawn is not None and spawn.terrain not in self.terrain:
            return [
                DataProblem(
                    ("game", "barbarians", "explore_spawn"), f"explore_spawn: unknown terrain {spawn.terrain!r}"
                )
            ]
        return []

    def _variant_problems(self) -> list[DataProblem]:
        """A variant's units exist, and Roll to End has a range for each of its rounds."""
        variants = self.game.variants
        problems = []
        if variants.four_rounds is not None:
            for i, kind in enumerate(variants.four_rounds.starting_units):
                if kind not in self.units:
                    unit_at: DataPath = ("game", "variants", "four_rounds", "starting_units", i)
                    problems.append(DataProblem(unit_at, f"four_rounds.starting_units: unknown unit {kind!r}"))
        end = variants.variable_end
        if end is not None and end.roll_to_end is not None and len(end.roll_to_end) != end.last_rounds:
            ranges_at: DataPath = ("game", "variants", "variable_end", "roll_to_end")
            problems.append(
                DataProblem(ranges_at, f"roll_to_end: a range for each of the last {end.last_rounds} rounds")
            )
        return problems

    def _option_problems(self) -> list[DataProblem]:
        """An advance of an option names an option of the rules and the advance of its category it replaces."""
        problems = []
        for ci, c in enumerate(self.categories):
            names = {a.name for a in c.advances}
            for ai, a in enumerate(c.advances):
                at: DataPath = ("categories", ci, "advances", ai)
                if (a.option is None) != (a.replaces is None):
                    problems.append(DataProblem(at, f"{a.name}: give both option and replaces, or neither"))
                elif a.option is not None and a.option not in self.game.options:
                    problems.append(DataProblem((*at, "option"), f"{a.name}.option: unknown option {a.option!r}"))
                elif a.replaces is not None and a.replaces not in names:
                    problems.append(
                        DataProblem((*at, "replaces"), f"{a.name}.replaces: no advance {a.replaces!r} in {c.name}")
                    )
        return problems

    def _provisional_problems(self) -> list[DataProblem]:
        """A piece of content standing in for one no source gives says so where the players read it."""
        marked: list[tuple[DataPath, str, str]] = [
            (("categories", ci, "advances", ai), a.name, a.text)
            for ci, c in enumerate(self.categories)
            for ai, a in enumerate(c.advances)
            if a.provisional
        ]
        for deck in ("units", "buildings", "wonders", "action_halves", "tactics_halves"):
            marked += [((deck, key), key, item.text) for key, item in getattr(self, deck).items() if item.provisional]
        for deck in ("action_cards", "objective_cards", "events"):
            marked += [
                ((deck, i), card.name, card.text) for i, card in enumerate(getattr(self, deck)) if card.provisional
            ]
        return [
            DataProblem((*path, "text"), f"{name}: provisional content must say so in its text ({PROVISIONAL!r})")
            for path, name, text in marked
            if PROVISIONAL not in text
        ]

    def effect_sources(self) -> list[tuple[SourceKind, str, list[OneEffect], DataPath]]:
        """Every piece of content that grants effects: its kind, name, effects and data path."""
        found: list[tuple[SourceKind, str, list[OneEffect], DataPath]] = []
        for ci, c in enumerate(self.categories):
            for ai, a in enumerate(c.advances):
                found.append(("advance", a.name, a.effects, ("categories", ci, "advances", ai, "effects")))
        for key, w in self.wonders.items():
            found.append(("wonder", w.name, w.effects, ("wonders", key, "effects")))
        for deck in ("action_halves", "tactics_halves"):
            for name, half in getattr(self, deck).items():
                found.append(("card", name, half.effects, (deck, name, "effects")))
        for key, b in self.buildings.items():
            found.append(("building", b.name, b.effects, ("buildings", key, "effects")))
        for key, civ in self.civilizations.items():
            for si, special in enumerate(civ.special_advances):
                special_path: DataPath = ("civilizations", key, "special_advances", si, "effects")
                found.append(("special_advance", special.name, special.effects, special_path))
            for li, leader in enumerate(civ.leaders):
                for ai, ability in enumerate(leader.abilities):
                    ability_path: DataPath = ("civilizations", key, "leaders", li, "abilities", ai, "effects")
                    found.append(("leader", leader.name, ability.effects, ability_path))
        return found

    @cached_property
    def card_effects(self) -> dict[str, list[Effect]]:
        """Card half name -> its parsed effects, in the order written (a great person is played like a half)."""
        halves = {
            name: [parse_effect(name, raw, kind) for raw in raw_effects]
            for kind, name, raw_effects, _ in self.effect_sources()
            if kind == "card"
        }
        return halves | {card.name: self.event_effects(card.id) for card in self.events if card.great_person}

    def _great_person_sources(self) -> list[tuple[SourceKind, str, list[OneEffect], DataPath]]:
        return [
            ("card", c.name, c.effects, ("events", i, "effects")) for i, c in enumerate(self.events) if c.great_person
        ]

    @cached_property
    def played_halves(self) -> dict[str, ActionHalf]:
        """Everything played like the action half of an action card: the action halves, and each great
        person (its card's effects make the half)."""
        persons = {
            card.name: ActionHalf(action=card.great_person.action, text=card.text, effects=card.effects)
            for card in self.events
            if card.great_person
        }
        return self.action_halves | persons

    def great_person_card(self, name: str) -> int:
        """The event card showing the great person `name`."""
        return next(card.id for card in self.events if card.great_person and card.name == name)

    def action_card(self, card_id: int) -> ActionCard:
        return self._action_card_index[card_id]

    @cached_property
    def _action_card_index(self) -> dict[int, ActionCard]:
        return {card.id: card for card in self.action_cards}

    def _effect_problems(self) -> list[DataProblem]:
        problems = []
        for kind, name, raw_effects, path in self.effect_sources():
            for i, raw in enumerate(raw_effects):
                try:
                    effect = parse_effect(name, raw, kind)
                except ValueError as exc:
                    problems.append(DataProblem((*path, i), f"{name}.effects[{i}]: {exc}"))
                    continue
                if effect.name in MAIN_EFFECTS:
                    problems.append(DataProblem((*path, i), f"{name}.effects[{i}]: {effect.name} acts only on events"))
                if kind == "building" and (effect.name not in CITY_PIECE_EFFECTS or effect.only):
                    allowed = ", ".join(sorted(CITY_PIECE_EFFECTS))
                    problems.append(DataProblem((*path, i), f"{name}.effects[{i}]: a city-piece grants only {allowed}"))
        problems += self._reference_problems()
        for ci, card in enumerate(self.events):
            for i, raw in enumerate(card.effects):
                where = f"events[{ci}] ({card.name}).effects[{i}]"
                try:
                    effect = parse_effect(card.name, raw, "card")
                except ValueError as exc:
                    problems.append(DataProblem(("events", ci, "effects", i), f"{where}: {exc}"))
                    continue
                if effect.name not in MAIN_EFFECTS and not (card.great_person and REGISTRY[effect.name].when == PLAYED):
                    problems.append(
                        DataProblem(("events", ci, "effects", i), f"{where}: {effect.name} is not an event effect")
                    )
                if card.great_person and effect.params.model_dump().get("who", "active") != "active":
                    problems.append(DataProblem(("events", ci, "effects", i), f"{where}: a great person acts for you"))
                problems += self._kept_wonder_problems(effect.params, ("events", ci, "effects", i), where)
        return problems

    def _reference_problems(self) -> list[DataProblem]:
        """Every name an effect's parameters give (a unit, building, wonder, category, advance) is one of
        the rules: otherwise the effect would look it up in play and fail there."""
        known = {
            "unit": {*self.units, *UNIT_GROUPS},
            "building": set(self.buildings),
            "wonder": set(self.wonders),
            "categor": {c.name for c in self.categories},
            "advance": set(self.advance_names()),
        }
        events: list[tuple[SourceKind, str, list[OneEffect], DataPath]]
        events = [("card", c.name, c.effects, ("events", i, "effects")) for i, c in enumerate(self.events)]
        problems = []
        for kind, name, raw_effects, path in [*self.effect_sources(), *events]:
            for i, raw in enumerate(raw_effects):
                with suppress(ValueError):  # reported with the effects
                    params = parse_effect(name, raw, kind).params
                    for field, value in _named_references(params):
                        what = next(k for k in known if k in field)
                        if value not in known[what]:
                            where = f"{name}.effects[{i}].{field}"
                            problems.append(DataProblem((*path, i), f"{where}: unknown {field.rstrip('s')} {value!r}"))
        return problems

    def _kept_wonder_problems(self, params: object, path: DataPath, where: str) -> list[DataProblem]:
        """`event_destroy`'s `effect_kept`: known wonders whose whole effect is their VP (which is what is kept)."""
        problems = []
        for wonder in params.effect_kept if isinstance(params, EventDestroy) else []:
            if wonder not in self.wonders:
                problems.append(DataProblem(path, f"{where}: unknown wonder {wonder!r}"))
            elif self.wonders[wonder].effects:
                problems.append(
                    DataProblem(path, f"{where}: the {wonder} wonder has effects beyond its VP: they cannot be kept")
                )
        return problems

    def event(self, card_id: int) -> EventCard:
        return self._events_by_id[card_id]

    @cached_property
    def _events_by_id(self) -> dict[int, EventCard]:
        return {card.id: card for card in self.events}

    def event_effects(self, card_id: int) -> list[Effect]:
        """The parsed main effects of an event card (checked when the rules were loaded)."""
        return self._event_effects[card_id]

    @cached_property
    def _event_effects(self) -> dict[int, list[Effect]]:
        return {card.id: [parse_effect(card.name, raw, "card") for raw in card.effects] for card in self.events}

    @cached_property
    def content_hash(self) -> str:
        """A fingerprint of the effective rules: equal rules (defaults included), equal hashes."""
        canonical = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    def describe(self) -> str:
        """`monumental` or `monumental + Cheap advances 1.0 + ...`: the ruleset and its mods."""
        return " + ".join([self.game.id, *(f"{m.name} {m.version}" for m in self.mods)])

    @cached_property
    def effect_index(self) -> dict[str, dict[tuple[SourceKind, str], list[Effect]]]:
        """primitive name -> (source kind, source name) -> that source's parsed effects of the primitive."""
        index: dict[str, dict[tuple[SourceKind, str], list[Effect]]] = {}
        for kind, name, raw_effects, _path in self.effect_sources():
            for raw in raw_effects:
                effect = parse_effect(name, raw, kind)
                index.setdefault(effect.name, {}).setdefault((kind, name), []).append(effect)
        return index

    @cached_property
    def effects_by_source(self) -> dict[tuple[SourceKind, str], dict[str, list[Effect]]]:
        """`effect_index` turned around: (source kind, source name) -> primitive name -> its effects."""
        index: dict[tuple[SourceKind, str], dict[str, list[Effect]]] = {}
        for name, by_source in self.effect_index.items():
            for source, granted in by_source.items():
                index.setdefault(source, {})[name] = granted
        return index

    # ---- derived look-ups used throughout the engine
    @cached_property
    def units_only_where_allowed(self) -> frozenset[str]:
        """The unit kinds recruited only where a `may_build_units` effect names them."""
        return frozenset(kind for kind, spec in self.units.items() if spec.only_where_allowed)

    def piece_effects(self, building: str, primitive: str) -> list[Effect]:
        """The `primitive` effects the city-piece `building` grants in its city."""
        return self.effects_by_source.get(("building", self.buildings[building].name), {}).get(primitive, [])

    def advance_names(self) -> list[str]:
        return list(self._advance_names)

    @cached_property
    def _advance_names(self) -> tuple[str, ...]:  # asked for every advance on every enumeration
        return tuple(a.name for c in self.categories for a in c.advances)

    @cached_property
    def advance_names_by_category(self) -> tuple[tuple[Category, tuple[str, ...]], ...]:
        """Each category with the names of its advances, top first (which advances may be gained is asked
        on every enumeration)."""
        return tuple((c, tuple(a.name for a in c.advances)) for c in self.categories)

    @cached_property
    def surcharged_advances(self) -> frozenset[str]:
        """The advances with an `extra_cost` (asked of the advances gainable at every listing)."""
        return frozenset(a.name for c in self.categories for a in c.advances if a.extra_cost)

    def category_of(self, advance: str) -> Category:
        return self._category_index[advance]

    def advance(self, name: str) -> Advance:
        for a in self.category_of(name).advances:
            if a.name == name:
                return a
        raise KeyError(name)

    @cached_property
    def objective_card_index(self) -> dict[int, ObjectiveCard]:
        return {card.id: card for card in self.objective_cards}

    @cached_property
    def objective_conditions(self) -> dict[str, dict[str, Condition]]:
        """objective -> its parsed conditions by part ("status", "instant", "automatic"), for quick asking."""
        parts = ("status", "instant", "automatic")
        return {
            key: {part: cond for part in parts if (cond := objective.condition(part))}
            for key, objective in self.objectives.items()
        }

    @cached_property
    def automatic_objectives(self) -> dict[int, tuple[tuple[str, Condition], ...]]:
        """objective card -> its objectives completed by themselves, with their conditions (looked at
        after every action)."""
        found = {}
        for card in self.objective_cards:
            automatic = tuple(
                (key, cond) for key in card.objectives if (cond := self.objective_conditions[key].get("automatic"))
            )
            if automatic:
                found[card.id] = automatic
        return found

    def terrain_by_code(self, code: str) -> str:
        for key, t in self.terrain.items():
            if t.code == code:
                return key
        raise KeyError(code)

    @cached_property
    def _category_index(self) -> dict[str, Category]:
        return {a.name: c for c in self.categories for a in c.advances}


FILES = {
    "game": "game.yaml",
    "terrain": "terrain.yaml",
    "units": "units.yaml",
    "combat": "combat.yaml",
    "buildings": "buildings.yaml",
    "categories": "advances.yaml",
    "map": "map.yaml",
    "action_cards": "action_cards.yaml",
    "action_halves": "action_halves.yaml",
    "tactics_halves": "tactics_halves.yaml",
    "objective_cards": "objective_cards.yaml",
    "objectives": "objectives.yaml",
    "events": "events.yaml",
    "wonders": "wonders.yaml",
    "civilizations": "civilizations.yaml",
}


# ---------------------------------------------------------------- what a mod replaces as a whole


def replaced_whole(file_key: str) -> Whole:
    """Where in the data of a rules file (`file_key`, a Ruleset field) a mod's mapping replaces the base's as
    a whole: the mappings the schema marks WHOLE, such as every cost."""
    return replaced_whole_in(Ruleset.model_fields[file_key].annotation)


# ---------------------------------------------------------------- reading files, with lines


def read_ruleset(directory: Path, options: Sequence[str] = ()) -> RulesFiles:
    """Every file of a complete ruleset, with the overlays of its `options` laid over them; unreadable or
    unparsable files raise RulesDataError."""
    files = read_files(directory, FILES)
    for option in options:
        folder = _option_overlay(files, option)
        if folder and not overlay_folder(files, directory / folder)[1]:
            raise RulesDataError(files.problems)
    return files


def _option_overlay(files: RulesFiles, option: str) -> str:
    """The overlay folder `game.yaml` names for `option` ("" when none; an unknown option is reported later)."""
    game = files.data.get("game")
    spec = game.get("options", {}).get(option) if isinstance(game, dict) else None
    folder = spec.get("overlay", "") if isinstance(spec, dict) else ""
    return folder if isinstance(folder, str) else ""


class Overlaid(NamedTuple):
    """One rules file laid over a ruleset's: its key, path, the data before, and the data and lines it wrote."""

    key: str
    path: Path
    before: object
    data: object
    where: Where


def overlay_folder(files: RulesFiles, folder: Path) -> tuple[list[Overlaid], bool]:
    """Lay each rules file of `folder` over `files` (a mapping merges key by key, a list of named entries
    entry by entry: see mods.py): the files laid, and False if one could not be read. Problems are added to
    `files`."""
    laid: list[Overlaid] = []
    readable = True
    for key, file_name in FILES.items():
        path = folder / file_name
        if not path.is_file():
            continue
        try:
            data, where, problems = read_rules_file(path)
        except RulesDataError as exc:
            files.problems += exc.problems
            readable = False
            continue
        files.problems += problems
        if data is None:  # an empty (or all-comment) file changes nothing
            continue
        before = files.data[key]
        files.data[key], files.where[key] = overlay(
            before, files.where[key], data, where, files.problems, whole=replaced_whole(key)
        )
        laid.append(Overlaid(key, path, before, data, where))
    return laid, readable


# ---------------------------------------------------------------- validating, with lines


def build_ruleset(files: RulesFiles, mods: tuple[ModRef, ...] = (), options: Sequence[str] = ()) -> Ruleset:
    """Validate rules data, then play it with `options` (ids of `game.options`): every problem, at its file and
    line, raises RulesDataError."""
    problems = list(files.problems)
    try:
        rules = Ruleset.model_validate({**files.data, "mods": mods})
    except ValidationError as exc:
        raise RulesDataError(problems + located_errors(exc, files.data, files.where)) from None
    root = Where("ruleset", 0, files.where)
    problems += [root.at(p.path).problem(p.message) for p in rules.reference_problems()]
    problems += [f"{FILES['game']}: options: unknown option {o!r}" for o in options if o not in rules.game.options]
    if problems:
        raise RulesDataError(problems)
    # (An effect naming an advance an option replaced names one out of play: it applies to nothing.)
    return with_options(rules, options)


OPTION_MARK = "+"  # a ruleset's name with options: "monumental+balance_patch"


def ruleset_name(folder: str, options: Sequence[str] = ()) -> str:
    """The name of a ruleset played with `options`, as games and saves record it."""
    return OPTION_MARK.join([folder, *sorted(options)])


def split_ruleset_name(name: str) -> tuple[str, tuple[str, ...]]:
    """A ruleset name's folder (or directory) and options."""
    folder, *options = str(name).split(OPTION_MARK)
    return folder, tuple(options)


def with_options(rules: Ruleset, options: Sequence[str]) -> Ruleset:
    """The rules played with `options`: each option's advances in the places of those they replace; the
    advances of options not chosen are out of play. The game's id names the options."""
    chosen = set(options)
    if not chosen and not any(a.option for c in rules.categories for a in c.advances):
        return rules
    categories = []
    for category in rules.categories:
        swaps = {
            a.replaces: a.model_copy(update={"option": None, "replaces": None})
            for a in category.advances
            if a.option in chosen
        }
        advances = [swaps.get(a.name, a) for a in category.advances if a.option is None]
        categories.append(category.model_copy(update={"advances": advances}))
    game = rules.game.model_copy(update={"id": ruleset_name(rules.game.id, options)})
    return Ruleset.model_validate(
        {**{name: getattr(rules, name) for name in Ruleset.model_fields}, "categories": categories, "game": game}
    )


def ruleset_dir(name_or_dir: str | Path) -> Path:
    """A ruleset's directory, given its name (under rules_data/) or its path."""
    directory = Path(name_or_dir)
    if not directory.is_dir():
        directory = RULESETS_ROOT / str(name_or_dir)
    if not directory.is_dir():
        raise RulesDataError([f"{name_or_dir}: no such ruleset directory"])
    return directory


def load_ruleset(name_or_dir: str | Path = "monumental") -> Ruleset:
    """Load and validate a complete ruleset by name (under rules_data/, with its options) or by directory path."""
    folder, options = split_ruleset_name(str(name_or_dir))
    return build_ruleset(read_ruleset(ruleset_dir(folder), options), options=options)


_CACHE: dict[str, Ruleset] = {}
DEFAULT_RULESET = "monumental"


def named_ruleset(name: str) -> Ruleset:
    """A ruleset of rules_data/ by its name, loaded once per process."""
    if name not in _CACHE:
        _CACHE[name] = load_ruleset(name)
    return _CACHE[name]


def default_ruleset() -> Ruleset:
    """The Monumental ruleset, loaded once per process."""
    return named_ruleset(DEFAULT_RULESET)
