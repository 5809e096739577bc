"""`python -m bench.ai_fit`: fit Hard's evaluation weights to who wins, and measure how well each
level's weights predict the winner on games the fit never saw.

    python -m bench.ai_fit                    # fit on seeds 1-600, measure on 601-900
    python -m bench.ai_fit --write            # ... and store the weights Hard plays with
    python -m bench.ai_fit --train 100 --test 50 --workers 1
    python -m bench.ai_fit --ray auto         # the games as tasks of a Ray cluster

Positions come from fast seeded games of 2-4 players (each seat plays at random or as the
look-ahead playouts do, so that the positions differ in skill); at the start of every round each
player's terms of the evaluation (`evaluation.terms`: resources, cards, units, cities, what the
cities could collect, cities at risk, ...) and victory points are recorded, with who won the
game in the end. A conditional logit model (the chance that a player wins is proportional to
exp(score), the score a weighted sum of their terms) is fitted by gradient descent on the
training seeds; the weights are its coefficients divided by the coefficient of victory points,
so that they are worth in points, as the evaluation counts. The held-out seeds then measure each
weight set: how often the player it values most wins (accuracy), the log-loss of its winning
chances (each set's scale fitted on the training seeds), and the rank correlation of its values
with the final scores.

After a change to the rules data, refit with `--write`: new content needs only the new weights
this finds (a resource, a unit kind, a mood), never new code.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from civgame.ai import play_out
from civgame.ai.agents import HeuristicAgent
from civgame.ai.cluster import RayMissing, run_jobs
from civgame.ai.evaluation import EASY, FORESIGHTED, HARD_WEIGHTS, rounds_played, terms, total_rounds
from civgame.ai.playout import random_action
from civgame.ai.random_agent import RandomAgent
from civgame.ai.tournament import tournament_game
from civgame.ai.types import Agent
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base.scoring import score_sheet

VP = "vp"  # the name of the victory points among a player's features
BASE = FORESIGHTED  # the weights the fitted ones replace (and whose resource prices value a Collect)
WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "civgame" / "ai" / "hard_weights.py"
RIDGE = 1e-3  # pulls every coefficient a little toward zero: a term seldom seen stays near zero
STEPS = 400  # of gradient descent


class PlayoutAgent:
    """Plays as the look-ahead playouts do: a random action, the kinds that build favoured."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        return random_action(game, self.rng) or self.rng.choice(list(actions))


@dataclass
class Position:
    """The players at the start of one round of one game, and how that game ended."""

    seed: int
    progress: float  # the share of the game played
    features: list[dict[str, float]]  # by seat: the evaluation's terms and victory points
    winners: list[int]
    final: list[float]  # victory points at the end, by seat


# Who plays the games the positions come from: each seat one of these, drawn at random.
PLAYS: dict[str, list[Callable[[int | str], Agent]]] = {
    "random": [RandomAgent, PlayoutAgent],  # fast: a game in a fraction of a second
    "easy": [HeuristicAgent],  # nearer the play of the searching levels: some seconds a game
}


def data_game(seed: int, play: str = "random") -> list[Position]:
    """The positions of one seeded game of 2-4 players, each seat drawn from `PLAYS[play]`."""
    rng = random.Random(f"fit:{seed}")
    players = rng.choice((2, 2, 3, 4))
    agents = [rng.choice(PLAYS[play])(f"fit:{seed}:{seat}") for seat in range(players)]
    seen: list[Position] = []
    last: tuple[int, int] | None = None

    def record(game: Game, _action: Action) -> None:
        nonlocal last
        if game.phase == "over" or (game.age, game.round) == last:
            return
        last = (game.age, game.round)
        progress = rounds_played(game) / total_rounds(game)
        features = [player_features(game, p.index) for p in game.players]
        seen.append(Position(seed, progress, features, [], []))

    # Civilizations are dealt as in a person's game and a tournament's, so leaders' terms are seen.
    game = play_out(tournament_game(players, seed), agents, observer=record)
    final = [float(score_sheet(game, p.index)["total"]) for p in game.players]
    for position in seen:
        position.winners, position.final = list(game.winner), final
    return seen


def player_features(game: Game, player_index: int) -> dict[str, float]:
    """Every term of the evaluation for the player, and their victory points."""
    found = {name: float(amount) for name, amount in terms(game, player_index, BASE, every=True).items()}
    found[VP] = float(score_sheet(game, player_index)["total"])
    return found


def collect(seeds: Sequence[int], workers: int, play: str = "random", ray_address: str | None = None) -> list[Position]:
    """The positions of the seeded games, in seed order, played in local worker processes or on Ray
    (`cluster.run_jobs`: the same either way)."""
    games: list[list[Position]] = [[] for _ in seeds]
    for index, positions in run_jobs(data_game, [(seed, play) for seed in seeds], workers, ray_address):
        games[index] = positions
    return [position for game in games for position in game]


def score(features: Mapping[str, float], weights: Mapping[str, float]) -> float:
    """What the evaluation makes of a player's features: points plus each term times its weight."""
    return features[VP] + sum(weights.get(name, 0.0) * amount for name, amount in features.items() if name != VP)


def _win_share(position: Position) -> list[float]:
    return [1 / len(position.winners) if seat in position.winners else 0.0 for seat in range(len(position.final))]


def _spread(values: Sequence[float]) -> float:
    """The standard deviation (1 for a term that never varies)."""
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values)) or 1.0


def _softmax(values: Sequence[float]) -> list[float]:
    top = max(values)
    exps = [math.exp(v - top) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


def fit(
    positions: Sequence[Position],
    steps: int | None = None,
    toward: Mapping[str, float] | None = None,
    shrink: float = 0.0,
) -> dict[str, float]:
    """Weights in points, fitted to who won: a conditional logit model by gradient descent (Adam)
    on standardised features, its coefficients over the coefficient of victory points. With
    `shrink`, each weight is pulled toward its worth in `toward` (in points) by that much: the fit
    moves a weight only as far as the games clearly ask."""
    # A term never seen (a leader in games that deal none) says nothing: its weight stays as it was.
    names = sorted({name for p in positions for seat in p.features for name, amount in seat.items() if amount})
    spreads = [_spread([seat.get(name, 0.0) for p in positions for seat in p.features]) for name in names]
    # Scaled, not centred (the winning chances within a position ignore what all its players share):
    # a row keeps only its terms that are not zero.
    rows = [
        [[(k, seat[name] / spreads[k]) for k, name in enumerate(names) if seat.get(name)] for seat in p.features]
        for p in positions
    ]
    targets = [_win_share(p) for p in positions]
    points = names.index(VP)
    # The prior in standardised units, per unit of the coefficient of points.
    prior = [(toward or {}).get(name, 0.0) * spreads[k] / spreads[points] for k, name in enumerate(names)]
    prior[points] = 0.0
    theta = [0.0] * len(names)
    first, second = [0.0] * len(names), [0.0] * len(names)
    for step in range(1, (STEPS if steps is None else steps) + 1):
        gradient = [RIDGE * t * len(rows) for t in theta]
        for k, expected in enumerate(prior):
            if k != points:
                pull = shrink * len(rows) * (theta[k] - expected * theta[points])
                gradient[k] += pull
                gradient[points] -= pull * expected
        for position, target in zip(rows, targets, strict=True):
            chances = _softmax([sum(theta[k] * x for k, x in row) for row in position])
            for row, chance, won in zip(position, chances, target, strict=True):
                miss = chance - won
                for k, x in row:
                    gradient[k] += miss * x
        rate = 0.05 * math.sqrt(1 - 0.999**step) / (1 - 0.9**step)
        for k, g in enumerate(gradient):
            g /= len(rows)
            first[k] = 0.9 * first[k] + 0.1 * g
            second[k] = 0.999 * second[k] + 0.001 * g * g
            theta[k] -= rate * first[k] / (math.sqrt(second[k]) + 1e-8)
    coefficients = {name: t / s for name, t, s in zip(names, theta, spreads, strict=True)}
    points = coefficients.pop(VP)
    if points <= 0:
        raise ValueError("victory points do not predict the winner in these games: too few games to fit")
    return {name: round(c / points, 3) for name, c in coefficients.items()}


@dataclass
class Prediction:
    accuracy: float  # the share of positions whose most valued player won (a tie for first: a share)
    log_loss: float  # of the winning chances, nats per position
    rank_correlation: float  # Spearman's, of the values with the final scores, mean over positions


def scale(positions: Sequence[Position], weights: Mapping[str, float]) -> float:
    """The scale of the values that makes them the best winning chances (a grid of powers of 2)."""
    candidates = [2 ** (k / 4) for k in range(-24, 13)]
    return min(candidates, key=lambda s: _log_loss(positions, weights, s))


def _log_loss(positions: Sequence[Position], weights: Mapping[str, float], factor: float) -> float:
    total = 0.0
    for position in positions:
        chances = _softmax([factor * score(seat, weights) for seat in position.features])
        total -= sum(w * math.log(max(c, 1e-12)) for c, w in zip(chances, _win_share(position), strict=True))
    return total / len(positions)


def predict(positions: Sequence[Position], weights: Mapping[str, float], factor: float) -> Prediction:
    """How well `weights` (scaled by `factor` into winning chances) predict the held-out games."""
    hits = correlation = 0.0
    for position in positions:
        values = [score(seat, weights) for seat in position.features]
        best = [seat for seat, v in enumerate(values) if v == max(values)]
        hits += sum(1 for seat in best if seat in position.winners) / len(best)
        correlation += spearman(values, position.final)
    count = len(positions)
    return Prediction(hits / count, _log_loss(positions, weights, factor), correlation / count)


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation (ties take their mean rank; 0 when either side is all tied)."""
    ra, rb = _ranks(a), _ranks(b)
    mean = (len(a) - 1) / 2
    da, db = [r - mean for r in ra], [r - mean for r in rb]
    norm = math.sqrt(sum(x * x for x in da) * sum(y * y for y in db))
    return sum(x * y for x, y in zip(da, db, strict=True)) / norm if norm else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            ranks[i] = (start + end) / 2
        start = end + 1
    return ranks


def weights_module(fitted: Mapping[str, float], note: str) -> str:
    """The source of `civgame/ai/hard_weights.py` holding the fitted weights."""
    entries = "".join(f'    "{name}": {worth!r},\n' for name, worth in sorted(fitted.items()))
    return (
        f'"""Hard\'s evaluation weights in victory points, by the names `evaluation.terms` counts under:\n'
        f"fitted to who wins by `python -m bench.ai_fit --write`; a weight not named here is Normal's.\n"
        f"Check them in play (`civgame tournament --only evaluation`) before keeping them.\n\n{note}\n"
        f'"""\n\nWEIGHTS: dict[str, float] = {{\n{entries}}}\n'
    )


def report(name: str, prediction: Prediction) -> str:
    return f"{name:<16}  {prediction.accuracy:8.1%}  {prediction.log_loss:8.3f}  {prediction.rank_correlation:16.3f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_fit", description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=600, help="games to fit on (seeds 1..N; default 600)")
    parser.add_argument("--test", type=int, default=300, help="held-out games that measure (the next seeds)")
    parser.add_argument("--play", choices=list(PLAYS), default="random", help="who plays the games (default random)")
    parser.add_argument("--shrink", type=float, default=0.0, help="pull each weight toward Normal's this much")
    parser.add_argument("--positions", type=Path, help="keep the games' positions in this file and reuse them")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="parallel games (default: CPUs)")
    parser.add_argument("--write", action="store_true", help=f"store the fitted weights in {WEIGHTS_FILE.name}")
    parser.add_argument(
        "--ray", metavar="ADDRESS", help="play the games on a Ray cluster ('auto': this machine's, 'local': a new one)"
    )
    args = parser.parse_args(argv)
    if args.train < 1 or args.test < 1 or args.workers < 1 or args.shrink < 0:
        parser.error("--train, --test and --workers must be at least 1, --shrink at least 0")
    started = time.monotonic()
    try:
        train, test = positions(args)
    except RayMissing as exc:
        parser.error(str(exc))
    print(f"{len(train)} positions from {args.train} games to fit, {len(test)} to measure", file=sys.stderr)
    fitted = fit(train, toward=FORESIGHTED.flat, shrink=args.shrink)
    sets: dict[str, Mapping[str, float]] = {
        "easy": EASY.flat,
        "normal": FORESIGHTED.flat,
        "hard (in play)": HARD_WEIGHTS.flat,
        "fitted": fitted,
    }
    lines = [
        f"held-out seeds {args.train + 1}-{args.train + args.test}: {len(test)} positions",
        f"{'weights':<16}  {'accuracy':>8}  {'log-loss':>8}  {'rank correlation':>16}",
    ]
    lines += [report(name, predict(test, flat, scale(train, flat))) for name, flat in sets.items()]
    print("\n".join(lines))
    print("fitted weights (points):")
    for name, worth in sorted(fitted.items()):
        print(f"  {name:<20} {worth:7.3f}")
    if args.write:
        # (The weights in play are left out: their fit may have seen the held-out games.)
        held_out = "\n".join(line for line in lines[1:] if not line.startswith("hard (in play)"))
        games = f"{args.play} play, seeds 1-{args.train} ({len(train)} positions), shrink {args.shrink:g}"
        note = f"Fitted on {games};\npredictions on the {lines[0]}:\n\n{held_out}"
        WEIGHTS_FILE.write_text(weights_module(fitted, note))
        print(f"written to {WEIGHTS_FILE}")
    print(f"{time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


def positions(args: argparse.Namespace) -> tuple[list[Position], list[Position]]:
    """The training and held-out positions: played now, or read from `--positions` if it holds
    those of the same games (written there after playing them)."""
    games = {"play": args.play, "train": args.train, "test": args.test}
    if args.positions and args.positions.exists():
        kept = json.loads(args.positions.read_text())
        if kept["games"] == games:
            return [Position(**p) for p in kept["train"]], [Position(**p) for p in kept["test"]]
    train = collect(range(1, args.train + 1), args.workers, args.play, args.ray)
    test = collect(range(args.train + 1, args.train + args.test + 1), args.workers, args.play, args.ray)
    if args.positions:
        kept = {"games": games, "train": [asdict(p) for p in train], "test": [asdict(p) for p in test]}
        args.positions.write_text(json.dumps(kept))
    return train, test


if __name__ == "__main__":
    raise SystemExit(main())
