"""Every computer level chooses as it did when these digests were taken, and values every position it
looks at as it did: a change meant only to save time must not change a single choice, nor the worth
of any position (`bench.decisions`). A change meant to play differently takes new digests, and says
so: Easy's are those of the code before Hard was made faster; Normal's and Hard's were taken again
when they began to go for weakly held enemy cities and to value a battle by several rolls, and Hard's
again when its samples a turn were set for 2 players (these positions are of 4 players),
and when its budget and turn plan were set for 2 players by the square of the players' ratio (here a
quarter of the samples, and 2 candidates planned 1 action deep instead of 6 candidates 2 deep), and
when it began to value a settler by its walk to land for a city and a city by the room it gives its
owner's cities to grow. Normal's values changed again (not its choices) when a game with a cityless
player stopped being valued as if it ended with today's points: the players with cities score on
until the status phase that ends it. Hard's values changed again (not its choices) when it began
to value a weakly held enemy city within its armies' reach at twice Normal's weight."""

import pytest

from bench import decisions
from civgame.ai import agents, offers

# Four decisions a position, the positions of `bench.decisions.POSITIONS`: (decisions, digest of the
# choices, positions valued, digest of their values to 9 decimals).
DIGESTS = {
    "easy": (8, "e734dac15df1e7f5", 273, "a36d02427f4b06b7"),
    "normal": (8, "65da161beb088bc8", 1341, "a1ea9a6dbc1a24d2"),
    "hard": (8, "a6cceb613b2dd4a3", 1440, "a6967e5117e8fd97"),
}


@pytest.mark.parametrize("level", decisions.LEVELS)
def test_seeded_decisions_are_the_same_as_before(level, monkeypatch):
    values: list[str] = []

    def recording(function):
        def valued(*args, **kwargs):
            worth = function(*args, **kwargs)
            values.append(repr(round(worth, 9)))
            return worth

        return valued

    monkeypatch.setattr(agents, "relative_value", recording(agents.relative_value))
    monkeypatch.setattr(offers, "value", recording(offers.value))
    chosen = decisions.run(level).chosen
    assert (len(chosen), decisions.digest(chosen), len(values), decisions.digest(values)) == DIGESTS[level]
