"""Regenerate docs/screenshot.png, the README's picture of a late game.

    python3 docs/make_screenshot.py

Four of the game's own computer players (the Normal level a player can choose for a seat) play a
seeded 4-player game to its end, and the start of its last turn (every main action still to take,
no dialog covering the map) is drawn at 1600x900 by the window's own code
(civgame.ui.screenshot.render_to_png, on SDL's dummy driver: no window opens). The same seed
always gives the same picture. It takes a few minutes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing civgame

from civgame.ai.levels import make_agent  # noqa: E402
from civgame.games.clash.core.model import Game  # noqa: E402
from civgame.games.clash.rules.flow.controller import apply, legal_actions  # noqa: E402
from civgame.games.clash.rules.flow.setup import new_game  # noqa: E402
from civgame.games.clash.storage.save import dumps, loads  # noqa: E402
from civgame.ui.screenshot import render_to_png  # noqa: E402

SEED = 5  # picked among the first seeds for many cities and buildings
LEVEL = "normal"
SIZE = (1600, 900)
OUT = ROOT / "docs" / "screenshot.png"
MAX_BYTES = 600 * 1024
MAX_ACTIONS = 20_000


def late_game(seed: int = SEED) -> tuple[Game, int]:
    """The game at the start of the last turn before it ended, and how many actions led there."""
    game = new_game(["Anna", "Ben", "Chloe", "David"], seed)
    agents = [make_agent(LEVEL, f"{seed}:{i}") for i in range(len(game.players))]
    full_turn = game.rules.game.actions_per_turn
    last: tuple[Game, int] | None = None
    for played in range(MAX_ACTIONS):
        if game.phase == "over":
            break
        if game.phase == "play" and not game.pending and game.actions_left == full_turn:
            last = loads(dumps(game)), played  # a copy through a save: the game goes on being played
        apply(game, agents[game.actor()].choose(game, legal_actions(game)))
    if last is None:
        raise RuntimeError(f"seed {seed}: no turn was started")
    return last


def main() -> int:
    game, played = late_game()
    render_to_png(game, OUT, SIZE)
    size = OUT.stat().st_size
    print(
        f"{OUT.relative_to(ROOT)}: {played} actions, age {game.age} round {game.round}, "
        f"{len(game.cities)} cities, {game.player(game.actor()).name} to play, {size // 1024} KB"
    )
    if size > MAX_BYTES:
        print(f"the picture is larger than {MAX_BYTES // 1024} KB: pick another seed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
