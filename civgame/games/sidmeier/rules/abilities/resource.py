"""Resource abilities [004 RESEARCH, Tech card abilities]: spend the pictured resources in the printed
phase for the ability; each ability once per turn. Using one is an act other players may cancel."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from civgame.framework.effects import Params
from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import Action, UseAbility
from civgame.games.sidmeier.core.decisions import CityTurn, StartTurn, TradeTurn
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import effects, payments, pieces, reactions, yields
from civgame.games.sidmeier.rules.base.book import BOOK

PHASE_OF = {StartTurn: "start_of_turn", TradeTurn: "trade", CityTurn: "city_management"}


def _city_targets(game: Game, seat: int, p: Params) -> list[int]:
    return [c.id for c in game.cities_of(seat)]


def _no_target(game: Game, seat: int, p: Params) -> list[int]:
    return [-1]


def _coin_room(game: Game, seat: int, source: str, p: Params) -> bool:
    assert isinstance(p, fx.CoinOnCard)
    cap = p.cap + effects.total(game, seat, "tech_coin_cap")
    return game.players[seat].coin_tokens.get(source, 0) < cap


def _boost(game: Game, seat: int, source: str, action: UseAbility, p: Any) -> None:
    city = game.city(action.city)
    if city is not None:
        city.boost += p.amount
        game.say(f"{game.players[seat].name}'s city has {p.amount} more production this turn.")


def _culture(game: Game, seat: int, source: str, action: UseAbility, p: Any) -> None:
    game.players[seat].culture += p.amount
    game.say(f"{game.players[seat].name} gains {p.amount} culture.")


def _trade(game: Game, seat: int, source: str, action: UseAbility, p: Any) -> None:
    player = game.players[seat]
    player.trade = min(game.rules.game.trade.dial_max, player.trade + p.amount)
    game.say(f"{player.name} gains {p.amount} trade.")


def _coin(game: Game, seat: int, source: str, action: UseAbility, p: Any) -> None:
    if _coin_room(game, seat, source, p):
        pieces.gain_coin_token(game, seat, source)
        game.say(f"{game.players[seat].name} places a coin token on {game.rules.techs[source].name}.")


def _rival_coin(game: Game, seat: int, source: str, action: UseAbility, p: Any) -> None:
    """Every other player with more coins discards a coin token: from their sheet first, else the fullest card."""
    mine = yields.coins(game, seat)
    for other in game.players:
        tokens = other.coin_tokens
        if other.seat == seat or not tokens or yields.coins(game, other.seat) <= mine:
            continue
        place = pieces.SHEET if tokens.get(pieces.SHEET) else max(sorted(tokens), key=lambda k: tokens[k])
        pieces.lose_coin_token(game, other.seat, place)
        game.say(f"{other.name} discards a coin token.")


# primitive -> (its targets, whether it may be used now, what it does)
ABILITIES: dict[str, tuple[Callable[[Game, int, Params], list[int]], Callable[..., Any], Callable[..., None]]] = {
    "boost_production": (_city_targets, lambda *a: True, _boost),
    "gain_culture": (_no_target, lambda *a: True, _culture),
    "gain_trade": (_no_target, lambda *a: True, _trade),
    "coin_on_card": (_no_target, _coin_room, _coin),
    "rival_discards_coin": (_no_target, lambda *a: True, _rival_coin),
}
NAMES = tuple(ABILITIES)


def _of_phase(game: Game, seat: int, phase: str | None) -> list[tuple[str, str, fx.ResourceAbility]]:
    """The player's techs' resource abilities used in `phase`."""
    out = []
    for name in ABILITIES:
        for kind, source, p in effects.entries(game, seat, name):
            assert isinstance(p, fx.ResourceAbility)
            if kind == "tech" and p.phase == phase:
                out.append((name, source, p))
    return out


def _usable(game: Game, seat: int, phase: str | None) -> Iterator[tuple[str, str, fx.ResourceAbility]]:
    used = game.players[seat].used
    for name, source, p in effects.memo(game, seat, f"abilities:{phase}", NAMES, lambda: _of_phase(game, seat, phase)):
        if f"ability:{source}" not in used and ABILITIES[name][1](game, seat, source, p):
            yield name, source, p


def list_use(game: Game) -> Iterator[Action]:
    decision = game.pending[-1]
    seat = decision.player
    broke = payments.holds_nothing_to_pay(game, seat)  # (most players, most of the time)
    for name, source, p in _usable(game, seat, PHASE_OF.get(type(decision))):
        if broke and p.cost:
            continue
        pays = payments.options(game, seat, list(p.cost), limit=4)
        for city in ABILITIES[name][0](game, seat, p):
            for pay in pays:
                yield UseAbility(source, pay, city)


def check_use(game: Game, action: UseAbility) -> None:
    decision = game.pending[-1]
    seat = decision.player
    found = [(n, s, p) for n, s, p in _usable(game, seat, PHASE_OF.get(type(decision))) if s == action.source]
    if not found:
        raise RuleError(
            f"{action.source} has no resource ability you may use now (each one once per turn, in its phase)"
        )
    name, _source, p = found[0]
    if action.city not in ABILITIES[name][0](game, seat, p):
        raise RuleError("that ability needs one of your cities as its target" if action.city < 0 else "not your city")
    reason = payments.why_not(game, seat, list(p.cost), action.pay)
    if reason:
        raise RuleError(reason)


@BOOK.rule(UseAbility, legal=list_use, answers=(StartTurn, TradeTurn, CityTurn), check=check_use)
def use(game: Game, action: UseAbility) -> None:
    seat = reactions.actor(game, action)
    entry = next(
        (n, p) for n in ABILITIES for k, s, p in effects.entries(game, seat, n) if s == action.source and k == "tech"
    )
    name, p = entry
    if not reactions.releasing(game, action):
        game.players[seat].used.append(f"ability:{action.source}")
        payments.pay(game, seat, action.pay)
        paid = payments.describe(game, action.pay)
        game.say(f"{game.players[seat].name} uses {game.rules.techs[action.source].name} ({paid}).")
        if reactions.hold(game, seat, action, "resource_ability"):
            return
    ABILITIES[name][2](game, seat, action.source, action, p)
