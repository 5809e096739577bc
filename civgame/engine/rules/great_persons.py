"""Playing a great person from hand: a free advance from its categories (the player may decline it:
the card says "may"), then its effects.

A great person comes through the event deck (offered in `events.py` when its card is drawn). Played
as a main action, it gives a free advance that uses no event cube, then its card's effects act for
the player through the event steps of `events.py`. The card goes back to the event discard pile, so
it returns with the next event deck. Effects that need the city rules (`event_build`), which
`events.py` may not import, are added to its steps from here.
"""

from __future__ import annotations

from collections.abc import Callable

from civgame.engine.content.effects import Params
from civgame.engine.content.effects import events as prims
from civgame.engine.core.actions import Action, PlayGreatPerson
from civgame.engine.core.errors import RuleError
from civgame.engine.core.hexgrid import hex_to_label, label_to_hex
from civgame.engine.core.model import EventInProgress, EventStep, Game, Player, Region
from civgame.engine.core.vocabulary import amounts
from civgame.engine.rules import events, exploration
from civgame.engine.rules.advances import gain_advance, gainable
from civgame.engine.rules.cities import (
    building_price,
    found_city_at,
    pay_for_building,
    place_building,
    placements,
    why_not_construct,
    why_not_found_at,
)
from civgame.engine.rules.movement import begin_move, possible_moves
from civgame.engine.rules.payments import describe, holdings, pay, payment_options
from civgame.engine.rules.registry import rule
from civgame.engine.rules.turns import spend_main_action
from civgame.engine.rules.wonders import place_wonder, why_not_build, wonder_cost


def free_advances(game: Game, player: Player, card: int) -> list[str]:
    person = game.rules.event(card).great_person
    assert person is not None
    return [a for a in gainable(game, player) if game.rules.category_of(a).name in person.advance_from]


def _legal_play(game: Game) -> list[Action]:
    player = game.player(game.current)
    found: list[Action] = []
    for card in player.great_persons:
        if why_not_play(game, player, card) is None:
            found += [PlayGreatPerson(card), *(PlayGreatPerson(card, a) for a in free_advances(game, player, card))]
    return found


def why_not_play(game: Game, player: Player, card: int) -> str | None:
    person = game.rules.event(card).great_person
    assert person is not None
    name = game.rules.event(card).name
    if not person.free_action and game.actions_left <= 0:
        return "no main actions left this turn"
    held = holdings(player)
    if person.playable_with and not any(held[k] for k in person.playable_with):
        return f"{name} needs {' or '.join(person.playable_with)} to be played"
    for effect in game.rules.event_effects(card):
        need = NEEDS.get(effect.name)
        if need is not None and not need[0](game, player, effect.params):
            return f"{name} needs {need[1]}"
    return None


@rule(PlayGreatPerson, legal=_legal_play)
def play_great_person(game: Game, action: PlayGreatPerson) -> None:
    player = game.player(game.current)
    if action.card not in player.great_persons:
        raise RuleError(f"{player.name} holds no such great person")
    reason = why_not_play(game, player, action.card)
    if reason:
        raise RuleError(reason)
    if action.advance is not None and action.advance not in free_advances(game, player, action.card):
        raise RuleError(f"{action.advance} is not a free advance this great person can give")
    name = game.rules.event(action.card).name
    person = game.rules.event(action.card).great_person
    if person is not None and not person.free_action:
        spend_main_action(game)
    player.great_persons.remove(action.card)
    game.decks["event"].discard.append(action.card)
    game.say(f"{player.name} plays the great person {name}")
    if action.advance is not None:
        gain_advance(game, player, action.advance, uses_event_cube=False)
    game.event = EventInProgress(action.card, player.index, events.main_steps(game, player.index, action.card))
    events.resume(game)


# ------------------------------------------------------------------ effects that need the city rules

NO_BUILDING = "do not build"
PAYING = ", paying "


def _build(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventBuild) -> None:
    spec = game.rules.buildings[params.building]
    price = building_price(game, player, params.building)
    if game.pieces_in_colour(player.index, params.building) >= spec.limit or not payment_options(game, player, price):
        return
    cities = sorted(hex_to_label(c.pos) for c in game.cities_of(player.index) if params.building not in c.buildings)
    if cities:
        events.ask(game, event, EventStep("build_where", step.player, step.effect), [*cities, NO_BUILDING])


def _build_where(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == NO_BUILDING:
        return
    building = events.effect_params(game, event, step, prims.EventBuild).building
    ways = payment_options(game, game.player(step.player), building_price(game, game.player(step.player), building))
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
    ways = payment_options(game, player, building_price(game, player, building))
    pay_for_building(game, player, building, next(way for way in ways if describe(way) == payment))


def _constructions(game: Game, player: Player) -> list[str]:
    """`<building> at <city>[ facing <sea>], paying <payment>` for each building the player may construct."""
    found = []
    for city in game.cities_of(player.index):
        for building, spec in game.rules.buildings.items():
            ways = payment_options(game, player, building_price(game, player, building))
            for facing in placements(game, city, building) if ways else []:
                if why_not_construct(game, city, building, facing) is None:
                    site = f"{spec.name} at {hex_to_label(city.pos)}" + (
                        f" facing {hex_to_label(facing)}" if facing else ""
                    )
                    found += [f"{site}{PAYING}{describe(way)}" for way in ways]
    return sorted(found)


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


def _wonder_sites(game: Game, player: Player, params: prims.EventBuildWonder) -> list[str]:
    """`<wonder> at <city>, paying <payment>` for each wonder in hand the player can build there."""
    return sorted(
        f"{game.rules.wonders[w].name} at {hex_to_label(c.pos)}{PAYING}{describe(way)}"
        for w in dict.fromkeys(player.wonder_cards)
        for c in game.cities_of(player.index)
        if why_not_build(game, c, w, ignore_advance=params.ignore_advance) is None
        for way in payment_options(game, player, _wonder_price(game, player, w, params))
    )


def _build_wonder(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventBuildWonder
) -> None:
    events.ask(game, event, EventStep("wonder_site", step.player, step.effect), _wonder_sites(game, player, params))


def _wonder_built(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    site, _, payment = option.partition(PAYING)
    name, label = site.rsplit(" at ", 1)
    wonder = next(key for key, spec in game.rules.wonders.items() if spec.name == name)
    price = _wonder_price(game, player, wonder, events.effect_params(game, event, step, prims.EventBuildWonder))
    pay(player, next(way for way in payment_options(game, player, price) if describe(way) == payment))
    place_wonder(game, events.city_by_label(game, label), wonder)


# ---- exploring (Great Explorer)

NO_EXPLORING, NO_CITY = "do not explore", "found no city"


def explorable(game: Game, player: Player) -> list[Region]:
    """Face-down regions next to a region where the player has a city."""
    home = {game.space_region[c.pos].number for c in game.cities_of(player.index) if c.pos in game.space_region}
    near = {
        game.space_region[n].number
        for r in game.regions
        if r.number in home
        for h in r.spaces()
        for n in game.board_neighbors(h)
        if n in game.space_region
    }
    return [r for r in game.regions if not r.revealed and r.number in near]


def _region(game: Game, number: int) -> Region:
    return next(r for r in game.regions if r.number == number)


def _explore(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventExplore) -> None:
    options = [exploration.named(r) for r in explorable(game, player)]
    events.ask(game, event, EventStep("explore_region", step.player, step.effect), [*options, NO_EXPLORING])


def _region_chosen(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == NO_EXPLORING:
        return
    region = next(r for r in explorable(game, game.player(step.player)) if exploration.named(r) == option)
    rotations = exploration.orientation_options(game, region, None, None)
    turn = EventStep("explore_turn", step.player, step.effect, other=region.number)
    events.ask(game, event, turn, [exploration.placement(game, region, rotation) for rotation in rotations])


def _region_turned(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    region = _region(game, step.other)
    rotations = [region.base_rotation, (region.base_rotation + 3) % 6]
    exploration.reveal(game, region, next(r for r in rotations if exploration.placement(game, region, r) == option))
    player = game.player(step.player)
    params = events.effect_params(game, event, step, prims.EventExplore)
    ways = payment_options(game, player, amounts(params.city_cost))
    sites = [h for h in region.spaces() if why_not_found_at(game, player, h) is None]
    options = [f"found a city at {hex_to_label(h)}{PAYING}{describe(way)}" for h in sorted(sites) for way in ways]
    events.ask(game, event, EventStep("explore_city", step.player, step.effect), [*options, NO_CITY])


def _explorer_city(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    if option == NO_CITY:
        return
    player = game.player(step.player)
    site, _, payment = option.partition(PAYING)
    params = events.effect_params(game, event, step, prims.EventExplore)
    pay(
        player,
        next(way for way in payment_options(game, player, amounts(params.city_cost)) if describe(way) == payment),
    )
    found_city_at(game, player, label_to_hex(site.rsplit(" ", 1)[1]))


def _move(game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventMove) -> None:
    begin_move(game, player.index, attack_bonus=params.attack_bonus)


def _can_move(game: Game, player: Player, params: Params) -> bool:
    return next(possible_moves(game, player.index, fresh_action=True), None) is not None


# A great person with one of these effects is played only when it can act: (whether it can, what it needs).
NEEDS: dict[str, tuple[Callable[[Game, Player, Params], bool], str]] = {
    "event_build_wonder": (
        lambda g, p, e: bool(_wonder_sites(g, p, _as_build_wonder(e))),
        "a wonder card you could build now",
    ),
    "event_construct": (lambda g, p, e: bool(_constructions(g, p)), "a city that could construct a building now"),
    "event_move": (_can_move, "a unit that can move"),
    "event_explore": (lambda g, p, e: bool(explorable(g, p)), "a face-down region next to a region with your city"),
}

events.add_main_effect("event_move", _move)
events.add_main_effect("event_explore", _explore)
events.add_step("explore_region", None, _region_chosen, "which region to explore")
events.add_step("explore_turn", None, _region_turned, "which way the region lies")
events.add_step("explore_city", None, _explorer_city, "where to found a city")
events.add_main_effect("event_build", _build)
events.add_main_effect("event_build_wonder", _build_wonder)
events.add_main_effect("event_construct", _construct)
events.add_step("construction", None, _constructed, "what to build where, and how to pay")
events.add_step("wonder_site", None, _wonder_built, "which wonder to build where, and how to pay")
events.add_step("build_where", None, _build_where, "where to build")
events.add_step("build_pay", None, _build_paid, "how to pay")
