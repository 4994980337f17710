"""Families indexed by number ranges, items of lists (read from 1, set without changing the list
in place), and `sort`: each in a tiny ruleset, played."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import GameRuleError, RulesError

MANIFEST = "name: Test\nplayers: [2, 3]\nrules: [game.rules]\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def game_of(folder: Path, rules: str, players: int = 2):
    """A game of the ruleset `rules` (its setup has run)."""
    (folder / "ruleset.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "game.rules").write_text(textwrap.dedent(rules), encoding="utf-8")
    return load_ruleset(folder).new_game(players, 1)


def error_of(folder: Path, rules: str) -> str:
    with pytest.raises(RulesError) as info:
        game_of(folder, rules)
    return str(info.value)


def logged(folder: Path, setup: str, declarations: str = "") -> list[str]:
    """The log of a game whose setup is `setup` (a block of statements)."""
    rules = declarations + "procedure setup():\n" + textwrap.indent(
        textwrap.dedent(setup), "    ") + "procedure play():\n    end game\n"
    return game_of(folder, rules).events[:-1]


# ------------------------------------------------------------------ families over number ranges

GRID = """\
const size = 3
component stone(owner: player):
    count 9
    start in box
zone box: pile
zone cell[1..size, 1..size]: pile of stone
var height[1..7] = 0
"""


def test_a_variable_family_over_a_range_has_one_entry_per_number(folder):
    game = game_of(folder, GRID + "procedure play():\n    end game\n")
    assert game.plain_state()["vars"]["height"] == {str(i): 0 for i in range(1, 8)}


def test_a_zone_family_over_a_coordinate_pair_with_a_constant_end(folder):
    game = game_of(folder, GRID + "procedure play():\n    end game\n")
    assert sorted(game.state["zones"]["cell"]) == [f"{r}|{c}" for r in (1, 2, 3)
                                                   for c in (1, 2, 3)]


def test_entries_of_range_families_are_read_and_set_by_number(folder):
    events = logged(folder, """\
        height[3] += 2
        move 1 of stone(P1) from box to cell[2, 3]
        log "{height[3]} {height[1]} {size(cell[2, 3])} {size(cell[3, 2])}"
        """, GRID)
    assert events == ["2 0 1 0"]


def test_a_number_outside_the_range_found_in_a_game_is_an_error_at_its_place(folder):
    message = error_of(folder, GRID + "procedure setup():\n    let i = 8\n    height[i] = 1\n"
                                      "procedure play():\n    end game\n")
    assert "game.rules:10:5" in message and "'height' has no entry for 8" in message


def test_a_range_end_that_is_not_a_constant_is_refused(folder):
    message = error_of(folder, "var v[1..n] = 0\nprocedure play():\n    end game\n")
    assert "game.rules:1:5: the range 1..n: 'n' is not a constant" in message


def test_a_range_that_goes_down_is_refused(folder):
    message = error_of(folder, "var v[5..1] = 0\nprocedure play():\n    end game\n")
    assert "game.rules:1:5: the range 5..1 must go up" in message


@pytest.mark.parametrize("declaration", ["var v[1..9999, 1..9999] = 0",
                                         "zone cell[1..2000, 1..2000, player]: pile"])
def test_a_family_too_big_to_build_is_refused_at_check(folder, declaration):
    """Each range is allowed, but together they would be far too many entries (found in
    review: it passed check and then hung the game)."""
    message = error_of(folder, f"{declaration}\nprocedure play():\n    end game\n")
    assert "game.rules:1:" in message and "entries" in message and "at most 1,000,000" in message


# ------------------------------------------------------------------ positions in lists


@pytest.mark.parametrize(("position", "item"), [("1", "a"), ("2", "b"), ("size(xs)", "c")])
def test_positions_count_from_one(folder, position, item):
    assert logged(folder, f'let xs = ["a", "b", "c"]\nlog "{{xs[{position}]}}"\n') == [item]


@pytest.mark.parametrize("position", ["0", "0 - 1", "4", '\\"1\\"', "true", "none"])
def test_a_position_outside_the_list_is_an_error_naming_it_and_the_size(folder, position):
    rules = ('procedure setup():\n    let xs = ["a", "b", "c"]\n'
             f'    log "{{xs[{position}]}}"\nprocedure play():\n    end game\n')
    with pytest.raises(GameRuleError) as info:
        game_of(folder, rules)
    message = str(info.value)
    assert message.startswith("game.rules:3:5: no item ")
    assert message.endswith("in a list of 3: positions go from 1 to 3")


def test_an_empty_list_has_no_positions(folder):
    with pytest.raises(GameRuleError, match="no item 1 in a list of 0: the list is empty"):
        game_of(folder, 'procedure setup():\n    let xs = []\n    log "{xs[1]}"\n'
                        "procedure play():\n    end game\n")


# ------------------------------------------------------------------ setting one item


def test_setting_an_item_of_a_local_list(folder):
    events = logged(folder, """\
        let xs = [1, 2, 3]
        let ys = xs
        xs[2] = 7
        ys[1] += 5
        log "{xs} / {ys}"
        """)
    assert events == ["1, 7, 3 / 6, 2, 3"]  # ys was the same list as xs: each changed alone


def test_setting_an_item_of_a_variable_keeps_clones_independent(folder):
    game = game_of(folder, """\
        var row = [0, 0, 0]
        procedure play():
            choose i from [1, 2, 3] by P1
            row[i] = 9
            end game
        """)
    twin = game.clone()
    game.apply(2)
    assert game.state["vars"]["row"] == [0, 9, 0]
    assert twin.state["vars"]["row"] == [0, 0, 0]
    twin.apply(3)
    assert twin.state["vars"]["row"] == [0, 0, 9]
    assert game.state["vars"]["row"] == [0, 9, 0]


def test_setting_an_item_past_the_end_is_an_error(folder):
    with pytest.raises(GameRuleError, match="game.rules:3:5: no item 4 in a list of 3"):
        game_of(folder, "procedure setup():\n    let xs = [1, 2, 3]\n    xs[4] = 1\n"
                        "procedure play():\n    end game\n")


def test_setting_an_item_of_a_family_entry_needs_its_index(folder):
    message = error_of(folder, "var v[player] = 0\nprocedure play():\n    v = 1\n"
                               "    end game\n")
    assert "'v' takes 1 index value(s), got 0" in message


# ------------------------------------------------------------------ sort


def test_sort_by_a_key_ascending_and_descending(folder):
    events = logged(folder, """\
        let xs = [3, 1, 2]
        log "{sort each x in xs by x}"
        log "{sort each x in xs by x ascending}"
        log "{sort each x in xs by 0 - x}"
        log "{sort each x in xs by x descending}"
        log "{sort each player p by seat(p) descending}"
        """)
    assert events == ["1, 2, 3", "1, 2, 3", "3, 2, 1", "3, 2, 1", "Player 2, Player 1"]


def test_sort_keeps_the_order_of_equal_keys_and_filters(folder):
    events = logged(folder, """\
        let xs = [[2, "b"], [1, "a"], [2, "c"], [1, "d"], [3, "e"]]
        log "{[x[2] for x in sort each x in xs by x[1]]}"
        log "{[x[2] for x in sort each x in xs where x[1] < 3 by x[1] descending]}"
        log "{sort each x in [[1, 2], [1, 1], [0, 5]] by x}"
        """)
    assert events == ["a, d, b, c, e", "b, c, a, d", "0, 5, 1, 1, 1, 2"]


def test_sort_of_keys_of_different_kinds_is_an_error(folder):
    with pytest.raises(GameRuleError, match="sort needs keys that are all numbers, all texts "
                                            "or all lists; it got a number and a text"):
        game_of(folder, 'procedure setup():\n    let xs = sort each x in [1, "a"] by x\n'
                        "procedure play():\n    end game\n")


# ------------------------------------------------------------------ counts by number of players

COUNTS = """\
table coins_for:
    2 -> 10
    3 -> 15
component coin():
    count coins_for[player_count]
    start in bank
component pawn(owner: player):
    count 3 if player_count == 2 else 2
    start in pool[owner]
zone bank: pile
zone pool[player]: pile of pawn
procedure play():
    end game
"""


@pytest.mark.parametrize(("players", "coins", "pawns"), [(2, 10, 3), (3, 15, 2)])
def test_piece_counts_that_depend_on_the_number_of_players(folder, players, coins, pawns):
    game = game_of(folder, COUNTS, players)
    assert game.state["zones"]["bank"] == {"coin": coins}
    assert game.state["zones"]["pool"] == {
        f"P{s}": {f"pawn(P{s})": pawns} for s in range(1, players + 1)}


def test_the_kinds_of_a_component_are_those_with_pieces_in_this_game(folder):
    rules = COUNTS + "component extra():\n    count 1 if player_count == 3 else 0\n" \
                     "    start in bank\n"
    two, three = game_of(folder, rules, 2), game_of(folder, rules, 3)
    assert "extra" not in two.state["zones"]["bank"]
    assert three.state["zones"]["bank"]["extra"] == 1


def test_a_count_that_reads_the_game_state_is_refused_in_plain_words(folder):
    message = error_of(folder, "zone bank: pile\ncomponent coin():\n    count size(bank)\n"
                               "    start in bank\nprocedure play():\n    end game\n")
    assert message.startswith("game.rules:3:11: cannot count component 'coin': it can use its "
                              "parameters, constants, tables and player_count, not the state "
                              "of a game")
    assert "NoneType" not in message and "attribute" not in message


def test_a_count_that_is_not_a_number_says_for_how_many_players(folder):
    message = error_of(folder, 'zone bank: pile\ncomponent coin():\n'
                               '    count 2 if player_count == 2 else "many"\n'
                               "    start in bank\nprocedure play():\n    end game\n")
    assert "the count of it with 3 players is 'many', not a whole number of pieces" in message


# ------------------------------------------------------------------ messages in plain words


@pytest.mark.parametrize(("expression", "message"), [
    ("[1, 2][5]", "no item 5 in a list of 2: positions go from 1 to 2"),
    ("numbers(\\\"a\\\", 3)", "cannot compute a number - a text"),
    ("size(3)", "a value of the wrong kind for this rule"),
    ("3 // 0", "division by zero"),
])
def test_errors_in_a_game_never_show_python_words(folder, expression, message):
    with pytest.raises(GameRuleError) as info:
        game_of(folder, f'zone box: pile\nprocedure setup():\n    log "{{{expression}}}"\n'
                        "procedure play():\n    end game\n")
    assert str(info.value) == f"game.rules:3:5: {message}"


def test_setting_an_item_of_a_local_across_a_decision(folder):
    game = game_of(folder, """\
        procedure play():
            let xs = [1, 2, 3]
            choose i from [1, 2, 3] by P1
            xs[i] += 10
            log "{xs}"
            end game
        """)
    game.apply(3)
    assert game.events[-2] == "1, 2, 13"
