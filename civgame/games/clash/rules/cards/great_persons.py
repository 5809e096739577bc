"""Great persons: held in hand and played like the action half of an action card.

A great person comes through the event deck (offered in `events.py` when its card is drawn). It is
played through the play flow of `action_cards.py` (`GREAT_PERSONS` is its hand): the same listing,
price, precondition and refusal, and the card goes face up to the event discard pile, so it returns with
the next event deck. Its card's effects are the half's: action-card primitives (its free advance is a
`card_advance` of its categories) and event primitives, which act for the player through the event
steps of `events.py` once the card is played. Effects that need the city rules (`event_build`), which
`events.py` may not import, are added to its steps from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from civgame.games.clash.content.effects import Effect, Params
from civgame.games.clash.content.effects import events as prims
from civgame.games.clash.content.effects.events import MAIN_EFFECTS
from civgame.games.clash.core.actions import Action, PlayGreatPerson
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex
from civgame.games.clash.core.model import City, EventInProgress, EventStep, Game, Player
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions.cities import (
    building_price,
    pay_for_building,
    place_building,
    placements,
    why_not_construct,
)
from civgame.games.clash.rules.actions.movement import begin_move, can_move
from civgame.games.clash.rules.actions.wonders import place_wonder, why_not_build, wonder_cost
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.payments import describe, pay, payment_options
from civgame.games.clash.rules.base.registry import rule
from civgame.games.clash.rules.cards.action_cards import (
    GREAT_PERSONS,
    PAYING,
    Choice,
    card_action,
    check_play,
    legal_plays,
    no_part,
    play_card,
)


def _legal_plays(game: Game) -> list[Action]:
    return legal_plays(game, GREAT_PERSONS, PlayGreatPerson)


def _check_play(game: Game, action: PlayGreatPerson) -> None:
    check_play(game, action, GREAT_PERSONS)


@rule(PlayGreatPerson, legal=_legal_plays, check=_check_play)
def play_great_person(game: Game, action: PlayGreatPerson) -> None:
    play_card(game, action, GREAT_PERSONS)


def _run_as_event_step(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    """An event primitive of a great person acts for the player as a step of the card's event, which
    `events.resume` runs once the play is done (after the effects before it)."""
    card = game.rules.great_person_card(effect.source)
    index = next(i for i, e in enumerate(game.rules.event_effects(card)) if e is effect)
    event = game.event
    if event is None:
        event = game.event = EventInProgress(card, player.index, [])
    elif event.card != card:
        # An event the card's own advance drew (a level of the Scale reached) is under way: the card's steps
        # wait for it, as any event drawn meanwhile would.
        event = next((e for e in game.events_waiting if e.card == card), None) or EventInProgress(card, player.index)
        if event not in game.events_waiting:
            game.events_waiting.append(event)
    event.steps.append(EventStep("main", player.index, effect=index))


# ------------------------------------------------------------------ effects that need the city rules

NO_BUILDING = "do not build"


def _build(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventBuild) -> None:
    spec = game.rules.buildings[params.building]
    out_of_pieces = game.pieces_in_colour(player.index, params.building) >= spec.limit
    if out_of_pieces or not _building_ways(game, player, params.building):
        return
    cities = sorted(hex_to_label(c.pos) for c in game.cities_of(player.index) if params.building not in c.buildings)
    if cities:
        events.ask(game, event, EventStep("build_where", step.player, step.effect), [*cities, NO_BUILDING])


def _build_where(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == NO_BUILDING:
        return
    building = events.effect_params(game, event, step, prims.EventBuild).building
    ways = _building_ways(game, game.player(step.player), building)
    pay_step = EventStep("build_pay", step.player, step.effect, other=events.city_by_label(game, option).id)
    events.ask(game, event, pay_step, [describe(way) for way in ways])


def _build_paid(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    building = events.effect_params(game, event, step, prims.EventBuild).building
    _pay_and_place(game, player, building, option)
    city = game.city(step.other)
    assert city is not None
    place_building(game, city, building)


def _pay_and_place(game: Game, player: Player, building: str, payment: str) -> None:
    ways = _building_ways(game, player, building)
    pay_for_building(game, player, building, next(way for way in ways if describe(way) == payment))


def _building_ways(game: Game, player: Player, building: str) -> list[dict[str, int]]:
    """The ways to pay `building_price`: as for Construct, no token swap in a building cost."""
    return payment_options(game, player, building_price(game, player, building), token_swap=False)


def _constructions(game: Game, player: Player) -> list[str]:
    """`<building> at <city>[ facing <sea>], paying <payment>` for each building the player may construct."""
    found = []
    for city, building, facing, ways in _construction_sites(game, player):
        spec = game.rules.buildings[building]
        site = f"{spec.name} at {hex_to_label(city.pos)}" + (f" facing {hex_to_label(facing)}" if facing else "")
        found += [f"{site}{PAYING}{describe(way)}" for way in ways]
    return sorted(found)


def _construction_sites(game: Game, player: Player) -> Iterator[tuple[City, str, Hex | None, list[dict[str, int]]]]:
    """(city, building, facing, the ways to pay) for each building the player may construct, one at a time:
    whether there is one is asked at every turn action of a player holding such a great person."""
    payments: dict[str, list[dict[str, int]]] = {}  # by building: its price does not depend on the city
    for city in game.cities_of(player.index):
        for building in game.rules.buildings:
            for facing in placements(game, city, building):
                if why_not_construct(game, city, building, facing) is None:  # (cheaper than the ways to pay)
                    if building not in payments:
                        payments[building] = _building_ways(game, player, building)
                    if payments[building]:
                        yield city, building, facing, payments[building]


def _construct(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventConstruct
) -> None:
    events.ask(
        game, event, EventStep("construction", step.player, step.effect), [*_constructions(game, player), NO_BUILDING]
    )


def _constructed(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == NO_BUILDING:
        return
    player = game.player(step.player)
    site, _, payment = option.partition(PAYING)
    name, _, where = site.partition(" at ")
    label, _, facing = where.partition(" facing ")
    building = next(key for key, spec in game.rules.buildings.items() if spec.name == name)
    _pay_and_place(game, player, building, payment)
    place_building(game, events.city_by_label(game, label), building, label_to_hex(facing) if facing else None)


def _as_build_wonder(params: object) -> prims.EventBuildWonder:
    assert isinstance(params, prims.EventBuildWonder)
    return params


def _wonder_price(game: Game, player: Player, wonder: str, params: prims.EventBuildWonder) -> dict[str, int]:
    cost = wonder_cost(game, player, wonder)
    return {**cost, "culture": max(0, cost.get("culture", 0) - params.culture_discount)}


def _wonder_ways(game: Game, player: Player, wonder: str, params: prims.EventBuildWonder) -> list[dict[str, int]]:
    """The ways to pay `_wonder_price`: as for BuildWonder, no token swap in a wonder cost."""
    return payment_options(game, player, _wonder_price(game, player, wonder, params), token_swap=False)


def _wonder_sites(game: Game, player: Player, params: prims.EventBuildWonder) -> list[str]:
    """`<wonder> at <city>, paying <payment>` for each wonder in hand the player can build there."""
    return sorted(
        f"{game.rules.wonders[w].name} at {hex_to_label(c.pos)}{PAYING}{describe(way)}"
        for w, c, ways in _wonder_places(game, player, params)
        for way in ways
    )


def _wonder_places(
    game: Game, player: Player, params: prims.EventBuildWonder
) -> Iterator[tuple[str, City, list[dict[str, int]]]]:
    """(wonder, city, the ways to pay) for each wonder in hand the player can build in one of their cities,
    one at a time (whether there is one is asked at every turn action of a player holding such a person)."""
    for wonder in dict.fromkeys(player.wonder_cards):
        ways: list[dict[str, int]] | None = None  # its price does not depend on the city
        for city in game.cities_of(player.index):
            if why_not_build(game, city, wonder, ignore_advance=params.ignore_advance) is None:
                if ways is None:
                    ways = _wonder_ways(game, player, wonder, params)
                if ways:
                    yield wonder, city, ways


def _build_wonder(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventBuildWonder
) -> None:
    events.ask(game, event, EventStep("wonder_site", step.player, step.effect), _wonder_sites(game, player, params))


def _wonder_built(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    site, _, payment = option.partition(PAYING)
    name, label = site.rsplit(" at ", 1)
    wonder = next(key for key, spec in game.rules.wonders.items() if spec.name == name)
    ways = _wonder_ways(game, player, wonder, events.effect_params(game, event, step, prims.EventBuildWonder))
    pay(player, next(way for way in ways if describe(way) == payment))
    place_wonder(game, events.city_by_label(game, label), wonder)


def _move(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventMove) -> None:
    """The move of the card; with no unit that can move it does not happen, and the rest of the card stands."""
    if not can_move(game, player.index):
        log.say(game, "great_person.no_move", player.index, card=game.rules.event(event.card).name)
        return
    begin_move(game, player.index, attack_bonus=params.attack_bonus)


def _has_tokens(game: Game, player: Player, params: Params) -> bool:
    return player.mood_tokens + player.culture_tokens > 0


# A great person with one of these effects is played only when it can act: (whether it can, what it needs).
NEEDS: dict[str, tuple[Callable[[Game, Player, Params], bool], str]] = {
    "event_build_wonder": (
        lambda g, p, e: next(_wonder_places(g, p, _as_build_wonder(e)), None) is not None,
        "a wonder card you could build now",
    ),
    "event_construct": (
        lambda g, p, e: next(_construction_sites(g, p), None) is not None,
        "a city that could construct a building now",
    ),
    "event_convert_tokens": (_has_tokens, "a mood or culture token"),
}


def _register(name: str) -> None:
    need = NEEDS.get(name)

    def options(game: Game, player: Player, effect: Effect) -> list[Choice]:
        return [()] if need is None or need[0](game, player, effect.params) else []

    # (what such an effect needs may cost resources or tokens; the others need nothing)
    card_action(name, options=options, needs=need[1] if need else "", sees_payment=need is not None, part_size=no_part)(
        _run_as_event_step
    )


for _primitive in sorted(MAIN_EFFECTS):
    _register(_primitive)

events.add_main_effect("event_move", _move)
events.add_main_effect("event_build", _build)
events.add_main_effect("event_build_wonder", _build_wonder)
events.add_main_effect("event_construct", _construct)
events.add_step("construction", None, _constructed, "what to build where, and how to pay")
events.add_step("wonder_site", None, _wonder_built, "which wonder to build where, and how to pay")
events.add_step("build_where", None, _build_where, "where to build")
events.add_step("build_pay", None, _build_paid, "how to pay")
