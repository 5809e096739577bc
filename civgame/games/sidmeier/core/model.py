"""The state of one game: plain dataclasses, saved whole by the framework's codec.

Squares are numbered `y * width + x`. Physical pieces (unit cards, culture event cards, great
person markers, hut and village markers) are numbered by the ruleset (`Ruleset.unit_cards` and so
on); the model keeps only their numbers. Hidden information stays in the model (hands, face-down
tiles and markers, deck order); `rules.base.view.view_for` gives the part a seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from civgame.framework.rng import Rng
from civgame.games.sidmeier.core.actions import Action
from civgame.games.sidmeier.core.decisions import Decision
from civgame.games.sidmeier.core.vocabulary import FigureKind, ImprovementKind

if TYPE_CHECKING:
    from civgame.games.sidmeier.content.ruleset import Ruleset

GamePhase = Literal["setup", "start_of_turn", "trade", "city_management", "movement", "research", "over"]


@dataclass
class Improvement:
    """A building, wonder or great person marker on a square."""

    kind: ImprovementKind
    name: str  # building face id, wonder id or great person type
    owner: int
    marker: int = -1  # a great person's marker number


@dataclass
class Square:
    terrain: str = ""  # "" while its tile is face down
    trade: int = 0
    production: int = 0
    culture: int = 0
    coin: int = 0
    resource: str = ""
    feature: str = ""  # the printed hut or village icon
    marker: int = -1  # the hut or village marker lying face down here
    improvement: Improvement | None = None
    relic: str = ""  # the relic marker lying here (the expansions'), or ""
    city_state: int = -1  # the city-state marker lying here (Wisdom and Warfare), or -1


@dataclass
class TileSlot:
    """A map tile's place: which tile lies there (secret while face down) and how it is turned."""

    tile: str
    column: int
    row: int
    revealed: bool = False
    home_of: int = -1  # the seat whose home tile this is
    turns: int = 0  # quarter turns clockwise from the printed orientation


@dataclass
class City:
    id: int
    owner: int
    pos: int
    capital: bool = False
    walled: bool = False
    actions: int = 0  # city actions taken this turn
    spent: int = 0  # production spent this turn (Engineering's shared production)
    boost: int = 0  # extra production this turn (cards, abilities, trade spent)
    marker: str = ""  # Fame and Fortune: "fortification" or "caravan" on the city centre, or none
    program: bool = False  # Wisdom and Warfare: a building program marker lies on the city
    expansion: int = -1  # Fame and Fortune: a metropolis's second centre square (-1: not a metropolis)

    def centre(self) -> list[int]:
        """The squares of the city's centre: one, or two for a metropolis."""
        return [self.pos] if self.expansion < 0 else [self.pos, self.expansion]


@dataclass
class Figure:
    id: int
    owner: int
    kind: FigureKind
    pos: int
    placed_turn: int = 0
    moved: bool = False
    gathers_for: int = -1  # a scout's city this turn (-1: none declared)
    start_pos: int = -1  # where it began this Movement phase


@dataclass
class Deck:
    """A face-down pile with the cards returned face up under it."""

    draw: list[int] = field(default_factory=list)
    returned: list[int] = field(default_factory=list)


@dataclass
class Player:
    seat: int
    name: str
    civ: str
    government: str
    anarchy_turn: int = -1  # the turn Anarchy began
    unlocked_turn: dict[str, int] = field(default_factory=dict)  # government -> turn its tech was learned
    techs: list[str] = field(default_factory=list)
    rows: list[int] = field(default_factory=list)  # pyramid row of each tech (1 = bottom)
    trade: int = 0
    culture: int = 0  # unspent culture tokens
    track: int = 0  # culture-track space (0: start)
    coin_tokens: dict[str, int] = field(default_factory=dict)  # where each token lies -> count
    resources: dict[str, int] = field(default_factory=dict)  # market tokens held
    markers: list[int] = field(default_factory=list)  # hut and village markers held face down
    hand: list[int] = field(default_factory=list)  # culture event cards
    standing: list[int] = field(default_factory=list)  # unit cards of the standing forces
    ranks: dict[str, int] = field(default_factory=dict)
    wonders: list[str] = field(default_factory=list)  # wonder cards owned (obsolete ones too)
    reserve: list[int] = field(default_factory=list)  # great person markers held in reserve
    armies: int = 0  # army figures owned (on the map or by the sheet)
    scouts: int = 0
    used: list[str] = field(default_factory=list)  # once-per-turn abilities used this turn
    investments: dict[str, int] = field(default_factory=dict)  # investment card -> its markers (Fame and Fortune)
    policies: list[str] = field(default_factory=list)  # social policies adopted (Wisdom and Warfare)
    person_cards: list[int] = field(default_factory=list)  # F&F's great person deck: cards held face down
    person_shown: list[int] = field(default_factory=list)  # great person cards kept face up (their ability acts)
    person_markers: dict[str, int] = field(default_factory=dict)  # markers put on a great person card, by card
    blanks: dict[int, int] = field(default_factory=dict)  # great person cards in the pyramid as blank techs -> row
    metropolis_waits: bool = False  # F&F: the capital could not grow when due; it grows in a later Start of Turn
    relic_boons: list[str] = field(default_factory=list)  # relics whose effects wait for the next Start of Turn
    seen_markers: list[int] = field(default_factory=list)  # hut and village markers looked at (Zheng He), face down
    last_battle_turn: int = -99

    def knows(self, tech: str) -> bool:
        return tech in self.techs


@dataclass
class Front:
    attacker: int = -1  # unit card, -1: none
    defender: int = -1


@dataclass
class Battle:
    attacker: int
    defender: int  # the defending seat (for barbarians: the player controlling them)
    pos: int
    kind: Literal["figures", "city", "village"]
    barbarians: bool = False
    city: int = -1
    attacker_figures: list[int] = field(default_factory=list)
    defender_figures: list[int] = field(default_factory=list)
    stage: Literal["cards", "draw", "forces", "play", "resolve", "loot", "after"] = "cards"
    asked: list[int] = field(default_factory=list)  # sides already asked for battle cards
    hands: list[list[int]] = field(default_factory=lambda: [[], []])  # [attacker, defender]
    fronts: list[Front] = field(default_factory=list)
    wounds: dict[int, int] = field(default_factory=dict)
    killed: list[list[int]] = field(default_factory=lambda: [[], []])
    side: int = 1  # who plays next: 0 attacker, 1 defender
    extra: list[int] = field(default_factory=lambda: [0, 0])  # wounds the next unit played deals more, per side
    bonus: list[int] = field(default_factory=lambda: [0, 0])  # combat bonus of each side
    raised: list[int] = field(default_factory=lambda: [0, 0])  # combat bonus raised for this battle by a card
    winner: int = -1  # side
    loot: int = 0  # loot the winner may still take
    scouts_only: bool = False
    barbarian_draw: list[str] = field(default_factory=list)  # barbarian units still to draw
    horde: int = 0  # a Roaming Horde's rank: the barbarians attack, led by `attacker` (0: any barbarians defend)
    base: int = 0  # pending decisions below the battle's own (the battle waits while there are more)

    def barbarian_side(self) -> int:
        """The side barbarians fight on (-1: none): they defend a village, a Roaming Horde attacks."""
        return -1 if not self.barbarians else 0 if self.horde else 1


@dataclass
class Held:
    """An act held open while other players may cancel it (`rules.base.reactions`)."""

    actor: int
    action: Action
    what: Literal["city_action", "culture_event", "resource_ability"]
    target: int = -1  # the player a culture event is aimed at (-1: none)
    asked: list[int] = field(default_factory=list)  # players who were asked already
    cancelled: bool = False
    paid: bool = False
    also: list[int] = field(default_factory=list)  # further players a culture event is aimed at

    def aimed_at(self) -> tuple[int, ...]:
        """Every player the act is aimed at."""
        return tuple(seat for seat in (self.target, *self.also) if seat >= 0)


@dataclass
class Game:
    seed: int
    rng: Rng
    players: list[Player]
    width: int
    height: int
    tiles: list[TileSlot]
    squares: list[Square]
    figures: list[Figure] = field(default_factory=list)
    cities: list[City] = field(default_factory=list)
    next_id: int = 0  # for figures and cities
    turn: int = 1
    first: int = 0
    phase: GamePhase = "setup"
    step: str = ""  # "reveal" once every player has chosen their research
    queue: list[int] = field(default_factory=list)  # seats still to take their part of this phase
    unit_decks: dict[str, Deck] = field(default_factory=dict)
    culture_decks: dict[str, Deck] = field(default_factory=dict)
    great_people: list[int] = field(default_factory=list)  # face-down pile (face up with the great person deck)
    great_person_deck: bool = False  # Fame and Fortune's optional great person deck is played
    person_deck: Deck = field(default_factory=Deck)  # its cards (numbered by `Ruleset.person_card_ids`)
    hut_pile: list[int] = field(default_factory=list)
    village_pile: list[int] = field(default_factory=list)
    market: dict[str, int] = field(default_factory=dict)  # market resource tokens
    buildings: dict[str, int] = field(default_factory=dict)  # building family -> markers left in the market
    wonder_deck: list[str] = field(default_factory=list)  # top first
    wonder_market: list[str] = field(default_factory=list)
    wonders_gone: list[str] = field(default_factory=list)  # replaced or destroyed: never built again
    obsolete: list[str] = field(default_factory=list)
    wonder_at: dict[str, int] = field(default_factory=dict)  # built wonder -> the square of its marker
    barbarians: list[int] = field(default_factory=list)  # barbarian unit cards in play
    culture_out: list[int] = field(default_factory=list)  # culture event cards not in this game
    markers_gone: list[int] = field(default_factory=list)  # hut and village markers out of the game
    city_state_pile: list[int] = field(default_factory=list)  # city-state markers face down, top last (W&W)
    city_states_gone: list[int] = field(default_factory=list)  # city-state markers destroyed by a city
    city_state_resources: dict[int, str] = field(default_factory=dict)  # marker -> the resource it shows
    people_gone: list[int] = field(default_factory=list)  # great person markers out of the game
    wonders_out: list[str] = field(default_factory=list)  # wonders not dealt into this game's deck
    pending: list[Decision] = field(default_factory=list)
    battle: Battle | None = None
    held: list[Held] = field(default_factory=list)
    research: dict[int, str] = field(default_factory=dict)  # secret research choices this turn
    winners: list[int] = field(default_factory=list)
    win_reason: str = ""
    achieved: dict[int, str] = field(default_factory=dict)  # tie-breaker variant: victories achieved this turn
    tie_breaker: bool = False
    log: list[str] = field(default_factory=list)
    history: list[Any] = field(default_factory=list)

    if TYPE_CHECKING:  # not fields: attached by setup and loading, never saved
        rules: Ruleset = field(init=False)  # the rules data the game is played with
        cache: dict[Any, Any] = field(init=False)  # look-ups of the rules, rebuilt when what they depend on changes

    def __post_init__(self) -> None:
        self.cache = {}

    def actor(self) -> int:
        """The seat that must decide next (-1 when the game is over)."""
        return self.pending[-1].player if self.pending else -1

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def say(self, text: str) -> None:
        self.log.append(text)

    # ---------------------------------------------------------------- map helpers

    def xy(self, pos: int) -> tuple[int, int]:
        return pos % self.width, pos // self.width

    def pos(self, x: int, y: int) -> int:
        return y * self.width + x

    def city_at(self, pos: int) -> City | None:
        for city in self.cities:
            if city.pos == pos or city.expansion == pos:
                return city
        return None

    def city(self, city_id: int) -> City | None:
        for city in self.cities:
            if city.id == city_id:
                return city
        return None

    def figure(self, figure_id: int) -> Figure | None:
        for fig in self.figures:
            if fig.id == figure_id:
                return fig
        return None

    def figures_at(self, pos: int) -> list[Figure]:
        return [f for f in self.figures if f.pos == pos]

    def cities_of(self, seat: int) -> list[City]:
        return [c for c in self.cities if c.owner == seat]

    def order(self) -> list[int]:
        """The seats in turn order, from the first player."""
        n = len(self.players)
        return [(self.first + i) % n for i in range(n)]

    def label(self, pos: int) -> str:
        x, y = self.xy(pos)
        return f"({x},{y})"
