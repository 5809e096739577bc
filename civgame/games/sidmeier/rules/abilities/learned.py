"""Choices a tech asks for when it is learned: obsoleting a wonder, a resource from the market."""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import Action, ObsoleteWonder, TakeResource
from civgame.games.sidmeier.core.decisions import ObsoleteChoice, TakeMarketResource
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import pieces, techs, yields
from civgame.games.sidmeier.rules.base.book import BOOK, top


def list_obsolete(game: Game) -> Iterator[Action]:
    yield ObsoleteWonder("")
    for wonder in techs.obsoletable(game):
        yield ObsoleteWonder(wonder)


def check_obsolete(game: Game, action: ObsoleteWonder) -> None:
    if action not in list(list_obsolete(game)):
        raise RuleError("only a built wonder that is not yet obsolete can be obsoleted")


@BOOK.rule(ObsoleteWonder, legal=list_obsolete, answers=(ObsoleteChoice,), check=check_obsolete)
def obsolete(game: Game, action: ObsoleteWonder) -> None:
    decision = top(game, ObsoleteChoice)
    game.pending.pop()
    if not action.wonder:
        return
    if action.wonder in game.wonder_market:  # (the expansions): discarded, and the market refilled
        pieces.leave_wonder_market(game, action.wonder)
        game.wonders_gone.append(action.wonder)
        game.say(
            f"{game.players[decision.player].name} obsoletes {game.rules.wonders[action.wonder].name} in the "
            "market: it is discarded and replaced from the deck."
        )
        return
    game.obsolete.append(action.wonder)
    yields.coins_changed(game)
    owner = next(p for p in game.players if action.wonder in p.wonders)
    game.say(f"{game.players[decision.player].name} obsoletes {game.rules.wonders[action.wonder].name}.")
    pieces.check_hand(game, owner.seat)  # its ability gone, a raised hand size with it
    if owner.government not in techs.unlocked_governments(game, owner.seat):
        owner.government = (
            "despotism" if "despotism" in techs.unlocked_governments(game, owner.seat) else owner.government
        )
        game.say(f"{owner.name} falls back to Despotism.")


def list_take(game: Game) -> Iterator[Action]:
    found = False
    for resource in game.rules.game.resources.market:
        if game.market.get(resource, 0) > 0:
            found = True
            yield TakeResource(resource)
    if not found:
        yield TakeResource("")


def check_take(game: Game, action: TakeResource) -> None:
    if action not in list(list_take(game)):
        raise RuleError("take a resource the market still has")


@BOOK.rule(TakeResource, legal=list_take, answers=(TakeMarketResource,), check=check_take)
def take(game: Game, action: TakeResource) -> None:
    decision = top(game, TakeMarketResource)
    game.pending.pop()
    if action.resource:
        pieces.take_from_market(game, decision.player, action.resource)
        game.say(f"{game.players[decision.player].name} takes {action.resource} from the market.")
