"""An edition's review as a web page, side by side: the reference's unit | the edition's unit
and its English gloss | the rules that cite either | the verdict (`rules review --html`)."""

from __future__ import annotations

import html
from typing import Any

from interpreter.editions.citations import check_citations
from interpreter.editions.units import Unit

_STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { border-top: 1px solid #ccc; padding: .4em .5em; vertical-align: top; text-align: left; }
th { background: #f4f4f4; position: sticky; top: 0; }
td.line { color: #888; font-size: 12px; white-space: nowrap; }
td.rules { font-size: 12px; color: #555; max-width: 14em; }
.gloss { color: #555; font-style: italic; display: block; margin-top: .3em; }
.kind { color: #888; font-size: 11px; }
.same { background: #fff; } .reading { background: #fff4d6; } .omitted { background: #fde2e2; }
.unclear { background: #e8e2fd; } .added { background: #e2f3fd; } .none { background: #eee; }
.verdict { font-weight: 600; white-space: nowrap; }
.note { font-weight: normal; color: #555; display: block; font-size: 12px; }
"""


def review_page(review: Any, ruleset: Any) -> str:
    citing = _citing(ruleset, review)
    verdicts = review.verdict_of()
    by_ed = {u.line: u for u in review.ed_units}
    rows = []
    for unit in review.ref_units:
        e = verdicts.get(unit.line)
        eds = e.ed_units if e else []
        rules = sorted(set(citing.get((review.reference, unit.line), []))
                       | {r for u in eds for r in citing.get((review.edition, u.line), [])})
        rows.append(_row(unit, eds, e, rules))
    for e in review.added():
        rules = sorted({r for u in e.ed_units for r in citing.get((review.edition, u.line), [])})
        rows.append(_row(None, e.ed_units, e, rules))
    del by_ed
    title = f"Review of {review.edition} against {review.reference}"
    head = ("<tr><th>line</th><th>" + html.escape(review.reference) + "</th><th>line</th><th>"
            + html.escape(review.edition) + " (gloss)</th><th>rules citing</th>"
            "<th>verdict</th></tr>")
    return (f"<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}"
            f"</title><style>{_STYLE}</style></head><body>\n<h1>{html.escape(title)}</h1>\n"
            f"<p>{html.escape(review.summary())}</p>\n<table>\n{head}\n" + "\n".join(rows)
            + "\n</table></body></html>\n")


def _row(ref: Unit | None, eds: list[Unit], e: Any, rules: list[str]) -> str:
    kind = e.kind if e else "none"
    verdict = html.escape(e.verdict if e else "(no verdict)")
    note = f"<span class=\"note\">{html.escape(e.note)}</span>" if e and e.note else ""
    gloss = f"<span class=\"gloss\">{html.escape(e.gloss)}</span>" if e and e.gloss else ""
    ed_text = "<br>".join(_unit(u) for u in eds) + gloss
    ed_lines = ", ".join(str(u.line) for u in eds)
    return (f"<tr class=\"{kind}\"><td class=\"line\">{ref.line if ref else ''}</td>"
            f"<td>{_unit(ref) if ref else ''}</td><td class=\"line\">{ed_lines}</td>"
            f"<td>{ed_text}</td><td class=\"rules\">{html.escape(', '.join(rules))}</td>"
            f"<td class=\"verdict\">{verdict}{note}</td></tr>")


def _unit(u: Unit) -> str:
    return f"<span class=\"kind\">{u.kind}</span> {html.escape(u.text)}"


def _citing(ruleset: Any, review: Any) -> dict[tuple[str, int], list[str]]:
    """(source, unit line) -> the rules whose citations cover that unit."""
    report = check_citations(ruleset)
    out: dict[tuple[str, int], list[str]] = {}
    texts = {review.reference: (review.ref_text, review.ref_units),
             review.edition: (review.ed_text, review.ed_units)}
    for found in report.found:
        if found.source not in texts:
            continue
        text, units = texts[found.source]
        for i in found.paragraphs:
            para = text.paragraphs[i]
            for u in units:
                if para.line <= u.line <= para.end:
                    out.setdefault((found.source, u.line), []).append(found.cited.rule)
    return out
