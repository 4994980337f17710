"""The words of a pass in an auction that seed 315's newcomers stumbled on (issue 33): what the
pass takes back, and the high bid the log says after it."""

from __future__ import annotations

import random
import re

from interpreter.engine.ruleset import load_ruleset

from .conftest import BASE
from .test_rulebook_examples import card
from .test_terminal import _auction_in_34th_west


def test_a_pass_says_it_takes_back_cards_only_where_some_were_bid():
    """'pass (taking back any cards bid)' was offered to a player who had bid no card."""
    game, s = _auction_in_34th_west(["boutique"])
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    assert re.search(r"\d\. pass$", said) and "taking back" not in said, said
    game.apply("violet")
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    assert re.search(r"\d\. pass$", said) and "taking back" not in said, said
    game.apply(card("violet", 4))
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    assert said.endswith("2. pass (taking back your 1 card bid)"), said


def test_the_high_bid_is_said_after_a_pass_only_while_another_may_still_bid():
    """Seed 315's newcomer read 'Player 2 passes on Times Square; the high bid stays your 8;
    ...; Player 4 passes on Times Square; the high bid stays your 8; you win the auction for
    Times Square with 8', and 'Player 2 bids 4 in gray; Player 3 passes on Central Park; the
    high bid stays Player 2's 4', 'stays' for a bid just made. A plain pass says the high
    bid ('is') while a player besides its holder may still bid: the last pass is followed by
    the win, which says it."""
    game, rng = load_ruleset(BASE).new_game(4, 315), random.Random(315)
    while not game.over and game.state["step"] < 400:
        game.apply(rng.choice(game.decision().options))
    log = game.events
    assert not any("stays" in line and "high bid" in line for line in log)
    said = 0
    for k, line in enumerate(log[:-1]):
        if re.fullmatch(r"Player \d passes on [^;(]+; the high bid is .+", line):
            assert " wins the " not in log[k + 1], log[k:k + 2]
            said += 1
        if re.fullmatch(r"Player \d passes on [^;]+\.", line) and "wins the " in log[k + 1]:
            said += 1
    assert said > 5
