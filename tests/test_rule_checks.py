"""Mistakes of shape and of naming found by `rules check`, before any game, each at its
file:line:column with the fix: `top()` of a pile, `move N from PILE` without `of`, shuffling a
pile, `at bottom` of a pile, a negative number of pieces, and a reserved word used as a name
(where it is declared, and where a parse stops at one)."""

from __future__ import annotations

import random
import re

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.lark_parser import _lark
from interpreter.language.parser import parse_rules
from interpreter.language.reserved import RESERVED

from .test_language_errors import error_of, with_base, write


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


# with_base: BASE (a deck stack, hand[player] pile of card(suit, 1..3), ...) + play; line 14 on


def test_top_of_a_pile_is_found_at_check(folder):
    message = error_of(folder, with_base('define best(p) = top(hand[p])\n'))
    assert message.startswith("game.rules:14:18: 'hand' is a pile: a pile has no top\n")
    assert "declare 'hand' a stack, or name the kind: first each c in hand[p]" in message


def test_top_of_a_stack_is_fine(folder):
    write(folder, with_base('define next_card() = top(deck)\n'))
    assert load_ruleset(folder).name == "Test"


def test_move_from_a_pile_without_of_is_found_at_check(folder):
    message = error_of(folder, with_base("""\
        procedure pass_card(p: player):
            move 1 from hand[p] to hand[next_player(p)]
        """))
    assert message.startswith("game.rules:15:17: 'hand' is a pile of several kinds: say which "
                              "kind to move\n")
    assert "did you mean 'move 1 of KIND from hand[p] ...'? (or 'move all from ...')" in message


def test_move_up_to_and_top_from_a_pile_name_their_amount(folder):
    message = error_of(folder, with_base("""\
        procedure pass_cards(p: player):
            move up to 2 from hand[p] to deck
        """))
    assert "did you mean 'move up to 2 of KIND from hand[p] ...'?" in message
    message = error_of(folder, with_base("""\
        procedure pass_cards(p: player):
            move top from hand[p] to deck
        """))
    assert "did you mean 'move 1 of KIND from hand[p] ...'?" in message


def test_a_pile_of_a_single_kind_needs_no_of(folder):
    write(folder, with_base("""\
        component coin():
            count 5
            start in bank
        zone bank: pile of coin
        zone purse[player]: pile of coin
        procedure pay(p: player):
            move 2 from bank to purse[p]
        """))
    assert load_ruleset(folder).name == "Test"


def test_shuffle_and_bottom_of_a_pile_and_a_negative_amount(folder):
    message = error_of(folder, with_base("""\
        procedure mix(p: player):
            shuffle hand[p]
            move 1 from deck to hand[p] at bottom
            move -1 from deck to deck
        """))
    assert "game.rules:15:5: 'hand' is a pile: only a stack can be shuffled" in message
    assert "game.rules:16:25: 'hand' is a pile: a pile has no bottom" in message
    assert "game.rules:17:10: cannot move -1 pieces" in message


# ------------------------------------------------------------------ reserved words


def test_a_reserved_word_declared_as_a_name_is_refused_where_it_is_declared(folder):
    message = error_of(folder, with_base("var count = 0\n"))
    assert message.startswith("game.rules:14:5: 'count' is a reserved word and cannot be a "
                              "name\n")
    assert "the reserved words are any, break," in message


def test_a_reserved_word_as_a_local_name(folder):
    message = error_of(folder, with_base("""\
        procedure score_all():
            for each first in [1, 2]:
                pass
        """))
    assert message.startswith("game.rules:15:14: 'first' is a reserved word")


def test_a_parse_that_stops_after_a_reserved_word_says_so(folder):
    message = error_of(folder, "define g(x) = x\ndefine f(y) = g(first)\n" + with_base(""))
    assert message.startswith("game.rules:2:22: unexpected ')'")
    assert "'first' is a reserved word of the language and cannot be a name" in message


def test_a_reserved_word_in_a_text_says_so(folder):
    message = error_of(folder, with_base('procedure say():\n    log "{count}"\n'))
    assert "in {count}: unexpected end of file" in message
    assert "'count' is a reserved word" in message


def _grammar_words() -> set[str]:
    return {t.pattern.value for t in _lark().terminals if t.pattern.type == "str"
            and re.fullmatch(r"[A-Za-z_]\w*", t.pattern.value)}


@pytest.mark.parametrize("word", sorted(_grammar_words()))
def test_the_reserved_words_are_those_that_cannot_be_used_as_names(word):
    """A word of the grammar works as a name exactly when it is not in RESERVED (true, false
    and none parse as names but are read as values: reserved too)."""
    uses = [f"var {word} = 1\nprocedure play():\n    let x = {word} + 1\n    {word} = 2\n"
            f"    x = f({word}, 1)\n",
            f"procedure q({word}):\n    let y = [{word}]\n",
            f"procedure q():\n    for each {word} in [1]:\n        pass\n"]
    works = True
    for text in uses:
        try:
            parse_rules(text, f"reserved-{word}.rules")
        except Exception:
            works = False
    assert works == (word not in RESERVED), word


# ------------------------------------------------------------------ the lowest score wins

LOWEST = """\
var penalty[player] = 0
define score(p) "penalty points" lowest wins = penalty[p]
procedure play():
    choose n from [3, 1, 2] by P1 "how many penalty points?"
    penalty[P1] += n
    penalty[P2] += 2
"""


def test_the_lowest_score_wins_when_the_rules_say_so(folder):
    write(folder, LOWEST)
    game = load_ruleset(folder).new_game(2, 1)
    game.apply(1)
    assert game.scores() == {"P1": 1, "P2": 2} and game.winners() == ["P1"]


def test_a_greedy_bot_aims_for_the_lowest_score(folder):
    from interpreter.bots.players import GreedyBot

    write(folder, LOWEST)
    game = load_ruleset(folder).new_game(2, 1)

    class Bound(dict):
        def __init__(self):
            super().__init__(game.view("P1"))
            self.game = game

    pick = GreedyBot().choose(Bound(), game.decision(), random.Random(1))
    assert pick == 1


def test_lowest_wins_is_said_of_score_only(folder):
    message = error_of(folder, with_base("define penalties(p) lowest wins = vp[p]\n"))
    assert message.startswith("game.rules:14:8: 'lowest wins' is said of the function 'score' "
                              "only, not of 'penalties'")


def test_recording_a_text_in_a_measure_is_found_at_check(folder):
    message = error_of(folder, with_base("""\
        measure said "what was said": values
        procedure say():
            record "hello" in said
        """))
    assert message.startswith("game.rules:16:12: measure 'said' records numbers, not \"hello\"")
