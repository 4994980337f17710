"""CPU time per decision of the `ismcts` bot (OpenSpiel's IS-MCTS through the adapter).

    python benchmarks/ismcts_cost.py [--budget 10] [--decisions 12]

Fifth Avenue base, 4 players, seed 1: 40 random decisions, then the bot takes the next
DECISIONS decisions with a choice (one-option ones are played as they come), each timed in CPU
time. The same positions on any commit (with PYTHONPATH set to its tree) compare the code.
Measured (2-core VM, other work running): a971178 0.857 s, 0.53 s with chance as the game's own,
0.127 s with playouts on the engine (docs/openspiel.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.bots.openspiel_game import ISMCTSBot  # noqa: E402
from interpreter.bots.views import LazyView  # noqa: E402
from interpreter.engine.ruleset import load_ruleset  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=int, default=10)
    parser.add_argument("--decisions", type=int, default=12)
    args = parser.parse_args()
    game = load_ruleset(ROOT / "rulesets" / "fifth-avenue" / "base").new_game(
        4, 1, logging=False)
    rng = random.Random(1)
    for _ in range(40):
        game.apply(rng.choice(game.decision().options))
    bot, times = ISMCTSBot(args.budget), []
    while len(times) < args.decisions and not game.over:
        decision = game.decision()
        choice = decision.options[0]
        if len(decision.options) > 1:
            start = time.process_time()
            choice = bot.choose(LazyView(game, decision.player), decision, rng)
            times.append(time.process_time() - start)
        game.apply(choice)
    print(f"ismcts:{args.budget}: {sum(times) / len(times):.3f} s CPU a decision "
          f"({len(times)} decisions)")


if __name__ == "__main__":
    main()
