"""Checked syntax tree -> Python code: the declarations (expressions.py compiles each
expression, statements.py each procedure).

One pass over every declaration resolves each name, checks argument counts and kinds (a zone
where a number is needed, a table without a key, ...) and turns each expression into Python
source, compiled once by Python: a `define` becomes a Python function `_F_<name>(rt, ...)`, an
expression inside a procedure becomes part of that procedure's generated function
(statements.py), and an expression for a tool a lambda of (rt, L) (rt: the running game, L: the
locals of the current frame). Functions of the game state are cached per game until a rule
changes what they read; what every item of a query uses is computed once (hoisting.py).
Errors are collected, not raised one at a time, so `rules check` lists them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.engine import support
from interpreter.engine.codecache import CodeCache
from interpreter.engine.expressions import ExpressionCompiler, attribute_table
from interpreter.engine.flat import flat_layout, flat_position, flat_read
from interpreter.engine.hoisting import (
    hoist_call_arguments,
    inlinable_functions,
    number_functions,
)
from interpreter.engine.kind_check import NUMBER, TEXT, KindChecker
from interpreter.engine.log_facts import filled
from interpreter.engine.program import (
    PLAIN_TYPES,
    ZONE,
    Func,
    Proc,
    Program,
    Scope,
    VarInfo,
    ZoneInfo,
)
from interpreter.engine.secrecy import leaks, private_functions, private_names
from interpreter.engine.showing import shown_label, tell_watch
from interpreter.engine.statements import (
    ProcBuilder,
    call_graph,
    fallback_name,
    framed_procedures,
    py_name,
    recursive_procedures,
    shown_to,
    shuffle,
    var_key,
)
from interpreter.engine.world import (
    MAX_KINDS,
    MAX_PLAYERS,
    PLAYER,
    SetupOnly,
    World,
    enumerate_kinds,
)
from interpreter.language import nodes as N
from interpreter.language.errors import (
    PYTHON_ERRORS,
    GameRuleError,
    RulesetError,
    did_you_mean,
    explain,
)

MAX_FAMILY = 1_000_000  # entries of one zone or variable family
MAX_FLAT = 100_000  # entries of a family kept as a flat list (engine/flat.py); larger: a dict


class Compiler(ExpressionCompiler):
    def __init__(self, world: World, decls: list[N.Decl], player_counts: list[int] | None = None,
                 code_cache: CodeCache | None = None):
        self.world = world
        self.code_cache = code_cache
        self.player_counts = player_counts or list(range(1, MAX_PLAYERS + 1))
        self._uses_state = False  # while compiling a function: does it read the game state?
        self._in_function = False  # ... (its reads go through Game.ZT and Game.VT)
        self._callees: set[str] = set()
        self._facts: dict[str, tuple[bool, set[str]]] = {}
        self._reads: set[str] = set()  # while compiling a function: zones and variables read
        self._random = False  # ... and whether it draws at random
        self._costly = False  # ... and whether it goes through a type or copies in a function
        self._heavy: dict[str, bool] = {}  # function -> worth caching
        self._invariant: set[int] = set()  # nodes of the query being compiled to hoist
        self._list_items: dict[str, int] = {}  # query variable -> items each of its lists has
        self._number_items: set[str] = set()  # ... whole numbers only
        self._item_bounds: dict[str, list[tuple[int, int]]] = {}  # ... and their least, most
        self._hoisted: list[tuple[str, str]] = []  # ... and their Python names and sources
        self._drawing = _drawing_functions(decls)
        self._gives_texts: dict[str, bool] = {}  # function -> gives a list of texts only
        self._numeric = number_functions(decls)  # functions of numbers: never cached
        self._inline = inlinable_functions(decls, {
            d.name for d in decls if isinstance(d, N.VarDecl | N.ZoneDecl)} | {"player_count"},
            self._numeric)
        self._reads_of: dict[str, tuple[set[str], bool]] = {}
        self.memo_slots: dict[str, int] = {}  # function -> its cache in Game.memo
        self.dependents: dict[str, list[int]] = {}  # zone or variable -> caches to forget
        self._proc_decls: list[N.ProcDecl] = []
        self._outside = False  # compiling a tool's expression (after the rules): see _e_Call
        self.name_kinds: dict[int, dict[str, str | None]] = {}  # _infer_kinds
        self.errors: list[RulesetError] = []
        self.program = Program(world, {})
        self.decl_list = decls
        self._counter = 0
        self._range_keys: dict[str, str | None] = {}
        self._flat_names: dict[str, str] = {}
        self._seats: str | None = None
        self._key_tables: dict[str, str | None] = {}
        self._component_names = {d.name for d in decls if isinstance(d, N.ComponentDecl)}
        self._attributes: tuple[int, set[str]] | None = None
        self.ns: dict[str, Any] = _namespace(world)
        for decl in decls:
            if isinstance(decl, N.TriggerDecl):
                self.program.triggers.setdefault(decl.event, []).append(decl.name)
            self.program.decls[decl.name] = decl

    # ------------------------------------------------------------------ entry
    def compile(self) -> Program:
        p = self.program
        for decl in self.decl_list:
            if isinstance(decl, N.ZoneDecl):
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
                if decl.visibility == "top":
                    self.error(f"variable '{decl.name}' is one value, it has no top: say "
                               "'public', 'owner' or 'hidden'", decl.loc)
                if decl.visibility == "owner" and (not decl.index or decl.index[0] != PLAYER):
                    self.error(f"variable '{decl.name}' is seen by its owner, so its first "
                               "index must be 'player'", decl.loc)
                p.vars[decl.name] = VarInfo(decl)
            elif isinstance(decl, N.ProcDecl):
                if decl.when is not None and decl.mode != "replace":
                    self.error(f"only a replacement can have a 'when': write 'replace procedure "
                               f"{decl.name}(...) when ...' in an overlay", decl.when.loc)
                name, version = decl.name, decl
                while version is not None:  # a guarded replacement keeps the rule it replaced
                    p.procs[name] = Proc(name, [x.name for x in version.params], version)
                    self._proc_decls.append(version)
                    name, version = fallback_name(name, version), version.fallback
            elif isinstance(decl, N.TriggerDecl):
                p.procs[decl.name] = Proc(decl.name, list(decl.params), decl)
            elif isinstance(decl, N.FuncDecl):
                p.funcs[decl.name] = Func(decl.name, [x.name for x in decl.params], decl)
        for name in p.funcs:
            self.ns[f"_F_{name}"] = _not_compiled(name)
        for decl in self._consts_in_order():
            if isinstance(decl, N.ConstDecl):
                fn = self.expr(decl.value, Scope(set(), decl.name)).fn
                try:  # bounded: constants that square each other stop at MAX_DIGITS
                    p.consts[decl.name] = support.bounded(fn(support.CheckBudget(
                        f"constant '{decl.name}'"), {}))
                except GameRuleError as exc:
                    self.error(f"constant '{decl.name}': {exc.message}", decl.loc)
                except Exception as exc:  # a constant must not need a game
                    why = "it reads the state of a game" if isinstance(exc, AttributeError) \
                        else explain(exc)
                    self.error(f"constant '{decl.name}' must be computable before a game "
                               f"starts ({why})", decl.loc)
        for info in [*p.zones.values(), *p.vars.values()]:
            info.index = [self._index_type(t, info.decl.loc) for t in info.decl.index]
            self._check_family_size(info.decl.name, info.index, info.decl.loc)
        p.flat = {name: layout for name, info in p.vars.items()
                  if (layout := flat_layout(info.index, MAX_FLAT)) is not None}
        for decl in self.decl_list:
            if isinstance(decl, N.ComponentDecl):
                self._component(decl)
        self._infer_kinds()
        for decl in self.decl_list:
            if isinstance(decl, N.VarDecl):
                p.vars[decl.name].init = self.value(decl.init, Scope(set(), decl.name))
            elif isinstance(decl, N.FuncDecl):
                self._func(decl)
        self._memoize_static_functions()
        self._memoize_dynamic_functions()
        for name, func in p.funcs.items():  # the generated function, cached or not, at last
            func.call = self.ns.get(f"_F_{name}")
        self._procedures()
        for key in [k for k in self.ns if k.startswith("_AT_")]:
            self.ns[key] = attribute_table(self.world.attrs, key[4:])
        self._check_entry_points()
        p.namespace = self.ns
        self._outside = True  # from now on: expressions of tools, checked at calls
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

    def _infer_kinds(self) -> None:
        """The kinds of the names of every rule, as far as the rules tell (kind_check):
        whole numbers and texts need no check where the code uses them. Kept for the kind
        check (check_value_kinds), which reports with the same kinds."""
        self.kinds = KindChecker(self.program)
        self.name_kinds = self.kinds.infer_for_code(self.decl_list)
        for name, kinds in self.kinds.param_kinds.items():
            relied = [k if k == NUMBER or self._text_kind(k) else None for k in kinds.values()]
            if any(relied):
                self.program.arg_kinds[name] = relied

    def fact_kind(self, node: N.Expr, decl: N.Decl) -> str | None:
        """The kind of a value that a log line of the rule `decl` fills in, as the rules
        tell it (kind_check; None where they do not): the line's facts (log_facts). The
        kind check's state is left as it was."""
        checker = self.kinds
        kept = checker.env, checker._reporting, dict(checker._func_kinds)
        checker.env, checker._reporting = self.name_kinds.get(id(decl), {}), False
        try:
            kind = checker.kind(node)
        except RecursionError:
            kind = None
        finally:
            checker.env, checker._reporting, checker._func_kinds = kept
        return str(kind) if kind is not None else None

    def _text_kind(self, kind: str | None) -> bool:
        """Whether every value of a kind is a text (a player, a type's value, a text)."""
        return kind is not None and (kind in (TEXT, PLAYER) or self.world.is_type(kind))

    def typed(self, scope: Scope, decl: N.Decl, py: dict[str, str]) -> Scope:
        """`scope` knowing which Python names (py: rule name -> Python name) hold whole
        numbers or texts in every run of the rule `decl` (see _infer_kinds)."""
        kinds = self.name_kinds.get(id(decl), {})
        scope.numbers |= {py[n] for n, k in kinds.items() if n in py and k == NUMBER}
        scope.texts |= {py[n] for n, k in kinds.items() if n in py and self._text_kind(k)}
        return scope

    def _consts_in_order(self) -> list[N.ConstDecl]:
        """Constants in an order where each comes after the constants it uses (the rule file
        may declare them in any order): by the length of their longest chain of uses, then
        as declared, in time linear in the uses; a circle is an error."""
        consts = {d.name: d for d in self.decl_list if isinstance(d, N.ConstDecl)}
        uses = {name: {n.id for n in N.walk(d.value) if isinstance(n, N.Name) and n.id in consts}
                for name, d in consts.items()}
        users: dict[str, list[str]] = {name: [] for name in consts}
        for name, used in uses.items():
            for other in used:
                users[other].append(name)
        waiting = {name: len(used) for name, used in uses.items()}
        depth = dict.fromkeys(consts, 0)
        ready = [name for name, n in waiting.items() if n == 0]
        for name in ready:  # grows as constants become ready
            for user in users[name]:
                depth[user] = max(depth[user], depth[name] + 1)
                waiting[user] -= 1
                if waiting[user] == 0:
                    ready.append(user)
        done = set(ready)
        for name in consts:
            if name not in done:
                self.error(f"constant '{name}' depends on itself (through "
                           f"{', '.join(sorted(uses[name] - done))})", consts[name].loc)
        place = {name: i for i, name in enumerate(consts)}
        return [consts[name] for name in sorted(ready, key=lambda n: (depth[n], place[n]))]

    def _check_entry_points(self) -> None:
        """The procedures and functions the engine calls must take what it gives them."""
        p = self.program
        for name in ("setup", "play", "final_scoring"):
            proc = p.procs.get(name)
            if proc is not None and proc.params:
                self.error(f"'procedure {name}()' is called by the engine and takes no values",
                           proc.decl.loc)
        for name in ("score", "tiebreak"):
            func = p.funcs.get(name)
            if func is not None and len(func.params) != 1:
                self.error(f"'define {name}(p)' is called by the engine with one player",
                           func.decl.loc)

    def error(self, message: str, loc: N.Loc, hint: str | None = None) -> None:
        self.errors.append(RulesetError(message, loc, hint))

    def _unknown(self, name: str, loc: N.Loc, what: str, candidates) -> None:
        self.error(f"unknown {what} '{name}'", loc, did_you_mean(name, candidates))

    def _param_type(self, param: N.Param) -> str:
        """A component parameter's type, a range's constant ends made numbers."""
        t = param.type or ""
        return self._index_type(t, param.loc) if ".." in t else t

    def _index_type(self, t: str, loc: N.Loc) -> str:
        """An index type of a family: a type, or a range of whole numbers whose ends may be
        constants ("1..size" becomes "1..3")."""
        if ".." not in t:
            if not self.world.is_type(t):
                self._unknown(t, loc, "type", self._type_names())
            return t
        ends = []
        for end in t.split(".."):
            value = int(end) if end.isdigit() else self.program.consts.get(end)
            if value.__class__ is not int:
                what = "not a constant" if end not in self.program.consts else \
                    "a constant that is not a whole number"
                self.error(f"the range {t}: '{end}' is {what}", loc,
                           "the ends of a range are whole numbers or constants")
                return "1..0"
            ends.append(value)
        low, high = ends
        if high < low or high - low >= MAX_KINDS:
            value = "" if t == f"{low}..{high}" else f" ({low}..{high})"
            self.error(f"the range {t}{value} must go up, and hold at most {MAX_KINDS} "
                       "numbers", loc)
            return "1..0"
        return f"{low}..{high}"

    def _check_family_size(self, name: str, index: list[str], loc: N.Loc) -> None:
        """A family holds one entry per combination of its indexes: refuse one too big to
        build (`var v[1..9999, 1..9999]` would be 10^8 entries)."""
        entries = 1
        for t in index:
            if t in self.world.components:
                continue  # its kinds are counted once the components are built
            entries *= len(self.world.domain(t, max(self.player_counts))) if \
                self.world.is_type(t) or ".." in t else 1
        if entries > MAX_FAMILY:
            self.error(f"'{name}' would hold {entries:,} entries, one for each combination of "
                       f"its indexes: at most {MAX_FAMILY:,} are allowed", loc)

    def _type_names(self) -> list[str]:
        w = self.world
        return [PLAYER, *w.enums, *w.entity_types, *w.components]

    # ------------------------------------------------------------------ declarations
    def _component(self, decl: N.ComponentDecl) -> None:
        names = {x.name for x in decl.params}
        scope = Scope(names, decl.name)
        if decl.count is None:
            self.error(f"component '{decl.name}' needs a 'count' line", decl.loc,
                       "for example 'count 9' or 'count card_counts[suit, value]'")
            return
        self._uses_state = False
        count = self.expr(decl.count, scope).fn
        # a count that reads the game may read the number of players (and nothing else)
        counts = self.player_counts if self._uses_state else None
        try:
            comp = enumerate_kinds(self.world, decl, MAX_PLAYERS,
                                   lambda b, n: count(support.CheckBudget(
                                       f"the count of '{decl.name}'") if n is None
                                                      else SetupOnly(n), b),
                                   counts, [self._param_type(x) for x in decl.params])
        except RulesetError as exc:
            self.errors.append(exc)
            return
        except PYTHON_ERRORS as exc:
            reason = ("it can use its parameters, constants, tables and player_count, not the "
                      "state of a game") if isinstance(exc, AttributeError) else explain(exc)
            self.error(f"cannot count component '{decl.name}': {reason}", decl.count.loc)
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
        """A `define` becomes a Python function `_F_<name>(rt, arg, ...)`."""
        self._check_param_types(decl.params)
        func = self.program.funcs[decl.name]
        args = {x.name: f"a_{x.name}" for x in decl.params}
        self._uses_state, self._callees = False, set()
        self._reads, self._random, self._costly = set(), False, False
        scope, before = self.typed(Scope(set(), decl.name, dict(args)), decl, args), ""
        body_node, hoisted = decl.body, []
        if self._inline and not self._draws(decl.body):
            body_node, hoisted = hoist_call_arguments(decl.body, self._inline)
        self._in_function = True
        try:
            for name, arg in hoisted:  # arguments computed first, so that calls are inlined
                py = f"i_{self.fresh_number()}"
                value = self.value_c(arg, scope)
                before += f"    {py} = {value.src}\n"
                scope = scope.with_name(name, py, number=value.number)
            loop = self._tail_loop(decl, body_node, scope, list(args.values()))
            compiled = self.value_c(body_node, scope) if loop is None else self._c("")
        finally:
            self._in_function = False
        self._gives_texts[decl.name] = compiled.texts
        self._facts[decl.name] = (self._uses_state, self._callees)
        self._reads_of[decl.name] = (self._reads, self._random)
        self._heavy[decl.name] = bool(self._callees) or self._costly
        head = f"def _F_{decl.name}(rt{''.join(', ' + a for a in args.values())}):\n"
        charge = f"rt.budget -= {support.STEP_WORK}\n"
        if loop is None:
            code = head + self.tables_once(f"{before}    {charge}    if rt.budget < 0: "
                                           f"rt.out_of_budget()\n    return {compiled.src}\n")
        else:  # each turn of the loop is a call of the function: the same work counted
            before = "".join(f"    {line}\n" for line in before.splitlines())
            code = head + self.tables_once(
                f"    while True:\n{before}        {charge}        if rt.budget < 0: "
                f"rt.out_of_budget({decl.name!r})\n" +
                "".join(f"        {line}\n" for line in loop))
        func.source = code
        exec(self.compiled(code, f"<define {decl.name}>"), self.ns)  # our own generated code
        ns, key, params = self.ns, f"_F_{decl.name}", func.params
        func.fn = lambda rt, L: ns[key](rt, *[L[p] for p in params])

    def _tail_loop(self, decl: N.FuncDecl, body: N.Expr, scope: Scope,
                   params: list[str]) -> list[str] | None:
        """A function that calls itself only as the last thing it does (`define
        closed(c, dc) = mine(c) or (theirs(c) and closed(c + dc, dc))`, a walk along a line)
        as the statements of a loop: each such call gives the parameters their new values and
        goes round again, instead of a Python call per step (and a limit on the depth). None
        for any other function."""
        name = decl.name
        if not _calls_itself_last(body, name, isinstance(body, N.BoolOp)):
            return None

        def lines(node: N.Expr, truth: bool) -> list[str]:
            """Statements that return what `node` gives (`truth`: as true or false)."""
            if isinstance(node, N.Call) and node.func == name:
                self._callees.add(name)
                if not self._arity(name, len(params), node):
                    return ["return None"]
                values = [self.value_c(a, scope).src for a in node.args]
                if not params:
                    return ["continue"]
                return [f"{', '.join(params)}, = {', '.join(values)},", "continue"]
            if isinstance(node, N.BoolOp):
                test = "if {}: return True" if node.op == "or" else "if not {}: return False"
                return [test.format(self.test_src(item, scope)) for item in node.items[:-1]] + \
                    lines(node.items[-1], True)
            if isinstance(node, N.IfExpr):
                return [f"if {self.test_src(node.cond, scope)}:",
                        *("    " + line for line in lines(node.then, truth)),
                        *lines(node.other, truth)]
            if truth:
                return [f"return True if {self.test_src(node, scope)} else False"]
            return [f"return {self.value_c(node, scope).src}"]
        return lines(body, False)

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
            self.ns[f"_F_{name}"] = _memo(self.ns[f"_F_{name}"])
            self.program.funcs[name].static = True

    def _memoize_dynamic_functions(self) -> None:
        """A function of the game state keeps its answers in a cache of the game (Game.memo)
        until a rule changes a zone or variable it reads (directly or through the functions it
        calls): the statements that change one forget the caches that depend on it
        (`forget_src`). Only functions that the rules use are cached (those only displays use
        would cost a forgetting at every change for nothing); never those that draw at random,
        nor those that call no other function and go through no type's values (cheaper to
        compute again)."""
        reads = {name: set(r) for name, (r, _) in self._reads_of.items()}
        drawn = {name for name, (_, random) in self._reads_of.items() if random}
        changed = True
        while changed:
            changed = False
            for name, (_, callees) in self._facts.items():
                for callee in callees:
                    if callee in reads and not reads[callee] <= reads[name]:
                        reads[name] |= reads[callee]
                        changed = True
                    if callee in drawn and name not in drawn:
                        drawn.add(name)
                        changed = True
        used, numeric = self._used_by_rules(), self._numeric
        for name, func in self.program.funcs.items():
            if func.static or name in drawn or name not in reads or not self._heavy[name] \
                    or name not in used or name in numeric:
                continue
            slot = self.memo_slots[name] = func.memo_slot = len(self.memo_slots)
            for read in reads[name]:
                self.dependents.setdefault(read, []).append(slot)
            self.program.memo_reads.append(frozenset(reads[name]))
            self.ns[f"_F_{name}"] = self._cached(name, slot, func.params)
        self.program.memo_slots = len(self.memo_slots)

    def _used_by_rules(self) -> set[str]:
        """The functions that procedures, triggers and the engine (score, tiebreak) call,
        directly or through other functions."""
        funcs = self.program.funcs
        todo = {"score", "tiebreak"} & set(funcs)
        for proc in self.program.procs.values():
            todo |= {n.func for n in N.walk(proc.decl) if isinstance(n, N.Call)} & set(funcs)
        used: set[str] = set()
        while todo:
            name = todo.pop()
            used.add(name)
            todo |= ({n.func for n in N.walk(funcs[name].decl.body) if isinstance(n, N.Call)}
                     & set(funcs)) - used
        return used

    def _cached(self, name: str, slot: int, params: list[str]) -> Callable:
        """The cached version of a function (generated: it runs for every call)."""
        args = [f"a_{i}" for i in range(len(params))]
        call = f"_I(rt{''.join(', ' + a for a in args)})"
        texts = " and ".join(f"{a}.__class__ is str" for a in args) or "True"
        key = "None" if not args else args[0] if len(args) == 1 else f"({', '.join(args)})"
        code = (f"def _F_{name}(rt{''.join(', ' + a for a in args)}):\n"
                f"    if {texts}:\n"  # texts only: 1 and true are equal keys but not equal
                f"        _c = rt.memo[{slot}]\n"
                f"        _v = _c.get({key}, _MISS)\n"
                f"        if _v is _MISS:\n"  # (in tracking mode, _c notes what it reads)
                f"            _v = _c[{key}] = {call}\n"
                f"        return _v\n"
                f"    return {call}\n")
        ns = {"_I": self.ns[f"_F_{name}"], "_MISS": _MISS}
        exec(self.compiled(code, f"<define {name}>"), ns)  # our own generated code
        return ns[f"_F_{name}"]

    def compiled(self, source: str, filename: str) -> Any:
        """Generated source compiled (or its code kept from another process's load)."""
        if self.code_cache is None:
            return compile(source, filename, "exec")
        return self.code_cache.compile(source, filename)

    def forget_src(self, zone_or_var: str | None) -> str | None:
        """Python source that forgets the cached answers depending on a zone or variable that
        a statement changes (None: not known which, so all), or None if nothing depends."""
        if zone_or_var is None:
            return "rt.forget()" if self.memo_slots else None
        slots = self.dependents.get(zone_or_var)
        if not slots:
            return None
        return "; ".join(f"rt.memo[{i}].clear()" for i in slots)

    def _check_param_types(self, params: list[N.Param]) -> None:
        for param in params:
            t = param.type
            if t is not None and t not in PLAIN_TYPES and ".." not in t and \
                    not self.world.is_type(t):
                self._unknown(t, param.loc, "type", [*self._type_names(), *PLAIN_TYPES])

    def _procedures(self) -> None:
        """Every procedure and trigger becomes a generated Python function (statements.py)."""
        p = self.program
        calls = call_graph(p.procs, p.triggers)
        framed = framed_procedures(p.procs, calls)
        self.errors += leaks(p, framed)
        p.private_reads = private_functions(p, private_names(p))
        recursive = recursive_procedures(calls)
        for i, (name, proc) in enumerate(p.procs.items()):
            proc.plain_fn, proc.framed_fn = py_name("_N", i, name), py_name("_P", i, name)
        for name, proc in p.procs.items():
            decl = proc.decl
            if isinstance(decl, N.ProcDecl) and name == decl.name:
                self._check_param_types(decl.params)
            names = set(proc.params) | _assigned_names(decl.body)
            source = ProcBuilder(self, proc, names, framed, name in recursive).build()
            filename = f"<rules {name}>"
            if name not in framed:  # its entry for the runtime loop: run it, then finish
                args = "".join(f", F[2][{i}]" for i in range(len(proc.params)))
                source += (f"def {proc.framed_fn}(rt, F):\n"
                           f"    return rt.finish(F, {proc.plain_fn}(rt{args}))\n")
                proc.line_locs += [decl.loc, decl.loc]
            p.line_locs[filename] = proc.line_locs
            try:
                code = self.compiled(source, filename)
            except SyntaxError as exc:  # a bug of the generator, never of the rules
                raise AssertionError(f"generated code of '{name}' does not compile: {exc}\n"
                                     f"{source}") from None
            exec(code, self.ns)  # our own generated code
        for name, proc in p.procs.items():
            p.entry[name] = self.ns[proc.framed_fn]

_MISS = object()


def _memo(fn: Callable) -> Callable:
    """Remember the answers of a function that depends only on its arguments."""
    cache: dict[tuple, Any] = {}

    def remembered(rt, *args):
        try:
            return cache[args]
        except KeyError:
            value = cache[args] = fn(rt, *args)
            return value
        except TypeError:  # an argument that cannot be a key (a list): just compute
            return fn(rt, *args)
    return remembered


def _namespace(world: World) -> dict[str, Any]:
    """What generated code may use besides its own constants."""
    return {
        "__builtins__": {"len": len, "sum": sum, "any": any, "all": all, "next": next,
                         "list": list, "dict": dict, "max": max, "min": min, "True": True,
                         "False": False, "None": None, "str": str, "int": int, "map": map},
        "_A": world.attrs, "_W": world, "_KINDS": world.kind_of,
        "_size": support.size, "_items": support.items, "_family": support.family,
        "_family_n": support.family_n, "_attr": support.attr, "_position": support.position,
        "_family_1": support.family_1, "_family_2": support.family_2,
        "_flat_read": flat_read, "_flat_position": flat_position,
        "_family_k": support.family_k,
        "_with_item": support.with_item, "_sort": support.sort_by,
        "_table_row": support.table_row, "_kind": support.kind, "_extreme": support.extreme,
        "_random": support.random_one, "_key": support.key_of, "_var_key": var_key,
        "_shuffle": shuffle, "_bounded": support.bounded, "_shown_to": shown_to,
        "_tell_watch": tell_watch,
        "_shown": shown_label, "_charge": support.charge, "_check_arg": support.check_arg,
        "_label": lambda rt, x: rt.label(x) if rt is not None else world.label(x),
        "_filled": filled,
    }


def _calls_itself_last(node: N.Expr, name: str, truths: bool) -> bool:
    """Whether a function's body calls the function `name`, and only as the last thing it
    does: the whole body, the last of an `and` / `or`, or a branch of an `if ... else` that
    is itself last. Under `and` / `or` only when the body is one (`truths`): every answer is
    then true or false, so the call's answer needs no turning into one."""
    def calls(n: N.Node) -> bool:
        return any(isinstance(x, N.Call) and x.func == name for x in N.walk(n))

    def last(n: N.Expr, in_truth: bool) -> bool | None:
        """True: calls itself, only last; None: never calls itself; False: otherwise."""
        if isinstance(n, N.Call) and n.func == name:
            return not in_truth or truths if not any(calls(a) for a in n.args) else False
        if isinstance(n, N.BoolOp) and n.items:
            if any(calls(item) for item in n.items[:-1]):
                return False
            return last(n.items[-1], True)
        if isinstance(n, N.IfExpr):
            if calls(n.cond):
                return False
            a, b = last(n.then, in_truth), last(n.other, in_truth)
            return None if a is None and b is None else a is not False and b is not False
        return None if not calls(n) else False
    return last(node, False) is True


def _not_compiled(name: str) -> Callable:
    def missing(rt, *args):
        raise GameRuleError(f"function '{name}' could not be compiled")
    return missing



def _drawing_functions(decls: list[N.Decl]) -> set[str]:
    """The functions that draw at random, directly or through the functions they call."""
    funcs = {d.name: d for d in decls if isinstance(d, N.FuncDecl)}
    calls = {name: {n.func for n in N.walk(d.body) if isinstance(n, N.Call)}
             for name, d in funcs.items()}
    found = {name for name, d in funcs.items()
             if any(isinstance(n, N.Query) and n.kind == "random" for n in N.walk(d.body))}
    changed = True
    while changed:
        changed = False
        for name in funcs:
            if name not in found and calls[name] & found:
                found.add(name)
                changed = True
    return found


def _emitted_events(decls: list[N.Decl]) -> set[str]:
    return {n.event for n in N.walk(decls) if isinstance(n, N.Emit)}


def _binder_names(node: Any) -> set[str]:
    return {n.var for n in N.walk(node) if isinstance(n, N.Binder)}


def _assigned_names(body: list[N.Stmt]) -> set[str]:
    """Locals of a procedure: let, for, choose and binder names anywhere in its body."""
    found = _binder_names(body)
    for n in N.walk(body):
        if isinstance(n, N.Let):
            found.add(n.name)
        elif isinstance(n, N.Choose | N.SecretChoose | N.Options):
            found.add(n.var)
    return found



