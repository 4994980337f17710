"""Lark's parse trees -> typed syntax nodes (nodes.py), within limits: an expression may not
nest deeper than MAX_DEPTH or chain more than MAX_OPERANDS terms, and what Python cannot build
(a number too long to read) is a RulesetError at its place. lark_parser.py parses; this module
builds."""

from __future__ import annotations

import re

from lark import Token, Transformer, v_args
from lark.exceptions import (
    VisitError,
)

from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError, did_you_mean

MEASURE_KINDS = ("counter", "values")


MAX_DEPTH = 100  # brackets and operators nested deeper than this are refused


MAX_OPERANDS = 1_000  # terms joined by and, or, + or *, or values in one list: no more
_CHAINS = {"and_": 1, "or_": 1, "arith": 2, "args": 1}  # children per operand


def build(tree, path: str, loc: N.Loc):
    """The typed nodes of a parse tree; what Python cannot build becomes a RulesetError."""
    long_chain = _longest_chain(tree)
    if long_chain is not None:
        meta = getattr(long_chain, "meta", None)
        where = N.Loc(loc.file, meta.line, meta.column) \
            if getattr(meta, "line", None) else loc
        raise RulesetError(f"an expression of more than {MAX_OPERANDS:,} terms (joined by "
                           "'and', 'or', '+' or '*', or values in a list): split it with "
                           "'let' or 'define'", where)
    if _depth(tree) > MAX_DEPTH:
        raise RulesetError(f"an expression nested more than {MAX_DEPTH} levels deep (brackets "
                           "or operators): split it with 'let' or 'define'", _deepest(tree, loc))
    try:
        return _Builder(path).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, RulesetError):
            raise exc.orig_exc from None
        if isinstance(exc.orig_exc, ValueError):  # a number longer than Python reads
            raise RulesetError(f"cannot read this value: {exc.orig_exc}", loc) from None
        raise


def _depth(tree) -> int:
    """How deep a parse tree goes, counted without recursion."""
    deepest, todo = 0, [(tree, 1)]
    while todo:
        node, depth = todo.pop()
        deepest = max(deepest, depth)
        todo.extend((c, depth + 1) for c in getattr(node, "children", ()) if hasattr(c, "data"))
    return deepest


def _longest_chain(tree):
    """The first chain of more than MAX_OPERANDS operands in a parse tree, or None."""
    todo = [tree]
    while todo:
        node = todo.pop()
        children = getattr(node, "children", ())
        per = _CHAINS.get(getattr(node, "data", None))
        if per is not None and len(children) > per * MAX_OPERANDS:
            return node
        todo.extend(c for c in children if hasattr(c, "data"))
    return None


def _deepest(tree, loc: N.Loc) -> N.Loc:
    """Where the deepest part of a parse tree starts."""
    node, depth, todo = tree, 0, [(tree, 1)]
    while todo:
        here, level = todo.pop()
        if level > depth:
            node, depth = here, level
        todo.extend((c, level + 1) for c in getattr(here, "children", ()) if hasattr(c, "data"))
    meta = getattr(node, "meta", None)
    line = getattr(meta, "line", None)
    return N.Loc(loc.file, line, getattr(meta, "column", 1)) if line else loc


# The escapes a text in quotes may hold (docs/language.md): \n, \t, \r, \\, \", \', and a
# character by its number: \xHH, \uHHHH, \UHHHHHHHH.
_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.?)", re.S)
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'"}


def _unquote(token: str, loc: N.Loc | None = None) -> str:
    """The text of a quoted token, its escapes replaced; an escape that is not one of them
    is a RulesetError at its place."""
    body = token[1:-1]
    if "\\" not in body:
        return body

    def replace(m: re.Match) -> str:
        code = m.group(1)
        if code in _SIMPLE:
            return _SIMPLE[code]
        if len(code) > 1:
            number = int(code[1:], 16)
            if number <= 0x10FFFF and not 0xD800 <= number <= 0xDFFF:
                return chr(number)
        where = None if loc is None else N.Loc(loc.file, loc.line, loc.column + 1 + m.start())
        raise RulesetError(f"'\\{code[:1]}' is not an escape a text can hold",
                           where, "write \\\\ for a backslash; the escapes are \\n, \\t, \\r, "
                           "\\\\, \\\", \\', \\xHH, \\uHHHH and \\UHHHHHHHH")

    return _ESCAPE.sub(replace, body)


@v_args(meta=True)
class _Builder(Transformer):
    """Turns the Lark tree into nodes; every node gets its Loc."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path

    def _loc(self, meta) -> N.Loc:
        return N.Loc(self.path, getattr(meta, "line", 1), getattr(meta, "column", 1))

    def _tloc(self, tok: Token) -> N.Loc:
        return N.Loc(self.path, tok.line or 1, tok.column or 1)

    def _text(self, tok) -> str | None:
        return None if tok is None else _unquote(str(tok), self._tloc(tok))

    # ---- top level
    def start(self, meta, items):
        return [i for i in items if isinstance(i, N.Decl | tuple)]

    def reading_decl(self, meta, items):
        """(the Reading, its declarations, each marked with the reading's ID)."""
        (ident, loc), title, cite, *decls = items
        for decl in decls:
            decl.reading = ident
        return (N.Reading(loc=loc, id=ident, title=self._text(title), cite=cite,
                          names=[d.name for d in decls]), decls)

    def reading_id(self, meta, items):
        return "-".join(str(t) for t in items), self._tloc(items[0])

    def replace_decl(self, meta, items):
        decl = items[0]
        decl.mode = "replace"
        decl.loc = self._loc(meta)
        return decl


    def name_list(self, meta, items):
        return [str(t) for t in items]

    def cite(self, meta, items):
        return self._text(items[0])

    def enum_decl(self, meta, items):
        name, label, cite, members = items
        return N.EnumDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                          cite=cite, members=[m for m, _ in members],
                          member_labels={m: t for m, t in members if t is not None})

    def member_list(self, meta, items):
        return list(items)

    def member_lines(self, meta, items):
        return [m for line in items for m in line]

    def member(self, meta, items):
        return (str(items[0]), self._text(items[1]))

    def const_decl(self, meta, items):
        name, label, cite, value = items
        return N.ConstDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                           value=value, cite=cite)

    def table_decl(self, meta, items):
        name, label, cite, *rows = items
        styles = {style for style, _, _ in rows}
        style = "map" if "map" in styles else "grid"
        if len(styles) > 1:
            bad = next(loc for s, _, loc in rows if s == "grid")
            raise RulesetError("a table mixes 'key -> value' rows with grid rows", bad,
                               "write every row as 'key -> value', or every row as a grid row")
        return N.TableDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                           cite=cite, style=style, rows=[r for _, r, _ in rows],
                           row_locs=[loc for _, _, loc in rows])

    def grid_row(self, meta, cells):
        return ("grid", list(cells), self._loc(meta))

    def map_row(self, meta, cells):
        return ("map", list(cells), self._loc(meta))

    def _int(self, meta, token) -> int:
        if len(token) > 30:
            raise RulesetError(f"a number of {len(token)} digits is more than any game needs",
                               self._loc(meta), "at most 30 digits")
        return int(token)

    def number(self, meta, items):
        return N.Num(loc=self._loc(meta), value=self._int(meta, items[0]))

    def negative(self, meta, items):
        return N.Num(loc=self._loc(meta), value=-self._int(meta, items[0]))

    def cell_name(self, meta, items):
        return N.Name(loc=self._loc(meta), id=str(items[0]))

    def string(self, meta, items):
        return N.Str(loc=self._loc(meta), value=_unquote(str(items[0]), self._tloc(items[0])))

    def else_cell(self, meta, items):
        return N.Name(loc=self._loc(meta), id="else")

    def component_decl(self, meta, items):
        name, params, label, cite, *body = items
        decl = N.ComponentDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                               cite=cite, params=params or [])
        for key, value in body:
            setattr(decl, key, value)
        return decl

    def component_count(self, meta, items):
        return ("count", items[0])

    def component_start(self, meta, items):
        return ("start", items[0])

    def component_label(self, meta, items):
        return ("display", self._text(items[0]))

    def zone_decl(self, meta, items):
        name, index, label, shape, of, *vis, cite = items
        return N.ZoneDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                          index=index or [], shape=shape, of=None if of is None else str(of),
                          visibility=vis[-1] if vis else "public", cite=cite)

    def index_types(self, meta, items):
        return [str(t) for t in items]

    def index_range(self, meta, items):
        return f"{items[0]}..{items[1]}"

    def stack(self, meta, items):
        return "stack"

    def pile(self, meta, items):
        return "pile"

    def public(self, meta, items):
        return "public"

    def hidden(self, meta, items):
        return "hidden"

    def owner(self, meta, items):
        return "owner"

    def top(self, meta, items):
        return "top"

    def var_decl(self, meta, items):
        name, index, label, init, *vis, cite = items
        return N.VarDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                         index=index or [], init=init, cite=cite,
                         visibility=vis[-1] if vis else "public")

    def proc_decl(self, meta, items):
        name, params, label, when, cite, body = items
        return N.ProcDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                          cite=cite, params=params or [], body=body, when=when)

    def func_decl(self, meta, items):
        name, params, label, cite, lowest, body = items
        return N.FuncDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                          cite=cite, params=params or [], body=body, lowest=bool(lowest))

    def lowest_wins(self, meta, items):
        return True

    def trigger_decl(self, meta, items):
        name, event, params, when, cite, body = items
        return N.TriggerDecl(loc=self._tloc(name), name=str(name), event=str(event),
                             params=params or [], when=when, cite=cite, body=body)

    def require_decl(self, meta, items):
        name, label, cite, condition = items
        return N.RequireDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                             cite=cite, condition=condition)

    def measure_kind(self, meta, items):
        name, label, cite, kind = items
        if str(kind) not in MEASURE_KINDS:
            raise RulesetError(f"a measure is a 'counter' or 'values' (or '= <expression>'), "
                               f"not '{kind}'", self._tloc(kind),
                               did_you_mean(str(kind), MEASURE_KINDS) or
                               "'counter': rules add to it; 'values': rules record values in it")
        return N.MeasureDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                             cite=cite, kind=str(kind))

    def measure_value(self, meta, items):
        name, label, cite, value = items
        return N.MeasureDecl(loc=self._tloc(name), name=str(name), label=self._text(label),
                             cite=cite, kind="value", value=value)

    def remove_decl(self, meta, items):
        return N.RemoveDecl(loc=self._tloc(items[0]), name=str(items[0]))

    def add_option_decl(self, meta, items):
        name, label, proc, choice, when, cite, body = items
        clause = N.OptionClause(loc=self._tloc(name), name=str(name), label=self._text(label),
                                when=when, cite=cite, body=body)
        return N.OptionDecl(loc=self._tloc(name), name=f"{proc}.{choice}.{name}",
                            label=clause.label, cite=cite, procedure=str(proc),
                            choice=str(choice), option_name=str(name), option=clause)

    def remove_option_decl(self, meta, items):
        name, proc, choice = items
        return N.OptionDecl(loc=self._tloc(name), name=f"{proc}.{choice}.{name}",
                            action="remove", procedure=str(proc), choice=str(choice),
                            option_name=str(name))

    def param_list(self, meta, items):
        return list(items)

    def param(self, meta, items):
        name, typ = items
        return N.Param(loc=self._tloc(name), name=str(name),
                       type=None if typ is None else str(typ))

    def range_type(self, meta, items):
        return f"{items[0]}..{items[1]}"

    # ---- statements
    def block(self, meta, items):
        return [i for i in items if isinstance(i, N.Stmt)]

    def step(self, meta, items):
        step, stmt = items
        stmt.step = int(str(step)[:-1])
        return stmt

    def let_stmt(self, meta, items):
        return N.Let(loc=self._loc(meta), name=str(items[0]), value=items[1])

    def target(self, meta, items):
        return (str(items[0]), items[1] if len(items) > 1 else None)

    def assign_stmt(self, meta, items):
        (name, index), value = items
        return N.Assign(loc=self._loc(meta), name=name, index=index, op="=", value=value)

    def aug_assign(self, meta, items):
        (name, index), op, value = items
        return N.Assign(loc=self._loc(meta), name=name, index=index, op=str(op), value=value)

    def move_stmt(self, meta, items):
        (amount, count), what, source, dest, at = items
        return N.Move(loc=self._loc(meta), amount=amount, count=count, what=what,
                      source=source, dest=dest, at=at or "top")

    def amount_top(self, meta, items):
        return ("top", None)

    def amount_all(self, meta, items):
        return ("all", None)

    def amount_up_to(self, meta, items):
        return ("up_to", items[0])

    def amount_exact(self, meta, items):
        return ("exact", items[0])

    def at_bottom(self, meta, items):
        return "bottom"

    def at_top(self, meta, items):
        return "top"

    def shuffle_stmt(self, meta, items):
        return N.Shuffle(loc=self._loc(meta), zone=items[0])

    def choose_stmt(self, meta, items):
        var, options, player, where, prompt = items
        return N.Choose(loc=self._loc(meta), var=str(var), options=options, player=player,
                        where=where, prompt=self._text(prompt))

    def secret_stmt(self, meta, items):
        var, options, binder, shown, prompt = items
        return N.SecretChoose(loc=self._loc(meta), var=str(var), options=options, binder=binder,
                              prompt=self._text(prompt), shown_to=shown)

    def private_stmt(self, meta, items):
        var, options, player, where, shown, prompt = items
        return N.Choose(loc=self._loc(meta), var=str(var), options=options, player=player,
                        where=where, prompt=self._text(prompt), private=True, shown_to=shown)

    def tell_stmt(self, meta, items):
        return N.Tell(loc=self._loc(meta), players=items[0], text=self._text(items[1]))

    def show_stmt(self, meta, items):
        what, players, text = items
        return N.Show(loc=self._loc(meta), what=what, players=players, text=self._text(text))

    def simple_stmt(self, meta, items):
        """A statement and the citation at the end of its line."""
        stmt, cite = items
        stmt.cite = cite
        return stmt

    def log_stmt(self, meta, items):
        return N.Log(loc=self._loc(meta), text=self._text(items[0]))

    def end_stmt(self, meta, items):
        return N.EndGame(loc=self._loc(meta), reason=self._text(items[0]))

    def break_stmt(self, meta, items):
        return N.Break(loc=self._loc(meta))

    def pass_stmt(self, meta, items):
        return N.Pass(loc=self._loc(meta))

    def return_stmt(self, meta, items):
        return N.Return(loc=self._loc(meta), value=items[0])

    def call_stmt(self, meta, items):
        return N.CallStmt(loc=self._loc(meta), name=str(items[0]), args=items[1] or [])

    def emit_stmt(self, meta, items):
        return N.Emit(loc=self._loc(meta), event=str(items[0]), args=items[1] or [])

    def record_stmt(self, meta, items):
        return N.Record(loc=self._loc(meta), value=items[0], name=str(items[1]))

    def if_stmt(self, meta, items):
        cond, cite, body, *rest = items
        orelse, cites = None, []
        if rest and (rest[-1] is None or isinstance(rest[-1], tuple) and len(rest[-1]) == 2):
            last = rest.pop()  # the else clause: (cite, block), or None
            if last is not None:
                cites, orelse = [last[0]], last[1]
        conds, bodies, elif_cites = [cond], [body], []
        for c, branch_cite, b in rest:
            conds.append(c)
            bodies.append(b)
            elif_cites.append(branch_cite)
        return N.If(loc=self._loc(meta), conds=conds, bodies=bodies, orelse=orelse, cite=cite,
                    branch_cites=elif_cites + cites if any(elif_cites + cites) else [])

    def elif_clause(self, meta, items):
        return (items[0], items[1], items[2])

    def else_clause(self, meta, items):
        return (items[0], items[1])

    def for_stmt(self, meta, items):
        return N.For(loc=self._loc(meta), binder=items[0], cite=items[1], body=items[2])

    def while_stmt(self, meta, items):
        return N.While(loc=self._loc(meta), cond=items[0], cite=items[1], body=items[2])

    def loop_stmt(self, meta, items):
        return N.Loop(loc=self._loc(meta), cite=items[0], body=items[1])

    def options_stmt(self, meta, items):
        var, player, prompt, *clauses = items
        return N.Options(loc=self._loc(meta), var=str(var), player=player,
                         prompt=self._text(prompt), clauses=clauses)

    def option_clause(self, meta, items):
        name, label, when, cite, body = items
        return N.OptionClause(loc=self._tloc(name), name=str(name), label=self._text(label),
                              when=when, cite=cite, body=body)

    def binder(self, meta, items):
        first, second, source, where = items
        typ, var = (str(first), str(second)) if first is not None else (None, str(second))
        return N.Binder(loc=self._loc(meta), type=typ, var=var, source=source, where=where)

    # ---- expressions
    def if_expr(self, meta, items):
        then, cond, other = items
        return N.IfExpr(loc=self._loc(meta), cond=cond, then=then, other=other)

    def or_(self, meta, items):
        if len(items) == 1:
            return items[0]
        return N.BoolOp(loc=self._loc(meta), op="or", items=list(items))

    def and_(self, meta, items):
        if len(items) == 1:
            return items[0]
        return N.BoolOp(loc=self._loc(meta), op="and", items=list(items))

    def not_(self, meta, items):
        return N.Not(loc=self._loc(meta), operand=items[0])

    def comp_op(self, meta, items):
        return " ".join(str(t) for t in items)

    def comparison(self, meta, items):
        left, op, right = items
        return N.Compare(loc=self._loc(meta), op=op, left=left, right=right)

    def arith(self, meta, items):
        first, *pairs = items
        if not pairs:
            return first
        return N.Arith(loc=self._loc(meta), first=first, ops=[str(t) for t in pairs[0::2]],
                       rest=list(pairs[1::2]))

    def neg(self, meta, items):
        return N.Neg(loc=self._loc(meta), operand=items[0])

    def attribute(self, meta, items):
        return N.Attr(loc=self._loc(meta), obj=items[0], name=str(items[1]))

    def index(self, meta, items):
        return N.Index(loc=self._loc(meta), obj=items[0], args=items[1])

    def call(self, meta, items):
        return N.Call(loc=self._loc(meta), func=str(items[0]), args=items[1] or [])

    def true(self, meta, items):
        return N.Bool(loc=self._loc(meta), value=True)

    def false(self, meta, items):
        return N.Bool(loc=self._loc(meta), value=False)

    def none(self, meta, items):
        return N.NoneLit(loc=self._loc(meta))

    def name(self, meta, items):
        return N.Name(loc=self._loc(meta), id=str(items[0]))

    def list_(self, meta, items):
        return N.ListLit(loc=self._loc(meta), items=items[0] or [])

    def list_comp(self, meta, items):
        return N.Query(loc=self._loc(meta), kind="list", value=items[0], binder=items[1])

    def args(self, meta, items):
        return list(items)

    def sort_q(self, meta, items):
        binder, key, order = items
        return N.Query(loc=self._loc(meta), kind="sort", value=key, binder=binder,
                       descending=order == "descending")

    def ascending(self, meta, items):
        return "ascending"

    def descending(self, meta, items):
        return "descending"

    def _query(kind: str, with_value: bool):  # noqa: N805 - builds methods below
        def build(self, meta, items):
            value, binder = (items[0], items[1]) if with_value else (None, items[0])
            return N.Query(loc=self._loc(meta), kind=kind, value=value, binder=binder)
        return build

    count_q = _query("count", False)
    sum_q = _query("sum", True)
    max_q = _query("max", True)
    min_q = _query("min", True)
    distinct_q = _query("distinct", True)
    any_q = _query("any", False)
    every_q = _query("every", False)
    random_q = _query("random", False)
    first_q = _query("first", False)
