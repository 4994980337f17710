"""Readings as named units (issue 19): `reading ID "title" cite ...:` around the rules an
overlay adds, replaces or removes; `rules diff A B --reading ID` plays A against A plus that
reading only."""

from __future__ import annotations

import json

import pytest

from interpreter.editions.diff import diff_rulesets
from interpreter.editions.flatten import flatten_text
from interpreter.engine.ruleset import load_ruleset
from interpreter.language import nodes as N
from interpreter.language.errors import RulesError, RulesetErrors
from interpreter.language.parser import parse_rules

from .conftest import FIFTH
from .test_diff import run, write

OVERLAY = """\
# two readings of the book, and one rule outside them
reading r-1 "a hand of 2" cite "Book: Setup":
    replace const hand_size "cards in a hand" = 2

reading r-2 "sixes score 6" cite "Book: Scoring":
    # a comment inside a reading
    replace table points "points per card value":
        1 -> 1
        2 -> 2
        3 -> 6
    const unused "a rule of the reading" = 1
"""


def overlay(tmp_path, text: str = OVERLAY):
    base = write(tmp_path / "base")
    folder = tmp_path / "edition"
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(
        'name: "An edition"\nplayers: [2, 3]\nextends: ../base\nrules:\n  - rules/e.rules\n',
        encoding="utf-8")
    (folder / "rules" / "e.rules").write_text(text, encoding="utf-8")
    return base, folder


def test_a_reading_is_parsed_with_its_rules():
    rf = parse_rules(OVERLAY, "e.rules")
    assert [(r.id, r.title, r.cite, r.names) for r in rf.readings] == [
        ("r-1", "a hand of 2", "Book: Setup", ["hand_size"]),
        ("r-2", "sixes score 6", "Book: Scoring", ["points", "unused"])]
    assert [(d.name, d.reading, d.mode) for d in rf.decls] == [
        ("hand_size", "r-1", "replace"), ("points", "r-2", "replace"), ("unused", "r-2", "add")]
    assert N.to_json(rf)["readings"][0]["node"] == "Reading"


def test_every_reading_is_on_unless_one_is_chosen(tmp_path):
    base, folder = overlay(tmp_path)
    a, whole = load_ruleset(base), load_ruleset(folder)
    assert {c.name: c.reading for c in diff_rulesets(a, whole)} == \
        {"hand_size": "r-1", "points": "r-2", "unused": "r-2"}
    only = load_ruleset(folder, reading="r-1")
    assert [(c.name, c.reading) for c in diff_rulesets(a, only)] == [("hand_size", "r-1")]
    assert only.content_hash != whole.content_hash
    assert "reading r-2" in flatten_text(whole)
    assert "\n    3 -> 6" in flatten_text(whole)  # a rule of a reading, unindented once
    with pytest.raises(RulesError, match="no reading 'r-3' .*its readings: r-1, r-2"):
        load_ruleset(folder, reading="r-3")


def test_rules_diff_plays_one_reading(tmp_path, capsys):
    base, folder = overlay(tmp_path)
    code, out, _ = run(capsys, "diff", base, folder, "--reading", "r-2", "--play", 3, "--json")
    data = json.loads(out)
    assert code == 0 and {c["name"] for c in data["changes"]} == {"points", "unused"}
    assert {row["difference"] for row in data["play"]["table"]} <= \
        {"changed table points", "added const unused"}
    code, out, _ = run(capsys, "diff", base, folder, "--reading", "r-1")
    assert code == 0 and "reading r-1" in out and "points" not in out
    code, _, err = run(capsys, "diff", base, folder, "--reading", "nope")
    assert code == 2 and "no reading 'nope'" in err


def test_a_reading_twice_in_one_file_is_an_error(tmp_path):
    _, folder = overlay(tmp_path, OVERLAY + 'reading r-1 "again":\n    const other = 3\n')
    with pytest.raises(RulesetErrors, match="reading 'r-1' is declared twice"):
        load_ruleset(folder)


def test_a_reading_cites_like_a_rule(tmp_path):
    from interpreter.editions.citations import check_citations

    _, folder = overlay(tmp_path)
    rules = {r.name: r for r in check_citations(load_ruleset(folder)).rules}
    assert rules["reading r-2"].kind == "reading"
    assert rules["reading r-2"].cite.text == "Book: Scoring"


def test_a_reading_holds_declarations_only():
    with pytest.raises(RulesError) as info:
        parse_rules('reading r-1 "x":\n    shuffle deck\n', "e.rules")
    assert str(info.value).startswith("e.rules:2:5: unexpected 'shuffle'")


EDITION_READINGS = {  # the game-changing readings of each playable edition (READMEs' numbers)
    "nl-playable": ["nl-1"], "ko-playable": ["ko-1", "ko-2", "ko-3", "ko-4"],
    "ko-playable-2p": ["ko-1", "ko-2", "ko-3", "ko-4"], "en-fan-1.2": ["fan-1", "fan-2"],
    "en-fan-1.2-2p": ["fan-1", "fan-2", "fan-3", "fan-4"]}


@pytest.mark.parametrize("name", sorted(EDITION_READINGS))
def test_each_reading_of_an_edition_loads_alone(name):
    """Every game-changing reading of the playable editions is a unit that loads alone, and
    all of them together are the edition: no rule of an edition is outside its readings."""
    folder = FIFTH / "editions" / name
    whole = load_ruleset(folder)
    base = load_ruleset(FIFTH / ("alea-2p" if name.endswith("2p") else "base"))
    everything = {c.name for c in diff_rulesets(base, whole)}
    assert all(c.reading for c in diff_rulesets(base, whole))
    seen: set[str] = set()
    for ident in EDITION_READINGS[name]:
        alone = {c.name for c in diff_rulesets(base, load_ruleset(folder, reading=ident))}
        assert alone and alone <= everything, ident
        seen |= alone
    assert seen == everything
