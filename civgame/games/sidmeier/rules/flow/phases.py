"""The turn [004 TURN SUMMARY]: Start of Turn, Trade, City Management, Movement, Research, each taken
by the players in turn order from the first player; the first player marker passes left (to the next
seat) at the start of every turn but the first.

`advance` runs whatever needs no decision (collecting trade, the next player's part of a phase, the
next phase, a battle's next stage) until a decision is pending or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable

from civgame.games.sidmeier.core.decisions import CityTurn, MovementTurn, ResearchTurn, StartTurn, TradeTurn
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import board, victory, yields
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.expansions import great_person_deck, metropolis, policies
from civgame.games.sidmeier.rules.flow import setup
from civgame.games.sidmeier.rules.research import learning
from civgame.games.sidmeier.rules.turn import start

NEXT = {
    "setup": "start_of_turn",
    "start_of_turn": "trade",
    "trade": "city_management",
    "city_management": "movement",
    "movement": "research",
}
NAMES = {
    "start_of_turn": "Start of Turn",
    "trade": "Trade",
    "city_management": "City Management",
    "movement": "Movement",
    "research": "Research",
}


# The expansions' steps that come before anything else, each with whether it is in play in a game: each
# settles what must be settled at once (True: it asked a decision, which comes first).
FIRST_STEPS: tuple[tuple[Callable[[Game], bool], Callable[[Game], bool]], ...] = (
    # F&F's deck: a great person lost takes a card of its type with it
    (great_person_deck.with_deck, great_person_deck.settle),
    # W&W: a policy maximum changed; adopting or returning comes first
    (lambda game: bool(game.rules.policy_cards), policies.settle),
    # F&F: a capital grows into a metropolis as soon as it can
    (lambda game: game.rules.game.metropolis is not None, metropolis.settle),
)


def advance(game: Game) -> None:
    first_steps = _first_steps(game)
    while game.phase != "over":
        if first_steps and any(settle(game) for settle in first_steps):  # (none in a game without the expansions)
            return
        battle = game.battle
        if battle is not None and len(game.pending) <= battle.base:
            battles.advance(game)
        elif game.pending:
            return
        elif game.queue:
            _begin(game, game.queue.pop(0))
        else:
            _next_phase(game)


def _first_steps(game: Game) -> tuple[Callable[[Game], bool], ...]:
    """The first steps in play in this game (worked out once: a game's rules and options never change)."""
    steps: tuple[Callable[[Game], bool], ...] | None = game.cache.get("first_steps")
    if steps is None:
        steps = game.cache["first_steps"] = tuple(settle for in_play, settle in FIRST_STEPS if in_play(game))
    return steps


def _begin(game: Game, seat: int) -> None:
    """The player's part of the current phase."""
    phase = game.phase
    if phase == "setup":
        setup.begin_player(game, seat)
    elif phase == "start_of_turn":
        start.default_scouts(game, seat)
        game.pending.append(StartTurn(seat))
        start.automatic(game, seat)  # what it asks for is answered first
    elif phase == "trade":
        game.pending.append(TradeTurn(seat))
    elif phase == "city_management":
        game.pending.append(CityTurn(seat))
    elif phase == "movement":
        game.pending.append(MovementTurn(seat))
    elif phase == "research":
        if game.step == "reveal":
            learning.reveal(game, seat)
        else:
            game.pending.append(ResearchTurn(seat))


def _next_phase(game: Game) -> None:
    phase = game.phase
    if phase == "setup":
        setup.finish_setup(game)
        _start_turn(game, first_turn=True)
        return
    if phase == "research":
        if game.step != "reveal":
            game.step = "reveal"
            game.queue = game.order()
            return
        game.step = ""
        victory.check_economy(game)  # (before the tie-breaker's scores are compared)
        victory.end_of_turn(game)
        if game.phase != "over":
            _start_turn(game, first_turn=False)
        return
    game.phase = NEXT[phase]  # type: ignore[assignment]
    game.queue = game.order()
    game.say(f"{NAMES[game.phase]} phase.")
    if game.phase == "trade":
        _collect_trade(game)
    elif game.phase == "movement":
        for fig in game.figures:
            fig.moved = f"{board.STAYS}{fig.id}" in game.players[fig.owner].used
            fig.start_pos = fig.pos


def _start_turn(game: Game, *, first_turn: bool) -> None:
    if not first_turn:
        game.turn += 1
        game.first = (game.first + 1) % len(game.players)
    for player in game.players:
        player.used.clear()
    for city in game.cities:
        city.actions = city.spent = city.boost = 0
    game.research.clear()
    game.phase = "start_of_turn"
    game.queue = game.order()
    game.say(f"Turn {game.turn}: {game.players[game.first].name} is the first player. Start of Turn phase.")


def _collect_trade(game: Game) -> None:
    dial = game.rules.game.trade.dial_max
    for seat in game.order():
        player = game.players[seat]
        income = yields.trade_income(game, seat)
        player.trade = min(dial, player.trade + income)
        game.say(f"{player.name} collects {income} trade (dial {player.trade}).")
