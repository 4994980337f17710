"""How fast could generated code make a game? Reversi with its hot rules fused by hand.

    python benchmarks/ceiling.py                      # 300 games x 5 rounds
    python benchmarks/ceiling.py --games 500 --rounds 7

The bundled `tutorial/reversi` spends about three quarters of its time in `moves` (the squares
where a player may place a disc) and most of the rest in `place` (turning lines over). This
benchmark replaces those two rules, in the loaded ruleset's generated code, with Python written
by hand as the best compiler would emit them: one function each, loops over constant lists,
every check the compiler can prove dropped, no call per square or per direction, the opponent
computed once, the walk along a line inline, the work budget charged once per walk. The rest
(the decisions, the frames, the setup) is the engine's own.

It plays the same seeded random games three ways in alternating rounds, CPU time of the games
only: the engine as it is, the engine with the fused rules, and the hand-written reference
(`../shared/reference/reversi.py`). The fused rules must play the same games: the state hash
after every move is compared with the engine's on the first games, and a difference stops the
run. It prints games/s and the ratios reference/engine that `playouts.py --reference` prints:
the fused ratio is a floor for any code generation that keeps the engine's decisions and the
rules as written (the issue of the new execution model asks for 0.8). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.engine.ruleset import load_ruleset  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playouts import load_reference, play_playouts  # noqa: E402

RULESET = ROOT / "rulesets" / "tutorial" / "reversi"
REFERENCE = ROOT.parent / "shared" / "reference" / "reversi.py"

# The generated names of the bundled ruleset (`rules code tutorial/reversi --all`): the board
# family `disc_at` (a flat list, `c * 9 + r`), the constant lists of squares and directions,
# the builtin that gives a player's opponent, the cache of `moves` (memo 0).
FUSED = '''
def _fused_moves(rt, a_p):
    board = rt.VT['disc_at']
    rt.budget -= 50
    if rt.budget < 0: rt.out_of_budget()
    them = rt.following.get(a_p) or _builtin65(rt, a_p)
    _charge(rt, _k47)
    out = []
    work = 0
    for s in _k47:
        c = s[0]; r = s[1]
        if board[c * 9 + r] is not None:
            continue
        work += 8
        for d in _k56:
            dc = d[0]; dr = d[1]
            x = c + dc; y = r + dr
            if not (1 <= x <= 8 and 1 <= y <= 8 and board[x * 9 + y] == them):
                continue
            x += dc; y += dr
            while True:
                work += 50
                v = board[x * 9 + y] if 1 <= x <= 8 and 1 <= y <= 8 else None
                if v != them:
                    break
                x += dc; y += dr
            if v == a_p:
                out.append(s)
                break
    rt.budget -= work
    if rt.budget < 0: rt.out_of_budget()
    return out


def _fused_place(rt, l_p, l_c, l_r):
    if rt.logging or not (1 <= l_c <= 8 and 1 <= l_r <= 8):
        return _engine_place(rt, l_p, l_c, l_r)
    board = rt.V['disc_at']
    board[l_c * 9 + l_r] = l_p
    them = rt.following.get(l_p) or _builtin65(rt, l_p)
    work = 0
    for d in _k56:
        dc = d[0]; dr = d[1]
        x = l_c + dc; y = l_r + dr
        if not (1 <= x <= 8 and 1 <= y <= 8 and board[x * 9 + y] == them):
            continue
        x += dc; y += dr
        while 1 <= x <= 8 and 1 <= y <= 8 and board[x * 9 + y] == them:
            x += dc; y += dr
        if not (1 <= x <= 8 and 1 <= y <= 8 and board[x * 9 + y] == l_p):
            continue
        x = l_c + dc; y = l_r + dr
        while board[x * 9 + y] != l_p:
            board[x * 9 + y] = l_p
            work += 50
            x += dc; y += dr
    rt.memo[0].clear()
    rt.budget -= work
    if rt.budget < 0: rt.out_of_budget()
'''


def fused(ruleset: Any) -> Any:
    """The ruleset with `moves` and `place` replaced by the fused versions (in its own
    namespace: load it afresh for the engine as it is)."""
    ns = ruleset.program.namespace
    needed = ("_builtin65", "_k47", "_k56", "_charge", "_N3_place", "_F_moves")
    missing = [n for n in needed if n not in ns]
    if missing:
        sys.exit(f"the generated code of {RULESET.name} no longer has {', '.join(missing)}: "
                 "read `rules code tutorial/reversi --all` and update FUSED")
    ns["_engine_place"] = ns["_N3_place"]
    exec(FUSED, ns)  # our own hand-written code, in the ruleset's generated namespace
    ns["_F_moves"] = ns["_fused_moves"]  # uncached: a fused call costs less than the cache
    ns["_N3_place"] = ns["_fused_place"]
    return ruleset


def play(ruleset: Any, games: int, seed: int, hashes: bool = False
         ) -> tuple[float, list[list[str]]]:
    """CPU seconds of `games` random games (the choice loop of playouts.py), and with
    `hashes` the state hash after every move of each."""
    trace: list[list[str]] = []
    start = time.process_time()
    for i in range(games):
        game = ruleset.new_game(2, seed + i, logging=False)
        randrange = random.Random(seed + i).randrange
        moves: list[str] = []
        while not game.over:
            options = game.legal_options()
            game.apply(options[randrange(len(options))])
            if hashes:
                moves.append(game.state_hash())
        trace.append(moves)
    return time.process_time() - start, trace


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300, help="games per round (default: 300)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds (default: 5)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
    ap.add_argument("--check", type=int, default=20,
                    help="games checked move by move before timing (default: 20)")
    args = ap.parse_args(argv)
    reference = load_reference(REFERENCE)
    if reference is None:
        print(f"no reference at {REFERENCE}: it lies beside the repository", file=sys.stderr)
        return 2
    engine = load_ruleset(RULESET)
    fast = fused(load_ruleset(RULESET))
    if play(engine, args.check, args.seed, True)[1] != play(fast, args.check, args.seed, True)[1]:
        print("the fused rules play other games than the engine: FUSED is wrong",
              file=sys.stderr)
        return 1
    print(f"the fused rules play the same games (state hash after every move, {args.check} "
          f"games); {args.games} games x {args.rounds} rounds, CPU time")
    rates: dict[str, list[float]] = {"engine": [], "fused": [], "reference": []}
    for _ in range(args.rounds):
        rates["engine"].append(args.games / play(engine, args.games, args.seed)[0])
        rates["fused"].append(args.games / play(fast, args.games, args.seed)[0])
        start = time.process_time()
        play_playouts(reference, args.games, args.seed)
        rates["reference"].append(args.games / (time.process_time() - start))
    for name, got in rates.items():
        print(f"{name:>10}: {statistics.median(got):7.1f} games/s (median; "
              f"{min(got):.1f}-{max(got):.1f})")
    for name in ("engine", "fused"):
        ratios = [r / e for r, e in zip(rates["reference"], rates[name], strict=True)]
        print(f"ratio reversi, {name}: {statistics.median(ratios):.2f} "
              f"({min(ratios):.2f}-{max(ratios):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
