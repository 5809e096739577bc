"""Trading between players: a free action on your turn (summary › Game round).

"You may freely trade resources; action, objective, and wonder cards in hand; and mood and
culture tokens … Cards can be traded without showing the other player what the card is, if
preferred. Any immediate trade deals must be fulfilled."

An offer is made step by step, so `legal_actions` stays small: `StartTrade(partner)` opens a
`TradeDecision`; each `AddTradeItem` puts one item on the side you give or the side you take;
`SendTrade` hands the offer to the partner as a `TradeOfferDecision` (or `CancelTrade` drops it).
The partner answers `AcceptTrade` (naming the cards of their hand they give where the offer asks
for a kind of card) or `DeclineTrade`. On acceptance the engine checks that both sides still hold
what they give and carries the trade out at once; resources above a limit are lost as with any
gain. A card offered face down is named nowhere the partner sees before the trade.

Great persons: one held hidden in hand "counts as an action card in hand for every other purpose"
(catalogue), so it is traded as one: its holder offers it by name ("great person:21"), face up or face
down, and an offer asking for an action card may be answered with it; the log and a face-down offer
call it an action card. The two kept face up in front of their holder (Great Architect, Great
Diplomat) are not in hand, and the summary trades only cards in hand: they cannot be traded.

Ruling (docs/rules-decisions.md): one offer per partner per turn, counted when it is started.
The deal is agreed at the table; the offer records it, so this keeps offers bounded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import combinations, islice

from civgame.framework.errors import RuleError
from civgame.framework.wording import counted, listed
from civgame.games.clash.core.actions import (
    AcceptTrade,
    Action,
    AddTradeItem,
    CancelTrade,
    DeclineTrade,
    SendTrade,
    StartTrade,
)
from civgame.games.clash.core.decisions import TradeDecision, TradeOfferDecision
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.core.vocabulary import RESOURCES, TOKENS
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.cards import (
    GREAT_PERSON,
    great_person_name,
    great_person_named,
    great_persons_in_hand,
)
from civgame.games.clash.rules.base.payments import gain, held, holdings, pay
from civgame.games.clash.rules.base.registry import rule

SIDES = ("give", "take")
MAX_LISTED_ANSWERS = 100  # ways of accepting an offer listed: enough to choose from, bounded whatever the hand
CARD_KINDS = ("action", "objective", "wonder")
AMOUNTS = (*RESOURCES, *TOKENS)


# The resources, tokens and kinds of card an offer may hold are fixed: their (immutable) actions are
# made once rather than at every listing.
_AMOUNT_ITEMS = {side: tuple((item, AddTradeItem(side, item)) for item in AMOUNTS) for side in SIDES}
_CARD_KIND_ITEMS = tuple(AddTradeItem("take", kind) for kind in CARD_KINDS)


@cache  # (asked for every partner at every turn listing: the few keys are made once)
def _offered_key(partner: int) -> str:
    return f"trade offer:{partner}"  # in Player.used_this_turn


# ------------------------------------------------------------------ items


def _composing(game: Game) -> TradeDecision:
    decision = game.pending[-1]
    assert isinstance(decision, TradeDecision)  # the controller checked what is pending
    return decision


def _answering(game: Game) -> TradeOfferDecision:
    decision = game.pending[-1]
    assert isinstance(decision, TradeOfferDecision)  # the controller checked what is pending
    return decision


def hand(game: Game, player: Player, kind: str) -> list[str]:
    """The cards of one kind in a player's hand, as trade items ("action:12"): the action cards are followed
    by the great persons held hidden ("great person:21"), which count as action cards in hand."""
    if kind == "action":
        persons = great_persons_in_hand(game.rules, player)
        return [f"action:{card}" for card in player.action_cards] + [great_person_name(card) for card in persons]
    return [f"{kind}:{card}" for card in _traded(game, player, kind)]


def _count(game: Game, player: Player, kind: str) -> int:
    """How many cards of one kind a player holds in hand (`hand`, without naming them)."""
    if kind == "action":
        return len(player.action_cards) + len(great_persons_in_hand(game.rules, player))
    return len(_traded(game, player, kind))


def _traded(game: Game, player: Player, kind: str) -> list[str] | list[int]:
    """The wonder or objective cards a player may trade: no wonder where wonders lie face up for all (the
    2012 edition: a wonder claimed stays its claimer's)."""
    if kind != "wonder":
        return player.objective_cards
    return player.wonder_cards if game.rules.game.wonders.deck == "hand" else []


# Where a player holds the cards a trade item names, by the item's prefix.
_HELD_IN = {
    "action": "action_cards",
    "objective": "objective_cards",
    "wonder": "wonder_cards",
    GREAT_PERSON: "great_persons",
}


def card_kind(item: str) -> str | None:
    """ "action" for "action:12" or "action", and for "great person:21" (which counts as an action card);
    None for a resource or token."""
    prefix, colon, _ = item.partition(":")
    if prefix == GREAT_PERSON and colon:
        return "action"
    return prefix if prefix in CARD_KINDS else None


def _sides(game: Game, decision: TradeDecision, side: str) -> tuple[Player, dict[str, int], dict[str, int]]:
    """Who gives the items of `side` of the offer, the items on that side and those on the other."""
    if side == "give":
        return game.player(decision.player), decision.give, decision.take
    return game.player(decision.partner), decision.take, decision.give


def _more_held(giver: Player, item: str, chosen: dict[str, int]) -> bool:
    """The giver holds more of the resource or token `item` than the side already has."""
    return held(giver, item) > chosen.get(item, 0)


def _more_cards(game: Game, giver: Player, kind: str, chosen: dict[str, int]) -> bool:
    """The giver holds more cards of `kind` than the side already asks for."""
    return _count(game, giver, kind) > chosen.get(kind, 0)


def item_problem(game: Game, decision: TradeDecision, side: str, item: str) -> str | None:
    """Why one more `item` cannot go on `side` of the offer being made (None if it can)."""
    if side not in SIDES:
        return f"a trade has two sides, give and take, not {side!r}"
    giver, chosen, other = _sides(game, decision, side)
    if item in AMOUNTS:
        if other.get(item):
            return f"{item} is already on the other side of the trade"
        if not _more_held(giver, item, chosen):
            return f"{giver.name} has no more {item} to trade"
        return None
    kind = card_kind(item)
    if item == GREAT_PERSON:
        return "a great person in hand counts as an action card: ask for an action card, and they choose which"
    if kind is None:
        return f"{item!r} cannot be traded: resources, mood and culture tokens and cards in hand can"
    if ":" not in item:  # a kind of card from the partner's hand
        if side != "take":
            return "name the card of your hand you give"
        if not _more_cards(game, giver, kind, chosen):
            return f"{giver.name} has no more {kind} cards to trade"
        return None
    if side != "give":
        return "the cards of another player's hand are hidden: ask for a kind of card, and they choose which"
    if item not in hand(game, giver, kind):
        return _not_in_hand(game, giver, item)
    if chosen.get(item):
        return "that card is already in the trade"
    return None


def _not_in_hand(game: Game, giver: Player, item: str) -> str:
    person = great_person_named(item)
    if person is not None and person in giver.great_persons:
        name = game.rules.event(person).name
        return f"the {name} is kept face up, not in hand: only cards in hand can be traded"
    return f"{giver.name} has no such card in hand"


def _addable(game: Game, decision: TradeDecision) -> list[AddTradeItem]:
    """What `item_problem` allows, asked of each candidate by the same tests with no reason worded: the
    resources and tokens given, then taken; the kinds of card taken; the cards of one's hand given (each
    face up or face down)."""
    addable = []
    for side in SIDES:
        giver, chosen, other = _sides(game, decision, side)
        spare = holdings(giver)  # what the giver holds beyond the side's items (`_more_held`, of every item at once)
        for item, count in chosen.items():
            if item in spare:
                spare[item] -= count
        addable += [a for item, a in _AMOUNT_ITEMS[side] if spare.get(item, 0) > 0 and not other.get(item)]
    partner = game.player(decision.partner)
    addable += [a for a in _CARD_KIND_ITEMS if _more_cards(game, partner, a.item, decision.take)]
    me = game.player(decision.player)
    for kind in CARD_KINDS:
        for item in hand(game, me, kind):
            if not decision.give.get(item):  # in hand, so only a card already in the trade is refused
                addable += _card_offers(item)
    return addable


@cache
def _card_offers(item: str) -> tuple[AddTradeItem, AddTradeItem]:
    """Giving a card of one's hand face up, and face down: (immutable) actions made once per card."""
    return AddTradeItem("give", item), AddTradeItem("give", item, True)


def _has_anything(game: Game, player: Player) -> bool:
    tokens = player.mood_tokens or player.culture_tokens
    return bool(tokens or any(player.resources.values()) or any(_count(game, player, kind) for kind in CARD_KINDS))


# ------------------------------------------------------------------ starting and composing


def why_not_start(game: Game, partner: int) -> str | None:
    me = game.player(game.current)
    if not 0 <= partner < len(game.players) or partner == me.index:
        return "trade with another player"
    if _offered_key(partner) in me.used_this_turn:
        return f"{me.name} already made a trade offer to {game.player(partner).name} this turn"
    if not (_has_anything(game, me) or _has_anything(game, game.player(partner))):
        return "neither player has anything to trade"
    return None


def _legal_start(game: Game) -> list[Action]:
    """The partners `why_not_start` allows, by the same tests with no reason worded (whether the
    current player has anything to trade is asked once, not once per partner)."""
    if game.phase != "play":
        return []
    me = game.player(game.current)
    mine = _has_anything(game, me)
    return [
        _start_action(partner.index)
        for partner in game.players
        if partner is not me
        and _offered_key(partner.index) not in me.used_this_turn
        and (mine or _has_anything(game, partner))
    ]


@cache
def _start_action(partner: int) -> StartTrade:
    """An offer to `partner`: an (immutable) action made once per partner."""
    return StartTrade(partner)


def _check_start(game: Game, action: StartTrade) -> None:
    if game.phase != "play":
        raise RuleError("trading is a free action on your turn")
    problem = why_not_start(game, action.partner)
    if problem:
        raise RuleError(problem)


@rule(StartTrade, legal=_legal_start, check=_check_start)
def start_trade(game: Game, action: StartTrade) -> None:
    game.player(game.current).used_this_turn.append(_offered_key(action.partner))
    game.pending.append(TradeDecision(player=game.current, partner=action.partner))


def _legal_add(game: Game) -> list[Action]:
    return list(_addable(game, _composing(game)))


def _check_add(game: Game, action: AddTradeItem) -> None:
    problem = item_problem(game, _composing(game), action.side, action.item)
    if problem:
        raise RuleError(problem)
    if action.face_down and (action.side != "give" or ":" not in action.item):
        raise RuleError("only a card of your own hand can be offered face down")


@rule(AddTradeItem, legal=_legal_add, answers=(TradeDecision,), check=_check_add)
def add_trade_item(game: Game, action: AddTradeItem) -> None:
    decision = _composing(game)
    chosen = decision.give if action.side == "give" else decision.take
    chosen[action.item] = chosen.get(action.item, 0) + 1
    if action.face_down:
        decision.face_down.append(action.item)


def _legal_send(game: Game) -> list[Action]:
    decision = _composing(game)
    return [SendTrade()] if decision.give or decision.take else []


def _check_send(game: Game, action: SendTrade) -> None:
    decision = _composing(game)
    if not (decision.give or decision.take):
        raise RuleError("put something into the trade before sending it")


@rule(SendTrade, legal=_legal_send, answers=(TradeDecision,), check=_check_send)
def send_trade(game: Game, action: SendTrade) -> None:
    decision = _composing(game)
    game.pending.pop()
    game.pending.append(
        TradeOfferDecision(
            player=decision.partner,
            proposer=decision.player,
            give=dict(decision.give),
            take=dict(decision.take),
            face_down=list(decision.face_down),
        )
    )
    give, take = public_text(decision.give), public_text(decision.take)
    log.say(game, "trade.offer", decision.player, partner=log.party(game, decision.partner), give=give, take=take)


def _legal_cancel(game: Game) -> list[Action]:
    return [CancelTrade()]


@rule(CancelTrade, legal=_legal_cancel, answers=(TradeDecision,))
def cancel_trade(game: Game, action: CancelTrade) -> None:
    game.pending.pop()


# ------------------------------------------------------------------ answering


def card_choices(game: Game, decision: TradeOfferDecision) -> Iterator[tuple[str, ...]]:
    """The ways the partner can pick the cards the offer asks for by kind, one at a time (a hand of 42
    cards asked for 21 has some 5e11 of them)."""
    partner = game.player(decision.player)
    asked = [
        (hand(game, partner, kind), count) for kind, count in decision.take.items() if kind in CARD_KINDS and count
    ]
    return _picks(asked)


def _picks(asked: list[tuple[list[str], int]]) -> Iterator[tuple[str, ...]]:
    """Every choice of `count` cards of each hand, the first hand's choices outermost."""
    if not asked:
        yield ()
        return
    (cards, count), rest = asked[0], asked[1:]
    for first in combinations(cards, count):
        for more in _picks(rest):
            yield first + more


def _why_cannot_give(game: Game, giver: Player, items: dict[str, int]) -> str | None:
    have = holdings(giver)
    for item, count in items.items():
        if item in AMOUNTS and have.get(item, 0) < count:
            return f"{giver.name} no longer has {count} {item} to give"
        kind = card_kind(item)
        if kind is not None and ":" in item and item not in hand(game, giver, kind):
            return f"{giver.name} no longer holds a card offered in the trade"
    return None


def _legal_accept(game: Game) -> list[Action]:
    """The ways to accept, at most MAX_LISTED_ANSWERS of them (the cards of the hand in order): any
    other choice of the cards asked for may still be named, and is checked in full."""
    decision = _answering(game)
    first = next(card_choices(game, decision), None)
    if first is None or _trade_problem(game, decision, first) is not None:
        return []  # what makes one choice fail (an amount no longer held) makes them all fail
    choices = (cards for cards in card_choices(game, decision) if _trade_problem(game, decision, cards) is None)
    return [AcceptTrade(cards) for cards in islice(choices, MAX_LISTED_ANSWERS)]


def _trade_problem(game: Game, decision: TradeOfferDecision, cards: tuple[str, ...]) -> str | None:
    proposer, partner = game.player(decision.proposer), game.player(decision.player)
    asked = Counter(kind for kind, count in decision.take.items() if kind in CARD_KINDS for _ in range(count))
    named = Counter(card_kind(card) for card in cards)
    if named != asked or len(set(cards)) != len(cards) or any(":" not in card for card in cards):
        wanted = ", ".join(f"{n} {kind} card(s)" for kind, n in asked.items()) or "no cards"
        return f"the offer asks for {wanted} of your hand: name exactly those"
    given_by_partner = {k: v for k, v in decision.take.items() if k in AMOUNTS} | dict.fromkeys(cards, 1)
    return _why_cannot_give(game, proposer, decision.give) or _why_cannot_give(game, partner, given_by_partner)


def _check_accept(game: Game, action: AcceptTrade) -> None:
    problem = _trade_problem(game, _answering(game), tuple(action.cards))
    if problem:
        raise RuleError(problem)


@rule(AcceptTrade, legal=_legal_accept, answers=(TradeOfferDecision,), check=_check_accept)
def accept_trade(game: Game, action: AcceptTrade) -> None:
    decision = _answering(game)
    proposer, partner = game.player(decision.proposer), game.player(decision.player)
    from_partner = {k: v for k, v in decision.take.items() if k in AMOUNTS} | dict.fromkeys(action.cards, 1)
    game.pending.pop()
    lost = [
        (partner, _hand_over(game, proposer, partner, decision.give)),
        (proposer, _hand_over(game, partner, proposer, from_partner)),
    ]
    give, take = public_text(decision.give), public_text(from_partner)
    log.say(game, "trade.accepted", proposer.index, partner=log.party(game, partner.index), give=give, take=take)
    for receiver, over in lost:
        if over:
            log.say(game, "trade.over_limit", receiver.index, what=log.things(over))


def _hand_over(game: Game, giver: Player, receiver: Player, items: dict[str, int]) -> dict[str, int]:
    """Move items from giver to receiver; returns what the receiver's limits made them lose."""
    amounts = {k: v for k, v in items.items() if k in AMOUNTS}
    pay(giver, amounts)
    kept = gain(game, receiver, amounts)
    for item in items:
        if card_kind(item) is not None:
            _move_card(giver, receiver, item)
    return {k: amounts[k] - kept[k] for k in amounts if kept[k] < amounts[k]}


def _move_card(giver: Player, receiver: Player, item: str) -> None:
    """Move the card a trade item names ("action:12", "great person:21", "wonder:pyramids") between hands."""
    prefix, _, name = item.partition(":")
    card: int | str = name if prefix == "wonder" else int(name)  # wonder cards are held by name
    getattr(giver, _HELD_IN[prefix]).remove(card)
    getattr(receiver, _HELD_IN[prefix]).append(card)


def _legal_decline(game: Game) -> list[Action]:
    return [DeclineTrade()]


@rule(DeclineTrade, legal=_legal_decline, answers=(TradeOfferDecision,))
def decline_trade(game: Game, action: DeclineTrade) -> None:
    decision = _answering(game)
    game.pending.pop()
    log.say(game, "trade.declined", decision.player, proposer=log.party(game, decision.proposer))


# ------------------------------------------------------------------ wording


def public_text(items: dict[str, int]) -> str:
    """What everyone at the table may read: amounts, and cards only by kind ("1 action card")."""
    counts: Counter[str] = Counter()
    for item, count in items.items():
        counts[card_kind(item) or item] += count
    cards = [counted(n, f"{name} card") for name, n in counts.items() if n and name in CARD_KINDS]
    held = log.things({name: n for name, n in counts.items() if name not in CARD_KINDS})
    return listed([*([held] if held else []), *cards]) or "nothing"
