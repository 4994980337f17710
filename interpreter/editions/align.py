"""The first pass of a review, before anyone reads: the units of the reference and of the
edition aligned, and what may differ, found without understanding either language.

**Alignment.** Pairs a person has recorded (the review's entries) stand. The other units are
paired by a likeness made of what survives translation: the numbers written in digits, words
and names the two texts share (names of places, labels such as `A)`, `(2)`, words of a text in
the same language), the kind of unit, and the place in the text. Units very much alike are
paired first wherever they are (a page's sidebar that an extraction put elsewhere); the rest
are aligned in order (a monotone alignment, as `difflib` aligns lines).

**Proposals**, for a person to confirm or dismiss:
- `numbers`: an aligned pair whose numbers differ (counts, values, VP, players);
- `omission`: a unit of the reference with no counterpart;
- `addition`: a unit of the edition with no counterpart;
- `summary`: a summary line or caption whose numbers are not in the main text it sums up (the
  unit of the same text most like it that is neither a summary nor a caption)."""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass

from interpreter.editions.sourcetext import fold
from interpreter.editions.units import Unit

ANCHOR = 0.6  # units this alike are paired first, wherever they are
VERBATIM = 12  # the least length (folded) of a unit found word for word
CONTAINED = 0.8  # the share of a unit's words that makes it part of another
THRESHOLD = 0.3  # the least likeness for two units to be aligned in order, between those
_WORD = re.compile(r"[^\W\d_]{3,}|[A-Z]\)|\(\d\)|\d+")


@dataclass(frozen=True)
class Proposal:
    kind: str  # numbers | omission | addition | summary
    side: str  # ref | ed: the text of the unit the proposal is about
    unit: Unit
    other: Unit | None  # the counterpart (numbers), the main text (summary)
    detail: str


@functools.lru_cache(maxsize=4096)
def _words(unit: Unit) -> Counter:
    return Counter(w.lower() for w in _WORD.findall(unit.text))


@functools.lru_cache(maxsize=4096)
def _numbers(unit: Unit) -> Counter:
    return Counter(unit.numbers())


def likeness(a: Unit, b: Unit, pos_a: float, pos_b: float) -> float:
    """How alike two units look, from 0 to about 1, without reading them."""
    wa, wb = _words(a), _words(b)
    words = 2 * sum((wa & wb).values()) / max(sum(wa.values()) + sum(wb.values()), 1)
    na, nb = _numbers(a), _numbers(b)
    if na or nb:
        numbers = 2 * sum((na & nb).values()) / (sum(na.values()) + sum(nb.values()))
    else:
        numbers = 0.5
    la, lb = len(a.text), len(b.text)
    length = min(la, lb) / max(la, lb, 1)
    kind = 1.0 if a.kind == b.kind else 0.0
    place = max(0.0, 1 - 4 * abs(pos_a - pos_b))
    return 0.4 * words + 0.2 * numbers + 0.1 * length + 0.1 * kind + 0.2 * place


def align(ref: list[Unit], ed: list[Unit], fixed: dict[int, list[int]] | None = None
          ) -> dict[int, list[int]]:
    """Reference unit line -> edition unit lines: the pairs `fixed` (a person's), then the
    rest aligned between them in order, then leftovers paired out of order."""
    fixed = dict(fixed or {})
    out: dict[int, list[int]] = {k: list(v) for k, v in fixed.items()}
    used = {line for lines in fixed.values() for line in lines}
    for line, lines in _verbatim(ref, ed, out, used).items():
        out[line] = lines
        used.update(lines)
    ref_free = [i for i, u in enumerate(ref) if u.line not in out]
    ed_free = [j for j, u in enumerate(ed) if u.line not in used]
    pos_r = {i: i / max(len(ref) - 1, 1) for i in range(len(ref))}
    pos_e = {j: j / max(len(ed) - 1, 1) for j in range(len(ed))}
    score = {}
    for i in ref_free:
        for j in ed_free:
            score[i, j] = likeness(ref[i], ed[j], pos_r[i], pos_e[j])
    for _, i, j in sorted(((v, i, j) for (i, j), v in score.items() if v >= ANCHOR),
                          reverse=True):  # units alike enough to pair wherever they are
        if ref[i].line not in out and ed[j].line not in used:
            out[ref[i].line] = [ed[j].line]
            used.add(ed[j].line)
    ref_free = [i for i in ref_free if ref[i].line not in out]
    ed_free = [j for j in ed_free if ed[j].line not in used]
    for i, j in _in_order(ref_free, ed_free, score):
        out[ref[i].line] = [ed[j].line]
        used.add(ed[j].line)
    _parts(ref, ed, out, used)
    return out


_BULLET = re.compile(r"^(?:[-*•–—·▪◦‣⁃●▶►⇒z]\s+)+")  # `z`: a bullet as an extraction gives it


def _verbatim(ref: list[Unit], ed: list[Unit], out: dict[int, list[int]], used: set[int]
              ) -> dict[int, list[int]]:
    """Units of the reference whose words occur once, word for word, in the edition's text
    (the same book cut otherwise): the edition units they span (spacing, line breaks and
    bullets do not count)."""
    keys = [fold(_BULLET.sub("", u.text.strip())) for u in ed]
    joined = "".join(keys)
    starts, at = [], 0
    for key in keys:
        starts.append(at)
        at += len(key)
    found: dict[int, list[int]] = {}
    for unit in ref:
        key = fold(_BULLET.sub("", unit.text.strip()))
        if unit.line in out or len(key) < VERBATIM:
            continue
        first = joined.find(key)
        if first < 0 or joined.find(key, first + 1) >= 0:
            continue
        end = first + len(key)
        found[unit.line] = [ed[k].line for k in range(len(ed))
                            if starts[k] < end and starts[k] + len(keys[k]) > first and keys[k]]
    return found


def _inside(part: Unit, whole: Unit) -> bool:
    """Most of the words of `part` (three or more) are words of `whole`: one text cut a
    paragraph where the other did not."""
    wp, ww = _words(part), _words(whole)
    size = sum(wp.values())
    return size >= 3 and sum((wp & ww).values()) >= CONTAINED * size


def _parts(ref: list[Unit], ed: list[Unit], out: dict[int, list[int]], used: set[int]) -> None:
    """Units left over that are a part of a unit already paired (a paragraph one text cuts
    in two): an edition unit joins its reference unit's counterparts; a reference unit
    shares the edition unit it is part of."""
    by_ed = {u.line: u for u in ed}
    for unit in ed:
        if unit.line in used:
            continue
        host = next((r for r in ref if r.line in out and _inside(unit, r)), None)
        if host is not None:
            out[host.line].append(unit.line)
            used.add(unit.line)
    for unit in ref:
        if unit.line in out:
            continue
        host = next((line for line in sorted(used) if _inside(unit, by_ed[line])), None)
        if host is not None:
            out[unit.line] = [host]


def _in_order(rows: list[int], cols: list[int], score: dict) -> list[tuple[int, int]]:
    """The pairs of a best monotone alignment (each pair worth its likeness less THRESHOLD)."""
    n, m = len(rows), len(cols)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for a in range(n - 1, -1, -1):
        row, below = best[a], best[a + 1]
        for b in range(m - 1, -1, -1):
            gain = score[rows[a], cols[b]] - THRESHOLD
            row[b] = max(below[b], row[b + 1], below[b + 1] + gain if gain > 0 else 0.0)
    pairs, a, b = [], 0, 0
    while a < n and b < m:
        gain = score[rows[a], cols[b]] - THRESHOLD
        if gain > 0 and best[a][b] == best[a + 1][b + 1] + gain:
            pairs.append((rows[a], cols[b]))
            a, b = a + 1, b + 1
        elif best[a][b] == best[a + 1][b]:
            a += 1
        else:
            b += 1
    return pairs


def first_pass(ref: list[Unit], ed: list[Unit], pairs: dict[int, list[int]],
               added: set[int] | None = None) -> list[Proposal]:
    """What may differ (see the module's text). `added`: edition units a person has marked
    as added (no counterpart wanted)."""
    by_ref = {u.line: u for u in ref}
    by_ed = {u.line: u for u in ed}
    out: list[Proposal] = []
    used = {line for lines in pairs.values() for line in lines}
    sharing: dict[int, list[Unit]] = {}  # edition unit -> the reference units paired with it
    for unit in ref:
        for line in pairs.get(unit.line, []):
            sharing.setdefault(line, []).append(unit)
    told: set[int] = set()
    for unit in ref:
        lines = pairs.get(unit.line)
        if not lines:
            out.append(Proposal("omission", "ref", unit, None,
                                "no counterpart in the edition"))
            continue
        group = {u.line: u for line in lines for u in sharing[line]}  # one text cut otherwise
        if unit.line != min(group) or unit.line in told:
            continue
        told |= set(group)
        mine = Counter(n for u in group.values() for n in u.numbers())
        theirs = Counter(n for line in dict.fromkeys(
            x for u in group.values() for x in pairs[u.line]) for n in by_ed[line].numbers())
        if mine != theirs:
            gone, new = sorted((mine - theirs).elements()), sorted((theirs - mine).elements())
            out.append(Proposal("numbers", "ref", unit, by_ed[lines[0]],
                                _numbers_detail(gone, new)))
    for unit in ed:
        if unit.line not in used and unit.line not in (added or set()):
            out.append(Proposal("addition", "ed", unit, None, "no counterpart in the reference"))
    for side, units in (("ref", ref), ("ed", ed)):
        out += _summaries(side, units)
    del by_ref
    return out


def _numbers_detail(gone: list[str], new: list[str]) -> str:
    parts = []
    if gone:
        parts.append(f"only the reference has {', '.join(gone)}")
    if new:
        parts.append(f"only the edition has {', '.join(new)}")
    return "; ".join(parts)


def _summaries(side: str, units: list[Unit]) -> list[Proposal]:
    """Summary lines and captions with numbers that their main text does not have."""
    main = [u for u in units if u.kind not in ("summary", "caption", "heading")]
    positions = {u.line: k / max(len(units) - 1, 1) for k, u in enumerate(units)}
    out = []
    for unit in units:
        if unit.kind not in ("summary", "caption") or not unit.numbers() or not main:
            continue
        best = max(main, key=lambda m: likeness(unit, m, 0, 0) - 0.01 * abs(
            positions[unit.line] - positions[m.line]))
        missing = sorted((Counter(unit.numbers()) - Counter(best.numbers())).elements())
        if missing and best.numbers():
            out.append(Proposal("summary", side, unit, best,
                                f"{', '.join(missing)} not in its main text (line {best.line})"))
    return out
