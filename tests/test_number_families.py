"""What the engine does faster for rules over numbers (docs/performance.md, issue 24) still
gives the same answers and the same errors: a family over number ranges read and set by plain
names, by expressions and out of its range; items of constant pairs; small functions of numbers
copied into their callers, also when they call a function that calls itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.language.errors import RulesError
from tests.test_grids_and_lists import error_of, game_of, logged

MARKS = """\
const side = 3
const steps = [[1, 0], [0, 1], [1, 1]]
var mark[1..side, 1..side] = 0
define at(c, r) = mark[c, r] if c >= 1 and c <= side and r >= 1 and r <= side else -1
define run(c, r, dc, dr) = 1 + run(c + dc, r + dr, dc, dr) if at(c, r) == 1 else 0
define longest(c, r) = max run(c, r, d[1], d[2]) for each d in steps
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_grid_is_read_and_set_by_names_and_by_expressions(folder):
    events = logged(folder, """\
        let i = 2
        let j = 3
        mark[i, j] = 5
        mark[i - 1, j - 2] += 4
        log "{mark[i, j]} {mark[2, 3]} {mark[i + 0, j]} {mark[1, 1]} {at(i, j)} {at(4, 1)}"
        """, MARKS)
    assert events == ["5 5 5 4 5 -1"]


def test_functions_of_numbers_copied_into_callers_give_the_same_answers(folder):
    events = logged(folder, """\
        for each c in numbers(1, 3):
            mark[c, c] = 1
        mark[1, 2] = 1
        log "{longest(1, 1)} {longest(1, 2)} {longest(3, 3)} {run(1, 1, 1, 1)}"
        log "{count each c in numbers(1, 3) where longest(c, 1) > 0}"
        """, MARKS)
    assert events == ["3 2 1 3", "1"]


def test_a_number_outside_the_grid_is_still_an_error_at_its_place(folder):
    for statement in ('log "{mark[i, 1]}"', "mark[i, 1] = 1", 'log "{mark[i - 0, 1]}"'):
        message = error_of(folder, MARKS + "procedure setup():\n    let i = 4\n"
                                           f"    {statement}\n"
                                           "procedure play():\n    end game\n")
        assert "game.rules:9:5" in message and "'mark' has no entry for 4|1" in message


def test_a_text_is_no_number_of_the_grid(folder):
    message = error_of(folder, MARKS + "procedure setup():\n    let i = first x in [\"a\"]\n"
                                       "    mark[i, 1] = 1\nprocedure play():\n    end game\n")
    assert "mark" in message


def test_a_range_family_still_has_its_text_keys_in_the_state(folder):
    game = game_of(folder, MARKS + "procedure setup():\n    mark[3, 2] = 7\n"
                                   "procedure play():\n    end game\n")
    assert game.state["vars"]["mark"]["3|2"] == 7 and len(game.state["vars"]["mark"]) == 9
    assert isinstance(game.state_hash(), str)


def test_a_recursive_function_is_never_copied_into_itself(folder):
    # `run` calls itself: it stays a call (copying it would never end), and still works
    events = logged(folder, "mark[1, 1] = 1\nmark[2, 1] = 1\nlog \"{run(1, 1, 1, 0)}\"\n", MARKS)
    assert events == ["2"]


def test_errors_are_rules_errors(folder):
    try:
        game_of(folder, MARKS + "procedure setup():\n    log \"{mark[0, 0]}\"\n"
                                "procedure play():\n    end game\n")
    except RulesError as exc:
        assert "mark" in str(exc)
    else:
        raise AssertionError("mark[0, 0] was read")
