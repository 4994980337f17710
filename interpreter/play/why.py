"""`why OPTION` at the table: why an option is or is not allowed now, in the rules' own words.

The answer names the option in words, gives the descriptions and citations of the rules that
limit it (the `define`d functions its condition uses, followed down to the first ones that carry
a description), the decision's own rule, and, when the option is a value that the player's own
hidden zones (a hand) hold none of, says so. It lists what is allowed now without cutting the
list silently. Nothing here knows any game.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any

from interpreter.bots.sampling import sample_game
from interpreter.engine.rng import private_random
from interpreter.engine.world import PLAYER
from interpreter.language import nodes as N
from interpreter.language.errors import GameRuleError, IllegalMove
from interpreter.play.consequences import and_list
from interpreter.play.digest import crediting
from interpreter.play.plain_reasons import (
    ARTICLES,
    PlainReasons,
    RefusalReasons,
    as_you,
    one_of,
    with_article,
)
from interpreter.play.reasons import UNKNOWN, NoWords, Reasons, failing, holding, not_listed

if TYPE_CHECKING:
    from interpreter.engine.program import ChoicePoint
    from interpreter.engine.runtime import Decision, Game

SHOWN = 12  # options listed by name; the others are counted ("and 3 more")
FOLLOWED = 3  # the player's own next choices followed to the points an option leads to


def cited(text: str, cite: str | None, cites: bool = True) -> str:
    """The text with its citation in brackets (when there is one and it is asked for)."""
    return f"{text} ({cite})" if cite and cites else text


def listed(words: list[str], limit: int = SHOWN) -> str:
    """A list in words that says how many it leaves out: 'a, b, c and 4 more'."""
    if len(words) <= limit:
        return ", ".join(words)
    return f"{', '.join(words[:limit])} and {len(words) - limit} more"


def rule_descriptions(game: Game, expr: Any, cites: bool = False,
                      viewer: str | None = None) -> list[str]:
    """The descriptions (with citations) of the functions an expression uses: a function with
    no description is looked through, to the functions it uses. With `viewer`, a description
    names the values of its parameters now ('where the white piece may move'), as the
    deciding player may know them."""
    out: list[str] = []
    seen: set[str] = set()
    speaker = Reasons(game, viewer) if viewer is not None else None
    env = speaker.frame() if speaker is not None else {}

    def _valued(node: N.Call, label: str) -> str:
        if speaker is None:
            return label
        try:
            said = speaker.words(node, env)
        except NoWords:
            return label
        if any(speaker.value(a, env) == viewer for a in node.args):  # about the one asking
            said = as_you(said, game.label(viewer))
        return said

    def walk(node: Any) -> None:
        if isinstance(node, N.Call) and node.func in game.program.funcs and \
                node.func not in seen:
            seen.add(node.func)
            decl = game.program.funcs[node.func].decl
            if decl.label:  # with its values where they can be worked out now
                out.append(cited(_valued(node, decl.label), decl.cite, cites))
                return
            walk(decl.body)  # nothing described below: nothing said (its name is code)
            return
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif is_dataclass(node):
            for f in fields(node):
                if f.name != "loc":
                    walk(getattr(node, f.name))

    walk(expr)
    return out


def lacking(game: Game, player: str, value: Any) -> list[str]:
    """'You have no ... in your ...' for each of the player's own hidden zones that holds no
    piece that is, or has an attribute equal to, `value` (a card, a colour of cards)."""
    if not isinstance(value, str):
        return []
    world = game.world
    kinds = [k for k, a in world.attrs.items() if "component" in a
             and (k == value or value in [v for n, v in a.items() if n not in ("component",
                                                                              "name")])]
    if not kinds:
        return []
    out = []
    for name, info in game.program.zones.items():
        if info.decl.visibility != "owner" or not info.decl.index:
            continue
        if info.decl.of is not None and not any(world.attrs[k]["component"] == info.decl.of
                                                 for k in kinds):
            continue
        content = game.Z[name].get(player)
        if content is None:
            continue
        held = content if isinstance(content, list) else [k for k, n in content.items() if n]
        if not any(k in kinds for k in held):
            what = game.label(value) if value in kinds else _things(game, value, kinds)
            out.append(f"You have no {what} in your {info.decl.label or name}.")
    return out


def _things(game: Game, value: Any, kinds: list[str]) -> str:
    comp = game.world.components.get(game.world.attrs[kinds[0]]["component"])
    noun = (comp.decl.label or comp.decl.name) if comp is not None else "piece"
    return f"{game.label(value)} {noun}"


def explain(game: Game, decision: Decision, option: Any, typed: str,
            cites: bool = False, numbers: list[int] | None = None,
            shown: int = SHOWN) -> list[str]:
    """Why `option` (what `typed` names) is allowed now or not, as lines for the player: for
    an option, why it is allowed and what it does; for a refused one, which condition fails
    on which values, and the options allowed, numbered as the screen numbers them
    (`numbers`: a newcomer read '3. pass' under a list whose pass was 12), `shown` of them by
    name; for a value of another kind, that it is no option. The rules' citations only when
    asked for (`cites`)."""
    pending = game.state["pending"]
    point: ChoicePoint = game.program.choices[tuple(pending["at"])]
    proc = game.program.procs.get(pending["at"][0])
    this = [f"This decision: {cited(proc.decl.label, proc.decl.cite, cites)}."] \
        if proc is not None and proc.decl.label else []
    if option in decision.options:
        return allowed(game, decision, point, option, cites, numbers) + this
    if not could_be_option(game, decision, point, option):
        return [f"{_typed(game, option, typed)} is no option now ({decision.prompt}).",
                *allowed_lines(decision, shown, named_labels(game, decision), numbers)]
    return refused(game, decision, point, option, typed, cites) + this + \
        allowed_lines(decision, shown, named_labels(game, decision), numbers)


def refused(game: Game, decision: Decision, point: ChoicePoint, option: Any,
            typed: str, cites: bool = False) -> list[str]:
    """Why an option of the decision's kind is refused now: the conditions that fail, with
    their values, in a player's words (PlainReasons: 'there is already 1 there',
    not 'the number of ... is 1; it must be 0'); the rules' descriptions when the values
    cannot be said. The part of a rule that fails for the option (RefusalReasons), or with
    `--cite` the rules that fail, each with its citation."""
    lines = []
    speaker = PlainReasons if cites else RefusalReasons
    if isinstance(option, str) and option in point.labels:
        lines.append(f"Option {option} ({point.labels[option]}) is not allowed now.")
        condition = point.conditions.get(option)
        found = failing(game, decision.player, condition, cites=cites, kind=speaker) \
            if condition is not None else []
        rules = rule_descriptions(game, condition, cites) if condition is not None else []
        if found:
            lines += _listed("Because:", found)
        elif rules:
            lines += _listed("It needs what these rules say:", rules)
        elif option in point.rules:
            lines.append(cited("Its rule does not hold now", point.rules[option][1], cites)
                         + ".")
        clause_cite = point.rules.get(option, (None, None))[1]
        if clause_cite and cites:
            lines.append(f"Rule: {clause_cite}.")
        return lines
    lines.append(f"{_typed(game, option, typed)} is not allowed now ({decision.prompt}).")
    var = game.state["pending"]["var"]
    found = []
    if point.source is not None:
        found += not_listed(game, decision.player, option, point.source, cites, speaker)
    if point.where_expr is not None and not found:
        found += failing(game, decision.player, point.where_expr, option, var, cites,
                         speaker)
    found = [x.replace(f" ({game.label(option)})", "") for x in found]  # said at the head
    if found:
        lines += _listed("Because:", found)
    else:
        rules = rule_descriptions(game, [point.source, point.where_expr], cites,
                                  decision.player)
        if rules:
            lines.append(f"The choices are {'; and '.join(rules)}.")
    return lines + lacking(game, decision.player, option)


def allowed(game: Game, decision: Decision, point: ChoicePoint, option: Any,
            cites: bool = False, numbers: list[int] | None = None) -> list[str]:
    """Why an option is allowed (the rules it meets, with their values) and what it does;
    its number as the screen numbers it (`numbers`: a newcomer typed 'why 2' at a list of
    places numbered from 2 and read 'it is option 1')."""
    k = numbers[decision.options.index(option)] if numbers is not None \
        else decision.options.index(option) + 1
    lines = [f"You may choose {_named(point, decision, option)}: it is option {k}."]
    if isinstance(option, str) and option in point.labels:
        condition = point.conditions.get(option)
        met = holding(game, decision.player, condition, cites=cites, kind=PlainReasons) \
            if condition is not None else []
        lines += _listed("It is allowed because:", met) if met else [
            "Nothing limits it now." if condition is None else
            "What the rules ask of it holds now."]  # a limit that holds is still one
        clause_cite = point.rules.get(option, (None, None))[1]
        if cites and clause_cite:  # the words are said in the first line: here for the cite
            lines.append(f"What it does: {cited(point.labels[option], clause_cite, cites)}.")
        return lines
    met = holding(game, decision.player, point.where_expr, option,
                  game.state["pending"]["var"], cites, PlainReasons) \
        if point.where_expr is not None else []
    if met:
        lines += _listed("It is allowed because:", met)
    else:
        lines += offered(game, decision, point, option, cites)
    return lines


def offered(game: Game, decision: Decision, point: ChoicePoint, option: Any,
            cites: bool = False) -> list[str]:
    """Why the list a choice is made from holds `option` now: the one part of the list that
    holds it ('X is where the piece may move now'), or, for an answer the rules always add
    to the list (a pass, a finish), that it always is one (and the condition that adds it
    now). Never another part's description: that would say X is what it is not."""
    if point.source is None:
        return []
    speaker = Reasons(game, decision.player, cites)
    env = speaker.frame()
    conditions: list[tuple[Any, bool]] = []
    part = _part_holding(speaker, point.source, option, env, conditions)
    if part is None:
        return []
    if isinstance(part, N.Call) and part.func == "numbers" and len(part.args) == 2:
        return [_in_range(PlainReasons(game, decision.player, cites), part, option)]
    shown = _typed(game, option, str(option)).strip("'")
    rules = rule_descriptions(game, part, cites, decision.player)
    shown = f'"{shown}"' if not rules else shown  # an answer in words ('finish: ...')
    if rules:  # 'X is where the piece may move now.' (not 'among what these rules allow')
        return [f"{shown} is {' and '.join(one_of(r) for r in rules)}."]
    kind = _enum_label(game, option)
    then = _leads_to(game, decision.player, option)
    lines = [f"{shown} is {_a_kind(kind)}." if kind else f"{shown} {then}." if then else
             f'{shown} is one of the answers the rules give to "{decision.prompt}".']
    for condition, held in conditions:
        said = (holding if held else failing)(game, decision.player, condition, cites=cites)
        lines += _listed("It is offered now because:", said) if said else []
    return lines


def _in_range(speaker: Reasons, numbers: N.Call, option: Any) -> str:
    """Why a number is offered from a range ('2 is a number from 0 to 2, the most being the
    smaller of 2 and how many ... (3)'), where a newcomer read "'2' is a fixed answer here"."""
    env = speaker.frame()
    low, high = (speaker.value(a, env) for a in numbers.args)
    said = f"{option} is a number from {low} to {high}"
    if not isinstance(numbers.args[1], N.Num):  # a bound the rules work out: say how
        said += f", the most being {speaker.words(numbers.args[1], env)}"
    return f"{said}."


MOST_ANSWERS_SAID = 6  # a next choice with more answers is said without them


def _leads_to(game: Game, player: str, option: Any) -> str | None:
    """What a fixed answer does where it only leads on to the player's own next choice
    ('build' is not a fixed answer to a newcomer but what comes of it): that choice and its
    answers, played on a copy of the game as the player sees it; None otherwise."""
    twin = sample_game(game, player, private_random(game.state["seed"], game.state["step"],
                                                    player, "why next"))
    try:
        twin.apply(option)
    except (GameRuleError, IllegalMove):
        return None
    then = None if twin.over else twin.decision()
    if then is None or then.player != player:
        return None
    answers = f" ({and_list(then.labels, 'or')})" if len(then.labels) <= MOST_ANSWERS_SAID \
        else ""
    return f'leads to your next choice: "{then.prompt.rstrip(" ?:")}"{answers}'


def _a_kind(kind: str) -> str:
    """What a value is, after 'X is': a phrase as it is ('what a bidder may do ...'), a type
    named in the singular with its article ('a pawn', not 'one of the pawn')."""
    return one_of(kind) if kind.startswith((*ARTICLES, "the ")) else with_article(kind)


def _part_holding(speaker: Reasons, expr: Any, option: Any, env: dict[str, Any],
                  conditions: list[tuple[Any, bool]]) -> Any:
    """The part of a list expression (`a + [b] + (c if d else e)`) whose value holds
    `option` now; the conditions that chose it are added to `conditions`."""
    if isinstance(expr, N.Arith) and all(op == "+" for op in expr.ops):
        for part in [expr.first, *expr.rest]:
            found = _part_holding(speaker, part, option, env, conditions)
            if found is not None:
                return found
        return None
    if isinstance(expr, N.IfExpr):
        held = speaker.value(expr.cond, env)
        if held is UNKNOWN:
            return None
        found = _part_holding(speaker, expr.then if held else expr.other, option, env,
                              conditions)
        if found is not None:
            conditions.insert(0, (expr.cond, bool(held)))
        return found
    value = speaker.value(expr, env)
    try:
        return expr if value is not UNKNOWN and option in value else None
    except TypeError:  # not a list
        return None


def _enum_label(game: Game, value: Any) -> str | None:
    """The description of the enumeration `value` belongs to ('what a bidder may do ...')."""
    kind = game.world.member_of.get(value) if isinstance(value, str) else None
    decl = game.program.decls.get(kind) if kind is not None else None
    return decl.label if isinstance(decl, N.EnumDecl) and decl.label else None


def could_be_option(game: Game, decision: Decision, point: ChoicePoint, value: Any) -> bool:
    """Whether `value` is of the kind this decision chooses (a colour where colours are
    chosen), so that its refusal has a reason; a card where a colour is chosen, or 99 where
    cards are, is no option at all."""
    if isinstance(value, str) and value in point.labels:
        return True
    mine = types_of(game, value)
    return any(mine & types_of(game, o) for o in decision.options)


def types_of(game: Game, value: Any) -> set[str]:
    """The types of the ruleset that hold `value` (numbers and yes/no as such)."""
    if isinstance(value, bool):
        return {"yes/no"}
    if isinstance(value, int):
        return {"number"}
    world = game.world
    out = set()
    for name in [PLAYER, *world.enums, *world.entity_types, *world.components]:
        try:
            if value in world.domain(name, game.n):
                out.add(name)
        except KeyError:
            continue
    return out


def named_labels(game: Game, decision: Decision) -> list[str]:
    """The options in words; named options (`option A "..."`) with their names, which the
    log, `why` and the refusals use ('A: take three cards')."""
    pending = game.state["pending"]
    point = game.program.choices.get(tuple(pending["at"])) if pending else None
    if point is None or not point.labels or \
            not all(isinstance(o, str) and o in point.labels for o in decision.options):
        return decision.labels
    return [f"{o}: {label}" if label != o else label
            for o, label in zip(decision.options, decision.labels, strict=True)]


def allowed_lines(decision: Decision, limit: int = SHOWN,
                  labels: list[str] | None = None, numbers: list[int] | None = None
                  ) -> list[str]:
    """The options allowed now, numbered (by `numbers`, as the screen numbers them, where
    given), one a line, in `labels` where given (with their names, as the screen lists them:
    'why E' was answered with the options' words and no letter); past `limit`, how many more
    there are."""
    words = labels or decision.labels
    numbered = [f"{i}. {label}" for i, label in
                sorted(zip(numbers or range(1, len(words) + 1), words, strict=True))]
    lines = ["Allowed now:"] + [f"  {x}" for x in numbered[:limit]]
    if len(numbered) > limit:
        lines.append(f"  and {len(numbered) - limit} more (Enter shows them all)")
    return lines


def _named(point: ChoicePoint, decision: Decision, option: Any) -> str:
    k = decision.options.index(option)
    if isinstance(option, str) and option in point.labels:
        return f"Option {option} ({point.labels[option]})"
    return f"'{decision.labels[k]}'"


def _typed(game: Game, option: Any, typed: str) -> str:
    shown = game.label(option) if option is not None else typed
    return f"'{shown}'"


def _listed(title: str, items: list[str]) -> list[str]:
    """A title line and the items under it, one per line."""
    return [title, *(f"  - {item}" for item in items)]


def points_from(game: Game, option: Any, viewer: str, amount: int) -> list[str]:
    """The log lines that give `viewer` the `amount` points an option leads to (see
    digest.crediting), on a sample of what they may know, through their own next choices
    (the first option of each, FOLLOWED at most): a newcomer read 'you +6' on an option
    that places a piece, and 'why' did not say the scoring it set off."""
    rng = private_random(game.state["seed"], game.state["step"], viewer, "why points")
    twin = sample_game(game, viewer, rng).clone()
    twin.logging, twin.events = True, []
    name = game.label(viewer)
    try:
        twin.apply(option)
        for _ in range(FOLLOWED):
            found = crediting(name, amount, twin.events)
            decision = None if found or twin.over else twin.decision()
            if decision is None or decision.player != viewer or not decision.options:
                return [x.rstrip(".") for x in found]
            twin.apply(decision.options[0])
    except (GameRuleError, IllegalMove):
        return []
    return [x.rstrip(".") for x in crediting(name, amount, twin.events)]
