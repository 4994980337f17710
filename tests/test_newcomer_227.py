"""What the newcomer of seed 227 met at an 80x24 terminal (issue 33), read again from their
replay: each screen as the terminal now draws it."""

from __future__ import annotations

from functools import cache

from tests.test_digest import NEWCOMER, newcomer_screens

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
    assert any(line.startswith("Every choice:") for line in screen)


def test_every_screen_of_the_game_fits_80x24() -> None:
    for screen in screens().values():
        assert all(len(line) <= 80 for line in screen)
