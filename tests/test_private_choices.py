"""Secrets that know whose they are (engine/secrecy.py): the check follows whose eyes a value is
for, a `privately choose` reaches only the players it is shown to, `tell` shows a line to some
players only; the leak messages name the fix that fits; an open `choose` that looks secret is
a warning of `rules check`; a choice's prompt is a template."""

from __future__ import annotations

import textwrap

import pytest

from interpreter.cli import main as cli_main
from interpreter.engine.ruleset import load_ruleset

from .test_language_errors import error_of, write

MANIFEST = "name: Test\nplayers: [3]\nrules: [game.rules]\n"
BASE = """\
component card(value: 1..4):
    count 1
    start in deck
zone deck: stack of card, hidden
zone hand[player]: pile of card, owner
zone table: pile of card
procedure setup():
    for each player p:
        move 1 from deck to hand[p]
"""  # lines 1-9; what a test adds starts on line 10


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def rules(extra: str) -> str:
    return BASE + textwrap.dedent(extra)


def test_a_private_value_of_one_player_cannot_hold_another_players_hand(folder):
    message = error_of(folder, rules("""\
        var spy[player] = [], owner
        procedure play():
            for each player p:
                spy[p] = kinds(hand[next_player(p)])
        """), MANIFEST)
    assert message.startswith(
        "game.rules:13:9: 'spy[p]' is seen by p only, but this sets it from what p may not see "
        "('hand[next_player(p)]')\n")


def test_whose_a_value_is_is_followed_through_functions(folder):
    message = error_of(folder, rules("""\
        var spy[player] = 0, owner
        define hand_value(q) = sum c.value for each c in hand[q]
        procedure play():
            for each player p:
                spy[p] = hand_value(p) + hand_value(next_player(p))
        """), MANIFEST)
    assert "game.rules:14:9: 'spy[p]' is seen by p only" in message
    assert "('hand[next_player(p)]')" in message


def test_a_private_value_of_a_player_may_hold_their_own_things(folder):
    write(folder, rules("""\
        var mine[player] = [], owner
        define hand_value(q) = sum c.value for each c in hand[q]
        procedure play():
            for each player p:
                mine[p] = kinds(hand[p]) + [hand_value(p), size(hand[next_player(p)])]
        """), MANIFEST)
    load_ruleset(folder)


PASS = """\
procedure play():
    for each player p:
        privately choose c from kinds(hand[p]) by p shown to next_player(p) "which card?"
        move 1 of c from hand[p] to hand[next_player(p)]
        {line}
"""  # the line is line 14


def test_a_private_choice_cannot_reach_a_public_log(folder):
    message = error_of(folder, rules(PASS.format(line='log "{p} passes {c}"')), MANIFEST)
    assert message.startswith("game.rules:14:9: this log line is read by every player but "
                              "shows what some may not see ('c (chosen privately)')\n")
    assert 'tell [chooser, ...] "..."' in message


def test_a_private_choice_is_told_only_to_those_it_is_shown_to(folder):
    message = error_of(folder, rules(PASS.format(
        line='tell [p, next_player(p), previous_player(p)] "{p} passes {c}"')), MANIFEST)
    assert message.startswith("game.rules:14:9: this line is told to previous_player(p) but "
                              "shows what they may not see ('c (chosen privately)')\n")
    write(folder, rules(PASS.format(line='tell [p, next_player(p)] "{p} passes {c}"')),
          MANIFEST)
    load_ruleset(folder)


def test_a_private_choice_is_not_kept_across_a_decision(folder):
    message = error_of(folder, rules("""\
        procedure play():
            privately choose c from kinds(hand[P1]) by P1 "which card?"
            choose x from [1, 2] by P2 "a number"
            move 1 of c from hand[P1] to table
        """), MANIFEST)
    assert message.startswith("game.rules:13:15: 'c' holds what some players may not see")


def test_a_log_of_a_hidden_hand_names_the_fixes(folder):
    """A ruleset written before `secretly choose`: sealed offers in an owner zone, revealed by a
    log line. The message says how to migrate."""
    message = error_of(folder, rules("""\
        zone offer[player]: pile of card, owner
        procedure play():
            for each player p:
                choose c from kinds(hand[p]) by p "your sealed offer"
                move 1 of c from hand[p] to offer[p]
            for each player p:
                log "{p} offered {kinds(offer[p])}"
        """), MANIFEST)
    assert "game.rules:16:9: this log line is read by every player but shows what some may " \
           "not see ('offer')" in message
    assert "move the pieces to a public zone" in message
    assert "'secretly choose' (all choices revealed together)" in message


def test_an_open_choice_moved_where_others_cannot_see_is_a_warning(folder, capsys):
    write(folder, rules("""\
        procedure play():
            for each player p:
                choose c from kinds(hand[p]) by p "which card goes back?"
                move 1 of c from hand[p] to deck
        """), MANIFEST)
    ruleset = load_ruleset(folder)  # a warning, not an error
    (warning,) = ruleset.program.warnings
    assert str(warning).startswith(
        "game.rules:12:9: every player sees this choice as it is made ('c', moved at line 13 "
        "from hand[p] to deck, which other players cannot see)")
    assert "did you mean 'secretly choose'" in str(warning)
    assert cli_main(["check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "warning: game.rules:12:9: every player sees this choice" in out
    assert out.rstrip().endswith("OK")


def test_a_choice_from_a_public_zone_into_a_hand_is_no_warning(folder):
    write(folder, rules("""\
        procedure play():
            move all from deck to table
            choose c from kinds(table) by P1 "take a card"
            move 1 of c from table to hand[P1]
        """), MANIFEST)
    assert load_ruleset(folder).program.warnings == []


def test_a_prompt_is_a_template(folder):
    write(folder, rules("""\
        procedure play():
            for each n in [1, 2]:
                choose c from [1, 2] by P1 "pick ({n} of 2)"
                choose o by P2 "and {label(P1)} picked {c}":
                    option a "a":
                        pass
                    option b "b":
                        pass
        """), MANIFEST)
    game = load_ruleset(folder).new_game(3, 1)
    assert game.decision().prompt == "pick (1 of 2)"
    game.apply(2)
    assert game.decision().prompt == "and Player 1 picked 2"


def test_a_brace_without_its_pair_in_a_prompt_is_an_error(folder):
    message = error_of(folder, rules("""\
        procedure play():
            choose c from [1, 2] by P1 "pick {n of 2"
        """), MANIFEST)
    assert message.startswith("game.rules:11:")
    assert "without its pair" in message


def test_the_new_statements_render_back_as_written():
    """`rules flatten` and `rules diff` show rules rendered from the tree: the private choice,
    `tell` and `lowest wins` read back as they were written, and parse again to the same."""
    from interpreter.language.lark_parser import parse_rules
    from interpreter.language.render import render_decl

    text = textwrap.dedent("""\
        define score(p) "penalty" lowest wins = 3
        procedure pass_card(p: player):
            privately choose c from kinds(hand[p]) by p where c != none \\
                shown to [next_player(p)] "which card ({p})?"
            tell [p, next_player(p)] "{p} passes {c}"
        """)
    decls = parse_rules(text, "a.rules").decls
    rendered = "\n".join(line for d in decls for line in render_decl(d)) + "\n"
    assert "lowest wins = 3" in rendered
    assert 'privately choose c from kinds(hand[p]) by p where c != none shown to ' \
           '[next_player(p)] "which card ({p})?"' in rendered
    assert 'tell [p, next_player(p)] "{p} passes {c}"' in rendered
    again = parse_rules(rendered, "a.rules").decls
    assert "\n".join(line for d in again for line in render_decl(d)) + "\n" == rendered


def test_a_private_choice_handed_to_a_procedure_that_logs_it_is_refused(folder):
    message = error_of(folder, rules("""\
        procedure play():
            for each player p:
                privately choose c from kinds(hand[p]) by p "which card?"
                announce(p, c)
        procedure announce(q: player, card):
            log "{q} keeps {card}"
        """), MANIFEST)
    assert message.startswith("game.rules:15:5: this log line is read by every player but "
                              "shows what some may not see ('c (chosen privately)')")
    write(folder, rules("""\
        procedure play():
            for each player p:
                privately choose c from kinds(hand[p]) by p "which card?"
                put_back(p, c)
        procedure put_back(q: player, card):
            move 1 of card from hand[q] to deck
            log "{q} puts a card back"
        """), MANIFEST)
    load_ruleset(folder)
