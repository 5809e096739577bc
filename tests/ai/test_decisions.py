"""Every computer level chooses as it did when these digests were taken (on the code before Hard was
made faster), and values every position it looks at as it did: a change meant only to save time must
not change a single choice, nor the worth of any position (`bench.decisions`)."""

import pytest

from bench import decisions
from civgame.ai import agents, offers

# Four decisions a position, the positions of `bench.decisions.POSITIONS`: (decisions, digest of the
# choices, positions valued, digest of their values to 9 decimals).
DIGESTS = {
    "easy": (8, "e734dac15df1e7f5", 273, "a36d02427f4b06b7"),
    "normal": (8, "49ef870879df5564", 1867, "c429f13df23b6342"),
    "hard": (8, "c9c0a74881ba8bed", 5662, "aa9c4f9082a47ccb"),
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
