"""`rules code`: the generated Python of a ruleset's procedures and functions, to read."""

from __future__ import annotations

from interpreter.cli import main

from .conftest import write_tiny


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_without_names_it_lists_every_procedure_and_function_with_its_rule(capsys, tmp_path):
    folder = write_tiny(tmp_path / "tiny")
    code, out, _ = run(capsys, "code", folder)
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines()[1:] if line.strip()}
    assert rows["score"].split()[1] == "function"
    assert rows["play"].split()[1] == "procedure"
    assert "game.rules:" in rows["play"]


def test_a_named_procedure_prints_python_that_compiles_and_says_how_it_runs(capsys, tmp_path):
    folder = write_tiny(tmp_path / "tiny")
    code, out, _ = run(capsys, "code", folder, "play", "setup")
    assert code == 0
    assert "# procedure play, " in out and "# procedure setup, " in out
    assert "framed: it may wait for a decision" in out  # play asks the players to choose
    assert "plain: it never waits for a decision" in out  # setup only shuffles and deals
    compile(out, "<listing>", "exec")  # the listing is Python: comments and functions


def test_the_constants_a_function_names_are_shown(capsys):
    code, out, _ = run(capsys, "code", "tutorial/reversi", "place")
    assert code == 0
    assert "# constants it names:" in out
    assert "[[-1, -1], [0, -1]" in out  # the directions, a constant list of the rules
    assert "the rule at rulesets/tutorial/reversi/reversi.rules:" in out


def test_an_unknown_name_is_one_line_with_did_you_mean(capsys, tmp_path):
    folder = write_tiny(tmp_path / "tiny")
    code, out, err = run(capsys, "code", folder, "plya")
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert err.strip().count("\n") == 0
    assert "no procedure or function 'plya'" in err and "'play'" in err


def test_the_loops_of_a_functions_queries_are_shown_with_it(capsys):
    # `any d in directions where ...` runs as a plain loop in a generated function of its own
    code, out, _ = run(capsys, "code", "tutorial/reversi", "can_place")
    assert code == 0
    assert "# the loops of its queries:" in out
    loop = out.split("# the loops of its queries:\n")[1]
    assert loop.startswith("def _q") and "for v_d_" in loop and "return True" in loop
    called = loop.split("(")[0][len("def "):]
    assert f"{called}(" in out.split("# the loops of its queries:")[0]  # the function calls it
    compile(out, "<listing>", "exec")
