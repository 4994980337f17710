"""Showing a zone or a value to some players (issue 34): `show WHAT to PLAYERS`, and
`secretly choose ... shown to`. The worked examples of docs/language.md (a peek, a secret
comparison, the Hearts pass of face-down cards that the receiver then knows, a pass of one card
chosen by all at once) are loaded from the page and played; the check accepts them and refuses
each way they could leak, at its place; the migration note's old spellings are refused with its
messages and its new ones load."""

from __future__ import annotations

import random
import re

import pytest

from interpreter.engine.ruleset import load_ruleset

from .conftest import ROOT
from .test_language_errors import error_of, write
from .test_private_choices import BASE as PRIVATE_BASE

DOC = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
MANIFEST = "name: Showing\nplayers: [3]\nrules: [game.rules]\n"


def section(heading: str) -> str:
    start = DOC.index(heading)
    end = DOC.find("\n#", start + len(heading))
    return DOC[start:end if end >= 0 else None]


def blocks(heading: str) -> list[str]:
    return re.findall(r"```rules\n(.*?)```", section(heading), re.S)


SHOWING = blocks("### Showing a zone or a value to some players: `show`")
DECLARATIONS, PEEK, COMPARE, PASS = SHOWING
PASS_ONE = next(b for b in blocks("### Choose secretly, all at once") if "shown to" in b)
SETUP = """\
procedure setup():
    shuffle deck
    for each player p:
        move 4 from deck to hand[p]
"""
PLAY = """\
procedure play():
    peek(P1)
    compare(P2, P3)
    pass_cards()
    pass_one()
    end game "the examples are over"
"""


def showing_rules(passing: str = PASS) -> str:
    return "\n".join([DECLARATIONS, PEEK, COMPARE, passing, PASS_ONE, SETUP, PLAY])


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def examples(folder):
    write(folder, showing_rules(), MANIFEST)
    return load_ruleset(folder)


def play_out(game, seed: int) -> list[tuple[str, list]]:
    """Random decisions to the end; (player, hand as they chose) of every pass decision."""
    rng, asked = random.Random(seed), []
    while not game.over:
        decision = game.decision()
        if "pass" in decision.prompt:
            asked.append((decision.player, decision.prompt, len(game.told)))
        game.apply(rng.choice(decision.options))
    return asked


def test_the_docs_show_the_three_patterns_and_the_check_accepts_them(examples):
    assert "show hand[q] to p" in PEEK
    assert "show hand[q] to p" in COMPARE and "show hand[p] to q" in COMPARE
    assert "show passing[p] to next_player(p)" in PASS
    assert "received[next_player(p)] = kinds(passing[p])" in PASS
    assert examples.program.warnings == []


def test_a_peek_is_told_to_the_looker_only(examples):
    game = examples.new_game(3, 1)
    decision = game.decision()
    assert decision.player == "P1" and decision.prompt == "whose hand do you look at?"
    hand = dict(game.state["zones"]["hand"]["P2"])
    game.apply("P2")
    line = "hand[Player 2]: " + ", ".join(game.label(k) for k, n in hand.items()
                                          for _ in range(n))
    assert game.told[0][:2] == (["P1"], line)  # then the comparison of P2 and P3 shows more
    assert game.log_for("P1")[:2] == [line, "Player 1 looks at Player 2's hand"]
    assert line not in game.events


def test_a_secret_comparison_shows_each_the_other_hand(examples):
    game = examples.new_game(3, 2)
    hands = {p: dict(game.state["zones"]["hand"][p]) for p in ("P2", "P3")}
    game.apply("P2")  # the peek of P1
    told = {tuple(who): line for who, line, _ in game.told}
    assert told[("P2",)].startswith("hand[Player 3]: ")
    assert told[("P3",)].startswith("hand[Player 2]: ")
    values = {p: sum(int(k[5:-1]) * n for k, n in h.items()) for p, h in hands.items()}
    compared = next(line for line in game.events if "compare hands" in line)
    lower = [p for p in values if values[p] < max(values.values())]
    assert compared.endswith(f"out of the round: {', '.join(game.label(p) for p in lower)}")


def test_the_hearts_pass_shows_the_cards_to_the_receiver_after_all_have_chosen(examples):
    for seed in range(4):
        game = examples.new_game(3, seed)
        asked = play_out(game, seed)
        threes = [a for a in asked if "of 3" in a[1]]
        assert [p for p, _, _ in threes] == ["P1"] * 3 + ["P2"] * 3 + ["P3"] * 3
        last_choice = threes[-1][2]
        shown = [(who, line) for who, line, _ in game.told if line.startswith("passing[")]
        assert len(shown) == 3
        assert game.told.index(next(t for t in game.told if t[1] == shown[0][1])) >= last_choice
        for who, line in shown:
            giver = {"P2": "P1", "P3": "P2", "P1": "P3"}[who[0]]
            assert who == [game.following[giver]]
            assert line.startswith(f"passing[{game.label(giver)}]: ")
            assert line.count(",") == 2  # three cards, told to the receiver only


def test_the_hearts_pass_records_what_the_receiver_knows_in_their_view(examples):
    game = examples.new_game(3, 7)
    rng = random.Random(7)
    while "of 3" in game.decision().prompt:
        game.apply(rng.choice(game.decision().options))
    passing = {p: dict(game.state["zones"]["passing"][p]) for p in game.players}
    game.apply(game.decision().options[0])  # the first decision after the pass
    for giver, cards in passing.items():
        receiver = game.following[giver]
        seen = game.view(receiver)["vars"]["received"]
        assert sorted(seen[receiver]) == sorted(k for k, n in cards.items() for _ in range(n))
        assert seen[giver] == "?"


def test_a_pass_chosen_by_all_at_once_is_revealed_to_the_giver_and_the_receiver(examples):
    game = examples.new_game(3, 3)
    rng = random.Random(3)
    while game.decision().prompt != "which card do you pass to the left?":
        game.apply(rng.choice(game.decision().options))
    chosen, told = {}, len(game.told)
    for p in game.players:
        decision = game.decision()
        assert decision.player == p and decision.secret
        assert len(game.told) == told  # nothing is told before all have chosen
        chosen[p] = decision.options[0]
        game.apply(chosen[p])
    assert not any(line.startswith("Revealed") for line in game.events)
    for p, card in chosen.items():
        receiver = game.following[p]
        line = f"{game.label(p)} chose {game.label(card)} (shown to {game.label(p)}, " \
               f"{game.label(receiver)})."
        readers = [q for q in game.players if line in game.log_for(q)]
        assert readers == sorted([p, receiver])


@pytest.mark.parametrize(("change", "message", "hint"), [
    (("        show passing[p] to next_player(p)\n", ""),
     "'received[next_player(p)]' is seen by next_player(p) only, but this sets it from what "
     "next_player(p) may not see ('passing[p]')",
     "write 'show passing[p] to next_player(p)' on the line before"),
    (("show passing[p] to next_player(p)", "show passing[p] to p"),
     "'received[next_player(p)]' is seen by next_player(p) only", None),
    (("        move all from",
      '        log "{p} passes {kinds(passing[p])}"\n        move all from'),
     "this log line is read by every player but shows what some may not see ('passing')", None),
    (("        move all from", '        tell previous_player(p) "{kinds(passing[p])}"\n'
                                "        move all from"),
     "this line is told to previous_player(p) but shows what they may not see ('passing[p]')",
     None),
    (("        received[", '        choose x from [1, 2] by p "go on?"\n        received['),
     "'received[next_player(p)]' is seen by next_player(p) only", None),
])
def test_the_leaking_variants_of_the_hearts_pass_are_refused(folder, change, message, hint):
    old, new = change
    assert old in PASS
    rules = showing_rules(PASS.replace(old, new))
    text = error_of(folder, rules, MANIFEST)
    line = rules.splitlines().index(next(x for x in rules.splitlines() if (
        "received[next_player" in x if "received" in message else
        "log \"{p} passes" in x if "log line" in message else "tell previous" in x))) + 1
    assert text.startswith(f"game.rules:{line}:9: {message}"), text
    assert "Traceback" not in text
    if hint:
        assert hint in text


def test_a_secret_choice_shown_to_some_reaches_no_log_line_nor_another_player(folder):
    logged = PASS_ONE + '    3. log "{c[P1]} was passed"\n'
    text = error_of(folder, showing_rules().replace(PASS_ONE, logged), MANIFEST)
    assert "this log line is read by every player but shows what some may not see " \
           "('c (chosen secretly, shown to some)')" in text
    told = PASS_ONE + '    3. tell previous_player(P1) "{c[P1]}"\n'
    text = error_of(folder, showing_rules().replace(PASS_ONE, told), MANIFEST)
    assert "this line is told to previous_player(P1) but shows what they may not see " \
           "('c[P1]')" in text
    fine = PASS_ONE + '    3. tell next_player(P1) "{P1} passed you {c[P1]}"\n'
    write(folder, showing_rules().replace(PASS_ONE, fine), MANIFEST)
    load_ruleset(folder)


def test_what_was_shown_to_a_player_may_be_told_to_them(folder):
    told = PEEK.replace('    3. log', '    3. tell p "{q} holds {join(kinds(hand[q]), \\", \\")}"\n'
                                     '    4. log')
    write(folder, showing_rules().replace(PEEK, told), MANIFEST)
    game = load_ruleset(folder).new_game(3, 1)
    game.apply("P3")
    assert any(line.startswith("Player 3 holds ") for line in game.log_for("P1"))
    unshown = PEEK.replace("    2. show hand[q] to p\n", "").replace(
        '    3. log', '    3. tell p "{q} holds {join(kinds(hand[q]), \\", \\")}"\n    4. log')
    text = error_of(folder, showing_rules().replace(PEEK, unshown), MANIFEST)
    assert "this line is told to p but shows what they may not see ('hand[q]')" in text
    assert "write 'show hand[q] to p' on the line before" in text
    assert "`show hand[p] to q` first" in DOC  # the table of messages says what to write


def test_show_is_a_reserved_word(folder):
    text = error_of(folder, "var show = 1\nprocedure play():\n    pass\n", MANIFEST)
    assert text.startswith("game.rules:1:5: 'show' is a reserved word and cannot be a name")


# ------------------------------------------------------------------ the migration note
MIGRATION_BASE = PRIVATE_BASE + "zone sealed[player]: pile of card, owner\n" \
                                "var spy[player] = [], owner\n"
MIGRATIONS = [  # (the old rules, the message of the note, the new rules)
    ("define best(p) = top(hand[p])\nprocedure play():\n    pass\n",
     "'hand' is a pile: a pile has no top",
     "define best(p) = first each c in hand[p]\nprocedure play():\n    pass\n"),
    ("procedure play():\n    move 1 from hand[P1] to table\n",
     "'hand' is a pile of several kinds: say which kind to move",
     "procedure play():\n    move 1 of first each c in hand[P1] from hand[P1] to table\n"),
    ("var count = 0\nprocedure play():\n    pass\n",
     "'count' is a reserved word and cannot be a name",
     "var count_ = 0\nprocedure play():\n    pass\n"),
    ('procedure play():\n    choose n from [1, 2] by P1 "one {or} two?"\n',
     "unknown name 'or'",
     'procedure play():\n    choose n from [1, 2] by P1 "one or two?"\n'),
    ("procedure play():\n    for each player p:\n        spy[p] = kinds(hand[next_player(p)])\n",
     "'spy[p]' is seen by p only, but this sets it from what p may not see "
     "('hand[next_player(p)]')",
     "procedure play():\n    for each player p:\n        show hand[next_player(p)] to p\n"
     "        spy[p] = kinds(hand[next_player(p)])\n"),
    ('procedure play():\n    for each player p:\n        log "{p} offers {kinds(sealed[p])}"\n',
     "this log line is read by every player but shows what some may not see ('sealed')",
     'procedure play():\n    for each player p:\n        tell p "you offer {kinds(sealed[p])}"\n'),
    ('procedure play():\n    let card = top(deck)\n    choose keep from [true, false] by P1 "keep?"'
     "\n    move 1 of card from deck to hand[P1]\n",
     "'card' holds what some players may not see ('deck') and is used after the rules waited "
     "for a decision",
     'procedure play():\n    choose keep from [true, false] by P1 "keep?"\n'
     "    move top from deck to hand[P1]\n"),
]


@pytest.mark.parametrize(("old", "message", "new"), MIGRATIONS)
def test_the_migration_note_old_spelling_refused_new_one_loads(folder, old, message, new):
    note = section("**Migrating a ruleset that the stricter checks refuse.**")
    assert message.split(" (")[0].split(": say")[0] in note or message in note, message
    manifest = "name: M\nplayers: [3]\nrules: [game.rules]\n"
    text = error_of(folder, MIGRATION_BASE + old, manifest)
    assert message in text and "Traceback" not in text
    assert re.match(r"game\.rules:\d+:\d+: ", text)
    write(folder, MIGRATION_BASE + new, manifest)
    load_ruleset(folder)


def test_the_hint_names_a_private_choice_as_the_rules_write_it(folder):
    told = PASS_ONE + '    3. tell previous_player(P1) "{c[P1]}"\n'
    text = error_of(folder, showing_rules().replace(PASS_ONE, told), MANIFEST)
    assert "write 'show c[P1] to previous_player(P1)' on the line before" in text
    peeked = PEEK.replace("    2. show hand[q] to p\n", "    2. privately choose k from "
                          "kinds(hand[p]) by p \"which?\"\n").replace(
        '    3. log', '    3. tell q "{k}"\n    4. log')
    text = error_of(folder, showing_rules().replace(PEEK, peeked), MANIFEST)
    assert "write 'show k to q' on the line before" in text
