"""`paid_size_bonus` (the Maya's Ballcourts in the 2012 Civilizations expansion): the holder pays for one of their
cities to count larger for its next Collect or Build of units this turn. The ability pays and marks the city;
`size_bonus` is what the Collect and Recruit rules (`cities.py`) add to its mood-modified size, and
`spend_size_bonus` takes the mark away once the city has collected or built."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.economy import PaidSizeBonus
from civgame.games.clash.core.hexgrid import hex_to_label, label_to_hex
from civgame.games.clash.core.model import City, Game, Player
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.abilities import ability
from civgame.games.clash.rules.base.payments import can_pay, pay

Choice = tuple[str, ...]


def _mark(city: City) -> str:
    """The note, among the owner's uses this turn, that the city counts larger for its next Collect or Build."""
    return f"paid_size_bonus:{city.id}"


def size_bonus(game: Game, city: City) -> int:
    """How many sizes larger the city counts for its next Collect or Build of units (0: none paid for)."""
    if city.owner < 0:
        return 0
    player = game.player(city.owner)
    if _mark(city) not in player.used_this_turn:
        return 0
    return sum(effects.params_as(e, PaidSizeBonus).by for e in effects.active(game, player, "paid_size_bonus"))


def spend_size_bonus(game: Game, city: City) -> None:
    """The city has collected or built: what was paid for is used up."""
    if size_bonus(game, city):
        game.player(city.owner).used_this_turn.remove(_mark(city))


def _cost(effect: Effect) -> dict[str, int]:
    return amounts(effects.params_as(effect, PaidSizeBonus).cost)


def _player(game: Game) -> Player:
    return game.player(game.current)


def _why_not(game: Game, effect: Effect) -> str | None:
    player = _player(game)
    if not can_pay(game, player, _cost(effect), token_swap=False):
        return f"{player.name} cannot pay {log.things(_cost(effect))}"
    return None


def _why_none(game: Game, effect: Effect) -> str:
    return "every city of yours already counts larger for its next Collect or Build"


def _legal(game: Game, effect: Effect) -> list[Choice]:
    player = _player(game)
    return [(hex_to_label(c.pos),) for c in game.cities_of(player.index) if _mark(c) not in player.used_this_turn]


@ability("paid_size_bonus", legal=_legal, why_not=_why_not, why_none=_why_none)
def paid_size_bonus(game: Game, effect: Effect, choice: Choice) -> None:
    player = _player(game)
    city = game.city_at(label_to_hex(choice[0]))
    assert city is not None  # the dispatcher only lets listed choices through
    pay(player, _cost(effect))
    player.used_this_turn.append(_mark(city))
    by = effects.params_as(effect, PaidSizeBonus).by
    log.say(
        game,
        "city.size_bonus",
        player.index,
        payment=log.things(_cost(effect)),
        space=choice[0],
        by=by,
        source=effect.source,
    )
