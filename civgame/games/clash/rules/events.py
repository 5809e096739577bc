"""Events: resolving the event card a player draws when their event tracker empties.

The card goes to the discard pile as soon as it is drawn, and the player's event tracker is refilled
once it is resolved (`_refill_after`). Its icon acts first, for the player who drew it (the active
player): barbarians spawn, barbarians move, pirates spawn and raid, exhausted land, gold mine. Then
its main effect (`effects` of the card, event primitives declared in `content/effects/events.py`) is
resolved player by player, the active player first, then clockwise; a player whose `event_protection`
names the card skips the main effect.

The event is a queue of steps on `game.event`. A step that needs a choice pushes an
`EffectChoiceDecision` (answered with `ChooseOption`, routed back here by its `event:` prefix) and
remembers itself in `game.event.current`; a barbarian battle runs in `game.combat`. The
controller calls `resume` after every action, so the queue goes on once both are settled. A
choice with one option is made at once; a choice with none is skipped. An event drawn while
another is under way waits for it (`game.events_waiting`).

Variants (`game.event_variant`): `no_events`, only the icon acts; `optional_events`, the active
player may decline the card's main effect after its icon acted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from civgame.framework.wording import counted, listed, with_article
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect, Params
from civgame.games.clash.content.effects import events as prims
from civgame.games.clash.core.decisions import EffectChoiceDecision
from civgame.games.clash.core.hexgrid import Hex, distance, hex_to_label, label_to_hex, neighbors
from civgame.games.clash.core.model import (
    BARBARIAN,
    MOODS,
    PIRATE,
    City,
    EventInProgress,
    EventStep,
    Game,
    Player,
    Unit,
)
from civgame.games.clash.core.vocabulary import RESOURCES, TOKENS, amounts
from civgame.games.clash.rules.base import civilizations, diplomacy, log
from civgame.games.clash.rules.base.cards import deal, draw_card, great_persons_in_hand
from civgame.games.clash.rules.base.endings import note_city_lost
from civgame.games.clash.rules.base.log import gained, party, say, things, unit_name
from civgame.games.clash.rules.base.payments import describe, gain, holdings, pay, resource_cap
from civgame.games.clash.rules.base.triggers import LISTENERS
from civgame.games.clash.rules.combat import enter_space

SETTLER, INFANTRY, SHIP = "settler", "infantry", "ship"
BARBARIAN_UNITS = ("infantry", "cavalry", "elephant")
GOLD_MINE = 2  # gold gained from the gold mine icon
PIRATES_PLACED = 2  # pirate ships placed by the pirate icon
PLAY, DECLINE = "play the card", "decline the card"
GREAT_PERSON_COST, GREAT_PERSON_COST_OTHERS = 1, 2  # culture tokens to take a great person
PASS = "pass"
LET_MOVE, HOLD = "let the barbarians move", "hold"  # the options of a hold_barbarians choice
CHOICE_PREFIX = "event:"  # an EffectChoiceDecision's `effect` for a choice asked by an event step
PAYABLES = (*RESOURCES, *TOKENS)
P = TypeVar("P", bound=Params)


# ------------------------------------------------------------------ drawing and the queue


def resolve_event(game: Game, player: Player, card: int) -> None:
    """Start resolving event `card` for `player` (already drawn and discarded). One drawn while another
    event is under way (a free advance one of its steps gave) waits in `game.events_waiting` and
    resolves once that one is over: an event is never cut short."""
    data = game.rules.event(card)
    say(game, "event.draws", player.index, card=data.name)
    after: list[EventStep] = []
    if game.event_variant != "no_events" and data.great_person is not None:
        after = [
            EventStep("great_person", p, count=GREAT_PERSON_COST if p == player.index else GREAT_PERSON_COST_OTHERS)
            for p in _order_from(game, player.index)
        ]
    elif game.event_variant != "no_events":
        after = main_steps(game, player.index, card)
        if after and game.event_variant == "optional_events":
            after.insert(0, EventStep("offer", player.index))
    event = EventInProgress(card, player.index, _icon_steps(game, player.index, data.icon) + after)
    if data.icon == "pirates":
        _raid_in_each_share(game, event)
    if game.event is not None:
        game.events_waiting.append(event)
        say(game, "event.waits", card=data.name)
        return
    game.event = event
    resume(game)


def _raid_in_each_share(game: Game, event: EventInProgress) -> None:
    """The pirates raid the active player with the icon, every other player at the start of their
    share of the card, so each player is handed the game once per event."""
    steps = event.steps
    for other in _order_from(game, event.active)[1:]:
        share = next((i for i, s in enumerate(steps) if s.player == other), len(steps))
        steps.insert(share, EventStep("pirate_raid", other))


def resume(game: Game) -> None:
    """Run the event's next steps until one waits for a choice or a battle, or the event ends; then
    the next event waiting, if any."""
    while game.event is not None and not game.pending and game.combat is None and game.phase != "over":
        event = game.event
        if not event.steps:
            game.event = game.events_waiting.pop(0) if game.events_waiting else None
            _refill_after(game, event)
            for after in AFTER_EVENT:
                after(game, event)
            continue
        step = event.steps.pop(0)
        event.current = None
        STEPS[step.kind](game, event, step)


# What other rule modules do once an event is over (the Apothecary puts back units it took); this module
# cannot import them.
AFTER_EVENT: list[Callable[[Game, EventInProgress], None]] = []


def _refill_after(game: Game, event: EventInProgress) -> None:
    """The summary: "draw the top card of the event deck and resolve it. Then, refill your event tracker":
    the tracker the card emptied is refilled once it is resolved (and any other event it drew)."""
    drawn_by = event.active
    waiting = [e for e in (game.event, *game.events_waiting) if e is not None and e.active == drawn_by]
    if game.player(drawn_by).event_cubes <= 0 and not waiting:
        refill_tracker(game, game.player(drawn_by))


def refill_tracker(game: Game, player: Player) -> None:
    cubes = game.rules.game.starting.event_cubes
    if cubes is not None:  # with the Scale (the 2012 edition) there is no tracker to refill
        player.event_cubes = cubes


def _order_from(game: Game, first: int) -> list[int]:
    n = len(game.players)
    return [(first + i) % n for i in range(n)]


def _icon_steps(game: Game, active: int, icon: str | None) -> list[EventStep]:
    if icon is None:
        return []
    if icon == "barbarians_spawn":
        return [EventStep("barbarian_settlement", active), EventStep("barbarian_reinforcement", active)]
    if icon == "barbarians_move":
        return [EventStep("barbarians_move", active)]
    if icon == "barbarians_attack":
        return [EventStep("barbarians_attack", active)]
    if icon == "pirates":
        return [
            EventStep("pirate_room", active),
            EventStep("pirate_ship", active, count=1),
            EventStep("pirate_ship", active, count=0),
            EventStep("pirate_raid", active),
        ]
    if icon == "exhausted_land":
        return [EventStep("exhaust", active)]
    return [EventStep("gold_mine", active)]


def main_steps(game: Game, active: int, card: int) -> list[EventStep]:
    """Each player's share of the main effect, in turn order from the active player (or from the first
    player: `event_order_from`)."""
    steps = []
    first = active if game.rules.game.event_order_from == "drawer" else game.first_player
    for player in _order_from(game, first):
        for index, effect in enumerate(game.rules.event_effects(card)):
            who = getattr(effect.params, "who", "active")
            if who == "every" or player == active:
                steps.append(EventStep("main", player, effect=index))
    return steps


def ask(game: Game, event: EventInProgress, step: EventStep, options: list[str], question: str = "") -> None:
    """A choice of `step`'s player: made at once with one option, skipped with none."""
    if not options:
        return
    if len(options) == 1:
        CHOICES[step.kind](game, event, step, options[0])
        return
    event.current = step
    card = f"{game.rules.event(event.card).name} ({question or QUESTIONS[step.kind]})"
    game.pending.append(
        EffectChoiceDecision(player=step.player, source=card, effect=f"{CHOICE_PREFIX}{step.kind}", options=options)
    )


def _again(event: EventInProgress, step: EventStep, count: int) -> None:
    """Queue `step` to act `count` more times, before anything else."""
    if count > 0:
        event.steps.insert(0, EventStep(step.kind, step.player, step.effect, count, list(step.chosen), step.other))


def event_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return list(decision.options)


def answer_event_choice(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    event = game.event
    assert event is not None and event.current is not None
    step, event.current = event.current, None
    CHOICES[step.kind](game, event, step, option)


# ------------------------------------------------------------------ board helpers


def _label(h: Hex) -> str:
    return hex_to_label(h)


def _land_steps(game: Game, origin: Hex) -> dict[Hex, int]:
    """The spaces within the barbarians' reach of `origin` (`barbarians.reach` in the rules, "within 2 land
    spaces"), with their number of steps: each step to a neighbouring space, only land passed through."""
    found = {origin: 0}
    frontier = [origin]
    for step in range(1, game.rules.game.barbarians.reach + 1):
        passing = [h for h in frontier if step == 1 or game.is_land(h)]
        frontier = [n for h in passing for n in game.board_neighbors(h) if n not in found]
        found.update((n, step) for n in frontier)
    return found


def _barbarians_at(game: Game, h: Hex) -> list[Unit]:
    return [u for u in game.units_at(h) if u.owner == BARBARIAN]


def _in_supply(game: Game, owner: int, kind: str) -> bool:
    if owner == BARBARIAN:
        limit = game.rules.game.barbarians.units.get(kind, 0)
    elif owner == PIRATE:
        limit = game.rules.game.pirates.ships
    else:
        limit = game.rules.units[kind].limit
    return len(game.pieces_of(owner, kind)) < limit


def _place(game: Game, owner: int, kind: str, h: Hex) -> None:
    game.units.append(Unit(game.new_id(), owner, kind, h))


def _lower_mood(game: Game, city: City, reason: str) -> None:
    city.mood = MOODS[max(0, MOODS.index(city.mood) - 1)]
    say(game, "event.mood", owner=party(game, city.owner), space=_label(city.pos), mood=city.mood, reason=reason)


def city_by_label(game: Game, label: str) -> City:
    city = game.city_at(label_to_hex(label))
    assert city is not None
    return city


# ------------------------------------------------------------------ icons: barbarians


def _settlement_spaces(game: Game, active: int) -> list[Hex]:
    """Where a new barbarian settlement may go (`barbarians.spawn`): `at_reach`, two land spaces from the
    active player's cities if possible, else next to them, never next to anyone else's city; `within_reach`,
    any of them within two spaces of the active player's cities. Always an empty land space a city could
    be founded on. (The distances to cities are turned into sets of spaces once, rather than measured from
    every space of the board.)"""
    own = [c.pos for c in game.cities_of(active)]
    rules = game.rules.game.barbarians
    occupied = {u.pos for u in game.units} | {c.pos for c in game.cities} | set(game.exhausted)
    foundable = {key for key, terrain in game.rules.terrain.items() if terrain.can_found_city}
    if rules.spawn == "within_reach":
        near = {h for c in own for h, steps in game.distances_from(c).items() if steps <= rules.reach}
        return [h for h in near if h not in occupied and game.is_land(h) and game.terrain(h) in foundable]
    next_to_own = {n for c in own for n in neighbors(c)}
    near_others = {h for c in game.cities if c.owner != active for h in (c.pos, *neighbors(c.pos))}
    unusable = near_others | occupied
    basic = [h for h in game.space_region if h not in unusable and game.is_land(h) and game.terrain(h) in foundable]
    at_reach = {h for c in own for h, steps in _land_steps(game, c).items() if steps == rules.reach}
    preferred = [h for h in basic if h not in next_to_own and h in at_reach]
    return preferred or [h for h in basic if h in next_to_own]


def _barbarian_settlement(game: Game, event: EventInProgress, step: EventStep) -> None:
    if not _in_supply(game, BARBARIAN, INFANTRY):
        say(game, "event.no_barbarian_infantry")
        return
    if len(game.cities_of(BARBARIAN)) >= game.rules.game.barbarians.settlements:
        say(game, "event.all_settlements_out")
        return
    spaces = _settlement_spaces(game, step.player)
    if not spaces:
        say(game, "event.no_settlement_space")
    ask(game, event, step, sorted(_label(h) for h in spaces))


def _settle(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    place_barbarian_settlement(game, label_to_hex(option))


def place_barbarian_settlement(game: Game, h: Hex) -> None:
    game.cities.append(City(game.new_id(), BARBARIAN, h, game.rules.game.city.new_city_mood))
    _place(game, BARBARIAN, INFANTRY, h)
    say(game, "event.settlement", space=hex_to_label(h))


def barbarians_may_settle(game: Game) -> bool:
    """A barbarian settlement piece and an army unit are left for a new settlement."""
    settlements = len(game.cities_of(BARBARIAN)) < game.rules.game.barbarians.settlements
    return settlements and _in_supply(game, BARBARIAN, INFANTRY)


def _barbarian_reinforcement(game: Game, event: EventInProgress, step: EventStep) -> None:
    limit = game.rules.game.stacking_limit
    options = []
    for city in sorted((c for c in game.cities if c.owner == BARBARIAN), key=lambda c: c.pos):
        here = _barbarians_at(game, city.pos)
        if len(here) >= limit:
            continue
        kinds = BARBARIAN_UNITS if any(u.kind == INFANTRY for u in here) else (INFANTRY,)
        options += [f"{_label(city.pos)}: {kind}" for kind in kinds if _in_supply(game, BARBARIAN, kind)]
    ask(game, event, step, options)


def _reinforce(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    label, kind = option.split(": ")
    _place(game, BARBARIAN, kind, label_to_hex(label))
    say(game, "event.reinforced", space=label, unit=with_article(unit_name(game, kind)))


def _army_steps(game: Game, event: EventInProgress, active: int) -> dict[Hex, list[Hex]]:
    """Armies (unmoved barbarian units in one space) that can move toward the active player's
    cities, with their legal steps: into an adjacent city of theirs, else one land space closer to a
    city within the barbarians' reach (`_land_steps`)."""
    cities = [c.pos for c in game.cities_of(active)]
    near = [_land_steps(game, c) for c in cities]
    limit = game.rules.game.stacking_limit
    armies = {u.pos for u in game.units if u.owner == BARBARIAN and u.id not in event.moved}
    found = {}
    for pos in sorted(armies):
        size = sum(1 for u in _barbarians_at(game, pos) if u.id not in event.moved)
        adjacent = [c for c in cities if distance(pos, c) == 1]
        if adjacent:
            found[pos] = sorted(adjacent)
            continue
        steps = {
            n
            for n in game.board_neighbors(pos)
            if game.is_land(n)
            and any(pos in ways and ways.get(n) == ways[pos] - 1 for ways in near)
            and size + len(_barbarians_at(game, n)) <= limit
        }
        if steps:
            found[pos] = sorted(steps)
    return found


def _barbarians_move(game: Game, event: EventInProgress, step: EventStep) -> None:
    if not _army_steps(game, event, step.player):
        say(game, "event.spawn_instead")
        event.steps.insert(0, EventStep("barbarian_settlement", step.player))
        return
    holders = [EventStep("barbarian_hold", p, other=step.player) for p in _order_from(game, step.player)]
    event.steps[0:0] = [
        *(h for h in holders if _holdable(game, event, h)),
        EventStep("barbarian_march", step.player),
        EventStep("barbarian_garrison", step.player),
    ]


def _holdable(game: Game, event: EventInProgress, step: EventStep) -> list[Hex]:
    """The armies about to move that the step's player may hold back (`hold_barbarians`, near its leader)."""
    player = game.player(step.player)
    return [pos for pos in _army_steps(game, event, step.other) if _holds_army(game, player, pos)]


def _holds_army(game: Game, player: Player, army: Hex, *, against_cards: bool = False) -> bool:
    """Whether the player's `hold_barbarians` (with `shields_from_cards` if `against_cards`) covers the
    barbarian army at `army`: it stands within the effect's distance of the player's leader."""
    leader = effects.leader_space(game, player)
    return leader is not None and any(
        distance(army, leader) <= held.distance and (held.shields_from_cards or not against_cards)
        for held in (
            effects.params_as(e, prims.HoldBarbarians) for e in effects.active(game, player, "hold_barbarians")
        )
    )


def shielded_from_cards(game: Game, mover: Player, army: Hex) -> bool:
    """Whether another player's leader keeps `mover` from moving the barbarian army at `army` with an
    action card (Sulla's Dictator against the Mercenaries card)."""
    return any(_holds_army(game, other, army, against_cards=True) for other in game.players if other is not mover)


def _barbarian_hold(game: Game, event: EventInProgress, step: EventStep) -> None:
    armies = _holdable(game, event, step)
    if armies:
        ask(game, event, step, [LET_MOVE, *(f"{HOLD} {_label(pos)}" for pos in armies)])


def _held(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == LET_MOVE:
        return
    origin = label_to_hex(option.removeprefix(f"{HOLD} "))
    event.moved.extend(u.id for u in _barbarians_at(game, origin))
    say(game, "event.army_held", step.player, space=_label(origin))
    event.steps.insert(0, EventStep("barbarian_hold", step.player, other=step.other))


def _barbarian_march(game: Game, event: EventInProgress, step: EventStep) -> None:
    found = _army_steps(game, event, step.player)
    ask(game, event, step, [f"{_label(pos)} to {_label(to)}" for pos, targets in found.items() for to in targets])


def _march(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    """The army moves, unless the player it would attack buys it off first (`buy_off_barbarian_attack`)."""
    origin_label, to_label = option.split(" to ")
    origin, to = label_to_hex(origin_label), label_to_hex(to_label)
    army = [u for u in _barbarians_at(game, origin) if u.id not in event.moved]
    victim = _attacked_at(game, to)
    if victim is not None:
        others = [c.pos for c in game.cities if c.owner not in (BARBARIAN, victim) and c.pos in army_steps(game, army)]
        offers = _buy_offs(game, victim, [f"cancel {option}", *(f"{origin_label} to {_label(c)}" for c in others)])
        if offers:
            ask(game, event, EventStep("barbarian_march_buy_off", victim, other=step.player), [option, *offers])
            return
    _march_to(game, event, step.player, army, to)


def _attacked_at(game: Game, space: Hex) -> int | None:
    """The player a barbarian army arriving at `space` attacks (their city, or their units there), if any."""
    city = game.city_at(space)
    if city is not None and city.owner >= 0:
        return city.owner
    return next((u.owner for u in game.enemy_units_at(space, BARBARIAN) if u.owner >= 0), None)


def _march_to(game: Game, event: EventInProgress, marcher: int, army: list[Unit], to: Hex) -> None:
    """The army moves and attacks what it finds; `marcher`, who moves the barbarians, moves the next."""
    origin = army[0].pos
    event.moved.extend(u.id for u in army)
    step_army(game, army, to)
    event.steps.insert(0, EventStep("barbarian_march", marcher))
    attack_on_arrival(game, army, origin)


def _barbarian_march_buy_off(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    """A march let through, cancelled (the army stays, having moved) or turned on another city, as paid; the
    player moving the barbarians (`step.other`) moves the next."""
    option = _paid_off(game, step.player, option)
    origin_label, to_label = option.removeprefix("cancel ").split(" to ")
    army = [u for u in _barbarians_at(game, label_to_hex(origin_label)) if u.id not in event.moved]
    if option.startswith("cancel "):
        event.moved.extend(u.id for u in army)
        say(game, "event.march_bought_off", space=origin_label)
        event.steps.insert(0, EventStep("barbarian_march", step.other))
        return
    _march_to(game, event, step.other, army, label_to_hex(to_label))


def army_steps(game: Game, army: list[Unit]) -> list[Hex]:
    """The adjacent land spaces a barbarian army may move to: there it stays within the stacking limit, and
    attacks no city `no_barbarian_attacks` protects."""
    limit = game.rules.game.stacking_limit
    return sorted(
        n
        for n in game.board_neighbors(army[0].pos)
        if game.is_land(n) and len(army) + len(_barbarians_at(game, n)) <= limit and not _walled(game, n)
    )


def _walled(game: Game, space: Hex) -> bool:
    """A city of a player whose `no_barbarian_attacks` (the 2012 Great Wall) keeps barbarians out stands there."""
    city = game.city_at(space)
    return city is not None and city.owner >= 0 and effects.has(game, game.player(city.owner), "no_barbarian_attacks")


def step_army(game: Game, army: list[Unit], to: Hex) -> None:
    """Move a barbarian army (units standing together) one space."""
    origin = army[0].pos
    for unit in army:
        unit.pos = to
    say(game, "event.army_moves", origin=_label(origin), space=_label(to))


def attack_on_arrival(game: Game, army: list[Unit], origin: Hex) -> None:
    """A barbarian army that arrived from `origin` in a space with a player's units or city attacks at once."""
    to = army[0].pos
    city = game.city_at(to)
    if (city is not None and city.owner != BARBARIAN) or game.enemy_units_at(to, BARBARIAN):
        enter_space(game, BARBARIAN, [u.id for u in army], to, {u.id: origin for u in army}, can_retreat=False)


def garrison(game: Game, city: City) -> None:
    """A barbarian city gains an infantry, if the barbarians have one left and the city has room."""
    room = len(_barbarians_at(game, city.pos)) < game.rules.game.stacking_limit
    if room and _in_supply(game, BARBARIAN, INFANTRY):
        _place(game, BARBARIAN, INFANTRY, city.pos)
        say(game, "event.reinforced", space=_label(city.pos), unit=with_article(unit_name(game, INFANTRY)))


def _barbarian_garrison(game: Game, event: EventInProgress, step: EventStep) -> None:
    """After moving: barbarian cities near the active player's cities gain an infantry each."""
    reached = {h for c in game.cities_of(step.player) for h in _land_steps(game, c.pos)}
    for city in sorted((c for c in game.cities if c.owner == BARBARIAN), key=lambda c: c.pos):
        if city.pos in reached:
            garrison(game, city)


def _attacks(game: Game, active: int) -> list[tuple[City, City]]:
    """The barbarian attack of the icon (2012 edition): of the barbarian settlements within the barbarians'
    reach of the active player's cities (counting across the sea, never through unexplored land), the one
    with the most barbarians attacks the closest of those cities; ties are the player's to decide, so
    every (settlement, city) pair that fits. None where `no_barbarian_attacks` protects the cities."""
    player = game.player(active)
    if effects.has(game, player, "no_barbarian_attacks"):
        return []
    reach = game.rules.game.barbarians.reach
    cities = game.cities_of(active)
    found: list[tuple[int, int, City, City]] = []
    for settlement in game.cities_of(BARBARIAN):
        army = len(_barbarians_at(game, settlement.pos))
        steps = game.distances_from(settlement.pos)
        near = [(steps[c.pos], c) for c in cities if steps.get(c.pos, reach + 1) <= reach]
        if army and near:
            closest = min(d for d, _ in near)
            found += [(army, d, settlement, c) for d, c in near if d == closest]
    if not found:
        return []
    most = max(army for army, _, _, _ in found)
    return [(settlement, city) for army, _, settlement, city in found if army == most]


def _attack_option(settlement: City, city: City) -> str:
    return f"{_label(settlement.pos)} attacks {_label(city.pos)}"


def _barbarians_attack(game: Game, event: EventInProgress, step: EventStep) -> None:
    pairs = _attacks(game, step.player)
    if not pairs:
        say(game, "event.no_barbarian_attack")
    ask(game, event, step, sorted(_attack_option(s, c) for s, c in pairs))


def _barbarian_attack_chosen(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    """The attack is known: its target's owner may buy it off first (`buy_off_barbarian_attack`)."""
    settlement_label = option.split(" attacks ")[0]
    origin = label_to_hex(settlement_label)
    reach, steps = game.rules.game.barbarians.reach, game.distances_from(origin)
    others = sorted(
        c.pos
        for c in game.cities
        if c.owner >= 0 and c.owner != step.player and steps.get(c.pos, reach + 1) <= reach and not _walled(game, c.pos)
    )
    ways = [f"cancel {option}", *(f"{settlement_label} attacks {_label(c)}" for c in others)]
    buy_off = EventStep("barbarian_buy_off", step.player)
    ask(game, event, buy_off, [option, *_buy_offs(game, step.player, ways)])


def _buy_offs(game: Game, owner: int, ways: list[str]) -> list[str]:
    """The ways (`cancel` the attack, or turn it on another player's city) the player a barbarian attack
    strikes may pay for, each with each payment their `buy_off_barbarian_attack` takes that they hold."""
    found = effects.active(game, game.player(owner), "buy_off_barbarian_attack")
    if not found:
        return []
    held = holdings(game.player(owner))
    payments = [what for what in effects.params_as(found[0], prims.BuyOffBarbarianAttack).pay_with if held[what]]
    return [f"pay {things({what: 1})}: {way}" for what in payments for way in ways]


def _paid_off(game: Game, payer: int, option: str) -> str:
    """The payment a buy-off option names paid, and the option without it."""
    if not option.startswith("pay "):
        return option
    paid, option = option.removeprefix("pay ").split(": ")
    what = next(k for k in (*RESOURCES, *TOKENS) if things({k: 1}) == paid)
    pay(game.player(payer), {what: 1})
    say(game, "event.barbarians_bought_off", payer, payment=things({what: 1}))
    return option


def _barbarian_buy_off(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    """An attack let through, cancelled or turned on another city for the payment its option names."""
    option = _paid_off(game, step.player, option)
    if option.startswith("cancel "):
        return
    settlement_label, city_label = option.split(" attacks ")
    origin, target = label_to_hex(settlement_label), label_to_hex(city_label)
    army = _barbarians_at(game, origin)
    for unit in army:
        unit.pos = target
    city = game.city_at(target)
    assert city is not None  # an option names a city
    owner = party(game, city.owner)
    say(game, "event.barbarian_attack", origin=settlement_label, owner=owner, space=city_label)
    enter_space(game, BARBARIAN, [u.id for u in army], target, {u.id: origin for u in army}, can_retreat=False)


# ------------------------------------------------------------------ icons: pirates, land, gold


def _pirate_room(game: Game, event: EventInProgress, step: EventStep) -> None:
    """Too few pirate ships in supply: the active player takes ships off the board first."""
    missing = PIRATES_PLACED - (game.rules.game.pirates.ships - len(game.units_of(PIRATE, SHIP)))
    if missing > 0:
        step.count = missing
        ask(game, event, step, sorted({_label(u.pos) for u in game.units_of(PIRATE, SHIP)}))


def _remove_pirate(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    ship = next(u for u in game.units_of(PIRATE, SHIP) if u.pos == label_to_hex(option))
    game.units.remove(ship)
    say(game, "event.pirate_removed", space=option)
    _again(event, step, step.count - 1)


def _pirate_ship(game: Game, event: EventInProgress, step: EventStep) -> None:
    """`count` 1: the first ship, next to the active player's cities if it can be."""
    if not _in_supply(game, PIRATE, SHIP):
        return
    manned = {u.pos for u in game.units if u.owner >= 0}  # (sets made once, not looked up space by space)
    free = [h for h in game.space_region if h not in manned and game.is_water(h)]
    next_to_cities = {n for c in game.cities_of(step.player) for n in neighbors(c.pos)}
    near = [h for h in free if h in next_to_cities]
    ask(game, event, step, sorted(_label(h) for h in (near if step.count and near else free)))


def _put_pirate(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    place_pirate(game, label_to_hex(option))


def pirate_in_supply(game: Game) -> bool:
    return _in_supply(game, PIRATE, SHIP)


def place_pirate(game: Game, space: Hex) -> None:
    _place(game, PIRATE, SHIP, space)
    say(game, "event.pirate_placed", space=_label(space))


def _raided_cities(game: Game, player: int) -> list[City]:
    ships = {u.pos for u in game.units_of(PIRATE, SHIP)}
    return [c for c in game.cities_of(player) if any(distance(c.pos, s) == 1 for s in ships)]


def _pirate_raid(game: Game, event: EventInProgress, step: EventStep) -> None:
    """A player with a city next to a pirate ship gives up 1 resource or token, else a city's mood."""
    cities = _raided_cities(game, step.player)
    if not cities:
        return
    have = holdings(game.player(step.player))
    options = [k for k in PAYABLES if have[k] > 0]
    if not options:
        options = [_label(c.pos) for c in cities if c.mood != MOODS[0]]
    ask(game, event, step, options)


def _raid(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    if option in PAYABLES:
        pay(player, {option: 1})
        say(game, "event.raid", PIRATE, victim=party(game, player.index), what=things({option: 1}))
    else:
        _lower_mood(game, city_by_label(game, option), "pirate raid")


def _exhaust(game: Game, event: EventInProgress, step: EventStep) -> None:
    """An empty land space next to the active player's city, not Barren, becomes exhausted."""
    occupied = {u.pos for u in game.units} | {c.pos for c in game.cities}
    spaces = {
        n
        for c in game.cities_of(step.player)
        for n in game.board_neighbors(c.pos)
        if game.is_land(n)
        and game.rules.terrain[game.terrain(n) or ""].can_found_city
        and n not in game.exhausted
        and n not in occupied
    }
    ask(game, event, step, sorted(_label(h) for h in spaces))


def _exhausted(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    game.exhausted.append(label_to_hex(option))
    say(game, "event.exhausted", space=option)


def _gold_mine(game: Game, event: EventInProgress, step: EventStep) -> None:
    player = game.player(step.player)
    kept = gain(game, player, {"gold": GOLD_MINE})
    if kept["gold"]:
        say(game, "event.gold_mine", player.index, gold=things(kept))
    else:
        say(game, "event.gold_mine_full", player.index)


# ------------------------------------------------------------------ the main effect


def _offer(game: Game, event: EventInProgress, step: EventStep) -> None:
    ask(game, event, step, [PLAY, DECLINE])


def _great_person_offer(game: Game, event: EventInProgress, step: EventStep) -> None:
    """The great person is offered: the active player first, then the others for more culture."""
    if game.player(step.player).culture_tokens >= step.count:
        ask(game, event, step, [f"take it for {step.count} culture", PASS])


def _great_person_taken(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == PASS:
        return
    player = game.player(step.player)
    pay(player, {"culture": step.count})
    player.great_persons.append(event.card)
    game.decks["event"].discard.remove(event.card)
    event.steps = [s for s in event.steps if s.kind != "great_person"]
    say(
        game,
        "event.great_person",
        player.index,
        card=game.rules.event(event.card).name,
        price=things({"culture": step.count}),
    )
    if any(e.name == "event_diplomacy" for e in game.rules.event_effects(event.card)):
        partners = [p.name for p in game.players if p != player]
        ask(game, event, EventStep("partner", step.player), partners)


def _partner_chosen(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    partner = next(p for p in game.players if p.name == option)
    player.diplomatic_partner = partner.index
    say(game, "event.diplomacy", player.index, partner=party(game, partner.index))


def _offered(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == DECLINE:
        event.steps = [s for s in event.steps if s.kind != "main"]
        say(game, "event.declined", step.player)


def _protection(game: Game, player: Player, card_name: str) -> Effect | None:
    for effect in effects.active(game, player, "event_protection"):
        if card_name in effects.params_as(effect, prims.EventProtection).events:
            return effect
    return None


def _main(game: Game, event: EventInProgress, step: EventStep) -> None:
    player = game.player(step.player)
    card = game.rules.event(event.card)
    shield = _protection(game, player, card.name)
    if shield is not None:
        if step.effect == 0:
            say(game, "event.protected", player.index, card=card.name, source=shield.source)
        return
    effect = game.rules.event_effects(event.card)[step.effect]
    MAIN[effect.name](game, event, step, player, effect.params)


def _has_any(player: Player, advances: list[str]) -> bool:
    return any(player.has(a) for a in advances)


def _gain(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventGain) -> None:
    gained(game, player, gain(game, player, amounts(params.gain)))


def _hand_out(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventHandOut) -> None:
    event.steps.insert(0, EventStep("hand_out", step.player, step.effect, params.amount))


def _hand_out_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    resource = effect_params(game, event, step, prims.EventHandOut).resource
    takers = [
        p.name
        for p in game.players
        if p.index != step.player and p.resources[resource] < resource_cap(game, p, resource)
    ]
    if not takers:
        say(game, "event.nobody_takes", resource=resource)
    ask(game, event, step, takers)


def _handed(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    resource = effect_params(game, event, step, prims.EventHandOut).resource
    taker = next(p for p in game.players if p.name == option)
    gain(game, taker, {resource: 1})
    say(game, "event.gives", step.player, what=things({resource: 1}), taker=party(game, taker.index))
    _again(event, step, step.count - 1)


def effect_params(game: Game, event: EventInProgress, step: EventStep, kind: type[P]) -> P:
    return effects.params_as(game.rules.event_effects(event.card)[step.effect], kind)


# ---- mood: lowering it, making cities Angry, with Myths


def _mood_protection(game: Game, player: Player) -> Effect | None:
    """Myths: an `event_mood_protection` effect the player can pay for now."""
    have = holdings(player)
    for effect in effects.active(game, player, "event_mood_protection"):
        if all(have[k] >= v for k, v in _spare_cost(effect).items()):
            return effect
    return None


def _spare_cost(effect: Effect) -> dict[str, int]:
    return amounts(effects.params_as(effect, prims.EventMoodProtection).pay)


def _spare_option(effect: Effect) -> str:
    return f"pay {describe(_spare_cost(effect))} to spare a city ({effect.source})"


def _mood_candidates(game: Game, event: EventInProgress, step: EventStep) -> list[City]:
    """Non-Angry cities of the player this mood step may hit (not yet hit by it)."""
    cities = [c for c in game.cities_of(step.player) if c.mood != MOODS[0] and c.id not in step.chosen]
    if step.effect >= 0:
        params = game.rules.event_effects(event.card)[step.effect].params
        if isinstance(params, prims.EventMoodLoss) and params.coastal:
            cities = [c for c in cities if any(game.is_water(n) for n in game.board_neighbors(c.pos))]
        if isinstance(params, prims.EventFamine) and params.food_per_city_near:
            cities = [c for c in cities if c.id in _near_terrain(game, step.player, params.food_per_city_near)]
    return cities


def _mood_loss(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventMoodLoss
) -> None:
    if len(game.cities_of(player.index)) < params.min_cities:
        return
    count = params.cities + (1 if _has_any(player, params.more_with) else 0)
    event.steps.insert(0, EventStep("lower_mood", step.player, step.effect, count))


def _lower_mood_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    """One city's mood drops (`lower_mood`) or it becomes Angry (`make_angry`); Myths may spare it. The step
    acts no more times than it has cities left to hit, so Myths spares no more cities than would be affected."""
    cities = _mood_candidates(game, event, step)
    step.count = min(step.count, len(cities))
    options = sorted(_label(c.pos) for c in cities)
    spare = _mood_protection(game, game.player(step.player))
    if cities and spare is not None:
        options.append(_spare_option(spare))
    ask(game, event, step, options)


def _mood_chosen(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    spare = _mood_protection(game, player)
    card = game.rules.event(event.card).name
    if spare is not None and option == _spare_option(spare):
        pay(player, _spare_cost(spare))
        say(game, "event.spares", player.index, payment=things(_spare_cost(spare)), source=spare.source)
    else:
        city = city_by_label(game, option)
        if step.kind == "make_angry":
            city.mood = MOODS[0]
            say(game, "event.made_angry", player.index, space=option, card=card)
        else:
            _lower_mood(game, city, card)
        step.chosen.append(city.id)
    _again(event, step, step.count - 1)


# ---- famine


def _near_terrain(game: Game, player: int, terrain: str) -> list[int]:
    return [
        c.id
        for c in game.cities_of(player)
        if any(game.terrain(h) == terrain for h in (c.pos, *game.board_neighbors(c.pos)))
    ]


def _famine(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventFamine) -> None:
    if params.with_advance is not None and not player.has(params.with_advance):
        return
    owed = params.food
    if params.food_per_city_near:
        owed = min(params.max_food, len(_near_terrain(game, player.index, params.food_per_city_near)))
    paid = min(owed, player.resources["food"])
    if paid:
        pay(player, {"food": paid})
        say(game, "event.famine", player.index, food=things({"food": paid}))
    if paid < owed:
        event.steps.insert(0, EventStep("make_angry", step.player, step.effect, 1))


# ---- units


def _lose_units(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventLoseUnits
) -> None:
    units = len(game.counted_units_of(player.index))
    if units < params.min_units:
        return
    count = params.count + (units // params.per_units if params.per_units else 0)
    count += 1 if _has_any(player, params.more_with) else 0
    event.steps.insert(0, EventStep("kill_unit", step.player, step.effect, count))


def unit_option(unit: Unit) -> str:
    return f"{unit.kind} at {_label(unit.pos)}"


def _kill_unit_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    """The player picks a unit to lose: ships carrying units are last (their cargo would drown)."""
    mine = game.counted_units_of(step.player)
    loaded = {u.carrier for u in mine if u.carrier is not None}
    free = [u for u in mine if u.id not in loaded]
    ask(game, event, step, sorted({unit_option(u) for u in free or mine}))


def remove_unit(game: Game, owner: int, option: str) -> None:
    """Remove one unit matching `option` (carried ones first); a ship takes its cargo with it. During an
    event, the event keeps the types lost (`EventInProgress.lost`)."""
    unit = min((u for u in game.units_of(owner) if unit_option(u) == option), key=lambda u: u.carrier is None)
    for lost in (unit, *(u for u in game.units if u.carrier == unit.id)):
        if game.rules.units[lost.kind].leader:
            civilizations.leader_killed(game, lost, captor=None)
        game.units.remove(lost)
        if game.event is not None:
            game.event.lost.setdefault(owner, []).append(lost.kind)


def _unit_killed(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    remove_unit(game, step.player, option)
    vp = effect_params(game, event, step, prims.EventLoseUnits).vp_per_unit
    player.event_vp += vp
    if vp:
        say(game, "event.loses_unit_for_vp", player.index, unit=with_article(option), vp=f"+{log.vp(vp)}")
    else:
        say(game, "event.loses_unit", player.index, unit=with_article(option))
    _again(event, step, step.count - 1)


# ---- buildings, settlers, tokens, catch-up, civil war


def _per_city(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventGainPerCity
) -> None:
    cities = sum(1 for c in game.cities_of(player.index) if any(b in c.buildings for b in params.buildings))
    amount = min(params.max, cities)
    if player.index == event.active:
        amount = max(amount, params.active_min)
    if not amount:
        return
    if params.resource != "tokens":
        gained(game, player, gain(game, player, {params.resource: amount}))
        return
    step_ = EventStep("tokens", step.player, step.effect, amount)
    ask(game, event, step_, [f"{m} mood, {amount - m} culture" for m in range(amount, -1, -1)])


def _tokens_chosen(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    mood, culture = (int(part.split()[0]) for part in option.split(", "))
    player = game.player(step.player)
    gained(game, player, gain(game, player, {"mood": mood, "culture": culture}))


def _settler_cities(game: Game, player: int) -> list[str]:
    if not _in_supply(game, player, SETTLER):
        return []
    return sorted(_label(c.pos) for c in game.cities_of(player))


def _settler_gift(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventSettlerGift
) -> None:
    event.steps.insert(0, EventStep("gift_settler", step.player, step.effect))
    if params.active_too:
        event.steps.insert(0, EventStep("place_settler", step.player, step.effect))


def _place_settler_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    ask(game, event, step, _settler_cities(game, step.player))


def _settler_placed(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    _place(game, step.player, SETTLER, label_to_hex(option))
    say(game, "event.settler", step.player, space=option)


def _gift_settler_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    ask(game, event, step, [p.name for p in game.players if p.index != step.player and _settler_cities(game, p.index)])


def _settler_gifted(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    taker = next(p for p in game.players if p.name == option)
    event.steps.insert(0, EventStep("place_settler", taker.index, step.effect))


def _tokens_for_vp(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventTokensForVp
) -> None:
    options = [
        f"{m} mood, {c} culture"
        for total in range(1, params.max + 1)
        for m in range(total, -1, -1)
        if (c := total - m) <= player.culture_tokens and m <= player.mood_tokens
    ]
    ask(game, event, EventStep("tokens_for_vp", step.player, step.effect), options)


def _tokens_paid(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    mood, culture = (int(part.split()[0]) for part in option.split(", "))
    player = game.player(step.player)
    pay(player, {"mood": mood, "culture": culture})
    vp = (mood + culture) * effect_params(game, event, step, prims.EventTokensForVp).vp_per_token
    player.event_vp += vp
    say(game, "event.tokens_for_vp", player.index, tokens=things({"mood": mood, "culture": culture}), vp=log.vp(vp))


def _catch_up(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventCatchUp) -> None:
    """The player's share: counted when it comes, so a raid on them before it has been settled."""
    counts = [len(game.cities_of(p.index)) for p in game.players]
    most, fewest, own = max(counts), min(counts), counts[player.index]
    amount = 1 if most == fewest else (most - own if own == fewest else 0)
    if amount:
        gained(game, player, gain(game, player, {params.resource: amount}))


def _civil_war(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventCivilWar
) -> None:
    torn = [
        _label(c.pos)
        for c in game.cities_of(player.index)
        if c.mood != MOODS[-1] and any(u.owner == player.index and u.kind == INFANTRY for u in game.units_at(c.pos))
    ]
    if torn:
        ask(game, event, EventStep("civil_war", step.player, step.effect), sorted(torn))
    else:
        event.steps.insert(0, EventStep("lower_mood", step.player, step.effect, 1))


def _civil_war_city(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    city = city_by_label(game, option)
    infantry = [u for u in game.units_at(city.pos) if u.owner == step.player and u.kind == INFANTRY]
    game.units.remove(max(infantry, key=lambda u: (u.immobile, u.id)))
    event.lost.setdefault(step.player, []).append(INFANTRY)
    say(game, "event.civil_war", step.player, space=option)
    if city.mood != MOODS[0]:
        _lower_mood(game, city, "civil war")


def _fire(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventFire) -> None:
    on_terrain = [_label(c.pos) for c in game.cities_of(player.index) if game.terrain(c.pos) == params.terrain]
    if on_terrain:
        ask(game, event, EventStep("fire", step.player, step.effect), sorted(on_terrain))
        return
    lost = {k: min(v, holdings(player)[k]) for k, v in amounts(params.else_lose).items()}
    pay(player, lost)
    say(game, "event.no_city_on", player.index, terrain=params.terrain, what=things(lost) or "nothing")


def _fire_spreads(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    terrain = effect_params(game, event, step, prims.EventFire).terrain
    burning, frontier = {label_to_hex(option)}, [label_to_hex(option)]
    while frontier:
        for n in game.board_neighbors(frontier.pop()):
            if n not in burning and game.terrain(n) == terrain and n not in game.exhausted:
                burning.add(n)
                frontier.append(n)
    say(game, "event.fire", terrain=terrain, space=option)
    burnt = []
    for owner in _order_from(game, step.player):
        spared = [c.id for c in game.cities_of(owner) if c.pos not in burning]
        count = len(game.cities_of(owner)) - len(spared)
        if count:
            burnt.append(EventStep("lower_mood", owner, step.effect, count, spared))
    event.steps[0:0] = burnt


def _give_up(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventGiveUp) -> None:
    count = len(game.cities_of(player.index)) // params.per_cities
    event.steps.insert(0, EventStep("give_up", step.player, step.effect, count))


def _card_name(game: Game, deck: str, card: int) -> str:
    cards = game.rules.action_cards if deck == "action" else game.rules.objective_cards
    return f"{deck} card {next(c.name for c in cards if c.id == card)}"


def _give_up_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    player = game.player(step.player)
    have = holdings(player)
    options = sorted({unit_option(u) for u in game.counted_units_of(step.player)})
    options += sorted({_card_name(game, "action", c) for c in player.action_cards})
    options += sorted({_card_name(game, "objective", c) for c in player.objective_cards})
    # a great person in hand counts as an action card; the two kept face up are not in hand
    options += sorted(f"great person {game.rules.event(c).name}" for c in great_persons_in_hand(game.rules, player))
    ask(game, event, step, options + [k for k in PAYABLES if have[k] > 0])


def _given_up(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    if option in PAYABLES:
        pay(player, {option: 1})
    elif option.startswith("great person "):
        card = next(c for c in player.great_persons if f"great person {game.rules.event(c).name}" == option)
        player.great_persons.remove(card)
        game.decks["event"].discard.append(card)
    elif option.startswith(("action card ", "objective card ")):
        deck = option.split()[0]
        hand = player.action_cards if deck == "action" else player.objective_cards
        card = next(c for c in hand if _card_name(game, deck, c) == option)
        hand.remove(card)
        game.decks[deck].discard.append(card)
    else:
        remove_unit(game, step.player, option)
    say(game, "event.gives_up", player.index, what=things({option: 1}) if option in PAYABLES else with_article(option))
    _again(event, step, step.count - 1)


def _lose_government(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventLoseGovernment
) -> None:
    lost = [a for a in player.advances if game.rules.category_of(a).government]
    if not lost:
        return
    player.advances = [a for a in player.advances if a not in lost]
    effects.holdings_changed(game)
    civilizations.drop_special_advances(game, player)
    player.event_vp += params.vp_per_advance * len(lost)
    player.government_regains += [params.vp_per_advance] * len(lost)
    vp = params.vp_per_advance * len(lost)
    say(game, "event.anarchy", player.index, advances=listed(lost), vp=f"+{log.vp(vp)}")


def _owns_building(game: Game, player: int, building: str) -> list[City]:
    return [c for c in game.cities_of(player) if c.buildings.get(building) == player]


def _changes_hands(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventBuildingChangesHands
) -> None:
    if _owns_building(game, player.index, params.building):
        event.steps.insert(0, EventStep("give_building", step.player, step.effect))
        return
    holders = [
        p.name for p in game.players if p.index != player.index and _owns_building(game, p.index, params.building)
    ]
    ask(game, event, EventStep("pass_card", step.player, step.effect), holders)


def _card_passed(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    holder = next(p for p in game.players if p.name == option)
    say(game, "event.card_passed", step.player, holder=party(game, holder.index))
    event.steps.insert(0, EventStep("give_building", holder.index, step.effect))


def _give_building_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    """The holder picks who takes one of their buildings: a player with such a piece left."""
    building = effect_params(game, event, step, prims.EventBuildingChangesHands).building
    limit = game.rules.buildings[building].limit
    takers = [
        p.name for p in game.players if p.index != step.player and game.pieces_in_colour(p.index, building) < limit
    ]
    ask(game, event, step, takers)


def _building_given(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    taker = next(p for p in game.players if p.name == option)
    event.steps.insert(0, EventStep("take_building", taker.index, step.effect, other=step.player))


def _take_building_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    building = effect_params(game, event, step, prims.EventBuildingChangesHands).building
    ask(game, event, step, sorted(_label(c.pos) for c in _owns_building(game, step.other, building)))


def _building_taken(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    building = effect_params(game, event, step, prims.EventBuildingChangesHands).building
    city = city_by_label(game, option)
    city.buildings[building] = step.player
    effects.holdings_changed(game)
    say(
        game,
        "event.building_taken",
        building=game.rules.buildings[building].name,
        space=option,
        taker=party(game, step.player),
    )


def _short_battle(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventShortBattle
) -> None:
    game.short_battle_vp = params.vp
    say(game, "event.short_battle", vp=log.vp(params.vp))


def _draw_cards(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventDrawCards
) -> None:
    before = (len(player.action_cards), len(player.objective_cards))
    deal(game, player, params.action, params.objective)
    drawn = len(player.action_cards) - before[0] + len(player.objective_cards) - before[1]
    say(game, "event.draws_cards", player.index, cards=counted(drawn, "card"))


def _make_happy(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventMakeHappy
) -> None:
    cities = sorted(_label(c.pos) for c in game.cities_of(player.index) if c.mood != MOODS[-1])
    ask(game, event, EventStep("make_happy", step.player, step.effect), cities)


def _made_happy(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    city_by_label(game, option).mood = MOODS[-1]
    say(game, "event.made_happy", step.player, space=option)


def _convert_tokens(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventConvertTokens
) -> None:
    options = [f"{n} culture to mood" for n in range(player.culture_tokens, 0, -1)]
    options += [f"{n} mood to culture" for n in range(1, player.mood_tokens + 1)]
    ask(game, event, EventStep("convert_tokens", step.player, step.effect), [*options, "none"])


def _tokens_converted(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == "none":
        return
    count, source, _, target = option.split()
    player = game.player(step.player)
    pay(player, {source: int(count)})
    gain(game, player, {target: int(count)})
    say(game, "event.converts", player.index, given=things({source: int(count)}), taken=things({target: int(count)}))


def _collect_again(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventCollectAgain
) -> None:
    for effect in effects.active(game, player, params.effect):
        LISTENERS[params.effect](game, player, effect, {})


def _foresee(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventForeseeObjectives
) -> None:
    drawn = (draw_card(game, "objective") for _ in game.players)
    event.cards = [card for card in drawn if isinstance(card, int)]
    say(game, "event.foresees", player.index, cards=counted(len(event.cards), "objective card"))
    event.steps[0:0] = [
        EventStep("foresee", step.player, step.effect, other=p) for p in _order_from(game, player.index)
    ]


def _objective_name(game: Game, card: int) -> str:
    return next(c.name for c in game.rules.objective_cards if c.id == card)


def _foresee_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    question = f"which objective card {game.player(step.other).name} draws next"
    ask(game, event, step, sorted({_objective_name(game, c) for c in event.cards}), question)


def _foreseen(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    card = next(c for c in event.cards if _objective_name(game, c) == option)
    event.cards.remove(card)
    game.player(step.other).foreseen_objectives.append(card)
    say(game, "event.sets_aside", step.player, other=party(game, step.other))


def _construct_ban(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventConstructBan
) -> None:
    card = game.rules.event(event.card).name
    game.construct_ban = card
    say(game, "event.construct_ban", card=card)


# ---- pieces destroyed for good (Vulcan, Earthquake)

CITY_CENTRE = "city"
STOP = "destroy nothing more"


def _destroy(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventDestroy) -> None:
    if len(game.cities_of(player.index)) < params.min_cities:
        return
    if params.whole_city:
        ask(game, event, EventStep("doomed_city", step.player, step.effect), _city_labels(game, player.index))
    else:
        event.steps.insert(0, EventStep("destroy_piece", step.player, step.effect, params.pieces))


def _city_labels(game: Game, player: int) -> list[str]:
    return sorted(_label(c.pos) for c in game.cities_of(player))


def _city_destroyed(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    city = city_by_label(game, option)
    params = effect_params(game, event, step, prims.EventDestroy)
    for lost in [u for u in game.units_at(city.pos) if u.owner == city.owner]:
        remove_unit(game, city.owner, unit_option(lost))
    for piece in [*city.buildings, *city.wonders, CITY_CENTRE]:
        _destroy_piece(game, city, piece, params)


def _piece_options(game: Game, step: EventStep) -> list[str]:
    """Buildings and wonders in the player's cities; a centre once nothing else stands in its city."""
    options = []
    for city in game.cities_of(step.player):
        pieces = [*city.buildings, *city.wonders] or [CITY_CENTRE]
        options += [f"{_piece_name(game, piece)} at {_label(city.pos)}" for piece in pieces]
    return sorted(options)


def _piece_name(game: Game, piece: str) -> str:
    if piece == CITY_CENTRE:
        return "city centre"
    return game.rules.wonders[piece].name if piece in game.rules.wonders else game.rules.buildings[piece].name


def _destroy_piece_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    params = effect_params(game, event, step, prims.EventDestroy)
    first = step.count == params.pieces
    ask(game, event, step, _piece_options(game, step) + ([] if first else [STOP]))


def _piece_chosen(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option != STOP:
        name, label = option.rsplit(" at ", 1)
        city = city_by_label(game, label)
        piece = next(p for p in [*city.buildings, *city.wonders, CITY_CENTRE] if _piece_name(game, p) == name)
        _destroy_piece(game, city, piece, effect_params(game, event, step, prims.EventDestroy))
        if piece != CITY_CENTRE:
            step.chosen.append(city.id)
        else:
            step.chosen = [c for c in step.chosen if c != city.id]
        if step.count > 1:
            _again(event, step, step.count - 1)
            return
    hit = [c for c in game.cities_of(step.player) if c.id in step.chosen]
    spared = [c.id for c in game.cities_of(step.player) if c.id not in step.chosen]
    if hit:
        event.steps.insert(0, EventStep("lower_mood", step.player, step.effect, len(hit), spared))


def _destroy_piece(game: Game, city: City, piece: str, params: prims.EventDestroy) -> None:
    """Remove one piece for good: out of its owner's supply, with its VP compensation. A wonder whose effect
    is kept (`effect_kept`) goes on giving its builder the builder VP."""
    owner = game.player(city.owner)
    where = _label(city.pos)
    vp = params.vp_per_piece
    if piece == CITY_CENTRE:
        game.cities.remove(city)
        _lose_piece(owner, CITY_CENTRE)
        owner.event_vp += vp
        say(game, "event.city_gone", owner.index, space=where, vp=f"+{log.vp(vp)}")
        card = game.rules.event(game.event.card).name if game.event is not None else ""
        note_city_lost(game, owner.index, city.pos, "event", card=card)
    elif piece in city.wonders:
        city.wonders.remove(piece)
        wonder_vp = game.rules.wonders[piece].owner_vp
        owner.event_vp += wonder_vp
        say(
            game,
            "event.wonder_gone",
            wonder=_piece_name(game, piece),
            space=where,
            vp=f"+{log.vp(wonder_vp)}",
            owner=party(game, owner.index),
        )
        if piece in params.effect_kept:
            _wonder_effect_kept(game, piece)
    else:
        colour = game.player(city.buildings.pop(piece))
        _lose_piece(colour, piece)
        colour.event_vp += vp
        say(game, "event.piece_gone", colour.index, piece=_piece_name(game, piece), space=where, vp=f"+{log.vp(vp)}")
    effects.holdings_changed(game)


def _wonder_effect_kept(game: Game, wonder: str) -> None:
    """The builder of a destroyed wonder whose effect is kept goes on scoring its builder VP."""
    spec = game.rules.wonders[wonder]
    for builder in game.players:
        if wonder in builder.wonders_built:
            builder.destroyed_wonders_kept.append(wonder)
            vp = spec.builder_vp
            say(game, "event.wonder_kept", wonder=spec.name, builder=party(game, builder.index), vp=log.vp(vp))


def _lose_piece(player: Player, piece: str) -> None:
    player.pieces_destroyed[piece] = player.pieces_destroyed.get(piece, 0) + 1


# ---- gifts, the public wonder, the leader lost


def _gift(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventGift) -> None:
    ask(game, event, EventStep("gift", step.player, step.effect), [p.name for p in game.players if p != player])


def _gifted(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    taker = next(p for p in game.players if p.name == option)
    kept = gain(game, taker, amounts(effect_params(game, event, step, prims.EventGift).gain))
    say(game, "event.gift", step.player, taker=party(game, taker.index), what=things(kept) or "nothing")


def _public_wonder(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventPublicWonder
) -> None:
    if game.public_wonder is not None:
        game.decks["wonder"].discard.append(game.public_wonder)  # the earlier one makes way
    card = draw_card(game, "wonder")
    game.public_wonder = card if isinstance(card, str) else None
    if game.public_wonder is not None:
        say(game, "event.public_wonder", wonder=game.rules.wonders[game.public_wonder].name)


LEADER_VP = "take the VP"


def _lose_leader(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventLoseLeader
) -> None:
    leaders = [u for u in game.units_of(player.index) if game.rules.units[u.kind].leader]
    for leader in leaders:
        remove_unit(game, player.index, unit_option(leader))
    options = [
        f"{name} at {city}"
        for name in civilizations.unused_leaders(game, player)
        for city in _leader_room(game, player)
    ]
    ask(game, event, EventStep("new_leader", step.player, step.effect), [*options, LEADER_VP])


def _leader_room(game: Game, player: Player) -> list[str]:
    limit = game.rules.game.stacking_limit
    armies = {k for k, spec in game.rules.units.items() if spec.army}
    return [
        _label(c.pos)
        for c in game.cities_of(player.index)
        if sum(1 for u in game.units_at(c.pos) if u.owner == player.index and u.kind in armies) < limit
    ]


def _new_leader(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    if option == LEADER_VP:
        vp = effect_params(game, event, step, prims.EventLoseLeader).vp
        player.event_vp += vp
        say(game, "gains_vp", player.index, vp=log.vp(vp))
    else:
        name, label = option.rsplit(" at ", 1)
        civilizations.place_leader(game, player, name, city_by_label(game, label))
    player.leaders_barred = True
    say(game, "event.no_leaders", player.index)


def _end_relations(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventDiplomacy
) -> None:
    if player.diplomatic_partner is not None:
        say(game, "event.diplomacy_ends", player.index, partner=party(game, player.diplomatic_partner))
    diplomacy.end(game, player)


def _city_attack_offer(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventCityAttackOffer
) -> None:
    game.city_attack_offer = event.card
    say(game, "event.city_attack_offer", payment=things(amounts(params.pay)), vp=log.vp(params.vp))


# ------------------------------------------------------------------ tables


Runner = Callable[[Game, EventInProgress, EventStep], None]
Chooser = Callable[[Game, EventInProgress, EventStep, str], None]


@dataclass(frozen=True)
class _Kind:
    run: Runner | None  # None: a choice only ever asked by another step, never queued
    choose: Chooser | None = None


_KINDS: dict[str, _Kind] = {
    "barbarian_settlement": _Kind(_barbarian_settlement, _settle),
    "barbarian_reinforcement": _Kind(_barbarian_reinforcement, _reinforce),
    "barbarians_move": _Kind(_barbarians_move),
    "barbarian_hold": _Kind(_barbarian_hold, _held),
    "barbarian_march": _Kind(_barbarian_march, _march),
    "barbarian_garrison": _Kind(_barbarian_garrison),
    "barbarians_attack": _Kind(_barbarians_attack, _barbarian_attack_chosen),
    "barbarian_buy_off": _Kind(None, _barbarian_buy_off),
    "barbarian_march_buy_off": _Kind(None, _barbarian_march_buy_off),
    "pirate_room": _Kind(_pirate_room, _remove_pirate),
    "pirate_ship": _Kind(_pirate_ship, _put_pirate),
    "pirate_raid": _Kind(_pirate_raid, _raid),
    "exhaust": _Kind(_exhaust, _exhausted),
    "gold_mine": _Kind(_gold_mine),
    "offer": _Kind(_offer, _offered),
    "main": _Kind(_main),
    "hand_out": _Kind(_hand_out_step, _handed),
    "lower_mood": _Kind(_lower_mood_step, _mood_chosen),
    "make_angry": _Kind(_lower_mood_step, _mood_chosen),
    "kill_unit": _Kind(_kill_unit_step, _unit_killed),
    "place_settler": _Kind(_place_settler_step, _settler_placed),
    "gift_settler": _Kind(_gift_settler_step, _settler_gifted),
    "tokens": _Kind(None, _tokens_chosen),
    "tokens_for_vp": _Kind(None, _tokens_paid),
    "civil_war": _Kind(None, _civil_war_city),
    "fire": _Kind(None, _fire_spreads),
    "give_up": _Kind(_give_up_step, _given_up),
    "pass_card": _Kind(None, _card_passed),
    "give_building": _Kind(_give_building_step, _building_given),
    "take_building": _Kind(_take_building_step, _building_taken),
    "great_person": _Kind(_great_person_offer, _great_person_taken),
    "make_happy": _Kind(None, _made_happy),
    "convert_tokens": _Kind(None, _tokens_converted),
    "foresee": _Kind(_foresee_step, _foreseen),
    "doomed_city": _Kind(None, _city_destroyed),
    "destroy_piece": _Kind(_destroy_piece_step, _piece_chosen),
    "gift": _Kind(None, _gifted),
    "new_leader": _Kind(None, _new_leader),
    "partner": _Kind(None, _partner_chosen),
}
QUESTIONS = {
    "barbarian_settlement": "where barbarians settle",
    "barbarian_reinforcement": "which barbarian city gains which unit",
    "barbarian_hold": "which barbarian armies stay where they are",
    "barbarian_march": "which barbarian army moves where",
    "barbarians_attack": "which barbarian settlement attacks which city",
    "barbarian_buy_off": "let the barbarians attack, or pay to cancel the attack or turn it on another city",
    "barbarian_march_buy_off": "let the barbarian army come, or pay to hold it or turn it on another city",
    "pirate_room": "where a pirate ship leaves the board",
    "pirate_ship": "where a pirate ship appears",
    "pirate_raid": "what the pirates take",
    "exhaust": "which land is exhausted",
    "offer": "play or decline the card",
    "hand_out": "who receives it",
    "lower_mood": "which city's mood drops",
    "make_angry": "which city becomes angry",
    "kill_unit": "which unit is lost",
    "place_settler": "where the settler goes",
    "gift_settler": "who gains a settler",
    "tokens": "which tokens to gain",
    "tokens_for_vp": "which tokens to pay for VP",
    "civil_war": "which city loses an infantry",
    "fire": "in which city the fire starts",
    "give_up": "what to give up",
    "pass_card": "who the card passes to",
    "give_building": "who takes the building",
    "take_building": "which building to take",
    "great_person": "take the great person?",
    "make_happy": "which city becomes happy",
    "convert_tokens": "which tokens to turn",
    "foresee": "which objective card a player draws next",
    "doomed_city": "which city is destroyed",
    "destroy_piece": "which piece is destroyed",
    "gift": "who gains it",
    "new_leader": "a new leader, or the VP",
    "partner": "the diplomatic partner",
}
STEPS: dict[str, Runner] = {name: kind.run for name, kind in _KINDS.items() if kind.run is not None}
CHOICES: dict[str, Chooser] = {name: kind.choose for name, kind in _KINDS.items() if kind.choose is not None}

MainRunner = Callable[..., None]
MAIN: dict[str, MainRunner] = {
    "event_gain": _gain,
    "event_hand_out": _hand_out,
    "event_famine": _famine,
    "event_mood_loss": _mood_loss,
    "event_lose_units": _lose_units,
    "event_gain_per_city": _per_city,
    "event_settler_gift": _settler_gift,
    "event_tokens_for_vp": _tokens_for_vp,
    "event_catch_up": _catch_up,
    "event_civil_war": _civil_war,
    "event_construct_ban": _construct_ban,
    "event_fire": _fire,
    "event_give_up": _give_up,
    "event_lose_government": _lose_government,
    "event_building_changes_hands": _changes_hands,
    "event_short_battle": _short_battle,
    "event_draw_cards": _draw_cards,
    "event_make_happy": _make_happy,
    "event_convert_tokens": _convert_tokens,
    "event_collect_again": _collect_again,
    "event_foresee_objectives": _foresee,
    "event_destroy": _destroy,
    "event_gift": _gift,
    "event_public_wonder": _public_wonder,
    "event_lose_leader": _lose_leader,
    "event_city_attack_offer": _city_attack_offer,
    "event_diplomacy": _end_relations,
}


# The steps an icon sets going, and those its steps queue in turn; every other step but a great person's
# and the optional offer comes from the card's main effects.
ICON_STEPS = {
    "barbarians_spawn": ("barbarian_settlement", "barbarian_reinforcement"),
    "barbarians_move": (
        "barbarians_move",
        "barbarian_hold",
        "barbarian_march",
        "barbarian_garrison",
        "barbarian_settlement",
        "barbarian_reinforcement",
    ),
    "pirates": ("pirate_room", "pirate_ship", "pirate_raid"),
    "exhausted_land": ("exhaust",),
    "gold_mine": ("gold_mine",),
}


def step_problem(game: Game, event: EventInProgress, step: EventStep, waiting: bool) -> str | None:
    """Why `step` cannot be a step of `event` (None if it can): a kind of step the rules know, `waiting`
    for a choice or queued to run, for a player, made by the card's icon, its great person, the
    optional-events offer or one of its main effects (`step.effect` names that effect)."""
    players = range(len(game.players))
    if step.kind not in (CHOICES if waiting else STEPS):
        return f"{step.kind!r} is not a step of an event that {'waits for a choice' if waiting else 'runs'}"
    if step.player not in players or step.other not in (-1, *players):
        return f"player {step.player} (other {step.other}) is not a player of this game"
    card = game.rules.event(event.card)
    main = game.rules.event_effects(event.card) if card.great_person is None else []
    made_by_icon = step.kind in ICON_STEPS.get(card.icon or "", ())
    if step.kind in {kind for kinds in ICON_STEPS.values() for kind in kinds} and not made_by_icon:
        return f"the {card.name} card's icon makes no {step.kind!r} step"
    if step.kind == "great_person" and card.great_person is None:
        return f"the {card.name} card is not a great person"
    if step.kind == "offer" and game.event_variant != "optional_events":
        return "only the optional-events variant offers to decline an event"
    made_by_effect = not made_by_icon and step.kind not in ("great_person", "offer")
    if made_by_effect and not main:
        return f"the {card.name} card has no main effect to make a {step.kind!r} step"
    if not -1 <= step.effect < len(main) or (step.kind == "main" and step.effect < 0):
        return f"the {card.name} card has no effect {step.effect}"
    return None


def add_step(kind: str, run: Runner | None, choose: Chooser | None, question: str) -> None:
    """A step kind declared by a rule module above this one (which may use rules this one cannot)."""
    if run is not None:
        STEPS[kind] = run
    if choose is not None:
        CHOICES[kind] = choose
    QUESTIONS[kind] = question


def add_main_effect(primitive: str, run: MainRunner) -> None:
    """How a rule module above this one applies the event primitive `primitive`."""
    MAIN[primitive] = run
