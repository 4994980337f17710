"""`rules sweep RULESET --set 'NAME=LOW..HIGH'`: play each value of a setting on the same
seeds and bots, and report each measure against the value."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, SETTING_HELP, examples, formatter, load
from interpreter.cli.compare import out_folder
from interpreter.cli.simulate import add_game_options, players_of, progress_bar
from interpreter.language.errors import RulesError

SWEEP_HELP = "try a constant or a table cell at several values, on the same seeds and bots"
SWEEP_DESCRIPTION = """\
Play G games (--games) of the ruleset at each value of one setting: --set NAME=LOW..HIGH
(whole numbers) or --set NAME=A,B,C, where NAME is a constant, a table cell
(adjacency_vp[4]) or a component's count, as for --set of the other commands. Other --set
options hold for every value. Every value plays the same seeds (S, S+1, ...) with the same
bots, so what differs between values is the setting (and what it changes in play).

The report gives each measure (the built-in ones and the ruleset's own) at each value: the
mean, or the rate, with its 95% confidence interval; and its paired difference from the base
value (--base; default: the ruleset's own value of the setting when it is swept, else the
first), game i against game i, with its interval and the verdict of a paired test (Holm over
the measures at each value), as 'rules compare' gives it. --chart draws that difference
against the value, the base value marked (needs the charts extra: pip install
'rules-engine[charts]'); --html FILE writes a page with the chart and the report; --json prints
the data; --out DIR writes DIR/sweep.json and DIR/games.csv (a row per game and value)."""

SWEEP_EPILOG = """\
examples:
  rules sweep {example} --players {n} --set 'adjacency_vp[4]=6..12' --games 200
  rules sweep {example} --players {n} --set 'adjacency_vp[4]=6..12' --bot greedy --chart sweep.png
  rules sweep {example} --players {n} --set 'NAME=2,3,4' --json"""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("sweep", help=SWEEP_HELP, description=SWEEP_DESCRIPTION,
                       epilog=examples(SWEEP_EPILOG), formatter_class=formatter)
    p.add_argument("path", metavar="RULESET", help="ruleset folder, or its ruleset.yaml")
    p.add_argument("--set", dest="settings", metavar="NAME=VALUES", action="append",
                   default=[], required=True,
                   help="the setting to sweep, NAME=LOW..HIGH or NAME=A,B,C (exactly one); "
                        "others: " + SETTING_HELP)
    add_game_options(p)
    p.add_argument("--json", action="store_true", help="print the sweep as JSON")
    p.add_argument("--chart", metavar="FILE", type=Path,
                   help="also draw each measure against the value into FILE (.png, .svg "
                        "or .html): "
                        "every measure but the option balance, or those named by --measure")
    p.add_argument("--html", metavar="FILE", type=Path,
                   help="also write a page with the chart and the report into FILE (.html)")
    p.add_argument("--out", metavar="DIR", type=Path,
                   help="write DIR/sweep.json (the sweep as --json prints it), "
                        "DIR/games.csv (a row per game and value) and DIR/turns.csv (the "
                        "scores after every turn)")
    p.add_argument("--base", metavar="VALUE",
                   help="the value the others are compared with (default: the ruleset's own "
                        "value of the setting, if swept, else the first)")
    p.add_argument("--measure", metavar="NAME", action="append", dest="measures",
                   help="draw this measure in the chart (repeat for more; an option's share "
                        "as 'PROMPT -> OPTION')")
    p.set_defaults(run=cmd_sweep)


def cmd_sweep(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.cli.compare import check_chart_path
    from interpreter.study.sweep import sweep, write_chart, write_out

    if args.chart is not None:
        check_chart_path(args.chart)
    if args.html is not None:
        check_chart_path(args.html, "--html", (".html",))
    if args.out is not None:
        out_folder(args.out)
    if args.measures:
        if args.chart is None and args.html is None:
            raise RulesError("--measure picks the measures the chart draws: give --chart FILE "
                             "or --html FILE")
        _check_measures(args)
    bar = progress_bar(args, err)
    try:
        result = sweep(lambda settings: load(args.path, args.allow_outside, settings),
                       args.settings, lambda ruleset: players_of(args, [ruleset]),
                       args.games, args.seed,
                       bots=args.bots, progress=bar, max_decisions=args.max_decisions,
                       workers=args.workers, dask=args.dask, base=args.base)
    finally:
        if bar is not None:
            bar.clear()
    if args.json:  # the report first: a chart that cannot be drawn does not lose it
        print(json.dumps(result.to_dict(), indent=2), file=out)
    else:
        print(result.to_text(), file=out)
    if args.out is not None:
        write_out(args.out, result)
    for chart in (args.chart, args.html):
        if chart is not None:
            write_chart(result, chart, args.measures)
            if not args.json:
                print(f"chart: {chart}", file=out)
    if args.out is not None and not args.json:
        print(f"per-game data: {args.out / 'games.csv'}", file=out)
    return EXIT_OK


def _check_measures(args: argparse.Namespace) -> None:
    """The measures named for the chart, before any game (the option balance's shares are
    known only after the games: checked then)."""
    from interpreter.engine.world import player_id
    from interpreter.study.compare import check_family
    from interpreter.study.measuring import ENDINGS, measure_names

    ruleset = load(args.path, args.allow_outside)
    seats = [player_id(i) for i in range(1, players_of(args, [ruleset]) + 1)]
    drawn = [n for n in measure_names(seats, ruleset.measures) if n != ENDINGS]
    if ENDINGS in args.measures:
        raise RulesError(f"--measure '{ENDINGS}': a share per ending, not a number: a sweep "
                         "does not draw it (simulate gives it for one value)")
    check_family([n for n in args.measures if " -> " not in n], drawn)
