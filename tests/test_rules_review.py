"""A review of the four Fifth Avenue rulesets against the rulebook, as executable checks.

Reference: Rio Grande Games English edition, 2004 (shared/rulebooks/en-riograndegames-2004.txt,
"en-2004"); other editions: nl.txt (Dutch, "nl"), en-fan-v1.2.txt ("fan"), ko.txt ("ko").

- Two tests found rules that differed from the rulebook (the businesses below Central Park lie
  face up; a Central Park bid taken back fixes no colour); the rules were fixed since.
- The other tests check subtle rules that test_rulebook_examples.py / test_variants.py do not
  cover.

Positions are built as in test_rulebook_examples.py (its helpers are reused): players are seats,
Blue = P1, Yellow = P2, Red = P3, Green = P4; the board geometry is the reconstruction of
board.yaml (plots of a district in a ring violet-brown-gray-orange-green).
"""

from __future__ import annotations

import pytest

from interpreter.engine.runtime import Game

from .conftest import empty_board
from .test_rulebook_examples import answer, asked, card, empty_hands, fresh, position, sky, tile

BLUE, YELLOW, RED, GREEN = "P1", "P2", "P3", "P4"
PLAYERS = [BLUE, YELLOW, RED, GREEN]
ALEA = "alea_skyscraper(alea)"


def alea_draws(game: Game, *values: int) -> None:
    """Stack the black cards so that Alea draws `values` in this order (top = last item)."""
    game.Z["black_stack"][:] = [card("black", v) for v in reversed(values)]


# =============================================================================================
# Problems: the ruleset differs from the rulebook
# =============================================================================================


def test_businesses_below_central_park_lie_face_up(base):
    """The businesses: "As soon as the second to the last business is taken from a set, the
    player immediately takes the last business in the set and places it face up in the area
    below Central Park." fig. 05: "places the gallery face up in the area below Central Park".
    Game end: "To score Central Park, the players first turn all business tiles in the area
    below Central Park face down and shuffle them" -- they are face down only from then on.
    nl: "wordt onverwijld de laatste winkelfiche van dit blok open op het veld onder 'Central
    Park' gelegd"; fan: "the remaining Shop tile is immediately moved to the box below Central
    Park face-up".

    Every player must see which businesses lie there (they decide what a Central Park
    skyscraper will be worth, hence how much to bid in the Central Park auction). The zone is
    declared `hidden`, so a player's view shows only their number.
    """
    game = fresh(base)
    position(game, row={"slot04": "boutique", "slot05": "gallery", "slot06": "jeweler",
                        "slot07": "jeweler", "slot08": "perfume_shop"}, placed=2)
    game.perform("place_business", BLUE)
    answer(game, "take a business from the current set", tile("boutique"), BLUE)
    answer(game, "place it on a building plot", "w34_violet", BLUE)
    assert game.Z["park_tiles"] == [tile("gallery")]
    for viewer in PLAYERS:
        assert game.view(viewer)["zones"]["park_tiles"] == [tile("gallery")]


def test_central_park_colour_is_not_fixed_by_a_bid_taken_back(base):
    """Auction in Central Park: "This player begins the auction, as the others by selecting a
    colored card and playing it face up in his play area. [...] all players must use the same
    colored cards as the starting player if they want to participate in the auction. If the
    triggering player does not want to bid, his left neighbor may start the bidding by selecting
    a color and so on." The play of an auction: "he either bids any number of cards, placing
    the cards face up in his play area, or he passes". nl: "Als de speler die de veiling mag
    beginnen niets wil uitspelen dan kan de volgende speler [...] door het spelen van een
    gekleurde kaart de kleur bepalen"; fan: "If the starting player pass, the player to his left
    has a chance to play a Construction card(s) [...] and define the color".

    A player who passes has bid nothing. The engine enters a bid card by card (ruling 11: "the
    same as laying the cards down together"): Blue chooses violet, adds his violet 4, then
    passes and takes it back -- at the table he simply passed. Yellow must be free to open with
    green; the engine has already fixed violet (`park_colour` is set on the first card added,
    not when a bid is made).
    """
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("violet", 4): 1},
                          YELLOW: {card("violet", 6): 1, card("green", 5): 1}})
    game.perform("park_auction", BLUE)
    answer(game, "choose the colour of your bid", "violet", BLUE)
    answer(game, "add a card", card("violet", 4), BLUE)
    answer(game, "add a card", "pass_bid", BLUE)
    assert game.Z["hand"][BLUE] == {card("violet", 4): 1}  # Blue took his card back
    assert sorted(asked(game, "choose the colour of your bid", YELLOW)) == \
        ["green", "pass_bid", "violet"]


# =============================================================================================
# Verified: subtle rules the ruleset gets right (not covered elsewhere)
# =============================================================================================

# ------------------------------------------------------------------ colour choice: figs. 08, 09


def test_fig08_colours_with_empty_plots(base):
    """fig. 08 (caption, pdf extract): "Red may only choose the orange color to bid. Yellow may
    only choose green. Blue and Green may only choose either the gray color or the brown color to
    bid (both can choose the same color). Violet is not allowed in this district." (nl gives the
    same caption.)

    Reconstruction: Red builds on orange, Yellow on green, a business lies on violet; brown and
    gray are empty.
    """
    game = fresh(base)
    position(game, towers={"w34_orange": {RED: 2}, "w34_green": {YELLOW: 1}},
             tiles={"w34_violet": ["boutique"]})
    assert game.evaluate("allowed_colours", RED, "w34") == ["orange"]
    assert game.evaluate("allowed_colours", YELLOW, "w34") == ["green"]
    assert game.evaluate("allowed_colours", BLUE, "w34") == ["brown", "gray"]
    assert game.evaluate("allowed_colours", GREEN, "w34") == ["brown", "gray"]


def test_fig09_colours_in_a_full_district(base):
    """fig. 09 (caption, pdf extract): "Red may only choose the orange color to bid. Yellow may
    only choose green. Blue may only choose brown. Green may only choose the violet color or the
    gray color, trying for building stop." (nl, ko: the same.)

    Reconstruction: Red on orange, Yellow on green, Blue on brown; businesses on violet and gray.
    """
    game = fresh(base)
    position(game, towers={"w34_orange": {RED: 2}, "w34_green": {YELLOW: 1},
                           "w34_brown": {BLUE: 1}},
             tiles={"w34_violet": ["boutique"], "w34_gray": ["jeweler"]})
    assert game.evaluate("allowed_colours", RED, "w34") == ["orange"]
    assert game.evaluate("allowed_colours", YELLOW, "w34") == ["green"]
    assert game.evaluate("allowed_colours", BLUE, "w34") == ["brown"]
    assert game.evaluate("allowed_colours", GREEN, "w34") == ["violet", "gray"]


# ------------------------------------------------------------------ fig. 11, as captioned


def test_fig11_caption_red_stops_with_4_yellow_2_blue_3(base):
    """fig. 11 (caption, pdf extract): "Red wins the auction and chooses building stop in this
    district (he could also have chosen to add skyscrapers to his building plot, but did not).
    Red earns 4 VP, Yellow earns 5/2 = 2 VP, and Blue earns 6/2 = 3 VP." (nl: the same.)

    Reconstruction in 52nd St. West (4 skyscrapers in all): Yellow 1 on brown between violet
    (boutique, jeweler) and gray (gallery): 3 types, 5 VP; Blue 2 on green next to violet:
    2 types, 3 VP each; Red 1 on orange. Driven through the auction: Red wins with orange.
    """
    game = fresh(base)
    empty_hands(game)
    position(game, towers={"w52_brown": {YELLOW: 1}, "w52_green": {BLUE: 2},
                           "w52_orange": {RED: 1}},
             tiles={"w52_violet": ["boutique", "jeweler"], "w52_gray": ["gallery"]},
             hands={RED: {card("orange", 4): 1}})
    assert game.evaluate("district_points", YELLOW, "w52") == 5
    assert game.evaluate("district_points", BLUE, "w52") == 6
    game.perform("district_auction", RED, "w52")
    answer(game, "choose the colour of your bid", "orange", RED)
    answer(game, "add a card", card("orange", 4), RED)
    answer(game, "add a card", "finish_bid", RED)
    assert sorted(asked(game, "build, or declare a building stop?", RED)) == \
        ["build", "building stop"]
    answer(game, "build, or declare a building stop?", "building stop", RED)
    assert game.V["vp"] == {BLUE: 3, YELLOW: 2, RED: 4, GREEN: 0}
    assert game.V["stopped"]["w52"] is True


# ------------------------------------------------------------------ the play of an auction


def test_a_player_who_passed_is_not_asked_again(base):
    """The play of an auction: "he passes, remaining out of this auction for this district."
    "A player cannot re-enter an auction after passing." Yellow passes in the first round; in
    the second round Blue and Red raise and Yellow is skipped."""
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("violet", 4): 1, card("black", 6): 1},
                          YELLOW: {card("gray", 5): 1, card("black", 5): 1},
                          RED: {card("green", 4): 1, card("black", 4): 2}})
    game.perform("district_auction", BLUE, "w34")
    answer(game, "choose the colour of your bid", "violet", BLUE)
    answer(game, "add a card", card("violet", 4), BLUE)
    answer(game, "add a card", "finish_bid", BLUE)
    answer(game, "choose the colour of your bid", "pass_bid", YELLOW)
    answer(game, "choose the colour of your bid", "green", RED)
    answer(game, "add a card", card("green", 4), RED)
    answer(game, "add a card", card("black", 4), RED)
    answer(game, "add a card", "finish_bid", RED)
    # Green holds no card: he passes without being asked. Back to Blue (4 against 8).
    answer(game, "add a card", card("black", 6), BLUE)
    answer(game, "add a card", "finish_bid", BLUE)
    assert game.decision().player == RED  # Yellow is skipped


def test_the_black_stack_is_renewed_from_the_returned_cards(base):
    """The play of an auction, footnote *: "As soon as the first face up card is encountered in
    the black stack, it is shuffled and placed face down. The colored stacks are never
    shuffled." (ruling 5: with no black card at all, none is taken)."""
    game = fresh(base)
    empty_hands(game)
    game.Z["black_stack"][:] = []
    game.Z["black_returned"][:] = [card("black", 4), card("black", 5), card("black", 6)]
    game.perform("draw_black", BLUE)
    assert sum(game.Z["hand"][BLUE].values()) == 1
    assert len(game.Z["black_stack"]) == 2 and game.Z["black_returned"] == []
    game.Z["black_stack"][:] = []
    game.perform("draw_black", YELLOW)
    assert game.Z["hand"][YELLOW] == {}


def test_the_black_stack_is_shuffled_as_soon_as_its_last_face_down_card_is_taken(base):
    """Footnote *: the paid cards are shuffled "as soon as the first face up card is
    encountered" -- when the last face-down card is taken, not at the next draw. A black card
    paid after that goes face up under the new stack and is not mixed in."""
    game = fresh(base)
    empty_hands(game)
    game.Z["black_stack"][:] = [card("black", 6)]
    game.Z["black_returned"][:] = [card("black", 4), card("black", 4)]
    game.perform("draw_black", BLUE)  # the last face-down card: the face-up ones come up
    assert game.Z["hand"][BLUE] == {card("black", 6): 1}
    assert game.Z["black_stack"] == [card("black", 4), card("black", 4)]
    assert game.Z["black_returned"] == []
    # A winner pays a black 5 now: it lies face up under the new stack.
    game.Z["bid"][YELLOW] = {card("black", 5): 1, card("violet", 4): 1}
    game.perform("pay", YELLOW)
    assert game.Z["black_returned"] == [card("black", 5)]
    assert sorted(game.Z["black_stack"]) == [card("black", 4), card("black", 4)]
    game.perform("draw_black", RED)
    game.perform("draw_black", RED)  # the last face-down card again: the 5 comes up
    assert game.Z["hand"][RED] == {card("black", 4): 2}
    assert game.Z["black_stack"] == [card("black", 5)] and game.Z["black_returned"] == []


def test_black_cards_paid_under_an_empty_stack_are_turned_over_at_once(base):
    """With no face-down black card left, the first paid card is itself "the first face up
    card encountered": the paid cards become the new face-down stack at once."""
    game = fresh(base)
    game.Z["black_stack"][:] = []
    game.Z["black_returned"][:] = []
    game.Z["bid"][BLUE] = {card("black", 5): 1, card("black", 6): 2}
    game.perform("pay", BLUE)
    assert sorted(game.Z["black_stack"]) == [card("black", 5), card("black", 6), card("black", 6)]
    assert game.Z["black_returned"] == []
    assert game.view(YELLOW)["zones"]["black_stack"] == {"count": 3}  # face down


# ------------------------------------------------------------------ scoring


def test_option_d_offers_a_district_with_both_commissioners_once(base):
    """Scoring districts: "In the district he chooses, there must be at least one of the
    commissioners." With both commissioners in Times Square, it is the only choice (ruling 8)."""
    game = fresh(base)
    position(game, at={"white": "times_square", "beige": "times_square"})
    assert game.evaluate("scorable_districts") == ["times_square"]


@pytest.mark.parametrize("tiles, per_skyscraper", [
    ([], 2),
    (["jeweler", "jeweler"], 2),
    (["jeweler", "gallery"], 3),
])
def test_central_park_with_fewer_than_three_businesses(base, tiles, per_skyscraper):
    """Game end: "the players turn over three of these face down tiles. Finally, the players
    score their Central Park skyscrapers as described under "Scoring districts" [...] (lowest is
    2 and the highest is 5)." Ruling 13: with fewer than three businesses all are turned over;
    with none a skyscraper still scores the lowest value, 2."""
    game = fresh(base)
    game.Z["park_tiles"] = [tile(k) for k in tiles]
    game.Z["park_towers"] = {sky(YELLOW): 2, sky(RED): 1}
    game.perform("final_scoring")
    assert game.V["vp"] == {BLUE: 0, YELLOW: 2 * per_skyscraper, RED: per_skyscraper, GREEN: 0}


# ------------------------------------------------------------------ 2 players: Alea


def test_two_players_place_starting_skyscrapers_p1_p2_p2_p1(alea):
    """Special rules for 2 players: "The preparation for 2 players is identical to that for 3
    and 4 players." Preparation: first round counter-clockwise, second round clockwise
    "beginning with the player who placed his first skyscraper last"."""
    game = alea.new_game(2, 1)
    order = []
    while game.decision().prompt != "choose your option for this turn":
        order.append(game.decision().player)
        game.apply(game.decision().options[0])
    assert order == ["P1", "P2", "P2", "P1"]


def test_alea_equal_to_the_high_bid_is_out(alea):
    """2 players, "4.1) If Alea's bid is less than or equal to the highest bid so far, he is out
    of the auction and the auction continues with the two real players". P1 bids 8, P2 passes,
    Alea draws 4, 4 = 8: out, P1 wins; Alea's cards go under the black stack "In any case"."""
    game = empty_board(alea.new_game(2, 3))
    game.Z["hand"]["P1"] = {card("violet", 4): 1, card("black", 4): 1}
    game.Z["hand"]["P2"] = {}
    game.Z["supply"]["P1"] = {sky("P1"): 3}
    alea_draws(game, 4, 4, 6)
    game.perform("district_auction", "P1", "w34")
    answer(game, "choose the colour of your bid", "violet", "P1")
    answer(game, "add a card", card("violet", 4), "P1")
    answer(game, "add a card", card("black", 4), "P1")
    answer(game, "add a card", "finish_bid", "P1")
    assert "Alea bids 8, not above 8: Alea is out." in game.events
    answer(game, "how many skyscrapers do you build", 3, "P1")
    assert game.Z["towers"]["w34_violet"] == {sky("P1"): 3}
    assert game.Z["alea_cards"] == []
    assert sorted(game.Z["black_returned"]) == [card("black", 4)] * 3  # Alea's two + P1's


def test_alea_overbid_by_a_player_is_out(alea):
    """2 players, "4.2) [...] If one (or both) real players overbid Alea's bid, then Alea is out
    of the bidding for this auction." P1 bids 5, P2 passes, Alea 8, P1 raises to 11 and wins
    (no second turn for Alea)."""
    game = empty_board(alea.new_game(2, 3))
    game.Z["hand"]["P1"] = {card("gray", 5): 1, card("black", 6): 1}
    game.Z["hand"]["P2"] = {}
    game.Z["supply"]["P1"] = {sky("P1"): 3}
    alea_draws(game, 4, 4, 5, 6)
    game.perform("district_auction", "P1", "w34")
    answer(game, "choose the colour of your bid", "gray", "P1")
    answer(game, "add a card", card("gray", 5), "P1")
    answer(game, "add a card", "finish_bid", "P1")
    assert "Alea bids 8." in game.events
    answer(game, "add a card", card("black", 6), "P1")
    answer(game, "add a card", "finish_bid", "P1")
    assert asked(game, "how many skyscrapers do you build", "P1") == [0, 1]  # a 6 was bid
    assert sum("Alea bids" in e for e in game.events) == 1


def test_alea_bids_third_even_when_the_opener_passed(alea):
    """2 players: "1.) First, the player who triggered the auctions begins the auction or
    passes [...] 2.) Next, the second player makes his first bid or passes [...] 3.) Always, as
    the third bidder, comes Alea". P1 passes, P2 bids 4, Alea 8; P2 raises to 10 and wins."""
    game = empty_board(alea.new_game(2, 3))
    game.Z["hand"]["P1"] = {card("gray", 5): 1}
    game.Z["hand"]["P2"] = {card("violet", 4): 1, card("black", 6): 1}
    alea_draws(game, 4, 4, 5, 6)
    game.perform("district_auction", "P1", "w34")
    answer(game, "choose the colour of your bid", "pass_bid", "P1")
    answer(game, "choose the colour of your bid", "violet", "P2")
    answer(game, "add a card", card("violet", 4), "P2")
    answer(game, "add a card", "finish_bid", "P2")
    assert game.events[-1] == "Alea bids 8."
    answer(game, "add a card", card("black", 6), "P2")  # P1 passed: not asked again
    answer(game, "add a card", "finish_bid", "P2")
    assert any(e.startswith("Player 2 wins the auction for 34th St. West with 10")
               for e in game.events)


def test_alea_builds_on_empty_plots_even_where_it_has_built(alea):
    """2 players: "Alea always builds on an empty building plot, even if he has already built
    skyscrapers in this district with a previous auction. As an exception to the real players,
    Alea may build in different building plots in a district." A jeweler on gray makes brown
    and orange the most valuable empty plots; Alea's own violet plot gets nothing."""
    game = empty_board(alea.new_game(2, 3))
    game.Z["towers"]["w34_violet"] = {ALEA: 1}
    game.Z["plot_tiles"]["w34_gray"] = {tile("jeweler"): 1}
    game.perform("award_district", "alea", "w34", False)
    assert {q: t for q, t in game.Z["towers"].items() if t} == {
        "w34_violet": {ALEA: 1}, "w34_brown": {ALEA: 1}, "w34_orange": {ALEA: 1}}


def test_alea_bids_in_central_park_and_wins_without_building(alea):
    """2 players: Alea bids as the third bidder in every auction; "If Alea wins in Central Park,
    he does not build." Driven through the auction: P1 bids 4, P2 cannot bid, Alea 8, P1 has
    nothing to raise with: Alea wins; P1 takes his card back."""
    game = empty_board(alea.new_game(2, 3))
    game.Z["hand"]["P1"] = {card("gray", 4): 1}
    game.Z["hand"]["P2"] = {}
    game.Z["supply"]["P1"] = {sky("P1"): 3}
    alea_draws(game, 4, 4, 5, 6)
    game.perform("park_auction", "P1")
    answer(game, "choose the colour of your bid", "gray", "P1")
    answer(game, "add a card", card("gray", 4), "P1")
    answer(game, "add a card", "finish_bid", "P1")
    assert "Alea wins the Central Park auction and builds nothing." in game.events
    assert game.Z["park_towers"] == {}
    assert game.Z["hand"]["P1"] == {card("gray", 4): 1}


def test_aleas_building_stop_can_be_the_second_and_end_the_game(alea):
    """2 players: "If Alea wins an auction for a district with no empty building plots, he
    declares a building stop" and "The game ends as in the 3 or 4 player game when [...] the
    second building stop is completed." Alea scores nothing; P1 scores half (1 skyscraper next
    to 1 type: 2 VP, half 1), then the final scoring (nothing else is left on the board)."""
    game = empty_board(alea.new_game(2, 1))
    for c in ("violet", "gray", "orange"):
        game.Z["plot_tiles"][f"w34_{c}"] = {tile("jeweler"): 1}
    game.Z["towers"]["w34_brown"] = {sky("P1"): 1}
    game.Z["towers"]["w34_green"] = {ALEA: 1}
    game.Z["park_towers"] = {}
    game.V["stopped"]["e52"] = True
    game.V["stops"] = 1
    game.perform("award_district", "alea", "w34", True)
    assert game.over and game.state["ending"] == "the second building stop"
    assert game.V["vp"] == {"P1": 1, "P2": 0}


# ------------------------------------------------------------------ 6-plot side


def test_sixth_plot_takes_a_second_business_but_not_a_third(six):
    """Rules for the side with 6 building plots: "the 7 business tiles are placed on the sixth
    building plot (with broken border) in each district. Of course, players may later place a
    second business on this building plot." The businesses: "A player may never place a business
    on a building plot with 2 businesses"."""
    game = six.new_game(4, 1)
    assert sum(game.Z["plot_tiles"]["w34_sixth"].values()) == 1
    assert game.evaluate("takes_business", "w34_sixth")
    game.Z["plot_tiles"]["w34_sixth"][tile("boutique")] = \
        game.Z["plot_tiles"]["w34_sixth"].get(tile("boutique"), 0) + 1
    assert not game.evaluate("takes_business", "w34_sixth")
