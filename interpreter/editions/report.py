"""A report of an edition's review for its publisher (`rules review EDITION --report FILE`):
each reading with its class, the reference's words and the edition's (with the English gloss),
and the rules that encode it; then the units the edition leaves out, those it adds, those that
could not be decided, and the drafts still open. As Markdown (`.md`) or as a table (`.csv`,
one row a unit)."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

FORMATS = (".md", ".csv")


def _mentions(entry: Any, ident: str) -> bool:
    return entry.reading == ident or bool(
        re.search(rf"reading {re.escape(ident)}(?![\w-])", entry.note or ""))


def _encoding(review: Any, ruleset: Any) -> dict[str, str]:
    """Reading id -> the rules that encode it, in words."""
    from interpreter.editions.review import encoded_readings

    out = {}
    for ident, reading in encoded_readings(review, ruleset, list(review.readings)).items():
        names = ", ".join(reading.names) or "no rule"
        out[ident] = f"reading unit at {reading.loc}: {names}"
    for ident, info in review.readings.items():
        if ident not in out:
            why = info.get("not_encoded")
            out[ident] = f"not encoded: {why}" if why else (
                "not encoded (no rule of this ruleset)" if info.get("class") ==
                "changes the game" else "not encoded (the game is the same)")
    return out


def rows(review: Any, ruleset: Any, played: dict[str, str] | None = None
         ) -> list[dict[str, str]]:
    """One row a recorded difference: readings first (by id, as listed), then omitted,
    added, unclear units, then drafts still open. `played`: reading id -> what it does in
    play."""
    encoded = _encoding(review, ruleset)
    out = []

    def row(section: str, e: Any, ident: str = "") -> dict[str, str]:
        info = review.readings.get(ident, {})
        return {"section": section, "reading": ident, "class": info.get("class", ""),
                "title": info.get("title", ""),
                "reference line": str(e.ref_unit.line) if e.ref_unit else "",
                "reference": _flat(e.ref_unit.text) if e.ref_unit else "",
                "edition lines": " ".join(str(u.line) for u in e.ed_units),
                "edition": " / ".join(_flat(u.text) for u in e.ed_units),
                "gloss": _flat(e.gloss or ""), "encoded by": encoded.get(ident, ""),
                "in play": (played or {}).get(ident, ""),
                "verdict": e.verdict, "status": e.status or "", "note": _flat(e.note or "")}

    for ident in review.readings:
        for e in review.entries:
            if _mentions(e, ident):
                out.append(row("reading", e, ident))
    for section in ("omitted", "added", "unclear"):
        out += [row(section, e) for e in review.entries
                if e.kind == section and e.status != "draft"]
    out += [row("draft", e) for e in review.entries if e.status == "draft" and e.kind != "same"]
    return out


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def report_csv(review: Any, ruleset: Any, played: dict[str, str] | None = None) -> str:
    found = rows(review, ruleset, played)
    buffer = io.StringIO()
    fields = ["section", "reading", "class", "title", "reference line", "reference",
              "edition lines", "edition", "gloss", "encoded by", "in play", "verdict", "status",
              "note"]
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for r in found:
        writer.writerow(r)
    return buffer.getvalue()


def _cell(text: str) -> str:
    return text.replace("|", "\\|") or " "


def report_markdown(review: Any, ruleset: Any, played: dict[str, str] | None = None) -> str:
    found = rows(review, ruleset, played)
    ref, ed = review.ref_text.path.name, review.ed_text.path.name
    lines = [f"# {review.edition} ({ed}) against {review.reference} ({ref})", "",
             f"{review.summary()}.", ""]
    drafts = sum(e.status == "draft" for e in review.entries)
    if drafts:
        lines += [f"**Not final:** {drafts} entr{'y is' if drafts == 1 else 'ies are'} still "
                  "drafts (proposed by the first pass, not yet confirmed by a person).", ""]
    by_class: dict[str, int] = {}
    for info in review.readings.values():
        by_class[info["class"]] = by_class.get(info["class"], 0) + 1
    lines += ["## Readings", "",
              "Where the edition says something other than the reference: "
              + (", ".join(f"{n} {k}" for k, n in by_class.items()) or "none") + ".", ""]
    encoded = _encoding(review, ruleset)
    for ident, info in review.readings.items():
        lines += [f"### {ident}: {info['title']}", "", f"- class: {info['class']}",
                  f"- encoded by: {encoded[ident]}"]
        if played and ident in played:
            lines.append(f"- in play, on its own: {played[ident]}")
        lines.append("")
        mine = [r for r in found if r["section"] == "reading" and r["reading"] == ident]
        if mine:
            lines += _table(mine, review)
    for section, title in (("omitted", "Left out by the edition (omitted)"),
                           ("added", "Added by the edition"),
                           ("unclear", "Not decided (unclear)"),
                           ("draft", "Drafts still open (not same)")):
        mine = [r for r in found if r["section"] == section]
        lines += [f"## {title}: {len(mine)}", ""]
        if mine:
            lines += _table(mine, review)
    return "\n".join(lines)


def _table(found: list[dict[str, str]], review: Any) -> list[str]:
    gloss = review.language not in (None, "en")
    head = ["line", review.reference, "line", review.edition] + (["gloss"] if gloss else []) \
        + ["verdict", "note"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in found:
        cells = [r["reference line"], r["reference"], r["edition lines"], r["edition"]] + \
            ([r["gloss"]] if gloss else []) + [r["verdict"], r["note"]]
        out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return out + [""]
