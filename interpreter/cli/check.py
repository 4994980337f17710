"""`rules check`: load a ruleset, check it, and summarise it."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, TextIO

from interpreter.cli.common import (
    EXIT_GAME_ERROR,
    EXIT_OK,
    EXIT_USAGE,
    examples,
    formatter,
    load,
    settings_text,
)
from interpreter.language.errors import RulesetError, RulesetErrors

CHECK_HELP = "load a ruleset, check it, and summarise it"
CHECK_DESCRIPTION = """\
Load a ruleset (parse its rule files, read its data, check every name and type, compile it)
and print a short summary: name, player counts, components with their counts, zones, tables,
procedures, triggers and the number of rules that cite the rulebook; then OK.

Citations are checked against the texts the manifest names under 'sources' (ID: path of the
text file): every cited section must be a heading of that text, every cited part (a heading
inside it, or labels such as A, (3), 3.) to 4.2)) must be in it, and quoted words, written in
brackets at the end (Section (words of the text)), must occur there. A source whose text is
not there is looked for by its file name in the folder of texts (--texts DIR, or the
environment variable RULES_TEXTS); a text found nowhere leaves its citations unchecked, with
a note, and for an edition (a ruleset with a review) is an error (exit code 1) unless
--skip-texts is given (docs/editions.md).

A warning (a rule that is allowed but probably not what was meant: an open 'choose' of a piece
that moves between zones other players cannot see, which every player sees as it is made) is
printed with its place too, as 'warning: ...'; it does not stop the check.

A ruleset whose manifest names a 'review' (an edition read against a reference text unit by
unit) has it checked too: every quoted unit must be in its text, no unit reviewed twice, every
unit of the reference with a verdict and every unit of the edition in an entry, no entry left
a draft ('status: draft', from 'rules review --draft'), every reading that changes the game
encoded by a rule (or saying why not); a verdict of 'same' without a 'note' whose pair shows
a difference (other numbers, read in digits and in number words of each text's language; a
negation or an opposite) is a warning.

If the ruleset has mistakes, every one is printed with its place (file:line:column), the
offending line and a caret under the spot, then the number of errors; the exit code is 2."""

CHECK_EPILOG = """\
examples:
  rules check {example}
  rules check my-variant/ruleset.yaml
  rules check {example} --json"""

WARNINGS_SHOWN = 10  # warnings of a review printed before "... and N more"

SUMMARY_LABELS = {
    "players": "players",
    "components": "components",
    "zones": "zones",
    "variables": "variables",
    "tables": "tables",
    "procedures": "procedures",
    "functions": "functions",
    "triggers": "triggers",
    "rules": "cited rules",
}


def add_parser(sub: Any) -> None:
    p = sub.add_parser("check", help=CHECK_HELP, description=CHECK_DESCRIPTION,
                       epilog=examples(CHECK_EPILOG), formatter_class=formatter)
    p.add_argument("path", metavar="PATH", help="ruleset folder, or its ruleset.yaml")
    p.add_argument("--json", action="store_true",
                   help="print the summary as JSON (errors stay plain text)")
    p.add_argument("--skip-texts", action="store_true",
                   help="check an edition (a ruleset with a review) even when its texts are "
                        "not there: its citations and review go unchecked (without this, "
                        "missing texts are an error, exit code 1)")
    p.set_defaults(run=cmd_check)


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    start = time.perf_counter()
    try:
        ruleset = load(args.path, args.allow_outside, args.settings)
    except (RulesetErrors, RulesetError) as exc:
        errors = exc.errors if isinstance(exc, RulesetErrors) else [exc]
        for e in errors:
            print(e.render(), file=out)
        print(f"{len(errors)} error(s)", file=out)
        return EXIT_USAGE
    from interpreter.editions.citations import check_citations
    from interpreter.editions.review import load_review
    from interpreter.engine.ruleset import validate_merged
    from interpreter.play.display import check_legend, display_path, load_display

    try:
        validate_merged(ruleset)
        display = load_display(ruleset)
        citations = check_citations(ruleset)
        review = load_review(ruleset)
        review_errors = review.errors if review is not None else []
        if citations.errors or review_errors:
            raise RulesetErrors(citations.errors + review_errors)
        if ruleset.unplayable():  # a `require` rule that no game can meet
            raise RulesetErrors(ruleset.unplayable())
        clashes = check_legend(ruleset, display)  # one mark, two meanings
        if clashes:
            raise RulesetErrors(clashes)
    except (RulesetErrors, RulesetError) as exc:
        errors = exc.errors if isinstance(exc, RulesetErrors) else [exc]
        for e in errors:
            print(e.render(), file=out)
        print(f"{len(errors)} error(s)", file=out)
        return EXIT_USAGE
    missing = _missing_texts(citations, review)
    if missing and not args.skip_texts:
        print(f"{args.path}: the texts of this edition are not there, so neither its "
              f"citations nor its review can be checked: {'; '.join(missing)}", file=out)
        print("  point the tools at the folder of texts with --texts DIR (or the environment "
              "variable RULES_TEXTS=DIR), or check without them with --skip-texts", file=out)
        return EXIT_GAME_ERROR
    seconds = time.perf_counter() - start
    summary = ruleset.summary()
    if args.json:
        if ruleset.settings:
            summary["settings"] = list(ruleset.settings)
        print(json.dumps({**summary, "path": str(ruleset.path), "ok": True,
                          "warnings": [w.render() for w in ruleset.program.warnings],
                          "citations": {"checked": citations.checked,
                                        "not_checked": citations.unchecked,
                                        "notes": citations.notes},
                          "review": _review_json(review)}, indent=2), file=out)
        return EXIT_OK
    print(format_summary(summary, ruleset), file=out)
    if ruleset.settings:
        print(f"settings: {settings_text(ruleset.settings)}", file=out)
    for warning in ruleset.program.warnings:  # not errors: the ruleset is fine to play
        print(f"warning: {warning.render()}", file=out)
    print(f"citations: {citations.summary()}", file=out)
    for note in citations.notes:
        print(f"note: {note}", file=out)
    if review is not None:
        state = f"not checked ({review.unchecked})" if review.unchecked else review.summary()
        print(f"review: {state}", file=out)
        for warning in review.warnings[:WARNINGS_SHOWN]:
            print(f"warning: {warning.render()}", file=out)
        if len(review.warnings) > WARNINGS_SHOWN:
            print(f"warning: ... and {len(review.warnings) - WARNINGS_SHOWN} more verdict(s) "
                  "of 'same' that show a difference ('rules check --json' lists every one)",
                  file=out)
    layers = len(getattr(ruleset, "layers", []) or [])
    what = "every layer and the merged ruleset are" if layers > 1 else "the ruleset is"
    print(f"schemas: {what} valid", file=out)
    shown = display_path(ruleset)
    print(f"display: {shown.name if shown else 'none (a plain generic picture)'}, checked",
          file=out)
    print(f"loaded, checked and compiled in {seconds:.2f} s", file=out)
    print("OK", file=out)
    return EXIT_OK


def format_summary(summary: dict[str, Any], ruleset: Any = None) -> str:
    rows: list[tuple[str, str]] = []
    if ruleset is not None:
        rows.append(("path", str(ruleset.path)))
        layers = getattr(ruleset, "layers", None) or []
        if len(layers) > 1:
            rows.append(("layers", " > ".join(layer.name for layer in layers)))
    for key, value in summary.items():
        if key == "name":
            continue
        label = SUMMARY_LABELS.get(key, key.replace("_", " "))
        rows.append((label, _summary_value(key, value)))
    width = max(len(label) for label, _ in rows) + 1
    lines = [str(summary.get("name", "(unnamed ruleset)"))]
    lines += [f"  {label + ':':<{width}} {value}" for label, value in rows]
    return "\n".join(lines)


def _summary_value(key: str, value: Any) -> str:
    if isinstance(value, dict):
        if not value:
            return "none"
        return ", ".join(f"{name} {count}" for name, count in value.items())
    if isinstance(value, list | tuple):
        items = [str(v) for v in value]
        if key == "players" and len(items) > 1:
            return ", ".join(items[:-1]) + " or " + items[-1]
        return ", ".join(items) or "none"
    return str(value)


def _missing_texts(citations: Any, review: Any) -> list[str]:
    """For an edition (a ruleset with a review): why its texts cannot be read."""
    if review is None:
        return []
    return list(citations.unchecked.values()) or ([review.unchecked] if review.unchecked else [])


def _review_json(review: Any) -> dict[str, Any] | None:
    if review is None:
        return None
    if review.unchecked:
        return {"file": str(review.path), "checked": False, "why": review.unchecked}
    return {"file": str(review.path), "checked": True, "units": len(review.ref_units),
            "reviewed": len(review.verdict_of()), "counts": review.counts(),
            "warnings": [w.render() for w in review.warnings]}
