"""The README's Python example runs as written, and its test command is the one CI runs."""

from __future__ import annotations

import os
import re
import tomllib

from .conftest import ROOT


def test_the_python_example_runs(capsys):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    assert "winner(s):" in capsys.readouterr().out


def test_ci_runs_the_readme_test_command():
    """CI runs the tests exactly as the README tells a user to, on every core (pytest-xdist,
    which the `test` extra installs)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    found = re.search(r"To run the tests.*?```sh\n(python -m pytest[^\n]*)\n```", readme, re.S)
    assert found, "the README shows the test command in a sh block after 'To run the tests'"
    command = found.group(1)
    assert "-n" in command.split(), f"{command!r} runs the tests in one process"
    assert re.search(rf'^step "[^"]*" {re.escape(command)}$', ci, re.M)
    test_extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]["test"]
    assert any(r.startswith("pytest-xdist") for r in test_extra)
