"""Economy effects that need their own rules (see effects/economy.py).

- Free actions, as `UseAbility(source, ability, choice)`:
    angry_as_neutral: ()                          (Forced Labor)
    free_collect:     (city space, "space:what"...) — the picks of a Collect (Free Economy)
- Answers to `EffectChoiceDecision` (`ChooseOption`), whoever asked.
- Trade routes, collected at the start of the holder's turn (a listener of the `turn_start` hook).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from civgame.framework.errors import RuleError
from civgame.framework.wording import counted, listed, with_article
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.culture import GoldInstead
from civgame.games.clash.content.effects.economy import (
    AngryAsNeutral,
    FreeCollect,
    FreeConstruct,
    PartnerBonus,
    TradeRoutes,
)
from civgame.games.clash.content.effects.military import RaidOnRoutes
from civgame.games.clash.core.actions import Action, ChooseOption, Pick
from civgame.games.clash.core.decisions import EffectChoiceDecision, SkipRoutesDecision
from civgame.games.clash.core.hexgrid import Hex, distance, hex_to_label, label_to_hex
from civgame.games.clash.core.model import Game, Player, Unit
from civgame.games.clash.core.vocabulary import RESOURCES, amounts
from civgame.games.clash.rules import combat, events
from civgame.games.clash.rules.actions import advances, cities, exploration
from civgame.games.clash.rules.base import cards, log
from civgame.games.clash.rules.base.abilities import ability
from civgame.games.clash.rules.base.payments import (
    affordable_options,
    can_pay,
    describe,
    gain,
    pay,
    payment_for,
    payment_options,
    plus_costs,
)
from civgame.games.clash.rules.base.registry import answering, rule
from civgame.games.clash.rules.base.triggers import listener, observer

Choice = tuple[str, ...]


# ------------------------------------------------------------------ angry_as_neutral (Forced Labor)


def _why_not_angry_as_neutral(game: Game, effect: Effect) -> str | None:
    player = game.player(game.current)
    cost = amounts(effects.params_as(effect, AngryAsNeutral).cost)
    if not effects.unused_this_turn(player, effect):
        return f"{effect.source} was already used this turn"
    if not can_pay(game, player, cost):
        return f"{player.name} cannot pay {describe(cost)}"
    if not any(c.mood == "angry" for c in game.cities_of(player.index)):
        return f"{player.name} has no angry city"
    return None


def _legal_angry_as_neutral(game: Game, effect: Effect) -> list[Choice]:
    return [()]


@ability("angry_as_neutral", legal=_legal_angry_as_neutral, why_not=_why_not_angry_as_neutral)
def angry_as_neutral(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    cost = amounts(effects.params_as(effect, AngryAsNeutral).cost)
    pay(player, payment_for(game, player, cost))
    effects.mark_used(player, effect)  # also what keeps it in force until the turn ends
    log.say(game, "ability.angry_as_neutral", player.index, payment=log.things(cost), source=effect.source)


# ------------------------------------------------------------------ free_collect (Free Economy)


def _encode(city_pos: Hex, picks: tuple[Pick, ...]) -> Choice:
    return (hex_to_label(city_pos), *(f"{hex_to_label(space)}:{what}" for space, what in picks))


def _decode(choice: Choice) -> tuple[Hex, tuple[Pick, ...]]:
    city_pos = label_to_hex(choice[0])
    picks: list[Pick] = []
    for item in choice[1:]:
        label, what = item.split(":")
        picks.append((label_to_hex(label), what))
    return city_pos, tuple(picks)


def _why_not_free_collect(game: Game, effect: Effect) -> str | None:
    player = game.player(game.current)
    params = effects.params_as(effect, FreeCollect)
    if params.once_per_turn and not effects.unused_this_turn(player, effect):
        return f"{effect.source} was already used this turn"
    if params.exclusive and cities.COLLECT_ACTION_TAKEN in player.used_this_turn:
        return f"{player.name} took a Collect action this turn and may not also use {effect.source}"
    if not can_pay(game, player, amounts(params.cost)):
        return f"{player.name} cannot pay {describe(amounts(params.cost))}"
    return None


def _legal_free_collect(game: Game, effect: Effect) -> list[Choice]:
    player = game.player(game.current)
    return [
        _encode(city.pos, picks)
        for city in game.cities_of(player.index)
        if cities.why_cannot_activate(game, city) is None
        for picks in cities.collect_options(game, city)
    ]


@ability("free_collect", legal=_legal_free_collect, why_not=_why_not_free_collect)
def free_collect(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    city_pos, picks = _decode(choice)
    city = game.city_at(city_pos)
    assert city is not None  # the dispatcher only lets listed choices through
    cost = amounts(effects.params_as(effect, FreeCollect).cost)
    pay(player, payment_for(game, player, cost))
    effects.mark_used(player, effect)
    log.say(game, "ability.free_collect", player.index, payment=log.things(cost), source=effect.source)
    cities.perform_collect(game, city, picks)


# ------------------------------------------------------------------ free_construct (City Planning)


def _why_not_free_construct(game: Game, effect: Effect) -> str | None:
    player = game.player(game.current)
    params = effects.params_as(effect, FreeConstruct)
    if params.once_per_turn and not effects.unused_this_turn(player, effect):
        return f"{effect.source} was already used this turn"
    if not can_pay(game, player, amounts(params.cost)):
        return f"{player.name} cannot pay {describe(amounts(params.cost))}"
    return None


def _why_no_free_construct(game: Game, effect: Effect) -> str:
    cost = describe(amounts(effects.params_as(effect, FreeConstruct).cost))
    return f"no city of theirs could construct a building now with {cost} paid besides"


def _legal_free_construct(game: Game, effect: Effect) -> list[Choice]:
    """(city, building, facing or "", "item:amount"...): each construction and each way to pay for it and
    the ability's cost together."""
    player = game.player(game.current)
    cost = amounts(effects.params_as(effect, FreeConstruct).cost)
    activatable = [c for c in game.cities_of(player.index) if cities.why_cannot_activate(game, c) is None]
    choices: list[Choice] = []
    for site in cities.constructions(game, activatable, cost):
        city = game.existing_city(site.city)
        price = plus_costs(cities.building_price(game, player, site.building), cost)
        facing = hex_to_label(site.port_space) if site.port_space is not None else ""
        for way in payment_options(game, player, price, token_swap=False):
            paid = (f"{item}:{amount}" for item, amount in sorted(way.items()))
            choices.append((hex_to_label(city.pos), site.building, facing, *paid))
    return choices


@ability(
    "free_construct", legal=_legal_free_construct, why_not=_why_not_free_construct, why_none=_why_no_free_construct
)
def free_construct(game: Game, effect: Effect, choice: Choice) -> None:
    player = game.player(game.current)
    label, building, facing, *parts = choice
    city = game.city_at(label_to_hex(label))
    assert city is not None  # the dispatcher only lets listed choices through
    payment = {item: int(amount) for item, amount in (part.split(":") for part in parts)}
    effects.mark_used(player, effect)
    cost = log.things(amounts(effects.params_as(effect, FreeConstruct).cost))
    log.say(game, "ability.free_construct", player.index, payment=cost, source=effect.source)
    cities.build(game, city, building, label_to_hex(facing) if facing else None, payment)


# ------------------------------------------------------------------ answering effect choices

# Primitives whose choices are not plain amounts: (legal options, resolve).
ChoiceRule = tuple[Callable[[Game, EffectChoiceDecision], list[str]], Callable[[Game, EffectChoiceDecision, str], None]]


def _draw_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return list(decision.options)


def _draw_from(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Take the card from where the player chose: the deck, the discard pile or the face-up wonder card."""
    player = game.player(decision.player)
    deck_name = option.rsplit("(", 1)[1].rstrip(")")
    from_discard = option.startswith(cards.FROM_DISCARD)
    public = option.startswith(cards.PUBLIC_WONDER)
    where = "the discard pile" if from_discard else "the face-up card" if public else "the deck"
    card = with_article(f"{deck_name} card")
    log.say(game, "ability.takes_card", player.index, card=card, place=where, source=decision.source)
    if deck_name == "event":
        advances.draw_event(game, player, from_discard=from_discard)
    else:
        cards.take(game, player, deck_name, from_discard=from_discard, public=public)


CHOICE_RULES: dict[str, ChoiceRule] = {
    "advance_on_build": (advances.advance_on_build_options, advances.take_advance_on_build),
    advances.GOVERNMENT_CHANGE: (_draw_options, advances.take_government_change),
    advances.CLAIM_WONDER: (advances.claim_options, advances.take_claim),
    "construct_settler": (affordable_options, cities.take_settler),
    combat.SHRINK: (_draw_options, combat.take_shrink_choice),
    combat.LOW_DICE: (_draw_options, combat.take_low_dice_choice),
    combat.REROLL: (_draw_options, combat.take_reroll_choice),
    combat.RAZE_SETTLEMENT: (_draw_options, combat.keep_or_raze),
    exploration.EXPLORE_SPAWN: (_draw_options, exploration.settle_barbarians),
    exploration.EXPLORE_PIRATE: (_draw_options, exploration.place_explored_pirate),
    "draw_from_discard": (_draw_options, _draw_from),
    "redirect_activation": (cities.redirect_options, cities.redirect_activation),
    "event_public_wonder": (_draw_options, _draw_from),
}
EVENT_CHOICE: ChoiceRule = (events.event_options, events.answer_event_choice)  # every `event:<step>` choice


def _choice_rule(decision: EffectChoiceDecision) -> ChoiceRule | None:
    if decision.effect.startswith(events.CHOICE_PREFIX):
        return EVENT_CHOICE
    return CHOICE_RULES.get(decision.effect)


def _legal_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    special = _choice_rule(decision)
    if special is not None:
        return special[0](game, decision)
    return affordable_options(game, decision)


def _legal_choose_option(game: Game) -> list[Action]:
    decision = game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision)
    return [ChooseOption(option) for option in _legal_options(game, decision)]


def _check_choose_option(game: Game, action: ChooseOption) -> None:
    decision = answering(game, EffectChoiceDecision)
    legal = _legal_options(game, decision)
    if action.option not in legal:
        raise RuleError(f"{decision.source}: choose one of: {', '.join(legal)}")


@rule(ChooseOption, legal=_legal_choose_option, answers=(EffectChoiceDecision,), check=_check_choose_option)
def choose_option(game: Game, action: ChooseOption) -> None:
    decision = answering(game, EffectChoiceDecision)
    game.pending.pop()
    special = _choice_rule(decision)
    if special is not None:
        special[1](game, decision, action.option)
        return
    player = game.player(decision.player)
    change = decision.amounts[decision.options.index(action.option)]
    pay(player, {k: -v for k, v in change.items() if v < 0})
    kept = gain(game, player, {k: v for k, v in change.items() if v > 0})
    if change:
        paid = {k: -v for k, v in change.items() if v < 0}
        what, source = log.things(kept) or "nothing", decision.source
        if paid:
            payment = log.things(paid)
            log.say(
                game,
                "ability.chooses_paying",
                player.index,
                option=action.option,
                source=source,
                payment=payment,
                what=what,
            )
        else:
            log.say(game, "ability.chooses", player.index, option=action.option, source=source, what=what)


# ------------------------------------------------------------------ trade routes


SKIP_ROUTES = "skip_routes"


@listener("trade_routes")
def collect_trade_routes(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    plans = _route_plans(game, player, effect)
    if len(plans) == 1:
        _use_routes(game, player, effect, plans[0][2])
        return
    bonus = effects.params_as(effect, TradeRoutes).partner_bonus
    assert bonus is not None  # (routes are left out only to cities holding its building)
    game.pending.append(
        SkipRoutesDecision(
            player=player.index,
            source=effect.source,
            effect=SKIP_ROUTES,
            options=[option for option, _, _ in plans],
            building=game.rules.buildings[bonus.building].name,
            skipped=[skipped for _, skipped, _ in plans],
        )
    )


RoutePlan = tuple[str, list[int], list[tuple[Unit, int]]]  # option, players left out, the routes used


def _route_plans(game: Game, player: Player, effect: Effect) -> list[RoutePlan]:
    """Each way to use the trade routes: (option, the players whose cities holding the partner bonus's building
    are left out, the routes). Only a bonus that `may_skip` gives a choice, and only of players the routes would
    pay; otherwise the one plan uses every route."""
    bonus = effects.params_as(effect, TradeRoutes).partner_bonus
    routes = trade_routes(game, player, effect)
    partners = _partners(game, routes, bonus) if bonus is not None and bonus.may_skip else []
    if not partners:
        return [("", [], routes)]
    assert bonus is not None  # (partners are found only with a bonus)
    plans = []
    for count in range(len(partners) + 1):
        for skipped in combinations(partners, count):
            used = trade_routes(game, player, effect, avoid=frozenset(skipped)) if skipped else routes
            plans.append((_plan_text(game, used, list(skipped), bonus), list(skipped), used))
    return plans


def _plan_text(game: Game, routes: list[tuple[Unit, int]], skipped: list[int], bonus: PartnerBonus) -> str:
    """ "2 trade routes, leaving out Ben's Market cities (Cleo gains 1 gold)"."""
    building = game.rules.buildings[bonus.building].name
    text = counted(len(routes), "trade route")
    if skipped:
        text += f", leaving out {_whose(game, skipped)} {building} cities"
    paid = [game.player(i).name for i in _partners(game, routes, bonus)]
    if paid:
        text += f" ({listed(paid)} {'gains' if len(paid) == 1 else 'each gain'} {log.things(amounts(bonus.gain))})"
    return text


def _whose(game: Game, players: list[int]) -> str:
    """ "Ben's and Cleo's"."""
    return listed(f"{game.player(i).name}'s" for i in players)


def _use_chosen_routes(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    assert isinstance(decision, SkipRoutesDecision)
    player = game.player(decision.player)
    effect = next(e for e in effects.active(game, player, "trade_routes") if e.source == decision.source)
    skipped = decision.skipped[decision.options.index(option)]
    if skipped:
        whose = _whose(game, skipped)
        log.say(game, "ability.routes_skipped", player.index, whose=whose, building=decision.building)
    _use_routes(game, player, effect, trade_routes(game, player, effect, avoid=frozenset(skipped)))


CHOICE_RULES[SKIP_ROUTES] = (_draw_options, _use_chosen_routes)


def _use_routes(game: Game, player: Player, effect: Effect, routes: list[tuple[Unit, int]]) -> None:
    """Collect from `routes`: the holder's gain (or the choice of gold instead), partner bonuses and raids."""
    params = effects.params_as(effect, TradeRoutes)
    if not routes:
        return
    count = len(routes)
    log.say(game, "ability.trade_routes", player.index, routes=counted(count, "trade route"), source=effect.source)
    _partner_bonuses(game, player, routes, params.partner_bonus)
    _raids(game, player, routes)
    per_route = amounts(params.gain)
    gold_instead = (effects.params_as(e, GoldInstead).use for e in effects.active(game, player, "gold_instead"))
    if "trade_routes" not in gold_instead:
        kept = gain(game, player, {k: v * count for k, v in per_route.items()})
        if any(kept.values()):
            log.say(game, "ability.trade_routes_gain", player.index, what=log.things(kept))
        return
    gold_per_route = sum(per_route.values())
    mixes = []
    for gold_routes in range(count + 1):
        mix = {k: v * (count - gold_routes) for k, v in per_route.items()}
        mix["gold"] = mix.get("gold", 0) + gold_per_route * gold_routes
        mixes.append({k: v for k, v in mix.items() if v})
    options = [f"{gold_routes} gold" for gold_routes in range(count + 1)]
    game.pending.append(
        EffectChoiceDecision(
            player=player.index, source=effect.source, effect=effect.name, options=options, amounts=mixes
        )
    )


def _raids(game: Game, player: Player, routes: list[tuple[Unit, int]]) -> None:
    """`raid_on_routes`: the owners of cities next to the holder's raiding units give up a resource, later or
    at once."""
    for effect in effects.active(game, player, "raid_on_routes"):
        raid = effects.params_as(effect, RaidOnRoutes)
        for unit, city_id in routes:
            city = game.existing_city(city_id)
            victim = game.player(city.owner)
            if unit.kind not in raid.units or distance(unit.pos, city.pos) != 1:
                continue
            if raid.at_once:
                _raid_at_once(game, player, victim, effect.source)
            elif not victim.raided_by:
                victim.raided_by = effect.source
                log.say(game, "ability.raid", player.index, victim=log.party(game, victim.index), source=effect.source)


def _raid_at_once(game: Game, raider: Player, victim: Player, source: str) -> None:
    """The victim gives up a resource now, unless the raider's turn has already cost them one."""
    raided = f"raid_on_routes:{victim.index}"
    if raided in raider.used_this_turn:
        return
    raider.used_this_turn.append(raided)
    log.say(game, "ability.raid_now", raider.index, victim=log.party(game, victim.index), source=source)
    _give_up_a_resource(game, victim, source)


@observer("turn_start")
def _pay_raid(game: Game, player: Player, context: dict[str, Any]) -> None:
    """A raided player gives up 1 resource of their choice, if they have any."""
    source, player.raided_by = player.raided_by, ""
    if source:  # (seldom)
        _give_up_a_resource(game, player, source)


def _give_up_a_resource(game: Game, player: Player, source: str) -> None:
    held = [r for r in RESOURCES if player.resources[r] > 0]
    if held:
        game.pending.append(
            EffectChoiceDecision(
                player=player.index,
                source=source,
                effect="raid_on_routes",
                options=held,
                amounts=[{r: -1} for r in held],
            )
        )


def _partners(game: Game, routes: list[tuple[Unit, int]], bonus: PartnerBonus) -> list[int]:
    """The other players owning a city the routes reach that holds the bonus's building, in the routes' order."""
    found: list[int] = []
    for _, city_id in routes:
        city = game.existing_city(city_id)
        if bonus.building in city.buildings and city.owner not in found:
            found.append(city.owner)
    return found


def _partner_bonuses(game: Game, player: Player, routes: list[tuple[Unit, int]], bonus: PartnerBonus | None) -> None:
    if bonus is None:
        return
    for owner in _partners(game, routes, bonus):
        other = game.player(owner)
        kept = gain(game, other, amounts(bonus.gain))
        if any(kept.values()):
            log.say(
                game,
                "ability.partner_bonus",
                other.index,
                what=log.things(kept),
                partner=log.party(game, player.index),
                building=game.rules.buildings[bonus.building].name,
            )


def trade_routes(
    game: Game, player: Player, effect: Effect, avoid: frozenset[int] = frozenset()
) -> list[tuple[Unit, int]]:
    """The most (unit, target city id) routes possible, at most `max_routes`, found deterministically; none to
    the cities of the players `avoid` that hold the partner bonus's building."""
    params = effects.params_as(effect, TradeRoutes)
    bonus = params.partner_bonus
    avoided = {c.id for c in game.cities if c.owner in avoid and bonus is not None and bonus.building in c.buildings}
    units = sorted(
        (
            u
            for u in game.units_of(player.index)
            if u.kind in params.units and _may_trade_from(game, player, u.kind, u.pos)
        ),
        key=lambda u: u.id,
    )
    targets = sorted(
        (
            c
            for c in game.cities
            if c.owner >= 0 and c.owner != player.index and c.mood != "angry" and c.id not in avoided
        ),
        key=lambda c: c.id,
    )
    reach = {u.id: [c.id for c in targets if _route_possible(game, u.pos, c.pos, params.distance)] for u in units}
    matched: dict[int, int] = {}  # city id -> unit id

    def assign(unit_id: int, seen: set[int]) -> bool:
        # Augmenting path: give the unit a free city, or move a city's unit to another city.
        for city_id in reach[unit_id]:
            if city_id in seen:
                continue
            seen.add(city_id)
            if city_id not in matched or assign(matched[city_id], seen):
                matched[city_id] = unit_id
                return True
        return False

    for unit in units:
        assign(unit.id, set())
    by_unit = {unit_id: city_id for city_id, unit_id in matched.items()}
    routes = [(u, by_unit[u.id]) for u in units if u.id in by_unit]
    return routes[: params.max_routes]


def _may_trade_from(game: Game, player: Player, kind: str, space: Hex) -> bool:
    """A unit of `kind` on `space` is neither in a pirate zone nor a settler another player's army bars."""
    if game.is_water(space) and cities.in_pirate_zone(game, space):
        return False
    return kind != cities.SETTLER or not cities.settler_barred_by(game, player.index, space)


def route_possible(game: Game, player: Player, effect: Effect, kind: str, space: Hex) -> bool:
    """A unit of `kind` of the player on `space` could form a route of `effect` now (to another player's city)."""
    params = effects.params_as(effect, TradeRoutes)
    if kind not in params.units or not _may_trade_from(game, player, kind, space):
        return False
    return any(
        _route_possible(game, space, c.pos, params.distance)
        for c in game.cities
        if c.owner >= 0 and c.owner != player.index and c.mood != "angry"
    )


def _route_possible(game: Game, start: Hex, end: Hex, max_distance: int) -> bool:
    """Within reach, and at distance 2 or more a space next to both is revealed and free of pirates."""
    apart = distance(start, end)
    if apart > max_distance:
        return False
    if apart < 2:
        return True
    return any(
        game.revealed(s) and not (game.is_water(s) and cities.in_pirate_zone(game, s))
        for s in game.board_neighbors(start)
        if distance(s, end) == apart - 1
    )
