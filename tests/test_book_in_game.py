"""The book during a game: `rules` and `rules TOPIC` at the terminal, `why` in the book's
words, the page of "how this game works" before the first decision, and the browser's Rules
panel opened at the current decision (headless Chromium)."""

from __future__ import annotations

import io
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from typing import Any

import pytest

from interpreter.cli.common import load
from interpreter.language.book.output import columns
from interpreter.play.rules_help import (
    book_for,
    how_it_works,
    option_words,
    rules_lines,
    rules_page,
)

FIFTH = "fifth-avenue/base"
TURN = "choose your option for this turn"


def test_rules_at_a_decision_shows_the_rule_that_asks_it():
    ruleset = load(FIFTH)
    lines = rules_lines(ruleset, TURN, "")
    assert lines[0] == "The rule of this decision (Playing the game):"
    text = "\n".join(lines)
    assert "The player chooses one of these options" in text
    assert "Option D: score a district" in text
    bid = "\n".join(rules_lines(ruleset, "choose the colour of your bid, or pass", ""))
    assert "Bid (card by card) or pass" in bid


def test_a_player_reads_a_rule_by_its_gist_and_asks_for_its_steps():
    ruleset = load(FIFTH)
    place = "place it on a building plot"
    gist = "\n".join(rules_lines(ruleset, place, ""))
    assert "Businesses raise the value of the skyscrapers next to them" in gist
    assert "call this the current set" not in gist  # the steps come on request
    assert "'rules steps' shows this rule step by step, as the game plays it." in gist
    steps = "\n".join(rules_lines(ruleset, place, "steps"))
    assert "Businesses raise the value" in steps and "call this the current set" in steps
    assert "'rules steps'" not in steps
    named = "\n".join(rules_lines(ruleset, None, "place a business"))
    assert "call this the current set" not in named
    assert "Add 'steps' ('rules place a business steps')" in named
    assert "call this the current set" in "\n".join(
        rules_lines(ruleset, None, "place a business steps"))
    # a rule without a gist, and a turn's choice of actions, show their steps: they are
    # what a player reads of them
    turn = "\n".join(rules_lines(ruleset, TURN, ""))
    assert "Option D: score a district" in turn and "'rules steps'" not in turn


def test_definitions_and_requirements_are_read_by_their_titles():
    """A newcomer read 'each place where the role of the place is "district"' in `rules 13` as
    code: a definition or a requirement shows its title, its formula with 'steps'."""
    ruleset = load(FIFTH)
    titles = "\n".join(rules_lines(ruleset, None, "definitions"))
    assert "the seven districts" in titles and "the role of the place" not in titles
    assert "each place whose role is" in "\n".join(rules_lines(ruleset, None, "13 steps"))
    page = rules_page(ruleset)["html"].split("<section id='definitions'>")[1]
    first = page.split("</section>")[0]
    assert "<details class='steps'>" in first and "each place whose role is" in first


def test_who_wins_is_said_under_its_heading():
    """`rules end` showed the heading "12.2 Who wins" with nothing under it (the score's
    formula was folded away as a definition's): the sentences on the winner are shown."""
    ruleset = load(FIFTH)
    lines = rules_lines(ruleset, None, "end")
    heading = next(i for i, line in enumerate(lines) if line.endswith("Who wins"))
    assert lines[heading + 1].strip().startswith("The winner is the player with the highest")


def test_the_first_page_says_the_special_scoring_and_what_a_building_stop_is():
    """A newcomer chose their starting plots not knowing of the special scoring, and met "the
    second building stop" on the first page with its meaning only in the glossary."""
    page = " ".join(how_it_works(load(FIFTH)))
    assert "Special scoring: the 3rd, 6th and 9th business placed pay 4, 6 or 8 VP" in page
    assert "second building stop (a district closed for good" in page


def test_rules_topic_shows_a_section_or_a_rule_and_says_what_there_is():
    ruleset = load(FIFTH)
    assert rules_lines(ruleset, None, "end")[0].endswith("The end of the game and the winner")
    assert "Building stop" in rules_lines(ruleset, None, "building stop")[0]
    missing = rules_lines(ruleset, None, "nothing like this")
    assert " ".join(missing).startswith("No part of the rules is called 'nothing like this'. "
                                 "Parts of the rules: short; overview;")


def test_why_quotes_the_book_for_an_option():
    words = option_words(load(FIFTH), TURN, "D")
    assert words.startswith("In the rules: Option D: score a district") and "only if" in words


def test_how_this_game_works_fits_a_page_and_says_turn_end_and_winner():
    page = how_it_works(load(FIFTH), 80, 12)
    assert len(page) <= 12 and max(len(x) for x in page) <= 80
    text = "\n".join(page)
    for words in ("Option A:", "Option D:", "The game ends when", "the second building stop",
                  "tie is broken by most cards in hand"):
        assert words in text
    page = "\n".join(how_it_works(load(FIFTH), 80, 24))
    assert "The base game of Fifth Avenue" in page
    assert "The goal: Build skyscrapers" in page  # the ruleset's own goal (book/en.yaml)


def test_the_terminal_answers_rules_and_shows_the_page_first(tmp_path, monkeypatch):
    from interpreter.cli import main

    monkeypatch.chdir(tmp_path)
    answers = iter(["rules", "help rules end", "quit", "n"])  # quit: not saved
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    main(["play", FIFTH, "--players", "3", "--seed", "1"])
    text = out.getvalue()
    assert text.index("How Fifth Avenue works") < text.index("place a skyscraper on an empty")
    assert "The rule of this decision (Preparation):" in text
    assert "The end of the game and the winner" in text


def test_the_terminal_shows_the_rules_in_the_language_asked(tmp_path, monkeypatch):
    from interpreter.cli import main

    monkeypatch.chdir(tmp_path)
    answers = iter(["rules", "rules steps", "why A", "quit", "n"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    main(["play", "fifth-avenue/editions/nl-playable", "--players", "3", "--seed", "1",
          "--lang", "nl"])
    text = out.getvalue()
    assert "Zo werkt Fifth Avenue" in text and "How Fifth Avenue works" not in text
    assert "De regel van deze beslissing (Spelvoorbereiding):" in text
    # the rule's gist first, its steps on request ('rules steps'), in Dutch
    hint = "'rules steps' toont deze regel stap voor stap"
    assert text.index(hint) < text.index("De speler kiest de bouwplaats uit een bouwplaats")
    assert "'rules ONDERWERP' toont elk deel van de regels. Delen van de regels: short; " \
        in " ".join(text.split())


def test_the_page_before_the_game_and_why_read_in_korean():
    ruleset = load("fifth-avenue/editions/ko-playable")
    page = how_it_works(ruleset, 80, 24, "ko")
    assert max(columns(x) for x in page) <= 80  # a Korean character takes two columns
    page = "\n".join(page)
    assert "게임 방법" in page and "How " not in page
    assert option_words(ruleset, TURN, "D", "ko").startswith("규칙서: ")
    assert rules_lines(ruleset, TURN, "", lang="ko")[0].startswith("이 결정의 규칙 (")


def test_the_browser_rules_panel_is_in_the_tables_language():
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    from tests.web_support import make_table, play_until, serving, token_of

    ruleset, game, history = play_until(
        "fifth-avenue/editions/nl-playable", 3, 4, lambda g, d: d.prompt == TURN)
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "human", "P3": "human"},
                       lang="nl")
    with serving(table) as base:
        page = httpx.get(f"{base}/api/{token_of(table, 'P1')}/rules", timeout=10).json()
    assert "Het spelverloop</h2>" in page["html"] and "Playing the game</h2>" not in page["html"]
    assert page["anchors"][TURN] == "play-turn"


def test_the_rules_page_of_the_browser_places_every_decision():
    page = rules_page(load(FIFTH))
    assert page["anchors"][TURN] == "play-turn"
    assert "id='play-turn'" in page["html"] and "<script" not in page["html"]
    # a rule with a gist keeps its steps behind a summary that opens them; a turn's
    # choice of actions shows them
    place = page["html"].split("id='play-place_business'")[1].split("</section>")[0]
    assert ("<details class='steps'><summary>Step by step, as the game plays it</summary>"
            in place) and place.index("class='about'") < place.index("<details")
    turn = page["html"].split("id='play-turn'")[1].split("</section>")[0]
    assert "<details class='steps'" not in turn and "Option D: score a district" in turn
    # a step's number and its text apart, without the book's style sheet (the panel read
    # '1.The player takes ...')
    assert "<span class='step'>1.</span> " in page["html"]


CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@contextmanager
def _rules_panel_at(prompt: str) -> Iterator[tuple[Any, Any]]:
    """Player 1's page at their first decision asked `prompt` (a 3-player game, seed 4) in
    Chromium at 1366x768, its Rules panel opened: the page and the panel's current section."""
    pytest.importorskip("uvicorn")
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.web_support import make_table, play_until, serving, token_of

    ruleset, game, history = play_until(
        FIFTH, 3, 4, lambda g, d: d.player == "P1" and d.prompt == prompt)
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "random", "P3": "random"})
    with serving(table) as base, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.set_default_timeout(15_000)
            page.goto(f"{base}/play/{token_of(table, 'P1')}")
            page.wait_for_function("() => document.querySelector('#options button')")
            page.click("#rules-open")
            page.wait_for_selector("#rules section.current")
            yield page, page.locator("#rules section.current")
        finally:
            browser.close()


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no Chromium")
def test_the_rules_panel_opens_at_the_current_decision_in_chromium():
    with _rules_panel_at(TURN) as (page, current):
        assert current.get_attribute("id") == "rule-play-turn"
        assert "Option D: score a district" in current.inner_text()
        assert page.locator("#rules nav a[href='#rule-setup']").count() == 1
        page.click("#rules-open")
        assert page.locator("#rules").is_hidden()


def test_the_page_says_each_option_whole_where_it_has_room_and_cuts_it_where_not():
    roomy = how_it_works(load(FIFTH), 80, 24)
    assert any(line.startswith("  Option B: place a business") for line in roomy)
    assert not any(line.endswith("…") for line in roomy)  # wrapped, not cut
    assert "    commissioner" in roomy  # the rest of option B, under it
    tight = how_it_works(load(FIFTH), 60, 14)
    assert len(tight) <= 14 and max(map(columns, tight)) <= 60
    assert any(line.startswith("  Option B") and line.endswith("…") for line in tight)
    # the 12 rows a 4-player game's first screen leaves: whole options rather than the
    # introduction (a newcomer read 'then move a…'), when the goal would not fit anyway
    start = how_it_works(load(FIFTH), 80, 12)
    assert len(start) <= 12 and not any(line.endswith("…") for line in start), start
    assert "    commissioner" in start and "tie is broken by most cards in hand" in start[-1]


def test_the_players_rules_leave_out_why_a_rule_cites_no_paragraph():
    """'No paragraph of the rulebook: a fact of the board data, not of the text' under the
    definitions of `rules` is for the ruleset's writers: the players' view (the terminal's
    `rules`, the browser's Rules panel) leaves it out; the designer's book keeps it."""
    from interpreter.engine.ruleset import load_ruleset
    from interpreter.play.rulebook import book_of

    from .conftest import BASE

    ruleset = load_ruleset(BASE)
    book = book_of(ruleset)  # the designer's book
    number, section = next((i, s) for i, s in enumerate(book.sections, 1)
                           if any("No paragraph" in (e.no_cite or "") for e in s.entries))
    said = "\n".join(rules_lines(ruleset, None, str(number)))
    assert section.entries[0].title in said and "No paragraph" not in said, said
    assert "No paragraph" not in rules_page(ruleset)["html"]


def test_a_definition_s_title_names_its_parameters_by_their_kinds_for_players(capsys):
    """Issue 33's newcomer read the Rules panel's definitions by titles with the rules'
    variables: "the plot where p builds in d", "x is a district (...)". In the players' view
    (`rules` at the terminal, the browser's Rules panel) a parameter named by one letter is
    said by its kind where the kind check knows it; where it does not, the definition is
    read only step by step. The designer's book (`rules book`) keeps its letters."""
    from interpreter.cli import main

    ruleset = load(FIFTH)
    letters = ("the plot where p builds in d", "x is a district")
    gist = "\n".join(rules_lines(ruleset, None, "definitions"))
    assert "different business types on the plots next to a plot" in gist
    assert "VP each skyscraper on a plot scores" in gist
    assert not any(title in gist for title in letters), gist
    steps = "\n".join(rules_lines(ruleset, None, "definitions steps"))
    assert all(title in steps for title in letters)  # asked for, step by step
    page = rules_page(ruleset)["html"]
    nav, body = page.split("</nav>")
    assert not any(title in nav for title in letters)
    section = body[body.index("<section id='definitions'>"):]
    section = section.split("<h2>")[1]  # up to the next section's title
    fold = section[section.index("<details class='steps apart'>"):]
    assert all(title in fold for title in letters)  # in the section's own fold only
    assert all(title not in section.replace(fold, "") for title in letters)
    assert main(["book", FIFTH]) == 0
    designer = capsys.readouterr().out
    assert all(title in designer for title in letters)


def test_the_players_rules_cite_the_rulebook_on_request_only(tmp_path, monkeypatch):
    """A newcomer read `rules` as code: a '| Rulebook: en-2004: ...' line under every rule.
    As 'why --cite', the rulebook's paragraphs come with '--cite' only, at the terminal too."""
    from interpreter.cli import main

    monkeypatch.chdir(tmp_path)
    answers = iter(["rules", "rules auction", "help", "rules auction --cite", "quit", "n"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    main(["play", FIFTH, "--players", "3", "--seed", "1", "--no-replay"])
    text = out.getvalue()
    asked = text.index("10.8 The play of an auction")  # the designer's view, numbered
    before, after = text[:asked], text[asked:]
    assert "The rule of this decision (Preparation):" in before
    assert "\nThe play of an auction\n" in before and "Rulebook:" not in before, before
    assert "  | Rulebook: en-2004: The play of an auction" in after, after


def test_the_games_words_are_explained_where_they_are_met_and_in_the_rules():
    """Newcomers met 'building stop' and 'special scoring' on screens before anything said
    what they are. The ruleset's glossary (display.yaml) is listed by 'rules glossary' and
    first in the browser's Rules panel; 'rules building stop' says the word's meaning before
    its rule; a decision whose hints use a term adds its meaning in one row of 80 columns,
    unless a hint there begins with the term (it explains it already)."""
    import random

    from interpreter.play.display import load_display

    ruleset = load(FIFTH)
    listed = rules_lines(ruleset, None, "glossary")
    assert listed[0] == "Building stop: a district closed for good, pieces gone; the 2nd " \
        "ends the game", listed
    assert any(x.startswith("Special scoring: at the 3rd, 6th and 9th business") for x in listed)
    said = rules_lines(ruleset, None, "building stop")
    assert said[0] == listed[0] and any("Building stop" in x for x in said[2:]), said
    assert "glossary" in " ".join(rules_lines(ruleset, None, "nothing such"))
    html = rules_page(ruleset)["html"]
    assert '<section id="glossary"><h2>Words of the game</h2><dl><dt>building stop</dt>' in html
    display = load_display(ruleset)
    game, rng = ruleset.new_game(4, 127), random.Random(127)
    explained = 0
    while not game.over:
        decision = game.decision()
        hints = display.hint_lines(game, decision.player, decision.options, width=80)
        others = [x for x in hints if x != listed[0]]
        if any(x.startswith("Building stop: ") for x in others):  # a hint that explains it
            assert listed[0] not in hints, hints
        elif any("building stop" in x.lower() for x in others):  # met: its meaning is said
            assert hints[-1] == listed[0], hints
            explained += 1
        else:
            assert listed[0] not in hints, hints
        game.apply(rng.choice(decision.options))
    assert explained > 0


def test_the_book_says_the_end_and_an_auction_as_a_player_would():
    """Issue 33 (seed 157's newcomer): 'rules end' said the park was scored 'with three
    businesses turned over at random' where only 2 were there to turn (the rules move up to
    three); 'rules short' said 'The play of an auction: returns the winner:' (code); and the
    first page said 'the second building stop' without what a stop is (its meaning was in
    the glossary, cut for room at 80x24)."""
    ruleset = load(FIFTH)
    end = " ".join(" ".join(rules_lines(ruleset, None, "end")).split())
    assert "scored with up to three businesses turned over at random" in end, end
    short = " ".join(" ".join(rules_lines(ruleset, None, "short")).split())
    assert "The play of an auction: Players bid in turn" in short, short
    # each part a sentence, a definition's and a trigger's title too
    assert "Colours a player may bid with in a district: Your first" in short
    assert "Special scoring after the 3rd, 6th and 9th business" in short
    assert "returns" not in short
    # the rows the terminal leaves it before the first decision at 80x24 (terminal.intro)
    first = " ".join(" ".join(how_it_works(ruleset, 80, 24 - 4 - 2 - 3 - 3)).split())
    assert "the second building stop (a district closed for good" in first, first


BID = "choose the colour of your bid, or pass"
NUMBERED = re.compile(r"^\d+(\.\d+|\.) ")  # a designer's heading: '10.9 Bid ...', '12. The end'


def test_a_players_rules_page_reads_as_a_book_with_the_rulings_at_its_end():
    """Issue 33: newcomers read `rules` as designer notes: '10.9' before every heading, '»'
    before a rule's gist, 'Ruling: ...' in the middle of the rules. A player's page has plain
    headings and the rulings at its end under 'Rulings'; `rules --cite` keeps the designer's
    view (numbers, rulings in place, citations)."""
    ruleset = load(FIFTH)
    page = rules_lines(ruleset, BID, "")
    assert "Bid (card by card) or pass" in page
    assert not any(NUMBERED.match(x) or "»" in x or "Ruling:" in x for x in page), page
    rulings = page.index("Rulings (where the rulebook is silent):")
    said = " ".join(" ".join(page[rulings:]).split())
    assert "two players may bid with the same colour" in said
    assert "two players may bid" not in " ".join(page[:rulings])
    for topic in ("play", "setup", "end", "short", "definitions", "auction"):
        lines = rules_lines(ruleset, None, topic)
        assert not any(NUMBERED.match(x) or "»" in x or "Ruling:" in x for x in lines), lines
    designer = rules_lines(ruleset, BID, "--cite")
    assert any(x.startswith("10.9 Bid (card by card) or pass") for x in designer)
    assert any(x.startswith("  * Ruling: colours a player may bid") for x in designer)
    assert any(x.startswith("  | Rulebook: ") for x in designer)
    assert any(x.startswith("10. Playing the game") for x in rules_lines(ruleset, None,
                                                                          "play --cite"))


def test_the_rules_come_in_the_order_of_play_and_the_look_ups_after():
    """The parts a player may ask for, and the browser's Rules panel, read the preparation,
    the play and the end before what the game keeps track of, its numbers and tables: a
    newcomer met 'What the game keeps track of' between the board and the preparation."""
    ruleset = load(FIFTH)
    parts = " ".join(" ".join(rules_lines(ruleset, None, "nothing like this")).split())
    assert "Parts of the rules: short; overview; components; board; zones; setup; play; " \
        "triggers; end; state; numbers; tables; definitions; requirements" in parts, parts
    html = rules_page(ruleset)["html"]
    body = html.split("</nav>")[1]
    places = [body.index(f"<section id='{part}'>") for part in
              ("setup", "play", "end", "state", "tables", "definitions")]
    assert places == sorted(places)
    # the designer's numbers stay the book's (shown with 'sources' ticked)
    assert "<h2><span class='num'>12.</span> The end of the game" in body
    assert "<h2><span class='num'>6.</span> What the game keeps" in body


def test_a_glossary_word_is_explained_where_each_page_first_uses_it():
    """Issue 33: 'building stop' met on a page before its meaning (the glossary said it only
    on the first page and in 'rules glossary'). Each page of the rules, and each part of the
    browser's Rules panel, gives a glossary word's meaning where it first uses it, once; a
    word defined where it is used ('Special scoring: ...') or heading its own rule is not
    explained again."""
    ruleset = load(FIFTH)
    meaning = "building stop (a district closed for good, pieces gone; the 2nd ends the game)"
    for topic in ("play", "short", "overview", "auction for building"):
        text = " ".join(" ".join(rules_lines(ruleset, None, topic)).split())
        first = text.lower().index("building stop")
        assert text[first:].lower().startswith(meaning.lower()), (topic, text)
        assert text.count("a district closed for good") == 1, topic
    short = " ".join(" ".join(rules_lines(ruleset, None, "short")).split())
    assert "Special scoring: the 3rd" in short and "special scoring (" not in short.lower()
    named = " ".join(" ".join(rules_lines(ruleset, None, "building stop")).split())
    assert named.count("a district closed for good") == 1  # the word's meaning, above
    assert "a district closed for good" not in " ".join(rules_lines(ruleset, None,
                                                                    "play --cite"))
    play = rules_page(ruleset)["html"].split("<section id='play'>")[1].split(
        "<section id='triggers'>")[0]
    assert "building stop (a district closed for good" in play
    assert play.count("a district closed for good") == 1


@pytest.mark.parametrize("path", ["fifth-avenue/base", "fifth-avenue/alea-2p",
                                  "fifth-avenue/six-plot", "fifth-avenue/six-plot-2p",
                                  "tutorial/reversi", "tutorial/kalah",
                                  "tutorial/four-in-a-row", "tutorial/high-card",
                                  "tutorial/pass-left", "tutorial/photo-finish"])
def test_every_rules_page_of_every_ruleset_fits_80_columns(path):
    """Every part of the rules, in the reader's view and the designer's, step by step or
    not, at a terminal of 80 columns."""
    ruleset = load(path)
    book = rules_page(ruleset)  # the panel builds too
    assert "<script" not in book["html"]
    parts = [s.id for s in book_for(ruleset).sections]
    for part in ["", *parts]:
        for extra in ("", " steps", " --cite", " steps --cite"):
            lines = rules_lines(ruleset, None, part + extra)
            assert max(map(columns, lines)) <= 80, (part + extra, lines)


PARK = "how many skyscrapers do you build below Central Park?"
CODE_LIKE = ("call this", "Note whether", "is not empty (“full”)", "the card colour",
             "is less than", "Stop here")
AUCTION_SAYS = "An auction always begins with the player who triggered the auctions"


def test_an_auctions_rules_say_first_what_the_rulebook_says():
    """Issue 33 (newcomer round 4): the Rules panel at an auction read like code ('Note whether
    each plot in the plots of the district is not empty ("full"). The winner of the auction
    ...: call this the winner.'). A decision's rule says first, in sentences, what the
    decision is, what each answer does and what ends it, then the rulebook's own paragraph
    (quoted, with its reference), and only on request the rule step by step: at the
    terminal and in the page."""
    ruleset = load(FIFTH)
    for prompt, says in ((BID, "A player who passes takes his cards back and is out of "
                               "this auction; when all but one have passed, the last one "
                               "wins."),
                         (PARK, "The winner pays as in any auction and builds")):
        lines = rules_lines(ruleset, prompt, "")
        first = " ".join(" ".join(lines[3:lines.index("", 3)]).split())  # under the heading
        assert says in first, first
        assert not any(code in first for code in CODE_LIKE), first
    bid = " ".join(" ".join(rules_lines(ruleset, BID, "")).split())
    assert f"The rulebook (The play of an auction): “{AUCTION_SAYS}" in bid, bid
    assert bid.index("A player who passes") < bid.index(AUCTION_SAYS)
    assert "call this" in " ".join(rules_lines(ruleset, PARK, "steps"))  # on request
    # `rules --cite` quotes the paragraphs it promises ('with ... the rulebook's paragraphs')
    assert any(AUCTION_SAYS[:40] in x and x.startswith("  |   ")
               for x in rules_lines(ruleset, BID, "--cite"))
    # once in a part, as `rules book` quotes it (four rules of play cite that paragraph)
    cited = " ".join(" ".join(x.removeprefix("  |") for x in rules_lines(
        ruleset, None, "play --cite")).split())
    assert cited.count(AUCTION_SAYS) == 1, cited
    page = rules_page(ruleset)
    for prompt in (BID, PARK):
        part = page["html"].split(f"id='{page['anchors'][prompt]}'>")[1].split("</section>")[0]
        first = part.split("<p")[1].split("</p>")[0]
        assert first.startswith(" class='about'") and not any(
            escape(code) in first for code in CODE_LIKE), first
        steps = part.index("<details class='steps'>")
        assert part.index("<details class='rulebook'>") < steps
        assert not any(escape(code) in part[:steps] for code in CODE_LIKE), part
    bid_part = page["html"].split(f"id='{page['anchors'][BID]}'>")[1].split("</section>")[0]
    assert AUCTION_SAYS in bid_part
    # the rule of an auction in a district, which the panel shows beside it, too
    district = page["html"].split("id='play-district_auction'>")[1].split("</section>")[0]
    assert district.index("Note whether") > district.index("<details class='steps'>")
    assert "Clockwise from the player who moved the commissioner, the players bid" in district


def test_a_rule_without_a_gist_leads_with_the_rulebooks_paragraph():
    """A rule the ruleset gives no gist of reads as the rulebook's paragraph it cites, its
    steps folded (a newcomer read the steps as code), in any ruleset whose rulebook's text is
    there; its steps come on request."""
    ruleset = load("tutorial/kalah")
    play = " ".join(" ".join(rules_lines(ruleset, None, "play")).split())
    assert "sow the seeds of one of your pits The rulebook (Sowing): “4. On your turn, take " \
        "all the seeds out of one of your pits" in play, play
    assert "Add 'steps' ('rules play steps')" in play
    steps = " ".join(" ".join(rules_lines(ruleset, None, "play steps")).split())
    assert len(steps) > len(play)


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no Chromium")
def test_the_rules_panel_at_a_bid_reads_as_the_rulebook_in_chromium():
    """Issue 33: the panel opened at a bid shows, before anything else of the rule, what the
    rulebook says: no step by step until it is opened."""
    with _rules_panel_at(BID) as (_, current):
        assert current.get_attribute("id") == "rule-play-bid_turn"
        first = current.locator("p").first.inner_text()
        assert "A player who passes takes his cards back" in first, first
        shown = current.inner_text()
        assert not any(code in shown for code in CODE_LIKE), shown
        current.locator("details.rulebook summary").click()
        assert AUCTION_SAYS in current.inner_text()


def test_rules_at_a_decision_quote_the_paragraph_its_question_cites():
    """Seed 317's newcomer, asked 'build, or declare a building stop?', typed 'rules': the
    rule that asks it cites the play of an auction and the building stop, and the quote, cut
    at 600 letters, was the paragraph on how bids are made ('... (on this turn or ...'). The
    question cites its own paragraph, and that one is quoted."""
    ruleset = load(FIFTH)
    text = " ".join(" ".join(rules_lines(ruleset, "build, or declare a building stop?",
                                         "")).split())
    assert "The winner pays and builds, or stops" in text, text
    assert "The rulebook (Building stop): “When all building plots in a district have " \
        "skyscrapers or businesses on them before the auction, the winner of the auction " \
        "may choose to either add buildings" in text, text
    assert "An auction always begins" not in text, text
    # the rule read by its name quotes what the rule cites, as before
    named = " ".join(" ".join(rules_lines(ruleset, None,
                                          "the winner pays and builds, or stops")).split())
    assert "An auction always begins" in named, named
