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
