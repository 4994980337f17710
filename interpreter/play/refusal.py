"""A refused choice in a player's words: the browser's answer to a click on a place that the
decision does not offer. It says what is wrong in the game's own terms (the ruleset's
descriptions of its rules, zones and values, never the shape of a condition: no "the number
of ... is 1; it must be 0"; plain_reasons.py, as `why` at the terminal says them) and what
is allowed instead. Nothing here knows any game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.play.plain_reasons import PlainReasons
from interpreter.play.reasons import failing, not_listed
from interpreter.play.why import could_be_option, named_labels

if TYPE_CHECKING:
    from interpreter.engine.program import ChoicePoint
    from interpreter.engine.runtime import Decision, Game

LISTED = 6  # the options allowed now that a refusal names; more are counted


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
    """'You may choose: 1. a, 2. b.' (the numbers the board and the buttons show); past
    LISTED options, only how many: 'one of the 28 places numbered on the board' when every
    option is a thing of the board (an entity: the board shows where), else 'options'."""
    labels = named_labels(game, decision)
    if len(labels) > LISTED:
        entities = {v for values in game.world.entity_types.values() for v in values}
        if all(isinstance(o, str) and o in entities for o in decision.options):
            return f"You may choose one of the {len(labels)} places numbered on the board."
        return f"You may choose one of the {len(labels)} options numbered 1 to {len(labels)}."
    shown = ", ".join(f"{k}. {label}" for k, label in enumerate(labels, start=1))
    return f"You may choose: {shown}."
