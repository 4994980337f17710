"""How the way a rule is written changes the speed of a game: pairs of small rulesets that play
the same game, one written the slow way and one the fast way (docs/language.md, "Writing rules
that run fast").

    python benchmarks/rule_writing.py                 # every pair, 300 games each
    python benchmarks/rule_writing.py --games 1000

Each pair prints games per second of both versions and their ratio. Every figure is printed;
nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter import load_ruleset  # noqa: E402

MANIFEST = "name: Speed\nplayers: [2]\nrules: [game.rules]\n"

# A game of 20 turns; each turn a player takes coins from a bank of 300 (in 6 kinds) and the
# rules look at what lies where. {pick} and {best} are filled in by each pair.
GAME = """\
component coin(value: 1..6):
    count 50
    start in bank
zone bank: pile of coin
zone purse[player]: pile of coin
var turns = 0
define rich(p) = size(purse[p])
define score(p) = sum c.value for each c in kinds(purse[p])
procedure play():
    while turns < 20:
        for each player p:
            turn(p)
        turns += 1
procedure turn(p: player):
    {pick}
    move 1 of c from bank to purse[p]
    if rich(p) > 30:
        log "{{p}} is rich"
    {best}
"""

PAIRS = {
    "go through kinds(zone), not through every piece of a pile": (
        dict(pick="choose c from kinds(bank) by p",
             best="let top_value = max c.value for each c in bank"),
        dict(pick="choose c from kinds(bank) by p",
             best="let top_value = max c.value for each c in kinds(bank)")),
    "offer kinds, not one option per piece": (
        dict(pick="choose c from [c for each c in bank] by p",
             best="pass"),
        dict(pick="choose c from kinds(bank) by p", best="pass")),
}


def speed(rules: str, games: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "ruleset.yaml").write_text(MANIFEST)
        (Path(folder) / "game.rules").write_text(rules)
        ruleset = load_ruleset(folder)
        rng = random.Random(1)
        start = time.perf_counter()
        for seed in range(games):
            game = ruleset.new_game(2, seed)
            game.logging = False
            while not game.over:
                game.apply(rng.choice(game.decision().options))
        return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    for title, (slow, fast) in PAIRS.items():
        a, b = speed(GAME.format(**slow), args.games), speed(GAME.format(**fast), args.games)
        print(f"{title}\n  slow: {a:8.1f} games/s   fast: {b:8.1f} games/s   x{b / a:.1f}")


if __name__ == "__main__":
    main()
