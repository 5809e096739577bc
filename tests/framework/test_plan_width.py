"""How wide a turn plan looks: `SearchSettings.plan_width`, the best follow-ups of each planned step
that are followed a step further."""

import copy
import math
import random
from dataclasses import dataclass
from typing import ClassVar

from civgame.framework.actions import Action
from civgame.framework.search import FlatMonteCarlo, Lookahead, SearchSettings, rank

# One seat's turn of three steps, each a letter; a line's worth once its last letter is played.
WORTH = {
    "a": 0.3,  # the better opening one step ahead
    "ab": 0.5,  # ranks first of its follow-ups
    "abx": 0.6,
    "ac": 0.4,  # second
    "acx": 0.7,
    "ad": 0.35,  # third: a line only a plan three wide follows
    "adx": 5.0,
    "e": 0.2,
    "ef": 0.3,
    "efx": 1.0,
}


@dataclass(frozen=True)
class Letter(Action):
    REGISTRY: ClassVar[dict[str, type]] = {}
    KIND: ClassVar[str] = "letter"
    letter: str


@dataclass
class Path:
    line: str = ""


def _legal(game: Path) -> list[Letter]:
    follow = sorted(line[-1] for line in WORTH if len(line) == len(game.line) + 1 and line.startswith(game.line))
    return [Letter(letter) for letter in follow]


def _apply(game: Path, action: Letter) -> None:
    game.line += action.letter


def _value(game: Path, seat: int) -> float:
    return WORTH.get(game.line, 0.0)


LOOK: Lookahead[Path, Letter] = Lookahead(
    legal_actions=_legal,
    apply=_apply,
    apply_listed=_apply,
    copy=copy.deepcopy,
    determinise=lambda game, seat, rng: copy.deepcopy(game),
    value=_value,
    random_action=lambda game, rng: None,
    playout=lambda game, rng, steps: 0,
    actor=lambda game: 0,
    is_over=lambda game: len(game.line) == 3,
    deciding=lambda game: False,
    considered=lambda actions: actions,
    order=lambda action: 0.0,
    lost=-1.0,
)


def _choice(width: int) -> Letter:
    settings = SearchSettings(
        budget=math.inf, candidates=2, playout_steps=0, max_samples=0, planned=2, plan_depth=2, plan_width=width
    )
    rng = random.Random(3)
    search = FlatMonteCarlo(LOOK, settings, rng)
    game = Path()
    ranked = rank(LOOK, game, 0, _legal(game), rng)
    assert [action for _, action in ranked] == [Letter("a"), Letter("e")]  # one step ahead "a" leads
    return search.choose_among(game, game, 0, ranked, math.inf)


def test_a_plan_three_wide_finds_the_line_behind_the_third_follow_up():
    assert _choice(width=3) == Letter("a")  # a, d, x: worth 5


def test_a_narrower_plan_misses_it_and_takes_the_better_line_it_sees():
    assert _choice(width=2) == Letter("e")  # e, f, x: worth 1, above a's best line of the two it follows (0.7)
    assert _choice(width=1) == Letter("e")
