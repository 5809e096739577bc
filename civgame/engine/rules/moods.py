"""A city's mood as the rules count it: Forced Labor's angry-as-neutral, and the mood-modified size
that collecting, recruiting and capturing use."""

from __future__ import annotations

from civgame.engine.content import effects
from civgame.engine.core.model import City, Game


def angry_counts_as_neutral(game: Game, owner: int) -> bool:
    """An `angry_as_neutral` effect was used in the owner's current turn (Forced Labor)."""
    if owner != game.current:
        return False
    player = game.player(owner)
    return any(not effects.unused_this_turn(player, e) for e in effects.active(game, player, "angry_as_neutral"))


def effective_mood(game: Game, city: City) -> str:
    """The mood a city counts with when activated."""
    if city.mood == "angry" and angry_counts_as_neutral(game, city.owner):
        return "neutral"
    return city.mood


def mood_modified_size(game: Game, city: City) -> int:
    """How many spaces a city collects from and how many units it recruits."""
    rules = game.rules.game.city
    mood = effective_mood(game, city)
    if mood == "angry":
        return rules.angry_fixed
    if mood == "happy":
        return city.size + rules.happy_bonus
    return city.size
