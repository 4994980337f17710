"""What the engine does faster for rules over numbers (docs/performance.md, issue 24) still
gives the same answers and the same errors: a family over number ranges read and set by plain
names, by expressions and out of its range; items of constant pairs; small functions of numbers
copied into their callers, also when they call a function that calls itself."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots.sampling import sample_game
from interpreter.engine.flat import flat_layout, flat_position
from interpreter.language.errors import GameRuleError, RulesError
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


def test_a_range_family_has_its_text_keys_where_the_state_leaves_the_engine(folder):
    game = game_of(folder, MARKS + "procedure setup():\n    mark[3, 2] = 7\n"
                                   "procedure play():\n    end game\n")
    plain = game.plain_state()["vars"]["mark"]  # as saves and views show it
    assert plain["3|2"] == 7 and len(plain) == 9
    assert game.view("P1")["vars"]["mark"] == plain
    assert game.state["vars"]["mark"].__class__ is list  # the engine's own form (flat.py)
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


PITS = """\
var seeds[1..4] = 0
"""


def test_a_family_over_one_range_is_set_by_names_and_by_expressions(folder):
    events = logged(folder, """\
        let i = 2
        seeds[i] += 3
        seeds[i + 1] = 5
        seeds[i * 2] += seeds[i]
        log "{seeds[1]} {seeds[2]} {seeds[3]} {seeds[4]}"
        """, PITS)
    assert events == ["0 3 5 3"]


def test_a_write_outside_the_range_is_an_error_at_its_place(folder):
    for index, shown in (("i", "5"), ("i - 5", "0"), ("i * 20", "100")):
        message = error_of(folder, PITS + "procedure setup():\n    let i = 5\n"
                                          f"    seeds[{index}] += 1\n"
                                          "procedure play():\n    end game\n")
        assert "game.rules:4:5" in message and f"'seeds' has no entry for {shown}" in message



ROWS = """\
enum side: left, right
var pit[player, 1..3] = 0
var edge[side, player] = 0
zone tray[player, side]: pile
"""


def test_a_family_over_players_and_numbers_is_read_and_set_by_its_values(folder):
    events = logged(folder, """\
        let p = P2
        let i = 3
        pit[p, i] += 4
        pit[P1, i - 2] = pit[p, i] + 1
        edge[right, p] = pit[p, 3] * 2
        edge[left, next_player(p)] += 1
        log "{pit[P1, 1]} {pit[P2, 3]} {pit[p, i]} {edge[right, P2]} {edge[left, P1]}"
        log "{size(tray[p, left])} {sum pit[p, j] for each j in numbers(1, 3)}"
        """, ROWS)
    assert events == ["5 4 4 8 1", "0 4"]


@pytest.mark.parametrize("statement, shown", [
    ("pit[P3, 1] += 1", "P3|1"),          # a seat that this 2-player game does not have
    ('log "{pit[P3, 1]}"', "P3|1"),
    ("pit[P1, i] = 1", "P1|4"),           # a number outside the range
    ('log "{pit[P1, i]}"', "P1|4"),
    ("edge[right, P3] = 1", "right|P3"),
])
def test_an_entry_the_family_does_not_have_is_an_error_at_its_place(folder, statement, shown):
    message = error_of(folder, ROWS + f"procedure setup():\n    let i = 4\n    {statement}\n"
                                      "procedure play():\n    end game\n")
    assert "game.rules:7:5" in message and f"has no entry for {shown}" in message


def test_a_seat_the_game_does_not_have_never_becomes_an_entry(folder):
    game = game_of(folder, ROWS + "procedure setup():\n    pit[P2, 2] = 3\n"
                                  "procedure play():\n    end game\n")
    pit = game.plain_state()["vars"]["pit"]  # a flat list inside the engine (flat.py)
    assert list(pit) == ["P1|1", "P1|2", "P1|3", "P2|1", "P2|2", "P2|3"]
    assert pit["P2|2"] == 3


@pytest.mark.parametrize("seat, pit, shown", [("P3", "1", "P3|1"), ("P1", "4", "P1|4")])
def test_a_read_by_names_of_an_entry_the_family_does_not_have_is_an_error(folder, seat, pit,
                                                                          shown):
    # read by plain names, the key is found in the key table in place: only for a seat of
    # this game and a whole number in range, anything else as before
    message = error_of(folder, ROWS + f"procedure setup():\n    let q = {seat}\n"
                                      f"    let j = {pit}\n    log \"{{pit[q, j]}}\"\n"
                                      "procedure play():\n    end game\n")
    assert "game.rules:8:5" in message and f"'pit' has no entry for {shown}" in message


def test_a_sample_keeps_a_players_own_entries_of_a_family_over_players_and_numbers(folder):
    """A family over players and numbers is a flat list inside the engine; a bot's sample
    draws anew only the entries its player does not own, and the game's state, views and
    saves read it under text keys."""
    game = game_of(folder, """\
var secret_pit[player, 1..2] = random v in numbers(1, 1000), owner
procedure play():
    choose x from [1, 2] by P1 "go"
    end game
""")
    assert game.state["vars"]["secret_pit"].__class__ is list  # the engine's own form
    mine = game.plain_state()["vars"]["secret_pit"]
    assert list(mine) == ["P1|1", "P1|2", "P2|1", "P2|2"]
    assert game.view("P1")["vars"]["secret_pit"]["P2|1"] != mine["P2|1"]  # hidden from P1
    twin = sample_game(game, "P1", random.Random(5)).plain_state()["vars"]["secret_pit"]
    assert [twin["P1|1"], twin["P1|2"]] == [mine["P1|1"], mine["P1|2"]]
    assert [twin["P2|1"], twin["P2|2"]] != [mine["P2|1"], mine["P2|2"]]
    assert game.plain_state()["vars"]["secret_pit"] == mine  # the game itself unchanged


@pytest.mark.parametrize("index, found", [(("P2", 3), 2 * 4 + 3), (("P2", "3"), 2 * 4 + 3),
                                          (("P3", 1), None), ((2, 1), None), (("P1", 4), None),
                                          (("P1", True), None)])
def test_an_entry_of_a_family_over_players_and_numbers_is_found_by_its_values(index, found):
    """The slow path of a flat family's place (flat_position): a player of this game and a
    number in range (a text "3" as the number 3, as a text key found it); a seat this
    2-player game lacks, a number given for a player, a number out of range: no entry."""
    layout = flat_layout(["player", "1..3"], 1000)
    if found is None:
        with pytest.raises(GameRuleError, match="'pit' has no entry"):
            flat_position(layout, index, "pit", None, 2)
    else:
        assert flat_position(layout, index, "pit", None, 2) == found
