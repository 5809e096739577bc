"""What every game offers the rest of civgame: one small interface, whatever the rules.

A game package (`civgame.games.<name>`) exports `DEFINITION`, a `GameDefinition` whose functions
take that game's own model. The interface, the agents, headless play and saves reach a game only
through it, much as OpenSpiel's games sit behind one API.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from civgame.framework.actions import Action

GameState = Any  # each game's own mutable model


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winners (seats; several share a first place) and why."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] = ()


@dataclass(frozen=True)
class GameDefinition:
    id: str  # as in saves and on the command line: "clash", "sid-meier"
    title: str
    min_players: int
    max_players: int
    new_game: Callable[..., GameState]  # (players, seed, **options) -> a game ready for its first action
    legal_actions: Callable[[GameState], Sequence[Action]]  # of whoever must decide next
    apply: Callable[[GameState, Action], None]  # raises RuleError and changes nothing when illegal
    why_illegal: Callable[[GameState, Action], str | None]
    actor: Callable[[GameState], int]  # the seat that must decide next
    is_over: Callable[[GameState], bool]
    outcome: Callable[[GameState], Outcome]  # only once the game is over
    player_names: Callable[[GameState], Sequence[str]]
    check_invariants: Callable[[GameState], list[str]]
    dumps: Callable[[GameState], str]  # the text of a save
    loads: Callable[[str, str], GameState]  # (text, source) -> the game; SaveError names the problem
    # What `seat` may see of the game, as plain data (JSON-safe: dicts, lists, text, numbers): whatever
    # the rules keep from that seat (others' hands, draw piles' order, face-down pieces, the random
    # generator) is left out or counted. A network host sends only this to a seat.
    view_for: Callable[[GameState, int], dict[str, Any]]
    options: dict[str, str] = field(default_factory=dict)  # option name -> what it does, for `--help`
