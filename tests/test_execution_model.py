"""The execution model of issue 29: frames whose locals are slots, code specialised to the kinds
the compiler infers (no checks where a kind is known, facts from the guard of an `if`), and the
doors where values come from outside the rules (Game.evaluate, Game.perform, a tool's
expression), which are checked because the code no longer checks them."""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

import pytest

from interpreter.engine.kind_check import KindChecker
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import GameRuleError
from interpreter.language.nodes import Loc

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"

WALK = """\
var cell[1..5] = 0
var walked = 0
# a walk along the row, one step at a time: a function that calls itself last
define reach(c, dc) = cell[c] if c + dc < 1 or c + dc > 5 or cell[c + dc] == 0 \\
    else reach(c + dc, dc)
# a guard that says where c lies: the read needs no check of its own
define at(c) = cell[c] if c >= 1 and c <= 5 else none
# called with a number and with a text: nothing is known of x
define shown(x) = label(x)
procedure play():
    cell[2] = 7
    cell[3] = 8
    walked = reach(1, 1)
    log "{at(3)}"
    log "{shown(1)} {shown(\\"a\\")}"
    choose k from [1, 2] by P1 "pick"
    walked = walked + k
    end game
"""


def ruleset_of(tmp_path: Path, rules: str):
    (tmp_path / "ruleset.yaml").write_text("name: Walk\nplayers: [2]\nrules: [game.rules]\n",
                                           encoding="utf-8")
    (tmp_path / "game.rules").write_text(textwrap.dedent(rules), encoding="utf-8")
    return load_ruleset(tmp_path)


@pytest.fixture
def walk(tmp_path: Path):
    return ruleset_of(tmp_path, WALK)


# ------------------------------------------------------------------ kinds the compiler infers
def test_parameters_get_their_kind_through_calls_of_a_function_by_itself(walk):
    checker = KindChecker(walk.program)
    checker.infer_for_code(list(walk.program.decls.values()))
    assert checker.param_kinds["reach"] == {"c": "number", "dc": "number"}
    assert checker.param_kinds["shown"] == {"x": None}  # a number here, a text there


def test_a_call_by_itself_with_another_kind_leaves_the_parameter_unknown(tmp_path):
    ruleset = ruleset_of(tmp_path, """\
        define f(x) = 0 if x == "3" else f(label(x))
        procedure play():
            log "{f(3)}"
            end game
        """)
    checker = KindChecker(ruleset.program)
    checker.infer_for_code(list(ruleset.program.decls.values()))
    assert checker.param_kinds["f"] == {"x": None}
    game = ruleset.new_game(2, 1)
    assert game.over and game.events[0] == "0"


def test_code_without_checks_where_kinds_are_known_plays_the_same(walk):
    source = walk.program.funcs["reach"].source
    assert "a_c.__class__" not in source and "a_dc.__class__" not in source
    # the guard `c >= 1 and c <= 5` stands for the read's own bounds check
    assert "1 <= a_c <= 5" not in walk.program.funcs["at"].source
    game = walk.new_game(2, 1)
    assert game.V["walked"] == 8  # reach(1, 1) walks to cell 3, the last that is not 0
    assert [game.evaluate("at", c) for c in (0, 2, 3, 6)] == [None, 7, 8, None]
    assert game.events[-1] == "1 a"


# ------------------------------------------------------------------ the doors
def test_a_tool_that_gives_a_function_another_kind_is_refused_with_the_reason(walk):
    game = walk.new_game(2, 1)
    before = json.dumps(game.state, sort_keys=True)
    for bad in (True, "2", None, [2]):
        with pytest.raises(GameRuleError, match="'at' takes a whole number as its value 1"):
            game.evaluate("at", bad)  # True would otherwise read cell 1 as if it were 1
    assert json.dumps(game.state, sort_keys=True) == before
    assert game.evaluate("shown", "x") == "x" and game.evaluate("shown", 3) == "3"


def test_a_tools_expression_checks_what_it_gives_a_function(walk):
    game, where = walk.new_game(2, 1), Loc("a tool", 1, 1)
    assert walk.expression("reach(2, 1)", where)(game) == 8
    with pytest.raises(GameRuleError, match="'reach' takes a whole number as its value 1"):
        walk.expression("reach(x, 1)", where, ("x",))(game, x=True)
    # a small function is copied into the expression, with the checks of its own reads
    with pytest.raises(GameRuleError, match="'cell' has no entry for True"):
        walk.expression("at(x)", where, ("x",))(game, x=True)


def test_perform_checks_the_kinds_of_a_procedures_parameters():
    ruleset = load_ruleset(ROOT / "rulesets" / "tutorial" / "kalah")
    game = ruleset.new_game(2, 1)
    with pytest.raises(GameRuleError, match="'sow' takes a whole number as its value 2"):
        game.perform("sow", "P1", "3")
    with pytest.raises(GameRuleError, match="'sow' takes a player as its value 1"):
        game.perform("sow", 1, 3)


def test_score_is_asked_for_a_player(walk):
    ruleset = load_ruleset(ROOT / "rulesets" / "tutorial" / "kalah")
    game = ruleset.new_game(2, 1)
    assert game.score("P1") == 0
    with pytest.raises(GameRuleError, match="'score' takes a player"):
        game.score(1)


# ------------------------------------------------------------------ frames of slots
def test_the_locals_of_a_waiting_procedure_read_and_change_by_name(walk):
    game = walk.new_game(2, 1)
    assert game.frame_locals() == {"k": None}  # play waits at `choose k`
    game.apply(2)
    assert game.over and game.V["walked"] == 10
    ruleset = load_ruleset(ROOT / "rulesets" / "fifth-avenue" / "base")
    game, rng = ruleset.new_game(3, 2), random.Random(2)
    while "auction" not in [f[0] for f in game.stack]:
        game.apply(rng.choice(game.legal_options()))
    depth = [f[0] for f in game.stack].index("auction")
    names = game.frame_locals(depth)
    assert names["d"] == game.V["auction_at"] and names["p"] in game.players
    game.set_frame_local("passed", ["P3"], depth)
    assert game.frame_locals(depth)["passed"] == ["P3"]
    with pytest.raises(KeyError, match="no local 'nothing'"):
        game.set_frame_local("nothing", 1, depth)


def test_a_save_of_the_engine_before_slots_loads_and_plays_on():
    """A version 4 save (frames' locals as a map), written by the engine before this one."""
    ruleset = load_ruleset(ROOT / "rulesets" / "fifth-avenue" / "base")
    data = json.loads((DATA / "fifth-avenue-base-3p-seed7-version4-save.json").read_text())
    assert data["version"] == 4 and isinstance(data["state"]["stack"][-1][2], dict)
    game = type(ruleset.new_game(3, 7)).from_save(ruleset, data)
    assert game.state["step"] == 60 and isinstance(game.stack[-1][2], list)
    again = type(game).from_save(ruleset, json.loads(json.dumps(game.to_save())))
    assert again.to_save()["version"] == 5 and again.state_hash() == game.state_hash()
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_options()))


# ------------------------------------------------------------------ flat families (flat.py)
GRID = """\
var cell[1..3, 0..2] = 0
var row[5..7] = none
var got = none
procedure play():
    cell[2, 1] = 4
    cell[3, 2] += 5
    row[6] = "six"
    let c = 3
    got = [cell[2, 1], cell[c, 2], row[6]]
    choose k from [1, 2] by P1 "pick"
    cell[1, 0] = k
    choose j from [0, 9] by P2 "where"
    cell[1, j] = 1
    end game
"""


def test_a_family_over_number_ranges_runs_as_a_list_and_leaves_as_entries(tmp_path):
    ruleset = ruleset_of(tmp_path, GRID)
    assert set(ruleset.program.flat) == {"cell", "row"}
    game = ruleset.new_game(2, 1)
    assert game.state["vars"]["cell"].__class__ is list  # the engine's own form
    assert game.state["vars"]["got"] == [4, 5, "six"]  # read by numbers, and by a local
    plain = game.plain_state()["vars"]
    assert plain["cell"] == {"1|0": 0, "1|1": 0, "1|2": 0, "2|0": 0, "2|1": 4, "2|2": 0,
                             "3|0": 0, "3|1": 0, "3|2": 5}
    assert list(plain["row"]) == ["5", "6", "7"]  # an offset layout: 5..7
    assert game.view("P1")["vars"]["cell"] == plain["cell"]
    json.dumps(game.to_save())  # saves hold the text form
    assert game.to_save()["state"]["vars"]["row"] == {"5": None, "6": "six", "7": None}


def test_a_copy_of_a_game_has_a_flat_family_of_its_own(tmp_path):
    game = ruleset_of(tmp_path, GRID).new_game(2, 1)
    twin = game.clone()
    twin.apply(2)
    assert twin.plain_state()["vars"]["cell"]["1|0"] == 2
    assert game.plain_state()["vars"]["cell"]["1|0"] == 0


def test_a_save_with_a_flat_family_loads_and_keeps_its_hash(tmp_path):
    ruleset = ruleset_of(tmp_path, GRID)
    game = ruleset.new_game(2, 1)
    game.apply(1)
    loaded = type(game).from_save(ruleset, json.loads(json.dumps(game.to_save())))
    assert loaded.state_hash() == game.state_hash()
    assert loaded.plain_state() == game.plain_state()


def test_an_entry_out_of_a_flat_familys_range_is_refused_by_name(tmp_path):
    game = ruleset_of(tmp_path, GRID).new_game(2, 1)
    game.apply(1)
    before = game.plain_state()
    with pytest.raises(GameRuleError, match=r"'cell' has no entry for 1\|9"):
        game.apply(9)
    assert game.plain_state()["vars"]["cell"] == before["vars"]["cell"]


PITS = """\
const pits = 4
var seeds[player, 1..pits] = 2
var last = 0
define total(p) = sum seeds[p, i] for each i in numbers(1, pits)
define far(p) = sum seeds[p, i] for each i in numbers(1, pits + 3)
procedure play():
    seeds[P1, 3] = 0
    choose pit from numbers(1, pits) by P1 where seeds[P1, pit] > 0 "which pit"
    last = total(P1) + pit
    end game
"""


def test_numbers_of_constants_is_made_once_and_its_items_need_no_check(tmp_path):
    ruleset = ruleset_of(tmp_path, PITS)
    total = ruleset.program.funcs["total"].source
    assert "numbers" not in total and "_builtin" not in total  # a constant list
    assert "1 <= v_i" not in total  # its items lie in 1..4: the read checks only the seat
    game = ruleset.new_game(2, 1)
    assert game.legal_options() == [1, 2, 4]  # a choice from it: pit 3 is empty
    game.apply(4)
    assert game.V["last"] == 6 + 4
    with pytest.raises(GameRuleError, match=r"'seeds' has no entry for P1\|5"):
        game.evaluate("far", "P1")  # a larger range than the family's: still refused


SQUARES = """\
const inside = [[1, 2], [3, 1], [2, 2]]
const beyond = [[1, 2], [4, 1]]
var mark[1..3, 1..2] = 0
define marked(squares) = count each s in squares where mark[s[1], s[2]] == 1
procedure play():
    mark[3, 1] = 1
    mark[2, 2] = 1
    choose n from [1, 2] by P1 "pick"
    end game
"""


def test_items_of_a_constant_list_of_pairs_are_known_to_be_in_range(tmp_path):
    ruleset = ruleset_of(tmp_path, SQUARES.replace(
        "procedure play", "define inner() = marked(inside)\n"
        "define outer() = count each s in beyond where mark[s[1], s[2]] == 1\n"
        "procedure play"))
    game = ruleset.new_game(2, 1)
    assert game.evaluate("inner") == 2
    # the items of `inside` lie in the family's ranges: read by position, with no check
    assert "_flat_read" not in ruleset.program.funcs["inner"].source
    assert "_flat_read" in ruleset.program.funcs["outer"].source  # 4 is out of 1..3
    with pytest.raises(GameRuleError, match=r"'mark' has no entry for 4\|1"):
        game.evaluate("outer")  # still refused by name
    assert game.evaluate("marked", [[3, 1]]) == 1  # a list from outside: checked
    with pytest.raises(GameRuleError, match=r"'mark' has no entry for 9\|1"):
        game.evaluate("marked", [[9, 1]])
