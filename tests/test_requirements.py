"""`require` rules: conditions the rules set for every game. Known before any game: `rules check`
reports a failing one at its rule and no game starts; otherwise checked before each game's
setup. A requirement never changes a game."""

from __future__ import annotations

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import GameRuleError, RulesetErrors

from .conftest import TINY_RULES, write_tiny

STATIC_FAIL = """
require many_suits "at least three suits" cite "Tiny: Components":
    size(distinct c.suit for each card c) >= 3
"""
STATIC_OK = 'require two_suits "two suits": size(distinct c.suit for each card c) == 2\n'
PLAYERS_3 = """
require three_players "every suit goes to someone" cite "Tiny: Setup": player_count >= 3
"""
ENOUGH_CARDS = """
require enough_cards "a hand of 3 for everyone":
    3 * player_count <= size(deck)
"""


def tiny(tmp_path, extra: str, players: str = "2, 3"):
    return write_tiny(tmp_path / "tiny", TINY_RULES + extra, players=players)


def test_a_requirement_that_fails_before_any_game(tmp_path, capsys):
    folder = tiny(tmp_path, STATIC_FAIL)
    ruleset = load_ruleset(folder)  # it loads: flatten, diff and the like still work on it
    [error] = ruleset.unplayable()
    rules_file = folder / "game.rules"
    line = TINY_RULES.count("\n") + 2
    assert str(error.loc) == f"{rules_file}:{line}:9"
    assert error.message == (
        "this ruleset cannot be played: the rule 'many_suits' (at least three suits) does not "
        "hold: size(distinct c.suit for each card c) >= 3 is 2 >= 3 (Tiny: Components)")
    assert "'replace require many_suits' or 'remove many_suits'" in error.hint
    assert main(["check", str(folder)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{rules_file}:{line}:9: this ruleset cannot be played")
    assert out.rstrip().endswith("1 error(s)")
    with pytest.raises(RulesetErrors, match="the rule 'many_suits'") as exc:
        ruleset.new_game(2, 1)
    assert exc.value.errors[0].loc == error.loc
    assert main(["simulate", str(folder), "--players", "2", "--games", "1"]) == 2


def test_a_requirement_that_holds_is_silent(tmp_path, capsys):
    folder = tiny(tmp_path, STATIC_OK)
    ruleset = load_ruleset(folder)
    assert ruleset.unplayable() == []
    assert [r.static for r in ruleset.requirements] == [True]
    assert main(["check", str(folder)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("OK")
    ruleset.new_game(2, 1)


def test_a_requirement_on_the_number_of_players_is_checked_when_a_game_starts(tmp_path,
                                                                              capsys):
    folder = tiny(tmp_path, PLAYERS_3)
    ruleset = load_ruleset(folder)
    assert ruleset.unplayable() == [] and ruleset.requirements[0].static is None
    assert main(["check", str(folder)]) == 0
    capsys.readouterr()
    ruleset.new_game(3, 1)
    with pytest.raises(GameRuleError) as exc:
        ruleset.new_game(2, 1)
    assert exc.value.message == (
        "this game cannot be played: the rule 'three_players' (every suit goes to someone) does "
        "not hold: player_count >= 3 is 2 >= 3 (Tiny: Setup)")


def test_a_requirement_reads_the_pieces_in_their_starting_places(tmp_path):
    """12 cards: enough for 2 or 3 players, read before the setup deals them."""
    ruleset = load_ruleset(tiny(tmp_path, ENOUGH_CARDS))
    for players in (2, 3):
        ruleset.new_game(players, 1)
    strict = load_ruleset(write_tiny(tmp_path / "strict", TINY_RULES + ENOUGH_CARDS.replace(
        "3 * player_count", "5 * player_count"), players="2, 3"))
    with pytest.raises(GameRuleError, match=r"is 10 <= 12|is 15 <= 12"):
        strict.new_game(3, 1)
    strict.new_game(2, 1)


def test_a_requirement_never_changes_the_game(tmp_path):
    plain = load_ruleset(tiny(tmp_path, ""))
    drawing = load_ruleset(write_tiny(tmp_path / "drawing", TINY_RULES + (
        'require some_card: (random each c in kinds(deck)) != none\n'), players="2, 3"))
    assert drawing.requirements[0].static is None
    assert drawing.new_game(2, 7).state_hash() == plain.new_game(2, 7).state_hash()


def test_mistakes_in_a_requirement_are_load_errors(tmp_path):
    folder = tiny(tmp_path, "require typo: size(decks) > 0\n")
    with pytest.raises(RulesetErrors) as exc:
        load_ruleset(folder)
    text = str(exc.value)
    assert "unknown name 'decks'" in text and "did you mean 'deck'?" in text


def test_an_overlay_replaces_or_removes_a_requirement(tmp_path):
    base = tiny(tmp_path, STATIC_FAIL)
    for name, rules in [("replaced", 'replace require many_suits "two suits will do": '
                                     'size(distinct c.suit for each card c) >= 2\n'),
                        ("removed", "remove many_suits\n")]:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "ruleset.yaml").write_text(
            f"name: {name}\nplayers: [2]\nextends: ../tiny\nrules: [v.rules]\n")
        (folder / "v.rules").write_text(rules)
        ruleset = load_ruleset(folder)
        assert ruleset.unplayable() == []
        ruleset.new_game(2, 1)
    assert load_ruleset(base).unplayable()
