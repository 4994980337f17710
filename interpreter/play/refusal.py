"""A refused choice in a player's words: the browser's answer to a click on a place that the
decision does not offer. It says what is wrong in the game's own terms (the ruleset's
descriptions of its rules, zones and values, never the shape of a condition: no "the number
of ... is 1; it must be 0"; plain_reasons.py, as `why` at the terminal says them) and what
is allowed instead. Nothing here knows any game.
"""

from __future__ import annotations

from os.path import commonprefix
from typing import TYPE_CHECKING, Any

from interpreter.language import nodes as N
from interpreter.play.consequences import and_list
from interpreter.play.plain_reasons import RefusalReasons
from interpreter.play.reasons import failing, not_listed
from interpreter.play.why import could_be_option, rule_descriptions

if TYPE_CHECKING:
    from interpreter.engine.program import ChoicePoint
    from interpreter.engine.runtime import Decision, Game


def refusal(game: Game, decision: Decision, option: Any) -> str:
    """One short line for a refused choice (the browser's answer to a click): what is wrong,
    in the game's terms, and where the options allowed instead are."""
    pending = game.state["pending"]
    point: ChoicePoint = game.program.choices[tuple(pending["at"])]
    name = game.label(option)
    if isinstance(option, str) and option in point.labels:
        name = f"option {option} ({point.labels[option]})"
    named = f"{name[:1].upper()}{name[1:]}"
    if not could_be_option(game, decision, point, option):  # a card where a place is asked
        instead = allowed_now(game, decision, option)
        # not 'X is not an answer to "..."': a newcomer read it as code
        return f'{named} cannot be chosen now: the question is "{decision.prompt}"' \
            f"{answers_from(game, decision, point)}{what_is_asked(game, decision)}. {instead}"
    reasons = plain_reasons(game, decision, point, option)
    head = f"{named} cannot be chosen now"  # the prompt is above it
    reasons = [said(x.replace(f" ({game.label(option)})", "")) for x in reasons]
    if reasons and reasons[0].startswith(f"{name} is "):  # named in the head already
        reasons[0] = "it" + reasons[0][len(name):]
    instead = allowed_now(game, decision, option, " ".join(reasons))
    return " ".join([head + (":" if reasons else "."), *reasons, instead])


def answers_from(game: Game, decision: Decision, point: ChoicePoint) -> str:
    """Where the answers come from, in the rules' words where they have them (' (only the
    first row with a piece left)'), '' where not: a newcomer's click on a space of the board
    was refused by the names of the answers alone, with no word of why the space was not
    among them. A name the choice reads from a `let` of its procedure is looked through.
    Not for places of the board: the board numbers them (a rule quoted whole was a wall)."""
    if _on_board(game, decision.options):
        return ""
    exprs = [point.source, point.where_expr]
    bound = _lets_around(game, decision.prompt)
    exprs += [bound[n.id] for n in N.walk(exprs) if isinstance(n, N.Name) and n.id in bound]
    words = rule_descriptions(game, exprs, viewer=decision.player)
    # the first, where the answers come from: two rules' words joined by 'and', each with
    # its own colon, read as code to a newcomer
    return f" (only {words[0]})" if words else ""


def _lets_around(game: Game, prompt: str) -> dict[str, Any]:
    """The values of the `let`s of the declaration that asks `prompt`, by name."""
    for decl in game.program.decls.values():
        nodes = list(N.walk(decl))
        if any(isinstance(n, N.Choose) and n.prompt == prompt for n in nodes):
            return {n.name: n.value for n in nodes if isinstance(n, N.Let)}
    return {}


def plain_reasons(game: Game, decision: Decision, point: ChoicePoint, option: Any) -> list[str]:
    """Why an option of the decision's kind is refused, said plainly (one reason: a refusal
    is one short line)."""
    player = decision.player
    if isinstance(option, str) and option in point.labels:
        condition = point.conditions.get(option)
        found = failing(game, player, condition, kind=RefusalReasons) \
            if condition is not None else []
    else:
        found = not_listed(game, player, option, point.source, kind=RefusalReasons) \
            if point.source is not None else []
        if point.where_expr is not None and not found:
            found = failing(game, player, point.where_expr, option,
                            game.state["pending"]["var"], kind=RefusalReasons)
    return found[:1]


def said(reason: str) -> str:
    """A reason as a sentence of its own (capital, full stop)."""
    reason = reason[:1].upper() + reason[1:]
    return reason if reason.endswith((".", "!", "?")) else reason + "."


NAMED_INSTEAD = 2  # board places named as examples of what is allowed instead
NAMED_ASKED = 6  # answers named, where a value of another kind was given


def what_is_asked(game: Game, decision: Decision) -> str:
    """Why a value of another kind is no answer: what the answers are, by name where they are
    few (', and its answer is one of red or blue'; a newcomer's click on a space
    of the board was refused with no word of why), else of what kind ('' for none)."""
    labels = list(dict.fromkeys(game.label(o) for o in decision.options))
    if not 0 < len(labels) <= NAMED_ASKED:
        return ""
    return f", and its answer is {'one of ' if len(labels) > 1 else ''}{and_list(labels, 'or')}"


def allowed_now(game: Game, decision: Decision, refused: Any = None, said: str = "") -> str:
    """What may be chosen instead, in few words: the options are on the page beside it (a
    refusal that listed every option read as a wall of text): 'You may choose one of the 28
    places numbered on the board, such as North, red or North, blue.' when every option is
    a thing of the board (an entity: the board shows where, and the places named are those
    nearest the refused one by name), else 'one of the 3 options in the decision panel'."""
    on_board = _on_board(game, decision.options)
    count = len(decision.options)
    if count == 1:
        where = "place numbered on the board" if on_board else "option in the decision panel"
        named = f" ({game.label(decision.options[0])})" if on_board else ""
        return f"You may choose only the {where}{named}."
    if not on_board:
        return f"You may choose one of the {count} options in the decision panel."
    where = f"You may choose one of the {count} places numbered on the board"
    examples = nearest_by_name(game, decision.options, refused)[:NAMED_INSTEAD]
    if all(x in said for x in examples):
        return f"{where}."
    return f"{where}, such as {' or '.join(examples)}."


def _on_board(game: Game, options: list[Any]) -> bool:
    """Whether every option is a thing of the board (an entity: the board shows where)."""
    entities = {v for values in game.world.entity_types.values() for v in values}
    return all(isinstance(o, str) and o in entities for o in options)


def nearest_by_name(game: Game, options: list[Any], refused: Any) -> list[str]:
    """The options' labels, those that share the longest start with the refused value's
    label first (a place of the same area), else in the decision's order."""
    near = game.label(refused) if refused is not None else ""

    def shared(label: str) -> int:
        return len(commonprefix([label, near]))

    labels = [game.label(o) for o in options if o != refused]
    return sorted(labels, key=shared, reverse=True)
