"""Log lines that said a thing twice or read oddly: a marker sent back to City Hall by a
building stop is not sent back again after its auction; the final scoring with nothing below
Central Park does not say "0 businesses turned over ()"."""

from __future__ import annotations

import random
import re

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.preview import if_ended_now

from .conftest import BASE

RETURNS = re.compile(r"The \w+ commissioner's marker in (.+) returns to City Hall\.")


def played(ruleset, seed: int):
    """A 4-player game of `ruleset` played to its end by a random generator seeded `seed`."""
    game = ruleset.new_game(4, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.decision().options))
    return game


def test_a_marker_returns_to_city_hall_once_even_after_a_building_stop():
    ruleset = load_ruleset(BASE)
    stops_in_auctions = 0
    for seed in range(40):
        game = played(ruleset, seed)
        returned: list[str] = []
        for line in game.events:
            if "back to City Hall: a set of auctions begins" in line:
                returned = []
            elif RETURNS.fullmatch(line):
                assert line not in returned, f"seed {seed}: {line} said twice"
                returned.append(line)
            elif "declares a building stop" in line:
                stops_in_auctions += 1
    assert stops_in_auctions > 0  # the case was met


def test_nothing_below_central_park_is_said_in_words():
    game = load_ruleset(BASE).new_game(3, 1)
    assert not game.Z["park_tiles"]
    ending = if_ended_now(game, game.decision().player)
    assert ending is not None
    assert "Central Park: no business lies below it to turn over; it counts as 1 type." \
        in ending.lines
    assert not any("0 businesses" in x or "()" in x for x in ending.lines)


def test_the_pieces_a_building_stop_removes_are_said_once_per_owner_with_a_count():
    """'Removed from Times Square, gray: skyscraper of Player 4, skyscraper of Player 4,
    skyscraper of Player 4' read as noise: 'Player 4's 3 skyscrapers'."""
    ruleset = load_ruleset(BASE)
    several = 0
    for seed in range(6):
        game = played(ruleset, seed)
        for line in game.events:
            if line.startswith("Removed from "):
                assert "skyscraper of " not in line, line
                owners = re.findall(r"(Player \d)'s (\d+) skyscrapers?", line)
                assert len({o for o, _ in owners}) == len(owners), line
                several += any(int(n) > 1 for _, n in owners)
    assert several


def test_a_payment_of_one_card_says_the_card_not_the_cards():
    """'pays green 5 = 5: the cards go face up under their stacks' said 'cards' of one."""
    ruleset = load_ruleset(BASE)
    one = many = 0
    for seed in range(3):
        for line in played(ruleset, seed).events:
            found = re.fullmatch(r".+ pays (.+) = \d+: (.+)\.", line)
            if found:
                cards = found.group(1).count("+") + 1
                one += cards == 1
                many += cards > 1
                assert found.group(2) == ("the card goes face up under its stack" if cards == 1
                                          else "the cards go face up under their stacks"), line
    assert one and many


def test_a_building_stop_is_declared_before_the_others_score_their_half():
    """The end screen said 'Player 1 scores 10 VP (half)' before 'Player 2 declares a
    building stop': the declaration comes first, then the half points it gives."""
    ruleset = load_ruleset(BASE)
    halves = 0
    for seed in range(6):
        events = played(ruleset, seed).events
        for k, line in enumerate(events):
            found = re.fullmatch(r".+ scores \d+ VP \(half\) in (.+)\.", line)
            if found and "(half)" not in events[k - 1]:
                halves += 1
                assert re.fullmatch(rf".+ declares a building stop in {re.escape(found[1])} "
                                    r"and scores \d+ VP\.", events[k - 1]), events[k - 2:k + 1]
    assert halves


def test_the_black_cards_shuffled_anew_are_counted_by_value_not_listed():
    """A newcomer's screen listed the 20 black cards shuffled into a new stack one by one
    ('black 4, black 6, black 4, ...', four rows): the line says how many, by value."""
    ruleset = load_ruleset(BASE)
    shuffles = [line for seed in range(3) for line in played(ruleset, seed).events
                if "shuffled into a new face-down black stack" in line]
    assert shuffles  # the case was met
    for line in shuffles:
        found = re.fullmatch(r"The (\d+) face-up black cards? \((.+)\) (?:is|are) shuffled "
                             r"into a new face-down black stack\.", line)
        assert found, line
        counts = re.findall(r"(\d+) (black \d+)", found[2])
        assert ", ".join(f"{n} {k}" for n, k in counts) == found[2], line
        assert len({k for _, k in counts}) == len(counts), line  # each value once
        assert sum(int(n) for n, _ in counts) == int(found[1]), line
        assert len(line) < 120, line


def test_a_special_scoring_says_the_rule_s_threshold_not_a_count_that_reads_as_the_points():
    """'Player 4 scores 6 VP: skyscrapers in 5 districts' read as 5 districts giving 6 VP:
    the line says the threshold of the rule and which special scoring it is (en-2004,
    Special scoring after the placing of certain businesses: 3rd, 6th, 9th business;
    3, 4, 5 districts; 4, 6, 8 VP)."""
    ruleset = load_ruleset(BASE)
    table = {3: (3, 4), 6: (4, 6), 9: (5, 8)}
    said = re.compile(r"Player \d scores (\d+) VP for skyscrapers in at least (\d+) "
                      r"districts: the special scoring after business (\d+)\.")
    found = 0
    for seed in range(4):
        for line in played(ruleset, seed).events:
            assert "VP: skyscrapers in" not in line, line
            match = said.fullmatch(line)
            if match:
                vp, districts, placed = map(int, match.groups())
                assert table[placed] == (districts, vp), line
                found += 1
    assert found  # the case was met


def test_a_player_who_did_not_score_is_told_why_a_black_card_comes_to_them():
    """Two newcomers got a black card when another player scored a district and saw no reason
    (en-2004, the 2nd action, D: every player without a skyscraper in the district scored
    takes one): the log says it before the card is drawn."""
    said = 0
    for seed in range(6):
        log = played(load_ruleset(BASE), seed).events
        scorer = None
        for k, line in enumerate(log):
            if found := re.match(r"(.+) chooses to score (.+)\.$", line):
                scorer, district = found.groups()
            elif scorer and line.endswith(" draws a black card (face down).") and \
                    not line.startswith(scorer + " "):
                who = line.split(" draws ")[0]
                assert log[k - 1] in (f"{who} takes 1 black card too, having no skyscraper "
                                      f"in {district}, the district scored.", line), log[k - 1]
                said += 1
            elif not line.endswith("(face down).") and " having no skyscraper in " not in line:
                scorer = None
    assert said > 0


def test_a_bid_taken_back_names_its_auction():
    """'Player 3 passes and takes back ...' said no word of which auction, where several run
    in a set (seed 233's newcomer): a pass that takes cards back, or has none left to raise
    the bid, names the auction as a pass does ('passes on 34th St. East')."""
    ruleset = load_ruleset(BASE)
    said = 0
    for seed in range(3):
        auction = None
        for line in played(ruleset, seed).events:
            if found := re.match(r"Auction for (.+?): ", line):
                auction = found.group(1)
            if " takes back " in line or " has no card left to raise " in line:
                assert f" passes on {auction} and takes back " in line or \
                    line.endswith(f" and passes on {auction}."), line
                said += 1
    assert said
