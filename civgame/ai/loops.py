"""Games that go in circles: computer players that do not, and a record of any game that still might.

A computer player may misjudge an action so that it takes it, then backs out of it (cancels the
payment the action asks for), then takes it again from the very same position, for ever: a
tournament game once ran 63 minutes. `CircleGuard` (`civgame.ai.circles`) keeps a computer player from
taking, in a position it has already acted in this turn, the action it took there. A position is the
whole game but its log and history, so a position seen again is a circle, dice, cards and all (the
random generator's state is part of it).

Every loop that plays whole games (`civgame.ai.play_out`: the headless game and the tournament; the
window's computer seats) saves a game that passes `LONG_GAME_ACTIONS` actions, far more than a whole
game of four players takes, for study (`save_for_study`), and says where.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

from civgame.ai import circles
from civgame.ai.types import Agent
from civgame.framework import play
from civgame.framework.codec import to_plain
from civgame.games.clash.core.model import Game
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.storage.mods import user_data_dir
from civgame.games.clash.storage.save import dumps

LONG_GAME_ACTIONS = DEFINITION.long_game_actions
_POSITION_FIELDS = tuple(f.name for f in dataclasses.fields(Game) if f.name not in ("log", "history"))


def position(game: Game) -> str:
    """A fingerprint of where the game stands: every field but the log and the history."""
    plain = {name: to_plain(getattr(game, name)) for name in _POSITION_FIELDS}
    return hashlib.sha256(json.dumps(plain, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class CircleGuard(circles.CircleGuard):
    """Clash's computer player kept out of circles (`civgame.ai.circles`): a turn is one phase of one
    player's turn in a round of an age."""

    def __init__(self, agent: Agent) -> None:
        super().__init__(agent, lambda game: (game.phase, game.age, game.round, game.current), position)


def study_folder() -> Path:
    """Where long games are saved unless told otherwise: `long games` in the user's data folder."""
    return user_data_dir() / "long games"


def save_for_study(game: Game, folder: Path | None = None) -> Path:
    """Save `game` in `folder` (default `study_folder()`) under a name saying its seed, length and time."""
    folder = folder if folder is not None else study_folder()
    return play.save_for_study(folder, f"seed-{game.seed}-{len(game.history)}-actions", dumps(game))


def long_game_notice(game: Game, path: Path) -> str:
    return f"The game (seed {game.seed}) has gone on for {len(game.history):,} actions; it is saved for study in {path}"
