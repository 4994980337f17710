"""The generated code computes what the rules say, no more: what every item of a query uses is
computed once, but never where the rules would not have computed it (so no new error), and
nothing drawn at random is shared between items."""

from __future__ import annotations

import random

import pytest

from interpreter import GameRuleError, load_ruleset

from .conftest import TINY_RULES, play_random, write_tiny


def play_out(game, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.decision().options))


def with_rules(tmp_path, extra: str, statements: str):
    """The tiny game with declarations added and statements at the end of its play loop."""
    body = "".join(f"    {line}\n" for line in statements.splitlines())
    rules = TINY_RULES.replace("var turns = 0", "var turns = 0\n" + extra)
    # hands in sight: these statements score from them, which a secret hand would forbid
    rules = rules.replace("zone hand[player]: pile of card, owner",
                          "zone hand[player]: pile of card, public")
    rules = rules.replace("    turns += 1\n", "    turns += 1\n" + body)
    return load_ruleset(write_tiny(tmp_path / "t", rules))


def test_a_part_guarded_by_and_is_not_computed_for_nothing(tmp_path):
    # `none.suit` would be an error: it is only computed when `held != none`.
    ruleset = with_rules(tmp_path, "var held = none\n"
                         "define matching(p) = count each k in hand[p] where "
                         "held != none and k.suit == held.suit\n",
                         "vp[p] += matching(p)")
    game = ruleset.new_game(2, 1)
    play_out(game)
    assert game.over


def test_a_query_over_nothing_computes_nothing(tmp_path):
    # The hand of nobody is empty: `held.suit` (an error for none) must not be computed.
    ruleset = with_rules(tmp_path, "var held = none\nzone nothing: pile of card\n"
                         "define matching() = count each k in nothing where "
                         "k.suit == held.suit\n",
                         "vp[p] += matching()")
    game = ruleset.new_game(2, 1)
    play_out(game)
    assert game.over


def test_a_part_used_by_every_item_still_reports_its_error(tmp_path):
    ruleset = with_rules(tmp_path, "var held = none\n"
                         "define matching(p) = count each k in hand[p] where "
                         "k.suit == held.suit\n",
                         "vp[p] += matching(p)")
    with pytest.raises(GameRuleError):
        play_out(ruleset.new_game(2, 1))


def test_a_random_draw_in_a_condition_is_drawn_for_every_item(tmp_path):
    """`random each ...` inside a condition is drawn once per item, as written: the same
    game as a rule that draws in a loop, one draw per item."""
    drawn = with_rules(tmp_path / "a", "",
                       "vp[p] += count each i in [1, 2, 3] where "
                       "(random each x in [1, 2, 3, 4, 5, 6]) > 3")
    looped = with_rules(tmp_path / "b", "",
                        "let n = 0\n"
                        "for each i in [1, 2, 3]:\n"
                        "  if (random each x in [1, 2, 3, 4, 5, 6]) > 3:\n"
                        "    n += 1\n"
                        "vp[p] += n")
    a, b = drawn.new_game(2, 4), looped.new_game(2, 4)
    play_out(a)
    play_out(b)
    assert a.scores() == b.scores()
    assert a.state["rng"] == b.state["rng"]


@pytest.mark.parametrize("statement, expect", [
    ("move all from hand[p] to hand[p]", "same"),      # onto itself: nothing changes
    ("move all from hand[p] to table", "table"),
    ("move all of c from hand[p] to deck at bottom", "deck"),
    ("move up to 9 of c from hand[p] to table", "table"),
])
def test_the_short_paths_of_move_keep_every_piece(tmp_path, statement, expect):
    """Every card stays somewhere (the short paths for the usual moves lose nothing)."""
    ruleset = with_rules(tmp_path, "", statement)
    game = ruleset.new_game(2, 3)
    game.apply(game.decision().options[0])
    zones = game.state["zones"]
    total = (len(zones["deck"]) + sum(zones["table"].values())
             + sum(sum(h.values()) for h in zones["hand"].values()))
    assert total == 12
    if expect == "same":
        assert sum(zones["hand"]["P1"].values()) == 3


@pytest.mark.parametrize("define, same, renamed", [
    # the caller's query names its item like the zone the function reads
    ("define cards_of(p) = size(hand[p])\n"
     "define hidden(p) = count each hand in [1, 2] where cards_of(p) > 2\n"
     "define plain(p) = count each x in [1, 2] where cards_of(p) > 2",
     "vp[p] += hidden(p)", "vp[p] += plain(p)"),
    # the caller passes a name that the function's own query binds
    ("define has_suit(p, s) = any k in kinds(hand[p]) where k.suit == s",
     "vp[p] += count each k in [red, blue] where has_suit(p, k)",
     "vp[p] += count each x in [red, blue] where has_suit(p, x)"),
    # a function that only calls a builtin reading the game (the order of the players)
    ("define after(p) = next_player(p)",
     "vp[p] += count each player x where after(x) == p",
     "vp[p] += count each player y where next_player(y) == p"),
])
def test_a_small_function_means_the_same_wherever_it_is_used(tmp_path, define, same, renamed):
    """Small functions are copied into their callers; names must keep their meaning."""
    a = with_rules(tmp_path / "a", define + "\n", same).new_game(2, 6)
    b = with_rules(tmp_path / "b", define + "\n", renamed).new_game(2, 6)
    play_out(a)
    play_out(b)
    assert a.scores() == b.scores()
    assert a.scores() != {"P1": 0, "P2": 0}


def test_any_and_every_of_an_attribute_agree_with_a_loop(tmp_path):
    """`any k in PILE where k.suit == s` (and `every ... where s != k.suit`) is one
    membership test in generated code: it gives what a loop over the cards gives (the table
    is empty at first, then holds one suit, then both)."""
    ruleset = with_rules(tmp_path, "var hits = 0\nvar misses = 0\nvar wrong = 0\n"
                         "define has_suit(s) = any k in table where k.suit == s\n"
                         "define lacks_suit(s) = every k in table where s != k.suit\n",
                         "for each s in suit:\n"
                         "  let found = false\n"
                         "  for each k in kinds(table):\n"
                         "    if k.suit == s:\n"
                         "      found = true\n"
                         "  if found:\n"
                         "    hits += 1\n"
                         "  else:\n"
                         "    misses += 1\n"
                         "  if has_suit(s) != found or lacks_suit(s) == found:\n"
                         "    wrong += 1")
    game = ruleset.new_game(2, 5)
    play_out(game)
    found = game.state["vars"]
    assert found["hits"] > 0 and found["misses"] > 0
    assert found["wrong"] == 0


def test_an_if_that_only_logs_plays_the_same_game_with_the_log_off(tmp_path):
    """With the log off, an `if` that only writes log lines is not computed, unless its
    condition draws at random: the game is the same with the log on or off."""
    ruleset = with_rules(tmp_path, "",
                         "if (random each x in [1, 2, 3]) > 1:\n"
                         "  log \"a high draw\"\n"
                         "if size(hand[p]) > 2:\n"
                         "  log \"{p} holds {size(hand[p])} cards\"\n"
                         "else:\n"
                         "  log \"{p} holds few cards\"")
    on, off = ruleset.new_game(2, 7), ruleset.new_game(2, 7, logging=False)
    play_out(on)
    play_out(off)
    assert any("high draw" in line for line in on.events)
    assert any("cards" in line for line in on.events)
    assert off.events == [] or not any("cards" in line for line in off.events)
    assert on.state["draws"] == off.state["draws"] and on.scores() == off.scores()


def test_count_above_zero_still_draws_for_every_item(tmp_path):
    """`count ... > 0` may stop at the first item that counts, but not when it draws."""
    counted = with_rules(tmp_path / "a", "",
                         "if (count each i in [1, 2, 3] where "
                         "(random each x in [1, 2, 3, 4, 5, 6]) > 3) > 0:\n"
                         "  vp[p] += 1")
    looped = with_rules(tmp_path / "b", "",
                        "let n = 0\n"
                        "for each i in [1, 2, 3]:\n"
                        "  if (random each x in [1, 2, 3, 4, 5, 6]) > 3:\n"
                        "    n += 1\n"
                        "if n > 0:\n"
                        "  vp[p] += 1")
    a, b = counted.new_game(2, 8), looped.new_game(2, 8)
    play_out(a)
    play_out(b)
    assert a.state["rng"] == b.state["rng"]
    assert a.scores() == b.scores()


def test_procedures_deeper_than_python_calls_them_wait_and_resume(tmp_path):
    """Beyond a few dozen frames, calls go through the runtime loop: a decision 200 calls deep
    waits, is answered, and every frame above it finishes its work."""
    ruleset = with_rules(tmp_path, "var depth = 0\n"
                         "procedure down(n: number):\n"
                         "  if n > 0:\n"
                         "    depth += 1\n"
                         "    down(n - 1)\n"
                         "    depth -= 1\n"
                         "  else:\n"
                         '    choose x from [1, 2] by P1 "pick"\n'
                         "    vp[P1] += x\n",
                         "down(200)")
    game = ruleset.new_game(2, 1)
    game.apply(game.decision().options[0])  # the card of the first turn
    assert game.decision().prompt == "pick"
    assert len(game.state["stack"]) > 200
    assert game.V["depth"] == 200
    before = game.V["vp"]["P1"]
    game.apply(2)
    assert game.V["vp"]["P1"] == before + 2
    assert game.V["depth"] == 0


def test_a_procedure_that_calls_itself_without_end_is_stopped(tmp_path):
    ruleset = with_rules(tmp_path, "procedure forever():\n"
                         '  choose x from [1] by P1 "pick"\n'
                         "  forever()\n",
                         "forever()")
    game = ruleset.new_game(2, 1)
    with pytest.raises(GameRuleError, match="deep"):
        game.apply(game.decision().options[0])


def test_a_trigger_that_asks_waits_and_the_rule_that_emitted_goes_on_after_it(tmp_path):
    """Triggers run in order after `emit`; one that asks for a decision waits, the emitting
    rule resumes after all of them; a trigger's `when` is checked each time."""
    ruleset = with_rules(tmp_path, "var order = []\n"
                         "trigger ask_bonus after scored(q):\n"
                         '  choose x from [1, 2] by q "bonus?"\n'
                         "  vp[q] += x\n"
                         "  order = order + [\"ask\"]\n"
                         "trigger note after scored(q) when turns < 2:\n"
                         "  order = order + [\"note\"]\n",
                         'emit scored(p)\norder = order + ["after"]')
    game = ruleset.new_game(2, 1)
    game.apply(game.decision().options[0])  # play a card: the loop emits `scored`
    assert game.decision().prompt == "bonus?"
    game.apply(2)
    assert game.V["order"] == ["ask", "note", "after"]
    game.apply(game.decision().options[0])  # the next player's card
    game.apply(1)
    assert game.V["order"] == ["ask", "note", "after", "ask", "after"]  # turns >= 2: no note


@pytest.mark.parametrize("extra, statements, wrong", [
    ("", "vp[p] += 1\nvp[p] += 1 // (turns - turns)", "vp[p] += 1 // (turns - turns)"),
    ("define broken(p) = vp[p] // 0\n", "let a = 1\nvp[p] += broken(p)", "vp[p] += broken(p)"),
    ("procedure helper(q: player):\n  let a = 2\n  vp[q] += a // 0\n", "helper(p)",
     "vp[q] += a // 0"),
])
def test_a_run_time_error_is_placed_at_its_statement(tmp_path, extra, statements, wrong):
    """Generated code runs statements in long straight runs; an error still names the
    statement it happened in (through a function: the statement that called it)."""
    ruleset = with_rules(tmp_path, extra, statements)
    game = ruleset.new_game(2, 1)
    with pytest.raises(GameRuleError) as info:
        game.apply(game.decision().options[0])
    lines = (tmp_path / "t" / "game.rules").read_text(encoding="utf-8").splitlines()
    assert lines[info.value.loc.line - 1].strip() == wrong
    assert "division by zero" in info.value.message


PER_ITEM = ("var mismatches = 0\nvar seen = 0\nvar small = [1]\n"
            "define over(p, n) = vp[p] >= n\n"
            "define hits(p) = count each x in [1, 2, 3, 4] where over(p, x + 1)\n"
            "define hits_plain(p) = count each x in [2, 3, 4, 5] where over(p, x)\n")


def test_a_small_function_of_each_item_gives_what_its_call_gives(tmp_path):
    """`over(p, x + 1)` in a query is copied in with `x + 1` computed for each item first:
    the count is the one of the same function called with plain names."""
    ruleset = with_rules(tmp_path, PER_ITEM, "if hits(p) != hits_plain(p):\n"
                         "    mismatches += 1\nseen += hits(p)")
    game = ruleset.new_game(2, 3)
    play_out(game)
    assert game.V["mismatches"] == 0
    assert game.V["seen"] > 0


def test_an_argument_of_each_item_is_computed_only_where_the_call_is(tmp_path):
    # `small[x]` is an error for x = 2: it must not be computed, `x > 5` being false first
    ruleset = with_rules(tmp_path, PER_ITEM + "define guarded(p) = count each x in [1, 2] "
                         "where x > 5 and over(p, small[x])\n", "seen += guarded(p)")
    game = ruleset.new_game(2, 3)
    play_out(game)
    assert game.over and game.V["seen"] == 0


def test_an_argument_of_each_item_still_reports_its_error(tmp_path):
    ruleset = with_rules(tmp_path, PER_ITEM + "define failing(p) = count each x in [1, 2] "
                         "where over(p, small[x])\n", "seen += failing(p)")
    with pytest.raises(GameRuleError, match="no item 2"):
        play_out(ruleset.new_game(2, 3))


LOOP_RULES = TINY_RULES + """
define any_value(p, v) = any c in hand[p] where c.value == v and c.suit != "green"
define every_red(p) = every c in hand[p] where c.suit == red
define first_high(p) = first c in kinds(hand[p]) where c.value >= 2
define reds_held(p) = count c in hand[p] where c.suit == red
define value_held(p) = sum c.value for each c in hand[p]
define red_value_held(p) = sum c.value for each c in hand[p] where c.suit == red
define any_above(xs, limit) = any x in xs where x > limit + size(hand[P1])
define pairs_over(xs) = count x in xs where any y in xs where x + y > 4 and x != y
define two_above(xs, gap) = any x in xs where (count y in xs where y > x + gap) > 1
"""


def test_queries_run_as_loops_give_what_the_rules_say(tmp_path):
    # any, every, first, and count and sum over a pile run as plain loops in functions of
    # their own (the loops of `rules code`): the same answers as the rules' words
    folder = write_tiny(tmp_path / "loops", LOOP_RULES)
    game = load_ruleset(folder).new_game(2, seed=3)
    for p in game.players:
        hand = game.Z["hand"][p]
        cards = [k for k, n in hand.items() for _ in range(n)]
        value = {k: game.world.attrs[k]["value"] for k in hand}
        suit = {k: game.world.attrs[k]["suit"] for k in hand}
        for v in (1, 2, 3):
            assert game.evaluate("any_value", p, v) is any(value[k] == v for k in cards)
        assert game.evaluate("every_red", p) is all(suit[k] == "red" for k in cards)
        assert game.evaluate("first_high", p) == next((k for k in hand if value[k] >= 2), None)
        assert game.evaluate("reds_held", p) == sum(suit[k] == "red" for k in cards)
        assert game.evaluate("value_held", p) == sum(value[k] for k in cards)
        assert game.evaluate("red_value_held", p) == sum(
            value[k] for k in cards if suit[k] == "red")
    held = sum(game.Z["hand"]["P1"].values())
    assert game.evaluate("any_above", [1, 5, 9], 5) is (9 > 5 + held)
    assert game.evaluate("any_above", [], 5) is False
    assert game.evaluate("pairs_over", [1, 2, 3, 4]) == 4  # each has another to pass 4
    assert game.evaluate("pairs_over", [1, 2, 3]) == 2  # 2 and 3
    # a loop whose condition holds a list of its own that reads a parameter from outside
    assert game.evaluate("two_above", [1, 2, 3, 4, 5], 1) is True  # 3, 4 and 5 above 1 + 1
    assert game.evaluate("two_above", [1, 2, 3, 4, 5], 3) is False  # only 5 above 1 + 3


def test_an_error_inside_a_querys_loop_names_the_rule(tmp_path):
    rules = TINY_RULES.replace("    vp[p] += c.value\n",
                               "    vp[p] += c.value\n"
                               "    if any x in [1, \"two\"] where x > 1:\n"
                               "        vp[p] += 1\n")
    folder = write_tiny(tmp_path / "bad", rules)
    with pytest.raises(GameRuleError) as err:
        play_random(load_ruleset(folder).new_game(2, seed=1), random.Random(1))
    line = rules.splitlines().index("    if any x in [1, \"two\"] where x > 1:") + 1
    assert f"game.rules:{line}:5: cannot compare a text with a number" in str(err.value)


WALK_RULES = TINY_RULES + """
define down_to_zero(n) = true if n == 0 else down_to_zero(n - 1)
define steps_to(n, goal) = n >= goal or (n >= 0 and steps_to(n + 3, goal))
define never_ends(n) = n < 0 and never_ends(n - 1)
define twice(n) = 0 if n == 0 else 1 + twice(n - 1)
"""


def test_a_function_that_calls_itself_last_runs_as_a_loop(tmp_path):
    # the walk along a line of Reversi's closed_by: a loop, not a Python call per step, so
    # that a walk of 20,000 steps (far deeper than Python's calls may go) gives its answer
    folder = write_tiny(tmp_path / "walk", WALK_RULES)
    ruleset = load_ruleset(folder)
    assert "while True:" in ruleset.program.funcs["down_to_zero"].source
    assert "while True:" not in ruleset.program.funcs["twice"].source  # 1 + ... is not last
    game = ruleset.new_game(2, seed=1)
    assert game.evaluate("down_to_zero", 20_000) is True
    assert game.evaluate("steps_to", 0, 9) is True
    assert game.evaluate("steps_to", -1, 9) is False
    # without end it is stopped by the budget of work, with the usual message
    with pytest.raises(GameRuleError, match="more than 5,000,000 units of work"):
        game.evaluate("never_ends", -1)
    with pytest.raises(GameRuleError, match="calls itself without end"):
        game.evaluate("twice", 20_000)
