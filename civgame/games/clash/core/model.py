"""The mutable game model: everything a save holds. Rules live in the rule modules, not here."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from civgame.framework.rng import Rng
from civgame.games.clash.core.decisions import Decision
from civgame.games.clash.core.hexgrid import Hex, neighbors, region_slots

if TYPE_CHECKING:
    from civgame.games.clash.content.ruleset import Ruleset

SAVE_VERSION = 6
BARBARIAN = -1
PIRATE = -2
MOODS = ("angry", "neutral", "happy")
Phase = Literal["play", "status", "over"]
# Who plays a seat: a person at the table, or a computer player of one of these levels.
Seat = Literal["human", "random", "easy", "normal", "hard"]


@dataclass
class Unit:
    id: int
    owner: int
    kind: str
    pos: Hex
    carrier: int | None = None  # the ship carrying this land unit
    immobile: bool = False  # fought a battle or entered a mountain this turn
    no_attack: bool = False  # entered a forest this turn: may not move into a battle
    moved_this_action: bool = False  # already moved during the current move action
    # Immobile only because it entered a mountain (roads may still move it); read only while
    # immobile, so whoever makes a unit immobile for another reason sets it to False.
    stopped_by_terrain: bool = False
    entered_terrains: tuple[str, ...] = ()  # the terrains of the spaces it moved into this turn
    pirate: bool = False  # a pirate ship counted as its owner's ship while it shares their space (Pirate Allies)


@dataclass
class City:
    id: int
    owner: int
    pos: Hex
    mood: str
    buildings: dict[str, int] = field(default_factory=dict)  # building -> colour (player) of its piece
    wonders: list[str] = field(default_factory=list)
    port_space: Hex | None = None
    activations: int = 0  # activations this turn
    angry_activation: bool = False  # was activated while angry this turn: no more activations
    # the players with a culture token under this barbarian settlement (`influence_settlement_token`)
    tokens_under: list[int] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Its pieces on the board: the settlement, buildings and wonders. The size rules count is
        `Game.city_size` (in some rules a wonder is no piece of its city)."""
        return 1 + len(self.buildings) + len(self.wonders)


@dataclass
class Region:
    number: int
    tile: str  # tile id; hidden from players while face down
    anchor: Hex
    base_rotation: int
    rotation: int | None = None  # None while face down

    @property
    def revealed(self) -> bool:
        return self.rotation is not None

    def spaces(self) -> list[Hex]:
        return region_slots(self.anchor, self.base_rotation if self.rotation is None else self.rotation)


@dataclass
class Deck:
    draw: list[int | str] = field(default_factory=list)
    discard: list[int | str] = field(default_factory=list)


@dataclass
class LastingEffect:
    """A played card whose effects last a while; its effects end with `until`."""

    source: str  # the card (half) whose effects apply
    until: Literal["turn", "round", "battle", "combat_round", "action"]  # action: the player's next action


@dataclass
class ObjectiveCompletion:
    """A completed objective card: which objective completed it, and when."""

    card: int
    objective: str  # the objective's key in objectives.yaml
    age: int
    round: int
    own_turn: bool  # completed during the holder's own turn


CityLossCause = Literal["battle", "barbarians", "event", "razed"]


@dataclass
class CityLoss:
    """How a player lost a city that left them without any: the game ends at the next status phase for a
    player without cities, and says why."""

    space: Hex
    cause: CityLossCause
    age: int
    round: int  # 0: in the status phase
    by: int | None = None  # battle: the player who took the city
    card: str = ""  # event: the event card's name


@dataclass
class Player:
    index: int
    name: str
    color: str
    resources: dict[str, int]
    mood_tokens: int = 0
    culture_tokens: int = 0
    advances: list[str] = field(default_factory=list)
    special_advances: list[str] = field(default_factory=list)  # the civilization's, in the order gained
    leader: str | None = None  # the leader on the board
    civilization: str | None = None  # a key of the rules' civilizations; None: a player without one
    civilization_chosen: str | None = None  # dealt civilizations: the one chosen, face down until all have chosen
    leaders_used: list[str] = field(default_factory=list)  # leaders that have been on the board
    leaders_dealt: list[str] = field(
        default_factory=list
    )  # What if?: the player's leaders; empty: their civilization's
    lasting_effects: list[LastingEffect] = field(default_factory=list)
    event_cubes: int = 3
    # The Scale (2012 edition): levels raised by advances with a border bonus; each caps its tokens
    culture_level: int = 0
    happiness_level: int = 0
    great_persons: list[int] = field(default_factory=list)  # event cards held to play
    foreseen_objectives: list[int] = field(default_factory=list)  # set aside for their next draws (Great Seer)
    action_cards: list[int] = field(default_factory=list)
    objective_cards: list[int] = field(default_factory=list)
    wonder_cards: list[str] = field(default_factory=list)
    wonder_cards_owed: int = 0  # wonder cards taken from this hand by an effect, drawn back next turn
    completed_objectives: list[int] = field(default_factory=list)
    wonders_built: list[str] = field(default_factory=list)
    wonders_built_when: list[list[int]] = field(default_factory=list)  # [age, round] of each wonders_built entry
    # wonders it built that an event destroyed with their effect kept (Vulcan's Pyramids): their builder VP count
    destroyed_wonders_kept: list[str] = field(default_factory=list)
    objective_completions: list[ObjectiveCompletion] = field(default_factory=list)
    captured_leaders: list[str] = field(default_factory=list)
    event_vp: float = 0.0
    objective_vp: float = 0.0  # points scored as objective VP outside objective cards (rune stones, explorers)
    explorer_regions: list[int] = field(default_factory=list)  # regions holding one of the player's explorer tokens
    raided_by: str = ""  # the effect source of a raid: the player gives up 1 resource at the start of the next turn
    influence_succeeded: bool = False  # one successful Influence Culture per turn
    free_attempts_from: list[int] = field(default_factory=list)  # a city per attempt left at no action this turn
    used_this_turn: list[str] = field(default_factory=list)  # once-per-turn effects already used
    borrowed_advance: str | None = None  # used as if owned until the end of this turn (Great Library)
    actions_lost_next_turn: int = 0  # a mark (Assassination): fewer actions at the start of the next turn
    truce_with: int | None = None  # Negotiations: neither attacks the other until this player's next turn
    # Anarchy: VP lost for each government advance regained (which uses no event cube), in order
    government_regains: list[float] = field(default_factory=list)
    seat: Seat = "human"
    pieces_destroyed: dict[str, int] = field(default_factory=dict)  # building or "city" -> pieces gone for good
    leaders_barred: bool = False  # may recruit no more leaders (Guillotine)
    diplomatic_partner: int | None = None  # the partner picked with a diplomacy great person held
    action_lost: bool = False  # loses one action at the start of their next turn (Revolution in the status phase)
    last_city_lost: CityLoss | None = None  # the loss that last left the player without a city
    scores_by_age: list[float] = field(default_factory=list)  # total VP at the end of each age played so far

    def has(self, advance: str) -> bool:
        return advance in self.advances

    def uses(self, advance: str) -> bool:
        """Owns `advance` or borrowed it this turn: enough for its effects and for what it unlocks."""
        return advance in self.advances or advance == self.borrowed_advance


@dataclass
class CombatSide:
    owner: int
    units: list[int]  # its fighting units still in the battle
    hits_taken: int = 0
    # the hits scored against it this round, those beyond its units too: a cancel saves a unit only within them
    hits_scored: int = 0
    casualties: list[int] = field(default_factory=list)  # chosen this round; all removed together
    losses: int = 0  # fighting units it lost in this battle so far
    bonus: int = 0  # combat value added every round (paid for before the battle)
    tactics: int | None = None  # the action card played face down this round, until revealed
    round_value: int = 0  # combat value tactics cards give it this round, counted as they resolved
    hits_ignored: int = 0  # hits it ignores this round by its tactics card's roll
    # its fighting units at the start of this round, before tactics cards removed any: what the effects
    # counting units compare (None in a battle saved before they were noted: its units now)
    round_units: int | None = None
    roll: RoundRoll | None = None  # this round's roll, once rolled


@dataclass
class RoundRoll:
    """A side's roll of the round, kept so that what its owner may still change after seeing the dice (a die
    rolled again, low dice counted as combat value instead of cancellations) is counted again from it."""

    dice: list[int]  # the values rolled, after the dice icons' abilities, before units turn any into cancellations
    ready: dict[str, int]  # its units by type whose powers work (those an icon's ability used left out)
    modifier: int  # combat value added to the dice
    extra_hits: int = 0  # hits scored on top of the combat value
    extra_cancels: int = 0  # hit cancellations besides its units' (icons, effects, a fortress)
    kept_as_value: int = 0  # dice its units could turn into cancellations counted as combat value instead


@dataclass
class BattleRecord:
    """A battle (or uncontested capture) of the current turn, as objectives and action cards read it.
    `claimed_by` names the card halves already played off it (a sister copy cannot use it again)."""

    space: Hex
    naval: bool
    attacker: int
    defender: int
    winner: int | None
    at_city: bool
    from_sea: bool  # the attackers came from sea spaces
    present: list[list[str]]  # unit types at the start: [attacker's, defender's]
    lost: list[list[str]]  # unit types removed during it: [attacker's, defender's]
    rounds: int = 0  # combat rounds fought (0: no dice were rolled)
    claimed_by: list[str] = field(default_factory=list)

    @property
    def real(self) -> bool:
        """The defender had a unit at the start or won: not an uncontested capture."""
        return bool(self.present[1]) or self.winner == self.defender


@dataclass
class Combat:
    space: Hex
    naval: bool
    attacker: CombatSide
    defender: CombatSide
    origins: dict[int, Hex]  # unit id -> space it attacked from (retreat target)
    city_id: int | None = None
    fortress: bool = False
    round: int = 0
    max_rounds: int = 0  # 0: unlimited
    retreat_allowed: bool = True
    log: list[str] = field(default_factory=list)
    prepared: list[str] = field(default_factory=list)  # choices before round 1 already offered
    fortress_cancelled: list[str] = field(default_factory=list)  # fortress parts the attacker paid off
    tactics_asked: list[str] = field(default_factory=list)  # sides asked for a tactics card this round
    # tactics effects of this round already resolved, as "<card owner's role>:<side acted on>:<primitive>"
    resolved: list[str] = field(default_factory=list)
    abilities_kept: list[str] = field(default_factory=list)  # card halves whose `unless_paid` the side paid
    winner_vp: float = 0  # event VP for its winner (Solar Eclipse)
    defender_tactics_denied: int = 0  # the defender plays no tactics card up to this round (Trojan Horse)
    # unit id -> type of each side's units in the space at the start: [attacker's, defender's]
    present: list[dict[int, str]] = field(default_factory=lambda: [{}, {}])
    # a barbarian city the attacking barbarian army left (Mercenaries): garrisoned once the battle is
    # over, unless the army came back to it
    left_city: int | None = None
    # barbarians attacking a player's city where hits beyond its units shrink it (`barbarians.city_battle`)
    shrinks_city: bool = False


@dataclass
class EventStep:
    """One step of an event still to resolve: `kind` names it, `player` is whom it concerns."""

    kind: str
    player: int
    effect: int = -1  # index of the card's main effect this step applies, if any
    count: int = 0  # how many more times the step acts (cities, units, food to hand out)
    chosen: list[int] = field(default_factory=list)  # cities this step may no longer hit
    other: int = -1  # a second player the step concerns (who holds the card passed on)


@dataclass
class EventInProgress:
    """The event card being resolved: steps left, and the armies that already moved."""

    card: int
    active: int
    steps: list[EventStep] = field(default_factory=list)
    moved: list[int] = field(default_factory=list)  # barbarian units that moved in this event
    current: EventStep | None = None  # the step waiting for its player's choice
    cards: list[int] = field(default_factory=list)  # cards set aside while it resolves
    lost: dict[int, list[str]] = field(default_factory=dict)  # each player's units lost to it, by type


EventVariant = Literal["standard", "no_events", "optional_events"]
# The rulebooks' variants a game is played with: of a game's length and end (the 2012 edition: its four-round
# game, and the Variable End Game's two ways to end early), and Lead us (the Civilizations expansion: leaders
# chosen instead of drawn).
GameVariant = Literal["four_rounds", "roll_to_end", "wonderful_ending", "lead_us"]
LEAD_US: GameVariant = "lead_us"


@dataclass
class GameEnd:
    """Why the game ended: after its last age, or in the status phase after a player was left without cities
    (`cityless`, each with `Player.last_city_lost`), or early by a variant of the 2012 edition's Variable End
    Game (A Wonderful Ending, Roll to End)."""

    reason: Literal["last_age", "no_cities", "wonderful_ending", "roll_to_end"]
    age: int
    cityless: list[int] = field(default_factory=list)


@dataclass
class Game:
    version: int
    ruleset: str
    seed: int
    rng: Rng
    players: list[Player]
    regions: list[Region]
    cities: list[City] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)
    next_id: int = 1
    exhausted: list[Hex] = field(default_factory=list)
    age: int = 1
    round: int = 1
    phase: Phase = "play"
    first_player: int = 0
    current: int = 0  # the player whose turn it is
    turns_taken: int = 0  # turns completed in this round
    actions_left: int = 0
    acted_this_turn: bool = False  # the current player took a turn action (main or free) this turn
    status_step: int = 0  # the next status-phase step to run
    status_players: list[int] = field(default_factory=list)  # whom the running status step still asks, in turn order
    decks: dict[str, Deck] = field(default_factory=dict)
    pending: list[Decision] = field(default_factory=list)
    combat: Combat | None = None
    event: EventInProgress | None = None
    events_waiting: list[EventInProgress] = field(default_factory=list)  # drawn while `event` resolves: next, in order
    event_variant: EventVariant = "standard"
    variants: list[GameVariant] = field(default_factory=list)
    ending: bool = False  # A Wonderful Ending: the game ends with this round
    short_battle_vp: float | None = None  # Solar Eclipse: the next land battle lasts one round, its winner gains VP
    construct_ban: str | None = None  # an event (Pestilence) that bars its unprotected players from building
    public_wonder: str | None = None  # a wonder card face up beside the deck (Envoy), taken instead of a draw
    revealed_wonders: list[str] = field(default_factory=list)  # face up for any player to build (2012 edition)
    city_attack_offer: int | None = None  # the event card whose offer to city attackers waits (Trojan Horse)
    battles: list[BattleRecord] = field(default_factory=list)  # the battles of the current turn
    winner: list[int] = field(default_factory=list)
    end: GameEnd | None = None  # set when the game ends
    log: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)  # plain actions, decoded on replay

    if TYPE_CHECKING:  # not a field: attached by setup and loading, never saved
        rules: Ruleset = field(init=False)
    # Not a field: False on a look-ahead copy (`copying.copy_game` without the record), which writes no
    # log lines and notes no actions in its history, as nothing reads them (writing them costs a
    # computer player's samples a twentieth of their time).
    recorded: ClassVar[bool] = True

    # ------------------------------------------------------------------ identity
    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def actor(self) -> int:
        """The player who must act next: the top pending decision's, else the current player."""
        if self.pending:
            return self.pending[-1].player
        return self.current

    def turn_order(self) -> list[int]:
        n = len(self.players)
        return [(self.first_player + i) % n for i in range(n)]

    def say(self, text: str) -> None:
        if self.recorded:
            self.log.append(text)

    # ------------------------------------------------------------------ board look-ups
    @cached_property
    def space_region(self) -> dict[Hex, Region]:
        return {h: reg for reg in self.regions for h in reg.spaces()}

    @cached_property
    def _terrain_map(self) -> dict[Hex, str]:
        """Terrain key of every revealed space."""
        tiles = {t.id: t.terrain for t in (*self.rules.map.start_tiles, *self.rules.map.regular_tiles)}
        by_code = {t.code: key for key, t in self.rules.terrain.items()}
        return {
            h: by_code[tiles[reg.tile][slot]]
            for reg in self.regions
            if reg.revealed
            for slot, h in enumerate(reg.spaces())
        }

    @cached_property
    def _water(self) -> frozenset[Hex]:
        """The revealed water spaces (land or water is asked for nearly every space a rule looks at)."""
        return frozenset(h for h, t in self._terrain_map.items() if self.rules.terrain[t].water)

    def invalidate_board(self) -> None:
        """Forget cached board geometry after a region is placed or turned over. The neighbours of the
        spaces are kept when the board still covers the same spaces (a region turned over keeps its place)."""
        kept = self.__dict__.pop("_adjacency", None)
        spaces_before = self.__dict__.pop("space_region", None)
        for cache in ("_terrain_map", "_water", "_distances", "road_reaches"):
            self.__dict__.pop(cache, None)
        if kept is not None and spaces_before is not None and spaces_before.keys() == self.space_region.keys():
            self.__dict__["_adjacency"] = kept  # (a function of the board's spaces alone)

    def on_board(self, h: Hex) -> bool:
        return h in self.space_region

    def terrain(self, h: Hex) -> str | None:
        """Terrain key of a revealed space; None if unrevealed or off the board."""
        return self._terrain_map.get(h)

    def tile(self, tile_id: str) -> list[str]:
        for t in (*self.rules.map.start_tiles, *self.rules.map.regular_tiles):
            if t.id == tile_id:
                return t.terrain
        raise KeyError(tile_id)

    def revealed(self, h: Hex) -> bool:
        return h in self._terrain_map  # exactly the spaces of face-up regions

    def is_water(self, h: Hex) -> bool:
        return h in self._water

    def is_land(self, h: Hex) -> bool:
        return h in self._terrain_map and h not in self._water

    @cached_property
    def _adjacency(self) -> dict[Hex, tuple[Hex, ...]]:
        """The board neighbours of every space: movement and distance searches ask constantly."""
        spaces = self.space_region  # (once: rebuilt after every region turned over)
        return {h: tuple([n for n in neighbors(h) if n in spaces]) for h in spaces}

    def board_neighbors(self, h: Hex) -> tuple[Hex, ...]:
        """The spaces on the board next to `h` (the kept tuple itself: asked in every search, never copied)."""
        adjacent = self._adjacency.get(h)
        if adjacent is None:  # a space off the board
            return tuple([n for n in neighbors(h) if n in self.space_region])
        return adjacent

    @cached_property
    def road_reaches(self) -> dict[tuple[object, ...], dict[Hex, int]]:
        """Where roads lead on this board, by what a road's walk depends on (`movement`), filled on demand.
        Shared with the game's look-ahead copies, whose walks repeat the same few layouts of pieces."""
        return {}

    @cached_property
    def _distances(self) -> dict[Hex, dict[Hex, int]]:
        """Breadth-first distances already worked out, by starting space (filled on demand)."""
        return {}

    def distances_from(self, start: Hex) -> dict[Hex, int]:
        """Steps from `start` to every space reachable through revealed board spaces.

        Only revealing a region changes them, so they are kept until `invalidate_board`; callers
        must not modify the returned mapping."""
        known = self._distances.get(start)
        if known is not None:
            return known
        steps = {start: 0}
        frontier, away = [start], 0
        adjacency, revealed = self._adjacency, self._terrain_map
        while frontier:  # breadth first, one ring of spaces at a time
            away += 1
            ring = []
            for here in frontier:
                for there in adjacency.get(here, ()):
                    if there not in steps and there in revealed:
                        steps[there] = away
                        ring.append(there)
            frontier = ring
        self._distances[start] = steps
        return steps

    # ------------------------------------------------------------------ pieces
    def player(self, index: int) -> Player:
        return self.players[index]

    def city(self, city_id: int) -> City | None:
        for c in self.cities:
            if c.id == city_id:
                return c
        return None

    def existing_city(self, city_id: int) -> City:
        """The city with this id, which the caller knows is on the board (validated before)."""
        city = self.city(city_id)
        if city is None:
            raise LookupError(f"no city has the id {city_id}")
        return city

    def city_at(self, h: Hex) -> City | None:
        for c in self.cities:
            if c.pos == h:
                return c
        return None

    def unit(self, unit_id: int) -> Unit | None:
        for u in self.units:
            if u.id == unit_id:
                return u
        return None

    def existing_unit(self, unit_id: int) -> Unit:
        """The unit with this id, which the caller knows is on the board (validated before)."""
        unit = self.unit(unit_id)
        if unit is None:
            raise LookupError(f"no unit has the id {unit_id}")
        return unit

    def units_at(self, h: Hex) -> list[Unit]:
        return [u for u in self.units if u.pos == h]

    def last_age(self) -> int:
        """The age after whose status phase the game ends at the latest: the rules', or a variant's."""
        variants = self.rules.game.variants
        if "four_rounds" in self.variants and variants.four_rounds is not None:
            return variants.four_rounds.ages
        if variants.variable_end is not None and {"roll_to_end", "wonderful_ending"} & set(self.variants):
            return variants.variable_end.ages
        return self.rules.game.ages

    def city_size(self, city: City) -> int:
        """The city's size: the settlement and its buildings, and its wonders where they add to it."""
        if self.rules.game.city.wonders_add_to_size:
            return city.size
        return 1 + len(city.buildings)

    def building_works(self, city: City, building: str) -> bool:
        """The building stands in the city and serves its owner: where the rules say so, only an owner who
        holds the advance it needs (a captured one otherwise counts for size and points alone)."""
        if building not in city.buildings:
            return False
        if city.owner < 0 or not self.rules.game.city.powers_need_advance:
            return True
        return self.players[city.owner].uses(self.rules.buildings[building].advance)

    def cities_of(self, owner: int) -> list[City]:
        return [c for c in self.cities if c.owner == owner]

    def pieces_of(self, owner: int, kind: str) -> list[Unit]:
        """The units of `kind` in the owner's colour, which their supply counts: a pirate ship counted as a
        player's (`Unit.pirate`) is the pirates' piece."""
        if owner == PIRATE:
            return [u for u in self.units if (u.owner == PIRATE or u.pirate) and u.kind == kind]
        return [u for u in self.units if u.owner == owner and u.kind == kind and not u.pirate]

    def units_of(self, owner: int, kind: str | None = None) -> list[Unit]:
        if kind is None:  # (the kind is not asked of each unit)
            return [u for u in self.units if u.owner == owner]
        return [u for u in self.units if u.owner == owner and u.kind == kind]

    def is_army(self, unit: Unit) -> bool:
        return self.rules.units[unit.kind].army

    def is_ship(self, unit: Unit) -> bool:
        return self.rules.units[unit.kind].naval

    def counted_units_of(self, owner: int) -> list[Unit]:
        """The owner's pieces that count as units for cards, advances and powers (not a figure such as the
        Civilizations expansion's leader)."""
        return [u for u in self.units if u.owner == owner and self.rules.units[u.kind].counts_as_unit]

    def load_of(self, units: list[Unit]) -> int:
        """The room `units` take aboard ships (the Civilizations expansion's leader takes none)."""
        return sum(1 for u in units if self.rules.units[u.kind].ship_space)

    def enemy_units_at(self, h: Hex, owner: int) -> list[Unit]:
        return [u for u in self.units if u.pos == h and u.owner != owner]

    def pieces_in_colour(self, colour: int, building: str) -> int:
        """The player's pieces of `building` out of their supply: on the board or destroyed for good."""
        gone = self.players[colour].pieces_destroyed.get(building, 0) if colour >= 0 else 0
        # (a city holds at most one piece of each building: its colour is the one under that key)
        return gone + sum(1 for c in self.cities if c.buildings.get(building) == colour)

    def settlements_used(self, player: int) -> int:
        """Settlement pieces out of the player's supply: their cities and those destroyed for good."""
        return len(self.cities_of(player)) + self.players[player].pieces_destroyed.get("city", 0)
