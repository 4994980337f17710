"""The statistics of simulations: confidence intervals, tests, corrections (independent
samples; paired.py pairs the games of two rulesets played on the same seeds).

- A mean: Student's t interval; two means: Welch's t-test and interval (unequal variances).
- A rate: Wilson's score interval; two rates: the pooled two-proportion z-test, and Newcombe's
  interval for the difference (from the two Wilson intervals).
- A mean of values recorded several times per game (a ratio of two sums over games): a
  normal interval whose standard error treats each game as one unit (values of one game are
  not independent), and a z-test for two such means.
- Categories (how games ended): Pearson's chi-squared test of homogeneity.
- Many tests at once: Holm's step-down correction of the p-values (it holds the chance of any
  false "differs" at alpha, and is never weaker than Bonferroni's).

The distributions (t, normal, chi-squared) and the exact tests come from `scipy.stats`, a
dependency of the engine, imported only when a statistic is first computed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from interpreter.language.errors import RulesError

LEVEL = 0.95  # confidence of every interval
ALPHA = 0.05  # a corrected p-value below this is a difference


@dataclass(frozen=True)
class Estimate:
    """A number with its 95% confidence interval (low, high), from n games."""

    value: float
    low: float
    high: float
    n: int

    def to_dict(self, digits: int = 4) -> dict:
        return {"value": _r(self.value, digits), "ci": [_r(self.low, digits),
                                                         _r(self.high, digits)], "n": self.n}


@dataclass(frozen=True)
class Test:
    """A difference (B - A) with its interval, and the p-value of the test that it is 0."""

    difference: Estimate
    p: float
    name: str
    se: float | None = None  # standard error of the difference (for power)


# ------------------------------------------------------------------------ distributions
def scipy_stats() -> Any:
    """`scipy.stats`, imported when first needed (it takes about a second), or RulesError
    saying how to get it."""
    try:
        import scipy.stats
    except ImportError:
        raise RulesError("the statistics of simulate and compare need SciPy: "
                         "pip install scipy") from None
    return scipy.stats


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    if math.isinf(df):
        return normal_two_sided(t)
    return float(2.0 * scipy_stats().t.sf(abs(t), df))


def normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2.0))


@lru_cache(maxsize=4096)
def t_critical(df: float, level: float = LEVEL) -> float:
    """The t with P(|T| >= t) = 1 - level."""
    if math.isinf(df):
        return z_critical(level)
    return float(scipy_stats().t.ppf(0.5 + level / 2.0, df))


@lru_cache(maxsize=64)
def z_critical(level: float = LEVEL) -> float:
    """The z with P(|Z| >= z) = 1 - level."""
    return float(scipy_stats().norm.ppf(0.5 + level / 2.0))


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for chi-squared with df degrees of freedom."""
    return float(scipy_stats().chi2.sf(x, df))


# ------------------------------------------------------------------------ one side
def mean_estimate(values: Sequence[float]) -> Estimate:
    """The mean with Student's t interval."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, mean, mean, n)
    half = t_critical(n - 1) * math.sqrt(_variance(values, mean) / n)
    return Estimate(mean, mean - half, mean + half, n)


def rate_estimate(successes: float, n: int) -> Estimate:
    """A rate (successes may be fractions: shared wins) with Wilson's score interval."""
    p = successes / n
    low, high = _wilson(p, n)
    return Estimate(p, low, high, n)


def ratio_estimate(totals: Sequence[float], counts: Sequence[int]) -> Estimate:
    """The mean of all values recorded in n games (totals and counts per game), with a normal
    interval whose standard error counts games, not values."""
    ratio, se, games = _ratio(totals, counts)
    half = z_critical() * se
    return Estimate(ratio, ratio - half, ratio + half, games)


# ------------------------------------------------------------------------ two sides
def welch(a: Sequence[float], b: Sequence[float]) -> Test:
    """Welch's t-test of B's mean against A's, and the interval of the difference."""
    ma, mb = math.fsum(a) / len(a), math.fsum(b) / len(b)
    va = _variance(a, ma) / len(a) if len(a) > 1 else 0.0
    vb = _variance(b, mb) / len(b) if len(b) > 1 else 0.0
    diff, se = mb - ma, math.sqrt(va + vb)
    n = len(a) + len(b)
    if se == 0.0:
        return Test(Estimate(diff, diff, diff, n), 1.0 if diff == 0 else 0.0, "Welch t", se)
    df_den = (va * va / (len(a) - 1) if len(a) > 1 else 0.0) + \
             (vb * vb / (len(b) - 1) if len(b) > 1 else 0.0)
    df = (va + vb) ** 2 / df_den if df_den > 0 else math.inf
    half = t_critical(df) * se
    return Test(Estimate(diff, diff - half, diff + half, n), t_two_sided(diff / se, df),
                "Welch t", se)


def two_rates(xa: float, na: int, xb: float, nb: int) -> Test:
    """The pooled two-proportion z-test, and Newcombe's interval of the difference."""
    pa, pb = xa / na, xb / nb
    diff = pb - pa
    la, ha = _wilson(pa, na)
    lb, hb = _wilson(pb, nb)
    low = diff - math.sqrt((pb - lb) ** 2 + (ha - pa) ** 2)
    high = diff + math.sqrt((hb - pb) ** 2 + (pa - la) ** 2)
    pooled = (xa + xb) / (na + nb)
    se = math.sqrt(pooled * (1.0 - pooled) * (1.0 / na + 1.0 / nb))
    if se == 0.0:
        p = 1.0 if diff == 0 else 0.0
    else:
        p = normal_two_sided(diff / se)
    spread = math.sqrt(pa * (1.0 - pa) / na + pb * (1.0 - pb) / nb)
    return Test(Estimate(diff, low, high, na + nb), p, "two-proportion z", spread)


def two_ratios(totals_a: Sequence[float], counts_a: Sequence[int],
               totals_b: Sequence[float], counts_b: Sequence[int]) -> Test:
    """A z-test of two means of recorded values (each with its per-game standard error)."""
    ra, sa, ga = _ratio(totals_a, counts_a)
    rb, sb, gb = _ratio(totals_b, counts_b)
    diff, se = rb - ra, math.sqrt(sa * sa + sb * sb)
    if se == 0.0:
        return Test(Estimate(diff, diff, diff, ga + gb), 1.0 if diff == 0 else 0.0,
                    "z over games", se)
    half = z_critical() * se
    return Test(Estimate(diff, diff - half, diff + half, ga + gb),
                normal_two_sided(diff / se), "z over games", se)


def chi_squared(a: Mapping[str, int], b: Mapping[str, int]) -> float:
    """Pearson's chi-squared test that two samples of categories come from one distribution:
    its p-value (1 when there is only one category)."""
    categories = sorted(set(a) | set(b))
    na, nb = sum(a.values()), sum(b.values())
    if len(categories) < 2 or na == 0 or nb == 0:
        return 1.0
    statistic = 0.0
    for c in categories:
        total = a.get(c, 0) + b.get(c, 0)
        for observed, n in ((a.get(c, 0), na), (b.get(c, 0), nb)):
            expected = total * n / (na + nb)
            statistic += (observed - expected) ** 2 / expected
    return chi2_sf(statistic, len(categories) - 1)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


# ------------------------------------------------------------------------ helpers
def _variance(values: Sequence[float], mean: float) -> float:
    return math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)


def _wilson(p: float, n: int) -> tuple[float, float]:
    z = z_critical()
    denominator = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(p * (1.0 - p), 0.0) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def _ratio(totals: Sequence[float], counts: Sequence[int]) -> tuple[float, float, int]:
    """Sum of values / number of values, its standard error over games (the delta method),
    and the number of games that recorded any value."""
    pairs = [(t, c) for t, c in zip(totals, counts, strict=True) if c > 0]
    games = len(pairs)
    if games == 0:
        return math.nan, math.nan, 0
    count = sum(c for _, c in pairs)
    ratio = math.fsum(t for t, _ in pairs) / count
    if games < 2:
        return ratio, 0.0, games
    mean_count = count / games
    spread = math.fsum((t - ratio * c) ** 2 for t, c in pairs) / (games - 1)
    return ratio, math.sqrt(spread / games) / mean_count, games


def _r(x: float, digits: int) -> float | None:
    if x is None or math.isnan(x) or math.isinf(x):
        return None
    return round(x, digits)
