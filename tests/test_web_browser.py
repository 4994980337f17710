"""`rules serve` in a real browser: headless Chromium (Debian's `chromium`) driven by
Playwright plays through the page: a whole game of High Card, a whole game of Fifth Avenue on a
1366x768 screen (the decision, the hand and the last log line in view at each of the first
BROWSER_DECISIONS decisions, the rest decided at the table, and the end page), and
parts of Fifth Avenue (an illegal place clicked on the board, answered in words next to the
click, a card added to a bid and taken back, the page reloaded in the middle of an auction)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette")  # the optional extra web
pytest.importorskip("uvicorn")  # the optional extra web
pytest.importorskip("playwright")  # the optional extra web-test
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from interpreter.play.undo import SHOWN_HIDDEN  # noqa: E402
from tests.shared import made_once  # noqa: E402
from tests.test_undo import ADD_CARD  # noqa: E402
from tests.web_support import (  # noqa: E402
    FIFTH,
    TUTORIAL,
    make_table,
    play_until,
    serving,
    token_of,
)

# how long a page may take to answer: generous, for a loaded machine (pytest -n on 2 cores)
WAIT_MS = 60_000
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM)",
                allow_module_level=True)
# rule code, or the shape of a condition where a player's words belong ("the number of ... is
# 1; it must be 0", "X is not among where ...")
RULE_CODE = re.compile(r"\w\(|\w_\w|==|!=|\[|\bsize\b|must satisfy|(?i:the number of|it must be|"
                       r"is not among)")
SMALL = {"width": 1366, "height": 768}
# a whole Fifth Avenue game is about 230 of one seat's decisions: the first ones (the setup, the
# first auctions and buildings, a scoring) are clicked in the page, the rest decided at the table
BROWSER_DECISIONS = 40
# (within a pixel: scrolling a box into view may leave a fraction of one past the edge)
IN_VIEW = """sel => { const el = document.querySelector(sel); if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1
    && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; }"""
# an option that can be clicked (options are disabled while a click is under way), or the end
ACTIVE = "() => document.querySelector('#options button:not([disabled])') || " \
         "!document.getElementById('final-panel').hidden"
# the page has drawn the table's version `v` (its options may still wait a moment for clicks:
# a test that only reads the page need not wait for them)
DRAWN = "(v) => document.body.dataset.version == v"
# drawn, its options waiting a moment for clicks (page.js SETTLE_MS), or taking them
SETTLING = "() => settling || document.querySelector('#options button:not([disabled])') || " \
           "!document.getElementById('final-panel').hidden"


@pytest.fixture(scope="module")
def browser() -> Iterator:
    if not os.path.exists(CHROMIUM):  # Debian's chromium, or $CHROMIUM
        pytest.skip(f"no Chromium at {CHROMIUM} (install Debian's chromium, or set $CHROMIUM)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield launched
        launched.close()


@pytest.fixture()
def page(browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 950})
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    yield opened
    context.close()


def _version(page: Page) -> str:
    return page.evaluate("() => document.body.dataset.version")


def _click_and_wait(page: Page, target) -> None:
    """Click, then wait until the page shows a newer version of the game."""
    before = _version(page)
    target.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)


def _wait_active(page: Page) -> None:
    """Wait until the page takes clicks: a new decision's options take none for a moment,
    or until the pointer moves (page.js SETTLE_MS); the pointer moves, as a hand does."""
    page.wait_for_function(SETTLING)
    if page.evaluate("settling"):
        page.mouse.move(1, 1)
        page.mouse.move(2, 1)  # (one of them moves it, wherever it was)
    page.wait_for_function(ACTIVE)


def _new_page(browser, viewport: dict, touch: bool = False):
    """A new context and page of the window size `viewport` (a touch screen with `touch`),
    waiting WAIT_MS at most."""
    context = browser.new_context(viewport=viewport, has_touch=touch)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    return context, page


def _phone(browser):
    """A new context and page of a 390x844 touch phone."""
    return _new_page(browser, PHONE, touch=True)


def _open(page: Page, base: str, table, player: str) -> None:
    page.goto(f"{base}/play/{token_of(table, player)}")
    _wait_active(page)


def test_a_whole_game_through_the_page(page: Page):
    ruleset, game, history = play_until(TUTORIAL, 2, 8, lambda g, d: True)
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "random"})
    with serving(table) as base:
        _open(page, base, table, "P1")
        clicks = 0
        while page.locator("#final-panel").is_hidden():
            _click_and_wait(page, page.locator("#options button").first)
            clicks += 1
            _wait_active(page)
            assert clicks < 100
        final = page.locator("#final").inner_text()
    assert table.game.over and clicks >= 4
    assert "Final scores" in final and table.game.label(table.game.winners()[0]) in final
    assert page.locator("#status").inner_text() == "The game is over."
    if page.locator("#log-every").is_visible():  # steps folded: every step on request
        page.locator("#log-all").check()
    assert page.locator("#log li").count() == len(table.game.events)


TONES = """sound => { localStorage.setItem('sound', sound); window.tones = 0;
  window.AudioContext = class { constructor() { window.tones += 1; this.currentTime = 0;
    this.destination = {}; }
    createOscillator() { return {frequency: {}, connect: n => n, start() {}, stop() {}}; }
    createGain() { return {gain: {}, connect: n => n}; } }; }"""


@pytest.mark.parametrize("sound", ["on", "off"])
def test_a_tone_says_it_is_your_turn_only_when_the_box_is_ticked(page: Page, sound):
    """The optional sound of issue 33: one tone when the player's turn comes, none when
    the box is not ticked (the choice is kept in the browser)."""
    ruleset, game, history = play_until(TUTORIAL, 2, 8, lambda g, d: True)
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "random"})
    page.add_init_script(f"({TONES})({sound!r})")
    with serving(table) as base:
        _open(page, base, table, "P1")
        assert page.locator("#sound").is_checked() == (sound == "on")
        assert page.evaluate("() => window.tones") == (1 if sound == "on" else 0)


def _commissioner_to(game, decision) -> bool:
    return decision.prompt == "move the commissioner to" and decision.player == "P1" and \
        len(decision.options) < 7


def test_fifth_avenue_an_illegal_place_then_play_on(page: Page):
    ruleset, game, history = play_until(FIFTH, 4, 2, _commissioner_to)
    seats = {p: "random" for p in game.players} | {"P1": "human"}
    table = make_table(ruleset, game, history, seats)
    legal = [str(o) for o in game.decision().options]
    with serving(table) as base:
        _open(page, base, table, "P1")
        places = page.locator("#board [data-place]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-place'))")
        illegal = next(p for p in places if p not in legal)
        page.locator(f'#board [data-place="{illegal}"]').click()
        message = page.locator(REFUSAL)
        message.wait_for()
        # the refusal shows once the page takes clicks again (a click made as soon as it was
        # read was dropped as one made while the refused decision was under way)
        assert not page.evaluate("document.body.classList.contains('busy')")
        assert re.search(r"cannot be chosen now", message.inner_text())
        assert len(table.history.moves) == len(history.moves)
        _click_and_wait(page, page.locator("#board [data-place].legal").first)
        assert table.history.moves[-1] in legal
        for _ in range(15):  # play on by the buttons, the bots answering
            _wait_active(page)
            _click_and_wait(page, page.locator("#options button:not([disabled])").first)
    assert table.history.deciders.count("P1") >= 16


def test_fifth_avenue_undo_a_card_and_reload_in_the_middle_of_an_auction(page: Page):
    def bidding(game, decision) -> bool:
        return decision.player == "P1" and decision.prompt.startswith(ADD_CARD) and any(
            str(o).startswith("card(") for o in decision.options)
    ruleset, game, history = play_until(FIFTH, 4, 4, bidding)
    seats = {p: "random" for p in game.players} | {"P1": "human"}
    table = make_table(ruleset, game, history, seats)
    with serving(table) as base:
        _open(page, base, table, "P1")
        hand, hints = page.locator("#hand").inner_text(), page.locator("#hints").inner_text()
        card = page.locator('#options button[data-place^="card("]').first
        added = card.get_attribute("data-place")
        _click_and_wait(page, card)
        assert table.game.Z["bid"]["P1"].get(added) == 1
        assert page.locator("#hand").inner_text() != hand
        undo = page.locator("#undo")
        assert undo.is_enabled()
        _click_and_wait(page, undo)
        assert added not in table.game.Z["bid"]["P1"]
        assert page.locator("#hand").inner_text() == hand
        assert page.locator("#hints").inner_text() == hints
        # the page says what the undo took back (a newcomer saw nothing change but the hand)
        taken = f"Taken back: your decision '{table.game.label(added)}'. Decide again."
        assert page.locator("#digest").is_visible()
        assert taken in page.locator("#digest").inner_text()
        shown = _page_text(page)
        page.reload()
        _wait_active(page)
        assert _page_text(page) == shown
        assert page.locator("#prompt").inner_text().startswith(ADD_CARD)
        _click_and_wait(page, page.locator("#options button").first)  # said until then
        _wait_active(page)
        assert taken not in page.locator("#decision-panel").inner_text()


def test_since_your_last_decision_never_shows_a_heading_with_nothing_under_it(page: Page):
    """A newcomer saw "Since your last decision" three times with nothing under it: a digest
    whose lines say nothing (blanks) shows no box; one with a line shows it, with the line."""
    ruleset, game, history = play_until(FIFTH, 4, 4, lambda g, d: d.player == "P1")
    table = make_table(ruleset, game, history, {p: "random" for p in game.players} |
                       {"P1": "human"})
    said = {"lines": ["", "  "]}
    table._digest_for = lambda player: said["lines"]  # what the server would say
    with serving(table) as base:
        _open(page, base, table, "P1")
        assert not page.locator("#digest").is_visible()
        assert "Since your last decision" not in page.locator("#decision-panel").inner_text()
        said["lines"] = ["", "Player 2 wins the auction."]
        table._changed()  # a new version: the page loads it
        page.wait_for_function("() => !document.getElementById('digest').hidden")
        assert page.locator("#digest li").all_inner_texts() == ["Player 2 wins the auction."]


def _page_text(page: Page) -> dict[str, str]:
    return {part: page.locator(part).inner_text()
            for part in ("#status", "#prompt", "#hints", "#options", "#hand", "#scores",
                         "#log", "#undo-reason", "#digest")}


def test_a_page_follows_the_other_players_moves_live(browser):
    ruleset, game, history = play_until(TUTORIAL, 2, 8, lambda g, d: True)
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "human"})
    pages = []
    for _ in range(2):
        context = browser.new_context()
        pages.append(context.new_page())
    first, second = pages
    with serving(table) as base:
        first.goto(f"{base}/play/{token_of(table, 'P1')}")
        second.goto(f"{base}/play/{token_of(table, 'P2')}")
        _wait_active(first)
        second.wait_for_function("() => document.body.dataset.version === '0'")
        assert second.locator("#status").inner_text() == "Waiting for Player 1..."
        while table.game.decision().player == "P1":
            _click_and_wait(first, first.locator("#options button").first)
        # no click nor reload on the second page: the server's events bring the change
        _wait_active(second)
        assert second.locator("#status").inner_text() == "Your decision."
        assert second.locator("#log li").count() == len(table.game.events)
    for opened in pages:
        opened.context.close()


def _in_view(page: Page, selector: str) -> bool:
    return page.evaluate(IN_VIEW, selector)


def _finish_at_table(table, player: str) -> None:
    """The rest of the game with `player`'s decisions taken at the table (the first option)
    while the bots play theirs in the server."""
    token = token_of(table, player)
    while not table.game.over:
        with table._lock:  # the decision and its version as one (a bot may be moving)
            decision = table.game.decision()
            if decision is not None and decision.player == player:
                table.decide(token, table.version, index=0)
                continue
        time.sleep(0.01)


def test_a_whole_fifth_avenue_game_at_1366x768_keeps_decision_hand_and_log_in_view(browser):
    # a whole game: from Player 1's first decision (in the setup) to the end
    ruleset, game, history = play_until(FIFTH, 4, 6, lambda g, d: d.player == "P1")
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    context, page = _new_page(browser, SMALL)
    decisions, digests = 0, 0
    with serving(table) as base:
        _open(page, base, table, "P1")
        while page.locator("#final-panel").is_hidden():
            for part in ("#prompt", "#options button", "#hand", "#log li:last-child"):
                assert _in_view(page, part), (part, decisions, page.locator("#prompt")
                                              .inner_text())
            if digests < 6 and page.locator("#digest").is_visible():  # since your last
                assert _in_view(page, "#digest li:last-child")  # decision, in view
                digests += 1
            # the buttons show the names the messages use (option A, B, ...)
            labels = page.locator("#options button").all_inner_texts()
            if any(x.startswith("A: ") for x in labels):
                assert all(re.match(r"[A-D]: ", x) for x in labels), labels
            # short: what an option does is said beside the buttons, not on each of them
            assert not any(" -> " in x for x in labels), labels
            _click_and_wait(page, page.locator("#options button").first)
            decisions += 1
            _wait_active(page)
            if decisions == BROWSER_DECISIONS:
                _finish_at_table(table, "P1")
                page.locator("#final-panel").wait_for(state="visible")
        assert table.game.over and decisions == BROWSER_DECISIONS and digests > 5
        for part in ("#banner", "#final-scores", "#log li:last-child"):
            assert _in_view(page, part), part
        winner = table.game.label(table.game.winners()[0])
        assert winner in page.locator("#banner").inner_text()
        rows = page.locator("#final-table tr").count()
        # the heads, the points during play, seven districts, Central Park, the total
        assert rows == 1 + 1 + 7 + 1 + 1
        assert page.locator("#final-table tr").nth(1).inner_text().startswith("points during")
        total = page.locator("#final-table tr").last.inner_text().split("\t")[1:]
        assert [int(x) for x in total] == [table.game.score(p) for p in table.game.players]
    context.close()


def _box(page, locator) -> dict:
    """The element's box; None while the board is drawn anew (an update of the page) is
    asked again."""
    for _ in range(50):
        box = locator.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(20)
    raise AssertionError("the element has no box")


# what a floating answer covers of what the player needs (a list of its parts; [] for none):
# the decision's title, options, Undo and Save, the places offered and their numbers, the place
# clicked, the zoom buttons
# a refused click's answer: in the decision panel's status line (on a phone, in a line of its
# own above the board)
REFUSAL = ".bad:is(#message, #panel-status):not([hidden])"
COVERED_NEEDS = """clicked => { const box = document.querySelector(
  '.bad:is(#message, #panel-status):not([hidden])');
  if (!box) return [];
  const m = box.getBoundingClientRect();
  const hit = r => Math.min(r.right, m.right) - Math.max(r.left, m.left) > 0.5
    && Math.min(r.bottom, m.bottom) - Math.max(r.top, m.top) > 0.5;
  // what lies in the board's box as seen: a phone's board scrolls in it, the rest clipped
  const board = document.getElementById('board'), b = board.getBoundingClientRect();
  const seen = el => { const r = el.getBoundingClientRect();
    if (el === board || !board.contains(el)) return r;
    return {left: Math.max(r.left, b.left), right: Math.min(r.right, b.right),
            top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom)}; };
  const needs = [['#prompt', 'the title'], ['#options button', 'an option'], ['#undo', 'Undo'],
    ['#save', 'Save'], ['#board .badge', 'a number'], ['#board [data-place].legal', 'a place'],
    [`#board [data-place="${clicked}"]`, 'the place clicked'], ['.zoom button', 'a zoom'],
    ['#board', 'the board'], ['#board svg', 'the board'], ['#board-text', 'the board']];
  return needs.flatMap(([sel, name]) => [...document.querySelectorAll(sel)]
    .filter(el => el.getClientRects().length && hit(seen(el)))
    .map(el => `${name} ${el.getAttribute('data-place') || el.textContent.trim()}`)); }"""


def _placing_a_tile(game, decision) -> bool:
    return decision.prompt == "place it on a building plot" and decision.player == "P1"


def test_every_kind_of_illegal_click_is_answered_in_words_beside_the_board(browser):
    """Issue 33: a refused click's box lay over the board, and its words were the engine's
    ("the number of skyscrapers on a building plot (for ...) is 1; it must be 0"). Every kind
    of place that the decision does not offer is clicked: the answer, beside the click, says
    what is wrong in the game's words and what is allowed, and covers nothing the player
    needs (the places offered, the decision)."""
    ruleset, game, history = play_until(FIFTH, 4, 3, _placing_a_tile)
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    legal = [str(o) for o in game.decision().options]
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.locator("#board [data-piece]").first.wait_for()  # the board with its pieces
        places = page.locator("#board [data-place]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-place'))")
        kinds: dict[str, list[str]] = {}  # plots, districts, colours, players, spaces, ...
        for place in places:
            if place not in legal:
                kind = re.sub(r"\d+|\(.*\)", "", place.split("_")[-1] if "_" in place
                              and place.startswith(("w", "e", "times")) else place)
                kinds.setdefault(kind if kind in ("", "slot", "tile", "P") else
                                 "plot" if "_" in place else place, []).append(place)
        clicked = [p for group in kinds.values() for p in group[:2]]
        assert len(kinds) >= 6 and any("_" in p for p in clicked), kinds
        answers = []
        for illegal in clicked:
            before = page.locator("#panel-status").inner_text()
            target = page.locator(f'#board [data-place="{illegal}"]').first
            box = _box(page, target)
            # a click at its middle, as a person's (where a piece stands on the place, the
            # click lands on the piece and goes to the place below)
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function("t => { const m = document.querySelector('#panel-status"
                                   ".bad'); return m && !m.hidden && m.innerText !== t; }",
                                   arg=before)
            text = page.locator("#panel-status").inner_text()
            # why, and where the options are in few words: not every option again (they
            # are on the page already)
            assert re.search(r"cannot be chosen now", text) and re.search(
                rf"You may choose one of the {len(legal)} places numbered on the board, "
                r"such as .+ or .+\.$", text), text
            assert not RULE_CODE.search(text) and not re.search(r"\b1\. ", text), text
            assert _in_view(page, "#panel-status")
            # in the decision panel, over nothing the player needs, the board least of all
            assert page.evaluate(COVERED_NEEDS, illegal) == [], (illegal, text)
            assert page.locator(f'#board [data-place="{illegal}"].refused').count() == 1
            assert page.locator("#click-message").count() == 0  # one box only
            answers.append(text)
        # a plot with a skyscraper: what is wrong, in the game's words
        # (the part of the rule that fails, not the rule's whole definition)
        assert any("cannot be chosen now: There is already a skyscraper of Player " in x
                   for x in answers), answers
        assert not any("fewer than 2 businesses" in x for x in answers), answers
        for part in ("#undo", "#save", "#options button"):
            assert _in_view(page, part), part
        assert len(table.history.moves) == len(history.moves)
        _click_and_wait(page, page.locator("#board [data-place].legal").first)  # plays on
        assert table.history.moves[-1] in legal
    context.close()


BIG = {"width": 1920, "height": 1080}
# the decision's title and Save are what lies at their middle (no answer floats over them)
UNCOVERED = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return Boolean(hit && document.querySelector(sel).contains(hit)); }"""


@pytest.mark.parametrize("size", [SMALL, BIG, {"width": 390, "height": 844}],
                         ids=["1366x768", "1920x1080", "phone"])
def test_refusals_and_saves_are_said_where_they_hide_nothing(browser, size, tmp_path):
    """A newcomer's refusals and Save's answer covered the decision's title, then the middle of
    the board. A refused click is said in the decision panel's own status line, under Undo
    and Save (on a phone, in a line of its own above the board), over no part of the board
    (its supply row included), no option, nor the decision; Save's answer there too; at
    every size."""
    ruleset, game, history = play_until(FIFTH, 4, 3, _placing_a_tile)
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"},
                       save_dir=tmp_path)
    legal = {str(o) for o in game.decision().options}
    context, page = _new_page(browser, size)
    with serving(table) as base:
        _open(page, base, table, "P1")
        places = [p for p in page.locator("#board [data-place]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-place'))") if p not in legal]
        for illegal in places[::5]:  # districts, plots, the park, spaces of the row, ...
            # (a phone's answer takes room above the board: gone before the place is measured)
            page.evaluate("() => { for (const id of ['message', 'panel-status'])"
                          " document.getElementById(id).hidden = true; }")
            target = page.locator(f'#board [data-place="{illegal}"]').first
            target.scroll_into_view_if_needed()
            box = _box(page, target)
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            refusal = page.locator(REFUSAL)
            refusal.wait_for()
            assert re.search(r"cannot be chosen now", refusal.inner_text())
            assert _in_view(page, REFUSAL), illegal
            assert page.evaluate(COVERED_NEEDS, illegal) == [], illegal
            said, board = _box(page, refusal), _box(page, page.locator("#board"))
            assert said["x"] >= board["x"] + board["width"] or \
                said["y"] + said["height"] <= board["y"], (said, board)  # beside or above
            if size["width"] < 900:  # above the board, in a line of its own
                assert refusal.get_attribute("id") == "message"
            else:  # beside the board, in the decision panel
                assert refusal.get_attribute("id") == "panel-status"
        assert len(table.history.moves) == len(history.moves)
        page.locator("#save").scroll_into_view_if_needed()
        page.locator("#save").click()
        status = page.locator("#panel-status")
        page.wait_for_function("() => document.getElementById('panel-status').innerText"
                               ".includes('Saved to')")  # in place of the refusal
        assert page.locator("#message").is_hidden()
        assert page.evaluate("() => document.getElementById('decision-panel')"
                             ".contains(document.getElementById('panel-status'))")
        page.locator("#prompt").scroll_into_view_if_needed()
        for part in ("#prompt", "#save", "#undo", "#options button"):
            assert page.evaluate(UNCOVERED, part), part
        assert _box(page, status)["y"] >= _box(page, page.locator("#save"))["y"]
    context.close()


OUTLINED = "() => [...document.querySelectorAll('#board .neighbour')]" \
    ".map(e => e.getAttribute('data-place')).sort()"


def test_pointing_at_a_place_outlines_the_places_it_touches(browser):
    """Issue 33: the terminal says which places touch only in 'help'; the browser said it
    nowhere. Pointing at a place of the board outlines the places the ruleset's board links
    it to (a plot's neighbours in its district, the districts a commissioner may move on to),
    and its tip names them; moving away clears them."""
    table, context, page = _player_1_at_1366x768(browser, 3, _placing_a_tile)
    relations = table.game.world.relations
    with serving(table) as base:
        _open(page, base, table, "P1")
        for place, near in (("times_square_orange", ["times_square_gray", "times_square_green"]),
                            ("w34", ["times_square", "w42"])):
            assert sorted({x for links in relations.values() for x in links.get(place, [])}) \
                == near  # from the board's data
            box = _box(page, page.locator(f'#board [data-place="{place}"]').first)
            page.mouse.move(box["x"] + 5, box["y"] + box["height"] - 5)  # inside, off its plots
            page.wait_for_function(f"() => ({OUTLINED})().length > 0")
            assert page.evaluate(OUTLINED) == near, place
            tip = page.locator(f'#board [data-place="{place}"] > title').first.text_content()
            names = [table.game.label(x) for x in near]
            assert f"touches {names[0]} and {names[1]}" in tip, tip
        page.mouse.move(2, 300)  # off the board
        assert page.evaluate(OUTLINED) == []
        # the header's legend says what the green dashed outlines mean (a newcomer met them
        # on every screen, unexplained), drawn as they are drawn
        legend = page.locator("#legend")
        assert _in_view(page, "#legend") and _in_view(page, "#legend .touch")
        assert "green dashes, the places that touch the one you point at" in legend.inner_text()
        assert page.evaluate(SAME_DASHES) is True
    context.close()


# the legend's sample and the outline of a place pointed at: the same colour, dashed
SAME_DASHES = """() => { const sample = getComputedStyle(document.querySelector('#legend .touch'));
  const place = document.querySelector('#board [data-place]');
  place.classList.add('neighbour');
  const drawn = getComputedStyle(place.querySelector('rect') || place);
  const [stroke, dashes] = [drawn.stroke, drawn.strokeDasharray]; // (a live style)
  place.classList.remove('neighbour');
  return sample.borderTopStyle === 'dashed' && sample.borderTopColor === stroke
    && dashes !== 'none'; }"""


def test_a_colour_that_slipped_a_url_into_the_page_is_not_fetched(page: Page, tmp_path):
    """Issue 30, 4: the display file's colours are checked when it loads; should one get past
    (here put in after loading), the page's Content-Security-Policy keeps the browser from
    fetching the address it names, which would carry the viewer's hand to another server."""
    import http.server
    import threading

    from interpreter.engine.ruleset import load_ruleset
    from interpreter.play.display import load_display
    from interpreter.play.markup import Colour
    from interpreter.play.replay import History
    from interpreter.play.table import Table
    from tests.test_robustness import tiny

    asked: list[str] = []

    class Leak(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the name http.server calls)
            asked.append(self.path)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    leak = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Leak)
    threading.Thread(target=leak.serve_forever, daemon=True).start()
    folder = tiny(tmp_path / "t", display='colours:\n  red: {ansi: "31", svg: "#cc0000"}\n'
                                          'private:\n  lines: ["[red]{kinds(hand[viewer])}[/]"]\n')
    ruleset = load_ruleset(folder)
    display = load_display(ruleset)
    display.colours["red"] = Colour("31", f"url(http://127.0.0.1:{leak.server_port}/hand.png)")
    game = ruleset.new_game(2, 1)
    table = Table(ruleset, game, History.start(game), {"P1": "human", "P2": "random"}, display)
    page.add_init_script("window.blocked = []; document.addEventListener("
                         "'securitypolicyviolation', e => window.blocked.push(e.blockedURI));")
    try:
        with serving(table) as base:
            _open(page, base, table, "P1")
            page.locator("#hand .chip").first.wait_for()
            page.wait_for_function("() => window.blocked.length > 0")
            blocked = page.evaluate("() => window.blocked")
    finally:
        leak.shutdown()
    assert any("/hand.png" in uri for uri in blocked), blocked
    assert asked == []


SENT = """() => { window.sent = []; const f = window.fetch;
  window.fetch = (...a) => { if (String(a[0]).endsWith('/decide')) window.sent.push({
    disabled: [...document.querySelectorAll('#options button')].every(b => b.disabled),
    spinner: !document.getElementById('sending').hidden}); return f(...a); }; }"""


def _player_1_moves_a_commissioner(browser):
    """A table where Player 1 (a person, against bots) moves a commissioner, and a page of
    1366x768 to open it in."""
    ruleset, game, history = play_until(FIFTH, 4, 2, _commissioner_to)
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    context = browser.new_context(viewport=SMALL)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return table, context, page


def test_a_click_shows_at_once_that_it_was_taken_and_a_second_click_waits(browser):
    table, context, page = _player_1_moves_a_commissioner(browser)
    with serving(table) as base:
        _open(page, base, table, "P1")
        assert page.title().startswith("\u25b6 Your turn - ")  # the tab says whose turn
        page.evaluate(SENT)
        before, decided = _version(page), len(table.history.moves)
        # two clicks at once: the first is taken (buttons disabled, a spinner), the second
        # does not reach the server (no "the game has moved on")
        page.evaluate("() => { const b = document.querySelector('#options button');"
                      " b.click(); b.click(); }")
        page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
        sent = page.evaluate("() => window.sent")
        assert sent == [{"disabled": True, "spinner": True}]
        assert page.locator(REFUSAL).count() == 0
        assert len(table.history.moves) > decided
    context.close()


def test_the_page_says_at_once_when_the_server_is_gone_and_comes_back(browser):
    table, context, page = _player_1_moves_a_commissioner(browser)
    with serving(table) as base:
        _open(page, base, table, "P1")
        assert page.locator("#connection").is_hidden()
    page.locator("#connection").wait_for(state="visible", timeout=5000)  # the server is gone
    assert "cannot be reached" in page.locator("#connection").inner_text()
    # nor does it say it is the player's turn (seed 312's newcomer read "Your decision.")
    assert page.title().startswith("\u26a0 No connection - "), page.title()
    assert page.locator("#status").inner_text() == "No connection to the server."
    # a click then says so in words (not the browser's 'Failed to fetch'), on an option that
    # looks disabled (aria-disabled, which Playwright waits on: forced, as a hand clicks it)
    assert page.locator("#options button").first.get_attribute("aria-disabled") == "true"
    page.locator("#options button").first.click(force=True)
    said = page.locator("#panel-status")
    said.wait_for(state="visible", timeout=5000)
    assert said.inner_text() == "The server cannot be reached: nothing was sent. The page " \
        "tries again by itself.", said.inner_text()
    port = int(base.rsplit(":", 1)[1])
    with serving(table, port=port):
        page.locator("#connection").wait_for(state="hidden", timeout=10_000)  # back by itself
        _wait_active(page)
        assert page.locator("#options button").count() > 0
        assert page.title().startswith("\u25b6 Your turn - "), page.title()
        assert page.locator("#status").inner_text() == "Your decision."
    context.close()


# every option button wholly in view: in the window, and not scrolled away inside its box
EVERY_OPTION_IN_VIEW = """() => { const box = document.getElementById('options');
  if (box.scrollHeight > box.clientHeight + 1) return false;
  return [...box.querySelectorAll('button')].every(b => { const r = b.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }); }"""


# "Since your last decision" after a busy stretch: 14 long lines
LONG_DIGEST = """() => { const ul = document.getElementById('digest-lines');
  for (let i = 0; i < 14; i++) { const li = document.createElement('li');
    li.textContent = 'Player 3 wins the auction for 42nd St. West with 28 and builds 2 ' +
      'skyscrapers there; Player 2 scores 3 VP in 52nd St. East.'; ul.appendChild(li); }
  document.getElementById('digest').hidden = false; keepRoom();
  const log = document.getElementById('log'); log.scrollTop = log.scrollHeight; }"""  # as drawn


# the digest's lines in view in its box (at 1366x768 a newcomer saw about one), and the box
# itself in the window
DIGEST_LINES = """() => { const box = document.getElementById('digest').getBoundingClientRect();
  const list = document.getElementById('digest-lines').getBoundingClientRect();
  const line = parseFloat(getComputedStyle(document.getElementById('digest-lines')).lineHeight);
  if (box.top < 0 || box.bottom > innerHeight) return 0;
  return (Math.min(box.bottom, list.bottom) - Math.max(box.top, list.top)) / line; }"""
# two more buttons: 30 options, a few more than Fifth Avenue's most
THIRTY = """() => { const box = document.getElementById('options');
  const last = box.querySelector('.group:last-child') || box;
  while (box.querySelectorAll('button').length < 30)
    last.append(box.querySelector('button').cloneNode(true));
  return box.querySelectorAll('button').length; }"""
def test_options_below_a_scrolled_window_are_counted_in_words(browser):
    """Issue 33's newcomer (seed 181, 1366x768) read the third colour, cut mid-line at the
    foot of the options' window, as overlapping the pass under it. Where the window scrolls,
    a line under it says how many options are not whole in it ("1 more option below:
    scroll"), with a gap before the pass; scrolled to the end, it goes."""
    table, context, page = _player_1_at_1366x768(browser, 0, _choosing_a_colour)
    with serving(table) as base:
        _long_places(page, base, table)
        cut = page.evaluate("""() => { const box = document.getElementById('options');
          const bottom = Math.min(box.getBoundingClientRect().bottom,
            document.getElementById('decision-body').getBoundingClientRect().bottom);
          return [...box.querySelectorAll('button')]
            .filter(b => b.getBoundingClientRect().bottom > bottom + 1).length; }""")
        assert cut >= 1
        below = page.locator("#options-below")
        assert below.is_visible() and page.evaluate(SEEN_WHOLE, "#options-below")
        plural = "option" if cut == 1 else "options"
        assert below.inner_text() == f"▼ {cut} more {plural} below: scroll"
        gap = page.evaluate("""() => document.querySelector('[data-place="pass_bid"]')
          .getBoundingClientRect().top - Math.min(document.getElementById('options')
          .getBoundingClientRect().bottom, document.getElementById('decision-body')
          .getBoundingClientRect().bottom)""")
        assert gap >= 10, gap  # the line between them
        page.evaluate("""() => { for (const id of ['options', 'decision-body']) {
          const box = document.getElementById(id); box.scrollTop = box.scrollHeight; } }""")
        page.wait_for_function("() => document.getElementById('options-below').hidden")
    context.close()


@pytest.mark.parametrize("seed, stop", [
    (0, lambda g, d: len(d.options) >= 28),  # the most Fifth Avenue gives: the starting plots
    (3, lambda g, d: d.prompt == "place it on a building plot" and len(d.options) >= 19),
], ids=["28-starting-plots", "27-plots-mid-game"])
def test_many_options_at_1366x768_all_in_view_with_undo_save_and_the_log(browser, seed, stop):
    """Issue 33: with 19-24 options the options box scrolled (3 of 19 plots in view) and the
    log shrank to one line. Every option is in view without scrolling, with Undo, Save and
    the last three lines of the log; also once a refused click is answered. A newcomer then
    saw about one line of "Since your last decision", and a refusal squeezed the log: with a
    long digest and 30 options, six lines of the digest at least are in view with Undo, Save
    and the log's last three entries (the options scroll); a refusal is said in the decision
    panel, off the board, and moves no option (a click aimed at one lands on it)."""
    ruleset, game, history = play_until(FIFTH, 4, seed, stop)
    player = game.decision().player
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {player: "human"})
    legal = {str(o) for o in game.decision().options}
    last, decided = game.decision().options[-1], len(history.moves)
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        _open(page, base, table, player)
        assert page.locator("#options button").count() == len(legal) >= 19
        for refused in (False, True, "a long digest"):
            if refused == "a long digest":  # after a busy stretch (a newcomer's options
                # scrolled in a box 20-100 px high and the log kept 1-2 lines)
                page.evaluate(LONG_DIGEST)
                assert page.evaluate(THIRTY) == 30
                page.evaluate("() => keepRoom()")  # as drawn (the log's box, at once)
                assert page.evaluate(DIGEST_LINES) >= 6
            elif refused:  # a place not offered: the answer in the decision panel
                buttons = page.evaluate(OPTION_BOXES)
                illegal = next(p for p in page.locator("#board [data-place]").evaluate_all(
                    "els => els.map(e => e.getAttribute('data-place'))") if p not in legal)
                place = _box(page, page.locator(f'#board [data-place="{illegal}"]').first)
                page.mouse.click(place["x"] + place["width"] / 2, place["y"] + place["height"] / 2)
                page.locator("#panel-status.bad").wait_for()
                assert page.evaluate(OPTION_BOXES) == buttons
                assert _in_view(page, "#panel-status")
                # beside the board, over no place offered, no option, nor Undo or Save
                assert page.evaluate(COVERED_NEEDS, illegal) == []
            if refused != "a long digest":
                assert page.evaluate(EVERY_OPTION_IN_VIEW), refused
            for part in ("#undo", "#save", "#prompt", "#log li:last-child",
                         "#log li:nth-last-child(2)", "#log li:nth-last-child(3)"):
                assert _in_view(page, part), (part, refused)
        _click_and_wait(page, page.locator("#options button").nth(len(legal) - 1))
    assert table.history.moves[decided] == last  # the last button is the last option
    context.close()


LONG_LOG = """() => { const log = document.getElementById('log');
  for (const li of [...log.children].slice(-3)) li.textContent += ' Then it goes on, long '
    + 'enough to take a second line in the panel of the log.'; keepRoom(); }"""


def test_the_digest_keeps_six_lines_and_the_log_its_last_three_entries_at_1366x768(browser):
    """Issue 33's newcomer saw "Since your last decision" cut after a few lines, and the log
    kept three lines, not three entries. With 30 options at 1366x768, a long digest shows six
    of its lines at least, the log its last three entries however long (two lines each),
    Undo and Save in view (the options scroll in their box); a short digest shows all of
    its lines."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(LONG_LOG)
        page.evaluate(LONG_DIGEST)
        assert page.evaluate(THIRTY) == 30
        page.evaluate("() => keepRoom()")  # as drawn
        assert page.evaluate(DIGEST_LINES) >= 6
        for part in ("#undo", "#save", "#prompt", "#log li:last-child",
                     "#log li:nth-last-child(2)", "#log li:nth-last-child(3)"):
            assert _in_view(page, part), part
        assert page.evaluate("() => document.querySelector('#log li:last-child')"
                             ".getBoundingClientRect().height") > 20  # two lines each
        page.evaluate("""() => { const ul = document.getElementById('digest-lines');
          while (ul.children.length > 2) ul.lastChild.remove(); keepRoom(); }""")
        assert page.evaluate("() => { const d = document.getElementById('digest');"
                             " return d.scrollHeight <= d.clientHeight + 1; }")  # all of it
    context.close()


# counts the times the options are drawn anew while the page shows the same version
REDRAWS = """() => { window.redraws = 0; let seen = document.body.dataset.version;
  new MutationObserver(() => { const v = document.body.dataset.version;
    if (v === seen) window.redraws += 1; seen = v; })
  .observe(document.getElementById('options'), {childList: true}); }"""


def test_each_version_is_drawn_once_so_no_click_is_lost_to_a_redraw(browser):
    """A click pressed on a button and released on the button drawn in its place is lost
    (the browser sends the click to neither): the page draws a state again only when it has
    changed. Each decision's answer and the server's event used to draw it twice."""
    table, context, page = _player_1_moves_a_commissioner(browser)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(REDRAWS)
        for _ in range(8):
            _wait_active(page)
            _click_and_wait(page, page.locator("#options button:not([disabled])").first)
        _wait_active(page)
        assert page.evaluate("() => window.redraws") == 0
    context.close()


PHONE = {"width": 390, "height": 844}
# the median font size of the board's labels as drawn, in pixels
LABELS = """() => { const svg = document.querySelector('#board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize))
    .filter(x => x > 0).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] * scale; }"""
IN_BOARD_BOX = """sel => { const box = document.getElementById('board').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].some(el => { const r = el.getBoundingClientRect();
    return r.left >= box.left && r.right <= box.right && r.top >= box.top
      && r.bottom <= box.bottom; }); }"""


# the zoom buttons that wrap onto a second line or pass the window's edge (their texts)
ZOOM_BUTTONS_ON_ONE_LINE = """() => [...document.querySelectorAll('.zoom button')].filter(b => {
  const r = b.getBoundingClientRect(), style = getComputedStyle(b);
  const line = parseFloat(style.lineHeight);
  const pad = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  return r.height - pad - 2 > line * 1.5 || r.right > innerWidth || r.left < 0;
}).map(b => b.textContent)"""


def _says_the_board_in_words(game, seen: str) -> None:
    """The page's text view names every place by its label, at the start of its line, and
    shows none of the board's marks (a newcomer read '<Wh> wh R9 Bo' on a phone as code):
    the legend's names instead."""
    from interpreter.play.display import load_display

    places = ["city_hall", *game.evaluate("districts"), "central_park"]
    assert all(re.search(rf"^{re.escape(str(game.label(x)))}\b", seen, re.M) for x in places)
    items = load_display(game.ruleset).legend_items(game, "P1")
    marks = {m for m, _ in items if re.fullmatch(r"<?\w\w>?|[A-Z]\d", m)}
    assert len(marks) >= 6 and not marks & set(re.findall(r"<?\w+>?", seen)), marks
    kinds = {means for m, means in items if m in marks and not re.search(r"\d", m)}
    assert sum(kind in seen for kind in kinds) >= 3, kinds  # said by their names
    assert "commissioner" in seen and "skyscraper" in seen


def test_on_a_phone_the_board_is_readable_and_its_places_are_in_view(browser):
    """On a 390x844 phone the board opened at 353% on one corner and "Whole board" had 3-4 px
    labels; then it opened as text, whose codes (R1, <Be>, wh) a newcomer read as code. It
    opens on the picture, drawn readable, with the places offered in view; the whole board
    as text is a button away, in the page's width. The decision comes first, its options on
    the first screen; "Whole board" fits the picture to the width. The text view says the
    board in words, without marks (issue 33: its codes read as code)."""
    table, context, page = _player_1_moves_a_commissioner(browser)
    context.close()
    context, page = _phone(browser)
    with serving(table) as base:
        _open(page, base, table, "P1")
        text = page.locator("#board-text")
        assert text.is_hidden() and page.locator("#board").is_visible()
        assert page.evaluate(LABELS) >= 11  # readable (was 3-4 px: the board squeezed)
        assert page.evaluate(IN_BOARD_BOX, "#board .legal")  # the places offered are in view
        # the page does not scroll sideways: the board scrolls in its own box
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]
        # each zoom button on one line, all of them in the page's width ("Whole board" wrapped)
        assert page.evaluate(ZOOM_BUTTONS_ON_ONE_LINE) == []
        # the decision first: its prompt and every option on the first screen, above the board
        assert _in_view(page, "#prompt") and page.evaluate(EVERY_OPTION_IN_VIEW)
        assert page.locator("#options").bounding_box()["y"] < \
            page.locator("#board").bounding_box()["y"]
        page.locator("#board-view").click()  # the board as text, a click away
        assert text.is_visible() and page.locator("#board").is_hidden()
        _says_the_board_in_words(table.game, text.inner_text())
        assert page.evaluate("() => parseFloat(getComputedStyle("
                             "document.getElementById('board-text')).fontSize)") >= 11
        assert page.evaluate("() => { const t = document.getElementById('board-text');"
                             " return t.scrollWidth <= t.clientWidth; }")  # no sideways scroll
        assert text.bounding_box()["width"] <= PHONE["width"]
        page.locator("#board-view").click()  # and back to the picture
        assert text.is_hidden() and page.locator("#board").is_visible()
        page.locator("#zoom-fit").click()  # the whole board, fitted to the width
        whole = page.locator("#board svg").bounding_box()
        assert PHONE["width"] * 0.8 <= whole["width"] <= PHONE["width"]
        assert page.locator("#zoom-level").inner_text() == "100%"
        assert page.evaluate(LABELS) < 11
        page.locator("#zoom-in").click()
        assert page.locator("#board svg").bounding_box()["width"] > whole["width"]
        page.locator("#zoom-read").click()
        assert page.evaluate(LABELS) >= 11
        _click_and_wait(page, page.locator("#board .legal").first)  # a place, by finger
        assert table.history.deciders[-1] == "P1" or table.history.deciders.count("P1") > 0
        _wait_active(page)
        assert page.evaluate(LABELS) >= 11  # the zoom stays as the board is drawn anew
        assert _in_view(page, "#zoom-in")
    context.close()


def test_the_hosts_page_copies_each_link_and_the_spectators_see_no_hand(browser):
    table, context, page = _player_1_moves_a_commissioner(browser)
    context.close()
    for size in (SMALL, PHONE):
        context = browser.new_context(viewport=size)
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        with serving(table) as base:
            page.goto(f"{base}/host/{table.host}")
            buttons = page.locator("#links button")
            buttons.first.wait_for()
            assert buttons.count() == 2  # Player 1 (the bots have none) and the spectators
            assert page.evaluate("() => document.scrollingElement.scrollWidth") <= size["width"]
            buttons.first.click()
            page.locator("#copied").get_by_text("Copied").wait_for()
            copied = page.evaluate("() => navigator.clipboard.readText()")
            assert copied == f"{base}/play/{token_of(table, 'P1')}"
            buttons.last.click()
            page.wait_for_function(
                "() => document.getElementById('copied').textContent.includes('Spectators')")
            watching = page.evaluate("() => navigator.clipboard.readText()")
            assert watching == f"{base}/play/{table.spectator}"
            page.goto(watching)
            page.wait_for_function("() => document.body.classList.contains('spectator')")
            assert page.locator("#status").inner_text() == "Watching: Player 1 decides."
            for part in ("#hand-panel", "#decision-panel", "#options button"):
                assert not page.locator(part).first.is_visible(), part
            assert page.locator("#board svg").is_visible()  # a phone too: the picture
            assert page.locator("#log li").count() == len(table.game.log_for(None))
        context.close()


COVERED = """sel => { const el = document.querySelector(sel); const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !(hit && el.contains(hit)); }"""


def _player_1_at_1366x768(browser, seed: int, stop) -> tuple:
    """A base game played at random up to `stop`: its table (Player 1 a person, random bots)
    and a page at 1366x768 (the context to close)."""
    ruleset, game, history = play_until(FIFTH, 4, seed, stop)
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    context, page = _new_page(browser, SMALL)
    return table, context, page


def test_short_buttons_numbered_places_and_the_rules_beside_the_decision(browser):
    """Issue 33: a newcomer read the same consequence on each of 28 buttons, hardly saw which
    plots were offered, and lost the options under the Rules panel at 1366x768."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)  # a
    options = table.game.decision().options  # starting skyscraper
    with serving(table) as base:
        _open(page, base, table, "P1")
        buttons = page.locator("#options button").all_inner_texts()
        assert len(buttons) == len(options) > 20
        # each button its number and its place, short; what every choice does is said once
        # (numbered as the plots stay numbered through the setup: increasing, none twice)
        assert all(re.fullmatch(r"\d+ [^:]+", text.strip()) for text in buttons), buttons
        numbers = [int(text.split()[0]) for text in buttons]
        assert numbers == sorted(set(numbers)), buttons
        # (a piece put on the place chosen from a common supply is what the option says: the
        # consequences do not repeat it, on the buttons or once below them)
        said = page.locator("#decision-panel").inner_text()
        assert "general supply" not in said, said
        # every place offered carries its number on the board, and the marks are explained
        badges = page.locator("#board .badge text").evaluate_all(
            "els => els.map(e => e.textContent)")
        assert sorted(map(int, badges)) == numbers  # the buttons' numbers
        assert "a place you may choose" in page.locator("#legend").inner_text()
        assert _in_view(page, "#legend")
        # the rules open beside the decision: the options, Undo and Save stay in view
        page.locator("#rules-open").click()
        page.locator("#rules section").first.wait_for()
        for part in ("#options button", "#undo", "#save", "#prompt"):
            assert _in_view(page, part) and not page.evaluate(COVERED, part), part
        page.keyboard.press("Escape")
        assert page.locator("#rules-drawer").is_hidden()
        # a number lies beside its place, outside it: a click on it takes its option (it
        # fell through to the district around the place, and was refused)
        first = table.display.option_numbers(table.game, table.game.decision())
        _click_and_wait(page, page.locator("#board .badge", has_text=re.compile(r"^4$")))
        assert table.history.moves[0] == options[first.index(4)]
        # the next placement keeps the plots' numbers, with gaps: a number on the board
        # takes its own place, not the option at that count (seed 239's newcomer clicked
        # '24' and read 'there is no option 23: this decision has options 0 to 18')
        for _ in range(200):  # the bots place theirs
            if len(table.history.moves) > 1 and table.game.decision().player == "P1":
                break
            time.sleep(0.05)
        _open(page, base, table, "P1")
        decision = table.game.decision()
        numbers = table.display.option_numbers(table.game, decision)
        k = max(range(len(numbers)), key=numbers.__getitem__)
        assert numbers[k] > len(numbers), numbers  # a number past the count of options
        taken = len(table.history.moves)
        _click_and_wait(page, page.locator("#board .badge",
                                           has_text=re.compile(rf"^{numbers[k]}$")))
        assert table.history.moves[taken] == decision.options[k]
    context.close()


UNDER_OPTIONS = """() => [...document.querySelectorAll('#board svg text')]
  .filter(t => /^\\d+$/.test(t.textContent.trim()) && !t.closest('.badge, [data-place]')
    && getComputedStyle(t).visibility !== 'hidden')
  .map(t => [Number(t.getAttribute('x')), Number(t.getAttribute('y')), t.textContent])"""


def test_a_business_offered_shows_one_number_the_option_s_not_also_the_space_s(browser):
    """Issue 33: the supply tiles offered carried option badges 1 and 2 while the space
    numbers under them read 6 and 7: while a place carries an option's number, the number
    the board draws under it gives way (one numbering); the others stay."""
    table, context, page = _player_1_at_1366x768(
        browser, 3, lambda g, d: d.player == "P1" and
        d.prompt == "take a business from the current set")
    game = table.game
    with serving(table) as base:
        _open(page, base, table, "P1")
        places = page.locator("#board .legal").evaluate_all(
            "els => els.map(e => { const b = e.getBBox(); return [b.x, b.y, b.width, b.height]; })")
        options = len(game.decision().options)
        assert len(places) >= options >= 1  # (two tiles of one kind: one option)
        numbers = page.evaluate(UNDER_OPTIONS)
        under = [n for n in numbers for x, y, w, h in places
                 if x <= n[0] <= x + w and y + h <= n[1] <= y + h + 20]
        assert under == [], under
        assert len(numbers) > 10  # the other spaces keep their numbers
        badges = page.locator("#board .badge text").evaluate_all(
            "els => els.map(e => e.textContent)")
        assert sorted(set(map(int, badges))) == list(range(1, options + 1))
    context.close()


def _turn_option_with_points(game, decision) -> bool:
    """Player 1's choice of the turn's option (A to D) where option D scores a district (seed
    2, as the newcomer's game: the page said nothing of its points)."""
    return decision.player == "P1" and decision.prompt == "choose your option for this turn" \
        and len(decision.options) == 4 and game.state["step"] >= 27


def test_the_turn_s_options_say_what_each_does_as_the_terminal_says_it(browser):
    """Issue 33's newcomer saw no points beside the four options A-D (what each did was
    listed below them, scrolled away in a box of its own, option D's points last). Each
    option's consequences are said under its button in the terminal's words (the same
    outlook, the same samples), an option that changes points shows them on its button, and
    only there (a newcomer read them twice: on the button and under it), the others are said
    once in plain words, and no jargon ('bidding card', 'nothing changes at once')."""
    import io

    from interpreter.play.terminal import Session

    table, context, page = _player_1_at_1366x768(browser, 2, _turn_option_with_points)
    game, decision = table.game, table.game.decision()
    session = Session(table.ruleset, game, table.history, table.seats, table.display,
                      io.StringIO())
    plain = session.shown_labels(decision)
    said, _ = session.with_points(decision, plain, whole=True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        rows = page.locator("#options .option")
        assert rows.count() == len(decision.options) == 4
        scoring = 0
        for k, label in enumerate(plain):
            row = rows.nth(k)
            effect = row.locator(".effect")
            words = effect.inner_text() if effect.count() else ""
            points = row.locator("button .points")
            shown = points.inner_text() if points.count() else ""
            # the terminal's words: the points on the button, the rest under it, once each
            parts = [x for x in (shown, words) if x]
            assert said[k] == (f"{label}: {'; '.join(parts)}" if parts else label), \
                (said[k], shown, words)
            if shown:  # the points on the button, in view, and not again under it
                scoring += 1
                assert re.search(r"[+-]\d", shown) and not re.search(r"[+-]\d", words)
                assert page.evaluate(IN_VIEW_EL, points.element_handle())
        assert scoring >= 1
        shown = page.locator("#decision-panel").inner_text()
        # option B, in words: what it moves whichever tile is chosen next (14a5e33; before,
        # it had no words and the page said 'no points change and nothing moves yet' of it;
        # now that every option moves something, that line is said of none)
        assert rows.nth(1).locator(".effect").inner_text() == \
            "1 business tile goes to the plot you choose next"
        assert "nothing moves yet" not in shown, shown
        for jargon in ("bidding card", "nothing changes at once"):
            assert jargon not in shown, shown
    context.close()


IN_VIEW_EL = """el => { const r = el.getBoundingClientRect(); const box = el.closest('#options')
  .getBoundingClientRect(); return r.width > 0 && r.top >= Math.max(0, box.top)
  && r.bottom <= Math.min(innerHeight, box.bottom); }"""


# the discs drawn over a piece of the board: an option's number over any piece, a count over
# a stack of cards (each as [its text, the piece's kind])
DISCS_OVER_PIECES = """() => { const svg = document.querySelector('#board svg');
  const pieces = [...svg.querySelectorAll('[data-piece]')].map(p => [p.getBBox(),
    p.getAttribute('data-piece')]);
  const over = (c, kinds) => { const x = +c.getAttribute('cx'), y = +c.getAttribute('cy'),
    r = +c.getAttribute('r');
    return pieces.filter(([b, kind]) => kinds.includes(kind)).filter(([b]) => {
      const dx = Math.max(b.x - x, 0, x - b.x - b.width);
      const dy = Math.max(b.y - y, 0, y - b.y - b.height);
      return dx * dx + dy * dy < (r - 0.5) ** 2; }).map(([, kind]) =>
        [c.parentNode.textContent || c.nextElementSibling.textContent, kind]); };
  return [...[...svg.querySelectorAll('.badge circle')].flatMap(c => over(c,
      ['token', 'tile', 'stack', 'tower'])),
    ...[...svg.querySelectorAll('circle.count')].flatMap(c => over(c, ['stack']))]; }"""


def _choosing_a_colour_late(game, decision) -> bool:
    return decision.player == "P1" and decision.prompt.startswith("choose the colour") and \
        len(decision.options) >= 5 and game.state["step"] > 60


@pytest.mark.parametrize("seed, stop", [(3, _placing_a_tile), (2, _choosing_a_colour_late)],
                         ids=["plots", "card-stacks"])
def test_the_numbers_on_the_board_cover_no_piece(browser, seed, stop):
    """Issue 33's newcomer: the options' numbers covered the business tiles on the plots,
    and the cards' counts covered the card stacks. Each option's number stands just outside
    a corner of its place, each count of a stack of cards under it: neither covers a piece."""
    table, context, page = _player_1_at_1366x768(browser, seed, stop)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.locator("#board [data-piece]").first.wait_for()
        assert page.locator("#board .badge").count() >= 4
        assert page.evaluate(DISCS_OVER_PIECES) == []
        if seed == 2:  # the stacks offered carry counts too
            assert page.locator("#board circle.count").count() >= 3
    context.close()


# each place not offered that lies inside exactly one place offered: [its place, the offered]
INSIDE_ONE_OFFERED = """() => {
  const box = el => el.getBoundingClientRect();
  const inside = (a, b) => a.left >= b.left && a.top >= b.top && a.right <= b.right
    && a.bottom <= b.bottom;
  const offered = [...document.querySelectorAll('#board [data-place].legal')];
  return [...document.querySelectorAll('#board [data-place]:not(.legal)')].map(el => [el,
    offered.filter(o => inside(box(el), box(o)))]).filter(([, around]) => around.length === 1)
    .map(([el, [o]]) => [el.getAttribute('data-place'), o.getAttribute('data-place')]); }"""


def _scoring_a_place(game, decision) -> bool:
    return decision.player == "P1" and decision.prompt.startswith("score which") and \
        len(decision.options) >= 2


def test_a_click_on_a_place_inside_an_offered_one_takes_the_offered_one(browser):
    """Issue 33's newcomer clicked a space inside the region offered (the board's places nest)
    and was told the space cannot be chosen; only the region's title or number worked. A click
    on a place that is not offered but lies inside exactly one offered place takes that one,
    and the page says which: above their next question where the next decision is theirs (a
    note under it read as about it), else in the note under the buttons."""
    table, context, page = _player_1_at_1366x768(browser, 1, _scoring_a_place)
    options = [str(o) for o in table.game.decision().options]
    decided = len(table.history.moves)
    with serving(table) as base:
        _open(page, base, table, "P1")
        pairs = page.evaluate(INSIDE_ONE_OFFERED)
        assert pairs, "no place lies inside a place offered"
        inner, outer = pairs[0]
        box = _box(page, page.locator(f'#board [data-place="{inner}"]'))
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        said = "#taken:not([hidden]), #panel-status:not([hidden])"
        page.wait_for_function(f"() => document.querySelector('{said}')")
        assert table.history.moves[decided] == outer and outer in options
        said = page.locator(said).first.inner_text()
        label = table.game.label(outer)
        # one line: the place's name, not the option's note in brackets (a long note pushed
        # the decision and the digest down at 1366x768)
        assert said == (f"Your click took {label}, the place offered around the one you "
                        "clicked."), said
    context.close()


def _after_own_card_drawn(game, decision) -> bool:
    return decision.player == "P1" and decision.prompt.startswith("take a second coloured")


def test_a_grey_undo_says_why_it_cannot_take_back(browser):
    """Issue 33's newcomer saw Undo turn grey after a card was drawn, with no reason on the
    page. Beside the grey button the page says why, in the terminal's words."""
    table, context, page = _player_1_at_1366x768(browser, 0, _after_own_card_drawn)
    with serving(table) as base:
        _open(page, base, table, "P1")
        assert page.locator("#undo").is_disabled()
        said = page.locator("#undo-reason").inner_text()
        assert said == SHOWN_HIDDEN, said
        # the button says it beforehand, as its title (issue 33)
        assert page.locator("#undo").get_attribute("title") == SHOWN_HIDDEN
        assert _in_view(page, "#undo-reason")
    context.close()


def test_at_the_end_the_last_log_lines_stay_in_view_when_the_server_goes(browser):
    """Issue 33's newcomer, at the end of a game: the server stopped, the header said so, and
    the log's last lines (the points in all) slid out of view. The log keeps its newest line
    in view when its box shrinks."""
    table, context, page = _player_1_at_1366x768(browser, 6, lambda g, d: False)
    assert table.game.over
    with serving(table) as base:
        page.goto(f"{base}/play/{token_of(table, 'P1')}")
        page.locator("#final-panel").wait_for(state="visible")
        assert _in_view(page, "#log li:last-child")
        assert "in all" in page.locator("#log li:last-child").inner_text()
    page.locator("#connection").wait_for(state="visible")  # the server is gone
    page.wait_for_function(f"() => ({IN_VIEW})('#log li:last-child')", timeout=5000)
    assert _in_view(page, "#log li:last-child") and _in_view(page, "#log li:nth-last-child(3)")
    context.close()


# the digest's lines shown: [each wholly in view in its box, its text]
DIGEST_SHOWN = """() => { const box = document.getElementById('digest').getBoundingClientRect();
  return [...document.querySelectorAll('#digest li')].filter(li => li.getClientRects().length)
    .map(li => { const r = li.getBoundingClientRect();
      return [r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.bottom <= innerHeight,
              li.textContent]; }); }"""


def test_the_digest_says_whole_lines_and_how_many_more_the_log_has(browser):
    """Issue 33's newcomer read "Since your last decision" in a small box that scrolled, cut
    in the middle of a sentence, and lost the last option under it. At 1366x768 the digest
    shows whole lines only, then "N more: see the log"; with 30 options six lines' worth at
    least (they scroll in their box); with few options, all of them in view, the digest down
    to its first line if need be."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(LONG_DIGEST)
        for many in (True, False):
            if many:
                assert page.evaluate(THIRTY) == 30
                page.evaluate("() => keepRoom()")  # as drawn
            else:  # four options of two lines, as a turn's
                page.evaluate("""() => { const box = document.getElementById('options');
                  box.className = ''; box.replaceChildren(...[...box.querySelectorAll('button')]
                    .slice(0, 4)); for (const b of box.children) b.textContent = 'A: take 3 '
                    + 'skyscrapers, then 2 coloured cards, then move a commissioner';
                  keepRoom(); }""")
                assert page.evaluate(EVERY_OPTION_IN_VIEW)  # the digest gave way
            shown = page.evaluate(DIGEST_SHOWN)
            assert all(whole for whole, _ in shown), shown
            *lines, more = [text for _, text in shown]
            total = page.locator("#digest-lines li:not(.more)").count()
            assert lines and more == f"{total - len(lines)} more: see the log, or click to " \
                "show them.", shown
            assert not many or page.evaluate(DIGEST_LINES) >= 6
            for part in ("#undo", "#save", "#log li:last-child", "#log li:nth-last-child(3)"):
                assert _in_view(page, part), (part, many)
        # a click on "N more" shows them there (a newcomer's points came with their reason
        # among the lines left out, scrolled away in the log), in the room the folded lines
        # had: Undo and Save stay in view (a newcomer's went below the panel's scroll)
        page.locator("#digest-lines li.more").click()
        assert page.locator("#digest-all li:visible").count() == total
        for part in ("#undo", "#save"):
            assert _in_view(page, part), part
    context.close()


def test_the_digest_never_folds_its_lines_about_the_player_s_places(browser):
    """Issue 33: on the page, '2 more... click to show them' hid a commissioner moving off the
    newcomer's district. The lines the table says may not fold (digest_kept: up to the last
    about a place of the player's pieces, or a region left one free space) stay whole, the
    options scrolling instead; the lines after them fold as before."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(LONG_DIGEST)
        assert page.evaluate(THIRTY) == 30
        total = page.locator("#digest-lines li:not(.more)").count()
        page.evaluate("() => { fitDigest.kept = 0; fitDigest(); }")
        folded = len(page.evaluate(DIGEST_SHOWN)) - 1  # the lines shown, "N more" aside
        assert folded < total - 2, folded
        kept = folded + 2
        page.evaluate(f"() => {{ fitDigest.kept = {kept}; fitDigest(); }}")
        visible = page.evaluate("""() => [...document.querySelectorAll(
            '#digest-lines li:not(.more)')].map(li => !li.hidden && !li.classList.contains(
            'folded'))""")
        assert all(visible[:kept]), visible
    context.close()


# the log's whole lines in view: its entries inside its box and the window, a line each or
# more for a long one
LOG_LINES_IN_VIEW = """() => { const log = document.getElementById('log');
  const box = log.getBoundingClientRect(), line = parseFloat(getComputedStyle(log).lineHeight);
  return [...log.children].filter(li => { const r = li.getBoundingClientRect();
      return r.top >= box.top - 1 && r.bottom <= Math.min(box.bottom, innerHeight) + 1; })
    .reduce((sum, li) => sum + Math.round(li.getBoundingClientRect().height / line), 0); }"""
# the lines of the log seen in its box, entry by entry: whole lines (none cut at the box's top
# or foot), however many of an entry's lines are seen
LOG_LINES_SEEN = """() => { const log = document.getElementById('log');
  const box = log.getBoundingClientRect(), line = parseFloat(getComputedStyle(log).lineHeight);
  return [...log.children].map(li => li.getBoundingClientRect())
    .filter(r => r.top < box.bottom - 1 && r.bottom > box.top + 1)
    .map(r => (Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top)) / line); }"""
# whether the log gave way to a long digest: its heading says that earlier lines are above
LOG_GAVE_WAY = "() => !document.getElementById('log-earlier').hidden"
# the log's entries seen in its box: [whole ones, whether one is cut at the box's top (its
# stray tail seen), whether the last three are whole in view]
LOG_ENTRIES_SEEN = """() => { const log = document.getElementById('log');
  const box = log.getBoundingClientRect(), foot = Math.min(box.bottom, innerHeight) + 1;
  const rects = [...log.children].map(li => li.getBoundingClientRect());
  const whole = (r) => r.top >= box.top - 1 && r.bottom <= foot;
  const cut = (r) => r.top < box.top - 1 && r.bottom > box.top + 1;
  return [rects.filter(whole).length, rects.some(cut), rects.slice(-3).every(whole)]; }"""


def _log_keeps(page: Page, usual: int) -> None:
    """The log's whole entries in view make `usual` lines at least where the digest is short;
    where the log gave way to a long one (the digest comes first), its last three entries
    whole (a newcomer counted two lines as the log lost, and read three lines, the first a
    stray tail, as one or two entries); its box never starts with an entry's stray tail."""
    whole, tail, last_three = page.evaluate(LOG_ENTRIES_SEEN)
    assert not tail, "the log's box starts with the tail of an entry above"
    if page.evaluate(LOG_GAVE_WAY):
        assert last_three, whole
    else:
        assert page.evaluate(LOG_LINES_IN_VIEW) >= usual


def test_the_log_keeps_five_whole_lines_in_view_at_1366x768(browser):
    """Issue 33's newcomer (seed 73, 1366x768) saw about three entries of the log beside the
    digest and the options: at each of the first decisions of that game (the setup's places,
    turns, commissioners, cards, bids; decided at the table, so that the digest says what
    the others did) five whole lines of the log at least stay in view, with Undo, Save and
    the prompt, and a few options stay in view whole; where a long digest needs the room, the
    log gives way, down to three whole lines."""
    table, context, page = _player_1_at_1366x768(browser, 73, lambda g, d: True)
    me, rng = token_of(table, "P1"), random.Random(73)
    with serving(table) as base:
        for _ in range(16):
            _open(page, base, table, "P1")
            _log_keeps(page, 5)
            for part in ("#undo", "#save", "#prompt", "#log li:last-child"):
                assert _in_view(page, part), part
            if page.locator("#options button").count() < 8:
                assert page.evaluate(EVERY_OPTION_IN_VIEW)
            decision = table.game.decision()
            table.decide(me, table.version, index=rng.randrange(len(decision.options)))
            while table.bot_step():
                pass
    context.close()


def test_a_note_with_a_comma_stays_on_its_place_s_button_in_its_group(browser):
    """A note 'fills Times Square, where you have 2 skyscrapers: ...' split the place's label
    at its comma: the page made 'Times Square, gray (fills Times Square' a group of its own
    and a button 'where you have ...'. The note stays on its button, in its district's row,
    with the others' gain (in small after the place, without its brackets: 28 notes with
    them wrapped every row at 1366x768)."""
    from interpreter.play.history import History
    from tests.test_terminal import _others_gain_position

    game = _others_gain_position()
    table = make_table(game.ruleset, game, History.start(game),
                       {p: "human" for p in game.players})
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        _open(page, base, table, "P1")
        names = page.locator("#options .group-name").all_inner_texts()
        assert len(names) == 7 and not any("(" in name for name in names), names
        row = page.locator("#options .group", has_text="Times Square")
        assert row.locator("button").count() == 2
        assert "gray fills Times Square, where you have 2 skyscrapers" in \
            " ".join(row.locator("button").nth(1).inner_text().split())  # the note in small
        # (the hint above says "if scored now" once: the button's whole label says it too)
        assert "Player 3 +2" in row.inner_text()
        assert "Player 3 +2 if scored now" in row.locator("button").nth(1).get_attribute(
            "aria-label")
    context.close()


NEWCOMER_312 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed312-newcomer.replay.json"


@pytest.mark.parametrize("step", [85, 310, 373], ids=["23-places", "19-places", "16-places"])
def test_places_with_long_notes_fit_at_1366x768_saying_once_what_they_share(browser, step):
    """Seed 312's newcomer (issue 33, 1366x768) placed a business among 23 places, nearly
    each with a note ending "if scored now" ("you +3: your skyscrapers there from 6 to 9 VP
    if scored now"), in a box that scrolled ("4 more options below"). What the hint above
    them says already ("+N: VP gained if scored now") is not said again on each: every option
    is in view without scrolling its box, with Undo and Save; each button's whole label is
    its title. (At 19 places, two of them with long notes, what every choice does gives them
    its third line, and the line "N more options below" its room.)"""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_312, step)
    with _seat_page(browser, table, tokens["P1"]) as page:
        options = table.game.decision().options
        assert page.locator("#options button").count() == len(options) >= 16
        assert "if scored now" in page.locator("#hints").inner_text()
        said = page.locator("#options").inner_text()
        assert "your skyscrapers there from" in said and "if scored now" not in said
        assert page.evaluate(EVERY_OPTION_IN_VIEW)
        assert page.locator("#options-below").is_hidden()
        for part in ("#undo", "#save", "#prompt"):
            assert _in_view(page, part), part
        titles = page.locator("#options button").evaluate_all("bs => bs.map(b => b.title)")
        assert sum("if scored now" in title for title in titles) >= len(options) // 2


def test_the_digest_takes_the_room_of_a_large_window_and_its_more_covers_no_line(browser):
    """Seed 312's newcomer (turn 29) widened the window from 1366x768 to 1920x1080: "Since
    your last decision" stayed one line high, "▼ more: scroll this box, or click to show it
    all" drawn over its words, the log below taking the room (the hints' box fitted to the
    small window read as a hint cut). At 1366x768 the line that says more is below lies
    under the digest's box, covering none of its words; at 1920x1080 the digest is whole."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_312, 371)
    with _seat_page(browser, table, tokens["P1"]) as page:
        # (the hand under the board since seed 314: the digest may be whole at 1366x768)
        rest = page.locator("#digest .digest-rest")
        if rest.count():
            assert rest.is_visible() and "scroll this box" in rest.inner_text()
            assert page.evaluate("""() => document.querySelector('#digest .digest-rest')
              .getBoundingClientRect().top >= document.getElementById('digest-lines')
              .getBoundingClientRect().bottom - 0.5""")  # under the box, over none of its lines
        else:
            assert page.evaluate("""() => { const list = document.getElementById('digest-lines');
              return !list.querySelector('li.more') && list.scrollHeight <= list.clientHeight + 1
                && list.getBoundingClientRect().bottom <= innerHeight; }""")
        for part in ("#undo", "#save", "#prompt", "#log li:last-child"):
            assert _in_view(page, part), part
        tall = "() => document.getElementById('digest-lines').clientHeight"
        small = page.evaluate(tall)
        page.set_viewport_size(BIG)
        page.wait_for_function("() => innerHeight === 1080")
        page.evaluate("() => new Promise(requestAnimationFrame)")
        whole = """() => { const list = document.getElementById('digest-lines');
          return !document.querySelector('#digest .digest-rest, #digest-lines li.more')
            && list.scrollHeight <= list.clientHeight + 1; }"""
        # whole, or (since option B says what it does, seed 320: a row more) in a box taller
        # than at 1366x768 whose line that says more lies under it, over none of its lines
        assert page.evaluate(whole) or page.evaluate(tall) > 2 * small and page.evaluate(
            """() => document.querySelector('#digest .digest-rest').getBoundingClientRect()
              .top >= document.getElementById('digest-lines').getBoundingClientRect().bottom
              - 0.5""")
        assert page.evaluate(EVERY_OPTION_IN_VIEW)
        for part in ("#undo", "#save", "#log li:last-child"):
            assert _in_view(page, part), part


def test_a_note_and_the_points_by_the_end_are_said_apart(browser):
    """Seed 312's newcomer (the game's last business) read "7 violet you +6: your skyscrapers
    there from 9 to 15 VP if scored now by the end: you +43 to +45, ...": the place's note
    and the points by the end run together. They are said apart ("...; by the end: ...")."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_312, 428)
    with _seat_page(browser, table, tokens["P1"]) as page:
        said = [" ".join(text.split())
                for text in page.locator("#options button").all_inner_texts()]
        noted = [text for text in said if "your skyscrapers there from" in text]
        # (the figures most places share are said once, beside the options: seed 318)
        assert noted and any("by the end: " in text for text in said), said
        assert all("; by the end: " in text for text in noted), noted
        assert not any(re.search(r"[^;] by the end", text) for text in noted), noted


def test_the_tab_says_the_game_is_over_and_who_won(browser):
    """Seed 312's newcomer ended the game with the tab titled "Fifth Avenue: Player 1", as
    while waiting (during play it says "▶ Your turn - ..."). At the end it says that the
    game is over and who won."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_312, 429)
    assert table.game.over
    with _seat_page(browser, table, tokens["P1"]) as page:
        assert page.title() == "Game over: Player 1 wins - Fifth Avenue: Player 1"


def test_on_a_phone_the_rows_of_places_keep_a_finger_s_gaps(browser):
    """The rows of many places are packed tight beside the board (1366x768: they touch); on a
    phone, where a finger taps them, each row and each group keeps its gap."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    page.set_viewport_size(PHONE)
    with serving(table) as base:
        _open(page, base, table, "P1")
        assert page.locator("#options.grouped .group").count() >= 5
        gaps = page.evaluate("""() => { const g = getComputedStyle(
          document.querySelector('#options .group'));
          return [parseFloat(g.rowGap), parseFloat(g.marginBottom)]; }""")
        assert all(gap >= 4 for gap in gaps), gaps
    context.close()


# 12 places of a made-up game, two of them with a note ending in words a hint also says
SHARED_NOTES = """() => { const options = [...Array(12).keys()].map(i => ({index: i,
  label: `${i < 6 ? 'North' : 'South'}, place ${i}` + (i < 2 ? ' (the raid would take your ' +
  'pawns there out of the game)' : '')}));
  const [notes, once] = sharedNotes(options, ['A pawn taken out of the game never returns.']);
  return [[...notes.values()], once]; }"""


def test_a_note_keeps_words_a_hint_holds_in_another_sense(page: Page):
    """A note's end is left out where a hint says it only when many notes share it (a third
    of the options at least): two notes of twelve ending "out of the game", words a hint
    holds in another sense, stay whole."""
    ruleset, game, history = play_until(TUTORIAL, 2, 8, lambda g, d: True)
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "random"})
    with serving(table) as base:
        _open(page, base, table, "P1")
        notes, once = page.evaluate(SHARED_NOTES)
    assert notes == ["the raid would take your pawns there out of the game"] * 2 and once == []


def test_a_clause_several_notes_end_with_is_said_once_above_them(browser):
    """Seed 312's newcomer (turn 25, 19 places): two notes ended "...: a later building stop
    there would take them out of the game", each taking two rows. It is said once above the
    places, marked on each note where it belongs."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_312, 310)
    with _seat_page(browser, table, tokens["P1"]) as page:
        once = page.locator("#notes-once").inner_text()
        assert once == "\u00b9 a later building stop there would take your skyscrapers out " \
            "of the game."
        marked = [text for text in page.locator("#options button").all_inner_texts()
                  if "\u00b9" in text]
        assert len(marked) == 2 and all("skyscrapers\u00b9" in text for text in marked), marked
        assert not any("later building stop" in text
                       for text in page.locator("#options button").all_inner_texts())


def test_the_rules_panel_cites_the_rulebook_on_request(browser):
    """A newcomer read 'Rulebook: en-2004 ...' under every rule of the Rules panel as code,
    then its rulings and section numbers ('9.5', 'Ruling: "each player may only build ..."
    (The auctions) holds ...') as a lawyer's text: the rules in plain words show first, the
    sources (citations, rulings, section numbers) when asked for (as 'why --cite')."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.locator("#rules-open").click()
        page.locator("#rules section").first.wait_for()
        cites = page.locator("#rules .cite")
        assert cites.count() > 10
        assert not any(c.is_visible() for c in cites.all()[:20])
        assert page.locator("#rules .about").first.is_visible()
        rulings, numbers = page.locator("#rules .ruling"), page.locator("#rules h3 .num")
        assert rulings.count() > 5 and numbers.count() > 20
        assert not any(x.is_visible() for x in [*rulings.all()[:10], *numbers.all()[:20]])
        current = page.locator("#rules section.current h3")
        assert not re.match(r"\d", current.inner_text()), current.inner_text()
        page.locator("#rules-cites").check()
        assert all(c.is_visible() for c in cites.all()[:20])
        assert "en-2004" in cites.first.inner_text()
        assert rulings.first.is_visible() and numbers.first.is_visible()
        assert re.match(r"\d+\.\d+ ", current.inner_text()), current.inner_text()
    context.close()


def test_the_rules_panel_shows_no_stray_word_and_no_heading_twice(browser):
    """Issue 33's newcomer (seed 181) opened the rules at the first decision: a stray "violet"
    sat at the top right of the highlighted rule (the book's part named "board" took the
    page's style for the board, its lines one word wide, running over the next parts), and
    "Playing the game" was said twice (the part and its first rule). Nothing but the rule
    itself is seen at the top of the highlighted rule, and no heading says its part's words
    again (unless the sources, whose numbers tell them apart, are shown)."""
    table, context, page = _player_1_at_1366x768(browser, 181, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.locator("#rules-open").click()
        page.locator("#rules section.current").wait_for()
        hit = page.evaluate("""() => { const s = document.querySelector('#rules section.current');
          const r = s.getBoundingClientRect();
          return [0.1, 0.5, 0.95].map(f => { const e = document.elementFromPoint(
            r.left + f * r.width, r.top + 6); return Boolean(e && s.contains(e)); }); }""")
        assert all(hit), hit
        seen = page.evaluate("""() => [...document.querySelectorAll('#rules :is(h2, h3)')]
          .filter(h => h.getClientRects().length).map(h => h.innerText.trim()).filter(t => t)""")
        assert not [a for a, b in zip(seen, seen[1:], strict=False) if a == b], seen
    context.close()


def test_the_log_folds_a_players_small_steps_as_the_digest_does(browser):
    """The page's log said a bot's bid card by card, four lines for a bid it took back: the
    steps of one player in a row that changed nothing for the others are folded into their
    last line, as in the digest and the terminal's 'log', each line keeping its number, and
    'every step' shows them all."""
    table, context, page = _player_1_at_1366x768(browser, 2, lambda g, d: True)
    me, rng = token_of(table, "P1"), random.Random(2)
    while not table.state_for(me)["log_folded"]:
        decision = table.game.decision()
        table.decide(me, table.version, index=rng.randrange(len(decision.options)))
        while table.bot_step():
            pass
    state = table.state_for(me)
    folded = set(state["log_folded"])
    with serving(table) as base:
        _open(page, base, table, "P1")
        numbers = page.evaluate("() => [...document.querySelectorAll('#log li')]"
                                ".map(li => li.value)")
        assert numbers == [i + 1 for i in range(len(state["log"])) if i not in folded]
        assert page.locator("#log-every").is_visible()
        page.locator("#log-all").check()
        assert page.locator("#log li").count() == len(state["log"])
        assert page.locator("#log li").nth(min(folded)).inner_text() == \
            state["log"][min(folded)]
    context.close()


# whether some place offered is inside the board's box where the window shows it
IN_SEEN_BOARD = """sel => { const box = document.getElementById('board').getBoundingClientRect();
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
  return [...document.querySelectorAll(sel)].some(el => { const r = el.getBoundingClientRect();
    return r.left >= box.left && r.right <= box.right && r.top >= top && r.bottom <= bottom;
  }); }"""


def test_on_a_short_phone_the_places_offered_are_where_the_window_shows_the_board(browser):
    """On a phone, a long 'since your last decision' pushed the board's box below the
    window, and the places offered (the card stacks, to choose a bid's colour) were scrolled
    into the part of the box out of sight: they are brought into the part the window shows.
    At 390x844, the issue's phone (at 640 rows the colour's hint now puts the whole box below
    the window, where the options' buttons are all on screen above it)."""
    ruleset, game, history = play_until(FIFTH, 4, 2, _choosing_a_colour)
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    with serving(table) as base:
        _open(page, base, table, "P1")
        below = page.evaluate("() => document.getElementById('board')"
                              ".getBoundingClientRect().bottom > innerHeight")
        assert below  # the case: the board's box runs below the window
        assert page.evaluate(IN_SEEN_BOARD, "#board .legal")
    context.close()


# whether an element is wholly seen: in the window, inside each box around it that clips
# (a scrolling box, the decision panel) and not covered there (the middle of it is itself)
SEEN_WHOLE = """sel => { const el = document.querySelector(sel); if (!el) return false;
  const r = el.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1)) return false;
  if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible')
    return false;
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).overflowY === 'visible') continue;
    const b = box.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1) return false; }
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return Boolean(hit && (el.contains(hit) || hit.contains(el))); }"""


@contextmanager
def _long_effects_page(browser) -> Iterator[Page]:
    """Player 1's page at 1366x768, seed 0 played at the table (Player 1 at random, random
    bots) from its 20th step to Player 1's choice of the turn's option whose options say much
    (more than 250 characters of effects, as a newcomer's option D: '3 cards drawn at random
    go from the black stack to your hand; 13 cards go from the used black cards to ...')
    after a digest of 5 lines."""
    ruleset, game, history = play_until(FIFTH, 4, 0, lambda g, d: d.player == "P1" and
                                        g.state["step"] >= 20)
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    me, rng = token_of(table, "P1"), random.Random(0)
    for _ in range(28):
        table.decide(me, table.version, index=rng.randrange(len(table.game.decision().options)))
        while table.bot_step():
            pass
    seen = table.state_for(me)
    assert seen["decision"]["prompt"] == "choose your option for this turn"
    assert sum(len(o["effect"]) for o in seen["decision"]["options"]) > 250
    assert len(seen["digest"]) >= 2
    with _seat_page(browser, table, me) as page:
        yield page


@contextmanager
def _seat_page(browser, table, token: str) -> Iterator[Page]:
    """The page of the seat `token` at 1366x768, the table served, ready to click."""
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        page.goto(f"{base}/play/{token}")
        _wait_active(page)
        yield page
    context.close()


def test_undo_save_and_their_answer_stay_in_view_whatever_the_options_say(browser):
    """Issue 33's newcomer (seed 113, 1366x768) found Undo and Save cut off under the decision
    panel when the four options of a turn said long effects, and under a list of plots cut at
    its 13th: the options gave way for only a fiftieth of the room they took. Undo, Save and
    the answer to a click (under them) stay wholly in view, the options scrolling above them,
    with the log's last three entries (its last three lines where it gave way to a long digest);
    also with 30 options saying long effects."""
    with _long_effects_page(browser) as page:
        for case in ("as played", "saved", "30 long options"):
            if case == "saved":  # the answer to Save, in the status line under it
                page.locator("#save").click()
                page.locator("#panel-status:not([hidden])").wait_for()
            if case == "30 long options":
                page.evaluate(THIRTY)
                page.evaluate("""() => { for (const b of document.querySelectorAll(
                  '#options button')) b.append(' and then much more is said of it, long '
                  + 'enough to take a second line of the panel'); keepRoom(); }""")
            parts = ["#undo", "#save", "#prompt"]
            if not page.evaluate(LOG_GAVE_WAY):  # (else its last two lines: _log_keeps)
                parts += ["#log li:last-child", "#log li:nth-last-child(2)",
                          "#log li:nth-last-child(3)"]
            _log_keeps(page, 3)
            if case == "saved":
                parts.append("#panel-status")
            for part in parts:
                assert page.evaluate(SEEN_WHOLE, part), (part, case)
            if case == "30 long options":  # they scroll, and their last line says so
                options = page.locator("#options")
                assert "more-below" in options.get_attribute("class")
                options.evaluate("el => el.scrollTop = el.scrollHeight")
                page.wait_for_function("() => !document.getElementById('options')"
                                       ".classList.contains('more-below')")


def _choosing_a_colour(game, decision) -> bool:
    return decision.player == "P1" and decision.prompt == "choose the colour of your bid, or pass"


def _long_places(page: Page, base: str, table) -> None:
    """Player 1's page at a colour choice, after a long digest, each place saying much."""
    _open(page, base, table, "P1")
    page.evaluate(LONG_DIGEST)
    # (twice: the hand under the board at 1366x768 left the places room for it once)
    page.evaluate("""() => { for (const b of document.querySelectorAll('#options button'))
        for (let i = 0; i < 2; i++)
          b.append(' and then much more is said of it, long enough to take two more lines '
            + 'of the panel, and more than that, for it goes on and on, and on, so much that '
            + 'the window of the places scrolls'); keepRoom(); }""")


def test_a_pass_beside_places_stays_in_view_however_much_the_places_say(browser):
    """Issue 33's newcomer (seed 163, 1366x768) scrolled the decision panel for "pass" under
    three colours that said much. The options that are no place of the board (the pass) are
    laid under the places' window, in view with Undo and Save while the places scroll."""
    table, context, page = _player_1_at_1366x768(browser, 0, _choosing_a_colour)
    with serving(table) as base:
        _long_places(page, base, table)
        passing = '[data-place="pass_bid"]'
        assert page.locator(passing).count() == 1
        last = "#options .option:last-child button"
        assert not page.evaluate(SEEN_WHOLE, last)  # the places scroll
        for part in (passing, "#undo", "#save", "#options button.place"):
            assert page.evaluate(SEEN_WHOLE, part), part
        _click_and_wait(page, page.locator(passing))  # taken: a newer version is drawn
    context.close()


OPTION_BOXES = """() => [...document.querySelectorAll('#options button, #options-apart button')]
  .map(b => { const r = b.getBoundingClientRect();
    return [b.textContent, r.x, r.y, r.width, r.height]; })"""


def test_the_digest_opened_moves_no_option_and_shows_its_lines_whole(browser):
    """Issue 33's newcomer (seed 181, 1366x768) clicked "4 more: ... click to show them": the
    digest grew in the column, the options went down, and the next click hit empty space.
    Opened, the digest shows every line whole over the board, in a box that closes; the
    options keep their places, Undo and Save stay in view."""
    with _long_effects_page(browser) as page:
        for digest in ("as played", "long"):
            if digest == "long":
                page.evaluate(LONG_DIGEST)
            more = page.locator("#digest-lines li.more")
            if not more.count():  # (folded only where cramped)
                continue
            before = page.evaluate(OPTION_BOXES)
            assert before
            more.click()
            assert page.evaluate(OPTION_BOXES) == before, digest
            lines = page.locator("#digest-lines li:not(.more)").all_inner_texts()
            assert page.locator("#digest-all li").all_inner_texts() == lines
            assert page.evaluate(SEEN_WHOLE, "#digest-close"), digest
            for part in ("#undo", "#save"):
                assert page.evaluate(SEEN_WHOLE, part), (part, digest)
            page.locator("#digest-close").click()
            assert not page.locator("#digest-over").is_visible()
            assert page.evaluate(OPTION_BOXES) == before, digest


def test_what_every_choice_does_is_said_whole_or_marked_as_cut(browser):
    """Issue 33's newcomer read 'Every choice: every player's 1 skyscraper goes from the
    general' at the end of the setup: the line was cut in a box one line high, without a
    mark. What every choice does is said whole (here on three lines); a longer one is kept
    to three lines ending in a mark, whole on pointing (its title) and on a click."""
    placed = []

    def last_setup_place(game, decision) -> bool:
        placed.append(decision.player)
        return placed.count("P1") == 2

    ruleset, game, history = play_until(FIFTH, 4, 0, last_setup_place)
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    every = table.state_for(token_of(table, "P1"))["decision"]["every"]
    assert "every player's" in every
    with _seat_page(browser, table, token_of(table, "P1")) as page:
        # the newcomer's digest: one line of six, the others' starting pieces
        page.evaluate("""() => { const ul = document.getElementById('digest-lines');
          const li = document.createElement('li'); li.textContent = 'Pieces: ' + Array(5)
            .fill("Player 4's 2 skyscrapers go from the general supply to 34th St. West")
            .join('; ') + '.'; ul.replaceChildren(li);
          document.getElementById('digest').hidden = false; keepRoom(); }""")
        said = page.get_by_text("Whichever you choose:")
        assert said.inner_text() == f"Whichever you choose: {every}."
        said.evaluate("el => el.id = el.id || 'every-said'")
        selector = f"#{said.get_attribute('id')}"
        assert page.evaluate(SEEN_WHOLE, selector)
        for part in ("#undo", "#save"):
            assert page.evaluate(SEEN_WHOLE, part), part
        longer = " ".join([every] * 4)
        page.evaluate("""t => { const el = document.getElementById('every');
          el.textContent = t; keepRoom(); }""", f"Whichever you choose: {longer}.")
        assert not page.evaluate(SEEN_WHOLE, selector)
        assert said.get_attribute("title").startswith(f"Whichever you choose: {longer}.")
        mark = page.evaluate("""() => { const el = document.getElementById('every');
          const s = getComputedStyle(el); return [s.webkitLineClamp, s.textOverflow,
            el.classList.contains('cut')]; }""")
        assert mark[0] == "3" and mark[2], mark  # three lines, the last ending in '…'
        said.click()
        assert page.evaluate(SEEN_WHOLE, selector)
        for part in ("#undo", "#save"):
            assert page.evaluate(SEEN_WHOLE, part), part


# Each bid said in the players' rows of the board: its lines (a text broken over two shares
# its x), whole, and whether each lies within a player's row.
BIDS_IN_ROWS = """() => {
  const rows = [...document.querySelectorAll('#board svg g[data-place] rect')]
    .map(r => r.getBoundingClientRect());
  const out = [];
  for (const t of document.querySelectorAll('#board svg text')) {
    if (!/^(high|cards) bid: /.test(t.textContent)) continue;
    const lines = [t];
    for (let n = t.nextElementSibling; n && n.tagName === 'text'
         && n.getAttribute('x') === t.getAttribute('x'); n = n.nextElementSibling) lines.push(n);
    const inside = lines.map(l => l.getBoundingClientRect()).every(b => rows.some(r =>
      b.left >= r.left - 1 && b.right <= r.right + 1 && b.top >= r.top - 1
      && b.bottom <= r.bottom + 1));
    out.push([lines.map(l => l.textContent).join(' '), inside]);
  }
  return out;
}"""


@pytest.mark.parametrize("size", [SMALL, BIG, PHONE], ids=["1366x768", "1920x1080", "phone"])
def test_a_long_high_bid_is_said_whole_in_the_players_rows(browser, size):
    """Issue 33: the players' rows cut a high bid of 5 cards ('high bid: green 5 + black 4 +
    bl...'): it is said in short, by colour ('gray 5+6, black 4+5+6 = 26'), whole, within
    its player's row, at 1366x768, 1920x1080 and on a phone."""
    def long_high_bid(game, decision) -> bool:
        bidder = game.state["vars"]["high_bidder"]
        return decision.player == "P1" and bidder not in (None, "none") and \
            sum(game.view("P1")["zones"]["bid"][bidder].values()) >= 5
    ruleset, game, history = play_until(FIFTH, 4, 1, long_high_bid)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    bidder = game.state["vars"]["high_bidder"]
    cards = game.view("P1")["zones"]["bid"][bidder]
    context, page = _new_page(browser, size)
    with serving(table) as base:
        _open(page, base, table, "P1")
        bids = dict(page.evaluate(BIDS_IN_ROWS))
    context.close()
    said = next(text for text in bids if text.startswith("high bid: "))
    assert "…" not in said and said.endswith(f" = {game.state['vars']['high_bid']}"), said
    for colour in {card.split(",")[0].removeprefix("card(") for card in cards}:
        values = sorted(int(c.split(",")[1].rstrip(")")) for c, n in cards.items()
                        for _ in range(n) if c.startswith(f"card({colour},"))
        assert re.search(rf"\b{colour} ([\d+]+)", said) and sorted(map(int, re.search(
            rf"\b{colour} ([\d+]+)", said).group(1).split("+"))) == values, said
    assert all(bids.values()), bids  # every bid within its player's row


def _turn_after_a_long_digest(seed: int) -> tuple:
    """A base game, seed `seed`, played at the table (Player 1 at random, random bots) from
    its 20th step to Player 1's choice of the turn's option after a long digest (more than
    350 characters): the table and Player 1's token."""
    return _at_the_table(seed, lambda seen, game: seen["decision"]["prompt"] ==
                         "choose your option for this turn"
                         and sum(len(line) for line in seen["digest"]) > 350)


def _at_the_table(seed: int, wanted) -> tuple:
    """A base game, seed `seed`, played at the table (Player 1 at random, random bots) from
    its 20th step to the first decision of Player 1 where wanted(what the page is sent,
    game) holds: the table and Player 1's token."""
    ruleset, game, history = play_until(FIFTH, 4, seed, lambda g, d: d.player == "P1" and
                                        g.state["step"] >= 20)
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    me, rng = token_of(table, "P1"), random.Random(seed)
    for _ in range(150):
        if wanted(table.state_for(me), table.game):
            return table, me
        table.decide(me, table.version, index=rng.randrange(len(table.game.decision().options)))
        while table.bot_step():
            pass
    raise AssertionError(f"seed {seed}: the position wanted was not reached")


# the options' rows: the distinct tops of their buttons, and the box's height in rows of them
OPTION_ROWS_SHOWN = """() => { const box = document.getElementById('options');
  const top = box.getBoundingClientRect().top, bottom = top + box.clientHeight;
  const tops = [...new Set([...box.querySelectorAll('button')].map(
    b => Math.round(b.getBoundingClientRect().top)))].sort((a, b) => a - b);
  return [tops.length, tops.filter(t => t >= top - 1 && t + 12 <= bottom).length]; }"""


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_long_digest_gives_way_to_the_options_at_1366x768(browser, seed):
    """Issue 33's newcomer (seed 139, 1366x768): after a long "Since your last decision" the
    turn's four options sat in a window two lines tall, B, C and D below its fold. The options
    keep their own height (up to 8 rows of them, here all four), with Undo and Save in view;
    the digest gives way after the log, folded to a few lines with a "more" that opens it
    where the log's room was not enough; 30 options keep 8 rows in view."""
    table, me = _turn_after_a_long_digest(seed)
    with _seat_page(browser, table, me) as page:
        assert page.evaluate(EVERY_OPTION_IN_VIEW)
        for part in ("#undo", "#save", "#prompt", "#digest-lines li:first-child"):
            assert _in_view(page, part), part
        # folded with a "more", or (the log's room given to it first) whole
        shown = page.evaluate(DIGEST_SHOWN)
        assert page.locator("#digest-lines li.more").count() == 1 or (
            len(shown) == page.locator("#digest-lines li").count()
            and all(whole for whole, _ in shown)), shown
    table, context, page = _player_1_at_1366x768(browser, seed, lambda g, d: True)
    with serving(table) as base:  # the 28 starting places, with a long digest, and 30
        _open(page, base, table, "P1")
        page.evaluate(LONG_DIGEST)
        assert page.evaluate(THIRTY) == 30
        page.evaluate("() => keepRoom()")  # as drawn
        rows, shown = page.evaluate(OPTION_ROWS_SHOWN)
        assert shown >= min(rows, 8), (rows, shown)
        for part in ("#undo", "#save", "#prompt", "#log li:last-child"):
            assert _in_view(page, part), part
    context.close()


def test_long_lines_never_folded_scroll_in_their_box_and_leave_the_options_their_room(browser):
    """Issue 33's newcomer (seed 163, 1366x768) saw only the heading of the turn's options: the
    digest's lines about their places (never folded: digest_kept) were long enough to push
    every option out of the panel. Those lines scroll in the digest's box instead; the
    options, Undo and Save stay in view."""
    table, me = _turn_after_a_long_digest(0)
    with _seat_page(browser, table, me) as page:
        page.evaluate(LONG_DIGEST)
        page.evaluate("""() => { fitDigest.kept = document.querySelectorAll(
            '#digest-lines li:not(.more)').length; keepRoom(); }""")
        assert page.evaluate(EVERY_OPTION_IN_VIEW)
        for part in ("#undo", "#save", "#prompt", "#digest-lines li:first-child"):
            assert _in_view(page, part), part
        assert page.evaluate("""() => { const list = document.getElementById('digest-lines');
            return list.scrollHeight > list.clientHeight + 1
              && !list.querySelector('li[hidden], li.folded, li.more'); }""")
        # and a line under the box says that it scrolls (seed 193: a line cut in the middle,
        # nothing said of the rest)
        assert _in_view(page, "#digest .digest-rest")
        assert "scroll this box" in page.locator("#digest .digest-rest").inner_text()
        assert page.evaluate(EVERY_OPTION_IN_VIEW)


# once the page shows a newer version with a decision and has its answer to the last click
# (the busy mark gone), at once: whether its first option was disabled, and whether a click on
# it or on a place of the board sent anything (a decision is sent with the busy mark)
CLICK_AS_DRAWN = """() => { window.asDrawn = null; let seen = document.body.dataset.version;
  new MutationObserver(() => { const v = document.body.dataset.version;
    const button = document.querySelector('#options button');
    if (v === seen || !button || window.asDrawn
        || document.body.classList.contains('busy')) return;
    const disabled = button.disabled;
    button.disabled = false; button.click(); button.disabled = disabled;
    document.querySelector('#board [data-place].legal')?.dispatchEvent(
      new MouseEvent('click', {bubbles: true}));
    window.asDrawn = [disabled, document.body.classList.contains('busy')]; })
  .observe(document.body, {attributes: true, attributeFilter: ['data-version', 'class']}); }"""


def test_a_new_decision_takes_no_click_until_the_pointer_moves(browser):
    """Issue 33's newcomer clicked "1 white" meant for the screen before: the panel had
    shifted under the pointer, and they moved the other commissioner. A new decision's
    options take no click in its first moments (on the button or the board) while the
    pointer has not moved; once it moves, they do."""
    table, context, page = _player_1_moves_a_commissioner(browser)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(CLICK_AS_DRAWN)
        decided = len(table.history.moves)
        _click_and_wait(page, page.locator("#options button:not([disabled])").first)
        page.wait_for_function("() => window.asDrawn")
        assert page.evaluate("() => window.asDrawn") == [True, False]  # nothing sent
        mine = [m for m in table.history.moves[decided:] if m is not None]
        page.mouse.move(5, 5)
        page.mouse.move(40, 40)
        _wait_active(page)
        assert not page.locator("#options button").first.is_disabled()
        _click_and_wait(page, page.locator("#options button").first)  # now it is taken
        assert len(table.history.moves) > decided + len(mine)
    context.close()


def test_a_word_of_the_glossary_says_its_meaning_where_the_decision_names_it(browser):
    """Issue 33's newcomer spent 29 cards blocking a bid out of fear of a "building stop",
    which the page never explained where options and hints named it. Each word of the
    display's glossary is marked where an option, a hint or the board names it, its meaning
    (the glossary's) on pointing at it."""
    from interpreter.play.display import load_display
    from interpreter.play.history import History
    from tests.test_consequences import at_the_second_stop

    game = at_the_second_stop()
    means = load_display(game.ruleset).glossary["building stop"]
    table = make_table(game.ruleset, game, History.start(game),
                       {p: "human" for p in game.players})
    with _seat_page(browser, table, token_of(table, "P2")) as page:
        button = page.locator("#options button", has_text="building stop")
        mark = button.locator("abbr.term")
        assert mark.inner_text() == "building stop"
        assert mark.get_attribute("title") == f"Building stop: {means}"
        assert button.inner_text().startswith("building stop")  # its words unchanged
        assert page.locator("#hints abbr.term").count() >= 1
        assert page.locator("#meanings").is_hidden()  # the hints say its meaning already
        header = page.locator("#board g.term", has_text="building stop").first
        assert header.locator("title").text_content() == f"Building stop: {means}"


# the hints of a newcomer's long turn (seed 173, turn 41): an empty supply, the row's end near,
# what option D scores
LONG_HINTS = """() => { const hints = document.getElementById('hints');
  hints.replaceChildren(...[
    'No skyscrapers in your supply: auctions you win build none; option A takes 3.',
    'The supply row has 5 business tiles left: the game ends when the row runs out, after 3 '
      + "more option B turns (any player's: it may end before your next turn).",
    'Option D scores 52nd St. West (Player 2 +2, Player 3 +1, Player 4 +1; black cards: you 3) '
      + 'or 34th St. East (you +64; black cards: you 2, Player 2 1, Player 3 1, Player 4 1).',
  ].map(t => { const li = document.createElement('li'); li.textContent = t; return li; }));
  keepRoom(); }"""


@pytest.mark.parametrize("seed", [0, 1])
def test_a_long_turn_keeps_its_four_options_whole_and_six_log_lines_at_1366x768(browser, seed):
    """Issue 33's newcomer (seed 173, 1366x768) met long turns whose option D sat below the
    fold of a decision panel that scrolled as a whole, with no sign that it did, and a log of
    about three lines. Under a long digest and three long hints, the turn's four options are
    each seen whole, with Undo and Save; the hints give way, scrolling in their box, which
    shows that more is below (its last line fades) until scrolled to its end; the log keeps
    six whole lines at least (three, where it gave way to the long digest)."""
    table, me = _turn_after_a_long_digest(seed)
    with _seat_page(browser, table, me) as page:
        page.evaluate(LONG_HINTS)
        buttons = page.locator("#options button").count()
        assert buttons == 4
        for k in range(1, buttons + 1):
            assert page.evaluate(SEEN_WHOLE, f"#options > :nth-child({k}) button"), k
        for part in ("#undo", "#save", "#prompt", "#hints li:first-child"):
            assert _in_view(page, part), part
        hints = page.locator("#hints")
        if hints.evaluate("el => el.scrollHeight > el.clientHeight + 1"):  # they gave way
            assert "more-below" in hints.get_attribute("class")
            hints.evaluate("el => el.scrollTop = el.scrollHeight")
            page.wait_for_function("() => !document.getElementById('hints')"
                                   ".classList.contains('more-below')")
        else:  # the log gave way to them: each is seen whole
            assert "more-below" not in (hints.get_attribute("class") or "")
            assert all(whole for (whole,) in page.evaluate(HINTS_SEEN))
        _log_keeps(page, 6)


def test_a_central_park_colour_choice_fits_at_1366x768(browser):
    """Seed 0's Central Park auction, played at the table (Player 1 at random, random bots):
    five colours, each saying what a win gives, overflowed the decision panel at 1366x768 (the
    last colours below the fold, the log at three entries). Every colour and the pass are
    seen whole, with Undo and Save, and the log keeps six whole lines at least (three, where it
    gave way to a long digest)."""
    table, me = _at_the_table(0, lambda seen, game: seen["decision"]["prompt"] ==
                              "choose the colour of your bid, or pass"
                              and game.state["vars"]["auction_at"] == "central_park")
    decision = table.state_for(me)["decision"]
    assert len(decision["options"]) == 6, decision["options"]  # five colours and the pass
    with _seat_page(browser, table, me) as page:
        for k in range(len(decision["options"])):
            assert page.evaluate(SEEN_WHOLE, f'button[data-index="{k}"]'), k
        for part in ("#undo", "#save", "#prompt"):
            assert page.evaluate(SEEN_WHOLE, part), part
        _log_keeps(page, 6)


# long hints, as a full district's auction gives them
# (more than the hints' room: 45% of the window, about 6 hints read whole, page.css)
STOP_HINTS = """() => { const box = document.getElementById('hints');
  for (let i = 0; i < 12; i++) { const li = document.createElement('li');
    li.textContent = 'If another player wins, they may stop 52nd St. West: your 3 skyscrapers '
      + 'there would leave the game, and you would score 10 VP (half).'; box.append(li); }
  keepRoom(); }"""
# each hint seen in its box (not scrolled out of it): [wholly in view]
HINTS_SEEN = """() => { const box = document.getElementById('hints').getBoundingClientRect();
  return [...document.querySelectorAll('#hints li')].map(li => li.getBoundingClientRect())
    .filter(r => r.top < box.bottom - 1 && r.bottom > box.top + 1)
    .map(r => [r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5]); }"""


def test_no_hint_is_cut_at_the_foot_of_its_box_at_1366x768(browser):
    """Issue 33's newcomer read "you would score 10 VP (half)" cut at the foot of the hints'
    box at 1366x768. Where the hints scroll, the box ends after the last whole hint in view
    (the rest scroll into view); Undo, Save and the options stay in view."""
    table, context, page = _player_1_at_1366x768(browser, 0, _choosing_a_colour)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(LONG_DIGEST)
        page.evaluate(STOP_HINTS)
        assert page.evaluate("() => { const h = document.getElementById('hints');"
                             " return h.scrollHeight > h.clientHeight + 1; }")  # it scrolls
        seen = page.evaluate(HINTS_SEEN)
        assert seen and all(whole for (whole,) in seen), seen
        for part in ("#undo", "#save", "#options button"):
            assert _in_view(page, part), part
    context.close()


FOUR_LONG_OPTIONS = """() => { const box = document.getElementById('options');
  box.className = ''; box.replaceChildren(...[...box.querySelectorAll('button')].slice(0, 4));
  for (const b of box.children) b.textContent = 'A: take 3 skyscrapers, then 2 coloured cards, '
    + 'then move a commissioner'; keepRoom(); }"""


def test_the_log_gives_way_to_a_long_digest_on_a_busy_turn(browser):
    """Issue 33: on a busy turn at 1366x768 "Since your last decision" had about two lines,
    the log's last three entries (up to eight lines) the room it lacked. The digest comes
    first: with a long digest, the log's last three entries two lines each and four options
    of two lines, the digest shows two of its lines at least (it had one), whole; the log
    keeps its last three entries whole (seed 223's newcomer read three lines as one or two
    entries), none cut, its heading saying that earlier lines are above; Undo, Save and every
    option stay in view. With a digest of one line the log keeps six lines, and says nothing
    of earlier lines."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(LONG_LOG)
        page.evaluate(LONG_DIGEST)
        page.evaluate(FOUR_LONG_OPTIONS)
        shown = page.evaluate(DIGEST_SHOWN)
        assert all(whole for whole, _ in shown), shown
        assert any(text.startswith("Player 3 wins") for _, text in shown), shown
        assert page.evaluate(DIGEST_LINES) >= 2  # (one before)
        assert page.evaluate(EVERY_OPTION_IN_VIEW)
        for part in ("#undo", "#save", "#log li:last-child", "#log-earlier"):
            assert _in_view(page, part), part
        seen = page.evaluate(LOG_LINES_SEEN)
        assert all(abs(n - round(n)) < 0.1 for n in seen), seen
        _log_keeps(page, 6)  # its last three entries whole
        page.evaluate("""() => { const ul = document.getElementById('digest-lines');
          while (ul.children.length > 1) ul.lastChild.remove(); keepRoom(); }""")
        assert page.evaluate(LOG_LINES_IN_VIEW) >= 6
        assert not page.locator("#log-earlier").is_visible()
        assert page.evaluate(EVERY_OPTION_IN_VIEW)
    context.close()


def _stop_named_in_a_note_only(seen: dict, game) -> bool:
    """Whether an option of the decision names a building stop and no hint does."""
    decision = seen["decision"]
    said = [f"{o['label']} {o['effect']}" for o in decision["options"]] + seen["digest"]
    return any("building stop" in text for text in said) \
        and not any("building stop" in hint for hint in decision["hints"])


def test_a_word_of_the_glossary_is_said_in_words_where_a_decision_first_names_it(browser):
    """Issue 33's newcomer first met "building stop" in a pass's note, its meaning said only
    on pointing at it. The first decision that names a word of the glossary in an option or
    what it does (its hints not naming it) says its meaning in words under the options, with
    the options, Undo and Save in view; the same decision drawn again says it again; a later
    decision naming it does not (once a game)."""
    from interpreter.play.display import load_display

    table, me = _at_the_table(0, _stop_named_in_a_note_only)
    means = load_display(table.ruleset).glossary["building stop"]
    with _seat_page(browser, table, me) as page:
        for drawn in ("first", "again"):
            meanings = page.locator("#meanings")
            assert meanings.inner_text() == f"Building stop: {means}.", drawn
            for part in ("#meanings", "#undo", "#save", "#options-apart button, #options button"):
                assert _in_view(page, part), (part, drawn)
            if drawn == "first":
                page.reload()
                _wait_active(page)
        page.evaluate("() => { state.decision.id += 1; renderMeanings(state); keepRoom(); }")
        assert page.locator("#meanings").is_hidden()  # a later decision: said once a game


NEWCOMER_223 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed223-newcomer.replay.json"


def _newcomer_223_decisions(table, tokens: dict[str, str]) -> Iterator[str]:
    """Player 1's token at each of Player 1's decisions in seed 223's newcomer game (issue
    33, in Chromium at 1366x768), `table` (see _newcomer_223_table) fed the others' moves as
    they made them between them."""
    data = json.loads(NEWCOMER_223.read_text())
    for at, decider in enumerate(data["deciders"]):
        if decider == "P1":
            yield tokens["P1"]
        options = list(table.display.shown(table.game, table.game.decision()).options)
        table.decide(tokens[decider], table.version, index=options.index(data["moves"][at]))


def _newcomer_223_table() -> tuple:
    """(table, the seats' tokens) at the start of seed 223's newcomer game: served once for
    the whole game (a server per decision took most of a test's minute)."""
    from tests.test_digest import _table_at

    return _table_at(NEWCOMER_223, 0)


def _newcomer_223_seen(browser) -> list[dict]:
    """What the page showed Player 1 at each of their decisions in seed 223's newcomer game
    at 1366x768 (issue 33): the step, the numbers on the board (BADGES_NEAREST_OWN) and, on
    the turns whose digest says 300 characters at least (busy), the Players panel's height,
    the log's entries seen (LOG_ENTRIES_SEEN) and which parts are in view. Seen once per run
    for the tests that read it, whichever process asks first (a whole game's table and page
    loads each took most of a test's time)."""
    def see() -> list[dict]:
        context, page = _new_page(browser, SMALL)
        seen = []
        table, tokens = _newcomer_223_table()
        with serving(table) as base:
            for me in _newcomer_223_decisions(table, tokens):
                busy = sum(map(len, table.state_for(me)["digest"])) >= 300
                page.goto(f"{base}/play/{me}")
                page.wait_for_function(DRAWN, arg=table.version)
                at = {"at": len(table.history.moves), "busy": busy,
                      "numbers": page.evaluate(BADGES_NEAREST_OWN)}
                if busy:
                    at["players"] = page.locator("#players-panel").evaluate(
                        "el => el.offsetHeight")
                    at["log"] = page.evaluate(LOG_ENTRIES_SEEN)
                    at["in view"] = {part: _in_view(page, part) for part in BUSY_IN_VIEW}
                seen.append(at)
        context.close()
        return seen

    return made_once(("newcomer 223 at 1366x768", NEWCOMER_223.read_text()), see)


BUSY_IN_VIEW = ("#digest", "#prompt", "#options-apart button, #options button", "#undo",
                "#save")


def test_the_log_shows_its_last_three_entries_whole_on_the_busiest_turns(browser):
    """Seed 223's newcomer (issue 33, 1366x768) saw the log shrink to one or two entries on
    busy turns, its first line the stray tail of an entry above, while the Players panel
    repeated the scores the board shows. On each of their turns with a long digest the
    Players panel is one line, the log shows its last three entries whole and starts at an
    entry's first line, with the digest, the prompt, the options, Undo and Save in view."""
    busy = [x for x in _newcomer_223_seen(browser) if x["busy"]]
    for x in busy:
        assert x["players"] < 40, x["at"]
        whole, tail, last_three = x["log"]
        assert last_three and not tail, (x["at"], whole, tail)
        assert all(x["in view"].values()), (x["at"], x["in view"])
    assert len(busy) >= 10  # the busiest turns of the game


# each number on the board: [its place, whether it is nearer its own place than any other (one
# not around it nor inside it): for a space (a place that holds none) its centre nearer the
# space's centre than another space's, and for every place nearer its box's edge, the
# distances]
BADGES_NEAREST_OWN = """() => { const board = document.getElementById('board');
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const inside = (a, b) => a.left >= b.left - 0.5 && a.top >= b.top - 0.5
    && a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5;
  const places = [...board.querySelectorAll('[data-place]')]
    .map(el => [el.getAttribute('data-place'), el.getBoundingClientRect()]);
  const leaf = ([p, r]) => !places.some(([q, s]) => q !== p && inside(s, r));
  return [...board.querySelectorAll('.badge')].map(g => {
    const [x, y] = centre(g.getBoundingClientRect()), own = g.getAttribute('data-for');
    const away = (r) => { const [cx, cy] = centre(r); return Math.hypot(x - cx, y - cy); };
    const edge = (r) => Math.hypot(Math.max(r.left - x, 0, x - r.right),
      Math.max(r.top - y, 0, y - r.bottom));
    const mine = places.filter(([p]) => p === own)  // (drawn once or more)
      .sort((a, b) => away(a[1]) - away(b[1]))[0];
    const box = mine[1];
    const others = places.filter(([p, r]) => p !== own && !inside(r, box) && !inside(box, r));
    const spaces = leaf(mine) ? others.filter(leaf) : [];
    const nearest = Math.min(...spaces.map(([, r]) => away(r)));
    const closest = Math.min(...others.map(([, r]) => edge(r)));
    return [own, away(box) < nearest && edge(box) < closest, Math.round(away(box)),
            Math.round(nearest), Math.round(edge(box)), Math.round(closest)]; }); }"""


def test_each_number_on_the_board_is_nearest_its_own_place(browser):
    """Seed 223's newcomer (issue 33) clicked a number beside the brown plot: it was the gray
    plot's, drawn at the corner between them. At each of their decisions among places of the
    board, in the whole game, each number is nearer its own place than any other (one around
    it or inside it aside): a space's number nearer its centre than another space's, and
    every number nearer its place's edge."""
    checked = 0
    for x in _newcomer_223_seen(browser):  # (options that are no place of the board: no number)
        wrong = [n for n in x["numbers"] if not n[1]]
        assert not wrong, (x["at"], wrong)
        checked += len(x["numbers"])
    assert checked > 200  # (every place offered to Player 1 in a whole game)


def _newcomer_223_at(step: int) -> tuple:
    """(table, Player 1's token) at step `step` of seed 223's newcomer game."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_223, step)
    return table, tokens["P1"]


def test_a_click_aimed_at_a_question_the_game_answered_says_so(browser):
    """Seed 223's newcomer (issue 33): the game took their only option (the one business of
    the set), then their click on a supply tile was refused with the next question's words.
    The page says what the game took for them above the question, once (the digest's first
    line where it says it, else a line of its own); a click on a supply space or tile says it
    was already answered, not as a refusal, and changes nothing."""
    table, me = _newcomer_223_at(32)
    with _seat_page(browser, table, me) as page:
        took = "take a business from the current set: boutique"
        said = [x for x in page.locator("#digest-lines li, #taken").all_inner_texts() if took in x]
        assert len(said) == 1, said
        assert _in_view(page, "#digest-lines li:first-child" if page.locator("#taken").is_hidden()
                        else "#taken")
        page.evaluate("() => { state.digest = []; showTaken(state); }")  # no digest says it
        assert page.locator("#taken").inner_text() == \
            f"The game took the only option for you: {took}."
        version = table.version
        page.mouse.move(5, 5)  # (a new decision's clicks wait for the pointer to move)
        page.locator('[data-place="tile(boutique)"]').first.dispatch_event("click")
        page.wait_for_function("() => !document.getElementById('panel-status').hidden")
        said = page.locator("#panel-status")
        assert said.inner_text().startswith("Already answered: the game took the only option "
                                            "for you (take a business from the current set: "
                                            "boutique). Now: place it on a building plot"), \
            said.inner_text()
        assert "bad" not in (said.get_attribute("class") or "")
        assert table.version == version  # nothing changed
        # a click on a place of the kind asked now, not offered: a refusal, as before
        page.locator('[data-place="w34_gray"]').first.dispatch_event("click")
        page.wait_for_function("() => document.getElementById('panel-status')"
                               ".classList.contains('bad')")


NEWCOMER_316 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed316-newcomer.replay.json"


def test_a_click_of_another_kind_than_the_question_taken_is_refused_for_the_question_asked(
        browser):
    """Seed 316's newcomer (issue 33, 1366x768): the game had moved their commissioner to City
    Hall (its only option); choosing the colour of their bid, they clicked a plot of 42nd St.
    West and read "Already answered: the game took the only option for you (move the
    commissioner to: City Hall)", a question they never meant to answer, with no outline on
    the plot. A place of another kind than the question taken for them chose is refused for
    the question asked now, in red, the place outlined; a click on a place of that kind still
    says it was already answered."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_316, 122)
    me = tokens["P1"]
    seen = table.state_for(me)["decision"]
    assert seen["prompt"] == "choose the colour of your bid, or pass"
    assert seen["taken"] == ["move the commissioner to: City Hall"]
    with _seat_page(browser, table, me) as page:
        version = table.version
        page.mouse.move(5, 5)  # (a new decision's clicks wait for the pointer to move)
        page.locator('[data-place="w42_gray"]').first.dispatch_event("click")
        page.wait_for_function("() => document.getElementById('panel-status')"
                               ".classList.contains('bad')")
        said = page.locator("#panel-status").inner_text()
        assert said.startswith("42nd St. West, gray cannot be chosen now: the question is "
                               "\"choose the colour of your bid, or pass\""), said
        assert "violet, brown, gray or pass" in said and "Already answered" not in said, said
        assert page.locator('[data-place="w42_gray"].refused').count() == 1
        assert table.version == version  # nothing changed
        page.locator('[data-place="city_hall"]').first.dispatch_event("click")
        page.wait_for_function("() => document.getElementById('panel-status').innerText"
                               ".startsWith('Already answered')")
        assert "bad" not in (page.locator("#panel-status").get_attribute("class") or "")
        assert table.version == version


# where the page's parts are, and whether it scrolls: [board top, hand bottom, header height,
# page taller than the window]
LAYOUT = """() => { const at = (sel) => document.querySelector(sel).getBoundingClientRect();
  return [Math.round(at('#board').top), Math.round(at('#hand-panel').bottom),
          Math.round(at('header').height),
          document.documentElement.scrollHeight > innerHeight]; }"""
# the look of each control that needs the server: [its text, its opacity, aria-disabled]
CONTROLS = """() => [...document.querySelectorAll(
  '#options button, #options-apart button, .tools button')].map(b => [b.textContent.trim(),
  Number(getComputedStyle(b).opacity), b.getAttribute('aria-disabled')])"""


def test_the_server_gone_shifts_nothing_and_greys_every_control_that_needs_it(browser):
    """Seed 316's newcomer (issue 33, 1366x768) stopped the server at their decision: the red
    "cannot be reached" box made the header two rows tall, the page shifted down and scrolled,
    the hand was cut, and "pass" and "Save the game" still looked clickable. The box lies over
    the header's legend: nothing moves, nothing scrolls; every control that needs the server
    looks disabled (and says so to a screen reader) until it is back."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_316, 236)
    me = tokens["P1"]
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        page.goto(f"{base}/play/{me}")
        _wait_active(page)
        before = page.evaluate(LAYOUT)
        assert before[3] is False, before  # the page does not scroll
        assert page.locator("#options-apart button").count() == 1  # the pass, apart
        shown = page.evaluate(CONTROLS)
        assert [c for c in shown if c[0] == "Save the game"] == [["Save the game", 1, None]]
    page.locator("#connection").wait_for(state="visible", timeout=10_000)
    assert _in_view(page, "#connection")
    assert page.evaluate(LAYOUT) == before
    controls = page.evaluate(CONTROLS)
    assert {"Save the game", "Undo my last decision"} <= {text for text, _, _ in controls}
    assert any(text.startswith("pass") for text, _, _ in controls)
    assert all(opacity < 0.5 and aria == "true" for _, opacity, aria in controls), controls
    port = int(base.rsplit(":", 1)[1])
    with serving(table, port=port):
        page.locator("#connection").wait_for(state="hidden", timeout=15_000)
        _wait_active(page)
        assert page.evaluate(LAYOUT) == before
        assert page.evaluate(CONTROLS) == shown  # as they were
    context.close()


def test_a_table_restarted_from_an_earlier_save_says_so_on_the_open_page(browser, tmp_path):
    """Seed 316's newcomer (issue 33) restarted the server from their save of turn 17 while
    the page showed the end of the game: the page went back to turn 17 by itself, nothing
    said why. It says that the table was restarted from a save and where the game is now,
    with the digest of that position, until the player decides."""
    from tests.test_digest import _resumed, _table_at

    earlier, tokens = _table_at(NEWCOMER_316, 224)
    earlier.save_dir = tmp_path
    earlier.save(tokens["P1"])
    [saved] = tmp_path.glob("*.save.json")
    over, _ = _table_at(NEWCOMER_316, 331)
    over.tokens = dict(earlier.tokens)
    me = tokens["P1"]
    context, page = _new_page(browser, SMALL)
    with serving(over) as base:
        page.goto(f"{base}/play/{me}")
        page.locator("#final-panel").wait_for(state="visible")
    again = _resumed(over, saved)
    digest = [line for line in again.state_for(me)["digest"] if line.strip()]
    assert digest
    with serving(again, port=int(base.rsplit(":", 1)[1])):
        page.locator("#final-panel").wait_for(state="hidden", timeout=15_000)
        said = page.locator("#restarted")
        assert said.inner_text() == (
            "The table was restarted from a save: back to where the game stood after 224 "
            "decisions (this page showed 331, the end of the game); all below is as it was "
            "then."), said.inner_text()
        assert _in_view(page, "#restarted")
        assert _box(page, said)["y"] < _box(page, page.locator("#digest"))["y"]  # said first
        assert page.locator("#digest-lines li:not(.more)").all_text_contents() == digest
        assert page.title().startswith("\u25b6 Your turn - ")
        _wait_active(page)
        _click_and_wait(page, page.locator("#options button").first)
        page.locator("#restarted").wait_for(state="hidden")
    context.close()


def test_a_note_goes_when_its_decision_is_answered(browser):
    """Seed 223's newcomer (issue 33) read a note about the previous decision still on screen
    after it was answered. A refusal said under a decision goes once the decision is answered,
    here from the seat's other tab (the page follows the table)."""
    table, me = _newcomer_223_at(32)
    with _seat_page(browser, table, me) as page:
        page.mouse.move(5, 5)  # (a new decision's clicks wait for the pointer to move)
        page.locator('[data-place="w34_gray"]').first.dispatch_event("click")  # taken there
        page.wait_for_function("() => document.getElementById('panel-status')"
                               ".classList.contains('bad')")
        version = _version(page)
        options = table.state_for(me)["decision"]["options"]
        table.decide(me, table.version, index=next(
            o["index"] for o in options if o["place"] == "w34_violet"))
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        assert page.locator("#panel-status").is_hidden()
        assert page.locator("#message").is_hidden()


def test_the_rules_lie_beside_the_board_and_the_players_line_is_whole(browser):
    """Issue 33: at 1366x768 the open Rules covered the board, and the Players line was cut
    all game ("greedy bots: Player 2, Player 3, Play…")."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        line = page.locator("#players-line")
        assert "random bots: Player 2-4" in line.inner_text()
        assert line.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
        page.locator("#rules-open").click()
        page.locator("#rules section").first.wait_for()
        drawer = _box(page, page.locator("#rules-drawer"))
        board = _box(page, page.locator("#board"))
        assert drawer["x"] >= board["x"] + board["width"], (drawer, board)
        for part in ("#options button", "#undo", "#save", "#prompt"):
            assert _in_view(page, part) and not page.evaluate(COVERED, part), part
    context.close()


NEWCOMER_229 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed229-newcomer.replay.json"
# the digest's lines seen whole in its box: [text, whole] each
DIGEST_LINES_SEEN = """() => { const list = document.getElementById('digest-lines');
  const box = list.getBoundingClientRect();
  return [...list.querySelectorAll('li:not(.more)')].filter(li => !li.hidden).map(li => {
    const r = li.getBoundingClientRect();
    return [li.textContent, r.top >= box.top - 1 && r.bottom <= box.bottom + 1
      && !li.classList.contains('folded')]; }); }"""


@contextmanager
def _newcomer_229_at(browser, step: int, shown: str) -> Iterator[Page]:
    """Player 1's page at 1366x768 in seed 229's newcomer's game after `step` decisions,
    once `shown` is on it."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_229, step)
    page = browser.new_page(viewport=SMALL)
    page.set_default_timeout(WAIT_MS)
    with serving(table) as base:
        page.goto(f"{base}/play/{tokens['P1']}")
        page.locator(shown).first.wait_for()
        yield page
    page.close()


def test_a_busy_turn_shows_what_others_did_to_the_player_s_pieces_whole(browser):
    """Issue 33, seed 229 in the browser at 1366x768: three commissioners moved off the
    newcomer's districts in one round, and the digest showed one line and a half of it,
    '▼ more: scroll this box', while the hints stood whole. Seed 318's newcomer missed the
    hint that mattered, scrolled in the hints' box: the hints are read whole, and the lines
    about the player's pieces scroll in their box, three lines of them at least in view,
    said to scroll ('▼ more'), never folded away."""
    with _newcomer_229_at(browser, 468, "#digest-lines li") as page:
        assert all(page.evaluate(HINTS_WHOLE))
        own = page.locator("#digest-lines li", has_text=re.compile("^Concerning you"))
        assert own.count() == 1 and own.is_visible()
        assert not own.evaluate("li => li.hidden || li.classList.contains('folded')")
        shown = page.evaluate("""() => { const list = document.getElementById('digest-lines');
          return list.clientHeight / parseFloat(getComputedStyle(list).lineHeight); }""")
        assert shown >= 2.9, shown
        assert page.locator(".digest-rest").is_visible()
        assert _in_view(page, "#save")
        assert page.locator("#options button").count() == 3
        for part in ("#options > :last-child", "#prompt"):
            assert _in_view(page, part), part


# each option number's centre from its place's box: [place, dx, dy, nearest place]
BADGE_OFFSETS = """() => { const places = [...document.querySelectorAll('#board [data-place]')]
  .map(el => [el.getAttribute('data-place'), el.getBoundingClientRect()]);
  return [...document.querySelectorAll('#board .badge')].map(g => {
    const c = g.querySelector('circle').getBoundingClientRect();
    const [x, y] = [c.x + c.width / 2, c.y + c.height / 2];
    const box = places.find(([p]) => p === g.getAttribute('data-for'))[1];
    const gap = r => Math.hypot(Math.max(r.left - x, 0, x - r.right),
      Math.max(r.top - y, 0, y - r.bottom));
    const nearest = places.reduce((a, b) => gap(b[1]) < gap(a[1]) ? b : a)[0];
    return [g.getAttribute('data-for'), Math.round(x - box.x), Math.round(y - box.y),
      nearest]; }); }"""


def test_the_numbers_of_a_row_of_like_places_sit_alike_each_by_its_own(browser):
    """Issue 33, seed 229: the numbers of the card stacks offered sat above some stacks and
    below others, a '5' beside the stack next to its own. The numbers of a row of places of
    one size take one spot, each nearest its own place."""
    with _newcomer_229_at(browser, 35, "#board .badge") as page:
        offsets = page.evaluate(BADGE_OFFSETS)
        assert len(offsets) == 5, offsets
        assert len({(dx, dy) for _, dx, dy, _ in offsets}) == 1, offsets
        assert all(place == nearest for place, _, _, nearest in offsets), offsets


def test_the_last_decision_says_what_its_two_numbers_are_at_1366x768(browser):
    """Seed 239's newcomer read '+14 if scored now' and 'you +51 ...' on each option of the
    game's last decision (1366x768), and nothing said that the second is what their score
    gains until the end: each button says 'by the end', and a note beside the options says
    what that and the final scores are."""
    ruleset, game, history = play_until(FIFTH, 4, 3, lambda g, d: len(g.moves) == 730)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    with _seat_page(browser, table, token_of(table, game.decision().player)) as page:
        # the figures most places share said once (seed 318's newcomer read them on 13
        # buttons), the player's own first; a button says its own, 'by the end' too
        assert page.locator("#every").inner_text().startswith(
            "Whichever you choose: the game ends (the last business of the supply row was "
            "placed); by the end, unless a choice says otherwise: you +")
        points = page.locator("#options button .points").all_inner_texts()
        assert any(p.startswith("by the end: ") for p in points), points
        # the whole note beside the options (scrolled to where the options leave no room)
        assert "'By the end': what each score gains from now until the game ends" in \
            page.locator("#effects").inner_text()


NEWCOMER_314 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed314-newcomer.replay.json"
# an element whole inside the visible part of the box that scrolls it, the box not scrolled
WHOLE_IN_BOX = """([sel, box]) => { const e = document.querySelector(sel).getBoundingClientRect();
  const b = document.querySelector(box); const r = b.getBoundingClientRect();
  return b.scrollTop === 0 && e.height > 0 && e.top >= r.top - 1 && e.bottom <= r.bottom + 1
    && e.bottom <= innerHeight + 1; }"""


def test_the_end_at_1366x768_shows_the_final_table_s_total_without_scrolling(browser):
    """Seed 314's newcomer (issue 33, 1366x768) scrolled the end panel for the final table's
    total row: it is in view, with every row above it, the panel not scrolled."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_314, 603)
    assert table.game.over
    with _seat_page(browser, table, tokens["P1"]) as page:
        assert page.locator("#final-table tr").last.inner_text().startswith("total")
        assert page.evaluate(WHOLE_IN_BOX, ["#final-table tr:last-child", "#final-panel"])
        assert page.evaluate(WHOLE_IN_BOX, ["#final-scores tr:last-child", "#final-panel"])


def test_on_a_phone_the_first_view_begins_at_the_question(browser):
    """Seed 314's newcomer (issue 33, 390x844, a colour to bid at turn 25) found the first
    view scrolled below the question, in the middle of the hints (the page brought the card
    stacks offered up), and "sound on your turn" touching the window's right edge. The
    question is in the first view, the places offered in the board's box as far as that
    lets them, and the sound box keeps a margin from the edge."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_314, 391)
    context, page = _phone(browser)
    with serving(table) as base:
        page.goto(f"{base}/play/{tokens['P1']}")
        _wait_active(page)
        assert page.locator("#prompt").inner_text() == "choose the colour of your bid, or pass"
        assert page.evaluate("() => scrollY") > 0  # (the case: the page scrolls to the places)
        assert _in_view(page, "#prompt")
        assert page.evaluate("() => document.querySelector('#hints li')"
                             ".getBoundingClientRect().top >= 0")
        assert page.evaluate("() => document.querySelector('#board .legal')"
                             ".getBoundingClientRect().top < innerHeight")
        right = page.evaluate("() => document.getElementById('sound-box')"
                              ".getBoundingClientRect().right")
        assert right <= PHONE["width"] - 20, right
    context.close()


@pytest.mark.parametrize("step", [242, 602], ids=["turn-17-options", "turn-41-stop"])
def test_the_digest_and_the_hints_are_read_without_scrolling_at_1366x768(browser, step):
    """Seed 314's newcomer (issue 33, 1366x768) read the digest in a box of a few lines and
    the decision's own hints in a box of two ("Option D scores Times Square ..." scrolled
    away, turn 17; the building stop's hints, turn 41). The hand and the players' line go
    under the board, in the room it leaves: the hints are whole, the digest keeps at least
    six lines, with the options, Undo, Save, the hand and the log's last lines in view."""
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_314, step)
    with _seat_page(browser, table, tokens["P1"]) as page:
        hints = page.locator("#hints")
        assert hints.evaluate("el => el.scrollHeight <= el.clientHeight + 1"), \
            hints.inner_text()
        if step == 242:
            assert "Option D scores Times Square" in hints.inner_text()
        line = page.evaluate("() => parseFloat(getComputedStyle("
                             "document.getElementById('digest-lines')).lineHeight)")
        shown = page.evaluate("() => document.getElementById('digest-lines')"
                              ".getBoundingClientRect().height")
        assert shown >= 6 * line, (shown, line)
        assert page.evaluate(EVERY_OPTION_IN_VIEW)
        for part in ("#hints", "#undo", "#save", "#hand-panel", "#log li:last-child"):
            assert _in_view(page, part), part


def test_a_busy_moment_keeps_four_whole_log_entries_with_undo_and_save(browser):
    """Issue 33 (seed 316's newcomer, 1366x768): at busy moments (a long digest, many
    options, the answer to Save under them) the log shrank to about two and a half entries,
    the first cut. With 30 options, a long digest, entries of two lines and Save's answer
    said, the log keeps its last four entries whole and none cut at its top; Undo, Save and
    their answer stay in view (the digest and the options scroll instead)."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(LONG_LOG.replace("slice(-3)", "slice(-5)"))
        page.evaluate(LONG_DIGEST)
        assert page.evaluate(THIRTY) == 30
        page.locator("#save").click()
        page.locator("#panel-status:not([hidden])").wait_for()
        page.evaluate("() => keepRoom()")  # as drawn
        whole, cut, _ = page.evaluate(LOG_ENTRIES_SEEN)
        assert whole >= 4 and not cut, (whole, cut)
        for part in ("#undo", "#save", "#panel-status", "#prompt",
                     "#log li:nth-last-child(4)"):
            assert _in_view(page, part), part
    context.close()


def test_the_rules_drawer_never_covers_undo_and_save(browser):
    """Seed 316's newcomer (issue 33, 1366x768) opened the Rules at a busy moment: the drawer
    covered the lower half of the decision, Undo, Save and options C and D. Beside a decision
    that leaves little room under it (a long digest, 30 options), the drawer opens over the
    board side: the decision's prompt, Undo and Save are uncovered."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(LONG_DIGEST)
        assert page.evaluate(THIRTY) == 30
        page.evaluate("() => keepRoom()")  # as drawn
        page.locator("#rules-open").click()
        page.locator("#rules section").first.wait_for()
        for part in ("#undo", "#save", "#prompt", "#options button"):
            assert _in_view(page, part) and not page.evaluate(COVERED, part), part
        drawer = _box(page, page.locator("#rules-drawer"))
        assert drawer["height"] > 300 and drawer["width"] > 300, drawer  # readable
    context.close()


def test_on_a_phone_the_board_is_a_tap_away_from_the_decision_and_back(browser):
    """Seed 316's newcomer (issue 33) on a 390x844 phone: the first screen was all digest and
    options, the board far below. A "Board" button at the top of the decision, on the first
    screen, brings the board's top into view; a button above the board brings the decision
    back."""
    table, context, page = _player_1_at_1366x768(browser, 0, lambda g, d: True)
    context.close()
    context, page = _phone(browser)
    with serving(table) as base:
        _open(page, base, table, "P1")
        page.evaluate(LONG_DIGEST)  # a busy moment: the board further down
        jump = page.locator("#to-board")
        assert jump.is_visible() and _in_view(page, "#to-board")
        assert not _in_view(page, "#board")
        jump.click()
        page.wait_for_function("() => { const r = document.getElementById('board')"
                               ".getBoundingClientRect();"
                               " return r.top >= 0 && r.top < innerHeight / 3; }")
        back = page.locator("#to-decision")
        assert back.is_visible() and _in_view(page, "#to-decision")
        back.click()
        page.wait_for_function("() => { const r = document.getElementById('prompt')"
                               ".getBoundingClientRect();"
                               " return r.top >= 0 && r.bottom <= innerHeight; }")
        assert _in_view(page, "#to-board")
    context.close()
    context = browser.new_context(viewport=SMALL)  # beside the board: no jumps
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    with serving(table) as base:
        _open(page, base, table, "P1")
        assert page.locator("#to-board").is_hidden() and page.locator("#to-decision").is_hidden()
    context.close()


NEWCOMER_318 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed318-newcomer.replay.json"


def _newcomer_318_at(step: int):
    """Seed 318's newcomer's game (issue 33, Chromium at 1366x768) up to `step`, at a table
    of people (no bot moves on its own)."""
    from tests.test_digest import _table_at

    return _table_at(NEWCOMER_318, step)


DIGEST_SEEN = """() => [...document.querySelectorAll('#digest-lines li:not(.more)')].map(li =>
  [li.textContent, li.classList.contains('result'), li.classList.contains('yours'),
   !li.hidden])"""


def test_the_digest_says_the_news_in_time_order_the_results_marked(browser):
    """Seed 318's newcomer (issue 33, 1366x768) read 'Concerning you: Player 4 brings the
    beige commissioner back to City Hall: a set of auctions begins ...' before the scoring
    and the commissioner moves that led to it, and reordered them in their head. The page
    says the news as they came, the results marked (not moved first), those about the
    player's places marked too; folded, the others go before the results."""
    table, _ = _newcomer_318_at(114)
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        _open(page, base, table, "P1")
        seen = page.evaluate(DIGEST_SEEN)
        texts = [text for text, *_ in seen]

        def line_of(words: str) -> int:
            return next(k for k, text in enumerate(texts) if words in text)

        scored = line_of("Player 2 chooses to score 52nd St. West")
        moved = line_of("Player 3 moves the beige commissioner from 52nd St. West")
        begun = line_of("brings the beige commissioner back to City Hall")
        passed = line_of("Player 4 passes on 34th St. West")
        assert texts[0].startswith("Points: ")
        assert scored < moved < begun < passed, texts
        assert seen[scored][1] and seen[begun][1], seen  # results, marked
        assert not seen[moved][1] and not seen[passed][1], seen
        assert seen[moved][2] and seen[begun][2] and not seen[scored][2], seen  # yours
        weights = page.evaluate("""() => [...document.querySelectorAll(
            '#digest-lines li:not(.more)')].map(li => getComputedStyle(li).fontWeight)""")
        assert int(weights[scored]) > int(weights[moved]), weights
        # cramped, the page folds the others first, the results last
        page.evaluate(LONG_DIGEST)
        page.evaluate("""() => { const lines = [...document.querySelectorAll(
            '#digest-lines li:not(.more)')]; lines[2].classList.add('result');
            lines[lines.length - 1].classList.add('result'); }""")
        assert page.evaluate(THIRTY) == 30
        page.evaluate("() => { fitDigest.kept = 0; fitDigest(); }")
        shown = page.evaluate(DIGEST_SEEN)
        assert not all(whole for *_, whole in shown), shown  # some folded
        said = " ".join(("R" if result else "-") + ("v" if whole else "h")
                        for _, result, _, whole in shown)
        assert "Rv" in said and "-h" in said, said
        # a result folded only where every other line is (the first lines stayed, the
        # results after them folded: '-v Rv Rv Rh -h ...')
        assert "Rh" not in said or "-v" not in said, said
    context.close()


def test_the_rules_drawer_stays_where_it_opened_when_the_decision_comes(browser):
    """Seed 318's newcomer (issue 33, 1366x768) opened the Rules while waiting: the drawer
    took the log's place; their decision came and the drawer jumped over the board. Opened
    while waiting it stays where it opened, beside the board, and the decision that comes
    fits above it: its prompt, Undo and Save uncovered."""
    data = json.loads(NEWCOMER_318.read_text())
    table, tokens = _newcomer_318_at(113)  # Player 4 decides, then Player 1
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        page.goto(f"{base}/play/{token_of(table, 'P1')}")
        page.wait_for_function("() => document.body.dataset.version !== undefined")
        assert "Waiting for Player 4" in page.locator("#status").inner_text()
        page.locator("#rules-open").click()
        page.locator("#rules section").first.wait_for()
        opened = _box(page, page.locator("#rules-drawer"))
        board = _box(page, page.locator("#board"))
        assert opened["x"] >= board["x"] + board["width"], (opened, board)
        at = len(table.history.moves)
        options = list(table.display.shown(table.game, table.game.decision()).options)
        table.decide(tokens[data["deciders"][at]], table.version,
                     index=options.index(data["moves"][at]))
        assert table.game.decision().player == "P1"
        _wait_active(page)
        assert page.locator("#rules-drawer").is_visible()
        assert _box(page, page.locator("#rules-drawer")) == opened
        for part in ("#undo", "#save", "#prompt", "#options button"):
            assert _in_view(page, part) and not page.evaluate(COVERED, part), part
        page.keyboard.press("Escape")  # closed: the column's room back to the log
        assert page.locator("#rules-drawer").is_hidden()
        assert page.locator("#log-panel").is_visible()
    context.close()


HINTS_WHOLE = """() => { const box = document.getElementById('hints');
  const r = box.getBoundingClientRect();
  return [...box.children].map(li => { const h = li.getBoundingClientRect();
    return h.top >= r.top - 1 && h.bottom <= r.bottom + 1 && h.bottom <= innerHeight; }); }"""


@pytest.mark.parametrize("step", [225, 406], ids=["4-hints", "5-hints"])
def test_every_hint_is_read_whole_at_1366x768(browser, step):
    """Seed 318's newcomer (issue 33, 1366x768) had 4 hints in a box of two lines that
    scrolled: the 4th, 'beige may go from Central Park back to City Hall (starting a set of
    auctions: ...)', the one that mattered, was below its fold. The hints take their room
    (the digest and the options scroll instead): every one in view, Undo and Save too."""
    table, _ = _newcomer_318_at(step)
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        _open(page, base, table, "P1")
        hints = page.locator("#hints li")
        assert hints.count() >= 4
        whole = page.evaluate(HINTS_WHOLE)
        assert all(whole), (whole, hints.all_inner_texts())
        for part in ("#undo", "#save", "#prompt"):
            assert _in_view(page, part), part
    context.close()


NEWCOMER_320 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed320-newcomer.replay.json"


def test_a_digest_line_folded_is_cut_between_clauses_and_the_player_s_points_stay(browser):
    """Seed 320's newcomer (1366x768), after the special scoring: the page folded 'Points:
    you +4 ...' into '4 more' and cut the news line under it in the middle of a clause
    ('... you score 4 VP for'), its bullet indented deeper than the others'. The player's
    points stay in view; a line folded is cut between two clauses ('; ...'), its bullet
    where the others' are, and opened it is whole."""
    from tests.test_digest import _table_at

    table, _ = _table_at(NEWCOMER_320, 325)
    context, page = _new_page(browser, SMALL)
    with serving(table) as base:
        _open(page, base, table, "P1")
        seen = page.evaluate(DIGEST_SEEN)
        assert seen[0][0].startswith("Points: you +4") and seen[0][3], seen
        # a long line of news alone, which the page must fold
        page.evaluate("""() => { const ul = document.getElementById('digest-lines');
          [...ul.children].forEach(li => li.remove()); fitDigest.kept = 0;
          const li = document.createElement('li'); li.className = 'result';
          li.textContent = 'News: ' + Array.from({length: 30}, (_, k) => 'Player 3 scores ' +
            k + ' VP for skyscrapers in at least 3 districts').join('; ') + '.';
          ul.appendChild(li); keepRoom(); }""")
        seen = page.evaluate(DIGEST_SEEN)
        cut = page.evaluate("""() => [...document.querySelectorAll('#digest-lines li.cut')]
            .map(li => [li.textContent, li.dataset.whole, getComputedStyle(li)
            .listStylePosition])""")
        assert len(cut) == 1, seen
        text, whole, position = cut[0]
        assert text.endswith(" VP for skyscrapers in at least 3 districts; \u2026"), text
        assert whole.startswith(text[:-len(" \u2026")]) and len(whole) > len(text), cut
        assert position == "outside", cut
        assert not page.evaluate("() => document.querySelector('#digest-lines li.folded')")
        page.locator("#digest-lines li.more").click()
        opened = page.evaluate("() => [...document.querySelectorAll('#digest-all li')]"
                               ".map(li => li.textContent)")
        assert whole in opened, opened
    context.close()
