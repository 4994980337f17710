"""The pass note of an auction for a district where the player has skyscrapers and one plot
is left empty (issue 33): it said "the winner may fill" where the pass ended the auction with
a known winner, and where the high bidder had a plot there (so built on that one). Checked
against what the game then does, at the positions of whole games."""

from __future__ import annotations

import random
import re
import shutil

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game
from interpreter.language.errors import RulesetErrors
from interpreter.play.consequences import outlook
from interpreter.play.display import load_display
from interpreter.play.option_notes import asking_procedure, option_notes

from .conftest import BASE

PASS = "pass_bid"
NOTE = re.compile(r"(?:^|; )(?:(?P<winner>[^;]+?) may fill (?P<where>[^,]+), where you have"
                  r"|(?P<place>[^;,]+), where you have [^,]+, could be filled by (?P<who>.+?) "
                  r"if (?:they win|one of them wins))")  # (after 'taking back your 1 card
# bid; ')


def _at_risk(game: Game, player: str) -> bool:
    """Whether `player` bids in an auction for a district where they have skyscrapers and
    one plot is left empty."""
    return game.evaluate("last_empty_plot_at_auction", player) is not None


def _empty_plots(game: Game, district: str) -> set:
    return {q for q in game.evaluate("plots_of", district) if game.evaluate("empty_plot", q)}


def _after_pass(game: Game) -> tuple[bool, bool]:
    """Whether a pass now lets the auction's winner fill the district's empty plot (the
    winner building as many as they may), and whether it ends the auction."""
    district = game.V["auction_at"]
    empty = _empty_plots(game, district)
    twin = game.clone()
    twin.apply(PASS)
    decision = twin.decision()
    if decision is not None and asking_procedure(twin) == "build_on_plot":
        twin.apply(max(decision.options))
    return _empty_plots(twin, district) != empty, twin.V["auction_at"] != district


# at the passes that end an auction, with a note: what the pass then does, in words
said_after: dict[str, str] = {}


def _said_after_pass(game: Game, decision, display) -> str:
    """What a pass does, as the screens say it beside its note (its consequences)."""
    found = outlook(game, decision, decision.player, news=display.news_in, zones=display.zones,
                    context=display.context_of)
    return "; ".join(found.effects[decision.options.index(PASS)].then) if found else ""


def _notes_in_whole_games(seeds: range) -> list[tuple[str, bool, bool, set, set, set]]:
    """At each bid of whole games (random players) where a pass puts the bidder's skyscrapers
    at risk: (the pass note, whether the pass ends the auction, whether its winner then fills
    the plot, the others still in who may fill it, those who passed without choosing a
    colour, those yet to choose one with no card of the empty plot's colour)."""
    found = []
    for seed in seeds:
        game = load_ruleset(BASE).new_game(4, seed)
        display = load_display(game.ruleset)
        notes = display.option_notes
        rng = random.Random(seed)
        while (decision := game.decision()) is not None:
            player = decision.player
            if asking_procedure(game) == "bid_turn" and PASS in decision.options \
                    and _at_risk(game, player):
                at, passed = game.V["auction_at"], _passed_after_pass(game)
                fills, ends = _after_pass(game)
                may = {game.label(o) for o in game.players
                       if o not in passed | {player} and _may_fill(game, o, at)}
                quiet = {game.label(o) for o in passed if game.V["bid_colour"][o] is None}
                cardless = {game.label(o) for o in game.players
                            if o not in passed | {player} and game.V["bid_colour"][o] is None
                            and _no_card_for_it(game, o, at)}
                note = option_notes(notes, game, player, [PASS])[0]
                found.append((note, ends, fills, may, quiet, cardless))
                if ends and note:
                    said_after[note] = _said_after_pass(game, decision, display)
            game.apply(rng.choice(decision.options))
    return found


def _passed(game: Game) -> set[str]:
    """The players who passed in the auction under way, as its log lines say."""
    lines = game.log_for(None)
    start = max(i for i, line in enumerate(lines) if line.startswith("Auction for "))
    return {p for p in game.players for line in lines[start:]
            if line.startswith(f"{game.label(p)} ") and " passes" in line}


def _passed_after_pass(game: Game) -> set[str]:
    """The players who have passed in the auction under way once the deciding player passes
    (with those who then pass at once, having no card to bid with)."""
    twin = game.clone()
    twin.apply(PASS)  # (a clone's log holds only what happens after it was made)
    return _passed(game) | {p for p in game.players for line in twin.log_for(None)
                            if line.startswith(f"{game.label(p)} ") and " passes" in line}


def _may_fill(game: Game, other: str, district: str) -> bool:
    """Whether `other`, still bidding, would build on the empty plot if they won: one yet
    to choose a colour only with a card of the plot's colour in hand (the note's player
    may know it: the colours of the cards in a hand are public)."""
    if game.evaluate("has_towers_in", other, district) or not game.Z["supply"][other]:
        return False
    colour = game.V["bid_colour"][other]
    if colour is None:
        return not _no_card_for_it(game, other, district)
    return game.evaluate("plot_of", district, colour) in _empty_plots(game, district)


def _no_card_for_it(game: Game, other: str, district: str) -> bool:
    """Whether `other`, yet to choose a colour, holds no card of the empty plot's colour."""
    (empty,) = _empty_plots(game, district)
    colour = game.world.attrs[empty]["colour"]
    return colour not in game.evaluate("opening_colours", other, district)


def test_the_pass_note_names_who_may_fill_the_last_plot_as_the_game_then_goes():
    found = _notes_in_whole_games(range(1, 9))
    assert any(f[4] for f in found), "no player passed without choosing a colour"
    assert any(f[5] and not f[1] for f in found), "no bidder to come without a card for it"
    ending = [f for f in found if f[1]]
    assert ending and any(not f[2] for f in ending), \
        "no pass that ends an auction without filling the plot"
    for note, ends, fills, may, quiet, cardless in found:
        said = NOTE.search(note)
        if ends:
            # the winner is known: named where they fill it, and no note where they do not
            # (a high bidder with their own plot there builds on that one)
            assert bool(said) == fills, note
            assert not said or said["winner"] is not None, note
            # who wins is said by what the pass does, beside the note: not twice
            assert not said or f"{said['winner']} wins the auction" in said_after[note] \
                and " wins" not in note, (note, said_after[note])
        elif said is None:
            assert not may, (note, may)  # someone still bidding may fill it: said
        else:
            named = set(said["who"].split(" or "))
            # everyone still bidding who may fill it is named, and nobody else: not those
            # who passed, even without choosing a colour (a newcomer read "if Player 4 wins"
            # beside the auction box's "passed: Player 4"), nor those yet to bid who hold no
            # card of the plot's colour (seed 315's newcomer read "if Player 2 or Player 3
            # wins", and Player 3 then could not open a bid)
            assert named == may and not named & cardless, (note, may, quiet, cardless)


def test_no_build_limit_is_said_on_a_card_of_a_bid_that_would_stop_building():
    """Issue 33: in an auction whose winner must declare a building stop (no plot free, no
    skyscraper of theirs there), a card said "orange 4 (build limit 1)": that bid builds
    nothing. At such bids of whole games, no card's note speaks of a build limit."""
    seen = 0
    for seed in range(1, 13):
        game = load_ruleset(BASE).new_game(4, seed)
        notes = load_display(game.ruleset).option_notes
        rng = random.Random(seed)
        while (decision := game.decision()) is not None:
            if asking_procedure(game) == "bid_turn" and game.evaluate("stop_if_won",
                                                                      decision.player):
                said = option_notes(notes, game, decision.player, decision.options)
                assert not any("build limit" in note for note in said), said
                seen += 1
            game.apply(rng.choice(decision.options))
    assert seen, "no bid in an auction whose winner must stop building"


def test_a_note_naming_no_local_of_a_procedure_is_said_in_words(tmp_path):
    """An option note's `running` that names a local its procedure does not have is an error
    of the display file, said with the locals it may name (not a traceback at play)."""
    copy = tmp_path / "base"
    shutil.copytree(BASE, copy)
    display = copy / "display.yaml"
    text = display.read_text()
    assert "local: passed," in text
    display.write_text(text.replace("local: passed,", "local: passd,"))
    with pytest.raises(RulesetErrors) as caught:
        load_display(load_ruleset(copy))
    assert "the procedure 'auction' has no local 'passd'" in str(caught.value)
    assert "passed" in str(caught.value).split("write one of its locals:")[1]


def test_a_falling_build_limit_and_the_pass_s_warning_keep_words_on_every_screen():
    """Seed 315's newcomer (80x24), outbid, read their cards bare ('2. violet 6', where the
    decision before said '(build limit falls from 3 to 1)') and the pass without its warning
    that another player may fill their district: a screen short of room keeps only the
    notes' `kept` words, and these two had none. Wherever either note is said, its words
    kept on every screen say it too, in short."""
    ruleset = load_ruleset(BASE)
    display = load_display(ruleset)
    falls = warned = 0
    for seed in (0, 2):
        game = ruleset.new_game(4, seed)
        rng = random.Random(seed)
        while not game.over:
            decision = game.decision()
            if decision.player == "P1" and asking_procedure(game) == "bid_turn":
                notes = option_notes(display.option_notes, game, "P1", decision.options)
                for said, kept in zip(notes, notes.kept, strict=True):
                    if m := re.search(r"build limit falls from \d to (\d)", said):
                        falls += 1
                        assert f"build limit falls to {m[1]}" in kept, (said, kept)
                    if m := NOTE.search(said):
                        warned += 1
                        where = re.escape(m["where"] or m["place"])
                        assert re.search(rf"{where} may be filled: your \d+ "
                                         r"skyscrapers? there at risk of a stop", kept), kept
            game.apply(rng.choice(decision.options))
    assert falls and warned, (falls, warned)
