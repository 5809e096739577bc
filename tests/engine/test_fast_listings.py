"""The legal listings made faster list exactly what the plain listings they replaced did.

Each oracle below is the listing as it was written before it was made faster (or, for Recruit,
a brute force over every combination checked by the rule's own `why_not_recruit`); seeded random
games compare them with the listings after every action.
"""

from itertools import combinations, combinations_with_replacement, product

import pytest

from civgame.ai import play_game, random_agents
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects.economy import CollectFar
from civgame.games.clash.core.actions import (
    Action,
    AddTradeItem,
    Advance,
    Collect,
    Construct,
    Pick,
    PlayActionCard,
    Recruit,
)
from civgame.games.clash.core.decisions import TradeDecision
from civgame.games.clash.core.hexgrid import Hex
from civgame.games.clash.core.model import City, Game
from civgame.games.clash.rules.actions import trading
from civgame.games.clash.rules.actions.advances import _waiver, advance_cost, gainable
from civgame.games.clash.rules.actions.cities import (
    _activatable_cities,
    _over_limit,
    _ring,
    _space_yields,
    building_price,
    collect_action_forbidden,
    collect_stretch,
    far_collect_rule,
    in_pirate_zone,
    placements,
    recruit_costs,
    recruitable_kinds,
    why_not_construct,
    why_not_recruit,
)
from civgame.games.clash.rules.base.moods import mood_modified_size
from civgame.games.clash.rules.base.payments import affordable, can_pay
from civgame.games.clash.rules.base.registry import RULES
from civgame.games.clash.rules.cards.action_cards import _joined, _ways, half_cost, why_not_play


def plays(game: Game) -> list[Action]:
    player = game.player(game.current)
    found: list[Action] = []
    for card in sorted(set(player.action_cards)):
        half = game.rules.action_card(card).action
        spec = game.rules.action_halves[half]
        if why_not_play(game, player, half, spec) is None:
            found.extend(
                PlayActionCard(card, _joined(way))
                for way in _ways(game, player, half)
                if can_pay(game, player, half_cost(game, player, spec, half, way))
            )
    return found


def constructions(game: Game) -> list[Action]:
    cities = _activatable_cities(game)
    if not cities:
        return []
    player = game.player(game.current)
    buildings = [
        b for b in game.rules.buildings if affordable(game, player, building_price(game, player, b), token_swap=False)
    ]
    return [
        Construct(city.id, building, facing)
        for city in cities
        for building in buildings
        for facing in placements(game, city, building)
        if why_not_construct(game, city, building, facing) is None
    ]


def recruits(game: Game) -> list[Action]:
    player = game.player(game.current)
    return [
        Recruit(city.id, units)
        for city in _activatable_cities(game)
        for count in range(1, mood_modified_size(game, city) + 1)
        for units in combinations_with_replacement(recruitable_kinds(game, city), count)
        if why_not_recruit(game, city, units) is None
        and any(affordable(game, player, cost) for cost in recruit_costs(game, player, units))
    ]


def collects(game: Game) -> list[Action]:
    """Brute force: for each city, the largest sets of picks (near spaces only, then with far ones) that
    break no `max_spaces` limit, from spaces checked one by one against the board."""
    player = game.player(game.current)
    cities = _activatable_cities(game)
    if not cities or collect_action_forbidden(game, player):
        return []
    extra, repeat = collect_stretch(game, player)
    far_rule = far_collect_rule(game, player)
    found: list[Action] = []
    for city in cities:
        near = _free_spaces(game, city, [city.pos, *game.board_neighbors(city.pos)])
        size = mood_modified_size(game, city) + extra
        found += [Collect(city.id, picks) for picks in _largest_sets(game, city, near, {}, 0, size, repeat)]
        if far_rule:
            distance = effects.params_as(far_rule[0], CollectFar).distance
            far = _free_spaces(game, city, [s for s in _ring(city.pos, distance) if game.is_land(s)])
            if far:
                sets = _largest_sets(game, city, near, far, far_rule[1], size, repeat)
                found += [Collect(city.id, picks) for picks in sets]
    return found


def _free_spaces(game: Game, city: City, spaces: list[Hex]) -> dict[Hex, list[str]]:
    found = {}
    for space in spaces:
        terrain = game.terrain(space)
        if (
            terrain is None
            or game.enemy_units_at(space, city.owner)
            or (space != city.pos and game.city_at(space) is not None)
            or space in game.exhausted
            or (game.is_water(space) and in_pirate_zone(game, space))
        ):
            continue
        yields = _space_yields(game, city, space)
        if yields:
            found[space] = yields
    return found


def _largest_sets(
    game: Game, city: City, near: dict[Hex, list[str]], far: dict[Hex, list[str]], max_far: int, size: int, repeat: bool
) -> list[tuple[Pick, ...]]:
    yields = {**near, **far}
    choose = combinations_with_replacement if repeat else combinations
    for count in range(size, 0, -1):
        sets = [
            picks
            for spaces in choose(sorted(yields), count)
            if (1 if far else 0) <= len({s for s in spaces if s in far}) == sum(s in far for s in spaces) <= max_far
            for picks in product(*([(s, what) for what in yields[s]] for s in spaces))
            if (not repeat or list(picks) == sorted(picks)) and _over_limit(game, city, picks) is None
        ]
        if sets:
            return sets
    return []


def advances(game: Game) -> list[Action]:
    player = game.player(game.current)
    if game.actions_left <= 0:
        return []
    if affordable(game, player, advance_cost(game)):
        return [Advance(name) for name in gainable(game, player)]
    if not effects.has(game, player, "free_advance_cost"):
        return []
    return [Advance(name) for name in gainable(game, player) if _waiver(game, player, name)]


def trade_items(game: Game) -> list[Action]:
    decision = game.pending[-1]
    assert isinstance(decision, TradeDecision)
    me = game.player(decision.player)
    candidates = [
        *(AddTradeItem(side, item) for side in trading.SIDES for item in trading.AMOUNTS),
        *(AddTradeItem("take", kind) for kind in trading.CARD_KINDS),
        *(
            AddTradeItem("give", card, down)
            for kind in trading.CARD_KINDS
            for card in trading.hand(game, me, kind)
            for down in (False, True)
        ),
    ]
    return [a for a in candidates if trading.item_problem(game, decision, a.side, a.item) is None]


TURN_ORACLES = {
    PlayActionCard: plays,
    Construct: constructions,
    Recruit: recruits,
    Advance: advances,
    Collect: collects,
}
SEARCHED = (Recruit, Collect)  # listed in an order the plain oracles do not follow


class Comparer:
    """Observer: after every action, each listing against its oracle."""

    def __init__(self) -> None:
        self.compared = dict.fromkeys((*TURN_ORACLES, AddTradeItem), 0)

    def __call__(self, game: Game, _action: object) -> None:
        if game.phase == "over":
            return
        top = game.pending[-1] if game.pending else None
        if isinstance(top, TradeDecision):
            self._compare(game, AddTradeItem, trade_items(game), ordered=True)
        if top is None and game.phase == "play" and game.combat is None:
            for kind, oracle in TURN_ORACLES.items():
                self._compare(game, kind, oracle(game), ordered=kind not in SEARCHED)
            self._why_not_play_agrees(game)

    def _compare(self, game: Game, kind: type[Action], expected: list[Action], *, ordered: bool) -> None:
        listed = list(RULES[kind].legal(game))
        if ordered:
            assert listed == expected, f"{kind.__name__} at step {len(game.history)}"
        else:
            assert sorted(map(repr, listed)) == sorted(map(repr, expected)), f"{kind.__name__} at {len(game.history)}"
            assert len(set(listed)) == len(listed)
        self.compared[kind] += bool(expected)

    def _why_not_play_agrees(self, game: Game) -> None:
        """The window's reason on a card in hand is None exactly when the card is listed."""
        player = game.player(game.current)
        listed = {a.card for a in RULES[PlayActionCard].legal(game)}
        for card in player.action_cards:
            half = game.rules.action_card(card).action
            assert (why_not_play(game, player, half, game.rules.action_halves[half]) is None) == (card in listed)


@pytest.mark.parametrize("seed", [1, 2, 3, 101, 102, 103])
def test_fast_listings_match_the_plain_ones(seed: int) -> None:
    players = 4 if seed < 100 else 2 + seed % 3
    comparer = Comparer()
    play_game(players, seed, random_agents(players, seed), observer=comparer)
    assert all(comparer.compared.values()), comparer.compared  # every listing was compared where it lists something
