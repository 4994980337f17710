"""`rules simulate`: play many seeded games between bots and report on them."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, any_whole, examples, formatter, is_tty, load, whole
from interpreter.language.errors import RulesError
from interpreter.tools.bots import bot_names

SIMULATE_HELP = "play many seeded games between bots and report on them"
SIMULATE_DESCRIPTION = """\
Play G complete games (--games) of a ruleset between bots and report, for each seat: the mean,
spread and range of its score, its wins (a tie between k players gives each 1/k of a win;
such wins are also counted as "shared wins"), and its win rate. Then the length of the games
in decisions (and in turns, if the ruleset has a variable named 'turns'), how the games ended,
and the speed.

Game i (from 0) uses seed S+i (--seed), and the bots draw from their own generator seeded
S+i, so the same command gives the same report (apart from the timings). A progress bar is shown
on stderr when it is a terminal."""

SIMULATE_EPILOG = """\
examples:
  rules simulate {example} --players {n} --games 1000 --seed 1
  rules simulate {example} --players {n} --games 100 --json
  rules simulate {example} --players {n}{bots}

bots: """


def add_parser(sub: Any) -> None:
    p = sub.add_parser("simulate", help=SIMULATE_HELP, description=SIMULATE_DESCRIPTION,
                       epilog=examples(SIMULATE_EPILOG) + ", ".join(bot_names()),
                       formatter_class=formatter)
    p.add_argument("path", metavar="PATH", help="ruleset folder, or its ruleset.yaml")
    p.add_argument("--players", "-p", metavar="N", type=whole(1),
                   help="number of players (may be left out when the ruleset allows only "
                        "one number)")
    p.add_argument("--games", "-g", metavar="G", type=whole(1), default=100,
                   help="number of games to play (default: 100)")
    p.add_argument("--seed", "-s", metavar="S", type=any_whole, default=1,
                   help="seed of the first game (default: 1)")
    p.add_argument("--bot", "-b", metavar="NAME", action="append", dest="bots",
                   help="bot for the seats: once for all seats, or once per seat in seat "
                        f"order (default: random; known: {', '.join(bot_names())})")
    p.add_argument("--max-decisions", metavar="M", type=whole(1), default=100_000,
                   help="give up on a game that has not ended after M decisions "
                        "(default: 100000)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar, even on a terminal")
    p.set_defaults(run=cmd_simulate)


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.tools.simulate import simulate

    ruleset = load(args.path)
    players = args.players
    if players is None:
        if len(ruleset.player_counts) != 1:
            counts = " or ".join(str(c) for c in ruleset.player_counts)
            raise RulesError(f"{ruleset.name} is played by {counts} players: "
                             "say how many with --players")
        players = ruleset.player_counts[0]
    ruleset.check_players(players)
    bar = ProgressBar(err) if not args.no_progress and is_tty(err) else None
    try:
        report = simulate(ruleset, players, args.games, args.seed, bots=args.bots,
                          progress=bar, max_decisions=args.max_decisions)
    finally:
        if bar is not None:
            bar.clear()
    if args.json:
        print(json.dumps(report.to_dict(), indent=2), file=out)
    else:
        print(report.to_text(), file=out)
    return EXIT_OK


class ProgressBar:
    """`[#####-----]  45/100 games  12.3 games/s  about 4 s left`, redrawn in place."""

    def __init__(self, stream: TextIO, width: int = 30, every: float = 0.1):
        self.stream = stream
        self.width = width
        self.every = every
        self.start = time.perf_counter()
        self.last = -1.0
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < self.every:
            return
        self.last = now
        elapsed = now - self.start
        filled = self.width * done // total if total else self.width
        rate = done / elapsed if elapsed > 0 else 0.0
        text = (f"[{'#' * filled}{'-' * (self.width - filled)}] "
                f"{done:>{len(str(total))}}/{total} games")
        if rate > 0:
            text += f"  {rate:.1f} games/s"
            left = (total - done) / rate
            if done < total:
                text += f"  about {left:.0f} s left" if left >= 1 else "  under 1 s left"
        self.stream.write("\r" + text.ljust(self.shown))
        self.stream.flush()
        self.shown = len(text)

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0
