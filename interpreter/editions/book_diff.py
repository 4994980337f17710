"""`rules book A --diff B`: the book of B with what differs from A marked: rules compared in
their canonical form, as `rules diff` compares them; the board's data (each type's entities with
their attributes, each relation's links) compared as data; a component whose count uses a rule
that differs (a number, a table) marked with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.language import nodes as N
from interpreter.language.book.book import uses
from interpreter.language.book.model import Book, Entry, Section
from interpreter.language.book.phrases import Phrases
from interpreter.language.render import render_decl
from interpreter.play.rulebook import book_of


def _canonical(ruleset: Any) -> dict[str, list[str]]:
    return {name: render_decl(d) for name, d in ruleset.program.decls.items()}


def _board(ruleset: Any) -> dict[str, list[Any]]:
    """The board as data, by the keys of the book's board entries: each type's entities in order
    with their attributes, and each relation's links."""
    world = ruleset.program.world
    out: dict[str, list[Any]] = {}
    for kind, ids in world.entity_types.items():
        out[kind] = [(i, sorted((str(k), repr(v)) for k, v in (world.attrs.get(i) or {}).items()))
                     for i in ids]
    for name, links in world.relations.items():
        out[name] = sorted((str(a), sorted(map(str, bs))) for a, bs in links.items())
    return out


def _mark(old: dict[str, Any], new: dict[str, Any], key: str) -> str | None:
    if key not in old:
        return "added"
    return "changed" if old[key] != new[key] else None


def marked_book(a: Any, b: Any, lang: str = "en",
                cited: Callable[[str], str | None] | None = None) -> Book:
    """B's book; each entry whose rule is new in B or written differently from A's is marked,
    with the reading of B that changed it; A's rules that B removed are listed at the end."""
    book = book_of(b, lang, cited)
    phrases = Phrases(lang)
    old, new = _canonical(a), _canonical(b)
    old_board, new_board = _board(a), _board(b)
    differ = {name for name in new if _mark(old, new, name)}
    decls = b.program.decls
    for s in book.sections:
        for e in s.entries:
            if s.id == "board" and e.key in new_board:
                e.mark = _mark(old_board, new_board, e.key)
                continue
            if not e.key or e.key not in new:
                continue
            e.mark = _mark(old, new, e.key)
            count = getattr(decls[e.key], "count", None)
            if e.mark is None and isinstance(decls[e.key], N.ComponentDecl) and count is not None:
                e.mark = "changed" if differ.intersection(uses(count)) else None
            reading = decls[e.key].reading
            if e.mark and reading:
                e.note = phrases.say("book.diff_reading", id=reading,
                                     title=_reading_title(b, reading))
    removed = [name for name in old if name not in new]
    removed += [name for name in old_board if name not in new_board]
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
