"""The rules help (F1) of Sid Meier's Civilization: each part of a turn and the victories, briefly in our own
words after the printed rules. Every number comes from the rules data the game is played with, and values
the data marks provisional (house rules standing in for unknown printed values) are marked so here too.
"""

from __future__ import annotations

from civgame.games.sidmeier.content.ruleset import Ruleset

INTRO = "Choose a topic. Values marked (provisional) are house rules standing in for unknown printed ones."


def topics(rules: Ruleset) -> dict[str, str]:
    game = rules.game
    research = game.research
    space_flight = rules.techs[research.space_flight].name if research.space_flight in rules.techs else "Space Flight"
    track = " (provisional)" if rules.track.provisional else ""
    out = {
        "A turn": (
            "Each turn has 5 phases in this order: Start of Turn, Trade, City Management, Movement and Research. "
            "In each phase the players take their part in turn order, starting with the first player; the first "
            "player marker passes to the left at the start of every turn but the first."
        ),
        "Start of Turn": (
            f"Build new cities with your scouts (up to {game.cities.base_max} cities, more with techs): the square "
            "may not be water, its 8 neighbours must be revealed, it may not be next to a hut, a village or an "
            f"enemy figure, and it must be {game.cities.min_distance} or more squares from any other city. Change "
            "government: freely on the turn after you learn its tech, otherwise through Anarchy first."
        ),
        "Trade": (
            f"Each player sets the trade dial to the trade of their city outskirts (at most {game.trade.dial_max}). "
            "Then players may make deals: trade, culture, resources, hut and village markers and culture cards; "
            "a deal accepted is carried out at once."
        ),
        "City Management": (
            "Each city takes one action: produce a figure, a unit, a building, a wonder or city walls with the "
            f"production of its outskirts (each {game.trade.boost_trade} trade spent adds "
            f"{game.trade.boost_production} production); devote to the arts for culture tokens; or harvest a resource "
            f"of its outskirts. An army costs {game.figures.army_cost}, a scout {game.figures.scout_cost}. At any time "
            "in this phase you may spend culture (and trade) to advance on the culture track."
        ),
        "Movement": (
            f"Each figure may move up to {game.movement.travel_speed} squares (more with techs), never diagonally; at "
            f"most {game.movement.stacking_limit} figures share a square. Spending a square of movement next to a "
            "face-down tile turns it over. Entering a hut takes its marker; entering a village, an enemy figure or "
            "an enemy city starts a battle."
        ),
        "Research": (
            f"Spend trade to learn one tech. A level L tech costs {research.level_one_cost} + "
            f"{research.cost_per_level} × (L − 1) trade. Techs form a pyramid: every tech above level 1 needs more "
            "techs of the level below than of its own level."
        ),
        "Battle": (
            f"Each side draws a secret battle hand of {game.units.battle_hand} unit cards at random from its standing "
            f"forces (+{game.units.battle_hand_per_extra_army} for each army in the square beyond the first, "
            f"+{game.units.battle_hand_defending_city} when defending a city). Starting with the defender (the "
            "attacker against a walled city), the sides take turns playing one unit face up: on a new front, or "
            "against an enemy unit standing alone on a front (a front with two engaged units cannot be attacked). "
            + _fighting(rules)
        ),
        "Victory": (
            f"Culture: reach the last space of the culture track{track}. Tech: learn {space_flight}. Economic: "
            f"{game.economy.victory_coins} coins on the economy dial. Military: conquer another player's capital "
            "(the game ends at once)."
        ),
    }
    out.update(expansion_topics(rules))
    if game.provisional_values:
        out["Provisional values"] = (
            "These values are house rules standing in for unknown printed ones (see docs/rules-decisions.md): "
            + "; ".join(game.provisional_values)
            + "."
        )
    return out


def _fighting(rules: Ruleset) -> str:
    """How units wound each other and how the battle is won: by strength alone, or (Wisdom and Warfare's
    cards) by strength and health."""
    if rules.units_have_health:
        return (
            "The two deal wounds equal to their strength to each other; a unit dies when its wounds reach its "
            "health, and a unit that trumps the other strikes first. When the hands are played, each side adds up "
            "the health of its surviving units, less their wounds, plus its combat bonus: the higher total wins "
            "(ties go to the defender) and takes loot."
        )
    return (
        "The two deal wounds equal to their strength to each other; a unit dies when its wounds reach its "
        "strength, and a unit that trumps the other strikes first. When the hands are played, the side with the "
        "higher total strength of surviving units plus its combat bonus wins (ties go to the defender) and takes loot."
    )


def expansion_topics(rules: Ruleset) -> dict[str, str]:
    """The relics and city-states of the expansions played, from their data."""
    out = {}
    if rules.relics:
        each = "; ".join(f"{r.name} ({r.terrain}): {r.text}" for r in rules.relics.values())
        out["Relics"] = (
            "A relic lies on its square from the moment its tile is turned face up. While it is there no city may "
            "be built on or next to it, nothing changes the square, and scouts enter it only with an army. Armies "
            f"may move through it; an army ending its move there takes the relic and its owner gains: {each}."
        )
    city_states = rules.city_states
    if city_states.markers:
        provisional = " (provisional)" if city_states.destroyed_provisional else ""
        each = "; ".join(m.name + (" (provisional)" if m.provisional else "") for m in city_states.markers)
        out["City-states"] = (
            "A hut or village whose marker is a city-state puts the top city-state marker on its square. You control "
            "it while a figure of yours stands there: its square counts as part of your capital's outskirts, and "
            "your capital may place the figures it builds there. Its garrison defends with "
            f"+{city_states.garrison_bonus}. No city may be built next to it; a city built on it destroys it and gives "
            f"{city_states.destroyed_culture} culture{provisional}. The markers: {each}."
        )
    return out
