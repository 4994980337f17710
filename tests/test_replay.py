"""Replays (`rules replay`): a stored game replays to the same state; under edited rules the
first step where the game goes another way is named, with the reason; bad files are refused
with one line.

The stored game, tests/data/fifth-avenue-base-3p-seed3.replay.json, was recorded with

    rules play fifth-avenue/base --players 3 --seat 1=random --seat 2=random --seat 3=random \\
        --seed 3 --name 1=Ann --name 2=Ben --name 3=Cy --replay-dir tests/data

(then renamed). If a deliberate change of the base rules changes the game, this test names the
step where it does; record the game again with the command above.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.play.replay import core_hash, load_replay_file, verify

from .conftest import BASE, ROOT, edited_copy

STORED = ROOT / "tests" / "data" / "fifth-avenue-base-3p-seed3.replay.json"


def run(args: list[str], monkeypatch, capsys) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def first_difference(edited: Path, data: dict) -> tuple[int, str]:
    """Found without the replay machinery: the recorded game and the same decisions under the
    edited rules, side by side; the first step where a decision is refused, or where the two
    games differ in more than the options they offer."""
    streams = data["version"] - 1  # how the recorded game drew at random (history.py)
    games = [load_ruleset(path).new_game(3, data["seed"], names=data["names"], streams=streams)
             for path in (BASE, edited)]

    def differ() -> bool:
        return core_hash(games[0]) != core_hash(games[1])

    if differ():
        return 0, "state"
    for step, move in enumerate(data["moves"], start=1):
        if move not in games[1].decision().options:
            return step, "illegal"
        for game in games:
            game.apply(move)
        if differ():
            return step, "state"
    raise AssertionError("the edit changes nothing in this game")


def test_the_stored_game_replays_to_the_recorded_final_state(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run(["replay", str(STORED)], monkeypatch, capsys)
    assert code == 0, out + err
    assert max(len(x) for x in out.splitlines()) <= 80  # fits an 80-column terminal
    out = " ".join(out.split())
    data = json.loads(STORED.read_text())
    assert f"OK: all {len(data['moves'])} decisions replayed" in out
    assert "the final state matches the recording" in out
    verdict = verify(load_ruleset(BASE), load_replay_file(STORED))
    assert verdict.ok and verdict.game.over
    assert verdict.game.scores() == data["scores"]
    assert verdict.game.state_hash() == data["final_hash"]


@pytest.mark.parametrize("file, old, new, kind, reason", [
    # A scoring table: the same decision scores differently.
    ("rules/scoring.rules", "    1 -> 2\n", "    1 -> 3\n", "state",
     "the state differs from the recorded game"),
    # A build limit: a winner built more skyscrapers than the new limit allows.
    ("rules/auctions.rules", "    4 -> 3\n", "    4 -> 1\n", "illegal",
     "how many skyscrapers do you build"),
    # A plot takes one business only: a recorded placement becomes illegal.
    ("rules/businesses.rules", "with one or more skyscrapers)\" = 2",
     "with one or more skyscrapers)\" = 1", "illegal", "takes_business(q)"),
])
def test_under_an_edited_ruleset_the_replay_names_the_step_where_the_game_diverges(
        tmp_path, monkeypatch, capsys, file, old, new, kind, reason):
    monkeypatch.setenv("COLUMNS", "80")
    edited = edited_copy(tmp_path, file, old, new)
    data = load_replay_file(STORED)
    step, found = first_difference(edited, data)
    assert found == kind
    code, out, _ = run(["replay", str(STORED), "--ruleset", str(edited)], monkeypatch, capsys)
    assert code == 1
    assert max(len(x) for x in out.splitlines()) <= 80  # fits an 80-column terminal
    out = " ".join(out.split())  # a sentence wrapped at 80 columns, read as one
    assert "the ruleset's files have changed" in out
    assert f"The game diverges at step {step} of {len(data['moves'])}:" in out
    assert reason in out
    if kind == "illegal":
        assert "which the rules no longer allow" in out


def test_a_new_seed_diverges_at_setup(tmp_path, monkeypatch, capsys):
    data = json.loads(STORED.read_text())
    data["seed"] += 1
    path = tmp_path / "other-seed.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(["replay", str(path)], monkeypatch, capsys)
    assert code == 1
    assert "diverges at setup (step 0)" in out


@pytest.mark.parametrize("damage, message", [
    (lambda text: text[: len(text) // 2], "not a replay file (damaged or not JSON"),
    (lambda text: "", "not a replay file (damaged or not JSON"),
    (lambda text: json.dumps({"name": "a manifest", "players": [3]}),
     "not a replay file of this engine"),
    (lambda text: json.dumps({**json.loads(text), "version": 9}), "a replay of version 9"),
    (lambda text: json.dumps({k: v for k, v in json.loads(text).items() if k != "moves"}),
     "the replay is damaged (no 'moves')"),
    (lambda text: json.dumps({**json.loads(text), "hashes": json.loads(text)["hashes"][:-3]}),
     "the replay is damaged"),
    (lambda text: json.dumps({**json.loads(text), "seed": "three"}),
     "the replay is damaged ('seed' is not as expected)"),
])
def test_a_damaged_or_foreign_file_is_one_clear_line(tmp_path, monkeypatch, capsys, damage,
                                                     message):
    path = tmp_path / "bad.json"
    path.write_text(damage(STORED.read_text()))
    code, out, err = run(["replay", str(path)], monkeypatch, capsys)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_file_cut_inside_a_text_says_where_the_text_starts(tmp_path, monkeypatch, capsys):
    path = tmp_path / "cut.json"
    path.write_text('{"format": "rules-engine-replay", "rules')
    code, _, err = run(["replay", str(path)], monkeypatch, capsys)
    assert code == 2 and "Unterminated string starting at line 1, column 35" in err, err


def test_a_missing_file_is_one_clear_line(tmp_path, monkeypatch, capsys):
    code, _, err = run(["replay", str(tmp_path / "none.json")], monkeypatch, capsys)
    assert code == 2 and "no such file" in err and len(err.strip().splitlines()) == 1


def test_a_replay_can_be_loaded_and_shown(tmp_path, monkeypatch, capsys):
    code, out, _ = run(["show", str(STORED), "--color", "never"], monkeypatch, capsys)
    assert code == 0
    assert "Final scores:" in out and "Winner: Ben" in out
    code, out, _ = run(["replay", str(STORED), "--log"], monkeypatch, capsys)
    assert code == 0 and "Game end: " in out


def test_the_state_hash_ignores_where_the_rules_wait_for_a_decision(tmp_path):
    """A rule edit that plays the same game (a log line before a decision) keeps every state
    hash: the hash covers the game, not the instruction a decision waits at."""
    import random

    from interpreter.engine.ruleset import load_ruleset

    source = ROOT / "rulesets" / "tutorial" / "high-card"
    edited = tmp_path / "high-card"
    shutil.copytree(source, edited)
    rules = edited / "high-card.rules"
    text = rules.read_text(encoding="utf-8")
    marker = '    1. choose action by p "swap a card before you play?":'
    assert marker in text
    rules.write_text(text.replace(marker, '    0. log "{p} thinks."\n' + marker), encoding="utf-8")
    games = [load_ruleset(path).new_game(2, 7) for path in (source, edited)]
    rng = random.Random(7)
    while not games[0].over:
        assert games[0].state_hash() == games[1].state_hash()
        move = rng.choice(games[0].decision().options)
        for game in games:
            game.apply(move)
    assert games[1].over and games[0].state_hash() == games[1].state_hash()


def test_a_replay_or_save_whose_rules_changed_only_in_their_texts_says_it_replays_the_same(
        tmp_path, monkeypatch, capsys):
    """A newcomer loaded a replay after an update that changed only the wording of the log
    and read 'the ruleset has changed' as a warning. Where the game plays again to the same
    state, a note says only that the texts changed and the game replays the same; where it
    does not, a warning says so."""
    from interpreter.cli.common import load_position

    monkeypatch.setenv("COLUMNS", "80")
    reworded = edited_copy(tmp_path, "rules/turn.rules", ", now shows", ", is now on top")
    code, out, _ = run(["replay", str(STORED), "--ruleset", str(reworded)], monkeypatch, capsys)
    out = " ".join(out.split())
    assert code == 0, out
    assert "note: the ruleset's files have changed since the game was recorded; the game " \
           "replays the same." in out and "warning" not in out, out
    save = ROOT / "tests" / "data" / "fifth-avenue-base-3p-seed7-version4-save.json"
    for path in (STORED, save):
        err = io.StringIO()
        load_position(path, str(reworded), err)
        said = " ".join(err.getvalue().split())
        assert said == f"note: the rules' texts have changed since {path} was written; the " \
                       "game replays the same.", said
    changed = edited_copy(tmp_path, "rules/businesses.rules", "    3       3          4",
                          "    3       1          4", "changed")  # more points, same moves
    err = io.StringIO()
    load_position(STORED, str(changed), err)
    assert "warning: the ruleset has changed since" in err.getvalue()
    assert "no longer replays the same" in " ".join(err.getvalue().split())
