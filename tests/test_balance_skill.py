"""Seat balance and skill trace (issue 36): one figure for the seats' balance with its
interval, and the win rate of a stronger bot's seat against weaker ones, per ruleset."""

from __future__ import annotations

import json

import pytest

from interpreter.cli import main
from interpreter.study.balance import paired_difference, seat_balance
from interpreter.study.games import GameRecord
from interpreter.study.skill import batches, skill_trace

SEATS = ["P1", "P2", "P3", "P4"]


def games(winners: list[str]) -> list[GameRecord]:
    return [GameRecord(seed=i, scores=dict.fromkeys(SEATS, 0), winners=[w], decisions=1,
                       turns=None, ending=None) for i, w in enumerate(winners)]


def test_seats_that_win_equally_often_are_balanced():
    even = seat_balance(games(SEATS * 10), SEATS)
    assert even.value == 0.0 and even.p == pytest.approx(1.0)
    assert even.low == 0.0 and even.high < 0.15


def test_a_seat_that_wins_most_games_is_an_imbalance_with_an_interval_above_0():
    lopsided = seat_balance(games(["P1"] * 30 + ["P2", "P3", "P4"] * 3 + ["P2"]), SEATS)
    assert lopsided.value > 0.25 and lopsided.low > 0.15 and lopsided.p < 0.0001
    assert lopsided.low <= lopsided.value <= lopsided.high
    again = seat_balance(games(["P1"] * 30 + ["P2", "P3", "P4"] * 3 + ["P2"]), SEATS)
    assert (again.low, again.high) == (lopsided.low, lopsided.high)  # a fixed bootstrap seed


def test_the_paired_difference_of_a_side_with_itself_is_0():
    records = games(["P1"] * 20 + SEATS * 5)
    d = paired_difference(records, records, SEATS)
    assert (d.value, d.low, d.high) == (0.0, 0.0, 0.0)


def test_simulate_and_compare_give_the_seat_balance(capsys):
    assert main(["simulate", "fifth-avenue/base", "-p", "3", "-g", "6", "--workers", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["seat_balance"]
    assert 0.0 <= data["ci"][0] <= data["value"] <= data["ci"][1] and data["n"] == 6
    assert main(["compare", "fifth-avenue/base", "fifth-avenue/base", "-p", "3", "-g", "6",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "seat balance: A " in out and "B - A +0.0 pts [+0.0, +0.0] (paired bootstrap)" in out


def test_the_strong_seat_goes_round_the_table(base):
    plan = batches(base, 4, 10, 5, "greedy", "random")
    assert [(b.first, b.games, seat) for b, seat in plan] == [(5, 3, 0), (8, 3, 1),
                                                              (11, 3, 2), (14, 1, 3)]
    assert [b.entries for b, _ in plan][1] == ("random", "greedy", "random", "random")


def test_a_greedy_seat_wins_more_than_its_fair_share_of_fifth_avenue(base):
    [[level]] = skill_trace([base], 4, 16, 1, ["greedy"], "random")
    assert level.games == 16
    assert level.estimate().low > 0.25  # the fair share of 4 seats


def test_compare_gives_the_skill_trace_of_both_sides(capsys):
    argv = ["compare", "fifth-avenue/base", "fifth-avenue/base", "--set-b",
            "adjacency_vp[2]=4", "-p", "3", "-g", "3", "--workers", "1", "--skill", "greedy"]
    assert main([*argv, "--json"]) == 0
    [level] = json.loads(capsys.readouterr().out)["skill_trace"]
    assert level["bot"] == "greedy" and level["against"] == "random"
    assert level["a"]["games"] == level["b"]["games"] == 3
    assert "difference" in level and level["test"]
    assert main([*argv[:-2], "--bot", "random", "--bot", "random", "--bot", "greedy",
                 "--skill", "greedy"]) == 2
    assert "give one --bot, not one per seat" in capsys.readouterr().err


def test_an_unknown_skill_bot_is_refused_before_any_game(capsys, monkeypatch):
    def no_games(*args, **kwargs):
        raise AssertionError("games were played")

    monkeypatch.setattr("interpreter.study.simulate.play_batches", no_games)
    assert main(["simulate", "fifth-avenue/base", "-p", "3", "--skill", "grredy"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'grredy'" in err and "Traceback" not in err
