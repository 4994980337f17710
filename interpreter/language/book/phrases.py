"""The phrase tables of the book: one YAML file per language (phrases/en.yaml, ...), the words
in which each construct of the rules language reads. Data, not code: a translator edits a file."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import yaml

from interpreter.language.book.korean import particles, predicates

FOLDER = Path(__file__).resolve().parent / "phrases"
# What a language does to a filled phrase: Korean picks each particle by the word before it,
# and joins a condition to its ending (비어 있음이면: 비어 있으면).
FINISH: dict[str, Callable[[str], str]] = {"ko": lambda text: predicates(particles(text))}


_DOUBLED = re.compile(r"(?i)\b([^\W\d_]+)\s+\1\b")


def _doubled(text: str, parts: dict[str, object]) -> bool:
    """Whether filling a phrase put one word twice in a row ("where where"), where no part
    had it already."""
    return any(not any(m.group(0) in str(v) for v in parts.values())
               for m in _DOUBLED.finditer(text))


class PhraseError(ValueError):
    """A language without a table, or a phrase its table lacks."""


def languages() -> list[str]:
    """The languages that have a phrase table, English first."""
    found = sorted(p.stem for p in FOLDER.glob("*.yaml"))
    return sorted(found, key=lambda code: code != "en")


@cache
def table(lang: str) -> dict[str, str]:
    path = FOLDER / f"{lang}.yaml"
    if not path.is_file():
        raise PhraseError(f"no phrase table for the language {lang!r} "
                          f"(there are: {', '.join(languages())})")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise PhraseError(f"{path}: a phrase table maps each key to a text")
    return data


class Phrases:
    """The phrases of one language; `say(key, **parts)` fills a template."""

    def __init__(self, lang: str = "en"):
        self.lang = lang
        self.table = table(lang)

    def say(self, key: str, **parts: object) -> str:
        template = self.table.get(key)
        if template is None:
            raise PhraseError(f"the phrase table {self.lang}.yaml has no phrase {key!r}")
        filled = {k: str(v) for k, v in parts.items()}
        finish = FINISH.get(self.lang) or (lambda text: text)
        text = finish(template.format_map(filled))
        if f"{key}_alt" in self.table and _doubled(text, filled):  # "where where": said otherwise
            text = finish(self.table[f"{key}_alt"].format_map(filled))
        return text

    def pairs(self, key: str) -> list[tuple[str, str]]:
        """A phrase of pairs, `a => b; c => d` (how a sentence says its opposite): the pairs."""
        out = []
        for part in self.table.get(key, "").split(";"):
            if "=>" in part:
                a, b = part.split("=>", 1)
                out.append((a.strip(), b.strip()))
        return out

    def has(self, key: str) -> bool:
        return key in self.table
