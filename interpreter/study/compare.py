"""Two rulesets played with the same seeds and bots, measure by measure: did a change matter?

For every measure the two sides share (the built-in ones and the rulesets' own), each side's
mean or rate with its 95% confidence interval, the difference B - A with its interval, and a
test suited to the measure (stats.py): Welch's t for means, the two-proportion z-test for
rates, a z-test over games for means of recorded values, Pearson's chi-squared for how games
end. The p-values are corrected for the number of measures compared (Holm): a measure
"differs" when its corrected p-value is below alpha, otherwise there is "no evidence" of a
difference (which is not evidence of none: more games find smaller differences).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from interpreter.study import stats
from interpreter.study.measuring import CATEGORIES, MEAN, POOLED, RATE, Sample
from interpreter.study.parallel import play_batches
from interpreter.study.simulate import (
    Progress,
    SimulationReport,
    describe_workers,
    make_batch,
    summarise,
)

if TYPE_CHECKING:
    from interpreter.bots.players import Bot
    from interpreter.engine.ruleset import Ruleset

DIFFERS, NO_EVIDENCE = "differs", "no evidence"
TEST_NAMES = {MEAN: "Welch t", RATE: "two-proportion z", POOLED: "z over games",
              CATEGORIES: "chi-squared"}
TESTS_USED = ("Welch's t for means, the two-proportion z-test for rates, a z-test over games "
              "for means of recorded values, chi-squared for how games end")


@dataclass
class Row:
    """One measure compared. For categories, `shares` holds each category's share on both
    sides and their difference; `a`, `b` and `difference` are None."""

    name: str
    label: str
    kind: str
    origin: str
    a: stats.Estimate | None
    b: stats.Estimate | None
    difference: stats.Estimate | None
    p: float | None
    p_adjusted: float | None = None
    verdict: str = NO_EVIDENCE
    shares: dict[str, tuple[stats.Estimate, stats.Estimate, stats.Estimate]] = \
        field(default_factory=dict)
    cite: str | None = None

    @property
    def test(self) -> str:
        return TEST_NAMES[self.kind]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind,
                               "origin": self.origin, "test": self.test}
        if self.cite:
            out["cite"] = self.cite
        if self.kind == CATEGORIES:
            for side, i in (("a", 0), ("b", 1)):
                out[side] = {"shares": {c: s[i].to_dict() for c, s in self.shares.items()}}
            out["difference"] = {c: _difference(s[2]) for c, s in self.shares.items()}
        else:
            out["a"] = self.a.to_dict() if self.a is not None else None
            out["b"] = self.b.to_dict() if self.b is not None else None
            out["difference"] = _difference(self.difference)
        out["p"] = _r(self.p)
        out["p_adjusted"] = _r(self.p_adjusted)
        out["verdict"] = self.verdict
        return out


@dataclass
class Comparison:
    a: SimulationReport
    b: SimulationReport
    rows: list[Row]
    only_in_a: list[str]
    only_in_b: list[str]
    seconds: float
    alpha: float = stats.ALPHA
    paths: dict[str, str] = field(default_factory=dict)  # "a", "b" -> the rulesets' folders

    @property
    def differing(self) -> list[Row]:
        return [r for r in self.rows if r.verdict == DIFFERS]

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        """Plain JSON-ready data. With timing=False the result depends only on the inputs."""
        out: dict[str, Any] = {
            "a": self.a.ruleset, "b": self.b.ruleset, "paths": dict(self.paths),
            "players": self.a.players,
            "games": self.a.games, "seed": self.a.seed, "bots": dict(self.a.bots),
            "level": stats.LEVEL, "alpha": self.alpha, "correction": "Holm",
            "measures": [r.to_dict() for r in self.rows],
            "differing": [r.name for r in self.differing],
            "only_in_a": list(self.only_in_a), "only_in_b": list(self.only_in_b),
        }
        if timing:
            games = self.a.games + self.b.games
            out["timing"] = {"seconds": _r(self.seconds), "workers": self.a.workers,
                             "games_per_second": _r(games / self.seconds)
                             if self.seconds > 0 else None}
        return out

    def to_text(self) -> str:
        a, b = self.a, self.b
        bots = sorted(set(a.bots.values()))
        lines = [f"A: {a.ruleset}", f"B: {b.ruleset}",
                 f"{a.players} players, {a.games} game{'s' if a.games != 1 else ''} on each "
                 f"side, the same seeds ({a.seed}..{a.seed + a.games - 1}) and bots "
                 f"({', '.join(bots) if len(bots) == 1 else ', '.join(a.bots.values())})",
                 f"95% confidence intervals; verdicts from tests corrected for "
                 f"{len(self.rows)} measures (Holm), alpha {self.alpha:g}", ""]
        header = ["measure", "A", "B", "B - A", "p (Holm)", "verdict"]
        rows: list[list[str]] = []
        for origin in ("built-in", "ruleset"):
            chosen = [r for r in self.rows if r.origin == origin]
            if origin == "ruleset" and chosen:
                rows.append(["measures of the rulesets:", "", "", "", "", ""])
            for r in chosen:
                rows.extend(_text_rows(r))
        widths = [max(len(row[i]) for row in [header, *rows]) for i in range(6)]

        def line(cells: list[str]) -> str:
            if cells[1:] == [""] * 5:  # a heading
                return cells[0]
            parts = [cells[0].ljust(widths[0]), *(c.ljust(w) for c, w in
                                                  zip(cells[1:4], widths[1:4], strict=True)),
                     cells[4].rjust(widths[4]), cells[5]]
            return "  ".join(parts).rstrip()

        lines += [line(header), *(line(r) for r in rows), ""]
        differing = self.differing
        if differing:
            lines.append(f"{len(differing)} of {len(self.rows)} measures differ: "
                         + ", ".join(r.name for r in differing))
        else:
            lines.append(f"no evidence of a difference in any of the {len(self.rows)} measures")
        for side, names in (("A", self.only_in_a), ("B", self.only_in_b)):
            if names:
                lines.append(f"only {side} measures: {', '.join(names)}")
        lines.append(f"tests: {TESTS_USED}")
        own = [r for r in self.rows if r.origin == "ruleset"]
        if own:
            lines.append("the rulesets' measures:")
            width = max(len(r.name) for r in own)
            lines += [f"  {r.name:<{width}}  {r.label}" for r in own]
        games = a.games + b.games
        if self.seconds > 0:
            lines.append(f"speed: {games / self.seconds:.1f} games/s ({games} games in "
                         f"{self.seconds:.2f} s, {a.workers})")
        return "\n".join(lines)


def compare(a: Ruleset, b: Ruleset, players: int, games: int, seed: int,
            bots: Sequence[str | Bot] | None = None, progress: Progress | None = None,
            max_decisions: int | None = None, workers: int = 1, dask: str | None = None,
            alpha: float = stats.ALPHA) -> Comparison:
    """Play `games` games of each ruleset with seeds seed.. and the same bots, and compare
    them measure by measure (see the module's docstring). The arguments are those of
    `simulate`; both rulesets' games are played together, by the same workers."""
    batch_a, labels = make_batch(a, players, games, seed, bots, max_decisions)
    batch_b, _ = make_batch(b, players, games, seed, bots, max_decisions)
    start = time.perf_counter()
    records_a, records_b = play_batches([batch_a, batch_b], workers, dask, progress)
    seconds = time.perf_counter() - start
    where = describe_workers(workers, dask)
    report_a = summarise(a, players, seed, labels, records_a, seconds, where)
    report_b = summarise(b, players, seed, labels, records_b, seconds, where)
    result = compare_reports(report_a, report_b, seconds, alpha)
    result.paths = {"a": str(a.path), "b": str(b.path)}
    return result


def compare_reports(a: SimulationReport, b: SimulationReport, seconds: float = 0.0,
                    alpha: float = stats.ALPHA) -> Comparison:
    """The comparison of two simulations' measures."""
    mine = {s.name: s for s in a.samples}
    theirs = {s.name: s for s in b.samples}
    rows, only_a = [], []
    for name, sa in mine.items():
        sb = theirs.get(name)
        pair = _comparable(sa, sb) if sb is not None else None
        if pair is None:
            only_a.append(name)
            continue
        rows.append(_row(*pair))
    only_b = [name for name in theirs if name not in mine or name in only_a]
    tested = [r for r in rows if r.p is not None]
    for r, adjusted in zip(tested, stats.holm([r.p for r in tested]), strict=True):
        r.p_adjusted = adjusted
        r.verdict = DIFFERS if adjusted < alpha else NO_EVIDENCE
    return Comparison(a, b, rows, only_a, only_b, seconds, alpha)


def _comparable(a: Sample, b: Sample) -> tuple[Sample, Sample] | None:
    """The two samples of one measure, of one kind (a rate and a mean are both means)."""
    if a.kind == b.kind:
        return a, b
    if {a.kind, b.kind} == {MEAN, RATE}:
        return replace(a, kind=MEAN), replace(b, kind=MEAN)
    return None


def _row(a: Sample, b: Sample) -> Row:
    row = Row(a.name, a.label, a.kind, a.origin, a.estimate(), b.estimate(), None, None,
              cite=a.cite or b.cite)
    if a.kind == CATEGORIES:
        counts_a, counts_b = Counter(a.values), Counter(b.values)
        shares_a, shares_b = a.shares(), b.shares()
        na, nb = len(a.values), len(b.values)
        for c in [*shares_a, *(c for c in shares_b if c not in shares_a)]:
            test = stats.two_rates(counts_a.get(c, 0), na, counts_b.get(c, 0), nb)
            row.shares[c] = (shares_a.get(c) or stats.rate_estimate(0, na),
                             shares_b.get(c) or stats.rate_estimate(0, nb), test.difference)
        row.p = stats.chi_squared(counts_a, counts_b)
        return row
    if row.a is None or row.b is None:
        return row  # nothing to test (no values recorded on a side)
    if a.kind == MEAN:
        test = stats.welch([float(v) for v in a.values], [float(v) for v in b.values])
    elif a.kind == RATE:
        test = stats.two_rates(math.fsum(a.values), len(a.values), math.fsum(b.values),
                               len(b.values))
    else:
        ta, ca = zip(*a.values, strict=True)
        tb, cb = zip(*b.values, strict=True)
        test = stats.two_ratios(ta, ca, tb, cb)
    row.difference, row.p = test.difference, test.p
    return row


# ------------------------------------------------------------------------ formatting
def _text_rows(r: Row) -> list[list[str]]:
    verdict = r.verdict if r.p is not None else "(no test)"
    p = "-" if r.p_adjusted is None else _p(r.p_adjusted)
    if r.kind == CATEGORIES:
        out = [[r.name, "", "", "", p, verdict]]
        for c, (sa, sb, d) in r.shares.items():
            out.append([f"  {c}", _cell(sa, RATE), _cell(sb, RATE), _cell(d, RATE, "+"),
                        "", ""])
        return out
    return [[r.name, _cell(r.a, r.kind), _cell(r.b, r.kind), _cell(r.difference, r.kind, "+"),
             p, verdict]]


def _cell(e: stats.Estimate | None, kind: str, sign: str = "") -> str:
    """`12.34 [11.90, 12.78]`, a rate in %; sign="+": a difference (of a rate in points)."""
    if e is None:
        return "-"
    if kind == RATE:
        unit = " pts" if sign else "%"
        return (f"{100 * e.value:{sign}.1f}{unit} [{100 * e.low:{sign}.1f}, "
                f"{100 * e.high:{sign}.1f}]")
    d = _digits(e)
    return f"{e.value:{sign}.{d}f} [{e.low:{sign}.{d}f}, {e.high:{sign}.{d}f}]"


def _digits(e: stats.Estimate) -> int:
    size = max(abs(e.value), abs(e.low), abs(e.high))
    return 0 if size >= 1000 else 1 if size >= 100 else 2


def _p(p: float) -> str:
    return "<0.0001" if p < 0.0001 else f"{p:.4f}"


def _difference(e: stats.Estimate | None) -> dict[str, Any] | None:
    if e is None:
        return None
    return {"value": _r(e.value), "ci": [_r(e.low), _r(e.high)]}


def _r(x: float | None, digits: int = 6) -> float | None:
    if x is None or math.isnan(x) or math.isinf(x):
        return None
    return round(x, digits)
