"""Which paragraphs of a source text the rules of a ruleset cite, and which no rule does.

A paragraph is *cited directly* by a citation that names it: by a label (`the 1st action, A`)
or by quoting its words. It is cited *through its section* by a citation of a whole section
(`Preparation`) that holds it. Headings are not paragraphs; the paragraphs and sections are
those of sourcetext.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from interpreter.editions.citations import Report, Rule, check_citations
from interpreter.editions.sourcetext import SourceText
from interpreter.language.book.comments import no_paragraph
from interpreter.language.errors import RulesError


@dataclass
class Coverage:
    ruleset: str
    source: str
    text: SourceText
    written: str  # the text's path as the manifest writes it
    direct: dict[int, list[str]] = field(default_factory=dict)  # paragraph -> rules
    through: dict[int, list[str]] = field(default_factory=dict)  # paragraph -> rules
    section_rules: dict[int, list[str]] = field(default_factory=dict)  # section -> rules
    uncited_rules: list[Rule] = field(default_factory=list)
    rule_count: int = 0

    @property
    def paragraphs(self) -> list[int]:
        return [i for i, p in enumerate(self.text.paragraphs) if not p.heading]

    def uncited(self) -> list[int]:
        return [i for i in self.paragraphs if i not in self.direct and i not in self.through]

    def summary(self) -> dict[str, Any]:
        total = len(self.paragraphs)
        direct = sum(1 for i in self.paragraphs if i in self.direct)
        through = sum(1 for i in self.paragraphs if i not in self.direct and i in self.through)
        sections = {s.title for s in self.text.sections}
        cited_sections = {self.text.sections[s].title for s in self.section_rules}
        return {"paragraphs": total, "cited": direct + through, "cited_directly": direct,
                "cited_through_section": through,
                "share": round((direct + through) / total, 4) if total else 0.0,
                "sections": len(sections), "sections_cited": len(cited_sections),
                "rules": self.rule_count, "rules_citing_nothing": len(self.uncited_rules),
                "rules_saying_why": sum(1 for r in self.uncited_rules if no_paragraph(r))}

    def summary_line(self) -> str:
        s = self.summary()
        share = f"{100 * s['share']:.0f}%" if s["paragraphs"] else "-"
        return (f"{s['cited']} of {s['paragraphs']} paragraphs of {self.source} cited "
                f"({share}): {s['cited_directly']} directly (a label or quoted words), "
                f"{s['cited_through_section']} through a section cited whole; "
                f"{s['sections_cited']} of {s['sections']} sections cited; "
                f"{s['rules_citing_nothing']} of {s['rules']} rules cite nothing"
                + (f" ({s['rules_saying_why']} of them say why)" if s["rules_saying_why"]
                   else ""))


def coverage(ruleset: Any, source: str | None = None) -> Coverage:
    """The coverage of one source text (default: the ruleset's default source, or its only
    one) by the citations of a loaded ruleset. RulesError when there is no such text."""
    report = check_citations(ruleset)
    sid = _pick_source(report, ruleset, source)
    text = report.texts.get(sid)
    if text is None:
        why = report.unchecked.get(sid, f"its text {report.sources[sid].written} is not there")
        raise RulesError(f"source '{sid}': {why}: coverage needs it")
    cov = Coverage(ruleset.name, sid, text, report.sources[sid].written)
    for found in report.found:
        if found.source != sid:
            continue
        rule = found.cited.rule
        into = cov.direct if found.direct else cov.through
        for i in found.paragraphs:
            if not text.paragraphs[i].heading:
                _add(into, i, rule)
        for s in found.sections:
            _add(cov.section_rules, s, rule)
    rules = _rules_for(ruleset, report, sid)
    cov.uncited_rules = [r for r in rules if r.cite is None]
    cov.rule_count = len(rules)
    return cov


def _rules_for(ruleset: Any, report: Report, sid: str) -> list[Rule]:
    """The rules that may cite `sid`: all of them when the base layer names that text; for a
    text only an overlay names (an edition's), the rules of the layers that name it, not the
    base game's, which cite another text."""
    layers = ruleset.layers
    if not layers or sid in (layers[0].manifest.get("sources") or {}):
        return report.rules
    files = {rf.path for layer in layers if sid in (layer.manifest.get("sources") or {})
             for rf in layer.rule_files}
    return [r for r in report.rules if r.loc.file in files]


def _pick_source(report: Report, ruleset: Any, source: str | None) -> str:
    if not report.sources:
        raise RulesError(f"{ruleset.name} names no source texts ('sources' in its manifest)")
    if source is not None:
        if source not in report.sources:
            raise RulesError(f"{ruleset.name} has no source '{source}'; its sources: "
                             f"{', '.join(report.sources)}")
        return source
    default = next((layer.manifest.get("cite") for layer in reversed(ruleset.layers)
                    if layer.manifest.get("cite") in report.sources), None)
    if default is not None:
        return default
    if len(report.sources) == 1:
        return next(iter(report.sources))
    raise RulesError(f"{ruleset.name} has several sources ({', '.join(report.sources)}): "
                     "say which one with --source")


def _add(into: dict[int, list[str]], key: int, rule: str) -> None:
    names = into.setdefault(key, [])
    if rule not in names:
        names.append(rule)


# ---------------------------------------------------------------------------- output
def coverage_json(cov: Coverage) -> dict[str, Any]:
    text = cov.text
    sections = []
    for s, sec in enumerate(text.sections):
        sections.append({
            "title": sec.title, "line": sec.line, "level": sec.level,
            "rules": cov.section_rules.get(s, []),
            "paragraphs": [_paragraph_json(cov, i) for i in text.own(s)]})
    before = [i for i in cov.paragraphs if text.paragraphs[i].section is None]
    return {
        "ruleset": cov.ruleset, "source": cov.source, "file": cov.written,
        "reading": text.style,
        "before_first_heading": [_paragraph_json(cov, i) for i in before],
        "sections": sections,
        "uncited_paragraphs": [_paragraph_json(cov, i) for i in cov.uncited()],
        "uncited_rules": [{"name": r.name, "kind": r.kind, "at": str(r.loc),
                           "why": no_paragraph(r)} for r in cov.uncited_rules],
        "summary": cov.summary(),
    }


def _paragraph_json(cov: Coverage, i: int) -> dict[str, Any]:
    p = cov.text.paragraphs[i]
    return {"line": p.line, "end": p.end, "text": p.text, "labels": list(p.labels),
            "rules": cov.direct.get(i, []), "through_section": cov.through.get(i, [])}


LEGEND = ("  * cited directly (a label or quoted words)   + cited through its section   "
          "- cited by no rule")


def coverage_text(cov: Coverage, uncited_only: bool = False, width: int = 100) -> str:
    text = cov.text
    out = [f"Coverage of {cov.source} ({cov.written}) by the rules of {cov.ruleset}",
           f"  read as a {text.style} text: {len(text.sections)} headings, "
           f"{len(cov.paragraphs)} paragraphs (docs/editions.md says how)", LEGEND, ""]

    def row(i: int, indent: str) -> str | None:
        p = text.paragraphs[i]
        if i in cov.direct:
            mark, rules = "*", cov.direct[i]
        elif i in cov.through:
            mark, rules = "+", []
        else:
            mark, rules = "-", []
        if uncited_only and mark != "-":
            return None
        head = f"{indent}{mark} {p.line:>4}  "
        tail = f"  {_names(rules)}" if rules else ""
        room = max(width - len(head) - len(tail), 20)
        words = p.text if len(p.text) <= room else p.text[:room - 3].rstrip() + "..."
        return f"{head}{words}{tail}"

    before = [i for i in cov.paragraphs if text.paragraphs[i].section is None]
    if before:
        out.append("(before the first heading)")
        out.extend(r for i in before if (r := row(i, "  ")) is not None)
    for s, sec in enumerate(text.sections):
        indent = "  " * (sec.level - 1)
        rows = [r for i in text.own(s) if (r := row(i, indent + "  ")) is not None]
        if uncited_only and not rows:
            continue
        cited = cov.section_rules.get(s)
        by = f"; cited by {_names(cited, 8)}" if cited else ""
        out.append(f"{indent}{sec.title}  (line {sec.line}{by})")
        out.extend(rows)
    uncited = cov.uncited()
    out += ["", f"Paragraphs no rule cites: {len(uncited)} (marked '-' above)"]
    said = [(r, no_paragraph(r)) for r in cov.uncited_rules]
    if any(why for _, why in said):
        out.append(f"Rules that say why they cite no paragraph "
                   f"({sum(1 for _, why in said if why)}; '# No paragraph: ...'):")
        out += [f"  {r.name}: {why}" for r, why in said if why]
    silent = [r for r, why in said if not why]
    if silent:
        out.append(f"Rules that cite nothing ({len(silent)}):")
        by_kind: dict[str, list[str]] = {}
        for r in silent:
            by_kind.setdefault(r.kind, []).append(r.name)
        for kind, names in by_kind.items():
            out.append(f"  {kind}: {', '.join(names)}")
    out += ["", cov.summary_line()]
    return "\n".join(out)


def _names(names: list[str], most: int = 4) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" (+{len(names) - most} more)" if len(names) > most else "")
