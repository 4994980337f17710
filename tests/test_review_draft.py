"""Validating an edition in an afternoon (issue 31): `rules review --draft`, a first pass that
reads words, an alignment that does not cancel, and a stricter `rules check` of reviews.

The planted edition (tests/planted.py) is the reference rulebook with 13 changes: 4 of digits,
9 of words (a dropped sentence, a dropped paragraph and an added rule far apart, a caption,
left and right swapped, "may" made "may not", a reordered list, a footnote, face up made face
down)."""

from __future__ import annotations

import re

import pytest

from interpreter.editions.align import align, first_pass
from interpreter.editions.sourcetext import SourceText
from interpreter.editions.units import text_units
from interpreter.editions.words import word_diff
from interpreter.engine.ruleset import load_ruleset

from .planted import CHANGES, REFERENCE, write_planted
from .test_diff import run
from .test_review import edit, edition  # noqa: F401  (a fixture)

needs_reference = pytest.mark.skipif(not REFERENCE.is_file(),
                                     reason="the shared rulebooks are not next to the repository")


@pytest.fixture
def drafted(tmp_path):
    """The planted edition, its review file not yet written."""
    return write_planted(tmp_path)


def _flagged(folder):
    from interpreter.editions.review import load_review

    review = load_review(load_ruleset(folder))
    return review, [e for e in review.entries if e.verdict != "same"]


def _surfaced(flagged) -> list[str]:
    found = []
    for name, _, _, side, key in CHANGES:
        if any((e.ref_unit is not None and key in e.ref_unit.text) if side == "ref"
               else any(key in u.text for u in e.ed_units) for e in flagged):
            found.append(name)
    return found


@needs_reference
def test_the_draft_surfaces_the_planted_changes_and_no_more(drafted, capsys):
    code, out, _ = run(capsys, "review", drafted, "--draft")
    assert code == 0, out
    assert re.search(r"wrote 27\d draft entries", out), out
    review, flagged = _flagged(drafted)
    assert all(e.status == "draft" for e in review.entries)
    assert len(review.verdict_of()) == len(review.ref_units)  # every unit of the reference
    named = {u.line for e in review.entries for u in e.ed_units}
    assert named == {u.line for u in review.ed_units}  # and of the edition
    surfaced = _surfaced(flagged)
    assert len(surfaced) >= 12, sorted({c[0] for c in CHANGES} - set(surfaced))
    assert len(flagged) <= 13  # 13 changes in 12 units: hardly a false alarm
    by_verdict = {e.verdict for e in flagged if e.ref_unit is not None and
                  "A player may move a commissioner to any adjacent" in e.ref_unit.text}
    assert by_verdict == {"omitted"}  # the dropped paragraph is not paired with the added rule
    assert any(e.verdict == "added" and "one coin of his color" in e.ed_units[0].text
               for e in flagged)
    notes = " ".join(e.note or "" for e in flagged)
    assert "[-up-]{+down+}" in notes and "may {+not+} choose" in notes
    assert "[-green-]{+red+}" in notes  # the caption


@needs_reference
def test_check_refuses_the_draft_until_each_change_is_recorded(drafted, capsys):
    run(capsys, "review", drafted, "--draft")
    code, out, _ = run(capsys, "check", drafted)
    assert code == 2 and "entries are drafts (status: draft), not yet confirmed" in out, out
    path = drafted / "review.yaml"
    confirmed = re.sub(r"\n *status: draft", "", path.read_text(encoding="utf-8"))
    path.write_text(confirmed, encoding="utf-8")
    code, out, _ = run(capsys, "check", drafted)
    assert code == 0, out
    review, flagged = _flagged(drafted)
    lines = confirmed.splitlines(keepends=True)
    starts = sorted(e.loc.line for e in review.entries)
    for entry in flagged:  # the entry recording a change taken out: refused
        start = entry.loc.line
        end = next((s for s in starts if s > start), len(lines) + 1)
        path.write_text("".join(lines[:start - 1] + lines[end - 1:]), encoding="utf-8")
        code, out, _ = run(capsys, "check", drafted)
        assert code == 2 and ("have no verdict" in out or "are in no entry" in out), out
    path.write_text(confirmed, encoding="utf-8")


@needs_reference
def test_drafting_again_keeps_the_reviewed_entries(drafted, capsys):
    run(capsys, "review", drafted, "--draft")
    path = drafted / "review.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.index("status: draft")  # the first entry, confirmed with a note of its own
    text = text[:first] + "note: \"# read by a person\"" + text[first + len("status: draft"):]
    text = text.replace("units:\n", "# a comment of the reviewer\nunits:\n", 1)
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "review", drafted, "--draft")
    assert code == 0 and "kept 1 reviewed entry as written" in out, out
    again = path.read_text(encoding="utf-8")
    assert "# a comment of the reviewer" in again and again.count("# read by a person") == 1
    review, _ = _flagged(drafted)
    assert sum(e.status is None for e in review.entries) == 1
    assert not [e for e in review.errors if "reviewed twice" in e.message]


def test_a_draft_needs_a_review_file_named_and_two_texts(edition, capsys):  # noqa: F811
    (edition / "review.yaml").unlink()
    code, out, err = run(capsys, "review", edition, "--draft", "--language", "deu")
    assert code == 2 and "--language deu: give a two-letter code" in err, err
    code, out, err = run(capsys, "review", edition, "--draft", "--language", "de")
    assert code == 0, out + err
    text = (edition / "review.yaml").read_text(encoding="utf-8")
    assert text.startswith("reference: Book\nedition: de\nlanguage: de\n")
    assert "verdict: same" not in text  # a translation: words cannot be compared
    manifest = edition / "ruleset.yaml"
    manifest.write_text(manifest.read_text().replace("review: review.yaml\n", ""))
    code, _, err = run(capsys, "review", edition, "--draft")
    assert code == 2 and "names no review file" in err and "Traceback" not in err


# ---------------------------------------------------------------------------- words
def test_the_word_diff_shows_changes_inline_and_weighs_turns():
    diff = word_diff("The player may choose freely, moving left.",
                     "The player may not choose freely, moving right.")
    assert "may {+not+} choose" in diff.inline() and "[-left-]{+right+}" in diff.inline()
    assert diff.turned == ["'not' inserted", "'left' became 'right'"]
    assert not word_diff("Draw 3 cards.", "draw 3 CARDS").changes  # case and punctuation
    plain = word_diff("Draw three cards from the deck.", "Take three cards from the deck.")
    assert plain and not plain.turned
    long = word_diff("a b c", "x y z a b c d e f", crop=True)
    assert long.inline() == "{+x y z+} a b c" or not long.turned


BOOK = "\n\n".join([
    "Setup", "Each player draws 3 cards from the deck and keeps them hidden.",
    "The oldest player begins the game and play goes on clockwise.",
    "Play", "On his turn a player plays one card face up in front of him.",
    "A player who cannot play a card passes and draws a card.",
    "Scoring", "Every card in front of a player scores its value in points at the end.",
    "The player with the most points wins the game."]) + "\n"


def _proposals(book: str, edition_text: str):
    ref = text_units(SourceText.parse(book))
    ed = text_units(SourceText.parse(edition_text))
    return {(p.kind, p.side, p.unit.text.split()[0]) for p in
            first_pass(ref, ed, align(ref, ed))}, align(ref, ed)


def test_a_dropped_paragraph_and_an_added_one_far_apart_are_not_paired():
    edition_text = BOOK.replace("The oldest player begins the game and play goes on "
                                "clockwise.\n\n", "").replace(
        "The player with the most points", "Ties are broken by the cards still in hand of a "
        "player at the end.\n\nThe player with the most points")
    found, _ = _proposals(BOOK, edition_text)
    assert ("omission", "ref", "The") in found and ("addition", "ed", "Ties") in found


def test_a_reordered_pair_and_an_opposite_are_proposed():
    edition_text = BOOK.replace(
        "On his turn a player plays one card face up in front of him.\n\n"
        "A player who cannot play a card passes and draws a card.",
        "A player who cannot play a card passes and draws a card.\n\n"
        "On his turn a player plays one card face down in front of him.")
    found, _ = _proposals(BOOK, edition_text)
    assert ("moved", "ref", "A") in found or ("moved", "ref", "On") in found
    assert ("words", "ref", "On") in found


# ---------------------------------------------------------------------------- stricter check
def test_a_unit_of_the_edition_in_no_entry_is_an_error(edition, capsys):  # noqa: F811
    edit(edition, '  - ed: "Viel Spass!"\n    gloss: "Have fun!"\n    verdict: added\n', "")
    code, out, _ = run(capsys, "check", edition)
    assert code == 2 and "1 unit(s) of buch.txt are in no entry" in out and "line(s) 16" in out


def test_a_reading_that_changes_the_game_is_encoded_or_says_why_not(edition, capsys):  # noqa: F811
    edit(edition, '  de-1: {class: changes the game, title: "4 cards, not 3"}\n',
         '  de-1: {class: changes the game, title: "4 cards, not 3"}\n'
         '  de-2: {class: changes the game, title: "the summary says 5"}\n')
    code, out, _ = run(capsys, "check", edition)
    assert code == 2 and "the reading 'de-2' changes the game, but no rule encodes it" in out
    sibling = edition.parent / "de-more"  # a ruleset next to it, naming the same review
    sibling.mkdir()
    (sibling / "ruleset.yaml").write_text(
        'name: "more"\nplayers: [2, 3]\nextends: ../de\nrules: [more.rules]\n'
        "review: ../de/review.yaml\n", encoding="utf-8")
    (sibling / "more.rules").write_text(
        'reading de-2 "the summary says 5" cite "de: Zusammenfassung":\n'
        '    const summary_cards "cards the summary names" = 5\n', encoding="utf-8")
    code, out, _ = run(capsys, "check", edition)
    assert code == 0, out  # encoded next to it
    (sibling / "ruleset.yaml").unlink()
    edit(edition, 'title: "the summary says 5"}',
         'title: "the summary says 5", not_encoded: "a summary: the main text rules"}')
    code, out, _ = run(capsys, "check", edition)
    assert code == 0, out


def test_a_same_whose_pair_shows_a_difference_is_a_warning(edition, capsys):  # noqa: F811
    edit(edition, 'gloss: "In turn, until the stack is empty."',
         'gloss: "In turn, until the stack is not empty."')
    edit(edition, "    verdict: reading de-1\n", "    verdict: same\n")
    code, out, _ = run(capsys, "check", edition)
    assert code == 0, out
    assert "warning: " in out and "verdict 'same', but the numbers differ: 3 in the " \
        "reference, 4 in the edition" in out, out
    assert "verdict 'same', but the words differ ('not' inserted)" in out, out


def test_an_edition_without_its_texts_fails_unless_told(edition, tmp_path, capsys, monkeypatch):  # noqa: F811
    texts = tmp_path / "texts"
    texts.mkdir()
    game = edition.parent
    for name in ("book.txt", "buch.txt"):
        (game / name).rename(texts / name)
    code, out, _ = run(capsys, "check", edition)
    assert code == 1 and "the texts of this edition are not there" in out, out
    assert "--texts DIR" in out and "RULES_TEXTS" in out and "--skip-texts" in out
    code, out, _ = run(capsys, "check", edition, "--skip-texts")
    assert code == 0 and "review: not checked" in out, out
    code, out, _ = run(capsys, "check", edition, "--texts", texts)
    assert code == 0 and "review: 11 of 11 units of Book reviewed" in out, out
    monkeypatch.setenv("RULES_TEXTS", str(texts))
    code, out, _ = run(capsys, "review", edition)
    assert code == 0 and "Review of de (buch.txt)" in out, out
    code, _, err = run(capsys, "check", edition, "--texts", tmp_path / "nowhere")
    assert code == 2 and "not a folder" in err and "Traceback" not in err


# ---------------------------------------------------------------------------- for the publisher
def test_the_report_gives_each_reading_with_both_texts_and_its_rule(edition, capsys, tmp_path):  # noqa: F811
    import csv

    page = tmp_path / "report.md"
    code, out, _ = run(capsys, "review", edition, "--report", page)
    assert code == 0 and f"wrote {page}" in out, out
    text = page.read_text(encoding="utf-8")
    reading = text[text.index("### de-1: 4 cards, not 3"):text.index("## Left out")]
    assert "- class: changes the game" in reading and "de.rules:1:9: hand_size" in reading
    assert "Each player draws 3 cards from the deck." in reading
    assert "Jeder Spieler zieht 4 Karten vom Stapel." in reading
    assert "Each player draws 4 cards from the stack." in reading  # the gloss
    assert "## Left out by the edition (omitted): 1" in text and "The deck is shuffled" in text
    assert "## Added by the edition: 1" in text and "Viel Spass!" in text
    table = tmp_path / "report.csv"
    code, _, _ = run(capsys, "review", edition, "--report", table)
    found = list(csv.DictReader(table.open(encoding="utf-8")))
    assert [r["section"] for r in found] == ["reading", "omitted", "added", "unclear"]
    assert found[0]["reading"] == "de-1" and found[0]["gloss"].startswith("Each player draws 4")
    code, _, err = run(capsys, "review", edition, "--report", tmp_path / "report.pdf")
    assert code == 2 and "give a file ending in .md or .csv" in err and "Traceback" not in err


def test_the_page_of_a_new_review_shows_the_edition_and_filters(edition, capsys, tmp_path):  # noqa: F811
    path = edition / "review.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:text.index("units:")] + "units: []\n", encoding="utf-8")
    page = tmp_path / "review.html"
    code, out, _ = run(capsys, "review", edition, "--html", page)
    assert code == 0, out
    html = page.read_text(encoding="utf-8")
    assert "Eine Karte mit Wert 3 bringt 5 Punkte." in html  # the edition's column
    assert "(paired by the first pass, not yet reviewed)" in html
    assert "first pass: numbers: only the reference has 3; only the edition has 4" in html
    assert 'name="verdict" value="reading"' in html and '<option>changes the game</option>' \
        in html and 'name="draft"' in html
    run(capsys, "review", edition, "--draft")
    run(capsys, "review", edition, "--html", page)
    html = page.read_text(encoding="utf-8")
    assert 'data-draft="yes"' in html and '<span class="draft">draft</span>' in html


@pytest.mark.parametrize("name", ["nl", "ko", "en-fan-1.2", "en-2004-pdf"])
def test_each_edition_has_its_report_linked_from_its_readme(name):
    import yaml

    from .conftest import FIFTH

    folder = FIFTH / "editions" / name
    assert "[report.md](report.md)" in (folder / "README.md").read_text(encoding="utf-8")
    report = (folder / "report.md").read_text(encoding="utf-8")
    review = yaml.safe_load((folder / "review.yaml").read_text(encoding="utf-8"))
    for ident, info in (review["readings"] or {}).items():
        assert f"### {ident}: {info['title']}" in report
    added = sum(u["verdict"] == "added" for u in review["units"])
    assert f"## Added by the edition: {added}" in report


def test_a_glossary_flags_a_pair_whose_terms_do_not_correspond(edition, capsys):  # noqa: F811
    import json

    edit(edition, "units:\n", "glossary:\n  player: Spieler\n  deck: Stapel\nunits:\n")
    code, out, _ = run(capsys, "review", edition, "--json", "--all")
    assert code == 0, out
    terms = [p for p in json.loads(out)["proposals"] if p["kind"] == "terms"]
    assert [(p["unit"]["line"], p["detail"]) for p in terms] == [
        (9, "the edition's words for 'player' (Spieler) are not there"),  # "Reihum, bis ..."
        (20, "the edition's words for 'player' (Spieler) are not there")]  # "jeder zieht ..."
    edit(edition, "  deck: Stapel\n", "  deck: 3\n")
    code, out, err = run(capsys, "check", edition)
    assert code == 2 and "glossary" in out + err and "Traceback" not in out + err


# ---------------------------------------------------------------------------- summaries
def test_a_summary_page_laid_out_as_a_table_is_checked_against_the_main_text():
    edition_text = BOOK + "\nSUMMARY\n\nA TURN\n\ndraw\t4 cards\nplay\t1 card\n"
    ref = text_units(SourceText.parse(BOOK))
    ed = text_units(SourceText.parse(edition_text))
    rows = [u for u in ed if "\t" in u.text or u.text.startswith("draw")]
    assert rows and all(u.kind == "summary" for u in rows)
    found = first_pass(ref, ed, align(ref, ed))
    flagged = [(p.unit.text, p.detail.split(" not in")[0]) for p in found if p.kind == "summary"]
    assert ("draw\t4 cards", "4") in flagged, flagged


def test_the_references_own_inconsistency_is_the_references_not_the_editions(capsys):
    from interpreter.editions.align import reference_summaries

    book = BOOK + "\nSummary of play\n\neach player draws 4 cards\n"
    ref = text_units(SourceText.parse(book))
    ed = text_units(SourceText.parse(book.replace("oldest", "youngest")))
    found = first_pass(ref, ed, align(ref, ed))
    assert not [p for p in found if p.kind == "summary"], found
    [own] = reference_summaries(ref)
    assert own.unit.text == "each player draws 4 cards" and own.detail.startswith("4 not in")


def test_numbers_are_read_before_a_particle_of_another_script():
    from interpreter.editions.units import Unit

    unit = Unit(1, 1, "paragraph", "비딩(8에서 21, 오른쪽 그림 참조), 3번째 차례, 4th, 20x", "")
    assert unit.numbers() == ["8", "21", "3", "4", "20"]  # 20x: twenty times (nl "telkens 20x")


def test_the_report_says_what_each_reading_does_in_play(edition, capsys, tmp_path):  # noqa: F811
    page = tmp_path / "report.md"
    code, out, err = run(capsys, "review", edition, "--report", page, "--play", 4,
                         "--against", edition.parent / "base", "--players", 2)
    assert code == 0, out + err
    text = page.read_text(encoding="utf-8")
    assert "- in play, on its own: 4 of 4 game(s) differ from" in text, text  # 4 cards, not 3
    code, _, err = run(capsys, "review", edition, "--report", page, "--play", 4)
    assert code == 2 and "--play N and --against BASE go together" in err
    code, _, err = run(capsys, "review", edition, "--report", page, "--play", 0, "--against",
                       edition.parent / "base")
    assert code == 2 and "give a number of games from 1" in err and "Traceback" not in err
