"""Hidden information in the language: secret simultaneous choices (`secretly choose`), private
values (`var ..., owner|hidden`), and the checker that refuses rules that would leak them."""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

import pytest

from interpreter.bots.sampling import sample_game
from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import HIDDEN, Game, save_integrity
from interpreter.engine.visibility import seen_score
from interpreter.language.errors import IllegalMove, RulesetErrors, SaveFileError
from interpreter.language.parser import parse_rules
from interpreter.language.render import render_stmt_head
from interpreter.play.display import load_display

from .conftest import ROOT

MANIFEST = 'name: "Sealed"\nplayers: [2, 3]\nrules:\n  - game.rules\n'

SEALED_BIDS = """
var coins[player] "coins in hand" = 5, owner
var paid[player] "coins paid" = 0
var plan "a secret plan nobody sees" = 3, hidden

procedure play():
    1. secretly choose bid from numbers(0, coins[p]) by each player p "how much do you bid?"
    2. for each player p:
        coins[p] -= bid[p]
        paid[p] += bid[p]
    3. log "the highest bid is {max bid[p] for each player p}"
    end game "one round only"

define score(p) = paid[p] + coins[p]
"""


def write(tmp_path: Path, rules: str) -> Path:
    (tmp_path / "ruleset.yaml").write_text(MANIFEST, encoding="utf-8")
    (tmp_path / "game.rules").write_text(textwrap.dedent(rules), encoding="utf-8")
    return tmp_path


def errors_of(tmp_path: Path, rules: str) -> str:
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset(write(tmp_path, rules))
    return str(caught.value)


@pytest.fixture
def sealed(tmp_path):
    return load_ruleset(write(tmp_path, SEALED_BIDS))


# ------------------------------------------------------------------ secret choices
def test_each_player_is_asked_in_turn_and_sees_only_their_own_choice(sealed):
    game = sealed.new_game(3, 1)
    assert game.decision().player == "P1" and game.decision().secret
    game.apply(4)
    assert game.decision().player == "P2"
    assert game.view("P1")["secret"]["chosen"] == {"P1": 4}
    assert game.view("P2")["secret"]["chosen"] == {"P1": HIDDEN}
    assert game.view("P3")["secret"] == {"who": ["P1", "P2", "P3"], "chosen": {"P1": HIDDEN}}
    assert all(4 not in frame[2] for frame in game.stack)  # not in any local's slot
    assert game.events == ["Player 1 has chosen."]


def test_all_choices_are_revealed_together_then_the_rules_read_them(sealed):
    game = sealed.new_game(2, 1)
    game.apply(2)
    game.apply(5)
    assert game.events == ["Player 1 has chosen.", "Player 2 has chosen.",
                           "All have chosen (how much do you bid?).",
                           "Revealed: Player 1: 2; Player 2: 5.",
                           "the highest bid is 5", "Game end: one round only."]
    assert game.V["coins"] == {"P1": 3, "P2": 0}
    assert "secret" not in game.state and "secret" not in game.view("P1")


def test_an_illegal_secret_choice_is_refused_and_changes_nothing(sealed):
    game = sealed.new_game(2, 1)
    before = game.state_hash()
    assert game.legal_options() == [0, 1, 2, 3, 4, 5]
    assert "not a legal choice" in game.why_illegal(9)
    with pytest.raises(IllegalMove):
        game.apply(9)
    assert game.state_hash() == before and game.decision().player == "P1"


def test_a_save_in_the_middle_of_a_secret_choice_plays_on_the_same(sealed):
    game = sealed.new_game(2, 1)
    game.apply(3)
    copy = Game.from_save(sealed, json.loads(json.dumps(game.to_save())))
    assert copy.state["secret"] == {"who": ["P1", "P2"], "chosen": {"P1": 3}}
    game.apply(1)
    copy.apply(1)
    assert copy.state_hash() == game.state_hash() and copy.events == game.events


def test_a_save_with_a_damaged_secret_choice_is_refused(sealed):
    game = sealed.new_game(2, 1)
    game.apply(3)
    data = json.loads(json.dumps(game.to_save()))
    data["state"]["secret"]["chosen"]["P9"] = 1
    data["state_hash"] = save_integrity(data)  # damaged on purpose, hash made to match
    with pytest.raises(SaveFileError, match="secret choice"):
        Game.from_save(sealed, data)


def test_a_bot_sample_chooses_the_others_choices_anew(sealed):
    """P2 saw that P1 chose, not what: the sample has P1 choose again, at random among P1's
    options in the sample, and P2 decides as in the game."""
    game = sealed.new_game(2, 1)
    game.apply(5)
    chosen = set()
    for seed in range(20):
        sample = sample_game(game, "P2", random.Random(seed))
        assert sample.view("P2") == game.view("P2")
        assert sample.decision().player == "P2"
        chosen.add(sample.state["secret"]["chosen"]["P1"])
    assert len(chosen) > 1 and chosen <= set(range(6))
    mine = sample_game(game, "P1", random.Random(1))
    assert mine.state["secret"]["chosen"] == {"P1": 5}


def test_the_statement_reads_back_as_written():
    tree = parse_rules(textwrap.dedent(SEALED_BIDS), "game.rules")
    play = next(d for d in tree.decls if getattr(d, "name", "") == "play")
    assert render_stmt_head(play.body[0]) == (
        'secretly choose bid from numbers(0, coins[p]) by each player p "how much do you bid?"')


def test_only_some_players_may_choose_secretly(tmp_path):
    ruleset = load_ruleset(write(tmp_path, """
        procedure play():
            secretly choose x from [1, 2] by each player p where p != P1 "pick"
            log "{x[P2]}"
            end game
        """))
    game = ruleset.new_game(2, 1)
    assert game.decision().player == "P2"
    game.apply(2)
    assert "Revealed: Player 2: 2." in game.events and game.over


# ------------------------------------------------------------------ private values
def test_a_private_value_is_seen_by_its_owner_only_until_the_end(sealed):
    game = sealed.new_game(2, 1)
    assert game.view("P1")["vars"]["coins"] == {"P1": 5, "P2": HIDDEN}
    assert game.view("P2")["vars"]["coins"] == {"P1": HIDDEN, "P2": 5}
    assert game.view("P1")["vars"]["plan"] == HIDDEN
    assert game.view("P1")["vars"]["paid"] == {"P1": 0, "P2": 0}
    game.apply(1)
    game.apply(2)
    assert game.over and game.view("P1")["vars"]["coins"] == {"P1": 4, "P2": 3}


def test_a_sample_gives_unseen_private_values_their_start_value(sealed):
    game = sealed.new_game(2, 1)
    game.V["coins"]["P2"] = 1
    game.V["plan"] = 9
    sample = sample_game(game, "P1", random.Random(1))
    assert sample.V["coins"] == {"P1": 5, "P2": 5} and sample.V["plan"] == 3


def test_a_score_of_private_values_shows_as_hidden_to_others(sealed):
    game = sealed.new_game(2, 1)
    assert seen_score(game, "P1", "P1") == 5
    assert seen_score(game, "P1", "P2") == HIDDEN
    assert seen_score(game, "P1", None) == HIDDEN
    board = load_display(sealed).board(game, None)
    assert "coins in hand: Player 1 ?, Player 2 ?" in board
    assert "scores: Player 1 ?, Player 2 ?" in board
    assert "waiting: Player 1, Player 2" in board


@pytest.mark.parametrize(("decl", "message"), [
    ('var x = 0, top', "has no top"),
    ('var x = 0, owner', "first index must be 'player'"),
])
def test_a_private_value_must_say_who_sees_it(tmp_path, decl, message):
    text = errors_of(tmp_path, f"{decl}\nprocedure play():\n    end game\n")
    assert message in text and "game.rules:1:" in text


# ------------------------------------------------------------------ no leak
LEAK_BASE = """
component card(value: 1..5) "a card":
    count 1
    start in deck
zone deck "the deck": stack of card, hidden
zone hand[player] "hand": pile of card, owner
var secret_total[player] = 0, owner
"""


def test_a_log_line_may_not_show_a_hidden_card(tmp_path):
    text = errors_of(tmp_path, LEAK_BASE + """
procedure play():
    log "the deck ends with {top(deck)}"
    end game
""")
    assert "game.rules:10:5" in text and "read by every player" in text and "'deck'" in text


def test_a_log_line_may_not_show_a_private_value_through_a_function(tmp_path):
    text = errors_of(tmp_path, LEAK_BASE + """
define total(p) = secret_total[p] + 1
procedure play():
    log "{P1} has {total(P1)}"
    end game
""")
    assert "'secret_total'" in text


def test_a_variable_everybody_sees_may_not_be_set_from_a_private_value(tmp_path):
    text = errors_of(tmp_path, LEAK_BASE + """
var shown[player] = 0
procedure play():
    shown[P2] = secret_total[P2] + size(hand[P2])
    end game
""")
    assert "game.rules:11:5" in text and "'shown' is a variable every player sees" in text
    assert "'secret_total'" in text
    ruleset = load_ruleset(write(tmp_path, LEAK_BASE + """
var shown[player] = 0
var kept[player] = 0, owner
procedure play():
    shown[P2] = size(hand[P2])
    kept[P2] = secret_total[P2]
    end game
"""))  # a count is public; a private value may go into another private one
    assert ruleset.program.vars["kept"]


def test_counts_of_hidden_zones_and_the_final_scoring_may_be_logged(tmp_path):
    ruleset = load_ruleset(write(tmp_path, LEAK_BASE + """
procedure play():
    log "{size(deck)} cards in the deck, {P1} holds {size(hand[P1])}"
    end game
procedure final_scoring():
    log "the deck: {kinds(deck)}"
"""))
    assert ruleset.new_game(2, 1).events[0] == "5 cards in the deck, Player 1 holds 0"


def test_a_local_with_a_hidden_card_may_not_live_across_a_decision(tmp_path):
    text = errors_of(tmp_path, LEAK_BASE + """
procedure play():
    1. let next = top(deck)
    2. choose go from [1, 2] by P2 "go on?"
    3. move 1 of next from deck to hand[P1]
    end game
""")
    assert "game.rules:12:18" in text and "'next' holds what some players may not see" in text


def test_a_local_with_a_hidden_card_used_before_any_decision_is_fine(tmp_path):
    ruleset = load_ruleset(write(tmp_path, LEAK_BASE + """
procedure play():
    1. let next = top(deck)
    2. move 1 of next from deck to hand[P1]
    3. choose go from [1, 2] by P2 "go on?"
    4. let next = top(deck)
    5. move 1 of next from deck to hand[P2]
    end game
"""))
    game = ruleset.new_game(2, 1)
    game.apply(1)
    assert game.over


def test_a_loop_may_not_carry_a_hidden_card_into_its_next_turn(tmp_path):
    text = errors_of(tmp_path, LEAK_BASE + """
procedure play():
    let held = none
    loop:
        if held != none:
            move 1 of held from deck to hand[P1]
        held = top(deck)
        choose go from [1, 2] by P2 "go on?"
""")
    assert "'held' holds what some players may not see" in text


def test_the_top_piece_of_a_zone_seen_top_may_be_logged(tmp_path):
    rules = """
component card(value: 1..5) "a card":
    count 1
    start in pile
zone pile "the discard pile": stack of card, top
procedure play():
    log "{top(pile)} lies on top"
    end game
"""
    game = load_ruleset(write(tmp_path, rules)).new_game(2, 1)
    assert game.events[0].endswith("lies on top")
    text = errors_of(tmp_path, rules.replace("{top(pile)}", "{kinds(pile)}"))
    assert "'pile'" in text


def test_a_display_file_may_not_show_a_private_value_on_the_board(tmp_path):
    write(tmp_path, LEAK_BASE + "procedure play():\n    end game\n")
    (tmp_path / "ruleset.yaml").write_text(MANIFEST + "display: display.yaml\n", encoding="utf-8")
    display = (
        "blocks:\n"
        "  table:\n"
        '    title: "The table"\n'
        "    lines:\n"
        '      - "deck: {size(deck)} cards"\n'
        '      - "secret: {secret_total[P1]}"\n'
        "text:\n"
        "  below: [table]\n"
        "private:\n"
        '  lines: ["{kinds(hand[viewer])} {secret_total[viewer]}"]\n')
    (tmp_path / "display.yaml").write_text(display, encoding="utf-8")
    with pytest.raises(RulesetErrors) as caught:
        load_display(load_ruleset(tmp_path))
    message = str(caught.value)
    assert "block 'table' is seen by every player" in message and "'secret_total'" in message
    assert "display.yaml:6:" in message and "'deck'" not in message
    (tmp_path / "display.yaml").write_text(display.replace("{secret_total[P1]}", "hidden"),
                                           encoding="utf-8")
    assert load_display(load_ruleset(tmp_path)).private is not None


def test_the_options_of_a_choice_may_show_only_what_the_chooser_sees(tmp_path):
    text = errors_of(tmp_path, LEAK_BASE + """
procedure play():
    choose c from kinds(hand[P2]) by P1 "which of the other hand?"
    end game
""")
    assert "game.rules:10:5" in text and "show P1 what they may not see ('hand')" in text
    text = errors_of(tmp_path, LEAK_BASE + """
procedure play():
    secretly choose c from kinds(deck) by each player p "which card of the deck?"
    end game
""")
    assert "show p what they may not see ('deck')" in text


def test_a_choice_among_ones_own_cards_is_fine(tmp_path):
    ruleset = load_ruleset(write(tmp_path, LEAK_BASE + """
procedure play():
    for each player p:
        move 2 from deck to hand[p]
    secretly choose c from kinds(hand[p]) by each player p "which card?"
    choose n from numbers(1, size(deck)) by P1 "how many?"
    end game
"""))
    game = ruleset.new_game(2, 1)
    assert game.decision().secret


def test_a_spectator_sees_no_private_value_on_the_board_or_the_picture():
    """`rules show` without --as, and the picture `rules play --svg` writes, are drawn for a
    spectator: games that differ only in a private value look the same."""
    ruleset = load_ruleset(ROOT / "rulesets" / "tutorial" / "photo-finish")
    game = ruleset.new_game(3, 3)
    game.apply(game.decision().options[0])
    twin = game.clone()
    twin.V["lucky"] = {**twin.V["lucky"], "P1": twin.V["lucky"]["P1"] % 5 + 1}
    twin.forget()
    display = load_display(ruleset)
    for draw in (display.board, display.to_svg):
        assert draw(game, None) == draw(twin, None)
    assert display.board(game, "P1") != display.board(twin, "P1")  # its owner sees it
