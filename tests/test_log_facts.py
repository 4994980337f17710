"""A line of the log keeps the values its rule filled in (engine/log_facts.py), and the
digest reads them rather than the line's words (issue 33)."""

from __future__ import annotations

import pytest

from interpreter.engine.log_facts import facts_of
from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game
from interpreter.play.digest import crediting, places_named

from .conftest import TINY_RULES, write_tiny

# the tiny ruleset, whose player holds a number after another player's name, and scores
# in a place of the board
RULES = TINY_RULES.replace("""    vp[p] += c.value
    log "{p} plays {c}"
""", """    let gain = 1
    vp[p] += gain
    log "{p} plays {c}, {next_player(p)} holds {size(hand[next_player(p)])}."
    log "{p} scores {gain} in {north}."
""")


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory):
    folder = write_tiny(tmp_path_factory.mktemp("facts") / "facts", RULES)
    with (folder / "ruleset.yaml").open("a", encoding="utf-8") as manifest:
        manifest.write("data: [board.yaml]\n")
    (folder / "board.yaml").write_text("entities:\n  region:\n    - {id: north, name: North}\n"
                                       "    - {id: south, name: South}\n", encoding="utf-8")
    return load_ruleset(folder)


def _facts(game: Game) -> list[list[tuple]]:
    """Each line's facts: kind, value and the words they stand for."""
    return [[(f.kind, f.value, line[f.start:f.end]) for f in facts_of(line)]
            for line in game.events]


def test_a_log_line_keeps_the_values_it_filled_in_with_their_kinds(ruleset):
    game = ruleset.new_game(2, 1)
    game.apply(game.decision().options[0])
    played, scored = game.events[-2:]
    card = game.moves[0]
    assert _facts(game)[-2:] == [
        [("player", "P1", "Player 1"), ("card", card, played.split(" plays ")[1][:5]),
         ("player", "P2", "Player 2"), ("number", 3, "3")],
        [("player", "P1", "Player 1"), ("number", 1, "1"), ("region", "north", "North")]]
    assert scored == "Player 1 scores 1 in North."  # the words as ever


def test_the_facts_go_with_their_lines_through_undo_and_save_and_load(ruleset):
    game = ruleset.new_game(2, 3)
    for _ in range(2):
        game.apply(game.decision().options[-1])
    lines, facts = list(game.events), _facts(game)
    game.make(game.decision().options[0])
    assert len(game.events) > len(lines) and _facts(game)[-1]
    game.unmake()
    assert game.events == lines and _facts(game) == facts
    again = Game.from_save(ruleset, game.to_save())
    assert again.events == lines and _facts(again) == facts
    assert game.clone().events == [] and not ruleset.new_game(2, 3, logging=False).events


def test_the_digest_is_not_fooled_by_numbers_and_places_that_are_words_of_other_values(
        ruleset):
    """'South plays red 2, Player 2 holds 3': the 2 is the card's, the 3 Player 2's; a
    player named like a place ('South') is not that place. Read by their words, the line
    gave its first player the card's number, and the scoring named two places."""
    game = ruleset.new_game(2, 5, names={"P1": "South"})
    game.apply(game.decision().options[0])
    played, scored = game.events[-2:]
    value = int(played.split(",")[0][-1])
    assert crediting("South", value, [played]) == []
    assert crediting("Player 2", 3, [played]) == [played]
    assert crediting("South", 1, [played, scored]) == [scored]
    assert places_named(game, [scored]) == ["North"]
    # the same words without their facts: what the digest read before
    assert crediting("South", value, [str(played)]) == [played]
    assert places_named(game, [str(scored)]) == ["South", "North"]
