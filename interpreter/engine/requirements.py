"""Requirements: conditions the rules set for every game (`require NAME "label": condition`).

A rulebook often says "make certain that ..." of a setup, or gives numbers that the components
must agree with. A `require` rule states such a condition. It is compiled like any expression
of the rules and checked

- when the ruleset is loaded, if it can be known then (it reads only constants, tables, board
  data and functions of them): a ruleset whose requirement fails cannot be played at all, and
  `rules check` says so with the place of the rule;
- before every game's setup, with the game's number of players and its pieces in their starting
  places (a requirement that reads them); a failing one stops the game before it starts.

A requirement never changes a game: what it draws at random is undone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreter.engine.program import Fn, Scope
from interpreter.engine.support import CheckBudget
from interpreter.language import nodes as N
from interpreter.language.errors import PYTHON_ERRORS, GameRuleError, RulesetError, explain
from interpreter.language.render import render_expr

# What a requirement that needs a game raises when it is tried without one (rt is None).
_NEEDS_A_GAME = (AttributeError, TypeError)


@dataclass
class Requirement:
    decl: N.RequireDecl
    holds: Fn
    sides: tuple[Fn, Fn] | None  # a comparison's two sides, to show their values
    static: bool | None  # True/False when known before any game, None when it needs a game


def compile_requirements(compiler: Any, decls: list[N.Decl]) -> list[Requirement]:
    """Every `require` rule, compiled with the ruleset's names (errors go to the compiler's
    list) and, where it needs no game, evaluated once."""
    found: list[Requirement] = []
    for decl in decls:
        if not isinstance(decl, N.RequireDecl) or decl.condition is None:
            continue
        before = len(compiler.errors)
        scope = Scope(set(), decl.name)
        try:
            holds = compiler.value(decl.condition, scope)
            cond = decl.condition
            sides = (compiler.value(cond.left, scope), compiler.value(cond.right, scope)) \
                if isinstance(cond, N.Compare) else None
        except RulesetError as exc:
            compiler.errors.append(exc)
            continue
        if len(compiler.errors) > before:
            continue
        try:
            # no game: a rule that reads one raises AttributeError (it is checked per game)
            static: bool | None = bool(holds(CheckBudget(f"requirement '{decl.name}'"), {}))
        except _NEEDS_A_GAME:
            static = None
        except (GameRuleError, *PYTHON_ERRORS):
            static = None  # reported with its place when a game starts
        found.append(Requirement(decl, holds, sides, static))
    return found


def unplayable(requirements: list[Requirement]) -> list[RulesetError]:
    """The requirements known to fail before any game: each an error at its rule."""
    return [RulesetError(_message(r, None, "ruleset"), r.decl.loc, _HINT.format(name=r.decl.name))
            for r in requirements if r.static is False]


def check_game(requirements: list[Requirement], game: Any) -> None:
    """Before a game's setup: raise GameRuleError, at its rule, for the first requirement that
    fails (random draws are undone: a requirement never changes the game)."""
    before = {key: game.state[key] for key in ("rng", "draws") if key in game.state}
    try:
        for r in requirements:
            if r.static is True:
                continue
            try:
                ok = r.static is not False and bool(r.holds(game, {}))
            except PYTHON_ERRORS as exc:
                raise GameRuleError(f"requirement '{r.decl.name}' cannot be checked: "
                                    f"{explain(exc)}",
                                    r.decl.loc) from None
            if not ok:
                raise GameRuleError(_message(r, game, "ruleset" if r.static is False else "game"),
                                    r.decl.loc)
    finally:
        game.state.update(before)
        game.forget()  # answers remembered before setup: computed again when asked


_HINT = "an overlay on this ruleset can give a playable reading: 'replace require {name}' or " \
        "'remove {name}'"


def _message(r: Requirement, game: Any, what_fails: str) -> str:
    decl = r.decl
    what = f"'{decl.name}'" + (f" ({decl.label})" if decl.label else "")
    text = f"this {what_fails} cannot be played: the rule {what} does not hold: " \
           f"{render_expr(decl.condition)}"
    if r.sides is not None:
        try:
            at = game if game is not None else CheckBudget(f"requirement '{r.decl.name}'")
            left, right = (side(at, {}) for side in r.sides)
            text += f" is {_show(left)} {decl.condition.op} {_show(right)}"
        except PYTHON_ERRORS:
            pass
    if decl.cite:
        text += f" ({decl.cite})"
    return text


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
