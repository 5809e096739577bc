"""Regenerate docs/screenshot.png, the README's picture of a game in progress.

    python3 docs/make_screenshot.py

A seeded 4-player game between random agents (civgame.ai's AggressiveAgent: random play that
takes every attack) is played for STEPS actions, then on to the start of a player's turn in the
middle of an age (every main action still to take, no dialog covering the map, the log showing
play rather than a status phase), and drawn at 1600x900 by the window's own code
(civgame.ui.screenshot.render_to_png, on SDL's dummy driver: no window opens). The same seed
always gives the same picture.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing civgame

from civgame.ai.random_agent import AggressiveAgent  # noqa: E402
from civgame.engine.rules.controller import apply, legal_actions  # noqa: E402
from civgame.engine.rules.setup import new_game  # noqa: E402
from civgame.ui.screenshot import render_to_png  # noqa: E402

SEED = 1  # picked among the first seeds for a well explored map with many cities
STEPS = 250
SIZE = (1600, 900)
OUT = ROOT / "docs" / "screenshot.png"
MAX_BYTES = 400 * 1024


def mid_game(seed: int = SEED, steps: int = STEPS):
    game = new_game(["Anna", "Ben", "Chloe", "David"], seed)
    agents = [AggressiveAgent(f"{seed}:{i}") for i in range(len(game.players))]
    played = 0
    full_turn = game.rules.game.actions_per_turn
    while game.phase != "over" and (played < steps or game.pending or game.actions_left < full_turn or game.round == 1):
        apply(game, agents[game.actor()].choose(game, legal_actions(game)))
        played += 1
    return game, played


def main() -> int:
    game, played = mid_game()
    render_to_png(game, OUT, SIZE)
    size = OUT.stat().st_size
    print(
        f"{OUT.relative_to(ROOT)}: {played} actions, age {game.age} round {game.round}, "
        f"{game.player(game.actor()).name} to play, {size // 1024} KB"
    )
    if size > MAX_BYTES:
        print(f"the picture is larger than {MAX_BYTES // 1024} KB: pick another seed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
