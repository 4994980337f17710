"""`rules coverage`: which paragraphs of a source text the rules cite, and which none does."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, examples, formatter, load

COVERAGE_HELP = "show which paragraphs of a rulebook text the rules cite, and which none does"
COVERAGE_DESCRIPTION = """\
Read the text of a source the ruleset cites (its manifest's 'sources': ID -> text file) and
list it section by section, each paragraph marked: cited directly (by a label such as
'the 1st action, A' or by quoting its words), cited through its section (a citation of the
whole section), or cited by no rule: text nobody has checked against the rules. Then the
rules that cite nothing, and a summary line with the share of paragraphs cited. For an
edition with a review (see 'rules review'), also how many units of the text it has reviewed:
a paragraph that says the same as the reference is checked without any rule citing it.

How a text is cut into sections and paragraphs: docs/editions.md."""

COVERAGE_EPILOG = """\
examples:
  rules coverage {example}
  rules coverage {example} --uncited
  rules coverage {example} --source ID --json > coverage.json"""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("coverage", help=COVERAGE_HELP, description=COVERAGE_DESCRIPTION,
                       epilog=examples(COVERAGE_EPILOG), formatter_class=formatter)
    p.add_argument("path", metavar="RULESET", help="ruleset folder, or its ruleset.yaml")
    p.add_argument("--source", metavar="ID",
                   help="the source to show (default: the manifest's 'cite' source, or the "
                        "only one)")
    p.add_argument("--uncited", action="store_true",
                   help="list only the paragraphs no rule cites")
    p.add_argument("--json", action="store_true", help="print the coverage as JSON")
    p.set_defaults(run=cmd_coverage)


def cmd_coverage(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.editions.coverage import coverage, coverage_json, coverage_text

    ruleset = load(args.path, args.allow_outside)
    cov = coverage(ruleset, args.source)
    reviewed = _reviewed(ruleset, cov.source)
    if args.json:
        print(json.dumps({**coverage_json(cov), "review": reviewed}, indent=2,
                         ensure_ascii=False), file=out)
    else:
        print(coverage_text(cov, uncited_only=args.uncited), file=out)
        if reviewed is not None:
            print(f"review: {reviewed['reviewed']} of {reviewed['units']} units of "
                  f"{cov.source} reviewed ({reviewed['file']}; 'rules review' shows them)",
                  file=out)
    return EXIT_OK


def _reviewed(ruleset: Any, source: str) -> dict[str, Any] | None:
    """How many units of `source` the ruleset's review covers: of the reference, those with a
    verdict; of the edition, those paired or added. None without a review of that text."""
    from interpreter.editions.review import load_review

    review = load_review(ruleset)
    if review is None or review.unchecked or source not in (review.reference, review.edition):
        return None
    if source == review.reference:
        done, units = len(review.verdict_of()), len(review.ref_units)
    else:
        done = len({u.line for e in review.entries for u in e.ed_units})
        units = len(review.ed_units)
    from interpreter.language.files import display_path

    return {"file": display_path(review.path), "units": units, "reviewed": done}
