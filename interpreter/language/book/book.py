"""The rules in effect as a book: which rule goes in which section, in which order, and each
rule's citation and rulings. The words of each construct are words.py's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from interpreter.language import nodes as N
from interpreter.language.book.comments import no_paragraph, rulings
from interpreter.language.book.model import Book, Entry, Section
from interpreter.language.book.phrases import Phrases
from interpreter.language.book.words import Line, Words, humane
from interpreter.language.reach import reachable

SETUP, PLAY, FINAL = "setup", "play", "final_scoring"
RANKING = ("score", "tiebreak")
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

    def entry(self, decl: N.Decl, lines: list[Line], title: str | None = None) -> Entry:
        e = Entry(key=decl.name, title=title or self.words.name(decl.name), lines=lines,
                  cite=decl.cite, rulings=self.rulings(decl),
                  about=self.f.names.get("about:" + decl.name))
        if decl.cite is None:
            why = no_paragraph(decl)
            e.no_cite = self.say("book.no_cite", why=self.words.tr(why)) if why else \
                self.say("book.no_cite_unknown")
        return e

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
                          [Line(0, self.words.expr(d.condition))], d.cite, rulings=self.rulings(d))
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
        lines = [Line(0, say("short.about", title=e.title, about=e.about))
                 for s in book.sections for e in s.entries if e.about]
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
        kind = w.name(p.type or "")
        if p.type and ".." in p.type:
            low, high = p.type.split("..", 1)
            kind = self.say("builtin.numbers", a=low, b=high)
        if not p.type or w.name(p.name) == kind:
            return w.name(p.name)
        return self.say("component.param", name=w.name(p.name), type=kind)

    def board(self) -> Section:
        say, w = self.say, self.words
        entries = []
        for kind, ids in self.f.entities.items():
            shown = [w.name(i) for i in ids[:ENTITY_NAMES_SHOWN]]
            if len(ids) > ENTITY_NAMES_SHOWN:
                shown.append(say("entity.more", n=len(ids) - ENTITY_NAMES_SHOWN))
            entries.append(Entry(kind, w.name(kind), [Line(0, say(
                "entity.list", type=w.name(kind), n=len(ids), names="; ".join(shown)))]))
        for name, links in self.f.relations.items():
            lines = [Line(0, say("relation.link", a=w.name(a), b="; ".join(w.name(x) for x in bs)))
                     for a, bs in links.items() if bs]
            if len(lines) > ENTITY_NAMES_SHOWN:
                more = say("entity.more", n=len(lines) - ENTITY_NAMES_SHOWN)
                lines = [*lines[:ENTITY_NAMES_SHOWN], Line(0, more)]
            entries.append(Entry(name, w.name(name), lines))
        return Section("board", say("section.board"), entries=entries)

    def zones(self) -> Section:
        say, w = self.say, self.words
        entries = []
        for d in self.decls.values():
            if not isinstance(d, N.ZoneDecl) or d.name not in self.used:
                continue
            parts = [say(f"zone.shape.{d.shape}"), say(f"zone.visibility.{d.visibility}")]
            if d.index:
                parts.insert(0, say("zone.per", index=", ".join(w.name(i) for i in d.index)))
            if d.of:
                parts.append(say("zone.of", kind=w.name(d.of)))
            entries.append(Entry(d.name, w.name(d.name), [Line(0, "; ".join(parts))], d.cite,
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
        if d.style == "grid" and rows:
            header = [self.f.names.get(c.id) or humane(c.id) if isinstance(c, N.Name)
                      else cell(c) for c in d.rows[0]]
            table = [header, *rows[1:]]
        else:
            table = [["", ""], *rows]
        e = Entry(d.name, w.name(d.name), [], d.cite, rulings=self.rulings(d))
        e.table = table
        return e

    # ------------------------------------------------------------------ rules

    def procedure(self, name: str) -> Entry:
        d = self.decls[name]
        assert isinstance(d, N.ProcDecl)
        w = self.words
        lines: list[Line] = []
        if d.params:
            params = ", ".join(w.local(p.name) for p in d.params)
            lines.append(Line(0, self.say("rule.with", params=params)))
        if d.when is not None:
            lines.append(Line(0, self.say("rule.when_replaced", cond=w.expr(d.when))))
        lines += w.block(d.body)
        fallback = d.fallback
        if fallback is not None:
            lines += [Line(1, x.text, x.step) for x in w.block(fallback.body)]
        return self.entry(d, lines)

    def trigger(self, d: N.TriggerDecl) -> Entry:
        w = self.words
        when = self.say("rule.trigger_when", cond=w.expr(d.when)) if d.when is not None else ""
        head = self.say("rule.trigger", event=w.name(d.event), when=when)
        return self.entry(d, [Line(0, head), *w.block(d.body, 1)])

    def define(self, d: N.FuncDecl) -> Entry:
        w = self.words
        body = w.expr(d.body)
        template = self.f.names.get("reads:" + d.name)
        if template is not None:  # the rule's own words with its parameters' names
            head = template.format("", *(w.local(p.name) for p in d.params))
            text = self.say("rule.define_reads", head=head, body=body)
        elif d.params:
            text = self.say("rule.define_params", label=w.name(d.name),
                            params=", ".join(w.local(p.name) for p in d.params), body=body)
        else:
            text = self.say("rule.define", label=w.name(d.name), body=body)
        return self.entry(d, [Line(0, text)])

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


def build_book(facts: Facts, lang: str = "en") -> Book:
    return Builder(facts, lang).build()
