"""What the newcomer of seed 227 met at an 80x24 terminal (issue 33), read again from their
replay: each screen as the terminal now draws it."""

from __future__ import annotations

import io
from functools import cache

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display
from interpreter.play.replay import History
from interpreter.play.screen import MORE
from interpreter.play.terminal import Session
from tests.conftest import BASE
from tests.test_digest import NEWCOMER, newcomer_screens
from tests.test_terminal import session

NEWCOMER_227 = NEWCOMER.with_name("fifth-avenue-base-4p-seed227-newcomer.replay.json")


@cache
def screens() -> dict[int, list[str]]:
    """The newcomer's screens, by the number of decisions made before each."""
    return newcomer_screens(replay=NEWCOMER_227)


def test_an_option_that_cannot_win_says_so_on_its_line_under_a_common_line() -> None:
    # Times Square: violet's cards reach 6, the high bid is 10; the screen shows the
    # options' bare names under 'Every choice: ...' and said nothing of it
    screen = next(s for s in screens().values()
                  if "  1. violet (cannot win)" in s)
    assert any(line.startswith("Whichever you choose:") for line in screen)
    # a win or a pass, Player 3 stops Times Square: the player's 3 skyscrapers leave the game
    # with what the final scoring gives them, said in all (seed 318's newcomer read a bare
    # '+7' as a gain); the option that cannot win comes to it through the next choice
    said = " ".join(" ".join(screen).split())
    assert "Whichever you choose: you -8 in all (+7 now, 15 VP fewer at the final scoring " \
        "if it came now), Player 2 -4 in all (+4 now), Player 3 +4" in said, said


def test_every_screen_of_the_game_fits_80x24() -> None:
    for screen in screens().values():
        assert all(len(line) <= 80 for line in screen)


def test_why_at_the_setup_names_the_option_by_the_screen_s_number() -> None:
    # the plots are listed by the display's own numbers (2, 3, ...): 'why 2' answered
    # 'it is option 1'
    game = load_ruleset(BASE).new_game(4, 227)
    s, out = session(game, 80, tty=True)
    decision = s.display.shown(game, game.decision())
    numbers = s.numbers(decision)
    assert numbers[0] != 1  # the display numbers these options itself
    s.handle(f"why {numbers[0]}", decision)
    assert f"it is option {numbers[0]}." in out.getvalue(), out.getvalue()


def test_a_q_typed_after_the_pager_has_ended_is_taken_silently() -> None:
    game = load_ruleset(BASE).new_game(3, 2)
    out = io.StringIO()
    s = Session(game.ruleset, game, History(), {"P1": "human", "P2": "random", "P3": "random"},
                load_display(game.ruleset), out, read=lambda prompt: "", width=80, height=24)
    decision = game.decision()
    s.handle("rules steps", decision)  # pages to its end, Enter at each page's question
    assert MORE in out.getvalue() or s.paged
    out.seek(0)
    out.truncate()
    assert s.handle("q", decision) is None
    assert "not an option" not in out.getvalue(), out.getvalue()
    s.handle("q", decision)  # once more, with nothing paged: refused as before
    assert "not an option" in out.getvalue()
