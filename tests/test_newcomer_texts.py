"""Texts two newcomers still stumbled on (issue 33, seeds 109 and 113): what a skyscraper
below Central Park is worth, a building stop's warning that names another district, the
game-ending move's points for the player, the last business's place, and `why` of an
allowed option, in words at an 80x24 terminal."""

from __future__ import annotations

import io

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display
from interpreter.play.replay import History
from interpreter.play.terminal import Session

from .conftest import BASE
from .test_rulebook_examples import (
    COLOURS,
    TURN_PROMPT,
    card,
    empty_hands,
    fresh,
    position,
    stop_position,
)

SCREEN = (80, 24)


def session_at(game, width: int = SCREEN[0], height: int = SCREEN[1]
               ) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    seats = {p: "human" for p in game.players}
    return Session(game.ruleset, game, History(), seats, load_display(game.ruleset), out,
                   width=width, height=height), out


def screen_of(game) -> list[str]:
    """The decision's screen at 80x24, as the terminal draws it."""
    s, out = session_at(game)
    s.screen(game.decision())
    return out.getvalue().splitlines()


def won_the_park(player: str = "P1"):
    """`player` has won the Central Park auction with a 4 (3 skyscrapers allowed) and is
    asked how many to build there."""
    game = fresh(load_ruleset(BASE))
    empty_hands(game)
    position(game, hands={player: {card("green", 4): 1}}, supply={player: 3})
    game.perform("park_auction", player)
    while not game.decision().prompt.startswith("how many skyscrapers"):
        decision = game.decision()
        if decision.player != player:
            game.apply("pass_bid")
        elif "green" in decision.options:
            game.apply("green")
        elif card("green", 4) in decision.options:
            game.apply(card("green", 4))
        else:
            game.apply("finish_bid")
    return game


def test_building_below_central_park_says_what_a_skyscraper_there_is_worth():
    """'How many skyscrapers do you build below Central Park?' offered 0-3 with no value
    (en-2004: they earn points only at game end, 2 to 5 VP, by the three businesses turned
    over there)."""
    game = won_the_park()
    lines = screen_of(game)
    worth = "Below the park: 2-5 VP a skyscraper at the end only, by 3 businesses turned up."
    assert worth in lines
    assert all(len(line) <= SCREEN[0] for line in lines) and len(lines) <= SCREEN[1]
    pytest.importorskip("starlette")
    from interpreter.play.table import Table

    table = Table(game.ruleset, game, History(), {p: "human" for p in game.players},
                  load_display(game.ruleset))
    token = next(t for t, p in table.tokens.items() if p == "P1")
    assert worth in table.state_for(token)["decision"]["hints"]  # the page says it too


def test_building_all_warns_that_the_supply_runs_empty():
    """A newcomer built all their skyscrapers below Central Park and met the next set of
    auctions with none: the decision says when its answer empties the supply, and not when
    some stay."""
    emptied = "Building 3 empties your supply: auctions you win build none until you take more."
    lines = screen_of(won_the_park())
    assert emptied in lines
    assert all(len(line) <= SCREEN[0] for line in lines) and len(lines) <= SCREEN[1]
    game = won_the_park()
    position(game, supply={"P1": 5})
    assert not any("empties your supply" in line for line in screen_of(game))


def at_the_first_stop():
    """Player 2 has won the auction of the full 52nd St. West (fig. 11, reconstructed), where
    she has skyscrapers, before any building stop; the white commissioner, back in City Hall,
    has 52nd St. East, full too, still to auction in this set."""
    game = stop_position(fresh(load_ruleset(BASE)))
    empty_hands(game)
    position(game, hands={"P2": {card("violet", 4): 1}},
             at={"white": "city_hall"}, visited={"white": ["w52", "e52"]},
             tiles={f"e52_{c}": ["boutique"] for c in COLOURS})
    game.perform("district_auction", "P2", "w52")
    while game.decision().prompt != "build, or declare a building stop?":
        decision = game.decision()
        wanted = {"choose the colour of your bid, or pass": "violet"}
        game.apply(wanted.get(decision.prompt, decision.options[0])
                   if decision.player == "P2" else "pass_bid")
    return game


def test_a_first_stop_says_which_later_stop_would_end_the_game():
    """The option read 'building stop (a building stop in Times Square would end the game)'
    in 34th St. East, as if the stop chosen were in Times Square."""
    game = at_the_first_stop()
    lines = screen_of(game)
    text = " ".join(" ".join(lines).split())
    assert "building stop (then a building stop in 52nd St. East, auctioned later in this " \
        "set, would end the game)" in text
    assert all(len(line) <= SCREEN[0] for line in lines) and len(lines) <= SCREEN[1]


def last_business_position(row: dict[str, str]):
    """Player 1 places a jeweler where 2 of their skyscrapers stand in Times Square, whose
    last empty plot it may fill; `row`: the businesses left on the supply row."""
    game = position(fresh(load_ruleset(BASE)),
                    towers={"times_square_violet": {"P1": 2},
                            "times_square_orange": {"P3": 2}},
                    tiles={"times_square_brown": ["boutique"],
                           "times_square_green": ["gallery"]},
                    supply={"P1": 3}, row=row)
    game.perform("place_business", "P1")
    game.apply("tile(jeweler)")
    return game


def test_the_business_that_ends_the_game_warns_of_no_later_stop():
    """The last business's places warned 'a later building stop there would take them out of
    the game' where the game ends as it is placed (en-2004, Game end 1)."""
    s, _ = session_at(last_business_position({"slot17": "jeweler", "slot18": "boutique",
                                              "slot19": "gallery"}))
    warned = " ".join(" ".join(s.decision_lines(s.game.decision())).split())
    assert "gray (fills Times Square, where you have 2 skyscrapers: a later building stop " \
        "there would take your skyscrapers out of the game" in warned  # the game goes on
    s, _ = session_at(last_business_position({"slot19": "jeweler", "slot20": "boutique"}))
    lines = s.decision_lines(s.game.decision())
    said = " ".join(" ".join(lines).split())
    assert "gray" in said and "later building stop" not in said and "fills" not in said
    assert len(lines) <= SCREEN[1] and all(len(x) <= SCREEN[0] for x in lines)


def test_why_of_an_allowed_option_says_its_condition_as_a_sentence_about_the_game():
    """`why D` read 'The number of districts where a commissioner stands is 1 (more than
    0)', like code; `why B` read 'Nothing limits it now.' and then 'In the rules: Option B:
    only if a business can be placed.' A condition that holds is said in words, and never
    as nothing."""
    game = load_ruleset(BASE).new_game(3, 4)
    while game.decision().prompt != TURN_PROMPT:
        game.apply(game.decision().options[0])
    game.apply("A")  # the first player moves a commissioner into a district
    while game.decision().prompt != TURN_PROMPT:
        game.apply(game.decision().options[0])
    where = next(d for d in game.V["commissioner_at"].values() if d != "city_hall")
    s, out = session_at(game)
    s.why("d", game.decision())
    said = out.getvalue()
    assert f"  - Districts where a commissioner stands: {game.label(where)}." in said, said
    assert "The number of" not in said and "(more than 0)" not in said
    out.truncate(0)
    s.why("b", game.decision())
    said = out.getvalue()
    assert "Nothing limits it now." not in said
    assert "It is allowed because:\n  - A plot can take a business." in said, said
    s.why("a", game.decision())  # an option with no condition: nothing limits it
    assert "Nothing limits it now." in out.getvalue()


def test_two_commissioners_on_one_place_are_said_to_be_alike():
    """The first 'move which commissioner?' offered '1. white 2. beige' with both in City
    Hall and nothing to tell them apart: the hint says they are alike now and that a move
    starts no auction yet (the districts passed are auctioned on the way back from Central
    Park, en-2004: the 3rd action)."""
    game = load_ruleset(BASE).new_game(4, 109)
    while not {"white", "beige"} <= set(game.decision().options):
        game.apply(game.decision().options[0])
    lines = screen_of(game)
    text = " ".join(" ".join(lines).split())
    assert "The white and beige commissioners both stand in City Hall; either may go to " \
        "34th St. West or 34th St. East; moving one starts no auction yet." \
        in text, text
    assert "alike now" not in text  # issue 33 (seed 211): it said nothing of what differs
    assert "white: in City Hall" not in text  # said once, not commissioner by commissioner
    assert all(len(line) <= SCREEN[0] for line in lines) and len(lines) <= SCREEN[1]


def test_the_game_ending_move_shows_the_player_s_own_points_on_each_option():
    """The business that ended the game showed 'Player 2 +21 to +23, Player 3 ...' on every
    place and nothing for the player (their final points, alike everywhere, were said apart,
    out of sight); the ranges, from the businesses turned over at random for the final
    scoring, said nothing of why."""
    pytest.importorskip("starlette")
    from interpreter.play.table import Table

    from .test_rulebook_examples import sky, tile

    game = position(fresh(load_ruleset(BASE)),  # Player 1's skyscrapers below the park only
                    towers={"times_square_orange": {"P3": 2}},
                    tiles={"times_square_brown": ["boutique"]},
                    row={"slot19": "jeweler", "slot20": "boutique"})
    game.Z["park_tiles"] = [tile(k) for k in ("boutique", "boutique", "gallery", "jeweler")]
    game.Z["park_towers"] = {sky("P1"): 2}
    game.perform("place_business", "P1")
    game.apply("tile(jeweler)")
    table = Table(game.ruleset, game, History(), {p: "human" for p in game.players},
                  load_display(game.ruleset))
    token = next(t for t, p in table.tokens.items() if p == "P1")
    decision = table.state_for(token)["decision"]
    # the player's own first, as what each score gains by the end (the game ends with it),
    # said once with the others' for every place (seed 318's newcomer read it repeated on 13
    # buttons), whole and first after the end
    assert decision["every"].startswith(
        "the game ends (the last business of the supply row was placed); by the end, unless a "
        "choice says otherwise: you +4 to +10, Player 3 +2; final scores (estimate) likewise: "
        "you 4 to 10, Player 2 0, Player 3 2, Player 4 0; you most likely win; "), decision
    points = {o["label"]: o["points"] for o in decision["options"]}
    # on the places where Player 3's differ, theirs only, and who may win then
    differ = {"Times Square, gray (Player 3 +2 if scored now)",
              "Times Square, green (Player 3 +2 if scored now)"}
    assert {points[k] for k in differ} == {"by the end: Player 3 +4"}
    assert {o["effect"] for o in decision["options"] if o["label"] in differ} == \
        {"final scores: Player 3 4; you or Player 3 may win"}
    # the end said once, in the common line: no button repeats it (seed 324's newcomer read
    # it on some buttons only, as if only those plots ended the game)
    assert {p for k, p in points.items() if k not in differ} == {""}
    # one wording of the estimates, naming what applies: here a draw only (nothing hidden
    # changes a figure); seed 318's newcomer met two wordings for one thing
    assert decision["estimate"] == \
        "Estimates: a range where the figures differ by what will be drawn at random."


def test_a_refused_number_says_each_value_once():
    """`why` of a number above the build limit read '... how many skyscraper supply on the
    summary card (3) (3)': a value said twice, and a zone's name that was no count."""
    game = at_the_first_stop()
    game.apply("build")
    s, out = session_at(game)
    s.why("5", game.decision())
    said = " ".join(out.getvalue().split())
    assert "the smaller of 3 and how many skyscrapers in the supply on the summary card (3)" \
        in said, said
    assert "(3) (3)" not in said


def test_a_screen_without_room_for_the_options_words_says_which_choice_ends_the_game():
    """A newcomer's turn screen had no room for the options' words and said 'Some choices
    change points or pieces: type 'points' to see which': that option B ended the game they
    learnt from 'points' alone. Where only some choices end it, the screen names them."""
    game = position(fresh(load_ruleset(BASE)), row={"slot19": "jeweler", "slot20": "boutique"},
                    supply={"P1": 3})
    game.perform("turn", "P1")
    for height in (24, 12):  # room for the words; none
        s, _ = session_at(game, height=height)
        said = " ".join(" ".join(s.decision_lines(game.decision())).split())
        assert "2. B: place a business" in said
        assert "the game ends" in said or "Choice 2 ends the game; type 'points'" in said, said
    assert "Choice 2 ends the game" in said, said  # the short screen


def _turn_with_a_commissioner_in_the_park(seed: int):
    """A game (seed `seed`, the first option taken at every decision) at the first choice of
    option A-D where a commissioner stands in Central Park."""
    game = load_ruleset(BASE).new_game(4, seed)
    while not ("A" in game.decision().options and any(
            at == "central_park"
            for at in game.state["vars"]["commissioner_at"].values())):
        game.apply(game.decision().options[-1])
    return game


def test_the_choice_of_option_says_a_commissioner_s_move_back_starts_auctions():
    """Issue 33 (seed 211): options A-D were chosen with no word that their last action, a
    commissioner's move, could start a set of auctions (one in Central Park goes back to
    City Hall). Where one stands there, the choice says what moving it back starts."""
    game = _turn_with_a_commissioner_in_the_park(211)
    text = " ".join(" ".join(screen_of(game)).split())
    parked = [c for c, at in game.state["vars"]["commissioner_at"].items()
              if at == "central_park"]
    assert "Each option ends with your move of either commissioner; " in text, text
    for c in parked:
        assert f"{game.label(c)} may go from Central Park back to City Hall (starting " \
            in text, text


def test_two_commissioners_on_one_place_say_what_differs_later():
    """Two commissioners on one place that have passed different districts auction
    different districts on their way back: the hint says which, not 'alike now'."""
    game = load_ruleset(BASE).new_game(4, 109)
    while not {"white", "beige"} <= set(game.decision().options):
        game.apply(game.decision().options[0])
    district = next(p for p in game.world.entity_types["place"]
                    if game.evaluate("is_district", p))
    game.state["vars"]["visited"]["white"] = [district]
    text = " ".join(" ".join(screen_of(game)).split())
    assert "; later, back from Central Park, each auctions the districts it has passed, then " \
           f"the park: so far white {game.label(district)}, beige none." in text, text


def test_two_commissioners_in_a_district_each_auction_it_on_their_way_back():
    """Seed 312's newcomer read 'later, back from Central Park, white auctions 34th St.
    West, 42nd St. West, beige auctions 34th St. East, Times Square' with both standing in
    52nd St. West, which the white one's return then auctioned: leaving a district puts a
    marker there (en-2004, the 3rd action), so each way back auctions it too."""
    game = load_ruleset(BASE).new_game(4, 109)
    while not {"white", "beige"} <= set(game.decision().options):
        game.apply(game.decision().options[0])
    districts = [p for p in game.world.entity_types["place"]
                 if game.evaluate("is_district", p)]
    passed, here = districts[0], districts[-1]
    game.state["vars"]["visited"]["white"] = [passed]
    game.state["vars"]["commissioner_at"].update(white=here, beige=here)
    text = " ".join(" ".join(screen_of(game)).split())
    assert "; later, back from Central Park, each auctions the districts it has passed, then " \
           f"the park: so far white {game.label(passed)} and {game.label(here)}, beige " \
           f"{game.label(here)}." in text, text


def test_a_refused_card_says_where_the_answers_come_from_in_one_rule_s_words():
    """Seed 239's newcomer clicked what was no card in a bid and read '(only cards that may
    join a bid: its colour, or black after the first card and the value of a bid: the sum of
    its cards)': two rules' words joined, each with its colon, read as code. The refusal
    says the one the answers come from."""
    import random

    from interpreter.play.refusal import refusal

    game, pick = load_ruleset(BASE).new_game(4, 239), random.Random(1)
    while not (game.decision().player == "P1" and "add a card" in game.decision().prompt):
        game.apply(pick.choice(game.decision().options))
    said = refusal(game, game.decision(), "city_hall")  # a click on the board, no card
    assert "(only cards that may join a bid: its colour, or black after the first card)" \
        in said, said
    assert "the sum of its cards" not in said, said


def test_the_stop_warning_names_only_those_still_in_the_auction():
    """Seed 312's newcomer read 'If another player wins, they may stop 34th St. West (Player
    4, with no skyscraper there, would have to)' after Player 4 had passed. The hint reads
    who has passed (a local of the rules' auction: the display's `running`); seed 179's
    newcomer met it at step 390, Player 3 and Player 4 passed."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" /
                       "fifth-avenue-base-4p-seed179-newcomer.replay.json").read_text())
    ruleset = load_ruleset(BASE)
    display = load_display(ruleset)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    said = {}
    for step, move in enumerate(data["moves"][:391]):
        if step in (372, 390):
            said[step] = " ".join(display.hint_lines(game, "P1", game.decision().options))
        game.apply(move)
    assert "(Player 4, with no skyscraper there, would have to)" in said[372], said[372]
    assert "If another player wins, they may stop 34th St. East: your 1 skyscraper" \
        in said[390], said[390]


def test_the_stop_warning_leaves_out_those_who_hold_no_card_to_bid_with():
    """A pass now says 'Player 2 must pass' where Player 2 holds no card of a colour allowed
    (seed 321's newcomer, S14), and the stop warning beside it named Player 2 among those
    who 'would have to' stop: it names only those who still may win, as the pass does."""
    ruleset = load_ruleset(BASE)
    game = fresh(ruleset)
    position(game, towers={"w52_violet": {"P1": 2}},
             tiles={"w52_brown": ["boutique"], "w52_orange": ["perfume_shop"],
                    "w52_green": ["gallery"], "w52_gray": ["jeweler"]},
             visited={"white": ["w52"]},
             hands={"P1": {card("violet", 4): 1}, "P2": {card("violet", 5): 1},
                    "P3": {card("brown", 4): 1}, "P4": {card("green", 4): 1}})
    game.perform("run_auctions", "P1", "white")
    said = " ".join(load_display(ruleset).hint_lines(game, "P1", game.decision().options))
    assert "stop 52nd St. West (Player 3 or Player 4, with no skyscraper there, would " \
        "have to)" in said, said


def test_every_commissioner_move_warns_of_a_full_district_already_on_the_way_back():
    """Seed 314's newcomer scored 42nd St. West (full, 3 of their skyscrapers) with the
    beige commissioner standing there, then moved it on: the move warned only of the district
    it entered; the one it left, marked as it left, was auctioned on its return and stopped,
    and the 3 skyscrapers left the game. A full district of the player's that a commissioner
    stands in or has marked is said at every move (whatever is moved, it is auctioned)."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" /
                       "fifth-avenue-base-4p-seed314-newcomer.replay.json").read_text())
    ruleset = load_ruleset(BASE)
    display = load_display(ruleset)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:543]:
        game.apply(move)
    assert game.decision().prompt == "move which commissioner?"
    said = " ".join(display.hint_lines(game, "P1", game.decision().options))
    assert "42nd St. West has no plot free and your 3 skyscrapers: the beige commissioner's " \
        "return from Central Park auctions it, whatever you do now; if another player wins " \
        "its auction and declares a building stop, your 3 skyscrapers there leave the game" \
        in said, said


def test_the_short_warning_of_two_full_districts_says_one_of_their_auctions():
    """Seed 321's newcomer (S17), at 80 columns, read '42nd St. East has no plot free ...;
    52nd St. East has no plot free ...; if another player wins its auction': 'its' after
    two districts. The short words say 'its auction' of one district only ('wins there' of
    two, in words the page's whole warning has too)."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" /
                       "fifth-avenue-base-4p-seed321-newcomer.replay.json").read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:313]:
        game.apply(move)
    assert game.decision().prompt == "move which commissioner?"
    said = " ".join(load_display(ruleset).hint_lines(game, "P1", game.decision().options,
                                                     width=80))
    said = " ".join(said.split())
    assert "52nd St. East has no plot free and your 1 skyscraper: the white commissioner's " \
        "return auctions it; if another player wins there and declares a building stop, " \
        "you score half." in said, said


def test_option_a_says_on_its_button_that_it_takes_no_skyscraper_when_none_is_left():
    """Seed 314's newcomer, every skyscraper of theirs placed, read 'A: take 3 skyscrapers,
    then 2 coloured cards, then move a commissioner' on the button and 'option A takes none'
    only in the hint above (en-2004, the 1st action: offered still; a ruling). The option
    says it on its own line."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" /
                       "fifth-avenue-base-4p-seed314-newcomer.replay.json").read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"][:542]:
        game.apply(move)
    text = " ".join(" ".join(screen_of(game)).split())
    assert "(takes no skyscrapers: none of yours left)" in text, text


def _seed317_at(name: str, step: int):
    """Seed 317's newcomer's game (issue 33, round 6) at `step`, with its display."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" /
                       f"fifth-avenue-base-4p-seed317-{name}.replay.json").read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:step]:
        game.apply(move)
    return game, load_display(ruleset)


def test_both_commissioners_return_is_said_in_the_plural_and_then_is_said_as_once_it_moves():
    """Seed 317's newcomer read "the white and beige commissioner's return" (grammar), and
    "white: in Times Square (option D can then no longer score it ..." as D unable to score
    Times Square now: 'then' meant once the commissioner has moved on."""
    game, display = _seed317_at("newcomer-branch", 521)
    said = " ".join(" ".join(display.hint_lines(game, "P1", game.decision().options,
                                                False, 80)).split())
    assert "your 3 skyscrapers: the white and beige commissioners' return" in said, said
    assert "beige: in 42nd St. West (once it moves on, option D can no longer score it, " \
        in said, said
    game, display = _seed317_at("newcomer-branch", 438)
    said = " ".join(" ".join(display.hint_lines(game, "P1", game.decision().options,
                                                False, 80)).split())
    assert "Times Square has no plot free and your 1 skyscraper: the white commissioner's " \
        "return" in said, said
