"""`rules compare A B`: the same seeds and bots on both sides, every measure with intervals,
differences and Holm-corrected verdicts from paired tests (or independent ones), power, the
games whose outcome changed; JSON for machines; charts for people."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.study.compare import DIFFERS, NO_EVIDENCE, NOT_TESTED, compare
from interpreter.study.measuring import OPTIONS

from .conftest import ROOT, edited_copy

SCORES = [f"score P{i}" for i in range(1, 5)]
ONE_CELL = ROOT / "tests" / "data" / "one-cell"  # adjacency_vp[2] = 4 instead of 3


@pytest.fixture(scope="module")
def richer(tmp_path_factory):
    """The base game with one number of one scoring table changed: 1 adjacent business type
    pays 6 VP per skyscraper instead of 2."""
    folder = edited_copy(tmp_path_factory.mktemp("richer"), "rules/scoring.rules",
                         "    1 -> 2\n", "    1 -> 6\n")
    return load_ruleset(folder)


@pytest.fixture(scope="module")
def same(base):
    return compare(base, base, 4, 40, seed=7)


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_ruleset_compared_with_itself_shows_no_difference(same):
    assert same.rows and not same.differing and same.paired
    assert same.only_in_a == [] and same.only_in_b == []
    for row in same.rows:
        assert row.verdict == (NO_EVIDENCE if row.origin != OPTIONS else NOT_TESTED)
        assert row.p == pytest.approx(1.0)
        assert row.p_adjusted == (pytest.approx(1.0) if row.origin != OPTIONS else None)
        if row.difference is not None:
            assert row.difference.value == 0
            assert row.a == row.b
    assert same.outcomes.games == 40
    assert same.outcomes.winner_changed == 0 and same.outcomes.ranking_changed == 0
    names = [r.name for r in same.rows]
    assert names[:4] == SCORES and "how games end" in names
    assert {"winning_bid", "building_stops", "winner's lead"} <= set(names)
    assert "winner_lead" not in names  # one name per measure in the family (issue 36)
    text = same.to_text()
    assert "no evidence of a difference in any of the" in text
    assert "games whose winner changed: 0 of 40; whose ranking of the seats changed: 0" in text


def test_one_scoring_cell_differs_in_paired_tests_at_100_games(capsys):
    """The issue's yardstick: one cell of one scoring table (+1 VP) is found by the paired
    tests in 100 games; the independent tests do not see it in the same games."""
    argv = ["compare", "fifth-avenue/base", ONE_CELL, "--allow-outside", "--players", 4,
            "--games", 100, "--seed", 1, "--workers", 2, "--json"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    data = json.loads(out)
    rows = {m["name"]: m for m in data["measures"]}
    assert data["paired"] and data["bots"] == {f"P{i}": "random" for i in range(1, 5)}
    for s in SCORES:
        assert rows[s]["verdict"] == "differs" and rows[s]["test"] == "paired t"
        assert rows[s]["difference"]["ci"][0] > 0 and rows[s]["detectable"] > 0
    assert rows["win rate P1"]["test"] in ("exact McNemar", "exact sign test")
    assert rows["how games end"]["test"] == "exact McNemar"  # two endings here
    assert rows["winning_bid"]["test"] == "paired z over games"
    # random bots do not look at the score: the same moves, so the same length and endings
    assert rows["decisions per game"]["difference"]["value"] == 0
    assert rows["decisions per game"]["verdict"] == "no evidence"
    outcomes = data["outcomes"]
    assert outcomes["games"] == 100 and 0 < outcomes["ranking_changed"] <= 100
    assert outcomes["winner_changed"] <= outcomes["ranking_changed"]
    code, out, err = run(capsys, *argv, "--unpaired")
    assert code == 0, err
    unpaired = {m["name"]: m for m in json.loads(out)["measures"]}
    assert all(unpaired[s]["test"] == "Welch t" for s in SCORES)
    assert not any(unpaired[s]["verdict"] == "differs" for s in SCORES)


def test_the_tested_family_and_the_games_a_target_needs(capsys):
    code, out, err = run(capsys, "compare", "fifth-avenue/base", ONE_CELL, "--allow-outside",
                         "-p", 4, "-g", 30, "--workers", 1, "--json", "--measure", "score P1",
                         "--measure", "choose your option for this turn -> A",
                         "--target", "score P1=0.5", "--target", "10%")
    assert code == 0, err
    data = json.loads(out)
    assert data["family"] == ["score P1", "choose your option for this turn -> A"]
    rows = {m["name"]: m for m in data["measures"]}
    assert rows["score P2"]["verdict"] == "not tested" and rows["score P2"]["p_adjusted"] is None
    p1 = rows["score P1"]
    assert p1["verdict"] == "differs"  # Holm over 2 measures: p doubled (both rounded)
    assert p1["p_adjusted"] == pytest.approx(min(1, 2 * p1["p"]), rel=0.05)
    assert data["power"]["alpha"] == pytest.approx(0.025)
    assert p1["target"] == 0.5 and p1["games_needed"] == pytest.approx(
        30 * (p1["detectable"] / 0.5) ** 2, rel=0.05)
    # a target for every measure goes to those of its kind: 10% to the rates and shares
    rates = [rows[f"win rate P{i}"] for i in range(1, 5)]
    assert any(r.get("target") == pytest.approx(0.1) for r in rates)
    assert all("target" not in r for r in rates if r.get("detectable") is None)
    assert "target" not in rows["score P2"] and "target" not in rows["decisions per game"]


@pytest.mark.parametrize("argv, message", [
    (["--measure", "score P9"], "there is no such measure; did you mean 'score P"),
    (["--measure", "scor P1"], "did you mean 'score P1'"),
    (["--target", "x"], "is not DIFF or NAME=DIFF"),
    (["--target", "score P1=0"], "other than 0"),
    (["--target", "win rate P1=5"], "'win rate P1' is a rate: write the difference as a "
                                    "percentage, 'win rate P1=5%'"),
    (["--target", "score P1=5%"], "'score P1' is not a rate: write the difference as a number"),
    (["--target", "turns per game=5%"], "'turns per game' is not a rate"),
    (["--target", "scor P1=2"], "--target 'scor P1': there is no such measure; did you mean"),
])
def test_a_wrong_measure_or_target_is_one_line(capsys, argv, message):
    code, out, err = run(capsys, "compare", "fifth-avenue/base", "fifth-avenue/base", "-p", 4,
                         "-g", 2, *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_each_side_its_own_seeds_for_calibration(base):
    result = compare(base, base, 4, 20, seed=1, seed_b=1001)
    assert (result.a.seed, result.b.seed) == (1, 1001) and result.paired
    assert [r.seed for r in result.b.records] == list(range(1001, 1021))
    assert result.outcomes.winner_changed > 0  # other deals, other winners
    assert "seeds 1..20 (A) and 1001..1020 (B)" in result.to_text()
    assert result.to_dict()["seeds"] == {"a": 1, "b": 1001}


def test_one_number_of_a_scoring_table_changed_is_found(base, richer):
    result = compare(base, richer, 4, 60, seed=1, workers=2)
    verdicts = {r.name: r.verdict for r in result.rows}
    assert all(verdicts[s] == DIFFERS for s in SCORES)
    by_name = {r.name: r for r in result.rows}
    for s in SCORES:
        row = by_name[s]
        assert row.difference.low > 0 and row.b.value > row.a.value
        assert row.p_adjusted < 0.05 and row.p_adjusted >= row.p
    # Random bots do not look at the scores: the games are the same, move for move.
    assert by_name["decisions per game"].difference.value == 0
    assert by_name["score P1"].test == "paired t"
    assert verdicts["decisions per game"] == NO_EVIDENCE
    assert verdicts["how games end"] == NO_EVIDENCE
    text = result.to_text()
    assert "differs" in text and "score P1" in text.split("differ:")[1]


def test_the_report_is_the_same_for_any_number_of_workers(base, richer):
    one = compare(base, richer, 4, 24, seed=3, workers=1)
    two = compare(base, richer, 4, 24, seed=3, workers=2)
    assert one.to_dict(timing=False) == two.to_dict(timing=False)
    assert one.a.records == two.a.records and one.b.records == two.b.records
    assert one.to_dict()["timing"]["workers"] == "1 process"
    assert two.to_dict()["timing"]["workers"] == "2 processes"


def test_json_lists_every_measure_with_both_sides_difference_and_verdict(capsys, richer):
    code, out, err = run(capsys, "compare", "fifth-avenue/base", richer.path, "--players", 4,
                         "--games", 30, "--seed", 1, "--json", "--workers", 2)
    assert code == 0, err
    data = json.loads(out)
    assert data["a"] == "Fifth Avenue" and data["games"] == 30 and data["correction"] == "Holm"
    assert len(data["measures"]) >= 15
    for m in data["measures"]:
        assert {"name", "a", "b", "difference", "verdict", "p", "p_adjusted", "test",
                "in_family", "detectable"} <= set(m)
        assert m["verdict"] in (("differs", "no evidence") if m["in_family"] else
                                ("not tested",))
    means = [m for m in data["measures"] if m["kind"] != "categories"]
    for m in means:
        assert set(m["a"]) == {"value", "ci", "n"} and len(m["difference"]["ci"]) == 2
    endings = next(m for m in data["measures"] if m["name"] == "how games end")
    assert endings["test"] == "exact McNemar" and "shares" in endings["a"]
    assert data["differing"] == [m["name"] for m in data["measures"]
                                 if m["verdict"] == "differs"]


def test_the_text_report(capsys):
    code, out, err = run(capsys, "compare", "fifth-avenue/base", "fifth-avenue/six-plot",
                         "-p", 4, "-g", 12, "--workers", 1)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "A: Fifth Avenue" and lines[1].startswith("B: Fifth Avenue, 6-plot")
    assert "the same seeds (1..12), bots: random" in lines[2]
    assert lines[3] == "the question: with play adapted to the new rule: each side's bots " \
                       "play under its own rules"
    assert "paired tests" in lines[4]
    header = next(line for line in lines if line.startswith("measure "))
    for column in ("A", "B", "B - A", "p (Holm)", "verdict", "detects"):
        assert column in header
    assert "measures of the rulesets:" in out and "winning_bid" in out
    assert "tests: paired t" in out and "speed:" in out and "detects: the smallest" in out
    assert "option balance: " in out


@pytest.mark.parametrize("argv, message", [
    (["fifth-avenue/base", "fifth-avenue/alea-2p", "-p", "4"], "played by 2 players, not 4"),
    (["fifth-avenue/base", "fifth-avenue/base", "-p", "4", "--chart", "out.pdf"],
     "must end in .html, .svg or .png"),
    (["fifth-avenue/base", "no/such/ruleset", "-p", "4"], "no such ruleset folder"),
    (["fifth-avenue/base", "fifth-avenue/base", "-p", "4", "--workers", "0"], "at least 1"),
])
def test_mistakes_are_one_line(capsys, argv, message):
    code, out, err = run(capsys, "compare", *argv)
    assert code == 2 and out == ""
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert message in err


# ------------------------------------------------------------------------------ charts
@pytest.mark.parametrize("suffix, start", [(".png", b"\x89PNG"), (".svg", b"<?xml"),
                                           (".html", b"<!DOCTYPE html>")])
def test_charts_are_written(tmp_path, same, suffix, start):
    pytest.importorskip("matplotlib")
    from interpreter.study.charts import write_chart

    path = tmp_path / f"chart{suffix}"
    write_chart(same, path)
    data = path.read_bytes()
    assert data.startswith(start) and len(data) > 10_000
    if suffix != ".png":
        text = data.decode()
        for title in ("Scores (every seat)", "Win rate by seat", "How games end",
                      "Every number", "Every rate", "Winner changed in"):
            assert title.replace(" ", "") in text.replace(" ", "") or suffix == ".svg"
    if suffix == ".html":
        assert "<svg" in text and "B - A" in text and "winning_bid" in text


def test_every_measure_is_listed_in_the_chart_a_measure_of_0_too(base):
    """A measure that is 0 in A (no percentage of it) keeps its line, and every line's
    values read on the right as labels of the axes (not text that spills past the edge)."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from interpreter.study.charts import _differences

    result = compare(base, base, 4, 6, seed=7)
    rows = [r for r in result.rows if r.difference is not None and r.a is not None]
    assert any(not r.a.value for r in rows)  # shared wins, at least
    figure, ax = plt.subplots()
    _differences(ax, rows)
    names = [t.get_text() for t in ax.get_yticklabels()]
    assert len(names) == len(rows) and any(n.endswith("(A is 0)") for n in names)
    right = [t.get_text() for t in ax.child_axes[0].get_yticklabels()]
    assert right[0].startswith(f"{rows[0].a.value:.2f} -> ") and len(right) == len(rows)
    plt.close(figure)


def test_compare_draws_its_chart(tmp_path: Path, capsys):
    pytest.importorskip("matplotlib")
    chart = tmp_path / "compare.png"
    code, out, err = run(capsys, "compare", "fifth-avenue/base", "fifth-avenue/base", "-p", 3,
                         "-g", 6, "--chart", chart, "--workers", 1)
    assert code == 0, err
    assert chart.read_bytes().startswith(b"\x89PNG")
    assert out.rstrip().endswith(f"chart: {chart}")


def test_the_variant_of_docs_variants_compares(tmp_path, base):
    """docs/variants.md, "Did my change matter?": its variant loads next to the base game, and
    its report names the measures a comparison gives."""
    import re
    import shutil

    from .conftest import BASE, ROOT

    doc = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    files = [(path, text) for path, text in
             re.findall(r"<!-- file: (\S+) -->\n```\w+\n(.*?)```", doc, re.S)
             if path.startswith("fewer-skyscrapers/")]
    assert len(files) == 2
    shutil.copytree(BASE, tmp_path / "base")
    for path, text in files:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    variant = load_ruleset(tmp_path / "fewer-skyscrapers")
    result = compare(base, variant, 4, 12, seed=1)
    shown = doc.split("Did my change matter?")[1]
    for row in result.rows:
        if row.origin != OPTIONS:  # the option balance is shown where it moved
            assert f"\n{row.name} " in shown, row.name
    assert variant.program.world.tables["build_limit"].rows[4] == 2


def test_without_matplotlib_chart_says_how_to_get_it(capsys, monkeypatch, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = run(capsys, "compare", "fifth-avenue/base", "fifth-avenue/base", "-p", 4,
                         "--chart", tmp_path / "c.png")
    assert code == 2 and out == ""
    assert "pip install 'rules-engine[charts]'" in err and len(err.strip().splitlines()) == 1


def test_the_pandas_example_of_docs_variants_reads_the_per_game_data(capsys, tmp_path,
                                                                     monkeypatch):
    """docs/variants.md, "Per-game data": the columns its pandas example reads are those
    `rules compare --out` writes (and with pandas installed, the example runs)."""
    import csv
    import re

    doc = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    (file, code), = re.findall(r"<!-- pandas: (\S+) -->\n```python\n(.*?)```", doc, re.S)
    monkeypatch.chdir(tmp_path)
    folder = Path(file).parent
    status, out, err = run(capsys, "compare", "fifth-avenue/base", ONE_CELL, "--allow-outside",
                           "-p", 4, "-g", 3, "--workers", 1, "--out", folder)
    assert status == 0, err
    with open(file, encoding="utf-8") as f:
        columns = next(csv.reader(f))
    used = set(re.findall(r'\["([^"]+)"\]', code))
    assert used and used <= set(columns), used - set(columns)
    try:
        import pandas  # noqa: F401
    except ImportError:
        return
    exec(compile(code, "docs/variants.md", "exec"), {})


def test_a_number_and_a_percentage_target_for_every_measure_both_hold(capsys, base):
    code, out, err = run(capsys, "compare", "fifth-avenue/base", ONE_CELL, "--allow-outside",
                         "-p", 4, "-g", 20, "--workers", 1, "--json", "--target", "2",
                         "--target", "5%")
    assert code == 0, err
    rows = {m["name"]: m for m in json.loads(out)["measures"]}
    assert rows["score P1"]["target"] == 2
    assert any(rows[f"win rate P{i}"].get("target") == pytest.approx(0.05) for i in range(1, 5))
    variant = load_ruleset(ONE_CELL, allow_outside=True)  # from Python: a plain number, all
    result = compare(base, variant, 4, 20, seed=1, targets={"": 0.5})
    assert {r.name: r.target for r in result.rows}["score P1"] == 0.5
    code, _, err = run(capsys, "compare", "fifth-avenue/base", ONE_CELL, "--allow-outside",
                       "-p", 4, "-g", 4, "--workers", 1, "--target",
                       "choose your option for this turn -> AA=5%")
    assert code == 2 and "did you mean 'choose your option for this turn -> A'" in err


def test_a_family_of_one_measure_reads_in_the_singular(base):
    variant = load_ruleset(ONE_CELL, allow_outside=True)
    result = compare(base, variant, 4, 20, seed=1, family=["score P1"])
    text = result.to_text()
    assert "corrected for 1 measure (Holm)" in text
    assert "the measure tested differs: score P1" in text and "1 of 1" not in text
