"""Pass Left (rulesets/tutorial/pass-left): its rulebook (README.md), paragraph by paragraph
and its worked example, as executable tests. It shows a private choice (`privately choose ...
shown to`) and a line told to some players only (`tell`)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from interpreter.bots.sampling import sample_game
from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "tutorial" / "pass-left"
NAMES = {"P1": "Ann", "P2": "Bob", "P3": "Cleo"}


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset(FOLDER)


def test_1_and_2_twelve_cards_three_in_each_hand_seen_by_its_owner(ruleset):
    game = ruleset.new_game(4, 1)
    assert sum(sum(h.values()) for h in game.Z["hand"].values()) + len(game.Z["deck"]) == 12
    for p in game.players:
        assert sum(game.Z["hand"][p].values()) == 3
        assert game.view(p)["zones"]["hand"][p] == game.Z["hand"][p]
        other = next(q for q in game.players if q != p)
        assert game.view(p)["zones"]["hand"][other] == {"count": 3}


def test_3_only_the_giver_and_the_receiver_know_the_card_passed(ruleset):
    game = ruleset.new_game(3, 2, names=NAMES)
    decision = game.decision()
    assert decision.player == "P1" and decision.shown_to == ["P1", "P2"]
    assert decision.prompt == "which card do you pass to the left (round 1 of 3)?"
    assert "options" not in game.view("P3")["decision"]
    card = decision.options[0]
    said = f"Ann passes the {game.label(card)} to Bob"
    game.apply(card)
    assert game.Z["hand"]["P2"].get(card) == 1
    assert game.events == ["Ann passes a card to Bob"]  # what every player reads
    assert game.log_for("P1") == game.log_for("P2") == [said, "Ann passes a card to Bob"]
    assert game.log_for("P3") == ["Ann passes a card to Bob"]
    assert game.log_for(None) == game.events


def test_3_a_card_received_may_be_passed_on(ruleset):
    game = ruleset.new_game(3, 2)
    card = game.decision().options[0]
    game.apply(card)
    assert card in game.decision().options  # Bob may pass it on to Cleo


def test_3_and_4_three_rounds_then_the_game_ends(ruleset):
    game, rng, asked = ruleset.new_game(3, 3), random.Random(3), 0
    while not game.over:
        game.apply(rng.choice(game.decision().options))
        asked += 1
    assert asked == 9 and game.state["ending"] == "the third round is over"


def test_a_bot_of_another_player_never_learns_the_card(ruleset):
    game = ruleset.new_game(3, 4)
    card = game.decision().options[0]
    game.apply(card)
    for seed in range(5):  # Cleo imagines Bob's hand: the passed card is not known to her
        sample = sample_game(game, "P3", random.Random(seed))
        assert sample.view("P3") == game.view("P3")
    assert all(card not in line for line in game.log_for("P3"))


def test_5_and_the_example_bob_scores_his_best_colour(ruleset):
    game = ruleset.new_game(3, 5, names=NAMES)
    game.Z["hand"]["P2"] = {"card(red,4)": 1, "card(red,2)": 1, "card(blue,1)": 1}
    assert game.evaluate("score", "P2") == 6


def test_every_cited_paragraph_is_in_the_rulebook():
    paragraphs = set(re.findall(r"^(\d+)\. \*\*", (FOLDER / "README.md").read_text(), re.M))
    cited = set(re.findall(r'cite "Pass Left: (\d+)"', (FOLDER / "pass-left.rules").read_text()))
    assert cited and cited <= paragraphs


def test_3_the_prompt_names_the_round_in_the_decision_and_a_save(ruleset):
    """The prompt's words are made when someone reads them (bots never do): the decision and a
    save read the same filled-in text, and the save loads."""
    game = ruleset.new_game(3, 2, names=NAMES)
    for _ in range(4):  # round 1 for three players, then round 2
        game.apply(game.legal_options()[0])
    said = "which card do you pass to the left (round 2 of 3)?"
    assert game.decision().prompt == said
    save = json.loads(json.dumps(game.to_save()))
    assert save["state"]["pending"]["prompt"] == said
    again = Game.from_save(ruleset, save)
    assert again.decision().prompt == said and again.state_hash() == game.state_hash()
