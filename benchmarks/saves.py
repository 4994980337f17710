"""Saves and the journal: how long loading a save takes (it plays the game again), and how many
sessions killed at a random moment kept their record.

    python benchmarks/saves.py                   # load times, then 20 kills
    python benchmarks/saves.py --kills 50 --games 5

Load: for each bundled ruleset below, a game played to its end by random decisions is saved
and loaded (`Game.from_save`) --repeat times; the median is printed. Kills: `rules play --watch`
(bots in every seat, a short delay after each event) is killed with SIGKILL, SIGTERM or SIGHUP
in turn, a random time (0-3 s) after its journal appeared; then the journal must load as a
replay that verifies, and `rules play --load JOURNAL` must finish the game. Every figure is
printed; nothing is asserted.

Measured (2-core VM shared with other jobs; `--kills 30 --games 2`):

    ruleset                 players  decisions  load (median)
    fifth-avenue/base             4    507-652   14-24 ms
    fifth-avenue/alea-2p          2    196-282    8-12 ms
    tutorial/high-card            3      18-21     0.4 ms

    30 kills (10 each of SIGKILL, SIGTERM, SIGHUP): 28 kept a record that verifies (0 to 512
    decisions) and continued to the end from it; 2 games had ended before the kill (their
    replay was written); none lost. Before the journal: 0 of 15 kills kept a record.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.engine.runtime import Game  # noqa: E402
from interpreter.play.replay import load_replay_file, verify  # noqa: E402

RULESETS = {"fifth-avenue/base": 4, "fifth-avenue/alea-2p": 2, "tutorial/high-card": 4}
SIGNALS = (signal.SIGKILL, signal.SIGTERM, signal.SIGHUP)


def load_times(games: int, repeat: int) -> None:
    print(f"{'ruleset':<24}{'players':>8}{'decisions':>11}{'load (median)':>15}")
    for name, players in RULESETS.items():
        ruleset = load_ruleset(ROOT / "rulesets" / name)
        players = min(players, max(ruleset.player_counts))
        for seed in range(games):
            rng = random.Random(seed)
            game = ruleset.new_game(players, seed, logging=False)
            while not game.over:
                game.apply(rng.choice(game.decision().options))
            data = json.loads(json.dumps(game.to_save()))
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                Game.from_save(ruleset, data)
                times.append(time.perf_counter() - start)
            print(f"{name:<24}{players:>8}{len(data['moves']):>11}"
                  f"{statistics.median(times) * 1000:>12.1f} ms")


def kills(count: int, seed: int) -> None:
    rng = random.Random(seed)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kept = finished = continued = 0
    decisions = []
    with tempfile.TemporaryDirectory(prefix="saves-bench-") as tmp:
        for i in range(count):
            folder = Path(tmp) / f"k{i}"
            sig = SIGNALS[i % len(SIGNALS)]
            proc = subprocess.Popen(
                [sys.executable, "-m", "interpreter", "play", "fifth-avenue/base", "--watch",
                 "--seed", str(i), "--delay", "0.001", "--color", "never", "--replay-dir",
                 str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            deadline = time.monotonic() + 60  # the session has started: its journal is there
            while not list(folder.glob("*.journal.jsonl")) and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(rng.uniform(0.0, 3.0))
            proc.send_signal(sig)
            proc.wait()
            journals = list(folder.glob("*.journal.jsonl"))
            if not journals:
                ended = bool(list(folder.glob("*.json")))  # the replay replaced the journal
                finished += ended
                print(f"kill {i + 1:>3} ({sig.name}): no journal"
                      + (" (the game had ended: its replay is there)" if ended else " (LOST)"))
                continue
            data = load_replay_file(journals[0])
            ok = verify(load_ruleset(ROOT / "rulesets" / "fifth-avenue" / "base"), data).ok
            kept += ok
            decisions.append(len(data["moves"]))
            done = subprocess.run(
                [sys.executable, "-m", "interpreter", "play", "--load", str(journals[0]),
                 "--watch", "--color", "never", "--replay-dir", str(folder / "more")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env).returncode == 0
            continued += done
            print(f"kill {i + 1:>3} ({sig.name}): journal of {len(data['moves'])} decisions, "
                  f"{'verifies' if ok else 'DOES NOT VERIFY'}, "
                  f"{'continued to the end' if done else 'COULD NOT CONTINUE'}")
    print(f"\n{count} kills: {kept} kept a record that verifies, {continued} continued to the "
          f"end from it, {finished} had ended before the kill; decisions recorded: "
          f"{min(decisions, default=0)}-{max(decisions, default=0)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="finished games per ruleset")
    parser.add_argument("--repeat", type=int, default=5, help="loads of each save")
    parser.add_argument("--kills", type=int, default=20, help="sessions killed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_times(args.games, args.repeat)
    print()
    kills(args.kills, args.seed)


if __name__ == "__main__":
    main()
