"""Samples through the OpenSpiel adapter are possible worlds: Fifth Avenue, after a draw in the
middle of a game (the black stack turned over and shuffled, chance nodes of the adapter).

    python benchmarks/openspiel_samples.py [--samples 10000] [--games 4]

For each of a few games (seed 3, random play up to the first draw after the deal), every
player's information state is resampled (`resample_from_infostate`) in turn, SAMPLES in all.
A sample is impossible if the player's view differs from the real one, or a face-down stack
holds a card that cannot be there (a coloured card in the black stack, a card of another
colour in a colour's stack). Prints the count of impossible samples (issue 37: 0 of 10,000;
4.9% at a971178) and the time per sample. tests/test_openspiel_beliefs.py checks 1,000.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel  # noqa: E402

import interpreter.openspiel  # noqa: E402,F401  (registers the game "rules")


def after_a_draw(game: pyspiel.Game, seed: int) -> pyspiel.State | None:
    """A state of random play just after the first draw in the middle of the game."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes],
                                               [p for _, p in outcomes])[0])
            return None if state.is_terminal() else state
        state.apply_action(rng.choice(state.legal_actions()))
    return None


def impossible(sample, me: str, seen: dict) -> bool:
    if sample.view(me) != seen:
        return True
    suit, zones = sample.world.attrs, sample.state["zones"]
    if any(suit[k]["suit"] != "black" for k in zones["black_stack"]):
        return True
    return any(suit[k]["suit"] != colour for colour, stack in zones["colour_stack"].items()
               for k in stack)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    game = pyspiel.load_game("rules", {"path": "fifth-avenue/base", "players": 4, "seed": 3})
    states, r = [], 0
    while len(states) < args.games:
        found = after_a_draw(game, r)
        r += 1
        if found is not None:
            states.append(found)
    numbers = random.Random(1)
    bad = done = 0
    start = time.process_time()
    while done < args.samples:
        state = states[done % len(states)]
        player = (done // len(states)) % 4
        me = state.game.players[player]
        sample = state.resample_from_infostate(player, numbers.random).game
        bad += impossible(sample, me, state.game.view(me))
        done += 1
    seconds = time.process_time() - start
    print(f"{bad} impossible samples of {done} ({len(states)} games after a mid-game draw, "
          f"4 players); {1000 * seconds / done:.1f} ms CPU a sample")


if __name__ == "__main__":
    main()
