"""The worked examples of the rulebook (en-2004), as executable scenarios on the base game.

Rulebook: Rio Grande Games English edition, 2004 (shared/rulebooks/en-riograndegames-2004.txt).
The figures themselves are not in the text, only their captions. Every position below is a
RECONSTRUCTION that is consistent with the caption it checks (and with the board geometry of
board.yaml, itself a reconstruction: plots of a district in a ring violet-brown-gray-orange-green).

Player colours of the figures are mapped onto seats: Blue = P1, Yellow = P2, Red = P3, Green = P4.

A position is built by starting a game, playing the starting skyscraper placement with the first
legal options (so that the game waits for P1's first turn), then overwriting zones and variables.
Conservation of pieces does not matter in these scenarios. Procedures of the ruleset are run with
`Game.perform`; when a performed procedure has finished, the game stack is back to its old depth.
"""

from __future__ import annotations

import pytest

from interpreter.engine.runtime import Game

BLUE, YELLOW, RED, GREEN = "P1", "P2", "P3", "P4"
PLAYERS = ["P1", "P2", "P3", "P4"]
COLOURS = ["violet", "brown", "gray", "orange", "green"]
DISTRICTS = ["w34", "e34", "w42", "times_square", "e42", "w52", "e52"]
TURN_PROMPT = "choose your option for this turn"


# ---------------------------------------------------------------------------- helpers


def card(suit: str, value: int) -> str:
    return f"card({suit},{value})"


def tile(kind: str) -> str:
    return f"tile({kind})"


def sky(player: str) -> str:
    return f"skyscraper({player})"


def fresh(base, seed: int = 1) -> Game:
    """A 4-player game past the starting placement, with an empty board and an empty park.

    The supply row is left as dealt (so that the game does not end), every player keeps the
    dealt hand and 3 skyscrapers in supply; commissioners stand in City Hall.
    """
    game = base.new_game(4, seed)
    while game.decision().prompt != TURN_PROMPT:
        game.apply(game.decision().options[0])
    for q in game.Z["towers"]:
        game.Z["towers"][q] = {}
        game.Z["plot_tiles"][q] = {}
    game.Z["park_towers"] = {}
    game.Z["park_tiles"] = []
    return game


def position(game: Game, *, towers=None, tiles=None, at=None, visited=None, hands=None,
             supply=None, row=None, stopped=(), placed=None) -> Game:
    """Overwrite the parts of the state that a scenario needs.

    towers: {plot: {player: n}}; tiles: {plot: [business, ...]}; at: {commissioner: place};
    visited: {commissioner: [district, ...]}; hands: {player: {card kind: n}} (players not named
    keep their hand); supply: {player: n} skyscrapers in supply; row: {slot: business} (all other
    slots are emptied); stopped: districts under building stop; placed: businesses placed so far.
    """
    for q, owners in (towers or {}).items():
        game.Z["towers"][q] = {sky(p): n for p, n in owners.items() if n}
    for q, kinds in (tiles or {}).items():
        counts: dict[str, int] = {}
        for kind in kinds:
            counts[tile(kind)] = counts.get(tile(kind), 0) + 1
        game.Z["plot_tiles"][q] = counts
    for c, where in (at or {}).items():
        game.V["commissioner_at"][c] = where
    for c, path in (visited or {}).items():
        game.V["visited"][c] = list(path)
    for p, hand in (hands or {}).items():
        game.Z["hand"][p] = dict(hand)
    for p, n in (supply or {}).items():
        game.Z["supply"][p] = {sky(p): n} if n else {}
    if row is not None:
        for s in game.Z["supply_row"]:
            game.Z["supply_row"][s] = {tile(row[s]): 1} if s in row else {}
    for d in stopped:
        game.V["stopped"][d] = True
    game.V["stops"] = len(stopped) if stopped else game.V["stops"]
    if placed is not None:
        game.V["placed"] = placed
    return game


def empty_hands(game: Game, *players: str) -> None:
    for p in players or PLAYERS:
        game.Z["hand"][p] = {}


def answer(game: Game, prompt: str, option, player: str | None = None) -> None:
    """Check the decision that is asked now (its prompt begins with `prompt`), then answer it."""
    decision = game.decision()
    assert decision is not None, f"no decision pending, expected {prompt!r}"
    assert decision.prompt.startswith(prompt), decision.prompt
    if player is not None:
        assert decision.player == player
    game.apply(option)


def asked(game: Game, prompt: str, player: str | None = None) -> list:
    """The options of the decision asked now (checking its prompt and player)."""
    decision = game.decision()
    assert decision is not None, f"no decision pending, expected {prompt!r}"
    assert decision.prompt.startswith(prompt), decision.prompt
    if player is not None:
        assert decision.player == player
    return list(decision.options)


def hand_size(game: Game, p: str) -> int:
    return sum(game.Z["hand"][p].values())


def fill_other_districts(game: Game, keep: str) -> None:
    """Every plot outside `keep` gets 2 businesses, so no business can go there."""
    for d in DISTRICTS:
        if d != keep:
            for c in COLOURS:
                game.Z["plot_tiles"][f"{d}_{c}"] = {tile("boutique"): 1, tile("jeweler"): 1}


# ---------------------------------------------------------------------------- fig. 01


def test_fig01_black_cards_after_scoring(base):
    """fig. 01: "Blue scores this district. He takes 2 black cards plus a third black card, as he
    has no skyscraper in this district. Green also takes 1 black card."

    "Note: additionally, each player, who has no skyscraper in the scored district, now takes
    one black card from the face down black card stack" (the 2nd action, D).

    Reconstruction: Yellow and Red have skyscrapers in 34th St. West, Blue and Green none; the
    white commissioner stands there. Blue plays option D in his turn.
    """
    game = fresh(base)
    position(game, towers={"w34_violet": {YELLOW: 2}, "w34_orange": {RED: 1}},
             tiles={"w34_brown": ["boutique"]}, at={"white": "w34"})
    before = {p: hand_size(game, p) for p in PLAYERS}
    hands = {p: dict(game.Z["hand"][p]) for p in PLAYERS}
    black = len(game.Z["black_stack"])
    game.perform("turn", BLUE)
    answer(game, TURN_PROMPT, "D", BLUE)  # the only scorable district is chosen without asking
    assert game.V["last_scored"] == "w34"
    assert asked(game, "move which commissioner?", BLUE)  # now at the 3rd action
    assert {p: hand_size(game, p) - before[p] for p in PLAYERS} == \
        {BLUE: 3, YELLOW: 0, RED: 0, GREEN: 1}
    assert len(game.Z["black_stack"]) == black - 4
    for p in PLAYERS:
        for k, n in game.Z["hand"][p].items():
            if n > hands[p].get(k, 0):
                assert k.startswith("card(black,"), (p, k)


def test_fig01_scoring_player_with_a_skyscraper_takes_only_two(base):
    """the 2nd action, D: "He takes the top-most 2 cards from the face down black stack" -- the
    third card is only for a player "who has no skyscraper in the scored district"."""
    game = fresh(base)
    position(game, towers={"w34_violet": {BLUE: 1}, "w34_orange": {RED: 1}})
    game.V["last_scored"] = "w34"
    before = {p: hand_size(game, p) for p in PLAYERS}
    black = len(game.Z["black_stack"])
    game.perform("take_black_cards_after_scoring", BLUE)
    assert {p: hand_size(game, p) - before[p] for p in PLAYERS} == \
        {BLUE: 2, YELLOW: 1, RED: 0, GREEN: 1}
    assert len(game.Z["black_stack"]) == black - 4


# ---------------------------------------------------------------------------- preparation


def test_starting_skyscrapers_counter_clockwise_then_clockwise(base):
    """Preparation: "Example: 1st placing round: Anna - Kevin - Ken - Alfonzo / 2nd placing round:
    Alfonzo - Ken - Kevin - Anna" -- "his right neighbor places one of his skyscrapers [...] (in
    counter-clockwise order). Now, each player places his second skyscraper [...] in clockwise
    order, beginning with the player who placed his first skyscraper last."

    Seats go clockwise (P2 is P1's left neighbour), so Anna = P1, Kevin = P4, Ken = P3,
    Alfonzo = P2.
    """
    game = base.new_game(4, 1)
    order = []
    while game.decision().prompt != TURN_PROMPT:
        order.append(game.decision().player)
        game.apply(game.decision().options[0])
    assert order == ["P1", "P4", "P3", "P2", "P2", "P3", "P4", "P1"]


def test_starting_skyscrapers_one_plot_per_district(base):
    """The play of an auction: "Note each player may only build skyscrapers in one building plot
    per district in the entire game." Preparation: "places his second skyscraper on the game
    board on any empty building plot".

    Reading the note as binding for the starting skyscrapers too ("in the entire game"): once
    Blue started on a plot of 34th St. West, his second starting skyscraper may not go
    on another plot of 34th St. West. The engine offers them, and the rules that assume one plot
    per player and district (own_plot, allowed_colours) then see only one of the two plots.
    """
    game = base.new_game(4, 1)
    game.apply(next(q for q in game.decision().options if q.startswith("w34_")))
    while game.decision().player != "P1":
        options = game.decision().options
        game.apply(next(q for q in options if not q.startswith("w34")))
    assert not [q for q in game.decision().options if q.startswith("w34_")]


# ---------------------------------------------------------------------------- fig. 03 / 04


def test_fig03_commissioner_in_central_park(base):
    """fig. 03: "The player may either move the white commissioner from Central Park back to City
    Hall or the beige commissioner to Central Park." Scoring districts: "Example in fig. 03
    (page 4), a player may score only "52nd St. East"."

    Reconstruction: white in Central Park, beige in 52nd St. East.
    """
    game = fresh(base)
    position(game, at={"white": "central_park", "beige": "e52"})
    assert game.evaluate("scorable_districts") == ["e52"]
    assert game.evaluate("moves_of", "white") == ["city_hall"]
    assert game.evaluate("moves_of", "beige") == ["central_park"]
    # Driven: the option D of a turn scores 52nd St. East without a choice.
    position(game, towers={"e52_gray": {RED: 1}})
    game.perform("turn", BLUE)
    answer(game, TURN_PROMPT, "D", BLUE)
    assert game.V["last_scored"] == "e52"
    assert game.V["vp"][RED] == 1


def test_fig04_building_stop_is_skipped(base):
    """fig. 04: "The player may move the white commissioner to Central Park or to "52nd St.
    West". Or, he may move the beige commissioner to "42nd St. West" or "Times Square"."
    Scoring districts: "In fig. 04 (page 5), a player may score either "34th Street West" or
    "Times Square"." Building stop note: "A player may not move a commissioner to a district
    with a building stop marker [...] Instead, the player simply skips over the building
    stopped district".

    Reconstruction: 52nd St. East is under building stop, white in Times Square, beige in
    34th St. West.
    """
    game = fresh(base)
    position(game, at={"white": "times_square", "beige": "w34"}, stopped=["e52"])
    assert sorted(game.evaluate("moves_of", "white")) == ["central_park", "w52"]
    assert sorted(game.evaluate("moves_of", "beige")) == ["times_square", "w42"]
    assert sorted(game.evaluate("scorable_districts")) == ["times_square", "w34"]
    # Driven through the 3rd action: the options offered are the same.
    game.perform("move_commissioner", BLUE)
    answer(game, "move which commissioner?", "white", BLUE)
    assert sorted(asked(game, "move the commissioner to", BLUE)) == ["central_park", "w52"]
    answer(game, "move the commissioner to", "central_park")
    assert game.V["commissioner_at"]["white"] == "central_park"
    assert game.V["visited"]["white"] == ["times_square"]


def test_fig02_branching_places(base):
    """The 3rd action: "If there are two or more possible adjacent districts (from City Hall, 34th
    Street East or West, and Times Square), the player may choose freely among them." (fig. 02
    is not in the text; the route of board.yaml is a reconstruction.)"""
    game = fresh(base)
    branching = []
    for place in ["city_hall", *DISTRICTS]:
        game.V["commissioner_at"]["white"] = place
        if len(game.evaluate("moves_of", "white")) > 1:
            branching.append(place)
    assert sorted(branching) == sorted(["city_hall", "w34", "e34", "times_square"])


def test_no_option_d_without_a_commissioner_in_a_district(base):
    """Scoring districts: "If both commissioners are in City Hall or Central Park, a player may
    not choose option D." """
    game = fresh(base)
    position(game, at={"white": "city_hall", "beige": "central_park"},
             towers={"w34_violet": {BLUE: 1}})
    game.perform("turn", BLUE)
    assert asked(game, TURN_PROMPT, BLUE) == ["A", "B", "C"]


def test_fig04_a_path_through_a_stopped_district_leads_on(base):
    """Building stop: "Commissioners will skip over it as they move through the city" -- from
    42nd St. East, whose only successor 52nd St. East is stopped, the next stop is Central Park."""
    game = fresh(base)
    position(game, at={"white": "e42"}, stopped=["e52"])
    assert game.evaluate("moves_of", "white") == ["central_park"]


# ---------------------------------------------------------------------------- fig. 05 / 06


@pytest.mark.parametrize("taken, left", [("boutique", "gallery"), ("gallery", "boutique")])
def test_fig05_last_business_of_a_set_goes_below_central_park(base, taken, left):
    """fig. 05: "At this time, the player puts the boutique on a building plot and places the
    gallery face up in the area below Central Park. The player could, of course, have chosen
    the opposite way."

    Reconstruction: set 1 is used up; set 2 (slots 4 and 5) holds a boutique and a gallery.
    """
    game = fresh(base)
    position(game, row={"slot04": "boutique", "slot05": "gallery", "slot06": "jeweler",
                        "slot07": "jeweler", "slot08": "perfume_shop"}, placed=2)
    assert game.evaluate("current_set") == 2
    game.perform("place_business", BLUE)
    assert sorted(asked(game, "take a business from the current set", BLUE)) == \
        [tile("boutique"), tile("gallery")]
    answer(game, "take a business from the current set", tile(taken))
    answer(game, "place it on a building plot", "w34_violet")
    assert game.Z["plot_tiles"]["w34_violet"] == {tile(taken): 1}
    assert game.Z["park_tiles"] == [tile(left)]
    assert game.Z["supply_row"]["slot04"] == {} and game.Z["supply_row"]["slot05"] == {}
    assert game.evaluate("current_set") == 3
    assert game.V["placed"] == 3


def test_the_second_business_of_a_three_set_sends_the_third_to_the_park(base):
    """The businesses: "when a player places the 2nd business on a building plot from a 3 set or
    the 1st business from a 2 set, he immediately places the last business (in each case) face up
    in the area below Central Park."
    """
    game = fresh(base)
    position(game, row={"slot01": "boutique", "slot02": "jeweler", "slot03": "gallery",
                        "slot04": "perfume_shop", "slot05": "boutique"})
    game.perform("place_business", BLUE)
    answer(game, "take a business from the current set", tile("jeweler"))
    answer(game, "place it on a building plot", "w34_violet")
    assert game.Z["park_tiles"] == []
    assert game.evaluate("current_set") == 1
    game.perform("place_business", YELLOW)
    assert sorted(asked(game, "take a business from the current set", YELLOW)) == \
        [tile("boutique"), tile("gallery")]
    answer(game, "take a business from the current set", tile("gallery"))
    answer(game, "place it on a building plot", "w34_violet")
    assert game.Z["park_tiles"] == [tile("boutique")]
    assert game.evaluate("current_set") == 2
    assert game.Z["plot_tiles"]["w34_violet"] == {tile("jeweler"): 1, tile("gallery"): 1}


def test_fig06_perfume_shop_only_on_brown_or_gray(base):
    """fig. 06: "A player may place a new perfume shop only on the brown or the gray building
    plot." The businesses: "A player may place a business tile on any empty building plot or on
    any building plot that has but one (identical or not) business. A player may never place a
    business on a building plot with 2 businesses or with one or more skyscrapers."

    Reconstruction of 34th St. West: violet holds 2 businesses, brown is empty, gray holds one
    perfume shop (identical type), orange holds Yellow's skyscrapers and green Red's. Every
    plot of the other districts holds 2 businesses, so the whole board offers brown and gray.
    """
    game = fresh(base)
    fill_other_districts(game, keep="w34")
    position(game, tiles={"w34_violet": ["boutique", "jeweler"], "w34_gray": ["perfume_shop"]},
             towers={"w34_orange": {YELLOW: 2}, "w34_green": {RED: 1}},
             row={"slot01": "perfume_shop", "slot02": "boutique", "slot03": "jeweler",
                  "slot04": "gallery", "slot05": "gallery"})
    assert [q for q in (f"w34_{c}" for c in COLOURS) if game.evaluate("takes_business", q)] == \
        ["w34_brown", "w34_gray"]
    game.perform("place_business", BLUE)
    answer(game, "take a business from the current set", tile("perfume_shop"))
    assert asked(game, "place it on a building plot", BLUE) == ["w34_brown", "w34_gray"]
    answer(game, "place it on a building plot", "w34_gray")
    assert game.Z["plot_tiles"]["w34_gray"] == {tile("perfume_shop"): 2}


# ---------------------------------------------------------------------------- fig. 07


FIG07 = [
    # 1st figure: Blue 2 x 2 VP = 4 VP, Yellow 1 x 2 VP = 2 VP
    ({"w34_violet": {BLUE: 2}, "w34_gray": {YELLOW: 1}},
     {"w34_brown": ["boutique"]},
     {BLUE: 4, YELLOW: 2, RED: 0, GREEN: 0}),
    # 2nd figure: Blue 2 x 2 = 4, Yellow 1 x 3 = 3, Red 2 x 3 = 6
    ({"w34_violet": {BLUE: 2}, "w34_gray": {YELLOW: 1}, "w34_green": {RED: 2}},
     {"w34_brown": ["boutique"], "w34_orange": ["boutique", "jeweler"]},
     {BLUE: 4, YELLOW: 3, RED: 6, GREEN: 0}),
    # 3rd figure: Blue 2 x 5 = 10, Yellow 1 x 8 = 8 (green holds a second boutique: counted once)
    ({"w34_violet": {BLUE: 2}, "w34_gray": {YELLOW: 1}},
     {"w34_brown": ["boutique", "jeweler"], "w34_orange": ["gallery", "perfume_shop"],
      "w34_green": ["gallery", "boutique"]},
     {BLUE: 10, YELLOW: 8, RED: 0, GREEN: 0}),
]


@pytest.mark.parametrize("towers, tiles, expected", FIG07, ids=["first", "second", "third"])
def test_fig07_scoring_a_district(base, towers, tiles, expected):
    """fig. 07: "Blue earns 2 x 2 VP = 4 VP / Yellow earns 1 x 2 VP = 2 VP"; "Blue earns 2 x 2 VP
    = 4 VP / Yellow earns 1 x 3 VP = 3 VP / Red earns 2 x 3 VP = 6 VP"; "Blue earns 2 x 5 VP = 10
    VP / Yellow earns 1 x 8 VP = 8 VP". Scoring districts: "If a skyscraper is adjacent to several
    businesses of the same type, only one counts toward the scoring."

    Reconstruction in 34th St. West (ring violet-brown-gray-orange-green): Blue builds on violet,
    Yellow on gray, Red on green; the businesses around give exactly the captions' figures.
    """
    game = fresh(base)
    position(game, towers=towers, tiles=tiles)
    for q, owners in towers.items():
        (p, n), = owners.items()
        assert game.evaluate("plot_value", q) * n == expected[p]
    game.perform("score_district", "w34")
    assert game.V["vp"] == expected


# ------------------------------------------------------------------- fig. 11: building stop


def stop_position(game: Game) -> Game:
    """52nd St. West, every plot taken. Yellow: 3 skyscrapers on violet (3 adjacent types, 5 VP
    each: 15 VP normally); Red: 1 on gray (3 types: 5 VP); 4 skyscrapers in all."""
    return position(
        game,
        towers={"w52_violet": {YELLOW: 3}, "w52_gray": {RED: 1}},
        tiles={"w52_brown": ["boutique", "jeweler"], "w52_orange": ["perfume_shop"],
               "w52_green": ["gallery"]},
        at={"white": "w52", "beige": "central_park"},
        visited={"white": ["w34", "times_square"], "beige": ["e34", "times_square", "w52"]})


def test_fig11_building_stop_scoring_and_clearing(base):
    """Building stop: "He earns 1 victory point for each skyscraper (his and opponents') in the
    district. The other players earn half (rounded down) the victory points they would score if
    this district were scored normally" and "Very important: the player who declares a building
    stop may not decide to score half the victory points for his skyscrapers instead of 1 point
    for all the skyscrapers in the district." "Next, all skyscrapers and businesses in this
    district are removed from the board and returned to the box" ... "Note: if the other
    commissioner is in the district, he remains until he is moved [...]. Also, if the other
    commissioner marker is in the district, it is returned to City Hall without effect."

    Reconstruction (fig. 11 is not in the text): Yellow stops 52nd St. West where she has 3
    skyscrapers worth 15 VP (half: 7) -- she takes 4 (one per skyscraper), not 7; Red takes half
    of 5 = 2. The white commissioner stands there, a beige marker lies there.
    """
    game = stop_position(fresh(base))
    box_towers = {p: game.Z["box"].get(sky(p), 0) for p in PLAYERS}
    box_tiles = sum(v for k, v in game.Z["box"].items() if k.startswith("tile("))
    game.perform("building_stop", YELLOW, "w52")
    assert game.V["vp"] == {BLUE: 0, YELLOW: 4, RED: 2, GREEN: 0}
    for c in COLOURS:
        assert game.Z["towers"][f"w52_{c}"] == {}
        assert game.Z["plot_tiles"][f"w52_{c}"] == {}
    assert game.Z["box"].get(sky(YELLOW), 0) == box_towers[YELLOW] + 3
    assert game.Z["box"].get(sky(RED), 0) == box_towers[RED] + 1
    assert sum(v for k, v in game.Z["box"].items() if k.startswith("tile(")) == box_tiles + 4
    assert game.V["stopped"]["w52"] is True
    assert game.V["stops"] == 1
    assert game.V["commissioner_at"]["white"] == "w52"          # stays until moved
    assert game.V["visited"]["beige"] == ["e34", "times_square"]  # marker back to City Hall
    assert game.V["visited"]["white"] == ["w34", "times_square"]
    assert not game.over
    # "nothing more can occur in or to this district": not scorable, no business, no marker.
    assert "w52" not in game.evaluate("scorable_districts")
    assert not game.evaluate("takes_business", "w52_violet")
    game.perform("move_commissioner", BLUE)
    answer(game, "move which commissioner?", "white")
    assert game.V["commissioner_at"]["white"] == "central_park"
    assert game.V["visited"]["white"] == ["w34", "times_square"]


def test_building_stop_is_forced_on_a_winner_without_skyscrapers(base):
    """Building stop: "When all building plots in a district have skyscrapers or businesses on
    them before the auction [...] If the winner has no skyscrapers in the district, he must
    declare a building stop in this district." Colour case (3): "he is bidding for a building
    stop".

    Blue has no skyscraper in the full 52nd St. West and wins with a brown 4: the building stop
    follows without a choice; Blue scores 1 VP per skyscraper (4).
    """
    game = stop_position(fresh(base))
    empty_hands(game)
    position(game, hands={BLUE: {card("brown", 4): 1}})
    game.perform("district_auction", BLUE, "w52")
    answer(game, "choose the colour of your bid", "brown", BLUE)
    answer(game, "add a card", card("brown", 4), BLUE)
    answer(game, "add a card", "finish_bid", BLUE)
    assert game.V["vp"] == {BLUE: 4, YELLOW: 7, RED: 2, GREEN: 0}
    assert game.V["stopped"]["w52"] is True
    assert game.Z["colour_stack"]["brown"][0] == card("brown", 4)  # paid, under the stack


def test_building_stop_is_a_choice_for_a_winner_with_skyscrapers(base):
    """Building stop: "the winner of the auction may choose to either add buildings (also, fewer
    than allowed as normal) to his building plot in the district (if he has one) or to declare a
    building stop in this district."
    """
    game = stop_position(fresh(base))
    empty_hands(game)
    position(game, hands={RED: {card("gray", 4): 1}}, supply={RED: 5})
    game.perform("district_auction", RED, "w52")
    answer(game, "choose the colour of your bid", "gray", RED)
    answer(game, "add a card", card("gray", 4), RED)
    answer(game, "add a card", "finish_bid", RED)
    assert sorted(asked(game, "build, or declare a building stop?", RED)) == \
        ["build", "building stop"]
    answer(game, "build, or declare a building stop?", "build")
    assert asked(game, "how many skyscrapers do you build", RED) == [0, 1, 2, 3]
    answer(game, "how many skyscrapers do you build", 2)
    assert game.Z["towers"]["w52_gray"] == {sky(RED): 3}
    assert game.V["stopped"]["w52"] is False


def test_second_building_stop_ends_the_game(base):
    """Game end: "2) A player selects building stop and it is the second building stop in the
    game. The building stop is played through completely (with scoring, recording, etc.). The
    game ends immediately with no further auctions or other player actions." Then "the players
    execute a final scoring: Each district, without a building stop marker, is now scored".

    Reconstruction: 52nd St. East is already stopped. The white commissioner returns from
    Central Park after visiting 52nd St. West (full; Blue has no skyscraper there) and then
    Times Square (empty). Blue wins 52nd St. West: the second building stop. Yellow, who could
    bid orange in Times Square, is never asked, and there is no Central Park auction; Red's
    skyscraper in 34th St. East is scored in the final scoring.
    """
    game = stop_position(fresh(base))
    empty_hands(game)
    position(game, at={"white": "central_park", "beige": "city_hall"},
             visited={"white": ["w52", "times_square"], "beige": []},
             towers={"e34_violet": {RED: 1}},
             hands={BLUE: {card("brown", 4): 1}, YELLOW: {card("orange", 4): 1}},
             stopped=["e52"])
    assert game.V["stops"] == 1
    game.perform("move_commissioner", BLUE)
    answer(game, "move which commissioner?", "white", BLUE)  # to City Hall, the only move
    answer(game, "choose the colour of your bid", "brown", BLUE)  # 52nd St. West
    answer(game, "add a card", card("brown", 4), BLUE)
    answer(game, "add a card", "finish_bid", BLUE)
    assert game.over
    assert game.decision() is None
    assert game.state["ending"] == "the second building stop"
    assert game.V["stops"] == 2
    assert game.V["stopped"]["w52"] is True
    # building stop: Blue 4, Yellow half of 15 = 7, Red half of 5 = 2; final scoring: Red 1 more.
    assert game.V["vp"] == {BLUE: 4, YELLOW: 7, RED: 3, GREEN: 0}
    assert game.Z["hand"][YELLOW] == {card("orange", 4): 1}
    assert not any("Times Square" in e and "bid" in e for e in game.events)
    assert not any("Central Park" in e and ("bids" in e or "auction" in e) for e in game.events)


# ---------------------------------------------------------------------------- bids


@pytest.mark.parametrize("bid, limit", [
    ({card("gray", 4): 2, card("black", 4): 2}, 3),
    ({card("violet", 4): 2, card("black", 5): 1, card("black", 6): 2}, 1),
    ({card("green", 5): 1, card("black", 4): 3}, 2),
])
def test_build_limit_examples(base, bid, limit):
    """The auctions, (3) skyscraper(s), examples: "Blue wins an auction with 2 gray and 2 black
    number 4 cards: he may build up to 3 skyscrapers on the gray building plot in the district."
    "Yellow wins an auction with 2 violet number 4 cards, 1 black number 5 card, and 2 black
    number 6 cards: he may only build up to 1 skyscraper". "If he has at least one number 5 card
    (and no number 6 cards), he may only build up to 2 skyscrapers."
    """
    game = fresh(base)
    game.Z["bid"]["P1"] = dict(bid)
    assert game.evaluate("build_limit_of", "P1") == limit


def test_blue_builds_up_to_three_after_winning_with_fours(base):
    """"Blue wins an auction with 2 gray and 2 black number 4 cards: he may build up to 3
    skyscrapers on the gray building plot in the district." Driven through an auction in an
    empty 34th St. West with 5 skyscrapers in Blue's supply."""
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("gray", 4): 2, card("black", 4): 2}}, supply={BLUE: 5})
    game.perform("district_auction", BLUE, "w34")
    answer(game, "choose the colour of your bid", "gray", BLUE)
    for k in [card("gray", 4), card("black", 4), card("gray", 4), card("black", 4)]:
        answer(game, "add a card", k, BLUE)
    answer(game, "add a card", "finish_bid", BLUE)
    assert asked(game, "how many skyscrapers do you build", BLUE) == [0, 1, 2, 3]
    answer(game, "how many skyscrapers do you build", 3)
    assert game.Z["towers"]["w34_gray"] == {sky(BLUE): 3}
    assert game.Z["supply"][BLUE] == {sky(BLUE): 2}


def test_bid_of_19_must_be_beaten_by_20(base):
    """The play of an auction (figure): "The player bids 19 for the brown building plot. The next
    player must bid at least 20 or pass." Text: "he must play cards that give him a total bid that
    is higher than the previous high bid in this auction. If a player cannot (or chooses not) to
    raise the bid, he must pass, taking any previously bid cards from his play area back into his
    hand."

    Reconstruction: Blue bids brown 5 + black 4 + black 4 + black 6 = 19 in an empty 34th St.
    West; Yellow builds a violet bid card by card. At 19 she cannot finish; at 20 she can.
    """
    game = fresh(base)
    empty_hands(game)
    yellow_hand = {card("violet", 5): 1, card("black", 5): 3, card("black", 4): 1}
    position(game, hands={BLUE: {card("brown", 5): 1, card("black", 4): 2, card("black", 6): 1},
                          YELLOW: dict(yellow_hand)})
    game.perform("district_auction", BLUE, "w34")
    answer(game, "choose the colour of your bid", "brown", BLUE)
    for k in [card("brown", 5), card("black", 4), card("black", 4), card("black", 6)]:
        answer(game, "add a card", k, BLUE)
    answer(game, "add a card", "finish_bid", BLUE)
    assert game.evaluate("bid_total", BLUE) == 19
    answer(game, "choose the colour of your bid", "violet", YELLOW)
    for k in [card("violet", 5), card("black", 5), card("black", 5)]:
        answer(game, "add a card", k, YELLOW)
    assert game.evaluate("bid_total", YELLOW) == 15
    twenty = game.clone()
    answer(game, "add a card", card("black", 4), YELLOW)
    assert game.evaluate("bid_total", YELLOW) == 19
    options = asked(game, "add a card", YELLOW)
    assert "finish_bid" not in options and "pass_bid" in options
    answer(twenty, "add a card", card("black", 5), YELLOW)
    assert twenty.evaluate("bid_total", YELLOW) == 20
    assert "finish_bid" in asked(twenty, "add a card", YELLOW)
    # Yellow passes at 19 and takes her cards back; Blue wins with 19.
    answer(game, "add a card", "pass_bid", YELLOW)
    assert game.Z["hand"][YELLOW] == yellow_hand
    assert game.Z["bid"][YELLOW] == {}
    answer(game, "how many skyscrapers do you build", 1, BLUE)
    assert game.Z["towers"]["w34_brown"] == {sky(BLUE): 1}


def test_the_first_card_of_a_bid_must_be_coloured(base):
    """The play of an auction: "The first card bid by a player in an auction must always be a
    colored (not black) card. All further cards [...] must be either cards of this color or black
    cards."
    """
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("gray", 4): 1, card("violet", 5): 1, card("black", 6): 1}})
    game.perform("district_auction", BLUE, "w34")
    answer(game, "choose the colour of your bid", "gray", BLUE)
    assert asked(game, "add a card", BLUE) == [card("gray", 4), "pass_bid"]
    answer(game, "add a card", card("gray", 4))
    assert sorted(asked(game, "add a card", BLUE)) == [card("black", 6), "finish_bid", "pass_bid"]


def test_a_player_without_skyscrapers_in_supply_may_win_and_build_none(base):
    """The play of an auction: "Note: a player may choose to build fewer skyscrapers than he is
    allowed (even none!). This means that a player may participate in an auction even when he has
    no skyscrapers in his supply." """
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("green", 4): 1}}, supply={BLUE: 0})
    game.perform("district_auction", BLUE, "w34")
    answer(game, "choose the colour of your bid", "green", BLUE)
    answer(game, "add a card", card("green", 4))
    answer(game, "add a card", "finish_bid")
    assert len(game.stack) == 2  # won; building 0 (the only choice) is not asked
    assert game.Z["towers"]["w34_green"] == {}
    assert game.Z["hand"][BLUE] == {}


# ---------------------------------------------------------------------------- colour choice


def test_colour_choice_case_1_own_plot_only(base):
    """The auctions, colour choice: "(1) The player already has at least 1 skyscraper in this
    district: In this case, he may only choose to bid with the color of the building plot where
    he already has skyscrapers in the district." (even though other plots are empty)"""
    game = fresh(base)
    position(game, towers={"w34_gray": {BLUE: 1}}, tiles={"w34_violet": ["boutique"]})
    assert game.evaluate("allowed_colours", BLUE, "w34") == ["gray"]


def test_colour_choice_case_2_empty_plots(base):
    """"(2) The player has no skyscrapers in this district and there is at least one empty
    building plot in the district: In this case, he can may only choose one of the colors that
    matches one of the empty building plots in the district." "He may choose a color for the
    auction even if another player is bidding with the same color."
    """
    game = fresh(base)
    position(game, towers={"w34_gray": {YELLOW: 1}, "w34_violet": {RED: 2}},
             tiles={"w34_orange": ["boutique"]})
    assert game.evaluate("allowed_colours", BLUE, "w34") == ["brown", "green"]
    assert game.evaluate("allowed_colours", GREEN, "w34") == ["brown", "green"]


def test_colour_choice_case_3_no_empty_plot(base):
    """"(3) The player has no skyscrapers in the district and there are no empty building plots
    in the district: In this case, he may choose one color that matches one of the building plots
    with businesses. He may never choose a color that matches the building plot where another
    player has skyscrapers. In this case, he is bidding for a building stop".
    """
    game = fresh(base)
    position(game, towers={"w34_brown": {YELLOW: 1}, "w34_orange": {RED: 2}},
             tiles={"w34_violet": ["boutique"], "w34_gray": ["jeweler", "gallery"],
                    "w34_green": ["perfume_shop"]})
    assert game.evaluate("allowed_colours", BLUE, "w34") == ["violet", "gray", "green"]
    assert game.evaluate("allowed_colours", YELLOW, "w34") == ["brown"]  # case (1)


# ---------------------------------------------------------------------------- special scoring


@pytest.mark.parametrize("before, vp, needed", [(2, 4, 3), (5, 6, 4), (8, 8, 5)])
def test_special_scoring_after_3rd_6th_9th_business(base, before, vp, needed):
    """Special scoring: "After the third business is placed on a building plot (that is, the first
    two sets are completely empty), each player immediately earns 4 victory points if he has at
    least 1 skyscraper in each of at least three different districts (not the area below Central
    Park)." Likewise 6 VP for 4 districts after the sixth, 8 VP for 5 districts after the ninth.
    "Note: the area below Central Park is not a district."

    Blue has skyscrapers in exactly `needed` districts; Yellow in `needed` - 1 plus below Central
    Park; Red in all 7; Green in none. The business that makes `placed` go from `before` to
    `before + 1` is the first of a 2-set, so the set is used up with it.
    """
    game = fresh(base)
    towers: dict[str, dict[str, int]] = {}
    for i, d in enumerate(DISTRICTS):
        towers[f"{d}_violet"] = {RED: 1}
        if i < needed:
            towers[f"{d}_brown"] = {BLUE: 1}
        if i < needed - 1:
            towers[f"{d}_gray"] = {YELLOW: 2}
    set_no = {2: 2, 5: 4, 8: 6}[before]
    slots = {2: ("slot04", "slot05"), 5: ("slot09", "slot10"), 8: ("slot14", "slot15")}[before]
    position(game, towers=towers, placed=before,
             row={slots[0]: "boutique", slots[1]: "gallery", "slot16": "jeweler",
                  "slot17": "perfume_shop", "slot18": "jeweler"})
    game.Z["park_towers"] = {sky(YELLOW): 2}
    assert game.evaluate("current_set") == set_no
    game.perform("place_business", GREEN)
    answer(game, "take a business from the current set", tile("boutique"), GREEN)
    answer(game, "place it on a building plot", "w34_orange", GREEN)
    assert game.V["placed"] == before + 1
    assert game.V["vp"] == {BLUE: vp, YELLOW: 0, RED: vp, GREEN: 0}
    # The next business is not special.
    game.perform("place_business", GREEN)
    answer(game, "take a business from the current set", tile("jeweler"), GREEN)
    answer(game, "place it on a building plot", "w34_orange", GREEN)
    assert game.V["vp"] == {BLUE: vp, YELLOW: 0, RED: vp, GREEN: 0}


# ---------------------------------------------------------------------------- Central Park auction


def test_central_park_auction_everyone_follows_the_opening_colour(base):
    """Auction in Central Park: "for Central Park, all players must use the same colored cards as
    the starting player if they want to participate in the auction." "The winning bidder now
    builds up to the normal maximum (based on the cards he bid) of skyscrapers, placing them
    from his supply in the area below Central Park."
    """
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("green", 4): 1, card("violet", 4): 1},
                          YELLOW: {card("green", 5): 1, card("violet", 6): 1},
                          RED: {card("violet", 6): 2, card("black", 6): 1},
                          GREEN: {card("green", 4): 1, card("black", 4): 1}},
             supply={GREEN: 4})
    game.perform("park_auction", BLUE)
    assert sorted(asked(game, "choose the colour of your bid", BLUE)) == \
        ["green", "pass_bid", "violet"]
    answer(game, "choose the colour of your bid", "green")
    answer(game, "add a card", card("green", 4))
    answer(game, "add a card", "finish_bid")
    assert asked(game, "choose the colour of your bid", YELLOW) == ["green", "pass_bid"]
    answer(game, "choose the colour of your bid", "pass_bid")
    # Red holds no green card: only passing is possible, which is not asked.
    assert asked(game, "choose the colour of your bid", GREEN) == ["green", "pass_bid"]
    answer(game, "choose the colour of your bid", "green")
    answer(game, "add a card", card("green", 4))
    answer(game, "add a card", card("black", 4))
    answer(game, "add a card", "finish_bid")
    # Blue has no green card left to raise: he can only pass, which is not asked.
    assert asked(game, "how many skyscrapers do you build below Central Park?", GREEN) == \
        [0, 1, 2, 3]
    answer(game, "how many skyscrapers do you build below Central Park?", 3)
    assert game.Z["park_towers"] == {sky(GREEN): 3}
    assert game.V["vp"][GREEN] == 0  # Central Park scores only at the game end


def test_central_park_auction_left_neighbour_opens_when_the_trigger_passes(base):
    """Auction in Central Park: "If the triggering player does not want to bid, his left neighbor
    may start the bidding by selecting a color and so on." """
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("green", 4): 1},
                          YELLOW: {card("violet", 6): 1, card("green", 5): 1},
                          RED: {card("violet", 4): 1, card("green", 6): 1}})
    game.perform("park_auction", BLUE)
    answer(game, "choose the colour of your bid", "pass_bid", BLUE)
    assert sorted(asked(game, "choose the colour of your bid", YELLOW)) == \
        ["green", "pass_bid", "violet"]
    answer(game, "choose the colour of your bid", "violet")
    answer(game, "add a card", card("violet", 6))
    answer(game, "add a card", "finish_bid")
    assert asked(game, "choose the colour of your bid", RED) == ["violet", "pass_bid"]


def test_central_park_colour_is_set_by_a_card_not_by_a_colour_that_was_passed(base):
    """Auction in Central Park: "This player begins the auction, as the others by selecting a
    colored card and playing it face up in his play area. [...] If the triggering player does not
    want to bid, his left neighbor may start the bidding by selecting a color".

    Blue chooses violet, then passes without playing any card: he has not bid, so Yellow must
    be free to open with green. The engine keeps violet as the Central Park colour.
    """
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("violet", 4): 1},
                          YELLOW: {card("violet", 6): 1, card("green", 5): 1}})
    game.perform("park_auction", BLUE)
    answer(game, "choose the colour of your bid", "violet", BLUE)
    answer(game, "add a card", "pass_bid", BLUE)
    assert sorted(asked(game, "choose the colour of your bid", YELLOW)) == \
        ["green", "pass_bid", "violet"]


# ---------------------------------------------------------------------------- the turn


def test_option_c_auctions_interrupt_the_turn(base):
    """The auctions, note: "when a player chooses option C and moves a commissioner from Central
    Park to City Hall as his first action, his turn is immediately interrupted. This means that
    he does not take the 2 colored cards now, but must wait until the auctions he triggered are
    completed. Once the auctions are completed, the player continues with his 2nd and 3rd
    actions. If, as his 3rd action, he moves another commissioner from Central Park to City Hall,
    he triggers another round of auctions." "The auctions occur in the districts one at a time,
    starting with the first district visited, and continuing in the order visited until the
    Central Park auction. After each auction, the players return the matching commissioner
    marker from that district to the appropriate spot in City Hall."

    Reconstruction: both commissioners stand in Central Park; white visited 34th St. West, then
    Times Square, then 52nd St. West; beige visited 34th St. East. Yellow holds one violet 4.
    """
    game = fresh(base)
    empty_hands(game)
    position(game, at={"white": "central_park", "beige": "central_park"},
             visited={"white": ["w34", "times_square", "w52"], "beige": ["e34"]},
             hands={YELLOW: {card("violet", 4): 1}}, supply={YELLOW: 3})
    black = len(game.Z["black_stack"])
    game.perform("turn", BLUE)
    answer(game, TURN_PROMPT, "C", BLUE)
    assert hand_size(game, BLUE) == 1 and len(game.Z["black_stack"]) == black - 1
    answer(game, "move which commissioner?", "white", BLUE)  # to City Hall: the only move
    # Auction in 34th St. West, opened by Blue (he passes, holding only a black card).
    assert game.V["commissioner_at"]["white"] == "city_hall"
    answer(game, "choose the colour of your bid", "violet", YELLOW)
    assert hand_size(game, BLUE) == 1  # no coloured cards yet: the turn is interrupted
    answer(game, "add a card", card("violet", 4), YELLOW)
    answer(game, "add a card", "finish_bid", YELLOW)
    assert game.V["visited"]["white"] == ["w34", "times_square", "w52"]  # w34 auction not over
    answer(game, "how many skyscrapers do you build", 2, YELLOW)
    assert game.Z["towers"]["w34_violet"] == {sky(YELLOW): 2}
    # Nobody can bid elsewhere; the Central Park auction ends the set; Blue's 2nd action follows.
    assert game.V["visited"]["white"] == []
    auctions = [e for e in game.events if "Nobody bids" in e]
    assert len(auctions) == 3  # Times Square, 52nd St. West, Central Park
    assert asked(game, "take a coloured card", BLUE)
    answer(game, "take a coloured card", "violet")
    answer(game, "take a second coloured card", "green")
    assert hand_size(game, BLUE) == 3
    answer(game, "move which commissioner?", "beige", BLUE)  # 3rd action: another auction set
    assert game.V["commissioner_at"]["beige"] == "city_hall"
    # Auction in 34th St. East: Blue now holds a violet and a green card.
    assert sorted(asked(game, "choose the colour of your bid", BLUE)) == \
        ["green", "pass_bid", "violet"]
    answer(game, "choose the colour of your bid", "pass_bid")
    assert game.V["visited"]["beige"] == []
    # Central Park: Blue may open with either colour again; he passes.
    answer(game, "choose the colour of your bid", "pass_bid", BLUE)
    assert sum("a set of auctions begins" in e for e in game.events) == 2
    assert len(game.stack) == 2  # the performed turn is over
    assert asked(game, TURN_PROMPT)


def test_two_coloured_cards_of_different_colours(base):
    """The 2nd action, A/B/C: "He must take cards of two different colors. He may not take a
    black card!" """
    game = fresh(base)
    game.perform("take_coloured_cards", BLUE)
    assert asked(game, "take a coloured card", BLUE) == COLOURS
    answer(game, "take a coloured card", "gray")
    assert asked(game, "take a second coloured card", BLUE) == \
        ["violet", "brown", "orange", "green"]


def test_game_ends_when_the_last_business_is_placed(base):
    """Game end: "1) A player places one of the last two businesses from the supply row on a
    building plot and, of course, places the last business in the area below Central Park. The
    game ends immediately (the player does not take his 2nd and 3rd actions)." Then the final
    scoring: "Each district, without a building stop marker, is now scored" and Central Park is
    scored with "three of these face down tiles" (2-5 VP each). Special scoring: "After the
    twelfth business is placed on a building plot (all sets are completely empty), the game ends.
    Here, there are no extra points for players."

    Reconstruction: only set 8 is left (a boutique and a gallery); 11 businesses were placed.
    Below Central Park lie a jeweler and a perfume shop, so the three tiles turned over show 3
    types whichever business is left: Yellow's 2 skyscrapers there score 2 x 5 VP. Red has 1
    skyscraper in 34th St. West next to the new business (2 VP); Blue has skyscrapers in all 7
    districts (no 12th-business bonus).
    """
    game = fresh(base)
    towers = {f"{d}_green": {BLUE: 1} for d in DISTRICTS}
    towers["w34_brown"] = {RED: 1}
    position(game, towers=towers, row={"slot19": "boutique", "slot20": "gallery"}, placed=11,
             at={"white": "w42"})
    game.Z["park_tiles"] = [tile("jeweler"), tile("perfume_shop")]
    game.Z["park_towers"] = {sky(YELLOW): 2}
    hands = {p: dict(game.Z["hand"][p]) for p in PLAYERS}
    game.perform("turn", BLUE)
    answer(game, TURN_PROMPT, "B", BLUE)
    answer(game, "take a business from the current set", tile("boutique"))
    answer(game, "place it on a building plot", "w34_gray")
    assert game.over
    assert game.decision() is None
    assert game.state["ending"] == "the last business of the supply row was placed"
    assert game.V["placed"] == 12
    assert {p: game.Z["hand"][p] for p in PLAYERS} == hands  # no 2nd action
    assert game.V["commissioner_at"] == {"white": "w42", "beige": "city_hall"}  # no 3rd
    assert game.Z["park_drawn"] == {tile("jeweler"): 1, tile("perfume_shop"): 1,
                                    tile("gallery"): 1}
    # Final scoring: Blue 7 x 1 VP (no business next to any green plot, no 12th-business bonus);
    # Red: brown next to the new boutique on gray, 2 VP; Yellow: 2 x 5 VP below Central Park.
    assert game.V["vp"] == {BLUE: 7, YELLOW: 10, RED: 2, GREEN: 0}


# ---------------------------------------------------------------------------- components


def test_one_skyscraper_of_each_colour_is_the_scoring_marker(base):
    """Contents: "72 skyscrapers (18 of each player color)". Preparation: "Each player chooses a
    color and takes, in that color: 1 skyscraper, placing it on the 0/80 space of the scoring
    track. 2 skyscrapers, placing them on the game board [...] 3 skyscrapers, placing them on the
    supply space on his summary card." "There is no limit (except piece limit in the game)".

    After preparation each player has 18 - 1 - 2 - 3 = 12 skyscrapers left in the general supply.
    """
    game = base.new_game(4, 1)
    while game.decision().prompt != TURN_PROMPT:
        game.apply(game.decision().options[0])
    assert game.Z["general_supply"] == {sky(p): 12 for p in PLAYERS}


def test_ties_are_broken_by_cards_in_hand(base):
    """Game end: "The player with the most victory points is the winner. If players are tied with
    the most, the player among them with the most remaining cards in his hand is the winner." """
    game = fresh(base)
    empty_hands(game)
    game.V["vp"] = {BLUE: 30, YELLOW: 30, RED: 29, GREEN: 12}
    position(game, hands={BLUE: {card("black", 4): 2}, YELLOW: {card("black", 4): 3},
                          RED: {card("black", 4): 9}})
    assert game.winners() == [YELLOW]


def test_a_special_scoring_that_nobody_earns_is_said(base):
    """The 3rd business with nobody in 3 districts: no points, and the log says so (a newcomer
    saw the bonus pass without a word, and could not tell it had been checked)."""
    game = fresh(base)
    position(game, towers={f"{DISTRICTS[0]}_violet": {RED: 1}}, placed=2,
             row={"slot04": "boutique", "slot05": "gallery", "slot16": "jeweler",
                  "slot17": "perfume_shop", "slot18": "jeweler"})
    game.perform("place_business", GREEN)
    answer(game, "take a business from the current set", tile("boutique"), GREEN)
    answer(game, "place it on a building plot", "w34_orange", GREEN)
    assert game.V["placed"] == 3 and set(game.V["vp"].values()) == {0}
    assert game.events[-1] == ("Special scoring after business 3: nobody has skyscrapers in 3 "
                               "districts, so nobody scores 4 VP.")
