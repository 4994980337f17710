"""OpenSpiel's own algorithms on the rulesets (needs `pip install -e ".[openspiel]"`).

    python benchmarks/openspiel_algorithms.py              # every figure, a few minutes
    python benchmarks/openspiel_algorithms.py --games 10   # fewer games each

Prints, never asserts:
- MCTS (100 simulations, random rollouts) against a random player on Four in a Row, each
  taking the first seat half of the games; alpha-beta's answer and time from a late position;
- OpenSpiel's IS-MCTS against a random player on High Card and Photo Finish (seed -1: a fresh
  deal per game, as a chance node), with the time per decision;
- rl_environment: steps per second through whole games of Fifth Avenue (observation and
  information-state tensors of every player at every step).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts, minimax  # noqa: E402

import interpreter.openspiel  # noqa: E402,F401  (registers the game "rules")


def wilson(wins: float, n: int) -> str:
    if n == 0:
        return "-"
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:.0f}% ({100 * (centre - half):.0f}-{100 * (centre + half):.0f}%)"


def duel(game, make_bot, games: int, seed: int) -> tuple[float, float, int]:
    """The bot's wins (ties shared), seconds in its decisions and their number."""
    wins, spent, decisions = 0.0, 0.0, 0
    for g in range(games):
        rng = random.Random(seed + g)
        bot, seat = make_bot(np.random.RandomState(seed + g)), g % game.num_players()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            elif state.current_player() == seat:
                start = time.perf_counter()
                state.apply_action(bot.step(state))
                spent += time.perf_counter() - start
                decisions += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        wins += state.returns()[seat]
    return wins, spent, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per line (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    row = pyspiel.load_game("rules", {"path": "tutorial/four-in-a-row", "players": 2})
    wins, spent, n = duel(row, lambda r: mcts.MCTSBot(
        row, 2.0, 100, mcts.RandomRolloutEvaluator(1, r), random_state=r), args.games, args.seed)
    print(f"Four in a Row, MCTS(100) vs random: {wins:g} of {args.games} "
          f"{wilson(wins, args.games)}, {1000 * spent / max(n, 1):.0f} ms a decision")
    zero_sum = pyspiel.load_game("rules", {"path": "tutorial/four-in-a-row", "players": 2,
                                           "utility": "zero_sum"})
    state = zero_sum.new_initial_state()
    for column in [4, 4, 3, 5]:
        state.apply_action(zero_sum.space.action(column))
    for depth in (2, 4, 6):
        start = time.perf_counter()
        value, action = minimax.alpha_beta_search(
            zero_sum, state=state.clone(), maximizing_player_id=0, maximum_depth=depth,
            value_function=lambda s: 0.0)
        print(f"Four in a Row, alpha-beta to depth {depth} after 4 discs: value {value:g}, "
              f"column {zero_sum.space.values[action]}, {time.perf_counter() - start:.1f} s")

    for path, players in [("tutorial/high-card", 2), ("tutorial/photo-finish", 3)]:
        game = pyspiel.load_game("rules", {"path": path, "players": players, "seed": -1})
        wins, spent, n = duel(game, lambda r, g=game: ismcts.ISMCTSBot(
            g, mcts.RandomRolloutEvaluator(1, r), 2.0, 20, random_state=r,
            allow_inconsistent_action_sets=True), args.games, args.seed)
        print(f"{path} ({players} players), IS-MCTS(20) vs random: {wins:g} of {args.games} "
              f"{wilson(wins, args.games)} (fair share {100 / players:.0f}%), "
              f"{1000 * spent / max(n, 1):.0f} ms a decision")

    game = pyspiel.load_game("rules", {"path": "fifth-avenue/base", "players": 4, "seed": -1})
    env = rl_environment.Environment(game, seed=args.seed)
    rng, steps, start = random.Random(args.seed), 0, time.perf_counter()
    for _ in range(3):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
            steps += 1
    print(f"Fifth Avenue in rl_environment: {steps / (time.perf_counter() - start):.0f} steps/s "
          f"(information-state tensor of {game.information_state_tensor_size()} numbers, "
          f"observation tensor of {game.observation_tensor_size()})")


if __name__ == "__main__":
    main()
