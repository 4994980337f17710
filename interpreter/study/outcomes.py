"""Which pairs of games ended with other winners (or another ranking of the seats), and the
baseline that count is read against.

Game i of A and game i of B share a seed and bots. When play stays the same on both sides,
every changed winner is the change's doing. When play parts ways (bots that react to the
change), the two games of a pair grow unrelated, and the count tends to what it is between
any two unrelated games of the rules: it then says how chaotic the games are, not what the
change does. The baseline is that count between unrelated games of A: A against A on other
seeds. It costs no game: every two games of A on different seeds are such a pair, and over
all n(n-1) of them the share with other winners is 1 - sum c(c-1) / (n(n-1)), c counting
the games of each set of winners (an unbiased estimate, a U-statistic, with its
variance). The verdict: whether the pairs changed their winner less often than that (a
one-sided z-test at alpha).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from interpreter.study import stats
from interpreter.study.games import GameRecord

FEWER = "fewer than unrelated games"
AS_MANY = "as many as unrelated games"
READINGS = {
    FEWER: "the pairs stayed alike: the changed winners are the change's doing",
    AS_MANY: "the pairs parted ways as unrelated games do: this count shows how chaotic "
             "the games are, not what the change does",
}


@dataclass
class Outcomes:
    """Of the pairs of games, how many ended with other winners, or another ranking; the same
    between unrelated games of A (the baseline), and the verdict on the winners' count."""

    games: int
    winner_changed: int
    ranking_changed: int | None  # None when the scores are not numbers
    baseline_winner: stats.Estimate | None = None  # a share of pairs; None below 2 games
    baseline_ranking: stats.Estimate | None = None
    p: float | None = None  # one-sided: the pairs changed their winner less than the baseline
    verdict: str | None = None  # FEWER or AS_MANY

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"games": self.games, "winner_changed": self.winner_changed,
                               "ranking_changed": self.ranking_changed}
        out["baseline"] = {
            "of": "pairs of unrelated games of A (A against A on other seeds)",
            "winner_changed": _share(self.baseline_winner),
            "ranking_changed": _share(self.baseline_ranking)}
        out["p"] = None if self.p is None else round(self.p, 6)
        out["verdict"] = self.verdict
        return out

    def lines(self) -> list[str]:
        """The report's lines."""
        n = self.games
        text = f"games whose winner changed: {self.winner_changed} of {n}"
        if self.ranking_changed is not None:
            text += f"; whose ranking of the seats changed: {self.ranking_changed} of {n}"
        out = [text]
        if self.baseline_winner is None:
            return out
        base = f"  baseline, between unrelated games of A (A against A on other seeds): " \
               f"winner {_percent(self.baseline_winner)}"
        if self.baseline_ranking is not None:
            base += f", ranking {_percent(self.baseline_ranking)}"
        out.append(base)
        observed = stats.rate_estimate(self.winner_changed, n)
        out.append(f"  winner changed in {_percent(observed)} of the pairs: {self.verdict} "
                   f"(p {_p(self.p)}): {READINGS[self.verdict or AS_MANY]}")
        return out


def outcomes(a: Sequence[GameRecord], b: Sequence[GameRecord],
             alpha: float = stats.ALPHA) -> Outcomes:
    """How many pairs of games ended with other winners, or another ranking of the seats;
    the baseline from A's games, and the verdict."""
    winners = sum(1 for x, y in zip(a, b, strict=True) if set(x.winners) != set(y.winners))
    ranks_a, ranks_b = [_ranks(r) for r in a], [_ranks(r) for r in b]
    ranking = None
    if all(r is not None for r in ranks_a + ranks_b):
        ranking = sum(1 for x, y in zip(ranks_a, ranks_b, strict=True) if x != y)
    result = Outcomes(len(a), winners, ranking)
    if len(a) < 2:
        return result
    result.baseline_winner, se = unrelated_share([frozenset(r.winners) for r in a])
    if ranking is not None:
        result.baseline_ranking, _ = unrelated_share(
            [tuple(sorted(r.items())) for r in ranks_a if r is not None])
    result.p = _fewer(winners, len(a), result.baseline_winner.value, se)
    result.verdict = FEWER if result.p < alpha else AS_MANY
    return result


def unrelated_share(keys: Sequence[Hashable]) -> tuple[stats.Estimate, float]:
    """The share of pairs of different games (i != j) whose keys differ, with its interval
    and standard error: 1 - sum c(c-1) / (n(n-1)) over the counts c of each key."""
    n = len(keys)
    counts = Counter(keys).values()
    value = 1.0 - sum(c * (c - 1) for c in counts) / (n * (n - 1))
    shares = [c / n for c in counts]
    squares = sum(p * p for p in shares)
    first = max(0.0, sum(p ** 3 for p in shares) - squares ** 2)  # the U-statistic's
    second = squares * (1.0 - squares)  # variance: 4(n-2)/(n(n-1)) z1 + 2/(n(n-1)) z2
    se = math.sqrt((4 * (n - 2) * first + 2 * second) / (n * (n - 1)))
    half = stats.z_critical() * se
    return stats.Estimate(value, max(0.0, value - half), min(1.0, value + half), n), se


def _fewer(changed: int, n: int, baseline: float, se_base: float) -> float:
    """One-sided p-value that the pairs changed their winner less often than the baseline."""
    rate = changed / n
    se_rate = math.sqrt(max(rate * (1 - rate), 0.25 / n) / n)  # never 0: a floor of 1/2 game
    z = (baseline - rate) / math.hypot(se_rate, se_base)
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def _ranks(record: GameRecord) -> dict[str, int] | None:
    """Each seat's place (1 + the seats with a better score: higher, or lower when the lowest
    score wins; ties share a place)."""
    scores = record.scores
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in scores.values()):
        return None
    sign = -1 if record.lowest_wins else 1
    return {s: 1 + sum(1 for v in scores.values() if sign * v > sign * mine)
            for s, mine in scores.items()}


def _share(e: stats.Estimate | None) -> dict[str, Any] | None:
    return None if e is None else e.to_dict()


def _percent(e: stats.Estimate) -> str:
    return f"{100 * e.value:.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"


def _p(p: float | None) -> str:
    return "-" if p is None else "<0.0001" if p < 0.0001 else f"{p:.4f}"
