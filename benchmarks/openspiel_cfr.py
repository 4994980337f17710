"""OpenSpiel's CFR on High Card through the adapter: exploitability over iterations.

    python benchmarks/openspiel_cfr.py [--iterations 10]

The game is tests/data/high-card-tiny (High Card with 6 cards, two of each suit, 2 in a hand,
no swap): chance is the game's own (each deal one of the 90 orders of the deck, with its
probability), so CFR and the best responses walk the real game's whole tree. Prints, per
iteration, the exploitability of CFR's average policy (OpenSpiel's `exploitability`, in the
zero-sum utility: a lone winner 1, the loser -1) and the seconds it took. Figures in
docs/openspiel.md.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability

from interpreter.bots.openspiel_game import RulesGame
from interpreter.engine.ruleset import load_ruleset

TINY = Path(__file__).resolve().parent.parent / "tests" / "data" / "high-card-tiny"


def tiny_high_card() -> RulesGame:
    """The small High Card as an OpenSpiel game: a fresh deal by chance, zero-sum returns."""
    ruleset = load_ruleset(TINY, allow_outside=True)  # an overlay of a bundled ruleset
    return RulesGame({"path": str(TINY), "players": 2, "seed": -1, "utility": "zero_sum"},
                     ruleset=ruleset)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=10)
    args = parser.parse_args()
    game = tiny_high_card()
    start = time.process_time()
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    print(f"uniform random policy: exploitability {uniform:.4f} "
          f"({time.process_time() - start:.1f} s CPU)")
    solver = cfr.CFRSolver(game)
    for i in range(1, args.iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        value = exploitability.exploitability(game, solver.average_policy())
        print(f"CFR iteration {i:3d}: exploitability {value:.4f} "
              f"({time.process_time() - start:.1f} s CPU)", flush=True)


if __name__ == "__main__":
    main()
