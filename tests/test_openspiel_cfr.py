"""OpenSpiel's CFR on High Card through the adapter (issue 37): chance is the game's own, so
exact algorithms walk the real game's tree, and CFR's exploitability falls over iterations.
The game is tests/data/high-card-tiny (6 cards, 2 in a hand, no swap); the figures of more
iterations are in docs/openspiel.md (benchmarks/openspiel_cfr.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

from interpreter.bots.openspiel_game import RulesGame  # noqa: E402
from interpreter.engine.ruleset import load_ruleset  # noqa: E402


def tiny_high_card() -> RulesGame:
    path = Path(__file__).parent / "data" / "high-card-tiny"
    return RulesGame({"path": str(path), "players": 2, "seed": -1, "utility": "zero_sum"},
                     ruleset=load_ruleset(path, allow_outside=True))


def test_the_deal_is_every_order_of_the_deck_with_its_probability():
    game = tiny_high_card()
    leaves: dict[tuple[int, ...], float] = {}

    def deal(state, p):
        if not state.is_chance_node():
            leaves[tuple(state.history())] = p
            return
        for outcome, q in state.chance_outcomes():
            deal(state.child(outcome), p * q)

    deal(game.new_initial_state(), 1.0)
    assert len(leaves) == 90  # 6! / (2! 2! 2!): two alike cards of each suit
    assert all(p == pytest.approx(1 / 90) for p in leaves.values())


def test_cfr_exploitability_falls():
    game = tiny_high_card()
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    found = []
    for _ in range(2):  # the first average policy is the uniform one
        solver.evaluate_and_update_policy()
        found.append(exploitability.exploitability(game, solver.average_policy()))
    assert uniform == pytest.approx(found[0]) and found[1] < found[0] - 0.1
