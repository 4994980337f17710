"""Random streams keyed by what is randomised (engine/rng.py): common random numbers that
survive a changed rule."""

from __future__ import annotations

import random

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.statements import shuffle

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
