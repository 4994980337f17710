"""A book: sections of entries, each entry one rule (or one component, table, ...) in words,
with its citation. Built by book.py, written out by output.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from interpreter.language.book.words import Line


@dataclass
class Entry:
    key: str  # the rule's name in the ruleset ("" for an entry that is not one rule)
    title: str
    lines: list[Line] = field(default_factory=list)
    cite: str | None = None
    cited_text: str | None = None  # the cited paragraph, when the rulebook text is there
    no_cite: str | None = None  # a rule citing nothing: why (its `# No paragraph:`), in words
    rulings: list[str] = field(default_factory=list)
    table: list[list[str]] | None = None  # header row, then rows
    mark: str | None = None  # in a book with --diff: "changed", "added" or "removed"
    note: str | None = None  # in a book with --diff: the reading that changed it
    about: str | None = None  # what the rule is for, in the ruleset's words (its names file)
    steps_only: bool = False  # read only with the rules step by step (its title reads as code)


@dataclass
class Section:
    id: str  # stable, for links and `rules TOPIC`: components, setup, play, ...
    title: str
    intro: list[str] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)


@dataclass
class Book:
    title: str
    lang: str
    intro: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    contents_title: str = "Contents"
    name: str = ""  # the ruleset's name in the book's language

    def section(self, id: str) -> Section | None:
        return next((s for s in self.sections if s.id == id), None)

    def reading_order(self, reference: tuple[str, ...]) -> list[Section]:
        """The sections as a rulebook reads them: the rules in the order of play first, the
        sections whose ids are in `reference` (looked things up in) after them."""
        return [s for s in self.sections if s.id not in reference] + \
            [s for s in self.sections if s.id in reference]

    def entry(self, key: str) -> tuple[Section, Entry] | None:
        for s in self.sections:
            for e in s.entries:
                if e.key == key:
                    return s, e
        return None
