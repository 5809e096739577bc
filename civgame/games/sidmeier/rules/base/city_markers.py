"""Fame and Fortune's markers on a city centre: a fortification or a caravan (one at most a city). How they
come there is `rules.expansions.disbanding`; what a fortification does in a battle is here."""

from __future__ import annotations

from civgame.games.sidmeier.core.model import City, Game

FORTIFICATION, CARAVAN = "fortification", "caravan"


def fortification_bonus(game: Game, city: City) -> int:
    """The combat bonus of the defender of `city` for its fortification (0 when it has none)."""
    cfg = game.rules.game.disbanding
    return cfg.fortification_bonus if cfg is not None and city.marker == FORTIFICATION else 0


def defended(game: Game, city: City) -> None:
    """The city defended itself successfully: its fortification is discarded."""
    if city.marker == FORTIFICATION:
        city.marker = ""
        game.say(f"The fortification of the city at {game.label(city.pos)} is discarded.")
