"""Checked syntax tree -> Python closures.

One pass over every declaration resolves each name, checks argument counts and kinds (a zone
where a number is needed, a table without a key, ...) and builds, for each expression, a closure
`f(rt, L)` (rt: the running game, L: the locals of the current frame) and, for each procedure, a
flat list of instructions. Instructions return the next instruction's index, or a negative signal
(see runtime.py). Errors are collected, not raised one at a time, so `rules check` lists them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import nodes as N
from .builtins import BUILTINS, Builtin, items_of, size_of
from .errors import GameRuleError, RulesetError, did_you_mean
from .parser import parse_expr
from .world import MAX_PLAYERS, PLAYER, World, enumerate_kinds

Fn = Callable[[Any, dict], Any]

SWITCH = -1  # the frame stack changed: fetch the top frame again
SUSPEND = -2  # a player must decide: stop running
OVER = -3  # the game is over

# What an expression denotes, for the kind checks.
VALUE, ZONE, TABLE, TYPE, FAMILY, PROC = "value", "zone", "table", "type", "family", "procedure"
UNKNOWN = "unknown"  # already reported: no follow-on errors about it
PLAIN_TYPES = ("number", "bool", "text", "list")  # parameter types besides the declared ones


@dataclass
class CExpr:
    fn: Fn
    sort: str = VALUE
    what: str = ""  # how to name it in an error ("the zone 'hand'")
    constant: tuple | None = None  # (value,) when it is known before any game
    local: str | None = None  # the local name, when it is just that


def _const(value: Any, what: str = "") -> CExpr:
    return CExpr(lambda rt, L: value, VALUE, what, (value,))


@dataclass
class Proc:
    name: str
    params: list[str]
    decl: N.Node
    code: list[Callable] = field(default_factory=list)


@dataclass
class Func:
    name: str
    params: list[str]
    decl: N.FuncDecl
    fn: Fn | None = None
    static: bool = False


def _memo(fn: Fn, params: list[str]) -> Fn:
    cache: dict[tuple, Any] = {}

    def remembered(rt, L):
        key = tuple(L[p] for p in params)
        try:
            return cache[key]
        except KeyError:
            value = cache[key] = fn(rt, L)
            return value
        except TypeError:  # an argument that cannot be a key (a list): just compute
            return fn(rt, L)
    return remembered


@dataclass
class ZoneInfo:
    decl: N.ZoneDecl


@dataclass
class VarInfo:
    decl: N.VarDecl
    init: Fn | None = None


@dataclass
class ChoicePoint:
    """What a suspended `choose` needs: the options' labels and the rules that limit them."""

    loc: N.Loc
    prompt: str
    labels: dict[str, str]
    rules: dict[str, tuple[str, str | None]]  # option -> (condition as text, citation)
    where: str | None = None


@dataclass
class Program:
    world: World
    decls: dict[str, N.Decl]
    consts: dict[str, Any] = field(default_factory=dict)
    zones: dict[str, ZoneInfo] = field(default_factory=dict)
    vars: dict[str, VarInfo] = field(default_factory=dict)
    procs: dict[str, Proc] = field(default_factory=dict)
    funcs: dict[str, Func] = field(default_factory=dict)
    triggers: dict[str, list[str]] = field(default_factory=dict)
    choices: dict[tuple[str, int], ChoicePoint] = field(default_factory=dict)
    component_start: dict[str, Fn] = field(default_factory=dict)


class _Scope:
    """Names local to one procedure or function (Python-like: any assignment makes a local)."""

    def __init__(self, names: set[str], proc: str):
        self.names = names
        self.proc = proc
        self.counter = 0

    def hidden(self, tag: str) -> str:
        self.counter += 1
        return f"${tag}{self.counter}"


def _rule_error(message: str, loc: N.Loc) -> GameRuleError:
    return GameRuleError(message, loc)


def _key(value: Any) -> str:
    return value if value.__class__ is str else str(value)


def _keys(values: list[Any]) -> str:
    return "|".join(_key(v) for v in values)


class Compiler:
    def __init__(self, world: World, decls: list[N.Decl]):
        self.world = world
        self._uses_state = False  # while compiling a function: does it read the game state?
        self._callees: set[str] = set()
        self._facts: dict[str, tuple[bool, set[str]]] = {}
        self._proc_decls: list[N.ProcDecl] = []
        self.errors: list[RulesetError] = []
        self.program = Program(world, {})
        self.decl_list = decls
        for decl in decls:
            if isinstance(decl, N.TriggerDecl):
                self.program.triggers.setdefault(decl.event, []).append(decl.name)
            self.program.decls[decl.name] = decl

    # ------------------------------------------------------------------ entry
    def compile(self) -> Program:
        p = self.program
        for decl in self.decl_list:
            if isinstance(decl, N.ZoneDecl):
                self._check_types(decl.index, decl.loc)
                if decl.of is not None and decl.of not in self.world.components and \
                        decl.of not in {d.name for d in self.decl_list
                                        if isinstance(d, N.ComponentDecl)}:
                    self._unknown(decl.of, decl.loc, "component",
                                  [d.name for d in self.decl_list
                                   if isinstance(d, N.ComponentDecl)])
                if decl.visibility == "owner" and (not decl.index or decl.index[0] != PLAYER):
                    self.error(f"zone '{decl.name}' is seen by its owner, so its first index "
                               "must be 'player'", decl.loc)
                p.zones[decl.name] = ZoneInfo(decl)
            elif isinstance(decl, N.VarDecl):
                self._check_types(decl.index, decl.loc)
                p.vars[decl.name] = VarInfo(decl)
            elif isinstance(decl, N.ProcDecl):
                if decl.when is not None and decl.mode != "replace":
                    self.error(f"only a replacement can have a 'when': write 'replace procedure "
                               f"{decl.name}(...) when ...' in an overlay", decl.when.loc)
                name, version = decl.name, decl
                while version is not None:  # a guarded replacement keeps the rule it replaced
                    p.procs[name] = Proc(name, [x.name for x in version.params], version)
                    self._proc_decls.append(version)
                    name, version = f"{name}@{_depth(version)}", version.fallback
            elif isinstance(decl, N.TriggerDecl):
                p.procs[decl.name] = Proc(decl.name, list(decl.params), decl)
            elif isinstance(decl, N.FuncDecl):
                p.funcs[decl.name] = Func(decl.name, [x.name for x in decl.params], decl)
        for decl in self.decl_list:
            if isinstance(decl, N.ConstDecl):
                fn = self.expr(decl.value, _Scope(set(), decl.name)).fn
                try:
                    p.consts[decl.name] = fn(None, {})
                except Exception as exc:  # a constant must not need a game
                    self.error(f"constant '{decl.name}' must be computable before a game "
                               f"starts ({exc})", decl.loc)
        for decl in self.decl_list:
            if isinstance(decl, N.ComponentDecl):
                self._component(decl)
        for decl in self.decl_list:
            if isinstance(decl, N.VarDecl):
                p.vars[decl.name].init = self.expr(decl.init, _Scope(set(), decl.name)).fn
            elif isinstance(decl, N.FuncDecl):
                self._func(decl)
            elif isinstance(decl, N.TriggerDecl):
                self._proc(decl)
        for name, proc in list(p.procs.items()):
            if isinstance(proc.decl, N.ProcDecl):
                self._proc(proc.decl, name)
        self._memoize_static_functions()
        emitted = _emitted_events(self.decl_list)
        for decl in self.decl_list:
            if isinstance(decl, N.TriggerDecl) and decl.event not in emitted:
                self.error(f"trigger '{decl.name}' runs after '{decl.event}', but no rule "
                           f"emits '{decl.event}'", decl.loc, did_you_mean(decl.event, emitted))
        for event, handlers in p.triggers.items():
            arity = {len(p.procs[h].params) for h in handlers}
            if len(arity) > 1:
                self.error(f"the triggers after '{event}' take different numbers of values",
                           p.procs[handlers[0]].decl.loc)
        return p

    def error(self, message: str, loc: N.Loc, hint: str | None = None) -> None:
        self.errors.append(RulesetError(message, loc, hint))

    def _unknown(self, name: str, loc: N.Loc, what: str, candidates) -> None:
        self.error(f"unknown {what} '{name}'", loc, did_you_mean(name, candidates))

    def _check_types(self, types: list[str], loc: N.Loc) -> None:
        for t in types:
            if not self.world.is_type(t):
                self._unknown(t, loc, "type", self._type_names())

    def _type_names(self) -> list[str]:
        w = self.world
        return [PLAYER, *w.enums, *w.entity_types, *w.components]

    # ------------------------------------------------------------------ declarations
    def _component(self, decl: N.ComponentDecl) -> None:
        names = {x.name for x in decl.params}
        scope = _Scope(names, decl.name)
        if decl.count is None:
            self.error(f"component '{decl.name}' needs a 'count' line", decl.loc,
                       "for example 'count 9' or 'count card_counts[suit, value]'")
            return
        count = self.expr(decl.count, scope).fn
        try:
            comp = enumerate_kinds(self.world, decl, MAX_PLAYERS, lambda b: count(None, b))
        except RulesetError as exc:
            self.errors.append(exc)
            return
        except Exception as exc:
            self.error(f"cannot count component '{decl.name}': {exc}", decl.count.loc)
            return
        self.world.components[decl.name] = comp
        if decl.display is not None:
            label = self._format(decl.display, scope, decl.loc)
            for kind in comp.kinds:
                self.world.attrs[kind]["name"] = label(None, self.world.attrs[kind])
        if decl.start is None:
            self.error(f"component '{decl.name}' needs a 'start in <zone>' line", decl.loc)
            return
        start = self.expr(decl.start, scope)
        if start.sort != ZONE:
            self.error(f"expected a zone after 'start in', got {start.what or 'a value'}",
                       decl.start.loc)
        self.program.component_start[decl.name] = start.fn

    def _func(self, decl: N.FuncDecl) -> None:
        self._check_param_types(decl.params)
        names = {x.name for x in decl.params} | _binder_names(decl.body)
        func = self.program.funcs[decl.name]
        self._uses_state, self._callees = False, set()
        func.fn = self.expr(decl.body, _Scope(names, decl.name)).fn
        self._facts[decl.name] = (self._uses_state, self._callees)

    def _memoize_static_functions(self) -> None:
        """A function that reads only the board, tables and its arguments (directly and through
        the functions it calls) gives the same answer all game: remember its answers."""
        static = {name for name, (dynamic, _) in self._facts.items() if not dynamic}
        changed = True
        while changed:
            changed = False
            for name in list(static):
                if any(c not in static for c in self._facts[name][1]):
                    static.discard(name)
                    changed = True
        for name in static:
            func = self.program.funcs[name]
            func.fn = _memo(func.fn, func.params)
            func.static = True

    def _check_param_types(self, params: list[N.Param]) -> None:
        for param in params:
            t = param.type
            if t is not None and t not in PLAIN_TYPES and ".." not in t and \
                    not self.world.is_type(t):
                self._unknown(t, param.loc, "type", [*self._type_names(), *PLAIN_TYPES])

    def _proc(self, decl: N.ProcDecl | N.TriggerDecl, name: str | None = None) -> None:
        name = name or decl.name
        if isinstance(decl, N.ProcDecl) and name == decl.name:
            self._check_param_types(decl.params)
        params = [x.name for x in decl.params] if isinstance(decl, N.ProcDecl) else decl.params
        names = set(params) | _assigned_names(decl.body)
        scope = _Scope(names, name)
        pc = _ProcBuilder(self, self.program.procs[name], scope)
        if isinstance(decl, N.TriggerDecl) and decl.when is not None:
            pc.emit_return_unless(self.value(decl.when, scope))
        elif isinstance(decl, N.ProcDecl) and decl.fallback is not None:
            fallback = f"{name}@{_depth(decl)}"
            pc.emit_fallback_unless(self.value(decl.when, scope), fallback,
                                    self.program.procs[fallback].params, params)
        pc.block(decl.body)
        pc.finish()

    # ------------------------------------------------------------------ expressions
    def value(self, node: N.Expr, scope: _Scope, what: str = "a value") -> Fn:
        """An expression that must be a plain value (not a zone family, table or type)."""
        return self.value_c(node, scope, what).fn

    def value_c(self, node: N.Expr, scope: _Scope, what: str = "a value") -> CExpr:
        c = self.expr(node, scope)
        if c.sort in (TABLE, FAMILY, PROC):
            self.error(f"expected {what}, got {c.what}", node.loc,
                       "give it a key in [...]" if c.sort in (TABLE, FAMILY) else None)
        return c

    def number(self, node: N.Expr, scope: _Scope) -> Fn:
        c = self.expr(node, scope)
        if c.sort not in (VALUE, UNKNOWN):
            hint = "use size(...) to count what a zone holds" if c.sort == ZONE else None
            self.error(f"expected a number, got {c.what}", node.loc, hint)
        return c.fn

    def zone(self, node: N.Expr, scope: _Scope) -> CExpr:
        c = self.expr(node, scope)
        if c.sort not in (ZONE, UNKNOWN):
            self.error(f"expected a zone, got {c.what or 'a value'}", node.loc)
        return c

    def expr(self, node: N.Expr, scope: _Scope) -> CExpr:
        method = getattr(self, "_e_" + type(node).__name__)
        return method(node, scope)

    def _e_Num(self, node: N.Num, scope: _Scope) -> CExpr:
        return _const(node.value, f"the number {node.value}")

    def _e_Str(self, node: N.Str, scope: _Scope) -> CExpr:
        return _const(node.value, "a text")

    def _e_Bool(self, node: N.Bool, scope: _Scope) -> CExpr:
        return _const(node.value)

    def _e_NoneLit(self, node: N.NoneLit, scope: _Scope) -> CExpr:
        return _const(None)

    def _e_Name(self, node: N.Name, scope: _Scope) -> CExpr:
        name, p, w = node.id, self.program, self.world
        if name in scope.names:
            loc = node.loc

            def local(rt, L):
                try:
                    return L[name]
                except KeyError:
                    raise _rule_error(f"'{name}' is used before it has a value", loc) from None
            return CExpr(local, VALUE, f"'{name}'", local=name)
        if name in p.consts:
            return _const(p.consts[name], f"the constant '{name}'")
        if name in p.vars or name in p.zones or name == "player_count":
            self._uses_state = True
        if name in p.vars:
            if p.vars[name].decl.index:
                return CExpr(lambda rt, L: rt.V[name], FAMILY, f"the variable family '{name}'")
            return CExpr(lambda rt, L: rt.V[name], VALUE, f"the variable '{name}'")
        if name in p.zones:
            if p.zones[name].decl.index:
                return CExpr(lambda rt, L: rt.Z[name], FAMILY, f"the zone family '{name}'")
            return CExpr(lambda rt, L: rt.Z[name], ZONE, f"the zone '{name}'")
        if name in w.member_of:
            return _const(name, f"'{name}'")
        if name in w.tables:
            return CExpr(lambda rt, L: w.tables[name], TABLE, f"the table '{name}'")
        if name == "player_count":
            return CExpr(lambda rt, L: rt.n, VALUE, "the number of players")
        if w.is_type(name) or name in {d.name for d in self.decl_list
                                       if isinstance(d, N.ComponentDecl)}:
            return CExpr(lambda rt, L: w.domain(name, rt.n), TYPE, f"every {name}")
        if name in p.procs or name in p.funcs or name in BUILTINS:
            self.error(f"'{name}' is a procedure or function: call it with (...)", node.loc)
            return CExpr(lambda rt, L: None, UNKNOWN, f"the procedure '{name}'")
        self._unknown(name, node.loc, "name", self._all_names(scope))
        return CExpr(lambda rt, L: None, UNKNOWN, f"'{name}'")

    def _all_names(self, scope: _Scope) -> list[str]:
        p, w = self.program, self.world
        return [*scope.names, *p.consts, *p.vars, *p.zones, *w.member_of, *w.tables,
                *self._type_names(), *p.procs, *p.funcs]

    def _e_Attr(self, node: N.Attr, scope: _Scope) -> CExpr:
        base = self.value_c(node.obj, scope)
        obj = base.fn
        name, loc, attrs = node.name, node.loc, self.world.attrs
        if base.local is not None:
            var = base.local

            def local_attr(rt, L):
                try:
                    return attrs[L[var]][name]
                except (KeyError, TypeError):
                    o = L.get(var)
                    if o.__class__ is dict and name in o:
                        return o[name]
                    if var not in L:
                        raise _rule_error(f"'{var}' is used before it has a value",
                                          loc) from None
                    raise _rule_error(f"{rt.label(o)} has no '{name}'", loc) from None
            return CExpr(local_attr, VALUE, f"'.{name}'")

        def attr(rt, L):
            o = obj(rt, L)
            try:
                if o.__class__ is dict:
                    return o[name]
                return attrs[o][name]
            except (KeyError, TypeError):
                raise _rule_error(f"{rt.label(o)} has no '{name}'", loc) from None
        return CExpr(attr, VALUE, f"'.{name}'")

    def _e_Index(self, node: N.Index, scope: _Scope) -> CExpr:
        base = self.expr(node.obj, scope)
        args = [self.value(a, scope) for a in node.args]
        loc = node.loc
        if isinstance(node.obj, N.Name) and base.sort in (FAMILY, TABLE):
            name = node.obj.id
            if base.sort == TABLE:
                return self._table_index(name, args, loc)
            info = self.program.zones.get(name) or self.program.vars.get(name)
            want = len(info.decl.index)
            if len(args) != want:
                self.error(f"'{name}' takes {want} index value(s), got {len(args)}", loc)
            is_zone = name in self.program.zones
            return CExpr(_family_lookup(name, args, is_zone, loc), ZONE if is_zone else VALUE,
                         f"the zone '{name}[...]'" if is_zone else f"'{name}[...]'")
        if base.sort == UNKNOWN:
            return CExpr(lambda rt, L: None, UNKNOWN, base.what)
        if base.sort in (ZONE, TYPE, PROC):
            self.error(f"{base.what} cannot be indexed", loc)
        if len(args) != 1:
            self.error("a list takes one position in [...]", loc)
        obj, arg = base.fn, args[0]

        def list_index(rt, L):
            seq, i = obj(rt, L), arg(rt, L)
            try:
                return seq[i - 1] if seq.__class__ is list else seq[i]
            except (IndexError, KeyError, TypeError):
                raise _rule_error(f"no item {i!r} in {seq!r}", loc) from None
        return CExpr(list_index)

    def _table_index(self, name: str, args: list[Fn], loc: N.Loc) -> CExpr:
        table = self.world.tables[name]
        if len(args) not in (1, 2) or (len(args) == 2 and table.decl.style == "map"):
            self.error(f"table '{name}' takes {1 if table.decl.style == 'map' else '1 or 2'} "
                       f"key(s), got {len(args)}", loc)
            return CExpr(lambda rt, L: None)
        key = args[0]
        if len(args) == 1:
            def lookup(rt, L):
                k = key(rt, L)
                try:
                    return table.lookup(k)
                except KeyError:
                    raise _rule_error(f"table '{name}' has no row for {rt.label(k)}",
                                      loc) from None
            return CExpr(lookup, VALUE, f"'{name}[...]'")
        col = args[1]

        def cell(rt, L):
            r, c = key(rt, L), col(rt, L)
            try:
                return table.lookup(r)[c]
            except (KeyError, TypeError):
                raise _rule_error(f"table '{name}' has no cell for {r!r}, {c!r}", loc) from None
        return CExpr(cell, VALUE, f"'{name}[...]'")

    def _e_Call(self, node: N.Call, scope: _Scope) -> CExpr:
        name, p, loc = node.func, self.program, node.loc
        if name in p.funcs:
            self._callees.add(name)
            func = p.funcs[name]
            self._arity(name, len(func.params), node)
            args = [self.value(a, scope) for a in node.args]
            params = func.params
            if len(args) == 1 and len(params) == 1:
                (p0,), (a0,) = params, args
                return CExpr(lambda rt, L: func.fn(rt, {p0: a0(rt, L)}))
            if len(args) == 2 and len(params) == 2:
                (p0, p1), (a0, a1) = params, args
                return CExpr(lambda rt, L: func.fn(rt, {p0: a0(rt, L), p1: a1(rt, L)}))

            def call_func(rt, L):
                frame = dict(zip(params, [a(rt, L) for a in args], strict=False))
                return func.fn(rt, frame)
            return CExpr(call_func)
        if name in p.procs:
            self.error(f"'{name}' is a procedure (its steps may ask players to decide); call "
                       "it as a step of its own, or as 'let x = ...'", loc)
            return CExpr(lambda rt, L: None)
        if name in self.world.relations:
            self._arity(name, 1, node)
            rel = self.world.relations[name]
            arg = self.value(node.args[0], scope) if node.args else (lambda rt, L: None)
            return CExpr(lambda rt, L: rel.get(arg(rt, L), []))
        if name in self.world.components or name in {d.name for d in self.decl_list
                                                     if isinstance(d, N.ComponentDecl)}:
            return self._kind_call(name, node, scope)
        if name in BUILTINS:
            self._uses_state |= BUILTINS[name].reads_game
            return self._builtin(BUILTINS[name], node, scope)
        self._unknown(name, loc, "function", [*p.funcs, *p.procs, *BUILTINS,
                                              *self.world.relations, *self.world.components])
        return CExpr(lambda rt, L: None, UNKNOWN, f"'{name}(...)'")

    def _arity(self, name: str, want: int, node: N.Call | N.CallStmt | N.Emit) -> bool:
        if len(node.args) != want:
            self.error(f"'{name}' takes {want} value(s), got {len(node.args)}", node.loc)
            return False
        return True

    def _kind_call(self, name: str, node: N.Call, scope: _Scope) -> CExpr:
        comp = self.world.components.get(name)
        if comp is None:
            return CExpr(lambda rt, L: None)
        self._arity(name, len(comp.decl.params), node)
        args = [self.value(a, scope) for a in node.args]
        loc, known = node.loc, self.world.kind_of

        def kind(rt, L):
            k = f"{name}({','.join(str(a(rt, L)) for a in args)})" if args else name
            if k not in known:
                raise _rule_error(f"there is no component {k}", loc)
            return k
        return CExpr(kind)

    def _builtin(self, b: Builtin, node: N.Call, scope: _Scope) -> CExpr:
        n = len(node.args)
        if n < b.min_args or (b.max_args is not None and n > b.max_args):
            want = str(b.min_args) if b.max_args == b.min_args else (
                f"{b.min_args} or more" if b.max_args is None else f"{b.min_args}-{b.max_args}")
            self.error(f"'{node.func}' takes {want} value(s), got {n}", node.loc)
            return CExpr(lambda rt, L: None)
        args = []
        for i, a in enumerate(node.args):
            if b.zone_args and i == 0:
                args.append(self.zone(a, scope).fn)
            else:
                args.append(self.value(a, scope))
        fn, loc = b.fn, node.loc
        if node.func in ("size", "empty"):  # the most used builtins, inlined
            z = args[0]

            def size(rt, L):
                v = z(rt, L)
                return sum(v.values()) if v.__class__ is dict else len(v)
            if node.func == "size":
                return CExpr(size)
            return CExpr(lambda rt, L: size(rt, L) == 0)
        if len(args) == 1:
            a0 = args[0]

            def call1(rt, L):
                try:
                    return fn(rt, a0(rt, L))
                except GameRuleError:
                    raise
                except Exception as exc:
                    raise _rule_error(f"{node.func}: {exc}", loc) from None
            return CExpr(call1)

        def call(rt, L):
            try:
                return fn(rt, *[a(rt, L) for a in args])
            except GameRuleError:
                raise
            except Exception as exc:
                raise _rule_error(f"{node.func}: {exc}", loc) from None
        return CExpr(call)

    def _e_ListLit(self, node: N.ListLit, scope: _Scope) -> CExpr:
        items = [self.value(i, scope) for i in node.items]
        return CExpr(lambda rt, L: [i(rt, L) for i in items])

    def _e_Arith(self, node: N.Arith, scope: _Scope) -> CExpr:
        fn = self.number(node.first, scope)
        for op, operand in zip(node.ops, node.rest, strict=True):
            fn = _arith(op, fn, self.number(operand, scope), node.loc)
        return CExpr(fn)

    def _e_Compare(self, node: N.Compare, scope: _Scope) -> CExpr:
        op = node.op
        left = self.value(node.left, scope)
        if op in ("in", "not in"):
            right_c = self.expr(node.right, scope)
            right = right_c.fn
            if right_c.sort == TABLE:
                table = self.world.tables[node.right.id]
                if op == "in":
                    return CExpr(lambda rt, L: left(rt, L) in table.rows)
                return CExpr(lambda rt, L: left(rt, L) not in table.rows)
            if op == "in":
                return CExpr(lambda rt, L: left(rt, L) in right(rt, L))
            return CExpr(lambda rt, L: left(rt, L) not in right(rt, L))
        right_c = self.value_c(node.right, scope)
        right = right_c.fn
        if op in ("<", "<=", ">", ">=") and right_c.constant is not None \
                and isinstance(right_c.constant[0], int):
            return CExpr(_order_with_constant(op, left, right_c.constant[0], node.loc))
        if op in ("<", "<=", ">", ">="):
            loc = node.loc

            def order(rt, L, f=_ORDER[op]):
                a, b = left(rt, L), right(rt, L)
                try:
                    return f(a, b)
                except TypeError:
                    raise _rule_error(f"cannot compare {a!r} with {b!r}", loc) from None
            return CExpr(order)
        if right_c.constant is not None:
            (rv,) = right_c.constant
            if op == "==":
                return CExpr(lambda rt, L: left(rt, L) == rv)
            return CExpr(lambda rt, L: left(rt, L) != rv)
        if op == "==":
            return CExpr(lambda rt, L: left(rt, L) == right(rt, L))
        return CExpr(lambda rt, L: left(rt, L) != right(rt, L))

    def _e_BoolOp(self, node: N.BoolOp, scope: _Scope) -> CExpr:
        items = [self.value(i, scope) for i in node.items]
        if node.op == "and":
            if len(items) == 2:
                a, b = items
                return CExpr(lambda rt, L: True if a(rt, L) and b(rt, L) else False)
            return CExpr(lambda rt, L: all(i(rt, L) for i in items))
        if len(items) == 2:
            a, b = items
            return CExpr(lambda rt, L: bool(a(rt, L)) or bool(b(rt, L)))
        return CExpr(lambda rt, L: any(i(rt, L) for i in items))

    def _e_Not(self, node: N.Not, scope: _Scope) -> CExpr:
        a = self.value(node.operand, scope)
        return CExpr(lambda rt, L: not a(rt, L))

    def _e_Neg(self, node: N.Neg, scope: _Scope) -> CExpr:
        a = self.number(node.operand, scope)
        return CExpr(lambda rt, L: -a(rt, L))

    def _e_IfExpr(self, node: N.IfExpr, scope: _Scope) -> CExpr:
        c, a, b = (self.value(x, scope) for x in (node.cond, node.then, node.other))
        return CExpr(lambda rt, L: a(rt, L) if c(rt, L) else b(rt, L))

    def source(self, binder: N.Binder, scope: _Scope) -> tuple[Fn, Fn | None]:
        """What a binder goes through (its `in` expression or every value of its type), and,
        when that is a zone, the zone itself."""
        if binder.source is not None:
            c = self.expr(binder.source, scope)
            if c.sort in (TABLE, FAMILY, PROC):
                self.error(f"cannot go through {c.what}", binder.source.loc)
            if binder.type is not None and not self.world.is_type(binder.type):
                self._unknown(binder.type, binder.loc, "type", self._type_names())
            fn = c.fn
            if c.sort == ZONE:
                return (lambda rt, L: items_of(fn(rt, L))), fn
            return fn, None
        if binder.type is None:
            self.error(f"say what '{binder.var}' goes through", binder.loc,
                       f"for example 'each player {binder.var}' or '{binder.var} in <list>'")
            return (lambda rt, L: []), None
        if not self.world.is_type(binder.type):
            self._unknown(binder.type, binder.loc, "type", self._type_names())
            return (lambda rt, L: []), None
        t, w = binder.type, self.world
        return (lambda rt, L: w.domain(t, rt.n)), None

    def _e_Query(self, node: N.Query, scope: _Scope) -> CExpr:
        b = node.binder
        scope.names.add(b.var)
        src, zone_fn = self.source(b, scope)
        var, loc = b.var, node.loc
        where = self.value(b.where, scope) if b.where is not None else None
        value = None
        if node.value is not None:
            value = self.number(node.value, scope) if node.kind in ("sum", "max", "min") \
                else self.value(node.value, scope)
        kind = node.kind
        if kind == "count" and zone_fn is not None:
            if where is None:
                return CExpr(lambda rt, L: size_of(zone_fn(rt, L)))

            def count_zone(rt, L):
                z, total = zone_fn(rt, L), 0
                if z.__class__ is dict:
                    for k, n in z.items():
                        L[var] = k
                        if where(rt, L):
                            total += n
                    return total
                for k in z:
                    L[var] = k
                    if where(rt, L):
                        total += 1
                return total
            return CExpr(count_zone)

        def chosen(rt, L):
            out = []
            for x in src(rt, L):
                L[var] = x
                if where is None or where(rt, L):
                    out.append(x)
            return out

        if kind == "count":
            return CExpr(lambda rt, L: len(chosen(rt, L)))
        if kind == "any":
            def any_(rt, L):
                for x in src(rt, L):
                    L[var] = x
                    if where is None or where(rt, L):
                        return True
                return False
            return CExpr(any_)
        if kind == "every":
            def every(rt, L):
                for x in src(rt, L):
                    L[var] = x
                    if where is not None and not where(rt, L):
                        return False
                return True
            return CExpr(every)
        if kind == "first":
            def first(rt, L):
                for x in src(rt, L):
                    L[var] = x
                    if where is None or where(rt, L):
                        return x
                return None
            return CExpr(first)
        if kind == "random":
            self._uses_state = True
            def pick(rt, L):
                options = chosen(rt, L)
                return options[rt.random_below(len(options))] if options else None
            return CExpr(pick)

        def values(rt, L):
            out = []
            for x in src(rt, L):
                L[var] = x
                if where is None or where(rt, L):
                    out.append(value(rt, L))
            return out
        if kind == "list":
            return CExpr(values)
        if kind == "sum":
            return CExpr(lambda rt, L: sum(values(rt, L)))
        if kind == "distinct":
            return CExpr(lambda rt, L: list(dict.fromkeys(values(rt, L))))
        pick_fn = max if kind == "max" else min

        def extreme(rt, L):
            found = values(rt, L)
            if not found:
                raise _rule_error(f"{kind} of nothing: no value passed the filter", loc)
            return pick_fn(found)
        return CExpr(extreme)

    def _format(self, text: str, scope: _Scope, loc: N.Loc) -> Fn:
        """A text with {expressions} -> a closure that fills them in with labels."""
        parts: list[Any] = []
        for i, piece in enumerate(re.split(r"\{([^{}]*)\}", text)):
            if i % 2 == 0:
                if piece:
                    parts.append(piece)
                continue
            try:
                node = parse_expr(piece, loc)
            except RulesetError as exc:
                self.errors.append(exc)
                continue
            parts.append(self.value(node, scope))
        if all(isinstance(p, str) for p in parts):
            fixed = "".join(parts)
            return lambda rt, L: fixed

        world = self.world

        def render(rt, L):
            label = rt.label if rt is not None else world.label
            return "".join(p if p.__class__ is str else label(p(rt, L)) for p in parts)
        return render


def _order_with_constant(op: str, left: Fn, n: int, loc: N.Loc) -> Fn:
    """`x > 0` and the like: the most common comparisons, without a call for the constant."""
    def fail(a):
        raise _rule_error(f"cannot compare {a!r} with {n!r}", loc)

    def lt(rt, L):
        a = left(rt, L)
        return a < n if a.__class__ is int else fail(a)

    def le(rt, L):
        a = left(rt, L)
        return a <= n if a.__class__ is int else fail(a)

    def gt(rt, L):
        a = left(rt, L)
        return a > n if a.__class__ is int else fail(a)

    def ge(rt, L):
        a = left(rt, L)
        return a >= n if a.__class__ is int else fail(a)
    return {"<": lt, "<=": le, ">": gt, ">=": ge}[op]


_ORDER = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
          ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _arith(op: str, a: Fn, b: Fn, loc: N.Loc) -> Fn:
    def guard(f):
        def run(rt, L):
            x, y = a(rt, L), b(rt, L)
            try:
                return f(x, y)
            except (TypeError, ZeroDivisionError):
                raise _rule_error(f"cannot compute {x!r} {op} {y!r}", loc) from None
        return run
    if op == "+":
        return guard(lambda x, y: x + y)
    if op == "-":
        return guard(lambda x, y: x - y)
    if op == "*":
        return guard(lambda x, y: x * y)
    if op == "//":
        return guard(lambda x, y: x // y)
    return guard(lambda x, y: x % y)


def _family_lookup(name: str, args: list[Fn], is_zone: bool, loc: N.Loc) -> Fn:
    store = "Z" if is_zone else "V"
    if len(args) == 1:
        a0 = args[0]

        def one(rt, L):
            family = rt.Z[name] if is_zone else rt.V[name]
            k = a0(rt, L)
            if k.__class__ is str:
                try:
                    return family[k]
                except KeyError:
                    raise _rule_error(f"'{name}' has no entry for {rt.label(k)}", loc) from None
            if k.__class__ is list:
                return _merge([family[_key(x)] for x in k]) if is_zone else \
                    [family[_key(x)] for x in k]
            try:
                return family[k if k.__class__ is str else str(k)]
            except KeyError:
                raise _rule_error(f"'{name}' has no entry for {rt.label(k)}", loc) from None
        return one

    def many(rt, L):
        k = _keys([a(rt, L) for a in args])
        try:
            return getattr(rt, store)[name][k]
        except KeyError:
            raise _rule_error(f"'{name}' has no entry for {k}", loc) from None
    return many


def _merge(contents: list[Any]) -> Any:
    """Several zones read as one (e.g. the businesses on all neighbouring plots)."""
    if contents and contents[0].__class__ is list:
        out_list: list = []
        for c in contents:
            out_list.extend(c)
        return out_list
    out: dict[str, int] = {}
    for c in contents:
        for k, v in c.items():
            out[k] = out.get(k, 0) + v
    return out


def _walk(node: Any):
    """Every node in a tree (or list of trees), depth first."""
    if isinstance(node, N.Node):
        yield node
        for value in vars(node).values():
            yield from _walk(value)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item)


def _emitted_events(decls: list[N.Decl]) -> set[str]:
    return {n.event for n in _walk(decls) if isinstance(n, N.Emit)}


def _depth(decl: N.ProcDecl) -> int:
    """How many rules a guarded replacement stands on (names its fallback uniquely)."""
    n = 0
    while decl.fallback is not None:
        n, decl = n + 1, decl.fallback
    return n


def _binder_names(node: Any) -> set[str]:
    return {n.var for n in _walk(node) if isinstance(n, N.Binder)}


def _assigned_names(body: list[N.Stmt]) -> set[str]:
    """Locals of a procedure: let, for, choose and binder names anywhere in its body."""
    found = _binder_names(body)
    for n in _walk(body):
        if isinstance(n, N.Let):
            found.add(n.name)
        elif isinstance(n, N.Choose | N.Options):
            found.add(n.var)
    return found


from .procedures import _ProcBuilder  # noqa: E402  (statements build on the expression compiler)
