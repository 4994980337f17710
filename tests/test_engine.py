"""Decisions, illegal moves, saves and player counts on the base game."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from interpreter.engine.runtime import SAVE_VERSION, Game
from interpreter.language.errors import IllegalMove, RulesError, SaveFileError


def _to_turn(game: Game) -> Game:
    """Past the starting skyscraper placement, to the first turn's option choice."""
    while game.decision().prompt != "choose your option for this turn":
        game.apply(game.decision().options[0])
    return game


def test_the_engine_names_the_deciding_player_and_the_options(base):
    game = base.new_game(4, 1)
    decision = game.decision()
    assert decision.player == "P1"
    assert decision.prompt == "place a skyscraper on an empty building plot"
    assert len(decision.options) == 35 - 7
    assert decision.labels[0].startswith("34th St. West")


def test_an_illegal_option_is_refused_with_the_rule_and_changes_nothing(base):
    game = _to_turn(base.new_game(4, 1))
    assert game.decision().options == ["A", "B", "C"]  # no commissioner in a district yet
    before = game.state_hash()
    with pytest.raises(IllegalMove) as exc:
        game.apply("D")
    message = str(exc.value)
    assert "score a district" in message
    assert "size(scorable_districts()) > 0" in message
    assert "en-2004: Scoring districts" in message
    assert game.state_hash() == before


def test_an_unknown_option_is_refused(base):
    game = _to_turn(base.new_game(4, 1))
    before = game.state_hash()
    with pytest.raises(IllegalMove, match="not one of the options"):
        game.apply("E")
    with pytest.raises(IllegalMove):
        game.apply(["A"])
    assert game.state_hash() == before


def test_a_plot_that_is_taken_is_refused_with_the_condition(base):
    game = base.new_game(4, 1)
    taken = next(q for q, tiles in game.Z["plot_tiles"].items() if tiles)
    with pytest.raises(IllegalMove, match=r"must satisfy: empty_plot\(q\)"):
        game.apply(taken)


def test_bids_are_built_card_by_card_never_as_subsets(base):
    """Every bidding decision offers at most one option per card kind plus finish/pass."""
    rng = random.Random(7)
    game = base.new_game(4, 7, logging=False)
    biggest = 0
    while not game.over:
        decision = game.decision()
        if decision.prompt.startswith("add a card to your bid"):
            biggest = max(biggest, len(decision.options))
            assert len(decision.options) <= 6 + 2
        game.apply(rng.choice(decision.options))
    assert biggest > 2


def test_wrong_player_count_is_one_clear_line(base):
    with pytest.raises(RulesError, match="Fifth Avenue is played by 3 or 4 players, not 2"):
        base.new_game(2, 1)


def test_a_damaged_save_gets_a_clear_error(base):
    game = base.new_game(4, 2)
    save = json.loads(json.dumps(game.to_save()))
    save["state"]["vars"]["vp"]["P1"] = 99
    with pytest.raises(SaveFileError, match="damaged"):
        Game.from_save(base, save)
    with pytest.raises(SaveFileError, match="not a saved game"):
        Game.from_save(base, {"hello": 1})
    with pytest.raises(SaveFileError):
        Game.from_save(base, [1, 2, 3])
    broken = json.loads(json.dumps(game.to_save()))
    del broken["state"]
    with pytest.raises(SaveFileError, match="damaged"):
        Game.from_save(base, broken)


def test_the_game_ends_with_a_winner_by_score_then_cards(base):
    rng = random.Random(3)
    game = base.new_game(3, 3, logging=False)
    while not game.over:
        game.apply(rng.choice(game.decision().options))
    scores = game.scores()
    best = max(scores.values())
    winners = game.winners()
    assert all(scores[w] == best for w in winners)
    cards = {p: sum(game.Z["hand"][p].values()) for p in game.players if scores[p] == best}
    assert all(cards[w] == max(cards.values()) for w in winners)
    assert game.state["ending"] in ("the last business of the supply row was placed",
                                    "the second building stop")


VERSION_1_SAVE = Path(__file__).parent / "data" / "fifth-avenue-base-3p-seed5-version1-save.json"


def test_a_save_of_the_previous_engine_loads_by_playing_its_moves_again(base):
    """tests/data/...-version1.save.json was saved mid-auction by the engine before procedures
    were generated as whole functions (version 1: its frames count instructions)."""
    data = json.loads(VERSION_1_SAVE.read_text(encoding="utf-8"))
    game = Game.from_save(base, data)
    assert "draws" not in game.state  # saved before the random streams: it draws as then
    again = base.new_game(3, 5, names={"P1": "Ann"}, streams=False)
    for move in data["moves"]:
        again.apply(move)
    assert game.state_hash() == again.state_hash()
    assert game.decision().prompt == "choose the colour of your bid, or pass"
    saved = json.loads(json.dumps(game.to_save()))
    assert saved["version"] == SAVE_VERSION and saved["streams"] == 0  # it draws as then
    assert Game.from_save(base, saved).state_hash() == game.state_hash()


def test_a_version_1_save_whose_moves_give_another_game_is_refused(base):
    data = json.loads(VERSION_1_SAVE.read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:-1]
    with pytest.raises(SaveFileError, match="another game|cannot be played"):
        Game.from_save(base, data)
