"""The page's decisions say what each option does, as much as the terminal says: a newcomer
at "build, or declare a building stop?" found what a stop is only in the Rules panel."""

from __future__ import annotations

import io
import random
import re

from interpreter.cli.common import load
from interpreter.play import table as table_module
from interpreter.play import terminal
from interpreter.play.consequences import outlook
from interpreter.play.replay import History
from interpreter.play.terminal import Session
from tests.web_support import FIFTH, make_table, token_of

WORD = re.compile(r"[A-Za-z0-9+']+")
# the terminal's own framing of the options, which the page says by its layout
FRAMING = (re.compile(r"(?<!\S)\d+\. "), re.compile(r"Whichever you choose:"),
           re.compile(r"; and more \('points'\)"),
           re.compile(r"What each choice does at once \(nothing where not said\):"),
           re.compile(r"Player \d: "))
STOP = "build, or declare a building stop?"


def _words(text: str) -> set[str]:
    return set(WORD.findall(text))


def _page_text(decision: dict) -> str:
    """Every word the page's decision panel says: hints, prompt, options and their effects."""
    return " ".join([*decision["hints"], decision["prompt"], decision["every"],
                     decision["estimate"],
                     *(" ".join([o["label"], o["effect"], o["points"]])
                       for o in decision["options"])])


def _terminal_text(session: Session, decision) -> str:
    text = " ".join(" ".join(session.decision_lines(decision)).split())
    for framing in FRAMING:
        text = framing.sub(" ", text)
    return text


def _outlook_worked_out_once(monkeypatch) -> None:
    """The page and the terminal each work out a decision's consequences with the same
    arguments, and get the same samples (seeded by the game's seed, the anchor and the
    viewer): worked out once for both (it was most of a test's time)."""
    made: dict = {}

    def once(game, decision, viewer, anchor=None, **rest):
        key = (id(game), game.state["step"], viewer, anchor)
        if key not in made:
            made[key] = (rest, outlook(game, decision, viewer, anchor, **rest))
        assert made[key][0] == rest  # the same display's news, zones and context
        return made[key][1]

    monkeypatch.setattr(terminal, "outlook", once)
    monkeypatch.setattr(table_module, "outlook", once)


def test_every_decision_on_the_page_says_what_the_terminal_says_up_to_a_stop(monkeypatch):
    """At each decision of a game up to its first building stop, every word of the
    terminal's hints, option notes and consequences is on the page too, and at the stop
    the page says what each answer does: where building goes, that the district closes and
    its pieces leave the game, who scores what, and that the second stop ends the game."""
    _outlook_worked_out_once(monkeypatch)
    ruleset = load(FIFTH)
    game = ruleset.new_game(4, 5)
    history = History.start(game)
    seats = {p: "human" for p in game.players}
    table = make_table(ruleset, game, history, seats)
    session = Session(ruleset, game, history, seats, table.display, io.StringIO(),
                      width=80, height=None)
    rng = random.Random(5)
    while (decision := game.decision()) is not None and decision.prompt != STOP:
        page = table.state_for(token_of(table, decision.player))["decision"]
        missing = _words(_terminal_text(session, table.display.shown(game, decision))) \
            - _words(_page_text(page))
        assert not missing, (decision.prompt, missing)
        move = rng.choice(decision.options)
        game.apply(move)
        history.record(game, decision.player, move)
        table.version += 1
    assert decision is not None, "the game reached no building stop"
    hints = " ".join(table.state_for(token_of(table, decision.player))["decision"]["hints"])
    assert "Build: on the gray plot, as many skyscrapers from your supply as your bid" in hints
    assert "Building stop: 34th St. East closes for good" in hints
    assert "its skyscrapers and businesses leave the game" in hints
    assert "you score 1 VP a skyscraper there, the others half their points" in hints
    assert "The second building stop ends the game." in hints


def test_building_none_says_what_it_keeps_as_the_others_say_what_they_move():
    """Seed 314's newcomer (issue 33) read '0' alone among '1 ... your 1 skyscraper goes from
    your supply to Times Square, violet', '2 ...', '3 ...': the option that builds none says
    that none goes, and where they stay."""
    from pathlib import Path

    from tests.test_digest import _table_at

    replay = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed314-newcomer.replay.json"
    table, tokens = _table_at(replay, 518)
    page = table.state_for(tokens["P1"])["decision"]
    assert page["prompt"] == "how many skyscrapers do you build from your supply?"
    effects = {o["place"]: o["effect"] for o in page["options"]}
    assert effects["3"] == "your 3 skyscrapers go from your supply to Times Square, violet"
    assert effects["0"] == "none goes: your skyscrapers stay in your supply"


def test_which_commissioner_to_move_says_the_scorings_of_each_alike():
    """Seed 314's newcomer (issue 33) read on white's button what its move did to option D
    ('if 52nd St. West is scored now: no VP for anyone; option D can no longer score 42nd St.
    West ...') and on beige's only 'beige', its destinations' points in the hint above. The
    hint says for each commissioner what leaving its district does to option D and what each
    destination would score; no button names the scorings."""
    from pathlib import Path

    from tests.test_digest import _table_at

    replay = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed314-newcomer.replay.json"
    table, tokens = _table_at(replay, 34)
    page = table.state_for(tokens["P1"])["decision"]
    assert page["prompt"] == "move which commissioner?"
    assert [o["label"] for o in page["options"]] == ["white", "beige"]
    hint = page["hints"][0]
    later = "but its skyscrapers stay and score later, at the game's end at the latest"
    assert hint.startswith("white: in 42nd St. West (once it moves on, option D can no "
                           "longer score it, "
                           f"{later}: worth now 2 VP for you, 2 VP for Player 2), may go "
                           "to 52nd St. West; beige: in Times Square (once it moves on, "
                           f"option D can no longer score it, {later}: worth now 3 VP "
                           "for you), may go "
                           "to 52nd St. West or 52nd St. East (if scored now: ")
