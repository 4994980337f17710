"""The terminal game fits an 80-column terminal (a compact board chosen by width), clears the
scrollback between hot-seat players, says "1 card" and "2 cards", and no mark of a board's
legend means two things."""

from __future__ import annotations

import io
import random
import re

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import check_legend, load_display
from interpreter.play.replay import History
from interpreter.play.terminal import Session

from .conftest import BASE, FIFTH, edited_copy

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def session(game, width: int, colour: bool = False, tty: bool = False,
            script: list[str] | None = None) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    answers = iter(script or [])
    s = Session(game.ruleset, game, History(), {p: "human" for p in game.players},
                load_display(game.ruleset), out, colour=colour, tty=tty,
                read=lambda prompt: next(answers), width=width)
    return s, out


@pytest.mark.parametrize("name", ["base", "alea-2p", "six-plot", "six-plot-2p",
                                  "editions/en-fan-1.2"])
def test_every_screen_fits_80_columns(name):
    ruleset = load_ruleset(FIFTH / name)
    game = ruleset.new_game(max(ruleset.player_counts), 3)
    rng = random.Random(3)
    screens = 0
    while not game.over:
        decision = game.decision()
        if game.state["step"] % 20 == 0:
            s, out = session(game, 80, colour=True)
            s.screen(decision)
            s.handle("score", decision)
            s.handle("why A", decision)
            s.handle("log 50", decision)
            lines = ANSI.sub("", out.getvalue()).splitlines()
            too_long = [x for x in lines if len(x) > 80]
            assert not too_long, too_long[:3]
            screens += 1
        game.apply(decision.options[rng.randrange(len(decision.options))])
    s, out = session(game, 80)
    s.ending()
    assert all(len(x) <= 80 for x in out.getvalue().splitlines())
    assert screens > 5


def test_the_layout_is_chosen_by_the_terminal_width():
    game = load_ruleset(BASE).new_game(4, 1)
    display = load_display(game.ruleset)
    wide = display.board(game, "P1", width=200)
    narrow = display.board(game, "P1", width=80)
    assert max(len(x) for x in wide.splitlines()) > 80  # the board as on the table
    assert max(len(x) for x in narrow.splitlines()) <= 80
    assert "34th W" in narrow and "34th W" not in wide  # one line per district
    assert display.board(game, "P1") == display.board(game, "P1", width=None)
    # With the hand, the prompt and the options it leaves room on a 24-line screen.
    assert len(narrow.splitlines()) <= 17


def test_help_shows_what_the_marks_of_the_board_mean():
    game = load_ruleset(BASE).new_game(4, 1)
    while game.decision().prompt != "choose your option for this turn":
        game.apply(game.decision().options[0])
    s, out = session(game, 80)
    s.handle("help", game.decision())
    text = out.getvalue()
    assert "Marks on the board: R Player 1, B Player 2" in text
    assert "<Be> beige commissioner" in text
    assert all(len(x) <= 80 for x in text.splitlines())


def test_the_hot_seat_screen_clears_the_scrollback_too():
    game = load_ruleset(BASE).new_game(3, 2)
    s, out = session(game, 80, tty=True, script=[""])
    assert s.pass_screen("P1") is None
    assert "\x1b[3J" in out.getvalue() and "\x1b[2J" in out.getvalue()


def test_counts_read_in_the_singular_and_the_plural():
    game = load_ruleset(BASE).new_game(3, 2)
    game.Z["hand"]["P1"] = {"card(violet,4)": 1}
    game.Z["supply"]["P1"] = {"skyscraper(P1)": 2}
    text = load_display(game.ruleset).board(game, "P2", width=80)
    assert "2 skyscrapers in supply, 1 card in hand" in text
    assert "9 cards in hand" in text
    assert "1 cards" not in text


def test_no_mark_of_the_bundled_legends_means_two_things():
    for name in ["base", "alea-2p", "six-plot-2p"]:
        ruleset = load_ruleset(FIFTH / name)
        assert check_legend(ruleset, load_display(ruleset)) == []


def test_a_mark_with_two_meanings_is_refused_by_check(tmp_path, monkeypatch, capsys):
    # The beige commissioner drawn as <B>: B is already the blue player.
    edited = edited_copy(tmp_path, "rules/display.rules", '''beige         "<Be>"''',
                         '''beige         "<B>" ''')
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["check", str(edited)])
    out = capsys.readouterr().out
    assert code == 2
    assert "the mark '<B>' means 'beige commissioner', and 'B' means 'Player 2'" in out


def test_named_options_show_their_names_which_the_log_uses():
    game = load_ruleset(BASE).new_game(3, 4)
    while game.decision().prompt != "choose your option for this turn":
        game.apply(game.decision().options[0])
    s, out = session(game, 80)
    s.screen(game.decision())
    assert "  1. A: take 3 skyscrapers" in out.getvalue()
    game.apply("A")
    assert "Player 1 chooses option A: take skyscrapers." in game.events
