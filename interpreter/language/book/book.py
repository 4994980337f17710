"""The rules in effect as a book: which rule goes in which section, in which order, and each
rule's citation and rulings. The words of each construct are words.py's."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from interpreter.language import nodes as N
from interpreter.language.book.comments import no_paragraph, rulings, rulings_at
from interpreter.language.book.lets import type_shown_by_use
from interpreter.language.book.model import Book, Entry, Section
from interpreter.language.book.phrases import Phrases
from interpreter.language.book.variables import is_short
from interpreter.language.book.words import Line, Words, capital, humane
from interpreter.language.reach import reachable

SETUP, PLAY, FINAL = "setup", "play", "final_scoring"
RANKING = ("score", "tiebreak")
# the sections a reader looks things up in, after the rules in the order of play (a player's
# view of the book reads preparation, play and the end first)
REFERENCE_SECTIONS = ("state", "numbers", "tables", "definitions", "requirements")
ENTITY_NAMES_SHOWN = 12  # a board type's entities named in full up to this many


@dataclass
class Facts:
    """What the book needs of a ruleset (plain data: the caller reads it from a loaded one)."""

    name: str
    description: str
    players: list[int]
    decls: dict[str, N.Decl]
    entities: dict[str, list[str]] = field(default_factory=dict)  # board type -> ids
    relations: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # the board's links
    attrs: dict[str, dict[str, object]] = field(default_factory=dict)  # entity -> its data
    value_label: Callable[[str], str | None] = lambda name: None
    measures: set[str] = field(default_factory=set)
    names: dict[str, str] = field(default_factory=dict)  # the language's names of the rules
    path: str = ""


def uses(node: object) -> list[str]:
    """The names a rule uses, in the order written (calls, names, procedures called)."""
    out: list[str] = []
    for n in N.walk(node):
        if isinstance(n, N.Name):
            out.append(n.id)
        elif isinstance(n, N.Call):
            out.append(n.func)
        elif isinstance(n, N.CallStmt):
            out.append(n.name)
        elif isinstance(n, N.Binder) and n.type:
            out.append(n.type)
        elif isinstance(n, N.ComponentDecl | N.ZoneDecl | N.VarDecl):
            out += [p.type for p in getattr(n, "params", []) if p.type]
    return out


def calls_in_order(decls: dict[str, N.Decl], start: str, seen: set[str]) -> list[str]:
    """The procedures reached from `start` (itself first), depth first, in the order called."""
    out: list[str] = []

    def visit(name: str) -> None:
        if name in seen or not isinstance(decls.get(name), N.ProcDecl):
            return
        seen.add(name)
        out.append(name)
        for n in N.walk(decls[name]):
            if isinstance(n, N.CallStmt):
                visit(n.name)
            elif isinstance(n, N.Call):  # a procedure that returns a value
                visit(n.func)

    visit(start)
    return out


class Builder:
    def __init__(self, facts: Facts, lang: str = "en"):
        self.f = facts
        self.p = Phrases(lang)
        self.decls = facts.decls
        types = set(facts.entities) | {"player"} | {
            n for n, d in facts.decls.items() if isinstance(d, N.EnumDecl | N.ComponentDecl)}
        self.words = Words(self.p, facts.decls, facts.names, facts.value_label, types,
                           facts.measures)
        self.used = self._used()

    def _used(self) -> set[str]:
        """Every name the rules of play reach (display helpers and measures are left out)."""
        roots = [n for n in (SETUP, PLAY, FINAL, *RANKING) if n in self.decls]
        roots += [n for n, d in self.decls.items()
                  if isinstance(d, N.TriggerDecl | N.RequireDecl | N.ComponentDecl)]
        return reachable(roots, lambda name: uses(self.decls[name]) if name in self.decls
                         else ())

    def say(self, key: str, **parts: object) -> str:
        return self.p.say(key, **parts)

    def title(self, decl: N.Decl) -> str:
        """A rule's heading: its name in the language, its label, or, for a rule with neither,
        its own words with its parameters (`reads`), or the moment a trigger follows."""
        w = self.words
        template = self.f.names.get("reads:" + decl.name)
        if decl.name in self.f.names or decl.label or (
                template is None and not isinstance(decl, N.TriggerDecl)):
            return w.name(decl.name)
        if template is not None:
            params = getattr(decl, "params", [])
            return template.format("", *(w.local(p.name) for p in params))
        return self.say("rule.trigger_title", event=w.name(decl.event))

    def entry(self, decl: N.Decl, lines: list[Line], title: str | None = None) -> Entry:
        lines, general = self.rulings_in_place(decl, lines)
        if isinstance(decl, N.ProcDecl | N.TriggerDecl):
            general += self.rulings_used(decl)
        e = Entry(key=decl.name, title=title or self.title(decl), lines=lines,
                  cite=decl.cite, rulings=general,
                  about=self.f.names.get("about:" + decl.name))
        if decl.cite is None:
            why = no_paragraph(decl)
            e.no_cite = self.say("book.no_cite", why=self.words.tr(why)) if why else \
                self.say("book.no_cite_unknown")
        return e

    def rulings_in_place(self, decl: N.Decl, lines: list[Line]) -> tuple[list[Line], list[str]]:
        """A ruling written before a statement other than the rule's first is said where it
        applies, before that statement's line (a limit the rulebook does not give reads with
        the step that keeps it); the others stay the rule's own. Returns (lines, the others)."""
        first = next((line.at for line in lines if line.at is not None), None)
        out, general = list(lines), []
        for at, text in rulings_at(decl):
            text = self.words.tr(text)
            where = next((i for i, line in enumerate(out) if line.at is not None
                          and line.at > at), None)
            if first is None or at < first or where is None:
                general.append(text)
                continue
            out.insert(where, Line(out[where].depth, self.say("book.ruling", text=text),
                                   ruling=True))
        return out, general

    def rulings_used(self, decl: N.Decl) -> list[str]:
        """The rulings of the definitions a rule uses (through others too), each with the
        definition's name: a limit a ruling sets reads with the rule it limits."""
        out: list[str] = []
        reached = reachable([decl.name], lambda n: [
            u for u in uses(self.decls[n]) if isinstance(self.decls.get(u), N.FuncDecl)])
        for name, used in self.decls.items():  # in the order of the rules
            if name in reached and name != decl.name and isinstance(used, N.FuncDecl):
                out += [self.say("book.ruling_of", title=self.words.name(name), text=r)
                        for r in self.rulings(used)]
        return out

    def rulings(self, decl: N.Decl) -> list[str]:
        """A rule's rulings, in the language when its names file translates them (`texts`)."""
        return [self.words.tr(r) for r in rulings(decl)]

    # ------------------------------------------------------------------ the book

    def build(self) -> Book:
        f, say = self.f, self.say
        name = f.names.get("ruleset.name", f.name)
        book = Book(title=say("book.title", name=name), lang=self.p.lang,
                    contents_title=say("book.contents"), name=name)
        description = f.names.get("ruleset.description", f.description)
        book.intro = [x for x in (description, self._players()) if x]
        procs_seen: set[str] = set()
        setup = calls_in_order(self.decls, SETUP, procs_seen)
        play = calls_in_order(self.decls, PLAY, procs_seen)
        end = calls_in_order(self.decls, FINAL, procs_seen)
        book.sections.append(self.overview(setup, play, end))
        book.sections += [s for s in (self.components(), self.board(), self.zones(),
                                      self.state(), self.numbers(), self.tables()) if s.entries]
        for sid, names in (("setup", setup), ("play", play)):
            book.sections.append(Section(sid, say(f"section.{sid}"),
                                         entries=[self.procedure(n) for n in names]))
        triggers = [self.trigger(d) for d in self.decls.values() if isinstance(d, N.TriggerDecl)]
        if triggers:
            book.sections.append(Section("triggers", say("section.triggers"), entries=triggers))
        book.sections.append(self.ending(end))
        rest = [n for n, d in self.decls.items() if isinstance(d, N.ProcDecl)
                and n not in procs_seen and n in self.used]
        defs = [self.define(d) for n, d in self.decls.items() if isinstance(d, N.FuncDecl)
                and n in self.used and n not in RANKING]
        if defs or rest:
            book.sections.append(Section("definitions", say("section.definitions"),
                                         entries=[self.procedure(n) for n in rest] + defs))
        requires = [Entry(d.name, self.words.name(d.name),
                          [Line(0, say("require.cond", cond=self.words.expr(d.condition)))],
                          d.cite, rulings=self.rulings(d))
                    for d in self.decls.values() if isinstance(d, N.RequireDecl)]
        if requires:
            book.sections.append(Section("requirements", say("section.requirements"),
                                         entries=requires))
        for section in book.sections:  # what a rule is for, on any entry of it
            for e in section.entries:
                e.about = e.about or self.f.names.get("about:" + e.key) if e.key else None
        short = self.in_short(book)
        if short.intro or short.entries:
            book.sections.insert(0, short)
        return book

    def in_short(self, book: Book) -> Section:
        """The game in short: its goal, then what each rule is for, in the book's order (the
        ruleset's own sentences: `goal` and `about` in its names file)."""
        say = self.say
        goal = self.f.names.get("ruleset.goal")
        if goal is None:
            end = book.section("end")
            winner = [line.text for e in (end.entries if end else []) if e.key == "score"
                      for line in e.lines[:2]]
            goal = " ".join(winner)
        intro = [say("short.goal", goal=goal)] if goal else []
        lines = [Line(0, capital(e.about if e.about.lower().startswith(e.title.lower() + ":")
                                 else say("short.about", title=e.title, about=e.about)))
                 for s in book.sections for e in s.entries if e.about]  # each a sentence
        entries = [Entry("", say("short.steps"), lines)] if lines else []
        return Section("short", say("section.short"), intro=intro, entries=entries)

    def _players(self) -> str:
        players = self.f.players
        if not players:
            return ""
        text = str(players[0]) if len(players) == 1 else f"{players[0]}-{players[-1]}"
        return self.say("overview.players", players=text)

    def overview(self, setup: list[str], play: list[str], end: list[str]) -> Section:
        say, w = self.say, self.words
        intro = []
        parts = {k: w.name(v[0]) if v else "-" for k, v in
                 (("setup", setup), ("play", play), ("end", end))}
        intro.append(say("overview.steps", **parts))
        endings = sorted({n.reason for d in self.decls.values() if d.name in self.used
                          for n in N.walk(d) if isinstance(n, N.EndGame) and n.reason})
        lines = [Line(0, say("overview.ending"))] + [Line(1, w.tr(r)) for r in endings]
        entries = [Entry("", say("section.end"), lines)] if endings else []
        decisions = self.decisions()
        if decisions:
            entries.append(Entry("", say("overview.decisions"),
                                 [Line(0, d) for d in decisions]))
        return Section("overview", say("section.overview"), intro=intro, entries=entries)

    def decisions(self) -> list[str]:
        """Every decision's question (its prompt), in the order of the rules, once each."""
        out: list[str] = []
        for d in self.decls.values():
            if d.name not in self.used:
                continue
            for n in N.walk(d):
                prompt = getattr(n, "prompt", None) if isinstance(
                    n, N.Choose | N.Options | N.SecretChoose) else None
                if prompt and self.words.tr(prompt) not in out:
                    out.append(self.words.tr(prompt))
        return out

    # ------------------------------------------------------------------ things

    def components(self) -> Section:
        say, w = self.say, self.words
        entries = []
        for d in self.decls.values():
            if isinstance(d, N.EnumDecl) and d.name in self.used:
                members = ", ".join(w.name(m) if m in self.f.names else
                                    d.member_labels.get(m) or w.name(m) for m in d.members)
                entries.append(Entry(d.name, w.name(d.name), [Line(0, members)], d.cite))
        for d in self.decls.values():
            if not isinstance(d, N.ComponentDecl):
                continue
            lines = []
            if d.params:
                params = ", ".join(self._param(p) for p in d.params)
                lines.append(Line(0, say("component.kinds", params=params)))
            if d.count is not None:
                key = "component.count" if d.params else "component.count_total"
                count = w.expr(d.count)
                table = d.count.obj.id if isinstance(d.count, N.Index) \
                    and isinstance(d.count.obj, N.Name) else ""
                if isinstance(self.decls.get(table), N.TableDecl):  # a count per kind
                    count = say("component.count_table", table=w.name(table))
                lines.append(Line(0, say(key, count=count)))
            if d.start is not None:
                lines.append(Line(0, say("component.start", zone=w.expr(d.start))))
            entries.append(Entry(d.name, w.name(d.name), lines, d.cite))
        return Section("components", say("section.components"), entries=entries)

    def _param(self, p: N.Param) -> str:
        w = self.words
        kind = self.kind(p.type) if p.type and ".." in p.type else w.name(p.type or "")
        if not p.type or w.name(p.name) == kind:
            return w.name(p.name)
        return self.say("component.param", name=w.name(p.name), type=kind)

    def board(self) -> Section:
        say, w = self.say, self.words
        entries = []
        read = self._attrs_read()
        for kind, ids in self.f.entities.items():
            names = [w.name(i) for i in ids]
            shown = compact(names)
            if len(shown) > ENTITY_NAMES_SHOWN and kind not in self.used:
                shown = [*shown[:ENTITY_NAMES_SHOWN],
                         say("entity.more", n=len(shown) - ENTITY_NAMES_SHOWN)]
            lines = [Line(0, say("entity.list", type=w.name(kind), n=len(ids),
                                 names="; ".join(shown)))]
            lines += self._grouped_by(ids, names, read)
            entries.append(Entry(kind, w.name(kind), lines))
        for name, links in self.f.relations.items():
            pairs = [(w.name(a), [w.name(x) for x in bs]) for a, bs in links.items() if bs]
            lines = [Line(0, text) for text in self._links(pairs)]
            if len(lines) > ENTITY_NAMES_SHOWN and name not in self.used:
                more = say("entity.more", n=len(lines) - ENTITY_NAMES_SHOWN)
                lines = [*lines[:ENTITY_NAMES_SHOWN], Line(0, more)]
            entries.append(Entry(name, w.name(name), lines))
        return Section("board", say("section.board"), entries=entries)

    def _attrs_read(self) -> set[str]:
        """The attributes of board things that the rules of play read (`s.set`)."""
        return {n.name for name in self.used if name in self.decls
                for n in N.walk(self.decls[name]) if isinstance(n, N.Attr)}

    def _grouped_by(self, ids: list[str], names: list[str], read: set[str]) -> list[Line]:
        """A board type's things grouped by each attribute the rules read, where the names
        alone do not tell it (the squares of each row): "row 1: square 1-8"."""
        say, w = self.say, self.words
        out = []
        keys = [k for k in self.f.attrs.get(ids[0], {}) if k in read] if ids else []
        for key in keys:
            values = [self.f.attrs.get(i, {}).get(key) for i in ids]
            shown = [w.name(str(v)) for v in values]
            said = [(v, self.f.value_label(str(raw)) or str(raw))
                    for v, raw in zip(shown, values, strict=True)]
            if None in values or all(v in n or raw in n for (v, raw), n
                                     in zip(said, names, strict=True)):
                continue  # the names say it already (Row A, red)
            groups: dict[str, list[str]] = {}
            for value, name in zip(shown, names, strict=True):
                groups.setdefault(value, []).append(name)
            parts = [say("entity.group", attr=w.name(key), value=v, names=", ".join(compact(ns)),
                         n=len(ns)) for v, ns in groups.items()]
            out.append(Line(0, say("entity.by", attr=w.name(key), groups="; ".join(parts))))
        return out

    def _links(self, pairs: list[tuple[str, list[str]]]) -> list[str]:
        """A relation's links, one line each, or one line per group of things whose names
        share their first part (the squares of one row: "Row A: 1 → 2; 2 → 1, 3; ...")."""
        say = self.say
        groups: dict[str, list[str]] = {}
        for a, bs in pairs:
            head, _, rest = a.rpartition(", ")
            if not head or not all(b.rpartition(", ")[0] == head for b in bs):
                return [say("relation.link", a=a, b="; ".join(bs)) for a, bs in pairs]
            groups.setdefault(head, []).append(say(
                "relation.link", a=rest, b=", ".join(b.rpartition(", ")[2] for b in bs)))
        return [say("relation.group", group=g, links="; ".join(ls)) for g, ls in groups.items()]

    def zones(self) -> Section:
        say, w = self.say, self.words
        entries = []
        for d in self.decls.values():
            if not isinstance(d, N.ZoneDecl) or d.name not in self.used:
                continue
            parts = [say("zone.per", index=", ".join(w.name(i) for i in d.index))
                     if d.index else "",
                     say("zone.of", kind=w.name(d.of)) if d.of else "",
                     say(f"zone.shape.{d.shape}"), say(f"zone.visibility.{d.visibility}")]
            # in sentences about the things that lie there, not a kind of zone ('a stack:
            # ...; open: ...' read like code); a pile's order goes without saying
            said = say("zone.joint").join(x for x in parts if x)
            entries.append(Entry(d.name, w.name(d.name), [Line(0, said)], d.cite,
                                 rulings=self.rulings(d)))
        return Section("zones", say("section.zones"), entries=entries)

    def state(self) -> Section:
        say, w = self.say, self.words
        entries = []
        for d in self.decls.values():
            if not isinstance(d, N.VarDecl) or d.name not in self.used \
                    or d.name in self.f.measures:
                continue
            parts = [say("var.start", value=w.expr(d.init))]
            if d.index:
                parts.insert(0, say("var.per", index=", ".join(w.name(i) for i in d.index)))
            if d.visibility != "public":
                parts.append(say(f"var.visibility.{d.visibility}"))
            entries.append(Entry(d.name, w.name(d.name), [Line(0, "; ".join(parts))], d.cite))
        return Section("state", say("section.state"), entries=entries)

    def numbers(self) -> Section:
        w = self.words
        entries = [Entry(d.name, w.name(d.name), [Line(0, w.expr(d.value))], d.cite)
                   for d in self.decls.values()
                   if isinstance(d, N.ConstDecl) and d.name in self.used]
        return Section("numbers", self.say("section.numbers"), entries=entries)

    def tables(self) -> Section:
        entries = [self.table(d) for d in self.decls.values()
                   if isinstance(d, N.TableDecl) and d.name in self.used]
        return Section("tables", self.say("section.tables"), entries=entries)

    def table(self, d: N.TableDecl) -> Entry:
        w = self.words

        def cell(c: object) -> str:
            if isinstance(c, N.Name) and c.id == "else":
                return self.say("table.else")
            return w.expr(c) if isinstance(c, N.Expr) else w.name(str(c))

        rows = [[cell(c) for c in row] for row in d.rows]
        given = self.f.names.get("columns:" + d.name)
        if d.style == "grid" and rows:
            header = [self.f.names.get(c.id) or humane(c.id) if isinstance(c, N.Name)
                      else cell(c) for c in d.rows[0]]
            rows = rows[1:]
        else:
            header = [self.key_heading(d.name), self.say("table.value")]
        if given is not None:  # the ruleset's own headings
            header = (given.split("\n") + header[len(given.split("\n")):])[:len(header)]
        table = [header, *rows]
        e = Entry(d.name, w.name(d.name), [], d.cite, rulings=self.rulings(d))
        e.table = table
        return e

    def key_heading(self, table: str) -> str:
        """A table's key column headed by what the rules look it up with, in words (the
        first use: `adjacency[types_next_to(q)]` heads it "the types next to the square")."""
        for decl in self.decls.values():
            if decl.name not in self.used:
                continue
            for n in N.walk(decl):
                if isinstance(n, N.Index) and isinstance(n.obj, N.Name) \
                        and n.obj.id == table and n.args:
                    self.words.start_rule(decl)
                    return self.words.expr(n.args[0])
        return self.say("table.key_any")

    # ------------------------------------------------------------------ rules

    def procedure(self, name: str) -> Entry:
        d = self.decls[name]
        assert isinstance(d, N.ProcDecl)
        w = self.words
        w.start_rule(d)
        lines: list[Line] = []
        params = self.params([p for p in d.params if (
            not is_short(p.name) or w.local(p.name) == humane(p.name))
            and not type_shown_by_use(d, p.name, p.type)])
        if params:  # "p" reads "the player" already, as "the opening player" does
            lines.append(Line(0, self.say("rule.with", params=params)))
        if d.when is not None:
            lines.append(Line(0, self.say("rule.when_replaced", cond=w.expr(d.when))))
        lines += w.block(d.body, tail=True)
        fallback = d.fallback
        if fallback is not None:  # the replaced rule, as it reads, under its own heading
            lines.append(Line(0, self.say("rule.replaced")))
            lines += [Line(x.depth + 1, x.text, x.step, ruling=x.ruling)
                      for x in w.block(fallback.body, tail=True)]  # another file's lines
        return self.entry(d, lines)

    def params(self, params: list[N.Param]) -> str:
        """What a rule's parameters are, where their names do not say it: "d: a place"."""
        w, say = self.words, self.say
        parts = []
        for p in params:
            name, kind = w.local(p.name), self.kind(p.type) if p.type else ""
            if kind and not name.endswith(w.name(p.type or "")):  # not "the opener: a player"
                parts.append(say("rule.param", name=name, type=kind))
        return say("rule.param_sep").join(parts)

    def kind(self, type_name: str) -> str:
        """What a parameter is: a yes/no, a number (from 1 to 4), or a thing of the ruleset (a
        player)."""
        if self.p.has(f"type.{type_name}"):
            return self.say(f"type.{type_name}")
        if ".." in type_name:
            low, high = type_name.split("..", 1)
            return self.say("builtin.numbers", a=low, b=high)
        return self.indefinite(self.words.name(type_name))

    def indefinite(self, noun: str) -> str:
        """A noun with its indefinite article (a player, an item)."""
        vowel = noun[:1].lower() in "aeiou"
        return self.say("expr.indefinite_vowel" if vowel else "expr.indefinite", x=noun)

    def trigger(self, d: N.TriggerDecl) -> Entry:
        w = self.words
        w.start_rule(d)
        when = self.say("rule.trigger_when", cond=w.expr(d.when)) if d.when is not None else ""
        head = self.say("rule.trigger", event=w.name(d.event), when=when)
        return self.entry(d, [Line(0, head), *w.block(d.body, 1)])

    def define(self, d: N.FuncDecl) -> Entry:
        w = self.words
        w.start_rule(d)
        body = w.expr(d.body)
        template = self.f.names.get("reads:" + d.name)
        if template is not None:  # the rule's own words with its parameters' names
            head = template.format("", *(w.local(p.name) for p in d.params))
            key = "rule.define_reads_test" if w.is_test(d.body) else "rule.define_reads"
            text = self.say(key, head=head, body=body)
        elif d.params:
            text = self.say("rule.define_params", label=w.name(d.name),
                            params=", ".join(w.local(p.name) for p in d.params), body=body)
        else:
            text = self.say("rule.define", label=w.name(d.name), body=body)
        return self.entry(d, [Line(0, capital(text))])

    def ending(self, end: list[str]) -> Section:
        say, w = self.say, self.words
        entries = [self.procedure(n) for n in end]
        score, tiebreak = self.decls.get("score"), self.decls.get("tiebreak")
        lines = []
        most = say("overview.least" if isinstance(score, N.FuncDecl) and score.lowest
                   else "overview.most")
        if isinstance(score, N.FuncDecl):
            body = score.body  # a score kept per player reads as the name of what is kept
            kept = body.obj.id if isinstance(body, N.Index) and isinstance(body.obj, N.Name) \
                else None
            label = w.name("score") if score.label else w.name(kept) if kept \
                else w.expr(body)
            lines.append(Line(0, say("overview.winner", most=most, score=label)))
        if isinstance(tiebreak, N.FuncDecl):
            label = w.name("tiebreak") if tiebreak.label else w.expr(tiebreak.body)
            lines.append(Line(0, say("overview.tiebreak", tiebreak=label, most=say(
                "overview.most"))))
        lines.append(Line(0, say("overview.shared")))
        if isinstance(score, N.FuncDecl):
            entries.append(Entry("score", say("winner.score"), lines, score.cite
                                 or (tiebreak.cite if tiebreak else None)))
        return Section("end", say("section.end"), entries=entries)


def compact(names: list[str]) -> list[str]:
    """Names said shortly: a run of numbered names as one ("square 1-8"), the names that
    share a first part as one ("Row A: red, blue, green")."""
    out: list[str] = []
    run: list[tuple[str, int]] = []

    def flush() -> None:
        if run:
            stem, first, last = run[0][0], run[0][1], run[-1][1]
            out.append(f"{stem}{first}" if first == last else f"{stem}{first}–{last}")
            run.clear()

    for name in names:
        m = re.fullmatch(r"(.*?)(\d+)", name)
        if m and run and run[-1][0] == m.group(1) and run[-1][1] + 1 == int(m.group(2)):
            run.append((m.group(1), int(m.group(2))))
            continue
        flush()
        if m:
            run.append((m.group(1), int(m.group(2))))
        else:
            out.append(name)
    flush()
    heads = [n.rpartition(", ")[0] for n in out]
    if all(heads) and len(set(heads)) < len(out):
        grouped: dict[str, list[str]] = {}
        for n, h in zip(out, heads, strict=True):
            grouped.setdefault(h, []).append(n.rpartition(", ")[2])
        return [f"{h}: {', '.join(rest)}" for h, rest in grouped.items()]
    return out


def build_book(facts: Facts, lang: str = "en") -> Book:
    return Builder(facts, lang).build()
