"""The games whose winner changed, read against its baseline (issue 36): the same count
between unrelated games of A, from A's own games, and a verdict."""

from __future__ import annotations

import json

import pytest

from interpreter.cli import main
from interpreter.study.compare import compare
from interpreter.study.outcomes import AS_MANY, FEWER, unrelated_share

from .conftest import ROOT

ONE_CELL = ROOT / "tests" / "data" / "one-cell"  # adjacency_vp[2] = 4 instead of 3


def test_the_baseline_counts_every_pair_of_different_games():
    share, se = unrelated_share(["P1", "P1", "P2", "P2"])  # 12 ordered pairs, 4 alike
    assert share.value == pytest.approx(2 / 3) and se > 0
    assert unrelated_share(["P1"] * 5)[0].value == 0.0
    assert unrelated_share(["P1", "P2", "P3"])[0].value == 1.0


@pytest.fixture(scope="module")
def one_cell():
    from interpreter.engine.ruleset import load_ruleset

    return load_ruleset(ONE_CELL, allow_outside=True)


def test_a_change_to_points_under_random_bots_changes_fewer_winners_than_the_baseline(
        base, one_cell):
    o = compare(base, one_cell, 4, 30, seed=1).outcomes
    assert 0 < o.winner_changed < 15
    assert 0.6 < o.baseline_winner.value < 0.9  # 4 seats: about 3 in 4 unrelated games
    assert o.baseline_ranking.value > o.baseline_winner.value
    assert o.verdict == FEWER and o.p < 0.05


def test_unrelated_games_change_as_many_winners_as_the_baseline(base):
    o = compare(base, base, 4, 30, seed=1, seed_b=5001).outcomes
    assert o.winner_changed > 15
    assert o.verdict == AS_MANY and o.p > 0.05


def test_the_report_and_json_give_the_baseline_and_the_verdict(capsys):
    argv = ["compare", "fifth-avenue/base", str(ONE_CELL), "--allow-outside", "-p", "4",
            "-g", "12", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "baseline, between unrelated games of A (A against A on other seeds): winner " in out
    assert f"of the pairs: {FEWER}" in out
    assert main([*argv, "--json"]) == 0
    outcomes = json.loads(capsys.readouterr().out)["outcomes"]
    assert outcomes["verdict"] == FEWER
    assert 0 < outcomes["baseline"]["winner_changed"]["value"] < 1
    assert outcomes["baseline"]["winner_changed"]["n"] == 12
