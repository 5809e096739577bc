"""Every computer level chooses as it did when these digests were taken (on the code before Hard was
made faster): a change meant only to save time must not change a single choice (`bench.decisions`)."""

import pytest

from bench import decisions

# Four decisions a position, the positions of `bench.decisions.POSITIONS`: Normal's and Hard's sample.
DIGESTS = {"easy": "e734dac15df1e7f5", "normal": "49ef870879df5564", "hard": "c9c0a74881ba8bed"}


@pytest.mark.parametrize("level", decisions.LEVELS)
def test_seeded_decisions_are_the_same_as_before(level):
    chosen = decisions.run(level).chosen
    assert (len(chosen), decisions.digest(chosen)) == (8, DIGESTS[level])
