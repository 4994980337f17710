"""`--set NAME=VALUE`: a constant, a table cell or a component's count changed from the command
line (language/settings.py), checked like a rule, recorded in reports, saves and replays."""

from __future__ import annotations

import io
import json

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesetErrors

from .conftest import BASE


def run(capsys, monkeypatch, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_settings_change_constants_cells_and_counts(base):
    changed = load_ruleset(BASE, settings=[
        "adjacency_vp[2]=4", "skyscrapers_taken=5", "card_counts[black, 4]=18",
        "special_scoring[6].vp=7", "tile=10"])
    world = changed.program.world
    assert world.tables["adjacency_vp"].rows == {0: 1, 1: 2, 2: 4, 3: 5, 4: 8}
    assert world.tables["card_counts"].rows["black"][4] == 18
    assert world.tables["special_scoring"].rows[6] == {"districts": 4, "vp": 7}
    assert changed.summary()["components"]["tile"] == 40
    assert changed.summary()["components"]["card"] == base.summary()["components"]["card"] - 2
    # the base game, loaded before and after, is untouched
    assert base.program.world.tables["adjacency_vp"].rows[2] == 3
    assert load_ruleset(BASE).program.world.tables["adjacency_vp"].rows[2] == 3
    assert changed.content_hash != base.content_hash
    assert changed.settings == ("adjacency_vp[2]=4", "skyscrapers_taken=5",
                                "card_counts[black, 4]=18", "special_scoring[6].vp=7",
                                "tile=10")


def test_a_setting_changes_the_game_that_reads_it():
    """Option A takes as many skyscrapers as the constant says."""
    game = load_ruleset(BASE, settings=["skyscrapers_taken=5"]).new_game(4, 1)
    while "choose your option" not in game.decision().prompt:
        game.apply(game.decision().options[0])
    player = game.decision().player
    before = sum(game.Z["supply"][player].values())
    game.apply("A")
    assert sum(game.Z["supply"][player].values()) == before + 5


@pytest.mark.parametrize("setting, message, hint", [
    ("adjacnecy_vp[2]=4", "'adjacnecy_vp' is no constant, table or component",
     "did you mean 'adjacency_vp'?"),
    ("turn=3", "'turn' is a procedure", None),
    ("adjacency_vp[9]=4", "table 'adjacency_vp' has no row 9", "its rows: 0, 1, 2, 3, 4"),
    ("adjacency_vp[2]=boutique", "the cell holds 3, a number", None),
    ("card_counts[black]=3", "write card_counts[ROW, COLUMN]", None),
    ("card_counts[black, 7]=3", "table 'card_counts' has no column 7", None),
    ("skyscrapers_taken[1]=3", "is a constant, not a table", None),
    ("skyscrapers_taken", "is not a setting", None),
    ("skyscrapers_taken=nosuch", "unknown name 'nosuch'", None),
    ('skyscrapers_taken="four"', "'skyscrapers_taken' was a number (3); the new value \"four\" "
     "is a text", "expect a number"),
    ("skyscrapers_taken=true", "the new value true is yes or no", None),
    ("tile=true", "'tile' is a component: its count is a number, not yes or no", None),
    ("skyscrapers_taken=3.5", "'3.5': the rules language has whole numbers only", None),
    ("adjacency_vp[2]=2.5", "'2.5': the rules language has whole numbers only", None),
    ("skyscrapers_taken=x y", "'x y' is not a value: unexpected 'y'", None),
])
def test_a_wrong_setting_is_an_error_with_its_place(setting, message, hint):
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(BASE, settings=["adjacency_vp[1]=2", setting])
    [error] = caught.value.errors
    assert error.loc.file == "--set" and error.loc.line == 2
    assert message in error.message
    if "has no row" in message:  # the caret under the row, not under the value
        assert error.loc.column == setting.index("[") + 2
    if hint:
        assert hint in (error.hint or "")


def test_a_setting_that_breaks_other_rules_is_named_as_the_cause():
    """No pieces of a kind: the rules that read their attributes fail at their own lines in
    the base game; the first error says that the setting is what changed."""
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(BASE, settings=["tile=0"])
    first, *others = caught.value.errors
    assert first.loc.file == "--set" and "checks without tile=0, not with it" in first.message
    assert others and all(e.loc.file.endswith(".rules") for e in others)


def test_a_game_that_fails_under_a_setting_names_it(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "simulate", str(BASE), "-p", "4", "-g", "1",
                       "--workers", "1", "--set", "skyscrapers_taken=-5")
    assert code != 0 and "cannot move -5 items" in err
    assert "with --set skyscrapers_taken=-5" in err


def test_one_option_setting_the_same_thing_twice_exits_2(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "check", str(BASE), "--set",
                       "adjacency_vp[2]=4", "--set", "adjacency_vp[ 2 ]=5")
    assert code == 2 and "--set adjacency_vp[ 2 ]=5: sets what --set adjacency_vp[2]=4" in err
    code, _, err = run(capsys, monkeypatch, "compare", str(BASE), str(BASE), "-p", "4", "-g",
                       "2", "--workers", "1", "--set", "adjacency_vp[2]=4", "--set-b",
                       "adjacency_vp[2]=5")  # B's own value over the one for both: fine
    assert code == 0, err


def test_a_wrong_setting_name_exits_2_with_did_you_mean(capsys, monkeypatch):
    for command in (["check", "fifth-avenue/base"],
                    ["simulate", "fifth-avenue/base", "--players", "4", "--games", "1"],
                    ["play", "fifth-avenue/base", "--players", "4", "--watch"],
                    ["compare", "fifth-avenue/base", "fifth-avenue/base", "--players", "4"]):
        flag = "--set-b" if command[0] == "compare" else "--set"
        code, out, err = run(capsys, monkeypatch, *command, flag, "adjacnecy_vp[2]=4")
        assert code == 2, command
        assert "did you mean 'adjacency_vp'?" in out + err
        assert "Traceback" not in out + err


def test_check_and_simulate_report_the_settings(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "check", "fifth-avenue/base", "--set",
                       "adjacency_vp[4]=10")
    assert code == 0 and "settings: adjacency_vp[4]=10" in out
    code, out, _ = run(capsys, monkeypatch, "simulate", "fifth-avenue/base", "--players", "3",
                       "--games", "2", "--workers", "1", "--json", "--set", "stops_to_end=1")
    assert code == 0 and json.loads(out)["settings"] == ["stops_to_end=1"]


def test_compare_applies_set_b_to_side_b_only(capsys, monkeypatch):
    """Both sides play the same games (the cell is read only when scoring): side B scores
    more, and nothing else about the games changes."""
    code, out, _ = run(capsys, monkeypatch, "compare", "fifth-avenue/base", "fifth-avenue/base",
                       "--set-b", "adjacency_vp[2]=4", "--players", "4", "--games", "6",
                       "--workers", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["settings_b"] == ["adjacency_vp[2]=4"] and "settings_a" not in data
    rows = {m["name"]: m for m in data["measures"]}
    assert rows["decisions per game"]["a"]["value"] == rows["decisions per game"]["b"]["value"]
    a = sum(rows[f"score P{i}"]["a"]["value"] for i in range(1, 5))
    b = sum(rows[f"score P{i}"]["b"]["value"] for i in range(1, 5))
    assert b > a


def test_a_replay_records_its_settings_and_replays_under_them(tmp_path, capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "play", "fifth-avenue/base", "--players", "3",
                       "--watch", "--seed", "4", "--set", "adjacency_vp[1]=3",
                       "--replay-dir", tmp_path)
    assert code == 0, err
    [replay] = tmp_path.glob("*.json")
    data = json.loads(replay.read_text(encoding="utf-8"))
    assert data["ruleset"]["settings"] == ["adjacency_vp[1]=3"]
    code, out, _ = run(capsys, monkeypatch, "replay", replay)
    assert code == 0 and "final state matches" in out
    del data["ruleset"]["settings"]  # the same decisions without the setting: another game
    replay.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, monkeypatch, "replay", replay)
    assert code == 1 and "diverges" in out


def test_a_save_records_its_settings_and_loads_under_them(tmp_path):
    from interpreter.cli.common import load_position
    from interpreter.play.game_files import save_data
    from interpreter.play.history import History

    ruleset = load_ruleset(BASE, settings=["skyscrapers_taken=5"])
    game = ruleset.new_game(3, 2)
    history = History.start(game)
    for _ in range(8):
        decision = game.decision()
        game.apply(decision.options[-1])
        history.record(game, decision.player, decision.options[-1])
    path = tmp_path / "g.save.json"
    path.write_text(json.dumps(save_data(ruleset, game, history, {})), encoding="utf-8")
    assert json.loads(path.read_text())["play"]["settings"] == ["skyscrapers_taken=5"]
    loaded, again, _, _ = load_position(path, None, io.StringIO())
    assert loaded.settings == ("skyscrapers_taken=5",)
    assert again.state_hash() == game.state_hash()
