"""Summaries checked against their own main text (issue 31): a summary page's row holding two
summaries side by side (the fan edition's line 346) is checked cell by cell, each against the
section it sums up; the main text's numbers count in words too; a number alone is a cell."""

from __future__ import annotations

from interpreter.editions.align import align, first_pass, reference_summaries
from interpreter.editions.sourcetext import SourceText
from interpreter.editions.units import text_units

MAIN = "\n\n".join([
    "Turn", "On his turn a player draws two cards from the deck and plays one card.",
    "A player who plays a red card moves his pawn three spaces.",
    "Scoring", "Each pawn scores by the number of different cards next to it:",
    "0 different cards\t= 1 point\n1 different card\t= 2 points\n2 different cards\t= 4 points",
    "The final scoring",
    "At the end each player scores his pawns once more and the one with most points wins.",
    "Loose ends", "A player with no card left draws 6 cards at once.",
])
ROW = ("Turn: draw 2 cards, play 1 card, red card = move 3 spaces\t"
       "Scoring: 0 different cards = 1 point, 1 different card = 2 points, 2 different "
       "cards = 4 points")


def _summaries(text: str) -> list:
    ref = text_units(SourceText.parse(MAIN + "\n"))
    ed = text_units(SourceText.parse(text))
    return [p for p in first_pass(ref, ed, align(ref, ed)) if p.kind == "summary"]


def _page(row: str) -> str:
    return MAIN + "\n\nSUMMARY\n\n" + row + "\nLoose ends: draw 6\tat once\n"


def test_a_row_of_two_summaries_is_checked_cell_by_cell():
    page = _page(ROW)
    assert [u.kind for u in text_units(SourceText.parse(page)) if "Turn:" in u.text] == \
        ["summary"]
    assert _summaries(page) == []  # each cell finds its own section: nothing is missing
    [found] = _summaries(_page(ROW.replace("= 4 points", "= 5 points")))
    assert found.detail.startswith("5 not in its main text"), found.detail
    assert found.other.section != "Turn"  # the cell about scoring, not the turn's section
    [found] = _summaries(_page(ROW.replace("move 3 spaces", "move 4 spaces")))
    assert found.detail.startswith("4 not in its main text") and found.other.section == "Turn"


def test_the_main_texts_numbers_count_in_words():
    # "draws two cards", "three spaces": the summary's 2 and 3 are there, in words
    assert _summaries(_page(ROW)) == []
    book = MAIN + "\n\nSummary of play\n\neach player draws 2 cards and plays 1 card\n"
    assert reference_summaries(text_units(SourceText.parse(book))) == []


def test_a_number_alone_is_a_cell_not_a_summary():
    assert _summaries(_page(ROW) + "\n7\n") == []
