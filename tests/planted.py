"""A same-language edition of the reference rulebook with planted changes (issue 31): what the
first pass and `rules review --draft` must surface, and `rules check` must see recorded.

Each change is (name, old words, new words, words that identify the unit it touches: of the
reference, or of the edition for an addition)."""

from __future__ import annotations

from pathlib import Path

from .conftest import ROOT
from .test_diff import GAME, write

REFERENCE = ROOT.parent / "shared" / "rulebooks" / "en-riograndegames-2004.txt"

ADDED_RULE = ("Each player also takes one coin of his color and keeps it in front of him as a "
              "reminder of the order of play.")

CHANGES = [
    # digits
    ("20 businesses", "draw another 20 businesses", "draw another 22 businesses",
     "ref", "draw another 20 businesses"),
    ("4 black cards", "Each player draws 4 black cards", "Each player draws 5 black cards",
     "ref", "Each player draws 4 black cards"),
    ("8 to 21", "will total between 8 and 21", "will total between 8 and 24",
     "ref", "will total between 8 and 21"),
    ("1 VP a skyscraper", "He earns 1 victory point for each skyscraper",
     "He earns 2 victory points for each skyscraper", "ref", "He earns 1 victory point"),
    # words
    ("dropped sentence", " To be safe, you can also place the stacks face down, turning the "
     "top-most card face up each time one is taken.", "", "ref",
     "Separate the colored bidding cards by color"),
    ("dropped paragraph", "A player may move a commissioner to any adjacent district, even if "
     "the other commissioner is there",
     None, "ref", "A player may move a commissioner to any adjacent district"),
    ("added rule", "With fewer than 4 players, place the unchosen skyscrapers back in the box.\n",
     "With fewer than 4 players, place the unchosen skyscrapers back in the box.\n\n"
     + ADDED_RULE + "\n", "ed", "one coin of his color"),
    ("caption", "Green also takes 1 black card. fig.01", "Red also takes 1 black card. fig.01",
     "ref", "Green also takes 1 black card"),
    ("left and right", "from left to right from City Hall", "from right to left from City Hall",
     "ref", "from left to right from City Hall"),
    ("may not", "the player may choose freely among them",
     "the player may not choose freely among them", "ref", "may choose freely among them"),
    ("reordered list", "- Alea always builds 1 skyscraper on a building plot, regardless of the "
     "number of skyscrapers shown on his bid cards.\n- Alea always builds on an empty building "
     "plot, even if he has already built skyscrapers in this district with a previous auction."
     " As an exception to the real players, Alea may build in different building plots in a "
     "district.\n",
     "- Alea always builds on an empty building plot, even if he has already built skyscrapers "
     "in this district with a previous auction. As an exception to the real players, Alea may "
     "build in different building plots in a district.\n- Alea always builds 1 skyscraper on a "
     "building plot, regardless of the number of skyscrapers shown on his bid cards.\n",
     "ref", "Alea always builds"),
    ("footnote", "try to place their 2 skyscrapers adjacent to the business tiles",
     "try to place their 2 skyscrapers away from the business tiles", "ref",
     "small tip: if possible"),
    ("face down", "placing it face up in his play area", "placing it face down in his play area",
     "ref", "Each player takes one summary card"),
]


def planted_text(reference: str) -> str:
    """The reference with every change made (each must be found once)."""
    text = reference
    for name, old, new, _, _ in CHANGES:
        if new is None:  # a whole paragraph dropped: the one that starts with `old`
            start = text.index(old)
            end = text.index("\n\n", start)
            old, new = text[start:end + 2], ""
        assert text.count(old) == 1, name
        text = text.replace(old, new)
    return text


def write_planted(folder: Path) -> Path:
    """A tiny base game citing the reference, and the planted edition of its text, with a
    review file still to draft: the edition's folder."""
    reference = REFERENCE.read_text(encoding="utf-8")
    game = folder / "game"
    base = write(game / "base", GAME.replace("Book: Setup", "Book: PREPARATION").replace(
        "Book: Scoring", "Book: GAME END").replace("Book: Play", "Book: PLAYING THE GAME"))
    (game / "ref.txt").write_text(reference, encoding="utf-8")
    (game / "planted.txt").write_text(planted_text(reference), encoding="utf-8")
    manifest = base / "ruleset.yaml"
    manifest.write_text(manifest.read_text() + "sources:\n  Book: ../ref.txt\n",
                        encoding="utf-8")
    edition = game / "planted"
    edition.mkdir()
    (edition / "ruleset.yaml").write_text(
        'name: "The game, planted"\nplayers: [2, 3]\nextends: ../base\nrules: [planted.rules]\n'
        "cite: planted\nsources:\n  planted: ../planted.txt\nreview: review.yaml\n",
        encoding="utf-8")
    (edition / "planted.rules").write_text("# no rule differs\n", encoding="utf-8")
    (game / "rules-project.yaml").write_text("", encoding="utf-8")
    return edition
