"""The expansions' looting [004 F&F and W&W RULES CHANGES: Looting after battle].

The winner gains loot points (1 for figures, 2 for a city that was not the capital) and spends them
at once on effects, as many as they can afford, the same one again if they like: each costs the
points `loot.prices` names (`game.yaml` of the expansions). Coin tokens may be discarded or stolen;
investments never. The base game's one reward is `rules.combat.battles`.
"""

from __future__ import annotations

from civgame.games.sidmeier.content.ruleset import LootPrices
from civgame.games.sidmeier.core.actions import TakeLoot
from civgame.games.sidmeier.core.model import Battle, Game, Player
from civgame.games.sidmeier.rules.base import pieces, techs

NOTHING = "nothing"  # the winner stops spending


def price(prices: LootPrices, action: TakeLoot) -> int:
    """The loot points an effect costs (a resource is `resources` in the base game's words)."""
    return (
        0 if action.kind == NOTHING else int(getattr(prices, "resource" if action.kind == "resources" else action.kind))
    )


def options(game: Game, battle: Battle, prices: LootPrices, winner: int, loser: Player) -> list[TakeLoot]:
    """Every effect the winner can still afford, and stopping."""
    cfg = game.rules.game.loot
    wanted: list[TakeLoot] = [TakeLoot(NOTHING)]
    if loser.trade > 0:
        wanted.append(TakeLoot("trade", str(min(cfg.trade, loser.trade))))
    if loser.culture > 0:
        wanted.append(TakeLoot("culture", str(min(cfg.culture, loser.culture))))
    wanted += [TakeLoot("resources", f"token:{r}") for r, n in sorted(loser.resources.items()) if n > 0]
    wanted += [TakeLoot("resources", f"marker@{i}") for i in range(len(loser.markers))]
    places = [place for place, n in sorted(loser.coin_tokens.items()) if n > 0]
    wanted += [TakeLoot("discard_coin", place) for place in places]
    wanted += [TakeLoot("tech", t) for t in techs.learnable(game, winner, list(loser.techs))]
    wanted += [TakeLoot("card", str(i)) for i in range(len(loser.hand))]
    wanted += [TakeLoot("steal_coin", place) for place in places]
    return [w for w in wanted if price(prices, w) <= battle.loot]


def take_coin(game: Game, action: TakeLoot, winner: Player, loser: Player) -> None:
    """A coin token of the loser's is discarded, or stolen onto the winner's civilization sheet."""
    pieces.lose_coin_token(game, loser.seat, action.item)
    if action.kind == "steal_coin":
        pieces.gain_coin_token(game, winner.seat, pieces.SHEET)
        game.say(f"{winner.name} steals a coin token from {loser.name}.")
    else:
        game.say(f"{winner.name} makes {loser.name} discard a coin token.")
