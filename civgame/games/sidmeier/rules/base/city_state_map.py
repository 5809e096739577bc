"""Wisdom and Warfare's city-states on the map: where they lie, who controls them and what their squares
show. How they are founded and destroyed is `rules.expansions.city_states`.

A player controls a city-state while one of their figures stands on its square [004 W&W: Effects of a
city-state]; its square then counts as part of the outskirts of that player's capital, showing the
icons of its marker (they replace the square's printed ones, as a building's do).
"""

from __future__ import annotations

from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import occupancy

NONE: list[int] = []


def squares(game: Game) -> list[int]:
    """The squares holding a city-state marker (they change only with the land)."""
    if not game.rules.city_states.markers:
        return NONE  # (a game without Wisdom and Warfare: the map is not looked at)
    key = game.cache.get("land_version", 0)
    cached = game.cache.get("city_state_squares")
    if cached is None or cached[0] != key:
        cached = (key, [pos for pos, square in enumerate(game.squares) if square.city_state >= 0])
        game.cache["city_state_squares"] = cached
    found: list[int] = cached[1]
    return found


def controller(game: Game, pos: int) -> int:
    """The seat whose figure stands on the city-state at `pos` (-1: nobody controls it)."""
    here = occupancy.at(game, pos)
    return here[0].owner if here else -1


def controlled(game: Game, seat: int) -> list[int]:
    """The squares of the city-states the player controls."""
    return [pos for pos in squares(game) if controller(game, pos) == seat]


def icons(game: Game, marker: int) -> tuple[int, int, int, int]:
    """The trade, production, culture and coins a city-state marker shows."""
    i = game.rules.city_states.markers[marker].icons
    return i.trade, i.production, i.culture, i.coin


def resource(game: Game, marker: int) -> str:
    """The resource a city-state marker shows ("" if none)."""
    return game.city_state_resources.get(marker, "")
