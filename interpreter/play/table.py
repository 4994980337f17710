"""A game at a table of seats reached over a network: private links, what each seat may see,
decisions, undo, saves and the replay. No web framework here (interpreter/play/web.py serves
a Table over HTTP), so everything can be tested directly.

Each person's seat has a link with an unguessable token; a request names its seat only by that
token. What a seat is sent is built from that seat's view: the board drawn for it, its own
private block (hand), the options only when it decides. Every change of the game (a decision,
an undo) raises the table's version; a request that acts on a decision names the version it
saw, so a click on a decision that is no longer current (two clicks racing, a page not yet
updated) is refused and changes nothing.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.bots.players import make_bot
from interpreter.engine.visibility import seen_score
from interpreter.language.errors import IllegalMove, RulesError
from interpreter.play.consequences import (
    BY_THE_END,
    ENDING_NOTE,
    Effect,
    Picture,
    and_list,
    common_effect,
    effect_words,
    ending_points_text,
    estimate_note,
    held_count,
    none_moved_words,
    outlook,
    run_start,
)
from interpreter.play.digest import (
    ALSO_HEAD,
    NEWS_HEAD,
    Steps,
    digest_lines,
    hidden_positions,
    replay_steps,
    unfolded,
)
from interpreter.play.display import Display
from interpreter.play.final_points import end_table
from interpreter.play.game_files import (
    HUMAN,
    PLAY_FORMAT_KEY,
    bot_decides,
    new_replay_path,
    save_data,
    save_file_name,
    save_note,
    sentence,
)
from interpreter.play.links import LINKS_KEY, links_record, new_token
from interpreter.play.marks import marks_lines
from interpreter.play.moves_seen import watch_step
from interpreter.play.option_notes import option_notes, with_notes
from interpreter.play.option_order import asked_in
from interpreter.play.refusal import refusal
from interpreter.play.replay import FILE_ERRORS, History, file_error, replay_data, write_json
from interpreter.play.scores import final_scores, score_rows, tiebreak_label
from interpreter.play.screen import POINTS_HEAD, YOURS_HEAD
from interpreter.play.undo import (
    UndoLimit,
    cannot_take_back,
    take_back,
    taken_back_text,
    undo_limit,
)
from interpreter.play.why import named_labels

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Decision, Game

XML_DECLARATION = re.compile(r"^<\?xml[^>]*\?>\s*")
MAX_SAVES = 100  # files that one table's Save writes at most
SAVE_SUFFIX = ".save.json"
SPECTATOR = "Spectator"  # the name a spectators' page shows
BOARD_TEXT_COLUMNS = 52  # the board as text on a phone: 52 columns of 11 px fit 390 px
# said first in a person's digest where a table restarted from a save cannot tell what
# happened since their last decision (Table._digest_again), until they decide again
RESTARTED = "(restarted from a save: the log holds what happened before)"


def neighbours(relations: dict[str, dict[str, list[str]]]) -> dict[str, list[str]]:
    """Each place -> the places the board's relations link it to (where a directed one
    leads): what the page shows of a place pointed at on the board."""
    out: dict[str, set[str]] = {}
    for links in relations.values():
        for place, others in links.items():
            out.setdefault(place, set()).update(others)
    return {place: sorted(others - {place}) for place, others in out.items()}


def news_before_others_points(lines: list[str], own_points: bool) -> list[str]:
    """The digest's lines with its news before a points line that gives the player none
    (`own_points` False): a page folds its last lines where it is cramped, and a newcomer's
    kept 'Points: Player 3 +2' and folded the news that the pawn had left the place they
    meant to score. The news in a row after it all (in the log's order: seed 318's newcomer
    reordered them in their head)."""
    at = next((k for k, line in enumerate(lines) if line.startswith(POINTS_HEAD)), None)
    news = 0
    while at is not None and at + 1 + news < len(lines) and \
            lines[at + 1 + news].startswith((YOURS_HEAD, NEWS_HEAD, ALSO_HEAD)):
        news += 1
    if own_points or at is None or not news:
        return lines
    return [*lines[:at], *lines[at + 1:at + 1 + news], lines[at], *lines[at + 1 + news:]]


class TableError(Exception):
    """A request the table refuses; nothing has changed. `status` is the HTTP status."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class AlreadyAnswered(TableError):
    """A click aimed at a question the game answered for the player (its only option): not
    wrong, only late; said as such."""

    def __init__(self, message: str):
        super().__init__(409, message)


@dataclass
class Table:
    ruleset: Ruleset
    game: Game
    history: History
    seats: dict[str, str]  # player -> human or a bot's name
    display: Display
    replay_dir: Path | None = None
    save_dir: Path = Path(".")
    tokens: dict[str, str] = field(default_factory=dict)  # token -> player
    spectator: str = field(default_factory=new_token)  # the link that shows the public view
    host: str = field(default_factory=new_token)  # the host's page: every link, to copy
    port: int | None = None  # where the server listens (kept in saves, with the tokens)
    version: int = 0
    notes: list[str] = field(default_factory=list)  # what the bots said, and file errors
    replay_file: Path | None = None
    failure: str | None = None  # why the game cannot go on (the rules or a bot went wrong)
    listeners: list[Callable[[], None]] = field(default_factory=list)
    # step -> a board place chosen, and who may see it (None: every player)
    places: dict[int, tuple[str, frozenset[str] | None]] = field(default_factory=dict)
    saved: dict[int, Path] = field(default_factory=dict)  # step -> the file this table saved
    # this server's run: a page tells a table restarted from a save (its versions from 0) apart
    run: str = field(default_factory=lambda: secrets.token_hex(4))
    lang: str = "en"  # the language of the Rules panel (the ruleset's book in it)
    # started from a save or a replay: each person's digest is worked out again from its
    # decisions (_digest_again)
    resumed: bool = False

    def __post_init__(self) -> None:
        self.bots = {p: make_bot(kind) for p, kind in self.seats.items() if kind != HUMAN}
        if not self.tokens:
            self.tokens = {new_token(): p for p, kind in self.seats.items() if kind == HUMAN}
        self._lock = threading.RLock()
        self._effects: tuple[int, dict[str, Any]] = (-1, {})  # version -> what options do
        self._notes: tuple[int, list[str]] = (-1, [])  # version -> the options' noted labels
        self._alone: list[bool] = []  # the options whose notes say all (option_notes.Notes)
        # (who, asked_in, step), the options then, each option's number (_numbers_of)
        self._numbered: tuple[tuple[Any, ...], set[str], dict[str, int]] = ((), set(), {})
        # version -> each seat's page (asked again by every tab and event of one version)
        self._states: tuple[int, dict[str | None, dict[str, Any]]] = (-1, {})
        self._begin_digest()
        # the steps the log folds (hidden_positions): every step since the table began, kept
        # whole through an undo (the digest's begin again there): a log that folded 98 lines
        # before a restart folded 231 after it, at the same position
        self._log_steps, self._log_from = self.steps, len(self.history.moves)
        if self.resumed:
            self._digest_again()

    def _digest_again(self) -> None:
        """A table started from a save or a replay (`serve --load`): its decisions played
        again from the start, each recorded as the table recorded it, so that each person's
        'since your last decision', the last moves on the board and the questions taken for
        them are what they were before the server stopped (seed 312's newcomer found the digest
        empty after a restart: what the bots had done was said only in the log). Where they
        cannot be played again to this very game, each person who had decided is told so in
        one line (RESTARTED)."""
        moves, deciders = self.history.moves, self.history.deciders
        people = [p for p, kind in self.seats.items() if kind == HUMAN]
        if not moves:
            return
        places: dict[int, tuple[str, frozenset[str] | None]] = {}

        def place(step: int, decision: Any, move: Any) -> None:
            found = self._place_of(self.game, decision, move)
            if found is not None:
                places[step] = found

        if not len(deciders) == len(moves) == len(self.game.moves):  # who decided: unknown
            self.restarted = set(people)
            return
        again = replay_steps(self.game, people, self.display.lone_context_of, deciders, place)
        if again is None:
            self.restarted = {p for p in people if p in deciders}
            return
        self.steps, self.pictures, self.log_seen = again.steps, again.pictures, again.log_seen
        self._log_steps, self._log_from = self.steps, 0
        self.places.update(places)

    def _cut_log_steps(self) -> None:
        """The log's steps after an undo: those of the decisions still played (the steps of
        this very game: the same decisions give the same steps), the rest cut off."""
        keep, steps = len(self.history.moves) - self._log_from, self._log_steps
        if keep < 0:  # taken back to before the table began: its steps begin again here
            self._log_steps, self._log_from = self.steps, len(self.history.moves)
            return
        for kept in fields(Steps):
            value = getattr(steps, kept.name)
            if isinstance(value, list):
                del value[keep:]
        steps.start(self.game)

    def _begin_digest(self) -> None:
        """'Since your last decision' starts again (a new table, or a decision taken back):
        each person's digest shows from their next decision on."""
        self.steps = Steps()  # every step since, as the digest reads it (digest.py)
        self.steps.start(self.game)
        self.pictures: dict[str, Picture] = {}  # a person -> what they saw after deciding
        self.log_seen: dict[str, int] = {}  # ... and how long their log was then
        self._digests: tuple[int, dict[str, list[str]]] = (-1, {})  # version -> lines
        self._digest_marked: dict[str, list[int]] = {}  # the lines of each one's results
        self._digest_kept: dict[str, int] = {}  # the lines of each one's never folded
        self.undone: dict[str, str] = {}  # a person -> what their undo took back, said
        # first in their digest until they decide again
        self.restarted: set[str] = set()  # the people told RESTARTED until they decide again

    # ------------------------------------------------------------------ seats
    def links(self, base: str) -> dict[str, str]:
        """player -> the private link of their seat."""
        return {player: f"{base}/play/{token}" for token, player in self.tokens.items()}

    def links_record(self) -> dict[str, Any]:
        """The tokens and the port, as saves and replays keep them."""
        return links_record(self.tokens, self.spectator, self.host, self.port)

    def seat_of(self, token: str) -> str:
        """The player of a seat's token (TableError 404 for any other text; 403 for the
        spectators' link, which only watches). The tokens do not change once the table is
        set: no lock is needed to read them."""
        player = self.tokens.get(token)
        if player is None:
            if token == self.spectator:
                raise TableError(403, "this is the spectators' link: it only watches")
            raise TableError(404, "this link is not a seat at this table: use the link the "
                                  "server printed for your seat")
        return player

    def viewer_of(self, token: str) -> str | None:
        """The player whose view a token shows: a seat's player, or None for the
        spectators' link (the public view); TableError 404 for any other text."""
        return None if token == self.spectator else self.seat_of(token)

    def check_host(self, token: str) -> None:
        """TableError 404 unless `token` is the host's."""
        if token != self.host:
            raise TableError(404, "this link is not the host's page of this table")

    # ------------------------------------------------------------------ what a seat sees
    def state_for(self, token: str) -> dict[str, Any]:
        """Everything the page of `token`'s seat shows, from that seat's view only (the
        spectators' link: the public view, what every player sees)."""
        player = self.viewer_of(token)  # a stranger is refused without waiting for the lock
        with self._lock:
            version, states = self._states
            if version != self.version:
                states = {}
                self._states = (self.version, states)
            if player not in states:
                states[player] = self._state_of(player)
            return states[player]

    def _state_of(self, player: str | None) -> dict[str, Any]:
        """The page of `player`'s seat (None: a spectator's) at this version of the table."""
        game, display = self.game, self.display
        decision = game.decision()
        decision = display.shown(game, decision) if decision is not None else None
        mine = decision is not None and decision.player == player
        limit = undo_limit(self.ruleset, game, self.history, player) if player else \
            UndoLimit(0, "A spectator only watches: there is nothing to take back.")
        state: dict[str, Any] = {
            "version": self.version,
            "run": self.run,
            "game": self.ruleset.name,
            "you": {"player": player,
                    "name": game.label(player) if player else SPECTATOR},
            "spectator": player is None,
            "players": [{"player": p, "name": game.label(p), "seat": self.seats[p],
                         "score": seen_score(game, p, player),
                         "deciding": decision is not None and decision.player == p}
                        for p in game.players],
            "board": XML_DECLARATION.sub("", display.to_svg(game, player,
                                                             private_beside=True)),
            "board_text": self._board_text(player),
            "hand": display.private_text(game, player) if player else "",
            "hand_parts": display.private_segments(game, player) if player else [],
            "recent": self.recent_places(player),
            "neighbours": self._neighbours(),
            "log": game.log_for(player),
            # a player's steps in a row that changed nothing for the others, folded into
            # their last line as the digest does (the page shows them on request)
            "log_folded": sorted(hidden_positions(game, player, self._log_steps)),
            "digest": self._digest_for(player) if player else [],
            "digest_kept": self._digest_kept.get(player, 0) if player else 0,
            "digest_results": self._digest_marked.get(player, []) if player else [],
            # the game's words and their meanings: the page marks them where it names
            # them, the meaning on pointing (a newcomer never learnt what one meant)
            "glossary": display.glossary,
            "over": game.over,
            # how far the game is: a page tells a restart from an earlier save by it
            "decisions": len(self.history.moves),
            "decision": None,
            "waiting_for": None,
            "undo": {"count": limit.count, "reason": limit.reason,
                     "said": cannot_take_back(limit.reason) if limit.reason else ""},
            "final": None,
            "failure": "The game cannot go on: the rules went wrong (the server's "
                       "terminal says how)." if self.failure else None,
        }
        if decision is not None and mine:
            effects = self._effects_of(decision)
            numbers = self._numbers_of(decision)
            state["decision"] = {
                "id": self.version, "prompt": decision.prompt,
                "hints": display.hint_lines(game, player, decision.options),
                "options": [{"index": i, "number": numbers[i], "label": label,
                             "place": str(option),
                             "effect": effects["each"][i] if effects["each"] else "",
                             "points": effects["points"][i] if effects["points"] else ""}
                            for i, (option, label) in enumerate(zip(
                                decision.options, self._labels_of(decision), strict=True))],
                "every": effects["every"], "estimate": effects["estimate"],
                # what 'by the end' and 'final scores' are, where an option ends the game
                "ending": effects["ending"],
                # the questions the game answered for them on the way here: said where
                # they look (a newcomer clicked to answer one of them, and was refused)
                "taken": self._taken_for(player)}
        elif decision is not None:
            state["waiting_for"] = game.label(decision.player)
        if game.over:
            rows = score_rows(game)
            winners = [r.name for r in rows if r.winner]
            state["final"] = {
                "ending": game.state["ending"],
                "banner": (f"{winners[0]} wins!" if len(winners) == 1
                           else f"A tie: {', '.join(winners)} win."),
                "rows": [{"name": r.name, "score": r.score, "winner": r.winner,
                          "tiebreak": r.tiebreak, "you": r.player == player}
                         for r in rows],
                "tiebreak": tiebreak_label(game),
                "table": end_table(display.final_table_of, self.ruleset, game,
                                   self.history),
                "lines": display.final_lines(game),
                "scores": final_scores(game)}
        return state

    def _neighbours(self) -> dict[str, dict[str, Any]]:
        """Each place -> the places it touches (`ids`) and their names said (`said`)."""
        game = self.game
        return {place: {"ids": ids, "said": and_list([str(game.label(x)) for x in ids])}
                for place, ids in neighbours(game.world.relations).items() if ids}

    def _board_text(self, player: str | None) -> str:
        """The board as text in BOARD_TEXT_COLUMNS: in words where the display has a layout
        for it (a newcomer read a phone's marks as code), else with the marks it shows
        explained under it (marks.py, all of them: the page scrolls) and the layout's spare
        blocks: a phone's whole board, readable."""
        if self.display.words is not None:
            return self.display.board(self.game, player, width=BOARD_TEXT_COLUMNS,
                                      layout=self.display.words).lstrip("\n")
        board = self.display.board(self.game, player, width=BOARD_TEXT_COLUMNS)
        items = self.display.legend_items(self.game, player) if self.display.legend else []
        spare = self.display.spare_blocks(self.game, player, width=BOARD_TEXT_COLUMNS)
        return "\n".join([board, *marks_lines(items, board, BOARD_TEXT_COLUMNS, rows=99),
                          *(x for lines, _ in spare for x in lines)])

    def _digest_for(self, player: str) -> list[str]:
        """What happened to `player` and to the board since their last decision, in short
        (digest.py, as the terminal says it: the news, who won and what was scored, the
        choices taken for them, points, pieces): worked out once per version of the table."""
        version, said = self._digests
        if version != self.version:
            said = {}
            self._digests = (self.version, said)
        if player not in said:
            before = self.pictures.get(player)
            log = self.game.log_for(player)
            news = self.display.news_in(log[self.log_seen.get(player, len(log)):])
            said[player] = [self.undone[player]] if player in self.undone else \
                [RESTARTED] if player in self.restarted else []
            marked: list[str] = []
            if before is not None:
                lines = digest_lines(self.game, before, player, self.steps, news,
                                     whole=True, zones=self.display.zones, marked=marked)
                own = before.scores.get(player) != self.game.scores().get(player)
                said[player] += news_before_others_points(lines, own)
            # the lines that say results, marked on the page and folded last
            self._digest_marked[player] = [k for k, line in enumerate(said[player])
                                           if line in marked]
            # a cramped page folds none of the lines up to the last about the player's places
            self._digest_kept[player] = unfolded(self.game, before, player, self.steps,
                                                 said[player]) if before is not None else 0
        return said[player]

    def _effects_of(self, decision: Any) -> dict[str, Any]:
        """What the options do at once (consequences.py), worked out once per version of the
        table (the same samples for the player's run of decisions): `every`, what every
        option does alike, said once; `each`, what each option does beyond it besides its
        points ('' for nothing; [] when none says anything); `points`, the points each
        changes beyond it, in short, with their range ('you +2, Ann +1 to +3'; the end of
        the game said as such: [] when none does), said once, on its button; `estimate`, a
        note when the figures are estimates. The buttons carry the options' short labels:
        these are said beside them."""
        if self._effects[0] != self.version:
            player = decision.player
            found = outlook(self.game, decision, player, run_start(self.history, player),
                            news=self.display.news_in, zones=self.display.zones,
                            context=self.display.context_of)
            said: dict[str, Any] = {"every": "", "each": [], "points": [], "estimate": "",
                                    "ending": ""}
            if found is not None and not found.skipped and found.any:
                common, rest = common_effect(found.effects)
                self._labels_of(decision)  # a note that says all of an option: nothing beside
                rest = [Effect() if alone else e
                        for e, alone in zip(rest, self._alone, strict=True)]
                said["every"] = effect_words(self.game, common, player)
                points = [ending_points_text(self.game, e, common, player) if e.points
                          else "the game ends" if e.ending else ""
                          for e in rest]  # (the figures most options share said once; the
                # end, where every option ends the game, said once too: seed 324's newcomer
                # read 'the game ends' on some buttons only as if only those ended it)
                said["points"] = points if any(points) else []
                if common.usual or any(p.startswith(BY_THE_END) for p in points):  # each
                    # number, in words
                    said["ending"] = ENDING_NOTE
                # the points on the button (with their range), not again under it
                each = none_moved_words(
                    [effect_words(self.game, e, player, points=False) for e in rest],
                    lambda noun, source: held_count(self.game, player, noun, source,
                                                    self.display.zones))
                said["each"] = each if any(each) else []
                if found.estimate:
                    said["estimate"] = estimate_note(found.samples, found.drawn, found.hidden)
            self._effects = (self.version, said)
        return self._effects[1]

    def _numbers_of(self, decision: Decision) -> list[int]:
        """The options' numbers: the display's, else from 1; but a question that goes on
        from the same player's last answer (asked right after it by the same rule, from what
        it offered: a second card 'of another colour') keeps the numbers it had (a
        newcomer's orange was 4, then 3, and their click on '4' took green)."""
        game = self.game
        shown = self.display.option_numbers(game, decision)
        if shown is not None:
            return shown
        names = [str(o) for o in decision.options]
        key = (decision.player, asked_in(game), len(self.history.moves))
        last_key, offered, kept = self._numbered
        if last_key == key and set(names) == offered:
            return [kept[n] for n in names]  # this question, asked again
        answer = str(self.history.moves[-1]) if self.history.moves else None
        goes_on = last_key[:2] == key[:2] and last_key[2] == key[2] - 1 and \
            self.history.deciders[-1:] == [decision.player] and answer in offered and \
            set(names) == offered - {answer}
        if not goes_on:
            kept = {n: k for k, n in enumerate(names, 1)}
        self._numbered = (key, set(names), kept)
        return [kept[n] for n in names]

    def _labels_of(self, decision: Decision) -> list[str]:
        """The options' labels with the display's notes on what each changes ('red 6 (the
        limit falls to 1'), as the terminal says them; worked out once per version."""
        if self._notes[0] != self.version:
            notes = option_notes(self.display.option_notes, self.game, decision.player,
                                 decision.options)
            self._alone = notes.alone
            self._notes = (self.version, with_notes(named_labels(self.game, decision), notes))
        return self._notes[1]

    # ------------------------------------------------------------------ acting
    def decide(self, token: str, decision_id: Any, index: Any = None,
               place: Any = None) -> dict[str, Any]:
        """Take an option of the current decision: by its index, or by the place clicked
        (the text of a value). Refused with the reason, changing nothing, when the seat does
        not decide now, the decision is not the current one, or the option is not legal."""
        player = self.seat_of(token)
        with self._lock:
            decision = self._current(player, decision_id)
            if index is not None:
                if not isinstance(index, int) or isinstance(index, bool) or \
                        not 0 <= index < len(decision.options):
                    raise TableError(400, f"there is no option {index!r}: this decision has "
                                          f"options 0 to {len(decision.options) - 1}")
                move = decision.options[index]
            elif isinstance(place, str):
                move = self._option_named(decision, place, player)
            else:
                raise TableError(400, "say which option: give 'option' (its number) or "
                                      "'place' (the value clicked)")
            seen = watch_step(self.game, move,  # for the digests
                              self.display.lone_context_of)
            log_before = len(self.game.log_for(player))
            try:
                self.game.apply(move)
            except IllegalMove as exc:
                raise TableError(400, sentence(str(exc))) from None
            except RulesError as exc:  # the rules went wrong: the game cannot go on
                self.stop(str(exc))
                raise TableError(500, "The game cannot go on: the rules went wrong (the "
                                      "server's terminal says how).") from None
            self._record(decision, move, seen, log_before)
            self._changed()
            return {"ok": True, "version": self.version}

    def undo(self, token: str, decision_id: Any) -> dict[str, Any]:
        """Take back the seat's last decision, if undo_limit allows it."""
        player = self.seat_of(token)
        with self._lock:
            self._check_version(decision_id)
            taken = self.history.moves[-1] if self.history.moves else None
            try:
                game, history = take_back(self.ruleset, self.game, self.history, 1, player)
            except RulesError as exc:
                raise TableError(409, cannot_take_back(str(exc))) from None
            self.game, self.history = game, history
            self._begin_digest()
            self._cut_log_steps()
            self.undone[player] = taken_back_text(game, taken)
            self._changed()
            return {"ok": True, "version": self.version}

    def save(self, token: str) -> dict[str, Any]:
        """Save the game to a file on the server (its path is the answer: it holds every
        hand, so it is never sent to a page). Any seat may save, so a save never overwrites a
        file that this table did not write (the host's own save of that name, say): it takes
        the first name of `save_file_name`, `-2`, `-3`, ... that no file has. Saving again at
        the same step replaces the table's own save of that step; a table writes at most
        MAX_SAVES files."""
        self.seat_of(token)
        with self._lock:
            step = self.game.state["step"]
            data = save_data(self.ruleset, self.game, self.history, self.seats)
            data[PLAY_FORMAT_KEY][LINKS_KEY] = self.links_record()
            path = self.saved.get(step)
            try:
                if path is not None:
                    write_json(path, data)
                else:
                    if len(self.saved) >= MAX_SAVES:
                        raise TableError(429, f"this table has saved {MAX_SAVES} times already: "
                                              "it saves no more")
                    path = self._new_save(data)
                    self.saved[step] = path
            except FILE_ERRORS as exc:
                raise TableError(500, f"cannot save to {path or self.save_dir}: "
                                      f"{file_error(exc)}") from None
            note = save_note(self.game, "the server's user")
            return {"ok": True, "message": f"Saved to {path}.{note} Continue later with: "
                                           f"rules serve --load {path}"}

    def _new_save(self, data: dict[str, Any]) -> Path:
        """Write `data` under the first free name of its step (FileExistsError never left
        to the caller: a name taken meanwhile is passed over)."""
        name = save_file_name(self.ruleset, self.game).removesuffix(SAVE_SUFFIX)
        for n in range(1, MAX_SAVES + 2):
            path = self.save_dir / (f"{name}{SAVE_SUFFIX}" if n == 1 else
                                    f"{name}-{n}{SAVE_SUFFIX}")
            try:
                write_json(path, data, replace=False)
                return path
            except FileExistsError:
                continue
        raise OSError(f"every name from {name}{SAVE_SUFFIX} to {name}-{MAX_SAVES + 1}"
                      f"{SAVE_SUFFIX} is taken")

    # ------------------------------------------------------------------ bots
    def stop(self, reason: str) -> None:
        """The game cannot go on: say so to every page (the reason only to the server)."""
        self.failure = reason
        self.notes.append(reason)
        self._changed()

    def bot_step(self) -> bool:
        """One bot decision, if a bot decides now; False otherwise. The bot thinks on a copy
        of the game, without the table's lock: the pages are answered meanwhile. If the game
        changed while it thought (an undo), its choice is dropped (True: look again)."""
        with self._lock:
            decision = self.game.decision()
            if decision is None or decision.player not in self.bots or self.failure:
                return False
            game, version = self.game.clone(), self.version
        move, note = bot_decides(game, self.bots[decision.player], game.decision())
        with self._lock:
            if self.version != version or self.failure:
                return True
            decision = self.game.decision()
            if note:
                self.notes.append(note)
            seen = watch_step(self.game, move,  # for the digests
                              self.display.lone_context_of)
            try:
                self.game.apply(move)
            except IllegalMove as exc:  # a bot that breaks the rules: say who and why
                raise RulesError(f"{self.seats[decision.player]} bot playing "
                                 f"{self.game.label(decision.player)} chose an illegal "
                                 f"option: {exc}") from None
            self._record(decision, move, seen)
            self._changed()
            return True

    # ------------------------------------------------------------------ inside
    def _record(self, decision: Any, move: Any, seen: Any = None,
                log_before: int | None = None) -> None:
        """Keep the decision, and what it did for the digests (`seen`: watch_step's, taken
        before it was applied; `log_before`: the length of the player's log then, so that
        the news their own decision wrote, a contest won by it or lost with a pass, are
        said next time, as at the terminal); remember a place of the board chosen, with who
        may see it (a private choice: the players it is shown to), to show the last moves on
        the board. A secret choice is never shown there (its reveal is the log's)."""
        step = len(self.history.moves)
        self.history.record(self.game, decision.player, move)
        self.steps.record(self.game, decision.player, seen)
        if self._log_steps is not self.steps:  # (they part at an undo)
            self._log_steps.record(self.game, decision.player, seen)
        self.undone.pop(decision.player, None)  # said until they decide again
        self.restarted.discard(decision.player)
        if self.seats[decision.player] == HUMAN:
            self.pictures[decision.player] = Picture(self.game, decision.player)
            self.log_seen[decision.player] = len(self.game.log_for(decision.player)) \
                if log_before is None else log_before
        place = self._place_of(self.game, decision, move)
        if place is not None:
            self.places[step] = place

    @staticmethod
    def _place_of(game: Game, decision: Any, move: Any
                  ) -> tuple[str, frozenset[str] | None] | None:
        """The board place a decision chose, with who may see it (None: every player);
        None where it chose none, or chose in secret."""
        if not decision.secret and isinstance(move, str) and \
                any(move in values for values in game.world.entity_types.values()):
            return move, None if decision.shown_to is None else frozenset(decision.shown_to)
        return None

    def recent_places(self, player: str) -> list[str]:
        """The places chosen since `player`'s last decision that `player` may see (a place
        chosen privately only by the players it is shown to), oldest first (the last one is
        the last move that `player` may see)."""
        moves = len(self.history.moves)
        for step in list(self.places):
            if step >= moves:  # taken back
                del self.places[step]
        mine = [i for i, p in enumerate(self.history.deciders) if p == player]
        since = mine[-1] + 1 if mine and mine[-1] + 1 < moves else max(0, moves - 1)
        return [place for place, seers in (self.places[i] for i in range(since, moves)
                                           if i in self.places)
                if seers is None or player in seers]

    def _current(self, player: str, decision_id: Any):
        decision = self.game.decision()
        decision = self.display.shown(self.game, decision) if decision is not None else None
        if self.failure:
            raise TableError(409, "The game cannot go on: the rules went wrong.")
        if decision is None:
            raise TableError(409, "the game is over: there is nothing to decide")
        self._check_version(decision_id)
        if decision.player != player:
            raise TableError(403, f"it is {self.game.label(decision.player)}'s decision, not "
                                  "yours")
        return decision

    def _check_version(self, decision_id: Any) -> None:
        if decision_id != self.version:
            raise TableError(409, "the game has moved on since your page was drawn (another "
                                  "click or player was first): look again and decide anew")

    def _option_named(self, decision, place: str, player: str) -> Any:
        for option in decision.options:
            if str(option) == place:
                return option
        value: Any = int(place) if re.fullmatch(r"-?\d{1,18}", place) else place
        if self.game.why_illegal(value) is None:  # pragma: no cover - found above
            return value
        # a click aimed at a question the game answered for them: not of a kind asked now,
        # and of the kind that question chose (a place of the board's type), or what it chose
        # (seed 223: the tile taken for them). Any other click is judged against the question
        # asked now (seed 316: a space clicked while choosing a colour was answered as aimed
        # at the piece the game had moved to a region, nothing said why the space could not
        # be chosen, and it was not outlined)
        kind = self._kind_of(value)
        if kind not in {self._kind_of(o) for o in decision.options} and any(
                value == c.option if kind is None else kind == self._kind_of(c.option)
                for c in self.steps.since(player)[1]):
            raise AlreadyAnswered(f"Already answered: the game took the only option for you "
                                  f"({'; '.join(self._taken_for(player))}). Now: "
                                  f"{decision.prompt}.")
        raise TableError(400, refusal(self.game, decision, value))

    def _taken_for(self, player: str) -> list[str]:
        """The questions the game answered for `player` since their last decision (their
        only option, taken without asking), each with what it took: 'pick a card: red 5', or
        with what it was about, in the digest's words ('pass in the round for X, where ...':
        the page says it once, and seed 314's newcomer read their pass in the digest and
        again here, by its question)."""
        _, lone = self.steps.since(player)
        return list(dict.fromkeys(f"{c.label} {c.about}" if c.about else
                                  f"{c.prompt.rstrip(' ?:')}: {c.label}" for c in lone))

    def _kind_of(self, value: Any) -> str | None:
        """The kind of thing of the world `value` is (a place of the board's type), if any."""
        return next((kind for kind, values in self.game.world.entity_types.items()
                     if value in values), None)

    def _changed(self) -> None:
        self.version += 1
        self.keep_replay()
        for listener in list(self.listeners):
            listener()

    def keep_replay(self) -> None:
        """Write the replay as it stands (after every decision: nothing is lost if the
        server stops)."""
        if self.replay_dir is None:
            return
        self.replay_file = self.replay_file or new_replay_path(self.replay_dir, self.ruleset,
                                                               self.game)
        try:
            data = replay_data(self.ruleset, self.game, self.history, self.seats)
            data[LINKS_KEY] = self.links_record()
            write_json(self.replay_file, data)
        except FILE_ERRORS as exc:
            note = f"cannot write the replay to {self.replay_file}: {file_error(exc)}"
            if note not in self.notes:
                self.notes.append(note)

