"""The mistakes newcomers still met (issue 34), each said with what to write instead, at its
file:line:column: a step number on `else`/`elif`, `cite` after `lowest wins`; members of an
`enum` on several lines; `cite` on a statement, a branch or a loop, checked against the text it
cites like a declaration's."""

from __future__ import annotations

import pytest

from interpreter.cli import main
from interpreter.editions.citations import check_citations
from interpreter.editions.coverage import coverage
from interpreter.engine.ruleset import load_ruleset

from .test_citations import write_game
from .test_language_errors import error_of, write


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("word", ["else", "elif 2 > 1"])
def test_a_step_number_on_else_or_elif_says_to_write_it_without(folder, word):
    message = error_of(folder, "procedure play():\n    7. if 1 > 2:\n        pass\n"
                               f"    8. {word}:\n        pass\n")
    keyword = word.split()[0]
    assert message.startswith(
        f"game.rules:4:5: '{keyword}' cannot have a step number ('8.'): it is part of the 'if' "
        "above, not a step of its own\n")
    assert f"write it without the number, under its 'if': '    {word}:'" in message


def test_a_step_number_on_the_if_and_none_on_else_is_fine(folder):
    write(folder, "procedure play():\n    7. if 1 > 2:\n        pass\n    else:\n        pass\n")
    load_ruleset(folder)


def test_cite_after_lowest_wins_says_to_put_it_before(folder):
    message = error_of(folder, 'define score(p) "penalty" lowest wins cite "R: 1" = 3\n'
                               "procedure play():\n    pass\n")
    assert message.startswith("game.rules:1:39: 'cite' comes before 'lowest wins'\n")
    assert "write: define score(p) \"penalty\" cite \"R: 1\" lowest wins = 3" in message
    write(folder, 'define score(p) "penalty" cite "R: 1" lowest wins = 3\n'
                  "procedure play():\n    pass\n")
    assert load_ruleset(folder).program.funcs["score"].decl.lowest


@pytest.mark.parametrize("lines", ["hearts, spades\n    clubs, diamonds",
                                   "hearts, spades,\n    clubs, diamonds,",
                                   "hearts,\n    spades\n    clubs \"Clubs\", diamonds"])
def test_enum_members_may_go_on_several_lines(folder, lines):
    write(folder, f'enum suit "suits":\n    {lines}\nprocedure play():\n    log "{{clubs}}"\n')
    ruleset = load_ruleset(folder)
    assert ruleset.program.decls["suit"].members == ["hearts", "spades", "clubs", "diamonds"]


STATEMENTS = """\
procedure play() cite "rb: Playing":
    1. if size(deck) > 0 cite "rb: Playing, A":
        pass
    elif size(deck) > 1 cite "rb: Playing, B":
        pass
    else cite "rb: Playing, Z":
        pass
    2. move all from deck to table cite "rb: Scoring (each card scores its valve)"
    for each player p cite "rb: Setup":
        vp[p] += 1
    end game "over" cite "rb: Playing, C"
"""


def test_cite_on_a_statement_or_a_branch_is_checked_against_the_text(tmp_path, capsys):
    from .conftest import TINY_RULES

    rules = TINY_RULES[:TINY_RULES.index("procedure play():")] + STATEMENTS
    folder = write_game(tmp_path / "mini", rules)
    program = load_ruleset(folder).program
    decl = program.procs["play"].decl
    assert decl.body[0].cite == "rb: Playing, A"
    assert decl.body[0].branch_cites == ["rb: Playing, B", "rb: Playing, Z"]
    assert decl.body[1].cite.startswith("rb: Scoring") and decl.body[2].cite == "rb: Setup"
    report = check_citations(load_ruleset(folder))
    assert report.checked == {"rb": 7}  # the procedure and its 6 statement citations
    problems = sorted((e.loc.line, e.loc.column, e.message) for e in report.errors)
    lines = rules.splitlines()
    assert lines[24][19:].startswith("Playing, Z")
    assert lines[26][45:].startswith("Scoring (each card")
    assert [(line, col) for line, col, _ in problems] == [(25, 20), (27, 46)]
    assert "citation of 'play: step 1': section 'Playing' of book.txt has no paragraph " \
           "labelled 'Z'" in problems[0][2]
    assert "citation of 'play: step 2'" in problems[1][2] and "valve" in problems[1][2]
    cov = coverage(load_ruleset(folder))  # A, B: the if's branches; C: `end game`
    assert sorted(cov.direct.values()) == [["play: line 30"], ["play: step 1"], ["play: step 1"]]
    code = main(["check", str(folder)])
    out = capsys.readouterr().out
    assert code == 2 and "game.rules:25:20: citation of 'play: step 1'" in out
