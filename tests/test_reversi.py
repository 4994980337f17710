"""Reversi (rulesets/tutorial/reversi), rule by rule of its rulebook (README.md), the worked
example of the rulebook, and random games checked against the hand-written reference
(../shared/reference/reversi.py) move by move."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import IllegalMove

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "rulesets" / "tutorial" / "reversi"
# next to the repository (a worktree of it may sit one folder deeper)
REFERENCE = next((path for up in (ROOT.parent, ROOT.parent.parent)
                  if (path := up / "shared" / "reference" / "reversi.py").is_file()),
                 ROOT.parent / "shared" / "reference" / "reversi.py")
LETTERS = "abcdefgh"
DIRECTIONS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset(FOLDER)


def square(name: str) -> list[int]:
    """'d5' -> [4, 5], the option of the decision."""
    return [LETTERS.index(name[0]) + 1, int(name[1])]


def board(game) -> dict[str, str]:
    """Square name -> the player whose disc lies there, read from the state as saves store
    it (a family over number ranges is a flat list while the game runs)."""
    return {f"{LETTERS[int(c) - 1]}{r}": owner
            for (c, r), owner in ((key.split("|"), owner)
                                  for key, owner in game.plain_state()["vars"]["disc_at"].items())
            if owner is not None}


def play(game, *names: str) -> None:
    for name in names:
        game.apply(square(name))


def flipped_by_hand(squares: dict[str, str], name: str, me: str) -> set[str]:
    """The discs a move flips, worked out here from rules 4 and 5 (no engine involved)."""
    c, r = square(name)
    out: set[str] = set()
    for dc, dr in DIRECTIONS:
        line, x, y = [], c + dc, r + dr
        while 1 <= x <= 8 and 1 <= y <= 8 and squares.get(f"{LETTERS[x - 1]}{y}") not in (None, me):
            line.append(f"{LETTERS[x - 1]}{y}")
            x, y = x + dc, y + dr
        if line and 1 <= x <= 8 and 1 <= y <= 8 and squares.get(f"{LETTERS[x - 1]}{y}") == me:
            out.update(line)
    return out


def names(options) -> list[str]:
    return sorted(f"{LETTERS[c - 1]}{r}" for c, r in options)


START = {"d5": "P1", "e4": "P1", "d4": "P2", "e5": "P2"}


# ------------------------------------------------------------------ Board and Setup (rules 1-3)


def test_it_checks_clean_with_every_citation_found(ruleset):
    from interpreter.editions.citations import check_citations

    report = check_citations(ruleset)
    assert ruleset.name == "Reversi" and ruleset.player_counts == [2]
    assert report.errors == [] and report.unchecked == {}


def test_four_discs_start_in_the_middle_and_black_moves_first(ruleset):
    game = ruleset.new_game(2, 1)
    assert board(game) == START
    assert game.decision().player == "P1"
    assert game.scores() == {"P1": 2, "P2": 2}


# ------------------------------------------------------------------ Moves (rule 4)


def test_the_first_moves_are_those_that_flank_a_line(ruleset):
    game = ruleset.new_game(2, 1)
    assert names(game.decision().options) == ["c4", "d3", "e6", "f5"]


def test_a_square_that_flanks_nothing_is_refused_and_changes_nothing(ruleset):
    game = ruleset.new_game(2, 1)
    before = game.state_hash()
    for name in ("c3", "a1", "d4"):  # flanks nothing; a corner; a square with a disc
        with pytest.raises(IllegalMove):
            game.apply(square(name))
    assert game.state_hash() == before


def test_a_line_must_end_at_a_disc_of_the_mover(ruleset):
    # after d3 (black), white's only discs to close a line are at e5: f3 faces e4 and d5,
    # black both, with c6 empty beyond them; it is not offered
    game = ruleset.new_game(2, 1)
    play(game, "d3")
    assert names(game.decision().options) == ["c3", "c5", "e3"]


# ------------------------------------------------------------------ Flipping (rule 5), the example


def test_the_worked_example_of_the_rulebook(ruleset):
    game = ruleset.new_game(2, 1)
    play(game, "d3")
    assert board(game) == {"d3": "P1", "d4": "P1", "d5": "P1", "e4": "P1", "e5": "P2"}
    assert game.events[-1] == "Player 1 places a disc on d3."
    play(game, "c5")
    assert board(game) == {"d3": "P1", "d4": "P1", "d5": "P2", "e4": "P1", "e5": "P2",
                           "c5": "P2"}
    assert game.decision().player == "P1"


def test_every_flanked_line_turns_over_and_no_other(ruleset):
    # play a few random games; each move turns over exactly what the rules say
    for seed in range(3):
        game = ruleset.new_game(2, seed)
        game.auto = False  # one move at a time, even a lone one
        rng = random.Random(seed)
        while not game.over:
            decision = game.decision()
            before = board(game)
            move = rng.choice(decision.options)
            name = names([move])[0]
            game.apply(move)
            after = board(game)
            changed = {s for s in after if before.get(s) != after[s]}
            assert changed == flipped_by_hand(before, name, decision.player) | {name}
            assert all(after[s] == decision.player for s in changed)


# ------------------------------------------------------------------ Passing and the end (rules 6-8)


PASS_GAME = ("c4 c3 c2 f4 f6 d6 d7 g7 f3 b2 a2 a1 e6 b4 b3 c1 d1 c5 b1 f5 a3 b5 g4 f2 c6 h4 "
             "a6 d3 g2 e2 e3 e7 h8 g6 f1 a5 f7 a4 g5 h5 b6 g3 h2 h3 h6 c8 c7 f8 e8 h7 d2 g8")


def test_a_player_without_a_move_passes_and_the_other_moves_again(ruleset):
    game = ruleset.new_game(2, 1)
    game.auto = False  # every move asked for, even a lone one
    play(game, *PASS_GAME.split())  # a random game (seed 158) up to black's first pass
    squares = board(game)
    assert not any(flipped_by_hand(squares, f"{LETTERS[c - 1]}{r}", "P1")
                   for c in range(1, 9) for r in range(1, 9)
                   if f"{LETTERS[c - 1]}{r}" not in squares)
    assert game.events[-1] == "Player 1 cannot move and passes."
    assert not game.over and game.decision().player == "P2"  # white moves again


def test_the_game_ends_when_neither_can_move_and_most_discs_win(ruleset):
    game = ruleset.new_game(2, 3)
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.decision().options))
    squares = board(game)
    counts = {p: sum(1 for owner in squares.values() if owner == p) for p in ("P1", "P2")}
    assert game.scores() == counts
    assert game.winners() == [p for p in ("P1", "P2") if counts[p] == max(counts.values())]
    for p in ("P1", "P2"):  # neither player has a move left
        assert not any(flipped_by_hand(squares, f"{LETTERS[c - 1]}{r}", p)
                       for c in range(1, 9) for r in range(1, 9)
                       if f"{LETTERS[c - 1]}{r}" not in squares)


# ------------------------------------------------------------------ the reference, move by move


@pytest.mark.skipif(not REFERENCE.is_file(), reason="../shared/reference/reversi.py is absent")
def test_random_games_agree_with_the_reference_move_by_move(ruleset):
    spec = importlib.util.spec_from_file_location("reversi_reference", REFERENCE)
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    for seed in range(10):
        game = ruleset.new_game(2, seed)
        game.auto = False  # every position, even with a lone move
        rng = random.Random(seed)
        while not game.over:
            decision = game.decision()
            me = 1 if decision.player == "P1" else 2
            cells = [0] * 64  # the reference's board: row-major from a1, 1 black, 2 white
            for name, owner in board(game).items():
                c, r = square(name)
                cells[(r - 1) * 8 + c - 1] = 1 if owner == "P1" else 2
            legal = [[c + 1, r + 1] for r in range(8) for c in range(8)
                     if reference.flips(cells, c, r, me)]
            assert decision.options == legal  # the same squares, in the same order
            game.apply(rng.choice(decision.options))
