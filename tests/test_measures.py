"""The intervals the tournament reports its figures with."""

import pytest

from civgame.measures import mean_interval, wilson_interval


def test_a_win_rate_s_interval_is_wilson_s():
    low, high = wilson_interval(34, 52)  # 65 %: the interval is not symmetric about it
    assert (round(low, 3), round(high, 3)) == (0.518, 0.768)
    assert wilson_interval(0, 10)[0] == 0 and wilson_interval(10, 10)[1] == 1
    assert wilson_interval(0, 0) == (0.0, 1.0)  # no games: nothing known


def test_a_mean_s_interval_shrinks_with_the_square_root_of_the_games():
    mean, half = mean_interval([10.0, 10.0, -8.0])
    assert mean == pytest.approx(4.0) and half == pytest.approx(1.96 * 108**0.5 / 3**0.5)
    assert mean_interval([10.0, 10.0, -8.0] * 4)[1] < half / 1.9
    assert mean_interval([3.0]) == (3.0, 0.0)
