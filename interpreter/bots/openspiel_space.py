"""The actions of a ruleset as OpenSpiel numbers them: one fixed list of values, found from the
rules before any game is played (OpenSpiel needs the number of distinct actions up front)."""

from __future__ import annotations

import json
from typing import Any

from interpreter.engine.ruleset import Ruleset
from interpreter.engine.world import player_id
from interpreter.language import nodes as N
from interpreter.language.errors import RulesError
from interpreter.language.render import render_expr


class UnboundedChoice(RulesError):
    """A choice whose options the adapter cannot bound before the game is played."""


class ActionSpace:
    """The values any decision of a ruleset may offer, numbered 0, 1, 2, ..."""

    def __init__(self, values: list[Any]):
        self.values: list[Any] = []
        self._index: dict[tuple[str, Any], int] = {}
        for value in values:
            key = _key(value)
            if key not in self._index:
                self._index[key] = len(self.values)
                self.values.append(value)

    def __len__(self) -> int:
        return len(self.values)

    def action(self, value: Any) -> int | None:
        return self._index.get(_key(value))


def _key(value: Any) -> tuple[str, Any]:
    """Values told apart by their type too (True == 1 in Python)."""
    if isinstance(value, list):
        return ("list", json.dumps(value))
    return (type(value).__name__, value)


def action_space(ruleset: Ruleset, players: int) -> ActionSpace:
    """Every value a decision of `ruleset` may offer, found from the rules alone: the players,
    every enumeration's members, every entity, every kind of piece, every option of an
    `options` choice, every text written in the rules, yes and no, and for each `choose` that
    offers numbers (`numbers(a, b)` or numbers in a list) the whole numbers its bounds allow.

    A `choose` whose numbers have no bound known before play (say `numbers(0, x)` with `x` a
    variable) is an UnboundedChoice naming the choice, its place in the rules and why."""
    program, world = ruleset.program, ruleset.program.world
    values: list[Any] = [player_id(i) for i in range(1, players + 1)]
    for members in world.enums.values():
        values += members
    for entities in world.entity_types.values():
        values += entities
    for name in world.components:
        values += world.kinds_in_game(name, players)
    values += [True, False]
    bounds = _Bounds(ruleset, players)
    numbers: set[int] = set()
    functions = {d.name: d for d in program.decls.values() if isinstance(d, N.FuncDecl)}
    for decl in program.decls.values():
        lets = {n.name: n.value for n in N.walk(decl)
                if isinstance(n, N.Let) and n.value is not None}
        for node in N.walk(decl):
            if isinstance(node, N.Str):
                values.append(node.value)
            elif isinstance(node, N.Options):
                values += [clause.name for clause in node.clauses]
            elif isinstance(node, N.Choose | N.SecretChoose):
                if node.options is None:
                    continue
                for options in _option_sources(node.options, functions, lets):
                    if isinstance(options, N.Name) and (world.is_type(options.id)
                                                        or ".." in options.id):
                        values += world.domain(options.id, players)
                    values += _constant_items(options, program.consts)
                numbers |= bounds.numbers_of(node, functions, lets)
    return ActionSpace(values + sorted(numbers))


class _Bounds:
    """Whole numbers a choice's options may hold, from its options expression alone."""

    def __init__(self, ruleset: Ruleset, players: int):
        self.consts = ruleset.program.consts
        world = ruleset.program.world
        # No zone can hold more pieces than the game has: a bound for `size(...)`.
        self.pieces = sum(world.components[c].counts.get(k, 0) for c in world.components
                          for k in world.kinds_in_game(c, players))
        self.players = players

    def numbers_of(self, choose: N.Choose,
                   functions: dict[str, N.FuncDecl] | None = None,
                   lets: dict[str, N.Expr] | None = None) -> set[int]:
        """The whole numbers the choice may offer, following the functions its options call
        (`choose c from open_columns()`, where the function goes over `numbers(1, 7)`)."""
        found: set[int] = set()
        for node in (n for source in _option_sources(choose.options, functions or {}, lets)
                     for n in N.walk(source)):
            if isinstance(node, N.ListLit):
                found |= {i.value for i in node.items if isinstance(i, N.Num)}
            elif isinstance(node, N.Call) and node.func == "numbers" and len(node.args) == 2:
                low, why_low = self.low(node.args[0])
                high, why_high = self.high(node.args[1])
                if low is None or high is None:
                    loc = choose.loc
                    raise UnboundedChoice(
                        f"{loc.file}:{loc.line}:{loc.column}: choice '{choose.var}' "
                        f"({choose.prompt or 'no prompt'}) offers numbers with no bound known "
                        f"before play: {why_low or why_high}; OpenSpiel needs a fixed number "
                        "of actions (give the bound as a number, a constant, min_of(...) "
                        "with one, or size(...))")
                found |= set(range(low, high + 1))
        return found

    def high(self, e: Any) -> tuple[int | None, str]:
        """An upper bound of the expression's value, or None and why not."""
        if isinstance(e, N.Num):
            return e.value, ""
        if isinstance(e, N.Name) and isinstance(self.consts.get(e.id), int):
            return self.consts[e.id], ""
        if isinstance(e, N.Call) and e.func == "size":
            return self.pieces, ""
        if isinstance(e, N.Call) and e.func in ("min_of", "max_of") and e.args:
            found = [self.high(a) for a in e.args]
            known = [b for b, _ in found if b is not None]
            if e.func == "min_of" and known:
                return min(known), ""
            if e.func == "max_of" and len(known) == len(found):
                return max(known), ""
            return None, next(w for b, w in found if b is None)
        if isinstance(e, N.Arith) and all(op in ("+", "*") for op in e.ops):
            parts = [self.high(x) for x in [e.first, *e.rest]]
            if all(b is not None and b >= 0 for b, _ in parts):
                total = parts[0][0]
                for op, (b, _) in zip(e.ops, parts[1:], strict=True):
                    total = total + b if op == "+" else total * b
                return total, ""
        return None, f"'{render_expr(e)}' is neither a number, a constant, min_of/max_of, " \
            "a sum nor size(...)"

    def low(self, e: Any) -> tuple[int | None, str]:
        if isinstance(e, N.Num):
            return e.value, ""
        if isinstance(e, N.Neg) and isinstance(e.operand, N.Num):
            return -e.operand.value, ""
        if isinstance(e, N.Name) and isinstance(self.consts.get(e.id), int):
            return self.consts[e.id], ""
        return None, "the lower bound is not a number or a constant"


def _option_sources(options: N.Expr, functions: dict[str, N.FuncDecl],
                    lets: dict[str, N.Expr] | None = None) -> list[N.Expr]:
    """The options expression, the values of the names its procedure gave them with `let`
    (`let options = moves(p)`), and the bodies of every function it calls, directly or
    through other functions (each once, so recursion ends)."""
    found, todo, seen = [], [options], set()
    lets = lets or {}
    while todo:
        expr = todo.pop()
        found.append(expr)
        for node in N.walk(expr):
            if isinstance(node, N.Call) and node.func in functions and node.func not in seen:
                seen.add(node.func)
                body = functions[node.func].body
                if body is not None:
                    todo.append(body)
            elif isinstance(node, N.Name) and node.id in lets and ("let", node.id) not in seen:
                seen.add(("let", node.id))
                todo.append(lets[node.id])
    return found


def _constant_items(expr: N.Expr, consts: dict[str, Any]) -> list[Any]:
    """The items of every list constant the expression names (`squares`, a list of
    squares): options taken from such a list are among them."""
    items: list[Any] = []
    for node in N.walk(expr):
        if isinstance(node, N.Name) and isinstance(consts.get(node.id), list):
            items += consts[node.id]
    return items
