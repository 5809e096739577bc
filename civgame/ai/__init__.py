"""Computer players and the loop that lets them play a whole game without a window."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from civgame.ai.loops import LONG_GAME_ACTIONS, long_game_notice, save_for_study
from civgame.ai.random_agent import RandomAgent
from civgame.ai.types import Agent
from civgame.framework.errors import RuleError
from civgame.games.clash.content.ruleset import Ruleset
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.setup import new_game

# Whole games take about 200-900 actions; a game past LONG_GAME_ACTIONS is saved for study (`loops`),
# and one this long no longer progresses.
MAX_STEPS = 5_000

Observer = Callable[[Game, Action], None]


class GameRunError(RuntimeError):
    """A game could not be played to its end (an engine bug or a game that never ends)."""


def play_game(
    players: int | list[str],
    seed: int,
    agents: Sequence[Agent],
    *,
    max_steps: int = MAX_STEPS,
    observer: Observer | None = None,
    rules: Ruleset | None = None,
    civilizations: list[str] | None = None,
    recheck: bool = True,
    study: Path | None = None,
) -> Game:
    """Set up a new game (with the default rules unless `rules` are given; the players playing
    `civilizations`, in seat order, if given) and let `agents` (one per player, by index) play it to the end."""
    game = new_game(players, seed, rules=rules, civilizations=civilizations)
    return play_out(game, agents, max_steps=max_steps, observer=observer, recheck=recheck, study=study)


def play_out(
    game: Game,
    agents: Sequence[Agent],
    *,
    max_steps: int = MAX_STEPS,
    observer: Observer | None = None,
    recheck: bool = True,
    study: Path | None = None,
) -> Game:
    """Continue `game` until it is over; `observer` sees the game after every action. With `recheck`
    (for tests) every chosen action is checked again as a human's would be, so a listing that offers
    an illegal action is caught; without it the game is played as computer players play it. A game
    that passes `LONG_GAME_ACTIONS` actions is saved for study in `study` (default: the user's data
    folder), and a line on stderr says where; one that passes `max_steps` is given up."""
    if len(agents) != len(game.players):
        raise ValueError(f"{len(game.players)} players need {len(game.players)} agents, got {len(agents)}")
    saved: Path | None = None
    for step in range(max_steps):
        if game.phase == "over":
            return game
        actor = game.actor()
        if not 0 <= actor < len(agents):
            raise GameRunError(f"step {step}: the next decision belongs to {actor}, who is not a player")
        name = game.player(actor).name
        try:
            actions = legal_actions(game)
        except Exception as exc:  # an engine bug: report where it happened, keep the cause chained
            raise GameRunError(f"step {step}: listing {name}'s actions crashed: {exc!r} ({_situation(game)})") from exc
        if not actions:
            raise GameRunError(f"step {step}: {name} has no legal action ({_situation(game)})")
        action = agents[actor].choose(game, actions)
        try:
            apply(game, action, listed=not recheck)
        except RuleError as exc:
            raise GameRunError(f"step {step}: {name}'s choice {action!r} was refused: {exc}") from exc
        except Exception as exc:
            raise GameRunError(f"step {step}: {name}'s choice {action!r} crashed the engine: {exc!r}") from exc
        if observer is not None:
            observer(game, action)
        if saved is None and len(game.history) >= LONG_GAME_ACTIONS:
            saved = save_for_study(game, study)
            print(long_game_notice(game, saved), file=sys.stderr)
    if game.phase == "over":
        return game
    raise GameRunError(f"the game did not end within {max_steps} actions ({_situation(game)}){_saved(saved)}")


def _saved(path: Path | None) -> str:
    return f"; its first {LONG_GAME_ACTIONS:,} actions are saved in {path}" if path is not None else ""


def play_steps(game: Game, agents: Sequence[Agent], steps: int) -> Game:
    """Let `agents` take up to `steps` actions (fewer if the game ends): a game in progress."""
    for _ in range(steps):
        if game.phase == "over":
            break
        actions = legal_actions(game)
        apply(game, agents[game.actor()].choose(game, actions))
    return game


def random_agents(count: int, seed: int) -> list[RandomAgent]:
    """One RandomAgent per player, each with its own seed derived from `seed`."""
    return [RandomAgent(f"{seed}:{index}") for index in range(count)]


def _situation(game: Game) -> str:
    top = game.pending[-1].describe() if game.pending else "no decision pending"
    return f"age {game.age}, round {game.round}, phase {game.phase}, {top}"


__all__ = ["MAX_STEPS", "Agent", "GameRunError", "RandomAgent", "play_game", "play_out", "play_steps", "random_agents"]
