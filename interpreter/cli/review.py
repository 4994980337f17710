"""`rules review`: the state of an edition's aligned review, its first pass, and the review
side by side as a web page."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, examples, formatter, load

REVIEW_HELP = "show an edition's review against the reference text, unit by unit"
REVIEW_DESCRIPTION = """\
An edition's review (the file its manifest names under 'review:') pairs every unit of the
reference text (paragraph, list item, table row, caption, summary line, heading) with its
counterpart in the edition's text and a verdict: same, reading ID, omitted or unclear; a unit
of the edition with no counterpart is 'added'. This command prints how far the review is (units
reviewed of all, by verdict, the ones still without a verdict) and a first pass that needs no
reading: aligned units whose numbers differ, and (for an edition in the reference's language)
whose words differ, shown inline, a negation or an opposite first; pairs out of order; units
with no counterpart on either side (candidate omissions and additions); and summary lines or
captions whose numbers are not in their own main text. It ends with how many of the
differences the review records the first pass proposes before anyone reads.

With --draft it writes a draft review into the review file: an entry for every unit of both
texts, with a proposed verdict ('same' only where words and numbers agree) and 'status:
draft' until a person confirms it; entries already reviewed are kept as written.

With --html FILE it writes the review side by side: the reference's unit | the edition's unit
with its English gloss | the rules that cite either | the verdict. docs/editions.md shows the
method step by step."""

REVIEW_EPILOG = """\
examples:
  rules review path/to/edition
  rules review path/to/edition --draft
  rules review path/to/edition --report report.md
  rules review path/to/edition --report report.md --play 100 --against path/to/base
  rules review path/to/edition --html review.html
  rules review path/to/edition --all
  rules review path/to/edition --json > review.json"""

SHOWN = 40  # proposals listed before "... and N more"
MAX_PLAY = 10_000  # games a reading is played in for a report


def add_parser(sub: Any) -> None:
    p = sub.add_parser("review", help=REVIEW_HELP, description=REVIEW_DESCRIPTION,
                       epilog=examples(REVIEW_EPILOG), formatter_class=formatter)
    p.add_argument("path", metavar="EDITION", help="the edition's ruleset folder")
    p.add_argument("--html", metavar="FILE", help="write the review side by side as a web page")
    p.add_argument("--all", action="store_true",
                   help="list every proposal of the first pass, also those about units that "
                        "have a verdict")
    p.add_argument("--json", action="store_true", help="print the state and proposals as JSON")
    p.add_argument("--report", metavar="FILE",
                   help="write a report for the publisher: FILE.md (Markdown) or FILE.csv (a "
                        "table, one row a unit): each reading with its class, both texts' "
                        "words, the gloss and the rules that encode it; then the omitted, "
                        "added and unclear units")
    p.add_argument("--play", metavar="N", type=int,
                   help="with --report: play each reading that changes the game (encoded by "
                        "this ruleset) on its own, N games against --against BASE in lockstep, "
                        "and say how many games differ and how many rankings change")
    p.add_argument("--against", metavar="BASE",
                   help="with --play: the ruleset the readings are played against (the "
                        "reference's ruleset)")
    p.add_argument("--players", type=int, help="with --play: the number of players")
    p.add_argument("--draft", action="store_true",
                   help="write a draft review into the review file: an entry for every unit "
                        "of both texts with a proposed verdict and 'status: draft' (entries "
                        "already reviewed are kept as they are)")
    p.add_argument("--reference", metavar="ID",
                   help="with --draft, for a new review file: the source id of the reference "
                        "text (default: the one source that is not the edition's)")
    p.add_argument("--language", metavar="XX",
                   help="with --draft, for a new review file: the edition's language (ISO "
                        "639-1; not en: every quote of the edition needs an English gloss)")
    p.set_defaults(run=cmd_review)


def cmd_review(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.editions.align import MAX_PAIRS, banded
    from interpreter.editions.review import blind_hits, load_review, proposals
    from interpreter.language.errors import RulesError

    ruleset = load(args.path, args.allow_outside)
    if args.draft:
        return _draft(args, ruleset, out)
    review = load_review(ruleset)
    if review is None:
        raise RulesError(f"{args.path} names no review (add 'review: review.yaml' to its "
                         "ruleset.yaml; docs/editions.md says how to start one)")
    if review.unchecked:
        raise RulesError(f"the review {review.path} cannot be shown: {review.unchecked}")
    found = proposals(review)
    hits, misses = blind_hits(review)
    if banded(review.ref_units, review.ed_units):
        print(f"note: {len(review.ref_units):,} and {len(review.ed_units):,} units: more pairs "
              f"than {MAX_PAIRS:,} to compare, so each unit is compared with those around its "
              "place (and with a unit of the very same words anywhere)", file=err)
    if (args.play is not None or args.against) and not (
            args.report and args.play is not None and args.against):
        raise RulesError("--play N and --against BASE go together, with --report FILE")
    if args.play is not None and not 1 <= args.play <= MAX_PLAY:
        raise RulesError(f"--play {args.play}: give a number of games from 1 to {MAX_PLAY}")
    if args.report:
        played = _played(args, ruleset, review) if args.play is not None else None
        _report(args.report, review, ruleset, played)
    if args.html:
        from interpreter.editions.review_page import review_page
        from interpreter.language.writing import write_atomic
        from interpreter.play.replay import FILE_ERRORS, file_error

        try:
            write_atomic(Path(args.html), review_page(review, ruleset, found))
        except FILE_ERRORS as exc:
            raise RulesError(f"cannot write {args.html}: {file_error(exc)}") from None
    if args.json:
        print(json.dumps(_as_json(review, found, hits, misses), indent=2, ensure_ascii=False),
              file=out)
        return EXIT_OK
    print(_as_text(review, found, hits, misses, args.all), file=out)
    for written in (args.html, args.report):
        if written:
            print(f"wrote {written}", file=out)
    return EXIT_OK


def _played(args: argparse.Namespace, ruleset: Any, review: Any) -> dict[str, str]:
    """Reading id -> what it does in play, in words (`--play N --against BASE`)."""
    from interpreter.editions.lockstep import lockstep
    from interpreter.language.errors import RulesError, RulesetError, RulesetErrors
    from interpreter.language.layers import readings_of

    base = load(args.against, args.allow_outside)
    out = {}
    for ident in readings_of(ruleset.layers):
        if review.readings.get(ident, {}).get("class") != "changes the game":
            continue
        try:
            alone = load(args.path, args.allow_outside, reading=ident)
            played = lockstep(base, alone, args.play, args.players).to_json()["summary"]
        except (RulesError, RulesetError, RulesetErrors) as exc:
            message = exc.errors[0].message if isinstance(exc, RulesetErrors) else str(exc)
            out[ident] = f"not played: {message.splitlines()[0]}"
            continue
        out[ident] = (f"{played['differing']} of {played['games']} game(s) differ from "
                      f"{base.name} (seeds 1-{args.play}); the final ranking changed in "
                      f"{played['ranking_changed']}")
    return out


def _report(target: str, review: Any, ruleset: Any, played: dict[str, str] | None = None
            ) -> None:
    from interpreter.editions.report import FORMATS, report_csv, report_markdown
    from interpreter.language.errors import RulesError
    from interpreter.language.writing import write_atomic
    from interpreter.play.replay import FILE_ERRORS, file_error

    suffix = Path(target).suffix.lower()
    if suffix not in FORMATS:
        raise RulesError(f"--report {target}: give a file ending in {' or '.join(FORMATS)} "
                         "(Markdown, or a table for a spreadsheet)")
    text = report_csv(review, ruleset, played) if suffix == ".csv" else \
        report_markdown(review, ruleset, played)
    try:
        write_atomic(Path(target), text)
    except FILE_ERRORS as exc:
        raise RulesError(f"cannot write {target}: {file_error(exc)}") from None


def _draft(args: argparse.Namespace, ruleset: Any, out: TextIO) -> int:
    """`--draft`: the review file with a draft entry for every unit no reviewed entry has."""
    from interpreter.editions.citations import sources_of
    from interpreter.editions.draft import write_draft
    from interpreter.editions.review import load_review, review_path
    from interpreter.language.errors import RulesError
    from interpreter.language.writing import write_atomic
    from interpreter.play.replay import FILE_ERRORS, file_error

    path = review_path(ruleset)
    if path is None:
        raise RulesError(f"{args.path} names no review file: add 'review: review.yaml' to its "
                         "ruleset.yaml, then run --draft again")
    if not path.exists():
        sources, edition = sources_of(ruleset)
        others = [sid for sid in sources if sid != edition]
        reference = args.reference or (others[0] if len(others) == 1 else None)
        if edition not in sources or reference not in sources or reference == edition:
            raise RulesError(
                f"cannot tell which texts to compare: the ruleset's sources are "
                f"{', '.join(sources) or 'none'} and its 'cite' is {edition or 'not set'}; "
                "name the edition's text with 'cite:' in ruleset.yaml and the reference with "
                "--reference ID")
        if args.language is not None and not re.fullmatch(r"[a-z]{2}", args.language):
            raise RulesError(f"--language {args.language}: give a two-letter code (nl, ko, en)")
        language = f"language: {args.language}\n" if args.language else ""
        try:
            write_atomic(path, f"reference: {reference}\nedition: {edition}\n{language}"
                               "readings: {}\nunits: []\n")
        except FILE_ERRORS as exc:
            raise RulesError(f"cannot write {display_path(path)}: {file_error(exc)}") from None
    review = load_review(ruleset)
    if review.unchecked:
        raise RulesError(f"cannot draft the review {display_path(path)}: {review.unchecked}")
    confirmed = {e.loc.line for e in review.entries if e.status != "draft"}
    broken = [e for e in review.errors if e.loc.line in confirmed and e.loc.line > 1]
    if broken:
        raise RulesError(f"the review {display_path(path)} has {len(broken)} error(s) in its "
                         f"reviewed entries (first: {broken[0].loc}: {broken[0].message}): "
                         "'rules check' lists them; fix them, then draft")
    try:
        kept, written, counts = write_draft(review, path)
    except ValueError as exc:
        raise RulesError(f"cannot draft into {display_path(path)}: {exc}") from None
    except FILE_ERRORS as exc:
        raise RulesError(f"cannot write {display_path(path)}: {file_error(exc)}") from None
    shown = ", ".join(f"{n} {k}" for k, n in counts.items())
    print(f"wrote {written} draft entr{'y' if written == 1 else 'ies'} to {display_path(path)} "
          f"({shown}); kept {kept} reviewed entr{'y' if kept == 1 else 'ies'} as written",
          file=out)
    print("each draft says 'status: draft': read it, set its verdict, and remove the status; "
          "'rules check' refuses the review while drafts remain", file=out)
    return EXIT_OK


def display_path(path: Any) -> str:
    from interpreter.language.files import display_path as shown

    return shown(path)


def _open(review: Any, found: list[Any], every: bool) -> list[Any]:
    """The proposals about units without a verdict (all of them with `every`)."""
    if every:
        return found
    done = set(review.verdict_of())
    added = {u.line for e in review.added() for u in e.ed_units}
    paired = {line for lines in review.paired().values() for line in lines}
    return [p for p in found if (p.side == "ref" and p.unit.line not in done)
            or (p.side == "ed" and p.unit.line not in added | paired and p.kind != "summary")]


def _as_text(review: Any, found: list[Any], hits: list[Any], misses: list[Any],
             every: bool) -> str:
    from interpreter.editions.align import reference_summaries

    ref, ed = review.ref_text.path.name, review.ed_text.path.name
    out = [f"Review of {review.edition} ({ed}) against {review.reference} ({ref}): "
           f"{display_path(review.path)}",
           f"  {review.summary()}"]
    by_reading: dict[str, int] = {}
    for e in review.entries:
        for ident in review.readings:
            if e.reading == ident or re.search(rf"reading {re.escape(ident)}(?![\w-])",
                                               e.note or ""):
                by_reading[ident] = by_reading.get(ident, 0) + 1
    for ident, info in review.readings.items():
        out.append(f"  reading {ident} ({info['class']}): {by_reading.get(ident, 0)} unit(s) "
                   f"(by verdict or note) - {info['title']}")
    missing = review.unreviewed()
    out.append(f"  without a verdict: {len(missing)} unit(s) of {review.reference}")
    for unit in missing[:SHOWN]:
        out.append(f"    {unit.line:>4} {unit.kind:<9} {unit.short(80)}")
    if len(missing) > SHOWN:
        out.append(f"    ... and {len(missing) - SHOWN} more")
    from interpreter.editions.review import questioned

    doubts = questioned(review, found)
    if doubts:
        out.append(f"  verdict 'same' where the first pass finds other numbers: {len(doubts)} "
                   f"unit(s) (worth a second look: a reading, or a number written as a word?"
                   f"{'' if every else ' --all lists them'})")
    for e, p in doubts if every else []:
        out.append(f"    {e.ref_unit.line:>4} ~ {p.other.line if p.other else '-'}: {p.detail} "
                   f"(review line {e.loc.line})")
    for e in review.errors:
        out.append(f"  error: {e.loc}: {e.message}")
    order = {"numbers": 0, "words": 1, "terms": 2, "moved": 3, "summary": 4, "omission": 5,
             "addition": 6}
    shown = sorted(_open(review, found, every), key=lambda p: (-p.weight, order.get(p.kind, 7),
                                                               p.side, p.unit.line))
    what = "all" if every else "about units without a verdict"
    out += ["", f"First pass ({len(found)} proposal(s); {len(shown)} {what}):"]
    for p in shown[:SHOWN if not every else len(shown)]:
        name = review.reference if p.side == "ref" else review.edition
        other = f" ~ {p.other.line}" if p.other is not None else ""
        out.append(f"  {p.kind:<9} {name} {p.unit.line}{other}: {p.detail}")
        out.append(f"            \"{p.unit.short(90)}\"")
    if len(shown) > SHOWN and not every:
        out.append(f"  ... and {len(shown) - SHOWN} more (--all lists every one)")
    own = reference_summaries(review.ref_units)
    if own:
        out += ["", f"The reference's own summary lines and captions whose numbers its main text "
                    f"does not have: {len(own)} (the reference's, not the edition's: not among "
                    f"the proposals{'' if every else '; --all lists them'})"]
        for p in own if every else []:
            out.append(f"  {review.reference} {p.unit.line}: {p.detail}: \"{p.unit.short(70)}\"")
    total = len(hits) + len(misses)
    out += ["", f"Before anyone read, the first pass proposed {len(hits)} of the {total} "
                f"difference(s) this review records ({_by_kind(hits)}; missed: "
                f"{_by_kind(misses)})"]
    return "\n".join(out)


def _by_kind(entries: list[Any]) -> str:
    counts: dict[str, int] = {}
    for e in entries:
        counts[e.kind] = counts.get(e.kind, 0) + 1
    return ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "none"


def _as_json(review: Any, found: list[Any], hits: list[Any], misses: list[Any]
             ) -> dict[str, Any]:
    from interpreter.editions.review import questioned

    def unit(u: Any) -> dict[str, Any] | None:
        return None if u is None else {"line": u.line, "kind": u.kind, "text": u.text}

    return {"review": display_path(review.path), "reference": review.reference,
            "edition": review.edition, "units": len(review.ref_units),
            "reviewed": len(review.verdict_of()), "counts": review.counts(),
            "readings": review.readings,
            "without_verdict": [unit(u) for u in review.unreviewed()],
            "errors": [f"{e.loc}: {e.message}" for e in review.errors],
            "questioned": [{"unit": unit(e.ref_unit), "review_line": e.loc.line,
                            "detail": p.detail} for e, p in questioned(review, found)],
            "proposals": [{"kind": p.kind, "side": p.side, "unit": unit(p.unit),
                           "other": unit(p.other), "detail": p.detail, "weight": p.weight}
                          for p in found],
            "first_pass": {"recorded": len(hits) + len(misses), "proposed": len(hits),
                           "missed": [{"verdict": e.verdict, "line": e.loc.line}
                                      for e in misses]}}
