"""The rules data (`rules_data/sid-meier/*.yaml`) as strict, validated models: the `Ruleset`.

Every file is read with the line of every value (the framework's `datafiles`), mods may be laid over
it, and it is validated by pydantic models that refuse unknown keys and wrong types, and then
cross-checked (every name a record refers to exists, every count adds up). A problem is reported as
`file:line: problem`, all of them at once (`RulesDataError`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, ValidationInfo

from civgame.framework.datafiles import RulesDataError, RulesFiles, Where, located_errors, overlay, read_files
from civgame.framework.effects import Effect
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.content.registry import kind_of, parse_effect
from civgame.games.sidmeier.core.vocabulary import RESOURCES, CardPhase, Direction, Era, Resource
from civgame.paths import resource_root

DEFAULT_FOLDER = resource_root() / "rules_data" / "sid-meier"
FILES = (
    "game",
    "map",
    "tiles",
    "civilizations",
    "governments",
    "techs",
    "buildings",
    "units",
    "wonders",
    "culture",
    "great_people",
    "huts",
    "investments",
    "policies",
    "relics",
    "city_states",
)
EXPANSIONS_FOLDER = "expansions"  # inside a ruleset folder: one folder per expansion, laid over the base


# ------------------------------------------------------------------ models


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, arbitrary_types_allowed=True)


def _effects(raw: Any, info: ValidationInfo) -> list[Effect]:
    """Each effect parsed with the id of its record (validated before it) and the record's kind."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ValueError("effects are a list of {primitive: parameters} mappings")
    source = str(info.data.get("id", "")) if info.data else ""
    kind = str((info.config or {}).get("title", "")).lower()
    return [parse_effect(source, item, kind) for item in raw]


Effects = Annotated[list[Effect], BeforeValidator(_effects)]
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
NonNeg = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]


class Icons(Strict):
    trade: NonNeg = 0
    production: NonNeg = 0
    culture: NonNeg = 0
    coin: NonNeg = 0


class PlayerCount(Strict):
    min: Positive
    max: Positive


class ResourcesConfig(Strict):
    market: list[Resource]
    other: list[Resource]
    market_tokens_per_player: Positive


class FiguresConfig(Strict):
    armies: Positive
    scouts: Positive
    army_cost: Positive
    scout_cost: Positive


class CitiesConfig(Strict):
    base_max: Positive
    min_distance: Positive


class UnitsConfig(Strict):
    starting: list[Id]
    cost_by_rank: dict[int, Positive]
    aircraft_cost: Positive
    battle_hand: Positive
    battle_hand_per_extra_army: NonNeg
    battle_hand_defending_city: NonNeg
    barbarian_units: list[Id]
    barbarian_rank: Positive


class CombatBonusConfig(Strict):
    defending_city: NonNeg
    defending_capital: NonNeg
    walls: NonNeg
    great_general: NonNeg


class LootPrices(Strict):
    """The expansions' looting: what each effect costs in loot points (a winner buys as many as they can)."""

    trade: Positive
    culture: Positive
    resource: Positive
    discard_coin: Positive
    tech: Positive
    card: Positive
    steal_coin: Positive


class LootConfig(Strict):
    trade: Positive
    culture: Positive
    resources: Positive
    city_resources: Positive
    prices: LootPrices | None = None  # None: the base game's one reward


class MovementConfig(Strict):
    travel_speed: Positive
    stacking_limit: Positive


class TradeConfig(Strict):
    dial_max: Positive
    boost_trade: Positive
    boost_production: Positive


class EconomyConfig(Strict):
    victory_coins: Positive


class ResearchConfig(Strict):
    level_one_cost: Positive
    cost_per_level: Positive
    space_flight: Id


class CultureConfig(Strict):
    hand_size: NonNeg
    arts_base: NonNeg


class Expansion(Strict):
    """An expansion the rules offer: its folder `expansions/<id>/` is laid over the base game's data."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    name: str
    built: str  # what of the expansion is played, as the player reads it
    missing: str = ""  # what of it is not built yet, named in plain words


class DisbandingConfig(Strict):
    """Fame and Fortune: figures disbanded in their own city centre; an army may fortify it, a scout send
    a caravan (one marker a city)."""

    fortification_bonus: NonNeg  # combat bonus of the defender of a fortified city
    caravan_production: NonNeg  # production a caravan adds to its city's build


class BuildingProgramConfig(Strict):
    """Wisdom and Warfare's fourth city action: a marker whose next build multiplies the outskirts' production."""

    production_factor: Annotated[int, Field(ge=2)]


class MetropolisConfig(Strict):
    """Fame and Fortune: a capital grown into a metropolis (2 centre squares, 10 outskirts squares)."""

    defending_bonus: NonNeg  # extra combat bonus of the metropolis's defender
    arts_base: NonNeg  # the culture a metropolis devoted to the arts makes before its icons (a city: culture.arts_base)


class GameConfig(Strict):
    title: str
    players: PlayerCount
    resources: ResourcesConfig
    figures: FiguresConfig
    cities: CitiesConfig
    units: UnitsConfig
    combat_bonus: CombatBonusConfig
    loot: LootConfig
    movement: MovementConfig
    trade: TradeConfig
    economy: EconomyConfig
    research: ResearchConfig
    culture: CultureConfig
    provisional_values: list[str] = []
    expansions: list[Expansion] = []
    disbanding: DisbandingConfig | None = None  # None: figures are never disbanded (the base game)
    building_program: BuildingProgramConfig | None = None  # None: no building programs (the base game)
    metropolis: MetropolisConfig | None = None  # None: capitals never grow into metropolises (the base game)
    obsolete_market_wonders: bool = False  # a tech that obsoletes a wonder may pick one still in the market


class Terrain(Strict):
    id: Id
    icons: Icons
    water: bool = False


class Layout(Strict):
    columns: Positive
    rows: Positive
    homes: list[Annotated[list[NonNeg], Field(min_length=2, max_length=2)]]


class MapFile(Strict):
    tile_size: Positive
    terrains: list[Terrain]
    layouts_provisional: bool = False
    layouts: dict[int, Layout]


@dataclass(frozen=True)
class SquareSpec:
    """One printed square of a tile."""

    terrain: str
    icons: tuple[int, int, int, int]  # trade, production, culture, coin
    resource: str  # "" if none
    feature: str  # "hut", "village" or ""
    relic: str = ""  # the relic lying here when the tile is turned face up (the expansions'), or ""


ICON_WORDS = ("trade", "production", "culture", "coin")
FEATURES = ("hut", "village")
RELIC_PREFIX = "relic:"  # `relic:<id>`: the square of a relic


def _square(text: Any) -> SquareSpec:
    if not isinstance(text, str) or not text.split():
        raise ValueError("a square is written `terrain icon icon ...`")
    terrain, *words = text.split()
    counts = [0, 0, 0, 0]
    resource = feature = relic = ""
    for word in words:
        if word.startswith(RELIC_PREFIX) and not relic:
            relic = word.removeprefix(RELIC_PREFIX)
        elif word in ICON_WORDS:
            counts[ICON_WORDS.index(word)] += 1
        elif word in RESOURCES:
            if resource:
                raise ValueError(f"{text!r}: a square shows at most one resource")
            resource = word
        elif word in FEATURES:
            if feature:
                raise ValueError(f"{text!r}: a square shows at most one hut or village")
            feature = word
        else:
            words_known = ", ".join((*ICON_WORDS, *RESOURCES, *FEATURES, RELIC_PREFIX + "<relic>"))
            raise ValueError(f"{text!r}: {word!r} is not an icon ({words_known})")
    return SquareSpec(terrain, (counts[0], counts[1], counts[2], counts[3]), resource, feature, relic)


Row = Annotated[list[Annotated[SquareSpec, BeforeValidator(_square)]], Field(min_length=1)]


class Tile(Strict):
    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")]
    civilization: Id | None = None
    arrow: Direction = "north"
    provisional: bool = False
    squares: list[Row]


class TilesFile(Strict):
    home_tiles: list[Tile]
    neutral_tiles: list[Tile]


class Civilization(Strict):
    id: Id
    name: str
    starting_tech: Id
    starting_government: Id
    setup: Effects = []
    abilities: Effects = []
    provisional: bool = False


class CivilizationsFile(Strict):
    civilizations: list[Civilization]


class Government(Strict):
    id: Id
    name: str
    transitional: bool = False
    provisional: bool = False
    effects: Effects = []


class GovernmentsFile(Strict):
    governments: list[Government]


class UnitUpgrade(Strict):
    unit: Id
    rank: Annotated[int, Field(ge=2, le=4)]


class Tech(Strict):
    id: Id
    name: str
    level: Annotated[int, Field(ge=1, le=5)]
    provisional: bool = False
    buildings: list[Id] = []
    governments: list[Id] = []
    unit_upgrade: UnitUpgrade | None = None
    unlocks_units: list[Id] = []
    coins: NonNeg = 0
    effects: Effects = []


class TechsFile(Strict):
    techs: list[Tech]


class BuildingFace(Strict):
    id: Id
    name: str
    cost: Positive
    icons: Icons
    combat_bonus: NonNeg = 0


class BuildingFamily(Strict):
    id: Id
    markers: Positive
    limited: bool = False
    terrain: list[Id] = Field(min_length=1)
    beside: list[Id] = []  # terrains of which one must lie orthogonally next to its square (none: no such need)
    provisional: bool = False
    basic: BuildingFace
    upgraded: BuildingFace | None = None


class CityWalls(Strict):
    id: Id
    name: str
    cost: Positive
    provisional: bool = False


class BuildingsFile(Strict):
    families: list[BuildingFamily]
    city_walls: CityWalls


class UnitCard(Strict):
    copies: Positive
    strength: list[Positive] = Field(min_length=1)  # per rank: the wounds it deals
    # per rank: the wounds that kill it (Wisdom and Warfare's cards); none: it dies at its strength (the base game)
    health: list[Positive] = []


class UnitType(Strict):
    id: Id
    name: str
    ranks: list[str] = Field(min_length=1, max_length=4)
    trumps: Id | None = None
    needs_unlock: bool = False
    provisional: bool = False
    cards: list[UnitCard] = Field(min_length=1)


class UnitsFile(Strict):
    types: list[UnitType]


class Discount(Strict):
    tech: Id
    cost: Positive


class Wonder(Strict):
    id: Id
    name: str
    era: Era
    cost: Positive
    discount: Discount | None = None
    culture: NonNeg
    provisional: bool = False
    base_card: bool = False
    note: str = ""
    effects: Effects = []


class WonderDeck(Strict):
    per_era: Positive
    provisional: bool = False


class WondersFile(Strict):
    deck: WonderDeck
    eras: list[Era]
    wonders: list[Wonder]


class TrackSpace(Strict):
    culture: NonNeg
    trade: NonNeg
    reward: Literal["event", "great_person", "victory"]
    deck: Era


class Track(Strict):
    provisional: bool = False
    spaces: list[TrackSpace] = Field(min_length=1)


class CardPlay(Strict):
    """A phase a culture event card is played in, with what it does there."""

    phase: CardPhase
    effects: Effects = Field(min_length=1)


class CultureCard(Strict):
    """A culture event card. `or_else`: the other phase a dual card may be played in, and its effect there
    (Wisdom and Warfare's: the player picks one of the two when playing it, never both). `card_set`: the
    set (`sets`) the card is known to come from ("" when its set is unknown)."""

    id: Id
    name: str
    deck: Era
    copies: Positive
    phase: CardPhase
    provisional: bool = False
    effects: Effects = Field(min_length=1)
    or_else: CardPlay | None = None
    card_set: str = ""

    def plays(self) -> list[tuple[CardPhase, Effects]]:
        """Each phase the card may be played in, with its effects there."""
        first = (self.phase, self.effects)
        return [first] if self.or_else is None else [first, (self.or_else.phase, self.or_else.effects)]


class CultureSet(Strict):
    """How many culture event cards a set (the base game, an expansion) adds to the decks."""

    id: Id
    cards: Positive
    provisional: bool = False


class CultureFile(Strict):
    track: Track
    decks: list[Era]
    sets: list[CultureSet] = Field(min_length=1)
    cards: list[CultureCard]


class GreatPersonType(Strict):
    id: Id
    name: str
    markers: Positive
    icons: Icons
    combat_bonus: NonNeg = 0
    provisional: bool = False


PersonTiming = Literal[
    "constant", "any", "start_of_turn", "trade", "city_management", "movement", "research", "battle", "phase_start"
]


class GreatPersonCard(Strict):
    """A card of Fame and Fortune's optional great person deck: the type of marker it brings and its ability.
    `keep` cards act from the moment they are turned face up; `discard` cards act once and are discarded.
    An ability without effects is not built: the card still brings its great person."""

    id: Id
    name: str
    type: Id  # a great person type (`great_people`)
    timing: PersonTiming
    use: Literal["keep", "discard"]
    text: str  # the ability in our words, as the player reads it
    provisional: bool = False
    effects: Effects = []


class GreatPeopleFile(Strict):
    great_people: list[GreatPersonType]
    cards: list[GreatPersonCard] = []  # the optional great person deck (Fame and Fortune)


class MarkerPool(Strict):
    count: Positive
    pool: dict[str, Positive]


class SpecialResult(Strict):
    """A hut or village result that is not a resource (the expansions'): what it does, as effects."""

    id: Id
    name: str
    effects: Effects = Field(min_length=1)


class MarkerAddition(Strict):
    count: NonNeg
    pool: dict[str, Positive] = {}


class MarkerSet(Strict):
    """The hut and village markers an expansion adds to the pools (each expansion's own record, so that
    the additions of several expansions add up)."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    huts: MarkerAddition
    villages: MarkerAddition


class HutsFile(Strict):
    provisional: bool = False
    huts: MarkerPool
    villages: MarkerPool
    added: list[MarkerSet] = []
    specials: list[SpecialResult] = []

    def with_additions(self) -> HutsFile:
        """The pools with every expansion's markers added (the counts and the copies of each result)."""
        pools = {}
        for kind in ("huts", "villages"):
            base: MarkerPool = getattr(self, kind)
            pool, count = dict(base.pool), base.count
            for extra in self.added:
                addition: MarkerAddition = getattr(extra, kind)
                count += addition.count
                for result, copies in addition.pool.items():
                    pool[result] = pool.get(result, 0) + copies
            pools[kind] = MarkerPool(count=count, pool=pool)
        return self.model_copy(update=pools)


class InvestmentAbility(Strict):
    markers: Positive  # active while the card holds at least this many investment markers
    text: str
    effects: Effects = Field(min_length=1)


class InvestmentCard(Strict):
    id: Id
    name: str
    provisional: bool = False
    abilities: list[InvestmentAbility] = Field(min_length=1)


class InvestmentsFile(Strict):
    investments: list[InvestmentCard] = []


class PolicySide(Strict):
    id: Id
    name: str
    text: str  # the card's side in our words, as the player reads it
    provisional: bool = False
    effects: Effects = Field(min_length=1)


class PolicyCard(Strict):
    """A double-sided social policy card: adopting one side makes the other unavailable (W&W)."""

    id: Id
    sides: list[PolicySide] = Field(min_length=2, max_length=2)


class PoliciesFile(Strict):
    cards: list[PolicyCard] = []


class Relic(Strict):
    """A relic marker (the expansions'): on a square of its terrain until an army ends its move there."""

    id: Id
    name: str
    terrain: Id
    text: str  # its effect in our words, as the player reads it
    effects: Effects = Field(min_length=1)


class RelicsFile(Strict):
    relics: list[Relic] = []


class CityStateMarker(Strict):
    """A city-state marker (W&W): the icons its square shows and the effects its controller has."""

    id: Id
    name: str
    icons: Icons
    random_resource: bool = False  # shows a resource drawn at random when the marker is placed
    provisional: bool = False
    effects: Effects = []


class CityStatesFile(Strict):
    garrison_bonus: NonNeg = 0  # combat bonus of the figures defending a city-state's square
    destroyed_culture: NonNeg = 0  # culture for the player who builds a city on a city-state
    destroyed_provisional: bool = False
    markers: list[CityStateMarker] = []


MODELS: dict[str, type[Strict]] = {
    "game": GameConfig,
    "map": MapFile,
    "tiles": TilesFile,
    "civilizations": CivilizationsFile,
    "governments": GovernmentsFile,
    "techs": TechsFile,
    "buildings": BuildingsFile,
    "units": UnitsFile,
    "wonders": WondersFile,
    "culture": CultureFile,
    "great_people": GreatPeopleFile,
    "huts": HutsFile,
    "investments": InvestmentsFile,
    "policies": PoliciesFile,
    "relics": RelicsFile,
    "city_states": CityStatesFile,
}


# ------------------------------------------------------------------ the ruleset


@dataclass(frozen=True)
class Face:
    """A building face with its family: what a building marker on the map is."""

    face: BuildingFace
    family: BuildingFamily
    upgraded: bool


@dataclass(frozen=True)
class UnitCardDef:
    """One physical unit card: its deck, its strength per rank and (Wisdom and Warfare's cards) its health."""

    unit: str
    strength: tuple[int, ...]
    health: tuple[int, ...] = ()


@dataclass(frozen=True)
class HutResult:
    kind: Literal["hut", "village"]
    result: str  # a resource, "great_person", or a special result's id
    special: SpecialResult | None = None


@dataclass
class Ruleset:
    """All the rules data of one game, validated, with the look-ups the rules need."""

    game: GameConfig
    map: MapFile
    tiles: TilesFile
    civilizations: dict[str, Civilization]
    governments: dict[str, Government]
    techs: dict[str, Tech]
    families: dict[str, BuildingFamily]
    faces: dict[str, Face]
    city_walls: CityWalls
    units: dict[str, UnitType]
    wonders: dict[str, Wonder]
    wonder_deck: WonderDeck
    eras: list[Era]
    track: Track
    culture_decks: list[Era]
    culture_sets: list[CultureSet]
    culture_cards: dict[str, CultureCard]
    great_people: dict[str, GreatPersonType]
    person_cards: dict[str, GreatPersonCard]
    huts: HutsFile
    terrains: dict[str, Terrain]
    investments: dict[str, InvestmentCard]
    policy_cards: dict[str, PolicyCard]
    relics: dict[str, Relic]
    city_states: CityStatesFile
    folder: str
    mods: list[str] = field(default_factory=list)  # mod folders laid over the data, in order
    expansions: list[str] = field(default_factory=list)  # expansions laid over the base game, in the rules' order
    # physical pieces, by id (ids are indexes): derived from the records above
    unit_cards: list[UnitCardDef] = field(default_factory=list)
    culture_card_ids: list[str] = field(default_factory=list)  # card id -> its record's id
    great_person_ids: list[str] = field(default_factory=list)  # marker id -> its type
    person_card_ids: list[str] = field(default_factory=list)  # great person card id -> its record (one of each)
    hut_markers: list[HutResult] = field(default_factory=list)  # marker id -> its result
    home_tiles: dict[str, Tile] = field(default_factory=dict)  # civilization -> its home tile
    neutral_tiles: dict[str, Tile] = field(default_factory=dict)
    most_coins: int = -1  # worked out on first use
    policies: dict[str, PolicySide] = field(default_factory=dict)  # each side of every policy card, by id
    policy_card: dict[str, str] = field(default_factory=dict)  # policy -> its card
    # every effect primitive some record carries: a rule that acts only through one no record has never
    # lists anything in a game of these rules
    effect_names: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for unit in self.units.values():
            for card in unit.cards:
                self.unit_cards += [UnitCardDef(unit.id, tuple(card.strength), tuple(card.health))] * card.copies
        for card_def in self.culture_cards.values():
            self.culture_card_ids += [card_def.id] * card_def.copies
        for person in self.great_people.values():
            self.great_person_ids += [person.id] * person.markers
        self.person_card_ids = list(self.person_cards)
        specials = {s.id: s for s in self.huts.specials}
        for kind, pool in (("hut", self.huts.huts), ("village", self.huts.villages)):
            for result, copies in pool.pool.items():
                self.hut_markers += [HutResult(kind, result, specials.get(result))] * copies  # type: ignore[arg-type]
        for policy_card in self.policy_cards.values():
            for side in policy_card.sides:
                self.policies[side.id] = side
                self.policy_card[side.id] = policy_card.id
        self.home_tiles = {t.civilization: t for t in self.tiles.home_tiles if t.civilization}
        self.neutral_tiles = {t.id: t for t in self.tiles.neutral_tiles}
        self.effect_names = frozenset(effect.name for effects in self._effect_lists() for effect in effects)

    def _effect_lists(self) -> Iterator[list[Effect]]:
        yield from (c.abilities for c in self.civilizations.values())
        yield from (g.effects for g in self.governments.values())
        yield from (t.effects for t in self.techs.values())
        yield from (w.effects for w in self.wonders.values())
        yield from (c.effects for c in self.culture_cards.values())
        yield from (p.effects for p in self.person_cards.values())
        yield from (s.effects for s in self.huts.specials)
        yield from (a.effects for card in self.investments.values() for a in card.abilities)
        yield from (side.effects for side in self.policies.values())
        yield from (r.effects for r in self.relics.values())
        yield from (m.effects for m in self.city_states.markers)

    def culture_deck_size(self) -> int:
        """The culture event cards a game holds: the sum of the sets played (the base game and expansions)."""
        return sum(s.cards for s in self.culture_sets)

    def tile(self, tile_id: str) -> Tile:
        found = self.neutral_tiles.get(tile_id)
        if found is not None:
            return found
        for tile in self.tiles.home_tiles:
            if tile.id == tile_id:
                return tile
        raise KeyError(tile_id)

    def most_coins_on_a_square(self) -> int:
        """The most coins any square can show: printed, or on a building, wonder or great person."""
        if self.most_coins >= 0:
            return self.most_coins
        found = [s.icons[3] for t in self.tiles.home_tiles + self.tiles.neutral_tiles for row in t.squares for s in row]
        found += [f.face.icons.coin for f in self.faces.values()]
        found += [p.icons.coin for p in self.great_people.values()] + [t.icons.coin for t in self.terrains.values()]
        self.most_coins = max(found, default=0)
        return self.most_coins

    @property
    def units_have_health(self) -> bool:
        """Units fight with strength and health (Wisdom and Warfare's cards), not with strength alone."""
        return bool(self.unit_cards and self.unit_cards[0].health)

    def research_cost(self, level: int) -> int:
        return self.game.research.level_one_cost + self.game.research.cost_per_level * (level - 1)


# ------------------------------------------------------------------ loading


def load_rules(folder: Path | None = None, mods: Sequence[Path] = (), expansions: Sequence[str] = ()) -> Ruleset:
    """The ruleset in `folder` (default: the game's own data) with the folders of `expansions` laid
    over it (in the order the rules list them), then `mods` in order; RulesDataError lists every
    problem as `file:line: problem`."""
    if folder is None and not mods:
        return _default_rules(tuple(sorted(set(expansions))))
    return _load(Path(folder) if folder is not None else DEFAULT_FOLDER, [Path(m) for m in mods], expansions)


@cache
def _default_rules(expansions: tuple[str, ...] = ()) -> Ruleset:
    return _load(DEFAULT_FOLDER, [], expansions)


def offered_expansions(folder: Path | None = None) -> list[Expansion]:
    """The expansions the rules in `folder` (default: the game's own) offer, in their order."""
    return load_rules(folder).game.expansions


def _load(folder: Path, mods: list[Path], expansions: Sequence[str] = ()) -> Ruleset:
    files = read_files(folder, {name: f"{name}.yaml" for name in FILES})
    chosen = _expansion_order(files, expansions)
    for expansion in chosen:
        _lay_over(files, folder / EXPANSIONS_FOLDER / expansion)
    for mod in mods:
        _lay_over(files, mod)
    problems = list(files.problems)
    models: dict[str, Any] = {}
    for name in FILES:
        try:
            models[name] = MODELS[name].model_validate(files.data[name])
        except ValidationError as exc:
            problems += located_errors(exc, {name: files.data[name]}, {name: files.where[name]}, prefix=(name,))
    if problems:
        raise RulesDataError(problems)
    where = files.where
    rules = Ruleset(
        game=models["game"],
        map=models["map"],
        tiles=models["tiles"],
        civilizations=_by_id(models["civilizations"].civilizations, where["civilizations"], "civilizations", problems),
        governments=_by_id(models["governments"].governments, where["governments"], "governments", problems),
        techs=_by_id(models["techs"].techs, where["techs"], "techs", problems),
        families=_by_id(models["buildings"].families, where["buildings"], "families", problems),
        faces={},
        city_walls=models["buildings"].city_walls,
        units=_by_id(models["units"].types, where["units"], "types", problems),
        wonders=_by_id(models["wonders"].wonders, where["wonders"], "wonders", problems),
        wonder_deck=models["wonders"].deck,
        eras=models["wonders"].eras,
        track=models["culture"].track,
        culture_decks=models["culture"].decks,
        culture_sets=models["culture"].sets,
        culture_cards=_by_id(models["culture"].cards, where["culture"], "cards", problems),
        great_people=_by_id(models["great_people"].great_people, where["great_people"], "great_people", problems),
        person_cards=_by_id(models["great_people"].cards, where["great_people"], "cards", problems),
        huts=models["huts"].with_additions(),
        terrains=_by_id(models["map"].terrains, where["map"], "terrains", problems),
        investments=_by_id(models["investments"].investments, where["investments"], "investments", problems),
        policy_cards=_by_id(models["policies"].cards, where["policies"], "cards", problems),
        relics=_by_id(models["relics"].relics, where["relics"], "relics", problems),
        city_states=models["city_states"],
        folder=str(folder),
        mods=[str(m) for m in mods],
        expansions=chosen,
    )
    for family in rules.families.values():
        rules.faces[family.basic.id] = Face(family.basic, family, False)
        if family.upgraded is not None:
            rules.faces[family.upgraded.id] = Face(family.upgraded, family, True)
    problems += [where[file].at(path).problem(text) for file, path, text in cross_check(rules)]
    if problems:
        raise RulesDataError(problems)
    return rules


def _expansion_order(files: RulesFiles, expansions: Sequence[str]) -> list[str]:
    """The chosen expansions in the order the base game's `game.yaml` lists them; an unknown one is refused."""
    config = files.data.get("game")
    listed = config.get("expansions", []) if isinstance(config, dict) else []
    order = [e.get("id") for e in listed if isinstance(e, dict)] if isinstance(listed, list) else []
    unknown = sorted(set(expansions) - set(order))
    if unknown:
        offered = ", ".join(str(e) for e in order) or "none"
        raise RulesDataError([f"{e!r} is not an expansion of these rules (offered: {offered})" for e in unknown])
    return [str(e) for e in order if e in expansions]


def _lay_over(files: RulesFiles, mod: Path) -> None:
    """A mod folder's files, each laid over the file of the same name (a mod holds only the files it changes)."""
    if not mod.is_dir():
        raise RulesDataError([f"{mod}: not a folder of rules data"])
    found = [name for name in FILES if (mod / f"{name}.yaml").is_file()]
    unknown = sorted(p.name for p in mod.glob("*.yaml") if p.stem not in FILES)
    if unknown:
        files.problems += [f"{mod / name}:1: not a file of this game's rules ({', '.join(FILES)})" for name in unknown]
    layer = read_files(mod, {name: f"{name}.yaml" for name in found})
    files.problems += layer.problems
    for name in found:
        files.data[name], files.where[name] = overlay(
            files.data[name], files.where[name], layer.data[name], layer.where[name], files.problems
        )


def _by_id(records: list[Any], where: Where, key: str, problems: list[str]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for index, record in enumerate(records):
        if record.id in found:
            problems.append(where.at((key, index)).problem(f"the id {record.id!r} is used twice"))
        found[record.id] = record
    return found


# ------------------------------------------------------------------ cross references

Problem = tuple[str, tuple[Any, ...], str]  # file, path, text


def cross_check(rules: Ruleset) -> list[Problem]:
    """Every reference between records, and the counts the rules rely on."""
    out: list[Problem] = []
    g = rules.game
    terrains = set(rules.terrains)
    unit_ids = set(rules.units)
    resources = set(g.resources.market) | set(g.resources.other)

    def need(ok: bool, file: str, path: tuple[Any, ...], text: str) -> None:
        if not ok:
            out.append((file, path, text))

    def effects_of_kind(file: str, key: str, records: list[Any], kind: str, what: str) -> None:
        """Every effect of the records (listed under `key` in `file`) is of `kind`."""
        for i, record in enumerate(records):
            for effect in record.effects:
                need(kind_of(effect) == kind, file, (key, i, "effects"), f"{record.id}: {effect.name} is not {what}")

    # game.yaml
    for i, unit_id in enumerate(g.units.starting):
        need(unit_id in unit_ids, "game", ("units", "starting", i), f"units.starting: no unit type {unit_id!r}")
    for i, unit_id in enumerate(g.units.barbarian_units):
        need(
            unit_id in unit_ids, "game", ("units", "barbarian_units", i), f"units.barbarian_units: no unit {unit_id!r}"
        )
    need(g.research.space_flight in rules.techs, "game", ("research",), "research.space_flight: no such tech")
    for rank in (1, 2, 3, 4):
        need(
            rank in g.units.cost_by_rank,
            "game",
            ("units", "cost_by_rank"),
            f"units.cost_by_rank: no cost of rank {rank}",
        )
    need(g.players.min <= g.players.max, "game", ("players",), "players: min is above max")
    need("despotism" in rules.governments, "governments", (), "there is no despotism (every game starts with it)")
    need("anarchy" in rules.governments, "governments", (), "there is no anarchy (the transitional government)")
    # map and tiles
    size = rules.map.tile_size
    relic_squares: dict[str, int] = {}
    for players in range(g.players.min, g.players.max + 1):
        layout = rules.map.layouts.get(players)
        if layout is None:
            out.append(("map", ("layouts",), f"layouts: no layout for {players} players"))
            continue
        need(
            len(layout.homes) == players, "map", ("layouts", players), f"layouts.{players}: {players} homes are needed"
        )
        for i, (col, row) in enumerate(layout.homes):
            need(
                col < layout.columns and row < layout.rows, "map", ("layouts", players, "homes", i), "home off the map"
            )
        need(
            len(set(map(tuple, layout.homes))) == len(layout.homes),
            "map",
            ("layouts", players),
            "two homes share a tile",
        )
        neutral = layout.columns * layout.rows - players
        need(
            neutral <= len(rules.tiles.neutral_tiles),
            "map",
            ("layouts", players),
            f"layouts.{players}: {neutral} neutral tiles are needed, the data has {len(rules.tiles.neutral_tiles)}",
        )
    for group in ("home_tiles", "neutral_tiles"):
        for i, tile in enumerate(getattr(rules.tiles, group)):
            where = (group, i)
            need(
                len(tile.squares) == size and all(len(row) == size for row in tile.squares),
                "tiles",
                (*where, "squares"),
                f"{tile.id}: a tile is {size} x {size} squares",
            )
            for r, row in enumerate(tile.squares):
                for c, square in enumerate(row):
                    need(
                        square.terrain in terrains,
                        "tiles",
                        (*where, "squares", r, c),
                        f"{tile.id}: no terrain {square.terrain!r}",
                    )
                    need(
                        not square.resource or square.resource in g.resources.market,
                        "tiles",
                        (*where, "squares", r, c),
                        f"{tile.id}: {square.resource!r} is not a market resource (only those can be harvested)",
                    )
                    if square.relic:
                        relic = rules.relics.get(square.relic)
                        need(
                            relic is not None,
                            "tiles",
                            (*where, "squares", r, c),
                            f"{tile.id}: no relic {square.relic!r}",
                        )
                        need(
                            relic is None or relic.terrain == square.terrain,
                            "tiles",
                            (*where, "squares", r, c),
                            f"{tile.id}: the relic {square.relic!r} lies on {relic.terrain if relic else ''} squares",
                        )
                        relic_squares[square.relic] = relic_squares.get(square.relic, 0) + 1
            if group == "home_tiles":
                need(
                    tile.civilization in rules.civilizations,
                    "tiles",
                    (*where, "civilization"),
                    f"no civilization {tile.civilization!r}",
                )
                need(
                    not any(s.feature for row in tile.squares for s in row),
                    "tiles",
                    where,
                    f"{tile.id}: a home tile has no huts or villages",
                )
            else:
                need(
                    tile.civilization is None,
                    "tiles",
                    (*where, "civilization"),
                    "a neutral tile belongs to no civilization",
                )
    for i, relic in enumerate(rules.relics.values()):
        need(relic.terrain in terrains, "relics", ("relics", i, "terrain"), f"{relic.id}: no terrain {relic.terrain!r}")
        need(
            relic_squares.get(relic.id) == 1,
            "relics",
            ("relics", i),
            f"{relic.id}: the relic lies on {relic_squares.get(relic.id, 0)} squares of the tiles, not 1",
        )
    effects_of_kind("relics", "relics", list(rules.relics.values()), "relic", "a relic's effect")
    tile_ids = [t.id for t in rules.tiles.home_tiles + rules.tiles.neutral_tiles]
    need(len(tile_ids) == len(set(tile_ids)), "tiles", (), "two tiles share an id")
    # civilizations
    for civ in rules.civilizations.values():
        where = ("civilizations", list(rules.civilizations).index(civ.id))
        need(
            civ.starting_tech in rules.techs,
            "civilizations",
            (*where, "starting_tech"),
            f"{civ.id}: no tech {civ.starting_tech!r}",
        )
        need(
            civ.starting_government in rules.governments,
            "civilizations",
            (*where, "starting_government"),
            f"{civ.id}: no government {civ.starting_government!r}",
        )
        need(civ.id in rules.home_tiles, "civilizations", where, f"{civ.id}: no home tile in tiles.yaml")
        for effect in civ.setup:
            need(
                kind_of(effect) == "setup",
                "civilizations",
                (*where, "setup"),
                f"{civ.id}: {effect.name} is not a setup effect",
            )
            if isinstance(effect.params, fx.ExtraUnits):
                need(
                    effect.params.unit in unit_ids,
                    "civilizations",
                    (*where, "setup"),
                    f"{civ.id}: no unit type {effect.params.unit!r}",
                )
        for effect in civ.abilities:
            need(
                kind_of(effect) not in ("setup", "card", "on_learn"),
                "civilizations",
                (*where, "abilities"),
                f"{civ.id}: {effect.name} cannot be an ability",
            )
            if isinstance(effect.params, fx.UnitStrength) and effect.params.unit is not None:
                need(
                    effect.params.unit in unit_ids,
                    "civilizations",
                    (*where, "abilities"),
                    f"{civ.id}: no unit type {effect.params.unit!r}",
                )
    # governments
    for gov in rules.governments.values():
        where = ("governments", list(rules.governments).index(gov.id))
        for effect in gov.effects:
            need(
                kind_of(effect) == "passive",
                "governments",
                (*where, "effects"),
                f"{gov.id}: {effect.name} is not a passive effect",
            )
    # techs
    face_ids = set(rules.faces) | {rules.city_walls.id}
    for tech in rules.techs.values():
        where = ("techs", list(rules.techs).index(tech.id))
        for b in tech.buildings:
            need(b in face_ids, "techs", (*where, "buildings"), f"{tech.id}: no building {b!r}")
        for gov_id in tech.governments:
            need(gov_id in rules.governments, "techs", (*where, "governments"), f"{tech.id}: no government {gov_id!r}")
        if tech.unit_upgrade is not None:
            upgraded = rules.units.get(tech.unit_upgrade.unit)
            need(
                upgraded is not None,
                "techs",
                (*where, "unit_upgrade"),
                f"{tech.id}: no unit type {tech.unit_upgrade.unit!r}",
            )
            if upgraded is not None:
                need(
                    tech.unit_upgrade.rank <= len(upgraded.ranks),
                    "techs",
                    (*where, "unit_upgrade"),
                    f"{tech.id}: {upgraded.id} has no rank {tech.unit_upgrade.rank}",
                )
        for u in tech.unlocks_units:
            need(u in unit_ids, "techs", (*where, "unlocks_units"), f"{tech.id}: no unit type {u!r}")
        for effect in tech.effects:
            need(
                kind_of(effect) not in ("setup", "card"),
                "techs",
                (*where, "effects"),
                f"{tech.id}: {effect.name} cannot be on a tech",
            )
            if isinstance(effect.params, fx.ResourceAbility):
                for item in effect.params.cost:
                    need(
                        item == "any" or item in resources,
                        "techs",
                        (*where, "effects"),
                        f"{tech.id}: {item!r} is not a resource",
                    )
    need(
        rules.techs.get(g.research.space_flight, None) is not None and rules.techs[g.research.space_flight].level == 5,
        "techs",
        (),
        "Space Flight must be the level V tech",
    )
    for civ in rules.civilizations.values():
        start = rules.techs.get(civ.starting_tech)
        if start is not None and civ.starting_government not in ("despotism",):
            need(
                civ.starting_government in start.governments,
                "civilizations",
                ("civilizations", list(rules.civilizations).index(civ.id)),
                f"{civ.id}: starts in {civ.starting_government}, which its starting tech does not unlock",
            )
    # buildings
    for family in rules.families.values():
        where = ("families", list(rules.families).index(family.id))
        for t in family.terrain:
            need(t in terrains, "buildings", (*where, "terrain"), f"{family.id}: no terrain {t!r}")
        for t in family.beside:
            need(t in terrains, "buildings", (*where, "beside"), f"{family.id}: no terrain {t!r}")
    all_faces = [f.face.id for f in rules.faces.values()] + [rules.city_walls.id]
    need(len(all_faces) == len(set(all_faces)), "buildings", (), "two building faces share an id")
    # units
    for unit_type in rules.units.values():
        where = ("types", list(rules.units).index(unit_type.id))
        need(
            unit_type.trumps is None or unit_type.trumps in unit_ids,
            "units",
            (*where, "trumps"),
            f"{unit_type.id}: no unit type {unit_type.trumps!r}",
        )
        for i, card in enumerate(unit_type.cards):
            need(
                len(card.strength) == len(unit_type.ranks),
                "units",
                (*where, "cards", i),
                f"{unit_type.id}: one strength per rank",
            )
            need(
                len(card.health) in (0, len(unit_type.ranks)),
                "units",
                (*where, "cards", i),
                f"{unit_type.id}: one health per rank, or none",
            )
    with_health = {bool(card.health) for card in rules.unit_cards}
    need(len(with_health) <= 1, "units", (), "every unit card has a health, or none has (one way of fighting)")
    # wonders
    for wonder in rules.wonders.values():
        where = ("wonders", list(rules.wonders).index(wonder.id))
        if wonder.discount is not None:
            need(
                wonder.discount.tech in rules.techs,
                "wonders",
                (*where, "discount"),
                f"{wonder.id}: no tech {wonder.discount.tech!r}",
            )
            need(
                wonder.discount.cost < wonder.cost,
                "wonders",
                (*where, "discount"),
                f"{wonder.id}: the discount costs no less",
            )
        need(wonder.era in rules.eras, "wonders", where, f"{wonder.id}: era {wonder.era} is not in eras")
        for effect in wonder.effects:
            need(
                kind_of(effect) in ("passive", "start_of_turn", "trigger"),
                "wonders",
                (*where, "effects"),
                f"{wonder.id}: {effect.name} cannot be on a wonder",
            )
    for era in rules.eras:
        count = sum(w.era == era for w in rules.wonders.values())
        need(
            count >= rules.wonder_deck.per_era,
            "wonders",
            ("deck",),
            f"the {era} era has {count} wonders, fewer than deck.per_era",
        )
    # culture
    decks = set(rules.culture_decks)
    for i, space in enumerate(rules.track.spaces):
        need(space.deck in decks, "culture", ("track", "spaces", i), f"track space {i + 1}: no deck {space.deck!r}")
        need(
            (space.reward == "victory") == (i == len(rules.track.spaces) - 1),
            "culture",
            ("track", "spaces", i),
            "the last space, and only it, is the culture victory",
        )
    total = known = 0
    sets = {s.id for s in rules.culture_sets}
    for card_def in rules.culture_cards.values():
        where = ("cards", list(rules.culture_cards).index(card_def.id))
        total += card_def.copies
        known += card_def.copies if card_def.card_set else 0
        need(card_def.deck in decks, "culture", (*where, "deck"), f"{card_def.id}: no deck {card_def.deck!r}")
        need(
            not card_def.card_set or card_def.card_set in sets,
            "culture",
            (*where, "card_set"),
            f"{card_def.id}: no set {card_def.card_set!r} in `sets`",
        )
        for effect in (e for _, effects in card_def.plays() for e in effects):
            need(
                kind_of(effect) == "card" or effect.name == "cancel_culture_event",
                "culture",
                (*where, "effects"),
                f"{card_def.id}: {effect.name} is not a card effect",
            )
            if isinstance(effect.params, fx.ChangeTerrain):
                for t in [effect.params.to, *effect.params.not_on, *effect.params.only_on]:
                    need(t in terrains, "culture", (*where, "effects"), f"{card_def.id}: no terrain {t!r}")
    size = rules.culture_deck_size()
    need(known <= size <= total, "culture", ("sets",), f"the sets hold {size} cards: {known} known, {total} in all")
    for deck in decks:
        need(
            any(c.deck == deck for c in rules.culture_cards.values()),
            "culture",
            ("decks",),
            f"the {deck} deck has no cards",
        )
    # investments: their abilities hold while active, so only lasting or Start of Turn effects fit
    for i, investment in enumerate(rules.investments.values()):
        for j, investment_ability in enumerate(investment.abilities):
            for effect in investment_ability.effects:
                need(
                    kind_of(effect) in ("passive", "start_of_turn", "trigger"),
                    "investments",
                    ("investments", i, "abilities", j, "effects"),
                    f"{investment.id}: {effect.name} is not an ability an investment card can hold",
                )
    # the great person deck: each card brings a marker of a type the rules have; its ability acts while held
    # face up (lasting, Start of Turn, triggered) or once, when the card is used (a great person card's effect)
    for i, person in enumerate(rules.person_cards.values()):
        need(person.type in rules.great_people, "great_people", ("cards", i, "type"), f"{person.id}: no such type")
        allowed = ("passive", "start_of_turn", "trigger") if person.use == "keep" else ("great_person",)
        for effect in person.effects:
            need(
                kind_of(effect) in allowed,
                "great_people",
                ("cards", i, "effects"),
                f"{person.id}: {effect.name} is not an ability a {person.use} card can have",
            )
            built = getattr(effect.params, "building", None)
            need(built is None or built in rules.faces, "great_people", ("cards", i), f"{person.id}: no {built}")
            unit = getattr(effect.params, "unit", None)
            need(unit is None or unit in rules.units, "great_people", ("cards", i), f"{person.id}: no unit {unit}")
    # huts
    specials = {s.id for s in rules.huts.specials}
    for kind in ("huts", "villages"):
        pool: MarkerPool = getattr(rules.huts, kind)
        need(
            sum(pool.pool.values()) >= pool.count,
            "huts",
            (kind, "count"),
            f"{kind}: the pool holds fewer than {pool.count}",
        )
        need(
            pool.count >= sum(n for r, n in pool.pool.items() if r in specials),
            "huts",
            (kind, "count"),
            f"{kind}: the pool holds more special results than {pool.count} (setup removes only resource markers)",
        )
        for result in pool.pool:
            ok = result in resources or result in specials or (kind == "villages" and result == "great_person")
            need(
                ok,
                "huts",
                (kind, "pool", result),
                f"{kind}: {result!r} is not a resource, a great person or a special result of `specials`",
            )
    founding = sum(
        pool.pool.get(s.id, 0)
        for pool in (rules.huts.huts, rules.huts.villages)
        for s in rules.huts.specials
        if any(e.name == "found_city_state" for e in s.effects)
    )
    need(
        founding <= len(rules.city_states.markers),
        "huts",
        ("specials",),
        f"{founding} markers found city-states, but city_states.yaml has {len(rules.city_states.markers)} markers",
    )
    effects_of_kind("city_states", "markers", rules.city_states.markers, "passive", "an effect a city-state gives")
    marker_ids = [m.id for m in rules.city_states.markers]
    need(len(marker_ids) == len(set(marker_ids)), "city_states", ("markers",), "two city-state markers share an id")
    effects_of_kind("huts", "specials", rules.huts.specials, "marker", "a hut or village marker's effect")
    return out


# ------------------------------------------------------------------ checking a folder (civgame validate-rules)


def is_ruleset_folder(folder: Path) -> bool:
    """The folder holds a complete copy of this game's data (every file)."""
    return folder.is_dir() and all((folder / f"{name}.yaml").is_file() for name in FILES)


def check_rules(folders: Sequence[Path]) -> Ruleset:
    """The rules of `folders`: the first is the base when it is a complete ruleset (else the game's own
    data is), the others are mods laid over it in order. RulesDataError lists every problem."""
    folders = [Path(f) for f in folders]
    for folder in folders:
        if not folder.is_dir():
            raise RulesDataError([f"{folder}: no such folder"])
    if folders and is_ruleset_folder(folders[0]):
        return load_rules(folders[0], folders[1:])
    return _load(DEFAULT_FOLDER, folders)
