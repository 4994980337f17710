"""Paired statistics: two rulesets played on the same seeds give pairs of games, and a change
shows in the per-game differences far sooner than in two independent samples (the luck of
the deal, shared by both games of a pair, cancels out).

- A number: the paired t-test on the differences B - A, and its t interval.
- Yes/no (a rate): the exact McNemar test, i.e. the binomial test of the games where B is
  higher against those where A is higher (where a game's value is a share, as a shared win,
  the same test on the signs of the differences: the exact sign test).
- A mean of values recorded several times a game (total / count): a z-test on the per-game
  linearised differences of the two ratios (the delta method), games as units.
- Categories (how games end): the Stuart-Maxwell test of marginal homogeneity (for two
  categories, the exact McNemar test).

And power: the smallest difference a run could detect, and the games a smaller one needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from interpreter.study.stats import (
    Estimate,
    Test,
    scipy_stats,
    t_critical,
    t_two_sided,
    z_critical,
)

POWER = 0.8  # the chance of finding a difference of the detectable size
PAIRED_T, MCNEMAR, SIGN, PAIRED_Z, STUART_MAXWELL = (
    "paired t", "exact McNemar", "exact sign test", "paired z over games", "Stuart-Maxwell")


def differences(a: Sequence[float], b: Sequence[float]) -> tuple[Estimate, float]:
    """The mean of B - A over the pairs with its t interval, and its standard error."""
    d = [float(y) - float(x) for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = math.fsum(d) / n
    if n < 2:
        return Estimate(mean, mean, mean, n), 0.0
    se = math.sqrt(math.fsum((v - mean) ** 2 for v in d) / (n - 1) / n)
    half = t_critical(n - 1) * se
    return Estimate(mean, mean - half, mean + half, n), se


def paired_t(a: Sequence[float], b: Sequence[float]) -> Test:
    """The paired t-test of B against A."""
    diff, se = differences(a, b)
    n = diff.n
    if n < 2:
        return Test(diff, 1.0, PAIRED_T, se)
    if se == 0.0:  # every pair differs by the same amount
        return Test(diff, 1.0 if diff.value == 0 else 0.0, PAIRED_T, se)
    return Test(diff, t_two_sided(diff.value / se, n - 1), PAIRED_T, se)


def sign_test(a: Sequence[float], b: Sequence[float]) -> Test:
    """The exact McNemar test for yes/no values (0 or 1), the exact sign test otherwise; the
    difference of the rates with the t interval of the mean difference (kept within -1..1)."""
    diff, se = differences(a, b)
    diff = Estimate(diff.value, max(-1.0, diff.low), min(1.0, diff.high), diff.n)
    higher = sum(1 for x, y in zip(a, b, strict=True) if y > x)
    lower = sum(1 for x, y in zip(a, b, strict=True) if y < x)
    name = MCNEMAR if all(v in (0, 1) for v in (*a, *b)) else SIGN
    return Test(diff, _binomial(higher, lower), name, se)


def paired_ratios(totals_a: Sequence[float], counts_a: Sequence[int],
                  totals_b: Sequence[float], counts_b: Sequence[int]) -> Test | None:
    """B's mean of recorded values against A's, game by game (None if a side recorded no
    value)."""
    n = len(totals_a)
    sum_a, sum_b = sum(counts_a), sum(counts_b)
    if sum_a == 0 or sum_b == 0:
        return None
    ra, rb = math.fsum(totals_a) / sum_a, math.fsum(totals_b) / sum_b
    mean_a, mean_b = sum_a / n, sum_b / n
    u = [(tb - rb * cb) / mean_b - (ta - ra * ca) / mean_a
         for ta, ca, tb, cb in zip(totals_a, counts_a, totals_b, counts_b, strict=True)]
    diff = rb - ra
    if n < 2:
        return Test(Estimate(diff, diff, diff, n), 1.0, PAIRED_Z, 0.0)
    mean_u = math.fsum(u) / n
    se = math.sqrt(math.fsum((v - mean_u) ** 2 for v in u) / (n - 1) / n)
    if se == 0.0:
        return Test(Estimate(diff, diff, diff, n), 1.0 if diff == 0 else 0.0, PAIRED_Z, se)
    half = z_critical() * se
    return Test(Estimate(diff, diff - half, diff + half, n),
                math.erfc(abs(diff / se) / math.sqrt(2.0)), PAIRED_Z, se)


def marginal_homogeneity(a: Sequence[str], b: Sequence[str]) -> tuple[float, str]:
    """The p-value that the categories of B's games are distributed as A's, game by game, and
    the test's name: Stuart-Maxwell, or exact McNemar for two categories."""
    categories = sorted(set(a) | set(b))
    k = len(categories)
    if k < 2:
        return 1.0, MCNEMAR
    index = {c: i for i, c in enumerate(categories)}
    table = [[0] * k for _ in range(k)]
    for x, y in zip(a, b, strict=True):
        table[index[x]][index[y]] += 1
    if k == 2:
        return _binomial(table[0][1], table[1][0]), MCNEMAR
    import numpy

    rows = [sum(table[i]) for i in range(k)]
    cols = [sum(table[j][i] for j in range(k)) for i in range(k)]
    d = numpy.array([rows[i] - cols[i] for i in range(k - 1)], dtype=float)
    if not d.any():
        return 1.0, STUART_MAXWELL
    s = numpy.array([[rows[i] + cols[i] - 2 * table[i][i] if i == j
                      else -(table[i][j] + table[j][i]) for j in range(k - 1)]
                     for i in range(k - 1)], dtype=float)
    df = int(numpy.linalg.matrix_rank(s))
    if df == 0:
        return 0.0, STUART_MAXWELL
    statistic = float(d @ numpy.linalg.pinv(s) @ d)
    return float(scipy_stats().chi2.sf(statistic, df)), STUART_MAXWELL


def _binomial(higher: int, lower: int) -> float:
    if higher + lower == 0:
        return 1.0
    return float(scipy_stats().binomtest(higher, higher + lower, 0.5).pvalue)


# ------------------------------------------------------------------------ power
def detectable(se: float, alpha: float, power: float = POWER) -> float:
    """The smallest true difference that a two-sided test at `alpha` finds with chance
    `power`, given the standard error of the estimated difference (normal approximation)."""
    norm = scipy_stats().norm
    return (float(norm.ppf(1.0 - alpha / 2.0)) + float(norm.ppf(power))) * se


def games_needed(games: int, detectable_now: float, target: float) -> int:
    """The games (a side) that make `target` the detectable difference: the standard error
    shrinks with the square root of the games."""
    return max(2, math.ceil(games * (detectable_now / abs(target)) ** 2))
