"""Two checkouts of the engine side by side: random games of every bundled ruleset, CPU time.

    python benchmarks/engines.py --old ../old-checkout            # every bundled ruleset
    python benchmarks/engines.py --old ../old --games 200 --rounds 3 rulesets/tutorial/kalah

For a change of the execution model: make a worktree of the commit before it
(`git worktree add --detach ../old COMMIT`) and compare. Each ruleset is played in rounds, the
old engine and this one in turn (the first of each round alternating), each in a fresh Python
process that loads the ruleset and then plays `--games` random games on one core (the same
seeds, the same random choices among the legal options: the loop of benchmarks/same_games.py,
with the event log off). Only the games are timed, in CPU time of the process (load excluded),
so another program on the machine slows both alike. Prints games/s per engine (the median of
the rounds) and the speed-up new/old, of games and of decisions (a change that plays other games,
as the order of piles did, may change their length); nothing is asserted.

Each engine plays its own checkout's copy of a ruleset when it has one (the rulesets change with
the language: a manifest key the old engine does not know yet), else this checkout's; a ruleset
the old engine cannot load is reported as such.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in a fresh process with the engine of one checkout first on the path.
PLAY = """
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from interpreter.engine.ruleset import load_ruleset
ruleset = load_ruleset(sys.argv[2])
games, counts = int(sys.argv[3]), sorted(ruleset.player_counts)
start = time.process_time()
decisions = 0
for i in range(games):
    game = ruleset.new_game(counts[i % len(counts)], i, logging=False)
    rng = random.Random(i)
    while not game.over:
        options = game.legal_options()
        game.apply(options[rng.randrange(len(options))] if len(options) > 1 else options[0])
        decisions += 1
print(json.dumps({"seconds": time.process_time() - start, "decisions": decisions}))
"""


def playable(paths: list[Path]) -> list[Path]:
    """The rulesets that load and start (an edition whose text is unplayable is left out)."""
    sys.path.insert(0, str(ROOT))
    from interpreter.engine.ruleset import load_ruleset
    from interpreter.language.errors import RulesError, RulesetError, RulesetErrors

    found = []
    for path in paths:
        try:
            ruleset = load_ruleset(path)
            ruleset.new_game(min(ruleset.player_counts), 0)
        except (RulesetErrors, RulesetError, RulesError):
            continue
        found.append(path)
    return found


class EngineFailed(Exception):
    """An engine could not play a ruleset (the last line of its error)."""


def own_copy(engine: Path, ruleset: Path) -> Path:
    """The checkout's own copy of `ruleset` (the same path under its root), if it has one."""
    copy = engine / ruleset.relative_to(ROOT)
    return copy if (copy / "ruleset.yaml").is_file() else ruleset


def timed(engine: Path, ruleset: Path, games: int) -> tuple[float, float]:
    """Games and decisions per CPU second of one engine on one ruleset (a fresh process)."""
    ruleset = own_copy(engine, ruleset)
    out = subprocess.run([sys.executable, "-c", PLAY, str(engine), str(ruleset), str(games)],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise EngineFailed(" ".join(out.stderr.strip().splitlines()[-1:]))
    result = json.loads(out.stdout)
    seconds = max(result["seconds"], 1e-9)
    return games / seconds, result["decisions"] / seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", help="ruleset folders (default: every bundled one)")
    parser.add_argument("--old", type=Path, required=True,
                        help="the root of the other checkout (e.g. a worktree of an older commit)")
    parser.add_argument("--games", type=int, default=100, help="games per round (default: 100)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per engine (default: 3)")
    args = parser.parse_args(argv)
    old = args.old.resolve()
    if not (old / "interpreter").is_dir():
        parser.error(f"--old {args.old}: no interpreter/ folder there")
    paths = [Path(p).resolve() for p in args.paths] or sorted(
        p.parent for p in (ROOT / "rulesets").rglob("ruleset.yaml"))
    print(f"{'ruleset':<38} {'old games/s':>12} {'new games/s':>12} {'speed-up':>9} "
          f"{'(decisions/s)':>14}")
    for path in playable(paths):
        runs: dict[Path, list[tuple[float, float]]] = {old: [], ROOT: []}
        name = path.relative_to(ROOT / "rulesets").as_posix()
        try:
            for r in range(args.rounds):
                for engine in ((old, ROOT) if r % 2 == 0 else (ROOT, old)):
                    runs[engine].append(timed(engine, path, args.games))
        except EngineFailed as exc:
            print(f"{name:<38} not compared: {exc}"[:200], flush=True)
            continue
        a, b = (statistics.median(g for g, _ in runs[e]) for e in (old, ROOT))
        da, db = (statistics.median(d for _, d in runs[e]) for e in (old, ROOT))
        print(f"{name:<38} {a:>12.1f} {b:>12.1f} {b / a:>8.2f}x {db / da:>13.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
