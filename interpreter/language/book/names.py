"""A ruleset's names in a language: `book/LANG.yaml` in a ruleset's folder (or in any folder
it extends; the overlay's names win). Each maps a name of the rules (a rule, an enumeration's
member, an entity of the board, an attribute, an option `option A`) to how it reads (`none:x`:
how a rule's list x that starts empty reads, "no player has passed"); `texts`
translates the rules' own texts (prompts, the reasons an ending gives, rulings); `reads` says how
a name reads inside a sentence with its arguments ({1}, {2}: `hand: "{1}'s hand"`); `columns`
gives a table's column headings; `about` says what a rule is for, in a sentence a newcomer
needs (the book shows it with the rule and gathers them in "the game in short"); and it may
give the ruleset's own `name`, `description` and `goal` in that language."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import yaml

from interpreter.language.errors import RulesetError
from interpreter.language.nodes import Loc


def _texts(data: dict, key: str, path: Path) -> dict[str, str]:
    """A part of a names file that maps names to texts (`reads`, `about`)."""
    part = data.get(key) or {}
    if not isinstance(part, dict) or not all(isinstance(v, str) for v in part.values()):
        raise RulesetError(f"'{key}' maps each name of the rules to a text",
                           Loc(str(path), 1, 1))
    return {str(k): v for k, v in part.items()}


def names_file(folder: Path, lang: str) -> Path:
    return folder / "book" / f"{lang}.yaml"


def load_names(folders: Iterable[Path], lang: str) -> dict[str, str]:
    """The names of every folder's `book/LANG.yaml`, later folders over earlier ones."""
    out: dict[str, str] = {}
    for folder in folders:
        path = names_file(folder, lang)
        if not path.is_file():
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            where = Loc(str(path), mark.line + 1, mark.column + 1) if mark else Loc(str(path), 1, 1)
            raise RulesetError(f"not YAML: {getattr(e, 'problem', e)}", where) from None
        if not isinstance(data, dict):
            raise RulesetError("a names file maps 'names' (and 'name', 'description') to texts",
                               Loc(str(path), 1, 1))
        for key in ("name", "description", "goal"):
            if isinstance(data.get(key), str):
                out[f"ruleset.{key}"] = data[key]
        names = data.get("names") or {}
        if not isinstance(names, dict):
            raise RulesetError("'names' maps each name of the rules to a text",
                               Loc(str(path), 1, 1))
        for k, v in names.items():
            if not isinstance(v, str | int | float):
                raise RulesetError(f"the name of {k!r} must be a text", Loc(str(path), 1, 1))
            out[str(k)] = str(v)
        texts = data.get("texts") or {}
        if not isinstance(texts, dict):
            raise RulesetError("'texts' maps each text of the rules (a prompt, a reason) to "
                               "its translation", Loc(str(path), 1, 1))
        out.update({f"text:{k}": str(v) for k, v in texts.items()})
        for part in ("reads", "about"):
            out.update({f"{part}:{k}": v for k, v in _texts(data, part, path).items()})
        out.update(_columns(data, path))
    return out


def _columns(data: dict, path: Path) -> dict[str, str]:
    """`columns`: a table's column headings, a list of texts per table (kept one a line)."""
    part = data.get("columns") or {}
    if not isinstance(part, dict) or not all(
            isinstance(v, list) and all(isinstance(x, str | int) for x in v)
            for v in part.values()):
        raise RulesetError("'columns' maps each table to the list of its column headings",
                           Loc(str(path), 1, 1))
    return {f"columns:{k}": "\n".join(str(x) for x in v) for k, v in part.items()}
