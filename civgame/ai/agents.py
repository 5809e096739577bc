"""Computer players of three strengths, all choosing among the engine's legal actions.

- Easy (`HeuristicAgent`) tries each legal action once on a determinised copy and keeps the one
  whose position it values most (one step ahead, `evaluation.value`).
- Normal and Hard (`SearchAgent`) rank the actions the same way, then spend a time budget on flat
  Monte Carlo search over the best few: each sample determinises the hidden information anew, plays
  the action and a short random continuation, and values the position reached. The candidate with
  the best average over the samples is played (all candidates share each sample's world and random
  continuation); its one-step value counts as several samples, so that a few noisy continuations (a
  busy processor) do not overrule a clear ranking. Normal values positions with the foresighted
  weights (production counts while the game has long to go, the hand's promise, a game about to
  end). Hard searches longer, with its own evaluation (`evaluation.HARD_WEIGHTS`: also what its
  cities could collect under the resource limits, which cities enemy armies could reach, a settler's
  worth where it may found a city, and holdings that lose their worth as the last round nears), and
  before sampling it plans its own turn: each candidate is valued by the best line of its own
  actions that may follow it in the same turn (move a settler, then found a city), so the ranking
  its samples weigh against sees a whole turn. Its plan weighs against its samples about as Normal's
  ranking weighs against Normal's (40 samples' worth against a median of about 200 samples on the
  2-core machine, idle; Normal: 8 against about 60).

Every action type is handled alike: agents only apply actions and value positions, so new
content needs at most new evaluation weights. Trade offers are the one kind weighed apart: Normal
and Hard offer people the resources that let them take an action they could not (`offers`). No
agent reads hidden information: each looks only at `fairness.determinise` copies of the game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from civgame.ai.evaluation import EASY, FORESIGHTED, HARD_WEIGHTS, WIN, Weights, relative_value
from civgame.ai.fairness import determinise
from civgame.ai.offers import OfferPlan, best_offer
from civgame.ai.playout import PLAYOUT_WEIGHTS, playout, random_action
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import Action, CancelPayment, StartTrade
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.flow.controller import apply, legal_actions

# After an action, the acting player's own follow-up choices (a payment, a casualty) are settled
# with a few random answers before the position is valued, so that an action is not valued
# half done.
FOLLOW_UP_STEPS = 4
NOISE = 1e-3  # breaks ties between equally valued actions at random
RANKING_SHARE = 0.5  # of a search's time budget, at most spent ranking the legal actions
PLAN_WIDTH = 2  # answers of each planned step looked at a further step ahead
SAMPLING_SHARE = 0.15  # of a search's time budget, at least left for sampling after planning
OFFER_SHARE = 0.2  # of a search's time budget, at most spent looking for a trade offer to a human player
# Kinds of action a computer player does not weigh among the others: Normal and Hard make trade offers
# by `offers.best_offer`, which values them by what they let the player do; Easy makes none. All
# answer the offers they are made. A payment asked for an action the player chose is paid: the action
# was valued paid, and cancelling only brings the player back to choosing it again (`loops`).
NOT_STARTED = frozenset({StartTrade.KIND, CancelPayment.KIND})


def considered(actions: Sequence[Action]) -> Sequence[Action]:
    """The actions a computer player weighs: all but the kinds it does not start, unless only those remain."""
    kept = [a for a in actions if a.KIND not in NOT_STARTED]
    return kept or actions


class HeuristicAgent:
    """Easy: the legal action that looks best one step ahead."""

    def __init__(self, seed: int | str, weights: Weights = EASY) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        actions = considered(actions)
        if len(actions) == 1:
            return actions[0]
        seat = game.actor()
        ranked = rank(determinise(game, seat, self.rng), seat, actions, self.rng, self.weights)
        return ranked[0][1]


def rank(
    view: Game,
    seat: int,
    actions: Sequence[Action],
    rng: random.Random,
    weights: Weights,
    deadline: float | None = None,
) -> list[tuple[float, Action]]:
    """The actions with their one-step values on `view`, best first.

    With a `deadline` (a `time.perf_counter` value) the actions are tried in order of their kind's
    playout weight (those that build first) and those not tried in time are left out.
    """
    if deadline is not None:
        actions = sorted(actions, key=lambda a: -PLAYOUT_WEIGHTS.get(a.KIND, 1.0))
    scored: list[tuple[float, Action]] = []
    for action in actions:
        if deadline is not None and scored and time.perf_counter() > deadline:
            break
        after = copy_game(view, with_record=False)
        try:
            apply_and_follow_up(after, action, seat, rng)
        except Exception:  # legal for the seat, but not playable in this sampled world: skip it here
            continue
        scored.append((relative_value(after, seat, weights) + rng.random() * NOISE, action))
    if not scored:
        scored = [(0.0, rng.choice(list(actions)))]
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored


def apply_and_follow_up(game: Game, action: Action, seat: int, rng: random.Random) -> None:
    """Apply `action`, then settle a few of the seat's own follow-up decisions at random."""
    apply(game, action)
    for _ in range(FOLLOW_UP_STEPS):
        if not game.pending or game.actor() != seat or game.phase == "over":
            return
        follow_up = random_action(game, rng)
        if follow_up is None:
            return
        apply(game, follow_up, listed=True)


@dataclass(frozen=True)
class SearchSettings:
    budget: float  # seconds of search per decision
    candidates: int  # how many of the best-ranked actions are searched
    playout_steps: int  # random actions after the candidate before the position is valued
    weights: Weights
    max_samples: int | None = None  # stop early after this many samples (a repeatable search)
    # A candidate's one-step value counts as this many samples of its average: with few samples
    # (a busy processor) the ranking still decides, and the random continuations only overrule it
    # when they agree.
    prior: float = 0.0
    # Candidates valued with the best line of the seat's own actions that may follow them in the
    # same turn (move a settler, then found a city) before sampling: `planned` candidates, lines
    # of up to `plan_depth` actions after them.
    planned: int = 0
    plan_depth: int = 1


NORMAL_SEARCH = SearchSettings(budget=0.3, candidates=5, playout_steps=12, weights=FORESIGHTED, prior=8.0)
# Hard searches longer, with its own evaluation, and plans its turn two actions beyond each
# candidate; its plan weighs against its many more samples about as Normal's ranking does.
HARD_SEARCH = SearchSettings(
    budget=1.7, candidates=6, playout_steps=12, weights=HARD_WEIGHTS, prior=40.0, planned=6, plan_depth=2
)


class SearchAgent:
    """Normal and Hard: flat Monte Carlo search over the best-ranked actions within a time budget."""

    def __init__(self, seed: int | str, settings: SearchSettings = NORMAL_SEARCH) -> None:
        self.rng = random.Random(seed)
        self.settings = settings
        self.offer = OfferPlan()

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        step = self.offer.next_step(game, actions)
        if step is not None:
            return step
        legal = actions
        actions = considered(actions)
        if len(actions) == 1:
            return actions[0]
        now = time.perf_counter()
        deadline = now + self.settings.budget
        seat = game.actor()
        view = determinise(game, seat, self.rng)
        ranking_ends = now + self.settings.budget * RANKING_SHARE
        ranked = rank(view, seat, actions, self.rng, self.settings.weights, ranking_ends)
        offer = best_offer(
            view,
            seat,
            legal,
            ranked[0][0],
            lambda after, enabled: rank(after, seat, enabled, self.rng, self.settings.weights),
            self.settings.weights,
            time.perf_counter() + self.settings.budget * OFFER_SHARE,
            self.offer.made_lately(game),
        )
        if offer is not None:
            return self.offer.start(game, offer)
        best_ranked = ranked[: self.settings.candidates]
        if self.settings.planned:
            best_ranked = self._plan(view, seat, best_ranked, deadline)
        candidates = [action for _, action in best_ranked]
        if len(candidates) == 1:
            return candidates[0]
        # Every candidate is tried in the same sampled worlds with the same random continuation,
        # so that the comparison is not drowned by the luck of the samples.
        totals = [self.settings.prior * one_step for one_step, _ in best_ranked]
        samples = 0
        most = self.settings.max_samples
        while samples == 0 or (time.perf_counter() < deadline and (most is None or samples < most)):
            world = determinise(game, seat, self.rng)
            seed = self.rng.getrandbits(64)
            values = [self._sample(copy_game(world, with_record=False), seat, action, seed) for action in candidates]
            played = [v for v in values if v is not None]
            if len(played) == len(values):
                totals = [total + v for total, v in zip(totals, played, strict=True)]
            samples += 1
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _plan(
        self, view: Game, seat: int, ranked: list[tuple[float, Action]], deadline: float
    ) -> list[tuple[float, Action]]:
        """`ranked` with the first `planned` candidates valued by the best line of their own
        follow-up actions, as far as `deadline` allows (a candidate not reached keeps its one-step
        value)."""
        planning_ends = deadline - self.settings.budget * SAMPLING_SHARE
        depth = self.settings.plan_depth
        planned = []
        for index, (value, action) in enumerate(ranked):
            if index < self.settings.planned and time.perf_counter() < planning_ends:
                value = max(value, self._best_follow_up(view, seat, action, planning_ends, depth))
            planned.append((value, action))
        return planned

    def _best_follow_up(self, view: Game, seat: int, action: Action, deadline: float, depth: int) -> float:
        """The value of the best line of up to `depth` more own actions after `action` in the same
        turn, each valued one step ahead as in the ranking (the `PLAN_WIDTH` best of each step
        looked at further); -WIN when there is none (the turn passes, or the world fails)."""
        after = copy_game(view, with_record=False)
        try:
            apply_and_follow_up(after, action, seat, self.rng)
        except Exception:
            return -WIN
        if after.phase == "over" or after.pending or after.actor() != seat:
            return -WIN
        ranked = rank(after, seat, considered(legal_actions(after)), self.rng, self.settings.weights, deadline)
        best = ranked[0][0]
        if depth > 1:
            for _, follow_up in ranked[:PLAN_WIDTH]:
                if time.perf_counter() > deadline:
                    break
                best = max(best, self._best_follow_up(after, seat, follow_up, deadline, depth - 1))
        return best

    def _sample(self, world: Game, seat: int, action: Action, seed: int) -> float | None:
        """The value reached by `action` and a random continuation in `world`; None if the rules
        failed on the way. A sampled world holds guesses (hidden cards dealt anew) that no real game
        reached: a failure there says nothing about the candidates, so the sample is left out for
        all of them rather than ending the real game."""
        rng = random.Random(seed)
        try:
            apply_and_follow_up(world, action, seat, rng)
        except RuleError:
            return -WIN
        except Exception:
            return None
        try:
            playout(world, rng, self.settings.playout_steps)
        except Exception:
            return None
        return relative_value(world, seat, self.settings.weights)
