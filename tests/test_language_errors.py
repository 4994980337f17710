"""Every kind of mistake the checker reports, each in a tiny bad ruleset, with the exact message.

A message has the form

    file:line:column: what is wrong
        the line of the rule file
        ^ (a caret under the place)
        a hint, such as "did you mean 'vp'?"

The tests run inside the ruleset's folder, so rule files are named relative to it
("game.rules:3:5: ..."). Tests marked xfail pin a message that is wrong today (see the
reason); they turn into failures when the checker is fixed, so that the mark gets removed.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesError, RulesetErrors

MANIFEST = "name: Test\nplayers: [2]\nrules: [game.rules]\n"

# A small correct start that most bad rulesets below add one mistake to (lines 1-9).
BASE = """\
enum suit: red, blue
component card(suit: suit, value: 1..3):
    count 1
    start in deck
zone deck: stack of card, hidden
zone hand[player]: pile of card, owner
var vp[player] = 0
const limit = 3
table points:
"""
BASE_TABLE = "    0 -> 0\n    1 -> 2\n"  # lines 10-11
PLAY = "procedure play():\n    end game\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(folder: Path, rules: str, manifest: str = MANIFEST, name: str = "game.rules") -> None:
    (folder / "ruleset.yaml").write_text(manifest, encoding="utf-8")
    (folder / name).write_text(textwrap.dedent(rules), encoding="utf-8")


def error_of(folder: Path, rules: str, manifest: str = MANIFEST) -> str:
    """Write the ruleset, load it, and return the text of the error it must raise."""
    write(folder, rules, manifest)
    with pytest.raises(RulesError) as info:
        load_ruleset(folder)
    return str(info.value)


def with_base(extra: str) -> str:
    """BASE + its table + a play procedure + `extra` (which starts on line 14)."""
    return BASE + BASE_TABLE + PLAY + textwrap.dedent(extra)


def test_the_base_is_correct(folder):
    write(folder, with_base(""))
    assert load_ruleset(folder).name == "Test"


# ------------------------------------------------------------------------- syntax


def test_syntax_error_says_what_was_expected(folder):
    message = error_of(folder, "enum suit red, blue\n")
    assert message.startswith(
        "game.rules:1:11: unexpected 'red'\n"
        "    enum suit red, blue\n"
        "              ^\n"
        "    expected ':', 'cite', a quoted text"
    )


def test_syntax_error_lists_only_what_may_follow(folder):
    message = error_of(folder, "enum suit red, blue\n")
    assert message.splitlines()[-1] == "    expected ':', 'cite', a quoted text"


def test_syntax_error_in_the_middle_of_a_line(folder):
    message = error_of(folder, """\
        procedure play():
            move top deck to hand[P1]
        """)
    assert message.startswith(
        "game.rules:2:14: unexpected 'deck'\n"
        "        move top deck to hand[P1]\n"
        "                 ^\n"
        "    expected "
    )
    assert "'from'" in message.splitlines()[-1]


def test_syntax_error_unfinished_expression(folder):
    message = error_of(folder, "const x = 1 +\n")
    assert message.startswith(
        "game.rules:1:14: unexpected end of line\n"
        "    const x = 1 +\n"
        "                 ^\n"
        "    expected '(', "
    )


def test_syntax_error_unexpected_character(folder):
    message = error_of(folder, "const x = 1 $ 2\n")
    assert message == (
        "game.rules:1:13: unexpected character '$'\n"
        "    const x = 1 $ 2\n"
        "                ^"
    )


def test_syntax_error_block_missing_at_end_of_file(folder):
    message = error_of(folder, "procedure play():\n")
    assert message == (
        "game.rules:1:18: unexpected end of file\n"
        "    procedure play():\n"
        "                     ^\n"
        "    expected an indented block"
    )


def test_syntax_error_option_without_colon(folder):
    message = error_of(folder, """\
        procedure play():
            choose o by P1:
                option a "first"
                    pass
        """)
    assert message == (  # at the end of the line that lacks it, not on the next line
        "game.rules:3:25: expected ':' at the end of this line\n"
        "            option a \"first\"\n"
        "                            ^\n"
        "    a line that starts a block (the indented lines under it) ends with ':'"
    )


def test_a_procedure_head_without_colon(folder):
    message = error_of(folder, 'procedure play()\n    end game "x"\n')
    assert message.startswith("game.rules:1:17: expected ':' at the end of this line\n")


def test_a_line_indented_too_far_is_called_an_indentation_mistake(folder):
    message = error_of(folder, 'procedure play():\n    log "a"\n        log "b"\n')
    assert message.startswith("game.rules:3:9: this line is indented deeper than the line "
                              "above it, so it reads as the rest of that line (line 2)\n")
    assert "indent it as far as the line above" in message


BAD_DEDENT = """\
procedure play():
    if true:
        pass
  end game
"""


def test_a_text_not_closed_on_its_line_says_so(folder):
    message = error_of(folder, 'const x "a" = "unclosed\n')
    assert "a text in quotes that is not closed on its line" in message


def test_bad_indentation_is_reported(folder):
    message = error_of(folder, BAD_DEDENT)
    assert message.startswith("game.rules:")
    assert "indentation matches no line above it" in message
    # every level open above it: 4 and 8 go on with a block, 0 ends them all
    assert "indent it by 0 or 4 or 8 spaces, like a line above it" in message


def test_bad_indentation_points_at_the_line(folder):
    message = error_of(folder, BAD_DEDENT)
    assert message.startswith("game.rules:4:")
    assert "Expected dedent" not in message


# ------------------------------------------------------------------------- names


def test_unknown_name_with_did_you_mean(folder):
    message = error_of(folder, with_base("define total(p) = vpp[p] + 1\n"))
    assert message == (
        "game.rules:14:19: unknown name 'vpp'\n"
        "    define total(p) = vpp[p] + 1\n"
        "                      ^\n"
        "    did you mean 'vp'?"
    )


def test_unknown_name_without_a_close_match(folder):
    message = error_of(folder, with_base("define total(p) = zebra\n"))
    assert message == (
        "game.rules:14:19: unknown name 'zebra'\n"
        "    define total(p) = zebra\n"
        "                      ^"
    )


def test_unknown_function(folder):
    message = error_of(folder, with_base("define cards(p) = sise(hand[p])\n"))
    assert message == (
        "game.rules:14:19: unknown function 'sise'\n"
        "    define cards(p) = sise(hand[p])\n"
        "                      ^\n"
        "    did you mean 'size'?"
    )


def test_unknown_procedure_called_as_a_step(folder):
    message = error_of(folder, with_base("""\
        procedure turn(p: player):
            draw_card(p)
        """))
    assert message == (
        "game.rules:15:5: unknown function 'draw_card'\n"
        "        draw_card(p)\n"
        "        ^\n"
        "    did you mean 'card'?"
    )


def test_unknown_type_of_a_zone_index(folder):
    message = error_of(folder, with_base("zone discard[suits]: pile of card\n"))
    assert message == (
        "game.rules:14:6: unknown type 'suits'\n"
        "    zone discard[suits]: pile of card\n"
        "         ^\n"
        "    did you mean 'suit'?"
    )


def test_unknown_type_in_for_each(folder):
    message = error_of(folder, with_base("""\
        procedure deal():
            for each plyer p:
                move top from deck to hand[p]
        """))
    assert message == (
        "game.rules:15:9: unknown type 'plyer'\n"
        "        for each plyer p:\n"
        "            ^\n"
        "    did you mean 'player'?"
    )


def test_unknown_type_of_a_component_parameter(folder):
    message = error_of(folder, """\
        component coin(value: nmber):
            count 1
            start in bank
        zone bank: pile of coin
        procedure play():
            end game
        """)
    assert message == (
        "game.rules:1:16: unknown type 'nmber'\n"
        "    component coin(value: nmber):\n"
        "                   ^"
    )


def test_unknown_type_of_a_procedure_parameter(folder):
    message = error_of(folder, with_base("procedure turn(p: plyer):\n    pass\n"))
    assert message.startswith("game.rules:14:")
    assert "unknown type 'plyer'" in message


def test_duplicate_names(folder):
    message = error_of(folder, with_base("var limit = 5\n"))
    assert message == (
        "game.rules:14:5: 'limit' is declared twice (first at game.rules:8:7)\n"
        "    var limit = 5\n"
        "        ^"
    )


def test_duplicate_option(folder):
    message = error_of(folder, """\
        procedure play():
            choose o by P1 "what now?":
                option a:
                    pass
                option a:
                    end game
        """)
    assert message == (
        "game.rules:5:16: option 'a' is given twice\n"
        "            option a:\n"
        "                   ^"
    )


# ------------------------------------------------------------------------- counts of values


def test_wrong_number_of_values_for_a_procedure(folder):
    message = error_of(folder, with_base("""\
        procedure turn(p: player):
            pass
        procedure round():
            turn()
        """))
    assert message == (
        "game.rules:17:5: 'turn' takes 1 value(s), got 0\n"
        "        turn()\n"
        "        ^"
    )


def test_wrong_number_of_values_for_a_function(folder):
    message = error_of(folder, with_base("""\
        define double(x) = 2 * x
        define four() = double(1, 1)
        """))
    assert message == (
        "game.rules:15:17: 'double' takes 1 value(s), got 2\n"
        "    define four() = double(1, 1)\n"
        "                    ^"
    )


def test_wrong_number_of_values_for_a_builtin(folder):
    message = error_of(folder, with_base("define cards(p) = size(hand[p], 2)\n"))
    assert message == (
        "game.rules:14:19: 'size' takes 1 value(s), got 2\n"
        "    define cards(p) = size(hand[p], 2)\n"
        "                      ^"
    )


def test_wrong_number_of_values_for_a_component_kind(folder):
    message = error_of(folder, with_base("define best() = card(red)\n"))
    assert message == (
        "game.rules:14:17: 'card' takes 2 value(s), got 1\n"
        "    define best() = card(red)\n"
        "                    ^"
    )


def test_wrong_index_count_for_a_zone_family(folder):
    message = error_of(folder, with_base("define cards(p) = size(hand[p, p])\n"))
    assert message == (
        "game.rules:14:24: 'hand' takes 1 index value(s), got 2\n"
        "    define cards(p) = size(hand[p, p])\n"
        "                           ^"
    )


def test_wrong_index_count_for_a_variable_family(folder):
    message = error_of(folder, with_base("""\
        procedure win(p: player):
            vp += 1
        """))
    assert message == (
        "game.rules:15:5: 'vp' takes 1 index value(s), got 0\n"
        "        vp += 1\n"
        "        ^"
    )


def test_trigger_gets_the_wrong_number_of_values(folder):
    message = error_of(folder, with_base("""\
        trigger bonus after scored(p):
            vp[p] += 1
        procedure score(p: player):
            emit scored(p, 2)
        """))
    assert message == (
        "game.rules:17:5: trigger 'bonus' takes 1 value(s) from 'scored', this gives 2\n"
        "        emit scored(p, 2)\n"
        "        ^"
    )


# ------------------------------------------------------------------------- kinds of things


def test_a_zone_where_a_number_is_needed(folder):
    message = error_of(folder, with_base("define total(p) = vp[p] + hand[p]\n"))
    assert message == (
        "game.rules:14:27: expected a number, got the zone 'hand[...]'\n"
        "    define total(p) = vp[p] + hand[p]\n"
        "                              ^\n"
        "    use size(...) to count what a zone holds"
    )


def test_a_zone_family_where_a_zone_is_needed(folder):
    message = error_of(folder, with_base("""\
        procedure deal():
            move top from deck to hand
        """))
    assert message == (
        "game.rules:15:27: expected a zone, got the zone family 'hand'\n"
        "        move top from deck to hand\n"
        "                              ^"
    )


def test_a_table_without_a_key(folder):
    message = error_of(folder, with_base("""\
        procedure score(p: player):
            let gain = points
        """))
    assert message == (
        "game.rules:15:16: expected a value, got the table 'points'\n"
        "        let gain = points\n"
        "                   ^\n"
        "    give it a key in [...]"
    )


def test_move_from_an_undefined_zone(folder):
    message = error_of(folder, with_base("""\
        procedure deal():
            move top from nowhere to hand[P1]
        """))
    assert message == (
        "game.rules:15:19: unknown name 'nowhere'\n"
        "        move top from nowhere to hand[P1]\n"
        "                      ^"
    )


def test_move_from_a_misspelt_zone(folder):
    message = error_of(folder, with_base("""\
        procedure deal():
            move top from dek to hand[P1]
        """))
    assert message == (
        "game.rules:15:19: unknown name 'dek'\n"
        "        move top from dek to hand[P1]\n"
        "                      ^\n"
        "    did you mean 'deck'?"
    )


def test_a_procedure_used_as_a_value(folder):
    message = error_of(folder, with_base("""\
        procedure draw(p: player):
            move top from deck to hand[p]
        define cards(p) = 1 + draw(p)
        """))
    assert message == (
        "game.rules:16:23: 'draw' is a procedure (its steps may ask players to decide); call it "
        "as a step of its own, or as 'let x = ...'\n"
        "    define cards(p) = 1 + draw(p)\n"
        "                          ^"
    )


def test_a_trigger_called_like_a_procedure(folder):
    message = error_of(folder, with_base("""\
        trigger bonus after scored(p):
            vp[p] += 1
        procedure score(p: player):
            bonus(p)
            emit scored(p)
        """))
    assert message == (
        "game.rules:17:5: 'bonus' is a trigger: it runs after 'scored', not when called\n"
        "        bonus(p)\n"
        "        ^"
    )


def test_a_trigger_after_an_event_nobody_emits(folder):
    message = error_of(folder, with_base("""\
        trigger bonus after scord(p):
            vp[p] += 1
        procedure score(p: player):
            emit scored(p)
        """))
    assert message == (
        "game.rules:14:9: trigger 'bonus' runs after 'scord', but no rule emits 'scord'\n"
        "    trigger bonus after scord(p):\n"
        "            ^\n"
        "    did you mean 'scored'?"
    )


# ------------------------------------------------------------------------- statements


def test_assigning_a_constant(folder):
    message = error_of(folder, with_base("""\
        procedure raise_limit():
            limit = 4
        """))
    assert message == (
        "game.rules:15:5: 'limit' is fixed by the rules and cannot be changed while playing\n"
        "        limit = 4\n"
        "        ^\n"
        "    declare it with 'var' to make it change during a game"
    )


def test_assigning_an_unknown_variable(folder):
    message = error_of(folder, with_base("""\
        procedure win(p: player):
            vpp[p] += 1
        """))
    assert message == (
        "game.rules:15:5: unknown variable 'vpp'\n"
        "        vpp[p] += 1\n"
        "        ^\n"
        "    did you mean 'vp'?"
    )


def test_break_outside_a_loop(folder):
    message = error_of(folder, with_base("""\
        procedure turn():
            break
        """))
    assert message == (
        "game.rules:15:5: 'break' outside a loop\n"
        "        break\n"
        "        ^"
    )


def test_for_each_without_anything_to_go_through(folder):
    message = error_of(folder, with_base("define many() = count x where x > 1\n"))
    assert message == (
        "game.rules:14:23: say what 'x' goes through\n"
        "    define many() = count x where x > 1\n"
        "                          ^\n"
        "    for example 'each player x' or 'x in <list>'"
    )


# ------------------------------------------------------------------------- declarations


def test_missing_procedure_play(folder):
    message = error_of(folder, BASE + BASE_TABLE)
    manifest = "ruleset.yaml"  # shown relative to the working folder (the tests run in it)
    assert message == (
        f"{manifest}:1:1: the ruleset has no 'procedure play()': it says how the game is played\n"
        "    name: Test\n"
        "    ^"
    )


def test_component_without_a_count(folder):
    message = error_of(folder, """\
        component coin():
            start in bank
        zone bank: pile of coin
        procedure play():
            end game
        """)
    assert message == (
        "game.rules:1:11: component 'coin' needs a 'count' line\n"
        "    component coin():\n"
        "              ^\n"
        "    for example 'count 9' or 'count card_counts[suit, value]'"
    )


def test_component_parameter_without_a_type(folder):
    message = error_of(folder, """\
        component coin(value):
            count 1
            start in bank
        zone bank: pile of coin
        procedure play():
            end game
        """)
    assert message == (
        "game.rules:1:16: parameter 'value' of component 'coin' needs a type\n"
        "    component coin(value):\n"
        "                   ^\n"
        "    for example 'suit: suit' or 'value: 4..6'"
    )


def test_owner_zone_needs_a_player_index(folder):
    message = error_of(folder, with_base("zone pool: pile of card, owner\n"))
    assert message == (
        "game.rules:14:6: zone 'pool' is seen by its owner, so its first index must be 'player'\n"
        "    zone pool: pile of card, owner\n"
        "         ^"
    )


def test_table_with_two_rows_for_one_key(folder):
    message = error_of(folder, BASE + "    0 -> 0\n    0 -> 2\n" + PLAY)
    assert message == (
        "game.rules:11:5: table 'points' has two rows for 0\n"
        "        0 -> 2\n"
        "        ^"
    )


def test_grid_table_row_with_too_few_cells(folder):
    message = error_of(folder, """\
        table prices:
            size  small  large
            red   1
        procedure play():
            end game
        """)
    assert message == (
        "game.rules:3:5: table 'prices': this row has 2 cells, the header has 3\n"
        "        red   1\n"
        "        ^\n"
        "    every row needs one cell per header cell"
    )


def test_table_mixing_row_styles(folder):
    message = error_of(folder, """\
        table points:
            0 -> 1
            size small
        procedure play():
            end game
        """)
    assert message.startswith("game.rules:3:5: a table mixes 'key -> value' rows with grid rows")


# ------------------------------------------------------------------------- files and manifest


def test_manifest_missing_a_required_field(folder):
    write(folder, PLAY, manifest="name: Test\nrules: [game.rules]\n")
    with pytest.raises(RulesError) as info:
        load_ruleset(folder)
    manifest = "ruleset.yaml"  # shown relative to the working folder (the tests run in it)
    assert str(info.value) == (
        f"{manifest}:1:1: ruleset.yaml does not match the manifest schema at the top level: "
        "'players' is a required property\n"
        "    name: Test\n"
        "    ^"
    )


def test_manifest_field_of_the_wrong_type(folder):
    write(folder, PLAY, manifest="name: Test\nplayers: 2\nrules: [game.rules]\n")
    with pytest.raises(RulesError) as info:
        load_ruleset(folder)
    manifest = "ruleset.yaml"  # shown relative to the working folder (the tests run in it)
    assert str(info.value) == (
        f"{manifest}:2:1: ruleset.yaml does not match the manifest schema at players: "
        "2 is not of type 'array'\n"
        "    players: 2\n"
        "    ^"
    )


def test_manifest_that_is_not_yaml(folder):
    write(folder, PLAY, manifest="name: Test\nplayers: [2\nrules: [game.rules]\n")
    with pytest.raises(RulesError) as info:
        load_ruleset(folder)
    assert str(info.value).startswith("ruleset.yaml:3:6: not valid YAML")
    assert ": not valid YAML: " in str(info.value)


def test_rule_file_that_does_not_exist(folder):
    write(folder, PLAY, manifest="name: Test\nplayers: [2]\nrules: [game.rules, turn.rules]\n")
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    manifest = "ruleset.yaml"  # shown relative to the working folder (the tests run in it)
    assert str(info.value) == (
        f"{manifest}:3:1: rule file 'turn.rules' does not exist\n"
        "    rules: [game.rules, turn.rules]\n"
        "    ^"
    )


def test_data_file_relation_naming_no_entity(folder):
    write(folder, PLAY, manifest=MANIFEST + "data: [board.yaml]\n")
    (folder / "board.yaml").write_text(
        "entities:\n  space:\n    - id: start\nrelations:\n  road:\n    edges:\n"
        "      - [start, finish]\n", encoding="utf-8")
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    assert str(info.value) == (
        "board.yaml:7:9: relation 'road' names 'finish', which no entity has as id\n"
        "          - [start, finish]\n"
        "            ^"
    )


def test_remove_of_an_unknown_rule(folder):
    message = error_of(folder, PLAY + "remove scoring\n")
    assert message == (
        "game.rules:3:8: 'remove scoring': there is no rule 'scoring' to remove\n"
        "    remove scoring\n"
        "           ^"
    )


def test_not_a_ruleset_folder(folder):
    with pytest.raises(RulesError) as info:
        load_ruleset(folder / "nothing")
    assert str(info.value) == f"{folder / 'nothing'}: no such ruleset folder"


# ------------------------------------------------------------------------- several at once


def test_every_error_is_listed(folder):
    write(folder, with_base("""\
        define a(p) = vpp[p]
        define b(p) = sise(hand[p])
        """))
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    assert [e.message for e in info.value.errors] == [
        "unknown name 'vpp'", "unknown function 'sise'"]
    assert [str(e.loc) for e in info.value.errors] == ["game.rules:14:15", "game.rules:15:15"]
    assert str(info.value).count("\n    did you mean") == 2


def test_a_text_that_ends_early_at_a_quote_inside_braces_says_so(folder):
    message = error_of(folder, 'procedure play():\n    log "Score: {label("x")} points"\n')
    assert message == (
        'game.rules:2:25: the text "Score: {label(" ends at the quote before \'x\'\n'
        '        log "Score: {label("x")} points"\n'
        "                            ^\n"
        '    a quote inside a text, also inside {...}, is written \\": log "{label(\\"x\\")}"')


def test_a_quote_inside_braces_written_with_a_backslash_is_filled_in(folder):
    write(folder, 'procedure play():\n    log "Score: {label(\\"x\\")} points"\n'
                  "    end game\n")
    assert load_ruleset(folder).new_game(2, 1).events[0] == "Score: x points"


def test_a_constant_that_needs_a_game_never_shows_python_words(folder):
    message = error_of(folder, "const c = 1 // 0\nprocedure play():\n    end game\n")
    assert message.startswith("game.rules:1:7: constant 'c' must be computable before a game "
                              "starts (division by zero)")
