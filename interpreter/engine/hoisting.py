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
                    draws: Callable[[N.Node], bool]) -> list[N.Expr]:
    """The largest parts of `roots` (a query's condition and value) that do not use `var`,
    are computed for every item, and draw nothing at random."""
    found: list[N.Expr] = []

    def visit(node: N.Expr) -> None:
        if isinstance(node, _WORTH) and not draws(node) and not _uses(node, var):
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


def inlinable_functions(decls: list[N.Decl], state_names: set[str]) -> dict[str, N.FuncDecl]:
    """Functions whose body is worth copying into their callers: small, calling no other
    function but inlinable ones (copied in turn: a chain of small functions becomes one
    expression; a function that calls itself never is), going through no type's values (so
    never cached), drawing nothing at random, and either reading the game state or going
    through nothing at all (a plain formula of its arguments, cheaper to compute than to look
    up; a function of the board alone that goes through values is remembered instead)."""
    funcs = {d.name: d for d in decls if isinstance(d, N.FuncDecl)}
    candidates: dict[str, tuple[N.FuncDecl, set[str]]] = {}
    for name, decl in funcs.items():
        nodes = list(N.walk(decl.body))
        if len(nodes) > INLINE_SIZE:
            continue
        if any(isinstance(n, N.Query) and (n.kind == "random" or n.binder.source is None)
               for n in nodes):
            continue
        reads = any(isinstance(n, N.Name) and n.id in state_names for n in nodes)
        if reads or not any(isinstance(n, N.Query) for n in nodes):
            candidates[name] = (decl, {n.func for n in nodes
                                       if isinstance(n, N.Call) and n.func in funcs})
    found: dict[str, N.FuncDecl] = {}
    grown = True
    while grown:  # first those that call no function, then those calling only those, ...
        grown = False
        for name, (decl, calls) in candidates.items():
            if name not in found and calls <= set(found):
                found[name] = decl
                grown = True
    return found


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
