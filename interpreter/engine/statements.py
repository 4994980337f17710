"""Statements -> one generated Python function per procedure.

Procedures come in two sorts, decided once for the whole program (`framed_procedures`):

- A *plain* procedure never waits for a decision and never ends the game, and neither does
  anything it calls. It becomes an ordinary Python function `_N<i>(rt, arg, ...)` whose rule
  locals are Python locals; callers call it directly.
- A *framed* procedure may wait for a decision (a `choose`, an option choice, or a call that
  may wait). It becomes a resumable function `_P<i>(rt, F)` over its frame
  `F = [procedure, label, slots, result]`, the frame being plain data on the game's frame
  stack. Its rule locals are Python locals too while it runs: they go into the frame's list of
  slots (Proc.slots) only when it stops to wait, and come back from it when it runs again
  (`result`: the caller's slot for what it returns). Its body is cut into blocks only where it
  may wait: at a `choose` and after each call
  that may wait, plus the jumps of the loops and conditions around them. Everything between two
  such points is straight Python in one block, so a turn costs a few Python calls, not one per
  statement. The block to run next is the frame's label, so where a game waits is data: a saved
  game resumes by calling the top frame's function, which jumps to its label.

A framed function returns 0 when the procedure has finished (it pops its own frame and hands
its result to the caller's locals), or a signal that makes every caller return at once:
SUSPEND (a player must decide: the pending decision is set) or SWITCH (the frame stack changed
some other way, e.g. the game ended). Callers call framed callees directly while the frame
stack is shallow, so the Python stack mirrors the frame stack; deeper, they leave the callee's
frame to the runtime loop (runtime.py), which keeps Python's own stack small.

Run-time errors are placed by line: every generated line remembers the statement it came from
(`Program.line_locs`), and the runtime reads the failing line from the traceback.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.engine import showing
from interpreter.engine.program import TYPE, ZONE, ChoicePoint, Compiling, Proc, Scope
from interpreter.engine.support import STEP_WORK, key_of, put, put_many
from interpreter.language import nodes as N
from interpreter.language.errors import GameRuleError
from interpreter.language.render import render_expr

DIRECT_DEPTH = 60  # frames deep: beyond this, calls go through the runtime loop
BUDGET = (f"rt.budget -= {STEP_WORK}", "if rt.budget < 0: rt.out_of_budget()")
# A jump target in generated lines, numbered when the blocks are known: a NUL on each side,
# which no rule text can bring into the source (texts are written with repr(), which escapes
# it), so a text such as "@1@" is never taken for one.
_LABEL = re.compile("\x00(\\d+)\x00")


# Where a framed procedure's Python locals go back into its frame before it returns to wait
# (filled in by _assemble, once every slot is known)
_SPILL = "\x00spill\x00"


def slot_local(slot: str) -> str:
    """The Python local of a frame slot: a rule local `x` is `l_x`, a helper `$seq3` is
    `_hseq3`."""
    return "_h" + slot[1:] if slot.startswith("$") else "l_" + slot


def _unspill(names: list[str], params: int) -> list[str]:
    """The first lines of a framed function: its Python locals from its frame's slots. A
    frame that has not run yet holds its parameters only (its other locals start as none)."""
    def unpack(some: list[str]) -> str:
        return f"{', '.join(some)}{',' if len(some) == 1 else ''} = L"
    lines = ["    L = F[2]"]
    if len(names) == params:
        return lines + (["    " + unpack(names)] if names else [])
    rest = " = ".join(names[params:]) + " = None"
    return lines + [f"    if len(L) == {len(names)}:", "        " + unpack(names), "    else:",
                    *(["        " + unpack(names[:params])] if params else []),
                    "        " + rest]


def _ref(label: int) -> str:
    """A jump to `label` in a generated line (see _LABEL)."""
    return f"\x00{label}\x00"


def py_name(prefix: str, index: int, name: str) -> str:
    """A Python name for a procedure's generated function (rule names may hold '@')."""
    return f"{prefix}{index}_{re.sub(r'[^0-9A-Za-z_]', '_', name)}"


# ------------------------------------------------------------------------ which may wait
def call_graph(procs: dict[str, Proc], triggers: dict[str, list[str]]) -> dict[str, set[str]]:
    """The procedures each procedure calls, directly, as the triggers of what it emits or as
    the rule it replaces under a guard."""
    calls: dict[str, set[str]] = {}
    for name, proc in procs.items():
        decl = proc.decl
        body = decl.body if isinstance(decl, N.ProcDecl | N.TriggerDecl) else []
        calls[name] = called(body, procs, triggers)
        if isinstance(decl, N.ProcDecl) and decl.fallback is not None:
            calls[name].add(fallback_name(name, decl))
    return calls


def framed_procedures(procs: dict[str, Proc], calls: dict[str, set[str]]) -> set[str]:
    """The procedures that may wait for a decision or end the game, directly or through what
    they call (a fixed point over the call graph `calls`)."""
    framed: set[str] = set()
    for name, proc in procs.items():
        decl = proc.decl
        body = decl.body if isinstance(decl, N.ProcDecl | N.TriggerDecl) else []
        if any(isinstance(n, N.Choose | N.SecretChoose | N.Options | N.EndGame)
               for n in N.walk(body)):
            framed.add(name)
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if name not in framed and callees & framed:
                framed.add(name)
                changed = True
    return framed


def recursive_procedures(calls: dict[str, set[str]]) -> set[str]:
    """The procedures that may run again while they run (through calls, emits and guarded
    replacements): only these can run without end without a loop, so only these spend from
    the budget when they start (loops spend at each turn). Strongly connected components of
    the call graph `calls` (Kosaraju, without recursion)."""
    order: list[str] = []
    seen: set[str] = set()
    for root in calls:
        if root in seen:
            continue
        seen.add(root)
        todo = [(root, iter(calls[root]))]
        while todo:
            node, it = todo[-1]
            nxt = next((c for c in it if c in calls and c not in seen), None)
            if nxt is None:
                todo.pop()
                order.append(node)
            else:
                seen.add(nxt)
                todo.append((nxt, iter(calls[nxt])))
    callers: dict[str, set[str]] = {name: set() for name in calls}
    for name, callees in calls.items():
        for c in callees:
            if c in callers:
                callers[c].add(name)
    recursive: set[str] = set()
    done: set[str] = set()
    for root in reversed(order):
        if root in done:
            continue
        component, todo = [], [root]
        done.add(root)
        while todo:
            node = todo.pop()
            component.append(node)
            for c in callers[node] - done:
                done.add(c)
                todo.append(c)
        if len(component) > 1 or root in calls[root]:
            recursive.update(component)
    return recursive


def called(body: Any, procs: dict[str, Proc], triggers: dict[str, list[str]]) -> set[str]:
    """The procedures that statements call, directly or as the triggers of what they emit."""
    found: set[str] = set()
    for node in N.walk(body):
        if isinstance(node, N.CallStmt) and node.name in procs:
            found.add(node.name)
        elif isinstance(node, N.Let | N.Assign) and isinstance(node.value, N.Call) \
                and node.value.func in procs:
            found.add(node.value.func)
        elif isinstance(node, N.Emit):
            found.update(triggers.get(node.event, []))
    return found


def fallback_name(name: str, decl: N.ProcDecl) -> str:
    """The name under which a guarded replacement keeps the rule it replaced (the compiler
    registers the chain of versions under these names)."""
    n, d = 0, decl
    while d.fallback is not None:
        n, d = n + 1, d.fallback
    return f"{name}@{n}"


def text_parameters(proc: Proc, compiler: Compiling) -> set[str]:
    """Parameters declared of a type whose values are texts (players, places, kinds, ...)
    that the procedure never gives another value."""
    decl = proc.decl
    if not isinstance(decl, N.ProcDecl):
        return set()
    assigned = {n.name for n in N.walk(decl.body) if isinstance(n, N.Let | N.Assign)}
    assigned |= {n.var for n in N.walk(decl.body) if isinstance(n, N.Binder | N.Choose |
                                                                  N.SecretChoose | N.Options)}
    world = compiler.world
    return {p.name for p in decl.params
            if p.type is not None and ".." not in p.type and world.is_type(p.type)
            and p.name not in assigned}


# ------------------------------------------------------------------------ the builder
class ProcBuilder:
    """Generates the Python function of one procedure (see the module's docstring)."""

    def __init__(self, compiler: Compiling, proc: Proc, names: set[str], framed: set[str],
                 recursive: bool = False):
        self.c = compiler
        self.proc = proc
        self.framed = framed
        self.recursive = recursive
        self.resumable = proc.name in framed
        self.locals = names
        # rule locals are Python locals in both sorts; a framed procedure keeps them in its
        # frame's slots only while it waits (see _assemble)
        self.scope = Scope(set(), proc.name, {n: f"l_{n}" for n in names})
        proc.slots = [*proc.params, *sorted(names - set(proc.params))]
        proc.slot_of = {name: i for i, name in enumerate(proc.slots)}
        self.hiddens: list[str] = []  # helper locals that must survive a wait (hidden())
        self.scope.texts = frozenset(self.local(n) for n in text_parameters(proc, compiler))
        compiler.typed(self.scope, proc.decl, {n: self.local(n) for n in names})
        self.lines: list[tuple[int, str, N.Loc] | int] = []  # (depth, text, loc) or a label
        self.loc = proc.decl.loc
        self.labels = 0
        self.temps = 0
        self.loops: list[int | None] = []  # per enclosing loop: its end label, or None
        self.choice_count = 0
        self.resumes: list[tuple[ChoicePoint, int]] = []  # each choice, its label after
        self.agains: list[tuple[ChoicePoint, int]] = []  # each secret choice, its loop's head

    # ---------------------------------------------------------------- plumbing
    def emit(self, depth: int, *texts: str) -> None:
        for text in texts:
            self.lines.append((depth, text, self.loc))

    def label(self) -> int:
        self.labels += 1
        return self.labels

    def place(self, label: int) -> None:
        self.lines.append(label)

    def goto(self, depth: int, label: int) -> None:
        self.emit(depth, f"pc = {_ref(label)}", "continue")

    def temp(self, tag: str) -> str:
        self.temps += 1
        return f"_{tag}{self.temps}"

    def local(self, name: str) -> str:
        """Python source of a rule local as an assignment target or a value."""
        return f"l_{name}"

    def hidden(self, tag: str) -> str:
        """A helper local of the generated code that must survive a wait (a slot of the
        frame, named `$tag<n>`, in a framed procedure)."""
        self.temps += 1
        if self.resumable:
            self.hiddens.append(f"${tag}{self.temps}")
        return f"_h{tag}{self.temps}"

    def value(self, node: N.Expr) -> str:
        return self.c.value_c(node, self.scope).src

    def test(self, node: N.Expr) -> str:
        """A condition (only its truth matters)."""
        return self.c.test_src(node, self.scope)

    def number(self, node: N.Expr) -> str:
        return self.c.number_c(node, self.scope).src

    def const(self, value: Any, hint: str = "k") -> str:
        return self.c.constant_name(value, hint)

    def waits(self, stmt: N.Stmt) -> bool:
        """Whether a statement may wait for a decision (and so needs blocks around it)."""
        if not self.resumable:
            return False
        if any(isinstance(n, N.Choose | N.SecretChoose | N.Options) for n in N.walk(stmt)):
            return True
        program = self.c.program
        return bool(called(stmt, program.procs, program.triggers) & self.framed)

    # ---------------------------------------------------------------- whole procedure
    def build(self) -> str:
        """The procedure's Python source."""
        decl = self.proc.decl
        params = self.proc.params
        if self.recursive:  # each run of a procedure that may run again spends
            self.emit(0, *BUDGET)
        if isinstance(decl, N.TriggerDecl) and decl.when is not None:
            cond = self.test(decl.when)
            self.emit(0, f"if not ({cond}):", "    " + self._finish_src(None))
        elif isinstance(decl, N.ProcDecl) and decl.fallback is not None:
            self._guard(decl, params)
        self.block(decl.body, 0)
        self.emit(0, self._finish_src(None))
        return self._assemble()

    def _guard(self, decl: N.ProcDecl, params: list[str]) -> None:
        """A guarded replacement: when its condition fails, the replaced rule runs instead,
        with the same arguments."""
        fallback = fallback_name(self.proc.name, decl)
        target = self.c.program.procs[fallback]
        cond = self.test(decl.when)
        if self.resumable:  # the replaced rule's frame: its parameters, given in order
            args = "".join(f"l_{p}, " for p in params)
            self.emit(0, f"if not ({cond}):",
                      f"    F[0], F[1], F[2] = {fallback!r}, 0, [{args}]",
                      f"    return {target.framed_fn}(rt, F)")
        else:
            args = "".join(f", l_{p}" for p in params)
            self.emit(0, f"if not ({cond}):", f"    return {target.plain_fn}(rt{args})")

    def _finish_src(self, value: str | None) -> str:
        if not self.resumable:
            return f"return {value}"
        return f"return rt.finish(F, {value})"

    def _assemble(self) -> str:
        """Lines and labels -> the function's source; also records each line's rule place."""
        proc = self.proc
        locs: list[N.Loc] = [proc.decl.loc]  # line 1: the def
        if not self.resumable:
            out = [f"def {proc.plain_fn}(rt{''.join(', l_' + p for p in proc.params)}):"]
            for depth, text, loc in (x for x in self.lines if isinstance(x, tuple)):
                out.append("    " * (depth + 1) + text)
                locs.append(loc)
            proc.source, proc.line_locs = "\n".join(out) + "\n", locs
            return proc.source
        # Blocks: a label starts a new block unless nothing came since the last one.
        blocks: list[list[tuple[int, str, N.Loc]]] = [[]]
        number: dict[int, int] = {}
        for item in self.lines:
            if isinstance(item, int):
                if blocks[-1]:
                    blocks.append([])
                number[item] = len(blocks) - 1
            else:
                blocks[-1].append(item)
        proc.labels = len(blocks)
        for point, label in self.resumes:
            point.resume = number[label]
        for point, label in self.agains:
            point.again = number[label]
        proc.slots += self.hiddens
        proc.slot_of = {name: i for i, name in enumerate(proc.slots)}
        names = [slot_local(name) for name in proc.slots]
        spill = f"F[2] = [{', '.join(names)}]"
        out = [f"def {proc.framed_fn}(rt, F):", *_unspill(names, len(proc.params)),
               "    stack = rt.stack", "    pc = F[1]", "    while True:"]
        locs += [proc.decl.loc] * (len(out) - 1)
        for i, block in enumerate(blocks):
            out.append(f"        if pc == {i}:")
            locs.append(proc.decl.loc)
            for j, (depth, text, loc) in enumerate(block):
                text = _LABEL.sub(lambda m: str(number[int(m.group(1))]), text)
                text = text.replace(_SPILL, spill)
                nxt = block[j + 1] if j + 1 < len(block) else None
                if (text == "continue" and depth == 0 and nxt is None
                        and out[-1].strip() == f"pc = {i + 1}"):
                    continue  # falls through into the next block
                out.append("    " * (depth + 3) + text)
                locs.append(loc)
            if i + 1 < len(blocks) and not _ends(block):
                out.append("    " * 3 + f"pc = {i + 1}")
                locs.append(proc.decl.loc)
        proc.source, proc.line_locs = "\n".join(out) + "\n", locs
        return proc.source

    # ---------------------------------------------------------------- statements
    def block(self, body: list[N.Stmt], depth: int) -> None:
        """The statements of `body`; `pass` if they give no code (none, or only statements
        with an error, reported and left out)."""
        start = len(self.lines)
        for stmt in body:
            outer, self.loc = self.loc, stmt.loc
            if self.waits(stmt):
                assert depth == 0
                getattr(self, "_w_" + type(stmt).__name__)(stmt)
            else:
                getattr(self, "_s_" + type(stmt).__name__)(stmt, depth)
            self.loc = outer
        if len(self.lines) == start:
            self.emit(depth, "pass")

    def _s_Pass(self, s: N.Pass, d: int) -> None:
        self.emit(d, "pass")

    def _s_Let(self, s: N.Let, d: int) -> None:
        self._assign_local(s.name, s.value, d)

    def _assign_local(self, name: str, value: N.Expr, d: int, bounded: bool = True) -> None:
        if isinstance(value, N.Call) and value.func in self.c.program.procs:
            self._call(value.func, value.args, value, self.local(name), d)
            return
        src = self.value(value)
        self.emit(d, f"{self.local(name)} = {self._bounded(value, src) if bounded else src}")

    def _bounded(self, node: N.Expr, src: str) -> str:
        """A value that may grow fast (a sum or a product: a list or a text doubled, a number
        squared) is checked against the largest values a rule may make; others cost nothing."""
        if any(isinstance(n, N.Arith) and ("+" in n.ops or "*" in n.ops) for n in N.walk(node)):
            return f"_bounded({src}, rt)"
        return src

    def _s_Assign(self, s: N.Assign, d: int, bounded: bool = True) -> None:
        c, name, p = self.c, s.name, self.c.program
        if s.index is not None and (name in self.locals or (
                name in p.vars and not p.vars[name].decl.index)):
            self._set_item(s, d)
            return
        if name in self.locals and s.index is None:
            if s.op == "=":
                self._assign_local(name, s.value, d, bounded)
            else:
                self.emit(d, f"{self.local(name)} {s.op} {self.number(s.value)}")
            return
        if name not in p.vars:
            if name in p.consts or name in c.world.tables:
                c.error(f"'{name}' is fixed by the rules and cannot be changed while playing",
                        s.loc, "declare it with 'var' to make it change during a game")
            else:
                c._unknown(name, s.loc, "variable", [*p.vars, *self.locals])
            return
        want = len(p.vars[name].decl.index)
        compiled = [c.value_c(a, self.scope) for a in (s.index or [])]
        index = [x.src for x in compiled]
        if len(index) != want:
            c.error(f"'{name}' takes {want} index value(s), got {len(index)}", s.loc)
            return
        value = self.value(s.value) if s.op == "=" else self.number(s.value)
        if s.op == "=" and bounded:
            value = self._bounded(s.value, value)
        if not index:
            self.emit(d, f"rt.V[{name!r}] {s.op} {value}")
            self.forget(d, name)
            return
        store, key = self.temp("st"), self.temp("k")
        loc = self.const(s.loc, "loc")
        flat = p.flat.get(name)
        keys = c.range_keys(name) if flat is None else None
        if flat is not None and len(index) == len(flat.ranges):
            # a flat family (engine/flat.py): the entry's position by arithmetic where the
            # indexes are whole numbers in the ranges, else as a text key was found (or refused)
            index = self._named(index, d)
            numbers = [x.number or n in self.scope.numbers for x, n in zip(compiled, index,
                                                                            strict=True)]
            at, inside = c.flat_place(flat, index, numbers, self.scope)
            slow = (f"_flat_position({c.flat_name(name)}, ({''.join(n + ', ' for n in index)}), "
                    f"{name!r}, {loc}, rt.n)")
            self.emit(d, f"{store} = rt.V[{name!r}]",
                      f"{key} = {at} if {inside} else {slow}" if inside else f"{key} = {at}",
                      f"{store}[{key}] {s.op} {value}")
        elif keys is not None and len(index) <= 2:
            # a number range: the entry's key found in the key table, as reads find it, not
            # built as text; anything else (a text, a number outside the range) as below
            index = self._named(index, d)
            numbers = [x.number or n in self.scope.numbers for x, n in zip(compiled, index,
                                                                            strict=True)]
            self.emit(d, f"{store} = rt.V[{name!r}]",
                      f"{key} = {_range_key(keys, index, numbers)}",
                      f"if {key} is None: {key} = _var_key({store}, {_text_key(index)}, "
                      f"{name!r}, {loc})",
                      f"{store}[{key}] {s.op} {value}")
        elif len(index) == 2 and (table := c.key_table(name)) is not None:
            # two index types of known values: the key found in the key table; a value of
            # another type, or a seat not in this game, as below (and refused if no entry)
            index = self._named(index, d)
            known = [x.number or n in self.scope.numbers or n in self.scope.texts
                     for x, n in zip(compiled, index, strict=True)]
            self.emit(d, f"{store} = rt.V[{name!r}]",
                      f"{key} = {_table_key(table, index, known)}",
                      f"if {key} not in {store}: {key} = _var_key({store}, "
                      f"{_text_key(index)}, {name!r}, {loc})",
                      f"{store}[{key}] {s.op} {value}")
        else:
            self.emit(d, f"{store} = rt.V[{name!r}]", f"{key} = {_text_key(index)}",
                      f"if {key} not in {store}: {key} = _var_key({store}, {key}, {name!r}, "
                      f"{loc})",
                      f"{store}[{key}] {s.op} {value}")
        self.forget(d, name)

    def _named(self, values: list[str], d: int) -> list[str]:
        """Values as plain names, each computed once: a value that is not a name yet is given
        to a new Python local first."""
        names = []
        for v in values:
            if re.fullmatch(r"[A-Za-z_]\w*", v):
                names.append(v)
            else:
                names.append(self.temp("i"))
                self.emit(d, f"{names[-1]} = {v}")
        return names

    def _set_item(self, s: N.Assign, d: int) -> None:
        """`row[i] = v` (or `+=`, `-=`) for a local or a variable that holds a list: the name
        gets a new list with that item changed (lists are shared, never changed in place)."""
        c, name = self.c, s.name
        if len(s.index) != 1:
            c.error(f"a list takes one position in [...], got {len(s.index)}", s.loc)
            return
        if isinstance(s.value, N.Call) and s.value.func in c.program.procs:
            c.error(f"'{s.value.func}' is a procedure: give its result a name first "
                    f"('let v = {s.value.func}(...)'), then set the item to it", s.value.loc)
            return
        target = self.local(name) if name in self.locals else f"rt.V[{name!r}]"
        i, loc = self.temp("i"), self.const(s.loc, "loc")
        value = self.value(s.value) if s.op == "=" else \
            f"_position({target}, {i}, {loc}) {s.op[0]} {self.number(s.value)}"
        self.emit(d, f"{i} = {self.value(s.index[0])}",
                  f"{target} = _with_item({target}, {i}, {self._bounded(s.value, value)}, {loc})")
        if name not in self.locals:
            self.forget(d, name)

    def _s_Record(self, s: N.Record, d: int) -> None:
        """`record x in m`: m = m + [x] (a new list: clones and saves share none)."""
        grown = N.Arith(loc=s.loc, first=N.Name(loc=s.loc, id=s.name), ops=["+"],
                        rest=[N.ListLit(loc=s.loc, items=[s.value])])
        # one item a step: the budget bounds it, no size check needed
        self._s_Assign(N.Assign(loc=s.loc, name=s.name, value=grown), d, bounded=False)

    def _s_Move(self, s: N.Move, d: int) -> None:
        c = self.c
        src = c.zone(s.source, self.scope)
        dst = c.zone(s.dest, self.scope)
        count = self.number(s.count) if s.count is not None else "None"
        what = c.expr(s.what, self.scope).src if s.what is not None else "None"
        public = s.what is None or id(s) not in c.program.private_moves
        mover = self.const(make_mover(s.amount, s.at == "bottom", s.loc, public), "move")
        self.emit(d, f"{mover}(rt, {src.src}, {dst.src}, {what}, {count})")
        self.forget(d, src.zone, dst.zone)

    def forget(self, d: int, *changed: str | None) -> None:
        """After a change: forget the cached answers of functions that read what changed."""
        lines = {self.c.forget_src(name) for name in changed} - {None}
        if "rt.forget()" in lines:
            lines = {"rt.forget()"}
        self.emit(d, *sorted(lines))

    def _s_Shuffle(self, s: N.Shuffle, d: int) -> None:
        zone = self.c.zone(s.zone, self.scope)
        self.emit(d, f"_shuffle(rt, {zone.src}, {self.const(s.loc, 'loc')})")
        self.forget(d, zone.zone)

    def _s_Log(self, s: N.Log, d: int) -> None:
        self.emit(d, f"if rt.logging: rt.log({self._line(s.text, s.loc)})")

    def _s_Tell(self, s: N.Tell, d: int) -> None:
        text = self._line(s.text, s.loc)
        self.emit(d, f"if rt.logging: rt.tell({self.value(s.players)}, {text})")

    def _line(self, text: str, loc: N.Loc) -> str:
        """The source of a log line with its values kept as its facts (log_facts)."""
        return self.c.line_src(text, self.scope, loc,
                               lambda node: self.c.fact_kind(node, self.proc.decl))

    def _s_Show(self, s: N.Show, d: int) -> None:
        line = showing.line_src(self.c, s, self.scope)
        self.emit(d, f"if rt.logging: rt.tell({self.value(s.players)}, {line})")
        if s.what is not None:  # a watcher with `shown(what, players)` learns it (beliefs)
            self.emit(d, f"if rt.watch is not None: "
                         f"_tell_watch(rt, {self.value(s.what)}, {self.value(s.players)})")

    def _s_EndGame(self, s: N.EndGame, d: int) -> None:
        reason = self.c.format_src(s.reason, self.scope, s.loc) if s.reason \
            else repr("the game ends")
        self.emit(d, f"return rt.end_game({reason})")

    def _s_Break(self, s: N.Break, d: int) -> None:
        if not self.loops:
            self.c.error("'break' outside a loop", s.loc)
            return
        end = self.loops[-1]
        if end is None:
            self.emit(d, "break")
        else:
            self.goto(d, end)

    def _s_Return(self, s: N.Return, d: int) -> None:
        self.emit(d, self._finish_src(self.value(s.value) if s.value is not None else None))

    def _s_CallStmt(self, s: N.CallStmt, d: int) -> None:
        if s.name in self.c.program.procs:
            self._call(s.name, s.args, s, None, d)
            return
        self.emit(d, self.value(N.Call(loc=s.loc, func=s.name, args=s.args)))

    def _call(self, name: str, args: list[N.Expr], node: Any, target: str | None,
              d: int) -> None:
        """A call of a procedure that does not wait (or, inside one that waits, of any)."""
        proc = self.c.program.procs[name]
        if not self._callable(name, proc, args, node):
            return
        values = [self.value(a) for a in args]
        call = f"{proc.plain_fn}(rt{''.join(', ' + v for v in values)})"
        self.emit(d, f"{target} = {call}" if target else call)

    def _callable(self, name: str, proc: Proc, args: list[N.Expr], node: Any) -> bool:
        if isinstance(proc.decl, N.TriggerDecl):
            self.c.error(f"'{name}' is a trigger: it runs after '{proc.decl.event}', "
                         "not when called", node.loc)
            return False
        if len(args) != len(proc.params):
            self.c.error(f"'{name}' takes {len(proc.params)} value(s), got {len(args)}",
                         node.loc)
            return False
        return True

    def _s_Emit(self, s: N.Emit, d: int) -> None:
        handlers = self._handlers(s)
        if not handlers:
            for a in s.args:
                self.value(a)  # still checked
            return
        values = [self.value(a) for a in s.args]
        temps = [self.temp("e") for _ in values]
        for t, v in zip(temps, values, strict=True):
            self.emit(d, f"{t} = {v}")
        for proc in handlers:
            args = "".join(", " + t for t in temps[:len(proc.params)])
            self.emit(d, f"{proc.plain_fn}(rt{args})")

    def _handlers(self, s: N.Emit) -> list[Proc]:
        procs = self.c.program.procs
        out = []
        for h in self.c.program.triggers.get(s.event, []):
            want = len(procs[h].params)
            if want != len(s.args):
                self.c.error(f"trigger '{h}' takes {want} value(s) from '{s.event}', "
                             f"this gives {len(s.args)}", s.loc)
            out.append(procs[h])
        return out

    def _s_If(self, s: N.If, d: int) -> None:
        if _only_logs(s) and not any(self.c._draws(cond) for cond in s.conds):
            # it only writes log lines: with the log off, its conditions are not computed
            self.emit(d, "if rt.logging:")
            d += 1
        for i, (cond, body) in enumerate(zip(s.conds, s.bodies, strict=True)):
            self.emit(d, f"{'if' if i == 0 else 'elif'} {self.test(cond)}:")
            self.block(body, d + 1)
        if s.orelse:
            self.emit(d, "else:")
            self.block(s.orelse, d + 1)

    def _s_For(self, s: N.For, d: int) -> None:
        b = s.binder
        self.emit(d, f"for {self.local(b.var)} in {self._snapshot(b)}:")
        if b.where is not None:
            self.emit(d + 1, f"if not ({self.test(b.where)}): continue")
        self._loop_body(s.body, d + 1, None)

    def _snapshot(self, b: N.Binder) -> str:
        """The items a `for` goes through, as they are when it starts (the body may change
        the zone or variable they come from)."""
        source = self.c.source(b, self.scope)
        items = self.c.items_src(source)
        return items if source.fresh else f"list({items})"

    def _loop_body(self, body: list[N.Stmt], d: int, end: int | None) -> None:
        self.loops.append(end)
        self.block(body, d)
        self.loops.pop()
        self.emit(d, *BUDGET)

    def _s_While(self, s: N.While, d: int) -> None:
        self.emit(d, f"while {self.test(s.cond)}:")
        self._loop_body(s.body, d + 1, None)

    def _s_Loop(self, s: N.Loop, d: int) -> None:
        self.emit(d, "while True:")
        self._loop_body(s.body, d + 1, None)

    # ---------------------------------------------------------------- statements that wait
    def _w_Let(self, s: N.Let) -> None:
        self._w_assign(s.name, s.value)

    def _w_Assign(self, s: N.Assign) -> None:
        self._w_assign(s.name, s.value)

    def _w_assign(self, name: str, value: N.Expr) -> None:
        assert isinstance(value, N.Call)
        self._w_call(value.func, value.args, value, name)

    def _w_CallStmt(self, s: N.CallStmt) -> None:
        self._w_call(s.name, s.args, s, None)

    def _w_call(self, name: str, args: list[N.Expr], node: Any, result: str | None) -> None:
        proc = self.c.program.procs[name]
        if not self._callable(name, proc, args, node):
            return
        values = [self.value(a) for a in args]
        self._w_enter(proc, "[" + "".join(v + ", " for v in values) + "]", result)

    def _w_enter(self, proc: Proc, frame_locals: str, result: str | None) -> None:
        """Call a procedure that may wait: its frame goes on the stack; the caller resumes
        after it at a new block."""
        after = self.label()
        g = self.temp("g")
        slot = self.proc.slots.index(result) if result is not None else None
        self.emit(0, f"F[1] = {_ref(after)}",
                  f"{g} = [{proc.name!r}, 0, {frame_locals}, {slot!r}]",
                  f"stack.append({g})",
                  f"if len(stack) > {DIRECT_DEPTH}:", f"    {_SPILL}",
                  "    return rt.deep_call()",
                  f"_r = {proc.framed_fn}(rt, {g})",
                  "if _r:", f"    {_SPILL}", "    return _r")
        if result is not None:  # it finished at once: its result, as rt.finish left it
            self.emit(0, f"{self.local(result)} = rt.result")
        self.place(after)

    def _w_Emit(self, s: N.Emit) -> None:
        handlers = self._handlers(s)
        values = [self.value(a) for a in s.args]
        held = self.hidden("e")
        self.emit(0, f"{held} = [{', '.join(values)}]")
        for proc in handlers:
            if proc.name in self.framed:
                frame = "".join(f"{held}[{i}], " for i in range(len(proc.params)))
                self._w_enter(proc, f"[{frame}]", None)
            else:
                args = "".join(f", {held}[{i}]" for i in range(len(proc.params)))
                self.emit(0, f"{proc.plain_fn}(rt{args})")

    def _w_Choose(self, s: N.Choose) -> None:
        c = self.c
        options = c.value_c(s.options, self.scope)
        player = self.value(s.player)
        point = ChoicePoint(s.loc, s.prompt or f"choose {s.var}", {}, {},
                            render_expr(s.where) if s.where is not None else None,
                            source=s.options, where_expr=s.where, private=s.private)
        items = c.items_src(options)
        if s.where is None:
            legal = items if options.fresh else f"list({items})"
        else:  # one comprehension: the chosen name is its variable
            # the values of a type and the pieces of a zone are texts: read without a check
            text = bool(options.texts) or options.sort in (ZONE, TYPE)
            inner, v = self.scope.bind(s.var, c, text=text, number=options.numbers)
            fixed = options.constant[0] if options.constant is not None else None
            if fixed.__class__ is list and fixed and all(x.__class__ is int for x in fixed):
                inner = inner.knowing({v: (min(fixed), max(fixed))})  # e.g. numbers(1, 6)
            where = c.test_src(s.where, inner)
            legal = f"[{v} for {v} in {items} if {where}]"
        extra = ""
        if s.private:  # who sees the choice: the chooser, and those it is shown to
            shown = self.value(s.shown_to) if s.shown_to is not None else "[]"
            extra = f", shown=_shown_to({player}, {shown})"
            c.program.private_locals.setdefault(self.proc.name, set()).add(s.var)
        self._ask(s.var, player, [f"_o = {legal}"], point, extra + self._prompt(s))

    def _w_SecretChoose(self, s: N.SecretChoose) -> None:
        """Each player of the binder chooses in turn, through the usual decision; a choice is
        sealed (kept by the runtime where only its owner sees it, never in a local name) at
        once; when all have chosen, the choices are revealed together into `s.var`."""
        c, b = self.c, s.binder
        source = c.source(b, self.scope)
        items = c.items_src(source)
        if b.where is None:
            who = items if source.fresh else f"list({items})"
        else:
            inner, v = self.scope.bind(b.var, c)
            who = f"[{v} for {v} in {items} if {c.test_src(b.where, inner)}]"
        point = ChoicePoint(s.loc, s.prompt or f"choose {s.var}", {}, {}, None, secret=True)
        pick = self.hidden("pick")  # the choice, until it is sealed in the same block
        self.emit(0, f"rt.open_secret({who})")
        head, end = self.label(), self.label()
        self.agains.append((point, head))
        self.place(head)
        self.emit(0, "_w = rt.next_to_seal()",
                  "if _w is None:", f"    pc = {_ref(end)}", "    continue",
                  f"{self.local(b.var)} = _w")
        options = c.value_c(s.options, self.scope)
        legal = c.items_src(options)
        self._ask(pick, self.local(b.var), [f"_o = {legal if options.fresh else f'list({legal})'}"],
                  point, self._prompt(s))
        self.emit(0, f"rt.seal({self.local(b.var)}, {pick})", f"{pick} = None")
        self.goto(0, head)
        self.place(end)
        said = s.prompt if s.prompt and "{" not in s.prompt else s.var
        seers = ""
        if s.shown_to is not None:  # each choice revealed to its chooser and those it names
            inner, v = self.scope.bind(b.var, c)
            shown = c.value_c(s.shown_to, inner).src
            seers = f", {{{v}: _shown_to({v}, {shown}) for {v} in rt.state['secret']['who']}}"
            c.program.private_locals.setdefault(self.proc.name, set()).add(s.var)
        self.emit(0, f"{self.local(s.var)} = rt.reveal({said!r}{seers})")

    def _prompt(self, s: N.Choose | N.SecretChoose | N.Options) -> str:
        """The prompt of a choice, when it is a template: its values computed as it is asked,
        its words made when read (runtime.text_of)."""
        if not s.prompt or "{" not in s.prompt and "}" not in s.prompt:
            return ""
        return f", prompt={self.c.deferred_text_src(s.prompt, self.scope, s.loc)}"

    def _ask(self, var: str, player: str, legal: list[str], point: ChoicePoint,
             extra: str = "") -> None:
        """Compute the legal options; with only one, take it and go on; otherwise wait.
        `var`: the rule local the choice goes to, or a hidden helper local (`_h...`)."""
        self.choice_count += 1
        key = (self.proc.name, self.choice_count)
        self.c.program.choices[key] = point
        # A waiting frame stands at the choice itself (so that it can be asked again);
        # taking a decision moves it on to the block after the choice.
        before, after = self.label(), self.label()
        self.resumes.append((point, after))
        self.place(before)
        target = var if var.startswith("_h") else self.local(var)
        slot_name = "$" + var[2:] if var.startswith("_h") else var
        self.emit(0, f"_p = {player}", *legal,
                  "if len(_o) == 1 and rt.auto and _p in rt.players:",
                  f"    {target} = _o[0]",
                  "else:",
                  f"    F[1] = {_ref(before)}",
                  f"    {_SPILL}",
                  f"    return rt.ask(_p, _o, {slot_name!r}, {key!r}, {_ref(after)}{extra})")
        self.place(after)

    def _w_Options(self, s: N.Options) -> None:
        c = self.c
        player = self.value(s.player)
        point = ChoicePoint(s.loc, s.prompt or "choose an option", {}, {})
        seen: set[str] = set()
        legal = ["_o = []"]
        for clause in s.clauses:
            if clause.name in seen:
                c.error(f"option '{clause.name}' is given twice", clause.loc)
            seen.add(clause.name)
            point.labels[clause.name] = clause.label or clause.name
            if clause.when is None:
                legal.append(f"_o.append({clause.name!r})")
            else:
                legal.append(f"if {self.test(clause.when)}: _o.append({clause.name!r})")
                point.rules[clause.name] = (render_expr(clause.when), clause.cite)
                point.conditions[clause.name] = clause.when
        self._ask(s.var, player, legal, point, self._prompt(s))
        targets = {clause.name: self.label() for clause in s.clauses}
        end = self.label()
        for name, label in targets.items():
            self.emit(0, f"if {self.local(s.var)} == {name!r}:", f"    pc = {_ref(label)}",
                      "    continue")
        self.goto(0, end)
        for clause in s.clauses:
            self.place(targets[clause.name])
            self.block(clause.body, 0)
            self.goto(0, end)
        self.place(end)

    def _w_If(self, s: N.If) -> None:
        end = self.label()
        for cond, body in zip(s.conds, s.bodies, strict=True):
            skip = self.label()
            self.emit(0, f"if not ({self.test(cond)}):", f"    pc = {_ref(skip)}", "    continue")
            self.block(body, 0)
            self.goto(0, end)
            self.place(skip)
        if s.orelse:
            self.block(s.orelse, 0)
        self.place(end)

    def _w_For(self, s: N.For) -> None:
        b = s.binder
        seq, idx = self.hidden("seq"), self.hidden("i")
        self.emit(0, f"{seq} = {self._snapshot(b)}", f"{idx} = 0")
        head, end = self.label(), self.label()
        self.place(head)
        var = self.local(b.var)
        where = self.test(b.where) if b.where is not None else "True"
        self.emit(0, f"_s = {seq}", f"_i = {idx}", "_f = False",
                  "while _i < len(_s):",
                  f"    {var} = _s[_i]",
                  "    _i += 1",
                  f"    if {where}:",
                  "        _f = True",
                  "        break",
                  f"{idx} = _i",
                  "if not _f:", f"    pc = {_ref(end)}", "    continue")
        self._w_loop_body(s.body, head, end)
        self.emit(0, f"{seq} = {idx} = None")

    def _w_loop_body(self, body: list[N.Stmt], head: int, end: int) -> None:
        self.loops.append(end)
        self.block(body, 0)
        self.loops.pop()
        self.emit(0, *BUDGET)
        self.goto(0, head)
        self.place(end)

    def _w_While(self, s: N.While) -> None:
        head, end = self.label(), self.label()
        self.place(head)
        self.emit(0, f"if not ({self.test(s.cond)}):", f"    pc = {_ref(end)}", "    continue")
        self._w_loop_body(s.body, head, end)

    def _w_Loop(self, s: N.Loop) -> None:
        head, end = self.label(), self.label()
        self.place(head)
        self._w_loop_body(s.body, head, end)


def _only_logs(s: N.If) -> bool:
    """Whether every branch of an `if` only writes log lines (`log`, `tell`, such `if`s)."""
    return all(isinstance(x, N.Log | N.Tell | N.Show) or isinstance(x, N.If) and _only_logs(x)
               for body in [*s.bodies, s.orelse or []] for x in body)


def _ends(block: list[tuple[int, str, N.Loc]]) -> bool:
    """Whether a block's last line leaves it (a jump or a return at the block's own level)."""
    if not block:
        return False
    depth, text, _ = block[-1]
    return depth == 0 and (text == "continue" or text.startswith("return"))


# ------------------------------------------------------------------------ helpers of the code
def _range_key(keys: str, index: list[str], numbers: list[bool]) -> str:
    """Source of the key of a family over one or two number ranges, found in its key table
    (support.range_keys) by plain names; None for an index that is not a whole number in its
    range (then the key is built as text, and refused if the family has no such entry).
    `numbers`: which names are known to hold whole numbers (not checked again)."""
    def whole(a: str, known: bool) -> list[str]:
        return [] if known else [f"{a}.__class__ is int"]
    if len(index) == 1:
        a, = index
        tests = whole(a, numbers[0])
        return f"({keys}.get({a}) if {tests[0]} else None)" if tests else f"{keys}.get({a})"
    a, b = index
    tests = [*whole(a, numbers[0]), f"{a} in {keys}", *whole(b, numbers[1])]
    return f"({keys}[{a}].get({b}) if {' and '.join(tests)} else None)"


def _table_key(table: str, index: list[str], known: list[bool]) -> str:
    """Source of the key of a family with a key table (support.key_table) by two plain names,
    None where the table has none (a value of another type). `known`: which names are known
    to hold a text or a whole number (not checked again)."""
    def plain(x: str, k: bool) -> list[str]:
        return [] if k else [f"({x}.__class__ is str or {x}.__class__ is int)"]
    a, b = index
    tests = [*plain(a, known[0]), f"{a} in {table}", *plain(b, known[1])]
    return f"({table}[{a}].get({b}) if {' and '.join(tests)} else None)"


def _text_key(index: list[str]) -> str:
    """Source of the text key of a family's entry: its index values joined by '|'."""
    return index[0] if len(index) == 1 else " + '|' + ".join(f"_key({i})" for i in index)


def var_key(store: dict, key: Any, name: str, loc: N.Loc) -> str:
    """The entry of a variable family for a key that is not a plain text, or an error."""
    k = key_of(key)
    if k not in store:
        raise GameRuleError(f"'{name}' has no entry for {k}", loc)
    return k


def shown_to(chooser: Any, others: Any) -> list[Any]:
    """The players who see a private choice: the chooser, then those it is shown to."""
    others = others if others.__class__ is list else [] if others is None else [others]
    return [chooser] + [p for p in others if p != chooser]


def shuffle(rt, z: Any, loc: N.Loc) -> None:
    if z.__class__ is not list:
        raise GameRuleError("only a stack can be shuffled (a pile has no order)", loc)
    if len(z) < 2:
        return
    draws = rt.random_draws(rt.zone_name(z), list(range(len(z), 1, -1)))
    for i, j in zip(range(len(z) - 1, 0, -1), draws, strict=True):
        z[i], z[j] = z[j], z[i]
    if rt.watch is not None:  # a watcher with `shuffled(stack)` forgets positions in it
        shuffled = getattr(rt.watch, "shuffled", None)
        if shuffled is not None:
            shuffled(z)


def make_mover(amount: str, bottom: bool, loc: N.Loc, public: bool = True):
    """The `move` statement: check everything first, then change the zones (all or nothing).
    The usual cases (one kind between piles, the top of a stack) take a short path. A game
    being watched (`Game.watch`, for bots' beliefs) is told what moved: the pieces, and the
    kinds the rule named (`public`: False when naming them read something private). A pile
    lists its kinds in their declaration order (`Game.rank`)."""

    def tell(rt, s: Any, d: Any, taken: list[str], kinds: Any) -> None:
        if kinds is not None and kinds.__class__ is not list:
            kinds = [kinds]
        rt.watch.moved(s, d, taken, amount, bottom, kinds if public or kinds is None else False)

    def move(rt, s: Any, d: Any, kinds: Any, n: int | None) -> None:
        if kinds is not None and kinds.__class__ is not list:
            kinds = [kinds]
        if amount == "top":
            n = 1
        taken = _take(s, n, kinds, amount, loc, rt)
        if d.__class__ is list:
            if bottom:
                d[:0] = reversed(taken)
            else:
                d.extend(taken)
        else:
            put_many(d, [(k, 1) for k in taken], rt.rank)
        if rt.watch is not None:
            tell(rt, s, d, taken, kinds)

    exact = amount == "exact"

    def counted(rt, s: Any, d: Any, kind: Any, n: Any) -> None:
        """`move N of KIND` (or `up to N`) from a pile to a pile."""
        if kind.__class__ is str and s.__class__ is dict and d.__class__ is dict \
                and n.__class__ is int and n >= 0:
            have = s.get(kind, 0)
            if n > have:
                if exact:
                    return move(rt, s, d, kind, n)  # the error, in words
                n = have
            if n:
                if have == n:
                    del s[kind]
                else:
                    s[kind] = have - n
                if kind in d:
                    d[kind] += n
                else:
                    put(d, kind, n, rt.rank)
            if rt.watch is not None:
                tell(rt, s, d, [kind] * n, kind)
            return None
        return move(rt, s, d, kind, n)

    def top(rt, s: Any, d: Any, kind: Any, n: Any) -> None:
        """`move top from STACK to ...`"""
        if kind is None and s.__class__ is list and s:
            k = s.pop()
            if d.__class__ is dict:
                if k in d:
                    d[k] += 1
                else:
                    put(d, k, 1, rt.rank)
            elif bottom:
                d.insert(0, k)
            else:
                d.append(k)
            if rt.watch is not None:
                tell(rt, s, d, [k], None)
            return None
        return move(rt, s, d, kind, n)

    def everything(rt, s: Any, d: Any, kind: Any, n: Any) -> None:
        """`move all [of KIND] from PILE to ...`"""
        if s.__class__ is dict and (kind is None or kind.__class__ is str) and s is not d:
            if kind is None:
                taken = s.items()
            else:
                taken = [(kind, s[kind])] if kind in s else []
            if rt.watch is not None:
                taken = list(taken)
            if d.__class__ is dict:
                put_many(d, taken, rt.rank)
            else:
                pieces = [k for k, m in taken for _ in range(m)]
                if bottom:
                    d[:0] = reversed(pieces)
                else:
                    d.extend(pieces)
            if kind is None:
                s.clear()
            elif taken:
                del s[kind]
            if rt.watch is not None:
                tell(rt, s, d, [k for k, m in taken for _ in range(m)], kind)
            return None
        return move(rt, s, d, kind, n)

    if amount in ("exact", "up_to"):
        return counted
    if amount == "top":
        return top
    if amount == "all":
        return everything
    return move


def _take(s: Any, n: int | None, kinds: list[str] | None, amount: str, loc: N.Loc,
          rt) -> list[str]:
    if n is not None and n < 0:
        raise GameRuleError(f"cannot move {n} items", loc)
    if s.__class__ is list:
        if amount == "top" and kinds is None and not s:
            raise GameRuleError("cannot take the top of an empty stack", loc)
        if kinds is None:
            take = len(s) if amount == "all" else n
            if amount == "exact" and take > len(s):
                raise GameRuleError(f"cannot move {take} items: the stack holds {len(s)}", loc)
            take = min(take, len(s))
            return [s.pop() for _ in range(take)]
        wanted = set(kinds)
        positions = [i for i in range(len(s) - 1, -1, -1) if s[i] in wanted]
        take = len(positions) if amount == "all" else n
        if amount in ("exact", "top") and take > len(positions):
            raise GameRuleError(f"cannot move {take} of {rt.label(kinds)}: only "
                                f"{len(positions)} there", loc)
        positions = positions[:take]
        taken = [s[i] for i in positions]
        for i in positions:  # descending, so earlier indexes stay valid
            del s[i]
        return taken
    if kinds is None:
        if amount == "all" or len(s) <= 1:
            kinds = list(s)
        else:
            raise GameRuleError("say which kind to move from a pile that holds several "
                                f"('move {n} of <kind> from ...')", loc)
    available = sum(s.get(k, 0) for k in kinds)
    take = available if amount == "all" else n
    if amount in ("exact", "top") and take > available:
        raise GameRuleError(f"cannot move {take} of {rt.label(kinds)}: only {available} there",
                            loc)
    taken: list[str] = []
    for k in kinds:
        if len(taken) >= take:
            break
        have = s.get(k, 0)
        m = min(have, take - len(taken))
        if m:
            taken.extend([k] * m)
            if have == m:
                del s[k]
            else:
                s[k] = have - m
    return taken

