"""How well a bot plays: its win rate against random bots over many seeded games.

    python benchmarks/bots.py                      # greedy in seat 1 vs 3 random, 1000 games
    python benchmarks/bots.py --games 200 --jobs 1
    python benchmarks/bots.py PATH --players 3 --bot greedy --seed 100
    python benchmarks/bots.py --rotate             # the bot takes each seat in turn

Game i (from 0) uses seed S+i, as `rules simulate` does, so the same command gives the same
figures. The games are shared out between --jobs processes (default: every core). With 4 players
a bot that plays no better than random wins about a quarter of the games; a tie between k
players counts 1/k of a win. Every figure is printed; nothing is asserted.

Measured (Fifth Avenue base, 4 players, seeds 1..N; 2-core VM shared with other jobs, so the
CPU time of the process is the figure to read; docs/bots.md has the whole story):

    bot        against          games  win rate, 95% interval (Wilson)  CPU per decision
    greedy     random (before)    200  86.0% (80.5-90.1%)               1.1 ms
    greedy     random             200  80.0% (73.9-85.0%)               0.1 ms (0.2 before)
    search     greedy (rotate)    100  84.0% (75.6-89.9%)               18 ms (67 ms wall)
    ismcts:10  greedy (rotate)     24   8.3% (2.3-25.8%)                178 ms (wall, older sampler)

    games per second on one core (CPU time)  at first  before round 2  after round 2 (issue 18)
    4 greedy bots (--against greedy, 100)     1.5       7.8             10.8 (11.3 once calibrated)
    greedy + 3 random bots (200)              5.3       23.6            28.6

    python benchmarks/bots.py --games 200 --jobs 1
    python benchmarks/bots.py --games 30 --jobs 1 --against greedy
    python benchmarks/bots.py --games 100 --bot search --against greedy --rotate --jobs 1
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.bots.players import TimedBot, how_often_it_matters, make_bot  # noqa: E402
from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.engine.world import player_id  # noqa: E402
from interpreter.language.errors import RulesError  # noqa: E402
from interpreter.study.games import play_one  # noqa: E402
from interpreter.study.stats import rate_estimate  # noqa: E402

DEFAULT_RULESET = ROOT / "rulesets" / "fifth-avenue" / "base"

_RULESET = None


def _games(job: tuple[str, int, str, str, list[tuple[int, int]]]
           ) -> tuple[list[tuple], float, float]:
    """Play the (seed, seat of the bot) games of one share: a record (seed, seat, win share,
    scores, ...) per game, their CPU time, and the CPU time of the greedy bot's calibration
    (bots/players.py, once per process) before them."""
    global _RULESET
    path, players, bot, against, games = job
    if _RULESET is None:
        _RULESET = load_ruleset(path)
    out = []
    calibration = time.process_time()
    if "greedy" in (bot, against):  # once per process: timed apart from the games
        how_often_it_matters(_RULESET.new_game(players, games[0][0], logging=False))
    cpu = time.process_time()
    calibration = cpu - calibration
    for seed, seat in games:
        timed = TimedBot(make_bot(bot))
        bots = {player_id(i): timed if i == seat else make_bot(against)
                for i in range(1, players + 1)}
        record = play_one(_RULESET, players, seed, bots)
        me = player_id(seat)
        share = 1 / len(record.winners) if me in record.winners else 0.0
        out.append((seed, seat, share, record.scores, timed.seconds, timed.decisions,
                    timed.cpu_seconds))
    return out, time.process_time() - cpu, calibration


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Win rate of a bot against random bots over many seeded games.")
    parser.add_argument("path", nargs="?", default=str(DEFAULT_RULESET),
                        help="ruleset folder (default: rulesets/fifth-avenue/base)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default: 4)")
    parser.add_argument("--games", type=int, default=1000, help="games (default: 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
    parser.add_argument("--bot", default="greedy", help="the bot to measure (default: greedy)")
    parser.add_argument("--against", default="random",
                        help="the bot in the other seats (default: random)")
    parser.add_argument("--rotate", action="store_true",
                        help="the bot takes seat 1, 2, ... in turn (default: always seat 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes (default: every core)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    try:
        ruleset = load_ruleset(args.path)
        ruleset.check_players(args.players)
        make_bot(args.bot)
        make_bot(args.against)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    seats = [(args.seed + i, (i % args.players) + 1 if args.rotate else 1)
             for i in range(args.games)]
    jobs = min(args.jobs, args.games)
    shares = [seats[j::jobs] for j in range(jobs)]
    print(f"python {platform.python_version()} on {platform.machine()}, {jobs} process(es)")
    print(f"{ruleset.name}: {args.games} games, {args.players} players, seeds "
          f"{args.seed}..{args.seed + args.games - 1}; {args.bot} in "
          f"{'every seat in turn' if args.rotate else 'seat 1'}, {args.against} bots in the others")
    start = time.perf_counter()
    work = [(str(args.path), args.players, args.bot, args.against, share) for share in shares]
    if jobs == 1:
        results = [_games(work[0])]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_games, work))
    seconds = time.perf_counter() - start
    cpu = sum(c for _share, c, _k in results)
    calibration = sum(k for _share, _c, k in results)
    records = sorted((r for share, _c, _k in results for r in share), key=lambda r: r[0])

    wins = sum(Fraction(r[2]).limit_denominator(16) for r in records)
    # A 95% interval for the win rate (Wilson's: it does not collapse at 0 or all wins).
    rate = rate_estimate(float(wins), len(records))
    mine = [r[3][player_id(r[1])] for r in records]
    best_other = [max(v for p, v in r[3].items() if p != player_id(r[1])) for r in records]
    print(f"{args.bot} wins {float(wins):.1f} of {len(records)} games: "
          f"{100 * rate.value:.1f}% (95% interval {100 * rate.low:.1f}% to "
          f"{100 * rate.high:.1f}%); a bot no better than the others would win about "
          f"{100 / args.players:.1f}%")
    print(f"mean score: {args.bot} {sum(mine) / len(mine):.1f}, best {args.against} bot "
          f"{sum(best_other) / len(best_other):.1f}")
    decisions = sum(r[5] for r in records)
    print(f"{args.bot}: {decisions} decisions with a choice, "
          f"{1000 * sum(r[4] for r in records) / max(decisions, 1):.1f} ms per decision "
          f"({1000 * sum(r[6] for r in records) / max(decisions, 1):.1f} ms of CPU time)")
    print(f"time: {seconds:.1f} s ({len(records) / seconds:.2f} games/s); CPU time "
          f"{cpu + calibration:.1f} s ({len(records) / (cpu + calibration):.2f} games/s on one "
          "core, whatever else the machine runs)")
    if calibration:
        print(f"of which the greedy bot's calibration game (once per process): "
              f"{calibration:.1f} s; the games alone: {len(records) / cpu:.2f} games/s (CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
