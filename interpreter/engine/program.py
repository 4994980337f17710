"""What the compiler produces for a ruleset: its procedures, functions, zones, variables and
choice points (the program), and the names a procedure or function sees (its scope)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from interpreter.engine.world import World
from interpreter.language import nodes as N

Fn = Callable[[Any, dict], Any]

# What a procedure's generated function returns (statements.py): 0 when it has finished,
# else a signal that makes its callers return at once.
SWITCH = 1  # the frame stack changed: the runtime loop runs the top frame
SUSPEND = 2  # a player must decide: stop running

# What an expression denotes, for the kind checks.
VALUE, ZONE, TABLE, TYPE, FAMILY, PROC = "value", "zone", "table", "type", "family", "procedure"
UNKNOWN = "unknown"  # already reported: no follow-on errors about it
PLAIN_TYPES = ("number", "bool", "text", "list")  # parameter types besides the declared ones


@dataclass
class Proc:
    name: str
    params: list[str]
    decl: N.Node
    plain_fn: str = ""  # name of its generated function of (rt, args...)
    framed_fn: str = ""  # name of its generated function of (rt, frame)
    source: str = ""  # the generated Python source
    line_locs: list[N.Loc] = field(default_factory=list)  # the rule of each generated line
    labels: int = 1  # blocks of a framed procedure: a frame's label is one of 0..labels-1
    # a frame's locals are a list (Game.frame_locals): one slot per name, the parameters first,
    # then the other rule locals, then helpers of the generated code (`$seq3`)
    slots: list[str] = field(default_factory=list)
    slot_of: dict[str, int] = field(default_factory=dict)


@dataclass
class Func:
    name: str
    params: list[str]
    decl: N.FuncDecl
    fn: Fn | None = None
    static: bool = False
    call: Callable | None = None  # the generated function itself: call(rt, *args)
    source: str = ""  # the generated Python source (`rules code`)
    memo_slot: int | None = None  # its answers' cache in Game.memo, if it has one


@dataclass
class ZoneInfo:
    decl: N.ZoneDecl
    index: list[str] = field(default_factory=list)  # its index types, ranges made numbers


@dataclass
class VarInfo:
    decl: N.VarDecl
    init: Fn | None = None
    index: list[str] = field(default_factory=list)  # its index types, ranges made numbers


@dataclass
class ChoicePoint:
    """What a suspended `choose` needs: the options' labels and the rules that limit them."""

    loc: N.Loc
    prompt: str
    labels: dict[str, str]
    rules: dict[str, tuple[str, str | None]]  # option -> (condition as text, citation)
    where: str | None = None
    resume: int = 0  # the block of its procedure that goes on after the decision
    # The rules as written, for explanations (play/why.py): each option's `when`, and for a
    # choice of a value the list it is chosen from and its `where`.
    conditions: dict[str, Any] = field(default_factory=dict)
    source: Any = None
    where_expr: Any = None
    secret: bool = False  # a `secretly choose`: the choice is sealed until all have chosen
    private: bool = False  # a `privately choose`: seen by the chooser and those shown it
    again: int = 0  # of a `secretly choose`: the block that asks the next player to choose


@dataclass
class Program:
    world: World
    decls: dict[str, N.Decl]
    # rule -> the kind of each parameter that the generated code relies on (kind_check's
    # infer_for_code: "number", or a kind whose values are texts), None where it does not;
    # a call from outside the rules (Game.evaluate, perform, a tool's expression) is checked
    # against it (support.check_args)
    arg_kinds: dict[str, list[str | None]] = field(default_factory=dict)
    consts: dict[str, Any] = field(default_factory=dict)
    zones: dict[str, ZoneInfo] = field(default_factory=dict)
    vars: dict[str, VarInfo] = field(default_factory=dict)
    procs: dict[str, Proc] = field(default_factory=dict)
    funcs: dict[str, Func] = field(default_factory=dict)
    triggers: dict[str, list[str]] = field(default_factory=dict)
    choices: dict[tuple[str, int], ChoicePoint] = field(default_factory=dict)
    component_start: dict[str, Fn] = field(default_factory=dict)
    entry: dict[str, Callable] = field(default_factory=dict)  # procedure -> fn(rt, frame)
    memo_slots: int = 0  # caches of functions of the game state (Game.memo)
    memo_reads: list[frozenset[str]] = field(default_factory=list)  # slot -> what it can read
    line_locs: dict[str, list[N.Loc]] = field(default_factory=dict)  # code file -> lines
    measure_vars: dict[str, Any] = field(default_factory=dict)  # measure -> start (0 or [])
    flat: dict[str, Any] = field(default_factory=dict)  # variable -> FlatLayout (flat.py)
    # function -> the zones and variables some player may not see that it reads (secrecy.py)
    private_reads: dict[str, set[str]] = field(default_factory=dict)
    # procedure -> its local names that hold a `privately choose` (bots' samples drop them)
    private_locals: dict[str, set[str]] = field(default_factory=dict)
    # procedure -> its local names that may hold what some player may not see while it waits
    # for a decision (secrecy.py): a board's `running` value never shows them
    private_while_waiting: dict[str, set[str]] = field(default_factory=dict)
    # what `rules check` warns of (a choice that looks secret but every player sees it)
    warnings: list[Any] = field(default_factory=list)
    # the `move` statements (ids of their nodes) whose `of ...` reads something private
    private_moves: set[int] = field(default_factory=set)
    # players -> what every game of that many players starts with (runtime.Game.start):
    # the keys of each family, the pieces of each component to place
    layouts: dict[int, Any] = field(default_factory=dict)
    # the names generated code sees: its helpers, constants and functions (`rules code`)
    namespace: dict[str, Any] = field(default_factory=dict)
    # the generated functions that run a query's loop (`_q12`): name -> source
    loops: dict[str, str] = field(default_factory=dict)

    def families(self) -> tuple[list[str], list[str]]:
        """The zone families and the variable families (`zone hand[player]`)."""
        return ([n for n, info in self.zones.items() if info.decl.index],
                [n for n, info in self.vars.items() if info.decl.index])


class Scope:
    """Names of one procedure or function: `names` live in the frame's locals (Python-like: any
    assignment makes a local); `py` maps names bound inside expressions (function parameters,
    query variables) to variables of the generated Python code."""

    def __init__(self, names: set[str], proc: str, py: dict[str, str] | None = None):
        self.names = names
        self.proc = proc
        self.py = py or {}
        self.texts: frozenset[str] = frozenset()  # Python names known to hold a text value
        # Python names known to hold a whole number (never yes or no): reads of a family by
        # them need not check that they are numbers
        self.numbers: frozenset[str] = frozenset()
        # Python names of whole numbers known to lie within bounds here (low, high; None:
        # no bound), from the condition that guards the code (`x if c >= 1 and c <= 8 ...`)
        self.bounds: dict[str, tuple[int | None, int | None]] = {}

    def lookup(self, name: str) -> str | None:
        return self.py.get(name)

    def bind(self, name: str, compiler: Compiling, text: bool = False,
             number: bool = False) -> tuple[Scope, str]:
        """A scope in which `name` is a new Python variable (`text`: it always holds a text,
        e.g. a kind, a place or a player; `number`: a whole number)."""
        var = f"v_{name}_{compiler.fresh_number()}"
        return self.with_name(name, var, text, number), var

    def with_name(self, name: str, py: str, text: bool = False, number: bool = False) -> Scope:
        """A scope in which `name` is the Python variable `py`."""
        inner = Scope(self.names, self.proc, {**self.py, name: py})
        inner.texts = self.texts | {py} if text else self.texts - {py}
        inner.numbers = self.numbers | {py} if number else self.numbers - {py}
        inner.bounds = {k: v for k, v in self.bounds.items() if k != py}
        return inner

    def knowing(self, bounds: dict[str, tuple[int | None, int | None]]) -> Scope:
        """This scope where the names of `bounds` are known to lie within them too."""
        if not bounds:
            return self
        inner = Scope(self.names, self.proc, self.py)
        inner.texts, inner.numbers, inner.bounds = self.texts, self.numbers, dict(self.bounds)
        for name, (lo, hi) in bounds.items():
            old_lo, old_hi = inner.bounds.get(name, (None, None))
            inner.bounds[name] = (lo if old_lo is None else old_lo if lo is None
                                  else max(lo, old_lo),
                                  hi if old_hi is None else old_hi if hi is None
                                  else min(hi, old_hi))
        return inner

    def within(self, py: str, low: int, high: int) -> bool:
        """Whether the Python name `py` is known to hold a whole number in low..high."""
        lo, hi = self.bounds.get(py, (None, None))
        return py in self.numbers and lo is not None and hi is not None and \
            low <= lo and hi <= high

    def all_names(self) -> list[str]:
        return [*self.names, *self.py]


class Compiling(Protocol):
    """What the statement compiler and scopes ask of the expression compiler
    (`compiler.Compiler`); named here so that neither module imports the other's."""

    world: World
    program: Program

    def fresh_number(self) -> int: ...
    def error(self, message: str, loc: N.Loc, hint: str | None = None) -> None: ...
    def constant_name(self, value: Any, hint: str = "k") -> str: ...
    def typed(self, scope: Scope, decl: N.Decl, py: dict[str, str]) -> Scope: ...
    def range_keys(self, name: str) -> str | None: ...
    def flat_name(self, name: str) -> str: ...
    def key_table(self, name: str) -> str | None: ...
    def forget_src(self, zone_or_var: str | None) -> str | None: ...
    def value_c(self, node: N.Expr, scope: Scope, what: str = "a value") -> Any: ...
    def number_c(self, node: N.Expr, scope: Scope) -> Any: ...
    def zone(self, node: N.Expr, scope: Scope) -> Any: ...
    def test_src(self, node: N.Expr, scope: Scope) -> str: ...
    def items_src(self, c: Any) -> str: ...
    def source(self, binder: N.Binder, scope: Scope) -> Any: ...
    def format_src(self, text: str, scope: Scope, loc: N.Loc) -> str: ...
    def line_src(self, text: str, scope: Scope, loc: N.Loc,
                 kind: Callable[[N.Expr], str | None]) -> str: ...
    def fact_kind(self, node: N.Expr, decl: N.Decl) -> str | None: ...
