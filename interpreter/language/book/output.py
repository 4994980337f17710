"""A book written out: text for the terminal (wrapped to a width), Markdown, or an HTML page
with a table of contents."""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Callable
from dataclasses import replace

from interpreter.language.book.model import Book, Entry, Section
from interpreter.language.book.phrases import Phrases

INDENT = 3  # columns a level of a rule is indented at the terminal


def _marks(book: Book) -> dict[str, str]:
    p = Phrases(book.lang)
    return {"changed": p.say("book.changed"), "added": p.say("book.added"),
            "removed": p.say("book.removed")}


def source_of(cite: str | None) -> str | None:
    """The source a citation names first ("en-2004" of "en-2004: Contents"), or None."""
    head, sep, _ = (cite or "").partition(": ")
    return head if sep and head and " " not in head else None


def cite_said(book: Book, cite: str, source: str | None) -> str:
    """A citation's line; the source left out where the section said it just before."""
    if source is not None and source_of(cite) == source:
        cite = cite.partition(": ")[2]
    return Phrases(book.lang).say("book.cites", cite=cite)


def reference(cite: str) -> str:
    """A citation as a reader reads it: the parts of the rulebook it names, without its
    source and the words it quotes ("en: The play of a turn (he may pass)" -> "The play of a
    turn")."""
    if source_of(cite) is not None:
        cite = cite.partition(": ")[2]
    parts = []
    for part in cite.split("; "):
        depth, kept = 0, ""
        for c in part:  # the quoted words in brackets, which may hold brackets of their own
            depth += c == "("
            kept += c if depth == 0 else ""
            depth -= c == ")" and depth > 0
        if kept.strip() and kept.strip() not in parts:
            parts.append(kept.strip())
    return "; ".join(parts) or cite


def rulebook_says(book: Book, e: Entry) -> str | None:
    """The paragraph of the rulebook a rule cites, quoted with its reference, or None where
    its text is not there."""
    if not (e.cite and e.cited_text):
        return None
    return Phrases(book.lang).say("book.rulebook_says", cite=reference(e.cite),
                                  text=e.cited_text)


def sources(entries: list[Entry]) -> list[str | None]:
    """For each entry of a section, the source the entries before it said last (so that each
    says the rulebook's name only where it changes)."""
    out, last = [], None
    for e in entries:
        out.append(last)
        last = source_of(e.cite) or last
    return out


def columns(text: str) -> int:
    """The columns a text takes at the terminal (a wide character, as in Korean, takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _wrap(text: str, width: int, first: str, rest: str | None = None) -> list[str]:
    """Words filled into lines of `width` columns (wide characters counted twice)."""
    rest = first if rest is None else rest
    out: list[str] = []
    line, empty = first, True
    for word in text.split():
        candidate = line + word if empty else line + " " + word
        if columns(candidate) > width and not empty:
            out.append(line)
            line = rest + word
        else:
            line = candidate
        empty = False
    out.append(line)
    return [x.rstrip() for x in out]


def _table_text(rows: list[list[str]], width: int, indent: str) -> list[str]:
    header, body = rows[0], rows[1:]
    cols = max(len(r) for r in rows)
    grid = [r + [""] * (cols - len(r)) for r in ([header] if any(header) else []) + body]
    widths = [max(columns(r[i]) for r in grid) for i in range(cols)]
    out = []
    for n, r in enumerate(grid):  # padded by the columns a text takes (Korean: two a letter)
        line = indent + "  ".join(c + " " * (widths[i] - columns(c))
                                  for i, c in enumerate(r)).rstrip()
        out.append(line[:width])
        if n == 0 and any(header):
            out.append((indent + "  ".join("-" * x for x in widths))[:width])
    return out


def entry_text(book: Book, e: Entry, number: str, width: int = 80,
               source: str | None = None, steps: bool = True, cites: bool = True) -> list[str]:
    """One entry at the terminal: its title, its lines, its rulings, its citation (`source`:
    the rulebook the section named just before, not named again). `steps=False`: without
    its lines (the rule step by step), for a player who reads its gist (`about`);
    `cites=False`: without its citation (a player asks for it)."""
    p = Phrases(book.lang)
    mark = f"[{_marks(book)[e.mark]}] " if e.mark else ""
    out = _wrap(f"{number} {mark}{e.title}", width, "", "    ")
    if e.note:
        out += _wrap(e.note, width, "    ")
    if e.about:
        out += _wrap(e.about, width, "  » ", "    ")
    for line in e.lines if steps else ():
        pad = " " * (2 + INDENT * line.depth)
        step = f"{line.step}. " if line.step is not None else ""
        out += _wrap(step + line.text, width, pad, pad + " " * len(step))
    if e.table:
        out += _table_text(e.table, width, "    ")
    for r in e.rulings:
        out += _wrap(p.say("book.ruling", text=r), width, "  * ", "    ")
    if not cites:
        return out
    if e.cite:
        out += _wrap(cite_said(book, e.cite, source), width, "  | ")
        if e.cited_text:
            out += _wrap(e.cited_text, width, "  |   ")
    elif e.no_cite:
        out += _wrap(e.no_cite, width, "  | ")
    return out


def section_text(book: Book, s: Section, index: int, width: int = 80,
                 steps: Callable[[Entry], bool] | None = None, cites: bool = True) -> list[str]:
    """A section at the terminal; `steps(entry)`: whether an entry shows its lines (all do
    by default); `cites=False`: without the citations."""
    title = f"{index}. {s.title}"
    out = [*_wrap(title, width, ""), "=" * min(columns(title), width)]
    for t in s.intro:
        out += _wrap(t, width, "")
    quoted: set[str] = set()  # a paragraph of the rulebook is quoted once in a section
    for n, (e, source) in enumerate(zip(s.entries, sources(s.entries), strict=True), 1):
        shown = steps is None or steps(e)
        if e.steps_only and not shown:
            continue
        if e.cited_text in quoted:
            e = replace(e, cited_text=None)
        quoted.add(e.cited_text or "")
        out.append("")
        out += entry_text(book, e, f"{index}.{n}", width, source, shown, cites)
    return out


def ruling_alone(book: Book, said: str) -> str:
    """A ruling said in place ("Ruling: ...") without its word, for a list of rulings."""
    head, _, tail = Phrases(book.lang).say("book.ruling", text="\x00").partition("\x00")
    if said.startswith(head) and said.endswith(tail):
        return said[len(head):len(said) - len(tail)] if tail else said[len(head):]
    return said


def reader_entry_text(book: Book, e: Entry, width: int = 80, steps: bool = True,
                      quote: bool = False) -> tuple[list[str], list[str]]:
    """One entry as a rulebook reads at the terminal: its title as a plain heading, its gist
    as a paragraph, its steps, its table; without numbers, marks or citations. Its rulings
    (where the rulebook is silent) come back apart, for the end of the page (a newcomer read
    them in the middle of the rules as a lawyer's text). `quote`: the rulebook's paragraph
    that the rule cites, quoted after its gist (before its steps), where its text is there."""
    out = _wrap(e.title, width, "")
    if e.about:
        out += _wrap(e.about, width, "  ")
    said = rulebook_says(book, e) if quote else None
    if said:
        out += _wrap(said, width, "  ")
    said = [ruling_alone(book, line.text) for line in e.lines if steps and line.ruling]
    for line in e.lines if steps else ():
        if line.ruling:
            continue
        pad = " " * (2 + INDENT * line.depth)
        step = f"{line.step}. " if line.step is not None else ""
        out += _wrap(step + line.text, width, pad, pad + " " * len(step))
    if e.table:
        out += _table_text(e.table, width, "  ")
    return out, [*said, *e.rulings]


def reader_section_text(book: Book, s: Section, width: int = 80,
                        steps: Callable[[Entry], bool] | None = None,
                        quote: Callable[[Entry], bool] | None = None
                        ) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """A section as a rulebook reads (reader_entry_text): its lines, and each entry's title
    with its rulings, for the end of the page; `quote(entry)`: whether an entry quotes its
    rulebook paragraph (none by default)."""
    out = [*_wrap(s.title, width, ""), "=" * min(columns(s.title), width)]
    for t in s.intro:
        out += _wrap(t, width, "")
    rulings: list[tuple[str, list[str]]] = []
    for e in s.entries:
        shown = steps is None or steps(e)
        if e.steps_only and not shown:
            continue
        lines, said = reader_entry_text(book, e, width, shown,
                                        quote is not None and quote(e))
        if e.title.lower() == s.title.lower():  # the section's own rule: no second heading
            lines = lines[len(_wrap(e.title, width, "")):]
        out += ["", *lines]
        if said:
            rulings.append((e.title, said))
    return out, rulings


def rulings_text(book: Book, rulings: list[tuple[str, list[str]]], width: int = 80,
                 titled: bool = True) -> list[str]:
    """The rulings of a page, at its end under their own heading: each rule's title (unless
    not `titled`: a page of one rule), then each ruling as a point of its own (none: no
    lines)."""
    if not rulings:
        return []
    p = Phrases(book.lang)
    out = ["", *_wrap(p.say("book.rulings_intro", title=p.say("book.rulings")), width, "")]
    for rule, said in rulings:
        if titled:
            out += _wrap(rule, width, "  ", "    ")
        for text in said:
            pad = "    " if titled else "  "
            out += _wrap(text[:1].upper() + text[1:], width, pad + "- ", pad + "  ")
    return out


def to_text(book: Book, width: int = 80) -> str:
    out = [*_wrap(book.title, width, ""), "#" * min(columns(book.title), width), ""]
    for t in book.intro:
        out += _wrap(t, width, "")
    out += ["", book.contents_title]
    out += [f"  {i}. {s.title}" for i, s in enumerate(book.sections, 1)]
    for i, s in enumerate(book.sections, 1):
        out += ["", ""] + section_text(book, s, i, width)
    return "\n".join(out) + "\n"


def _md_escape(text: str) -> str:
    return text.replace("*", "\\*").replace("_", "\\_").replace("<", "&lt;")


def to_markdown(book: Book) -> str:
    p = Phrases(book.lang)
    marks = _marks(book)
    out = [f"# {_md_escape(book.title)}", ""]
    out += [_md_escape(t) + "\n" for t in book.intro]
    out += [f"## {book.contents_title}", ""]
    out += [f"{i}. [{_md_escape(s.title)}](#{s.id})" for i, s in enumerate(book.sections, 1)]
    for i, s in enumerate(book.sections, 1):
        out += ["", f'<a id="{s.id}"></a>', "", f"## {i}. {_md_escape(s.title)}", ""]
        out += [_md_escape(t) + "\n" for t in s.intro]
        for n, (e, source) in enumerate(zip(s.entries, sources(s.entries), strict=True), 1):
            mark = f"**[{marks[e.mark]}]** " if e.mark else ""
            out += [f"### {i}.{n} {mark}{_md_escape(e.title)}", ""]
            if e.note:
                out += [f"*{_md_escape(e.note)}*", ""]
            if e.about:
                out += [f"*{_md_escape(e.about)}*", ""]
            for line in e.lines:
                step = f"{line.step}. " if line.step is not None else ""
                out.append("  " * line.depth + f"- {step}{_md_escape(line.text)}")
            if e.table:
                header, body = e.table[0], e.table[1:]
                out += ["", "| " + " | ".join(_md_escape(c) for c in header) + " |",
                        "|" + "---|" * len(header)]
                out += ["| " + " | ".join(_md_escape(c) for c in r) + " |" for r in body]
            out += [f"- *{_md_escape(p.say('book.ruling', text=r))}*" for r in e.rulings]
            if e.cite:
                out += ["", f"> {_md_escape(cite_said(book, e.cite, source))}"]
                if e.cited_text:
                    out += [">", f"> {_md_escape(e.cited_text)}"]
            elif e.no_cite:
                out += ["", f"> *{_md_escape(e.no_cite)}*"]
            out.append("")
    return "\n".join(out) + "\n"


_STYLE = """
body { font-family: Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em;
       line-height: 1.45; color: #222; }
nav { border: 1px solid #ccc; padding: .5em 1.5em; margin-bottom: 2em; }
h2 { border-bottom: 1px solid #999; margin-top: 2em; }
ol.rule, ol.rule ol { list-style: none; padding-left: 1.4em; }
.step { font-weight: bold; margin-right: .3em; }
.cite { color: #555; font-size: .9em; border-left: 3px solid #bbb; padding-left: .8em; }
.quote { font-style: italic; }
.ruling { color: #633; font-size: .95em; }
.about { color: #235; }
.mark { background: #fe9; padding: 0 .3em; font-size: .8em; }
.changed, .added { border-left: 4px solid #e90; padding-left: .6em; }
.removed { border-left: 4px solid #c33; padding-left: .6em; opacity: .8; }
table { border-collapse: collapse; } td, th { border: 1px solid #bbb; padding: .2em .6em; }
"""


def _lines_html(e: Entry) -> list[str]:
    out, depth = ["<ol class='rule'>"], 0
    for line in e.lines:
        while depth < line.depth:
            out.append("<ol>")
            depth += 1
        while depth > line.depth:
            out.append("</ol>")
            depth -= 1
        # a space after the number: a page without the book's style sheet (a panel beside a
        # game) read '1.The player takes'
        step = f"<span class='step'>{line.step}.</span> " if line.step is not None else ""
        cls = " class='ruling'" if line.ruling else ""
        out.append(f"<li{cls}>{step}{html.escape(line.text)}</li>")
    out += ["</ol>"] * depth + ["</ol>"]
    return out


def entry_html(book: Book, e: Entry, number: str, anchor: str,
               source: str | None = None, folded: bool = False,
               quoted: bool = False) -> list[str]:
    """One entry as HTML; `folded`: its lines (the rule step by step) behind a summary that
    opens them, for a reader who reads its gist (`about`) first; `quoted`: the rulebook's
    paragraph the rule cites (where its text is there) said as a reader's, before the steps:
    behind a summary after a gist, else first, in place of one (its citation line, shown
    with the sources, then names it without quoting it again)."""
    esc, p = html.escape, Phrases(book.lang)
    cls = f" class='{e.mark}'" if e.mark else ""
    mark = f"<span class='mark'>{esc(_marks(book)[e.mark])}</span> " if e.mark else ""
    out = [f"<section id='{esc(anchor)}'{cls}>",
           f"<h3><span class='num'>{number}</span> {mark}{esc(e.title)}</h3>"]
    if e.note:
        out.append(f"<p><em>{esc(e.note)}</em></p>")
    if e.about:
        out.append(f"<p class='about'><em>{esc(e.about)}</em></p>")
    said = rulebook_says(book, e) if quoted else None
    if said and e.about:
        title = p.say("book.rulebook", cite=reference(e.cite or ""))
        out += [f"<details class='rulebook'><summary>{esc(title)}</summary>",
                f"<blockquote>{esc(str(e.cited_text))}</blockquote></details>"]
    elif said:
        out.append(f"<p class='rulebook'>{esc(said)}</p>")
    if e.lines and folded:
        out += [f"<details class='steps'><summary>{esc(p.say('book.steps'))}</summary>",
                *_lines_html(e), "</details>"]
    elif e.lines:
        out += _lines_html(e)
    if e.table:
        header, body = e.table[0], e.table[1:]
        out.append("<table>")
        if any(header):
            out.append("<tr>" + "".join(f"<th>{esc(c)}</th>" for c in header) + "</tr>")
        out += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in body]
        out.append("</table>")
    out += [f"<p class='ruling'>{esc(p.say('book.ruling', text=r))}</p>" for r in e.rulings]
    if e.cite:
        quote = f"<br><span class='quote'>{esc(e.cited_text)}</span>" \
            if e.cited_text and not quoted else ""
        out.append(f"<p class='cite'>{esc(cite_said(book, e.cite, source))}{quote}</p>")
    elif e.no_cite:
        out.append(f"<p class='cite'>{esc(e.no_cite)}</p>")
    out.append("</section>")
    return out


def body_html(book: Book, folded: Callable[[Entry], bool] | None = None,
              numbered: list[tuple[int, Section]] | None = None,
              quoted: bool = False) -> list[str]:
    """The book as HTML without the page around it (the browser's Rules panel shows it);
    `folded(entry)`: whether an entry's lines are folded (entry_html), none by default;
    `numbered`: the sections to show, in that order, each with its number in the book
    (all, in the book's order, by default); `quoted`: each rule's rulebook paragraph said
    before its steps (entry_html)."""
    esc = html.escape
    numbered = numbered or list(enumerate(book.sections, 1))
    out = [f"<h1>{esc(book.title)}</h1>", *(f"<p>{esc(t)}</p>" for t in book.intro),
           f"<nav><h2>{esc(book.contents_title)}</h2><ol>"]
    def apart(e: Entry) -> bool:  # read only in the section's own fold, step by step
        return e.steps_only and folded is not None and folded(e)

    for _, s in numbered:
        out.append(f"<li><a href='#{s.id}'>{esc(s.title)}</a><ol>")
        out += [f"<li><a href='#{s.id}-{e.key or n}'>{esc(e.title)}</a></li>"
                for n, e in enumerate(s.entries, 1) if not apart(e)]
        out.append("</ol></li>")
    out.append("</ol></nav>")
    for i, s in numbered:
        out += [f"<section id='{s.id}'>", f"<h2><span class='num'>{i}.</span> {esc(s.title)}</h2>"]
        out += [f"<p>{esc(t)}</p>" for t in s.intro]
        later: list[str] = []
        for n, (e, source) in enumerate(zip(s.entries, sources(s.entries), strict=True), 1):
            (later if apart(e) else out).extend(entry_html(
                book, e, f"{i}.{n}", f"{s.id}-{e.key or n}", source,
                folded is not None and folded(e) and not apart(e), quoted))
        if later:
            summary = esc(Phrases(book.lang).say("book.steps"))
            out += [f"<details class='steps apart'><summary>{summary}</summary>", *later,
                    "</details>"]
        out.append("</section>")
    return out


def to_html(book: Book) -> str:
    esc = html.escape
    return "\n".join([
        "<!DOCTYPE html>", f"<html lang='{esc(book.lang)}'><head><meta charset='utf-8'>",
        f"<title>{esc(book.title)}</title><style>{_STYLE}</style></head><body>",
        *body_html(book), "</body></html>", ""])
