"""Kind checking: values of the wrong kind found when a ruleset is checked, before any game.

Every expression whose kind can be known from the rules alone gets one: a number, a text, yes
or no, a type (an enumeration, a kind of entity, `player`, a component), or a list of one of
these. From the kinds it reports, at file:line:column:

- an index of the wrong kind for a zone or variable family, or a piece of a component (a
  number where a column is expected, a player where a number is);
- a number outside the range a family or a component parameter is declared with (`height[9]`
  for `var height[1..7]`, `card(red, 7)` for `value: 4..6`);
- a comparison of values of different kinds (a column with a player): never equal, so surely a
  mistake.

A parameter has the kind every call of its rule gives it (used for indexes only: a rule may
compare a parameter with a stand-in of another kind on purpose). What cannot be known (a
variable's value, a table cell of mixed kinds, none) is never an error: the check only speaks
when it is sure. Names are function-wide, as in the language: a name bound
in several places has a kind only when every binding gives the same one.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.engine.program import Program
from interpreter.engine.world import PLAYER, World
from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError
from interpreter.language.parser import parse_expr

NUMBER, TEXT, TRUTH = "number", "text", "yes/no"
LIST = "list of "
Kind = str | None  # None: not known

_BUILTIN_KINDS = {"size": NUMBER, "seat": NUMBER, "half": NUMBER, "index_of": NUMBER,
                  "empty": TRUTH, "next_player": PLAYER, "previous_player": PLAYER,
                  "clockwise_from": LIST + PLAYER, "counterclockwise_from": LIST + PLAYER,
                  "numbers": LIST + NUMBER, "label": TEXT, "join": TEXT, "pad": TEXT,
                  "pad_left": TEXT, "repeat": TEXT}
_ORDINALS = ("first", "second", "third", "fourth")


def check_value_kinds(program: Program, decls: list[N.Decl],
                      checker: KindChecker | None = None) -> list[RulesetError]:
    """Every kind error of the ruleset's rules (see the module docstring). `checker`: one
    whose parameters' kinds are known already (the compiler's, from infer_for_code)."""
    if checker is None:
        checker = KindChecker(program)
        try:
            checker.infer_parameters(decls)
        except RecursionError:  # thousands of functions calling each other: not known
            checker.param_kinds = {}
    for decl in decls:
        try:
            checker.declaration(decl)
        except RecursionError:  # ... and left unchecked
            checker.env = {}
    return sorted(checker.errors, key=lambda e: (e.loc.file, e.loc.line, e.loc.column)
                  if e.loc is not None else ("", 0, 0))


class KindChecker:
    def __init__(self, program: Program):
        self.program = program
        self.world: World = program.world
        self.errors: list[RulesetError] = []
        self._seen: set[tuple[str, int, int]] = set()
        self._attr_kinds: dict[tuple[str, str], Kind] = {}
        self._func_kinds: dict[str, Kind] = {}
        self._reporting = True
        self.env: dict[str, Kind] = {}
        self.param_kinds: dict[str, dict[str, Kind]] = {}  # rule -> parameter -> kind
        # one walk of each declaration's tree, kept: its nodes, and the names it binds
        self._walked: dict[int, tuple[N.Decl, list[N.Node]]] = {}
        self._bound: dict[int, tuple[list[tuple[str, N.Node | None]], list[N.Assign]]] = {}
        self._templates: dict[int, tuple[N.Decl, list[N.Node]]] = {}  # _template_nodes
        # a rule's calls, with the kinds of its parameters they were worked out with
        self._sites: dict[int, tuple[dict[str, Kind], list[tuple[str, list[Kind]]]]] = {}

    def _nodes(self, decl: N.Decl) -> list[N.Node]:
        """Every node of a declaration, in the order written (walked once per check)."""
        got = self._walked.get(id(decl))
        if got is None or got[0] is not decl:
            got = self._walked[id(decl)] = (decl, list(N.walk(decl)))
        return got[1]

    # ---------------------------------------------------------------- declarations
    def declaration(self, decl: N.Decl) -> None:
        """Check every expression of a declaration, with the kinds of its names."""
        self.env = self._names(decl, self._parameters(decl))
        for node in _outermost_expressions(decl):
            self.kind(node)  # checks its parts too
        for node, text in _texts(decl):  # the {expressions} of its texts, at the text's place
            for piece in re.findall(r"\{([^{}]*)\}", text):
                try:
                    self.kind(parse_expr(piece, node.loc))
                except RulesetError:
                    pass  # the compiler reports it
        for node in self._nodes(decl):  # `family[key] = ...`: the keys, as when reading
            if isinstance(node, N.Assign) and node.index and node.name not in self.env:
                info = self.program.vars.get(node.name)
                if info is not None and info.index:
                    self._check_indexes(f"'{node.name}'", info.index, node.index,
                                        [self.kind(a) for a in node.index])

    def _parameters(self, decl: N.Decl) -> dict[str, Kind]:
        """The kinds of a rule's parameters, as far as its callers tell (a declared type is
        not checked when called: a rule may pass another kind on purpose)."""
        known = self.param_kinds.get(decl.name, {})
        return {p.name if isinstance(p, N.Param) else p: known.get(
            p.name if isinstance(p, N.Param) else p) for p in getattr(decl, "params", [])}

    def infer_parameters(self, decls: list[N.Decl]) -> None:
        """A parameter has a kind when every call of its rule in the rules (and the engine's
        calls of score and tiebreak, with a player) gives it that kind. Such a kind is only
        used to check indexes, never comparisons (see _Inferred)."""
        p = self.program
        reporting, self._reporting = self._reporting, False
        try:
            for _ in range(3):  # a caller's parameters may get a kind in the pass before
                calls: dict[str, list[list[Kind]]] = {
                    name: [[PLAYER]] for name in ("score", "tiebreak") if name in p.funcs}
                for decl in decls:
                    self.env = self._names(decl, self._parameters(decl))
                    for node in self._nodes(decl):
                        for callee in _callees(node, p):
                            calls.setdefault(callee, []).append(
                                [self.kind(a) for a in node.args])
                self._func_kinds = {}
                self.param_kinds = {callee: _common(p.decls.get(callee), sites)
                                    for callee, sites in calls.items()}
        finally:
            self._reporting = reporting
            self._func_kinds = {}

    def infer_for_code(self, decls: list[N.Decl]) -> dict[int, dict[str, Kind]]:
        """id of a rule's declaration -> name -> kind, for the code generator: kinds that
        hold for every value a name can take when the rule runs from the rules (a tool that
        calls a rule from outside is checked at the door: Program.arg_kinds). Unlike
        infer_parameters, a parameter's kind may come through calls of the rule by itself (a
        walk along a line, `closed(c + dc, dc)`): the kinds are first guessed from the calls
        that tell, then kept only where every call gives them, with every guess made, until
        none changes, so each kind found holds by induction over the calls."""
        p = self.program
        reporting, self._reporting = self._reporting, False
        try:
            for _ in range(20):  # the guess: what the calls that tell give, passed on
                guessed = {callee: _common(p.decls.get(callee), sites, guess=True)
                           for callee, sites in self._call_sites(decls).items()}
                if guessed == self.param_kinds:
                    break
                self.param_kinds = guessed
            for _ in range(50):  # then kept only where every call agrees
                calls = self._call_sites(decls)
                kept = {callee: {name: kind if kind is not None and all(
                    len(site) == len(kinds) and site[i] == kind
                    for site in calls.get(callee, [])) else None
                    for i, (name, kind) in enumerate(kinds.items())}
                    for callee, kinds in self.param_kinds.items()}
                if kept == self.param_kinds:
                    break
                self.param_kinds = kept
            else:  # did not settle: nothing is known of any parameter
                self.param_kinds = {}
            out = {}
            for decl in decls:
                if isinstance(decl, N.FuncDecl | N.ProcDecl | N.TriggerDecl):
                    out[id(decl)] = self._names(decl, self._parameters(decl))
            return out
        except RecursionError:
            return {}
        finally:
            self._reporting = reporting
            self._func_kinds = {}

    def _call_sites(self, decls: list[N.Decl]) -> dict[str, list[list[Kind]]]:
        """Rule -> the kinds of the values each call in the rules gives it (the engine
        calls score and tiebreak with a player). A rule's calls are worked out again only
        when the kinds of its parameters have changed (kept in self._sites)."""
        p = self.program
        calls: dict[str, list[list[Kind]]] = {
            name: [[PLAYER]] for name in ("score", "tiebreak") if name in p.funcs}
        for decl in decls:
            params = self._parameters(decl)
            kept = self._sites.get(id(decl))
            if kept is None or kept[0] != params:
                self.env = self._names(decl, params)
                kept = self._sites[id(decl)] = (params, [
                    (callee, [self.kind(a) for a in node.args])
                    for node in [*self._nodes(decl), *self._template_nodes(decl)]
                    for callee in _callees(node, p)])
            for callee, kinds in kept[1]:
                calls.setdefault(callee, []).append(kinds)
        return calls

    def _template_nodes(self, decl: N.Decl) -> list[N.Node]:
        """Every node of the {expressions} in a declaration's texts (a log line, a prompt, a
        component's display): their calls are calls too."""
        got = self._templates.get(id(decl))
        if got is None or got[0] is not decl:
            nodes: list[N.Node] = []
            texts = [(decl, decl.display)] if isinstance(decl, N.ComponentDecl) and \
                isinstance(decl.display, str) else list(_texts(decl))
            for node, text in texts:
                for piece in re.findall(r"\{([^{}]*)\}", text):
                    try:
                        nodes += N.walk(parse_expr(piece, node.loc))
                    except RulesetError:
                        pass  # the compiler reports it
            got = self._templates[id(decl)] = (decl, nodes)
        return got[1]

    def _names(self, decl: N.Decl, params: dict[str, Kind]) -> dict[str, Kind]:
        """The kind of each name a declaration binds (params, let, for, choose, queries): one
        kind if every binding gives it, else not known."""
        bound = self._bound.get(id(decl))
        if bound is None or self._walked[id(decl)][0] is not decl:
            binders: list[tuple[str, N.Node | None]] = []
            assigns: list[N.Assign] = []
            for node in self._nodes(decl):
                if isinstance(node, N.Binder):
                    binders.append((node.var, node))
                elif isinstance(node, N.Let):
                    binders.append((node.name, node.value))
                elif isinstance(node, N.Choose):
                    binders.append((node.var, node))
                elif isinstance(node, N.Options):
                    binders.append((node.var, None))
                elif isinstance(node, N.Assign) and node.index is None:
                    assigns.append(node)
            bound = self._bound[id(decl)] = (binders, assigns)
        bindings = list(bound[0])
        names = {name for name, _ in bindings} | set(params)
        bindings += [(n.name, n.value) for n in bound[1]  # a local given a new value
                     if n.name in names]
        env: dict[str, Kind] = {n: params.get(n) for n in names}
        reporting, self._reporting = self._reporting, False  # errors come when checking
        try:
            for _ in range(3):  # a name's kind may come from another's
                found: dict[str, set[Kind]] = {n: set() for n in names}  # a parameter
                # may be bound again (`for each player p` in a procedure of `p`)
                self.env = env
                for name, node in bindings:
                    found[name].add(self._binding_kind(node))
                for name in found:
                    kinds = found[name] | ({params[name]} if name in params else set())
                    env[name] = kinds.pop() if len(kinds) == 1 else None
        finally:
            self._reporting = reporting
        return env

    def _binding_kind(self, node: N.Node | None) -> Kind:
        if isinstance(node, N.Binder):
            return self._binder_kind(node)
        if isinstance(node, N.Choose):
            return _item(self.kind(node.options)) if node.options is not None else None
        if isinstance(node, N.Expr):
            if isinstance(node, N.Call) and node.func in self.program.procs:
                return None
            return self.kind(node)
        return None

    def _binder_kind(self, b: N.Binder) -> Kind:
        if b.type is not None:
            return self._type_kind(b.type)
        if b.source is None:
            return None
        return _item(self.kind(b.source))

    def _type_kind(self, t: str | None) -> Kind:
        """The kind of the values of a declared type."""
        if t is None:
            return None
        if ".." in t or t == "number":
            return NUMBER
        if t == "text":
            return TEXT
        if t == "bool":
            return TRUTH
        return t if self.world.is_type(t) else None

    # ---------------------------------------------------------------- expressions
    def kind(self, node: N.Expr | None) -> Kind:
        if node is None:
            return None
        method = getattr(self, "_k_" + type(node).__name__, None)
        return method(node) if method is not None else None

    def _k_Num(self, node: N.Num) -> Kind:
        return NUMBER

    def _k_Neg(self, node: N.Neg) -> Kind:
        return NUMBER if self.kind(node.operand) == NUMBER else None

    def _k_Str(self, node: N.Str) -> Kind:
        return TEXT

    def _k_Bool(self, node: N.Bool) -> Kind:
        return TRUTH

    def _k_Not(self, node: N.Not) -> Kind:
        self.kind(node.operand)
        return TRUTH

    def _k_BoolOp(self, node: N.BoolOp) -> Kind:
        kinds = {self.kind(i) for i in node.items}
        return TRUTH if kinds == {TRUTH} else None

    def _k_Arith(self, node: N.Arith) -> Kind:
        items = [node.first, *node.rest]
        known = [self.kind(x) for x in items]
        lists = [k for k in known if k is not None and k.startswith(LIST)]
        for x, k in zip(items, known, strict=True):  # `LIST + (x)`: one item is `[x]`
            if lists and k is not None and not k.startswith(LIST) \
                    and not isinstance(k, _Inferred) and x is not None:
                self.report(f"cannot join {_words(k)} to {_words(lists[0])}: `+` joins a "
                            f"list to a list only", x.loc, "write the item in brackets, "
                            "[x], for a list of one item")
        kinds = set(known)
        if len(kinds) != 1:
            return None
        kind = kinds.pop()
        if kind == NUMBER or (set(node.ops) == {"+"} and kind is not None
                              and (kind == TEXT or kind.startswith(LIST))):
            return kind  # numbers; texts or lists joined
        return None

    def _k_IfExpr(self, node: N.IfExpr) -> Kind:
        self.kind(node.cond)
        a, b = self.kind(node.then), self.kind(node.other)
        return a if a == b else None

    def _k_ListLit(self, node: N.ListLit) -> Kind:
        kinds = {self.kind(i) for i in node.items}
        return LIST + kinds.pop() if len(kinds) == 1 and None not in kinds else None

    def _k_Name(self, node: N.Name) -> Kind:
        name, p = node.id, self.program
        if name in self.env:
            return self.env[name]
        if name in p.consts:
            return self.value_kind(p.consts[name])
        if name == "player_count":
            return NUMBER
        if name in p.vars or name in p.zones or name in self.world.tables:
            return None
        if name in self.world.member_of:
            return self.value_kind(name)
        return LIST + name if self.world.is_type(name) else None  # a type: all its values

    def value_kind(self, value: Any) -> Kind:
        """The kind of a value known before a game (a constant, a table cell, an attribute)."""
        if isinstance(value, bool):
            return TRUTH
        if isinstance(value, int):
            return NUMBER
        if isinstance(value, str):
            return self.world.member_of.get(value) or self.world.kind_of.get(value) or TEXT
        if isinstance(value, list):
            kinds = {self.value_kind(v) for v in value}
            return LIST + kinds.pop() if len(kinds) == 1 and None not in kinds else None
        return None

    def _k_Attr(self, node: N.Attr) -> Kind:
        base = self.kind(node.obj)
        if base is None or base.startswith(LIST):
            return None
        if node.name == "name":
            return TEXT
        key = (base, node.name)
        if key not in self._attr_kinds:
            self._attr_kinds[key] = self._attribute_kind(base, node.name)
        return self._attr_kinds[key]

    def _attribute_kind(self, base: str, name: str) -> Kind:
        comp = self.world.components.get(base)
        if comp is not None:
            types = {p.name: p.type for p in comp.decl.params}
            return self._type_kind(types.get(name))
        try:
            members = self.world.domain(base, 1)
        except KeyError:
            return None
        kinds = {self.value_kind(self.world.attrs.get(m, {}).get(name)) for m in members}
        return kinds.pop() if len(kinds) == 1 else None

    def _k_Compare(self, node: N.Compare) -> Kind:
        left, right = self.kind(node.left), self.kind(node.right)
        if node.op not in ("in", "not in") and _apart(left, right):
            self.report(f"compares {_words(left)} with {_words(right)}: values of different "
                        "kinds are never equal", node.loc,
                        "did you mean an attribute of one of them (for example '.owner')?")
        return TRUTH

    def _k_Query(self, node: N.Query) -> Kind:
        b = node.binder
        if b is not None:
            self.kind(b.source)
            self.kind(b.where)
        value = self.kind(node.value)
        if node.kind in ("count", "sum"):
            return NUMBER
        if node.kind in ("any", "every"):
            return TRUTH
        if node.kind in ("max", "min"):
            return value if value == NUMBER else None
        item = self.env.get(b.var) if b is not None else None
        if node.kind in ("first", "random"):
            return item
        if node.kind in ("sort", "distinct") or (node.kind == "list" and value is None):
            return LIST + item if node.kind == "sort" and item else None
        return LIST + value if value else None

    def _k_Index(self, node: N.Index) -> Kind:
        args = [self.kind(a) for a in node.args]
        obj = node.obj
        if isinstance(obj, N.Name) and obj.id not in self.env:
            info = self.program.zones.get(obj.id) or self.program.vars.get(obj.id)
            if info is not None and info.index:
                self._check_indexes(f"'{obj.id}'", info.index, node.args, args)
                return None
            if obj.id in self.world.tables:
                self._check_table_keys(obj.id, node.args, args)
                return self._table_kind(obj.id, len(node.args))
        base = self.kind(obj)
        return _item(base) if len(args) == 1 else None

    def _check_table_keys(self, name: str, nodes: list[N.Expr], kinds: list[Kind]) -> None:
        """A table's row key (and a grid table's column) of the kind its rows (columns) have;
        a key known before the game that it has no row (column) for. A table with an `else`
        row takes any row key."""
        table = self.world.tables[name]
        wants = [("row", list(table.rows), table.has_default)]
        if table.decl.style == "grid":
            wants.append(("column", table.columns, False))
        for (what, keys, any_key), node, kind in zip(wants, nodes, kinds, strict=False):
            if any_key:
                continue
            key_kinds = {self.value_kind(k) for k in keys}
            want = key_kinds.pop() if len(key_kinds) == 1 else None
            if _apart(kind, want):
                self.report(f"the {what} key of table '{name}' is {_words(want)}, not "
                            f"{_words(kind)}", node.loc)
                continue
            value = self._constant_value(node)
            if value is not None and value not in keys:
                self.report(f"table '{name}' has no {what} for {_shown(value)}", node.loc)

    def _table_kind(self, name: str, keys: int) -> Kind:
        table = self.world.tables[name]
        if table.decl.style == "grid":
            if keys != 2:
                return None
            cells = [v for row in table.rows.values() for v in row.values()]
        else:
            cells = list(table.rows.values())
        if table.has_default:
            cells.append(table.default)
        kinds = {self.value_kind(v) for v in cells}
        return kinds.pop() if len(kinds) == 1 else None

    def _k_Call(self, node: N.Call) -> Kind:
        args = [self.kind(a) for a in node.args]
        name, p = node.func, self.program
        comp = self.world.components.get(name)
        if comp is not None and name not in p.funcs:
            self._check_indexes(f"the component '{name}'", comp.types, node.args, args)
            return name
        if name in p.funcs:
            return self._function_kind(name)
        if name in ("min_of", "max_of"):
            return NUMBER if args and set(args) == {NUMBER} else None
        if name in ("reverse", "without") and args:
            return args[0] if args[0] and args[0].startswith(LIST) else None
        if name in ("top", "kinds") and node.args:
            of = self._zone_of(node.args[0])
            return None if of is None else (of if name == "top" else LIST + of)
        return _BUILTIN_KINDS.get(name)

    def _function_kind(self, name: str) -> Kind:
        """The kind of what a function gives, whatever its arguments (if known)."""
        if name not in self._func_kinds:
            self._func_kinds[name] = None  # calls itself: not known
            decl = self.program.funcs[name].decl
            outer, reporting = self.env, self._reporting
            self._reporting = False
            try:
                self.env = self._names(decl, {x.name: None for x in decl.params})
                self._reporting = False
                self._func_kinds[name] = self.kind(decl.body)
            finally:
                self.env, self._reporting = outer, reporting
        return self._func_kinds[name]

    def _zone_of(self, node: N.Expr) -> Kind:
        """The component a zone expression holds (declared with `of`), if known."""
        target = node.obj if isinstance(node, N.Index) else node
        if isinstance(target, N.Name) and target.id in self.program.zones \
                and target.id not in self.env:
            return self.program.zones[target.id].decl.of
        return None

    # ---------------------------------------------------------------- the checks
    def _check_indexes(self, what: str, types: list[str], nodes: list[N.Expr],
                       kinds: list[Kind]) -> None:
        for i, (t, node, kind) in enumerate(zip(types, nodes, kinds, strict=False)):
            place = f"the {_ORDINALS[i]} index of {what}" if len(types) > 1 and i < 4 else \
                f"the index of {what}" if len(types) == 1 else f"index {i + 1} of {what}"
            if ".." in t:
                low, high = (int(x) for x in t.split(".."))
                value = self._constant_number(node)
                if kind is not None and kind != NUMBER:
                    self.report(f"{place} is a number from {low} to {high}, not "
                                f"{_words(kind)}", node.loc)
                elif value is not None and not low <= value <= high:
                    self.report(f"{place} goes from {low} to {high}: {value} is outside it",
                                node.loc)
                continue
            if kind is None or not self.world.is_type(t):
                continue
            item = kind[len(LIST):] if kind.startswith(LIST) else kind  # several entries
            if item != t and item != TEXT:
                self.report(f"{place} is {_words(t)}, not {_words(kind)}", node.loc)

    def _constant_value(self, node: N.Expr) -> Any:
        """A number, or a named value (a member, an entity, a player), known before the game."""
        number = self._constant_number(node)
        if number is not None:
            return number
        if isinstance(node, N.Name) and node.id not in self.env:
            if node.id in self.program.consts:
                value = self.program.consts[node.id]
                return value if isinstance(value, str) else None
            if node.id in self.world.member_of:
                return node.id
        return None

    def _constant_number(self, node: N.Expr) -> int | None:
        if isinstance(node, N.Num):
            return node.value
        if isinstance(node, N.Neg) and isinstance(node.operand, N.Num):
            return -node.operand.value
        if isinstance(node, N.Name) and node.id not in self.env:
            value = self.program.consts.get(node.id)
            return value if value.__class__ is int else None
        if isinstance(node, N.Arith) and set(node.ops) <= {"+", "-", "*"}:
            total = self._constant_number(node.first)
            for op, operand in zip(node.ops, node.rest, strict=True):
                value = self._constant_number(operand)
                if total is None or value is None:
                    return None
                total = total + value if op == "+" else total - value if op == "-" else \
                    total * value
            return total
        return None

    def report(self, message: str, loc: N.Loc, hint: str | None = None) -> None:
        key = (loc.file, loc.line, loc.column)
        if self._reporting and key not in self._seen:
            self._seen.add(key)
            self.errors.append(RulesetError(message, loc, hint))


def _texts(decl: N.Decl):
    """The texts with {expressions} of a declaration's statements, each with its statement."""
    for node in N.walk(decl):
        for text in (getattr(node, "text", None), getattr(node, "prompt", None),
                     getattr(node, "reason", None)):
            if isinstance(text, str) and isinstance(node, N.Stmt):
                yield node, text


class _Inferred(str):
    """A parameter's kind known from its callers: enough to check an index, but a rule may
    test it against another kind on purpose (a stand-in passed as a player)."""


def _callees(node: N.Node, program: Program) -> list[str]:
    """The rules a call node runs with its arguments (a trigger for each event emitted)."""
    if isinstance(node, N.Call | N.CallStmt):
        name = node.func if isinstance(node, N.Call) else node.name
        return [name] if name in program.procs or name in program.funcs else []
    if isinstance(node, N.Emit):
        return list(program.triggers.get(node.event, []))
    return []


def _common(decl: N.Decl | None, sites: list[list[Kind]],
            guess: bool = False) -> dict[str, Kind]:
    """Parameter -> the kind every call gives it (calls with another number of values are
    errors of their own: left out); `guess`: every call whose kind is known."""
    names = [p.name if isinstance(p, N.Param) else p for p in getattr(decl, "params", [])]
    sites = [s for s in sites if len(s) == len(names)]
    out: dict[str, Kind] = {}
    for i, name in enumerate(names):
        kinds = {s[i] for s in sites} - ({None} if guess else set())
        kind = kinds.pop() if len(kinds) == 1 else None
        out[name] = _Inferred(kind) if kind is not None else None
    return out


def _outermost_expressions(node: Any):
    """The expressions of a declaration that are not part of another expression."""
    if isinstance(node, N.Expr):
        yield node
    elif isinstance(node, N.Node):
        for value in vars(node).values():
            yield from _outermost_expressions(value)
    elif isinstance(node, list):
        for item in node:
            yield from _outermost_expressions(item)


def _item(kind: Kind) -> Kind:
    return kind[len(LIST):] if kind is not None and kind.startswith(LIST) else None


def _apart(a: Kind, b: Kind) -> bool:
    """Whether values of these kinds can never be equal (a text may be any named value)."""
    if a is None or b is None or a == b or isinstance(a, _Inferred) or isinstance(b, _Inferred):
        return False
    if a.startswith(LIST) or b.startswith(LIST):
        return False
    if TEXT in (a, b):
        return (a if b == TEXT else b) in (NUMBER, TRUTH)
    return True


def _shown(value: Any) -> str:
    return repr(value) if isinstance(value, str) and " " in value else str(value)


def _words(kind: Kind) -> str:
    if kind is None:
        return "a value"
    if kind.startswith(LIST):
        return f"a list of {_words(kind[len(LIST):])}"
    if kind == TRUTH:
        return "yes or no"
    return f"a {kind}"
