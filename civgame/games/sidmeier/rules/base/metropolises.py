"""Fame and Fortune's metropolis as a city [004 F&F EXPANSION RULES: Metropolises]: its two centre squares
and 10 outskirts squares are `City.centre` and `board.outskirts`; here is what else differs from a city.
How a capital grows into one is `rules.expansions.metropolis`."""

from __future__ import annotations

from civgame.games.sidmeier.core.model import City, Game


def is_metropolis(city: City) -> bool:
    return city.expansion >= 0


def arts_base(game: Game, city: City) -> int:
    """The culture the city makes when devoted to the arts, before its icons: a metropolis makes more."""
    cfg = game.rules.game.metropolis
    if cfg is not None and is_metropolis(city):
        return cfg.arts_base
    return game.rules.game.culture.arts_base


def defending_bonus(game: Game, city: City) -> int:
    """The extra combat bonus of the defender of a metropolis (0 for a city)."""
    cfg = game.rules.game.metropolis
    return cfg.defending_bonus if cfg is not None and is_metropolis(city) else 0
