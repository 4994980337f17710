"""Every `why` of whole games of every bundled ruleset is said in words: no rule code, no
value said twice, no citation unless asked for (`why --cite`), an allowed option never
explained by a condition that fails, and a refused choice from a list says what the list
holds instead when it is short."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.refusal import refusal
from interpreter.play.rules_help import option_words
from interpreter.play.why import explain, types_of
from interpreter.resources import rulesets_folder

from .conftest import BASE
from .test_terminal import playable_bundled

RULE_CODE = re.compile(r"\w\(|\w_\w|==|!=|\[|\]")
# the shapes of the engine's own sentences that newcomers met ("It is among what these rules
# allow now: - slots of set", "colours ... open with: the first card must be coloured",
# "(only if there is something in districts where ...)")
ENGINE_SHAPES = re.compile(r"what these rules allow|there is something in|there is nothing in|"
                           r": the \w+ \w+ must be \w+ed\b|\bthe [b-z] \w")  # 'the c piece'
DOUBLED = re.compile(r"\(([^()]+)\) \(\1\)")
REFUSED_PER_DECISION = 4


def citations(game) -> set[str]:
    program = game.program
    decls = [f.decl for f in program.funcs.values()] + [p.decl for p in program.procs.values()]
    return {d.cite for d in decls if d.cite}


def candidates(game, decision, rng: random.Random) -> list:
    """The decision's options and a few values of their kinds that are refused now."""
    point = game.program.choices[tuple(game.state["pending"]["at"])]
    others = [o for o in point.labels if o not in decision.options]
    for kind in sorted(set().union(*[types_of(game, o) for o in decision.options])):
        try:
            others += [v for v in game.world.domain(kind, game.n) if v not in decision.options]
        except KeyError:
            continue
    rng.shuffle(others)
    return list(decision.options[:6]) + others[:REFUSED_PER_DECISION]


# the browser's refusal says what is wrong as a player says it, not the shape of a condition
ENGINE_WORDING = re.compile(r"(?i)the number of|it must be|is not among")


def undescribed(game) -> set[str]:
    """The rules' names with no description, spaced as words ('slots of set'): code, not
    words, to a player."""
    return {f.decl.name.replace("_", " ") for f in game.program.funcs.values()
            if not f.decl.label and "_" in f.decl.name}


def said(game, decision, option) -> list[str]:
    lines = explain(game, decision, option, str(option))
    book = option_words(game.ruleset, decision.prompt, option)  # 'In the rules: ...'
    lines += [book] if book else []
    if option not in decision.options:
        answer = refusal(game, decision, option)
        assert not ENGINE_WORDING.search(answer.replace(decision.prompt, "")), answer
        assert "You may choose" in answer, answer
        lines.append(answer)
    return lines


def looked_at(name: str, seed: int, steps: int, looked: Callable[[int], bool]):
    """(game, decision, rng) at each step of a random game of a bundled ruleset (the most
    players, `seed`) for which `looked(step)` holds, up to `steps` steps; a random option is
    played after each decision."""
    ruleset = load_ruleset(rulesets_folder() / name)
    game = ruleset.new_game(max(ruleset.player_counts), seed)
    rng = random.Random(seed)
    while not game.over and game.state["step"] < steps:
        decision = game.decision()
        if looked(game.state["step"]):
            yield game, decision, rng
        game.apply(rng.choice(decision.options))


@pytest.mark.parametrize("name", playable_bundled())
def test_every_why_of_a_whole_game_is_said_in_words(name):
    asked = 0
    for game, decision, rng in looked_at(name, 7, 120, lambda step: step % 4 == 0):
        cites, names = citations(game), undescribed(game)
        for option in candidates(game, decision, rng):
            lines = said(game, decision, option)
            asked += 1
            for line in lines:
                assert not RULE_CODE.search(line), (option, line)
                assert not ENGINE_SHAPES.search(line), (option, line)
                assert not any(re.search(rf"\b{n}\b", line) for n in names), (option, line)
                assert not DOUBLED.search(line), (option, line)
                assert not any(c in line for c in cites), (option, line)
            if option in decision.options:
                assert not any("; it must be" in x for x in lines), (option, lines)
    assert asked > 20


def test_why_cite_adds_the_citations_and_a_refused_colour_says_which_are_allowed():
    from .conftest import empty_board
    game = empty_board(load_ruleset(BASE).new_game(3, 1))
    game.Z["hand"]["P1"] = {"card(brown,4)": 1, "card(gray,5)": 1, "card(black,6)": 1}
    game.perform("district_auction", "P1", "w34")
    decision = game.decision()
    plain = "\n".join(explain(game, decision, "violet", "violet"))
    assert "en-2004" not in plain
    assert "(only brown or gray now)" in plain  # what is allowed instead
    cited = "\n".join(explain(game, decision, "violet", "violet", cites=True))
    assert "en-2004: The play of an auction" in cited


def test_what_the_rule_asks_is_said_plainly_not_as_it_must_be():
    """'The plot where a player builds in a district, if any (34th St. West) is none, as it
    must be' read as technical: 'There is no plot where you build in 34th St. West.'"""
    game = load_ruleset(BASE).new_game(4, 7)
    decision = game.decision()  # a starting skyscraper: on an empty plot, one per district
    text = " ".join(explain(game, decision, decision.options[0], "1"))
    assert "as it must be" not in text and ", if any" not in text
    assert "There is no plot where you build in 34th St. West." in text  # to the one asking
    # the rule said by its description, with the plot ('is empty' read as rule code before)
    assert "An empty building plot, with no business and no skyscraper (34th St. West, " \
           "violet)" in text


def definitions(game) -> set[str]:
    """The descriptions of the rules made of several conditions that must all hold ('a plot
    with fewer than 2 businesses and no skyscraper, in a district without a building stop'):
    a refusal that quotes one makes the player find which part fails."""
    from interpreter.language import nodes as N
    return {f.decl.label for f in game.program.funcs.values()
            if f.decl.label and isinstance(f.decl.body, N.BoolOp) and f.decl.body.op == "and"}


@pytest.mark.parametrize("name", playable_bundled())
def test_every_refusal_of_a_whole_game_says_the_part_that_fails_and_what_is_allowed(name):
    """Refusals of every kind met in a whole game: the one condition that fails for the
    value chosen, never a rule's whole definition, never alternatives joined by '; or', and
    places allowed instead named by example."""
    refused = 0
    for game, decision, rng in looked_at(name, 7, 400, lambda step: step % 3 == 0):
        rules = definitions(game)
        for option in candidates(game, decision, rng)[-REFUSED_PER_DECISION:]:
            if option in decision.options:
                continue
            answer = refusal(game, decision, option)
            refused += 1
            assert not any(rule in answer for rule in rules), answer
            assert "; or " not in answer, answer
            if "places numbered on the board" in answer and "(only " not in answer:
                assert "places numbered on the board, such as " in answer, answer
    assert refused > 5 or not name.startswith("fifth-avenue")  # (the tutorials refuse little)


def test_a_refusal_says_a_described_rule_of_the_thing_refused():
    """A setup shop's district was refused with 'A district that has its setup shop tile
    (Times Square): it must not be so.': the rule is said of the place ('Times Square is a
    district that has its setup shop tile.')."""
    for game, decision, _ in looked_at("fifth-avenue/editions/en-fan-1.2", 7, 40,
                                       lambda step: True):
        refused = [o for o in game.world.entity_types.get("plot", [])
                   if o not in decision.options]
        answers = [refusal(game, decision, o) for o in refused] \
            if all(o in game.world.entity_types["plot"] for o in decision.options) else []
        said = [x for x in answers if "setup shop" in x]
        if said:
            assert all(" is a district that has its setup shop tile. You may" in x
                       for x in said), said
            assert not any("it must not be so" in x for x in said), said
            return
    raise AssertionError("no plot was refused for a setup shop")
