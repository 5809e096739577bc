"""What a player's abilities give them when a battle is over: trade for winning it and culture for the units
killed in it (Wisdom and Warfare's Aztecs), and the loot the winner takes (less with the loser's Great Wall,
more for an attacking Mongol)."""

from __future__ import annotations

from civgame.games.sidmeier.core.model import Battle, Game
from civgame.games.sidmeier.rules.base import effects

SIDES = (0, 1)  # attacker, defender


def battle_over(game: Game, battle: Battle) -> None:
    """Each player who fought the battle gains what their abilities give for it (barbarians gain nothing)."""
    killed = len(battle.killed[0]) + len(battle.killed[1])
    for side in SIDES:
        if side == battle.barbarian_side():
            continue
        seat = battle.attacker if side == 0 else battle.defender
        player = game.players[seat]
        culture = killed * effects.total(game, seat, "culture_per_unit_killed")
        if culture:
            player.culture += culture
            game.say(f"{player.name} gains {culture} culture for the units killed in the battle.")
        trade = effects.total(game, seat, "trade_on_battle_won") if side == battle.winner else 0
        if trade:
            player.trade = min(game.rules.game.trade.dial_max, player.trade + trade)
            game.say(f"{player.name} gains {trade} trade for winning the battle.")


def loot_won(game: Game, battle: Battle, loot: int) -> int:
    """The loot the battle's winner takes of `loot`: less what the loser's abilities take away, and, for an
    attacker who gains any, more by their own."""
    winner, loser = (battle.attacker, battle.defender) if battle.winner == 0 else (battle.defender, battle.attacker)
    taken = max(0, loot - effects.total(game, loser, "loot_reduction"))
    if taken and battle.winner == 0:
        taken += effects.total(game, winner, "attacking_extra_loot")
    return taken
