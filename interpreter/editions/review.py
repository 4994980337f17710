"""An edition's aligned review (`review.yaml`): every unit of the reference text with its
counterpart in the edition's text and a verdict, checked against both texts.

The file names the two texts by their source ids (`reference`, `edition`, both in the
ruleset's `sources`) and lists entries. An entry quotes a few words of a unit of the reference
(`ref`, with `ref_at: LINE` where the words occur in several units) and of its counterpart in
the edition (`ed`, one quote or a list; `ed_at`, a line or a line per quote), gives the
edition's words in English (`gloss`, required when `language` is not `en`) and a verdict:
`same`, `reading ID` (a difference, one of the file's `readings`), `omitted` (no
counterpart) or `unclear`. An entry
with `ed` alone and the verdict `added` is a unit of the edition with no counterpart.

`rules check` reports as errors, each at its entry: words that are in no unit (or in several,
without `*_at`), a unit of the reference reviewed twice, a unit of the edition added twice or
added and paired, a verdict that does not fit its entry, a reading not listed, a missing gloss,
a game-changing reading of the rules that the file does not list; and, once, the units of the
reference that have no verdict yet."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.editions.citations import read_source, sources_of
from interpreter.editions.sourcetext import SourceText
from interpreter.editions.units import Unit, UnitIndex, text_units
from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError
from interpreter.language.files import checked_yaml, display_path, inside, yaml_entry_lines
from interpreter.language.layers import readings_of

VERDICTS = ("same", "reading", "omitted", "unclear", "added")
MAX_LISTED = 12  # units named in the one error about units without a verdict


@dataclass
class Entry:
    loc: N.Loc
    ref: str | None
    ref_at: int | None
    ed: list[str]
    ed_at: list[int | None]  # per quote of `ed`
    gloss: str | None
    verdict: str  # same | reading ID | omitted | unclear | added
    note: str | None
    status: str | None = None  # draft: proposed by `rules review --draft`, not yet confirmed
    ref_unit: Unit | None = None
    ed_units: list[Unit] = field(default_factory=list)

    @property
    def kind(self) -> str:
        """The verdict without its reading id: same, reading, omitted, unclear, added."""
        return self.verdict.split(" ", 1)[0]

    @property
    def reading(self) -> str | None:
        return self.verdict.split(" ", 1)[1] if self.kind == "reading" else None


@dataclass
class Review:
    path: Path
    reference: str
    edition: str
    language: str | None
    readings: dict[str, dict[str, str]]
    entries: list[Entry]
    glossary: dict[str, list[str]] = field(default_factory=dict)  # term -> the edition's words
    ref_text: SourceText | None = None
    ed_text: SourceText | None = None
    ref_units: list[Unit] = field(default_factory=list)
    ed_units: list[Unit] = field(default_factory=list)
    errors: list[RulesetError] = field(default_factory=list)
    warnings: list[RulesetError] = field(default_factory=list)  # worth a second look
    unchecked: str | None = None  # why the texts could not be read

    # ------------------------------------------------------------------ the state
    def verdict_of(self) -> dict[int, Entry]:
        """Reference unit (its line) -> the entry that reviews it."""
        return {e.ref_unit.line: e for e in self.entries if e.ref_unit is not None}

    def paired(self) -> dict[int, list[int]]:
        """Reference unit line -> the lines of its counterparts in the edition."""
        return {e.ref_unit.line: [u.line for u in e.ed_units] for e in self.entries
                if e.ref_unit is not None and e.ed_units}

    def added(self) -> list[Entry]:
        return [e for e in self.entries if e.kind == "added"]

    def unreviewed(self) -> list[Unit]:
        done = self.verdict_of()
        return [u for u in self.ref_units if u.line not in done]

    def counts(self) -> dict[str, int]:
        """Reviewed reference units by verdict (reading ids together), and `added`."""
        out = {k: 0 for k in VERDICTS}
        for e in self.entries:
            if e.ref_unit is not None or e.kind == "added":
                out[e.kind] += 1
        return out

    def summary(self) -> str:
        counts = self.counts()
        done = len(self.verdict_of())
        parts = ", ".join(f"{counts[k]} {k}" for k in VERDICTS if k != "added")
        return (f"{done} of {len(self.ref_units)} units of {self.reference} reviewed ({parts}); "
                f"{counts['added']} unit(s) of {self.edition} added")


def review_path(ruleset: Any) -> Path | None:
    """The review file the ruleset's manifest names (`review:`), or None."""
    written = ruleset.manifest.get("review")
    return Path(os.path.normpath(Path(ruleset.path).absolute() / written)) if written else None


def load_review(ruleset: Any) -> Review | None:
    """The ruleset's review, read and checked against its texts (errors in `.errors`); None
    when the manifest names none. A review file that cannot be read raises RulesetError."""
    path = review_path(ruleset)
    if path is None:
        return None
    shown = display_path(path)
    manifest = N.Loc(display_path(Path(ruleset.path) / "ruleset.yaml"), 1, 1)
    if not path.is_file():
        raise RulesetError(f"the review file {shown} (named by 'review:') is not there, or is "
                           "not a file", manifest)
    if not inside(path, Path(ruleset.path)):
        raise RulesetError(f"the review file {shown} leads outside the ruleset's folder "
                           "(through a link): a ruleset reads only its own files", manifest)
    doc = checked_yaml(path, "review")
    lines = yaml_entry_lines(path, "units")
    entries = []
    for i, item in enumerate(doc["units"]):
        ed, ed_at = item.get("ed"), item.get("ed_at")
        entries.append(Entry(N.Loc(shown, lines[i] if i < len(lines) else 1, 1),
                             item.get("ref"), item.get("ref_at"),
                             [ed] if isinstance(ed, str) else list(ed or []),
                             ed_at if isinstance(ed_at, list) else [ed_at],
                             item.get("gloss"), item["verdict"], item.get("note"),
                             item.get("status")))
    glossary = {term: [words] if isinstance(words, str) else list(words)
                for term, words in (doc.get("glossary") or {}).items()}
    review = Review(path, doc["reference"], doc["edition"], doc.get("language"),
                    doc.get("readings") or {}, entries, glossary)
    sources, _ = sources_of(ruleset)
    top = N.Loc(shown, 1, 1)
    for sid in (review.reference, review.edition):
        if sid not in sources:
            review.errors.append(RulesetError(
                f"the review names the source '{sid}', which the ruleset does not have",
                top, f"its sources: {', '.join(sorted(sources)) or 'none'}"))
    if review.errors:
        return review
    review.ref_text = read_source(sources[review.reference])[0]  # None: not there, or refused
    review.ed_text = read_source(sources[review.edition])[0]
    if review.ref_text is None or review.ed_text is None:
        missing = [sources[s].written for s, t in ((review.reference, review.ref_text),
                                                    (review.edition, review.ed_text)) if t is None]
        review.unchecked = f"its text {' and '.join(missing)} is not there"
        return review
    review.ref_units = text_units(review.ref_text)
    review.ed_units = text_units(review.ed_text)
    _check(review, ruleset)
    return review


def _check(review: Review, ruleset: Any) -> None:
    errors = review.errors
    ref_name, ed_name = review.ref_text.path.name, review.ed_text.path.name
    seen_ref: dict[int, Entry] = {}
    paired_ed: dict[int, Entry] = {}
    added_ed: dict[int, Entry] = {}
    ref_units, ed_units = UnitIndex(review.ref_units), UnitIndex(review.ed_units)
    for e in review.entries:
        errors.extend(_shape(e, review))
        if e.ref is not None:
            e.ref_unit = _one(e.ref, e.ref_at, ref_units, ref_name, e, errors)
        for n, quote in enumerate(e.ed):
            at = e.ed_at[n] if n < len(e.ed_at) else None
            unit = _one(quote, at, ed_units, ed_name, e, errors)
            if unit is not None:
                e.ed_units.append(unit)
        if e.ref_unit is not None:
            first = seen_ref.get(e.ref_unit.line)
            if first is not None:
                errors.append(RulesetError(
                    f"the unit at line {e.ref_unit.line} of {ref_name} "
                    f"(\"{e.ref_unit.short(50)}\") is reviewed twice (first at line "
                    f"{first.loc.line})", e.loc))
            seen_ref.setdefault(e.ref_unit.line, e)
        for unit in e.ed_units:
            if e.kind == "added":
                other = added_ed.get(unit.line) or paired_ed.get(unit.line)
            else:
                other = added_ed.get(unit.line)
            if other is not None and other is not e:
                how = "added twice" if e.kind == other.kind else "both added and a counterpart"
                errors.append(RulesetError(
                    f"the unit at line {unit.line} of {ed_name} (\"{unit.short(50)}\") is "
                    f"{how} (first at line {other.loc.line})", e.loc))
            (added_ed if e.kind == "added" else paired_ed).setdefault(unit.line, e)
    missing = review.unreviewed()
    if missing:
        shown = ", ".join(str(u.line) for u in missing[:MAX_LISTED])
        more = f" and {len(missing) - MAX_LISTED} more" if len(missing) > MAX_LISTED else ""
        errors.append(RulesetError(
            f"{len(missing)} unit(s) of {ref_name} have no verdict: line(s) {shown}{more}",
            N.Loc(display_path(review.path), 1, 1),
            f"'rules review {display_path(Path(ruleset.path))}' lists them, with a first pass"))
    top = N.Loc(display_path(review.path), 1, 1)
    for ident, reading in readings_of(ruleset.layers).items():
        listed = review.readings.get(ident)
        if listed is None or listed.get("class") != "changes the game":
            errors.append(RulesetError(
                f"the rules' reading '{ident}' is not listed in the review's readings as one "
                "that changes the game", top,
                f"add it under 'readings:' (the rules declare it at {reading.loc})"))
    errors.extend(_unencoded(review, ruleset, top))
    errors.extend(_strays(review, ed_name, top))
    drafts = [e for e in review.entries if e.status == "draft"]
    if drafts:
        shown = ", ".join(str(e.loc.line) for e in drafts[:MAX_LISTED])
        more = f" and {len(drafts) - MAX_LISTED} more" if len(drafts) > MAX_LISTED else ""
        errors.append(RulesetError(
            f"{len(drafts)} entr{'y is a draft' if len(drafts) == 1 else 'ies are drafts'} "
            f"(status: draft), not yet confirmed: line(s) {shown}{more}", drafts[0].loc,
            "read each, set its verdict, and remove its 'status: draft'"))
    review.warnings.extend(_same_but_different(review))


def _strays(review: Review, ed_name: str, top: N.Loc) -> list[RulesetError]:
    """Units of the edition in no entry (neither a counterpart nor added)."""
    named = {u.line for e in review.entries for u in e.ed_units}
    stray = [u for u in review.ed_units if u.line not in named]
    if not stray:
        return []
    shown = ", ".join(str(u.line) for u in stray[:MAX_LISTED])
    more = f" and {len(stray) - MAX_LISTED} more" if len(stray) > MAX_LISTED else ""
    return [RulesetError(
        f"{len(stray)} unit(s) of {ed_name} are in no entry (neither a counterpart nor "
        f"'added'): line(s) {shown}{more}", top,
        "'rules review EDITION --draft' adds an entry for each, to confirm")]


def _unencoded(review: Review, ruleset: Any, top: N.Loc) -> list[RulesetError]:
    """Readings classed as changing the game that no ruleset of the review encodes (this one,
    or another in the folder next to it that names the same review), and that do not say
    why not (`not_encoded`)."""
    wanted = [ident for ident, info in review.readings.items()
              if info.get("class") == "changes the game" and not info.get("not_encoded")]
    encoded = encoded_readings(review, ruleset, wanted)
    return [RulesetError(
        f"the reading '{ident}' changes the game, but no rule encodes it (no 'reading "
        f"{ident} ...:' unit in the rules of the rulesets of this review)", top,
        "encode it as a reading unit of the rules, or say why not with 'not_encoded: ...' "
        "under the reading") for ident in wanted if ident not in encoded]


def encoded_readings(review: Review, ruleset: Any, wanted: list[str] | None = None
                     ) -> dict[str, N.Reading]:
    """The readings the rules encode: of this ruleset, and (unless it has all of `wanted`) of
    the other rulesets in the folder next to it that name the same review."""
    encoded = dict(readings_of(ruleset.layers))
    if wanted is not None and all(ident in encoded for ident in wanted):
        return encoded
    from interpreter.language.errors import RulesetErrors
    from interpreter.language.files import load_layers, tree_root

    for folder in _sharing(review.path, Path(ruleset.path)):
        try:
            for ident, reading in readings_of(load_layers(folder, [], tree_root(folder))).items():
                encoded.setdefault(ident, reading)
        except (RulesetError, RulesetErrors, OSError):
            continue  # a broken ruleset next to it is for its own check to report
    return encoded


def _sharing(path: Path, own: Path) -> list[Path]:
    """The other ruleset folders next to `own` whose manifest names the review `path` (each
    manifest read as every ruleset file is: bounded, and checked against its schema)."""
    from interpreter.language.errors import RulesetErrors
    from interpreter.language.files import MANIFEST, checked_yaml

    found = []
    try:
        folders = sorted(own.absolute().parent.iterdir())
    except OSError:
        return []
    for folder in folders:
        manifest = folder / MANIFEST
        if folder == own.absolute() or not manifest.is_file():
            continue
        try:
            written = checked_yaml(manifest, "manifest").get("review")
        except (RulesetError, RulesetErrors, OSError, AttributeError):
            continue
        if isinstance(written, str) and \
                Path(os.path.normpath(folder.absolute() / written)) == path:
            found.append(folder)
    return found


def _same_but_different(review: Review) -> list[RulesetError]:
    """Verdicts of `same` without a `note` whose pair shows a difference: other numbers (in
    digits or in words of each text's language, as `numerals.compared` compares them), or
    words that turn the meaning (a negation, an opposite) between the reference unit and the
    edition's (one language) or its gloss (a translation)."""
    from interpreter.editions.align import one_language
    from interpreter.editions.numerals import compared, numbers
    from interpreter.editions.words import word_diff

    same_language = one_language(review.ref_units, review.ed_units)
    uses = Counter(u.line for e in review.entries if e.ref_unit is not None
                   for u in e.ed_units)
    out = []
    for e in review.entries:
        if e.kind != "same" or e.ref_unit is None or not e.ed_units:
            continue
        theirs = " ".join(u.text for u in e.ed_units) if same_language else e.gloss
        if e.note:
            continue
        mine = compared(numbers(e.ref_unit.text, "en"))
        found = compared([n for u in e.ed_units for n in numbers(u.text, review.language)])
        if mine != found and all(uses[u.line] == 1 for u in e.ed_units):
            out.append(RulesetError(
                f"verdict 'same', but the numbers differ: {', '.join(mine) or 'none'} in the "
                f"reference, {', '.join(found) or 'none'} in the edition", e.loc,
                "a reading, or a number written in words? say so in 'note'"))
            continue
        if theirs:
            diff = word_diff(e.ref_unit.text, theirs, crop=True)
            if diff.turned:
                out.append(RulesetError(
                    f"verdict 'same', but the words differ ({'; '.join(diff.turned)}): "
                    f"{diff.inline(2)}", e.loc, "a reading? if not, say why in 'note'"))
    return out


def _shape(e: Entry, review: Review) -> list[RulesetError]:
    """A verdict that does not fit its entry."""
    out = []
    if e.kind == "added" and (e.ref is not None or not e.ed):
        out.append("'added' is for a unit of the edition alone: 'ed' without 'ref'")
    if e.kind != "added" and e.ref is None:
        out.append(f"'{e.kind}' needs the unit of the reference it is about ('ref')")
    if e.kind in ("same", "reading") and not e.ed:
        out.append(f"'{e.kind}' needs the edition's counterpart ('ed'); without one the "
                   "verdict is 'omitted'")
    if e.kind == "omitted" and e.ed:
        out.append("'omitted' has no counterpart: leave out 'ed' (or say how it differs)")
    if e.reading is not None and e.reading not in review.readings:
        out.append(f"the reading '{e.reading}' is not among the review's readings "
                   f"({', '.join(review.readings) or 'none'})")
    if e.ed and review.language not in (None, "en") and not e.gloss and e.status != "draft":
        out.append(f"the edition's words need an English gloss (language {review.language})")
    return [RulesetError(message, e.loc) for message in out]


def _one(quote: str, at: int | None, units: UnitIndex, name: str, e: Entry,
         errors: list[RulesetError]) -> Unit | None:
    found, _ = units.find(quote, at)
    if len(found) == 1:
        return found[0]
    if not found:
        where = f"the unit at line {at} of {name}" if at else f"any unit of {name}"
        hint = None
        if at is None:
            hint = "a unit is a paragraph, list item, table row, caption or heading: quote " \
                   "words of one of them"
        errors.append(RulesetError(f"the words \"{quote}\" are not in {where}", e.loc, hint))
        return None
    lines = ", ".join(str(u.line) for u in found[:8])
    errors.append(RulesetError(f"the words \"{quote}\" are in {len(found)} units of {name} "
                               f"(lines {lines})", e.loc,
                               "quote more words, or say which with 'ref_at:' / 'ed_at:' LINE"))
    return None


# ---------------------------------------------------------------------------- first pass
def proposals(review: Review) -> list[Any]:
    """The first pass with the pairs the review records (the rest aligned by likeness)."""
    from interpreter.editions.align import align, first_pass

    pairs = align(review.ref_units, review.ed_units, review.paired())
    for line, entry in review.verdict_of().items():
        if entry.kind == "omitted":
            pairs.pop(line, None)
    added = {u.line for e in review.added() for u in e.ed_units}
    return first_pass(review.ref_units, review.ed_units, pairs, added,
                      glossary=review.glossary, language=review.language)


def questioned(review: Review, found: list[Any]) -> list[tuple[Entry, Any]]:
    """Verdicts of 'same' on a unit whose numbers differ from its counterpart's (a proposal of
    the first pass `found` with the pairs recorded): each with that proposal. The review may
    be right (a number written as a word), but it is worth a second look."""
    numbers = {p.unit.line: p for p in found if p.kind == "numbers" and p.side == "ref"}
    return [(e, numbers[e.ref_unit.line]) for e in review.entries
            if e.kind == "same" and e.ref_unit is not None and e.ref_unit.line in numbers]


def recorded_differences(review: Review) -> list[Entry]:
    """The entries that record a difference: a reading, an omission, an unclear unit, an
    addition."""
    return [e for e in review.entries if e.kind != "same" and e.status != "draft"
            and (e.ref_unit or e.ed_units)]


def blind_hits(review: Review) -> tuple[list[Entry], list[Entry]]:
    """The recorded differences that the first pass proposes before anyone reads (with no
    pair recorded), and those it misses."""
    from interpreter.editions.align import align, first_pass

    pairs = align(review.ref_units, review.ed_units)
    found = first_pass(review.ref_units, review.ed_units, pairs, language=review.language)
    flagged = {(p.side, p.unit.line) for p in found}
    flagged |= {("ed", p.other.line) for p in found if p.kind == "numbers" and p.other}
    hits, misses = [], []
    for e in recorded_differences(review):
        keys = ({("ref", e.ref_unit.line)} if e.ref_unit else set()) | \
            {("ed", u.line) for u in e.ed_units}
        (hits if keys & flagged else misses).append(e)
    return hits, misses
