"""The terminal game fits an 80-column terminal (a compact board chosen by width), clears the
scrollback between hot-seat players (after the screen; in a real terminal:
tests/test_hot_seat_terminal.py), says "1 card" and "2 cards", and no mark of a board's
legend means two things."""

from __future__ import annotations

import functools
import io
import json
import os
import random
import re
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli import main
from interpreter.cli.common import bundled_rulesets
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesError
from interpreter.play.display import check_legend, load_display
from interpreter.play.marks import marks_lines
from interpreter.play.moves_seen import watch_step
from interpreter.play.replay import History
from interpreter.play.screen import MORE, wrap_text
from interpreter.play.terminal import Session
from interpreter.resources import rulesets_folder

from .conftest import BASE, FIFTH, edited_copy

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _run_then_close(session: Session, *fds: int) -> None:
    """Run a session at a pty, closing the pty's ends after it, whatever happens."""
    try:
        session.run()
    finally:
        for fd in fds:
            os.close(fd)


def session(game, width: int, colour: bool = False, tty: bool = False,
            script: list[str] | None = None) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    answers = iter(script or [])
    s = Session(game.ruleset, game, History(), {p: "human" for p in game.players},
                load_display(game.ruleset), out, colour=colour, tty=tty,
                read=lambda prompt: next(answers), width=width)
    return s, out


@functools.cache
def playable_bundled() -> list[str]:
    """Every ruleset that comes with the engine and can be played (the literal editions say
    what their text says, and are refused when played). Found once: four modules' tests are
    made from it when each test worker collects the suite (a load of every ruleset each)."""
    out = []
    for name in bundled_rulesets():
        try:
            ruleset = load_ruleset(rulesets_folder() / name)
            ruleset.new_game(max(ruleset.player_counts), 0)
        except RulesError:
            continue
        out.append(name)
    return out


COMMANDS = ["board", "log", "log 60", "why A", "why 99", "why violet", "score", "help", "",
            "points"]


class Screens:
    """Plays a whole game at an 80x24 terminal through a Session, answering each prompt at
    random (now and then a command first), and keeps every screen: what is on the terminal
    when a prompt waits (what followed the last clear, since the last prompt)."""

    def __init__(self, game, people: list[str], seed: int):
        self.rng = random.Random(seed)
        self.out = io.StringIO()
        self.read_at = 0
        self.screens: list[list[str]] = []
        self.answers: list[str] = [""]  # the answer before each screen
        seats = {p: ("human" if p in people else "random") for p in game.players}
        self.session = Session(game.ruleset, game, History(), seats,
                               load_display(game.ruleset), self.out, colour=True, tty=True,
                               read=self.answer, width=80, height=24)

    def take_screen(self, prompt: str = "") -> None:
        text = self.out.getvalue()[self.read_at:]
        self.read_at = len(self.out.getvalue())
        text = text.split("\x1b[2J")[-1]
        self.screens.append(ANSI.sub("", text + prompt).splitlines())

    def answer(self, prompt: str) -> str:
        self.take_screen(prompt)
        if prompt != "> ":
            self.answers.append("")
            return ""  # Enter: start, pass the keyboard, the next page
        decision = self.session.game.decision()
        if self.rng.random() < 0.08:
            self.answers.append(self.rng.choice(COMMANDS))
        else:
            shown = self.session.display.shown(self.session.game, decision)
            self.answers.append(str(self.rng.choice(self.session.numbers(shown))))
        return self.answers[-1]


def _fit_cases() -> list:
    """Every playable ruleset with one person at the terminal and the hot seat (two people,
    the hand-over screens), but the editions: their screens are the base game's display in
    the edition's words, so one Dutch and one Korean (the widest letters) stand for them with
    one person; the six-plot boards' hot seats, whose hand-over screens are the base
    game's; and the 2-player game alone, whose screens its hot seat shows too (the suite
    must stay within CI's 15 minutes)."""
    names = playable_bundled()
    editions = [n for n in names if n.startswith("fifth-avenue/editions/")]
    kept = [n for n in editions if n.endswith(("/nl-playable", "/ko-playable"))]
    assert len(kept) == 2, editions
    games = [n for n in names if n not in editions]
    return [pytest.param(n, 1, id=f"{n}-solo") for n in games + kept
            if not n.endswith("/alea-2p")] + \
        [pytest.param(n, 2, id=f"{n}-hot-seat") for n in games  # alea-2p: at the hot seat
         if not n.startswith("fifth-avenue/six-plot")]


@pytest.mark.parametrize(("name", "people"), _fit_cases())
def test_every_screen_of_a_whole_game_fits_80_columns_and_24_rows(name, people):
    ruleset = load_ruleset(rulesets_folder() / name)
    game = ruleset.new_game(max(ruleset.player_counts), 3)
    play = Screens(game, game.players[:people], seed=len(name) + people)
    assert play.session.run() == 0
    play.take_screen()
    assert game.over
    assert len(play.screens) >= 3  # the seats, a decision at least, the end
    for screen in play.screens:
        assert len(screen) <= 24, "\n".join(screen)
        too_wide = [x for x in screen if len(x) > 80]
        assert not too_wide, too_wide[:3]
    # the hand, the decision and its options are on every decision's screen
    # (after a command, a line says how to see them again)
    prompts = [(x, answer) for x, answer in zip(play.screens, play.answers, strict=False)
               if x and x[-1] == "> "]
    assert prompts
    for screen, answer in prompts:
        text = "\n".join(screen)
        if "Enter shows" in text or answer == "board":
            continue
        assert re.search(r"^ +(\d+\. |\S.*: +\d+ )", text, re.M), text
        if ruleset.name.startswith("Fifth Avenue"):
            assert "Your hand, " in text, text


def test_the_layout_is_chosen_by_the_terminal_width():
    game = load_ruleset(BASE).new_game(4, 1)
    display = load_display(game.ruleset)
    wide = display.board(game, "P1", width=200)
    narrow = display.board(game, "P1", width=80)
    assert max(len(x) for x in wide.splitlines()) > 80  # the board as on the table
    assert max(len(x) for x in narrow.splitlines()) <= 80
    rows = [x for x in narrow.splitlines() if x.startswith("34th W")]  # a line a district
    assert rows and not any(x.startswith("34th W") for x in wide.splitlines())
    assert display.board(game, "P1") == display.board(game, "P1", width=None)
    # With the hand, the prompt and the options it leaves room on a 24-line screen.
    assert len(narrow.splitlines()) <= 17


def test_help_shows_what_the_marks_of_the_board_mean():
    game = load_ruleset(BASE).new_game(4, 1)
    while game.decision().prompt != "choose your option for this turn":
        game.apply(game.decision().options[0])
    s, out = session(game, 80)
    s.handle("help", game.decision())
    text = out.getvalue()
    # a list, a mark a line, short ones side by side (it was one paragraph of 28 marks)
    legend = text[text.index("Marks on the board:"):].splitlines()[1:]
    assert legend[0] == "  R Player 1   B Player 2   Y Player 3   M Player 4"
    assert "  <Be>       beige commissioner" in legend
    # the plots' neighbours and the routes: the words they share said once
    assert "  commissioners move on to ...:" in legend
    routes = " ".join(legend[legend.index("  commissioners move on to ...:") + 1:]).split()
    assert "City Hall: 34th W or 34th E;" in " ".join(routes)
    assert text.count("commissioners move on to") == 1
    assert len(legend) <= 18 and all(len(x) <= 80 for x in text.splitlines())  # 15 + > < | -


def test_help_keeps_its_two_columns_on_a_narrow_terminal():
    """Each description wraps under itself, not under the commands (it was laid out for 80
    columns, then wrapped again)."""
    game = load_ruleset(BASE).new_game(4, 1)
    s, out = session(game, 60)
    s.handle("help", game.decision())
    text = out.getvalue()
    lines = text[text.index("Commands"):text.index("Marks on the board")].splitlines()
    assert all(len(x) <= 60 for x in lines)
    assert [x.split()[0] for x in lines[1:] if not x.startswith(" " * 14)] == [
        "NUMBER", "why", "rules", "log", "score", "points", "board", "undo", "save", "quit",
        "help"]


def test_the_hot_seat_screen_clears_the_scrollback_too():
    game = load_ruleset(BASE).new_game(3, 2)
    s, out = session(game, 80, tty=True, script=[""])
    assert s.pass_screen("P1") is None
    text = out.getvalue()
    # the screen first, then the scrollback: a terminal may keep a cleared screen in it (tmux)
    assert "\x1b[3J" in text and 0 <= text.find("\x1b[2J") < text.find("\x1b[3J")


def test_one_person_keeps_the_scrollback_between_screens():
    """Nothing there is another person's: earlier answers (why, score) can be scrolled to."""
    game = load_ruleset(BASE).new_game(3, 2)
    out = io.StringIO()
    s = Session(game.ruleset, game, History(), {"P1": "human", "P2": "random", "P3": "random"},
                load_display(game.ruleset), out, tty=True, read=lambda prompt: "",
                width=80, height=24)
    s.screen(game.decision())
    assert "\x1b[2J" in out.getvalue() and "\x1b[3J" not in out.getvalue()


def test_counts_read_in_the_singular_and_the_plural():
    game = load_ruleset(BASE).new_game(3, 2)
    game.Z["hand"]["P1"] = {"card(violet,4)": 1}
    game.Z["supply"]["P1"] = {"skyscraper(P1)": 2}
    text = load_display(game.ruleset).board(game, "P2", width=80)
    assert "2 skyscrapers in supply, 1 card in hand" in text
    assert "9 cards in hand" in text
    assert "1 cards" not in text


def test_no_mark_of_the_bundled_legends_means_two_things():
    for name in ["base", "alea-2p", "six-plot-2p"]:
        ruleset = load_ruleset(FIFTH / name)
        assert check_legend(ruleset, load_display(ruleset)) == []


def test_a_mark_with_two_meanings_is_refused_by_check(tmp_path, monkeypatch, capsys):
    # The beige commissioner drawn as <B>: B is already the blue player.
    edited = edited_copy(tmp_path, "rules/display.rules", '''beige         "<Be>"''',
                         '''beige         "<B>" ''')
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["check", str(edited)])
    out = capsys.readouterr().out
    assert code == 2
    assert "the mark '<B>' means 'beige commissioner', and 'B' means 'Player 2'" in out


def test_named_options_show_their_names_which_the_log_uses():
    game = load_ruleset(BASE).new_game(3, 4)
    while game.decision().prompt != "choose your option for this turn":
        game.apply(game.decision().options[0])
    s, out = session(game, 80)
    s.screen(game.decision())
    assert "  1. A: take 3 skyscrapers" in out.getvalue()
    game.apply("A")
    assert "Player 1 chooses option A: take skyscrapers." in game.events


def test_a_tall_terminal_shows_the_board_a_short_one_on_demand():
    game = load_ruleset(BASE).new_game(4, 1)
    while game.decision().prompt != "choose your option for this turn":
        game.apply(game.decision().options[0])
    decision = game.decision()
    tall, out_tall = session(game, 80)
    tall.height = 60
    tall.screen(decision)
    short, out_short = session(game, 80, script=[])
    short.height = 24
    short.screen(decision)
    assert "34th W" in out_tall.getvalue() and "type 'board'" not in out_tall.getvalue()
    text = out_short.getvalue()
    assert "34th W" not in text and "The board: type 'board'" in text
    assert "Your hand, Player 1" in text and "  1. A: take 3 skyscrapers" in text
    # (a newcomer read 'violet 6   brown 5' as six violet cards and five brown ones)
    assert "Your hand, Player 1 (card colour, value)" in text
    short.handle("board", decision)
    assert "34th W" in out_short.getvalue()[len(text):]


def test_the_stacks_line_fits_an_80_column_terminal():
    """The coloured stacks and the black stack, with cards paid under it: one line, headed
    'Top cards:' (a newcomer read the bare 'violet 4  brown 5 ...' as nothing)."""
    game = load_ruleset(BASE).new_game(4, 3)
    rng = random.Random(1)
    while not game.Z["black_returned"] or len(game.Z["black_stack"]) < 10:
        game.apply(rng.choice(game.decision().options))
    board = load_display(game.ruleset).board(game, "P1", False, 80).split("\n")
    line = next(x for x in board if " to draw" in x)
    assert len(line) <= 80 and " played" in line and line.startswith("Top cards: violet ")
    assert not board[board.index(line) + 1].startswith("  ")  # not wrapped on


def test_undo_refused_for_a_card_shown_since_says_why_once():
    """A newcomer asked to undo one decision and read 'only your last 2 decisions can be
    taken back' (the bots' answers counted); then 'Cannot take it back: ..., so it cannot be
    taken back'. It says why, once."""
    game = load_ruleset(BASE).new_game(4, 29)
    out = io.StringIO()
    answers = iter(["1"] * 6 + ["2", "undo", "quit", "n"])
    seats = {"P1": "human", "P2": "random", "P3": "random", "P4": "random"}
    s = Session(game.ruleset, game, History.start(game), seats, load_display(game.ruleset),
                out, read=lambda prompt: next(answers), width=80)
    assert s.run() == 0
    text = " ".join(out.getvalue().split())
    # it says what undo does and why not now, in a player's words (issue 33: the first
    # wording read as if undo were broken)
    assert "Undo takes back your own last decision, but not after it showed you something " \
           "hidden (a card turned up, a random draw): it would let you see it and choose " \
           "again." in text, text[-600:]
    assert "cannot be taken back" not in text and "Cannot take it back" not in text


def test_undo_takes_back_the_last_decision_as_the_browser_allows():
    game = load_ruleset(BASE).new_game(3, 4)
    out = io.StringIO()
    answers = iter(["undo", "1", "undo", "quit", "n"])
    history = History.start(game)
    seats = {"P1": "human", "P2": "random", "P3": "random"}
    s = Session(game.ruleset, game, history, seats, load_display(game.ruleset), out,
                read=lambda prompt: next(answers), width=80)
    assert s.run() == 0
    text = out.getvalue()
    # nothing decided yet: refused, with the reason; then one decision, taken back
    assert "Nothing has been decided yet, so there is nothing to take back." in text
    # said at once, and again on the next screen (a terminal clears the first)
    taken = re.findall(r"Taken back: your decision '([^']+)' and the 4 bot decisions after it\. "
                       r"Decide again\.", " ".join(text.split()))
    assert len(taken) == 2 and taken[0] == taken[1], text
    assert s.game.moves == [] and s.history.moves == []
    assert "Game stopped (not saved)." in text


def test_undo_is_refused_after_another_player_s_decision():
    game = load_ruleset(BASE).new_game(3, 4)
    history = History.start(game)
    s, out = session(game, 80, script=[])
    s.history = history
    for _ in range(2):  # Player 1, then Player 3 place a starting skyscraper
        decision = game.decision()
        game.apply(decision.options[0])
        history.record(game, decision.player, decision.options[0])
    assert s.handle("undo", game.decision()) is None
    assert "Undo takes back your own last decision until someone else has decided after " \
           "it; Player 3 has played since." in " ".join(out.getvalue().split())
    assert len(s.game.moves) == 2


@pytest.mark.parametrize("answer, stops, saved", [("", False, False), ("n", True, False),
                                                  ("y", True, True)])
def test_quit_asks_whether_to_save_when_the_game_is_not_saved(tmp_path, monkeypatch, answer,
                                                               stops, saved):
    monkeypatch.chdir(tmp_path)
    game = load_ruleset(BASE).new_game(3, 4)
    s, out = session(game, 80)
    prompts = []
    s.read = lambda prompt: prompts.append(prompt) or answer
    s.history = History.start(game)
    stop = s.handle("quit", game.decision())
    # the question on its own line, its answers as the prompt: at 80 columns the one line
    # of 103 wrapped mid-phrase ("[y: save and quit, n: quit" / "without saving, ...")
    assert "The game is not saved. Save before you leave?" in out.getvalue().splitlines()
    assert prompts == ["[y: save and quit, n: quit without saving, Enter: play on] "]
    assert (stop is not None) == stops
    assert bool(list(tmp_path.glob("*.json"))) == saved
    if not stops:
        assert "Playing on." in out.getvalue()
    # saved as it stands: quit asks nothing
    s2, out2 = session(game, 80, script=[])
    s2.saved = game.state["step"]
    assert s2.handle("quit", game.decision()).reason == "Game stopped (saved)."


def test_the_seed_is_said_to_the_one_person_who_typed_it_never_at_a_hot_seat():
    game = load_ruleset(BASE).new_game(3, 7)
    solo = {"P1": "human", "P2": "random", "P3": "random"}
    out = io.StringIO()
    Session(game.ruleset, game, History(), solo, load_display(game.ruleset), out,
            width=80).intro()
    assert out.getvalue().startswith("Fifth Avenue: 3 players, seed 7\n")
    s, hot = session(game, 80)  # every seat a person
    s.intro()
    assert "seed" not in hot.getvalue()


def played_until(name: str, players: int, steps: int, seed: int = 3):
    ruleset = load_ruleset(FIFTH / name)
    game = ruleset.new_game(players, seed)
    rng = random.Random(seed)
    while not game.over and game.state["step"] < steps:
        game.apply(rng.choice(game.decision().options))
    return game


def district_rows(board: str) -> list[str]:
    return [x for x in board.splitlines() if x[:9].strip() in (
        "34th W", "34th E", "42nd W", "Times Sq", "42nd E", "52nd W", "52nd E")]


@pytest.mark.parametrize("name, players", [("base", 4), ("alea-2p", 2)])
def test_every_mark_of_the_compact_board_is_in_the_legend(name, players):
    game = played_until(name, players, 220)
    display = load_display(game.ruleset)
    marks = {mark for mark, _ in display.legend_items(game, "P1")}
    rows = district_rows(display.board(game, "P1", width=80))
    assert len(rows) == 7
    for row in rows:
        assert row[54:65].startswith(" to ") or "STOP" in row  # where commissioners go
        for token in (row[9:54] + row[65:]).split():
            # a business, a commissioner, a marker, STOP, or skyscrapers: a mark and a count
            assert token == ".." or token in marks or \
                (token.rstrip("0123456789") in marks and token[-1].isdigit()), (token, row)
    if name == "alea-2p":
        assert any(" A1" in x or " A2" in x for x in rows)  # Alea has built: its mark...
        assert "A" in marks  # ...is explained


def test_a_stopped_district_still_shows_its_plots_then_stop():
    game = played_until("alea-2p", 2, 220)
    board = load_display(game.ruleset).board(game, "P1", width=80)
    rows = [x for x in district_rows(board) if x.rstrip().endswith("STOP")
            or " STOP " in x]
    assert rows, board  # this game has building stops (2)
    assert "BUILDING STOP" not in board
    for row in rows:
        assert len(row[9:54].split()) >= 5  # its five plots are drawn, built or not
    assert "2 building stops" in board and len(rows) == 2


@pytest.mark.parametrize("name, players", [("base", 4), ("alea-2p", 2)])
def test_the_board_stays_aligned_at_60_columns(name, players):
    game = played_until(name, players, 220)
    board = load_display(game.ruleset).board(game, "P1", width=60)
    lines = board.splitlines()
    assert max(len(x) for x in lines) <= 60
    heading = next(x for x in lines if "violet - brown" in x)
    columns = [heading.rindex(c) for c in ["violet", "brown", "gray", "orange", "green"]]
    rows = district_rows(board)
    assert len(rows) == 7  # one line per district, none wrapped into two
    for row in rows:
        for at in columns:  # each plot begins under its colour, after a space
            assert row[at - 1] == " " and row[at] != " ", (row, heading)


def test_two_businesses_on_a_plot_read_as_two_marks():
    game = played_until("alea-2p", 2, 220)
    rows = district_rows(load_display(game.ruleset).board(game, "P1", width=80))
    assert not any(re.search(r"\b(Bo|Je|Ga|Pe)(Bo|Je|Ga|Pe)\b", x) for x in rows)
    assert any(re.search(r"\b(Bo|Je|Ga|Pe) (Bo|Je|Ga|Pe)\b", x) for x in rows)


def test_help_shows_which_plots_touch_and_where_commissioners_move():
    game = load_ruleset(BASE).new_game(4, 1)
    items = dict(load_display(game.ruleset).legend_items(game, "P1"))
    assert items["violet"] == "plot next to the brown and green plots of its district"
    assert items["City Hall"] == "commissioners move on to 34th W or 34th E"
    assert items["52nd E"] == "commissioners move on to Central Park"


def test_a_number_typed_at_the_pager_is_the_answer():
    game = load_ruleset(BASE).new_game(3, 2)
    script, prompts = iter(["rules steps", "2"]), []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(script)

    s = Session(game.ruleset, game, History(), {"P1": "human", "P2": "random", "P3": "random"},
                load_display(game.ruleset), io.StringIO(), read=read, width=80, height=24)
    decision = game.decision()
    assert s.ask_human(decision) == decision.options[1]
    assert prompts == ["> ", MORE]  # the rules filled a page; '2' there answered
    assert "your answer" in MORE


@pytest.mark.parametrize("tty", [True, False])
def test_the_end_stays_on_a_terminal_until_enter(tty, tmp_path):
    """A window that closes with the program (tmux) took the winner along: on a terminal
    the final scores wait for Enter; piped input ends by itself."""
    ruleset = load_ruleset(rulesets_folder() / "tutorial/high-card")
    game = ruleset.new_game(2, 3)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "" if "Enter" in prompt else "1"

    out = io.StringIO()
    s = Session(ruleset, game, History(), {"P1": "human", "P2": "random"},
                load_display(ruleset), out, tty=tty, read=read, width=80, height=24)
    assert s.run() == 0
    assert game.over
    leave = [p for p in prompts if "Press Enter to leave" in p]
    assert leave == (["The game is over. Press Enter to leave. "] if tty else [])
    if tty:  # the last thing asked, after the winner is said
        assert prompts[-1] == leave[0]
        assert "Winner" in out.getvalue() or "winner" in out.getvalue()


def test_a_long_consequence_is_said_shorter_in_words_never_cut():
    """'1 bidding card goes from the... (more: 'why 3')' lost what the option does: an
    option's consequences that do not fit are said without where the pieces come from, and
    wrap when still longer; nothing is cut."""
    from interpreter.play.terminal import said_in

    parts = ["you +4", "your 3 towers go from your supply to the board",
             "then Ben decides: how many towers they build (0, 1, 2)"]
    assert said_in(parts, 200) == "; ".join(parts)
    shorter = said_in(parts, 60)
    assert shorter == "you +4; your 3 towers go to the board; then Ben decides: how many " \
                      "towers they build (0, 1, 2)"


def test_an_options_consequence_wraps_whole_at_a_real_80x24_terminal(tmp_path):
    """Option C's consequence was cut at 80x24 ('1 bidding card goes from the...'): in a
    real terminal the option says it whole, on its continuation row, and the screen fits."""
    from .test_hot_seat_terminal import Pty, ScrollOnClear

    game = Pty(["play", "--seed", "7", "--no-replay", "--color", "never"], tmp_path)
    try:
        game.until("Press Enter to start.")
        for answer in ("", "1"):
            game.type(answer)
            game.until("> ")
        game.type("14")  # a plot's number as the page gives it (5 is taken by then)
        screen = game.until("choose your option for this turn")
        if not screen.split("choose your option for this turn")[1].endswith("> "):
            game.until("> ")
        terminal = ScrollOnClear()
        terminal.feed(game.output)
        screen = [*terminal.screen, terminal.line]
        assert len(screen) <= 24 and all(len(x) <= 80 for x in screen), screen
        text = " ".join(" ".join(screen).split())
        # whole: where the card goes, and where from when the row has room
        assert re.search(r"move a commissioner: 1 card goes (from the black stack )?to your "
                         r"hand", text), screen
        assert "(more:" not in text and "..." not in text
        assert "Your last decision" not in text  # pieces out of a common supply: no loss
    finally:
        game.close()


@pytest.mark.parametrize("replays", [False, True])
def test_the_first_screen_says_each_option_whole_and_fits_80x24(replays, tmp_path,
                                                                monkeypatch):
    """At 80x24 the start page cut options B and C ('... move a commissio…') with rows to
    spare; with the journal's line below it the page still fits."""
    game = load_ruleset(BASE).new_game(4, 7)
    out = io.StringIO()
    s = Session(game.ruleset, game, History.start(game), {"P1": "human", "P2": "greedy",
                                                          "P3": "greedy",
                                                "P4": "greedy"},
                load_display(game.ruleset), out, tty=True, read=lambda prompt: "", width=80,
                height=24, replay_dir=tmp_path / "replays" if replays else None)
    monkeypatch.chdir(tmp_path)  # the journal's path as a player's would be: replays/...
    s.intro()
    s.open_journal()
    lines = out.getvalue().rstrip("\n").split("\n") + ["Press Enter to start."]
    assert len(lines) <= 24 and all(len(x) <= 80 for x in lines), lines
    text = out.getvalue()
    if replays:  # three rows fewer (the journal's line): the options cut to a line each
        return s.journal.close(remove=True)
    assert "…" not in text and "The goal:" in text
    for option in "ABCD":
        assert f"Option {option}: " in text
    assert "then move a commissioner" in text.split("Option C: ")[1].split("Option D")[0]


def test_a_screen_too_full_drops_its_blank_rows_before_overflowing():
    from interpreter.play.screen import Screen

    parts = Screen(board=["board"], private=["Your hand", "a b c"], events=[],
                   events_title="So far:", decision=[f"option {i}" for i in range(16)],
                   digest=["Pieces: one", "Points: you +2"])
    fitted = parts.lines(24)
    assert len(fitted) <= 23  # it did not fit with a blank row between each part
    assert fitted.count("") <= 1 and len(parts.lines(None)) - parts.lines(None).count("") < 23
    for line in ("Pieces: one", "Points: you +2", "Your hand", "a b c",
                 *[f"option {i}" for i in range(16)]):
        assert line in fitted  # every part kept


def _p1_opens_the_park_auction() -> Any:
    """A game whose Player 1 holds brown 4, brown 5, black 4 and black 6 and opens the
    auction below the park."""
    from .test_rulebook_examples import card, empty_hands, fresh, position

    game = fresh(load_ruleset(BASE))
    empty_hands(game)
    position(game, hands={"P1": {card("brown", 4): 1, card("brown", 5): 1,
                                 card("black", 4): 1, card("black", 6): 1}})
    game.perform("park_auction", "P1")
    return game


def _park_auction_screens(typed: list[str]) -> tuple[list[str], Any]:
    """The screens (without colours) Player 1 reads at an 80x24 terminal, opening the park's
    auction, as `typed` is typed, one before each answer, until the answers run out; and
    the game."""
    game = _p1_opens_the_park_auction()
    out, answers, screens = io.StringIO(), iter(typed), []

    def read(prompt: str) -> str:
        screens.append(ANSI.sub("", out.getvalue().split("\x1b[2J")[-1]))
        out.seek(0)
        out.truncate()
        return next(answers)

    s = Session(game.ruleset, game, History(), {"P1": "human", "P2": "random",
                                                "P3": "random", "P4": "random"},
                load_display(game.ruleset), out, tty=True, read=read, width=80, height=24)
    s.max_decisions = None
    with pytest.raises(StopIteration):
        s.run()
    return screens, game


def test_a_bid_keeps_its_cards_numbers_and_a_card_s_name_picks_it():
    """Adding a card to a bid takes it out of the list: the others keep their numbers (a
    newcomer typed the number a card had on the screen before), and typing a card's name
    picks it."""
    from .test_rulebook_examples import card

    screens, game = _park_auction_screens(["", "brown", "1", "black 6"])
    first, then = [x for x in screens if "add a card" in x][:2]  # the two card screens
    assert re.search(r"^ +1\. brown 4", first, re.M), first
    assert re.search(r"^ +2\. brown 5", first, re.M), first
    assert re.search(r"^ +2\. brown 5", then, re.M), then  # kept its number
    assert not re.search(r"^ +1\. ", then, re.M), then
    assert "numbers moved" not in then
    assert sorted(game.view("P1")["zones"]["bid"]["P1"]) == [card("black", 6),
                                                             card("brown", 4)]
    for screen in screens[1:]:  # the first follows the start's lines
        assert len(screen.splitlines()) <= 24 and all(len(x) <= 80 for x in
                                                      screen.splitlines())


def _replay_cut(moves: int, to: Path) -> Path:
    """Seed 149's newcomer replay (issue 33) up to its first `moves` decisions, to load."""
    data = json.loads((Path(__file__).parent / "data" /
                       "fifth-avenue-base-4p-seed149-newcomer.replay.json").read_text())
    for key, count in (("moves", moves), ("deciders", moves), ("hashes", moves + 1),
                       ("core_hashes", moves + 1)):
        data[key] = data[key][:count]
    data["over"] = False
    for key in ("final_hash", "ending", "scores", "winners"):
        data.pop(key, None)
    to.write_text(json.dumps(data))
    return to


def test_in_a_pty_a_bid_s_options_keep_their_numbers_card_after_card(tmp_path):
    """Seed 149, step 112 (issue 33): after 'orange 5' went into the bid, the options moved
    up a number and the newcomer typed the number a card had had. Within one repeated choice
    each option keeps the number of its first screen; a card's number is not used again,
    and typing it says where the card is; 'why N' and 'points' use the same numbers."""
    from .test_hot_seat_terminal import Pty

    game = Pty(["play", "--load", str(_replay_cut(112, tmp_path / "cut.json")),
                "--no-replay", "--color", "never"], tmp_path)
    try:
        game.until("Press Enter to start.")
        game.type("")
        first = ANSI.sub("", game.until("> "))
        # the cards by their places in the hand (violet 6, brown 6, gray 6, orange 5, ...)
        assert re.search(r"^ +4\. orange 5", first, re.M), first
        assert re.search(r"^ +5\. orange 6", first, re.M), first
        game.type("4")
        second = ANSI.sub("", game.until("> "))
        assert re.search(r"^ +5\. orange 6", second, re.M), second
        assert re.search(r"^ +7\. black 4", second, re.M), second
        assert not re.search(r"^ +4\. ", second, re.M), second
        game.type("4")
        said = " ".join(ANSI.sub("", game.until("> ")).split())
        assert "4 is in your bid already (orange 5)" in said, said
        game.type("why 7")
        said = " ".join(ANSI.sub("", game.until("> ")).split())
        assert "black 4" in said and "orange 6" not in said, said
        game.type("points")
        said = ANSI.sub("", game.until("> "))
        assert re.search(r"^ +5\. orange 6", said, re.M), said
        game.type("7")
        third = ANSI.sub("", game.until("> "))
        assert "Player 1 adds black 4 to the bid: orange 5 + black 4 = 9" in \
            " ".join(third.split()), third
        assert re.search(r"^ +5\. orange 6", third, re.M), third
        game.type("quit")
        game.until("play on]")
        game.type("n")
        game.rest()
    finally:
        game.close()


def board_and_marks(game) -> tuple[list[str], str, str]:
    """The lines of `board` at 80x24, the board above its marks, and the marks' words."""
    s, out = session(game, 80)
    s.height = 24
    s.show_board(game.decision())
    lines = out.getvalue().splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("Marks: "))
    return lines, "\n".join(lines[:at]), " ".join(" ".join(lines[at:]).split())


def test_a_stopped_district_and_an_empty_stack_are_explained_under_the_board():
    """A newcomer met 'STOP' and 'violet -' on the board with no word of them on screen
    (STOP's meaning was too long for the row under the board, '-' had none); another read
    the stopped district's empty plots as nothing ever built there: STOP says its pieces
    left the game (en-2004, Building stop). An empty stack is '..', the board's empty space
    (seed 319's newcomer read '- empty stack' under a board whose '-' joined two colours)."""
    from .test_rulebook_examples import fresh, position

    game = position(fresh(load_ruleset(BASE)), stopped=["w34"])
    game.Z["colour_stack"]["violet"] = []
    lines, board, said = board_and_marks(game)
    assert "STOP" in board and "Top cards: violet .. brown" in board
    assert "STOP building stop: its pieces left the game" in said, said
    marks = said.split(" Plots touch where '-' joins")[0]  # the one meaning of the '-'
    assert ".. empty" in marks and "- " not in marks and "empty stack" not in said, said
    # the ring's '-' joins two colours: one mark, one meaning
    assert len(lines) <= 23 and all(len(x) <= 80 for x in lines)


def test_an_empty_plot_and_the_rows_current_set_wrapped_at_60_columns_are_in_the_marks():
    """Seed 317's newcomer (issue 33) met '..' (an empty plot, an emptied space of the row) in
    no legend; at 60 columns the row wrapped inside its current set ('|>Ga' / 'Pe<|') and the
    marks under the board left out '> <', which they said at 80."""
    from .test_rulebook_examples import fresh, position

    row = {f"slot{n}": kind for n, kind in [(14, "gallery"), (15, "perfume_shop"),
                                            (16, "jeweler"), (17, "gallery"),
                                            (18, "perfume_shop"), (19, "boutique"),
                                            (20, "gallery")]}
    game = position(fresh(load_ruleset(BASE)), row=row)
    for width in (60, 80):
        s, _ = session(game, width)
        s.height = 24
        lines = s.board_lines("P1")
        at = next(k for k, line in enumerate(lines) if line.startswith("Marks: "))
        board, said = "\n".join(lines[:at]), " ".join(" ".join(lines[at:]).split())
        assert ".." in board and ">Ga" in board and "Pe<" in board, board
        assert ".. empty," in said, (width, said)
        assert "> < the row's current set" in said, (width, said)
        assert all(len(x) <= width for x in lines)
        # at 60 columns the set is cut by the wrap, as the newcomer saw it
        assert width == 80 or any(x.rstrip().endswith(">Ga") for x in lines[:at]), board


def test_a_stopped_district_says_where_commissioners_go_only_while_one_stands_there():
    """Seed 317's final board read '34th W .. .. .. .. .. to 52W TSq STOP': commissioners
    skip a district under a building stop (en-2004, Building stop), so its row says 'skipped'
    and no route, as does the line that says them at 60 columns; but one standing there when
    it closed 'remains until he is moved', and its row says where it may go."""
    from .test_rulebook_examples import fresh, position

    game = position(fresh(load_ruleset(BASE)), stopped=["w34", "w42"], at={"beige": "w42"})
    display = load_display(game.ruleset)
    rows = {x[:9].strip(): x for x in district_rows(display.board(game, "P1", width=80))}
    assert " to " not in rows["34th W"], rows
    assert rows["34th W"].rstrip().endswith(" skipped    STOP"), rows
    assert " to 52W " in rows["42nd W"] and "STOP <Be>" in rows["42nd W"], rows
    assert rows["34th W"].index("STOP") == rows["42nd W"].index("STOP")  # one column
    assert " to TSq 42E" in rows["34th E"]
    listed = " ".join(x for lines, _ in display.spare_blocks(game, "P1", width=60)
                      for x in lines)
    assert "Commissioners go next:" in listed, listed
    assert "34W to" not in listed and "34W skipped;" in listed and "42W to 52W" in listed
    assert "Hall to 52W TSq 34E" in " ".join(listed.split()), listed


def test_the_board_at_80_columns_says_the_marks_it_shows_under_it():
    """A newcomer met 'Je', 'B1' and '<Wh>' on the board with the legend only in 'help':
    under the compact board, a row or two say the marks it shows now (only those), and the
    board with them fits 80x24."""
    ruleset = load_ruleset(BASE)
    game, rng = ruleset.new_game(4, 3), random.Random(3)
    for _ in range(250):
        game.apply(rng.choice(game.decision().options))
    lines, board, said = board_and_marks(game)
    for mark, means in (("Je", "jeweler"), ("Pe", "perfume shop")):
        assert f"{mark} {means}" in said, said
    assert "<Wh> white commissioner" in said or \
        "<Wh>/<Be> white/beige commissioner" in said, said  # merged where rows are few
    # a skyscraper mark the grid shows, with its player's name ('P2' read as Player 2)
    example = re.search(r"\b([RBYM])(\d+) (\d+) skyscrapers? of ([RBYM]) = Player (\d)\b",
                        said)  # said as whose: 'R1 1 skyscraper of R = Player 1'
    assert example and example[2] == example[3] and example[1] == example[4] and \
        "RBYM".index(example[1]) + 1 == int(example[5]) and \
        f" {example[1]}{example[2]} " in f" {board} ", said
    assert "<Wh>" in board and " Je " in board and "B1" in board
    glued = board.replace("<Wh>", "<Wh><Be>", 1)  # two commissioners in one place
    glued_marks = " ".join(marks_lines(load_display(ruleset).legend_items(game, "P1"), glued,
                                       80))
    assert "<Be> beige commissioner" in glued_marks or \
        "<Wh>/<Be> white/beige commissioner" in glued_marks, glued_marks
    assert "marker" not in said and "STOP" not in said  # not on the board now
    assert len(lines) <= 23 and all(len(x) <= 80 for x in lines)


def test_every_mark_on_the_board_is_explained_under_it_in_fewer_words_if_need_be():
    """A newcomer met STOP on the compact board and no word of it in the Marks line under
    it (the row was full; only 'help' said it): every mark shown is said, marks whose
    meanings differ in their first word said together when the rows are short."""
    ruleset = load_ruleset(BASE)
    game, rng = ruleset.new_game(4, 3), random.Random(3)
    while game.V["stops"] == 0:
        game.apply(rng.choice(game.decision().options))
    lines, board, said = board_and_marks(game)
    assert "STOP" in board and "orange .." in board
    assert "STOP building stop: its pieces left the game" in said, said
    assert ".. empty" in said and "'help': all" not in said, said
    assert "<Wh>/<Be> white/beige commissioner" in said, said
    assert len(lines) <= 23 and all(len(x) <= 80 for x in lines)


def test_the_hand_wraps_between_colours_never_inside_one():
    """A newcomer's hand read 'black 4 4 4 4 5 5 5 5' / '6 6 6 6 6': a line of groups set
    apart by spaces wraps between the groups, each colour's cards on one line."""
    from .test_rulebook_examples import card, fresh, position

    game = fresh(load_ruleset(BASE))
    hand = {card("violet", 4): 1, card("violet", 6): 1, card("brown", 5): 1,
            card("gray", 4): 1, card("orange", 4): 2, card("orange", 6): 1,
            card("green", 4): 1, card("green", 6): 1,
            card("black", 4): 4, card("black", 5): 4, card("black", 6): 5}
    position(game, hands={"P1": hand})
    text = load_display(game.ruleset).private_text(game, "P1", width=80)
    rows = text.splitlines()[1:]
    assert len(rows) == 2 and all(len(x) <= 80 for x in rows), rows
    assert rows[1].strip() == "black 4 4 4 4 5 5 5 5 6 6 6 6 6", rows


@pytest.mark.parametrize("seed, steps, changes", [(5, 372, False), (3, 407, True)])
def test_the_points_hint_says_what_points_will_show(seed, steps, changes):
    """'Some choices change points or pieces: type 'points' to see which.', and 'points'
    showed no such change (only what may follow a pass): the hint says what 'points' shows."""
    game = played_until("base", 4, steps, seed)
    decision = game.decision()
    s, out = session(game, 80, script=[""] * 9)
    s.height = 24
    lines = s.decision_lines(decision)
    hint = next((x for x in lines if "type 'points'" in x), None)
    if hint is None:  # every option's words fit on the screen (a pass says who is still in),
        # or their key words, who scores what, with the rest left to 'points'
        said = " ".join(" ".join(lines).split())
        assert "What each choice does at once (nothing where not said):" in lines \
            if not changes else re.search(r": you [+-]\d+, .*; and more \('points'\)", said), \
            lines
        return
    s.handle("points", decision)
    shown = out.getvalue()
    options = [" ".join(x.split()) for x in re.split(r"(?m)^ +\d+\. ", shown)[1:]]
    sure = [x for x in options if re.search(r" VP\b| goe?s? ", x) and "if the others" not in x]
    assert bool(sure) == changes, shown  # an option's own change, not what may follow
    assert ("change points or pieces" in hint or "move pieces" in hint) == changes, \
        (hint, shown)
    if not changes:
        assert hint == "Some choices say what may follow them: type 'points' to see it."


def test_the_final_board_shows_the_businesses_turned_over_below_central_park():
    """The final board showed Central Park's businesses left face down ('Bo') and not the
    three turned over at the final scoring: it shows those too, said as turned over."""
    game = played_until("base", 4, 10**6)
    assert game.over and game.Z["park_drawn"]
    s, out = session(game, 80)
    board = " ".join("\n".join(s.board_lines("P1")).split())
    turned = [kind for kind, n in game.Z["park_drawn"].items() for _ in range(n)]
    marks = {"tile(gallery)": "Ga", "tile(jeweler)": "Je", "tile(boutique)": "Bo",
             "tile(perfume_shop)": "Pe"}
    assert f", turned over {' '.join(marks[k] for k in turned)} " in board, board


def test_the_start_page_cuts_an_option_between_words():
    """The start page with the journal's line below it once read "Option B: place a
    business, then take 2 coloured cards, then move a commissio…": a line too long is cut
    between words."""
    from interpreter.play.rules_help import _cut

    text = "  Option B: place a business, then take 2 coloured cards, then move a commissioner"
    for room in range(20, len(text)):
        cut = _cut(text, room)
        assert len(cut) <= room and cut.endswith("…"), (room, cut)
        kept = cut[:-1]
        assert text.startswith(kept) and text[len(kept)] in " ,", (room, cut)
    assert _cut(text, len(text)) == text


def board_screen(name: str, players: int, steps: int = 0, height: int = 24) -> list[str]:
    game = played_until(name, players, steps)
    s, out = session(game, 80)
    s.height = height
    s.show_board(game.decision())
    return out.getvalue().splitlines()


def test_the_supply_row_s_set_marks_are_explained_under_the_board_and_in_help():
    """The compact board's "Row: >Ga Ga Ga<| Je Pe | ..." showed set marks that neither the
    marks line under the board nor 'help' explained: every mark shown is explained."""
    lines = board_screen("base", 4)
    row = next(x for x in lines if x.startswith("Row: "))
    assert re.search(r">\w\w( \w\w)*<\|", row), row
    at = next(k for k, line in enumerate(lines) if line.startswith("Marks: "))
    said = " ".join(" ".join(lines[at:]).split())
    assert "> < the row's current set" in said and "| between the row's sets" in said, said
    assert "> < the row" not in " ".join(marks_lines(  # not said where the board has none
        load_display(load_ruleset(BASE)).legend_items(played_until("base", 4, 0), "P1"),
        "City Hall <Wh><Be> | x", 80))
    game = played_until("base", 4, 0)
    s, out = session(game, 80)
    s.handle("help", game.decision())
    legend = out.getvalue()[out.getvalue().index("Marks on the board:"):]
    assert "> <" in legend and "the row's current set" in legend
    assert "between the row's sets" in legend


@pytest.mark.parametrize("name, players", [("alea-2p", 2), ("base", 4)])
def test_the_board_screen_shows_where_commissioners_move(name, players):
    """The districts' adjacency (the routes) showed only in 'help', then in a line that the
    4-player screen had no room for ('type help'): each district's row says where its
    commissioners go next, and a row under the board what that column is, with City Hall's
    moves, where the 80x24 screen has the rows."""
    lines = board_screen(name, players)
    text = "\n".join(lines)
    assert len(lines) <= 23 and all(len(x) <= 80 for x in lines), text
    assert any(x.startswith("34th W") and x.rstrip().endswith("to 42W TSq") for x in lines), text
    assert not any("type 'help'" in x and "ommissioners" in x for x in lines), text
    said = "'to ...' after a row: where its commissioners go next; City Hall: to 34W or 34E."
    assert said in lines, text


@pytest.mark.parametrize("name, players, pairs", [
    ("base", 4, "violet-brown, violet-green, brown-gray, gray-orange, orange-green"),
    ("six-plot-2p", 2, "violet-6th, brown-gray, brown-6th")])
def test_the_board_screen_says_which_plots_touch_or_where_to_see_it(name, players, pairs):
    """Which plots of a district touch (what the scoring counts) showed only in 'help': the
    board screen says it, from the board's own adjacency, when the screen has the rows, and
    else where to find it."""
    tall = " ".join(" ".join(board_screen(name, players, height=80)).split())
    if name == "base":  # a ring in the columns' order: drawn on the heading, said in a row
        assert "(green) - violet - brown - gray - orange - green" in tall, tall
        assert "Plots touch where '-' joins their colours; (green) - : green touches violet " \
            "too." in tall, tall
        return
    assert "Plots touch: violet-brown" in tall, tall
    assert pairs in tall and "green-violet" not in tall, tall  # each pair once
    # the six-plot board's pairs take two rows: late in its 4-player game, where the marks
    # under the board leave no room for them, the screen says where to see them
    lines = board_screen("six-plot", 4, steps=400)
    assert len(lines) <= 23 and ("Which plots touch (for scoring): type 'help'." in lines or
                                 any(x.startswith("Plots touch: violet-brown") for x in lines))


@pytest.mark.parametrize("steps", [0, 400, 700])
def test_the_4_player_board_screen_says_which_plots_touch_at_80x24(steps):
    """At 4 players a newcomer found which plots touch only in 'help': the 80x24 board
    screen says it in one row, before the commissioners' routes and before a blank row,
    from the start to late in the game (the marks under the board take more rows then)."""
    lines = board_screen("base", 4, steps)
    assert len(lines) <= 23 and all(len(x) <= 80 for x in lines), "\n".join(lines)
    assert "Plots touch where '-' joins their colours; (green) - : green touches violet too." \
        in lines, "\n".join(lines)


def _bidding_in_brown(cards: list[str], supply: int | None = None):
    """Player 1 bids in brown for 34th St. West, holding `cards` ('brown 4'), with `supply`
    skyscrapers in supply (None: as dealt): the game and an 80x24 session."""
    from .test_rulebook_examples import card, empty_hands, fresh, position

    game = fresh(load_ruleset(BASE))
    empty_hands(game)
    hand = {card(c.split()[0], int(c.split()[1])): 1 for c in cards}
    position(game, hands={"P1": hand}, **({"supply": {"P1": supply}} if supply is not None
                                           else {}))
    game.perform("district_auction", "P1", "w34")
    game.apply("brown")
    s, _ = session(game, 80)
    s.height = 24
    return game, s


def test_a_card_that_lowers_the_build_limit_says_so_on_its_line():
    """Adding a card to a bid gave no warning that it lowers how many skyscrapers the winner
    may build (the card with the fewest sets it): the display's option notes work out the
    rules' own build_limit_of after each option, and the option's line says it."""
    from .test_rulebook_examples import card

    game, s = _bidding_in_brown(["brown 4", "brown 5", "black 4", "black 6"])
    first = " ".join(s.decision_lines(game.decision()))
    assert "brown 4 (build limit 3)" in first and "brown 5 (build limit 2)" in first
    game.apply(card("brown", 4))
    lines = s.decision_lines(game.decision())
    said = " ".join(lines)
    assert "brown 5 (build limit falls from 3 to 2)" in said  # beside "up to 3"
    assert "black 6 (build limit falls from 3 to 1)" in said
    assert "black 4 (" not in said  # a black 4 allows 3 too: nothing changes
    assert "finish: that is my bid (" not in said and "pass (build" not in said
    assert "pass (taking back your 1 card bid)" in said  # (seed 315: said where some are)
    assert all(len(x) <= 80 for x in lines)


def test_the_build_limit_counts_the_skyscrapers_in_supply_as_the_bids_hint_does():
    """'If it wins, you may build up to 2' stood beside 'black 5 (build limit falls from 3 to
    2)' (2 skyscrapers in supply), and an empty supply still heard of limits: a card that
    cannot lower what the player can build says nothing."""
    from .test_rulebook_examples import card, position

    game, s = _bidding_in_brown(["brown 4", "brown 5", "black 6"], supply=2)
    first = " ".join(s.decision_lines(game.decision()))
    assert "brown 4 (you can build 2: 2 skyscrapers left)" in first and \
        "brown 5 (build limit 2)" in first
    game.apply(card("brown", 4))
    said = " ".join(s.decision_lines(game.decision()))
    assert "brown 5 (" not in said  # a 5 allows 2: the supply's 2 are built all the same
    assert "black 6 (build limit falls from 2 to 1)" in said
    position(game, supply={"P1": 0})
    game.forget()
    s, _ = session(game, 80)
    s.height = 24
    said = " ".join(s.decision_lines(game.decision()))
    assert "build limit" not in said, said
    assert s.handle("black 6", game.decision()) == card("black", 6)  # typed without the note


def test_a_first_card_says_where_the_supply_not_the_card_sets_what_can_be_built():
    """Seed 233's newcomer, 1 skyscraper left, read 'orange 4 (build limit 1)' beside the
    rule's 'a 4 allows 3': where the supply, not the card, sets what the player can build,
    the card's line says so; where the card sets it, its limit."""
    game, s = _bidding_in_brown(["brown 4", "brown 6"], supply=1)
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    assert "brown 4 (you can build 1: 1 skyscraper left)" in said, said
    assert "brown 6 (build limit 1)" in said, said


def test_after_an_undo_the_options_are_laid_out_as_before_in_a_real_terminal(tmp_path):
    """A newcomer took a place back with 'undo' and found the 27 places in other columns
    (the line saying what was taken back took rows): the same position shows its options
    alike, the line said where the board's hint was, and the screen still fits 80x24."""
    from .test_hot_seat_terminal import Pty, ScrollOnClear

    def screen() -> list[str]:
        terminal = ScrollOnClear()
        terminal.feed(game.output)
        return [*terminal.screen, terminal.line]

    def answer(text: str, shows: str) -> None:
        game.type(text)
        came = game.until(shows)
        if not came.split(shows)[-1].rstrip().endswith(">"):
            game.until("> ")

    game = Pty(["play", "--seed", "7", "--no-replay", "--color", "never"], tmp_path)
    try:
        game.until("Press Enter to start.")
        for text, shows in (("", "empty building plot"), ("1", "empty building plot"),
                            ("14", "choose your option"), ("2", "take a business"),
                            ("1", "place it on a building plot")):
            answer(text, shows)
        before = screen()
        answer("1", "take a coloured card")
        answer("undo", "place it on a building plot")
        after = screen()
        assert after[0].startswith("Taken back: your decision '34th St. West, brown'")
        def asked(lines: list[str]) -> list[str]:  # the question and what is under it
            return lines[max(k for k, x in enumerate(lines)
                             if x.startswith("Player 1: place it")):]
        options = asked(before)  # in columns, or a row a district
        listed = len(re.findall(r"(?:^|\s)\d+\.? [a-z]", "\n".join(options)))
        assert listed > 20 and options == asked(after)
        assert len(after) <= 24 and all(len(x) <= 80 for x in after), after
    finally:
        game.close()


def test_a_position_shown_again_keeps_its_options_layout_when_more_is_said_above():
    """The line an undo writes may take two rows: the options keep the rows they had when
    the position was first shown (the screen gives up blank rows), not fewer columns'
    worth."""
    game = load_ruleset(BASE).new_game(4, 7)
    s, _ = session(game, 80)
    s.height = 24  # the 28 places just fit in two columns (under the preparation's hints)
    decision = game.decision()
    first = s.decision_lines(decision)
    s.notice = ["Taken back: your decision '34th St. West, brown' and the 3 bot decisions",
                "  after it. Decide again."]
    again = s.decision_lines(decision)
    assert len(first) > 10 and again == first
    s.layouts.clear()  # a position not shown before: laid out for the rows it has
    assert s.decision_lines(decision) != first


def test_a_tight_screen_gives_the_header_row_to_the_options_consequences():
    """Consequences that wrap take rows: on a screen one row short, the line 'What each
    choice does at once' goes before the consequences do (they fell back to bare labels)."""
    from interpreter.play.terminal import EACH_SAYS

    game = load_ruleset(BASE).new_game(4, 7)
    while game.decision().prompt != "choose your option for this turn":  # the setup
        game.apply(game.decision().options[0])
    kept = []
    for height in range(12, 30):
        s, _ = session(game, 80)
        s.height = height
        lines = s.decision_lines(game.decision())
        if re.search(r"1 card goes (from the black stack )?to your hand",
                     " ".join(" ".join(lines).split())):
            kept.append(EACH_SAYS in lines)
    assert kept[:1] == [False] and kept[-1] is True  # the tightest without it, roomy with


def _worth_now_position():
    """Player 1 with 2 skyscrapers in Times Square (violet, next to a boutique on brown) and
    3 in supply, in a fresh base game."""
    from .test_rulebook_examples import fresh, position

    game = fresh(load_ruleset(BASE))
    return position(game, towers={"times_square_violet": {"P1": 2}},
                    tiles={"times_square_brown": ["boutique"]}, supply={"P1": 3})


def test_placing_a_business_says_what_the_players_skyscrapers_would_score_now():
    """Newcomers had no figure for a business whose worth shows only at a scoring: the plots
    where it would raise what their skyscrapers score say so, worked out with the rules'
    own scoring of a district, and no other plot has a note."""
    game = _worth_now_position()
    game.perform("place_business", "P1")
    game.apply("tile(jeweler)")
    s, _ = session(game, 80)
    s.height = 24
    lines = s.decision_lines(game.decision())
    said = " ".join(" ".join(lines).split())
    note = "(you +2: your skyscrapers there from 4 to 6 VP if scored now)"
    assert f"Times Square: 16 brown {note} 17 gray 18 orange 19 green {note}" in said, said
    assert said.count("if scored now") == 2 + 1  # and the hint's
    assert len(lines) <= 24 and all(len(x) <= 80 for x in lines)


def _others_gain_position():
    """As _worth_now_position, with Player 2's skyscraper on green and Player 3's 2 on
    orange in Times Square, and the jeweler to place."""
    from .test_rulebook_examples import fresh, position

    game = position(fresh(load_ruleset(BASE)),
                    towers={"times_square_violet": {"P1": 2}, "times_square_green": {"P2": 1},
                            "times_square_orange": {"P3": 2}},
                    tiles={"times_square_brown": ["boutique"]}, supply={"P1": 3})
    game.perform("place_business", "P1")
    game.apply("tile(jeweler)")
    return game


def test_a_business_s_place_says_what_it_raises_for_the_others_too():
    """A newcomer saw only their own gain: the same business raised another player's
    skyscrapers there. Each other player's gain is said where it is not zero, and where the
    screen lacks room for the whole notes, in their short words (never overflowing)."""
    game = _others_gain_position()
    s, _ = session(game, 80)
    s.height = 24
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    assert "16 brown (you +2: your skyscrapers there from 4 to 6 VP if scored now) 17 gray " \
        "(fills Times Square, where you have 2 skyscrapers: a later building stop there " \
        "would take your skyscrapers out of the game; Player 3 +2 if scored now)" in said, said
    assert "Player 2" not in said  # their skyscraper gains nothing
    s.height = 18  # one row short of the whole notes
    lines = s.decision_lines(game.decision())
    said = " ".join(" ".join(lines).split())
    assert "16 brown (you +2) 17 gray (fills it: your 2 at risk of a stop; Player 3 +2)" \
        in said, said
    assert "(up to 2 a plot; +N: VP gained if scored now)" in said  # what the short words mean
    assert len(lines) <= 18 - 3 and all(len(x) <= 80 for x in lines)


def test_options_whose_short_notes_overflow_too_are_bare_and_points_shows_them():
    game = _others_gain_position()
    s, out = session(game, 80, script=["points"])
    s.height = 14
    lines = s.decision_lines(game.decision())
    assert "  Times Square:  16 brown  17 gray" in lines, lines
    assert "type 'points'" in " ".join(lines)
    s.height = None  # 'points' on one page
    s.handle("points", game.decision())
    assert "Player 3 +2 if scored now" in " ".join(out.getvalue().split())


def test_build_with_an_empty_supply_says_it_builds_none():
    """The rules offer 'build' to the winner of a full district where she has skyscrapers
    (en-2004, Building stop), even with none in her supply: the option says it builds none
    (a newcomer was offered it as if it did something)."""
    from .test_consequences import at_the_second_stop

    for supply, said in ((0, True), (2, False)):
        game = at_the_second_stop(supply=supply)
        s, _ = session(game, 80)
        s.height = 24
        lines = s.decision_lines(game.decision())
        built = "  1. build (no skyscrapers in supply: build nothing, the district stays open)"
        assert (built in lines) is said, lines


def test_how_many_to_build_says_what_they_would_score_now():
    game = _worth_now_position()
    game.perform("build_on_plot", "P1", "times_square_violet", 3)
    s, _ = session(game, 80)
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    assert "2 (you +4: your skyscrapers there from 4 to 8 VP if scored now): your 2 " \
        "skyscrapers go " \
        "from your supply to Times Square, violet" in said, said
    assert "0 (you" not in said


def test_a_note_limited_to_some_decisions_is_not_said_at_the_setup_s_many_plots():
    """The same note on the setup's 28 plots overflowed 80x24: there, its short words only
    (issue 33: the first plots showed no points at all); `during` keeps a note to the
    decisions it names, and naming a procedure the rules lack is an error of the file."""
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, 53)  # plots next to businesses: each would be worth VP
    s, _ = session(game, 80)
    s.height = 24
    lines = s.decision_lines(game.decision())
    options = " ".join(x for x in lines if re.match(r" +\d+\. ", x))
    assert "if scored now" not in options and len(lines) <= 24
    assert re.search(r"\(\+\d\)", options)
    assert any(x.startswith("+N: VP if scored now.") for x in lines)  # the key, said once


def test_a_note_during_a_procedure_the_rules_lack_is_refused(tmp_path):
    path = edited_copy(tmp_path, "display.yaml", "during: [place_business, build_on_plot]",
                       "during: [place_business, no_such_step]")
    with pytest.raises(RulesError, match="option_notes: 'during: no_such_step'"):
        load_display(load_ruleset(path))


def _auction_in_34th_west(tiles: list[str], stopped: tuple[str, ...] = ()):
    """Player 1, with 3 skyscrapers on 34th St. West's violet plot (Player 2 with 1 on gray),
    opens its auction holding a violet 4; `tiles` go on the brown, orange and green plots
    in turn (three fill the district): the game and an 80x24 session."""
    from .test_rulebook_examples import card, fresh, position

    game = fresh(load_ruleset(BASE))
    position(game, towers={"w34_violet": {"P1": 3}, "w34_gray": {"P2": 1}},
             tiles={q: [k] for q, k in zip(["w34_brown", "w34_orange", "w34_green"], tiles,
                                            strict=False)},
             stopped=stopped, hands={"P1": {card("violet", 4): 1}})
    game.perform("district_auction", "P1", "w34")
    s, _ = session(game, 80)
    s.height = 24
    return game, s


def _others_hold_only_green(game) -> None:
    """The other players' hands hold green cards only, and no other card is hidden from
    Player 1 (the rest lie face up under the black stack): every sample of what Player 1
    sees deals Player 3 and 4 a green card, as the position set by hand gives them. (The
    notes are worked out on such a sample; a position set by hand has no history to tell
    Player 1 the colours in the others' hands, as a game's does.)"""
    from .test_rulebook_examples import card

    for c in game.Z["colour_stack"]:
        stack = game.Z["colour_stack"][c]
        game.Z["black_returned"][:0], stack[:-1] = stack[:-1], []
    game.Z["black_returned"][:0], game.Z["black_stack"][:] = game.Z["black_stack"], []
    for p, value in (("P2", 4), ("P3", 5), ("P4", 6)):
        game.Z["hand"][p] = {card("green", value): 1}
    game.forget()


def test_a_pass_that_lets_another_fill_the_players_district_says_what_it_risks():
    """A pass let another player build on the last empty plot of a district holding the
    player's skyscrapers, and a later building stop there took them, unannounced."""
    game, s = _auction_in_34th_west(["boutique", "jeweler"])
    _others_hold_only_green(game)
    said = " ".join(" ".join(s.decision_lines(game.decision())).split())
    # who may fill it: Player 2 has a plot there, so would build on that one (issue 33)
    # (after the district, 'if one of them wins': seed 320's newcomer read 'if Player 3
    # wins, they may fill' as Player 3 winning, where the high bid was Player 4's)
    assert "pass (34th St. West, where you have 3 skyscrapers, could be filled by Player 3 " \
        "or Player 4 if one of them wins: a later building stop there would take your " \
        "skyscrapers out of the game)" in said, said
    assert said.count("could be filled") == 1  # on the pass only, not on the colour's option
    game, s = _auction_in_34th_west(["boutique"])  # two plots empty: nobody fills it
    assert "could be filled" not in " ".join(s.decision_lines(game.decision()))


def test_the_board_during_the_preparation_says_the_supply_still_to_come():
    """A newcomer typed 'board' while placing the starting skyscrapers and read '0
    skyscrapers in supply', where the rules give each player 3 (en-2004, Preparation: after
    the starting skyscrapers): the board says the 3 to come, then the supply as it is."""
    game = load_ruleset(BASE).new_game(4, 79)
    display = load_display(game.ruleset)
    board = display.board(game, "P1", width=80)
    assert "0 skyscrapers in supply" not in board
    assert board.count("3 skyscrapers in supply after setup") == 4, board
    while game.state["step"] < 8:  # the starting skyscrapers, two each
        game.apply(game.decision().options[0])
    board = display.board(game, "P1", width=80)
    assert board.count(": 0 VP, 3 skyscrapers in supply, ") == 4, board
    assert all(len(x) <= 80 for x in board.splitlines())


def test_a_pass_says_on_what_auction_and_the_high_bid_it_left():
    """A newcomer's screen showed 'Player 3 passes. Player 4 passes.' as the last lines
    since their decision, the auction's header scrolled away: each pass names the district
    and the high bid (or that nobody has bid), on the player's next screen too."""
    from .test_rulebook_examples import card

    game, s = _auction_in_34th_west(["boutique"])
    game.apply("violet")
    game.apply(card("violet", 4))
    game.apply("finish_bid")
    s.screen(game.decision())  # Player 1's last screen: what follows is since then
    while game.decision().player != "P1":
        game.apply("pass_bid")
    out = s.out
    out.truncate(0)
    s.screen(game.decision())
    said = " ".join(out.getvalue().split())
    for other in ("Player 2", "Player 3"):
        assert f"{other} passes on 34th St. West; the high bid is Player 1's 4." in said, \
            said
    # the last pass is followed by the win, which says the bid (seed 315's newcomer read
    # 'the high bid stays your 8' twice before 'you win ... with 8')
    assert "Player 4 passes on 34th St. West. " in said, said
    game, _ = _auction_in_34th_west(["boutique"])
    game.apply("pass_bid")
    assert game.events[-1] == "Player 1 passes on 34th St. West; nobody has finished a bid yet."


def test_a_business_that_fills_the_players_district_says_what_it_risks():
    """A newcomer placed a business on the last empty plot of a district holding 7 of their
    skyscrapers, unwarned; a bot won the next auction there and stopped it (en-2004,
    Building stop: a district with no empty plot before its auction). The plot's option says
    so, on its line of the grouped plots, and no other plot does."""
    from .test_rulebook_examples import fresh, position

    game = fresh(load_ruleset(BASE))
    position(game, towers={"w34_violet": {"P1": 3}, "w34_gray": {"P2": 1}},
             tiles={"w34_brown": ["boutique"], "w34_orange": ["jeweler"]})
    game.perform("place_business", "P1")
    game.apply(game.decision().options[0])
    s, _ = session(game, 80)
    s.height = 24
    lines = s.decision_lines(game.decision())
    said = " ".join(" ".join(lines).split())
    assert "34th St. West: 1 brown 2 orange 3 green (fills 34th St. West, where you have 3 " \
        "skyscrapers: a later building stop there would take your skyscrapers out of the " \
        "game) 34th St. East: 4 violet" in said, said
    assert said.count("fills") == 1
    assert len(lines) <= 24 and all(len(x) <= 80 for x in lines)
    game.apply(game.decision().options[0])  # on the brown plot: green stays empty
    game.perform("place_business", "P3")  # Player 3 has no skyscraper there
    game.apply(game.decision().options[0])
    s, _ = session(game, 80)
    assert "fills" not in " ".join(s.decision_lines(game.decision()))


def test_a_stop_bid_names_whose_skyscrapers_would_leave_the_game():
    """The stop bid's hint said 'a building stop in 34th St. West (no plot free, none
    yours)' and not who would lose what: it names each other owner and their count, and the
    VP the stop scores (en-2004, Building stop: 1 VP for each skyscraper there), and the half
    of their district's points that each other player scores (a newcomer saw only their own)."""
    from .test_rulebook_examples import card, fresh, position

    game = fresh(load_ruleset(BASE))
    position(game, towers={"w34_violet": {"P2": 3}, "w34_gray": {"P4": 2}},
             tiles={"w34_brown": ["boutique"], "w34_orange": ["jeweler"],
                    "w34_green": ["gallery"]}, hands={"P1": {card("brown", 4): 1}})
    game.perform("district_auction", "P1", "w34")
    s, _ = session(game, 80)
    lines = s.decision_lines(game.decision())
    said = " ".join(" ".join(lines).split())
    assert "a building stop in 34th St. West (no plot free, none yours): Player 2's 3 and " \
        "Player 4's 2 skyscrapers there leave the game and you score 5 VP and Player 2 scores " \
        "4 VP (half) and Player 4 scores 3 VP (half); you build none" in said, said
    assert all(len(x) <= 80 for x in lines)


def test_the_bid_screen_says_a_building_stop_there_would_end_the_game():
    """The commissioner's move said 'a building stop in X would end the game'; the bid screen
    of that auction did not, where the stop would be the game's second."""
    from .test_rulebook_examples import card

    game, s = _auction_in_34th_west(["boutique", "jeweler", "gallery"], stopped=("e52",))
    game.apply("violet")
    game.apply(card("violet", 4))
    lines = s.decision_lines(game.decision())
    said = " ".join(" ".join(lines).split())
    assert "you would score 4 VP (half); a building stop in 34th St. West would end the " \
        "game." in said, said
    assert len(lines) <= 24 and all(len(x) <= 80 for x in lines)
    game, s = _auction_in_34th_west(["boutique", "jeweler", "gallery"])  # the first stop
    assert "end the game" not in " ".join(s.decision_lines(game.decision()))


def _taking_a_business_from_pe_je_bo():
    """Player 1 takes a business from a current set that lies on the row as perfume shop,
    jeweler, boutique (the rules offer them by kind: boutique, jeweler, perfume shop)."""
    from .test_rulebook_examples import fresh, position

    game = fresh(load_ruleset(BASE))
    position(game, row={"slot01": "perfume_shop", "slot02": "jeweler", "slot03": "boutique",
                        "slot04": "gallery"})
    game.perform("place_business", "P1")
    return game


def test_businesses_to_take_are_listed_in_the_order_of_the_row():
    """The options came in the order of their kinds, not of the row the player sees ('Pe Je
    Bo'): the display's option_order shows, numbers and takes them in the row's order; the
    rules keep theirs (bots and saved games are the same)."""
    game = _taking_a_business_from_pe_je_bo()
    assert game.decision().labels == ["boutique", "jeweler", "perfume shop"]  # the rules'
    answers = iter(["1"])

    def read(prompt: str) -> str:
        if prompt != "> ":
            return ""
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    s = Session(game.ruleset, game, History(), {p: "human" for p in game.players},
                load_display(game.ruleset), out, read=read, width=80, height=24)
    s.run()
    said = " ".join(out.getvalue().split())
    assert re.search(r"1\. perfume shop.* 2\. jeweler.* 3\. boutique", said), said
    assert game.frame_locals()["kind"] == "tile(perfume_shop)"  # '1' took the first shown
    assert game.decision().prompt == "place it on a building plot"


def test_wrapping_keeps_a_number_with_the_word_after_it():
    """A newcomer read an option's number at a row's end ('...rise from 2 to 3 VP)  2') and
    its plot below ('gray (worth now: ...'), and 'up to 3' above 'skyscrapers': a wrapped
    line never parts a number from the word that follows it, nor 'you' from its '+15',
    wherever it is wrapped (the grouped options and the digest, the hints' coloured lines,
    the options in a column)."""
    from interpreter.play.markup import wrap_segments
    from interpreter.play.screen import option_lines, wrap_lines

    note = "(worth now: your skyscrapers rise from 2 to 3 VP)"
    grouped = "  34th St. West: " + "  ".join(
        f"{k} {c} {note}" for k, c in enumerate(("violet", "brown", "gray", "orange"), 1))
    hint = "If it wins, you may build up to 3 skyscrapers. Any total finishes it (no bid yet)."
    points = "D: score a district, then move a commissioner: you +6 to +15, Player 4 +2 to +3"
    for width in range(30, 81):
        for text in (grouped, hint, points):
            wrapped = [*wrap_lines([text], width),
                       *("".join(x for x, _ in line)
                         for line in wrap_segments([(text, None)], width)),
                       *option_lines([text.strip(), "pass"], width)]
            for line, after in zip(wrapped, wrapped[1:], strict=False):
                assert not (re.search(r"(?<![\w.])\d+$", line) and
                            re.match(r"\s+[^\s\d]", after)), (width, line, after)
                assert not re.match(r"\s+[+-]\d", after), (width, line, after)  # 'you +15'


def test_what_every_choice_does_is_shortened_by_whole_parts_never_mid_word():
    """A newcomer read 'Every choice: ... (Player 1 scores 4 VP for skyscrapers in at least
    3 districts: the special scori; and more ('points')': the line was cut at a character
    count. It keeps whole parts, the first at least."""
    from interpreter.play.terminal import whole_parts

    parts = ["you +4 (Player 1 scores 4 VP for skyscrapers in at least 3 districts: the "
             "special scoring after business 3)", "1 card goes to your hand",
             "Player 2's 3 skyscrapers go to the box"]
    assert whole_parts(parts, 100) == parts[0]  # the first, whole, though longer than 100
    assert whole_parts(parts, 140) == "; ".join(parts[:2])
    assert whole_parts(parts, 500) == "; ".join(parts)


def test_the_board_at_the_end_is_on_one_page_with_its_marks(monkeypatch):
    """A newcomer's final board broke across pages right after its column headings, and had
    no legend for 'STOP': at the end the board starts a page when it
    does not fit the rest of one, and its marks are said under it."""
    from .test_digest import screens_of

    # only the end is read: the decisions' consequences, most of a whole game's time, are
    # not worked out on the way (the answers are drawn by the options' count, and the end's
    # pages say the scoring and the board, which they do not change)
    monkeypatch.setattr("interpreter.play.terminal.outlook", lambda *args, **kwargs: None)
    for seed in (3, 4):
        screens, _ = screens_of.__wrapped__(seed, 100_000)  # (not kept for other tests)
        page = [s for s in screens if "violet - brown" in s][-1]  # the board at the end
        board = page.split("violet - brown", 1)[1].split("\n", 1)[1]  # below the heading
        assert "52nd E" in board and "Marks: " in board, page
        assert "empty stack" not in board, page  # the '-' of the heading: one meaning
        assert len(page.rstrip("\n").split("\n")) <= 24


def test_the_final_scoring_is_headed_once():
    """The end printed 'Final scoring:' and below it the rules' own 'Final scoring: every
    district ...': the heading twice. The rules' line heads the scoring where it says it."""
    from .test_digest import NEWCOMER

    data = json.loads(NEWCOMER.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"]:
        game.apply(move)
    assert game.over
    s, out = session(game, 80)
    s.ending()
    text = out.getvalue()
    assert text.count("Final scoring") == 1, text
    assert "\nFinal scoring: every district without a building stop, then Central Park.\n" \
        "  Player 1 scores 35 VP in 34th St. West." in text


def test_the_board_draws_which_plots_touch_and_where_commissioners_go():
    """A newcomer read 'Plots touch: violet-brown, ...' in a text line and was sent to 'help'
    for the routes: the heading joins the colours whose plots touch, with the ring's last
    colour before the first, and each district's row says where its commissioners go next,
    where the terminal has the columns (at 60 the rows keep their plots, unwrapped)."""
    game = load_ruleset(BASE).new_game(4, 1)
    display = load_display(game.ruleset)
    lines = display.board(game, "P1", width=80).splitlines()
    assert "(green) - violet - brown  - gray   - orange - green" in lines, lines
    rows = {x[:9].strip(): x for x in district_rows("\n".join(lines))}
    assert rows["34th W"].rstrip().endswith("to 42W TSq")
    assert rows["52nd E"].rstrip().endswith("to Park")
    assert max(len(x) for x in lines) <= 80
    spare = [line for shown, _ in display.spare_blocks(game, "P1", False, 80) for line in shown]
    assert spare == ["Plots touch where '-' joins their colours; (green) - : green touches "
                     "violet too.", "'to ...' after a row: where its commissioners go next; "
                     "City Hall: to 34W or 34E."]
    narrow = display.board(game, "P1", width=60)
    assert " to " not in " ".join(district_rows(narrow)) and \
        max(len(x) for x in narrow.splitlines()) <= 60


NEWCOMER_127 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed127-newcomer.replay.json"
DISTRICT_ROW = re.compile(r"^(34th [WE]|42nd [WE]|52nd [WE]|Times Sq) ")


def whole_game_positions(name: str, players: int, seed: int):
    """Every position of a random game, to its end."""
    game = load_ruleset(FIFTH / name).new_game(players, seed)
    rng = random.Random(seed)
    yield game
    while not game.over:
        game.apply(rng.choice(game.decision().options))
        yield game


def newcomer_positions():
    """Every position of the seed-127 newcomer's game (a building stop, a plot holding two
    businesses and a skyscraper, a commissioner that goes 'to Park 52E')."""
    data = json.loads(NEWCOMER_127.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    yield game
    for move in data["moves"]:
        game.apply(move)
        yield game


def _board_columns(board: str, width: int) -> None:
    """Every row of a compact board fits `width`; the plots begin under their colours, and
    what follows them (where commissioners go, where the columns allow it, then the
    commissioners, the markers and STOP) begins at one column in every district's row."""
    lines = board.splitlines()
    assert all(len(x) <= width for x in lines), [x for x in lines if len(x) > width]
    heading = next(x for x in lines if "violet - brown" in x)
    columns = [heading.rindex(c) for c in ["violet", "brown", "gray", "orange", "green"]]
    rows = [k for k, x in enumerate(lines) if DISTRICT_ROW.match(x)]
    assert len(rows) == 7, board
    after = columns[-1] - 1 + 9  # the plots' cells are 9 wide, a space first
    moves, marks = set(), set()
    for k in rows:
        row = lines[k]
        for at in columns:
            assert row[at - 1] == " " and row[at] != " ", (row, heading)
        rest = row[after:]
        if lines[k + 1:k + 2] and lines[k + 1].startswith(" ") and \
                not DISTRICT_ROW.match(lines[k + 1]):  # a row too wide goes on below
            assert width < 80, (row, lines[k + 1])  # under what followed the column, or
            # under the second column when that has no room: marks only
            assert re.fullmatch(r" {10,}((STOP|<[A-Z][a-z]>|[a-z]{2}) ?)+", lines[k + 1]), \
                (row, lines[k + 1])
        if rest.startswith(" to "):
            moves.add(after)
        mark = re.search(r"(?<= )(STOP|<[A-Z][a-z]>|(?!to)[a-z]{2})( |$)", rest)
        if mark:
            marks.add(after + mark.start())
    if width >= 80:
        assert len(moves) == 1 and len(marks) <= 1, board  # one column each
    else:
        assert not moves, board  # the column a narrow terminal does without, in every row
        assert marks <= {after + 1}, board


@pytest.mark.parametrize("width", [80, 60])
def test_every_board_row_of_whole_games_fits_with_its_columns_aligned(width):
    """'to Park 52E' was cut to 10 letters on a newcomer's end board, and what a row shows
    after where commissioners go (commissioners, markers, STOP) went out of line where one
    row dropped that column alone; at 60 columns it is left out of every row at once."""
    seen = {"stop": 0, "to Park 52E": 0, "two businesses": 0}
    for positions in [newcomer_positions(), whole_game_positions("base", 4, 5),
                      whole_game_positions("alea-2p", 2, 3)]:
        display = None
        for game in positions:
            display = display or load_display(game.ruleset)
            board = display.board(game, "P1", width=width)
            _board_columns(board, width)
            seen["stop"] += "STOP" in board
            seen["to Park 52E"] += "to Park 52E" in board
            seen["two businesses"] += bool(re.search(r" (Bo|Je|Ga|Pe) (Bo|Je|Ga|Pe) ", board))
    assert seen["stop"] and seen["two businesses"], seen
    assert seen["to Park 52E"] or width < 80, seen


def test_an_emptied_district_says_under_the_board_what_left_it():
    """A building stop empties its district (en-2004: its skyscrapers and businesses are
    removed): the row showed empty plots and STOP, and a newcomer could not tell what had
    been there. Under the board a line says what emptied it and what left, by whose pieces
    (your own as 'your'), on the board and at the end."""
    data = json.loads(NEWCOMER_127.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    s, out = session(game, 80)
    s.steps.start(game)
    for move in data["moves"]:
        player = game.decision().player
        seen = watch_step(game, move)
        game.apply(move)
        s.steps.record(game, player, seen)
    for viewer, theirs in [("P1", "Player 3's 2 skyscrapers"), ("P3", "your 2 skyscrapers")]:
        said = " ".join(" ".join(s.board_lines(viewer)).split())
        assert "52nd St. West is closed (building stop 1); removed: 4 business tiles, " \
            f"{theirs} and Player 4's 1 skyscraper." in said, said
    assert said.count("removed:") == 1  # one district stopped; the supply row's emptied
    # spaces, one at a time, are no such news
    out.seek(0)
    out.truncate()
    s.ending()  # at the end: below the final board, said of every player by name
    assert "52nd St. West is closed (building stop 1); removed: 4 business tiles, Player " \
        "3's 2 skyscrapers and Player 4's 1 skyscraper." in " ".join(out.getvalue().split())


def test_an_emptied_district_is_said_under_the_board_after_an_undo_too():
    """Seed 319's newcomer undid a decision after the first building stop; the end said
    what the second stopped district had held and nothing of the first ('building stop'
    alone): an undo began the steps again from where it went back to. They are played again
    from the start, as a loaded game's are, and the board says what left each district."""
    last = 417  # seed 127's newcomer's last decision: after the building stop, undone
    screens = _loaded_at(NEWCOMER_127, last, ["undo", "board"])
    text = " ".join(" ".join(line for screen in screens for line in screen).split())
    assert "Taken back: your decision" in text, text
    assert "52nd St. West is closed (building stop 1); removed: 4 business tiles, " \
        "Player 3's 2 skyscrapers and Player 4's 1 skyscraper." in text, text


def test_why_takes_an_option_s_letter_or_number_and_says_what_a_bad_one_is_not():
    """'why E' at a turn of options A to D said only "'E' names nothing of this game" and
    listed the options without their letters. A letter or a number explains the option
    (allowed or not, what it does at once); a letter no option has says the letters there
    are, and which the rules refuse now; 'help' says that NAME may be either."""
    data = json.loads(NEWCOMER_127.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"][:8]:  # the newcomer's first turn: A, B or C; D not allowed
        game.apply(move)
    s, out = session(game, 80)
    decision = s.display.shown(game, game.decision())
    assert [o for o in decision.options] == ["A", "B", "C"]

    def answer(line: str) -> str:
        out.seek(0)
        out.truncate()
        s.handle(line, decision)
        return " ".join(out.getvalue().split())

    said = answer("why E")
    assert "There is no option E in this decision: its options are A, B, C and D (D is " \
        "not allowed now: 'why D' says why)." in said, said
    assert "1. A: take 3 skyscrapers" in said and "3. C: take a black card" in said
    for typed, option in [("why a", "A"), ("why 2", "B"), ("why C", "C")]:
        said = answer(typed)
        assert f"Option {option} (" in said and "You may choose" in said, said
        assert "At once:" in said, said
    assert "Option D (" in answer("why d") and "is not allowed now" in answer("why d")
    said = answer("why 99")
    assert "'99' is no option now" in said and "1. A: take" in said, said
    assert "names nothing of this game" in answer("why xyzzy")
    assert "Type 'why' and an option" in answer("why")
    assert "'why 2', 'why D'" in answer("help")


def test_an_answer_typed_ahead_for_a_choice_taken_alone_is_not_used(tmp_path):
    """The newcomer chose B (place a business) and typed ahead for the screen that asks which
    business to take; the game took the only one for them, and their typing landed on the
    next decision. In a real terminal: what was typed ahead is not used, and the next screen
    says so in one line; the game goes on with the next answer."""
    from .test_hot_seat_terminal import Pty

    data = json.loads(NEWCOMER_127.read_text())
    cut = 416  # before the newcomer's last turn: B, then the only business left, taken
    assert data["moves"][cut:cut + 2] == ["B", "w34_orange"]
    data.update(moves=data["moves"][:cut], deciders=data["deciders"][:cut],
                hashes=data["hashes"][:cut + 1], core_hashes=data["core_hashes"][:cut + 1],
                over=False)
    for key in ("final_hash", "ending", "scores", "winners"):
        data.pop(key)
    (tmp_path / "cut.json").write_text(json.dumps(data))
    game = Pty(["play", "--load", "cut.json", "--no-replay", "--color", "never"], tmp_path)
    try:
        game.until("Press Enter to start.")
        game.type("")
        game.until("choose your option for this turn")
        if not game.output.endswith("> "):
            game.until("> ")
        game.type("2\rB")  # option B, and at once an answer for the screen to come
        screen = game.until("place it on a building plot")
        if not game.output.endswith("> "):
            screen += game.until("> ")
        said = " ".join(screen.split())
        assert "Taken for you, the only option: take a business" in said, screen
        assert "What you typed before this question was set aside: the game answered the " \
            "last one for you." in said, screen
        assert "is not an option" not in said and "could mean" not in said, screen
        game.type("quit")
        game.until("Save before you leave?")
        game.type("n")
        game.rest()
    finally:
        game.close()


class _TypingWhileDrawn(io.StringIO):
    """A terminal's screen that types `typed` at its keyboard (a pty's master) as soon as
    `when` is written: a person typing while the screen is still being worked out."""

    def __init__(self, master: int, when: str, typed: bytes):
        super().__init__()
        self.master, self.when, self.typed = master, when, typed

    def write(self, text: str) -> int:
        if self.typed and self.when in text:
            os.write(self.master, self.typed)
            self.typed = b""
        return super().write(text)


LAST_TURN_127 = 416  # seed 127's newcomer's last turn: B, then the only business, taken


def _before_the_last_turn_of_127() -> tuple[dict, Any]:
    """Seed 127's newcomer's replay and its game before their last turn (B, then the only
    business left, taken for them)."""
    data = json.loads(NEWCOMER_127.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"][:LAST_TURN_127]:
        game.apply(move)
    return data, game


def test_a_line_typed_while_the_next_question_is_drawn_does_not_answer_it():
    """Seed 179 (issue 33): the newcomer chose B, the game took the only business for them,
    and the '1' they typed while the next screen was worked out placed it on the first plot.
    Checked once the question is shown, in a real pseudo-terminal: what waits unread is set
    aside, the screen says so in one line, and only what is typed after answers."""
    import select as select_module

    from interpreter.play.screen import set_aside_typed

    data, game = _before_the_last_turn_of_127()
    cut = LAST_TURN_127
    master, slave = os.openpty()
    answers = ["", "2"]  # Enter to start, option B

    def read(prompt: str) -> str:
        if answers:
            return answers.pop(0)
        if prompt.startswith("["):  # quit's question: without saving
            return "n"
        if select_module.select([slave], [], [], 0)[0]:
            return os.read(slave, 100).decode().strip()
        return "quit"

    out = _TypingWhileDrawn(master, "place it on a building plot", b"1\n")
    s = Session(game.ruleset, game, History.start(game),
                {p: "human" if p == "P1" else "random" for p in game.players},
                load_display(game.ruleset), out, tty=True, read=read, width=80, height=24,
                ahead=lambda: set_aside_typed(slave))
    _run_then_close(s, master, slave)
    assert game.moves[cut:] == ["B"], game.moves[cut:]
    screen = ANSI.sub("", out.getvalue().split("\x1b[2J")[-1])
    said = " ".join(screen.split())
    assert said.startswith("What you typed before this question was set aside: the game "
                           "answered the last one for you."), screen
    assert "place it on a building plot" in said, screen
    assert all(len(x) <= 80 for x in screen.splitlines()), screen


NEWCOMER_179 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed179-newcomer.replay.json"


@cache
def screens_179() -> dict[int, str]:
    """Each screen of the seed-179 newcomer's game (issue 33) at 80x24, in one string, its
    rows joined by spaces (test_digest.newcomer_screens)."""
    from .test_digest import newcomer_screens

    return {step: " ".join(" ".join(rows).split())
            for step, rows in newcomer_screens(replay=NEWCOMER_179).items()}


def test_a_pass_in_an_auction_where_the_viewer_has_pieces_is_never_folded():
    """Seed 179: 'and 1 more news of Player 4' hid Player 4's pass in the auction of Times
    Square, where the newcomer had 5 skyscrapers at risk; their own card paid was '1 more
    move of card'. The others' offers for a place of the viewer's pieces, and the viewer's
    own pieces, are never folded."""
    screens = screens_179()
    assert "Player 3 passes on Times Square; Player 4 passes on Times Square and takes back " \
        "the cards they had put forward (violet 5, violet 6 x2, black 4, black 5: 26 in all" \
        in screens[575], screens[575]
    assert "more news" not in screens[575], screens[575]
    assert "1 card (green 5) goes face up under the green stack, from your bid" \
        in screens[188], screens[188]
    assert "more move of card" not in screens[188], screens[188]


def test_pass_and_finish_come_after_every_card_of_a_bid_with_their_numbers_kept():
    """Seed 179, step 179: after 'green 5' the bid's options read '2. green 6 3. pass
    4. black 4 ...': pass sat between the coloured cards and the black ones. The cards take
    the first numbers, pass and finish the numbers after the hand's cards, and the list reads
    in order down the screen (each card by its place in the hand: seed 319)."""
    said = screens_179()[179]
    assert "8. green 6 9. black 4 10. black 5 11. black 6 12. pass (taking back your 1 card " \
        "bid)" in said, said
    assert said.index("12. pass") < said.index("13. finish: that is my bid"), said
    # the numbers kept for the cards that cannot join the bid now, said as that ('kept for
    # the others you hold' was cryptic to seed 311's newcomer)
    assert "(7: green 5, in your bid now; 1 to 6: for the rest of your hand, not offered " \
        "now; the other options keep their numbers.)" in " ".join(said.split()), said


NEWCOMER_319 = NEWCOMER_179.with_name("fifth-avenue-base-4p-seed319-newcomer.replay.json")


def _typed_at(replay: Path, step: int, *commands: str) -> str:
    """What a terminal's session (a tty, 80 columns) answers to `commands` typed at the
    decision after `step` decisions of a newcomer's replay, in one string."""
    data = json.loads(replay.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"][:step]:
        game.apply(move)
    s, out = session(game, 80, tty=True)
    for command in commands:
        s.handle(command, s.display.shown(game, game.decision()))
    return " ".join(out.getvalue().split())


def test_a_bid_s_number_not_listed_is_one_card_of_the_hand_and_the_card_keeps_it():
    """Seed 319, step 50: '1. violet 4 2. violet 6 12. pass (3 to 11: for the rest of your
    hand, not offered now; the other options keep their numbers.)'; 'why 8' answered about
    brown 6, the 3rd card, and once a card joined the bid black 4, the 9th, was listed as 3.
    Each card of the hand is numbered by its place in the hand for the whole bid: 'why 8' is
    about green 6, and black 4 is 9 on every screen."""
    from .test_digest import newcomer_screens

    screens = {k: " ".join(" ".join(v).split())
               for k, v in newcomer_screens(replay=NEWCOMER_319).items()}
    assert "1. violet 4 (build limit 3) 2. violet 6 (build limit 1) 12. pass" in screens[50]
    assert "(3 to 11: for the rest of your hand, not offered now;" in screens[50]
    for step in (51, 52, 53):
        assert re.search(r" 9\. black 4 10\. black 5 .* 11\. black 6 ", screens[step]), \
            screens[step]
        assert "3 to 8: for the rest of your hand, not offered now" in screens[step]
    assert "12. pass (taking back your 3 cards bid) 13. finish" in screens[53]
    assert "9: black 4 in your bid now, and you hold more" in screens[53]
    said = _typed_at(NEWCOMER_319, 50, "why 8", "3")
    assert said.startswith("8 is green 6 in your hand, which is not offered now. Green 6 is "
                           "not one of the cards that may join a bid"), said
    assert "3 is brown 6 in your hand, which is not offered now. Brown 6 is" in said, said
    assert said.count("Type one of 1, 2 or 12 (pass).") == 2, said


def _why_179(step: int, command: str) -> str:
    """What the seed-179 newcomer's screen at `step` answers to `command` (80 columns)."""
    data = json.loads(NEWCOMER_179.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"][:step]:
        game.apply(move)
    s, out = session(game, 80)
    s.handle(command, s.display.shown(game, game.decision()))
    return " ".join(out.getvalue().split())


def test_why_says_what_an_option_leads_to_and_agrees_with_the_list():
    """Seed 179: 'why 1' for the white commissioner said only '"white" is a commissioner.',
    and 'why' said nothing of the '(+N)' the list showed beside an option. 'why' says the
    hint's words about the option (where it may go next) and the list's words beside it
    (where its points come from)."""
    said = _why_179(514, "why 1")
    assert "As the screen says: white: in Central Park, may go to City Hall (starting a " \
        "set of auctions: 34th St. East, Times Square, 52nd St. East, then the park)." \
        in said, said
    said = _why_179(514, "why 2")
    assert "after it. As the screen says: beige: in 52nd St. East (once it moves " \
        "on, option D can no longer score it, but its skyscrapers stay and score later, " \
        "at the game's end at the latest: worth now 6 VP for you), may go to " \
        "Central Park." in said, said
    said = _why_179(173, "why 11")
    assert "On the list: Times Square, violet (you +6: your skyscrapers there from 9 to 15 " \
        "VP if scored now)." in said, said


def test_the_final_board_says_which_plots_touch():
    """Seed 179: the last board had lost the row 'Plots touch where '-' joins their
    colours', which the final scoring counts by; it is under the marks, on the board's
    page."""
    data = json.loads(NEWCOMER_179.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"]:
        game.apply(move)
    s, out = session(game, 80)
    s.height = 24
    s.read = lambda prompt: out.write(prompt + "\n") and ""  # Enter at each page
    s.ending()
    pages = ANSI.sub("", out.getvalue()).split(MORE)
    board = next(page for page in pages if "(green) - violet" in page)
    assert "Plots touch where '-' joins their colours; (green) - : green touches violet " \
        "too." in board, board
    assert board.index("City Hall") < board.index("Marks: ") < board.index("Plots touch"), \
        board
    assert len(board.strip("\n").splitlines()) <= 23, board


def test_a_player_s_name_and_number_stay_on_one_row():
    """A newcomer's option read '... if the others choose it too: Player' at a row's end
    and '4 wins the auction' below it."""
    text = "pass: if the others choose it too: Player 4 wins " \
        "the auction for 52nd St. East with 9"
    for width in range(40, 81):
        rows = wrap_text(text, width)
        assert not any(x.rstrip().endswith("Player") for x in rows), (width, rows)
        assert "Player 4 wins" in " ".join(x.strip() for x in rows)


def test_enters_typed_before_the_end_is_shown_do_not_close_it(tmp_path):
    """A newcomer's extra Enter, typed while the last pages came, closed the game at once:
    the final scores went with the window. Only an Enter typed after 'Press Enter to leave'
    is shown leaves."""
    from .test_hot_seat_terminal import GAME, Pty

    game = Pty([*GAME[:4], "--seat", "1=human", "--seat", "2=random", *GAME[8:]], tmp_path)
    try:
        game.until("Press Enter to start.")
        game.type("")
        for turn in range(3):  # three rounds, a pass each
            game.until("> ")
            game.type("1\r\r\r" if turn == 2 else "1")  # the last with Enters ahead
        game.until("Press Enter to leave.")
        with pytest.raises(subprocess.TimeoutExpired):
            game.process.wait(2)  # it waits for an Enter typed now
        game.type("")
        assert game.process.wait(60) == 0
    finally:
        game.close()


def test_points_lays_out_the_options_as_the_screen_does():
    """'points' listed '  9.' and '  10.' out of line, and continued an option's words at 4
    columns where the screen continues them at 5: it lays them out as the screen does."""
    ruleset = load_ruleset(rulesets_folder() / "fifth-avenue/base")
    game = ruleset.new_game(4, 3)
    while not (game.decision().player == "P1" and
               game.decision().prompt == "place it on a building plot"):
        options = game.decision().options
        game.apply("B" if "B" in options else options[0])
    out = io.StringIO()
    session = Session(ruleset, game, History(), {p: "human" for p in game.players},
                      load_display(ruleset), out, width=80)
    session.handle("points", game.decision())
    listed = out.getvalue().split("\n")
    numbered = [line for line in listed if re.match(r" +\d+\. ", line)]
    assert len(numbered) > 10, listed
    assert {line.index(".") for line in numbered} == {4}, numbered  # '  9.', ' 10.'
    for line, after in zip(listed, listed[1:], strict=False):
        if re.match(r" +\d+\. ", line) and after.startswith(" ") and \
                not re.match(r" +\d+\. ", after):
            assert len(after) - len(after.lstrip()) == 6, (line, after)  # under its words


def _answers_to(command: str) -> dict[int, list[str]]:
    """What seed 149's newcomer game (issue 33) says at 80x24 to `command` typed at each of
    the newcomer's decisions, by the decisions made before it: its lines, with the pager's
    question between its pages."""
    data = json.loads((Path(__file__).parent / "data" /
                       "fifth-avenue-base-4p-seed149-newcomer.replay.json").read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    moves, out, said, asked = data["moves"], io.StringIO(), {}, set()
    answering: set[int] = set()

    class Replayed(Session):
        def bot_move(self, decision):
            return moves[len(self.game.moves)]

    def read(prompt: str) -> str:
        step = len(session.game.moves)
        text = ANSI.sub("", out.getvalue()).split("\x1b[2J")[-1]
        out.seek(0)
        out.truncate()
        if step in answering:  # the command's answer, its pages up to the prompt
            said.setdefault(step, []).extend([*text.splitlines(), prompt])
            if prompt != MORE:
                answering.discard(step)
        if prompt != "> ":
            return ""
        if step not in asked:
            asked.add(step)
            answering.add(step)
            return command
        shown = session.display.shown(session.game, session.game.decision())
        return str(session.numbers(shown)[shown.options.index(moves[step])])

    session = Replayed(ruleset, game, History(), data["seats"], load_display(ruleset), out,
                       read=read, width=80, height=24)
    assert session.run() == 0
    return said


def test_board_after_a_building_stop_fits_or_breaks_between_the_board_and_its_notes():
    """Seed 149 (issue 33): 'board' after a building stop took two pages, the second
    holding one line, and a break could fall inside the marks. The board fits 24 rows where
    it can (the line on how to see the options goes first: Enter does it); where it cannot,
    the board is whole on the first page and what is said under it on the next."""
    from .test_digest import pages

    answers = _answers_to("board")
    paged = {step: pages(lines) for step, lines in answers.items() if MORE in lines}
    for step in (279, 379, 396):
        assert step not in paged and len(answers[step]) <= 24, "\n".join(answers[step])
    assert paged
    for step, shown in paged.items():
        assert all(len(page) <= 24 for page in shown), step
        assert shown[0][-2].startswith("M Player 4"), "\n".join(shown[0])
        assert shown[1][0].startswith("Times Square is closed"), "\n".join(shown[1])


def test_help_never_ends_a_page_on_a_heading():
    """'help''s first page ended on 'Marks on the board:' with its marks on the next."""
    from .test_digest import pages

    for lines in list(_answers_to("help").values())[:3]:
        paged = pages(lines)
        assert len(paged) > 1
        for page in paged[:-1]:
            assert not page[-2].endswith(":"), "\n".join(page)


def test_a_command_at_the_end_screen_is_done_and_the_end_screen_stays(tmp_path):
    """A newcomer typed 'rules end' at 'Press Enter to leave' and the game closed: there a
    command does what it says, the final scores come again, and only Enter leaves."""
    from .test_hot_seat_terminal import GAME, Pty

    game = Pty([*GAME[:4], "--seat", "1=human", "--seat", "2=random", *GAME[8:]], tmp_path)
    try:
        game.until("Press Enter to start.")
        game.type("")
        for _ in range(3):
            game.until("> ")
            game.type("1")
        game.until("Press Enter to leave.")
        for command, said in (("rules", "Winner"), ("help", "Commands (the game is over)"),
                              ("log 2", "the last 2 of"), ("points", "Winner"),
                              ("nonsense", "not a command here")):
            game.output = ""
            game.type(command)
            screen = game.until("Press Enter to leave.")
            assert game.process.poll() is None, (command, screen)
            assert said in screen, (command, screen)
            assert "Traceback" not in screen
            if command not in ("help", "nonsense"):  # done, then the end screen's scores
                assert screen.rindex("Winner") > len(screen) - 120, screen
        game.type("")
        assert game.process.wait(60) == 0
    finally:
        game.close()


def test_rules_end_says_when_the_game_ends_from_the_rules():
    """A newcomer's 'rules end' told the final scoring and the winner, not when the end
    comes: the end's topic says it first, each reason the rules end the game for."""
    ruleset = load_ruleset(BASE)
    from interpreter.play.rules_help import rules_lines

    text = " ".join(" ".join(rules_lines(ruleset, None, "end", 80)).split())
    reasons = [m for path in (BASE / "rules").glob("*.rules")
               for m in re.findall(r'end game "([^"]+)"', path.read_text())]
    assert len(reasons) == 2
    said = text.split("Final scoring")[0]  # before the final scoring
    assert "The game ends when" in said, text
    assert all(reason in said for reason in reasons), (reasons, text)


def test_why_of_an_option_that_does_nothing_at_once_does_not_say_the_game_goes_on():
    """Seed 319, step 425: 'why' of finishing a bid whose win would end the game said 'At
    once: no points change and nothing else happens; the game goes on.', which a newcomer
    read as harmless; the screen above said the win would end the game. It says that what
    follows depends on the decisions after it, and points to the lines above the options."""
    said = _typed_at(NEWCOMER_319, 425, "why finish")
    assert "the game goes on" not in said, said
    assert "At once: no points change and nothing else happens; what follows depends on the " \
        "decisions after it. The lines above the options say what it may lead to." in said, said


def test_why_of_a_setup_plot_says_it_plainly():
    """'why 1' at setup read like code: 'nothing moves beyond what the option says ... (the
    list's words, below, say what may follow)'."""
    game = load_ruleset(BASE).new_game(4, 211)
    s, out = session(game, 80)
    s.handle("why 1", s.display.shown(game, game.decision()))
    said = " ".join(out.getvalue().split())
    assert "At once: no points change and nothing else happens; what follows depends on " \
        "the decisions after it." in said, said
    assert "The list says beside it: 34th St. West, violet (+2)." in said, said
    assert "beyond what the option says" not in said and "the list's words" not in said


@pytest.mark.parametrize("seed", [211, 179, 315])
def test_the_options_are_on_a_busy_decision_s_first_screen(seed):
    """Seed 211's newcomer met '-- more --' before the options after a busy stretch (three
    times): the digest is cut short instead, saying that 'log' shows it all, and every
    decision's options are on its first screen, within 80x24. (Seed 315's met it where what
    happened to them took the digest's rows: said short too.)"""
    from interpreter.play.screen import FOLDED, LEFT_OUT

    from .test_digest import fits, newcomer_screens

    replay = Path(__file__).parent / f"data/fifth-avenue-base-4p-seed{seed}-newcomer.replay.json"
    screens = newcomer_screens(replay=replay)
    assert all(MORE not in screen for screen in screens.values()), \
        [k for k, screen in screens.items() if MORE in screen]
    assert all(fits(screen) for screen in screens.values())
    folded = [k for k, screen in screens.items() if FOLDED in screen or LEFT_OUT in screen]
    assert folded  # the busiest ones: said short, 'log' shows the rest


@pytest.mark.parametrize("seed", [227, 199])
def test_a_busy_screen_never_leaves_out_what_happened_to_the_player(seed):
    """Seed 227's newcomer lost 3 skyscrapers to another's building stop and read only
    "(What happened since your last decision: 'log'. Your choices took the room.)": what was
    taken for the player, what their decision did and what others did to their pieces are
    on the decision's screen (their first lines at least), or the screen comes a page at a
    time; only the others' news may be left to 'log'."""
    from interpreter.play.screen import LONE_HEAD, MINE

    from .test_digest import newcomer_screens

    replay = Path(__file__).parent / f"data/fifth-avenue-base-4p-seed{seed}-newcomer.replay.json"
    short, tall = newcomer_screens(replay=replay), newcomer_screens(replay=replay, height=300)
    checked = 0
    for step, screen in short.items():  # (the choices taken alone: short of room, said
        # shorter, the newest first: test_digest's seed 311)
        mine = [LONE_HEAD if line.startswith(LONE_HEAD) else line[:40]
                for line in tall[step] if line.startswith(MINE)]
        checked += bool(mine)
        said = "\n".join(screen)
        assert MORE in screen or all(line in said for line in mine), (mine, said)
    assert checked


@pytest.mark.parametrize("seed", [227, 211])
def test_a_bid_s_gap_note_says_only_the_player_s_own_cards_by_their_own_numbers(seed):
    """Seed 227's newcomer read '(1: green 6 in your bid now, and you hold more; ...)' beside
    '1. black 5' (a black card offered once the green one had left the hand took its
    number), '2: orange 5 in Player 2's hand now' (another's cards handed back by the
    rules) and '3: black 6 x10 in the used black cards now' (everybody's cards there). A
    number in the note is no option's on the screen, and the note names no one else's
    zone nor counts what others put there."""
    from .test_digest import newcomer_screens

    replay = Path(__file__).parent / f"data/fifth-avenue-base-4p-seed{seed}-newcomer.replay.json"
    checked = 0
    for screen in newcomer_screens(replay=replay).values():
        text = " ".join(" ".join(screen).split())
        note = re.search(r"\((\d[^()]*?)the other options keep their numbers\.\)", text)
        if not note:
            continue
        checked += 1
        offered = dict(re.findall(r"(?<![\w:]) ?(\d+)\. ([a-z]+ \d)\b",
                                  text[text.index("What each") if "What each" in text else 0:]))
        for number, card in re.findall(r"(\d+): ([a-z]+ \d)", note.group(1)):
            assert offered.get(number, card) == card, (number, card, offered, text)
        assert not re.search(r"x\d\d|Player \d's", note.group(1)), note.group(1)
    assert checked


def test_a_bid_s_gap_note_lists_every_card_in_it_two_of_a_kind_too():
    """Seed 211: the bid was 'brown 5 + black 4 + black 4 + black 5' and the note under the
    options said '(1 and 3: brown 5, black 4, in your bid now; ...)': a second black 4, and
    the black 5 (of two held, one still offered as 4), went unsaid. Each card in the bid is
    said, as many times as it is there, and the numbers stay as they were."""
    from .test_digest import newcomer_screens

    replay = Path(__file__).parent / "data/fifth-avenue-base-4p-seed211-newcomer.replay.json"
    screens = newcomer_screens(replay=replay)
    checked = 0
    for screen in screens.values():
        text = " ".join(" ".join(screen).split())
        bid = re.search(r"Your bid: ([a-z0-9 +]+) =", text)
        note = re.search(r"\((\d[^()]*?)the other options keep their numbers\.\)", text)
        if not bid or not note:
            continue
        cards = bid.group(1).split(" + ")
        said = {m.group(1): int(m.group(2) or 1) for m in re.finditer(
            r"\b((?:violet|brown|gray|orange|green|black) \d)(?: x(\d))?", note.group(1))}
        assert said == {c: cards.count(c) for c in cards}, (cards, note.group(0))
        checked += 1
    assert checked > 20
    text = " ".join(" ".join(screens[208]).split())
    assert "(2 and 9: brown 5, black 4 x2, in your bid now; 10: black 5 in your bid now, and " \
        "you hold more; 1 and 4 to 8: for the rest of your hand, not offered now;" in text, text
    assert re.search(r" 10\. black 5 ", text) and re.search(r" 3\. brown 6 ", text)


def test_a_setup_plot_keeps_its_number_at_the_terminal_as_on_the_page():
    """The page numbers setup's plots by the display (option_order with numbers: true); the
    terminal renumbered them at each placement. One rule for both: a plot keeps its number
    across the setup placements, the page's number."""
    from .test_digest import newcomer_screens

    replay = Path(__file__).parent / "data/fifth-avenue-base-4p-seed211-newcomer.replay.json"
    screens = newcomer_screens(replay=replay)
    setup = [k for k, screen in screens.items()
             if any("place a skyscraper on an empty building plot" in x for x in screen)]
    assert len(setup) == 2  # the newcomer's two placements, others' between

    def numbered(screen: list[str]) -> dict[str, int]:
        return {m.group(2).strip(): int(m.group(1)) for line in screen
                for m in re.finditer(r"(\d+)\. ([A-Z0-9][^,]*, [a-z]+)", line)}

    first, second = (numbered(screens[k]) for k in setup)
    assert len(second) < len(first) and set(second) < set(first)
    assert all(second[plot] == first[plot] for plot in second), (first, second)
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, 211)
    display = load_display(ruleset)
    shown = display.shown(game, game.decision())
    assert display.option_numbers(game, shown) == [first[label] for label in shown.labels]


def _board_at(width: int, resized_to: int | None = None) -> tuple[str, list[str]]:
    """What 'board' printed at the first decision of a 4-player game at a pty of `width`
    columns and 24 rows (made `resized_to` columns wide before 'board' is typed), and every
    question asked."""
    import fcntl
    import struct
    import termios

    from interpreter.play.screen import terminal_size

    master, slave = os.openpty()

    def resize(columns: int) -> None:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))

    resize(width)
    out, asked, typed = io.StringIO(), [], ["board"]

    def read(prompt: str) -> str:
        asked.append(prompt)
        if prompt != "> ":
            return ""
        if not typed:
            raise EOFError
        if resized_to is not None:
            resize(resized_to)
        out.seek(0)
        out.truncate()
        return typed.pop(0)

    game = load_ruleset(BASE).new_game(4, 311)
    s = Session(game.ruleset, game, History.start(game), {p: "human" for p in game.players},
                load_display(game.ruleset), out, tty=True, read=read, width=width, height=24,
                size=lambda: terminal_size(slave))
    _run_then_close(s, master, slave)
    return ANSI.sub("", out.getvalue()), asked


def test_a_terminal_made_60_columns_wide_mid_game_gets_a_board_of_60(monkeypatch):
    """Seed 311's newcomer made their tmux window 60 columns wide mid-game: 'board' still
    drew the 80-column board, which the terminal wrapped ('to 42 / W TSq'). The width is
    read again from the terminal (a pty's size) at each screen and at 'board'."""
    monkeypatch.delenv("COLUMNS", raising=False)
    said, _ = _board_at(80, resized_to=60)
    assert "Central Park" in said and "Player 4" in said, said
    assert all(len(line) <= 60 for line in said.splitlines()), said
    said, _ = _board_at(80)
    assert any(len(line) > 60 for line in said.splitlines()), said  # 80 while it is 80


def test_what_quit_says_is_wrapped_at_the_width_the_terminal_has_again(monkeypatch, tmp_path):
    """Seed 313's newcomer made their window 60 columns wide for 'board', then 80 again:
    'quit' still wrapped its 'Replay: ...' line at 60. The width is read again for every
    output, not only for a screen or a board."""
    import fcntl
    import struct
    import termios

    from interpreter.play.screen import terminal_size

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.chdir(tmp_path)
    master, slave = os.openpty()

    def resize(columns: int) -> None:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))

    out, typed = io.StringIO(), [(60, "board"), (80, "quit")]

    def read(prompt: str) -> str:
        if prompt.startswith("["):  # quit's question: without saving
            return "n"
        if prompt != "> ":
            return ""
        if not typed:
            raise EOFError
        columns, text = typed.pop(0)
        resize(columns)
        out.seek(0)
        out.truncate()
        return text

    resize(80)
    game = load_ruleset(BASE).new_game(4, 313)
    s = Session(game.ruleset, game, History.start(game), {p: "human" for p in game.players},
                load_display(game.ruleset), out, tty=True, read=read, width=80, height=24,
                replay_dir=Path("replays"), size=lambda: terminal_size(slave))
    _run_then_close(s, master, slave)
    said = ANSI.sub("", out.getvalue())
    replay = said[said.index("Replay: "):].splitlines()
    assert len(replay[0]) > 60 and all(len(x) <= 80 for x in replay), said
    assert len(replay) == 2, said


def test_a_board_at_60_columns_keeps_where_commissioners_go_and_its_pager_fits(monkeypatch):
    """At 60 columns the board's rows have no room for 'to 42W TSq': they lost it, and the
    rows that say which plots touch and what 'to ...' means went with it; the pager's
    question (61 characters) wrapped. Where commissioners go is said on lines of its own,
    with which plots touch, on the page of the marks; the question fits."""
    monkeypatch.delenv("COLUMNS", raising=False)
    said, asked = _board_at(60)
    flat = " ".join(said.split())
    assert "Commissioners go next: Hall to 34W 34E; 34W to 42W TSq; 34E to TSq 42E;" in flat, said
    assert "Plots touch where '-' joins their colours" in flat, said
    assert "'to ...' after a row" not in flat, said  # no such column at 60
    assert all(len(line) <= 60 for line in said.splitlines()), said
    assert asked and all(len(prompt) < 60 for prompt in asked), asked
    assert any(prompt.startswith("--") for prompt in asked), asked  # paged
    wide, _ = _board_at(80)
    assert "Commissioners go next" not in wide and "'to ...' after a row" in wide, wide


NEWCOMER_311 = NEWCOMER_127.with_name("fifth-avenue-base-4p-seed311-newcomer.replay.json")


@pytest.mark.parametrize("width", [80, 60])
def test_the_marks_under_the_board_say_every_player_s_letter(width):
    """Seed 311's newcomer read '34th W .. Bo Ga R5 Je P1' and the marks' 'R5 5 skyscrapers
    of R (Player 1)', and took Player 4's 'P1' for Player 1's: nothing said that P is Player
    4's letter. The board says every player's letter, at the start of their row (seed
    313's newcomer read the marks' 'B 2, Y 3, P 4' as counts), and the mark says whose
    letter it is, within the terminal's width."""
    data = json.loads(NEWCOMER_311.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"][:465]:
        game.apply(move)
    s, _ = session(game, width)
    lines = s.board_lines("P1")
    marks = " ".join(" ".join(lines[next(k for k, x in enumerate(lines)
                                         if x.startswith("Marks: ")):]).split())
    assert "R9 9 skyscrapers of R = Player 1" in marks, marks
    for letter, seat in (("R", 1), ("B", 2), ("Y", 3), ("M", 4)):
        assert any(x.startswith(f"{letter} Player {seat}: ") for x in lines), lines
    assert all(len(x) <= width for x in lines), lines


def test_help_never_breaks_a_command_s_option_at_its_hyphens():
    """Seed 313's newcomer read "'--" at a row's end and "cite' for the designer's view"
    below it in 'help': a word is never broken at its hyphens."""
    from interpreter.play.terminal import help_lines

    for width in range(40, 101):
        assert not any(line.rstrip().endswith("-") for line in help_lines(width)), width


def test_score_says_when_every_random_draw_gives_the_same_scores():
    """Seed 313's newcomer typed 'score' and read '(What the final scoring leaves to chance
    is drawn at random here, 5 times.)' above one number a player, and looked for the range:
    where every draw gives the same scores, it says so (seed 311, step 255); where they
    differ, the scores are ranges (step 345)."""
    from .test_digest import NEWCOMER_311, typed_at

    same = " ".join(" ".join(typed_at(NEWCOMER_311, 255, ["score"])[1]).split())
    assert "drawn at random here, 5 times: every draw gives these scores.)" in same, same
    differ = " ".join(" ".join(typed_at(NEWCOMER_311, 345, ["score"])[1]).split())
    assert "drawn at random here, 5 times.)" in differ and " to " in differ, differ


def _options_shown(screen: list[str]) -> dict[str, str]:
    """An options list's words by the number shown for them ('11. finish' -> '11':
    'finish')."""
    return {m[1]: m[2] for m in (re.match(r"\s+(\d+)\. (\w+)", line) for line in screen) if m}


def _loaded_at(replay: Path, target: int, typed: list[str]) -> list[list[str]]:
    """A newcomer's game loaded at step `target` (as 'rules play --load' opens a file
    holding it) and played at a 80x24 terminal: its first screen, then what each of `typed`
    printed; the bots play as the replay says."""
    data = json.loads(replay.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    history = History.start(game)
    for move in data["moves"][:target]:
        player = game.decision().player
        game.apply(move)
        history.record(game, player, move)
    moves, out, said, left = data["moves"], io.StringIO(), [], list(typed)

    class Replayed(Session):
        def bot_move(self, decision):
            return moves[len(self.game.moves)]

    def read(prompt: str) -> str:
        text = ANSI.sub("", out.getvalue().split("\x1b[2J")[-1])
        out.seek(0)
        out.truncate()
        if prompt != "> ":
            return ""
        said.append(text.splitlines())
        if not left:
            raise EOFError
        return left.pop(0)

    session = Replayed(ruleset, game, history, data["seats"], load_display(ruleset), out,
                       tty=True, read=read, width=80, height=24,
                       loaded=game.state["step"])
    session.run()
    return said


def test_the_note_under_a_bid_after_an_undo_is_the_note_before_it():
    """Seed 319: the newcomer loaded their bid (violet 6 x2, black 4, black 5, black 6 x3)
    and took back the last black 6; the note under the list read '(1, 2 and 3: violet 6,
    black 4, black 5, chosen already; ...)': no 'x2', nothing of the black 6 still in the
    bid, and 'chosen already' where it had read 'in your bid now'. After the undo it reads
    as on the screen where that card was offered."""
    before = " ".join(" ".join(_loaded_at(NEWCOMER_319, 424, [])[0]).split())
    screens = _loaded_at(NEWCOMER_319, 425, ["undo"])
    after = " ".join(" ".join(screens[-1]).split())
    assert "Taken back: your decision 'black 6'" in after, after
    note = re.search(r"\((\d[^()]*?)the other options keep their numbers\.\)", before)
    assert note and "x2" in note.group(1), before
    assert note.group(0) in after, (note.group(0), after)
    assert "chosen already" not in after, after
    last = " ".join(" ".join(_loaded_at(NEWCOMER_319, 425, [])[0]).split())  # no card offered
    assert "2 to 7: for the rest of your hand, not offered now" in last, last


def test_a_decision_keeps_its_numbers_after_a_load_and_after_an_undo():
    """Seed 313's newcomer bid card after card ('10. pass', '11. finish: that is my bid'),
    saved, loaded the game and typed 'undo': the same decision read '1. finish: that is my
    bid / 2. pass' (typing 11 from memory would fail, 1 would finish). The numbers of a
    choice made card by card are worked out again as the game is loaded: the same decision
    gets the same numbers played through, after a load, and after a load and an undo."""
    from .test_digest import NEWCOMER_311, typed_at

    target = 555  # the last of 12 cards put forward: only 'finish' and 'pass' are left
    live = _options_shown(typed_at(NEWCOMER_311, target, [])[0])
    assert sorted(live.values()) == ["finish", "pass"] and "1" not in live, live
    loaded = _options_shown(_loaded_at(NEWCOMER_311, target, [])[0])
    assert loaded == live, (loaded, live)
    # loaded after the bid was finished (the next decision of the person's), then undone
    data = json.loads(NEWCOMER_311.read_text())
    after = next(k for k in range(target + 1, len(data["moves"]))
                 if data["deciders"][k] == "P1")
    screens = _loaded_at(NEWCOMER_311, after, ["undo"])
    assert "Taken back: your decision 'finish" in " ".join(" ".join(screens[1]).split()), \
        screens[1]
    undone = _options_shown(screens[1])
    assert undone == live, (undone, live)


def _answered_as_it_appears(read_after: float) -> tuple[list, str]:
    """Seed 127's last turn at a pty: B, then the only business, taken for the player; '1'
    comes in at the terminal as the next question is shown, `read_after` seconds (of the
    session's clock) after it was drawn; then 'quit'. The moves made from B on, and what
    was written since the '1'."""
    from interpreter.play.screen import set_aside_typed

    data, game = _before_the_last_turn_of_127()
    cut = LAST_TURN_127
    master, slave = os.openpty()
    answers = ["", "2"]  # Enter to start, option B
    now, sent = [0.0], []
    out = io.StringIO()

    def read(prompt: str) -> str:
        if answers:
            return answers.pop(0)
        if prompt.startswith("["):  # quit's question: without saving
            return "n"
        if len(game.moves) == cut + 1 and not sent:  # at the screen's first question
            sent.append("1")
            out.seek(0)
            out.truncate()
            os.write(master, b"1\n")  # typed after the screen was drawn
            now[0] += read_after
            return os.read(slave, 100).decode().strip()
        return "quit"

    s = Session(game.ruleset, game, History.start(game),
                {p: "human" if p == "P1" else "random" for p in game.players},
                load_display(game.ruleset), out, tty=True, read=read, width=80, height=24,
                ahead=lambda: set_aside_typed(slave), clock=lambda: now[0])
    try:
        s.run()
    finally:
        os.close(master)
        os.close(slave)
    return game.moves[cut:], ANSI.sub("", out.getvalue())


def test_an_answer_that_comes_as_the_question_appears_after_a_choice_taken_alone_is_asked_again():
    """Seed 313's newcomer answered a question, the game took the next one for them (its
    only option: 'move the commissioner to: Central Park'), and the '1' they sent for it
    came in just after the next screen was drawn: it bid brown in an auction they had not
    read. What was typed before the screen is dropped (the test above); an answer that
    comes less than READING seconds after it, after a choice taken alone, is not taken:
    the terminal says why and asks again. One that comes later is the player's answer."""
    from interpreter.play.terminal import READING

    moves, said = _answered_as_it_appears(READING / 4)
    assert moves == ["B"], moves
    flat = " ".join(said.split())
    assert "Your '1' came as this question appeared, just after the game answered the " \
        "last one for you: it is not taken." in flat, said
    assert all(len(x) <= 80 for x in said.splitlines()), said
    moves, said = _answered_as_it_appears(READING * 2)
    assert len(moves) == 2 and moves[0] == "B", moves
    assert "not taken" not in said, said


def test_the_board_s_marks_cannot_be_read_as_player_numbers():
    """Seed 313's newcomer read 'Central Park  P2, none, turned over Ga Ga': 'P2' (Player
    4's 2 skyscrapers) as Player 2's, beside 'B1', which is Player 2's; 'none' said the
    absence of nothing named; and the marks' 'R4 4 skyscrapers of R (Player 1; B 2, Y 3,
    P 4)' as counts. No player's letter is P now (Player 4 is M), the marks say 'of R =
    Player 1' (each letter begins its player's row below the grid), and an empty part of
    the park says what it lacks; the board keeps within 80 and 60 columns, its marks in 4
    rows at most at 80 (6 at 60)."""
    from .test_digest import NEWCOMER_311

    data = json.loads(NEWCOMER_311.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    for move in data["moves"][:60]:  # every player has skyscrapers on the grid
        game.apply(move)
    for width in (80, 60):
        s = Session(ruleset, game, History(), data["seats"], load_display(ruleset),
                    io.StringIO(), tty=True, width=width, height=24)
        lines = s.board_lines("P1")
        board = "\n".join(lines)
        assert all(len(x) <= width for x in lines), board
        grid = lines[lines.index(next(x for x in lines if x.startswith("(green)"))) + 1:
                     lines.index(next(x for x in lines if x.startswith("Row:")))]
        assert not re.search(r"\bP\d", "\n".join(grid)), board
        assert re.search(r"\bM\d", "\n".join(grid)), board  # Player 4's, by M
        assert any(x.startswith("M Player 4:") for x in lines), board
        assert "no skyscrapers, no businesses" in " ".join(board.split()), board
        assert ", none" not in board, board
        marks = " ".join(board[board.index("Marks: "):].split())
        assert re.search(r"R\d \d skyscrapers? of R = Player 1", marks), marks
        assert "B 2" not in marks and "P 4" not in marks, marks
        assert len([x for x in lines[lines.index(next(x for x in lines
                                                      if x.startswith("Marks: "))):]
                    ]) <= (4 if width == 80 else 6), board


def _typed_at_setup(*typed: str, height: int = 24) -> list[str]:
    """What each line typed at seed 315's first decision (the setup's first skyscraper, at a
    terminal: the plots keep the display's numbers; plot 5, 34th St. West, green, holds a
    business and is left out) printed, in one line each."""
    game = load_ruleset(BASE).new_game(4, 315)
    s, out = session(game, 80, tty=True)
    s.height = height
    decision = s.display.shown(game, game.decision())
    assert 5 not in s.numbers(decision) and 4 in s.numbers(decision)
    said = []
    for line in typed:
        out.seek(0)
        out.truncate()
        s.handle(line, decision)
        said.append(out.getvalue())
    return said


def test_a_number_left_out_of_the_list_says_what_it_is_and_why():
    """Seed 315's newcomer (issue 33) typed 5, left out of the setup's list, and read only
    'There is no option 5'; 'why 5' was read as the start of a name ("'5' could mean 52nd
    St. West, violet, ..."), where 'why 1' was option 1. A bare number is an option's
    number: one the list leaves out says what it is, why it is not offered and what may be
    typed; one that stands for nothing says so."""
    typed, why, why_1, why_99 = (" ".join(x.split()) for x in
                                 _typed_at_setup("5", "why 5", "why 1", "why 99"))
    for said in (typed, why):
        assert "5 is 34th St. West, green, which is not offered now. There is already a " \
            "perfume shop there. Type a number listed." in said, said
        assert "could mean" not in said and "There is no option 5" not in said, said
    assert "You may choose '34th St. West, violet': it is option 1." in why_1, why_1
    assert "'99' is no option now" in why_99 and "could mean" not in why_99, why_99


def test_why_of_a_refused_place_keeps_its_reason_on_the_terminal_s_rows():
    """`why 34th St. West, green` printed the reason, then 12 options and 'and 16 more':
    the reason scrolled off the newcomer's rows. The options allowed are cut to what fits
    with the reason, the line typed, the reminder and the prompt."""
    for height in (24, 18):
        said = _typed_at_setup("why 34th St. West, green", height=height)[0].splitlines()
        assert "  - There is already a perfume shop there." in said, said
        assert len(said) + 2 <= height, (height, said)  # with the line typed and the prompt
        assert said[-1].startswith("(Type a number listed") and \
            re.fullmatch(r"  and \d+ more \(Enter shows them all\)", said[-2]), said


def test_a_bid_s_number_kept_for_a_card_not_offered_says_which_cards_and_why():
    """Seed 315's newcomer read '3 to 9: for the rest of your hand, not offered now' under a
    bid's first card, typed 5 and read 'There is no option 5'. A number kept for the hand's
    other cards says which cards, why they are not offered, and what may be typed."""
    screens, _ = _park_auction_screens(["", "brown", "3", "why 4"])
    said = [" ".join(x.split()) for x in screens]
    first, typed, why = said[-3:]
    assert "3 and 4: for the rest of your hand, not offered now" in first, first
    for k, card, text in (("3", "black 4", typed), ("4", "black 6", why)):  # each its card
        assert f"{k} is {card} in your hand, which is not offered now. {card.capitalize()} " \
            "is not one of the cards that may join a bid" in text, text
        assert "Type one of 1, 2 or " in text and "There is no option" not in text, text


def test_a_second_pick_of_another_kind_keeps_the_numbers_of_the_first():
    """Both newcomers of issue 33 took a coloured card, then a second 'of another colour':
    the second question renumbered the stacks (orange was 4, then 3) and the number typed
    again took another card. A question that goes on from the same player's answer, asked
    by the same rule from what it offered, keeps its numbers; the number taken says so."""
    from .web_support import FIFTH, play_until

    ruleset, game, history = play_until(
        FIFTH, 4, 0, lambda g, d: d.player == "P1" and d.prompt == "take a coloured card")
    out, screens = io.StringIO(), []
    answers = iter(["", "1", "1"])

    def read(prompt: str) -> str:
        screens.append(ANSI.sub("", out.getvalue().split("\x1b[2J")[-1]))
        out.seek(0)
        out.truncate()
        return next(answers)

    s = Session(ruleset, game, history, {"P1": "human", "P2": "random", "P3": "random",
                                         "P4": "random"},
                load_display(ruleset), out, tty=True, read=read, width=80, height=24)
    with pytest.raises(StopIteration):
        s.run()

    def numbered(screen: str) -> dict[str, int]:
        return {m.group(2): int(m.group(1))
                for m in re.finditer(r"^ +(\d+)\. ([a-z]+):", screen, re.M)}

    first, second, refused = screens[-3:]
    assert "of another colour" in second, second
    before, after = numbered(first), numbered(second)
    taken = next(c for c, n in before.items() if n == 1)
    assert len(before) >= 3 and taken not in after, (first, second)
    assert after == {c: n for c, n in before.items() if c != taken}, (first, second)
    assert f"(1: {taken}, chosen already; the other options keep their numbers.)" in \
        " ".join(second.split()), second
    assert f"1 ({taken}) is chosen already" in refused, refused


def test_a_word_of_one_option_chooses_it_and_a_word_of_several_says_which():
    """Seed 317's newcomer typed 'stop' at 'build, or declare a building stop?' and read
    "'stop' is not an option or a command": only 'building stop' and its beginnings were
    taken. A whole word of one option's words chooses it; a word that several options hold
    says which ones it could mean."""
    from interpreter.play.terminal import matching

    from .test_consequences import at_the_second_stop

    game = at_the_second_stop()
    decision = game.decision()
    assert set(decision.options) == {"build", "building stop"}
    s, out = session(game, 80)
    assert s.handle("stop", decision) == "building stop"
    assert s.handle("STOP", decision) == "building stop"
    assert s.handle("build", decision) == "build"  # the whole name first
    assert "not an option" not in out.getvalue()
    places = ["w34", "w42", "e42"]
    labels = ["34th St. West", "42nd St. West", "42nd St. East"]
    assert matching("east", places, labels) == ["e42"]
    assert matching("west", places, labels) == ["w34", "w42"]
    assert matching("st west", places, labels) == ["w34", "w42"]
    assert matching("wes", places, labels) == []  # a word whole, not its beginning


def _quit_after_undo(target: int, answer_again: bool) -> str:
    """Seed 311's newcomer's game loaded at one of their decisions, at 80x24: 'undo' (their
    decision before and the bots' after it taken back), then that decision taken again as the
    replay has it (or another option), then 'quit': what 'quit' printed."""
    data = json.loads(NEWCOMER_311.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    moves, history = data["moves"], History.start(game)
    human = next(p for p, seat in data["seats"].items() if seat == "human")
    for move in moves[:target]:
        player = game.decision().player
        game.apply(move)
        history.record(game, player, move)
    out, typed = io.StringIO(), ["undo", "again", "quit"]

    class Replayed(Session):
        def bot_move(self, decision):
            return moves[len(self.game.moves)]

    def read(prompt: str) -> str:
        if prompt != "> ":
            return "n" if prompt.startswith("[y: save") else ""  # quit without saving
        word = typed.pop(0)
        if word != "again":
            return word
        decision = session.display.shown(session.game, session.game.decision())
        at = len(session.game.moves)  # the decision taken back
        assert at < target and decision.player == human, (at, target)
        options = list(decision.options)
        move = moves[at] if answer_again else next(o for o in options if o != moves[at])
        return str(session.numbers(decision)[options.index(move)])

    session = Replayed(ruleset, game, history, data["seats"], load_display(ruleset), out,
                       tty=True, read=read, width=80, height=24, loaded=game.state["step"])
    session.run()
    return " ".join(ANSI.sub("", out.getvalue().split("\x1b[2J")[-1]).split())


def test_quit_after_a_load_says_whether_the_decisions_taken_since_are_the_saves():
    """Seed 317's newcomer loaded their save, typed 'undo', took the same decision again and
    typed 'quit': 'Game stopped: nothing changed since it was loaded' (and no question), and
    they were unsure their decisions were kept. It says their decisions since the load are
    the save's; and where they differ (another option taken after the undo, the game at the
    same step) it asks, as for any game not saved."""
    same = _quit_after_undo(44, True)  # (an undo there shows nothing hidden)
    assert "your decisions since the load are the same as the save's" in same, same
    assert "nothing changed" not in same and "Save before" not in same, same
    other = _quit_after_undo(44, False)
    assert "The game is not saved. Save before you leave?" in other, other


SEED317 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed317-newcomer.replay.json"


def test_build_points_say_if_scored_now_beside_the_line_of_no_points_at_once():
    """Seed 317's newcomer (80x24) read 'Some choices move pieces (no points at once)' right
    above '2. 1 (you +2; 34th St. West has no plot free ...)': the +2 is what the district
    would score now, not said there, and the two read as a contradiction. The short words of
    a build say 'if scored now'."""
    from .test_digest import typed_at

    screen = "\n".join(typed_at(SEED317.with_name(
        "fifth-avenue-base-4p-seed317-newcomer-line3.replay.json"), 55, [])[0])
    assert "how many skyscrapers do you build" in screen, screen
    assert re.search(r"2\. 1 \(you \+2 if scored now; ", screen), screen
    assert not re.search(r"you \+\d+[;)]", screen), screen


def test_build_points_screen_shows_the_notes_where_it_has_the_rows():
    """Seed 317's newcomer (80x24) saw bare '1. 0  2. 1  3. 2  4. 3' for 42nd St. West,
    with blank rows to spare: only 'points' said it would be their 4th district (6 VP at a
    special scoring) and each skyscraper there one more to lose to a building stop. The
    options' short words now fit and say both."""
    from .test_digest import typed_at

    screen = typed_at(SEED317, 175, [])[0]
    joined = " ".join(" ".join(screen).split())
    assert "how many skyscrapers do you build" in joined, joined
    assert len(screen) <= 23, screen
    for n in (1, 2, 3):
        assert f"{n + 1}. {n} (you +{2 * n} if scored now; 4th district: 6 VP after " \
            f"business 6; your {n} there at risk of a stop)" in joined, joined


def test_a_number_refused_in_a_bid_names_the_numbers_of_pass_and_finish():
    """Seed 321's newcomer typed 12 for 'pass' out of habit: pass and finish come after the
    hand's cards, so their numbers change from one auction to the next with the hand, and
    the refusal listed bare numbers ('type one of 2, 3, 8 or 9'). It names those that are
    no card."""
    screens, _ = _park_auction_screens(["", "brown", "1", "99", ""])
    listed, refused = (" ".join(x.split()) for x in screens[-3:-1])
    found = re.search(r"There is no option 99: type one of ([^.]*)\.", refused)
    assert found, refused
    named = re.findall(r"(\d+) \((\w+)\)", found.group(1))
    assert [word for _, word in named] == ["pass", "finish"], found.group(1)
    for number, word in named:  # each the number the list gives it
        assert re.search(rf"\b{number}\. {word}\b", listed), listed


def test_the_log_s_lines_above_a_digest_are_not_called_the_last_moves():
    """Seed 323's newcomer read 'The last move ('log' shows all): Auction for Times Square:
    Player 3 bids first.' above a digest of the bids made after it: the lines the digest
    says are left out of the log's lines above it, so those left are not the last. Above a
    digest they are 'more of the log'; 'the last moves' only where no digest follows."""
    from .test_digest import newcomer_screens

    screens = newcomer_screens(replay=NEWCOMER_319)
    with_digest = [s for s in screens.values() if "In short, since your last decision:" in s]
    assert any(x.startswith("More of the log since your last decision ('log' shows all):")
               for s in with_digest for x in s)
    for screen in with_digest:
        assert not any(re.match(r"The last (move|\d+ moves) \('log' shows all\):", x)
                       for x in screen), screen


NEWCOMER_323 = NEWCOMER_179.with_name("fifth-avenue-base-4p-seed323-newcomer.replay.json")


def test_the_note_of_the_numbers_not_listed_gives_its_rows_to_a_digest_left_out():
    """Seed 323's newcomer, in the auction for the district that held their 3 skyscrapers,
    read '(What happened since your last decision: 'log'. Your choices took the room.)': the
    note under the options ('3: gray 5, in your bid now; 8: black 4 x2 ...') took 3 rows.
    Where the digest would have no row, the note is said in one and the digest has them."""
    from .test_digest import newcomer_screens

    screens = newcomer_screens(replay=NEWCOMER_323)
    assert not [k for k, s in screens.items() if any("took the room" in x for x in s)]
    said = "\n".join(screens[415])
    assert "In short, since your last decision:" in said and \
        "Player 3 bids 20 in orange" in said, said
    assert "(Numbers not listed: in your bid now or not offered now; 'why N' says which.)" \
        in said, said
    assert "gray 5, in your bid now" in " ".join(
        " ".join(x.split()) for x in screens[416])  # the whole note where it has the rows
