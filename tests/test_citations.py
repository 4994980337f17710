"""Citations checked against the text they cite (`rules check`), and the coverage of a text by
the rules (`rules coverage`), on a small hand-made rulebook and on the real one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.editions.citations import check_citations, parse_labels, split_quote
from interpreter.editions.coverage import coverage
from interpreter.editions.sourcetext import SourceText, fold, split_label
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesError

from .conftest import FIFTH, TINY_RULES

RULEBOOK = """\
MINI GAME

SETUP

Each player takes 3 cards from the shuffled deck.

Note: the deck is never shuffled again, and a player\u2019s hand
stays hidden.

Playing

On your turn, choose one:

- A) play a card face up in front of you
- B) pass
- C) end the game

Scoring

Each card scores its value. The player with the most points wins; if players are tied,
they share the victory.

Credits

Written by nobody in particular.
"""

CITES = {
    "component card(": 'cite "rb: Setup"',
    "procedure setup(": 'cite "rb: Setup (takes 3 cards from the shuffled deck)"',
    "procedure play(": 'cite "rb: Playing, A-B"',
    "define score(": 'cite "rb: Scoring (the player with the most points wins)"',
    "zone hand[": "cite \"rb: Setup (a player's hand stays hidden)\"",
}


def cited_rules(extra: dict[str, str] | None = None) -> str:
    """The tiny game's rules with the citations of CITES (changed by `extra`)."""
    lines = TINY_RULES.splitlines()
    for start, cite in {**CITES, **(extra or {})}.items():
        i = next(k for k, line in enumerate(lines) if line.startswith(start))
        line = lines[i]
        if line.endswith(":"):
            lines[i] = f"{line[:-1]} {cite}:"
        elif start.startswith("define"):
            head, body = line.split(" = ", 1)
            lines[i] = f"{head} {cite} = {body}"
        else:
            lines[i] = f"{line} {cite}"
    return "\n".join(lines) + "\n"


def write_game(folder: Path, rules: str | None = None, source: str = "book.txt",
               book: str | None = RULEBOOK) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.yaml").write_text(
        f"name: Mini\nplayers: [2]\nrules: [game.rules]\ncite: rb\nsources:\n  rb: {source}\n",
        encoding="utf-8")
    (folder / "game.rules").write_text(rules or cited_rules(), encoding="utf-8")
    if book is not None:
        (folder / "book.txt").write_text(book, encoding="utf-8")
    return folder


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ---------------------------------------------------------------------------- the text
def test_a_plain_text_is_cut_into_headings_and_paragraphs():
    text = SourceText.parse(RULEBOOK)
    assert text.style == "plain"
    assert [(s.title, s.level) for s in text.sections] == [
        ("MINI GAME", 1), ("SETUP", 1), ("Playing", 1), ("On your turn, choose one", 3),
        ("Scoring", 1), ("Credits", 1)]  # a line ending with ':' is a lead-in (level 3)
    playing = text.find("playing")
    labelled = text.labelled(text.span(playing))
    assert sorted(labelled) == ["A", "B", "C"]
    scoring = text.own(text.find("SCORING")[0])
    assert len(scoring) == 1 and text.paragraphs[scoring[0]].line == 20  # two lines, one paragraph


def test_labels_headings_levels_and_folding():
    assert split_label("- 4.2) If Alea's bid")[0] == ("4.2",)
    assert split_label("- ▶ A/B/C) take 2 cards")[0] == ("A", "B", "C")
    assert split_label("► A - D) move")[0] == ("A", "B", "C", "D")
    assert split_label("(3) skyscraper(s)")[0] == ("3",)
    assert split_label("* As soon as")[0] == ("*",)
    assert split_label("Any text")[0] == ()
    assert fold("A player’s  “Hand”\nis  SECRET") == fold("a player's \"hand\" is secret")
    text = SourceText.parse("# Title\n\ntext\n\n## Part\n\nmore\n\n### A. Sub\n\nx\n\n## Other\n")
    assert text.style == "markdown"
    assert [(s.title, s.level, s.labels) for s in text.sections] == [
        ("Title", 1, ()), ("Part", 2, ()), ("A. Sub", 3, ("A",)), ("Other", 2, ())]
    assert text.find("Sub") == text.find("A. Sub")  # a labelled heading answers to both names
    plain = SourceText.parse("INTRO\n\n● the 1st action\n\n- A) go\n\nNote:\n\nx\n\nfig.04\n\n"
                             "(2) number\n\n(an aside)\n")
    assert [(s.title, s.level) for s in plain.sections] == [
        ("INTRO", 1), ("the 1st action", 2), ("Note", 3), ("(2) number", 4)]


def test_citation_parts_and_quotes_are_read():
    assert parse_labels("A-C") == [("A", "C")]
    assert parse_labels("3.) to 4.2)") == [("3", "4.2")]
    assert parse_labels("(1), (2) and (3)") == ["1", "2", "3"]
    assert parse_labels("footnote *") == ["*"]
    assert parse_labels("(3) skyscraper(s)") is None
    assert split_quote("Setup (takes 3 cards)") == ("Setup", "takes 3 cards")
    assert split_quote("The auctions, (3) skyscraper(s)") == ("The auctions, (3) skyscraper(s)",
                                                              None)
    assert split_quote("Playing, (2)") == ("Playing, (2)", None)
    assert split_quote("A (limit (except this) applies)") == ("A", "limit (except this) applies")
    assert split_quote("Setup “takes 3 cards”") == ("Setup", "takes 3 cards")


# ---------------------------------------------------------------------------- checking
def test_good_citations_check_and_cover_what_they_name(tmp_path):
    ruleset = load_ruleset(write_game(tmp_path / "mini"))
    report = check_citations(ruleset)
    assert report.errors == [] and report.notes == []
    assert report.checked == {"rb": 5}
    cov = coverage(ruleset)
    lines = {cov.text.paragraphs[i].line: i for i in cov.paragraphs}
    assert cov.direct[lines[5]] == ["setup"]  # quoted words name their paragraph
    assert set(cov.direct[lines[7]]) == {"hand"}  # ... across a line break, with a typographic '
    assert cov.through[lines[5]] == ["card"]  # the whole section
    assert cov.direct[lines[14]] == ["play"] and cov.direct[lines[15]] == ["play"]
    assert lines[16] not in cov.direct and lines[16] not in cov.through  # C: not in A-B
    uncited = [cov.text.paragraphs[i].line for i in cov.uncited()]
    assert uncited == [16, 25]  # "C) end the game", the credits
    summary = cov.summary()
    assert summary["paragraphs"] == 7 and summary["cited"] == 5
    assert summary["share"] == round(5 / 7, 4)
    assert "hand" not in [r.name for r in cov.uncited_rules]
    assert {"deck", "table", "vp", "turns", "tiebreak", "suit"} <= \
        {r.name for r in cov.uncited_rules}
    assert "5 of 7 paragraphs of rb cited (71%)" in cov.summary_line()


def test_a_note_in_square_brackets_is_not_checked_and_quotes_may_hold_semicolons(tmp_path):
    folder = write_game(tmp_path / "mini", cited_rules({
        "define score(": 'cite "rb: Scoring (the most points wins; if players are tied) '
                         '[who wins; a gloss]"'}))
    report = check_citations(load_ruleset(folder))
    assert report.errors == [] and report.notes == [] and report.checked == {"rb": 5}


def test_a_missing_section_is_an_error_at_the_citation_with_did_you_mean(tmp_path, capsys):
    folder = write_game(tmp_path / "mini", cited_rules({"define score(": 'cite "rb: Scorring"'}))
    report = check_citations(load_ruleset(folder))
    [error] = report.errors
    assert "has no section 'Scorring'" in error.message and "did you mean 'Scoring'" in error.hint
    line = (folder / "game.rules").read_text().splitlines()[error.loc.line - 1]
    assert line[error.loc.column - 1:].startswith("Scorring")  # the caret under the section
    code, out, _ = run(capsys, "check", folder)
    assert code == 2
    assert f"game.rules:{error.loc.line}:{error.loc.column}: citation of 'score'" in out
    assert "Traceback" not in out and "1 error(s)" in out


def test_misquoted_words_are_an_error_with_the_closest_words(tmp_path):
    folder = write_game(tmp_path / "mini", cited_rules(
        {"define score(": 'cite "rb: Scoring (the player with the fewest points wins)"'}))
    [error] = check_citations(load_ruleset(folder)).errors
    assert 'the words "the player with the fewest points wins" are not in section ' \
           "'Scoring'" in error.message
    assert "The player with the most points wins" in error.hint


def test_a_missing_label_or_source_is_an_error(tmp_path):
    folder = write_game(tmp_path / "mini", cited_rules({
        "procedure play(": 'cite "rb: Playing, D"',
        "define score(": 'cite "xx: Scoring"'}))
    errors = check_citations(load_ruleset(folder)).errors
    messages = sorted(e.message for e in errors)
    assert "has no paragraph labelled 'D'" in messages[0] and "its labels: A, B, C" in \
        next(e.hint for e in errors if "labelled" in e.message)
    assert "'xx' is no source of this ruleset" in messages[1]


def test_words_found_under_another_section_are_a_note(tmp_path):
    folder = write_game(tmp_path / "mini", cited_rules(
        {"define score(": 'cite "rb: Playing (the player with the most points wins)"'}))
    report = check_citations(load_ruleset(folder))
    assert report.errors == []
    [note] = report.notes
    assert "are in book.txt (line 20, under 'Scoring') but not in section 'Playing'" in note


def test_without_the_text_the_citations_are_not_checked(tmp_path, capsys):
    folder = write_game(tmp_path / "mini", cited_rules({"define score(": 'cite "rb: Nowhere"'}),
                        book=None)
    report = check_citations(load_ruleset(folder))
    assert report.errors == [] and report.unchecked == {"rb": "its text book.txt is not there"}
    code, out, _ = run(capsys, "check", folder)
    assert code == 0 and "citations: rb not checked (its text book.txt is not there)" in out
    assert "note: citations of rb were not checked" in out
    code, _, err = run(capsys, "coverage", folder)
    assert code == 2 and "is not there: coverage needs it" in err


def test_an_overlay_inherits_its_sources_and_may_repoint_them(tmp_path):
    write_game(tmp_path / "mini")
    overlay = tmp_path / "other"
    overlay.mkdir()
    (overlay / "ruleset.yaml").write_text("name: Other\nplayers: [2]\nextends: ../mini\n")
    report = check_citations(load_ruleset(overlay))
    assert report.errors == [] and report.checked == {"rb": 5}
    (overlay / "book.txt").write_text(RULEBOOK.replace("Playing", "Turns"))
    (overlay / "ruleset.yaml").write_text("name: Other\nplayers: [2]\nextends: ../mini\n"
                                          "sources:\n  rb: book.txt\n")
    [error] = check_citations(load_ruleset(overlay)).errors
    assert "has no section 'Playing'" in error.message and error.layer == "Mini"


def test_a_source_path_must_be_relative(tmp_path):
    folder = write_game(tmp_path / "mini", source="/etc/passwd")
    with pytest.raises(RulesError, match="manifest schema at sources/rb"):
        load_ruleset(folder)


def test_coverage_command_text_and_json(tmp_path, capsys):
    folder = write_game(tmp_path / "mini")
    code, out, _ = run(capsys, "coverage", folder)
    assert code == 0
    assert "Scoring  (line 18; cited by score)" in out
    assert "-   25  Written by nobody in particular." in out
    assert out.rstrip().splitlines()[-1].startswith("5 of 7 paragraphs of rb cited (71%)")
    code, out, _ = run(capsys, "coverage", folder, "--uncited")
    assert "Written by nobody" in out and "Each player takes 3 cards" not in out
    code, out, _ = run(capsys, "coverage", folder, "--json")
    data = json.loads(out)
    assert data["summary"]["cited"] == 5 and data["source"] == "rb"
    assert [p["line"] for p in data["uncited_paragraphs"]] == [16, 25]
    code, _, err = run(capsys, "coverage", folder, "--source", "nl")
    assert code == 2 and "has no source 'nl'; its sources: rb" in err


# ---------------------------------------------------------------------------- the real texts
REFERENCE = FIFTH.parent.parent.parent / "shared" / "rulebooks" / "en-riograndegames-2004.txt"
needs_reference = pytest.mark.skipif(not REFERENCE.is_file(),
                                     reason="the shared rulebooks are not next to the repository")


@needs_reference
@pytest.mark.parametrize("name", ["base", "alea-2p", "six-plot", "six-plot-2p"])
def test_every_citation_of_the_rulesets_points_into_the_rulebook(name):
    report = check_citations(load_ruleset(FIFTH / name))
    assert [e.render() for e in report.errors] == []
    assert report.notes == []
    assert report.checked["en-2004"] > 60


@needs_reference
def test_the_reference_rulebook_is_read_as_its_headings_say():
    text = SourceText.read(REFERENCE)
    for name in ("PREPARATION", "Special rules for playing with 2 players", "GAME END",
                 "the 1st action", "the 2nd action", "the 3rd action", "Building stop",
                 "Auction in Central Park", "The play of an auction", "The businesses",
                 "Scoring districts", "The auctions", "(3) skyscraper(s)"):
        assert text.find(name), name
    two = text.find("Special rules for playing with 2 players")
    assert sorted(text.labelled(text.span(two))) == ["1", "2", "3", "4.1", "4.2"]


@needs_reference
def test_base_covers_most_of_the_reference_rulebook(base):
    cov = coverage(base)
    assert cov.source == "en-2004"
    assert 0.7 < cov.summary()["share"] < 1
