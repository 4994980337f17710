"""The statistics agree with reference values (computed with SciPy 1.17, and by hand for the
paired tests), keep their level under no difference, and pairing finds what it should."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from interpreter.study import paired, stats

A = [3, 5, 4, 6, 8, 5, 4, 7]
B = [6, 7, 9, 8, 7, 10, 6]


def test_distribution_functions():
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


# ------------------------------------------------------------------------ paired
def test_paired_t_is_the_t_test_of_the_differences():
    b = [x + d for x, d in zip(A, [1, 3, 2, 2, 1, 4, 2, 3], strict=True)]
    t = paired.paired_t(A, b)
    d = [y - x for x, y in zip(A, b, strict=True)]
    mean = sum(d) / len(d)
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / (len(d) - 1))
    assert t.name == "paired t" and t.difference.value == pytest.approx(mean)
    assert t.se == pytest.approx(sd / math.sqrt(len(d)))
    assert t.p == pytest.approx(stats.t_two_sided(mean / t.se, len(d) - 1))
    assert t.p == pytest.approx(0.0004683777907674632, rel=1e-9)  # scipy.stats.ttest_rel
    assert paired.paired_t(A, A).p == 1.0 and paired.paired_t(A, A).se == 0.0
    assert paired.paired_t(A, [x + 2 for x in A]).p == 0.0  # always 2 more: no doubt


def test_pairing_finds_a_shift_that_independent_tests_miss_and_keeps_its_level():
    rng = random.Random(5)
    a = [rng.gauss(0, 10) for _ in range(40)]  # large game-to-game spread, shared by a pair
    b = [x + 1 + rng.gauss(0, 0.5) for x in a]
    assert paired.paired_t(a, b).p < 1e-10 and stats.welch(a, b).p > 0.5
    false = 0
    for _ in range(400):
        x = [rng.gauss(0, 1) for _ in range(30)]
        false += paired.paired_t(x, [v + rng.gauss(0, 1) for v in x]).p < 0.05
    assert 5 <= false <= 35


def test_exact_mcnemar_and_the_sign_test():
    a = [1, 1, 0, 0, 1, 0, 0, 0, 1, 0]
    b = [1, 0, 1, 1, 1, 1, 1, 0, 1, 1]  # 5 games gained, 1 lost
    t = paired.sign_test(a, b)
    assert t.name == "exact McNemar" and t.p == pytest.approx(0.21875)  # 2 P(X <= 1), X~B(6)
    assert t.difference.value == pytest.approx(0.4)
    assert paired.sign_test(a, a).p == 1.0
    assert paired.sign_test([0.5, 0, 1], [1, 0, 0.5]).name == "exact sign test"
    many = paired.sign_test([0] * 30, [1] * 30)
    assert many.p < 1e-8 and many.difference.high <= 1.0


def test_stuart_maxwell_agrees_with_fleiss_formula_for_three_categories():
    pairs_ = ([("x", "x")] * 20 + [("x", "y")] * 9 + [("y", "x")] * 3 + [("y", "y")] * 15
              + [("x", "z")] * 4 + [("z", "x")] * 6 + [("y", "z")] * 7 + [("z", "y")] * 2
              + [("z", "z")] * 10)
    a, b = [x for x, _ in pairs_], [y for _, y in pairs_]
    p, name = paired.marginal_homogeneity(a, b)
    counts = {(i, j): sum(1 for x, y in pairs_ if (x, y) == (i, j)) for i in "xyz" for j in "xyz"}
    rows = {c: sum(counts[c, j] for j in "xyz") for c in "xyz"}
    cols = {c: sum(counts[i, c] for i in "xyz") for c in "xyz"}
    d = {c: rows[c] - cols[c] for c in "xyz"}
    n = {(i, j): (counts[i, j] + counts[j, i]) / 2 for i in "xyz" for j in "xyz"}
    chi2 = ((n["y", "z"] * d["x"] ** 2 + n["x", "z"] * d["y"] ** 2 + n["x", "y"] * d["z"] ** 2)
            / (2 * (n["x", "y"] * n["y", "z"] + n["x", "y"] * n["x", "z"]
                    + n["x", "z"] * n["y", "z"])))
    assert name == "Stuart-Maxwell" and p == pytest.approx(stats.chi2_sf(chi2, 2))
    assert paired.marginal_homogeneity(a, a) == (1.0, "Stuart-Maxwell")
    assert paired.marginal_homogeneity(["x", "y"] * 5, ["y", "x"] * 5)[1] == "exact McNemar"


def test_paired_ratios_count_games():
    same = paired.paired_ratios([10, 30, 20], [5, 5, 4], [10, 30, 20], [5, 5, 4])
    assert same.p == 1.0 and same.difference.value == 0
    more = paired.paired_ratios([10, 30, 20, 12], [5, 5, 4, 6], [12, 33, 22, 15], [5, 5, 4, 6])
    assert more.name == "paired z over games" and more.difference.value == pytest.approx(
        82 / 20 - 72 / 20) and more.p < 0.05
    assert paired.paired_ratios([0, 0], [0, 0], [1, 2], [1, 1]) is None


def test_power_the_smallest_detectable_difference_and_the_games_it_needs():
    assert paired.detectable(1.0, 0.05) == pytest.approx(1.959964 + 0.841621, rel=1e-6)
    now = paired.detectable(0.5, 0.05)
    assert paired.games_needed(100, now, now) == 100
    assert paired.games_needed(100, now, now / 2) == 400  # half the difference: 4 times
