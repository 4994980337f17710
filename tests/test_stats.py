"""The statistics in plain Python agree with reference values (computed with SciPy 1.17)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from interpreter.study import stats

A = [3, 5, 4, 6, 8, 5, 4, 7]
B = [6, 7, 9, 8, 7, 10, 6]


def test_distribution_functions():
    assert stats.betainc(2.5, 7, 0.1) == pytest.approx(0.10188029911305448, rel=1e-9)
    assert stats.t_two_sided(2.0, 10) == pytest.approx(0.07338803477074037, rel=1e-9)
    assert stats.t_critical(5) == pytest.approx(2.5705818356363146, rel=1e-9)
    assert stats.z_critical() == pytest.approx(1.959963984540054, rel=1e-9)
    assert stats.chi2_sf(20.0, 5) == pytest.approx(0.0012497305630313773, rel=1e-9)


def test_mean_and_welch():
    e = stats.mean_estimate(A)
    assert (e.value, e.low, e.high, e.n) == pytest.approx((5.25, 3.8546426910566938,
                                                           6.645357308943306, 8))
    t = stats.welch(A, B)
    assert t.p == pytest.approx(0.014321015637330198, rel=1e-8)
    assert (t.difference.low, t.difference.high) == pytest.approx((0.5464759656099025,
                                                                   4.09638117724724))
    assert t.difference.value == pytest.approx(sum(B) / len(B) - 5.25)


def test_rates():
    e = stats.rate_estimate(40, 100)
    assert (e.low, e.high) == pytest.approx((0.3094012864324589, 0.4979974132089382))
    t = stats.two_rates(40, 100, 55, 100)
    z = 0.15 / math.sqrt(0.475 * 0.525 * 0.02)
    assert t.p == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert t.difference.low < 0.15 < t.difference.high
    assert 0 < t.difference.low  # Newcombe's interval: about (0.012, 0.280)


def test_chi_squared_and_holm():
    p = stats.chi_squared({"a": 30, "b": 50, "c": 20}, {"a": 45, "b": 40, "c": 15})
    assert p == pytest.approx(0.08957326253887996, rel=1e-9)
    assert stats.chi_squared({"a": 5}, {"a": 9}) == 1.0
    assert stats.holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])


def test_same_samples_show_no_difference():
    assert stats.welch(A, A).p == pytest.approx(1.0)
    assert stats.welch([2, 2, 2], [2, 2]).p == 1.0
    assert stats.welch([2, 2, 2], [3, 3]).p == 0.0
    assert stats.two_rates(0, 10, 0, 10).p == 1.0
    assert stats.two_ratios([4, 6], [2, 3], [4, 6], [2, 3]).p == pytest.approx(1.0)


def test_a_ratio_counts_games_not_values():
    """A game that records many values weighs as its values; the standard error is over
    games: more values in the same games do not narrow the interval as if independent."""
    e = stats.ratio_estimate([10, 30, 20], [5, 5, 4])
    assert e.value == 60 / 14 and e.n == 3
    tenfold = stats.ratio_estimate([100, 300, 200], [50, 50, 40])
    assert (tenfold.value, tenfold.low, tenfold.high) == pytest.approx((e.value, e.low, e.high))
    assert e.low < e.value < e.high


@given(st.lists(st.floats(-1e3, 1e3), min_size=2, max_size=30))
def test_an_interval_holds_its_value(values):
    e = stats.mean_estimate(values)
    assert e.low <= e.value + 1e-9 and e.value <= e.high + 1e-9


def test_welch_finds_a_shift_and_keeps_its_level():
    """Under no difference about 5% of tests say 'differs'; a large shift is found."""
    rng = random.Random(3)
    false = sum(stats.welch([rng.gauss(0, 1) for _ in range(30)],
                            [rng.gauss(0, 1) for _ in range(30)]).p < 0.05 for _ in range(400))
    assert 5 <= false <= 35
    assert stats.welch([rng.gauss(0, 1) for _ in range(30)],
                       [rng.gauss(2, 1) for _ in range(30)]).p < 1e-6
