"""The actual reason an option is refused in a position: which condition fails, on which values.

`why.py` names the rules that limit an option; this module evaluates them in the position,
on the deciding player's view (a sample of the game: what the player cannot see is dealt at
random, so no answer tells what the view hides), and says in words which part does not hold:
"the number of cards in the hand (for Ann) is 0; it must be more than 0".
Conditions are followed into the `define`d functions they call (with the rule's description
and citation), and a value that a list does not hold is followed into the list's rule. Things
are named by their labels (zones and variables by their descriptions), never by rule code
where words can be found. Nothing here knows any game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from interpreter.bots.sampling import sample_game
from interpreter.engine.rng import private_random
from interpreter.language import nodes as N
from interpreter.language.errors import GameRuleError, IllegalMove, RulesError
from interpreter.language.render import render_expr

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

DEPTH = 6  # functions followed into each other
OPS = {"==": "", "!=": "other than ", "<": "less than ", "<=": "at most ", ">": "more than ",
       ">=": "at least "}
INVERSE = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
UNKNOWN = object()


class NoWords(Exception):
    """An expression that cannot be said in words: the reason that needs it is left out
    (a player never reads rule code)."""

# the language's own functions of two values, in words
WORDS = {"numbers": "the numbers from {a} to {b}", "min_of": "the smaller of {a} and {b}",
         "max_of": "the larger of {a} and {b}"}


class Reasons:
    """Explains, on `viewer`'s sample of `game`, why a condition is false or a value not in
    a list (the values named as the game labels them)."""

    detail = True  # a described rule's reason followed inside it (False: its words only)

    def __init__(self, game: Game, viewer: str, cites: bool = False):
        self.viewer, self.cites = viewer, cites
        try:
            self.game = sample_game(game, viewer, private_random(
                game.state["seed"], game.state["step"], viewer, "why"))
        except (GameRuleError, IllegalMove):
            self.game = game.clone()
        self.compiled: dict[tuple[str, tuple[str, ...]], Any] = {}

    def frame(self) -> dict[str, Any]:
        """The names of the procedure that waits for the decision."""
        if not self.game.stack:
            return {}
        return self.game.frame_locals()

    def cite(self, text: str | None) -> str:
        """' (the citation)' when citations are asked for (`why --cite`), else nothing."""
        return f" ({text})" if text and self.cites else ""

    # ------------------------------------------------------------------ values
    def value(self, expr: Any, env: dict[str, Any]) -> Any:
        """The expression's value now (UNKNOWN when it cannot be worked out)."""
        names = tuple(sorted(env))
        text = render_expr(expr)
        key = (text, names)
        if key not in self.compiled:
            try:
                self.compiled[key] = self.game.ruleset.expression(text, expr.loc, names)
            except (RulesError, AttributeError):
                self.compiled[key] = None
        fn = self.compiled[key]
        if fn is None:
            return UNKNOWN
        try:
            return fn(self.game, **env)
        except (RulesError, TypeError, KeyError, ValueError):
            return UNKNOWN

    def label(self, value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None:
            return "none"
        if isinstance(value, list | tuple):
            return ", ".join(self.label(v) for v in value) if value else "none"
        return str(self.game.label(value))

    def words(self, expr: Any, env: dict[str, Any]) -> str:
        """An expression in words: zones and variables by their descriptions, values by
        their labels; rule code only where no words can be found."""
        program = self.game.program
        if isinstance(expr, N.Call) and expr.func == "size" and len(expr.args) == 1:
            return f"the number of {self.words(expr.args[0], env)}"
        if isinstance(expr, N.Call) and expr.func in WORDS and len(expr.args) == 2:
            a, b = (self._valued(x, env) for x in expr.args)
            return WORDS[expr.func].format(a=a, b=b)
        if isinstance(expr, N.Call) and expr.func in program.funcs:
            func = program.funcs[expr.func]
            return self._described_call(func, [self.value(a, env) for a in expr.args])
        if isinstance(expr, N.Index) and isinstance(expr.obj, N.Name):
            values = [self.value(a, env) for a in expr.args]
            if values == [self.viewer]:  # the player's own: no "(for Ann)" to Ann
                return self._described(expr.obj.id)
            where = ", ".join(self._shown(a, env) for a in expr.args)
            return f"{self._described(expr.obj.id)} (for {where})"
        if isinstance(expr, N.Attr):
            return f"the {expr.name.replace('_', ' ')} of {self._shown(expr.obj, env)}"
        if isinstance(expr, N.Name):
            if expr.id in env:
                return self.label(env[expr.id])
            return self._described(expr.id)
        if isinstance(expr, N.Num | N.Str | N.Bool | N.NoneLit):
            return self.label(getattr(expr, "value", None))
        raise NoWords(render_expr(expr))

    def _described_call(self, func: Any, args: list[Any]) -> str:
        """A rule's description with its values: a parameter the description names is
        replaced by its value ('where piece c may go' -> '... white may go');
        the others follow in brackets, the player's own left out."""
        decl = func.decl
        name = decl.label or decl.name.replace("_", " ")
        rest = []
        for param, arg in zip(func.params, args, strict=False):
            if arg is UNKNOWN:
                continue
            word = re.compile(rf"\b{re.escape(param)}\b")
            if decl.label and word.search(name):
                name = word.sub(self.label(arg), name)
            elif arg != self.viewer:
                rest.append(self.label(arg))
        return f"{name} ({', '.join(rest)})" if rest else name

    def _valued(self, expr: Any, env: dict[str, Any]) -> str:
        """An expression in words with its value: 'the number of ... (2)'."""
        value = self.value(expr, env)
        if isinstance(expr, N.Num | N.Str | N.Bool | N.NoneLit) or value is UNKNOWN:
            return self.words(expr, env) if value is UNKNOWN else self.label(value)
        words, shown = self.words(expr, env), self.label(value)
        # a value its words end with already ('the smaller of 3 and ... (3)') is not said
        # twice: '(3) (3)' read as code
        return words if words == shown or words.endswith(f"({shown})") else f"{words} ({shown})"

    def _shown(self, expr: Any, env: dict[str, Any]) -> str:
        value = self.value(expr, env)
        return self.label(value) if value is not UNKNOWN else self.words(expr, env)

    def _described(self, name: str) -> str:
        program = self.game.program
        info = program.zones.get(name) or program.vars.get(name)
        decl = getattr(info, "decl", None)
        return (decl.label if decl is not None and decl.label else name.replace("_", " "))

    # ------------------------------------------------------------------ reasons
    def why_false(self, expr: Any, env: dict[str, Any], depth: int = 0) -> list[str]:
        """Why the condition does not hold now, in words (what fails, with its values)."""
        if depth > DEPTH or expr is None:
            return []
        if isinstance(expr, N.BoolOp) and expr.op == "and":
            out = []
            for item in expr.items:
                if self.value(item, env) is False:
                    out += self.spoken(self.why_false, item, env, depth)
            return out
        if isinstance(expr, N.BoolOp) and expr.op == "or":
            return self.none_of(expr.items, env, depth)
        if isinstance(expr, N.Not):
            return self.why_true(expr.operand, env, depth)
        if isinstance(expr, N.Compare):
            return [self.comparison(expr, env)]
        if isinstance(expr, N.Call) and expr.func in self.game.program.funcs:
            return self.call(expr, env, depth, self.why_false)
        if isinstance(expr, N.Query) and expr.kind == "any" and expr.binder is not None:
            what = self.words(expr.binder.source, env) if expr.binder.source is not None \
                else (expr.binder.type or "thing").replace("_", " ")
            cond = f" where {self._condition_words(expr.binder.where, env)}" \
                if expr.binder.where is not None else ""
            return [f"there is none in {what}{cond}" if expr.binder.source is not None
                    else f"there is no {what}{cond}"]
        return [f"{self.words(expr, env)} does not hold"]

    def why_true(self, expr: Any, env: dict[str, Any], depth: int = 0) -> list[str]:
        """Why a condition that must not hold does hold now."""
        if isinstance(expr, N.Call) and expr.func in self.game.program.funcs:
            decl = self.game.program.funcs[expr.func].decl
            if not decl.label:
                func = self.game.program.funcs[expr.func]
                inner = self._bound(func, expr, env)
                if inner is not None and depth < DEPTH:
                    return self.why_true(func.decl.body, inner, depth + 1)
            return [f"{self.words(expr, env)}: it must not be so{self.cite(decl.cite)}"]
        if isinstance(expr, N.Compare):
            return [f"{self.comparison(expr, env, holds=True)}"]
        if isinstance(expr, N.Name | N.Index):
            return [f"{self.words(expr, env)} is {self.label(self.value(expr, env))}"]
        return [f"{self.words(expr, env)}: it must not be so"]

    def why_holds(self, expr: Any, env: dict[str, Any], depth: int = 0) -> list[str]:
        """What makes a condition hold now, in words with its values."""
        if depth > DEPTH or expr is None:
            return []
        if isinstance(expr, N.BoolOp) and expr.op == "and":
            return [x for item in expr.items
                    for x in self.spoken(self.why_holds, item, env, depth)]
        if isinstance(expr, N.Not) and isinstance(expr.operand, N.Compare) and \
                expr.operand.op in INVERSE:  # not (a != b): a is b, as it must be
            inner = expr.operand
            return self.why_holds(N.Compare(inner.loc, INVERSE[inner.op], inner.left,
                                            inner.right), env, depth)
        if isinstance(expr, N.Not) and isinstance(expr.operand, N.Call) and \
                expr.operand.func in self.game.program.funcs and \
                not self.game.program.funcs[expr.operand.func].decl.label:
            func = self.game.program.funcs[expr.operand.func]  # a rule without words: inside
            inner_env = self._bound(func, expr.operand, env)
            return self.why_holds(N.Not(expr.loc, func.decl.body), inner_env, depth + 1) \
                if inner_env is not None else []
        if isinstance(expr, N.Not):
            return [f"not so: {x}" for x in self.why_false(expr.operand, env, depth)]
        if isinstance(expr, N.Compare) and expr.op not in ("in", "not in"):
            left = self.value(expr.left, env)
            now = self.label(left) if left is not UNKNOWN else "?"
            target = self._target(expr.right, env)
            if expr.op == "==" and target == now:
                return [self._as_asked(self.words(expr.left, env), now)]
            return [f"{self.words(expr.left, env)} is {now} "
                    f"({OPS.get(expr.op, expr.op + ' ') or 'as it must be: '}{target})"]
        if isinstance(expr, N.Call) and expr.func in self.game.program.funcs:
            func = self.game.program.funcs[expr.func]
            if not func.decl.label:
                inner = self._bound(func, expr, env)
                return self.why_holds(func.decl.body, inner, depth + 1) \
                    if inner is not None else []
            return [self.words(expr, env) + self.cite(func.decl.cite)]
        return [self.words(expr, env)]

    @staticmethod
    def _as_asked(words: str, now: str) -> str:
        """A value that is what the rule asks, in plain words: 'there are no cards in X',
        'there is no square where ...', 'the colour of X is gray' (not 'the number of ...
        is 0, as it must be')."""
        if now == "0" and words.startswith("the number of "):
            return f"there are no {words.removeprefix('the number of ')}"
        if now == "none":
            return f"there is no {re.sub(r'^(the|a|an) ', '', words)}"
        return f"{words} is {now}"

    def spoken(self, explain: Any, expr: Any, env: dict[str, Any], depth: int) -> list[str]:
        """`explain(expr)`, or nothing when a part of it cannot be said in words."""
        try:
            return explain(expr, env, depth)
        except NoWords:
            return []

    def none_of(self, items: list[Any], env: dict[str, Any], depth: int) -> list[str]:
        """Why no alternative of an `or` holds: 'X is violet; it must be gray or black' when
        they compare one thing, else each alternative's first reason, joined by 'or'."""
        compares = [x for x in items if isinstance(x, N.Compare) and x.op == "=="]
        if len(compares) == len(items) and \
                len({render_expr(x.left) for x in compares}) == 1:
            first = self.comparison(compares[0], env).split("; it must be ")[0]
            targets = [self._target(x.right, env) for x in compares]
            return [f"{first}; it must be {' or '.join(targets)}"]
        parts = [x for item in items for x in self.spoken(self.why_false, item, env,
                                                           depth)[:1]]
        for k in range(1, len(parts)):  # "X is a; it must be b or X is a; it must be c"
            said = parts[0].split("; it must be ")[0] + "; it must be "
            parts[k] = parts[k].removeprefix(said)
        return [" or ".join(parts)] if parts else []

    def call(self, expr: N.Call, env: dict[str, Any], depth: int, follow: Any) -> list[str]:
        """A rule (a `define`): its description and citation, then why inside it."""
        func = self.game.program.funcs[expr.func]
        inner = self._bound(func, expr, env)
        below = follow(func.decl.body, inner, depth + 1) if inner is not None else []
        if not func.decl.label:
            return below
        head = f"{self.described_head(expr, env, follow)}{self.cite(func.decl.cite)}"
        return [f"{head}: {below[0]}" if len(below) == 1 else self.not_holding(head),
                *([] if len(below) == 1 else below)]

    def described_head(self, expr: N.Call, env: dict[str, Any], follow: Any) -> str:
        """A described rule named in a reason (`follow`: why_false or why_holds)."""
        return self.words(expr, env)

    @staticmethod
    def not_holding(head: str) -> str:
        """A described rule that fails, its reasons said after it (none, or several)."""
        return f"{head} does not hold"

    def _bound(self, func: Any, expr: N.Call, env: dict[str, Any]) -> dict[str, Any] | None:
        args = [self.value(a, env) for a in expr.args]
        if any(a is UNKNOWN for a in args) or len(args) != len(func.params):
            return None
        return dict(zip(func.params, args, strict=True))

    def comparison(self, expr: N.Compare, env: dict[str, Any], holds: bool = False) -> str:
        left = self.value(expr.left, env)
        if expr.op in ("in", "not in"):
            member = self._shown(expr.left, env)
            where = self.words(expr.right, env)
            inside = (expr.op == "in") == holds
            return f"{member} is {'' if inside else 'not '}in {where}"
        target = self._target(expr.right, env)
        now = self.label(left) if left is not UNKNOWN else "?"
        word = OPS.get(expr.op, expr.op + " ")
        if holds:  # it must not hold: say what it must be instead
            word = OPS.get(INVERSE.get(expr.op, ""), "not ")
            return f"{self.words(expr.left, env)} is {now}; it must be {word}{target}"
        return f"{self.words(expr.left, env)} is {now}; it must be {word}{target}"

    def _target(self, expr: Any, env: dict[str, Any]) -> str:
        """What a value is compared with: its value, and where it comes from when that is
        not plain ('gray (the colour chosen this round)')."""
        value = self.value(expr, env)
        shown = self.label(value) if value is not UNKNOWN else self.words(expr, env)
        if isinstance(expr, N.Num | N.Str | N.Bool | N.NoneLit) or value is UNKNOWN or \
                isinstance(expr, N.Name) and expr.id not in env:
            return shown
        try:
            words = self.words(expr, env)
        except NoWords:
            return shown
        return shown if words == shown else f"{shown} ({words})"

    def _condition_words(self, expr: Any, env: dict[str, Any]) -> str:
        if isinstance(expr, N.Compare):
            return (f"{self.words(expr.left, env)} is {OPS.get(expr.op, expr.op + ' ')}"
                    f"{self.words(expr.right, env)}")
        return self.words(expr, env)

    def why_not_in(self, value: Any, expr: Any, env: dict[str, Any],
                   depth: int = 0) -> list[str]:
        """Why the list `expr` does not hold `value` now."""
        if depth > DEPTH or expr is None:
            return []
        if isinstance(expr, N.Arith) and all(op == "+" for op in expr.ops):
            parts = [expr.first, *expr.rest]
            out = []
            for part in parts:
                if not isinstance(part, N.ListLit):
                    out += self.why_not_in(value, part, env, depth)
            return out
        if isinstance(expr, N.IfExpr):
            cond = self.value(expr.cond, env)
            if cond is UNKNOWN:
                return []
            return self.why_not_in(value, expr.then if cond else expr.other, env, depth)
        if isinstance(expr, N.Call) and expr.func in self.game.program.funcs:
            func = self.game.program.funcs[expr.func]
            inner = self._bound(func, expr, env)
            below = self.spoken(lambda e, v, d: self.why_not_in(value, e, v, d),
                                func.decl.body, inner, depth + 1) if inner is not None else []
            if not func.decl.label:
                return below
            # a rule's list made of another rule's list says the same: the reason below
            mine = f"{self.label(value)} is not "
            below = [x for x in below if not x.startswith(mine)] if self.detail else []
            head = self.not_among(value, expr, env) + self.cite(func.decl.cite)
            return [head + (f": {below[0]}" if len(below) == 1 else ""),
                    *([] if len(below) == 1 else below)]
        if isinstance(expr, N.Query) and expr.kind in ("list", "distinct") and \
                expr.binder is not None and isinstance(expr.value, N.Name) and \
                expr.value.id == expr.binder.var:
            binder = expr.binder
            if binder.source is not None:
                source = self.value(binder.source, env)
                if source is not UNKNOWN and value not in source:
                    return self.why_not_in(value, binder.source, env, depth) or \
                        self.spoken(lambda e, v, d: [f"{self.label(value)} is not in "
                                                     f"{self.words(e, v)}"],
                                    binder.source, env, depth)
            if binder.where is not None:
                return self.why_false(binder.where, {**env, binder.var: value}, depth)
        if isinstance(expr, N.Call) and expr.func in WORDS:
            return [f"{self.label(value)} is not among {self.words(expr, env)}"]
        return []

    def not_among(self, value: Any, expr: Any, env: dict[str, Any]) -> str:
        """A value that a described rule's list does not hold, and what it holds instead."""
        return f"{self.label(value)} is not among {self.words(expr, env)}" + \
            self._instead(self.value(expr, env))

    def _instead(self, values: Any) -> str:
        """What a list holds instead, when it is short enough to say: '; it holds: a, b'."""
        if not isinstance(values, list | tuple | set | frozenset):
            return ""
        if not values:
            return " (there is none now)"
        if len(values) > 8:
            return ""
        return f" (now: {', '.join(self.label(v) for v in values)})"


def failing(game: Game, viewer: str, condition: Any, value: Any = None,
            var: str | None = None, cites: bool = False,
            kind: type[Reasons] = Reasons) -> list[str]:
    """Why `condition` (an option's `when`, or a choice's `where` with `var` = `value`) does
    not hold now, in words; [] when it cannot be said. (`kind`: who says it.)"""
    return _explained(game, viewer, condition, value, var, False, cites, kind)


def holding(game: Game, viewer: str, condition: Any, value: Any = None,
            var: str | None = None, cites: bool = False,
            kind: type[Reasons] = Reasons) -> list[str]:
    """What makes `condition` (an option's `when`, or a choice's `where` with `var` =
    `value`) hold now, in words with its values. (`kind`: who says it.)"""
    return _explained(game, viewer, condition, value, var, True, cites, kind)


def _explained(game: Game, viewer: str, condition: Any, value: Any, var: str | None,
               holds: bool, cites: bool, kind: type[Reasons] = Reasons) -> list[str]:
    reasons = kind(game, viewer, cites)
    env = reasons.frame()
    if var is not None:
        env[var] = value
    explain = reasons.why_holds if holds else reasons.why_false
    try:
        return [_sentence(x) for x in explain(condition, env) if x]
    except (GameRuleError, RulesError, RecursionError, NoWords):
        return []


def not_listed(game: Game, viewer: str, value: Any, source: Any,
               cites: bool = False, kind: type[Reasons] = Reasons) -> list[str]:
    """Why the list a choice is made from does not hold `value` now, in words."""
    reasons = kind(game, viewer, cites)
    try:
        return [_sentence(x) for x in reasons.why_not_in(value, source, reasons.frame()) if x]
    except (GameRuleError, RulesError, RecursionError, NoWords):
        return []


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."
