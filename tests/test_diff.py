"""`rules diff`: rule differences of hand-made pairs of rulesets, and where they show in play
(`--play`: games in lockstep)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.editions.diff import diff_rulesets, diff_text
from interpreter.editions.lockstep import lockstep
from interpreter.engine.ruleset import load_ruleset
from interpreter.language import nodes as N
from interpreter.language.layers import keyword_of
from interpreter.language.parser import parse_expr, parse_rules
from interpreter.language.render import render_decl, render_expr

from .conftest import BASE, ROOT, edited_copy, write_tiny

GAME = """\
# A small card game for comparing rulesets.
enum suit "card suit": red, blue
const hand_size "cards in a hand" cite "Book: Setup" = 3
table points "points per card value" cite "Book: Scoring":
    1 -> 1
    2 -> 2
    3 -> 5
component card(suit: suit, value: 1..3) "a card":
    count 2
    start in deck
    label "{suit} {value}"
zone deck "the deck": stack of card, hidden
zone hand[player] "a hand": pile of card, owner
zone table "played cards": pile of card
var vp[player] "points" = 0
var turns "turns played" = 0

define score(p) = vp[p]
define tiebreak(p) = 0

procedure setup() "deal" cite "Book: Setup":
    1. shuffle deck
    2. for each player p:
        move hand_size from deck to hand[p]

procedure play() "take turns until the deck is empty" cite "Book: Play":
    let p = P1
    while size(deck) > 0:
        choose c from kinds(hand[p]) by p "play a card"
        move 1 of c from hand[p] to table
        vp[p] += points[c.value]
        log "{p} plays {c}"
        move top from deck to hand[p]
        turns += 1
        p = next_player(p)
    end game "the deck is empty"
"""


def write(folder: Path, rules: str = GAME) -> Path:
    return write_tiny(folder, rules, players="2, 3")


def edited(tmp_path: Path, name: str, *edits: tuple[str, str]) -> Path:
    rules = GAME
    for old, new in edits:
        assert old in rules, old
        rules = rules.replace(old, new)
    return write(tmp_path / name, rules)


def pair(tmp_path: Path, *edits: tuple[str, str]):
    return load_ruleset(write(tmp_path / "a")), load_ruleset(edited(tmp_path, "b", *edits))


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ---------------------------------------------------------------------------- rule differences
def test_reordered_reformatted_recommented_and_recited_rules_are_no_difference(tmp_path):
    decls = GAME.split("\n\n")
    shuffled = "\n\n".join(reversed(decls)) + "\n"
    shuffled = shuffled.replace("# A small card game", "# Another comment")
    shuffled = shuffled.replace("    1. shuffle deck", "    # first\n    7. shuffle deck")
    shuffled = shuffled.replace('cite "Book: Setup"', 'cite "Buch: Vorbereitung"')
    shuffled = shuffled.replace("    3 -> 5\n", "    3 -> 5\n").replace(
        "    1 -> 1\n    2 -> 2\n", "    2 -> 2\n    1 -> 1\n")  # table rows in another order
    shuffled = shuffled.replace("vp[p] += points[c.value]", "vp[p]   +=   points[ c.value ]")
    a, b = load_ruleset(write(tmp_path / "a")), load_ruleset(write(tmp_path / "b", shuffled))
    assert diff_rulesets(a, b) == []
    assert diff_text([], "a", "b").endswith("no difference: the two rulesets have the same rules")


def test_a_changed_table_cell_is_one_changed_line(tmp_path):
    a, b = pair(tmp_path, ("    3 -> 5\n", "    3 -> 6\n"))
    [change] = diff_rulesets(a, b)
    assert (change.change, change.kind, change.name) == ("changed", "table", "points")
    assert [line for line in change.lines if line[0] in "+-"] == ["-     3 -> 5", "+     3 -> 6"]
    assert change.cite_a == change.cite_b == "Book: Scoring"
    assert change.at_a.endswith("game.rules:4:7") and not change.wording_only


def test_a_removed_rule_and_the_rule_that_used_it(tmp_path):
    a, b = pair(tmp_path, ('var turns "turns played" = 0\n', ""),
                ("        turns += 1\n", ""))
    changes = {(c.change, c.kind, c.name): c for c in diff_rulesets(a, b)}
    assert set(changes) == {("removed", "var", "turns"), ("changed", "procedure", "play")}
    assert changes[("removed", "var", "turns")].lines == ['- var turns "turns played" = 0']
    assert "-         turns += 1" in changes[("changed", "procedure", "play")].lines


def test_a_renamed_constant_is_one_rename_and_its_uses_do_not_count(tmp_path):
    a, b = pair(tmp_path, ("const hand_size", "const cards_dealt"),
                ("move hand_size from", "move cards_dealt from"))
    [change] = diff_rulesets(a, b)
    assert (change.change, change.kind, change.old_name, change.name) == \
        ("renamed", "const", "hand_size", "cards_dealt")
    assert change.title() == "renamed const hand_size -> cards_dealt"


def test_a_renamed_and_changed_constant_is_removed_and_added(tmp_path):
    a, b = pair(tmp_path, ("const hand_size \"cards in a hand\" cite \"Book: Setup\" = 3",
                           "const cards_dealt \"cards in a hand\" = 4"),
                ("move hand_size from", "move cards_dealt from"))
    found = {(c.change, c.name) for c in diff_rulesets(a, b)}
    assert found == {("removed", "hand_size"), ("added", "cards_dealt"),
                     ("changed", "setup")}


def test_a_change_of_texts_only_is_wording(tmp_path):
    a, b = pair(tmp_path, ('log "{p} plays {c}"', 'log "{p} lays down {c}"'),
                ('"play a card"', '"which card?"'))
    [change] = diff_rulesets(a, b)
    assert change.wording_only and change.title() == "changed procedure play (wording only)"
    assert '-         log "{p} plays {c}"' in change.lines


def test_board_data_differences(tmp_path):
    tutorial = ROOT / "rulesets" / "tutorial" / "high-card"
    shutil.copytree(tutorial, tmp_path / "a")
    shutil.copytree(tutorial, tmp_path / "b")
    data = tmp_path / "b" / "suits.yaml"
    data.write_text(data.read_text().replace("[stars, suns]", "[suns, stars]")
                    .replace('name: "Moons"', 'name: "Moon"'))
    a, b = load_ruleset(tmp_path / "a"), load_ruleset(tmp_path / "b")
    changes = {(c.kind, c.name): c for c in diff_rulesets(a, b)}
    assert set(changes) == {("entity", "suit moons"), ("relation", "beats")}
    assert changes[("relation", "beats")].lines == ["- stars -> suns", "+ suns -> stars"]
    assert "+     name: 'Moon'" in changes[("entity", "suit moons")].lines


def test_the_canonical_text_reads_back_as_the_same_expressions(base):
    """Expressions render with the brackets they need: parsing the text again gives the same
    tree (so that two rules that render alike mean the same)."""
    def plain(node):
        data = N.to_json(node)

        def strip(x):
            if isinstance(x, dict):
                return {k: strip(v) for k, v in x.items() if k != "loc"}
            if isinstance(x, list):
                return [strip(v) for v in x]
            return x
        return strip(data)
    count = 0
    for decl in base.program.decls.values():
        for expr in (getattr(decl, "body", None), getattr(decl, "value", None),
                     getattr(decl, "init", None)):
            if isinstance(expr, N.Expr):
                again = parse_expr(render_expr(expr), N.NOWHERE)
                assert plain(again) == plain(expr), render_expr(expr)
                count += 1
    assert count > 40
    for text in ("a * (b + c)", "a - (b - c)", "-(a + b)", "(count each x in y) + 1"):
        assert render_expr(parse_expr(text, N.NOWHERE)) == text
    [proc] = parse_rules("procedure p():\n    1. x = 1\n    2. if x > 0:\n        y = 2\n",
                         "t.rules").decls
    assert render_decl(proc) == ["procedure p():", "    x = 1", "    if x > 0:", "        y = 2"]


def test_an_overlay_that_changes_nothing_is_no_difference_from_its_base(tmp_path, capsys):
    """An edition whose text reads the same as the reference: an overlay with no rules (here
    a fixture; the editions live in rulesets/fifth-avenue/editions)."""
    same = tmp_path / "same-edition"
    same.mkdir()
    (same / "ruleset.yaml").write_text(
        'name: "The same game"\nplayers: [3, 4]\nextends: ' + str(
            Path("..") / Path(*[".."] * (len(tmp_path.parts) - 1)) / BASE.relative_to("/"))
        + "\n", encoding="utf-8")
    code, _, err = run(capsys, "diff", BASE, same)  # its base is outside its tree
    assert code == 2 and "add --allow-outside" in err
    code, out, _ = run(capsys, "diff", BASE, same, "--allow-outside")
    assert code == 0 and out.rstrip().endswith("no difference: the two rulesets have the same "
                                              "rules")
    code, out, _ = run(capsys, "diff", BASE, same, "--json", "--allow-outside")
    assert json.loads(out)["changes"] == []


def test_diff_command_text_json_and_mistakes(tmp_path, capsys):
    write(tmp_path / "a")
    edited(tmp_path, "b", ("    3 -> 5\n", "    3 -> 6\n"))
    code, out, _ = run(capsys, "diff", tmp_path / "a", tmp_path / "b")
    assert code == 0 and "changed table points" in out and "1 difference(s): 1 changed" in out
    assert 'A: ' in out and 'cite "Book: Scoring"' in out
    code, out, _ = run(capsys, "diff", tmp_path / "a", tmp_path / "b", "--json")
    [change] = json.loads(out)["changes"]
    assert change["name"] == "points" and change["cite"] == {"a": "Book: Scoring",
                                                            "b": "Book: Scoring"}
    code, _, err = run(capsys, "diff", tmp_path / "a", tmp_path / "nowhere")
    assert code == 2 and "no such ruleset folder" in err and "Traceback" not in err
    code, _, err = run(capsys, "diff", tmp_path / "a", tmp_path / "b", "--play", "1",
                       "--players", "5")
    assert code == 2 and "is played by 2 or 3 players, not 5" in err


# ---------------------------------------------------------------------------- lockstep
def test_identical_rulesets_never_part(tmp_path):
    a, b = load_ruleset(write(tmp_path / "a")), load_ruleset(write(tmp_path / "b"))
    report = lockstep(a, b, games=4, players=2, seed=3)
    assert all(g.first is None and not g.ranking_changed for g in report.games)
    assert report.table() == []


def test_a_changed_statement_parts_the_games_after_the_first_decision(tmp_path):
    a, b = pair(tmp_path, ("vp[p] += points[c.value]", "vp[p] += 2 * points[c.value]"))
    report = lockstep(a, b, games=3, players=2, seed=1)
    for game in report.games:
        first = game.first
        assert (first.kind, first.decision) == ("state", 1)
        assert (first.a.rule, first.a.text) == ("play", "vp[p] += points[c.value]")
        assert (first.b.rule, first.b.text) == ("play", "vp[p] += 2 * points[c.value]")
        assert first.a.why == "changed rule" and first.a.stack == ["play"]
        assert first.a.at.endswith("game.rules:31:9")
        assert first.differences == ["changed procedure play"]
        assert not game.ranking_changed  # twice the points: the same order
    [row] = report.table()
    assert row == {"difference": "changed procedure play", "shown": 3, "games": 3,
                   "ranking_changed": 0, "ran": 3}


def test_a_changed_constant_parts_the_games_at_setup(tmp_path):
    a, b = pair(tmp_path, ("= 3\ntable", "= 4\ntable"))
    game = lockstep(a, b, games=1, players=2, seed=5).games[0]
    assert (game.first.kind, game.first.decision) == ("setup", 0)
    assert game.first.a.text == "move hand_size from deck to hand[p]"
    assert game.first.a.why == "uses hand_size" and game.first.a.stack == ["play", "setup"]
    assert game.first.differences == ["changed const hand_size"]


def test_a_changed_table_shows_where_the_rule_using_it_runs(tmp_path):
    a, b = pair(tmp_path, ("    3 -> 5\n", "    3 -> 0\n"))
    report = lockstep(a, b, games=6, players=3, seed=1)
    parted = [g for g in report.games if g.first is not None]
    assert len(parted) >= 4  # a game where nobody plays a 3 is the same game
    for game in parted:
        assert game.first.kind == "state"
        assert game.first.a.text == "vp[p] += points[c.value]"
        assert game.first.a.why == "uses points"
    [row] = report.table()
    assert row["difference"] == "changed table points" and row["games"] == len(parted)
    assert row["ranking_changed"] == sum(g.ranking_changed for g in report.games)


FOLLOW_RED = ('choose c from kinds(hand[p]) by p "play a card"',
              'choose c from kinds(hand[p]) by p where c.suit == red or not any each k in '
              'kinds(hand[p]) where k.suit == red "play a card"')


def _first_difference(a, seed: int) -> tuple[str, int]:
    """Where B (FOLLOW_RED) parts from A, found by playing A alone as the lockstep does: at
    the first decision where the player holds red and other cards. B then offers only the
    red ones (`options`), or, holding a single red card, plays it without being asked: the
    states differ after the decision before (or after setup)."""
    game = a.new_game(2, seed, logging=False)
    rng = random.Random(seed)
    for number in range(1, 100):
        options = game.decision().options
        red = [o for o in options if a.program.world.attrs[o]["suit"] == "red"]
        if red and len(red) < len(options):
            if len(red) > 1:
                return "options", number
            return ("state", number - 1) if number > 1 else ("setup", 0)
        game.apply(options[rng.randrange(len(options))])
    raise AssertionError("no difference")


def test_the_first_difference_is_found_at_the_known_decision(tmp_path):
    a, b = pair(tmp_path, FOLLOW_RED)
    kinds = set()
    for seed in range(1, 13):
        expected = _first_difference(a, seed)
        first = lockstep(a, b, games=1, players=2, seed=seed).games[0].first
        assert (first.kind, first.decision) == expected, seed
        assert first.differences == ["changed procedure play"]
        if first.kind == "options":
            assert first.b.text.startswith("choose c from kinds(hand[p]) by p where c.suit ==")
            assert first.b.why == "changed rule"
            assert "only in A 'blue" in first.what and "only in B none" in first.what
        kinds.add(first.kind)
    assert "options" in kinds and kinds & {"state", "setup"}


def test_a_game_that_one_ruleset_stops_is_a_difference(tmp_path):
    a, b = pair(tmp_path, ("move hand_size from deck", "move 7 * hand_size from deck"))
    game = lockstep(a, b, games=1, players=2, seed=1).games[0]
    stop = game.first
    assert (stop.kind, stop.decision) == ("error", 0) and stop.a is None
    assert stop.b.text == "move 7 * hand_size from deck to hand[p]"
    assert stop.b.why.startswith("the game stops: cannot move 21 items")
    assert stop.differences == ["changed procedure setup"]
    assert game.ranking_b == [] and game.stopped[1] and game.ranking_changed


def test_play_command_prints_each_game_and_the_table(tmp_path, capsys):
    write(tmp_path / "a")
    edited(tmp_path, "b", ("    3 -> 5\n", "    3 -> 0\n"))
    code, out, _ = run(capsys, "diff", tmp_path / "a", tmp_path / "b", "--play", "3",
                       "--seed", "4")
    assert code == 0
    assert "Played 3 game(s) of both with 3 players, seeds 4..6" in out
    assert "game 1 (seed 4): first difference after decision" in out
    assert "A: play, " in out and "(uses points)" in out
    assert "How often each rule difference showed up in play:" in out
    assert "changed table points" in out.split("How often")[1]
    code, out, _ = run(capsys, "diff", tmp_path / "a", tmp_path / "b", "--play", "2",
                       "--players", "2", "--json")
    play = json.loads(out)["play"]
    assert play["players"] == 2 and len(play["games"]) == 2
    assert play["games"][0]["first"]["a"]["rule"] == "play"


@pytest.mark.parametrize("name", ["six-plot"])
def test_a_variant_of_the_base_game_parts_at_setup(name):
    a, b = load_ruleset(BASE), load_ruleset(BASE.parent / name)
    game = lockstep(a, b, games=1, players=4, seed=1).games[0]
    assert (game.first.kind, game.first.differences) == (
        "setup", ["changed procedure place_starting_businesses"])
    assert game.first.b.text == "move top from bag to plot_tiles[sixth_plot(d)]"


def test_a_changed_option_condition_is_found_at_the_choice(tmp_path):
    variant = edited_copy(tmp_path, "rules/turn.rules", "when size(scorable_districts()) > 0",
                          "when size(scorable_districts()) > 0 and turns > 20")
    a, b = load_ruleset(BASE), load_ruleset(variant)
    game = lockstep(a, b, games=1, players=4, seed=1).games[0]
    first = game.first
    assert first.kind == "options" and first.differences == ["changed procedure turn"]
    assert first.a.text.startswith('option D "score a district') and \
        first.a.text.endswith("when size(scorable_districts()) > 0:")
    assert first.b.text.endswith("when size(scorable_districts()) > 0 and turns > 20:")
    assert first.a.stack == ["play", "turn"] and "only in A 'score a district" in first.what


def test_a_difference_hidden_by_an_earlier_one_still_shows_that_its_code_ran(tmp_path):
    """The hand size parts every game at setup, so the table's change never comes first; the
    table still says in how many games a changed line of it ran."""
    a, b = pair(tmp_path, ("= 3\ntable", "= 4\ntable"), ("    3 -> 5\n", "    3 -> 0\n"),
                ("log \"{p} plays {c}\"", "if c.value == 2:\n            vp[p] += 1\n"
                                          "        log \"{p} plays {c}\""))
    report = lockstep(a, b, games=5, players=2, seed=2)
    rows = {r["difference"]: r for r in report.table()}
    assert rows["changed const hand_size"]["shown"] == 5
    assert rows["changed table points"]["shown"] == 0
    assert rows["changed table points"]["ran"] == 5
    assert rows["changed procedure play"]["shown"] == 0
    assert 0 < rows["changed procedure play"]["ran"] <= 5


# ---------------------------------------------------------------------------- every kind
EMITTING = GAME.replace("        turns += 1\n", "        turns += 1\n        emit played(p)\n")
EVERY_KIND = EMITTING + """\
require enough_cards "enough cards to deal" cite "Book: Setup": 12 >= hand_size * 3
measure plays "cards played": counter
measure last_vp "points of the first player" = vp[P1]
trigger counted after played(p):
    plays += 1
"""

# one edit per kind of declaration: (kind, name, old text, new text)
KIND_EDITS = [
    ("enum", "suit", 'enum suit "card suit": red, blue', 'enum suit "card suit": red, blue, green'),
    ("const", "hand_size", "= 3\n", "= 2\n"),
    ("table", "points", "    3 -> 5\n", "    3 -> 4\n"),
    ("component", "card", "    count 2\n", "    count 3\n"),
    ("zone", "table", 'zone table "played cards": pile of card',
     'zone table "played cards": stack of card'),
    ("var", "turns", 'var turns "turns played" = 0', 'var turns "turns played" = 1'),
    ("define", "tiebreak", "define tiebreak(p) = 0", "define tiebreak(p) = turns"),
    ("procedure", "play", "        turns += 1\n", "        turns += 2\n"),
    ("trigger", "counted", "    plays += 1\n", "    plays += 2\n"),
    ("require", "enough_cards", ": 12 >= hand_size * 3", ": 12 >= hand_size * 4"),
    ("measure", "last_vp", "= vp[P1]", "= vp[P2]"),
]


def test_every_kind_of_declaration_shows_its_change(tmp_path):
    """A change to any kind of declaration is a difference with its lines (a `require` that
    renders like every other rule, not as 'RequireDecl NAME'); the list of kinds is complete."""
    declared = {name for name, cls in N.node_types().items()
                if issubclass(cls, N.Decl)
                # a remove is never in effect, an option change is folded into its procedure
                and name not in ("Decl", "RemoveDecl", "OptionDecl")}
    assert {keyword_of(cls()) for cls in map(N.node_types().get, declared)} == \
        {kind for kind, *_ in KIND_EDITS}
    a = load_ruleset(write(tmp_path / "a", EVERY_KIND))
    for i, (kind, name, old, new) in enumerate(KIND_EDITS):
        assert EVERY_KIND.count(old) == 1, old
        b = load_ruleset(write(tmp_path / f"b{i}", EVERY_KIND.replace(old, new)))
        found = [c for c in diff_rulesets(a, b) if c.kind == kind]
        assert [(c.change, c.name) for c in found] == [("changed", name)], kind
        minus = [x for x in found[0].lines if x.startswith("- ")]
        plus = [x for x in found[0].lines if x.startswith("+ ")]
        assert minus and plus and minus != plus, (kind, found[0].lines)
        assert not any("Decl" in x for x in found[0].lines)


def test_an_added_require_renders_as_written(tmp_path):
    a = load_ruleset(write(tmp_path / "a"))
    b = load_ruleset(write(tmp_path / "b", GAME + 'require few "few players": 4 > 1\n'))
    [change] = diff_rulesets(a, b)
    assert change.title() == "added require few"
    assert change.lines == ['+ require few "few players": 4 > 1']


def test_queries_render_their_binder_as_written():
    for text in ("any q in [1, 2] where q > 1", "every p in players where p != P1",
                 "count each x in y", "sum x for each x in [1, 2]"):
        assert render_expr(parse_expr(text, N.NOWHERE)) == text


def test_json_and_text_number_games_alike(tmp_path, capsys):
    a, b = write(tmp_path / "a"), edited(tmp_path, "b", ("    3 -> 5\n", "    3 -> 6\n"))
    code, text, _ = run(capsys, "diff", a, b, "--play", 2, "--no-progress")
    code2, data, _ = run(capsys, "diff", a, b, "--play", 2, "--json")
    numbers = [g["game"] for g in json.loads(data)["play"]["games"]]
    assert code == code2 == 0 and numbers == [1, 2]
    assert "game 1 (seed 1)" in text and "game 2 (seed 2)" in text and "game 0" not in text


def test_a_small_function_copied_in_and_every_entity_of_a_kind_count_as_ran(capsys):
    """The six-plot side: `sixth_plot` is copied into the procedure that calls it (its own
    code never runs), and the setup goes through every plot, the seven new ones included."""
    code, out, _ = run(capsys, "diff", "fifth-avenue/base", "fifth-avenue/six-plot",
                       "--play", "2", "--json")
    assert code == 0, out
    usage = {row["difference"]: row for row in json.loads(out)["play"]["table"]}
    assert usage["added define sixth_plot"]["ran"] == 2
    added = [row for name, row in usage.items() if name.startswith("added entity plot ")]
    assert len(added) == 7 and all(row["ran"] == 2 for row in added)
