"""Photo Finish (rulesets/tutorial/photo-finish): its rulebook (README.md), paragraph by
paragraph and its worked example, as executable tests; and its rules cite only paragraphs that
the rulebook has."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import HIDDEN
from interpreter.engine.visibility import seen_score

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "tutorial" / "photo-finish"
NAMES = {"P1": "Ann", "P2": "Bob"}


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset(FOLDER)


def card(player: str, value: int) -> str:
    return f"speed({player},{value})"


def new_race(ruleset, players: int = 2, lucky: dict[str, int] | None = None):
    game = ruleset.new_game(players, 7, names=NAMES)
    for player, number in (lucky or {}).items():
        game.V["lucky"][player] = number
    game.forget()
    return game


def round_of(game, *values: int) -> list[str]:
    """One round: each runner, in seat order, plays the card of that value; the new log."""
    start = len(game.events)
    for player, value in zip(game.players, values, strict=True):
        assert game.decision().player == player and game.decision().secret
        game.apply(card(player, value))
    return game.events[start:]


def test_1_and_2_each_runner_starts_at_0_with_five_cards_and_a_secret_lucky_number(ruleset):
    game = ruleset.new_game(4, 3)
    for p in game.players:
        assert game.Z["hand"][p] == {card(p, v): 1 for v in range(1, 6)}
        assert game.V["space"][p] == 0 and 1 <= game.V["lucky"][p] <= 5
        others = [q for q in game.players if q != p]
        assert game.view(p)["vars"]["lucky"][p] == game.V["lucky"][p]
        assert all(game.view(p)["vars"]["lucky"][q] == HIDDEN for q in others)
        assert game.view(p)["zones"]["hand"][others[0]] == {"count": 5}


def test_3_nobody_sees_another_card_until_all_have_chosen(ruleset):
    game = new_race(ruleset)
    game.apply(card("P1", 4))
    assert game.view("P2")["secret"]["chosen"] == {"P1": HIDDEN}
    assert game.view("P2")["zones"]["hand"]["P1"] == {"count": 5}
    assert game.V["space"] == {"P1": 0, "P2": 0}  # nobody has run yet


def test_4_a_card_nobody_else_played_runs_its_value_a_collision_runs_1(ruleset):
    game = new_race(ruleset, 3)
    log = round_of(game, 2, 2, 5)
    assert game.V["space"] == {"P1": 1, "P2": 1, "P3": 5}
    assert "Revealed: Ann: 2; Bob: 2; Player 3: 5." in log


def test_5_the_lucky_number_earns_secret_bonus_metres(ruleset):
    game = new_race(ruleset, lucky={"P1": 3, "P2": 1})
    round_of(game, 3, 5)
    assert game.V["bonus"] == {"P1": 2, "P2": 0}
    assert game.view("P2")["vars"]["bonus"]["P1"] == HIDDEN
    assert seen_score(game, "P1", "P2") == HIDDEN and seen_score(game, "P1", "P1") == 5


def test_6_played_cards_are_public_and_an_empty_hand_takes_them_back(ruleset):
    game = new_race(ruleset)
    round_of(game, 1, 1)
    assert game.view("P2")["zones"]["discard"]["P1"] == {card("P1", 1): 1}
    for value in (2, 3):
        round_of(game, value, value)
    assert game.Z["hand"]["P1"] == {card("P1", 4): 1, card("P1", 5): 1}
    round_of(game, 4, 4)  # then each has one card left: it is played for them (no choice)
    assert game.V["space"] == {"P1": 5, "P2": 5}
    assert game.Z["hand"]["P1"] == {card("P1", v): 1 for v in range(1, 6)}
    assert game.Z["discard"]["P1"] == {}


def test_7_the_race_ends_after_the_round_in_which_a_runner_reaches_12(ruleset):
    game = new_race(ruleset)
    for a, b in ((5, 4), (4, 5), (2, 1)):
        round_of(game, a, b)
        assert not game.over
    round_of(game, 1, 2)  # Ann: 5 + 4 + 2 + 1 = 12
    assert game.over and game.state["ending"] == "a runner crossed the finish line"


def test_8_space_plus_bonus_scores_fewest_discards_breaks_a_tie(ruleset):
    game = new_race(ruleset, lucky={"P1": 5, "P2": 5})
    for a, b in ((5, 4), (4, 5), (2, 1), (1, 2)):
        round_of(game, a, b)
    assert game.over
    assert game.scores() == {"P1": 12 + 2, "P2": 12 + 2}  # both lucky once
    assert game.tiebreak("P1") == game.tiebreak("P2") == -4
    assert game.winners() == ["P1", "P2"]
    assert "Ann: space 12, lucky number 5, 14 points" in game.events
    game = new_race(ruleset, lucky={"P1": 5, "P2": 5})
    for a, b in ((5, 1), (4, 2), (3, 3), (2, 5)):  # Ann 5+4+1+2 = 12, Bob 1+2+1+5 = 9
        round_of(game, a, b)
    assert game.over and game.scores() == {"P1": 14, "P2": 11} and game.winners() == ["P1"]


def test_the_rulebook_example(ruleset):
    """README.md, Example: Ann's lucky number is 3; 3 against 5, then 4 against 4."""
    game = new_race(ruleset, lucky={"P1": 3, "P2": 1})
    log = round_of(game, 3, 5)
    assert log[-3:] == ["Revealed: Ann: 3; Bob: 5.", "Ann runs 3 to space 3",
                        "Bob runs 5 to space 5"]
    assert game.V["bonus"]["P1"] == 2
    log = round_of(game, 4, 4)
    assert log[-2:] == ["Ann runs 1 to space 4", "Bob runs 1 to space 6"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_races_end(ruleset, players):
    rng = random.Random(players)
    for seed in range(10):
        game = ruleset.new_game(players, seed)
        for _ in range(200):
            if game.over:
                break
            game.apply(rng.choice(game.decision().options))
        assert game.over and max(game.V["space"].values()) >= 12


def test_the_rules_cite_only_paragraphs_of_the_rulebook(ruleset):
    book = (FOLDER / "README.md").read_text(encoding="utf-8")
    paragraphs = {int(n) for n in re.findall(r"^(\d+)\. ", book, re.M)}
    rules = (FOLDER / "photo-finish.rules").read_text(encoding="utf-8")
    cited = {int(n) for n in re.findall(r'cite "Photo Finish: (\d+)"', rules)}
    assert cited and cited <= paragraphs
    assert paragraphs == set(range(1, 9))


def test_the_language_doc_quotes_the_rule_file_word_for_word():
    doc = (FOLDER.parent.parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    blocks = re.findall(r"<!-- excerpt: photo-finish/(\S+) -->\n```[a-z]*\n(.*?)```", doc, re.S)
    assert len(blocks) >= 3
    for name, body in blocks:
        assert body in (FOLDER / name).read_text(encoding="utf-8"), body
    assert "secretly choose" in "".join(body for _, body in blocks)
