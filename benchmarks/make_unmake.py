"""Looking one decision ahead: a copy per option against make and unmake.

    python benchmarks/make_unmake.py                   # 4 players, rulesets/fifth-avenue/base
    python benchmarks/make_unmake.py PATH --players 2 --games 10 --seed 7

Positions are taken from random games (seeds S, S+1, ...; each decision kept with probability
--sample). At each, every legal option (at most --options) is looked at two ways, in
alternating rounds so that a busy patch of the machine hits both alike: `clone()` then
`apply(option)` (what bots did), and `make(option)` then `unmake()` (Game.make: the game
is put in journaling form once, before the rounds). Both run the rules to the next
decision; the difference is the copy against the journal. Also printed: the copy alone, and
the first make of a game (it puts the game in journaling form). CPU time of the process;
every figure is printed, nothing is asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from interpreter import load_ruleset  # noqa: E402


def positions(ruleset, players: int, games: int, seed: int, sample: float) -> list:
    rng = random.Random(seed)
    out = []
    for i in range(games):
        game = ruleset.new_game(players, seed + i, logging=False)
        while not game.over:
            options = game.legal_options()
            if len(options) > 1 and rng.random() < sample:
                out.append(game.clone())
            game.apply(options[rng.randrange(len(options))])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", nargs="?", default=str(ROOT / "rulesets/fifth-avenue/base"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", type=float, default=0.1)
    parser.add_argument("--options", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args(argv)
    ruleset = load_ruleset(args.path)
    found = positions(ruleset, args.players, args.games, args.seed, args.sample)
    work = [(g, g.legal_options()[:args.options]) for g in found]
    looks = sum(len(options) for _, options in work)
    start = time.process_time()
    for game, _ in work:
        game.checkpoint()  # the first make: the game in journaling form
        game.unmake()
    first = (time.process_time() - start) / len(work)
    copied = journaled = alone = 0.0
    for r in range(args.rounds):
        for turn in ((0, 1) if r % 2 == 0 else (1, 0)):
            start = time.process_time()
            if turn == 0:
                for game, options in work:
                    for option in options:
                        game.clone().apply(option)
                copied += time.process_time() - start
            else:
                for game, options in work:
                    for option in options:
                        game.make(option)
                        game.unmake()
                journaled += time.process_time() - start
        start = time.process_time()
        for game, options in work:
            for _ in options:
                game.clone()
        alone += time.process_time() - start
    per = 1e6 / (looks * args.rounds)
    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"one process; {ruleset.name}, {args.players} players")
    print(f"{len(work)} positions from {args.games} random games, {looks} options, "
          f"{args.rounds} rounds (CPU time per option)")
    print(f"  clone() + apply(option):   {copied * per:8.1f} µs")
    print(f"  make(option) + unmake():   {journaled * per:8.1f} µs   "
          f"({copied / journaled:.2f}x faster)")
    print(f"  clone() alone:             {alone * per:8.1f} µs")
    print(f"  first make of a game (journaling form): {first * 1e6:.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
