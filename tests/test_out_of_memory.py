"""Running out of memory inside a builtin that makes a list or a text (`numbers`, `repeat`) is
reported as such, at the rule that asked for it (issue 13), never as "a value of the wrong
kind"."""

from __future__ import annotations

import pytest

from interpreter.engine import builtins
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import GameRuleError

from .test_robustness import in_loop, play_out, tiny


def _no_memory(*args):
    raise MemoryError


@pytest.mark.parametrize("statement", ["turns += size(numbers(1, 1000 + turns))",
                                       'turns += size(repeat("ab", 1000))'])
def test_running_out_of_memory_in_a_builtin_names_the_memory_and_the_rule(
        tmp_path, monkeypatch, statement):
    ruleset = load_ruleset(tiny(tmp_path / "t", in_loop(statement)))
    monkeypatch.setattr(builtins, "sized", _no_memory)  # as if the memory were full
    monkeypatch.setattr(builtins, "repeat", _no_memory)
    with pytest.raises(GameRuleError) as info:
        play_out(ruleset.new_game(2, 1))
    assert "too large for the memory" in info.value.message
    assert "wrong kind" not in info.value.message
    rules = in_loop(statement)
    assert info.value.loc.line == rules.count("\n", 0, rules.index(statement)) + 1
