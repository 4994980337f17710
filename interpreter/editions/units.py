"""A rulebook's text cut into the units a review compares: headings, paragraphs, list items,
table rows, figure captions, examples and summary lines.

The cut follows `sourcetext.SourceText` (its paragraphs, list items and headings); a paragraph
whose lines hold tabs (a table as a PDF extract gives it) is one unit per line. Each unit is
named by its first line in the file (`line`), which is unique. Its kind is a hint for readers
and for the first pass (`align.py`):

- `summary`: under a heading that repeats an earlier one (a page's sidebar repeating its title,
  "PREPARATION" a second time) or under a heading that says it is a summary;
- `caption`: a paragraph that ends with or starts with a figure's name (`fig.05`, `(그림 5
  설명: ...)`, `In deze afbeelding ...`);
- `example`: a paragraph that starts with "Example", "Voorbeeld", "예시", "예제", ...;
- `row`: one line of a table; `item`: a list item or a labelled paragraph;
- `heading`, `paragraph`: the rest."""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass

from interpreter.editions.numerals import DIGITS
from interpreter.editions.sourcetext import _QUOTES, SourceText, fold, name_key

_CAPTION_END = re.compile(r"\b(?:fig|abb|afb)\.?\s?\d+[a-z]?\s*$", re.IGNORECASE)
_CAPTION_START = re.compile(r"^\(?\s*(?:(?:fig|abb|afb|figure|afbeelding)\.?\s?\d+"
                            r"|그림\s*\d+\s*설명|in deze afbeelding)", re.IGNORECASE)
_EXAMPLE = re.compile(r"^\W*(?:examples?|voorbeelden?|beispiel|예시|예제|exemple)\b",
                      re.IGNORECASE)
_SUMMARY = re.compile(r"summary|overzicht|요약|zusammenfassung|résumé|kurzübersicht",
                      re.IGNORECASE)
PAGE_WORDS = 30  # a paragraph this long is main text: a summary page has ended


@dataclass(frozen=True)
class Unit:
    line: int  # its first line in the file: the unit's name
    end: int  # its last line
    kind: str  # heading | paragraph | item | row | caption | example | summary
    text: str
    section: str  # the title of the innermost section it belongs to ('' before any)

    @property
    def folded(self) -> str:
        return fold(self.text)

    def numbers(self) -> list[str]:
        """The numbers written in digits, in order (any letters may follow: 3rd -> 3, 20x ->
        20; a particle of another script too: 8에서 -> 8)."""
        return [m.group(1).replace(",", ".") for m in DIGITS.finditer(self.text)]

    def short(self, width: int = 70) -> str:
        text = re.sub(r"\s+", " ", self.text).strip()
        return text if len(text) <= width else text[:width - 3] + "..."


def text_units(text: SourceText) -> list[Unit]:
    """Every unit of a text, in the order of the file."""
    summary_sections = _summary_sections(text)
    out: list[Unit] = []
    for para in text.paragraphs:
        section = text.sections[para.section].title if para.section is not None else ""
        in_summary = para.section is not None and _inside(text, para.section, summary_sections)
        lines = [text.lines[n - 1] for n in range(para.line, para.end + 1)]
        if not para.heading and sum(1 for ln in lines if "\t" in ln) >= 1 and len(lines) > 1:
            for offset, line in enumerate(lines):
                if line.strip():
                    out.append(Unit(para.line + offset, para.line + offset,
                                    "summary" if in_summary else "row",
                                    line.strip(), section))
            continue
        kind = _kind(para.text, para.heading, bool(para.labels), lines, in_summary)
        out.append(Unit(para.line, para.end, kind, para.text, section))
    return out


def _kind(body: str, heading: bool, labelled: bool, lines: list[str], in_summary: bool) -> str:
    """A unit's kind. A summary line: a heading or a short line under a heading that repeats
    an earlier one (unless labelled or ornamented, as the main text's headings are), or a
    paragraph (not a list item) that starts in lower case (main text starts sentences with a
    capital)."""
    first = lines[0].strip()
    bare = first.lstrip("-*•–—·▪◦‣⁃●▶►⇒ .")
    if _CAPTION_END.search(body) or _CAPTION_START.search(body):
        return "caption"
    main_heading = heading and (labelled or first[:1] in "●▶►⇒")
    if in_summary and not main_heading and (
            heading or len(body.split()) <= 15 or bare.startswith("(")):
        return "summary"
    if bare[:1].islower() and not heading and first == bare:  # not a list item
        return "summary"
    if heading:
        return "heading"
    if _EXAMPLE.search(body):
        return "example"
    if "\t" in lines[0]:
        return "row"
    if labelled or (first[:1] in "-*•–—·▪◦‣⁃●▶►⇒" and first[1:2].isspace()):
        return "item"
    return "paragraph"


def _summary_sections(text: SourceText) -> set[int]:
    """Sections that summarise: one that calls itself a summary, or a heading that repeats an
    earlier heading's name in short lines (under 15 words on average) where the earlier one
    has a body of three or more paragraphs (a page's sidebar repeating its title, not a second
    "Example:" or "Note:")."""
    first: dict[str, int] = {}
    found: set[int] = set()
    for i, sec in enumerate(text.sections):
        key = name_key(sec.title)
        if _SUMMARY.search(sec.title):
            found.add(i)
        elif key in first and _body(text, first[key]) >= 3:
            words = [len(text.paragraphs[p].text.split()) for p in text.span([i])
                     if not text.paragraphs[p].heading]
            if words and sum(words) / len(words) < 15:
                found.add(i)
        first.setdefault(key, i)
    return found | _summary_page(text, found)


def _summary_page(text: SourceText, found: set[int]) -> set[int]:
    """The sections after a section that calls itself a summary, up to the first with main
    text again (a paragraph of PAGE_WORDS words or more): a summary page that goes on under
    headings of its own ("SCORING" after "SUMMARY"), often as a table."""
    out: set[int] = set()
    starts = [i for i in sorted(found) if _SUMMARY.search(text.sections[i].title)]
    for start in starts:
        for i in range(start + 1, len(text.sections)):
            words = [len(text.paragraphs[p].text.split()) for p in text.own(i)
                     if not text.paragraphs[p].heading and "\t" not in text.paragraphs[p].text]
            if any(n >= PAGE_WORDS for n in words):
                break
            out.add(i)
    return out


def _body(text: SourceText, section: int) -> int:
    return sum(1 for p in text.span([section]) if not text.paragraphs[p].heading)


def _inside(text: SourceText, section: int, marked: set[int]) -> bool:
    s: int | None = section
    while s is not None:
        if s in marked:
            return True
        s = text.sections[s].parent
    return False


def find_unit(units: list[Unit], quote: str, at: int | None = None) -> tuple[list[Unit], str]:
    """The units whose text holds the words of `quote` (case, spacing, typographic quotes and
    Markdown marks do not count; `...` stands for any words between its parts; a Latin letter
    or digit at either end of a part must begin or end a word there: `Play` is not in
    `Players`), and the quote as searched. With `at`, only the unit that starts on that line.
    To look for many quotes in the same units, make a `UnitIndex` once."""
    return UnitIndex(units).find(quote, at)


class UnitIndex:
    """Units made ready to find quotes in (find_unit): their texts as quotes are compared,
    joined into one text that a quote's first part is searched in once (not unit by unit),
    and the units by line."""

    def __init__(self, units: list[Unit]):
        self.units = units
        self.bodies = [_spaced(u.text) for u in units]
        self.joined = "\n".join(self.bodies)  # a body has no line break: none is crossed
        self.starts: list[int] = []
        at = 0
        for body in self.bodies:
            self.starts.append(at)
            at += len(body) + 1
        self.by_line = {u.line: k for k, u in enumerate(units)}

    def find(self, quote: str, at: int | None = None) -> tuple[list[Unit], str]:
        parts = [_spaced(p) for p in re.split(r"\.\.\.|…", quote)]
        patterns = [_bounded(p) for p in parts if p]
        if not patterns:
            return [], quote
        if at is not None:
            k = self.by_line.get(at)
            found = [] if k is None or not self._holds(k, patterns, 0) else [self.units[k]]
            return found, quote
        found, last = [], -1
        for m in patterns[0].finditer(self.joined):
            k = bisect.bisect_right(self.starts, m.start()) - 1
            if k == last:
                continue  # the first place in a unit only, as searching it alone would find
            last = k
            if self._holds(k, patterns[1:], m.end() - self.starts[k]):
                found.append(self.units[k])
        return found, quote

    def _holds(self, k: int, patterns: list[re.Pattern], pos: int) -> bool:
        """Whether unit k's text holds the patterns in order from `pos`."""
        body = self.bodies[k]
        for pattern in patterns:
            m = pattern.search(body, pos)
            if m is None:
                return False
            pos = m.end()
        return True


def _spaced(text: str) -> str:
    """Text as quotes are compared: folded as `fold` does, but with single spaces kept."""
    folded = unicodedata.normalize("NFKC", text).translate(_QUOTES).lower()
    folded = folded.replace("*", "").replace("$", "")
    return re.sub(r"\s+", " ", folded).strip()


def _bounded(part: str) -> re.Pattern:
    start = r"(?<![a-z0-9])" if part[0].isascii() and part[0].isalnum() else ""
    end = r"(?![a-z0-9])" if part[-1].isascii() and part[-1].isalnum() else ""
    return re.compile(start + re.escape(part) + end)
