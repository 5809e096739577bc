"""Acts other players may cancel: a city action, a culture event card, a resource ability.

When a player declares such an act and another player could cancel it, the act is held
(`Game.held`) and the players who could cancel it are asked one at a time, in turn order from the
actor (`Respond`). A cancel made with a culture event card is itself a culture event and may be
cancelled in turn; one made with a resource ability is a resource ability. When everyone asked has
let the act happen, `settle` releases it: its rule performs it again, now for real.
"""

from __future__ import annotations

from civgame.framework.effects import Params
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import Action, Cancel
from civgame.games.sidmeier.core.decisions import Respond
from civgame.games.sidmeier.core.model import Game, Held
from civgame.games.sidmeier.rules.base import effects, payments, person_deck, pieces
from civgame.games.sidmeier.rules.base.book import BOOK

CANCELLERS = {
    "city_action": "cancel_city_action",
    "culture_event": "cancel_culture_event",
    "resource_ability": "cancel_resource_ability",
}


PERSON = "person:"  # a cancel's source: a great person card (Fame and Fortune's deck), discarded to cancel


def releasing(game: Game, action: Action) -> bool:
    """The flow is performing a held act that nobody cancelled."""
    return game.cache.get("releasing") is action


def actor(game: Game, action: Action) -> int:
    """The player performing `action`: the actor of a released act, else the player deciding now."""
    if releasing(game, action):
        seat: int = game.cache["released_by"]
        return seat
    return game.actor()


def hold(game: Game, actor: int, action: Action, what: str, *targets: int) -> bool:
    """Hold the act if another player could cancel it (True), else let it happen at once (False). `targets`:
    the players a culture event is aimed at."""
    if releasing(game, action):
        return False
    held = Held(actor, action, what, targets[0] if targets else -1, also=list(targets[1:]))  # type: ignore[arg-type]
    if not any(options(game, seat, held) for seat in game.order() if seat != actor):
        return False
    game.held.append(held)
    ask_next(game)
    return True


def options(game: Game, seat: int, held: Held) -> list[Cancel]:
    """The ways `seat` can cancel the held act."""
    what, targets, actor = held.what, held.aimed_at(), held.actor
    if seat == actor or (what == "city_action" and effects.has(game, actor, "city_actions_uncancellable")):
        return []
    player = game.players[seat]
    out: list[Cancel] = []
    for name in ("cancel_city_action", "cancel_culture_event", "cancel_resource_ability"):
        for kind, source, p in effects.entries(game, seat, name):
            if kind != "tech" or f"ability:{source}" in player.used:
                continue
            cost = list(getattr(p, "cost", []))
            if not _cancels(name, p, what, targets, seat):
                continue
            out += [Cancel(f"tech:{source}", pay) for pay in payments.options(game, seat, cost, limit=3)]
    for card in player.hand:
        for p in pieces.effect_of_card(game, card):
            if isinstance(p, fx.CancelCultureEvent) and _cancels("cancel_culture_event", p, what, targets, seat):
                out.append(Cancel(f"card:{card}"))
    out += [Cancel(f"{PERSON}{card}") for card in person_deck.cancellers(game, seat)]
    return out


def _cancels(name: str, p: Params, what: str, targets: tuple[int, ...], seat: int) -> bool:
    if isinstance(p, fx.CancelCultureEvent):
        if what == "resource_ability":
            return p.resource_abilities
        return what == "culture_event" and (not p.own_targets_only or seat in targets)
    return CANCELLERS.get(what) == name


def next_responder(game: Game, held: Held) -> int | None:
    n = len(game.players)
    for i in range(1, n):
        seat = (held.actor + i) % n
        if seat not in held.asked and options(game, seat, held):
            return seat
    return None


def ask_next(game: Game) -> bool:
    """Ask the next player who could cancel the top held act (True), or None is left (False)."""
    held = game.held[-1]
    seat = next_responder(game, held)
    if seat is None:
        return False
    held.asked.append(seat)
    game.pending.append(Respond(seat))
    return True


def settle(game: Game) -> None:
    """After a player answered a `Respond`: ask the next player who could cancel the held act, or
    settle it (a cancelled act is dropped, any other is performed now). Several acts may be held at
    once (a cancel of a cancel): they settle from the top."""
    while game.held:
        held = game.held[-1]
        if held.cancelled:
            game.held.pop()
            game.say(f"{game.players[held.actor].name}'s {held.what.replace('_', ' ')} is cancelled.")
            continue
        if ask_next(game):
            return
        game.held.pop()
        game.cache["releasing"] = held.action
        game.cache["released_by"] = held.actor
        try:
            BOOK.perform_again(game, held.action)
        finally:
            game.cache.pop("releasing", None)
            game.cache.pop("released_by", None)
        if game.pending and not game.held:
            return
