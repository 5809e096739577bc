"""Which effects a player has now, looked up by primitive name.

A player's sources are their civilization's abilities, the government ruling them, the techs they
know and the wonders they own. A wonder counts while it is not obsolete and no enemy figure stands on
its marker (a blockade). The look-up is cached per player and rebuilt when their techs, government
or wonders change; blockades are checked at each look-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from civgame.framework.effects import Params
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import occupancy

P = TypeVar("P", bound=Params)
T = TypeVar("T")
Entry = tuple[str, str, Params]  # (source kind, source id, parameters)


def _index(game: Game, seat: int) -> dict[str, list[Entry]]:
    player = game.players[seat]
    key = (len(player.techs), player.government, len(player.wonders), len(game.obsolete))
    cached = game.cache.get(("fx", seat))
    if cached is not None and cached[0] == key:
        index: dict[str, list[Entry]] = cached[1]
        return index
    game.cache[("memo", seat)] = {}
    rules = game.rules
    index = {}

    def add(kind: str, source: str, effects: Any) -> None:
        for effect in effects:
            index.setdefault(effect.name, []).append((kind, source, effect.params))

    add("civilization", player.civ, rules.civilizations[player.civ].abilities)
    add("government", player.government, rules.governments[player.government].effects)
    for tech in player.techs:
        add("tech", tech, rules.techs[tech].effects)
    for wonder in player.wonders:
        if wonder not in game.obsolete:
            add("wonder", wonder, rules.wonders[wonder].effects)
    game.cache[("fx", seat)] = (key, index)
    return index


def wonder_active(game: Game, wonder: str) -> bool:
    """A built wonder's ability works: it is not obsolete and no enemy figure blockades its marker."""
    if wonder in game.obsolete:
        return False
    pos = game.wonder_at.get(wonder)
    if pos is None:
        return False
    square = game.squares[pos]
    owner = square.improvement.owner if square.improvement is not None else -1
    return not occupancy.enemy_on(game, pos, owner)


def entries(game: Game, seat: int, name: str) -> list[Entry]:
    """The player's effects of primitive `name`, with their sources."""
    found = _index(game, seat).get(name)
    if not found:
        return []
    return [e for e in found if e[0] != "wonder" or wonder_active(game, e[1])]


def memo(game: Game, seat: int, label: str, names: tuple[str, ...], compute: Callable[[], T]) -> T:
    """A value worked out from the player's effects of `names`, kept until those effects change (never
    kept when a wonder gives one of them: a blockade may switch it off at any time)."""
    index = _index(game, seat)
    if any(e[0] == "wonder" for name in names for e in index.get(name, ())):
        return compute()
    store = game.cache.setdefault(("memo", seat), {})
    if label not in store:
        store[label] = compute()
    value: T = store[label]
    return value


def has(game: Game, seat: int, name: str) -> bool:
    return bool(entries(game, seat, name))


def params(game: Game, seat: int, name: str, model: type[P]) -> list[P]:
    """The parameters of the player's effects of primitive `name` (declared with `model`)."""
    out = []
    for _, _, p in entries(game, seat, name):
        assert isinstance(p, model), f"{name} has {type(p).__name__} parameters, not {model.__name__}"
        out.append(p)
    return out


def total(game: Game, seat: int, name: str, attribute: str = "amount") -> int:
    return sum(int(getattr(p, attribute)) for _, _, p in entries(game, seat, name))


def highest(game: Game, seat: int, name: str, base: int, attribute: str = "value") -> int:
    return max([base, *(int(getattr(p, attribute)) for _, _, p in entries(game, seat, name))])


def source_name(game: Game, kind: str, source: str) -> str:
    rules = game.rules
    table: dict[str, Any] = {
        "civilization": rules.civilizations,
        "government": rules.governments,
        "tech": rules.techs,
        "wonder": rules.wonders,
    }
    record = table.get(kind, {}).get(source)
    return str(record.name) if record is not None else source
