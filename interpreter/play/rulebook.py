"""A loaded ruleset's book (language/book/): the facts it needs read from the ruleset, in one
language. Used by `rules book`, and during a game by the terminal and the browser."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from interpreter.engine.ruleset import Ruleset
from interpreter.language import nodes as N
from interpreter.language.book.book import Facts, build_book
from interpreter.language.book.model import Book
from interpreter.language.book.names import load_names

Cited = Callable[[str], str | None]  # a citation -> the rulebook's paragraph it names
# Reading a rulebook's text is the `editions` stage's, above this one: the command line plugs
# its reader in (read_cited_with); with none, no paragraph is quoted.
_CITED_READER: list[Callable[[Ruleset], Cited]] = []


def read_cited_with(reader: Callable[[Ruleset], Cited]) -> None:
    """Quote the rulebook with `reader(ruleset)`, which gives `cited(cite)`."""
    _CITED_READER[:] = [reader]


def cited_of(ruleset: Ruleset) -> Cited:
    """`cited(cite)`: the rulebook's paragraph a citation of the ruleset names, None where
    its text is not there (or no reader is plugged in)."""
    if not _CITED_READER:
        return lambda cite: None
    return _CITED_READER[0](ruleset)


def facts_of(ruleset: Ruleset, lang: str = "en") -> Facts:
    program = ruleset.program
    world = program.world
    members = {m: label for d in program.decls.values() if isinstance(d, N.EnumDecl)
               for m, label in d.member_labels.items()}

    def value_label(name: str) -> str | None:
        if name in members:
            return members[name]
        attrs = world.attrs.get(name)
        return str(attrs["name"]) if attrs and "name" in attrs else None

    return Facts(name=ruleset.name, description=str(ruleset.manifest.get("description", "")),
                 players=list(ruleset.player_counts), decls=dict(program.decls),
                 entities={t: list(ids) for t, ids in world.entity_types.items()},
                 relations={r: {a: list(bs) for a, bs in links.items()}
                            for r, links in world.relations.items()},
                 attrs={i: dict(world.attrs.get(i) or {}) for ids in world.entity_types.values()
                        for i in ids},
                 value_label=value_label, measures={m.name for m in ruleset.measures},
                 names=load_names(_name_folders(ruleset), lang),
                 path=str(ruleset.path))


def reads_of(ruleset: Ruleset, lang: str = "en") -> dict[str, str]:
    """The ruleset's names files (its book's words: `reads:NAME` says how a rule reads in a
    sentence), read once per set of folders."""
    return _names_in(tuple(_name_folders(ruleset)), lang)


@cache
def _names_in(folders: tuple[Path, ...], lang: str) -> dict[str, str]:
    return load_names(folders, lang)


def _name_folders(ruleset: Ruleset) -> list[Path]:
    """Where names files are looked for, base first: each layer's folder, and the folder above
    each rule file it takes from elsewhere (an edition's playable reading takes the edition's
    rules, and their names with them)."""
    out: list[Path] = []
    for layer in ruleset.layers:
        for folder in [*(Path(rf.path).resolve().parent.parent for rf in layer.rule_files),
                       layer.folder]:  # the layer's own names last: they win
            if folder in out:
                out.remove(folder)
            out.append(folder)
    return out


def book_of(ruleset: Ruleset, lang: str = "en",
            cited: Callable[[str], str | None] | None = None) -> Book:
    """The book of a ruleset; `cited(cite)` gives the paragraph a citation names, if known."""
    book = build_book(facts_of(ruleset, lang), lang)
    if cited is not None:
        for s in book.sections:
            shown: set[str] = set()  # a paragraph is quoted once in a section
            for e in s.entries:
                text = cited(e.cite) if e.cite else None
                if text and text not in shown:
                    e.cited_text = text
                    shown.add(text)
    return book
