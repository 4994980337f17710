"""What a rule does with its own values, so that its steps read as sentences (issue 33: "Let
total be ...", "The result is 0.", "Here high is a number." read as code): which `let` names a
value for later, which starts a running value, which is read once in the very next step (and is
said there instead); which parameters the rule's own steps already show the type of."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from interpreter.language import nodes as N

_ORDERED = {"<", "<=", ">", ">="}
_OF_NUMBERS = {"numbers", "min_of", "max_of", "half"}  # built-ins whose arguments are numbers
_COMPOUND = N.If | N.For | N.While | N.Loop | N.Options  # steps that hold other steps


def names_read(node: object) -> Iterator[str]:
    """The names a rule reads, what its log and records read left out."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, N.Log | N.Record):
            continue
        if isinstance(item, N.Name):
            yield item.id
        if isinstance(item, N.Node):
            stack += [v for v in vars(item).values() if isinstance(v, list | N.Node)]
        elif isinstance(item, list):
            stack += item


class Values:
    """A rule's own values: how often each name is read, and which names it changes.
    `procedures`: the names of the rules that take steps (a value they give is named first:
    their steps are not hidden inside another sentence)."""

    def __init__(self, decl: N.Node | None, procedures: set[str] = frozenset()):  # type: ignore[assignment]
        self.procedures = procedures
        self.reads: Counter[str] = Counter(names_read(decl)) if decl is not None else Counter()
        self.changed: set[str] = set() if decl is None else {
            n.name if isinstance(n, N.Assign) else n.var for n in N.walk(decl)
            if isinstance(n, N.Assign | N.Choose)}

    def running(self, s: N.Let) -> bool:
        """Whether a named value changes later in the rule (a count kept, whose turn it is)."""
        return s.name in self.changed

    def said_where_used(self, body: list[N.Stmt], i: int) -> bool:
        """Whether `body[i]`, a `let`, is read once only, by the step right after it, before
        that step does anything: it reads better said there ("Add the points ... to ...")
        than named first, and nothing can change it in between."""
        s = body[i]
        if not isinstance(s, N.Let) or i + 1 >= len(body) or self.running(s) \
                or self.reads[s.name] != 1 or s.step is not None or any(
                    isinstance(n, N.Call) and n.func in self.procedures for n in N.walk(s.value)):
            return False  # a numbered step of the rulebook keeps its number
        after = body[i + 1]
        if isinstance(after, N.If):
            first: list[object] = list(after.conds)
        elif isinstance(after, N.For):
            first = [after.binder]
        else:
            first = [] if isinstance(after, _COMPOUND) else [after]
        return s.name in set(names_read(first))


def _numeric(n: N.Node) -> list[N.Expr | None]:
    """The parts of an expression or step that can only be numbers."""
    if isinstance(n, N.Arith):
        return [n.first, *n.rest]
    if isinstance(n, N.Compare) and n.op in _ORDERED:
        return [n.left, n.right]
    if isinstance(n, N.Neg):
        return [n.operand]
    if isinstance(n, N.Call) and n.func in _OF_NUMBERS:
        return list(n.args)
    if isinstance(n, N.Move):
        return [n.count]
    if isinstance(n, N.Assign) and n.op != "=":
        return [n.value]
    return []


def _conditions(n: N.Node) -> list[N.Expr | None]:
    """The parts of an expression or step that can only be yes or no."""
    if isinstance(n, N.If):
        return list(n.conds)
    if isinstance(n, N.While | N.IfExpr):
        return [n.cond]
    if isinstance(n, N.BoolOp):
        return list(n.items)
    if isinstance(n, N.Not):
        return [n.operand]
    if isinstance(n, N.Binder):
        return [n.where]
    if isinstance(n, N.OptionClause):
        return [n.when]
    return []


def type_shown_by_use(decl: N.Node, name: str, kind: str | None) -> bool:
    """Whether a parameter's type goes without saying, its uses show it: a number compared,
    counted up to or added, a yes or no asked as a condition."""
    parts = {"number": _numeric, "bool": _conditions}.get(kind or "")
    return parts is not None and any(isinstance(e, N.Name) and e.id == name
                                     for n in N.walk(decl) for e in parts(n))
