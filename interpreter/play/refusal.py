"""A refused choice in a player's words: the browser's answer to a click on a place that the
decision does not offer. It says what is wrong in the game's own terms (the ruleset's
descriptions of its rules, zones and values, never the shape of a condition: no "the number
of ... is 1; it must be 0") and what is allowed instead. `why` (why.py) keeps the full
account with every value. Nothing here knows any game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.language import nodes as N
from interpreter.play.reasons import UNKNOWN, Reasons, failing, not_listed
from interpreter.play.why import could_be_option, named_labels, one_of

if TYPE_CHECKING:
    from interpreter.engine.program import ChoicePoint
    from interpreter.engine.runtime import Decision, Game

LISTED = 6  # the options allowed now that a refusal names; more are counted
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
            if op == "==" and target == "0":  # what is there, and the rule ('none may')
                return f"there is already {self.label(now)} there ({what}), where none may be"
            return f"{what}: {self.label(now)}, where {AS_MANY[op]} {target} may be"
        words = self.words(left, env)
        if op == "==" and target == "none":
            return f"{words} is already {self.label(now)}"
        if op == "!=":
            return f"the same as {target} is not allowed" if words == self.label(now) \
                else f"{words} must differ from {target}"
        return f"{words} is {self.label(now)}, where {AS_MANY[op]} {target} is needed"

    def none_of(self, items: list[Any], env: dict[str, Any], depth: int) -> list[str]:
        parts = [x for item in items for x in self.spoken(self.why_false, item, env,
                                                           depth)[:1]]
        return ["; or ".join(parts)] if parts else []


def refusal(game: Game, decision: Decision, option: Any) -> str:
    """One short paragraph for a refused choice (the browser's answer to a click): what is
    wrong, in the game's terms, and the options allowed instead (numbered as on the board)."""
    pending = game.state["pending"]
    point: ChoicePoint = game.program.choices[tuple(pending["at"])]
    name = game.label(option)
    if isinstance(option, str) and option in point.labels:
        name = f"option {option} ({point.labels[option]})"
    reasons: list[str] = []
    if could_be_option(game, decision, point, option):
        reasons = plain_reasons(game, decision, point, option)
    head = f"{name[:1].upper()}{name[1:]} cannot be chosen now"  # the prompt is above it
    reasons = [said(x.replace(f" ({game.label(option)})", "")) for x in reasons]
    if reasons and reasons[0].startswith(f"{name} is "):  # named in the head already
        reasons[0] = "it" + reasons[0][len(name):]
    return " ".join([head + (":" if reasons else "."), *reasons, allowed_now(game, decision)])


def plain_reasons(game: Game, decision: Decision, point: ChoicePoint, option: Any) -> list[str]:
    """Why an option of the decision's kind is refused, said plainly (at most two reasons)."""
    player = decision.player
    if isinstance(option, str) and option in point.labels:
        condition = point.conditions.get(option)
        found = failing(game, player, condition, kind=PlainReasons) \
            if condition is not None else []
    else:
        found = not_listed(game, player, option, point.source, kind=PlainReasons) \
            if point.source is not None else []
        if point.where_expr is not None and not found:
            found = failing(game, player, point.where_expr, option,
                            game.state["pending"]["var"], kind=PlainReasons)
    return found[:2]


def said(reason: str) -> str:
    """A reason as a sentence of its own (capital, full stop)."""
    reason = reason[:1].upper() + reason[1:]
    return reason if reason.endswith((".", "!", "?")) else reason + "."


def allowed_now(game: Game, decision: Decision) -> str:
    """'Allowed now: 1. a, 2. b.' (the numbers the board and the buttons show); past LISTED
    options, only how many and their numbers."""
    labels = named_labels(game, decision)
    if len(labels) > LISTED:
        return f"Allowed now: the {len(labels)} options numbered 1 to {len(labels)}."
    shown = ", ".join(f"{k}. {label}" for k, label in enumerate(labels, start=1))
    return f"Allowed now: {shown}."
