"""What the fuzzer (benchmarks/fuzz.py, tests/test_fuzz.py) found, one regression test each:
inputs that once ended in a traceback, a hang or a memory blow-up, and now give one clear
error."""

from __future__ import annotations

import copy

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import save_integrity
from interpreter.language.errors import RulesetErrors

from .test_robustness import (
    _edit,
    assert_one_line,
    cli,
    in_loop,
    no_python_errors,
    tiny,
    tutorial,
    tutorial_files,
    write_json,
)

__all__ = ["tutorial", "tutorial_files"]  # fixtures, used by name


def load_args(file: str, command: str) -> list[str]:
    """The arguments of `rules show FILE` or `rules play --load FILE` (a bot in every seat)."""
    return ["show", file] if command == "show" else \
        ["play", "--load", file, "--no-replay", "--seat", "1=random"]


def crafted_save(tmp_path, save, path: str, value) -> str:
    """A save with one value changed and its integrity hash computed again."""
    data = _edit(save, path, value)
    data["state_hash"] = save_integrity(data)
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
    code, _, err = cli(capsys, monkeypatch, *load_args(file, command))
    assert code == 2
    assert "damaged" in assert_one_line(err)


@pytest.mark.parametrize("statements", [
    "if turns > 0:\n  missing = 1",
    "if turns > 0:\n  missing[p] = 1\nelse:\n  turns = 1",
    "if turns > 0:\n  turns = 1\nelse:\n  missing += 1",
    "while turns < 0:\n  missing = 1",
    "for each player q:\n  missing = 1",
])
@no_python_errors
def test_a_block_whose_only_statement_is_an_error_is_reported(tmp_path, statements):
    """Such a block once gave no code at all, and the generated Python did not compile (an
    AssertionError), instead of the error at the statement."""
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(tiny(tmp_path / "t", in_loop(statements)))
    assert "unknown variable 'missing'" in str(info.value)


LONG_NAME = "x" * 5000  # longer than any file name the system can look up


@pytest.mark.parametrize("args", [["check", LONG_NAME], ["simulate", LONG_NAME],
                                  ["flatten", LONG_NAME], ["play", "--load", LONG_NAME]])
@no_python_errors
def test_a_path_too_long_to_look_up_is_one_line(capsys, monkeypatch, args):
    code, _, err = cli(capsys, monkeypatch, *args)
    assert code == 2
    assert "too long" in assert_one_line(err) or "no such" in err


@pytest.mark.parametrize("command", ["show", "play"])
@no_python_errors
def test_a_save_naming_a_ruleset_too_long_to_look_up_is_one_line(
        tmp_path, capsys, monkeypatch, tutorial_files, command):
    save, _ = tutorial_files
    file = write_json(tmp_path / "x.json", _edit(save, "play.ruleset", LONG_NAME))
    code, _, err = cli(capsys, monkeypatch, *load_args(file, command))
    assert code == 2
    assert "too long" in assert_one_line(err)


@pytest.mark.parametrize("key", ["pending", "over", "ending"])
@pytest.mark.parametrize("command", ["show", "play"])
@no_python_errors
def test_a_save_without_a_part_of_its_state_is_one_line(
        tmp_path, capsys, monkeypatch, tutorial_files, key, command):
    save, _ = tutorial_files
    data = copy.deepcopy(save)
    del data["state"][key]
    data["state_hash"] = save_integrity(data)
    file = write_json(tmp_path / "damaged.save.json", data)
    code, _, err = cli(capsys, monkeypatch, *load_args(file, command))
    assert code == 2
    assert "damaged" in assert_one_line(err)


@pytest.mark.parametrize("path, value", [("state.over", "yes"), ("state.ending", 5)])
@no_python_errors
def test_a_save_whose_end_is_of_the_wrong_kind_is_one_line(
        tmp_path, capsys, monkeypatch, tutorial_files, path, value):
    save, _ = tutorial_files
    code, _, err = cli(capsys, monkeypatch, "show", crafted_save(tmp_path, save, path, value))
    assert code == 2
    assert "damaged" in assert_one_line(err)


@pytest.mark.parametrize("target, reason", [("a\\0b", "not a file name"),
                                            (f"../{LONG_NAME}", "too long")],
                         ids=["nul", "too-long"])
@no_python_errors
def test_an_extends_the_system_cannot_look_up_is_an_error_at_its_line(
        tmp_path, capsys, monkeypatch, target, reason):
    folder = tiny(tmp_path / "t")
    with (folder / "ruleset.yaml").open("a", encoding="utf-8") as manifest:
        manifest.write(f'extends: "{target}"\n')
    code, out, err = cli(capsys, monkeypatch, "check", str(folder))
    assert code == 2 and "Traceback" not in out + err
    assert "ruleset.yaml:" in out + err and "'extends: " in out + err and reason in out + err


@no_python_errors
def test_a_replay_folder_the_system_cannot_look_up_is_said_and_play_fails(
        tmp_path, capsys, monkeypatch):
    code, out, err = cli(capsys, monkeypatch, "play", "tutorial/high-card", "--seat", "1=random",
                         "--seat", "2=random", "--replay-dir", str(tmp_path / LONG_NAME))
    assert code == 1
    assert "Cannot write the replay" in out + err and "too long" in out + err


@no_python_errors
def test_a_board_group_with_for_but_no_in_is_an_error_at_its_line(tmp_path):
    """Seed 8015 (data) of the second round: a `for:` group of a display's board whose `in:`
    was deleted (was a KeyError)."""
    import shutil

    from interpreter.play.display import load_display

    from .conftest import BASE

    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    board = folder / "display-board.yaml"
    lines = board.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if line.strip().startswith("in:")
               and i > 0 and lines[i - 1].strip().startswith("- for:"))
    board.write_text("".join(lines[:cut] + lines[cut + 1:]), encoding="utf-8")
    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    error = info.value.errors[0]
    assert "needs 'in'" in error.message and error.loc.line == cut
