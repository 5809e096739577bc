"""Advances: which a player may gain, buying one as a main action, and the event tracker.

Effects applied here: `free_advance_cost` (the price), `on_gain` and `advance_reward` (gaining),
`advance_purchase_bonus` (a choice after buying), `advance_on_build` (the free advance a
building gives, offered by `cities.py`) and the `advance_as_free_action` ability:
(advance, "item:amount"... of the payment).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from itertools import combinations

from civgame.framework.errors import RuleError
from civgame.framework.wording import counted, listed
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.economy import (
    AdvanceAsFreeAction,
    AdvanceOnBuild,
    AdvancePurchaseBonus,
    AdvanceReward,
    DrawWithGovernment,
    FreeAdvanceCost,
    OnGain,
)
from civgame.games.clash.content.effects.registry import SourceKind
from civgame.games.clash.content.effects.sources import once_per_turn_key
from civgame.games.clash.core.actions import Action, Advance
from civgame.games.clash.core.decisions import EffectChoiceDecision
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.core.vocabulary import DECLINE, Payable, amounts
from civgame.games.clash.rules.base import civilizations, log, top_card
from civgame.games.clash.rules.base.abilities import ability
from civgame.games.clash.rules.base.cards import asked_where_from, discard, draw_card, draw_into_hand
from civgame.games.clash.rules.base.payments import (
    affordable,
    any_of,
    describe,
    enforce_caps,
    gain,
    pay,
    payment_for,
    payment_options,
    plus_costs,
    settle,
)
from civgame.games.clash.rules.base.registry import rule
from civgame.games.clash.rules.base.triggers import fire
from civgame.games.clash.rules.base.turns import spend_main_action
from civgame.games.clash.rules.events import refill_tracker, resolve_event


def government_of(game: Game, player: Player) -> str | None:
    """The government category the player holds advances in, if any."""
    for name in player.advances:
        category = game.rules.category_of(name)
        if category.government:
            return category.name
    return None


def why_not_gain(game: Game, player: Player, name: str) -> str | None:
    """The rule that stops `player` from gaining advance `name`, or None if it may."""
    if name not in game.rules.advance_names():
        return f"there is no advance called {name!r}"
    if player.has(name):
        return f"{player.name} already has {name}"
    category = game.rules.category_of(name)
    top = category.advances[0].name
    if not any(a.name in player.advances for a in category.advances) and name != top:
        return f"the first advance taken in {category.name} must be its top advance, {top}"
    if category.government:
        current = government_of(game, player)
        if current is not None and current != category.name and not _changes_by_advance(game):
            return f"{player.name} already follows {current}; only one government is allowed"
        if name == top and category.requires and not player.has(category.requires):
            return f"{top} requires {category.requires}"
    required = game.rules.advance(name).requires
    if required is not None and not player.has(required):
        return f"{name} requires {required}"
    extra = surcharge(game, player, name)
    if extra and not affordable(game, player, extra):
        return f"{name} costs {describe(extra)} more, however it is gained, and {player.name} cannot pay it"
    return None


def surcharge(game: Game, player: Player, name: str) -> dict[str, int]:
    """What gaining `name` costs on top, however it is gained (`extra_cost`: the 2012 Steel Weapons' 2 ore),
    unless a `free_advance_cost` effect makes it free (Metallurgy)."""
    extra = game.rules.advance(name).extra_cost
    waiver = _waiver(game, player, name) if extra else None
    if not extra or (waiver is not None and effects.params_as(waiver, FreeAdvanceCost).less_by is None):
        return {}
    return amounts(extra)


def _changes_by_advance(game: Game) -> bool:
    """Whether gaining an advance of another government changes the government (the 2012 edition)."""
    return game.rules.game.government_change == "advance"


def gainable(game: Game, player: Player) -> list[str]:
    """Every advance `why_not_gain` allows. A hot path: all but the surcharges depend only on the advances
    held, so that is worked out once per change of holdings."""
    return [name for name in gainable_by_holdings(game, player) if surcharge_payable(game, player, name)]


def surcharge_payable(game: Game, player: Player, name: str) -> bool:
    """The player can pay the `surcharge` of `name` now: what decides, beyond the holdings, which of the
    advances the holdings allow may be gained (so listings remember those by holdings, and ask this after)."""
    return name not in game.rules.surcharged_advances or affordable(game, player, surcharge(game, player, name))


def gainable_by_holdings(game: Game, player: Player) -> tuple[str, ...]:
    """The advances the holdings allow gaining (`gainable` before surcharges), remembered per change of holdings."""
    return effects.memo(game, player, _gainable)


def _gainable(game: Game, player: Player, _: Hashable) -> tuple[str, ...]:
    owned = set(player.advances)
    current = government_of(game, player)
    result = []
    for category, names in game.rules.advance_names_by_category:
        if category.government and current is not None and current != category.name and not _changes_by_advance(game):
            continue
        started = not owned.isdisjoint(names)
        for name in names if started else names[:1]:
            if name in owned:
                continue
            if category.government and name == names[0] and category.requires and category.requires not in owned:
                continue
            required = game.rules.advance(name).requires
            if required is not None and required not in owned:
                continue
            result.append(name)
    return tuple(result)


def advance_cost(game: Game) -> dict[str, int]:
    rules = game.rules.game.advance_cost
    return any_of(rules.pay_with, rules.amount)


def advance_prices(game: Game, player: Player, names: Sequence[str]) -> list[tuple[dict[str, int], Effect | None]]:
    """What buying each of `names`, one after the other from now, costs as the Advance action charges it:
    (its price, the `free_advance_cost` effect that waives it, if one does). A once-per-turn waiver used
    for one is spent for those after it; the waivers an advance brings (its own, and those of the special
    advances that come with it) apply to those bought after it."""
    found: Sequence[Effect] = effects.active(game, player, "free_advance_cost")
    if not found and not any(_waivers_brought(game, player, name) for name in names[:-1]):
        return [(advance_cost(game), None) for _ in names]  # (most players: no waiver, now or on the way)
    spent: set[str] = set()  # the once-per-turn waivers used for those before, as `note_waiver` marks them
    prices: list[tuple[dict[str, int], Effect | None]] = []
    for name in names:
        usable = [
            (effect, waiver)
            for effect, waiver in _usable_waivers(game, player, found)
            if not (waiver.once_per_turn and once_per_turn_key(effect) in spent)
        ]
        used = _waiver(game, player, name, usable)
        prices.append((_price_with(game, used), used))
        if used is not None and effects.params_as(used, FreeAdvanceCost).once_per_turn:
            spent.add(once_per_turn_key(used))
        found = [*found, *_waivers_brought(game, player, name)]
    return prices


def _price_with(game: Game, waiver: Effect | None) -> dict[str, int]:
    """An advance's price with `waiver` (None: the full price): nothing, or lowered by its `less_by`."""
    if waiver is None:
        return advance_cost(game)
    less_by = effects.params_as(waiver, FreeAdvanceCost).less_by
    if less_by is None:
        return {}
    return {item: amount - less_by for item, amount in advance_cost(game).items() if amount > less_by}


def least_advance_price(game: Game, player: Player, count: int) -> dict[str, int]:
    """What `advance_prices` asks at least for `count` advances of one category bought one after the other,
    whichever they are: an unlimited waiver usable now may pay for all of them, each once-per-turn one for
    one, and a waiver an advance gainable now brings for another of its category for all but the first."""
    usable = _usable_waivers(game, player)  # (a price lowered by `less_by` counted as waived: never more)
    if any(not waiver.once_per_turn for _, waiver in usable):
        return {}
    brought = effects.memo(game, player, _gainable_brings_waivers, player.civilization)
    paid = count - len(usable) - (count - 1 if brought else 0)
    return {item: amount * paid for item, amount in advance_cost(game).items()} if paid > 0 else {}


def _gainable_brings_waivers(game: Game, player: Player, _: Hashable) -> bool:
    """Some advance the player may gain now brings a `free_advance_cost` effect for another advance of its
    category (asked about the player's civilization: its special advances come with advances)."""
    for name in gainable(game, player):
        category = game.rules.category_of(name)
        for effect in _waivers_brought(game, player, name):
            waiver = effects.params_as(effect, FreeAdvanceCost)
            if category.name in waiver.categories or any(
                a.name != name and a.name in waiver.advances for a in category.advances
            ):
                return True
    return False


def _waivers_brought(game: Game, player: Player, name: str) -> tuple[Effect, ...]:
    """The `free_advance_cost` effects the player would gain with advance `name`: its own, and those of the
    special advances that come with it. (Priced for every pair of advances a card may give: remembered.)"""
    return effects.memo(game, player, _work_out_waivers_brought, name)


def _work_out_waivers_brought(game: Game, player: Player, name: Hashable) -> tuple[Effect, ...]:
    assert isinstance(name, str)
    sources: list[tuple[SourceKind, str]] = [("advance", name)]
    sources += [("special_advance", special) for special in civilizations.special_advances_with(game, player, name)]
    by_source = game.rules.effects_by_source
    return tuple(
        effect
        for source in sources
        for effect in by_source.get(source, {}).get("free_advance_cost", [])
        if not effect.only  # (as `effects.active` answers without a place)
    )


def note_waiver(game: Game, player: Player, name: str, waiver: Effect) -> None:
    """`name` is bought free, or for less, through `waiver` (`advance_prices`): said in the log, and a
    once-per-turn waiver is used for the turn."""
    less_by = effects.params_as(waiver, FreeAdvanceCost).less_by
    if less_by is None:
        log.say(game, "advance.free", advance=name, source=waiver.source)
    else:
        log.say(game, "advance.cheaper", advance=name, less=less_by, source=waiver.source)
    if effects.params_as(waiver, FreeAdvanceCost).once_per_turn:
        effects.mark_used(player, waiver)


def _waiver(
    game: Game, player: Player, name: str, usable: list[tuple[Effect, FreeAdvanceCost]] | None = None
) -> Effect | None:
    """The `free_advance_cost` effect that makes buying `name` free now, if any (unlimited ones first);
    `usable` are the `_usable_waivers`, when the caller has them."""
    category = game.rules.category_of(name).name
    for effect, waiver in _usable_waivers(game, player) if usable is None else usable:
        if name in waiver.advances or category in waiver.categories:
            return effect
    return None


def _usable_waivers(
    game: Game, player: Player, found: Sequence[Effect] | None = None
) -> list[tuple[Effect, FreeAdvanceCost]]:
    """The player's `free_advance_cost` effects usable now (of `found`, when given), unlimited ones first."""
    usable = [
        (effect, waiver)
        for effect in (effects.active(game, player, "free_advance_cost") if found is None else found)
        if not (waiver := effects.params_as(effect, FreeAdvanceCost)).once_per_turn
        or effects.unused_this_turn(player, effect)
    ]
    usable.sort(key=lambda found: found[1].once_per_turn)
    return usable


def gain_advance(
    game: Game, player: Player, name: str, *, uses_event_cube: bool = True, surcharge_paid: bool = False
) -> None:
    """Give an advance with its border bonus (with the Scale: a level raised) and gain effects; use an event
    cube, or reach an event box of the Scale, and maybe draw an event. Its `surcharge` is paid here, unless
    the price paid held it. An advance of another government than the player's changes their government
    (`_change_government`), where the rules say so."""
    extra = {} if surcharge_paid else surcharge(game, player, name)
    if extra:
        paid = payment_for(game, player, extra)
        pay(player, paid)
        log.say(game, "advance.surcharge", player.index, payment=log.things(paid), advance=name)
    current = government_of(game, player)
    category = game.rules.category_of(name)
    if category.government and current not in (None, category.name) and _changes_by_advance(game):
        _change_government(game, player, name)
        return
    player.advances.append(name)
    if player.government_regains and game.rules.category_of(name).government:
        uses_event_cube = False  # Anarchy: a regained government advance uses no cube but costs VP
        lost = player.government_regains.pop(0)
        player.event_vp -= lost
        log.say(game, "advance.regained", player.index, vp=log.vp(lost))
    bonus = game.rules.advance(name).bonus
    reached = raise_level(game, player, bonus)
    _say_gained(game, player, name, bonus, reached)
    effects.holdings_changed(game, player)
    specials = civilizations.grant_special_advances(game, player, name)
    enforce_caps(game, player)
    _gain_effects(game, player, name)
    for special in specials:
        apply_on_gain(game, player, special)
    _draw_with_government(game, player, name, had_government=current is not None)
    fire(game, "advance_gained", player=player.index, advance=name)
    scale = game.rules.game.scale
    if scale is None:
        if uses_event_cube:
            use_event_cube(game, player)
    elif reached in scale.event_levels:
        _draw_event_for(game, player)


def _draw_with_government(game: Game, player: Player, name: str, *, had_government: bool) -> None:
    """`draw_with_government` (the 2012 Writing): its cards come when the holder gains it holding a
    government advance, or gains a first government advance while holding it."""
    first_government = game.rules.category_of(name).government and not had_government
    for effect in effects.active(game, player, "draw_with_government"):
        if (effect.source == name and had_government) or (effect.source != name and first_government):
            for deck, count in effects.params_as(effect, DrawWithGovernment).draw.items():
                _draw(game, player, deck, count, effect.source)


# ---- changing government by gaining an advance of another one (the 2012 edition)

GOVERNMENT_CHANGE = "government_change"  # the EffectChoiceDecision choosing the advances a change moves to


def _change_government(game: Game, player: Player, top: str) -> None:
    """Gaining `top`, an advance of another government (its top advance: a category is entered at the top),
    moves the player's government advances to the new government, one for one, with `top` among them
    ("rather than placing a new cube, move your advances"): the player chooses the others."""
    options = government_change_options(game, player, top)
    if len(options) == 1:
        move_government(game, player, (top, *options[0].split(", ")) if options[0] else (top,))
        return
    game.pending.append(
        EffectChoiceDecision(player=player.index, source=top, effect=GOVERNMENT_CHANGE, options=options)
    )


def government_change_options(game: Game, player: Player, top: str) -> list[str]:
    """The other advances of `top`'s category the player's government advances may move to, each set as
    `A, B` ("" when only `top` is taken)."""
    current = government_of(game, player)
    held = sum(1 for a in player.advances if game.rules.category_of(a).name == current)
    others = [a.name for a in game.rules.category_of(top).advances[1:]]
    return [", ".join(chosen) for chosen in combinations(others, held - 1)]


def take_government_change(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    move_government(game, game.player(decision.player), (decision.source, *option.split(", ")))


def move_government(game: Game, player: Player, advances: tuple[str, ...]) -> None:
    """Replace the player's government advances by `advances` (the first the one gained, the others moved
    there): none is gained anew but the first, whose gain effects apply."""
    current = government_of(game, player)
    player.advances = [a for a in player.advances if game.rules.category_of(a).name != current]
    player.advances += advances
    effects.holdings_changed(game)
    civilizations.drop_special_advances(game, player)
    # the advances moved to are gained too: their special advances come with them
    specials = [special for name in advances for special in civilizations.grant_special_advances(game, player, name)]
    enforce_caps(game, player)
    new = game.rules.category_of(advances[0]).name
    log.say(game, "advance.government_moved", player.index, old=current, new=new, advances=listed(advances))
    _gain_effects(game, player, advances[0])
    for special in specials:
        apply_on_gain(game, player, special)
    fire(game, "advance_gained", player=player.index, advance=advances[0])


# The Scale's level each border bonus raises: the Player field and how the log names it.
LEVELS = {"culture": ("culture_level", "Culture Level"), "mood": ("happiness_level", "Happiness Level")}


def _say_gained(game: Game, player: Player, name: str, bonus: str | None, reached: int | None) -> None:
    """Gain the border bonus's token and say the advance gained, with its token (and the level it raised)."""
    if bonus is None:
        log.say(game, "advance.gained", player.index, advance=name)
        return
    kept = gain(game, player, {bonus: 1})[bonus]
    if kept:
        log.say(game, "advance.gained_with_token", player.index, advance=name, token=log.things({bonus: 1}))
    else:
        log.say(game, "advance.gained_no_token", player.index, advance=name, token=log.things({bonus: 1}))
    if reached is not None:
        log.say(game, "advance.level_raised", player.index, level=LEVELS[bonus][1], reached=reached)


def raise_level(game: Game, player: Player, bonus: str | None) -> int | None:
    """With the Scale, a border bonus raises its level by one, up to the top: the level reached (None when
    no level moves: no Scale, or no bonus). A level already at the top stays there."""
    scale = game.rules.game.scale
    if scale is None or bonus is None:
        return None
    field = LEVELS[bonus][0]
    before: int = getattr(player, field)
    if before >= scale.top:
        return None
    setattr(player, field, before + 1)
    return before + 1


def _gain_effects(game: Game, player: Player, name: str) -> None:
    """`on_gain` effects of the new advance, then `advance_reward` effects of those held before it."""
    category = game.rules.category_of(name).name
    apply_on_gain(game, player, name)
    for effect in effects.active(game, player, "advance_reward"):
        reward = effects.params_as(effect, AdvanceReward)
        if effect.source != name and category in reward.categories:
            _reward(game, player, reward.gain, effect.source)


def apply_on_gain(game: Game, player: Player, source: str) -> None:
    """The `on_gain` effects of `source`, an advance just gained or a wonder just built."""
    for effect in effects.active(game, player, "on_gain"):
        if effect.source == source:
            on_gain = effects.params_as(effect, OnGain)
            if on_gain.with_advance is None or player.has(on_gain.with_advance):
                _reward(game, player, on_gain.gain, source)
            for deck, count in on_gain.draw.items():
                _draw(game, player, deck, count, source)
            reveal_wonders(game, on_gain.reveal_wonders, source)
            if on_gain.claim_wonder:
                _offer_claim(game, player, source)


# ---- wonders turned face up for all, and claimed (the 2012 edition)

CLAIM_WONDER = "claim_wonder"  # the EffectChoiceDecision choosing the face-up wonder a player claims


def reveal_wonders(game: Game, count: int, source: str) -> None:
    """Turn the top `count` wonder cards face up, where any player may build them."""
    for _ in range(count):
        card = draw_card(game, "wonder")
        if card is None:
            log.say(game, "cards.no_wonder_to_reveal", source=source)
            return
        game.revealed_wonders.append(str(card))
        log.say(game, "cards.wonder_revealed", wonder=game.rules.wonders[str(card)].name, source=source)


def _offer_claim(game: Game, player: Player, source: str) -> None:
    """The player claims one of the face-up wonders: only they may build it (Monuments)."""
    options = claim_options(game)
    if len(options) == 1:
        _claim(game, player, options[0], source)
    elif options:
        game.pending.append(
            EffectChoiceDecision(player=player.index, source=source, effect=CLAIM_WONDER, options=options)
        )


def claim_options(game: Game, _decision: EffectChoiceDecision | None = None) -> list[str]:
    """The face-up wonders nobody has claimed or built, by name."""
    return [game.rules.wonders[key].name for key in game.revealed_wonders]


def take_claim(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    _claim(game, game.player(decision.player), option, decision.source)


def _claim(game: Game, player: Player, name: str, source: str) -> None:
    key = next(key for key in game.revealed_wonders if game.rules.wonders[key].name == name)
    game.revealed_wonders.remove(key)
    player.wonder_cards.append(key)
    log.say(game, "cards.wonder_claimed", player.index, wonder=name, source=source)


def _reward(game: Game, player: Player, what: dict[Payable, int], source: str) -> None:
    if what:
        log.gained(game, player, gain(game, player, amounts(what)), source)


def _draw(game: Game, player: Player, deck: str, count: int, source: str) -> None:
    for _ in range(count):
        draw_into_hand(game, player, deck)
    log.say(game, "draws_from", player.index, cards=counted(count, f"{deck} card"), source=source)


def use_event_cube(game: Game, player: Player) -> None:
    """Take a cube from the tracker; the last one draws an event, and the tracker is refilled once that
    event is resolved (`events.resume`). A cube taken before then comes from the refilled tracker."""
    if player.event_cubes <= 0:
        refill_tracker(game, player)
    player.event_cubes -= 1
    if player.event_cubes > 0:
        return
    _draw_event_for(game, player)


def _draw_event_for(game: Game, player: Player) -> None:
    """An event is due for the player: drawn, or first a holder of `bury_top_card` (Calendar) may look at the
    card, or the player is asked where it comes from."""
    if not top_card.offered_before_draw(game, player):
        draw_event_after_look(game, player)


def draw_event_after_look(game: Game, player: Player) -> None:
    """The event due for the player, drawn once any holder of `bury_top_card` is done with the deck."""
    if not asked_where_from(game, player, "event"):
        draw_event(game, player, from_discard=False)


def draw_event(game: Game, player: Player, *, from_discard: bool) -> None:
    """Draw the event card (or take the discard pile's top one) and resolve it."""
    deck = game.decks["event"]
    card = deck.discard.pop() if from_discard and deck.discard else draw_card(game, "event")
    if not isinstance(card, int):
        refill_tracker(game, player)  # no card to resolve
        return
    discard(game, player, "event", card)  # as soon as drawn, before it acts
    fire(game, "event_drawn", player=player.index, card=card)
    resolve_event(game, player, card)


def _legal_buy(game: Game) -> list[Action]:
    if game.actions_left <= 0:
        return []
    player = game.player(game.current)
    if affordable(game, player, advance_cost(game)):
        return [a for a in effects.memo(game, player, _purchases) if _price_affordable(game, player, a.advance)]
    usable = [(e, w) for e, w in _usable_waivers(game, player) if affordable(game, player, _price_with(game, e))]
    if not usable:
        return []
    # Those some usable waiver makes free or affordable (`_waiver`), its advances and categories gathered once.
    advances = {name for _, waiver in usable for name in waiver.advances}
    categories = {name for _, waiver in usable for name in waiver.categories}
    pairs = effects.memo(game, player, _purchases_by_category)
    return [a for category, a in pairs if a.advance in advances or category in categories]


def _price_affordable(game: Game, player: Player, name: str) -> bool:
    """The player can pay the price of buying `name` with its surcharge (asked only of those with one)."""
    extra = surcharge(game, player, name)
    return not extra or affordable(game, player, plus_costs(advance_cost(game), extra))


def _purchases(game: Game, player: Player, _: Hashable) -> tuple[Advance, ...]:
    """An `Advance` of each `gainable` advance: the actions are immutable, so every listing until the
    holdings change may hand out the same ones rather than make them anew."""
    return tuple(Advance(name) for name in effects.memo(game, player, _gainable))


def _purchases_by_category(game: Game, player: Player, _: Hashable) -> tuple[tuple[str, Advance], ...]:
    """The `_purchases`, each with the name of its advance's category (what waivers are asked about)."""
    return tuple((game.rules.category_of(a.advance).name, a) for a in effects.memo(game, player, _purchases))


def _check_buy(game: Game, action: Advance) -> None:
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    reason = why_not_gain(game, game.player(game.current), action.advance)
    if reason:
        raise RuleError(reason)


@rule(Advance, legal=_legal_buy, check=_check_buy)
def buy_advance(game: Game, action: Advance) -> None:
    """Buy a legal advance (`_check_buy`); the price is settled here, as only the payment can still fail."""
    assert game.actions_left > 0
    player = game.player(game.current)
    [(price, waiver)] = advance_prices(game, player, [action.advance])
    payment = settle(game, action, plus_costs(price, surcharge(game, player, action.advance)))
    if payment is None:
        return
    pay(player, payment)
    if waiver is not None:
        note_waiver(game, player, action.advance, waiver)
    spend_main_action(game)
    gain_advance(game, player, action.advance, surcharge_paid=True)
    offer_purchase_bonus(game, player, [action.advance], payment)


def offer_purchase_bonus(
    game: Game, player: Player, gained: Sequence[str], paid: dict[str, int], free: Collection[str] = ()
) -> None:
    """`advance_purchase_bonus` (Free Education): after gaining `gained` (in that order; those in `free` cost
    nothing) with `paid`, offer the extra once for each advance bought after the effect's source was held
    and paid for with one of its resources. Advances bought together (Synergies) share one payment: each
    unit of those resources may have paid for a different advance."""
    for effect in effects.active(game, player, "advance_purchase_bonus"):
        params = effects.params_as(effect, AdvancePurchaseBonus)
        after_source = gained[gained.index(effect.source) + 1 :] if effect.source in gained else gained
        bought = [name for name in after_source if name not in free]
        times = min(len(bought), sum(paid.get(r, 0) for r in params.paid_with))
        ways = payment_options(game, player, amounts(params.pay)) if times else []
        if not ways:
            continue
        options = [f"pay {'+'.join(sorted(way))}" for way in ways] + [DECLINE]
        changes = [{**{k: -v for k, v in way.items()}, **params.gain} for way in ways] + [{}]
        for _ in range(times):
            game.pending.append(
                EffectChoiceDecision(
                    player=player.index, source=effect.source, effect=effect.name, options=options, amounts=changes
                )
            )


def offer_advance_on_build(game: Game, player: Player, building: str) -> None:
    """`advance_on_build` (Dogma): after constructing `building`, offer a free advance of its categories."""
    for effect in effects.active(game, player, "advance_on_build"):
        on_build = effects.params_as(effect, AdvanceOnBuild)
        if on_build.building != building:
            continue
        choices = [a for a in gainable(game, player) if game.rules.category_of(a).name in on_build.categories]
        if choices:
            options = [*choices, DECLINE] if on_build.optional else choices
            game.pending.append(
                EffectChoiceDecision(player=player.index, source=effect.source, effect=effect.name, options=options)
            )


def advance_on_build_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    """The advances still gainable (or declining, where it may be, or where none is left)."""
    player = game.player(decision.player)
    return [o for o in decision.options if o == DECLINE or why_not_gain(game, player, o) is None] or [DECLINE]


def take_advance_on_build(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Answer of an `advance_on_build` choice: the advance, free, with an event cube."""
    if option == DECLINE:
        return
    player = game.player(decision.player)
    log.say(game, "advance.taken_free", player.index, advance=option, source=decision.source)
    gain_advance(game, player, option)


def _legal_free_advance(game: Game, effect: Effect) -> list[tuple[str, ...]]:
    player = game.player(game.current)
    wanted = effects.params_as(effect, AdvanceAsFreeAction).advances
    names = [a for a in wanted if why_not_gain(game, player, a) is None]
    ways = payment_options(game, player, advance_cost(game)) if names else []
    return [(name, *(f"{k}:{v}" for k, v in sorted(way.items()))) for name in names for way in ways]


@ability("advance_as_free_action", legal=_legal_free_advance)
def advance_as_free_action(game: Game, effect: Effect, choice: tuple[str, ...]) -> None:
    player = game.player(game.current)
    name, *parts = choice
    payment = {item: int(amount) for item, amount in (part.split(":") for part in parts)}
    pay(player, payment)
    log.say(game, "advance.bought", player.index, payment=log.things(payment), advance=name, source=effect.source)
    gain_advance(game, player, name)
    offer_purchase_bonus(game, player, [name], payment)
