"""Playing a great person from hand: a free advance from its categories (the player may decline it:
the card says "may"), then its effects.

A great person comes through the event deck (offered in `events.py` when its card is drawn). Played
as a main action, it gives a free advance that uses no event cube, then its card's effects act for
the player through the event steps of `events.py`. The card goes back to the event discard pile, so
it returns with the next event deck. Effects that need the city rules (`event_build`), which
`events.py` may not import, are added to its steps from here.
"""

from __future__ import annotations

from civgame.engine.content.effects import events as prims
from civgame.engine.core.actions import Action, PlayGreatPerson
from civgame.engine.core.errors import RuleError
from civgame.engine.core.hexgrid import hex_to_label
from civgame.engine.core.model import EventInProgress, EventStep, Game, Player
from civgame.engine.rules import events
from civgame.engine.rules.advances import gain_advance, gainable
from civgame.engine.rules.cities import building_price, run_on_built
from civgame.engine.rules.payments import describe, holdings, pay, payment_options
from civgame.engine.rules.registry import rule
from civgame.engine.rules.turns import spend_main_action


def free_advances(game: Game, player: Player, card: int) -> list[str]:
    person = game.rules.event(card).great_person
    assert person is not None
    return [a for a in gainable(game, player) if game.rules.category_of(a).name in person.advance_from]


def _legal_play(game: Game) -> list[Action]:
    player = game.player(game.current)
    if game.actions_left <= 0:
        return []
    found: list[Action] = []
    for card in player.great_persons:
        if why_not_play(game, player, card) is None:
            found += [PlayGreatPerson(card), *(PlayGreatPerson(card, a) for a in free_advances(game, player, card))]
    return found


def why_not_play(game: Game, player: Player, card: int) -> str | None:
    person = game.rules.event(card).great_person
    assert person is not None
    held = holdings(player)
    if person.playable_with and not any(held[k] for k in person.playable_with):
        return f"{game.rules.event(card).name} needs {' or '.join(person.playable_with)} to be played"
    return None


@rule(PlayGreatPerson, legal=_legal_play)
def play_great_person(game: Game, action: PlayGreatPerson) -> None:
    player = game.player(game.current)
    if action.card not in player.great_persons:
        raise RuleError(f"{player.name} holds no such great person")
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    reason = why_not_play(game, player, action.card)
    if reason:
        raise RuleError(reason)
    if action.advance is not None and action.advance not in free_advances(game, player, action.card):
        raise RuleError(f"{action.advance} is not a free advance this great person can give")
    name = game.rules.event(action.card).name
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
    price = building_price(game, player, building)
    pay(player, next(way for way in payment_options(game, player, price) if describe(way) == option))
    city = game.city(step.other)
    assert city is not None
    city.buildings[building] = player.index
    game.say(
        f"{player.name} builds a {game.rules.buildings[building].name} at {hex_to_label(city.pos)}, paying {option}"
    )
    for effect in game.rules.buildings[building].on_built:
        run_on_built(game, player, effect)


events.add_main_effect("event_build", _build)
events.add_step("build_where", None, _build_where, "where to build")
events.add_step("build_pay", None, _build_paid, "how to pay")
