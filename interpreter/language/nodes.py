"""Typed syntax tree of the rules language.

Every node keeps where it came from (file, line, column) so that every later
error can point at the rule text. Nodes serialise to JSON (`to_json`) in a form
checked by `schemas/ast.schema.json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class Loc:
    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


NOWHERE = Loc("<builtin>", 0, 0)


@dataclass
class Node:
    loc: Loc = field(default=NOWHERE, repr=False, compare=False)


# ---------------------------------------------------------------- expressions


@dataclass
class Expr(Node):
    pass


@dataclass
class Num(Expr):
    value: int = 0


@dataclass
class Str(Expr):
    value: str = ""


@dataclass
class Bool(Expr):
    value: bool = False


@dataclass
class NoneLit(Expr):
    pass


@dataclass
class Name(Expr):
    id: str = ""


@dataclass
class Attr(Expr):
    obj: Expr | None = None
    name: str = ""


@dataclass
class Index(Expr):
    obj: Expr | None = None
    args: list[Expr] = field(default_factory=list)


@dataclass
class Call(Expr):
    func: str = ""
    args: list[Expr] = field(default_factory=list)


@dataclass
class ListLit(Expr):
    items: list[Expr] = field(default_factory=list)


@dataclass
class Arith(Expr):
    """A left-to-right chain: first, then (op, operand) pairs."""

    first: Expr | None = None
    ops: list[str] = field(default_factory=list)
    rest: list[Expr] = field(default_factory=list)


@dataclass
class Compare(Expr):
    op: str = "=="
    left: Expr | None = None
    right: Expr | None = None


@dataclass
class BoolOp(Expr):
    op: str = "and"
    items: list[Expr] = field(default_factory=list)


@dataclass
class Not(Expr):
    operand: Expr | None = None


@dataclass
class Neg(Expr):
    operand: Expr | None = None


@dataclass
class IfExpr(Expr):
    cond: Expr | None = None
    then: Expr | None = None
    other: Expr | None = None


@dataclass
class Binder(Node):
    """`[each] [type] name [in source] [where condition]`."""

    type: str | None = None
    var: str = ""
    source: Expr | None = None
    where: Expr | None = None


@dataclass
class Query(Expr):
    """count / sum / max / min / distinct / any / every / random / first / list / sort (its
    value is the key to sort by)."""

    kind: str = "count"
    value: Expr | None = None
    binder: Binder | None = None
    descending: bool = False  # for sort: the largest key first


# ---------------------------------------------------------------- statements


@dataclass
class Stmt(Node):
    step: int | None = None
    cite: str | None = None  # `... cite "Rules: 3"` at the end of its line (before its ':')


@dataclass
class Let(Stmt):
    name: str = ""
    value: Expr | None = None


@dataclass
class Assign(Stmt):
    name: str = ""
    index: list[Expr] | None = None
    op: str = "="
    value: Expr | None = None


@dataclass
class Move(Stmt):
    amount: str = "exact"  # exact | top | all | up_to
    count: Expr | None = None
    what: Expr | None = None
    source: Expr | None = None
    dest: Expr | None = None
    at: str = "top"  # top | bottom


@dataclass
class Shuffle(Stmt):
    zone: Expr | None = None


@dataclass
class Choose(Stmt):
    """`choose var from options by player [where ...]`; `privately choose ... [shown to
    players]`: only the chooser (and the players `shown_to` gives) see what is chosen."""

    var: str = ""
    options: Expr | None = None
    player: Expr | None = None
    where: Expr | None = None
    prompt: str | None = None
    private: bool = False
    shown_to: Expr | None = None


@dataclass
class SecretChoose(Stmt):
    """`secretly choose var from options by each player p [in ...] [where ...]`: every player
    of the binder commits one of the options (evaluated with the binder's name bound to that
    player); nobody sees another's choice until all have chosen. `var` then maps each player
    to their choice."""

    var: str = ""
    options: Expr | None = None
    binder: Binder | None = None
    prompt: str | None = None
    shown_to: Expr | None = None  # `shown to ...`: each choice revealed to its chooser and these


@dataclass
class OptionClause(Node):
    name: str = ""
    label: str | None = None
    when: Expr | None = None
    cite: str | None = None
    body: list[Stmt] = field(default_factory=list)


@dataclass
class Options(Stmt):
    var: str = ""
    player: Expr | None = None
    prompt: str | None = None
    clauses: list[OptionClause] = field(default_factory=list)


@dataclass
class Log(Stmt):
    text: str = ""


@dataclass
class Tell(Stmt):
    """`tell players "text"`: a line of the log that only those players read."""

    players: Expr | None = None
    text: str = ""


@dataclass
class Show(Stmt):
    """`show what to players ["text"]`: a zone or a value shown to some players, who then know
    it (a line of the log told to them: the text, or one naming what is shown)."""

    what: Expr | None = None
    players: Expr | None = None
    text: str | None = None


@dataclass
class EndGame(Stmt):
    reason: str | None = None


@dataclass
class Break(Stmt):
    pass


@dataclass
class Pass(Stmt):
    pass


@dataclass
class Return(Stmt):
    value: Expr | None = None


@dataclass
class CallStmt(Stmt):
    name: str = ""
    args: list[Expr] = field(default_factory=list)


@dataclass
class Emit(Stmt):
    event: str = ""
    args: list[Expr] = field(default_factory=list)


@dataclass
class Record(Stmt):
    """`record VALUE in MEASURE`: one more value of a measure of recorded values."""

    name: str = ""
    value: Expr | None = None


@dataclass
class If(Stmt):
    conds: list[Expr] = field(default_factory=list)
    bodies: list[list[Stmt]] = field(default_factory=list)
    orelse: list[Stmt] | None = None
    # the citations of the `elif` branches, then of `else` (`cite` is the `if` line's)
    branch_cites: list[str | None] = field(default_factory=list)


@dataclass
class For(Stmt):
    binder: Binder | None = None
    body: list[Stmt] = field(default_factory=list)


@dataclass
class While(Stmt):
    cond: Expr | None = None
    body: list[Stmt] = field(default_factory=list)


@dataclass
class Loop(Stmt):
    body: list[Stmt] = field(default_factory=list)


# ---------------------------------------------------------------- declarations


@dataclass
class Decl(Node):
    name: str = ""
    label: str | None = None
    cite: str | None = None
    mode: str = "add"  # add | replace (an overlay's new version of an existing rule)
    reading: str | None = None  # the reading (a named unit of an overlay) it belongs to


@dataclass
class Param(Node):
    name: str = ""
    type: str | None = None


@dataclass
class EnumDecl(Decl):
    members: list[str] = field(default_factory=list)
    member_labels: dict[str, str] = field(default_factory=dict)


@dataclass
class ConstDecl(Decl):
    value: Expr | None = None


@dataclass
class TableDecl(Decl):
    style: str = "map"  # map: `key -> value, ...`; grid: header row then rows
    rows: list[list[Any]] = field(default_factory=list)
    row_locs: list[Loc] = field(default_factory=list)


@dataclass
class ComponentDecl(Decl):
    params: list[Param] = field(default_factory=list)
    count: Expr | None = None
    start: Expr | None = None
    display: str | None = None


@dataclass
class ZoneDecl(Decl):
    index: list[str] = field(default_factory=list)
    shape: str = "pile"  # pile (counts per kind) | stack (ordered, top last)
    of: str | None = None
    visibility: str = "public"  # public | hidden | owner | top


@dataclass
class VarDecl(Decl):
    index: list[str] = field(default_factory=list)
    init: Expr | None = None
    visibility: str = "public"  # public | owner (first index is the player who sees it) | hidden


@dataclass
class ProcDecl(Decl):
    params: list[Param] = field(default_factory=list)
    body: list[Stmt] = field(default_factory=list)
    when: Expr | None = None  # a replacement that applies only when this holds ...
    fallback: ProcDecl | None = None  # ... and otherwise runs the rule it replaced
    options_changed: list[str] = field(default_factory=list)  # by overlays: file:line each


@dataclass
class FuncDecl(Decl):
    params: list[Param] = field(default_factory=list)
    body: Expr | None = None
    lowest: bool = False  # `lowest wins`: said of `score`, the lowest score wins


@dataclass
class TriggerDecl(Decl):
    event: str = ""
    params: list[str] = field(default_factory=list)
    when: Expr | None = None
    body: list[Stmt] = field(default_factory=list)


@dataclass
class RequireDecl(Decl):
    """A condition the rules set for every game ("make certain that ..."): checked when a ruleset
    is checked, if it can be known then, and before each game starts."""

    condition: Expr | None = None


@dataclass
class MeasureDecl(Decl):
    """What simulations measure: a `counter` that rules increase (`NAME += n`), `values` that
    rules record (`record VALUE in NAME`), or a `value` computed when a game has ended."""

    kind: str = "value"  # counter | values | value
    value: Expr | None = None  # for a value: the expression computed at the end


@dataclass
class RemoveDecl(Decl):
    pass


@dataclass
class OptionDecl(Decl):
    """An overlay's change to one `choose ...:` of a procedure (`procedure.choice`): `add
    option NAME ... to turn.choice: ...` adds `option`; `remove option NAME from turn.choice`
    (action "remove") takes the option `option_name` away. Its name is
    `procedure.choice.option_name`, so that two changes of one option meet."""
    action: str = "add"  # add | remove
    procedure: str = ""
    choice: str = ""
    option_name: str = ""
    option: OptionClause | None = None


@dataclass
class Reading(Node):
    """`reading ID "title" cite "...":` around rules: one reading of a text, a named unit that
    tools switch on alone. Its rules are in the file's `decls`, each marked with the ID."""

    id: str = ""
    title: str | None = None
    cite: str | None = None
    names: list[str] = field(default_factory=list)  # the names of its rules, in order


@dataclass
class RuleFile(Node):
    path: str = ""
    decls: list[Decl] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)


# ---------------------------------------------------------------- JSON form


def to_json(value: Any) -> Any:
    """The node (or list of nodes) as plain JSON data: {"node": type, "loc": [...], ...}."""
    if isinstance(value, Node):
        out: dict[str, Any] = {"node": type(value).__name__}
        loc = value.loc
        out["loc"] = [loc.file, loc.line, loc.column]
        for f in fields(value):
            if f.name != "loc":
                out[f.name] = to_json(getattr(value, f.name))
        return out
    if isinstance(value, Loc):
        return [value.file, value.line, value.column]
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value


def walk(node: Any):
    """Every node in a tree (or a list of trees), depth first, in the order written. One
    generator with a stack of its own, not a generator per node: checks walk every declaration,
    and a tree of 80,000 terms costs no chain of generators."""
    stack = [node]
    pop, push = stack.pop, stack.extend
    while stack:
        item = pop()
        if isinstance(item, Node):
            yield item
            push([v for v in reversed(vars(item).values()) if v.__class__ is list
                  or isinstance(v, Node)])
        elif item.__class__ is list:
            push(reversed(item))


def node_types() -> dict[str, type[Node]]:
    """Every concrete node class by name (used to derive the AST schema)."""
    found: dict[str, type[Node]] = {}
    stack: list[type[Node]] = [Node]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            found[sub.__name__] = sub
            stack.append(sub)
    return found
