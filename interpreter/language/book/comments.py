"""What a rule says in its comments that a reader of the rules needs: its rulings (`# Ruling:
...` and the comment lines that go on from it) and, for a rule that cites no paragraph, why not
(`# No paragraph: ...`, on any line of the rule, its first line's end included)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from interpreter.language import nodes as N
from interpreter.language.errors import source_line

NO_PARAGRAPH = "# No paragraph:"


def _span(decl: N.Node | Any) -> Iterator[str]:
    """The source lines of a declaration: its first line and those indented deeper."""
    number, margin = decl.loc.line, None
    while True:
        text = source_line(N.Loc(decl.loc.file, number, 1))
        if text is None:
            return
        stripped = text.strip()
        indent = len(text) - len(text.lstrip())
        margin = indent if margin is None else margin
        if number > decl.loc.line and stripped and indent <= margin \
                and not stripped.startswith("#"):
            return
        yield text
        number += 1


def rulings(decl: N.Node) -> list[str]:
    return [text for _, text in rulings_at(decl)]


def rulings_at(decl: N.Node) -> list[tuple[int, str]]:
    """A rule's rulings with the source line each begins on (to say it by the statement that
    follows it)."""
    out: list[tuple[int, str]] = []
    current = None
    for number, text in enumerate(_span(decl), decl.loc.line):
        stripped = text.strip()
        comment = stripped[1:].strip() if stripped.startswith("#") else None
        if comment is not None and comment.lower().startswith("ruling"):
            current = comment.split(":", 1)[1].strip() if ":" in comment else comment
            out.append((number, current))
        elif comment is not None and current is not None and comment:
            out[-1] = (out[-1][0], out[-1][1] + " " + comment)
        else:
            current = None
    return out


def no_paragraph(decl: N.Node | Any) -> str | None:
    """Why a rule cites no paragraph, as its `# No paragraph: ...` comment says, or None."""
    for text in _span(decl):
        at = text.find(NO_PARAGRAPH)
        if at >= 0:
            return text[at + len(NO_PARAGRAPH):].strip() or None
    return None
