"""`why OPTION` answers in the rules' own words (descriptions and citations, not rule code),
says when the player lacks the cards, never cuts a list silently; names are typed in any case
and shortened while they stay unambiguous."""

from __future__ import annotations

import io
import random
import re

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display
from interpreter.play.refusal import refusal
from interpreter.play.replay import History
from interpreter.play.terminal import Session, matching
from interpreter.play.why import explain, listed

from .conftest import BASE, empty_board


def session(game, script: list[str]) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    answers = iter(script)
    s = Session(game.ruleset, game, History(), {p: "human" for p in game.players},
                load_display(game.ruleset), out, read=lambda prompt: next(answers), width=80)
    return s, out


def first_turn():
    game = load_ruleset(BASE).new_game(3, 4)
    while game.decision().prompt != "choose your option for this turn":
        game.apply(game.decision().options[0])
    return game


def test_why_an_option_is_not_allowed_cites_the_rule_in_words_not_code():
    game = first_turn()
    s, out = session(game, [])
    s.why("d", game.decision())  # any case
    assert "en-2004" not in out.getvalue()  # citations only when asked for
    s.why("--cite d", game.decision())
    text = out.getvalue()
    assert "Option D (score a district" in text and "is not allowed now" in text
    assert "districts where a commissioner stands" in text  # the rule's own description
    assert "en-2004: Scoring districts" in text  # and its citation
    assert "size(" not in text and "scorable_districts" not in text  # no rule code
    assert all(len(line) <= 80 for line in text.splitlines())


def test_why_an_allowed_option_says_which_number_it_is():
    game = first_turn()
    s, out = session(game, [])
    s.why("b", game.decision())
    assert "You may choose Option B (place a business" in out.getvalue()
    assert "is allowed now" not in out.getvalue()  # a player's words, not a checker's
    assert ": it is option 2" in out.getvalue()


def test_why_says_when_the_player_lacks_the_cards():
    game = empty_board(load_ruleset(BASE).new_game(3, 1))
    game.Z["hand"]["P1"] = {"card(brown,4)": 1, "card(black,6)": 1}
    game.perform("district_auction", "P1", "w34")
    decision = game.decision()
    lines = explain(game, decision, "violet", "violet", cites=True)
    assert "You have no violet card in your hand of cards." in lines
    assert any("colours you may open a bid with in 34th St. West" in x and
               "en-2004: The play of an auction" in x for x in lines), lines
    assert lines[-2:] == ["  1. brown", "  2. pass"]
    # A colour the player holds is not "lacking": brown is allowed.
    allowed = explain(game, decision, "brown", "brown")
    assert allowed[0] == "You may choose 'brown': it is option 1."
    assert "brown is one of the colours you may open a bid with in 34th St. West: those " \
        "allowed there, of a card in your hand." in allowed, allowed  # as a player says it
    assert not any("Choosing it answers" in x for x in allowed)  # read like code
    assert not any("You have no" in x for x in allowed)


def test_why_never_cuts_the_list_of_options_silently():
    game = load_ruleset(BASE).new_game(3, 4)
    game.apply(game.decision().options[0])  # a plot taken: the next seat chooses among 34
    decision = game.decision()
    assert len(decision.options) > 12
    taken = next(q for q in game.Z["towers"] if game.Z["towers"][q])
    lines = explain(game, decision, taken, game.label(taken))
    assert f"  and {len(decision.options) - 12} more (Enter shows them all)" in lines
    assert sum(1 for x in lines if re.match(r"  \d+\. ", x)) == 12
    assert listed(list("abcdefghijklmn"), 12).endswith("k, l and 2 more")


def test_names_are_typed_in_any_case_and_shortened_while_unambiguous():
    options = ["A", "B", "C"]
    labels = ["take 3 skyscrapers", "place a business", "take a black card"]
    assert matching("b", options, labels) == ["B"]
    assert matching("PLACE", options, labels) == ["B"]
    assert matching("take 3", options, labels) == ["A"]
    assert matching("Take", options, labels) == ["A", "C"]  # ambiguous
    assert matching("x", options, labels) == []
    game = first_turn()
    s, out = session(game, [])
    assert s.handle("PLA", game.decision()) == "B"
    assert s.handle("take", game.decision()) is None
    assert "'take' could mean" in out.getvalue()


RULE_CODE = re.compile(r"\w+\(|\w_\w|==|\[")
# the shape of a condition, not a player's words
PLAYERS_NOT_ENGINE = re.compile(r"(?i)the number of|it must be|is not among")


def place_business_decision():
    """A game at 'place it on a building plot', with a skyscraper on one plot and two
    businesses on another."""
    game = load_ruleset(BASE).new_game(3, 4)
    rng = random.Random(1)
    while game.decision().prompt != "place it on a building plot":
        decision = game.decision()
        game.apply(decision.options[rng.randrange(len(decision.options))])
    return game, game.decision()


def test_why_a_refused_value_names_the_condition_that_fails_with_its_values():
    game, decision = place_business_decision()
    towered = next(q for q in game.Z["towers"] if game.Z["towers"][q])
    lines = explain(game, decision, towered, game.label(towered), cites=True)
    text = "\n".join(lines)
    assert f"'{game.label(towered)}' is not allowed now (place it on a building plot)." in text
    there = " and ".join(f"{n} x {game.label(k)}" if n > 1 else f"a {game.label(k)}"
                         for k, n in game.Z["towers"][towered].items())
    assert f"there is already {there} there" in text  # not 'the number of ... is 1; ...'
    assert "it must be" not in text
    assert "en-2004: The businesses" in text  # the rule's citation
    because = lines[lines.index("Because:") + 1:lines.index("Allowed now:")]
    assert not any(RULE_CODE.search(x.split("(en-2004")[0]) for x in because), because
    # the browser's answer to a click on that plot: in a player's words, what is wrong and
    # what is allowed instead
    said = refusal(game, decision, towered)
    # the one part of the rule that fails for this plot, not the rule's whole definition ('it
    # is not a plot with fewer than 2 businesses and no skyscraper, in a district without a
    # building stop' left the newcomer to find which part)
    assert said.startswith(f"{game.label(towered)} cannot be chosen now: There is already "
                           f"{there} there. "), said
    assert "a plot with fewer than 2 businesses" not in said, said
    n = len(decision.options)
    district = game.label(towered).split(",")[0]  # places nearby named as examples
    assert f"You may choose one of the {n} places numbered on the board, such as {district}, " \
        in said, said
    # `why` at the terminal says the same part; the whole rule with its citation on request
    plain = explain(game, decision, towered, game.label(towered))
    assert plain[plain.index("Because:") + 1] == f"  - There is already {there} there.", plain
    free = decision.options[0]  # a plot that may take a business, its district stopped
    game.V["stopped"][game.world.attrs[free]["district"]] = True
    said = refusal(game, decision, free)
    assert f"now: {game.label(free).split(',')[0]} is under a building stop. You may" in said, \
        said  # as the book reads the rule ('{1} is under a building stop')
    assert not PLAYERS_NOT_ENGINE.search(said) and not RULE_CODE.search(said), said


def test_why_a_refused_option_gives_the_failing_values():
    game = first_turn()
    lines = explain(game, game.decision(), "D", "d", cites=True)
    assert "  - Districts where a commissioner stands: none." in lines
    assert "Rule: en-2004: Scoring districts." in lines


def test_why_an_allowed_option_says_why_and_what_it_does():
    game, decision = place_business_decision()
    q = decision.options[0]
    lines = explain(game, decision, q, game.label(q), cites=True)
    assert lines[0] == f"You may choose '{game.label(q)}': it is option 1."
    assert "It is allowed because:" in lines
    # the condition itself, in words (a newcomer read "a plot that may take a business" as
    # saying nothing)
    assert any("A plot with fewer than 2 businesses and no skyscraper, in a district without "
               "a building stop" in x and "en-2004: The businesses" in x for x in lines)
    assert not any("Choosing it answers" in x for x in lines)
    turn = first_turn()
    lines = explain(turn, turn.decision(), "B", "b", cites=True)  # with the rule's cite
    assert any(x.startswith("What it does: place a business, then take 2 coloured cards, "
               "then move a commissioner") for x in lines)


def test_a_value_that_is_no_option_is_said_to_be_no_option():
    game = first_turn()
    s, out = session(game, [])
    s.why("99", game.decision())
    s.why("violet", game.decision())
    text = out.getvalue()
    assert "'99' is no option now (choose your option for this turn)." in text
    assert "'violet' is no option now" in text
    assert "must be" not in text  # no rule is quoted for what is no option at all
    game, decision = place_business_decision()
    said = refusal(game, decision, "card(violet,4)")
    # why in one short line (what the decision asks), and where the options are, two of them
    # named as examples
    first, second = (game.label(q) for q in decision.options[:2])
    assert said == 'Violet 4 cannot be chosen now: the question is "place it on a building ' \
        'plot". You may ' \
        f"choose one of the {len(decision.options)} places numbered on the board, such as " \
        f"{first} or {second}.", said
    turn = first_turn()
    said = refusal(turn, turn.decision(), "w42_brown")  # a newcomer's click on a plot
    assert said == '42nd St. West, brown cannot be chosen now: the question is "choose your ' \
        'option for this turn", and its answer is one of A, B or C. You may choose one of ' \
        'the 3 options in the decision panel.', said


def test_why_of_an_allowed_answer_never_splices_it_into_another_rule():
    """A finish or a pass is added to a list of cards by the rules: its `why` says what kind
    of answer it is (and the condition that offers it now), not that it is one of the cards
    that may join a bid; a card names only the part of the list that holds it."""
    game = empty_board(load_ruleset(BASE).new_game(3, 1))
    game.Z["hand"]["P1"] = {"card(brown,4)": 1, "card(black,6)": 1, "card(brown,5)": 1}
    game.perform("district_auction", "P1", "w34")
    game.apply("brown")
    game.apply("card(brown,4)")
    decision = game.decision()
    finish = " ".join(explain(game, decision, "finish_bid", "finish"))
    assert "may join a bid" not in finish, finish
    assert '"finish: that is my bid" is what a bidder may do besides adding a card.' in finish
    assert "It is offered now because:" in finish and "is 4" in finish
    card = " ".join(explain(game, decision, "card(black,6)", "black 6"))
    assert "black 6 is one of the cards that may join a bid" in card
    assert "value of a bid" not in card  # the finish's condition is not the card's rule


def test_why_an_allowed_option_says_its_words_once():
    """A newcomer's 'why 2' said 'place a business, then take 2 coloured cards, then move a
    commissioner' three times: in its first line, as 'What it does' and from the rulebook.
    The book's line says what it adds ('only if a business can be placed')."""
    game = first_turn()
    s, out = session(game, [])
    decision = game.decision()
    s.why(str(decision.options.index("B") + 1), decision)
    text = " ".join(out.getvalue().split())
    assert text.count("place a business, then take 2 coloured cards") == 1, text
    assert "In the rules: Option B: only if a business can be placed." in text, text


def test_a_second_card_of_the_same_colour_is_refused_in_plain_words():
    """A newcomer's refusal read 'Because: - The same as orange is not allowed.': the
    option that must differ from a value chosen before is 'it'."""
    from interpreter.play.refusal import refusal

    game = load_ruleset(BASE).new_game(4, 3)
    rng = random.Random(3)
    while game.decision().prompt != "take a second coloured card, of another colour":
        game.apply(rng.choice(game.decision().options))
    decision = game.decision()
    (first,) = [c for c in ("violet", "brown", "gray", "orange", "green")
                if c not in decision.options]
    text = " ".join(explain(game, decision, first, first))
    # the earlier choice named by what it was ('It must differ from brown' read as a riddle)
    said = f"It must differ from the first colour, {first}."
    assert said in text and "the same as" not in text.lower(), text
    assert f"cannot be chosen now: {said}" in refusal(game, decision, first)
    # an allowed colour: 'Violet is violet (other than brown)' and 'The number of face-up
    # stack of coloured cards (for violet) is 8 (more than 0)' read as code
    other = decision.options[0]
    text = " ".join(explain(game, decision, other, other))
    assert f"It differs from the first colour, {first}." in text, text
    assert "(more than 0)" not in text and f"{other.capitalize()} is {other}" not in text, text


def test_why_of_a_value_of_a_type_names_the_type_in_the_singular():
    """'"beige" is one of the commissioner.' (a newcomer's `why` on a commissioner): a value
    of a type named in the singular is 'a commissioner'."""
    game = load_ruleset(BASE).new_game(4, 13)
    while not game.decision().prompt.startswith("move which commissioner"):
        game.apply(game.decision().options[0])
    decision = game.decision()
    said = " ".join(explain(game, decision, "beige", "beige"))
    assert '"beige" is a commissioner.' in said and "one of the commissioner" not in said


def test_why_says_why_other_players_score_when_the_viewer_does_not():
    """A newcomer read 'B: ...: Player 2 +4, Player 3 +4, Player 4 +4' for several turns, and
    'why B' said only 'At once: Player 2 +4, ...': the special scoring that gave them (en-2004,
    Special scoring), which the player missed, was said only once it had happened. 'why'
    gives the rules' line for the others' points too."""
    game = load_ruleset(BASE).new_game(4, 1)
    rng = random.Random(1)
    while not game.over:
        decision = game.decision()
        if decision.player == "P1" and "B" in decision.options and \
                game.V["placed"] in (2, 5, 8):
            s, out = session(game, [])
            s.why("B", decision)
            said = " ".join(out.getvalue().split())
            if "At once: Player 2 +4" in said:
                assert re.search(r"At once: Player 2 \+4[^.]*\(Player \d scores 4 VP for "
                                 r"skyscrapers in at least 3 districts: the special scoring "
                                 r"after business 3\)", said), said
                return
        game.apply(rng.choice(decision.options))
    raise AssertionError("no turn where only the others score with option B")
