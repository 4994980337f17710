"""Shape checks: what a rule asks of a zone's shape, known before any game.

A `pile` keeps how many of each kind it holds, without order; a `stack` keeps its order. The
rules alone say which a zone is, so these mistakes are found at `rules check`, with the place,
instead of in the first game that reaches them:

- `top(PILE)`: a pile has no top;
- `shuffle PILE`: a pile has no order;
- `move N from PILE` (or `move top`, `move up to N`) without `of KIND`: which kind? (a pile
  whose component has a single kind, `coin()`, needs no `of`);
- `move ... to PILE at bottom`: a pile has no bottom;
- `move -1 ...`: a number of pieces below 0;
- `lowest wins` said of another function than `score`;
- `record "text" in MEASURE`: a measure records numbers.

Only a zone written directly (`hand[p]`, `deck`) is checked: a zone that a function gives back
is known only in play, and the run-time errors stay for it.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.program import Program
from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError
from interpreter.language.render import render_expr


def check_shapes(program: Program, decls: list[N.Decl]) -> list[RulesetError]:
    """Every shape mistake of the rules (see the module docstring)."""
    errors: list[RulesetError] = []
    for decl in decls:
        if isinstance(decl, N.FuncDecl) and decl.lowest and decl.name != "score":
            errors.append(RulesetError(
                f"'lowest wins' is said of the function 'score' only, not of '{decl.name}'",
                decl.loc, "define score(p) \"...\" lowest wins = ..."))
        bound = _bound_names(decl)
        for node in N.walk(decl):
            if isinstance(node, N.Call) and node.func == "top" and len(node.args) == 1:
                zone = _pile(program, node.args[0], bound)
                if zone:
                    errors.append(RulesetError(
                        f"'{zone}' is a pile: a pile has no top", node.loc,
                        f"declare '{zone}' a stack, or name the kind: "
                        f"first each c in {render_expr(node.args[0])}"))
            elif isinstance(node, N.Shuffle):
                zone = _pile(program, node.zone, bound)
                if zone:
                    errors.append(RulesetError(
                        f"'{zone}' is a pile: only a stack can be shuffled (a pile has no "
                        "order)", node.loc, f"declare '{zone}' a stack"))
            elif isinstance(node, N.Move):
                errors += _move(program, node, bound)
            elif isinstance(node, N.Record) and isinstance(
                    node.value, N.Str | N.Bool | N.NoneLit | N.ListLit):
                errors.append(RulesetError(
                    f"measure '{node.name}' records numbers, not {render_expr(node.value)}",
                    node.value.loc or node.loc, "record a number: record VALUE in MEASURE"))
    return errors


def _move(program: Program, s: N.Move, bound: set[str]) -> list[RulesetError]:
    errors = []
    zone = _pile(program, s.source, bound)
    if zone and s.what is None and s.amount != "all" and not _one_kind(program, zone):
        amount = {"top": "1", "up_to": f"up to {render_expr(s.count)}"}.get(
            s.amount, render_expr(s.count) if s.count is not None else "1")
        errors.append(RulesetError(
            f"'{zone}' is a pile of several kinds: say which kind to move", s.source.loc or s.loc,
            f"did you mean 'move {amount} of KIND from {render_expr(s.source)} ...'? "
            "(or 'move all from ...')"))
    dest = _pile(program, s.dest, bound)
    if dest and s.at == "bottom":
        errors.append(RulesetError(
            f"'{dest}' is a pile: a pile has no bottom", s.dest.loc or s.loc,
            f"leave out 'at bottom', or declare '{dest}' a stack"))
    if isinstance(s.count, N.Neg) and isinstance(s.count.operand, N.Num):
        errors.append(RulesetError(f"cannot move {render_expr(s.count)} pieces",
                                   s.count.loc or s.loc, "a number of pieces is 0 or more"))
    return errors


def _pile(program: Program, node: Any, bound: set[str]) -> str | None:
    """The name of the pile zone (or pile family) an expression names directly, or None."""
    target = node.obj if isinstance(node, N.Index) else node
    if isinstance(target, N.Name) and target.id not in bound:
        info = program.zones.get(target.id)
        if info is not None and info.decl.shape == "pile":
            return target.id
    return None


def _one_kind(program: Program, zone: str) -> bool:
    """Whether a pile can only ever hold one kind of piece (its component has one kind)."""
    world = program.world
    of = program.zones[zone].decl.of
    components = [of] if of else list(world.components)
    return sum(len(world.components[c].kinds) for c in components if c in world.components) <= 1


def _bound_names(decl: N.Decl) -> set[str]:
    """The local names of a declaration (parameters, let, each, choose): they hide zones."""
    names = {getattr(p, "name", p) for p in getattr(decl, "params", None) or []}
    for node in N.walk(decl):
        if isinstance(node, N.Let):
            names.add(node.name)
        elif isinstance(node, N.Binder):
            names.add(node.var)
        elif isinstance(node, N.Choose | N.SecretChoose | N.Options):
            names.add(node.var)
    return names
