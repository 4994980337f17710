"""Makes the pictures of docs/playing.md: `python docs/images/screenshots.py`.

The browser: three positions of a 4-player Fifth Avenue game (a commissioner to move, an
auction, the end), each at 1366x768 (serve-NAME.png), 1920x1080 (serve-NAME-1920.png) and on
a phone, 390x844 (serve-NAME-phone.png), through `rules serve`'s page in headless Chromium
(Playwright and Debian's chromium, as tests/test_web_browser.py); the spectators' page
mid-game (serve-spectator.png) and the host's page (serve-host.png, serve-host-phone.png); at
1366x768, a business to place on a plot (serve-plots.png), the same with a plot that holds a
skyscraper clicked (serve-refused.png: the answer beside the options, not over the board), the
28 starting plots of the setup (serve-start.png) and the Rules opened mid-game
(serve-rules.png).
The board picture (board-NAME.png): the SVG of `rules show --svg`
after a building stop, in an auction (as Cleo sees it, with her hand), and at the end.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.test_undo import ADD_CARD  # noqa: E402
from tests.web_support import FIFTH, make_table, play_until, serving, token_of  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ACTIVE = "() => document.querySelector('#options button') || " \
         "!document.getElementById('final-panel').hidden"
SIZES = {"": (1366, 768), "-1920": (1920, 1080), "-phone": (390, 844)}


def _commissioner(game, decision) -> bool:
    return decision.prompt == "move the commissioner to" and decision.player == "P1" and \
        game.V["turns"] >= 6


def _bidding(game, decision) -> bool:
    return decision.player == "P1" and decision.prompt.startswith(ADD_CARD) and \
        game.Z["bid"]["P1"] and any(str(o).startswith("card(") for o in decision.options)


def _placing(game, decision) -> bool:
    return decision.player == "P1" and decision.prompt == "place it on a building plot" and \
        game.state["step"] > 150


POSITIONS = {"midgame": (2, _commissioner), "auction": (4, _bidding),
             "final": (5, lambda game, decision: False)}
# at 1366x768 only: the plots a business may go to, numbered on the board (serve-plots.png);
# the Rules opened beside the decision (serve-rules.png)
PLACING = (2, _placing)


def _after_stop(game, decision) -> bool:
    return game.V["stops"] > 0 and decision.player == "P3"


def _high_bid(game, decision) -> bool:
    return decision.player == "P3" and game.V["high_bidder"] is not None and \
        decision.prompt.startswith(ADD_CARD)


BOARDS = {"mid": (3, _after_stop, "P3"), "auction": (8, _high_bid, "P3"),
          "final": (5, lambda game, decision: False, None)}
NAMES = {"P1": "Ann", "P2": "Ben", "P3": "Cleo", "P4": "Dan"}


def boards(browser) -> None:
    from interpreter.play.display import load_display

    for name, (seed, stop, viewer) in BOARDS.items():
        for attempt in range(seed, seed + 40):
            try:
                ruleset, game, _ = play_until(FIFTH, 4, attempt, stop)
            except AssertionError:
                continue
            if name != "mid" or game.V["stops"] > 0:
                break
        game.names.update(NAMES)
        picture = load_display(ruleset).to_svg(game, viewer)
        context = browser.new_context(viewport={"width": 1000, "height": 700})
        page = context.new_page()
        page.set_content('<body style="margin:0">' + picture.split("?>", 1)[-1]
                         .replace("<svg ", '<svg style="width:1000px;height:700px" ', 1)
                         + "</body>")
        page.screenshot(path=str(HERE / f"board-{name}.png"))
        context.close()


DRAWN = "() => document.querySelector('#board svg')"


# a plot that the decision does not offer (one with a skyscraper or two businesses)
REFUSED_PLOT = ('#board [data-place*="_"]:not(.legal):not([data-place$="_hall"])'
                ':not([data-place$="_park"]):not([data-place="times_square"])')


def shoot(browser, size: tuple[int, int], url: str, ready: str, name: str,
          click: str | None = None) -> None:
    """A picture of the page at `url` in a window of `size`, once `ready` holds (and after a
    click on `click`, if given: at its middle, as a person clicks, pieces on it or not)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(ready)
    if click:
        page.locator(click).first.click(force=True)
        page.wait_for_function("() => !document.body.classList.contains('busy')")
        if click == "#rules-open":  # (the book comes from the server: 300 ms were too few)
            page.locator("#rules section").first.wait_for()
    page.wait_for_timeout(300)
    page.screenshot(path=str(HERE / name))
    context.close()


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        boards(browser)
        for name, (seed, stop) in POSITIONS.items():
            ruleset, game, history = play_until(FIFTH, 4, seed, stop)
            seats = {p: "random" for p in game.players} | {"P1": "human"}
            table = make_table(ruleset, game, history, seats)
            with serving(table) as base:
                for suffix, (width, height) in SIZES.items():
                    shoot(browser, (width, height), f"{base}/play/{token_of(table, 'P1')}",
                          ACTIVE, f"serve-{name}{suffix}.png")
                if name == "midgame":
                    shoot(browser, SIZES[""], f"{base}/play/{table.spectator}", DRAWN,
                          "serve-spectator.png")
                    for suffix in ("", "-phone"):
                        shoot(browser, SIZES[suffix], f"{base}/host/{table.host}",
                              "() => document.querySelector('#links button')",
                              f"serve-host{suffix}.png")
                    shoot(browser, SIZES[""], f"{base}/play/{token_of(table, 'P1')}", ACTIVE,
                          "serve-rules.png", click="#rules-open")
        ruleset, game, history = play_until(FIFTH, 4, *PLACING)
        table = make_table(ruleset, game, history,
                           {p: "random" for p in game.players} | {"P1": "human"})
        with serving(table) as base:
            shoot(browser, SIZES[""], f"{base}/play/{token_of(table, 'P1')}", ACTIVE,
                  "serve-plots.png")
            shoot(browser, SIZES[""], f"{base}/play/{token_of(table, 'P1')}", ACTIVE,
                  "serve-refused.png", click=REFUSED_PLOT)
        ruleset, game, history = play_until(FIFTH, 4, 0, lambda game, decision: True)
        table = make_table(ruleset, game, history,
                           {p: "random" for p in game.players} | {"P1": "human"})
        with serving(table) as base:
            shoot(browser, SIZES[""], f"{base}/play/{token_of(table, 'P1')}", ACTIVE,
                  "serve-start.png")
        browser.close()


if __name__ == "__main__":
    main()
