"""What squares give: a city's outskirts and the squares scouts send it, with their icons.

A square gives its printed icons, or those of the building, wonder, great person or city-state on it
(their icons replace the square's). A square where an enemy figure stands gives its city's owner
nothing. From the turn after it was placed, a scout sends its square to the city its owner declared at
the Start of Turn; that square then counts for that city only. A city-state's square counts for the
capital of the player who controls it (W&W), never for a scout's city.
"""

from __future__ import annotations

from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.model import City, Figure, Game
from civgame.games.sidmeier.rules.base import board, city_state_map, effects, memo, metropolises

TRADE, PRODUCTION, CULTURE, COIN = range(4)


def icons(game: Game, pos: int) -> tuple[int, int, int, int]:
    """The trade, production, culture and coins a square shows now."""
    square = game.squares[pos]
    improvement = square.improvement
    if square.city_state >= 0:
        return city_state_map.icons(game, square.city_state)
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
    if square.city_state >= 0:
        return city_state_map.resource(game, square.city_state)
    return "" if square.improvement is not None else square.resource


def gatherer(game: Game, fig: Figure) -> bool:
    """The figure gathers as a scout does: a scout, or an army of a player whose armies do (England)."""
    return fig.kind == "scout" or effects.has(game, fig.owner, "armies_gather")


def gathering_scouts(game: Game, seat: int) -> dict[int, int]:
    """The player's gathering scouts (and armies that gather like them): square -> the city it is sent to."""
    out = {}
    for fig in game.figures:
        if fig.owner == seat and fig.gathers_for >= 0 and fig.placed_turn < game.turn and gatherer(game, fig):
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
        if city_id in found and pos not in found[city_id] and game.squares[pos].city_state < 0:
            found[city_id].append(pos)
    capital = next((c for c in cities if c.capital), None)
    if capital is not None:
        found[capital.id] += city_state_map.controlled(game, seat)
    game.cache[key] = (stamp, found)
    return found


def _stamp(game: Game) -> tuple[int, int]:
    """Changes whenever what a city's squares depend on may have changed: every change of figures,
    cities, improvements, terrain or tiles calls `touch` (the invariants check that none is missed)."""
    return game.turn, game.cache.get("board_version", 0)


def coins_changed(game: Game, seat: int | None = None) -> None:
    """Something coins depend on, besides the board, changed: coin tokens, techs, a government, a battle
    fought (for Democracy), an obsolete wonder; `seat`: for that player only (their bound of coins is worked
    out again, not everyone's)."""
    cache = game.cache
    cache["coin_version"] = cache.get("coin_version", 0) + 1
    key = "coin_version_all" if seat is None else ("coin_version", seat)
    cache[key] = cache.get(key, 0) + 1


def touch(game: Game, *, figures_only: bool = False) -> None:
    """The board changed: figures (`figures_only`), or cities, improvements, terrain or tiles."""
    cache = game.cache
    cache["board_version"] = cache.get("board_version", 0) + 1
    if not figures_only:
        cache["land_version"] = cache.get("land_version", 0) + 1


def fresh_city_squares(game: Game, seat: int) -> dict[int, list[int]]:
    """`city_squares` computed without the cache (for the invariants)."""
    game.cache.pop(("squares", seat), None)
    return city_squares(game, seat)


def city_icons(game: Game, city: City) -> tuple[int, int, int, int]:
    trade_sum = production_sum = culture_sum = coin_sum = 0
    for pos in city_squares(game, city.owner).get(city.id, []):
        trade, made, culture, coin = icons(game, pos)
        trade_sum, production_sum, culture_sum, coin_sum = (
            trade_sum + trade,
            production_sum + made,
            culture_sum + culture,
            coin_sum + coin,
        )
    return trade_sum, production_sum, culture_sum, coin_sum


def city_resources(game: Game, city: City) -> list[str]:
    """The resources the city may harvest (one per square showing one)."""
    return [r for pos in city_squares(game, city.owner).get(city.id, []) if (r := resource_at(game, pos))]


def production(game: Game, city: City) -> int:
    """The production the city has left this turn (its squares, bonuses and boosts, minus what it spent)."""
    return memo.listing(game, ("production", city.id), lambda: _production(game, city))


def _production(game: Game, city: City) -> int:
    seat = city.owner
    base = city_icons(game, city)[PRODUCTION] * program_factor(game, city) + effects.total(
        game, seat, "production_per_city"
    )
    if city.capital:
        base += effects.total(game, seat, "capital_production")
    base += sum(p.production for p in _developed(game, city))
    for p in effects.params(game, seat, "production_per_coins", fx.ProductionPerCoins):
        base += (coins(game, seat) // p.coins) * p.amount
    return max(0, base) + city.boost - city.spent


def program_factor(game: Game, city: City) -> int:
    """How many times its outskirts' production a city has: a building program multiplies it (W&W)."""
    cfg = game.rules.game.building_program
    return cfg.production_factor if city.program and cfg is not None else 1


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
    return max(0, total + effects.total(game, seat, "trade_bonus"))


def _developed(game: Game, city: City) -> list[fx.DevelopedCity]:
    """The player's `developed_city` abilities whose condition the city meets (W&W: Urban Development)."""
    found = effects.params(game, city.owner, "developed_city", fx.DevelopedCity)
    if not found:
        return []
    names = set()
    for pos in city_squares(game, city.owner).get(city.id, []):
        improvement = game.squares[pos].improvement
        if improvement is not None and improvement.kind in ("building", "wonder"):
            names.add(improvement.name)
    return [p for p in found if len(names) >= p.improvements]


def arts_culture(game: Game, city: City) -> int:
    base = metropolises.arts_base(game, city) + city_icons(game, city)[CULTURE]
    base += sum(p.arts_culture for p in _developed(game, city))
    per_resource = effects.total(game, city.owner, "arts_culture_per_resource_square")
    if per_resource:
        base += per_resource * sum(1 for pos in board.outskirts(game, city) if resource_at(game, pos))
    return max(0, base + effects.total(game, city.owner, "arts_culture"))


def _outskirts_coins(game: Game, seat: int) -> tuple[dict[int, int], int]:
    """The coin squares in the outskirts of the player's cities, and their sum (they change only with the
    land)."""
    key = ("coin_squares", seat)
    land = (game.turn, game.cache.get("land_version", 0))
    cached = game.cache.get(key)
    if cached is None or cached[0] != land:
        found: dict[int, int] = {}
        squares = game.squares
        for city in game.cities:
            if city.owner == seat:
                for pos in board.outskirts(game, city):
                    square = squares[pos]
                    if not square.terrain:
                        continue
                    plain = square.improvement is None and square.city_state < 0  # (most squares: printed icons)
                    coin = square.coin if plain else icons(game, pos)[COIN]
                    if coin:
                        found[pos] = coin
        cached = (land, found, sum(found.values()))
        game.cache[key] = cached
    return cached[1], cached[2]


def map_coins(game: Game, seat: int) -> int:
    """The coins of the squares the player's cities and gathering scouts control (the same as summing the coins
    of `city_squares`, without working those out)."""
    outskirts, total = _outskirts_coins(game, seat)
    counted = set()  # a square with two figures on it counts once
    for fig in game.figures:
        pos = fig.pos
        if pos in counted:
            continue
        if fig.owner != seat:
            if pos in outskirts:
                counted.add(pos)
                total -= outskirts[pos]
        elif game.squares[pos].city_state >= 0 or _gathers(game, fig, outskirts):
            counted.add(pos)  # a controlled city-state (part of the capital's outskirts), or a scout's square
            total += icons(game, pos)[COIN]
    return total


def _gathers(game: Game, fig: Figure, outskirts: dict[int, int]) -> bool:
    """The scout (or an army gathering like one) gathers a square outside its owner's outskirts."""
    if fig.gathers_for < 0 or fig.placed_turn >= game.turn or fig.pos in outskirts:
        return False
    return gatherer(game, fig)


def coins(game: Game, seat: int) -> int:
    """The coins on the player's economy dial."""
    cache = game.cache
    key = (game.turn, cache.get("board_version", 0), cache.get("land_version", 0), cache.get("coin_version", 0))
    cached = game.cache.get(("coins", seat))
    if cached is not None and cached[0] == key:
        found: int = cached[1]
        return found
    found = _coins(game, seat)
    game.cache[("coins", seat)] = (key, found)
    return found


def coins_bound(game: Game, seat: int) -> int:
    """An upper bound of the player's coins, worked out without the figures (which may blockade their
    squares or gather more): a quick test that economic victory is still out of reach. Kept until the land,
    the turn, or what the player's coins depend on changes."""
    cache = game.cache
    key = (
        game.turn,
        cache.get("land_version", 0),
        cache.get("coin_version_all", 0),
        cache.get(("coin_version", seat), 0),
    )
    cached = cache.get(("coins_bound", seat))
    if cached is None or cached[0] != key:
        cached = cache[("coins_bound", seat)] = (key, _coins_bound(game, seat))
    found: int = cached[1]
    return found


def fresh_coins_bound(game: Game, seat: int) -> int:
    """`coins_bound` worked out without the cache (for the invariants)."""
    return _coins_bound(game, seat)


def _coins_bound(game: Game, seat: int) -> int:
    player = game.players[seat]
    outskirts = _outskirts_coins(game, seat)[1]
    scouts = player.scouts  # (all it owns: the bound holds however many are on the map)
    if effects.has(game, seat, "armies_gather"):
        scouts += player.armies
    gathered = scouts * game.rules.most_coins_on_a_square()
    lasting = effects.memo(game, seat, "bound_coins", BOUND_EFFECTS, lambda: _effect_coins(game, seat))
    city_states = sum(icons(game, pos)[COIN] for pos in city_state_map.squares(game))  # were they all controlled
    tokens = sum(player.coin_tokens.values())
    return tokens + tech_coins(game, seat) + outskirts + gathered + lasting + city_states


BOUND_EFFECTS = ("coins_while_peaceful", "extra_coins")


def _effect_coins(game: Game, seat: int) -> int:
    """The most coins the player's effects give (those while at peace counted as if at peace)."""
    return sum(effects.total(game, seat, name) for name in BOUND_EFFECTS)


def tech_coins(game: Game, seat: int) -> int:
    player = game.players[seat]
    key = ("tech_coins", seat)
    cached = game.cache.get(key)
    if cached is None or cached[0] != len(player.techs):
        cached = (len(player.techs), sum(game.rules.techs[t].coins for t in player.techs))
        game.cache[key] = cached
    found: int = cached[1]
    return found


def _coins(game: Game, seat: int) -> int:
    player = game.players[seat]
    total = map_coins(game, seat) + sum(player.coin_tokens.values()) + tech_coins(game, seat)
    total += effects.total(game, seat, "extra_coins")
    tokens_on = player.coin_tokens
    for wonder, count in tokens_on.items():  # coin tokens on a wonder count while its ability works
        if wonder in game.rules.wonders and not effects.wonder_active(game, wonder):
            total -= count
    if player.last_battle_turn < game.turn - 1:
        total += effects.total(game, seat, "coins_while_peaceful")
    return max(0, total)
