"""`bury_top_card` (the Maya's Calendar): the ability that looks at the top event card in the holder's turn, and
the answers to its `TopCardDecision` (see `rules/base/top_card.py`): look, bury and look at the next, leave it;
an event card waiting for the answer is drawn once the holder is done."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.events import BuryTopCard
from civgame.games.clash.core.decisions import EffectChoiceDecision, TopCardDecision
from civgame.games.clash.core.model import Game
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.actions import advances
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.base import log, top_card
from civgame.games.clash.rules.base.abilities import ability
from civgame.games.clash.rules.base.payments import pay

Choice = tuple[str, ...]


def _why_not(game: Game, effect: Effect) -> str | None:
    return None if top_card.draw_pile(game) else "the event deck is empty"


@ability("bury_top_card", legal=lambda game, effect: [()], why_not=_why_not)
def look_at_top_card(game: Game, effect: Effect, choice: Choice) -> None:
    top_card.look(game, game.player(game.current), effect, drawer=-1)


def _options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return list(decision.options)


def _answer(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    assert isinstance(decision, TopCardDecision)  # only those name this effect
    player = game.player(decision.player)
    effect = next(e for e in effects.active(game, player, top_card.BURY) if e.source == decision.source)
    if option == top_card.LOOK:
        top_card.look(game, player, effect, decision.drawer)
    elif option == top_card.bury_option(game, effect):
        cost = amounts(effects.params_as(effect, BuryTopCard).cost)
        pay(player, cost)
        pile = top_card.draw_pile(game)
        pile.insert(0, pile.pop())
        log.say(game, "cards.buries_top", player.index, payment=log.things(cost), source=effect.source)
        top_card.look(game, player, effect, decision.drawer)
    elif decision.drawer >= 0:  # done: the event card waiting is drawn
        advances.draw_event_after_look(game, game.player(decision.drawer))


CHOICE_RULES[top_card.BURY] = (_options, _answer)
