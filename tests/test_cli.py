"""The `rules` command: check and simulate, their output, and their exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.cli import main

from .conftest import ROOT, TINY_RULES
from .conftest import write_tiny as write_ruleset


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return write_ruleset(tmp_path / "tiny")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(err: str) -> None:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "error" in lines[0]


# ------------------------------------------------------------------------------ check
def test_check_prints_a_summary_and_ok(capsys, tiny):
    code, out, err = run(capsys, "check", tiny)
    assert code == 0, err
    assert out.splitlines()[0] == "Tiny"
    assert re.search(r"players:\s+2$", out, re.M)
    assert re.search(r"components:\s+card 12$", out, re.M)
    assert re.search(r"zones:\s+3$", out, re.M)
    assert re.search(r"procedures:\s+2$", out, re.M)
    assert "cited rules:" in out
    assert out.rstrip().endswith("OK")
    assert err == ""


def test_check_accepts_the_manifest_path(capsys, tiny):
    code, out, _ = run(capsys, "check", tiny / "ruleset.yaml")
    assert code == 0
    assert out.rstrip().endswith("OK")


def test_check_json_summary(capsys, tiny):
    code, out, _ = run(capsys, "check", tiny, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["name"] == "Tiny"
    assert data["players"] == [2]
    assert data["components"] == {"card": 12}
    assert data["ok"] is True


def test_check_of_a_broken_ruleset_lists_every_error_with_its_place(capsys, tmp_path):
    broken = TINY_RULES.replace("move 1 of c from hand[p] to table",
                                "move 1 of c from hands[p] to table")
    broken = broken.replace("vp[p] += c.value", "vp[p] += c.valeu +")
    folder = write_ruleset(tmp_path / "broken", broken)
    code, out, err = run(capsys, "check", folder)
    assert code == 2
    assert "Traceback" not in out + err
    assert re.search(r"game\.rules:\d+:\d+: ", out), out
    assert re.search(r"^\d+ error\(s\)$", out.strip().splitlines()[-1]), out
    assert "^" in out  # the caret under the offending spot
    assert "OK" not in out.splitlines()


def test_check_of_an_unknown_name_says_where(capsys, tmp_path):
    folder = write_ruleset(tmp_path / "typo",
                           TINY_RULES.replace("to hand[p]\n    turns", "to hands[p]\n    turns"))
    code, out, err = run(capsys, "check", folder)
    assert code == 2
    line = TINY_RULES.replace("to hand[p]\n    turns", "to hands[p]\n    turns") \
        .splitlines().index("    move top from deck to hands[p]") + 1
    assert re.search(rf"game\.rules:{line}:\d+: unknown name 'hands'", out), out
    assert "did you mean 'hand'?" in out
    assert re.fullmatch(r"\d+ error\(s\)", out.strip().splitlines()[-1])


def test_check_of_an_unknown_path(capsys, tmp_path):
    code, out, err = run(capsys, "check", tmp_path / "nowhere")
    assert code == 2
    assert out == ""
    assert_one_line_error(err)
    assert "nowhere" in err


def test_check_of_a_folder_without_manifest(capsys, tmp_path):
    code, _, err = run(capsys, "check", tmp_path)
    assert code == 2
    assert_one_line_error(err)
    assert "ruleset.yaml" in err


# ------------------------------------------------------------------------------ simulate
def test_simulate_json_report(capsys, tiny):
    code, out, err = run(capsys, "simulate", tiny, "--players", "2", "--games", "12",
                         "--seed", "5", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert {"ruleset", "players", "games", "seed", "bots", "seats", "length", "endings",
            "timing"} <= set(report)
    assert report["ruleset"] == "Tiny"
    assert report["games"] == 12
    assert report["players"] == 2
    assert report["seed"] == 5
    assert report["bots"] == {"P1": "random", "P2": "random"}
    assert set(report["seats"]) == {"P1", "P2"}
    assert sum(s["wins"] for s in report["seats"].values()) == pytest.approx(12)
    assert sum(s["win_rate"] for s in report["seats"].values()) == pytest.approx(1)
    for seat in report["seats"].values():
        assert {"bot", "score", "wins", "win_rate", "shared_wins"} <= set(seat)
        assert seat["score"]["min"] <= seat["score"]["mean"] <= seat["score"]["max"]
        assert 0 <= seat["shared_wins"] <= 12
    # Tiny: 12 cards, 6 dealt, one card played per turn until the deck is empty.
    assert report["length"]["decisions"]["mean"] <= 6
    assert report["length"]["turns"] == {"mean": 6.0, "sd": 0.0, "min": 6, "max": 6}
    assert report["endings"] == {"deck empty": 12}
    assert report["timing"]["games_per_second"] > 0
    assert err == ""  # no progress bar when stderr is not a terminal


def test_simulate_text_report(capsys, tiny):
    code, out, err = run(capsys, "simulate", tiny, "--games", "5")
    assert code == 0, err
    assert out.startswith("Tiny: 5 games, 2 players")
    assert re.search(r"^seat\s+bot\s+mean score", out, re.M)
    assert re.search(r"^P1\s+random\s", out, re.M)
    assert re.search(r"^P2\s+random\s", out, re.M)
    assert "deck empty" in out
    assert "games/s" in out


def test_simulate_same_seed_same_report(capsys, tiny):
    reports = []
    for _ in range(2):
        code, out, _ = run(capsys, "simulate", tiny, "-g", "10", "-s", "3", "--json")
        assert code == 0
        data = json.loads(out)
        del data["timing"]
        reports.append(data)
    assert reports[0] == reports[1]


@pytest.mark.parametrize("argv, needle", [
    (["--players", "3"], "2 players, not 3"),
    (["--players", "0"], "--players"),
    (["--players", "two"], "--players"),
    (["--games", "0"], "--games"),
    (["--games", "-4"], "--games"),
    (["--games", "2.5"], "--games"),
    (["--games", "many"], "--games"),
    (["--seed", "x"], "--seed"),
    (["--bot", "genius"], "random"),
    (["--bot", "random", "--bot", "random", "--bot", "random"], "seats"),
])
def test_simulate_usage_mistakes_are_one_line(capsys, tiny, argv, needle):
    code, out, err = run(capsys, "simulate", tiny, *argv)
    assert code == 2
    assert out == ""
    assert_one_line_error(err)
    assert needle in err


def test_simulate_unknown_path(capsys, tmp_path):
    code, out, err = run(capsys, "simulate", tmp_path / "nowhere", "--players", "2")
    assert code == 2
    assert out == ""
    assert_one_line_error(err)


def test_simulate_needs_players_when_the_ruleset_allows_several(capsys, tmp_path):
    folder = write_ruleset(tmp_path / "two-or-three", players="2, 3")
    code, _, err = run(capsys, "simulate", folder, "--games", "2")
    assert code == 2
    assert_one_line_error(err)
    assert "--players" in err
    code, out, _ = run(capsys, "simulate", folder, "--games", "2", "--players", "3", "--json")
    assert code == 0
    assert json.loads(out)["players"] == 3


def test_simulate_of_a_broken_ruleset(capsys, tmp_path):
    folder = write_ruleset(tmp_path / "broken", TINY_RULES.replace("kinds(hand[p])",
                                                                   "kinds(hands[p])"))
    code, out, err = run(capsys, "simulate", folder, "--games", "2")
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert re.search(r"game\.rules:\d+:\d+: ", err)


def test_a_ruleset_that_fails_during_a_game_exits_1_with_its_place(capsys, tmp_path):
    # Nobody is dealt a hand, so the first player must choose from nothing.
    rules = TINY_RULES.replace("    move 3 from deck to hand[p]\n", "    vp[p] = 0\n")
    folder = write_ruleset(tmp_path / "stuck", rules)
    code, out, err = run(capsys, "simulate", folder, "--games", "3")
    assert code == 1
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert re.search(r"game\.rules:\d+:\d+: ", lines[0]), err
    assert "game 1, seed 1" in lines[0]


# ------------------------------------------------------------------------------ the command
def test_no_command_prints_help_and_exits_2(capsys):
    code, out, err = run(capsys)
    assert code == 2
    assert "check" in err and "simulate" in err


def test_unknown_command_is_one_line(capsys):
    code, _, err = run(capsys, "frobnicate")
    assert code == 2
    assert_one_line_error(err)


@pytest.mark.parametrize("command", [[], ["check"], ["simulate"]])
def test_help_texts_have_examples(capsys, command):
    code, out, _ = run(capsys, *command, "--help")
    assert code == 0
    assert "example" in out
    assert "rules " in out


def test_every_command_s_help_fits_the_terminal_s_width(capsys, monkeypatch):
    """'rules replay --help' at 80 columns: its description, written 96 columns wide,
    wrapped mid-word ('a decision the / rules no'). Every command's help fits COLUMNS."""
    from interpreter.cli import build_parser

    monkeypatch.setenv("COLUMNS", "80")
    commands = [[], *([name] for name in build_parser()._subparsers._group_actions[0].choices)]
    assert ["replay"] in commands and ["play"] in commands, commands
    for command in commands:
        code, out, _ = run(capsys, *command, "--help")
        assert code == 0, command
        wide = [line for line in out.splitlines() if len(line) > 80]
        assert not wide, (command, wide)


def test_python_dash_m_interpreter(tiny):
    done = subprocess.run([sys.executable, "-m", "interpreter", "check", str(tiny)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("OK")


def test_keyboard_interrupt_exits_130(capsys, tiny, monkeypatch):
    import interpreter.study.simulate as sim

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "simulate", interrupted)
    code, _, err = run(capsys, "simulate", tiny, "--games", "2")
    assert code == 130
    assert "interrupted" in err
    assert "Traceback" not in err
