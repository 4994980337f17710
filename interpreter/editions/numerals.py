"""The numbers a text says, in digits and in words of its language, for comparing two texts
that may write the same number differently ("the 20 spaces" and "de twintig velden").

Read: numbers in digits, with a suffix of letters (`3rd`, `20x`) or of another script (`3개`,
`8에서`); cardinal and ordinal number words of the text's language (`en`, `nl`, `ko`; another
language has its digits read alone); Korean native numerals before a counter or a noun
(`두 개`, `세 번째`, `한 장`). Left out: the numbers of figures and pages (`fig. 03`, `page 11`,
`그림 5`, `p.4`), which say where something is printed, not what the rules say; and a number
word that begins a name (`Third Street`, a capitalised word followed by another); the label
that numbers a list item or a row (`2.`, `4.1)`, `(2)`), which says where it is in its list.

Words that are something else as often as a number are not read: the articles `a`/`een`
(only the accented `één` is one), `once`. `both` (`beide`) is two."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

# The numbers of a figure or a page: a label, then its number.
_PLACE = re.compile(r"(?<![^\W\d_])(?:fig(?:ure|uur)?|afb(?:eelding)?|abb(?:ildung)?|page|pagina|"
                    r"blz|p|그림|페이지)\.?\s*\d+", re.IGNORECASE)
# A unit's label: its place in a list ("2.", "4.1)", "- 3.)", "(2)", "## 3.", a table row's
# first cell "3<tab>" or a cell alone), not a number it says.
_LABEL = re.compile(r"^[\s\-–•●▶►*⇒#]*(?:\(\d+\)|\d+(?:\.\d+)*(?:\.\)|\.|\))|\d+(?=\t|\s*$))"
                    r"(?=\s|[^\W\d_]|$)")
# Digits, not inside a word or after a dot (`fig.05`); any letters may follow (`3rd`, `20x`).
DIGITS = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)")


def _words(language: dict[str, Any]) -> dict[str, int]:
    """A language's number words (number_words.yaml) with their values."""
    out = {w: n for key in ("cardinal", "ordinal") for n, w in enumerate(language[key]) if w}
    out.update(language.get("other") or {})
    return out


WORDS: dict[str, dict[str, int]] = {
    lang: _words(language) for lang, language in
    yaml.safe_load((Path(__file__).with_name("number_words.yaml")).read_text("utf-8")).items()}

# Korean: native numerals. The short forms stand before a counter or a noun (두 개, 세 명, 한 장,
# 두 플레이어), the long forms alone or with a particle (하나의, 둘 중); 첫 is "first".
_KO_SHORT = {"한": 1, "두": 2, "세": 3, "네": 4, "첫": 1}
_KO_LONG = {"하나": 1, "둘": 2, "셋": 3, "넷": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8,
            "아홉": 9, "열": 10}
_KO_COUNTER = r"(?:개|명|장|번째|번|가지|칸|곳|층|채|째|단계)"
_KO_PARTICLE = r"(?:의|을|를|이|가|은|는|도|만|씩|과|와|에|째)?"
_HANGUL = r"[\uac00-\ud7a3]"
_KO = re.compile(
    rf"(?<!{_HANGUL})(?:"
    rf"(?P<short>{'|'.join(_KO_SHORT)})(?=\s|{_KO_COUNTER})"
    rf"|(?P<long>{'|'.join(sorted(_KO_LONG, key=len, reverse=True))})"
    rf"(?={_KO_COUNTER}|{_KO_PARTICLE}(?!{_HANGUL})))")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def digits(text: str) -> list[str]:
    """The numbers in digits, in order, but for those of figures and pages and an ordinal
    that begins a name ("52nd Street East")."""
    text = _PLACE.sub(" ", text)
    return [m.group(1).replace(",", ".") for m in DIGITS.finditer(text)
            if not _names(text, m)]


def _names(text: str, m: re.Match) -> bool:
    """Digits with an ordinal's letters that begin a name: "5th Avenue", "52nd Street"."""
    return bool(re.match(r"(?:st|nd|rd|th)\s+[^\W\d_]", text[m.end():]) and
                re.match(r"\w+\s+([^\W\d_])", text[m.start():]).group(1).isupper())


def numbers(text: str, language: str | None = "en") -> list[str]:
    """The numbers `text` says, in digits and in words of `language`, in order, as digits
    (`2`, `4.1`)."""
    text = _PLACE.sub(" ", _LABEL.sub(" ", text))
    found: list[tuple[int, str]] = [(m.start(), m.group(1).replace(",", "."))
                                    for m in DIGITS.finditer(text)]
    words = WORDS.get(language or "en", {})
    if words:
        for m in _WORD.finditer(text):
            value = words.get(m.group().lower())
            if value is not None and not _begins_name(text, m):
                found.append((m.start(), str(value)))
    if language == "ko":
        for m in _KO.finditer(text):
            value = _KO_SHORT.get(m.group("short") or "") or _KO_LONG.get(m.group("long") or "")
            found.append((m.start(), str(value)))
    return [n for _, n in sorted(found)]


def _begins_name(text: str, m: re.Match) -> bool:
    """A capitalised number word followed by a capitalised word: a name ("Third Street"), not
    a number. A word that starts a sentence is capitalised too, so the next one must be."""
    if not m.group()[0].isupper():
        return False
    after = re.match(r"\s+([^\W\d_])", text[m.end():])
    return bool(after and after.group(1).isupper())


def compared(found: list[str]) -> list[str]:
    """What two texts' numbers are compared by: each value once, 0 and 1 left out. A text may
    say a number once or twice ("6 VP ... 6 spaces forward" and "6 VP") and still say the
    same; and one is the article or a pronoun in many languages ("een kaart", "one of them"),
    so a text may say it without a number word. A number changed to or from one still shows:
    by the other value."""
    return sorted({n for n in found if float(n) > 1}, key=float)
