"""`rules compare A B`: play two rulesets with the same seeds and bots, and say measure by
measure whether they differ."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, examples, formatter, load, settings_text
from interpreter.cli.simulate import add_game_options, players_of, progress_bar
from interpreter.language.errors import RulesError

COMPARE_HELP = "play two rulesets with the same seeds and bots, and compare every measure"
COMPARE_DESCRIPTION = """\
Play G games (--games) of ruleset A and G games of ruleset B, with the same seeds (S, S+1, ...)
and the same bots, and compare them measure by measure: the built-in measures (the score and
the win rate of each seat, the length of a game in decisions and in turns, how games end) and
the measures the rulesets declare ('measure' in their rule files).

For each measure: the mean (or rate) on each side with its 95% confidence interval, the
difference B - A with its interval, and a verdict from a test suited to the measure (Welch's
t for means, the two-proportion z-test for rates, a z-test over games for means of values
recorded several times a game, chi-squared for how games end), with the p-values corrected for
the number of measures compared (Holm). "differs": the corrected p-value is below 0.05; "no
evidence": the games played do not show a difference (more games find smaller ones).

The report is the same whatever the number of processes (--workers) or cluster workers
(--dask) that play the games. --chart draws the comparison (needs the charts extra:
pip install 'rules-engine[charts]')."""

COMPARE_EPILOG = """\
examples:
  rules compare {example} {example} --players {n} --games 200
  rules compare {example} my-variant --players {n} --games 2000 --chart compare.html
  rules compare {example} my-variant --players {n} --json > compare.json
  rules compare {example} my-variant --players {n} --games 20000 --dask tcp://scheduler:8786"""

CHART_SUFFIXES = (".html", ".svg", ".png")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("compare", help=COMPARE_HELP, description=COMPARE_DESCRIPTION,
                       epilog=examples(COMPARE_EPILOG), formatter_class=formatter)
    p.add_argument("a", metavar="A", help="the first ruleset (folder, or its ruleset.yaml)")
    p.add_argument("b", metavar="B", help="the second ruleset, compared with A")
    add_game_options(p)
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.add_argument("--chart", metavar="FILE", type=Path,
                   help="also draw the comparison into FILE: .html (a page with the chart "
                        "and the table), .svg or .png")
    p.set_defaults(run=cmd_compare)


def cmd_compare(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.study.compare import compare

    if args.chart is not None:
        check_chart_path(args.chart)
    a = load(args.a, args.allow_outside, args.settings + args.settings_a,
             "--set-a" if args.settings_a else "--set")
    b = load(args.b, args.allow_outside, args.settings + args.settings_b,
             "--set-b" if args.settings_b else "--set")
    players = players_of(args, [a, b])
    bar = progress_bar(args, err)
    try:
        result = compare(a, b, players, args.games, args.seed, bots=args.bots, progress=bar,
                         max_decisions=args.max_decisions, workers=args.workers,
                         dask=args.dask)
    finally:
        if bar is not None:
            bar.clear()
    if args.chart is not None:
        from interpreter.study.charts import write_chart

        write_chart(result, args.chart)
    if args.json:
        data = result.to_dict()
        for side, ruleset in (("a", a), ("b", b)):
            if ruleset.settings:
                data[f"settings_{side}"] = list(ruleset.settings)
        print(json.dumps(data, indent=2), file=out)
    else:
        for side, ruleset in (("A", a), ("B", b)):
            if ruleset.settings:
                print(f"settings of {side}: {settings_text(ruleset.settings)}", file=out)
        print(result.to_text(), file=out)
        if args.chart is not None:
            print(f"chart: {args.chart}", file=out)
    return EXIT_OK


def check_chart_path(path: Path) -> None:
    """Before any game is played: a chart file of a known kind, a plotting library, a folder
    that exists."""
    if path.suffix.lower() not in CHART_SUFFIXES:
        raise RulesError(f"--chart {path}: the file must end in "
                         f"{', '.join(CHART_SUFFIXES[:-1])} or {CHART_SUFFIXES[-1]}")
    if not path.parent.is_dir():
        raise RulesError(f"--chart {path}: there is no folder {path.parent}")
    from interpreter.study.charts import check_plotting

    check_plotting()
