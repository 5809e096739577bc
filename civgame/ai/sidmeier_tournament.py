"""The tournament of Sid Meier's Civilization's computer players (`civgame tournament --game sid-meier`):
seeded 4-player games of one measured level against three of another, the measured level's win rate
against its target and its thinking time per decision.

    civgame tournament --game sid-meier                        # both target match-ups, 12 games each
    civgame tournament --game sid-meier --only normal-easy --games 4
    civgame tournament --game sid-meier --lineup easy,random   # any line-up of random, easy, normal, hard

Random is the random player of headless play (`civgame.headless.KindRandomAgent`). The measured level
changes seat every game (`matches.seating`). Thinking is measured per decision with more than one legal
action in processor seconds: the levels think against the clock, and on a busy machine the clock runs on
while another program has the processor, so the processor time is what the level itself spent.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from civgame.ai.matches import GameResult, Matchup, seating, strength_rows
from civgame.ai.sidmeier import GAME, LEVELS, make_agent
from civgame.framework.play import play_out
from civgame.framework.wording import counted
from civgame.headless import KindRandomAgent
from civgame.measures import Figure, median, table

MATCHUPS: dict[str, Matchup] = {
    "normal-random": Matchup("Normal vs three Random (4 players)", ("normal", "random", "random", "random"), 0.95),
    "normal-easy": Matchup("Normal vs three Easy (4 players)", ("normal", "easy", "easy", "easy"), 0.70),
}
PLAYERS = ("random", *LEVELS)
GAMES = 12  # games per match-up unless told otherwise
# Processor seconds per decision: (median, p99) targets by level.
THINKING_TARGETS: dict[str, tuple[float | None, float | None]] = {"normal": (0.5, 2.0)}


class _Timed:
    """An agent that records the processor time of each real choice (more than one legal action)."""

    def __init__(self, agent: Any, times: list[float]) -> None:
        self.agent, self.times = agent, times

    def choose(self, game: Any, actions: Sequence[Any]) -> Any:
        start = time.process_time()
        action = self.agent.choose(game, actions)
        if len(actions) > 1:
            self.times.append(time.process_time() - start)
        return action


def player(level: str, seed: str) -> Any:
    return KindRandomAgent(seed) if level == "random" else make_agent(level, seed)


def play_one(lineup: tuple[str, ...], seed: int) -> GameResult:
    """One seeded game of the line-up, seated by `seating`; totals are the victory scores."""
    started = time.perf_counter()
    levels = seating(lineup, seed)
    thinking: dict[str, list[float]] = {level: [] for level in levels}
    agents = [_Timed(player(level, f"{seed}:{seat}"), thinking[level]) for seat, level in enumerate(levels)]
    game = GAME.new_game(len(levels), seed)
    play_out(GAME, game, agents, max_steps=GAME.long_game_actions)
    outcome = GAME.outcome(game)
    return GameResult(
        levels,
        list(outcome.scores),
        list(outcome.winners),
        thinking,
        seconds=time.perf_counter() - started,
    )


def report(matchups: Sequence[Matchup], results: Sequence[GameResult]) -> str:
    rows = strength_rows(matchups, results, THINKING_TARGETS, clock=", CPU")
    minutes = median([r.seconds for r in results]) / 60
    rows.append(Figure("game length (median, wall clock)", minutes, "min", None, counted(len(results), "game")))
    return table(rows)
