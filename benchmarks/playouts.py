"""Speed of complete random games, on one core (a single process and thread).

    python benchmarks/playouts.py                      # 4 players, rulesets/fifth-avenue/base
    python benchmarks/playouts.py PATH --players 3 --games 500 --seed 7
    python benchmarks/playouts.py --simulate           # through interpreter.simulate (bots)
    python benchmarks/playouts.py --log                # with the event log kept
    python benchmarks/playouts.py --profile 25         # where the time goes
    python benchmarks/playouts.py --reference --games 1000 --seed 1 --repeat 5
                                                       # the games side by side with their
                                                       # yardsticks: Fifth Avenue, Reversi
                                                       # and Kalah

Prints the time to load the ruleset (parse + check + compile; the first load in a process also
builds the parser from the grammar, or reads it from the cache), then games/s, decisions/s and
the mean decisions and turns per game. A decision is one choice a player makes; turns are read
from the ruleset's variable `turns` when it has one. The yardstick (DESIGN.md, "Speed") is a
hand-written plain-Python implementation of the same base game, ../shared/reference/fifth.py:
about 500 random 4-player games/s on one core. The second yardstick is Reversi by hand,
../shared/reference/reversi.py, against rulesets/tutorial/reversi (2 players): the engine must
be fast for a grid game too, not only for the game it was tuned on. The third is Kalah by hand,
benchmarks/yardsticks/kalah.py (in this repository), against rulesets/tutorial/kalah (2
players): a sowing game of counts in pits, written from the docs by a newcomer, not tuned.

`--reference` plays as many games (same count, same seeds, the same random-choice loop) with
the engine and with the reference, in alternating rounds of `--round` games each (engine first,
then reference first, and so on), so that a slow patch of the machine hits both alike. Without a
PATH it compares the three games, each with its reference, and prints `ratio fifth-avenue: X`,
`ratio reversi: Y` and `ratio kalah: Z`; with the PATH of one of the three, that game only.
R = reference games/s / engine games/s (lower is better for the engine). `--repeat K` runs
each comparison K times and prints the median and the spread of the ratio. The references of
Fifth Avenue and Reversi are looked for in ../shared/reference next to the repository (or one
folder further up: a worktree), or in `--reference-dir`; Kalah's is
benchmarks/yardsticks/kalah.py.

Every figure is printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
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
REVERSI = ROOT / "rulesets" / "tutorial" / "reversi"
KALAH = ROOT / "rulesets" / "tutorial" / "kalah"
KALAH_REFERENCE = ROOT / "benchmarks" / "yardsticks" / "kalah.py"
REFERENCE_DIR = next((path for up in (ROOT.parent, ROOT.parent.parent)
                      if (path := up / "shared" / "reference").is_dir()),
                     ROOT.parent / "shared" / "reference")
YARDSTICK_GAMES_PER_SECOND = 500


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Play complete random games of a ruleset on one core and print the speed.")
    parser.add_argument("path", nargs="?", default=None,
                        help="ruleset folder (default: rulesets/fifth-avenue/base; with "
                             "--reference: Fifth Avenue, Reversi and Kalah)")
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
    parser.add_argument("--reference", action="store_true",
                        help="play as many games with the hand-written references "
                             "(../shared/reference/fifth.py, reversi.py, "
                             "benchmarks/yardsticks/kalah.py) in alternating rounds "
                             "and print the ratio reference/engine of games/s per game")
    parser.add_argument("--reference-dir", type=Path, default=REFERENCE_DIR, metavar="DIR",
                        help=f"where fifth.py and reversi.py are (default: {REFERENCE_DIR})")
    parser.add_argument("--round", type=int, default=50, metavar="N",
                        help="with --reference: games per round, each side in turn "
                             "(default: 50)")
    parser.add_argument("--repeat", type=int, default=1, metavar="K",
                        help="run the playouts (or the whole comparison) K times and print the "
                             "median and the spread (default: 1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.round < 1 or args.repeat < 1:
        parser.error("--games, --round and --repeat must be at least 1")
    if args.reference and args.players not in (3, 4):
        parser.error("--reference: the reference plays 3 or 4 players")
    if args.reference and args.path is None:
        code = 0
        for path in (DEFAULT_RULESET, REVERSI, KALAH):
            print(f"\n=== {path.relative_to(ROOT / 'rulesets')} ===")
            code = max(code, main([*(argv if argv is not None else sys.argv[1:]), str(path)]))
        return code
    args.path = args.path or str(DEFAULT_RULESET)
    game_name = {REVERSI.resolve(): "reversi", KALAH.resolve(): "kalah"}.get(
        Path(args.path).resolve(), "fifth-avenue")
    if game_name != "fifth-avenue":
        args.players = 2

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

    reference = None
    if args.reference:
        where = {"reversi": args.reference_dir / "reversi.py",
                 "kalah": KALAH_REFERENCE}.get(game_name, args.reference_dir / "fifth.py")
        reference = load_reference(where)
        if reference is None:
            print(f"\nreference: {where} is missing; playing the engine only (no ratio)")
    try:
        if reference is not None:
            compare(ruleset, reference, args, game_name)
        else:
            rates = []
            for run in range(args.repeat):
                seconds, decisions, turns = playouts(ruleset, args.players, args.games,
                                                     args.seed, args.log)
                title = f"random playouts, event log {'on' if args.log else 'off'}"
                if args.repeat > 1:
                    title += f", run {run + 1} of {args.repeat}"
                report(title, args.games, seconds, decisions, turns)
                rates.append(args.games / seconds)
            if args.repeat > 1:
                print(f"\ngames/s over {args.repeat} runs: median "
                      f"{statistics.median(rates):.1f}, spread {min(rates):.1f}-{max(rates):.1f}")
    except GameRuleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1

    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(playouts, ruleset, args.players, args.games, args.seed, args.log)
        print(f"\nprofile of the same playouts (slower while profiled), top {args.profile}:")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)

    if args.simulate:
        from interpreter.study.simulate import simulate

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


def load_reference(path: Path):
    """The module of a reference (../shared/reference/fifth.py), or None when it is not
    there."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"{path.stem}_reference", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def reference_playouts(fifth, players: int, games: int, seed: int):
    """The same loop as `playouts`, with the reference: same seeds, same way of choosing."""
    decisions: list[int] = []
    turns: list[int] = []
    start = time.perf_counter()
    for i in range(games):
        game = fifth.Game(players, seed + i)
        rng = random.Random(seed + i)
        randrange = rng.randrange
        while not game.over:
            options = game.legal_options()
            game.apply(options[randrange(len(options))])
        decisions.append(game.decisions)
        turns.append(game.turns)
    return time.perf_counter() - start, decisions, turns


def play_playouts(module, games: int, seed: int):
    """Random games of a reference with a `play(rng)` (Reversi, Kalah), one generator seeded
    like the engine's loop."""
    decisions: list[int] = []
    start = time.perf_counter()
    for i in range(games):
        decisions.append(module.play(random.Random(seed + i))[0])
    return time.perf_counter() - start, decisions, None


def compare(ruleset, reference_module, args, game: str) -> None:
    """Engine and reference side by side, in alternating rounds; once or --repeat times."""
    yardstick = {"reversi": REVERSI, "kalah": KALAH}.get(game, DEFAULT_RULESET)
    if Path(args.path).resolve() != yardstick.resolve():
        print(f"note: the reference plays {yardstick.name}; {args.path} may be another game")
    rounds = [(args.seed + first, min(args.round, args.games - first))
              for first in range(0, args.games, args.round)]
    print(f"comparison: {args.games} games each, in {len(rounds)} round(s) of up to "
          f"{args.round} games, engine and reference in turn (event log "
          f"{'on' if args.log else 'off'})")

    def engine(seed: int, count: int):
        return playouts(ruleset, args.players, count, seed, args.log)

    def reference(seed: int, count: int):
        if game in ("reversi", "kalah"):
            return play_playouts(reference_module, count, seed)
        return reference_playouts(reference_module, args.players, count, seed)

    ratios = []
    for run in range(args.repeat):
        # seconds, decisions, turns of each side, summed over its rounds
        totals = {engine: [0.0, [], []], reference: [0.0, [], []]}
        for r, (seed, count) in enumerate(rounds):
            for side in (engine, reference) if r % 2 == 0 else (reference, engine):
                seconds, decisions, turns = side(seed, count)
                totals[side][0] += seconds
                totals[side][1] += decisions
                totals[side][2] += turns or []
        mine, theirs = totals[engine], totals[reference]
        engine_rate, reference_rate = args.games / mine[0], args.games / theirs[0]
        ratios.append(reference_rate / engine_rate)
        if args.repeat > 1:
            print(f"run {run + 1} of {args.repeat}: engine {engine_rate:.1f} games/s, "
                  f"reference {reference_rate:.1f} games/s, ratio {ratios[-1]:.2f}")
    last = f"last run (of {args.repeat}), " if args.repeat > 1 else ""
    report(f"{last}engine ({ruleset.name})", args.games, mine[0], mine[1],
           mine[2] if len(mine[2]) == args.games else None, yardstick=False)
    report(f"{last}reference ({Path(reference_module.__file__).name})", args.games,
           theirs[0], theirs[1], theirs[2] or None, yardstick=False)
    if game in ("reversi", "kalah"):
        print("\nThe reference counts every move as a decision, the engine only the moves "
              "with a choice\n(it plays a lone legal move by itself). Games/s compare; the "
              "ratio uses games/s.")
    else:
        print("\nDecisions are split differently: the engine applies a decision with only one "
              "option\nby itself (the reference asks for it), and the two split a bid into "
              "steps differently.\nSo decisions/s do not compare across the two; games/s do, "
              "and the ratio uses games/s.")
    print(f"\nratio {game}: {statistics.median(ratios):.2f}")
    if args.repeat > 1:
        print(f"ratio over {args.repeat} runs (reference games/s / engine games/s): median "
              f"{statistics.median(ratios):.2f}, spread {min(ratios):.2f}-{max(ratios):.2f}, "
              f"each run: {' '.join(f'{r:.2f}' for r in ratios)}")
    else:
        print("(reference games/s / engine games/s; use --repeat K for a median and a spread)")


def report(title: str, games: int, seconds: float, decisions: list[int],
           turns: list[int] | None, yardstick: bool = True) -> None:
    total = sum(decisions)
    rate = games / seconds
    print(f"\n{title}:")
    print(f"  time:             {seconds:.2f} s")
    if yardstick:
        print(f"  games/s:          {rate:.1f}   (yardstick ~{YARDSTICK_GAMES_PER_SECOND}: "
              f"{rate / YARDSTICK_GAMES_PER_SECOND:.2f}x)")
    else:
        print(f"  games/s:          {rate:.1f}")
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
