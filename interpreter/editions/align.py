"""The first pass of a review, before anyone reads: the units of the reference and of the
edition aligned, and what may differ, found without understanding either language.

**Alignment.** Pairs a person has recorded (the review's entries) stand. The other units are
paired by a likeness made of what survives translation: the numbers written in digits, words
and names the two texts share (names of places, labels such as `A)`, `(2)`, words of a text in
the same language), the kind of unit, and the place in the text. Units very much alike are
paired first wherever they are (a page's sidebar that an extraction put elsewhere); the rest
are aligned in order (a monotone alignment, as `difflib` aligns lines).

**No cancelling.** Two texts in one language (most of the edition's words are the
reference's) are aligned on their words: a pair aligned in order must share at least half of
its words (SAME_WORDS), and lie near the run of the pairs around it (at most DRIFT units off
the offset of the nearest pair found word for word or very much alike). So a paragraph the
edition drops and a rule it adds elsewhere are never paired (they would hide each other): they
are proposed as an omission and an addition.

**Proposals**, for a person to confirm or dismiss:
- `numbers`: an aligned pair whose numbers differ (counts, values, VP, players);
- `words`: for two texts in one language, an aligned pair whose words differ (a word diff,
  shown inline; a negation inserted or deleted, or a word swapped for its opposite, is weighed
  more: `weight` 2, and listed first);
- `terms`: with a glossary (the edition's words for the reference's terms), an aligned pair
  whose reference unit uses a term and whose edition units use none of its words;
- `moved`: an aligned pair out of the order of the pairs around it (a list reordered, a
  paragraph put elsewhere);
- `omission`: a unit of the reference with no counterpart;
- `addition`: a unit of the edition with no counterpart;
- `summary`: a summary line or caption of the edition whose numbers are not in the main text
  it sums up (the unit of the same text most like it that is neither a summary nor a
  caption); one that repeats an inconsistency of the reference's own is the reference's
  (`reference_summaries`), not the edition's."""

from __future__ import annotations

import bisect
import functools
import heapq
import math
import re
from collections import Counter
from dataclasses import dataclass

from interpreter.editions.numerals import digits, numbers
from interpreter.editions.sourcetext import fold
from interpreter.editions.units import Unit

ANCHOR = 0.6  # units this alike are paired first, wherever they are
VERBATIM = 12  # the least length (folded) of a unit found word for word
CONTAINED = 0.8  # the share of a unit's words that makes it part of another
THRESHOLD = 0.3  # the least likeness for two units to be aligned in order, between those
SAME_LANGUAGE = 0.5  # the share of the edition's words the reference has, for one language
SAME_WORDS = 0.5  # in one language, the least share of words two units aligned in order share
DRIFT = 8  # in one language, the most units a pair aligned in order lies off its neighbours
_WORD = re.compile(r"[^\W\d_]{3,}|[A-Z]\)|\(\d\)|\d+")


@dataclass(frozen=True)
class Proposal:
    kind: str  # numbers | words | terms | moved | omission | addition | summary
    side: str  # ref | ed: the text of the unit the proposal is about
    unit: Unit
    other: Unit | None  # the counterpart (numbers, words, moved), the main text (summary)
    detail: str
    weight: int = 1  # 2: a change that turns the meaning (a negation, an opposite)


def one_language(ref: list[Unit], ed: list[Unit]) -> bool:
    """Whether the two texts are in one language (most of the edition's words are the
    reference's)."""
    from interpreter.editions.words import shared_vocabulary

    return shared_vocabulary([u.text for u in ref], [u.text for u in ed]) >= SAME_LANGUAGE


# Texts whose units would be compared more often than this (units of the reference times
# units of the edition, about a second of work) are aligned in a band along the diagonal:
# each unit is compared with MAX_PAIRS // units of the other text around its place (and with
# a unit of the very same words anywhere). Rulebooks have a few hundred units a side (300 x
# 300 pairs): they are aligned whole; two texts of 10,000 units (a megabyte each) took 20 GB.
MAX_PAIRS = 250_000
CELL_WORDS = 3  # words (a number is one) that make a summary, or a summary row's cell
SUMMED_UP = 3  # a summary is checked against the sections of the main units most like it
# (by each of two likenesses)
WINDOW = 40  # units around its place where a leftover unit looks for the one it is part of
_VERBATIM_REACH = 20_000  # characters around its place where a long text looks for a unit


@functools.lru_cache(maxsize=4096)
def _words(unit: Unit) -> Counter:
    return Counter(w.lower() for w in _WORD.findall(unit.text))


@functools.lru_cache(maxsize=4096)
def _numbers(unit: Unit) -> Counter:
    return Counter(unit.numbers())


@dataclass(frozen=True)
class _Looks:
    """What likeness compares of a unit, computed once."""
    words: dict[str, int]
    word_count: int
    numbers: dict[str, int]
    number_count: int
    length: int
    kind: str

    @classmethod
    def of(cls, unit: Unit) -> _Looks:
        words = Counter(w.lower() for w in _WORD.findall(unit.text))
        numbers = Counter(unit.numbers())
        return cls(dict(words), sum(words.values()), dict(numbers), sum(numbers.values()),
                   len(unit.text), unit.kind)


def _common(a: dict[str, int], b: dict[str, int]) -> int:
    """The size of the multiset intersection of two counts."""
    if len(a) > len(b):
        a, b = b, a
    return sum(min(n, b[w]) for w, n in a.items() if w in b)


def _like(a: _Looks, b: _Looks, pos_a: float, pos_b: float) -> float:
    """`likeness` of two units from their looks (the same number, computed faster)."""
    words = 2 * _common(a.words, b.words) / max(a.word_count + b.word_count, 1)
    if a.number_count or b.number_count:
        numbers = 2 * _common(a.numbers, b.numbers) / (a.number_count + b.number_count)
    else:
        numbers = 0.5
    length = min(a.length, b.length) / max(a.length, b.length, 1)
    kind = 1.0 if a.kind == b.kind else 0.0
    place = max(0.0, 1 - 4 * abs(pos_a - pos_b))
    return 0.4 * words + 0.2 * numbers + 0.1 * length + 0.1 * kind + 0.2 * place


def likeness(a: Unit, b: Unit, pos_a: float, pos_b: float) -> float:
    """How alike two units look, from 0 to about 1, without reading them."""
    return _like(_Looks.of(a), _Looks.of(b), pos_a, pos_b)


def banded(ref: list[Unit], ed: list[Unit]) -> bool:
    """Whether two texts are too long to compare every unit of one with every unit of the
    other (they are aligned in a band: see MAX_PAIRS)."""
    return len(ref) * len(ed) > MAX_PAIRS


def align(ref: list[Unit], ed: list[Unit], fixed: dict[int, list[int]] | None = None
          ) -> dict[int, list[int]]:
    """Reference unit line -> edition unit lines: the pairs `fixed` (a person's), then the
    rest aligned between them in order, then leftovers paired out of order. In time and
    memory about linear in the units beyond MAX_PAIRS pairs (a band), quadratic below it."""
    fixed = dict(fixed or {})
    out: dict[int, list[int]] = {k: list(v) for k, v in fixed.items()}
    used = {line for lines in fixed.values() for line in lines}
    wide = banded(ref, ed)
    for line, lines in _verbatim(ref, ed, out, used, wide).items():
        out[line] = lines
        used.update(lines)
    ref_free = [i for i, u in enumerate(ref) if u.line not in out]
    ed_free = [j for j, u in enumerate(ed) if u.line not in used]
    pos_r = [i / max(len(ref) - 1, 1) for i in range(len(ref))]
    pos_e = [j / max(len(ed) - 1, 1) for j in range(len(ed))]
    looks_r = {i: _Looks.of(ref[i]) for i in ref_free}
    looks_e = {j: _Looks.of(ed[j]) for j in ed_free}
    score = {(i, j): _like(looks_r[i], looks_e[j], pos_r[i], pos_e[j])
             for i, j in _candidates(ref, ed, ref_free, ed_free, wide)}
    for _, i, j in sorted(((v, i, j) for (i, j), v in score.items() if v >= ANCHOR),
                          reverse=True):  # units alike enough to pair wherever they are
        if ref[i].line not in out and ed[j].line not in used:
            out[ref[i].line] = [ed[j].line]
            used.add(ed[j].line)
    ref_free = [i for i in ref_free if ref[i].line not in out]
    ed_free = [j for j in ed_free if ed[j].line not in used]
    pairs = _in_band(ref_free, ed_free, score) if wide else _in_order(ref_free, ed_free, score)
    if one_language(ref, ed):
        pairs = _not_cancelling(ref, ed, pairs, out, looks_r, looks_e)
    for i, j in pairs:
        out[ref[i].line] = [ed[j].line]
        used.add(ed[j].line)
    _parts(ref, ed, out, used, wide)
    return out


def _not_cancelling(ref: list[Unit], ed: list[Unit], pairs: list[tuple[int, int]],
                    found: dict[int, list[int]], looks_r: dict, looks_e: dict
                    ) -> list[tuple[int, int]]:
    """The pairs aligned in order that share enough words and lie near the run of the pairs
    `found` so far (see the module's text)."""
    ref_at = {u.line: i for i, u in enumerate(ref)}
    ed_at = {u.line: j for j, u in enumerate(ed)}
    runs = sorted((ref_at[line], ed_at[lines[0]]) for line, lines in found.items()
                  if lines and line in ref_at and lines[0] in ed_at)
    kept = []
    for i, j in pairs:
        a, b = looks_r[i], looks_e[j]
        if fold(ref[i].text) == fold(ed[j].text):
            kept.append((i, j))  # the very same words, too short to be found word for word
            continue
        if 2 * _common(a.words, b.words) < SAME_WORDS * max(a.word_count + b.word_count, 1):
            continue
        k = bisect.bisect_left(runs, (i, -1))
        near = [runs[x] for x in (k - 1, k) if 0 <= x < len(runs)]
        if near and min(abs((j - i) - (q - p)) for p, q in near) > DRIFT:
            continue
        kept.append((i, j))
    return kept


def _candidates(ref: list[Unit], ed: list[Unit], rows: list[int], cols: list[int],
                wide: bool) -> list[tuple[int, int]]:
    """The pairs of units to compare: all of them; or, for long texts, those in a band along
    the diagonal (MAX_PAIRS in all) and those of the very same words."""
    if not wide:
        return [(i, j) for i in rows for j in cols]
    if not rows or not cols:
        return []
    reach = max(1, MAX_PAIRS // (2 * len(rows)))
    found = set()
    for a, i in enumerate(rows):
        middle = round(a * (len(cols) - 1) / max(len(rows) - 1, 1))
        for b in range(max(0, middle - reach), min(len(cols), middle + reach + 1)):
            found.add((i, cols[b]))
    same: dict[str, list[int]] = {}
    for j in cols:
        same.setdefault(fold(ed[j].text), []).append(j)
    for i in rows:
        twins = same.get(fold(ref[i].text), [])
        if len(twins) == 1:
            found.add((i, twins[0]))
    return sorted(found)


_BULLET = re.compile(r"^(?:[-*•–—·▪◦‣⁃●▶►⇒z]\s+)+")  # `z`: a bullet as an extraction gives it


def _verbatim(ref: list[Unit], ed: list[Unit], out: dict[int, list[int]], used: set[int],
              wide: bool = False) -> dict[int, list[int]]:
    """Units of the reference whose words occur once, word for word, in the edition's text
    (the same book cut otherwise): the edition units they span (spacing, line breaks and
    bullets do not count). For long texts, once within _VERBATIM_REACH characters of its
    place (searching the whole text for each unit is quadratic)."""
    keys = [fold(_BULLET.sub("", u.text.strip())) for u in ed]
    joined = "".join(keys)
    starts, at = [], 0
    for key in keys:
        starts.append(at)
        at += len(key)
    found: dict[int, list[int]] = {}
    for n, unit in enumerate(ref):
        key = fold(_BULLET.sub("", unit.text.strip()))
        if unit.line in out or len(key) < VERBATIM:
            continue
        low, high = 0, len(joined)
        if wide:
            middle = round(n * len(joined) / max(len(ref), 1))
            low, high = max(0, middle - _VERBATIM_REACH), middle + _VERBATIM_REACH + len(key)
        first = joined.find(key, low, high)
        if first < 0 or joined.find(key, first + 1, high) >= 0:
            continue
        end = first + len(key)
        k = bisect.bisect_right(starts, first) - 1  # the unit where it starts
        span = []
        while k < len(ed) and starts[k] < end:
            if starts[k] + len(keys[k]) > first and keys[k]:
                span.append(ed[k].line)
            k += 1
        found[unit.line] = span
    return found


def _inside(part: Unit, whole: Unit) -> bool:
    """Most of the words of `part` (three or more) are words of `whole`: one text cut a
    paragraph where the other did not."""
    wp, ww = _words(part), _words(whole)
    size = sum(wp.values())
    return size >= 3 and sum((wp & ww).values()) >= CONTAINED * size


def _parts(ref: list[Unit], ed: list[Unit], out: dict[int, list[int]], used: set[int],
           wide: bool = False) -> None:
    """Units left over that are a part of a unit already paired (a paragraph one text cuts
    in two): an edition unit joins its reference unit's counterparts; a reference unit
    shares the edition unit it is part of. For long texts, the unit it is part of is looked
    for among the WINDOW units around its place."""
    by_ed = {u.line: u for u in ed}
    for k, unit in enumerate(ed):
        if unit.line in used:
            continue
        hosts = ref if not wide else _around(ref, k, len(ed))
        host = next((r for r in hosts if r.line in out and _inside(unit, r)), None)
        if host is not None:
            out[host.line].append(unit.line)
            used.add(unit.line)
    order = {u.line: k for k, u in enumerate(ed)}
    for k, unit in enumerate(ref):
        if unit.line in out:
            continue
        if wide:
            near = {u.line for u in _around(ed, k, len(ref))}
            lines = sorted(line for line in near if line in used)
        else:
            lines = sorted(used)
        host = next((line for line in lines if line in order and _inside(unit, by_ed[line])),
                    None)
        if host is not None:
            out[unit.line] = [host]


def _around(units: list[Unit], k: int, of: int) -> list[Unit]:
    """The WINDOW units of `units` around the place of the k-th unit of a text of `of`."""
    middle = round(k * len(units) / max(of, 1))
    return units[max(0, middle - WINDOW):middle + WINDOW]


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


def _in_band(rows: list[int], cols: list[int], score: dict) -> list[tuple[int, int]]:
    """A best monotone alignment among the pairs compared (those not compared are worth
    nothing), in time P log P for P pairs worth something: the heaviest chain of pairs going
    down both texts, found row by row with a tree of the best chain ending before each
    column."""
    row_of = {i: a for a, i in enumerate(rows)}
    col_of = {j: b for b, j in enumerate(cols)}
    worth = sorted((row_of[i], col_of[j], v - THRESHOLD) for (i, j), v in score.items()
                   if v > THRESHOLD and i in row_of and j in col_of)
    size = len(cols)
    tree = [(0.0, -1)] * (size + 1)  # Fenwick tree: best (total, pair) over columns < b

    def best_before(b: int) -> tuple[float, int]:
        found = (0.0, -1)
        while b > 0:
            found = max(found, tree[b])
            b -= b & -b
        return found

    def offer(b: int, value: tuple[float, int]) -> None:
        b += 1
        while b <= size:
            if value > tree[b]:
                tree[b] = value
            b += b & -b

    back: list[int] = []
    ends: list[tuple[float, int]] = []
    start = 0
    while start < len(worth):  # one row at a time: its pairs build on earlier rows only
        stop = start
        while stop < len(worth) and worth[stop][0] == worth[start][0]:
            stop += 1
        chains = []
        for k in range(start, stop):
            total, previous = best_before(worth[k][1])
            back.append(previous)
            chains.append((total + worth[k][2], k))
        for (total, k) in chains:
            offer(worth[k][1], (total, k))
            ends.append((total, k))
        start = stop
    pairs: list[tuple[int, int]] = []
    k = max(ends)[1] if ends else -1
    while k >= 0:
        pairs.append((rows[worth[k][0]], cols[worth[k][1]]))
        k = back[k]
    return pairs[::-1]


def first_pass(ref: list[Unit], ed: list[Unit], pairs: dict[int, list[int]],
               added: set[int] | None = None, same_language: bool | None = None,
               glossary: dict[str, list[str]] | None = None, language: str | None = None
               ) -> list[Proposal]:
    """What may differ (see the module's text). `added`: edition units a person has marked
    as added (no counterpart wanted); `same_language`: whether words are compared (by
    default, when the two texts are in one language); `glossary`: the edition's words for
    the reference's terms (a pair whose terms do not correspond is proposed: `terms`);
    `language`: the edition's (its main text's number words count for its summaries)."""
    from interpreter.editions.words import missing_terms, only_numbers, word_diff

    if same_language is None:
        same_language = one_language(ref, ed)
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
        ed_lines = dict.fromkeys(x for u in group.values() for x in pairs[u.line])
        missing = missing_terms(glossary or {}, " ".join(u.text for u in group.values()),
                                " ".join(by_ed[line].text for line in ed_lines))
        if missing:
            out.append(Proposal("terms", "ref", unit, by_ed[lines[0]],
                                f"the edition's words for {', '.join(missing)} are not there"))
        if same_language:
            diff = word_diff(" ".join(u.text for u in group.values()),
                             " ".join(by_ed[line].text for line in ed_lines))
            if diff and not only_numbers(diff):
                out.append(Proposal("words", "ref", unit, by_ed[lines[0]], diff.inline(),
                                    2 if diff.turned else 1))
    out += _moved(ref, ed, pairs)
    for unit in ed:
        if unit.line not in used and unit.line not in (added or set()):
            out.append(Proposal("addition", "ed", unit, None, "no counterpart in the reference"))
    out += _own_summaries(ref, ed, pairs, language)
    del by_ref
    return out


def _moved(ref: list[Unit], ed: list[Unit], pairs: dict[int, list[int]]) -> list[Proposal]:
    """The pairs out of the order of the others: those not on a longest run of pairs that
    goes down both texts in order."""
    ed_at = {u.line: j for j, u in enumerate(ed)}
    by_ed = {u.line: u for u in ed}
    chain = [(unit, pairs[unit.line][0]) for unit in ref
             if pairs.get(unit.line) and pairs[unit.line][0] in ed_at]
    keys = [ed_at[line] for _, line in chain]
    tails: list[int] = []  # the longest increasing run (patience sorting), with its links
    tail_at: list[int] = []
    back = [-1] * len(keys)
    for k, key in enumerate(keys):
        n = bisect.bisect_right(tails, key)
        if n == len(tails):
            tails.append(key)
            tail_at.append(k)
        else:
            tails[n], tail_at[n] = key, k
        back[k] = tail_at[n - 1] if n else -1
    on_run = set()
    k = tail_at[-1] if tail_at else -1
    while k >= 0:
        on_run.add(k)
        k = back[k]
    seen: set[int] = set()
    out = []
    for k, (unit, line) in enumerate(chain):
        if k in on_run or line in seen:
            continue
        seen.add(line)  # a unit the reference cuts in two is moved once
        out.append(Proposal("moved", "ref", unit, by_ed[line],
                            f"out of the order of the text: the edition has it at line {line}"))
    return out


def _numbers_detail(gone: list[str], new: list[str]) -> str:
    parts = []
    if gone:
        parts.append(f"only the reference has {', '.join(gone)}")
    if new:
        parts.append(f"only the edition has {', '.join(new)}")
    return "; ".join(parts)


def _own_summaries(ref: list[Unit], ed: list[Unit], pairs: dict[int, list[int]],
                   language: str | None = None) -> list[Proposal]:
    """The edition's summary lines and captions whose numbers its own main text does not
    have, but for those that only repeat an inconsistency of the reference (its counterpart
    misses the same numbers in the reference's main text): that is the reference's, reported
    once, by `reference_summaries`."""
    inherited: dict[int, str] = {}
    theirs = {p.unit.line: p for p in _summaries("ref", ref, "en")}
    for line, lines in pairs.items():
        if line in theirs:
            for other in lines:
                inherited[other] = theirs[line].detail.split(" not in ")[0]
    return [p for p in _summaries("ed", ed, language)
            if inherited.get(p.unit.line) != p.detail.split(" not in ")[0]]


def reference_summaries(ref: list[Unit]) -> list[Proposal]:
    """The reference's own summary lines and captions whose numbers its main text does not
    have (the same in every edition's review: reported for the reference, once)."""
    return _summaries("ref", ref, "en")


def _summaries(side: str, units: list[Unit], language: str | None) -> list[Proposal]:
    """Summary lines and captions (in any layout: lines, table rows, sidebars) with numbers
    that their main text does not have: the section of the unit most like it (a table's rows
    say together what a summary line sums up). The main text's numbers are read in digits
    and in words (`language`), a summary's in digits, but for figures, pages and names
    (`numerals.digits`). For long texts, the main text is looked for among the MAX_PAIRS //
    summaries units around."""
    main = [u for u in units if u.kind not in ("summary", "caption", "heading")]
    positions = {u.line: k / max(len(units) - 1, 1) for k, u in enumerate(units)}
    asked = [u for u in units if u.kind in ("summary", "caption") and digits(u.text)
             and len(_WORD.findall(u.text)) >= CELL_WORDS]  # not a number alone: a cell
    if not main or not asked:
        return []
    by_section: dict[str, Counter] = {}  # a table's rows say together what one row sums up
    for m in main:
        by_section.setdefault(m.section, Counter()).update(
            {*m.numbers(), *numbers(m.text, language)})
    lettered = {m.line: _lettered(m) for m in main}
    reach = len(main) if len(asked) * len(main) <= MAX_PAIRS else \
        max(1, MAX_PAIRS // (2 * len(asked)))
    main_at = [positions[m.line] for m in main]
    out = []
    for unit in asked:
        middle = bisect.bisect_left(main_at, positions[unit.line])
        near = main[max(0, middle - reach):middle + reach]
        found = []
        for part in _cells(unit):
            seen = _lettered(part)
            best = [m for like in (_overlap, _dice) for m in heapq.nlargest(
                SUMMED_UP, near, key=lambda m: like(seen, lettered[m.line])
                - 0.01 * abs(positions[unit.line] - positions[m.line]))]
            best = [m for m in best if _common(seen, lettered[m.line])] or best[:1]
            said = {n for m in best for n in by_section[m.section]}
            missing = sorted(set(digits(part.text)) - said, key=float)
            if missing and said:
                found.append((best[0], f"{', '.join(missing)} not in its main text "
                                       f"(line {best[0].line})"))
        if found:
            out.append(Proposal("summary", side, unit, found[0][0],
                                "; ".join(detail for _, detail in found)))
    return out


def _lettered(unit: Unit) -> dict[str, int]:
    """A unit's words without its numbers: what finds the main text a summary sums up (its
    numbers are what is checked, so they must not choose it)."""
    return {w: n for w, n in _words(unit).items() if not w.isdigit()}


def _overlap(a: dict[str, int], b: dict[str, int]) -> float:
    """The words two units share, against the geometric mean of their lengths: a short table
    row of the main text that a long summary line repeats scores well, a long paragraph that
    shares a few of its words does not (as it would by the Dice coefficient)."""
    return _common(a, b) / max(math.sqrt(sum(a.values()) * sum(b.values())), 1)


def _dice(a: dict[str, int], b: dict[str, int]) -> float:
    """The words two units share, against their mean length."""
    return 2 * _common(a, b) / max(sum(a.values()) + sum(b.values()), 1)


def _cells(unit: Unit) -> list[Unit]:
    """A row holding summaries side by side (two cells or more, each with words and numbers
    of its own, as a summary page's table has them) as one unit a cell, each compared with
    the main text most like it; any other unit as it is."""
    cells = [Unit(unit.line, unit.end, unit.kind, c.strip(), unit.section)
             for c in unit.text.split("\t")]
    own = [c for c in cells if len(_WORD.findall(c.text)) >= CELL_WORDS and digits(c.text)]
    return own if len(own) >= 2 else [unit]
