"""Which parts of a query's condition and value are the same for every item it goes through.

In `[k for each k in kinds(hand[p]) where k.suit == trump[p] ...]`, `trump[p]` does
not depend on `k`: the compiler computes it once per query instead of once per item. Only
parts that would be computed for every item anyway are taken out (the first operand of an `and`
or `or`, not the others; the condition of an `if`, not its branches), and the generated code
computes them only when there is at least one item, so no rule computes anything it would not
have computed otherwise, and no error appears that would not have.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from interpreter.engine.builtins import BUILTINS
from interpreter.language import nodes as N

# Worth computing once: anything but a plain name or a constant.
_WORTH = (N.Index, N.Call, N.Attr, N.Query, N.Arith, N.Compare, N.BoolOp, N.Not, N.IfExpr,
          N.ListLit, N.Neg)


def always_evaluated(node: N.Expr) -> Iterator[N.Expr]:
    """The parts of an expression that are computed whenever it is."""
    if isinstance(node, N.BoolOp):
        yield node.items[0]
    elif isinstance(node, N.Compare):
        yield from (node.left, node.right)
    elif isinstance(node, N.Arith):
        yield node.first
        yield from node.rest
    elif isinstance(node, N.Not | N.Neg):
        yield node.operand
    elif isinstance(node, N.Attr):
        yield node.obj
    elif isinstance(node, N.Index):
        yield node.obj
        yield from node.args
    elif isinstance(node, N.Call):
        yield from node.args
    elif isinstance(node, N.IfExpr):
        yield node.cond
    elif isinstance(node, N.ListLit):
        yield from node.items
    elif isinstance(node, N.Query) and node.binder.source is not None:
        yield node.binder.source


def loop_invariants(roots: list[N.Expr], var: str,
                    draws: Callable[[N.Node], bool], per_item: frozenset[str] = frozenset()
                    ) -> list[N.Expr]:
    """The largest parts of `roots` (a query's condition and value) that do not use `var`
    (nor the names in `per_item`, computed from it for each item), are computed for every
    item, and draw nothing at random."""
    found: list[N.Expr] = []

    def visit(node: N.Expr) -> None:
        if isinstance(node, _WORTH) and not draws(node) and not _uses(node, var) and \
                not any(_uses(node, name) for name in per_item):
            found.append(node)
            return
        for part in always_evaluated(node):
            if part is not None:
                visit(part)

    for root in roots:
        visit(root)
    return found


def _uses(node: N.Node, var: str) -> bool:
    """Whether `var` appears in `node` (as a name, or bound again inside it)."""
    return any((isinstance(n, N.Name) and n.id == var) or (isinstance(n, N.Binder) and
                                                               n.var == var)
               for n in N.walk(node))



# ------------------------------------------------------------------------ inlining
INLINE_SIZE = 60  # nodes: larger functions are called, not copied into their callers
_GAME_BUILTINS = frozenset(name for name, b in BUILTINS.items() if b.reads_game)


def inlinable_functions(decls: list[N.Decl], state_names: set[str],
                        numeric: set[str]) -> dict[str, N.FuncDecl]:
    """Functions whose body is worth copying into their callers: small, going through no
    type's values, drawing nothing at random, calling no other function, and reading the game
    state or calling a builtin that reads the game (`opponent(p) = next_player(p)`); a
    function of the board alone is remembered instead. A function that takes numbers (in
    `numeric`, see number_functions) is never cached, so it is copied more freely: also when
    it is a plain formula of its arguments, and when it calls other functions (inlinable ones
    are copied in turn, so a chain of small functions becomes one expression; the calls of
    others stay in its body), as long as it calls itself nowhere, not even through others."""
    funcs = {d.name: d for d in decls if isinstance(d, N.FuncDecl)}
    calls = {name: {n.func for n in N.walk(d.body) if isinstance(n, N.Call) and n.func in funcs}
             for name, d in funcs.items()}
    candidates: dict[str, bool] = {}  # name -> whether it takes numbers
    for name, decl in funcs.items():
        nodes = list(N.walk(decl.body))
        if len(nodes) > INLINE_SIZE or name in _reachable(name, calls):
            continue
        if any(isinstance(n, N.Query) and (n.kind == "random" or n.binder.source is None)
               for n in nodes):
            continue
        reads = any(isinstance(n, N.Name) and n.id in state_names or
                    isinstance(n, N.Call) and n.func in _GAME_BUILTINS and n.func not in funcs
                    for n in nodes)
        numbers = name in numeric
        if reads or (numbers and not any(isinstance(n, N.Query) for n in nodes)):
            candidates[name] = numbers
    found: dict[str, N.FuncDecl] = {}
    grown = True
    while grown:  # first those that call no function, then those calling only those, ...
        grown = False
        for name, numbers in candidates.items():
            if name not in found and (not calls[name] or numbers and all(
                    c in found or c not in candidates for c in calls[name])):
                found[name] = funcs[name]
                grown = True
    return found


def _reachable(start: str, calls: dict[str, set[str]]) -> set[str]:
    """The functions a function calls, directly or through others."""
    seen: set[str] = set()
    todo = list(calls.get(start, ()))
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(calls.get(name, ()))
    return seen


def range_families(decls: list[N.Decl]) -> set[str]:
    """The zone and variable families indexed by number ranges only (`cell[1..7, 1..6]`)."""
    return {d.name for d in decls if isinstance(d, N.VarDecl | N.ZoneDecl) and d.index
            and all(".." in t for t in d.index)}


def number_functions(decls: list[N.Decl]) -> set[str]:
    """The functions with a parameter that is surely a number: compared by size, indexing a
    family over number ranges, counted with (`c - 1`, `c + 2 * d`, `c * 3`; a `+` alone may
    join texts or lists), or passed on to such a parameter of another function. The cache
    of answers keeps them for texts only (a kind, a place, a player), so such a function
    would only pay for it."""
    funcs = {d.name: d for d in decls if isinstance(d, N.FuncDecl)}
    numbered = range_families(decls)
    params = {name: [x.name for x in d.params] for name, d in funcs.items()}
    numeric: dict[str, set[str]] = {name: set() for name in funcs}

    def counted(node: N.Node | None) -> bool:
        return isinstance(node, N.Num | N.Neg) or (
            isinstance(node, N.Arith) and any(op != "+" for op in node.ops))
    passed: list[tuple[str, str, str, str]] = []  # function, its parameter, callee, callee's
    for name, decl in funcs.items():
        mine = set(params[name])

        def mark(node: N.Node | None, found: set[str] = numeric[name], mine=mine) -> None:
            if isinstance(node, N.Name) and node.id in mine:
                found.add(node.id)
        for n in N.walk(decl.body):
            if isinstance(n, N.Call) and n.func in funcs:
                passed += [(name, arg.id, n.func, param) for arg, param in
                           zip(n.args, params[n.func], strict=False)
                           if isinstance(arg, N.Name) and arg.id in mine]
            elif isinstance(n, N.Arith):
                operands = [n.first, *n.rest]
                if any(op != "+" for op in n.ops) or any(counted(x) for x in operands):
                    for x in operands:
                        mark(x)
            elif isinstance(n, N.Compare) and n.op in ("<", "<=", ">", ">="):
                mark(n.left)
                mark(n.right)
            elif isinstance(n, N.Index) and isinstance(n.obj, N.Name) and n.obj.id in numbered:
                for a in n.args:
                    mark(a)
    grown = True
    while grown:  # a parameter passed on to a number parameter is a number too
        grown = False
        for name, mine, callee, param in passed:
            if param in numeric[callee] and mine not in numeric[name]:
                numeric[name].add(mine)
                grown = True
    return {name for name, found in numeric.items() if found}


def inline_body(decl: N.FuncDecl, args: list[N.Expr], caller_names: set[str]) -> N.Expr | None:
    """The function's body with its parameters replaced by the call's arguments, or None when
    that would change what a name means (only plain names and constants are passed)."""
    if len(args) != len(decl.params):
        return None
    if not all(isinstance(a, N.Name | N.Num | N.Str | N.Bool | N.NoneLit) for a in args):
        return None
    params = {p.name: a for p, a in zip(decl.params, args, strict=True)}
    bound = {n.var for n in N.walk(decl.body) if isinstance(n, N.Binder)}
    free = {n.id for n in N.walk(decl.body) if isinstance(n, N.Name)} - set(params) - bound
    if free & caller_names:  # a name of the caller would hide one the function means
        return None
    if any(isinstance(a, N.Name) and a.id in bound for a in args):  # ... or be hidden
        return None
    return _substitute(decl.body, params)


def _substitute(node: object, params: dict[str, N.Expr]) -> object:
    if isinstance(node, N.Name) and node.id in params:
        return params[node.id]
    if isinstance(node, N.Node):
        copy = object.__new__(type(node))
        for key, value in vars(node).items():
            setattr(copy, key, _substitute(value, params))
        return copy
    if isinstance(node, list):
        return [_substitute(item, params) for item in node]
    return node


def hoist_call_arguments(body: N.Expr, inline: dict[str, N.FuncDecl]
                         ) -> tuple[N.Expr, list[tuple[str, N.Expr]]]:
    """A function's body in which each call of a small function that is computed whenever the
    body is (see always_evaluated) and has arguments other than plain names gets plain names
    instead, and those names with the arguments they stand for, in the order written: the
    caller computes them first, and the call can then be inlined. The arguments would have
    been computed anyway, before the call; a body that draws at random is not given here."""
    body = _substitute(body, {})  # a copy: the declaration's tree stays as written
    found: list[tuple[str, N.Expr]] = []

    def visit(node: N.Expr) -> None:
        if isinstance(node, N.Call) and node.func in inline:
            for i, arg in enumerate(node.args):
                if not isinstance(arg, N.Name | N.Num | N.Str | N.Bool | N.NoneLit):
                    visit(arg)
                    name = f"$arg{len(found) + 1}"  # no rule can write this name
                    found.append((name, arg))
                    node.args[i] = N.Name(loc=arg.loc, id=name)
            return
        for part in always_evaluated(node):
            if part is not None:
                visit(part)

    visit(body)
    return body, found


def inline_per_item(node: N.Expr, var: str, inline: dict[str, N.FuncDecl],
                    caller_names: set[str], fresh: Callable[[], int]
                    ) -> tuple[N.Expr, list[tuple[str, N.Expr]]]:
    """A query's condition (or its value, when it has no condition) in which each call of a
    small function that is computed for every item is copied in (inline_body), its
    arguments that are not plain names computed first for each item under new names (the
    names with what they stand for, in the order written). So `owner_at(c + d[1], r + d[2])`
    in `any d in directions where ...` becomes the body of `owner_at`, with no call per
    item. Only arguments that use the query's variable (or a name computed from it) are
    taken out: the others are the same for every item, and computed once (loop_invariants).
    The arguments would have been computed anyway, before the call; a condition that draws
    at random is not given here."""
    found: list[tuple[str, N.Expr]] = []
    per_item = {var}

    def expand(node: N.Expr) -> N.Expr:
        if isinstance(node, N.Call) and node.func in inline:
            args = list(node.args)
            for i, arg in enumerate(args):
                if isinstance(arg, N.Name | N.Num | N.Str | N.Bool | N.NoneLit) or \
                        not any(_uses(arg, name) for name in per_item):
                    continue
                name = f"$item{fresh()}"  # no rule can write this name
                found.append((name, expand(arg)))
                per_item.add(name)
                args[i] = N.Name(loc=arg.loc, id=name)
            body = inline_body(inline[node.func], args, caller_names | per_item)
            if body is None:
                copy = _substitute(node, {})
                copy.args = args
                return copy
            return expand(body)
        if isinstance(node, N.Query):  # a query inside takes its own items out
            return node
        parts = {id(p) for p in always_evaluated(node) if p is not None}
        if not parts:
            return node
        copy = object.__new__(type(node))
        for key, value in vars(node).items():
            if id(value) in parts:
                value = expand(value)
            elif isinstance(value, list):
                value = [expand(x) if id(x) in parts else x for x in value]
            setattr(copy, key, value)
        return copy

    return expand(node), found
