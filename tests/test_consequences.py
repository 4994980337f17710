"""What each option does at once (interpreter/play/consequences.py), in words: who gains
points, whose pieces go where, whether the game ends; the same figures on every screen of one
decision; estimates said to be estimates, with a range; in the terminal's option list, in
`why`, and in the browser's option words."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game
from interpreter.play.consequences import (
    common_effect,
    effect_words,
    final_words,
    outlook,
    run_start,
)
from interpreter.play.display import load_display
from interpreter.play.moves_seen import UNDER, UNSEEN, Moved
from interpreter.play.replay import History
from interpreter.play.terminal import Session

from .conftest import BASE
from .test_rulebook_examples import card, empty_hands, fresh, position, sky, stop_position, tile
from .test_terminal import playable_bundled
from .test_why_words import RULE_CODE, citations, looked_at

STOP_PROMPT = "build, or declare a building stop?"


def effect_texts(game, found, viewer: str) -> list[str]:
    """Each option's effect in words, whole (an estimate said so), '' for none."""
    if found is None or found.skipped:
        return []
    note = " (an estimate)" if found.estimate else ""
    return [f"{w}{note}" if (w := effect_words(game, e, viewer)) else "" for e in found.effects]


def at_the_second_stop(park: list[str] | None = None, supply: int | None = None):
    """Player 2 has won the auction of the full 52nd St. West, where she has 3 skyscrapers
    and Player 3 has 1 (fig. 11, reconstructed), after one building stop already: she chooses
    to build or to stop (which ends the game). `park`: businesses below Central Park, where
    Player 2 has 2 skyscrapers; `supply`: the skyscrapers in her supply."""
    game = stop_position(fresh(load_ruleset(BASE)))
    empty_hands(game)
    position(game, hands={"P2": {card("violet", 4): 1}},
             supply={} if supply is None else {"P2": supply})
    game.V["stops"] = 1
    if park is not None:
        game.Z["park_tiles"] = [tile(k) for k in park]
        game.Z["park_towers"] = {sky("P2"): 2}
    game.perform("district_auction", "P2", "w52")
    while game.decision().prompt != STOP_PROMPT:
        decision = game.decision()
        wanted = {"choose the colour of your bid, or pass": "violet"}
        if decision.player == "P2":
            game.apply(wanted.get(decision.prompt, decision.options[0]))
        else:
            game.apply("pass_bid")
    return game


def test_a_building_stop_says_whose_pieces_leave_the_points_and_the_end():
    game = at_the_second_stop()
    decision = game.decision()
    found = outlook(game, decision, "P2")
    words = dict(zip(decision.options, [effect_words(game, e, "P2") for e in found.effects],
                     strict=True))
    stop = words["building stop"]
    assert stop.startswith("the game ends (the second building stop)")
    # 1 VP per skyscraper; half of 5 for Player 3; the player's own pieces lost before the
    # others' points (a newcomer's line, cut at 80 columns, kept the points only)
    assert stop.startswith("the game ends (the second building stop); final scores: you 4, "
                           "Player 1 0, Player 3 2, Player 4 0; you win; you +4; your 3 "
                           "skyscrapers go out of the game"), stop
    assert "; Player 3 +2; " in stop
    # in words, not arrows (a newcomer read 'supply -> markers' as rule code)
    assert "your 3 skyscrapers go out of the game (back in the box), from 52nd St. West, " \
        "violet" in stop
    assert "Player 3's 1 skyscraper goes out of the game (back in the box), from 52nd St. " \
        "West, gray" in stop
    assert "4 business tiles go out of the game (back in the box), from 52nd St. West" in stop
    assert "->" not in stop
    assert words["build"] == ""  # how many to build is the next decision
    assert not found.estimate  # nothing hidden changes it


def test_a_stop_that_ends_the_game_says_the_park_s_draw_is_random_never_its_businesses():
    """A newcomer read the businesses a stop's final scoring would turn over below Central
    Park named as if known: they are drawn at random (here 3 of 5), and one sample's draw
    said as a fact is wrong four times in five. The draw is said as such; the points are a
    range."""
    game = at_the_second_stop(["gallery", "jeweler", "boutique", "perfume_shop", "gallery"])
    decision = game.decision()
    for samples in (1, 5):
        found = outlook(game, decision, "P2", samples=samples)
        stop = effect_texts(game, found, "P2")[decision.options.index("building stop")]
        assert "3 business tiles drawn at random go from the businesses in the area below " \
            "Central Park" in stop, stop
        assert not re.search(r"gallery|jeweler|boutique|perfume", stop), stop
        assert "you +10 to +14" in stop and stop.endswith("(an estimate)"), stop


def test_a_paid_card_goes_under_its_stack_in_the_preview():
    game = stop_position(fresh(load_ruleset(BASE)))
    empty_hands(game)
    position(game, hands={"P2": {card("violet", 4): 1}})
    game.perform("district_auction", "P2", "w52")
    game.apply("violet")
    game.apply(card("violet", 4))
    decision = game.decision()  # finish: the others cannot bid, Player 2 wins and pays
    found = outlook(game, decision, "P2")
    finish = effect_words(game, found.effects[decision.options.index("finish_bid")], "P2")
    assert finish == "1 card (violet 4) goes from your bid to the face-up stack of " \
                     "coloured cards (violet), at the bottom"


def test_an_estimate_says_so_and_gives_a_range():
    # the final scoring turns 3 of the 5 businesses below Central Park over at random
    game = at_the_second_stop(["boutique", "boutique", "boutique", "jeweler", "gallery"])
    decision = game.decision()
    found = outlook(game, decision, "P2", samples=8)
    assert found.estimate
    stop = effect_texts(game, found, "P2")[decision.options.index("building stop")]
    assert "(an estimate)" in stop
    assert " to +" in stop  # a range of points, not one figure


def test_points_left_to_a_draw_are_an_estimate_even_when_the_samples_agree():
    """A newcomer read a building stop as 'you +52', exact, though the final scoring it
    starts turns Central Park's businesses over at random: the samples had agreed by chance.
    A run that draws at random and scores is played again with other draws."""
    game = at_the_second_stop(["boutique", "boutique", "jeweler", "gallery"])
    decision = game.decision()
    for seed in range(4):
        game.state["seed"] = seed
        found = outlook(game, decision, "P2", samples=1)
        stop = effect_texts(game, found, "P2")[decision.options.index("building stop")]
        assert found.estimate and re.search(r"you \+\d+ to \+\d+", stop), stop


def test_the_same_samples_on_every_screen_of_one_run_of_decisions():
    game = load_ruleset(BASE).new_game(4, 5)
    history = History()
    rng = random.Random(5)
    while not game.over:  # on to a player's second decision in a row
        decision = game.decision()
        if history.deciders[-1:] == [decision.player] and len(decision.options) > 1:
            break
        game.apply(rng.choice(decision.options))
        history.record(game, decision.player, game.moves[-1])
    player = decision.player
    start = run_start(history, player)
    assert start < len(history.deciders) and history.deciders[start] == player
    assert start == 0 or history.deciders[start - 1] != player
    first = outlook(game, decision, player, start)
    again = outlook(game, decision, player, start)
    assert first == again


def test_a_piece_put_on_the_place_chosen_from_a_common_supply_is_not_said_again():
    game = load_ruleset(BASE).new_game(4, 1)
    decision = game.decision()  # the starting skyscrapers: one on any empty plot
    found = outlook(game, decision, decision.player)
    common, rest = common_effect(found.effects)
    assert effect_words(game, common, decision.player) == ""  # the option itself says it
    assert not any(effect_words(game, e, decision.player) for e in rest)


def session_at(game) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    seats = {p: "human" for p in game.players}
    return Session(game.ruleset, game, History(), seats, load_display(game.ruleset), out,
                   width=80, height=40), out


def test_the_terminal_lists_the_consequences_and_why_says_them():
    game = at_the_second_stop()
    s, out = session_at(game)
    decision = game.decision()
    s.screen(decision)
    screen = out.getvalue()
    assert "What each choice does at once" in screen
    assert "2. building stop: the game ends (the second building stop); final scores: you" \
        in screen
    assert "; you win; you +4; " in " ".join(screen.split())
    s.handle("why 2", decision)
    assert "At once: the game ends (the second building stop)" in out.getvalue()
    s.handle("why 1", decision)
    assert "At once: no points change and nothing else happens; what follows depends on " \
        "the decisions after it." in " ".join(out.getvalue().split())


def test_the_browser_s_options_carry_the_same_words():
    pytest.importorskip("starlette")
    from interpreter.play.table import Table

    game = at_the_second_stop()
    table = Table(game.ruleset, game, History(), {p: "human" for p in game.players},
                  load_display(game.ruleset))
    token = next(t for t, p in table.tokens.items() if p == "P2")
    options = table.state_for(token)["decision"]["options"]
    stop = next(o for o in options if o["place"] == "building stop")
    # the button's label is short, with the points; what else it does is said beside it
    # (page.js), once: the points are not said again there
    assert stop["label"] == "building stop"
    assert stop["points"].startswith("by the end: you +4")  # (it ends the game)
    assert stop["effect"].startswith("the game ends (the second building stop)")
    assert "+4" not in stop["effect"]


def test_options_that_cannot_differ_show_the_same_range():
    """A newcomer saw '+15 to +18' for some plots of one district and '+16 to +18' for the
    others, where the last business placed ends the game and the final scoring draws at
    random: each option drew its own draws. Every option of a decision is played with the
    same draws, so that only what differs between options shows as a difference."""
    ruleset = load_ruleset(BASE)
    game, rng = ruleset.new_game(4, 3), random.Random(3)
    while game.state["step"] < 730:  # the last business of the row: the game ends
        game.apply(rng.choice(game.decision().options))
    decision = game.decision()
    assert decision.prompt == "place it on a building plot"
    found = outlook(game, decision, decision.player)
    assert found.estimate
    ranges = {label: effect.points for label, effect in zip(decision.labels, found.effects,
                                                            strict=True)
              if label.startswith("42nd St. West, ")}
    assert len(ranges) == 5
    assert len(set(map(str, ranges.values()))) == 1, ranges
    assert any(lo != hi for lo, hi in next(iter(ranges.values())).values())  # ranges


@pytest.mark.parametrize("name", playable_bundled())
def test_every_consequence_of_a_whole_game_is_said_in_words(name):
    said = 0
    for game, decision, _ in looked_at(name, 11, 400, lambda step: step % 3 == 0 or step < 30):
        cites = citations(game)
        found = outlook(game, decision, decision.player, samples=2)
        for text in effect_texts(game, found, decision.player):
            said += bool(text)
            assert not RULE_CODE.search(text.replace("->", "")), text
            assert not any(re.search(rf"\b{re.escape(c)}\b", text) for c in cites), text
            assert "?" not in text and not re.search(r"\d an? ", text), text
    assert said > 0


def test_at_a_real_terminal_the_options_say_what_they_do_and_the_digest_what_happened(
        tmp_path):
    from .test_hot_seat_terminal import Pty

    game = Pty(["play", "fifth-avenue/base", "--players", "4", "--seed", "1", "--no-replay",
                "--color", "never"], tmp_path)
    try:
        game.until("Press Enter to start.")
        game.type("")
        first = game.until("\n> ")
        assert "Whichever you choose:" not in first  # a starting skyscraper: nothing to add
        game.type("1")
        second = game.until("\n> ")  # the second starting skyscraper, after the bots' first
        said = " ".join(second.split())
        assert "In short, since your last decision:" in said
        # all three bots' placements: without where from (the common supply) to fit
        assert re.search(r"Pieces: Player \d's 2 skyscrapers go to .*; Player \d's 2 "
                         r"skyscrapers go to .*; Player \d's 2 skyscrapers go to ", said), said
        # a plot keeps its number (1 is taken by now), listed as "6. violet" or, grouped by
        # street where the list would not fit otherwise, "6 violet (+2)"
        asked = said.split("empty building plot", 1)[1]
        game.type(re.search(r" (\d+)\.? [a-z]", asked).group(1))
        turn = " ".join(game.until("\n> ").split())
        assert "A: take 3 skyscrapers, then 2 coloured cards, then move a commissioner: " \
               "your 3 skyscrapers go from the general supply to your supply" in turn
        rows = [x for x in re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", game.output).split("\n")]
        assert all(len(x.rstrip("\r")) <= 80 for x in rows)
    finally:
        game.close()


def test_a_preview_does_not_name_a_face_down_card_it_would_draw():
    """A newcomer read "1 bidding card (black 6): face-down black stack -> your hand" before
    drawing: the samples had dealt a black 6 there, and the preview said it as a fact. A card
    drawn face down into your hand is named once it happened (the digest), not ahead of it on
    a sample (a preview); a card from a place you see into is named in both."""
    game = load_ruleset(BASE).new_game(4, 1)
    drawn = Moved(("black_stack", None), ("hand", "P1"), (card("black", 6),), False, False)
    assert drawn.kinds_for(game, "P1") == [card("black", 6)]
    assert drawn.kinds_for(game, "P1", ahead=True) == [UNSEEN]
    assert drawn.kinds_for(game, "P2") == [UNSEEN]
    taken = Moved(("colour_stack", "violet"), ("hand", "P1"), (card("violet", 4),), True, False)
    assert taken.kinds_for(game, "P1", ahead=True) == [card("violet", 4)]


def test_an_estimate_says_in_plain_words_what_a_deal_is():
    """'(Estimates over 5 deals of what you cannot see ...)' meant nothing to a newcomer."""
    game = at_the_second_stop(["boutique", "boutique", "boutique", "jeweler", "gallery"])
    decision = game.decision()
    s = Session(game.ruleset, game, History(), {p: "human" for p in game.players},
                load_display(game.ruleset), io.StringIO(), width=80, height=24)
    text = " ".join(s.decision_lines(decision))
    # the stop ends the game, and its final scoring turns businesses over at random: the
    # note says so (test_newcomer_texts); nothing hidden changes a figure: not said
    assert "(Estimates: a range where the figures differ by what will be drawn at " \
        "random.)" in text
    assert "deals of what" not in text


def test_option_d_says_2_or_3_black_cards_as_its_preview_counts_them():
    """The label said 'take 2 black cards' where the preview counted 3: the scorer takes 2,
    and a 3rd when none of his skyscrapers is in the district (en-2004, fig. 01)."""
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, 7)
    rng = random.Random(7)
    counts = set()
    while not game.over and len(counts) < 2:
        decision = game.decision()
        if decision.prompt == "choose your option for this turn" and "D" in decision.options:
            assert "then 2 or 3 black cards" in decision.labels[decision.options.index("D")]
        if decision.prompt == "score which district?":
            found = outlook(game, decision, decision.player, samples=1)
            for effect in found.effects:
                drawn = re.search(r"(\d) cards go from the face-down black stack to "
                                  r"your hand", effect_words(game, effect, decision.player))
                counts.add(int(drawn.group(1)))
        game.apply(rng.choice(decision.options))
    assert counts == {2, 3}


def decisions_of_player_1(seed: int, wanted, most: int = 3):
    """Player 1's decisions of a random 4-player game that `wanted(game, decision)` picks,
    `most` of them, each with its preview (news said as the display says them)."""
    ruleset = load_ruleset(BASE)
    news = load_display(ruleset).news_in
    game, rng, found = ruleset.new_game(4, seed), random.Random(seed), 0
    while not game.over and found < most:
        decision = game.decision()
        if decision.player == "P1" and wanted(game, decision):
            found += 1
            yield game, decision, outlook(game, decision, "P1", samples=2, news=news)
        game.apply(rng.choice(decision.options))


def test_a_pass_says_who_wins_the_auction_or_who_is_still_in():
    """'pass' showed only the cards taken back: a pass that ends the auction says that the
    high bidder wins, with what, and the choice that is then theirs (how many to build); one
    that leaves others to bid says who is still in, the high bidder among them, and no
    winner (issue 33: 'if the others choose it too: Player 4 wins' read as certain)."""
    def outbid(game, decision):
        high = game.view("P1")["vars"]["high_bidder"]
        return "pass_bid" in decision.options and high not in (None, "none", "P1")

    met = 0
    for game, decision, found in decisions_of_player_1(4, outbid):
        high = game.label(game.view("P1")["vars"]["high_bidder"])
        said = effect_words(game, found.effects[decision.options.index("pass_bid")], "P1")
        if " still in" in said:
            assert high in said.split(" still in")[0] and " wins " not in said, said
            met += 1
            continue
        assert re.search(rf"{high} wins the (auction for .+|Central Park auction) with \d+",
                         said), said
        assert f"then {high} decides: how many skyscrapers they build" in said, said
        met += 1
    assert met == 3


def test_an_option_that_starts_a_set_of_auctions_says_so():
    """Nothing foretold that moving a commissioner back to City Hall starts a set of
    auctions: that option says 'starts a set of auctions' (the procedure's own description),
    and no other option of the decision does."""
    def commissioner(game, decision):
        return decision.prompt.startswith("move")

    met = 0
    for game, decision, found in decisions_of_player_1(3, commissioner, most=40):
        for option, effect in zip(decision.options, found.effects, strict=True):
            twin = game.clone()
            twin.apply(option)
            begins = any("a set of auctions begins" in line for line in twin.events)
            assert (effect.starts == "a set of auctions") == begins, (option, effect)
            said = effect_words(game, effect, "P1")
            assert ("a set of auctions" in said) == begins, said
            # said once: 'starts a set of auctions; ... a set of auctions begins' was twice
            assert said.count("a set of auctions") <= 1, said
            met += begins
    assert met


def test_an_option_that_only_leads_to_a_choice_of_the_player_starts_nothing():
    """A newcomer read 'C: ... starts Move a commissioner': the turn's option that ends with
    moving a commissioner was said to start the move (in which other players bid only if the
    player's coming choice of where sends it to City Hall). What the player still steers is
    not foretold as started; only an option that sets it going by itself is."""
    met = 0
    for _, decision, found in decisions_of_player_1(
            5, lambda g, d: d.prompt.startswith("choose your option"), most=8):
        assert not any(effect.starts for effect in found.effects), \
            [(o, e.starts) for o, e in zip(decision.options, found.effects, strict=True)]
        met += 1
    assert met == 8


def test_the_players_own_pieces_lost_come_before_the_others_in_an_options_words():
    """A newcomer's building-stop option read 'building stop: you +3, Player 3 +2; Player 3's
    1 skyscraper goes out of the game' at 80 columns: their own 2 skyscrapers came after the
    others' pieces and were cut. The end, the points and the player's own pieces come first."""
    met = 0
    for game, _, found in decisions_of_player_1(
            1, lambda g, d: d.prompt.startswith("build, or declare"), most=6):
        for effect in found.effects:
            parts = effect_words(game, effect, "P1").split("; ")
            own = [i for i, x in enumerate(parts) if x.startswith("your ")]
            others = [i for i, x in enumerate(parts) if re.match(r"Player \d's ", x)]
            if own and others:
                assert max(own) < min(others), parts
                met += 1
    assert met


def test_the_last_pass_of_an_auction_that_nobody_bid_in_says_so():
    """A newcomer passing last read only 'pass': that nobody
    would win the auction was not said. News that names no player is said too."""
    def last_pass(game, decision):
        if "pass_bid" not in decision.options:
            return False
        twin = game.clone()
        twin.apply("pass_bid")
        return any(line.startswith("Nobody bids for ") for line in twin.events)

    met = 0
    for game, decision, found in decisions_of_player_1(6, last_pass, most=2):
        said = effect_words(game, found.effects[decision.options.index("pass_bid")], "P1")
        assert "nobody bids for " in said, said  # mid-sentence: in lower case
        met += 1
    assert met == 2


def _last_to_pass(game, decision) -> bool:
    """A decision whose pass ends the auction (another player's decision follows it)."""
    if "pass_bid" not in decision.options:
        return False
    twin = game.clone()
    twin.apply("pass_bid")
    return not twin.over and twin.decision().player != decision.player and \
        any(" wins the " in line for line in twin.events)


def test_what_follows_names_the_next_choice_without_a_garbled_list_of_options():
    """A newcomer read 'then Player 4: choose the colour of your bid, or pass (violet to pass
    (taking back any cards bid))', and later '(build, building stop)' and 'then Player 2
    chooses their option for this turn (take 3 skyscrapers, ...)': a list of the next
    player's options in brackets reads like code; the next decision's question is said."""
    met = 0
    for *_, found in decisions_of_player_1(4, _last_to_pass, most=6):
        for effect in found.effects:
            for line in effect.then:
                if line.startswith("then "):
                    met += 1
                    assert "(" not in line, line
    assert met


def test_what_follows_speaks_of_the_next_player_not_to_them():
    """A newcomer read 'then Player 2: how many skyscrapers do you build' in their own
    preview, as if asked themselves: the next player's question is said of them."""
    met = 0
    for *_, found in decisions_of_player_1(4, _last_to_pass, most=6):
        for line in (x for e in found.effects for x in e.then if x.startswith("then ")):
            met += 1
            assert not re.search(r"\byou(r)?\b", line), line
            assert re.match(r"then Player \d (decides: |chooses )", line), line
    assert met


def at_the_rows_last_businesses():
    """Player 1's turn with two businesses left in the supply row, both in its last set:
    taking either ends the game once placed (the other goes below Central Park)."""
    game = fresh(load_ruleset(BASE))
    position(game, row={"slot19": "boutique", "slot20": "jeweler"})
    return game


def test_an_option_that_can_only_end_the_game_says_the_game_ends():
    """A newcomer read 'the game goes on' for taking the row's last businesses: the preview
    stopped at their own next decision (where to place it). Every way on ends the game."""
    game = at_the_rows_last_businesses()
    turn = game.decision()
    found = outlook(game, turn, "P1", samples=1)
    words = dict(zip(turn.options, effect_texts(game, found, "P1"), strict=True))
    assert words["B"].startswith("the game ends (the last business of the supply row was "
                                 "placed, whatever you choose next)"), words["B"]
    assert "the game ends" not in words["A"]
    game.apply("B")
    take = game.decision()
    found = outlook(game, take, "P1", samples=1)
    assert all(text.startswith("the game ends (the last business")
               for text in effect_texts(game, found, "P1"))


def test_an_option_that_ends_the_game_says_the_final_scores_and_who_wins():
    """Issue 33: a newcomer's option B, which ended the game, said nothing of who would win:
    an option that ends the game gives the scores it ends with and the winner, at once or
    whatever the player chooses next, the same on the page; where the end draws at random
    (the park's businesses turned over), the scores are a range said an estimate, and the
    winner may differ."""
    game = at_the_second_stop()
    decision = game.decision()
    found = outlook(game, decision, "P2")
    stop = found.effects[decision.options.index("building stop")]
    twin = game.clone()
    twin.apply("building stop")
    assert twin.over
    final = twin.scores()
    assert stop.final == {p: (final[p], final[p]) for p in game.players}
    assert stop.winners == [tuple(twin.winners())]
    assert "; final scores: you 4, Player 1 0, Player 3 2, Player 4 0; you win" in \
        effect_words(game, stop, "P2", points=False)
    assert not found.effects[decision.options.index("build")].final
    game = at_the_rows_last_businesses()
    turn = game.decision()
    found = outlook(game, turn, "P1", samples=1)
    words = dict(zip(turn.options, effect_texts(game, found, "P1"), strict=True))
    assert "whatever you choose next); final scores: you 0, Player 2 0, Player 3 0, " \
        "Player 4 0; you, Player 2, Player 3 and Player 4 share the win" in words["B"], words
    assert "final scores" not in words["A"]
    game = at_the_second_stop(["gallery", "jeweler", "boutique", "perfume_shop", "gallery"])
    found = outlook(game, game.decision(), "P2")
    stop = effect_texts(game, found, "P2")[game.decision().options.index("building stop")]
    assert re.search(r"final scores \(estimate\): you \d+ to \d+, ", stop), stop


def before_the_3rd_business(towers: dict) -> Game:
    """Player 1's turn, two businesses placed: the 3rd sets off the special scoring."""
    game = fresh(load_ruleset(BASE))
    position(game, towers=towers, placed=2,
             row={"slot04": "boutique", "slot05": "gallery", "slot06": "jeweler"})
    return game


THREE_DISTRICTS = {"w34_violet": {"P1": 1}, "e34_brown": {"P1": 1}, "w42_gray": {"P1": 1}}
SPECIAL_SCORING = ("you +4 (you score 4 VP for skyscrapers in at least 3 districts: "
                   "the special scoring after business 3)")


def every_choice_words(game: Game) -> str:
    """What every option of the decision now does alike, in words."""
    found = outlook(game, game.decision(), "P1", samples=1,
                    news=load_display(game.ruleset).news_in)
    return effect_words(game, common_effect(found.effects)[0], "P1")


def test_a_special_scoring_says_why_every_choice_scores():
    """A newcomer read 'Every choice: you +4, ...' on placing the 3rd business of the game,
    with no reason: the points say the rules' own line for them."""
    game = before_the_3rd_business(THREE_DISTRICTS)
    game.apply("B")
    game.apply(game.decision().options[0])  # a business; where it goes is the choice
    assert game.decision().prompt == "place it on a building plot"
    said = every_choice_words(game)
    assert said.startswith(SPECIAL_SCORING), said


def test_taking_the_business_that_sets_off_a_special_scoring_says_its_points():
    """A newcomer took the 3rd business of the game and saw its +4 only on the next screen
    (where to place it): the preview stopped at their own next decision. Wherever it goes,
    the special scoring comes: the taking says it, and so does option B, which leads there
    through two choices of the player's own, with the rules' line for it."""
    game = before_the_3rd_business(THREE_DISTRICTS)
    turn = game.decision()  # option B: which business, then where: the scoring either way
    found = outlook(game, turn, "P1", samples=1)
    words = dict(zip(turn.options, effect_texts(game, found, "P1"), strict=True))
    # (then what every way moves: the tile, to the plot chosen)
    assert words["B"].startswith(
        SPECIAL_SCORING + "; 1 business tile goes to the plot you choose next"), words
    assert "+4" not in words["A"] + words["C"], words
    game.apply("B")
    assert game.decision().prompt == "take a business from the current set"
    said = every_choice_words(game)
    assert said.startswith(SPECIAL_SCORING), said


def test_an_option_that_scores_says_the_rule_it_scores_by_beside_its_points():
    """Seed 312's newcomer read 'B: place a business, ... you +4, Player 3 +4' on the turn's
    screen, and learnt why only after choosing B: where the options differ, an option's
    points say the rule that gives them, short (its line's words after the colon)."""
    game = before_the_3rd_business(THREE_DISTRICTS)
    turn = game.decision()
    found = outlook(game, turn, "P1", samples=1)
    words = [effect_words(game, e, "P1") for e in common_effect(found.effects)[1]]
    said = dict(zip(turn.options, words, strict=True))
    assert said["B"].startswith("you +4 (the special scoring after business 3)"), said


def test_taking_a_business_that_scores_nobody_says_no_points():
    """Where the special scoring gives nobody points, the taking says none."""
    game = before_the_3rd_business({"w34_violet": {"P1": 1}})
    game.apply("B")
    found = outlook(game, game.decision(), "P1", samples=1)
    assert all(not e.points for e in found.effects)


def test_scoring_a_district_is_not_said_twice():
    """A newcomer read '52nd St. West: you +9, Player 4 +4 (Player 1 scores 9 VP in 52nd
    St. West)': the option names the district, the reason said it again."""
    game = fresh(load_ruleset(BASE))
    position(game, towers={"w34_violet": {"P1": 1}, "w34_brown": {"P2": 1},
                           "w52_violet": {"P1": 2}},
             tiles={"w34_gray": ["boutique"]}, at={"white": "w34", "beige": "w52"})
    game.perform("turn", "P1")  # asked again, with the commissioners in two districts
    game.apply("D")
    decision = game.decision()
    found = outlook(game, decision, "P1", samples=1, news=load_display(game.ruleset).news_in)
    words = dict(zip(decision.labels, effect_texts(game, found, "P1"), strict=True))
    (said,) = [text for label, text in words.items() if "34th St. West" in label]
    assert said.startswith("you +") and "scores" not in said, words


def test_pieces_from_many_places_to_many_are_said_place_by_place():
    """A newcomer's digest said '3 business tiles (jeweler, perfume shop, gallery) go from 3
    places to 3 places': where each went is said."""
    from interpreter.play.consequences import PieceWords

    game = load_ruleset(BASE).new_game(4, 1)
    flows = [(("supply_row", "slot01"), ("plot_tiles", "e52_gray"), "tile(jeweler)", 1, False),
             (("supply_row", "slot02"), ("plot_tiles", "w42_green"), "tile(boutique)", 1, False),
             (("supply_row", "slot03"), ("plot_tiles", "tsq_green"), "tile(gallery)", 1, False)]
    said = PieceWords(game, "P1").moves(flows)
    assert not any("places" in line for line in said), said
    assert "1 business tile (jeweler) goes from supply space 1 to 52nd St. East, gray" in said
    assert len(said) == 3


def test_moves_alike_for_every_player_are_said_once():
    """The setup's last starting skyscraper read 'Every choice: your 1 skyscraper goes ...;
    your 3 skyscrapers go ...; Player 2's 1 skyscraper goes ...; ...': 8 clauses, two for
    each player. Moves alike for every player are said once."""
    game = load_ruleset(BASE).new_game(4, 13)
    for _ in range(7):
        game.apply(game.decision().options[0])
    decision = game.decision()
    found = outlook(game, decision, decision.player, samples=1)
    common, _ = common_effect(found.effects)
    said = effect_words(game, common, decision.player)
    assert said == ("every player's 3 skyscrapers go from the general skyscraper supply to "
                    "their supply"), said


def test_bookkeeping_alike_for_every_choice_is_not_said():
    """Issue 33: 'Every choice: every player's 1 skyscraper goes from the general supply to
    the score track' read as bookkeeping to a newcomer: players' pieces moved from one common
    pile to another whatever the choice (a score marker set out) are not said; what comes
    into the players' own zones still is, and the digest of what happened is not touched."""
    game = load_ruleset(BASE).new_game(4, 13)
    for _ in range(7):
        game.apply(game.decision().options[0])
    decision = game.decision()
    found = outlook(game, decision, decision.player, samples=1)
    assert any("scoring markers" in m for m in found.effects[0].moves)  # seen, then left out
    for supplies in (True, False):
        common, rest = common_effect(found.effects, supplies=supplies)
        said = [effect_words(game, e, decision.player) for e in (common, *rest)]
        assert not any("scoring markers" in x for x in said), said


def at_taking_a_business():
    """Player 1 takes a business (option B) from a set of two: the other then goes below
    Central Park."""
    game = fresh(load_ruleset(BASE))
    position(game, row={"slot04": "boutique", "slot05": "gallery", "slot06": "jeweler",
                        "slot07": "jeweler", "slot08": "boutique"})
    game.apply("B")
    return game


def test_taking_a_business_says_where_it_goes_and_what_goes_below_central_park():
    """`why` of taking a business did not say where it goes ('below Central Park'): the
    option's consequences name where the pieces go, through the player's own next choice."""
    game = at_taking_a_business()
    decision = game.decision()
    assert decision.prompt == "take a business from the current set"
    found = outlook(game, decision, "P1", samples=1)
    words = dict(zip(decision.options, effect_texts(game, found, "P1"), strict=True))
    assert words[tile("boutique")] == (
        "1 business tile (boutique) goes from supply space 4 to the plot you choose next; "
        "1 business tile (gallery) goes from supply space 5 to the businesses in the area "
        "below Central Park, face up")


def test_placing_a_business_names_the_business():
    """'place it on a building plot' did not name the business: every choice says which
    business goes to the plot chosen."""
    game = at_taking_a_business()
    game.apply(tile("gallery"))
    decision = game.decision()
    found = outlook(game, decision, "P1", samples=1)
    common, _ = common_effect(found.effects)
    assert effect_words(game, common, "P1").startswith(
        "1 business tile (gallery) goes from supply space 5 to the plot chosen")


def test_the_page_says_moves_with_the_zones_short_names(tmp_path):
    """A newcomer read "every player's 1 skyscraper goes from the general skyscraper supply
    to the skyscrapers used as scoring markers" and "go from Player 3's bid to the black cards
    put face up under the black stack": the rules' descriptions of zones. What the options
    do and what happened since the last decision say a zone by the display's short name
    ('the score track', 'the green stack'); a short name for no zone is refused in words."""

    from interpreter.engine.ruleset import RulesetErrors

    from .test_robustness import tiny
    from .web_support import make_table, token_of

    ruleset = load_ruleset(BASE)
    game, rng = ruleset.new_game(4, 43), random.Random(43)
    table = make_table(ruleset, game, History.start(game),
                       {"P1": "human", "P2": "greedy", "P3": "greedy", "P4": "greedy"})
    token, said = token_of(table, "P1"), []
    long_names = [game.program.zones[z].decl.label for z in table.display.zones
                  if not z.endswith(UNDER)]  # (a zone's words for what goes under it)
    coloured = re.compile(r"go(es)? from (your bid to )?the (violet|brown|gray|orange|green) "
                          r"stack")
    while not coloured.search(" ".join(said)) and not table.game.over:
        decision = table.game.decision()
        if decision.player != "P1":
            table.bot_step()
            continue
        state = table.state_for(token)
        said += [state["decision"]["every"], *state["digest"],
                 *(o["effect"] for o in state["decision"]["options"])]
        table.decide(token, table.version, rng.randrange(len(decision.options)))
    text = " ".join(said)
    assert not [name for name in long_names if name in text], text
    # (every player's score marker set out on the track is bookkeeping, not said: issue 33)
    assert "from the general supply to their supply" in text and coloured.search(text)
    folder = tiny(tmp_path / "t", display='zones:\n  no_such_zone: "the pile"\n')
    with pytest.raises(RulesetErrors, match="'no_such_zone' is no zone of the rules"):
        load_display(load_ruleset(folder))


def test_option_d_and_its_district_say_every_player_who_draws_alike():
    """A newcomer read option D as '1 card goes ... to Player 2's hand' and the district
    chosen next as '1 card goes to Player 3's hand': both drew (every player without a
    skyscraper in the district scored takes one). What every district does alike was
    split from what one does, one player in each part."""
    game = fresh(load_ruleset(BASE))
    position(game, towers={"w34_violet": {"P1": 1}, "w34_brown": {"P4": 1},
                           "w52_violet": {"P1": 2}},
             tiles={"w34_gray": ["boutique"]}, at={"white": "w34", "beige": "w52"})
    game.perform("turn", "P1")
    news = load_display(game.ruleset).news_in
    decision = game.decision()
    found = outlook(game, decision, "P1", samples=2, news=news)
    option_d = effect_words(game, found.effects[decision.options.index("D")], "P1")
    assert "Player 2's hand" not in option_d and "more by what you choose next" in option_d
    game.apply("D")
    decision = game.decision()
    found = outlook(game, decision, "P1", samples=2, news=news)
    common, rest = common_effect(found.effects)
    assert "Player" not in effect_words(game, common, "P1")
    words = dict(zip(decision.labels, (effect_words(game, e, "P1") for e in rest),
                     strict=True))
    assert ("1 card goes from the face-down black stack to each of Player 2's and Player 3's "
            "hands") in words["34th St. West"], words
    assert "each of Player 2's, Player 3's and Player 4's hands" in words["52nd St. West"]


def notes_now(game: Game, player: str) -> dict:
    """The option notes of the decision asked now, by option."""
    from interpreter.play.option_notes import option_notes

    decision = game.decision()
    return dict(zip(decision.options, option_notes(
        load_display(game.ruleset).option_notes, game, player, decision.options), strict=True))


def commissioner_move_notes(game: Game, player: str) -> dict:
    """The option notes of `player`'s choice of a commissioner to move, their turn begun
    (its first options taken)."""
    game.forget()
    game.perform("turn", player)
    while game.decision().prompt != "move which commissioner?":
        game.apply(game.decision().options[0])
    return notes_now(game, player)


def test_a_move_that_starts_auctions_where_a_stop_would_end_the_game_says_so():
    """The second building stop ends the game: moving a commissioner back to City Hall
    starts a set of auctions, and where a full district among them can be stopped after one
    stop already, the option says that a stop there would end the game (not before)."""
    for stops in (0, 1):
        game = stop_position(fresh(load_ruleset(BASE)))  # 52nd St. West full, beige there
        game.V["stops"] = stops
        notes = commissioner_move_notes(game, "P1")
        ends = "a building stop in 52nd St. West would end the game"
        assert notes["beige"] == (ends if stops else "") and ends not in notes["white"], notes


def test_a_pass_that_ends_an_auction_names_the_auction_the_next_player_opens():
    """'then Player 2 chooses the colour of their bid' after a pass that ended an auction did
    not say that the next choice was in another auction: the display's `context` names it
    where it differs from the present decision's."""
    def first_pass(opener: str, passes: int) -> str:
        """Player 1's screen after `opener` opens the auction for 34th St. West (Player 3
        with a bid) and `passes` players pass."""
        game = fresh(load_ruleset(BASE))
        position(game, visited={"white": ["w34", "e34"]},
                 hands={"P1": {card("violet", 4): 1}, "P3": {card("brown", 4): 1}})
        game.perform("run_auctions", opener, "white")
        if opener == "P3":  # Player 3 bids 4 in brown
            for option in ("brown", card("brown", 4), "finish_bid"):
                game.apply(option)
        for _ in range(passes):
            game.apply("pass_bid")
        s, _ = session_at(game)
        return " ".join(" ".join(s.decision_lines(game.decision())).split())

    said = first_pass("P2", 3)  # Player 2 opens, 3 and 4 pass: Player 1 passes last
    assert "pass: nobody bids for 34th St. West; then, in the " \
        "auction for 34th St. East, Player 2 " \
        "chooses the colour of their bid" in said, said
    said = first_pass("P3", 1)  # Player 3 bids, 4 passes: Player 2 may still bid after 1
    assert "pass: Player 2 and Player 3 are still in" in said, said
    assert "wins the auction" not in said and "in the auction for" not in said, said


def test_why_a_fixed_answer_says_the_choice_it_leads_to():
    """`why build` answered "'build' is a fixed answer here": a newcomer learned nothing of
    what building does. An answer that leads on to the player's own next choice says it."""
    game = at_the_second_stop()
    s, out = session_at(game)
    decision = game.decision()
    s.handle("why build", decision)
    said = " ".join(out.getvalue().split())
    assert "fixed answer" not in said
    assert '"build" leads to your next choice: "how many skyscrapers do ' \
        'you build from your supply" (0, 1, 2 or 3).' in said, said


def test_an_option_that_only_ends_the_game_says_it_once_on_the_page():
    """The browser showed 'the game ends' on an option's button and 'the game ends (the
    second building stop)' under it: under the button, only why; where the button carries
    points instead, the end is said in full under it."""
    from interpreter.play.consequences import Effect, effect_words_parts

    ends = Effect(ending="the second building stop")
    assert effect_words_parts(ends, points=False) == ["why: the second building stop"]
    assert effect_words_parts(ends) == ["the game ends (the second building stop)"]
    scored = Effect(points={"P1": (3, 3)}, ending="the second building stop")
    assert "the game ends (the second building stop)" in effect_words_parts(scored, points=False)


def test_an_option_whose_points_come_by_the_player_s_next_choice_says_their_range():
    """A newcomer's option D ('score a district') showed no points with two districts to
    score, and the next screen did ('34th St. West: you +15, ...'), where the cards the
    option had said they would draw were no longer said: the option says the points as a
    range by what they choose next (no estimate: nothing hidden makes it), and the next
    screen says the cards that come to their hand whichever district they score."""
    game = fresh(load_ruleset(BASE))
    position(game, towers={"w34_violet": {"P1": 3}, "e34_brown": {"P1": 1, "P2": 0},
                           "e34_gray": {"P2": 2}},
             tiles={"w34_brown": ["boutique"], "w34_gray": ["jeweler"]},
             at={"white": "w34", "beige": "e34"})
    game.perform("turn", "P1")  # the turn asked again, in this position
    turn = game.decision()
    found = outlook(game, turn, "P1", samples=1)
    words = dict(zip(turn.options, effect_texts(game, found, "P1"), strict=True))
    scores = {}
    for d in ("w34", "e34"):  # what scoring each district gives, played out
        twin = game.clone()
        twin.apply("D")
        before = dict(twin.V["vp"])
        twin.apply(d)
        scores[d] = {p: twin.V["vp"][p] - before[p] for p in before}
    low, high = sorted(scores[d]["P1"] for d in scores)
    assert low != high
    assert words["D"].startswith(f"you +{low} to +{high}"), words
    assert "(by what you choose next)" in words["D"], words
    assert not found.estimate
    for option in ("A", "B", "C"):
        assert "by what you choose next" not in words[option], words
    game.apply("D")
    assert "to your hand" in every_choice_words_whole(game)


def every_choice_words_whole(game: Game) -> str:
    """What every option of the decision now does alike, as the terminal says it (without
    the pieces handed out of a common pile into nobody's hand)."""
    found = outlook(game, game.decision(), "P1", samples=1)
    return effect_words(game, common_effect(found.effects, supplies=False)[0], "P1")


def test_a_move_that_starts_auctions_where_the_player_cannot_bid_says_what_a_stop_takes():
    """A player with skyscrapers in a district bids there only with its plot's colour: a
    newcomer with no gray card moved a commissioner that started auctions in a full district
    of theirs, was passed by, and a building stop took their 9 skyscrapers. The move says so
    (not where they hold a card of that colour)."""
    warning = ("you cannot bid in 52nd St. West (no gray card): a building stop there would "
               "take your 1 skyscraper")
    for gray in (False, True):  # Player 3's one skyscraper in 52nd St. West is on gray
        game = stop_position(fresh(load_ruleset(BASE)))
        hand = {card("violet", 4): 1} | ({card("gray", 5): 1} if gray else {})
        position(game, hands={"P3": hand})
        notes = commissioner_move_notes(game, "P3")
        assert (warning in notes["beige"]) is not gray and warning not in notes["white"], notes


def test_a_card_bid_that_leaves_none_for_a_later_auction_of_the_player_says_so():
    """A card bid and paid leaves the hand: where it is the player's last card of the colour
    they must bid with in a full district auctioned later in the set, where they have
    skyscrapers, the card's option says that they could not bid there if it wins."""
    game = stop_position(fresh(load_ruleset(BASE)))  # Player 3: 1 skyscraper on gray there
    position(game, hands={"P3": {card("gray", 5): 1, card("black", 4): 1}},
             towers={"e34_gray": {"P3": 1}}, at={"white": "w52", "beige": "city_hall"},
             visited={"white": [], "beige": ["e34", "w52"]})
    game.forget()
    game.perform("district_auction", "P3", "e34")
    game.apply("gray")
    notes = notes_now(game, "P3")
    assert notes["card(gray,5)"].endswith(
        "if it wins, you cannot bid in 52nd St. West (no gray card): a building stop there "
        "would take your 1 skyscraper"), notes
    assert "cannot bid" not in notes["pass_bid"]


def test_a_paid_card_goes_under_its_stack_in_the_logs_words():
    """Issue 33's newcomer read 'at the bottom' in what finishing a bid does, beside a log
    that said 'face up under its stack' of the same move: with the display's words for the
    zones (display.yaml `zones`, `under`), the preview says where the cards go as the log
    does, for the coloured stack and the black one."""
    from interpreter.play.display import load_display

    game = stop_position(fresh(load_ruleset(BASE)))
    empty_hands(game)
    position(game, hands={"P2": {card("violet", 4): 1, card("black", 5): 1}})
    game.perform("district_auction", "P2", "w52")
    for answer in ("violet", card("violet", 4), card("black", 5)):
        game.apply(answer)
    decision = game.decision()
    found = outlook(game, decision, "P2", zones=load_display(game.ruleset).zones)
    finish = effect_words(game, found.effects[decision.options.index("finish_bid")], "P2")
    assert finish == "1 card (violet 4) goes face up under the violet stack, from your bid; " \
        "1 card (black 5) goes face up under the black stack, from your bid", finish
    game.apply("finish_bid")
    assert any("the cards go face up under their stacks" in e for e in game.events)


def test_final_scores_that_hang_on_what_is_hidden_are_said_as_an_estimate():
    """Seed 197 (issue 33): the turn's option B ended the game and read 'final scores by what
    you choose next: ... Player 4 20 to 30; you win'; the businesses turned over below Central
    Park (hidden, then drawn) gave Player 4 16. Final scores that differ between the samples,
    not only by the player's next choice, are said as an estimate (in a word: the screen's
    note on estimates says what one is), and their winner as the most likely."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" /
                       "fifth-avenue-base-4p-seed197-newcomer.replay.json").read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"][:-3]:  # option B, then the business and its plot: the end
        game.apply(move)
    decision = game.decision()
    found = outlook(game, decision, "P1")
    option_b = found.effects[decision.options.index("B")]
    said = final_words(game, option_b, "P1")
    assert said.startswith("final scores (estimate, by what you choose next): you "), said
    assert said.endswith("; you most likely win"), said
    assert found.estimate  # the screen's note says what an estimate is
    played = game.clone()
    for move in data["moves"][-3:]:
        played.apply(move)
    assert played.over and played.scores()["P4"] < option_b.final["P4"][0]  # why it must say


NEWCOMER_223 = Path(__file__).parent / "data" / \
    "fifth-avenue-base-4p-seed223-newcomer.replay.json"


def test_a_pass_that_does_not_end_the_round_names_who_is_still_in_not_a_winner():
    """Issue 33 (seed 223): 'pass: if the others choose it too:
    Player 4 wins the auction for 52nd St. East with 9' while Player 2 could still bid: the
    newcomer read Player 4's win as certain. A pass names a winner only where it ends the
    auction; otherwise it says who is still in (the high bidder among them)."""
    from .test_digest import newcomer_screens

    screen = " ".join(" ".join(newcomer_screens(replay=NEWCOMER_223)[148]).split())
    assert "pass: Player 2 and Player 4 are still in" in screen, \
        screen
    assert "wins the auction" not in screen and "if the others choose it too" not in screen


def _building_notes(towers: dict, placed: int, plot: str) -> dict:
    """Player 1's notes at 'how many skyscrapers do you build' on `plot` (up to 2), with
    `towers` on the board and `placed` businesses placed so far."""
    game = fresh(load_ruleset(BASE))
    position(game, towers=towers, placed=placed, supply={"P1": 3})
    game.perform("build_on_plot", "P1", plot, 2)
    return notes_now(game, "P1")


def test_building_in_a_new_district_says_the_special_scoring_it_reaches():
    """Issue 33 (seed 315): winning 42nd St. West gave a newcomer skyscrapers in a 4th
    district before the 6th business (6 VP for skyscrapers in at least 4 districts), and the
    number to build said only '(you +2 ...) if scored now'. Each number that reaches a
    special scoring still to come says it, in the special scoring's own count and table;
    none where the district was the player's already, or the scoring has passed."""
    fourth = "your 4th district: 6 VP at the special scoring after business 6, " \
             "if you still have 4 then"
    notes = _building_notes(THREE_DISTRICTS, 1, "times_square_violet")
    assert fourth in notes[1] and fourth in notes[2] and notes[2].startswith("you +"), notes
    assert "special scoring" not in notes[0], notes
    notes = _building_notes({"w34_violet": {"P1": 1}, "e34_brown": {"P1": 1}}, 1,
                            "times_square_violet")
    assert "your 3rd district: 4 VP at the special scoring after business 3" in notes[1]
    assert "4th" not in notes[1], notes
    for towers, placed, plot in ((THREE_DISTRICTS, 1, "w34_gray"),  # a district of theirs
                                 (THREE_DISTRICTS, 6, "times_square_violet")):  # passed
        notes = _building_notes(towers, placed, plot)
        assert not any("special scoring" in note for note in notes.values()), notes


def test_a_stop_that_loses_the_players_skyscrapers_says_the_points_in_all():
    """A building stop scores 1 VP a skyscraper at once, but the stopper's own skyscrapers
    there leave the game with what the final scoring would give them: seed 318's newcomer
    read a bare gain. The points of whoever loses at the final scoring are said in all
    first ('if it came now': the game goes on), the player's own with what they lose; a
    stop that ends the game says its points by the end, as before."""
    game = at_the_second_stop()
    game.V["stops"] = 0  # the first stop: the game goes on
    decision = game.decision()
    found = outlook(game, decision, "P2")
    words = dict(zip(decision.options, [effect_words(game, e, "P2") for e in found.effects],
                     strict=True))
    # 3 skyscrapers of Player 2 beside 2 business types (5 VP each), 1 of Player 3's
    assert words["building stop"].startswith(
        "you -11 in all (+4 now, 15 VP fewer at the final scoring if it came now); your 3 "
        "skyscrapers go out of the game"), words
    assert "; Player 3 -3 in all (+2 now);" in words["building stop"]
    assert words["build"] == ""


def test_estimates_are_said_in_one_wording_naming_what_applies():
    """Seed 318's newcomer met '(Estimates: ranges by what will be drawn at random, and by
    what is hidden.)' and '(Estimates: what is hidden, dealt at random 5 times; a range where
    they differ.)' in one game: one wording, naming the causes that apply."""
    from interpreter.play.consequences import estimate_note

    head = "Estimates: a range where the figures differ by "
    hidden = "what is hidden from you (dealt at random 5 times)"
    assert estimate_note(5) == f"{head}{hidden}."
    assert estimate_note(5, drawn=True, hidden=False) == f"{head}what will be drawn at random."
    assert estimate_note(5, drawn=True) == f"{head}{hidden} and what will be drawn at random."


def test_an_option_whose_next_choices_each_move_a_piece_of_their_own_says_what_they_all_do():
    """Seed 320's newcomer read, under the turn's options, what A and C do at once and
    nothing under B ('place a business, then ...'): its next choice (which tile) moves one
    tile or another, from one space of the row or another, to the plot chosen after, and no
    move was common to them all. What they all do is said in general, true whichever is
    chosen."""
    from .test_digest import _table_at

    replay = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed320-newcomer.replay.json"
    table, tokens = _table_at(replay, 8)
    options = table.state_for(tokens["P1"])["decision"]["options"]
    effects = {o["label"][:1]: o["effect"] for o in options}
    assert effects["B"] == "1 business tile goes to the plot you choose next", effects
    assert effects["A"] == "your 3 skyscrapers go from the general supply to your supply"


def _pass_said(replay: str, step: int) -> str:
    """What Player 1's pass says at `step` of a newcomer's replayed game (its preview, in
    the words of the option's line)."""
    import json

    data = json.loads((Path(__file__).parent / "data" / replay).read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:step]:
        game.apply(move)
    decision = game.decision()
    found = outlook(game, decision, "P1", samples=2, news=load_display(ruleset).news_in)
    return effect_words(game, found.effects[decision.options.index("pass_bid")], "P1")


def test_a_pass_names_as_still_in_neither_who_passed_nor_who_the_news_name_after_the_winner():
    """Seed 319's newcomer (S1) read 'pass: Player 2, Player 3 and Player 4 are still in'
    where Player 4 had passed in that auction: the news after the win (a building stop)
    went on to Player 4's points, and every player they named was said to be in. Only the
    first news line's players (the winner) are."""
    said = _pass_said("fifth-avenue-base-4p-seed319-newcomer.replay.json", 50)
    assert said == "Player 2 and Player 3 are still in", said


def test_a_pass_says_apart_who_can_only_pass_after_it():
    """Seed 321's newcomer (S14) read 'pass: Player 3 is still in', then 'Player 2 cannot
    open a bid (no card of a colour allowed in 34th St. East) and passes': a player never
    mentioned. Those the pass is the only choice of are said apart: they must pass."""
    said = _pass_said("fifth-avenue-base-4p-seed321-newcomer.replay.json", 199)
    assert said == "Player 3 is still in; Player 2 must pass", said
