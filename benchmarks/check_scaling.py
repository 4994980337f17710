"""How the time of `rules check` grows with the size of a ruleset.

    python benchmarks/check_scaling.py                      # 2,500 .. 20,000 declarations
    python benchmarks/check_scaling.py --sizes 1000 4000

Each size is a small game with N extra declarations (`define fI(x) = x + I`), checked by
`rules check` in a fresh process with an empty cache (so parsing, checking against the
schemas and compiling all happen). The figures are printed; nothing is asserted. Checking must
grow linearly: the time per declaration should stay about the same from one size to the next.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import TINY_RULES, write_tiny  # noqa: E402 - after the path is set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2500, 5000, 10000, 20000])
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}: rules check, fresh process, empty cache")
    print(f"{'declarations':>12}  {'seconds':>8}  {'ms/declaration':>14}")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        for n in args.sizes:
            folder = Path(tmp) / f"n{n}"
            write_tiny(folder, TINY_RULES + "".join(f"\ndefine f{i}(x) = x + {i}\n"
                                                    for i in range(n)))
            env["RULES_ENGINE_CACHE_DIR"] = str(Path(tmp) / f"cache{n}")
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "interpreter", "check", str(folder)],
                                  env=env, capture_output=True, text=True, check=False)
            seconds = time.perf_counter() - start
            status = "" if done.returncode == 0 else f"  (exit {done.returncode})"
            print(f"{n:>12}  {seconds:>8.2f}  {1000 * seconds / n:>14.3f}{status}")


if __name__ == "__main__":
    main()
