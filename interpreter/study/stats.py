"""The statistics of simulations, in plain Python: confidence intervals, tests, corrections.

- A mean: Student's t interval; two means: Welch's t-test and interval (unequal variances).
- A rate: Wilson's score interval; two rates: the pooled two-proportion z-test, and Newcombe's
  interval for the difference (from the two Wilson intervals).
- A mean of values recorded several times per game (a ratio of two sums over games): a
  normal interval whose standard error treats each game as one unit (values of one game are
  not independent), and a z-test for two such means.
- Categories (how games ended): Pearson's chi-squared test of homogeneity.
- Many tests at once: Holm's step-down correction of the p-values (it holds the chance of any
  false "differs" at alpha, and is never weaker than Bonferroni's).

The distribution functions (t, normal, chi-squared) come from the regularized incomplete beta
and gamma functions, computed by their continued fractions and series (Numerical Recipes,
ch. 6.2 and 6.4); they agree with SciPy to about 1e-10.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

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


# ------------------------------------------------------------------------ distributions
def _betacf(a: float, b: float, x: float) -> float:
    tiny, eps = 1e-300, 3e-16
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < eps:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x)
                 + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _betacf(b, a, 1.0 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    if math.isinf(df):
        return normal_two_sided(t)
    return betainc(df / 2.0, 0.5, df / (df + t * t))


def normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2.0))


@lru_cache(maxsize=4096)
def t_critical(df: float, level: float = LEVEL) -> float:
    """The t with P(|T| >= t) = 1 - level (by bisection: 100 halvings of [0, 1e6])."""
    want = 1.0 - level
    low, high = 0.0, 1e6
    for _ in range(100):
        mid = (low + high) / 2.0
        if t_two_sided(mid, df) > want:
            low = mid
        else:
            high = mid
    return (low + high) / 2.0


def z_critical(level: float = LEVEL) -> float:
    return t_critical(math.inf, level)


def gammaincc(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x)."""
    if x <= 0.0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:  # the series of P(a, x)
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 3e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300  # the continued fraction of Q(a, x)
    b = x + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 3e-16:
            break
    return math.exp(log_front) * h


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for chi-squared with df degrees of freedom."""
    return gammaincc(df / 2.0, x / 2.0)


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
        return Test(Estimate(diff, diff, diff, n), 1.0 if diff == 0 else 0.0, "Welch t")
    df_den = (va * va / (len(a) - 1) if len(a) > 1 else 0.0) + \
             (vb * vb / (len(b) - 1) if len(b) > 1 else 0.0)
    df = (va + vb) ** 2 / df_den if df_den > 0 else math.inf
    half = t_critical(df) * se
    return Test(Estimate(diff, diff - half, diff + half, n), t_two_sided(diff / se, df),
                "Welch t")


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
    return Test(Estimate(diff, low, high, na + nb), p, "two-proportion z")


def two_ratios(totals_a: Sequence[float], counts_a: Sequence[int],
               totals_b: Sequence[float], counts_b: Sequence[int]) -> Test:
    """A z-test of two means of recorded values (each with its per-game standard error)."""
    ra, sa, ga = _ratio(totals_a, counts_a)
    rb, sb, gb = _ratio(totals_b, counts_b)
    diff, se = rb - ra, math.sqrt(sa * sa + sb * sb)
    if se == 0.0:
        return Test(Estimate(diff, diff, diff, ga + gb), 1.0 if diff == 0 else 0.0, "z (games)")
    half = z_critical() * se
    return Test(Estimate(diff, diff - half, diff + half, ga + gb),
                normal_two_sided(diff / se), "z (games)")


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
