"""Playing the action half of action cards: `PlayActionCard(card, choice)`.

A half (`action_halves.yaml`) is a main or free action with a cost and a list of effects. Each
action primitive registers with `@card_action(name, options=...)` how to list its ways of being
played now (`[()]`: playable without a choice, `[]`: its precondition fails) and how to perform
one; it may add a cost that depends on the choice. Each effect answers its own part of `choice`
(the parts joined in the effects' order). A half is playable when it is built (every effect has a
handler) and every effect offers a way. The card goes face up to the discard pile before its effects resolve.

The play flow works on half names (`Ruleset.played_halves`), and on any `Hand` of cards played this
way: great persons are played through it too (`rules/great_persons.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache
from itertools import accumulate, product
from typing import TypeVar

from civgame.framework.effects import params_as
from civgame.framework.errors import RuleError
from civgame.framework.wording import counted, with_article
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.cards import (
    BattleWonThisTurn,
    CardAdvance,
    ExploreAndSettle,
    GainActions,
    GainPerBuilding,
    GainResources,
    LoseActionMark,
    NextAction,
    PlaceUnit,
    RaiseCityMoods,
    RedrawObjectives,
    TradeAdvances,
)
from civgame.games.clash.content.effects.culture import CancelActionCard, PlayCardWithoutAction
from civgame.games.clash.content.effects.sources import end_lasting, holdings_changed, lasting_for_a_look
from civgame.games.clash.content.ruleset import ActionHalf, Ruleset
from civgame.games.clash.core.actions import Action, CancelPayment, PlayActionCard, PlayCard
from civgame.games.clash.core.decisions import (
    CardCancelDecision,
    CardExchangeDecision,
    Decision,
    EffectChoiceDecision,
    PayDecision,
)
from civgame.games.clash.core.hexgrid import Hex, distance, hex_to_label, label_to_hex
from civgame.games.clash.core.model import MOODS, BattleRecord, City, Game, LastingEffect, Player, Unit
from civgame.games.clash.core.vocabulary import DECLINE, amounts
from civgame.games.clash.rules.actions import cities
from civgame.games.clash.rules.actions.advances import (
    advance_cost,
    advance_prices,
    gain_advance,
    gainable,
    least_advance_price,
    note_waiver,
    offer_purchase_bonus,
    why_not_gain,
)
from civgame.games.clash.rules.actions.culture_abilities import leader_city
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.actions.exploration import explore
from civgame.games.clash.rules.actions.influence import SETTLEMENT, attempts
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.abilities import ability
from civgame.games.clash.rules.base.cards import (
    GREAT_PERSON,
    HANDS,
    discard,
    great_person_name,
    great_person_named,
    great_persons_in_hand,
    take,
)
from civgame.games.clash.rules.base.payments import (
    affordable,
    can_pay,
    describe,
    gain,
    pay,
    payment_for,
    payment_options,
    resource_cap,
    settle,
)
from civgame.games.clash.rules.base.registry import RULES, rule
from civgame.games.clash.rules.base.turns import spend_main_action
from civgame.games.clash.rules.combat import (
    CAPTURE_OFFERS,
    pay_ransom,
    ransom_options,
    unit_placement_cities,
    withdraw_to,
    withdrawal_options,
)

Choice = tuple[str, ...]
Parts = tuple[Choice, ...]  # a choice split between the played effects of a half, one part each
CardOptions = Callable[[Game, Player, Effect], list[Choice]]
CardPerform = Callable[[Game, Player, Effect, Choice], None]
CardCost = Callable[[Game, Player, Effect, Choice], dict[str, int]]
CardWhyNot = Callable[[Game, Player, Effect], str]
CardLeastCost = Callable[[Game, Player, Effect], dict[str, int]]
CardPartSize = Callable[[Effect], int | None]
# A perform that is also told what the play was paid with beyond the card's printed price.
PaidPerform = Callable[[Game, Player, Effect, Choice, dict[str, int]], None]
Performs = TypeVar("Performs", bound=CardPerform)  # a perform registered as it is (it may also be a PaidPerform)


@dataclass(frozen=True)
class CardAction:
    options: CardOptions
    perform: CardPerform
    cost: CardCost | None = None  # a price that comes with the chosen way of playing
    needs: str = ""  # what its precondition asks for, said when it offers no way ("" : the half's text says)
    why_not: CardWhyNot | None = None  # why it offers no way, in the rule's words (rather than `needs`)
    least_cost: CardLeastCost | None = None  # what `cost` asks at least, whichever way is chosen
    # Its options depend on what playing the half takes first (resources, tokens, actions left), so they are
    # asked with that taken (`_as_played`); False spares the listings that look for halves of such effects alone.
    sees_payment: bool = True
    # How many items of the choice its part takes whichever way is chosen (None: that depends on the way):
    # a checked play is split by these sizes, without asking every effect for its options again.
    part_size: CardPartSize | None = None
    # Whether its `cost` asks exactly its `least_cost` whichever way is chosen (None: it may not): the listings
    # then need not price each way.
    fixed_cost: Callable[[Effect], bool] | None = None
    # Played instead of `perform` when what paid for the play matters to it (`told_payment`).
    paid_perform: PaidPerform | None = None


CARD_ACTIONS: dict[str, CardAction] = {}


def card_action(
    name: str,
    *,
    options: CardOptions,
    cost: CardCost | None = None,
    needs: str = "",
    why_not: CardWhyNot | None = None,
    least_cost: CardLeastCost | None = None,
    sees_payment: bool = True,
    part_size: CardPartSize | None = None,
    fixed_cost: Callable[[Effect], bool] | None = None,
) -> Callable[[Performs], Performs]:
    """Register how the action primitive `name` is played."""

    def register(perform: Performs) -> Performs:
        CARD_ACTIONS[name] = CardAction(
            options, perform, cost, needs, why_not, least_cost, sees_payment, part_size, fixed_cost
        )
        return perform

    return register


def told_payment(name: str) -> Callable[[PaidPerform], PaidPerform]:
    """Have the registered action primitive `name` played by the decorated perform, which is also told
    what the play was paid with (a bought advance may earn a bonus for how it was paid: Free Education)."""

    def register(perform: PaidPerform) -> PaidPerform:
        CARD_ACTIONS[name] = replace(CARD_ACTIONS[name], paid_perform=perform)
        return perform

    return register


@dataclass(frozen=True)
class Hand:
    """Cards a player holds and plays like the action half of an action card: the action cards, and
    anything else played the same way (great persons, `rules/great_persons.py`)."""

    name: str  # how the log and the rules name such a card
    held: Callable[[Player], list[int]]  # the player's cards of this hand
    deck: str  # the deck whose discard pile takes a played card
    half: Callable[[Ruleset, int], str]  # the half a card plays (a key of `Ruleset.played_halves`)


ACTION_CARDS = Hand(
    "action card", lambda p: p.action_cards, "action", lambda rules, card: rules.action_card(card).action
)
# Great persons come through the event deck and go back to its discard pile (`rules/great_persons.py`).
GREAT_PERSONS = Hand("great person", lambda p: p.great_persons, "event", lambda rules, card: rules.event(card).name)


# ------------------------------------------------------------------ the generic play


# Passive primitives a half may hold besides `next_action`: they apply to the action it forces.
FOLLOW_UP_PRIMITIVES = frozenset({"building_discount", "collect_extra_spaces", "collect_same_space"})


_HALF_PLAYS = "_half_plays"  # the attribute of the ruleset keeping the `HalfPlay`s


@dataclass(frozen=True)
class HalfPlay:
    """What playing a half involves that its rules data alone decide: worked out once per ruleset, as the
    listings ask about every card in hand at every turn action."""

    played: tuple[Effect, ...]  # the effects that act when it is played (the others apply to the action it forces)
    built: bool  # it has effects, each played by a handler or applying to the action it forces
    price: dict[str, int]  # its printed price (never changed: copy it to add to it)
    priced_ways: bool  # some played effect adds a price that depends on the way chosen
    one_price: bool  # every way costs the same: its least cost (`_least_cost`)
    least_costs: tuple[tuple[Effect, CardLeastCost], ...]  # the played effects asking a least cost, and how
    main: bool  # it costs a main action
    actions_spent: int  # the actions playing it spends (its main action), less those its `gain_actions` give
    sees_payment: bool  # some played effect's options depend on what playing it takes first
    part_sizes: tuple[int, ...] | None  # each played effect's `part_size`, when all of them have one
    # What it was worked out from: the half's effects in the rules, and how many action primitives were
    # registered then (a rule module imported later may register more).
    source: list[Effect] | None
    registered: int


def half_play(rules: Ruleset, half: str) -> HalfPlay:
    """The half's `HalfPlay`, kept on the ruleset (a mod's ruleset keeps its own); worked out again when
    the rules' list of the half's effects is replaced or more action primitives are registered."""
    source = rules.card_effects.get(half)
    known: dict[str, HalfPlay] = rules.__dict__.setdefault(_HALF_PLAYS, {})
    found = known.get(half)
    if found is None or found.source is not source or found.registered != len(CARD_ACTIONS):
        found = known[half] = _work_out_half_play(rules, half, source)
    return found


def _work_out_half_play(rules: Ruleset, half: str, source: list[Effect] | None) -> HalfPlay:
    effects_of = source or []
    forces = any(e.name == "next_action" for e in effects_of)
    played = tuple(e for e in effects_of if e.name in CARD_ACTIONS)
    main = rules.played_halves[half].action == "main"
    return HalfPlay(
        played=played,
        built=bool(effects_of)
        and all(e.name in CARD_ACTIONS or (forces and e.name in FOLLOW_UP_PRIMITIVES) for e in effects_of),
        price=amounts(rules.played_halves[half].cost),
        priced_ways=any(CARD_ACTIONS[e.name].cost is not None for e in played),
        one_price=all(_costs_least(e) for e in played),
        least_costs=tuple((e, least) for e in played if (least := CARD_ACTIONS[e.name].least_cost) is not None),
        main=main,
        actions_spent=int(main)
        - sum(params_as(e, GainActions).actions for e in effects_of if e.name == "gain_actions"),
        sees_payment=any(CARD_ACTIONS[e.name].sees_payment for e in played),
        part_sizes=_part_sizes(played),
        source=source,
        registered=len(CARD_ACTIONS),
    )


def _costs_least(effect: Effect) -> bool:
    """Whether the effect's part of a way's price is its `least_cost`, whichever way is chosen."""
    action = CARD_ACTIONS[effect.name]
    return action.cost is None or (action.fixed_cost is not None and action.fixed_cost(effect))


def _part_sizes(played: tuple[Effect, ...]) -> tuple[int, ...] | None:
    sizes = []
    for effect in played:
        size_of = CARD_ACTIONS[effect.name].part_size
        size = size_of(effect) if size_of is not None else None
        if size is None:
            return None
        sizes.append(size)
    return tuple(sizes)


def no_part(effect: Effect) -> int:
    """The `part_size` of an effect played without a choice."""
    return 0


def is_built(game: Game, half: str) -> bool:
    """Whether the half can be played at all: it has effects, each played by a handler or applying to
    the action the half forces."""
    return half_play(game.rules, half).built


def _played(game: Game, half: str) -> tuple[Effect, ...]:
    """The half's effects that act when it is played (the others apply to the action it forces)."""
    return half_play(game.rules, half).played


def _ways(game: Game, player: Player, half: str, extra: dict[str, int] | None = None) -> list[Parts]:
    """Every way the half can be played now, ignoring costs: one part of the choice per played effect
    (`()` for an effect without a choice). `extra` is the price an ability adds to play it without
    spending an action."""
    return _ways_of(game, player, half_play(game.rules, half), extra)


def _ways_of(game: Game, player: Player, known: HalfPlay, extra: dict[str, int] | None) -> list[Parts]:
    """`_ways` of a half whose `HalfPlay` the caller holds."""
    if not known.sees_payment:  # the effects find the player as they stand
        return _effect_ways(game, player, known)
    price, spent = _taken_before(known, extra)
    if not price and not spent:  # (nothing is taken first)
        return _effect_ways(game, player, known)
    with _as_played(game, player, price, spent):
        return _effect_ways(game, player, known)


def _effect_ways(game: Game, player: Player, known: HalfPlay) -> list[Parts]:
    """Each played effect's options, combined, with the player standing as the effects will find them."""
    options = []
    for effect in known.played:
        found = CARD_ACTIONS[effect.name].options(game, player, effect)
        if not found:  # no way at all: the effects after it need not be asked
            return []
        options.append(found)
    return list(product(*options))


def _taken_before(known: HalfPlay, extra: dict[str, int] | None) -> tuple[dict[str, int], int]:
    """What playing the half takes before its effects act: its printed price and `extra`, and the actions
    spent (its main action, unless an ability plays it without one), less those it gives."""
    return _with(known.price, extra), known.actions_spent - (known.main and extra is not None)


@contextmanager
def _as_played(game: Game, player: Player, price: dict[str, int], spent: int) -> Iterator[None]:
    """Inside, the player stands as the half's effects will find them (`_taken_before`): `price` paid (when
    it can be) and `spent` actions fewer left. Afterwards the player and the actions left are as before."""
    resources, tokens, actions = dict(player.resources), (player.mood_tokens, player.culture_tokens), game.actions_left
    if price and can_pay(game, player, price):
        pay(player, payment_for(game, player, price))
    game.actions_left -= spent
    try:
        yield
    finally:
        player.resources.update(resources)
        (player.mood_tokens, player.culture_tokens), game.actions_left = tokens, actions


def _joined(parts: Parts) -> Choice:
    if len(parts) == 1:  # (most halves play one effect)
        return parts[0]
    return tuple(part for option in parts for part in option)


def choice_parts(
    game: Game, player: Player, half: str, choice: Choice, extra: dict[str, int] | None = None
) -> Parts | None:
    """Each played effect's part of `choice`, or None if the half cannot be played that way now."""
    return next((way for way in _ways(game, player, half, extra) if _joined(way) == choice), None)


def half_cost(game: Game, player: Player, spec: ActionHalf, half: str, parts: Parts) -> dict[str, int]:
    """The card's price and what its effects add for their parts of the choice, played by `player`."""
    return _cost_of(game, player, half_play(game.rules, half), parts)


def _cost_of(game: Game, player: Player, known: HalfPlay, parts: Parts) -> dict[str, int]:
    """`half_cost` of a half whose `HalfPlay` the caller holds."""
    cost = dict(known.price)
    if not known.priced_ways:
        return cost
    for effect, part in zip(known.played, parts, strict=True):
        extra = CARD_ACTIONS[effect.name].cost
        for item, amount in (extra(game, player, effect, part) if extra is not None else {}).items():
            cost[item] = cost.get(item, 0) + amount
    return cost


def _least_cost(game: Game, player: Player, known: HalfPlay) -> dict[str, int]:
    """What every way of playing the half costs `player` at least: its printed price and what its effects
    ask whichever way is chosen."""
    cost = known.price
    for effect, least in known.least_costs:
        cost = _with(cost, least(game, player, effect))
    return cost


def why_not_play(
    game: Game, player: Player, half: str, spec: ActionHalf, extra: dict[str, int] | None = None
) -> str | None:
    """The rule that stops `player` from playing the half now, or None if some way of playing it is open.
    `extra` is paid on top of the card's price by an ability that plays it without spending an action."""
    found = _open_ways(game, player, half, spec, extra)
    return found if isinstance(found, str) else None


def _open_ways(
    game: Game, player: Player, half: str, spec: ActionHalf, extra: dict[str, int] | None = None
) -> list[Parts] | str:
    """Every way of playing the half now, paid for or not, when some way can be paid for; else the rule
    that stops `player` from playing it (`why_not_play`)."""
    if spec.action == "after_battle":
        return f"{half} is played at the end of a battle won at a city, not as an action"
    if not is_built(game, half):
        return f"{half} has no effect that can be played in this game"
    if not _turn_open(game):
        return "a card is played on your own turn when nothing else is pending"
    if spec.action == "main" and game.actions_left <= 0 and extra is None:
        return "no main actions left this turn"
    if not spec.cost or affordable(game, player, amounts(spec.cost)):
        ways = _ways(game, player, half, extra)
        if not ways:
            return _precondition(game, player, half, extra)
        if next(_each_paid_way(game, player, half_play(game.rules, half), spec, ways, extra), None) is not None:
            return ways
    return f"{player.name} cannot pay for {half} ({describe(_cheapest(game, player, half, spec, extra))})"


def _cheapest(game: Game, player: Player, half: str, spec: ActionHalf, extra: dict[str, int] | None) -> dict[str, int]:
    """The lowest price of the half's ways of being played now (its printed price if it has none)."""
    prices = [_with(half_cost(game, player, spec, half, way), extra) for way in _ways(game, player, half, extra)]
    return min(prices or [_with(amounts(spec.cost), extra)], key=lambda price: sum(price.values()))


def _turn_open(game: Game) -> bool:
    return not game.pending and game.combat is None and game.phase == "play"


def playable_ways(
    game: Game, player: Player, half: str, spec: ActionHalf, extra: dict[str, int] | None = None
) -> list[Parts]:
    """The ways `player` may play the half now and can pay for: empty exactly when `why_not_play` gives a
    reason, without building the reason (the legal listings ask this for every card in hand)."""
    if not _turn_open(game):
        return []
    return _playable(game, player, half_play(game.rules, half), spec, extra)


def _playable(
    game: Game, player: Player, known: HalfPlay, spec: ActionHalf, extra: dict[str, int] | None
) -> list[Parts]:
    """`playable_ways` of a half whose `HalfPlay` the caller holds, on a turn open to play it (`_turn_open`)."""
    if spec.action == "after_battle" or not known.built:
        return []
    if spec.action == "main" and game.actions_left <= 0 and extra is None:
        return []
    # When even the least price cannot be paid, no way can: the ways, often many, are not worked out then.
    least = _least_cost(game, player, known) if known.least_costs else known.price
    if extra:
        least = _with(least, extra)
    if least and not can_pay(game, player, least):
        return []
    ways = _ways_of(game, player, known, extra)
    if known.one_price:
        return ways  # their one price is the least, which can be paid
    return list(_each_paid_way(game, player, known, spec, ways, extra))


def _each_paid_way(
    game: Game, player: Player, known: HalfPlay, spec: ActionHalf, ways: list[Parts], extra: dict[str, int] | None
) -> Iterator[Parts]:
    """The `ways` the player can pay for, one at a time (whether there is one needs only the first), asking
    once per distinct price (most halves have one price)."""
    if not known.priced_ways:
        if ways and can_pay(game, player, _with(amounts(spec.cost), extra)):
            yield from ways
        return
    payable: dict[tuple[tuple[str, int], ...], bool] = {}
    for way in ways:
        cost = _with(_cost_of(game, player, known, way), extra)
        price = tuple(sorted(cost.items()))
        if price not in payable:
            payable[price] = can_pay(game, player, cost)
        if payable[price]:
            yield way


def _with(cost: dict[str, int], extra: dict[str, int] | None) -> dict[str, int]:
    if not extra:
        return cost
    return {item: cost.get(item, 0) + extra.get(item, 0) for item in {*cost, *extra}}


def _precondition(game: Game, player: Player, half: str, extra: dict[str, int] | None) -> str:
    """Why the half offers no way to be played: the first effect offering none says why (`why_not`) or
    what it needs, else the half's text does."""
    with _as_played(game, player, *_taken_before(half_play(game.rules, half), extra)):
        for effect in _played(game, half):
            action = CARD_ACTIONS[effect.name]
            if (action.why_not or action.needs) and not action.options(game, player, effect):
                if action.why_not is not None:
                    return action.why_not(game, player, effect)
                return f"{half} cannot be played now: it needs {action.needs}"
    text = game.rules.played_halves[half].text
    return f"{half} cannot be played now: {text[0].lower()}{text[1:].rstrip('.')}"


def why_not_play_card(game: Game, player: Player, card: int, hand: Hand = ACTION_CARDS) -> str | None:
    """`why_not_play` for a card in hand (the window shows it on cards that cannot be played)."""
    found = _open_card_ways(game, player, card, hand)
    return found if isinstance(found, str) else None


def _open_card_ways(game: Game, player: Player, card: int, hand: Hand) -> list[Parts] | str:
    """`_open_ways` for a card in hand."""
    if card not in hand.held(player):
        return f"{player.name} holds no {hand.name} {card}"
    half = hand.half(game.rules, card)
    return _open_ways(game, player, half, game.rules.played_halves[half])


def legal_plays(game: Game, hand: Hand, play: Callable[[int, Choice], Action]) -> list[Action]:
    """`play(card, choice)` for every way of playing a card of the hand now that can be paid for."""
    player = game.players[game.current]
    held = hand.held(player)
    if not held or not _turn_open(game):
        return []
    rules = game.rules
    plays: list[Action] = []
    choices: dict[str, list[Choice]] = {}  # by half: most halves are printed on two cards
    for card in sorted(set(held)):
        half = hand.half(rules, card)
        found = choices.get(half)
        if found is None:
            ways = _playable(game, player, half_play(rules, half), rules.played_halves[half], None)
            found = choices[half] = [_joined(way) for way in ways]
        if found:
            plays += [play(card, choice) for choice in found]
    return plays


def _legal_plays(game: Game) -> list[Action]:
    return legal_plays(game, ACTION_CARDS, PlayActionCard)


def _check_action_card(game: Game, action: PlayActionCard) -> None:
    check_play(game, action, ACTION_CARDS)


@rule(PlayActionCard, legal=_legal_plays, check=_check_action_card)
def play_action_card(game: Game, action: PlayActionCard) -> None:
    play_card(game, action, ACTION_CARDS)


def check_play(game: Game, action: PlayCard, hand: Hand) -> None:
    """Raise the rule that stops playing `action.card` of the hand that way now, if one does."""
    ways = _open_card_ways(game, game.player(game.current), action.card, hand)
    if isinstance(ways, str):
        raise RuleError(ways)
    choice = tuple(action.choice)
    if not any(_joined(way) == choice for way in ways):
        raise RuleError(f"{hand.half(game.rules, action.card)} cannot be played that way now")


def play_card(game: Game, action: PlayCard, hand: Hand) -> None:
    """Play `action.card` of the hand (`check_play` allows it): paid (the player may first be asked how), an
    action spent if it costs one, then `_play`."""
    player = game.player(game.current)
    half = hand.half(game.rules, action.card)
    spec = game.rules.played_halves[half]
    parts = _chosen_parts(game, player, half, tuple(action.choice))
    payment = settle(game, action, half_cost(game, player, spec, half, parts))
    if payment is None:
        return  # the player chooses how to pay first
    if not _cancel_offered(game, player, hand, action.card, parts, payment, spec.action == "main"):
        _paid_play(game, player, hand, action.card, parts, payment, spec.action == "main")


def _paid_play(
    game: Game, player: Player, hand: Hand, card: int, parts: Parts, payment: dict[str, int], action_spent: bool
) -> None:
    """The card's price paid (and an action, if it costs one), then `_play`."""
    pay(player, payment)
    if action_spent:
        spend_main_action(game)
    _play(game, player, hand, card, parts, payment)


# ------------------------------------------------------------------ cancel_action_card (Subterfuge)

LET_PLAY = "let it be played"


def _cancel_offered(
    game: Game, player: Player, hand: Hand, card: int, parts: Parts, payment: dict[str, int], action_spent: bool
) -> bool:
    """`cancel_action_card`: another player with an action card in hand and a city or army unit near one of the
    player's pieces is asked, before the card is paid, to let it be played or cancel it; True if one is asked."""
    if hand is not ACTION_CARDS:
        return False
    theirs = places(game, player.index)
    for other in game.players:
        if other is player or not other.action_cards:
            continue
        own = {c.pos for c in game.cities_of(other.index)}
        own |= {u.pos for u in game.units_of(other.index) if game.is_army(u)}
        for effect in effects.active(game, other, "cancel_action_card"):
            reach = params_as(effect, CancelActionCard).distance
            if any(distance(a, b) <= reach for a in own for b in theirs):
                names = sorted({ACTION_CARDS.half(game.rules, c) for c in other.action_cards})
                game.pending.append(
                    CardCancelDecision(
                        player=other.index,
                        source=effect.source,
                        effect="cancel_action_card",
                        options=[LET_PLAY, *(f"discard {name} to cancel it" for name in names)],
                        played_by=player.index,
                        card=card,
                        parts=[list(part) for part in parts],
                        payment=dict(payment),
                        action_spent=action_spent,
                    )
                )
                log.say(game, "card.announced", player.index, card=ACTION_CARDS.half(game.rules, card))
                return True
    return False


def _cancel_or_let(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """The card played after all, or cancelled: discarded as if unplayed, for one of the canceller's cards."""
    assert isinstance(decision, CardCancelDecision)
    player = game.player(decision.played_by)
    parts = tuple(tuple(part) for part in decision.parts)
    if option == LET_PLAY:
        _paid_play(game, player, ACTION_CARDS, decision.card, parts, decision.payment, decision.action_spent)
        return
    canceller = game.player(decision.player)
    name = option.removeprefix("discard ").removesuffix(" to cancel it")
    used = next(c for c in canceller.action_cards if ACTION_CARDS.half(game.rules, c) == name)
    canceller.action_cards.remove(used)
    discard(game, canceller, "action", used)
    player.action_cards.remove(decision.card)
    discard(game, player, "action", decision.card)
    played = ACTION_CARDS.half(game.rules, decision.card)
    log.say(game, "card.cancelled", canceller.index, card=played, spent=name, source=decision.source)


CHOICE_RULES["cancel_action_card"] = (lambda _game, decision: list(decision.options), _cancel_or_let)


def _chosen_parts(game: Game, player: Player, half: str, choice: Choice) -> Parts:
    """Each played effect's part of an allowed `choice`: cut by the effects' part sizes when they are fixed,
    else found among the ways of playing the half."""
    sizes = half_play(game.rules, half).part_sizes
    if sizes is None:
        parts = choice_parts(game, player, half, choice)
        assert parts is not None  # checked
        return parts
    assert sum(sizes) == len(choice)  # checked: the choice is one of the ways
    ends = accumulate(sizes)
    return tuple(choice[end - size : end] for size, end in zip(sizes, ends, strict=True))


def _play(game: Game, player: Player, hand: Hand, card: int, parts: Parts, payment: dict[str, int]) -> None:
    """The paid card goes face up to the discard pile, then its half's effects resolve, each with its part
    of the choice."""
    half = hand.half(game.rules, card)
    hand.held(player).remove(card)
    discard(game, player, hand.deck, card)
    if any(payment.values()):
        log.say(game, "card.plays_paying", player.index, hand=hand.name, card=half, payment=log.things(payment))
    else:
        log.say(game, "card.plays", player.index, hand=hand.name, card=half)
    price = half_play(game.rules, half).price
    beyond_price = {item: n - price.get(item, 0) for item, n in payment.items() if n > price.get(item, 0)}
    for effect, part in zip(_played(game, half), parts, strict=True):
        played = CARD_ACTIONS[effect.name]
        if played.paid_perform is not None:
            played.paid_perform(game, player, effect, part, beyond_price)
        else:
            played.perform(game, player, effect, part)


# ------------------------------------------------------------------ play_card_without_action


def _why_not_play_without_action(game: Game, effect: Effect) -> str | None:
    params = params_as(effect, PlayCardWithoutAction)
    player = game.player(game.current)
    if params.once_per_turn and not effects.unused_this_turn(player, effect):
        return f"{effect.source} plays a card without an action once a turn, and it has this turn"
    if params.activates_leader_city and leader_city(game, player) is None:
        return f"{effect.source} needs the leader in one of your cities that can be activated"
    return None


def _hidden_cards(rules: Ruleset, player: Player) -> Iterator[tuple[str, Hand, int]]:
    """(choice naming it, hand, card) for each card in the player's hand: the action cards, and the great
    persons held hidden (the catalogue: "it counts as an action card in hand"), not those kept face up."""
    for card in sorted(set(player.action_cards)):
        yield str(card), ACTION_CARDS, card
    for card in sorted(set(great_persons_in_hand(rules, player))):
        yield great_person_name(card), GREAT_PERSONS, card


def _plays_without_action(game: Game, effect: Effect) -> list[Choice]:
    """(card, *its choice) for each card in hand costing a main action that can be played and paid with
    `pay` on top."""
    player = game.player(game.current)
    params = params_as(effect, PlayCardWithoutAction)
    if params.once_per_turn and not effects.unused_this_turn(player, effect):
        return []
    extra = amounts(params.pay)
    plays: list[Choice] = []
    with cities.as_activated(game, leader_city(game, player) if params.activates_leader_city else None):
        for named, hand, card in _hidden_cards(game.rules, player):
            half = hand.half(game.rules, card)
            spec = game.rules.played_halves[half]
            if spec.action == "main":
                plays.extend((named, *_joined(way)) for way in playable_ways(game, player, half, spec, extra))
    return plays


@ability("play_card_without_action", legal=_plays_without_action, why_not=_why_not_play_without_action)
def play_card_without_action(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    params = params_as(effect, PlayCardWithoutAction)
    hand, card = next((h, c) for named, h, c in _hidden_cards(game.rules, player) if named == choice[0])
    half = hand.half(game.rules, card)
    city = leader_city(game, player) if params.activates_leader_city else None
    with cities.as_activated(game, city):  # the card is played once the city is activated (its mood lowered)
        parts = choice_parts(game, player, half, tuple(choice[1:]), amounts(params.pay))
    assert parts is not None  # one of the options listed
    cost = _with(half_cost(game, player, game.rules.played_halves[half], half, parts), amounts(params.pay))
    payment = payment_for(game, player, cost)
    if city is not None:  # "activate the leader city, then play one action card"
        cities.begin_activation(game, city)
        cities.finish_activation(game, city)
    if params.once_per_turn:
        effects.mark_used(player, effect)
    log.say(game, "card.without_action", player.index, source=effect.source)
    if not _cancel_offered(game, player, hand, card, parts, payment, action_spent=False):
        _paid_play(game, player, hand, card, parts, payment, action_spent=False)


# ------------------------------------------------------------------ the action a card forces next


def forced_action(game: Game) -> tuple[str, str] | None:
    """(action kind, card) while a card the current player played forces the kind of its next action."""
    if game.phase != "play":
        return None
    found = effects.active(game, game.player(game.current), "next_action")
    return (params_as(found[0], NextAction).action, found[0].source) if found else None


def why_not_follow_up(game: Game, action: Action) -> str | None:
    """Why a turn action other than the forced one may not be taken now, or None."""
    forced = None if game.pending else forced_action(game)  # (answers to decisions are never forced)
    if forced is None:
        return None
    kind, card = forced
    return None if kind == action.KIND else f"{card}: the next action must be a {kind.capitalize()}"


def follow_up_taken(game: Game, action: Action, answered: Decision | None) -> None:
    """After an action: once the forced action is done (paid for too), the card's effects end."""
    forced = forced_action(game)
    if forced is None or any(isinstance(d, PayDecision) for d in game.pending):
        return
    kind = forced[0]
    if kind in (action.KIND, answered.action.KIND if isinstance(answered, PayDecision) else None):
        end_lasting(game, "action")


def note_turn_action(game: Game, action: Action, answered: Decision | None, actor: int) -> None:
    """Remember that the current player took a turn action (Negotiations must come first): one taken
    with nothing pending, or completed by its payment; not one waiting for its payment or cancelled,
    nor the action that ended the turn."""
    if game.acted_this_turn or game.phase != "play" or game.current != actor:
        return  # (already noted, or not a turn action of the current player: most actions)
    completed = answered is None or (isinstance(answered, PayDecision) and not isinstance(action, CancelPayment))
    if completed and not any(isinstance(d, PayDecision) for d in game.pending):
        game.acted_this_turn = True


def _follow_up_possible(game: Game, player: Player, effect: Effect) -> list[Choice]:
    forced = RULES[Action.REGISTRY[params_as(effect, NextAction).action]]  # (the action type of that kind)
    with lasting_for_a_look(game, player, LastingEffect(effect.source, "action")):
        return [()] if forced.any_legal(game) else []


def _why_no_follow_up(game: Game, player: Player, effect: Effect) -> str:
    kind = params_as(effect, NextAction).action.capitalize()
    return f"No {kind} could be taken now, and {effect.source} makes it your next action"


@card_action("next_action", options=_follow_up_possible, why_not=_why_no_follow_up, part_size=no_part)
def _force_next_action(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    player.lasting_effects.append(LastingEffect(effect.source, "action"))
    holdings_changed(game)
    kind = params_as(effect, NextAction).action
    action = with_article(kind.replace("_", " ").title())
    log.say(game, "card.next_action", player.index, action=action, source=effect.source)


def _takeover_targets(game: Game, player: Player, effect: Effect) -> list[Choice]:
    """`influence_barbarian_settlement` is playable only if the forced attempt could take over a settlement."""
    with lasting_for_a_look(game, player, LastingEffect(effect.source, "action")):
        return [()] if any(a.building == SETTLEMENT for a in attempts(game, player)) else []


def _why_no_takeover(game: Game, player: Player, effect: Effect) -> str:
    return "No Influence Culture attempt of yours could reach a size-1 barbarian city now"


@card_action("influence_barbarian_settlement", options=_takeover_targets, why_not=_why_no_takeover, part_size=no_part)
def _allow_takeover(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    """Nothing happens on play: the effect applies to the attempt `next_action` forces (rules/influence.py)."""


# ------------------------------------------------------------------ action primitives


def _always(game: Game, player: Player, effect: Effect) -> list[Choice]:
    return [()]


@card_action("gain_actions", options=_always, sees_payment=False, part_size=no_part)
def _gain_actions(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    params = params_as(effect, GainActions)
    game.actions_left += params.actions
    log.say(
        game, "card.more_actions", player.index, actions=counted(params.actions, "more action"), source=effect.source
    )


def _room_for_resources(game: Game, player: Player, effect: Effect) -> list[Choice]:
    params = params_as(effect, GainResources)
    if not params.needs_room:
        return [()]
    room = any(
        player.resources.get(item, 0) < resource_cap(game, player, item)
        for item in params.gain
        if item in player.resources
    )
    return [()] if room else []


def _why_no_room(game: Game, player: Player, effect: Effect) -> str:
    items = " or ".join(params_as(effect, GainResources).gain)
    return f"You already hold as many {items} as you may"


@card_action("gain_resources", options=_room_for_resources, why_not=_why_no_room, part_size=no_part)
def _gain_resources(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    params = params_as(effect, GainResources)
    log.gained(game, player, gain(game, player, amounts(params.gain)), effect.source)


def _cities_with(game: Game, player: Player, building: str) -> int:
    return sum(1 for city in game.cities_of(player.index) if building in city.buildings)


def _has_building(game: Game, player: Player, effect: Effect) -> list[Choice]:
    params = params_as(effect, GainPerBuilding)
    return [()] if _cities_with(game, player, params.building) else []


def _why_no_building(game: Game, player: Player, effect: Effect) -> str:
    building = params_as(effect, GainPerBuilding).building.capitalize()
    return f"You have no city with {'an' if building[0] in 'AEIOU' else 'a'} {building}"


@card_action(
    "gain_per_building", options=_has_building, why_not=_why_no_building, sees_payment=False, part_size=no_part
)
def _gain_per_building(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    params = params_as(effect, GainPerBuilding)
    count = _cities_with(game, player, params.building)
    kept = gain(game, player, {item: amount * count for item, amount in params.gain.items()})
    log.gained(game, player, kept, effect.source)


def _claimable(game: Game, player: Player, effect: Effect) -> BattleRecord | None:
    """The first battle won this turn that the effect may be played off (not claimed by its name)."""
    params = params_as(effect, BattleWonThisTurn)
    for record in game.battles:
        kind = "naval" if record.naval else "land"
        if (
            record.winner == player.index
            and kind in params.battles
            and (record.real or not params.real_battle)
            and effect.source not in record.claimed_by
        ):
            return record
    return None


def _why_no_battle(game: Game, player: Player, effect: Effect) -> str:
    params = params_as(effect, BattleWonThisTurn)
    kinds = " or ".join(params.battles)
    won = [r for r in game.battles if r.winner == player.index and ("naval" if r.naval else "land") in params.battles]
    if any(r.real or not params.real_battle for r in won):
        return f"Every {kinds} battle you won this turn has already been claimed by a {effect.source} card"
    against = " against units (taking an undefended city is not enough)" if params.real_battle else ""
    return f"You have won no {kinds} battle this turn{against}"


@card_action(
    "battle_won_this_turn",
    options=lambda g, p, e: [()] if _claimable(g, p, e) else [],
    why_not=_why_no_battle,
    sees_payment=False,
    part_size=no_part,
)
def _claim_battle(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    record = _claimable(game, player, effect)
    assert record is not None  # checked by the options
    record.claimed_by.append(effect.source)


def _better(mood: str) -> str:
    return MOODS[MOODS.index(mood) + 1]


def _mood_raises(game: Game, player: Player, effect: Effect) -> list[Choice]:
    """One city not Happy, or two raises in a row (the second paid) of cities not Happy at that moment."""
    moods = {city.id: city.mood for city in game.cities_of(player.index) if city.mood != MOODS[-1]}
    options: list[Choice] = [(str(first),) for first in moods]
    for first, mood in moods.items():
        after = {**moods, first: _better(mood)}
        options += [(str(first), str(second)) for second, m in after.items() if m != MOODS[-1]]
    return options


def _extra_step_cost(game: Game, player: Player, effect: Effect, choice: Choice) -> dict[str, int]:
    params = params_as(effect, RaiseCityMoods)
    return amounts(params.extra_step_cost) if len(choice) > 1 else {}


def _why_no_mood_raise(game: Game, player: Player, effect: Effect) -> str:
    return f"You have no city that is not {MOODS[-1].capitalize()}"


@card_action(
    "raise_city_moods", options=_mood_raises, cost=_extra_step_cost, why_not=_why_no_mood_raise, sees_payment=False
)
def _raise_city_moods(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    for city_id in choice:
        city = game.city(int(city_id))
        assert city is not None
        city.mood = _better(city.mood)
        log.say(
            game, "card.city_mood", player.index, space=hex_to_label(city.pos), mood=city.mood, source=effect.source
        )


def _placement_cities(game: Game, player: Player, effect: Effect) -> list[Choice]:
    params = params_as(effect, PlaceUnit)
    return [(str(city),) for city in unit_placement_cities(game, player.index, params.unit)]


def _why_no_placement(game: Game, player: Player, effect: Effect) -> str:
    unit = params_as(effect, PlaceUnit).unit
    return f"You have no {unit} left in your supply or no city with room for one"


@card_action(
    "place_unit", options=_placement_cities, why_not=_why_no_placement, sees_payment=False, part_size=lambda e: 1
)
def _place_unit(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    params = params_as(effect, PlaceUnit)
    city = game.city(int(choice[0]))
    assert city is not None
    game.units.append(Unit(game.new_id(), player.index, params.unit, city.pos))
    _say_placed(game, player, params.unit, city, effect.source)


def _neighbours(game: Game, player: Player, reach: int, holding: AbstractSet[str] | None = None) -> list[Player]:
    """Other players with a unit or city within `reach` of the player's units or cities; with `holding`, only
    those holding one of these advances (the distances, the costly part, are measured for those alone)."""
    others = [
        other
        for other in game.players
        if other.index != player.index and (holding is None or not holding.isdisjoint(other.advances))
    ]
    if not others:
        return []
    near = set().union(*(_within(space, reach) for space in places(game, player.index)))
    owners = {unit.owner for unit in game.units if unit.pos in near}  # (those with a piece near the player's)
    owners.update(city.owner for city in game.cities if city.pos in near)
    return [other for other in others if other.index in owners]


@cache
def _within(space: Hex, reach: int) -> frozenset[Hex]:
    """The spaces at most `reach` steps from `space` (a fact of the hex grid: kept once worked out)."""
    q, r = space
    steps = range(-reach, reach + 1)
    return frozenset((q + dq, r + dr) for dq in steps for dr in steps if distance((0, 0), (dq, dr)) <= reach)


def _neighbour_advances(game: Game, player: Player, reach: int, wanted: list[str]) -> set[str]:
    """Advances held by the player's neighbours (see `_neighbours`) that hold one of `wanted`."""
    return {name for other in _neighbours(game, player, reach, set(wanted)) for name in other.advances}


def places(game: Game, owner: int) -> set[Hex]:
    """The spaces holding the owner's units or cities."""
    return {u.pos for u in game.units_of(owner)} | {c.pos for c in game.cities_of(owner)}


def _card_advances(game: Game, player: Player, effect: Effect) -> list[Choice]:
    """The advances (one, or two of a category) the effect may give; `()` for none when it is optional."""
    params = params_as(effect, CardAdvance)
    names = gainable(game, player)
    if params.from_ == "neighbours":
        held = _neighbour_advances(game, player, params.range, names)
        names = [name for name in names if name in held]
    if params.categories:
        names = [name for name in names if game.rules.category_of(name).name in params.categories]
    none: list[Choice] = [()] if params.optional else []
    if params.count == 1:
        return [*((name,) for name in names), *none]
    return [(first, second) for first in names for second in _next_in_category(game, player, first)] + none


def _next_in_category(game: Game, player: Player, first: str) -> list[str]:
    """The advances of `first`'s category the player may take once it holds `first`: the category
    is then started and its government is the player's."""
    category = game.rules.category_of(first)
    return [a.name for a in category.advances if a.name != first and not player.has(a.name)]


def _advances_taken(effect: Effect) -> int | None:
    """As many advances as the effect gives, unless it may give none."""
    params = params_as(effect, CardAdvance)
    return None if params.optional else params.count


def _card_advance_cost(game: Game, player: Player, effect: Effect, choice: Choice) -> dict[str, int]:
    """The advances' prices added up (`_card_advance_prices`). (Asked of every way of playing the card at every
    listing: without discounts, one price times the advances taken.)"""
    params = params_as(effect, CardAdvance)
    if not params.discounts:
        return _advances_price(game, params, len(choice))
    cost: dict[str, int] = {}
    for price, _ in _card_advance_prices(game, player, params, choice):
        for item, amount in price.items():
            cost[item] = cost.get(item, 0) + amount
    return cost


def _card_advance_prices(
    game: Game, player: Player, params: CardAdvance, choice: Choice
) -> list[tuple[dict[str, int], Effect | None]]:
    """Each chosen advance's price, gained one after the other from now, with the waiver that pays for it:
    with `discounts`, as the Advance action would charge them (`advance_prices`), else the plain price."""
    if params.price == "free":
        return [({}, None) for _ in choice]
    if params.discounts:
        return advance_prices(game, player, choice)
    return [(advance_cost(game), None) for _ in choice]


def _advances_price(game: Game, params: CardAdvance, count: int) -> dict[str, int]:
    """`count` advances at the printed price, without discounts."""
    if params.price == "free":
        return {}
    return {item: amount * count for item, amount in advance_cost(game).items()}


def _least_card_advance_cost(game: Game, player: Player, effect: Effect) -> dict[str, int]:
    """Each way gives `count` advances, but for the way of taking none when the effect is optional."""
    params = params_as(effect, CardAdvance)
    if params.optional or params.price == "free":
        return {}
    if params.discounts:
        return least_advance_price(game, player, params.count)
    return _advances_price(game, params, params.count)


def _one_advance_price(effect: Effect) -> bool:
    """Every way costs `_least_card_advance_cost`: the advances are free, or each way takes `count` of them at
    the printed price."""
    params = params_as(effect, CardAdvance)
    return params.price == "free" or not (params.discounts or params.optional)


def _why_no_card_advance(game: Game, player: Player, effect: Effect) -> str:
    params = params_as(effect, CardAdvance)
    if params.from_ == "neighbours":
        return _why_no_neighbour_advance(game, player, params.range)
    if params.count == 2:
        return "There are no two advances of one category you may gain"
    return "There is no advance you may gain"


def _why_no_neighbour_advance(game: Game, player: Player, reach: int) -> str:
    if not _neighbours(game, player, reach):
        return f"No other player has a unit or city within {reach} spaces of your units or cities"
    return f"No player with a unit or city within {reach} spaces of yours holds an advance you may gain"


@told_payment("card_advance")
@card_action(
    "card_advance",
    options=_card_advances,
    cost=_card_advance_cost,
    least_cost=_least_card_advance_cost,
    why_not=_why_no_card_advance,
    sees_payment=False,
    part_size=_advances_taken,
    fixed_cost=_one_advance_price,
)
def _card_advance(
    game: Game, player: Player, effect: Effect, choice: Choice, paid: dict[str, int] | None = None
) -> None:
    """The advances in the order chosen; a waiver that paid for one (as priced before any is gained) is
    said and, if once per turn, used. Those that had a price were bought with `paid`: Free Education
    may then be offered."""
    prices = _card_advance_prices(game, player, params_as(effect, CardAdvance), choice)
    for name, (_, waiver) in zip(choice, prices, strict=True):
        if waiver is not None:
            note_waiver(game, player, name, waiver)
        gain_advance(game, player, name, uses_event_cube=False)
    if paid:
        free = {name for name, (price, _) in zip(choice, prices, strict=True) if not price}
        offer_purchase_bonus(game, player, choice, paid, free)


def _unmarked_players(game: Game, player: Player, effect: Effect) -> list[Choice]:
    return [
        (str(other.index),)
        for other in game.players
        if other.index != player.index and not other.actions_lost_next_turn
    ]


def _why_all_marked(game: Game, player: Player, effect: Effect) -> str:
    return "Every other player already loses an action in their next turn"


@card_action(
    "lose_action_mark", options=_unmarked_players, why_not=_why_all_marked, sees_payment=False, part_size=lambda e: 1
)
def _mark_player(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    params = params_as(effect, LoseActionMark)
    target = game.player(int(choice[0]))
    target.actions_lost_next_turn = params.actions
    log.say(
        game,
        "card.marks",
        player.index,
        target=log.party(game, target.index),
        actions=counted(params.actions, "action"),
        source=effect.source,
    )


def _trades(game: Game, player: Player, effect: Effect) -> list[Choice]:
    """(advance, partner) pairs: an advance a neighbour holds that the player may take."""
    params = params_as(effect, TradeAdvances)
    names = gainable(game, player)
    return [
        (name, str(other.index))
        for other in _neighbours(game, player, params.range, set(names))
        for name in names
        if other.has(name)
    ]


@card_action(
    "trade_advances",
    options=_trades,
    why_not=lambda game, player, effect: _why_no_neighbour_advance(
        game, player, params_as(effect, TradeAdvances).range
    ),
    sees_payment=False,
    part_size=lambda effect: 2,  # (advance, partner)
)
def _trade_advances(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    advance, partner = choice[0], game.player(int(choice[1]))
    gain_advance(game, player, advance, uses_event_cube=False)
    offered = [name for name in gainable(game, partner) if player.has(name)]
    if offered:
        game.pending.append(
            EffectChoiceDecision(
                player=partner.index, source=effect.source, effect="trade_advances", options=[*offered, DECLINE]
            )
        )


def _trade_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    player = game.player(decision.player)
    return [o for o in decision.options if o == DECLINE or why_not_gain(game, player, o) is None]


def _take_in_trade(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    if option != DECLINE:
        gain_advance(game, game.player(decision.player), option, uses_event_cube=False)


CHOICE_RULES["trade_advances"] = (_trade_options, _take_in_trade)


NONE = "-"  # a part of a card's choice left out


def _face_down_near_cities(game: Game, player: Player, effect: Effect) -> dict[int, Hex]:
    """Face-down regions next to one of the player's cities, or next to a region holding one (the effect's
    `next_to`): region number -> the first of its spaces (board order) next to them."""
    board = game.space_region
    cities = [city.pos for city in game.cities_of(player.index)]
    if params_as(effect, ExploreAndSettle).next_to == "city":
        around = cities
    else:
        homes = {board[pos].number for pos in cities}
        around = [space for region in game.regions if region.number in homes for space in region.spaces()]
    near = {n for space in around for n in game.board_neighbors(space) if not board[n].revealed}
    found: dict[int, Hex] = {}
    for space in sorted(near):
        found.setdefault(board[space].number, space)
    return found


def _no_region_to_explore(game: Game, player: Player, effect: Effect) -> str:
    near = "your city" if params_as(effect, ExploreAndSettle).next_to == "city" else "a region with your city"
    return f"{effect.source} cannot be played now: it needs a face-down region next to {near}"


def _explorations(game: Game, player: Player, effect: Effect) -> list[Choice]:
    """(region, city for the unit) — either may be NONE; without a unit to place, (region,)."""
    regions = _face_down_near_cities(game, player, effect)
    if not regions:
        return []
    unit = params_as(effect, ExploreAndSettle).unit
    if unit is None:
        return [(where,) for where in [*map(str, regions), NONE]]
    places = [str(c) for c in unit_placement_cities(game, player.index, unit)]
    return [(where, city) for where in [*map(str, regions), NONE] for city in [*places, NONE]]


@card_action(
    "explore_and_settle",
    options=_explorations,
    why_not=_no_region_to_explore,
    sees_payment=False,
    part_size=lambda effect: 1 if params_as(effect, ExploreAndSettle).unit is None else 2,  # (region[, city])
)
def _explore_and_settle(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    region, city_id = choice if len(choice) == 2 else (choice[0], NONE)
    params = params_as(effect, ExploreAndSettle)
    if region != NONE:
        target = _face_down_near_cities(game, player, effect)[int(region)]
        if params.city_cost:  # asked once the region lies on the board: below the choice of its orientation
            _offer_city_in(game, player, effect, game.space_region[target].spaces())
        explore(game, player.index, [], target, target)
    if city_id != NONE and params.unit is not None:
        city = game.city(int(city_id))
        assert city is not None
        game.units.append(Unit(game.new_id(), player.index, params.unit, city.pos))
        _say_placed(game, player, params.unit, city, effect.source)


def _say_placed(game: Game, player: Player, unit: str, city: City, source: str) -> None:
    kind = with_article(log.unit_name(game, unit))
    log.say(game, "card.places_unit", player.index, unit=kind, space=hex_to_label(city.pos), source=source)


NO_CITY = "found no city"
PAYING = ", paying "


def _offer_city_in(game: Game, player: Player, effect: Effect, spaces: list[Hex]) -> None:
    """Offer a city, without a settler and for `city_cost`, on each space of the region: the spaces where
    one may stand are known once the region is revealed (`_city_sites` keeps those)."""
    cost = amounts(params_as(effect, ExploreAndSettle).city_cost)
    ways = [describe(way) for way in payment_options(game, player, cost)]
    options = [f"found a city at {hex_to_label(h)}{PAYING}{way}" for h in sorted(spaces) for way in ways]
    game.pending.append(
        EffectChoiceDecision(
            player=player.index, source=effect.source, effect="explore_and_settle", options=[*options, NO_CITY]
        )
    )


def _site(option: str) -> Hex:
    return label_to_hex(option.partition(PAYING)[0].rsplit(" ", 1)[1])


def _city_sites(game: Game, decision: EffectChoiceDecision) -> list[str]:
    player = game.player(decision.player)
    return [o for o in decision.options if o == NO_CITY or cities.why_not_found_at(game, player, _site(o)) is None]


def _found_city_in_region(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    if option == NO_CITY:
        return
    player = game.player(decision.player)
    effect = next(e for e in game.rules.card_effects[decision.source] if e.name == "explore_and_settle")
    cost = amounts(params_as(effect, ExploreAndSettle).city_cost)
    payment = next(way for way in payment_options(game, player, cost) if describe(way) == option.partition(PAYING)[2])
    pay(player, payment)
    cities.found_city_at(game, player, _site(option))


CHOICE_RULES["explore_and_settle"] = (_city_sites, _found_city_in_region)  # the city after exploring


def _truce_partners(game: Game, player: Player, effect: Effect) -> list[Choice]:
    if game.acted_this_turn:
        return []
    return [(str(other.index),) for other in game.players if other.index != player.index]


def _why_no_truce(game: Game, player: Player, effect: Effect) -> str:
    return f"You have already taken an action this turn: {effect.source} must be played first"


@card_action("truce", options=_truce_partners, why_not=_why_no_truce, sees_payment=False, part_size=lambda e: 1)
def _make_truce(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    partner = game.player(int(choice[0]))
    player.truce_with = partner.index
    log.say(game, "card.truce", player.index, partner=log.party(game, partner.index))


# ------------------------------------------------------------------ exchanging hidden cards (New Plans, Spy)

KEEP = "exchange nothing"


def _with_objectives(game: Game, player: Player, effect: Effect) -> list[Choice]:
    return [()] if player.objective_cards else []


def _why_no_objectives(game: Game, player: Player, effect: Effect) -> str:
    return "You hold no objective card to exchange"


@card_action(
    "redraw_objectives", options=_with_objectives, why_not=_why_no_objectives, sees_payment=False, part_size=no_part
)
def _redraw_objectives(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    held = list(player.objective_cards)
    for _ in range(params_as(effect, RedrawObjectives).draw):
        take(game, player, "objective", from_discard=False)
    drawn = player.objective_cards[len(held) :]
    log.say(game, "draws_from", player.index, cards=counted(len(drawn), "objective card"), source=effect.source)
    exchanges = [["objective", str(given), str(taken)] for taken in drawn for given in held]
    _offer_exchange(game, player, effect, -1, exchanges)


def _card_name(game: Game, deck: str, card: str) -> str:
    person = great_person_named(card)
    if person is not None:
        return game.rules.event(person).name
    if deck == "wonder":
        return game.rules.wonders[card].name
    if deck == "action":
        return game.rules.action_card(int(card)).name
    return game.rules.objective_card_index[int(card)].name


def _kind_of(deck: str, card: str) -> str:
    """How an exchange names the kind of a card: "action card", or "great person" for one held hidden."""
    return GREAT_PERSON if great_person_named(card) is not None else f"{deck} card"


def _card_text(game: Game, deck: str, card: str) -> str:
    """ "Leadership/High Ground (25)"; a great person by its name alone ("Great Philosopher"), which is its own."""
    name = _card_name(game, deck, card)
    return name if great_person_named(card) is not None else f"{name} ({card})"


def _exchange_text(game: Game, deck: str, given: str, taken: str) -> str:
    """ "give action card Leadership/High Ground (25), take Ideas/Capture (9)"; a card of another kind than
    the one given is named with its kind ("..., take great person Great Philosopher")."""
    kind = _kind_of(deck, taken)
    took = _card_text(game, deck, taken)
    if kind != _kind_of(deck, given):
        took = f"{kind} {took}"
    return f"give {_kind_of(deck, given)} {_card_text(game, deck, given)}, take {took}"


def _offer_exchange(game: Game, player: Player, effect: Effect, other: int, exchanges: list[list[str]]) -> None:
    options = [_exchange_text(game, deck, given, taken) for deck, given, taken in exchanges]
    game.pending.append(
        CardExchangeDecision(
            player=player.index,
            source=effect.source,
            effect=effect.name,
            options=[*options, KEEP],
            other=other,
            exchanges=exchanges,
        )
    )


def _hand(rules: Ruleset, player: Player, deck: str) -> list[str]:
    """The cards of one type in the player's hand, as an exchange names them: the action cards are followed
    by the great persons held hidden ("great person:21"), which count as action cards in hand (catalogue);
    not the two kept face up."""
    cards = [str(card) for card in getattr(player, HANDS[deck])]
    if deck == "action":
        cards += [great_person_name(card) for card in great_persons_in_hand(rules, player)]
    return cards


def _hidden_hands(game: Game, player: Player, effect: Effect) -> list[Choice]:
    return [
        (str(other.index),)
        for other in game.players
        if other.index != player.index and any(_hand(game.rules, other, deck) for deck in HANDS)
    ]


def _why_no_hidden_cards(game: Game, player: Player, effect: Effect) -> str:
    return "No other player holds a hidden card"


@card_action(
    "swap_hidden_card", options=_hidden_hands, why_not=_why_no_hidden_cards, sees_payment=False, part_size=lambda e: 1
)
def _spy(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    other = game.player(int(choice[0]))
    log.say(game, "card.spies", player.index, other=log.party(game, other.index), source=effect.source)
    exchanges = [
        [deck, mine, theirs]
        for deck in HANDS
        for mine in _hand(game.rules, player, deck)
        for theirs in _hand(game.rules, other, deck)
    ]
    _offer_exchange(game, player, effect, other.index, exchanges)


def _exchange_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    """The swaps whose cards are both still held (a look-ahead's sampled world may deal them elsewhere)."""
    assert isinstance(decision, CardExchangeDecision)
    if decision.other < 0:
        return list(decision.options)
    mine, theirs = game.player(decision.player), game.player(decision.other)
    swaps = [
        option
        for option, (deck, given, taken) in zip(decision.options, decision.exchanges, strict=False)
        if given in _hand(game.rules, mine, deck) and taken in _hand(game.rules, theirs, deck)
    ]
    return [*swaps, KEEP]


def _move_card(giver: Player, receiver: Player, deck: str, card: str) -> None:
    """Move a card an exchange names from one hand to the other; a great person stays a great person."""
    person = great_person_named(card)
    if person is not None:
        giver.great_persons.remove(person)
        receiver.great_persons.append(person)
        return
    held: int | str = card if deck == "wonder" else int(card)  # wonder cards are held by name
    getattr(giver, HANDS[deck]).remove(held)
    getattr(receiver, HANDS[deck]).append(held)


def _exchange(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Swap the chosen cards with the other player, or with the draw pile (what was drawn and not kept
    goes back, shuffled in)."""
    assert isinstance(decision, CardExchangeDecision)
    player = game.player(decision.player)
    chosen = decision.exchanges[decision.options.index(option)] if option != KEEP else None
    if decision.other >= 0:
        if chosen is not None:
            deck, given, taken = chosen
            other = game.player(decision.other)
            _move_card(player, other, deck, given)
            _move_card(other, player, deck, taken)
            swapped = with_article(f"{deck} card")  # a great person counts as an action card (catalogue)
            log.say(
                game,
                "card.swaps",
                player.index,
                card=swapped,
                other=log.party(game, other.index),
                source=decision.source,
            )
        return
    drawn = {int(taken) for _, _, taken in decision.exchanges}
    back = [card for card in drawn if chosen is None or card != int(chosen[2])]
    if chosen is not None:
        back.append(int(chosen[1]))
    for card in back:
        player.objective_cards.remove(card)
    pile = game.decks["objective"].draw
    pile.extend(sorted(back))
    game.rng.shuffle(pile)
    log.say(
        game, "card.shuffles_back", player.index, cards=counted(len(back), "objective card"), source=decision.source
    )


CHOICE_RULES["redraw_objectives"] = (_exchange_options, _exchange)
CHOICE_RULES["swap_hidden_card"] = (_exchange_options, _exchange)


# ------------------------------------------------------------------ advance_from_loser (after a capture)


def _teaching_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    player = game.player(decision.player)
    return [o for o in decision.options if o == DECLINE or why_not_gain(game, player, o) is None]


def _take_teaching(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Discard one card of the half (it was in hand when offered and nothing could play it since)."""
    player = game.player(decision.player)
    if option == DECLINE:
        log.say(game, "card.not_played", player.index, card=decision.source)
        return
    card = next(c for c in player.action_cards if game.rules.action_card(c).action == decision.source)
    player.action_cards.remove(card)
    discard(game, player, "action", card)
    log.say(game, "card.plays", player.index, hand="action card", card=decision.source)
    gain_advance(game, player, option, uses_event_cube=False)


def _offer_teaching(game: Game, winner: int, loser: int) -> None:
    """A player who captured a city holding a card with `advance_from_loser` (Teach Us) may play
    one to take an advance of the loser."""
    player = game.player(winner)
    halves = sorted({game.rules.action_card(card).action for card in player.action_cards})
    for half in halves:
        if any(e.name == "advance_from_loser" for e in game.rules.card_effects.get(half, [])):
            taught = [name for name in gainable(game, player) if game.player(loser).has(name)]
            if taught:
                game.pending.append(
                    EffectChoiceDecision(
                        player=winner, source=half, effect="advance_from_loser", options=[*taught, DECLINE]
                    )
                )
            return


CAPTURE_OFFERS.append(_offer_teaching)
CHOICE_RULES["advance_from_loser"] = (_teaching_options, _take_teaching)
CHOICE_RULES["disable_enemy_abilities"] = (ransom_options, pay_ransom)  # Siege: pay to keep abilities
CHOICE_RULES["withdraw_before_roll"] = (withdrawal_options, withdraw_to)  # Tactical Retreat: where to go
