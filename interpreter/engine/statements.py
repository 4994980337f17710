"""Statements -> a flat list of instructions per procedure.

An instruction is a closure `ins(rt, L) -> int`: the index of the next instruction, or SWITCH
(the frame stack changed), SUSPEND (a player must decide) or OVER. Because a procedure is flat
code plus a program counter, where a game stands (even deep inside nested procedures, in the
middle of a player's turn) is plain data: a list of frames [procedure, pc, locals, result].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.program import (
    SWITCH,
    ChoicePoint,
    Fn,
    Proc,
    Scope,
)
from interpreter.engine.support import key_of
from interpreter.language import nodes as N
from interpreter.language.errors import GameRuleError
from interpreter.language.render import render_expr

if TYPE_CHECKING:
    from interpreter.engine.compiler import Compiler


class ProcBuilder:
    def __init__(self, compiler: Compiler, proc: Proc, scope: Scope):
        self.c = compiler
        self.proc = proc
        self.scope = scope
        self.code = proc.code
        self.loc = proc.decl.loc  # the statement being compiled (for run-time errors)
        self.breaks: list[list[list[int | None]]] = []

    # ---------------------------------------------------------------- plumbing
    def here(self) -> int:
        return len(self.code)

    def add(self, ins) -> int:
        self.code.append(ins)
        self.proc.locs.append(self.loc)
        return len(self.code) - 1

    def simple(self, run) -> None:
        """An instruction that does `run(rt, L)` and goes on with the next one."""
        nxt = self.here() + 1

        def ins(rt, L):
            run(rt, L)
            return nxt
        self.add(ins)

    def jump(self, target: list[int | None]) -> None:
        self.add(lambda rt, L: target[0])

    def finish(self) -> None:
        self.add(_return_none)

    def emit_return_unless(self, cond: Fn) -> None:
        nxt = self.here() + 1

        def guard(rt, L):
            if cond(rt, L):
                return nxt
            rt.pop_frame(None)
            return SWITCH
        self.add(guard)

    def emit_fallback_unless(self, cond: Fn, fallback: str, fallback_params: list[str],
                             params: list[str]) -> None:
        """A guarded replacement: when its condition fails, the frame becomes the replaced
        rule's, with the same arguments."""
        nxt = self.here() + 1

        def guard(rt, L):
            if cond(rt, L):
                return nxt
            frame = rt.stack[-1]
            frame[0], frame[1] = fallback, 0
            frame[2] = {fp: L[p] for fp, p in zip(fallback_params, params, strict=True)}
            return SWITCH
        self.add(guard)

    def block(self, body: list[N.Stmt]) -> None:
        for stmt in body:
            outer, self.loc = self.loc, stmt.loc
            getattr(self, "_s_" + type(stmt).__name__)(stmt)
            self.loc = outer

    # ---------------------------------------------------------------- statements
    def _s_Pass(self, s: N.Pass) -> None:
        self.simple(lambda rt, L: None)

    def _s_Let(self, s: N.Let) -> None:
        self._assign_local(s.name, s.value, s.loc)

    def _assign_local(self, name: str, value: N.Expr, loc: N.Loc) -> None:
        if isinstance(value, N.Call) and value.func in self.c.program.procs:
            self._call(value.func, value.args, value, result=name)
            return
        v = self.c.value(value, self.scope)

        def let(rt, L):
            L[name] = v(rt, L)
        self.simple(let)

    def _s_Assign(self, s: N.Assign) -> None:
        c, name, p = self.c, s.name, self.c.program
        if name in self.scope.names and s.index is None:
            if s.op == "=":
                self._assign_local(name, s.value, s.loc)
                return
            v = c.number(s.value, self.scope)
            sign = 1 if s.op == "+=" else -1

            loc = s.loc

            def aug_local(rt, L):
                if name not in L:
                    raise GameRuleError(f"'{name}' is used before it has a value", loc)
                L[name] = L[name] + sign * v(rt, L)
            self.simple(aug_local)
            return
        if name not in p.vars:
            if name in p.consts or name in c.world.tables:
                c.error(f"'{name}' is fixed by the rules and cannot be changed while playing",
                        s.loc, "declare it with 'var' to make it change during a game")
            else:
                c._unknown(name, s.loc, "variable", [*p.vars, *self.scope.names])
            return
        want = len(p.vars[name].decl.index)
        index = [c.value(a, self.scope) for a in (s.index or [])]
        if len(index) != want:
            c.error(f"'{name}' takes {want} index value(s), got {len(index)}", s.loc)
            return
        v = c.value(s.value, self.scope) if s.op == "=" else c.number(s.value, self.scope)
        sign = 0 if s.op == "=" else (1 if s.op == "+=" else -1)
        loc = s.loc

        def assign(rt, L):
            store = rt.V
            if index:
                store = store[name]
                key = "|".join(key_of(i(rt, L)) for i in index)
                if key not in store:
                    raise GameRuleError(f"'{name}' has no entry for {key}", loc)
            else:
                key = name
            store[key] = v(rt, L) if not sign else store[key] + sign * v(rt, L)
        self.simple(assign)

    def _s_Move(self, s: N.Move) -> None:
        c = self.c
        src = c.zone(s.source, self.scope).fn
        dst = c.zone(s.dest, self.scope).fn
        count = c.number(s.count, self.scope) if s.count is not None else None
        what = c.expr(s.what, self.scope).fn if s.what is not None else None
        self.simple(_mover(s.amount, count, what, src, dst, s.at == "bottom", s.loc))

    def _s_Shuffle(self, s: N.Shuffle) -> None:
        zone = self.c.zone(s.zone, self.scope).fn
        loc = s.loc

        def shuffle(rt, L):
            z = zone(rt, L)
            if z.__class__ is not list:
                raise GameRuleError("only a stack can be shuffled (a pile has no order)", loc)
            for i in range(len(z) - 1, 0, -1):
                j = rt.random_below(i + 1)
                z[i], z[j] = z[j], z[i]
        self.simple(shuffle)

    def _s_Choose(self, s: N.Choose) -> None:
        c = self.c
        options = c.value_c(s.options, self.scope)
        player = c.value(s.player, self.scope)
        var = s.var
        point = ChoicePoint(s.loc, s.prompt or f"choose {var}", {}, {},
                            render_expr(s.where) if s.where is not None else None)
        items = c.items_src(options)
        if s.where is None:
            legal = c._c(f"list({items})").fn
        else:  # one generated comprehension: the chosen name is its variable
            inner, v = self.scope.bind(var, c)
            where = c.value_c(s.where, inner).src
            legal = c._c(f"[{v} for {v} in {items} if {where}]").fn
        self._suspend(var, player, legal, point)

    def _suspend(self, var: str, player: Fn, legal: Fn, point: ChoicePoint) -> None:
        pc = self.here()
        self.c.program.choices[(self.proc.name, pc)] = point
        key = (self.proc.name, pc)

        def choose(rt, L):
            return rt.ask(player(rt, L), legal(rt, L), var, key, pc)
        self.add(choose)

    def _s_Options(self, s: N.Options) -> None:
        c = self.c
        player = c.value(s.player, self.scope)
        conds: list[tuple[str, Fn | None]] = []
        point = ChoicePoint(s.loc, s.prompt or "choose an option", {}, {})
        seen: set[str] = set()
        for clause in s.clauses:
            if clause.name in seen:
                c.error(f"option '{clause.name}' is given twice", clause.loc)
            seen.add(clause.name)
            point.labels[clause.name] = clause.label or clause.name
            cond = c.value(clause.when, self.scope) if clause.when is not None else None
            conds.append((clause.name, cond))
            if clause.when is not None:
                point.rules[clause.name] = (render_expr(clause.when), clause.cite)

        def legal(rt, L):
            return [name for name, cond in conds if cond is None or cond(rt, L)]
        self._suspend(s.var, player, legal, point)
        targets: dict[str, int] = {}
        var = s.var
        self.add(lambda rt, L: targets[L[var]])
        end: list[int | None] = [None]
        for clause in s.clauses:
            targets[clause.name] = self.here()
            self.block(clause.body)
            self.jump(end)
        end[0] = self.here()

    def _s_Log(self, s: N.Log) -> None:
        text = self.c._format(s.text, self.scope, s.loc)

        def log(rt, L):
            if rt.logging:
                rt.log(text(rt, L))
        self.simple(log)

    def _s_EndGame(self, s: N.EndGame) -> None:
        reason = s.reason or "the game ends"
        self.add(lambda rt, L: rt.end_game(reason))

    def _s_Break(self, s: N.Break) -> None:
        if not self.breaks:
            self.c.error("'break' outside a loop", s.loc)
            return
        cell: list[int | None] = [None]
        self.breaks[-1].append(cell)
        self.jump(cell)

    def _s_Return(self, s: N.Return) -> None:
        if s.value is None:
            self.add(_return_none)
            return
        v = self.c.value(s.value, self.scope)

        def ret(rt, L):
            rt.pop_frame(v(rt, L))
            return SWITCH
        self.add(ret)

    def _s_CallStmt(self, s: N.CallStmt) -> None:
        if s.name in self.c.program.procs:
            self._call(s.name, s.args, s, result=None)
            return
        fn = self.c.value(N.Call(loc=s.loc, func=s.name, args=s.args), self.scope)
        self.simple(fn)

    def _call(self, name: str, args: list[N.Expr], node: Any, result: str | None) -> None:
        proc = self.c.program.procs[name]
        if isinstance(proc.decl, N.TriggerDecl):
            self.c.error(f"'{name}' is a trigger: it runs after '{proc.decl.event}', "
                         "not when called", node.loc)
            return
        if len(args) != len(proc.params):
            self.c.error(f"'{name}' takes {len(proc.params)} value(s), got {len(args)}",
                         node.loc)
            return
        fns = [self.c.value(a, self.scope) for a in args]
        params = proc.params
        nxt = self.here() + 1

        def call(rt, L):
            rt.push_frame(name, dict(zip(params, [a(rt, L) for a in fns], strict=True)),
                          result, nxt)
            return SWITCH
        self.add(call)

    def _s_Emit(self, s: N.Emit) -> None:
        handlers = self.c.program.triggers.get(s.event, [])
        fns = [self.c.value(a, self.scope) for a in s.args]
        procs = self.c.program.procs
        for h in handlers:
            want = len(procs[h].params)
            if want != len(fns):
                self.c.error(f"trigger '{h}' takes {want} value(s) from '{s.event}', "
                             f"this gives {len(fns)}", s.loc)
        calls = [(h, procs[h].params) for h in reversed(handlers)]
        nxt = self.here() + 1

        def emit(rt, L):
            values = [a(rt, L) for a in fns]
            rt.stack[-1][1] = nxt
            for h, params in calls:
                rt.stack.append([h, 0, dict(zip(params, values, strict=False)), None])
            return SWITCH
        self.add(emit)

    def _s_If(self, s: N.If) -> None:
        end: list[int | None] = [None]
        for cond_node, body in zip(s.conds, s.bodies, strict=True):
            cond = self.c.value(cond_node, self.scope)
            skip: list[int | None] = [None]
            nxt = self.here() + 1
            self.add(lambda rt, L, cond=cond, skip=skip, nxt=nxt:
                     nxt if cond(rt, L) else skip[0])
            self.block(body)
            self.jump(end)
            skip[0] = self.here()
        if s.orelse:
            self.block(s.orelse)
        end[0] = self.here()

    def _s_For(self, s: N.For) -> None:
        b = s.binder
        source = self.c.source(b, self.scope)
        src = self.c._c(self.c.items_src(source)).fn
        where = self.c.value(b.where, self.scope) if b.where is not None else None
        seq_name, idx_name, var = self.scope.hidden("seq"), self.scope.hidden("i"), b.var

        def init(rt, L):
            L[seq_name] = list(src(rt, L))
            L[idx_name] = 0
        self.simple(init)
        head = self.here()
        end: list[int | None] = [None]

        def step(rt, L):
            i, seq = L[idx_name], L[seq_name]
            while i < len(seq):
                L[var] = seq[i]
                i += 1
                if where is None or where(rt, L):
                    L[idx_name] = i
                    return head + 1
            L[idx_name] = i
            return end[0]
        self.add(step)
        self._loop_body(s.body, head, end)

        def cleanup(rt, L):
            L.pop(seq_name, None)
            L.pop(idx_name, None)
        self.simple(cleanup)

    def _loop_body(self, body: list[N.Stmt], head: int, end: list[int | None]) -> None:
        self.breaks.append([])
        self.block(body)

        def again(rt, L):
            rt.budget -= 1
            if rt.budget < 0:
                rt.out_of_budget()
            return head
        self.add(again)
        end[0] = self.here()
        for cell in self.breaks.pop():
            cell[0] = end[0]

    def _s_While(self, s: N.While) -> None:
        cond = self.c.value(s.cond, self.scope)
        head = self.here()
        end: list[int | None] = [None]
        self.add(lambda rt, L: head + 1 if cond(rt, L) else end[0])
        self._loop_body(s.body, head, end)

    def _s_Loop(self, s: N.Loop) -> None:
        head = self.here()
        end: list[int | None] = [None]
        self._loop_body(s.body, head, end)


def _return_none(rt, L) -> int:
    rt.pop_frame(None)
    return SWITCH


def _mover(amount: str, count: Fn | None, what: Fn | None, src: Fn, dst: Fn, bottom: bool,
           loc: N.Loc):
    """The `move` statement: check everything first, then change the zones (all or nothing)."""

    def run(rt, L) -> None:
        s, d = src(rt, L), dst(rt, L)
        kinds = what(rt, L) if what is not None else None
        if kinds is not None and kinds.__class__ is not list:
            kinds = [kinds]
        n = count(rt, L) if count is not None else None
        if amount == "top":
            n = 1
        taken = _take(s, n, kinds, amount, loc, rt)
        if d.__class__ is list:
            if bottom:
                d[:0] = reversed(taken)
            else:
                d.extend(taken)
        else:
            for k in taken:
                d[k] = d.get(k, 0) + 1
    return run


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
            taken = [s.pop() for _ in range(take)]
            return taken
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
        if amount == "all":
            kinds = list(s)
        elif len(s) <= 1:
            kinds = list(s)
        else:
            raise GameRuleError("say which kind to move from a pile that holds several "
                              "('move 2 of <kind> from ...')", loc)
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

