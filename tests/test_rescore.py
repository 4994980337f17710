"""`rules compare --rescore`: A's games played again under B move for move, so a change that
only touches scoring shows as the points it gives with the same play; a change that alters
play is refused at the first decision that differs."""

from __future__ import annotations

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesError
from interpreter.study.compare import DIFFERS, compare
from interpreter.study.comparison import QUESTIONS

from .conftest import BASE

SCORES = [f"score P{i}" for i in range(1, 5)]
SCORING = "adjacency_vp[2]=4"  # 2 different adjacent business types: 4 VP, not 3


@pytest.fixture(scope="module")
def richer():
    return load_ruleset(BASE, settings=[SCORING])


def test_a_scoring_change_is_found_with_play_held_fixed(base, richer):
    result = compare(base, richer, 4, 25, seed=1, rescore=True)
    assert result.rescore
    a, b = result.a.records, result.b.records
    assert [r.decisions for r in a] == [r.decisions for r in b]
    for x, y in zip(a, b, strict=True):  # the same play, more points for the same board
        assert all(y.scores[p] >= x.scores[p] for p in x.scores)
    assert sum(y.scores[p] - x.scores[p] for x, y in zip(a, b, strict=True)
               for p in x.scores) > 0
    rows = {r.name: r for r in result.rows}
    assert all(rows[s].verdict == DIFFERS for s in SCORES)
    assert rows["decisions per game"].difference.value == 0
    assert result.to_dict(timing=False)["question"] == QUESTIONS[True]
    assert QUESTIONS[True] in result.to_text()


def test_greedy_games_are_scored_again_under_the_other_rules(base, richer):
    """The bots' play of A is kept as it was, even where B's bots would have played
    otherwise: B's record holds A's moves and B's points."""
    result = compare(base, richer, 4, 2, seed=3, bots=["greedy"], rescore=True)
    for x, y in zip(result.a.records, result.b.records, strict=True):
        assert x.decisions == y.decisions and x.choices == y.choices
        assert all(y.scores[p] >= x.scores[p] for p in x.scores)


def test_a_change_to_play_is_refused_at_the_first_decision_that_differs(base):
    fewer = load_ruleset(BASE, settings=["skyscrapers_taken=2"])
    with pytest.raises(RulesError, match=r"decision \d+: B offers P\d other options than "
                                         r"A .*--rescore holds play fixed"):
        compare(base, fewer, 4, 5, seed=1, rescore=True)
    other_hands = load_ruleset(BASE, settings=["starting_black_cards=3"])
    with pytest.raises(RulesError, match=r"A's move .* is illegal under B"):
        compare(base, other_hands, 4, 5, seed=1, rescore=True)


def test_the_command_says_which_question_it_answers(capsys):
    argv = ["compare", str(BASE), str(BASE), "--set-b", SCORING, "--players", "4",
            "--games", "3", "--workers", "1"]
    assert main(argv + ["--rescore"]) == 0
    out = capsys.readouterr().out
    assert f"the question: {QUESTIONS[True]}" in out
    assert main(argv) == 0
    assert f"the question: {QUESTIONS[False]}" in capsys.readouterr().out
    assert main(argv + ["--rescore", "--seed-b", "9"]) == 2
    assert "--rescore scores A's own games again under B" in capsys.readouterr().err
    assert main(["compare", str(BASE), str(BASE), "--set-b", "skyscrapers_taken=2",
                 "--players", "4", "--games", "5", "--workers", "1", "--rescore"]) == 2
    err = capsys.readouterr().err
    assert "other options than A" in err and "Traceback" not in err
