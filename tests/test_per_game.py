"""Per-game data: `rules simulate --out games.csv|games.jsonl`, `rules compare --out DIR`
and `rules simulate --replay-dir DIR` (each game's replay, which `rules replay` plays again)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.play.replay import verify
from interpreter.study.simulate import simulate

from .conftest import write_tiny


@pytest.fixture(scope="module")
def tiny_path(tmp_path_factory) -> Path:
    return write_tiny(tmp_path_factory.mktemp("tiny"), players="2, 3")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_simulate_writes_a_csv_row_per_game_with_every_measure(capsys, tmp_path, tiny_path):
    out = tmp_path / "games.csv"
    code, printed, err = run(capsys, "simulate", tiny_path, "-p", 3, "-g", 12, "--seed", 5,
                             "--workers", 1, "--bot", "random", "--out", out)
    assert code == 0, err
    assert f"per-game data: {out}" in printed
    with out.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    report = simulate(load_ruleset(tiny_path), 3, 12, seed=5)
    assert [int(r["seed"]) for r in rows] == list(range(5, 17))
    assert [r["winners"] for r in rows] == [" ".join(x.winners) for x in report.records]
    assert {"game", "players", "bot P1", "bot P3"} <= set(rows[0])
    for sample in report.samples:  # every measure is a column, game by game
        assert sample.name in rows[0]
        for i, row in enumerate(rows):
            value = sample.per_game(i)
            assert row[sample.name] == ("" if value is None else str(value))
    assert [int(r["score P2"]) for r in rows] == [x.scores["P2"] for x in report.records]


def test_simulate_writes_json_lines(capsys, tmp_path, tiny_path):
    out = tmp_path / "games.jsonl"
    code, _, err = run(capsys, "simulate", tiny_path, "-p", 2, "-g", 5, "--workers", 2,
                       "--out", out)
    assert code == 0, err
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 5 and rows[0]["bot P1"] == "random"
    assert all(isinstance(r["score P1"], int) and isinstance(r["turns per game"], int)
               for r in rows)


@pytest.mark.parametrize("name, message", [("games.txt", "must end in .csv or .jsonl"),
                                           ("no/such/folder/games.csv", "there is no folder")])
def test_a_bad_out_file_is_refused_before_any_game(capsys, tmp_path, tiny_path, name, message):
    code, out, err = run(capsys, "simulate", tiny_path, "-p", 2, "--out", tmp_path / name)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_compare_out_writes_both_sides_games_and_the_comparison(capsys, tmp_path, tiny_path):
    folder = tmp_path / "cmp"
    code, out, err = run(capsys, "compare", tiny_path, tiny_path, "-p", 2, "-g", 8,
                         "--workers", 1, "--out", folder)
    assert code == 0, err
    with (folder / "games.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["side"] for r in rows] == ["A"] * 8 + ["B"] * 8
    a, b = rows[:8], rows[8:]
    assert [r["seed"] for r in a] == [r["seed"] for r in b]  # pairs: the same seeds
    assert all(x["score P1"] == y["score P1"] for x, y in zip(a, b, strict=True))
    data = json.loads((folder / "comparison.json").read_text(encoding="utf-8"))
    assert data["games"] == 8 and data["paired"] and data["outcomes"]["winner_changed"] == 0
    assert f"per-game data: {folder / 'games.csv'}" in out


def test_replay_dir_keeps_every_games_replay(capsys, tmp_path, tiny_path):
    folder = tmp_path / "replays"
    code, out, err = run(capsys, "simulate", tiny_path, "-p", 2, "-g", 4, "--seed", 9,
                         "--workers", 2, "--replay-dir", folder)
    assert code == 0, err
    assert f"replays: {folder / 'seed-S.json'} (S: each game's seed)" in out
    assert {p.name for p in folder.iterdir()} == {f"seed-{s}.json" for s in range(9, 13)}
    report = simulate(load_ruleset(tiny_path), 2, 4, seed=9)
    ruleset = load_ruleset(tiny_path)
    for record in report.records:
        data = json.loads((folder / f"seed-{record.seed}.json").read_text(encoding="utf-8"))
        assert data["seed"] == record.seed and data["seats"] == {"P1": "random", "P2": "random"}
        assert data["winners"] == record.winners and len(data["moves"]) == record.decisions
        assert verify(ruleset, data).ok
    code, out, err = run(capsys, "replay", folder / "seed-10.json")
    assert code == 0 and "OK" in out, err


def test_replay_dir_is_refused_with_a_remote_cluster(capsys, tmp_path, tiny_path):
    code, out, err = run(capsys, "simulate", tiny_path, "-p", 2, "--replay-dir", tmp_path,
                         "--dask", "tcp://nowhere:8786")
    assert code == 2 and "--replay-dir" in err and "Traceback" not in err


@pytest.mark.parametrize("command", [
    ["simulate", "{tiny}", "-p", 2, "-g", 1, "--replay-dir", "{missing}"],
    ["compare", "{tiny}", "{tiny}", "-p", 2, "-g", 1, "--out", "{missing}"],
    ["play", "{tiny}", "-p", 2, "--watch", "--seat", "1=random", "--seat", "2=random",
     "--replay-dir", "{missing}"],
])
def test_an_output_folder_is_made_but_never_its_missing_parents(capsys, tmp_path, tiny_path,
                                                                command):
    """A mistyped folder is an error before any game (docs/robustness.md: no folder made on
    the way); a folder whose parent exists is made."""
    missing = tmp_path / "no" / "such"
    argv = [str(a).format(tiny=tiny_path, missing=missing) for a in command]
    code, out, err = run(capsys, *argv)
    assert code == 2 and f"the folder {missing.parent} does not exist" in err, err
    assert not missing.parent.exists() and "Traceback" not in out + err
    made = tmp_path / "made"
    code, _, err = run(capsys, *[a.replace(str(missing), str(made)) for a in argv])
    assert code == 0 and made.is_dir(), err
