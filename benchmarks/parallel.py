"""Speed of simulations on several cores and on a Dask cluster, and how well they scale.

    python benchmarks/parallel.py                       # 4 players, rulesets/fifth-avenue/base
    python benchmarks/parallel.py PATH --players 3 --games 2000 --rounds 3
    python benchmarks/parallel.py --no-dask             # processes only

Plays the same games (the same seeds, random bots, through interpreter.study.simulate) in
alternating rounds, so that a slow patch of the machine hits every way alike:

- K=1: one process (no pool),
- K=2, ...: a pool of K worker processes (`rules simulate --workers K`),
- Dask: a local Dask cluster of K worker processes (`--dask local --workers K`), started once
  before the rounds (its start-up time is printed apart) and reached through its address.

Prints games/s for each (median over the rounds, and the spread), the scaling efficiency
(games/s with K workers / (K x games/s with one process)), and whether every report was the
same, number for number (it must be). Every figure is printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.study.parallel import all_cores  # noqa: E402
from interpreter.study.simulate import simulate  # noqa: E402

DEFAULT_RULESET = ROOT / "rulesets" / "fifth-avenue" / "base"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT_RULESET))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000, help="games per run (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every way (default 3)")
    parser.add_argument("--workers", type=int, nargs="+", default=None,
                        help="pool sizes to try besides 1 (default: 2 .. all cores)")
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask cluster")
    args = parser.parse_args(argv)

    ruleset = load_ruleset(args.path)
    sizes = args.workers or list(range(2, max(all_cores(), 2) + 1))
    print(f"{ruleset.name}: {args.games} random {args.players}-player games per run, "
          f"{args.rounds} rounds; {all_cores()} cores; Python {platform.python_version()}")
    ways: dict[str, dict] = {"K=1 (one process)": {"workers": 1}}
    for k in sizes:
        ways[f"K={k} (processes)"] = {"workers": k}
    cluster = client = None
    if not args.no_dask:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            print("Dask: not installed (pip install -e '.[cluster]'), left out")
        else:
            k = max(sizes)
            start = time.perf_counter()
            cluster = LocalCluster(n_workers=k, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster)
            client.run(lambda: os.getpid())  # every worker up
            print(f"Dask: a local cluster of {k} workers started in "
                  f"{time.perf_counter() - start:.1f} s")
            ways[f"Dask, {k} workers"] = {"workers": k, "dask": cluster.scheduler_address}
    rates: dict[str, list[float]] = {name: [] for name in ways}
    reports = []
    try:
        for round_ in range(args.rounds):
            for name, options in ways.items():
                report = simulate(ruleset, args.players, args.games, args.seed, **options)
                rates[name].append(report.games / report.seconds)
                reports.append(report.to_dict(timing=False))
                print(f"  round {round_ + 1}: {name:<22} {rates[name][-1]:7.1f} games/s")
    finally:
        if client is not None:
            client.close()
            cluster.close()
    one = statistics.median(rates["K=1 (one process)"])
    print()
    print(f"{'way':<22} {'games/s':>8} {'spread':>14} {'speed-up':>9} {'efficiency':>11}")
    for name, options in ways.items():
        median = statistics.median(rates[name])
        k = options["workers"]
        print(f"{name:<22} {median:8.1f} {min(rates[name]):6.1f}-{max(rates[name]):<7.1f} "
              f"{median / one:8.2f}x {100 * median / (one * k):10.0f}%")
    same = all(r == reports[0] for r in reports)
    print(f"identical reports in every way and round: {'yes' if same else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
