"""Playing a great person from hand: a free advance from its categories (the player may decline it:
the card says "may"), then its effects.

A great person comes through the event deck (offered in `events.py` when its card is drawn). Played
as a main action, it gives a free advance that uses no event cube, then its card's effects act for
the player through the event steps of `events.py`. The card goes back to the event discard pile, so
it returns with the next event deck.
"""

from __future__ import annotations

from civgame.engine.core.actions import Action, PlayGreatPerson
from civgame.engine.core.errors import RuleError
from civgame.engine.core.model import EventInProgress, Game, Player
from civgame.engine.rules import events
from civgame.engine.rules.advances import gain_advance, gainable
from civgame.engine.rules.payments import holdings
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
