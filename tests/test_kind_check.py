"""The kind check (engine/kind_check.py): values of the wrong kind are errors at `rules check`,
with their place, before any game; what cannot be known is never an error."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from interpreter.cli.common import bundled_rulesets
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesetErrors
from interpreter.resources import rulesets_folder

MANIFEST = "name: Test\nplayers: [2]\nrules: [game.rules]\n"

# lines 1-9; a play procedure follows, whose body starts on line 11
BASE = """\
enum column: left, middle, right
const size = 3
component stone(owner: player, height: 1..size):
    count 1
    start in box
zone box: pile
zone cell[column, 1..size]: pile of stone
var filled[column] = 0
var height[1..7] = 0
procedure play():
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def messages(folder: Path, body: str, after: str = "") -> list[str]:
    """The first line of each error of BASE + `body` (a block of play's statements), and
    declarations `after` it."""
    (folder / "ruleset.yaml").write_text(MANIFEST, encoding="utf-8")
    rules = BASE + textwrap.indent(textwrap.dedent(body), "    ") + "    end game\n" + after
    (folder / "game.rules").write_text(rules, encoding="utf-8")
    try:
        load_ruleset(folder)
    except RulesetErrors as exc:
        return [e.render().splitlines()[0] for e in exc.errors]
    return []


def test_the_base_checks_clean(folder):
    assert messages(folder, "pass\n") == []


def test_a_number_where_an_enum_index_is_expected(folder):
    assert messages(folder, "move 1 of stone(P1, 1) from box to cell[2, 1]\n") == [
        "game.rules:11:45: the first index of 'cell' is a column, not a number"]


def test_a_player_where_a_column_is_expected_when_setting_a_family(folder):
    assert messages(folder, "for each player p:\n    filled[p] += 1\n") == [
        "game.rules:12:16: the index of 'filled' is a column, not a player"]


def test_a_column_where_a_number_range_is_expected(folder):
    assert messages(folder, "let c = left\nheight[c] = 1\n") == [
        "game.rules:12:12: the index of 'height' is a number from 1 to 7, not a column"]


def test_a_constant_index_outside_a_number_range(folder):
    assert messages(folder, 'height[9] = 1\nlog "{height[0]}"\n') == [
        "game.rules:11:12: the index of 'height' goes from 1 to 7: 9 is outside it",
        "game.rules:12:5: the index of 'height' goes from 1 to 7: 0 is outside it"]


def test_an_index_computed_from_constants_outside_a_range(folder):
    assert messages(folder, "move 1 of stone(P1, 1) from box to cell[left, size + 1]\n") == [
        "game.rules:11:51: the second index of 'cell' goes from 1 to 3: 4 is outside it"]


def test_a_piece_index_outside_its_declared_range(folder):
    assert messages(folder, "move 1 of stone(P1, 4) from box to cell[left, 1]\n") == [
        "game.rules:11:25: the second index of the component 'stone' goes from 1 to 3: "
        "4 is outside it"]


def test_a_piece_index_of_the_wrong_kind(folder):
    assert messages(folder, "move 1 of stone(left, 1) from box to cell[left, 1]\n") == [
        "game.rules:11:21: the first index of the component 'stone' is a player, not a column"]


def test_comparing_a_column_with_a_player(folder):
    assert messages(folder, "for each player p:\n    if any column c where c == p:\n"
                            "        pass\n") == [
        "game.rules:12:31: compares a column with a player: values of different kinds are "
        "never equal"]


def test_comparing_a_number_with_yes_or_no(folder):
    assert messages(folder, "if size(box) == true:\n    pass\n") == [
        "game.rules:11:8: compares a number with yes or no: values of different kinds are "
        "never equal"]


def test_an_attribute_of_a_piece_has_its_parameter_kind(folder):
    assert messages(folder, "for each stone s in box:\n    if s.owner == middle:\n"
                            "        pass\n") == [
        "game.rules:12:12: compares a player with a column: values of different kinds are "
        "never equal"]


TABLES = """\
table points:
    left -> 1
    right -> 3
table worth:
    column  1  2
    left    1  2
    right   3  4
"""


def test_a_table_key_of_the_wrong_kind(folder):
    assert messages(folder, 'log "{points[2]} {worth[1, left]}"\n', TABLES) == [
        "game.rules:11:5: the row key of table 'points' is a column, not a number"]


def test_a_constant_key_a_table_has_no_row_or_column_for(folder):
    assert messages(folder, 'let x = points[middle]\nlet y = worth[left, 3]\n', TABLES) == [
        "game.rules:11:20: table 'points' has no row for middle",
        "game.rules:12:25: table 'worth' has no column for 3"]


@pytest.mark.parametrize("body", [
    "let x = none\nif x == left:\n    pass\n",  # none compares with anything
    'if left == "left":\n    pass\n',  # a text may be any named value
    "let x = left\nx = P1\nif x == P2:\n    pass\n",  # bound to two kinds: not known
    "let h = size(box)\nheight[h] = 1\n",  # a number known only in a game
    "let cs = [left, right]\nlog \"{filled[cs]}\"\n",  # several entries at once
])
def test_what_cannot_be_known_is_never_an_error(folder, body):
    assert messages(folder, body) == []


@pytest.mark.parametrize("path", bundled_rulesets())
def test_every_bundled_ruleset_checks_clean(path):
    load_ruleset(rulesets_folder() / path)  # the kind check runs when a ruleset loads


def test_a_choice_among_the_values_of_a_type_has_that_kind(folder):
    assert messages(folder, "choose c from column by P1\nif c == P2:\n    pass\n") == [
        "game.rules:12:8: compares a column with a player: values of different kinds are "
        "never equal"]


def test_lists_joined_with_plus_keep_the_kind_of_their_items(folder):
    assert messages(folder, "let ps = clockwise_from(P1)\n"
                            "for each p in ps + reverse(ps):\n    filled[p] = 1\n") == [
        "game.rules:13:16: the index of 'filled' is a column, not a player"]


CALLED = """\
procedure mark(who: player):
    filled[who] = 1
"""


def test_a_parameter_has_the_kind_every_call_gives_it(folder):
    assert messages(folder, "mark(P1)\nfor each player p:\n    mark(p)\n", CALLED) == [
        "game.rules:16:12: the index of 'filled' is a column, not a player"]


def test_a_parameter_given_several_kinds_is_not_known(folder):
    assert messages(folder, "mark(P1)\nmark(left)\n", CALLED) == []


def test_a_parameter_known_from_its_calls_may_be_compared_with_any_kind(folder):
    # a rule may test for a stand-in passed where a player is expected
    assert messages(folder, "mark(P1)\n", "procedure mark(who: player):\n"
                                          "    if who == left:\n        pass\n") == []


def test_a_parameter_bound_again_by_a_loop_is_checked_not_a_crash(folder):
    """Found by the fuzzer: a procedure of `p` with `for each player p` inside."""
    assert messages(folder, "mark(P1)\n", after="""\
procedure mark(p: player):
    for each player p:
        filled[p] = 1
""") == ["game.rules:15:16: the index of 'filled' is a column, not a player"]
