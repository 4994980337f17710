"""The bidder's hint on finishing a bid (issue 33): a newcomer with 9 bid against a high bid
of 5 read "To finish, it must be above 5", as if the number were stale and 9 not enough. The
hint weighs the bid as it stands against the high bid, at each card of a bid built card by
card."""

from __future__ import annotations

import random

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


def _colours_by_rule(game, player: str, district: str) -> tuple[str, list[str]]:
    """en-2004, The auctions, (1) color: the case and the colours a player may bid with."""
    plots = {c: game.evaluate("plot_of", district, c) for c in game.program.consts["colours"]}
    plots = {c: q for c, q in plots.items() if q is not None}
    mine = [c for c, q in plots.items() if game.evaluate("towers_of", player, q) > 0]
    empty = [c for c, q in plots.items() if game.evaluate("empty_plot", q)]
    if mine:
        return "own", mine
    if empty:
        return "empty", empty
    return "stop", [c for c, q in plots.items() if game.Z["plot_tiles"][q] and
                    not game.Z["towers"][q]]


def test_the_colour_choice_says_which_colours_are_allowed_and_why():
    """A newcomer at Times Square was offered brown, orange and green, with nothing on why
    violet and gray were missing (other players' skyscrapers stood there, and no plot was
    free). At every opening of a bid in a district of whole games, the hint names the colours
    the rulebook allows, the reason of its case, and the allowed colours the hand lacks."""
    display, met = None, set()
    for seed in range(4):
        game, rng = load_ruleset(BASE).new_game(4, seed), random.Random(seed)
        display = display or load_display(game.ruleset)
        while (decision := game.decision()) is not None:
            p, at = decision.player, game.V["auction_at"]
            if "pass_bid" in decision.options and game.V["bid_colour"][p] is None \
                    and at not in (None, "central_park"):
                case, allowed = _colours_by_rule(game, p, at)
                hints = " ".join(display.hint_lines(game, p, decision.options))
                listed = ", ".join(allowed)
                assert {"own": f"Colour: only {listed}, your plot's here (you have skyscrapers "
                               f"on it).",
                        "empty": f"Colours: the empty plots' ({listed}): without skyscrapers "
                                 f"here, you bid for an empty plot." if len(allowed) > 1 else
                                 f"Colour: the empty plot's ({listed}): without skyscrapers "
                                 f"here, you bid for an empty plot.",
                        "stop": f"No plot is free: you bid for a building stop in the colour "
                                f"of a plot with a business ({listed}), not of one with "
                                f"skyscrapers."}[case] in hints, (case, allowed, hints)
                lacking = [c for c in allowed if c not in decision.options]
                assert (f"You hold no {' or '.join(lacking)} card." in hints) == bool(lacking)
                met.add((case, bool(lacking)))
            game.apply(rng.choice(decision.options))
    assert {("own", False), ("empty", False), ("empty", True), ("stop", False)} <= met, met


def test_option_d_and_the_commissioner_notes_list_the_same_points_in_the_same_order():
    """Option D's hint ('you +6, Player 2 +4') and a commissioner's destination note ('6 VP
    for you, 4 VP for Player 2', seed 315) built the same list twice, in two orders: the
    hint in seat order, so that Player 2 read 'Player 1 +4, you +6' there and 'you 6 VP,
    Player 1 4 VP' beside it. One list, the viewer first, in two formats."""
    game = fresh(load_ruleset(BASE))
    position(game, towers={"w34_violet": {"P1": 2}, "w34_brown": {"P2": 3}})
    points = {p: game.evaluate("district_points", p, "w34") for p in ("P1", "P2")}
    assert points["P1"] > 0 and points["P2"] > 0
    assert game.evaluate("option_d_points", "P2", "w34") == \
        f"you +{points['P2']}, Player 1 +{points['P1']}"
    assert game.evaluate("scored_now_text", "P2", "w34") == \
        f"{points['P2']} VP for you, {points['P1']} VP for Player 1"
    assert game.evaluate("option_d_points", "P3", "e34") == "no points"
    assert game.evaluate("scored_now_text", "P3", "e34") == "no VP for anyone"
