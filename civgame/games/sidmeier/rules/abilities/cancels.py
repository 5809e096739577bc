"""Answers to a held act (`base.reactions`): cancel it with a tech's resource ability, a culture event card or
a great person card, or let it happen."""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.framework.rulebook import listed_elsewhere
from civgame.games.sidmeier.core.actions import Action, Allow, Cancel
from civgame.games.sidmeier.core.decisions import Respond
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import effects, payments, person_deck, pieces, reactions
from civgame.games.sidmeier.rules.base.book import BOOK, top


def list_answers(game: Game) -> Iterator[Action]:
    decision = top(game, Respond)
    held = game.held[-1]
    yield Allow()
    yield from reactions.options(game, decision.player, held)


@BOOK.rule(Allow, legal=list_answers, answers=(Respond,))
def allow(game: Game, action: Allow) -> None:
    game.pending.pop()
    reactions.settle(game)


def check_cancel(game: Game, action: Cancel) -> None:
    decision = top(game, Respond)
    if not game.held:
        raise RuleError("there is nothing to cancel")
    held = game.held[-1]
    options = reactions.options(game, decision.player, held)
    if action.source.startswith(("card:", reactions.PERSON)):
        if action not in options:
            raise RuleError("that card cannot cancel this act")
        return
    same = [o for o in options if o.source == action.source]
    if not same:
        raise RuleError("that tech cannot cancel this act now (once per turn, with its resources)")
    tech = action.source[5:]
    cost = [list(getattr(p, "cost", [])) for k, s, p in _entries(game, decision.player, tech)]
    reason = payments.why_not(game, decision.player, cost[0] if cost else [], action.pay)
    if reason:
        raise RuleError(reason)


def _entries(game: Game, seat: int, tech: str) -> list[effects.Entry]:
    out: list[effects.Entry] = []
    for name in ("cancel_city_action", "cancel_culture_event", "cancel_resource_ability"):
        out += [(k, s, p) for k, s, p in effects.entries(game, seat, name) if s == tech]
    return out


@BOOK.rule(Cancel, legal=listed_elsewhere, answers=(Respond,), check=check_cancel)  # listed with Allow
def cancel(game: Game, action: Cancel) -> None:
    seat = reactions.actor(game, action)
    if not reactions.releasing(game, action):
        game.pending.pop()
        player = game.players[seat]
        what = "resource_ability"
        if action.source.startswith(reactions.PERSON):  # (a great person's cancel is no act of its own)
            card = int(action.source[len(reactions.PERSON) :])
            player.person_cards.remove(card)
            game.person_deck.returned.append(card)
            game.say(f"{player.name} cancels it with {person_deck.card(game, card).name}.")
            game.held[-1].cancelled = True
            reactions.settle(game)
            return
        if action.source.startswith("card:"):
            card = int(action.source[5:])
            player.hand.remove(card)
            pieces.discard_culture(game, card)
            what = "culture_event"
            name = game.rules.culture_cards[pieces.culture_card(game, card)].name
        else:
            tech = action.source[5:]
            player.used.append(f"ability:{tech}")
            payments.pay(game, seat, action.pay)
            name = game.rules.techs[tech].name
        target = game.held[-1].actor
        game.say(f"{player.name} cancels it with {name}.")
        if reactions.hold(game, seat, action, what, target):
            return
    game.held[-1].cancelled = True
    if not reactions.releasing(game, action):  # a released cancel: the settling under way goes on with it
        reactions.settle(game)
