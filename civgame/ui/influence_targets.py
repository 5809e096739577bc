"""Influence Culture targets that some effects add beyond other players' city pieces (the Civilizations
expansion's barbarian settlements): when the player clicks on one that no attempt may reach now, a greyed entry
with the rules' reason, asked of an attempt from their nearest city."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.core import actions as A
from civgame.games.clash.core.hexgrid import Hex
from civgame.games.clash.core.model import BARBARIAN, City, Game
from civgame.games.clash.rules.actions.influence import TOKEN_UNDER

LABEL = "Influence this city"  # the label of the attempts on a city clicked on


def unoffered_attempts(game: Game, space: Hex) -> list[tuple[str, A.Action]]:
    """(label, attempt) for each new kind of target on `space` the player's effects allow, to be greyed with the
    reason it is refused: callers ask only when no attempt on the space is legal."""
    player = game.player(game.actor())
    source = _nearest_city(game, player.index, space)
    target = game.city_at(space)
    if source is None or target is None:
        return []
    if target.owner == BARBARIAN and effects.has(game, player, "influence_settlement_token"):
        return [(LABEL, A.InfluenceCulture(source.id, target.id, TOKEN_UNDER))]
    return []


def _nearest_city(game: Game, owner: int, space: Hex) -> City | None:
    reach = game.distances_from(space)
    own = [c for c in game.cities_of(owner) if c.pos in reach]
    return min(own, key=lambda c: (reach[c.pos], c.id), default=None)
