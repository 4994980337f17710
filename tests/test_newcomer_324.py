"""What seed 324's newcomer met in the browser (nc8-web), played again on the replay of their
game: the options' words and the log, on the page (and at the terminal where it says them
too). One table is fed the replay once; each test reads the positions it needs."""

from __future__ import annotations

import functools
import io
from pathlib import Path

import pytest

from interpreter.play.digest import said_to
from interpreter.play.display import load_display
from interpreter.play.terminal import Session

REPLAY = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed324-newcomer.replay.json"
SECOND_SKYSCRAPER = 7  # decisions made before the newcomer's second starting skyscraper (d01)
TAKEN_A = 130  # ... a while after their option A took 3 skyscrapers (step 121)
BUILD_OF_3 = 301  # ... before 'how many to build' with 3 in supply, 1 allowed (d80)
AFTER_LONE_PASS = 374  # ... the screen after the pass taken for them (d100)
BUILD_OF_1 = 382  # ... 'how many to build' with 1 in supply
PASS_TO_PLAYER_3 = 436  # ... the 34th St. West auction, Player 3 and they left (d124)
LAST_PLACE = 585  # ... placing the business that ends the game (d169)
STEPS = (0, SECOND_SKYSCRAPER, TAKEN_A, BUILD_OF_3, AFTER_LONE_PASS, BUILD_OF_1,
         PASS_TO_PLAYER_3, LAST_PLACE)


def _terminal_text(table) -> str:
    game = table.game
    session = Session(game.ruleset, game, table.history, {p: "human" for p in game.players},
                      load_display(game.ruleset), io.StringIO(), width=100)
    return " ".join(" ".join(session.decision_lines(game.decision())).split())


@functools.cache
def _seen() -> dict[int, dict]:
    """For each of STEPS: Player 1's page state, their log, and the terminal's decision."""
    pytest.importorskip("starlette")
    from .test_digest import _table_at

    seen: dict[int, dict] = {}

    def visit(at: int, table, tokens: dict) -> None:
        if at in STEPS:
            seen[at] = {"state": table.state_for(tokens["P1"]),
                        "log": list(table.game.log_for("P1")),
                        "terminal": _terminal_text(table)
                        if at in (PASS_TO_PLAYER_3, LAST_PLACE) else ""}

    _table_at(REPLAY, max(STEPS), visit)
    return seen


def _options(step: int) -> dict[str, dict]:
    return {o["label"].split(" (")[0]: o for o in _seen()[step]["state"]["decision"]["options"]}


def test_when_every_option_ends_the_game_no_button_repeats_it():
    """d169: the last business's places read 'the game ends' on some buttons and 'by the end:
    ...' on others, under 'Whichever you choose: the game ends': as if only some ended it.
    The end is said once; a place says only the figures it has of its own."""
    decision = _seen()[LAST_PLACE]["state"]["decision"]
    assert decision["every"].startswith("the game ends ("), decision["every"]
    points = [o["points"] for o in decision["options"]]
    assert not any("the game ends" in p for p in points), points
    assert any(p.startswith("by the end: ") for p in points), points
    assert "" in points, points
    text = _seen()[LAST_PLACE]["terminal"]
    assert text.count("the game ends") == 1, text


def test_a_line_about_the_viewer_after_a_colon_goes_on_in_the_second_person():
    """d100: 'you cannot raise the bid above 13: passes on 34th St. West and takes back their
    bid of 12': the clause after the colon went on in the third person."""
    line = ("Player 1 cannot raise the bid above 13: passes on 34th St. West and takes back "
            "their bid of 12 (orange 6 x2)")
    assert said_to(line, "Player 1") == (
        "you cannot raise the bid above 13: you pass on 34th St. West and take back your "
        "bid of 12 (orange 6 x2)")
    # what follows a colon that is no deed of theirs stays as it is
    assert said_to("Player 1 draws no black card: none is left", "Player 1") == \
        "you draw no black card: none is left"
    assert said_to("Player 1 chooses option A: take skyscrapers", "Player 1") == \
        "you choose option A: take skyscrapers"
    digest = " ".join(_seen()[AFTER_LONE_PASS]["state"]["digest"])
    assert "you cannot raise the bid above 13: you pass on 34th St. West and take back " \
        "your bid of 12" in digest, digest
    assert "passes" not in digest and "their bid" not in digest, digest


def test_a_pass_that_ends_the_auction_says_who_wins_when_the_next_decision_is_yours():
    """d124: with only Player 3 left, the pass said the cards going under the stacks and not
    that Player 3 won: the winner, with no skyscrapers to build, decided nothing, and the
    next decision was the newcomer's own (the next auction's)."""
    effect = _options(PASS_TO_PLAYER_3)["pass"]["effect"]
    assert "Player 3 wins the auction for 34th St. West with 18" in effect, effect
    text = _seen()[PASS_TO_PLAYER_3]["terminal"]
    assert "Player 3 wins the auction for 34th St. West with 18" in text, text


def test_the_second_starting_skyscraper_says_why_a_district_s_plots_are_not_offered():
    """d01: after the first skyscraper in 34th St. West, that district's other plots left the
    options of the second with no word (the Preparation says 'any empty building plot'; the
    one-plot rule is The auctions')."""
    hints = _seen()[SECOND_SKYSCRAPER]["state"]["decision"]["hints"]
    assert any(h.startswith("Not offered: the other plots of 34th St. West, where your "
                            "plot is fixed by your skyscraper (rulebook, The auctions") and
               "+N beside a plot" in h for h in hints), hints
    first = _seen()[0]["state"]["decision"]["hints"]
    assert not any("Not offered" in h for h in first) and any(
        h.startswith("+N beside a plot") for h in first), first
    assert not any("34th St. West," in label for label in _options(SECOND_SKYSCRAPER))


def test_keeping_the_skyscrapers_says_them_as_many_as_the_supply_holds():
    """d80: '0 - your skyscraper stays in your supply' with 3 in supply (1 allowed): the
    words agreed with the most an option builds, not with what the supply holds."""
    assert _options(BUILD_OF_3)["0"]["effect"] == \
        "none goes: your skyscrapers stay in your supply"
    assert _options(BUILD_OF_1)["0"]["effect"] == "your skyscraper stays in your supply"


def test_the_skyscrapers_option_a_takes_show_in_the_short_log():
    """With 'every step' off, 'Player 1 takes 3 skyscrapers: 4 in supply.' was folded away
    (a line about the player right before it, 'chooses option A: take skyscrapers', was
    taken to say it again): option A read as if it gave only cards."""
    seen = _seen()[TAKEN_A]
    log, folded = seen["log"], set(seen["state"]["log_folded"])
    taken = [k for k, line in enumerate(log) if line.startswith("Player 1 takes 3 skyscrapers")]
    assert taken and not folded & set(taken), [log[k] for k in taken]
    # a line that says the move, with its reason, still folds the move's own line
    drawn = [k for k, line in enumerate(log[1:], 1) if line.endswith(
        "draws a black card (face down).") and " takes 1 black card too" in log[k - 1]]
    assert drawn and set(drawn) <= folded
