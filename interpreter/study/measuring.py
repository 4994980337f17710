"""What a simulation measures, game by game: the built-in measures (score and win rate per
seat, length in decisions and turns, how games end) and the ruleset's own (`measure`
declarations), each as a sample of one value per game, with its estimate and interval."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real
from typing import TYPE_CHECKING, Any

from interpreter.study import stats

if TYPE_CHECKING:
    from interpreter.engine.measures import Measure
    from interpreter.study.games import GameRecord

MEAN, RATE, POOLED, CATEGORIES = "mean", "rate", "pooled mean", "categories"
NO_REASON = "(no reason given)"
ENDINGS = "how games end"


@dataclass
class Sample:
    """One measure over the games of a simulation.

    `values` has one entry per game: a number (mean), a share of 0..1 (rate), a pair
    (total, count) of the values recorded (pooled mean), or a text (categories)."""

    name: str
    label: str
    kind: str
    values: list[Any]
    origin: str = "built-in"  # or "ruleset"
    cite: str | None = None

    def estimate(self) -> stats.Estimate | None:
        """The mean or rate with its interval (None for categories, or without values)."""
        if self.kind == CATEGORIES or not self.values:
            return None
        if self.kind == MEAN:
            return stats.mean_estimate([float(v) for v in self.values])
        if self.kind == RATE:
            return stats.rate_estimate(float(math.fsum(self.values)), len(self.values))
        totals, counts = zip(*self.values, strict=True)
        if not any(counts):
            return None
        return stats.ratio_estimate(totals, counts)

    def shares(self) -> dict[str, stats.Estimate]:
        """For categories: the share of each, with its interval, most frequent first."""
        counts = Counter(self.values)
        n = len(self.values)
        return {c: stats.rate_estimate(k, n) for c, k in sorted(
            counts.items(), key=lambda item: (-item[1], item[0]))}

    def summary(self) -> dict[str, Any]:
        """JSON-ready: name, label, kind, and the estimate (or the shares)."""
        out: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind,
                               "origin": self.origin}
        if self.cite:
            out["cite"] = self.cite
        if self.kind == CATEGORIES:
            out["shares"] = {c: e.to_dict() for c, e in self.shares().items()}
        else:
            e = self.estimate()
            out.update(e.to_dict() if e is not None else {"value": None, "ci": None, "n": 0})
        return out


def samples(records: Sequence[GameRecord], seats: Sequence[str],
            measures: Sequence[Measure] = ()) -> list[Sample]:
    """Every measure of the games, built-in ones first, then the ruleset's in its order."""
    out: list[Sample] = []
    for seat in seats:
        scores = [r.scores[seat] for r in records]
        if all(_number(s) for s in scores):
            out.append(Sample(f"score {seat}", f"mean score of {seat}", MEAN, scores))
    for seat in seats:
        out.append(Sample(f"win rate {seat}", f"games won by {seat} (a tie shared)", RATE,
                          [float(Fraction(1, len(r.winners))) if seat in r.winners else 0.0
                           for r in records]))
    out.append(Sample("decisions per game", "game length in decisions", MEAN,
                      [r.decisions for r in records]))
    turns = [r.turns for r in records]
    if all(t is not None for t in turns):
        out.append(Sample("turns per game", "game length in turns", MEAN, turns))
    out.append(Sample(ENDINGS, "the reason each game ended", CATEGORIES,
                      [r.ending if r.ending is not None else NO_REASON for r in records]))
    for m in measures:
        values = [r.measures.get(m.name) for r in records]
        if m.kind == "values":
            kind, per_game = POOLED, [(math.fsum(v), len(v)) for v in values]
        elif all(isinstance(v, bool) for v in values):
            kind, per_game = RATE, [1.0 if v else 0.0 for v in values]
        else:
            kind, per_game = MEAN, [float(v) for v in values]
        out.append(Sample(m.name, m.label, kind, per_game, "ruleset", m.cite))
    return out


def _number(x: Any) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)
