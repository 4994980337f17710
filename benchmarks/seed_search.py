"""The attack of issue 30 on a game's seed: find it from the public supply row of Fifth Avenue.

    python benchmarks/seed_search.py                 # a game of an old `rules play` (seed < 10^6)
    python benchmarks/seed_search.py --seed 123456   # that game
    python benchmarks/seed_search.py --seeds 100000  # try only the first 100,000 seeds

Before issue 30, `rules play` and `rules serve` without --seed dealt a game from one of 10^6
seeds. At the start of Fifth Avenue everyone sees the 20 businesses of the supply row, laid in
the order the bag was shuffled; the shuffle is the `bag` stream of the game's seed (engine/rng.py:
SplitMix64 from a 64-bit root). Trying every seed, replaying that shuffle alone and comparing
the row, finds the seed, and with it every hand, every coming draw and the bots' choices.

The script plays that attack on one core over `--seeds` seeds and prints how long it took, then
measures the same guess under a secret (BLAKE2b keyed by the secret, as a game without --seed is
dealt now) and what trying every secret of 128 and of 256 bits would take at that rate.
Nothing is asserted; the figures go in docs/robustness.md.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.engine import rng  # noqa: E402
from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.engine.runtime import Game  # noqa: E402

FIFTH = ROOT / "rulesets" / "fifth-avenue" / "base"
BEFORE_ROW = 7  # businesses drawn from the bag before the row: one per district
ROW = 20
YEAR = 365.25 * 24 * 3600


class _Start:
    """Told of the components in their starting places (the bag before its shuffle)."""

    def started(self, game: Game) -> None:
        self.bag = list(game.Z["bag"])

    def moved(self, *args: object) -> None:
        pass


def row_of(bag: list[str], values: list[int]) -> list[str]:
    """The supply row the bag's shuffle gives with these draws (the engine's Fisher-Yates from
    the end, the top of the stack at the end: only the first draws matter for the top)."""
    z = list(bag)
    for i, v in zip(range(len(z) - 1, 0, -1), values, strict=False):
        j = v % (i + 1)
        z[i], z[j] = z[j], z[i]
    return z[len(z) - BEFORE_ROW - ROW:len(z) - BEFORE_ROW][::-1]


def seen_row(game: Game) -> list[str]:
    """The supply row as player 1 sees it (public)."""
    return [next(iter(slot)) for slot in game.view("P1")["zones"]["supply_row"].values()]


def search(bag: list[str], row: list[str], seeds: range) -> list[int]:
    """Every seed whose shuffle of the bag lays out `row`."""
    draws = BEFORE_ROW + ROW
    return [s for s in seeds
            if row_of(bag, rng.stream_values(rng.seed_state(s), "bag", 0, draws)) == row]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=None,
                        help="the game's seed (default: drawn below 10^6, as `rules play` did)")
    parser.add_argument("--seeds", type=int, default=10**6, help="seeds to try (default 10^6)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--guesses", type=int, default=20_000,
                        help="secrets to try, to measure a guess under a secret")
    args = parser.parse_args()
    ruleset = load_ruleset(FIFTH)
    start = _Start()
    Game.start(ruleset, args.players, 0, watch=start)
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    victim = ruleset.new_game(args.players, seed)
    row = seen_row(victim)
    print(f"Fifth Avenue, {args.players} players, seed {seed}: the supply row is "
          f"{', '.join(r.split('(')[1].rstrip(')') for r in row[:5])}, ...")

    began = time.perf_counter()
    found = search(start.bag, row, range(args.seeds))
    took = time.perf_counter() - began
    print(f"old scheme: {args.seeds:,} seeds tried in {took:.1f} s on one core "
          f"({took / args.seeds * 1e6:.1f} us a seed); the row fits seed(s) {found}")
    if found == [seed]:
        print("  the seed is found: every hand, every coming draw and the bots' choices follow")

    secret = rng.new_secret()
    dealt = ruleset.new_game(args.players, secret)
    row = seen_row(dealt)
    began = time.perf_counter()
    hits = 0
    draws = BEFORE_ROW + ROW
    for _ in range(args.guesses):
        guess = rng.new_secret()
        hits += row_of(start.bag, rng.stream_values(guess, "bag", 0, draws)) == row
    per = (time.perf_counter() - began) / args.guesses
    print(f"new scheme: a guessed secret costs {per * 1e6:.1f} us ({args.guesses:,} guesses, "
          f"{hits} fit); the seeds above are no longer where the row comes from")
    for bits in (128, rng.SECRET_BYTES * 8):
        years = 2.0 ** bits * per / YEAR
        print(f"  trying every secret of {bits} bits at that rate: {years:.1e} core-years "
              f"(half of it on average)")


if __name__ == "__main__":
    main()
