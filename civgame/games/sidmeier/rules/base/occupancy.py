"""Which figures stand on each square, looked up often: kept until a figure is placed, moves or is
removed (every such change bumps the board version, `yields.touch`)."""

from __future__ import annotations

from civgame.games.sidmeier.core.model import Figure, Game

NONE: list[Figure] = []


def at(game: Game, pos: int) -> list[Figure]:
    """The figures on `pos` (do not change the list)."""
    return index(game).get(pos, NONE)


def index(game: Game) -> dict[int, list[Figure]]:
    version = game.cache.get("board_version", 0)
    cached = game.cache.get("occupancy")
    if cached is not None and cached[0] == version:
        found: dict[int, list[Figure]] = cached[1]
        return found
    found = {}
    for fig in game.figures:
        found.setdefault(fig.pos, []).append(fig)
    game.cache["occupancy"] = (version, found)
    return found


def enemy_on(game: Game, pos: int, seat: int) -> bool:
    return any(f.owner != seat for f in at(game, pos))


def own_count(game: Game, pos: int, seat: int) -> int:
    return sum(1 for f in at(game, pos) if f.owner == seat)
