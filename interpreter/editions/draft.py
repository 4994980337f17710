"""A draft review (`rules review EDITION --draft`): every unit of the reference and of the
edition in an entry, from the first pass's alignment, with a proposed verdict and
`status: draft` until a person confirms it (by removing the status).

- a pair of units: `same` only where words and numbers agree (for a translated edition the
  words cannot be compared: `unclear`, with what the first pass found); otherwise `unclear`
  with the first pass's proposals in `note`;
- a unit of the reference with no counterpart: `omitted`;
- a unit of the edition with no counterpart: `added`.

Entries a person has reviewed (no `status`) are kept as written, with the file's comments;
their pairs stand in the alignment. Draft entries are drafted again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from interpreter.editions.units import Unit, UnitIndex

QUOTE_WORDS = (5, 8, 12, 20)  # the words of a unit tried, in turn, as its quote
_KEYS = ("ref", "ref_at", "ed", "ed_at", "gloss", "verdict", "status", "note")


def quote_of(unit: Unit, index: UnitIndex) -> tuple[str, int | None]:
    """Words of a unit that no other unit has (its first words, as few as will do), or its
    first words and its line when every cut of them is in other units too."""
    words = unit.text.split()
    for n in (*QUOTE_WORDS, len(words)):
        quote = " ".join(words[:n])
        found, _ = index.find(quote)
        if found == [unit]:
            return quote, None
        if n >= len(words):
            break
    return " ".join(words[:QUOTE_WORDS[1]]), unit.line


def draft_entries(review: Any) -> list[dict[str, Any]]:
    """The draft entries for what the review's reviewed entries leave (see the module)."""
    from interpreter.editions.align import align, first_pass, one_language

    confirmed = [e for e in review.entries if e.status != "draft"]
    fixed = {e.ref_unit.line: [u.line for u in e.ed_units] for e in confirmed
             if e.ref_unit is not None and e.ed_units}
    pairs = align(review.ref_units, review.ed_units, fixed)
    for e in confirmed:
        if e.ref_unit is not None and e.kind == "omitted":
            pairs.pop(e.ref_unit.line, None)
    same_language = one_language(review.ref_units, review.ed_units)
    found = first_pass(review.ref_units, review.ed_units, pairs, same_language=same_language,
                       glossary=review.glossary, language=review.language)
    about: dict[tuple[str, int], list[str]] = {}
    for p in found:
        if p.kind not in ("omission", "addition"):
            about.setdefault((p.side, p.unit.line), []).append(f"{p.kind}: {p.detail}")
    done_ref = {e.ref_unit.line for e in confirmed if e.ref_unit is not None}
    done_ed = {u.line for e in confirmed for u in e.ed_units}
    ref_index, ed_index = UnitIndex(review.ref_units), UnitIndex(review.ed_units)
    by_ed = {u.line: u for u in review.ed_units}
    out: list[dict[str, Any]] = []
    taken: set[int] = set(done_ed)
    for unit in review.ref_units:
        if unit.line in done_ref:
            continue
        entry: dict[str, Any] = {}
        entry["ref"], entry["ref_at"] = quote_of(unit, ref_index)
        lines = [line for line in pairs.get(unit.line, []) if line not in done_ed]
        notes = about.get(("ref", unit.line), []) + [
            note for line in lines for note in about.pop(("ed", line), [])]
        if not lines:
            entry["verdict"] = "omitted"
            notes = notes + ["the first pass found no counterpart in the edition"]
        else:
            quotes = [quote_of(by_ed[line], ed_index) for line in lines]
            entry["ed"] = [q for q, _ in quotes] if len(quotes) > 1 else quotes[0][0]
            ats = [at for _, at in quotes]
            entry["ed_at"] = (ats if len(ats) > 1 else ats[0]) if any(ats) else None
            taken.update(lines)
            if same_language and not notes:
                entry["verdict"] = "same"
            else:
                entry["verdict"] = "unclear"
                if not same_language and not notes:
                    notes = ["translated: the numbers agree; read it and give a gloss"]
        entry["status"] = "draft"
        entry["note"] = "; ".join(notes) if notes else None
        out.append(entry)
    for unit in review.ed_units:
        if unit.line in taken:
            continue
        quote, at = quote_of(unit, ed_index)
        notes = about.get(("ed", unit.line), []) + [
            "the first pass found no counterpart in the reference"]
        out.append({"ed": quote, "ed_at": at, "verdict": "added", "status": "draft",
                    "note": "; ".join(notes)})
    return [{k: e[k] for k in _KEYS if e.get(k) is not None} for e in out]


def dump_entries(entries: list[dict[str, Any]], indent: int) -> str:
    """Entries as YAML list items, indented as the file's own."""
    import yaml

    text = yaml.safe_dump(entries, sort_keys=False, allow_unicode=True, width=100,
                          default_flow_style=False)
    return "".join(" " * indent + line + "\n" for line in text.splitlines())


def write_draft(review: Any, path: Path) -> tuple[int, int, dict[str, int]]:
    """Writes the draft into the review file: the reviewed entries kept as written, the draft
    entries replaced. Returns (reviewed entries kept, draft entries written, drafts by
    verdict)."""
    from interpreter.language.writing import write_atomic

    entries = draft_entries(review)
    counts: dict[str, int] = {}
    for e in entries:
        counts[e["verdict"]] = counts.get(e["verdict"], 0) + 1
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    spans, indent, end = _item_spans(path)
    if not spans:  # `units: []`: the list starts here
        lines[end - 1] = "units:\n"
    drafts = {k for k, e in enumerate(review.entries) if e.status == "draft"}
    cut = set()
    for k in drafts:
        if k < len(spans):
            cut.update(range(*spans[k]))
    kept = [line for n, line in enumerate(lines[:end]) if n not in cut]
    rest = lines[end:]
    if kept and not kept[-1].endswith("\n"):
        kept[-1] += "\n"
    write_atomic(path, "".join(kept) + dump_entries(entries, indent) + "".join(rest))
    return len(review.entries) - len(drafts), len(entries), counts


def _item_spans(path: Path) -> tuple[list[tuple[int, int]], int, int]:
    """The lines (from 0, end excluded) of each item of the file's `units` list, the column
    of its items, and the line where the list ends."""
    import yaml

    from interpreter.language.files import read_text, strict_loader

    root = yaml.compose(read_text(path), Loader=strict_loader())
    for key, value in root.value:
        if key.value == "units" and isinstance(value, yaml.SequenceNode):
            items = value.value
            if not items:
                return [], 2, key.start_mark.line + 1
            if value.flow_style:
                raise ValueError("the review's 'units' is written in brackets: write its "
                                 "entries one under the other ('- ref: ...')")
            starts = [item.start_mark.line for item in items]
            end = _end_line(value)
            spans = [(s, starts[k + 1] if k + 1 < len(starts) else end)
                     for k, s in enumerate(starts)]
            return spans, items[0].start_mark.column - 2, end
    raise ValueError("the review has no list 'units'")


def _end_line(node: Any) -> int:
    """The line after the last line of a node's text."""
    mark = node.end_mark
    return mark.line + (1 if mark.column > 0 else 0)
