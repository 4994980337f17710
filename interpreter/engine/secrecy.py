"""No leak by construction: rules that could show a player what they may not see are refused
when the ruleset is loaded.

What some player may not see ("private"): the contents of a zone that is not `public`, and a
variable declared `owner` or `hidden`, and any function or local name computed from them. How
many pieces a zone holds is public (`size`, `empty`), and so is the top piece of a zone seen
`top` (`top(...)`). Two places would give it away:

- a `log` line or an `end game` reason is read by everybody: it may not show a private value
  (the final scoring, after the game has ended, may); nor may a variable everybody sees be
  set from one;
- the options of a decision are shown to the player who decides: written in the `choose`
  itself, they may read only what that player sees (their own `hand[p]`, say; what a
  function computes is not looked into);
- a procedure's local names are where the rules stand, which every player can follow (and
  bots copy into the games they imagine): a local name computed from a private value may not
  be used after the procedure has waited for a decision (a `choose`, or a call of a procedure
  that chooses).

Whose a private value is, is followed too: an entry of an `owner` family is seen by the player
its first index is written as (`hand[p]` by `p`), so a value private to one player may not flow
into a value of another (`spy[p] = kinds(hand[next_player(p)])` for an `owner` family `spy`),
nor into a line told to another (`tell q "..."`). A function's reads are followed through its
parameters (`hand_value(q)` reads `hand[q]`).

A choice is an open action: what a player chose with `choose` is public (a warning says so when
the choice is moved from a zone others cannot see into another: did the rules mean a secret?).
A choice nobody may see before all have chosen is a `secretly choose` (the runtime keeps it out
of the locals until it reveals it); a choice only the chooser and the players it is `shown to`
see is a `privately choose`: its value may reach no log line, only `tell` to those players, and
like a private value it may not be kept across a decision. A `secretly choose ... shown to`
reveals each choice to its chooser and the players shown: `NAME[q]` is seen by `q` and by
them. What a `show` shows is seen by its players from then on, until the rules wait for a
decision (or a piece moves into the zone shown, or a name it reads is set again).
The check reads the rules as written: a loop's body is read twice (what its second turn reads
may come from its first), and a name set on only one branch counts as set.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError
from interpreter.language.parser import parse_expr
from interpreter.language.render import render_expr

COUNTING = {"size", "empty"}  # builtins that read only how many pieces a zone holds
TOP = "top"  # the builtin that reads the top piece of a stack: public in a zone seen `top`
AFTER_THE_END = {"final_scoring"}  # runs once the game has ended: it may reveal everything
PRIVATE_CHOICE = " (chosen privately)"  # how a `privately choose` is named in messages
SECRET_CHOICE = " (chosen secretly, shown to some)"  # ... a `secretly choose ... shown to`


class Private(set):
    """Zones and variables that some player may not see in full; `tops` are the zones whose
    top piece everybody sees."""

    tops: frozenset[str] = frozenset()


def private_names(program: Any) -> Private:
    """Zones and variables that some player may not see in full."""
    found = Private(n for n, z in program.zones.items() if z.decl.visibility != "public")
    found |= {n for n, v in program.vars.items() if v.decl.visibility != "public"}
    found.tops = frozenset(n for n, z in program.zones.items() if z.decl.visibility == "top")
    return found


def private_functions(program: Any, private: set[str]) -> dict[str, set[str]]:
    """Each function -> the private zones and variables it reads (through the functions it
    calls too); functions that read none are left out."""
    direct = {name: _reads(f.decl.body, private, {}, set()) for name, f in program.funcs.items()}
    calls = {name: {n.func for n in N.walk(f.decl.body) if isinstance(n, N.Call)
                    and n.func in program.funcs} for name, f in program.funcs.items()}
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            for callee in callees:
                if not direct[callee] <= direct[name]:
                    direct[name] |= direct[callee]
                    changed = True
    return {name: reads for name, reads in direct.items() if reads}


def _reads(node: Any, private: set[str], funcs: dict[str, set[str]],
           tainted: set[str]) -> set[str]:
    """The private zones and variables (and tainted local names) an expression reads."""
    found: set[str] = set()
    tops = getattr(private, "tops", frozenset())
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, list):
            todo.extend(n)
        elif isinstance(n, N.Call) and len(n.args) == 1 and (
                n.func in COUNTING or (n.func == TOP and _zone_name(n.args[0]) in tops)):
            arg = n.args[0]  # the zone itself is counted, not read; its index is read
            if isinstance(arg, N.Index) and isinstance(arg.obj, N.Name):
                todo.extend(arg.args)
            elif not isinstance(arg, N.Name):
                todo.append(arg)
        elif isinstance(n, N.Name):
            if n.id in private or n.id in tainted:
                found.add(n.id)
        elif isinstance(n, N.Node):
            if isinstance(n, N.Call) and n.func in funcs:
                found |= funcs[n.func]
            todo.extend(v for v in vars(n).values() if isinstance(v, N.Node | list))
    return found


def _unseen_by(program: Any, node: Any, chooser: N.Expr) -> set[str]:
    """The private zones and variables an expression reads directly that `chooser` may not see
    (an entry of an `owner` family is seen by the player of its first index)."""
    private = private_names(program)
    owned = {n for n, z in {**program.zones, **program.vars}.items()
             if z.decl.visibility == "owner"}
    who = render_expr(chooser)
    found: set[str] = set()
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, list):
            todo.extend(n)
        elif isinstance(n, N.Index) and isinstance(n.obj, N.Name) and n.obj.id in owned:
            if not n.args or render_expr(n.args[0]) != who:
                found.add(n.obj.id)
            todo.extend(n.args)
        elif isinstance(n, N.Call) and len(n.args) == 1 and (
                n.func in COUNTING or (n.func == TOP and _zone_name(n.args[0]) in private.tops)):
            arg = n.args[0]
            todo.extend(arg.args if isinstance(arg, N.Index) else [])
        elif isinstance(n, N.Name):
            if n.id in private:
                found.add(n.id)
        elif isinstance(n, N.Node):
            todo.extend(v for v in vars(n).values() if isinstance(v, N.Node | list))
    return found


Seen = frozenset[str] | None  # the players (as written) who see a private thing; None: nobody


class _Whose:
    """Whose eyes the private things an expression reads are for: thing -> the players (as
    written in the rules) who see it. An entry of an `owner` family is seen by its first index;
    anything else private by nobody in particular."""

    def __init__(self, program: Any, private: Private):
        self.program, self.private = program, private
        self.owned = {n for n, z in {**program.zones, **program.vars}.items()
                      if z.decl.visibility == "owner"}
        self.locals: dict[str, dict[str, Seen]] = {}  # a local name -> what it holds
        self._calling: set[str] = set()
        # what `show` showed (as written) -> to whom, until the rules wait for a decision
        self.grants: dict[str, frozenset[str]] = {}
        # a `secretly choose ... shown to`: its name -> (the binder's name, the players shown)
        self.revealed: dict[str, tuple[str, N.Expr]] = {}

    def of(self, node: Any, rename: dict[str, str] | None = None) -> dict[str, Seen]:
        out: dict[str, Seen] = {}
        todo = [node]
        while todo:
            n = todo.pop()
            if isinstance(n, list):
                todo.extend(n)
            elif self.grants and isinstance(n, N.Expr) and self._granted(n, rename, out):
                continue
            elif isinstance(n, N.Index) and isinstance(n.obj, N.Name) and rename is None \
                    and n.obj.id in self.revealed:
                who = render_expr(n.args[0]) if n.args else "?"
                out[f"{n.obj.id}[{who}]"] = frozenset({who, *self._shown(n.obj.id, who)})
                todo.extend(n.args)
            elif isinstance(n, N.Index) and isinstance(n.obj, N.Name) and n.obj.id in self.owned \
                    and n.obj.id not in self.locals:
                who = _render(n.args[0], rename) if n.args else None
                out[f"{n.obj.id}[{who}]" if who else n.obj.id] = \
                    frozenset({who}) if who else None
                todo.extend(n.args)
            elif isinstance(n, N.Call) and len(n.args) == 1 and (
                    n.func in COUNTING or (n.func == TOP and _zone_name(n.args[0]) in
                                           self.private.tops)):
                arg = n.args[0]
                todo.extend(arg.args if isinstance(arg, N.Index) else [])
            elif isinstance(n, N.Name):
                if rename is None and n.id in self.locals:
                    out.update(self.locals[n.id])
                elif n.id in self.private:
                    out[n.id] = None
            elif isinstance(n, N.Node):
                if isinstance(n, N.Call) and n.func in self.program.funcs:
                    out.update(self.called(n, rename))
                todo.extend(v for v in vars(n).values() if isinstance(v, N.Node | list))
        return out

    def _granted(self, n: N.Expr, rename: dict[str, str] | None,
                 out: dict[str, Seen]) -> bool:
        """An expression the rules showed some players (`show`): what it reads is seen by
        them too. False if it is none."""
        key = _render(n, rename)
        viewers = self.grants.get(key)
        if viewers is None:
            return False
        grants, self.grants = self.grants, {k: v for k, v in self.grants.items() if k != key}
        try:
            inner = self.of(n, rename)
        finally:
            self.grants = grants
        for thing, seen in inner.items():
            widened = frozenset(seen or ()) | viewers
            out[thing] = widened & (out[thing] or frozenset()) if thing in out else widened
        return True

    def _shown(self, name: str, who: str) -> list[str]:
        """The players a `secretly choose ... shown to` shows `who`'s choice to, as written."""
        binder, shown = self.revealed[name]
        return [_render(v, {binder: who}) for v in _viewer_exprs(shown)]

    def called(self, call: N.Call, rename: dict[str, str] | None) -> dict[str, Seen]:
        """What a function reads, its parameters written as the call's values."""
        decl = self.program.funcs[call.func].decl
        if call.func in self._calling:
            return {}  # calls itself: what it reads is found on the way in
        params = [getattr(p, "name", p) for p in decl.params]
        names = {p: _render(a, rename) for p, a in zip(params, call.args, strict=False)}
        self._calling.add(call.func)
        try:
            return self.of(decl.body, names)
        finally:
            self._calling.discard(call.func)


def _render(node: N.Expr, rename: dict[str, str] | None) -> str:
    """An expression as written, a function's parameters replaced by the values of a call."""
    text = render_expr(node)
    if not rename:
        return text
    pattern = re.compile(r"\b(" + "|".join(re.escape(k) for k in rename) + r")\b")
    return pattern.sub(lambda m: rename[m.group(1)], text)


def _not_seen(things: dict[str, Seen], viewer: str) -> list[str]:
    return sorted(t for t, seen in things.items() if seen is None or viewer not in seen)


def _viewers(players: N.Expr) -> list[str]:
    """The players an expression names, as written: each item of a list, or the one."""
    return [render_expr(i) for i in _viewer_exprs(players)]


def _as_written(thing: str) -> str:
    """A private thing as the rules write it (a choice without the words saying how made)."""
    for suffix in (PRIVATE_CHOICE, SECRET_CHOICE):
        thing = thing.removesuffix(suffix)
    return thing


def _viewer_exprs(players: N.Expr) -> list[N.Expr]:
    return list(players.items) if isinstance(players, N.ListLit) else [players]


def _zone_name(node: Any) -> str | None:
    if isinstance(node, N.Index):
        node = node.obj
    return node.id if isinstance(node, N.Name) else None


def _text_exprs(text: str | None, loc: N.Loc) -> list[N.Expr]:
    """The {expressions} of a log text (those that do not parse are the compiler's errors)."""
    out = []
    for i, piece in enumerate(re.split(r"\{([^{}]*)\}", text or "")):
        if i % 2:
            try:
                out.append(parse_expr(piece, loc))
            except RulesetError:
                pass
    return out


def shown_private(program: Any, text: str, loc: N.Loc, template: bool = True) -> set[str]:
    """The private zones and variables a display text shows (a template with {expressions},
    or an expression)."""
    private = private_names(program)
    if not private:
        return set()
    if template:
        exprs: list[Any] = _text_exprs(text, loc)
    else:
        try:
            exprs = [parse_expr(text, loc)]
        except RulesetError:
            return set()
    return _reads(exprs, private, program.private_reads, set())


class _Leaks:
    """Reads one procedure in the order its steps run and collects what leaks."""

    def __init__(self, program: Any, private: set[str], funcs: dict[str, set[str]],
                 framed: set[str], name: str):
        self.program, self.private, self.funcs, self.framed = program, private, funcs, framed
        self.name = name
        self.tainted: dict[str, set[str]] = {}  # local -> the private things it holds
        self.crossed: set[str] = set()  # tainted locals kept across a decision
        self.errors: list[RulesetError] = []
        self.warnings: list[RulesetError] = []
        self.whose = _Whose(program, private)
        self.open_choices: dict[str, N.Choose] = {}  # local -> the open choice it holds
        self.followed: set[tuple[str, frozenset[str]]] = set()  # calls read with their values

    def reads(self, node: Any) -> set[str]:
        return _reads(node, self.private, self.funcs, set(self.tainted))

    def why(self, names: set[str]) -> str:
        out: set[str] = set()
        for n in names:
            out |= self.tainted.get(n, {n})
        return ", ".join(f"'{n}'" for n in sorted(out))

    def use(self, node: Any, loc: N.Loc) -> None:
        """An expression runs: a local kept across a decision may not be read."""
        for n in N.walk(node):
            if isinstance(n, N.Name) and n.id in self.crossed:
                self.errors.append(RulesetError(
                    f"'{n.id}' holds what some players may not see ({self.why({n.id})}) and is "
                    "used after the rules waited for a decision: every player can follow a "
                    "procedure's local names", n.loc or loc,
                    "compute it again after the decision, or use 'secretly choose'"))
                self.crossed.discard(n.id)

    def set(self, name: str, value: Any) -> None:
        reads = self.reads(value) if value is not None else set()
        self.crossed.discard(name)
        self.open_choices.pop(name, None)
        self.whose.revealed.pop(name, None)
        word = re.compile(rf"\b{re.escape(name)}\b")  # what was shown of it is of its old value
        self.whose.grants = {k: v for k, v in self.whose.grants.items()
                             if not word.search(k) and not any(word.search(w) for w in v)}
        if reads:
            self.tainted[name] = {r for n in reads for r in self.tainted.get(n, {n})}
            self.whose.locals[name] = self.whose.of(value)
        else:
            self.tainted.pop(name, None)
            self.whose.locals.pop(name, None)

    def wait(self) -> None:
        self.crossed |= set(self.tainted)
        self.whose.grants.clear()  # what was shown may change while the rules wait
        if self.tainted:
            self.program.private_while_waiting.setdefault(self.name, set()).update(self.tainted)

    def say(self, text: str | None, loc: N.Loc, what: str) -> None:
        if self.name in AFTER_THE_END:
            return
        for expr in _text_exprs(text, loc):
            self.use(expr, loc)
            reads = self.reads(expr)
            if reads:
                self.errors.append(RulesetError(
                    f"this {what} is read by every player but shows what some may not see "
                    f"({self.why(reads)})", loc, self.fix(reads)))

    def fix(self, reads: set[str]) -> str:
        """The way out that fits what a line would show."""
        things = {r for n in reads for r in self.tainted.get(n, {n})}
        if any(t.endswith((PRIVATE_CHOICE, SECRET_CHOICE)) for t in things):
            return ("a private choice is told only to the players who see it: "
                    "tell [chooser, ...] \"...\"; or show only how many (size(...))")
        return ("to show it to every player, reveal it first: move the pieces to a public zone "
                "(then the line may name them), or let the players choose with 'secretly "
                "choose' (all choices revealed together); to show it to one player, 'tell "
                "PLAYER \"...\"'; a count (size(...)) is always fine, and the final scoring "
                "may show everything")

    def show(self, s: N.Show) -> None:
        """What the rules show some players, they see from then on (until the rules wait for a
        decision); the line told to them may show it, and whatever else each of them sees."""
        self.use([s.what, s.players], s.loc)
        key = render_expr(s.what)
        self.whose.grants[key] = frozenset(_viewers(s.players)) | self.whose.grants.get(
            key, frozenset())
        if s.text:
            self.tell(N.Tell(loc=s.loc, players=s.players, text=s.text))

    def tell(self, s: N.Tell) -> None:
        """A line told to some players may show only what each of them sees."""
        self.use(s.players, s.loc)
        viewers = _viewers(s.players)
        for expr in _text_exprs(s.text, s.loc):
            self.use(expr, s.loc)
            things = self.whose.of(expr)
            for viewer in viewers:
                unseen = _not_seen(things, viewer)
                if unseen:
                    self.errors.append(RulesetError(
                        f"this line is told to {viewer} but shows what they may not see "
                        f"({', '.join(repr(u) for u in unseen)})", s.loc,
                        "tell each player only what they see: their own zones and values, a "
                        "choice shown to them, counts; when the rules let them see it, write "
                        f"'show {_as_written(unseen[0])} to {viewer}' on the line before"))
                    return

    def block(self, body: list[N.Stmt]) -> None:
        for s in body:
            self.stmt(s)

    def stmt(self, s: N.Stmt) -> None:
        waits_in = self.waits(s)
        for handler in _STATEMENTS:
            if isinstance(s, handler[0]):
                handler[1](self, s)
                break
        else:
            self.use(s, s.loc)
        if waits_in and not isinstance(s, N.If | N.For | N.While | N.Loop | N.Options
                                       | N.Choose | N.SecretChoose):
            self.wait()

    def waits(self, s: N.Stmt) -> bool:
        if any(isinstance(n, N.Choose | N.SecretChoose | N.Options) for n in N.walk(s)):
            return True
        calls = {n.func for n in N.walk(s) if isinstance(n, N.Call)}
        calls |= {n.name for n in N.walk(s) if isinstance(n, N.CallStmt)}
        for n in N.walk(s):
            if isinstance(n, N.Emit):
                calls |= set(self.program.triggers.get(n.event, []))
        return bool(calls & self.framed)

    def _call(self, s: N.CallStmt) -> None:
        """A procedure called with a private value: its steps are read again, its parameter
        holding what the value holds (a private choice logged by a helper is a leak too)."""
        self.use(s, s.loc)
        proc = self.program.procs.get(s.name)
        decl = getattr(proc, "decl", None)
        if not isinstance(decl, N.ProcDecl):
            return
        params = [p.name for p in decl.params]
        held = {p: a for p, a in zip(params, s.args, strict=False) if self.reads(a)}
        key = (s.name, frozenset(held))
        if not held or key in self.followed:
            return
        self.followed.add(key)
        inner = _Leaks(self.program, self.private, self.funcs, self.framed, s.name)
        inner.followed = self.followed
        for param, arg in held.items():
            inner.tainted[param] = {r for n in self.reads(arg) for r in self.tainted.get(n, {n})}
            inner.whose.locals[param] = self.whose.of(arg)
        inner.block(decl.body)
        known = {(str(e.loc), e.message) for e in self.errors}
        self.errors += [e for e in inner.errors if (str(e.loc), e.message) not in known]

    def _let(self, s: N.Let) -> None:
        self.use(s.value, s.loc)
        self.set(s.name, s.value)

    def _assign(self, s: N.Assign) -> None:
        self.use([s.value, *(s.index or [])], s.loc)
        var = self.program.vars.get(s.name)
        if var is not None and var.decl.visibility == "owner" and s.index \
                and s.name not in self.tainted:
            viewer = render_expr(s.index[0])
            unseen = _not_seen(self.whose.of([s.value, *s.index[1:]]), viewer)
            if unseen:
                self.errors.append(RulesetError(
                    f"'{s.name}[{', '.join(render_expr(i) for i in s.index)}]' is seen by "
                    f"{viewer} only, but this sets it from what {viewer} may not see "
                    f"({', '.join(repr(u) for u in unseen)})", s.loc,
                    "a player's private value may hold only what that player sees: their own "
                    "zones and values, public ones, counts, and what the rules showed them: "
                    f"write 'show {_as_written(unseen[0])} to {viewer}' on the line before (a "
                    "hand passed to them, a card they look at)"))
        if s.name in self.program.vars and s.name not in self.private \
                and self.name not in AFTER_THE_END:
            reads = self.reads([s.value, *(s.index or [])])
            if reads:
                self.errors.append(RulesetError(
                    f"'{s.name}' is a variable every player sees, but this sets it from what "
                    f"some may not see ({self.why(reads)})", s.loc,
                    f"declare '{s.name}' 'owner' or 'hidden', or set it from what all see"))
        if s.name not in self.program.vars:
            self.set(s.name, s.value if s.op == "=" else [s.value, N.Name(id=s.name)])

    def _choose(self, s: N.Choose | N.SecretChoose) -> None:
        self.use([s.options, getattr(s, "shown_to", None)], s.loc)
        chooser = s.player if isinstance(s, N.Choose) else N.Name(id=s.binder.var)
        prompt = _text_exprs(s.prompt, s.loc)  # a prompt is shown to the chooser
        unseen = _unseen_by(self.program, [s.options, getattr(s, "where", None), prompt],
                            chooser)
        if unseen:
            self.errors.append(RulesetError(
                f"the options of this choice show {render_expr(chooser)} what they may not see "
                f"({', '.join(repr(n) for n in sorted(unseen))})", s.loc,
                "a player chooses among what they see: their own zones and values, public "
                "ones, counts"))
        self.wait()
        self.set(s.var, None)  # what a player chose with `choose` is an open action
        if isinstance(s, N.SecretChoose) and s.shown_to is not None:  # ... revealed to some
            self.tainted[s.var] = {f"{s.var}{SECRET_CHOICE}"}
            self.whose.locals[s.var] = {f"{s.var}{SECRET_CHOICE}": frozenset()}
            self.whose.revealed[s.var] = (s.binder.var, s.shown_to)
        elif isinstance(s, N.Choose) and s.private:  # ... with `privately choose`, theirs
            thing = f"{s.var}{PRIVATE_CHOICE}"
            self.tainted[s.var] = {thing}
            seen = [render_expr(chooser)] + (_viewers(s.shown_to) if s.shown_to else [])
            self.whose.locals[s.var] = {thing: frozenset(seen)}
        elif isinstance(s, N.Choose):
            self.open_choices[s.var] = s

    def _move(self, s: N.Move) -> None:
        """An open choice moved from a zone others cannot see into another: a warning. Which
        kinds a `move` takes is public unless its `of ...` reads something private: bots'
        beliefs (bots/beliefs.py) may then use the named kinds."""
        self.use(s, s.loc)
        into = render_expr(s.dest)  # what was shown of the zone changes
        self.whose.grants = {k: v for k, v in self.whose.grants.items() if into not in k}
        if s.what is not None and self.reads(s.what):
            self.program.private_moves.add(id(s))
        what = s.what.items if isinstance(s.what, N.ListLit) else [s.what]
        for item in what:
            choice = self.open_choices.get(item.id) if isinstance(item, N.Name) else None
            if choice is not None and self._unseen_zone(s.source) and self._unseen_zone(s.dest):
                self.warnings.append(RulesetError(
                    f"every player sees this choice as it is made ('{choice.var}', moved at "
                    f"line {s.loc.line} from {render_expr(s.source)} to {render_expr(s.dest)}, "
                    "which other players cannot see)", choice.loc,
                    "did you mean 'secretly choose' (all choices revealed together) or "
                    "'privately choose' (only the chooser, and those it is shown to, see it)?"))
                self.open_choices.pop(item.id, None)

    def _unseen_zone(self, node: Any) -> bool:
        name = _zone_name(node)
        zone = self.program.zones.get(name) if name not in self.tainted else None
        return zone is not None and zone.decl.visibility not in ("public", "top")

    def _options(self, s: N.Options) -> None:
        self.use(s.player, s.loc)
        self.wait()
        self.set(s.var, None)
        for clause in s.clauses:
            self.block(clause.body)

    def _if(self, s: N.If) -> None:
        for cond, body in zip(s.conds, s.bodies, strict=True):
            self.use(cond, s.loc)
            self.block(body)
        self.block(s.orelse or [])

    def _loop(self, s: N.For | N.While | N.Loop) -> None:
        for _ in range(2):  # the second turn reads what the first left
            if isinstance(s, N.For):
                self.use([s.binder.source, s.binder.where], s.loc)
                self.set(s.binder.var, s.binder.source)
            elif isinstance(s, N.While):
                self.use(s.cond, s.loc)
            self.block(s.body)

    def _log(self, s: N.Log) -> None:
        self.say(s.text, s.loc, "log line")

    def _end(self, s: N.EndGame) -> None:
        self.say(s.reason, s.loc, "reason to end the game")


_STATEMENTS: list[tuple[type, Any]] = [
    (N.Let, _Leaks._let), (N.Assign, _Leaks._assign),
    (N.Choose | N.SecretChoose, _Leaks._choose), (N.Options, _Leaks._options),
    (N.If, _Leaks._if), (N.For | N.While | N.Loop, _Leaks._loop),
    (N.Log, _Leaks._log), (N.EndGame, _Leaks._end), (N.Tell, _Leaks.tell),
    (N.Show, _Leaks.show),
    (N.Move, _Leaks._move), (N.CallStmt, _Leaks._call),
]


def leaks(program: Any, framed: set[str]) -> list[RulesetError]:
    """Every place where the rules would show a player what they may not see (and, in
    `program.warnings`, choices that look secret but are not)."""
    private = private_names(program)
    funcs = private_functions(program, private)
    errors: list[RulesetError] = []
    program.warnings = []
    for name, proc in program.procs.items():
        decl = proc.decl
        if not isinstance(decl, N.ProcDecl | N.TriggerDecl):
            continue
        check = _Leaks(program, private, funcs, framed, name)
        check.block(decl.body)
        errors += check.errors
        for w in check.warnings:  # a loop's body is read twice: once each
            if all((str(w.loc), w.message) != (str(x.loc), x.message) for x in program.warnings):
                program.warnings.append(w)
    return errors

