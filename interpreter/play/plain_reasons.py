"""Reasons said as a player says them (a described rule by its description, a count as what
is there: 'there is already 1 there, where none may be', not 'the number of ... is 1; it must
be 0'): the words of refusals in the browser (refusal.py) and of `why` at the terminal
(why.py). Nothing here knows any game.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.language import nodes as N
from interpreter.play.reasons import UNKNOWN, Reasons
from interpreter.play.rulebook import reads_of

ARTICLES = ("a ", "an ", "where ", "what ", "when ", "who ", "how ")


def one_of(description: str) -> str:
    """A rule's description after 'X is': 'a place that ...' or 'where ...' as it is,
    'colours that ...' as 'one of the colours that ...'."""
    if description.startswith(ARTICLES):
        return description
    if description.startswith("the "):
        return f"one of {description}"
    return f"one of the {description}"


def with_article(name: str) -> str:
    """'a red pawn', 'an owl'; a name that is a number or a proper name as it is."""
    if not name[:1].islower():
        return name
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def as_you(text: str, name: str) -> str:
    """A rule's description about the player who reads it said to them: 'Ann's hand' or
    'the player's hand' as 'your hand', 'Ann may' as 'you may'."""
    for said, you in ((rf"{re.escape(name)}'s|the player's", "your"),
                      (rf"{re.escape(name)}|the player", "you")):
        text = re.sub(rf"(?<!\w)(?:{said})(?!\w)", you, text)
    return re.sub(r"\byou ([a-z]+s)\b", lambda m: f"you {plain_verb(m.group(1))}", text)


IRREGULAR = {"has": "have", "is": "are", "does": "do", "was": "were"}


def plain_verb(verb: str) -> str:
    """A verb said of 'you' rather than of a player: 'builds' as 'build', 'passes' as
    'pass', 'has' as 'have'."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1] if not verb.endswith("ss") else verb


MOST_NAMED = 4  # a list said by its items' names up to this many (else by its rule)
AS_MANY = {"==": "exactly", "<": "fewer than", "<=": "at most", ">": "more than",
           ">=": "at least"}


class PlainReasons(Reasons):
    """Reasons said as a player says them: a described rule by its description alone (what
    it holds is the 'allowed now' that follows), a count as what is there."""

    detail = False

    def not_among(self, value: Any, expr: Any, env: dict[str, Any]) -> str:
        """'X is not where ... (only a or b now)': the rule, and what it allows now."""
        return f"{self.label(value)} is not {one_of(self.words(expr, env))}" + \
            self.only(self.value(expr, env))

    def only(self, values: Any) -> str:
        """What a short list holds now: ' (only a or b now)', ' (none now)'."""
        if not isinstance(values, list | tuple) or len(values) > 4:
            return ""
        if not values:
            return " (none now)"
        return f" (only {' or '.join(self.label(v) for v in values)} now)"

    def _described_call(self, func: Any, args: list[Any]) -> str:
        said = super()._described_call(func, args)
        return as_you(said, self.label(self.viewer)) if self.viewer in args else said

    def described_head(self, expr: N.Call, env: dict[str, Any], follow: Any) -> str:
        args = [self.value(a, env) for a in expr.args]
        words = self.words(expr, env)
        own = [a for a in args if a is not UNKNOWN and a != self.viewer]
        if follow == self.why_false and len(own) == 1 and words.endswith(
                f" ({self.label(own[0])})"):  # 'a place that may ... (X)': X is not one
            return f"{self.label(own[0])} is not {one_of(words.rsplit(' (', 1)[0])}"
        return words

    @staticmethod
    def not_holding(head: str) -> str:
        return head if " is not " in head else f"{head}: not so"

    def words(self, expr: Any, env: dict[str, Any]) -> str:
        if isinstance(expr, N.Call) and expr.func == "size" and len(expr.args) == 1:
            return f"how many {self.words(expr.args[0], env)}"
        return super().words(expr, env).replace(" (for ", " (")

    def comparison(self, expr: N.Compare, env: dict[str, Any], holds: bool = False) -> str:
        if expr.op in ("in", "not in"):
            return super().comparison(expr, env, holds)
        op = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}[expr.op] \
            if holds else expr.op  # what must hold
        now, target = self.value(expr.left, env), self._target(expr.right, env)
        left = expr.left
        if isinstance(left, N.Call) and left.func == "size" and len(left.args) == 1:
            what = self.words(left.args[0], env)
            if op in (">", ">=") and now == 0:
                return f"{what}: none"
            there = self.pieces(self.value(left.args[0], env))  # by name where known
            if op == "==" and target == "0":  # what is there, and the rule ('none may')
                return f"there is already {there} there" if there else \
                    f"there is already {self.label(now)} there ({what}), where none may be"
            if there and op in ("<", "<="):
                return f"there is already {there} there, where {AS_MANY[op]} {target} may be"
            return f"{what}: {self.label(now)}, where {AS_MANY[op]} {target} may be"
        words = self.words(left, env)
        if op == "==" and target == "none":
            return f"{words} is already {self.label(now)}"
        if op == "!=":
            target = self.other(expr.right, env)  # an earlier choice by its name
            return f"it must differ from {target}" if words == self.label(now) \
                else f"{words} must differ from {target}"  # the option itself: 'it'
        return f"{words} is {self.label(now)}, where {AS_MANY[op]} {target} is needed"

    def why_holds(self, expr: Any, env: dict[str, Any], depth: int = 0) -> list[str]:
        """What makes a condition hold, a count that must be above a number said as what
        is there ('squares where X stands: North'), not as the comparison ('the number
        of ... is 1 (more than 0)' read like code)."""
        if isinstance(expr, N.Compare) and expr.op in (">", ">=") and \
                isinstance(expr.left, N.Call) and expr.left.func == "size" and \
                len(expr.left.args) == 1:
            counted = self.value(expr.left.args[0], env)
            there = self.named(counted)
            if there:
                return [f"{self.words(expr.left.args[0], env)}: {there}"]
            how_many = self.value(expr.left, env)
            if isinstance(how_many, int):  # not 'the number of ... is 8 (more than 0)'
                return [f"{self.words(expr.left.args[0], env)}: {how_many}"]
        if isinstance(expr, N.Compare) and expr.op == "!=":
            now = self.value(expr.left, env)
            if now is not UNKNOWN and self.words(expr.left, env) == self.label(now):
                return [f"it differs from {self.other(expr.right, env)}"]  # 'violet is violet'
        return super().why_holds(expr, env, depth)

    def other(self, expr: Any, env: dict[str, Any]) -> str:
        """What a value must differ from: an earlier choice by its name and value ('the first
        colour, brown'), else the value as the rules say it."""
        target = self._target(expr, env)
        if isinstance(expr, N.Name) and expr.id in env:
            return f"the {expr.id.replace('_', ' ')}, {target}"
        return target

    def named(self, values: Any) -> str:
        """What a short list or a zone holds, by name ('North and South'; '' otherwise)."""
        if isinstance(values, list | tuple) and 0 < len(values) <= MOST_NAMED:
            return " and ".join(self.label(v) for v in values)
        return self.pieces(values)

    def pieces(self, zone: Any) -> str:
        """What a zone holds, by name: 'a red pawn', '2 x tower of Ann and a
        bridge'; '' when it is no zone's contents (kind -> how many)."""
        if not isinstance(zone, dict) or not zone or \
                not all(isinstance(n, int) and n > 0 for n in zone.values()):
            return ""
        said = [f"{n} x {self.label(kind)}" if n > 1 else with_article(self.label(kind))
                for kind, n in zone.items()]
        return " and ".join(said)

    def none_of(self, items: list[Any], env: dict[str, Any], depth: int) -> list[str]:
        parts = [x for item in items for x in self.spoken(self.why_false, item, env,
                                                           depth)[:1]]
        return ["; or ".join(parts)] if parts else []


class RefusalReasons(PlainReasons):
    """The one part of a rule that fails for the refused value, in a player's words ('there
    is already a tower there', 'North is closed'), not the rule's whole definition (a
    refusal that read 'it is not a square with no tower, in a row that is not closed' made
    the player find the failing part): a described rule is followed into its body, and a
    rule's name reads as the ruleset's book says it reads in a sentence (`reads`)."""

    def call(self, expr: N.Call, env: dict[str, Any], depth: int, follow: Any) -> list[str]:
        func = self.game.program.funcs[expr.func]
        inner = self._bound(func, expr, env)
        below = self.spoken(follow, func.decl.body, inner, depth + 1) \
            if inner is not None else []
        return below[:1] or super().call(expr, env, depth, follow)

    def why_true(self, expr: Any, env: dict[str, Any], depth: int = 0) -> list[str]:
        read = self.read(expr, env) or self.is_described(expr, env)
        return [read] if read else super().why_true(expr, env, depth)

    def is_described(self, expr: Any, env: dict[str, Any]) -> str | None:
        """A described rule that holds of one thing, said of it: 'North is a row with a
        tower' (not 'A row with a tower (North): it must not be so')."""
        funcs = self.game.program.funcs
        if not (isinstance(expr, N.Call) and expr.func in funcs and funcs[expr.func].decl.label):
            return None
        label = funcs[expr.func].decl.label
        own = [v for v in (self.value(a, env) for a in expr.args) if v != self.viewer]
        if len(own) != 1 or own[0] is UNKNOWN or not label.lower().startswith(("a ", "an ")):
            return None
        return f"{self.label(own[0])} is {label[:1].lower()}{label[1:]}"

    def read(self, expr: Any, env: dict[str, Any]) -> str | None:
        """A rule or a value of the rules as the book reads it with its values ('{1} is
        closed' -> 'North is closed'), if the book says so."""
        if isinstance(expr, N.Call):
            name, args = expr.func, expr.args
        elif isinstance(expr, N.Index) and isinstance(expr.obj, N.Name):
            name, args = expr.obj.id, expr.args
        else:
            return None
        template = reads_of(self.game.ruleset).get("reads:" + name)
        values = [self.value(a, env) for a in args]
        if template is None or any(v is UNKNOWN for v in values):
            return None
        return template.format("", *(self.label(v) for v in values))

    def why_not_in(self, value: Any, expr: Any, env: dict[str, Any],
                   depth: int = 0) -> list[str]:
        """Why a described rule's list does not hold the value: the part of the rule that
        fails for it, else the rule and what it holds now."""
        funcs = self.game.program.funcs
        if not (isinstance(expr, N.Call) and expr.func in funcs and funcs[expr.func].decl.label):
            return super().why_not_in(value, expr, env, depth)
        func = funcs[expr.func]
        inner = self._bound(func, expr, env)
        below = self.spoken(lambda e, v, d: self.why_not_in(value, e, v, d),
                            func.decl.body, inner, depth + 1) if inner is not None else []
        mine = f"{self.label(value)} is not "  # another list: this rule's words say it better
        below = [x for x in below if not x.startswith(mine)]
        return below[:1] or [self.not_among(value, expr, env)]

    def none_of(self, items: list[Any], env: dict[str, Any], depth: int) -> list[str]:
        """Inside a described rule, alternatives none of which hold are said by the rule's
        description (each alternative's reason, joined by 'or', read as a riddle)."""
        return [] if depth > 0 else super().none_of(items, env, depth)
