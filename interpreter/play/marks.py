"""The marks a board shows now, with their meanings, in a row or two under it.

The legend (the display file's `legend`) lists every mark a board may show, the long ones
too (`help` prints it whole). Under a board drawn at the terminal go only the marks that are
on it now, with short meanings: a mark is on the board when a word of the board (a run of
letters and digits) is the mark, brackets and punctuation aside, or has the same shape where
the mark holds a number ('R3' for 'B1': a letter and a number); a mark of signs only is on it
when its signs are, in order around words ('> <' on '>ab cd<', '|' on 'ab | cd'); a mark the
board already says with its meaning beside it ('R Player 1') is left out. Nothing here knows
any game.
"""

from __future__ import annotations

import re
import textwrap

from interpreter.play.markup import KEPT, keep_together

SHORT_MEANING = 40  # longer meanings are left to `help`; a note in brackets aside (whose
# letter is whose: 'R4 4 pawns of R (Player 1; B 2, Y 3)')
BRACKETS = re.compile(r" ?\([^()]*\)")
ROWS = 3  # rows under the board when they hold every mark (else shorter, else more rows)
HEAD = "Marks: "


def _shape(word: str) -> str:
    """A word's shape: each run of digits as '9', each letter as 'A' or 'a'."""
    out = re.sub(r"\d+", "9", word)
    return re.sub(r"[A-Z]", "A", re.sub(r"[a-z]", "a", out))


ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _words(board: str) -> set[str]:
    """The board's words: runs of letters and digits ('<Wh><Be>' holds 'Wh' and 'Be')."""
    return set(re.findall(r"\w+", board))


def _signs_on(mark: str, board: str) -> bool:
    """Whether a mark of signs only ('> <', '|') is on the board: its parts in order on one
    line, with something other than the mark's signs just inside the first and the last
    ('>.. ab<' holds '> <'; '<a><b>' does not). A line the board wrapped (what goes on below
    is indented) is one line here: at 60 columns a row's '>ab' ended a line and 'cd<' began
    the next, and the mark was left out."""
    parts = [re.escape(p) for p in mark.split()]
    if len(parts) == 1:
        return mark.strip() in board
    board = re.sub(r"\n[ \t]+(?=\S)", " ", board)
    inner = r"[^\s" + re.escape("".join(sorted(set(mark.replace(" ", ""))))) + "]"
    pattern = "[^\n]*?".join([parts[0] + f"(?={inner})", *parts[1:-1],
                               f"(?<={inner})" + parts[-1]])
    return re.search(pattern, board) is not None


def marks_lines(items: list[tuple[str, str]], board: str, width: int,
                rows: int = ROWS) -> list[str]:
    """'Marks: <Ki> king, Q queen, ...' for the marks on `board`, every one of them: in
    `rows` rows of `width` when they fit, else in fewer words (_merged), in more rows if
    need be (a newcomer met a mark the row had left to 'help'); [] for none."""
    board = ANSI.sub("", board)
    words = _words(board)
    shapes = {_shape(w) for w in words}
    plain = " ".join(board.split())
    said = []
    for mark, means in items:
        key = re.sub(r"[^\w]", "", mark)
        if not mark.strip() or len(BRACKETS.sub("", means)) > SHORT_MEANING or \
                f"{mark} {means}" in plain:
            continue
        if not key and _signs_on(mark, board) or key in words or \
                re.search(r"\d", key) and _shape(key) in shapes:
            said.append((mark, means))
    if not said:
        return []
    row = _row(said)
    if _rows(row, width) > rows:
        row = _row(_merged(said))
    return _wrapped(row, width)


def _wrapped(text: str, width: int) -> list[str]:
    """The marks' text in rows of `width`, a name kept with its number ('of R = Player' at a
    row's end and '1' below it read as a mark of its own)."""
    return [x.replace(KEPT, " ") for x in textwrap.wrap(keep_together(text), width,
                                                         subsequent_indent="  ",
                                                         break_on_hyphens=False)]


def _merged(said: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Marks next to each other whose meanings differ only in their first word, said as one
    ('<W>/<B> white/black pawn' for '<W> white pawn, <B> black pawn')."""
    out: list[tuple[list[str], list[str], str]] = []  # the marks, first words, the rest
    for mark, means in said:
        first, _, rest = means.partition(" ")
        if out and rest and out[-1][2] == rest:
            out[-1][0].append(mark)
            out[-1][1].append(first)
        else:
            out.append(([mark], [first], rest))
    return [("/".join(marks), f"{'/'.join(firsts)} {rest}".rstrip())
            for marks, firsts, rest in out]


def _row(said: list[tuple[str, str]]) -> str:
    return HEAD + ", ".join(f"{mark} {means}" for mark, means in said) + "."


def _rows(text: str, width: int) -> int:
    return len(_wrapped(text, width))
