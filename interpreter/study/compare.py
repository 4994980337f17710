"""Two rulesets played with the same seeds and bots, measure by measure: did a change matter?

Game i of A and game i of B start from the same seed with the same bots: a pair. For every
measure the two sides share (measuring.py: the built-in ones, the option balance, the
rulesets' own), each side's mean or rate with its 95% confidence interval, the difference
B - A with its interval, and a test. By default the tests are paired (paired.py: the paired t
for numbers, the exact McNemar test for yes/no, a paired z over games for means of recorded
values, Stuart-Maxwell for how games end): the luck of a deal is shared by both games of a
pair and cancels out of their difference, so a change shows in far fewer games. `paired=False`
gives the independent tests (stats.py: Welch's t, the two-proportion z, a z over games,
chi-squared).

The p-values of the measures in the tested family (all but the option balance, or those
named) are corrected for their number (Holm): a measure "differs" when its corrected p-value
is below alpha, otherwise there is "no evidence" of a difference (which is not evidence of
none). For each measure, the power of the run: the smallest difference it would detect 4
times in 5, and for a target difference the games that would need. And the games whose
outcome (the winners, the ranking of the seats) changed between the two sides.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from interpreter.language.errors import RulesError, did_you_mean
from interpreter.study import paired as pairs
from interpreter.study import stats
from interpreter.study.comparison import (
    DEFAULT_BOT,
    DIFFERS,
    NO_EVIDENCE,
    NOT_TESTED,
    ONLY_A,
    ONLY_B,
    UNPAIRED_TESTS,
    Comparison,
    Row,
    Target,
    target_mismatch,
)
from interpreter.study.measuring import CATEGORIES, MEAN, OPTIONS, RATE, Sample
from interpreter.study.outcomes import outcomes
from interpreter.study.parallel import play_batches
from interpreter.study.rescore import rescored
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

__all__ = ["DIFFERS", "NO_EVIDENCE", "NOT_TESTED", "Comparison", "compare", "compare_reports"]


# ------------------------------------------------------------------------ playing
def compare(a: Ruleset, b: Ruleset, players: int, games: int, seed: int,
            bots: Sequence[str | Bot] | None = None, progress: Progress | None = None,
            max_decisions: int | None = None, workers: int = 1, dask: str | None = None,
            alpha: float = stats.ALPHA, paired: bool = True, seed_b: int | None = None,
            family: Sequence[str] | None = None,
            targets: Mapping[str, float] | None = None, rescore: bool = False) -> Comparison:
    """Play `games` games of each ruleset with seeds seed.. (B: seed_b.. if given) and the
    same bots (DEFAULT_BOT if none), and compare them measure by measure (see the module's
    docstring). `family`: the names of the measures tested (default: all but the option
    balance); `targets`: a difference to detect per measure name ("" for every measure), for
    the games it needs. `rescore`: B's games are A's games played again under B, move for
    move (rescore.py: the points with the same play). The other arguments are those of
    `simulate`; both rulesets' games are played together, by the same workers."""
    bots = bots or [DEFAULT_BOT]
    seed_b = seed if seed_b is None else seed_b
    if rescore and (seed_b != seed or not paired):
        raise RulesError("--rescore scores A's own games again under B: it takes neither "
                         "--seed-b nor --unpaired")
    batch_a, labels = make_batch(a, players, games, seed, bots, max_decisions,
                                 keep_moves=rescore)
    batch_b, _ = make_batch(b, players, games, seed_b, bots, max_decisions)
    start = time.perf_counter()
    if rescore:
        (records_a,) = play_batches([batch_a], workers, dask, progress)
        records_b = rescored(a, b, players, records_a, max_decisions)
    else:
        records_a, records_b = play_batches([batch_a, batch_b], workers, dask, progress)
    seconds = time.perf_counter() - start
    where = describe_workers(workers, dask)
    report_a = summarise(a, players, seed, labels, records_a, seconds, where)
    report_b = summarise(b, players, seed_b, labels, records_b, seconds, where)
    result = compare_reports(report_a, report_b, seconds, alpha, paired, family, targets)
    result.paths = {"a": str(a.path), "b": str(b.path)}
    result.rescore = rescore
    return result


def compare_reports(a: SimulationReport, b: SimulationReport, seconds: float = 0.0,
                    alpha: float = stats.ALPHA, paired: bool = True,
                    family: Sequence[str] | None = None,
                    targets: Mapping[str, float] | None = None) -> Comparison:
    """The comparison of two simulations' measures (paired: game i of A with game i of B)."""
    if paired and a.games != b.games:
        raise RulesError(f"a paired comparison needs as many games on each side, not "
                         f"{a.games} and {b.games}")
    mine = {s.name: s for s in a.samples}
    theirs = {s.name: s for s in b.samples}
    rows, only_a = [], []
    for name, sa in mine.items():
        sb = theirs.get(name)
        pair = _comparable(sa, sb) if sb is not None else None
        if pair is None:
            only_a.append(name)
            continue
        rows.append(_paired_row(*pair) if paired else _row(*pair))
    only_b = [name for name in theirs if name not in mine or name in only_a]
    for name in [*only_a, *only_b]:  # a measure of one side: its value, and no test
        if (name in mine) != (name in theirs):
            rows.append(_one_side(mine.get(name), theirs.get(name)))
    if family is not None:
        chosen = check_family(family, [r.name for r in rows], only_a + only_b)
        for r in rows:
            r.tested = r.name in chosen and r.verdict not in (ONLY_A, ONLY_B)
    result = Comparison(a, b, rows, only_a, only_b, seconds, alpha, paired=paired,
                        outcomes=outcomes(a.records, b.records, alpha) if paired else None)
    tested = result.family
    for r, adjusted in zip(tested, stats.holm([r.p for r in tested]), strict=True):
        r.p_adjusted = adjusted
        r.verdict = DIFFERS if adjusted < alpha else NO_EVIDENCE
    for r in rows:
        if r.p is not None and not r.tested:
            r.verdict = NOT_TESTED
        _power(r, a.games, result.test_alpha if r.tested else alpha, targets or {})
    names = [r.name for r in rows]
    for name in targets or {}:  # an option's share is known only now: a misspelt one
        if name not in ("", "%") and name not in names:
            hint = did_you_mean(name, names)
            raise RulesError(f"--target '{name}': there is no such measure"
                             + (f"; {hint}" if hint else ""))
    return result


def check_family(names: Sequence[str], known: Sequence[str],
                 one_sided: Sequence[str] = (), option: str = "--measure") -> set[str]:
    """The measures named for the family, each one that a side has (RulesError with
    did-you-mean otherwise). A measure of one side only is shown with its value, untested."""
    for name in names:
        if name in known or name in one_sided:
            continue
        message = f"{option} '{name}': there is no such measure"
        hint = did_you_mean(name, known)
        raise RulesError(f"{message}; {hint}" if hint else
                         f"{message} (the measures: {', '.join(known[:12])}, ...)")
    return set(names)


def _one_side(a: Sample | None, b: Sample | None) -> Row:
    """The row of a measure that only one side has (a variant's own): its value there."""
    sample = a if a is not None else b
    assert sample is not None
    row = Row(sample.name, sample.label, sample.kind, sample.origin,
              a.estimate() if a is not None else None, b.estimate() if b is not None else None,
              None, None, verdict=ONLY_A if a is not None else ONLY_B, cite=sample.cite,
              tested=False)
    return row


def _comparable(a: Sample, b: Sample) -> tuple[Sample, Sample] | None:
    """The two samples of one measure, of one kind (a rate and a mean are both means)."""
    if a.kind == b.kind:
        return a, b
    if {a.kind, b.kind} == {MEAN, RATE}:
        return replace(a, kind=MEAN), replace(b, kind=MEAN)
    return None


def _new_row(a: Sample, b: Sample) -> Row:
    return Row(a.name, a.label, a.kind, a.origin, a.estimate(), b.estimate(), None, None,
               cite=a.cite or b.cite, tested=a.tested and b.tested)


def _categories(a: Sample, b: Sample) -> list[str]:
    shares_a, shares_b = a.shares(), b.shares()
    return [*shares_a, *(c for c in shares_b if c not in shares_a)]


def _row(a: Sample, b: Sample) -> Row:
    """The independent tests (stats.py)."""
    row = _new_row(a, b)
    row.test = UNPAIRED_TESTS[a.kind]
    if a.kind == CATEGORIES:
        counts_a, counts_b = Counter(a.values), Counter(b.values)
        shares_a, shares_b = a.shares(), b.shares()
        na, nb = len(a.values), len(b.values)
        for c in _categories(a, b):
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
    row.difference, row.p, row.se = test.difference, test.p, test.se
    return row


def _paired_row(a: Sample, b: Sample) -> Row:
    """The paired tests (paired.py): value i of each side is game i of a pair."""
    row = _new_row(a, b)
    if a.kind == CATEGORIES:
        shares_a, shares_b = a.shares(), b.shares()
        n = len(a.values)
        for c in _categories(a, b):
            diff, _ = pairs.differences([float(v == c) for v in a.values],
                                        [float(v == c) for v in b.values])
            row.shares[c] = (shares_a.get(c) or stats.rate_estimate(0, n),
                             shares_b.get(c) or stats.rate_estimate(0, n),
                             stats.Estimate(diff.value, max(-1.0, diff.low),
                                            min(1.0, diff.high), n))
        row.p, row.test = pairs.marginal_homogeneity(a.values, b.values)
        return row
    if a.kind == MEAN:
        row.test = pairs.PAIRED_T
    elif a.kind == RATE:
        row.test = pairs.MCNEMAR
    else:
        row.test = pairs.PAIRED_Z
    if row.a is None or row.b is None:
        return row
    if a.kind == MEAN:
        test = pairs.paired_t(a.values, b.values)
    elif a.kind == RATE:
        test = pairs.sign_test(a.values, b.values)
    else:
        ta, ca = zip(*a.values, strict=True)
        tb, cb = zip(*b.values, strict=True)
        found = pairs.paired_ratios(ta, ca, tb, cb)
        if found is None:
            return row
        test = found
    row.difference, row.p, row.test, row.se = test.difference, test.p, test.name, test.se
    return row


def _power(row: Row, games: int, alpha: float, targets: Mapping[str, float]) -> None:
    """The smallest difference the run detects; with a target, the games it needs. Nothing
    when the differences never varied (no spread to go by). A target for every measure goes
    to those of its kind: rates and shares when it is a percentage, the others otherwise."""
    share = row.kind == RATE or row.origin == OPTIONS
    target = targets.get(row.name)
    if isinstance(target, Target):  # from --target: its kind was said
        mismatch = target_mismatch(row.name, target, share)
        if mismatch is not None:
            raise RulesError(mismatch)
    elif target is None:  # for every measure: "%" for the rates, "" for the numbers (a
        every = targets.get("%") if share else None  # plain number from Python: for all)
        plain = targets.get("")
        if every is None and plain is not None and (
                not isinstance(plain, Target) or not share):
            every = plain
        target = every
    if row.se is None or row.se == 0.0 or math.isnan(row.se):
        return
    row.detectable = pairs.detectable(row.se, alpha)
    if target:
        row.target = target
        row.games_needed = pairs.games_needed(games, row.detectable, target)


