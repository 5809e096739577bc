"""Soak: thousands of seeded random games with every invariant checked after every action.

    python -m bench.soak --games 5000               # seeds 0-4999, 2-4 players, all CPUs
    python -m bench.soak --games 1 --first-seed 1234 # replay one game that went wrong
    python -m bench.soak --games 500 --replay       # also replay each game from its seed

Game n uses seed n with 2 + n % 3 players; even seeds are played by random agents, odd ones by
aggressive agents (random play that takes every attack), unless --agents says otherwise; both play
action and tactics cards whenever the rules offer them. Every
fourth game (n % 4 == 3) starts with every player ready to build wonders (`prepare_wonders`), which
random play seldom reaches, and every other pair of seeds (n // 2 even) deals each seat a civilization,
unless --civilizations says otherwise ("all", "none"). Each game also saves and reloads itself once at a
random step and must come back identical. The report gives games, actions, objectives completed, wonders
built, action halves played (by name), invariant violations and crashes, each with its seed; the exit
status is 1 if there was any.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context

from civgame.ai import play_out, random_agents
from civgame.ai.random_agent import AggressiveAgent
from civgame.framework.codec import from_plain
from civgame.framework.saves import state_hash
from civgame.games.clash.content.effects import holdings_changed
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base.cards import draw_card
from civgame.games.clash.rules.flow.controller import apply
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import default_ruleset, new_game
from civgame.games.clash.storage.save import dumps, loads

AGENTS = ("mixed", "random", "aggressive")
PLAYED = " plays the action card "
CIVILIZATIONS = ("mixed", "all", "none")


@dataclass
class GameResult:
    seed: int
    players: int
    agents: str
    wonder_start: bool = False
    civilizations: list[str] | None = None
    actions: int = 0
    objectives: int = 0  # objective cards completed
    wonders: int = 0  # wonders built
    cards: Counter[str] = field(default_factory=Counter)  # action halves played, by name
    violation: str | None = None
    crash: str | None = None


class _Violation(Exception):
    pass


def prepare_wonders(game: Game) -> None:
    """A start from which wonders get built: every player holds Engineering and every wonder's advance
    (with the advances before it in its category), two wonder cards, resources, tokens and a Happy city."""
    rules = game.rules
    needed = {rules.game.wonder_advance, *(w.advance for w in rules.wonders.values())}
    for player in game.players:
        for category in rules.categories:
            names = [a.name for a in category.advances]
            deepest = max((names.index(n) for n in needed if n in names), default=-1)
            player.advances += [n for n in names[: deepest + 1] if n not in player.advances]
        player.wonder_cards += [str(c) for c in (draw_card(game, "wonder"), draw_card(game, "wonder")) if c]
        player.resources.update(food=5, wood=7, ore=7, gold=4)
        player.culture_tokens, player.mood_tokens = 10, 4
        for city in game.cities_of(player.index):
            city.mood = "happy"
    holdings_changed(game)


def players_for(seed: int) -> int:
    return 2 + seed % 3


def agents_for(seed: int, kind: str) -> str:
    return ("random", "aggressive")[seed % 2] if kind == "mixed" else kind


def starting_game(
    seed: int, players: int | list[str], colours: list[str] | None = None, civilizations: list[str] | None = None
) -> Game:
    game = new_game(players, seed, colours=colours, civilizations=civilizations)
    if wonder_start(seed):
        prepare_wonders(game)
    return game


def wonder_start(seed: int) -> bool:
    return seed % 4 == 3


def civilizations_for(seed: int, players: int, setting: str) -> list[str] | None:
    """The civilizations of a soak game's seats: every one the rules define (those not yet offered to
    players too, so their abilities are exercised), dealt from the seed."""
    if setting == "none" or (setting == "mixed" and seed // 2 % 2):
        return None
    keys = list(default_ruleset().civilizations)
    random.Random(seed).shuffle(keys)
    return keys[:players]


def play_one(seed: int, agent_kind: str = "mixed", replay: bool = False, civs: str = "mixed") -> GameResult:
    """Play one seeded game under checks; never raises for a problem of the game itself."""
    players, kind = players_for(seed), agents_for(seed, agent_kind)
    result = GameResult(seed, players, kind, wonder_start(seed), civilizations_for(seed, players, civs))
    save_at = random.Random(seed).randrange(1, 200)
    agents = (
        random_agents(players, seed) if kind == "random" else [AggressiveAgent(f"{seed}:{i}") for i in range(players)]
    )

    def check(game, action) -> None:
        result.actions += 1
        problems = check_invariants(game)
        if problems:
            raise _Violation(f"step {result.actions}, after {action!r}: {'; '.join(problems)}")
        if result.actions == save_at and state_hash(loads(dumps(game))) != state_hash(game):
            raise _Violation(f"step {result.actions}: the game saved and loaded back is a different state")

    try:
        game = play_out(starting_game(seed, players, civilizations=result.civilizations), agents, observer=check)
        result.objectives = sum(len(p.completed_objectives) for p in game.players)
        result.wonders = sum(len(p.wonders_built) for p in game.players)
        result.cards = cards_played(game)
        if replay:
            _check_replay(game)
    except _Violation as exc:
        result.violation = str(exc)
    except Exception as exc:  # a crash of the engine (GameRunError) or of the checks themselves
        result.crash = f"{type(exc).__name__}: {exc}"
    return result


def cards_played(game: Game) -> Counter[str]:
    """The action halves played in the game, counted from the log (its line for every card played)."""
    return Counter(line.split(PLAYED, 1)[1].split(",", 1)[0] for line in game.log if PLAYED in line)


def _check_replay(game) -> None:
    civs = [p.civilization for p in game.players]
    replayed = starting_game(
        game.seed,
        [p.name for p in game.players],
        [p.color for p in game.players],
        [str(c) for c in civs] if all(civs) else None,
    )
    for entry in game.history:
        apply(replayed, from_plain(Action, entry))
    if state_hash(replayed) != state_hash(game):
        raise _Violation("replaying the action log from the seed gives a different final state")


@dataclass
class SoakReport:
    games: int = 0
    actions: int = 0
    objectives: int = 0
    wonders: int = 0
    cards: Counter[str] = field(default_factory=Counter)
    violations: list[GameResult] = field(default_factory=list)
    crashes: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.actions += result.actions
        self.objectives += result.objectives
        self.wonders += result.wonders
        self.cards += result.cards
        if result.violation:
            self.violations.append(result)
        if result.crash:
            self.crashes.append(result)

    @property
    def ok(self) -> bool:
        return not self.violations and not self.crashes

    def text(self, shown: int = 20) -> str:
        rate = self.games / self.seconds if self.seconds else 0.0
        lines = [
            f"games       {self.games}  ({self.seconds:.0f} s, {rate:.1f} games/s)",
            f"actions     {self.actions}",
            f"objectives  {self.objectives} completed",
            f"wonders     {self.wonders} built",
            f"cards       {self.cards.total()} action halves played: "
            + (", ".join(f"{half} {n}" for half, n in sorted(self.cards.items())) or "none"),
            f"violations  {len(self.violations)}",
            f"crashes     {len(self.crashes)}",
        ]
        for label, results in (("violation", self.violations), ("crash", self.crashes)):
            for r in sorted(results, key=lambda r: r.seed)[:shown]:
                lines.append(
                    f"  {label}: seed {r.seed} ({r.players} players, {r.agents} agents): "
                    f"{(r.violation or r.crash or '')[:400]}"
                )
            if len(results) > shown:
                lines.append(f"  ... and {len(results) - shown} more")
        if not self.ok:
            lines.append("Replay one game: python -m bench.soak --games 1 --first-seed SEED")
        return "\n".join(lines)


def _play(args: tuple[int, str, bool, str]) -> GameResult:
    return play_one(*args)


def run(
    games: int, first_seed: int = 0, agents: str = "mixed", jobs: int = 1, replay: bool = False, civs: str = "mixed"
) -> SoakReport:
    report = SoakReport()
    started = time.monotonic()
    work = [(seed, agents, replay, civs) for seed in range(first_seed, first_seed + games)]
    if jobs <= 1:
        for result in map(_play, work):
            report.add(result)
    else:
        with get_context("fork").Pool(jobs) as pool:
            for result in pool.imap_unordered(_play, work, chunksize=4):
                report.add(result)
    report.seconds = time.monotonic() - started
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--agents", choices=AGENTS, default="mixed")
    parser.add_argument("--civilizations", choices=CIVILIZATIONS, default="mixed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per CPU)")
    parser.add_argument("--replay", action="store_true", help="also replay every game from its seed and action log")
    args = parser.parse_args(argv)
    new_game(2, 0)  # load the rules once, before the worker processes fork
    report = run(args.games, args.first_seed, args.agents, args.jobs, args.replay, args.civilizations)
    print(report.text())
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
