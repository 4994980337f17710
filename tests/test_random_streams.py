"""Random streams keyed by what is randomised (engine/rng.py): common random numbers that
survive a changed rule."""

from __future__ import annotations

import json
import random

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game
from interpreter.engine.statements import shuffle
from interpreter.language.errors import SaveFileError
from interpreter.play.replay import History, replay_data, verify

from .conftest import edited_copy, play_random


def _setup_of(ruleset, seed: int):
    return ruleset.new_game(4, seed, logging=False)


def test_an_extra_shuffle_elsewhere_deals_the_same_hands(tmp_path, base):
    """A variant that shuffles the business bag once more before the supply row is filled
    gets another supply row, but every hand, every coloured stack and the black stack are
    dealt as in the base game: the cards draw from their own streams."""
    folder = edited_copy(tmp_path, "rules/setup.rules", "    2. fill_supply_row()",
                         "    2. shuffle bag\n    2. fill_supply_row()")
    variant = load_ruleset(folder)
    rows_differ = 0
    for seed in range(1, 6):
        a, b = _setup_of(base, seed), _setup_of(variant, seed)
        assert a.Z["hand"] == b.Z["hand"]
        assert a.Z["colour_stack"] == b.Z["colour_stack"]
        assert a.Z["black_stack"] == b.Z["black_stack"]
        rows_differ += a.Z["supply_row"] != b.Z["supply_row"]
    assert rows_differ >= 4  # the extra shuffle did change what it shuffled


def test_each_stream_counts_its_own_draws(base):
    game = base.new_game(4, 3, logging=False)
    draws = game.state["draws"]
    assert draws["bag"] == 35  # one shuffle of the 36 businesses: 35 draws
    assert draws["black_stack"] == 49  # the 50 black cards
    assert all(draws[f"colour_stack[{c}]"] == 11
               for c in ("violet", "brown", "gray", "orange", "green"))


def test_a_clone_draws_without_changing_the_original(base):
    game = base.new_game(4, 5, logging=False)
    before = dict(game.state["draws"])
    twin = game.clone()
    shuffle(twin, twin.Z["black_stack"], None)
    assert game.state["draws"] == before
    assert twin.state["draws"]["black_stack"] > before.get("black_stack", 0)


def test_the_same_seed_gives_the_same_game(base):
    a = play_random(base.new_game(3, 11, logging=False), random.Random(1))
    b = play_random(base.new_game(3, 11, logging=False), random.Random(1))
    assert a.state_hash() == b.state_hash()


SETUP_DRAW = ("colour_count(c) < setup_colour_limit and\n"
              "            (count each u in colours where u != c and colour_count(u) == 0)"
              " <= districts_left - 1")
SETUP_DRAW_REWORDED = ("(count each u in colours where u != c and colour_count(u) == 0)"
                       " < districts_left and\n            colour_count(c) < setup_colour_limit")


def test_a_random_query_with_a_reworded_condition_draws_the_same(tmp_path, base):
    """A `random` query draws from a stream named by what it draws from (`colours`), not by
    its whole text: the same condition written another way picks the same colours. Named by
    the text (the engine before, streams=1), the setup of most games changed."""
    folder = edited_copy(tmp_path, "rules/setup.rules", SETUP_DRAW, SETUP_DRAW_REWORDED)
    variant = load_ruleset(folder)
    text_named_differ = 0
    for seed in range(1, 9):
        a, b = _setup_of(base, seed), _setup_of(variant, seed)
        assert a.Z["plot_tiles"] == b.Z["plot_tiles"]
        assert a.state["draws"] == b.state["draws"]
        old_a, old_b = (r.new_game(4, seed, logging=False, streams=1) for r in (base, variant))
        text_named_differ += old_a.Z["plot_tiles"] != old_b.Z["plot_tiles"]
    assert text_named_differ >= 4


def test_games_that_drew_by_the_text_of_their_queries_still_replay_and_load(base):
    """A replay (version 2) and a save (version 3) of the engine that named a `random`
    query's stream by the query's text are played again the way they drew."""
    game = base.new_game(3, 6, names={"P1": "Ann"}, streams=1)
    history = History.start(game)
    rng = random.Random(2)
    for _ in range(40):
        decision = game.decision()
        move = rng.choice(decision.options)
        game.apply(move)
        history.record(game, decision.player, move)
    data = json.loads(json.dumps(replay_data(base, game, history, {})))
    assert data["version"] == 2
    assert verify(base, data).ok
    saved = json.loads(json.dumps(game.to_save()))
    assert saved["streams"] == 1
    saved["version"] = 3  # as that engine wrote it: no "streams", the same integrity hash
    del saved["streams"]
    loaded = Game.from_save(base, saved)
    assert loaded.streams == 1 and loaded.state_hash() == game.state_hash()
    saved["version"] = 4  # a save of now says how it draws
    saved["streams"] = 7
    with pytest.raises(SaveFileError, match="'streams' is 7"):
        Game.from_save(base, saved)
