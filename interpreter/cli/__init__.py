"""The `rules` command: check, simulate, compare, flatten, play, replay and show rulesets and
games; coverage, diff and review for validating editions.

One module per command (check, simulate, compare, flatten, play, replay, show, coverage, diff,
review, sweep, serve, code),
each with its help texts, its `add_parser(sub)` and its `cmd_*(args, out, err)`; what several use
is in `common`.

Every mistake a user can make (a wrong path, a bad number, an error in a ruleset) is reported
in plain words with exit code 2, never as a Python traceback. A ruleset that goes wrong while a
game runs gives exit code 1; an interrupt (Ctrl-C) gives 130.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from interpreter.cli.book import add_parser as add_book
from interpreter.cli.check import add_parser as add_check
from interpreter.cli.code import add_parser as add_code
from interpreter.cli.common import (
    EXIT_GAME_ERROR,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    SETTING_COMMANDS,
    ArgumentParser,
    Printable,
    add_setting_options,
    examples,
    formatter,
)
from interpreter.cli.compare import add_parser as add_compare
from interpreter.cli.coverage import add_parser as add_coverage
from interpreter.cli.diff import add_parser as add_diff
from interpreter.cli.flatten import add_parser as add_flatten
from interpreter.cli.play import add_parser as add_play
from interpreter.cli.replay import add_parser as add_replay
from interpreter.cli.review import add_parser as add_review
from interpreter.cli.serve import add_parser as add_serve
from interpreter.cli.show import add_parser as add_show
from interpreter.cli.simulate import add_parser as add_simulate
from interpreter.cli.sweep import add_parser as add_sweep
from interpreter.editions.book_cites import cited_paragraphs
from interpreter.language.errors import GameRuleError, RulesError, RulesetError, RulesetErrors
from interpreter.play.rulebook import read_cited_with

# the players' rules (`rules` at the table, the browser's Rules panel) quote the rulebook's
# paragraphs, which the editions stage reads: play sits below it and reads no text itself
read_cited_with(cited_paragraphs)

DESCRIPTION = """\
Rules as data for board games: check a ruleset written in the rules language, play it at
this terminal against bots or friends, replay recorded games under changed rules, play it
out between bots to see what its rules do, and compare it with another ruleset (an edition,
a variant) rule by rule and in play.

A ruleset is a folder with a ruleset.yaml (or the path of that file). A path that does not
exist here is also looked up among the rulesets that come with the engine."""

EPILOG = """\
examples:
  rules check {example}
  rules simulate {example} --players {n} --games 200 --seed 7
  rules simulate {example} --players {n} --games 50 --json > report.json
  rules compare {example} my-variant --players {n} --games 2000 --chart compare.html
  rules sweep {example} --players {n} --set 'NAME=1..5' --games 200
  rules play {example} --players {n}
  rules replay replays/GAME.json
  rules coverage {example}
  rules diff {example} my-variant --play 20
  rules review path/to/edition --html review.html
  rules code {example} NAME
{bundled}
Run 'rules COMMAND --help' for the options of one command.

exit codes: 0 success, 1 a ruleset went wrong during a game, 2 a mistake in the command or
in the ruleset, 130 interrupted."""

# A command is a function that adds a subparser and sets `run=cmd_...` (a function of
# (args, out, err) returning an exit code); list it here.
COMMANDS: list[Callable[[Any], None]] = [add_check, add_simulate, add_compare, add_flatten,
                                          add_play, add_serve, add_replay, add_show, add_coverage,
                                          add_diff, add_sweep, add_review, add_code, add_book]


TEXT_COMMANDS = ("check", "review", "coverage", "diff", "book")  # commands that read rulebook texts


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog="rules", description=DESCRIPTION, epilog=examples(EPILOG),
                            formatter_class=formatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    for add in COMMANDS:
        add(sub)
    for name, command in sub.choices.items():  # so that a mistake after it names the command
        command.set_defaults(parser=command)
        if name in SETTING_COMMANDS:
            add_setting_options(command, both_sides=name == "compare")
        if name in TEXT_COMMANDS:
            command.add_argument("--texts", metavar="DIR",
                                 help="the folder of the rulebook texts: a source's text that "
                                      "is not where its manifest says is looked for here by "
                                      "its file name (default: the environment variable "
                                      "RULES_TEXTS)")
        command.add_argument("--allow-outside", action="store_true",
                             help="let a ruleset extend rulesets outside its project (the "
                                  "nearest folder above it named rulesets/ or holding "
                                  "rules-project.yaml, else the folder that holds its folder)")
    return parser


def _version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("rules-engine")
    except PackageNotFoundError:
        return "(not installed)"


# The most digits of a whole number read or written as text: Python's own limit (4300), kept
# even if the environment lifts it (PYTHONINTMAXSTRDIGITS=0). Reading a number of a million
# digits takes seconds and writing it a minute (the time grows with the square of the digits):
# a number of more digits in a save, a replay or a data file is refused at once. The values a
# game makes stay below it (MAX_DIGITS, engine/support.py).
DIGITS = sys.int_info.default_max_str_digits


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `rules` command with `argv` (default: sys.argv[1:]); returns the exit code."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(DIGITS)
    try:
        return _main(argv)
    finally:
        sys.set_int_max_str_digits(limit)


def _main(argv: Sequence[str] | None) -> int:
    out, err = Printable(sys.stdout), Printable(sys.stderr)
    parser = build_parser()
    try:
        try:
            args, extra = parser.parse_known_args(argv)
            if extra:
                getattr(args, "parser", parser).error(
                    f"unrecognized arguments: {' '.join(extra)}")
        except SystemExit as exc:  # --help, --version, or a usage mistake
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        if getattr(args, "run", None) is None:
            parser.print_help(err)
            return EXIT_USAGE
        return _run(args, out, err)
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return EXIT_INTERRUPTED
    except GameRuleError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_GAME_ERROR
    except RulesetErrors as exc:
        for e in exc.errors:
            print(e.render(), file=err)
        print(f"{len(exc.errors)} error(s)", file=err)
        return EXIT_USAGE
    except RulesetError as exc:
        print(exc.render(), file=err)
        print("1 error(s)", file=err)
        return EXIT_USAGE
    except RulesError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_USAGE
    except BrokenPipeError:  # `rules simulate ... | head`: stop quietly
        _silence_stdout()
        return 1


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.editions.citations import texts_folder

    _settings_once(args)
    texts = getattr(args, "texts", None)
    if texts is not None and not os.path.isdir(texts):
        raise RulesError(f"--texts {texts}: not a folder (give the folder that holds the "
                         "texts the manifests name under 'sources')")
    with texts_folder(getattr(args, "texts", None)):
        return args.run(args, out, err)


def _settings_once(args: argparse.Namespace) -> None:
    """One option (--set, --set-a, --set-b) that sets the same thing twice: the last would
    win silently. (--set then --set-b on the same thing is B's own value: allowed.)"""
    from interpreter.language.settings import duplicate_setting

    for option in ("settings", "settings_a", "settings_b"):
        twice = duplicate_setting(getattr(args, option, None) or [])
        if twice is not None:
            flag = "--" + option.replace("settings", "set").replace("_", "-")
            raise RulesError(f"{flag} {twice[1]}: sets what {flag} {twice[0]} sets already (the "
                             "last would win, silently): give each constant, cell or count once")


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the exit flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
