"""A ladder of the bots: each bot against three of another, win rates with intervals and CPU
time per decision (figures in docs/bots.md).

    python benchmarks/ladder.py [--games 20] [--ismcts-games 8] [--jobs 2]

Fifth Avenue base, 4 players; in each pairing the first bot takes each seat in turn (seeds
1..N), the three others are the second bot. A bot no better than the others wins 25%. The win
rate's 95% interval is Wilson's; CPU per decision is the measured bot's own, per decision with
a choice. Games are played as benchmarks/bots.py plays them (its `_games`).
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bots import DEFAULT_RULESET, _games  # noqa: E402

from interpreter.study.stats import rate_estimate  # noqa: E402

PAIRS = [("random", "greedy"), ("greedy", "random"), ("search", "random"),
         ("search", "greedy"), ("ismcts:10", "random"), ("ismcts:10", "greedy"),
         ("ismcts:10", "search")]
PLAYERS = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--ismcts-games", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    print(f"{'bot':10} {'against 3':10} {'games':>5}  {'win rate (95% interval)':26} "
          f"CPU per decision")
    for bot, against in PAIRS:
        games = args.ismcts_games if bot.startswith("ismcts") else args.games
        seats = [(1 + i, i % PLAYERS + 1) for i in range(games)]
        jobs = min(args.jobs, games)
        work = [(str(DEFAULT_RULESET), PLAYERS, bot, against, seats[j::jobs])
                for j in range(jobs)]
        with ProcessPoolExecutor(jobs) as pool:
            records = [r for share, _cpu, _k in pool.map(_games, work) for r in share]
        wins = sum(r[2] for r in records)
        rate = rate_estimate(float(wins), len(records))
        decisions = sum(r[5] for r in records)
        cpu = sum(r[6] for r in records) / max(decisions, 1)
        print(f"{bot:10} {against:10} {len(records):5d}  {100 * rate.value:5.1f}% "
              f"({100 * rate.low:4.1f}-{100 * rate.high:5.1f}%)        {1000 * cpu:8.1f} ms",
              flush=True)


if __name__ == "__main__":
    main()
