"""What a newcomer met at an 80x24 terminal (seed 191, issue 33), each on the whole game they
played: a bid's options numbered in order down the screen and kept all the auction long."""

from __future__ import annotations

import functools
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display
from interpreter.play.replay import History
from interpreter.play.screen import MORE
from interpreter.play.terminal import Session

from .conftest import BASE
from .test_digest import ANSI, fits, newcomer_screens

if TYPE_CHECKING:
    from interpreter.engine.runtime import Decision, Game

REPLAY = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed191-newcomer.replay.json"
OPTION = re.compile(r"(?:^ {2,}| {2,})(\d+)\. (.*?)(?= {2,}\d+\. |$)")  # each on a row


@functools.cache
def screens() -> dict[int, list[str]]:
    """The newcomer's screens, by step."""
    return newcomer_screens(replay=REPLAY)


def listed(screen: list[str]) -> list[tuple[int, str]]:
    """The options a screen lists below its question: each one's number and name (its words
    before any note), in the order they are read: a few short ones side by side read along
    their rows ('7. orange 6   9. black 4   10. black 5'), more than 10 in columns read
    down each column."""
    start = max(i for i, line in enumerate(screen) if line.startswith("Player 1: "))
    cells = [(row, found.end(1), int(found[1]), re.split(r" \(|: ", found[2])[0])
             for row, line in enumerate(screen[start:]) for found in OPTION.finditer(line)]
    if len(cells) > 10:
        cells.sort(key=lambda cell: (cell[1], cell[0]))
    return [(number, name) for _, _, number, name in cells]


def about(screen: list[str]) -> str | None:
    """The auction a screen is about ('Auction for ...'), None for none."""
    return next((line.split(":")[0] for line in screen if line.startswith("Auction for ")),
                None)


def test_every_screen_fits():
    assert all(fits(screen) for screen in screens().values())


def test_a_bid_s_numbers_read_in_order_and_mean_the_same_card_all_auction():
    """'1. green 4 / 3. black 4 / ... / 6. finish / 2. pass' read out of order, and after
    the others had bid the same card had another number: a number typed meant another card.
    Each bid from its first card to its end (the same auction may come again later)."""
    numbers: dict[tuple[str, str], int] = {}
    checked = 0
    for step in sorted(screens()):
        screen = screens()[step]
        options = listed(screen)
        assert [n for n, _ in options] == sorted(n for n, _ in options), "\n".join(screen)
        auction = about(screen)
        if auction is None or not any("add a card" in line for line in screen):
            continue
        if any(line.startswith("Your bid: no card yet") for line in screen):  # a new bid
            numbers = {key: n for key, n in numbers.items() if key[0] != auction}
        for number, name in options:
            assert numbers.setdefault((auction, name), number) == number, "\n".join(screen)
            checked += 1
    assert checked > 50


def at_each_decision(check: Callable[[Session, Decision, list[str]], None]) -> int:
    """The newcomer's game played again at an 80x24 terminal, with `check` called at each of
    their decisions (the session, the decision as shown, the screen's lines); how many."""
    data = json.loads(REPLAY.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    moves, out, count = data["moves"], io.StringIO(), [0]

    class Replayed(Session):
        def bot_move(self, decision):
            return moves[len(self.game.moves)]

    def read(prompt: str) -> str:
        if prompt != "> ":
            return ""
        screen = ANSI.sub("", out.getvalue().split("\x1b[2J")[-1]).splitlines()
        shown = session.display.shown(session.game, session.game.decision())
        out.seek(0)
        out.truncate()
        check(session, shown, screen)
        count[0] += 1
        out.seek(0)
        out.truncate()
        return str(session.numbers(shown)[shown.options.index(moves[len(session.game.moves)])])

    session = Replayed(ruleset, game, History(), data["seats"], load_display(ruleset), out,
                       colour=False, tty=True, read=read, width=80, height=24)
    assert session.run() == 0
    return count[0]


def test_points_shows_the_points_the_screen_said_some_choices_change():
    """'Some choices change points or pieces: type 'points' to see which.', and 'points'
    listed cards going under stacks and no points: where no choice changes points now, the
    screen and 'points' say so plainly; where the screen says points change, 'points' shows
    them."""
    said = []

    def check(session: Session, decision: Decision, screen: list[str]) -> None:
        hint = next((x for x in screen if "type 'points'" in x), None)
        if hint is None:
            return
        session.handle("points", decision)
        shown = " ".join(ANSI.sub("", session.out.getvalue()).split())
        if "change points" in hint:
            assert re.search(r"[+-]\d+\b|\d+ VP|final scores", shown), (hint, shown)
        elif "move pieces" in hint:
            assert shown.startswith("No choice changes points at once."), (hint, shown)
        said.append(hint)

    assert at_each_decision(check) > 50
    # 'at once': beside a plot's '(you +8 ... if scored now)', 'none changes points now'
    # read to seed 311's newcomer as a contradiction
    assert any("move pieces (no points at once)" in x for x in said)


def test_enter_after_a_command_typed_at_a_page_s_question_shows_the_next_page():
    """The newcomer typed 'log' at a screen's '-- more --', then Enter: the screen's first
    page came again, and Enter there brought it once more. Enter goes on to the page that
    the command left unshown (with the question and its options)."""
    data = json.loads(REPLAY.read_text())
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(data["players"], data["seed"], streams=data["version"] - 1)
    moves, out, seen = data["moves"], io.StringIO(), []

    class Replayed(Session):
        def bot_move(self, decision):
            return moves[len(self.game.moves)]

    def read(prompt: str) -> str:
        step = len(session.game.moves)
        text = ANSI.sub("", out.getvalue())
        if prompt == MORE:
            if any(s == step for s, _, _ in seen):  # a later page: kept with what follows
                return ""
            seen.append((step, "more", text))
            out.seek(0)
            out.truncate()
            return "log"
        if prompt != "> ":
            return ""
        seen.append((step, "prompt", text))
        out.seek(0)
        out.truncate()
        if sum(1 for s, kind, _ in seen if s == step and kind == "prompt") == 1 and \
                any(s == step and kind == "more" for s, kind, _ in seen):
            return ""  # Enter after the log
        shown = session.display.shown(session.game, session.game.decision())
        return str(session.numbers(shown)[shown.options.index(moves[step])])

    session = Replayed(ruleset, game, History(), data["seats"], load_display(ruleset), out,
                       colour=False, tty=True, read=read, width=80, height=16)  # at 24
    # rows the digest is cut short rather than paged: the fewest rows still page
    assert session.run() == 0
    asked = {s for s, kind, _ in seen if kind == "prompt"}  # not the final scores' pages
    paged = sorted({s for s, kind, _ in seen if kind == "more" and s in asked})
    assert paged
    for step in paged:
        first_page = next(text for s, kind, text in seen if s == step and kind == "more")
        after = [text for s, kind, text in seen if s == step and kind == "prompt"]
        assert "Player 1: " not in first_page  # the question was on a later page
        assert "(Type a number" in after[0] or "(Type one of" in after[0], after[0]  # the log
        rest = after[1]  # what Enter showed: the rest of the screen, not its start again
        top = max(first_page.splitlines(), key=len)
        assert "Player 1: " in rest and top not in rest, rest


def finished_game(replay: Path) -> Game:
    """A newcomer's whole game, played again (the same scores)."""
    data = json.loads(replay.read_text())
    game = load_ruleset(BASE).new_game(data["players"], data["seed"],
                                       streams=data["version"] - 1)
    for move in data["moves"]:
        game.apply(move)
    assert game.scores() == data["scores"]
    return game


def test_the_final_board_s_marks_header_and_stopped_row_read_plainly():
    """The final board's legend said 'P2 Player 4's 2 skyscrapers' (an example) where the
    grid showed P1; the stopped district's row gave no routes; the header about City Hall and
    Central Park wrapped onto a second line at 80 columns. The legend's skyscraper mark is
    one the grid shows, said with its count, letter and player's name ('R6 6 skyscrapers of R
    = Player 1': another newcomer read 'P3' as Player 3; all of them made the board too long
    for 24 rows); every row says where commissioners go next (or that they skip it); the
    header is one line."""
    game = finished_game(REPLAY)
    session = Session(game.ruleset, game, History(), {p: "human" for p in game.players},
                      load_display(game.ruleset), io.StringIO(), width=80, height=24)
    lines = session.board_lines("P1")
    at = next(k for k, line in enumerate(lines) if line.startswith("Marks: "))
    marks = " ".join(" ".join(lines[at:]).split())
    example = re.search(r"\b([RBYM])(\d+) (\d+) skyscrapers? of ([RBYM]) = Player (\d)\b",
                        marks)  # 'P3' read as Player 3 (seed 197): the letter said as whose
    assert example and example[2] == example[3] and example[1] == example[4], marks
    assert "RBYM".index(example[1]) + 1 == int(example[5]), marks
    grid = " ".join(re.findall(r"\b[RBYM]\d+\b", " ".join(lines[2:at])))  # not the park's
    assert set(re.findall(r"\b[RBYM]\d+\b", marks)) <= set(grid.split()), (grid, marks)
    rows = [line for line in lines if re.match(r"(34th|42nd|52nd|Times)", line)]
    # (a stopped district where no commissioner stands says it is skipped: seed 317's
    # newcomer read routes from it, where none goes)
    assert len(rows) == 7 and all(" to " in row or " skipped " in row for row in rows), rows
    assert any("STOP" in row for row in rows)
    header = lines.index(next(x for x in lines if x.startswith("City Hall")))
    assert len(lines[header]) <= 80 and lines[header + 1].startswith("(green)"), lines


def events_of(replay: Path) -> list[str]:
    """The log of a newcomer's whole game, played again."""
    return finished_game(replay).events


def test_nobody_has_finished_a_bid_is_not_said_when_one_player_at_most_is_left():
    """'...; nobody has finished a bid yet; Player 4 wins the auction' (one news line): the
    pass's words were true, but the one player left was about to win. Said only where two
    players or more may still bid."""
    for screen in screens().values():
        said = " ".join(" ".join(screen).split())
        assert not re.search(r"nobody has finished a bid yet; Player \d wins", said), said
    events = events_of(REPLAY)
    nobody = [k for k, line in enumerate(events) if "nobody has finished a bid yet" in line]
    assert nobody
    for k in nobody:
        end = next(j for j in range(k, len(events)) if " wins the auction " in events[j]
                   or events[j].startswith("Auction for ") and j > k or j == len(events) - 1)
        deciders = {line.split(" ")[1] for line in events[k + 1:end]
                    if line.startswith("Player ")}
        assert len(deciders) >= 2, events[k:end + 1]


def test_a_pass_after_a_bid_says_which_bid_it_takes_back():
    """Seed 179: 'Player 4 bids 16 in green', then 'Player 4 passes and takes back the cards
    they had put forward (green 4, green 5, black 5, black 6: 20 in all, never finished)': the
    newcomer could not tell which bid had stood; another (seed 223) read 'their bid of 9 and
    cards added since (...: 27 in all)' as a bid of 9 worth 27. A pass names the bid it takes
    back and what the cards added since raised it to."""
    checked = 0
    for replay in (REPLAY, REPLAY.with_name("fifth-avenue-base-4p-seed179-newcomer.replay.json")):
        bids: dict[str, str] = {}
        for line in events_of(replay):
            if line.startswith("Auction for "):
                bids = {}
            found = re.match(r"(Player \d) bids (\d+) in ", line)
            if found:
                bids[found[1]] = found[2]
            who = line.split(" passes")[0].split(" cannot raise")[0]
            if who in bids and " takes back " in line:
                assert f"their bid of {bids[who]}" in line, line
                checked += 1
    assert checked >= 3
    assert any("their cards (green 4, green 5, black 5, black 6: their bid of 16, raised to "
               "20, never finished)" in line for line in events_of(REPLAY.with_name(
                   "fifth-avenue-base-4p-seed179-newcomer.replay.json")))


def test_why_lists_the_options_allowed_by_the_numbers_the_screen_gives_them():
    """Seed 197 (issue 33): a bid's screen listed '1. orange 5 / 2. orange 6 / 12. pass', and
    'why 5' answered 'Allowed now: 1. orange 5 / 2. orange 6 / 3. pass'. The options `why`
    lists are numbered as the screen numbers them."""
    checked = []

    def check(session: Session, decision: Decision, screen: list[str]) -> None:
        numbers = session.numbers(decision)
        if numbers == list(range(1, len(numbers) + 1)):
            return
        session.out.seek(0)
        session.out.truncate()
        session.handle("why 99", decision)
        said = ANSI.sub("", session.out.getvalue()).splitlines()
        at = said.index("Allowed now:")
        shown = [int(m[1]) for line in said[at + 1:]
                 for m in [re.match(r"^ +(\d+)\. ", line)] if m]
        assert shown == sorted(numbers)[:len(shown)] and shown, (numbers, said)
        checked.append(numbers)

    at_each_decision(check)
    assert len(checked) > 5


def test_a_gap_in_a_bid_s_numbers_is_said_under_the_list():
    """Seed 197 (issue 33): '1. orange 4 / 2. orange 5 / 3. orange 6 / 13. pass' had nothing
    between 3 and 13, and nothing said why (the numbers wait for the other cards held, so
    that each keeps its number all the auction). Every screen whose numbers leave a gap says
    which numbers wait, and for what, under the list."""
    gaps = 0
    for replay in (REPLAY, REPLAY.with_name("fifth-avenue-base-4p-seed197-newcomer.replay.json")):
        for screen in newcomer_screens(replay=replay).values():
            numbers = [n for n, _ in listed(screen)]
            missing = [n for n in range(1, max(numbers, default=0)) if n not in numbers]
            if not missing:
                continue
            said = " ".join(" ".join(screen).split())
            if "place a skyscraper on an empty building plot" in said:
                continue  # the setup's plots: numbered by the display, as on the page
            note = re.search(r"\(([^()]*(?:\([^()]*\)[^()]*)*); the other options keep their "
                             r"numbers\.\)", said)
            assert note, "\n".join(screen)
            told = set()
            for part in note[1].split("; "):  # '1: green 4, in your bid now', '5 to 8: ...'
                for span in re.split(r", | and ", part.split(":")[0]):  # '1 and 4 to 8'
                    ends = [int(n) for n in re.findall(r"\d+", span)]
                    told |= set(range(ends[0], ends[-1] + 1))
            assert set(missing) <= told, (missing, note[1])
            gaps += 1
    assert gaps > 10


def test_the_first_plots_plus_n_is_said_on_their_screen():
    """Seed 197 (issue 33): the first screen listed '1. 34th St. West, violet (+2)' and said
    what '+N' means only at a business placed much later; `points` and `why` did not say it
    either. At 80x24 the first skyscrapers' screen says it, in the row of the scoring
    table."""
    replay = REPLAY.with_name("fifth-avenue-base-4p-seed197-newcomer.replay.json")
    screens_197 = newcomer_screens(replay=replay)
    first = screens_197[min(screens_197)]
    assert any(re.search(r"\(\+\d\)", line) for line in first), first
    assert any(line.startswith("+N: VP if scored now.") for line in first), first
