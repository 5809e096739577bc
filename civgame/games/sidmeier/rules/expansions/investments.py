"""Fame and Fortune's investment deck [004 F&F OPTIONAL: investment deck].

Once in each Start of Turn a player may discard one coin token (never printed coins) to gain an
investment marker and put it on any of their investment cards. Investments no longer count as coins
and no one can take them. A card's abilities are effects of the player (`rules.base.effects` reads
the active one of each card); the rules here only place markers.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import Action, Invest
from civgame.games.sidmeier.core.decisions import StartTurn, TakeMarketResource
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import culture, effects, yields
from civgame.games.sidmeier.rules.base.book import BOOK

INVESTED = "invest"  # the player's `used` mark: one investment per Start of Turn


def why_no_investment(game: Game, seat: int) -> str | None:
    """Why the player may not invest now (None: they may)."""
    player = game.players[seat]
    if not game.rules.investments:
        return "investments are part of Fame and Fortune, which this game is not played with"
    if INVESTED in player.used:
        return "a player invests at most 1 coin in each Start of Turn"
    if not any(player.coin_tokens.values()):
        return "investing discards a coin token, and you have none (printed coins cannot be invested)"
    return None


def list_invest(game: Game) -> Iterator[Action]:
    seat = game.actor()
    if why_no_investment(game, seat) is not None:
        return
    tokens = [where for where, count in game.players[seat].coin_tokens.items() if count > 0]
    for card in game.rules.investments:
        for token in tokens:
            yield Invest(card, token)


def check_invest(game: Game, action: Invest) -> None:
    seat = game.actor()
    reason = why_no_investment(game, seat)
    if reason:
        raise RuleError(reason)
    if action.card not in game.rules.investments:
        raise RuleError("the investment marker goes on one of your investment cards")
    if game.players[seat].coin_tokens.get(action.token, 0) <= 0:
        raise RuleError("you have no coin token there to invest")


def add_marker(game: Game, seat: int, card_id: str, verb: str) -> None:
    """An investment marker on one of the player's investment cards."""
    player = game.players[seat]
    player.investments[card_id] = player.investments.get(card_id, 0) + 1
    markers = player.investments[card_id]
    game.say(
        f"{player.name} {verb} {game.rules.investments[card_id].name}, which now holds {markers} investment "
        f"marker{'s' if markers > 1 else ''}."
    )


@BOOK.rule(
    Invest,
    legal=list_invest,
    answers=(StartTurn,),
    check=check_invest,
    in_play=lambda game: bool(game.rules.investments),
)
def invest(game: Game, action: Invest) -> None:
    seat = game.actor()
    player = game.players[seat]
    player.used.append(INVESTED)
    player.coin_tokens[action.token] -= 1
    if not player.coin_tokens[action.token]:
        del player.coin_tokens[action.token]
    yields.coins_changed(game)
    add_marker(game, seat, action.card, "invests a coin in")
    culture.advance_on(game, seat, "coin_invested", "a coin invested")
    if effects.has(game, seat, "resource_on_investing"):  # (once per turn, as investing is)
        game.pending.append(TakeMarketResource(seat, source=INVESTED))
