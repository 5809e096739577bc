"""Wisdom and Warfare's city-states [004 W&W EXPANSION RULES: City-state hut and village effect].

A hut or village marker whose result is a city-state puts the top marker of the face-down pile on its
square. Control, and what a controlled city-state gives, is `rules.base.city_state_map` (its square is
part of its controller's capital outskirts; its effects are its controller's). Here: founding one, its
garrison's combat bonus, the city that destroys it, the cities it keeps away, and the Start of Turn trade
per city-state a policy gives.
"""

from __future__ import annotations

from civgame.games.sidmeier.core.model import Battle, Game
from civgame.games.sidmeier.rules.base import board, city_state_map, effects, yields


def found(game: Game, seat: int, pos: int) -> None:
    """A city-state marker found at `pos`: the top city-state marker is placed there."""
    if not game.city_state_pile:
        game.say("No city-state marker is left.")
        return
    marker = game.city_state_pile.pop()
    record = game.rules.city_states.markers[marker]
    if record.random_resource:
        market = game.rules.game.resources.market
        game.city_state_resources[marker] = market[game.rng.below(len(market))]
    game.squares[pos].city_state = marker
    yields.touch(game)
    shows = city_state_map.resource(game, marker)
    game.say(f"{game.players[seat].name} discovers a city-state at {game.label(pos)}: {record.name} is placed there.")
    if shows:
        game.say(f"The city-state shows {shows}.")


def why_no_city(game: Game, pos: int) -> str | None:
    """Why a city-state forbids a city on `pos` (None: it does not; a city on one destroys it)."""
    if any(game.squares[p].city_state >= 0 for p in board.around(game, pos)):
        return "a city cannot be built next to a city-state"
    return None


def city_built(game: Game, seat: int, pos: int) -> None:
    """A city was built on `pos`: a city-state there is destroyed and its builder gains culture."""
    square = game.squares[pos]
    if square.city_state < 0:
        return
    cfg = game.rules.city_states
    game.city_states_gone.append(square.city_state)
    game.city_state_resources.pop(square.city_state, None)
    square.city_state = -1
    yields.touch(game)
    player = game.players[seat]
    player.culture += cfg.destroyed_culture
    game.say(f"The city destroys the city-state; {player.name} gains {cfg.destroyed_culture} culture.")


def garrison_bonus(game: Game, battle: Battle) -> int:
    """The defender's combat bonus for garrisoning the city-state the battle is fought on."""
    if battle.kind != "figures" or game.squares[battle.pos].city_state < 0:
        return 0
    return game.rules.city_states.garrison_bonus


def start_of_turn(game: Game, seat: int) -> None:
    """Start of Turn trade for each city-state the player controls (W&W: Expansionism)."""
    per_city_state = effects.total(game, seat, "start_trade_per_city_state")
    controlled = len(city_state_map.controlled(game, seat))
    if per_city_state and controlled:
        player = game.players[seat]
        gained = per_city_state * controlled
        player.trade = min(game.rules.game.trade.dial_max, player.trade + gained)
        game.say(f"{player.name} gains {gained} trade ({per_city_state} per city-state controlled).")
