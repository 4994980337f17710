"""What the fuzzer (benchmarks/fuzz.py, tests/test_fuzz.py) found, one regression test each:
inputs that once ended in a traceback, a hang or a memory blow-up, and now give one clear
error."""

from __future__ import annotations

import pytest

from .test_robustness import (
    _edit,
    assert_one_line,
    cli,
    digest,
    no_python_errors,
    tutorial,
    tutorial_files,
    write_json,
)

__all__ = ["tutorial", "tutorial_files"]  # fixtures, used by name


def crafted_save(tmp_path, save, path: str, value) -> str:
    """A save with one value changed and its integrity hash computed again."""
    data = _edit(save, path, value)
    data["state_hash"] = digest(data["state"])
    return write_json(tmp_path / "crafted.save.json", data)


@pytest.mark.parametrize("path, value", [
    ("state.stack", [[{"v": "play"}, 0, {}, None]]),  # a procedure name that is a map
    ("state.stack", [[["play"], 0, {}, None]]),
    ("state.pending", {"player": "P1", "options": [1], "var": "x", "at": [["a"], 0]}),
])
@pytest.mark.parametrize("command", ["show", "play"])
@no_python_errors
def test_a_save_whose_place_in_the_rules_is_not_a_name_is_one_line(
        tmp_path, capsys, monkeypatch, tutorial_files, path, value, command):
    save, _ = tutorial_files
    file = crafted_save(tmp_path, save, path, value)
    args = ["show", file] if command == "show" else \
        ["play", "--load", file, "--no-replay", "--seat", "1=random"]
    code, _, err = cli(capsys, monkeypatch, *args)
    assert code == 2
    assert "damaged" in assert_one_line(err)
