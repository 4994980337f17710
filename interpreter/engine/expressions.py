"""Expressions -> Python source: the half of the compiler that turns one expression at a time
into code over `rt` (the running game) and `L` (the locals of the current frame), checking
names, argument counts and kinds as it goes. `compiler.Compiler` adds the other half, the
declarations (what is compiled, cached and in which order); statements.py the procedures."""

from __future__ import annotations

import re
import symtable
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from interpreter.engine.builtins import BUILTINS, Builtin
from interpreter.engine.hoisting import inline_body, inline_per_item, loop_invariants
from interpreter.engine.log_facts import LineTemplate
from interpreter.engine.program import (
    FAMILY,
    PROC,
    TABLE,
    TYPE,
    UNKNOWN,
    VALUE,
    ZONE,
    Fn,
    Program,
    Scope,
)
from interpreter.engine.support import key_table, range_keys
from interpreter.engine.world import (
    MAX_PLAYERS,
    PLAYER,
    World,
    player_id,
)
from interpreter.language import nodes as N
from interpreter.language.errors import (
    RulesetError,
    did_you_mean,
    source_line,
)
from interpreter.language.parser import parse_expr
from interpreter.language.render import render_expr


@dataclass
class CExpr:
    """A compiled expression: Python source, and what it denotes (for the kind checks)."""

    src: str
    sort: str = VALUE
    what: str = ""  # how to name it in an error ("the zone 'hand'")
    constant: tuple | None = None  # (value,) when it is known before any game
    simple: bool = False  # a plain name: cheap to evaluate twice
    shape: str | None = None  # for a zone: "pile" or "stack"
    zone: str | None = None  # for a zone: the name of its zone (family)
    pile: str | None = None  # for size(<pile>): the pile's source
    texts: bool = False  # a list of texts only (kinds, places, players, ...)
    number: bool = False  # a whole number (never yes or no), when it gives a value at all
    numbers: bool = False  # a list of whole numbers only
    bounds: tuple[int, int] | None = None  # a whole number known to lie within these
    fresh: bool = False  # a list made anew each time (nobody else holds it)
    ns: dict | None = field(default=None, repr=False)
    _fn: Fn | None = field(default=None, repr=False)

    @property
    def fn(self) -> Fn:
        """The expression as a function of (rt, L), compiled by Python once."""
        if self._fn is None:
            self._fn = eval(f"lambda rt, L: {self.src}", self.ns)  # our own generated code
        return self._fn


class ExpressionCompiler:
    """Compiles expressions; mixed into `compiler.Compiler`, which sets the state it reads
    (the world, the namespace `ns` of generated code, the program, the errors, ...)."""

    world: World
    ns: dict[str, Any]
    program: Program
    errors: list[RulesetError]
    _counter: int
    _range_keys: dict[str, str | None]  # family -> the name of its key table (range_keys)
    _flat_names: dict[str, str]  # flat family -> the name of its layout (flat_name)
    _seats: str | None  # the name of the table of seat numbers (seats_name), once made
    _key_tables: dict[str, str | None]  # family -> the name of its key table (key_table)
    _list_items: dict[str, int]  # a query's variable over a fixed list of lists -> their size
    _number_items: set[str]  # ... of lists of whole numbers only
    _item_bounds: dict[str, list[tuple[int, int]]]  # ... the least and most of each item

    # ------------------------------------------------------------------ expressions
    # Every expression becomes Python source (CExpr.src) over `rt` (the game) and `L` (the
    # locals of the current frame); names bound by a query are Python variables of the
    # generated comprehension, a function's parameters are the arguments of its generated def.
    # Values that cannot be written as literals sit in the namespace `self.ns` under a name.

    def fresh_number(self) -> int:
        """A number not handed out before, for the names of generated Python variables."""
        self._counter += 1
        return self._counter

    def constant_name(self, value: Any, hint: str = "k") -> str:
        """A name in the generated code's namespace that holds `value`."""
        self._counter += 1
        name = f"_{hint}{self._counter}"
        self.ns[name] = value
        return name

    def flat_name(self, name: str) -> str:
        """The name of the layout of a flat family (engine/flat.py) in the generated code."""
        found = self._flat_names.get(name)
        if found is None:
            found = self._flat_names[name] = self.constant_name(self.program.flat[name], "flat")
        return found

    def range_keys(self, name: str) -> str | None:
        """The name of the key table of a zone or variable family over number ranges (see
        support.range_keys), or None for any other family."""
        info = self.program.zones.get(name) or self.program.vars.get(name)
        if info is None:
            return None
        cached = self._range_keys.get(name, False)
        if cached is False:
            table = range_keys(info.index)
            cached = self._range_keys[name] = None if table is None else \
                self.constant_name(table, "keys")
        return cached

    def key_table(self, name: str) -> str | None:
        """The name of the key table of a zone or variable family over two index types of
        known values that are not both number ranges (see support.key_table), or None."""
        info = self.program.zones.get(name) or self.program.vars.get(name)
        if info is None or self.range_keys(name) is not None:
            return None
        cached = self._key_tables.get(name, False)
        if cached is False:
            try:
                domains = [self.world.domain(t, MAX_PLAYERS) for t in info.index]
            except KeyError:  # an unknown type: reported elsewhere
                domains = None
            table = None if domains is None else key_table(info.index, domains)
            cached = self._key_tables[name] = None if table is None else \
                self.constant_name(table, "keys")
        return cached

    def literal(self, value: Any) -> str:
        if value is None or isinstance(value, bool | int | str):
            return repr(value)
        return self.constant_name(value)

    def value(self, node: N.Expr, scope: Scope, what: str = "a value") -> Fn:
        """An expression that must be a plain value (not a zone family, table or type)."""
        return self.value_c(node, scope, what).fn

    def value_c(self, node: N.Expr, scope: Scope, what: str = "a value") -> CExpr:
        c = self.expr(node, scope)
        if c.sort in (TABLE, FAMILY, PROC):
            self.error(f"expected {what}, got {c.what}", node.loc,
                       "give it a key in [...]" if c.sort in (TABLE, FAMILY) else None)
        return c

    def number_c(self, node: N.Expr, scope: Scope) -> CExpr:
        c = self.expr(node, scope)
        if c.sort not in (VALUE, UNKNOWN):
            hint = "use size(...) to count what a zone holds" if c.sort == ZONE else None
            self.error(f"expected a number, got {c.what}", node.loc, hint)
        return c

    def number(self, node: N.Expr, scope: Scope) -> Fn:
        return self.number_c(node, scope).fn

    def zone(self, node: N.Expr, scope: Scope) -> CExpr:
        c = self.expr(node, scope)
        if c.sort not in (ZONE, UNKNOWN):
            self.error(f"expected a zone, got {c.what or 'a value'}", node.loc)
        return c

    def expr(self, node: N.Expr, scope: Scope) -> CExpr:
        if id(node) in self._invariant:  # the same for every item of the query around it
            self._invariant = self._invariant - {id(node)}
            c = getattr(self, "_e_" + type(node).__name__)(node, scope)
            if c.sort in (VALUE, ZONE) and c.constant is None:
                self._counter += 1
                name = f"_h{self._counter}"
                self._hoisted.append((name, c.src))
                return CExpr(name, c.sort, c.what, simple=True, shape=c.shape, zone=c.zone,
                             number=c.number, ns=self.ns)
            return c
        c = getattr(self, "_e_" + type(node).__name__)(node, scope)
        c.ns = self.ns
        return c

    def _c(self, src: str, sort: str = VALUE, what: str = "", **extra: Any) -> CExpr:
        return CExpr(src, sort, what, ns=self.ns, **extra)

    def _const(self, value: Any, what: str = "") -> CExpr:
        texts = value.__class__ is list and all(v.__class__ is str for v in value)
        numbers = value.__class__ is list and all(v.__class__ is int for v in value)
        return self._c(self.literal(value), VALUE, what, constant=(value,), texts=texts,
                       number=value.__class__ is int, numbers=numbers)

    def _e_Num(self, node: N.Num, scope: Scope) -> CExpr:
        return self._const(node.value, f"the number {node.value}")

    def _e_Str(self, node: N.Str, scope: Scope) -> CExpr:
        return self._const(node.value, "a text")

    def _e_Bool(self, node: N.Bool, scope: Scope) -> CExpr:
        return self._const(node.value)

    def _e_NoneLit(self, node: N.NoneLit, scope: Scope) -> CExpr:
        return self._const(None)

    def _e_Name(self, node: N.Name, scope: Scope) -> CExpr:
        name, p, w = node.id, self.program, self.world
        bound = scope.lookup(name)
        if bound is not None:
            return self._c(bound, VALUE, f"'{name}'", simple=True,
                           number=bound in scope.numbers)
        if name in scope.names:
            return self._c(f"L[{name!r}]", VALUE, f"'{name}'", simple=True)
        if name in p.consts:
            return self._const(p.consts[name], f"the constant '{name}'")
        if name in p.vars or name in p.zones or name == "player_count":
            self._uses_state = True
            self._reads.add(name)
        # a function body reads through the tables that note reads in tracking mode
        z, v = ("rt.ZT", "rt.VT") if self._in_function else ("rt.Z", "rt.V")
        if name in p.vars:
            if p.vars[name].decl.index:
                return self._c(f"{v}[{name!r}]", FAMILY, f"the variable family '{name}'")
            return self._c(f"{v}[{name!r}]", VALUE, f"the variable '{name}'", simple=True)
        if name in p.zones:
            if p.zones[name].decl.index:
                return self._c(f"{z}[{name!r}]", FAMILY, f"the zone family '{name}'")
            return self._c(f"{z}[{name!r}]", ZONE, f"the zone '{name}'",
                           shape=p.zones[name].decl.shape, zone=name)
        if name in w.member_of:
            return self._const(name, f"'{name}'")
        if name in w.tables:
            return self._c(self.constant_name(w.tables[name], "table"), TABLE,
                           f"the table '{name}'")
        if name == "player_count":
            return self._c("rt.n", VALUE, "the number of players")
        if w.is_type(name) or name in self._component_names:
            return self._c(self._domain_src(name), TYPE, f"every {name}")
        if name in p.procs or name in p.funcs or name in BUILTINS:
            self.error(f"'{name}' is a procedure or function: call it with (...)", node.loc)
            return self._c("None", UNKNOWN, f"the procedure '{name}'")
        self._unknown(name, node.loc, "name", self._all_names(scope))
        return self._c("None", UNKNOWN, f"'{name}'")

    def _domain_src(self, type_name: str) -> str:
        """Every value of a type: fixed lists are constants; players and pieces owned by
        players depend on the number of players."""
        if type_name == PLAYER:
            self._uses_state = True  # the number of players differs from game to game
            return "rt.players"
        comp = self.world.components.get(type_name)
        if type_name in self._component_names and (comp is None or comp.player_param
                                                     or comp.by_players is not None):
            self._uses_state = True
            return f"_W.domain({type_name!r}, rt.n)"
        return self.constant_name(self.world.domain(type_name, 0), "domain")

    def _attribute_table(self, name: str) -> str:
        """The name, in generated code, of a table value -> its attribute `name` (made again
        when compiling ends: kinds get attributes while it runs)."""
        key = f"_AT_{name}"
        if key not in self.ns:
            self.ns[key] = attribute_table(self.world.attrs, name)
        return key

    def _attribute_names(self) -> set[str]:
        """Every attribute some value has: of entities, kinds, players, and table columns."""
        if self._attributes is None or self._attributes[0] != len(self.world.attrs):
            found = {"name"}
            for attrs in self.world.attrs.values():
                found.update(attrs)
            for table in self.world.tables.values():
                found.update(str(c) for c in table.columns)
            self._attributes = (len(self.world.attrs), found)  # new kinds make it stale
        return self._attributes[1]

    def _attribute_may_have(self, outer: str, name: str) -> bool:
        """Whether some value of the attribute `outer` (x.outer) may have the attribute `name`
        (x.outer.name): false when every value of `outer` is known, and none has it."""
        if name == "name" or any(outer in map(str, t.columns) for t in self.world.tables.values()):
            return True
        attrs = self.world.attrs
        values = [a[outer] for a in attrs.values() if outer in a]
        if not values or any(not isinstance(v, str | int | bool) for v in values):
            return True
        return any(isinstance(v, str) and name in attrs.get(v, ()) for v in values)

    def _all_names(self, scope: Scope) -> list[str]:
        p, w = self.program, self.world
        return [*scope.all_names(), *p.consts, *p.vars, *p.zones, *w.member_of, *w.tables,
                *self._type_names(), *p.procs, *p.funcs]

    def _e_Attr(self, node: N.Attr, scope: Scope) -> CExpr:
        base = self.value_c(node.obj, scope)
        name = node.name
        if base.sort == UNKNOWN:
            return self._c("None", UNKNOWN, base.what)
        known = self._attribute_names()
        if name not in known:
            self.error(f"no value of this ruleset has an attribute '{name}'", node.loc,
                       did_you_mean(name, known))
            return self._c("None", UNKNOWN, f"'.{name}'")
        if isinstance(node.obj, N.Attr) and not self._attribute_may_have(node.obj.name, name):
            self.error(f"no value of the attribute '{node.obj.name}' has an attribute "
                       f"'{name}'", node.loc)
            return self._c("None", UNKNOWN, f"'.{name}'")
        loc = self.constant_name(node.loc, "loc")
        if base.simple and base.src in scope.texts:  # a kind, a place, a player, ...
            return self._c(f"{self._attribute_table(name)}[{base.src}]", VALUE, f"'.{name}'")
        if base.simple:  # evaluated twice, so only for plain names
            o = base.src
            return self._c(f"(_A[{o}][{name!r}] if {o}.__class__ is str else "
                           f"_attr(_A, {o}, {name!r}, {loc}))", VALUE, f"'.{name}'")
        return self._c(f"_attr(_A, {base.src}, {name!r}, {loc})", VALUE, f"'.{name}'")

    def _e_Index(self, node: N.Index, scope: Scope) -> CExpr:
        base = self.expr(node.obj, scope)
        args = [self.value_c(a, scope) for a in node.args]
        loc = self.constant_name(node.loc, "loc")
        if isinstance(node.obj, N.Name) and base.sort in (FAMILY, TABLE):
            name = node.obj.id
            if base.sort == TABLE:
                return self._table_index(name, base.src, args, node.loc, loc)
            info = self.program.zones.get(name) or self.program.vars.get(name)
            want = len(info.decl.index)
            if len(args) != want:
                self.error(f"'{name}' takes {want} index value(s), got {len(args)}", node.loc)
            is_zone = name in self.program.zones
            rank = "rt.rank" if is_zone else None  # zones merged by a list of keys: in order
            flat = self.program.flat.get(name)
            keys = self.range_keys(name) if flat is None else None
            if flat is not None:
                src = self._flat_entry(name, flat, base.src, args, scope, loc)
            elif keys is not None and all(a.simple for a in args) and len(args) <= 2:
                # a number range read by plain names: the key table inline, within its bounds
                ranges = [t.split("..") for t in info.index]
                table = keys + "".join(f"[{a.src}]" for a in args)
                inside = " and ".join(("" if a.number else f"{a.src}.__class__ is int and ")
                                      + f"{lo} <= {a.src} <= {hi}"
                                      for a, (lo, hi) in zip(args, ranges, strict=True)
                                      if not scope.within(a.src, int(lo), int(hi)))
                slow = (f"_family_1({base.src}, {keys}, {args[0].src}, {name!r}, {rank}, "
                        f"{loc})" if len(args) == 1 else
                        f"_family_2({base.src}, {keys}, {args[0].src}, {args[1].src}, "
                        f"{name!r}, {loc})")
                src = f"({base.src}[{table}] if {inside} else {slow})" if inside else \
                    f"{base.src}[{table}]"  # known to be in range: read at once
            elif keys is not None and len(args) == 1:  # a number range: no text key built
                src = (f"_family_1({base.src}, {keys}, {args[0].src}, {name!r}, {rank}, "
                       f"{loc})")
            elif keys is not None and len(args) == 2:
                src = (f"_family_2({base.src}, {keys}, {args[0].src}, {args[1].src}, "
                       f"{name!r}, {loc})")
            elif len(args) == 2 and (table := self.key_table(name)) is not None:
                src = (f"_family_k({base.src}, {table}, {args[0].src}, {args[1].src}, "
                       f"{name!r}, {loc})")
                inside = _key_table_test(info.index, args, scope)
                read = f"{base.src}[{table}[{args[0].src}][{args[1].src}]]"
                if inside == "":  # known seats of this game and numbers in range
                    src = read
                elif inside is not None:  # seats of this game and numbers in range: inline
                    src = f"({read} if {inside} else {src})"
            elif len(args) == 1 and args[0].simple and args[0].src in scope.texts:
                src = f"{base.src}[{args[0].src}]"  # a text: one of the family's keys
            elif len(args) == 1 and args[0].simple:  # the usual case, inlined
                k = args[0].src
                src = (f"({base.src}[{k}] if {k}.__class__ is str else "
                       f"_family({base.src}, {k}, {name!r}, {rank}, {loc}))")
            elif len(args) == 1:
                src = f"_family({base.src}, {args[0].src}, {name!r}, {rank}, {loc})"
            else:
                keys = ", ".join(a.src for a in args) + ("," if len(args) == 1 else "")
                src = f"_family_n({base.src}, ({keys}), {name!r}, {loc})"
            if is_zone:
                return self._c(src, ZONE, f"the zone '{name}[...]'",
                               shape=self.program.zones[name].decl.shape, zone=name)
            return self._c(src, VALUE, f"'{name}[...]'")
        if base.sort == UNKNOWN:
            return self._c("None", UNKNOWN, base.what)
        if base.sort in (ZONE, TYPE, PROC):
            self.error(f"{base.what} cannot be indexed", node.loc)
        if len(args) != 1:
            self.error("a list takes one position in [...]", node.loc)
            return self._c("None", UNKNOWN)
        i = args[0].constant[0] if args[0].constant is not None else None
        if i.__class__ is int and 0 < i <= self._list_items.get(base.src, 0):
            # an item every list it goes through has
            bounds = self._item_bounds.get(base.src)
            return self._c(f"{base.src}[{i - 1}]", number=base.src in self._number_items,
                           bounds=bounds[i - 1] if bounds else None)
        if base.simple and i.__class__ is int and i > 0:  # `d[1]`: the item read in place
            b = base.src
            return self._c(f"({b}[{i - 1}] if {b}.__class__ is list and len({b}) >= {i} else "
                           f"_position({b}, {i}, {loc}))")
        return self._c(f"_position({base.src}, {args[0].src}, {loc})")

    def _flat_entry(self, name: str, flat: Any, values: str, args: list[CExpr], scope: Scope,
                    loc: str) -> str:
        """Source of an entry of a flat family (engine/flat.py): by its position, where the
        indexes are plain names that hold whole numbers in the ranges (checked here unless
        known); anything else through `_flat_read`, which finds it as a text key did or
        fails with the same error."""
        layout = self.flat_name(name)
        slow = f"_flat_read({values}, {layout}, ({''.join(a.src + ', ' for a in args)}), " \
            f"{name!r}, {loc}, rt.n)"
        if len(args) != len(flat.ranges):
            return slow
        known = [a.bounds is not None and not player and lo <= a.bounds[0] and a.bounds[1] <= hi
                 for a, (lo, hi), player in zip(args, flat.ranges,
                                                flat.players or [False] * len(args), strict=True)]
        if not all(a.simple or k for a, k in zip(args, known, strict=True)):
            return slow
        # a value known to be in its range is used once, where it is: computed once
        position, inside = self.flat_place(flat, [a.src if a.simple else f"({a.src})"
                                                  for a in args],
                                           [a.number for a in args], scope, known)
        at = f"{values}[{position}]"
        return f"({at} if {inside} else {slow})" if inside else at

    def flat_place(self, flat: Any, index: list[str], numbers: list[bool],
                   scope: Scope, inside: list[bool] | None = None) -> tuple[str, str]:
        """The source of the position of an entry of a flat family at `index` (plain names,
        or any source where `inside` says it is known to be within its range), and of the test
        that they name an entry of this game (a whole number within its range, a player of
        this game; "" when `numbers`, `inside` or `scope` know it already)."""
        tests, at = [], []
        for n, known, (lo, hi), player, fits in zip(index, numbers, flat.ranges,
                                                    flat.players or [False] * len(index),
                                                    inside or [False] * len(index),
                                                    strict=True):
            if player:  # its seat number; a list is no key: a text first
                at.append(f"{self.seats_name()}[{n}]")
                tests.append(("" if n in scope.texts else f"{n}.__class__ is str and ")
                             + f"{n} in rt.following")
                continue
            at.append(n)
            if not fits and not scope.within(n, lo, hi):
                tests.append(("" if known else f"{n}.__class__ is int and ")
                             + f"{lo} <= {n} <= {hi}")
        return flat.position_src(at), " and ".join(tests)

    def seats_name(self) -> str:
        """The name of the table of every player's seat number in the generated code."""
        if self._seats is None:
            self._seats = self.constant_name({player_id(s): s for s in range(1, MAX_PLAYERS + 1)},
                                             "seat")
        return self._seats

    def _table_index(self, name: str, table_src: str, args: list[CExpr], at: N.Loc,
                     loc: str) -> CExpr:
        table = self.world.tables[name]
        if len(args) not in (1, 2) or (len(args) == 2 and table.decl.style == "map"):
            self.error(f"table '{name}' takes {1 if table.decl.style == 'map' else '1 or 2'} "
                       f"key(s), got {len(args)}", at)
            return self._c("None", UNKNOWN)
        default = self.literal(table.default)
        row = (f"_table_row({table_src}.rows, {args[0].src}, {default}, {table.has_default}, "
               f"{name!r}, {loc})")
        if len(args) == 1:
            return self._c(row, VALUE, f"'{name}[...]'")
        return self._c(f"_position({row}, {args[1].src}, {loc})", VALUE, f"'{name}[...]'")

    def _e_Call(self, node: N.Call, scope: Scope) -> CExpr:
        name, p, loc = node.func, self.program, node.loc
        body = self._inlined(node, scope)
        if body is not node:  # a small function: its body in place of the call
            return self.expr(body, scope)
        if name in p.funcs:
            self._callees.add(name)
            func = p.funcs[name]
            self._arity(name, len(func.params), node)
            args = [self.value_c(a, scope).src for a in node.args]
            kinds = p.arg_kinds.get(name) if self._outside else None
            if kinds is not None and len(args) == len(kinds):  # a tool's call: checked
                args = [f"_check_arg({a}, {k!r}, {name!r}, {i})" if k else a
                        for i, (a, k) in enumerate(zip(args, kinds, strict=True))]
            return self._c(f"_F_{name}(rt{''.join(', ' + a for a in args)})",
                           texts=self._gives_texts.get(name, False))
        if name in p.procs:
            self.error(f"'{name}' is a procedure (its steps may ask players to decide); call "
                       "it as a step of its own, or as 'let x = ...'", loc)
            return self._c("None", UNKNOWN)
        if name in self.world.relations:
            self._arity(name, 1, node)
            rel = self.constant_name(self.world.relations[name], "relation")
            arg = self.value_c(node.args[0], scope).src if node.args else "None"
            return self._c(f"({rel}.get({arg}) or [])")
        if name in self._component_names:
            return self._kind_call(name, node, scope)
        if name in BUILTINS:
            self._uses_state |= BUILTINS[name].reads_game
            return self._builtin(BUILTINS[name], node, scope)
        self._unknown(name, loc, "function", [*p.funcs, *p.procs, *BUILTINS,
                                              *self.world.relations, *self._component_names])
        return self._c("None", UNKNOWN, f"'{name}(...)'")

    def _inlined(self, node: N.Expr, scope: Scope) -> N.Expr:
        """A call of a small function of the game state: its body, with the arguments in
        place of the parameters (when no name changes meaning); anything else as it is."""
        if not isinstance(node, N.Call) or node.func not in self._inline:
            return node
        body = inline_body(self._inline[node.func], node.args, set(scope.names) | set(scope.py))
        if body is None:
            return node
        self._costly = True  # as costly to compute as if it called the function
        return body

    def _arity(self, name: str, want: int, node: N.Call | N.CallStmt | N.Emit) -> bool:
        if len(node.args) != want:
            self.error(f"'{name}' takes {want} value(s), got {len(node.args)}", node.loc)
            return False
        return True

    def _kind_call(self, name: str, node: N.Call, scope: Scope) -> CExpr:
        comp = self.world.components.get(name)
        if comp is None:
            return self._c("None", UNKNOWN)
        self._arity(name, len(comp.decl.params), node)
        args = [self.value_c(a, scope).src for a in node.args]
        values = "(" + "".join(a + ", " for a in args) + ")"
        loc = self.constant_name(node.loc, "loc")
        return self._c(f"_kind(_KINDS, {name!r}, {values}, {loc})")

    def _builtin(self, b: Builtin, node: N.Call, scope: Scope) -> CExpr:
        n = len(node.args)
        if n < b.min_args or (b.max_args is not None and n > b.max_args):
            want = str(b.min_args) if b.max_args == b.min_args else (
                f"{b.min_args} or more" if b.max_args is None else f"{b.min_args}-{b.max_args}")
            self.error(f"'{node.func}' takes {want} value(s), got {n}", node.loc)
            return self._c("None", UNKNOWN)
        compiled = [self.zone(a, scope) if b.zone_args and i == 0 else self.value_c(a, scope)
                    for i, a in enumerate(node.args)]
        args = [c.src for c in compiled]
        if node.func in ("size", "empty"):  # the most used builtins, inlined
            c = compiled[0]
            if c.shape == "pile":  # a pile never keeps a kind with no pieces
                if node.func == "empty":
                    return self._c(f"(not {c.src})")
                return self._c(f"sum({c.src}.values())", pile=c.src)
            size = (f"len({c.src})" if c.shape == "stack" or c.sort == VALUE else
                    f"_size({c.src})")
            return self._c(size if node.func == "size" else f"({size} == 0)")
        # Run-time errors of a builtin are placed at the statement that called it (runtime.py)
        fn = self.constant_name(b.fn, "builtin")
        if node.func == "next_player" and compiled[0].simple:  # the seat after: one lookup
            x = args[0]
            seat = f"rt.following.get({x})" if x in scope.texts else \
                f"(rt.following.get({x}) if {x}.__class__ is str else None)"
            return self._c(f"({seat} or {fn}(rt, {x}))")
        ends = [c.constant[0] if c.constant is not None else None for c in compiled]
        if node.func == "numbers" and all(e.__class__ is int for e in ends) \
                and ends[1] - ends[0] < MAX_FOLDED:
            # numbers of constants is a constant: made once, and its items' bounds are known
            values = list(range(ends[0], ends[1] + 1))
            return self._c(self.constant_name(values), constant=(values,), numbers=True)
        # numbers(a, b) is a range of whole numbers, whatever numbers a and b are
        return self._c(f"{fn}(rt{''.join(', ' + a for a in args)})",
                       numbers=node.func == "numbers")

    def _e_ListLit(self, node: N.ListLit, scope: Scope) -> CExpr:
        items = [self.value_c(i, scope) for i in node.items]
        texts = all((i.constant is not None and i.constant[0].__class__ is str)
                    or i.src in scope.texts for i in items)
        return self._c("[" + ", ".join(i.src for i in items) + "]", texts=texts, fresh=True)

    def _e_Arith(self, node: N.Arith, scope: Scope) -> CExpr:
        first = self.number_c(node.first, scope)
        src, numbers = first.src, [first.number]
        for op, operand in zip(node.ops, node.rest, strict=True):
            c = self.number_c(operand, scope)
            src += f" {op} {c.src}"  # left to right, as Python
            numbers.append(c.number)
        # a whole number and anything, added or taken away, is a whole number or an error
        number = all(numbers) and set(node.ops) <= {"+", "-", "*"} or \
            any(numbers) and set(node.ops) <= {"+", "-"}
        return self._c(f"({src})", fresh=True, number=number)  # lists added make a new list

    def _e_Compare(self, node: N.Compare, scope: Scope) -> CExpr:
        op = node.op
        left_node = self._inlined(node.left, scope)
        if isinstance(left_node, N.Query) and left_node.kind == "count" \
                and isinstance(node.right, N.Num) and node.right.value == 0 \
                and op in (">", "!=", "==") and not self._draws(left_node):
            # "count ... > 0" is "any ...": it can stop at the first item that counts
            found = self.expr(N.Query(loc=left_node.loc, kind="any", binder=left_node.binder),
                              scope).src
            return self._c(f"(not {found})" if op == "==" else found)
        left_c = self.value_c(left_node, scope)
        left = left_c.src
        if op in ("in", "not in"):
            right_c = self.expr(node.right, scope)
            right = right_c.src + (".rows" if right_c.sort == TABLE else "")
            return self._c(f"({left} {op} {right})")
        right_c = self.value_c(node.right, scope)
        if left_c.pile is not None and right_c.constant == (0,) and op in ("==", "!=", ">"):
            pile = left_c.pile  # size(pile) compared with 0: no need to add up the counts
            return self._c(f"(not {pile})" if op == "==" else f"(len({pile}) > 0)")
        return self._c(f"({left} {op} {right_c.src})")

    def _e_BoolOp(self, node: N.BoolOp, scope: Scope) -> CExpr:
        return self._c(f"(True if {self.test_src(node, scope)} else False)")

    def test_src(self, node: N.Expr, scope: Scope) -> str:
        """Python source of an expression used only for its truth (a condition): `and` and
        `or` need not give exactly true or false there."""
        node = self._inlined(node, scope)
        if isinstance(node, N.BoolOp):
            items = [self.test_src(i, scope) for i in node.items]
            return f"({f' {node.op} '.join(items)})"
        if isinstance(node, N.Not):
            return f"(not {self.test_src(node.operand, scope)})"
        return self.value_c(node, scope).src

    def _e_Not(self, node: N.Not, scope: Scope) -> CExpr:
        return self._c(f"(not {self.test_src(node.operand, scope)})")

    def _e_Neg(self, node: N.Neg, scope: Scope) -> CExpr:
        c = self.number_c(node.operand, scope)
        return self._c(f"(-{c.src})", number=c.number)

    def _e_IfExpr(self, node: N.IfExpr, scope: Scope) -> CExpr:
        c = self.test_src(node.cond, scope)
        a = self.value_c(node.then, scope.knowing(self._bounds(node.cond, scope))).src
        b = self.value_c(node.other, scope).src
        return self._c(f"({a} if {c} else {b})")

    def _bounds(self, cond: N.Expr, scope: Scope) -> dict[str, tuple[int | None, int | None]]:
        """What a condition that holds says of the whole numbers it compares with constants
        (`c >= 1 and c <= side`): Python name -> (low, high), None where it says nothing."""
        cond = self._inlined(cond, scope)
        found: dict[str, tuple[int | None, int | None]] = {}
        items = cond.items if isinstance(cond, N.BoolOp) and cond.op == "and" else [cond]
        for item in items:
            if not isinstance(item, N.Compare) or item.op not in ("<", "<=", ">", ">="):
                continue
            op, name, value = item.op, item.left, self._constant_int(item.right)
            if value is None:  # `1 <= c`: the constant first
                op = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
                name, value = item.right, self._constant_int(item.left)
            py = scope.lookup(name.id) if isinstance(name, N.Name) else None
            if value is None or py is None or py not in scope.numbers:
                continue
            lo, hi = found.get(py, (None, None))
            if op in (">", ">="):
                low = value + (op == ">")
                lo = low if lo is None else max(lo, low)
            else:
                high = value - (op == "<")
                hi = high if hi is None else min(hi, high)
            found[py] = (lo, hi)
        return found

    def _constant_int(self, node: N.Expr | None) -> int | None:
        """The whole number a constant expression is (a number, a `const`), else None."""
        if isinstance(node, N.Num) and node.value.__class__ is int:
            return node.value
        if isinstance(node, N.Name) and node.id in self.program.consts:
            value = self.program.consts[node.id]
            return value if value.__class__ is int else None
        return None

    def source(self, binder: N.Binder, scope: Scope) -> CExpr:
        """What a binder goes through (its `in` expression or every value of its type)."""
        if binder.source is not None:
            c = self.expr(binder.source, scope)
            if c.sort in (TABLE, FAMILY, PROC):
                self.error(f"cannot go through {c.what}", binder.source.loc)
                return self._c("[]", UNKNOWN)
            if binder.type is not None and not self.world.is_type(binder.type):
                self._unknown(binder.type, binder.loc, "type", self._type_names())
            return c
        if binder.type is None:
            self.error(f"say what '{binder.var}' goes through", binder.loc,
                       f"for example 'each player {binder.var}' or '{binder.var} in <list>'")
            return self._c("[]", UNKNOWN)
        if not self.world.is_type(binder.type):
            self._unknown(binder.type, binder.loc, "type", self._type_names())
            return self._c("[]", UNKNOWN)
        return self._c(self._domain_src(binder.type), TYPE)

    def items_src(self, c: CExpr) -> str:
        """Python source for the items a compiled source yields one by one."""
        if c.sort == ZONE and c.shape != "stack":
            return f"_items({c.src})"
        return c.src

    def _e_Query(self, node: N.Query, scope: Scope) -> CExpr:
        b = node.binder
        src, kinds = self._query_source(b, scope)
        self._costly |= src.sort == TYPE
        texts = kinds or src.texts or (src.sort in (ZONE, TYPE) and ".." not in (b.type or ""))
        inner, var = scope.bind(b.var, self, text=texts, number=src.numbers and not kinds)
        fixed = src.constant[0] if src.constant is not None else None
        if fixed.__class__ is list and fixed and all(x.__class__ is int for x in fixed):
            inner = inner.knowing({var: (min(fixed), max(fixed))})  # e.g. numbers(1, 6)
        if fixed.__class__ is list and fixed and all(x.__class__ is list for x in fixed):
            self._list_items[var] = min(len(x) for x in fixed)  # e.g. a constant of pairs
            if all(y.__class__ is int for x in fixed for y in x):
                self._number_items.add(var)
                self._item_bounds[var] = [(min(x[i] for x in fixed), max(x[i] for x in fixed))
                                          for i in range(self._list_items[var])]
        kind = node.kind
        outer = self._invariant, self._hoisted
        # a small function as the condition or value: its body, so that what in it is the
        # same for every item is computed once too
        where_node = self._inlined(b.where, inner) if b.where is not None else None
        value_node = self._inlined(node.value, inner) if node.value is not None else None
        per_item: list[tuple[str, str]] = []  # Python names and sources, for each item
        first = where_node if where_node is not None else value_node
        if first is not None and self._inline and not self._draws(first):
            first, taken = inline_per_item(first, b.var, self._inline,
                                           set(inner.names) | set(inner.py), self.fresh_number)
            for name, arg in taken:
                py = f"_i{self.fresh_number()}"
                value = self.value_c(arg, inner)
                per_item.append((py, value.src))
                inner = inner.with_name(name, py, number=value.number)
                if value.bounds is not None:  # an item of a constant list of numbers
                    inner = inner.knowing({py: value.bounds})
            if taken:
                self._costly = True
            if where_node is not None:
                where_node = first
            else:
                value_node = first
        self._invariant = {id(n) for n in loop_invariants(
            [x for x in (where_node, value_node) if x is not None], b.var, self._draws,
            frozenset(inner.py) - frozenset(scope.py) - {b.var})}
        self._hoisted = []
        where = self.test_src(where_node, inner) if where_node is not None else None
        value, gives_texts = None, texts
        if value_node is not None:
            value = (self.number_c(value_node, inner) if kind in ("sum", "max", "min")
                     else self.value_c(value_node, inner)).src
            gives_texts = texts and value == var
        hoisted = self._hoisted
        self._invariant, self._hoisted = outer
        cond = f" if {where}" if where is not None else ""
        pile = src.sort == ZONE and src.shape == "pile"

        after = ""  # for each item, what its condition computes first
        if per_item:
            names = "".join(f"{n}, " for n, _ in per_item)
            values = "".join(f"{v}, " for _, v in per_item)
            after = f" for ({names}) in (({values}),)"

        def each(target: str, items: str, method: str = "") -> str:
            """`for target in items`, after computing once what every item uses."""
            if not hoisted:
                return f"for {target} in {items}{method}{after}"
            self._counter += 1
            s = f"_s{self._counter}"
            names = "".join(f"{n}, " for n, _ in hoisted)
            values = "".join(f"{v}, " for _, v in hoisted)
            return (f"for {s} in ({items},) if {s} for ({names}) in (({values}),) "
                    f"for {target} in {s}{method}{after}")

        def looped(target: str, items: str, method: str, body: list[str], start: str,
                 end: str) -> CExpr:
            """The query as a call of a generated function that goes through the items in a
            plain loop (`each` as statements): what any(), sum() or next() over a generator
            does, without resuming a generator for every item."""
            lines, pad = [f"    {start}"] if start else [], "    "
            known = re.fullmatch(r"_charge\(rt, (_k\d+)\)", items)
            if known is not None and self.ns.get(known.group(1)).__class__ is list:
                # a constant list: its length is known, spent without a call
                items = known.group(1)
                lines += [f"    rt.budget -= {len(self.ns[items])}",
                          "    if rt.budget < 0: rt.out_of_budget()"]
            if hoisted:
                self._counter += 1
                s = f"_s{self._counter}"
                lines += [f"{pad}{s} = {items}", f"{pad}if {s}:"]
                pad += "    "
                lines.append(f"{pad}({''.join(f'{n}, ' for n, _ in hoisted)}) = "
                             f"({''.join(f'{v}, ' for _, v in hoisted)})")
                items = s
            lines.append(f"{pad}for {target} in {items}{method}:")
            pad += "    "
            if per_item:
                lines.append(f"{pad}({''.join(f'{n}, ' for n, _ in per_item)}) = "
                             f"({''.join(f'{v}, ' for _, v in per_item)})")
            lines += [pad + line for line in body]
            lines.append(f"    {end}")
            return self._c(self.loop_function(lines, scope.proc))

        if kind == "count" and pile:
            if where is None:
                return self._c(f"_size({src.src})")
            return looped(f"{var}, _n", src.src, ".items()", [f"if {where}: _t = _t + _n"],
                        "_t = 0", "return _t")
        if kind == "sum" and pile:
            add = f"_t = _t + ({value}) * _n"
            return looped(f"{var}, _n", src.src, ".items()", [f"if {where}: {add}" if where
                                                             else add], "_t = 0", "return _t")
        # any, every and first need each kind of a pile once, not each piece
        items = src.src if pile and kind in ("any", "every", "first") else self.items_src(src)
        if kind == "count" and where is None:
            return self._c(f"len({items})")
        if src.sort == VALUE and not kinds:  # a list the rules made: its length is work
            items = f"_charge(rt, {items})"
        if kind in ("any", "every") and where is not None and not hoisted and not per_item:
            found = _attribute_test(where, var, "==" if kind == "any" else "!=")
            if found is not None:  # `any k in hand[p] where k.suit == c`: no frame per item
                table, other = found
                test = "in" if kind == "any" else "not in"
                return self._c(f"({other} {test} map({table}.__getitem__, {items}))")
        if kind == "any":
            return looped(var, items, "", [f"if {where}: return True" if where
                                         else "return True"], "", "return False")
        if kind == "every":
            return looped(var, items, "", [f"if not ({where}): return False" if where
                                         else "pass"], "", "return True")
        if kind == "first":
            return looped(var, items, "", [f"if {where}: return {var}" if where
                                         else f"return {var}"], "", "return None")
        loop = each(var, items)
        if kind == "count":
            return self._c(f"len([1 {loop}{cond}])")
        if kind == "random":
            self._uses_state = self._random = True
            # its own stream (engine/rng.py), named by what it draws from: a variant that
            # changes the condition draws the same numbers, so it picks the same item as
            # long as the items that pass are the same. The name of the engine of 2026-11
            # (the whole query's text) is kept for its saves and replays.
            stream = "random from " + (render_expr(b.source) if b.source is not None
                                       else f"each {b.type}")
            before = "random " + render_expr(node)
            return self._c(f"_random(rt, [{var} {loop}{cond}], {stream!r}, {before!r})")
        values = f"[{value} {loop}{cond}]"
        if kind == "list":
            return self._c(values, texts=gives_texts, fresh=True)
        if kind == "sum":
            return self._c(f"sum({values})")
        if kind == "sort":
            loc = self.constant_name(node.loc, "loc")
            return self._c(f"_sort([({value}, {var}) {loop}{cond}], {node.descending}, {loc})",
                           texts=texts, fresh=True)
        if kind == "distinct":
            return self._c(f"list(dict.fromkeys({values}))", texts=gives_texts, fresh=True)
        loc = self.constant_name(node.loc, "loc")
        return self._c(f"_extreme({kind}, {values}, {kind!r}, {loc})")

    def tables_once(self, body: str) -> str:
        """The body of a generated function that changes nothing (a query's loop, a `define`)
        with the tables of the zones and variables it reads looked up once, at its start:
        nothing changes them while it runs."""
        tables = dict.fromkeys(_TABLE_READ.findall(body))
        if not tables:
            return body
        local = {t: f"_t{self.fresh_number()}" for t in tables}
        body = _TABLE_READ.sub(lambda m: local[m.group(0)], body)
        return "".join(f"    {py} = {t}\n" for t, py in local.items()) + body

    def loop_function(self, lines: list[str], rule: str) -> str:
        """A generated function with the body `lines` (indented), defined in the namespace of
        generated code: the source of its call, which passes it the names the body uses from
        around it (the game, the frame's locals, parameters, variables of queries around)."""
        name = f"_q{self.fresh_number()}"
        body = self.tables_once("\n".join(lines))
        params = ", ".join(free_names(f"def {name}():\n{body}\n", self.ns))
        code = f"def {name}({params}):\n{body}\n"
        exec(self.compiled(code, f"<query in {rule}>"), self.ns)  # our own generated code
        self.program.loops[name] = code
        return f"{name}({params})"

    def _query_source(self, b: N.Binder, scope: Scope) -> tuple[CExpr, bool]:
        """What a query goes through, and whether it is the kinds in a pile (gone through
        without a copy: its keys)."""
        source = b.source
        if isinstance(source, N.Call) and source.func == "kinds" and len(source.args) == 1 \
                and "kinds" not in self.program.funcs and "kinds" not in self.program.procs:
            zone = self.expr(source.args[0], scope)
            if zone.sort == ZONE and zone.shape == "pile":
                return CExpr(zone.src, VALUE, ns=self.ns), True
        return self.source(b, scope), False

    def _draws(self, node: N.Node) -> bool:
        """Whether computing `node` may draw at random (so it must not be computed once for
        many)."""
        return any((isinstance(n, N.Query) and n.kind == "random") or
                   (isinstance(n, N.Call) and n.func in self._drawing) for n in N.walk(node))

    def _format(self, text: str, scope: Scope, loc: N.Loc) -> Fn:
        """A text with {expressions} -> a function of (rt, L) that fills them in with labels."""
        return self._c(self.format_src(text, scope, loc)).fn

    def format_src(self, text: str, scope: Scope, loc: N.Loc) -> str:
        """Python source of a text with {expressions} filled in with labels."""
        return self._format_parts(text, scope, loc, None)

    def deferred_text_src(self, text: str, scope: Scope, loc: N.Loc) -> str:
        """Python source of a text with {expressions} whose values are computed now and whose
        words are made only when someone reads them (a decision's prompt, which bots never
        read): `(fill, (values...))`, read by `runtime.text_of`; a plain text when every
        value is a constant."""
        values: list[str] = []
        src = self._format_parts(text, scope, loc, values)
        if not values:
            return src
        name = f"_text{self.fresh_number()}"
        exec(f"def {name}(rt, a):\n    return {src}\n", self.ns)  # our own generated code
        return f"({name}, ({''.join(v + ', ' for v in values)}))"

    def _format_parts(self, text: str, scope: Scope, loc: N.Loc, values: list[str] | None) -> str:
        """The source of the text; with `values` (a list to fill), each value is `a[i]` in the
        source and its own source goes into `values`."""
        parts: list[str] = []
        for piece in self._text_pieces(text, scope, loc):
            if isinstance(piece, str):
                parts.append(repr(piece))
            elif values is None:
                parts.append(f"_label(rt, {piece[0].src})")
            else:
                parts.append(f"_label(rt, a[{len(values)}])")
                values.append(piece[0].src)
        return " + ".join(parts) if parts else "''"

    def line_src(self, text: str, scope: Scope, loc: N.Loc,
                 kind: Callable[[N.Expr], str | None]) -> str:
        """Python source of a log line with {expressions} filled in and kept as its facts
        (engine/log_facts.py): `_filled(rt, template, (values...))`; `kind` tells a value's
        kind as the rules know it (None: not known)."""
        words, kinds, values = [""], [], []
        for piece in self._text_pieces(text, scope, loc):
            if isinstance(piece, str):
                words[-1] += piece
                continue
            kinds.append(kind(piece[1]))
            values.append(piece[0].src)
            words.append("")
        if not values:
            return repr(words[0])
        template = self.constant_name(LineTemplate(tuple(words), tuple(kinds)), "line")
        return f"_filled(rt, {template}, ({''.join(v + ', ' for v in values)}))"

    def _text_pieces(self, text: str, scope: Scope, loc: N.Loc
                     ) -> list[str | tuple[CExpr, N.Expr]]:
        """A text with {expressions} in its pieces: the words, and each value (compiled,
        with its node) that is not a constant number (whose digits are words)."""
        pieces: list[str | tuple[CExpr, N.Expr]] = []
        for i, piece in enumerate(re.split(r"\{([^{}]*)\}", text)):
            if i % 2 == 0:
                if "{" in piece or "}" in piece:
                    stray = _stray_brace(text)
                    self.error(f"a '{text[stray]}' without its pair in the text {text!r}: a "
                               "text fills in {expression}, each '{' closed by a '}'",
                               _brace_place(loc, text, stray))
                if piece:
                    pieces.append(piece)
                continue
            try:
                node = parse_expr(piece, loc)
            except RulesetError as exc:
                self.errors.append(exc)
                continue
            value = self.value_c(node, scope)
            if value.constant is not None and value.constant[0].__class__ is int:
                pieces.append(str(value.constant[0]))  # a number reads as its digits
            else:
                pieces.append((value, node))
        return pieces


# numbers(a, b) of constants is made once at load when it has fewer items than this (a larger
# one is made when it is used, and spent from the budget then)
MAX_FOLDED = 10_000

# A value that costs nothing to compute and cannot fail: a name, a constant, a rule local.
_SIMPLE = r"(?:[A-Za-z_]\w*|'[^'\\]*'|-?\d+|L\['\w+'\])"


def _attribute_test(where: str, var: str, op: str) -> tuple[str, str] | None:
    """(attribute table, other side) when a query's condition is `item.attribute OP value`
    read through an attribute table and the value is simple and not the item: the query is
    then one membership test (`value in map(table.__getitem__, items)`), which stops at the
    same item and fails with the same KeyError as the loop it replaces."""
    item = rf"(_AT_\w+)\[{re.escape(var)}\]"
    m = re.fullmatch(rf"\({item} {op} ({_SIMPLE})\)", where)
    if m is not None:
        table, other = m.group(1), m.group(2)
    elif (m := re.fullmatch(rf"\(({_SIMPLE}) {op} {item}\)", where)) is not None:
        table, other = m.group(2), m.group(1)
    else:
        return None
    if other == var:
        return None
    return table, other


def _stray_brace(text: str) -> int:
    """Where the first brace of `text` that is not part of a {expression} is."""
    paired = {i for m in re.finditer(r"\{[^{}]*\}", text) for i in (m.start(), m.end() - 1)}
    return next(i for i, ch in enumerate(text) if ch in "{}" and i not in paired)


def _brace_place(loc: N.Loc, text: str, index: int) -> N.Loc:
    """The place of the brace `text[index]` in the source line of `loc` (the place of the
    statement or entry that holds the text), found by counting braces; `loc` if the line
    does not show it."""
    line = source_line(loc) if loc is not None else None
    if line is None:
        return loc
    nth = sum(ch in "{}" for ch in text[:index])
    seen = 0
    for col in range(max(loc.column - 1, 0), len(line)):
        if line[col] in "{}":
            if seen == nth:
                return N.Loc(loc.file, loc.line, col + 1)
            seen += 1
    return loc


def attribute_table(attrs: dict, name: str) -> dict:
    """Every value that has the attribute `name` -> its value of it (one lookup in generated
    code; a value without it is a KeyError, explained as a missing attribute)."""
    return {value: a[name] for value, a in attrs.items() if name in a}


def _key_table_test(index: list[str], args: list[CExpr], scope: Scope) -> str | None:
    """For a read of a family over a player and a number range (in either order) by plain
    names: the test that both are entries of this game's family (a seat of this game, a whole
    number in range), so that its key is read from the key table in place; None for another
    family or other arguments. What `scope` knows (texts, numbers within bounds) is not
    tested again."""
    tests, texts = [], scope.texts
    for t, a in zip(index, args, strict=True):
        if not a.simple:
            return None
        if t == PLAYER:
            # the seats of this game, by name (a list is no key: a text first)
            tests.append(("" if a.src in texts else f"{a.src}.__class__ is str and ")
                         + f"{a.src} in rt.following")
        elif ".." in t:
            lo, hi = t.split("..")
            if not scope.within(a.src, int(lo), int(hi)):
                tests.append(("" if a.number else f"{a.src}.__class__ is int and ")
                             + f"{lo} <= {a.src} <= {hi}")
        else:
            return None
    return " and ".join(tests)


_TABLE_READ = re.compile(r"\brt\.(?:VT|ZT|V|Z)\['\w+'\]")


def free_names(code: str, ns: dict[str, Any]) -> list[str]:
    """The names that generated `code` (one function) reads without binding them and that are
    not in the namespace `ns` of generated code: those it must be given (sorted)."""
    found: set[str] = set()
    tables = symtable.symtable(code, "<query>", "exec").get_children()
    while tables:  # the function, and the comprehensions inside it
        table = tables.pop()
        found.update(table.get_globals())
        tables += table.get_children()
    builtins = ns.get("__builtins__", {})
    return sorted(n for n in found if n not in ns and n not in builtins)
