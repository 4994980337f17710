"""Colour markup of display texts: `a [red]b[/] c` into pieces of text and colour, fitted and
wrapped to a terminal's width without counting the markup, and written as ANSI or plain text.
Nothing here knows any game."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO


@dataclass
class Colour:
    ansi: str = ""
    svg: str = "#000000"


MARKUP = re.compile(r"\[(/|[A-Za-z][A-Za-z0-9_-]*)\]")
RESET = "\x1b[0m"

Segment = tuple[str, str | None]  # (text, colour name or None)
IF_ROOM = "if_room"  # `[if_room]...[/]`: text said only where the line fits the width whole


def without_spare(segments: list[Segment], width: int | None) -> list[Segment]:
    """The segments, those marked `if_room` left out where the whole line is wider than
    `width` (a column that a narrow terminal does without, rather than wrap the row)."""
    if width is None or sum(len(t) for t, _ in segments) <= width:
        return [(t, None if c == IF_ROOM else c) for t, c in segments]
    return [(t, c) for t, c in segments if c != IF_ROOM]


def spare_column(lines: list[list[Segment]], width: int | None
                 ) -> list[tuple[list[Segment], int]]:
    """The lines of one block, their `if_room` texts one column: each filled with spaces so
    that what follows it begins at one place in every line (after the widest), kept in every
    line where all the lines that have it fit `width`, else left out of all of them (a row
    that dropped it alone put what follows out of line with the rows above). With each line
    the place where its left-out text stood (where the line, still too wide, goes on when it
    wraps: under its text, as what followed it), else 0."""
    out, starts = _lined_up(lines)
    if not column_left_out(lines, width):
        return [([(t, None if c == IF_ROOM else c) for t, c in x], 0) for x in out]
    return [([(t, c) for t, c in x if c != IF_ROOM], _text_start(x) if s else 0)
            for x, s in zip(out, starts, strict=True)]


def _lined_up(lines: list[list[Segment]]
              ) -> tuple[list[list[Segment]], list[list[int]]]:
    """The lines with their `if_room` texts filled with spaces to one column, and where each
    line's `if_room` texts begin."""
    starts = [[_start(x, k) for k, (_, c) in enumerate(x) if c == IF_ROOM] for x in lines]
    out = [list(x) for x in lines]
    for n in range(max((len(s) for s in starts), default=0)):
        spans = {i: _nth_spare(out[i], n) for i, s in enumerate(starts) if len(s) > n}
        column = max(at + len(out[i][k][0]) for i, (k, at) in spans.items())
        for i, (k, at) in spans.items():
            text = out[i][k][0]
            out[i][k] = (text + " " * (column - at - len(text)), IF_ROOM)
    return out, starts


def column_left_out(lines: list[list[Segment]], width: int | None) -> bool:
    """Whether a block's `if_room` column is left out at `width` (spare_column): some line
    that has it is wider than the terminal."""
    out, starts = _lined_up(lines)
    return width is not None and any(
        len("".join(t for t, _ in x).rstrip()) > width
        for x, s in zip(out, starts, strict=True) if s)


def _text_start(segments: list[Segment]) -> int:
    """Where the first `if_room` segment's text begins, after its spaces."""
    k, at = _nth_spare(segments, 0)
    return at + len(segments[k][0]) - len(segments[k][0].lstrip(" "))


def _start(segments: Sequence[Segment], k: int) -> int:
    """Where the k-th segment begins, in visible characters."""
    return sum(len(t) for t, _ in segments[:k])


def _nth_spare(segments: list[Segment], n: int) -> tuple[int, int]:
    """The index and the starting place of the n-th `if_room` segment."""
    found = [k for k, (_, c) in enumerate(segments) if c == IF_ROOM][n]
    return found, _start(segments, found)


# ---------------------------------------------------------------------------------- markup
def parse_markup(text: str, colours: dict[str, Any]) -> list[Segment]:
    """`a [red]b[/] c` -> [("a ", None), ("b", "red"), (" c", None)]. `[name]` with a name that
    is no colour, and a `[/]` with nothing open, stay in the text as they are."""
    out: list[Segment] = []
    stack: list[str] = []
    pos = 0
    for m in MARKUP.finditer(text):
        tag = m.group(1)
        if tag != "/" and tag not in colours:
            continue
        if tag == "/" and not stack:
            continue
        if m.start() > pos:
            out.append((text[pos:m.start()], stack[-1] if stack else None))
        if tag == "/":
            stack.pop()
        else:
            stack.append(tag)
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], stack[-1] if stack else None))
    return out


def fit(segments: Sequence[Segment], width: int) -> list[Segment]:
    """Cut to `width` visible characters, or fill with spaces up to it."""
    out: list[Segment] = []
    left = width
    for text, colour in segments:
        if left <= 0:
            break
        piece = text[:left]
        out.append((piece, colour))
        left -= len(piece)
    if left > 0:
        out.append((" " * left, None))
    return out


# A number and the word after it ('2 gray', 'up to 3 towers'), which wrapping keeps on one
# row: a newcomer read an option's number at a row's end and its name below.
NUMBER_BEFORE_WORD = re.compile(r"(?<![\w.])(\d+) (?=[^\s\d])")
SIGNED_AFTER_WORD = re.compile(r"(?<=\S) (?=[+-]\d)")  # 'you +15', 'to +4': kept together
# A name and its number ('Player 4'): a newcomer read 'Player' at a row's end, '4 wins' below
NAME_AND_NUMBER = re.compile(r"\b([A-Z][a-z]+) (?=\d+\b)")
KEPT = "\x01"  # a space that wrapping does not break at, while it wraps


def keep_together(text: str) -> str:
    """The text with KEPT for each space wrapping must not break at: after a number before
    its word, before a signed number, between a name and its number (the same length:
    positions stay)."""
    text = NAME_AND_NUMBER.sub(r"\1" + KEPT, text)
    return SIGNED_AFTER_WORD.sub(KEPT, NUMBER_BEFORE_WORD.sub(r"\1" + KEPT, text))


def _numbers_with_their_words(words: list[list[Segment]]) -> list[list[Segment]]:
    """The words, each joined to the one before where keep_together keeps the space between
    them (a number '(2' to its word, a signed number '+15' to the word before it)."""
    out: list[list[Segment]] = []
    for word in words:
        before = "".join(x for x, _ in out[-1]) if out else ""
        after = "".join(x for x, _ in word)
        if before and after and keep_together(f"{before} {after}")[len(before)] == KEPT:
            out[-1] = [*out[-1], (" ", None), *word]
        else:
            out.append(word)
    return out


def wrap_segments(segments: Sequence[Segment], width: int,
                  indent: str = "  ") -> list[list[Segment]]:
    """A line of segments broken at spaces into lines of at most `width` visible characters
    (a word longer than a line is cut); the lines after the first begin with `indent`."""
    if sum(len(x) for x, _ in segments) <= width:
        return [list(segments)]
    grouped = _wrapped_groups(segments, width, indent)
    if grouped is not None:
        return grouped
    words: list[list[Segment]] = [[]]
    for text, colour in segments:
        for i, piece in enumerate(text.split(" ")):
            if i:
                words.append([])
            if piece:
                words[-1].append((piece, colour))
    words = _numbers_with_their_words(words)
    lines: list[list[Segment]] = [[]]
    used = 0
    for word in words:
        size = sum(len(x) for x, _ in word)
        room = width - used - (1 if used else 0)
        if used and size > room:
            lines.append([(indent, None)] if indent else [])
            used = len(indent)
        elif used:
            lines[-1].append((" ", None))
            used += 1
        lines[-1] += fit(word, min(size, width - used)) if size > width - used else word
        used += min(size, width - used)
    return lines


def _wrapped_groups(segments: Sequence[Segment], width: int,
                    indent: str) -> list[list[Segment]] | None:
    """A line whose groups are set apart by runs of spaces ('red 4 5   blue 6') broken
    between groups, never inside one ('blue 4 4' / '6 6' read as two groups); None when
    it has no such groups or a group is wider than a line."""
    plain = "".join(x for x, _ in segments)
    groups = [(m.start(), m.end()) for m in re.finditer(r"\S+(?: \S+)*", plain)]
    if len(groups) < 2 or not re.search(r"\S {2,}\S", plain) or \
            any(end - start > width - len(indent) for start, end in groups):
        return None
    lines: list[list[Segment]] = [list(_sliced(segments, 0, groups[0][1]))]
    used = groups[0][1]
    for (_, last), (start, end) in zip(groups, groups[1:], strict=False):
        if used + start - last + end - start > width:
            lines.append([(indent, None)] if indent else [])
            used = len(indent)
        else:
            lines[-1] += _sliced(segments, last, start)
            used += start - last
        lines[-1] += _sliced(segments, start, end)
        used += end - start
    return lines


def _sliced(segments: Sequence[Segment], start: int, end: int) -> list[Segment]:
    """The segments' characters from `start` to `end`, each with its colour."""
    out, at = [], 0
    for text, colour in segments:
        piece = text[max(0, start - at):max(0, end - at)]
        if piece:
            out.append((piece, colour))
        at += len(text)
    return out


def to_ansi(segments: Sequence[Segment], colours: dict[str, Colour]) -> str:
    parts = []
    for text, colour in segments:
        if colour is None or not colours[colour].ansi:
            parts.append(text)
        else:
            parts.append(f"\x1b[{colours[colour].ansi}m{text}{RESET}")
    return "".join(parts)


def to_plain(segments: Sequence[Segment]) -> str:
    return "".join(t for t, _ in segments)


def use_colour(stream: TextIO, choice: str = "auto") -> bool:
    """Colour on a terminal, unless NO_COLOR is set (https://no-color.org); `always`/`never`
    override both."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
