"""`rules book A --diff B`: the book of B with what differs from A marked (rules compared in
their canonical form, as `rules diff` compares them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.language.book.model import Book, Entry, Section
from interpreter.language.book.phrases import Phrases
from interpreter.language.render import render_decl
from interpreter.play.rulebook import book_of


def _canonical(ruleset: Any) -> dict[str, list[str]]:
    return {name: render_decl(d) for name, d in ruleset.program.decls.items()}


def marked_book(a: Any, b: Any, lang: str = "en",
                cited: Callable[[str], str | None] | None = None) -> Book:
    """B's book; each entry whose rule is new in B or written differently from A's is marked,
    with the reading of B that changed it; A's rules that B removed are listed at the end."""
    book = book_of(b, lang, cited)
    phrases = Phrases(lang)
    old, new = _canonical(a), _canonical(b)
    decls = b.program.decls
    for s in book.sections:
        for e in s.entries:
            if not e.key or e.key not in new:
                continue
            if e.key not in old:
                e.mark = "added"
            elif old[e.key] != new[e.key]:
                e.mark = "changed"
            reading = decls[e.key].reading
            if e.mark and reading:
                e.note = phrases.say("book.diff_reading", id=reading,
                                     title=_reading_title(b, reading))
    removed = [name for name in old if name not in new]
    book.intro.append(phrases.say("book.diff_head", a=a.name, b=b.name))
    if removed:
        book.sections.append(Section("removed", phrases.say("book.removed"), entries=[
            Entry(name, name, mark="removed") for name in removed]))
    return book


def _reading_title(ruleset: Any, reading: str) -> str:
    for layer in ruleset.layers:
        for rf in layer.rule_files:
            for r in rf.readings:
                if r.id == reading:
                    return r.title or reading
    return reading
