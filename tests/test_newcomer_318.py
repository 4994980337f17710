"""What seed 318's newcomer met in the browser (issue 33, nc6-web), played again on the
replay of their game: the options' previews at the terminal and on the page alike."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest

from interpreter.play.display import load_display
from interpreter.play.terminal import Session

REPLAY = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed318-newcomer.replay.json"
PASS_34W = 342  # decisions made before the pass in the 34th St. West auction (d096)
LAST_PLACE = 439  # ... before placing the business that ends the game (d122)
PASS = ("pass (taking back your 2 cards bid; then a building stop in Times Square, "
        "auctioned later in this set, would end the game)")


@functools.cache
def _data() -> dict:
    return json.loads(REPLAY.read_text())


def table_at(step: int):
    """The browser's table after `step` decisions of the newcomer's game, every seat a
    person's, and Player 1's token."""
    pytest.importorskip("starlette")
    from .test_digest import _table_at

    table, tokens = _table_at(REPLAY, step)
    return table, tokens["P1"]


def terminal_lines(table, width: int = 100, height: int | None = None) -> list[str]:
    game = table.game
    s = Session(game.ruleset, game, table.history, {p: "human" for p in game.players},
                load_display(game.ruleset), io.StringIO(), width=width, height=height)
    return s.decision_lines(game.decision())


def test_a_pass_that_loses_skyscrapers_says_what_they_were_worth_at_the_end():
    """d096: 'pass ... you +32, Player 3 +7, Player 4 +11 -- your 8 skyscrapers go out of the
    game': the blue '+32' read as a gain; passing lost the 64 VP the 8 skyscrapers score at
    the final scoring. The points of a player whose final scoring falls are said in all
    first, then what they are now, and for the viewer what the final scoring loses."""
    table, token = table_at(PASS_34W)
    decision = table.state_for(token)["decision"]
    options = {o["label"]: o for o in decision["options"]}
    said = ("you -32 in all (+32 now, 64 VP fewer at the final scoring if it came now), "
            "Player 3 -8 in all (+7 now), Player 4 +11")
    assert options[PASS]["points"] == said
    # the cards to raise with: nothing at once, nothing to compare but the pass's
    assert all(not o["points"] for label, o in options.items() if label != PASS)
    text = " ".join(" ".join(terminal_lines(table)).split())
    assert f"{PASS}: you -32 in all (+32 now, 64 VP fewer at the final scoring if it " \
        "came now); your 8 skyscrapers go out of the game; Player 3 -8 in all (+7 now), " \
        "Player 4 +11;" in text, text


def test_the_game_ending_place_says_the_figures_every_place_shares_once():
    """d122: the 13 places of the business that ends the game each repeated 'by the end: you
    +92 to +98, Player 2 +11 to +17, Player 3 +32, Player 4 +12', one of them different, and
    the line every choice shares was cut. The figures most places share are said once,
    first after the end ('Whichever you choose: ...'), each place says only its own."""
    table, token = table_at(LAST_PLACE)
    decision = table.state_for(token)["decision"]
    shared = ("the game ends (the last business of the supply row was placed); by the end, "
              "unless a choice says otherwise: you +92 to +98, Player 2 +11 to +17, "
              "Player 3 +32, Player 4 +12; final scores (estimate) likewise: you 164 to 170, "
              "Player 2 21 to 27, Player 3 59, Player 4 36; you most likely win; ")
    assert decision["every"].startswith(shared), decision["every"]
    points = {o["label"].split(" (")[0]: o["points"] for o in decision["options"]}
    assert points["52nd St. West, green"] == "by the end: you +94 to +100, Player 4 +13"
    assert points["34th St. East, gray"] == "by the end: Player 2 +14 to +20"
    assert points["52nd St. West, brown"] == "by the end: Player 3 +33, Player 4 +13"
    # the end said once, not on the buttons: those with no figures of their own say none
    assert sum(p == "" for p in points.values()) == 7, points
    assert not any("+92" in p or "final scores" in o["effect"]
                   for p, o in zip(points.values(), decision["options"], strict=True))
    # at the terminal alike; at 80 columns the shared figures are kept whole, the pieces
    # left to 'points'
    for width, height in ((100, None), (80, 24)):
        lines = terminal_lines(table, width, height)
        text = " ".join(" ".join(lines).split())
        assert f"Whichever you choose: {shared}" in text or \
            f"Whichever you choose: {shared[:-2]}; and more ('points')." in text, text
        assert text.count("+92 to +98") == 1 and text.count("you most likely win") == 1
    text = " ".join(" ".join(terminal_lines(table)).split())
    assert "10. 52nd St. West, green (you +2: your skyscrapers there from 4 to 6 VP if " \
        "scored now; Player 4 +1): you +94 to +100, Player 4 +13" in text, text


def test_the_first_skyscrapers_say_their_placing_order_and_the_rulebook_s():
    """The first skyscrapers are placed counter-clockwise from Player 1, then clockwise
    back, as the rulebook's Preparation says; nothing said so, and seed 318's newcomer took
    the order 1-4-3-2, 2-3-4-1 for a bug. The page says the order, the terminal in short."""
    assert _data()["deciders"][:8] == ["P1", "P4", "P3", "P2", "P2", "P3", "P4", "P1"]
    table, token = table_at(0)
    hints = table.state_for(token)["decision"]["hints"]
    assert "Placing order (rulebook, Preparation): the first skyscrapers counter-clockwise " \
        "from Player 1 (Player 1, Player 4, Player 3, Player 2), then the second ones clockwise " \
        "back (Player 2, Player 3, Player 4, Player 1)." in hints, hints
    first = terminal_lines(table, 80, 24)
    second = terminal_lines(table_at(7)[0], 80, 24)
    order = "Placing order (rulebook): counter-clockwise from Player 1, then clockwise back."
    assert order in first and order in second
    # the set-up's line at the first placing only: the second's screen needs the row
    assert any(line.startswith("Set up:") for line in first)
    assert not any(line.startswith("Set up:") for line in second)
