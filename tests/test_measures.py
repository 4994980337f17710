"""A ruleset's own measures: declared in the rules language, checked at load, counted in
every game, left out of the game's hash and of players' views, reported by simulate."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import GameRuleError, RulesetErrors
from interpreter.study.simulate import simulate

from .conftest import TINY_RULES, play_random, write_tiny

MEASURED = TINY_RULES.replace('''    vp[p] += c.value
''', '''    vp[p] += c.value
    cards_played += 1
    record c.value in values_played
''') + '''
measure cards_played "cards played" cite "Tiny: Play": counter
measure values_played "the value of a card played": values
measure high_score "the best score" = max score(p) for each player p
measure blue_win "P1 ends with more points than P2" = vp[P1] > vp[P2]
'''


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    return load_ruleset(write_tiny(tmp_path_factory.mktemp("measured"), MEASURED))


def test_measures_are_declared_counted_and_computed(measured):
    assert [(m.name, m.kind) for m in measured.measures] == [
        ("cards_played", "counter"), ("values_played", "values"), ("high_score", "value"),
        ("blue_win", "value")]
    assert measured.measures[0].label == "cards played"
    assert measured.measures[0].cite == "Tiny: Play"
    game = play_random(measured.new_game(2, seed=4), random.Random(4))
    values = measured.measure_values(game)
    assert values["cards_played"] == game.V["turns"] == 6
    assert len(values["values_played"]) == 6
    assert sum(values["values_played"]) == sum(game.V["vp"].values())
    assert values["high_score"] == max(game.scores().values())
    assert values["blue_win"] is (game.V["vp"]["P1"] > game.V["vp"]["P2"])


def test_measures_are_not_part_of_the_game(measured):
    """Rules never read a measure: the game's hash and the players' views leave them out."""
    game = measured.new_game(2, seed=1)
    game.apply(game.decision().options[0])
    before = game.state_hash()
    game.V["cards_played"] += 100
    game.V["values_played"] = [*game.V["values_played"], 99]
    assert game.state_hash() == before
    assert "cards_played" not in game.view("P1")["vars"]
    assert "values_played" not in game.view("P2")["vars"]
    assert "vp" in game.view("P1")["vars"]


def test_a_save_made_before_a_measure_was_declared_still_loads(tmp_path, measured):
    plain = load_ruleset(write_tiny(tmp_path / "plain"))
    game = plain.new_game(2, seed=3)
    game.apply(game.decision().options[0])
    data = json.loads(json.dumps(game.to_save()))
    from interpreter.engine.runtime import Game

    loaded = Game.from_save(measured, data)  # its decisions played again: measured too
    assert loaded.V["cards_played"] == 1 and len(loaded.V["values_played"]) == 1
    assert loaded.state_hash() == game.state_hash()
    play_random(loaded, random.Random(1))
    assert measured.measure_values(loaded)["cards_played"] == 6  # every turn of the game


def test_simulate_reports_the_measures_with_intervals(measured):
    report = simulate(measured, 2, 40, seed=1)
    assert all(r.measures["cards_played"] == 6 for r in report.records)
    data = {m["name"]: m for m in report.to_dict(timing=False)["measures"]}
    assert data["cards_played"] == {"name": "cards_played", "label": "cards played",
                                    "kind": "mean", "origin": "ruleset", "cite": "Tiny: Play",
                                    "value": 6.0, "ci": [6.0, 6.0], "n": 40}
    assert data["values_played"]["kind"] == "pooled mean"
    assert data["values_played"]["value"] == pytest.approx(2.0, abs=0.3)
    low, high = data["values_played"]["ci"]
    assert low < data["values_played"]["value"] < high
    assert data["blue_win"]["kind"] == "rate" and 0 <= data["blue_win"]["value"] <= 1
    assert data["score P1"]["origin"] == "built-in"
    text = report.to_text()
    assert "measures of the ruleset" in text
    assert "values_played" in text and "the value of a card played" in text


# (old text, new text, the error's message, where it points: the text at its place)
WRONG_MEASURES = {
    "unknown function": ("max score(p)", "max scor(p)", "unknown function 'scor'", "scor(p)"),
    "unknown name": ("= vp[P1]", "= vpp[P1]", "unknown name 'vpp'", "vpp["),
    "counter never added to": ("    cards_played += 1\n", "",
                               "measure 'cards_played' is a counter, but no rule adds to it",
                               'cards_played "cards'),
    "values never recorded": ("    record c.value in values_played\n", "",
                              "measure 'values_played' holds values, but no rule records any",
                              'values_played "the'),
    "record into a variable": ("in values_played", "in vp",
                               "'record ... in vp': 'vp' is not a measure of recorded values",
                               "record c.value"),
    "values changed by +=": ("    turns += 1\n", "    turns += 1\n    values_played += [1]\n",
                             "'values_played' holds recorded values", "values_played +="),
    "a rule reads a measure": ("size(deck) > 0", "size(deck) > cards_played",
                               "measure 'cards_played' is read by a rule", "cards_played:"),
    "unknown kind": (": counter", ": countr", "a measure is a 'counter' or 'values'", "countr"),
    "declared twice": ("var turns = 0\n", "var turns = 0\nvar cards_played = 0\n",
                       "'cards_played' is declared twice", 'cards_played "cards'),
}


@pytest.mark.parametrize("case", list(WRONG_MEASURES))
def test_rules_check_reports_a_wrong_measure_at_its_place(tmp_path, capsys, case):
    old, new, message, marker = WRONG_MEASURES[case]
    assert old in MEASURED
    rules = MEASURED.replace(old, new, 1)
    line = next(i for i, text in enumerate(rules.splitlines(), 1) if marker in text)
    column = rules.splitlines()[line - 1].index(marker) + 1
    folder = write_tiny(tmp_path / "bad", rules)
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(folder)
    found = [e for e in caught.value.errors if message in e.message]
    assert found, [e.render() for e in caught.value.errors]
    assert found[0].loc.file.endswith("game.rules")
    assert (found[0].loc.line, found[0].loc.column) == (line, column), found[0].render()
    assert main(["check", str(folder)]) == 2
    out = capsys.readouterr().out
    assert f"game.rules:{line}:{column}: " in out and "Traceback" not in out


def test_did_you_mean_for_a_misspelt_kind(tmp_path):
    folder = write_tiny(tmp_path / "bad", MEASURED.replace(": values", ": valuse"))
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(folder)
    assert "did you mean 'values'?" in caught.value.errors[0].render()


def test_a_value_measure_that_is_no_number_stops_the_game_at_its_place(tmp_path):
    folder = write_tiny(tmp_path / "text", MEASURED + 'measure label_of "a text" = "P1"\n')
    ruleset = load_ruleset(folder)
    with pytest.raises(GameRuleError, match=r"game\.rules:38:9: measure 'label_of' must give "
                                            r"a number or yes/no.*game 1, seed 1"):
        simulate(ruleset, 2, 1, seed=1)


def test_rules_check_lists_the_measures(capsys):
    assert main(["check", "fifth-avenue/base"]) == 0
    out = capsys.readouterr().out
    assert "measures:" in out and "winning_bid" in out and "building_stops" in out


def test_the_base_game_measures_what_it_declares(base):
    """Every measure of the base game cites the rulebook and comes out sane in real games."""
    assert len(base.measures) >= 5
    assert all(m.cite and m.cite.startswith("en-2004:") for m in base.measures)
    kinds = {m.kind for m in base.measures}
    assert kinds == {"counter", "values", "value"}
    for seed in (1, 2):
        game = play_random(base.new_game(4, seed), random.Random(seed))
        values = base.measure_values(game)
        assert values["building_stops"] == game.V["stops"]
        assert values["park_skyscrapers"] == sum(game.Z["park_towers"].values())
        scores = sorted(game.scores().values(), reverse=True)
        assert "winner_lead" not in values  # the built-in "winner's lead" is the one name
        assert values["tie_for_first"] is (scores[0] == scores[1])
        assert all(4 <= bid for bid in values["winning_bid"])
        assert values["skyscrapers_built"] >= 0 and values["auctions_without_bids"] >= 0


def test_an_overlay_can_replace_or_remove_a_measure(tmp_path):
    base = write_tiny(tmp_path / "tiny", MEASURED)
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    (overlay / "ruleset.yaml").write_text("name: Overlay\nplayers: [2]\nextends: ../tiny\n"
                                          "rules: [more.rules]\n", encoding="utf-8")
    (overlay / "more.rules").write_text(
        'replace measure high_score "the lowest score" = min score(p) for each player p\n'
        "remove blue_win\n", encoding="utf-8")
    ruleset = load_ruleset(overlay)
    assert [m.name for m in ruleset.measures] == ["cards_played", "values_played", "high_score"]
    assert ruleset.measures[2].label == "the lowest score"
    assert Path(base).exists()
