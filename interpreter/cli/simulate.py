"""`rules simulate`: play many seeded games between bots and report on them."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, TextIO

from interpreter.bots.players import bot_names
from interpreter.cli.common import (
    EXIT_OK,
    any_whole,
    examples,
    formatter,
    is_tty,
    load,
    made_folder,
    settings_text,
    whole,
)
from interpreter.language.errors import RulesError
from interpreter.study.parallel import all_cores

SIMULATE_HELP = "play many seeded games between bots and report on them"
SIMULATE_DESCRIPTION = """\
Play G complete games (--games) of a ruleset between bots and report, for each seat: the mean,
spread and range of its score, its wins (a tie between k players gives each 1/k of a win;
such wins are also counted as "shared wins"), and its win rate. Then the length of the games
in decisions (and in turns, if the ruleset has a variable named 'turns'), how the games ended,
and the speed.

The first seat's advantage: its win rate minus a fair share (1 / players), with its 95%
interval. The measures every ruleset gets: the legal options per decision (branching), the
winner's lead over the best other score, the share of games won by more than one player, and
the option balance (for each decision of at most 12 options, the share of its choices that
took each option). Then the ruleset's own measures (its 'measure' declarations: counters,
recorded values and values computed at the end of a game), each with its mean (or rate) and
95% confidence interval.

--out games.csv (or games.jsonl) writes one row per game: its seed, bots, winners and every
measure (pandas: pd.read_csv("games.csv")). --replay-dir DIR keeps each game's replay, as
DIR/seed-S.json (rules replay DIR/seed-S.json plays it again).

Game i (from 0) uses seed S+i (--seed), and the bots draw from their own generator seeded
S+i, so the same command gives the same report (apart from the timings), whatever the number of
processes (--workers) or cluster workers (--dask) that play the games. A progress bar is shown
on stderr when it is a terminal."""

SIMULATE_EPILOG = """\
examples:
  rules simulate {example} --players {n} --games 1000 --seed 1
  rules simulate {example} --players {n} --games 100 --json
  rules simulate {example} --players {n}{bots}
  rules simulate {example} --players {n} --games 5000 --workers 2
  rules simulate {example} --players {n} --games 5000 --dask local
  rules simulate {example} --players {n} --games 500 --bot greedy --out games.csv
  rules simulate {example} --players {n} --games 10 --replay-dir replays/

bots: """


def add_parser(sub: Any) -> None:
    p = sub.add_parser("simulate", help=SIMULATE_HELP, description=SIMULATE_DESCRIPTION,
                       epilog=examples(SIMULATE_EPILOG) + ", ".join(bot_names()),
                       formatter_class=formatter)
    p.add_argument("path", metavar="PATH", help="ruleset folder, or its ruleset.yaml")
    add_game_options(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--out", metavar="FILE", type=Path,
                   help="also write one row per game into FILE: .csv or .jsonl (and the "
                        "scores after every turn into FILE's name with .turns before its "
                        "suffix)")
    p.add_argument("--replay-dir", metavar="DIR", type=Path,
                   help="keep each game's replay in DIR, as seed-S.json (DIR is made if "
                        "missing, but not its parents)")
    add_skill_option(p)
    p.set_defaults(run=cmd_simulate)


def add_skill_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--skill", metavar="BOT", action="append",
                   help="skill trace: also play G games with BOT in one seat (going round the "
                        "table) and the --bot bot in the others, and give BOT's win rate "
                        "against the fair share (repeat for a trace of stronger bots)")


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.study import skill
    from interpreter.study.pergame import check_path, game_rows, turn_rows, turns_path, write_rows
    from interpreter.study.simulate import simulate

    if args.out is not None:
        check_path(args.out)
    skill.check(args)
    replay_dir = replay_folder(args.replay_dir, args.dask)
    ruleset = load(args.path, args.allow_outside, args.settings)
    players = players_of(args, [ruleset])
    bar = progress_bar(args, err)
    try:
        report = simulate(ruleset, players, args.games, args.seed, bots=args.bots,
                          progress=bar, max_decisions=args.max_decisions,
                          workers=args.workers, dask=args.dask, replay_dir=replay_dir)
    finally:
        if bar is not None:
            bar.clear()
    trace = skill.run(args, [ruleset], players, "random")
    if args.out is not None:
        write_rows(args.out, game_rows(report))
        write_rows(turns_path(args.out), turn_rows(report))
    if args.json:
        data = report.to_dict()
        if ruleset.settings:
            data["settings"] = list(ruleset.settings)
        if trace is not None:
            data["skill_trace"] = skill.to_dict(trace)
        print(json.dumps(data, indent=2), file=out)
    else:
        if ruleset.settings:
            print(f"settings: {settings_text(ruleset.settings)}", file=out)
        print(report.to_text(), file=out)
        if trace is not None:
            print("\n".join(skill.lines(trace)), file=out)
        if args.out is not None:
            print(f"per-game data: {args.out} (per turn: {turns_path(args.out)})", file=out)
        if replay_dir is not None:
            print(f"replays: {args.replay_dir / 'seed-S.json'} (S: each game's seed)", file=out)
    return EXIT_OK


def replay_folder(path: Path | None, dask: str | None) -> str | None:
    """--replay-dir, made if missing: the games' processes write into it, so they must share
    this machine's files (not a Dask cluster elsewhere)."""
    if path is None:
        return None
    if dask is not None and dask != "local":
        raise RulesError("--replay-dir writes on the machine that plays each game: use it "
                         "without --dask, or with --dask local")
    return str(made_folder(path, "--replay-dir").resolve())


def add_game_options(p: argparse.ArgumentParser, default_bot: str = "random") -> None:
    """The options of the games to play (simulate, compare)."""
    p.add_argument("--players", "-p", metavar="N", type=whole(1),
                   help="number of players (may be left out when the ruleset allows only "
                        "one number)")
    p.add_argument("--games", "-g", metavar="G", type=whole(1), default=100,
                   help="number of games to play (default: 100)")
    p.add_argument("--seed", "-s", metavar="S", type=any_whole, default=1,
                   help="seed of the first game (default: 1)")
    p.add_argument("--bot", "-b", metavar="NAME", action="append", dest="bots",
                   help="bot for the seats: once for all seats, or once per seat in seat "
                        f"order (default: {default_bot}; known: {', '.join(bot_names())}; a search "
                        "bot takes its budget after a colon: search:48 playouts, ismcts:50 "
                        "simulations per decision, those are the defaults; both are far "
                        "slower than greedy, seconds per game and more)")
    p.add_argument("--max-decisions", metavar="M", type=whole(1), default=100_000,
                   help="give up on a game that has not ended after M decisions "
                        "(default: 100000)")
    p.add_argument("--workers", "-w", metavar="K", type=whole(1), default=all_cores(),
                   help="processes that play the games, or with --dask local the workers of "
                        f"the cluster (default: all cores, here {all_cores()}); the report "
                        "is the same for any K")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="play the games on a Dask cluster: the address of its scheduler "
                        "(tcp://host:8786), or 'local' for a cluster of K workers on this "
                        "machine, on 127.0.0.1 over TLS with credentials made for the run "
                        "(needs the extra: pip install 'rules-engine[cluster]'; the workers "
                        "need the engine installed, the ruleset's files are sent along). A "
                        "scheduler named by its address is trusted: it and its workers run "
                        "what this command sends them, and what they send back is read as "
                        "pickles, which can run code here")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar, even on a terminal")


def players_of(args: argparse.Namespace, rulesets: list[Any]) -> int:
    """--players, or the one number of players every ruleset allows."""
    players = args.players
    if players is None:
        counts = rulesets[0].player_counts
        if len(counts) != 1:
            said = " or ".join(str(c) for c in counts)
            raise RulesError(f"{rulesets[0].name} is played by {said} players: "
                             "say how many with --players")
        players = counts[0]
    for ruleset in rulesets:
        ruleset.check_players(players)
    return players


def progress_bar(args: argparse.Namespace, err: TextIO) -> ProgressBar | None:
    """A progress bar on stderr if it is a terminal (and --no-progress is not given)."""
    if args.no_progress or not is_tty(err):
        return None
    from interpreter.study.simulate import describe_workers

    return ProgressBar(err, label=describe_workers(args.workers, args.dask))


class ProgressBar:
    """`[#####-----]  45/100 games  12.3 games/s  about 4 s left  (2 processes)`, redrawn in
    place: the games done by all workers together."""

    def __init__(self, stream: TextIO, width: int = 30, every: float = 0.1, label: str = ""):
        self.stream = stream
        self.label = label
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
        if self.label:
            text += f"  ({self.label})"
        self.stream.write("\r" + text.ljust(self.shown))
        self.stream.flush()
        self.shown = len(text)

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0
