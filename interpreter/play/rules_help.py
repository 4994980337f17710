"""The book during a game: the section of the current decision (`rules` at the terminal, the
browser's Rules panel), any section by its name (`rules TOPIC`), the words of an option, and a
page of "how this game works" before the first decision."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from html import escape
from typing import Any

from interpreter.engine.kind_check import KindChecker
from interpreter.engine.ruleset import Ruleset
from interpreter.engine.world import PLAYER
from interpreter.language import nodes as N
from interpreter.language.book.book import RANKING, REFERENCE_SECTIONS
from interpreter.language.book.model import Book, Entry, Section
from interpreter.language.book.output import (
    _wrap,
    columns,
    entry_text,
    reader_entry_text,
    reader_section_text,
    rulings_text,
    section_text,
)
from interpreter.language.book.phrases import Phrases
from interpreter.language.book.words import humane
from interpreter.language.errors import RulesetError, RulesetErrors
from interpreter.play.display import load_display
from interpreter.play.rulebook import book_of, cited_of, facts_of

PAGE_ROWS = 24  # the "how this game works" page fits a terminal of 24 rows
CITE = "--cite"  # `rules TOPIC --cite`: with the rulebook's paragraphs


_BOOKS: dict[tuple[int, str], tuple[Ruleset, Book]] = {}


def book_for(ruleset: Ruleset, lang: str = "en") -> Book:
    """The ruleset's book as players read it during a game, written once per ruleset and
    language (the ruleset is kept with it, so that its id stays its own): without the lines
    that say why a rule cites no paragraph of the rulebook, which are for the ruleset's
    writers (`rules book` keeps them); each rule of play with the rulebook's paragraph it
    cites, where the rulebook's text is there (a player reads what the rulebook says before
    the rule step by step: a newcomer read the steps as code)."""
    key = (id(ruleset), lang)
    if key not in _BOOKS:
        if len(_BOOKS) >= 8:
            _BOOKS.pop(next(iter(_BOOKS)))
        book = book_of(ruleset, lang)
        kinds = parameter_kinds(ruleset)
        cited = cited_of(ruleset)
        for section in book.sections:
            for entry in section.entries:
                entry.no_cite = None
                players_title(ruleset, entry, kinds.get(entry.key, {}), lang)
                if entry.cite and isinstance(ruleset.program.decls.get(entry.key),
                                             N.ProcDecl | N.TriggerDecl):
                    entry.cited_text = cited(entry.cite)
        _BOOKS[key] = (ruleset, book)
    return _BOOKS[key][1]


def parameter_kinds(ruleset: Ruleset) -> dict[str, dict[str, str | None]]:
    """Each rule -> the kind of each of its parameters, where the kind check knows it."""
    checker = KindChecker(ruleset.program)
    try:
        checker.infer_parameters(list(ruleset.program.decls.values()))
    except RecursionError:  # thousands of rules calling each other: not known
        return {}
    return checker.param_kinds


def players_title(ruleset: Ruleset, entry: Entry, kinds: dict[str, str | None],
                  lang: str = "en") -> None:
    """A definition's title as players read it: a parameter named by one letter ("the card
    that p plays on t") is said by its kind where the kind check knows it ("the card that a
    player plays on a table"); where it does not, the definition is left to the rules step
    by step (`steps_only`). The designer's book (`rules book`) keeps the letters."""
    decl = ruleset.program.decls.get(entry.key)
    if not isinstance(decl, N.FuncDecl):
        return
    letters = [p.name for p in decl.params if len(p.name) == 1
               and re.search(rf"\b{p.name}\b", entry.title)]
    said = {name: kind_said(ruleset, kinds.get(name), lang) for name in letters}
    if None in said.values():
        entry.steps_only = True
        return
    for name, words in said.items():
        entry.title = re.sub(rf"\b{name}\b", str(words), entry.title)


def kind_said(ruleset: Ruleset, kind: str | None, lang: str = "en") -> str | None:
    """A thing of a kind, with its article ("a player", "an item"), or None for a kind that
    names no thing of the game (a number, a text, a list, or not known)."""
    if kind is None or not (kind == PLAYER or ruleset.program.world.is_type(kind)):
        return None
    noun = str(facts_of(ruleset, lang).names.get(kind) or humane(kind))
    vowel = noun[:1].lower() in "aeiou"
    return Phrases(lang).say("expr.indefinite_vowel" if vowel else "expr.indefinite", x=noun)


def decision_entry(ruleset: Ruleset, prompt: str, lang: str = "en"
                   ) -> tuple[int, Section, Entry] | None:
    """The book's entry of the rule that asks this decision (found by its question), with its
    section and the section's number."""
    book = book_for(ruleset, lang)
    for name, decl in ruleset.program.decls.items():
        asks = any(isinstance(n, N.Choose | N.Options | N.SecretChoose)
                   and (n.prompt == prompt or humane(n.var) == prompt)
                   for n in N.walk(decl))
        found = book.entry(name) if asks else None
        if found is not None:
            section, entry = found
            return book.sections.index(section) + 1, section, entry
    return None


def quoting_its_question(ruleset: Ruleset, prompt: str, entry: Entry) -> Entry:
    """The rule that asks a decision, quoting the paragraph its question cites where the
    statement that asks it cites one (a copy): a rule that asks several things cites the
    rulebook for all of them, and its quote, cut short, may never reach the paragraph of this
    decision (a newcomer asked one thing read the paragraph on another)."""
    decl = ruleset.program.decls.get(entry.key)
    cites = [n.cite for n in (N.walk(decl) if decl is not None else [])
             if isinstance(n, N.Choose | N.Options | N.SecretChoose)
             and (n.prompt == prompt or humane(n.var) == prompt) and getattr(n, "cite", None)]
    text = cited_of(ruleset)(cites[0]) if cites else None
    if not text:
        return entry
    out = copy.copy(entry)
    out.cite, out.cited_text = cites[0], text
    return out


def rules_lines(ruleset: Ruleset, prompt: str | None, topic: str, width: int = 80,
                lang: str = "en") -> list[str]:
    """`rules [TOPIC] [steps] [--cite]`: the section of the current decision's rule, or what
    TOPIC names (a section by its id, title or number, or a rule by its title or name), as a
    player reads a rulebook: plain headings, a rule's gist without its steps where it has one
    (`folds`), the rulings at the end of the page and a glossary word's meaning where the
    page first uses it; with `steps`, the rule step by step as the game plays it; with
    `--cite`, the designer's view: numbered sections, rulings in place and the rulebook's
    paragraphs (as `why --cite`: a newcomer read them as code)."""
    book = book_for(ruleset, lang)
    words = topic.strip().lower().split()
    cites = CITE in words
    words = [w for w in words if w != CITE]
    steps = bool(words) and words[-1] == "steps"
    topic = " ".join(words[:-1] if steps else words)
    say = Phrases(lang).say
    shown = (lambda e: True) if steps else (lambda e: not folds(ruleset, e))
    page = Page(book, width, shown, cites, {} if cites else glossary_of(ruleset))
    contents = page.contents(bool(glossary_of(ruleset)))
    if not topic:
        found = decision_entry(ruleset, prompt, lang) if prompt else None
        if found is None:
            first = book.sections[0] if cites else page.sections[0]
            return [*page.section(first), "", *_wrap(contents, width, "")]
        number, section, entry = found
        index = section.entries.index(entry) + 1
        entry = quoting_its_question(ruleset, prompt, entry)
        hint = [] if shown(entry) else [*_wrap(say("help.steps"), width, "")]
        return [say("help.this_decision", section=section.title), "",
                *page.entry(entry, f"{number}.{index}", shown(entry)), "",
                *hint, *_wrap(say("help.any_topic", contents=contents), width, "")]
    terms = glossary_of(ruleset)
    if topic == GLOSSARY and terms:
        return glossary_lines(terms, topic, width)
    meaning = glossary_lines(terms, topic, width) if topic in terms else []
    page.known.update([topic] if meaning else [])  # said first, above its rule
    found = _topic(book, topic)
    if found is None:
        return meaning or _wrap(say("help.no_topic", topic=topic, contents=contents), width, "")
    if meaning:  # the word's meaning, then its rule
        return [*meaning, "", *_found_lines(page, found, topic)]
    return _found_lines(page, found, topic)


class Page:
    """One page of the rules at the terminal, in the reader's view (plain headings, the
    rulings at the end, each glossary word explained where the page first uses it) or, with
    `cites`, the designer's (numbers, rulings in place, citations)."""

    def __init__(self, book: Book, width: int, shown: Callable[[Entry], bool], cites: bool,
                 terms: dict[str, str]):
        self.book, self.width, self.shown, self.cites = book, width, shown, cites
        self.terms = terms
        self.known: set[str] = set()  # the glossary words already explained on the page
        self.sections = book.reading_order(REFERENCE_SECTIONS)

    def contents(self, glossary: bool) -> str:
        """The parts of the rules a player may ask for: by number in the designer's view, by
        name in the order of play in the reader's."""
        say = Phrases(self.book.lang).say
        if self.cites:
            text = say("help.sections", list="; ".join(
                f"{i} {s.id}" for i, s in enumerate(self.book.sections, 1)))
        else:
            text = say("help.reading", list="; ".join(s.id for s in self.sections))
        if glossary:
            text += f"; {GLOSSARY} (the game's words)"
        return text if self.cites else f"{text}. {say('help.cite')}"

    def section(self, section: Section) -> list[str]:
        if self.cites:
            number = self.book.sections.index(section) + 1
            return section_text(self.book, section, number, self.width, self.shown, True)
        section = explained(section, self.terms, self.known, self.shown)
        # the rulebook's words where the ruleset gives no gist of a rule: they lead, its
        # steps folded (a newcomer read "Note whether each ... is not empty" as code)
        lines, rulings = reader_section_text(self.book, section, self.width, self.shown,
                                             lambda e: not e.about)
        return [*lines, *rulings_text(self.book, rulings, self.width)]

    def entry(self, entry: Entry, number: str, steps: bool) -> list[str]:
        if self.cites:
            return entry_text(self.book, entry, number, self.width, steps=steps, cites=True)
        whole = explained(Section("", "", entries=[entry]), self.terms, self.known,
                          lambda e: steps)
        lines, said = reader_entry_text(self.book, whole.entries[0], self.width, steps,
                                        quote=True)
        return [*lines, *rulings_text(self.book, [(entry.title, said)] if said else [],
                                      self.width, titled=False)]


def ends_when(book: Book, width: int) -> list[str]:
    """When the game ends, as the book's overview says it first ('The game ends when one of
    these happens: a; b.'), wrapped; [] where it says nothing."""
    over = book.section("overview")
    if over is None or not over.entries or not over.entries[0].lines:
        return []
    first = over.entries[0]
    return _wrap(first.lines[0].text + " " + "; ".join(x.text for x in first.lines[1:])
                 + ".", width, "")


def _found_lines(page: Page, found: Section | tuple[str, Entry], topic: str) -> list[str]:
    """The section or the rule a topic names, with a word on its folded steps. The end's
    section says first when the game ends (a newcomer's 'rules end' told the final scoring
    and the winner, not when the end comes)."""
    say = Phrases(page.book.lang).say
    shown = page.shown
    if isinstance(found, Section):
        lines = page.section(found)
        if found.id == "end" and not page.cites and lines[2:3] == [""]:
            lines = [*lines[:3], *ends_when(page.book, page.width), *lines[2:]]
        folded = not all(shown(e) for e in found.entries if e.lines)
    else:
        number, entry = found
        lines = page.entry(entry, number, shown(entry))
        folded = not shown(entry) and bool(entry.lines)
    return [*lines, *(["", *_wrap(say("help.steps_any", topic=topic), page.width, "")]
                      if folded else [])]


def explained(section: Section, terms: dict[str, str], known: set[str],
              shown: Callable[[Entry], bool]) -> Section:
    """A copy of a section with each glossary word's meaning after its first use on the page
    (a newcomer met a game's term in the rules long before its meaning); `known`: the words
    the page explained already, updated. A word that heads a rule, or is followed by a colon,
    is explained there by the rules' own text."""
    section = copy.deepcopy(section)
    left = {t: m for t, m in terms.items() if t not in known}

    def said(text: str) -> str:
        for term in list(left):
            found = re.search(rf"\b{re.escape(term)}\b", text, re.IGNORECASE)
            if found is None:
                continue
            known.add(term)
            meaning = left.pop(term)
            if not text[found.end():].lstrip().startswith(":"):
                text = f"{text[:found.end()]} ({meaning}){text[found.end():]}"
        return text

    section.intro = [said(t) for t in section.intro]
    for e in section.entries:
        for term in [t for t in left if t == e.title.lower()]:  # the rule of that word
            known.add(term)
            left.pop(term)
        e.about = said(e.about) if e.about else e.about
        lines = e.lines if shown(e) else []
        for line in [x for x in lines if not x.ruling] + [x for x in lines if x.ruling]:
            line.text = said(line.text)  # in the order read: the rulings at the end
        e.rulings = [said(r) for r in e.rulings]
    return section


GLOSSARY = "glossary"  # `rules glossary`: the game's words and what they mean
_GLOSSARIES: dict[int, tuple[Ruleset, dict[str, str]]] = {}


def glossary_of(ruleset: Ruleset) -> dict[str, str]:
    """The ruleset's glossary (its display's `glossary`: term -> meaning), read once per
    ruleset; none when the display cannot be read (`rules check` says why)."""
    key = id(ruleset)
    if key not in _GLOSSARIES:
        try:
            terms = load_display(ruleset).glossary
        except (RulesetError, RulesetErrors):
            terms = {}
        _GLOSSARIES[key] = (ruleset, {k.lower(): v for k, v in terms.items()})
    return _GLOSSARIES[key][1]


def glossary_lines(terms: dict[str, str], topic: str, width: int = 80) -> list[str]:
    """`rules glossary` (every term), or `rules TERM` (that one), as 'term: meaning'."""
    chosen = terms if topic == GLOSSARY else {topic: terms[topic]}
    return [line for term, means in chosen.items()
            for line in _wrap(f"{term[:1].upper()}{term[1:]}: {means}", width, "", "  ")]


def _topic(book: Book, topic: str) -> Section | tuple[str, Entry] | None:
    """What a topic names: a section (by number, id or title), or a rule (its number in the
    book, and its entry) by its title or name; the best fit first."""
    for i, s in enumerate(book.sections, 1):
        if topic in (str(i), s.id, s.title.lower()):
            return s
    entries = [(f"{i}.{n}", e) for i, s in enumerate(book.sections, 1)
               for n, e in enumerate(s.entries, 1)]
    for fits in (lambda e: topic in (e.key, e.title.lower()),
                 lambda e: e.title.lower().startswith(topic),
                 lambda e: topic in e.title.lower()):
        for number, e in entries:
            if fits(e):
                return number, e
    for s in book.sections:
        if s.title.lower().startswith(topic) or s.id.startswith(topic):
            return s
    return None


def folds(ruleset: Ruleset, entry: Entry) -> bool:
    """Whether a player reads the rule by its gist, its steps folded away: a rule with a gist
    in the ruleset's words (`about`) or the rulebook's paragraph it cites, unless it offers
    named options (a turn's choice of actions), whose steps are the options themselves; and a
    definition (`define`) or a requirement (`require`), which a player reads by its title
    (their formulas read as code to a newcomer: "each place where the role of the place is
    ...")."""
    if not entry.lines or entry.key == RANKING[0]:  # who wins: sentences, not a formula
        return False
    decl = ruleset.program.decls.get(entry.key)
    if isinstance(decl, N.FuncDecl | N.RequireDecl):
        return True
    if not entry.about and not entry.cited_text:  # its steps are all it says
        return False
    return decl is None or not any(isinstance(n, N.Options) for n in N.walk(decl))


def option_words(ruleset: Ruleset, prompt: str, option: Any, lang: str = "en") -> str | None:
    """"In the rules: " and the book's line for an option of a choice between named options
    (its words and its condition), or None."""
    found = decision_entry(ruleset, prompt, lang)
    if found is None:
        return None
    say = Phrases(lang).say
    head = say("stmt.option", name=option, label="").strip().lower()  # "option d:", "d)"
    for line in found[2].lines:
        if line.text.lower().startswith(head):
            return say("help.in_the_rules", words=line.text)
    return None


def how_it_works(ruleset: Ruleset, width: int = 80, rows: int = PAGE_ROWS,
                 lang: str = "en") -> list[str]:
    """A page before the first decision: what the game is, how a turn goes, how it ends and
    who wins, from the book, in at most `rows` lines (the most useful parts first)."""
    book = book_for(ruleset, lang)
    head = _wrap(Phrases(lang).say("help.how", name=book.name or ruleset.name), width, "")
    turns: list[list[str]] = []
    entry = _first_options_entry(ruleset, book)
    if entry is not None:
        options = [line.text.split(" (only if ")[0] for line in entry.lines if line.depth == 1]
        title = [_cut(entry.title + ":", width)]
        turns = [title + [x for text in options for x in _wrap(text, width, "  ", "    ")],
                 title + [_cut("  " + text, width) for text in options]]
    end = ends_when(book, width)
    winner: list[str] = []
    ending = book.section("end")
    for e in ending.entries[-1:] if ending else []:
        for line in e.lines[:2]:
            winner += _wrap(line.text, width, "")
    about = [x for text in book.intro[:1] for x in _wrap(text, width, "")]
    short = book.section("short")
    goal = [x for text in (short.intro if short else []) for x in _wrap(text, width, "")]
    plain = _arranged(rows, head, turns, end, goal, winner, about)
    chosen = plain
    terms = glossary_of(ruleset)
    # the game's words with their meanings where nothing else is cut or left out for them:
    # whole, else their first part (a newcomer met a game's term on the first
    # page, and what it means only later)
    for meanings in (terms, {term: meaning.split("; ")[0] for term, meaning in terms.items()}):
        meant = _wrap(with_meanings(" ".join(end), meanings), width, "") if end else []
        fuller = _arranged(rows, head, turns, meant, goal, winner, about)
        if fuller.keys() >= plain.keys() and fuller.get(2) == plain.get(2):
            chosen = fuller
            break
    return [x for order in sorted(chosen) for x in chosen[order]]


def _arranged(rows: int, head: list[str], turns: list[list[str]], end: list[str],
              goal: list[str], winner: list[str], about: list[str]) -> dict[int, list[str]]:
    """The first page's blocks that fit `rows`, by their order on the page (the most useful
    first: the options whole where the rest still fits)."""
    chosen: dict[int, list[str]] = {}
    left = rows
    for order, block in ((0, head), (2, []), (3, end), (4, goal), (5, winner), (1, about)):
        if order == 5 and 4 in chosen:  # the goal says who wins, in the ruleset's words
            continue
        if order == 2:  # the options whole if the rest still fits the page, else cut
            # the head is counted in `left` already; the goal, where it fits beside the
            # options at their shortest, else the winner (shorter) is said after them
            shortest = len(turns[-1]) if turns else 0
            said_after = goal if goal and shortest + len(end) + len(goal) <= left else winner
            needed = len(end) + len(said_after)
            block = next((b for b in turns if len(b) <= left - needed), turns[-1] if turns
                         else [])
        if block and len(block) <= left:
            chosen[order] = block
            left -= len(block)
    return chosen


def with_meanings(text: str, terms: dict[str, str]) -> str:
    """The text with each glossary term it uses followed by its meaning, once, where it first
    appears (a newcomer met a term of the game's on the first page, its meaning only in the
    glossary)."""
    for term, meaning in terms.items():
        found = re.search(rf"\b{re.escape(term)}\b", text, re.IGNORECASE)
        if found:
            text = f"{text[:found.end()]} ({meaning}){text[found.end():]}"
    return text


def _cut(text: str, width: int) -> str:
    """One line of at most `width` columns (a wide character takes two), cut between words
    (a word cut in two, 'move a commissio…', reads as a typing mistake)."""
    if columns(text) <= width:
        return text
    while columns(text) > width - 1:
        text = text[:-1]
    head, space, _ = text.rpartition(" ")
    if space and head.strip():
        text = head
    return text.rstrip(" ,;:") + "…"


def _first_options_entry(ruleset: Ruleset, book: Book) -> Entry | None:
    """The rule of play that offers named options (a turn's choice), if any."""
    section = book.section("play")
    for e in section.entries if section else []:
        decl = ruleset.program.decls.get(e.key)
        if decl is not None and any(isinstance(n, N.Options) for n in N.walk(decl)):
            return e
    return None


def rules_page(ruleset: Ruleset, lang: str = "en") -> dict[str, Any]:
    """The browser's Rules panel: the book as HTML (every text escaped), and the anchor of the
    rule that asks each decision (by its question)."""
    from interpreter.language.book.output import body_html

    book = book_for(ruleset, lang)
    anchors: dict[str, str] = {}  # (the entries a player reads by their gist fold their steps)
    for name, decl in ruleset.program.decls.items():
        found = book.entry(name)
        if found is None:
            continue
        section, entry = found
        anchor = f"{section.id}-{entry.key}"
        for n in N.walk(decl):
            if isinstance(n, N.Choose | N.Options | N.SecretChoose):
                anchors.setdefault(n.prompt or humane(n.var), anchor)
    def shown(e: Entry) -> bool:
        return not folds(ruleset, e)

    terms = glossary_of(ruleset)  # a word explained where each part first uses it: the
    # panel opens at the current decision's rule, far below the list of the game's words
    numbered = [(book.sections.index(s) + 1, explained(s, terms, set(), shown))
                for s in book.reading_order(REFERENCE_SECTIONS)]
    head, *body = body_html(book, lambda e: not shown(e), numbered, quoted=True)  # title first
    return {"html": "\n".join([head, *glossary_html(glossary_of(ruleset)), *body]),
            "anchors": anchors}


def glossary_html(terms: dict[str, str]) -> list[str]:
    """The Rules panel's list of the game's words, first (every text escaped)."""
    if not terms:
        return []
    items = "".join(f"<dt>{escape(term)}</dt><dd>{escape(means)}</dd>"
                    for term, means in terms.items())
    return [f'<section id="{GLOSSARY}"><h2>Words of the game</h2><dl>{items}</dl></section>']
