"""Rule data: the schema of `rules_data/<ruleset>/*.yaml` and its loader.

Every number and every piece of content the engine uses comes from here. A bad file is
reported as `file: key path: problem` through `RulesDataError`, never as a traceback.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

RESOURCES = ("food", "wood", "ore", "ideas", "gold")
TOKENS = ("mood", "culture")
Resource = Literal["food", "wood", "ore", "ideas", "gold"]
Payable = Literal["food", "wood", "ore", "ideas", "gold", "mood", "culture"]
Mood = Literal["angry", "neutral", "happy"]

ON_BUILT_EFFECTS = ("gain", "draw", "gain_choice")  # interpreted in cities.py
RULESETS_ROOT = Path(__file__).resolve().parents[2] / "rules_data"


class RulesDataError(Exception):
    """A rules-data file is missing, unreadable or breaks the schema."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------- game.yaml

class PlayerCount(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)


class StartingState(Strict):
    resources: dict[Resource, int]
    mood_tokens: int = Field(ge=0)
    culture_tokens: int = Field(ge=0)
    advances: list[str]
    action_cards: int = Field(ge=0)
    objective_cards: int = Field(ge=0)
    event_cubes: int = Field(ge=1)
    city_mood: Mood
    units: list[str]


class AdvanceCost(Strict):
    amount: int = Field(ge=0)
    pay_with: list[Resource]


class CityRules(Strict):
    max_size: int = Field(ge=1)
    new_city_mood: Mood
    happy_bonus: int
    angry_fixed: int = Field(ge=0)
    settlement_limit: int = Field(ge=1)  # settlement pieces per player, so also the most cities


class CaptureRules(Strict):
    gold_per_size: int
    refugee_settler: bool
    captured_mood: Mood
    gold_per_missing_piece: int


class BarbarianRules(Strict):
    battle_rounds: int = Field(ge=1)
    win_gold: int
    capture_city_gold: int
    units: dict[str, int]


class PirateRules(Strict):
    ships: int = Field(ge=0)
    gold_per_ship_sunk: int
    token_per_ship_sunk: int


class InfluenceRules(Strict):
    success_roll: int = Field(ge=1)


class VictoryPoints(Strict):
    city: float
    building: float
    advance: float
    objective: float
    wonder_builder: float
    wonder_owner: float
    captured_leader: float
    tie_break: list[Literal["city_pieces", "advances", "objectives", "wonders", "events", "leaders"]]


class GameRules(Strict):
    id: str
    name: str
    players: PlayerCount
    ages: int = Field(ge=1)
    rounds_per_age: int = Field(ge=1)
    actions_per_turn: int = Field(ge=1)
    move_groups_per_action: int = Field(ge=1)
    resource_caps: dict[Resource, int]
    gold_substitutes_for: list[Resource]
    starting: StartingState
    advance_cost: AdvanceCost
    building_cost: dict[Resource, int]
    government_change_cost: dict[Payable, int]
    raze: dict[Resource, int]
    raze_max_size: int = Field(ge=1)
    city: CityRules
    stacking_limit: int = Field(ge=1)
    ship_capacity: int = Field(ge=0)
    hits_per_combat_value: int = Field(ge=1)
    capture: CaptureRules
    barbarians: BarbarianRules
    pirates: PirateRules
    influence: InfluenceRules
    border_bonus: dict[str, Literal["mood", "culture"]]
    victory_points: VictoryPoints


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
    cost: dict[Payable, int]
    army: bool
    naval: bool = False
    limit: int = Field(ge=0)
    requires_building: str | None = None
    requires_advance_to_move: str | None = None
    text: str = ""


class DieFace(Strict):
    value: int = Field(ge=0)
    icon: str


class CombatRules(Strict):
    die: list[DieFace] = Field(min_length=1)
    icon_bonus: dict[str, int]
    icon_cancels_hit: list[str]
    icon_rerolls: list[str]
    fortress_extra_dice: int
    fortress_cancelled_hits: int


class Building(Strict):
    name: str
    advance: str
    limit: int = Field(ge=0)
    needs_sea: bool = False
    can_be_influenced: bool = True
    keeps_colour_on_capture: bool = False
    on_built: list[dict] = []
    facing_sea_yields: list[Payable] = []  # choices when collecting the space a Port faces
    text: str = ""


# ---------------------------------------------------------------- advances

class Advance(Strict):
    name: str
    bonus: Literal["mood", "culture"] | None = None
    building: str | None = None
    effects: list[dict] = []
    text: str = ""


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
    anchor: str
    rotation: int = Field(ge=0, le=5)
    tile: str


class FreePosition(Strict):
    anchor: str
    base_rotation: int = Field(ge=0, le=5)


class Layout(Strict):
    homes: list[HomePosition]
    free: list[FreePosition]


class MapRules(Strict):
    start_tiles: list[RegionTile]
    regular_tiles: list[RegionTile]
    layouts: dict[int, Layout]


# ---------------------------------------------------------------- cards

class Card(Strict):
    id: int
    name: str
    text: str = ""


class Wonder(Strict):
    name: str
    cost: dict[Payable, int]
    advance: str
    needs_building: str | None = None
    builder_vp: float
    owner_vp: float
    text: str = ""


class Ruleset(Strict):
    """All rule data of one ruleset, validated and cross-checked."""

    game: GameRules
    terrain: dict[str, Terrain]
    units: dict[str, UnitType]
    combat: CombatRules
    buildings: dict[str, Building]
    categories: list[Category]
    map: MapRules
    action_cards: list[Card]
    objective_cards: list[Card]
    events: list[Card]
    wonders: dict[str, Wonder]

    def cross_reference_problems(self) -> list[str]:
        """Names that point at nothing, and effects that do not parse: `file: path: problem`."""
        advances = {a.name for c in self.categories for a in c.advances}
        problems = []
        for key, b in self.buildings.items():
            if b.advance not in advances:
                problems.append(f"buildings.yaml: {key}.advance: unknown advance {b.advance!r}")
            for effect in b.on_built:
                for name in effect:
                    if name not in ON_BUILT_EFFECTS:
                        problems.append(f"buildings.yaml: {key}.on_built: unknown effect {name!r}")
        problems += self._effect_problems()
        for c in self.categories:
            if c.requires and c.requires not in advances:
                problems.append(f"advances.yaml: {c.name}.requires: unknown advance {c.requires!r}")
            for a in c.advances:
                if a.building and a.building not in self.buildings:
                    problems.append(f"advances.yaml: {a.name}.building: unknown building {a.building!r}")
        for name in self.game.starting.advances:
            if name not in advances:
                problems.append(f"game.yaml: starting.advances: unknown advance {name!r}")
        for name in self.game.starting.units:
            if name not in self.units:
                problems.append(f"game.yaml: starting.units: unknown unit {name!r}")
        codes = {t.code for t in self.terrain.values()}
        for tile in [*self.map.start_tiles, *self.map.regular_tiles]:
            for code in tile.terrain:
                if code not in codes:
                    problems.append(f"map.yaml: tile {tile.id}: unknown terrain code {code!r}")
        tiles = {t.id for t in self.map.start_tiles}
        for count, layout in self.map.layouts.items():
            for home in layout.homes:
                if home.tile not in tiles:
                    problems.append(f"map.yaml: layouts.{count}: unknown start tile {home.tile!r}")
            if len(layout.free) > len(self.map.regular_tiles):
                problems.append(f"map.yaml: layouts.{count}: more free positions than regular tiles")
        for key, w in self.wonders.items():
            if w.advance not in advances:
                problems.append(f"wonders.yaml: {key}.advance: unknown advance {w.advance!r}")
        return problems

    def _effect_problems(self) -> list[str]:
        from civgame.engine.effects import parse_effect

        problems = []
        for c in self.categories:
            for a in c.advances:
                for i, raw in enumerate(a.effects):
                    try:
                        parse_effect(a.name, raw)
                    except ValueError as exc:
                        problems.append(f"advances.yaml: {a.name}.effects[{i}]: {exc}")
        return problems

    @cached_property
    def effect_index(self) -> dict[str, dict[str, list]]:
        """primitive name -> advance name -> that advance's parsed effects of the primitive."""
        from civgame.engine.effects import parse_effect

        index: dict[str, dict[str, list]] = {}
        for c in self.categories:
            for a in c.advances:
                for raw in a.effects:
                    effect = parse_effect(a.name, raw)
                    index.setdefault(effect.name, {}).setdefault(a.name, []).append(effect)
        return index

    # ---- derived look-ups used throughout the engine
    def advance_names(self) -> list[str]:
        return list(self._advance_names)

    @cached_property
    def _advance_names(self) -> tuple[str, ...]:  # asked for every advance on every enumeration
        return tuple(a.name for c in self.categories for a in c.advances)

    def category_of(self, advance: str) -> Category:
        return self._category_index[advance]

    def advance(self, name: str) -> Advance:
        for a in self.category_of(name).advances:
            if a.name == name:
                return a
        raise KeyError(name)

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
    "objective_cards": "objective_cards.yaml",
    "events": "events.yaml",
    "wonders": "wonders.yaml",
}


# libyaml when available: the same safe loading, ten times faster (the rules load at every start).
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_NESTING = 64      # the Monumental files nest at most 10 deep
MAX_VALUES = 100_000  # per file; the largest Monumental file holds about 1,000 (an alias counts as
                      # the values it repeats)


def _read_yaml(path: Path) -> object:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesDataError([f"{path.name}: file is missing"]) from None
    except UnicodeDecodeError as exc:
        raise RulesDataError([f"{path.name}: not a UTF-8 text file (invalid byte at {exc.start})"]) from None
    except OSError as exc:
        raise RulesDataError([f"{path.name}: cannot read the file ({exc.strerror or exc})"]) from None
    try:
        _check_size(text, path.name)
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        raise RulesDataError([f"{path.name}{where}: not valid YAML ({getattr(exc, 'problem', exc)})"]) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise RulesDataError([f"{path.name}: not valid YAML ({exc})"]) from None


def _check_size(text: str, name: str) -> None:
    """Refuse, before building anything, nesting that would exhaust the recursion limit and
    aliases that expand to too many values (a few lines of anchors can stand for billions)."""
    anchored: dict[str, int] = {}      # anchor -> values it stands for
    open_collections = [[None, 0]]     # [anchor, values inside] of each open collection
    total = 0
    for event in yaml.parse(text, Loader=_Loader):
        line = event.start_mark.line + 1
        if isinstance(event, yaml.CollectionStartEvent):
            if len(open_collections) > MAX_NESTING:
                raise RulesDataError([f"{name}:{line}: nested more than {MAX_NESTING} levels deep"])
            open_collections.append([event.anchor, 1])
            total += 1
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            anchor, count = open_collections.pop()
        elif isinstance(event, yaml.ScalarEvent):
            anchor, count = event.anchor, 1
            total += 1
        elif isinstance(event, yaml.AliasEvent):
            anchor, count = None, anchored.get(event.anchor, 0)
            total += count
        else:
            continue
        if anchor is not None:
            anchored[anchor] = count
        open_collections[-1][1] += count
        if total > MAX_VALUES:
            raise RulesDataError([f"{name}:{line}: more than {MAX_VALUES:,} values once aliases are expanded"])


def _format_errors(exc: ValidationError, files: dict[str, str]) -> list[str]:
    problems = []
    for err in exc.errors():
        loc = list(err["loc"])
        file = files.get(str(loc[0]), "ruleset") if loc else "ruleset"
        path = ".".join(str(p) for p in loc[1:]) or "(top level)"
        problems.append(f"{file}: {path}: {err['msg']}")
    return problems


def load_ruleset(name_or_dir: str | Path = "monumental") -> Ruleset:
    """Load and validate a ruleset by name (under rules_data/) or by directory path."""
    directory = Path(name_or_dir)
    if not directory.is_dir():
        directory = RULESETS_ROOT / str(name_or_dir)
    if not directory.is_dir():
        raise RulesDataError([f"{name_or_dir}: no such ruleset directory"])
    raw = {key: _read_yaml(directory / fname) for key, fname in FILES.items()}
    try:
        rules = Ruleset.model_validate(raw)
    except ValidationError as exc:
        raise RulesDataError(_format_errors(exc, FILES)) from None
    problems = rules.cross_reference_problems()
    if problems:
        raise RulesDataError(problems)
    return rules


_CACHE: dict[str, Ruleset] = {}


def default_ruleset() -> Ruleset:
    """The Monumental ruleset, loaded once per process."""
    if "monumental" not in _CACHE:
        _CACHE["monumental"] = load_ruleset("monumental")
    return _CACHE["monumental"]
