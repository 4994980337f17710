"""The README's Python example runs as written, and its test command is the one CI runs."""

from __future__ import annotations

import os
import re

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
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = "python -m pytest -q"
    assert f"```sh\n{command}\n```" in readme
    assert re.search(rf'^step "[^"]*" {re.escape(command)}$', ci, re.M)
