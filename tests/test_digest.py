"""'Since your last decision' (interpreter/play/digest.py): the screen says in short what
changed for the player and on the board (points, pieces), and a bot's bid that it takes back
is one line of the log on the screen, not a line per card (the whole log keeps every line)."""

from __future__ import annotations

import copy
import functools
import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game
from interpreter.play.consequences import (
    Picture,
    _without_kinds,
    every_players,
    outlook,
    without_source,
)
from interpreter.play.digest import (
    Steps,
    _concerns,
    digest_lines,
    points_where,
    said_to,
)
from interpreter.play.display import load_display
from interpreter.play.moves_seen import Recorder, watch_step
from interpreter.play.replay import History
from interpreter.play.screen import (
    DIGEST_TITLE,
    FOLDED,
    LEFT_OUT,
    MORE,
    ON_DEMAND,
    fold_lines,
    wrap_lines,
)
from interpreter.play.terminal import Session

from .conftest import BASE
from .shared import made_once

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
TAKEN_BACK = r" passes on .+? and takes back | cannot raise the bid above \d+: passes on .+? and " \
    r"takes back "


def _numbered(session: Session, index: int) -> str:
    """The number a session's screen gives the decision's option at `index`."""
    shown = session.display.shown(session.game, session.game.decision())
    return str(session.numbers(shown)[index])


@functools.cache
def screens_of(seed: int, count: int) -> tuple[tuple[str, ...], Session]:
    """The first `count` screens of a game at an 80x24 terminal, Player 1 a person answering
    at random, the others random bots. Played once per process (several tests read the same
    game: they read its screens and its game, and set only the session's output and height,
    which the others do not read)."""
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, seed)
    out, rng, screens, at = io.StringIO(), random.Random(seed), [], [0]

    def read(prompt: str) -> str:
        text = out.getvalue()[at[0]:]
        at[0] = len(out.getvalue())
        screens.append(ANSI.sub("", text.split("\x1b[2J")[-1]))
        if prompt != "> ":
            return ""
        if len(screens) > count:
            raise EOFError
        return _numbered(session, rng.randrange(len(session.game.decision().options)))

    seats = {"P1": "human", "P2": "random", "P3": "random", "P4": "random"}
    session = Session(ruleset, game, History(), seats, load_display(ruleset), out, tty=True,
                      read=read, width=80, height=24)
    session.run()
    return tuple(screens), session


def test_a_withdrawn_bid_is_one_line_and_the_digest_says_what_changed():
    screens, session = screens_of(2, 120)
    game = session.game
    log = game.events
    withdrawn = [k for k, line in enumerate(log) if re.search(TAKEN_BACK, line)]
    assert withdrawn  # the bots took bids back
    added = [line for line in log if " adds " in line]
    shown = "\n".join(screens)
    seen = 0
    for k in withdrawn:  # each card of a withdrawn bid is in the log, not on its screen
        who = re.split(TAKEN_BACK, log[k])[0]
        start = k
        while start > 0 and log[start - 1].startswith(who + " "):
            start -= 1
        cards = [line for line in log[start:k] if line.startswith(f"{who} adds ")]
        assert cards
        withdrawal = log[k].split("; ")[0]  # its last clause (the high bid) may be said
        # once, after the others' (_said_once)
        for screen in screens:
            if " ".join(withdrawal.split()) in " ".join(screen.split()):  # wrapped
                seen += 1
                assert not any(line in screen for line in cards), screen
    assert seen
    assert len([line for line in added if line in shown]) < len(added) / 2
    assert "In short, since your last decision:" in shown
    assert re.search(r"^Points: (you|Player \d) [+-]\d", shown, re.M), shown[-3000:]
    assert re.search(r"^Pieces: ", shown, re.M)
    for screen in screens:
        assert len(screen.splitlines()) <= 24 and all(len(x) <= 80 for x in screen.splitlines())


def test_quiet_runs_keep_their_last_line_unless_the_same_player_concludes_them():
    steps = Steps(["P2", "P2", "P2", "P3", "P3", "P3"],
                  [range(0, 1), range(1, 2), range(2, 3), range(3, 4), range(4, 5),
                   range(5, 7)],
                  [True, True, True, True, True, False])
    # P2: three quiet steps (a colour, a card, taking it back): the last line stays;
    # P3: two quiet steps, then a step of theirs that changes the board: none stays
    assert steps.hidden_lines() == {0, 1, 3, 4}


def stretches(base, seed: int, steps_wanted: int):
    """A random game of 4 whose moves a watcher records as they happen (`Game.start(...,
    watch=)`), and, at each of Player 1's decisions, the digest as the terminal builds it
    (each step watched on a copy), beside the digest words of the watcher's own record."""
    live = Recorder(None)
    game = Game.start(base, 4, seed, watch=live)
    rng, steps, before, marks = random.Random(seed), Steps(), None, []
    steps.start(game)
    while not game.over and game.state["step"] < steps_wanted:
        decision = game.decision()
        if decision.player == "P1" and before is not None:
            last = max(k for k, p in enumerate(steps.deciders) if p == "P1")
            # (and those of Player 1's step the rules made after its decision: Steps.since)
            recorded = [m for m, seen in zip(marks[last], steps.seen[last].moves, strict=True)
                        if not seen.decided]
            recorded += [m for k in range(last + 1, len(steps.seen)) for m in marks[k]]
            words = before.compare(Picture(game, "P1"), recorded, own=True).moves
            yield game, steps, before, recorded, words
        move = rng.choice(decision.options)
        seen = watch_step(game, move)
        at = len(live.moves)
        game.apply(move)
        marks.append(live.moves[at:])
        steps.record(game, decision.player, seen)
        if decision.player == "P1":
            before = Picture(game, "P1")


def test_the_digest_names_the_moves_the_engine_made(base):
    black_to_me = 0
    for game, steps, before, recorded, words in stretches(base, 5, 260):
        moves, _ = steps.since("P1")
        assert moves == recorded  # the copies moved what the game moved, in order
        said = digest_lines(game, before, "P1", steps)
        pieces = next((x for x in said if x.startswith("Pieces: ")), "")
        # (moves alike for every player said once; those that only stock a supply last,
        # and those left out said in short where that fits: seed 319)
        shown = every_players(game, [w for w in words if _concerns(game, w, "P1")], "P1")
        told = [w for w in shown if any(x in pieces for x in (
            w, without_source(w), _without_kinds(without_source(w))))]
        assert told or not shown, (shown, said)
        assert len(told) == len(shown) or f"; and {len(shown) - len(told)} more" in pieces
        sources = {m.source[0] for m in recorded}
        if "black_stack" in sources and ("hand", "P1") in {m.dest for m in recorded}:
            black_to_me += 1
            assert re.search(r"\d cards? \(black \d(, black \d)*\) goe?s? (from the "
                             r"face-down black stack )?to your hand", pieces), said
        # a face-down card that left the black stack went to a hand, never to a stack of
        # another colour (a diff of views once paired it with a card arriving there)
        assert not re.search(r"black stack to the face-up stack", " ".join(said)), said
    assert black_to_me  # the case was met


def test_a_preview_names_the_moves_its_option_makes(base):
    """On a position where nothing is hidden from the player that the options touch, the
    preview of the option chosen says the moves the game then makes."""
    live = Recorder(None)
    game = Game.start(base, 4, 3, watch=live)
    rng, checked = random.Random(3), 0
    while checked < 3 and not game.over:
        decision = game.decision()
        move = rng.choice(decision.options)
        found = None
        if decision.player == "P1" and len(decision.options) > 1 and \
                game.state["step"] > 20:
            found = outlook(game, decision, "P1", samples=2)
        at, before = len(live.moves), Picture(game, "P1")
        game.apply(move)
        if found is None:
            continue
        made = before.compare(Picture(game, "P1"), live.moves[at:], move).moves
        said = found.effects[decision.options.index(move)]
        plain = {_without_kinds(x) for x in made}  # the kinds of unseen cards are samples'
        assert {_without_kinds(m) for m in said.moves} <= plain, (said.moves, made)
        checked += bool(made)
    assert checked == 3


def test_a_card_taking_screen_always_shows_the_cards_on_offer(base):
    """However many rows the digest takes, the screen says which card each option takes: on
    the option's line (one line an option when two do not fit), or in the display's hint of
    the top cards."""
    game = base.new_game(4, 2)
    while game.decision().prompt != "take a coloured card":
        decision = game.decision()
        game.apply("A" if "A" in decision.options else decision.options[0])
    session = Session(base, game, History(), {p: "human" for p in game.players},
                      load_display(base), io.StringIO(), width=80, height=24)
    decision = game.decision()
    tops = {c: game.label(game.view("P1")["zones"]["colour_stack"][c]["top"])
            for c in decision.options}
    for rows in range(0, 10):
        session.digest = ["a line of the digest"] * rows
        lines = session.decision_lines(decision)
        hint = " ".join(x for x in lines if x.startswith("Top cards:"))
        for k, option in enumerate(decision.options, start=1):
            line = next(x for x in lines if x.startswith(f"  {k}. "))
            assert f"({tops[option]})" in line or tops[option] in hint, (rows, lines)
        assert all(len(x) <= 80 for x in lines)


def test_a_bid_that_can_only_stop_building_says_so(base):
    """In a full district, a bidder with no skyscraper there cannot build: winning declares
    a building stop (en-2004, Building stop); one with skyscrapers there may build or stop."""
    from .test_rulebook_examples import card, empty_hands, fresh, position, stop_position

    game = stop_position(fresh(base))
    empty_hands(game)
    position(game, hands={"P1": {card("brown", 5): 1},
                         "P2": {card("violet", 4): 1, card("violet", 6): 1}})
    game.perform("district_auction", "P1", "w52")
    display = load_display(base)
    game.apply("brown")
    game.apply(card("brown", 5))
    said = " ".join(" ".join(display.hint_lines(game, "P1", game.decision().options,
                                                width=80)).split())
    assert "If your bid wins: a building stop in 52nd St. West" in said
    assert "you may build" not in said
    game.apply("finish_bid")
    game.apply("violet")
    game.apply(card("violet", 4))
    said = " ".join(" ".join(display.hint_lines(game, "P2", game.decision().options,
                                                width=80)).split())
    assert "If it wins, you may build up to 3 skyscrapers, or declare a building stop" in said


def test_a_bid_with_no_skyscraper_in_supply_speaks_of_a_building_stop_only_where_one_can_be(
        base):
    """A newcomer read "(a building stop needs none)" in Central Park, and in districts with
    free plots, where no building stop happens: the hint speaks of one in a full district
    only, where a win declares it (P1 has no skyscrapers there)."""
    from .test_rulebook_examples import card, empty_hands, fresh, position, stop_position

    display = load_display(base)
    for auction, full in ((("park_auction", "P1"), False),
                          (("district_auction", "P1", "w52"), False),
                          (("district_auction", "P1", "w52"), True)):
        game = stop_position(fresh(base)) if full else fresh(base)
        empty_hands(game)
        position(game, hands={"P1": {card("brown", 4): 1}})  # a colour of 52nd St. West
        game.Z["supply"]["P1"] = {}
        game.forget()
        game.perform(*auction)
        said = " ".join(" ".join(display.hint_lines(game, "P1", game.decision().options,
                                                    width=80)).split())
        assert "No skyscrapers in your supply: a win " in said
        assert ("a win declares a building stop" in said) == full, (auction, said)
        assert ("building stop" in said) == full, (auction, said)


def _passed_for_player_1(base, about=None):
    """Player 1 holds no card of a colour allowed in the auction that Player 4 opens: the
    game passes for them without asking (one legal option). What the step saw, and Player
    1's digest in one line (`about`: what a choice taken alone was about)."""
    from .test_rulebook_examples import card, empty_hands, fresh, position, stop_position

    game = stop_position(fresh(base))
    empty_hands(game)
    position(game, hands={"P1": {card("violet", 5): 1}, "P4": {card("brown", 4): 1}})
    game.perform("district_auction", "P4", "w52")
    steps, before = Steps(), Picture(game, "P1")
    steps.start(game)
    assert game.decision().player == "P4"
    seen = watch_step(game, "pass_bid", about)
    game.apply("pass_bid")
    steps.record(game, "P4", seen)
    return seen, " ".join(" ".join(digest_lines(game, before, "P1", steps)).split())


def test_a_choice_taken_alone_is_said_with_its_reason(base):
    """The digest says a pass the game made alone, and why (the rules' log line)."""
    seen, said = _passed_for_player_1(base)
    assert "Taken for you, the only option: pass - you cannot open a bid (no card of a colour " \
           "allowed in 52nd St. West) and pass." in said
    assert [c.player for c in seen.lone] == ["P1", "P2", "P3"]  # nobody else could bid


def test_a_pass_taken_alone_names_its_auction(base):
    """A newcomer read 'Taken for you, the only option: pass' and did not know what they had
    passed on: the display's `lone_context` says which auction, and the bid to beat."""
    _, said = _passed_for_player_1(base, load_display(base).lone_context_of)
    assert "Taken for you, the only option: pass in the " \
           "auction for 52nd St. West, where nobody has finished a bid yet" in said


def test_a_choice_taken_alone_whose_reason_names_it_says_it_once(base):
    """A newcomer read 'Taken for you, the only option: 52nd St. East - Player 1 scores
    52nd St. East.': the place twice. Said alone, a log line that names the option retold a
    move the player had partly chosen ('Player 1 moves the white commissioner from X to Y',
    where they chose white and only Y was left): the choice is said by its question (the
    scoring itself is news)."""
    from interpreter.play.digest import lone_line
    from interpreter.play.moves_seen import Lone

    game = base.new_game(4, 1)
    scored = Lone("P1", "which district do you score?", "52nd St. East", (),
                  ("Player 1 scores 52nd St. East: 6 VP.",))
    line = lone_line(game, [scored], "P1")
    assert line == "Taken for you, the only option: which district do you score: 52nd St. East."
    moved = Lone("P1", "move the commissioner to", "52nd St. East", (),
                 ("Player 1 moves the white commissioner from 42nd St. East to 52nd St. East.",))
    assert lone_line(game, [moved], "P1") == \
        "Taken for you, the only option: move the commissioner to: 52nd St. East."
    passed = Lone("P1", "bid?", "pass", ("Player 1 cannot open a bid and passes.",))
    assert lone_line(game, [passed, passed], "P1") == \
        "Taken for you, the only option: pass (2 times) - you cannot open a bid and pass."
    # on a full screen, one row: the reason is the log's (the news need the rows)
    assert lone_line(game, [passed, passed], "P1", 40) == \
        "Taken for you, the only option: bid: pass (2 times)."


def test_the_log_folds_the_small_steps_as_the_screen_does_and_log_all_shows_them():
    """A newcomer typed 'log' to find what scrolled away and read a bot's bid card by card,
    one line a card: 'log' folds a player's steps in a row that changed nothing for the
    others into their last line, as the decision screen does, says how many it folded, and
    'log all' shows every line."""
    _, session = screens_of(2, 120)
    session.height = None  # the whole log on one page

    def shown(command: str) -> list[str]:
        session.out = io.StringIO()
        session.show_log(command)
        return [" ".join(line.split()) for line in session.out.getvalue().splitlines()]

    folded, every = shown(""), shown("all")

    def card_by_card(lines: list[str]) -> int:  # a player's card after their own card
        return sum(1 for a, b in zip(lines, lines[1:], strict=False)
                   if " adds " in a and " adds " in b and a.split(" adds ")[0] ==
                   b.split(" adds ")[0])

    assert card_by_card(every) > 0 and card_by_card(folded) == 0
    assert re.search(r"; \d+ small steps folded \('log all'\)\)$", folded[0]), folded[0]
    assert shown("2 all")[-2:] == every[-2:]
    assert "log all" in shown("many")[0]


def test_cards_taken_back_say_no_total_and_the_high_bid_that_stays():
    """A bot put cards forward to 58 while the high bid was 28, then passed: the log said
    'passes and takes back ... = 58', read as a bid of 58; and 'Player 3 passes and takes
    back ... = 24' read as beating the high bid of 21. A pass says the cards that go back,
    never their total, and the high bid that stays, with its bidder; the cards as put
    forward ('takes back their 5 cards; nobody has bid yet' read as a riddle: nobody bid)."""
    screens, session = screens_of(2, 120)
    log = session.game.events
    high, bidder = 0, None
    said = 0
    for line in log:  # each auction's high bid and bidder, from the log
        if line.startswith("Auction for "):
            high, bidder = 0, None
        if found := re.search(r"^(.+) bids (\d+) in ", line):
            bidder, high = found[1], int(found[2])
        if " passes" in line and " takes back " in line:
            assert "=" not in line, line  # no sum of cards that reads as a bid
            assert re.search(r" takes back (the cards? they had put forward|their bid of "
                             r"\d+|their cards) \([^)]+\)[;.]", line), line
            if bidder:
                assert line.endswith(f"; the high bid is {bidder}'s {high}."), line
            else:  # nothing of a high bid where one player at most may still bid
                assert line.endswith(("; nobody has finished a bid yet.", ").")), line
            said += 1
    assert said > 3
    assert any(line.endswith("; nobody has finished a bid yet.") for line in log)


def test_after_a_busy_stretch_the_digest_says_who_won_and_what_was_scored():
    """A newcomer read 'Points: you +3, Player 2 +8' after a set of auctions and a scoring,
    and typed 'log 30' to learn why: the log lines the display calls news (a set of auctions
    begun, who won an auction, each point scored and where) are said in short, within the
    screen."""
    screens, session = screens_of(2, 200)
    news = [s.split("News: ", 1)[1] for s in screens if "News: " in s]
    assert any(" wins the auction for " in n for n in news)
    assert any(re.search(r"scores \d+ VP", n) for n in news)
    # a set of auctions begun by another player's commissioner (a newcomer was dropped into
    # an auction for a district of theirs with nothing said)
    assert any("back to City Hall: a set of auctions begins" in " ".join(n.split())
               for n in news), news
    for screen in screens:
        assert len(screen.splitlines()) <= 24 and all(len(x) <= 80 for x in screen.splitlines())


def test_the_setup_digest_says_every_piece_placed_not_two_of_them_and_more():
    """'Pieces: ...; and 2 more ('log')' after the bots' starting skyscrapers: said without
    where each came from (the common supply), they all fit."""
    screens, _ = screens_of(7, 3)
    setup = next(s for s in screens if "Pieces: " in s)
    pieces = " ".join(setup.split("Pieces: ", 1)[1].split("\n\n")[0].split())
    assert "(type log to see them)" not in pieces
    assert all(f"Player {n}'s 2 skyscrapers go to " in pieces for n in (2, 3, 4)), pieces


@functools.cache
def game_at_80x24(seed: int) -> tuple[tuple, ...]:
    """A whole 4-player game at an 80x24 terminal, Player 1 a person answering at random,
    the others random bots; at each of Player 1's screens after their first decision: the
    game, the digest on it, Player 1's picture after their last decision, the moves since,
    and the log lines the screen covers. Played once per seed (the tests only read it)."""
    ruleset = load_ruleset(BASE)
    rng, found = random.Random(seed), []

    def read(prompt: str) -> str:
        if prompt != "> ":
            return ""
        game = session.game
        before = session.pictures.get("P1")
        if before is not None:
            found.append((game.clone(), list(session.digest), before,
                          session.steps.since("P1")[0], list(session.recent[1])))
        return _numbered(session, rng.randrange(len(game.decision().options)))

    seats = {"P1": "human", "P2": "random", "P3": "random", "P4": "random"}
    session = Session(ruleset, ruleset.new_game(4, seed), History(), seats,
                      load_display(ruleset), io.StringIO(), tty=True, read=read, width=80,
                      height=24)
    session.run()
    return tuple(found)


def test_every_loss_of_the_players_pieces_and_every_point_is_in_the_digest():
    """A building stop took a newcomer's skyscraper and the digest folded it into 'and 2
    more ('log')' behind another player's loss: the player's own pieces that moved (out of
    the game, say) and their points are always said, never counted in 'and N more'; their
    own auction win, or an auction they bid in and lost, is in the News."""
    display = load_display(load_ruleset(BASE))
    lost = won = 0
    for game, digest, before, moves, recent in (x for seed in (1, 4)
                                                for x in game_at_80x24(seed)):
        text = " ".join(" ".join(digest).split())
        seen = before.compare(Picture(game, "P1"), moves, own=True, zones=display.zones)
        if seen.points.get("P1"):
            assert f"you {seen.points['P1']:+d}" in text, (seen.points, text)
        for move in seen.moves:
            if move.startswith("your "):
                lost += "out of the game" in move
                alike = move.replace("your ", "every player's ", 1).replace(  # (seed 319)
                    "your ", "their ")
                assert any(x in text for x in (move, without_source(move), alike,
                                               without_source(alike))), (move, text)
        mine = [line for line in display.news_in(recent) if "Player 1 " in line]
        for line in mine:  # said first, whatever the room
            won += " wins " in line  # the others who did the same, said within it
            assert "News: " in text and said_to(line.rstrip("."), "Player 1")[1:] in re.sub(
                r" \((?:[^()]*(?:Player \d)[^()]*)\)(?=[:;.]|$)", "", text), (line, text)
    assert lost and won  # the cases were met


def test_a_fold_never_hides_a_move_into_the_player_s_own_zones():
    """'Pieces: 3 more moves of cards and Player 3's skyscraper (type log to see them)' hid
    the 2 black cards that had come into a newcomer's hand, who then wondered where they came
    from: a move into the player's zones (a card into their hand) is said whole, never
    counted in 'and N more'."""
    display = load_display(load_ruleset(BASE))
    into = folded = 0
    for game, digest, before, moves, _ in (x for seed in (1, 4) for x in game_at_80x24(seed)):
        text = " ".join(" ".join(digest).split())
        folded += "(type log to see them)" in text
        seen = before.compare(Picture(game, "P1"), moves, own=True, zones=display.zones)
        for move in seen.moves:
            if not move.startswith("your ") and " to your " in without_source(move):
                into += 1
                assert move in text or without_source(move) in text, (move, text)
    assert into and folded  # the cases were met


def test_a_fold_never_hides_a_move_that_scored_for_the_player(base):
    """'3 more moves of ... business tile ('log')' hid the business another player placed
    that gave a newcomer +4 (the special scoring): the moves onto the board of a step that
    changed the player's points are said whole, never folded, and a fold says in words
    where the rest is."""
    from .test_rulebook_examples import fresh, position

    display = load_display(base)
    towers = {f"{d}_violet": {"P1": 1} for d in ("w34", "e34", "w42")}
    game = position(fresh(base), towers=towers, placed=2)  # the next business placed
    # scores 4 VP for Player 1 (skyscrapers in 3 districts)
    steps, before, others = Steps(), None, False
    steps.start(game)
    while not (others and game.decision().player == "P1"):
        decision = game.decision()
        others = others or decision.player != "P1" and before is not None
        move = decision.options[0]
        if decision.player == "P4":  # the last to play places a business (option B)
            move = "B" if "B" in decision.options else decision.options[-1]
        seen = watch_step(game, move)
        game.apply(move)
        steps.record(game, decision.player, seen)
        before = Picture(game, "P1") if decision.player == "P1" else before
    assert steps.scoring_places(game, "P1")
    digest = " ".join(digest_lines(game, before, "P1", steps, display.news_in(game.events),
                                   80, 4, zones=display.zones))
    assert "Points: you +4." in digest
    placed = [line for line in game.events if "Player 4 places a " in line][-1]
    plot = placed.split(" on ")[1].split(" (")[0]
    assert f"goes to {plot}" in digest or f"to {plot};" in digest, digest
    # the others' moves that only stock their supplies said too, in as many rows as their
    # count took (seed 319)
    assert "Player 2's 3 skyscrapers go to Player 2's supply" in digest, digest
    assert "('log')" not in digest


def test_news_joined_in_one_sentence_begin_in_lower_case_but_names():
    """'...; The white commissioner returns to City Hall; Nobody bids for ...' read as
    capitals in the middle of a sentence: a news line after another begins in lower case,
    unless it begins with a name ('Player 2 wins', 'Central Park ...'); the first, after
    'News: ', in upper case."""
    names = ("Player", "Central", "City", "Times")
    lowered = 0
    for _, digest, *_ in game_at_80x24(1):
        text = " ".join(" ".join(digest).split())
        wrong = [w for w in re.findall(r"; ([A-Z][a-z]+)", text) if w not in names]
        assert not wrong, (wrong, text)
        assert not re.search(r"News: [a-z]", text), text
        lowered += len(re.findall(r"; (the|nobody) ", text))
    assert lowered


def test_the_browser_digest_says_the_news_the_players_own_decision_wrote(base):
    """A newcomer passed and the auction went to another player at once ('Player 2 wins
    the auction for Times Square with 9', written by the pass itself), or won one with their
    own last card: the page's "Since your last decision" said neither (the terminal's did).
    The news a player's own decision wrote are said at their next decision."""
    from .web_support import make_table, token_of

    game = base.new_game(4, 31)
    table = make_table(base, game, History.start(game),
                       {"P1": "human", "P2": "random", "P3": "random", "P4": "random"})
    token, rng, written = token_of(table, "P1"), random.Random(31), []
    while not table.game.over:
        decision = table.game.decision()
        if decision.player != "P1":
            table.bot_step()
            continue
        if written:
            said = " ".join(table._digest_for("P1"))
            assert all(line.rstrip(".") in said for line in written), (written, said)
            return
        log = len(table.game.log_for("P1"))
        table.decide(token, table.version, rng.randrange(len(decision.options)))
        written = [line for line in table.display.news_in(table.game.log_for("P1")[log:])
                   if " wins " in line]
    raise AssertionError("no decision of Player 1 wrote who won an auction")


def test_the_browser_digest_says_every_news_line_and_move_since_the_last_decision(base):
    """The browser's "Since your last decision" said "News: Player 1 scores 4 VP: ...;
    Player 1 scores 1 VP in 34th St. West; ...; and 4 more ('log')" while Player 3's points
    and other players' auction wins were only in the log: the page's box scrolls, so it says
    every news line since the player's last decision, in the log's order, and every move."""
    from .web_support import make_table, token_of

    ruleset, busy = base, 0
    for seed in (2, 5):
        if busy:
            break
        game = ruleset.new_game(4, seed)
        table = make_table(ruleset, game, History.start(game),
                           {"P1": "human", "P2": "random", "P3": "random", "P4": "random"})
        token, rng, seen = token_of(table, "P1"), random.Random(seed), None
        while not table.game.over and not busy:
            decision = table.game.decision()
            if decision.player != "P1":
                table.bot_step()
                continue
            digest = table._digest_for("P1")  # the page's, without drawing the board
            log = table.game.log_for("P1")
            if seen is not None:
                news = table.display.news_in(log[seen:])
                text = " ".join(digest)
                assert "(type log to see them)" not in text, text
                said = list(dict.fromkeys(said_to(line.rstrip("."), "Player 1")
                                          for line in news))  # (said to them)
                assert all(line[1:] in text for line in said), (said, text)  # the first
                # letter in lower case mid-sentence
                assert [text.index(line[1:]) for line in said] == \
                    sorted(text.index(line[1:]) for line in said)  # the log's order
                busy += len(news) >= 5
            table.decide(token, table.version, rng.randrange(len(decision.options)))
            seen = len(table.game.log_for("P1"))
    assert busy  # a busy stretch was met (a set of auctions, scorings)


def test_the_pieces_a_players_own_building_stop_took_are_in_their_next_digest(base):
    """A newcomer declared a building stop where 3 of their skyscrapers stood: the digest
    at their next decision began after that decision and said nothing of the 3 skyscrapers
    that left the game, nor of the points. It says what their own decision did to their
    pieces on the board, and the points it gave."""
    from .test_rulebook_examples import (
        YELLOW,
        card,
        empty_hands,
        fresh,
        position,
        stop_position,
    )

    game = stop_position(fresh(base))
    empty_hands(game)
    position(game, hands={YELLOW: {card("violet", 5): 1}})
    game.perform("district_auction", YELLOW, "w52")
    steps, before, stopped = Steps(), None, False
    steps.start(game)
    while not (stopped and game.decision().player == YELLOW):
        decision = game.decision()
        move = "building stop" if "building stop" in decision.options else decision.options[0]
        seen = watch_step(game, move)
        game.apply(move)
        steps.record(game, decision.player, seen)
        if decision.player == YELLOW:
            before, stopped = Picture(game, YELLOW), move == "building stop"
    said = " ".join(" ".join(digest_lines(game, before, YELLOW, steps)).split())
    assert "Your last decision: you +4, Player 3 +2; your 3 skyscrapers go out of the game" \
        in said, said
    # an ordinary decision (an option taken from the player's own supply) is not repeated
    assert "Your last decision" not in " ".join(digest_lines(game, Picture(game, "P1"), "P1",
                                                              steps))
    # the points the news say are not said again ('+9' was said three times to a newcomer)
    news = load_display(base).news_in(game.events)
    said = " ".join(" ".join(digest_lines(game, before, YELLOW, steps, news)).split())
    assert "Your last decision: your 3 skyscrapers go out of the game" in said, said
    assert said.count("+4") + said.count(" 4 VP") == 1, said


def test_a_fold_in_the_digest_says_what_it_hides_and_the_news_come_before_routine_moves():
    """A newcomer read "and 3 more ('log')" and could not tell whether an auction or a
    district's scoring hid behind it: a fold names what it hides ('2 more news of Player 3',
    '3 more moves of bidding cards and Player 4's skyscraper'), and another player's routine
    move is folded before any news is."""
    folds = 0
    for _, digest, *_ in (x for seed in (1, 4) for x in game_at_80x24(seed)):
        text = " ".join(" ".join(digest).split())
        for fold in re.findall(r"(\w+: )?(?:and )?(\d+ more [^(]*)\(type log to see them\)",
                               text):
            folds += 1
            assert re.fullmatch(r"\d+ more (news of|news:|moves? of) .+ ", fold[1]), \
                (fold, text)
        pieces = next((x for x in digest if x.startswith("Pieces: ")), "")
        if "more news" in text:  # the news folded: no routine piece of another said whole
            shown = pieces.split("; and ")[0].removeprefix("Pieces: ")
            assert not any(re.match(r"(by Player \d: )?Player \d's .* to Player \d's ", m)
                           for m in shown.split("; ")), text  # (into their own supply)
    assert folds


def test_the_page_s_digest_says_every_other_player_s_move_on_the_board(monkeypatch):
    """A newcomer playing in the browser never read that the others had moved the
    commissioners: every move of another player since the person's last decision that put a
    piece of the board (a token whose place is a variable) somewhere else is in the page's
    digest, one line a player, in the log's words; the person's own moves are not."""
    from interpreter.play.table import Table

    # only the digest is read: the options' consequences are not worked out (the digest is
    # the same without them)
    monkeypatch.setattr("interpreter.play.table.outlook", lambda *args, **kwargs: None)

    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, 2)
    seats = {"P1": "human", "P2": "random", "P3": "random", "P4": "random"}
    table = Table(ruleset, game, History.start(game), seats, load_display(ruleset))
    token, rng = next(iter(table.tokens)), random.Random(2)
    places = {v for values in game.world.entity_types.values() for v in values}
    moved: list[tuple[str, str, str]] = []  # since Player 1's last decision: who, what, where
    checked = 0
    while checked < 12 and not table.game.over:
        decision = table.game.decision()
        before = table.game.view(None)["vars"]
        if decision.player == "P1":
            digest = table.state_for(token)["digest"]
            if table.pictures:  # after Player 1's first decision
                for player, what, where in moved:
                    name = table.game.label(player)
                    # (a piece Player 1 had just moved: among the news, first)
                    lines = [x for x in digest if x.startswith((
                        f"{name}: ", "News: ", "Concerning you: ", "Also: "))]
                    assert any(name in line and f"the {table.game.label(what)} " in line and
                               f"to {table.game.label(where)}" in line for line in lines), \
                        (digest, moved)
                assert not any(x.startswith("Player 1: ") for x in digest), digest
                checked += bool(moved)
            table.decide(token, table.version, index=rng.randrange(len(decision.options)))
            moved = []
        else:
            table.bot_step()
        after = table.game.view(None)["vars"]
        moved += [(decision.player, key, value) for name, values in after.items()
                  if isinstance(values, dict) for key, value in values.items()
                  if isinstance(value, str) and value in places and
                  before[name].get(key) in places - {value} and decision.player != "P1"]
    assert checked >= 12


def test_the_page_s_digest_names_who_chose_to_score_a_district(base):
    """A newcomer read "News: Player 1 scores 2 VP in 34th St. West; Player 3 scores 2 VP
    in 34th St. West" and could not tell who had scored the district by their choice: the
    page's digest names the player who chose it, before the points it brought."""
    from .web_support import make_table, token_of

    game = base.new_game(4, 5)
    seats = {"P1": "human", "P2": "random", "P3": "random", "P4": "random"}
    table = make_table(base, game, History.start(game), seats)
    token, rng, chosen = token_of(table, "P1"), random.Random(5), ""
    while not table.game.over:
        decision = table.game.decision()
        if decision.player == "P1":
            if chosen:
                text = " ".join(table._digest_for("P1"))
                district = chosen.split(" chooses to score ")[1].rstrip(".")
                assert chosen.rstrip(".") in text, text
                assert text.index(chosen.rstrip(".")) < text.index(f"VP in {district}"), text
                return
            table.decide(token, table.version, rng.randrange(len(decision.options)))
        else:
            log = len(table.game.events)
            table.bot_step()
            new = table.game.events[log:]
            for line in new if table.pictures else []:  # after Player 1's first decision
                district = line.split(" chooses to score ")[-1].rstrip(".")
                if line != district and any(f"VP in {district}" in x for x in new):
                    chosen = line  # a scoring that brought points
    raise AssertionError("no other player chose to score a district")


def test_the_final_scoring_is_headed_apart_from_the_scorings_during_play(base):
    """At the game's end "Player 2 scores 12 VP in Times Square" stood twice in the log and
    the digest (once from option D, once from the final scoring) with nothing telling them
    apart: the final scoring's lines come under a line that says so, itself news."""
    game, rng = base.new_game(4, 3), random.Random(3)
    while not game.over:
        options = game.legal_options()
        game.apply(options[rng.randrange(len(options))])
    heading = next(i for i, line in enumerate(game.events) if line.startswith("Final scoring: "))
    district = re.compile(r" scores \d+ VP in ")
    later = [line for line in game.events[heading:] if district.search(line)]
    assert later and not any(district.search(line) for line in game.events[heading - 3:heading])
    assert load_display(base).news_in([game.events[heading]])  # said in the digest too


def test_news_are_said_in_the_logs_order_and_a_line_written_twice_once(base):
    """A newcomer read 'News: Player 1 scores 1 VP in 52nd St. West; Player 4 wins the
    Central Park auction with 15' where the auction came first (the player's own news were
    put first), and 'Player 2 scores 2 VP in Times Square; Player 2 scores 2 VP in Times
    Square' for two scorings."""
    from .test_rulebook_examples import fresh

    game = fresh(base)
    steps, before = Steps(), Picture(game, "P1")
    steps.start(game)
    news = ["Player 4 wins the Central Park auction with 15.",
            "Player 2 scores 2 VP in Times Square.", "Player 2 scores 2 VP in Times Square.",
            "Player 1 scores 1 VP in 52nd St. West."]
    for rows in (None, 12):
        said = " ".join(" ".join(digest_lines(game, before, "P1", steps, news,
                                              rows=rows)).split())
        assert ("News: Player 4 wins the Central Park auction with 15; Player 2 scores 2 VP "
                "in Times Square (twice); you score 1 VP in 52nd St. West.") in said, said


def _said(text: str) -> str:
    """A digest's text in one line, in lower case."""
    return " ".join(text.split()).lower()


def test_every_move_of_a_piece_on_the_board_is_news_in_the_log_s_order(base):
    """The news said a commissioner's last move only, or its moves off the newcomer's
    districts only ('moves the beige commissioner from 42nd St. East to 52nd St. East; ...
    brings the beige commissioner back to City Hall': the step to Central Park missing), and
    said the moves before an auction that had come first. Every move of a piece standing on
    a place since the viewer's last decision is said, in the log's order: whole on the page
    (those about the viewer's pieces first, on a line of their own); on a short screen a
    piece's moves in a row as one line ('from X to Y, then on to Z': seed 317's newcomer read
    'to 34th St. East (your 4 skyscrapers) to 42nd St. East' as two moves run together)."""
    met = chained = 0
    for seed in range(3):
        for game, steps, before, *_ in stretches(base, seed, 400):
            moves = steps.piece_moves(game, "P1", [])
            if len(moves) < 2:
                continue
            page = [_said(x) for x in digest_lines(game, before, "P1", steps, [], whole=True)]
            found = [next(((k, x.find(m.told.lower())) for k, x in enumerate(page)
                           if m.told.lower() in x), None) for m in moves]
            assert None not in found, (moves, page)
            for line in {k for k, _ in found}:  # those about the viewer's pieces on a line
                # of their own, first (yours_first); each line in the log's order
                at = [x for k, x in found if k == line]
                assert at == sorted(at), (moves, page)
            short = _said(" ".join(digest_lines(game, before, "P1", steps, [], rows=3)))
            for key in {m.key for m in moves}:  # each piece's places in the order it went
                places = [m.entered.lower() for m in moves if m.key == key]
                found = short.find(next(m.told.lower() for m in moves if m.key == key))
                for place in places:
                    found = short.find(place, found)
                    assert found >= 0, (places, short)
                chained += len(places) > 1 and f"{places[0]}, then on to {places[1]}" in short
            met += 1
    assert met and chained


def test_the_preparation_is_said_at_the_first_decisions(base):
    """A newcomer's first screen showed 2 of the preparation's 20 log lines ('So far (the
    last 2; ...)'): the display says it in short while the starting skyscrapers are placed,
    and not after."""
    display = load_display(base)
    game = base.new_game(4, 47)
    on_plots = sum(1 for tiles in game.Z["plot_tiles"].values() if tiles)
    said = " ".join(" ".join(display.hint_lines(game, "P1", game.decision().options,
                                                width=80)).split())
    assert (f"Set up: {on_plots} businesses on plots, 20 on the supply row, hands dealt "
            "(see 'log').") in said, said
    while game.decision().prompt == "place a skyscraper on an empty building plot":
        game.apply(game.decision().options[0])
    decision = game.decision()
    assert "Set up:" not in " ".join(display.hint_lines(game, decision.player,
                                                        decision.options, width=80))


def test_a_fold_and_the_choices_taken_alone_say_what_they_count(base):
    """A fold read '9 more moves of card, ...' and the choices taken alone ended in a bare
    'and 1 more': a kind several folded moves share is said in the plural, and what is
    counted is named."""
    from interpreter.play.digest import _moves_fold, lone_line
    from interpreter.play.moves_seen import Lone

    game = base.new_game(4, 1)
    fold = _moves_fold(game)
    assert fold(["1 card goes from the face-down black stack to Player 2's hand",
                 "1 card goes from the face-down black stack to Player 3's hand"]) == \
        "2 more moves of cards"
    assert fold(["1 card goes from the face-down black stack to Player 2's hand"]) == \
        "1 more move of a card"
    # a fold that takes the rows its moves would take says the moves (seed 311's newcomer
    # read '2 more moves of Player 3's skyscrapers and Player 4's skyscrapers (type log to
    # see them)' as skyscrapers moved on the board: they had gone to their supplies)
    from interpreter.play.digest import _listed

    moves = ["Player 3's 3 skyscrapers go to Player 3's supply",
             "Player 4's 3 skyscrapers go to Player 4's supply"]
    assert _listed("Pieces: ", moves, 80, rows=1, fold=fold) == f"Pieces: {'; '.join(moves)}."
    assert _listed("Pieces: ", moves * 3, 80, rows=1, fold=fold).startswith(
        "Pieces: 6 more moves of ")
    # where the news are folded (most=0), the others' moves are said in short where that
    # takes no more rows than their count (seed 319's newcomer read '1 more move of Player
    # 2's skyscrapers' where 2 had been built below Central Park); those only counted
    # (`counted`: moves that stock a supply, where the news crowd the screen) are counted
    assert _listed("Pieces: ", moves, 80, rows=1, fold=fold, most=0) == \
        f"Pieces: {'; '.join(moves)}."
    assert _listed("Pieces: ", moves, 80, rows=1, fold=fold, most=0,
                   counted=set(moves)).startswith("Pieces: 2 more moves of ")
    lone = [Lone("P1", f"question {n}", "pass", (), ()) for n in range(3)]
    line = lone_line(game, lone, "P1", 40)
    # the newest kept, the earliest counted (seed 311's newcomer's pass, the choice just
    # before their decision, went into 'and 1 more choice')
    assert re.search(r"^Taken for you, the only option: (question 1: pass; )?question 2: "
                     r"pass; and \d+ earlier choices? \('log'\)\.$", line), line


def _screen_items(screen: str, title: str) -> list[str]:
    """The items of a block of a screen (a line and its indented continuation each)."""
    if f"{title}\n" not in screen:
        return []
    items: list[str] = []
    for line in screen.split(f"{title}\n", 1)[1].split("\n\n")[0].split("\n"):
        if re.match(r"  \S", line) or not items:
            items.append(line.strip())
        else:
            items[-1] += " " + line.strip()
    return items


def test_a_line_the_digest_says_is_not_also_listed_above_it():
    """'Since your last decision:' listed four scorings, and 'In short ... News:' said the
    four again on the same screen: each log line is said once, by the digest."""
    screens, _ = screens_of(1, 400)
    checked = 0
    for screen in screens:
        digest = " ".join(" ".join(_screen_items(
            screen, "In short, since your last decision:")).split()).lower()
        for item in _screen_items(screen, "The log since your last decision:") if digest \
                else []:
            checked += 1
            said = re.escape(item.rstrip(".").lower())
            assert not re.search(rf"(^|: |; ){said}($|[.;]| \()", digest), screen
    assert checked


def test_a_piece_moved_again_and_its_news_are_said_once(base):
    """'Player 2 moves the beige commissioner from Central Park to City Hall; the beige
    commissioner returns to City Hall: a set of auctions begins ...': the move of a piece
    the player had moved, and the news line of the same move, said once (the news, which
    names who brought it back: a newcomer saw who began the auctions only in 'log')."""
    display = load_display(base)
    met = 0
    for seed in range(6):
        for game, steps, before, *_ in stretches(base, seed, 600):
            last = max(k for k, p in enumerate(steps.deciders) if p == "P1")
            news = display.news_in([game.events[i] for r in steps.lines[last + 1:] for i in r])
            said = " ".join(" ".join(digest_lines(game, before, "P1", steps, news,
                                                  rows=6)).split())
            for colour in re.findall(r"moves the (\w+) commissioner from [^;]* to City Hall",
                                     said):
                met += 1
                assert f"{colour} commissioner back to City Hall" not in said, said
            met += bool(re.search(r"Player \d brings the \w+ commissioner back to City Hall: "
                                  r"a set", said))
        if met > 3:
            break
    assert met


def test_the_pieces_moved_by_another_player_s_decision_say_whose_it_was(base):
    """'Pieces: 1 business tile (jeweler) goes to Times Square, brown; and 3 more moves of
    Player 2's skyscrapers' said no actor: a run of moves of one player's decisions is
    headed by the one who decided ('by Player 2: 1 business tile ...'; 'Player 2: Player 4's
    2 skyscrapers go out of the game' read as a list of two players)."""
    met = tiles = 0
    for game, steps, before, *_ in stretches(base, 5, 260):
        pieces = next((x for x in digest_lines(game, before, "P1", steps)
                       if x.startswith("Pieces: ")), "")
        deciders = steps.deciders_since("P1")
        for names, move in re.findall(r"(?:^Pieces: |; )by ((?:Player \d(?:, | and )?)+): "
                                      r"([^;]+)", pieces):
            met += 1
            named = set(re.findall(r"Player \d", names))
            assert named <= {game.label(p) for p in deciders if p != "P1"}, pieces
            if "business tile" in move and len(named) == 1:  # placed by that player
                tiles += 1
                (player,) = [p for p in deciders if game.label(p) in named]
                assert any(m.source[0] == "supply_row" for m in deciders[player]), pieces
    assert met and tiles


def test_the_page_s_digest_puts_the_viewer_s_points_and_the_news_first():
    """The browser drops a digest's last lines where the column is cramped: a newcomer's own
    district scoring went into '4 more: see the log' behind 'Taken for you, ...', and another's
    pass in an auction, taken for them, into '4 more'. The page's digest says the viewer's
    pieces, their points (seed 320's were below a long line of passes taken for them), a
    place of theirs filled, then the choices taken for them, whole (never 'and 1 more
    choice'), then the news."""
    from interpreter.play.table import Table

    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, 2)
    seats = {"P1": "human", "P2": "random", "P3": "random", "P4": "random"}
    table = Table(ruleset, game, History.start(game), seats, load_display(ruleset))
    token, rng = next(iter(table.tokens)), random.Random(2)
    met = set()
    while not {"points", "news", "alone"} <= met and not table.game.over:
        decision = table.game.decision()
        if decision.player == "P1":
            digest = table.state_for(token)["digest"]
            # the others' points alone come after the news (table.news_before_others_points);
            # the news in the log's order, after what the viewer's own decision did (first)
            kinds = [("points" if "you " in x else "others") if x.startswith("Points: ")
                     else "filled" if x.startswith("Concerning you: ") and " is full now" in x
                     else "news" if x.startswith(("News: ", "Concerning you: ", "Also: "))
                     else "yours" if x.startswith("Your pieces")
                     else "own" if x.startswith("Your last decision")
                     else "alone" if x.startswith("Taken for you") else "other" for x in digest]
            rank = {"yours": -2, "points": -1.5, "filled": -1.2, "alone": -1, "own": 0.5,
                    "news": 1, "others": 1.5, "other": 2}
            assert not any(x.startswith("Taken for you") and " earlier choice" in x
                           for x in digest), digest
            assert [rank[k] for k in kinds] == sorted(rank[k] for k in kinds), digest
            met |= set(kinds) - {"other"}
            table.decide(token, table.version, index=rng.randrange(len(decision.options)))
        else:
            table.bot_step()
    assert {"points", "news", "alone"} <= met


def test_a_move_of_the_viewer_s_own_pieces_is_credited_to_nobody():
    """A newcomer read 'Pieces: Player 4: 1 card (black 6) goes from the black stack to your
    hand' as Player 4's card (it was theirs, drawn when Player 4 chose to score), and their
    own bid 'Player 2: 2 cards go from your bid to the orange stack': a move of the viewer's
    pieces or into their zones is said without another player's name."""
    from interpreter.play.digest import _by_whom

    moves = ["2 cards go from your bid to the orange stack",
             "1 business tile (jeweler) goes to 52nd St. West, green",
             "1 card (black 6) goes from the black stack to your hand"]
    assert _by_whom(moves, lambda move: "by Player 4") == [
        moves[0], "by Player 4: " + moves[1], moves[2]]


def test_the_page_s_digest_says_where_each_player_s_points_came_from(base):
    """A newcomer read "Points: Player 3 +7." at the top of the page's digest, the reason far
    below among the news: each amount says where it came from on its line (the district
    scored or stopped; a scoring of no place by its name), and the news keep the log's
    words and order."""
    said = [x for digest in _page_digests(base, 5) for x in digest if x.startswith("Points: ")]
    # (one reason for all said once, after them all: seed 320)
    amounts = [x for line in said for x in re.findall(r"(?:you|Player \d) [+-]\d+[^,]*", line)
               if " (each" not in line]
    assert len(said) > 8 and amounts, said
    assert all(re.search(r"\+\d+ \((in [\w. ]+|the special scoring after business \d+)\)",
                         x) for x in amounts), amounts
    shared = [x for x in said if " (each" in x]
    assert any("+4 (the special scoring after business 3)" in x for x in amounts) or any(
        "+4 (each: the special scoring after business 3)" in x for x in shared), said
    assert shared and all(re.fullmatch(r"Points: (?:(?:you|Player \d) [+-]\d+, )+(?:you|Player"
                                       r" \d) [+-]\d+ \(each( in [\w. ]+|: the special scoring "
                                       r"after business \d+)\)\.", x) for x in shared), shared
    assert not any("VP in" in line for line in said), said  # the log's words: in the news


def _page_digests(base, seed: int):
    """The page's digest at each of Player 1's decisions of a whole game (Player 1 deciding
    at random, the others random bots)."""
    from .web_support import make_table, token_of

    game = base.new_game(4, seed)
    table = make_table(base, game, History.start(game),
                       {"P1": "human", "P2": "random", "P3": "random", "P4": "random"})
    token, rng = token_of(table, "P1"), random.Random(seed)
    while not table.game.over:
        decision = table.game.decision()
        if decision.player != "P1":
            table.bot_step()
            continue
        yield table._digest_for("P1")
        table.decide(token, table.version, rng.randrange(len(decision.options)))


NEWCOMER = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed101-newcomer.replay.json"
NEWCOMER_127 = NEWCOMER.with_name("fifth-avenue-base-4p-seed127-newcomer.replay.json")
NEWCOMER_137 = NEWCOMER.with_name("fifth-avenue-base-4p-seed137-newcomer.replay.json")
NEWCOMER_149 = NEWCOMER.with_name("fifth-avenue-base-4p-seed149-newcomer.replay.json")
NEWCOMER_157 = NEWCOMER.with_name("fifth-avenue-base-4p-seed157-newcomer.replay.json")
NEWCOMER_167 = NEWCOMER.with_name("fifth-avenue-base-4p-seed167-newcomer.replay.json")


TALL = 28  # rows where a busy screen's digest is not cut short for its options (at 24 it
# is: 'log' shows it all)


def newcomer_screens(width: int = 80, replay: Path = NEWCOMER, height: int = 24
                     ) -> dict[int, list[str]]:
    """The screens of a newcomer's whole game against three greedy bots at an 80x24
    terminal, played again through a Session from its replay: each decision's screen, by
    the number of decisions made before it (its pages, where it has more than one, with
    the pager's question between them: see pages). Played once per replay and size in a
    test run (tests/shared.py; a copy each time: many tests read the same game)."""
    return copy.deepcopy(_played_screens(width, Path(replay), height))


@functools.cache
def _played_screens(width: int, replay: Path, height: int) -> dict[int, list[str]]:
    return made_once(("newcomer screens", width, replay.name, height),
                     lambda: _play_screens(width, replay, height))


def _play_screens(width: int, replay: Path, height: int) -> dict[int, list[str]]:
    data = json.loads(replay.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    moves, out, screens = data["moves"], io.StringIO(), {}

    class Replayed(Session):
        def bot_move(self, decision):
            return moves[len(self.game.moves)]

    def read(prompt: str) -> str:
        if prompt == MORE:  # a screen too full for the terminal: a page at a time
            out.write(prompt + "\n")
            return ""
        text = ANSI.sub("", out.getvalue().split("\x1b[2J")[-1])
        out.seek(0)
        out.truncate()
        if prompt != "> ":
            return ""
        step = len(session.game.moves)
        screens[step] = (text + prompt).splitlines()
        shown = session.display.shown(session.game, session.game.decision())
        return str(session.numbers(shown)[shown.options.index(moves[step])])

    session = Replayed(ruleset, game, History(), data["seats"], load_display(ruleset), out,
                       colour=False, tty=True, read=read, width=width, height=height)
    assert session.run() == 0
    assert game.scores() == data["scores"]  # the same game
    return screens


def typed_at(replay: Path, target: int, typed: list[str], width: int = 80,
             height: int = 24) -> list[list[str]]:
    """The screen of a newcomer's replayed game at step `target` (80x24), then what each
    command of `typed` printed there, in turn; the game is played no further."""
    data = json.loads(replay.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    moves, out, said, left = data["moves"], io.StringIO(), [], list(typed)

    class Replayed(Session):
        def bot_move(self, decision):
            return moves[len(self.game.moves)]

    def read(prompt: str) -> str:
        text = ANSI.sub("", out.getvalue().split("\x1b[2J")[-1])
        out.seek(0)
        out.truncate()
        if prompt != "> " or len(session.game.moves) < target:
            return "" if prompt != "> " else str(session.numbers(shown())[
                shown().options.index(moves[len(session.game.moves)])])
        said.append(text.splitlines())
        if not left:
            raise EOFError
        return left.pop(0)

    def shown():
        return session.display.shown(session.game, session.game.decision())

    session = Replayed(ruleset, game, History(), data["seats"], load_display(ruleset), out,
                       colour=False, tty=True, read=read, width=width, height=height)
    session.run()
    return said


NEWCOMER_311 = NEWCOMER.with_name("fifth-avenue-base-4p-seed311-newcomer.replay.json")


def test_a_cut_short_digest_keeps_the_points_since_with_what_happened_to_the_player():
    """Seed 311's newcomer read, above their turn's options, only 'Concerning you: You take 1
    black card too, ...' and '(Cut short ...)': a scoring (Player 3 +1, Player 4 +4) and a
    special scoring (+4 each) were behind 'log'. Cut short, the digest keeps the points
    since whole, beside what happened to the player."""
    screen = "\n".join(newcomer_screens(replay=NEWCOMER_311)[141])
    assert FOLDED in screen, screen
    assert "Points: Player 3 +5, Player 4 +8." in screen, screen
    assert "Concerning you: You take 1 black card too" in screen, screen


def test_a_cut_short_digest_keeps_the_newest_choice_taken_for_the_player():
    """Seed 311's newcomer, passed over in an auction (no card of a colour allowed there),
    read 'Taken for you, the only option: how many skyscrapers do you build from your ...':
    the pass went into 'and 1 more choice' behind the 0 built in the auction before, and
    the line was cut after its first row. The newest choice comes first, short (without
    its aside), and the auction it was in is on the row kept (whole where its rows fit: a
    line cut short is cut at a clause). At 24 rows (its options side by side since 1e7819b,
    the digest folds its own lines to fit) and at 20, where the screen cuts the digest short
    too."""
    for screen, cut in ((newcomer_screens(replay=NEWCOMER_311)[521], False),
                        (typed_at(NEWCOMER_311, 521, [], height=20)[0], True)):
        assert (FOLDED in screen) == cut, screen
        assert "Taken for you, the only option: pass in the auction for 52nd St. West, where" \
            in screen, screen
        assert "Taken for you, the only option: pass in the auction for 52nd St. West, " \
            "where nobody has finished a bid yet; and 1 earlier choice ('log')." in " ".join(
                " ".join(screen).split()), screen


def test_an_option_says_the_others_pieces_it_moves_before_what_follows_it():
    """Seed 311's newcomer read a building stop's option as '... Player 4 scores 1 VP
    (half) in 34th St. West; then, in the auction for 42nd St. West, Player 4 chooses ...;
    Player 2's 1 skyscraper goes out of the game; ...': what follows the option sat between
    the pieces it takes. Every player's pieces first, then what follows."""
    # 40 rows: at 24, the stop's figures in all (its points now and at the final scoring)
    # leave the option's words to 'points'
    screen = " ".join(" ".join(newcomer_screens(replay=NEWCOMER_311, height=40)[558]).split())
    stop = screen[screen.index("2. building stop:"):]
    assert stop.index("Player 4's 1 skyscraper goes out of the game") < \
        stop.index("then, in the auction for 42nd St. West"), stop


def test_a_building_stop_s_option_keeps_who_scores_what_at_80x24():
    """At 80x24 seed 311's newcomer's won auction offered '2. building stop' bare, its words
    (their points now and at the final scoring, the others' points, the pieces that leave)
    too long for the rows the digest left: 'points' alone said what the stop did. With
    little room an option keeps its key words (who scores what, whether the game ends),
    and says that 'points' holds the rest."""
    lines = newcomer_screens(replay=NEWCOMER_311)[558]
    screen = " ".join(" ".join(lines).split())
    stop = screen[screen.index("2. building stop"):]
    assert stop.startswith("2. building stop: you -61 in all (+11 now, 72 VP fewer at the "
                           "final scoring if it came now), Player 2 -2 in all (+1 now), "
                           "Player 4 -2 in all (+1 now); and more ('points')"), stop
    assert len(lines) <= 24 and all(len(x) <= 80 for x in lines), lines


@pytest.mark.parametrize("seed, step", [(167, 307), (199, 372)])
def test_a_bid_screen_with_long_hints_fits_80x24_without_a_page(seed, step):
    """Seeds 167 and 199 paged one bid screen at 80x24: the hints (the bid, what another's
    win would do) and the options, a card a row, overflowed with no digest at all. A few
    options with too many rows put the short ones side by side, in their order; the whole
    game's screens are each on one page."""
    replay = NEWCOMER.with_name(f"fifth-avenue-base-4p-seed{seed}-newcomer.replay.json")
    screens = newcomer_screens(replay=replay)
    assert [k for k, lines in screens.items() if MORE in lines] == []
    lines = screens[step]
    # (numbered by their places in the hand since a617e03: '6. orange 6   10. black 4 ...')
    assert re.search(r"^ +\d+\. \w+ \d( +\d+\. \w+ \d)+ +\d+\. black 6$",
                     "\n".join(lines), re.M), lines
    assert len(lines) <= 24 and all(len(x) <= 80 for x in lines), lines


def test_a_pass_that_wrote_the_next_player_s_pass_is_said_whole_in_the_digest_and_log():
    """Seed 311's newcomer read 'Player 2 passes on Times Square (Player 3 too)' in the
    digest, and 'log' showed Player 2's pass and Player 4's, not Player 3's: Player 3's pass
    wrote Player 4's too (Player 4 could not open a bid). The digest says both, and 'log'
    folds neither."""
    screen, log = typed_at(NEWCOMER_311, 118, ["log"])
    digest = " ".join(" ".join(screen).split())
    assert "Player 4 cannot open a bid (no card of a colour allowed in Times Square) and " \
        "passes" in digest, digest
    said = " ".join(" ".join(log).split())
    for player in ("Player 2", "Player 3"):
        assert f"{player} passes on Times Square" in said, said
    assert "Player 4 cannot open a bid" in said, said


NEWCOMER_321 = NEWCOMER.with_name("fifth-avenue-base-4p-seed321-newcomer.replay.json")


def test_a_finished_bid_that_wrote_the_next_player_s_pass_is_said_with_it_in_the_digest():
    """Seed 321's newcomer (S13) read 'Player 2 passes on 34th St. East; nobody has finished a
    bid yet; Player 3 bids 5 in gray' and then, on their pass, 'Player 3 wins ... with 5':
    Player 4's pass, taken alone after Player 3's bid (no card of a colour allowed), was in
    `log` only. A bid finished that wrote another player's pass is said with it."""
    (screen,) = typed_at(NEWCOMER_321, 140, [])
    digest = " ".join(" ".join(screen).split())
    assert "Player 3 bids 5 in gray; Player 4 cannot open a bid (no card of a colour allowed " \
        "in 34th St. East) and passes." in digest, digest


def test_a_pass_that_ended_an_auction_is_said_with_the_passes_it_wrote_before_the_win():
    """Seed 321's newcomer (S13) read 'Player 2 bids 17 in gray; Player 2 wins the auction
    for Times Square with 17': Player 3's pass, and Player 4's that it wrote (no card left
    to raise the bid), were in `log` only. Both are said before the win."""
    (screen,) = typed_at(NEWCOMER_321, 227, [])
    digest = " ".join(" ".join(screen).split())
    assert "Player 2 bids 17 in gray; Player 3 passes on Times Square and takes back their " \
        "bid of 11 (green 5, black 6); the high bid is Player 2's 17; Player 4 cannot raise " \
        "the bid above 17: passes on Times Square and takes back their bid of 13 (violet 4, " \
        "violet 5, black 4); Player 2 wins the auction for Times Square with 17" in digest, \
        digest
    assert len(screen) <= 24, screen


def pages(screen: list[str]) -> list[list[str]]:
    """A screen's pages, as the terminal shows them one after the other."""
    out: list[list[str]] = [[]]
    for line in screen:
        out[-1].append(line)
        if line == MORE:
            out.append([])
    return out


def fits(screen: list[str]) -> bool:
    """Whether each page of a screen fits 80x24."""
    return all(len(page) <= 24 and all(len(x) <= 80 for x in page) for page in pages(screen))


def test_a_busy_round_s_news_are_all_said_in_short_and_the_screen_fits():
    """After two scorings and a special scoring the newcomer read '... and 9 more news of
    Player 2, Player 3 and Player 4 (type log to see them)': their own points and the
    others' hidden. Points, scorings and wins are never folded: the lines that differ only
    in the player and their points are said as one, each player's with its verb ('Player 4:
    2 VP' read as a note tucked away)."""
    screens = newcomer_screens()
    for screen in screens.values():
        assert fits(screen), "\n".join(screen)
    # at 24 rows the digest is cut short for the options ('log' shows it all): said whole
    # on a taller terminal
    said = " ".join(" ".join(newcomer_screens(height=40)[534]).split())
    assert "Concerning you: You take 1 black card too, having no skyscraper in Times " \
           "Square, the district scored; Player 2 moves the beige commissioner from 34th St. " \
           "West (your 7 skyscrapers) to 42nd St. West (your 4 skyscrapers). News: Player 2 " \
           "chooses to score Times Square; Player 3 scores 2 VP in Times Square " \
           "(Player 4 too); you score 6 VP for " \
           "skyscrapers in at least 4 districts (all the others too): the special scoring " \
           "after business 6; Player 3 moves the white commissioner from Times Square to 52nd " \
           "St. West; Player 4 chooses to score 52nd St. West; " \
           "Player 2 scores 4 VP in 52nd St. West, Player 3 scores 6 VP and Player 4 scores 2 " \
           "VP; Player 4 moves the white commissioner from 52nd St. West to Central Park" \
        in said, said  # the commissioners' moves among them, in the log's order


def _held_by_p1(game) -> tuple[dict, dict]:
    """Where each commissioner stands, and Player 1's skyscrapers in each district."""
    view = game.view("P1")
    held: dict[str, int] = {}
    for plot, pieces in view["zones"]["towers"].items():
        district = game.world.attrs[plot]["district"]
        held[district] = held.get(district, 0) + sum(
            n for kind, n in (pieces.items() if isinstance(pieces, dict)
                              else ((k, 1) for k in pieces)) if "(P1)" in kind)
    return dict(view["vars"]["commissioner_at"]), held


def test_a_commissioner_moved_off_or_onto_the_viewer_s_district_is_news_with_their_pieces(
        base):
    """A newcomer meant to score the district where they had 3 skyscrapers; another player
    moved the commissioner away, and only 'log' said so (the digest, when it said it, said
    a board move among others). Such a move is news about the viewer, with their pieces
    in the place it left or entered, on the short screen and on the page."""
    met = 0
    for seed in range(4):
        game = Game.start(base, 4, seed)
        rng, steps, before, expected = random.Random(seed), Steps(), None, []
        steps.start(game)
        while not game.over and game.state["step"] < 300:
            decision = game.decision()
            if decision.player == "P1":
                if before is not None and expected:
                    last = {c: k for k, (c, *_) in enumerate(expected)}  # a short screen
                    # says each commissioner by its last move
                    for rows, whole in ((3, False), (None, True)):
                        lines = digest_lines(game, before, "P1", steps, [], rows=rows,
                                             whole=whole)
                        heads = ("News: ", "Concerning you: ")
                        news = " ".join(" ".join(x for x in lines
                                                 if x.startswith(heads)).split())
                        for k, (c, place, n, _) in enumerate(expected):
                            if whole or expected[last[c]][3] == expected[k][3]:
                                assert f"{place} (your {n} skyscraper" in news, (place, lines)
                        if whole:  # on a page, the news about the viewer's pieces are
                            # said as such, on lines of their own (a newcomer's was a long
                            # line's last clause, cut off by a cramped page), in the log's
                            # order (seed 318's newcomer reordered them in their head)
                            assert any(x.startswith("Concerning you: ") for x in lines), lines
                            assert not any(x.startswith("News: ") and "(your " in x
                                           for x in lines), lines
                    met += 1
                expected = []
            where, held = _held_by_p1(game)
            move = rng.choice(decision.options)
            seen = watch_step(game, move)
            game.apply(move)
            steps.record(game, decision.player, seen)
            now, held_now = _held_by_p1(game)
            if decision.player == "P1":
                before = Picture(game, "P1")
                continue
            for commissioner, place in now.items():
                left = where[commissioner]
                if place != left:
                    expected += [(commissioner, game.label(x), n, len(game.moves))
                                 for x, n in ((left, held.get(left)),
                                              (place, held_now.get(place))) if n]
    assert met >= 3


def test_the_newcomer_s_commissioner_taken_away_is_on_their_screen():
    """Seed 127: Player 3 moved the beige commissioner off 52nd St. East, where the newcomer
    had a skyscraper; their next screen says it among the news (in the log's order)."""
    screens = newcomer_screens(replay=NEWCOMER_127)
    said = [" ".join(" ".join(x).split()) for x in  # at 24 rows cut short for the options
            newcomer_screens(replay=NEWCOMER_127, height=TALL).values()]
    assert any(re.search(r"Concerning you: [^\n]*Player 3 moves the beige commissioner "
                         r"from 52nd St. East \(your 1 skyscraper\) to Central Park; Player 4 "
                         r"brings the beige commissioner back to City Hall", x) for x in said)
    for screen in screens.values():
        assert fits(screen), "\n".join(screen)


def test_the_newcomer_s_news_follow_each_commissioner_and_keep_their_places_unfolded():
    """Seed 137 (issue 33): the news skipped the beige commissioner's step to Central Park
    and Player 3's step to 52nd St. West, said a commissioner's move before the Central Park
    auction that came first, and folded the business tile that filled 34th St. West, where
    the newcomer's 3 skyscrapers stood, into '2 more moves of business tiles'. A screen too
    full for 24 rows is cut short ('log' shows it all), its options on its first page
    (its head had scrolled off, then a page came before the options)."""
    screens = newcomer_screens(replay=NEWCOMER_137)
    said = {step: " ".join(" ".join(x).split())
            for step, x in newcomer_screens(replay=NEWCOMER_137, height=TALL).items()}
    assert "Concerning you: Player 2 moves the beige commissioner from 42nd St. East " \
           "(your 3 skyscrapers) to 52nd St. East, then on to Central Park; Player 3 moves the " \
           "white commissioner from 42nd St. West to 52nd St. West (your 2 skyscrapers), then " \
           "on to Central Park; Player 4 brings the beige commissioner back to City Hall" \
        in said[451], said[451]
    # the bid taken back, one line
    assert "Concerning you: Player 4 moves the beige commissioner from City Hall to 34th " \
           "St. East (your 3 skyscrapers). News: Player 2 passes on Central Park and takes back " \
           "the card they had put forward (green 4); the high bid is Player 3's 14; " \
           "Player 3 wins the Central Park auction with 14" in said[430]
    assert "1 business tile (jeweler) goes to 34th St. West, orange" in said[176], said[176]
    # the screen from its top (the line on the board first, or the digest where the line
    # gave its row to the digest), never paged
    assert MORE not in screens[176] and screens[176][0] in (ON_DEMAND, DIGEST_TITLE), \
        screens[176]
    assert FOLDED in screens[176] or LEFT_OUT in screens[176], screens[176]
    for screen in screens.values():
        assert fits(screen), "\n".join(screen)


def _paragraph(screen: list[str], head: str) -> str:
    """The digest's paragraph of a screen that begins with `head`, in one line ('')."""
    text = "\n".join(screen)
    found = re.search(rf"^{re.escape(head)}.*?(?=\n\S|\Z)", text, re.M | re.S)
    return " ".join(found.group(0).split()) if found else ""


def test_the_newcomer_s_news_about_their_pieces_come_first_and_the_rest_folds():
    """Seed 167 (issue 33): a 10-row News paragraph buried 'Player 2 moves the white
    commissioner from City Hall to 34th St. East (your 5 skyscrapers)' and said 'nobody
    has finished a bid yet' three times. The news about the viewer's places come first, on
    a paragraph of their own, each piece's chain whole; the others' offers fold past a few
    rows when the screen is short (never a scoring, nor an offer for a place of the
    viewer's pieces: seed 179); a closing clause repeated is said once."""
    screens = newcomer_screens(replay=NEWCOMER_167)
    for screen in screens.values():
        assert fits(screen), "\n".join(screen)
        news = _paragraph(screen, "News: ")
        assert "(your " not in news, news  # each about the viewer's places is said first
    tall = newcomer_screens(replay=NEWCOMER_167, height=TALL)  # at 24 rows cut short
    said = " ".join(" ".join(tall[242]).split())
    assert "In short, since your last decision: Concerning you: Player 2 moves the " \
           "white commissioner from City Hall to 34th St. East (your 5 skyscrapers); " \
           "Player 3 moves it on to 42nd St. East; you take 1 black card too, having no " \
           "skyscraper in 42nd St. East, the district scored. News: " in said, said
    news = _paragraph(tall[242], "News: ")
    assert "Player 3 scores 3 VP in 42nd St. East" in news  # a scoring is never folded
    assert re.search(r"; and \d more news(:| of) Player \d.*\(type log to see them\)\.$", news)
    assert "Player 4 passes on 34th St. East and takes back the cards they had put forward " \
        "(violet 4, black 6: 10 in all, never finished)" in news, news  # kept
    news = _paragraph(screens[93], "News: ")  # three passes on one auction: the high bid
    assert news.count("nobody has finished a bid yet") == 1, news  # said at the last
    news = _paragraph(screens[51], "News: ")  # the newcomer's 6 rows of passes: folded,
    # saying what the players did (00692cf)
    assert "; and 3 more news: Player 2, Player 3 and Player 4 pass (type log to see them)." \
        in news, news


def test_the_numbers_of_cards_already_bid_are_said_under_the_list():
    """Seed 167 (issue 33): '2. orange 6 ... 3. pass ... 7. finish': the numbers stay those of
    the bid's first screen, and the newcomer could not tell where 1 went. The numbers the
    list leaves out are said under it, with the cards they were."""
    screens = newcomer_screens(replay=NEWCOMER_167)
    screen = screens[53]
    options = [x.strip() for x in screen if re.match(r" +\d+\. ", x)]
    assert options[0].startswith("7. orange 6"), screen  # the 7th card of the hand
    at = next(k for k, line in enumerate(screen) if line.startswith("  (6: "))
    note = " ".join(" ".join(screen[at:-1]).split())  # up to the prompt
    assert re.fullmatch(r"\(6: orange 5, in your bid now; ([\d ,toand]+: for the rest of "
                        r"your hand, not offered now; )?the other options keep their "
                        r"numbers\.\)", note), screen
    # not '1 is in your bid already': read as a refusal (seed 191)
    for screen in screens.values():
        assert fits(screen), "\n".join(screen)


def test_why_says_where_an_option_s_points_come_from():
    """Seed 167 (issue 33): option B showed 'you +6' and 'why B' said it came from placing a
    gallery '(6 placed so far)': the 6 was the count of businesses. 'why' names the line
    of the rules that gives the points (a special scoring the placing sets off), with the
    display's meaning of the term it names."""
    data = json.loads(NEWCOMER_167.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:153]:
        game.apply(move)
    out = io.StringIO()
    session = Session(ruleset, game, History(), data["seats"], load_display(ruleset), out,
                      colour=False, tty=False, read=lambda prompt: "", width=80, height=24)
    decision = game.decision()
    session.handle("why B", decision)
    said = " ".join(out.getvalue().split())
    assert "At once: you +6; 1 business tile goes to the plot you choose next." in said, said
    assert "Your +6: Player 1 scores 6 VP for skyscrapers in at least 4 districts: the " \
           "special scoring after business 6. Special scoring: at the 3rd, 6th and 9th " \
           "business placed" in said, said
    assert "(6 placed so far)" not in said, said


def test_a_move_into_or_out_of_a_place_of_the_viewer_s_pieces_is_never_folded(base):
    """'Pieces: ... and 2 more moves of business tiles (type log to see them)' hid the tile
    that filled the district where a newcomer's skyscrapers stood (a building stop then
    took them). A move into or out of a place where the viewer has pieces is said whole on
    the shortest screen; on the page the pieces line that says it comes right after the
    news, before the lines a cramped page drops first."""
    met = 0
    for seed in (1, 2):
        for game, steps, before, _, words in stretches(base, seed, 300):
            places = steps.held_places(game, "P1", (before, Picture(game, "P1")))
            near = [m for m in words if not m.startswith("your ") and
                    any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", m) for p in places)]
            if not near:
                continue
            short = " ".join(" ".join(digest_lines(game, before, "P1", steps, rows=3)).split())
            for move in near:
                assert move in short or without_source(move) in short, (move, short)
            page = digest_lines(game, before, "P1", steps, whole=True)
            at = next(k for k, x in enumerate(page) if x.startswith("Pieces: "))
            assert all(x.startswith(("Points: ", "News: ", "Concerning you: ", "Your pieces: ",
                                     "Your last decision: ", "Taken for you"))
                       for x in page[:at]), page
            met += 1
    assert met


@functools.cache
def _screens_149() -> dict[int, list[str]]:
    """Seed 149's newcomer's screens (issue 33, f49fe8f), played once for the tests below."""
    return newcomer_screens(replay=NEWCOMER_149)


def _flat(screen: list[str]) -> str:
    return " ".join(" ".join(screen).split())


def test_what_the_rules_did_after_another_s_decision_is_not_credited_to_them():
    """Seed 149, step 246: Player 2's pass ended the auction and the rules declared the
    newcomer's building stop; the pieces line read 'by Player 2: Player 3's 1 skyscraper goes
    out of the game'. Moves the rules made after a decision follow it ('after Player 2 passes
    on Times Square:'), decided from the step's log (the decider's lines, then the others')."""
    screens = _screens_149()
    # 30 rows: at 24 the hints of the colour to bid with (rules19) leave the pieces folded
    said = _flat(newcomer_screens(replay=NEWCOMER_149, height=30)[249])
    # (after what the rules said of the place they left, last before it: seed 319)
    assert "Pieces: after Times Square is closed (building stop 1): Player 2's 1 skyscraper " \
           "goes out of the game; Player 3's 1 skyscraper goes out of the game" in said, said
    assert not any("by Player 2: Player 3's 1 skyscraper" in _flat(x) for x in screens.values())


def test_a_line_said_in_short_is_not_also_listed_since_the_last_decision():
    """Seed 149, step 313: 'Player 1 scores 6 VP ... special scoring after business 6' was
    listed under 'Since your last decision' and said again under 'In short' (with 'Player 4
    too'): a line the digest says as one with others is listed once."""
    for step, screen in _screens_149().items():
        text = "\n".join(screen)
        if "In short" not in text or "The log since your last decision" not in text:
            continue
        above, below = text.split("In short", 1)
        listed = [" ".join(x.split()) for x in re.split(
            r"\n  (?=\S)", above.split("The log since your last decision", 1)[1])[1:]]
        for line in listed:
            assert line.rstrip(".") not in _flat(below.split("\n\n")[0]), (step, line)
    above = _flat(_screens_149()[313]).split("In short")[0]
    assert "Player 1 places a boutique" in above and "scores 6 VP" not in above, above


def test_a_piece_moved_on_by_another_player_is_a_clause_of_its_own():
    """Seed 149: ', Player 4 to 52nd St. East' in a commissioner's chain was hard to parse;
    another player's move of the same piece reads 'Player 3 moves it on to X'."""
    screens = _screens_149()
    assert "Player 2 moves the beige commissioner from City Hall to 34th St. East; Player 3 " \
           "moves it on to Times Square; special scoring after business 3: nobody has " \
           "skyscrapers in 3 districts, so nobody scores 4 VP; Player 4 moves the beige " \
           "commissioner from Times Square to 52nd St. East" in _flat(screens[34])  # the
    # news between two moves ends the chain
    assert not any(re.search(r", Player \d to ", _flat(x)) for x in screens.values())


def test_a_paged_screen_keeps_the_question_with_its_options():
    """A screen too full for 24 rows is shown a page at a time: the break fell between the
    prompt's question and its options (issue 33). The question, its notes and its options
    are on one page (at 24 rows, and at 18 and 16, where screens are still paged: with a
    few options side by side, 1e7819b, none of these two games' is at 24)."""
    met = 0
    for replay, height in ((NEWCOMER_137, 24), (NEWCOMER_149, 24), (NEWCOMER_137, 18),
                           (NEWCOMER_149, 16)):
        for step, screen in newcomer_screens(replay=replay, height=height).items():
            if MORE not in screen:
                continue
            met += 1
            last = pages(screen)[-1]
            asked = [k for k, x in enumerate(last) if x.startswith("Player 1: ")]
            assert asked, (step, screen)
            assert re.search(r"^ +\d+\. ", "\n".join(last[asked[-1]:]), re.M), (step, screen)
            assert not any(x.startswith("Player 1: ") for p in pages(screen)[:-1] for x in p)
    assert met


def test_a_move_that_leaves_a_region_one_free_space_is_never_folded():
    """Seed 149, step 377 (issue 33): 'Pieces: 2 more moves of business tiles (type log to
    see them)' folded the boutique that left 52nd St. West one free plot, where the newcomer
    had no pieces but which they could then fill. A move into a region of the board left
    with one free space at most (decided from its spaces and the zones they index) is said
    whole."""
    pieces = _flat(_screens_149()[377]).split("Pieces: ")[1]
    assert "52nd St. West, orange" in pieces, pieces


def test_the_page_never_folds_a_digest_line_about_the_player_s_places(base, monkeypatch):
    """On the page, '2 more... click to show them' hid a commissioner moving off the
    newcomer's district: the page is told how many of the digest's first lines it may not
    fold (digest_kept), up to the last naming a place where the player's pieces stand that
    a move left or entered, or a region a move left with one free space at most."""
    from .web_support import make_table, token_of

    # only the digest is read: the options' consequences, half the time of a whole game's
    # pages, are not worked out (the digest and digest_kept are the same without them)
    monkeypatch.setattr("interpreter.play.table.outlook", lambda *args, **kwargs: None)
    game = base.new_game(4, 5)
    table = make_table(base, game, History.start(game),
                       {"P1": "human", "P2": "random", "P3": "random", "P4": "random"})
    token, rng, met = token_of(table, "P1"), random.Random(5), 0
    while not table.game.over:
        decision = table.game.decision()
        if decision.player != "P1":
            table.bot_step()
            continue
        state = table.state_for(token)
        before = table.pictures.get("P1")
        if before is not None:
            places = table.steps.held_places(table.game, "P1", (before, Picture(
                table.game, "P1"))) | table.steps.filled_places(table.game, "P1")
            named = [k for k, x in enumerate(state["digest"])
                     if any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", x) for p in places)]
            if named:
                met += 1
                assert state["digest_kept"] > max(named), (state["digest"], places)
        table.decide(token, table.version, rng.randrange(len(decision.options)))
    assert met


def test_an_offer_made_card_by_card_is_news_as_it_stands_when_its_player_is_done():
    """Seed 149, step 451 (issue 33): Player 2's high bid of 33 was never on the newcomer's
    screen, and a bot's card-by-card bid took a line a card. Each run of another player's
    steps that built or took back an offer is one news line, the run's last ('Player 2 bids
    33 in violet'), and its cards one by one are not listed."""
    screen = _screens_149()[451]
    news = _flat(screen).split("News: ")[1].split("Your hand")[0]
    assert news.startswith("Player 2 bids 33 in violet; Player 3 passes on 52nd St. East and "
                           "takes back the cards they had put forward"), news
    assert "adds" not in _flat(screen)


@functools.cache
def _screens_157() -> dict[int, list[str]]:
    """Seed 157's newcomer's screens (issue 33, 671ce32), played once for the tests below."""
    return newcomer_screens(replay=NEWCOMER_157)


def test_a_piece_s_chain_of_moves_stops_at_news_written_between_them():
    """Seed 157, step 205: 'Player 4 moves it on to 42nd St. West; Player 4 chooses to score
    34th St. West' said the scoring after the move that had followed it. A piece's moves
    are one line only while no news came between them (said whole on a tall terminal: at
    24 rows the news are cut short for the options)."""
    said = _flat(newcomer_screens(replay=NEWCOMER_157, height=40)[205])
    assert "Player 4 chooses to score 34th St. West; Player 4 scores 2 VP in 34th St. West; " \
           "Player 4 moves the beige commissioner from 34th St. West to 42nd St. West" \
           in said, said


def test_news_said_as_one_for_several_players_keeps_their_words_and_says_what_is_true():
    """Seed 157: 'Player 2 bids 12 in green (Player 3 bids 19 in)' lost the colour; 'the high
    bid stays Player 1's 8 (Player 3 too)' read as Player 3's bid of 8, and 'nobody has
    finished a bid yet (Player 3 too)' as Player 3's bid. The other players are said where
    they are named, in the line's first clause, and no number further on is merged."""
    screens = _screens_157()
    assert "Player 2 bids 12 in green, Player 3 bids 19; Player 4 passes" \
        in _flat(screens[77])
    # the last pass says nothing of a high bid (one player at most was left): not merged;
    # the pass it wrote for Player 4 (no card to open a bid) is said before its result
    assert "Player 2 passes on 52nd St. East; nobody has finished a bid yet; Player 3 passes " \
           "on 52nd St. East; Player 4 cannot open a bid (no card of a colour allowed in 52nd " \
           "St. East) and passes; nobody bids for 52nd St. East" in _flat(screens[181])
    for screen in screens.values():
        said = _flat(screen)
        assert not re.search(r"\d+ in\)|yet \(Player|stays Player \d's \d+ \(", said), said


def test_the_newest_events_say_they_are_the_last_few_above_the_whole_summary():
    """Seed 157, step 7: 'Since your last decision (the last 2; 'log' shows more):' above 'In
    short, since your last decision:': the newcomer could not tell which was complete. The
    newest events, where earlier ones are left out, say they are some of the log, not all
    (not 'the last 2 moves': the digest under them says later ones, seed 323)."""
    screens = _screens_157()
    assert "More of the log since your last decision ('log' shows all):" in screens[7]
    assert "In short, since your last decision:" in screens[7]
    assert not any("Since your last decision (" in " ".join(x) for x in screens.values())
    assert all(fits(x) for x in screens.values())  # every screen of the game at 80x24


def test_a_move_that_fills_a_region_where_the_viewer_has_pieces_says_so():
    """Seed 157, step 260: 'by Player 3: 1 business tile (boutique) goes to Times Square,
    orange' did not say that it filled Times Square, where the newcomer had 5 skyscrapers
    (a building stop could take them now). The move that filled it says so after it."""
    said = _flat(_screens_157()[260])
    assert "1 business tile (boutique) goes to Times Square, orange (Times Square is full " \
           "now)" in said, said


def test_cards_taken_back_say_their_total_and_that_it_was_never_finished():
    """Seed 157: 'Player 2 passes and takes back the cards they had put forward (brown 4,
    black 4, black 4, black 4, black 4)' after the newcomer won with 18: they summed 20 and
    were puzzled. Cards taken back say their total and, above the high bid, that it was
    never finished; the same card is counted ('black 4 x4')."""
    said = _flat(_screens_157()[77])
    assert "Player 2 passes on 52nd St. East and takes back their cards (green 6 x2, black 4, " \
           "black 5: their bid of 12, raised to 21, never finished)" in said, said


NEWCOMER_181 = NEWCOMER.with_name("fifth-avenue-base-4p-seed181-newcomer.replay.json")


def _table_at(replay: Path, step: int, visit: Callable[[int, Any, dict], None] | None = None):
    """A Table of every seat a person's, fed a newcomer's replay up to `step`, and the seats'
    tokens: the page's options by the indexes the page shows them in (display's order).
    `visit(at, table, tokens)` is called before each decision and at `step`."""
    from interpreter.play.table import Table

    data = json.loads(replay.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    table = Table(ruleset, game, History.start(game), {p: "human" for p in game.players},
                  load_display(ruleset))
    tokens = {p: t for t, p in table.tokens.items()}
    while len(table.history.moves) < step:
        at = len(table.history.moves)
        if visit is not None:
            visit(at, table, tokens)
        options = list(table.display.shown(table.game, table.game.decision()).options)
        table.decide(tokens[data["deciders"][at]], table.version,
                     index=options.index(data["moves"][at]))
    if visit is not None:
        visit(step, table, tokens)
    return table, tokens


def test_a_pass_taken_for_the_viewer_comes_first_on_the_page_and_is_never_folded():
    """Seed 181 (issue 33, in the browser): the game passed for the newcomer in the Central
    Park auction (no card of the colour bid) and the page said it last, folded into '4 more:
    see the log'. On the page the choice taken for the viewer is the first line, with the
    reason the log gives, and among the lines a cramped page never folds."""
    data = json.loads(NEWCOMER_181.read_text())
    table, tokens = _table_at(NEWCOMER_181, 99)
    alone = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                        streams=data["version"] - 1)
    for move in data["moves"][:99]:
        alone.apply(move)
    assert table.game.plain_state() == alone.plain_state()  # the newcomer's game, to a frame
    state = table.state_for(tokens["P1"])
    first = state["digest"][0]
    assert first.startswith("Taken for you, the only option: pass "
                            "in the auction for Central Park"), state["digest"]
    assert "you have no gray card" in first, first
    assert state["digest_kept"] >= 1


def test_the_viewer_s_own_pieces_lost_come_first_on_the_page():
    """Seed 199 (issue 33, in the browser): the game passed for the newcomer in two auctions,
    the winner of one stopped it, and their skyscraper left the game; the page's box showed
    the long line of the passes and hid the loss below it ('more: scroll this box'). The
    viewer's own pieces moved are the page digest's first line, the choices taken for them
    next."""
    table, tokens = _table_at(NEWCOMER.with_name(
        "fifth-avenue-base-4p-seed199-newcomer.replay.json"), 343)
    digest = table.state_for(tokens["P1"])["digest"]
    assert digest[0].startswith("Your pieces: your 1 skyscraper goes out of the game, from "
                                "Times Square, orange (Player 4 declares a building stop in "
                                "Times Square"), digest  # (why: seed 320)
    assert [x for x in digest[1:3] if not x.startswith("Points: you ")][0].startswith(
        "Taken for you, the only option: pass"), digest


def test_a_player_who_scored_as_the_first_is_said_beside_the_first():
    """Seed 191 (issue 33): 'Player 2 scores 2 VP (half) in 52nd St. East (Player 3 scores
    1 VP, Player 4 too)' read as Player 4's 1 VP, where Player 4 scored 2 VP as Player 2
    did: the players who scored as the first come first, beside the line they repeat."""
    from interpreter.play.digest import _said_together

    said = _said_together([("Player 2", "scores 2 VP (half) in 52nd St. East"),
                           ("Player 3", "scores 1 VP (half) in 52nd St. East"),
                           ("Player 4", "scores 2 VP (half) in 52nd St. East")], 4)
    assert said == "Player 2 scores 2 VP (half) in 52nd St. East (Player 4 too), Player 3 " \
                   "scores 1 VP (half)", said


def test_lines_alike_but_for_a_number_inside_an_aside_are_not_said_as_one():
    """Seed 317's newcomer (issue 33) read 'Player 3 passes on Times Square and takes back
    their bid of 13 (brown 5, black 4 x2) (Player 4: 14 (brown); the high bid is Player
    2's 19': a parenthesis never closed, and no verb for Player 4's pass. Lines are said as
    one only where they differ in the number after the verb, said whole in a sentence
    ('Player 2 bids 11 in brown, Player 3 bids 15'), with the aside that follows it ('2 VP
    (half)')."""
    from interpreter.play.digest import _shared_news

    game = load_ruleset(BASE).new_game(4, 1)
    passes = ["Player 3 passes on Times Square and takes back their bid of 13 (brown 5, black "
              "4 x2); the high bid is Player 2's 19",
              "Player 4 passes on Times Square and takes back their bid of 14 (brown 4, black "
              "5 x2); the high bid is Player 2's 19"]
    assert _shared_news(game, passes) == passes
    bids = ["Player 2 bids 11 in brown", "Player 3 bids 15 in brown",
            "Player 4 bids 16 in violet"]
    assert _shared_news(game, bids) == ["Player 2 bids 11 in brown, Player 3 bids 15",
                                        "Player 4 bids 16 in violet"]
    scores = ["Player 2 scores 1 VP (half) in 34th St. West",
              "Player 3 scores 2 VP (half) in 34th St. West",
              "Player 4 scores 3 VP (half) in 34th St. West"]
    assert _shared_news(game, scores) == ["Player 2 scores 1 VP (half) in 34th St. West, "
                                          "Player 3 scores 2 VP (half) and Player 4 scores "
                                          "3 VP (half)"]
    for said in _shared_news(game, passes + bids + scores):
        assert said.count("(") == said.count(")"), said


def test_points_are_not_credited_to_a_number_of_the_player_s_own():
    """Seed 193 (issue 33): 'Points: you +6 (9 in all, never finished); the high bid stays
    Player 1's 6), Player 2 +6 (the special scoring after business 6)': the newcomer's +6
    was credited to a line that named their bid of 6. A number after 'Ann's' is theirs, not
    given to them; the line that gives it is found."""
    from interpreter.play.digest import crediting

    lines = ["Player 3 passes and takes back the cards they had put forward (black 4, black "
             "5: 9 in all, never finished); the high bid stays Player 1's 6",
             "Player 1 scores 6 VP for skyscrapers in at least 4 districts: the special "
             "scoring after business 6"]
    assert crediting("Player 1", 6, lines) == lines[1:]


def test_the_events_listed_above_the_digest_are_called_the_log():
    """Seed 191, step 37 (and seed 167's screens): 'Since your last decision:' above 'In
    short, since your last decision:': the newcomer read the same events told twice and could
    not tell which block to trust. Where a digest follows, the lines above it are called the
    log's."""
    screens = newcomer_screens(replay=NEWCOMER_167)
    both = [s for s in screens.values() if "In short, since your last decision:" in s
            and any(x.startswith("The log since your last decision:") for x in s)]
    assert both
    for screen in screens.values():
        if "In short, since your last decision:" in screen:
            assert "Since your last decision:" not in screen, "\n".join(screen)


NEWCOMER_211 = NEWCOMER.with_name("fifth-avenue-base-4p-seed211-newcomer.replay.json")
NEWCOMER_223 = NEWCOMER.with_name("fifth-avenue-base-4p-seed223-newcomer.replay.json")


@functools.cache
def _screens_211() -> dict[int, list[str]]:
    return newcomer_screens(replay=NEWCOMER_211)


def test_a_card_received_by_the_rules_is_said_to_the_player_with_its_reason():
    """Issue 33 (seed 211, at the terminal): a black card came into the newcomer's hand when
    another player scored a district where they had no skyscraper; the screen said '1 card
    (black 6) goes to your hand' and the reason was only in `log`. The digest says it to
    them, with why, among the news about them, and the log above does not list it again."""
    screen = _screens_211()[30]
    said = " ".join(" ".join(screen).split())
    short = said.split("In short, since your last decision:")[1]
    assert short.startswith(" Concerning you: "), said
    assert "you take 1 black card too, having no skyscraper in 34th St. West, the district " \
           "scored." in short.split(" News: ")[0], said
    assert said.count("having no skyscraper in 34th St. West") == 1, said


def test_the_page_s_digest_says_what_the_player_received_and_why():
    """Issue 33 (seed 223, in the browser): the same black card, received at the first
    scoring, is said on the page too, in the same words."""
    table, tokens = _table_at(NEWCOMER_223, 31)
    digest = " ".join(table.state_for(tokens["P1"])["digest"])
    assert "You take 1 black card too, having no skyscraper in 42nd St. West, the district " \
           "scored" in digest.replace("you take", "You take"), digest


def test_the_pass_that_settled_an_auction_the_player_was_in_is_said_with_the_win():
    """Issue 33: another player's pass that let the newcomer win (or left them passed over)
    was only in `log`: the news of the win say the pass that settled it, just before it."""
    said = " ".join(" ".join(_screens_211()[130]).split())
    assert "News: Player 2 passes on 34th St. East; you win the auction for 34th St. East " \
           "with 5." in said, said
    assert said.count("Player 2 passes on 34th St. East") == 1, said  # not listed above too


def test_a_colour_that_cannot_win_says_so_in_the_same_words_at_the_terminal_and_on_the_page():
    """Issue 33 (seed 223, in the browser): in the Central Park auction, against a high bid
    of 14, orange was offered with 'every bidder must follow orange; your orange and black
    cards reach 5' and no word that it could not win; at the terminal a card that could not
    win read 'cannot win: your cards do not reach above 14; you will pass and take them
    back'. Both say it in one short phrase, the same at the terminal and on the page."""
    phrase = "cannot win: your orange and black cards reach 5, not above 14"
    screen = " ".join(" ".join(newcomer_screens(replay=NEWCOMER_223)[275]).split())
    assert f"1. orange ({phrase})" in screen, screen
    table, tokens = _table_at(NEWCOMER_223, 275)
    labels = [o["label"] for o in table.state_for(tokens["P1"])["decision"]["options"]]
    assert f"orange ({phrase})" in labels, labels


def test_a_card_the_rules_give_is_said_once_with_its_reason():
    """'Player 4 takes 1 black card too, having no skyscraper in 34th St. East, the district
    scored.' and then 'Player 4 draws a black card (face down).': one event, two lines on
    seed 233's newcomer's screen. The screen says the first ('log all' keeps both)."""
    screens, session = screens_of(1, 100)
    said = 0
    for screen in screens:
        # the reason's line (wrapped) and the draw's right under it: one event in two lines
        for who in re.findall(r"(Player \d) takes 1 black card too[^\n]*\n(?: {4}[^\n]*\n)*"
                              r"\s*(Player \d) draws a black card", screen):
            assert who[0] != who[1], screen
        said += len(re.findall(r"Player \d takes 1 black card too", screen))
    assert said
    log = session.game.events
    assert any(" takes 1 black card too" in line and log[k + 1].endswith(
        " draws a black card (face down).") for k, line in enumerate(log[:-1]))


def test_a_payment_the_digest_says_is_not_also_listed_above_it():
    """'Player 1 pays green 6 = 6: the card goes face up under its stack.' in the log above
    the digest, and '1 card (green 6) goes face up under the green stack, from your bid'
    in its pieces: one payment said twice (seed 233's newcomer). The digest says it once."""
    screens, _ = screens_of(1, 100)
    checked = 0
    for screen in screens:
        digest = " ".join(_screen_items(screen, "In short, since your last decision:"))
        if "from your bid" not in digest.split("Pieces: ")[-1]:
            continue
        checked += 1
        listed = _screen_items(screen, "The log since your last decision:") + \
            [x for title in re.findall(r"^The last \d+ moves \('log' shows all\):$", screen,
                                       re.M) for x in _screen_items(screen, title)]
        assert not any(x.startswith("Player 1 pays ") for x in listed), screen
    assert checked


def test_points_from_a_place_and_from_a_bonus_say_each_part_with_its_amount():
    """Seed 312's newcomer read 'Points: you +4 (the special scoring after business 3),
    Player 3 +8 (in 52nd St. East)': 4 of Player 3's 8 came from the special scoring. Where
    a player's points come from lines that name a place and lines that do not, each part is
    said with its amount."""
    game = load_ruleset(BASE).new_game(4, 1)
    lines = ["Player 1 scores 4 VP for skyscrapers in at least 3 districts: the special "
             "scoring after business 3.",
             "Player 3 scores 4 VP for skyscrapers in at least 3 districts: the special "
             "scoring after business 3.",
             "Player 3 scores 4 VP in 52nd St. East."]
    said = points_where(game, {"P1": 4, "P3": 8}, "P1", lines)
    assert said == "you +4 (the special scoring after business 3), Player 3 +8 (4 by the " \
        "special scoring after business 3, 4 in 52nd St. East)", said
    # points from places only, or from bonuses only, are said as before
    assert points_where(game, {"P3": 4}, "P1", lines[2:]) == "Player 3 +4 (in 52nd St. East)"


NEWCOMER_312 = NEWCOMER.with_name("fifth-avenue-base-4p-seed312-newcomer.replay.json")


def _resumed(table, path: Path):
    """A table started from the file `path` as `serve --load` starts it (its seats' links
    kept)."""
    from interpreter.cli.common import load_position
    from interpreter.play.table import Table

    ruleset, game, history, play = load_position(path, None, io.StringIO())
    return Table(ruleset, game, history, dict(play["seats"]), load_display(ruleset),
                 tokens=dict(table.tokens), resumed=True)


def test_a_table_restarted_from_a_save_says_again_what_happened_since_the_last_decision(
        tmp_path):
    """Seed 312's newcomer stopped the server on turn 29 and started it again from their save
    (`serve --load`): the page came back, but "Since your last decision" was empty, what the
    bots had done before the stop said only in the log. The table plays the save's decisions
    again as it recorded them: each person's digest, the lines never folded, the questions
    taken for them and the last moves on the board are what they were before the stop; and
    the replay a table writes does the same."""
    table, tokens = _table_at(NEWCOMER_312, 371)
    table.save_dir = tmp_path
    table.save(tokens["P1"])
    [path] = tmp_path.glob("*.save.json")
    replay = tmp_path / "game.replay.json"
    table.replay_dir = tmp_path
    table.replay_file = replay
    table.keep_replay()
    keys = ("digest", "digest_kept", "recent", "log_folded")
    for player in ("P1", "P2"):
        before = table.state_for(tokens[player])
        for again in (_resumed(table, path), _resumed(table, replay)):
            seen = again.state_for(tokens[player])
            assert {k: seen[k] for k in keys} == {k: before[k] for k in keys}, player
            assert (seen["decision"] or {}).get("taken") == (before["decision"] or {}).get(
                "taken")
    assert table.state_for(tokens["P1"])["digest"]  # (something to say again)


def test_a_restart_that_cannot_say_what_happened_says_so_in_one_line(tmp_path):
    """Where a save's decisions do not say who took them, the digest cannot be worked out
    again: each person's says so in one line, until they decide again."""
    from interpreter.play.table import RESTARTED, Table

    table, tokens = _table_at(NEWCOMER_312, 371)
    history = History(list(table.history.moves), [], list(table.history.hashes),
                      list(table.history.core_hashes))
    again = Table(table.ruleset, table.game, history, dict(table.seats), table.display,
                  tokens=dict(table.tokens), resumed=True)
    assert again.state_for(tokens["P1"])["digest"] == [RESTARTED]
    again.decide(tokens["P1"], again.version, index=0)
    assert RESTARTED not in again.state_for(tokens["P1"])["digest"]


def test_lines_alike_but_for_their_place_are_said_as_one():
    """Seed 311's newcomer read 'You take 1 black card too, having no skyscraper in 52nd St.
    West, the district scored; you take 1 black card too, having no skyscraper in Times
    Square, the district scored': three rows of a cramped screen for one thing twice, and
    not who had begun the auctions that could cost them 9 skyscrapers. Lines in a row alike
    but for the one place they name are said as one."""
    from interpreter.play.digest import _places_together

    game = load_ruleset(BASE).new_game(4, 1)
    line = "you take 1 black card too, having no skyscraper in {}, the district scored"
    said = _places_together(game, [line.format("52nd St. West"), line.format("Times Square"),
                                   "Player 2 passes on Times Square"])
    assert said == [line.format("52nd St. West") + " (and again in Times Square)",
                    "Player 2 passes on Times Square"], said
    # two places in a line, or lines that differ otherwise, stay apart
    two = ["Ann moves it from Times Square to 52nd St. West",
           "Ann moves it from 52nd St. West to 52nd St. East"]
    assert _places_together(game, two) == two
    # a place inside an aside is not the line's own: never said again after it
    aside = [f"Ann passes (her bid for {p} taken back)"
             for p in ("Times Square", "52nd St. West")]
    assert _places_together(game, aside) == aside


def resumed_at(step: int, typed: list[str], monkeypatch=None) -> tuple[str, list[str]]:
    """Seed 311's newcomer's game loaded at `step` (as `rules play --load` gives it: a game
    from its save, the session told the step it was loaded at), at 80x24: what was printed
    up to the first question (with its control sequences), then what each command of `typed`
    printed. With `monkeypatch`,
    the game played again from its start is dealt from another seed: its steps cannot be."""
    data = json.loads(NEWCOMER_311.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:step]:
        game.apply(move)
    game = Game.from_save(ruleset, json.loads(json.dumps(game.to_save())))
    if monkeypatch is not None:
        new_game = ruleset.new_game
        monkeypatch.setattr(ruleset, "new_game", lambda n, seed, **kw: new_game(n, seed + 1,
                                                                               **kw))
    out, said, left = io.StringIO(), [], list(typed)

    def read(prompt: str) -> str:
        if prompt != "> ":
            return ""
        said.append(out.getvalue())
        out.seek(0)
        out.truncate()
        if not left:
            raise EOFError
        return left.pop(0)

    session = Session(ruleset, game, History(), data["seats"], load_display(ruleset), out,
                      tty=True, read=read, width=80, height=24, loaded=game.state["step"])
    session.run()
    said.append(out.getvalue())
    return said[0], [ANSI.sub("", x) for x in said[1:]]


def test_a_resumed_game_names_its_seed_and_says_what_happened_since_the_last_decision():
    """Seed 311's newcomer saved at step 465 and loaded the save: the banner read 'Fifth
    Avenue: 4 players, resumed after 465 decisions' without the seed the start had said; the
    first screen had no digest (their 72 VP just scored were said nowhere) and its 'The last
    6 moves' said each extra black card twice ('Player 2 takes 1 black card too, having no
    skyscraper in ...' then 'Player 2 draws a black card (face down)'). The game's steps are
    played again: the screen is the one a game played through shows."""
    first, _ = resumed_at(465, [])
    screen = " ".join(ANSI.sub("", first).split())
    assert "Fifth Avenue: 4 players, seed 311, resumed after 465 decisions" in screen, first
    assert "In short, since your last decision:" in screen, first
    assert "you score 72 VP in 34th St. West" in screen, first
    assert "Player 2 draws a black card (face down)" not in screen, first
    assert "Resumed after" not in screen, first
    played = typed_at(NEWCOMER_311, 465, [])[0]  # the same screen in a game played through
    shown = ANSI.sub("", first.split("\x1b[2J")[-1]).splitlines()
    assert shown == played, (shown, played)


def test_a_resumed_game_whose_steps_cannot_be_played_again_says_log_holds_them(monkeypatch):
    """Where the game's steps cannot be played again, the first screen says in one line
    that the game was resumed and that 'log' holds what came before."""
    first, _ = resumed_at(465, [], monkeypatch)
    screen = ANSI.sub("", first.split("\x1b[2J")[-1])
    assert screen.startswith("Resumed after 465 decisions: 'log' shows what happened "
                             "before.\n"), screen


def test_quit_right_after_a_load_says_nothing_changed_and_asks_nothing():
    """The newcomer loaded their save and typed 'quit': 'The game is not saved. Save before
    you leave?' Nothing had changed since it was loaded: it says so, and asks nothing."""
    _, (quitted,) = resumed_at(465, ["quit"])
    assert "Game stopped: nothing changed since it was loaded" in quitted, quitted
    assert "not saved" not in quitted and "Save before" not in quitted, quitted


def test_a_pass_taken_for_the_player_is_said_once_on_the_page():
    """Seed 314's newcomer read their pass (no card of a colour allowed in 52nd St. West) in
    the digest's first line, again among its news ('Player 1 cannot open a bid ...'), and a
    third time in the box above the question ('The game took the only option for you:
    choose the colour of your bid, or pass: pass ...'). The news leave out the line the
    choice taken for them says, and the box's words are the digest's (the page shows the box
    only where the digest does not say them)."""
    replay = NEWCOMER.with_name("fifth-avenue-base-4p-seed314-newcomer.replay.json")
    table, tokens = _table_at(replay, 204)
    state = table.state_for(tokens["P1"])
    first, news = state["digest"][0], [x for x in state["digest"] if x.startswith("News: ")]
    assert first.startswith("Taken for you, the only option: pass "
                            "in the auction for 52nd St. West"), first
    assert "you cannot open a bid" in first and news, state["digest"]
    assert not any("cannot open a bid" in x for x in news), news
    assert state["decision"]["taken"] and all(t in first for t in state["decision"]["taken"])


def test_a_line_cut_short_ends_after_a_whole_word():
    """Seed 313's newcomer read '... you take 1 black card too, havi ...' on a cramped
    screen: a digest's line cut short ends after a whole word (and no stray comma)."""
    from interpreter.play.screen import cut_at_word, fold_lines

    line = "Concerning you: Player 2 moves the white commissioner to 42nd St. West; you take" \
           " 1 black card too, having no skyscraper in 52nd St. West, the district scored."
    mid_word = line.index(", having") + 5  # in 'having'
    assert cut_at_word(line, mid_word) == "Concerning you: Player 2 moves the white " \
        "commissioner to 42nd St. West; you take 1 black card too"
    assert cut_at_word("abcdefghij", 5) == "abcde"  # one word longer than the room: cut
    paragraphs = ["News: " + "x" * 60 + " havi", "  ng more words here", "Pieces: a",
                  "  b"]  # (one clause each, in two rows: no whole clause fits a row)
    folded = fold_lines(paragraphs, 2, 72)  # (room for "News: x...x h")
    assert folded[0] == "News: " + "x" * 60 + " ...", folded


NEWCOMER_314 = NEWCOMER.with_name("fifth-avenue-base-4p-seed314-newcomer.replay.json")


def _digest_at(replay: Path, step: int, whole: bool = False, viewer: str = "P1") -> list[str]:
    """The digest `viewer` reads at `step` of a newcomer's replay (played again by
    digest.replay_steps, as a loaded game is), with the display's news."""
    from interpreter.play.digest import replay_steps

    data = json.loads(replay.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:step]:
        game.apply(move)
    again = replay_steps(game, [viewer], None)
    assert again is not None
    news = load_display(ruleset).news_in(game.events[again.log_seen[viewer]:])
    return digest_lines(game, again.pictures[viewer], viewer, again.steps, news, whole=whole)


def test_what_the_rules_did_after_the_player_s_decision_is_not_said_as_their_decision():
    """Seed 314's newcomer passed in the auction for 42nd St. West; Player 3 won it, and the
    rules closed the district (building stop), which took 3 of the newcomer's skyscrapers:
    the digest said 'Your last decision: your 3 skyscrapers go out of the game', blaming the
    pass. What the player's decision did is what its own procedure did; the rules' moves
    after it had returned are said as the moves since (at the terminal, after the news of
    the stop; on the page, the viewer's pieces first)."""
    said = " ".join(_digest_at(NEWCOMER_314, 596))
    assert "Your last decision" not in said, said
    assert said.index("Player 3 declares a building stop in 42nd St. West") < \
        said.index("Pieces: your 3 skyscrapers go out of the game"), said
    page = _digest_at(NEWCOMER_314, 596, True)
    assert not any("Your last decision" in x for x in page), page
    assert "Your pieces: your 3 skyscrapers go out of the game (back in the box), from 42nd " \
        "St. West, brown." in page, page


def test_the_digest_calls_the_viewer_you_at_the_terminal_and_on_the_page():
    """Seed 314's newcomer read in the browser's digest 'Player 1 chooses to score Times
    Square; Player 1 scores 3 VP' and 'Player 1 wins the auction for 34th St. West with 5'
    beside lines that said 'you' (issue 33): the viewer is 'you' in every line of the
    digest, the verbs agreeing, at the terminal and on the page (one digest)."""
    for whole in (False, True):
        said = " ".join(_digest_at(NEWCOMER_314, 34, whole))
        assert "News: You choose to score Times Square; you score 3 VP in Times Square." \
            in said, said
        said = " ".join(_digest_at(NEWCOMER_314, 49, whole))
        assert "Player 2 passes on 34th St. West; you win the auction for 34th St. West with 5" \
            in said, said
        assert "Player 1" not in said, said
    said = " ".join(_digest_at(NEWCOMER_314, 204))  # the reason of a choice taken alone
    assert "- you cannot open a bid (no card of a colour allowed in 52nd St. West) and pass" \
        in said, said


def test_a_digest_says_a_round_that_ended_without_a_bid_once():
    """Seed 313's newcomer read 'Player 2 passes on 42nd St. West; nobody has finished a bid
    yet; nobody bids for 42nd St. West': how the round stood, then how it ended, the same
    said twice in words that read as a contradiction. The digest says how it ended."""
    for whole in (False, True):
        said = " ".join(_digest_at(NEWCOMER_314, 204, whole))
        # (on the page, in the log's order, the round's end a result on a line of its own)
        assert ("never finished). News: Nobody" if whole else "never finished); nobody") + \
            " bids for 52nd St. West" in said, said
        assert "yet; nobody bids" not in said, said


def test_a_fold_of_one_move_of_one_piece_says_it_in_good_english(base):
    """'1 more move of business tile (type log to see them)': one piece of a kind is 'a
    business tile'; several, or a player's, as before."""
    from interpreter.play.digest import _moves_fold

    fold = _moves_fold(base.new_game(4, 1))
    assert fold(["1 business tile goes out of the game, from X"]) == \
        "1 more move of a business tile"
    assert fold(["1 business tile goes to X", "1 business tile goes to Y"]) == \
        "2 more moves of business tiles"
    assert fold(["Player 2's 1 skyscraper goes to X", "1 orange card goes to Y"]) == \
        "2 more moves of Player 2's skyscraper and an orange card"


NEWCOMER_315_C = NEWCOMER.with_name("fifth-avenue-base-4p-seed315-option-c.replay.json")
# seed 316 newcomer's game restarted from its save after 224 decisions and played on (the
# first line, to the second building stop, is fifth-avenue-base-4p-seed316-newcomer)
NEWCOMER_316 = NEWCOMER.with_name("fifth-avenue-base-4p-seed316-newcomer-line2.replay.json")
NEWCOMER_315 = NEWCOMER.with_name("fifth-avenue-base-4p-seed315-newcomer.replay.json")


def test_the_card_a_player_drew_face_down_is_named_to_them_alone():
    """Seed 315's newcomer chose option C: their screen said only 'Player 1 draws a black
    card (face down)', and they compared their hand to learn which card it was (option D's
    draws were named). Their next screen names it; another player's digest does not."""
    screen = "\n".join(typed_at(NEWCOMER_315_C, 9, [])[0])
    assert "Your last decision: 1 card (black 4) goes from the black stack to your hand" \
        in screen, screen
    others = " ".join(_digest_at(NEWCOMER_315_C, 11, viewer="P2"))
    assert "black 4" not in others, others


def test_a_move_the_news_say_in_their_words_is_not_said_again_in_the_log_s():
    """Seed 316's newcomer read 'Player 2 brings the beige commissioner back to City Hall: a
    set of auctions begins ...' and, as the digest's last line, 'Player 2: moves the beige
    commissioner from Central Park to City Hall.': one move said twice."""
    said = _digest_at(NEWCOMER_316, 399, whole=True)
    assert any("Player 2 brings the beige commissioner back to City Hall" in x for x in said)
    assert not any("from Central Park to City Hall" in x for x in said), said


def test_the_page_s_digest_says_the_news_in_the_log_s_order_the_results_marked():
    """Seed 316's newcomer at 1366x768 read two commissioner moves ('Concerning you: ...')
    while the auction won and the district scored were folded into '3 more': the results
    were then said first. Seed 318's newcomer read a set of auctions begun before the
    scoring and the moves that led to it, and reordered them in their head. The page's
    digest says the news in the log's order, the results on lines of their own, marked
    (the page folds them last), the passes and the others' moves 'Also: ...'."""
    from interpreter.play.digest import replay_steps
    from interpreter.play.table import news_before_others_points

    data = json.loads(NEWCOMER_316.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:97]:
        game.apply(move)
    again = replay_steps(game, ["P1"], None)
    news = load_display(ruleset).news_in(game.events[again.log_seen["P1"]:])
    marked: list[str] = []
    said = news_before_others_points(digest_lines(
        game, again.pictures["P1"], "P1", again.steps, news, whole=True, marked=marked), False)

    def line_of(words: str) -> int:
        return next(k for k, x in enumerate(said) if words in x)

    passed, won = line_of("Player 2 passes on Central Park"), line_of("Player 4 wins the Central")
    walked = line_of("Player 2 moves the beige commissioner from City Hall")
    scored, walks = line_of("Player 3 scores 3 VP in 34th St. East"), \
        line_of("Player 3 moves the beige commissioner from 34th St. West")
    assert passed < won < walked < scored < walks < line_of("Points: "), said
    assert line_of("Player 4 builds 1 skyscraper below Central Park") == won
    assert said[passed].startswith("Also: ") and said[walked].startswith("Also: "), said
    assert said[walks].startswith("Concerning you: "), said
    assert [k for k, x in enumerate(said) if x in marked] == [won, scored], (said, marked)


def test_a_cut_short_digest_says_whole_clauses():
    """Seed 315's newcomer at 80x24 read digest lines cut in the middle ('News: Player 3
    wins the Central Park auction with 10; Player 2 chooses to ...', 'Player 2 moves the
    white commissioner from 42nd ...'). A screen cut short says each paragraph by its first
    clauses, whole, and how many more 'log' has, the last paragraphs left out where even
    their first clause has no room."""
    screens = newcomer_screens(replay=NEWCOMER_315)
    cut = 0
    for step, screen in screens.items():
        text = "\n".join(screen)
        if "In short" not in text or FOLDED not in text:
            continue
        short = text.split("In short, since your last decision:")[1].split(FOLDED)[0]
        assert not any(line.endswith(" ...") for line in short.splitlines()), (step, short)
        cut += "; and " in short and " more (log)." in short
    assert cut
    short = " ".join(" ".join(screens[208]).split())
    assert "Concerning you: Player 4 moves the beige commissioner from 52nd St. West (your 2 " \
        "skyscrapers) to Central Park." in short, short


def test_a_paragraph_folded_by_whole_clauses_counts_what_it_leaves_out():
    """The fold of a paragraph at a clause ('; and 2 more (log).') counts the clauses it
    leaves out, and those its own fold counted ('and 3 more news ...')."""
    lines = wrap_lines(["News: " + "; ".join(f"Player {k} passes on the long road to the "
                                             f"town of Somewhere Else" for k in range(3)) +
                        "; and 3 more news of Player 2 (type log to see them)."], 80)
    folded = fold_lines(lines, 2, 80)
    assert " ".join(" ".join(folded).split()).endswith("Somewhere Else; and 5 more (log)."), \
        folded
    assert len(folded) == 2


def test_a_paragraph_cut_short_keeps_its_results_first_in_the_log_s_order():
    """Seed 315's newcomer read 'News: Player 4 passes on Times Square; and 5 more (log).':
    a set of auctions begun and an auction nobody bid for were among the 5. Cut short, a
    paragraph keeps the clauses that the digest marks as results (the player's first, then
    the newest), says them in the log's order, and counts the others."""
    lines = wrap_lines(["News: Ann passes on the long road to the town of Somewhere; Bob "
                        "brings the pawn back: a set of rounds begins for North; Cy passes "
                        "on the long road to the town of Elsewhere; nobody offers for "
                        "North; Dee passes on the long road to the town of Nowhere."], 80)
    weighty = frozenset({"Bob brings the pawn back: a set of rounds begins for North",
                         "nobody offers for North"})
    folded = " ".join(" ".join(fold_lines(lines, 2, 80, weighty)).split())
    assert folded == "News: Bob brings the pawn back: a set of rounds begins for North; " \
        "nobody offers for North; and 3 more (log).", folded
    one = " ".join(" ".join(fold_lines(lines, 1, 80, weighty)).split())
    assert one == "News: Nobody offers for North; and 4 more (log).", one  # the newest
    # and without results marked: the first clauses, as before
    plain = " ".join(" ".join(fold_lines(lines, 1, 80)).split())
    assert plain.startswith("News: Ann passes on"), plain
    yours = frozenset(weighty | {"you win the round for South"})
    mine = wrap_lines(["News: Ann passes on North; you win the round for South; nobody "
                       "offers for North; Dee passes on the long road to the town of "
                       "Nowhere and further."], 80)
    assert " ".join(fold_lines(mine, 1, 80, yours)) == \
        "News: You win the round for South; nobody offers for North; and 2 more (log)."


def test_a_busy_screen_says_the_results_it_used_to_fold_away():
    """Seed 315's newcomer (stumble S4) learned of the set of auctions begun only from the
    hint 'Auction for 34th St. West': the screen said a commissioner's move and a special
    scoring, the auctions begun in 'and 6 more (log)'. Later a pass was said, and 'Nobody
    bids for Times Square' folded. The screens cut short now say those results."""
    screens = newcomer_screens(replay=NEWCOMER.with_name(
        "fifth-avenue-base-4p-seed315-newcomer.replay.json"))
    at_53 = " ".join(" ".join(screens[53]).split())
    assert FOLDED in at_53 and "a set of auctions begins for 34th St. West" in at_53, at_53
    at_178 = " ".join(" ".join(screens[178]).split())
    assert FOLDED in at_178 and "nobody bids for times square" in at_178.lower(), at_178


def test_a_screen_whose_own_news_take_the_rows_is_cut_not_paged():
    """Seed 315's newcomer met '-- more --' above a bid (their 67th decision): the hints
    and options left the digest two rows, and what was taken for them and another's move
    near their skyscrapers took three; those were kept whole and the screen came a page at
    a time. They are said short now (a row each at least), the others' news left to 'log',
    and the question is on the screen."""
    from interpreter.play.screen import Screen

    digest = wrap_lines(["Taken for you, the only option: move the pawn to: North Road.",
                         "Concerning you: Bob moves the pawn from North Road (your 3 towers) "
                         "to the Park, where it stays for a long while.",
                         "News: Cy brings the pawn back: a set of rounds begins; Cy passes.",
                         "Pieces: 3 more moves of Bob's towers (type log to see them)."], 80)
    decision = [f"hint {k}" for k in range(14)] + ["Ann: choose", "  1. red", "  2. pass"]
    screen = Screen([], ["Your hand, Ann", "red 4 5"], [], "Since your last decision:",
                    decision, 0, digest, [], 80)
    lines = screen.lines(24)
    assert len(lines) <= 23, lines
    assert lines[-3:] == decision[-3:] and FOLDED in lines, lines
    assert lines[lines.index("In short, since your last decision:") + 1] == digest[0], lines


def test_a_digest_too_long_gets_the_rows_of_the_board_line_and_the_blanks_before_a_fold():
    """Seed 317's newcomer read 'News: Player 2 bids 6 in gray; Player 2 wins the Central
    Park auction with ...' under the line on the board and the screen's blank rows: the
    digest was cut for rows those took. Before the digest is folded, they go."""
    from interpreter.play.screen import Screen

    digest = wrap_lines(["Concerning you: Bob moves the pawn from North Road to the Park.",
                         "News: Cy wins the round for the Park with 9.",
                         "Also: Dee passes; Eve passes; Bob passes.",
                         "Pieces: Cy's 2 towers go to the Park; Bob's tower goes home.",
                         *[f"Round {k}: Eve passes." for k in range(4)]], 80)
    decision = [f"hint {k}" for k in range(10)] + ["Ann: choose", "  1. red", "  2. pass"]
    screen = Screen(["the board"], ["Your hand, Ann", "red 4 5"], [],
                    "Since your last decision:", decision, 0, digest, [], 80)
    lines = screen.lines(24)
    assert len(lines) <= 23 and lines[-3:] == decision[-3:], lines
    assert lines[:5] == [DIGEST_TITLE, *digest[:4]] and FOLDED in lines, lines
    assert ON_DEMAND not in lines and "" not in lines, lines


NEWCOMER_317 = NEWCOMER.with_name("fifth-avenue-base-4p-seed317-newcomer-line3.replay.json")


def test_the_raise_that_won_an_auction_and_the_pass_it_led_to_are_in_the_digest():
    """Seed 317's newcomer (issue 33) read 'the high bid is Player 2's 20; Player 4 wins the
    auction for 52nd St. East with 23': Player 4's raise to 23 and Player 2's pass, written
    by the step that finished the bid (Player 4 went on to build: one run of decisions), were
    left out. The offer finished within a run of its player's decisions is news, and the
    lines the win follows from are never folded: the total does not come from nowhere."""
    said = _flat(typed_at(NEWCOMER_317, 285, [])[0])
    assert "Player 4 bids 23 in brown; Player 2 cannot raise the bid above 23: passes on " \
           "52nd St. East and takes back their bid of 20 (orange 6 x2, black 4 x2); Player 4 " \
           "wins the auction for 52nd St. East with 23" in said, said


def test_what_the_rules_did_follows_the_decider_s_last_line_said_with_its_place_whole():
    """Seed 317's newcomer (issue 33) read 'Pieces: after Player 2 passes on 34th St:' (the
    district's name cut at its full stop) and 'after Player 4 bids 5 in gray: 2 business
    tiles (perfume shop, jeweler) go out of the game', where the building stop that the win
    led to took them. The rules' moves follow the decider's last line before the log turned
    from them, its first clause whole."""
    from interpreter.play.digest import _after

    assert _after("Player 2", "Player 2 passes on 34th St. West.") == \
        "after Player 2 passes on 34th St. West"
    assert _after("Player 3", "Player 3 passes on 52nd St. West and takes back their bid of "
                  "15 (gray 5).") == "after Player 3 passes on 52nd St. West"
    said = _flat(typed_at(NEWCOMER_317, 238, [])[0])
    # (since seed 319: after what the rules said of the place, last before the tiles left)
    assert "after 34th St. West is closed (building stop 1): 2 business tiles " \
           "(perfume shop, jeweler) go out of the game" in said, said


NEWCOMER_320 = NEWCOMER.with_name("fifth-avenue-base-4p-seed320-newcomer.replay.json")


def test_a_loss_says_why_and_the_viewer_s_points_come_before_the_choices_taken_for_them():
    """Seed 320 (in the browser): another's building stop took the newcomer's 6 skyscrapers;
    the page's box said 'Your pieces: your 6 skyscrapers go out of the game, from 34th St.
    East, violet.', then a long line of three passes taken for them, and their +9 and the
    stop itself below its fold. The loss says the news line that caused it, and their points
    come next, before the choices taken for them."""
    table, tokens = _table_at(NEWCOMER_320, 696)
    digest = table.state_for(tokens["P1"])["digest"]
    assert digest[0] == "Your pieces: your 6 skyscrapers go out of the game, from 34th St. " \
        "East, violet (Player 3 declares a building stop in 34th St. East and scores 9 VP).", \
        digest
    assert digest[1].startswith("Points: you +9"), digest
    assert digest[2].startswith("Taken for you, the only option: move the commissioner"), digest


def test_a_place_of_the_viewer_s_filled_is_said_apart_by_whom_and_never_folded():
    """Seed 320 (in the browser): a business filled 34th St. East, where the newcomer had 5
    skyscrapers (a building stop there would take them), and the page said it only in the
    digest's last line ('Pieces: ... (34th St. East is full now)'), below the box's fold,
    without who placed it. It has a line of its own about the viewer, after their points, by
    whom, with their pieces there, among the lines the page never folds; not said again
    under 'Pieces'."""
    table, tokens = _table_at(NEWCOMER_320, 522)
    state = table.state_for(tokens["P1"])
    digest = state["digest"]
    filled = [k for k, x in enumerate(digest) if x.startswith("Concerning you: ")
              and "34th St. East is full now" in x]
    assert filled == [1], digest
    assert digest[1] == "Concerning you: 34th St. East is full now, with your 5 skyscrapers " \
        "(by Player 4: 1 business tile (perfume shop) goes to 34th St. East, orange).", digest
    assert state["digest_kept"] >= 2
    assert not any("full now" in x for x in digest if x.startswith("Pieces: ")), digest


def test_the_viewer_s_own_points_are_never_folded_on_the_page():
    """Seed 320 (in the browser): after the special scoring the page folded 'Points: you +4
    ...' (the first line) into '4 more', and showed the news of it cut short: the viewer's
    own points are among the lines the page never folds (digest_kept)."""
    table, tokens = _table_at(NEWCOMER_320, 325)
    state = table.state_for(tokens["P1"])
    assert state["digest"][0].startswith("Points: you +4"), state["digest"]
    assert state["digest_kept"] >= 1


def test_one_reason_for_every_player_s_points_is_said_once():
    """Seed 320's newcomer read 'Points: you +4 (the special scoring after business 3), Player
    3 +4 (the special scoring after business 3), Player 4 +4 (the special scoring after
    business 3)': a reason that every amount shares is said once, after them all."""
    table, tokens = _table_at(NEWCOMER_320, 325)
    digest = table.state_for(tokens["P1"])["digest"]
    assert digest[0] == "Points: you +4, Player 3 +4, Player 4 +4 (each: the special scoring " \
        "after business 3).", digest


NEWCOMER_319 = NEWCOMER.with_name("fifth-avenue-base-4p-seed319-newcomer.replay.json")


def test_a_fold_of_pieces_says_what_went_where_and_the_moves_that_matter_first():
    """Seed 319's newcomer (80x24) read 'Pieces: 1 more move of Player 2's skyscrapers
    (type log to see them).' where Player 2 had built 2 skyscrapers below Central Park (25
    VP at the end), 'and 1 more move of a business tile' where a gallery had gone there too,
    and after the setup 'and 6 more moves of Player 2's skyscrapers, ...', and looked for
    where those had gone. Moves left out are said in short where that takes no more room
    (what went where), moves alike for every player once, and the moves that only stock a
    supply come after those that put pieces on the board."""
    screens = newcomer_screens(replay=NEWCOMER_319)
    said = {step: _flat(screens[step]) for step in (8, 33, 261, 357, 401)}
    assert "Pieces: Player 2's 2 skyscrapers go below Central Park." in said[401], said[401]
    assert "then 1 business tile (gallery) goes below Central Park." in said[33], said[33]
    assert "then 1 business tile (perfume shop) goes below Central Park." in said[261], \
        said[261]
    # the setup: the others' pieces went where the player's did
    assert "every player's 1 skyscraper goes from the general supply to the score track; " \
           "every player's 3 skyscrapers go from the general supply to their supply." \
           in said[8], said[8]
    # cut short, the screen keeps the build below the park, not the 3 skyscrapers taken
    # from the general supply
    assert "Player 2's 3 skyscrapers go below Central Park; and 2 more (log)." in said[357], \
        said[357]
    assert not any("more move" in text for text in said.values()), said
    # the moves said whole, then, without where from where that takes no more rows: seed
    # 317's 'from the black stack' took a row the screen then cut from the news (at 23
    # rows; at 24, its two options side by side since 1e7819b, the pieces are said whole)
    replay = NEWCOMER.with_name("fifth-avenue-base-4p-seed317-newcomer.replay.json")
    said = _flat(newcomer_screens(replay=replay)[51])
    assert "Pieces: 1 card (black 4) goes to your hand; by Player 4: 1 business tile " \
           "(gallery) goes to 42nd St. West, brown; then 1 business tile (perfume shop) " \
           "goes below Central Park." in said, said
    said = _flat(typed_at(replay, 51, [], height=23)[0])
    assert "Pieces: 1 card (black 4) goes to your hand; and 2 more (log)." in said, said
    for text in (said, _flat(newcomer_screens(replay=replay)[51])):
        assert "Player 4 bids 4 in green." in text, text


def test_the_rules_moves_off_a_place_follow_what_the_rules_said_of_it():
    """Seed 319's newcomer read 'after Player 2 bids 43 in green: 4 business tiles go out of
    the game', where the building stop that the win led to took them (the bid made Player
    3 pass, a line of its own before Player 2's win): the moves the rules made off a place
    follow what the rules said of that place last before them, up to its colon."""
    said = _flat(newcomer_screens(replay=NEWCOMER_319)[86])
    assert "after 34th St. West is closed (building stop 1): 4 business tiles go out of " \
           "the game" in said, said
    assert "after Player 2 bids 43" not in said, said


def test_a_fold_of_news_says_who_did_what():
    """Seed 319's newcomer read digests ending 'and 5 more news of Player 2, Player 3 and
    Player 4 (type log to see them)' and dug them out of the log: a fold of news says what
    the players did ('bid or pass'), or, where they come last and take no more room, the
    news themselves, by their first clauses."""
    from interpreter.play.digest import Told, _news_more

    game = load_ruleset(BASE).new_game(4, 1)
    hidden = [Told(k, text) for k, text in enumerate(
        ["Player 2 bids 13 in brown (brown 5, black 4 x2)", "Player 3 passes on Times Square "
         "and takes back their bid of 9 (brown 4, black 5); the high bid is Player 2's 13",
         "Player 4 bids 19 in brown (brown 6, black 6 x2, black 5)"])]
    said = "News: " + "x" * 70
    assert _news_more(game, hidden, said, 80, 3) == "; and 3 more news: Player 2, Player 3 " \
        "and Player 4 bid or pass (type log to see them)"
    alone = [hidden[0], Told(3, "Player 2 passes on Times Square and takes back their bid "
                                "of 13 (brown 5, black 4 x2)")]
    assert _news_more(game, alone, said, 80, 2) == "; and 2 more news: Player 2 bids or " \
        "passes (type log to see them)"
    # where there is room, or they take no more rows than their count: said
    assert _news_more(game, hidden, said, 80, 4) == "; Player 2 bids 13 in brown (brown 5, " \
        "black 4 x2); Player 3 passes on Times Square and takes back their bid of 9 (brown " \
        "4, black 5); Player 4 bids 19 in brown (brown 6, black 6 x2, black 5)"
    assert _news_more(game, hidden[2:], said, 80, 1) == "; Player 4 bids 19 in brown (brown " \
        "6, black 6 x2, black 5)"
    # not after news that came later: counted
    assert "3 more news" in _news_more(game, hidden, said, 80, 4, tail=False)
    screens = newcomer_screens(replay=NEWCOMER_319)
    assert "and 5 more news: Player 2, Player 3 and Player 4 bid or pass (type log to see " \
           "them)" in _flat(screens[86]), _flat(screens[86])


def test_what_every_choice_does_says_what_goes_where_before_more():
    """Seed 319's newcomer placing a business read 'Whichever you choose: 1 business tile
    (gallery) goes from supply space 5 to the plot chosen; and more ('points')', where the
    last business of the set went below Central Park: said without where from, both fit the
    two rows."""
    screens = newcomer_screens(replay=NEWCOMER_319)
    said = _flat(screens[35])
    assert "Whichever you choose: 1 business tile (gallery) goes to the plot chosen; 1 " \
           "business tile (perfume shop) goes below Central Park; and more ('points')." \
           in said, said
    assert "Whichever you choose: 1 business tile (boutique) goes to the plot chosen; 1 " \
           "business tile (perfume shop) goes below Central Park." in _flat(screens[241])
