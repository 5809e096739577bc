"""Victory points by source, and the winner with the tie-break order."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects.military import VpPerLeaderDistance
from civgame.games.clash.core.hexgrid import distance
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.rules.base.civilizations import capital

CATEGORIES = ("city_pieces", "advances", "objectives", "wonders", "events", "leaders")


def score_sheet(game: Game, player_index: int) -> dict[str, float]:
    vp = game.rules.game.victory_points
    player = game.player(player_index)
    cities = len(game.cities_of(player_index))
    buildings = sum(1 for c in game.cities for col in c.buildings.values() if col == player_index)
    buildings += sum(1 for c in game.cities if player_index in c.tokens_under)  # scored as influenced pieces
    wonders = 0.0
    for city in game.cities:
        for name in city.wonders:
            wonder = game.rules.wonders[name]
            if city.owner == player_index:
                wonders += wonder.owner_vp
            if name in player.wonders_built:
                wonders += wonder.builder_vp
    wonders += sum(game.rules.wonders[name].builder_vp for name in player.destroyed_wonders_kept)
    sheet = {
        "city_pieces": cities * vp.city + buildings * vp.building,
        "advances": (len(player.advances) + len(player.special_advances)) * vp.advance,
        "objectives": len(player.completed_objectives) * vp.objective + player.objective_vp,
        "wonders": wonders,
        "events": player.event_vp + _leader_distance_vp(game, player),
        "leaders": len(player.captured_leaders) * vp.captured_leader,
    }
    sheet["total"] = sum(sheet[c] for c in CATEGORIES)
    return sheet


def _leader_distance_vp(game: Game, player: Player) -> float:
    """`vp_per_leader_distance`: points for how far the leader stands from the capital, while it stands."""
    space = effects.leader_space(game, player)
    if space is None:
        return 0.0
    far = distance(space, capital(game, player))
    return sum(
        effects.params_as(e, VpPerLeaderDistance).vp * far
        for e in effects.active(game, player, "vp_per_leader_distance")
    )


def scores(game: Game) -> list[dict[str, float]]:
    return [score_sheet(game, p.index) for p in game.players]


TIE_WINNER = "tie_winner"  # the tie-break won by the holder of a `wins_ties` effect (the 2012 Great Pyramids)


def winners(game: Game) -> list[int]:
    """The winning player(s): most VP, then each tie-break in order (a score sheet category, or
    `tie_winner`); ties share."""
    sheets = scores(game)
    for i, sheet in enumerate(sheets):
        sheet[TIE_WINNER] = 1.0 if effects.has(game, game.player(i), "wins_ties") else 0.0
    order = ["total", *game.rules.game.victory_points.tie_break]
    candidates = list(range(len(sheets)))
    for key in order:
        best = max(sheets[i][key] for i in candidates)
        candidates = [i for i in candidates if abs(sheets[i][key] - best) < 1e-9]
    return candidates
