"""Computer players' search over any game's legal actions: one-step ranking and flat Monte Carlo.

A game lends the search what it needs as a `Lookahead`: how to list and apply actions, copy a
position for look-ahead, deal a seat's hidden information anew (`determinise`: a seat decides from
what it may see), value a position for a seat, and pick a quick random action for playouts. The
search itself knows no rule of any game.

- `rank` tries each action once on a copy and values the position reached (one step ahead); an
  action that opens a choice of many ways (`Lookahead.followed_best`) is followed by its best ways.
- `FlatMonteCarlo` ranks, keeps the best few, optionally plans the seat's own turn (each candidate
  valued by the best line of its own actions that may follow it), then spends a time budget on
  samples: each deals the hidden information anew, plays the candidate and a short random
  continuation, and values the result. Every candidate is tried in the same sampled worlds with the
  same continuation, and its one-step value counts as `prior` samples, so that a few noisy samples
  (a busy processor) do not overrule a clear ranking.

Work is counted, not timed, when the budget in seconds is `math.inf`: the ranking looks at most
`ranked_at_most` actions, the samples stop at `max_samples` (or fewer, as a caller allots them), so
the same seed gives the same choice on any machine, however busy. A decision the game says its
ranking settles (`Lookahead.settled`: a payment's split, the order of units), or whose best ranked
action leads the next by `decisive` or more, is taken without samples.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from civgame.framework.actions import Action
from civgame.framework.errors import RuleError

G = TypeVar("G")
A = TypeVar("A", bound=Action)

NOISE = 1e-3  # breaks ties between equally valued actions at random
RANKING_SHARE = 0.5  # of a search's time budget, at most spent ranking the legal actions
SAMPLING_SHARE = 0.15  # of a search's time budget, at least left for sampling after planning
# After an action, the acting player's own follow-up choices (a payment, a casualty) are settled
# with a few random answers before the position is valued, so that an action is not valued half done.
FOLLOW_UP_STEPS = 4


@dataclass(frozen=True)
class Lookahead(Generic[G, A]):
    """What the search needs of a game, for one seat's way of valuing positions."""

    legal_actions: Callable[[G], Sequence[A]]
    apply: Callable[[G, A], None]  # checked as a person's action is
    apply_listed: Callable[[G, A], None]  # an action just listed for this very state
    copy: Callable[[G], G]  # a copy for look-ahead (it may leave out the game's record)
    determinise: Callable[[G, int, random.Random], G]  # the seat's view, hidden information dealt anew
    value: Callable[[G, int], float]  # the position's worth for a seat, relative to the others
    random_action: Callable[[G, random.Random], A | None]  # a quick playout step, None if none
    playout: Callable[[G, random.Random, int], int]  # up to n quick steps; how many were played
    actor: Callable[[G], int]
    is_over: Callable[[G], bool]
    deciding: Callable[[G], bool]  # whether a decision is pending (the turn's action is not done)
    considered: Callable[[Sequence[A]], Sequence[A]]  # the actions weighed (kinds an agent never starts left out)
    order: Callable[[A], float]  # under a deadline, actions are ranked in this order (lowest first)
    lost: float  # the value of a line the rules refuse: worse than any position
    # Whether the decision at hand is one the one-step ranking settles alone (no plan, no samples).
    settled: Callable[[G], bool] = lambda game: False
    # Actions whose follow-up choices the ranking makes at their best one step ahead rather than at
    # random: those that open a choice of many ways (a move of several units), whose worth a random
    # answer hides.
    followed_best: Callable[[A], bool] = lambda action: False
    # The state of a position's dice, and how to deal it new dice: an action whose playing changed
    # the state (a battle's rolls) is valued by the mean of `rolls` rolls, not by one lucky or
    # unlucky roll.
    dice: Callable[[G], object] = lambda game: None
    reroll: Callable[[G, random.Random], None] = lambda game, rng: None
    rolls: int = 1


def apply_and_follow_up(
    look: Lookahead[G, A], game: G, action: A, seat: int, rng: random.Random, best: bool = False
) -> float | None:
    """Apply `action`, then settle a few of the seat's own follow-up decisions: at random, or with
    `best` each at its best one step ahead (`best_valued`). A best follow-up whose outcome was
    rolled is not played: its mean value over `Lookahead.rolls` rolls is returned, to stand for the
    position (None otherwise: the position reached is to be valued)."""
    look.apply(game, action)
    for _ in range(FOLLOW_UP_STEPS):
        if not look.deciding(game) or look.actor(game) != seat or look.is_over(game):
            return None
        if best:
            chosen = best_valued(look, game, seat, rng)
            if chosen is None:
                return None
            worth, follow_up, rolled = chosen
            if rolled:
                return worth
        else:
            random_follow_up = look.random_action(game, rng)
            if random_follow_up is None:
                return None
            follow_up = random_follow_up
        look.apply_listed(game, follow_up)
    return None


def best_valued(look: Lookahead[G, A], game: G, seat: int, rng: random.Random) -> tuple[float, A, bool] | None:
    """The seat's legal action that values best one step ahead (its own follow-ups at random), with
    its value and whether it was rolled (`expected_value`); None if no action can be played."""
    best: tuple[float, A, bool] | None = None
    for action in look.considered(look.legal_actions(game)):
        try:
            worth, rolled = expected_value(look, game, action, seat, rng)
        except Exception:  # legal for the seat, but not playable in this sampled world
            continue
        if best is None or worth > best[0]:
            best = (worth, action, rolled)
    return best


def expected_value(look: Lookahead[G, A], game: G, action: A, seat: int, rng: random.Random) -> tuple[float, bool]:
    """The seat's value of the position after `action` and its own follow-ups at random, and
    whether the dice were rolled on the way (`Lookahead.dice` changed): if so, with `Lookahead.rolls`
    above 1, the mean over that many rolls, the first with the position's dice, the others with
    dice dealt anew (`Lookahead.reroll`), so that one lucky or unlucky roll does not decide."""
    after = look.copy(game)
    apply_and_follow_up(look, after, action, seat, rng)
    worth = look.value(after, seat)
    if look.rolls < 2 or look.dice(after) == look.dice(game):
        return worth, False
    for _ in range(look.rolls - 1):
        after = look.copy(game)
        look.reroll(after, rng)
        apply_and_follow_up(look, after, action, seat, rng)
        worth += look.value(after, seat)
    return worth / look.rolls, True


def _one_step_value(look: Lookahead[G, A], game: G, action: A, seat: int, rng: random.Random) -> float:
    """The ranking's value of `action`: with its best follow-ups if it opens a choice of many ways
    (`Lookahead.followed_best`), else `expected_value`."""
    if not look.followed_best(action):
        return expected_value(look, game, action, seat, rng)[0]
    after = look.copy(game)
    expected = apply_and_follow_up(look, after, action, seat, rng, best=True)
    return look.value(after, seat) if expected is None else expected


def rank(
    look: Lookahead[G, A],
    view: G,
    seat: int,
    actions: Sequence[A],
    rng: random.Random,
    deadline: float | None = None,
    most: int | None = None,
) -> list[tuple[float, A]]:
    """The actions with their one-step values on `view`, best first (none if there are none to rank).

    With a `deadline` (a `time.perf_counter` value) or at `most` so many, the actions are tried in
    `look.order` and those not tried in time, or beyond that many, are left out.
    """
    if deadline is not None or most is not None:
        actions = sorted(actions, key=look.order)[:most]
    scored: list[tuple[float, A]] = []
    for action in actions:
        if deadline is not None and scored and time.perf_counter() > deadline:
            break
        try:
            worth = _one_step_value(look, view, action, seat, rng)
        except Exception:  # legal for the seat, but not playable in this sampled world: skip it here
            continue
        scored.append((worth + rng.random() * NOISE, action))
    if not scored and actions:
        scored = [(0.0, rng.choice(list(actions)))]
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored


@dataclass(frozen=True)
class SearchSettings:
    budget: float  # seconds of search per decision (math.inf: counted work only, a repeatable search)
    candidates: int  # how many of the best-ranked actions are searched
    playout_steps: int  # random actions after the candidate before the position is valued
    max_samples: int | None = None  # stop after this many samples (needed when the budget is math.inf)
    # A candidate's one-step value counts as this many samples of its average.
    prior: float = 0.0
    # Candidates valued with the best line of the seat's own actions that may follow them in the
    # same turn before sampling: `planned` candidates, lines of up to `plan_depth` actions after them.
    planned: int = 0
    plan_depth: int = 1
    plan_width: int = 2  # the best follow-ups of each planned step looked at a further step ahead
    ranked_at_most: int | None = None  # actions ranked, in `Lookahead.order` (None: all, or as time allows)
    # A best ranked (or planned) action this much better than the next is taken without samples.
    decisive: float = math.inf

    def __post_init__(self) -> None:
        if math.isinf(self.budget) and self.max_samples is None:
            raise ValueError("a search without a time budget needs max_samples")


class FlatMonteCarlo(Generic[G, A]):
    """Flat Monte Carlo search over the best-ranked actions within a time budget."""

    def __init__(self, look: Lookahead[G, A], settings: SearchSettings, rng: random.Random) -> None:
        self.look = look
        self.settings = settings
        self.rng = rng
        self.sampled = 0  # samples the last `choose_among` took

    def ranked(self, game: G, seat: int, actions: Sequence[A], started: float) -> tuple[G, list[tuple[float, A]]]:
        """The seat's determinised view and the actions ranked on it, within the ranking's share of the budget."""
        view = self.look.determinise(game, seat, self.rng)
        timed = math.isfinite(self.settings.budget)
        ranking_ends = started + self.settings.budget * RANKING_SHARE if timed else None
        return view, rank(self.look, view, seat, actions, self.rng, ranking_ends, self.settings.ranked_at_most)

    def choose_among(
        self,
        game: G,
        view: G,
        seat: int,
        ranked: list[tuple[float, A]],
        deadline: float,
        samples: int | None = None,
        plan: tuple[int, int] | None = None,
    ) -> A:
        """The best of the ranked candidates once planned and sampled until `deadline`, and at most
        `samples` times (besides `max_samples`; 0: the ranking, or plan, decides). `plan`: how many
        candidates are planned, how many actions deep, instead of the settings' `planned` and `plan_depth`."""
        self.sampled = 0
        if self.look.settled(game):
            return ranked[0][1]
        best_ranked = ranked[: self.settings.candidates]
        planned, depth = plan or (self.settings.planned, self.settings.plan_depth)
        if planned:
            best_ranked = self._plan(view, seat, best_ranked, deadline, planned, depth)
        candidates = [action for _, action in best_ranked]
        if len(candidates) == 1:
            return candidates[0]
        most = min(n for n in (self.settings.max_samples, samples, math.inf) if n is not None)
        if most < 1 or self._decisive(best_ranked):
            return max(best_ranked, key=lambda pair: pair[0])[1]
        # Every candidate is tried in the same sampled worlds with the same random continuation,
        # so that the comparison is not drowned by the luck of the samples.
        totals = [self.settings.prior * one_step for one_step, _ in best_ranked]
        samples = 0
        while samples == 0 or (time.perf_counter() < deadline and samples < most):
            world = self.look.determinise(game, seat, self.rng)
            seed = self.rng.getrandbits(64)
            values = [self._sample(self.look.copy(world), seat, action, seed) for action in candidates]
            played = [v for v in values if v is not None]
            if len(played) == len(values):
                totals = [total + v for total, v in zip(totals, played, strict=True)]
            samples += 1
        self.sampled = samples
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _decisive(self, ranked: list[tuple[float, A]]) -> bool:
        """Whether the best ranked (or planned) candidate leads the next by `decisive` or more."""
        first, second = sorted((value for value, _ in ranked), reverse=True)[:2]
        return first - second >= self.settings.decisive

    def _plan(
        self, view: G, seat: int, ranked: list[tuple[float, A]], deadline: float, planned: int, depth: int
    ) -> list[tuple[float, A]]:
        """`ranked` with the first `planned` candidates valued by the best line of up to `depth` of their
        own follow-up actions, as far as `deadline` allows (a candidate not reached keeps its one-step
        value)."""
        timed = math.isfinite(deadline) and math.isfinite(self.settings.budget)
        planning_ends = deadline - self.settings.budget * SAMPLING_SHARE if timed else deadline
        valued = []
        for index, (value, action) in enumerate(ranked):
            if index < planned and time.perf_counter() < planning_ends:
                value = max(value, self._best_follow_up(view, seat, action, planning_ends, depth))
            valued.append((value, action))
        return valued

    def _best_follow_up(self, view: G, seat: int, action: A, deadline: float, depth: int) -> float:
        """The value of the best line of up to `depth` more own actions after `action` in the same
        turn, each valued one step ahead as in the ranking (the `plan_width` best of each step
        looked at further); `look.lost` when there is none (the turn passes, or the world fails)."""
        look = self.look
        after = look.copy(view)
        try:
            apply_and_follow_up(look, after, action, seat, self.rng)
        except Exception:
            return look.lost
        if look.is_over(after) or look.deciding(after) or look.actor(after) != seat:
            return look.lost
        actions = look.considered(look.legal_actions(after))
        ranked = rank(look, after, seat, actions, self.rng, deadline, self.settings.ranked_at_most)
        best = ranked[0][0]
        if depth > 1:
            for _, follow_up in ranked[: self.settings.plan_width]:
                if time.perf_counter() > deadline:
                    break
                best = max(best, self._best_follow_up(after, seat, follow_up, deadline, depth - 1))
        return best

    def _sample(self, world: G, seat: int, action: A, seed: int) -> float | None:
        """The value reached by `action` and a random continuation in `world`; None if the rules
        failed on the way. A sampled world holds guesses (hidden cards dealt anew) that no real game
        reached: a failure there says nothing about the candidates, so the sample is left out for
        all of them rather than ending the real game."""
        rng = random.Random(seed)
        try:
            apply_and_follow_up(self.look, world, action, seat, rng)
        except RuleError:
            return self.look.lost
        except Exception:
            return None
        try:
            self.look.playout(world, rng, self.settings.playout_steps)
        except Exception:
            return None
        return self.look.value(world, seat)
