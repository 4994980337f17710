"""`why OPTION` answers in the rules' own words (descriptions and citations, not rule code),
says when the player lacks the cards, never cuts a list silently; names are typed in any case
and shortened while they stay unambiguous."""

from __future__ import annotations

import io

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display
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
    assert "Option B (place a business" in out.getvalue()
    assert "is allowed now: it is option 2" in out.getvalue()


def test_why_says_when_the_player_lacks_the_cards():
    game = empty_board(load_ruleset(BASE).new_game(3, 1))
    game.Z["hand"]["P1"] = {"card(brown,4)": 1, "card(black,6)": 1}
    game.perform("district_auction", "P1", "w34")
    decision = game.decision()
    lines = explain(game, decision, "violet", "violet")
    assert "You have no violet bidding card in your hand of bidding cards." in lines
    assert any("colours the player may open with" in x and "en-2004: The play of an auction"
               in x for x in lines)
    assert lines[-2:] == ["  1. brown", "  2. pass (take my cards back)"]
    # A colour the player holds is not "lacking": brown is allowed.
    assert explain(game, decision, "brown", "brown") == [
        "'brown' is allowed now: it is option 1."]


def test_why_never_cuts_the_list_of_options_silently():
    game = load_ruleset(BASE).new_game(3, 4)
    game.apply(game.decision().options[0])  # a plot taken: the next seat chooses among 34
    decision = game.decision()
    assert len(decision.options) > 12
    taken = next(q for q in game.Z["towers"] if game.Z["towers"][q])
    lines = explain(game, decision, taken, game.label(taken))
    assert f"  and {len(decision.options) - 12} more (type 'board' to see them all)" in lines
    assert sum(1 for x in lines if x.startswith("  ") and ". " in x) == 12
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
