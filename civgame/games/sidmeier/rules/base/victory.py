"""The four victories and the end of the game.

Culture, tech and economic victories are immediate; so is a military victory, always. With the
advanced tie-breaker variant, a culture, tech or economic victory is only noted and the turn is
played out; then the noted players' victory scores (techs learned + culture-track spaces advanced +
coins) decide, and equal scores share the victory. Several players fulfilling a condition at once:
the one earlier in turn order wins (003's rule), because conditions are checked in turn order.
"""

from __future__ import annotations

from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import pieces, yields

REASONS = {
    "culture": "culture victory: reached the end of the culture track",
    "tech": "tech victory: learned Space Flight",
    "economic": "economic victory: {coins} coins on the economy dial",
    "military": "military victory: conquered another player's capital",
}


def over(game: Game) -> bool:
    return game.phase == "over"


def declare(game: Game, seat: int, kind: str) -> None:
    if over(game):
        return
    reason = REASONS[kind].format(coins=yields.coins(game, seat))
    name = game.players[seat].name
    if game.tie_breaker and kind != "military":
        if seat not in game.achieved:
            game.achieved[seat] = kind
            game.say(f"{name} achieves a {reason}; the turn is played out (tie-breaker variant).")
        return
    finish(game, [seat], f"{name} wins: {reason}")


def finish(game: Game, winners: list[int], reason: str) -> None:
    game.winners = winners
    game.win_reason = reason
    game.phase = "over"
    game.pending.clear()
    game.held.clear()
    if game.battle is not None:  # a battle won the game: its unit cards go back all the same
        pieces.return_battle_cards(game, game.battle)
    game.battle = None
    game.say(reason)


def check_economy(game: Game) -> None:
    """Economic victory, checked in turn order after every action. Quick while out of reach: every
    player's upper bound of coins (which ignores the figures) is kept until what it depends on changes;
    only a player whose bound reaches the target has their coins counted, figures and all."""
    if over(game):
        return
    cache = game.cache
    key = (game.turn, cache.get("land_version", 0), cache.get("coin_version", 0))
    cached = cache.get("economy_bounds")
    if cached is None or cached[0] != key:
        target = game.rules.game.economy.victory_coins
        reach = [seat for seat in range(len(game.players)) if yields.coins_bound(game, seat) >= target]
        cached = cache["economy_bounds"] = (key, reach)
    within_reach: list[int] = cached[1]
    if not within_reach:
        return
    target = game.rules.game.economy.victory_coins
    for seat in game.order():
        if seat in within_reach and seat not in game.achieved and yields.coins(game, seat) >= target:
            declare(game, seat, "economic")
            if over(game):
                return


def score(game: Game, seat: int) -> int:
    player = game.players[seat]
    return len(player.techs) + player.track + yields.coins(game, seat)


def end_of_turn(game: Game) -> None:
    """Tie-breaker variant: after a turn in which someone achieved a victory, the best score wins."""
    if over(game) or not game.achieved:
        return
    scores = {seat: score(game, seat) for seat in game.achieved}
    best = max(scores.values())
    winners = [seat for seat in game.order() if scores.get(seat) == best]
    names = " and ".join(game.players[s].name for s in winners)
    detail = ", ".join(f"{game.players[s].name} {scores[s]}" for s in game.order() if s in scores)
    finish(game, winners, f"{names} win{'s' if len(winners) == 1 else ''} on victory score ({detail})")
