"""One terminal screen: the parts of a decision's screen fitted to the terminal's rows.

A screen at the terminal holds, from the top: the board, what happened since the player's
last decision, the player's own hand, the hints, the decision and its options (with the
points each gives). On a short terminal (80x24) not all of it fits: the hand, the decision
and its options are always shown; the newest events fill the room left, and the board is
shown when all of it fits, else a line says how to see it (`board`) and the whole log
(`log`). Long answers are cut into pages (`Pager`). Nothing here knows any game.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.play.markup import KEPT, keep_together

MORE = "-- more: Enter for the next page; q, or your answer, to stop -- "
DIGEST_TITLE = "In short, since your last decision:"  # the digest's head on a screen
# the same on a terminal narrower than MORE (61 columns): at 60 it wrapped, ' --' alone below
MORE_SHORT = "-- Enter: more; q, or your answer: stop -- "
ON_DEMAND = "(The board: type 'board'. Earlier events: 'log'.)"
# the digest's paragraphs about the player: what the game chose for them, what their last
# decision did, what others did to their pieces (fold_lines keeps them whole)
LONE_HEAD, OWN_HEAD = "Taken for you, the only option: ", "Your last decision: "
YOURS_HEAD = "Concerning you: "
MINE = (LONE_HEAD, OWN_HEAD, YOURS_HEAD)
POINTS_HEAD = "Points: "  # the digest's points since, every player's in one line
LEFT_OUT = "(What happened since your last decision: 'log'. Your choices took the room.)"
FOLDED = "(Cut short to keep your choices on this screen: 'log' shows all that happened.)"


def short_path(path: Path) -> str:
    """A file's name as short as it can be said: from the current folder when it is inside
    it, from the home folder (~) when inside that."""
    try:
        absolute = path.absolute()
        for base, prefix in ((Path.cwd(), ""), (Path.home(), "~/")):
            if absolute.is_relative_to(base) and absolute != base:
                return prefix + str(absolute.relative_to(base))
    except (OSError, RuntimeError, ValueError):
        pass
    return str(path)


def more_prompt(width: int | None) -> str:
    """The pager's question, in the words that fit a terminal of `width` columns."""
    return MORE if width is None or len(MORE) < width else MORE_SHORT


def terminal_size(fd: Any) -> tuple[int, int] | None:
    """The columns and rows of the terminal at `fd` (or a stream's) now (a pty's size
    follows a resized window), None where it is no terminal or COLUMNS fixes the width: a
    newcomer's window made 60 columns wide mid-game still got the board of the 80 it had at
    the start."""
    if os.environ.get("COLUMNS"):
        return None
    try:
        size = os.get_terminal_size(fd if isinstance(fd, int) else fd.fileno())
    except (OSError, ValueError):
        return None
    return (size.columns, size.lines) if size.columns > 0 and size.lines > 0 else None


def terminal_height() -> int:
    """The terminal's rows (LINES or the terminal itself; 24 when unknown), at least 16."""
    return max(16, shutil.get_terminal_size((80, 24)).lines)


def set_aside_typed(fd: int | None = None) -> bool:
    """Whether a line typed at the terminal (standard input, or `fd`) waited unread: if one
    did, all that waits is dropped (False where the input is not a terminal: a pipe's lines
    are answers written for the questions to come). What was typed before a question was
    shown must not answer it: a newcomer's '1', typed while the game answered the question
    before for them, answered a question they had not seen yet."""
    try:
        import termios  # not on every system: there, nothing is known to be typed ahead
    except ImportError:
        return False
    try:
        fd = sys.stdin.fileno() if fd is None else fd
        if not os.isatty(fd) or not select.select([fd], [], [], 0)[0]:
            return False
        termios.tcflush(fd, termios.TCIFLUSH)
    except (OSError, ValueError, termios.error):
        return False
    return True


def wrap_text(text: str, width: int, indent: str = "  ") -> list[str]:
    """A text wrapped to `width`, continued with `indent`; a number stays with the word
    after it (a newcomer read an option's number '2' at a row's end, its 'gray' below), a
    signed one with the word before it ('you +15')."""
    return [x.replace(KEPT, " ") for x in textwrap.wrap(keep_together(text), width,
                                                         subsequent_indent=indent,
                                                         break_on_hyphens=False)]


def wrap_lines(lines: list[str], width: int) -> list[str]:
    """Each line wrapped to `width`, its continuation indented two more than the line."""
    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out += wrap_text(line, width, indent) or [""]
    return out


def option_lines(labels: list[str], width: int = 100, rows: int | None = None,
                 group: bool = True, numbers: list[int] | None = None) -> list[str]:
    """The options numbered from 1 (or by `numbers`, one an option), in the order of
    `labels` (the decision's: a number kept from an earlier screen of a repeated choice does
    not move its option up; 'pass' between the cards and those added since read as one of
    them): one per line, or in columns when there are many short ones (a list of 30 places
    fits on a screen); closer columns when they would take more than `rows` lines, and then
    (`group`) options named 'A, x' one line per A."""
    numbered = list(zip(numbers or range(1, len(labels) + 1), labels, strict=True))
    digits = len(str(max((n for n, _ in numbered), default=0)))
    cells = [f"{i:>{digits}}. {label}" for i, label in numbered]
    out: list[str] = []
    for gap in (3, 2, 1):
        out = _in_columns(cells, width, gap, digits)
        if rows is None or len(out) <= rows:
            return out
    grouped = _grouped(numbered, width) if group else None
    out = grouped if grouped is not None and len(grouped) < len(out) else out
    # a few options, too many rows: the short ones side by side, in their order (cards
    # offered one a row paged seeds 167's and 199's screens at 80x24)
    packed = _packed(cells, width) if len(cells) <= 10 else out
    return packed if len(packed) < len(out) else out


def _packed(cells: list[str], width: int, gap: int = 3) -> list[str]:
    """The options' cells in their order, as many to a line as fit in `width` (`gap` spaces
    between), an option with a note in brackets or after a colon on a line of its own."""
    out: list[str] = []
    line = ""
    for cell in cells:
        alone = "(" in cell or ": " in cell
        if line and not alone and len(line) + gap + len(cell) <= width - 2:
            line += " " * gap + cell
            continue
        if line:
            out.append("  " + line)
        line = cell
        if alone:
            out += wrap_text("  " + cell, width, " " * (cell.index(".") + 4)) \
                if len(cell) + 2 > width else ["  " + cell]
            line = ""
    if line:
        out.append("  " + line)
    return out


def _grouped(numbered: list[tuple[int, str]], width: int) -> list[str] | None:
    """Options named 'A, x' one line per A: 'A: 1 x  2 y  7 z' (None when the labels do
    not have that form). A note in brackets after a name stays with its option ('x (fills
    A, where ...)' is not a group of its own)."""
    groups: dict[str, list[str]] = {}
    for k, label in numbered:
        name, bracket, note = label.partition(" (")
        head, sep, tail = name.rpartition(", ")
        if not sep:
            return None
        groups.setdefault(head, []).append(f"{k} {tail}{bracket}{note}")
    if len(groups) == len(numbered):
        return None
    widest = max(len(head) for head in groups) + 1
    return wrap_lines([f"  {(head + ':').ljust(widest)} {'  '.join(items)}"
                       for head, items in groups.items()], width)


def _in_columns(cells: list[str], width: int, gap: int, digits: int) -> list[str]:
    widest = max((len(c) for c in cells), default=0) + gap
    columns = max(1, min(4, (width - 2 + gap) // widest)) if len(cells) > 10 else 1
    rows = -(-len(cells) // columns)
    out = []
    for r in range(rows):
        row = [cells[r + c * rows] for c in range(columns) if r + c * rows < len(cells)]
        line = "  " + "".join(cell.ljust(widest) for cell in row).rstrip()
        out += wrap_text(line, width, " " * (digits + 4)) if len(line) > width else [line]
    return out


@dataclass
class Screen:
    """The parts of a decision's screen, each already fitted to the width."""

    board: list[str]
    private: list[str]
    events: list[list[str]]  # the new events, oldest first, each as its wrapped lines
    events_title: str  # "Since your last decision:"
    decision: list[str]  # the hints, the prompt, the options and their points
    earlier: int = 0  # events before `events` that are not shown
    digest: list[str] = field(default_factory=list)  # what changed, in short: always shown
    notice: list[str] = field(default_factory=list)  # at the top, instead of ON_DEMAND
    width: int = 80  # the terminal's columns (a line cut short ends in ' ...' within them)
    # the digest's clauses that matter most (who won, what was scored: digest_lines's
    # `results`), kept first where a paragraph is cut short
    weighty: frozenset[str] = frozenset()

    def lines(self, height: int | None) -> list[str]:
        """The screen in at most `height` - 1 lines (the last row is the prompt's); all of
        it when `height` is None. The board comes with at least the newest few events, or
        not at all. Where the digest and the decision alone take more, they are returned
        whole with the line on the board, for the caller to show a page at a time."""
        must = self._must(self.digest)
        events = self.events
        board = self.notice + self.board
        if height is None:
            return self._join(board, events, self.earlier, must)
        room = height - 1
        if self.board:
            for k in range(len(events), min(3, len(events)) - 1, -1):
                shown = self._join(board, events[len(events) - k:],
                                   self.earlier + len(events) - k, must)
                if len(shown) <= room:
                    return shown
        head = self.notice or ([ON_DEMAND] if self.board else [])
        for k in range(len(events), 0, -1):
            shown = self._join(head, events[len(events) - k:], self.earlier + len(events) - k,
                               must)
            if len(shown) <= room:
                return shown
        whole = self._join(head, [], 0, must)
        # the last resorts, in turn: the blank rows between the parts go, then the line
        # saying how to see the board ('help' says it too); then the digest is folded
        # rather than a page shown before the options (a newcomer met '-- more --' above
        # their choices), with neither (seed 317's newcomer read a win cut short, '... with
        # ...', under that line and its blank rows; over the 21 newcomer replays at 80x24,
        # the results folded away fell from 133 to 65)
        tops = [head, []] if head == [ON_DEMAND] else [head]
        tries = [(top, False, False) for top in tops] + [(tops[-1], False, True)]
        # what happened to the player is left to 'log' last of all, where nothing else fits
        # (never a page before the question: seed 315's newcomer met '-- more --' above
        # their options)
        mine = any(line.startswith(MINE) for line in self.digest)
        last = [(*x, least) for least in (1, 2) for x in tries if x[2]] if mine else []
        for top, blanks, fold, least in [(*x, 0) for x in tries] + last:
            shown = self._shorter(top, room, blanks, fold, least)
            if len(shown) <= room:
                return shown
        return whole  # too long even so: whole, to be shown a page at a time (a
        # newcomer's screen began at its digest, its head gone)

    def _shorter(self, head: list[str], room: int, blanks: bool, fold: bool,
                 least: int = 0) -> list[str]:
        """The screen under `head`, with its blank rows or without, and (`fold`) the digest
        cut to the rows the rest leaves it (fold_lines, at its least from `least` 1 on)
        where it is too long; where it has no row, left to 'log' (LEFT_OUT), what happened
        to the player only at `least` 2."""
        def built(digest: list[str]) -> list[str]:
            must = self._must(digest)
            return self._join(head, [], 0, must if blanks else [x for x in must if x.strip()])
        shown = built(self.digest)
        if len(shown) <= room or not self.digest or not fold:
            return shown
        rows = room - (len(shown) - len(self.digest)) - 1  # FOLDED's row
        kept = fold_lines(self.digest, rows, self.width, self.weighty, least > 0) \
            if rows > 0 else []
        if kept:
            return built([*kept, FOLDED])
        if least < 2 and any(line.startswith(MINE) for line in self.digest):
            return shown
        rest = self._must([])  # no row for the digest: said where to find it
        return self._join(head, [], 0, [LEFT_OUT, *(rest if blanks else
                                                    [x for x in rest if x.strip()])])

    def _must(self, digest: list[str]) -> list[str]:
        """What a screen always shows, with `digest` for the digest."""
        return ([DIGEST_TITLE, *digest, ""] if digest else []) + \
            ([*self.private, ""] if self.private else []) + self.decision

    def _join(self, board: list[str], events: list[list[str]], earlier: int,
              must: list[str]) -> list[str]:
        out = list(board)
        if events:
            out += [""] if out and board not in ([ON_DEMAND], self.notice) else []
            title = self.events_title if not earlier else \
                last_moves_title(len(events), bool(must and must[0] == DIGEST_TITLE))
            out.append(title)
            out += [line for event in events for line in event]
        out += [""] if out else []
        return out + must


def fold_lines(lines: list[str], rows: int, width: int,
               weighty: frozenset[str] = frozenset(), least: bool = False) -> list[str]:
    """Wrapped paragraphs (a line and the indented lines under it) in `rows` rows, in their
    order, or [] where they cannot be (no row: the caller says where to see them). What
    happened to the player (MINE) and the points since (POINTS_HEAD) are kept whole, with
    the others' paragraphs by their first lines; else every paragraph by its first line
    (the rows left going to the first in order); else those kept whole, with as many of the
    others' first lines as the rows left hold (a newcomer's pieces, lost to another's move,
    were said nowhere on the screen; another read the card they had taken and not the 13
    points the others had scored). A paragraph cut short is said by its first clauses, each
    whole ('News: a; b; and 3 more (log).'), the others' last paragraphs left out where
    they must be (those kept whole are said); else it ends in ' ...' where a word is cut.
    The clauses of `weighty` (who won, what was scored) go before the others (_clause_cuts).
    At the `least`, where none of that fits, those kept whole are said short too, the
    others' left out; else the first of them, a row each: such a screen came a page at a
    time, and seed 315's newcomer met '-- more --' above their options."""
    paragraphs: list[list[str]] = []
    for line in lines:
        if paragraphs and line.startswith(" "):
            paragraphs[-1].append(line)
        else:
            paragraphs.append([line])
    kept = [k for k, p in enumerate(paragraphs) if p[0].startswith((*MINE, POINTS_HEAD))]
    rest = [k for k in range(len(paragraphs)) if k not in kept]
    said = sum(len(paragraphs[k]) for k in kept)
    tries = [(kept, rest), ([], kept + rest), (kept, rest[:max(0, rows - said)])]
    found = []
    for n, (whole, cut) in enumerate(tries + [([], kept), ([], kept[:max(0, rows)])]):
        if n >= len(tries) and (found or not least):
            break  # (the last resorts: only where nothing else fits)
        room = rows - sum(len(paragraphs[k]) for k in whole)
        if (whole or cut) and len(cut) <= room:
            short = dict(zip(cut, _first_lines([paragraphs[k] for k in cut], room, width,
                                               drop=bool(whole), weighty=weighty),
                             strict=True))
            found.append([line for k in sorted([*whole, *cut])  # in their order
                          for line in (paragraphs[k] if k in whole else short[k])])
    # the first whose clauses are whole, else the first (a clause cut in the middle)
    return next((x for x in found if not any(line.endswith(CUT) for line in x)),
                found[0] if found else [])


def _first_lines(paragraphs: list[list[str]], rows: int, width: int, drop: bool = False,
                 weighty: frozenset[str] = frozenset()) -> list[list[str]]:
    """Each paragraph in `rows` rows (as many as there are paragraphs, or more): by its
    first clauses, each whole, where they fit (_clause_cuts), the rows left going to the
    first ones in order, the last ones left out ([]) where they must and may (`drop`);
    else by its first line at least, cut at a word ('...'). The clauses of `weighty` go first
    (_clause_cuts)."""
    cuts = [_clause_cuts(p, width, weighty) for p in paragraphs]
    least = [c[0] for c in cuts]
    for said in range(len(paragraphs), -1 if drop else len(paragraphs) - 1, -1):
        if sum(len(x) for x in least[:said]) > rows:
            continue
        left = rows - sum(len(x) for x in least[:said])
        out: list[list[str]] = []
        for least_one, options in zip(least[:said], cuts, strict=False):
            kept = [x for x in options if len(x) <= len(least_one) + left][-1]
            left -= len(kept) - len(least_one)
            out.append(kept)
        return out + [[] for _ in paragraphs[said:]]
    left = rows - len(paragraphs)
    out = []
    for paragraph in paragraphs:  # (none fits by a clause: rows fewer than paragraphs)
        extra = min(left, len(paragraph) - 1)
        left -= extra
        kept = paragraph[:1 + extra]
        if len(kept) < len(paragraph):
            kept[-1] = cut_at_word(kept[-1], width - 4) + CUT
        out.append(kept)
    return out


CUT = " ..."  # the end of a line cut at a word
FOLD_CLAUSE = re.compile(r"^and (\d+) more\b")  # a clause that says how many are left out
YOU = re.compile(r"\b[Yy]our?\b")  # a clause said to the player about them (digest.said_to)


def _clause_cuts(paragraph: list[str], width: int, weighty: frozenset[str] = frozenset()
                 ) -> list[list[str]]:
    """A wrapped paragraph ('News: a; b; c.') said by some of its clauses, each whole, in
    their order, and how many it leaves out ('News: a; and 2 more (log).'), wrapped to
    `width`: by one clause, two, ..., then whole (a newcomer read 'News: Player 3 wins the
    round for X with 10; Player 2 chooses to ...', a clause cut in the middle). Those of
    `weighty` (the results: who won, what was scored; in the words of the clause said
    mid-sentence) are kept first (the player's, then the newest), then the others from the
    first: seed 315's newcomer read 'News: Player 4 passes on X; and 5 more (log).', a set
    of rounds begun among the 5. Each cut is the most that so many rows hold, the first
    result at least (but in what happened to the player, MINE: its shortest cut makes room
    for the others' paragraphs), another result too long for them passed over."""
    text = " ".join(line.strip() for line in paragraph)
    head, colon, body = text.partition(": ")
    if not colon or "; " in head:
        head, body = "", text
    else:
        head += colon
    clauses = body.rstrip(".").split("; ")
    folds = [FOLD_CLAUSE.match(x) for x in clauses]  # the paragraph's own folds: said whole
    # or not at all
    said = [k for k, m in enumerate(folds) if not m]
    weighty = frozenset(mid_clause(x) for x in weighty)
    first = [k for k in reversed(said) if mid_clause(clauses[k]) in weighty]  # the newest
    first = [k for k in first if YOU.search(clauses[k])][::-1] + \
        [k for k in first if not YOU.search(clauses[k])]  # the player's own first
    order = first + [k for k in said if k not in first]

    def cut(kept: list[int]) -> list[str]:
        count = sum(int(m.group(1)) if m else 1 for k, m in enumerate(folds) if k not in kept)
        words = [clauses[k] for k in kept]
        if kept[0] != 0 and clauses[0][:1].isupper():  # the paragraph begins with it
            words[0] = words[0][:1].upper() + words[0][1:]
        return wrap_text(f"{head}{'; '.join(words)}; and {count} more (log).", width)

    def most(rows: int) -> list[int]:  # the most that `rows` rows hold
        kept: list[int] = []
        for k in order:
            tried = sorted([*kept, k])
            if len(tried) < len(clauses) and len(cut(tried)) <= rows:
                kept = tried
            elif k not in first:
                break  # (the others in their order: 'moves it on' after its first move)
        return kept
    out: list[list[str]] = []
    least = len(cut(first[:1])) if first and not paragraph[0].startswith(MINE) else 1
    for rows in range(least, len(paragraph)):
        kept = most(rows)
        if kept and cut(kept) not in out:
            out.append(cut(kept))
    return out + [paragraph]


def mid_clause(clause: str) -> str:
    """A clause as said mid-sentence, to compare ('You win' and 'you win' alike)."""
    return clause[:1].lower() + clause[1:]


def cut_at_word(line: str, chars: int) -> str:
    """`line` in `chars` characters at most, cut after a whole word where it is longer (a
    newcomer read 'you take 1 black card too, havi ...')."""
    if len(line) <= chars:
        return line.rstrip()
    cut = line[:chars + 1]
    return (cut[:cut.rfind(" ")] if " " in cut.strip() else cut[:chars]).rstrip(" ,;:")


def events_title(since: bool, digest: bool) -> str:
    """The title of the new events listed whole: said as the log's lines where the digest
    follows ('In short, since your last decision:'; a newcomer read two blocks each called
    'since your last decision' and could not tell which to trust)."""
    if not since:
        return "So far:"
    return "The log since your last decision:" if digest else "Since your last decision:"


def last_moves_title(shown: int, digest: bool = False) -> str:
    """The title of the newest events where earlier ones are left out: it says they are the
    last few, not all (a newcomer read 'Since your last decision (the last 2; ...)' above
    'In short, since your last decision' and could not tell which was complete). Above a
    digest, which says the log's lines it covers, those left are not the last: some of the
    log (seed 323's newcomer read 'The last move: ...' above a digest of the moves made
    after it)."""
    if digest:
        return "More of the log since your last decision ('log' shows all):"
    return "The last move ('log' shows all):" if shown == 1 else \
        f"The last {shown} moves ('log' shows all):"


@dataclass
class Pager:
    """Prints lines a page at a time on a terminal of `height` rows (all at once when None),
    asking for Enter when a page is full; after 'q' or the end of input it prints no more,
    nor after anything else typed there: that is kept in `typed` (an answer to the question
    below the pages, a number say, is not lost)."""

    say: Callable[[str], None]
    read: Callable[[str], str]
    height: int | None = None
    width: int | None = None  # the terminal's columns: the question in words that fit
    used: int = field(default=0)  # lines printed since the last question
    stopped: bool = False
    typed: str | None = None  # what was typed at a page's question instead of Enter or q
    left: list[str] = field(default_factory=list)  # the lines not shown after `typed`
    asked: bool = False  # whether a page's question was asked (more than one page)

    def show(self, lines: list[str], together: dict[int, int] | None = None) -> None:
        """`lines` a page at a time; `together`: the lines from an index on, so many, kept
        on one page (keep_together); a heading (a line ending in a colon, with lines under
        it) never ends a page ('Marks on the board:' ended one, its marks on the next)."""
        for k, line in enumerate(lines):
            if self.stopped:
                return
            if together and k in together:
                self.keep_together(together[k])
            if line.endswith(":") and k + 1 < len(lines) and lines[k + 1].strip():
                self.keep_together(2)
            if self.height is not None and self.used >= self.height - 1:
                self.asked = True
                try:
                    answer = self.read(more_prompt(self.width))
                except (EOFError, KeyboardInterrupt):
                    answer = "q"
                    self.say("")
                self.used = 0
                if answer.strip().lower() in ("q", "quit"):
                    self.stopped = True
                    return
                if answer.strip():
                    self.stopped, self.typed, self.left = True, answer.strip(), lines[k:]
                    return
            self.say(line)
            self.used += 1

    def keep_together(self, n: int) -> None:
        """The next `n` lines on one page: a new page first when they do not fit on what is
        left of this one, and do on a page (a board split after its header read as two)."""
        if self.height is not None and self.used and n <= self.height - 1 < self.used + n:
            self.used = self.height - 1  # the next line asks for Enter first


MARK_COLUMN = 10  # marks up to this wide line their meanings up
NBSP = "\u00a0"  # a space that wrapping does not break at
SHORT_CELL = 16  # a mark and its meaning this short share a row with the next short ones
SHORT_END = "\x00"  # marks a row of short ones while the legend is laid out


def legend_lines(items: list[tuple[str, str]], width: int) -> list[str]:
    """The legend as a list, a mark a line; a run of three or more marks whose meanings
    differ only in their middle ('square next to the X squares of its row') is one entry:
    the words they share, then each mark with its own part."""
    out: list[str] = []
    k = 0
    while k < len(items):
        end = k + 1
        while end < len(items) and _shared(items[k:end + 1]) is not None:
            end += 1
        shared = _shared(items[k:end]) if end - k >= 3 else None
        if shared is None:
            mark, means = items[k]
            cell = f"{mark} {means}"
            if len(cell) <= SHORT_CELL and out and out[-1].startswith("  ") and \
                    out[-1].endswith(SHORT_END) and \
                    len(out[-1]) + len(cell) + 3 <= width:  # short ones side by side
                out[-1] = out[-1][:-len(SHORT_END)] + "   " + cell + SHORT_END
            else:
                out += [f"  {cell}{SHORT_END}"] if len(cell) <= SHORT_CELL else \
                    wrap_lines([f"  {mark.ljust(MARK_COLUMN)} {means}"], width)
            k += 1
            continue
        head, tail = shared
        out.append(f"  {head}...{tail}:")
        parts = [f"{mark}: {means[len(head):len(means) - len(tail)]}".replace(" ", NBSP)
                 for mark, means in items[k:end]]  # each part on one row
        out += [x.replace(NBSP, " ") for x in wrap_lines(["    " + "; ".join(parts)], width)]
        k = end
    return [line.removesuffix(SHORT_END) for line in out]


def _shared(items: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The words at the start and the end that every meaning has (two words at least in
    all), or None."""
    texts = [means for _, means in items]
    words = [t.split(" ") for t in texts]
    start = 0
    while all(len(w) > start + 1 and w[start] == words[0][start] for w in words):
        start += 1
    end = 0
    while all(len(w) > start + end + 1 and w[-1 - end] == words[0][-1 - end] for w in words):
        end += 1
    if start + end < 2:
        return None
    head = " ".join(words[0][:start]) + (" " if start else "")
    tail = (" " if end else "") + " ".join(words[0][len(words[0]) - end:]) if end else ""
    return head, tail
