"""The phrase tables of the book: one YAML file per language (phrases/en.yaml, ...), the words
in which each construct of the rules language reads. Data, not code: a translator edits a file."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import yaml

from interpreter.language.book.korean import particles

FOLDER = Path(__file__).resolve().parent / "phrases"
# What a language does to a filled phrase: Korean picks each particle by the word before it.
FINISH: dict[str, Callable[[str], str]] = {"ko": particles}


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
        text = template.format_map({k: str(v) for k, v in parts.items()})
        finish = FINISH.get(self.lang)
        return finish(text) if finish else text

    def has(self, key: str) -> bool:
        return key in self.table
