"""Makes the chart pictures of docs/variants.md: `python docs/images/charts.py`.

compare.png: `rules compare` of the base game with one scoring cell changed (--set-b), 200
games a side with random bots. sweep.png: `rules sweep` of that cell from 2 to 5, 100 games a
value, a few measures. Both need the charts extra (matplotlib)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from interpreter.cli import main  # noqa: E402

COMPARE = ["compare", "fifth-avenue/base", "fifth-avenue/base", "--set-b", "adjacency_vp[2]=4",
           "--players", "4", "--games", "200", "--no-progress", "--chart",
           str(HERE / "compare.png")]
SWEEP = ["sweep", "fifth-avenue/base", "--players", "4", "--set", "adjacency_vp[2]=2..5",
         "--games", "100", "--no-progress", "--chart", str(HERE / "sweep.png"),
         *(x for name in ("score P1", "score P2", "win rate P1", "winner's lead",
                          "lead changes", "decisiveness", "skyscrapers_built",
                          "tie_for_first") for x in ("--measure", name))]

if __name__ == "__main__":
    for argv in (COMPARE, SWEEP):
        code = main(argv)
        if code:
            sys.exit(code)
