"""Checks of a decoded save before it is played: every number names a piece, a square, a seat, a city
or a figure that exists; every name is in the rules. The codec has already checked every type.
`validate` returns the first problem as `path: what is wrong`, or None."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from civgame.games.sidmeier.core import decisions as d
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base.city_markers import CARAVAN, FORTIFICATION

MASK = (1 << 64) - 1


class Invalid(Exception):
    pass


def validate(game: Game) -> str | None:
    try:
        _validate(game)
    except Invalid as exc:
        return str(exc)
    return None


def _fail(path: str, text: str) -> None:
    raise Invalid(f"{path}: {text}")


def _in(path: str, value: Any, allowed: Iterable[Any], what: str) -> None:
    if value not in allowed:
        _fail(path, f"{value!r} is not {what}")


def _range(path: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        _fail(path, f"{value} is not between {low} and {high}")


def _ids(path: str, values: Iterable[int], total: int, what: str) -> None:
    for i, value in enumerate(values):
        if not 0 <= value < total:
            _fail(f"{path}[{i}]", f"there is no {what} {value}")


def _validate(game: Game) -> None:
    rules = game.rules
    n = len(game.players)
    _range("game.players", n, rules.game.players.min, rules.game.players.max)
    _range("game.rng.state", game.rng.state, 0, MASK)
    layout = rules.map.layouts.get(n)
    if layout is None:
        _fail("game.players", f"no map for {n} players")
        return
    size = rules.map.tile_size
    if (game.width, game.height) != (layout.columns * size, layout.rows * size):
        _fail("game.width", f"the map of {n} players is {layout.columns * size} x {layout.rows * size} squares")
    squares = len(game.squares)
    if squares != game.width * game.height:
        _fail("game.squares", f"{squares} squares, not {game.width * game.height}")
    seats = range(n)
    units, cultures = len(rules.unit_cards), len(rules.culture_card_ids)
    people, markers = len(rules.great_person_ids), len(rules.hut_markers)
    city_states = len(rules.city_states.markers)
    market = set(rules.game.resources.market)
    resources = market | set(rules.game.resources.other)
    # players
    for i, p in enumerate(game.players):
        at = f"game.players[{i}]"
        if p.seat != i:
            _fail(f"{at}.seat", f"{p.seat} is not its place {i}")
        _in(f"{at}.civ", p.civ, rules.civilizations, "a civilization")
        _in(f"{at}.government", p.government, rules.governments, "a government")
        for gov in p.unlocked_turn:
            _in(f"{at}.unlocked_turn", gov, rules.governments, "a government")
        for j, tech in enumerate(p.techs):
            _in(f"{at}.techs[{j}]", tech, rules.techs, "a tech")
        if len(p.rows) != len(p.techs):
            _fail(f"{at}.rows", "one row per tech")
        for j, row in enumerate(p.rows):
            _range(f"{at}.rows[{j}]", row, 1, 5)
        _range(f"{at}.trade", p.trade, 0, rules.game.trade.dial_max)
        _range(f"{at}.culture", p.culture, 0, 10**6)
        _range(f"{at}.track", p.track, 0, len(rules.track.spaces))
        for key, count in p.coin_tokens.items():
            _range(f"{at}.coin_tokens.{key}", count, 0, 10**4)
        for key, count in p.investments.items():
            _in(f"{at}.investments", key, set(rules.investments), "an investment card of these rules")
            _range(f"{at}.investments.{key}", count, 1, 10**4)
        for key, count in p.resources.items():
            _in(f"{at}.resources", key, market, "a market resource")
            _range(f"{at}.resources.{key}", count, 0, 10**4)
        _ids(f"{at}.markers", p.markers, markers, "hut or village marker")
        _ids(f"{at}.seen_markers", p.seen_markers, markers, "hut or village marker")
        _ids(f"{at}.hand", p.hand, cultures, "culture event card")
        _ids(f"{at}.standing", p.standing, units, "unit card")
        _ids(f"{at}.reserve", p.reserve, people, "great person marker")
        _ids(f"{at}.person_cards", p.person_cards, len(rules.person_card_ids), "great person card")
        _ids(f"{at}.person_shown", p.person_shown, len(rules.person_card_ids), "great person card")
        _ids(f"{at}.blanks", list(p.blanks), len(rules.person_card_ids), "great person card")
        for row in p.blanks.values():
            _range(f"{at}.blanks", row, 1, 4)
        for key, count in p.person_markers.items():
            _in(f"{at}.person_markers", key, set(rules.person_cards), "a great person card of these rules")
            _range(f"{at}.person_markers.{key}", count, 1, 10**4)
        for j, policy in enumerate(p.policies):
            _in(f"{at}.policies[{j}]", policy, rules.policies, "a social policy of these rules")
        if len({rules.policy_card[x] for x in p.policies if x in rules.policy_card}) != len(p.policies):
            _fail(f"{at}.policies", "two policies of one card are adopted")
        for unit, rank in p.ranks.items():
            _in(f"{at}.ranks", unit, rules.units, "a unit type")
            _range(f"{at}.ranks.{unit}", rank, 1, len(rules.units[unit].ranks))
        for j, wonder in enumerate(p.wonders):
            _in(f"{at}.wonders[{j}]", wonder, rules.wonders, "a wonder")
        for j, relic in enumerate(p.relic_boons):
            _in(f"{at}.relic_boons[{j}]", relic, rules.relics, "a relic of these rules")
        _range(f"{at}.armies", p.armies, 0, 100)
        _range(f"{at}.scouts", p.scouts, 0, 100)
    # the map
    tiles = set(rules.neutral_tiles) | {t.id for t in rules.tiles.home_tiles}
    if len(game.tiles) != layout.columns * layout.rows:
        _fail("game.tiles", f"{len(game.tiles)} tiles, not {layout.columns * layout.rows}")
    for i, slot in enumerate(game.tiles):
        at = f"game.tiles[{i}]"
        _in(f"{at}.tile", slot.tile, tiles, "a tile")
        if (slot.column, slot.row) != (i % layout.columns, i // layout.columns):
            _fail(f"{at}.column", "tiles are listed row by row")
        _range(f"{at}.home_of", slot.home_of, -1, n - 1)
        _range(f"{at}.turns", slot.turns, 0, 3)
    for i, sq in enumerate(game.squares):
        at = f"game.squares[{i}]"
        if sq.terrain:
            _in(f"{at}.terrain", sq.terrain, rules.terrains, "a terrain")
        for field in ("trade", "production", "culture", "coin"):
            _range(f"{at}.{field}", getattr(sq, field), 0, 99)
        if sq.resource:
            _in(f"{at}.resource", sq.resource, resources, "a resource")
        _in(f"{at}.feature", sq.feature, ("", "hut", "village"), "a hut, a village or nothing")
        _range(f"{at}.marker", sq.marker, -1, markers - 1)
        if sq.relic:
            _in(f"{at}.relic", sq.relic, rules.relics, "a relic of these rules")
        _range(f"{at}.city_state", sq.city_state, -1, city_states - 1)
        imp = sq.improvement
        if imp is not None:
            table: dict[str, Any] = {
                "building": rules.faces,
                "wonder": rules.wonders,
                "great_person": rules.great_people,
            }
            _in(f"{at}.improvement.name", imp.name, table[imp.kind], f"a {imp.kind.replace('_', ' ')}")
            _range(f"{at}.improvement.owner", imp.owner, 0, n - 1)
            if imp.kind == "great_person":
                _range(f"{at}.improvement.marker", imp.marker, 0, people - 1)
    cities = {c.id for c in game.cities}
    if len(cities) != len(game.cities):
        _fail("game.cities", "two cities share an id")
    for i, c in enumerate(game.cities):
        _range(f"game.cities[{i}].owner", c.owner, 0, n - 1)
        _range(f"game.cities[{i}].pos", c.pos, 0, squares - 1)
        if c.expansion >= 0:
            if game.rules.game.metropolis is None:
                _fail(f"game.cities[{i}].expansion", "these rules have no metropolises")
            _range(f"game.cities[{i}].expansion", c.expansion, 0, squares - 1)
        if c.marker:
            allowed = (FORTIFICATION, CARAVAN) if game.rules.game.disbanding is not None else ()
            _in(f"game.cities[{i}].marker", c.marker, allowed, "a fortification or caravan of these rules")
    figure_ids = {f.id for f in game.figures}
    if len(figure_ids) != len(game.figures):
        _fail("game.figures", "two figures share an id")
    for i, f in enumerate(game.figures):
        _range(f"game.figures[{i}].owner", f.owner, 0, n - 1)
        _range(f"game.figures[{i}].pos", f.pos, 0, squares - 1)
        if f.gathers_for != -1 and f.gathers_for not in cities:
            _fail(f"game.figures[{i}].gathers_for", f"there is no city {f.gathers_for}")
    if game.next_id <= max([-1, *figure_ids, *cities]):
        _fail("game.next_id", "is not above every figure's and city's id")
    # decks and piles
    if set(game.unit_decks) != set(rules.units):
        _fail("game.unit_decks", "one deck per unit type")
    for unit, deck in game.unit_decks.items():
        _ids(f"game.unit_decks.{unit}.draw", deck.draw, units, "unit card")
        _ids(f"game.unit_decks.{unit}.returned", deck.returned, units, "unit card")
    if set(game.culture_decks) != set(rules.culture_decks):
        _fail("game.culture_decks", "one deck per culture deck of the rules")
    for name, deck in game.culture_decks.items():
        _ids(f"game.culture_decks.{name}.draw", deck.draw, cultures, "culture event card")
        _ids(f"game.culture_decks.{name}.returned", deck.returned, cultures, "culture event card")
    _ids("game.culture_out", game.culture_out, cultures, "culture event card")
    _ids("game.great_people", game.great_people, people, "great person marker")
    _ids("game.people_gone", game.people_gone, people, "great person marker")
    if game.great_person_deck and not rules.person_cards:
        _fail("game.great_person_deck", "the great person deck is an option of Fame and Fortune, not of these rules")
    for pile in ("draw", "returned"):
        cards = getattr(game.person_deck, pile)
        _ids(f"game.person_deck.{pile}", cards, len(rules.person_card_ids), "great person card")
    _ids("game.hut_pile", game.hut_pile, markers, "hut marker")
    _ids("game.village_pile", game.village_pile, markers, "village marker")
    _ids("game.markers_gone", game.markers_gone, markers, "hut or village marker")
    _ids("game.city_state_pile", game.city_state_pile, city_states, "city-state marker")
    _ids("game.city_states_gone", game.city_states_gone, city_states, "city-state marker")
    for marker, resource in game.city_state_resources.items():
        _range("game.city_state_resources", marker, 0, city_states - 1)
        _in(f"game.city_state_resources.{marker}", resource, market, "a market resource")
    _ids("game.barbarians", game.barbarians, units, "unit card")
    for key, count in game.market.items():
        _in("game.market", key, market, "a market resource")
        _range(f"game.market.{key}", count, 0, 10**4)
    for key in game.buildings:
        _in("game.buildings", key, rules.families, "a building family")
    for name in ("wonder_deck", "wonder_market", "wonders_gone", "obsolete", "wonders_out"):
        for j, wonder in enumerate(getattr(game, name)):
            _in(f"game.{name}[{j}]", wonder, rules.wonders, "a wonder")
    for wonder, pos in game.wonder_at.items():
        _in("game.wonder_at", wonder, rules.wonders, "a wonder")
        _range(f"game.wonder_at.{wonder}", pos, 0, squares - 1)
    # the turn
    _range("game.turn", game.turn, 1, 10**6)
    _range("game.first", game.first, 0, n - 1)
    _in("game.step", game.step, ("", "reveal"), "a step of the Research phase")
    for i, seat in enumerate(game.queue):
        _in(f"game.queue[{i}]", seat, seats, "a seat")
    for seat, tech in game.research.items():
        _in("game.research", seat, seats, "a seat")
        _in(f"game.research.{seat}", tech, rules.techs, "a tech")
    for i, seat in enumerate(game.winners):
        _in(f"game.winners[{i}]", seat, seats, "a seat")
    for seat in game.achieved:
        _in("game.achieved", seat, seats, "a seat")
    _battle(game, seats, units, cities)
    for i, held in enumerate(game.held):
        _in(f"game.held[{i}].actor", held.actor, seats, "a seat")
        _range(f"game.held[{i}].target", held.target, -1, n - 1)
        for j, seat in enumerate(held.also):
            _range(f"game.held[{i}].also[{j}]", seat, 0, n - 1)
    if game.phase == "over":
        if game.pending:
            _fail("game.pending", "a finished game waits for no decision")
        return
    if not game.pending:
        _fail("game.pending", "a game in progress waits for a decision")
    battle_decisions = (d.BattleCards, d.BattlePlay, d.ChooseLoot, d.SaveUnits, d.BarbarianDeck)
    for i, decision in enumerate(game.pending):
        at = f"game.pending[{i}]"
        _in(f"{at}.player", decision.player, seats, "a seat")
        if isinstance(decision, battle_decisions) and game.battle is None:
            _fail(at, f"{decision.KIND} needs a battle in progress")
        if isinstance(decision, d.Respond) and not game.held:
            _fail(at, "respond needs an act held open")
        if isinstance(decision, (d.Moving, d.Evacuate)):
            for j, fid in enumerate(decision.figures):
                if fid not in figure_ids:
                    _fail(f"{at}.figures[{j}]", f"there is no figure {fid}")
        if isinstance(decision, (d.RespondOffer, d.ExchangeChoice)):
            other = decision.by if isinstance(decision, d.RespondOffer) else decision.other
            _in(f"{at}.{'by' if isinstance(decision, d.RespondOffer) else 'other'}", other, seats, "a seat")
        if isinstance(decision, d.PlaceGreatPerson):
            _range(f"{at}.marker", decision.marker, 0, people - 1)
        if isinstance(decision, d.GreatPersonDraw):
            for j, marker in enumerate(decision.markers):
                _range(f"{at}.markers[{j}]", marker, 0, people - 1)
            _ids(f"{at}.cards", decision.cards, len(rules.person_card_ids), "great person card")
        if isinstance(decision, d.FreeBuildings) and decision.building:  # (empty: any basic building)
            _in(f"{at}.building", decision.building, rules.faces, "a building of these rules")
            _range(f"{at}.left", decision.left, 1, 10**4)
        if isinstance(decision, d.PlaceStartingWonder):
            _in(f"{at}.wonder", decision.wonder, rules.wonders, "a wonder")
        if isinstance(decision, d.PlaceStartingFigure):
            _in(f"{at}.figure", decision.figure, ("army", "scout"), "a figure")
        if isinstance(decision, d.SecondResearchChoice | d.ExchangeChoice):
            level = decision.level if isinstance(decision, d.SecondResearchChoice) else decision.max_level
            _range(f"{at}.level", level, 1, 5)
        starting = isinstance(decision, d.PlaceStartingFigure | d.PlaceStartingWonder) and i == len(game.pending) - 1
        if starting and not any(c.capital and c.owner == decision.player for c in game.cities):
            _fail(at, "a starting piece is placed after the capital")


def _battle(game: Game, seats: range, units: int, cities: set[int]) -> None:
    battle = game.battle
    if battle is None:
        return
    at = "game.battle"
    _in(f"{at}.attacker", battle.attacker, seats, "a seat")
    _in(f"{at}.defender", battle.defender, seats, "a seat")
    _range(f"{at}.pos", battle.pos, 0, len(game.squares) - 1)
    if battle.kind == "city" and battle.city not in cities and battle.stage in ("cards", "draw", "play", "resolve"):
        _fail(f"{at}.city", f"there is no city {battle.city}")
    if len(battle.hands) != 2 or len(battle.killed) != 2 or len(battle.extra) != 2 or len(battle.bonus) != 2:
        _fail(at, "two sides: hands, killed, extra and bonus have two entries each")
    for side in (0, 1):
        _ids(f"{at}.hands[{side}]", battle.hands[side], units, "unit card")
        _ids(f"{at}.killed[{side}]", battle.killed[side], units, "unit card")
    for i, front in enumerate(battle.fronts):
        _range(f"{at}.fronts[{i}].attacker", front.attacker, -1, units - 1)
        _range(f"{at}.fronts[{i}].defender", front.defender, -1, units - 1)
    _range(f"{at}.side", battle.side, 0, 1)
    _range(f"{at}.winner", battle.winner, -1, 1)
    if battle.stage == "loot" and battle.winner < 0:
        _fail(f"{at}.winner", "loot is taken by the winner")
    _range(f"{at}.loot", battle.loot, 0, 2)
    for unit in battle.barbarian_draw:
        _in(f"{at}.barbarian_draw", unit, game.rules.units, "a unit type")
