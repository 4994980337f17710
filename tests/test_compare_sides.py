"""Issue 36: every output of `rules compare` names both sides with their overlays and
settings, so a chart, a page or a folder of results shared alone says what was compared."""

from __future__ import annotations

import json
import re

import pytest

from interpreter.cli import main

from .conftest import ROOT

ONE_CELL = ROOT / "tests" / "data" / "one-cell"


def test_text_json_out_and_chart_name_both_sides_with_their_settings(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    page, folder = tmp_path / "c.html", tmp_path / "out"
    argv = ["compare", "fifth-avenue/base", "fifth-avenue/base", "--set-b",
            "adjacency_vp[2]=4", "-p", "4", "-g", "4", "--workers", "1"]
    assert main([*argv, "--chart", str(page), "--out", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A: Fifth Avenue\nB: Fifth Avenue with adjacency_vp[2]=4\n")
    title = "A: Fifth Avenue    vs    B: Fifth Avenue with adjacency_vp[2]=4"
    html = page.read_text(encoding="utf-8")
    assert f"<title>{title}</title>" in html
    svg_text = " ".join(re.findall(r"<!-- (.*?) -->", html))  # matplotlib names its texts
    assert "adjacency_vp[2]=4" in svg_text
    saved = json.loads((folder / "comparison.json").read_text(encoding="utf-8"))
    assert saved["sides"]["b"]["settings"] == ["adjacency_vp[2]=4"]
    assert saved["sides"]["a"]["settings"] == [] and saved["settings_b"] == ["adjacency_vp[2]=4"]
    assert saved["sides"]["b"]["title"] == "Fifth Avenue with adjacency_vp[2]=4"


def test_an_overlay_is_named_with_the_ruleset_it_is_built_on(capsys):
    assert main(["compare", "fifth-avenue/base", str(ONE_CELL), "--allow-outside", "-p", "4",
                 "-g", "2", "--workers", "1", "--json"]) == 0
    sides = json.loads(capsys.readouterr().out)["sides"]
    assert sides["b"]["overlays"][0] == "Fifth Avenue" and len(sides["b"]["overlays"]) == 2
    assert sides["b"]["title"].endswith("(over Fifth Avenue)")


def test_the_chart_draws_rates_in_points_on_their_own_axis(base):
    """A rate near 0 (shared wins, 0.4% of games) as a share of A stretched the axis of every
    change to hundreds of %: rates and shares have an axis of their own, in points, and the
    axis of the numbers is kept to the changes that matter."""
    pytest.importorskip("matplotlib")
    from interpreter.engine.ruleset import load_ruleset
    from interpreter.study.charts import MAX_SHARE_OF_A, draw
    from interpreter.study.compare import compare

    result = compare(base, load_ruleset(ONE_CELL, allow_outside=True), 4, 20, seed=1)
    figure = draw(result)
    by_title = {ax.get_title().split("\n")[0]: ax for ax in figure.axes if ax.get_title()}
    numbers = by_title["Every number: the change from A to B"]
    rates = by_title["Every rate: the change in points"]
    number_labels = [t.get_text() for t in numbers.get_yticklabels()]
    rate_labels = [t.get_text().split("\n")[0] for t in rates.get_yticklabels()]
    assert "score P1" in number_labels and not any("win rate" in n for n in number_labels)
    assert {"win rate P1", "shared wins"} <= set(rate_labels)
    assert "points" in rates.get_xlabel()
    assert max(abs(x) for x in numbers.get_xlim()) <= 1.1 * MAX_SHARE_OF_A
    winner = by_title["Winner changed in " f"{result.outcomes.winner_changed} of 20 pairs:"]
    assert winner.get_title().endswith("fewer than unrelated games")


def test_a_variants_own_measure_shows_its_value_and_may_be_named(tmp_path, capsys):
    """A measure only the variant declares was listed by name alone, and --measure refused
    it: it now has its row, with its value on its side, shown untested."""
    folder = tmp_path / "own"
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text('name: "own measure"\nplayers: [3, 4]\n'
                                         'extends: fifth-avenue/base\nrules:\n'
                                         '  - rules/m.rules\n', encoding="utf-8")
    (folder / "rules" / "m.rules").write_text(
        'measure stops_seen "building stops, counted by the variant" = stops\n',
        encoding="utf-8")
    argv = ["compare", "fifth-avenue/base", str(folder), "-p", "4", "-g", "4", "--workers",
            "1", "--measure", "stops_seen", "--measure", "building_stops"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {m["name"]: m for m in data["measures"]}
    own = rows["stops_seen"]
    assert own["a"] is None and own["b"]["value"] == rows["building_stops"]["b"]["value"]
    assert own["verdict"] == "only in B" and own["p"] is None
    assert own["in_family"] is False
    assert data["family"] == ["building_stops"]
    assert main(argv) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("stops_seen"))
    assert "only in B" in line and "[" in line
    assert main([*argv[:-4], "--target", "stops_seen=1"]) == 2
    assert "only one of the rulesets has this measure" in capsys.readouterr().err
