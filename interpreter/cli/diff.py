"""`rules diff`: the rule differences of two rulesets, and where they show up in play."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, any_whole, examples, formatter, is_tty, load, whole

DIFF_HELP = "show the rule differences of two rulesets, and (--play) where they show in play"
DIFF_DESCRIPTION = """\
Compare two rulesets as they are in effect (overlays applied), rule by rule: every rule,
procedure, function, table, constant, enumeration, zone, variable and component that is added,
removed, renamed or changed, with its place and citation on both sides and the lines that
differ; then the board data (entities and their attributes, relations and their edges) and the
player counts. Formatting, comments, step numbers, citations and the order of the rules do not
count. A change of nothing but texts that players read (labels, prompts, log lines) is marked
'wording only'. Exit code 0 either way.

With --play N, also play N seeded games of both side by side: the same seed, and the same
decisions (a shared random choice among the options both offer) while the games are alike.
For each game, the first decision where they part: other options offered, another player to
decide, or another state after the same decision, with the rule running on each side and the
rule difference it stands for. Then a table: how often each rule difference showed up, in how
many games, in how many of those the final ranking changed, and in how many games a changed line
of it ran at all (even after the games had parted).

With --reading ID, B has only that reading of its overlays on (the rules an overlay writes
inside `reading ID ...:`; those of its other readings are left out), so each reading of an
edition can be played against the base on its own."""

DIFF_EPILOG = """\
examples:
  rules diff {example} my-variant
  rules diff {example} my-variant --json
  rules diff {example} my-variant --play 20 --players {n} --seed 1
  rules diff {example} my-edition --play 20 --reading my-1"""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("diff", help=DIFF_HELP, description=DIFF_DESCRIPTION,
                       epilog=examples(DIFF_EPILOG), formatter_class=formatter)
    p.add_argument("a", metavar="A", help="the first ruleset (folder or ruleset.yaml)")
    p.add_argument("b", metavar="B", help="the second ruleset")
    p.add_argument("--play", metavar="N", type=whole(1),
                   help="also play N games of both in lockstep")
    p.add_argument("--players", "-p", metavar="P", type=whole(1),
                   help="players in those games (default: the most both rulesets allow)")
    p.add_argument("--seed", "-s", metavar="S", type=any_whole, default=1,
                   help="seed of the first game (default: 1); game i uses S+i")
    p.add_argument("--reading", metavar="ID",
                   help="load B with only this reading of its overlays on (a `reading ID ...:` "
                        "unit; its other readings left out): A against A plus that reading")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress count on stderr, even on a terminal")
    p.set_defaults(run=cmd_diff)


def cmd_diff(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.editions.diff import diff_rulesets, diff_text

    a = load(args.a, args.allow_outside)
    b = load(args.b, args.allow_outside, reading=args.reading)
    changes = diff_rulesets(a, b)
    played = None
    if args.play:
        from interpreter.editions.lockstep import lockstep

        progress = None
        if is_tty(err) and not args.no_progress:
            def progress(done: int) -> None:
                print(f"\rplayed {done} of {args.play} game(s)", end="", file=err, flush=True)
        played = lockstep(a, b, args.play, args.players, args.seed, changes, progress)
        if progress is not None:
            print(file=err)
    if args.json:
        data: dict[str, Any] = {"a": {"name": a.name, "path": str(a.path)},
                                "b": {"name": b.name, "path": str(b.path)},
                                "changes": [c.to_json() for c in changes]}
        if played is not None:
            data["play"] = played.to_json()
        print(json.dumps(data, indent=2, ensure_ascii=False, default=str), file=out)
        return EXIT_OK
    print(diff_text(changes, f"{a.name} ({a.path})", f"{b.name} ({b.path})"), file=out)
    if played is not None:
        from interpreter.editions.lockstep_text import lockstep_text

        print("", file=out)
        print(lockstep_text(played), file=out)
    return EXIT_OK
