"""Advances: which a player may gain, buying one as a main action, and the event tracker."""

from __future__ import annotations

from civgame.engine.actions import Action, Advance
from civgame.engine.cards import draw_card
from civgame.engine.controller import rule
from civgame.engine.errors import RuleError
from civgame.engine.model import Game, Player
from civgame.engine.payments import any_of, can_pay, pay, settle
from civgame.engine.turns import spend_main_action


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
        if current is not None and current != category.name:
            return f"{player.name} already follows {current}; only one government is allowed"
        if name == top and category.requires and not player.has(category.requires):
            return f"{top} requires {category.requires}"
    return None


def gainable(game: Game, player: Player) -> list[str]:
    return [n for n in game.rules.advance_names() if why_not_gain(game, player, n) is None]


def advance_cost(game: Game) -> dict[str, int]:
    rules = game.rules.game.advance_cost
    return any_of(rules.pay_with, rules.amount)


def gain_advance(game: Game, player: Player, name: str, *, uses_event_cube: bool = True) -> None:
    """Give an advance with its border bonus; use an event cube and maybe draw an event."""
    player.advances.append(name)
    bonus = game.rules.advance(name).bonus
    if bonus == "mood":
        player.mood_tokens += 1
    elif bonus == "culture":
        player.culture_tokens += 1
    game.say(f"{player.name} gains {name}" + (f" (+1 {bonus} token)" if bonus else ""))
    if uses_event_cube:
        use_event_cube(game, player)


def use_event_cube(game: Game, player: Player) -> None:
    player.event_cubes -= 1
    if player.event_cubes > 0:
        return
    card = draw_card(game, "event")
    if card is not None:
        # Event effects arrive with the events issue; until then the card is only recorded.
        game.decks["event"].discard.append(card)
        name = next((e.name for e in game.rules.events if e.id == card), str(card))
        game.say(f"{player.name} draws event {name!r} (not resolved yet: events are not implemented)")
    player.event_cubes = game.rules.game.starting.event_cubes


def _legal_buy(game: Game) -> list[Action]:
    player = game.player(game.current)
    if game.actions_left <= 0 or not can_pay(game, player, advance_cost(game)):
        return []
    return [Advance(name) for name in gainable(game, player)]


@rule(Advance, legal=_legal_buy)
def buy_advance(game: Game, action: Advance) -> None:
    player = game.player(game.current)
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    reason = why_not_gain(game, player, action.advance)
    if reason:
        raise RuleError(reason)
    payment = settle(game, action, advance_cost(game))
    if payment is None:
        return
    pay(player, payment)
    spend_main_action(game)
    gain_advance(game, player, action.advance)
