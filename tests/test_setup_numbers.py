"""Issue 33: on the page the plots of the first skyscrapers were numbered 1, 2, ... anew at
each placement, so a plot's number changed as others were taken. The display's
`option_order` with `numbers` keeps each plot's number through the setup."""

from __future__ import annotations

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display

from .conftest import BASE
from .web_support import FIFTH, make_table, play_until, token_of


def numbers_by_place(table, player: str) -> dict[str, int]:
    """The number the page shows for each place offered to `player` now."""
    decision = table.state_for(token_of(table, player))["decision"]
    return {o["place"]: o["number"] for o in decision["options"]}


def test_the_plots_of_the_first_skyscrapers_keep_their_numbers_as_plots_are_taken():
    """Player 1 places a first skyscraper, the bots theirs, and Player 1 again: every plot
    still offered shows the number it had, and no two plots share one."""
    ruleset, game, history = play_until(FIFTH, 4, 0, lambda g, d: True)
    table = make_table(ruleset, game, history,
                       {p: "human" for p in game.players})
    first = numbers_by_place(table, "P1")
    assert len(set(first.values())) == len(first)
    for _ in range(4):  # Player 1, then the others, each takes the first plot offered
        player = table.game.decision().player
        table.state_for(token_of(table, player))
        table.decide(token_of(table, player), table.version, index=0)
    later = numbers_by_place(table, table.game.decision().player)
    assert later and all(first[place] == n for place, n in later.items() if place in first)
    assert sorted(later.values()) != list(range(1, len(later) + 1))  # not numbered anew


def test_numbers_that_are_not_distinct_whole_numbers_are_not_shown():
    """A key that repeats (two options, one number) leaves the options numbered 1, 2, ..."""
    from interpreter.play.option_order import OptionOrder, shown_numbers

    game = load_ruleset(BASE).new_game(4, 1)
    decision = game.decision()
    same = OptionOrder(lambda game, viewer, option: 1, numbers=True)
    assert shown_numbers([same], game, decision) is None
    display = load_display(game.ruleset)
    numbers = display.option_numbers(game, display.shown(game, decision))
    assert numbers is None or len(set(numbers)) == len(decision.options)
