"""Players' names as they are shown: a name from a save, a replay or a journal (anyone's file)
is shown as text on one line, never as something that commands the terminal or hides.

A character that is not shown as itself (a control character: new line, carriage return,
escape; a format character: the zero-width ones, the bidi overrides, the soft hyphen, tags; a
line or paragraph separator; a lone surrogate; a private or unassigned code point; the blank
"letters" that draw nothing) is written as its escape (`\\n`, `\\u200b`), and a name is cut to
MAX_NAME characters. On the command line (`--name`) such a name is refused instead: the person
typing it can choose another.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40  # characters of a name shown
_NOT_SHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")  # letters that draw nothing


def _hidden(ch: str) -> bool:
    return unicodedata.category(ch) in _NOT_SHOWN or ch in _BLANK_LETTERS


def _escape(ch: str) -> str:
    return ch.encode("unicode_escape", "backslashreplace").decode("ascii")


def shown_name(name: str) -> str:
    """`name` as it is shown: every character not shown as itself escaped, cut to MAX_NAME
    characters; a name of spaces only is written with its spaces escaped."""
    shown = "".join(_escape(ch) if _hidden(ch) else ch for ch in name)
    if not shown.strip():
        shown = "".join(_escape(ch) if ch != " " else "\\x20" for ch in shown) or '""'
    return shown if len(shown) <= MAX_NAME else shown[:MAX_NAME - 1] + "…"


def name_problem(name: str) -> str | None:
    """Why `name` may not be a player's name given on the command line, or None."""
    if not name.strip():
        return "a name must show at least one letter"
    for ch in name:
        if _hidden(ch):
            return f"a name may not hold {_escape(ch)} (it is not shown as a letter)"
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters"
    return None


def shown_names(names: dict[str, str]) -> dict[str, str]:
    return {player: shown_name(name) for player, name in names.items()}
