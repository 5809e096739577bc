"""The culture track: advancing a space and claiming its reward; a city devoted to the arts."""

from __future__ import annotations

from civgame.games.sidmeier.core.model import City, Game
from civgame.games.sidmeier.rules.base import effects, pieces, victory, yields


def next_cost(game: Game, seat: int) -> tuple[int, int] | None:
    """The culture and trade the next space costs, or None at the end of the track."""
    spaces = game.rules.track.spaces
    position = game.players[seat].track
    if position >= len(spaces):
        return None
    space = spaces[position]
    return space.culture, max(0, space.trade - effects.total(game, seat, "culture_trade_discount"))


def advance(game: Game, seat: int, *, free: bool = False, why: str = "") -> None:
    """Move the player's marker one space (paying its cost unless `free`) and claim the reward."""
    cost = next_cost(game, seat)
    if cost is None:
        return
    player = game.players[seat]
    if not free:
        player.culture -= cost[0]
        player.trade -= cost[1]
    player.track += 1
    space = game.rules.track.spaces[player.track - 1]
    paid = "free" + (f" ({why})" if why else "") if free else f"for {cost[0]} culture and {cost[1]} trade"
    game.say(f"{player.name} advances to culture space {player.track} {paid}.")
    if space.reward == "victory":
        victory.declare(game, seat, "culture")
    elif space.reward == "great_person":
        pieces.gain_great_person(game, seat)
    else:
        pieces.draw_culture(game, seat, space.deck)


def devote(game: Game, city: City, *, as_trade: bool = False) -> None:
    """The city is devoted to the arts: its owner gains its culture, or as much trade (and a player gaining when
    others devote one gains)."""
    gained = yields.arts_culture(game, city)
    owner = game.players[city.owner]
    if as_trade:
        owner.trade = min(game.rules.game.trade.dial_max, owner.trade + gained)
        game.say(f"{owner.name} devotes a city to the arts: {gained} culture, taken as trade.")
    else:
        owner.culture += gained
        game.say(f"{owner.name} devotes a city to the arts: {gained} culture.")
    for other in game.players:
        bonus = effects.total(game, other.seat, "culture_when_others_devote") if other.seat != city.owner else 0
        if bonus:
            other.culture += bonus
            game.say(f"{other.name} gains {bonus} culture.")
