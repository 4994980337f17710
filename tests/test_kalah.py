"""Kalah (rulesets/tutorial/kalah), rule by rule of its rulebook (rules.txt), on concrete
positions reached by playing moves, and random games checked against the hand-written version
(benchmarks/yardsticks/kalah.py) move by move."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import IllegalMove

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "rulesets" / "tutorial" / "kalah"
HAND_WRITTEN = ROOT / "benchmarks" / "yardsticks" / "kalah.py"
START = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset(FOLDER)


@pytest.fixture(scope="module")
def by_hand():
    spec = importlib.util.spec_from_file_location("kalah_by_hand", HAND_WRITTEN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def board(game) -> list[int]:
    """The board as the hand-written version lays it out, read from the state: player 1's
    pits 1-6, player 1's store, player 2's pits 1-6, player 2's store."""
    seeds, store = (game.plain_state()["vars"][name] for name in ("seeds", "store"))
    return [*(seeds[f"P1|{i}"] for i in range(1, 7)), store["P1"],
            *(seeds[f"P2|{i}"] for i in range(1, 7)), store["P2"]]


def new_game(ruleset, *pits: int):
    """A game with every move asked for (even a lone one), after sowing these pits in turn."""
    game = ruleset.new_game(2, 1)
    game.auto = False
    for pit in pits:
        game.apply(pit)
    return game


# ------------------------------------------------------------------ Board and Setup (rules 1-3)


def test_it_checks_clean_with_every_citation_found(ruleset):
    from interpreter.editions.citations import check_citations

    report = check_citations(ruleset)
    assert ruleset.name == "Kalah" and ruleset.player_counts == [2]
    assert report.errors == [] and report.unchecked == {}


def test_four_seeds_in_every_pit_and_player_1_moves_first(ruleset):
    game = ruleset.new_game(2, 1)
    assert board(game) == START
    assert sum(board(game)) == 48
    decision = game.decision()
    assert decision.player == "P1" and decision.options == [1, 2, 3, 4, 5, 6]
    assert game.scores() == {"P1": 0, "P2": 0}


# ------------------------------------------------------------------ Sowing (rule 4)


def test_the_seeds_of_a_pit_are_sown_one_by_one_counter_clockwise(ruleset):
    game = new_game(ruleset, 1)
    assert board(game) == [0, 5, 5, 5, 5, 4, 0, 4, 4, 4, 4, 4, 4, 0]
    assert game.events == ["Player 1 sows the 4 seeds of pit 1."]
    assert game.decision().player == "P2"
    game.apply(6)  # player 2's pit 6: their store, then player 1's pits 1-3
    assert board(game) == [1, 6, 6, 5, 5, 4, 0, 4, 4, 4, 4, 4, 0, 1]
    assert game.decision().player == "P1"


def test_an_empty_pit_is_not_offered_and_is_refused(ruleset):
    game = new_game(ruleset, 1, 2)
    assert game.decision().options == [2, 3, 4, 5, 6]
    before = game.state_hash()
    for pit in (1, 0, 7):
        with pytest.raises(IllegalMove):
            game.apply(pit)
    assert game.state_hash() == before


def test_the_opponents_store_is_skipped(ruleset):
    game = new_game(ruleset, 5, 5, 3, 2, 5)
    assert board(game) == [5, 0, 1, 6, 0, 8, 4, 5, 5, 4, 4, 0, 5, 1]
    game.apply(6)  # 8 seeds: own store, player 2's six pits, past their store to pit 1
    assert board(game) == [6, 0, 1, 6, 0, 0, 5, 6, 6, 5, 5, 1, 6, 1]
    assert game.decision().player == "P2"


# ------------------------------------------------------------------ Another turn (rule 5)


def test_the_last_seed_in_your_own_store_moves_again(ruleset):
    game = new_game(ruleset, 3)
    assert board(game) == [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0]
    assert game.events[-1] == "Player 1's last seed falls into their store: Player 1 moves again."
    assert game.decision().player == "P1"
    game.apply(6)  # 5 seeds: the store, then player 2's pits 1-4: the turn passes
    assert board(game) == [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0]
    assert game.decision().player == "P2"


# ------------------------------------------------------------------ Capture (rule 6)


def test_the_last_seed_in_an_empty_pit_of_yours_captures_the_seeds_opposite(ruleset):
    game = new_game(ruleset, 6, 5)
    assert board(game) == [5, 5, 4, 4, 4, 0, 1, 5, 5, 5, 4, 0, 5, 1]
    game.apply(1)  # the last seed falls into pit 6, empty; pit 1 of player 2 holds 5
    assert board(game) == [0, 6, 5, 5, 5, 0, 7, 0, 5, 5, 4, 0, 5, 1]
    assert game.events[-1] == "Player 1 captures 6 seeds from pit 6 and the pit opposite."
    assert game.decision().player == "P2"


def test_nothing_is_captured_when_the_pit_opposite_is_empty(ruleset):
    game = new_game(ruleset, 6, 1)
    assert board(game) == [4, 4, 4, 4, 4, 0, 1, 0, 6, 6, 5, 5, 5, 0]
    game.apply(2)  # the last seed falls into pit 6, empty; pit 1 of player 2 is empty too
    assert board(game) == [4, 0, 5, 5, 5, 1, 1, 0, 6, 6, 5, 5, 5, 0]
    assert "captures" not in game.events[-1]
    assert game.decision().player == "P2"


def test_a_full_lap_captures_from_the_pit_it_started_from(ruleset):
    game = new_game(ruleset, 6, 6, 1, 2, 5, 1, 3, 1, 4, 1, 6)
    assert board(game) == [1, 13, 9, 5, 5, 0, 7, 0, 0, 0, 0, 2, 0, 6]
    # 13 seeds: round the board (12 pits and the store), the last back into pit 2, emptied;
    # the seed it sowed into pit 5 of player 2 on the way is captured with the others
    game.apply(2)
    assert board(game) == [2, 0, 10, 6, 6, 1, 12, 1, 1, 1, 1, 0, 1, 6]
    assert game.events[-1] == "Player 1 captures 4 seeds from pit 2 and the pit opposite."


def test_a_last_seed_on_the_opponents_side_captures_nothing(ruleset):
    game = new_game(ruleset, 6)  # the last seed falls into player 2's pit 3
    assert board(game) == [4, 4, 4, 4, 4, 0, 1, 5, 5, 5, 4, 4, 4, 0]
    assert game.decision().player == "P2"


# ------------------------------------------------------------------ End and winning (rules 7-8)

END = (6, 2, 3, 1, 4, 1, 6, 1, 5, 1)


def test_the_game_ends_when_the_player_to_move_has_no_seeds(ruleset):
    game = new_game(ruleset, *END)
    assert board(game) == [0, 12, 8, 7, 7, 1, 7, 0, 0, 0, 0, 0, 1, 5]
    assert game.decision().player == "P2"
    game.apply(6)  # player 2's last seed goes to their store: they move again, with none left
    assert game.over
    # player 1 puts the 35 seeds left in their pits into their store
    assert board(game) == [0] * 6 + [42] + [0] * 6 + [6]
    assert game.scores() == {"P1": 42, "P2": 6} and game.winners() == ["P1"]
    assert game.events[-3:] == ["Game end: Player 2 has no seeds left to sow.",
                                "Player 1: 42 seeds in store", "Player 2: 6 seeds in store"]


def test_an_empty_row_ends_the_game_only_when_its_player_is_to_move(ruleset):
    game = new_game(ruleset, 6, 2, 3, 1, 4, 1, 5, 1)
    game.apply(6)  # player 2 sows their last seed into player 1's pit 1: their row is empty
    assert board(game) == [1, 11, 8, 7, 7, 0, 7, 0, 0, 0, 0, 0, 0, 7]
    assert not game.over and game.decision().player == "P1"  # player 1 still moves
    game.apply(1)  # one seed into pit 2: player 2 is to move with no seeds
    assert game.over
    assert board(game) == [0] * 6 + [41] + [0] * 6 + [7]


def test_equal_stores_are_a_draw(ruleset, by_hand):
    for seed in range(200):
        if by_hand.play(random.Random(seed))[1] == 0:
            break
    game = ruleset.new_game(2, seed)
    rng = random.Random(seed)
    while not game.over:  # the loop of benchmarks/playouts.py: the same game as by hand
        options = game.decision().options
        game.apply(options[rng.randrange(len(options))])
    assert game.scores() == {"P1": 24, "P2": 24}
    assert game.winners() == ["P1", "P2"]


# ------------------------------------------------------------------ the hand-written version


def test_random_games_agree_with_the_hand_written_version_move_by_move(ruleset, by_hand):
    endings = set()
    for seed in range(200):
        game = ruleset.new_game(2, seed)
        game.auto = False  # every position, even with a lone move
        rng = random.Random(seed)
        cells, me = by_hand.new_board(), 0
        while not game.over:
            assert not by_hand.finish(cells, me)
            decision = game.decision()
            assert decision.player == f"P{me + 1}"
            assert board(game) == cells
            assert decision.options == by_hand.legal(cells, me)
            pit = rng.choice(decision.options)
            game.apply(pit)
            if not by_hand.sow(cells, me, pit):
                me = 1 - me
        assert by_hand.finish(cells, me)  # the game is over by hand too, after the same moves
        assert board(game) == cells and sum(cells) == 48
        a, b = cells[6], cells[13]
        assert game.winners() == (["P1"] if a > b else ["P2"] if b > a else ["P1", "P2"])
        endings.add((a > b) - (b > a))
    assert endings == {1, 0, -1}


def test_the_playout_loop_plays_the_same_games_as_the_hand_written_version(ruleset, by_hand):
    # benchmarks/playouts.py --reference: same seeds, a choice drawn only among 2+ options
    for seed in range(1, 51):
        game = ruleset.new_game(2, seed)
        rng = random.Random(seed)
        asked = 0
        while not game.over:
            options = game.decision().options
            game.apply(options[rng.randrange(len(options))])
            asked += 1
        moves, result = by_hand.play(random.Random(seed))
        a, b = board(game)[6], board(game)[13]
        assert result == (a > b) - (b > a)
        assert asked <= moves  # the engine plays a lone move by itself
