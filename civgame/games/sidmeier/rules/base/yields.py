"""What squares give: a city's outskirts and the squares scouts send it, with their icons.

A square gives its printed icons, or those of the building, wonder or great person on it (their
icons replace the square's). A square where an enemy figure stands gives its city's owner nothing.
From the turn after it was placed, a scout sends its square to the city its owner declared at the
Start of Turn; that square then counts for that city only.
"""

from __future__ import annotations

from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.model import City, Game
from civgame.games.sidmeier.rules.base import board, effects

TRADE, PRODUCTION, CULTURE, COIN = range(4)


def icons(game: Game, pos: int) -> tuple[int, int, int, int]:
    """The trade, production, culture and coins a square shows now."""
    square = game.squares[pos]
    improvement = square.improvement
    if improvement is None:
        return square.trade, square.production, square.culture, square.coin
    rules = game.rules
    if improvement.kind == "building":
        i = rules.faces[improvement.name].face.icons
    elif improvement.kind == "great_person":
        i = rules.great_people[improvement.name].icons
    else:
        return 0, 0, rules.wonders[improvement.name].culture, 0
    return i.trade, i.production, i.culture, i.coin


def resource_at(game: Game, pos: int) -> str:
    square = game.squares[pos]
    return "" if square.improvement is not None else square.resource


def gathering_scouts(game: Game, seat: int) -> dict[int, int]:
    """The player's gathering scouts: square -> the city it is sent to."""
    out = {}
    for fig in game.figures:
        if fig.owner == seat and fig.kind == "scout" and fig.gathers_for >= 0 and fig.placed_turn < game.turn:
            out[fig.pos] = fig.gathers_for
    return out


def city_squares(game: Game, seat: int) -> dict[int, list[int]]:
    """Each of the player's cities -> the squares that count for it now."""
    key = ("squares", seat)
    stamp = _stamp(game)
    cached = game.cache.get(key)
    if cached is not None and cached[0] == stamp:
        found: dict[int, list[int]] = cached[1]
        return found
    sent = gathering_scouts(game, seat)
    cities = [c for c in game.cities if c.owner == seat]
    found = {c.id: [] for c in cities}
    enemy_squares = {f.pos for f in game.figures if f.owner != seat}
    for city in cities:
        for pos in board.outskirts(game, city):
            if pos in enemy_squares or (pos in sent and sent[pos] != city.id):
                continue
            if game.squares[pos].terrain:
                found[city.id].append(pos)
    for pos, city_id in sent.items():
        if city_id in found and pos not in found[city_id]:
            found[city_id].append(pos)
    game.cache[key] = (stamp, found)
    return found


def _stamp(game: Game) -> tuple[object, ...]:
    """Changes whenever what a city's squares depend on may have changed."""
    return (
        game.turn,
        tuple((f.pos, f.owner, f.gathers_for) for f in game.figures),
        tuple(c.pos for c in game.cities),
        game.cache.get("board_version", 0),
    )


def touch(game: Game) -> None:
    """The board changed in a way the stamp cannot see (an improvement, terrain, a tile)."""
    game.cache["board_version"] = game.cache.get("board_version", 0) + 1


def city_icons(game: Game, city: City) -> tuple[int, int, int, int]:
    totals = [0, 0, 0, 0]
    for pos in city_squares(game, city.owner).get(city.id, []):
        for i, n in enumerate(icons(game, pos)):
            totals[i] += n
    return totals[0], totals[1], totals[2], totals[3]


def city_resources(game: Game, city: City) -> list[str]:
    """The resources the city may harvest (one per square showing one)."""
    return [r for pos in city_squares(game, city.owner).get(city.id, []) if (r := resource_at(game, pos))]


def production(game: Game, city: City) -> int:
    """The production the city has left this turn (its squares, bonuses and boosts, minus what it spent)."""
    seat = city.owner
    base = city_icons(game, city)[PRODUCTION] + effects.total(game, seat, "production_per_city")
    for p in effects.params(game, seat, "production_per_coins", fx.ProductionPerCoins):
        base += (coins(game, seat) // p.coins) * p.amount
    return max(0, base) + city.boost - city.spent


def trade_income(game: Game, seat: int) -> int:
    """The trade the player collects in the Trade phase."""
    total = 0
    per_city = effects.total(game, seat, "trade_per_city")
    water_bonus = effects.total(game, seat, "empty_water_trade")
    occupied = {f.pos for f in game.figures}
    for city in game.cities_of(seat):
        squares = city_squares(game, seat)[city.id]
        total += sum(icons(game, pos)[TRADE] for pos in squares) + per_city
        if water_bonus:
            empty_water = [
                p
                for p in board.outskirts(game, city)
                if board.is_water(game, p) and game.squares[p].improvement is None and p not in occupied
            ]
            total += water_bonus * len(empty_water)
    return max(0, total)


def arts_culture(game: Game, city: City) -> int:
    base = game.rules.game.culture.arts_base + city_icons(game, city)[CULTURE]
    return max(0, base + effects.total(game, city.owner, "arts_culture"))


def map_coins(game: Game, seat: int) -> int:
    return sum(icons(game, pos)[COIN] for squares in city_squares(game, seat).values() for pos in squares)


def coins(game: Game, seat: int) -> int:
    """The coins on the player's economy dial."""
    player = game.players[seat]
    total = map_coins(game, seat) + sum(player.coin_tokens.values())
    total += sum(game.rules.techs[t].coins for t in player.techs)
    tokens_on = player.coin_tokens
    for wonder, count in tokens_on.items():  # coin tokens on a wonder count while its ability works
        if wonder in game.rules.wonders and not effects.wonder_active(game, wonder):
            total -= count
    if player.last_battle_turn < game.turn - 1:
        total += effects.total(game, seat, "coins_while_peaceful")
    return max(0, total)
