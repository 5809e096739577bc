"""How good a position is for one player, in victory points and things worth points later.

The score sheet counts exactly; the rest estimates what a player's holdings will become: resources
buy advances and buildings, settlers become cities, armies defend and capture, cards complete
objectives and win battles, happy cities produce more. Hard's evaluation also reads from the rules
data what a Collect would bring under the resource limits, which cities enemy armies could reach,
how far its settlers must walk to land for a city, and how much its cities may still grow, and it
lets what is held lose its worth as the last round nears, since only points count when
the game ends (`python -m bench.ai_fit` fits weights to who wins and measures how well each set
predicts the winner).
Weights are data (`Weights`, counted by `terms` under their names), so new content needs at most
new weights, never new agent code. Evaluation reads only what every player can see, plus the
hands of the evaluated player; agents evaluate determinised copies.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from civgame.ai.hard_weights import WEIGHTS as HARD
from civgame.ai.objective_progress import standing
from civgame.games.clash.core.hexgrid import Hex, distance
from civgame.games.clash.core.model import City, Game, Player, Unit
from civgame.games.clash.rules.actions.cities import (
    collect_choices,
    collect_choices_of,
    largest_city_size,
    why_not_city_ground,
)
from civgame.games.clash.rules.actions.wonders import wonder_cost
from civgame.games.clash.rules.base.cards import great_persons_in_hand
from civgame.games.clash.rules.base.moods import mood_modified_size
from civgame.games.clash.rules.base.payments import holdings, resource_caps
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.combat import FORTRESS
from civgame.games.clash.rules.flow.status import cityless_players, rounds_before_end_check

WIN = 1000.0  # the game is decided: outweighs every estimate
NESTED = ("resources", "units", "moods")  # weights kept by key: `resources.food`, `units.settler`, ...
# The weights scaled by `production`, and the moods' too:
SCALED = ("city", "city_size", "city_room", "settler_on_site", "settler_prospect", "advance", "collectable")


@dataclass(frozen=True)
class Weights:
    """Worth of a holding in victory points. Production (cities, their size and mood, settlers)
    is worth `production` times the share of the game still to play: little at the end."""

    resources: dict[str, float] = field(
        default_factory=lambda: {"food": 0.2, "wood": 0.18, "ore": 0.18, "ideas": 0.22, "gold": 0.25}
    )
    mood_token: float = 0.15
    culture_token: float = 0.15
    units: dict[str, float] = field(default_factory=lambda: {"settler": 0.9, "ship": 0.3})
    army_unit: float = 0.45
    army_cap: int = 4  # armies beyond this many per city add nothing
    action_card: float = 0.3
    objective_card: float = 0.5
    wonder_card: float = 0.4
    threat: float = 0.2  # per enemy army unit next to one of the player's cities, beyond its defenders
    production: float = 0.0  # scales the production weights (`SCALED`): cities, their room and mood, settlers
    city: float = 1.5
    city_size: float = 0.5  # each piece of a city beyond the settlement
    # Each piece a city may still grow by: no city grows larger than the number of its owner's cities
    # (nor than the largest size), so that a new city lets every other city grow by one.
    city_room: float = 0.0
    settler_on_site: float = 0.5  # a settler standing where it may found a city
    # A settler that could walk to a site for a city or into an unexplored space within
    # `prospect_reach` spaces, more the nearer it is (`settler_prospects`): a settler is worth the
    # city it may still found, and one boxed in by sea, enemies and other cities is not.
    settler_prospect: float = 0.0
    prospect_reach: int = 3
    moods: dict[str, float] = field(default_factory=lambda: {"happy": 0.4, "neutral": 0.0, "angry": -0.6})
    # What the hand and the board promise, beyond the flat worth of a card:
    objective_in_reach: float = 0.0  # an objective card whose status-phase condition holds now
    # Each other objective card by how near its nearer status-phase objective is (`card_progress`,
    # 0 to 1): 4 of the 5 ore Ore Supplies asks for, so that resources are held for the status
    # phase, and advances, cities and buildings sought, where the card points.
    objective_progress: float = 0.0
    wonder_in_reach: float = 0.0  # a wonder card whose advances the player holds
    # Each wonder in the player's cities, and how near it is to building the nearest wonder card in
    # hand (`wonder_progress`, 0 to 1): a wonder is saved for over several turns, and building it
    # keeps this worth (its effects serve the owner), so that the card's promise is not lost when the
    # wonder is built.
    wonder_progress: float = 0.0
    leader: float = 0.0  # a leader on the board (its abilities serve the player until it is lost)
    # A killed enemy leader is captured (2 VP): each other player's leader that the player's armies
    # within `leader_reach` spaces outnumber is worth this, more the nearer the armies stand, so
    # that armies close in on a leader they could beat and attack it; and the player's own leader
    # costs `leader_exposure` per enemy army unit within `exposure_reach` beyond the armies with it,
    # so that it is kept out of reach or guarded.
    leader_in_reach: float = 0.0
    leader_reach: int = 3
    leader_exposure: float = 0.0
    # A captured city scores its pieces for the captor and costs its owner as many: each other
    # player's city that the player's movable armies within `conquest_reach` spaces outnumber by
    # `conquest_margin` army units beyond its defenders (a fortress counting as one) is worth this
    # per city piece, more the nearer the armies stand, so that armies close in on a weakly held
    # city and attack it rather than stand idle a few spaces off.
    city_in_reach: float = 0.0
    conquest_reach: int = 3
    conquest_margin: int = 1
    # A battle's outcome is rolled: a move into an enemy's space is valued by the mean of this many
    # rolls (each on the position's dice dealt anew) rather than by one lucky or unlucky roll.
    battle_rolls: int = 1
    advance: float = 0.0  # each advance, for what it unlocks (scaled by `production` and the game left)
    # A player without cities ends the game at the next status phase: leading then is worth this
    # much (trailing costs as much) on top of the lead in points, whatever is held besides.
    ending: float = 0.0
    # What only Hard's evaluation sees:
    # Resources, tokens, units and cards in hand score nothing when the game ends: with this many
    # rounds or fewer left after the current one, they are worth that share of it (none in the
    # last round), so that the player turns them into points while there is time (0: always full).
    holding_rounds: int = 0
    collectable: float = 0.0  # times what the cities could collect now (scaled like `production`)
    exposure: float = 0.0  # per city piece, per enemy army within `exposure_reach` beyond the city's defenders
    exposure_reach: int = 2
    # The worth of each resource a Collect is priced at (None: `resources`): fitted weights keep
    # the prices their fit measured a Collect at.
    collect_prices: dict[str, float] | None = None
    # The weights by the names `terms` counts under (production terms times `production`).
    flat: dict[str, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "flat", _flat(self))

    @classmethod
    def from_flat(cls, flat: Mapping[str, float], base: Weights) -> Weights:
        """`base` with the weights named in `flat` (names as `terms` counts them) replaced, as
        fitted: production terms at their own worth (`production` 1)."""
        nested = {group: {**getattr(base, group)} for group in NESTED}
        nested["moods"] = {mood: worth * base.production for mood, worth in base.moods.items()}
        plain = {name: getattr(base, name) * base.production for name in SCALED}
        for name, worth in flat.items():
            group, _, key = name.partition(".")
            if group in NESTED and key:
                nested[group][key] = worth
            elif name in base.flat:
                plain[name] = worth
            else:
                raise ValueError(f"no evaluation weight is named {name!r}")
        prices = {**(base.collect_prices or base.resources)}
        return replace(base, production=1.0, collect_prices=prices, **plain, **nested)  # type: ignore[arg-type]


def _flat(weights: Weights) -> dict[str, float]:
    """The weights by the names `terms` counts under, production terms times `production`."""
    scaled = {name: getattr(weights, name) for name in SCALED}
    scaled |= {f"moods.{mood}": worth for mood, worth in weights.moods.items()}
    return {
        **{f"resources.{r}": worth for r, worth in weights.resources.items()},
        **{f"units.{kind}": worth for kind, worth in weights.units.items()},
        "mood_token": weights.mood_token,
        "culture_token": weights.culture_token,
        "army_unit": weights.army_unit,
        "action_card": weights.action_card,
        "objective_card": weights.objective_card,
        "wonder_card": weights.wonder_card,
        "leader": weights.leader,
        "leader_in_reach": weights.leader_in_reach,
        "leader_exposure": weights.leader_exposure,
        "city_in_reach": weights.city_in_reach,
        "objective_in_reach": weights.objective_in_reach,
        "objective_progress": weights.objective_progress,
        "wonder_in_reach": weights.wonder_in_reach,
        "wonder_progress": weights.wonder_progress,
        "threat": weights.threat,
        "exposure": weights.exposure,
        **{name: weights.production * worth for name, worth in scaled.items()},
    }


EASY = Weights()
# Points and nothing else: a player who reaches only for what scores at once (the tournament's `greedy`).
POINTS_ONLY = Weights(
    resources={},
    mood_token=0.0,
    culture_token=0.0,
    units={},
    army_unit=0.0,
    action_card=0.0,
    objective_card=0.0,
    wonder_card=0.0,
    threat=0.0,
    moods={},
)
# Normal's and Hard's evaluation also sees what production will still bring, which cards of the
# hand it can soon turn into points, what advances and a leader will still be worth, and the end
# a player without cities brings.
FORESIGHTED = Weights(
    production=1.0,
    threat=0.35,
    objective_in_reach=1.2,
    wonder_in_reach=0.0,  # (what `wonder_progress` counts with the resources held toward the wonder)
    wonder_progress=5.0,
    leader=0.5,
    leader_in_reach=1.0,
    leader_exposure=0.3,
    # Armies that could take a city stand idle a few spaces off without it: half a point per piece
    # of a weakly held enemy city next to them (less farther off, up to 4 spaces, where armies of
    # tournament games stood), below the point each piece brings once captured, so that taking the
    # city is always worth more than standing before it.
    city_in_reach=0.5,
    conquest_reach=4,
    battle_rolls=8,
    advance=0.25,
    ending=20.0,
)
# Hard's evaluation also sees what its cities' land yields and which cities an enemy army could
# reach: Normal's weights, with those of civgame/ai/hard_weights.py (which `python -m bench.ai_fit
# --write` replaces with weights fitted to who wins). In the last two rounds what it holds counts
# for less, and in the last for nothing: it turns resources into advances and buildings rather
# than collecting or recruiting for a game about to end.
HARD_WEIGHTS = replace(Weights.from_flat(HARD, FORESIGHTED), holding_rounds=2)
# The terms of what a player holds that scores nothing by itself at the end (`holding_rounds`).
HELD = (
    "resources.",
    "units.",
    "mood_token",
    "culture_token",
    "army_unit",
    "action_card",
    "objective_card",
    "wonder_card",
    "wonder_progress",
    "objective_progress",
)
# The weights each computer level values positions with, by seat (what an offer to it must improve).
LEVEL_WEIGHTS: dict[str, Weights] = {"easy": EASY, "normal": FORESIGHTED, "hard": HARD_WEIGHTS}


class Pieces:
    """Where the units stand, sorted once for every player a position is valued for (each player's
    terms ask of the same units)."""

    def __init__(self, game: Game) -> None:
        # The army units not aboard a ship by space and owner: armies stand in stacks, so that asking
        # how far each stack is asks far fewer times than for each unit.
        self.free_armies: dict[tuple[Hex, int], int] = {}
        self.armies_at: dict[tuple[Hex, int], int] = {}  # army units by space and owner, those aboard too
        self.armies_of: dict[int, int] = {}  # army units by owner, those aboard too
        self.others_of: dict[int, list[Unit]] = {}  # each owner's units that are not armies, in board order
        self.leaders: list[Unit] = []  # the leader units, in board order
        self.free_army_units_of: dict[int, list[Unit]] = {}  # each owner's army units not aboard, in board order
        kinds = game.rules.units
        for unit in game.units:
            spec = kinds[unit.kind]
            owner = unit.owner
            if spec.leader:
                self.leaders.append(unit)
            if not spec.army:
                self.others_of.setdefault(owner, []).append(unit)
                continue
            self.armies_of[owner] = self.armies_of.get(owner, 0) + 1
            key = (unit.pos, owner)
            self.armies_at[key] = self.armies_at.get(key, 0) + 1
            if unit.carrier is None:
                self.free_armies[key] = self.free_armies.get(key, 0) + 1
                self.free_army_units_of.setdefault(owner, []).append(unit)

    def enemy_armies(self, player_index: int) -> list[tuple[Hex, int]]:
        """Where army units of other owners (players, barbarians, pirates) stand, but those aboard, and
        how many of one owner stand there."""
        return [(pos, n) for (pos, owner), n in self.free_armies.items() if owner != player_index]

    def movable_armies(self, game: Game, player_index: int) -> list[tuple[Hex, int]]:
        """Where the player's army units not aboard stand that their kind lets the player move (armies
        need an advance to move, Tactics), and how many stand there."""
        stacks: dict[Hex, int] = {}
        for unit in self.free_army_units_of.get(player_index, ()):
            if _may_move(game, unit):
                stacks[unit.pos] = stacks.get(unit.pos, 0) + 1
        return list(stacks.items())


def value(game: Game, player_index: int, weights: Weights = EASY, pieces: Pieces | None = None) -> float:
    """The player's victory points plus the estimated worth of what they hold (`pieces`: the
    position's, if sorted already)."""
    vp = score_sheet(game, player_index)["total"]
    flat = weights.flat
    found = terms(game, player_index, weights, pieces=pieces)
    return vp + sum([flat.get(name, 0.0) * amount for name, amount in found.items()])


def terms(
    game: Game, player_index: int, weights: Weights, every: bool = False, pieces: Pieces | None = None
) -> dict[str, float]:
    """What the evaluation counts for the player beyond the score sheet, by weight name (the keys
    of `Weights.flat`): the worth of each is its amount times its weight. A term that searches the
    board is left out while its weight is zero, unless `every` (fitting weights reads them all).
    Production terms count times the share of the game still to play."""
    pieces = pieces or Pieces(game)
    player = game.player(player_index)
    wanted = None if every else weights.flat
    found: dict[str, float] = {f"resources.{r}": n for r, n in player.resources.items()}
    found |= {
        "mood_token": player.mood_tokens,
        "culture_token": player.culture_tokens,
        # a great person held in hand "counts as an action card in hand for every other purpose" (catalogue)
        "action_card": len(player.action_cards) + len(great_persons_in_hand(game.rules, player)),
        "objective_card": len(player.objective_cards),
        "wonder_card": len(player.wonder_cards),
        "leader": 1 if player.leader is not None else 0,
    }
    in_reach_wanted = wanted is None or (wanted["objective_in_reach"] and player.objective_cards)
    progress_wanted = wanted is None or wanted["objective_progress"]
    if in_reach_wanted or progress_wanted:
        in_reach, progress = standing(game, player)
        if in_reach_wanted:
            found["objective_in_reach"] = in_reach
        if progress_wanted:
            found["objective_progress"] = progress
    if wanted is None or wanted["wonder_in_reach"]:
        needed = game.rules.game.wonder_advance
        ready = [w for w in player.wonder_cards if player.has(needed) and player.has(game.rules.wonders[w].advance)]
        found["wonder_in_reach"] = len(ready)
    if wanted is None or wanted["wonder_progress"]:
        built = sum(len(city.wonders) for city in game.cities_of(player_index))
        found["wonder_progress"] = built + wonder_progress(game, player)
    remaining = _remaining_share(game)
    cities = game.cities_of(player_index)
    armies = pieces.armies_of.get(player_index, 0)
    settlers_on_site = 0
    site_wanted = wanted is None or wanted["settler_on_site"]
    for unit in pieces.others_of.get(player_index, ()):
        name = f"units.{unit.kind}"
        found[name] = found.get(name, 0) + 1
        if site_wanted and unit.kind == "settler" and _could_found_city(game, unit):
            settlers_on_site += 1
    found["army_unit"] = min(armies, weights.army_cap * max(1, len(cities)))
    found["settler_on_site"] = remaining * settlers_on_site
    if wanted is None or wanted["settler_prospect"]:
        found["settler_prospect"] = remaining * settler_prospects(game, player, weights.prospect_reach)
    found["advance"] = remaining * len(player.advances)
    found["city"] = remaining * len(cities)
    found["city_size"] = remaining * sum(game.city_size(city) - 1 for city in cities)
    largest = largest_city_size(game, len(cities))
    found["city_room"] = remaining * sum(max(0, largest - game.city_size(city)) for city in cities)
    for city in cities:
        name = f"moods.{city.mood}"
        found[name] = found.get(name, 0) + remaining
    if wanted is None or wanted["city_in_reach"]:
        reach, margin = weights.conquest_reach, weights.conquest_margin
        found["city_in_reach"] = enemy_cities_in_reach(game, player_index, reach, margin, pieces)
    if wanted is None or wanted["collectable"]:
        room = resource_room(game, player)
        prices = weights.collect_prices or weights.resources
        choices = collect_choices_of(game, cities)
        found["collectable"] = remaining * sum(
            collectable(game, c, prices, room, spaces) for c, spaces in zip(cities, choices, strict=True)
        )
    if wanted is None or wanted["threat"]:
        found["threat"] = -_threats(game, player_index, pieces)
    if wanted is None or wanted["exposure"]:
        found["exposure"] = -exposure(game, player_index, weights.exposure_reach, pieces)
    if wanted is None or wanted["leader_in_reach"] or wanted["leader_exposure"]:
        found["leader_in_reach"] = enemy_leaders_in_reach(game, player_index, weights.leader_reach, pieces)
        found["leader_exposure"] = -leader_exposure(game, player_index, weights.exposure_reach, pieces)
    if weights.holding_rounds:
        share = holding_share(game, weights.holding_rounds)
        if share < 1.0:
            found |= {name: amount * share for name, amount in found.items() if name.startswith(HELD)}
    return found


def wonder_progress(game: Game, player: Player) -> float:
    """How near the player is to building the nearest of its wonder cards, 0 to 1: the share of the
    wonder's cost it holds (gold standing in for the resources it may replace), halved for each advance
    the wonder needs that the player lacks, and halved again while none of its cities could take a
    wonder now (a Happy city smaller than the number of the player's cities and than the largest size)."""
    if not player.wonder_cards:
        return 0.0
    rules = game.rules.game
    have = holdings(player)
    cities = game.cities_of(player.index)
    room = any(c.mood == "happy" and c.size < largest_city_size(game, len(cities)) for c in cities)
    best = 0.0
    for wonder in player.wonder_cards:
        cost = wonder_cost(game, player, wonder)
        covered = {item: min(have.get(item, 0), amount) for item, amount in cost.items()}
        short = sum(cost[item] - covered[item] for item in cost if item in rules.gold_substitutes_for)
        spare_gold = have.get("gold", 0) - covered.get("gold", 0)
        share = (sum(covered.values()) + min(short, spare_gold)) / max(1, sum(cost.values()))
        missing = [a for a in (rules.wonder_advance, game.rules.wonders[wonder].advance) if not player.has(a)]
        best = max(best, share * 0.5 ** (len(missing) + (0 if room else 1)))
    return best


def holding_share(game: Game, rounds: int) -> float:
    """What a holding is still worth with `rounds` to turn it into points: all of it while more than
    `rounds` rounds follow the current one, nothing in the last round (or after it)."""
    after_this = total_rounds(game) - rounds_played(game) - 1
    return min(1.0, max(0.0, after_this / rounds))


def collectable(
    game: Game,
    city: City,
    prices: Mapping[str, float],
    room: dict[str, int],
    choices: Mapping[Hex, list[str]] | None = None,
) -> float:
    """The worth of a good Collect the city could make now: its mood-modified size of the spaces it
    may collect from (`choices`: its `collect_choices`, if looked up already), picked one by one, each
    giving its most valuable yield that still fits under the player's resource limits (`room`: the most
    of each resource the player may hold; what exceeds it is lost), priced at `prices`. An estimate: a
    limit on spaces of one terrain (Fishing) is not counted."""
    spaces = list((collect_choices(game, city) if choices is None else choices).values())
    room = dict(room)
    worth = 0.0
    for _ in range(min(len(spaces), mood_modified_size(game, city))):
        gain, index, resource = _best_pick(spaces, prices, room)
        worth += gain
        if resource in room:  # other yields (a mood token) have no limit
            room[resource] -= 1
        del spaces[index]
    return worth


def _best_pick(spaces: list[list[str]], prices: Mapping[str, float], room: dict[str, int]) -> tuple[float, int, str]:
    """The most valuable yield of any space (its worth, the space's index, the resource): of equal
    worths the last space's, and of one space's the last resource by name."""
    best = (-math.inf, -1, "")
    for index, yields in enumerate(spaces):
        for resource in yields:
            pick = (prices.get(resource, 0.0) if room.get(resource, 1) > 0 else 0.0, index, resource)
            if pick > best:
                best = pick
    return best


def resource_room(game: Game, player: Player) -> dict[str, int]:
    """The most of each resource the player may hold: what one Collect may usefully bring. (Not
    less what is held: holding resources would then lower the worth of the cities.)"""
    caps = resource_caps(game, player)
    return {r: caps[r] for r in player.resources}


def exposure(game: Game, player_index: int, reach: int, pieces: Pieces | None = None) -> int:
    """City pieces at risk: for each of the player's cities, its size times the enemy army units
    (other players' and barbarians') within `reach` spaces beyond the player's armies in it."""
    pieces = pieces or Pieces(game)
    enemies = pieces.enemy_armies(player_index)
    if not enemies:
        return 0
    at_risk = 0
    for city in game.cities_of(player_index):
        near = sum(n for pos, n in enemies if distance(pos, city.pos) <= reach)
        if near:
            defenders = pieces.armies_at.get((city.pos, player_index), 0)
            at_risk += game.city_size(city) * max(0, near - defenders)
    return at_risk


def enemy_leaders_in_reach(game: Game, player_index: int, reach: int, pieces: Pieces | None = None) -> float:
    """Other players' leaders on land that the player's army units within `reach` spaces outnumber
    (beyond the army units standing with the leader), each counted by how near the nearest of those
    armies stands: 1 next to it, 1/reach at `reach` spaces."""
    pieces = pieces or Pieces(game)
    mine = [(pos, n) for (pos, owner), n in pieces.free_armies.items() if owner == player_index]
    if not mine:
        return 0.0
    found = 0.0
    for leader in pieces.leaders:
        if leader.owner == player_index or leader.carrier is not None:
            continue
        near = [(away, n) for away, n in ((distance(pos, leader.pos), n) for pos, n in mine) if away <= reach]
        guards = pieces.armies_at.get((leader.pos, leader.owner), 0)
        if sum(n for _, n in near) > guards:
            found += (reach + 1 - max(1, min(away for away, _ in near))) / reach
    return found


def leader_exposure(game: Game, player_index: int, reach: int, pieces: Pieces | None = None) -> int:
    """Enemy army units (other players' and barbarians') within `reach` spaces of the player's leader
    beyond the player's army units standing with it (0 without a leader on the board)."""
    pieces = pieces or Pieces(game)
    own = next((u for u in pieces.leaders if u.owner == player_index), None)
    if own is None:
        return 0
    near = sum(n for pos, n in pieces.enemy_armies(player_index) if distance(pos, own.pos) <= reach)
    guards = pieces.armies_at.get((own.pos, player_index), 0)
    return max(0, near - guards)


def _could_found_city(game: Game, settler: Unit) -> bool:
    """Whether the land under an uncarried settler would take a city (enemies aside)."""
    owner = game.player(settler.owner)
    return settler.carrier is None and why_not_city_ground(game, owner, settler.pos) is None


def settler_prospects(game: Game, player: Player, reach: int) -> float:
    """How near the player's settlers stand to where they could found cities, summed over the settlers:
    each counts `reach` / (`reach` + 1) one step from land that would take a city or from an unexplored
    space (where it explores and may find some), less the farther it must walk, 0 beyond `reach`
    spaces, so that a settler walking out is worth a little more each step. One standing on such land
    counts under `settler_on_site` instead (1 step further along). Enemy units and other players'
    cities bar the way; with no settlement piece left, nothing counts."""
    settlers = [u for u in game.units_of(player.index, "settler") if u.carrier is None]
    if not settlers or game.settlements_used(player.index) >= game.rules.game.city.settlement_limit:
        return 0.0
    barred = {u.pos for u in game.units if u.owner != player.index}
    barred |= {c.pos for c in game.cities if c.owner != player.index}
    found = 0.0
    for settler in settlers:
        away = _walk_to_site(game, player, settler.pos, reach, barred)
        if away:  # (0: on a site)
            found += (reach + 1 - away) / (reach + 1)
    return found


def _walk_to_site(game: Game, player: Player, start: Hex, reach: int, barred: set[Hex]) -> int | None:
    """The fewest steps over land from `start` to a site for a city or an unexplored space (None beyond `reach`)."""
    frontier, seen = [start], {start}
    for away in range(reach + 1):
        following = []
        for space in frontier:
            if not game.revealed(space) or why_not_city_ground(game, player, space) is None:
                return away
            for there in game.board_neighbors(space):
                if there not in seen and there not in barred and not game.is_water(there):
                    seen.add(there)
                    following.append(there)
        frontier = following
    return None


def relative_value(game: Game, player_index: int, weights: Weights = EASY) -> float:
    """The player's value minus the best opponent's: what winning is about. A finished game is
    a win (ties share it) or a loss, whatever the margin."""
    if game.phase == "over":
        return WIN if player_index in game.winner else -WIN
    if weights.ending and cityless_players(game):
        return _final_lead(game, player_index, weights.ending)
    pieces = Pieces(game)
    mine = value(game, player_index, weights, pieces)
    best_other = max(value(game, p.index, weights, pieces) for p in game.players if p.index != player_index)
    return mine - best_other


def _final_lead(game: Game, player_index: int, ending: float) -> float:
    """The lead in points of a game about to end, with `ending` more for leading (less for trailing). It
    ends at the next status phase: until then the players with cities score on at their pace so far, and
    those without score nothing more (`final_totals`)."""
    totals = final_totals(game)
    lead = totals[player_index] - max(t for index, t in enumerate(totals) if index != player_index)
    return lead + (ending if lead > 0 else -ending if lead < 0 else 0.0)


def final_totals(game: Game) -> list[float]:
    """Each player's points at the status phase that ends a game with a cityless player: today's, and for
    a player with cities as many more a round as it scored a round so far, for the rounds before then."""
    pace = rounds_before_end_check(game) / max(1, rounds_played(game))
    totals = []
    for player in game.players:
        total = score_sheet(game, player.index)["total"]
        totals.append(total * (1 + pace) if game.cities_of(player.index) else total)
    return totals


def _threats(game: Game, player_index: int, pieces: Pieces) -> int:
    """Enemy army units next to the player's cities beyond the player's own armies there."""
    armies_at: dict[Hex, int] = {}  # the player's army units on a space less other owners' (none aboard)
    for (pos, owner), n in pieces.free_armies.items():
        armies_at[pos] = armies_at.get(pos, 0) + (n if owner == player_index else -n)
    danger = 0
    for city in game.cities_of(player_index):
        defenders = max(0, armies_at.get(city.pos, 0))
        attackers = sum(-armies_at.get(n, 0) for n in game.board_neighbors(city.pos) if armies_at.get(n, 0) < 0)
        danger += max(0, attackers - defenders)
    return danger


def _remaining_share(game: Game) -> float:
    """The share of the game still to play: what a city still produces matters less near the end."""
    return max(0.0, 1.0 - rounds_played(game) / total_rounds(game))


def total_rounds(game: Game) -> int:
    """The rounds the whole game lasts (at most, where a variant may end it early)."""
    return game.last_age() * game.rules.game.rounds_per_age


def rounds_played(game: Game) -> int:
    """The rounds of the game before the current one."""
    return (game.age - 1) * game.rules.game.rounds_per_age + game.round - 1


def enemy_cities_in_reach(
    game: Game, player_index: int, reach: int, margin: int, pieces: Pieces | None = None
) -> float:
    """Other players' city pieces that the player's army units within `reach` spaces outnumber by
    `margin` beyond the city's defenders (its owner's army units there, and one for a working
    fortress), each city counted by how near the nearest of those armies stands: its size next to
    it, size/reach at `reach` spaces. Only army units the player may move count (armies need an
    advance to move, Tactics): the advance is worth what the armies could then take."""
    pieces = pieces or Pieces(game)
    mine = pieces.movable_armies(game, player_index)
    if not mine:
        return 0.0
    found = 0.0
    for city in game.cities:
        if city.owner == player_index or city.owner < 0:
            continue
        near = [(away, n) for away, n in ((distance(pos, city.pos), n) for pos, n in mine) if away <= reach]
        if not near:
            continue
        defenders = pieces.armies_at.get((city.pos, city.owner), 0)
        defenders += 1 if game.building_works(city, FORTRESS) else 0
        if sum(n for _, n in near) - defenders >= margin:
            found += game.city_size(city) * (reach + 1 - max(1, min(away for away, _ in near))) / reach
    return found


def _may_move(game: Game, unit: Unit) -> bool:
    """Whether the unit's owner holds the advance its kind needs to move at all (if any)."""
    needed = game.rules.units[unit.kind].requires_advance_to_move
    return not needed or game.player(unit.owner).uses(needed)
