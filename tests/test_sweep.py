"""`rules sweep`: one setting at several values, on the same seeds and bots
(study/sweep.py, cli/sweep.py)."""

from __future__ import annotations

import io
import json
import re

import pytest

from interpreter.cli import main
from interpreter.language.errors import RulesError
from interpreter.study.measuring import OPTIONS, POOLED, Sample
from interpreter.study.sweep import Swept, split_settings, swept


def run(capsys, monkeypatch, *argv) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_values_of_a_sweep():
    assert swept("adjacency_vp[4]=6..9") == Swept("adjacency_vp[4]", ("6", "7", "8", "9"))
    assert swept("card_counts[black, 4]=10, 12") == Swept("card_counts[black, 4]",
                                                           ("10", "12"))
    assert swept("adjacency_vp[4]=6") is None
    assert swept('name="a, b"') is None  # a text with a comma is one value
    with pytest.raises(RulesError, match="empty"):
        swept("x=5..3")
    with pytest.raises(RulesError, match="at most"):
        swept("x=1..500")
    target, fixed = split_settings(["a=1", "b[2]=1..3", "c=4"])
    assert target.target == "b[2]" and fixed == ["a=1", "c=4"]
    with pytest.raises(RulesError, match="exactly one"):
        split_settings(["a=1"])
    with pytest.raises(RulesError, match="exactly one"):
        split_settings(["a=1..2", "b=3..4"])


def test_a_sweep_plays_each_value_on_the_same_games(capsys, monkeypatch):
    """The cell is read only when scoring: every value plays the same games (the same
    length), and a higher value scores at least as much."""
    code, out, err = run(capsys, monkeypatch, "sweep", "fifth-avenue/base", "--players", "3",
                         "--set", "adjacency_vp[2]=3..5", "--set", "stops_to_end=2",
                         "--games", "3", "--workers", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["setting"] == "adjacency_vp[2]" and data["values"] == ["3", "4", "5"]
    assert data["settings"] == ["stops_to_end=2"]
    rows = {m["name"]: m["by_value"] for m in data["measures"]}
    lengths = [v["value"] for v in rows["decisions per game"]]
    assert len(set(lengths)) == 1
    scores = [sum(rows[f"score P{i}"][k]["value"] for i in range(1, 4)) for k in range(3)]
    assert scores[0] < scores[1] < scores[2]
    assert all(len(v["ci"]) == 2 for v in rows["score P1"])


def test_the_text_report_has_a_column_per_value(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "sweep", "fifth-avenue/base", "--players", "3",
                       "--set", "adjacency_vp[2]=3,6", "--games", "2", "--workers", "1")
    assert code == 0
    header = next(line for line in out.splitlines() if line.startswith("measure"))
    assert "adjacency_vp[2]=3" in header and "=6" in header
    assert any(line.startswith("score P1") and line.count("[") == 2 for line in out.splitlines())


@pytest.mark.parametrize("settings, message", [
    (["adjacnecy_vp[2]=3..5"], "did you mean 'adjacency_vp'?"),
    (["adjacency_vp[2]=4"], "exactly one --set with several values"),
    (["adjacency_vp[2]=5..3"], "is empty"),
    (["adjacency_vp[2]=a..b"], "a range is two whole numbers, LOW..HIGH"),
    (["adjacency_vp[2]=1.5..3"], "a range is two whole numbers, LOW..HIGH"),
])
def test_a_wrong_sweep_exits_2(capsys, monkeypatch, settings, message):
    args = [a for s in settings for a in ("--set", s)]
    code, out, err = run(capsys, monkeypatch, "sweep", "fifth-avenue/base", "--players", "3",
                         *args, "--games", "1", "--workers", "1")
    assert code == 2
    assert message in out + err and "Traceback" not in out + err


def test_the_chart_of_a_sweep(tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib")
    chart = tmp_path / "sweep.png"
    code, out, _ = run(capsys, monkeypatch, "sweep", "fifth-avenue/base", "--players", "3",
                       "--set", "adjacency_vp[2]=3..4", "--games", "2", "--workers", "1",
                       "--chart", chart)
    assert code == 0 and f"chart: {chart}" in out
    assert chart.read_bytes().startswith(b"\x89PNG")
    code, _, err = run(capsys, monkeypatch, "sweep", "fifth-avenue/base", "--players", "3",
                       "--set", "adjacency_vp[2]=3..4", "--chart", tmp_path / "x.pdf")
    assert code == 2 and ".svg or .png" in err


def test_the_chart_leaves_the_option_balance_out_unless_measures_are_named(
        tmp_path, capsys, monkeypatch):
    """Dozens of option shares made a chart thousands of pixels tall; rates and shares are
    drawn in % as the table gives them."""
    pytest.importorskip("matplotlib")
    from interpreter.study.sweep import draw

    args = ["sweep", "fifth-avenue/base", "--players", "3", "--set", "adjacency_vp[2]=3..4",
            "--games", "2", "--workers", "1", "--json"]
    captured = {}
    monkeypatch.setattr("interpreter.study.sweep.write_chart",
                        lambda result, path, measures=None: captured.update(
                            result=result, measures=measures))
    code, _, err = run(capsys, monkeypatch, *args, "--chart", tmp_path / "s.png")
    assert code == 0, err
    result = captured["result"]
    drawn = result.charted(captured["measures"])
    assert "score P1" in drawn and not any(" -> " in n for n in drawn)
    assert any(" -> " in n for n in result.measures())  # in the table and the JSON
    option = "choose your option for this turn -> A"  # about a quarter of the choices
    figure = draw(result, ["win rate P1", option])
    titles = [ax.get_title() for ax in figure.axes if ax.get_title()]
    assert [t.split("\n")[0] for t in titles] == ["win rate P1", option]
    at_base = float(re.search(r"at base: ([\d.]+)%", titles[1])[1])
    assert 1 < at_base < 100
    assert [ax.get_ylabel() for ax in figure.axes[:2]] == ["minus base (pts)"] * 2
    code, _, err = run(capsys, monkeypatch, *args, "--measure", "score P1")
    assert code == 2 and "give --chart FILE or --html FILE" in err
    code, _, err = run(capsys, monkeypatch, *args, "--chart", tmp_path / "s.png",
                       "--measure", "scor P1")
    assert code == 2 and "did you mean 'score P1'" in err
    code, _, err = run(capsys, monkeypatch, *args, "--chart", tmp_path / "s.png",
                       "--measure", "how games end")
    assert code == 2 and "a sweep does not draw it" in err


def test_option_shares_are_in_percent_within_0_and_100(capsys, monkeypatch):
    """An option's share of a decision reads like a win rate, and a share taken rarely
    does not get an interval below 0% (its normal interval would reach past it)."""
    code, out, _ = run(capsys, monkeypatch, "sweep", "fifth-avenue/base", "--players", "4",
                       "--set", "adjacency_vp[4]=6,7", "--games", "10", "--workers", "1")
    assert code == 0
    rows = [line for line in out.splitlines() if " -> " in line]
    assert any(line.startswith("choose your option for this turn -> A") for line in rows)
    bounds = [float(b) for line in rows
              for b in re.findall(r"[\[,] ?(-?[\d.]+)\]?", line.split("  ", 1)[1])]
    assert rows and all("%" in line for line in rows)
    assert bounds and all(0.0 <= b <= 100.0 for b in bounds)


def test_an_option_share_interval_is_clipped_to_0_and_1():
    rare = Sample("d -> x", "share", POOLED, [(0.0, 50)] * 19 + [(1.0, 50)], OPTIONS)
    e = rare.estimate()
    assert e.low == 0.0 and 0.0 < e.value < e.high <= 1.0
    mean = Sample("m", "a pooled mean", POOLED, [(0.0, 50)] * 19 + [(1.0, 50)])
    assert mean.estimate().low < 0.0  # other pooled means keep their interval


def test_each_value_against_the_base_value_paired(capsys, monkeypatch, tmp_path):
    """Issue 36: the base value is the ruleset's own (adjacency_vp[2] is 3), marked, and every
    other value has its paired difference from it with a verdict; --out and --html keep the
    sweep, each naming the ruleset with its settings."""
    pytest.importorskip("matplotlib")
    page, folder = tmp_path / "sweep.html", tmp_path / "out"
    code, out, err = run(capsys, monkeypatch, "sweep", "fifth-avenue/base", "--players", "4",
                         "--set", "adjacency_vp[2]=2..4", "--set", "stops_to_end=2",
                         "--games", "30", "--workers", "1", "--html", page, "--out", folder)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Fifth Avenue with stops_to_end=2: adjacency_vp[2] = 2, 3, 4"
    assert "=3 (base)" in out
    score = lines.index(next(x for x in lines if x.startswith("score P1 ")))
    below = lines[score + 1]
    assert below.startswith("  - base") and below.count("differs") == 2  # 2 and 4
    data = json.loads((folder / "sweep.json").read_text(encoding="utf-8"))
    assert data["base"] == "3" and data["paired"]
    assert data["side"]["settings"] == ["stops_to_end=2"]
    by_value = {m["name"]: m["by_value"] for m in data["measures"]}["score P1"]
    assert "difference" not in by_value[1]  # the base value
    assert by_value[0]["difference"]["value"] < 0 < by_value[2]["difference"]["value"]
    assert by_value[2]["verdict"] == "differs"
    games = (folder / "games.csv").read_text(encoding="utf-8").splitlines()
    assert games[0].startswith("value,game,seed,") and len(games) == 1 + 3 * 30
    html = page.read_text(encoding="utf-8")
    assert "<title>Fifth Avenue with stops_to_end=2: adjacency_vp[2] = 2, 3, 4</title>" in html
    assert "<svg" in html and "(base)" in html
    code, _, err = run(capsys, monkeypatch, "sweep", "fifth-avenue/base", "--players", "4",
                       "--set", "adjacency_vp[2]=2..4", "--games", "2", "--base", "7")
    assert code == 2 and "--base 7: not one of the values swept (2, 3, 4)" in err
