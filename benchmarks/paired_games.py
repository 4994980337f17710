"""Do paired games stay paired? Games of A and of B (A with settings) on the same seeds and bots,
compared move for move.

    python benchmarks/paired_games.py                       # base, adjacency_vp[2]=4, greedy
    python benchmarks/paired_games.py --games 40 --bot random --set-b 'adjacency_vp[4]=10'

For each pair it finds the first decision where the two games part ways (the moves differ,
or one game ends), and prints how many pairs stayed identical to the end, the median share
of each game played before they parted, how many pairs changed winner, and the spread of the
seats' score differences B - A (the paired tests' noise: the smaller, the smaller a change
they find). It reads the
games' replays (`play_one(replay_dir=...)`), so it runs on any version of the engine.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.bots.players import make_bot  # noqa: E402
from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.study.games import play_one  # noqa: E402


def moves_of(folder: Path, seed: int) -> list:
    return json.loads((folder / f"seed-{seed}.json").read_text())["moves"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", nargs="?", default="rulesets/fifth-avenue/base")
    parser.add_argument("--set-b", action="append", default=None)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy")
    args = parser.parse_args()
    settings = args.set_b or ["adjacency_vp[2]=4"]
    a = load_ruleset(ROOT / args.ruleset)
    b = load_ruleset(ROOT / args.ruleset, settings=settings)
    identical, winner_changed, shares, diffs = 0, 0, [], []
    start = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        for side in ("a", "b"):
            (Path(tmp) / side).mkdir()
        for seed in range(args.seed, args.seed + args.games):
            records = []
            for side, ruleset in (("a", a), ("b", b)):
                bots = {f"P{i}": make_bot(args.bot) for i in range(1, args.players + 1)}
                records.append(play_one(ruleset, args.players, seed, bots,
                                        replay_dir=str(Path(tmp) / side)))
            ma, mb = moves_of(Path(tmp) / "a", seed), moves_of(Path(tmp) / "b", seed)
            same = 0
            while same < min(len(ma), len(mb)) and ma[same] == mb[same]:
                same += 1
            identical += ma == mb
            shares.append(same / max(len(ma), 1))
            winner_changed += set(records[0].winners) != set(records[1].winners)
            diffs.append([records[1].scores[p] - records[0].scores[p]
                          for p in records[0].scores])
    n = args.games
    print(f"{args.ruleset} against --set-b {' '.join(settings)}, {args.players} players, "
          f"{args.bot} bots, seeds {args.seed}..{args.seed + n - 1}")
    print(f"pairs identical move for move: {identical} of {n}")
    print(f"share of A's game played before the pair parted: median "
          f"{100 * statistics.median(shares):.1f}%, mean {100 * statistics.fmean(shares):.1f}%")
    print(f"winner changed: {winner_changed} of {n} ({100 * winner_changed / n:.0f}%)")
    seats = list(zip(*diffs, strict=True))
    sds = [statistics.stdev(d) for d in seats]
    print("score B - A by seat: mean " + ", ".join(f"{statistics.fmean(d):+.2f}" for d in seats)
          + "; sd " + ", ".join(f"{x:.2f}" for x in sds)
          + f" (root mean square {statistics.fmean(x * x for x in sds) ** 0.5:.2f})")
    pooled = [statistics.fmean(d) for d in diffs]
    print(f"the seats' mean score, B - A: mean {statistics.fmean(pooled):+.2f}, sd "
          f"{statistics.stdev(pooled):.2f}")
    print(f"cpu: {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
