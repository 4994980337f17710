"""Speed of complete random games, on one core (a single process and thread).

    python benchmarks/playouts.py                      # 4 players, rulesets/fifth-avenue/base
    python benchmarks/playouts.py PATH --players 3 --games 500 --seed 7
    python benchmarks/playouts.py --simulate           # through interpreter.simulate (bots)
    python benchmarks/playouts.py --log                # with the event log kept
    python benchmarks/playouts.py --profile 25         # where the time goes

Prints the time to load the ruleset (parse + check + compile; the first load in a process also
builds the parser from the grammar), then games/s, decisions/s and the mean decisions and turns
per game. A decision is one choice a player makes; turns are read from the ruleset's variable
`turns` when it has one. The yardstick (DESIGN.md, "Speed") is a hand-written plain-Python
implementation of the same base game: about 500 random 4-player games/s on one core.

Every figure is printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.language.errors import GameRuleError, RulesError, RulesetError, RulesetErrors  # noqa: E402

DEFAULT_RULESET = ROOT / "rulesets" / "fifth-avenue" / "base"
YARDSTICK_GAMES_PER_SECOND = 500


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Play complete random games of a ruleset on one core and print the speed.")
    parser.add_argument("path", nargs="?", default=str(DEFAULT_RULESET),
                        help="ruleset folder (default: rulesets/fifth-avenue/base)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default: 4)")
    parser.add_argument("--games", type=int, default=200, help="games to play (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
    parser.add_argument("--simulate", action="store_true",
                        help="also play the games through interpreter.simulate with random "
                             "bots (views, bot protocol, report) and print that speed too")
    parser.add_argument("--log", action="store_true",
                        help="keep the event log of each game (off by default, as in "
                             "simulations)")
    parser.add_argument("--profile", type=int, metavar="N", default=0,
                        help="also profile the playouts (cProfile) and print the N functions "
                             "with the most time of their own")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    print(f"python {platform.python_version()} ({platform.python_implementation()}) "
          f"on {platform.machine()}, one process")
    try:
        t0 = time.perf_counter()
        ruleset = load_ruleset(args.path)
        first = time.perf_counter() - t0
        t0 = time.perf_counter()
        ruleset = load_ruleset(args.path)
        again = time.perf_counter() - t0
        ruleset.check_players(args.players)
    except RulesetErrors as exc:
        print("\n".join(e.render() for e in exc.errors), file=sys.stderr)
        print(f"{len(exc.errors)} error(s)", file=sys.stderr)
        return 2
    except RulesetError as exc:
        print(exc.render(), file=sys.stderr)
        return 2
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    print(f"ruleset: {ruleset.name} ({args.path}), {args.players} players, "
          f"{args.games} games, seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"load (parse + check + compile): {first * 1000:.0f} ms first, "
          f"{again * 1000:.0f} ms again")

    try:
        seconds, decisions, turns = playouts(ruleset, args.players, args.games, args.seed,
                                             args.log)
    except GameRuleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    title = f"random playouts, event log {'on' if args.log else 'off'}"
    report(title, args.games, seconds, decisions, turns)

    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(playouts, ruleset, args.players, args.games, args.seed, args.log)
        print(f"\nprofile of the same playouts (slower while profiled), top {args.profile}:")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)

    if args.simulate:
        from interpreter.tools.simulate import simulate

        result = simulate(ruleset, args.players, args.games, args.seed, logging=args.log)
        turns_sim = [r.turns for r in result.records]
        report("interpreter.simulate, random bots", args.games, result.seconds,
               [r.decisions for r in result.records],
               turns_sim if all(t is not None for t in turns_sim) else None)
    return 0


def playouts(ruleset, players: int, games: int, seed: int, logging: bool = False):
    """Play `games` games choosing uniformly among the legal options; time them."""
    decisions: list[int] = []
    turns: list[int] | None = []
    start = time.perf_counter()
    for i in range(games):
        game = ruleset.new_game(players, seed + i, logging=logging)
        rng = random.Random(seed + i)
        randrange = rng.randrange
        while not game.over:
            options = game.legal_options()
            game.apply(options[randrange(len(options))])
        decisions.append(game.state["step"])
        t = game.state["vars"].get("turns")
        if turns is not None and isinstance(t, int):
            turns.append(t)
        else:
            turns = None
    return time.perf_counter() - start, decisions, turns


def report(title: str, games: int, seconds: float, decisions: list[int],
           turns: list[int] | None) -> None:
    total = sum(decisions)
    rate = games / seconds
    print(f"\n{title}:")
    print(f"  time:             {seconds:.2f} s")
    print(f"  games/s:          {rate:.1f}   "
          f"(yardstick ~{YARDSTICK_GAMES_PER_SECOND}: {rate / YARDSTICK_GAMES_PER_SECOND:.2f}x)")
    print(f"  decisions/s:      {total / seconds:.0f}")
    print(f"  decisions/game:   {statistics.fmean(decisions):.1f} "
          f"(min {min(decisions)}, max {max(decisions)})")
    if turns:
        print(f"  turns/game:       {statistics.fmean(turns):.1f} "
              f"(min {min(turns)}, max {max(turns)})")
    else:
        print("  turns/game:       - (the ruleset has no variable 'turns')")
    print(f"  ms/game:          {1000 * seconds / games:.2f}")


if __name__ == "__main__":
    sys.exit(main())
