"""The board: squares and their neighbours, cities' outskirts, blockades, stacking and travel."""

from __future__ import annotations

from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.model import City, Figure, Game
from civgame.games.sidmeier.core.vocabulary import Direction
from civgame.games.sidmeier.rules.base import effects

OFFSETS: dict[Direction, tuple[int, int]] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def step(game: Game, pos: int, direction: Direction) -> int | None:
    """The square next to `pos` in `direction`, or None off the map."""
    x, y = game.xy(pos)
    dx, dy = OFFSETS[direction]
    nx, ny = x + dx, y + dy
    if 0 <= nx < game.width and 0 <= ny < game.height:
        return ny * game.width + nx
    return None


def orthogonal(game: Game, pos: int) -> list[int]:
    out = []
    for direction in OFFSETS:
        nxt = step(game, pos, direction)
        if nxt is not None:
            out.append(nxt)
    return out


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


def outskirts(game: Game, city: City) -> list[int]:
    return around(game, city.pos)


def city_owning(game: Game, pos: int) -> City | None:
    """The city whose outskirts hold `pos` (outskirts never overlap), or None."""
    for city in game.cities:
        if pos != city.pos and chebyshev(game, pos, city.pos) == 1:
            return city
    return None


def enemy_figures_at(game: Game, pos: int, seat: int) -> list[Figure]:
    return [f for f in game.figures if f.pos == pos and f.owner != seat]


def own_figures_at(game: Game, pos: int, seat: int) -> list[Figure]:
    return [f for f in game.figures if f.pos == pos and f.owner == seat]


def blockaded(game: Game, pos: int, seat: int) -> bool:
    """An enemy figure stands on `pos`: the square gives `seat` nothing."""
    return any(f.pos == pos and f.owner != seat for f in game.figures)


def stacking_limit(game: Game, seat: int) -> int:
    base = effects.highest(game, seat, "stacking_limit", game.rules.game.movement.stacking_limit)
    return base + effects.total(game, seat, "stacking_bonus")


def travel_speed(game: Game, seat: int) -> int:
    return effects.highest(game, seat, "travel_speed", game.rules.game.movement.travel_speed)


def water_mode(game: Game, seat: int) -> str:
    """none, cross (through water, never ending there) or end (ending in water too)."""
    modes = {p.mode for p in effects.params(game, seat, "water_movement", fx.WaterMovement)}
    return "end" if "end" in modes else "cross" if "cross" in modes else "none"


def closed_to(game: Game, pos: int, seat: int) -> bool:
    """`pos` lies in the outskirts of another player's city whose owner closes its borders."""
    city = city_owning(game, pos)
    return city is not None and city.owner != seat and effects.has(game, city.owner, "closed_borders")


def may_stop(game: Game, seat: int, pos: int, count: int) -> bool:
    """`count` of the player's figures may end a move on `pos` (no enemies there: battles are apart)."""
    if not revealed(game, pos):
        return False
    if is_water(game, pos) and water_mode(game, seat) != "end":
        return False
    city = game.city_at(pos)
    if city is not None:
        return False  # never in one's own city centre; an enemy centre is attacked, not entered
    if game.squares[pos].marker >= 0:
        return False
    if closed_to(game, pos, seat):
        return False
    present = sum(1 for f in game.figures if f.pos == pos and f.owner == seat)
    return present + count <= stacking_limit(game, seat)


def placement_squares(game: Game, city: City, figure: str) -> list[int]:
    """Where a figure built by `city` may be placed: its outskirts, within the stacking limit; scouts not
    where an enemy stands (an army placed there fights)."""
    seat = city.owner
    out = []
    limit = stacking_limit(game, seat)
    end_in_water = water_mode(game, seat) == "end"
    for pos in outskirts(game, city):
        square = game.squares[pos]
        if not square.terrain or square.marker >= 0:
            continue
        if not end_in_water and game.rules.terrains[square.terrain].water:
            continue
        here = [f for f in game.figures if f.pos == pos]
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
    anchors = [f.pos for f in game.figures if f.owner == seat] + [c.pos for c in game.cities if c.owner == seat]
    return any(manhattan(game, pos, a) <= distance for a in anchors)
