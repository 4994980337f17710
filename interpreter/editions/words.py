"""A word-level diff of two texts that say the same thing (a unit of the reference and its
counterpart in an edition of the same language, or the counterpart's English gloss): what
changed, shown inline, and whether a change turns the meaning round.

Words are compared without case and punctuation (`Play,` is `play`). A change is shown with a
few words around it: `... moves [-left-]{+right+} one ...` (deleted words in `[-...-]`,
inserted ones in `{+...+}`). A change **turns** the meaning when it inserts or deletes a
negation (`not`, `no`, `never`, ...: a few words inserted or deleted, not a phrase said
otherwise) or swaps a word for its opposite (left/right, may/must, before/after, ...: one or
two words for one or two): those are weighed more, as a reader would. The words are English: the
reference and the glosses are English."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\d+(?:[.,]\d+)?|[^\W\d_]+(?:['’][^\W\d_]+)*")
CONTEXT = 3  # words shown either side of a change
SMALL = 3  # the most words deleted or inserted by a change that can turn the meaning
SWAP = 2  # the most words on either side of a change that swaps a word for its opposite

NEGATIONS = frozenset({"not", "no", "never", "cannot", "can't", "don't", "doesn't", "mustn't",
                       "none", "nobody", "nothing", "without", "except", "neither", "nor",
                       "only", "unless"})
_PAIRS = [("left", "right"), ("same", "different"), ("may", "must"), ("may", "cannot"),
          ("before", "after"), ("first", "last"), ("more", "less"), ("more", "fewer"),
          ("most", "fewest"), ("most", "least"), ("higher", "lower"), ("highest", "lowest"),
          ("high", "low"), ("clockwise", "counterclockwise"), ("clockwise", "anticlockwise"),
          ("always", "never"), ("all", "none"), ("up", "down"), ("top", "bottom"),
          ("above", "below"), ("add", "remove"), ("win", "lose"), ("wins", "loses"),
          ("increase", "decrease"), ("minimum", "maximum"), ("least", "most"),
          ("open", "closed"), ("with", "without"), ("and", "or"), ("can", "cannot"),
          ("yes", "no"), ("in", "out"), ("next", "previous"), ("earlier", "later"),
          ("own", "other"), ("once", "twice"), ("one", "two"), ("two", "three"),
          ("three", "four"), ("four", "five"), ("five", "six"), ("even", "odd"),
          ("black", "white"), ("face", "back"), ("visible", "hidden"), ("start", "end"),
          ("begin", "end"), ("beginning", "end"), ("give", "take"), ("gives", "takes"),
          ("receive", "pay"), ("receives", "pays"), ("gain", "lose"), ("gains", "loses"),
          ("forward", "backward"), ("ascending", "descending"), ("include", "exclude"),
          ("included", "excluded"), ("allowed", "forbidden"), ("legal", "illegal")]
OPPOSITES = frozenset(frozenset(p) for p in _PAIRS)


@dataclass(frozen=True)
class WordDiff:
    changes: list[tuple[str, str, str, str, str]]  # (before, deleted, inserted, after, why)
    turned: list[str]  # the changes that turn the meaning, in words

    def __bool__(self) -> bool:
        return bool(self.changes)

    def inline(self, limit: int = 4) -> str:
        """The changes shown inline, the ones that turn the meaning first."""
        shown = sorted(self.changes, key=lambda c: not c[4])[:limit]
        parts = []
        for before, gone, new, after, _ in shown:
            middle = (f"[-{gone}-]" if gone else "") + (f"{{+{new}+}}" if new else "")
            parts.append(" ".join(w for w in ("..." if before else "", before, middle, after,
                                              "..." if after else "") if w))
        more = f" (and {len(self.changes) - limit} more)" if len(self.changes) > limit else ""
        return "; ".join(parts) + more


def tokens(text: str) -> list[str]:
    """The words of a text as compared: lower case, without punctuation."""
    return [t.lower().replace("’", "'") for t in _TOKEN.findall(text)]


def word_diff(old: str, new: str, crop: bool = False) -> WordDiff:
    """What changed from `old` to `new`, word by word. With `crop`, `new` may say more than
    `old` (a longer unit that holds it): only its words from the first to the last that
    match `old` are compared."""
    a, b = tokens(old), tokens(new)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if crop:
        blocks = [m for m in matcher.get_matching_blocks() if m.size]
        if blocks:
            first, last = blocks[0], blocks[-1]
            start = max(0, first.b - first.a)  # as many words before as `old` has unmatched
            end = last.b + last.size + (len(a) - last.a - last.size)
            b = b[start:end]
            matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    changes, turned = [], []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        gone, new_words = a[i1:i2], b[j1:j2]
        why = _turns(gone, new_words)
        changes.append((" ".join(a[max(0, i1 - CONTEXT):i1]), " ".join(gone),
                        " ".join(new_words), " ".join(a[i2:i2 + CONTEXT]), why))
        if why:
            turned.append(why)
    return WordDiff(changes, turned)


def _turns(gone: list[str], new: list[str]) -> str:
    """Why a change turns the meaning ('' if it does not): a negation inserted or deleted, or
    a word swapped for its opposite, in a change of a few words (a sentence said otherwise
    is not weighed)."""
    if len(gone) > SMALL or len(new) > SMALL:
        return ""
    negations = [w for w in gone + new if w in NEGATIONS]
    if negations and not (gone and new):  # inserted or deleted, not a phrase said otherwise
        return f"'{negations[0]}' {'deleted' if gone else 'inserted'}"
    if len(gone) > SWAP or len(new) > SWAP:
        return ""
    for x in gone:
        for y in new:
            if frozenset((x, y)) in OPPOSITES and x != y:
                return f"'{x}' became '{y}'"
    return ""


def only_numbers(diff: WordDiff) -> bool:
    """Whether every change is of numbers in digits (the numbers proposal says those)."""
    return all(all(w.replace(".", "").isdigit() for w in (gone + " " + new).split())
               for _, gone, new, _, _ in diff.changes)


def shared_vocabulary(a: list[str], b: list[str]) -> float:
    """The share of the distinct words (three letters or more) of text `b` that text `a` has:
    near 1 for two texts in one language, near 0 for a translation."""
    words_a = {w for text in a for w in tokens(text) if len(w) >= 3 and not w.isdigit()}
    words_b = {w for text in b for w in tokens(text) if len(w) >= 3 and not w.isdigit()}
    return len(words_a & words_b) / max(len(words_b), 1)


def missing_terms(glossary: dict[str, list[str]], ref_text: str, ed_text: str) -> list[str]:
    """The terms of the reference used in `ref_text` whose edition words `ed_text` has none
    of, as "term (edition words)". A term matches with any ending (`card`, `cards`); an
    edition word anywhere in a word (compounds, particles: `kaart` in `speelkaarten`)."""
    ref_low, ed_low = ref_text.lower(), ed_text.lower()
    out = []
    for term, words in glossary.items():
        if re.search(r"(?<!\w)" + re.escape(term.lower()), ref_low) and \
                not any(w.lower() in ed_low for w in words):
            out.append(f"'{term}' ({' / '.join(words)})")
    return out
