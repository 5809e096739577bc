"""Computer players of Sid Meier's Civilization (Easy, Normal, Hard) through the framework's search.

Easy ranks the legal actions one step ahead; Normal and Hard run flat Monte Carlo search
(`civgame.framework.search.FlatMonteCarlo`) over the best few, a counted number of samples each. Every look-ahead
starts from `determinise`: a copy of the game in which whatever the seat may not see (`view_for`)
is dealt anew from what the seat cannot tell apart, so a seat decides from what it may see.

The evaluation is data (`WEIGHTS`): what each holding of a player is worth, the same for all levels;
a position's value for a seat is its worth minus the best other player's.

What a seat may not see and how it is dealt anew: the order of every face-down deck and pile; other
players' unit cards (standing forces and a hidden battle hand), culture event cards and hut and village
markers, each of any type, era or kind that the decks, piles and the map leave over (a deck keeps its unit
type or era, a pile and a face-down marker on the map its kind: those are seen); great person cards held
face down (each keeps its type, seen in the marker taken with it) and the great person deck's order; the
cards and markers
out of the game among them; the wonders dealt into the deck; which tile lies under each face-down map
tile; the tech each other player chose face down (one the rules let them choose); and the random
generator.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, cast

from civgame.ai import circles
from civgame.ai.remote import Worker
from civgame.ai.sidmeier_copy import copy_game, lent_lookups
from civgame.framework.rng import Rng
from civgame.framework.search import FlatMonteCarlo, Lookahead, SearchSettings, rank
from civgame.games import definition
from civgame.games.sidmeier.content.ruleset import Ruleset
from civgame.games.sidmeier.core.actions import Action, Research
from civgame.games.sidmeier.core.decisions import ResearchTurn
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
    "city_state": 1.5,  # each city-state controlled (W&W): icons for the capital, its marker's effects
    "relic_boon": 1.5,  # each relic whose effect waits for the next Start of Turn (a free tech or investments)
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
        "city_state": len({f.pos for f in on_map if game.squares[f.pos].city_state >= 0}),
        "relic_boon": len(player.relic_boons),
    }
    return sum(weights[k] * v for k, v in holdings.items())


def value(game: Game, seat: int, weights: dict[str, float] = WEIGHTS) -> float:
    """The position's worth for `seat` relative to the best other player; a win or a loss outweighs all."""
    return relative(game, seat, lambda game, seat: worth(game, seat, weights))


def relative(game: Game, seat: int, worth_of: Callable[[Game, int], float]) -> float:
    """`seat`'s worth by `worth_of` less the best other player's; a win or a loss outweighs all."""
    if game.phase == "over":
        return WIN if seat in game.winners else -WIN
    others = [worth_of(game, s) for s in range(len(game.players)) if s != seat]
    return worth_of(game, seat) - max(others, default=0.0)


# Normal's victory plan, kept as data: on top of a player's holdings, the victory nearest to them is worth
# `nearest` times its progress (0 to 1) to the power `power`, so that the last steps to a victory count
# most, the seat's own (it presses on with the one in reach) and another player's (it is worth blocking).
PLAN: dict[str, float] = {"nearest": 20.0, "power": 3.0}


def dial_coins(game: Game) -> list[int]:
    """Each player's coins on the economy dial, from the victory scores the game's definition gives (techs
    learned + culture spaces advanced + coins)."""
    scores = GAME.outcome(game).scores
    return [int(score) - len(p.techs) - p.track for p, score in zip(game.players, scores, strict=True)]


def victory_progress(game: Game, seat: int, coins: int) -> dict[str, float]:
    """How far the player, with `coins` on the economy dial, is on the way to each victory but the military
    one, 0 (start) to 1 (won).

    Tech: the places filled of the pyramid Space Flight stands on (one card on top of two of the row below
    and so on: 5, 4, 3, 2, 1 cards), cards beyond a row's share not counted, as they hold nothing up.
    Culture: the spaces advanced on the culture track. Economic: the coins on the economy dial."""
    rules = game.rules
    player = game.players[seat]
    top = max(tech.level for tech in rules.techs.values())
    counts = Counter([*player.rows, *player.blanks.values()])  # the pyramid's cards by row: techs and blanks
    needed = {row: top + 1 - row for row in range(1, top + 1)}
    filled = sum(min(counts[row], share) for row, share in needed.items())
    return {
        "tech": filled / sum(needed.values()),
        "culture": player.track / len(rules.track.spaces),
        "economic": coins / rules.game.economy.victory_coins,
    }


def planned_worth(game: Game, seat: int, coins: int) -> float:
    """Normal's worth of a player with `coins` on the dial: their holdings, and their nearest victory as
    `PLAN` values it."""
    nearest = max(victory_progress(game, seat, coins).values())
    return worth(game, seat) + PLAN["nearest"] * min(nearest, 1.0) ** PLAN["power"]


def planned_value(game: Game, seat: int) -> float:
    """Normal's value of a position for `seat` (`relative` by `planned_worth`)."""
    coins = dial_coins(game)
    return relative(game, seat, lambda game, seat: planned_worth(game, seat, coins[seat]))


# ------------------------------------------------------------------ hidden information dealt anew


@dataclass
class Slot:
    """A place holding one hidden piece: `holder[index]`."""

    holder: list[int]
    index: int


def _slots(holder: list[int]) -> list[Slot]:
    return [Slot(holder, i) for i in range(len(holder))]


def _deal(kept: list[Slot], free: list[Slot], group: Callable[[int], str], rng: random.Random) -> None:
    """Deal the pieces in `kept` and `free` anew from one pool the seat could list itself: each `kept` slot
    (a deck of one unit type, a pile of one kind of marker) gets a piece of the group it holds, the `free`
    slots (held by others, out of the game) take whatever is left, of any group."""
    pool = sorted(slot.holder[slot.index] for slot in kept + free)
    rng.shuffle(pool)
    by_group: dict[str, list[int]] = {}
    for piece in pool:
        by_group.setdefault(group(piece), []).append(piece)
    wanted = [group(slot.holder[slot.index]) for slot in kept]
    for slot, wants in zip(kept, wanted, strict=True):
        slot.holder[slot.index] = by_group[wants].pop()
    left = [piece for name in sorted(by_group) for piece in by_group[name]]
    rng.shuffle(left)
    for slot, piece in zip(free, left, strict=True):
        slot.holder[slot.index] = piece


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` with what `seat` may not see dealt anew (see the module's text)."""
    world = copy_game(game)
    rules = world.rules
    others = [p for p in world.players if p.seat != seat]
    unit_decks = [s for deck in world.unit_decks.values() for s in _slots(deck.draw)]
    held_units = [s for p in others for s in _slots(p.standing)]
    battle = world.battle
    owners = () if battle is None else (battle.attacker, battle.defender)
    hidden = [hand for hand, owner in zip(battle.hands, owners, strict=True) if owner != seat] if battle else []
    before = [list(hand) for hand in hidden]
    held_units += [s for hand in hidden for s in _slots(hand)]
    _deal(unit_decks, held_units, lambda card: rules.unit_cards[card].unit, rng)
    # The barbarians' hand is also listed among the barbarian cards in play.
    swapped = {old: new for was, hand in zip(before, hidden, strict=True) for old, new in zip(was, hand, strict=True)}
    world.barbarians = [swapped.get(card, card) for card in world.barbarians]
    culture_decks = [s for deck in world.culture_decks.values() for s in _slots(deck.draw)]
    held_cards = [s for p in others for s in _slots(p.hand)] + _slots(world.culture_out)
    _deal(culture_decks, held_cards, lambda card: rules.culture_cards[rules.culture_card_ids[card]].deck, rng)
    on_map = [sq.marker for sq in world.squares]
    seen = set(world.players[seat].seen_markers)  # (Zheng He: the markers the seat looked at stay where they are)
    shown_kind = [Slot(on_map, i) for i, m in enumerate(on_map) if m >= 0 and m not in seen] + _slots(world.hut_pile)
    shown_kind += _slots(world.village_pile)
    held_markers = [s for p in others for s in _slots(p.markers) if s.holder[s.index] not in seen]
    held_markers += [s for s in _slots(world.markers_gone) if s.holder[s.index] not in seen]
    _deal(shown_kind, held_markers, lambda marker: rules.hut_markers[marker].kind, rng)
    for square, marker in zip(world.squares, on_map, strict=True):
        square.marker = marker
    # Great person cards held face down show their type (the marker taken with each); the deck's do not.
    held_people = [s for p in others for s in _slots(p.person_cards)]
    person_type = lambda card: rules.person_cards[rules.person_card_ids[card]].type  # noqa: E731
    _deal(held_people, _slots(world.person_deck.draw), person_type, rng)
    rng.shuffle(world.great_people)
    rng.shuffle(world.city_state_pile)
    wonders = world.wonder_deck + world.wonders_out
    rng.shuffle(wonders)
    world.wonder_deck, world.wonders_out = wonders[: len(world.wonder_deck)], wonders[len(world.wonder_deck) :]
    face_down = [slot for slot in world.tiles if not slot.revealed and slot.home_of < 0]
    dealt = {slot.tile for slot in world.tiles}
    # the face-down tiles come from every neutral tile not seen (those left in the box too: a relic's tile may be)
    tiles = sorted([slot.tile for slot in face_down] + [t for t in rules.neutral_tiles if t not in dealt])
    rng.shuffle(tiles)
    for slot, tile in zip(face_down, tiles, strict=False):
        slot.tile, slot.turns = tile, rng.randrange(4)
    _research_anew(world, seat, rng)
    world.rng = Rng.from_seed(rng.randrange(2**62))
    return world


def _research_anew(world: Game, seat: int, rng: random.Random) -> None:
    """Each other player who chose a tech face down chose one of those the rules let them choose."""
    for other in sorted(s for s in world.research if s != seat):
        world.pending.append(ResearchTurn(other))
        choices = [a.tech for a in legal_actions(world) if isinstance(a, Research)]
        world.pending.pop()
        world.cache = lent_lookups(world)  # the rules' look-ups of that decision dropped
        world.research[other] = rng.choice(sorted(choices)) if choices else world.research[other]


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
# Follow-up actions Normal's turn planning ranks at most: a late City Management or card play may list 100-200,
# and ranking them after each of four candidates made a decision cost five rankings (p99 5.5 s, under load).
PLAN_MOST = 24


def planned_follow_ups(actions: Sequence[Action]) -> Sequence[Action]:
    """The follow-up actions Normal's plan weighs: all of a decision of at most `PLAN_MOST`; of a larger
    one, only stopping there (its passive actions, which end or decline something), or else its first."""
    if len(actions) <= PLAN_MOST:
        return actions
    return [action for action in actions if action.PASSIVE] or actions[:1]


# Normal looks ahead as Easy does, but values positions by its victory plan and plans within a bound.
PLANNED: Lookahead[Game, Action] = replace(LOOKAHEAD, value=planned_value, considered=planned_follow_ups)
# Work is counted, not timed (`budget=math.inf`): a level plays as well on a busy machine as on an idle
# one, and the same seed gives the same choice. A best ranked action this far ahead is taken unsampled.
NORMAL = SearchSettings(
    budget=math.inf, candidates=4, playout_steps=10, prior=8.0, max_samples=6, decisive=3.0, planned=4, plan_depth=1
)
HARD = SearchSettings(budget=math.inf, candidates=6, playout_steps=14, prior=20.0, max_samples=24, decisive=6.0)


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
    """Normal and Hard: flat Monte Carlo search, a counted number of samples."""

    def __init__(self, seed: int | str, settings: SearchSettings, look: Lookahead[Game, Action] = LOOKAHEAD) -> None:
        self.rng = random.Random(str(seed))
        self.search = FlatMonteCarlo(look, settings, self.rng)
        self.budget = settings.budget

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        now = time.perf_counter()
        seat = game.actor()
        view, ranked = self.search.ranked(game, seat, actions, now)
        return self.search.choose_among(game, view, seat, ranked, now + self.budget)


class CircleGuard(circles.CircleGuard):
    """Sid Meier's computer player kept out of circles (`civgame.ai.circles`): a turn is one phase of one
    player's turn, and a scout assigned to one city and back (each position's sampled worlds ranking the
    other assignment higher) is such a circle."""

    def __init__(self, agent: EasyAgent | SearchAgent) -> None:
        super().__init__(agent, lambda game: (game.turn, game.phase, game.actor()), position)


def position(game: Game) -> bytes:
    """A fingerprint of everything the game holds but its log and history (equal games, equal prints): the
    digest of its fields as their dataclasses write them out, every field in full (a third quicker than the
    framework's codec, which a fingerprint taken at each decision would make cost several times more)."""
    state = repr([getattr(game, name) for name in STATE_FIELDS]).encode()
    return hashlib.blake2b(state, digest_size=16).digest()


@dataclass(frozen=True)
class WorkerSetup:
    """What the computer players' process is sent once: the rules and who plays each seat."""

    rules: Ruleset
    kinds: tuple[str, ...]


STATE_FIELDS = tuple(f.name for f in fields(Game) if f.name not in ("log", "history"))


def decision_request(game: Game, actions: list[Action]) -> bytes:
    """The game's fields (without its log and history, which a look-ahead never reads) and the legal actions."""
    state = {name: getattr(game, name) for name in STATE_FIELDS}
    return pickle.dumps(("decide", state, actions), protocol=pickle.HIGHEST_PROTOCOL)


def rebuilt_game(state: dict[str, Any], setup: WorkerSetup) -> Game:
    game = Game(**state)
    game.rules = setup.rules
    return game


def seat_agents(game: Game, setup: WorkerSetup) -> dict[int, Any]:
    """A computer player for each computer seat, seeded by the game and the seat."""
    return {seat: make_agent(kind, f"{game.seed}:{seat}") for seat, kind in enumerate(setup.kinds) if kind != "human"}


WORKER = Worker(decision_request, rebuilt_game, seat_agents)

LEVELS: dict[str, Callable[[str], CircleGuard]] = {
    "easy": lambda seed: CircleGuard(EasyAgent(seed)),
    "normal": lambda seed: CircleGuard(SearchAgent(seed, NORMAL, PLANNED)),
    "hard": lambda seed: CircleGuard(SearchAgent(seed, HARD)),
}


def make_agent(level: str, seed: int | str) -> CircleGuard:
    return LEVELS[level](str(seed))
