"""The event reveal panel: the card a player drew, its text, and what it did to each player.

It is drawn by the battle panel's code in the same corner of the map (a live battle comes
first); the report grows while the event waits for choices and stays until the turn passes
on or it is closed.
"""

from __future__ import annotations

from dataclasses import replace

from civgame.games.clash.core.model import Game
from civgame.ui.cards_view import event_card
from civgame.ui.combat_view import BattleView

DRAWS = " draws the event "
EVENT_MARK = "✦"


def event_report(game: Game, log_before: int, shown: BattleView | None) -> BattleView | None:
    """The report after an action: a new one if it drew an event, the shown one grown by the
    action's log lines while its event is still being resolved, else the shown one unchanged."""
    added = game.log[log_before:]
    starts = [i for i, line in enumerate(added) if DRAWS in line]
    if starts:
        card = game.rules.event(int(game.decks["event"].discard[-1]))
        lines = [card.text, *added[starts[-1] :]]
        return BattleView(f"Event: {card.name}", [], lines, game.event is None, EVENT_MARK, card=event_card(card))
    if shown is not None and not shown.finished:
        return replace(shown, lines=[*shown.lines, *added], finished=game.event is None)
    return shown
