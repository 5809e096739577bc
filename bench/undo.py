"""Undo and redo over whole games: after about half of the undoable actions of seeded random games the
action is undone and taken again; the state after the undo must be the state before the action, the
state after taking it again the state it first gave, and the whole game must replay from its seed.

    python -m bench.undo --games 100        # seeds 1-100, 2-4 players; undos and mismatches

The engine has undo but no redo: redo is taking the same action again. The exit status is 1 if any
state differed.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from civgame.ai import random_agents
from civgame.framework.codec import from_plain, to_plain
from civgame.framework.saves import state_hash
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base.undo import UndoHistory
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.setup import new_game


@dataclass
class UndoRun:
    games: int = 0
    actions: int = 0
    undos: int = 0
    mismatches: list[str] = field(default_factory=list)


def replay(game: Game) -> Game:
    """A new game from the same seed, seats and colours, with the whole action log applied."""
    again = new_game([p.name for p in game.players], game.seed, colours=[p.color for p in game.players])
    for entry in game.history:
        apply(again, from_plain(Action, entry))
    return again


def undo_and_redo(seed: int, run: UndoRun) -> None:
    """Play the seeded game, undoing and redoing as it goes; count into `run`."""
    players = 2 + seed % 3
    game, agents, history = new_game(players, seed), random_agents(players, seed), UndoHistory()
    while game.phase != "over":
        action = agents[game.actor()].choose(game, legal_actions(game))
        before = history.snapshot(game)
        apply(game, action)
        run.actions += 1
        history.applied(before, game, action.KIND)
        if history.next_label != action.KIND or random.Random(f"{seed}:{len(game.history)}").random() < 0.5:
            continue
        after = to_plain(game)
        restored = history.undo(game)
        run.undos += 1
        if to_plain(restored) != before:
            run.mismatches.append(f"seed {seed}: undo of {action!r}")
        apply(restored, action)
        if to_plain(restored) != after:
            run.mismatches.append(f"seed {seed}: {action!r} taken again")
        game = restored
    if state_hash(replay(game)) != state_hash(game):
        run.mismatches.append(f"seed {seed}: a game that used undo replays differently")
    run.games += 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.undo", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    run, started = UndoRun(), time.process_time()
    for seed in range(args.first_seed, args.first_seed + args.games):
        undo_and_redo(seed, run)
    print(
        f"{run.games} games, {run.actions} actions, {run.undos} undos and redos, "
        f"{len(run.mismatches)} mismatches ({time.process_time() - started:.0f} s CPU)"
    )
    for line in run.mismatches[:20]:
        print(f"  {line}")
    return 1 if run.mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
