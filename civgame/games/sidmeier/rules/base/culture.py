"""The culture track: advancing a space and claiming its reward; a city devoted to the arts."""

from __future__ import annotations

from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.model import City, Game
from civgame.games.sidmeier.rules.base import effects, pieces, victory, yields


def next_cost(game: Game, seat: int, *, jump: bool = False) -> tuple[int, int] | None:
    """The culture and trade the next space costs (`jump`: the first space ahead holding no other player's
    marker), or None at the end of the track."""
    spaces = game.rules.track.spaces
    position = _landing(game, seat) if jump else game.players[seat].track
    if position >= len(spaces):
        return None
    space = spaces[position]
    return space.culture, max(0, space.trade - effects.total(game, seat, "culture_trade_discount"))


def jump_offered(game: Game, seat: int) -> bool:
    """The player may jump over the spaces ahead holding other players' markers (there are some)."""
    return effects.has(game, seat, "culture_jump") and _landing(game, seat) > game.players[seat].track


def _landing(game: Game, seat: int) -> int:
    """The index of the first space ahead of the player's marker that no other player's marker holds."""
    taken = {p.track for p in game.players if p.seat != seat}
    position = game.players[seat].track
    while position + 1 in taken:
        position += 1
    return position


def area_deck(game: Game, seat: int) -> str:
    """The culture event deck of the culture-track area the player's marker is in (the first before the first
    space)."""
    spaces = game.rules.track.spaces
    return spaces[min(max(game.players[seat].track - 1, 0), len(spaces) - 1)].deck


def advance(game: Game, seat: int, *, free: bool = False, why: str = "", jump: bool = False) -> None:
    """Move the player's marker one space (`jump`: over the spaces ahead holding other players' markers),
    paying for the space it stops on unless `free`, and claim that space's reward."""
    cost = next_cost(game, seat, jump=jump)
    if cost is None:
        return
    player = game.players[seat]
    if not free:
        player.culture -= cost[0]
        player.trade -= cost[1]
    player.track = (_landing(game, seat) if jump else player.track) + 1
    space = game.rules.track.spaces[player.track - 1]
    paid = "free" + (f" ({why})" if why else "") if free else f"for {cost[0]} culture and {cost[1]} trade"
    game.say(f"{player.name} advances to culture space {player.track} {paid}.")
    if space.reward == "victory":
        victory.declare(game, seat, "culture")
    elif space.reward == "great_person":
        pieces.gain_great_person(game, seat)
    else:
        pieces.draw_culture(game, seat, space.deck)


def advance_on(game: Game, seat: int, event: fx.CultureEvent, why: str) -> None:
    """The player advances a space free for each of their abilities that rewards `event` (`culture_advance_on`)."""
    for p in effects.params(game, seat, "culture_advance_on", fx.CultureAdvanceOn):
        if event in p.events:
            advance(game, seat, free=True, why=why)


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
