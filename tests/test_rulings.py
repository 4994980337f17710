"""Rulings the rules make without saying so (docs/rulings.md, rows 6, 18-24, A4, A5, S2), each as
an executable scenario. Positions are built as in test_rulebook_examples.py (its helpers are
reused): Blue = P1, Yellow = P2, Red = P3, Green = P4."""

from __future__ import annotations

from interpreter.engine.ruleset import load_ruleset

from .conftest import FIFTH, empty_board
from .test_rulebook_examples import (
    COLOURS,
    answer,
    asked,
    card,
    empty_hands,
    fresh,
    position,
    sky,
    tile,
)

BLUE, YELLOW, RED, GREEN = "P1", "P2", "P3", "P4"
ALEA = "alea_skyscraper(alea)"


def test_building_no_skyscraper_claims_no_plot(base):
    """Ruling 18: a winner who builds 0 on an empty plot has no skyscraper there, so the plot is
    still empty and he is still free to bid for any empty plot of the district."""
    game = fresh(base)
    game.Z["bid"][BLUE] = {card("violet", 4): 1}
    game.V["bid_colour"][BLUE] = "violet"
    game.perform("award_district", BLUE, "w34", False)
    answer(game, "how many skyscrapers do you build", 0, BLUE)
    assert game.Z["towers"]["w34_violet"] == {}
    assert game.evaluate("own_plot", BLUE, "w34") is None
    assert game.evaluate("allowed_colours", BLUE, "w34") == COLOURS


def test_after_option_d_the_scorer_draws_first_then_the_others_clockwise(base):
    """Ruling 19: the scorer takes his 2 black cards (and his third, if he has no skyscraper in
    the district) first; then the others without a skyscraper there, clockwise from him. The
    order matters only when the black stack runs out."""
    game = fresh(base)
    empty_hands(game)
    position(game, towers={"w34_violet": {RED: 1}})
    game.V["last_scored"] = "w34"
    # top of the stack = last item: 4, 4, 4 (Blue), 5 (Yellow), 6 (Green); Red has a skyscraper
    game.Z["black_stack"][:] = [card("black", 6), card("black", 5)] + [card("black", 4)] * 3
    game.Z["black_returned"][:] = []
    game.perform("take_black_cards_after_scoring", BLUE)
    assert game.Z["hand"][BLUE] == {card("black", 4): 3}
    assert game.Z["hand"][YELLOW] == {card("black", 5): 1}
    assert game.Z["hand"][RED] == {}
    assert game.Z["hand"][GREEN] == {card("black", 6): 1}
    # Started by Yellow (the scorer has a skyscraper there now): Yellow 2, then Green, Blue.
    empty_hands(game)
    position(game, towers={"w34_violet": {YELLOW: 1}})
    game.Z["black_stack"][:] = [card("black", 6), card("black", 5), card("black", 5),
                                card("black", 4), card("black", 4)]
    game.perform("take_black_cards_after_scoring", YELLOW)
    assert game.Z["hand"][YELLOW] == {card("black", 4): 2}
    assert game.Z["hand"][RED] == {card("black", 5): 1}
    assert game.Z["hand"][GREEN] == {card("black", 5): 1}
    assert game.Z["hand"][BLUE] == {card("black", 6): 1}


def test_two_bidders_for_a_building_stop_may_share_a_colour(base):
    """Ruling 20: colour choice (3) (no empty plot, no skyscraper of one's own) does not forbid
    the colour another bidder uses, as (2) says in so many words for empty plots."""
    game = fresh(base)
    position(game, towers={"w34_brown": {RED: 1}, "w34_gray": {GREEN: 1}},
             tiles={"w34_violet": ["boutique"], "w34_orange": ["jeweler"],
                    "w34_green": ["gallery"]})
    for p in (BLUE, YELLOW):
        assert game.evaluate("allowed_colours", p, "w34") == ["violet", "orange", "green"]
    position(game, hands={BLUE: {card("violet", 4): 1}, YELLOW: {card("violet", 5): 1},
                          RED: {}, GREEN: {}})
    game.perform("district_auction", BLUE, "w34")
    answer(game, "choose the colour of your bid", "violet", BLUE)
    answer(game, "add a card", card("violet", 4), BLUE)
    answer(game, "add a card", "finish_bid", BLUE)
    answer(game, "choose the colour of your bid", "violet", YELLOW)
    answer(game, "add a card", card("violet", 5), YELLOW)
    answer(game, "add a card", "finish_bid", YELLOW)
    assert "Player 2 declares a building stop in 34th St. West and scores 2 VP." in game.events


def test_skipping_a_stopped_district_with_two_successors_the_mover_chooses(base):
    """Ruling 21: a stopped district is skipped; where it has two successors, both are offered
    (with the other successor of the place moved from): the mover chooses."""
    game = fresh(base)
    position(game, at={"white": "w34"}, stopped=["times_square"])
    game.perform("move_commissioner", BLUE)
    answer(game, "move which commissioner?", "white", BLUE)
    assert sorted(asked(game, "move the commissioner to", BLUE)) == ["e52", "w42", "w52"]
    answer(game, "move the commissioner to", "e52")
    assert game.V["visited"]["white"] == ["w34"]


def test_the_central_park_auction_is_held_in_every_set(base):
    """Ruling 22: "The last auction in each set is for building in the area below Central
    Park" -- even when no district of the set can be auctioned (all stopped, or no marker)."""
    game = fresh(base)
    position(game, at={"white": "central_park"}, visited={"white": ["w34"]}, stopped=["w34"],
             hands={BLUE: {card("gray", 4): 1}})
    game.perform("move_commissioner", BLUE)
    answer(game, "move which commissioner?", "white", BLUE)
    assert game.decision().prompt.startswith("choose the colour of your bid")
    assert game.V["auction_at"] == "central_park"
    assert game.V["visited"]["white"] == []


def test_everyone_sees_the_face_up_cards_under_the_black_stack(base):
    """Ruling 23: the black cards paid lie face up under the black stack: every player sees
    them, in their order; the face-down cards only as a number."""
    game = fresh(base)
    game.Z["black_returned"][:] = [card("black", 4), card("black", 6)]
    for p in (BLUE, YELLOW, RED, GREEN):
        view = game.view(p)["zones"]
        assert view["black_returned"] == [card("black", 4), card("black", 6)]
        assert view["black_stack"] == {"count": len(game.Z["black_stack"])}


def test_alea_without_skyscrapers_builds_none_and_says_so(alea):
    """Ruling A4: Alea's skyscrapers are "all the skyscrapers in one of the two unchosen
    colors"; with none left in the general supply (the piece limit) he builds none, and the
    log says so instead of claiming a skyscraper built."""
    game = empty_board(alea.new_game(2, 1))
    game.Z["general_supply"].pop(ALEA, None)
    game.perform("award_district", "alea", "w34", False)
    assert all(not towers for towers in game.Z["towers"].values())
    built = [e for e in game.events if e.startswith("Alea has no skyscraper left")]
    assert len(built) == 5  # every plot of the empty district is most valuable (1 VP)
    assert built[0] == "Alea has no skyscraper left and builds none on 34th St. West, violet."
    assert not any(e.startswith("Alea builds 1") for e in game.events)


def test_aleas_building_stop_is_in_the_log(alea):
    """Ruling A5: Alea's building stop appears in the game's log (Alea scores nothing)."""
    game = empty_board(alea.new_game(2, 1))
    for c in COLOURS:
        game.Z["plot_tiles"][f"w34_{c}"] = {tile("boutique"): 1}
    game.Z["plot_tiles"]["w34_violet"] = {}
    game.Z["towers"]["w34_violet"] = {sky("P1"): 1}
    game.perform("award_district", "alea", "w34", True)
    assert "Alea declares a building stop in 34th St. West (Alea scores nothing)." in game.events
    assert game.V["stopped"]["w34"] is True


def test_six_plot_side_with_all_five_coloured_plots_owned():
    """Ruling S2: on the 6-plot side the sixth plot always holds a business, so a district whose
    five coloured plots are all owned (possible with Alea, who may own several) is full: a
    building stop is possible although the sixth plot could take a second business. A player
    without a skyscraper there could bid only for a plot with businesses and no skyscraper:
    that is the colourless sixth plot, which no card names, so he cannot bid. An owner bids
    with his colour and, winning, builds or declares the building stop."""
    game = empty_board(load_ruleset(FIFTH / "six-plot-2p").new_game(2, 1))
    game.Z["plot_tiles"]["w34_sixth"] = {tile("boutique"): 1}
    game.Z["towers"]["w34_violet"] = {sky("P1"): 1}
    for c in ("brown", "gray", "orange", "green"):
        game.Z["towers"][f"w34_{c}"] = {ALEA: 1}
    assert game.evaluate("allowed_colours", "P2", "w34") == [None]  # the sixth plot's colour
    game.Z["hand"]["P2"] = {card("violet", 4): 1, card("black", 6): 1}
    assert game.evaluate("opening_colours", "P2", "w34") == []
    game.Z["hand"]["P1"] = {card("violet", 6): 1}
    game.Z["supply"]["P1"] = {sky("P1"): 2}
    game.Z["black_stack"][:] = [card("black", 5), card("black", 4), card("black", 4)]
    game.perform("district_auction", "P1", "w34")
    answer(game, "choose the colour of your bid", "violet", "P1")
    answer(game, "add a card", card("violet", 6), "P1")
    answer(game, "add a card", "finish_bid", "P1")
    # The only option, taken without asking; the log says why.
    assert ("Player 2 cannot open a bid (no card of a colour allowed in 34th St. West) and "
            "passes.") in game.events
    # Alea draws 4, 4 = 8 > 6 and wins unless P1 raises; P1 has no card left: Alea wins and,
    # with no empty plot, declares the building stop.
    assert "Alea declares a building stop in 34th St. West (Alea scores nothing)." in game.events


def test_options_that_cannot_build_are_offered_and_say_so(base):
    """Rulings 6 and 24: option A with none of the player's skyscrapers left in the general
    supply, and a bid by a player with no skyscraper in supply, stay offered (en-2004: "There
    is no limit (except piece limit in the game)"; "a player may participate in an auction even
    when he has no skyscrapers in his supply"), and the decision's hints say what they do."""
    from interpreter.play.display import load_display

    display = load_display(base)
    game = fresh(base)
    decision = game.decision()
    assert "A" in decision.options
    assert not any("no skyscrapers now" in x
                   for x in display.hint_lines(game, BLUE, decision.options))
    game.Z["general_supply"] = {k: n for k, n in game.Z["general_supply"].items()
                                if k != sky(BLUE)}
    decision = game.decision()
    assert "A" in decision.options
    assert "Option A: no skyscrapers now (none of yours left)" \
        in " ".join(display.hint_lines(game, BLUE, decision.options))
    position(game, supply={BLUE: 0})
    game.perform("district_auction", BLUE, "w34")
    decision = game.decision()
    assert "violet" in decision.options
    assert "No skyscrapers in your supply: a win builds none" \
        in " ".join(display.hint_lines(game, BLUE, decision.options))


def test_a_bid_with_an_empty_supply_says_what_a_win_still_does(base):
    """Issue 33: a newcomer with no skyscraper in supply was offered bid colours about 25
    times a game whose notes said "you build none", and not what winning still did. The
    hint says it once, and each colour's note only that a win builds none (each colour saying
    it all overflowed the page's options) (en-2004, The play of an auction: a winner builds
    from his supply, "even none"; Building stop: in a full district he may declare a stop):
    in a district with a free plot a win only spends the cards bid and keeps the others from
    building; in a full district where the player has skyscrapers it lets them declare a
    building stop or leave the district open (a newcomer read "lets you only declare a
    building stop" as a stop forced on them); the hint says that passing keeps the cards."""
    from interpreter.play.display import load_display
    from interpreter.play.option_notes import option_notes

    display = load_display(base)
    for full in (False, True):
        game = fresh(base)
        position(game, supply={BLUE: 0}, towers={"w34_violet": {BLUE: 1}} if full else {},
                 tiles={q: ["boutique"] for q in ("w34_brown", "w34_gray", "w34_orange",
                                                  "w34_green")} if full else {})
        game.perform("district_auction", BLUE, "w34")
        decision = game.decision()
        assert game.evaluate("full_district_at_auction") is full
        does = "a win builds none but lets you declare a building stop in 34th St. West " \
            "or leave it open" if full \
            else "a win builds none: it only spends your cards and keeps the others from " \
            "building here"
        hints = " ".join(display.hint_lines(game, BLUE, decision.options))
        assert f"No skyscrapers in your supply: {does}. Passing keeps your cards." in hints, hints
        notes = option_notes(display.option_notes, game, BLUE, decision.options)
        colours = [o for o in decision.options if o != "pass_bid"]
        assert colours == (["violet"] if full else COLOURS)
        for colour, note in zip(decision.options, notes, strict=True):
            if colour in colours:
                assert note.startswith("if it wins: you build none (your supply is empty); "
                                       f"your {colour} and black"), note
                assert "a win" not in note, note  # said once, in the hint


def test_the_turn_says_that_an_empty_supply_builds_nothing_and_what_option_a_takes(base):
    """A newcomer with no skyscraper left in supply bid and won an auction that built nothing
    (en-2004, The auctions: the winner "takes the skyscrapers from his supply (not the general
    supply)"): the turn says so, and what option A would take first; the browser's decision
    carries the same line (table.py gives the page the display's hints)."""
    from interpreter.play.display import load_display

    display = load_display(base)
    game = fresh(base)
    warned = "No skyscrapers in your supply: auctions you win build none"
    said = " ".join(display.hint_lines(game, BLUE, game.decision().options))
    assert warned not in said, said  # 3 in supply: nothing to say
    position(game, supply={BLUE: 0})
    said = " ".join(display.hint_lines(game, BLUE, game.decision().options))
    assert f"{warned}; option A takes 3." in said, said
    left = {k: n for k, n in game.Z["general_supply"].items() if k != sky(BLUE)}
    game.Z["general_supply"] = {**left, sky(BLUE): 2}  # the last 2 of the player's colour
    said = " ".join(display.hint_lines(game, BLUE, game.decision().options))
    assert f"{warned}; option A takes 2." in said, said
    game.Z["general_supply"] = left  # none left to take: option A is no way out, said in one row
    rows = display.hint_lines(game, BLUE, game.decision().options)
    assert "You have no skyscrapers left: auctions you win build none; option A takes none." \
        in rows, rows
    assert not any("Option A: no skyscrapers now" in row for row in rows), rows


def test_a_bidders_hints_say_what_a_building_stop_would_do_and_what_finishes_a_bid(base):
    """A newcomer lost two skyscrapers to a building stop that nothing on screen foretold, and
    read "To finish, it must be above 0" with no bid finished. At every bid decision of random
    games, the hints say (en-2004, Building stop) that the player's skyscrapers in a full
    district leave the game if another player wins and stops it (how many, and the half points
    they would score), that a stop which would be the
    game's last ends it, and how high a bid must be to finish."""
    import random

    from interpreter.play.display import load_display

    display = load_display(base)
    met = set()
    for seed in range(6):
        game, rng = base.new_game(4, seed, logging=False), random.Random(seed)
        while not game.over:
            decision = game.decision()
            p = decision.player
            if "pass_bid" in decision.options:
                hints = " ".join(display.hint_lines(game, p, decision.options))
                at, high = game.V["auction_at"], game.V["high_bid"]
                full = game.evaluate("full_district_at_auction")
                threat = full and game.evaluate("has_towers_in", p, at)
                assert ("there would leave the game" in hints) == threat, hints
                if threat:  # what it would cost: how many, counted, and the half points
                    mine = sum(game.evaluate("towers_of", p, q)
                               for q in game.evaluate("plots_of", at))
                    half = game.evaluate("district_points", p, at) // 2  # rounded down
                    many = "skyscraper" if mine == 1 else "skyscrapers"
                    assert f"If another player wins, they may stop {game.label(at)}" in hints
                    ends = f"; a building stop in {game.label(at)} would end the game" \
                        if game.V["stops"] + 1 == game.program.consts["stops_to_end"] else ""
                    assert f"your {mine} {many} there would leave the game, and you would " \
                           f"score {half} VP (half){ends}." in hints, hints
                met.add(("threat", threat))
                colour, hand, attrs = game.V["bid_colour"][p], game.Z["hand"][p], game.world.attrs
                down = sum(attrs[k]["value"] * n for k, n in game.Z["bid"][p].items())
                joining = [k for k in hand if attrs[k]["suit"] == colour]
                if game.Z["bid"][p] or joining:
                    joining += [k for k in hand if attrs[k]["suit"] == "black"]
                most = down + sum(attrs[k]["value"] * hand[k] for k in joining)
                hopeless = colour is not None and game.V["high_bidder"] is not None \
                    and most <= high
                assert (f"Your cards can raise this bid to {most} at most, not above the high "
                        f"bid of {high}: adding them cannot win" in hints) == hopeless, hints
                met.add(("hopeless", hopeless))
                stop = game.evaluate("stop_if_won", p)
                assert ("and the game ends (building stop 2)" in hints) == \
                    (stop and game.V["stops"] == 1), hints
                met.add(("last stop", stop and game.V["stops"] == 1))
                if game.Z["bid"][p] and not stop:  # as many as the cards and the supply allow
                    most = min(game.evaluate("build_limit_of", p),
                               sum(game.Z["supply"][p].values()))
                    assert (f"you may build up to {most} skyscraper" if most else
                            "you build none (your supply is empty)") in hints, hints
                    total = sum(attrs[k]["value"] * n for k, n in game.Z["bid"][p].items())
                    finish = "Any total finishes it" if high == 0 else \
                        f"It is above the high bid ({game.label(game.V['high_bidder'])}'s " \
                        f"{high}): you may finish it." if total > high else \
                        f"To finish, it must be above the high bid " \
                        f"({game.label(game.V['high_bidder'])}'s {high}): " \
                        f"{high + 1 - total} more at least."
                    assert finish in hints and "above 0" not in hints, hints
                    met.add(("finish", high == 0))
            game.apply(rng.choice(decision.options))
    assert met >= {("threat", True), ("threat", False), ("finish", True), ("finish", False),
                   ("last stop", True), ("hopeless", True), ("hopeless", False)}


def test_an_empty_supply_is_said_once_on_a_bid_screen(base):
    """A newcomer read the empty supply twice on one bid screen: 'You have no skyscrapers in
    your supply ...' and 'If it wins, you build none (your supply is empty)'. Once a card is
    bid, the bid's own line says it."""
    from interpreter.play.display import load_display

    display = load_display(base)
    game = fresh(base)
    empty_hands(game)
    position(game, hands={BLUE: {card("violet", 4): 1, card("violet", 5): 1}},
             supply={BLUE: 0})
    game.perform("district_auction", BLUE, "w34")
    game.apply("violet")
    game.apply(card("violet", 4))
    said = " ".join(" ".join(display.hint_lines(game, BLUE, game.decision().options,
                                                width=80)).split())
    assert "you build none (your supply is empty)" in said
    assert "No skyscrapers in your supply" not in said, said


def test_the_commissioner_hint_names_the_stopped_districts_it_skips(base):
    """A newcomer saw 'may go to 42nd St. West or Times Square or 34th St. East' from City
    Hall where 'help' shows 'City Hall: 34th W or 34th E': a district under a building stop is
    skipped (en-2004, Building stop), and the hint says which."""
    import random

    from interpreter.play.display import load_display

    display, met = load_display(base), set()
    for seed in range(1, 4):
        game, rng = base.new_game(4, seed), random.Random(seed)
        while not game.over:
            decision = game.decision()
            for c in [c for c in ("white", "beige") if c in decision.options]:
                at = game.V["commissioner_at"][c]
                stopped = [game.label(y) for y in game.world.relations["route"][at]
                           if game.V["stopped"][y]] if at != "central_park" else []
                hint = next(h for h in display.hint_lines(game, decision.player,
                                                          decision.options)
                            if h.startswith(("white:", "beige:", "The white and beige")))
                said = f"skipping {' and '.join(stopped)}, under a building stop" in hint
                assert said == bool(stopped), hint
                met.add(bool(stopped))
            game.apply(rng.choice(decision.options))
    assert met == {True, False}


def test_building_says_what_a_skyscraper_scores(base):
    """A newcomer read 'worth now: your skyscrapers rise from 0 to 1 VP' and did not see why:
    where skyscrapers are built, the scoring table is said (en-2004, Scoring districts), from
    the ruleset's own table."""
    import random

    from interpreter.play.display import load_display

    display, met = load_display(base), set()
    game, rng = base.new_game(4, 3), random.Random(3)
    rows = game.world.tables["adjacency_vp"].rows
    table = ", ".join(f"{n}: {vp}" for n, vp in rows.items())
    said = f"Skyscraper VP by business types next to it: {table}."
    while not game.over and len(met) < 4:
        decision = game.decision()
        hints = display.hint_lines(game, decision.player, decision.options)
        asking = game.stack[-1][0]
        placing = asking == "place_business" and decision.prompt.startswith("place it")
        # (no row for it beside a business's places); and where the first skyscrapers go (a
        # newcomer scored 2 VP at the first scoring without knowing why)
        starting = asking == "place_starting_skyscrapers"
        building = asking == "build_on_plot"
        # (on the page, after what the first plots' '+N' count)
        assert any(h.endswith(said) for h in hints) == (building or starting), (asking, hints)
        met.add("placing" if placing else "building" if building else
                "starting" if starting else "other")
        game.apply(rng.choice(decision.options))
    assert met == {"placing", "building", "starting", "other"}


def test_the_turns_that_would_empty_the_supply_row_are_said_when_the_game_could_end(base):
    """A newcomer moved a commissioner with 4 businesses left on the supply row, unwarned,
    and a bot ended the game before their next turn (en-2004, Game end 1). At a turn's first
    decision and at a commissioner's move, once fewer option B turns than players would
    empty the row, the hint says how many: option B at every turn then ends the game at
    exactly that many."""
    import random
    import re

    from interpreter.play.display import load_display

    display, said, emptied = load_display(base), 0, 0
    for seed in range(1, 7):
        game, rng = base.new_game(4, seed), random.Random(seed)
        while not game.over:
            decision = game.decision()
            hints = " ".join(display.hint_lines(game, decision.player, decision.options))
            found = re.search(r"the game ends when the row runs out, after (\d+) more option "
                              r"B turns?", hints)
            at_turn = "A" in decision.options or any(
                c in decision.options for c in ("white", "beige"))
            left = game.evaluate("row_turns_left")
            assert bool(found) == (at_turn and 0 < left < 4), (hints, left)
            if found and "A" in decision.options and "B" in decision.options:
                said += 1
                n = int(found.group(1))
                trial, turns = game.clone(), 0  # option B at every turn, first choices else
                while not trial.over:
                    options = trial.decision().options
                    turns += "B" in options
                    trial.apply("B" if "B" in options else options[0])
                if trial.state["ending"] == "the last business of the supply row was placed":
                    assert turns == n, (seed, n, turns)
                    emptied += 1
            game.apply(rng.choice(decision.options))
    assert said > 3 and emptied > 3


def test_moving_a_commissioner_into_the_park_says_the_auctions_it_sets_up(base):
    """A newcomer moved a commissioner into Central Park and the next player brought it back
    at once, starting auctions they were not ready for (en-2004: the 3rd action; The
    auctions): where Central Park is offered, the hint names the districts its return to
    City Hall would auction, as the rules then do."""
    import random
    import re

    from interpreter.play.display import load_display

    display, met = load_display(base), 0
    for seed in range(1, 8):
        game, rng = base.new_game(4, seed), random.Random(seed)
        while not game.over and met < 4:
            decision = game.decision()
            hints = " ".join(" ".join(display.hint_lines(game, decision.player,
                                                         decision.options)).split())
            found = re.search(r"takes it back to City Hall and starts a set of auctions: "
                              r"(.*?), then the park\.", hints)
            assert bool(found) == ("central_park" in decision.options), hints
            if found:
                trial = game.clone()  # into the park, then straight back at the next move
                colour = trial.stack[-1][2][trial.program.procs[trial.stack[-1][0]]
                                            .slot_of["c"]]
                trial.apply("central_park")
                while not trial.over and not (trial.decision().prompt == "move which "
                                              "commissioner?" and colour in
                                              trial.decision().options):
                    trial.apply(trial.decision().options[-1])
                if not trial.over:
                    trial.events = []
                    trial.logging = True
                    trial.apply(colour)  # (its one way, City Hall, may be taken alone)
                    if not trial.over and "city_hall" in trial.decision().options:
                        trial.apply("city_hall")
                    begun = next(x for x in trial.events if "a set of auctions begins" in x)
                    assert f"a set of auctions begins for {found.group(1)}, then the park" \
                        in begun, (begun, found.group(1))
                    met += 1
            game.apply(rng.choice(decision.options))
    assert met >= 2


def test_choosing_a_commissioner_in_the_park_names_the_auctions_its_return_starts(base):
    """A newcomer choosing which commissioner to move could not see which districts each
    one's return from Central Park would auction (en-2004, The auctions): the commissioners'
    hint names them, as the rules then auction them."""
    import random
    import re

    from interpreter.play.display import load_display

    display, met = load_display(base), 0
    for seed in range(1, 8):
        game, rng = base.new_game(4, seed), random.Random(seed)
        while not game.over and met < 3:
            decision = game.decision()
            if decision.prompt == "move which commissioner?":
                hints = " ".join(" ".join(display.hint_lines(game, decision.player,
                                                             decision.options)).split())
                for c in decision.options:
                    found = re.search(rf"{c}: in Central Park, may go to City Hall \(starting "
                                      r"(?:a set of auctions: (.*?), then the park|the "
                                      r"auction for the park)\)", hints)
                    in_park = game.V["commissioner_at"][c] == "central_park"
                    assert bool(found) == in_park, hints
                    if found:
                        trial = game.clone()
                        trial.logging, trial.events = True, []
                        trial.apply(c)
                        if not trial.over and "city_hall" in trial.decision().options:
                            trial.apply("city_hall")
                        begun = next(x for x in trial.events if "a set of auctions" in x)
                        districts = f" for {found.group(1)}" if found.group(1) else ""
                        assert f"begins{districts}, then the park" in begun, begun
                        met += 1
            game.apply(rng.choice(decision.options))
    assert met >= 3
