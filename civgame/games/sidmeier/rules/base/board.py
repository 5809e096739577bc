"""The board: squares and their neighbours, cities' outskirts, blockades, stacking and travel."""

from __future__ import annotations

from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.model import City, Figure, Game
from civgame.games.sidmeier.core.vocabulary import Direction
from civgame.games.sidmeier.rules.base import city_state_map, effects, memo, occupancy

# in the order of DIRECTIONS (the neighbours of a square are listed in it)
OFFSETS: dict[Direction, tuple[int, int]] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def step(game: Game, pos: int, direction: Direction) -> int | None:
    """The square next to `pos` in `direction`, or None off the map."""
    return neighbours(game)[pos][0].get(direction)


def orthogonal(game: Game, pos: int) -> list[int]:
    """The up to 4 squares next to `pos` (do not change the list)."""
    return neighbours(game)[pos][1]


def neighbours(game: Game) -> list[tuple[dict[Direction, int], list[int]]]:
    """For every square: its neighbour in each direction, and those neighbours in order (the map never
    changes size)."""
    table: list[tuple[dict[Direction, int], list[int]]] | None = game.cache.get("neighbours")
    if table is None:
        table = []
        for pos in range(game.width * game.height):
            x, y = game.xy(pos)
            by_direction: dict[Direction, int] = {
                direction: (y + dy) * game.width + x + dx
                for direction, (dx, dy) in OFFSETS.items()
                if 0 <= x + dx < game.width and 0 <= y + dy < game.height
            }
            table.append((by_direction, list(by_direction.values())))
        game.cache["neighbours"] = table
    return table


def around(game: Game, pos: int) -> list[int]:
    """The up to 8 squares around `pos` (diagonals too)."""
    cached = game.cache.get(("around", pos))
    if cached is not None:
        found: list[int] = cached
        return found
    x, y = game.xy(pos)
    found = [
        (y + dy) * game.width + x + dx
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < game.width and 0 <= y + dy < game.height
    ]
    game.cache[("around", pos)] = found
    return found


def chebyshev(game: Game, a: int, b: int) -> int:
    ax, ay = game.xy(a)
    bx, by = game.xy(b)
    return max(abs(ax - bx), abs(ay - by))


def distance_to_city(game: Game, pos: int, city: City) -> int:
    """Squares (diagonals counted) from `pos` to the nearest square of the city's centre."""
    return min(chebyshev(game, pos, centre) for centre in city.centre())


def manhattan(game: Game, a: int, b: int) -> int:
    ax, ay = game.xy(a)
    bx, by = game.xy(b)
    return abs(ax - bx) + abs(ay - by)


def revealed(game: Game, pos: int) -> bool:
    return game.squares[pos].terrain != ""


def is_water(game: Game, pos: int) -> bool:
    terrain = game.squares[pos].terrain
    return bool(terrain) and game.rules.terrains[terrain].water


def tile_slot_of(game: Game, pos: int) -> int:
    """The index in `game.tiles` of the tile holding `pos`."""
    size = game.rules.map.tile_size
    x, y = game.xy(pos)
    columns = game.width // size
    return (y // size) * columns + x // size


def home_centre(game: Game, seat: int) -> list[int]:
    """The 4 centre squares of the player's home tile (where the capital starts)."""
    slot = next(slot for slot in game.tiles if slot.home_of == seat)
    size = game.rules.map.tile_size
    middle = [size // 2 - 1, size // 2]
    return [game.pos(slot.column * size + dx, slot.row * size + dy) for dy in middle for dx in middle]


def outskirts(game: Game, city: City) -> list[int]:
    """The 8 squares around a city's centre; the 10 around a metropolis's two centre squares (Fame and
    Fortune)."""
    if city.expansion < 0:
        return around(game, city.pos)
    return squares_around(game, [city.pos, city.expansion])


def squares_around(game: Game, centre: list[int]) -> list[int]:
    """The squares around a centre of one or more squares, in map order (the centre's own left out)."""
    key = ("ring", *centre)
    cached = game.cache.get(key)
    if cached is None:
        cached = game.cache[key] = sorted({p for c in centre for p in around(game, c)} - set(centre))
    found: list[int] = cached
    return found


def city_owning(game: Game, pos: int) -> City | None:
    """The city whose outskirts hold `pos` (outskirts never overlap), or None."""
    return outskirts_owners(game).get(pos)


def city_centres(game: Game) -> dict[int, City]:
    """Every city by the square of its centre."""
    key = game.cache.get("land_version", 0)  # (cities come and go with a change of the land)
    cached = game.cache.get("centres")
    if cached is None or cached[0] != key:
        cached = (key, {pos: c for c in game.cities for pos in c.centre()})
        game.cache["centres"] = cached
    found: dict[int, City] = cached[1]
    return found


def outskirts_owners(game: Game) -> dict[int, City]:
    """Every city by the squares of its outskirts (do not change the mapping)."""
    key = game.cache.get("land_version", 0)  # (cities come and go with a change of the land)
    cached = game.cache.get("outskirts_map")
    if cached is not None and cached[0] == key:
        found: dict[int, City] = cached[1]
        return found
    found = {}
    for city in game.cities:
        for pos in outskirts(game, city):
            found[pos] = city
    game.cache["outskirts_map"] = (key, found)
    return found


def enemy_figures_at(game: Game, pos: int, seat: int) -> list[Figure]:
    return [f for f in occupancy.at(game, pos) if f.owner != seat]


def own_figures_at(game: Game, pos: int, seat: int) -> list[Figure]:
    return [f for f in occupancy.at(game, pos) if f.owner == seat]


def blockaded(game: Game, pos: int, seat: int) -> bool:
    """An enemy figure stands on `pos`: the square gives `seat` nothing."""
    return occupancy.enemy_on(game, pos, seat)


def stacking_limit(game: Game, seat: int) -> int:
    def compute() -> int:
        base = effects.highest(game, seat, "stacking_limit", game.rules.game.movement.stacking_limit)
        return base + effects.total(game, seat, "stacking_bonus")

    return memo.listing(
        game,
        ("stacking", seat),
        lambda: effects.memo(game, seat, "stacking", ("stacking_limit", "stacking_bonus"), compute),
    )


def travel_speed(game: Game, seat: int) -> int:
    def compute() -> int:
        base = effects.highest(game, seat, "travel_speed", game.rules.game.movement.travel_speed)
        return base + effects.total(game, seat, "travel_speed_bonus")

    return effects.memo(game, seat, "speed", ("travel_speed", "travel_speed_bonus"), compute)


STAYS = "stays:"  # a `used` mark with a figure's id: the figure cannot move this turn (a great person moved it)
TRAVEL_DOUBLED = "travel_doubled"  # a `used` mark: the player's travel speed is doubled this turn (a great person)


def moving_speed(game: Game, seat: int) -> int:
    """The squares a move may take: the travel speed, doubled for the rest of a turn by a great person."""
    speed = travel_speed(game, seat)
    return speed * 2 if TRAVEL_DOUBLED in game.players[seat].used else speed


def water_mode(game: Game, seat: int) -> str:
    """none, cross (through water, never ending there) or end (ending in water too)."""

    def compute() -> str:
        modes = {p.mode for p in effects.params(game, seat, "water_movement", fx.WaterMovement)}
        return "end" if "end" in modes else "cross" if "cross" in modes else "none"

    return effects.memo(game, seat, "water", ("water_movement",), compute)


def closed_to(game: Game, pos: int, seat: int) -> bool:
    """`pos` lies in the outskirts of another player's city whose owner closes its borders."""
    city = city_owning(game, pos)
    return city is not None and closes_borders(game, city, seat)


def closes_borders(game: Game, city: City, seat: int) -> bool:
    """The city's outskirts are closed to `seat`: another player's city whose owner closes its borders."""
    return city.owner != seat and effects.has(game, city.owner, "closed_borders")


def may_stop(game: Game, seat: int, pos: int, count: int) -> bool:
    """`count` of the player's figures may end a move on `pos` (no enemies there: battles are apart)."""
    if not revealed(game, pos):
        return False
    if is_water(game, pos) and water_mode(game, seat) != "end":
        return False
    city = game.city_at(pos)
    if city is not None:
        return False  # never in one's own city centre; an enemy centre is attacked, not entered
    if game.squares[pos].marker >= 0 or game.squares[pos].relic:  # only an army's own move ends on a relic
        return False
    if closed_to(game, pos, seat):
        return False
    present = occupancy.own_count(game, pos, seat)
    return present + count <= stacking_limit(game, seat)


def placement_squares(game: Game, city: City, figure: str) -> list[int]:
    """Where a figure built by `city` may be placed: its outskirts (a capital's take in the city-states its
    owner controls, W&W), within the stacking limit; scouts not where an enemy stands (an army placed there
    fights)."""
    seat = city.owner
    out = []
    limit = stacking_limit(game, seat)
    end_in_water = water_mode(game, seat) == "end"
    city_states = city_state_map.controlled(game, seat) if city.capital else []
    for pos in outskirts(game, city) + city_states:
        square = game.squares[pos]
        if not square.terrain or square.marker >= 0:
            continue
        if not end_in_water and game.rules.terrains[square.terrain].water:
            continue
        here = occupancy.at(game, pos)
        if figure == "scout" and any(f.owner != seat for f in here):
            continue
        if sum(1 for f in here if f.owner == seat) + 1 > limit:
            continue
        out.append(pos)
    return out


def within(game: Game, seat: int, pos: int, distance: int | None) -> bool:
    """`pos` lies within `distance` squares (orthogonally counted) of the player's figures or cities."""
    if distance is None:
        return True
    anchors = memo.listing(game, ("anchors", seat), lambda: _anchors(game, seat))
    x, y = game.xy(pos)
    return any(abs(x - ax) + abs(y - ay) <= distance for ax, ay in anchors)


def _anchors(game: Game, seat: int) -> list[tuple[int, int]]:
    found = {f.pos for f in game.figures if f.owner == seat} | {p for c in game.cities_of(seat) for p in c.centre()}
    return [game.xy(p) for p in found]


def improved_squares(game: Game) -> list[int]:
    """The squares holding a building, wonder or great person."""
    key = game.cache.get("land_version", 0)
    cached = game.cache.get("improved")
    if cached is None or cached[0] != key:
        cached = (key, [pos for pos, square in enumerate(game.squares) if square.improvement is not None])
        game.cache["improved"] = cached
    found: list[int] = cached[1]
    return found


def on_edge(game: Game, pos: int) -> bool:
    x, y = game.xy(pos)
    return x in (0, game.width - 1) or y in (0, game.height - 1)
