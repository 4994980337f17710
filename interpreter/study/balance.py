"""Seat balance: one figure for how much the seats' chances differ, with its interval.

Each game gives each seat its share of the win (1, or 1/k of a win shared by k seats, 0
otherwise), so the seats' win rates add up to 1 and average 1/players. Their spread measures
the imbalance, but chance alone spreads them too (a fair game's seats never win exactly as
often in 100 games). The seat balance is the spread of the seats' true win rates, chance
taken out: the standard deviation across seats, in points,

    sqrt(max(0, (sum (w_i - 1/k)^2 - sum v_i / n) / (k - 1)))

with w_i the win rate of seat i over n games, v_i the variance of its per-game shares and k
the seats (E sum (w_i - 1/k)^2 = sum Var(w_i) + (k - 1) * the true spread squared). 0: the
seats are as balanced as these games can tell. Its 95% interval is a bootstrap over games
(resampled pairs of games, for a comparison's difference), from a fixed seed, so the same
games give the same interval; the test that every seat wins as often is Pearson's
chi-squared on the seats' wins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from interpreter.study import stats
from interpreter.study.games import GameRecord

RESAMPLES = 1000
SEED = 20240  # of the bootstrap: the same games, the same interval
LABEL = "seat balance"
DEFINITION = ("the spread (standard deviation) of the seats' win rates beyond what chance "
              "gives, in points; 0: as balanced as these games can tell")


@dataclass
class Balance:
    value: float  # a share (0.05 = 5 points)
    low: float
    high: float
    p: float | None  # every seat wins as often (chi-squared)
    games: int

    def to_dict(self) -> dict[str, Any]:
        return {"value": round(self.value, 6), "ci": [round(self.low, 6), round(self.high, 6)],
                "p_equal_seats": None if self.p is None else round(self.p, 6),
                "n": self.games, "definition": DEFINITION}

    def text(self) -> str:
        p = "" if self.p is None else f"; every seat as likely to win: p {_p(self.p)}"
        return f"{100 * self.value:.1f} pts [{100 * self.low:.1f}, {100 * self.high:.1f}]{p}"


def shares(records: Sequence[GameRecord], seats: Sequence[str]) -> list[list[float]]:
    """Per game, each seat's share of the win."""
    return [[float(Fraction(1, len(r.winners))) if s in r.winners else 0.0 for s in seats]
            for r in records]


def spread(rows: Any) -> float:
    """The seat balance of a games x seats array of win shares (numpy)."""
    n, k = rows.shape
    if n < 2 or k < 2:
        return 0.0
    rates = rows.mean(axis=0)
    noise = rows.var(axis=0, ddof=1).sum() / n
    return math.sqrt(max(0.0, (((rates - 1.0 / k) ** 2).sum() - noise) / (k - 1)))


def seat_balance(records: Sequence[GameRecord], seats: Sequence[str]) -> Balance | None:
    """The seat balance of a simulation's games, with its interval and test (None for fewer
    than 2 seats or games)."""
    import numpy as np

    rows = np.array(shares(records, seats))
    if len(seats) < 2 or len(records) < 2:
        return None
    n = len(records)
    draws = [spread(rows[i]) for i in _resamples(n)]
    low, high = np.percentile(draws, [2.5, 97.5])
    wins = rows.sum(axis=0)
    expected = n / len(seats)
    chi = float(((wins - expected) ** 2 / expected).sum())
    p = stats.chi2_sf(chi, len(seats) - 1)
    return Balance(spread(rows), float(low), float(high), p, n)


def paired_difference(a: Sequence[GameRecord], b: Sequence[GameRecord],
                      seats: Sequence[str]) -> stats.Estimate | None:
    """B's seat balance minus A's, with a bootstrap interval over pairs of games."""
    import numpy as np

    if len(seats) < 2 or len(a) < 2 or len(a) != len(b):
        return None
    rows_a, rows_b = np.array(shares(a, seats)), np.array(shares(b, seats))
    draws = [spread(rows_b[i]) - spread(rows_a[i]) for i in _resamples(len(a))]
    low, high = np.percentile(draws, [2.5, 97.5])
    return stats.Estimate(spread(rows_b) - spread(rows_a), float(low), float(high), len(a))


def _resamples(n: int) -> Any:
    """RESAMPLES index arrays of n games drawn with replacement, from a fixed seed."""
    import numpy as np

    rng = np.random.default_rng(SEED)
    for _ in range(RESAMPLES):
        yield rng.integers(0, n, n)


def _p(p: float) -> str:
    return "<0.0001" if p < 0.0001 else f"{p:.4f}"
