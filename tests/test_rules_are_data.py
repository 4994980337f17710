"""Rules are data: edited copies of the base ruleset play by the edited rules, with no code
change."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine.ruleset import Ruleset, load_ruleset

from .conftest import edited_copy as copy_with_edit
from .conftest import play_random


def edited_copy(tmp_path: Path, file: str, old: str, new: str) -> Ruleset:
    return load_ruleset(copy_with_edit(tmp_path, file, old, new, "variant"))


def _lone_skyscraper_score(ruleset: Ruleset) -> int:
    game = ruleset.new_game(4, 1)
    for zone in ("plot_tiles", "towers"):
        for plot in game.Z[zone]:
            game.Z[zone][plot] = {}
    game.Z["towers"]["w34_gray"] = {"skyscraper(P1)": 1}
    game.perform("score_district", "w34")
    return game.V["vp"]["P1"]


def test_an_edited_scoring_table_scores_by_the_new_table(base, tmp_path):
    assert _lone_skyscraper_score(base) == 1
    variant = edited_copy(tmp_path, "rules/scoring.rules", "    0 -> 1\n", "    0 -> 7\n")
    assert _lone_skyscraper_score(variant) == 7


def test_a_longer_supply_row_is_filled_and_played_out(base, tmp_path):
    extra = "".join(f"    - {{id: slot{n}, set: {9 + (n - 21) // 2}}}\n" for n in range(21, 25))
    variant = edited_copy(tmp_path, "board.yaml", "\nrelations:",
                          "\n" + extra[:-1] + "\nrelations:")
    variant_text = (tmp_path / "variant" / "board.yaml").read_text()
    assert "slot24" in variant_text
    game = variant.new_game(4, 2, logging=False)
    assert sum(sum(t.values()) for t in game.Z["supply_row"].values()) == 24
    assert sum(game.Z["box"].values()) == 36 - 7 - 24
    play_random(game, random.Random(2))
    if game.state["ending"] == "the last business of the supply row was placed":
        assert game.V["placed"] == 24 - 10  # one business of each of the 10 sets went to the park


def test_other_card_counts_give_other_decks(tmp_path):
    variant = edited_copy(tmp_path, "rules/components.rules", "black  20  16  14",
                          "black  30  16   0")
    game = variant.new_game(3, 4, logging=False)
    cards = [k for k in variant.program.world.kinds_in_game("card", 3)]
    assert "card(black,6)" not in cards
    assert sum(variant.program.world.components["card"].counts.values()) == 60 + 46
    play_random(game, random.Random(4))
    assert game.over


@pytest.mark.parametrize("players", [3, 4])
def test_the_base_game_plays_to_the_end(base, players):
    for seed in range(5):
        game = play_random(base.new_game(players, seed, logging=False), random.Random(seed))
        assert game.over and game.winners()
