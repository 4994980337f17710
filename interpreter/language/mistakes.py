"""Mistakes newcomers make that the grammar alone would report far from the fix: each is
recognised on the line where the parse stopped and said in words, with the line to write
instead (lark_parser.py asks here before its general "unexpected ..." message)."""

from __future__ import annotations

import re

from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError

_NUMBERED_BRANCH = re.compile(r"^(\s*)(\d+\.)\s*(else|elif)\b(.*)$")
_CITE_AFTER_LOWEST = re.compile(
    r'^(?P<head>.*?)\s+lowest\s+wins\s+(?P<cite>cite\s+"(?:[^"\\\n]|\\.)*")\s*(?P<rest>=.*)$')


def known_mistake(text: str, line: int, token: str, path: str) -> RulesetError | None:
    """The error for a known mistake on line `line` of `text`, where the parse stopped at
    `token`; None if the line holds none of them."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return None
    written = lines[line - 1]
    m = _NUMBERED_BRANCH.match(written)
    if m:
        indent, step, word, rest = m.groups()
        return RulesetError(
            f"'{word}' cannot have a step number ('{step}'): it is part of the 'if' above, "
            "not a step of its own", N.Loc(path, line, len(indent) + 1),
            f"write it without the number, under its 'if': '{indent}{word}{rest}' (number "
            "the steps inside the branch instead)")
    m = _CITE_AFTER_LOWEST.match(written)
    if m and token == "cite":
        return RulesetError(
            "'cite' comes before 'lowest wins'",
            N.Loc(path, line, written.index(m.group("cite")) + 1),
            f"write: {m.group('head').strip()} {m.group('cite')} lowest wins {m.group('rest')}")
    return None
