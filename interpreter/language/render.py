"""Expressions back to rule text, for messages such as "option D needs: <condition>"."""

from __future__ import annotations

from interpreter.language import nodes as N


def render_expr(node: N.Expr | None) -> str:
    if node is None:
        return ""
    r = render_expr
    if isinstance(node, N.Num):
        return str(node.value)
    if isinstance(node, N.Str):
        return f'"{node.value}"'
    if isinstance(node, N.Bool):
        return "true" if node.value else "false"
    if isinstance(node, N.NoneLit):
        return "none"
    if isinstance(node, N.Name):
        return node.id
    if isinstance(node, N.Attr):
        return f"{r(node.obj)}.{node.name}"
    if isinstance(node, N.Index):
        return f"{r(node.obj)}[{', '.join(r(a) for a in node.args)}]"
    if isinstance(node, N.Call):
        return f"{node.func}({', '.join(r(a) for a in node.args)})"
    if isinstance(node, N.ListLit):
        return f"[{', '.join(r(a) for a in node.items)}]"
    if isinstance(node, N.Arith):
        out = r(node.first)
        for op, x in zip(node.ops, node.rest, strict=True):
            out += f" {op} {r(x)}"
        return out
    if isinstance(node, N.Compare):  # a query's binder would swallow what follows it
        return f"{_wrap_query(node.left)} {node.op} {_wrap_query(node.right)}"
    if isinstance(node, N.BoolOp):
        return f" {node.op} ".join(_wrap(i) for i in node.items)
    if isinstance(node, N.Not):
        return f"not {_wrap(node.operand)}"
    if isinstance(node, N.Neg):
        return f"-{_wrap(node.operand)}"
    if isinstance(node, N.IfExpr):
        return f"{r(node.then)} if {r(node.cond)} else {r(node.other)}"
    if isinstance(node, N.Query):
        binder = render_binder(node.binder)
        if node.kind == "list":
            return f"[{r(node.value)} for {binder}]"
        if node.value is not None:
            return f"{node.kind} {r(node.value)} for {binder}"
        return f"{node.kind} {binder}"
    return type(node).__name__


def render_binder(b: N.Binder | None) -> str:
    if b is None:
        return ""
    out = "each " + (f"{b.type} " if b.type else "") + b.var
    if b.source is not None:
        out += f" in {render_expr(b.source)}"
    if b.where is not None:
        out += f" where {render_expr(b.where)}"
    return out


def _wrap_query(node: N.Expr | None) -> str:
    text = render_expr(node)
    return f"({text})" if isinstance(node, N.Query) and node.kind != "list" else text


def _wrap(node: N.Expr | None) -> str:
    text = render_expr(node)
    return f"({text})" if isinstance(node, N.BoolOp | N.IfExpr) else text
