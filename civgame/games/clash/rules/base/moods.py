"""A city's mood as the rules count it: Forced Labor's angry-as-neutral, and the mood-modified size
that collecting, recruiting and capturing use."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.core.model import City, Game


def angry_counts_as_neutral(game: Game, owner: int) -> bool:
    """An `angry_as_neutral` effect was used in the owner's current turn (Forced Labor)."""
    if owner != game.current:
        return False
    player = game.player(owner)
    held = effects.active(game, player, "angry_as_neutral")
    return bool(held) and any(not effects.unused_this_turn(player, e) for e in held)  # (seldom held)


def effective_mood(game: Game, city: City) -> str:
    """The mood a city counts with when activated."""
    if city.mood == "angry" and angry_counts_as_neutral(game, city.owner):
        return "neutral"
    return city.mood


def mood_modified_size(game: Game, city: City) -> int:
    """How many spaces a city collects from and how many units it recruits."""
    mood = city.mood  # (`effective_mood` asked of angry cities only: every city listed asks this)
    if mood == "happy":
        return game.city_size(city) + game.rules.game.city.happy_bonus
    if mood == "angry" and effective_mood(game, city) == "angry":
        return game.rules.game.city.angry_fixed
    return game.city_size(city)
