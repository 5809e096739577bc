"""Paying costs: which payments are possible, and the pending payment decision.

A cost is a dict of exact amounts (`{"food": 1, "ore": 1}`). Gold may stand in 1:1 for the
resources listed in `game.gold_substitutes_for`; tokens are paid as themselves, or as each other
for a holder of `swap_tokens` (the Colosseum), except in wonder and building costs.
An advance's cost is "N of any of these resources" and is written `{"any:food,ideas,gold": 2}`; each
kind it names may be paid as it would be on its own (`paying_kinds`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from itertools import product
from typing import cast

from civgame.framework.errors import RuleError
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects.core import ResourceCap
from civgame.games.clash.content.effects.culture import PaymentSubstitute
from civgame.games.clash.core.actions import PAID_ACTIONS, Action, BuildWonder, CancelPayment, Construct, Pay
from civgame.games.clash.core.decisions import EffectChoiceDecision, PayDecision
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.registry import answering, perform_again, rule

ANY = "any:"
TOKEN_KINDS = ("mood", "culture")
NO_TOKEN_SWAP = (BuildWonder, Construct)  # wonder and building costs take their tokens as printed


def any_of(resources: Iterable[str], amount: int) -> dict[str, int]:
    return {ANY + ",".join(resources): amount}


def plus_costs(*costs: dict[str, int]) -> dict[str, int]:
    """The sum of several costs (items of none left out)."""
    total: dict[str, int] = {}
    for cost in costs:
        for item, amount in cost.items():
            total[item] = total.get(item, 0) + amount
    return {item: amount for item, amount in total.items() if amount}


def holdings(player: Player) -> dict[str, int]:
    return {**player.resources, "mood": player.mood_tokens, "culture": player.culture_tokens}


def payment_options(
    game: Game, player: Player, cost: dict[str, int], *, token_swap: bool = True
) -> list[dict[str, int]]:
    """Every distinct way the player can pay `cost` with what they hold: least gold first, then fewest
    tokens paid as the other kind (`swap_tokens`, unless `token_swap` is False), and so on (`_cheapest_first`)."""
    swap = any(map(_asks_tokens, cost)) and _swaps_tokens(game, player, token_swap)
    return _options(cost, holdings(player), tuple(game.rules.game.gold_substitutes_for), swap)


def _options(cost: dict[str, int], have: dict[str, int], subs: tuple[str, ...], swap: bool) -> list[dict[str, int]]:
    """`payment_options` of `cost` for a player holding `have`, where gold stands in for `subs` and, if
    `swap`, mood and culture tokens for each other."""
    parts: list[list[dict[str, int]]] = []
    for item, amount in cost.items():
        if amount <= 0:
            continue
        if item.startswith(ANY):
            ways = _splits(_paid_in(item, subs, swap), amount, have)
        elif item in subs:
            ways = [{item: amount - g, "gold": g} for g in range(amount + 1)]
        elif swap and item in TOKEN_KINDS:
            other = TOKEN_KINDS[1 - TOKEN_KINDS.index(item)]
            ways = [{item: amount - n, other: n} for n in range(amount + 1)]
        else:
            ways = [{item: amount}]
        # A way the player cannot afford alone cannot be part of an affordable payment: dropping it
        # early keeps the combinations below few (amounts are never negative, so parts only add up).
        ways = [way for way in ways if all(have.get(k, 0) >= v for k, v in way.items())]
        if not ways:
            return []
        parts.append(ways)
    if len(parts) == 1:  # (most costs): its ways, distinct and each affordable, are the payments
        options = [{k: v for k, v in way.items() if v} for way in parts[0]]
        if len(options) > 1:
            options.sort(key=_cheapest_first(cost))
        return options
    options = []
    seen = set()
    for combo in product(*parts):
        total: dict[str, int] = {}
        for piece in combo:
            for k, v in piece.items():
                if v:
                    total[k] = total.get(k, 0) + v
        key = tuple(sorted(total.items()))
        if key not in seen and all(have.get(k, 0) >= v for k, v in total.items()):
            seen.add(key)
            options.append(total)
    if len(options) > 1:
        options.sort(key=_cheapest_first(cost))
    return options


def _swaps_tokens(game: Game, player: Player, token_swap: bool) -> bool:
    return token_swap and bool(effects.active(game, player, "swap_tokens"))  # (`has`, one call less)


@cache
def any_kinds(item: str) -> list[str]:
    """The kinds an "any of" cost item names (asked at every listing of the same few costs): never change it."""
    return item[len(ANY) :].split(",")


def paying_kinds(game: Game, player: Player, item: str, *, token_swap: bool = True) -> list[str]:
    """The kinds that may pay the "any of" cost `item` for the player (see `payment_options`)."""
    swap = _asks_tokens(item) and _swaps_tokens(game, player, token_swap)
    return _paid_in(item, tuple(game.rules.game.gold_substitutes_for), swap)


@cache
def _paid_in(item: str, subs: tuple[str, ...], swap: bool) -> list[str]:
    """The kinds that may pay an "any of" cost item: those it names, and whatever may pay one of them as a
    cost item of its own: gold where it stands in for one (`subs`), the other token kind if tokens `swap`.
    (Asked at every listing of the same few costs: never change it.)"""
    kinds = any_kinds(item)
    stand_ins = ["gold"] if any(kind in subs for kind in kinds) else []
    if swap and _asks_tokens(item):
        stand_ins += TOKEN_KINDS
    return kinds + [kind for kind in stand_ins if kind not in kinds]


def _named(item: str) -> list[str]:
    """The kinds a cost item asks for as printed: itself, or those an "any of" item names."""
    return any_kinds(item) if item.startswith(ANY) else [item]


@cache
def _asks_tokens(item: str) -> bool:
    return any(kind in TOKEN_KINDS for kind in _named(item))


def _cheapest_first(cost: dict[str, int]) -> Callable[[dict[str, int]], tuple[object, ...]]:
    """Orders payments of `cost`: least gold, then fewest tokens paid as the other kind, then fewest tokens
    of a kind the cost does not ask for outright (resources first where an "any of" item takes either)."""
    asked = {token: sum(n for item, n in cost.items() if token in _named(item)) for token in TOKEN_KINDS}

    def key(payment: dict[str, int]) -> tuple[object, ...]:
        swapped = sum(max(0, payment.get(t, 0) - asked[t]) for t in TOKEN_KINDS)
        beyond = sum(max(0, payment.get(t, 0) - cost.get(t, 0)) for t in TOKEN_KINDS)
        return payment.get("gold", 0), swapped, beyond, sorted(payment.items())

    return key


def _splits(kinds: list[str], amount: int, have: dict[str, int]) -> list[dict[str, int]]:
    """Every way to take `amount` from `kinds` (each up to what `have` holds), in the order of the
    amounts taken of the first kind, then of the next...; every kind is named, if only with 0."""
    ways: list[tuple[dict[str, int], int]] = [({}, amount)]  # (taken so far, left to take)
    for at, kind in enumerate(kinds):
        later = sum(have.get(k, 0) for k in kinds[at + 1 :])  # the most the kinds after this one can give
        held_now = have.get(kind, 0)
        ways = [
            ({**taken, kind: n}, left - n)
            for taken, left in ways
            for n in range(max(0, left - later), min(left, held_now) + 1)
        ]
    return [taken for taken, left in ways if left == 0]


def options_for_any(
    game: Game, player: Player, costs: list[dict[str, int]], *, token_swap: bool = True
) -> list[dict[str, int]]:
    """Every distinct way to pay one of `costs` (a cost and the alternatives an effect allows)."""
    if len(costs) == 1:  # (already in that order, and distinct)
        return payment_options(game, player, costs[0], token_swap=token_swap)
    ranked: list[tuple[tuple[object, ...], dict[str, int]]] = []
    for cost in costs:
        order = _cheapest_first(cost)
        ranked.extend(
            (order(p), p)
            for p in payment_options(game, player, cost, token_swap=token_swap)
            if all(p != q for _, q in ranked)
        )
    ranked.sort(key=lambda pair: pair[0])
    return [p for _, p in ranked]


def payment_for(game: Game, player: Player, cost: dict[str, int]) -> dict[str, int]:
    """How `cost` is paid where the rules leave the payer no choice: the first of `payment_options`."""
    options = payment_options(game, player, cost)
    if not options:
        raise RuleError(f"{player.name} cannot pay {describe(cost)}")
    return options[0]


def can_pay(game: Game, player: Player, cost: dict[str, int], *, token_swap: bool = True) -> bool:
    """Whether some payment of `cost` is possible, mostly without listing the payments: gold must
    cover every substitutable shortfall, and a cost of only "N of any of these" needs N of the kinds
    that may pay it (`paying_kinds`) together. Other costs with "any of" items are listed (`payment_options`).
    Mood and culture tokens count together for a holder of `swap_tokens`, unless `token_swap` is False.
    """
    whole = cost
    # (the effects are looked up only for a cost with tokens)
    if ("mood" in cost or "culture" in cost) and _swaps_tokens(game, player, token_swap):
        if cost.get("mood", 0) + cost.get("culture", 0) > player.mood_tokens + player.culture_tokens:
            return False
        cost = {k: v for k, v in cost.items() if k not in TOKEN_KINDS}
    resources = player.resources
    gold_needed = 0
    for item, amount in cost.items():
        if item in resources:  # (most items: a resource, whose name is never an "any of" item)
            have = resources[item]
        elif item.startswith(ANY):
            if len(whole) > 1:  # (what pays the "any of" part may be what another part needs)
                return bool(payment_options(game, player, whole, token_swap=token_swap))
            kinds = paying_kinds(game, player, item, token_swap=token_swap)
            return sum([resources[kind] if kind in resources else held(player, kind) for kind in kinds]) >= amount
        else:
            have = held(player, item)
        if amount <= 0:
            continue
        if item == "gold":
            gold_needed += amount
            continue
        shortfall = amount - have
        if shortfall > 0:
            if item not in game.rules.game.gold_substitutes_for:
                return False
            gold_needed += shortfall
    return gold_needed <= resources.get("gold", 0)


affordable = can_pay  # the name the legal-action enumerations know it by


def held(player: Player, item: str) -> int:
    """How much of `item` the player holds: `holdings(player).get(item, 0)` without building the dict."""
    if item == "mood":
        return player.mood_tokens
    if item == "culture":
        return player.culture_tokens
    return player.resources.get(item, 0)


def settle(
    game: Game, action: Action, cost: dict[str, int], alternatives: list[dict[str, int]] | None = None
) -> dict[str, int] | None:
    """The payment to use for `action`, or None after asking the player (a PayDecision).

    `alternatives` are other costs the player may pay instead (an effect's substitute price).
    Call it after every other check of the action and before changing anything.
    """
    player = game.player(game.actor())
    alternatives = list(alternatives or [])
    options = options_for_any(game, player, [cost, *alternatives], token_swap=not isinstance(action, NO_TOKEN_SWAP))
    if not options:
        raise RuleError(f"{player.name} cannot pay {describe(cost)}")
    chosen = getattr(action, "payment", None)
    if chosen is not None:
        chosen = {k: v for k, v in chosen.items() if v}
        if chosen not in options:
            raise RuleError(f"{describe(chosen)} is not a valid way to pay {describe(cost)}")
        return chosen
    if len(options) == 1:
        return options[0]
    game.pending.append(PayDecision(player=player.index, action=action, cost=dict(cost), alternatives=alternatives))
    return None


def affordable_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    """The options of a choice with `amounts` whose payments (the negative amounts) its player can make."""
    have = holdings(game.player(decision.player))
    return [
        option
        for option, change in zip(decision.options, decision.amounts, strict=False)
        if all(have[k] >= -v for k, v in change.items() if v < 0)
    ]


def pay(player: Player, payment: dict[str, int]) -> None:
    for k, v in payment.items():
        if k == "mood":
            player.mood_tokens -= v
        elif k == "culture":
            player.culture_tokens -= v
        else:
            player.resources[k] -= v


def lost_over_limit(game: Game, player: Player, what: dict[str, int]) -> dict[str, int]:
    """What gaining `what` now would lose over the resource limits and the token limits (if any)."""
    lost: dict[str, int] = {}
    for k, v in what.items():
        cap = resource_cap(game, player, k) if k in player.resources else token_cap(game, player, k)
        if cap is not None:
            have = held(player, k)
            over = have + v - max(cap, have)
            if over > 0:
                lost[k] = min(v, over)
    return lost


def gain(game: Game, player: Player, what: dict[str, int]) -> dict[str, int]:
    """Add resources/tokens, losing whatever exceeds a resource or token limit. Returns what was kept."""
    kept: dict[str, int] = {}
    for k, v in what.items():
        if k in TOKEN_KINDS:
            before = held(player, k)
            cap = token_cap(game, player, k)
            after = before + v if cap is None else min(cap, before + v)
            if k == "mood":
                player.mood_tokens = after
            else:
                player.culture_tokens = after
            v = after - before
        else:
            before = player.resources[k]
            player.resources[k] = min(resource_cap(game, player, k), before + v)
            v = player.resources[k] - before
        kept[k] = v
    return kept


def token_cap(game: Game, player: Player, token: str) -> int | None:
    """The most tokens of a kind the player may hold: with the Scale, its level (the Culture Level for
    culture tokens, the Happiness Level for mood tokens); else no limit (None). A token gained beyond it
    is lost, as resources beyond their limit are (docs/rules-decisions.md)."""
    if game.rules.game.scale is None:
        return None
    return player.culture_level if token == "culture" else player.happiness_level


def enforce_caps(game: Game, player: Player) -> None:
    """Lose whatever exceeds a resource cap now (after the caps changed, e.g. an advance was gained)."""
    caps = resource_caps(game, player)
    for resource, amount in player.resources.items():
        cap = caps[resource]
        if amount > cap:
            player.resources[resource] = cap
            log.say(game, "payments.over_limit", player.index, what=log.things({resource: amount - cap}), limit=cap)


def resource_caps(game: Game, player: Player) -> dict[str, int]:
    """Every resource's limit for the player: the rules' limit, or the last of their `resource_cap` effects
    naming it."""
    caps = dict(cast("dict[str, int]", game.rules.game.resource_caps))
    for effect in effects.active(game, player, "resource_cap"):
        params = effects.params_as(effect, ResourceCap)
        caps[params.resource] = params.limit
    return caps


def resource_cap(game: Game, player: Player, resource: str) -> int:
    return resource_caps(game, player)[resource]


def describe(amounts: dict[str, int]) -> str:
    parts = []
    for k, v in amounts.items():
        name = f"any of {k[len(ANY) :].replace(',', '/')}" if k.startswith(ANY) else k
        parts.append(f"{v} {name}")
    return ", ".join(parts) if parts else "nothing"


# ------------------------------------------------------------------ the payment decision


def _legal_payments(game: Game) -> list[Action]:
    decision = game.pending[-1]
    assert isinstance(decision, PayDecision)
    return [Pay(p) for p in _decision_options(game, decision)] + [CancelPayment()]


def _decision_options(game: Game, decision: PayDecision) -> list[dict[str, int]]:
    player = game.player(decision.player)
    costs = [decision.cost, *decision.alternatives]
    return options_for_any(game, player, costs, token_swap=not isinstance(decision.action, NO_TOKEN_SWAP))


def _check_pay(game: Game, action: Pay) -> None:
    decision = answering(game, PayDecision)
    chosen = _paid(action)
    if chosen not in _decision_options(game, decision):
        raise RuleError(f"{describe(chosen)} is not a valid way to pay {describe(decision.cost)}")


def _paid(action: Pay) -> dict[str, int]:
    """The payment chosen, without the kinds it names with 0."""
    return {k: v for k, v in action.payment.items() if v}


@rule(Pay, legal=_legal_payments, answers=(PayDecision,), check=_check_pay)
def _pay(game: Game, action: Pay) -> None:
    suspended = answering(game, PayDecision).action
    assert isinstance(suspended, PAID_ACTIONS)  # only actions that carry their payment are suspended
    game.pending.pop()
    perform_again(game, replace(suspended, payment=_paid(action)))


@rule(CancelPayment, legal=lambda game: [], answers=(PayDecision,))
def _cancel(game: Game, action: CancelPayment) -> None:
    # Nothing was done before the payment was asked for, so dropping it undoes the action.
    game.pending.pop()


def with_substitutes(game: Game, player: Player, payment: str, cost: dict[str, int]) -> dict[str, int]:
    """`cost` with every item the player may pay otherwise (`payment_substitute`) widened to "any of"."""
    substitutes = effects.active(game, player, "payment_substitute")
    if not substitutes:  # (most players, most of the time)
        return dict(cost)
    alternatives: dict[str, list[str]] = {}
    for effect in substitutes:
        substitute = effects.params_as(effect, PaymentSubstitute)
        if substitute.payment == payment and substitute.replaces in cost:
            kinds = alternatives.setdefault(substitute.replaces, [substitute.replaces])
            kinds.extend(k for k in substitute.by if k not in kinds)
    widened: dict[str, int] = {}
    for item, amount in cost.items():
        key = ANY + ",".join(alternatives[item]) if item in alternatives else item
        widened[key] = widened.get(key, 0) + amount
    return widened
