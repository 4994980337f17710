"""A game in progress: plain-data state, the instruction loop, decisions, views and saves.

The whole state is one JSON-ready dict: zones, variables, the random generator's state, the
frame stack (where execution stands) and the pending decision. Same ruleset + seed + moves gives
the same state, bit for bit.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Callable
from typing import Any, Protocol

from interpreter.engine import rng
from interpreter.engine.flat import text_state, text_vars
from interpreter.engine.journal import (
    Journal,
    journaled_frames,
    journaled_state,
    plain,
    retarget,
)
from interpreter.engine.log_facts import SEALED, filled, revealed
from interpreter.engine.program import SUSPEND, SWITCH, Program
from interpreter.engine.support import WORK_BETWEEN_DECISIONS, check_args, put
from interpreter.engine.world import player_id
from interpreter.language.errors import (
    PYTHON_ERRORS,
    GameRuleError,
    IllegalMove,
    SaveFileError,
    explain,
)


class RulesOfGame(Protocol):
    """What a game needs of its ruleset (`ruleset.Ruleset`, which builds the game; named here
    so that the two modules do not import each other)."""

    name: str
    content_hash: str
    player_counts: list[int]
    program: Program
    requirements: list[Any]

    def check_requirements(self, game: Game) -> None: ...


SETUP, PLAY, FINAL = "setup", "play", "final_scoring"
HIDDEN = "?"  # what a view shows in place of a value its player may not see
SAVE_FORMAT = "rules-engine-game"
# 2: a frame's place is a block of its procedure's generated function (1: an instruction).
SAVE_VERSION = 5  # 3: the players' names are inside the integrity hash; 4: "streams";
# 5: a frame's locals are a list of slots (Proc.slots), not a map
# How new games play (Game.start): 0-2 how they draw at random (engine/rng.py), and from 3 on
# piles list their kinds in the kinds' declaration order (in the order pieces arrived before)
STREAMS = 3
DECLARED_ORDER = 3  # the first `streams` with piles in the kinds' declaration order


class Decision:
    """Who decides now, between which options (values), and how each option reads."""

    def __init__(self, player: str, prompt: str, options: list[Any], labeler=None,
                 secret: bool = False, shown_to: list[str] | None = None):
        self.player = player
        self.prompt = prompt
        self.options = options
        self.secret = secret  # a `secretly choose`: others see the choice only when all chose
        # a `privately choose`: the players who see what is chosen (the chooser first);
        # None: an open choice, which every player sees as it is made
        self.shown_to = shown_to
        self._labeler = labeler
        self._labels: list[str] | None = None

    @property
    def labels(self) -> list[str]:
        """The options in words (computed when first asked for: bots rarely need them)."""
        if self._labels is None:
            self._labels = self._labeler(self.options) if self._labeler else \
                [str(o) for o in self.options]
        return self._labels

    def in_order(self, options: list[Any]) -> Decision:
        """The same decision with its options in another order (as a display shows them)."""
        return Decision(self.player, self.prompt, options, self._labeler, self.secret,
                        self.shown_to)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and (self.player, self.prompt, self.options) == (
            other.player, other.prompt, other.options)

    def __repr__(self) -> str:
        return f"Decision(player={self.player!r}, prompt={self.prompt!r}, options={self.options!r})"


class Game:
    """One game of a ruleset. Create with `Ruleset.new_game(players, seed)`."""

    def __init__(self, ruleset: RulesOfGame, state: dict, names: dict[str, str] | None = None):
        self.ruleset = ruleset
        self.program = ruleset.program
        self.world = ruleset.program.world
        self.names = dict(names or {})
        self.events: list[str] = []
        self.told: list[tuple[list[str], str, int]] = []  # (players, line, lines before it)
        self.moves: list[Any] = []
        self.auto = True
        self.streams = STREAMS if "draws" in state else 0  # how it plays (Game.start)
        # the order of kinds in a pile (support.put): declared, or empty (arrival order)
        self.rank = self.world.kind_rank if self.streams >= DECLARED_ORDER else {}
        self.logging = True  # simulations switch the event log off for speed
        self.watch: Any = None  # told of every piece moved (`start(watch=...)`, for beliefs)
        self.draws_from: Callable[[Game, str, list[int]], list[int]] | None = None  # start()
        self.journal: Journal | None = None  # its journaling form, from its first make()
        self._made: list[tuple[dict, int, int, int]] = []  # what unmake() puts back, per make
        self._bind(state)

    # ------------------------------------------------------------------ creation
    @classmethod
    def start(cls, ruleset: RulesOfGame, players: int, seed: int | str,
              names: dict[str, str] | None = None, logging: bool = True,
              streams: int = STREAMS, watch: Any = None, auto: bool = True,
              draws_from: Callable[[Game, str, list[int]], list[int]] | None = None) -> Game:
        """`seed`: a whole number (the same seed, the same game), or a secret
        (`rng.new_secret()`, for a game people play: its draws cannot be computed without
        it). `streams`: how the game plays, to play saves and replays of older engines again:
        0, one stream for everything, as the engine drew before its streams; 1, a stream per
        `random` query named by the query's whole text; 2, a stream per `random` query named
        by what it draws from, piles listing their kinds in the order pieces arrived; 3 (now),
        as 2 with piles listing their kinds in the kinds' declaration order. `watch`, if
        given, is told `started(game)` once the components are in their starting places, and
        `moved(source, dest, pieces, amount, at_bottom, kinds)` after every `move` (kinds:
        those the rule named, None if it named none, False if naming them read something
        private), and `shuffled(stack)` after a shuffle if it has that method: bots'
        beliefs follow what each player saw. `auto=False`: a decision with
        one legal option is asked too, from setup on (`Game.auto`). `draws_from`, if given,
        chooses every random draw instead of the streams (`Game.random_draws`), from setup on;
        `game.draws_from` may be set or cleared between decisions."""
        program = ruleset.program
        layout = program.layouts.get(players)
        if layout is None:
            layout = program.layouts[players] = _layout(program, players)
        zone_keys, var_keys, pieces = layout
        zones: dict[str, Any] = {}
        for name, keys, empty in zone_keys:
            zones[name] = empty() if keys is None else {k: empty() for k in keys}
        state: dict[str, Any] = {
            "players": players, "seed": seed, "rng": rng.seed_state(seed),
            "zones": zones, "vars": {}, "stack": [], "pending": None, "over": False,
            "ending": None, "step": 0,
        }
        if streams:
            state["draws"] = {}
        game = cls(ruleset, state, names)
        game.streams = int(streams)
        game.rank = game.world.kind_rank if game.streams >= DECLARED_ORDER else {}
        game.logging = logging
        game.auto = auto
        game.draws_from = draws_from
        variables = state["vars"]
        rank, flat = game.rank, program.flat
        loc = None
        try:
            for name, keys, init, loc in var_keys:  # noqa: B007 (loc: for the error)
                if name in flat:  # a list (engine/flat.py), its entries started in order
                    variables[name] = flat[name].start(lambda _k, init=init: init(game, {}),
                                                        players)
                else:
                    variables[name] = init(game, {}) if keys is None else \
                        {k: init(game, {}) for k in keys}
            for start, kind, count, attrs, loc in pieces:  # noqa: B007 (as above)
                where = start(game, dict(attrs))
                if where.__class__ is list:
                    where.extend([kind] * count)
                elif count > 0:  # a pile keeps no kind with no pieces
                    put(where, kind, count, rank)
        except (*PYTHON_ERRORS, GameRuleError) as exc:
            raise _at_rule(exc, loc) from None
        if watch is not None:
            game.watch = watch
            watch.started(game)
        stack = state["stack"]
        stack.append([PLAY, 0, [], None])
        if SETUP in program.procs:
            stack.append([SETUP, 0, [], None])
        if ruleset.requirements:  # the `require` rules, before setup (engine/requirements.py)
            ruleset.check_requirements(game)
        game._run()
        return game

    def _bind(self, state: dict) -> None:
        self.state = state
        self.Z = self.ZT = state["zones"]  # ZT, VT: as function bodies read them (the same
        self.V = self.VT = state["vars"]   # tables, but for engine/read_tracking.py)
        self.n = state["players"]
        self.stack = state["stack"]
        self.players = [player_id(i) for i in range(1, self.n + 1)]
        self.following = {p: self.players[i - self.n + 1] for i, p in enumerate(self.players)}
        # every player's round, clockwise from them (a value: shared, never changed in place)
        self.rounds = {p: self.players[i:] + self.players[:i] for i, p in enumerate(self.players)}
        self.memo: list[dict] = [{} for _ in range(self.program.memo_slots)]
        # tracking mode (engine/read_tracking.py): what the answer being computed has read
        self.trace: set | None = None
        self.budget = WORK_BETWEEN_DECISIONS
        self.result: Any = None  # what the procedure that finished last gave (finish)

    def forget(self) -> None:
        """Forget every cached answer of the ruleset's functions (after a change to the state
        made from outside the rules, e.g. a test setting up a position)."""
        for cache in self.memo:
            cache.clear()

    # ------------------------------------------------------------------ used by instructions
    def random_draws(self, stream: str, bounds: list[int]) -> list[int]:
        """One number below each bound, drawn from the random stream `stream` (engine/rng.py).
        The counts of draws are given a new dict, never changed in place: clones share it.
        With `draws_from` set, it chooses them: `draws_from(game, stream, bounds)` (the
        OpenSpiel adapter's chance outcomes; a shuffle's stream is the zone's name)."""
        if self.draws_from is not None:
            return self.draws_from(self, stream, bounds)
        draws = self.state.get("draws")
        if draws is None:  # a game of the engine before streams: one stream for everything
            out = []
            for bound in bounds:
                self.state["rng"], value = rng.next_value(self.state["rng"])
                out.append(value % bound)
            return out
        start = draws.get(stream, 0)
        values = rng.stream_values(self.state["rng"], stream, start, len(bounds))
        self.state["draws"] = {**draws, stream: start + len(bounds)}
        return [v % b for v, b in zip(values, bounds, strict=True)]

    def zone_name(self, zone: Any) -> str:
        """The name of a zone as the rules write it (`bag`, `deck[red]`)."""
        for name, family in self.Z.items():
            if family is zone:
                return name
            if family.__class__ is dict and self.program.zones[name].decl.index:
                for key, member in family.items():
                    if member is zone:
                        return f"{name}[{key}]"
        return "?"

    def label(self, value: Any) -> str:
        if isinstance(value, str) and value in self.names:
            return self.names[value]
        return self.world.label(value)

    def log(self, text: str) -> None:
        self.events.append(text)

    def tell(self, players: Any, text: str) -> None:
        """A line of the log that only `players` (a player or a list) read."""
        who = players if players.__class__ is list else [players]
        for p in who:
            if p not in self.players:
                raise GameRuleError(f"{self.label(p)} is told something but is not a player "
                                    "of this game")
        self.told.append((list(who), text, len(self.events)))

    def log_for(self, player: str | None) -> list[str]:
        """The log as `player` reads it: every line of `events`, and in their places the
        lines told to them (None: a spectator, who reads `events` only)."""
        mine = [(at, text) for who, text, at in self.told if player in who]
        if not mine:
            return list(self.events)
        out: list[str] = []
        for i, line in enumerate(self.events):
            out += [text for at, text in mine if at == i]
            out.append(line)
        return out + [text for at, text in mine if at >= len(self.events)]

    def finish(self, frame: list, value: Any) -> int:
        """A procedure has finished: drop its frame, hand its result to the caller (in
        `result`, where a caller that called it directly reads it, and in the caller's slot
        frame[3], where a caller that waited for it finds it when it runs again)."""
        stack = self.stack
        stack.pop()
        self.result = value
        slot = frame[3]
        if slot is not None and stack:
            caller = stack[-1][2]
            if slot < len(caller):  # else the caller has not waited yet: it reads `result`
                caller[slot] = value
        return 0

    def deep_call(self) -> int:
        """A call deeper than generated code calls directly: the runtime loop runs it."""
        if len(self.stack) >= MAX_DEPTH:
            raise GameRuleError(f"procedures call each other more than {MAX_DEPTH} deep: a "
                                "procedure that calls itself without end?")
        return SWITCH

    def end_game(self, reason: str) -> int:
        st = self.state
        if st["ending"] is None:
            st["ending"] = reason
            self.log(f"Game end: {reason}.")
        self.stack.clear()
        if FINAL in self.program.procs and not st.get("final_done"):
            st["final_done"] = True
            self.stack.append([FINAL, 0, [], None])
        return SWITCH

    def ask(self, player: Any, options: list[Any], var: str, key: tuple[str, int],
            resume: int, shown: list[Any] | None = None, prompt: Any = None) -> int:
        """Wait for `player` to choose one of `options` (generated code has already taken a
        lone option itself when it may). `prompt`: a text, or one whose words are made when
        read (`text_of`)."""
        if player not in self.players:
            point = self.program.choices[key]
            raise GameRuleError(f"{self.label(player)} is asked to decide "
                                f"({self.text_of(prompt or point.prompt)}) but is not a "
                                "player of this game", point.loc)
        if not options:
            point = self.program.choices[key]
            raise GameRuleError(f"{self.label(player)} must decide "
                                f"({self.text_of(prompt or point.prompt)}) "
                                "but has no legal option", point.loc)
        pending = self.state["pending"] = {"player": player, "options": options, "var": var,
                                           "at": [key[0], key[1]], "resume": resume}
        if shown is not None:
            pending["shown_to"] = shown
        if prompt is not None:
            pending["prompt"] = prompt
        return SUSPEND

    # ------------------------------------------------------------------ secret choices
    # A `secretly choose` keeps its state in state["secret"] while it runs (and nowhere else):
    # who must choose (public) and what each has chosen so far (seen only by its chooser).
    def open_secret(self, who: list[Any]) -> None:
        if "secret" in self.state:
            raise GameRuleError("a secret choice starts while another is still open")
        for p in who:
            if p not in self.players:
                raise GameRuleError(f"{self.label(p)} is asked to choose secretly but is not a "
                                    "player of this game")
        self.state["secret"] = {"who": list(who), "chosen": {}}

    def next_to_seal(self) -> Any:
        """The first player of the open secret choice who has not chosen yet, or None."""
        secret = self.state["secret"]
        chosen = secret["chosen"]
        return next((p for p in secret["who"] if p not in chosen), None)

    def seal(self, player: Any, value: Any) -> None:
        self.state["secret"]["chosen"][player] = value
        if self.logging:
            self.log(filled(self, SEALED, (player,)))

    def reveal(self, what: str, seers: dict[str, list[Any]] | None = None) -> dict[str, Any]:
        """Close the secret choice: every choice, by player, now public; or, with `seers`
        (`secretly choose ... shown to`), told to its chooser and those it is shown to only."""
        secret = self.state.pop("secret")
        chosen = {p: secret["chosen"][p] for p in secret["who"]}
        if chosen and self.logging:
            self.log(f"All have chosen ({what}).")
            if seers is None:
                self.log(filled(self, revealed(len(chosen)),
                                tuple(x for pair in chosen.items() for x in pair)))
            for p, v in chosen.items() if seers is not None else ():
                self.tell(seers[p], f"{self.label(p)} chose {self.label(v)} (shown to "
                                    f"{', '.join(map(self.label, seers[p]))}).")
        return chosen

    # ------------------------------------------------------------------ the loop
    def _run(self) -> None:
        self.budget = WORK_BETWEEN_DECISIONS
        stack, entry = self.stack, self.program.entry
        try:
            while stack:
                frame = stack[-1]
                if entry[frame[0]](self, frame) == SUSPEND:
                    return
        except PYTHON_ERRORS as exc:
            raise GameRuleError(_with_function(exc, explain(exc)), self._place(exc)) from None
        except GameRuleError as exc:
            if exc.loc is None:
                raise GameRuleError(exc.message, self._place(exc)) from None
            raise
        self.state["over"] = True
        self.state["pending"] = None

    def _place(self, exc: BaseException):
        """The rule statement that was running when `exc` happened: the innermost generated
        procedure line in the traceback."""
        where, tb = None, exc.__traceback__
        line_locs = self.program.line_locs
        while tb is not None:
            locs = line_locs.get(tb.tb_frame.f_code.co_filename)
            if locs is not None and 0 < tb.tb_lineno <= len(locs):
                where = locs[tb.tb_lineno - 1]
            tb = tb.tb_next
        if where is None and self.stack:
            where = self.program.procs[self.stack[-1][0]].decl.loc
        return where

    def out_of_budget(self, looping: str | None = None) -> None:
        """One budget of work, renewed at every decision, counts loop turns, runs of
        procedures and triggers, calls of functions (`define`) and the items of the lists the
        rules make or go through (support.WORK_BETWEEN_DECISIONS): rules that never ask for a
        decision, or compute too much in between, are stopped at the rule running.
        `looping`: the function that calls itself last (run as a loop) that was running."""
        where = f" (in '{self.stack[-1][0]}')" if self.stack else ""
        if looping is not None:
            where = f" (in '{looping}', which calls itself{where and ', from' + where[4:-1]})"
        raise GameRuleError(f"the rules did more than {WORK_BETWEEN_DECISIONS:,} units of work "
                            f"without asking anyone to decide{where}: loop turns, procedure "
                            "and function runs, list items made or gone through; rules that "
                            "never end, or compute too much?")

    # ------------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        return self.state["over"]

    def decision(self) -> Decision | None:
        """The decision the game waits for, or None when the game is over."""
        pending = self.state["pending"]
        if pending is None:
            return None
        point = self.program.choices[tuple(pending["at"])]

        def labeler(options: list[Any]) -> list[str]:
            return [point.labels[o] if isinstance(o, str) and o in point.labels
                    else self.label(o) for o in options]
        return Decision(pending["player"], self.text_of(pending.get("prompt", point.prompt)),
                        list(pending["options"]), labeler, point.secret,
                        pending.get("shown_to"))

    def legal_options(self) -> list[Any]:
        pending = self.state["pending"]
        return list(pending["options"]) if pending else []

    def why_illegal(self, option: Any) -> str | None:
        """None if `option` is legal now, else the reason in words (with the rule's citation)."""
        pending = self.state["pending"]
        if pending is None:
            return "the game is over"
        if _is_option(option, pending["options"]):
            return None
        point = self.program.choices[tuple(pending["at"])]
        if isinstance(option, str) and option in point.rules:
            cond, cite = point.rules[option]
            return (f"{point.labels.get(option, option)} is not allowed now: it needs {cond}"
                    + (f" ({cite})" if cite else ""))
        if point.labels and not (isinstance(option, str) and option in point.labels):
            return f"{option!r} is not one of the options ({', '.join(point.labels)})"
        options = pending["options"]
        shown = ", ".join(self.label(o) for o in options[:12])
        if len(options) > 12:
            shown += f" and {len(options) - 12} more"
        if not isinstance(option, str | int | bool | type(None)):
            return f"{option!r} is not a legal choice here; legal: {shown}"
        reason = f"{self.label(option)} is not a legal choice here"
        if point.where:
            reason += f" (it must satisfy: {point.where})"
        return reason + f"; legal: {shown}"

    def apply(self, option: Any) -> None:
        """Take a decision. An illegal one raises IllegalMove and changes nothing."""
        state = self.state
        pending = state["pending"]
        c = option.__class__
        if pending is None or option not in pending["options"] or not (
                c is str or c is int and not -1 < option < 2):  # 0 and 1 equal no and yes
            reason = self.why_illegal(option)  # a text equal to an option is that option
            if reason is not None:
                raise IllegalMove(reason)
        frame = self.stack[-1]
        frame[2][self.program.procs[frame[0]].slot_of[pending["var"]]] = option
        frame[1] = pending["resume"]
        state["pending"] = None
        state["step"] += 1
        self.moves.append(option)
        self._run()

    def evaluate(self, function: str, *args: Any) -> Any:
        """The value of a ruleset's `define` function now (for tools, tests and bots)."""
        func = self.program.funcs.get(function)
        if func is None:
            raise KeyError(f"the ruleset defines no function '{function}'")
        if len(args) != len(func.params):
            raise TypeError(f"'{function}' takes {len(func.params)} value(s), got {len(args)}")
        check_args(self.program.arg_kinds, function, args)
        self.forget()  # the caller may have changed the state by hand
        self.budget = WORK_BETWEEN_DECISIONS  # a computation of its own, with its own budget
        try:
            return func.fn(self, dict(zip(func.params, args, strict=True)))
        except PYTHON_ERRORS as exc:
            raise GameRuleError(_with_function(exc, explain(exc)), func.decl.loc) from None

    def perform(self, procedure: str, *args: Any, remembered: bool = False) -> None:
        """Run a ruleset procedure now, on top of whatever is pending (for scenario tests and
        tools): it runs until it finishes or waits for a decision; then the game goes on where
        it stood (a pending decision is asked again). `remembered=True` keeps the cached
        answers of the ruleset's functions (the caller has changed nothing by hand)."""
        proc = self.program.procs.get(procedure)
        if proc is None:
            raise KeyError(f"the ruleset has no procedure '{procedure}'")
        if len(args) != len(proc.params):
            raise TypeError(f"'{procedure}' takes {len(proc.params)} value(s), got {len(args)}")
        check_args(self.program.arg_kinds, procedure, args)
        self.state["pending"] = None
        self.state["over"] = False
        if not remembered:
            self.forget()  # the caller may have set up a position by hand
        self.stack.append([procedure, 0, list(args), None])
        self._run()

    def frame_locals(self, depth: int = -1) -> dict[str, Any]:
        """The rule locals of a procedure under way by name: the innermost (the one that
        waits for the decision) by default, `depth` counting as in a list (0: the outermost).
        Generated code keeps them in a list of slots (Proc.slots), filled in when the
        procedure waits; a procedure that has not waited yet shows only its parameters."""
        frame = self.stack[depth]
        slots = self.program.procs[frame[0]].slots
        return {name: value for name, value in zip(slots, frame[2], strict=False)
                if not name.startswith("$")}

    def set_frame_local(self, name: str, value: Any, depth: int = -1) -> None:
        """Give a rule local of a procedure under way a new value (for tests and tools that
        set up a position; see frame_locals)."""
        frame = self.stack[depth]
        slot = self.program.procs[frame[0]].slot_of.get(name)
        if slot is None or slot >= len(frame[2]):
            raise KeyError(f"'{frame[0]}' has no local '{name}' now")
        frame[2][slot] = value

    def score(self, player: str) -> Any:
        return self._ranking_value("score", player)

    def tiebreak(self, player: str) -> Any:
        return self._ranking_value("tiebreak", player)

    def _ranking_value(self, name: str, player: str, remembered: bool = False) -> Any:
        func = self.program.funcs.get(name)
        if func is None:
            return 0
        if not remembered:
            self.forget()  # the caller may have changed the state by hand
            check_args(self.program.arg_kinds, name, (player,))
        try:
            value = func.call(self, player)
        except PYTHON_ERRORS as exc:
            raise GameRuleError(explain(exc), func.decl.loc) from None
        if value.__class__ is not int and (not isinstance(value, int) or
                                           isinstance(value, bool)):
            raise GameRuleError(f"'{name}' must give a number, it gave {self.label(value)} for "
                                f"{self.label(player)}", func.decl.loc)
        return value

    def scores(self, remembered: bool = False) -> dict[str, Any]:
        """Every player's score. `remembered=True`: the cached answers of the ruleset's
        functions are valid (the caller changed nothing by hand), so they are used."""
        if not remembered:
            self.forget()
        return {p: self._ranking_value("score", p, True) for p in self.players}

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest score wins (`define score(p) ... lowest wins = ...`)."""
        func = self.program.funcs.get("score")
        return func is not None and getattr(func.decl, "lowest", False)

    def rank_key(self, player: str) -> tuple[Any, Any]:
        """How good a player's result is, larger is better: the score (turned round when the
        lowest wins), then the tiebreak."""
        score = self.score(player)
        return (-score if self.lowest_wins else score, self.tiebreak(player))

    def winners(self) -> list[str]:
        """The players with the best score (the highest, or the lowest when the ruleset says
        so; ties broken by the ruleset's `tiebreak`, the highest)."""
        keys = {p: self.rank_key(p) for p in self.players}
        best = max(keys.values())  # numbers only: _ranking_value checked them
        return [p for p in self.players if keys[p] == best]

    def view(self, player: str) -> dict:
        """What `player` may see: own hidden zones, others' as counts, stack order hidden."""
        zones: dict[str, Any] = {}
        for name, info in self.program.zones.items():
            vis, content = info.decl.visibility, self.Z[name]
            if info.decl.index:
                if vis == "public":  # most entries of a board: copied as they are
                    zones[name] = {k: dict(v) if v.__class__ is dict else list(v)
                                   for k, v in content.items()}
                else:
                    zones[name] = {k: _seen(vis, v, vis == "owner" and owns(k, player))
                                   for k, v in content.items()}
            else:
                zones[name] = _seen(vis, content, False)
        pending = self.state["pending"]
        decision = None
        if pending is not None:
            decision = {"player": pending["player"]}
            if pending["player"] == player:
                decision["options"] = list(pending["options"])
            if self.program.choices[tuple(pending["at"])].secret:
                decision["secret"] = True
            if "shown_to" in pending:
                decision["shown_to"] = list(pending["shown_to"])
        seen = {"you": player, "players": self.players, "zones": zones,
                "vars": self._vars_seen(player), "decision": decision, "over": self.over}
        secret = self.state.get("secret")
        if secret is not None:  # who has chosen, and only one's own choice
            seen["secret"] = {"who": list(secret["who"]),
                              "chosen": {p: v if p == player else HIDDEN
                                         for p, v in secret["chosen"].items()}}
        return seen

    def _vars_seen(self, player: str) -> dict[str, Any]:
        """The variables as `player` sees them: a private value of another player (or a
        hidden one, before the game is over) shows as HIDDEN."""
        out: dict[str, Any] = {}
        for name, value in text_vars(self.V, self.program.flat, self.n).items():
            if name in self.program.measure_vars:
                continue
            vis = self.program.vars[name].decl.visibility
            if vis == "public" or self.over:
                out[name] = value
            elif vis == "hidden":
                out[name] = {k: HIDDEN for k in value} if value.__class__ is dict else HIDDEN
            else:  # owner: the first index is the player who sees the entry
                out[name] = {k: v if owns(k, player) else HIDDEN
                             for k, v in value.items()}
        return json.loads(json.dumps(out))

    # ------------------------------------------------------------------ copies and saves
    def clone(self) -> Game:
        """An independent copy of the game (for bots that look ahead)."""
        twin = object.__new__(Game)  # the same ruleset and settings; a state of its own
        twin.__dict__.update(self.__dict__)
        state = twin.state = _copy_state(self.state, self.program)
        twin.Z, twin.V, twin.stack = state["zones"], state["vars"], state["stack"]
        twin.ZT, twin.VT = twin.Z, twin.V
        twin.names = dict(self.names)
        twin.events = []
        twin.told = []
        twin.watch = None  # a copy is nobody's record of what was seen
        twin.moves = list(self.moves)
        twin.memo = [{} for _ in self.memo]
        twin.trace = None
        twin.journal, twin._made = None, []  # a plain copy
        return twin

    # ------------------------------------------------------------------ make and unmake
    def make(self, option: Any) -> None:
        """Take a decision (as `apply`) so that `unmake()` takes it back exactly: the state
        (zones, variables, frames, the pending decision, the random streams), the moves, the
        log and the told lines. Makes nest: each unmake takes back the latest. An illegal
        option, or rules that fail, change nothing. The first make of a game puts it in
        journaling form (engine/journal.py; about the cost of a copy), after which a make and
        its unmake cost a fraction of a copy; plain games and their copies never pay for it."""
        self.checkpoint()
        try:
            self.apply(option)
        except BaseException:
            self.unmake()
            raise

    def journaled(self) -> None:
        """Put the game in journaling form now (its first make would): for a bot that
        will make many options on it."""
        if self.journal is None:
            self._journaling()

    def checkpoint(self) -> None:
        """Start recording changes, as `make` does before it applies the option: whatever is
        done to the game from here on (`apply`, `perform`, ...) the next `unmake()` takes back."""
        if self.watch is not None:
            raise ValueError("a game with a watch (Game.start(watch=...)) cannot make and "
                             "unmake: the watch would be told of moves taken back")
        journal = self.journal
        if journal is None:
            self._journaling()
            journal = self.journal
        else:  # frames pushed, or a decision or a secret choice opened since, in plain form
            journaled_frames(self.state, journal)
        self._made.append((dict(self.__dict__), len(self.events), len(self.told),
                           len(self.moves)))
        journal.mark()
        self.memo = [answers.copy() for answers in self.memo]  # valid now; kept as they are

    def unmake(self) -> None:
        """Take back everything since the latest `make` (or `checkpoint`)."""
        if not self._made:
            raise ValueError("nothing to unmake: no make() is open")
        self.journal.undo()
        attrs, events, told, moves = self._made.pop()
        del attrs["events"][events:], attrs["told"][told:], attrs["moves"][moves:]
        self.__dict__.clear()
        self.__dict__.update(attrs)

    def changed(self) -> set[tuple[str, Any]]:
        """What the latest open make (or checkpoint) changed so far: (zone or variable, None)
        for each with a change, and (family, key) for each entry of a family that differs,
        as engine/read_tracking.py names reads (for bots that keep answers across moves)."""
        if not self._made:
            raise ValueError("no make() is open")
        return self.journal.changed()

    def plain_value(self, name: str) -> Any:
        """A zone or variable (a family: all of it) as the game holds it, in plain lists and
        dicts even in journaling form (copies then: for keys and comparisons, never to change)."""
        value = self.Z[name] if name in self.Z else self.V[name]
        return plain(value) if self.journal is not None else value

    @property
    def made(self) -> int:
        """How many makes are open (unmake() takes back the latest)."""
        return len(self._made)

    def _journaling(self) -> None:
        """Put the state in journaling form (a copy of it whose containers save themselves
        before a change: engine/journal.py)."""
        journal = self.journal = Journal()
        indexed = {name: bool(info.decl.index) for name, info in self.program.zones.items()}
        old_z, old_v = self.Z, self.V
        state = self.state = journaled_state(self.state, indexed, self.program.flat, journal)
        self.Z, self.V, self.stack = state["zones"], state["vars"], state["stack"]
        self.ZT = self.Z if self.ZT is old_z else retarget(self.ZT, self.Z)
        self.VT = self.V if self.VT is old_v else retarget(self.VT, self.V)

    def state_hash(self, with_options: bool = True) -> str:
        """A fingerprint of the game: what is where, the scores and other variables, the
        random generator, and who must decide between which options (`with_options=False`:
        only who). How the engine keeps its place in the rules (the frames of running
        procedures, the instruction a decision waits at) is left out, so that a replay still
        matches after a change to the rules or the engine that plays the same game."""
        return _game_hash(text_state(self.state, self.program.flat), with_options,
                          self.program.measure_vars)

    def _integrity_hash(self) -> str:
        """The whole state, execution point included, and the players' names: what a save
        file is checked against."""
        return _integrity(self.plain_state(), self.names, SAVE_VERSION)

    def plain_state(self) -> dict:
        """The state as saves store it: `state`, with each family over number ranges (a
        flat list while the game runs, engine/flat.py) as its entries under text keys, and
        the prompt of the decision waited for in words."""
        state = text_state(self.state, self.program.flat)
        pending = state["pending"]
        if pending is not None and pending.get("prompt", "").__class__ is not str:
            state = state if state is not self.state else dict(state)
            state["pending"] = {**pending, "prompt": self.text_of(pending["prompt"])}
        return state

    def text_of(self, text: Any) -> str:
        """A text the rules made: as it is, or, where its words are made only when someone
        reads them (a prompt: `(fill, values)`, expressions.deferred_text_src), filled in."""
        return text if text.__class__ is str else text[0](self, text[1])

    def to_save(self) -> dict:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "ruleset": self.ruleset.name,
                "ruleset_hash": self.ruleset.content_hash, "names": self.names,
                "streams": self.streams, "moves": self.moves, "state": self.plain_state(),
                "state_hash": self._integrity_hash()}

    @classmethod
    def from_save(cls, ruleset: RulesOfGame, data: Any,
                  on_step: Callable[[Game, str | None, Any], None] | None = None) -> Game:
        """A game from `to_save()` data; anything damaged, edited or foreign is a
        SaveFileError. A save proves itself: its decisions are played again from its seed,
        and the game they lead to must be the one it holds, so no position the rules cannot
        reach ever loads. `on_step(game, player, move)` is called after setup (player and
        move None) and after each decision played again."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError("not a saved game of this engine")
        if data.get("version") not in (1, 2, 3, 4, SAVE_VERSION):
            raise SaveFileError(f"a saved game of version {data.get('version')!r}; this engine "
                                f"reads versions 1 to {SAVE_VERSION}")
        saved_for = data.get("ruleset")
        if isinstance(saved_for, str) and saved_for != ruleset.name:
            raise SaveFileError(f"a saved game of the ruleset {saved_for!r}, not of "
                                f"{ruleset.name!r}: load it with its own ruleset")
        state, names = data.get("state"), data.get("names") or {}
        if not isinstance(state, dict):
            raise SaveFileError("the saved game is damaged (it has no state)")
        if not isinstance(names, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
            raise SaveFileError("the saved game is damaged (player names must be texts)")
        if _integrity(state, names, data["version"]) != data.get("state_hash"):
            raise SaveFileError("the saved game is damaged (its state does not match its hash)")
        changed = data.get("ruleset_hash") not in (None, ruleset.content_hash)
        streams = data.get("streams") if data["version"] >= 4 else int("draws" in state)
        if streams not in range(STREAMS + 1) or streams.__class__ is not int:
            raise SaveFileError(f"the saved game is damaged ('streams' is {streams!r}, not 0 "
                                f"to {STREAMS})")
        game = cls._from_moves(ruleset, state, names, data.get("moves"), changed, on_step,
                               streams)
        if data["version"] == SAVE_VERSION and not changed and game._integrity_hash() != \
                data["state_hash"]:  # same engine, same rules: the very same state
            raise SaveFileError("the saved game is damaged or edited: where it stands in the "
                                "rules is not where its decisions lead")
        return game

    @classmethod
    def _from_moves(cls, ruleset: RulesOfGame, state: dict, names: dict, moves: Any,
                    changed: bool = False, on_step: Callable | None = None,
                    streams: int = STREAMS) -> Game:
        """Play a save's moves again from its seed, and check that this gives its game (the
        game part of the state: where the rules stand is the engine's concern and comes
        from playing, so saves of an older engine load too)."""
        players, seed = state.get("players"), state.get("seed")
        if not isinstance(moves, list) or players.__class__ is not int or not (
                seed.__class__ is int or streams and rng.is_secret(seed)):
            raise SaveFileError("the saved game is damaged (it has no moves, seed or players)")
        if players not in ruleset.player_counts:
            raise SaveFileError(f"the saved game has {players} players; the ruleset allows "
                                f"{', '.join(map(str, sorted(ruleset.player_counts)))}")
        if _too_deep(moves, MAX_SAVED_DEPTH) or _too_deep(state, MAX_SAVED_DEPTH):
            raise SaveFileError(f"the saved game is damaged (values nested more than "
                                f"{MAX_SAVED_DEPTH} deep)")
        game = cls.start(ruleset, players, seed, names, streams=streams)
        if on_step is not None:
            on_step(game, None, None)
        since = " (the ruleset has changed since the game was saved)" if changed else ""
        for step, move in enumerate(moves, start=1):
            player = game.state["pending"]["player"] if game.state["pending"] else None
            try:
                game.apply(move)
            except IllegalMove as exc:
                raise SaveFileError(f"the saved game cannot be played again: its decision "
                                    f"{step} of {len(moves)} is refused ({exc}){since}") from None
            if on_step is not None:
                on_step(game, player, move)
        measures = ruleset.program.measure_vars
        if game.state_hash() != _game_hash(state, True, measures):
            where = _first_difference(game.plain_state(), state, measures)
            raise SaveFileError(f"the saved game is damaged or edited: its {len(moves)} "
                                f"decisions, played again from its seed, lead to another game "
                                f"({where} differs){since}")
        return game


def _copy_state(state: dict, program) -> dict:
    """A copy of a state that shares nothing the rules change in place. Rules change zones'
    contents and frames' locals in place; variables and locals are only ever given new values
    (no statement changes a list in place: `xs[i] = v` gives `xs` a new list), so their values
    are shared, not copied."""
    zones, flat = state["zones"], program.flat
    copy = dict(state)
    copy["zones"] = {name: {k: c.copy() for k, c in zones[name].items()} if info.decl.index
                     else zones[name].copy() for name, info in program.zones.items()}
    copy["vars"] = {name: v.copy() if v.__class__ is dict or name in flat else v
                    for name, v in state["vars"].items()}
    copy["stack"] = [[f[0], f[1], f[2].copy(), f[3]] for f in state["stack"]]
    if state["pending"] is not None:
        copy["pending"] = dict(state["pending"])
    if "secret" in state:
        copy["secret"] = {"who": list(state["secret"]["who"]),
                          "chosen": dict(state["secret"]["chosen"])}
    return copy


def _game_hash(state: dict, with_options: bool, measures: Any = ()) -> str:
    """The hash of a state's game part (see Game.state_hash); the ruleset's measures are
    not part of the game (rules never read them)."""
    game = {k: v for k, v in state.items() if k not in ("stack", "pending")}
    if measures and isinstance(state.get("vars"), dict):
        game["vars"] = {k: v for k, v in state["vars"].items() if k not in measures}
    pending = state.get("pending")
    if isinstance(pending, dict):
        game["pending"] = {"player": pending.get("player")}
        if with_options:
            game["pending"]["options"] = pending.get("options")
    return _digest(game)


def _first_difference(played: dict, saved: dict, measures: Any) -> str:
    """Where a saved state first differs from the one its decisions lead to, in words."""
    for key in ("players", "seed", "step", "over", "ending", "rng", "draws"):
        if saved.get(key) != played.get(key):
            return f"'{key}'"
    if saved.get("secret") != played.get("secret"):
        return "the secret choice under way"
    for part, word in (("zones", "zone"), ("vars", "variable")):
        mine, theirs = played[part], saved.get(part)
        if not isinstance(theirs, dict):
            return f"'{part}'"
        for name in sorted(set(mine) | set(theirs), key=str):
            if name not in measures and mine.get(name) != theirs.get(name):
                return f"{word} '{name}'"
    return "the decision it waits for"


MAX_SAVED_DEPTH = 40  # lists and maps inside each other in a saved state


def _too_deep(value: Any, limit: int) -> bool:
    """Whether lists and maps are nested more than `limit` deep in `value` (without recursion:
    a crafted save may nest them thousands deep)."""
    todo = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if depth > limit:
            return True
        if item.__class__ is dict:
            todo.extend((v, depth + 1) for v in item.values())
        elif item.__class__ is list:
            todo.extend((v, depth + 1) for v in item)
    return False


MAX_DEPTH = 5_000  # procedures running inside each other


def _is_option(value: Any, options: list[Any]) -> bool:
    """Equal and of the same kind: 1.0 or true is not the option 1."""
    return value in options and any(o == value and type(o) is type(value) for o in options)


def _with_function(exc: BaseException, message: str) -> str:
    """For a function that calls itself without end: which one."""
    if isinstance(exc, RecursionError):
        tb, name = exc.__traceback__, None
        while tb is not None:
            code = tb.tb_frame.f_code.co_filename
            if code.startswith("<define "):
                name = code[len("<define "):-1]
            tb = tb.tb_next
        if name:
            return f"{message} ('{name}')"
    return message


def _at_rule(exc: BaseException, loc) -> BaseException:
    """A Python error of a rule evaluated outside the procedures (a start, a variable's first
    value) as a rule error at the rule's place; a rule error too (e.g. out of the budget of
    work), unless it has a place already."""
    if isinstance(exc, GameRuleError):
        return exc if exc.loc is not None else GameRuleError(exc.message, loc)
    return GameRuleError(_with_function(exc, explain(exc)), loc)


def save_integrity(data: dict) -> str:
    """The integrity hash that a save's data should carry (as anyone can compute it: it
    tells damage apart, it proves nothing against a deliberate edit)."""
    return _integrity(data.get("state"), data.get("names") or {}, data.get("version", 1))


def _integrity(state: Any, names: Any, version: Any) -> str:
    """The integrity hash of a save of `version` (before 3 the names were not in it)."""
    old = isinstance(version, int) and version < 3
    return _digest(state) if old else _digest({"names": names, "state": state})


def _digest(data: Any) -> str:
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def _keys(index: list[str], world, players: int) -> list[str] | None:
    """The keys of a family's entries (None: not a family, one value)."""
    if not index:
        return None
    domains = [world.domain(t, players) for t in index]
    return ["|".join(str(v) for v in combo) for combo in itertools.product(*domains)]


def _layout(program: Program, players: int) -> tuple[list, list, list]:
    """What every game of `players` players starts with, worked out once: each zone's keys
    and empty content, each variable's keys, its start and its rule's place, and the pieces
    of each kind of each component with their start (Game.start)."""
    world = program.world
    zones = [(name, _keys(info.index, world, players),
              list if info.decl.shape == "stack" else dict)
             for name, info in program.zones.items()]
    variables = [(name, _keys(info.index, world, players), info.init, info.decl.loc)
                 for name, info in program.vars.items()]
    pieces = []
    for comp_name, start in program.component_start.items():
        comp = world.components[comp_name]
        for kind in world.kinds_in_game(comp_name, players):
            pieces.append((start, kind, comp.count_in_game(kind, players), world.attrs[kind],
                           comp.decl.loc))
    return zones, variables, pieces


def owns(key: Any, player: Any) -> bool:
    """Whether the entry `key` of a family indexed first by player belongs to `player` (its
    owner, who sees it when it is `owner`): the key's first part names them."""
    return key is not None and player is not None and str(key).split("|")[0] == player


def face_down(seen: Any) -> bool:
    """Whether a zone's content as a view shows it is only its count (and maybe its top)."""
    return seen.__class__ is dict and "count" in seen and seen.keys() <= {"count", "top"}


def _seen(visibility: str, content: Any, is_owner: bool) -> Any:
    if visibility == "public" or (visibility == "owner" and is_owner):
        return dict(content) if content.__class__ is dict else list(content)
    size = sum(content.values()) if content.__class__ is dict else len(content)
    if visibility == "top":
        top = content[-1] if content.__class__ is list and content else None
        return {"count": size, "top": top}
    return {"count": size}
