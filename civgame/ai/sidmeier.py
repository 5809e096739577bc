"""Computer players of Sid Meier's Civilization (Easy, Normal, Hard) through the framework's search.

Easy ranks the legal actions one step ahead; Normal and Hard run flat Monte Carlo search
(`civgame.framework.search.FlatMonteCarlo`) over the best few with a time budget. Every look-ahead
starts from `determinise`: a copy of the game in which whatever the seat may not see (`view_for`)
is dealt anew from what the seat cannot tell apart, so a seat decides from what it may see.

The evaluation is data (`WEIGHTS`): what each holding of a player is worth, the same for all levels;
a position's value for a seat is its worth minus the best other player's.

What a seat may not see and how it is dealt anew: the order of every face-down deck and pile; other
players' unit cards (standing forces and a hidden battle hand) among the unseen cards of the same unit
type; other players' culture event cards among the unseen cards of the same era; hut and village
markers face down (on the map, in the piles, held by others) among those of the same kind; which tile
lies under each face-down map tile; and the random generator. Which type or era an opponent's hidden
card is of is kept (a shortcut: dealing across types would have to keep every deck's size).
"""

from __future__ import annotations

import copy
import pickle
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, cast

from civgame.ai.remote import Worker
from civgame.framework.rng import Rng
from civgame.framework.search import FlatMonteCarlo, Lookahead, SearchSettings, rank
from civgame.games import definition
from civgame.games.sidmeier.content.ruleset import Ruleset
from civgame.games.sidmeier.core.actions import Action
from civgame.games.sidmeier.core.model import Game

GAME = definition("sid-meier")
WIN = 10_000.0
# What a player's holdings are worth, in the units of one tech level: the game's evaluation, kept as data.
WEIGHTS: dict[str, float] = {
    "tech_level": 1.0,  # each learned tech's level
    "culture_space": 1.4,  # each space advanced on the culture track
    "culture": 0.15,  # each culture token held
    "trade": 0.08,  # each trade on the dial
    "coin": 1.2,  # each coin token on the economy dial
    "investment": 1.3,  # each investment marker (Fame and Fortune): a coin token turned into an ability
    "city": 6.0,
    "walls": 0.8,
    "army": 0.9,  # each army figure on the map
    "scout": 1.2,  # each scout figure on the map (a future city)
    "unit": 0.5,  # each unit card of the standing forces
    "rank": 0.6,  # each rank above the first of a unit type
    "improvement": 1.5,  # each building, wonder or great person on the map
    "wonder": 2.5,  # each wonder card owned
    "resource": 0.4,  # each market resource token
    "marker": 0.5,  # each hut or village marker held
    "culture_card": 0.4,  # each culture event card in hand
}
PASSIVE_WEIGHT = 0.25  # playouts pick actions that end or decline something less eagerly


def worth(game: Game, seat: int, weights: dict[str, float] = WEIGHTS) -> float:
    player = game.players[seat]
    levels = sum(game.rules.techs[t].level for t in player.techs if t in game.rules.techs)
    on_map = [f for f in game.figures if f.owner == seat]
    cities = game.cities_of(seat)
    holdings = {
        "tech_level": levels,
        "culture_space": player.track,
        "culture": player.culture,
        "trade": player.trade,
        "coin": sum(player.coin_tokens.values()),
        "investment": sum(player.investments.values()),
        "city": len(cities),
        "walls": sum(c.walled for c in cities),
        "army": sum(f.kind == "army" for f in on_map),
        "scout": sum(f.kind == "scout" for f in on_map),
        "unit": len(player.standing),
        "rank": sum(r - 1 for r in player.ranks.values()),
        "improvement": sum(1 for s in game.squares if s.improvement is not None and s.improvement.owner == seat),
        "wonder": len(player.wonders),
        "resource": sum(player.resources.values()),
        "marker": len(player.markers),
        "culture_card": len(player.hand),
    }
    return sum(weights[k] * v for k, v in holdings.items())


def value(game: Game, seat: int, weights: dict[str, float] = WEIGHTS) -> float:
    """The position's worth for `seat` relative to the best other player; a win or a loss outweighs all."""
    if game.phase == "over":
        return WIN if seat in game.winners else -WIN
    others = [worth(game, s, weights) for s in range(len(game.players)) if s != seat]
    return worth(game, seat, weights) - max(others, default=0.0)


# ------------------------------------------------------------------ hidden information dealt anew


@dataclass
class Slot:
    """A place holding one hidden piece: `holder[index]`, of a group the seat can tell (a unit type, an era)."""

    holder: list[int]
    index: int
    group: str


def _deal(slots: list[Slot], rng: random.Random) -> None:
    """Deal the pieces in `slots` anew within each group, from a pool the seat could list itself."""
    by_group: dict[str, list[Slot]] = {}
    for slot in slots:
        by_group.setdefault(slot.group, []).append(slot)
    for group in sorted(by_group):
        places = by_group[group]
        pool = sorted(slot.holder[slot.index] for slot in places)
        rng.shuffle(pool)
        for slot, piece in zip(places, pool, strict=True):
            slot.holder[slot.index] = piece


def _each(holder: list[int], group: Callable[[int], str]) -> Iterator[Slot]:
    return (Slot(holder, i, group(piece)) for i, piece in enumerate(holder))


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` with what `seat` may not see dealt anew (see the module's text)."""
    world = copy_game(game)
    rules = world.rules
    others = [p for p in world.players if p.seat != seat]
    unit_type = lambda card: rules.unit_cards[card].unit  # noqa: E731
    era = lambda card: rules.culture_cards[rules.culture_card_ids[card]].deck  # noqa: E731
    marker_kind = lambda marker: rules.hut_markers[marker].kind  # noqa: E731
    units: list[Slot] = [s for deck in world.unit_decks.values() for s in _each(deck.draw, unit_type)]
    units += [s for p in others for s in _each(p.standing, unit_type)]
    battle = world.battle
    if battle is not None:
        for side, owner in enumerate((battle.attacker, battle.defender)):
            if owner != seat:
                units += list(_each(battle.hands[side], unit_type))
    cards = [s for deck in world.culture_decks.values() for s in _each(deck.draw, era)]
    cards += [s for p in others for s in _each(p.hand, era)] + list(_each(world.culture_out, era))
    markers = [s for p in others for s in _each(p.markers, marker_kind)]
    markers += list(_each(world.hut_pile, marker_kind)) + list(_each(world.village_pile, marker_kind))
    on_map = [sq.marker for sq in world.squares]
    markers += [Slot(on_map, i, marker_kind(m)) for i, m in enumerate(on_map) if m >= 0]
    for slots in (units, cards, markers):
        _deal(slots, rng)
    for square, marker in zip(world.squares, on_map, strict=True):
        square.marker = marker
    rng.shuffle(world.great_people)
    face_down = [slot for slot in world.tiles if not slot.revealed and slot.home_of < 0]
    tiles = sorted(slot.tile for slot in face_down)
    rng.shuffle(tiles)
    for slot, tile in zip(face_down, tiles, strict=True):
        slot.tile, slot.turns = tile, rng.randrange(4)
    world.rng = Rng.from_seed(rng.randrange(2**62))
    return world


def copy_game(game: Game) -> Game:
    """A copy for look-ahead, sharing the rules data and leaving out the record of actions."""
    history, game.history = game.history, []
    try:
        world = copy.deepcopy(game, {id(game.rules): game.rules})
    finally:
        game.history = history
    world.cache = {}
    return world


# ------------------------------------------------------------------ playouts and the search


def legal_actions(game: Game) -> list[Action]:
    """The legal actions, typed as this game's own (the interface speaks of any game's)."""
    return cast(list[Action], list(GAME.legal_actions(game)))


def random_action(game: Game, rng: random.Random) -> Action | None:
    actions = legal_actions(game)
    if not actions:
        return None
    weights = [PASSIVE_WEIGHT if a.PASSIVE else 1.0 for a in actions]
    return rng.choices(list(actions), weights)[0]


def playout(game: Game, rng: random.Random, steps: int) -> int:
    for played in range(steps):
        if GAME.is_over(game):
            return played
        action = random_action(game, rng)
        if action is None:
            return played
        GAME.apply(game, action)
    return steps


LOOKAHEAD: Lookahead[Game, Action] = Lookahead(
    legal_actions=legal_actions,
    apply=GAME.apply,
    apply_listed=GAME.apply,
    copy=copy_game,
    determinise=determinise,
    value=value,
    random_action=random_action,
    playout=playout,
    actor=Game.actor,
    is_over=GAME.is_over,
    deciding=lambda game: False,  # every decision is its own: the search values each action's position
    considered=lambda actions: actions,
    order=lambda action: 1.0 if action.PASSIVE else 0.0,
    lost=-WIN,
)
NORMAL = SearchSettings(budget=0.3, candidates=4, playout_steps=10, prior=8.0)
HARD = SearchSettings(budget=1.2, candidates=6, playout_steps=14, prior=20.0)


class EasyAgent:
    """The legal action that looks best one step ahead on a determinised copy."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        seat = game.actor()
        return rank(LOOKAHEAD, determinise(game, seat, self.rng), seat, actions, self.rng)[0][1]


class SearchAgent:
    """Normal and Hard: flat Monte Carlo search within a time budget."""

    def __init__(self, seed: int | str, settings: SearchSettings) -> None:
        self.rng = random.Random(str(seed))
        self.search = FlatMonteCarlo(LOOKAHEAD, settings, self.rng)
        self.budget = settings.budget

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        now = time.perf_counter()
        seat = game.actor()
        view, ranked = self.search.ranked(game, seat, actions, now)
        return self.search.choose_among(game, view, seat, ranked, now + self.budget)


@dataclass(frozen=True)
class WorkerSetup:
    """What the computer players' process is sent once: the rules and who plays each seat."""

    rules: Ruleset
    kinds: tuple[str, ...]


_STATE_FIELDS = tuple(f.name for f in fields(Game) if f.name not in ("log", "history"))


def decision_request(game: Game, actions: list[Action]) -> bytes:
    """The game's fields (without its log and history, which a look-ahead never reads) and the legal actions."""
    state = {name: getattr(game, name) for name in _STATE_FIELDS}
    return pickle.dumps(("decide", state, actions), protocol=pickle.HIGHEST_PROTOCOL)


def rebuilt_game(state: dict[str, Any], setup: WorkerSetup) -> Game:
    game = Game(**state)
    game.rules = setup.rules
    return game


def seat_agents(game: Game, setup: WorkerSetup) -> dict[int, Any]:
    """A computer player for each computer seat, seeded by the game and the seat."""
    return {seat: make_agent(kind, f"{game.seed}:{seat}") for seat, kind in enumerate(setup.kinds) if kind != "human"}


WORKER = Worker(decision_request, rebuilt_game, seat_agents)

LEVELS: dict[str, Callable[[str], EasyAgent | SearchAgent]] = {
    "easy": EasyAgent,
    "normal": lambda seed: SearchAgent(seed, NORMAL),
    "hard": lambda seed: SearchAgent(seed, HARD),
}


def make_agent(level: str, seed: int | str) -> EasyAgent | SearchAgent:
    return LEVELS[level](str(seed))
