"""The log tells the whole public story: a player who missed nothing can follow every public
change of the game from the log alone (interpreter/play/public_log.py compares the public facts
before and after each decision and looks for a log line that names each change).

Random games of every playable bundled Fifth Avenue ruleset are checked; and taking one log
statement out of the rules must make the check fail (so it can fail)."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.public_log import (
    check_game,
    leaked,
    public_facts,
    secret_moves,
    untold_changes,
)

from .conftest import BASE, FIFTH, edited_copy

# `turns` counts the turns: a reader counts the "chooses option" lines.
DERIVED = frozenset({"turns"})
PLAYABLE = ["base", "alea-2p", "six-plot", "six-plot-2p", "editions/en-fan-1.2",
            "editions/en-fan-1.2-2p", "editions/ko-playable", "editions/ko-playable-2p",
            "editions/nl-playable"]
GAMES = 2  # each player count of the two a ruleset has (the suite stays within CI's time)


def untold(folder, seeds=range(GAMES)) -> list:
    ruleset = load_ruleset(folder)
    counts = ruleset.player_counts
    return [u for seed in seeds
            for u in check_game(ruleset, counts[seed % len(counts)], seed, DERIVED)]


@pytest.mark.parametrize("name", PLAYABLE)
def test_random_games_are_told_in_full_by_the_log(name):
    found = untold(FIFTH / name)
    assert not found, "\n".join(str(u) for u in found[:5])


@pytest.mark.parametrize("file, line, change", [
    ("rules/turn.rules", '        log "{p} draws a black card (face down)."\n', "hand"),
    ("rules/turn.rules", '        log "{p} takes the {first_card}{uncovered(first_colour)}."\n',
     "colour_stack"),
    ("rules/auctions.rules", '        log "{p} adds {k} to the bid: {bid_text(p)}."\n', "bid"),
    ("rules/auctions.rules", '        log "{p} bids in {c}."\n', "bid_colour"),
    ("rules/commissioners.rules",
     '    log "{p} moves the {c} commissioner from {origin} to {destination}."\n',
     "commissioner_at"),
    ("rules/scoring.rules", '        log "{p} scores {points} VP in {d}."\n', "vp"),
])
def test_a_missing_log_statement_is_found(tmp_path, file, line, change):
    edited = edited_copy(tmp_path, file, line, "")
    found = untold(edited, range(1))
    assert found, f"deleting {line.strip()} went unnoticed"
    names = Counter(u.what.split("[")[0].split(":")[0] for u in found)
    assert change in names, names


def test_a_change_is_untold_unless_a_line_of_its_step_names_it():
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(3, 1)
    before = public_facts(game)
    game.V["vp"]["P2"] += 5
    game.Z["towers"]["w34_violet"] = {"skyscraper(P1)": 1}
    after = public_facts(game)
    silent = untold_changes(game, before, after, ["Player 3 scores 5 VP."], 1)
    assert [u.what for u in silent] == ["towers[34th St. West, violet]: gains skyscraper of "
                                        "Player 1",
                                        "vp[Player 2]: 0 -> 5"]
    told = untold_changes(game, before, after,
                          ["Player 2 scores 5 VP.",
                           "Player 1 builds 1 on 34th St. West, violet."], 1)
    assert told == []


def test_a_log_line_that_names_a_card_drawn_face_down_is_a_leak():
    # (The rules cannot write such a line: a log line that reads a hidden zone is refused when
    # the rules are loaded. This checks the log's text itself, whatever wrote it.)
    game = load_ruleset(BASE).new_game(3, 2)
    before = copy.deepcopy(game.state["zones"])
    drawn = game.Z["black_stack"].pop()
    game.Z["hand"]["P1"][drawn] = game.Z["hand"]["P1"].get(drawn, 0) + 1
    secret = secret_moves(game, before, game.state["zones"])
    assert secret == Counter({drawn: 1})
    said = f"Player 1 draws a black card (face down): {game.label(drawn)}."
    assert [u.what for u in leaked(game, secret, [said], 1)] == [
        f"the log names {game.label(drawn)}, which went into a hidden place unseen"]
    assert leaked(game, secret, ["Player 1 draws a black card (face down)."], 1) == []
