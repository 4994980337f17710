"""`rules flatten`: print the effective ruleset after all overlays, rule by rule."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, examples, formatter, load

FLATTEN_HELP = "print the effective ruleset after all overlays, rule by rule"
FLATTEN_DESCRIPTION = """\
Print the rules in effect for a ruleset that extends others (a variant written as an overlay):
every declaration as it is written, in order, each marked with the file, line and layer it
comes from. A rule replaced by an overlay appears once, in its new version; a guarded
replacement ('replace procedure ... when ...') also names the rule it falls back to."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("flatten", help=FLATTEN_HELP, description=FLATTEN_DESCRIPTION,
                       epilog=examples("examples:\n  rules flatten {example}"),
                       formatter_class=formatter)
    p.add_argument("path", metavar="PATH", help="ruleset folder, or its ruleset.yaml")
    p.set_defaults(run=cmd_flatten)


def cmd_flatten(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.editions.flatten import flatten_text

    print(flatten_text(load(args.path, args.allow_outside)), file=out)
    return EXIT_OK
