"""The game's log says what happened in words a newcomer reads once (issue 33, seed 137)."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

from interpreter.engine.ruleset import load_ruleset

BASE = Path(__file__).resolve().parent.parent / "rulesets" / "fifth-avenue" / "base"


@cache
def logs() -> tuple[tuple[str, ...], ...]:
    """The event logs of ten seeded random 4-player games."""
    ruleset = load_ruleset(BASE)
    out = []
    for seed in range(10):
        game = ruleset.new_game(4, seed)
        rng = random.Random(seed)
        while not game.over:
            options = game.legal_options()
            game.apply(options[rng.randrange(len(options))])
        out.append(tuple(game.events))
    return tuple(out)


def test_an_auction_won_from_an_empty_supply_says_it_builds_nothing() -> None:
    """'Player 4 wins the auction for 42nd St. East with 29.' and nothing said Player 4 built
    nothing (the newcomer saw it on the final board): the win says so, once."""
    wins = [line for log in logs() for line in log if " wins the " in line and " auction " in line]
    empty = [line for line in wins if line.endswith(" and builds none (no skyscrapers in supply).")]
    assert empty
    for log in logs():
        for i, line in enumerate(log):
            if line in empty:
                later = log[i + 1:i + 4]
                assert not any("build no skyscraper" in e or "builds none" in e for e in later)


def test_a_card_taken_and_the_card_shown_next_are_told_apart() -> None:
    """'Player 1 takes the brown 4; the brown 4 shows now.' read as the same card twice."""
    taken = [line for log in logs() for line in log if " takes the " in line and "; the " in line]
    assert taken
    assert not any(line.endswith(" shows now.") for line in taken)
    assert any(re.search(r"; the next \w+ card, a \d, now shows", line) for line in taken)


def test_a_pass_after_the_park_colour_is_set_says_which_colour_was_missing() -> None:
    """'Player 2 cannot open a bid (no card of a colour allowed in Central Park)' was said just
    after the newcomer had opened the bidding in orange: Player 2 had no orange card."""
    for log in logs():
        for i, line in enumerate(log):
            if "cannot open a bid" in line and "Central Park" in line:
                auction = log[:i][::-1]
                start = next(j for j, e in enumerate(auction) if e.startswith("Auction for "))
                assert not any(" bids in " in e for e in auction[:start])
    assert any(re.search(r" has no \w+ card to follow the bid in Central Park and passes\.$", line)
               for log in logs() for line in log)
