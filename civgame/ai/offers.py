"""The trade offers a computer player makes to the other players at the table.

An offer is resources for resources with one partner, and it must do something for the computer
player: the resources it asks for let it take an action it cannot take now (an advance, a building,
a unit, a card…) that is worth more, valued one step ahead as its ranking values every action, than
its best action without the trade. What it gives is worth at least what it asks for by the
evaluation's prices of resources, so the person it asks is not offered a bad bargain: a swap alone
is worth the same to both sides at those prices, and the computer player gains from what the swap
lets it do.

An offer to another computer player must also leave that player better off by its own evaluation
(its level's weights, which every player knows): for example resources it would lose over a limit,
or more of another resource than the one it gives is worth to it. Both then gain by their own
reckoning, and the partner, which answers by its own search, accepts what it gains by. Random
players weigh nothing and are offered nothing.

At most one offer per partner and turn (the rules' own limit), and not the same offer on the
computer player's next turn.

An offer is made over several decisions (StartTrade, AddTradeItem for each resource, SendTrade):
`OfferPlan` remembers the steps left. A player who finds itself composing an offer it did not plan
(a game saved mid-offer and loaded) cancels it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass

from civgame.ai.evaluation import LEVEL_WEIGHTS, Weights, rounds_played, value
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    AcceptTrade,
    Action,
    AddTradeItem,
    CancelTrade,
    SendTrade,
    StartTrade,
)
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.decisions import TradeDecision
from civgame.games.clash.core.model import Game
from civgame.games.clash.core.vocabulary import RESOURCES
from civgame.games.clash.rules.flow.controller import apply, legal_actions

# The agent's own one-step ranking of actions on a position, best first (`agents.rank`).
RankActions = Callable[[Game, Sequence[Action]], list[tuple[float, Action]]]

MOST_ASKED = 2  # of one resource: a trade to make up a shortfall, not a market
MOST_GIVEN = 4  # of the resource given: more than the evaluation's prices (0.18 to 0.25) ever ask for 2
MARGIN = 0.1  # victory points: how much better than its best action without the trade an offer must make it
# Victory points: how much better off by its own evaluation a computer partner must be after the trade.
PARTNER_GAIN = 0.05
REPEAT_AFTER = 2  # rounds: a person is not asked the same again on the computer player's next turn
TRADE_KINDS = frozenset(kind.KIND for kind in (StartTrade, AddTradeItem, SendTrade, CancelTrade))


@dataclass(frozen=True)
class Offer:
    partner: int
    give: str
    given: int
    take: str
    taken: int

    def steps(self) -> list[Action]:
        """The actions that make the offer, after StartTrade."""
        return [
            *[AddTradeItem("give", self.give) for _ in range(self.given)],
            *[AddTradeItem("take", self.take) for _ in range(self.taken)],
            SendTrade(),
        ]


def swaps(view: Game, seat: int, partner: int, weights: Weights) -> Iterator[Offer]:
    """Each offer of up to `MOST_ASKED` of a resource the partner holds, for the fewest of another resource
    the seat holds that are worth at least as much at the evaluation's prices."""
    mine, theirs = view.player(seat).resources, view.player(partner).resources
    prices = weights.resources
    for take in RESOURCES:
        for taken in range(1, min(MOST_ASKED, theirs.get(take, 0)) + 1):
            for give in RESOURCES:
                if give == take or prices.get(give, 0) <= 0:
                    continue
                given = math.ceil(taken * prices.get(take, 0) / prices[give] - 1e-9)
                if 0 < given <= min(MOST_GIVEN, mine.get(give, 0)):
                    yield Offer(partner, give, given, take, taken)


def traded(view: Game, seat: int, offer: Offer) -> Game | None:
    """A copy of `view` after the offer is made and accepted, by the rules (None if they refuse it)."""
    after = copy_game(view, with_record=False)
    try:
        for action in (StartTrade(offer.partner), *offer.steps(), AcceptTrade()):
            apply(after, action)
    except RuleError:
        return None
    return after if after.actor() == seat and not after.pending else None


def best_offer(
    view: Game,
    seat: int,
    actions: Sequence[Action],
    best_now: float,
    rank_actions: RankActions,
    weights: Weights,
    weighed_at_most: int,
    made_lately: Collection[Offer] = (),
) -> Offer | None:
    """The offer whose trade lets the seat do best, if that beats `best_now` (the value of its best
    action without a trade) by `MARGIN`, among the first `weighed_at_most` offers that are no bad
    bargain for the partner (`partner_weighs`); None when no offer does, or none can be made. An offer
    of `made_lately` is not made again."""
    partners = [a.partner for a in actions if isinstance(a, StartTrade) and _weighs(view, a.partner)]
    if not partners:
        return None
    listed = set(actions)
    best, best_value = None, best_now + MARGIN
    weighed = 0
    for partner in partners:
        partner_gains = partner_weighs(view, partner, weights)
        for offer in swaps(view, seat, partner, weights):
            if offer in made_lately:
                continue
            if weighed >= weighed_at_most:
                return best
            weighed += 1
            try:
                after = traded(view, seat, offer)
                if after is None or not partner_gains(after):
                    continue
                enabled = [a for a in legal_actions(after) if a not in listed and a.KIND not in TRADE_KINDS]
            except Exception:  # as in `agents.rank`: a sampled world the rules fail in says nothing of the offer
                continue
            if not enabled:
                continue
            found = rank_actions(after, enabled)[0][0]
            if found > best_value:
                best, best_value = offer, found
    return best


def _weighs(view: Game, partner: int) -> bool:
    """Whether the partner weighs offers: a person, or a computer player with an evaluation."""
    seat = view.player(partner).seat
    return seat == "human" or seat in LEVEL_WEIGHTS


def partner_weighs(view: Game, partner: int, weights: Weights) -> Callable[[Game], bool]:
    """Whether the position after a trade is good for the partner: for a person, worth no less at the
    offering player's prices (`weights`); for a computer player, worth `PARTNER_GAIN` more by its own
    level's evaluation."""
    seat = view.player(partner).seat
    if seat == "human":
        before = value(view, partner, weights)
        return lambda after: value(after, partner, weights) >= before
    own = LEVEL_WEIGHTS[seat]
    gained = value(view, partner, own) + PARTNER_GAIN
    return lambda after: value(after, partner, own) >= gained


class OfferPlan:
    """An agent's offer in the making (the steps left, for the turn it was started in), and the offers it
    made in the last `REPEAT_AFTER` rounds."""

    def __init__(self) -> None:
        self._steps: list[Action] = []
        self._turn: tuple[int, int, int] | None = None
        self._made: dict[Offer, int] = {}  # the round each was last made in (`rounds_played` then)

    def start(self, game: Game, offer: Offer) -> StartTrade:
        self._steps, self._turn = offer.steps(), _turn(game)
        self._made = {made: self._made[made] for made in self.made_lately(game)}  # (the older ones forgotten)
        self._made[offer] = rounds_played(game)
        return StartTrade(offer.partner)

    def made_lately(self, game: Game) -> set[Offer]:
        now = rounds_played(game)
        return {offer for offer, when in self._made.items() if now - when < REPEAT_AFTER}

    def next_step(self, game: Game, actions: Sequence[Action]) -> Action | None:
        """While the seat composes an offer: the planned step, or CancelTrade for an offer it did not
        plan (or one the rules no longer take as planned). None when no offer is being composed."""
        if not game.pending or not isinstance(game.pending[-1], TradeDecision):
            return None
        planned = self._steps[0] if self._steps and self._turn == _turn(game) else None
        if planned is not None and planned in actions:
            self._steps.pop(0)
            return planned
        self._steps = []
        return CancelTrade()


def _turn(game: Game) -> tuple[int, int, int]:
    return game.age, game.round, game.current
