"""A rulebook's text, cut into sections and paragraphs, for checking citations against it.

Rulebook texts come extracted from PDFs, scanned or typed in: there is no markup to rely on.
How a text is read (docs/editions.md says the same for rule writers):

- **Paragraphs.** Lines separated by blank lines make paragraphs; within a paragraph, a line
  that starts with a list bullet (`-`, `*`, `•`, `▶`, ...) or a label starts a new paragraph.
  In a *compact* text (hardly any blank lines, as a PDF extract gives), a paragraph also ends
  after a line that closes a sentence and stops well short of the text's usual width.
- **Labels.** A paragraph or heading that starts with `A)`, `(1)`, `1.)`, `4.2)`, `1)`,
  `A.`/`1.` (then a space), `A/B/C)`, `A - C)` or a footnote `*` carries those labels (`A`,
  `1`, `4.2`, `*`; `A - C` gives `A`, `B` and `C`).
- **Headings.** In a Markdown text (three or more lines starting with `#`), the `#` lines, their
  level the number of `#`. In a plain text, a line standing alone (a paragraph of one line)
  that looks like a title: at most 80 characters and 12 words, with a letter, no tab, not
  ending in `. , ; ! ?`, no `: ` inside, not wrapped in brackets, not a figure caption
  (`fig.04`), not a list item, not a single word in lower case. Its level: 1 for a title that
  starts with a capital (or a letter of a script without case), 2 for one that starts in lower
  case or with an ornament (`●`), 3 for one that ends with `:` (a lead-in such as `Note:`), 4
  for one that starts with a label (`(1) color`). A line in capitals is level 1 even with `:`.
  In a compact text, such a line counts only in context (`_compact_heading`).
- **Sections.** A heading's section runs to the next heading of the same or a higher level (a
  smaller number): it holds its own paragraphs and its subsections. Several headings may share
  a name (a rulebook's sidebar repeats its page's title): the section is all of them.

Phrases are compared folded (`fold`): case, spacing and line breaks, typographic quotes and
dashes, ligatures and `*` do not count."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

MAX_HEADING_CHARS = 80
MAX_HEADING_WORDS = 12
MAX_LINES = 100_000  # a rulebook has a few thousand; a longer text is refused (FileRefused)
MAX_SUGGESTIONS_SEARCHED = 2_000  # names compared for a did-you-mean (a text may have 300,000)
MAX_PHRASES_COMPARED = 20_000  # pieces of text compared for a did-you-mean of quoted words

_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "′": "'", "`": "'", "´": "'",
                         "“": '"', "”": '"', "„": '"', "″": '"', "«": '"', "»": '"',
                         "–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-",
                         "…": "..."})
_BULLETS = "-*•–—·▪◦‣⁃"  # start a list item (a paragraph, never a heading)
_ORNAMENTS = "●○■□◆◇▶►▸▹➢➤⇒→✓✔☞"  # decorate a heading or an item; not part of its name
_LABEL = re.compile(
    r"""^(?:
        \((?P<paren>\d+(?:\.\d+)*|[A-Za-z])\)                       # (1)  (a)
      | (?P<multi>[A-Za-z](?:\s*[-/~–]\s*[A-Za-z])+)\s*\)           # A/B/C)  A - C)  A~D)
      | (?P<num>\d+(?:\.\d+)*|[A-Za-z])\s*(?:\.\)|\))               # 1.)  4.2)  A)  1)
      | (?P<dot>\d+|[A-Za-z])\.(?=\s)                               # 1. text   A. text
      | (?P<star>\*+)(?=\s)                                         # * a footnote
    )""", re.VERBOSE)
_CAPTION = re.compile(r"^\w{1,6}\.?\s?\d+[a-z]?$")  # fig.04, Abb. 3
_SENTENCE_END = tuple(".,;!?")


def fold(text: str) -> str:
    """A text as phrases are compared: lower case, typographic quotes and dashes made plain,
    ligatures undone, and without any spacing, line breaks or `*`."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).lower()
    return re.sub(r"[\s*]+", "", text)


def name_key(text: str) -> str:
    """A section name as names are compared: folded like phrases but keeping single spaces,
    without ornaments, Markdown marks and a final `:`."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).lower()
    text = text.replace("**", "").replace("__", "")
    text = text.strip().lstrip("#" + _ORNAMENTS).strip()
    text = re.sub(r"\s+", " ", text).rstrip(": ").strip()
    return text


def split_label(text: str) -> tuple[tuple[str, ...], str]:
    """The labels a line starts with (after bullets and ornaments) and the rest of the line."""
    body = text.strip().lstrip("#").strip()
    body = body.replace("**", "")
    while body and (body[0] in _ORNAMENTS or (body[0] in "-–•·▪" and body[1:2].isspace())):
        body = body[1:].lstrip()
    m = _LABEL.match(body)
    if not m:
        return (), body
    rest = body[m.end():].strip()
    if m.group("paren") or m.group("num") or m.group("dot"):
        return (label_core(m.group("paren") or m.group("num") or m.group("dot")),), rest
    if m.group("star"):
        return (m.group("star"),), rest
    return expand_labels(m.group("multi")), rest


def label_core(token: str) -> str:
    """`(3)`, `3.)`, `3.` and `3` are the label 3; `a)` is `A`."""
    core = token.strip().strip("()").rstrip(".").strip()
    return core.upper() if len(core) == 1 and core.isalpha() else core


def expand_labels(text: str) -> tuple[str, ...]:
    """`A/B/C` -> A, B, C; `A - C` -> A, B, C (a range of letters or of whole numbers)."""
    parts = [p for p in re.split(r"\s*([-/~–])\s*", text.strip()) if p]
    out: list[str] = []
    i = 0
    while i < len(parts):
        token = label_core(parts[i])
        if i + 2 < len(parts) and parts[i + 1] in "-~–":
            end = label_core(parts[i + 2])
            out.extend(_label_range(token, end))
            i += 3
            continue
        if token not in "/-~–":
            out.append(token)
        i += 1
    return tuple(out)


def _label_range(start: str, end: str) -> list[str]:
    if len(start) == len(end) == 1 and start.isalpha() and end.isalpha() and start <= end:
        return [chr(c) for c in range(ord(start), ord(end) + 1)]
    if start.isdigit() and end.isdigit() and int(start) <= int(end) <= int(start) + 50:
        return [str(n) for n in range(int(start), int(end) + 1)]
    return [start, end]


@dataclass
class Paragraph:
    line: int  # its first line in the file (from 1)
    end: int  # its last line
    text: str  # its lines joined by spaces
    labels: tuple[str, ...] = ()
    heading: bool = False
    section: int | None = None  # the innermost section it belongs to (an index of sections)


@dataclass
class Section:
    title: str  # the heading as written, without Markdown marks and ornaments
    line: int
    level: int
    labels: tuple[str, ...]
    first: int  # its heading's index in paragraphs
    stop: int = 0  # one past the last paragraph of its span (its subsections included)
    parent: int | None = None
    keys: tuple[str, ...] = ()  # the names it answers to (with and without its label)


@dataclass
class SourceText:
    path: Path
    lines: list[str]
    paragraphs: list[Paragraph] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    by_key: dict[str, list[int]] = field(default_factory=dict)
    style: str = "plain"  # plain | compact | markdown
    _folded: list[str] = field(default_factory=list, repr=False)
    _sorted_keys: list[str] | None = field(default=None, repr=False)
    _by_word: dict[str, list[str]] | None = field(default=None, repr=False)
    _own: dict[int, list[int]] | None = field(default=None, repr=False)

    # ------------------------------------------------------------------ reading
    @classmethod
    def read(cls, path: Path) -> SourceText:
        """The text of a file, read as every ruleset file is (`files.read_bounded`: a regular
        file of UTF-8 text, not too large; FileRefused otherwise)."""
        from interpreter.language.files import read_bounded

        return cls.parse(read_bounded(path), Path(path))

    @classmethod
    def parse(cls, text: str, path: Path = Path("<text>")) -> SourceText:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if len(lines) > MAX_LINES:
            from interpreter.language.files import FileRefused

            raise FileRefused(f"has more than {MAX_LINES:,} lines: not a rulebook text")
        self = cls(path, lines)
        nonblank = [ln for ln in lines if ln.strip()]
        markdown = sum(1 for ln in lines if re.match(r"#{1,6}\s", ln)) >= 3
        blank = len(lines) - len(nonblank)
        compact = not markdown and len(nonblank) > 40 and blank < 0.05 * len(lines)
        self.style = "markdown" if markdown else "compact" if compact else "plain"
        if markdown:
            self._read_markdown()
        elif compact:
            self._read_compact(nonblank)
        else:
            self._read_plain()
        self._nest()
        self._folded = [fold(p.text) for p in self.paragraphs]
        return self

    def _add(self, start: int, chunk: list[str], heading_level: int | None = None) -> None:
        """A paragraph (or heading) of the lines `chunk`, the first being line `start`."""
        text = " ".join(s.strip() for s in chunk if s.strip())
        if not text:
            return
        labels, rest = split_label(chunk[0])
        para = Paragraph(start, start + len(chunk) - 1, text, labels,
                         heading=heading_level is not None)
        self.paragraphs.append(para)
        if heading_level is not None:
            title = re.sub(r"\s+", " ", text.replace("**", "").strip().lstrip("#").strip()
                           .lstrip(_ORNAMENTS).strip())
            keys = {name_key(title)}
            if labels and rest:
                keys.add(name_key(rest))
            self.sections.append(Section(title.rstrip(":").strip() or title, start,
                                         heading_level, labels, len(self.paragraphs) - 1,
                                         keys=tuple(sorted(k for k in keys if k))))

    def _items(self, start: int, block: list[str]) -> None:
        """A block of lines -> paragraphs: a list item or labelled line starts a new one."""
        chunk: list[str] = []
        first = start
        for i, line in enumerate(block):
            if chunk and _starts_item(line):
                self._add(first, chunk)
                chunk, first = [], start + i
            chunk.append(line)
        if chunk:
            self._add(first, chunk)

    def _read_plain(self) -> None:
        block: list[str] = []
        start = 0
        for number, line in enumerate([*self.lines, ""], start=1):
            if line.strip():
                if not block:
                    start = number
                block.append(line)
                continue
            if len(block) == 1 and (level := heading_level(block[0])) is not None:
                self._add(start, block, level)
            elif block:
                self._items(start, block)
            block = []

    def _read_markdown(self) -> None:
        block: list[str] = []
        start = 0
        for number, line in enumerate([*self.lines, ""], start=1):
            m = re.match(r"(#{1,6})\s+(.*)", line)
            if m or not line.strip():
                if block:
                    self._items(start, block)
                block = []
                if m:
                    self._add(number, [line], len(m.group(1)))
                continue
            if not block:
                start = number
            block.append(line)

    def _read_compact(self, nonblank: list[str]) -> None:
        """One line after another, few blank lines: headings and paragraph ends by context."""
        lengths = sorted(len(s.rstrip()) for s in nonblank)
        width = lengths[int(0.9 * (len(lengths) - 1))]
        numbered = list(enumerate(self.lines, start=1))
        chunk: list[str] = []
        start, previous, after_heading = 0, "", True
        for i, (number, line) in enumerate(numbered):
            text = line.strip()
            if not text:
                if chunk:
                    self._items(start, chunk)
                chunk, previous, after_heading = [], "", True
                continue
            level = heading_level(line)
            if level is not None and _compact_heading(level, line, previous, after_heading,
                                                      _next_line(numbered, i)):
                if chunk:
                    self._items(start, chunk)
                chunk, previous, after_heading = [], line, True
                self._add(number, [line], level)
                continue
            if not chunk:
                start = number
            chunk.append(line)
            previous, after_heading = line, False
            if text.endswith((".", "!", "?", ":")) and len(line.rstrip()) < 0.8 * width:
                self._items(start, chunk)
                chunk = []
        if chunk:
            self._items(start, chunk)

    def _nest(self) -> None:
        """Each section's span and parent; each paragraph's innermost section."""
        open_: list[int] = []
        s = -1
        for index, para in enumerate(self.paragraphs):
            if para.heading:
                s += 1  # headings and sections come in the same order
                level = self.sections[s].level
                while open_ and self.sections[open_[-1]].level >= level:
                    self.sections[open_.pop()].stop = index
                self.sections[s].parent = open_[-1] if open_ else None
                open_.append(s)
            para.section = open_[-1] if open_ else None
        for s in open_:
            self.sections[s].stop = len(self.paragraphs)
        for i, sec in enumerate(self.sections):
            for key in sec.keys:
                self.by_key.setdefault(key, []).append(i)

    # ------------------------------------------------------------------ looking up
    def find(self, name: str) -> list[int]:
        """The sections named `name` (all the headings of that name)."""
        return list(self.by_key.get(name_key(name), []))

    def keys_starting(self, prefix: str) -> list[str]:
        """The section keys that start with `prefix` (found in a sorted list, not by a scan)."""
        import bisect

        if self._sorted_keys is None:
            self._sorted_keys = sorted(self.by_key)
        keys = self._sorted_keys
        found = []
        for k in keys[bisect.bisect_left(keys, prefix):]:
            if not k.startswith(prefix):
                break
            found.append(k)
        return found

    def keys_sharing_a_word(self, wanted: str) -> list[str]:
        """At most MAX_SUGGESTIONS_SEARCHED section keys that share a word with `wanted` (the
        candidates of a did-you-mean), or every key if there are no more than that."""
        if len(self.by_key) <= MAX_SUGGESTIONS_SEARCHED:
            return list(self.by_key)
        if self._by_word is None:
            self._by_word = {}
            for k in self.by_key:
                for word in set(k.split()):
                    self._by_word.setdefault(word, []).append(k)
        found: dict[str, None] = {}
        for word in wanted.split():
            for k in self._by_word.get(word, ())[:MAX_SUGGESTIONS_SEARCHED]:
                found[k] = None
        return list(found)[:MAX_SUGGESTIONS_SEARCHED]

    def names(self) -> list[str]:
        """Every section name, once, in the order of the text."""
        seen: dict[str, None] = {}
        for sec in self.sections:
            seen.setdefault(sec.title, None)
        return list(seen)

    def span(self, sections: list[int]) -> list[int]:
        """The paragraphs (headings included) of these sections, each once, in text order."""
        found: set[int] = set()
        for s in sections:
            sec = self.sections[s]
            found.update(range(sec.first, sec.stop))
        return sorted(found)

    def own(self, section: int) -> list[int]:
        """The body paragraphs directly under a heading, its subsections left out."""
        if self._own is None:
            self._own = {}
            for i, p in enumerate(self.paragraphs):
                if not p.heading and p.section is not None:
                    self._own.setdefault(p.section, []).append(i)
        return list(self._own.get(section, []))

    def labelled(self, paragraphs: list[int]) -> dict[str, list[int]]:
        """Label -> the paragraphs (and headings) among `paragraphs` that carry it."""
        out: dict[str, list[int]] = {}
        for i in paragraphs:
            for label in self.paragraphs[i].labels:
                out.setdefault(label, []).append(i)
        return out

    def find_phrase(self, phrase: str, paragraphs: list[int] | None = None) -> list[int]:
        """The paragraphs where `phrase` occurs (folded; `...` stands for any text between its
        parts, which must come in order), searched within `paragraphs` (default: all), across
        paragraph ends too. Empty when it does not occur."""
        parts = [fold(p) for p in re.split(r"\.\.\.|…", phrase)]
        parts = [p for p in parts if p]
        if not parts:
            return []
        order = list(range(len(self.paragraphs))) if paragraphs is None else paragraphs
        # Runs of consecutive paragraphs are searched as one text (a phrase may cross a line
        # break that the reading took for a paragraph end).
        found: list[int] = []
        for run in _runs(order):
            joined, offsets = "", []
            for i in run:
                offsets.append(len(joined))
                joined += self._folded[i]
            at = joined.find(parts[0])
            while at >= 0:
                end, ok = at + len(parts[0]), True
                for part in parts[1:]:
                    nxt = joined.find(part, end)
                    if nxt < 0:
                        ok = False
                        break
                    end = nxt + len(part)
                if not ok:
                    break
                first = max(k for k, off in enumerate(offsets) if off <= at)
                last = max(k for k, off in enumerate(offsets) if off < end)
                found.extend(run[first:last + 1])
                at = joined.find(parts[0], at + 1)
        return sorted(set(found))

    def closest_phrase(self, phrase: str, paragraphs: list[int]) -> str | None:
        """The words among `paragraphs` most like `phrase` (for a did-you-mean), or None."""
        import difflib

        target = fold(phrase)
        size = max(len(phrase.split()), 1)
        best, best_ratio = None, 0.0
        budget = MAX_PHRASES_COMPARED
        for i in paragraphs:
            for sentence in re.split(r"(?<=[.!?])\s+", self.paragraphs[i].text):
                words = sentence.split()
                for n in {max(size - 1, 1), size, size + 1, size + 2}:
                    for j in range(0, max(len(words) - n, 0) + 1):
                        budget -= 1
                        if budget < 0:
                            return best if best_ratio >= 0.6 else None
                        piece = " ".join(words[j:j + n])
                        ratio = difflib.SequenceMatcher(None, target, fold(piece)).ratio()
                        if ratio > best_ratio:
                            best, best_ratio = piece, ratio
        return best if best_ratio >= 0.6 else None


def heading_level(line: str) -> int | None:
    """The level of a line that looks like a heading of a plain text, else None."""
    text = line.strip().replace("**", "").strip()
    if not text or "\t" in line or len(text) > MAX_HEADING_CHARS:
        return None
    labels, rest = split_label(text)
    if text[0] in _BULLETS:
        return None
    bare = text.lstrip(_ORNAMENTS).strip()
    if not bare or len(bare.split()) > MAX_HEADING_WORDS:
        return None
    if not any(ch.isalpha() for ch in bare) or bare.rstrip(")\"'”’").endswith(_SENTENCE_END):
        return None
    if _CAPTION.match(bare) or re.search(r":\s+\S", bare):
        return None
    cased = [ch for ch in rest if ch.isupper() or ch.islower()]
    if cased and all(ch.isupper() for ch in cased) and len(cased) > 1:
        return 1
    if bare[0] == "(" and not labels:
        return None
    if labels:
        return 4
    if not (bare[0].isalnum() or bare[0] in "'\"“‘") or (
            bare[0].islower() and len(bare.split()) == 1):
        return None
    if bare.endswith(":"):
        return 3
    if bare is not text.strip() and text.strip()[0] in _ORNAMENTS:
        return 2
    return 2 if bare[0].islower() else 1


def _starts_item(line: str) -> bool:
    text = line.strip()
    if not text:
        return False
    if text[0] in _BULLETS and text[1:2].isspace():
        return True
    if text[0] in _ORNAMENTS:
        return True
    return bool(split_label(text)[0])


def _next_line(numbered: list[tuple[int, str]], i: int) -> str:
    return next((s.strip() for _, s in numbered[i + 1:i + 4] if s.strip()), "")


def _compact_heading(level: int, line: str, previous: str, after_heading: bool,
                     following: str) -> bool:
    """In a compact text, where every line of a narrow column looks like a title: a line in
    capitals or with a label is a heading; another one only after a finished sentence (or a
    heading, or a page number), with at most 8 words, and, when it starts in lower case,
    before a list item or a labelled line."""
    text = line.strip()
    cased = [ch for ch in text if ch.isupper() or ch.islower()]
    if level == 4 or (level == 1 and cased and all(ch.isupper() for ch in cased)):
        return True
    prev = previous.strip()
    closed = after_heading or prev.isdigit() or prev.endswith(
        (".", "!", "?", ":", ")", '"', "”"))
    if not closed or len(text.split()) > 8:
        return False
    return level != 2 or _starts_item(following)


def _runs(order: list[int]) -> list[list[int]]:
    """Consecutive numbers grouped: [1, 2, 3, 7, 8] -> [[1, 2, 3], [7, 8]]."""
    runs: list[list[int]] = []
    for i in order:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs
