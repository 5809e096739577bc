"""The games civgame plays, each a package of pure rules behind `civgame.framework.game.GameDefinition`.

A game is imported only when it is asked for, so starting one never loads another's rules.
"""

from __future__ import annotations

import importlib

from civgame.framework.game import GameDefinition

DEFAULT_GAME = "clash"
# game id -> its package, which exports DEFINITION
PACKAGES = {"clash": "civgame.games.clash.definition", "sid-meier": "civgame.games.sidmeier.definition"}


def definition(game_id: str) -> GameDefinition:
    """The game named `game_id`; ValueError names the games there are."""
    package = PACKAGES.get(game_id)
    if package is None:
        raise ValueError(f"there is no game {game_id!r}; the games are {', '.join(sorted(PACKAGES))}")
    found = importlib.import_module(package).DEFINITION
    assert isinstance(found, GameDefinition)
    return found
