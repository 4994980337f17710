"""Rule text rendered back from the tree: expressions, for messages such as "option D needs:
<condition>" (brackets where the text needs them to mean the same), and whole declarations in
one canonical form, for comparing rulesets (`render_decl`)."""

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
        return f"{_postfixed(node.obj)}.{node.name}"
    if isinstance(node, N.Index):
        return f"{_postfixed(node.obj)}[{', '.join(r(a) for a in node.args)}]"
    if isinstance(node, N.Call):
        return f"{node.func}({', '.join(r(a) for a in node.args)})"
    if isinstance(node, N.ListLit):
        return f"[{', '.join(r(a) for a in node.items)}]"
    if isinstance(node, N.Arith):
        out = _operand(node.first, node)
        for op, x in zip(node.ops, node.rest, strict=True):
            out += f" {op} {_operand(x, node)}"
        return out
    if isinstance(node, N.Compare):
        return f"{_operand(node.left, node)} {node.op} {_operand(node.right, node)}"
    if isinstance(node, N.BoolOp):
        last = len(node.items) - 1
        return f" {node.op} ".join(_wrap(x, i < last) for i, x in enumerate(node.items))
    if isinstance(node, N.Not):
        return f"not {_wrap(node.operand)}"
    if isinstance(node, N.Neg):
        return f"-{_operand(node.operand, node)}"
    if isinstance(node, N.IfExpr):  # 'a if c else b' chains to the right: a conditional
        # in the first two places needs brackets to read back the same
        then, cond = (f"({r(x)})" if isinstance(x, N.IfExpr) else r(x)
                      for x in (node.then, node.cond))
        return f"{then} if {cond} else {r(node.other)}"
    if isinstance(node, N.Query):
        binder = render_binder(node.binder, each=node.kind not in _BARE_BINDER)
        if node.kind == "list":
            return f"[{r(node.value)} for {binder}]"
        if node.kind == "sort":
            order = " descending" if node.descending else ""
            return f"sort {binder} by {r(node.value)}{order}"
        if node.value is not None:
            return f"{node.kind} {r(node.value)} for {binder}"
        return f"{node.kind} {binder}"
    return type(node).__name__


_BARE_BINDER = ("any", "every", "random", "first")  # `any q in ...`, not `any each q in ...`


def render_binder(b: N.Binder | None, each: bool = True) -> str:
    """`each [type] name [in source] [where condition]`; without `each` after the queries that
    read better without it (`any q in ...`, `every p in ...`)."""
    if b is None:
        return ""
    out = ("each " if each else "") + (f"{b.type} " if b.type else "") + b.var
    if b.source is not None:
        out += f" in {render_expr(b.source)}"
    if b.where is not None:
        out += f" where {render_expr(b.where)}"
    return out


_TIGHT = (N.Num, N.Str, N.Bool, N.NoneLit, N.Name, N.Attr, N.Index, N.Call, N.ListLit)


def _postfixed(node: N.Expr) -> str:
    """What `.name` or `[...]` follows: in brackets unless it binds as tightly
    (`(first q in xs where c).name`, which without them reads as `c.name`)."""
    text = render_expr(node)
    return text if isinstance(node, _TIGHT) or (
        isinstance(node, N.Query) and node.kind == "list") else f"({text})"


def _operand(node: N.Expr | None, parent: N.Expr) -> str:
    """An operand in brackets where the rule text needs them to mean the same: a sum inside a
    product, a chain inside a chain of the same kind, a condition or query inside arithmetic."""
    text = render_expr(node)
    if isinstance(node, N.Arith | N.Neg) and isinstance(parent, N.Neg):
        return f"({text})"
    if isinstance(node, N.Arith) and isinstance(parent, N.Arith):
        sum_in_product = node.ops[0] in "+-" and parent.ops[0] not in "+-"
        if sum_in_product or (node.ops[0] in "+-") == (parent.ops[0] in "+-"):
            return f"({text})"
        return text
    if isinstance(node, N.BoolOp | N.IfExpr | N.Compare | N.Query | N.Not):
        return f"({text})"
    return text


def _wrap(node: N.Expr | None, followed: bool = False) -> str:
    """An item of 'a and b' or the operand of 'not'; `followed` (an item before another): a
    query in brackets too, since its binder's source or condition would take in what follows
    ('every q in x where c and d')."""
    text = render_expr(node)
    kinds = N.BoolOp | N.IfExpr | N.Query if followed else N.BoolOp | N.IfExpr
    return f"({text})" if isinstance(node, kinds) else text


# ---------------------------------------------------------------------------- declarations
# Declarations and statements back to rule text, in one canonical form: one statement per line,
# 4 spaces a level, no step numbers, no comments, no citations; the rows of a table in order of
# their keys. Two declarations that mean the same render the same (tools compare rule sets by
# it). `texts=False` leaves out what only players read (labels, prompts, log lines, the reason
# of an ending), to tell a change of wording from a change of the rules.
def render_decl(decl: N.Decl, texts: bool = True) -> list[str]:
    """The canonical lines of a declaration (a guarded replacement's fallback included)."""
    lines = _Renderer(texts).decl(decl)
    fallback = getattr(decl, "fallback", None)
    if fallback is not None:  # unindented: a diff with the replaced rule shows the guard only
        lines.append("otherwise (the rule it replaces):")
        lines += render_decl(fallback, texts)
    return lines


class _Renderer:
    def __init__(self, texts: bool):
        self.texts = texts

    def text(self, value: str | None, prefix: str = " ") -> str:
        if value is None or not self.texts:
            return ""
        return f'{prefix}"{value}"'

    def decl(self, d: N.Decl) -> list[str]:
        t = self.text
        if isinstance(d, N.EnumDecl):
            members = ", ".join(m + (t(d.member_labels[m]) if m in d.member_labels else "")
                                for m in d.members)
            return [f"enum {d.name}{t(d.label)}: {members}"]
        if isinstance(d, N.ConstDecl):
            return [f"const {d.name}{t(d.label)} = {render_expr(d.value)}"]
        if isinstance(d, N.TableDecl):
            return [f"table {d.name}{t(d.label)}:", *("    " + r for r in _table_rows(d))]
        if isinstance(d, N.ComponentDecl):
            lines = [f"component {d.name}({_params(d.params)}){t(d.label)}:"]
            if d.count is not None:
                lines.append(f"    count {render_expr(d.count)}")
            if d.start is not None:
                lines.append(f"    start in {render_expr(d.start)}")
            if d.display is not None and self.texts:
                lines.append(f'    label "{d.display}"')
            return lines
        if isinstance(d, N.ZoneDecl):
            of = f" of {d.of}" if d.of else ""
            return [f"zone {d.name}{_index(d.index)}{t(d.label)}: {d.shape}{of}, {d.visibility}"]
        if isinstance(d, N.VarDecl):
            vis = f", {d.visibility}" if d.visibility != "public" else ""
            return [f"var {d.name}{_index(d.index)}{t(d.label)} = {render_expr(d.init)}{vis}"]
        if isinstance(d, N.FuncDecl):
            lowest = " lowest wins" if d.lowest else ""
            return [f"define {d.name}({_params(d.params)}){t(d.label)}{lowest} = "
                    f"{render_expr(d.body)}"]
        if isinstance(d, N.ProcDecl):
            when = f" when {render_expr(d.when)}" if d.when is not None else ""
            return [f"procedure {d.name}({_params(d.params)}){t(d.label)}{when}:",
                    *self.block(d.body, 1)]
        if isinstance(d, N.TriggerDecl):
            when = f" when {render_expr(d.when)}" if d.when is not None else ""
            return [f"trigger {d.name} after {d.event}({', '.join(d.params)}){when}:",
                    *self.block(d.body, 1)]
        if isinstance(d, N.OptionDecl):
            where = f"{d.procedure}.{d.choice}"
            if d.action == "remove" or d.option is None:
                return [f"remove option {d.option_name} from {where}"]
            c = d.option
            when = f" when {render_expr(c.when)}" if c.when is not None else ""
            return [f"add option {c.name}{t(c.label)} to {where}{when}:",
                    *self.block(c.body, 1)]
        if isinstance(d, N.RequireDecl):
            return [f"require {d.name}{t(d.label)}: {render_expr(d.condition)}"]
        if isinstance(d, N.MeasureDecl):
            if d.kind == "value":
                return [f"measure {d.name}{t(d.label)} = {render_expr(d.value)}"]
            return [f"measure {d.name}{t(d.label)}: {d.kind}"]
        if isinstance(d, N.RemoveDecl):
            return [f"remove {d.name}"]
        raise TypeError(f"no canonical form for {type(d).__name__}")

    def block(self, body: list[N.Stmt], depth: int) -> list[str]:
        out: list[str] = []
        for stmt in body:
            out += self.stmt(stmt, depth)
        return out

    def stmt(self, s: N.Stmt, depth: int) -> list[str]:
        pad, r = "    " * depth, render_expr
        head = pad + self.head(s)
        if isinstance(s, N.If):
            out = []
            for i, (cond, body) in enumerate(zip(s.conds, s.bodies, strict=True)):
                out.append(f"{pad}{'if' if i == 0 else 'elif'} {r(cond)}:")
                out += self.block(body, depth + 1)
            if s.orelse is not None:
                out += [f"{pad}else:", *self.block(s.orelse, depth + 1)]
            return out
        if isinstance(s, N.For | N.While | N.Loop):
            return [head, *self.block(s.body, depth + 1)]
        if isinstance(s, N.Options):
            out = [head]
            for c in s.clauses:
                when = f" when {r(c.when)}" if c.when is not None else ""
                out.append(f"{pad}    option {c.name}{self.text(c.label)}{when}:")
                out += self.block(c.body, depth + 2)
            return out
        return [head]

    def head(self, s: N.Stmt) -> str:
        """A statement's own line (a compound statement's without its block)."""
        r, t = render_expr, self.text
        if isinstance(s, N.Let):
            return f"let {s.name} = {r(s.value)}"
        if isinstance(s, N.Assign):
            index = f"[{', '.join(r(a) for a in s.index)}]" if s.index else ""
            return f"{s.name}{index} {s.op} {r(s.value)}"
        if isinstance(s, N.Move):
            amount = {"top": "top", "all": "all", "up_to": f"up to {r(s.count)}"}.get(
                s.amount, r(s.count))
            what = f" of {r(s.what)}" if s.what is not None else ""
            at = " at bottom" if s.at == "bottom" else ""
            return f"move {amount}{what} from {r(s.source)} to {r(s.dest)}{at}"
        if isinstance(s, N.Shuffle):
            return f"shuffle {r(s.zone)}"
        if isinstance(s, N.Choose):
            where = f" where {r(s.where)}" if s.where is not None else ""
            shown = f" shown to {r(s.shown_to)}" if s.shown_to is not None else ""
            head = "privately choose" if s.private else "choose"
            return (f"{head} {s.var} from {r(s.options)} by {r(s.player)}{where}{shown}"
                    f"{t(s.prompt)}")
        if isinstance(s, N.SecretChoose):
            shown = f" shown to {r(s.shown_to)}" if s.shown_to is not None else ""
            return (f"secretly choose {s.var} from {r(s.options)} by "
                    f"{render_binder(s.binder)}{shown}{t(s.prompt)}")
        if isinstance(s, N.Options):
            return f"choose {s.var} by {r(s.player)}{t(s.prompt)}:"
        if isinstance(s, N.Log):
            return f"log{t(s.text)}"
        if isinstance(s, N.Tell):
            return f"tell {r(s.players)}{t(s.text)}"
        if isinstance(s, N.Show):
            return f"show {r(s.what)} to {r(s.players)}{t(s.text) if s.text else ''}"
        if isinstance(s, N.EndGame):
            return f"end game{t(s.reason)}"
        if isinstance(s, N.Return):
            return "return" + (f" {r(s.value)}" if s.value is not None else "")
        if isinstance(s, N.CallStmt):
            return f"{s.name}({', '.join(r(a) for a in s.args)})"
        if isinstance(s, N.Record):
            return f"record {r(s.value)} in {s.name}"
        if isinstance(s, N.Emit):
            return f"emit {s.event}({', '.join(r(a) for a in s.args)})"
        if isinstance(s, N.If):
            return f"if {r(s.conds[0])}:"
        if isinstance(s, N.For):
            return f"for {render_binder(s.binder)}:"
        if isinstance(s, N.While):
            return f"while {r(s.cond)}:"
        if isinstance(s, N.Loop):
            return "loop:"
        return type(s).__name__.lower()  # break, pass


def render_stmt_head(stmt: N.Stmt) -> str:
    """A statement's own line, canonical (a compound statement's without its block)."""
    return _Renderer(True).head(stmt)


def render_stmt_own(stmt: N.Stmt) -> list[str]:
    """A statement's own lines, canonical and unindented, without the statements inside it:
    an `if` with its `elif`/`else` lines, a choice with its `option` lines."""
    lines = _Renderer(True).stmt(stmt, 0)
    if isinstance(stmt, N.If):
        return [x for x in lines if x.startswith(("if ", "elif ", "else:"))]
    if isinstance(stmt, N.Options):
        return [lines[0], *(x.strip() for x in lines[1:] if x.startswith("    option "))]
    return lines[:1]


def _params(params: list[N.Param]) -> str:
    return ", ".join(p.name + (f": {p.type}" if p.type else "") for p in params)


def _index(index: list[str]) -> str:
    return f"[{', '.join(index)}]" if index else ""


def _table_rows(d: N.TableDecl) -> list[str]:
    """A table's rows in order of their keys (`else` last); a grid's cells named by column."""
    rows = [[render_expr(c) for c in row] for row in d.rows]
    if d.style == "grid" and rows:
        header, body = rows[0], rows[1:]
        out = [f"{row[0]}: " + ", ".join(f"{col} = {cell}" for col, cell in
                                         sorted(zip(header[1:], row[1:], strict=False)))
               for row in body]
        return [f"columns: {', '.join(header)}", *sorted(out, key=_row_key)]
    out = [f"{row[0]} -> {', '.join(row[1:])}" for row in rows]
    return sorted(out, key=_row_key)


def _row_key(row: str) -> tuple[int, int, str]:
    """Numbers in their order, then names; `else` last."""
    key = row.split(" ", 1)[0].rstrip(":")
    if key == "else":
        return (2, 0, row)
    number = key.lstrip("-").isdigit()
    return (0 if number else 1, int(key) if number else 0, row)
