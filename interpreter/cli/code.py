"""`rules code`: the Python that runs a ruleset's procedures and functions."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, examples, formatter, load

CODE_HELP = "print the Python the engine runs for a ruleset's procedures and functions"
CODE_DESCRIPTION = """\
The engine compiles every procedure and 'define' of a ruleset into Python when it loads it.
Without NAME, list them: name, procedure or function, lines of Python, and the rule each
comes from. With NAME (one or more), print that Python: how it runs (a procedure that may wait
for a decision is a resumable function of its frame; a function may keep its answers), the
source itself, and the constants it names. Use it to see why a rule is slow: a query that
goes through every piece instead of every kind, a function called again and again, a check
at every step. docs/performance.md explains what the generated code does."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("code", help=CODE_HELP, description=CODE_DESCRIPTION,
                       epilog=examples("examples:\n  rules code {example}\n"
                                       "  rules code tutorial/reversi moves turn\n"
                                       "  rules code {example} --all > generated.py"),
                       formatter_class=formatter)
    p.add_argument("path", metavar="PATH", help="ruleset folder, or its ruleset.yaml")
    p.add_argument("names", metavar="NAME", nargs="*",
                   help="procedures or functions to print (default: list them all)")
    p.add_argument("--all", action="store_true", help="print the code of every one")
    p.set_defaults(run=cmd_code)


def cmd_code(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.engine.listing import code_text, index_text, listing, pick

    program = load(args.path, args.allow_outside).program
    items = listing(program)
    if not args.names and not args.all:
        print(index_text(items), file=out)
        print("\n'rules code PATH NAME' prints the Python of NAME; --all prints all of it.",
              file=out)
        return EXIT_OK
    chosen = items if args.all else pick(items, args.names)
    print("\n\n".join(code_text(x, program.namespace, program.loops) for x in chosen), file=out)
    return EXIT_OK
