"""Playing a ruleset at the terminal: people and bots in seats, saves, replays, a watch mode.

The session asks each human seat with `input()` (so a script can pipe the answers in), shows
the board from the ruleset's display (interpreter.display) before every human decision, and
lists the legal options by number, in words (with the points each gives when some option
scores at once). At any prompt a player may also type a command: help, why, score, save, log,
board, quit. Everything is fitted to the terminal's width (the display's compact layout when
the full one is too wide). Bots decide from their player's view; each draws from its
own generator seeded by the game's seed and the step, so a saved and loaded game goes on
exactly as it would have.
"""

from __future__ import annotations

import re
import shutil
import textwrap
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from interpreter.bots.players import make_bot
from interpreter.language.errors import GameRuleError, IllegalMove, RulesError
from interpreter.language.writing import write_atomic
from interpreter.play.consequences import (
    BY_THE_END,
    WHICHEVER,
    Effect,
    Outlook,
    Picture,
    PieceWords,
    and_list,
    common_effect,
    effect_words,
    effect_words_parts,
    estimate_note,
    key_words_parts,
    outlook,
    run_start,
    without_source,
)
from interpreter.play.digest import (
    NOBODY,
    Steps,
    digest_lines,
    hidden_positions,
    not_in_digest,
    replay_steps,
    took_part,
)
from interpreter.play.display import LEGEND, Display
from interpreter.play.game_files import (
    HUMAN,
    SECRET_NOTE,
    bot_decides,
    game_named,
    journal_of,
    new_replay_path,
    save_data,
    save_file_name,
    save_note,
)
from interpreter.play.journal import Journal
from interpreter.play.marks import ROWS, marks_lines
from interpreter.play.moves_seen import watch_step
from interpreter.play.option_notes import Notes, option_notes, with_notes
from interpreter.play.option_order import asked_in
from interpreter.play.preview import if_ended_now
from interpreter.play.refusal import plain_reasons
from interpreter.play.refusal import said as sentence
from interpreter.play.replay import (
    FILE_ERRORS,
    History,
    file_error,
    replay_data,
    write_json,
)
from interpreter.play.rules_help import how_it_works, option_words, rules_lines
from interpreter.play.scores import final_scores
from interpreter.play.screen import (
    LEFT_OUT,
    Pager,
    Screen,
    events_title,
    legend_lines,
    option_lines,
    short_path,
    wrap_lines,
    wrap_text,
)
from interpreter.play.undo import cannot_take_back, last_own, take_back, taken_back_text
from interpreter.play.why import (
    SHOWN,
    allowed_lines,
    explain,
    listed,
    named_labels,
    points_from,
    types_of,
)

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Decision, Game

EXIT_OK, EXIT_GAME_ERROR, EXIT_INTERRUPTED = 0, 1, 130
RECENT_EVENTS = 20
MORE_POINTS = "; and more ('points')"  # after what every choice does, where not all is said
EACH_SAYS = "What each choice does at once (nothing where not said):"
# what `why` says of an option that does nothing at once: not 'the game goes on' (a newcomer's
# finished offer, whose win would end the game, read as harmless)
NOTHING_ELSE = "At once: no points change and nothing else happens; what follows depends on " \
    "the decisions after it."
NOTES_ABOVE = "The lines above the options say what it may lead to."
NO_POINTS = "No choice changes points at once. What each does (nothing where not said):"
SPARE_ROWS = 1  # a blank row a full screen gives up (screen.Screen) to keep a layout
NEWS_SHOWN = 3  # the last log lines a screen shows (with room); news among them is not repeated
# The screen, then the scrollback: a terminal that keeps a cleared screen in its scrollback
# (tmux's scroll-on-clear) would keep the last hand there if the scrollback went first.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # no hand can be scrolled back to
CLEAR_SCREEN = "\x1b[2J\x1b[H"  # one person at the terminal: what was said stays above

HELP = [  # the commands, and what each does: laid out for the terminal's width (help_lines)
    ("NUMBER", "take that option (or type its name, e.g. D or pass; any case, shortened while "
               "only one option begins so)"),
    ("why NAME", "why an option is or is not allowed now, and what it does, in words: NAME "
                 "is its number or its name, a letter say (e.g. 'why 2', 'why D'); "
                 "'why --cite D' adds the rulebook's paragraphs"),
    ("rules TOPIC", "the rules of this decision from the game's rulebook (just 'rules'), or any "
                    "part of them (e.g. 'rules end', 'rules setup'); add 'steps' to see a "
                    "rule step by step, as the game plays it, '--cite' for the designer's "
                    "view: numbered sections, rulings in place, the rulebook's paragraphs"),
    ("log [N]", "the last N events of the game (without N: as many as fit); 'log all': "
                "with the small steps the screen folds (cards put forward one by one)"),
    ("score", "the final scoring if the game ended now (on what you can see)"),
    ("points", "what each option does at once: points, pieces, the end of the game"),
    ("board", "show the board (Enter: your hand and the options again)"),
    ("undo", "take back your last decision (unless it showed you something hidden)"),
    ("save [FILE]", "save the game; continue it later with 'rules play --load FILE'"),
    ("quit", "stop playing (the replay is kept; asks whether to save first)"),
    ("help", "this list"),
]


def held_pieces(game: Game, player: str, options: list[Any]) -> list[str]:
    """The pieces, each once, in the player's own zones that hold one of `options` (a hand
    the options take cards from), in the zones' order; [] where no option is a piece held."""
    out: dict[str, None] = {}
    for _, own in holding_zones(game, player, options):
        out.update(dict.fromkeys(str(p) for p in own))
    return list(out)


def holding_zones(game: Game, player: str, options: list[Any]) -> list[tuple[str, Any]]:
    """The player's own zones that hold one of `options`: (the zone's name, its pieces)."""
    names = {str(o) for o in options}
    out = []
    for name, zone in game.state["zones"].items():
        own = zone.get(player) if isinstance(zone, dict) else None
        if isinstance(own, (dict, list)) and names & {str(p) for p in own}:
            out.append((name, own))
    return out


def _span(numbers: list[int]) -> str:
    """'4 to 12' for a run of three numbers or more, '4 and 7' (and_list) for others:
    '1 to 3, 6 to 9 and 11' (a hand's cards by their places: '1, 2, 3, 6, 7, 8 and 9')."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{run[0]} to {run[-1]}" if len(run) > 2 else str(n)
             for run in runs for n in (run[:1] if len(run) > 2 else run)]
    return and_list(parts)


END_HELP = [  # the commands at the end screen (Session.after_the_end)
    ("Enter", "leave (so does 'quit'); the replay is kept"),
    ("rules TOPIC", "the game's rules, or any part of them (e.g. 'rules end')"),
    ("log [N]", "the last N events of the game; 'log all': with the small steps"),
    ("board", "the board as the game ended"),
    ("points", "the final scores again (so does 'score')"),
    ("help", "this list"),
]


def help_lines(width: int, commands: list[tuple[str, str]] = HELP) -> list[str]:
    """The commands in two columns, each description wrapped under itself."""
    out = ["Commands (at any prompt):" if commands is HELP else
           "Commands (the game is over):"]
    for command, text in commands:
        first, *rest = textwrap.wrap(text, max(20, width - 14), break_on_hyphens=False)
        out.append(f"  {command:<11} {first}")
        out += [" " * 14 + line for line in rest]
    return out


UNDONE = object()  # an answer: the player took a decision back, the game asks again


FINAL_SCORING = "Final scoring:"  # the heading of the lines after the game's end
SET_ASIDE = "What you typed before this question was set aside: the game answered the last " \
    "one for you."  # the line atop a screen whose question a typed answer did not see
READING = 2.0  # seconds: an answer that comes in sooner after a screen whose question
# follows one the game answered for the player was typed before it was read (the page of a
# browser that guards a question does the same: it takes no click in its first second)
TOO_SOON = "Your '{typed}' came as this question appeared, just after the game answered the " \
    "last one for you: it is not taken. Read the question, then type your answer again."


@dataclass
class Numbering:
    """A repeated choice's numbers (see Session.numbers): its (who, question, context), each
    option's number and words, how many numbers the player's pieces may take (the other
    options come after them), and the step it began at."""

    key: tuple[str, str, str]
    kept: dict[str, tuple[int, str]]
    pieces: int
    start: int
    asked_in: tuple[str | None, int] = (None, 0)  # the procedure that asks it, and how deep
    places: dict[str, int] = field(default_factory=dict)  # each piece held at its start:
    # its number, its place in the hand (a number kept for a card not offered yet is that
    # card's: a newcomer read '3 to 11: for the rest of your hand', and black 4, the 9th,
    # took 3 once offered; 'why 8' answered about the 3rd)
    offered: frozenset[str] = frozenset()  # the options of its last screen, and the
    seen_at: int = -1  # decisions made then


@dataclass
class Stop:
    """The session ends before the game does."""

    reason: str
    code: int = EXIT_OK


@dataclass
class Session:
    ruleset: Ruleset
    game: Game
    history: History
    seats: dict[str, str]
    display: Display
    out: TextIO
    colour: bool = False
    tty: bool = False
    watch: bool = False
    delay: float = 0.0
    replay_dir: Path | None = None
    svg: Path | None = None
    read: Callable[[str], str] = field(default=lambda prompt: input(prompt))
    replay_file: Path | None = None
    bots: dict[str, Any] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)  # player -> events shown to them
    printed: int = 0  # events printed in watch mode
    last_human: str | None = None
    saved: int | None = None  # the step of the last save
    redraw: Any = object()
    max_decisions: int | None = None  # when bots play every seat: stop a game without end
    width: int = field(default_factory=lambda: terminal_width())
    height: int | None = None  # the terminal's rows (None: no limit, output not a terminal)
    recent: tuple[int, list[str]] | None = None  # the events of the last screen
    journal: Journal | None = None  # the record written as the game goes
    outlooks: tuple[Any, Outlook | None] = (None, None)  # the last decision's consequences
    notes: tuple[Any, Notes] = (None, Notes([], []))  # the last decision's option notes
    # (or short)
    steps: Steps = field(default_factory=Steps)  # each step, for a log without quiet runs
    pictures: dict[str, Picture] = field(default_factory=dict)  # after each one's decision
    digest: list[str] = field(default_factory=list)  # the changes on the screen now
    covered: set[str] = field(default_factory=set)  # log lines it says in other words
    results: set[str] = field(default_factory=set)  # its clauses that matter most (kept
    # first where it is cut short: digest_lines)
    undone: str | None = None  # what an undo took back, said on the next screen
    notice: list[str] = field(default_factory=list)  # said at the top of this screen
    layouts: dict[tuple, int] = field(default_factory=dict)  # each position's option rows
    lang: str = "en"  # the language of the rules shown during the game (its book's)
    typed: str | None = None  # an answer typed at a pager's question, taken as the next
    unread: list[str] = field(default_factory=list)  # the screen's lines left unshown by
    # a command typed at one of its pages: Enter shows them
    paged: bool = False  # whether what was shown last came a page at a time
    answered: tuple[str, str, list[str], int, str] | None = None  # the last person's
    # decision: who, its prompt, its options in words, the decisions then, the answer (see
    # numbers)
    numbering: Numbering | None = None  # a repeated choice's numbers (see numbers)
    ahead: Callable[[], bool] | None = None  # drops what was typed ahead, unread; whether
    # anything was (screen.set_aside_typed)
    loaded: int | None = None  # the step the game was loaded at, from a file holding it
    loaded_moves: list[Any] | None = None  # the decisions it held (__post_init__)
    resumed: str | None = None  # said atop the first screen of a resumed game whose digest
    # could not be rebuilt
    size: Callable[[], tuple[int, int] | None] | None = None  # the terminal's columns and
    # rows now, where they can be read (screen.terminal_size): read again at each screen
    clock: Callable[[], float] = time.monotonic  # seconds, for READING
    drawn: float = 0.0  # when the last screen was drawn (clock)
    gaps_short: bool = False  # the note of the numbers not listed in one row (gaps_line)
    answering: set[str] = field(default_factory=set)  # who answered in this session

    def __post_init__(self) -> None:
        if self.loaded is not None and self.loaded_moves is None:
            self.loaded_moves = list(self.history.moves)
        for player, seat in self.seats.items():
            if seat != HUMAN:
                self.bots[player] = make_bot(seat)
        # watching: the lines written before the first decision (setup) are shown too
        self.printed = 0 if self.watch else len(self.game.events)

    # ------------------------------------------------------------------ helpers
    def say(self, text: str = "") -> None:
        """Print; a plain line wider than the terminal is wrapped (coloured lines come
        fitted already). The width is read again first: a newcomer's window, made 60 columns
        wide and then 80 again, still had 'quit' wrapped at 60."""
        self.refit()
        if self.height is not None and len(text) > self.width and "\x1b" not in text:
            text = "\n".join(wrap_lines(text.split("\n"), self.width))
        print(text, file=self.out, flush=True)

    def tell(self, lines: list[str]) -> None:
        """Lines of an answer, each wrapped to the terminal's width (continued indented), a
        page at a time on a short terminal."""
        rows = self.height - 1 if self.height is not None else None  # one for `remind`
        self.page(self.wrapped(lines), rows)

    def page(self, lines: list[str], rows: int | None, together: dict[int, int] | None = None
             ) -> list[str]:
        """Lines a page at a time (`together`: see Pager.show); an answer typed at a page's
        question is kept for the decision's prompt (`typed`); the lines it left unshown."""
        pager = Pager(self.say, self.read, rows, self.width)
        pager.show(lines, together)
        self.typed = pager.typed
        self.paged = pager.asked
        return pager.left

    def name(self, player: str) -> str:
        return self.game.label(player)

    def refit(self) -> None:
        """The terminal's width (and rows) read again where they can be: a newcomer's window
        made 60 columns wide mid-game still got the 80-column board, which the terminal
        wrapped."""
        found = self.size() if self.size is not None else None
        if found is None:
            return
        columns, rows = found
        self.width = max(40, min(160, columns))
        if self.height is not None:
            self.height = max(16, rows)

    @property
    def humans(self) -> list[str]:
        return [p for p, s in self.seats.items() if s == HUMAN]

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        """Play until the game ends or a player stops; returns the exit code."""
        self.intro()
        self.open_journal()
        self.catch_up()
        stop: Stop | None = None
        try:
            stop = self.wait_to_start() or self._loop()
        except KeyboardInterrupt:
            stop = self.interrupted()
        if stop is None:
            self.ending()
        elif stop.code != EXIT_GAME_ERROR:
            self.say(stop.reason)
        written = self.keep_replay() & self.write_svg()
        if stop is None:
            self.hold()
        if stop is not None and stop.code == EXIT_GAME_ERROR:
            raise GameRuleError(stop.reason)
        code = stop.code if stop is not None else EXIT_OK
        return EXIT_GAME_ERROR if code == EXIT_OK and not written else code

    def _loop(self) -> Stop | None:
        while not self.game.over:
            game = self.game  # a new game after an undo
            if self.steps.last is None:
                self.steps.start(game)
            decision = game.decision()
            if decision is None:  # pragma: no cover - the runtime always has one
                raise RulesError("the game stopped without a decision and without ending")
            if self.seats[decision.player] == HUMAN:
                choice = self.ask_human(self.display.shown(game, decision))
                if isinstance(choice, Stop):
                    return choice
                if choice is UNDONE:
                    continue
                move = choice
            else:
                if self.max_decisions is not None and not self.humans \
                        and game.state["step"] >= self.max_decisions:
                    return Stop(f"the game did not end after {self.max_decisions} decisions "
                                "(--max-decisions)", EXIT_GAME_ERROR)
                self.watch_board(decision)
                move = self.bot_move(decision)
            seen = watch_step(game, move, self.display.lone_context_of) \
                if self.humans else None  # for the digest
            try:
                game.apply(move)
            except IllegalMove as exc:  # a bot that breaks the rules: say who and why
                raise RulesError(f"{self.seats[decision.player]} bot playing "
                                 f"{self.name(decision.player)} chose an illegal option: "
                                 f"{exc}") from None
            self.history.record(game, decision.player, move)
            self.steps.record(game, decision.player, seen)
            if self.seats[decision.player] == HUMAN:
                self.answering.add(decision.player)
                self.pictures[decision.player] = Picture(game, decision.player)
                self.answered = (decision.player, decision.prompt,
                                 named_labels(self.game, decision), len(self.history.deciders),
                                 str(move))
            self.journal_step(self.seats[decision.player] == HUMAN)
            if self.watch and not game.over:
                self.print_new_events()
        return None

    def catch_up(self) -> None:
        """A resumed game's steps played again from its start, as the session would have seen
        them: the first screen says what happened since the player's last decision (a
        newcomer's 72 VP just scored were said nowhere after a load), and the log folds what
        it folds in a game played through (each extra card was listed twice). Where they
        cannot be played again, the first screen says in one line that 'log' holds them."""
        game = self.game
        if not game.moves or not self.humans or self.watch:
            return
        self.renumber(0)
        again = replay_steps(game, list(self.humans), self.display.lone_context_of)
        if again is None:
            self.resumed = f"Resumed after {len(game.moves)} decisions: 'log' shows what " \
                "happened before."
            return
        self.steps, self.pictures = again.steps, again.pictures
        self.seen.update(again.log_seen)

    def renumber(self, recorded: int) -> None:
        """The numbers of the people's decisions worked out again from the game's start, as
        the screens of a game played through gave them (see numbers): a repeated choice
        met after a load or an undo keeps its numbers (a newcomer's offer, loaded and undone,
        read '1. finish' where it had read '11. finish'). `recorded`: the step this
        session's steps begin at."""
        game = self.game
        self.numbering = self.answered = None
        again = game.ruleset.new_game(game.n, game.state["seed"], names=dict(game.names),
                                      streams=game.streams)
        try:
            for step, move in enumerate(game.moves):
                decision = again.decision()
                person = decision is not None and self.seats.get(decision.player) == HUMAN
                if person:
                    self.numbers_in(again, self.display.shown(again, decision), step,
                                    max(0, step - recorded))
                again.apply(move)
                if person:
                    self.answered = (decision.player, decision.prompt,
                                     named_labels(again, decision), step + 1, str(move))
        except (RulesError, GameRuleError, IllegalMove):  # not this game: numbered afresh
            self.numbering = self.answered = None

    def bot_move(self, decision: Decision) -> Any:
        move, note = bot_decides(self.game, self.bots[decision.player], decision)
        if note:
            self.say(f"note: {note}")
        return move

    def intro(self) -> None:
        game = self.game
        seed = game.state["seed"]
        secret = seed.__class__ is str  # a secret is never shown: the game's id instead
        # A seed fixes every hidden card: shown with no person, or to the one person at the
        # terminal (who typed it, or holds the save); never between people at one terminal.
        own = len(self.humans) == 1  # a resumed game too: its file holds the seed (a
        # newcomer's resumed game named no seed, where its start had said 'seed 311')
        named = f", {game_named(seed)}" if secret or not self.humans or own else ""
        self.say(f"{self.ruleset.name}: {game.n} players{named}"
                 + (f", resumed after {len(game.moves)} decisions" if game.moves else ""))
        if secret:
            self.say(f"  {SECRET_NOTE}")
        for player in game.players:
            seat = self.seats[player]
            who = "a person at this terminal" if seat == HUMAN else f"the {seat} bot"
            self.say(f"  {self.name(player)}: {who}")
        if self.humans:
            self.say("Answer with an option's number or its name; 'help' lists the commands.")
        if self.humans and not game.moves:  # "how this game works", in the rows left
            # below it: a blank line, the journal's line (three rows at most), the prompt
            said = len(game.players) + 2 + secret + 1 + 1 + 1 + 3 * (self.replay_dir is not None)
            self.say()
            self.say("\n".join(how_it_works(self.ruleset, self.width,
                                             (self.height or 24) - said, self.lang)))
        self.say()

    def wait_to_start(self) -> Stop | None:
        """On a terminal, the seats stay readable until Enter (the first screen clears it)."""
        if not (self.tty and self.humans):
            return None
        try:
            self.read("Press Enter to start. ")
        except EOFError:
            return Stop("End of input: the game stops here (not saved).")
        except KeyboardInterrupt:
            return self.interrupted()
        return None

    def hold(self) -> None:
        """On a terminal, the final screen stays until Enter: a window that closes with the
        program (tmux, a terminal's tab) would take the winner with it. Piped input ends by
        itself."""
        if not (self.tty and self.humans):
            return
        if self.ahead is not None:  # an Enter typed before the question was shown (for a
            self.ahead()  # page of the scores, say) does not answer it: a newcomer's extra
            # Enter closed the game before they had read the final scores
        while True:
            try:
                line = self.read("The game is over. Press Enter to leave. ")
            except (EOFError, KeyboardInterrupt):
                self.say()
                return
            word, _, rest = line.strip().partition(" ")
            if word.lower() in ("", "quit", "exit"):
                return
            self.after_the_end(word.lower(), rest.strip())

    def after_the_end(self, command: str, rest: str) -> None:
        """A command typed at the end screen: it does what it says, then the final scores
        come again above the question (a newcomer's 'rules end' there closed the game)."""
        if command in ("help", "?", "h") and not rest.lower().startswith("rules"):
            self.tell(help_lines(self.width, END_HELP))
            return
        if command in ("rules", "help", "?", "h"):
            topic = rest if command == "rules" else rest[len("rules"):]
            self.tell(rules_lines(self.ruleset, None, topic, self.width, self.lang))
        elif command == "log":
            self.show_log(rest)
        elif command == "board":
            self.tell(self.board_lines(self.game.players[0], emptied=False))
        elif command not in ("points", "score"):
            self.say(f"'{command}' is not a command here: press Enter to leave, or type "
                     "'help' for what you may still see.")
            return
        self.tell(["", *final_scores(self.game).split("\n")])

    # ------------------------------------------------------------------ people
    def ask_human(self, decision: Decision) -> Any:
        player = decision.player
        if len(self.humans) > 1 and player != self.last_human:
            stop = self.pass_screen(player)
            if stop is not None:
                return stop
        self.last_human = player
        answered_for = bool(self.steps.since(player)[1])  # a choice the game took for them
        self.screen(decision)
        if answered_for and self.ahead is not None and self.ahead():
            # checked once the question is shown: a newcomer typed while the screen was
            # worked out, and their '1' answered the question they had not seen
            self.notice = self.wrapped([SET_ASIDE])
            self.screen(decision, events=False)
        while True:
            try:
                line, self.typed = self.typed or self.read("> "), None
            except EOFError:
                return Stop("End of input: the game stops here (not saved).")
            except KeyboardInterrupt:
                return self.interrupted()
            answer = self.handle(line, decision)
            if answered_for and player in self.answering and self.ahead is not None and \
                    answer is not None and \
                    answer is not UNDONE and not isinstance(answer, Stop) and \
                    self.clock() - self.drawn < READING:
                # sent for the question the game answered, it came in just after this one
                # was drawn: a newcomer's '1' chose a colour in a round they had not read
                self.say("\n".join(self.wrapped([TOO_SOON.format(typed=line.strip())])))
                answered_for = False  # asked again once
                continue
            answered_for = False
            if answer is not None:
                return answer

    def clear(self) -> None:
        """Clear the screen (a terminal only), and its scrollback when more than one person
        plays at it: written to the stream under the one that escapes control characters, as
        the control sequence it is. One person can scroll back to earlier answers."""
        raw = getattr(self.out, "raw", self.out)
        self.out.flush()
        raw.write(CLEAR if len(self.humans) > 1 else CLEAR_SCREEN)
        raw.flush()

    def pass_screen(self, player: str) -> Stop | None:
        """Between two people at one terminal: nothing of the last one's hand stays."""
        if self.tty:
            self.clear()
        else:
            self.say()
        self.say(f"=== Pass to {self.name(player)}. ===")
        try:
            self.read(f"{self.name(player)}, press Enter when you are ready. ")
        except EOFError:
            return Stop("End of input: the game stops here (not saved).")
        except KeyboardInterrupt:
            return self.interrupted()
        return None

    def screen(self, decision: Decision, events: bool = True) -> None:
        """The decision's screen, fitted to the terminal (see screen.Screen): the board when
        it fits, the events since the player's last decision, the hand, the options."""
        player, game = decision.player, self.game
        self.refit()
        if self.tty:
            self.clear()
        if events:
            start = self.seen.get(player, 0)
            log = game.log_for(player)  # with the lines told to this player alone
            hidden = hidden_positions(game, player, self.steps)
            self.recent = (start, [line for k, line in enumerate(log[start:], start)
                                   if k not in hidden])
            self.seen[player] = len(log)
            before = self.pictures.get(player)
            news = self.display.news_in(self.recent[1])
            if set(news) <= set(self.recent[1][-NEWS_SHOWN:]) and \
                    not took_part(self.recent[1], news, self.name(player)):
                news = []  # the last lines of the window, shown just above: not twice
            self.covered, self.results = set(), set()
            self.digest = self.wrapped(digest_lines(game, before, player, self.steps, news,
                                                    self.width, self.digest_rows(decision),
                                                    zones=self.display.zones,
                                                    covered=self.covered,
                                                    results=self.results)) \
                if before is not None else []
            # the screen after an undo says what it took back, at the top (the row that
            # says how to see the board: the options keep their layout)
            self.notice = self.wrapped([x for x in (self.undone, self.resumed) if x])
            self.undone = self.resumed = None
        start, new = self.recent if events or self.recent else (0, [])
        new = not_in_digest(new, self.digest, self.covered)  # each line said once
        board = self.board_lines(player)
        private = self.display.private_text(game, player, self.colour, self.width)
        shown = new[-RECENT_EVENTS:]
        parts = Screen(board, private.split("\n") if private else [],
                       [self.wrapped([f"  {line}"]) for line in shown],
                       events_title(bool(start), bool(self.digest)),
                       self.decision_lines(decision), len(new) - len(shown), self.digest,
                       self.notice, self.width, frozenset(self.results))
        lines = parts.lines(self.height)
        if LEFT_OUT in lines and not self.gaps_short:  # the digest had no row: the note
            # under the options said in one row (seed 323's newcomer saw no digest in the
            # contest for the place that held their pieces, the note taking 3 rows)
            self.gaps_short = True
            try:
                parts.decision = self.decision_lines(decision)
                lines = parts.lines(self.height)
            finally:
                self.gaps_short = False
        self.drawn = self.clock()
        if self.height is not None and len(lines) > self.height - 1:
            # a page at a time: nothing scrolls off unread; the question with its options,
            # and the hand with them where the page has the room
            asked = max((k for k, x in enumerate(lines)
                         if x.startswith(f"{self.name(player)}: ")), default=None)
            hand = max((k for k, x in enumerate(lines) if private and
                        x == private.split("\n")[0]), default=None)
            if hand is not None and asked is not None and hand < asked and \
                    len(lines) - hand <= self.height - 1:
                asked = hand
            self.unread = self.page(lines, self.height, {asked: len(lines) - asked}
                                    if asked is not None else None)
        else:
            self.unread = []
            for line in lines:
                self.say(line)

    def digest_rows(self, decision: Decision) -> int | None:
        """The rows a digest may take on this screen: what the hand and the decision, in
        their shortest form (plain options, a note or two), leave (None: no limit)."""
        if self.height is None:
            return None
        player = decision.player
        private = self.display.private_text(self.game, player, self.colour, self.width)
        plain = self.shown_labels(decision, short=True)  # the notes' short words at least
        labels, notes = self.with_points(decision, plain)
        notes = [n for n in notes if n.startswith((WHICHEVER, "(Estimates"))] \
            + ["Some choices change ..."] * (labels != plain)  # as decision_lines at its least
        need = len(self.display.hint_lines(self.game, player, decision.options, self.colour,
                                           self.width)) \
            + len(self.wrapped([f"{self.name(player)}: {decision.prompt}", *notes])) \
            + len(self.option_lines(decision, plain, self.height // 2)) \
            + (private.count("\n") + 2 if private else 0)
        return max(2, self.height - 1 - 2 - need - 2)  # ON_DEMAND and a blank; title, blank

    def decision_lines(self, decision: Decision) -> list[str]:
        """The hints, the prompt and the options (with the points each gives, if any)."""
        player = decision.player
        lines = list(self.display.hint_lines(self.game, player, decision.options, self.colour,
                                             self.width))
        lines += self.wrapped([f"{self.name(player)}: {decision.prompt}"])
        if decision.secret:
            lines.append("(a secret choice: the others see it only when all have chosen)")
        plain = self.shown_labels(decision)
        labels, notes = self.with_points(decision, plain)
        if self.height is None:
            return lines + self.wrapped(notes) + self.option_lines(decision, labels)
        private = self.display.private_text(self.game, player, self.colour, self.width)
        rows = self.height - 3 - len(lines) - (private.count("\n") + 2 if private else 0) \
            - (len(self.digest) + 2 if self.digest else 0) - max(0, len(self.notice) - 1)
        rows = self.same_layout(decision, rows)
        if not self.fits(decision, plain, notes, rows):  # no room for the whole notes
            plain = self.shown_labels(decision, short=True)
            labels, notes = self.with_points(decision, plain)
        shown = self.option_lines(decision, labels, rows - len(self.wrapped(notes)),
                                  group=labels == plain)
        if labels != plain and len(shown) + len(self.wrapped(notes)) > rows:
            labels, notes = self.with_points(decision, plain, lines=1)  # a line an option
            notes = notes if len(self.option_lines(decision, labels)) \
                + len(self.wrapped(notes)) <= rows else [n for n in notes if n != EACH_SAYS]
            # its row for the options
            shown = self.option_lines(decision, labels, rows - len(self.wrapped(notes)),
                                      group=False)
        if labels != plain and len(shown) + len(self.wrapped(notes)) > rows:
            # the key words (who scores what, whether the game ends) before none at all
            labels, notes = self.with_points(decision, plain, lines=1, key=True)
            notes = notes if len(self.option_lines(decision, labels)) \
                + len(self.wrapped(notes)) <= rows else [n for n in notes if n != EACH_SAYS]
            shown = self.option_lines(decision, labels, rows - len(self.wrapped(notes)),
                                      group=False)
        if labels != plain and len(shown) + len(self.wrapped(notes)) > rows:
            notes = [n for n in notes if n.startswith((WHICHEVER, "(Estimates"))]
            notes.append(self.points_hint(decision))
            shown = self.option_lines(decision, plain, rows - len(self.wrapped(notes)))
        bare = self.kept_labels(decision)  # no notes but those kept on every screen
        if len(shown) + len(self.wrapped(notes)) > rows and bare != plain:  # notes overflow
            notes = [n for n in notes if n != self.points_hint(decision)] \
                + [self.points_hint(decision)]
            shown = self.option_lines(decision, bare, rows - len(self.wrapped(notes)))
        return lines + self.wrapped(notes) + shown

    def fits(self, decision: Decision, labels: list[str], notes: list[str], rows: int
             ) -> bool:
        """Whether the options and the notes above them fit in `rows` lines."""
        room = rows - len(self.wrapped(notes))
        return len(self.option_lines(decision, labels, room)) <= room

    def option_lines(self, decision: Decision, labels: list[str], rows: int | None = None,
                     group: bool = True) -> list[str]:
        """The options' lines, numbered as this screen numbers them (see numbers), and the
        numbers left out said under them (gaps_line)."""
        ordered = sorted(zip(self.numbers(decision), labels, strict=True))
        return option_lines([label for _, label in ordered], self.width, rows, group,
                            [n for n, _ in ordered]) + self.gaps_line(decision)

    def gaps_line(self, decision: Decision) -> list[str]:
        """'  (1 and 4: red 5, blue 4, in your tray now; the other options keep their
        numbers.)': the numbers a repeated choice keeps for the options taken earlier in it,
        under the list. A newcomer read '2. red 6 ... 7. finish' and could not tell where 1
        went; another read '1 is in your tray already (red 5).' as a refusal of their
        card."""
        numbers = self.numbers(decision)
        pieces = self.numbering.pieces if self.numbering else 0  # after them: pass, finish
        kept = self.numbering.kept.items() if self.numbering else ()
        times = self.times_taken(decision.player)  # two of a kind: 'black 4 x2'
        gone = sorted((n, option, label + (f" x{times[option]}" if times[option] > 1 else ""))
                      for option, (n, label) in kept
                      if n not in numbers and (n <= pieces or not pieces))
        # taken and offered still: one of two alike is taken, the other held (a newcomer's
        # offer held a card the note did not list)
        also = sorted((n, option, label) for option, (n, label) in kept
                      if n in numbers and times[option] and (n <= pieces or not pieces))
        # the numbers kept for pieces held but not offered now: '1, 2, 3, 13. pass' read as
        # numbers gone missing (a newcomer, seed 197)
        waiting = [n for n in range(1, max(numbers, default=0))
                   if n not in numbers and n not in {k for k, _, _ in gone}]
        parts = []
        if gone:
            places = {self.taken_to(decision.player, option) for _, option, _ in gone}
            where = f"in {places.pop()} now" if len(places) == 1 and None not in places \
                else "chosen already"
            said = and_list([str(n) for n, _, _ in gone])
            parts.append(f"{said}: {', '.join(label for _, _, label in gone)}, {where}")
        for n, option, label in also:
            where = self.taken_to(decision.player, option)
            many = f" x{times[option]}" if times[option] > 1 else ""
            parts.append(f"{n}: {label}{many} in {where} now, and you hold more"
                         if where else f"{n}: {label}{many} chosen already, and you hold more")
        if self.numbering is None:  # the display's numbers: the page says no more (a row
            return []  # for the note took the digest's last row at the setup)
        if waiting:  # 'kept for the others you hold' was cryptic to a newcomer
            parts.append(f"{_span(waiting)}: for the rest of {self.held_in(decision)}, not "
                         "offered now")
        if not parts:
            return []
        if self.gaps_short:
            kinds = [f"in {self.taken_to(decision.player, o)} now" if
                     self.taken_to(decision.player, o) else "chosen already"
                     for _, o, _ in [*gone, *also]][:1] + ["not offered now"] * bool(waiting)
            return self.wrapped([f"  (Numbers not listed: {' or '.join(kinds)}; 'why N' "
                                 "says which.)"])
        return self.wrapped([f"  ({'; '.join(parts)}; the other options keep their "
                             "numbers.)"])

    def held_in(self, decision: Decision) -> str:
        """Where the player holds the pieces the options take, in words ('your hand'): the
        zone that holds most (a hand, not the offer made)."""
        zones = holding_zones(self.game, decision.player, decision.options) or \
            holding_zones(self.game, decision.player, list(self.numbering.places)
                          if self.numbering else [])  # none offered now: where they were
        # (a newcomer's last offer read 'for the rest of what you hold', the screen before
        # 'for the rest of your hand')
        most = max(zones, key=lambda z: len(z[1]))[0] if zones else None
        return PieceWords(self.game, decision.player, zones=self.display.zones).zone(
            most, decision.player, []) if most is not None else "what you hold"

    def numbers(self, decision: Decision) -> list[int]:
        """Each option's number: from 1, but within a repeated choice an option keeps the
        number of the choice's first screen, and one new to it takes the next number unused.
        A choice is repeated where the same player meets the same question right after their
        answer to it (an offer built card by card), or later about the same thing (the
        display's context: others answered between). Pieces the player holds come first,
        each numbered by its place in the hand at the choice's start (the hand's order, so
        a number not listed stands for one card: a newcomer's 'why 8' answered about the
        3rd card, and the 9th took 3 once offered); the other options (pass, finish) after
        as many numbers as the player holds pieces, so that the list reads in order as
        pieces leave the hand. A newcomer typed the number of a card from the screen
        before, which meant another card once the list had moved up. Where the display
        numbers the options itself (Display.option_numbers: places chosen one after
        another), its numbers, as the page shows them. At a terminal
        only: a script piped in reads no screen, and its '1' stays the first option."""
        return self.numbers_in(self.game, decision, len(self.history.deciders),
                               len(self.steps.deciders))

    def numbers_in(self, game: Game, decision: Decision, decided: int, steps: int
                   ) -> list[int]:
        """`numbers` for a decision of `game` (this session's, or the game played again as
        it is loaded: see catch_up), after `decided` decisions and `steps` steps recorded."""
        shown = self.display.option_numbers(game, decision) if self.tty else None
        if shown is not None:
            self.numbering = None  # the display's numbers: no repeated choice's own
            return shown
        key = (decision.player, decision.prompt, self.display.context_of(game,
                                                                         decision.player))
        repeated = self.tty and self.numbering is not None and self.numbering.key == key and \
            self.answered is not None and self.answered[:2] == key[:2] and \
            (self.answered[3] == decided or bool(key[2]))
        asked = asked_in(game)
        # a choice that goes on in other words: the same player's next question, right
        # after their answer, asked by the same rule, offering what the last one did but
        # that answer (a second card 'of another colour': the newcomer's orange was 4, then
        # 3, and the 4 typed again took another card)
        offered = frozenset(str(o) for o in decision.options)
        goes_on = self.tty and self.numbering is not None and self.answered is not None \
            and self.answered[0] == self.numbering.key[0] == decision.player \
            and self.answered[3] == decided and self.numbering.asked_in == asked \
            and self.answered[4] in self.numbering.offered \
            and offered == self.numbering.offered - {self.answered[4]}
        again = self.numbering is not None and self.numbering.key == key and \
            (self.numbering.seen_at, self.numbering.offered) == (decided, offered)  # the
        # same screen asked for its numbers again
        held = held_pieces(game, decision.player, decision.options) if self.tty else []
        if goes_on and self.numbering is not None:
            self.numbering.key = key
        elif not (repeated or again) or self.numbering is None:
            self.numbering = Numbering(key, {}, len(held), steps, asked,
                                       places={p: k for k, p in enumerate(held, 1)})
        self.numbering.offered, self.numbering.seen_at = offered, decided
        kept, last = self.numbering.kept, self.numbering.pieces
        places = self.numbering.places
        for option, label in zip(decision.options, named_labels(game, decision),
                                 strict=True):
            if str(option) in kept:
                continue
            if str(option) in places:  # a piece held at the start: its place in the hand
                kept[str(option)] = (places[str(option)], label)
            else:  # pass, finish, or a piece that came since: after the pieces
                kept[str(option)] = (max([n for n, _ in kept.values()] + [last]) + 1, label)
        return [kept[str(option)][0] for option in decision.options]

    def numbered(self, k: int, decision: Decision) -> Any:
        """The option numbered `k` on this screen (None if none is)."""
        return next((o for o, n in zip(decision.options, self.numbers(decision), strict=True)
                     if n == k), None)

    def no_number(self, k: int, decision: Decision) -> str:
        """Why the number `k` chooses nothing: its option was chosen earlier in this repeated
        choice ('2 is in your tray already (red 4)'), it is one the list leaves out (left_out),
        or there is no such number."""
        return self.left_out(k, decision) or \
            f"There is no option {k}: type {self.number_words(decision)}."

    def left_out(self, k: int, decision: Decision) -> str | None:
        """What a number the list leaves out stands for, and why it is not offered, with what
        may be typed instead: an option chosen earlier in this repeated choice, a place the
        display numbers but does not offer now ('5 is North, red, which is not offered now.
        There is already a piece there.'), or a piece held but not offered now, by its place
        in the hand ('8 is green 6 in your hand, which is not offered now. ...'); None for a
        number that stands for nothing. A newcomer typed 5, left out of a list, and read
        only 'There is no option 5'; 'why 5' was read as the start of a name."""
        numbers = self.numbers(decision)
        if k in numbers:
            return None
        instead = f"Type {self.number_words(decision)}."
        gone = [(option, label) for option, (n, label) in self.numbering.kept.items()
                if n == k] if self.numbering else []
        if gone:
            option, label = gone[0]
            where = self.taken_to(decision.player, option)
            return f"{k} is in {where} already ({label}): type a number listed." if where \
                else f"{k} ({label}) is chosen already: type a number listed."
        pending = self.game.state["pending"]
        point = self.game.program.choices.get(tuple(pending["at"])) if pending else None
        if point is None:
            return None
        if self.numbering is None:  # the display's numbers: a place it leaves out now
            kinds = set().union(*(types_of(self.game, o) for o in decision.options))
            values = [v for kind in sorted(kinds) if kind != "number"
                      for v in self.game.world.domain(kind, self.game.n)]
            value = self.display.numbered_value(self.game, decision, k, values)
            if value is None:
                return None
            reasons = plain_reasons(self.game, decision, point, value)
            name = self.game.label(value)
            why = " ".join(sentence(x.replace(f" ({name})", "")) for x in reasons)
            return f"{k} is {name}, which is not offered now.{' ' + why if why else ''} " \
                f"{instead}"
        pieces = self.numbering.pieces
        if not pieces or k > pieces:
            return None
        if any(n == k for n, _ in self.numbering.kept.values()):
            return None
        # the piece whose place in the hand the number is (a newcomer's 'why 8' answered
        # about the first piece not offered, the 3rd)
        name = next((p for p, n in self.numbering.places.items() if n == k), None)
        found = next(((zone, p) for zone, own in holding_zones(self.game, decision.player,
                                                               [name]) for p in own
                      if str(p) == name), None) if name is not None else None
        if found is None:  # no longer held
            return None
        zone, piece = found
        reasons = plain_reasons(self.game, decision, point, piece)
        why = " ".join(sentence(x) for x in reasons)
        where = PieceWords(self.game, decision.player, zones=self.display.zones).zone(
            zone, decision.player, [])
        return f"{k} is {self.game.label(piece)} in {where}, which is not offered now." \
            f"{' ' + why if why else ''} {instead}"

    def taken_moves(self, player: str) -> list[Any]:
        """The moves of the player's decisions in this repeated choice (or their run of
        decisions, nobody else's between), the newest first, out of the player's own zones:
        what followed by the rules (another's cards handed back) is not what they chose."""
        k = len(self.steps.deciders)
        while k > 0 and self.steps.deciders[k - 1] == player:
            k -= 1
        if self.numbering is not None and self.numbering.key[0] == player:
            k = min(k, self.numbering.start)
        return [m for seen, who in zip(reversed(self.steps.seen[k:]),
                                       reversed(self.steps.deciders[k:]), strict=True)
                if who == player for m in seen.moves if m.source[1] == player]

    def times_taken(self, player: str) -> Counter[str]:
        """How many pieces of each name that the player's decisions in this repeated choice
        moved (taken_moves) lie where the last of them went: two alike, chosen by one option
        twice, count two; one put forward and taken back, none."""
        out: Counter[str] = Counter()
        moves = self.taken_moves(player)
        zones = Picture(self.game, player).zones if moves else {}
        for piece in {p for m in moves for p in m.pieces}:
            dest = next(m.dest for m in moves if piece in m.pieces)
            there = sum(n for kind, n in zones.get(dest, {}).items() if str(kind) == piece)
            # no more than they put there (a common pile holds the others' too: 'black 6
            # x10 in the used cards')
            out[piece] = min(there, sum(m.pieces.count(piece) for m in moves
                                        if m.dest == dest))
        return out

    def taken_to(self, player: str, option: str) -> str | None:
        """Where the player's decisions in this repeated choice (or their run of decisions,
        nobody else's between) put the piece that `option` names, in words ('your tray');
        None where none of them moved it."""
        dest = next((m.dest for m in self.taken_moves(player) if option in m.pieces), None)
        if dest is None:
            return None
        owner = dest[1] if dest[1] in self.game.players else None
        return PieceWords(self.game, player, zones=self.display.zones).zone(
            dest[0], owner, [] if owner is not None or dest[1] is None else [dest[1]])

    def number_words(self, decision: Decision, named: bool = True) -> str:
        """'a number from 1 to 5', or the numbers listed where some are not there (those
        that are no piece `named`: word_numbers)."""
        numbers = sorted(self.numbers(decision))
        if numbers == list(range(1, len(numbers) + 1)):
            return f"a number from 1 to {len(numbers)}"
        if len(numbers) > 8:
            return "a number listed"
        words = self.word_numbers(decision) if named else {}
        return "one of " + and_list([f"{n} ({words[n]})" if n in words else str(n)
                                     for n in numbers], "or")

    def word_numbers(self, decision: Decision) -> dict[int, str]:
        """In a choice whose pieces keep their places in the hand, the numbers of the options
        that are no piece, by their first words ({12: 'pass', 13: 'finish'}): their numbers
        follow the hand's size, and a newcomer typed last time's number for 'pass'."""
        if self.numbering is None or not self.numbering.places:
            return {}
        return {n: label.split(":")[0].split(" (")[0]
                for option, n in zip(decision.options, self.numbers(decision), strict=True)
                if str(option) not in self.numbering.places
                for _, label in [self.numbering.kept[str(option)]]}

    def points_hint(self, decision: Decision) -> str:
        """Where the options' words did not fit: what 'points' shows, truly (a newcomer read
        that some choices change points, and 'points' showed only what follows a pass)."""
        found = self.outlook(decision)
        extras = common_effect(found.effects, supplies=False)[1] if found else []
        # the choices that end the game, by number, where only some do (a newcomer learnt
        # that option B ended the game from 'points' alone)
        ending = [str(k) for k, e in zip(self.numbers(decision), found.effects if found else [],
                                         strict=False) if e.ending]
        if ending and len(ending) < len(decision.options):
            return (f"Choice {ending[0]} ends" if len(ending) == 1 else
                    f"Choices {and_list(ending)} end") + \
                " the game; type 'points' to see what each choice does."
        if any(e.points for e in extras):
            return "Some choices change points or pieces: type 'points' to see which."
        if any(e.moves or e.ending for e in extras):  # said as it is: 'points' lists no
            # points where none changes (a newcomer looked there for the points promised);
            # 'at once', not 'now': beside a display's '(you +8 if scored now)' it read as
            # a contradiction (seed 311)
            return "Some choices move pieces (no points at once): type 'points' to see " \
                "which."
        return "Some choices say what may follow them: type 'points' to see it."

    def no_points_now(self, decision: Decision, notes: list[str]) -> list[str]:
        """The notes atop 'points', saying first where no choice changes anyone's points
        now: the list then says pieces and what follows, and a newcomer looked in vain for
        the points that 'change points or pieces' had made them expect."""
        found = self.outlook(decision)
        if found is None or found.skipped or \
                any(e.points or e.final or e.ending for e in found.effects):
            return notes
        return [NO_POINTS] + [n for n in notes if n != EACH_SAYS]

    def same_layout(self, decision: Decision, rows: int) -> int:
        """The rows the options were given when this decision was first shown (the same
        position: after an undo, after 'board'), so that they are laid out alike, while the
        screen can still make the room (SPARE_ROWS: a blank row); else `rows`."""
        key = (decision.player, self.game.state["step"], decision.prompt,
               tuple(map(str, decision.options)))
        first = self.layouts.setdefault(key, rows)
        return first if first <= rows + SPARE_ROWS else rows

    def with_points(self, decision: Decision, labels: list[str], whole: bool = False,
                    lines: int = 2, key: bool = False) -> tuple[list[str], list[str]]:
        """The options' labels with what each does at once (points, pieces, the end of the
        game; see consequences.py), and the lines to say before them (what every choice does
        cut to two lines unless `whole`); each option's words in `lines` lines when they fit
        so, else said shorter (said_in), never cut. `key`: each option's key words only
        (whether the game ends, who scores what: key_words_parts), and where it does more,
        that 'points' says the rest."""
        found = self.outlook(decision)
        if found is None:
            return labels, []
        if found.skipped:
            return labels, [f"(what each choice does is not worked out: {found.skipped} "
                            "options are too many)"]
        if not found.any:
            return labels, []
        player = decision.player
        common, extras = common_effect(found.effects, supplies=whole)
        said = effect_words(self.game, common, player)
        if not whole and len(said) > 2 * self.width - 30:
            parts = effect_words_parts(common, self.game, player)
            # the figures most choices share are never left out: the choices say only theirs
            figures = [k for k, part in enumerate(parts) if common.usual and
                       part.startswith((BY_THE_END, "final scores"))]
            said = in_rows(parts, self.width, max(figures, default=0) + 1)
        notes = [f"{WHICHEVER} {said}."] if said else []
        if found.estimate:
            notes.append(f"({estimate_note(found.samples, found.drawn, found.hidden)})")
        quiet = self.notes_alone(decision)  # a note says all of these options
        extras = [Effect() if alone else e for e, alone in zip(extras, quiet, strict=True)]
        words = [effect_words(self.game, e, player) for e in extras]
        if not any(words):
            return labels, notes
        if key:  # a short screen: the key words, the rest in 'points' (a newcomer's
            # option read bare at 80x24, who scores what left to 'points')
            words = [key_words(key_words_parts(e, self.game, player), w)
                     for e, w in zip(extras, words, strict=True)]
        elif not whole:  # in `lines` lines when it can be, else shorter in words (wrapped)
            words = [said_in(effect_words_parts(e, self.game, player),
                             lines * self.width - len(label) - 8 - 4 * lines)
                     for e, label in zip(extras, labels, strict=True)]
        notes.append(EACH_SAYS)
        return ([f"{label}: {w}" if w else label for label, w in zip(labels, words,
                                                                      strict=True)], notes)

    def outlook(self, decision: Decision) -> Outlook | None:
        """The decision's consequences, worked out once per decision (the same samples on
        every screen of it, and of the player's run of decisions: see run_start)."""
        key = (id(self.game), self.game.state["step"], decision.player)
        if self.outlooks[0] != key:
            self.outlooks = (key, outlook(self.game, decision, decision.player,
                                          run_start(self.history, decision.player),
                                          news=self.display.news_in,
                                          zones=self.display.zones,
                                          context=self.display.context_of))
        return self.outlooks[1]

    def wrapped(self, lines: list[str]) -> list[str]:
        return wrap_lines(lines, self.width)

    def notes_alone(self, decision: Decision) -> list[bool]:
        """For each option, whether a display's note says all that matters of it (`alone`):
        what it sets off is not said beside it."""
        if self.notes[0] is None or self.notes[0][:3] != \
                (id(self.game), self.game.state["step"], decision.player):
            self.shown_labels(decision)
        return self.notes[1].alone

    def shown_labels(self, decision: Decision, short: bool = False) -> list[str]:
        """The options in words, named ones with their names (see why.named_labels), each
        with the display's notes on what it changes ('red 6 (the limit falls to 1)');
        `short`: the notes' short words, for a screen without room for the whole."""
        key = (id(self.game), self.game.state["step"], decision.player, short)
        if self.notes[0] != key:
            self.notes = (key, option_notes(self.display.option_notes, self.game,
                                            decision.player, decision.options, short))
        return with_notes(named_labels(self.game, decision), self.notes[1])

    def kept_labels(self, decision: Decision) -> list[str]:
        """The options' names with only the notes' words kept on every screen ('violet
        (cannot win)'): a newcomer was offered a colour that could not win without a word,
        its notes left to 'why'."""
        self.shown_labels(decision, short=True)
        return with_notes(named_labels(self.game, decision), self.notes[1].kept)

    def show_ending(self, viewer: str) -> None:
        """The `score` command: the final scoring if the game ended now."""
        ending = if_ended_now(self.game, viewer)
        if ending is None:
            self.say("The final scoring cannot be worked out now.")
            return
        lines = ["If the game ended now (on what you can see):"]
        width = max(len(self.name(p)) for p in self.game.players)
        for p in sorted(self.game.players, key=lambda p: -ending.end[p]):
            mark = f"  ({first})" if (first := ending.first_words(p)) else ""
            least, most = ending.end_range(p)
            end = f"{least!s:>4}" if least == most else f"{least} to {most}"
            lines.append(f"  {self.name(p):<{width}}  {ending.now[p]!s:>4} now, "
                         f"{end} at the end{mark}")
        if ending.lines:
            lines.append("The final scoring would say (* a random draw decides it; one draw "
                         "shown):" if ending.drawn else "The final scoring would say:")
            lines += [f"  {'* ' if x in ending.drawn else ''}{x}" for x in ending.lines]
        if ending.chance:  # (one number a player where every draw gave the same: said so,
            # or 'drawn 5 times' beside single numbers read as a range left out: seed 313)
            alike = all(len(set(ending.end_range(p))) == 1 for p in self.game.players)
            lines.append("(What the final scoring leaves to chance is drawn at random here, "
                         f"{1 + len(ending.others)} times"
                         f"{': every draw gives these scores' if alike else ''}.)")
        self.tell(lines)

    def handle(self, line: str, decision: Decision) -> Any:
        """An option for a valid answer, a Stop to leave, None to ask again."""
        self.refit()  # each command's answer at the width the terminal has now
        text = line.strip()
        paged, self.paged = self.paged, False
        if paged and text.lower() == "q" and \
                "q" not in (str(o).lower() for o in decision.options):
            # the pager's 'stop' typed once its pages had ended (a newcomer's 'q' was
            # refused as no option or command): nothing more to stop
            self.unread = []
            return None
        if not text:  # the screen again (after 'board', 'log' or 'why', say), or the rest
            # of it where a command was typed at one of its pages (a newcomer typed 'log'
            # there, then Enter, and the screen's first page came again)
            if self.unread:
                self.unread = self.page(self.unread, self.height)
            else:
                self.screen(decision, events=False)
            return None
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        command = word.lower()
        if _is_number(text):
            option = self.numbered(int(text), decision)
            if option is not None:
                return option
            self.say(self.no_number(int(text), decision))
            return None
        if command == "rules" or (command in ("help", "?", "h") and rest.lower()
                                  .startswith("rules")):
            topic = rest if command == "rules" else rest[len("rules"):]
            self.tell(rules_lines(self.ruleset, decision.prompt, topic, self.width, self.lang))
            return self.remind(decision)
        if command in ("help", "?", "h"):
            marks = self.display.legend_items(self.game, decision.player)
            # one answer, a page at a time on a short terminal
            self.tell(help_lines(self.width) + (["Marks on the board:",
                                                 *legend_lines(marks, self.width)]
                                                if marks else []))
            return self.remind(decision)
        if command == "why":
            self.why(rest, decision)
            return self.remind(decision)
        if command == "save":
            self.save(Path(rest) if rest else None)
            return None
        if command == "log":
            self.show_log(rest)
            return self.remind(decision)
        if command == "score":
            self.show_ending(decision.player)
            return self.remind(decision)
        if command == "board":
            self.show_board(decision)
            return None
        if command == "points":
            labels, notes = self.with_points(decision, self.shown_labels(decision), True)
            noted = labels != named_labels(self.game, decision)  # the display's notes
            # laid out as on the decision's screen: numbers aligned ('  9.', ' 10.'), each
            # option's words continued under its first word (a newcomer saw them at 4, not 5)
            self.tell(self.wrapped(self.no_points_now(decision, notes))
                      + self.option_lines(decision, labels)
                      if notes or noted else ["No choice changes points or pieces at once."])
            return self.remind(decision)
        if command in ("quit", "exit"):
            return self.quit()
        if command == "undo":
            return self.undo(decision)
        found = self.match_option(text, decision)
        if found is not None:
            return found[0]
        ambiguous = matching(text, decision.options, decision.labels)
        if len(ambiguous) > 1:
            labels = [decision.labels[decision.options.index(o)] for o in ambiguous]
            self.say(f"'{text}' could mean {listed(labels)}: type more of the name.")
            return None
        known = self.resolve(text)
        pending = self.game.state["pending"]
        point = self.game.program.choices.get(tuple(pending["at"])) if pending else None
        if known is not None and point is not None and point.labels and \
                known[0] not in point.labels:
            known = None  # a name, but not of one of this decision's options
        if known is not None:  # the name of something the rules do not allow now
            self.tell(self.explained(decision, known[0], text, more=False))
            return self.remind(decision)
        self.say(f"'{text}' is not an option or a command: type "
                 f"{self.number_words(decision)}, or 'help'.")
        return None

    def quit(self) -> Stop | None:
        """Stop; when the game is not saved as it stands, ask first (Enter: play on)."""
        if self.saved == self.game.state["step"]:
            return Stop("Game stopped (saved).")
        if self.loaded == self.game.state["step"] and \
                self.history.moves == self.loaded_moves:  # nothing to save: a newcomer was
            # asked to save the game they had just loaded; another, who had taken back a
            # decision and taken it again, read 'nothing changed' and was unsure theirs were kept
            if self.answering:
                return Stop("Game stopped: your decisions since the load are the same as the "
                            "save's (its file holds the game as it is now).")
            return Stop("Game stopped: nothing changed since it was loaded (its file holds it "
                        "as it is).")
        self.say("The game is not saved. Save before you leave?")
        try:  # the question and its answers on two lines: one would wrap at 80 columns
            answer = self.read("[y: save and quit, n: quit without saving, Enter: play on] ")
        except (EOFError, KeyboardInterrupt):
            answer = "n"
        answer = answer.strip().lower()
        if answer in ("y", "yes"):
            return Stop("Game stopped (saved).") if self.save(None) is not None else None
        if answer in ("n", "no"):
            return Stop("Game stopped (not saved).")
        self.say("Playing on.")
        return None

    def undo(self, decision: Decision) -> Any:
        """Take back the player's last decision (with the bots' answers to it: a bot decides
        the same again), as far as undo.py allows; UNDONE when it was taken back."""
        bots = frozenset(self.bots)
        count = last_own(self.history, decision.player, bots) or 1
        taken = self.history.moves[-count] if len(self.history.moves) >= count else None
        try:
            game, history = take_back(self.ruleset, self.game, self.history, count,
                                      decision.player, bots)
        except RulesError as exc:
            self.say(cannot_take_back(str(exc)))
            return None
        self.game, self.history = game, history
        for player, seen in self.seen.items():  # the events taken back are not "new"
            self.seen[player] = min(seen, len(game.log_for(player)))
        # the steps played again from the start, as after a load: what the player's
        # decisions in a choice going on put where (a newcomer's undone card left the note
        # under the list saying '1, 2 and 3: violet 6, black 4, black 5, chosen already'), and
        # what emptied a region of the board before the undo, said under the board still; no
        # pictures: the screen after an undo says what it took back, not a digest
        again = replay_steps(game, list(self.humans), self.display.lone_context_of)
        self.steps, self.pictures, self.digest = again.steps if again else Steps(), {}, []
        self.renumber(0 if again else len(game.moves))
        self.restart_journal()
        self.undone = taken_back_text(game, taken, count)
        self.say(self.undone)
        return UNDONE

    def restart_journal(self) -> None:
        """The journal written again from the start (a decision taken back is not in it)."""
        if self.journal is None:
            return
        self.journal.close(remove=True)
        self.journal = None
        self.open_journal(quiet=True)

    def remind(self, decision: Decision) -> None:
        """After a long answer, where the decision stands (its options may have scrolled
        off a short terminal)."""
        if self.height is not None:
            self.say(f"(Type {self.number_words(decision, named=False)}; Enter shows the "
                     "options again.)")  # in one row: after a page of 'score', say

    def match_option(self, text: str, decision: Decision) -> tuple[Any] | None:
        """The option named by its name or its words, in any case, or shortened to a
        beginning that only one option has."""
        found = matching(text, decision.options, decision.labels)
        return (found[0],) if len(found) == 1 else None

    def at_once(self, decision: Decision, option: Any) -> list[str]:
        """What an allowed option does at once, for `why` (see consequences.py)."""
        found = self.outlook(decision)
        if found is None or found.skipped or option not in decision.options:
            return []
        effect = found.effects[decision.options.index(option)]
        sources = self.points_sources(option, decision.player, effect)
        if sources:  # said below, whole
            effect = replace(effect, because=None)
        words = effect_words(self.game, effect, decision.player)
        estimate = "" if not found.estimate else \
            " (an estimate: what is drawn at random may differ)" if found.drawn else \
            " (an estimate: what you cannot see may differ)"
        listed = self.listed_note(decision, option)
        if words:
            return [f"At once: {words}{estimate}.", *self.option_hint(decision, option),
                    *[f"On the list: {x}" for x in listed], *sources]
        # said as a player says it (a newcomer read 'nothing moves beyond what the option
        # says ... (the list's words, below, say what may follow)' as code)
        hint = self.option_hint(decision, option)
        above = [] if hint or not self.display.hint_lines(self.game, decision.player,
                                                          decision.options) else [NOTES_ABOVE]
        return [NOTHING_ELSE + "".join(f" The list says beside it: {label}" for label in
                                       listed), *hint, *above, *sources]

    def listed_note(self, decision: Decision, option: Any) -> list[str]:
        """The option's line on the list where it says more than its words ('North, red
        (you +6: ... if scored now)'): `why` agrees with the list (a newcomer's list said
        '(+2)', and `why` said no points change, without a word of where they came from)."""
        labels = self.shown_labels(decision)
        k = decision.options.index(option)
        bare = named_labels(self.game, decision)[k]
        return [f"{labels[k]}."] if labels[k] != bare else []

    def option_hint(self, decision: Decision, option: Any) -> list[str]:
        """The part of the decision's hints about this option ('white: in X, may go to Y
        (...)'): what choosing it leads to, as the screen said above the options."""
        label = named_labels(self.game, decision)[decision.options.index(option)]
        text = " ".join(" ".join(self.display.hint_lines(self.game, decision.player,
                                                         decision.options)).split())
        return [f"As the screen says: {part.rstrip('.')}." for part in _top_level_parts(text)
                if part.startswith(f"{label}: ")]

    def points_sources(self, option: Any, player: str, effect: Effect) -> list[str]:
        """'Your +6: Ann scores 6 VP for ...: the bonus of round 3', with the meaning of
        the display's glossary terms it names: where the points of an option come from."""
        least, most = effect.points.get(player, (0, 0))
        lines = points_from(self.game, option, player, least) if least and least == most \
            else []
        if not lines:
            return []
        terms = [f"{term[:1].upper()}{term[1:]}: {means}."
                 for term, means in self.display.glossary.items()
                 if any(term in line.lower() for line in lines)]
        return [f"Your {least:+d}: {'; '.join(lines)}.", *terms]

    def in_the_rules(self, decision: Decision, option: Any) -> list[str]:
        """The rulebook's line for an option (`why` says what the book says), without the
        option's words that `why` said already ('In the rules: Option B: only if ...');
        nothing when the book says no more."""
        words = option_words(self.ruleset, decision.prompt, option, self.lang)
        if not words or option not in decision.options:
            return [words] if words else []
        label = decision.labels[decision.options.index(option)]
        head, found, rest = words.partition(label)
        rest = rest.strip(" .").removeprefix("(").removesuffix(")")
        if not found:
            return [words]
        return [f"{head.rstrip()} {rest}."] if rest else []

    def explained(self, decision: Decision, option: Any, typed: str, cites: bool = False,
                  more: bool = True) -> list[str]:
        """`why`'s answer for an option or a value (`more`: with what the option does at once
        and the rulebook's words), the options allowed cut to what fits under the rest on
        the terminal's rows (with the line typed, the reminder and the prompt): a newcomer's
        reason scrolled off 24 rows above 12 options and 'and 16 more'."""
        def answer(shown: int) -> list[str]:
            return explain(self.game, decision, option, typed, cites, self.numbers(decision),
                           shown) + (self.at_once(decision, option) +
                                     self.in_the_rules(decision, option) if more else [])
        lines = answer(SHOWN)
        if self.height is None:
            return lines
        over = len(self.wrapped(lines)) - (self.height - 3)
        return answer(max(1, SHOWN - over)) if over > 0 else lines

    def why(self, text: str, decision: Decision) -> None:
        words = text.split()
        cites = "--cite" in words
        text = " ".join(w for w in words if w != "--cite")
        if not text:
            self.say("Type 'why' and an option, e.g. 'why D'. The options listed are the ones "
                     "the rules allow now.")
            return
        if _is_number(text) and self.numbered(int(text), decision) is None:
            # a bare number is an option's number, never the start of a name ('why 5' was
            # read as '52nd ...' where 'why 1' was option 1)
            left = self.left_out(int(text), decision)
            if left is not None:
                self.tell([left])
                return
            self.tell(self.explained(decision, int(text), text, cites))
            return
        if _is_number(text) and self.numbered(int(text), decision) is not None:
            self.tell(self.explained(decision, self.numbered(int(text), decision), text,
                                     cites))
            return
        found = matching(text, decision.options, decision.labels)
        if len(found) > 1:
            labels = [decision.labels[decision.options.index(o)] for o in found]
            self.say(f"'{text}' could mean {listed(labels)}: type more of the name.")
            return
        known = (found[0],) if found else self.resolve(text)
        if known is None:
            self.tell([*self.no_such_name(text, decision),
                       *allowed_lines(decision, labels=named_labels(self.game, decision),
                                      numbers=self.numbers(decision))])
            return
        self.tell(self.explained(decision, known[0], text, cites))

    def no_such_name(self, text: str, decision: Decision) -> list[str]:
        """What a name that names nothing is not: where the decision's options have names
        (letters) and the text is as short as they are, the names there are, and which of
        them the rules do not allow now ('why E' said only that E names nothing)."""
        pending = self.game.state["pending"]
        point = self.game.program.choices.get(tuple(pending["at"])) if pending else None
        names = [str(n) for n in point.labels] if point is not None else []
        if not names or len(text) > max(len(n) for n in names) or " " in text:
            return [f"'{text}' names nothing of this game."]
        refused = [n for n in names if n not in map(str, decision.options)]
        return [f"There is no option {text} in this decision: its options are "
                f"{and_list(names, 'and')}"
                + (f" ({and_list(refused)} {'is' if len(refused) == 1 else 'are'} not "
                   f"allowed now: 'why {refused[0]}' says why)."
                   if refused else ".")
                + " Type 'why' and an option's letter or number: 'why "
                f"{names[0]}' or 'why 1'."]

    def resolve(self, text: str) -> tuple[Any] | None:
        """A typed word as a value of the game: an option's name, a number, or a name in words
        (a place, a card, a colour), in any case, or shortened while only one name begins so;
        None if it names nothing."""
        pending = self.game.state["pending"]
        point = self.game.program.choices.get(tuple(pending["at"])) if pending else None
        if point is not None and point.labels:
            names = list(point.labels)
            found = matching(text, names, [point.labels[n] for n in names])
            if len(found) == 1:
                return (found[0],)
        if re.fullmatch(r"-?\d+", text):
            return (int(text),)
        values = [v for v in self.game.world.attrs if isinstance(v, str)]
        found = matching(text, values, [str(self.game.world.attrs[v].get("name", v))
                                        for v in values])
        return (found[0],) if len(found) == 1 else None

    def board_lines(self, player: str, emptied: bool = True) -> list[str]:
        """The board as `player` sees it, and under it the marks it shows with their meanings
        (marks.py), unless its layout prints the whole legend."""
        board = self.display.board(self.game, player, self.colour, self.width)
        emptied = self.wrapped(self.steps.emptied(self.game, player)) if emptied else []
        # what an empty region held (a newcomer saw its empty squares and a mark, and could
        # not tell what had been there)
        if not self.display.legend or LEGEND in self.display.layout_for(self.width).below:
            return [*board.split("\n"), *emptied]
        items = self.display.legend_items(self.game, player)
        return [*board.split("\n"), *emptied,
                *marks_lines(items, board, self.width, max(1, ROWS - len(emptied)))]

    def show_board(self, decision: Decision) -> None:
        """The whole board, then the decision: with its options when they fit below it."""
        self.refit()
        lines = self.board_lines(decision.player)
        below = self.decision_lines(decision)
        room = self.height - 1 if self.height is not None else None
        if room is not None and len(lines) + 1 + len(below) > room:
            below = [f"(Enter shows your hand and the {len(decision.options)} options again.)"]
        if room is not None and len(lines) + len(below) > room:  # the marks said whole:
            lines = [line for line in lines if line.strip()]  # the blank rows go first
        drawn = self.display.board(self.game, decision.player, self.colour, self.width)
        under = self.board_lines(decision.player)[len(drawn.split("\n")):]
        # a board too long for one page (60 columns): what is said under it goes on the next
        # page, with the spare rows that fit there (a newcomer's board at 60 columns had lost
        # the rows that said which spaces touch and where the pieces go next)
        paged = room is not None and bool(under) and \
            len([x for x in drawn.split("\n") if x.strip()]) + len(under) > room

        def used() -> int:
            return len(lines) - (lines.index(under[0]) if paged and under[0] in lines else 0)
        for spare, instead in self.display.spare_blocks(self.game, decision.player, self.colour,
                                                        self.width):  # before a blank row
            least = min(len(spare), len(instead) or len(spare))
            if room is not None and used() + least + len(below) > room:
                lines = [line for line in lines if line.strip()]  # blank rows give way
            lines += spare if room is None or used() + len(spare) + len(below) <= room \
                else instead if used() + len(instead) + len(below) <= room else []
        blank = [""] if room is None or used() + 1 + len(below) <= room else []
        if room is not None and used() + len(below) > room >= used():
            below = []  # the board alone fits: Enter (the prompt's) shows the options still
        # what is said under the board: on a page of its own where the whole does not fit,
        # the board whole on the first
        at = lines.index(under[0]) if under and under[0] in lines else None
        self.page(lines + blank + below, self.height,
                  {at: len(lines) + len(blank) + len(below) - at} if at else None)

    def spare_lines(self, player: str, room: int | None) -> list[str]:
        """The rows the display says under its board where there is room (spare_blocks):
        each whole, or in its shorter words, in `room` rows (None: no limit). A newcomer's
        last board had lost the row that said which spaces touch."""
        out: list[str] = []
        for spare, instead in self.display.spare_blocks(self.game, player, self.colour,
                                                        self.width):
            left = None if room is None else room - len(out)
            out += spare if left is None or len(spare) <= left else \
                instead if len(instead) <= left else []
        return out

    def show_log(self, text: str) -> None:
        """The last N events (on a short terminal a page at a time); with no N, as many of
        the newest as fill the screen. A player's steps in a row that changed nothing for the
        others (cards put forward one at a time) are folded into their last line, as on the
        decision screen (digest.Steps); 'log all' shows every line."""
        words = text.split()
        every = "all" in words
        words = [w for w in words if w != "all"]
        try:
            count = int(words[0]) if len(words) == 1 else None if not words else 0
        except ValueError:
            count = 0
        if count is not None and count < 1:
            self.say("Type 'log', 'log N' with a whole number N of 1 or more, or 'log all'.")
            return
        decision = self.game.decision()
        player = decision.player if decision is not None else None
        events = self.game.log_for(player)
        if not events:
            self.say("Nothing has happened yet.")
            return
        hidden = set() if every else hidden_positions(self.game, player, self.steps)
        kept = [line for k, line in enumerate(events) if k not in hidden]
        wrapped = [self.wrapped([f"  {line}"]) for line in kept]
        if count is None:
            room = (self.height or RECENT_EVENTS + 3) - 3
            count = 0
            while count < len(wrapped) and \
                    sum(len(x) for x in wrapped[-count - 1:]) <= room:
                count += 1
        shown = wrapped[-count:] if count > 0 else []
        head = f"the last {len(shown)} of {len(kept)} events; 'log N' shows N" \
            if len(kept) > len(shown) else ""
        if hidden:
            head += ("; " if head else "") + f"{len(hidden)} small steps folded ('log all')"
        rows = self.height - 1 if self.height is not None else None  # one for `remind`
        top = self.wrapped([f"({head})"]) if head else []
        self.page(top + [x for e in shown for x in e], rows)

    def interrupted(self) -> Stop:
        self.say()
        try:
            answer = self.read("Interrupted. Save the game before leaving? [y/N] ")
            if answer.strip().lower() in ("y", "yes"):
                default = self.default_save_path()
                name = self.read(f"File to save to [{default}]: ").strip()
                self.save(Path(name) if name else default)
        except (EOFError, KeyboardInterrupt):
            self.say()
        return Stop("Game interrupted.", EXIT_INTERRUPTED)

    # ------------------------------------------------------------------ saves and replays
    def default_save_path(self) -> Path:
        return Path(save_file_name(self.ruleset, self.game))

    def save(self, path: Path | None) -> Path | None:
        path = path or self.default_save_path()
        data = save_data(self.ruleset, self.game, self.history, self.seats)
        try:
            write_json(path, data)
        except FILE_ERRORS as exc:
            self.say(f"Cannot save to {path}: {file_error(exc)}.")
            return None
        self.saved = self.game.state["step"]
        shown = short_path(path)
        self.say(f"Saved to {shown}.{save_note(self.game)} Continue later with:\n"
                 f"  rules play --load {shown}")  # the command on a line of its own
        return path

    def replay_path(self) -> Path:
        """The replay file of this session (its journal is beside it), chosen once."""
        if self.replay_file is None:
            self.replay_file = new_replay_path(self.replay_dir, self.ruleset, self.game)
        return self.replay_file

    def open_journal(self, quiet: bool = False) -> None:
        """Start writing the record as the game goes (see journal.py)."""
        if self.replay_dir is None:
            return
        path = journal_of(self.replay_path())
        game = self.game
        try:
            self.journal = Journal.create(path, self.ruleset, game.n, game.state["seed"],
                                          game.names, self.seats, self.history, game.streams)
        except FILE_ERRORS as exc:
            self.say(f"Cannot write the journal {path}: {file_error(exc)}; the game is "
                     "recorded only when it ends.")
            return
        shown = short_path(path)
        if not quiet:
            self.say(f"Journal: {shown} (if this session is killed, continue with: rules "
                     f"play --load {shown})")

    def journal_step(self, durable: bool) -> None:
        """Append the last decision to the journal (to the disk too for a person's)."""
        if self.journal is None:
            return
        try:
            self.journal.record(self.history, durable)
        except FILE_ERRORS as exc:
            self.say(f"Cannot write the journal {self.journal.path}: {file_error(exc)}; the "
                     "game is recorded only when it ends.")
            self.journal.close()
            self.journal = None

    def keep_replay(self) -> bool:
        """Write the replay (then the journal is no longer needed); False (having said why)
        if it cannot be written."""
        if self.replay_dir is None:
            return True
        path = self.replay_path()
        data = replay_data(self.ruleset, self.game, self.history, self.seats)
        try:
            write_json(path, data)
        except FILE_ERRORS as exc:
            self.say(f"Cannot write the replay to {path}: {file_error(exc)}.")
            if self.journal is not None:
                self.journal.close()
                self.say(f"The record of the game is kept in {self.journal.path}.")
            return False
        if self.journal is not None:
            self.journal.close(remove=True)
        shown = short_path(path)
        self.say(f"Replay: {shown} (check it with: rules replay {shown})")
        return True

    def write_svg(self) -> bool:
        """Write the picture asked for with --svg; False (having said why) if it cannot be."""
        if self.svg is None:
            return True
        picture = self.display.to_svg(self.game)
        try:
            write_atomic(self.svg, picture)
        except FILE_ERRORS as exc:
            self.say(f"Cannot write the picture to {self.svg}: {file_error(exc)}.")
            return False
        self.say(f"Picture of the board: {self.svg}")
        return True

    # ------------------------------------------------------------------ watching and the end
    def print_new_events(self) -> None:
        events = self.game.events
        for line in events[self.printed:]:
            self.tell([line])
            if self.delay:
                time.sleep(self.delay)
        self.printed = len(events)

    def watch_board(self, decision: Decision) -> None:
        """Watching: the log since the last board, then the board as a spectator sees it (what
        every player sees, none's private part), redrawn when the display says so."""
        if not self.watch:
            return
        self.print_new_events()
        key = self.display.redraw_key(self.game)
        if key is None:
            key = decision.player
        if key != self.redraw:
            self.redraw = key
            self.say()
            self.say(self.display.board(self.game, None, self.colour, self.width))
            self.say()

    def ending(self) -> None:
        """The end: the last moves, the final scoring, the board and the scores. Between
        people at one terminal, on a screen cleared first: the last one's hand, and the lines
        told to them alone, do not stay above it for all to read."""
        game = self.game
        if self.tty and len(self.humans) > 1:
            self.clear()
        events = game.events
        end_line = f"Game end: {game.state['ending']}."
        end = events.index(end_line) if end_line in events else len(events)
        start = self.printed if self.watch else min(
            [self.seen.get(p, 0) for p in self.humans] or [0])
        before = events[start:end] if start < end else []
        lines: list[str] = []
        if self.watch:
            lines += before
        elif before:
            lines += ["", "Last moves:", *[f"  {line}" for line in before[-RECENT_EVENTS:]]]
        lines += ["", end_line if end < len(events) else "The game is over."]
        if end + 1 < len(events):
            rest = events[end + 1:]
            if rest[0].startswith(FINAL_SCORING):  # the rules' own heading: said once
                lines.append(rest.pop(0))
            else:
                lines.append(FINAL_SCORING)
            lines += [f"  {line}" for line in rest]
        self.printed = len(events)
        pager = Pager(self.say, self.read, self.height, self.width)
        pager.show(self.wrapped(lines))
        if pager.stopped:  # 'q' at the last moves does not hide the winner
            pager = Pager(self.say, self.read, self.height, self.width)
        board = self.board_lines(game.players[0], emptied=False)  # with its marks and
        board += self.spare_lines(game.players[0], self.height - 1 - len(board)
                                  if self.height is not None else None)  # the spare rows
        # that fit with it (which spaces touch: the final scoring counts them), on one page,
        # after a blank row where it has the room; what emptied regions held, below
        if self.height is None or len(board) < self.height - 1:
            board = ["", *board]
        pager.keep_together(len(board))
        lines = board
        final = self.display.final_lines(game, self.colour, self.width)
        if final:
            lines += ["", *final]
        lines += self.wrapped(self.steps.emptied(game, NOBODY))
        lines += ["", *final_scores(game).split("\n")]
        pager.show(lines)


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 card', '2 cards' (or the plural given)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def whole_parts(parts: list[str], room: int, least: int = 1) -> str:
    """The first of an effect's parts ('a; b; c') that fit in `room` characters, each whole:
    at least the first `least` (a part cut in its middle read 'the special scori')."""
    kept: list[str] = []
    for part in parts:
        if len(kept) >= least and len("; ".join([*kept, part])) > room:
            break
        kept.append(part)
    return "; ".join(kept)


def key_words(key: list[str], words: str) -> str:
    """An option's key words (consequences.key_words_parts), and where its whole `words`
    say more, that 'points' says it: '' for an option that does nothing."""
    said = "; ".join(key)
    if said == words:
        return said
    return f"{said}{MORE_POINTS}" if said else "more in 'points'" if words else ""


def in_rows(parts: list[str], width: int, least: int = 1, rows: int = 2) -> str:
    """What every choice does ('a; b; c'), its parts each whole, as many as `rows` rows of
    `width` hold after WHICHEVER (at least the first `least`), the others left to 'points'
    ('; and more ('points')'): as they are, or where that says more of them, where pieces go
    and not where from. Seed 319's newcomer read '1 tile goes from space 5 to the square
    chosen; and more ('points')', where the last tile of the set went to the place that
    scores at the end, which the two rows held said without where from."""
    def fitted(said: list[str]) -> str:
        for k in range(len(said), least - 1, -1):
            text = "; ".join(said[:k]) + (MORE_POINTS if k < len(said) else "")
            if len(wrap_text(f"{WHICHEVER} {text}.", width)) <= rows:
                return text
        kept = whole_parts(said, 2 * width - 60, least)
        return kept + (MORE_POINTS if kept != "; ".join(said) else "")
    found = [fitted(said) for said in (parts, [without_source(p) for p in parts])]
    return min(found, key=lambda x: (x.endswith(MORE_POINTS),
                                     -x.count("; ") if x.endswith(MORE_POINTS) else 0))


def said_in(parts: list[str], room: int) -> str:
    """An option's consequences ('a; b; c') as they are when they fit in `room` characters,
    else shorter in words (where pieces go, not where from): a longer one wraps onto more
    lines, it is never cut (a newcomer lost the 'then ...' that mattered)."""
    text = "; ".join(parts)
    return text if len(text) <= room else "; ".join(without_source(p) for p in parts)


def terminal_width() -> int:
    """The terminal's columns (COLUMNS or the terminal itself; 80 when unknown), at most 160."""
    return max(40, min(160, shutil.get_terminal_size((80, 24)).columns))


def matching(text: str, options: list[Any], labels: list[str]) -> list[Any]:
    """The options that `text` names: by name or words in any case; else those whose name or
    words begin with it (one of them: a shortened name; several: ambiguous); else those whose
    words hold it as whole words ('queen' for 'promote to queen': a newcomer typed the word of
    the option that told it apart, and read that it was no option)."""
    want = " ".join(text.casefold().split())
    if not want:
        return []
    pairs = list(zip(options, labels, strict=True))
    exact = [o for o, label in pairs if want in (str(o).casefold(), label.casefold())]
    if exact:
        return exact[:1]
    begun = [o for o, label in pairs
             if label.casefold().startswith(want) or str(o).casefold().startswith(want)]
    if begun:
        return begun
    words = re.findall(r"\w+", want)
    return [o for o, label in pairs if words and _holds_words(label, words)]


def _holds_words(label: str, words: list[str]) -> bool:
    """Whether `words` follow each other in `label`, each a whole word of it (any case)."""
    have = re.findall(r"\w+", label.casefold())
    return any(have[k:k + len(words)] == words for k in range(len(have) - len(words) + 1))


def _top_level_parts(text: str) -> list[str]:
    """A text cut at each '; ' outside brackets ('a: x (b; c); d: y' is two parts)."""
    parts, depth, start = [], 0, 0
    for k, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0 and text.startswith("; ", k):
            parts.append(text[start:k])
            start = k + 2
    return [*parts, text[start:]]


def _is_number(text: str) -> bool:
    """Digits 0-9 only (str.isdigit is also true for '²', which int() refuses)."""
    return text.isascii() and text.isdigit()


