"""`python -m bench.decisions`: the computer players' choices on fixed seeded positions, and the
processor time they take.

Each position is a 4-player game with civilizations dealt as a tournament deals them, played some
random actions on; from there every seat is played by a computer player of one level for a number of
decisions. The choices are summed up in a digest: a change meant only to make the players faster must
leave every digest as it was (`tests/ai/test_decisions.py` holds them), and the processor time says
what it gained (docs/measurements.md, Hard's pace).

    python -m bench.decisions                       # every level, the test's positions
    python -m bench.decisions hard --decisions 10   # Hard only, more decisions a position
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

from civgame.ai import play_steps, random_agents
from civgame.ai.levels import make_agent
from civgame.ai.tournament import tournament_game
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.flow.controller import apply, legal_actions

# (seed, random actions played before the computer players take over): early and middle game.
POSITIONS = ((3101, 250), (3102, 400))
LEVELS = ("easy", "normal", "hard")
DECISIONS = 4  # decisions a position, by default


def position(seed: int, random_steps: int) -> Game:
    """A seeded 4-player game with civilizations dealt, `random_steps` random actions in."""
    game = tournament_game(4, seed)
    return play_steps(game, random_agents(4, seed), random_steps)


def choices(level: str, game: Game, decisions: int) -> list[str]:
    """The actions computer players of `level` (one a seat, seeded as a game seeds them) choose in
    `decisions` decisions on from `game`; a forced action is not a decision and is only played."""
    agents = {p.index: make_agent(level, f"{game.seed}:{p.index}") for p in game.players}
    chosen: list[str] = []
    while len(chosen) < decisions and game.phase != "over":
        actions = legal_actions(game)
        action = agents[game.actor()].choose(game, actions)
        if len(actions) > 1:
            chosen.append(repr(action))
        apply(game, action, listed=True)
    return chosen


def digest(chosen: Sequence[str]) -> str:
    return hashlib.blake2b(json.dumps(list(chosen)).encode(), digest_size=8).hexdigest()


@dataclass(frozen=True)
class Run:
    level: str
    chosen: list[str]
    seconds: float  # processor time of the decisions (the positions' random actions not counted)


def run(level: str, decisions: int = DECISIONS) -> Run:
    chosen: list[str] = []
    seconds = 0.0
    for seed, random_steps in POSITIONS:
        game = position(seed, random_steps)
        started = time.process_time()
        chosen += choices(level, game, decisions)
        seconds += time.process_time() - started
    return Run(level, chosen, seconds)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.decisions", description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs="*", metavar="LEVEL", help=f"of {', '.join(LEVELS)} (default: all)")
    parser.add_argument("--decisions", type=int, default=DECISIONS, help="decisions a position")
    parser.add_argument("--show", action="store_true", help="print each chosen action")
    args = parser.parse_args(argv)
    unknown = [level for level in args.levels if level not in LEVELS]
    if unknown:
        parser.error(f"unknown level(s) {', '.join(unknown)}; choose from {', '.join(LEVELS)}")
    for level in args.levels or LEVELS:
        result = run(level, args.decisions)
        print(f"{level}: {len(result.chosen)} decisions, digest {digest(result.chosen)}, {result.seconds:.1f} s CPU")
        if args.show:
            print("\n".join(f"  {action}" for action in result.chosen))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
