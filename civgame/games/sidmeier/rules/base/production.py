"""What a city may build and do: unlocked buildings, its one action per turn, the number of cities."""

from __future__ import annotations

from civgame.games.sidmeier.core.model import City, Game
from civgame.games.sidmeier.rules.base import effects

WONDER_DISCOUNT = "wonder_discount:"  # a `used` mark: this turn's next wonder costs that much less (a great person)


def max_cities(game: Game, seat: int) -> int:
    return effects.highest(game, seat, "max_cities", game.rules.game.cities.base_max)


def unlocked_faces(game: Game, seat: int) -> list[str]:
    """The building faces the player may build: unlocked, and not the basic face of an upgraded family
    (do not change the list: it is kept while the player's techs stay)."""
    return effects.memo(game, seat, "faces", (), lambda: _unlocked_faces(game, seat))


def _unlocked_faces(game: Game, seat: int) -> list[str]:
    rules = game.rules
    known = {b for t in game.players[seat].techs for b in rules.techs[t].buildings}
    upgraded = {rules.faces[b].family.id for b in known if b in rules.faces and rules.faces[b].upgraded}
    out = []
    for face_id, face in rules.faces.items():
        if (face.upgraded and face_id in known) or (
            not face.upgraded and face.family.id not in upgraded and face_id in known
        ):
            out.append(face_id)
    return out


EXTRA_ACTION = "extra_action:"  # a `used` mark: the city takes one more action this turn (a great person)
CARD_ACTION = "card_action:"  # a `used` mark: the city takes one more action this turn (a culture event card)


def city_may_act(game: Game, city: City) -> bool:
    """The city has not taken its action this turn (the capital of a player in Anarchy never does), or has an
    extra action left."""
    return city.actions < _own_actions(game, city) + _card_actions(game, city) + _extra_actions(game, city)


def on_extra_action(game: Game, city: City) -> bool:
    """The city's next action is a great person's extra one (it cannot be cancelled): taken after its own and
    any a culture event card gave."""
    return _extra_actions(game, city) > 0 and city.actions >= _own_actions(game, city) + _card_actions(game, city)


def _card_actions(game: Game, city: City) -> int:
    return game.players[city.owner].used.count(f"{CARD_ACTION}{city.id}")


def _own_actions(game: Game, city: City) -> int:
    return 0 if city.capital and effects.has(game, city.owner, "capital_idle") else 1


def _extra_actions(game: Game, city: City) -> int:
    return game.players[city.owner].used.count(f"{EXTRA_ACTION}{city.id}")
