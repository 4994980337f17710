"""Overlays that change data and options: `add option ... to PROC.CHOICE`, `remove option ...
from PROC.CHOICE`, `replace: true` on a data entity, and `extends` with an absolute path
(--allow-outside)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.language import nodes as N
from interpreter.language.errors import RulesetErrors
from interpreter.language.parser import parse_rules
from interpreter.language.render import render_decl

from .conftest import BASE

OPTION_E = '''\
add option E "take 2 black cards, then move a commissioner" to turn.choice
        when size(black_stack) > 1 cite "variant: option E":
    log "{p} chooses option E."
    1. draw_black(p)
    1. draw_black(p)
    3. move_commissioner(p)

remove option D from turn.choice
'''


def overlay(tmp_path: Path, rules: str, data: str | None = None, name: str = "variant") -> Path:
    folder = tmp_path / name
    (folder / "rules").mkdir(parents=True)
    (folder / "rules" / "v.rules").write_text(rules, encoding="utf-8")
    manifest = (f'name: "{name}"\nplayers: [3, 4]\nextends: {BASE.resolve()}\n'
                "rules:\n  - rules/v.rules\n")
    if data is not None:
        (folder / "board.yaml").write_text(data, encoding="utf-8")
        manifest += "data:\n  - board.yaml\n"
    (folder / "ruleset.yaml").write_text(manifest, encoding="utf-8")
    return folder


def options_of_turn(ruleset) -> list[str]:
    turn = ruleset.program.decls["turn"]
    [choose] = [n for n in N.walk(turn.body) if isinstance(n, N.Options)]
    return [c.name for c in choose.clauses]


def test_an_overlay_adds_and_removes_options_without_copying_the_procedure(tmp_path, base):
    variant = load_ruleset(overlay(tmp_path, OPTION_E), allow_outside=True)
    assert options_of_turn(variant) == ["A", "B", "C", "E"]
    assert options_of_turn(base) == ["A", "B", "C", "D"]  # the base is as it was
    assert options_of_turn(load_ruleset(BASE)) == ["A", "B", "C", "D"]
    game, rng, offered, chosen = variant.new_game(4, 2, logging=True), random.Random(2), set(), 0
    while not game.over:
        decision = game.decision()
        if decision.prompt == "choose your option for this turn":
            offered |= set(decision.options)
        move = rng.choice(decision.options)
        chosen += move == "E" and decision.prompt == "choose your option for this turn"
        game.apply(move)
    assert "E" in offered and "D" not in offered
    assert chosen > 0 and any("chooses option E" in e for e in game.events)


@pytest.mark.parametrize("rules, message, hint", [
    ('add option E "e" to trun.choice:\n    pass\n', "there is no procedure 'trun'",
     "did you mean 'turn'?"),
    ('add option E "e" to turn.choise:\n    pass\n', "has no 'choose choise by ...:'",
     "did you mean 'choice'?"),
    ('add option A "again" to turn.choice:\n    pass\n', "already has an option A", None),
    ("remove option F from turn.choice\n", "has no option F to remove",
     "its options: A, B, C, D"),
    ('add option E "e" to turn.choice:\n    pass\nadd option E "e" to turn.choice:\n    pass\n',
     "is declared twice", None),
])
def test_a_wrong_option_change_is_an_error_at_its_line(tmp_path, rules, message, hint):
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(overlay(tmp_path, rules), allow_outside=True)
    [error] = caught.value.errors
    assert message in error.message and error.loc.file.endswith("v.rules")
    if hint:
        assert hint in error.hint


def test_an_option_removed_then_added_again_in_one_overlay_is_replaced(tmp_path):
    """What the error for adding an option that is there says to write."""
    rules = ('remove option A from turn.choice\n'
             'add option A "take 2 black cards, then move a commissioner" to turn.choice:\n'
             '    1. draw_black(p)\n    1. draw_black(p)\n    3. move_commissioner(p)\n')
    ruleset = load_ruleset(overlay(tmp_path, rules), allow_outside=True)
    game = ruleset.new_game(3, 1, logging=False)
    while game.decision().prompt != "choose your option for this turn":
        game.apply(game.decision().options[0])
    assert game.decision().labels[game.decision().options.index("A")] == \
        "take 2 black cards, then move a commissioner"
    before = len(game.Z["black_stack"]) + len(game.Z["black_returned"])
    game.apply("A")
    assert len(game.Z["black_stack"]) + len(game.Z["black_returned"]) == before - 2


def test_option_changes_render_as_written():
    tree = parse_rules(OPTION_E, "v.rules")
    add, remove = tree.decls
    assert render_decl(add)[0] == ('add option E "take 2 black cards, then move a commissioner" '
                                   "to turn.choice when size(black_stack) > 1:")
    assert render_decl(remove) == ["remove option D from turn.choice"]
    again = parse_rules("\n".join(render_decl(add)) + "\n", "again.rules").decls[0]
    assert render_decl(again) == render_decl(add)


def test_flatten_shows_the_procedure_as_the_overlay_left_it(tmp_path, capsys):
    folder = overlay(tmp_path, OPTION_E)
    assert main(["flatten", str(folder), "--allow-outside"]) == 0
    out = capsys.readouterr().out
    turn = out[out.index("procedure turn("):out.index("define counted")]
    assert "option E" in turn and "option D" not in turn
    assert "# its options changed by" in out


BOARD = """\
entities:
  slot:
    - {id: slot03, replace: true, set: 2}
"""


def test_an_overlay_replaces_attributes_of_a_data_entity(tmp_path, base):
    variant = load_ruleset(overlay(tmp_path, "", BOARD), allow_outside=True)
    attrs = variant.program.world.attrs["slot03"]
    assert attrs["set"] == 2 and attrs["name"] == base.program.world.attrs["slot03"]["name"]
    assert base.program.world.attrs["slot03"]["set"] == 1
    world = variant.program.world
    assert [s for s in world.entity_types["slot"] if world.attrs[s]["set"] == 2] == \
        ["slot03", "slot04", "slot05"]
    game = variant.new_game(3, 1, logging=False)
    assert sum(game.Z["supply_row"]["slot03"].values()) == 1


def test_a_wrong_entity_change_is_an_error(tmp_path):
    board = "entities:\n  slot:\n    - {id: slot99, replace: true, set: 2}\n"
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(overlay(tmp_path, "", board), allow_outside=True)
    assert "no slot 'slot99' is declared before" in str(caught.value)
    board = "entities:\n  slot:\n    - {id: slot03, set: 2}\n"
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(overlay(tmp_path, "", board, name="twice"), allow_outside=True)
    assert "declared twice" in str(caught.value) and "replace: true" in str(caught.value)


@pytest.mark.parametrize("entry, message, hint", [
    ("{id: slot03, replace: true, sett: 2}", "no slot has an attribute 'sett'",
     "did you mean 'set'?"),
    ('{id: slot03, replace: true, set: "two"}', "attribute 'set' of 'slot03' was a number (1); "
     "the new value 'two' is a text", "expect a number"),
    ("{id: slot03, replace: true, set: 2}", "no slott 'slot03' is declared before",
     "did you mean 'slot'"),
])
def test_a_misspelt_or_mistyped_entity_change_is_an_error_at_its_line(tmp_path, entry, message,
                                                                      hint):
    """A misspelt attribute would change nothing, and a text for a number would fail only
    in play, at a rule of the base."""
    kind = "slott" if "slott" in message else "slot"
    board = f"entities:\n  {kind}:\n    - {entry}\n"
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(overlay(tmp_path, "", board), allow_outside=True)
    [error] = caught.value.errors
    assert message in error.message and hint in (error.hint or ""), error
    assert error.loc.file.endswith("board.yaml") and error.loc.line == 3


def test_an_entity_change_may_add_an_attribute_and_errors_point_at_their_entity(tmp_path):
    """A new attribute no name is near (its own rules may read it) is fine; a misspelt one in
    the second entity is pointed at in that entity's line."""
    board = ("entities:\n  slot:\n    - {id: slot03, replace: true, bonus: 2}\n"
             "    - {id: slot04, replace: true, sett: 2}\n")
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(overlay(tmp_path, "", board), allow_outside=True)
    [error] = caught.value.errors
    assert "'sett'" in error.message and error.loc.line == 4 and error.loc.column == 35
    board = "entities:\n  slot:\n    - {id: slot03, replace: true, bonus: 2}\n"
    variant = load_ruleset(overlay(tmp_path, "", board, name="ok"), allow_outside=True)
    assert variant.program.world.attrs["slot03"]["bonus"] == 2


def test_extends_with_an_absolute_path_needs_allow_outside(tmp_path, capsys):
    folder = overlay(tmp_path, "")
    assert main(["check", str(folder)]) == 2
    out = capsys.readouterr().out
    assert "outside this ruleset's tree" in out and "--allow-outside" in out
    assert main(["check", str(folder), "--allow-outside"]) == 0
