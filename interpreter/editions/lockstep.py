"""Two rulesets played side by side (`rules diff A B --play N`): where their games part.

Game i (from 0) of each ruleset starts with seed S+i. While the two games are alike, they take
the same decisions: a shared generator, `random.Random(S+i)`, picks among the options both
offer. After each step the two are compared: who decides, the options offered, and the state
(the zones and variables both rulesets have, and the random generator). The first step where
they differ is the game's first difference:

- `setup`: the states differ after setup, before any decision;
- `options`: the same state, but other options offered (the game goes on with the options both
  offer, so such a difference may show again: each time counts);
- `decider`: another player (or none: the game has ended on one side) decides;
- `state`: the states differ after the same decision;
- `scores`: the same final position scores differently;
- `error`: a rule stops one side's game with an error (that side then has no ranking).

The rule responsible on each side is found by running the step again (on copies of the games)
and following the rule statements that run (Python's trace hook on the generated code, whose
lines the program maps to their statements): the first statement that belongs to a rule that
differs (its own line changed) or uses one, directly or through functions, constants and
tables. For an `options` difference the choice itself is looked at first. The difference is
put down to the rules those statements name; when no changed rule ran, to none.

After the first difference that is not `options`, each game goes on alone (each from a copy of
the shared generator as it stood) to its end, and the final rankings are compared. The report
in words is lockstep_text.py's; which statements ran, tracing.py's."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.editions.diff import Change, diff_rulesets
from interpreter.editions.tracing import Traced, traced, with_trace
from interpreter.language import nodes as N
from interpreter.language.errors import GameRuleError, RulesError
from interpreter.language.reach import reachable
from interpreter.language.render import render_decl, render_stmt_head, render_stmt_own

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game

MAX_DECISIONS = 50_000
_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_TEXT = re.compile(r'"(?:[^"\\]|\\.)*"')


@dataclass
class Place:
    """Where one ruleset stood when the games parted: the rule and its statement."""

    rule: str  # the declaration (procedure, trigger, function, ...)
    at: str  # file:line:column
    text: str  # the statement, as canonical rule text
    why: str  # "changed rule", "uses X", "the decision", "no changed rule ran"
    stack: list[str] = field(default_factory=list)  # the procedures running, outermost first

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "at": self.at, "text": self.text, "why": self.why,
                "stack": self.stack}


@dataclass
class Divergence:
    decision: int  # the decision it is at (options, decider) or after (state, scores); 0: setup
    kind: str  # setup | options | decider | state | scores
    what: str  # in words
    a: Place | None = None
    b: Place | None = None
    differences: list[str] = field(default_factory=list)  # titles of the rule differences

    def when(self) -> str:
        if self.kind == "setup":
            return "at setup"
        if self.kind == "scores":
            return f"at the end (after decision {self.decision})"
        return f"{'after' if self.kind == 'state' else 'at'} decision {self.decision}"

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "kind": self.kind, "what": self.what,
                "a": self.a.to_json() if self.a else None,
                "b": self.b.to_json() if self.b else None, "differences": self.differences}


@dataclass
class GameOutcome:
    index: int
    seed: int
    first: Divergence | None
    events: list[Divergence]  # every difference seen while the games were alike
    ranking_a: list[list[str]]  # empty: the game stopped with an error
    ranking_b: list[list[str]]
    decisions_a: int
    decisions_b: int
    stopped: list[str | None] = field(default_factory=lambda: [None, None])  # the errors
    ran: set[str] = field(default_factory=set)  # rule differences whose code ran, either side

    @property
    def ranking_changed(self) -> bool:
        return self.ranking_a != self.ranking_b

    def to_json(self) -> dict[str, Any]:
        return {"game": self.index + 1, "seed": self.seed,  # numbered from 1, as in the text
                "first": self.first.to_json() if self.first else None,
                "events": [e.to_json() for e in self.events],
                "ranking": {"a": self.ranking_a, "b": self.ranking_b},
                "ranking_changed": self.ranking_changed,
                "decisions": {"a": self.decisions_a, "b": self.decisions_b},
                "stopped": {"a": self.stopped[0], "b": self.stopped[1]},
                "ran": sorted(self.ran)}


@dataclass
class Lockstep:
    players: int
    seed: int
    changes: list[Change]
    games: list[GameOutcome] = field(default_factory=list)

    def table(self) -> list[dict[str, Any]]:
        """Per rule difference: how often it showed in play as the first difference of a game
        (or one of the games' differences while they were alike), in how many games, in how
        many of those the final ranking changed, and in how many games its code ran at all
        (on either side, even after the games had parted: a difference that an earlier one
        always hides still shows that it occurs in play)."""
        rows: dict[str, dict[str, Any]] = {}
        for c in _semantic(self.changes):
            rows[c.title()] = {"difference": c.title(), "shown": 0, "games": 0,
                               "ranking_changed": 0, "ran": 0}
        for game in self.games:
            seen: set[str] = set()
            for event in game.events:
                for title in event.differences or ["(no changed rule ran)"]:
                    row = rows.setdefault(title, {"difference": title, "shown": 0, "games": 0,
                                                  "ranking_changed": 0, "ran": 0})
                    row["shown"] += 1
                    seen.add(title)
            for title in seen:
                rows[title]["games"] += 1
                rows[title]["ranking_changed"] += int(game.ranking_changed)
            for title in game.ran:
                if title in rows:
                    rows[title]["ran"] += 1
        return sorted(rows.values(), key=lambda r: (-r["shown"], r["difference"]))

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed,
                "games": [g.to_json() for g in self.games], "table": self.table(),
                "summary": {"games": len(self.games),
                            "differing": sum(1 for g in self.games if g.first),
                            "ranking_changed": sum(1 for g in self.games if g.ranking_changed)}}


def _semantic(changes: list[Change]) -> list[Change]:
    """The differences that can change a game: renames and wording do not."""
    return [c for c in changes if c.change != "renamed" and not c.wording_only]


# ---------------------------------------------------------------------------- the rules' sides
class _Side:
    """What one ruleset needs for finding the rule responsible: its statements by place, what
    each rule uses, and which of its rules (and lines) differ from the other ruleset."""

    def __init__(self, ruleset: Ruleset, changes: list[Change], sign: str):
        self.ruleset = ruleset
        program = ruleset.program
        self.decls: dict[str, N.Decl] = dict(program.decls)
        self.stmts: dict[N.Loc, tuple[str, N.Stmt | N.Decl]] = {}
        self.uses: dict[str, set[str]] = {}
        listeners: dict[str, set[str]] = {}
        for name, decl in self.decls.items():
            version = decl
            while version is not None:
                self.stmts[version.loc] = (name, version)
                for stmt in N.walk(getattr(version, "body", None)):
                    if isinstance(stmt, N.Stmt):
                        self.stmts[stmt.loc] = (name, stmt)
                version = getattr(version, "fallback", None)
            self.uses[name] = _words("\n".join(render_decl(decl, texts=False))) - {name}
            if isinstance(decl, N.TriggerDecl):
                listeners.setdefault(decl.event, set()).add(name)
        self.listeners = listeners
        # Rules that differ on this side, by name, with the lines of theirs that differ; data
        # changes by the names a rule would use to reach them.
        self.changed: dict[str, Change] = {}
        self.lines: dict[str, set[str]] = {}
        self.reaches: dict[str, list[Change]] = {}  # a kind's name reaches each of its entities
        for c in _semantic(changes):
            if c.kind in ("entity", "entity order", "relation", "players"):
                for word in c.name.split():
                    self.reaches.setdefault(word, []).append(c)
                continue
            if (sign == "-" and c.change == "added") or (sign == "+" and c.change == "removed"):
                continue
            self.changed[c.name] = c
            self.lines[c.name] = {line[2:].strip() for line in c.lines if line[:1] == sign}

    def closure(self, words: set[str]) -> set[str]:
        """The names `words` reach: the rules they name, and what the functions, constants,
        tables, enumerations and components among them use, in turn; an event reaches the
        triggers after it."""
        def neighbours(word: str) -> list[str]:
            out = list(self.listeners.get(word, ()))
            if isinstance(self.decls.get(word), N.FuncDecl | N.ConstDecl | N.TableDecl
                          | N.EnumDecl | N.ComponentDecl):
                out += self.uses.get(word, ())
            return out

        return reachable(words, neighbours)

    def involved(self, owner: str, node: N.Node) -> tuple[list[Change], str, str] | None:
        """The rule differences a statement (or a rule's head) stands for, why, and its line
        that shows it: a line that differs of a changed rule, or a use of a changed rule or
        of changed data."""
        own = [render_decl(node)[0]] if isinstance(node, N.Decl) else render_stmt_own(node)
        if owner in self.changed:
            lines = self.lines.get(owner) or set()
            differing = [line for line in own if line.strip() in lines]
            if differing or not lines:
                return [self.changed[owner]], "changed rule", (differing or own)[0].strip()
        hits = self.used(owner, node)
        if hits:
            return hits, "uses " + ", ".join(dict.fromkeys(h.name for h in hits)), own[0]
        return None

    def used(self, owner: str, node: N.Node) -> list[Change]:
        """The rule and data differences a statement (or a rule's head) uses: the changed
        functions, constants, tables and data its words reach."""
        own = [render_decl(node)[0]] if isinstance(node, N.Decl) else render_stmt_own(node)
        words = _words("\n".join(own))
        if isinstance(node, N.Decl):
            words -= {owner}
        reached = self.closure(words)
        # A procedure or trigger that differs shows in its own statements, which run too.
        hits = [self.changed[w] for w in sorted(reached) if w in self.changed and w != owner
                and not isinstance(self.decls.get(w), N.ProcDecl | N.TriggerDecl)]
        return hits + [c for w in sorted(reached) for c in self.reaches.get(w, ())]

    def place(self, loc: N.Loc) -> tuple[str, N.Node] | None:
        return self.stmts.get(loc)


def _words(text: str) -> set[str]:
    return set(_WORD.findall(_TEXT.sub(" ", text)))


def _responsible(side: _Side, trace: Traced, last: bool = False
                 ) -> tuple[Place, list[Change]] | None:
    """The first (or last) traced statement that stands for a rule difference."""
    hits: list[tuple[Place, list[Change]]] = []
    for code, loc, running in trace:
        if loc is None:  # a function ran
            name = code[len("<define "):-1]
            if name in side.changed:
                decl = side.decls[name]
                hits.append((Place(name, str(decl.loc), render_decl(decl)[0], "changed rule",
                                   running), [side.changed[name]]))
            if hits and not last:
                break
            continue
        found = side.place(loc)
        if found is None:
            continue
        owner, node = found
        got = side.involved(owner, node)
        if got is None:
            continue
        hits.append((Place(owner, str(loc), got[2], got[1], running), got[0]))
        if not last:
            break
    if not hits:
        return None
    return hits[-1] if last else hits[0]


# ---------------------------------------------------------------------------- playing
def lockstep(a: Ruleset, b: Ruleset, games: int, players: int | None = None, seed: int = 1,
             changes: list[Change] | None = None, on_game: Callable[[int], None] | None = None
             ) -> Lockstep:
    """Play `games` seeded games of both rulesets in lockstep (see the module's text)."""
    players = players if players is not None else _common_players(a, b)
    for ruleset in (a, b):
        ruleset.check_players(players)
    changes = diff_rulesets(a, b) if changes is None else changes
    sides = (_Side(a, changes, "-"), _Side(b, changes, "+"))
    zones = [z for z in a.program.zones if z in b.program.zones]
    variables = [v for v in a.program.vars if v in b.program.vars]
    report = Lockstep(players, seed, changes)
    for i in range(games):
        report.games.append(_play(sides, players, seed + i, i, zones, variables))
        if on_game is not None:
            on_game(i + 1)
    return report


def _common_players(a: Ruleset, b: Ruleset) -> int:
    common = [n for n in a.player_counts if n in b.player_counts]
    if not common:
        raise RulesError(f"{a.name} and {b.name} have no player count in common "
                         f"({a.player_counts} and {b.player_counts})")
    return max(common)


def _alike(ga: Game, gb: Game, zones: list[str], variables: list[str]) -> bool:
    za, zb, va, vb = ga.Z, gb.Z, ga.V, gb.V
    return (ga.state.get("draws") == gb.state.get("draws") and ga.over == gb.over
            and all(za[z] == zb[z] for z in zones) and all(va[v] == vb[v] for v in variables))


def _play(sides: tuple[_Side, _Side], players: int, seed: int, index: int, zones: list[str],
          variables: list[str]) -> GameOutcome:
    """One game of each side, in lockstep while they are alike, then each to its end. A rule
    that stops one side's game with an error (a decision without options, ...) is a difference
    too: that side then has no result."""
    games: list[Game | None] = [None, None]
    stopped: list[GameRuleError | None] = [None, None]
    rng = random.Random(seed)
    events: list[Divergence] = []
    step = 0

    def each(act: Callable[[int], None]) -> bool:
        """Do `act` on both sides; False (and a difference) when it stops one of them."""
        for i in (0, 1):
            try:
                act(i)
            except GameRuleError as exc:
                stopped[i] = exc
        if stopped[0] and stopped[1]:
            raise stopped[0]
        if stopped[0] or stopped[1]:
            i = 0 if stopped[0] else 1
            events.append(_stop(sides, games, i, stopped[i], step, redo))
            return False
        return True

    def start(i: int) -> None:
        games[i] = sides[i].ruleset.new_game(players, seed, logging=False)

    def part(kind: str, what: str, look_at_choice: bool = False) -> None:
        decision = step + 1 if kind in ("options", "decider") else step
        events.append(_explain(sides, games, decision, kind, what, redo, look_at_choice))

    redo: Callable[[int], Callable[[], Any]] | None = None
    alike = each(start)
    ga, gb = games
    if alike and not _alike(ga, gb, zones, variables):
        part("setup", "the states differ after setup")
        alike = False
    while alike and not (ga.over and gb.over):
        if step >= MAX_DECISIONS:
            raise RulesError(f"game {index + 1} did not end within {MAX_DECISIONS} decisions")
        da, db = ga.decision(), gb.decision()
        if da is None or db is None or da.player != db.player:
            who = [ga.label(d.player) if d else "nobody (the game is over)" for d in (da, db)]
            part("decider", f"A asks {who[0]} to decide, B asks {who[1]}")
            alike = False
            break
        options = da.options
        if {repr(o) for o in da.options} != {repr(o) for o in db.options}:
            common = [o for o in da.options if o in db.options]
            only_a = [da.labels[k] for k, o in enumerate(da.options) if o not in db.options]
            only_b = [db.labels[k] for k, o in enumerate(db.options) if o not in da.options]
            part("options", f"{ga.label(da.player)} is offered other options ({da.prompt}): "
                 f"only in A {_few(only_a)}, only in B {_few(only_b)}", look_at_choice=True)
            if not common:
                alike = False
                break
            options = common
        move = options[rng.randrange(len(options))]
        said = da.labels[da.options.index(move)]
        redo = _again((ga.clone(), gb.clone()), move)
        step += 1
        alike = each(lambda i, move=move: games[i].apply(move))
        if alike and not _alike(ga, gb, zones, variables):
            part("state", f"after {ga.label(da.player)} chose {said!r} ({da.prompt}), the "
                 "states differ")
            alike = False
    if alike and ga.over and gb.over and _ranking_values(ga) != _ranking_values(gb):
        part("scores", "the same final position scores differently")
    state = rng.getstate()
    for i, game in enumerate(games):
        if game is None or stopped[i] or game.over:
            continue
        own = random.Random()
        own.setstate(state)
        try:
            _finish(game, own)
        except GameRuleError as exc:
            stopped[i] = exc
    rankings = [_ranking(g) if g is not None and not stopped[i] else []
                for i, g in enumerate(games)]
    ran: set[str] = set()
    for i, game in enumerate(games):
        if game is not None and not stopped[i]:
            ran |= _differences_run(sides[i], game, players, seed)
    return GameOutcome(index, seed, events[0] if events else None, events, *rankings,
                       *(len(g.moves) if g is not None else 0 for g in games),
                       stopped=[str(e) if e else None for e in stopped], ran=ran)


def _differences_run(side: _Side, game: Game, players: int, seed: int) -> set[str]:
    """The rule differences whose statements (or functions) ran anywhere in `game`: its moves
    are played again from its seed while the lines of generated code that run are noted."""
    program = side.ruleset.program
    line_locs = program.line_locs
    lines: set[tuple[str, int]] = set()
    defines: set[str] = set()

    def outer(frame, event, arg):
        name = frame.f_code.co_filename
        if name.startswith("<define "):
            defines.add(name[len("<define "):-1])
            return None
        if name not in line_locs:
            return None

        def local(frame, event, arg):
            if event == "line":
                lines.add((name, frame.f_lineno))
            return local
        return local

    def replay() -> None:
        again = side.ruleset.new_game(players, seed, logging=False)
        for move in game.moves:
            again.apply(move)

    with_trace(outer, replay)
    found = {side.changed[name].title() for name in defines if name in side.changed}
    for name, number in lines:
        locs = line_locs[name]
        place = side.place(locs[number - 1]) if 0 < number <= len(locs) else None
        if place is None:
            continue
        got = side.involved(*place)
        if got is not None:
            found.update(c.title() for c in got[0])
        if got is not None and got[1] == "changed rule":  # what a changed line uses ran too
            found.update(c.title() for c in side.used(*place))  # (a function copied in)
    return found


def _stop(sides: tuple[_Side, _Side], games: list[Game | None], i: int, exc: GameRuleError,
          step: int, redo: Callable[[int], Callable[[], Any]] | None) -> Divergence:
    """One side's game stopped with an error of its rules: the rule that stopped it."""
    found = sides[i].place(exc.loc) if exc.loc is not None else None
    text = exc.message
    if found is not None:
        node = found[1]
        text = render_decl(node)[0] if isinstance(node, N.Decl) else render_stmt_head(node)
    place = Place(found[0] if found else "?", str(exc.loc or ""), text,
                  f"the game stops: {exc.message}")
    event = Divergence(step, "error", f"the game of {'AB'[i]} stops with an error of its rules")
    if i == 0:
        event.a = place
    else:
        event.b = place
    owner = found[0] if found else None
    side = sides[i]
    if owner in side.changed:
        event.differences = [side.changed[owner].title()]
    return event


def _again(before: tuple[Game, Game] | None, move: Any
           ) -> Callable[[int], Callable[[], Any]] | None:
    """How to run the last step again on a copy of side 0's or side 1's game (None at the
    start: then setup is run again)."""
    if before is None:
        return None

    def redo(side: int) -> Callable[[], Any]:
        copy = before[side].clone()
        return lambda: copy.apply(move)
    return redo


def _explain(sides: tuple[_Side, _Side], games: list[Any], decision: int, kind: str,
             what: str, redo: Callable[[int], Callable[[], Any]] | None,
             look_at_choice: bool) -> Divergence:
    event = Divergence(decision, kind, what)
    found: list[Change] = []
    places: list[Place | None] = []
    for index, (side, game) in enumerate(zip(sides, games, strict=True)):
        stack = [frame[0].split("@")[0] for frame in game.state["stack"]]
        got = None
        if kind == "scores":
            got = _scoring_rule(side, game)
        if got is None and look_at_choice:
            got = _at_choice(side, game, stack)
        if got is None and kind != "scores":
            again = redo(index) if redo is not None else _setup_again(game)
            got = _responsible(side, traced(game.program, again), last=look_at_choice)
        if got is None:
            places.append(_waiting(side, game, stack))
            continue
        places.append(got[0])
        found += [c for c in got[1] if c not in found]
    event.a, event.b = places
    event.differences = [c.title() for c in found]
    return event


def _setup_again(game: Game) -> Callable[[], Any]:
    players, seed = game.n, game.state["seed"]
    return lambda: game.ruleset.new_game(players, seed, logging=False)


def _at_choice(side: _Side, game: Game, stack: list[str]) -> tuple[Place, list[Change]] | None:
    """The decision waited for, when it stands for a rule difference."""
    pending = game.state["pending"]
    if pending is None:
        return None
    point = game.program.choices[tuple(pending["at"])]
    found = side.place(point.loc)
    if found is None:
        return None
    owner, node = found
    got = side.involved(owner, node)
    if got is None:
        return None
    return Place(owner, str(point.loc), got[2], got[1], stack), got[0]


def _scoring_rule(side: _Side, game: Game) -> tuple[Place, list[Change]] | None:
    for name in ("score", "tiebreak"):
        decl = side.decls.get(name)
        if decl is None:
            continue
        got = side.involved(name, decl)
        if got is not None:
            return Place(name, str(decl.loc), got[2], got[1]), got[0]
    return None


def _waiting(side: _Side, game: Game, stack: list[str]) -> Place:
    """No changed rule ran: where the game waits (or stopped)."""
    pending = game.state["pending"]
    if pending is not None:
        point = game.program.choices[tuple(pending["at"])]
        found = side.place(point.loc)
        text = render_stmt_head(found[1]) if found and isinstance(found[1], N.Stmt) else \
            point.prompt
        return Place(found[0] if found else pending["at"][0], str(point.loc), text,
                     "no changed rule ran; the game waits here", stack)
    return Place("(game over)", "", game.state.get("ending") or "", "no changed rule ran",
                 stack)


def _finish(game: Game, rng: random.Random) -> None:
    for _ in range(MAX_DECISIONS):
        decision = game.decision()
        if decision is None:
            return
        game.apply(decision.options[rng.randrange(len(decision.options))])
    raise RulesError(f"a game of {game.ruleset.name} did not end within {MAX_DECISIONS} "
                     "decisions")


def _ranking_values(game: Game) -> dict[str, tuple[Any, Any]]:
    return {p: (game.score(p), game.tiebreak(p)) for p in game.players}


def _ranking(game: Game) -> list[list[str]]:
    """Players from first to last, those tied together in one group."""
    values = _ranking_values(game)
    groups: list[list[str]] = []
    sign = -1 if game.lowest_wins else 1  # the best first: the lowest score when it wins
    for value in sorted(set(values.values()), key=lambda v: (sign * v[0], v[1]), reverse=True):
        groups.append([p for p in game.players if values[p] == value])
    return groups


def _few(labels: list[str], most: int = 4) -> str:
    if not labels:
        return "none"
    shown = ", ".join(repr(x) for x in labels[:most])
    return shown + (f" (+{len(labels) - most} more)" if len(labels) > most else "")
