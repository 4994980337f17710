"""The bidder's hint on finishing a bid (issue 33): a newcomer with 9 bid against a high bid
of 5 read "To finish, it must be above 5", as if the number were stale and 9 not enough. The
hint weighs the bid as it stands against the high bid, at each card of a bid built card by
card."""

from __future__ import annotations

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display

from .conftest import BASE
from .test_rulebook_examples import card, fresh, position


def _finish_hint(game) -> str:
    decision = game.decision()
    hints = load_display(game.ruleset).hint_lines(game, decision.player, decision.options)
    return next(h for h in " ".join(hints).split(". ") if "finish" in h)


def test_the_finish_hint_follows_the_bid_card_by_card():
    game = fresh(load_ruleset(BASE))
    position(game, hands={"P2": {card("violet", 4): 1, card("violet", 5): 1},
                          "P3": {}, "P4": {},
                          "P1": {card("orange", 4): 1, card("black", 4): 1,
                                 card("black", 5): 1}})
    game.perform("district_auction", "P2", "w34")
    for move in ("violet", card("violet", 4), card("violet", 5), "finish_bid"):
        game.apply(move)  # Player 2 bids 9; Players 3 and 4 have no card and pass
    assert game.decision().player == "P1" and game.V["high_bid"] == 9
    game.apply("orange")
    said = []
    for added, total in ((card("orange", 4), 4), (card("black", 4), 8), (card("black", 5), 13)):
        game.apply(added)
        assert game.evaluate("bid_total", "P1") == total
        said.append(_finish_hint(game))
        assert ("finish_bid" in game.decision().options) == (total > 9)
    assert said == [
        "To finish, it must be above the high bid (Player 2's 9): 6 more at least.",
        "To finish, it must be above the high bid (Player 2's 9): 2 more at least.",
        "It is above the high bid (Player 2's 9): you may finish it."]
