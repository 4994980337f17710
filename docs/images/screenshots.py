"""Makes the browser screenshots of docs/playing.md: `python docs/images/screenshots.py`.

Three positions of a 4-player Fifth Avenue game (a commissioner to move, an auction, the end),
each at 1366x768 (serve-NAME.png) and 1920x1080 (serve-NAME-1920.png), through `rules serve`'s
page in headless Chromium (Playwright and Debian's chromium, as tests/test_web_browser.py).
Run from the repository's folder.
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
SIZES = {"": (1366, 768), "-1920": (1920, 1080)}


def _commissioner(game, decision) -> bool:
    return decision.prompt == "move the commissioner to" and decision.player == "P1" and \
        game.V["turns"] >= 6


def _bidding(game, decision) -> bool:
    return decision.player == "P1" and decision.prompt.startswith(ADD_CARD) and \
        game.Z["bid"]["P1"] and any(str(o).startswith("card(") for o in decision.options)


POSITIONS = {"midgame": (2, _commissioner), "auction": (4, _bidding),
             "final": (5, lambda game, decision: False)}


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        for name, (seed, stop) in POSITIONS.items():
            ruleset, game, history = play_until(FIFTH, 4, seed, stop)
            seats = {p: "random" for p in game.players} | {"P1": "human"}
            table = make_table(ruleset, game, history, seats)
            with serving(table) as base:
                for suffix, (width, height) in SIZES.items():
                    context = browser.new_context(viewport={"width": width, "height": height})
                    page = context.new_page()
                    page.goto(f"{base}/play/{token_of(table, 'P1')}")
                    page.wait_for_function(ACTIVE)
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(HERE / f"serve-{name}{suffix}.png"))
                    context.close()
        browser.close()


if __name__ == "__main__":
    main()
