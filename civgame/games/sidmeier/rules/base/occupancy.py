"""Which figures stand on each square, looked up often: kept until a figure is placed, moves or is
removed (every such change bumps the board version, `yields.touch`); a step of the Movement phase, the
most common change, updates the table rather than building it again."""

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
    cached = (game.cache.get("board_version", 0), fresh(game))
    game.cache["occupancy"] = cached
    return cached


def fresh(game: Game) -> dict[int, list[Figure]]:
    """The table built afresh, the cache left alone (for the invariants)."""
    found: dict[int, list[Figure]] = {}
    for fig in game.figures:
        found.setdefault(fig.pos, []).append(fig)
    return found


def stepped(game: Game, source: int, there: int) -> None:
    """Figures have just stepped from `source` to `there`, and the board version been bumped once for it: a
    table that was current before the step is updated (in a copy: a table handed out stays as it was), its
    squares keeping the figures in the order of `game.figures`."""
    cache = game.cache
    cached = cache.get("occupancy")
    version = cache.get("board_version", 0)
    if cached is None or cached[0] != version - 1:
        return
    table = dict(cached[1])
    left = [f for f in table[source] if f.pos == source]
    if left:
        table[source] = left
    else:
        del table[source]
    table[there] = [f for f in game.figures if f.pos == there]
    cache["occupancy"] = (version, table)


def enemy_on(game: Game, pos: int, seat: int) -> bool:
    return any(f.owner != seat for f in at(game, pos))


def own_count(game: Game, pos: int, seat: int) -> int:
    return sum(1 for f in at(game, pos) if f.owner == seat)
