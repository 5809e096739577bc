"""The kind-weighted random player of headless play: its picks for a seed are fixed (benchmarks and
recorded random games replay them), kinds are weighed in the order first listed, passive kinds less."""

from __future__ import annotations

import random
from dataclasses import dataclass

from civgame.headless import KindRandomAgent


@dataclass(frozen=True)
class Step:
    to: int


@dataclass(frozen=True)
class Build:
    what: str


@dataclass(frozen=True)
class Pass:
    PASSIVE = True


MIXED = [Step(1), Build("a"), Step(2), Pass(), Build("b"), Step(3)]


def test_a_seed_picks_the_same_actions_every_time():
    agent = KindRandomAgent("fixed")
    picks = [agent.choose(None, MIXED) for _ in range(12)]
    assert picks == PINNED


PINNED = [
    Pass(),
    Build("b"),
    Build("a"),
    Step(1),
    Step(3),
    Build("b"),
    Build("b"),
    Build("a"),
    Build("b"),
    Step(3),
    Build("a"),
    Build("a"),
]


def test_a_passive_kind_is_picked_less_and_every_action_can_be():
    agent = KindRandomAgent(7)
    picks = [agent.choose(None, MIXED) for _ in range(3000)]
    assert set(picks) == set(MIXED)
    assert picks.count(Pass()) < picks.count(Build("a")) + picks.count(Build("b"))


def test_a_single_kind_is_drawn_from_directly():
    agent = KindRandomAgent(3)
    assert {agent.choose(None, [Step(1), Step(2)]) for _ in range(50)} == {Step(1), Step(2)}
    assert agent.choose(None, [Pass()]) == Pass()


def test_the_weighted_draw_is_random_choices_own_draw():
    weights = [1.0, 0.25, 1.0, 0.25, 1.0]
    cumulative = [1.0, 1.25, 2.25, 2.5, 3.5]
    for seed in range(200):
        agent, reference = KindRandomAgent(seed), random.Random(str(seed))
        drawn = [agent._weighted(cumulative) for _ in range(5)]
        assert drawn == [reference.choices(range(5), weights)[0] for _ in range(5)]
