"""Computer players of three strengths, all choosing among the engine's legal actions.

- Easy (`HeuristicAgent`) tries each legal action once on a determinised copy and keeps the one
  whose position it values most (one step ahead, `evaluation.value`).
- Normal and Hard (`SearchAgent`) rank the actions the same way, then spend samples on flat Monte
  Carlo search over the best few: each sample determinises the hidden information anew, plays the
  action and a short random continuation, and values the position reached. The candidate with the
  best average over the samples is played (all candidates share each sample's world and random
  continuation); its one-step value counts as several samples, so that a few noisy continuations do
  not overrule a clear ranking. Work is counted, not timed: a whole turn has a budget of samples
  (`TurnBudget`; Hard's, and its turn plan, are set for 2 players, a larger game's smaller), a forced
  action is taken at once, and a decision the ranking settles (a payment's split, a clear best
  action) takes no samples, so the samples go to the decisions that matter and the same seed gives
  the same game on any machine. Normal values positions with the foresighted
  weights (production counts while the game has long to go, the hand's promise, how near a wonder
  is, an enemy city or leader its armies could take, a game about to end), and values a move into a
  battle by the mean of several rolls (`Weights.battle_rolls`; Easy by the one roll it sees).
  Hard searches more, with its own evaluation (`evaluation.HARD_WEIGHTS`: also what its cities
  could collect under the resource limits, which cities enemy armies could reach, a settler's worth
  by its walk to land for a city, a city's by the room it gives its owner's cities to grow, and
  holdings that lose their worth as the last round nears), and before
  sampling it plans its own turn: each candidate is valued by the best line of its own actions that
  may follow it in the same turn (move a settler, then found a city), so the
  ranking its samples weigh against sees a whole turn.

Every action type is handled alike: agents only apply actions and value positions, so new
content needs at most new evaluation weights. Trade offers are the one kind weighed apart: Normal
and Hard offer other players the resources that let them take an action they could not, to a
computer player only what it gains by too (`offers`). No
agent reads hidden information: each looks only at `fairness.determinise` copies of the game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from civgame.ai.evaluation import EASY, FORESIGHTED, HARD_WEIGHTS, WIN, Weights, relative_value
from civgame.ai.fairness import determinise
from civgame.ai.offers import OfferPlan, best_offer
from civgame.ai.playout import PLAYOUT_WEIGHTS, playout, random_action
from civgame.framework import search
from civgame.framework.rng import Rng
from civgame.framework.search import FlatMonteCarlo, Lookahead
from civgame.games.clash.core.actions import Action, CancelPayment, StartMove, StartTrade
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.flow.controller import apply, legal_actions

OFFERS_WEIGHED = 24  # trade offers at most weighed per decision (each a look one step ahead)
# A decision takes at most this share of the samples left for the turn, so that the turn's later
# decisions keep some.
TURN_SHARE = 0.5
# Decisions whose one-step ranking settles them, by the pending decision's kind: a payment's split,
# which units board or fall, which token to take, where a refugee goes.
SETTLED_BY_RANKING = frozenset({"pay", "boarding", "casualties", "token_choice", "reuse_unit", "refugee"})
# Actions the ranking follows with the player's best next choices rather than random ones: a move,
# whose worth lies in where its units go (closing in on an enemy, an attack), which random steps hide.
FOLLOWED_BEST = frozenset({StartMove.KIND})
# Kinds of action a computer player does not weigh among the others: Normal and Hard make trade offers
# by `offers.best_offer`, which values them by what they let the player do; Easy makes none. All
# answer the offers they are made. A payment asked for an action the player chose is paid: the action
# was valued paid, and cancelling only brings the player back to choosing it again (`loops`).
NOT_STARTED = frozenset({StartTrade.KIND, CancelPayment.KIND})


def considered(actions: Sequence[Action]) -> Sequence[Action]:
    """The actions a computer player weighs: all but the kinds it does not start, unless only those remain."""
    kept = [a for a in actions if a.KIND not in NOT_STARTED]
    return kept or actions


def lookahead(weights: Weights) -> Lookahead[Game, Action]:
    """Clash lent to the framework's search, its positions valued with `weights`."""
    return Lookahead(
        legal_actions=legal_actions,
        apply=apply,
        apply_listed=lambda game, action: apply(game, action, listed=True),
        copy=lambda game: copy_game(game, with_record=False),
        determinise=determinise,
        value=lambda game, seat: relative_value(game, seat, weights),
        random_action=random_action,
        playout=playout,
        actor=Game.actor,
        is_over=lambda game: game.phase == "over",
        deciding=lambda game: bool(game.pending),
        considered=considered,
        order=lambda action: -PLAYOUT_WEIGHTS.get(action.KIND, 1.0),  # the actions that build first
        lost=-WIN,
        settled=settled_by_ranking,
        followed_best=lambda action: action.KIND in FOLLOWED_BEST,
        dice=lambda game: game.rng.state,
        reroll=reroll,
        rolls=weights.battle_rolls,
    )


def reroll(game: Game, rng: random.Random) -> None:
    """Deal the position's dice anew (a copy's own generator, seeded from the player's)."""
    game.rng = Rng.from_seed(rng.getrandbits(64))


def settled_by_ranking(game: Game) -> bool:
    """Whether the pending decision is one the one-step ranking settles (`SETTLED_BY_RANKING`)."""
    return bool(game.pending) and game.pending[-1].KIND in SETTLED_BY_RANKING


def rank(
    view: Game,
    seat: int,
    actions: Sequence[Action],
    rng: random.Random,
    weights: Weights,
    deadline: float | None = None,
) -> list[tuple[float, Action]]:
    """The actions with their one-step values on `view`, best first (see `search.rank`)."""
    return search.rank(lookahead(weights), view, seat, actions, rng, deadline)


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


@dataclass(frozen=True)
class SearchSettings(search.SearchSettings):
    weights: Weights = FORESIGHTED
    turn_samples: int | None = None  # samples for a whole turn (None: `max_samples` for every decision)
    # The number of players `turn_samples` and the plan are set for: a game of more players gets fewer
    # samples, and plans fewer candidates less deep (`TurnBudget.share`, `TurnBudget.plan`); None: the
    # same for any number. Each sample or planned line values every player and plays on a fuller board, so
    # it costs more in a 4-player game than in a 2-player game, and a person waits for three computer
    # players in turn rather than one.
    budgeted_players: int | None = None


class TurnBudget:
    """The samples a searching player may still take in the turn at hand: each decision is allotted
    up to `TURN_SHARE` of what is left, so a turn of many decisions costs no more than one of few.
    A turn is the player's part of one phase of a round (its own turn, a status phase, a battle on
    another's turn). `per_turn` is for a game of `players` players; a larger game gets fewer samples a
    turn (`share`)."""

    def __init__(self, per_turn: int | None, players: int | None = None) -> None:
        self.per_turn = per_turn
        self.players = players
        self._turn: tuple[str, int, int, int] | None = None
        self._left = 0

    def share(self, game: Game) -> float:
        """The part of the work set for `players` that a turn of `game` may do (1: all of it): the square of
        the players' ratio, as a sample or a planned line costs about as much more as there are more players
        to value, and a round has as many more turns to wait through."""
        return 1.0 if self.players is None else min(1.0, (self.players / len(game.players)) ** 2)

    def for_game(self, game: Game) -> int | None:
        """The samples of a whole turn in `game` (None: no turn budget)."""
        if self.per_turn is None:
            return None
        return math.ceil(self.per_turn * self.share(game))

    def plan(self, game: Game, planned: int, depth: int) -> tuple[int, int]:
        """The candidates planned and the plan's depth in `game`, of `planned` and `depth` set for `players`:
        fewer candidates and shallower lines in a larger game, where a plan costs more, as a sample does."""
        share = self.share(game)
        return math.ceil(planned * share), max(1, math.floor(depth * share))

    def allot(self, game: Game) -> int | None:
        """The samples this decision may take (None: no turn budget)."""
        per_turn = self.for_game(game)
        if per_turn is None:
            return None
        turn = (game.phase, game.age, game.round, game.current)
        if turn != self._turn:
            self._turn, self._left = turn, per_turn
        return math.ceil(self._left * TURN_SHARE)

    def spend(self, samples: int) -> None:
        self._left = max(0, self._left - samples)


# Both searches count their work instead of timing it (the same seed gives the same game on any
# machine, however busy): a whole turn has its samples, a decision takes at most `max_samples`, the
# ranking looks at the first `ranked_at_most` actions. A decision whose best ranked action leads the
# next by `decisive` points is taken without samples. Time per turn: docs/measurements.md.
NORMAL_SEARCH = SearchSettings(
    budget=math.inf,
    candidates=5,
    playout_steps=12,
    weights=FORESIGHTED,
    prior=8.0,
    max_samples=40,
    turn_samples=160,
    ranked_at_most=60,
    decisive=1.5,
)
# Hard searches longer, with its own evaluation, and plans its turn two actions beyond each
# candidate; its plan weighs against its many more samples about as Normal's ranking does. Its
# samples play 8 random actions after the candidate rather than 12: a fifth less processor time a
# turn, and the same choices on the 20 seeded decisions measured (docs/measurements.md, Hard's pace).
# Its turn's samples are set for 2 players: a 4-player turn has half (each sample costs more there).
HARD_SEARCH = replace(
    NORMAL_SEARCH,
    candidates=6,
    playout_steps=8,
    weights=HARD_WEIGHTS,
    prior=40.0,
    planned=6,
    plan_depth=2,
    max_samples=150,
    turn_samples=450,
    budgeted_players=2,
    ranked_at_most=80,
    decisive=2.5,
)


class SearchAgent:
    """Normal and Hard: flat Monte Carlo search over the best-ranked actions within a turn's budget of samples."""

    def __init__(self, seed: int | str, settings: SearchSettings = NORMAL_SEARCH) -> None:
        self.rng = random.Random(seed)
        self.settings = settings
        self.offer = OfferPlan()
        self.search = FlatMonteCarlo(lookahead(settings.weights), settings, self.rng)
        self.turn = TurnBudget(settings.turn_samples, settings.budgeted_players)

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        step = self.offer.next_step(game, actions)
        if step is not None:
            return step
        legal = actions
        actions = considered(actions)
        if len(actions) == 1:
            return actions[0]
        now = time.perf_counter()
        seat = game.actor()
        view, ranked = self.search.ranked(game, seat, actions, now)
        weights = self.settings.weights
        offer = best_offer(
            view,
            seat,
            legal,
            ranked[0][0],
            lambda after, enabled: rank(after, seat, enabled, self.rng, weights),
            weights,
            OFFERS_WEIGHED,
            self.offer.made_lately(game),
        )
        if offer is not None:
            return self.offer.start(game, offer)
        allotted = self.turn.allot(game)
        plan = self.turn.plan(game, self.settings.planned, self.settings.plan_depth)
        chosen = self.search.choose_among(game, view, seat, ranked, now + self.settings.budget, allotted, plan)
        self.turn.spend(self.search.sampled)
        return chosen
