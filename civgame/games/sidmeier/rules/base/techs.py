"""Techs: the pyramid, research costs, and learning a tech with everything it unlocks.

Level I cards always fit in the pyramid's bottom row; a level II card needs a place above two level I
cards, and so on: a player may hold a card of level n only while they hold at least two more cards
of level n-1 than of level n. A starting tech sits in the bottom row whatever its level.
"""

from __future__ import annotations

from collections.abc import Callable

from civgame.framework.wording import counted
from civgame.games.sidmeier.core.decisions import ObsoleteChoice, TakeMarketResource
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import effects, pieces, victory, yields


def row_counts(game: Game, seat: int) -> list[int]:
    """The cards in each row of the player's pyramid: techs, and blank techs (a great person's)."""
    counts = [0] * 7
    player = game.players[seat]
    for row in [*player.rows, *player.blanks.values()]:
        counts[row] += 1
    return counts


def fits(game: Game, seat: int, level: int) -> bool:
    """A card of `level` has a legal place in the player's pyramid."""
    if level <= 1:
        return True
    counts = row_counts(game, seat)
    return counts[level - 1] >= counts[level] + 2


def level(game: Game, tech: str) -> int:
    return game.rules.techs[tech].level


ROW_LOWER = "row_lower"  # a `used` mark: the next tech of level II-IV researched goes a row lower (a great person)


def learnable(game: Game, seat: int, candidates: list[str] | None = None, max_level: int = 5) -> list[str]:
    """The techs the player may learn now (unknown to them, with a pyramid place), in data order."""
    player = game.players[seat]
    levels = _levels(game)
    pool = levels.items() if candidates is None else [(tech, levels[tech]) for tech in candidates]
    counts = row_counts(game, seat)
    lower = ROW_LOWER in player.used
    known = set(player.techs)
    out = []
    for tech, lv in pool:
        if lv > max_level or tech in known:
            continue
        row = _row(lv, lower)
        if row <= 1 or counts[row - 1] >= counts[row] + 2:
            out.append(tech)
    return out


def _levels(game: Game) -> dict[str, int]:
    """Each tech's level, in data order (a table of the game's rules, made once: Research lists every tech)."""
    found: dict[str, int] | None = game.cache.get("tech_levels")
    if found is None:
        found = game.cache["tech_levels"] = {tech: record.level for tech, record in game.rules.techs.items()}
    return found


def research_row(game: Game, seat: int, tech: str) -> int:
    """The pyramid row a tech researched now would take: its level, or a row lower (levels II-IV) by a great
    person's ability."""
    return _row(game.rules.techs[tech].level, ROW_LOWER in game.players[seat].used)


def _row(level: int, lower: bool) -> int:
    return level - 1 if lower and 2 <= level <= 4 else level


def research_cost(game: Game, seat: int, tech: str) -> int:
    return research_costs(game, seat)(level(game, tech))


def research_costs(game: Game, seat: int) -> Callable[[int], int]:
    """What researching a tech of a level costs the player, their abilities' discounts taken off (looked up
    once for many techs)."""
    discount = effects.total(game, seat, "research_discount")
    return lambda lv: max(0, game.rules.research_cost(lv) - discount)


def learn(game: Game, seat: int, tech: str, *, row: int | None = None, setup: bool = False, how: str = "") -> None:
    """Add a tech to the player's pyramid and apply what it unlocks and does when learned."""
    rules = game.rules
    record = rules.techs[tech]
    player = game.players[seat]
    player.techs.append(tech)
    player.rows.append(row if row is not None else record.level)
    yields.coins_changed(game, seat)
    if not setup:
        game.say(f"{player.name} learns {record.name}{' ' + how if how else ''}.")
    if not setup:  # a starting tech's government is not "unlocked in the last Research phase"
        for gov in record.governments:
            player.unlocked_turn[gov] = game.turn
    upgraded_units = []
    if record.unit_upgrade is not None:
        unit, rank = record.unit_upgrade.unit, record.unit_upgrade.rank
        if player.ranks.get(unit, 1) < rank:
            player.ranks[unit] = rank
        upgraded_units.append(unit)
    for face_id in record.buildings:
        face = rules.faces.get(face_id)
        if face is not None and face.upgraded:
            _flip_buildings(game, seat, face.family.id, face_id)
    if setup:
        return
    for effect in record.effects:
        if effect.name == "tech_victory":
            victory.declare(game, seat, "tech")
        elif effect.name == "obsolete_wonder" and obsoletable(game):
            game.pending.append(ObsoleteChoice(seat, source=tech))
    _culture_for_players_without(game, seat, tech)
    per_tech = effects.total(game, seat, "culture_per_tech_learned")
    if per_tech:
        player.culture += per_tech
        game.say(f"{player.name} gains {per_tech} culture for the tech learned.")
    if effects.has(game, seat, "unit_tech_bonus"):
        for unit in upgraded_units + list(record.unlocks_units):
            if pieces.gain_unit(game, seat, unit):
                game.say(f"{player.name} builds a free {rules.units[unit].name} unit.")
        if upgraded_units or record.unlocks_units:
            game.pending.append(TakeMarketResource(seat, source=player.civ))


def _culture_for_players_without(game: Game, seat: int, tech: str) -> None:
    """Culture for each other player who neither knows nor is researching the tech just learned (Greece)."""
    without = others_without(game, seat, tech)
    gained = without * effects.total(game, seat, "culture_per_player_without_tech")
    if gained:
        game.players[seat].culture += gained
        game.say(
            f"{game.players[seat].name} gains {gained} culture: {counted(without, 'other player')} neither "
            f"{'knows' if without == 1 else 'know'} nor {'is' if without == 1 else 'are'} researching that tech."
        )


def others_without(game: Game, seat: int, tech: str) -> int:
    """The other players who neither know the tech nor are researching it this turn."""
    return sum(1 for p in game.players if p.seat != seat and not p.knows(tech) and game.research.get(p.seat) != tech)


def _flip_buildings(game: Game, seat: int, family: str, upgraded: str) -> None:
    for square in game.squares:
        imp = square.improvement
        if imp is not None and imp.kind == "building" and imp.owner == seat:
            face = game.rules.faces[imp.name]
            if face.family.id == family and not face.upgraded:
                imp.name = upgraded
    yields.touch(game)


def obsoletable(game: Game) -> list[str]:
    """Built wonders whose ability still works (not obsolete), in the order they were built; with the
    expansions also the wonders in the market."""
    built = [w for w in game.wonder_at if w not in game.obsolete]
    return built + (list(game.wonder_market) if game.rules.game.obsolete_market_wonders else [])


def unlocked_governments(game: Game, seat: int) -> list[str]:
    player = game.players[seat]
    if effects.has(game, seat, "all_governments"):
        return [g for g, rec in game.rules.governments.items() if not rec.transitional]
    found = {"despotism"} | {g for t in player.techs for g in game.rules.techs[t].governments}
    return [g for g in game.rules.governments if g in found]
