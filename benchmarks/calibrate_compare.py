"""Is "differs" honest? A ruleset compared with itself on other seeds, run after run.

    python benchmarks/calibrate_compare.py                      # base, 20 runs of 25 games, greedy
    python benchmarks/calibrate_compare.py --bot random --games 200

Run r compares the ruleset with itself, A on seeds 1 + 1000 r.., B on seeds 500001 + 1000 r..
(`rules compare A A --seed-b ...`): the pairs are unrelated games of the same rules, so every
"differs" is a false one. With the Holm correction a run says "differs" for some measure at
most 5% of the time (alpha 0.05), and the 95% interval of each difference misses 0 about 5%
of the time; the differences divided by their standard errors (what "detects" is made of)
spread as a standard normal does (sd about 1) when the standard errors are right. Prints one
line a run, then the totals; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.study.compare import compare  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", nargs="?", default="rulesets/fifth-avenue/base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    ruleset = load_ruleset(ROOT / args.ruleset)
    flagged, missed, intervals, ratios = 0, 0, 0, []
    start = time.process_time()
    print(f"{args.ruleset} against itself on other seeds, {args.players} players, "
          f"{args.games} games a side, {args.bot} bots", flush=True)
    for r in range(args.runs):
        result = compare(ruleset, ruleset, args.players, args.games, 1 + 1000 * r,
                         bots=[args.bot], workers=args.workers, seed_b=500_001 + 1000 * r)
        differing = [row.name for row in result.differing]
        flagged += bool(differing)
        for row in result.family:
            d = row.difference
            if d is None:
                continue
            intervals += 1
            missed += not d.low <= 0.0 <= d.high
            if row.se:
                ratios.append(d.value / row.se)
        scores = [row for row in result.rows if row.name.startswith("score ")]
        detects = statistics.fmean(row.detectable for row in scores if row.detectable)
        print(f"run {r + 1:2}: {', '.join(differing) or 'no measure differs'}; detects "
              f"score ±{detects:.2f} (mean of the seats)", flush=True)
    n = args.runs
    print(f"runs with a false 'differs': {flagged} of {n} ({100 * flagged / n:.0f}%; "
          f"nominal at most 5%)")
    print(f"95% intervals of B - A missing 0: {missed} of {intervals} "
          f"({100 * missed / max(intervals, 1):.1f}%; nominal 5%)")
    if len(ratios) > 1:
        print(f"differences / their standard errors: sd {statistics.stdev(ratios):.2f} "
              f"(nominal about 1) over {len(ratios)} measures and runs")
    print(f"cpu: {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
