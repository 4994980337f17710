"""The aligned review of an edition (issue 19): review.yaml checked against both texts by
`rules check`, `rules review` (state, first pass, side-by-side page), and coverage counting
reviewed units. A small book and its "translation" stand for a rulebook and an edition."""

from __future__ import annotations

import json

import pytest

from .test_diff import run, write

BOOK = """\
Setup

Each player draws 3 cards from the deck.

The deck is shuffled first.

Play

Players take turns until the deck is empty.

Scoring

A card of value 3 scores 5 points.

- value 1: 1 point
- value 2: 2 points

Summary

each player draws 3 cards
"""

BUCH = """\
Vorbereitung

Jeder Spieler zieht 4 Karten vom Stapel.

Spiel

Reihum, bis der Stapel leer ist.

Wertung

Eine Karte mit Wert 3 bringt 5 Punkte.

- Wert 1: 1 Punkt
- Wert 2: 2 Punkte

Viel Spass!

Zusammenfassung

jeder zieht 5 Karten
"""

REVIEW = """\
reference: Book
edition: de
language: de
readings:
  de-1: {class: changes the game, title: "4 cards, not 3"}
units:
  - ref: "Setup"
    ed: "Vorbereitung"
    gloss: "Preparation"
    verdict: same
  - ref: "Each player draws 3 cards from the deck"
    ed: "Jeder Spieler zieht 4 Karten"
    gloss: "Each player draws 4 cards from the stack."
    verdict: reading de-1
  - ref: "The deck is shuffled first."
    verdict: omitted
  - ref: "Play"
    ed: "Spiel"
    gloss: "Play"
    verdict: same
  - ref: "Players take turns"
    ed: "Reihum, bis der Stapel leer ist."
    gloss: "In turn, until the stack is empty."
    verdict: same
  - ref: "Scoring"
    ed: "Wertung"
    gloss: "Scoring"
    verdict: same
  - ref: "A card of value 3 scores 5 points."
    ed: "Eine Karte mit Wert 3 bringt 5 Punkte."
    gloss: "A card of value 3 brings 5 points."
    verdict: same
  - ref: "value 1: 1 point"
    ed: "Wert 1: 1 Punkt"
    gloss: "value 1: 1 point"
    verdict: same
  - ref: "value 2: 2 points"
    ed: "Wert 2: 2 Punkte"
    gloss: "value 2: 2 points"
    verdict: same
  - ref: "Summary"
    ed: "Zusammenfassung"
    gloss: "Summary"
    verdict: same
  - ref: "each player draws 3 cards"
    ref_at: 20
    ed: "jeder zieht 5 Karten"
    gloss: "each draws 5 cards"
    verdict: unclear
    note: "the summary says 5, its main text 4"
  - ed: "Viel Spass!"
    gloss: "Have fun!"
    verdict: added
"""

RULES_READING = """\
reading de-1 "4 cards, not 3" cite "de: Vorbereitung (Jeder Spieler zieht 4 Karten)":
    replace const hand_size "cards in a hand" = 4
"""


@pytest.fixture
def edition(tmp_path):
    """A base game citing the book, and an edition of it with its text and review."""
    base = write(tmp_path / "game" / "base")
    (tmp_path / "game" / "book.txt").write_text(BOOK, encoding="utf-8")
    (tmp_path / "game" / "buch.txt").write_text(BUCH, encoding="utf-8")
    manifest = base / "ruleset.yaml"
    manifest.write_text(manifest.read_text() + "sources:\n  Book: ../book.txt\n",
                        encoding="utf-8")
    folder = tmp_path / "game" / "de"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(
        'name: "The game in German"\nplayers: [2, 3]\nextends: ../base\nrules: [de.rules]\n'
        "cite: de\nsources:\n  de: ../buch.txt\nreview: review.yaml\n", encoding="utf-8")
    (folder / "de.rules").write_text(RULES_READING, encoding="utf-8")
    (folder / "review.yaml").write_text(REVIEW, encoding="utf-8")
    (tmp_path / "game" / "rules-project.yaml").write_text("", encoding="utf-8")
    return folder


def edit(folder, old: str, new: str) -> None:
    path = folder / "review.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_complete_review_checks(edition, capsys):
    code, out, _ = run(capsys, "check", edition)
    assert code == 0, out
    assert ("review: 11 of 11 units of Book reviewed (8 same, 1 reading, 1 omitted, "
            "1 unclear); 1 unit(s) of de added") in out


@pytest.mark.parametrize("old, new, message, line", [
    ('ref: "The deck is shuffled first."', 'ref: "The deck is cut first."',
     'the words "The deck is cut first." are not in any unit of book.txt', 15),
    ('ed: "Wertung"', 'ed: "Wertungen"', 'the words "Wertungen" are not in any unit', 25),
    ('ref: "Play"\n', 'ref: "Players"\n', "is reviewed twice (first at line 17)", 21),
    ('    ref_at: 20\n', "", "are in 2 units of book.txt (lines 3, 20)", 45),
    ('  - ref: "value 2: 2 points"\n    ed: "Wert 2: 2 Punkte"\n    gloss: "value 2: 2 points"\n'
     '    verdict: same\n', "", "1 unit(s) of book.txt have no verdict: line(s) 16", 1),
    ('verdict: reading de-1', 'verdict: reading de-2', "the reading 'de-2' is not among", 11),
    ('  de-1: {class: changes the game', '  de-1: {class: unclear',
     "the rules' reading 'de-1' is not listed in the review's readings", 1),
    ('    gloss: "Scoring"\n', "", "need an English gloss (language de)", 25),
    ('ref: "The deck is shuffled first."\n    verdict: omitted',
     'ref: "The deck is shuffled first."\n    verdict: same',
     "'same' needs the edition's counterpart", 15),
    ('  - ed: "Viel Spass!"', '  - ed: "Eine Karte mit Wert 3"',
     "is both added and a counterpart (first at line 29)", 51),
])
def test_a_faulty_review_is_an_error_at_its_entry(edition, capsys, old, new, message, line):
    edit(edition, old, new)
    code, out, _ = run(capsys, "check", edition)
    assert code == 2 and message in out, out
    assert f"review.yaml:{line}:" in out, out


def test_rules_review_prints_the_state_and_the_first_pass(edition, capsys, tmp_path):
    edit(edition, '  - ref: "The deck is shuffled first."\n    verdict: omitted\n', "")
    page = tmp_path / "review.html"
    code, out, _ = run(capsys, "review", edition, "--html", page)
    assert code == 0, out
    assert "10 of 11 units of Book reviewed" in out
    assert "without a verdict: 1 unit(s) of Book" in out and "The deck is shuffled" in out
    assert "omission  Book 5: no counterpart in the edition" in out
    text = page.read_text(encoding="utf-8")
    assert "Each player draws 3 cards" in text and "Each player draws 4 cards from the stack" \
        in text and "reading de-1" in text and "hand_size" not in text.split("<table>")[0]
    code, out, _ = run(capsys, "review", edition, "--json", "--all")
    data = json.loads(out)
    kinds = {(p["kind"], p["side"], p["unit"]["line"]) for p in data["proposals"]}
    assert ("numbers", "ref", 3) in kinds  # 3 cards against 4
    assert ("summary", "ed", 20) in kinds  # the German summary says 5, its main text 4
    assert data["first_pass"]["recorded"] == 3  # the reading, the unclear unit, the addition


def test_a_verdict_of_same_on_other_numbers_is_counted_and_listed(edition, capsys):
    """The reading de-1 (3 cards, 4 in the edition) marked 'same' by mistake: the review says
    that a 'same' has other numbers, and --all and --json say which."""
    edit(edition, "    verdict: reading de-1\n", "    verdict: same\n")
    code, out, _ = run(capsys, "review", edition)
    assert code == 0, out
    assert "verdict 'same' where the first pass finds other numbers: 1 unit(s)" in out
    code, out, _ = run(capsys, "review", edition, "--all")
    assert "3 ~ 3: only the reference has 3; only the edition has 4 (review line 11)" in out
    code, out, _ = run(capsys, "review", edition, "--json")
    [doubt] = json.loads(out)["questioned"]
    assert doubt["unit"]["text"].startswith("Each player draws 3 cards") and \
        doubt["review_line"] == 11


def test_review_html_to_a_place_it_cannot_write_is_an_error_not_a_traceback(edition, capsys,
                                                                           tmp_path):
    for target, reason in ((tmp_path / "missing" / "review.html", "does not exist"),
                           (tmp_path, "it is a folder")):
        code, out, err = run(capsys, "review", edition, "--html", target)
        assert code == 2 and f"cannot write {target}" in err and reason in err, err
        assert "Traceback" not in out + err


def test_the_blind_first_pass_finds_the_differences(edition, capsys):
    """Before any pair is recorded, the first pass proposes the number change, the omission
    and the addition."""
    code, out, _ = run(capsys, "review", edition)
    assert code == 0
    assert "the first pass proposed 4 of the 4 difference(s) this review records" in out, out


def test_coverage_counts_reviewed_units(edition, capsys):
    code, out, _ = run(capsys, "coverage", edition, "--source", "de")
    assert code == 0 and "review: 11 of 11 units of de reviewed" in out, out
    assert "1 of 2 rules cite nothing" in out  # the edition's own rules, not the base game's
    code, out, _ = run(capsys, "coverage", edition, "--source", "Book")
    assert "review: 11 of 11 units of Book reviewed" in out, out


def test_a_review_file_that_is_a_link_loop_or_missing_is_a_clear_error(edition, capsys):
    review = edition / "review.yaml"
    review.unlink()
    code, out, _ = run(capsys, "check", edition)
    assert code == 2 and "review.yaml (named by 'review:') is not there" in out, out
    review.symlink_to(review)  # a link to itself (found by the fuzzer)
    code, out, err = run(capsys, "check", edition)
    assert code == 2 and "is not there, or is not a file" in out and "Traceback" not in out + err
