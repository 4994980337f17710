"""What a simulation measures, game by game, each as a sample of one value per game with its
estimate and interval:

- built in, for every ruleset: the score and win rate of each seat, the length in decisions
  and turns, how games end, the options per decision (branching), the winner's lead over the
  best other score, how often a win is shared; and from each game's score trace (the seats'
  scores after every turn, traces.py) the lead changes and the decisiveness;
- option balance, for every ruleset: for each `choose` (known by its prompt) of at most
  games.MAX_BALANCED options, the share of its decisions that took each option. There are
  many, so they are not tested unless asked for (`rules compare --measure`);
- the ruleset's own (`measure` declarations).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real
from typing import TYPE_CHECKING, Any

from interpreter.study import stats, traces
from interpreter.study.games import MAX_BALANCED

if TYPE_CHECKING:
    from interpreter.engine.measures import Measure
    from interpreter.study.games import GameRecord

MEAN, RATE, POOLED, CATEGORIES = "mean", "rate", "pooled mean", "categories"
NO_REASON = "(no reason given)"
ENDINGS = "how games end"
BUILT_IN, OPTIONS, RULESET = "built-in", "option balance", "ruleset"  # a sample's origin
BRANCHING, LEAD, SHARED = "options per decision", "winner's lead", "shared wins"
LEAD_CHANGES, DECISIVENESS = "lead changes", "decisiveness"
MAX_PROMPTS = 40  # option balance for the decisions met most often, at most this many


def option_measure(prompt: str, option: str) -> str:
    """The name of an option's share: `choose your option -> A`."""
    return f"{prompt} -> {option}"


@dataclass
class Sample:
    """One measure over the games of a simulation.

    `values` has one entry per game: a number (mean), a share of 0..1 (rate), a pair
    (total, count) of the values recorded (pooled mean), or a text (categories)."""

    name: str
    label: str
    kind: str
    values: list[Any]
    origin: str = BUILT_IN  # or OPTIONS, RULESET
    cite: str | None = None
    tested: bool = True  # in the family of tests unless others are named

    def per_game(self, i: int) -> Any:
        """The value of game i: a number, a text, or for a pooled mean the mean of the values
        the game recorded (None if it recorded none)."""
        v = self.values[i]
        if self.kind == POOLED:
            total, count = v
            return total / count if count else None
        return v

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
        e = stats.ratio_estimate(totals, counts)
        if self.origin == OPTIONS:  # a share: its normal interval may reach past 0 or 1
            return stats.Estimate(e.value, max(0.0, e.low), min(1.0, e.high), e.n)
        return e

    @property
    def is_share(self) -> bool:
        """A rate or an option's share: shown in percent."""
        return self.kind == RATE or self.origin == OPTIONS

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
    out += _automatic(records, seats)
    for m in measures:
        values = [r.measures.get(m.name) for r in records]
        if m.kind == "values":
            kind, per_game = POOLED, [(math.fsum(v), len(v)) for v in values]
        elif all(isinstance(v, bool) for v in values):
            kind, per_game = RATE, [1.0 if v else 0.0 for v in values]
        else:
            kind, per_game = MEAN, [float(v) for v in values]
        out.append(Sample(m.name, m.label, kind, per_game, RULESET, m.cite))
    return out + option_balance(records)


def measure_names(seats: Sequence[str], measures: Sequence[Measure] = ()) -> list[str]:
    """The names of the measures a simulation may give, known before any game (not the
    option balance, which depends on the decisions met)."""
    return [*(f"score {s}" for s in seats), *(f"win rate {s}" for s in seats),
            "decisions per game", "turns per game", ENDINGS, BRANCHING, LEAD, SHARED,
            LEAD_CHANGES, DECISIVENESS,
            *(m.name for m in measures)]


def _automatic(records: Sequence[GameRecord], seats: Sequence[str]) -> list[Sample]:
    """Branching, the winner's lead, shared wins."""
    out = [Sample(BRANCHING, "legal options per decision (branching)", MEAN,
                  [r.options / r.decisions if r.decisions else 0.0 for r in records])]
    if all(_number(r.scores[s]) for r in records for s in seats):
        out.append(Sample(LEAD, "how far the winner's score is ahead of the best score of the "
                          "others (below it when the lowest score wins)", MEAN,
                          [_lead(r, seats) for r in records]))
    out.append(Sample(SHARED, "games won by more than one player", RATE,
                      [1.0 if len(r.winners) > 1 else 0.0 for r in records]))
    if records and all(r.trace is not None and len(r.trace) > 1 for r in records):
        out.append(Sample(LEAD_CHANGES, traces.LEAD_CHANGES_LABEL, MEAN,
                          [traces.lead_changes(r.trace, r.lowest_wins) for r in records]))
        out.append(Sample(DECISIVENESS, traces.DECISIVENESS_LABEL, MEAN,
                          [traces.decisiveness(r.trace, seats, r.winners, r.lowest_wins)
                           for r in records]))
    return out


def _lead(record: GameRecord, seats: Sequence[str]) -> float:
    """How far the winner's score is ahead of the best other score: above it, or below it
    when the lowest score wins (a lead is never negative but for a tiebreak's winner)."""
    sign = -1 if record.lowest_wins else 1
    best = max((sign * record.scores[s] for s in seats if s in record.winners), default=None)
    others = [sign * record.scores[s] for s in seats if s not in record.winners]
    if best is None or not others:
        return 0.0
    return float(best - max(others))


def option_balance(records: Sequence[GameRecord]) -> list[Sample]:
    """For each prompt met (the most frequent first, at most MAX_PROMPTS), for each option it
    offered: per game, (times taken, decisions of that prompt), a pooled mean (a share)."""
    decisions: Counter[str] = Counter()
    offered: dict[str, dict[str, None]] = {}
    for r in records:
        for prompt, counts in r.choices.items():
            decisions[prompt] += sum(counts.values())
            offered.setdefault(prompt, {}).update(dict.fromkeys(counts))
    out = []
    for prompt, _ in decisions.most_common(MAX_PROMPTS):
        options = offered[prompt]
        if len(options) > MAX_BALANCED:
            continue
        for option in options:
            values = []
            for r in records:
                counts = r.choices.get(prompt, {})
                values.append((float(counts.get(option, 0)), sum(counts.values())))
            out.append(Sample(option_measure(prompt, option),
                              f"share of '{prompt}' decisions that took {option}", POOLED,
                              values, OPTIONS, tested=False))
    return out


def _number(x: Any) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)
