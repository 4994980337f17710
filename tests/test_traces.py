"""Score traces (issue 36): the seats' scores after every turn, the lead changes and the
decisiveness they give, and the per-turn data of --out."""

from __future__ import annotations

import csv

import pytest

from interpreter.bots.players import make_bot
from interpreter.cli import main
from interpreter.study.games import play_one
from interpreter.study.measuring import DECISIVENESS, LEAD_CHANGES
from interpreter.study.simulate import simulate
from interpreter.study.traces import decisiveness, lead_changes, leaders

SEATS = ["P1", "P2", "P3"]


def test_leaders_and_lead_changes():
    assert leaders([0, 0, 0]) is None  # nobody leads while all are level
    assert leaders([3, 5, 5]) == frozenset({1, 2})
    assert leaders([3, 5, 5], lowest_wins=True) == frozenset({0})
    see_saw = [[0, 0, 0], [2, 0, 0], [2, 3, 0], [2, 3, 0], [4, 3, 0], [4, 3, 9]]
    assert lead_changes(see_saw) == 3  # P1, then P2, P1, P3
    assert lead_changes([[0, 0, 0], [1, 0, 0], [5, 0, 0]]) == 0


def test_decisiveness_is_the_share_of_turns_after_the_winner_led_for_good():
    # 4 turns; P1 leads from turn 1 on: decided with 3 of 4 turns to go
    assert decisiveness([[0, 0, 0], [1, 0, 0], [2, 1, 0], [3, 1, 1], [5, 1, 1]], SEATS,
                        ["P1"]) == pytest.approx(0.75)
    # P3 goes ahead only at the end (the final scoring): 0
    assert decisiveness([[0, 0, 0], [1, 0, 0], [2, 1, 0], [3, 1, 1], [3, 1, 8]], SEATS,
                        ["P3"]) == 0.0
    # P2 leads, loses the lead, and takes it again at turn 3 for good
    assert decisiveness([[0, 0, 0], [0, 2, 0], [3, 2, 0], [3, 4, 0], [3, 6, 0]], SEATS,
                        ["P2"]) == pytest.approx(0.25)
    # a shared lead counts as leading
    assert decisiveness([[0, 0, 0], [2, 2, 0], [3, 3, 0]], SEATS, ["P2"]) == 0.5


def test_a_game_keeps_its_trace_from_the_start_to_the_final_scores(base):
    bot = make_bot("random")
    record = play_one(base, 4, 3, {p: bot for p in ["P1", "P2", "P3", "P4"]})
    trace = record.trace
    assert trace[0] == [0, 0, 0, 0]
    assert trace[-1] == list(record.scores.values())
    assert len(trace) == record.turns + 2  # the start, every turn, and the end
    for before, after in zip(trace, trace[1:-1], strict=False):  # points only grow in play
        assert all(x <= y for x, y in zip(before, after, strict=True))


def test_the_measures_come_with_every_simulation(base):
    report = simulate(base, 4, 6, seed=1)
    by_name = {s.name: s for s in report.samples}
    changes, decided = by_name[LEAD_CHANGES], by_name[DECISIVENESS]
    assert all(isinstance(v, int) and v >= 0 for v in changes.values)
    assert all(0.0 <= v <= 1.0 for v in decided.values)
    assert decided.values == [decisiveness(r.trace, list(report.bots), r.winners)
                              for r in report.records]
    assert "lead changes" in report.to_text() and "decisiveness" in report.to_text()


def test_out_writes_the_scores_after_every_turn(tmp_path, capsys):
    out = tmp_path / "games.csv"
    assert main(["simulate", "fifth-avenue/base", "-p", "3", "-g", "2", "--workers", "1",
                 "--out", str(out)]) == 0
    assert "per turn:" in capsys.readouterr().out
    with open(tmp_path / "games.turns.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    with open(out, encoding="utf-8") as f:
        games = list(csv.DictReader(f))
    assert list(rows[0]) == ["game", "seed", "turn", "score P1", "score P2", "score P3"]
    for game in games:
        mine = [r for r in rows if r["game"] == game["game"]]
        assert [int(r["turn"]) for r in mine] == list(range(len(mine)))
        assert [mine[-1][f"score P{i}"] for i in (1, 2, 3)] == \
            [game[f"score P{i}"] for i in (1, 2, 3)]
    folder = tmp_path / "cmp"
    assert main(["compare", "fifth-avenue/base", "fifth-avenue/base", "-p", "3", "-g", "2",
                 "--workers", "1", "--out", str(folder)]) == 0
    with open(folder / "turns.csv", encoding="utf-8") as f:
        both = list(csv.DictReader(f))
    assert {r["side"] for r in both} == {"A", "B"} and len(both) == 2 * len(rows)
