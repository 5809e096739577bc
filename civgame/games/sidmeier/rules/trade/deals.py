"""The Trade phase's deals [004 TRADE]: players hand each other trade, culture tokens, resource tokens,
hut and village markers and culture event cards. A deal is an offer the other player accepts or
declines; each player may offer each other player one deal per Trade phase (a limit of headless play,
see the rules decisions). Trade is collected by the flow when the phase begins.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.framework.rulebook import listed_elsewhere
from civgame.games.sidmeier.core.actions import AcceptOffer, Action, DeclineOffer, EndTrade, Offer
from civgame.games.sidmeier.core.decisions import Goods, RespondOffer, TradeTurn
from civgame.games.sidmeier.core.model import Game, Player
from civgame.games.sidmeier.rules.base import pieces
from civgame.games.sidmeier.rules.base.book import BOOK, always, top

NOTHING = Goods()
LISTED_AMOUNTS = (1, 3)  # the amounts of trade or culture a listed deal offers or asks (any other is allowed)


def holds(player: Player, goods: Goods) -> bool:
    if goods.trade < 0 or goods.culture < 0 or goods.trade > player.trade or goods.culture > player.culture:
        return False
    for resource in set(goods.resources):
        if goods.resources.count(resource) > player.resources.get(resource, 0):
            return False
    if len(set(goods.markers)) != len(goods.markers) or any(m not in player.markers for m in goods.markers):
        return False
    return len(set(goods.cards)) == len(goods.cards) and all(c in player.hand for c in goods.cards)


def _asks(player: Player) -> list[Goods]:
    """What may be asked of a player: only what the asker can see (no hidden markers or cards). The
    first is nothing at all (and only it: `list_offers` leaves out the deal of nothing for nothing)."""
    out = [NOTHING]
    out += [Goods(trade=n) for n in LISTED_AMOUNTS if player.trade >= n]
    out += [Goods(culture=n) for n in LISTED_AMOUNTS if player.culture >= n]
    out += [Goods(resources=(r,)) for r, n in sorted(player.resources.items()) if n > 0]
    return out


def _gives(player: Player) -> list[Goods]:
    return _asks(player) + [Goods(markers=(m,)) for m in player.markers] + [Goods(cards=(c,)) for c in player.hand]


def _visible(player: Player) -> tuple[object, ...]:
    """What `_asks` reads of a player."""
    most = LISTED_AMOUNTS[-1]
    return (
        min(player.trade, most),
        min(player.culture, most),
        tuple(sorted(r for r, n in player.resources.items() if n > 0)),
    )


def list_offers(game: Game) -> list[Action]:
    """A list, not a generator: the offers are many and mostly remembered, so they are copied at C speed."""
    decision = top(game, TradeTurn)
    out: list[Action] = []
    me = game.players[decision.player]
    mine = (_visible(me), tuple(me.markers), tuple(me.hand))
    gives: list[Goods] | None = None
    for other in game.players:
        if other.seat == me.seat or other.seat in decision.offered:
            continue
        # the offers to one player are kept while what they read stays the same: a Trade phase lists
        # them again after every answer to an offer
        key = (mine, _visible(other))
        cached = game.cache.get(("offers", me.seat, other.seat))
        if cached is None or cached[0] != key:
            gives = _gives(me) if gives is None else gives
            asks = _asks(other)
            # every pairing but nothing for nothing (the only empty goods are the lists' first), in order
            seat = other.seat
            offers = [Offer(seat, NOTHING, get) for get in asks[1:]]
            offers += [Offer(seat, give, get) for give in gives[1:] for get in asks]
            cached = (key, offers)
            game.cache[("offers", me.seat, other.seat)] = cached
        out.extend(cached[1])
    return out


def check_offer(game: Game, action: Offer) -> None:
    decision = top(game, TradeTurn)
    if not 0 <= action.to < len(game.players) or action.to == decision.player:
        raise RuleError("a deal is made with another player")
    if action.to in decision.offered:
        raise RuleError("one deal per player and Trade phase")
    if action.give.empty() and action.get.empty():
        raise RuleError("a deal hands something over")
    if not holds(game.players[decision.player], action.give):
        raise RuleError("you do not hold what you offer")
    if not holds(game.players[action.to], action.get):
        raise RuleError("they do not hold what you ask for")


@BOOK.rule(Offer, legal=list_offers, answers=(TradeTurn,), check=check_offer)
def offer(game: Game, action: Offer) -> None:
    decision = top(game, TradeTurn)
    decision.offered.append(action.to)
    me = game.players[decision.player]
    game.say(f"{me.name} offers {game.players[action.to].name} {action.give.describe()} for {action.get.describe()}.")
    game.pending.append(RespondOffer(action.to, by=decision.player, give=action.give, get=action.get))


def list_answers(game: Game) -> Iterator[Action]:
    decision = top(game, RespondOffer)
    if holds(game.players[decision.by], decision.give) and holds(game.players[decision.player], decision.get):
        yield AcceptOffer()
    yield DeclineOffer()


def check_accept(game: Game, action: AcceptOffer) -> None:
    if AcceptOffer() not in list(list_answers(game)):
        raise RuleError("the deal can no longer be made")


@BOOK.rule(AcceptOffer, legal=list_answers, answers=(RespondOffer,), check=check_accept)
def accept(game: Game, action: AcceptOffer) -> None:
    decision = top(game, RespondOffer)
    game.pending.pop()
    by, to = game.players[decision.by], game.players[decision.player]
    hand_over(game, by, to, decision.give)
    hand_over(game, to, by, decision.get)
    game.say(f"{to.name} accepts the deal.")
    pieces.check_hand(game, by.seat)
    pieces.check_hand(game, to.seat)


@BOOK.rule(DeclineOffer, legal=listed_elsewhere, answers=(RespondOffer,))  # listed with accepting
def decline(game: Game, action: DeclineOffer) -> None:
    decision = top(game, RespondOffer)
    game.pending.pop()
    game.say(f"{game.players[decision.player].name} declines the deal.")


def hand_over(game: Game, giver: Player, taker: Player, goods: Goods) -> None:
    giver.trade -= goods.trade
    taker.trade = min(game.rules.game.trade.dial_max, taker.trade + goods.trade)
    giver.culture -= goods.culture
    taker.culture += goods.culture
    for resource in goods.resources:
        giver.resources[resource] -= 1
        taker.resources[resource] = taker.resources.get(resource, 0) + 1
    for marker in goods.markers:
        giver.markers.remove(marker)
        taker.markers.append(marker)
    for card in goods.cards:
        giver.hand.remove(card)
        taker.hand.append(card)


@BOOK.rule(EndTrade, legal=always(EndTrade()), answers=(TradeTurn,))
def end_trade(game: Game, action: EndTrade) -> None:
    game.pending.pop()
