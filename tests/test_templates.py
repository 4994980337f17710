"""`rules check` verifies every template statically (issue 13): the texts of `log`, the
reasons of `end game` and the display's texts. Every {expression} must parse and name only
what exists, including attributes of attributes, so a template that `simulate` never fills in
(it keeps no event log) cannot first fail in `play`."""

from __future__ import annotations

import pytest

from .conftest import TINY_RULES
from .test_robustness import cli, tiny

LOG = 'log "{p} plays {c}"'


def _line_of(rules: str, start: str) -> int:
    return next(i for i, text in enumerate(rules.splitlines(), 1) if text.startswith(start))


@pytest.mark.parametrize("template, words", [
    ('log "{p} plays {c.suit.value}"', "no value of the attribute 'suit' has an attribute "
                                       "'value'"),
    ('log "{p} plays {c.value.suit}"', "no value of the attribute 'value'"),
    ('log "{p} plays {c.colour}"', "no value of this ruleset has an attribute 'colour'"),
    ('log "{p} plays {c} to {nowhere}"', "unknown name 'nowhere'"),
    ('log "{p} plays {c"', "without its pair"),
])
def test_a_log_template_that_would_fail_in_play_fails_check(tmp_path, capsys, monkeypatch,
                                                            template, words):
    rules = TINY_RULES.replace(LOG, template)
    folder = tiny(tmp_path / "t", rules)
    code, out, err = cli(capsys, monkeypatch, "check", folder)
    assert code == 2, out + err
    assert words in out, out
    assert f"game.rules:{_line_of(rules, '    log')}:" in out, out
    code, _, _ = cli(capsys, monkeypatch, "simulate", folder, "--games", "2", "--no-progress")
    assert code == 2  # the same ruleset error, before any game


def test_attributes_of_attributes_that_exist_pass(tmp_path, capsys, monkeypatch):
    rules = TINY_RULES.replace(LOG, 'log "{p} plays {c.suit.name} {c.value}"')
    code, out, _ = cli(capsys, monkeypatch, "check", tiny(tmp_path / "t", rules))
    assert code == 0, out


def test_an_end_game_reason_names_only_what_exists(tmp_path, capsys, monkeypatch):
    rules = TINY_RULES.replace('end game "deck empty"', 'end game "{p.suit.value} won"')
    code, out, _ = cli(capsys, monkeypatch, "check", tiny(tmp_path / "t", rules))
    assert code == 2 and "no value of the attribute 'suit'" in out, out
    assert f"game.rules:{_line_of(rules, '  end game')}:" in out, out


def test_a_display_template_names_only_what_exists(tmp_path, capsys, monkeypatch):
    folder = tiny(tmp_path / "t", display='blocks:\n  a:\n    title: "turn {turn}"\n')
    code, out, _ = cli(capsys, monkeypatch, "check", folder)
    assert code == 2 and "unknown name 'turn'" in out and "display.yaml:3:" in out, out


@pytest.mark.parametrize("template, around, offset", [
    ('log "{p} plays {c"', "{c", 0), ('log "{p} plays c}"', "c}", 1),
    ('log "{p}} plays {c}"', "}}", 1),
])
def test_a_brace_without_its_pair_is_an_error_at_its_column(tmp_path, capsys, monkeypatch,
                                                             template, around, offset):
    rules = TINY_RULES.replace(LOG, template)
    code, out, _ = cli(capsys, monkeypatch, "check", tiny(tmp_path / "t", rules))
    line = _line_of(rules, "    log")
    column = rules.splitlines()[line - 1].index(around) + offset + 1
    brace = around[offset]
    assert code == 2 and f"game.rules:{line}:{column}: a '{brace}' without its pair" in out, out


def test_a_brace_without_its_pair_in_a_display_is_an_error_at_its_column(tmp_path, capsys,
                                                                         monkeypatch):
    folder = tiny(tmp_path / "t", display='blocks:\n  a:\n    title: "turn {turns"\n')
    code, out, _ = cli(capsys, monkeypatch, "check", folder)
    assert code == 2 and "display.yaml:3:18: a '{' without its pair" in out, out
