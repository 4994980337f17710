"""docs/api.md: every Python example of the page runs, in the order it is written, from the
repository's folder (the names one example defines are there in the next), and what it
asserts holds."""

from __future__ import annotations

import re

from .conftest import ROOT

PAGE = ROOT / "docs" / "api.md"


def examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_examples_of_each_part():
    text = "\n".join(examples())
    for needed in ("load_ruleset(", ".decision()", ".view(", ".state", ".clone()",
                   "to_save()", "Game.from_save(", ".moves", ".events", "IllegalMove",
                   "logging=False", "auto=False", ".legal_options()"):
        assert needed in text, needed


def test_every_example_runs(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    names: dict = {"__name__": "api_docs"}
    for number, code in enumerate(examples(), start=1):
        try:
            exec(compile(code, f"docs/api.md example {number}", "exec"), names)
        except Exception as exc:  # the example's number and its error, not only a traceback
            raise AssertionError(f"example {number} of docs/api.md fails: {exc!r}\n{code}") from exc
    assert "unknown variable 'vpp'" in capsys.readouterr().out
