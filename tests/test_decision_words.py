"""The words around a decision that newcomers stumbled on (issue 33): what a choice between
pieces says about each piece, from the ruleset's display file."""

from __future__ import annotations

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display

from .conftest import BASE


def test_moving_a_commissioner_says_where_each_stands_and_may_go():
    """'move which commissioner?' with the options 'white' and 'beige' did not say where
    each commissioner stands: a hint says it, and where each may go."""
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, 13)
    while not game.decision().prompt.startswith("move which commissioner"):
        game.apply(game.decision().options[0])
    decision = game.decision()
    hints = " ".join(" ".join(load_display(ruleset).hint_lines(
        game, decision.player, decision.options, False, 80)).split())
    assert "white: in City Hall, may go to 34th St. West or 34th St. East; beige: in City " \
           "Hall, may go to 34th St. West or 34th St. East." in hints
