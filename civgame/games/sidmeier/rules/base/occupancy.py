"""Which figures stand on each square, looked up often: kept until a figure is placed, moves or is
removed (every such change bumps the board version, `yields.touch`)."""

from __future__ import annotations

from civgame.games.sidmeier.core.model import Figure, Game

NONE: list[Figure] = []


def at(game: Game, pos: int) -> list[Figure]:
    """The figures on `pos` (do not change the list)."""
    return by_square(game).get(pos, NONE)


def by_square(game: Game) -> dict[int, list[Figure]]:
    """The figures on each square that holds any (do not change the mapping)."""
    cache = game.cache
    cached = cache.get("occupancy")
    if cached is None or cached[0] != cache.get("board_version", 0):
        cached = _build(game)
    found: dict[int, list[Figure]] = cached[1]
    return found


def _build(game: Game) -> tuple[int, dict[int, list[Figure]]]:
    found: dict[int, list[Figure]] = {}
    for fig in game.figures:
        found.setdefault(fig.pos, []).append(fig)
    cached = (game.cache.get("board_version", 0), found)
    game.cache["occupancy"] = cached
    return cached


def enemy_on(game: Game, pos: int, seat: int) -> bool:
    return any(f.owner != seat for f in at(game, pos))


def own_count(game: Game, pos: int, seat: int) -> int:
    return sum(1 for f in at(game, pos) if f.owner == seat)
