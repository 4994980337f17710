"""How a rule's own short names read: a one-letter variable (`p`, `s`, `q`) reads as the thing
it stands for, "the player", "the square", found from its declared type or from where its values
come from (a zone holds one kind of thing, a query binds one type). A ruleset's names file may
name a variable itself (`r: the row`); a longer name (`opener`, `limit`) reads as written."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from interpreter.language import nodes as N

SHORT = 2  # a variable named with at most this many characters is named by what it holds
_SAME = {"reverse", "without", "flatten", "kinds"}  # builtins whose items are those of {a}
_PLAYERS = {"clockwise_from", "counterclockwise_from", "next_player", "previous_player"}


def is_short(name: str) -> bool:
    return 0 < len(name) <= SHORT


class Types:
    """The type of what an expression's items are, where the rules make it plain (or None)."""

    def __init__(self, decls: dict[str, N.Decl], types: set[str]):
        self.decls = decls
        self.types = types
        self.members = {m: d.name for d in decls.values() if isinstance(d, N.EnumDecl)
                        for m in d.members}  # a value of an enumeration: its type

    def of(self, e: N.Expr | None, bound: dict[str, str], depth: int = 0) -> str | None:
        if e is None or depth > 12:  # a guard against definitions that use themselves
            return None
        of = lambda x, b=bound: self.of(x, b, depth + 1)  # noqa: E731
        if isinstance(e, N.Name):
            if e.id in bound:
                return bound[e.id]
            if e.id == "P1":  # the starting player
                return "player"
            if e.id in self.types and e.id not in self.decls or isinstance(
                    self.decls.get(e.id), N.EnumDecl | N.ComponentDecl):
                return e.id
            decl = self.decls.get(e.id)
            if e.id in self.members and decl is None:
                return self.members[e.id]
            if isinstance(decl, N.ConstDecl):
                return of(decl.value)
            if isinstance(decl, N.ZoneDecl):
                return decl.of
            if isinstance(decl, N.FuncDecl) and not decl.params:
                return self.of(decl.body, {}, depth + 1)
            return None
        if isinstance(e, N.Index) and isinstance(e.obj, N.Name):
            decl = self.decls.get(e.obj.id)
            return decl.of if isinstance(decl, N.ZoneDecl) else None
        if isinstance(e, N.Call):
            if e.func in _PLAYERS:
                return "player"
            if e.func in _SAME and e.args:
                return of(e.args[0])
            decl = self.decls.get(e.func)
            if isinstance(decl, N.FuncDecl):
                inner = {p.name: p.type for p in decl.params if p.type}
                return self.of(decl.body, inner, depth + 1)
            return None
        if isinstance(e, N.Query) and e.binder is not None:
            b = e.binder
            item = b.type or of(b.source)
            if e.kind in ("first", "random", "any", "every", "sort") or (
                    e.kind in ("list", "distinct") and isinstance(e.value, N.Name)
                    and e.value.id == b.var):
                return item
            if e.kind in ("list", "distinct") and item is not None:
                return of(e.value, {**bound, b.var: item})
            return None
        if isinstance(e, N.Arith) and set(e.ops) == {"+"}:  # the choices, then "pass"
            return of(e.first)
        if isinstance(e, N.ListLit):
            return next((t for t in map(of, e.items) if t), None)
        if isinstance(e, N.IfExpr):
            return of(e.then) or of(e.other)
        return None


def _bindings(node: object) -> Iterator[tuple[str, N.Expr | None, str | None]]:
    """Each name a rule binds, in the order written: (name, where its values come from, its
    declared type)."""
    for n in N.walk(node):
        if isinstance(n, N.Binder):
            yield n.var, n.source, n.type
        elif isinstance(n, N.Choose | N.SecretChoose):
            yield n.var, n.options, None
        elif isinstance(n, N.Let):
            yield n.name, n.value, None


def bound_types(decl: N.Decl, types: Types, params: dict[str, str] | None = None,
                ) -> tuple[dict[str, str], set[str]]:
    """The types of a rule's names (its parameters, as declared or as `params` infers them,
    then what it binds), and the names a loop declares with a type (`for each place d`)."""
    bound: dict[str, str] = {}
    typed: set[str] = set()
    for p in getattr(decl, "params", []):  # a thing of the ruleset, not a number
        kind = p.type if isinstance(p, N.Param) else None
        kind = kind or (params or {}).get(getattr(p, "name", ""))
        if kind in types.types:
            bound[p.name] = kind
    for var, source, declared in _bindings(decl):
        if var in bound:
            continue
        kind = declared or types.of(source, bound)
        if kind in types.types:
            bound[var] = kind
            if declared:
                typed.add(var)
    return bound, typed


def param_types(decls: dict[str, N.Decl], types: Types) -> dict[str, dict[str, str]]:
    """The types of the untyped parameters of definitions, from what their callers pass
    (`define empty(s)`, called as `empty(s)` with a square s: s is a square)."""
    out: dict[str, dict[str, str]] = {}
    for _ in range(2):  # a definition called by another definition: once more
        for caller in decls.values():
            if not isinstance(caller, N.ProcDecl | N.FuncDecl | N.TriggerDecl):
                continue
            bound, _ = bound_types(caller, types, out.get(caller.name))
            for n in N.walk(caller):
                callee = decls.get(n.func) if isinstance(n, N.Call) else None
                if not isinstance(callee, N.FuncDecl):
                    continue
                for p, arg in zip(callee.params, n.args, strict=False):
                    kind = None if p.type else types.of(arg, bound)
                    if kind in types.types:
                        out.setdefault(callee.name, {}).setdefault(p.name, kind)
    return out


def readings(decl: N.Decl, types: Types, noun: Callable[[str], str], names: dict[str, str],
             the: Callable[[str], str], named: Callable[[str, str], str],
             params: dict[str, str] | None = None) -> dict[str, tuple[str, str]]:
    """Each short variable of a rule that its type names: variable -> (its reading, the noun
    a loop over it says: "each square"). `noun(type)` names a type; `the(noun)` says "the square"
    for the variable of a type the rule uses most, `named(noun, var)` "square q" for another;
    `params`: the types its callers give its untyped parameters. A name the names file gives
    reads so, unless a loop declares it with a type ("each place d" reads "each place")."""
    bound, typed = bound_types(decl, types, params)
    uses = Counter(n.id for n in N.walk(decl) if isinstance(n, N.Name))
    order = sorted(bound, key=lambda var: -uses[var])  # the most used of a type: "the player"
    out: dict[str, tuple[str, str]] = {}
    said: set[str] = set()
    for var in order:
        if not is_short(var) or (var in names and var not in typed):
            continue
        word = noun(bound[var])
        if word in said:
            out[var] = (named(word, var), named(word, var))
        else:
            said.add(word)
            out[var] = (the(word), word)
    return out
