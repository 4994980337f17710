"""Which parts of a query's condition and value are the same for every item it goes through.

In `[k for each k in kinds(hand[p]) where k.suit == bid_colour[p] ...]`, `bid_colour[p]` does
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
               for n in _walk(node))


def _walk(node: object) -> Iterator[N.Node]:
    if isinstance(node, N.Node):
        yield node
        for value in vars(node).values():
            yield from _walk(value)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item)
