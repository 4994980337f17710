"""Four in a Row (rulesets/tutorial/four-in-a-row), rule by rule of its rulebook (README.md),
and the text of docs/language.md Part 4 that builds it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import IllegalMove
from tests.test_tutorial_game import LANGUAGE_DOC, doc_files

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "tutorial" / "four-in-a-row"
COLUMNS, ROWS = 7, 6
DIRECTIONS = [(1, 0), (0, 1), (1, 1), (1, -1)]


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset(FOLDER)


def board(game) -> dict[tuple[int, int], str]:
    """Square -> the player whose disc lies there, read from the zones (not from the rules)."""
    found = {}
    for key, pile in game.state["zones"]["cell"].items():
        column, row = (int(x) for x in key.split("|"))
        for kind, n in pile.items():
            assert n == 1, "one disc per square"
            found[(column, row)] = game.world.attrs[kind]["owner"]
    return found


def has_line(squares: dict[tuple[int, int], str], player: str) -> bool:
    mine = {s for s, owner in squares.items() if owner == player}
    return any(all((c + i * dc, r + i * dr) in mine for i in range(4))
               for (c, r) in mine for dc, dr in DIRECTIONS)


def drop(game, *columns: int) -> None:
    for column in columns:
        game.apply(column)


# ------------------------------------------------------------------ Components and Setup


def test_it_checks_clean_with_every_citation_found(ruleset):
    from interpreter.editions.citations import check_citations

    report = check_citations(ruleset)
    assert ruleset.name == "Four in a Row"
    assert report.errors == [] and report.unchecked == {}
    assert report.checked == {"rulebook": 6}


@pytest.mark.parametrize(("players", "each"), [(2, 21), (3, 14)])
def test_the_discs_fill_the_board_exactly(ruleset, players, each):
    game = ruleset.new_game(players, 1)
    supplies = game.state["zones"]["supply"]
    assert {p: sum(pile.values()) for p, pile in supplies.items()} == {
        f"P{s}": each for s in range(1, players + 1)}
    assert each * players == COLUMNS * ROWS
    assert not board(game)


def test_player_1_starts_and_play_goes_clockwise(ruleset):
    game = ruleset.new_game(3, 1)
    deciders = []
    for column in (1, 2, 3, 4):
        deciders.append(game.decision().player)
        game.apply(column)
    assert deciders == ["P1", "P2", "P3", "P1"]


# ------------------------------------------------------------------ Play


def test_a_disc_falls_to_the_lowest_empty_row(ruleset):
    game = ruleset.new_game(2, 1)
    drop(game, 3, 3, 3)
    assert board(game) == {(3, 1): "P1", (3, 2): "P2", (3, 3): "P1"}
    assert game.events[-1] == "Player 1 drops a disc into column 3 (row 3)."


def test_the_middle_columns_are_offered_first(ruleset):
    assert ruleset.new_game(2, 1).decision().options == [4, 3, 5, 2, 6, 1, 7]


def test_a_full_column_is_not_offered_and_is_refused(ruleset):
    game = ruleset.new_game(2, 1)
    drop(game, 1, 1, 1, 1, 1, 1)  # alternating colours: no line
    assert 1 not in game.decision().options
    before = game.state_hash()
    with pytest.raises(IllegalMove):
        game.apply(1)
    assert game.state_hash() == before


# ------------------------------------------------------------------ Winning


@pytest.mark.parametrize(("moves", "line"), [
    ((1, 2, 1, 2, 1, 2, 1), "up a column"),
    ((1, 1, 2, 2, 3, 3, 4), "along a row"),
    ((1, 1, 2, 2, 4, 4, 3), "along a row, into its gap"),
    ((1, 2, 2, 3, 4, 3, 3, 4, 5, 4, 4), "along a diagonal"),
    ((7, 6, 6, 5, 4, 5, 5, 4, 3, 4, 4), "along the other diagonal"),
])
def test_four_in_a_line_wins_at_once(ruleset, moves, line):
    game = ruleset.new_game(2, 1)
    drop(game, *moves)
    assert game.over, line
    assert game.scores() == {"P1": 1, "P2": 0}
    assert game.events[-1] == "Game end: Player 1 has four in a row."
    assert has_line(board(game), "P1")


def test_three_in_a_line_does_not_win(ruleset):
    game = ruleset.new_game(2, 1)
    drop(game, 1, 1, 2, 2, 3)
    assert not game.over
    assert game.decision().player == "P2"


# ------------------------------------------------------------------ A full board, and any game


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_end_with_a_line_or_a_full_board(ruleset, players):
    endings = set()
    for seed in range(15):
        game = ruleset.new_game(players, seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.decision().options))
        squares = board(game)
        winners = [p for p, score in game.scores().items() if score == 1]
        assert len(winners) <= 1
        if winners:
            assert has_line(squares, winners[0])
            endings.add("line")
        else:
            assert len(squares) == COLUMNS * ROWS
            assert not any(has_line(squares, p) for p in game.players)
            assert game.events[-1] == "Game end: the board is full: a draw."
            endings.add("draw")
    assert "line" in endings


# ------------------------------------------------------------------ the text of the docs


def test_part_3_of_the_docs_is_the_ruleset():
    shown = {path.split("/", 1)[1]: text for path, text in
             doc_files(LANGUAGE_DOC.read_text(encoding="utf-8")).items()
             if path.startswith("four-in-a-row/")}
    assert sorted(shown) == ["display.yaml", "four-in-a-row.rules", "ruleset.yaml"]
    for name, text in shown.items():
        assert text == (FOLDER / name).read_text(encoding="utf-8"), name


def test_the_display_draws_the_grid_top_row_first(ruleset):
    from interpreter.play.display import load_display

    game = ruleset.new_game(2, 1)
    drop(game, 4, 4, 3)
    assert load_display(ruleset).board(game, "P1").splitlines() == [
        "Four in a Row",
        *["| . . . . . . . |"] * 4,
        "| . . . 2 . . . |",
        "| . . 1 1 . . . |",
        "+---------------+",
        "  1 2 3 4 5 6 7",
    ]
