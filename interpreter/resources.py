"""Where the grammar, the schemas and the bundled rulesets live (source tree or installed)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def _folder(name: str) -> Path:
    """The top-level folder `name` of the source tree, or its copy inside the installed package."""
    local = _SOURCE_ROOT / name
    if local.is_dir():
        return local
    from importlib import resources  # installed only: importlib.resources costs ~6 ms to import

    return Path(str(resources.files("interpreter") / name))


def grammar_path() -> Path:
    return _folder("grammar") / "rules.lark"


def grammar_text() -> str:
    return grammar_path().read_text(encoding="utf-8")


def schema_path(name: str) -> Path:
    return _folder("schemas") / f"{name}.schema.json"


@functools.cache
def schema(name: str) -> dict:
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


def rulesets_folder() -> Path:
    return _folder("rulesets")
