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
.proposal { font-weight: normal; color: #a33; display: block; font-size: 12px; }
.draft { background: #333; color: #fff; font-size: 11px; padding: 0 .3em; border-radius: 3px; }
#filters { position: sticky; bottom: 0; background: #f4f4f4; padding: .5em; margin-top: 1em; }
"""


_FILTER = """
<form id="filters"><b>Show</b>
 verdict: {verdicts}
 | class: <select name="class"><option value="">any</option>{classes}</select>
 | <label><input type="checkbox" name="draft"> drafts only</label>
 <label><input type="checkbox" name="proposed"> with a first-pass proposal only</label>
 <span id="shown"></span>
</form>
<script>
function apply() {
  const f = document.getElementById('filters');
  const on = new Set([...f.querySelectorAll('input[name=verdict]:checked')].map(i => i.value));
  const cls = f.querySelector('select[name=class]').value;
  const draft = f.querySelector('input[name=draft]').checked;
  const proposed = f.querySelector('input[name=proposed]').checked;
  let n = 0;
  for (const tr of document.querySelectorAll('tr[data-verdict]')) {
    const show = on.has(tr.dataset.verdict) && (!cls || tr.dataset.class === cls)
      && (!draft || tr.dataset.draft === 'yes') && (!proposed || tr.dataset.proposed === 'yes');
    tr.style.display = show ? '' : 'none';
    n += show;
  }
  document.getElementById('shown').textContent = n + ' row(s)';
}
document.getElementById('filters').addEventListener('change', apply);
apply();
</script>
"""


def review_page(review: Any, ruleset: Any, found: list[Any] | None = None) -> str:
    """The page. `found`: the first pass's proposals (shown at their units); units without a
    verdict show the counterpart the first pass aligned them with."""
    from interpreter.editions.align import align

    citing = _citing(ruleset, review)
    verdicts = review.verdict_of()
    by_ed = {u.line: u for u in review.ed_units}
    aligned = align(review.ref_units, review.ed_units, review.paired())
    said: dict[tuple[str, int], list[str]] = {}
    for p in found or []:
        said.setdefault((p.side, p.unit.line), []).append(f"{p.kind}: {p.detail}")
    taken = {u.line for e in review.entries for u in e.ed_units}
    rows = []
    for unit in review.ref_units:
        e = verdicts.get(unit.line)
        eds = e.ed_units if e else [by_ed[line] for line in aligned.get(unit.line, [])]
        taken.update(u.line for u in eds)
        rules = sorted(set(citing.get((review.reference, unit.line), []))
                       | {r for u in eds for r in citing.get((review.edition, u.line), [])})
        told = said.get(("ref", unit.line), []) + [
            x for u in eds for x in said.get(("ed", u.line), [])]
        rows.append(_row(unit, eds, e, rules, told, review))
    for e in review.added():
        rules = sorted({r for u in e.ed_units for r in citing.get((review.edition, u.line), [])})
        told = [x for u in e.ed_units for x in said.get(("ed", u.line), [])]
        rows.append(_row(None, e.ed_units, e, rules, told, review))
    for unit in review.ed_units:  # units of the edition in no entry and paired with nothing
        if unit.line not in taken:
            rows.append(_row(None, [unit], None, [], said.get(("ed", unit.line), []), review))
    title = f"Review of {review.edition} against {review.reference}"
    head = ("<tr><th>line</th><th>" + html.escape(review.reference) + "</th><th>line</th><th>"
            + html.escape(review.edition) + " (gloss)</th><th>rules citing</th>"
            "<th>verdict</th></tr>")
    boxes = " ".join(f"<label><input type=\"checkbox\" name=\"verdict\" value=\"{k}\" "
                     f"checked> {k}</label>" for k in
                     ("same", "reading", "omitted", "unclear", "added", "none"))
    classes = "".join(f"<option>{html.escape(c)}</option>" for c in
                      dict.fromkeys(i.get("class", "") for i in review.readings.values()))
    return (f"<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}"
            f"</title><style>{_STYLE}</style></head><body>\n<h1>{html.escape(title)}</h1>\n"
            f"<p>{html.escape(review.summary())}</p>\n<table>\n{head}\n" + "\n".join(rows)
            + "\n</table>\n" + _FILTER.replace("{verdicts}", boxes).replace("{classes}", classes)
            + "</body></html>\n")


def _row(ref: Unit | None, eds: list[Unit], e: Any, rules: list[str], told: list[str],
         review: Any) -> str:
    kind = e.kind if e else "none"
    verdict = html.escape(e.verdict if e else "(no verdict)")
    if e is not None and e.status == "draft":
        verdict += " <span class=\"draft\">draft</span>"
    note = f"<span class=\"note\">{html.escape(e.note)}</span>" if e and e.note else ""
    note += "".join(f"<span class=\"proposal\">first pass: {html.escape(t)}</span>" for t in told)
    gloss = f"<span class=\"gloss\">{html.escape(e.gloss)}</span>" if e and e.gloss else ""
    aligned = "" if e is not None or not eds else \
        "<span class=\"note\">(paired by the first pass, not yet reviewed)</span>"
    ed_text = "<br>".join(_unit(u) for u in eds) + gloss + aligned
    ed_lines = ", ".join(str(u.line) for u in eds)
    reading = review.readings.get(e.reading, {}) if e is not None and e.reading else {}
    data = (f" data-verdict=\"{kind}\" data-class=\"{html.escape(reading.get('class', ''))}\""
            f" data-draft=\"{'yes' if e is not None and e.status == 'draft' else 'no'}\""
            f" data-proposed=\"{'yes' if told else 'no'}\"")
    return (f"<tr class=\"{kind}\"{data}><td class=\"line\">{ref.line if ref else ''}</td>"
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
