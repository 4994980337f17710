"""Measures: what a ruleset asks simulations to count and compute in every game.

- `measure NAME "label": counter` starts at 0 in every game; rules add to it (`NAME += 1`).
- `measure NAME "label": values` starts empty; rules record values in it
  (`record high_bid in NAME`); a report gives the mean of all the values recorded.
- `measure NAME "label" = EXPRESSION` is computed when the game has ended (after the final
  scoring): a number, or yes/no (reported as a rate).

Counters and values are variables of the game (saved, cloned and hashed with it), so the
statements that change them are ordinary statements; this module declares those variables,
compiles the expressions of the other measures, and checks that each measure is used as its
kind says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from numbers import Real
from typing import TYPE_CHECKING, Any

from interpreter.engine.program import Scope
from interpreter.language import nodes as N
from interpreter.language.errors import PYTHON_ERRORS, GameRuleError, explain

if TYPE_CHECKING:
    from interpreter.engine.compiler import Compiler

COUNTER, VALUES, VALUE = "counter", "values", "value"


@dataclass
class Measure:
    name: str
    label: str
    kind: str  # counter | values | value
    cite: str | None
    loc: N.Loc
    fn: Callable[[Any, dict], Any] | None = field(default=None, repr=False)

    def of(self, game: Any) -> Any:
        """This measure in a game that has ended: a number, yes/no, or (values) a list."""
        if self.kind == COUNTER:
            return game.V[self.name]
        if self.kind == VALUES:
            values = list(game.V[self.name])
            for v in values:
                if not isinstance(v, Real) or isinstance(v, bool):
                    raise GameRuleError(f"measure '{self.name}' records numbers, not "
                                        f"{v!r}", self.loc)
            return values
        assert self.fn is not None
        try:
            value = self.fn(game, {})
        except PYTHON_ERRORS as exc:
            raise GameRuleError(f"measure '{self.name}': {explain(exc)}", self.loc) from None
        if not isinstance(value, Real):
            shown = "nothing (none)" if value is None else f"{type(value).__name__} {value!r}"
            raise GameRuleError(f"measure '{self.name}' must give a number or yes/no, not "
                                f"{shown}", self.loc)
        return value


def with_measure_variables(decls: list[N.Decl]) -> list[N.Decl]:
    """The declarations, each counter and values measure replaced by the variable that holds
    it in a game (0, or an empty list)."""
    out: list[N.Decl] = []
    for d in decls:
        if isinstance(d, N.MeasureDecl) and d.kind in (COUNTER, VALUES):
            start = N.Num(loc=d.loc, value=0) if d.kind == COUNTER else N.ListLit(loc=d.loc)
            out.append(N.VarDecl(loc=d.loc, name=d.name, label=d.label, cite=d.cite,
                                 mode=d.mode, init=start))
        else:
            out.append(d)
    return out


def compile_measures(compiler: Compiler, decls: list[N.Decl]) -> list[Measure]:
    """The measures of the declarations (as written, before `with_measure_variables`);
    mistakes are added to `compiler.errors`, each at its place."""
    measures = [Measure(d.name, d.label or d.name.replace("_", " "), d.kind, d.cite, d.loc)
                for d in decls if isinstance(d, N.MeasureDecl)]
    by_name = {m.name: m for m in measures}
    for d in decls:
        if isinstance(d, N.MeasureDecl) and d.kind == VALUE:
            by_name[d.name].fn = compiler.value(d.value, Scope(set(), d.name),
                                                "a number or yes/no")
    changed: set[str] = set()
    for node in N.walk([d for d in decls if isinstance(d, N.ProcDecl | N.TriggerDecl)]):
        if isinstance(node, N.Record):
            changed.add(node.name)
            m = by_name.get(node.name)
            if node.name in compiler.program.vars and (m is None or m.kind != VALUES):
                compiler.error(f"'record ... in {node.name}': '{node.name}' is not a measure of "
                               "recorded values", node.loc,
                               f"declare it with 'measure {node.name} \"...\": values'")
        elif isinstance(node, N.Assign) and node.index is None and node.name in by_name:
            changed.add(node.name)
            if by_name[node.name].kind == VALUES:
                compiler.error(f"'{node.name}' holds recorded values: add one with "
                               f"'record VALUE in {node.name}'", node.loc)
    kept = {m.name for m in measures if m.kind != VALUE}
    for node in N.walk([d for d in decls if not isinstance(d, N.MeasureDecl)]):
        if isinstance(node, N.Name) and node.id in kept:
            compiler.error(f"measure '{node.id}' is read by a rule: measures only watch the "
                           "game (rules add to them, but play never depends on them)",
                           node.loc, "keep a 'var' for what the rules need to know")
    for m in measures:
        if m.kind == COUNTER and m.name not in changed:
            compiler.error(f"measure '{m.name}' is a counter, but no rule adds to it", m.loc,
                           f"add to it in the rule that counts it: '{m.name} += 1'")
        elif m.kind == VALUES and m.name not in changed:
            compiler.error(f"measure '{m.name}' holds values, but no rule records any", m.loc,
                           f"record one in the rule that makes it: 'record VALUE in {m.name}'")
    return measures
