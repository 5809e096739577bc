"""`bury_top_card` (the Maya's Calendar in the 2012 Civilizations expansion): the holder looks at the top event
card, shown to them alone (`TopCardDecision.card`: the window and a seat's view show a decision to its player
only), then leaves it or pays to put it at the bottom of the deck and looks at the next. Before any event card is
drawn the holder is asked first, so that they may bury it before anyone touches it (`offered_before_draw`); the
rule module `actions/calendar.py` answers the decision and draws the event once the holder is done."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.events import BuryTopCard
from civgame.games.clash.core.decisions import TopCardDecision
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.payments import can_pay

BURY = "bury_top_card"
LOOK = "look at the top event card"
LET_DRAW = "let the event card be drawn without looking"
LEAVE = "leave it on top"


def draw_pile(game: Game) -> list[int | str]:
    deck = game.decks.get("event")
    return deck.draw if deck is not None else []


def bury_option(game: Game, effect: Effect) -> str:
    return f"put it at the bottom of the deck for {log.things(amounts(effects.params_as(effect, BuryTopCard).cost))}"


def can_bury(game: Game, player: Player, effect: Effect) -> bool:
    """Burying changes something (another card comes up) and the player can pay for it."""
    cost = amounts(effects.params_as(effect, BuryTopCard).cost)
    return len(draw_pile(game)) >= 2 and can_pay(game, player, cost, token_swap=False)


def offered_before_draw(game: Game, drawer: Player) -> bool:
    """An event card is about to be drawn for `drawer`: a holder who could bury it is asked first (True: the draw
    waits for their answer)."""
    for holder in game.players:
        for effect in effects.active(game, holder, BURY):
            if can_bury(game, holder, effect):
                game.pending.append(
                    TopCardDecision(
                        player=holder.index,
                        source=effect.source,
                        effect=BURY,
                        options=[LOOK, LET_DRAW],
                        drawer=drawer.index,
                    )
                )
                return True
    return False


def look(game: Game, player: Player, effect: Effect, drawer: int) -> None:
    """The player looks at the top event card: it is named in their decision alone, never in the log."""
    card = draw_pile(game)[-1]
    assert isinstance(card, int)  # the event deck holds event card ids
    log.say(game, "cards.looks_at_top", player.index, source=effect.source)
    options = [LEAVE, bury_option(game, effect)] if can_bury(game, player, effect) else [LEAVE]
    game.pending.append(
        TopCardDecision(
            player=player.index, source=effect.source, effect=BURY, options=options, card=card, drawer=drawer
        )
    )
