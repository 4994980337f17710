"""`rules compare A B`: play two rulesets with the same seeds and bots, and say measure by
measure whether they differ (paired tests), what the run could detect, and which games
changed."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from interpreter.cli.common import (
    EXIT_OK,
    any_whole,
    examples,
    formatter,
    load,
    made_folder,
)
from interpreter.cli.simulate import add_game_options, add_skill_option, players_of, progress_bar
from interpreter.engine.world import player_id
from interpreter.language.errors import RulesError
from interpreter.study.comparison import DEFAULT_BOT, Target, target_mismatch

COMPARE_HELP = "play two rulesets with the same seeds and bots, and compare every measure"
COMPARE_DESCRIPTION = f"""\
Play G games (--games) of ruleset A and G games of ruleset B, with the same seeds (S, S+1, ...)
and the same bots (default: {DEFAULT_BOT}), and compare them measure by measure: the built-in
measures (the score and the win rate of each seat, the length of a game in decisions and in
turns, how games end, the legal options per decision, the winner's lead, shared wins), the
option balance (the share of each option of each decision) and the measures the rulesets
declare ('measure' in their rule files).

Game i of A and game i of B start from the same seed: a pair. For each measure: the mean (or
rate) on each side with its 95% confidence interval, the difference B - A with its interval,
and a verdict from a paired test (the paired t for numbers, the exact McNemar test for yes/no,
a paired z over games for means of values recorded several times a game, Stuart-Maxwell for
how games end): the luck of the deal is the same in both games of a pair and cancels out, so
a change shows in far fewer games. The p-values of the tested measures (all but the option
balance, or those named with --measure) are corrected for their number (Holm). "differs": the
corrected p-value is below 0.05; "no evidence": the games played do not show a difference.
Then the number of games whose winner, or ranking of the seats, changed, beside its baseline:
the same count between unrelated games of A (every two games of A on different seeds), and a
verdict: fewer than unrelated games (the pairs stayed alike: the changes are the change's
doing), or as many (the pairs parted ways: the count shows how chaotic the games are).

Power: "detects" is the smallest difference the run would find 4 times in 5; --target DIFF
(a number for every measure that is a number, a percentage such as 5% for every rate and
share, or NAME=DIFF for one; a rate as 5%) adds the games a side that would find
DIFF as often.

Random bots never look at the score: a change that only moves points leaves their games move
for move the same, so it shows in the scores but never in who wins or how the game goes. A
bot that plays for points (--bot greedy) lets such a change show in play.

--rescore answers another question, for a change that only touches scoring: B's games
are A's games played again under B's rules, move for move, so the report gives the points
with the same play ("what the change does to the points") rather than with play adapted to
the new rule ("what it does once the bots play for its points"). A change that alters play
(another option, another player asked, another ending) is refused, at the first decision
that differs.

--unpaired uses independent tests instead (Welch's t, two-proportion z, z over games,
chi-squared); --seed-b N gives B its own seeds (N, N+1, ...): comparing a ruleset with itself
on other seeds shows how often "differs" comes by chance. --out DIR writes DIR/games.csv (one
row per game and side), DIR/turns.csv (the seats' scores after every turn) and
DIR/comparison.json.

The report is the same whatever the number of processes (--workers) or cluster workers
(--dask) that play the games. --chart draws the comparison (needs the charts extra:
pip install 'rules-engine[charts]')."""

COMPARE_EPILOG = """\
examples:
  rules compare {example} {example} --players {n} --games 200
  rules compare {example} my-variant --players {n} --games 200 --bot greedy --out compare/
  rules compare {example} my-variant --players {n} --games 2000 --chart compare.html
  rules compare {example} my-variant --players {n} --measure 'score P1' --target 'score P1=1'
  rules compare {example} my-scoring-variant --players {n} --games 25 --bot greedy --rescore
  rules compare {example} my-variant --players {n} --json > compare.json
  rules compare {example} {example} --players {n} --seed-b 100001 --unpaired
  rules compare {example} my-variant --players {n} --games 20000 --dask tcp://scheduler:8786"""

CHART_SUFFIXES = (".html", ".svg", ".png")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("compare", help=COMPARE_HELP, description=COMPARE_DESCRIPTION,
                       epilog=examples(COMPARE_EPILOG), formatter_class=formatter)
    p.add_argument("a", metavar="A", help="the first ruleset (folder, or its ruleset.yaml)")
    p.add_argument("b", metavar="B", help="the second ruleset, compared with A")
    add_game_options(p, DEFAULT_BOT)
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.add_argument("--unpaired", action="store_true",
                   help="independent tests, as if the two sides' games were unrelated")
    p.add_argument("--seed-b", metavar="N", type=any_whole,
                   help="B's games start from seed N instead of A's seeds (for calibration)")
    p.add_argument("--rescore", action="store_true",
                   help="B is A's games played again under B move for move: the points with "
                        "the same play (for a change that only touches scoring)")
    p.add_argument("--measure", metavar="NAME", action="append", dest="measures",
                   help="test this measure (repeat for more): the Holm correction counts only "
                        "these (default: every measure but the option balance)")
    p.add_argument("--target", metavar="[NAME=]DIFF", action="append", dest="targets",
                   type=target, help="the difference to detect, for NAME or else for every "
                                     "measure of its kind (a number: the numbers; 5%%: the "
                                     "rates and shares): say how many games that needs")
    p.add_argument("--out", metavar="DIR", type=Path,
                   help="write DIR/games.csv (a row per game and side), DIR/turns.csv "
                        "(the scores after every turn) and DIR/comparison.json")
    p.add_argument("--chart", metavar="FILE", type=Path,
                   help="also draw the comparison into FILE: .html (a page with the chart "
                        "and the table), .svg or .png")
    add_skill_option(p)
    p.set_defaults(run=cmd_compare)


def cmd_compare(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.study import skill
    from interpreter.study.compare import compare

    if args.chart is not None:
        check_chart_path(args.chart)
    skill.check(args)
    if args.out is not None:
        out_folder(args.out)
    a = load(args.a, args.allow_outside, args.settings + args.settings_a,
             "--set-a" if args.settings_a else "--set")
    b = load(args.b, args.allow_outside, args.settings + args.settings_b,
             "--set-b" if args.settings_b else "--set")
    players = players_of(args, [a, b])
    _check_names(args, a, b, players)
    bar = progress_bar(args, err)
    try:
        result = compare(a, b, players, args.games, args.seed, bots=args.bots, progress=bar,
                         max_decisions=args.max_decisions, workers=args.workers,
                         dask=args.dask, paired=not args.unpaired, seed_b=args.seed_b,
                         family=args.measures, targets=_targets(args.targets or []),
                         rescore=args.rescore)
    finally:
        if bar is not None:
            bar.clear()
    trace = skill.run(args, [a, b], players, DEFAULT_BOT)
    if trace is not None:
        result.skill = trace
    if args.out is not None:
        write_out(args.out, result)
    if args.chart is not None:
        from interpreter.study.charts import write_chart

        write_chart(result, args.chart)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2), file=out)
    else:
        print(result.to_text(), file=out)
        if args.chart is not None:
            print(f"chart: {args.chart}", file=out)
        if args.out is not None:
            print(f"per-game data: {args.out / 'games.csv'}", file=out)
    return EXIT_OK


def _check_names(args: argparse.Namespace, a: Any, b: Any, players: int) -> None:
    """The measures named by --measure and --target, before any game (the option balance's
    shares and the kinds of the rulesets' own measures are known only after: checked then)."""
    from interpreter.study.compare import check_family
    from interpreter.study.measuring import BRANCHING, LEAD, SHARED, measure_names

    targets = [(n, v) for n, v in args.targets or [] if n]
    if not args.measures and not targets:
        return
    seats = [player_id(i) for i in range(1, players + 1)]
    names_a, names_b = measure_names(seats, a.measures), measure_names(seats, b.measures)
    known = [n for n in names_a if n in names_b]
    one_side = [n for n in [*names_a, *names_b] if n not in known]  # shown, not tested
    for name, _ in targets:
        if name in one_side:
            raise RulesError(f"--target '{name}': only one of the rulesets has this measure: "
                             "there is no difference to detect")
    for option in ("--measure", "--target"):
        names = args.measures or [] if option == "--measure" else [n for n, _ in targets]
        check_family([n for n in names if " -> " not in n], known, one_side, option=option)
    numbers = ("decisions per game", "turns per game", BRANCHING, LEAD)
    for name, value in targets:  # the built-in measures' kinds are known: say it now
        share = name.startswith("win rate ") or name == SHARED or " -> " in name
        number = name.startswith("score ") or name in numbers
        mismatch = target_mismatch(name, value, share) if share or number else None
        if mismatch is not None:
            raise RulesError(mismatch)


def _targets(given: list[tuple[str, Target]]) -> dict[str, Target]:
    """By measure name; a target for every measure under "" (a number) or "%" (a rate), so
    that `--target 2 --target 5%` keeps both."""
    return {name or ("%" if value.percent else ""): value for name, value in given}


def target(text: str) -> tuple[str, float]:
    """`--target 2`, `--target 'score P1=2'`, `--target 'win rate P1=5%'`: (name or "", the
    difference)."""
    name, _, number = text.rpartition("=")
    number = number.strip()
    scale = 1.0
    percent = number.endswith("%")
    if percent:
        number, scale = number[:-1], 0.01
    try:
        value = float(number) * scale
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not DIFF or NAME=DIFF with DIFF a "
                                         "number (a rate as 5%)") from None
    if not value or value != value or abs(value) == float("inf"):
        raise argparse.ArgumentTypeError(f"'{text}': the difference must be a number other "
                                         "than 0")
    return name.strip(), Target.of(abs(value), percent)


def write_out(folder: Path, result: Any) -> None:
    """DIR/games.csv: both sides' games, a row each (column `side`: A or B); DIR/turns.csv:
    the seats' scores after every turn of every game; and DIR/comparison.json: the
    comparison as --json prints it."""
    from interpreter.study.pergame import game_rows, turn_rows, write_json, write_rows

    write_rows(folder / "games.csv", game_rows(result.a, "A") + game_rows(result.b, "B"))
    write_rows(folder / "turns.csv", turn_rows(result.a, "A") + turn_rows(result.b, "B"))
    write_json(folder / "comparison.json", result.to_dict())


def out_folder(folder: Path) -> None:
    """Before any game is played: --out names a folder (made if it is not there)."""
    if folder.exists() and not folder.is_dir():
        raise RulesError(f"--out {folder}: a folder is needed, and this is a file")
    made_folder(folder, "--out")


def check_chart_path(path: Path, option: str = "--chart",
                     suffixes: tuple[str, ...] = CHART_SUFFIXES) -> None:
    """Before any game is played: a chart file of a known kind, a plotting library, a folder
    that exists."""
    if path.suffix.lower() not in suffixes:
        ends = (f"{', '.join(suffixes[:-1])} or {suffixes[-1]}" if len(suffixes) > 1
                else suffixes[0])
        raise RulesError(f"{option} {path}: the file must end in {ends}")
    if not path.parent.is_dir():
        raise RulesError(f"{option} {path}: there is no folder {path.parent}")
    from interpreter.study.charts import check_plotting

    check_plotting()
