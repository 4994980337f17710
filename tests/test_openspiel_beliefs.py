"""Beliefs through the OpenSpiel adapter: they follow its games across its chance outcomes
(the adapter chooses the engine's draws, so the game cannot be played again from its seed),
so samples of a game under way there are possible worlds too (10,000 of them:
benchmarks/openspiel_samples.py)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
import interpreter.openspiel  # noqa: E402,F401  (registers the game "rules")
from interpreter.bots.beliefs import Beliefs  # noqa: E402


def _after_a_draw(path: str, players: int) -> object:
    """A state of the adapter just after a chance outcome in the middle of a game."""
    game = pyspiel.load_game("rules", {"path": path, "players": players, "seed": 3})
    for r in range(20):
        rng = random.Random(r)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                while state.is_chance_node():  # every draw of the step (one piece each)
                    outcomes = state.chance_outcomes()
                    state.apply_action(rng.choices([o for o, _ in outcomes],
                                                   [p for _, p in outcomes])[0])
                if not state.is_terminal():
                    return state
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no draw in the middle of 20 games")


def test_fifth_avenue_samples_after_a_draw_are_possible():
    state = _after_a_draw("fifth-avenue/base", 4)
    game = state.game
    suit = game.world.attrs
    numbers = random.Random(1)
    for player in range(4):
        me = game.players[player]
        seen = game.view(me)
        for _ in range(250):
            sample = state.resample_from_infostate(player, numbers.random).game
            assert sample.view(me) == seen
            zones = sample.state["zones"]
            assert all(suit[k]["suit"] == "black" for k in zones["black_stack"])
            for colour, stack in zones["colour_stack"].items():
                assert all(suit[k]["suit"] == colour for k in stack)
    # the beliefs were built once, from the adapter's record of the draws, and follow it
    assert isinstance(game.watch, Beliefs) and game.watch.follows(game)
