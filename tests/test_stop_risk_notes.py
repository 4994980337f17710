"""Issue 33: what an option risks to the player's pieces, and what it would end, said on it.

A newcomer moved a commissioner into a full district of theirs, and started its auction,
with no word that a building stop there would take their skyscrapers; they built
skyscrapers in a full district with no word that each was one more to lose.
"""

from __future__ import annotations

from interpreter.engine.ruleset import load_ruleset

from .conftest import BASE
from .test_consequences import at_the_second_stop, commissioner_move_notes, notes_now, session_at
from .test_rulebook_examples import card, fresh, position, stop_position

FULL_TILES = {"w34_brown": ["boutique"], "w34_gray": ["jeweler"], "w34_green": ["gallery"]}


def test_moving_a_commissioner_into_a_full_district_of_the_player_says_what_a_stop_takes():
    """52nd St. West has no plot free and Player 3's 1 skyscraper (on gray): the white
    commissioner's move there says what a stop would do to it; the beige one's says nothing
    of it. Without a skyscraper there, Player 1 reads no such warning."""
    game = stop_position(fresh(load_ruleset(BASE)))
    position(game, at={"white": "w42", "beige": "city_hall"}, visited={"white": [], "beige": []})
    notes = commissioner_move_notes(game.clone(), "P3")
    assert notes["white"].startswith(
        "52nd St. West has no plot free and your 1 skyscraper: it is auctioned when this "
        "commissioner comes back from Central Park to City Hall; if another player wins its "
        "auction and declares a building stop, your 1 skyscraper there leaves the game and you "
        "score half (2 VP)"), notes
    assert "no plot free" not in notes["beige"], notes
    assert "no plot free" not in commissioner_move_notes(game, "P1")["white"]


def test_starting_the_auction_of_a_full_district_of_the_player_says_what_a_stop_takes():
    """The beige commissioner back from Central Park starts the auctions of 52nd St. West,
    full, where Player 3 (holding a gray card, so able to bid) has a skyscraper: the move says
    what a stop would do to it, at the terminal too."""
    game = stop_position(fresh(load_ruleset(BASE)))
    position(game, hands={"P3": {card("gray", 5): 1}})
    notes = commissioner_move_notes(game.clone(), "P3")
    warning = ("starts the auction of 52nd St. West, which has no plot free: if another "
               "player wins its auction and declares a building stop, your 1 skyscraper there "
               "leaves the game and you score half (2 VP)")
    assert warning in notes["beige"] and warning not in notes["white"], notes
    game.forget()
    game.perform("turn", "P3")
    while game.decision().prompt != "move which commissioner?":
        game.apply(game.decision().options[0])
    s, _ = session_at(game)
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    assert warning in said, said


def test_skyscrapers_built_where_no_plot_is_free_are_each_one_more_to_lose():
    """Built on the last empty plot of 34th St. West, where Player 1 has a skyscraper, each
    skyscraper is one more for a stop to take, and the number to build says so; where a plot
    stays empty, or nothing is built, it does not."""
    game = fresh(load_ruleset(BASE))
    position(game, towers={"w34_violet": {"P1": 1}}, tiles=FULL_TILES)
    game.forget()
    game.perform("build_on_plot", "P1", "w34_orange", 3)
    notes = notes_now(game, "P1")
    assert notes[0] == ""
    assert notes[2].endswith("34th St. West has no plot free: each skyscraper built there is "
                             "one more to lose to a building stop (3 skyscrapers of yours "
                             "there)"), notes
    game = fresh(load_ruleset(BASE))
    position(game, tiles=FULL_TILES)  # the violet plot stays empty
    game.forget()
    game.perform("build_on_plot", "P1", "w34_orange", 3)
    assert not any("no plot free" in n for n in notes_now(game, "P1").values())


def test_a_full_district_s_winner_who_builds_reads_the_risk_on_each_number():
    """Player 2 won the full 52nd St. West, where she has 3 skyscrapers, and builds: each
    number of skyscrapers says how many of hers a later stop would take."""
    game = at_the_second_stop(supply=3)
    game.apply("build")
    notes = notes_now(game, "P2")
    assert "(4 skyscrapers of yours there)" in notes[1], notes
    assert "(6 skyscrapers of yours there)" in notes[3], notes


def district_groups(game, place: str) -> list:
    """The board picture's groups for a place (its shapes with their titles)."""
    from .test_board_svg import picture, places

    return places(picture(game))[place]


def test_a_full_district_is_marked_on_the_board_and_its_title_says_why():
    """A district newly full was said only in the digest: the board marks it (a class the
    page can style, a badge) and pointing at it says what a full district risks; an open one
    with a free plot, or a stopped one, is not marked."""
    from .test_board_svg import SVG

    game = stop_position(fresh(load_ruleset(BASE)))  # 52nd St. West: no plot free
    full = [g for g in district_groups(game, "w52") if "full" in g.get("class", "").split()]
    assert full, "52nd St. West is not marked full"
    title = full[0].find(SVG + "title").text
    assert title.startswith("52nd St. West: no plot free - the winner of its next auction "
                            "may declare a building stop"), title
    assert not any("full" in g.get("class", "") for g in district_groups(game, "w34"))
    position(game, stopped=["w52"])
    assert not any("full" in g.get("class", "").split() for g in district_groups(game, "w52"))


def test_another_players_cards_going_under_the_stacks_say_whose_bid_they_came_from():
    """Player 1's pass lets Player 3 win with brown 4 and black 5: the pass says those cards
    go under the stacks from Player 3's bid, on the page (the whole words) and at a terminal
    that keeps only where pieces go (said_in, shorter where the line is long)."""
    from interpreter.play.consequences import effect_words, effect_words_parts, outlook
    from interpreter.play.display import load_display
    from interpreter.play.terminal import said_in

    game = fresh(load_ruleset(BASE))
    position(game, visited={"white": ["w34", "e34"]},
             hands={"P1": {card("violet", 4): 1},
                    "P3": {card("brown", 4): 1, card("black", 5): 1}})
    game.perform("run_auctions", "P2", "white")
    game.apply("pass_bid")
    for option in ("brown", card("brown", 4), card("black", 5), "finish_bid"):
        game.apply(option)
    game.apply("pass_bid")
    decision = game.decision()
    found = outlook(game, decision, "P1", zones=load_display(game.ruleset).zones)
    passing = found.effects[decision.options.index("pass_bid")]
    whole = effect_words(game, passing, "P1")
    short = said_in(effect_words_parts(passing, game, "P1"), 20)
    for said in (whole, short):
        assert "1 card (brown 4) from Player 3's bid goes face up under the brown stack" \
            in said, said


def game_ending_bid(park_towers: dict) -> object:
    """Player 1, with no skyscraper in the full 52nd St. West after one building stop, opens
    its auction in brown: a win declares the second stop, which ends the game."""
    from .test_rulebook_examples import empty_hands, sky, tile

    game = stop_position(fresh(load_ruleset(BASE)))
    empty_hands(game)
    position(game, hands={"P1": {card("brown", 4): 1, card("black", 5): 1}})
    game.V["stops"] = 1
    game.Z["park_tiles"] = [tile(k) for k in ("boutique", "boutique", "jeweler", "gallery")]
    game.Z["park_towers"] = {sky(p): n for p, n in park_towers.items()}
    game.forget()
    game.perform("district_auction", "P1", "w52")
    game.apply("brown")
    return game


def played_out(game) -> dict:
    """The final scores after Player 1 bids brown 4 and the others pass."""
    game.apply(card("brown", 4))
    game.apply("finish_bid")
    while not game.over:
        options = game.decision().options
        game.apply("pass_bid" if "pass_bid" in options else options[0])
    return game.V["vp"]


def test_a_bid_whose_win_ends_the_game_gives_the_final_scores_it_leads_to():
    """Issue 33's newcomer won with a bid whose win was the second building stop, told only
    that the game would end: the bid's hint gives the final scores and the winner, exact
    where nothing is left to chance, and as a range, said an estimate, where the businesses
    turned over below Central Park are drawn at random."""
    game = game_ending_bid({})
    s, _ = session_at(game)
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    vp = played_out(game)
    assert (f"the game ends (building stop 2); final scores: you {vp['P1']}, Player 2 "
            f"{vp['P2']}, Player 3 {vp['P3']}, Player 4 {vp['P4']}; Player 2 wins.") in said, said
    game = game_ending_bid({"P2": 2})
    s, _ = session_at(game)
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    assert "final scores: you 4, Player 2 13 to 17, Player 3 2, Player 4 0; Player 2 wins " \
        "(an estimate: the businesses turned over below Central Park are drawn at random)" \
        in said, said
    assert 13 <= played_out(game)["P2"] <= 17


def test_a_colour_to_bid_in_a_full_district_says_a_win_may_stop_it_and_end_the_game():
    """Seed 317's newcomer (80x24), whose plan was to win 42nd St. West and end the game with
    the 2nd building stop, read on the first bid screen only 'violet (if it wins: up to 2
    skyscrapers on the violet plot, +6 VP if scored now ...)': that a win lets them declare
    a stop there, ending the game, came on the next screen (en-2004, Building stop; Game
    end). The colour says it."""
    from pathlib import Path

    from .test_digest import typed_at

    replay = Path(__file__).parent / "data" / \
        "fifth-avenue-base-4p-seed317-newcomer.replay.json"
    screen = typed_at(replay, 338, [])[0]
    joined = " ".join(" ".join(screen).split())
    assert "Auction for 42nd St. West" in joined, joined
    assert "1. violet (if it wins: up to 2 skyscrapers on the violet plot, +6 VP if scored " \
        "now, or declare a building stop there (it ends the game); " in joined, joined
    assert len(screen) <= 23, screen
