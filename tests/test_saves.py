"""Saves prove themselves (issue 13): loading a save plays its decisions again from its seed
and compares the game they lead to with the one it holds, so an edited save (even with its
hash recomputed) never loads a position the rules cannot reach; a save of another ruleset is
refused with both names."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from interpreter.engine.runtime import Game, save_integrity
from interpreter.language.errors import SaveFileError
from interpreter.play.replay import load_replay_file, verify

from .conftest import BASE, FIFTH, ROOT, play_random
from .test_robustness import cli, no_python_errors, write_json


@pytest.fixture(scope="module")
def midgame(base):
    """A save of a 3-player game after 30 random decisions (JSON, as written)."""
    game = base.new_game(3, 1)
    rng = random.Random(4)
    for _ in range(30):
        game.apply(rng.choice(game.decision().options))
    return json.loads(json.dumps(game.to_save()))


def _edited(save: dict, edit) -> dict:
    """The save with `edit(state)` applied and its integrity hash recomputed (as a cheat
    would)."""
    data = json.loads(json.dumps(save))
    edit(data["state"])
    data["state_hash"] = save_integrity(data)
    return data


def _move_the_first_tower(state: dict) -> None:
    towers = state["zones"]["towers"]
    here = next(place for place, pieces in towers.items() if pieces)
    there = next(place for place, pieces in towers.items() if not pieces)
    towers[there], towers[here] = towers[here], {}


@pytest.mark.parametrize("edit, where", [
    (lambda s: s["vars"].__setitem__("commissioner_at", "w34_violet"), "commissioner_at"),
    (_move_the_first_tower, "towers"),
    (lambda s: s["zones"]["box"].__setitem__("tile(casino)", 1), "box"),
    (lambda s: s["zones"]["hand"]["P1"].__setitem__("card(black,4)", 10**4000), "hand"),
    (lambda s: s.__setitem__("step", -1), "step"),
    (lambda s: s.__setitem__("over", True), "over"),
    (lambda s: s["vars"]["vp"].__setitem__("P1", 99), "vp"),
])
def test_an_edited_save_with_its_hash_recomputed_is_refused(base, midgame, edit, where):
    with pytest.raises(SaveFileError) as info:
        Game.from_save(base, _edited(midgame, edit))
    message = str(info.value)
    assert "damaged or edited" in message and where in message, message


def test_an_edited_decision_is_refused_with_its_number(base, midgame):
    data = json.loads(json.dumps(midgame))
    data["moves"][4] = "nonsense"
    with pytest.raises(SaveFileError) as info:
        Game.from_save(base, data)
    assert "decision 5 of 30" in str(info.value)


def test_decisions_after_the_end_are_refused(base):
    game = play_random(base.new_game(3, 2, logging=False), random.Random(2))
    data = json.loads(json.dumps(game.to_save()))
    data["moves"].append(data["moves"][-1])
    with pytest.raises(SaveFileError, match="is refused .*over"):
        Game.from_save(base, data)


def test_a_save_loads_as_the_game_its_decisions_lead_to(base, midgame):
    loaded = Game.from_save(base, midgame)
    again = base.new_game(3, 1)
    for move in midgame["moves"]:
        again.apply(move)
    assert loaded.state == again.state
    assert loaded.events == again.events  # the event log is played again too


@no_python_errors
def test_a_save_of_another_ruleset_is_refused_naming_both(tmp_path, capsys, monkeypatch,
                                                          midgame):
    file = write_json(tmp_path / "x.json", midgame)
    code, _, err = cli(capsys, monkeypatch, "play", "--load", file, str(FIFTH / "six-plot"),
                       "--no-replay", "--seat", "1=random")
    assert code == 2
    assert "'Fifth Avenue'" in err and "'Fifth Avenue, 6-plot board side'" in err, err
    assert str(file) in err


@no_python_errors
def test_an_edited_save_is_one_line_at_the_command(tmp_path, capsys, monkeypatch, midgame):
    file = write_json(tmp_path / "x.json", _edited(midgame, _move_the_first_tower))
    code, _, err = cli(capsys, monkeypatch, "show", file, "--ruleset", str(FIFTH / "base"))
    assert code == 2
    assert err.count("\n") == 1 and "zone 'towers' differs" in err, err


# ============================================================================== the journal
def _session(tmp_path, replays, answers: int) -> subprocess.Popen:
    """`rules play` in a process of its own: seat 1 a person who has typed `answers` answers
    (then the session waits for the next), seats 2 and 3 random bots."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "interpreter", "play", str(BASE), "--players", "3",
         "--seat", "2=random", "--seat", "3=random", "--seed", "5", "--color", "never",
         "--replay-dir", str(replays)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
        cwd=tmp_path, preexec_fn=_default_signals)
    proc.stdin.write(b"1\n" * answers)
    proc.stdin.flush()
    return proc


def _default_signals() -> None:
    """In the session: the signals' default actions (a test run under nohup, say, would
    otherwise hand down SIGHUP ignored)."""
    for sig in (signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


def _wait_for(replays, decisions_of_p1: int) -> list[str]:
    """The journal's lines, once it holds that many decisions of seat 1."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for journal in replays.glob("*.journal.jsonl"):
            lines = journal.read_text(encoding="utf-8").splitlines()
            if sum('"by":"P1"' in line for line in lines) >= decisions_of_p1:
                return lines
        time.sleep(0.02)
    raise AssertionError("the journal did not grow")


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP])
def test_a_killed_session_keeps_its_record_and_the_game_continues(tmp_path, capsys,
                                                                  monkeypatch, base, sig):
    replays = tmp_path / "replays"
    proc = _session(tmp_path, replays, answers=6)
    try:
        seen = _wait_for(replays, 6)
    finally:
        proc.send_signal(sig)
        proc.wait(timeout=30)
    assert b"Traceback" not in proc.stderr.read()
    (journal,) = replays.glob("*.journal.jsonl")
    assert not list(replays.glob("*.json"))  # no replay: the session never ended
    data = load_replay_file(journal)
    assert len(data["moves"]) >= len(seen) - 1
    assert data["deciders"].count("P1") == 6
    assert verify(base, data).ok
    if sig != signal.SIGKILL:
        return  # what a signal changes is the journal; continuing from one is the same
    # Continued from the journal: the same game, to its end.
    code, out, err = cli(capsys, monkeypatch, "play", "--load", journal, "--replay-dir",
                         tmp_path / "more", "--color", "never", stdin="1\n" * 3000)
    assert code == 0, err
    (replay,) = (tmp_path / "more").glob("*.json")
    whole = load_replay_file(replay)
    assert whole["moves"][:len(data["moves"])] == data["moves"] and whole["over"]
    assert verify(base, whole).ok


def test_a_journal_line_cut_short_by_a_kill_is_left_out(tmp_path, capsys, monkeypatch, base):
    code, _, err = cli(capsys, monkeypatch, "play", str(BASE), "--players", "3", "--seat",
                       "2=random", "--seat", "3=random", "--seed", "5", "--color", "never",
                       "--replay-dir", tmp_path, stdin="1\n" * 4)  # ends: end of input
    assert code == 0, err
    (replay,) = tmp_path.glob("*.json")
    assert not list(tmp_path.glob("*.journal.jsonl"))  # the replay replaces the journal
    whole = load_replay_file(replay)
    head = {"format": "rules-engine-journal", "version": 1, "ruleset": whole["ruleset"],
            "players": 3, "seed": 5, "names": {}, "seats": whole["seats"],
            "hash": whole["hashes"][0], "core": whole["core_hashes"][0]}
    lines = [json.dumps(head, separators=(",", ":"))] + [
        json.dumps({"move": m, "by": p, "hash": h, "core": c}, separators=(",", ":"))
        for m, p, h, c in zip(whole["moves"], whole["deciders"], whole["hashes"][1:],
                              whole["core_hashes"][1:], strict=True)]
    journal = tmp_path / "cut.journal.jsonl"
    journal.write_text("\n".join(lines) + "\n" + lines[-1][:10], encoding="utf-8")
    data = load_replay_file(journal)
    assert data["moves"] == whole["moves"]
    journal.write_text("\n".join(lines[:2] + ["{damaged"] + lines[2:]) + "\n", encoding="utf-8")
    code, _, err = cli(capsys, monkeypatch, "replay", journal)
    assert code == 2 and "damaged (line 3)" in err, err
