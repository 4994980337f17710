"""Hostile input (issue 13): files, saves and rules crafted to crash, hang or exhaust the
engine. Each gets one clear error (exit 2 for input, 1 for a game) and nothing runs away."""

from __future__ import annotations

import json
import os

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import save_integrity
from interpreter.language.errors import GameRuleError, RulesError, RulesetError, RulesetErrors
from interpreter.play.display import load_display

from .conftest import TINY_RULES
from .test_robustness import (
    TUTORIAL,
    assert_one_line,
    cli,
    copy_tutorial,
    in_loop,
    no_python_errors,
    play_out,
    time_limit,
    tiny,
    tutorial,
    tutorial_files,
    write_json,
)

__all__ = ["tutorial", "tutorial_files"]  # fixtures, used by name

DEEP_YAML = "a: " + "[" * 5000 + "]" * 5000 + "\n"


# ============================================================================== files
@pytest.mark.parametrize("name", ["ruleset.yaml", "high-card.rules", "suits.yaml"])
@no_python_errors
def test_a_fifo_in_place_of_a_ruleset_file_is_refused(tmp_path, name):
    folder = copy_tutorial(tmp_path)
    (folder / name).unlink()
    os.mkfifo(folder / name)
    with time_limit(5), pytest.raises(RulesError) as info:
        load_ruleset(folder)
    assert "not a regular file" in str(info.value) or "not a ruleset" in str(info.value)


@no_python_errors
def test_a_fifo_in_place_of_a_display_file_is_refused(tmp_path):
    folder = tiny(tmp_path / "t", display="")
    (folder / "display.yaml").unlink()
    os.mkfifo(folder / "display.yaml")
    with time_limit(5), pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    assert "not a regular file" in str(info.value)


@no_python_errors
def test_a_rule_file_that_is_dev_zero_is_refused(tmp_path):
    folder = copy_tutorial(tmp_path)
    (folder / "high-card.rules").unlink()
    (folder / "high-card.rules").symlink_to("/dev/zero")
    with time_limit(5), pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    assert "high-card.rules" in str(info.value)


@no_python_errors
def test_a_file_too_large_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr("interpreter.language.files.MAX_FILE_BYTES", 1000)
    assert_refused(copy_tutorial(tmp_path), "larger than")


def assert_refused(folder, words: str) -> None:
    """The ruleset in `folder` does not load, and the error says `words`."""
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    assert words in str(info.value)


@no_python_errors
def test_a_display_file_that_links_to_itself_is_one_error(tmp_path):
    folder = tiny(tmp_path / "t", display="")
    (folder / "display.yaml").unlink()
    (folder / "display.yaml").symlink_to(folder / "display.yaml")
    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    assert "display.yaml" in str(info.value)


@pytest.mark.parametrize("name", ["ruleset.yaml", "suits.yaml"])
@no_python_errors
def test_deeply_nested_yaml_is_a_ruleset_error(tmp_path, name):
    folder = copy_tutorial(tmp_path)
    (folder / name).write_text(DEEP_YAML, encoding="utf-8")
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    assert "nested too deeply" in str(info.value)


@no_python_errors
def test_a_deeply_nested_display_file_is_a_ruleset_error(tmp_path):
    folder = tiny(tmp_path / "t", display=DEEP_YAML)
    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    assert "nested too deeply" in str(info.value)


@pytest.mark.parametrize("command", ["show", "play", "replay"])
@no_python_errors
def test_a_deeply_nested_save_or_replay_is_one_line(tmp_path, capsys, monkeypatch, command):
    path = write_json(tmp_path / "x.json", "[" * 100_000 + "]" * 100_000)
    args = {"show": ["show", path], "replay": ["replay", path],
            "play": ["play", "--load", path, "--no-replay"]}[command]
    code, _, err = cli(capsys, monkeypatch, *args)
    assert code == 2
    assert "nested too deeply" in assert_one_line(err)


@no_python_errors
def test_a_fifo_in_place_of_a_save_is_refused(tmp_path, capsys, monkeypatch):
    os.mkfifo(tmp_path / "x.json")
    with time_limit(5):
        code, _, err = cli(capsys, monkeypatch, "show", tmp_path / "x.json")
    assert code == 2
    assert "not a regular file" in assert_one_line(err)


# ============================================================================== crafted saves
def _nested(depth: int):
    value: object = "keep"
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("field, value", [
    ("player", "P9"),
    ("options", []),
    ("options", [_nested(900), "swap"]),
])
@pytest.mark.parametrize("command", ["show", "play"])
@no_python_errors
def test_a_crafted_pending_decision_is_refused(tmp_path, capsys, monkeypatch, tutorial_files,
                                               field, value, command):
    save, _ = tutorial_files
    data = json.loads(json.dumps(save))
    data["state"]["pending"][field] = value
    data["state_hash"] = save_integrity(data)
    file = write_json(tmp_path / "x.json", data)
    args = ["show", file] if command == "show" else \
        ["play", "--load", file, "--no-replay", "--seat", "1=greedy", "--seat", "2=greedy"]
    code, _, err = cli(capsys, monkeypatch, *args)
    assert code == 2
    assert "damaged" in assert_one_line(err)


# ============================================================================== runaway rules
@pytest.mark.parametrize("statement, declaration", [
    ("emit ping(40)", "trigger pong after ping(n):\n  if n > 0:\n    emit ping(n - 1)\n"
                      "    emit ping(n - 1)\n"),
    ("r(40)", "procedure r(n):\n  if n > 0:\n    r(n - 1)\n    r(n - 1)\n"),
])
@no_python_errors
def test_rules_that_branch_without_end_spend_one_budget(tmp_path, statement, declaration):
    """Triggers and procedures that run each other 2^40 times, never deeper than 40: the
    budget between decisions stops them, as it stops loops."""
    rules = in_loop(statement) + "\n" + declaration
    ruleset = load_ruleset(tiny(tmp_path / "t", rules))
    with time_limit(5), pytest.raises(GameRuleError) as info:
        play_out(ruleset.new_game(2, 1))
    assert "without asking anyone to decide" in info.value.message
    assert info.value.loc is not None


ENDLESS = TINY_RULES.replace("    move top from deck to hand[p]\n",
                             "    move top from deck to hand[p]\n"
                             "    move 1 of c from table to deck\n    shuffle deck\n")


@no_python_errors
def test_watching_a_game_without_end_stops_at_the_decision_cap(tmp_path, capsys, monkeypatch):
    folder = tiny(tmp_path / "t", ENDLESS)
    with time_limit(20):
        code, _, err = cli(capsys, monkeypatch, "play", folder, "--watch", "--no-replay",
                           "--color", "never", "--max-decisions", "50")
    assert code == 1
    assert "did not end after 50 decisions" in assert_one_line(err)


@no_python_errors
def test_the_greedy_bot_facing_a_huge_choice_judges_a_sample_and_says_so(
        tmp_path, capsys, monkeypatch):
    # the number scores (an odd one more): the bot judges only choices that can score
    rules = in_loop('choose n from numbers(1, 20000) by p "how many"\nvp[p] += n % 2')
    folder = tiny(tmp_path / "t", rules)
    with time_limit(60):
        code, out, err = cli(capsys, monkeypatch, "play", folder, "--watch", "--no-replay",
                             "--color", "never", "--seat", "1=greedy", "--seat", "2=greedy",
                             "--seed", "1")
    assert code == 0, err
    assert "20000 options: the greedy bot judged 1000 of them" in out


# ============================================================================== rulesets too deep
@no_python_errors
def test_a_chain_of_hundreds_of_overlays_is_a_ruleset_error(tmp_path):
    tiny(tmp_path / "r0")
    for i in range(1, 300):
        (tmp_path / f"r{i}").mkdir()
        (tmp_path / f"r{i}" / "ruleset.yaml").write_text(
            f"name: r{i}\nplayers: [2]\nextends: ../r{i - 1}\n", encoding="utf-8")
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(tmp_path / "r299")
    assert "in a chain" in str(info.value)
    assert info.value.errors[0].loc is not None


# ============================================================================== values too large
@pytest.mark.parametrize("statements, words", [
    ("let big = [1, 2]\nwhile true:\n  big = big + big", "a list of"),
    ("let big = 3\nwhile true:\n  big = big * big", "digits"),
    ('let big = "ab"\nwhile true:\n  big = big + big', "a text of"),
    ('turns += size(repeat("abc", 100000000))', "too large"),
    ("turns += size(numbers(1, 1000000000))", "too large"),
    ('turns += size(pad("a", 1000000000))', "too large"),
])
@no_python_errors
def test_a_value_that_grows_without_bound_is_stopped_at_its_rule(tmp_path, statements, words):
    rules = in_loop(statements)
    ruleset = load_ruleset(tiny(tmp_path / "t", rules))
    with time_limit(10), pytest.raises(GameRuleError) as info:
        play_out(ruleset.new_game(2, 1))
    assert words in info.value.message
    assert info.value.loc is not None


# ============================================================================== checking fast
def _ast_of(ruleset):
    from interpreter.language import nodes as N

    tree = N.RuleFile(loc=N.Loc("x", 1, 1), path="x", decls=list(ruleset.program.decls.values()))
    return N.to_json(tree)


@pytest.mark.parametrize("damage", [
    lambda d: d["decls"][0].pop("node"),
    lambda d: d["decls"][0].__setitem__("name", 5),
    lambda d: d["decls"][0].__setitem__("colour", "red"),
    lambda d: d["decls"][0].__setitem__("loc", ["x", 1]),
    lambda d: d["decls"][-1]["body"].insert(0, {"node": "Num", "loc": ["x", 1, 1], "value": 1}),
    lambda d: d.__setitem__("decls", "none"),
    lambda d: None,
])
def test_the_fast_schema_check_agrees_with_jsonschema(tutorial, damage):
    import jsonschema

    from interpreter.language.conforms import conforms
    from interpreter.resources import schema

    doc = _ast_of(tutorial)
    damage(doc)
    expected = jsonschema.Draft202012Validator(schema("ast")).is_valid(doc)
    assert conforms(schema("ast"), doc) is expected


# ============================================================================== writing files
@pytest.mark.parametrize("what", ["svg", "replay"])
@no_python_errors
def test_play_that_cannot_write_a_requested_file_says_so_and_fails(tmp_path, capsys,
                                                                   monkeypatch, what):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x.svg").mkdir()
    (tmp_path / "file").write_text("", encoding="utf-8")
    args = ["--svg", tmp_path / "taken" / "x.svg", "--no-replay"] if what == "svg" else \
        ["--replay-dir", tmp_path / "file"]
    code, out, _ = cli(capsys, monkeypatch, "play", TUTORIAL, "--watch", "--seed", "1",
                       "--color", "never", *args)
    assert code == 1
    assert "Cannot write" in out


@no_python_errors
def test_files_are_written_whole_through_a_unique_temporary(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "end.svg.tmp").symlink_to(tmp_path / "elsewhere")  # an old fixed name: unused
    code, _, _ = cli(capsys, monkeypatch, "play", TUTORIAL, "--watch", "--seed", "1",
                     "--color", "never", "--svg", "end.svg", "--replay-dir", "r")
    assert code == 0
    assert "</svg>" in (tmp_path / "end.svg").read_text(encoding="utf-8")
    assert not (tmp_path / "elsewhere").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["end.svg", "end.svg.tmp", "r"]
    assert [p.suffix for p in (tmp_path / "r").iterdir()] == [".json"]


# ============================================================================== YAML
@pytest.mark.parametrize("name, text, line", [
    ("ruleset.yaml", None, None),
    ("suits.yaml", "entities:\n  suit:\n    - id: suns\n      id: moons\n", 4),
])
@no_python_errors
def test_a_key_given_twice_in_yaml_is_an_error_at_its_line(tmp_path, name, text, line):
    folder = copy_tutorial(tmp_path)
    path = folder / name
    if text is None:  # the name again, on a line of its own at the end
        text = path.read_text(encoding="utf-8") + 'name: "again"\n'
        line = text.count("\n")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    error = info.value.errors[0]
    assert "twice" in error.message
    assert error.loc is not None and error.loc.line == line, str(info.value)


@no_python_errors
def test_a_key_given_twice_in_a_display_file_is_an_error_at_its_line(tmp_path):
    folder = tiny(tmp_path / "t", display='blocks:\n  a:\n    title: "x"\n    title: "y"\n')
    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    error = info.value.errors[0]
    assert "twice" in error.message and error.loc.line == 4, str(info.value)


# ============================================================================== the terminal
@pytest.mark.parametrize("command", ["show", "play"])
@no_python_errors
def test_control_characters_in_a_save_do_not_reach_the_terminal(tmp_path, capsys, monkeypatch,
                                                                 tutorial_files, command):
    save, _ = tutorial_files
    data = json.loads(json.dumps(save))
    data["names"] = {"P1": "\x1b]0;owned\x07Ann", "P2": "Bob\x1b[2J"}
    data["state_hash"] = save_integrity(data)  # the names are inside the hash
    file = write_json(tmp_path / "x.json", data)
    args = ["show", file] if command == "show" else \
        ["play", "--load", file, "--no-replay", "--seat", "1=random", "--seat", "2=random"]
    code, out, err = cli(capsys, monkeypatch, *args)
    assert code == 0, err
    assert "\x1b]" not in out + err and "\x07" not in out + err and "\x1b[2J" not in out + err
    assert "Ann" in out


def test_colours_pass_and_other_control_characters_are_escaped():
    import io

    from interpreter.cli.common import Printable

    stream = io.StringIO()
    Printable(stream).write("\x1b[1;31mred\x1b[0m \x1b]0;title\x07 a\tb\r\n")
    assert stream.getvalue() == "\x1b[1;31mred\x1b[0m \\x1b]0;title\\x07 a\tb\r\n"


# ============================================================================== escapes
@pytest.mark.parametrize("text, value", [
    ('"caf\\u00e9"', "café"), ('"\\x41\\U0001F600"', "A\U0001F600"),
    ('"a\\n\\t\\"b\\\\"', 'a\n\t"b\\'),
])
def test_escapes_in_a_text_give_their_character(text, value):
    from interpreter.language.parser import parse_rules

    assert parse_rules(f"const a = {text}\n", "x.rules").decls[0].value.value == value


@pytest.mark.parametrize("text, column", [('"bad \\q"', 16), ('"\\uD800"', 12), ('"\\x4"', 12)])
def test_an_unknown_escape_is_refused_at_its_place_in_plain_words(text, column):
    from interpreter.language.parser import parse_rules

    with pytest.raises(RulesetError) as info:
        parse_rules(f"const a = {text}\n", "x.rules")
    assert "is not an escape" in info.value.message
    assert (info.value.loc.line, info.value.loc.column) == (1, column)
    assert "codec" not in str(info.value)


@no_python_errors
def test_show_writes_its_picture_whole(tmp_path, capsys, monkeypatch, tutorial_files):
    save, _ = tutorial_files
    file = write_json(tmp_path / "x.json", save)
    (tmp_path / "p").mkdir()  # a missing folder is refused (tests/test_robustness_2.py)
    code, _, err = cli(capsys, monkeypatch, "show", file, "--svg", tmp_path / "p" / "b.svg")
    assert code == 0, err
    assert [p.name for p in (tmp_path / "p").iterdir()] == ["b.svg"]
    assert "</svg>" in (tmp_path / "p" / "b.svg").read_text(encoding="utf-8")


# ============================================================================== templates
@pytest.mark.parametrize("old, new, start", [
    ('log "{p} plays {c}"', 'log "{p} plays {c"', "    log"),
    ('log "{p} plays {c}"', 'log "{p} plays c}"', "    log"),
    ('end game "deck empty"', 'end game "after {nope} turns"', "  end game"),
])
@no_python_errors
def test_a_broken_template_in_a_rule_is_a_ruleset_error_at_its_line(tmp_path, old, new, start):
    rules = TINY_RULES.replace(old, new)
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(tiny(tmp_path / "t", rules))
    line = next(i for i, text in enumerate(rules.splitlines(), 1) if text.startswith(start))
    assert info.value.errors[0].loc.line == line, str(info.value)


def test_the_reason_a_game_ends_is_filled_in(tmp_path):
    rules = TINY_RULES.replace('end game "deck empty"', 'end game "deck empty after {turns} turns"')
    game = load_ruleset(tiny(tmp_path / "t", rules)).new_game(2, 1)
    play_out(game)
    assert game.state["ending"] == f"deck empty after {game.V['turns']} turns"


@no_python_errors
def test_an_unclosed_brace_in_a_display_template_is_a_ruleset_error(tmp_path):
    folder = tiny(tmp_path / "t", display='blocks:\n  a:\n    title: "turn {turns"\n')
    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    assert "without its pair" in str(info.value)


# ============================================================================== links out
@pytest.mark.parametrize("name", ["high-card.rules", "suits.yaml"])
@no_python_errors
def test_a_link_out_of_the_ruleset_folder_is_refused(tmp_path, name):
    folder = copy_tutorial(tmp_path)
    outside = tmp_path / "outside" / name
    outside.parent.mkdir()
    (folder / name).rename(outside)
    (folder / name).symlink_to(outside)
    assert_refused(folder, "leads outside")


@no_python_errors
def test_a_display_file_linked_out_of_the_ruleset_folder_is_refused(tmp_path):
    folder = tiny(tmp_path / "t", display="")
    (tmp_path / "passwd").write_text("secret:x:0:0\n", encoding="utf-8")
    (folder / "display.yaml").unlink()
    (folder / "display.yaml").symlink_to(tmp_path / "passwd")
    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    assert "leads outside" in str(info.value) and "secret:x" not in str(info.value)
