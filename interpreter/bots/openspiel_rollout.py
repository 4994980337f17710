"""A random playout on the engine itself, for OpenSpiel's tree searches (the ISMCTS bot).

OpenSpiel's `RandomRolloutEvaluator` plays a playout through the adapter, one action at a
time (legal actions as numbers, chance nodes one draw at a time): most of a search's time.
`EngineRollout` plays it on a copy of the engine's game: random options, and every random
draw of the rules drawn uniformly from the evaluator's own generator (`Game.draws_from`), so
the playout knows nothing of the game's coming draws either.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts


class EngineRollout(mcts.Evaluator):
    """One random playout per evaluation, on the engine; the prior is uniform."""

    def __init__(self, random_state: np.random.RandomState):
        self.rng = random.Random(int(random_state.randint(2**31)))

    def _draws(self, game: Any, stream: str, bounds: list[int]) -> list[int]:
        return [self.rng.randrange(b) for b in bounds]

    def evaluate(self, state: Any) -> np.ndarray:
        if state.is_terminal() or state.is_chance_node():
            if state.is_terminal():
                return np.array(state.returns())
            return mcts.RandomRolloutEvaluator(1, np.random.RandomState(
                self.rng.randrange(2**31))).evaluate(state)
        game = state.game.clone()
        game.draws_from = self._draws
        rng = self.rng
        while not game.over:
            options = game.state["pending"]["options"]
            game.apply(options[rng.randrange(len(options))] if len(options) > 1 else options[0])
        return np.array(state.rules_game.returns_of(game))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]
