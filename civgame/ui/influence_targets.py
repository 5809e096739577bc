"""Influence Culture beyond a city's attempts on other players' city pieces (the Civilizations expansion's
special advances of faith): attempts from settlers, listed where the settlers stand, and new targets
(barbarian settlements, army units). When the player clicks on such a source or target and no attempt there is legal
now, a greyed entry gives the rules' reason, asked of the attempt nearest to being possible."""

from __future__ import annotations

from collections.abc import Collection

from civgame.games.clash.content import effects
from civgame.games.clash.core import actions as A
from civgame.games.clash.core.hexgrid import Hex
from civgame.games.clash.core.model import BARBARIAN, City, Game, Player
from civgame.games.clash.rules.actions.influence import ARMY_UNIT, TOKEN_UNDER, sources

INFLUENCE_LABEL = "Influence this city"  # the attempts on a city clicked on
UNIT_LABEL = "Influence an army unit here"  # the attempts on an army unit on the space clicked on
FROM_SETTLERS_LABEL = "Influence culture from the settlers here"  # the attempts of the settlers clicked on


def on_unit_at(game: Game, action: A.InfluenceCulture, space: Hex) -> bool:
    """The attempt is on an army unit standing on `space`."""
    unit = game.unit(action.target) if action.building == ARMY_UNIT else None
    return unit is not None and unit.pos == space


def starts_at(game: Game, action: A.InfluenceCulture, space: Hex) -> bool:
    """The attempt starts from units standing on `space` (settlers), not from a city."""
    unit = game.unit(action.source)
    return unit is not None and unit.pos == space


def unoffered_attempts(game: Game, space: Hex, offered: Collection[str]) -> list[tuple[str, A.Action]]:
    """(label, attempt) for each source or target of these kinds on `space` that the player's effects allow but
    no legal attempt uses (its label not among `offered`), to be greyed with the reason it is refused."""
    player = game.player(game.actor())
    probes = [*_settlement_probe(game, player, space), *_settlers_probe(game, player, space)]
    probes += _unit_probe(game, player, space)
    return [(label, action) for label, action in probes if label not in offered]


def _settlement_probe(game: Game, player: Player, space: Hex) -> list[tuple[str, A.Action]]:
    """A token under the barbarian settlement on `space` (`influence_settlement_token`), from the nearest city."""
    target = game.city_at(space)
    source = _nearest_city(game, player.index, space)
    if target is None or source is None or target.owner != BARBARIAN:
        return []
    if not effects.has(game, player, "influence_settlement_token"):
        return []
    return [(INFLUENCE_LABEL, A.InfluenceCulture(source.id, target.id, TOKEN_UNDER))]


def _settlers_probe(game: Game, player: Player, space: Hex) -> list[tuple[str, A.Action]]:
    """An attempt of the settlers on `space` (`influence_from_settlers`) on the nearest foreign city piece."""
    settlers = [s for s in sources(game, player) if not isinstance(s, City) and s.pos == space]
    foreign = _nearest_foreign_piece(game, player, space)
    if not settlers or foreign is None:
        return []
    return [(FROM_SETTLERS_LABEL, A.InfluenceCulture(settlers[0].id, *foreign))]


def _unit_probe(game: Game, player: Player, space: Hex) -> list[tuple[str, A.Action]]:
    """An attempt on another player's army unit on `space` (`influence_army_units`), from the nearest city."""
    source = _nearest_city(game, player.index, space)
    units = [u for u in game.units_at(space) if u.owner not in (player.index, BARBARIAN) and game.is_army(u)]
    if source is None or not units or not effects.has(game, player, "influence_army_units"):
        return []
    return [(UNIT_LABEL, A.InfluenceCulture(source.id, units[0].id, ARMY_UNIT))]


def _nearest_city(game: Game, owner: int, space: Hex) -> City | None:
    reach = game.distances_from(space)
    own = [c for c in game.cities_of(owner) if c.pos in reach]
    return min(own, key=lambda c: (reach[c.pos], c.id), default=None)


def _nearest_foreign_piece(game: Game, player: Player, space: Hex) -> tuple[int, str] | None:
    """(city id, building) of the nearest other player's city piece not in the player's colour."""
    reach = game.distances_from(space)
    pieces = [
        (reach[c.pos], c.id, building)
        for c in game.cities
        if c.owner not in (player.index, BARBARIAN) and c.pos in reach
        for building, colour in c.buildings.items()
        if colour != player.index
    ]
    return min(pieces)[1:] if pieces else None
